//! One simulated adviser taking cases from creation to a policy in force through the HTTP API,
//! as the SPA would: every command carries an `Idempotency-Key`, and one that gets no answer
//! (a timeout, a 5xx) is sent again with the same key, as a browser retrying would. What each
//! answered command should have changed is written down for the check at the end.

use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// What one journey did, for the check at the end.
#[derive(Debug, Default)]
pub struct Journey {
    pub adviser: usize,
    pub number: usize,
    pub application: Option<String>,
    /// Each client's name, with the cover amounts the API accepted for them.
    pub clients: Vec<Client>,
    pub children: Vec<String>,
    /// The furthest step the API confirmed (2xx).
    pub reached: Step,
    /// Commands answered 2xx, and commands given up on (never confirmed: they may or may not
    /// have happened, and the adviser was told).
    pub accepted: usize,
    pub unconfirmed: Vec<&'static str>,
    /// 4xx answers: a journey built to be valid should get none.
    pub refused: Vec<String>,
    /// Every error an adviser saw, with when.
    pub errors: Vec<SeenError>,
    /// Commands that were answered, but only after more than [`SLOW`]: when, and how long.
    pub waits: Vec<(Instant, Duration)>,
    /// A client's answers refer the case to an underwriter (a simulated one decides it).
    pub referred: bool,
    /// Times the decision quote was refused because the case read at another stage once it
    /// was refused: a change lost with a Temporal restart, put back (decision ID4).
    pub moved_back: usize,
    /// How long each confirmed command took, by name.
    pub timings: Vec<(&'static str, Duration)>,
}

impl Journey {
    /// Takes in what commands sent beside this journey's own (at the same moment) recorded.
    fn absorb(&mut self, beside: Journey) {
        self.accepted += beside.accepted;
        self.unconfirmed.extend(beside.unconfirmed);
        self.refused.extend(beside.refused);
        self.errors.extend(beside.errors);
        self.waits.extend(beside.waits);
        self.timings.extend(beside.timings);
    }
}

/// An answer slower than this is one an adviser notices.
pub const SLOW: Duration = Duration::from_secs(2);

#[derive(Debug, Clone)]
pub struct Client {
    pub id: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub covers: Vec<u64>,
}

#[derive(Debug, Clone)]
pub struct SeenError {
    pub at: Instant,
    pub command: &'static str,
    pub status: String,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Step {
    #[default]
    None,
    Created,
    Quoted,
    Applied,
    /// With an underwriter (a referred journey).
    Referred,
    Decided,
    InForce,
}

/// The problem type of a retry that arrived while the first attempt with its key still runs.
const KEY_IN_USE: &str = "urn:adviser-portal:problem:idempotency-key-in-use";

/// How long an adviser keeps trying one command before giving up on it.
const GIVE_UP_AFTER: Duration = Duration::from_secs(90);
/// Longest wait for one answer; the API itself answers 503 after 15 s.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(20);

pub struct Adviser {
    pub http: reqwest::Client,
    /// The API processes, each request to the next (`crate::http::Balancer`).
    pub api: crate::http::Balancer,
    pub token: String,
    pub number: usize,
    /// Cover edits this adviser makes in their first case before pricing it: enough of them
    /// (over 500) make its workflow continue as new mid-journey.
    pub first_case_edits: usize,
    /// The mean pause before each command (see `--think-ms`).
    pub think: Duration,
}

pub(super) enum Outcome {
    Done(Value),
    /// Refused (4xx) or never confirmed: the journey stops here.
    Stopped,
}

/// What one command came to.
pub(super) enum Answer {
    Done(Value),
    /// Refused with a 4xx: the status and body.
    Refused(String),
    /// Never confirmed within [`GIVE_UP_AFTER`]: it may or may not have happened.
    GaveUp,
}

/// Sends one command until it is answered, with the same `Idempotency-Key` each time, as a
/// browser retrying would; records what each attempt met in `journey`. `request` builds the
/// request for the key (a multipart form cannot be cloned, so it is built afresh each time).
pub(super) async fn until_answered(
    journey: &mut Journey,
    name: &'static str,
    request: impl Fn(&str) -> reqwest::RequestBuilder,
) -> Answer {
    let key = uuid::Uuid::new_v4().to_string();
    let started = Instant::now();
    let mut pause = Duration::from_millis(200);
    loop {
        let status = match request(&key).timeout(REQUEST_TIMEOUT).send().await {
            Ok(response) if response.status().is_success() => {
                match response.json::<Value>().await {
                    Ok(value) => {
                        journey.accepted += 1;
                        journey.timings.push((name, started.elapsed()));
                        if started.elapsed() > SLOW {
                            journey.waits.push((started, started.elapsed()));
                        }
                        return Answer::Done(value);
                    }
                    Err(error) => format!("unreadable answer: {error}"),
                }
            }
            Ok(response) if response.status().is_client_error() => {
                let status = response.status();
                let text = response.text().await.unwrap_or_default();
                // The first attempt is still running (its answer did not reach us, or its API
                // process died holding the key): wait and send the same request again.
                if status == reqwest::StatusCode::CONFLICT && text.contains(KEY_IN_USE) {
                    tokio::time::sleep(pause).await;
                    continue;
                }
                return Answer::Refused(format!("{name}: {status} {text}"));
            }
            Ok(response) => response.status().to_string(),
            Err(error) if error.is_timeout() => "no answer (timed out)".to_owned(),
            Err(error) => format!("no answer ({error})"),
        };
        journey.errors.push(SeenError {
            at: Instant::now(),
            command: name,
            status,
        });
        if started.elapsed() > GIVE_UP_AFTER {
            journey.unconfirmed.push(name);
            return Answer::GaveUp;
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_secs(2));
    }
}

/// A read of `path`: retried on any error until it answers (reads change nothing), each try on
/// the next API process.
pub(super) async fn read(
    http: &reqwest::Client,
    token: &str,
    api: &crate::http::Balancer,
    path: &str,
) -> Option<Value> {
    let started = Instant::now();
    while started.elapsed() < GIVE_UP_AFTER {
        let response = http
            .get(api.url(path))
            .bearer_auth(token)
            .timeout(REQUEST_TIMEOUT)
            .send()
            .await;
        if let Ok(response) = response
            && response.status().is_success()
            && let Ok(value) = response.json::<Value>().await
        {
            return Some(value);
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    None
}

impl Adviser {
    /// Sends one command until it is answered, with the same key each time.
    async fn command(
        &self,
        journey: &mut Journey,
        name: &'static str,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
    ) -> Outcome {
        if !self.think.is_zero() {
            let pause = self.think.mul_f64(rand::random::<f64>() + 0.5);
            tokio::time::sleep(pause).await;
        }
        let answer = until_answered(journey, name, |key| {
            let request = self
                .http
                .request(method.clone(), self.api.url(path))
                .bearer_auth(&self.token)
                .header("Idempotency-Key", key);
            match &body {
                Some(body) => request.json(body),
                None => request,
            }
        })
        .await;
        match answer {
            Answer::Done(value) => Outcome::Done(value),
            Answer::Refused(refusal) => {
                journey.refused.push(refusal);
                Outcome::Stopped
            }
            Answer::GaveUp => Outcome::Stopped,
        }
    }

    /// A read of the API: retried on any error until it answers.
    async fn read(&self, path: &str) -> Option<Value> {
        read(&self.http, &self.token, &self.api, path).await
    }

    /// One case from creation to in force; stops at the first command it cannot complete.
    pub async fn journey(&self, number: usize) -> Journey {
        let mut journey = Journey {
            adviser: self.number,
            number,
            ..Journey::default()
        };
        if self.run(&mut journey).await.is_none()
            && journey.refused.is_empty()
            && journey.unconfirmed.is_empty()
        {
            journey.refused.push(format!(
                "an answer was not what the journey expected after {} commands",
                journey.accepted
            ));
        }
        journey
    }

    async fn run(&self, j: &mut Journey) -> Option<()> {
        use reqwest::Method;
        let tag = format!("A{}J{}", self.number, j.number);
        let created = self
            .send(
                j,
                "create",
                Method::POST,
                "/api/v1/backendforfrontend/application/create",
                None,
            )
            .await?;
        let id = match &created["id"] {
            Value::String(text) => text.clone(),
            other => other.to_string(),
        };
        j.application = Some(id.clone());
        j.reached = Step::Created;

        for (i, first_name) in ["Ada", "Alan"].into_iter().enumerate() {
            let last_name = format!("Chaos{tag}");
            j.clients.push(Client {
                id: None,
                first_name: first_name.into(),
                last_name: last_name.clone(),
                covers: vec![],
            });
            let added = self
                .send(j, "AddApplicant", Method::POST, &format!("/api/v1/backendforfrontend/application/{id}/AddApplicant"),
                    Some(json!({ "applicationId": id, "applicant": {
                        "title": if i == 0 { "Mrs" } else { "Mr" }, "firstName": first_name, "lastName": last_name,
                        "gender": if i == 0 { "female" } else { "male" }, "dateOfBirth": "1980-06-23",
                        "smoking": "noneInFiveYears" } })))
                .await?;
            let applicant = added["applicants"]
                .as_array()?
                .iter()
                .find(|a| a["firstName"] == first_name)?["id"]
                .as_str()?
                .to_owned();
            j.clients[i].id = Some(applicant);
        }
        let child = format!("Kit{tag}");
        self.send(j, "AddChild", Method::POST, &format!("/api/v1/application/{id}/children"),
            Some(json!({ "firstName": child, "surname": format!("Chaos{tag}"), "dateOfBirth": "2016-04-01" })))
            .await?;
        j.children.push(child);
        // Both clients' covers at the same moment, as an adviser and their assistant (or two
        // tabs) might: the workflow takes them in turn and neither may be lost.
        let amounts: Vec<u64> = (0..2)
            .map(|i| 200_000 + 1_000 * (j.number as u64 % 100) + 500 * i as u64)
            .collect();
        let add_cover = |applicant: &str, amount: u64| {
            Some(json!({ "applicationId": id, "applicantId": applicant,
                "cover": { "productType": "life", "coverType": "level", "coverAmount": amount, "term": 25 } }))
        };
        let (first, second) = (j.clients[0].id.clone()?, j.clients[1].id.clone()?);
        let mut beside = Journey::default();
        let (added, other) = tokio::join!(
            self.send(
                j,
                "MutateCovers/add",
                Method::POST,
                "/api/v1/actions/MutateCovers/add",
                add_cover(&first, amounts[0])
            ),
            self.send(
                &mut beside,
                "MutateCovers/add",
                Method::POST,
                "/api/v1/actions/MutateCovers/add",
                add_cover(&second, amounts[1])
            ),
        );
        j.absorb(beside);
        let (added, _) = (added?, other?);
        j.clients[0].covers.push(amounts[0]);
        j.clients[1].covers.push(amounts[1]);
        let first_cover = added["applicants"]
            .as_array()?
            .iter()
            .find(|a| a["id"] == first.as_str())?["covers"][0]["id"]
            .as_str()
            .map(str::to_owned);
        let edits = if j.number == 0 {
            self.first_case_edits
        } else {
            0
        };
        let (applicant, cover) = (j.clients[0].id.clone()?, first_cover?);
        for edit in 0..edits {
            let amount = 300_000 + 1_000 * (edit as u64 % 50);
            // Until it is confirmed, the cover may have either amount: nothing is expected of it.
            j.clients[0].covers.clear();
            self.send(j, "MutateCovers/edit", Method::PATCH, "/api/v1/actions/MutateCovers/edit",
                Some(json!({ "applicationId": id, "applicantId": applicant, "cover": { "id": cover,
                    "productType": "life", "coverType": "level", "coverAmount": amount, "term": 25 } })))
                .await?;
            j.clients[0].covers.push(amount);
        }
        self.send(
            j,
            "quotePrice",
            Method::GET,
            &format!("/api/v1/backendforfrontend/application/{id}/quotePrice"),
            None,
        )
        .await?;
        j.reached = Step::Quoted;

        let applicants: Vec<String> = j.clients.iter().filter_map(|c| c.id.clone()).collect();
        for applicant in &applicants {
            self.send(j, "contact", Method::PATCH, "/api/v1/backendforfrontend/applicant/contact",
                Some(json!({ "applicantId": applicant, "address1": "1 Station Road", "cityName": "Leeds",
                    "postcode": "LS1 4AP", "phoneNumber": "0113 496 0000", "emailAddress": "chaos@example.com" })))
                .await?;
            self.send(j, "acceptPreUnderwritingDeclaration", Method::POST,
                &format!("/api/v1/application/{id}/applicant/{applicant}/acceptPreUnderwritingDeclaration"), None)
                .await?;
        }
        let apply = [
            (
                "isMortgageRelated",
                "/api/v1/backendforfrontend/application/isMortgageRelated".to_owned(),
                json!({ "id": id, "isMortgageRelated": false }),
            ),
            (
                "isAdvisedSale",
                "/api/v1/backendforfrontend/application/isAdvisedSale".to_owned(),
                json!({ "id": id, "isAdvisedSale": true }),
            ),
            (
                "ApplyApplication",
                "/api/v1/backendforfrontend/application/ApplyApplication".to_owned(),
                json!({ "applicationId": id }),
            ),
        ];
        self.post_each(j, apply).await?;
        j.reached = Step::Applied;

        // Every other journey: Ada drinks 60 units a week, which the rulebook refers for a GP
        // report, so she gives AMRA consent (and her surgery) for the underwriter to ask for it.
        j.referred = (self.number + j.number) % 2 == 1;
        let answers = |referred: bool| -> Vec<Value> {
            domain::testkit::PLAIN_ANSWERS
                .iter()
                .map(|(tag, value)| {
                    let value = if referred && *tag == "ALCOHOL_UNITS" {
                        "60"
                    } else {
                        value
                    };
                    json!({ "tag": tag, "value": value })
                })
                .collect()
        };
        if j.referred {
            let ada = &applicants[0];
            let amra = [
                (
                    "isAmraConsentGranted",
                    Method::POST,
                    json!({ "applicantId": ada, "isAmraConsentGranted": true }),
                ),
                (
                    "isViewMedicalReportsRequested",
                    Method::POST,
                    json!({ "applicantId": ada, "isViewMedicalReportsRequested": false }),
                ),
                (
                    "examiner",
                    Method::PATCH,
                    json!({ "applicantId": ada, "organisationName": "The Chaos Surgery",
                    "contactDetails": { "address1": "1 River Lane", "cityName": "Leeds", "postcode": "LS1 4AP", "phoneNumber": "0113 496 0001" },
                    "isExaminerDetailsValid": "true" }),
                ),
            ];
            for (name, method, body) in amra {
                self.send(
                    j,
                    name,
                    method,
                    &format!("/api/v1/backendforfrontend/applicant/{name}"),
                    Some(body),
                )
                .await?;
            }
        }
        for (i, applicant) in applicants.iter().enumerate() {
            let answers = answers(j.referred && i == 0);
            self.send(
                j,
                "underwriting/start",
                Method::POST,
                &format!("/api/v1/underwriting/{applicant}/start"),
                Some(json!({ "answers": [{ "tag": "ENQUIRY_TYPE", "value": "Full" }] })),
            )
            .await?;
            self.send(
                j,
                "provideanswers",
                Method::POST,
                &format!("/api/v1/actions/provideanswers/{applicant}"),
                Some(json!({ "answers": answers })),
            )
            .await?;
            self.send(
                j,
                "acceptuwdeclaration",
                Method::POST,
                "/api/v1/actions/acceptuwdeclaration",
                Some(json!({ "applicationId": id, "applicantId": applicant })),
            )
            .await?;
            self.send(
                j,
                "underwriting/close",
                Method::POST,
                &format!("/api/v1/underwriting/{applicant}/close"),
                None,
            )
            .await?;
        }
        // Each closed enquiry's outcome reaches the application by a signal; a referred case
        // waits for the simulated underwriters to decide it. An adviser who gets the decision
        // quote refused because the case no longer reads at the decision (a change the read
        // model showed was lost with a Temporal restart, and is put back: decision ID4) waits
        // for the decision again, as they would on the page.
        let started = Instant::now();
        let patience = if j.referred {
            GIVE_UP_AFTER * 3
        } else {
            GIVE_UP_AFTER
        };
        loop {
            loop {
                let application = self.read(&format!("/api/v1/application/{id}")).await?;
                if application["status"] == "DECISION" {
                    break;
                }
                if application["status"] == "UNDERWRITING" {
                    j.reached = Step::Referred;
                }
                if started.elapsed() > patience {
                    j.unconfirmed.push("decision reached");
                    return None;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            let path = format!("/api/v1/actions/TriggerDecisionQuote/{id}");
            let refusals = j.refused.len();
            if self
                .send(
                    j,
                    "TriggerDecisionQuote",
                    reqwest::Method::POST,
                    &path,
                    None,
                )
                .await
                .is_some()
            {
                break;
            }
            let now = self.read(&format!("/api/v1/application/{id}")).await?;
            let moved_back = j.refused.len() == refusals + 1
                && j.refused[refusals].contains(": 409 ")
                && now["status"] != "DECISION";
            if !moved_back {
                return None;
            }
            j.refused.pop();
            j.moved_back += 1;
        }
        let decide = [(
            "decision/proceed",
            format!("/api/v1/decision/{id}/proceed"),
            Value::Null,
        )];
        self.post_each(j, decide).await?;
        j.reached = Step::Decided;
        let set_up = [
            (
                "bankDetails",
                format!("/api/v1/application/{id}/bankDetails"),
                json!({ "bankDetails": { "name": "Mrs Ada Chaos", "accountNumber": "66374958",
                    "sortCode": "089999", "collectionDay": 1, "payerConfirmed": true } }),
            ),
            (
                "bankvalidation",
                format!("/api/v2/backendforfrontend/bankvalidation/{id}"),
                Value::Null,
            ),
            (
                "bankValidation/override",
                format!("/api/v1/backendforfrontend/bankValidation/{id}/override"),
                Value::Null,
            ),
            (
                "policyStartDate",
                "/api/v1/backendforfrontend/application/policyStartDate".to_owned(),
                json!({ "id": id, "policyStartDateOption": "now", "policyStartDate": null }),
            ),
            (
                "activateApplication",
                format!("/api/v1/actions/activateApplication/{id}"),
                Value::Null,
            ),
        ];
        self.post_each(j, set_up).await?;
        j.reached = Step::InForce;
        Some(())
    }

    /// Posts each `(name, path, body)` in turn; a null body is no body.
    async fn post_each<const N: usize>(
        &self,
        journey: &mut Journey,
        steps: [(&'static str, String, Value); N],
    ) -> Option<()> {
        for (name, path, body) in steps {
            let body = (!body.is_null()).then_some(body);
            self.send(journey, name, reqwest::Method::POST, &path, body)
                .await?;
        }
        Some(())
    }

    async fn send(
        &self,
        journey: &mut Journey,
        name: &'static str,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
    ) -> Option<Value> {
        match self.command(journey, name, method, path, body).await {
            Outcome::Done(value) => Some(value),
            Outcome::Stopped => None,
        }
    }
}
