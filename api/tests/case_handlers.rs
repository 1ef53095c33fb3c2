//! The case handlers' guide (docs/case-handlers.md) gives one Temporal Web UI query for each kind
//! of stuck case. This seeds one case of each kind beside a case an adviser is working on, then
//! runs each query exactly as the guide writes it (with its dates brought to today) and checks
//! it finds exactly its case.

mod support;

use chrono::{Duration, NaiveTime, Utc};
use domain::decision::Decision;
use domain::{Application, ApplicationStage};
use futures::StreamExt;
use serde_json::Value;
use std::collections::BTreeSet;
use std::time::Instant;
use support::{TestApp, workspace};
use temporalio_client::WorkflowListOptions;

/// The guide's queries: each fenced block headed `query <kind>`.
fn documented_queries() -> Vec<(String, String)> {
    let guide = std::fs::read_to_string(workspace().join("docs/case-handlers.md")).unwrap();
    let mut queries = Vec::new();
    let mut lines = guide.lines();
    while let Some(line) = lines.next() {
        if let Some(kind) = line.strip_prefix("```query ") {
            let query = lines.next().expect("a query under its heading");
            queries.push((kind.trim().to_owned(), query.to_owned()));
        }
    }
    queries
}

/// The query with its example dates replaced: `LastChangeDay` by the day `days` ago, and
/// `NextDeadline` by an hour ago, as a handler would type them today.
fn dated(query: &str, days: i64) -> String {
    let day = (Utc::now() - Duration::days(days)).date_naive();
    let midnight = day
        .and_time(NaiveTime::MIN)
        .and_utc()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let hour_ago =
        (Utc::now() - Duration::hours(1)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let replace_after = |query: &str, attribute: &str, value: &str| -> String {
        match query.find(&format!("{attribute} < \"")) {
            Some(at) => {
                let start = at + attribute.len() + 4;
                let end = start + query[start..].find('"').unwrap();
                format!("{}{value}{}", &query[..start], &query[end..])
            }
            None => query.to_owned(),
        }
    };
    replace_after(
        &replace_after(query, "LastChangeDay", &midnight),
        "NextDeadline",
        &hour_ago,
    )
}

async fn found(app: &TestApp, query: &str) -> BTreeSet<String> {
    app.temporal_client()
        .list_workflows(query, WorkflowListOptions::builder().build())
        .map(|execution| execution.expect("the query runs").id().to_owned())
        .collect()
        .await
}

fn workflow_of(id: &Value) -> String {
    format!("application-{id}")
}

/// The case moved back `days`, as if nobody had touched it since.
fn untouched_for(mut application: Application, days: i64) -> Application {
    application.updated_at -= Duration::days(days);
    application.created_at = application.created_at.min(application.updated_at);
    application
}

fn referred(mut application: Application, decision: Decision) -> Application {
    application.status = ApplicationStage::Underwriting;
    for cover in application
        .applicants
        .iter_mut()
        .flat_map(|a| a.covers.iter_mut())
    {
        cover.decision = Some(decision);
    }
    application
}

#[tokio::test(flavor = "multi_thread")]
async fn each_documented_query_finds_exactly_its_stuck_case() {
    let mut app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let mut ids = Vec::new();
    for _ in 0..5 {
        ids.push(app.quoted_application(&token, false).await.0);
    }
    let [idle, referral, evidence, overdue, moving] = ids.try_into().unwrap();

    // Nothing may act on the seeded cases: the overdue timer must stay overdue.
    app.stop_worker();
    app.restart_workflow_from(untouched_for(app.stored_application(&idle).await, 20))
        .await;
    let referral_case = referred(app.stored_application(&referral).await, Decision::ManualUw);
    app.restart_workflow_from(untouched_for(referral_case, 5))
        .await;
    let evidence_case = referred(
        app.stored_application(&evidence).await,
        Decision::AdditionalEvidence,
    );
    app.restart_workflow_from(untouched_for(evidence_case, 20))
        .await;
    let mut late = untouched_for(app.stored_application(&overdue).await, 3);
    late.quote_stage.valid_until = Some((Utc::now() - Duration::days(3)).date_naive());
    app.restart_workflow_from(late).await;

    let expected = [
        ("idle-at-adviser", 14, &idle),
        ("referral-not-picked-up", 2, &referral),
        ("evidence-outstanding", 14, &evidence),
        ("timer-overdue", 0, &overdue),
    ];
    let queries = documented_queries();
    assert_eq!(
        queries
            .iter()
            .map(|(kind, _)| kind.as_str())
            .collect::<Vec<_>>(),
        expected
            .iter()
            .map(|(kind, _, _)| *kind)
            .collect::<Vec<_>>(),
        "the guide documents these kinds, in this order"
    );
    for ((_, query), (kind, days, case)) in queries.iter().zip(expected) {
        let query = dated(query, days);
        let want = BTreeSet::from([workflow_of(case)]);
        // Visibility is written just after each start: wait a little for it to settle.
        let deadline = Instant::now() + std::time::Duration::from_secs(20);
        let mut got = found(&app, &query).await;
        while got != want && Instant::now() < deadline {
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            got = found(&app, &query).await;
        }
        assert_eq!(
            got, want,
            "{kind}: `{query}` finds exactly its case, not {moving}"
        );
    }
}
