//! The underwriters' workbench over the read model (a SQLite file, or a PostgreSQL database of
//! its own when `PORTAL_TEST_POSTGRES` names a server): which referred cases each filter
//! lists, in which order and pages, and the dashboard's mark for an unread update.

use chrono::Duration;
use domain::application::{
    ClaimCase, EvidenceDocument, PostUnderwritingUpdate, ReceiveEvidence, RequestEvidence,
};
use domain::dashboard::WorkbenchFilter;
use domain::decision::Decision;
use domain::testkit::{adviser_id, applicant_id, decided, now, quoted_couple, today};
use domain::underwriting::evidence::{EvidenceCatalogue, EvidenceKind};
use domain::underwriting::manual::Underwriter;
use domain::{Application, ApplicationId};
use store::testing::TestDatabase;
use store::{SearchQuery, SearchScope, Store, WorkbenchQuery};

async fn store() -> (Store, TestDatabase) {
    let database = TestDatabase::create().await;
    let store = Store::connect(database.url(), store::testing::keys())
        .await
        .unwrap();
    store.migrate().await.unwrap();
    (store, database)
}

fn underwriter(id: &str) -> Underwriter {
    Underwriter {
        id: id.into(),
        name: format!("Underwriter {id}"),
    }
}

/// Case `id`, Alan's cover referred `days_ago`, the couple at Underwriting.
fn referred(id: i64, days_ago: i64) -> Application {
    let mut app = decided(&quoted_couple(), "a1", &[("c1", Decision::ManualUw, 0)]);
    app = decided(&app, "a2", &[("c2", Decision::StandardTerms, 0)]);
    app.id = ApplicationId::new(id).unwrap();
    app.underwriting.referral.referred_at = Some(now() - Duration::days(days_ago));
    for applicant in &mut app.applicants {
        applicant.id = applicant_id(&format!("{id}-{}", applicant.id));
    }
    for enquiry in &mut app.underwriting.applicants_enquiries {
        enquiry.applicant_id = applicant_id(&format!("{id}-{}", enquiry.applicant_id));
    }
    app
}

fn claimed(app: &Application, by: &str) -> Application {
    app.claim_case(
        &ClaimCase {
            underwriter: underwriter(by),
        },
        now(),
    )
    .unwrap()
}

/// `app` claimed by `by` with blood tests asked for (no consent needed).
fn awaiting_bloods(app: &Application, by: &str) -> Application {
    let settings =
        EvidenceCatalogue::parse(include_str!("../../product/underwriting/evidence.json"))
            .unwrap()
            .settings(EvidenceKind::BloodTests)
            .clone();
    let alan = app.applicants[0].id.clone();
    claimed(app, by)
        .request_evidence(
            &RequestEvidence {
                evidence_id: format!("e-{}", app.id),
                applicant_id: alan,
                settings,
                provider: None,
                expected_by: None,
                underwriter: underwriter(by),
            },
            now(),
        )
        .unwrap()
}

async fn list(store: &Store, filter: WorkbenchFilter, me: &str, page: u32) -> Vec<i64> {
    store
        .search_workbench(&WorkbenchQuery {
            filter,
            underwriter: me.into(),
            page,
            today: today(),
        })
        .await
        .unwrap()
        .results
        .iter()
        .map(|c| c.id.get())
        .collect()
}

#[tokio::test]
async fn each_filter_lists_its_referred_cases_oldest_referral_first() {
    let (store, _db) = store().await;
    let unclaimed = referred(100001, 3);
    let mine = claimed(&referred(100002, 5), "underwriter1");
    let theirs = claimed(&referred(100003, 1), "underwriter2");
    let evidence = awaiting_bloods(&referred(100004, 9), "underwriter1");
    let overdue = {
        let asked = awaiting_bloods(&referred(100005, 20), "underwriter2");
        let due = asked.evidence_deadline().unwrap();
        asked.apply_deadlines(due)
    };
    let mut at_quote = quoted_couple();
    at_quote.id = ApplicationId::new(100006).unwrap();
    for app in [&unclaimed, &mine, &theirs, &evidence, &overdue, &at_quote] {
        store.save_application(app).await.unwrap();
    }
    use WorkbenchFilter::*;
    let me = "underwriter1";
    assert_eq!(
        list(&store, All, me, 1).await,
        [100005, 100004, 100002, 100001, 100003]
    );
    assert_eq!(list(&store, Unclaimed, me, 1).await, [100001]);
    assert_eq!(list(&store, Mine, me, 1).await, [100004, 100002]);
    assert_eq!(list(&store, Evidence, me, 1).await, [100005, 100004]);
    assert_eq!(list(&store, Overdue, me, 1).await, [100005]);

    let page = store
        .search_workbench(&WorkbenchQuery {
            filter: All,
            underwriter: me.into(),
            page: 1,
            today: today(),
        })
        .await
        .unwrap();
    let row = page.results.iter().find(|c| c.id.get() == 100004).unwrap();
    assert_eq!(row.days_since_referral, 9);
    assert_eq!(
        row.claimed_by.as_ref().unwrap().name,
        "Underwriter underwriter1"
    );
    assert_eq!(row.client_names, "Alan Turing & Ada Turing");
    assert_eq!(row.referred[0].cover_id, "c1");
    assert_eq!(
        row.evidence[0].evidence,
        "Blood tests from the nurse screening service"
    );
    assert_eq!(row.evidence[0].due, today() + chrono::Days::new(14));

    // Decided: the case leaves the workbench.
    let decided_case = mine
        .decide_referred_cover(
            &domain::application::DecideReferredCover {
                applicant_id: mine.applicants[0].id.clone(),
                cover_id: "c1".into(),
                decision: domain::underwriting::manual::ManualDecisionInput {
                    decision: domain::underwriting::manual::ManualDecision::StandardTerms,
                    loading_percent: None,
                    exclusion: None,
                    postpone_months: None,
                    reason: Some("Fine".into()),
                },
                limits: domain::underwriting::interview::Limits {
                    instant_loading_max: 150,
                    decline_loading_above: 300,
                },
                underwriter: underwriter("underwriter1"),
            },
            now(),
        )
        .unwrap();
    store.save_application(&decided_case).await.unwrap();
    assert_eq!(list(&store, Mine, me, 1).await, [100004]);
}

#[tokio::test]
async fn the_workbench_pages_by_ten_and_counts_past_the_last_page() {
    let (store, _db) = store().await;
    for n in 0..12 {
        store
            .save_application(&referred(100001 + n, 30 - n))
            .await
            .unwrap();
    }
    let page = |n| WorkbenchQuery {
        filter: WorkbenchFilter::All,
        underwriter: "underwriter1".into(),
        page: n,
        today: today(),
    };
    let second = store.search_workbench(&page(2)).await.unwrap();
    assert_eq!(
        (
            second.results.len(),
            second.total_pages,
            second.total_record_count
        ),
        (2, 2, 12)
    );
    assert_eq!(second.results[0].id.get(), 100011);
    let beyond = store.search_workbench(&page(9)).await.unwrap();
    assert!(beyond.results.is_empty());
    assert_eq!(beyond.total_record_count, 12);
}

#[tokio::test]
async fn the_dashboard_marks_a_case_with_an_update_its_reader_has_not_read() {
    let (store, _db) = store().await;
    let mut app = claimed(&referred(100001, 2), "underwriter1");
    app.adviser_id = adviser_id("adviser1");
    store.save_application(&app).await.unwrap();
    let search = SearchQuery {
        scope: SearchScope::Advisers(vec![adviser_id("adviser1")]),
        page: 1,
        ..Default::default()
    };
    let flag = |store: &Store, reader: &'static str| {
        let store = store.clone();
        let search = search.clone();
        async move {
            store
                .search_applications(&search, reader)
                .await
                .unwrap()
                .results[0]
                .has_new_underwriting_update
        }
    };
    assert!(!flag(&store, "adviser1").await, "no update yet");
    let noted = app
        .post_underwriting_update(
            &PostUnderwritingUpdate {
                text: "Reviewing the case".into(),
                underwriter: underwriter("underwriter1"),
            },
            now() + Duration::hours(1),
        )
        .unwrap();
    store.save_application(&noted).await.unwrap();
    assert!(flag(&store, "adviser1").await);
    assert!(
        flag(&store, "assistant1").await,
        "each reader has their own mark"
    );
    store
        .mark_updates_read(noted.id, "adviser1", now() + Duration::hours(1))
        .await
        .unwrap();
    assert!(!flag(&store, "adviser1").await);
    assert!(flag(&store, "assistant1").await);
    store
        .mark_updates_read(noted.id, "adviser1", now())
        .await
        .unwrap();
    assert!(
        !flag(&store, "adviser1").await,
        "an earlier mark does not replace a later one"
    );
    let received = awaiting_bloods(&noted, "underwriter1")
        .receive_evidence(
            &ReceiveEvidence {
                evidence_id: format!("e-{}", noted.id),
                document: EvidenceDocument {
                    id: "doc".into(),
                    file_name: "bloods.pdf".into(),
                },
                underwriter: underwriter("underwriter1"),
            },
            now() + Duration::hours(2),
        )
        .unwrap();
    store.save_application(&received).await.unwrap();
    assert!(
        flag(&store, "adviser1").await,
        "a later update is new again"
    );
}
