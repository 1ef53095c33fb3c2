//! Every recorded journey under `tests/histories/` must replay with today's workflow code, so
//! a change that would break running applications fails here first. Record a new history with
//! `PORTAL_RECORD_HISTORY_DIR=$PWD/workflows/tests/histories cargo test -p api --test journey`.

use temporalio_client::WorkflowHistory;

#[tokio::test]
async fn recorded_journeys_replay_with_the_current_workflow_code() {
    let folder = std::path::Path::new(
        &std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    )
    .join("tests/histories");
    let mut replayed = 0;
    for entry in std::fs::read_dir(&folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let history = WorkflowHistory::from_json(&std::fs::read(&path).unwrap()).unwrap();
            workflows::worker::replay(history)
                .await
                .unwrap_or_else(|e| panic!("{}: {e:#}", path.display()));
            replayed += 1;
        }
    }
    assert!(
        replayed > 0,
        "no recorded histories in {}",
        folder.display()
    );
}
