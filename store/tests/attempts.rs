//! The one counter of failed attempts (`store::attempts`) against a real database: windows,
//! limits, kinds and keys apart, forgetting, and the client portal's counter on top of it.

use chrono::{Duration, TimeZone, Utc};
use domain::AdviserId;
use store::testing::TestDatabase;
use store::{AttemptKind, AttemptLimit, RecentFailures, Store};

async fn store() -> (Store, TestDatabase) {
    let database = TestDatabase::create().await;
    let store = Store::connect(database.url(), store::testing::keys())
        .await
        .unwrap();
    store.migrate().await.unwrap();
    (store, database)
}

const LIMIT: AttemptLimit = AttemptLimit {
    max_failures: 3,
    window: Duration::minutes(15),
};

#[tokio::test]
async fn a_key_waits_once_its_failures_in_the_window_reach_the_limit_until_the_oldest_leaves_it() {
    let (store, _db) = store().await;
    let start = Utc.with_ymd_and_hms(2026, 11, 27, 9, 0, 0).unwrap();
    let kind = AttemptKind::SignInAccount;
    for minute in [0, 5, 6] {
        assert_eq!(
            store
                .recent_failures(kind, "k", LIMIT, start + Duration::minutes(minute))
                .await
                .unwrap()
                .wait_until,
            None,
            "under the limit at minute {minute}"
        );
        store
            .record_failed_attempt(kind, "k", start + Duration::minutes(minute))
            .await
            .unwrap();
    }
    let at = |minutes: i64, seconds: i64| {
        start + Duration::minutes(minutes) + Duration::seconds(seconds)
    };
    assert_eq!(
        store
            .recent_failures(kind, "k", LIMIT, at(7, 0))
            .await
            .unwrap(),
        RecentFailures {
            count: 3,
            wait_until: Some(at(15, 0))
        },
        "the first failure leaves the window at minute 15"
    );
    assert_eq!(
        store
            .recent_failures(kind, "k", LIMIT, at(15, 0))
            .await
            .unwrap()
            .wait_until,
        Some(at(15, 0)),
        "a failure exactly a window old still counts"
    );
    assert_eq!(
        store
            .recent_failures(kind, "k", LIMIT, at(15, 1))
            .await
            .unwrap(),
        RecentFailures {
            count: 2,
            wait_until: None
        },
    );
    // A fourth failure: the wait runs from the oldest of the last three.
    store
        .record_failed_attempt(kind, "k", at(16, 0))
        .await
        .unwrap();
    assert_eq!(
        store
            .recent_failures(kind, "k", LIMIT, at(16, 0))
            .await
            .unwrap()
            .wait_until,
        Some(at(20, 0))
    );
    let two = AttemptLimit {
        max_failures: 2,
        ..LIMIT
    };
    assert_eq!(
        store
            .recent_failures(kind, "k", two, at(16, 0))
            .await
            .unwrap(),
        RecentFailures {
            count: 2,
            wait_until: Some(at(21, 0))
        },
        "counted up to the limit, the wait from the oldest of the last two"
    );
}

#[tokio::test]
async fn kinds_and_keys_count_apart_and_forgetting_clears_one_key_of_one_kind() {
    let (store, _db) = store().await;
    let now = Utc::now();
    for _ in 0..3 {
        store
            .record_failed_attempt(AttemptKind::SignInAccount, "a", now)
            .await
            .unwrap();
        store
            .record_failed_attempt(AttemptKind::SignInAddress, "a", now)
            .await
            .unwrap();
    }
    let count = |kind, key: &'static str| {
        let store = store.clone();
        async move {
            store
                .failed_attempts_since(kind, key, now - Duration::minutes(1))
                .await
                .unwrap()
        }
    };
    assert_eq!(count(AttemptKind::SignInAccount, "a").await, 3);
    assert_eq!(count(AttemptKind::SignInAccount, "b").await, 0);
    assert_eq!(count(AttemptKind::ClientLink, "a").await, 0);
    store
        .forget_failed_attempts(AttemptKind::SignInAccount, "a")
        .await
        .unwrap();
    assert_eq!(count(AttemptKind::SignInAccount, "a").await, 0);
    assert_eq!(
        count(AttemptKind::SignInAddress, "a").await,
        3,
        "another kind is kept"
    );
}

#[tokio::test]
async fn failures_older_than_a_day_are_removed_as_new_ones_are_recorded() {
    let (store, _db) = store().await;
    let now = Utc::now();
    let kind = AttemptKind::SignInAddress;
    store
        .record_failed_attempt(kind, "old", now - Duration::hours(25))
        .await
        .unwrap();
    store
        .record_failed_attempt(kind, "recent", now - Duration::hours(23))
        .await
        .unwrap();
    let since_ever = now - Duration::days(30);
    assert_eq!(
        store
            .failed_attempts_since(kind, "old", since_ever)
            .await
            .unwrap(),
        1
    );
    store.record_failed_attempt(kind, "new", now).await.unwrap();
    assert_eq!(
        store
            .failed_attempts_since(kind, "old", since_ever)
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        store
            .failed_attempts_since(kind, "recent", since_ever)
            .await
            .unwrap(),
        1
    );
}

#[tokio::test]
async fn the_client_portals_confirm_details_counter_is_the_same_counter() {
    let (store, _db) = store().await;
    let client = AdviserId::parse("client-1").unwrap();
    let now = Utc::now();
    store.record_failed_link(&client, now).await.unwrap();
    store.record_failed_link(&client, now).await.unwrap();
    assert_eq!(
        store
            .failed_links_since(&client, now - Duration::minutes(15))
            .await
            .unwrap(),
        2
    );
    assert_eq!(
        store
            .failed_attempts_since(
                AttemptKind::ClientLink,
                "client-1",
                now - Duration::minutes(15)
            )
            .await
            .unwrap(),
        2
    );
    assert_eq!(
        store
            .failed_attempts_since(
                AttemptKind::SignInAccount,
                "client-1",
                now - Duration::minutes(15)
            )
            .await
            .unwrap(),
        0
    );
}
