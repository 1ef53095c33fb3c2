//! The AMRA step over HTTP: consent (dated), the report question, the surgery found by the
//! look-up and saved, incomplete details kept or refused as the page claims, and access.

mod support;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::{TestApp, errors};

async fn bff(
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    body: Value,
) -> (StatusCode, Value) {
    app.call(
        method,
        &format!("/api/v1/backendforfrontend/{path}"),
        Some(token),
        Some(body),
    )
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn consent_the_report_question_and_a_surgery_from_the_look_up_make_amra_ready() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (id, clients) = app.applied_application(&token, false).await;
    let alan = &clients[0];

    let (status, body) = bff(
        &app,
        &token,
        Method::POST,
        "applicant/isAmraConsentGranted",
        json!({ "applicantId": alan, "isAmraConsentGranted": true }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let today = domain::dates::uk_date(chrono::Utc::now()).to_string();
    assert_eq!(body["applicants"][0]["isAmraConsentGranted"], true);
    assert_eq!(body["applicants"][0]["amraConsentGrantedOn"], today);
    let (status, body) = bff(
        &app,
        &token,
        Method::POST,
        "applicant/isViewMedicalReportsRequested",
        json!({ "applicantId": alan, "isViewMedicalReportsRequested": false }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["applicants"][0]["isViewMedicalReportsRequested"],
        false
    );

    let (status, found) = app
        .call(
            Method::GET,
            "/api/v1/backendforfrontend/examiner/lookup?search=leeds",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{found}");
    assert_eq!(found["isSample"], true);
    let surgery = found["surgeries"][0].clone();
    assert_eq!(surgery["contactDetails"]["cityName"], "LEEDS");

    // Details the page says are complete but are not: what is missing is named.
    let mut incomplete = json!({ "applicantId": alan, "organisationName": surgery["organisationName"], "contactDetails": { "address1": "1 River Lane", "cityName": "Leeds" }, "isExaminerDetailsValid": "true" });
    let (status, body) = bff(
        &app,
        &token,
        Method::PATCH,
        "applicant/examiner",
        incomplete.clone(),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["detail"],
        "Please check surgery postcode and surgery number"
    );
    // Saved as incomplete when the page says so.
    incomplete["isExaminerDetailsValid"] = json!("false");
    let (status, body) = bff(
        &app,
        &token,
        Method::PATCH,
        "applicant/examiner",
        incomplete.clone(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["applicants"][0]["examiner"]["isExaminerDetailsValid"],
        false
    );
    incomplete["isExaminerDetailsValid"] = json!("yes");
    let (status, body) = bff(
        &app,
        &token,
        Method::PATCH,
        "applicant/examiner",
        incomplete,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(errors(&body)[0].0, "isExaminerDetailsValid");

    let chosen = json!({ "applicantId": alan, "organisationName": surgery["organisationName"], "contactDetails": surgery["contactDetails"], "isExaminerDetailsValid": "true" });
    let (status, body) = bff(
        &app,
        &token,
        Method::PATCH,
        "applicant/examiner",
        chosen.clone(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let examiner = &body["applicants"][0]["examiner"];
    assert_eq!(examiner["isExaminerDetailsValid"], true);
    assert_eq!(examiner["organisationName"], surgery["organisationName"]);

    // Another firm's adviser cannot touch the client.
    let outsider = app.token("adviser3@example.com").await;
    let (status, _) = bff(&app, &outsider, Method::PATCH, "applicant/examiner", chosen).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = bff(
        &app,
        &outsider,
        Method::POST,
        "applicant/isAmraConsentGranted",
        json!({ "applicantId": alan, "isAmraConsentGranted": false }),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    app.keep_history(&id, "amra-consent-reports-and-surgery")
        .await;
}
