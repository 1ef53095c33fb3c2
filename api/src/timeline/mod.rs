//! A case's change timeline (issue 36): who changed what and when, read from the workflows'
//! own histories, so there is nothing else to keep in step. Each Update that changed the case
//! (its application workflow, every run, and its clients' underwriting enquiries) is an entry:
//! when it completed, the change in words, who sent it (recorded with each command since issue
//! 36; earlier ones show as not recorded) and the names of the fields it changed, never their
//! values.

mod describe;
mod history;

use crate::error::ApiError;
use crate::state::AppState;
use chrono::{DateTime, Utc};
use domain::{ApplicantId, Application};
use serde::Serialize;
use serde_json::Value;
use temporalio_common::protos::temporal::api::history::v1::HistoryEvent;
use utoipa::ToSchema;
use workflows::{Sender, SenderRole};

/// The most entries one answer holds, newest first.
pub const MOST_ENTRIES: usize = 200;

/// A case's changes, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseTimeline {
    /// Newest first, at most 200.
    pub entries: Vec<TimelineEntry>,
    /// How many changes the case has in all (more than `entries` holds when over 200).
    pub total: usize,
}

/// One change to a case.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimelineEntry {
    /// When the change was made.
    pub at: DateTime<Utc>,
    /// The change in words, e.g. "Cover added". A change this version does not name is shown
    /// by its recorded name.
    pub what: String,
    /// The change's name as the workflow's history records it (the Temporal Update).
    pub update: String,
    /// Who made it; none when it was made before callers were recorded.
    pub by: Option<TimelineCaller>,
    /// The client the change is about, by name, when it is about one.
    pub client: Option<String>,
    /// The fields it changed, by name only (e.g. "bank details: account number, sort code",
    /// "answers to 3 questions"); empty for a change that is an action, like applying.
    pub fields: Vec<String>,
}

/// Who made a change.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimelineCaller {
    pub name: String,
    /// Their role on the case, in words: "Adviser", "Acting for the adviser", "Underwriter",
    /// "Customer care" or "Client".
    pub role: String,
}

/// The case's timeline, from its application workflow and its clients' enquiries.
pub async fn of_case(
    state: &AppState,
    application: &Application,
) -> Result<CaseTimeline, ApiError> {
    let keys = workflows::worker::payload_keys(&state.config.temporal)?;
    let client = state.workflow_client.client();
    let namespace = &state.config.temporal.namespace;
    let application_workflow = workflows::application_workflow_id(application.id);
    let enquiries: Vec<(String, &ApplicantId)> = application
        .applicants
        .iter()
        .map(|a| (domain::application::enquiry_id(&a.id), &a.id))
        .collect();
    let (case, enquiry_histories) = tokio::try_join!(
        history::all_runs(client, namespace, &application_workflow, &keys),
        futures::future::try_join_all(
            enquiries
                .iter()
                .map(|(id, _)| history::all_runs(client, namespace, id, &keys))
        ),
    )?;
    let mut entries = entries_of(application, None, &case.unwrap_or_default());
    for ((_, applicant), events) in enquiries.iter().zip(&enquiry_histories) {
        let events = events.as_deref().unwrap_or_default();
        entries.extend(entries_of(application, Some(applicant), events));
    }
    Ok(newest_first(entries))
}

/// One workflow's changes as entries; `about` is the client whose enquiry it is.
fn entries_of(
    application: &Application,
    about: Option<&ApplicantId>,
    events: &[HistoryEvent],
) -> Vec<TimelineEntry> {
    let mut earlier = describe::Earlier::default();
    history::changes(events)
        .into_iter()
        .filter(|change| {
            about.is_none() || !describe::NOT_ENQUIRY_CHANGES.contains(&change.update.as_str())
        })
        .map(|change| {
            let body = &change.input["body"];
            let client = about
                .map(|id| id.to_string())
                .or_else(|| body["applicantId"].as_str().map(str::to_owned))
                .and_then(|id| client_name(application, &id));
            TimelineEntry {
                at: change.at,
                what: describe::what(&change.update),
                fields: describe::fields(&change.update, body, &mut earlier),
                by: caller(application, &change.input),
                client,
                update: change.update,
            }
        })
        .collect()
}

/// Who sent a recorded command, as the timeline names them.
fn caller(application: &Application, input: &Value) -> Option<TimelineCaller> {
    let actor: Sender = serde_json::from_value(input.get("by")?.clone()).ok()?;
    let role = match actor.role {
        SenderRole::Adviser if actor.subject == application.adviser_id.as_str() => "Adviser",
        SenderRole::Adviser => "Acting for the adviser",
        SenderRole::Underwriter => "Underwriter",
        SenderRole::CustomerCare => "Customer care",
        SenderRole::Client => "Client",
        SenderRole::Other => "Other",
    };
    Some(TimelineCaller {
        name: actor.name,
        role: role.to_owned(),
    })
}

fn client_name(application: &Application, applicant_id: &str) -> Option<String> {
    application
        .applicants
        .iter()
        .find(|a| a.id.to_string() == applicant_id)
        .map(|a| a.full_name())
}

/// Newest first (a stable sort: changes made in the same instant keep their order, reversed),
/// at most [`MOST_ENTRIES`].
fn newest_first(mut entries: Vec<TimelineEntry>) -> CaseTimeline {
    entries.sort_by_key(|e| e.at);
    entries.reverse();
    let total = entries.len();
    entries.truncate(MOST_ENTRIES);
    CaseTimeline { entries, total }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn case() -> Application {
        Application::new(
            domain::ApplicationId::new(100_001).unwrap(),
            domain::AdviserId::parse("adviser1").unwrap(),
            None,
            Utc::now(),
        )
    }

    #[test]
    fn the_owner_is_the_adviser_and_another_adviser_acts_for_them() {
        let by = |subject: &str, role: &str| json!({ "body": null, "by": { "subject": subject, "name": "N", "role": role } });
        let role = |input: Value| caller(&case(), &input).map(|c| c.role);
        assert_eq!(role(by("adviser1", "adviser")).as_deref(), Some("Adviser"));
        assert_eq!(
            role(by("assistant1", "adviser")).as_deref(),
            Some("Acting for the adviser")
        );
        assert_eq!(
            role(by("underwriter1", "underwriter")).as_deref(),
            Some("Underwriter")
        );
        assert_eq!(role(by("x", "auditor")).as_deref(), Some("Other"));
        assert_eq!(role(json!({ "body": null })), None, "not recorded");
    }

    #[test]
    fn the_newest_come_first_and_at_most_two_hundred() {
        let entry = |minute: i64| TimelineEntry {
            at: DateTime::<Utc>::from_timestamp(minute * 60, 0).unwrap(),
            what: String::new(),
            update: minute.to_string(),
            by: None,
            client: None,
            fields: Vec::new(),
        };
        let timeline = newest_first((0..250).map(entry).collect());
        assert_eq!(timeline.total, 250);
        assert_eq!(timeline.entries.len(), MOST_ENTRIES);
        assert_eq!(timeline.entries[0].update, "249");
        assert_eq!(timeline.entries[199].update, "50");
    }
}
