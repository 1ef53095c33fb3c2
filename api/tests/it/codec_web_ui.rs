//! The Temporal Web UI with the portal's remote codec (issue 36; docs/decisions.md EN7–EN9): a
//! case handler whose codec session is open reads a case's Update decoded in the UI's event
//! history; a browser without a session is told the codec refused and sees ciphertext only; an
//! adviser cannot open a session.

use crate::support::web_ui::web_ui_page;
use crate::support::{TestApp, client, web_ui};
use futures::StreamExt;
use reqwest::StatusCode;
use temporalio_client::WorkflowListOptions;

const UPDATE: &str = "Workflow Execution Update Accepted";

// Two threads: the browser reaches this process's API while the test waits for the browser.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_case_handler_reads_a_cases_payloads_in_the_web_ui_and_a_browser_without_a_session_ciphertext()
 {
    let web_ui = web_ui();
    let app = TestApp::spawn_with(&[("TEMPORAL_UI_URL", web_ui.to_owned())]).await;
    let adviser = app.token("adviser1@example.com").await;
    let created = app.create_application(&adviser).await;
    app.add_applicant(&adviser, &created, client("Grace", "Hopper", "1986-12-09"))
        .await;
    let workflow = format!("application-{}", created["id"]);
    let run = app
        .temporal_client()
        .list_workflows(
            format!("WorkflowId = \"{workflow}\""),
            WorkflowListOptions::builder().build(),
        )
        .map(|execution| execution.expect("the query runs").run_id().to_owned())
        .collect::<Vec<_>>()
        .await;
    let history = format!(
        "{web_ui}/namespaces/{}/workflows/{workflow}/{}/history",
        app.config.temporal.namespace, run[0]
    );
    let endpoint = format!("{}/codec", app.base);

    // The newest Update is the one that added Grace: decoded, it shows her name and birth date.
    let handler = app.token("underwriter1@example.com").await;
    let page = web_ui_page(
        &history,
        "codec-web-ui-case-handler",
        "Hopper",
        &[
            ("CODEC_ENDPOINT", &endpoint),
            ("CODEC_TOKEN", &handler),
            ("CLICK", UPDATE),
        ],
    );
    assert!(page.contains("1986-12-09"), "{page}");
    assert!(!page.contains("Codec Server could not connect"), "{page}");

    // The same page with the same settings but no session: the codec refuses, nothing decodes.
    let page = web_ui_page(
        &history,
        "codec-web-ui-no-session",
        "Codec Server could not connect",
        &[("CODEC_ENDPOINT", &endpoint), ("CLICK", UPDATE)],
    );
    assert!(
        !page.contains("Hopper") && !page.contains("1986-12-09"),
        "{page}"
    );

    // An adviser's token opens no session.
    let refused = app
        .http
        .post(format!("{endpoint}/session"))
        .bearer_auth(&adviser)
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
}
