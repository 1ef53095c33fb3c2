//! The check at the end of a fault-injection run: for every journey, the application as its
//! workflow holds it (a Temporal query) and as the API reads it (the read model) must agree,
//! and must hold every change the API confirmed exactly once. A change that was never
//! confirmed may be missing, but never twice.

use super::journey::{Journey, Step};
use chrono::Utc;
use domain::dates::uk_date;
use domain::{Application, ApplicationId};
use serde_json::Value;
use temporalio_client::{Client, WorkflowQueryOptions};
use workflows::{ApplicationWorkflow, application_workflow_id};

/// What the check found.
#[derive(Debug, Default)]
pub struct Findings {
    pub applications: usize,
    /// Confirmed changes missing from the workflow's state or the read model.
    pub lost: Vec<String>,
    /// Clients, covers or children present more than once.
    pub duplicated: Vec<String>,
    /// The read model differs from the workflow's state.
    pub diverged: Vec<String>,
    /// Changes present that the API never confirmed (allowed: the adviser was told).
    pub unconfirmed_but_applied: usize,
    /// For each referred case decided, from referral to decision by the workflow's clock.
    pub referral_to_decision: Vec<std::time::Duration>,
}

pub async fn check(
    journeys: &[Journey],
    work: &[super::underwriter::Work],
    temporal: &Client,
    http: &reqwest::Client,
    base: &str,
    token: &str,
) -> anyhow::Result<Findings> {
    let mut findings = Findings::default();
    for journey in journeys {
        let Some(id) = &journey.application else {
            continue;
        };
        findings.applications += 1;
        let name = format!(
            "application {id} (adviser {} journey {})",
            journey.adviser, journey.number
        );
        let application_id = ApplicationId::parse(id)
            .ok_or_else(|| anyhow::anyhow!("{name}: not an application reference"))?;
        let state: Application = temporal
            .get_workflow_handle::<ApplicationWorkflow>(application_workflow_id(application_id))
            .query(
                ApplicationWorkflow::application,
                (),
                WorkflowQueryOptions::default(),
            )
            .await
            .map_err(|e| anyhow::anyhow!("{name}: the workflow did not answer its query: {e}"))?;
        let from_workflow = serde_json::to_value(state.view(uk_date(Utc::now())))?;
        let response = http
            .get(format!("{base}/api/v1/application/{id}"))
            .bearer_auth(token)
            .send()
            .await?;
        anyhow::ensure!(
            response.status().is_success(),
            "{name}: the API answered {}",
            response.status()
        );
        let from_read_model: Value = response.json().await?;
        if from_workflow != from_read_model {
            findings.diverged.push(format!(
                "{name}: read model version {} against the workflow's {}",
                from_read_model["version"], from_workflow["version"]
            ));
        }
        for (source, view) in [
            ("workflow state", &from_workflow),
            ("read model", &from_read_model),
        ] {
            check_one(journey, &format!("{name} {source}"), view, &mut findings);
        }
        let decided: Vec<&String> = work
            .iter()
            .filter_map(|w| w.decided.get(id.as_str()))
            .flatten()
            .collect();
        check_referral(&name, &state, &decided, &mut findings);
    }
    Ok(findings)
}

/// A referred case: every decision an underwriter was confirmed is on its cover with the
/// underwriter's terms, no cover was decided twice, and the evidence was asked for and
/// received once per client.
fn check_referral(name: &str, state: &Application, decided: &[&String], findings: &mut Findings) {
    use super::underwriter::{LOADING, REASON};
    let outcomes: Vec<&domain::underwriting::outcome::CoverOutcome> = state
        .underwriting
        .applicants_enquiries
        .iter()
        .filter_map(|e| e.outcome.as_ref())
        .flat_map(|o| &o.covers)
        .collect();
    for cover in decided {
        let terms = outcomes
            .iter()
            .find(|o| o.cover_id.as_str() == cover.as_str())
            .and_then(|o| o.manual.as_ref());
        if terms.is_none_or(|t| t.loading != LOADING || t.reason != REASON) {
            findings.lost.push(format!(
                "{name}: the underwriter's decision on cover {cover}"
            ));
        }
    }
    let decisions = state
        .underwriting
        .underwriting_updates
        .iter()
        .filter(|u| u.update.starts_with("Decision for"))
        .count();
    let manual = outcomes.iter().filter(|o| o.manual.is_some()).count();
    if decisions > manual {
        findings.duplicated.push(format!(
            "{name}: {decisions} decisions recorded for {manual} decided covers"
        ));
    }
    for applicant in &state.applicants {
        let asked: Vec<_> = state
            .underwriting
            .referral
            .evidence
            .iter()
            .filter(|e| e.applicant_id == applicant.id)
            .collect();
        if asked.len() > 1 {
            findings.duplicated.push(format!(
                "{name}: {} evidence requests for one client",
                asked.len()
            ));
        }
    }
    if let (Some(referred), Some(decided)) = (
        state.underwriting.referral.referred_at,
        state.underwriting.referral.decided_at,
    ) && let Ok(took) = (decided - referred).to_std()
    {
        findings.referral_to_decision.push(took);
    }
}

fn check_one(journey: &Journey, name: &str, view: &Value, findings: &mut Findings) {
    let applicants = view["applicants"].as_array().cloned().unwrap_or_default();
    let may_have_more = !journey.unconfirmed.is_empty();
    for client in &journey.clients {
        let matching: Vec<&Value> = applicants
            .iter()
            .filter(|a| {
                a["firstName"] == client.first_name.as_str()
                    && a["lastName"] == client.last_name.as_str()
            })
            .collect();
        let who = format!("{name}: client {} {}", client.first_name, client.last_name);
        match (matching.len(), client.id.is_some()) {
            (0, true) => findings.lost.push(who.clone()),
            (0 | 1, _) => {}
            (n, _) => findings
                .duplicated
                .push(format!("{who} is there {n} times")),
        }
        if matching.len() == 1 && client.id.is_none() {
            findings.unconfirmed_but_applied += 1;
        }
        let Some(applicant) = matching.first() else {
            continue;
        };
        let covers = applicant["covers"].as_array().cloned().unwrap_or_default();
        for amount in &client.covers {
            let n = covers
                .iter()
                .filter(|c| c["coverAmount"] == *amount)
                .count();
            match n {
                0 => findings.lost.push(format!("{who}: cover of £{amount}")),
                1 => {}
                n => findings
                    .duplicated
                    .push(format!("{who}: cover of £{amount} is there {n} times")),
            }
        }
        if covers.len() > client.covers.len() && !may_have_more {
            findings.duplicated.push(format!(
                "{who}: {} covers where {} were added",
                covers.len(),
                client.covers.len()
            ));
        }
    }
    let children = view["children"].as_array().cloned().unwrap_or_default();
    for child in &journey.children {
        match children
            .iter()
            .filter(|c| c["firstName"] == child.as_str())
            .count()
        {
            0 => findings.lost.push(format!("{name}: child {child}")),
            1 => {}
            n => findings
                .duplicated
                .push(format!("{name}: child {child} is there {n} times")),
        }
    }
    if children.len() > journey.children.len() && !may_have_more {
        findings.duplicated.push(format!(
            "{name}: {} children where {} were added",
            children.len(),
            journey.children.len()
        ));
    }
    if applicants.len() > journey.clients.len() {
        findings.duplicated.push(format!(
            "{name}: {} clients where {} were added",
            applicants.len(),
            journey.clients.len()
        ));
    }
    let stage = view["status"].as_str().unwrap_or_default();
    let applied = !matches!(stage, "" | "CREATE_QUOTE" | "QUOTE" | "APPLY");
    if journey.reached >= Step::Applied && !applied {
        findings
            .lost
            .push(format!("{name}: applied, but the stage is {stage}"));
    }
    if journey.reached >= Step::InForce && view["active"] != true {
        findings
            .lost
            .push(format!("{name}: put in force, but not active"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios::chaos::journey::Client;
    use serde_json::json;

    fn journey() -> Journey {
        Journey {
            application: Some("100001".into()),
            clients: vec![Client {
                id: Some("a1".into()),
                first_name: "Ada".into(),
                last_name: "ChaosA0J0".into(),
                covers: vec![200_000],
            }],
            children: vec!["KitA0J0".into()],
            reached: Step::Applied,
            ..Journey::default()
        }
    }

    fn view(covers: &[u64], children: &[&str], status: &str) -> Value {
        let covers: Vec<Value> = covers.iter().map(|c| json!({ "coverAmount": c })).collect();
        let children: Vec<Value> = children.iter().map(|c| json!({ "firstName": c })).collect();
        json!({ "status": status, "children": children, "applicants": [
            { "firstName": "Ada", "lastName": "ChaosA0J0", "covers": covers } ] })
    }

    fn findings(view: &Value) -> Findings {
        let mut findings = Findings::default();
        check_one(&journey(), "case", view, &mut findings);
        findings
    }

    #[test]
    fn every_confirmed_change_present_once_is_clean() {
        let found = findings(&view(&[200_000], &["KitA0J0"], "UNDERWRITING"));
        assert!(
            found.lost.is_empty() && found.duplicated.is_empty(),
            "{found:?}"
        );
    }

    #[test]
    fn a_missing_cover_or_child_or_stage_is_lost() {
        let found = findings(&view(&[], &[], "QUOTE"));
        assert_eq!(found.lost.len(), 3, "{found:?}");
    }

    #[test]
    fn a_cover_or_child_twice_is_duplicated() {
        let found = findings(&view(
            &[200_000, 200_000],
            &["KitA0J0", "KitA0J0"],
            "UNDERWRITING",
        ));
        assert_eq!(found.duplicated.len(), 4, "{found:?}");
    }
}
