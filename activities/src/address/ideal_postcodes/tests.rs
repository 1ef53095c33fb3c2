//! Against a local fake that answers as Ideal Postcodes documents. The fake's behaviour is
//! chosen by the API key, so one server serves every case.

use super::*;
use axum::Router;
use axum::extract::{Path, Query, RawQuery, State};
use axum::http::StatusCode as Status;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

const KEY: &str = "ak_test_secret";
/// Long enough for a loaded machine to answer the fake; the timeout test uses its own.
const TIMEOUT: Duration = Duration::from_secs(5);
const BUSY: &str =
    "The address service is busy. Please try again in a moment, or enter the address by hand.";

/// Every raw query string the fake received, to check how the key is sent.
type Queries = Arc<Mutex<Vec<String>>>;

fn address(line_1: &str, udprn: u32) -> Value {
    json!({
        "postcode": "LS1 4AP", "postcode_inward": "4AP", "postcode_outward": "LS1",
        "post_town": "LEEDS", "thoroughfare": "Quarrydene Street", "building_number": "",
        "line_1": line_1, "line_2": "Quarrydene Street", "line_3": "",
        "premise": line_1, "county": "West Yorkshire", "country": "England",
        "udprn": udprn, "umprn": "", "longitude": -1.55, "latitude": 53.8
    })
}

fn reply(status: Status, body: Value) -> Response {
    (status, axum::Json(body)).into_response()
}

/// Answers for the key in `query`, or `None` when the key asks for normal service.
async fn refusal(query: &HashMap<String, String>) -> Option<Response> {
    let key = query.get("api_key").map(String::as_str).unwrap_or("");
    Some(match key {
        KEY => return None,
        "ak_slow" => {
            tokio::time::sleep(Duration::from_secs(3)).await;
            return None;
        }
        "ak_depleted" => reply(
            Status::PAYMENT_REQUIRED,
            json!({"code": 4020, "message": "Key balance depleted"}),
        ),
        "ak_daily_limit" => reply(
            Status::PAYMENT_REQUIRED,
            json!({"code": 4021, "message": "Lookup Limit Reached"}),
        ),
        "ak_rate_limited" => reply(
            Status::TOO_MANY_REQUESTS,
            json!({"code": 4290, "message": "Rate limit reached"}),
        ),
        "ak_ip_limited" => (Status::SERVICE_UNAVAILABLE, "Service Unavailable").into_response(),
        "ak_broken" => (Status::INTERNAL_SERVER_ERROR, "Internal Server Error").into_response(),
        "ak_garbage" => (Status::OK, "{\"result\": [{\"line_1\": ").into_response(),
        _ => reply(
            Status::UNAUTHORIZED,
            json!({"code": 4010, "message": "Invalid Key"}),
        ),
    })
}

async fn postcodes(
    State(queries): State<Queries>,
    Path(postcode): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    RawQuery(raw): RawQuery,
) -> Response {
    queries.lock().unwrap().push(raw.unwrap_or_default());
    if let Some(response) = refusal(&query).await {
        return response;
    }
    let page: usize = query.get("page").map_or(0, |p| p.parse().unwrap());
    match postcode.as_str() {
        "LS14AP" => reply(
            Status::OK,
            json!({"result": [address("1", 11111111), address("Brackenholme House", 11111112)],
                   "code": 2000, "message": "Success", "limit": 100, "page": 0, "total": 2}),
        ),
        // A multiple-residence postcode paged two at a time.
        "M45JD" => {
            let all: Vec<Value> = (1..=5).map(|n| address(&format!("Flat {n}"), n)).collect();
            let result: Vec<Value> = all.into_iter().skip(page * 2).take(2).collect();
            reply(
                Status::OK,
                json!({"result": result, "code": 2000, "message": "Success",
                       "limit": 2, "page": page, "total": 5}),
            )
        }
        _ => reply(
            Status::NOT_FOUND,
            json!({"code": 4040, "message": "Postcode not found", "suggestions": []}),
        ),
    }
}

async fn udprn(
    State(queries): State<Queries>,
    Path(udprn): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    RawQuery(raw): RawQuery,
) -> Response {
    queries.lock().unwrap().push(raw.unwrap_or_default());
    if let Some(response) = refusal(&query).await {
        return response;
    }
    if udprn == "11111112" {
        return reply(
            Status::OK,
            json!({"result": address("Brackenholme House", 11111112), "code": 2000, "message": "Success"}),
        );
    }
    reply(
        Status::NOT_FOUND,
        json!({"code": 4044, "message": "No UDPRN found"}),
    )
}

/// Starts the fake on a loopback port of its own; it stops with the test's runtime.
async fn spawn_fake() -> (String, Queries) {
    let queries = Queries::default();
    let app = Router::new()
        .route("/v1/postcodes/{postcode}", get(postcodes))
        .route("/v1/udprn/{udprn}", get(udprn))
        .with_state(queries.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (base, queries)
}

fn client(base: &str, key: &str) -> IdealPostcodes {
    IdealPostcodes::new(base.to_owned(), key.to_owned(), TIMEOUT).unwrap()
}

fn ls1_4ap() -> Postcode {
    Postcode::parse("LS1 4AP").unwrap()
}

async fn find_with(key: &str) -> Result<Vec<AddressLookupResult>, AddressLookupError> {
    let (base, _) = spawn_fake().await;
    client(&base, key).find(&ls1_4ap()).await
}

#[tokio::test]
async fn a_known_postcode_lists_its_addresses_with_udprn_ids() {
    let found = find_with(KEY).await.unwrap();
    assert_eq!(found.len(), 2);
    assert_eq!(
        found[1],
        AddressLookupResult {
            id: Some("ip-11111112".to_owned()),
            address1: Some("Brackenholme House".to_owned()),
            address2: Some("Quarrydene Street".to_owned()),
            address3: None,
            town: Some("LEEDS".to_owned()),
            county: Some("West Yorkshire".to_owned()),
            postcode: Some("LS1 4AP".to_owned()),
        }
    );
}

#[tokio::test]
async fn the_key_is_sent_as_the_api_key_query_parameter_and_the_postcode_without_its_space() {
    let (base, queries) = spawn_fake().await;
    client(&base, KEY).find(&ls1_4ap()).await.unwrap();
    assert_eq!(*queries.lock().unwrap(), [format!("api_key={KEY}")]);
}

#[tokio::test]
async fn a_postcode_of_many_premises_is_read_page_by_page() {
    let (base, queries) = spawn_fake().await;
    let postcode = Postcode::parse("M4 5JD").unwrap();
    let found = client(&base, KEY).find(&postcode).await.unwrap();
    let lines: Vec<_> = found.iter().map(|a| a.address1.clone().unwrap()).collect();
    assert_eq!(lines, ["Flat 1", "Flat 2", "Flat 3", "Flat 4", "Flat 5"]);
    assert_eq!(queries.lock().unwrap().len(), 3);
}

#[tokio::test]
async fn an_unknown_postcode_gives_an_empty_list() {
    let (base, _) = spawn_fake().await;
    let postcode = Postcode::parse("ZE1 0AA").unwrap();
    assert_eq!(client(&base, KEY).find(&postcode).await, Ok(vec![]));
}

#[tokio::test]
async fn an_invalid_key_is_unauthorised_and_tells_the_adviser_to_type_the_address() {
    let error = find_with("ak_wrong").await.unwrap_err();
    assert_eq!(error, AddressLookupError::Unauthorised);
    assert!(
        error
            .to_string()
            .contains("Please enter the address by hand")
    );
}

#[tokio::test]
async fn rate_limits_and_exhausted_balances_ask_the_adviser_to_try_again() {
    for key in [
        "ak_rate_limited",
        "ak_ip_limited",
        "ak_depleted",
        "ak_daily_limit",
    ] {
        let error = find_with(key).await.unwrap_err();
        assert_eq!(error, AddressLookupError::RateLimited, "{key}");
        assert_eq!(error.to_string(), BUSY);
    }
}

#[tokio::test]
async fn a_server_error_is_unavailable_with_the_status_for_the_logs() {
    let error = find_with("ak_broken").await.unwrap_err();
    let AddressLookupError::Unavailable(detail) = &error else {
        panic!("{error:?}");
    };
    assert!(detail.contains("500"), "{detail}");
    assert_eq!(
        error.to_string(),
        "The address service is not available just now. Please enter the address by hand."
    );
}

#[tokio::test]
async fn a_reply_that_is_not_json_is_unavailable() {
    let error = find_with("ak_garbage").await.unwrap_err();
    assert!(
        matches!(&error, AddressLookupError::Unavailable(d) if d.contains("could not read")),
        "{error:?}"
    );
}

#[tokio::test]
async fn a_slow_provider_times_out_as_unavailable_without_the_key_in_the_detail() {
    let (base, _) = spawn_fake().await;
    let slow = IdealPostcodes::new(base, "ak_slow".to_owned(), Duration::from_millis(200)).unwrap();
    let started = Instant::now();
    let error = slow.find(&ls1_4ap()).await.unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(2));
    let AddressLookupError::Unavailable(detail) = &error else {
        panic!("{error:?}");
    };
    assert!(detail.contains("did not answer in time"), "{detail}");
    assert!(!detail.contains("ak_slow"), "{detail}");
}

#[tokio::test]
async fn an_unreachable_provider_is_unavailable_without_the_key_in_the_detail() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let error = client(&base, KEY).find(&ls1_4ap()).await.unwrap_err();
    let AddressLookupError::Unavailable(detail) = &error else {
        panic!("{error:?}");
    };
    assert!(!detail.contains(KEY), "{detail}");
}

#[tokio::test]
async fn a_404_that_is_not_postcode_not_found_is_a_fault_not_an_empty_list() {
    let (base, _) = spawn_fake().await;
    let misconfigured = client(&format!("{base}/wrong/path"), KEY);
    let error = misconfigured.find(&ls1_4ap()).await.unwrap_err();
    assert!(
        matches!(&error, AddressLookupError::Unavailable(d) if d.contains("404")),
        "{error:?}"
    );
}

#[tokio::test]
async fn an_address_is_fetched_by_the_id_find_gave_it() {
    let (base, _) = spawn_fake().await;
    let provider = client(&base, KEY);
    let listed = provider.find(&ls1_4ap()).await.unwrap();
    let id = listed[1].id.clone().unwrap();
    let fetched = provider.get(&id).await.unwrap();
    assert_eq!(fetched.as_ref(), Some(&listed[1]));
}

#[tokio::test]
async fn an_unknown_udprn_gives_none() {
    let (base, _) = spawn_fake().await;
    assert_eq!(client(&base, KEY).get("ip-99999999").await, Ok(None));
}

#[tokio::test]
async fn an_id_that_is_not_ours_gives_none_without_asking_the_provider() {
    let (base, queries) = spawn_fake().await;
    let provider = client(&base, KEY);
    for id in [
        "gz-0001",
        "ip-",
        "ip-12a",
        "ip-123456789",
        "ip-1/../x",
        "25962203",
    ] {
        assert_eq!(provider.get(id).await, Ok(None), "{id}");
    }
    assert!(queries.lock().unwrap().is_empty());
}

#[tokio::test]
async fn get_reports_refusals_like_find() {
    let (base, _) = spawn_fake().await;
    let error = client(&base, "ak_depleted").get("ip-11111112").await;
    assert_eq!(error, Err(AddressLookupError::RateLimited));
}

#[test]
fn urls_are_built_under_the_base_whatever_its_trailing_slash() {
    for base in ["https://api.example.test", "https://api.example.test/"] {
        let provider = client(base, KEY);
        assert_eq!(
            provider.url(&["v1", "udprn", "0"]).as_str(),
            "https://api.example.test/v1/udprn/0"
        );
    }
}

#[test]
fn a_base_url_that_is_not_http_is_refused() {
    for base in ["not a url", "mailto:ops@example.test", "ftp://example.test"] {
        assert!(
            IdealPostcodes::new(base.to_owned(), KEY.to_owned(), TIMEOUT).is_err(),
            "{base}"
        );
    }
}

#[test]
fn debug_output_leaves_the_key_out_and_the_source_is_named() {
    let provider = client(IDEAL_POSTCODES_URL, KEY);
    assert!(!format!("{provider:?}").contains(KEY));
    assert_eq!(provider.source(), "Ideal Postcodes");
    assert!(!provider.is_sample());
}
