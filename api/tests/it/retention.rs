//! Retention (issue 36) against the real stack: the retention workflow's sweep deletes a case
//! not taken up within the period in `product/retention.json` (12 months), with its documents,
//! rows and Temporal histories, and leaves one deletion line without personal data, which a
//! customer care administrator lists (and nobody else); a case in force just as old, and a
//! recent one, are untouched.

use crate::support::interview::{proceeded_application, underwrite};
use crate::support::seeded::set_up_and_activate;
use crate::support::{TestApp, eventually};
use chrono::Utc;
use domain::testkit::PLAIN_ANSWERS;
use domain::{AdviserId, ApplicantId, ApplicationId};
use reqwest::{Method, StatusCode};
use serde_json::Value;
use std::time::Duration;
use temporalio_client::tonic::{Code, Request};
use temporalio_common::protos::temporal::api::common::v1::WorkflowExecution;
use temporalio_common::protos::temporal::api::workflowservice::v1::{
    DeleteWorkflowExecutionRequest, DescribeWorkflowExecutionRequest,
};

/// Longer ago than the sample period of 12 months.
const THIRTEEN_MONTHS: chrono::Duration = chrono::Duration::days(400);

fn key(id: &Value) -> ApplicationId {
    ApplicationId::new(id.as_i64().unwrap()).unwrap()
}

/// Whether Temporal still has the workflow (any run of it).
async fn workflow_exists(app: &TestApp, workflow_id: &str) -> bool {
    let request = DescribeWorkflowExecutionRequest {
        namespace: app.config.temporal.namespace.clone(),
        execution: Some(WorkflowExecution {
            workflow_id: workflow_id.to_owned(),
            run_id: String::new(),
        }),
    };
    match app
        .temporal_client()
        .connection()
        .workflow_service()
        .describe_workflow_execution(Request::new(request))
        .await
    {
        Ok(_) => true,
        Err(status) if status.code() == Code::NotFound => false,
        Err(status) => panic!("describing {workflow_id}: {status}"),
    }
}

/// Deletes the workflow's latest run, as the sweep does.
async fn delete_workflow(app: &TestApp, workflow_id: &str) {
    let request = DeleteWorkflowExecutionRequest {
        namespace: app.config.temporal.namespace.clone(),
        workflow_execution: Some(WorkflowExecution {
            workflow_id: workflow_id.to_owned(),
            run_id: String::new(),
        }),
    };
    app.temporal_client()
        .connection()
        .workflow_service()
        .delete_workflow_execution(Request::new(request))
        .await
        .unwrap();
}

/// The first page of deletion lines, newest first, as the store keeps them.
async fn deletion_lines(app: &TestApp) -> Vec<store::Deletion> {
    app.store()
        .deletions(&store::DeletionFilter::default(), 1)
        .await
        .unwrap()
        .deletions
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_case_not_taken_up_for_the_period_goes_with_its_history_and_leaves_a_line_without_names()
{
    let app = TestApp::spawn_with(&[("RETENTION_SWEEP_INTERVAL_SECONDS", "1".into())]).await;
    let adviser = app.token("adviser1@example.com").await;

    // Not taken up: applied for, Alan's interview answered (his enquiry's workflow), the key
    // facts document made and kept, Ada's client account linked.
    let (abandoned, clients) = app.applied_application(&adviser, true).await;
    underwrite(&app, &adviser, &abandoned, &clients[0], PLAIN_ANSWERS).await;
    let (status, keyfacts) = app
        .call(
            Method::GET,
            &format!("/api/v1/backendforfrontend/keyfacts/{abandoned}"),
            Some(&adviser),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{keyfacts}");
    let document = keyfacts["uri"].as_str().unwrap().to_owned();
    let account = AdviserId::parse("ada-client-account").unwrap();
    let ada = ApplicantId::parse(clients[1].as_str().unwrap()).unwrap();
    app.store()
        .link_client(&account, key(&abandoned), &ada, Utc::now())
        .await
        .unwrap();
    let alan_enquiry =
        domain::application::enquiry_id(&ApplicantId::parse(clients[0].as_str().unwrap()).unwrap());
    let abandoned_workflow = workflows::application_workflow_id(key(&abandoned));
    assert!(workflow_exists(&app, &abandoned_workflow).await);
    assert!(workflow_exists(&app, &alan_enquiry).await);

    // In force, and as old; and a case started today.
    let in_force = proceeded_application(&app, &adviser).await;
    set_up_and_activate(&app, &adviser, in_force).await;
    let in_force = Value::from(in_force);
    let recent = app.create_application(&adviser).await["id"].clone();

    // A deletion cut short by a worker killed after its line was written and its workflow
    // deleted: the next sweep finishes it, keeping the first line.
    let interrupted = app.quoted_application(&adviser, false).await.0;
    let interrupted_workflow = workflows::application_workflow_id(key(&interrupted));
    let tomorrow = Utc::now() + chrono::Duration::days(1);
    let reason = "not taken up for 12 months";
    assert!(
        app.store()
            .record_deletion(key(&interrupted), tomorrow, Utc::now(), reason, 1)
            .await
            .unwrap()
    );
    delete_workflow(&app, &interrupted_workflow).await;

    let long_ago = Utc::now() - THIRTEEN_MONTHS;
    for case in [&abandoned, &in_force] {
        app.store()
            .backdate_case_for_testing(key(case), long_ago)
            .await
            .unwrap();
    }

    // The sweep (every second here, daily by default) finds it, writes its line, deletes its
    // workflows, then its rows.
    eventually(Duration::from_secs(60), || async {
        let held = app
            .store()
            .rows_held_for_case(key(&abandoned))
            .await
            .unwrap();
        (held == 0).then_some(())
    })
    .await;
    let lines = deletion_lines(&app).await;
    let line = lines
        .iter()
        .find(|l| l.application_id == key(&abandoned))
        .cloned()
        .expect("a line for the case");

    // Gone from the API, the database and Temporal.
    let (status, body) = app.get_application(&adviser, &abandoned).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, _) = app.call(Method::GET, &document, Some(&adviser), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "its key facts document");
    assert!(app.store().client_links(&account).await.unwrap().is_empty());
    // Temporal deletes a running workflow at once, a closed one (the enquiry, answered and
    // closed) in the background, about half a minute later on the dev server.
    for workflow in [&abandoned_workflow, &alan_enquiry] {
        eventually(Duration::from_secs(120), || async {
            (!workflow_exists(&app, workflow).await).then_some(())
        })
        .await;
    }

    // The interrupted deletion is finished, its first line kept.
    eventually(Duration::from_secs(30), || async {
        let held = app
            .store()
            .rows_held_for_case(key(&interrupted))
            .await
            .unwrap();
        (held == 0).then_some(())
    })
    .await;
    let (status, _) = app.get_application(&adviser, &interrupted).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let lines = deletion_lines(&app).await;
    let first = lines.iter().find(|l| l.application_id == key(&interrupted));
    assert_eq!(first.map(|l| l.workflows_removed), Some(1), "{lines:?}");

    // One line each, saying why and how much went, naming nobody.
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(line.reason, reason);
    assert!(line.documents_removed >= 1, "{line:?}");
    assert_eq!(line.enquiries_removed, 1, "{line:?}");
    assert!(line.workflows_removed >= 2, "{line:?}");
    let text = format!("{line:?}");
    for name in ["Alan", "Turing", "Ada", "Lovelace"] {
        assert!(!text.contains(name), "{text}");
    }

    // Customer care administrators list the lines, newest first (the interrupted case's was
    // written before the sweep), narrowed by UK day; nobody else may, and no client is named.
    let admin = app.token("ccaadmin1@example.com").await;
    let path = "/api/v1/care/audit/deletions";
    let (status, listed) = app.call(Method::GET, path, Some(&admin), None).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    assert_eq!(listed["totalRecordCount"], 2, "{listed}");
    let results = listed["results"].as_array().unwrap();
    assert_eq!(results[0]["applicationId"], abandoned, "{listed}");
    assert_eq!(results[1]["applicationId"], interrupted, "{listed}");
    assert_eq!(results[0]["reason"], reason);
    assert_eq!(
        results[0]["enquiriesRemoved"].as_u64(),
        Some(line.enquiries_removed)
    );
    let text = listed.to_string();
    for name in ["Alan", "Turing", "Ada", "Lovelace", "Priya", "adviser1"] {
        assert!(!text.contains(name), "{text}");
    }
    let day = domain::dates::uk_date(line.deleted_at);
    let (status, that_day) = app
        .call(
            Method::GET,
            &format!("{path}?from={day}&to={day}"),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{that_day}");
    assert_eq!(that_day["results"][0]["applicationId"], abandoned);
    let before = day.pred_opt().unwrap();
    let (status, none) = app
        .call(
            Method::GET,
            &format!("{path}?to={before}"),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{none}");
    assert_eq!(none["totalRecordCount"], 0, "{none}");
    let (status, refused) = app
        .call(
            Method::GET,
            &format!("{path}?from=tomorrow"),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(refused["errors"][0]["field"], "from", "{refused}");
    let cca = app.token("cca1@example.com").await;
    let (status, body) = app.call(Method::GET, path, Some(&cca), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(!body.to_string().contains(&abandoned.to_string()), "{body}");
    let (status, _) = app.call(Method::GET, path, Some(&adviser), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // The case in force and the recent one are untouched.
    for case in [&in_force, &recent] {
        let (status, body) = app.get_application(&adviser, case).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert!(workflow_exists(&app, &workflows::application_workflow_id(key(case))).await);
    }
    assert!(
        app.store()
            .rows_held_for_case(key(&in_force))
            .await
            .unwrap()
            > 3
    );
}
