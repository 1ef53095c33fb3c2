//! Set-up over HTTP against a real Temporal dev server and SQLite: bank details saved after
//! Proceed (bad ones refused by field, nothing saved), shown masked, checked by the modulus
//! check and then Confirmation of Payee (none configured, and a fake provider), overridden only
//! after a warning, and reset.

use crate::support::interview::proceeded_application;
use crate::support::{TestApp, errors};
use axum::routing::post;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

fn details(account: &str) -> Value {
    json!({ "bankDetails": { "name": "Mr Alan Turing", "accountNumber": account, "sortCode": "08-99-99", "collectionDay": 15, "payerConfirmed": true } })
}

async fn call(
    app: &TestApp,
    token: &str,
    method: Method,
    path: String,
    body: Option<Value>,
) -> (StatusCode, Value) {
    app.call(method, &path, Some(token), body).await
}

#[tokio::test(flavor = "multi_thread")]
async fn bank_details_are_saved_masked_checked_overridden_and_reset() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let key = proceeded_application(&app, &token).await;
    let bank = format!("/api/v1/application/{key}/bankDetails");
    let validate = format!("/api/v2/backendforfrontend/bankvalidation/{key}");
    let override_path = format!("/api/v1/backendforfrontend/bankValidation/{key}/override");

    // Bad details: each rule named, nothing saved; no check without details.
    let bad = json!({ "bankDetails": { "name": "", "accountNumber": "1234", "sortCode": "12345", "collectionDay": 31 } });
    let (status, body) = call(&app, &token, Method::POST, bank.clone(), Some(bad)).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let fields: Vec<String> = errors(&body).into_iter().map(|(f, _)| f).collect();
    assert_eq!(
        fields,
        [
            "name",
            "accountNumber",
            "sortCode",
            "collectionDay",
            "payerConfirmed"
        ]
    );
    let (status, saved) = call(&app, &token, Method::GET, bank.clone(), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(saved["bankDetails"].is_null());
    let (status, body) = call(&app, &token, Method::POST, validate.clone(), None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let (status, body) = call(
        &app,
        &token,
        Method::POST,
        bank.clone(),
        Some(json!({ "bankDetails": {}, "iban": "x" })),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    // Vocalink's case 29: the number cannot belong to the sort code.
    let (status, body) = call(
        &app,
        &token,
        Method::POST,
        bank.clone(),
        Some(details("66374959")),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["bankDetails"]["accountNumber"], "••••4959");
    assert!(
        !body.to_string().contains("66374959"),
        "the full number is never sent back"
    );
    let (status, checked) = call(&app, &token, Method::POST, validate.clone(), None).await;
    assert_eq!(status, StatusCode::OK, "{checked}");
    assert_eq!(checked["bankCheck"]["result"], "FailedModulusCheck");
    assert_eq!(checked["bankCheckSeverity"], "error");
    assert_eq!(
        call(&app, &token, Method::POST, override_path.clone(), None)
            .await
            .0,
        StatusCode::CONFLICT
    );

    // Corrected: the check is cleared, and with no CoP provider the name is not checked.
    let (_, body) = call(
        &app,
        &token,
        Method::POST,
        bank.clone(),
        Some(details("66374958")),
    )
    .await;
    assert_eq!(body["bankCheck"]["status"], "notChecked");
    let (_, checked) = call(&app, &token, Method::POST, validate.clone(), None).await;
    assert_eq!(checked["bankCheck"]["result"], "NameNotChecked");
    assert_eq!(checked["bankCheckSeverity"], "warning");
    assert!(
        checked["bankCheckMessage"]
            .as_str()
            .unwrap()
            .contains("could not be checked")
    );
    assert_eq!(checked["isBankCheckConfirmed"], false);
    let (status, body) = call(&app, &token, Method::POST, override_path.clone(), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["isBankCheckConfirmed"], true);
    assert_eq!(body["bankCheck"]["status"], "manuallyVerified");
    let (status, body) = call(
        &app,
        &token,
        Method::POST,
        format!("/api/v1/backendforfrontend/bankValidation/{key}/reset"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["bankCheck"]["status"], "notChecked");
    let (_, shown) = call(&app, &token, Method::GET, bank.clone(), None).await;
    assert_eq!(shown["bankDetails"]["accountNumber"], "••••4958");
    assert_eq!(shown["bankDetails"]["sortCode"], "08-99-99");

    // Another firm's adviser sees nothing.
    let outsider = app.token("adviser3@example.com").await;
    assert_eq!(
        call(&app, &outsider, Method::GET, bank.clone(), None)
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        call(&app, &outsider, Method::POST, validate, None).await.0,
        StatusCode::NOT_FOUND
    );

    app.keep_history(&serde_json::json!(key), "set-up-bank-details")
        .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn set_up_is_closed_until_proceed() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (id, _) = app.applied_application(&token, true).await;
    let key = id.as_i64().unwrap();
    let (status, body) = call(
        &app,
        &token,
        Method::POST,
        format!("/api/v1/application/{key}/bankDetails"),
        Some(details("66374958")),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["detail"], domain::application::SET_UP_NOT_OPEN);
}

/// A CoP provider on loopback that finds a close match.
async fn close_match_provider() -> String {
    let app = axum::Router::new().route(
        "/cop",
        post(|| async {
            axum::Json(json!({ "Data": { "VerificationReport": { "Matched": false, "ReasonCode": "MBAM", "Name": "Mr Alan M Turing" } } }))
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{address}/cop")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_configured_provider_answers_for_the_name() {
    let provider = close_match_provider().await;
    let app =
        TestApp::spawn_with(&[("COP_URL", provider), ("COP_API_KEY", "test-key".into())]).await;
    let token = app.token("adviser1@example.com").await;
    let key = proceeded_application(&app, &token).await;
    let (status, _) = call(
        &app,
        &token,
        Method::POST,
        format!("/api/v1/application/{key}/bankDetails"),
        Some(details("66374958")),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, checked) = call(
        &app,
        &token,
        Method::POST,
        format!("/api/v2/backendforfrontend/bankvalidation/{key}"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{checked}");
    assert_eq!(
        checked["bankCheck"]["result"]["MBAM"]["accountName"],
        "Mr Alan M Turing"
    );
    assert!(
        checked["bankCheckMessage"]
            .as_str()
            .unwrap()
            .contains("Mr Alan M Turing")
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_direct_debit_names_whose_policies_it_pays_and_when_it_first_collects() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let key = proceeded_application(&app, &token).await;
    let direct_debit = format!("/api/v1/application/{key}/directDebit");

    let (status, before) = call(&app, &token, Method::GET, direct_debit.clone(), None).await;
    assert_eq!(status, StatusCode::OK, "{before}");
    assert!(before["firstCollection"].is_null());
    assert_eq!(
        before["firstCollectionUnknown"],
        "The first collection is known once the bank details are saved"
    );
    assert_eq!(before["guarantee"]["heading"], "The Direct Debit Guarantee");
    assert!(
        before["guarantee"]["paragraphs"][1]
            .as_str()
            .unwrap()
            .contains("Protection Life will notify you 10 working days in advance")
    );
    assert!(
        before["paysFor"]
            .as_array()
            .is_some_and(|names| !names.is_empty())
    );

    let bank = format!("/api/v1/application/{key}/bankDetails");
    let (status, body) = call(&app, &token, Method::POST, bank, Some(details("66374958"))).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["bankDetails"]["payerConfirmed"], true);
    let (status, body) = call(
        &app,
        &token,
        Method::POST,
        "/api/v1/backendforfrontend/application/policyStartDate".into(),
        Some(json!({ "id": key, "policyStartDateOption": "now" })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let (status, after) = call(&app, &token, Method::GET, direct_debit, None).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    let first = &after["firstCollection"];
    assert!(after["firstCollectionUnknown"].is_null(), "{after}");
    // On the 15th, or the next working day after a weekend; one month's premium, or two when
    // the notice pushes it past the start of the second month of cover (it depends on today).
    let date = first["date"].as_str().unwrap();
    let day: u32 = date[8..].parse().unwrap();
    assert!((15..=17).contains(&day), "{date}");
    let months = first["months"].as_f64().unwrap();
    assert!(months == 1.0 || months == 2.0, "{first}");
    let monthly = after["monthlyAmount"].as_f64().unwrap();
    assert!(monthly > 0.0);
    assert!(
        (first["amount"].as_f64().unwrap() - monthly * months).abs() < 0.005,
        "{after}"
    );
}
