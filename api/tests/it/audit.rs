//! Every read of health answers, bank details, documents and Temporal payloads is recorded
//! (issue 36, decisions AU1–AU4): who, in which role, when, of which case and client, what, and
//! from which address; customer care administrators list the records; a read that cannot be
//! recorded is not shown.

use crate::support::TestApp;
use crate::support::payloads::first_payloads;
use crate::support::seeded::{SeededCase, seed_case};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const READS: &str = "/api/v1/care/audit/reads";

/// Every recorded read matching `query` (`applicationId=…&reader=…`), newest first, page by page.
async fn all_reads(app: &TestApp, admin: &str, query: &str) -> Vec<Value> {
    let mut reads = Vec::new();
    for page in 1.. {
        let (status, body) = app
            .call(
                Method::GET,
                &format!("{READS}?{query}&page={page}"),
                Some(admin),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        reads.extend(body["results"].as_array().unwrap().iter().cloned());
        if body["currentPage"] == body["totalPages"] {
            assert_eq!(body["totalRecordCount"], json!(reads.len()));
            return reads;
        }
    }
    unreachable!()
}

/// What `act` made the record gain: the reads listed after it that were not listed before.
struct Watch<'a> {
    app: &'a TestApp,
    admin: String,
    seen: Vec<Value>,
}

impl<'a> Watch<'a> {
    async fn start(app: &'a TestApp) -> Watch<'a> {
        let admin = app.token("ccaadmin1@example.com").await;
        let seen = all_reads(app, &admin, "").await;
        Watch { app, admin, seen }
    }

    /// The reads recorded since the last call.
    async fn new_reads(&mut self) -> Vec<Value> {
        let now = all_reads(self.app, &self.admin, "").await;
        let ids: Vec<&Value> = self.seen.iter().map(|r| &r["id"]).collect();
        let fresh: Vec<Value> = now
            .iter()
            .filter(|r| !ids.contains(&&r["id"]))
            .cloned()
            .collect();
        self.seen = now;
        fresh
    }

    /// The one read recorded since the last call.
    async fn one_read(&mut self) -> Value {
        let mut fresh = self.new_reads().await;
        assert_eq!(fresh.len(), 1, "one read is recorded: {fresh:?}");
        fresh.remove(0)
    }

    /// Gets `path` as `token`, which must succeed, and answers what it showed with the one read
    /// it recorded.
    async fn read(&mut self, token: &str, path: &str) -> (Vec<u8>, Value) {
        let (status, body) = get(self.app, token, path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        (body, self.one_read().await)
    }
}

async fn get(app: &TestApp, token: &str, path: &str) -> (StatusCode, Vec<u8>) {
    let response = app
        .http
        .get(format!("{}{path}", app.base))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    (response.status(), response.bytes().await.unwrap().to_vec())
}

async fn direct_debit_document(app: &TestApp, seeded: &SeededCase) -> String {
    let id = domain::ApplicationId::new(seeded.application_id).unwrap();
    let documents = app.store().application_documents(id).await.unwrap();
    let document = documents
        .iter()
        .find(|d| d.kind == "direct-debit")
        .expect("the case in force has its Direct Debit confirmation");
    format!("/api/v1/document/{}/{}", document.id, document.file_name)
}

fn assert_read(
    read: &Value,
    subject: &str,
    role: &str,
    seeded: &SeededCase,
    applicant: Option<&str>,
    data: &str,
) {
    assert_eq!(read["readerSubject"], subject, "{read}");
    assert_eq!(read["readerRole"], role, "{read}");
    assert_eq!(read["applicationId"], seeded.application_id, "{read}");
    assert_eq!(read["applicantId"], json!(applicant), "{read}");
    assert_eq!(read["data"], data, "{read}");
    // The test's requests come over loopback: the connection's peer, whatever headers say.
    assert_eq!(read["address"], "127.0.0.1", "{read}");
}

#[tokio::test(flavor = "multi_thread")]
async fn each_read_of_special_category_data_is_recorded_once_with_who_what_and_where() {
    let app = TestApp::spawn().await;
    let seeded = seed_case(&app).await;
    let adviser = app.token("adviser1@example.com").await;
    let underwriter = app.token("underwriter1@example.com").await;
    let key = seeded.application_id;
    let mut watch = Watch::start(&app).await;

    // The adviser reads Ada's health answers; a forged X-Forwarded-For is not the address.
    let response = app
        .http
        .get(format!("{}/api/v1/underwriting/{}", app.base, seeded.ada))
        .bearer_auth(&adviser)
        .header("X-Forwarded-For", "203.0.113.9")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let read = watch.one_read().await;
    assert_read(
        &read,
        "adviser1",
        "adviser",
        &seeded,
        Some(&seeded.ada),
        "health-answers",
    );
    assert_eq!(read["readerName"], "Priya Shah");

    // The Direct Debit confirmation, which names the account.
    let (pdf, read) = watch
        .read(&adviser, &direct_debit_document(&app, &seeded).await)
        .await;
    assert!(pdf.starts_with(b"%PDF"));
    assert_read(
        &read,
        "adviser1",
        "adviser",
        &seeded,
        None,
        "document:direct-debit",
    );

    // The underwriter reads the GP report that arrived.
    let evidence = format!(
        "/api/v1/underwriter/cases/{key}/evidence/{}/document",
        seeded.evidence_id
    );
    let (pdf, read) = watch.read(&underwriter, &evidence).await;
    assert!(pdf.starts_with(b"%PDF"));
    assert_read(
        &read,
        "underwriter1",
        "underwriter",
        &seeded,
        Some(&seeded.ada),
        "document:evidence",
    );

    // A Qi indication's answers, with the application started from it.
    let (_, read) = watch
        .read(&adviser, &format!("/api/v1/qi/{}", seeded.qi_id))
        .await;
    assert_eq!(read["data"], "health-answers", "{read}");
    assert_eq!(read["qiId"], seeded.qi_id.as_str(), "{read}");
    assert_eq!(read["applicationId"], seeded.qi_application_id, "{read}");

    // The client reads the questions sent to her, as a client.
    let client = app.token("client1@example.com").await;
    let questions = format!(
        "/api/v1/portal/health-questions/{}",
        seeded.private_applicant_id
    );
    let (_, read) = watch.read(&client, &questions).await;
    assert_eq!(read["readerRole"], "client", "{read}");
    assert_eq!(
        read["applicationId"], seeded.private_application_id,
        "{read}"
    );
    assert_eq!(
        read["applicantId"],
        seeded.private_applicant_id.as_str(),
        "{read}"
    );

    // Reads that show nothing special write nothing: the application with its bank details
    // masked, the masked bank details, and a read refused.
    for path in [
        format!("/api/v1/application/{key}"),
        format!("/api/v1/application/{key}/bankDetails"),
    ] {
        let (status, body) = app.call(Method::GET, &path, Some(&adviser), None).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        assert!(!body.to_string().contains("66374958"), "{path} is masked");
    }
    let other = app.token("adviser3@example.com").await;
    let (status, _) = app
        .call(
            Method::GET,
            &format!("/api/v1/underwriting/{}", seeded.ada),
            Some(&other),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(watch.new_reads().await, Vec::<Value>::new());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_case_handler_decoding_temporal_payloads_is_recorded_and_a_plain_payload_is_not() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let (id, _) = app.quoted_application(&adviser, false).await;
    let history: Value = serde_json::from_slice(&app.workflow_history_json(&id).await).unwrap();
    // The case's start input, encrypted as Temporal keeps it (the harness reads histories
    // decrypted); encoding is not a read, so nothing is recorded for it.
    let plain_payloads = first_payloads(&history).expect("the case's start has payloads");
    let handler = app.token("underwriter1@example.com").await;
    let (status, encoded) = app
        .call(
            Method::POST,
            "/codec/encode",
            Some(&handler),
            Some(json!({ "payloads": plain_payloads })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{encoded}");
    let payloads = encoded["payloads"].clone();
    let mut watch = Watch::start(&app).await;

    let (status, body) = app
        .call(
            Method::POST,
            "/codec/decode",
            Some(&handler),
            Some(json!({ "payloads": payloads })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let read = watch.one_read().await;
    assert_eq!(read["readerSubject"], "underwriter1");
    assert_eq!(read["readerRole"], "underwriter");
    assert_eq!(read["data"], "temporal-payloads");
    assert_eq!(
        read["applicationId"],
        Value::Null,
        "payloads do not name their case"
    );
    assert_eq!(read["address"], "127.0.0.1");
    // The Web UI decodes again on every page and refresh: one line stands for five minutes of
    // them (issue 50), so the list is not filled with identical lines.
    let (status, _) = app
        .call(
            Method::POST,
            "/codec/decode",
            Some(&handler),
            Some(json!({ "payloads": payloads })),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(watch.new_reads().await, Vec::<Value>::new());

    let plain = json!({ "metadata": { "encoding": "anNvbi9wbGFpbg==" }, "data": "IngiCg==" });
    let (status, _) = app
        .call(
            Method::POST,
            "/codec/decode",
            Some(&handler),
            Some(json!({ "payloads": [plain] })),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let adviser_try = app
        .call(
            Method::POST,
            "/codec/decode",
            Some(&adviser),
            Some(json!({ "payloads": payloads })),
        )
        .await;
    assert_eq!(adviser_try.0, StatusCode::FORBIDDEN);
    assert_eq!(watch.new_reads().await, Vec::<Value>::new());
}

#[tokio::test(flavor = "multi_thread")]
async fn only_an_administrator_lists_the_reads_narrowed_by_case_reader_and_day() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let (id, applicants) = app.applied_application(&adviser, false).await;
    let ada = applicants[0].as_str().unwrap().to_owned();
    let (other, _) = app.applied_application(&adviser, false).await;
    let (status, _) = crate::support::interview::start(&app, &adviser, &applicants[0]).await;
    assert_eq!(status, StatusCode::OK);
    let admin = app.token("ccaadmin1@example.com").await;
    let cca = app.token("cca1@example.com").await;
    let care = format!("/api/v1/care/applications/{id}/applicants/{ada}/health-answers");
    for _ in 0..2 {
        let (status, _) = app
            .call(
                Method::GET,
                &format!("/api/v1/underwriting/{ada}"),
                Some(&adviser),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
    }
    let (status, _) = app.call(Method::POST, &care, Some(&cca), None).await;
    assert_eq!(status, StatusCode::OK);

    let of_case = all_reads(&app, &admin, &format!("applicationId={id}")).await;
    assert_eq!(of_case.len(), 3, "{of_case:?}");
    assert_eq!(of_case[0]["readerRole"], "cca", "newest first");
    assert!(
        all_reads(&app, &admin, &format!("applicationId={other}"))
            .await
            .is_empty()
    );
    let by_cca = all_reads(&app, &admin, "reader=cca1").await;
    assert_eq!(by_cca.len(), 1);
    let by_name = all_reads(
        &app,
        &admin,
        &format!(
            "reader={}",
            by_cca[0]["readerName"].as_str().unwrap().to_uppercase()
        ),
    )
    .await;
    assert_eq!(by_name.len(), 1, "a reader's name, case ignored");
    let today = domain::dates::uk_date(chrono::Utc::now());
    let yesterday = today.pred_opt().unwrap();
    assert_eq!(
        all_reads(
            &app,
            &admin,
            &format!("applicationId={id}&from={today}&to={today}")
        )
        .await
        .len(),
        3
    );
    assert!(
        all_reads(&app, &admin, &format!("applicationId={id}&to={yesterday}"))
            .await
            .is_empty()
    );

    // Customer care's reads of the case's health answers are in the same list, by role and data.
    let by_care: Vec<&Value> = of_case
        .iter()
        .filter(|r| r["readerRole"] == "cca" && r["data"] == "health-answers")
        .collect();
    assert_eq!(by_care.len(), 1, "{of_case:?}");

    for (query, field) in [
        ("applicationId=abc", "applicationId"),
        ("from=27/11/2026", "from"),
        (&*format!("from={today}&to={yesterday}"), "to"),
        ("page=0", "page"),
    ] {
        let (status, body) = app
            .call(Method::GET, &format!("{READS}?{query}"), Some(&admin), None)
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
        assert_eq!(body["errors"][0]["field"], field, "{query}: {body}");
    }
    let (status, body) = app.call(Method::GET, READS, Some(&cca), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, _) = app.call(Method::GET, READS, Some(&adviser), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app.call(Method::GET, READS, None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_read_that_cannot_be_recorded_is_not_shown() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let (_, applicants) = app.applied_application(&adviser, false).await;
    let ada = applicants[0].as_str().unwrap().to_owned();
    let (status, _) = crate::support::interview::start(&app, &adviser, &applicants[0]).await;
    assert_eq!(status, StatusCode::OK);
    let path = format!("/api/v1/underwriting/{ada}");

    app.database.refuse_data_reads("the disk is full").await;
    let (status, body) = app.call(Method::GET, &path, Some(&adviser), None).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    assert!(
        body["type"].as_str().unwrap().ends_with("unavailable"),
        "{body}"
    );
    assert!(
        body["detail"].as_str().unwrap().contains("recorded"),
        "{body}"
    );
    assert!(
        body.get("sections").is_none(),
        "no answers without their record: {body}"
    );

    app.database.accept_data_reads().await;
    let (status, body) = app.call(Method::GET, &path, Some(&adviser), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["sections"].is_array());
}
