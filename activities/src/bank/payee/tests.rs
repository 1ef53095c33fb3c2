//! The CoP adapter against a local fake provider that answers as the account holder's name
//! tells it: every reason code, a match, garbage, errors and silence.

use super::*;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode as Status};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use domain::bank_details::BankDetailsForm;
use serde_json::Value;
use std::sync::{Arc, Mutex};

/// What the fake saw: the request bodies and the bearer tokens.
type Seen = Arc<Mutex<Vec<(Value, Option<String>)>>>;

/// Answers by the name sent: `match`, a reason code (`MBAM` returns a name), `garbage`,
/// `error` (HTTP 500), `slow` (answers after 3 s), `nomatch` (no reason code).
async fn answer(
    State(seen): State<Seen>,
    headers: HeaderMap,
    axum::Json(body): axum::Json<Value>,
) -> Response {
    let bearer = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    seen.lock().unwrap().push((body.clone(), bearer));
    let name = body["Data"]["Name"].as_str().unwrap_or_default().to_owned();
    let report = |matched: bool, code: Option<&str>, held: Option<&str>| {
        axum::Json(json!({ "Data": { "VerificationReport": { "Matched": matched, "ReasonCode": code, "Name": held } } }))
            .into_response()
    };
    match name.as_str() {
        "match" => report(true, None, None),
        "nomatch" => report(false, None, None),
        "MBAM" => report(false, Some("MBAM"), Some("Mr Alan M Turing")),
        "garbage" => (Status::OK, "<html>not json</html>").into_response(),
        "error" => Status::INTERNAL_SERVER_ERROR.into_response(),
        "slow" => {
            tokio::time::sleep(Duration::from_secs(3)).await;
            report(true, None, None)
        }
        code => report(false, Some(code), None),
    }
}

async fn fake() -> (String, Seen) {
    let seen: Seen = Arc::default();
    let app = Router::new()
        .route("/pay.uk/v1/accounts/name-verification", post(answer))
        .with_state(seen.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (
        format!("http://{address}/pay.uk/v1/accounts/name-verification"),
        seen,
    )
}

fn details(name: &str) -> BankDetails {
    BankDetailsForm {
        name: Some(name.into()),
        account_number: Some("66374958".into()),
        sort_code: Some("089999".into()),
        collection_day: Some(1),
        payer_confirmed: Some(true),
    }
    .parse()
    .unwrap()
}

async fn check(name: &str) -> BankCheckResult {
    let (endpoint, _) = fake().await;
    HttpPayeeCheck::new(&endpoint, "key-1".into(), Duration::from_secs(1))
        .unwrap()
        .confirm(&details(name))
        .await
}

#[tokio::test]
async fn a_match_is_authenticated_and_the_request_is_the_open_banking_form() {
    let (endpoint, seen) = fake().await;
    let checker = HttpPayeeCheck::new(&endpoint, "key-1".into(), Duration::from_secs(1)).unwrap();
    assert_eq!(
        checker.confirm(&details("match")).await,
        BankCheckResult::Authenticated
    );
    let (body, bearer) = seen.lock().unwrap()[0].clone();
    assert_eq!(
        body,
        json!({ "Data": { "SchemeName": "UK.OBIE.SortCodeAccountNumber", "AccountType": "Personal",
            "Identification": "08999966374958", "Name": "match" } })
    );
    assert_eq!(bearer.as_deref(), Some("Bearer key-1"));
    assert!(
        !format!("{checker:?}").contains("key-1"),
        "the key stays out of logs"
    );
}

#[tokio::test]
async fn every_reason_code_gives_its_result_and_message() {
    let cases = [
        ("ANNM", BankCheckResult::Annm),
        ("BAMM", BankCheckResult::Bamm),
        ("BANM", BankCheckResult::Banm),
        ("AC01", BankCheckResult::Ac01),
        ("ACNS", BankCheckResult::Acns),
        ("OPTO", BankCheckResult::Opto),
        ("CASS", BankCheckResult::Cass),
        ("SCNS", BankCheckResult::Scns),
        ("GGH-001", BankCheckResult::Ggh001),
        ("FailedModulusCheck", BankCheckResult::FailedModulusCheck),
        ("NotAuthenticated", BankCheckResult::NotAuthenticated),
        ("PANM", BankCheckResult::Other("PANM".into())),
    ];
    for (code, expected) in cases {
        assert_eq!(check(code).await, expected, "{code}");
    }
    assert_eq!(check("nomatch").await, BankCheckResult::NotAuthenticated);
    let close = check("MBAM").await;
    assert_eq!(
        close,
        BankCheckResult::Mbam {
            account_name: "Mr Alan M Turing".into()
        }
    );
    assert!(close.message().contains("Mr Alan M Turing"));
    assert!(
        check("ACNS")
            .await
            .message()
            .contains("provider will be in touch")
    );
}

#[tokio::test]
async fn a_provider_that_fails_says_the_name_could_not_be_checked() {
    for name in ["garbage", "error", "slow"] {
        assert_eq!(
            check(name).await,
            BankCheckResult::ProviderUnavailable,
            "{name}"
        );
    }
    // Nothing listening at all.
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap()
    };
    let checker = HttpPayeeCheck::new(
        &format!("http://{closed}/cop"),
        "k".into(),
        Duration::from_secs(1),
    )
    .unwrap();
    assert_eq!(
        checker.confirm(&details("match")).await,
        BankCheckResult::ProviderUnavailable
    );
    assert!(
        BankCheckResult::ProviderUnavailable
            .message()
            .contains("did not answer")
    );
}

#[tokio::test]
async fn without_a_provider_the_result_says_the_name_was_not_checked() {
    let result = NoPayeeCheck.confirm(&details("anyone")).await;
    assert_eq!(result, BankCheckResult::NameNotChecked);
    assert!(result.message().contains("could not be checked"));
    assert!(
        HttpPayeeCheck::new("ftp://example.com/cop", "k".into(), Duration::from_secs(1)).is_err()
    );
}
