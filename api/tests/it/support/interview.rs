//! Driving a client's underwriting interview over HTTP: start, answer, declare and close, and
//! a whole interview with given answers (`domain::testkit::PLAIN_ANSWERS` for a client with
//! nothing to disclose).

use super::TestApp;
use domain::testkit::PLAIN_ANSWERS;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

pub fn start_body() -> Value {
    json!({ "answers": [{ "tag": "ENQUIRY_TYPE", "value": "Full" }] })
}

pub async fn start(app: &TestApp, token: &str, client: &Value) -> (StatusCode, Value) {
    let path = format!("/api/v1/underwriting/{}/start", client.as_str().unwrap());
    app.call(Method::POST, &path, Some(token), Some(start_body()))
        .await
}

pub async fn answer(
    app: &TestApp,
    token: &str,
    client: &Value,
    answers: &[(&str, &str)],
) -> (StatusCode, Value) {
    let answers: Vec<Value> = answers
        .iter()
        .map(|(tag, value)| json!({ "tag": tag, "value": value }))
        .collect();
    let path = format!(
        "/api/v1/actions/provideanswers/{}",
        client.as_str().unwrap()
    );
    app.call(
        Method::POST,
        &path,
        Some(token),
        Some(json!({ "answers": answers })),
    )
    .await
}

pub async fn get(app: &TestApp, token: &str, client: &Value) -> (StatusCode, Value) {
    let path = format!("/api/v1/underwriting/{}", client.as_str().unwrap());
    app.call(Method::GET, &path, Some(token), None).await
}

pub async fn declare_and_close(app: &TestApp, token: &str, id: &Value, client: &Value) -> Value {
    let body = json!({ "applicationId": id, "applicantId": client });
    let (status, body) = app
        .call(
            Method::POST,
            "/api/v1/actions/acceptuwdeclaration",
            Some(token),
            Some(body),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["declarations"]["acceptedPostUnderwriting"], true);
    let path = format!("/api/v1/underwriting/{}/close", client.as_str().unwrap());
    let (status, body) = app.call(Method::POST, &path, Some(token), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

pub fn answer_of<'a>(enquiry: &'a Value, tag: &str) -> Option<&'a str> {
    enquiry["allAnswers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["tag"] == tag)
        .and_then(|a| a["value"].as_str())
}

/// Starts, answers, declares and closes a client's interview.
pub async fn underwrite(
    app: &TestApp,
    token: &str,
    id: &Value,
    client: &Value,
    answers: &[(&str, &str)],
) {
    assert_eq!(start(app, token, client).await.0, StatusCode::OK);
    let (status, body) = answer(app, token, client, answers).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    declare_and_close(app, token, id, client).await;
}

/// An application with two clients on standard terms, the decision priced, proceeded to
/// set-up; answers its reference.
pub async fn proceeded_application(app: &TestApp, token: &str) -> i64 {
    let (id, clients) = app.applied_application(token, true).await;
    for client in &clients {
        underwrite(app, token, &id, client, PLAIN_ANSWERS).await;
    }
    super::eventually(std::time::Duration::from_secs(20), || async {
        let (_, application) = app.get_application(token, &id).await;
        (application["status"] == "DECISION").then_some(())
    })
    .await;
    let key = id.as_i64().unwrap();
    for path in [
        format!("/api/v1/actions/TriggerDecisionQuote/{key}"),
        format!("/api/v1/decision/{key}/proceed"),
    ] {
        let (status, body) = app.call(Method::POST, &path, Some(token), None).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
    }
    key
}
