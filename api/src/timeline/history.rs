//! A workflow's history as the timeline reads it: every run (a workflow continues as new, and
//! each run's start names the run before it), decrypted, and of it only the Updates that were
//! accepted and completed with a change. A refused Update is no change: its validator refused
//! it before it reached the history, or its handler failed it (a failed outcome), or it answered
//! with the version already saved.

use chrono::{DateTime, Utc};
use keyring::KeyRing;
use serde_json::Value;
use std::collections::HashMap;
use temporalio_client::Client;
use temporalio_client::tonic::{Code, Request};
use temporalio_common::protos::temporal::api::common::v1::{Payloads, WorkflowExecution};
use temporalio_common::protos::temporal::api::history::v1::history_event::Attributes;
use temporalio_common::protos::temporal::api::history::v1::{History, HistoryEvent};
use temporalio_common::protos::temporal::api::update::v1::outcome;
use temporalio_common::protos::temporal::api::workflowservice::v1::GetWorkflowExecutionHistoryRequest;

/// More runs than any case has (a run holds 500 commands): a guard against a cycle.
const MOST_RUNS: usize = 100;

/// One Update that changed the workflow's record.
#[derive(Debug, Clone, PartialEq)]
pub struct Recorded {
    /// When it completed.
    pub at: DateTime<Utc>,
    /// The Update's name.
    pub update: String,
    /// Its argument as sent (`workflows::Timed`): the command and who sent it.
    pub input: Value,
}

/// Every run of `workflow_id`, oldest first, with its payloads decrypted; none when there is
/// no such workflow.
pub async fn all_runs(
    client: &Client,
    namespace: &str,
    workflow_id: &str,
    keys: &KeyRing,
) -> anyhow::Result<Option<Vec<HistoryEvent>>> {
    let mut runs: Vec<Vec<HistoryEvent>> = Vec::new();
    let mut run_id = String::new();
    while runs.len() < MOST_RUNS {
        let Some(events) = one_run(client, namespace, workflow_id, &run_id).await? else {
            if runs.is_empty() {
                return Ok(None);
            }
            // An earlier run no longer kept (past the namespace's retention): what remains.
            break;
        };
        let previous = events.first().and_then(|event| match &event.attributes {
            Some(Attributes::WorkflowExecutionStartedEventAttributes(started)) => {
                Some(started.continued_execution_run_id.clone())
            }
            _ => None,
        });
        runs.push(events);
        match previous.filter(|id| !id.is_empty()) {
            Some(previous) => run_id = previous,
            None => break,
        }
    }
    runs.reverse();
    let mut history = History {
        events: runs.into_iter().flatten().collect(),
    };
    workflows::codec::decrypt_history(&mut history, keys.clone())
        .await
        .map_err(|error| {
            anyhow::anyhow!("{workflow_id}'s history could not be decrypted: {error}")
        })?;
    Ok(Some(history.events))
}

/// One run's events (the latest run's when `run_id` is empty), page by page.
async fn one_run(
    client: &Client,
    namespace: &str,
    workflow_id: &str,
    run_id: &str,
) -> anyhow::Result<Option<Vec<HistoryEvent>>> {
    let mut service = client.connection().workflow_service();
    let mut events = Vec::new();
    let mut next_page_token = Vec::new();
    loop {
        let page = service
            .get_workflow_execution_history(Request::new(GetWorkflowExecutionHistoryRequest {
                namespace: namespace.to_owned(),
                execution: Some(WorkflowExecution {
                    workflow_id: workflow_id.to_owned(),
                    run_id: run_id.to_owned(),
                }),
                next_page_token,
                ..Default::default()
            }))
            .await;
        let page = match page {
            Ok(page) => page.into_inner(),
            Err(status) if status.code() == Code::NotFound => return Ok(None),
            Err(status) => {
                return Err(anyhow::anyhow!(
                    "{workflow_id}'s history could not be read: {status}"
                ));
            }
        };
        events.extend(page.history.unwrap_or_default().events);
        next_page_token = page.next_page_token;
        if next_page_token.is_empty() {
            return Ok(Some(events));
        }
    }
}

/// The Update sent with a workflow's start. It carries no argument, so who sent it is read from
/// the first run's start input (`workflows::ApplicationWorkflowInput::New::by`).
pub const OPEN: &str = "open";

/// The Updates that completed with a change, in the order they completed.
pub fn changes(events: &[HistoryEvent]) -> Vec<Recorded> {
    let mut accepted: HashMap<i64, (String, Value)> = HashMap::new();
    let mut saved_version: Option<u64> = None;
    let mut started: Option<Value> = None;
    let mut changes = Vec::new();
    for event in events {
        match &event.attributes {
            Some(Attributes::WorkflowExecutionStartedEventAttributes(attributes))
                if started.is_none() =>
            {
                started = Some(attributes.input.as_ref().map_or(Value::Null, first_json));
            }
            Some(Attributes::WorkflowExecutionUpdateAcceptedEventAttributes(attributes)) => {
                let input = attributes
                    .accepted_request
                    .as_ref()
                    .and_then(|request| request.input.as_ref());
                if let Some(input) = input {
                    let argument = if input.name == OPEN {
                        started.clone().unwrap_or_default()
                    } else {
                        input.args.as_ref().map_or(Value::Null, first_json)
                    };
                    accepted.insert(event.event_id, (input.name.clone(), argument));
                }
            }
            Some(Attributes::WorkflowExecutionUpdateCompletedEventAttributes(attributes)) => {
                let Some((update, input)) = accepted.remove(&attributes.accepted_event_id) else {
                    continue;
                };
                let Some(outcome::Value::Success(output)) = attributes
                    .outcome
                    .as_ref()
                    .and_then(|outcome| outcome.value.as_ref())
                else {
                    continue;
                };
                // Each Update answers with the version it saved (`workflows::Saved`): one no
                // newer than the last saved changed nothing.
                let version = first_json(output)["version"].as_u64();
                let changed = match (version, saved_version) {
                    (Some(version), Some(last)) => version > last,
                    _ => true,
                };
                if let Some(version) = version {
                    saved_version = Some(saved_version.map_or(version, |last| last.max(version)));
                }
                if changed {
                    changes.push(Recorded {
                        at: time_of(event),
                        update,
                        input,
                    });
                }
            }
            _ => {}
        }
    }
    changes
}

fn first_json(payloads: &Payloads) -> Value {
    payloads
        .payloads
        .first()
        .and_then(|payload| serde_json::from_slice(&payload.data).ok())
        .unwrap_or(Value::Null)
}

fn time_of(event: &HistoryEvent) -> DateTime<Utc> {
    event
        .event_time
        .as_ref()
        .and_then(|t| DateTime::from_timestamp(t.seconds, u32::try_from(t.nanos).unwrap_or(0)))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A recorded history of the repository's replay set (`workflows/tests/histories`).
    fn recorded(name: &str) -> Vec<HistoryEvent> {
        let path = format!(
            "{}/../workflows/tests/histories/{name}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let history: History = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
        history.events
    }

    #[test]
    fn the_changes_are_the_updates_that_completed_in_order() {
        let changes = changes(&recorded("quote-covers-priced-changed-and-removed"));
        let names: Vec<&str> = changes.iter().map(|c| c.update.as_str()).collect();
        assert!(names.contains(&"add_cover"), "{names:?}");
        assert!(names.contains(&"remove_cover"), "{names:?}");
        assert!(
            changes.windows(2).all(|pair| pair[0].at <= pair[1].at),
            "{names:?}"
        );
        let first_add = changes.iter().find(|c| c.update == "add_cover").unwrap();
        assert!(
            first_add.input["body"]["cover"].is_object(),
            "{first_add:?}"
        );
        assert_eq!(
            first_add.input.get("by"),
            None,
            "recorded before callers were"
        );
    }

    #[test]
    fn the_open_update_is_read_with_the_first_runs_start_input() {
        let recorded = changes(&recorded("quote-covers-priced-changed-and-removed"));
        assert_eq!(recorded[0].update, OPEN, "{recorded:?}");
        assert_eq!(recorded[0].input["kind"], "new", "{:?}", recorded[0]);
        assert_eq!(
            recorded[0].input.get("by"),
            None,
            "recorded before creators were"
        );

        use temporalio_common::protos::temporal::api::history::v1::WorkflowExecutionStartedEventAttributes as Started;
        let start = |id: i64, input: &str| HistoryEvent {
            event_id: id,
            attributes: Some(Attributes::WorkflowExecutionStartedEventAttributes(
                Started {
                    input: Some(payloads(input)),
                    ..Default::default()
                },
            )),
            ..Default::default()
        };
        let by = r#"{"subject":"adviser1","name":"Priya Shah","role":"adviser"}"#;
        let events: Vec<HistoryEvent> = [
            vec![start(1, &format!(r#"{{"kind":"new","by":{by}}}"#))],
            update(2, OPEN, saved(1)),
            update(4, "add_cover", saved(2)),
            // A later run starts with the case carried over: the creator stays the first run's.
            vec![start(6, r#"{"kind":"continued"}"#)],
            update(7, "remove_cover", saved(3)),
        ]
        .into_iter()
        .flatten()
        .collect();
        let recorded = changes(&events);
        assert_eq!(recorded[0].update, OPEN);
        assert_eq!(recorded[0].input["by"]["name"], "Priya Shah");
        assert_eq!(recorded[1].input, serde_json::json!({ "body": null }));
        assert_eq!(recorded.len(), 3);
    }

    fn payloads(json: &str) -> Payloads {
        use temporalio_common::protos::temporal::api::common::v1::Payload;
        Payloads {
            payloads: vec![Payload {
                data: json.as_bytes().to_vec(),
                ..Default::default()
            }],
        }
    }

    /// An Update accepted as event `id` and completed as event `id + 1`.
    fn update(id: i64, name: &str, outcome: outcome::Value) -> Vec<HistoryEvent> {
        use temporalio_common::protos::temporal::api::history::v1::{
            WorkflowExecutionUpdateAcceptedEventAttributes as Accepted,
            WorkflowExecutionUpdateCompletedEventAttributes as Completed,
        };
        use temporalio_common::protos::temporal::api::update::v1::{Input, Outcome, Request};
        let accepted = Accepted {
            accepted_request: Some(Request {
                input: Some(Input {
                    name: name.into(),
                    args: Some(payloads(r#"{"body":null}"#)),
                    ..Default::default()
                }),
                ..Default::default()
            }),
            ..Default::default()
        };
        let completed = Completed {
            accepted_event_id: id,
            outcome: Some(Outcome {
                value: Some(outcome),
            }),
            ..Default::default()
        };
        vec![
            HistoryEvent {
                event_id: id,
                attributes: Some(Attributes::WorkflowExecutionUpdateAcceptedEventAttributes(
                    accepted,
                )),
                ..Default::default()
            },
            HistoryEvent {
                event_id: id + 1,
                attributes: Some(Attributes::WorkflowExecutionUpdateCompletedEventAttributes(
                    completed,
                )),
                ..Default::default()
            },
        ]
    }

    fn saved(version: u64) -> outcome::Value {
        outcome::Value::Success(payloads(&format!(r#"{{"version":{version}}}"#)))
    }

    #[test]
    fn a_failed_update_or_one_that_saved_nothing_new_is_not_a_change() {
        use temporalio_common::protos::temporal::api::failure::v1::Failure;
        let events: Vec<HistoryEvent> = [
            update(1, "add_cover", saved(2)),
            update(
                3,
                "price_quote",
                outcome::Value::Failure(Failure::default()),
            ),
            update(5, "activate_application", saved(3)),
            update(7, "activate_application", saved(3)),
            update(9, "requote", saved(4)),
        ]
        .into_iter()
        .flatten()
        .collect();
        let names: Vec<String> = changes(&events).into_iter().map(|c| c.update).collect();
        assert_eq!(names, ["add_cover", "activate_application", "requote"]);
    }
}
