//! The client portal's own calls (issue 35, §1 "A client portal"): the signed-in client's home
//! (their cases in plain words, their adviser, their policies), confirming a case as theirs,
//! each policy of theirs and its documents. Every read starts from the caller's links
//! ([`crate::auth::ClientCaller`]): a case they have not linked is "not found", whoever asks.
//! The private health questions (`apply.rs`): the adviser sends an interview, the client answers it.

mod confirm;
mod health_questions;
mod home;
mod policy;
mod things_to_do;

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(health_questions::router())
        .routes(routes!(home::client_home))
        .routes(routes!(confirm::confirm_details))
        .routes(routes!(policy::client_policy))
        .routes(routes!(policy::client_document))
}
