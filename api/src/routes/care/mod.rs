//! Customer care's calls (issue 35, §6 `cca`, `ccaadmin`), under `/api/v1/care/`: managing
//! advisers (flags, firm location, delegations, each change recorded) and firm locations
//! (`ccaadmin` only), and reading any firm's cases (both roles, read only: no call here changes a
//! case), with every read of a client's health answers recorded.
//!
//! Care reads go through these calls, which reuse the store's reads and the documents code; the
//! adviser endpoints stay closed to care users.

mod advisers;
mod audit;
mod cases;
mod deletions;
mod firms;
mod history;
mod uk_days;

use crate::error::ApiError;
use crate::state::AppState;
use domain::Rejection;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(advisers::router())
        .merge(firms::router())
        .merge(cases::router())
        .merge(audit::router())
        .merge(deletions::router())
}

/// A store change's outcome as the API answers it: a refusal by its rule is a 4xx.
fn checked<T>(outcome: Result<T, Rejection>) -> Result<T, ApiError> {
    outcome.map_err(ApiError::Rejected)
}
