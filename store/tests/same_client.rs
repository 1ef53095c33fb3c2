//! A client already in the client portal finds a new case of theirs by itself (issue 50): the
//! store finds the applicants no account holds who share the recorded email and date of birth of
//! one the account holds, including applicants saved before the key existed.

use chrono::{NaiveDate, TimeZone, Utc};
use domain::contact::address::ContactDetails;
use domain::contact::email::EmailAddress;
use domain::{AddApplicant, AdviserId, ApplicantDetails, ApplicantId, Application};
use store::Store;
use store::testing::TestDatabase;

async fn store(database: &TestDatabase, keys: &keyring::KeyRing) -> Store {
    let store = Store::connect(database.url(), keys.clone()).await.unwrap();
    store.migrate().await.unwrap();
    store
}

/// A case with one client `applicant`, born `born`, whose adviser recorded `email`.
async fn case(store: &Store, applicant: &str, born: (i32, u32, u32), email: &str) -> Application {
    let at = Utc.with_ymd_and_hms(2026, 11, 1, 9, 0, 0).unwrap();
    let id = store.allocate_application_id(at).await.unwrap();
    let new = Application::new(id, AdviserId::parse("adviser1").unwrap(), None, at);
    let command = AddApplicant {
        applicant_id: ApplicantId::parse(applicant).unwrap(),
        details: ApplicantDetails {
            first_name: Some("Grace".into()),
            last_name: Some("Hopper".into()),
            gender: Some(domain::Gender::Female),
            date_of_birth: NaiveDate::from_ymd_opt(born.0, born.1, born.2),
            ..Default::default()
        },
        indication: None,
    };
    let mut app = new.add_applicant(&command, at).unwrap();
    app.applicants[0].contact_details = Some(ContactDetails {
        email_address: Some(EmailAddress::parse(email).unwrap()),
        ..ContactDetails::default()
    });
    store.save_application(&app).await.unwrap();
    app
}

fn ids(found: &[(domain::ApplicationId, ApplicantId)]) -> Vec<String> {
    found.iter().map(|(_, a)| a.to_string()).collect()
}

#[tokio::test]
async fn only_the_same_email_and_date_of_birth_unheld_by_anyone_are_found() {
    let database = TestDatabase::create().await;
    let keys = store::testing::keys();
    let store = store(&database, &keys).await;
    let grace = AdviserId::parse("grace").unwrap();
    let first = case(&store, "first", (1980, 1, 1), "grace@example.com").await;
    let account_of = |subject: &str| AdviserId::parse(subject).unwrap();
    assert!(store.same_client_unlinked(&grace).await.unwrap().is_empty());
    store
        .link_client(&grace, first.id, &first.applicants[0].id, Utc::now())
        .await
        .unwrap();

    case(&store, "same", (1980, 1, 1), " Grace@Example.com ").await;
    case(&store, "other-birthday", (1980, 1, 2), "grace@example.com").await;
    case(&store, "other-email", (1980, 1, 1), "hopper@example.com").await;
    let held = case(&store, "held", (1980, 1, 1), "grace@example.com").await;
    store
        .link_client(
            &account_of("someone"),
            held.id,
            &held.applicants[0].id,
            Utc::now(),
        )
        .await
        .unwrap();

    let found = store.same_client_unlinked(&grace).await.unwrap();
    assert_eq!(ids(&found), ["same"], "{found:?}");
    assert!(
        store
            .same_client_unlinked(&account_of("nobody"))
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn applicants_saved_before_the_key_existed_are_found_after_the_next_start() {
    let database = TestDatabase::create().await;
    let keys = store::testing::keys();
    let store = store(&database, &keys).await;
    let grace = AdviserId::parse("grace").unwrap();
    let first = case(&store, "first", (1980, 1, 1), "grace@example.com").await;
    case(&store, "second", (1980, 1, 1), "grace@example.com").await;
    store
        .link_client(&grace, first.id, &first.applicants[0].id, Utc::now())
        .await
        .unwrap();
    // As migration 0026 leaves every applicant saved before it.
    sqlx::any::install_default_drivers();
    let mut connection = <sqlx::AnyConnection as sqlx::Connection>::connect(database.url())
        .await
        .unwrap();
    sqlx::query("UPDATE applicants SET same_client = NULL")
        .execute(&mut connection)
        .await
        .unwrap();
    assert!(store.same_client_unlinked(&grace).await.unwrap().is_empty());

    let restarted = self::store(&database, &keys).await;
    let found = restarted.same_client_unlinked(&grace).await.unwrap();
    assert_eq!(ids(&found), ["second"]);
}
