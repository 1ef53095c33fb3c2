//! The contact-details stage (§2 "Contact details", §7): each client's contact details, the
//! application's own questions, term extension, the declarations and applying.

mod applying;
mod details;
mod questions;
mod term_extension;

use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(details::router())
        .merge(questions::router())
        .merge(term_extension::router())
        .merge(applying::router())
}
