//! A simulated underwriter on the workbench during a fault-injection run. Two of them work the
//! referred cases at once, as colleagues would: each takes its own cases first, then an
//! unclaimed one (so one may take over a case the other has just claimed, and the other's next
//! command is refused and it moves on). For each case it claims it, posts an update, asks for a
//! GP report about the referred client, records it received with a PDF, and decides each
//! referred cover at a 50% loading. Every command carries an `Idempotency-Key` and is sent again
//! with it after a timeout or a 5xx; every step starts from the case as the API reads it, so a
//! step already done is not done again. What it confirmed is written down for the check.

use super::journey::{Answer, Journey, read, until_answered};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The loading every referred cover is decided at, and the reason given.
pub const LOADING: u32 = 50;
pub const REASON: &str = "Chaos: the GP confirms the intake has been steady for years";
/// How often an underwriter with nothing to do looks at the workbench again.
const IDLE: Duration = Duration::from_millis(300);

/// A one-page PDF, as a surgery would send it.
const GP_REPORT: &[u8] =
    b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

pub struct Underwriter {
    pub http: reqwest::Client,
    /// The API processes, each request to the next (`crate::http::Balancer`).
    pub api: crate::http::Balancer,
    pub token: String,
    pub name: &'static str,
}

/// What an underwriter's commands came to.
#[derive(Debug, Default)]
pub struct Work {
    /// Errors, waits, timings and unconfirmed commands, as an adviser's journey records them.
    pub journey: Journey,
    /// The covers whose decision the API confirmed, by application.
    pub decided: BTreeMap<String, Vec<String>>,
    /// Commands refused because the other underwriter had taken the case over, or had
    /// finished it: expected when two work the same list.
    pub refused: Vec<String>,
}

impl Underwriter {
    /// Works the workbench until `done` is set and nothing is left to do.
    pub async fn work(&self, done: Arc<AtomicBool>) -> Work {
        let mut work = Work::default();
        loop {
            let next = match self.next_case().await {
                Some(case) => case,
                None if done.load(Ordering::SeqCst) => return work,
                None => {
                    tokio::time::sleep(IDLE).await;
                    continue;
                }
            };
            self.decide(&mut work, &next).await;
        }
    }

    /// The oldest case it holds, else the oldest nobody holds.
    async fn next_case(&self) -> Option<String> {
        for filter in ["mine", "unclaimed"] {
            let path = format!("/api/v1/underwriter/cases?filter={filter}");
            let page = read(&self.http, &self.token, &self.api, &path).await?;
            if let Some(id) = page["results"][0]["id"].as_i64() {
                return Some(id.to_string());
            }
        }
        None
    }

    async fn case(&self, id: &str) -> Option<Value> {
        let path = format!("/api/v1/underwriter/cases/{id}");
        read(&self.http, &self.token, &self.api, &path).await
    }

    /// Takes one case as far as it can: stops at a refusal (taken over, or no longer with
    /// underwriting) or a command never confirmed.
    async fn decide(&self, work: &mut Work, id: &str) {
        let Some(mut case) = self.case(id).await else {
            return;
        };
        let base = format!("/api/v1/underwriter/cases/{id}");
        if case["isMine"] != true {
            if self
                .post(work, "claim", &format!("{base}/claim"), None)
                .await
                .is_none()
            {
                return;
            }
            let update = json!({ "text": format!("{} is looking at the answers.", self.name) });
            match self
                .post(work, "updates", &format!("{base}/updates"), Some(update))
                .await
            {
                Some(next) => case = next,
                None => return,
            }
        }
        let Some(client) = case["referred"][0]["applicantId"]
            .as_str()
            .map(str::to_owned)
        else {
            return;
        };
        let asked = |case: &Value| -> Option<Value> {
            case["application"]["referral"]["evidence"]
                .as_array()?
                .iter()
                .find(|e| e["applicantId"] == client.as_str() && e["status"] != "withdrawn")
                .cloned()
        };
        if asked(&case).is_none() {
            let body = json!({ "applicantId": client, "kind": "gpReport" });
            case = match self
                .post(work, "evidence", &format!("{base}/evidence"), Some(body))
                .await
            {
                Some(case) => case,
                None => return,
            };
        }
        let Some(evidence) = asked(&case) else {
            return;
        };
        if evidence["status"] == "requested" {
            let path = format!(
                "{base}/evidence/{}/received",
                evidence["id"].as_str().unwrap_or_default()
            );
            let answer = until_answered(&mut work.journey, "evidence/received", |key| {
                let part = reqwest::multipart::Part::bytes(GP_REPORT.to_vec())
                    .file_name("GP report.pdf")
                    .mime_str("application/pdf")
                    .expect("a valid content type");
                self.http
                    .post(self.api.url(&path))
                    .bearer_auth(&self.token)
                    .header("Idempotency-Key", key)
                    .multipart(reqwest::multipart::Form::new().part("document", part))
            })
            .await;
            case = match self.settle(work, answer) {
                Some(case) => case,
                None => return,
            };
        }
        let covers: Vec<(String, String)> = case["referred"]
            .as_array()
            .map(|covers| {
                covers
                    .iter()
                    .filter_map(|c| {
                        Some((
                            c["applicantId"].as_str()?.to_owned(),
                            c["coverId"].as_str()?.to_owned(),
                        ))
                    })
                    .collect()
            })
            .unwrap_or_default();
        for (applicant, cover) in covers {
            let body = json!({ "applicantId": applicant, "coverId": cover, "decision": "loading",
                "loadingPercent": LOADING, "reason": REASON });
            if self
                .post(work, "decision", &format!("{base}/decision"), Some(body))
                .await
                .is_none()
            {
                return;
            }
            work.decided.entry(id.to_owned()).or_default().push(cover);
        }
    }

    /// Posts a JSON command to `path` until it is answered; the case it answers with, or none.
    async fn post(
        &self,
        work: &mut Work,
        name: &'static str,
        path: &str,
        body: Option<Value>,
    ) -> Option<Value> {
        let answer = until_answered(&mut work.journey, name, |key| {
            let request = self
                .http
                .post(self.api.url(path))
                .bearer_auth(&self.token)
                .header("Idempotency-Key", key);
            match &body {
                Some(body) => request.json(body),
                None => request,
            }
        })
        .await;
        self.settle(work, answer)
    }

    fn settle(&self, work: &mut Work, answer: Answer) -> Option<Value> {
        match answer {
            Answer::Done(case) => Some(case),
            Answer::Refused(refusal) => {
                work.refused.push(refusal);
                None
            }
            Answer::GaveUp => None,
        }
    }
}
