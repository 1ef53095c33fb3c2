//! `Idempotency-Key`, as draft-ietf-httpapi-idempotency-key-header reads it: a command sent
//! again with the key it was first sent with is answered with the first answer (its status,
//! headers and body) and changes nothing a second time; the same key with another payload is
//! refused (422, `idempotency-key-reused`); a retry that arrives while the first request still
//! runs is told to wait (409, `idempotency-key-in-use`, with `Retry-After`). A key belongs to
//! the caller who sent it and to the operation (method and path) it was sent on, and is kept
//! for [`KEEP`]. Payloads are compared by meaning ([`fingerprint`]), not bytes.
//!
//! The keys live in the database ([`store::Claim`]), so every `portal api` process honours a key
//! another process saw first. The first request runs in a task of its own, so a client that
//! disconnects does not cancel a command half way; it holds its key under a short lease it
//! renews, so a retry after that process died takes the key over within [`LEASE`].
//!
//! A second run of a command is harmless even so: the key, with its caller and fingerprint,
//! becomes the id of the Temporal Update that carries the command ([`update_id`]), and Temporal
//! applies an Update id once. That is also what answers a retry after a 503 (`unconfirmed`): a
//! server error keeps no answer, so the retry runs again and Temporal gives the first run's
//! outcome (docs/decisions.md RS1, ID1).

mod fingerprint;

use crate::auth::Caller;
use crate::error::{ApiError, ProblemType, problem};
use crate::state::AppState;
use axum::body::{Body, HttpBody};
use axum::extract::{FromRequestParts, Request, State};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use std::sync::atomic::{AtomicI64, Ordering};
use store::{Claim, KeptAnswer, KeyOf, KeyTerms};

pub const HEADER: &str = "idempotency-key";
/// Long enough for a UUID with a prefix; short enough to keep out of the way in history.
const MAX_LENGTH: usize = 100;

/// How long a key is kept after its first request: a day, for a client that retries through
/// an outage. The OpenAPI document states it on the header.
pub const KEEP: chrono::Duration = chrono::Duration::hours(24);
/// How long a running request holds its key without renewing; renewed every third of it (a
/// write only for a request that runs over a second). A retry after its process died waits at
/// most this long for the key. Processes' clocks must agree far better than this (NTP does).
const LEASE: chrono::Duration = chrono::Duration::seconds(3);
/// Expired keys are swept at most this often by each process.
const SWEEP_EVERY_SECONDS: i64 = 600;

/// Largest body read for its fingerprint: above every route's own limit (an evidence upload's
/// 10 MB), so a route still refuses a larger one in its own words.
const MAX_READ_BODY: usize = 16 * 1024 * 1024;
/// Largest answer kept for replay; a larger one (no command answers so much) lets its key go.
const MAX_KEPT_ANSWER: u64 = 8 * 1024 * 1024;

/// Said on an answer replayed from its key.
pub const REPLAYED_HEADER: &str = "idempotent-replayed";

/// The key of the request being handled, for the command path.
#[derive(Debug, Clone)]
struct Keyed {
    key: String,
    /// The verified caller's subject; `-` when the request carried no valid token (the route
    /// then refuses it, or needs none).
    caller: String,
    fingerprint: String,
}

tokio::task_local! {
    static KEY: Keyed;
}

/// Applies the key's rules to every command that carries one.
pub async fn layer(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if !is_command(request.method()) {
        return next.run(request).await;
    }
    let Some(value) = request.headers().get(HEADER) else {
        return next.run(request).await;
    };
    let Some(key) = value.to_str().ok().and_then(parse) else {
        return ApiError::bad_field(
            "Idempotency-Key",
            &format!(
                "Idempotency-Key must be 1 to {MAX_LENGTH} letters, digits or the characters - _ . :"
            ),
        )
        .into_response();
    };
    let (mut parts, body) = request.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_READ_BODY).await else {
        return ApiError::TooLarge("The request is too large".into()).into_response();
    };
    let content_type = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok());
    let fingerprint = fingerprint::of(content_type, parts.uri.query(), &bytes).await;
    let caller = Caller::from_request_parts(&mut parts, &state).await.ok();
    let operation = format!("{} {}", parts.method, parts.uri.path());
    let request = Request::from_parts(parts, Body::from(bytes));
    let Some(caller) = caller else {
        // No caller to bind the key to: nothing is kept, and the route answers as it does
        // without a valid token.
        let keyed = Keyed {
            key,
            caller: "-".into(),
            fingerprint,
        };
        return KEY.scope(keyed, next.run(request)).await;
    };
    let keyed = Keyed {
        key,
        caller: caller.subject.as_str().to_owned(),
        fingerprint,
    };
    let held = KeyOf {
        caller: &keyed.caller,
        operation: &operation,
        key: &keyed.key,
    };
    let now = Utc::now();
    sweep_now_and_then(&state, now);
    let terms = KeyTerms {
        lease: LEASE,
        keep: KEEP,
    };
    match state
        .store
        .claim_idempotency_key(held, &keyed.fingerprint, now, terms)
        .await
    {
        Err(error) => ApiError::from(error).into_response(),
        Ok(Claim::Answered(answer)) => replay(answer),
        Ok(Claim::OtherPayload) => problem(
            ProblemType::IdempotencyKeyReused,
            "This Idempotency-Key was first sent with another request body or query: send a \
             new key for a new request, or the first request's payload to get its answer"
                .into(),
            None,
        ),
        Ok(Claim::Running { until }) => {
            let mut response = problem(
                ProblemType::IdempotencyKeyInUse,
                "The first request with this Idempotency-Key is still running: send it again \
                 after Retry-After seconds to get its answer"
                    .into(),
                None,
            );
            let wait = (((until - now).num_milliseconds().max(0) + 999) / 1000).max(1);
            if let Ok(value) = HeaderValue::from_str(&wait.to_string()) {
                response.headers_mut().insert(header::RETRY_AFTER, value);
            }
            response
        }
        Ok(Claim::Run) => run_first(state, keyed, operation, request, next).await,
    }
}

/// Runs the key's first request to its end in a task of its own, renewing the key's lease
/// meanwhile, then keeps its answer (or lets the key go when there is none worth replaying).
async fn run_first(
    state: AppState,
    keyed: Keyed,
    operation: String,
    request: Request,
    next: Next,
) -> Response {
    let mut running = tokio::spawn(KEY.scope(keyed.clone(), next.run(request)));
    let held = KeyOf {
        caller: &keyed.caller,
        operation: &operation,
        key: &keyed.key,
    };
    let renew_every = LEASE.to_std().unwrap_or(std::time::Duration::from_secs(3)) / 3;
    let response = loop {
        tokio::select! {
            finished = &mut running => break finished,
            () = tokio::time::sleep(renew_every) => {
                let until = Utc::now() + LEASE;
                if let Err(error) = state.store.renew_idempotency_lease(held, until).await {
                    tracing::warn!(%error, "could not renew an idempotency key's lease");
                }
            }
        }
    };
    let response = match response {
        Ok(response) => response,
        Err(error) => {
            let _ = state.store.release_idempotency_key(held).await;
            return ApiError::Internal(anyhow::anyhow!("the request's task failed: {error}"))
                .into_response();
        }
    };
    if !worth_keeping(response.status()) {
        if let Err(error) = state.store.release_idempotency_key(held).await {
            tracing::warn!(%error, "could not let an idempotency key go");
        }
        return response;
    }
    let (parts, body) = response.into_parts();
    let small = body
        .size_hint()
        .exact()
        .is_some_and(|size| size <= MAX_KEPT_ANSWER);
    if !small {
        let _ = state.store.release_idempotency_key(held).await;
        return Response::from_parts(parts, body);
    }
    let bytes = match axum::body::to_bytes(body, MAX_KEPT_ANSWER as usize).await {
        Ok(bytes) => bytes,
        Err(error) => {
            let _ = state.store.release_idempotency_key(held).await;
            return ApiError::Internal(anyhow::anyhow!("the answer could not be read: {error}"))
                .into_response();
        }
    };
    let answer = KeptAnswer {
        status: parts.status.as_u16(),
        headers: kept_headers(&parts.headers),
        body: bytes.to_vec(),
    };
    if let Err(error) = state.store.keep_idempotent_answer(held, &answer).await {
        // The answer still goes out; a retry runs again, and the Update id keeps it to one change.
        tracing::warn!(%error, "could not keep an idempotent answer");
        let _ = state.store.release_idempotency_key(held).await;
    }
    Response::from_parts(parts, Body::from(bytes))
}

/// An answer a retry should get again: a success or a refusal of the request itself. A server
/// error, a timeout or a "slow down" says nothing about the request, so its retry runs again.
fn worth_keeping(status: StatusCode) -> bool {
    !(status.is_server_error()
        || status == StatusCode::UNAUTHORIZED
        || status == StatusCode::REQUEST_TIMEOUT
        || status == StatusCode::TOO_MANY_REQUESTS)
}

/// The headers a handler set, but those that describe the connection or the body's framing.
fn kept_headers(headers: &axum::http::HeaderMap) -> Vec<(String, String)> {
    headers
        .iter()
        .filter(|(name, _)| {
            !matches!(
                name.as_str(),
                "content-length" | "transfer-encoding" | "connection" | "date" | "keep-alive"
            )
        })
        .filter_map(|(name, value)| {
            Some((name.as_str().to_owned(), value.to_str().ok()?.to_owned()))
        })
        .collect()
}

fn replay(answer: KeptAnswer) -> Response {
    let mut response = Response::new(Body::from(answer.body));
    *response.status_mut() = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::OK);
    let headers = response.headers_mut();
    for (name, value) in answer.headers {
        if let (Ok(name), Ok(value)) = (
            HeaderName::from_bytes(name.as_bytes()),
            HeaderValue::from_str(&value),
        ) {
            headers.append(name, value);
        }
    }
    headers.insert(REPLAYED_HEADER, HeaderValue::from_static("true"));
    response
}

/// Sweeps expired keys in the background, at most every [`SWEEP_EVERY_SECONDS`] per process.
fn sweep_now_and_then(state: &AppState, now: chrono::DateTime<Utc>) {
    static LAST_SWEEP: AtomicI64 = AtomicI64::new(0);
    let last = LAST_SWEEP.load(Ordering::Relaxed);
    if now.timestamp() - last < SWEEP_EVERY_SECONDS
        || LAST_SWEEP
            .compare_exchange(last, now.timestamp(), Ordering::Relaxed, Ordering::Relaxed)
            .is_err()
    {
        return;
    }
    let store = state.store.clone();
    tokio::spawn(async move {
        if let Err(error) = store.sweep_idempotency_keys(now).await {
            tracing::warn!(%error, "could not sweep expired idempotency keys");
        }
    });
}

fn is_command(method: &Method) -> bool {
    matches!(
        *method,
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    )
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

/// The request's key with its caller: what names one request of one caller, for an id derived
/// from it (an uploaded document's).
pub fn callers_key() -> Option<String> {
    KEY.try_with(|keyed| format!("{}:{}", keyed.caller, keyed.key))
        .ok()
}

/// The Update id for `update` in this request: the client's key, with its caller and the
/// payload's fingerprint, named for the Update, so the same key from another caller, with
/// another payload or for another command is another change. None without a key (Temporal
/// then makes up an id, and a repeated request is a new change).
pub fn update_id(update: &str) -> Option<String> {
    KEY.try_with(|keyed| {
        format!(
            "{update}:{}:{}:{}",
            keyed.caller,
            keyed.key,
            &keyed.fingerprint[..16]
        )
    })
    .ok()
}

#[cfg(test)]
mod tests {
    use super::{parse, worth_keeping};
    use axum::http::StatusCode;

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

    #[test]
    fn answers_and_refusals_are_kept_and_server_errors_are_not() {
        for kept in [
            StatusCode::OK,
            StatusCode::CREATED,
            StatusCode::NOT_FOUND,
            StatusCode::CONFLICT,
            StatusCode::UNPROCESSABLE_ENTITY,
        ] {
            assert!(worth_keeping(kept), "{kept}");
        }
        for retried in [
            StatusCode::INTERNAL_SERVER_ERROR,
            StatusCode::SERVICE_UNAVAILABLE,
            StatusCode::UNAUTHORIZED,
            StatusCode::TOO_MANY_REQUESTS,
        ] {
            assert!(!worth_keeping(retried), "{retried}");
        }
    }
}
