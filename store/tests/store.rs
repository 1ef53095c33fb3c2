//! The store against a real database (a SQLite file, or a PostgreSQL database of its own when
//! `PORTAL_TEST_POSTGRES` names a server): projection idempotency, search and advisers.

use chrono::{TimeZone, Utc};
use domain::{
    AddApplicant, AdviserId, ApplicantDetails, ApplicantId, Application, ApplicationStage, Gender,
    UxSettings,
};
use store::testing::TestDatabase;
use store::{FirmRecord, LocationRecord, SearchQuery, SearchScope, SeedAdviser, Store};

/// A migrated store on a fresh database, and the database, to keep until the test ends.
async fn store() -> (Store, TestDatabase) {
    let database = TestDatabase::create().await;
    let store = Store::connect(database.url(), store::testing::keys())
        .await
        .unwrap();
    store.migrate().await.unwrap();
    (store, database)
}

fn adviser(id: &str) -> AdviserId {
    AdviserId::parse(id).unwrap()
}

fn with_client(app: &Application, id: &str, first: &str, last: &str) -> Application {
    let command = AddApplicant {
        applicant_id: ApplicantId::parse(id).unwrap(),
        details: ApplicantDetails {
            first_name: Some(first.into()),
            last_name: Some(last.into()),
            gender: Some(Gender::Female),
            date_of_birth: chrono::NaiveDate::from_ymd_opt(1980, 1, 1),
            ..Default::default()
        },
        indication: None,
    };
    app.add_applicant(&command, app.updated_at + chrono::Duration::seconds(1))
        .unwrap()
}

async fn new_application(store: &Store, owner: &str) -> Application {
    let now = Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0).unwrap();
    let id = store.allocate_application_id(now).await.unwrap();
    let app = Application::new(id, adviser(owner), None, now);
    store.save_application(&app).await.unwrap();
    app
}

#[tokio::test]
async fn references_start_at_100001_and_increase() {
    let (store, _dir) = store().await;
    let now = Utc::now();
    let first = store.allocate_application_id(now).await.unwrap();
    let second = store.allocate_application_id(now).await.unwrap();
    assert_eq!(first.get(), 100001);
    assert_eq!(second.get(), 100002);
}

#[tokio::test]
async fn an_older_version_never_overwrites_a_newer_one() {
    let (store, _dir) = store().await;
    let v1 = new_application(&store, "adviser1").await;
    let v2 = with_client(&v1, "a1", "Ada", "Lovelace");
    assert!(store.save_application(&v2).await.unwrap());
    assert!(
        !store.save_application(&v1).await.unwrap(),
        "stale write must be ignored"
    );
    assert!(
        !store.save_application(&v2).await.unwrap(),
        "replay must be ignored"
    );
    let stored = store.find_application(v1.id).await.unwrap().unwrap();
    assert_eq!(stored, v2);
    let applicant = ApplicantId::parse("a1").unwrap();
    let owner = store.case_owner_of_applicant(&applicant).await.unwrap();
    assert_eq!(owner.map(|o| o.application_id), Some(v1.id));
}

/// A worker can save version N and die before Temporal records its workflow task; the change
/// that Temporal then records as version N (another command) must replace the orphan.
#[tokio::test]
async fn a_change_temporal_never_recorded_is_replaced_by_the_one_it_did() {
    let (store, _dir) = store().await;
    let v1 = new_application(&store, "adviser1").await;
    let orphan = with_client(&v1, "a1", "Ada", "Lovelace");
    let recorded = with_client(&v1, "a2", "Grace", "Hopper");
    assert_eq!(orphan.version, recorded.version);
    assert!(store.save_application(&orphan).await.unwrap());
    assert!(store.save_application(&recorded).await.unwrap());
    assert_eq!(
        store.find_application(v1.id).await.unwrap().unwrap(),
        recorded
    );
    let orphaned = ApplicantId::parse("a1").unwrap();
    assert_eq!(
        store
            .case_owner_of_applicant(&orphaned)
            .await
            .unwrap()
            .map(|o| o.application_id),
        None
    );
}

#[tokio::test]
async fn a_cases_owner_comes_with_their_settings_and_an_unregistered_owner_with_none() {
    let (store, _dir) = store().await;
    store
        .seed_advisers(
            &[],
            &[SeedAdviser {
                id: adviser("adviser9"),
                email: "adviser9@example.com".into(),
                name: "Adviser Nine".into(),
                firm_id: None,
                firm_location_id: None,
                ux_settings: UxSettings {
                    override_quote_date: true,
                    ..Default::default()
                },
                acts_for: Vec::new(),
            }],
        )
        .await
        .unwrap();
    let registered = new_application(&store, "adviser9").await;
    let owner = store.case_owner(registered.id).await.unwrap().unwrap();
    assert_eq!(owner.adviser_id, adviser("adviser9"));
    assert!(owner.settings.override_quote_date);

    let unregistered = new_application(&store, "someone-gone").await;
    let owner = store.case_owner(unregistered.id).await.unwrap().unwrap();
    assert_eq!(owner.settings, UxSettings::default());

    let nowhere = domain::ApplicationId::new(999_999).unwrap();
    assert_eq!(store.case_owner(nowhere).await.unwrap(), None);
    let nobody = ApplicantId::parse("nobody").unwrap();
    assert_eq!(store.case_owner_of_applicant(&nobody).await.unwrap(), None);
}

#[tokio::test]
async fn search_finds_by_name_or_reference_within_the_advisers_given() {
    let (store, _dir) = store().await;
    let mine = with_client(
        &new_application(&store, "adviser1").await,
        "a1",
        "Ada",
        "Lovelace",
    );
    store.save_application(&mine).await.unwrap();
    let theirs = with_client(
        &new_application(&store, "adviser2").await,
        "b1",
        "Ada",
        "Byron",
    );
    store.save_application(&theirs).await.unwrap();

    let query = |term: &str| SearchQuery {
        scope: SearchScope::Advisers(vec![adviser("adviser1")]),
        words: domain::dashboard::search_words(term),
        filters: vec![],
        page: 1,
    };
    let by_name = store
        .search_applications(&query("ada"), "adviser1")
        .await
        .unwrap();
    assert_eq!(
        by_name.total_record_count, 1,
        "another adviser's case must not be listed"
    );
    assert_eq!(by_name.results[0].client_names, "Ada Lovelace");
    let by_ref = store
        .search_applications(&query(&mine.id.to_string()), "adviser1")
        .await
        .unwrap();
    assert_eq!(by_ref.results[0].id, mine.id);
    assert_eq!(
        store
            .search_applications(&query("lovelace zz"), "adviser1")
            .await
            .unwrap()
            .total_record_count,
        0
    );
    assert_eq!(
        store
            .search_applications(&query("%"), "adviser1")
            .await
            .unwrap()
            .total_record_count,
        0
    );
}

/// The search index follows every save: any part of a word finds the case, a client removed
/// is no longer found, and what an adviser types is matched as typed, quotes included.
#[tokio::test]
async fn search_matches_any_part_of_a_word_and_follows_each_change() {
    let (store, _dir) = store().await;
    let v1 = new_application(&store, "adviser1").await;
    let ada = with_client(&v1, "a1", "Ada", "Lovelace");
    store.save_application(&ada).await.unwrap();
    let count = |term: &'static str| {
        let store = store.clone();
        async move {
            let query = SearchQuery {
                scope: SearchScope::Advisers(vec![adviser("adviser1")]),
                words: domain::dashboard::search_words(term),
                filters: vec![],
                page: 1,
            };
            store
                .search_applications(&query, "adviser1")
                .await
                .unwrap()
                .total_record_count
        }
    };
    assert_eq!(count("velac").await, 1, "the middle of a surname");
    assert_eq!(count("LOVE").await, 1, "whatever the case typed");
    assert_eq!(
        count("lo\"ve").await,
        0,
        "a quote is a character to find, not syntax"
    );
    assert_eq!(count("love zzz").await, 0, "every word must match");

    // The same version saved again with another client (a change Temporal never recorded):
    // the index follows the save.
    let grace = with_client(&v1, "a2", "Grace", "Hopper");
    store.save_application(&grace).await.unwrap();
    assert_eq!(count("lovelace").await, 0);
    assert_eq!(count("hopp").await, 1);
}

/// `app` in force with one policy, for `holder` (`client`), numbered `reference`.
fn with_policy(app: &Application, client: &str, reference: &str, holder: &str) -> Application {
    let issued_at = app.updated_at + chrono::Duration::seconds(1);
    let starts_on = chrono::NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
    let mut next = app.clone();
    next.updated_at = issued_at;
    next.set_up.policies = vec![domain::policy::Policy {
        policy_reference: reference.into(),
        applicant_id: ApplicantId::parse(client).unwrap(),
        holder_name: holder.into(),
        issued_at,
        starts_on,
        cancellation_ends_on: starts_on + chrono::Duration::days(30),
        cancellation_window_closed: false,
        monthly_premium: domain::money::Money::from_pence(2_500).unwrap(),
        status: domain::policy::PolicyStatus::AwaitingStart,
        documents: vec![],
    }];
    next
}

/// A case in force leaves In Progress (it is found under Policyholders) unless its stage is
/// asked for by name.
#[tokio::test]
async fn a_case_in_force_leaves_in_progress_unless_its_stage_is_asked_for() {
    let (store, _dir) = store().await;
    let quoting = new_application(&store, "adviser1").await;
    let quoting = with_client(&quoting, "a1", "Ada", "Lovelace");
    store.save_application(&quoting).await.unwrap();
    let in_force = new_application(&store, "adviser1").await;
    let mut in_force = with_policy(
        &with_client(&in_force, "b1", "Alan", "Turing"),
        "b1",
        "PP0010000108",
        "Alan Turing",
    );
    in_force.status = domain::ApplicationStage::WentOnRisk;
    in_force.version += 1;
    store.save_application(&in_force).await.unwrap();
    let found = |filters: Vec<domain::ApplicationStage>| {
        let store = store.clone();
        async move {
            let query = SearchQuery {
                scope: SearchScope::Advisers(vec![adviser("adviser1")]),
                words: vec![],
                filters,
                page: 1,
            };
            let results = store.search_applications(&query, "adviser1").await.unwrap();
            results.results.iter().map(|r| r.id).collect::<Vec<_>>()
        }
    };
    assert_eq!(found(vec![]).await, vec![quoting.id]);
    assert_eq!(
        found(vec![domain::ApplicationStage::WentOnRisk]).await,
        vec![in_force.id]
    );

    // Issued to start later, the case waits at Decision: it leaves In Progress all the same,
    // is still found by its stage, and says its policies are issued (issue 32).
    let later = new_application(&store, "adviser1").await;
    let mut later = with_policy(
        &with_client(&later, "c1", "Grace", "Hopper"),
        "c1",
        "PP0010000116",
        "Grace Hopper",
    );
    later.status = domain::ApplicationStage::Decision;
    later.set_up.active = true;
    later.version += 1;
    store.save_application(&later).await.unwrap();
    assert_eq!(found(vec![]).await, vec![quoting.id]);
    assert_eq!(
        found(vec![domain::ApplicationStage::Decision]).await,
        vec![later.id]
    );
    let query = SearchQuery {
        scope: SearchScope::Advisers(vec![adviser("adviser1")]),
        words: vec![],
        filters: vec![domain::ApplicationStage::Decision],
        page: 1,
    };
    let listed = store.search_applications(&query, "adviser1").await.unwrap();
    assert_eq!(listed.results[0].application_status, "Policies issued");
}

/// The Policyholders search is indexed as the dashboard's is, and the index follows every
/// save: any part of a holder's name finds the policy whatever the case typed, a word of two
/// letters still works, a quote is matched as typed, and a holder renamed is found by the new
/// name only.
#[tokio::test]
async fn policy_search_matches_any_part_of_a_name_and_follows_each_change() {
    let (store, _dir) = store().await;
    let alan = new_application(&store, "adviser1").await;
    let alan = with_policy(&alan, "b1", "PP0010000108", "Alan Turing");
    store.save_application(&alan).await.unwrap();
    let v1 = new_application(&store, "adviser1").await;
    let ada = with_policy(&v1, "a1", "PP0010000115", "Ada \"Countess\" Lovelace");
    store.save_application(&ada).await.unwrap();
    let holders = |term: &'static str| {
        let store = store.clone();
        async move {
            let query = SearchQuery {
                scope: SearchScope::Advisers(vec![adviser("adviser1")]),
                words: domain::dashboard::search_words(term),
                filters: vec![],
                page: 1,
            };
            let found = store.search_policies(&query).await.unwrap();
            let names: Vec<String> = found
                .policy_details
                .into_iter()
                .map(|p| p.holder_name)
                .collect();
            assert_eq!(found.total_record_count, names.len() as u64, "{term}");
            names
        }
    };
    let ada_name = vec!["Ada \"Countess\" Lovelace".to_owned()];
    assert_eq!(holders("velac").await, ada_name, "the middle of a surname");
    assert_eq!(holders("LOVE").await, ada_name, "whatever the case typed");
    assert_eq!(
        holders("urin").await,
        ["Alan Turing"],
        "each policy by its own name"
    );
    assert_eq!(holders("ov").await, ada_name, "a word of two letters");
    assert_eq!(
        holders("ov lace").await,
        ada_name,
        "short and long words together"
    );
    assert_eq!(
        holders("ov zzz").await,
        Vec::<String>::new(),
        "every word must match"
    );
    assert_eq!(
        holders("\"countess\"").await,
        ada_name,
        "quotes are characters to find"
    );
    assert_eq!(
        holders("lo\"ve").await,
        Vec::<String>::new(),
        "a quote is a character to find, not syntax"
    );
    assert_eq!(
        holders("0000115").await,
        ada_name,
        "part of the policy number"
    );

    // The same version saved again with the holder renamed (a change Temporal never
    // recorded): the index follows the save.
    let grace = with_policy(&v1, "a1", "PP0010000115", "Grace Hopper");
    store.save_application(&grace).await.unwrap();
    assert_eq!(holders("lovelace").await, Vec::<String>::new());
    assert_eq!(holders("ov").await, Vec::<String>::new());
    assert_eq!(holders("HOPP").await, ["Grace Hopper"]);
    assert_eq!(holders("turing").await, ["Alan Turing"]);
    assert_eq!(holders("0000115").await, ["Grace Hopper"]);
}

/// The Policyholders list says which products each policy holds, from the covers that went in
/// force; a policy saved before the store kept them gets them at the next start-up.
#[tokio::test]
async fn a_policy_is_listed_with_its_products_even_one_saved_before_they_were_kept() {
    use domain::decision::Decision;
    use domain::product_codes::ProductType;
    let (store, database) = store().await;
    let app = new_application(&store, "adviser1").await;
    let mut app = with_policy(
        &with_client(&app, "b1", "Alan", "Turing"),
        "b1",
        "PP0010000108",
        "Alan Turing",
    );
    for (id, product, decision) in [
        ("c1", ProductType::Life, Decision::StandardTerms),
        ("c2", ProductType::IncomeProtection, Decision::Declined),
        (
            "c3",
            ProductType::CriticalIllness,
            Decision::NonStandardTerms,
        ),
    ] {
        let mut cover = domain::cover::Cover::new(id.into(), product);
        cover.decision = Some(decision);
        app.applicants[0].covers.push(cover);
    }
    store.save_application(&app).await.unwrap();
    let products = || {
        let store = store.clone();
        async move {
            let query = SearchQuery {
                scope: SearchScope::Advisers(vec![adviser("adviser1")]),
                ..Default::default()
            };
            let found = store.search_policies(&query).await.unwrap();
            found.policy_details[0].product_types.clone()
        }
    };
    let held = [ProductType::Life, ProductType::CriticalIllness];
    assert_eq!(
        products().await,
        held,
        "in the covers' order, not the declined"
    );

    database.forget_policy_products().await;
    assert_eq!(products().await, [], "none kept");
    store.migrate().await.unwrap();
    assert_eq!(products().await, held, "filled in at start-up");
}

#[tokio::test]
async fn search_filters_by_stage_and_pages_by_ten() {
    let (store, _dir) = store().await;
    for _ in 0..12 {
        new_application(&store, "adviser1").await;
    }
    let mut query = SearchQuery {
        scope: SearchScope::Advisers(vec![adviser("adviser1")]),
        page: 2,
        ..Default::default()
    };
    let page2 = store.search_applications(&query, "adviser1").await.unwrap();
    assert_eq!(
        (
            page2.results.len(),
            page2.total_pages,
            page2.total_record_count
        ),
        (2, 2, 12)
    );
    query.filters = vec![ApplicationStage::Quote];
    assert_eq!(
        store
            .search_applications(&query, "adviser1")
            .await
            .unwrap()
            .total_record_count,
        0
    );
}

#[tokio::test]
async fn advisers_are_seeded_with_firm_location_settings_and_delegations() {
    let (store, _dir) = store().await;
    let firm = FirmRecord {
        id: "northfield".into(),
        name: "Northfield Financial Planning".into(),
        locations: vec![LocationRecord {
            id: "northfield-leeds".into(),
            name: "Leeds".into(),
        }],
    };
    let seed = |id: &str, acts_for: Vec<AdviserId>| SeedAdviser {
        id: adviser(id),
        email: format!("{id}@example.com"),
        name: id.to_uppercase(),
        firm_id: Some("northfield".into()),
        firm_location_id: Some("northfield-leeds".into()),
        ux_settings: UxSettings {
            hide_your_ref: true,
            ..Default::default()
        },
        acts_for,
    };
    let advisers = [
        seed("assistant1", vec![adviser("adviser1")]),
        seed("assistant2", vec![adviser("adviser2"), adviser("adviser1")]),
        seed("adviser1", vec![]),
        seed("adviser2", vec![]),
    ];
    store
        .seed_advisers(std::slice::from_ref(&firm), &advisers)
        .await
        .unwrap();
    // Seeding twice is harmless.
    store.seed_advisers(&[firm], &advisers).await.unwrap();

    let assistant = store
        .find_adviser(&adviser("assistant1"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        assistant.firm_name.as_deref(),
        Some("Northfield Financial Planning")
    );
    assert_eq!(assistant.firm_location_name.as_deref(), Some("Leeds"));
    assert!(assistant.ux_settings.hide_your_ref);
    assert_eq!(assistant.acts_for, [adviser("adviser1")]);
    let two = store
        .find_adviser(&adviser("assistant2"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(two.acts_for, [adviser("adviser1"), adviser("adviser2")]);
    assert_eq!(two.name, "ASSISTANT2");
    let alone = store
        .find_adviser(&adviser("adviser1"))
        .await
        .unwrap()
        .unwrap();
    assert!(alone.acts_for.is_empty());
    assert_eq!(alone.email, "adviser1@example.com");
    assert_eq!(alone.firm_location_name.as_deref(), Some("Leeds"));
    assert!(
        store
            .find_adviser(&adviser("nobody"))
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn a_document_is_kept_as_first_sent_for_its_application_version() {
    let (store, _dir) = store().await;
    let app = new_application(&store, "adviser1").await;
    store.save_application(&app).await.unwrap();
    let now = Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap();
    let document = |id: &'static str, content: &'static [u8]| store::NewDocument {
        id,
        application_id: app.id,
        kind: "quote",
        application_version: app.version,
        file_name: "Quote-1.pdf",
        content_type: "application/pdf",
        content,
        created_at: now,
    };
    let first = store
        .save_document(document("d1", b"%PDF first\x00\xff"))
        .await
        .unwrap();
    assert_eq!(first.content, b"%PDF first\x00\xff", "bytes kept exactly");
    let again = store
        .save_document(document("d2", b"%PDF second"))
        .await
        .unwrap();
    assert_eq!(again.id, "d1", "the first document for the version stays");
    assert_eq!(
        store.find_document("d1").await.unwrap().unwrap().file_name,
        "Quote-1.pdf"
    );
    assert_eq!(store.find_document("d2").await.unwrap(), None);
    assert_eq!(
        store
            .find_document_for_version(app.id, "quote", app.version + 1)
            .await
            .unwrap(),
        None
    );
}

#[tokio::test]
async fn an_enquiry_is_kept_at_its_newest_version_with_the_interview_it_follows() {
    use domain::underwriting::interview::{Interview, Limits};
    use domain::underwriting::outcome::ApplicantOutcome;
    use domain::underwriting::record::{EnquiryKind, EnquiryRecord, EnquiryStatus};
    let (store, _dir) = store().await;
    let app = new_application(&store, "adviser1").await;
    let interview = |version: &str| Interview {
        version: version.into(),
        branch: "adviser".into(),
        locale: "en-GB".into(),
        sections: vec![],
        limits: Limits {
            instant_loading_max: 150,
            decline_loading_above: 300,
        },
    };
    let record = |version: u64, open: bool, rulebook: &str| {
        let mut record = EnquiryRecord::start(
            &interview(rulebook),
            "enquiry-a1".into(),
            ApplicantId::parse("a1").unwrap(),
            EnquiryKind::Full,
            vec![],
            true,
            Utc::now(),
        );
        record.version = version;
        if !open {
            record.status = EnquiryStatus::Closed(ApplicantOutcome {
                rulebook_version: rulebook.to_owned(),
                decided_at: Utc::now(),
                covers: vec![],
                limits: None,
            });
        }
        record
    };
    let a1 = ApplicantId::parse("a1").unwrap();
    assert_eq!(store.find_enquiry(&a1).await.unwrap(), None);
    store.save_interview(&interview("sample")).await.unwrap();
    store.save_interview(&interview("sample")).await.unwrap();
    assert!(
        store
            .save_enquiry(app.id, &record(2, true, "sample"))
            .await
            .unwrap()
    );
    assert!(
        store
            .save_enquiry(app.id, &record(3, false, "sample"))
            .await
            .unwrap()
    );
    assert!(
        !store
            .save_enquiry(app.id, &record(2, true, "sample"))
            .await
            .unwrap(),
        "a late older version is ignored"
    );
    let found = store.find_enquiry(&a1).await.unwrap().unwrap();
    assert_eq!((found.version(), found.is_open()), (3, false));
    let view = found.view(Utc::now().date_naive());
    assert_eq!((view.version, view.is_open), (3, false));
    assert_eq!(view.rulebook_version.as_deref(), Some("sample"));

    // A record whose interview was never kept cannot be shown: said plainly, not guessed.
    store
        .save_enquiry(app.id, &record(4, true, "unknown"))
        .await
        .unwrap();
    let error = store.find_enquiry(&a1).await.unwrap_err().to_string();
    assert!(error.contains("its interview is not kept"), "{error}");
}

/// Workers save many cases at once: every save waits its turn rather than failing with
/// "database is locked" (SQLite has one writer at a time).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn many_cases_saved_at_once_are_all_saved() {
    let (store, _dir) = store().await;
    let writers: Vec<_> = (0..8)
        .map(|writer| {
            let store = store.clone();
            tokio::spawn(async move {
                for n in 0..25 {
                    let case = new_application(&store, "adviser1").await;
                    let named = with_client(&case, &format!("w{writer}n{n}"), "Ada", "Lovelace");
                    store.save_application(&named).await.unwrap();
                }
            })
        })
        .collect();
    for writer in writers {
        writer.await.unwrap();
    }
    let all = SearchQuery {
        scope: SearchScope::Advisers(vec![adviser("adviser1")]),
        words: domain::dashboard::search_words("lovelace"),
        filters: vec![],
        page: 1,
    };
    assert_eq!(
        store
            .search_applications(&all, "adviser1")
            .await
            .unwrap()
            .total_record_count,
        200
    );
}
