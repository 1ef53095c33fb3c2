//! Web chat's text sealed at rest (migration 0024), against a real database, SQLite or
//! PostgreSQL: the column holds ciphertext bound to its conversation and number, the store
//! answers the plain text; messages stored before sealing (even one that looks like a sealed
//! value) read as they are and are sealed once by the next start's migrate step.

use chrono::{NaiveDate, Utc};
use keyring::{KeyRing, new_key_line};
use sqlx::any::install_default_drivers;
use sqlx::{AnyPool, Row};
use store::testing::TestDatabase;
use store::{NewChatMessage, Store, StoreError};

const HEALTH: &str = "Her client had a stroke in 2019";
/// Free text may look like a sealed value; it is still text.
const LOOKS_SEALED: &str = "v1: that is the first version of the quote";

async fn connect(database: &TestDatabase) -> Store {
    let keys = KeyRing::parse(&new_key_line("k1").unwrap(), None).unwrap();
    let store = Store::connect(database.url(), keys).await.unwrap();
    store.migrate().await.unwrap();
    store
}

async fn raw(database: &TestDatabase) -> AnyPool {
    install_default_drivers();
    AnyPool::connect(database.url()).await.unwrap()
}

async fn say(store: &Store, conversation: &str, client_id: &str, text: &str) -> i64 {
    let (message, _) = store
        .append_chat_message(&NewChatMessage {
            conversation_id: conversation,
            client_id,
            sender_id: "adviser1",
            sender_name: "Priya Shah",
            sender_side: "adviser",
            from_care_team: false,
            body: text,
            at: Utc::now(),
        })
        .await
        .unwrap();
    message.seq
}

async fn conversation(store: &Store, adviser: &str) -> String {
    let day = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
    store
        .open_chat_conversation(&uuid(), adviser, "Priya Shah", day, None, Utc::now())
        .await
        .unwrap()
        .id
}

fn uuid() -> String {
    format!("c-{}", Utc::now().timestamp_nanos_opt().unwrap())
}

async fn bodies(pool: &AnyPool) -> Vec<(String, i64)> {
    sqlx::query("SELECT body, body_sealed FROM chat_messages ORDER BY seq")
        .fetch_all(pool)
        .await
        .unwrap()
        .iter()
        .map(|row| (row.get(0), row.get(1)))
        .collect()
}

#[tokio::test]
async fn a_message_is_ciphertext_in_its_column_and_plain_from_the_store() {
    let database = TestDatabase::create().await;
    let store = connect(&database).await;
    let id = conversation(&store, "adviser1").await;
    say(&store, &id, "m-1", HEALTH).await;
    say(&store, &id, "m-2", LOOKS_SEALED).await;
    let pool = raw(&database).await;
    for (body, sealed) in bodies(&pool).await {
        assert!(body.starts_with("v1:k1:"), "{body}");
        assert!(!body.contains("stroke") && !body.contains("quote"));
        assert_eq!(sealed, 1);
    }
    let texts: Vec<String> = store
        .chat_messages_after(&id, 0)
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.body)
        .collect();
    assert_eq!(texts, [HEALTH, LOOKS_SEALED]);
    assert_eq!(
        store
            .chat_message_numbered(&id, 2)
            .await
            .unwrap()
            .unwrap()
            .body,
        LOOKS_SEALED
    );
    assert!(store.chat_message_numbered(&id, 3).await.unwrap().is_none());

    // Message 1's sealed text copied onto message 2 is refused, not shown as message 2's.
    sqlx::query(
        "UPDATE chat_messages SET body = (SELECT body FROM chat_messages WHERE seq = 1) \
         WHERE seq = 2",
    )
    .execute(&pool)
    .await
    .unwrap();
    let error = store.chat_messages_after(&id, 0).await.unwrap_err();
    assert!(matches!(error, StoreError::Sealed { .. }), "{error}");
    assert!(error.to_string().contains("chat_messages.body"), "{error}");
}

#[tokio::test]
async fn messages_stored_before_sealing_read_as_they_are_and_are_sealed_once_at_the_next_start() {
    let database = TestDatabase::create().await;
    let store = connect(&database).await;
    let first = conversation(&store, "adviser1").await;
    let second = conversation(&store, "adviser2").await;
    say(&store, &first, "m-1", "placeholder").await;
    say(&store, &first, "m-2", "placeholder").await;
    say(&store, &second, "m-1", "placeholder").await;
    // As the portal before migration 0024 left them: plain, with the mark asking for sealing.
    let pool = raw(&database).await;
    for (conversation, seq, text) in [
        (&first, 1, HEALTH),
        (&first, 2, LOOKS_SEALED),
        (&second, 1, "Is a BMI of 36 a referral?"),
    ] {
        sqlx::query(
            "UPDATE chat_messages SET body = $1, body_sealed = 0 \
             WHERE conversation_id = $2 AND seq = $3",
        )
        .bind(text)
        .bind(conversation.as_str())
        .bind(seq)
        .execute(&pool)
        .await
        .unwrap();
    }
    let texts = |messages: Vec<store::ChatMessage>| -> Vec<String> {
        messages.into_iter().map(|m| m.body).collect()
    };
    assert_eq!(
        texts(store.chat_messages_after(&first, 0).await.unwrap()),
        [HEALTH, LOOKS_SEALED],
        "read as they are, even one that looks sealed"
    );
    sqlx::query("INSERT INTO plain_rows_to_seal (pending) VALUES (1)")
        .execute(&pool)
        .await
        .unwrap();

    store.migrate().await.unwrap();
    let stored = bodies(&pool).await;
    assert_eq!(stored.len(), 3);
    for (body, sealed) in &stored {
        assert!(body.starts_with("v1:k1:"), "{body}");
        assert_eq!(*sealed, 1);
    }
    assert!(
        sqlx::query("SELECT pending FROM plain_rows_to_seal")
            .fetch_all(&pool)
            .await
            .unwrap()
            .is_empty(),
        "the mark is removed once all is sealed"
    );
    assert_eq!(
        texts(store.chat_messages_after(&first, 0).await.unwrap()),
        [HEALTH, LOOKS_SEALED]
    );
    assert_eq!(
        texts(store.chat_messages_after(&second, 0).await.unwrap()),
        ["Is a BMI of 36 a referral?"]
    );
    // A later start leaves sealed values alone.
    store.migrate().await.unwrap();
    assert_eq!(bodies(&pool).await, stored);
    pool.close().await;
    if let Some(path) = database.url().strip_prefix("sqlite://") {
        let mut bytes = std::fs::read(path).unwrap();
        bytes.extend(std::fs::read(format!("{path}-wal")).unwrap_or_default());
        assert!(
            !bytes.windows(6).any(|w| w == b"stroke"),
            "the old plain text is gone from the file and its log"
        );
    }
}
