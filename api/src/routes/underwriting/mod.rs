//! The underwriting stage (§2 "Underwriting", §4, §7 Underwriting and Declarations): each
//! client's enquiry, started, answered, declared and closed, and the look-up its backed
//! questions search as the adviser types.

pub(crate) mod enquiry;
pub(crate) mod lookup;
mod records;

pub(crate) use records::latest_answers;

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(enquiry::router())
        .merge(lookup::router())
        .merge(records::router())
}
