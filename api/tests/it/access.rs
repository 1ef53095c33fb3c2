//! Identities and malformed input: every refusal is a problem document with a 4xx. Forged and
//! stale tokens are `token_attacks.rs`.

use crate::support::{TestApp, client};
use reqwest::{Method, StatusCode};
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
async fn the_bootstrap_configuration_needs_no_sign_in() {
    let app = TestApp::spawn().await;
    let (status, body) = app
        .call(Method::GET, "/api/v1/backendforfrontend/config", None, None)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        body["identity"]["authority"],
        format!("{}/dev-idp", app.base)
    );
    assert_eq!(body["identity"]["clientId"], "portal-web");
    assert_eq!(body["rootFolder"], "/v2");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_adviser_endpoint_returns_their_settings_and_refuses_non_advisers() {
    let app = TestApp::spawn().await;
    let token = app.token("assistant1@example.com").await;
    let (status, me) = app
        .call(
            Method::GET,
            "/api/v1/backendforfrontend/adviser",
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["firmName"], "Northfield Financial Planning");
    assert_eq!(me["adviserAtFirmLocationId"], "northfield-leeds");
    assert_eq!(
        me["actsFor"],
        json!([{ "id": "adviser1", "name": "Priya Shah" }])
    );
    assert_eq!(me["uxSettings"]["displayNewQuoteButton"], true);

    let staff = app.token("cca1@example.com").await;
    let (status, body) = app
        .call(
            Method::GET,
            "/api/v1/backendforfrontend/adviser",
            Some(&staff),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let client_user = app.token("client1@example.com").await;
    let (status, _) = app
        .call(
            Method::POST,
            "/api/v1/backendforfrontend/application/create",
            Some(&client_user),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test(flavor = "multi_thread")]
async fn malformed_input_is_a_400_naming_what_is_wrong_never_a_500() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let created = app.create_application(&token).await;
    let path = format!(
        "{}/api/v1/backendforfrontend/application/{}/AddApplicant",
        app.base, created["id"]
    );

    let send = |body: &'static str, content_type: &'static str| {
        app.http
            .post(&path)
            .bearer_auth(&token)
            .header("content-type", content_type)
            .body(body)
            .send()
    };
    for (body, content_type) in [
        ("{not json", "application/json"),
        ("[1,2]", "application/json"),
        (r#"{"firstName":"A"}"#, "text/plain"),
    ] {
        let response = send(body, content_type).await.unwrap();
        assert_eq!(
            response.status(),
            StatusCode::BAD_REQUEST,
            "{body} as {content_type}"
        );
        assert_eq!(
            response.headers()["content-type"],
            "application/problem+json"
        );
    }

    let bad_fields = json!({ "title": "Lord", "gender": "m", "dateOfBirth": "1980-02-30", "firstName": 12, "smoking": "sometimes", "nickname": "Al" });
    let (status, body) = app.add_applicant(&token, &created, bad_fields).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let mut fields: Vec<&str> = body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    fields.sort_unstable();
    assert_eq!(
        fields,
        [
            "applicant.dateOfBirth",
            "applicant.firstName",
            "applicant.gender",
            "applicant.nickname",
            "applicant.smoking",
            "applicant.title"
        ]
    );

    let long =
        json!({ "firstName": "x".repeat(101), "gender": "male", "dateOfBirth": "1980-01-01" });
    let (status, body) = app.add_applicant(&token, &created, long).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        body["errors"][0]["message"],
        "First name must be 100 characters or fewer"
    );

    let (status, body) = app
        .add_applicant(&token, &created, json!({ "firstName": "Alan" }))
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "gender and date of birth are required for a quote"
    );
    assert_eq!(body["errors"].as_array().unwrap().len(), 2);

    for query in ["?status=NOPE", "?page=0", "?page=two", "?page=-1"] {
        let (status, body) = app.search(&token, query).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
        assert!(body["errors"][0]["field"].is_string(), "{query}");
    }
    for id in ["abc", "0", "-5", "1e3"] {
        let (status, _) = app
            .call(
                Method::GET,
                &format!("/api/v1/application/{id}"),
                Some(&token),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{id}");
    }
    let (status, body) = app
        .call(Method::GET, "/api/v1/nothing-here", Some(&token), None)
        .await;
    assert_eq!(
        (status, body["status"].as_u64()),
        (StatusCode::NOT_FOUND, Some(404))
    );

    let (_, read) = app.get_application(&token, &created["id"]).await;
    assert_eq!(read["applicants"], json!([]), "no bad input was stored");
    let (status, _) = app
        .add_applicant(&token, &created, client("Alan", "Turing", "1980-06-23"))
        .await;
    assert_eq!(status, StatusCode::OK);
}

/// §6 `adviserAtFirmLocationId`: a new application records where its adviser works, the
/// location the firm-location notice names; an adviser with no location records none.
#[tokio::test(flavor = "multi_thread")]
async fn a_new_application_records_the_firm_location_its_adviser_works_at() {
    let app = TestApp::spawn().await;
    let york = app.token("adviser2@example.com").await;
    let created = app.create_application(&york).await;
    assert_eq!(created["adviserAtFirmLocationId"], "northfield-york");

    let no_location = app.token("adviser3@example.com").await;
    let created = app.create_application(&no_location).await;
    assert_eq!(created["adviserAtFirmLocationId"], serde_json::Value::Null);
}

/// The limits the schema states for a paged list and an application reference are the ones the
/// API applies, at their edges: a client generated from the document, or a fuzzer, is never
/// refused for a request the document allows (schema fuzzing found both unstated).
#[tokio::test(flavor = "multi_thread")]
async fn the_documented_page_and_reference_limits_are_the_ones_applied() {
    let document: serde_json::Value = serde_json::from_str(&api::openapi_json()).unwrap();
    let search = &document["paths"]["/api/v1/backendforfrontend/application/search"]["get"];
    let page = search["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "page")
        .expect("the search is paged");
    let (least, most) = (
        page["schema"]["minimum"].as_u64().expect("a least page"),
        page["schema"]["maximum"].as_u64().expect("a last page"),
    );
    assert_eq!(
        document["components"]["schemas"]["ApplicationId"]["minimum"],
        1
    );

    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    for (page, allowed) in [
        (least - 1, false),
        (least, true),
        (most, true),
        (most + 1, false),
    ] {
        let (status, body) = app.search(&token, &format!("?page={page}")).await;
        let expected = if allowed {
            StatusCode::OK
        } else {
            StatusCode::BAD_REQUEST
        };
        assert_eq!(status, expected, "page {page}: {body}");
    }
    let created = app.create_application(&token).await;
    for (id, expected) in [
        (json!(0), StatusCode::BAD_REQUEST),
        (created["id"].clone(), StatusCode::OK),
    ] {
        let (status, body) = app
            .call(
                Method::POST,
                "/api/v1/backendforfrontend/application/isMortgageRelated",
                Some(&token),
                Some(json!({ "id": id, "isMortgageRelated": false })),
            )
            .await;
        assert_eq!(status, expected, "reference {id}: {body}");
    }
}

/// A search word holding a NUL finds nothing rather than failing the search (SQLite's full-text
/// index read it as the end of the query: schema fuzzing found a 500).
#[tokio::test(flavor = "multi_thread")]
async fn a_search_word_with_a_nul_finds_nothing() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    app.quoted_application(&token, false).await;
    for query in ["?searchTerm=Tur%00ing", "?searchTerm=%00abc"] {
        let (status, body) = app.search(&token, query).await;
        assert_eq!(status, StatusCode::OK, "{query}: {body}");
        assert_eq!(body["totalRecordCount"], 0, "{query}: {body}");
    }
    let (status, body) = app.search(&token, "?searchTerm=Turing").await;
    assert_eq!(
        (status, &body["totalRecordCount"]),
        (StatusCode::OK, &json!(1))
    );
}
