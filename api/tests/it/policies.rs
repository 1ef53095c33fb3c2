//! Putting the policy in force over HTTP against a real Temporal dev server and SQLite: what
//! stops it is named, each client gets a numbered policy with its schedule and the decision
//! document, activating twice issues nothing new, the Policyholders list and the policy view
//! find it for those who may see it; a later start date goes on risk by the workflow's durable
//! timer and the cancellation window closes (time skipped by the server), and then the journey
//! ends.

use crate::support::interview::proceeded_application;
use crate::support::{TestApp, eventually, fields, pdf_text};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::time::Duration;

async fn post(
    app: &TestApp,
    token: &str,
    path: String,
    body: Option<Value>,
) -> (StatusCode, Value) {
    app.call(Method::POST, &path, Some(token), body).await
}

async fn get(app: &TestApp, token: &str, path: String) -> (StatusCode, Value) {
    app.call(Method::GET, &path, Some(token), None).await
}

/// A policy document downloaded by its id, as its text.
async fn document_text(app: &TestApp, token: &str, document: &Value) -> String {
    let response = app
        .http
        .get(format!(
            "{}/api/v1/document/{}/{}",
            app.base,
            document["documentId"].as_str().unwrap(),
            document["fileName"].as_str().unwrap()
        ))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    pdf_text(&response.bytes().await.unwrap())
}

/// Saves and checks the bank details (no CoP provider: a warning the adviser confirms).
async fn set_up_bank(app: &TestApp, token: &str, key: i64) {
    let details = json!({ "bankDetails": { "name": "Mr Alan Turing", "accountNumber": "66374958", "sortCode": "08-99-99", "collectionDay": 15, "payerConfirmed": true } });
    for (path, body) in [
        (
            format!("/api/v1/application/{key}/bankDetails"),
            Some(details),
        ),
        (
            format!("/api/v2/backendforfrontend/bankvalidation/{key}"),
            None,
        ),
        (
            format!("/api/v1/backendforfrontend/bankValidation/{key}/override"),
            None,
        ),
    ] {
        let (status, body) = post(app, token, path.clone(), body).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
    }
}

async fn start_on(app: &TestApp, token: &str, key: i64, option: &str, date: Option<&str>) -> Value {
    let (status, body) = post(
        app,
        token,
        "/api/v1/backendforfrontend/application/policyStartDate".into(),
        Some(json!({ "id": key, "policyStartDateOption": option, "policyStartDate": date })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

fn activate_path(key: i64) -> String {
    format!("/api/v1/actions/activateApplication/{key}")
}

#[tokio::test(flavor = "multi_thread")]
async fn the_policy_goes_in_force_with_a_numbered_policy_and_documents_for_each_client() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let key = proceeded_application(&app, &token).await;

    // Nothing set up yet: every problem named at once, nothing issued.
    let (status, body) = post(&app, &token, activate_path(key), None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(fields(&body), ["bankDetails", "policyStartDateOption"]);
    let (_, application) = get(&app, &token, format!("/api/v1/application/{key}")).await;
    assert_eq!(application["active"], false);
    assert_eq!(
        fields(&json!({ "errors": application["activationProblems"] })),
        ["bankDetails", "policyStartDateOption"],
        "the Review page lists the same problems before the button is pressed"
    );

    set_up_bank(&app, &token, key).await;
    let ready = start_on(&app, &token, key, "now", None).await;
    assert_eq!(ready["activationProblems"], json!([]));

    let (status, active) = post(&app, &token, activate_path(key), None).await;
    assert_eq!(status, StatusCode::OK, "{active}");
    assert_eq!(active["active"], true);
    assert_eq!(active["status"], "WENT_ON_RISK");
    let policies = active["policies"].as_array().unwrap();
    assert_eq!(policies.len(), 2);
    let references: Vec<&str> = policies
        .iter()
        .map(|p| p["policyReference"].as_str().unwrap())
        .collect();
    assert!(
        references
            .iter()
            .all(|r| domain::policy::is_policy_reference(r))
    );
    assert_eq!(policies[0]["status"], "inForce");

    // Each client's schedule and the decision, stored and downloadable by id.
    let documents = policies[0]["documents"].as_array().unwrap();
    let titles: Vec<&str> = documents
        .iter()
        .map(|d| d["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        [
            "Policy schedule",
            "Direct Debit confirmation",
            "Underwriting decision"
        ]
    );
    // The Direct Debit confirmation is the advance notice: the first collection and the
    // Guarantee, the account masked (AJ12).
    let text = document_text(&app, &token, &documents[1]).await;
    for words in [
        "Direct Debit confirmation",
        "Your first collection",
        "The Direct Debit Guarantee",
        "only person needed to authorise",
        "••••4958",
    ] {
        assert!(text.contains(words), "{words} missing from: {text}");
    }
    assert!(!text.contains("66374958"), "never the full account number");
    let schedule = &documents[0];
    let text = document_text(&app, &token, schedule).await;
    assert!(
        text.contains(references[0]),
        "the schedule names the policy: {text}"
    );
    assert!(
        text.contains("••••4958"),
        "the account is masked on the schedule"
    );
    assert!(!text.contains("66374958"), "never the full account number");

    // §3: the unenriched application carries each client's policy number.
    let (_, unenriched) = get(
        &app,
        &token,
        format!("/api/v1/application/{key}/unenriched"),
    )
    .await;
    assert_eq!(
        unenriched["applicants"][0]["policyReference"],
        references[0]
    );

    // Activating again issues nothing new.
    let (status, again) = post(&app, &token, activate_path(key), None).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again["policies"], active["policies"]);
    assert_eq!(again["version"], active["version"]);

    // The Policyholders list finds each client, by name or by policy number.
    let (status, found) = get(
        &app,
        &token,
        "/api/v1/backendforfrontend/policy/search?searchTerm=Turing".into(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{found}");
    assert_eq!(found["totalRecordCount"], 1);
    let holder = found["policyDetails"][0]["policyHolderId"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(found["policyDetails"][0]["policyReference"], references[0]);
    assert_eq!(found["policyDetails"][0]["policyStatus"], "In force");
    assert_eq!(
        found["policyDetails"][0]["firmName"], "Northfield Financial Planning",
        "the row names the firm, as customer care's search of every firm needs"
    );
    let (_, by_number) = get(
        &app,
        &token,
        format!(
            "/api/v1/backendforfrontend/policy/search?searchTerm={}",
            references[1]
        ),
    )
    .await;
    assert_eq!(by_number["totalRecordCount"], 1);
    let (status, bad) = get(
        &app,
        &token,
        "/api/v1/backendforfrontend/policy/search?status=lapsed".into(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");

    // The policy view: the Cover Summary and the documents.
    let (status, details) = get(
        &app,
        &token,
        format!("/api/v1/backendforfrontend/policydetails/{holder}"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{details}");
    assert_eq!(details["policy"]["policyReference"], references[0]);
    assert_eq!(details["covers"].as_array().unwrap().len(), 1);
    assert_eq!(details["bankDetails"]["accountNumber"], "••••4958");

    // Who may see it: the adviser's assistant, acting for them; nobody from another firm.
    let assistant = app.token("assistant1@example.com").await;
    let adviser_id = "adviser1";
    let (status, _) = get(
        &app,
        &assistant,
        format!("/api/v1/backendforfrontend/policydetails/{holder}?adviserId={adviser_id}"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, listed) = get(
        &app,
        &assistant,
        "/api/v1/backendforfrontend/policy/search".into(),
    )
    .await;
    assert_eq!(listed["totalRecordCount"], 2);
    let outsider = app.token("adviser3@example.com").await;
    for path in [
        format!("/api/v1/backendforfrontend/policydetails/{holder}"),
        format!(
            "/api/v1/document/{}/{}",
            schedule["documentId"].as_str().unwrap(),
            schedule["fileName"].as_str().unwrap()
        ),
    ] {
        assert_eq!(
            get(&app, &outsider, path.clone()).await.0,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
    assert_eq!(
        post(&app, &outsider, activate_path(key), None).await.0,
        StatusCode::NOT_FOUND
    );
    let (_, none) = get(
        &app,
        &outsider,
        "/api/v1/backendforfrontend/policy/search".into(),
    )
    .await;
    assert_eq!(none["totalRecordCount"], 0);
    let colleague = app.token("adviser2@example.com").await;
    assert_eq!(
        get(
            &app,
            &colleague,
            format!("/api/v1/backendforfrontend/policydetails/{holder}?adviserId={adviser_id}")
        )
        .await
        .0,
        StatusCode::NOT_FOUND,
        "a colleague who does not act for the adviser"
    );
    for email in [
        "cca1@example.com",
        "underwriter1@example.com",
        "client1@example.com",
    ] {
        let other = app.token(email).await;
        assert_eq!(
            post(&app, &other, activate_path(key), None).await.0,
            StatusCode::FORBIDDEN,
            "{email} does not put policies in force"
        );
    }
    assert_eq!(
        get(
            &app,
            &token,
            "/api/v1/backendforfrontend/policydetails/not-a-holder".into()
        )
        .await
        .0,
        StatusCode::NOT_FOUND
    );

    app.keep_history(&serde_json::json!(key), "went-on-risk")
        .await;
}

/// What an adviser reads of each policy of a joint application: the list names each holder
/// without their title and says which products the policy holds; the policy view gives the
/// holder's address and contact details, the day each cover ends, and the other client's
/// policy to open.
#[tokio::test(flavor = "multi_thread")]
async fn each_policy_of_a_joint_application_shows_its_products_address_cover_end_and_the_other_policy()
 {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let key = proceeded_application(&app, &token).await;
    set_up_bank(&app, &token, key).await;
    start_on(&app, &token, key, "now", None).await;
    let (status, active) = post(&app, &token, activate_path(key), None).await;
    assert_eq!(status, StatusCode::OK, "{active}");

    // The list: Mr Alan Turing and Mrs Ada Lovelace, each with their 20-year life cover.
    let (status, found) = get(
        &app,
        &token,
        format!("/api/v1/backendforfrontend/policy/search?searchTerm={key}"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{found}");
    let rows = found["policyDetails"].as_array().unwrap();
    let row = |name: &str| {
        rows.iter()
            .find(|r| r["holderName"] == name)
            .unwrap_or_else(|| panic!("{name} is not listed: {found}"))
            .clone()
    };
    let (alan, ada) = (row("Alan Turing"), row("Ada Lovelace"));
    assert_eq!(
        rows.len(),
        2,
        "both policies, by the application reference: {found}"
    );
    for holder in [&alan, &ada] {
        assert_eq!(holder["productTypes"], json!(["life"]));
    }

    // Alan's policy view.
    let (status, details) = get(
        &app,
        &token,
        format!(
            "/api/v1/backendforfrontend/policydetails/{}",
            alan["policyHolderId"].as_str().unwrap()
        ),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{details}");
    let contact = &details["contactDetails"];
    assert_eq!(
        [
            &contact["address1"],
            &contact["cityName"],
            &contact["postcode"],
            &contact["phoneNumber"],
            &contact["emailAddress"]
        ],
        [
            "1 Station Road",
            "Leeds",
            "LS1 4AP",
            "01134960000",
            "client0@example.com"
        ]
    );
    // Started today for 20 years: it ends on the 20th anniversary of the start date.
    let starts_on = details["policy"]["startsOn"].as_str().unwrap();
    let year: i32 = starts_on[..4].parse().unwrap();
    assert_eq!(
        details["covers"][0]["endsOn"],
        format!("{}{}", year + 20, &starts_on[4..])
    );
    assert_eq!(
        details["jointPolicy"],
        json!({
            "policyHolderId": ada["policyHolderId"],
            "holderName": "Ada Lovelace",
            "policyReference": ada["policyReference"],
        })
    );

    // Ada's links back to Alan's, and has her own contact details.
    let (_, details) = get(
        &app,
        &token,
        format!(
            "/api/v1/backendforfrontend/policydetails/{}",
            ada["policyHolderId"].as_str().unwrap()
        ),
    )
    .await;
    assert_eq!(
        details["jointPolicy"]["policyHolderId"],
        alan["policyHolderId"]
    );
    assert_eq!(details["jointPolicy"]["holderName"], "Alan Turing");
    assert_eq!(
        details["contactDetails"]["emailAddress"],
        "client1@example.com"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_later_start_goes_on_risk_by_the_workflows_timer_and_the_journey_ends_after_the_cancellation_window()
 {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let key = proceeded_application(&app, &token).await;
    set_up_bank(&app, &token, key).await;
    let start = domain::dates::uk_date(chrono::Utc::now()) + chrono::Days::new(20);
    start_on(&app, &token, key, "future", Some(&start.to_string())).await;

    let (status, active) = post(&app, &token, activate_path(key), None).await;
    assert_eq!(status, StatusCode::OK, "{active}");
    assert_eq!(
        active["status"], "DECISION",
        "not on risk before its start date"
    );
    assert_eq!(active["policies"][0]["status"], "awaitingStart");
    assert_eq!(active["policies"][0]["startsOn"], start.to_string());
    // Issued, the case leaves In Progress (it is under Policyholders) though its stage waits
    // at Decision; asked for by stage it is found, says its policies are issued, and the
    // dashboard opens it on Complete (AJ16).
    let (_, in_progress) = app.search(&token, "").await;
    assert!(
        in_progress["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["id"] != key),
        "{in_progress}"
    );
    let (_, listed) = app.search(&token, "?status=DECISION").await;
    let row = listed["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == key)
        .unwrap()
        .clone();
    assert_eq!(
        (row["status"].as_str(), row["active"].as_bool()),
        (Some("DECISION"), Some(true))
    );
    assert_eq!(row["applicationStatus"], "Policies issued");

    // The server skips the workflow's clock from timer to timer: the start date comes, then
    // the end of the cancellation window 30 days after issue.
    app.skip_time(&json!(key)).await;
    let settled = eventually(Duration::from_secs(60), || async {
        let (_, application) = get(&app, &token, format!("/api/v1/application/{key}")).await;
        let closed = application["policies"]
            .as_array()
            .is_some_and(|p| p.iter().all(|p| p["cancellationWindowClosed"] == true));
        closed.then_some(application)
    })
    .await;
    assert_eq!(settled["status"], "WENT_ON_RISK");
    assert!(
        settled["policies"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["status"] == "inForce")
    );
    let (_, listed) = get(
        &app,
        &token,
        "/api/v1/backendforfrontend/policy/search?status=inForce".into(),
    )
    .await;
    assert_eq!(listed["totalRecordCount"], 2);

    // The journey is over: its workflow has ended, and a command says why.
    let (status, body) = eventually(Duration::from_secs(30), || async {
        let answer = post(
            &app,
            &token,
            format!("/api/v1/backendforfrontend/bankValidation/{key}/reset"),
            None,
        )
        .await;
        (answer.1["detail"] == api::case::JOURNEY_ENDED).then_some(answer)
    })
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["detail"], api::case::JOURNEY_ENDED);
}
