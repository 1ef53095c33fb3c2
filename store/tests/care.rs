//! Customer care's records against a real database: delegations counted on the days they are in
//! force, seeding that leaves customer care's changes alone, and every change recorded.

use chrono::NaiveDate;
use domain::care::NewDelegation;
use domain::{AdviserId, UxSettings};
use store::testing::TestDatabase;
use store::{Actor, ChangeSubject, FirmRecord, LocationRecord, SeedAdviser, Store};

async fn store() -> (Store, TestDatabase) {
    let database = TestDatabase::create().await;
    let store = Store::connect(database.url(), store::testing::keys())
        .await
        .unwrap();
    store.migrate().await.unwrap();
    (store, database)
}

fn id(text: &str) -> AdviserId {
    AdviserId::parse(text).unwrap()
}

fn day(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn admin() -> Actor {
    Actor {
        subject: "ccaadmin1".into(),
        name: "Omar Haddad".into(),
    }
}

fn firm() -> FirmRecord {
    FirmRecord {
        id: "northfield".into(),
        name: "Northfield".into(),
        locations: vec![
            LocationRecord {
                id: "northfield-leeds".into(),
                name: "Leeds".into(),
            },
            LocationRecord {
                id: "northfield-york".into(),
                name: "York".into(),
            },
        ],
    }
}

fn seed(who: &str, acts_for: &[&str]) -> SeedAdviser {
    SeedAdviser {
        id: id(who),
        email: format!("{who}@example.com"),
        name: who.to_uppercase(),
        firm_id: Some("northfield".into()),
        firm_location_id: Some("northfield-leeds".into()),
        ux_settings: UxSettings::default(),
        acts_for: acts_for.iter().map(|a| id(a)).collect(),
    }
}

async fn seeded() -> (Store, TestDatabase) {
    let (store, db) = store().await;
    let advisers = [
        seed("assistant1", &["adviser1"]),
        seed("adviser1", &[]),
        seed("adviser2", &[]),
    ];
    store.seed_advisers(&[firm()], &advisers).await.unwrap();
    (store, db)
}

#[tokio::test]
async fn a_delegation_counts_from_its_first_to_its_last_day_only() {
    let (store, _db) = seeded().await;
    let delegation = NewDelegation {
        delegate: id("assistant1"),
        principal: id("adviser2"),
        from: day("2026-12-01"),
        until: Some(day("2026-12-31")),
    };
    store
        .add_delegation(&delegation, day("2026-11-27"), &admin())
        .await
        .unwrap()
        .unwrap();
    let acts_for = |on: &'static str| {
        let store = store.clone();
        async move {
            store
                .find_adviser_on(&id("assistant1"), day(on))
                .await
                .unwrap()
                .unwrap()
                .acts_for
        }
    };
    assert_eq!(acts_for("2026-11-30").await, [id("adviser1")]);
    assert_eq!(
        acts_for("2026-12-01").await,
        [id("adviser1"), id("adviser2")]
    );
    assert_eq!(
        acts_for("2026-12-31").await,
        [id("adviser1"), id("adviser2")]
    );
    assert_eq!(acts_for("2027-01-01").await, [id("adviser1")]);
}

#[tokio::test]
async fn seeding_again_keeps_what_customer_care_changed() {
    let (store, _db) = seeded().await;
    let flags = UxSettings {
        hide_life_essentials: true,
        ..UxSettings::default()
    };
    store
        .set_adviser_flags(&id("adviser1"), &flags, &admin())
        .await
        .unwrap()
        .unwrap();
    store
        .set_adviser_location(&id("adviser1"), Some("northfield-york"), &admin())
        .await
        .unwrap()
        .unwrap();
    let seeded_delegation = store.delegations_of(&id("assistant1")).await.unwrap();
    let today = domain::dates::uk_date(chrono::Utc::now());
    store
        .end_delegation(&seeded_delegation[0].id, today, &admin())
        .await
        .unwrap()
        .unwrap();

    // The next start seeds the same file again.
    let advisers = [
        seed("assistant1", &["adviser1"]),
        seed("adviser1", &[]),
        seed("adviser2", &[]),
    ];
    store.seed_advisers(&[firm()], &advisers).await.unwrap();

    let adviser = store.find_adviser(&id("adviser1")).await.unwrap().unwrap();
    assert!(adviser.ux_settings.hide_life_essentials);
    assert_eq!(adviser.firm_location_name.as_deref(), Some("York"));
    let assistant = store
        .find_adviser(&id("assistant1"))
        .await
        .unwrap()
        .unwrap();
    assert!(
        assistant.acts_for.is_empty(),
        "the ended delegation stays ended"
    );
    assert_eq!(
        store.delegations_of(&id("assistant1")).await.unwrap().len(),
        1
    );
    let kinds: Vec<_> = store
        .care_changes(ChangeSubject::Adviser(&id("adviser1")))
        .await
        .unwrap()
        .expect("adviser1 is registered")
        .into_iter()
        .map(|c| c.kind.code())
        .collect();
    assert_eq!(kinds.len(), 3, "{kinds:?}");
    assert!(
        kinds.contains(&"flags")
            && kinds.contains(&"location")
            && kinds.contains(&"delegationEnded")
    );
}
