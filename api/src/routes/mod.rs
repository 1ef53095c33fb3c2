//! Every API route, registered with its OpenAPI description so the two cannot drift. Routes
//! are grouped by resource and by journey stage; each module has its own `router()`, merged
//! here. A new stage is a new module and one line below.

mod amra;
mod applicants;
mod applications;
mod bootstrap;
mod contact;
mod decision;
pub(crate) mod documents;
mod health;
mod lookups;
mod policies;
mod quote;
mod search;
mod set_up;
mod underwriter;
mod underwriting;

use crate::state::AppState;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Adviser portal API",
        version = "1",
        license(name = "Proprietary"),
        description = "Quote, underwrite and set up protection policies. Every call but the bootstrap \
                       configuration needs a bearer access token from the portal's identity provider. \
                       Errors are application/problem+json; rule violations name each field. \
                       A command may carry an `Idempotency-Key` header (1 to 100 letters, digits or \
                       `- _ . :`): sent again with the same key after a timeout or a 503, it answers \
                       with the first request's result and makes no second change."
    ),
    components(schemas(crate::error::Problem, crate::error::ProblemType)),
    modifiers(&BearerAuth),
    security(("bearer" = [])),
    tags(
        (name = "bootstrap", description = "Configuration and the signed-in adviser"),
        (name = "applications", description = "Applications and their clients"),
        (name = "covers", description = "Covers, their checks and the quote price"),
        (name = "documents", description = "The quote PDF, key facts and terms"),
        (name = "children", description = "Children on the application"),
        (name = "beneficiaries", description = "Beneficiaries and payout shares (the payout planner)"),
        (name = "contact details", description = "Contact details, address and email look-ups, the apply-stage questions and applying"),
        (name = "term extension", description = "Extending a quote's terms by a declaration of health"),
        (name = "amra", description = "Consent to medical reports (AMRA), the client's doctor or surgery, and the surgery look-up"),
        (name = "underwriting", description = "Each client's underwriting enquiry: start, answer, declare, close, and the look-up of conditions and occupations"),
        (name = "decision", description = "The decision: each cover priced on the terms underwriting gave it, and Proceed to set-up"),
        (name = "set-up", description = "Set-up: the Direct Debit's bank details, shown masked, and their check (modulus, then Confirmation of Payee)"),
        (name = "policies", description = "Putting the policy in force, the Policyholders list and each policy with its documents"),
        (name = "underwriter", description = "The underwriters' workbench (the `underwriter` role only): referred cases, claiming them, evidence with its chase dates, updates for the adviser and the decision on each referred cover"),
        (name = "operations", description = "Health of the service"),
    )
)]
struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let mut scheme = Http::new(HttpAuthScheme::Bearer);
        scheme.bearer_format = Some("JWT".into());
        components.add_security_scheme("bearer", SecurityScheme::Http(scheme));
    }
}

/// The API's routes and the OpenAPI document describing them.
pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(bootstrap::router())
        .merge(search::router())
        .merge(applications::router())
        .merge(applicants::router())
        .merge(quote::router())
        .merge(contact::router())
        .merge(lookups::router())
        .merge(underwriting::router())
        .merge(underwriter::router())
        .merge(amra::router())
        .merge(decision::router())
        .merge(set_up::router())
        .merge(policies::router())
        .merge(documents::router())
        .merge(health::router())
}
