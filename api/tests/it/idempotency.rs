//! `Idempotency-Key` as draft-ietf-httpapi-idempotency-key-header reads it, over HTTP against a
//! real portal: a retry with the same key and payload gets the first answer and changes nothing
//! again, however its JSON is written; another payload with the key is refused; the key is the
//! caller's and the operation's own; it is kept a day; duplicates arriving together change the
//! case once.

use crate::support::{TestApp, client, fields, life_cover};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// A case of adviser1's with one client, and the client's id.
async fn case_with_a_client(app: &TestApp, token: &str) -> (Value, Value) {
    let created = app.create_application(token).await;
    let (status, with_client) = app
        .add_applicant(token, &created, client("Alan", "Turing", "1985-06-23"))
        .await;
    assert_eq!(status, StatusCode::OK, "{with_client}");
    let alan = with_client["applicants"][0]["id"].clone();
    (created["id"].clone(), alan)
}

/// `POST /actions/MutateCovers/add` with a raw body and a key, as an integrator's client sends it.
async fn add_cover(app: &TestApp, token: &str, key: &str, body: String) -> reqwest::Response {
    app.http
        .post(format!("{}/api/v1/actions/MutateCovers/add", app.base))
        .bearer_auth(token)
        .header("Idempotency-Key", key)
        .header("Content-Type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap()
}

async fn covers_of(app: &TestApp, token: &str, id: &Value) -> usize {
    let (_, stored) = app.get_application(token, id).await;
    stored["applicants"][0]["covers"].as_array().unwrap().len()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_retry_written_differently_gets_the_first_answer_and_changes_nothing_again() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (id, alan) = case_with_a_client(&app, &token).await;
    let first = add_cover(
        &app,
        &token,
        "add-life-1",
        format!(
            r#"{{"applicationId":{id},"applicantId":{alan},"cover":{{"productType":"life","coverType":"level","coverAmount":90000,"term":20}}}}"#
        ),
    )
    .await;
    assert_eq!(first.status(), StatusCode::OK);
    let cover_id = first.headers()["cover-id"].clone();
    assert!(first.headers().get("idempotent-replayed").is_none());
    let first: Value = first.json().await.unwrap();

    // The same request as another client library writes it: members in another order, the
    // amount as a decimal, spaces.
    let again = add_cover(
        &app,
        &token,
        "add-life-1",
        format!(
            r#"{{ "cover": {{ "term": 20, "coverAmount": 90000.0, "coverType": "level", "productType": "life" }}, "applicantId": {alan}, "applicationId": {id} }}"#
        ),
    )
    .await;
    assert_eq!(again.status(), StatusCode::OK);
    assert_eq!(
        again.headers()["cover-id"],
        cover_id,
        "the first answer's headers"
    );
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    assert_eq!(
        again.json::<Value>().await.unwrap(),
        first,
        "the first answer's body"
    );
    assert_eq!(covers_of(&app, &token, &id).await, 1, "one cover, not two");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_same_key_with_another_payload_is_refused_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (id, alan) = case_with_a_client(&app, &token).await;
    let body = |amount: u64| {
        json!({ "applicationId": id, "applicantId": alan, "cover": life_cover(amount, 20) })
            .to_string()
    };
    let first = add_cover(&app, &token, "add-life-2", body(90_000)).await;
    assert_eq!(first.status(), StatusCode::OK);

    let other = add_cover(&app, &token, "add-life-2", body(120_000)).await;
    assert_eq!(other.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let problem: Value = other.json().await.unwrap();
    assert_eq!(
        problem["type"],
        "urn:adviser-portal:problem:idempotency-key-reused"
    );
    let (_, stored) = app.get_application(&token, &id).await;
    let covers = stored["applicants"][0]["covers"].as_array().unwrap();
    assert_eq!(covers.len(), 1);
    assert_eq!(covers[0]["coverAmount"], 90_000);

    // A key that cannot be read is refused before anything else.
    let refused = add_cover(&app, &token, "two words", body(90_000)).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert_eq!(fields(&refused.json().await.unwrap()), ["Idempotency-Key"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_key_is_its_callers_and_its_operations_own() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let assistant = app.token("assistant1@example.com").await;
    let (id, alan) = case_with_a_client(&app, &adviser).await;
    let body = json!({ "applicationId": id, "applicantId": alan, "cover": life_cover(90_000, 20) })
        .to_string();
    let first = add_cover(&app, &adviser, "shared-key", body.clone()).await;
    assert_eq!(first.status(), StatusCode::OK);

    // The assistant acting for the adviser sends the same key and payload: theirs is another
    // request, never a replay of the adviser's answer.
    let assistants = add_cover(&app, &assistant, "shared-key", body).await;
    assert_eq!(assistants.status(), StatusCode::OK);
    assert!(assistants.headers().get("idempotent-replayed").is_none());
    assert_eq!(covers_of(&app, &adviser, &id).await, 2);

    // The same key on another operation (a child added) is that operation's own.
    let child = app
        .http
        .post(format!("{}/api/v1/application/{id}/children", app.base))
        .bearer_auth(&adviser)
        .header("Idempotency-Key", "shared-key")
        .json(&json!({ "firstName": "Ada", "surname": "Turing", "dateOfBirth": "2020-02-02" }))
        .send()
        .await
        .unwrap();
    assert!(child.status().is_success(), "{}", child.status());
    assert!(child.headers().get("idempotent-replayed").is_none());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_key_past_its_day_is_a_new_key() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (id, alan) = case_with_a_client(&app, &token).await;
    let body = |amount: u64| {
        json!({ "applicationId": id, "applicantId": alan, "cover": life_cover(amount, 20) })
            .to_string()
    };
    assert_eq!(
        add_cover(&app, &token, "old-key", body(90_000))
            .await
            .status(),
        StatusCode::OK
    );
    app.database.age_idempotency_keys().await;
    let later = add_cover(&app, &token, "old-key", body(150_000)).await;
    assert_eq!(
        later.status(),
        StatusCode::OK,
        "a new request, not a reused key"
    );
    assert_eq!(covers_of(&app, &token, &id).await, 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn duplicates_arriving_together_change_the_case_once() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (id, alan) = case_with_a_client(&app, &token).await;
    let body = json!({ "applicationId": id, "applicantId": alan, "cover": life_cover(90_000, 20) })
        .to_string();
    let answers = futures::future::join_all(
        (0..6).map(|_| add_cover(&app, &token, "together", body.clone())),
    )
    .await;
    let mut bodies = Vec::new();
    for answer in answers {
        match answer.status() {
            StatusCode::OK => bodies.push(answer.json::<Value>().await.unwrap()),
            StatusCode::CONFLICT => {
                assert!(answer.headers().contains_key("retry-after"));
                let problem: Value = answer.json().await.unwrap();
                assert_eq!(
                    problem["type"],
                    "urn:adviser-portal:problem:idempotency-key-in-use"
                );
            }
            other => panic!("unexpected {other}"),
        }
    }
    assert!(!bodies.is_empty());
    assert!(
        bodies.windows(2).all(|w| w[0] == w[1]),
        "one answer for all"
    );
    // Sent again once the first has answered, each gets that answer.
    let settled: Value = add_cover(&app, &token, "together", body)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(settled, bodies[0]);
    assert_eq!(covers_of(&app, &token, &id).await, 1);
}

/// A browser that got no answer to "Create" sends it again with the same `Idempotency-Key`:
/// the adviser gets the first answer, the case the first request made, not a second one.
#[tokio::test(flavor = "multi_thread")]
async fn creating_again_with_the_same_idempotency_key_gives_the_same_case() {
    let app = TestApp::spawn().await;
    let assistant = app.token("assistant1@example.com").await;
    let create = |query: &'static str, key: &'static str| {
        app.http
            .post(format!(
                "{}/api/v1/backendforfrontend/application/create{query}",
                app.base
            ))
            .bearer_auth(&assistant)
            .header("Idempotency-Key", key)
            .send()
    };
    let first = create("?adviserId=adviser1", "create-1").await.unwrap();
    assert_eq!(first.status(), StatusCode::CREATED);
    let first: Value = first.json().await.unwrap();
    let (status, _) = app
        .add_applicant(&assistant, &first, client("Alan", "Turing", "1980-06-23"))
        .await;
    assert_eq!(status, StatusCode::OK);

    let again = create("?adviserId=adviser1", "create-1").await.unwrap();
    assert_eq!(again.status(), StatusCode::CREATED);
    let again: Value = again.json().await.unwrap();
    assert_eq!(again, first, "the first answer, as it was");
    let (_, listed) = app.search(&assistant, "?adviserId=adviser1").await;
    assert_eq!(listed["totalRecordCount"], 1, "{listed}");

    // The same key for another owner is another payload: refused, never answered with
    // adviser1's case.
    let refused = create("", "create-1").await.unwrap();
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    // Another key is another case.
    let other = create("?adviserId=adviser1", "create-2").await.unwrap();
    let other: Value = other.json().await.unwrap();
    assert_ne!(other["id"], first["id"]);
    let (_, listed) = app.search(&assistant, "?adviserId=adviser1").await;
    assert_eq!(listed["totalRecordCount"], 2, "{listed}");
}

/// The OpenAPI document states the key's rules on every command, with how long a key is kept.
#[tokio::test(flavor = "multi_thread")]
async fn the_document_states_the_rules_and_the_time_a_key_is_kept() {
    let app = TestApp::spawn().await;
    let (status, document) = app.call(Method::GET, "/api/openapi.json", None, None).await;
    assert_eq!(status, StatusCode::OK);
    let add = &document["paths"]["/api/v1/actions/MutateCovers/add"]["post"];
    let header = add["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Idempotency-Key")
        .unwrap();
    let said = header["description"].as_str().unwrap();
    let kept = format!("kept for {} hours", api::idempotency::KEEP.num_hours());
    assert!(said.contains(&kept), "{said}");
    assert!(
        add["responses"]["422"]["description"]
            .as_str()
            .unwrap()
            .contains("idempotency-key-reused")
    );
    assert!(
        add["responses"]["409"]["description"]
            .as_str()
            .unwrap()
            .contains("idempotency-key-in-use")
    );
}
