//! Who is sending the request's command (a [`Sender`]), for the one place that sends Updates
//! ([`crate::workflow_client`]): each command records its caller in the workflow's history
//! (`workflows::Timed::by`), from which the case's change timeline is read.
//!
//! The caller is known where a handler's extractor checks the token (`crate::auth`), deep below
//! the many command handlers; rather than pass it through each of them, [`layer`] gives every
//! request an empty slot, and the extractor fills it ([`record`]) as it admits the caller. The
//! same task-local pattern as [`crate::idempotency`]. Outside a request (no slot) nothing is
//! recorded, and the timeline shows the change's caller as not recorded.

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use std::sync::{Arc, Mutex};
use workflows::{Sender, SenderRole};

tokio::task_local! {
    static CALLER: Arc<Mutex<Option<Sender>>>;
}

/// Runs the request with an empty slot for its caller.
pub async fn layer(request: Request, next: Next) -> Response {
    CALLER
        .scope(Arc::new(Mutex::new(None)), next.run(request))
        .await
}

/// Records the request's caller: a later, more specific extractor (an adviser's, with their
/// registered name) replaces what the token alone said.
pub fn record(subject: &str, name: Option<&str>, role: SenderRole) {
    let name = name
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .unwrap_or(subject)
        .to_owned();
    let sender = Sender {
        subject: subject.to_owned(),
        name,
        role,
    };
    let _ = CALLER.try_with(|slot| {
        if let Ok(mut slot) = slot.lock() {
            *slot = Some(sender);
        }
    });
}

/// The request's caller, if an extractor admitted one.
pub fn current() -> Option<Sender> {
    CALLER
        .try_with(|slot| slot.lock().ok().and_then(|slot| slot.clone()))
        .ok()
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_caller_is_kept_for_its_request_only() {
        let slot = Arc::new(Mutex::new(None));
        let seen = CALLER
            .scope(slot, async {
                assert_eq!(current(), None);
                record("adviser1", Some("  "), SenderRole::Client);
                record("adviser1", Some("Priya Shah"), SenderRole::Adviser);
                current()
            })
            .await;
        assert_eq!(
            seen,
            Some(Sender {
                subject: "adviser1".into(),
                name: "Priya Shah".into(),
                role: SenderRole::Adviser
            })
        );
        record("nobody", None, SenderRole::Adviser);
        assert_eq!(current(), None, "outside a request nothing is kept");
    }

    #[tokio::test]
    async fn a_caller_without_a_name_is_named_by_their_subject() {
        let seen = CALLER
            .scope(Arc::new(Mutex::new(None)), async {
                record("underwriter1", None, SenderRole::Underwriter);
                current()
            })
            .await;
        assert_eq!(seen.map(|a| a.name), Some("underwriter1".into()));
    }
}
