//! Every recorded journey under `tests/histories/` must replay with today's workflow code, so
//! a change that would break running applications fails here first, and together the journeys
//! must send every Update the workflows take. Record them again with `make record-histories`
//! (the API's journey tests, with `PORTAL_RECORD_HISTORY_DIR` set).

use std::collections::BTreeSet;
use temporalio_client::WorkflowHistory;
use workflows::{ApplicationWorkflow, EnquiryWorkflow, QiWorkflow};

fn histories() -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let folder = std::path::Path::new(
        &std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    )
    .join("tests/histories");
    let mut found: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .map(|path| {
            let json = std::fs::read(&path).unwrap();
            (path, json)
        })
        .collect();
    found.sort();
    assert!(
        !found.is_empty(),
        "no recorded histories in {}",
        folder.display()
    );
    found
}

#[tokio::test]
async fn recorded_journeys_replay_with_the_current_workflow_code() {
    for (path, json) in histories() {
        let history = WorkflowHistory::from_json(&json).unwrap();
        workflows::worker::replay(history)
            .await
            .unwrap_or_else(|e| panic!("{}: {e:#}", path.display()));
    }
}

/// The names of the Updates a history's workflow accepted, and its workflow type.
fn updates_in(json: &[u8]) -> (String, BTreeSet<String>) {
    let history: serde_json::Value = serde_json::from_slice(json).unwrap();
    let events = history["events"].as_array().unwrap();
    let workflow_type =
        events[0]["attributes"]["WorkflowExecutionStartedEventAttributes"]["workflow_type"]["name"]
            .as_str()
            .unwrap()
            .to_string();
    let names = events
        .iter()
        .filter_map(|event| {
            event["attributes"]["WorkflowExecutionUpdateAcceptedEventAttributes"]
                ["accepted_request"]["input"]["name"]
                .as_str()
                .map(str::to_string)
        })
        .collect();
    (workflow_type, names)
}

#[test]
fn the_recorded_journeys_send_every_update_of_both_workflows() {
    let mut sent: std::collections::HashMap<String, BTreeSet<String>> = Default::default();
    for (_, json) in histories() {
        let (workflow_type, names) = updates_in(&json);
        sent.entry(workflow_type).or_default().extend(names);
    }
    let expected = [
        (
            "ApplicationWorkflow",
            [
                ApplicationWorkflow::TABLE_UPDATES,
                ApplicationWorkflow::HAND_WRITTEN_UPDATES,
            ]
            .concat(),
        ),
        (
            "EnquiryWorkflow",
            [
                EnquiryWorkflow::TABLE_UPDATES,
                EnquiryWorkflow::HAND_WRITTEN_UPDATES,
            ]
            .concat(),
        ),
        (
            "QiWorkflow",
            [QiWorkflow::TABLE_UPDATES, QiWorkflow::HAND_WRITTEN_UPDATES].concat(),
        ),
    ];
    for (workflow_type, updates) in expected {
        let recorded = sent.get(workflow_type).cloned().unwrap_or_default();
        let missing: Vec<_> = updates
            .iter()
            .filter(|update| !recorded.contains(**update))
            .collect();
        assert!(
            missing.is_empty(),
            "no recorded {workflow_type} history sends {missing:?}: record a journey that does \
             (workflows/tests/histories)"
        );
    }
}
