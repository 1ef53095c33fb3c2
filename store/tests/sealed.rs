//! Special-category data sealed at rest (issue 36) against a real database, SQLite or
//! PostgreSQL: what the columns hold is ciphertext naming its key, what the store answers is
//! the plain value; rows written before sealing still read; a rotated ring reads what the old
//! key sealed and seals anew with the newest; a key gone from the ring is named.

use chrono::Utc;
use domain::bank_check::BankCheckResult;
use domain::qi::QiRecord;
use domain::testkit::{now, ready, with_bank};
use domain::underwriting::interview::{Interview, Limits};
use domain::underwriting::record::{EnquiryKind, EnquiryRecord};
use domain::{ApplicantDetails, ApplicantId, Application, QiId};
use keyring::{KeyRing, new_key_line};
use sqlx::any::install_default_drivers;
use sqlx::{AnyPool, Row};
use store::testing::TestDatabase;
use store::{NewDocument, Store};

const ACCOUNT_NUMBER: &str = "66374958";
const SORT_CODE_DIGITS: &str = "089999";
/// Answers only a client's health disclosures carry.
const WEIGHT: &str = "104.6";
const GP_SINCE: &str = "2011-03-17";

fn ring(lines: &[&str]) -> KeyRing {
    KeyRing::parse(&lines.join("\n"), None).unwrap()
}

async fn connect(database: &TestDatabase, keys: KeyRing) -> Store {
    let store = Store::connect(database.url(), keys).await.unwrap();
    store.migrate().await.unwrap();
    store
}

/// A second way into the same database, as someone holding a copy of it would read it.
async fn raw(database: &TestDatabase) -> AnyPool {
    install_default_drivers();
    AnyPool::connect(database.url()).await.unwrap()
}

async fn raw_text(pool: &AnyPool, sql: &str) -> String {
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .fetch_one(pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}

/// A case in set-up with its bank details saved and checked (the testkit's Mr A Turing).
fn case_with_bank_details() -> Application {
    ready(domain::product_codes::StartDateOption::Now, None)
}

fn interview() -> Interview {
    Interview {
        version: "sample".into(),
        branch: "adviser".into(),
        locale: "en-GB".into(),
        sections: vec![],
        limits: Limits {
            instant_loading_max: 150,
            decline_loading_above: 300,
        },
    }
}

/// Ada's interview with her weight and GP registration answered.
fn health_answers(applicant: &str) -> EnquiryRecord {
    let mut record = EnquiryRecord::start(
        &interview(),
        format!("enquiry-{applicant}"),
        ApplicantId::parse(applicant).unwrap(),
        EnquiryKind::Full,
        vec![],
        true,
        Utc::now(),
    );
    record.answers.insert("WEIGHT".into(), WEIGHT.into());
    record
        .answers
        .insert("GP_REGISTERED_SINCE".into(), GP_SINCE.into());
    record
}

fn qi(id: &str) -> QiRecord {
    QiRecord {
        id: QiId::parse(id).unwrap(),
        adviser_id: domain::testkit::adviser_id("adviser1"),
        firm_id: None,
        client: ApplicantDetails::default(),
        enquiry: health_answers(&format!("qi-{id}")),
        indication: None,
        quote: None,
        application_id: None,
        expired: false,
        created_at: now(),
        updated_at: now(),
        expires_at: Utc::now() + chrono::Duration::days(30),
        version: 1,
    }
}

fn direct_debit_pdf(application: &Application, id: &'static str) -> NewDocument<'static> {
    NewDocument {
        id,
        application_id: application.id,
        kind: "direct-debit",
        application_version: application.version,
        file_name: "direct-debit.pdf",
        content_type: "application/pdf",
        content: b"%PDF-1.7 Account number 66374958 Sort code 08-99-99",
        created_at: now(),
    }
}

#[tokio::test]
async fn the_columns_hold_ciphertext_naming_the_key_and_the_store_answers_plain_values() {
    let database = TestDatabase::create().await;
    let store = connect(&database, ring(&[&new_key_line("k1").unwrap()])).await;
    let case = case_with_bank_details();
    assert!(store.save_application(&case).await.unwrap());
    store.save_interview(&interview()).await.unwrap();
    let ada = health_answers("a2");
    assert!(store.save_enquiry(case.id, &ada).await.unwrap());
    assert!(store.save_qi(&qi("q1")).await.unwrap());
    store
        .save_document(direct_debit_pdf(&case, "doc-1"))
        .await
        .unwrap();

    let pool = raw(&database).await;
    let stored = [
        raw_text(&pool, "SELECT document FROM applications").await,
        raw_text(&pool, "SELECT document FROM enquiries").await,
        raw_text(&pool, "SELECT document FROM qi_enquiries").await,
    ];
    for value in &stored {
        assert!(value.starts_with("v1:k1:"), "{value}");
        for secret in [
            ACCOUNT_NUMBER,
            SORT_CODE_DIGITS,
            "08-99-99",
            WEIGHT,
            GP_SINCE,
        ] {
            assert!(!value.contains(secret), "{secret} in {value}");
        }
    }
    let content: Vec<u8> = sqlx::query("SELECT content FROM documents")
        .fetch_one(&pool)
        .await
        .unwrap()
        .get(0);
    assert!(content.starts_with(b"\0sealed1\x02k1"));
    assert!(!content.windows(8).any(|w| w == ACCOUNT_NUMBER.as_bytes()));

    // What the store answers is the plain case, answers and document.
    let found = store.find_application(case.id).await.unwrap().unwrap();
    assert_eq!(found, case);
    let bank = found.set_up.bank_details.unwrap();
    assert_eq!(bank.account_number.digits(), ACCOUNT_NUMBER);
    let Some(store::StoredEnquiry::Record { record, .. }) = store
        .find_enquiry(&ApplicantId::parse("a2").unwrap())
        .await
        .unwrap()
    else {
        panic!("Ada's enquiry was not read back");
    };
    assert_eq!(*record, ada);
    let qi_found = store.find_qi(&QiId::parse("q1").unwrap()).await.unwrap();
    assert_eq!(qi_found.unwrap().0.enquiry.answers["WEIGHT"], WEIGHT);
    let listed = store
        .list_qi(&[domain::testkit::adviser_id("adviser1")], Utc::now())
        .await
        .unwrap();
    assert_eq!(listed.len(), 1);
    let document = store.find_document("doc-1").await.unwrap().unwrap();
    assert_eq!(
        document.content,
        direct_debit_pdf(&case, "doc-1").content.to_vec()
    );
}

#[tokio::test]
async fn saving_the_same_version_again_writes_nothing_and_other_content_replaces_it() {
    let database = TestDatabase::create().await;
    let store = connect(&database, ring(&[&new_key_line("k1").unwrap()])).await;
    let case = case_with_bank_details();
    assert!(store.save_application(&case).await.unwrap());
    assert!(
        !store.save_application(&case).await.unwrap(),
        "a replay of the same document is not written again, though each seal differs"
    );
    let mut other = case.clone();
    other.apply_stage.third_party_ref = Some("REF-2".into());
    assert!(store.save_application(&other).await.unwrap());
    assert_eq!(
        store.find_application(case.id).await.unwrap().unwrap(),
        other
    );
}

#[tokio::test]
async fn rows_written_before_sealing_are_read_and_sealed_when_next_saved() {
    let database = TestDatabase::create().await;
    let store = connect(&database, ring(&[&new_key_line("k1").unwrap()])).await;
    let case = case_with_bank_details();
    store.save_application(&case).await.unwrap();
    store
        .save_document(direct_debit_pdf(&case, "doc-1"))
        .await
        .unwrap();
    // As an older portal left them: the whole document plain, the PDF's bytes plain, and no
    // digest yet.
    let pool = raw(&database).await;
    let plain = serde_json::to_string(&case).unwrap();
    sqlx::query("UPDATE applications SET document = $1, document_digest = NULL")
        .bind(plain)
        .execute(&pool)
        .await
        .unwrap();
    let pdf = direct_debit_pdf(&case, "doc-1").content.to_vec();
    sqlx::query("UPDATE documents SET content = $1")
        .bind(pdf.clone())
        .execute(&pool)
        .await
        .unwrap();

    assert_eq!(
        store.find_application(case.id).await.unwrap().unwrap(),
        case
    );
    assert_eq!(
        store.find_document("doc-1").await.unwrap().unwrap().content,
        pdf
    );
    // The same version saved again replaces the plain row with a sealed one.
    assert!(store.save_application(&case).await.unwrap());
    let stored = raw_text(&pool, "SELECT document FROM applications").await;
    assert!(stored.starts_with("v1:k1:"), "{stored}");
}

#[tokio::test]
async fn a_rotated_ring_reads_what_the_old_key_sealed_and_seals_with_the_newest() {
    let database = TestDatabase::create().await;
    let key_a = new_key_line("key-a").unwrap();
    let before = connect(&database, ring(&[&key_a])).await;
    let case = case_with_bank_details();
    before.save_application(&case).await.unwrap();
    before.save_interview(&interview()).await.unwrap();
    before
        .save_enquiry(case.id, &health_answers("a2"))
        .await
        .unwrap();
    before
        .save_document(direct_debit_pdf(&case, "doc-1"))
        .await
        .unwrap();

    // Key B added and newest (the last in the ring), key A kept.
    let key_b = new_key_line("key-b").unwrap();
    let after = connect(&database, ring(&[&key_a, &key_b])).await;
    assert_eq!(
        after.find_application(case.id).await.unwrap().unwrap(),
        case
    );
    assert!(
        after
            .find_enquiry(&ApplicantId::parse("a2").unwrap())
            .await
            .unwrap()
            .is_some()
    );
    assert!(after.find_document("doc-1").await.unwrap().is_some());

    let changed = with_bank(&case, BankCheckResult::NotAuthenticated);
    assert!(after.save_application(&changed).await.unwrap());
    let pool = raw(&database).await;
    let stored = raw_text(&pool, "SELECT document FROM applications").await;
    assert!(stored.starts_with("v1:key-b:"), "{stored}");
    let stored = raw_text(&pool, "SELECT document FROM enquiries").await;
    assert!(stored.starts_with("v1:key-a:"), "{stored}");
    assert_eq!(
        after.find_application(case.id).await.unwrap().unwrap(),
        changed
    );
}

#[tokio::test]
async fn a_key_gone_from_the_ring_is_named_and_nothing_is_guessed() {
    let database = TestDatabase::create().await;
    let old = connect(&database, ring(&[&new_key_line("retired").unwrap()])).await;
    let case = case_with_bank_details();
    old.save_application(&case).await.unwrap();
    old.save_document(direct_debit_pdf(&case, "doc-1"))
        .await
        .unwrap();

    let without = connect(&database, ring(&[&new_key_line("current").unwrap()])).await;
    let errors = [
        without.find_application(case.id).await.unwrap_err(),
        without.find_document("doc-1").await.unwrap_err(),
    ];
    for error in errors {
        let message = error.to_string();
        assert!(message.contains("'retired'"), "{message}");
        assert!(
            message.contains("not in this process's key ring"),
            "{message}"
        );
    }
}

#[tokio::test]
async fn a_sealed_value_changed_in_the_database_is_refused() {
    let database = TestDatabase::create().await;
    let store = connect(&database, ring(&[&new_key_line("k1").unwrap()])).await;
    let case = case_with_bank_details();
    store.save_application(&case).await.unwrap();
    let pool = raw(&database).await;
    // Another case's sealed document copied over this one's: sealed for another row.
    let other = Application::new(
        domain::ApplicationId::new(100002).unwrap(),
        domain::testkit::adviser_id("adviser1"),
        None,
        now(),
    );
    store.save_application(&other).await.unwrap();
    sqlx::query(
        "UPDATE applications SET document = (SELECT document FROM applications WHERE id = 100002) \
         WHERE id = 100001",
    )
    .execute(&pool)
    .await
    .unwrap();
    let error = store
        .find_application(case.id)
        .await
        .unwrap_err()
        .to_string();
    assert!(error.contains("integrity check"), "{error}");
    assert!(
        error.contains("applications.document of row 100001"),
        "{error}"
    );
}

/// The database file and its write-ahead log as bytes, on SQLite.
fn sqlite_bytes(database: &TestDatabase) -> Option<Vec<u8>> {
    let path = database.url().strip_prefix("sqlite://")?;
    let mut bytes = std::fs::read(path).unwrap();
    bytes.extend(std::fs::read(format!("{path}-wal")).unwrap_or_default());
    Some(bytes)
}

#[tokio::test]
async fn the_first_start_after_the_upgrade_seals_what_was_stored_plain_once() {
    let database = TestDatabase::create().await;
    let store = connect(&database, ring(&[&new_key_line("k1").unwrap()])).await;
    let case = case_with_bank_details();
    store.save_application(&case).await.unwrap();
    store.save_interview(&interview()).await.unwrap();
    store
        .save_enquiry(case.id, &health_answers("a2"))
        .await
        .unwrap();
    store.save_qi(&qi("q1")).await.unwrap();
    store
        .save_document(direct_debit_pdf(&case, "doc-1"))
        .await
        .unwrap();
    // As the portal before sealing left them, with migration 0021's mark.
    let pool = raw(&database).await;
    let enquiry = serde_json::to_string(&health_answers("a2")).unwrap();
    let statements: [(&str, Vec<u8>); 4] = [
        (
            "UPDATE applications SET document = $1",
            serde_json::to_vec(&case).unwrap(),
        ),
        ("UPDATE enquiries SET document = $1", enquiry.into_bytes()),
        (
            "UPDATE qi_enquiries SET document = $1",
            serde_json::to_vec(&qi("q1")).unwrap(),
        ),
        (
            "UPDATE documents SET content = $1",
            direct_debit_pdf(&case, "doc-1").content.to_vec(),
        ),
    ];
    for (sql, value) in statements {
        let query = sqlx::query(sql);
        let query = if sql.contains("content") {
            query.bind(value)
        } else {
            query.bind(String::from_utf8(value).unwrap())
        };
        query.execute(&pool).await.unwrap();
    }
    sqlx::query("INSERT INTO plain_rows_to_seal (pending) VALUES (1)")
        .execute(&pool)
        .await
        .unwrap();
    assert!(
        raw_text(&pool, "SELECT document FROM applications")
            .await
            .contains(ACCOUNT_NUMBER)
    );

    store.migrate().await.unwrap();
    for sql in [
        "SELECT document FROM applications",
        "SELECT document FROM enquiries",
        "SELECT document FROM qi_enquiries",
    ] {
        let stored = raw_text(&pool, sql).await;
        assert!(stored.starts_with("v1:k1:"), "{sql}: {stored}");
    }
    let content: Vec<u8> = sqlx::query("SELECT content FROM documents")
        .fetch_one(&pool)
        .await
        .unwrap()
        .get(0);
    assert!(content.starts_with(b"\0sealed1"));
    let marks = sqlx::query("SELECT pending FROM plain_rows_to_seal")
        .fetch_all(&pool)
        .await
        .unwrap();
    assert!(marks.is_empty(), "the mark is removed once all is sealed");
    pool.close().await;
    if let Some(bytes) = sqlite_bytes(&database) {
        for secret in [ACCOUNT_NUMBER, WEIGHT, GP_SINCE] {
            let found = bytes.windows(secret.len()).any(|w| w == secret.as_bytes());
            assert!(!found, "the database file still holds {secret}");
        }
    }
    // And everything reads as it did.
    assert_eq!(
        store.find_application(case.id).await.unwrap().unwrap(),
        case
    );
    assert!(
        store
            .find_qi(&QiId::parse("q1").unwrap())
            .await
            .unwrap()
            .is_some()
    );
    assert_eq!(
        store.find_document("doc-1").await.unwrap().unwrap().content,
        direct_debit_pdf(&case, "doc-1").content.to_vec()
    );
}

#[tokio::test]
async fn the_dashboard_finds_and_labels_sealed_cases_from_their_plain_columns() {
    let database = TestDatabase::create().await;
    let store = connect(&database, ring(&[&new_key_line("k1").unwrap()])).await;
    let case = case_with_bank_details();
    assert!(case.decision.proceeded_at.is_some());
    store.save_application(&case).await.unwrap();
    let query = store::SearchQuery {
        scope: store::SearchScope::Advisers(vec![domain::testkit::adviser_id("adviser1")]),
        words: domain::dashboard::search_words("turing"),
        filters: vec![],
        page: 1,
    };
    let found = store.search_applications(&query, "adviser1").await.unwrap();
    assert_eq!(found.total_record_count, 1);
    // Proceeded from the decision, read from its own column now the document is sealed.
    assert_eq!(found.results[0].application_status, "Set-up");
}
