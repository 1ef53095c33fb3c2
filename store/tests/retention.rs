//! Retention in the store (issue 36): which cases are not taken up, and deleting one leaves no
//! row of it but its deletion line, however often the deletion is retried.

use chrono::{DateTime, Duration, TimeZone, Utc};
use domain::{AddApplicant, AdviserId, ApplicantDetails, ApplicantId, Application};
use store::testing::TestDatabase;
use store::{LinkOutcome, NewDocument, Store};

const REASON: &str = "not taken up for 12 months";

async fn store() -> (Store, TestDatabase) {
    let database = TestDatabase::create().await;
    let store = Store::connect(database.url(), store::testing::keys())
        .await
        .unwrap();
    store.migrate().await.unwrap();
    (store, database)
}

fn at(year: i32, month: u32, day: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(year, month, day, 9, 0, 0).unwrap()
}

/// The moment the sweep goes by in these tests: cases unchanged since before 1 January 2026.
fn cutoff() -> DateTime<Utc> {
    at(2026, 1, 1)
}

/// A case of adviser1's with one client, Grace Hopper (`client-{id}`), last changed at `changed`.
async fn case(store: &Store, changed: DateTime<Utc>) -> Application {
    let id = store.allocate_application_id(changed).await.unwrap();
    let new = Application::new(id, AdviserId::parse("adviser1").unwrap(), None, changed);
    let command = AddApplicant {
        applicant_id: ApplicantId::parse(&format!("client-{id}")).unwrap(),
        details: ApplicantDetails {
            first_name: Some("Grace".into()),
            last_name: Some("Hopper".into()),
            gender: Some(domain::Gender::Female),
            date_of_birth: chrono::NaiveDate::from_ymd_opt(1980, 1, 1),
            ..Default::default()
        },
        indication: None,
    };
    let app = new.add_applicant(&command, changed).unwrap();
    store.save_application(&app).await.unwrap();
    app
}

/// `app` put in force (a policy saved with it), at the same moment.
fn in_force(app: &Application) -> Application {
    let starts_on = app.updated_at.date_naive();
    let mut next = app.clone();
    next.version += 1;
    next.set_up.policies = vec![domain::policy::Policy {
        policy_reference: format!("P{}", app.id),
        applicant_id: app.applicants[0].id.clone(),
        holder_name: "Grace Hopper".into(),
        issued_at: app.updated_at,
        starts_on,
        cancellation_ends_on: starts_on + Duration::days(30),
        cancellation_window_closed: false,
        monthly_premium: domain::money::Money::from_pence(2_500).unwrap(),
        status: domain::policy::PolicyStatus::AwaitingStart,
        documents: vec![],
    }];
    next
}

async fn with_document_and_link(store: &Store, app: &Application) -> String {
    let document_id = format!("doc-{}", app.id);
    store
        .save_document(NewDocument {
            id: &document_id,
            application_id: app.id,
            kind: "quote",
            application_version: app.version,
            file_name: "Quote.pdf",
            content_type: "application/pdf",
            content: b"%PDF Grace Hopper",
            created_at: app.updated_at,
        })
        .await
        .unwrap();
    let linked = store
        .link_client(
            &AdviserId::parse("grace-account").unwrap(),
            app.id,
            &app.applicants[0].id,
            app.updated_at,
        )
        .await
        .unwrap();
    assert!(matches!(linked, LinkOutcome::Linked(_)));
    document_id
}

#[tokio::test]
async fn only_a_case_never_in_force_and_unchanged_since_the_cutoff_is_not_taken_up() {
    let (store, _db) = store().await;
    let old = case(&store, at(2025, 6, 1)).await;
    let old_in_force = in_force(&case(&store, at(2025, 5, 1)).await);
    store.save_application(&old_in_force).await.unwrap();
    let _recent = case(&store, at(2026, 3, 1)).await;
    let _just_at_the_cutoff = case(&store, cutoff()).await;

    assert_eq!(
        store.cases_not_taken_up(cutoff(), 100).await.unwrap(),
        vec![old.id]
    );
}

#[tokio::test]
async fn the_candidates_come_longest_unchanged_first_and_at_most_the_limit() {
    let (store, _db) = store().await;
    let newer = case(&store, at(2025, 6, 1)).await;
    let older = case(&store, at(2024, 6, 1)).await;
    assert_eq!(
        store.cases_not_taken_up(cutoff(), 100).await.unwrap(),
        vec![older.id, newer.id]
    );
    assert_eq!(
        store.cases_not_taken_up(cutoff(), 1).await.unwrap(),
        vec![older.id]
    );
}

#[tokio::test]
async fn a_recorded_case_loses_every_row_and_keeps_one_line_without_its_client() {
    let (store, _db) = store().await;
    let app = case(&store, at(2025, 6, 1)).await;
    let document_id = with_document_and_link(&store, &app).await;
    let kept = case(&store, at(2025, 6, 2)).await;
    assert!(store.rows_held_for_case(app.id).await.unwrap() >= 4);
    assert_eq!(
        store.case_applicants(app.id).await.unwrap(),
        vec![app.applicants[0].id.clone()]
    );

    let deleted_at = at(2026, 6, 1);
    assert!(
        store
            .record_deletion(app.id, cutoff(), deleted_at, REASON, 3)
            .await
            .unwrap()
    );
    assert!(store.delete_recorded_case(app.id).await.unwrap());

    assert_eq!(store.rows_held_for_case(app.id).await.unwrap(), 0);
    assert_eq!(store.find_application(app.id).await.unwrap(), None);
    assert_eq!(store.find_document(&document_id).await.unwrap(), None);
    assert!(store.case_applicants(app.id).await.unwrap().is_empty());
    let account = AdviserId::parse("grace-account").unwrap();
    assert!(store.client_links(&account).await.unwrap().is_empty());
    let lines = store.deletions(10).await.unwrap();
    assert_eq!(
        lines,
        vec![store::Deletion {
            application_id: app.id,
            deleted_at,
            reason: REASON.into(),
            documents_removed: 1,
            enquiries_removed: 0,
            workflows_removed: 3,
        }]
    );
    assert!(!format!("{lines:?}").contains("Hopper"));
    // The other case is untouched, and nothing is left to find.
    assert!(store.find_application(kept.id).await.unwrap().is_some());
    assert_eq!(
        store.cases_not_taken_up(cutoff(), 100).await.unwrap(),
        vec![kept.id]
    );
}

#[tokio::test]
async fn a_deletion_retried_keeps_its_first_line_and_fails_nothing() {
    let (store, _db) = store().await;
    let app = case(&store, at(2025, 6, 1)).await;
    with_document_and_link(&store, &app).await;
    assert!(
        store
            .record_deletion(app.id, cutoff(), at(2026, 6, 1), REASON, 2)
            .await
            .unwrap()
    );
    // The worker died here, after the workflows went: the retry finds none to count.
    assert!(
        store
            .record_deletion(app.id, cutoff(), at(2026, 6, 2), REASON, 0)
            .await
            .unwrap()
    );
    assert!(store.delete_recorded_case(app.id).await.unwrap());
    assert!(!store.delete_recorded_case(app.id).await.unwrap());
    assert!(
        !store
            .record_deletion(app.id, cutoff(), at(2026, 6, 3), REASON, 0)
            .await
            .unwrap(),
        "nothing left to record"
    );
    let lines = store.deletions(10).await.unwrap();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].deleted_at, at(2026, 6, 1));
    assert_eq!(
        (lines[0].documents_removed, lines[0].workflows_removed),
        (1, 2)
    );
}

#[tokio::test]
async fn a_case_changed_after_it_was_found_is_neither_recorded_nor_deleted() {
    let (store, _db) = store().await;
    let app = case(&store, at(2025, 6, 1)).await;
    // Found with the cutoff of 1 January 2026; then the adviser changed it (a new version).
    let mut changed = app.clone();
    changed.version += 1;
    changed.updated_at = at(2026, 2, 1);
    store.save_application(&changed).await.unwrap();
    assert!(
        !store
            .record_deletion(app.id, cutoff(), at(2026, 6, 1), REASON, 1)
            .await
            .unwrap()
    );
    assert!(!store.delete_recorded_case(app.id).await.unwrap());
    assert!(store.find_application(app.id).await.unwrap().is_some());
    assert!(store.deletions(10).await.unwrap().is_empty());
}

#[tokio::test]
async fn a_case_in_force_is_never_recorded_however_old() {
    let (store, _db) = store().await;
    let app = in_force(&case(&store, at(2020, 6, 1)).await);
    store.save_application(&app).await.unwrap();
    assert!(
        !store
            .record_deletion(app.id, cutoff(), at(2026, 6, 1), REASON, 1)
            .await
            .unwrap()
    );
    assert!(!store.delete_recorded_case(app.id).await.unwrap());
    assert!(store.rows_held_for_case(app.id).await.unwrap() >= 3);
}

#[tokio::test]
async fn a_case_written_again_after_its_deletion_is_found_and_deleted_again() {
    let (store, _db) = store().await;
    let app = case(&store, at(2025, 6, 1)).await;
    assert!(
        store
            .record_deletion(app.id, cutoff(), at(2026, 6, 1), REASON, 1)
            .await
            .unwrap()
    );
    assert!(store.delete_recorded_case(app.id).await.unwrap());
    // A workflow that was still running saved the case again, as changed today.
    let mut again = app.clone();
    again.updated_at = at(2026, 6, 1);
    store.save_application(&again).await.unwrap();

    assert_eq!(
        store.cases_not_taken_up(cutoff(), 100).await.unwrap(),
        vec![app.id]
    );
    assert!(
        store
            .record_deletion(app.id, cutoff(), at(2026, 6, 2), REASON, 0)
            .await
            .unwrap()
    );
    assert!(store.delete_recorded_case(app.id).await.unwrap());
    assert_eq!(store.rows_held_for_case(app.id).await.unwrap(), 0);
    assert_eq!(store.deletions(10).await.unwrap().len(), 1);
}
