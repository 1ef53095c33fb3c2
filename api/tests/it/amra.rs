//! The AMRA step over HTTP: consent (dated), the report question, the surgery found by the
//! look-up and saved, incomplete details kept or refused as the page claims, and access.

use crate::support::{TestApp, errors};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

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

#[tokio::test(flavor = "multi_thread")]
async fn every_surgery_field_is_saved_and_read_back_and_its_email_is_checked_like_a_clients() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (id, clients) = app.applied_application(&token, false).await;
    let alan = &clients[0];

    // The look-up fills every field the directory has: three address lines and the county.
    let (status, found) = app
        .call(
            Method::GET,
            "/api/v1/backendforfrontend/examiner/lookup?search=health%20centre%20ls6",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{found}");
    let park = found["surgeries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| !s["contactDetails"]["address3"].is_null())
        .expect("a sample surgery with three address lines")
        .clone();
    assert_eq!(park["contactDetails"]["address3"], "81 Station Road");
    assert_eq!(park["contactDetails"]["county"], "West Yorkshire");

    let doctor = |email: &str, confirm: &str| {
        json!({
            "applicantId": alan, "title": "Dr", "forename": "Amara", "surname": "Okafor",
            "contactDetails": {
                "address1": "Unit 4", "address2": "Kirkstall Health Park",
                "address3": "81 Station Road", "cityName": "Leeds", "county": "West Yorkshire",
                "postcode": "ls6 7dj", "phoneNumber": "0113 186 0913", "emailAddress": email
            },
            "confirmEmailAddress": confirm,
            "isExaminerDetailsValid": "true"
        })
    };
    let (status, body) = bff(
        &app,
        &token,
        Method::PATCH,
        "applicant/examiner",
        doctor("Reception@Bücher.example", "reception@bücher.example"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, read) = app.get_application(&token, &id).await;
    assert_eq!(status, StatusCode::OK, "{read}");
    let examiner = &read["applicants"][0]["examiner"];
    assert_eq!(examiner["isExaminerDetailsValid"], true);
    assert_eq!(examiner["title"], "Dr");
    let c = &examiner["contactDetails"];
    assert_eq!(
        (
            c["address3"].as_str(),
            c["county"].as_str(),
            c["postcode"].as_str(),
            c["emailAddress"].as_str()
        ),
        (
            Some("81 Station Road"),
            Some("West Yorkshire"),
            Some("LS6 7DJ"),
            Some("Reception@bücher.example")
        )
    );

    // §5: a provider on the blocked list is refused with the spec's message, on the field.
    let (status, body) = bff(
        &app,
        &token,
        Method::PATCH,
        "applicant/examiner",
        doctor("gp@qq.com", "gp@qq.com"),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["detail"], "Please check surgery emailAddress");
    let field = errors(&body);
    assert_eq!(field[0].0, "contactDetails.emailAddress");
    assert!(field[0].1.starts_with("Unfortunately, we can’t accept"));
    // Malformed, or not confirmed: refused by the rule before any service is asked.
    let (status, body) = bff(
        &app,
        &token,
        Method::PATCH,
        "applicant/examiner",
        doctor("gp@-bücher.example", "gp@-bücher.example"),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(errors(&body)[0].0, "contactDetails.emailAddress");
    let (status, body) = bff(
        &app,
        &token,
        Method::PATCH,
        "applicant/examiner",
        doctor("gp@bücher.example", "gp@buecher.example"),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["detail"], "Please check surgery confirmEmailAddress");
    // A line of 41 characters is refused (§5 address lines 40).
    let mut long = doctor("", "");
    long["contactDetails"]["address3"] = json!("x".repeat(41));
    let (status, body) = bff(&app, &token, Method::PATCH, "applicant/examiner", long).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(errors(&body)[0].0, "contactDetails.address3");
}
