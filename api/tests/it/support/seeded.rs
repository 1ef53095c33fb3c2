//! One case with every kind of id the API names, for the tests that call every endpoint: a
//! joint case of adviser1 (Alan Turing; Ada Lovelace, whose life cover was referred for a GP
//! report, received and decided by an underwriter) with a child, a beneficiary and a share of
//! Ada's payout, put in force today; Ada's client account (the seeded `client1@example.com`)
//! linked to it; a Qi indication of adviser1's; a web-chat conversation about the case; and a
//! delegation that customer care may end.

use super::interview::{declare_and_close, start, underwrite};
use super::{TestApp, eventually, life_cover};
use domain::testkit::PLAIN_ANSWERS;
use futures::{SinkExt, StreamExt};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::time::Duration;

/// Ada's date of birth, as `TestApp::quoted_application` gives it.
pub const ADA_BORN: &str = "1988-12-10";
/// The Qi client's surname: a marker of adviser1's data in any answer.
pub const QI_SURNAME: &str = "Quimby";

/// The ids of adviser1's seeded case and what hangs off it.
#[derive(Debug, Clone)]
pub struct SeededCase {
    pub application_id: i64,
    pub alan: String,
    /// Ada: the referred client, the one with the cover, shares and client account.
    pub ada: String,
    pub cover_id: String,
    pub child_id: String,
    pub beneficiary_id: String,
    pub allocation_id: String,
    pub evidence_id: String,
    pub policy_reference: String,
    pub policy_holder_id: String,
    /// Ada's policy schedule, which adviser, customer care and Ada may all read.
    pub document_id: String,
    pub document_file_name: String,
    pub qi_id: String,
    pub qi_client_id: String,
    /// The application started from the Qi indication, and its client (brought in from Qi).
    pub qi_application_id: i64,
    pub qi_applicant_id: String,
    /// A second case of adviser1's whose Ada (linked to `client1@example.com`) was sent her
    /// health questions to answer privately.
    pub private_application_id: i64,
    pub private_applicant_id: String,
    /// Alan on that case, whose interview has not started.
    pub private_unstarted_id: String,
    pub conversation_id: String,
    /// adviser1 acting for adviser2: ending it changes nobody's access to adviser1's cases.
    pub delegation_id: String,
}

async fn ok(app: &TestApp, token: &str, method: Method, path: &str, body: Option<Value>) -> Value {
    let (status, answer) = app.call(method, path, Some(token), body).await;
    assert!(status.is_success(), "{path}: {status} {answer}");
    answer
}

/// The plain interview with `units` of alcohol a week (60 refers life cover for a GP report).
pub fn drinking(units: &'static str) -> Vec<(&'static str, &'static str)> {
    PLAIN_ANSWERS
        .iter()
        .map(|&(tag, value)| (tag, if tag == "ALCOHOL_UNITS" { units } else { value }))
        .collect()
}

/// Seeds [`SeededCase`] for `adviser1@example.com`.
pub async fn seed_case(app: &TestApp) -> SeededCase {
    let adviser = app.token("adviser1@example.com").await;
    let underwriter = app.token("underwriter1@example.com").await;
    let (id, clients) = app.quoted_application(&adviser, true).await;
    let key = id.as_i64().unwrap();
    let alan = clients[0].as_str().unwrap().to_owned();
    let ada = clients[1].as_str().unwrap().to_owned();
    let (cover_id, child_id, beneficiary_id, allocation_id) =
        payout_shares(app, &adviser, key, &ada).await;
    app.apply(&adviser, &id, &clients).await;

    underwrite(app, &adviser, &id, &clients[0], PLAIN_ANSWERS).await;
    assert_eq!(start(app, &adviser, &clients[1]).await.0, StatusCode::OK);
    let answers: Vec<Value> = drinking("60")
        .iter()
        .map(|(tag, value)| json!({ "tag": tag, "value": value }))
        .collect();
    ok(
        app,
        &adviser,
        Method::POST,
        &format!("/api/v1/actions/provideanswers/{ada}"),
        Some(json!({ "answers": answers })),
    )
    .await;
    declare_and_close(app, &adviser, &id, &clients[1]).await;
    eventually(Duration::from_secs(20), || async {
        let (_, application) = app.get_application(&adviser, &id).await;
        (application["status"] == "UNDERWRITING").then_some(())
    })
    .await;
    let evidence_id = gp_report(app, &adviser, &underwriter, key, &ada).await;
    let decision = json!({ "applicantId": ada, "coverId": cover_id, "decision": "loading", "loadingPercent": 50, "reason": "Alcohol intake stable for ten years" });
    ok(
        app,
        &underwriter,
        Method::POST,
        &format!("/api/v1/underwriter/cases/{key}/decision"),
        Some(decision),
    )
    .await;
    eventually(Duration::from_secs(20), || async {
        let (_, application) = app.get_application(&adviser, &id).await;
        (application["status"] == "DECISION").then_some(())
    })
    .await;
    put_in_force(app, &adviser, key).await;

    let application = ok(
        app,
        &adviser,
        Method::GET,
        &format!("/api/v1/application/{key}"),
        None,
    )
    .await;
    let policy = application["policies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["applicantId"] == ada.as_str())
        .unwrap_or_else(|| panic!("Ada has a policy: {application}"))
        .clone();
    let schedule = &policy["documents"][0];
    let found = ok(
        app,
        &adviser,
        Method::GET,
        "/api/v1/backendforfrontend/policy/search?searchTerm=Lovelace",
        None,
    )
    .await;
    let client = app.token("client1@example.com").await;
    let linked = ok(
        app,
        &client,
        Method::POST,
        "/api/v1/portal/confirm-details",
        Some(json!({ "dateOfBirth": ADA_BORN, "reference": key.to_string() })),
    )
    .await;
    assert_eq!(linked["outcome"], "linked", "{linked}");
    let (qi_id, qi_client_id) = qi(app, &adviser).await;
    let (qi_application_id, qi_applicant_id) = qi_application(app, &adviser, &qi_id).await;
    let (private_application_id, private_applicant_id, private_unstarted_id) =
        private_case(app, &adviser, &client).await;
    SeededCase {
        application_id: key,
        alan,
        ada,
        cover_id,
        child_id,
        beneficiary_id,
        allocation_id,
        evidence_id,
        policy_reference: text(&policy["policyReference"]),
        policy_holder_id: text(&found["policyDetails"][0]["policyHolderId"]),
        document_id: text(&schedule["documentId"]),
        document_file_name: text(&schedule["fileName"]),
        qi_id,
        qi_client_id,
        qi_application_id,
        qi_applicant_id,
        private_application_id,
        private_applicant_id,
        private_unstarted_id,
        conversation_id: conversation(app, &adviser, key).await,
        delegation_id: delegation(app).await,
    }
}

fn text(value: &Value) -> String {
    value
        .as_str()
        .unwrap_or_else(|| panic!("a string, not {value}"))
        .to_owned()
}

/// Ada's cover, a child, a beneficiary with all of the cover's payout; priced again.
async fn payout_shares(
    app: &TestApp,
    token: &str,
    key: i64,
    ada: &str,
) -> (String, String, String, String) {
    let application = ok(
        app,
        token,
        Method::GET,
        &format!("/api/v1/application/{key}"),
        None,
    )
    .await;
    let cover = text(&application["applicants"][1]["covers"][0]["id"]);
    let with_child = ok(
        app,
        token,
        Method::POST,
        &format!("/api/v1/application/{key}/children"),
        Some(json!({ "firstName": "Grace", "surname": "Lovelace", "dateOfBirth": "2016-04-01" })),
    )
    .await;
    let child = text(&with_child["children"][0]["id"]);
    let with_beneficiary = ok(
        app,
        token,
        Method::POST,
        &format!("/api/v1/application/{key}/candidateBeneficiaries"),
        Some(json!({ "firstName": "Charles", "lastName": "Babbage", "relationship": "Friend" })),
    )
    .await;
    let beneficiary = text(&with_beneficiary["candidateBeneficiaries"][0]["id"]);
    let shares =
        format!("/api/v1/application/{key}/applicant/{ada}/cover/{cover}/benefit-allocations");
    let shared = ok(
        app,
        token,
        Method::POST,
        &shares,
        Some(json!({ "referenceId": beneficiary, "percent": 100, "type": "beneficiary" })),
    )
    .await;
    let allocation = text(&shared["applicants"][1]["covers"][0]["benefitAllocations"][0]["id"]);
    let (status, body) = app.price(token, &json!(key)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (cover, child, beneficiary, allocation)
}

/// The adviser gives the client's AMRA consent, says whether they want to see reports first,
/// and records their surgery.
pub async fn amra(app: &TestApp, adviser: &str, applicant: &str, sees_reports: bool) {
    let bff = |path: &str| format!("/api/v1/backendforfrontend/{path}");
    ok(
        app,
        adviser,
        Method::POST,
        &bff("applicant/isAmraConsentGranted"),
        Some(json!({ "applicantId": applicant, "isAmraConsentGranted": true })),
    )
    .await;
    ok(
        app,
        adviser,
        Method::POST,
        &bff("applicant/isViewMedicalReportsRequested"),
        Some(json!({ "applicantId": applicant, "isViewMedicalReportsRequested": sees_reports })),
    )
    .await;
    ok(app, adviser, Method::PATCH, &bff("applicant/examiner"), Some(json!({
        "applicantId": applicant, "organisationName": "The Surgery",
        "contactDetails": { "address1": "1 River Lane", "cityName": "Leeds", "postcode": "LS1 4AP", "phoneNumber": "0113 496 0001" },
        "isExaminerDetailsValid": "true"
    })))
    .await;
}

/// Ada's AMRA consent and surgery; an underwriter claims the case, asks for her GP report and
/// receives it. Answers the evidence's id.
async fn gp_report(app: &TestApp, adviser: &str, underwriter: &str, key: i64, ada: &str) -> String {
    amra(app, adviser, ada, false).await;
    let case = format!("/api/v1/underwriter/cases/{key}");
    ok(
        app,
        underwriter,
        Method::POST,
        &format!("{case}/claim"),
        None,
    )
    .await;
    let asked = ok(
        app,
        underwriter,
        Method::POST,
        &format!("{case}/evidence"),
        Some(json!({ "applicantId": ada, "kind": "gpReport" })),
    )
    .await;
    let evidence = text(&asked["application"]["referral"]["evidence"][0]["id"]);
    let pdf = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
    let part = reqwest::multipart::Part::bytes(pdf.to_vec())
        .file_name("GP report.pdf")
        .mime_str("application/pdf")
        .unwrap();
    let response = app
        .http
        .post(format!("{}{case}/evidence/{evidence}/received", app.base))
        .bearer_auth(underwriter)
        .multipart(reqwest::multipart::Form::new().part("document", part))
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "the GP report is received"
    );
    evidence
}

/// Prices the decision on the underwriter's terms, proceeds to set-up and puts the policies in
/// force ([`set_up_and_activate`]).
pub async fn put_in_force(app: &TestApp, token: &str, key: i64) {
    for path in [
        format!("/api/v1/actions/TriggerDecisionQuote/{key}"),
        format!("/api/v1/decision/{key}/proceed"),
    ] {
        ok(app, token, Method::POST, &path, None).await;
    }
    set_up_and_activate(app, token, key).await;
}

/// Saves and checks the bank details (no Confirmation of Payee: a warning the adviser
/// confirms), starts the policies today and activates them.
pub async fn set_up_and_activate(app: &TestApp, token: &str, key: i64) {
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
        (
            "/api/v1/backendforfrontend/application/policyStartDate".to_owned(),
            Some(json!({ "id": key, "policyStartDateOption": "now" })),
        ),
        (format!("/api/v1/actions/activateApplication/{key}"), None),
    ] {
        ok(app, token, Method::POST, &path, body).await;
    }
}

/// The application started from Qi indication `qi_id`; answers its id and its client's.
async fn qi_application(app: &TestApp, token: &str, qi_id: &str) -> (i64, String) {
    let started = ok(
        app,
        token,
        Method::POST,
        &format!("/api/v1/qi/{qi_id}/application"),
        None,
    )
    .await;
    let key = started["applicationId"]
        .as_i64()
        .expect("the new application's id");
    let application = ok(
        app,
        token,
        Method::GET,
        &format!("/api/v1/application/{key}"),
        None,
    )
    .await;
    (key, text(&application["applicants"][0]["id"]))
}

/// A second joint case, applied for; Ada's interview started, the case in her client account (it
/// joins by itself, her account holding the first), and her health questions sent to her.
/// Answers the case's id, Ada's and Alan's (whose interview is not started).
async fn private_case(app: &TestApp, adviser: &str, client: &str) -> (i64, String, String) {
    let (id, clients) = app.applied_application(adviser, true).await;
    let key = id.as_i64().unwrap();
    let ada = text(&clients[1]);
    assert_eq!(start(app, adviser, &clients[1]).await.0, StatusCode::OK);
    // Ada's account already holds a case with this email and date of birth: the new case joins
    // it by itself (issue 50), so confirming it finds it there.
    let linked = ok(
        app,
        client,
        Method::POST,
        "/api/v1/portal/confirm-details",
        Some(json!({ "dateOfBirth": ADA_BORN, "reference": key.to_string() })),
    )
    .await;
    assert_eq!(linked["outcome"], "alreadyLinked", "{linked}");
    ok(
        app,
        adviser,
        Method::POST,
        &format!("/api/v1/portal/apply/{key}"),
        Some(json!({ "applicantId": ada })),
    )
    .await;
    (key, ada, text(&clients[0]))
}

/// A Qi indication of adviser1's, answered, its risk decided and priced; answers its id and
/// its client's.
async fn qi(app: &TestApp, token: &str) -> (String, String) {
    let client = json!({ "firstName": "Jane", "lastName": QI_SURNAME, "gender": "female", "dateOfBirth": "1980-06-23", "smoking": "noneInFiveYears" });
    let created = ok(app, token, Method::POST, "/api/v1/qi", Some(client)).await;
    let id = text(&created["id"]);
    let answers: Vec<Value> = PLAIN_ANSWERS
        .iter()
        .map(|(tag, value)| json!({ "tag": tag, "value": value }))
        .collect();
    ok(
        app,
        token,
        Method::POST,
        &format!("/api/v1/qi/{id}/answers"),
        Some(json!({ "answers": answers })),
    )
    .await;
    ok(
        app,
        token,
        Method::POST,
        &format!("/api/v1/decision/qi/{id}/risk"),
        None,
    )
    .await;
    let cover = life_cover(200_000, 20);
    let priced = ok(
        app,
        token,
        Method::POST,
        &format!("/api/v1/decision/qi/{id}/quote"),
        Some(json!({ "covers": [cover] })),
    )
    .await;
    (id, text(&priced["enquiry"]["applicantId"]))
}

/// adviser1 writes to customer care from the case; answers the conversation's id.
async fn conversation(app: &TestApp, token: &str, key: i64) -> String {
    use tokio_tungstenite::tungstenite::Message;
    let ticket = ok(
        app,
        token,
        Method::POST,
        "/api/v1/backendforfrontend/webchat/tickets",
        Some(json!({ "applicationId": key })),
    )
    .await;
    let url = format!(
        "{}/api/v1/backendforfrontend/webchat/socket?ticket={}&after=0",
        app.base.replace("http://", "ws://"),
        text(&ticket["ticket"])
    );
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let frame =
        json!({ "type": "send", "clientId": "seed-1", "text": "Can I backdate the start date?" });
    socket
        .send(Message::Text(frame.to_string().into()))
        .await
        .unwrap();
    let id = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(Ok(frame)) = socket.next().await {
            if let Message::Text(text) = frame {
                let frame: Value = serde_json::from_str(text.as_str()).unwrap();
                if frame["type"] == "message" {
                    return frame["message"]["conversationId"]
                        .as_str()
                        .map(str::to_owned);
                }
            }
        }
        None
    })
    .await
    .expect("the message comes back in time")
    .expect("the message names its conversation");
    let _ = socket.close(None).await;
    id
}

/// adviser1 may act for adviser2 from today (ccaadmin adds it).
async fn delegation(app: &TestApp) -> String {
    let admin = app.token("ccaadmin1@example.com").await;
    let today = domain::dates::uk_date(chrono::Utc::now()).to_string();
    let added = ok(
        app,
        &admin,
        Method::POST,
        "/api/v1/care/delegations",
        Some(json!({ "delegateId": "adviser1", "principalId": "adviser2", "from": today })),
    )
    .await;
    text(&added["id"])
}
