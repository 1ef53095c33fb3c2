//! The case handlers' guide (docs/case-handlers.md) gives one Temporal Web UI query for each kind
//! of stuck case. This seeds one case of each kind beside a case an adviser is working on, then
//! runs each query exactly as the guide writes it (with its dates brought to today) and checks
//! it finds exactly its case, through Temporal's API and in the Web UI itself (Debian's
//! `chromium`, keeping a screenshot of each query's page in `web/test-results/screenshots/`).

use crate::support::{TestApp, eventually, web_ui, workspace};
use chrono::{Duration, NaiveTime, Utc};
use domain::decision::Decision;
use domain::{Application, ApplicationStage};
use futures::StreamExt;
use serde_json::Value;
use std::collections::BTreeSet;
use std::time::Instant;
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

/// The referred case claimed by an underwriter who asked for blood tests, chased once when
/// they did not come by their date.
fn chased(application: Application) -> Application {
    use domain::application::{ClaimCase, RequestEvidence};
    use domain::underwriting::evidence::{EvidenceCatalogue, EvidenceKind};
    use domain::underwriting::manual::Underwriter;
    let ruth = Underwriter {
        id: "underwriter1".into(),
        name: "Ruth Ellis".into(),
    };
    let evidence = std::fs::read_to_string(workspace().join("product/underwriting/evidence.json"));
    let settings = EvidenceCatalogue::parse(&evidence.unwrap())
        .unwrap()
        .settings(EvidenceKind::BloodTests)
        .clone();
    let at = application.updated_at;
    let asked = application
        .claim_case(
            &ClaimCase {
                underwriter: ruth.clone(),
            },
            at,
        )
        .unwrap()
        .request_evidence(
            &RequestEvidence {
                evidence_id: "bloods".into(),
                applicant_id: application.applicants[0].id.clone(),
                settings,
                provider: None,
                expected_by: None,
                underwriter: ruth,
            },
            at,
        )
        .unwrap();
    let chased = asked.apply_deadlines(asked.evidence_deadline().unwrap());
    assert!(chased.is_evidence_overdue());
    chased
}

#[tokio::test(flavor = "multi_thread")]
async fn each_documented_query_finds_exactly_its_stuck_case() {
    let web_ui = web_ui();
    let mut app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let mut ids = Vec::new();
    for _ in 0..6 {
        ids.push(app.quoted_application(&token, false).await.0);
    }
    let [idle, referral, evidence, overdue, failing, moving] = ids.try_into().unwrap();

    // The database refuses to save one case: pricing it again fails at its save, time after time.
    failing_to_save(&app, &token, &failing).await;

    // Nothing may act on the seeded cases: the overdue timer must stay overdue.
    app.stop_worker();
    app.restart_workflow_from(untouched_for(app.stored_application(&idle).await, 20))
        .await;
    let referral_case = referred(app.stored_application(&referral).await, Decision::ManualUw);
    app.restart_workflow_from(untouched_for(referral_case, 5))
        .await;
    let evidence_case = chased(referred(
        app.stored_application(&evidence).await,
        Decision::AdditionalEvidence,
    ));
    app.restart_workflow_from(untouched_for(evidence_case, 20))
        .await;
    let mut late = untouched_for(app.stored_application(&overdue).await, 3);
    late.quote_stage.valid_until = Some((Utc::now() - Duration::days(3)).date_naive());
    app.restart_workflow_from(late).await;

    let expected = [
        ("idle-at-adviser", 14, &idle),
        ("referral-not-picked-up", 2, &referral),
        ("evidence-overdue", 0, &evidence),
        ("timer-overdue", 0, &overdue),
        ("activity-failing", 0, &failing),
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
        let page = web_ui_list(web_ui, &app.config.temporal.namespace, &query, kind, case);
        let shown: BTreeSet<String> = ids_on(&page);
        assert_eq!(
            shown, want,
            "{kind}: the Web UI's list for `{query}` shows exactly its case"
        );
    }
}

const REFUSAL: &str = "could not write: the disk is full";

/// Makes the database refuse `id`'s saves, asks for its quote again (an accepted command whose
/// save then fails), and waits until the case says which step is failing.
async fn failing_to_save(app: &TestApp, token: &str, id: &Value) {
    app.database
        .refuse_saves_of(id.as_i64().unwrap(), REFUSAL)
        .await;
    let request = app
        .http
        .get(format!(
            "{}/api/v1/backendforfrontend/application/{id}/quotePrice",
            app.base
        ))
        .bearer_auth(token);
    // The adviser's request waits, then is told the change may still be applied.
    tokio::spawn(request.send());
    let query = format!(
        "WorkflowId = \"{}\" AND FailingStep = \"ApplicationActivities::price_quote_and_save\"",
        workflow_of(id)
    );
    eventually(std::time::Duration::from_secs(30), || async {
        (found(app, &query).await.len() == 1).then_some(())
    })
    .await;
}

/// The Temporal Web UI's workflow list for `query`, once it shows `case`'s workflow: its text,
/// and a screenshot kept as `web/test-results/screenshots/case-handlers-{kind}.png`.
fn web_ui_list(web_ui: &str, namespace: &str, query: &str, kind: &str, case: &Value) -> String {
    let url = format!(
        "{web_ui}/namespaces/{namespace}/workflows?query={}",
        url::form_urlencoded::byte_serialize(query.as_bytes()).collect::<String>()
    );
    web_ui_page(&url, kind, &workflow_of(case))
}

/// The Temporal Web UI's User Metadata tab of `id`'s running workflow (where its summary, the
/// "current details", shows) once it shows `text`: its text, and a
/// screenshot kept as `web/test-results/screenshots/case-handlers-{name}.png`.
async fn web_ui_case(web_ui: &str, app: &TestApp, id: &Value, name: &str, text: &str) -> String {
    let query = format!(
        "WorkflowId = \"{}\" AND ExecutionStatus = \"Running\"",
        workflow_of(id)
    );
    let run = app
        .temporal_client()
        .list_workflows(&query, WorkflowListOptions::builder().build())
        .map(|execution| execution.expect("the query runs").run_id().to_owned())
        .collect::<Vec<_>>()
        .await;
    let url = format!(
        "{web_ui}/namespaces/{}/workflows/{}/{}/user-metadata",
        app.config.temporal.namespace,
        workflow_of(id),
        run[0]
    );
    web_ui_page(&url, name, text)
}

/// The Web UI page at `url` once it shows `text`, its screenshot kept as
/// `case-handlers-{name}.png`.
fn web_ui_page(url: &str, name: &str, text: &str) -> String {
    crate::support::web_ui::web_ui_page(url, &format!("case-handlers-{name}"), text, &[])
}

/// The application workflows a Web UI page lists.
fn ids_on(page: &str) -> BTreeSet<String> {
    page.match_indices("application-")
        .map(|(at, prefix)| {
            let digits = page[at + prefix.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>();
            format!("{prefix}{digits}")
        })
        .filter(|id| id.len() > "application-".len())
        .collect()
}

/// A save the database refuses is tried again until it succeeds: the case shows the failing step
/// meanwhile, and once the database accepts writes again the adviser's change is saved and the
/// mark is cleared (with the wait between goes skipped in virtual time).
#[tokio::test(flavor = "multi_thread")]
async fn a_refused_save_is_tried_again_until_it_succeeds_and_the_change_is_kept() {
    let web_ui = web_ui();
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (id, _) = app.quoted_application(&token, false).await;
    let before = app.stored_application(&id).await.version;
    failing_to_save(&app, &token, &id).await;
    let failing = "Step ApplicationActivities::price_quote_and_save failing since";
    let page = web_ui_case(web_ui, &app, &id, "failing-case", failing).await;
    assert!(
        page.contains(REFUSAL),
        "the case's page in the Web UI says why the step fails: {page}"
    );
    assert_eq!(
        app.stored_application(&id).await.version,
        before,
        "nothing was saved while the database refused"
    );

    app.database.accept_saves().await;
    app.skip_time(&id).await;
    let recovered = format!(
        "WorkflowId = \"{}\" AND FailingStep = \"none\"",
        workflow_of(&id)
    );
    eventually(std::time::Duration::from_secs(60), || async {
        (found(&app, &recovered).await.len() == 1).then_some(())
    })
    .await;
    let saved = app.stored_application(&id).await;
    assert_eq!(saved.version, before + 1, "the new quote is saved, once");
}

/// A Temporal server whose namespace lacks the case search attributes (one `make run` did not
/// start, or a database kept from an older version): the portal registers them as it starts and
/// is ready only once Temporal accepts them, so the first case created is not refused for an
/// attribute the server has not seen yet.
#[tokio::test(flavor = "multi_thread")]
async fn search_attributes_registered_at_start_up_can_be_written_at_once() {
    use temporalio_client::WorkflowStartOptions;
    use temporalio_client::tonic::Request;
    use temporalio_common::protos::temporal::api::workflowservice::v1::{
        CountWorkflowExecutionsRequest, RegisterNamespaceRequest,
    };
    let namespace = format!("fresh-{}", std::process::id());
    let config = workflows::worker::TemporalConfig {
        address: crate::support::temporal_address().to_owned(),
        namespace: namespace.clone(),
        task_queue: "fresh".to_owned(),
        workflow_task_pollers: 1,
        compress: false,
        max_cached_workflows: 1,
        payload_keys: keyring::KeySource::inline(keyring::new_key_line("test").unwrap(), None),
    };
    let client = workflows::worker::connect(&config).await.unwrap();
    let mut service = client.connection().workflow_service();
    service
        .register_namespace(Request::new(RegisterNamespaceRequest {
            namespace: namespace.clone(),
            workflow_execution_retention_period: Some(prost_wkt_types::Duration {
                seconds: 86_400,
                nanos: 0,
            }),
            ..Default::default()
        }))
        .await
        .unwrap();
    // The namespace itself is served once the server's namespace list has caught up.
    eventually(std::time::Duration::from_secs(60), || {
        let mut service = service.clone();
        let namespace = namespace.clone();
        async move {
            service
                .count_workflow_executions(Request::new(CountWorkflowExecutionsRequest {
                    namespace,
                    query: String::new(),
                }))
                .await
                .is_ok()
                .then_some(())
        }
    })
    .await;

    workflows::worker::ensure_search_attributes(&client, &namespace)
        .await
        .unwrap();

    let application = Application::new(
        domain::ApplicationId::new(900_001).unwrap(),
        domain::AdviserId::parse("adviser1").unwrap(),
        Some("northfield".to_owned()),
        Utc::now(),
    );
    let started = client
        .start_workflow(
            workflows::ApplicationWorkflow::run,
            workflows::sealed_input::SealedStart::from(
                workflows::ApplicationWorkflowInput::Continued {
                    application: Box::new(application.clone()),
                },
            ),
            WorkflowStartOptions::new(config.task_queue.clone(), "fresh-application")
                .search_attributes(workflows::search_attributes::Findable::at_start(
                    &application,
                ))
                .build(),
        )
        .await;
    assert!(
        started.is_ok(),
        "a case started with its search attributes just after start-up was refused: {:?}",
        started.err()
    );
}
