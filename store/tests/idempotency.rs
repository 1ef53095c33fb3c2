//! The keys of `Idempotency-Key` against a real database (SQLite, or PostgreSQL when
//! `PORTAL_TEST_POSTGRES` names a server): who may run a key's request, and what its retries get.

use chrono::{Duration, TimeZone, Utc};
use sqlx::Row;
use store::testing::TestDatabase;
use store::{Claim, KeptAnswer, KeyOf, KeyTerms, Store};

async fn store() -> (Store, TestDatabase) {
    let database = TestDatabase::create().await;
    let store = Store::connect(database.url(), store::testing::keys())
        .await
        .unwrap();
    store.migrate().await.unwrap();
    (store, database)
}

const TERMS: KeyTerms = KeyTerms {
    lease: Duration::seconds(4),
    keep: Duration::hours(24),
};

fn key<'a>(caller: &'a str, operation: &'a str) -> KeyOf<'a> {
    KeyOf {
        caller,
        operation,
        key: "8f14e45f-ceea-467f",
    }
}

fn answer() -> KeptAnswer {
    KeptAnswer {
        status: 200,
        headers: vec![
            ("content-type".into(), "application/json".into()),
            ("cover-id".into(), "c-1".into()),
        ],
        body: br#"{"accountNumber":"66374958"}"#.to_vec(),
    }
}

#[tokio::test]
async fn the_first_request_runs_and_its_retries_get_its_answer_sealed_at_rest() {
    let (store, db) = store().await;
    let now = Utc.with_ymd_and_hms(2026, 11, 28, 9, 0, 0).unwrap();
    let adviser = key("adviser1", "POST /api/v1/actions/MutateCovers/add");
    assert_eq!(
        store
            .claim_idempotency_key(adviser, "fp-1", now, TERMS)
            .await
            .unwrap(),
        Claim::Run
    );
    // While it runs, a retry is told it is in use until the lease ends.
    assert_eq!(
        store
            .claim_idempotency_key(adviser, "fp-1", now, TERMS)
            .await
            .unwrap(),
        Claim::Running {
            until: now + TERMS.lease
        }
    );
    store
        .keep_idempotent_answer(adviser, &answer())
        .await
        .unwrap();
    let later = now + Duration::minutes(5);
    assert_eq!(
        store
            .claim_idempotency_key(adviser, "fp-1", later, TERMS)
            .await
            .unwrap(),
        Claim::Answered(answer())
    );
    assert_eq!(
        store
            .claim_idempotency_key(adviser, "fp-2", later, TERMS)
            .await
            .unwrap(),
        Claim::OtherPayload
    );
    // As someone holding a copy of the database would read it.
    sqlx::any::install_default_drivers();
    let raw = sqlx::AnyPool::connect(db.url()).await.unwrap();
    let body: Vec<u8> = sqlx::query("SELECT body FROM idempotency_keys")
        .fetch_one(&raw)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    assert!(
        !body.windows(8).any(|w| w == b"66374958"),
        "the kept answer is sealed at rest"
    );
}

#[tokio::test]
async fn a_key_is_another_callers_or_another_operations_own() {
    let (store, _db) = store().await;
    let now = Utc.with_ymd_and_hms(2026, 11, 28, 9, 0, 0).unwrap();
    let first = key("adviser1", "POST /api/v1/application/1/children");
    store
        .claim_idempotency_key(first, "fp", now, TERMS)
        .await
        .unwrap();
    store
        .keep_idempotent_answer(first, &answer())
        .await
        .unwrap();
    for other in [
        key("adviser2", "POST /api/v1/application/1/children"),
        key("adviser1", "POST /api/v1/application/2/children"),
    ] {
        assert_eq!(
            store
                .claim_idempotency_key(other, "fp", now, TERMS)
                .await
                .unwrap(),
            Claim::Run,
            "{other:?}"
        );
    }
}

#[tokio::test]
async fn a_key_let_go_or_past_its_time_or_its_dead_process_lease_runs_again() {
    let (store, _db) = store().await;
    let now = Utc.with_ymd_and_hms(2026, 11, 28, 9, 0, 0).unwrap();
    let adviser = key("adviser1", "PATCH /api/v1/actions/MutateCovers/edit");

    // A server error lets the key go: the retry runs.
    store
        .claim_idempotency_key(adviser, "fp", now, TERMS)
        .await
        .unwrap();
    store.release_idempotency_key(adviser).await.unwrap();
    assert_eq!(
        store
            .claim_idempotency_key(adviser, "fp", now, TERMS)
            .await
            .unwrap(),
        Claim::Run
    );

    // A process that stops renewing its lease (it died) loses the key once the lease ends; one
    // that renews keeps it.
    let renewed_until = now + Duration::seconds(9);
    store
        .renew_idempotency_lease(adviser, renewed_until)
        .await
        .unwrap();
    let soon = now + Duration::seconds(6);
    assert_eq!(
        store
            .claim_idempotency_key(adviser, "fp", soon, TERMS)
            .await
            .unwrap(),
        Claim::Running {
            until: renewed_until
        }
    );
    let lapsed = now + Duration::seconds(10);
    assert_eq!(
        store
            .claim_idempotency_key(adviser, "fp", lapsed, TERMS)
            .await
            .unwrap(),
        Claim::Run
    );

    // Past the day a key is kept, the same key with another payload is a new request.
    store
        .keep_idempotent_answer(adviser, &answer())
        .await
        .unwrap();
    let next_day = now + TERMS.keep + Duration::seconds(11);
    assert_eq!(
        store
            .claim_idempotency_key(adviser, "another", next_day, TERMS)
            .await
            .unwrap(),
        Claim::Run
    );
    assert_eq!(store.sweep_idempotency_keys(next_day).await.unwrap(), 0);
    assert_eq!(
        store
            .sweep_idempotency_keys(next_day + TERMS.keep)
            .await
            .unwrap(),
        1
    );
}

#[tokio::test]
async fn of_two_requests_claiming_one_key_at_once_exactly_one_runs() {
    let (store, _db) = store().await;
    let now = Utc.with_ymd_and_hms(2026, 11, 28, 9, 0, 0).unwrap();
    let adviser = key("adviser1", "POST /api/v1/application/1/children");
    let claims = futures::future::join_all(
        (0..8).map(|_| store.claim_idempotency_key(adviser, "fp", now, TERMS)),
    )
    .await;
    let runs = claims
        .into_iter()
        .map(Result::unwrap)
        .filter(|c| *c == Claim::Run)
        .count();
    assert_eq!(runs, 1);
}
