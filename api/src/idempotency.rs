//! `Idempotency-Key`: a client that got no answer to a command (a timeout, a 503 while a
//! worker restarts) sends the same request again with the same key and gets the first
//! request's result, never a second change: the key becomes the id of the Temporal Update that
//! carries the command, and Temporal applies an Update id once per workflow run.
//!
//! The key is read once here, for every route, and kept for the request's task, so the one
//! place that sends Updates ([`crate::workflow_client`]) uses it without each of the many command
//! handlers passing it along.

use crate::error::ApiError;
use axum::extract::Request;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

pub const HEADER: &str = "idempotency-key";
/// Long enough for a UUID with a prefix; short enough to keep out of the way in history.
const MAX_LENGTH: usize = 100;

tokio::task_local! {
    static KEY: String;
}

/// Reads the request's `Idempotency-Key`, refusing one that is empty, too long or not plain
/// text, and runs the rest of the request with it.
pub async fn layer(request: Request, next: Next) -> Response {
    let Some(value) = request.headers().get(HEADER) else {
        return next.run(request).await;
    };
    match value.to_str().ok().and_then(parse) {
        Some(key) => KEY.scope(key, next.run(request)).await,
        None => ApiError::bad_field(
            "Idempotency-Key",
            &format!("Idempotency-Key must be 1 to {MAX_LENGTH} letters, digits or the characters - _ . :"),
        )
        .into_response(),
    }
}

fn parse(text: &str) -> Option<String> {
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':');
    (!text.is_empty() && text.len() <= MAX_LENGTH && text.chars().all(plain))
        .then(|| text.to_owned())
}

/// The request's key, if it sent one.
pub fn key() -> Option<String> {
    KEY.try_with(Clone::clone).ok()
}

/// The Update id for `update` in this request: the client's key, named for the Update so the
/// same key sent with another command is another change. None without a key (Temporal then
/// makes up an id, and a repeated request is a new change).
pub fn update_id(update: &str) -> Option<String> {
    KEY.try_with(|key| format!("{update}:{key}")).ok()
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn a_key_is_plain_text_of_at_most_a_hundred_characters() {
        assert_eq!(
            parse("8f14e45f-ceea-467f-a0e6-2f4f1a2b3c4d").as_deref(),
            Some("8f14e45f-ceea-467f-a0e6-2f4f1a2b3c4d")
        );
        assert_eq!(parse(&"k".repeat(100)).map(|k| k.len()), Some(100));
        assert_eq!(parse(&"k".repeat(101)), None);
        assert_eq!(parse(""), None);
        assert_eq!(parse("two words"), None);
        assert_eq!(parse("ключ"), None);
    }
}
