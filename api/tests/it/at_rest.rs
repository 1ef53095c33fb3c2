//! The database keeps health answers, bank details and documents sealed (issue 36): a case
//! taken through underwriting (a referral, a GP report received, an underwriter's decision), a
//! Qi indication and bank details, put in force, leaves none of them in the SQLite files as
//! bytes, while the API still shows them; and a case sealed under one key still reads after a
//! newer key is added, what is written after it sealed under the newer key.

use crate::support::TestApp;
use crate::support::interview::{answer_of, get, proceeded_application};
use crate::support::seeded::{SeededCase, seed_case, set_up_and_activate};
use reqwest::{Method, StatusCode};
use serde_json::Value;

const ACCOUNT_NUMBER: &str = "66374958";
const SORT_CODE: &str = "08-99-99";

/// What only health answers and the decisions drawn from them carry (`PLAIN_ANSWERS`, Ada's
/// 60 units a week and the underwriter's reason in `seed_case`): a question's tag is in the
/// interview kept plain, so the values are what is looked for.
const HEALTH_VALUES: &[&str] = &[
    "Software developer",
    "2015-06-01",
    "Drinks 60 units",
    "Alcohol intake stable for ten years",
];

/// The start of every PDF: a document stored plain would show it.
const PDF_MAGIC: &str = "%PDF-";

/// The SQLite database's files as bytes (the database and its write-ahead log), or `None` on
/// PostgreSQL, whose files this test cannot read (`store/tests/sealed.rs` checks the columns
/// there).
fn database_bytes(app: &TestApp) -> Option<Vec<u8>> {
    let path = app.database.url().strip_prefix("sqlite://")?;
    let path = path.split('?').next().unwrap_or(path);
    let mut bytes = std::fs::read(path).unwrap();
    if let Ok(wal) = std::fs::read(format!("{path}-wal")) {
        bytes.extend(wal);
    }
    Some(bytes)
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle.as_bytes())
}

async fn ok(app: &TestApp, token: &str, path: &str) -> Value {
    let (status, body) = app.call(Method::GET, path, Some(token), None).await;
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
    body
}

/// A document's bytes as the API serves them.
async fn document(app: &TestApp, token: &str, id: &str, file_name: &str) -> Vec<u8> {
    let response = app
        .http
        .get(format!("{}/api/v1/document/{id}/{file_name}", app.base))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK, "document {id}");
    response.bytes().await.unwrap().to_vec()
}

/// The first policy document of a case in force: its id and file name.
fn first_policy_document(application: &Value) -> (String, String) {
    let document = &application["policies"][0]["documents"][0];
    (
        document["documentId"].as_str().unwrap().to_owned(),
        document["fileName"].as_str().unwrap().to_owned(),
    )
}

/// The seeded case, its clients' enquiries and the Qi indication as the store reads them.
async fn plain_text(app: &TestApp, seeded: &SeededCase) -> String {
    let store = app.store();
    let id = domain::ApplicationId::new(seeded.application_id).unwrap();
    let mut text = serde_json::to_string(&store.find_application(id).await.unwrap()).unwrap();
    for client in [&seeded.alan, &seeded.ada] {
        let client = domain::ApplicantId::parse(client).unwrap();
        text.push_str(&format!("{:?}", store.find_enquiry(&client).await.unwrap()));
    }
    let qi = domain::QiId::parse(&seeded.qi_id).unwrap();
    text.push_str(&format!("{:?}", store.find_qi(&qi).await.unwrap()));
    text
}

#[tokio::test(flavor = "multi_thread")]
async fn a_case_in_force_leaves_no_health_answer_bank_detail_or_document_plain_in_the_database() {
    let app = TestApp::spawn().await;
    let seeded = seed_case(&app).await;
    let adviser = app.token("adviser1@example.com").await;

    let Some(bytes) = database_bytes(&app) else {
        eprintln!("PostgreSQL: the database files are not ours to read; see store/tests/sealed.rs");
        return;
    };
    let sort_code_digits = SORT_CODE.replace('-', "");
    let secrets = HEALTH_VALUES.iter().copied().chain([
        ACCOUNT_NUMBER,
        SORT_CODE,
        &sort_code_digits,
        PDF_MAGIC,
    ]);
    for secret in secrets {
        assert!(
            !contains(&bytes, secret),
            "the database files hold {secret:?}"
        );
    }
    // The search columns stay plain: the files do hold the clients' names, and search works.
    assert!(contains(&bytes, "lovelace"));
    let (status, found) = app.search(&adviser, "?searchTerm=Lovelace").await;
    assert_eq!(status, StatusCode::OK, "{found}");
    assert!(found["totalRecordCount"].as_u64().unwrap() >= 1, "{found}");

    // The store, holding the keys, reads them all: the search above looked for what is there.
    let plain = plain_text(&app, &seeded).await;
    for secret in HEALTH_VALUES.iter().chain(&[ACCOUNT_NUMBER]) {
        assert!(plain.contains(secret), "the case does not hold {secret:?}");
    }

    // The API still shows what the files hide.
    let key = seeded.application_id;
    let bank = ok(
        &app,
        &adviser,
        &format!("/api/v1/application/{key}/bankDetails"),
    )
    .await;
    assert_eq!(bank["bankDetails"]["sortCode"], SORT_CODE, "{bank}");
    assert_eq!(bank["bankDetails"]["accountNumber"], "••••4958", "{bank}");
    let (status, enquiry) = get(&app, &adviser, &Value::from(seeded.alan.clone())).await;
    assert_eq!(status, StatusCode::OK, "{enquiry}");
    assert_eq!(
        answer_of(&enquiry, "GP_REGISTERED_SINCE"),
        Some("2015-06-01")
    );
    assert_eq!(
        answer_of(&enquiry, "OCCUPATION"),
        Some("Software developer")
    );
    let schedule = document(
        &app,
        &adviser,
        &seeded.document_id,
        &seeded.document_file_name,
    )
    .await;
    assert!(schedule.starts_with(PDF_MAGIC.as_bytes()));
    let qi = ok(&app, &adviser, &format!("/api/v1/qi/{}", seeded.qi_id)).await;
    assert!(qi.to_string().contains("Software developer"), "{qi}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_case_sealed_under_one_key_reads_after_a_newer_key_is_added() {
    let old_key = keyring::new_key_line("key-a").unwrap();
    let mut app = TestApp::spawn_with(&[("PORTAL_PAYLOAD_KEYS", old_key.clone())]).await;
    let adviser = app.token("adviser1@example.com").await;
    // Answered, decided and proceeded under key A.
    let key = proceeded_application(&app, &adviser).await;
    let application = ok(&app, &adviser, &format!("/api/v1/application/{key}")).await;
    let alan = application["applicants"][0]["id"].clone();

    // Key B added and newest; A kept. Set up and put in force under B.
    let rotated = format!("{old_key}\n{}", keyring::new_key_line("key-b").unwrap());
    app.restart_with_keys(keyring::KeySource::inline(rotated, None))
        .await;
    set_up_and_activate(&app, &adviser, key).await;

    // What was sealed under A reads; so does what was sealed under B.
    let (status, enquiry) = get(&app, &adviser, &alan).await;
    assert_eq!(status, StatusCode::OK, "{enquiry}");
    assert_eq!(
        answer_of(&enquiry, "GP_REGISTERED_SINCE"),
        Some("2015-06-01")
    );
    let bank = ok(
        &app,
        &adviser,
        &format!("/api/v1/application/{key}/bankDetails"),
    )
    .await;
    assert_eq!(bank["bankDetails"]["sortCode"], SORT_CODE, "{bank}");
    let application = ok(&app, &adviser, &format!("/api/v1/application/{key}")).await;
    let (id, file_name) = first_policy_document(&application);
    assert!(
        document(&app, &adviser, &id, &file_name)
            .await
            .starts_with(PDF_MAGIC.as_bytes())
    );
    if let Some(bytes) = database_bytes(&app) {
        assert!(contains(&bytes, "v1:key-a:"), "nothing sealed under key A");
        assert!(contains(&bytes, "v1:key-b:"), "nothing sealed under key B");
        assert!(!contains(&bytes, ACCOUNT_NUMBER));
    }
}
