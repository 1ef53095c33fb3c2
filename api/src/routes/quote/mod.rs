//! The quote stage (§2 "Quote builder", §7 "Covers", "Children", "Beneficiaries"): covers,
//! children, beneficiaries and payout shares, and the price.

mod beneficiaries;
mod children;
mod covers;
mod pricing;

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(covers::router())
        .merge(pricing::router())
        .merge(children::router())
        .merge(beneficiaries::router())
}

/// An id for something the adviser adds (a child, a beneficiary, a payout share): chosen by
/// the API, so a retried command cannot add it twice.
fn new_id<Id: From<String>>() -> Id {
    Id::from(uuid::Uuid::new_v4().simple().to_string())
}
