//! `Idempotency-Key`: a client that got no answer to a command (a timeout, a 503 while a
//! worker restarts) sends the same request again with the same key and gets the first
//! request's result, never a second change: the key becomes the id of the Temporal Update that
//! carries the command, and Temporal applies an Update id once per workflow run.
//!
//! The key is read once here, for every route, and kept for the request's task, so the one
//! place that sends Updates ([`crate::workflow_client`]) uses it without each of the many command
//! handlers passing it along.
//!
//! The key names one request: the Update id also carries a digest of the request's path and
//! body, so the same key sent with another request is that other request, never a replay of the
//! first one's answer (docs/decisions.md RS1).

use crate::error::ApiError;
use axum::body::Body;
use axum::extract::Request;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

pub const HEADER: &str = "idempotency-key";
/// Long enough for a UUID with a prefix; short enough to keep out of the way in history.
const MAX_LENGTH: usize = 100;

/// Largest body read for its digest: above every route's own limit (an evidence upload's
/// 10 MB), so a route still refuses a larger one in its own words.
const MAX_DIGESTED_BODY: usize = 16 * 1024 * 1024;

/// The client's key, and the digest of the request it came with.
#[derive(Debug, Clone)]
struct Keyed {
    key: String,
    request: String,
}

tokio::task_local! {
    static KEY: Keyed;
}

/// Reads the request's `Idempotency-Key`, refusing one that is empty, too long or not plain
/// text, and runs the rest of the request with it.
pub async fn layer(request: Request, next: Next) -> Response {
    let Some(value) = request.headers().get(HEADER) else {
        return next.run(request).await;
    };
    let Some(key) = value.to_str().ok().and_then(parse) else {
        return ApiError::bad_field(
            "Idempotency-Key",
            &format!("Idempotency-Key must be 1 to {MAX_LENGTH} letters, digits or the characters - _ . :"),
        )
        .into_response();
    };
    let (parts, body) = request.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_DIGESTED_BODY).await else {
        return ApiError::TooLarge("The request is too large".into()).into_response();
    };
    let request = digest(parts.method.as_str(), parts.uri.path(), &bytes);
    let keyed = Keyed { key, request };
    let request = Request::from_parts(parts, Body::from(bytes));
    KEY.scope(keyed, next.run(request)).await
}

/// A short digest of what the request asks: its method, path and body.
fn digest(method: &str, path: &str, body: &[u8]) -> String {
    let mut hash = Sha256::new();
    hash.update(method.as_bytes());
    hash.update(b" ");
    hash.update(path.as_bytes());
    hash.update(b"\n");
    hash.update(body);
    hash.finalize()[..8]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

fn parse(text: &str) -> Option<String> {
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':');
    (!text.is_empty() && text.len() <= MAX_LENGTH && text.chars().all(plain))
        .then(|| text.to_owned())
}

/// The request's key, if it sent one.
pub fn key() -> Option<String> {
    KEY.try_with(|keyed| keyed.key.clone()).ok()
}

/// The Update id for `update` in this request: the client's key, named for the Update so the
/// same key sent with another command is another change. None without a key (Temporal then
/// makes up an id, and a repeated request is a new change).
pub fn update_id(update: &str) -> Option<String> {
    KEY.try_with(|keyed| format!("{update}:{}:{}", keyed.key, keyed.request))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::{digest, parse};

    #[test]
    fn the_same_key_with_another_request_is_another_request() {
        let first = digest(
            "PATCH",
            "/api/v1/application/1/applicant/a",
            br#"{"lastName":"Turing"}"#,
        );
        assert_eq!(
            first,
            digest(
                "PATCH",
                "/api/v1/application/1/applicant/a",
                br#"{"lastName":"Turing"}"#
            )
        );
        assert_ne!(
            first,
            digest(
                "PATCH",
                "/api/v1/application/1/applicant/a",
                br#"{"lastName":"Hopper"}"#
            )
        );
        assert_ne!(
            first,
            digest(
                "PATCH",
                "/api/v1/application/1/applicant/b",
                br#"{"lastName":"Turing"}"#
            )
        );
    }

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
