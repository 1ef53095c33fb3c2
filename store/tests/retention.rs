//! Retention in the store (issue 36): which cases are not taken up, and deleting one leaves no
//! row of it but its deletion line, however often the deletion is retried.

use chrono::{DateTime, Duration, TimeZone, Utc};
use domain::{AddApplicant, AdviserId, ApplicantDetails, ApplicantId, Application};
use store::testing::TestDatabase;
use store::{Deletion, DeletionFilter, LinkOutcome, NewDocument, Store};

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

/// A case not taken up: last changed on 1 June 2025, before [`cutoff`].
async fn old_case(store: &Store) -> Application {
    case(store, at(2025, 6, 1)).await
}

/// A case last changed at `changed` and put in force, saved.
async fn case_in_force(store: &Store, changed: DateTime<Utc>) -> Application {
    let app = in_force(&case(store, changed).await);
    store.save_application(&app).await.unwrap();
    app
}

/// Records `app`'s deletion at `deleted_at` as the sweep does (found with [`cutoff`]), with
/// `workflows` runs removed; whether a line is there for it now.
async fn record(
    store: &Store,
    app: &Application,
    deleted_at: DateTime<Utc>,
    workflows: u64,
) -> bool {
    store
        .record_deletion(app.id, cutoff(), deleted_at, REASON, workflows)
        .await
        .unwrap()
}

/// The first page of deletion lines, newest first.
async fn lines(store: &Store) -> Vec<Deletion> {
    store
        .deletions(&DeletionFilter::default(), 1)
        .await
        .unwrap()
        .deletions
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
    let old = old_case(&store).await;
    case_in_force(&store, at(2025, 5, 1)).await;
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
    let newer = old_case(&store).await;
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
    let app = old_case(&store).await;
    let document_id = with_document_and_link(&store, &app).await;
    let kept = case(&store, at(2025, 6, 2)).await;
    assert!(store.rows_held_for_case(app.id).await.unwrap() >= 4);
    assert_eq!(
        store.case_applicants(app.id).await.unwrap(),
        vec![app.applicants[0].id.clone()]
    );

    let deleted_at = at(2026, 6, 1);
    assert!(record(&store, &app, deleted_at, 3).await);
    assert!(store.delete_recorded_case(app.id).await.unwrap());

    assert_eq!(store.rows_held_for_case(app.id).await.unwrap(), 0);
    assert_eq!(store.find_application(app.id).await.unwrap(), None);
    assert_eq!(store.find_document(&document_id).await.unwrap(), None);
    assert!(store.case_applicants(app.id).await.unwrap().is_empty());
    let account = AdviserId::parse("grace-account").unwrap();
    assert!(store.client_links(&account).await.unwrap().is_empty());
    let lines = lines(&store).await;
    assert_eq!(
        lines,
        vec![Deletion {
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
    let app = old_case(&store).await;
    with_document_and_link(&store, &app).await;
    assert!(record(&store, &app, at(2026, 6, 1), 2).await);
    // The worker died here, after the workflows went: the retry finds none to count.
    assert!(record(&store, &app, at(2026, 6, 2), 0).await);
    assert!(store.delete_recorded_case(app.id).await.unwrap());
    assert!(!store.delete_recorded_case(app.id).await.unwrap());
    assert!(
        !record(&store, &app, at(2026, 6, 3), 0).await,
        "nothing left to record"
    );
    let lines = lines(&store).await;
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
    let app = old_case(&store).await;
    // Found with the cutoff of 1 January 2026; then the adviser changed it (a new version).
    let mut changed = app.clone();
    changed.version += 1;
    changed.updated_at = at(2026, 2, 1);
    store.save_application(&changed).await.unwrap();
    assert!(!record(&store, &app, at(2026, 6, 1), 1).await);
    assert!(!store.delete_recorded_case(app.id).await.unwrap());
    assert!(store.find_application(app.id).await.unwrap().is_some());
    assert!(lines(&store).await.is_empty());
}

#[tokio::test]
async fn a_case_in_force_is_never_recorded_however_old() {
    let (store, _db) = store().await;
    let app = case_in_force(&store, at(2020, 6, 1)).await;
    assert!(!record(&store, &app, at(2026, 6, 1), 1).await);
    assert!(!store.delete_recorded_case(app.id).await.unwrap());
    assert!(store.rows_held_for_case(app.id).await.unwrap() >= 3);
}

#[tokio::test]
async fn a_case_written_again_after_its_deletion_is_found_and_deleted_again() {
    let (store, _db) = store().await;
    let app = old_case(&store).await;
    assert!(record(&store, &app, at(2026, 6, 1), 1).await);
    assert!(store.delete_recorded_case(app.id).await.unwrap());
    // A workflow that was still running saved the case again, as changed today.
    let mut again = app.clone();
    again.updated_at = at(2026, 6, 1);
    store.save_application(&again).await.unwrap();

    assert_eq!(
        store.cases_not_taken_up(cutoff(), 100).await.unwrap(),
        vec![app.id]
    );
    assert!(record(&store, &app, at(2026, 6, 2), 0).await);
    assert!(store.delete_recorded_case(app.id).await.unwrap());
    assert_eq!(store.rows_held_for_case(app.id).await.unwrap(), 0);
    assert_eq!(lines(&store).await.len(), 1);
}

#[tokio::test]
async fn deletion_lines_come_newest_first_a_page_of_ten_narrowed_by_instants() {
    let (store, _db) = store().await;
    let mut cases = Vec::new();
    for day in 1..=12 {
        let app = old_case(&store).await;
        assert!(record(&store, &app, at(2026, 6, day), 1).await);
        cases.push(app);
    }
    let all = store
        .deletions(&DeletionFilter::default(), 1)
        .await
        .unwrap();
    assert_eq!(all.total, 12);
    assert_eq!(all.deletions.len(), 10);
    assert_eq!(
        all.deletions[0].application_id, cases[11].id,
        "newest first"
    );
    let second = store
        .deletions(&DeletionFilter::default(), 2)
        .await
        .unwrap();
    let ids: Vec<_> = second.deletions.iter().map(|d| d.application_id).collect();
    assert_eq!(ids, [cases[1].id, cases[0].id]);

    // From 3 June (included) to before 5 June: the lines of the 3rd and the 4th.
    let narrowed = store
        .deletions(
            &DeletionFilter {
                from: Some(at(2026, 6, 3)),
                before: Some(at(2026, 6, 5)),
            },
            1,
        )
        .await
        .unwrap();
    let ids: Vec<_> = narrowed
        .deletions
        .iter()
        .map(|d| d.application_id)
        .collect();
    assert_eq!((narrowed.total, ids), (2, vec![cases[3].id, cases[2].id]));
}
