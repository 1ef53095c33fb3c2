//! The underwriters' workbench over HTTP against a real Temporal dev server and database: a
//! case referred by the rulebook (Alan drinks 60 units a week: a GP report is needed) is
//! claimed, evidence is asked for, chased by the workflow's durable timer (time skipped by the
//! server), received, held for the client where they asked to see it, and decided; the adviser
//! reads every update and prices the decision on the underwriter's terms. And who may do what.

use crate::support::interview::underwrite;
use crate::support::seeded::{amra, drinking};
use crate::support::{TestApp, eventually};
use domain::testkit::PLAIN_ANSWERS;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::time::Duration;

/// Alan (60 units a week: referred for a GP report) and Ada (nothing to disclose), both
/// interviews closed: the case waits at Underwriting.
async fn referred_case(app: &TestApp, token: &str) -> (Value, Vec<Value>) {
    let (id, clients) = app.applied_application(token, true).await;
    underwrite(app, token, &id, &clients[0], &drinking("60")).await;
    underwrite(app, token, &id, &clients[1], PLAIN_ANSWERS).await;
    eventually(Duration::from_secs(20), || async {
        let (_, application) = app.get_application(token, &id).await;
        (application["status"] == "UNDERWRITING").then_some(())
    })
    .await;
    (id, clients)
}

/// A call to the workbench: `path` under `/api/v1/underwriter/cases/{id}`.
async fn workbench(
    app: &TestApp,
    token: &str,
    method: Method,
    id: &Value,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let path = format!("/api/v1/underwriter/cases/{id}{path}");
    app.call(method, &path, Some(token), body).await
}

async fn list(app: &TestApp, token: &str, filter: &str) -> Vec<i64> {
    let (status, page) = app
        .call(
            Method::GET,
            &format!("/api/v1/underwriter/cases?filter={filter}"),
            Some(token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    page["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_i64().unwrap())
        .collect()
}

/// Posts `bytes` as the evidence's document.
async fn upload(
    app: &TestApp,
    token: &str,
    id: &Value,
    evidence: &str,
    bytes: Vec<u8>,
    content_type: &str,
) -> (StatusCode, Value) {
    let part = reqwest::multipart::Part::bytes(bytes)
        .file_name("GP report.pdf")
        .mime_str(content_type)
        .unwrap();
    let form = reqwest::multipart::Form::new().part("document", part);
    let response = app
        .http
        .post(format!(
            "{}/api/v1/underwriter/cases/{id}/evidence/{evidence}/received",
            app.base
        ))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Waits until Temporal's visibility finds the case's workflow by `query` (the case handlers'
/// search attributes are written with each change, and read a moment later).
async fn found_by(app: &TestApp, id: &Value, query: &str) {
    use futures::StreamExt;
    let query = format!("WorkflowId = \"application-{id}\" AND {query}");
    eventually(Duration::from_secs(20), || async {
        let found: Vec<_> = app
            .temporal_client()
            .list_workflows(
                &query,
                temporalio_client::WorkflowListOptions::builder().build(),
            )
            .collect()
            .await;
        (found.len() == 1).then_some(())
    })
    .await;
}

fn pdf() -> Vec<u8> {
    b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".to_vec()
}

fn updates(application: &Value) -> Vec<String> {
    application["underwritingUpdates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["update"].as_str().unwrap().to_owned())
        .collect()
}

fn evidence(case: &Value) -> &Value {
    &case["application"]["referral"]["evidence"][0]
}

fn uk_date_in(days: i64) -> String {
    let today = domain::dates::uk_date(chrono::Utc::now());
    (today + chrono::Duration::days(days))
        .format("%d/%m/%Y")
        .to_string()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_referred_case_goes_from_claim_through_a_chased_gp_report_to_the_decision_the_adviser_prices()
 {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let ruth = app.token("underwriter1@example.com").await;
    let sam = app.token("underwriter2@example.com").await;
    let (id, clients) = referred_case(&app, &adviser).await;
    let key = id.as_i64().unwrap();
    let alan = &clients[0];

    // On the workbench, unclaimed, with the rule that referred Alan's cover.
    assert!(list(&app, &ruth, "unclaimed").await.contains(&key));
    let (_, page) = app
        .call(Method::GET, "/api/v1/underwriter/cases", Some(&ruth), None)
        .await;
    let row = page["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap();
    assert_eq!(
        row["referred"][0]["rules"][0]["rule"], "ALCOHOL-51-70",
        "{row}"
    );
    assert_eq!(row["adviserName"], "Priya Shah");
    assert_eq!(row["firmName"], "Northfield Financial Planning");
    assert_eq!(row["daysSinceReferral"], 0);

    let gp_report = json!({ "applicantId": alan, "kind": "gpReport" });
    let (status, body) = workbench(
        &app,
        &ruth,
        Method::POST,
        &id,
        "/evidence",
        Some(gp_report.clone()),
    )
    .await;
    assert_eq!(
        (status, body["detail"].as_str()),
        (
            StatusCode::CONFLICT,
            Some("Claim this case before working on it")
        )
    );
    let (status, case) = workbench(&app, &ruth, Method::POST, &id, "/claim", None).await;
    assert_eq!(status, StatusCode::OK, "{case}");
    assert_eq!(case["isMine"], true);
    assert_eq!(
        case["enquiries"].as_array().unwrap().len(),
        2,
        "each client's answers"
    );
    assert!(list(&app, &ruth, "mine").await.contains(&key));
    assert!(!list(&app, &ruth, "unclaimed").await.contains(&key));

    // A GP report needs Alan's AMRA consent, which the adviser may give while the case is with
    // underwriting.
    let (status, body) = workbench(
        &app,
        &ruth,
        Method::POST,
        &id,
        "/evidence",
        Some(gp_report.clone()),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(
        body["detail"]
            .as_str()
            .unwrap()
            .contains("has not given AMRA consent"),
        "{body}"
    );
    amra(&app, &adviser, alan.as_str().unwrap(), false).await;
    let (status, case) =
        workbench(&app, &ruth, Method::POST, &id, "/evidence", Some(gp_report)).await;
    assert_eq!(status, StatusCode::OK, "{case}");
    let asked = evidence(&case).clone();
    assert_eq!(asked["provider"], "The Surgery");
    assert_eq!(asked["status"], "requested");
    let evidence_id = asked["id"].as_str().unwrap().to_owned();
    assert!(list(&app, &ruth, "evidence").await.contains(&key));
    assert!(!list(&app, &ruth, "overdue").await.contains(&key));
    // Case handlers find it waiting for evidence, its next deadline the chase.
    let chase_at = {
        let expected =
            chrono::NaiveDate::parse_from_str(asked["expectedBy"].as_str().unwrap(), "%Y-%m-%d")
                .unwrap();
        domain::dates::start_of_uk_day(expected.succ_opt().unwrap())
    };
    let at =
        |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    found_by(&app, &id, &format!(
        "WaitingFor = \"evidence\" AND EvidenceOverdue = false AND NextDeadline >= \"{}\" AND NextDeadline < \"{}\"",
        at(chase_at),
        at(chase_at + chrono::Duration::seconds(1))
    ))
    .await;

    // The expected date passes without it: the workflow's timer chases it (time skipped once).
    app.skip_to_next_timer(&id).await;
    let chased = eventually(Duration::from_secs(30), || async {
        let (_, application) = app.get_application(&adviser, &id).await;
        let chase = updates(&application)
            .into_iter()
            .find(|u| u.starts_with("GP report from The Surgery chased on"));
        chase.map(|c| (c, application))
    })
    .await;
    assert!(
        chased.0.ends_with(&format!("now expected by {}.", {
            // Chased on the day after the 28 days, and expected a week after that.
            uk_date_in(29 + 7)
        })),
        "{}",
        chased.0
    );
    assert!(list(&app, &ruth, "overdue").await.contains(&key));
    found_by(
        &app,
        &id,
        "WaitingFor = \"evidence\" AND EvidenceOverdue = true",
    )
    .await;
    assert_eq!(
        chased.1["referral"]["evidence"][0]["chases"]
            .as_array()
            .unwrap()
            .len(),
        1
    );

    // Sam takes the case over; the handover is recorded and Ruth may no longer act on it.
    let (status, case) = workbench(&app, &sam, Method::POST, &id, "/claim", None).await;
    assert_eq!(status, StatusCode::OK, "{case}");
    let claims = case["application"]["referral"]["claims"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(claims.last().unwrap()["kind"], "takenOver");
    assert_eq!(claims.last().unwrap()["from"]["name"], "Ruth Ellis");
    let (status, _) = workbench(&app, &ruth, Method::POST, &id, "/release", None).await;
    assert_eq!(status, StatusCode::CONFLICT);
    workbench(&app, &ruth, Method::POST, &id, "/claim", None).await;

    // A file that is not a PDF, or too large, is refused and nothing is kept.
    let path = format!("/evidence/{evidence_id}/received");
    let (status, body) = upload(
        &app,
        &ruth,
        &id,
        &evidence_id,
        b"GIF89a...".to_vec(),
        "application/pdf",
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["errors"][0]["field"], "document");
    let mut huge = pdf();
    huge.resize(10 * 1024 * 1024 + 1, b' ');
    let (status, body) = upload(&app, &ruth, &id, &evidence_id, huge, "application/pdf").await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    let (status, _) = workbench(
        &app,
        &ruth,
        Method::GET,
        &id,
        &format!("/evidence/{evidence_id}/document"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "nothing was kept");
    let (status, body) = workbench(&app, &ruth, Method::POST, &id, &path, Some(json!({}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    let (status, case) = upload(&app, &ruth, &id, &evidence_id, pdf(), "application/pdf").await;
    assert_eq!(status, StatusCode::OK, "{case}");
    assert_eq!(evidence(&case)["status"], "received");
    let document = evidence(&case)["received"]["document"].clone();
    let response = app
        .http
        .get(format!(
            "{}/api/v1/underwriter/cases/{id}/evidence/{evidence_id}/document",
            app.base
        ))
        .bearer_auth(&ruth)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.bytes().await.unwrap().to_vec(), pdf());
    // A medical report is not the adviser's to read.
    let (status, _) = app
        .call(
            Method::GET,
            &format!(
                "/api/v1/document/{}/{}",
                document["id"].as_str().unwrap(),
                document["fileName"].as_str().unwrap()
            ),
            Some(&adviser),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // The decision is checked first, then moves the case to Decision.
    let mut decision = json!({ "applicantId": alan, "coverId": row["referred"][0]["coverId"], "decision": "loading", "loadingPercent": 301, "reason": "" });
    let (status, body) = workbench(
        &app,
        &ruth,
        Method::POST,
        &id,
        "/decision",
        Some(decision.clone()),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(crate::support::fields(&body), ["loadingPercent", "reason"]);
    decision["loadingPercent"] = json!(50);
    decision["reason"] = json!("Alcohol intake confirmed by the GP as stable for ten years");
    let (status, case) =
        workbench(&app, &ruth, Method::POST, &id, "/decision", Some(decision)).await;
    assert_eq!(status, StatusCode::OK, "{case}");
    assert_eq!(case["application"]["status"], "DECISION");
    assert!(
        !list(&app, &ruth, "").await.contains(&key),
        "off the workbench"
    );

    // The adviser: a new update on the dashboard until they read them, each in order.
    let (_, found) = app.search(&adviser, &format!("?searchTerm={key}")).await;
    assert_eq!(found["results"][0]["hasNewUnderwritingUpdate"], true);
    let (status, read) = app
        .call(
            Method::GET,
            &format!("/api/v1/backendforfrontend/underwritingupdates/{key}"),
            Some(&adviser),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let said: Vec<&str> = read["updates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["update"].as_str().unwrap())
        .collect();
    assert!(
        said[0].starts_with("GP report from The Surgery requested for Alan Turing; expected by"),
        "{said:?}"
    );
    assert!(
        said[1].starts_with("GP report from The Surgery chased on"),
        "{said:?}"
    );
    assert_eq!(
        said[2],
        "GP report from The Surgery received for Alan Turing."
    );
    assert_eq!(
        said[3],
        "Decision for Alan Turing: Life Protection: non-standard terms from the underwriter: the premium is loaded by 50%. Reason: Alcohol intake confirmed by the GP as stable for ten years"
    );
    assert_eq!(read["updates"][0]["author"], "Ruth Ellis, underwriter");
    let (_, found) = app.search(&adviser, &format!("?searchTerm={key}")).await;
    assert_eq!(found["results"][0]["hasNewUnderwritingUpdate"], false);

    // The decision is priced on the underwriter's terms, and the adviser proceeds.
    let (status, priced) = app
        .call(
            Method::POST,
            &format!("/api/v1/actions/TriggerDecisionQuote/{key}"),
            Some(&adviser),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{priced}");
    let premium = |quote: &Value| {
        quote["quoteApplicants"][0]["quoteCovers"][0]["premium"]
            .as_f64()
            .unwrap()
    };
    assert!(
        premium(&priced["decisionQuote"]) > premium(&priced["quote"]) * 1.2,
        "{priced}"
    );
    let manual = &priced["applicantsEnquiries"][0]["outcome"]["covers"][0]["manual"];
    assert_eq!(manual["referredAs"], "additionalevidence");
    assert_eq!(manual["decidedBy"]["name"], "Ruth Ellis");
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/v1/decision/{key}/proceed"),
            Some(&adviser),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The decision document gives the underwriter's terms and reason beside the rulebook's.
    let pdf = app
        .http
        .get(format!(
            "{}/api/v1/application/{key}/document/decision",
            app.base
        ))
        .bearer_auth(&adviser)
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let text = crate::support::pdf_text(&pdf);
    assert!(
        text.contains("Decided by the underwriter Ruth Ellis"),
        "{text}"
    );
    assert!(text.contains("stable for ten years"), "{text}");
    assert!(text.contains("ALCOHOL-51-70"), "{text}");

    app.keep_history(&id, "underwriter-claims-chases-and-decides")
        .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_report_the_client_asked_to_see_is_held_21_days_before_the_underwriter_may_decide() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let ruth = app.token("underwriter1@example.com").await;
    let (id, clients) = referred_case(&app, &adviser).await;
    let alan = &clients[0];
    amra(&app, &adviser, alan.as_str().unwrap(), true).await;
    workbench(&app, &ruth, Method::POST, &id, "/claim", None).await;
    let (_, case) = workbench(
        &app,
        &ruth,
        Method::POST,
        &id,
        "/evidence",
        Some(json!({ "applicantId": alan, "kind": "gpReport" })),
    )
    .await;
    let evidence_id = evidence(&case)["id"].as_str().unwrap().to_owned();
    let cover = case["referred"][0]["coverId"].clone();
    let (status, case) = upload(&app, &ruth, &id, &evidence_id, pdf(), "application/pdf").await;
    assert_eq!(status, StatusCode::OK, "{case}");
    assert_eq!(evidence(&case)["status"], "held");
    let until = evidence(&case)["received"]["heldUntil"]
        .as_str()
        .unwrap()
        .to_owned();
    let decision = json!({ "applicantId": alan, "coverId": cover, "decision": "standardterms", "reason": "Light drinking confirmed" });
    let (status, body) = workbench(
        &app,
        &ruth,
        Method::POST,
        &id,
        "/decision",
        Some(decision.clone()),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(
        body["detail"]
            .as_str()
            .unwrap()
            .contains("as the client asked to see it first"),
        "{body}"
    );
    let (status, _) = workbench(
        &app,
        &ruth,
        Method::GET,
        &id,
        &format!("/evidence/{evidence_id}/document"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "held: not to be read yet");

    // The hold ends by the workflow's timer (time skipped once to it).
    app.skip_to_next_timer(&id).await;
    eventually(Duration::from_secs(30), || async {
        let (_, case) = workbench(&app, &ruth, Method::GET, &id, "", None).await;
        (evidence(&case)["status"] == "received").then_some(())
    })
    .await;
    let (_, application) = app.get_application(&adviser, &id).await;
    let released = updates(&application).into_iter().last().unwrap();
    let day = chrono::NaiveDate::parse_from_str(&until, "%Y-%m-%d")
        .unwrap()
        .format("%d/%m/%Y");
    assert!(
        released.contains(&format!("released to the underwriter on {day}")),
        "{released}"
    );
    let (status, case) =
        workbench(&app, &ruth, Method::POST, &id, "/decision", Some(decision)).await;
    assert_eq!(status, StatusCode::OK, "{case}");
    assert_eq!(case["application"]["status"], "DECISION");
}

/// Every call of the workbench, on case `id` (the path names the rest; the role check comes
/// before any of them is read).
fn workbench_calls(id: impl std::fmt::Display) -> Vec<(Method, String)> {
    let case = format!("/api/v1/underwriter/cases/{id}");
    vec![
        (Method::GET, "/api/v1/underwriter/cases".to_owned()),
        (Method::GET, case.clone()),
        (Method::POST, format!("{case}/claim")),
        (Method::POST, format!("{case}/release")),
        (Method::GET, format!("{case}/applicants/someone/answers")),
        (Method::POST, format!("{case}/evidence")),
        (Method::POST, format!("{case}/evidence/someone/received")),
        (Method::GET, format!("{case}/evidence/someone/document")),
        (Method::POST, format!("{case}/decision")),
        (Method::POST, format!("{case}/updates")),
    ]
}

#[tokio::test(flavor = "multi_thread")]
async fn only_underwriters_use_the_workbench_and_advisers_still_see_only_their_firms_cases() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let (id, _) = referred_case(&app, &adviser).await;
    let (quoted, _) = app.quoted_application(&adviser, false).await;
    let ruth = app.token("underwriter1@example.com").await;

    for user in [
        "adviser1@example.com",
        "assistant1@example.com",
        "cca1@example.com",
        "ccaadmin1@example.com",
        "client1@example.com",
    ] {
        let token = app.token(user).await;
        for (method, path) in workbench_calls(&id) {
            let (status, body) = app.call(method, &path, Some(&token), Some(json!({}))).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{user} {path}: {body}");
        }
    }
    for (method, path) in workbench_calls(&id) {
        let (status, body) = app.call(method, &path, None, Some(json!({}))).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "no token {path}: {body}");
    }

    // A case never referred, or none at all, does not exist on the workbench.
    for missing in [quoted.to_string(), "999999".into(), "abc".into()] {
        let (status, _) = app
            .call(
                Method::GET,
                &format!("/api/v1/underwriter/cases/{missing}"),
                Some(&ruth),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
    }
    let (status, body) = app
        .call(
            Method::GET,
            "/api/v1/underwriter/cases?filter=someone",
            Some(&ruth),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    // An underwriter is not an adviser: the adviser's calls refuse them.
    let (status, _) = app.get_application(&ruth, &id).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Another firm's adviser does not see the case, nor its updates.
    let outsider = app.token("adviser3@example.com").await;
    assert_eq!(
        app.get_application(&outsider, &id).await.0,
        StatusCode::NOT_FOUND
    );
    let (status, _) = app
        .call(
            Method::GET,
            &format!("/api/v1/backendforfrontend/underwritingupdates/{id}"),
            Some(&outsider),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_adviser_may_requote_while_the_case_is_with_underwriting() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let ruth = app.token("underwriter1@example.com").await;
    let (id, clients) = referred_case(&app, &adviser).await;
    workbench(&app, &ruth, Method::POST, &id, "/claim", None).await;
    workbench(
        &app,
        &ruth,
        Method::POST,
        &id,
        "/evidence",
        Some(json!({ "applicantId": clients[0], "kind": "bloodTests" })),
    )
    .await;
    // Ruth tells the adviser where things stand, and leaves the case for a colleague.
    let said = "Waiting for the blood test results before deciding";
    let (status, case) = workbench(
        &app,
        &ruth,
        Method::POST,
        &id,
        "/updates",
        Some(json!({ "text": said })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{case}");
    assert_eq!(updates(&case["application"]).last().unwrap(), said);
    let (status, case) = workbench(&app, &ruth, Method::POST, &id, "/release", None).await;
    assert_eq!(status, StatusCode::OK, "{case}");
    assert_eq!(case["application"]["referral"]["claim"], Value::Null);
    let (status, application) = app
        .call(
            Method::POST,
            &format!("/api/v1/decision/{id}/requote"),
            Some(&adviser),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{application}");
    assert_eq!(application["status"], "QUOTE");
    assert_eq!(
        application["referral"]["evidence"][0]["status"],
        "withdrawn"
    );
    assert!(
        updates(&application)
            .last()
            .unwrap()
            .ends_with("no longer needed: the adviser requoted.")
    );
    let (status, _) = workbench(&app, &ruth, Method::POST, &id, "/claim", None).await;
    assert_eq!(status, StatusCode::CONFLICT, "no longer with underwriting");

    app.keep_history(&id, "underwriter-requoted-by-the-adviser")
        .await;
}
