//! Every API route, registered with its OpenAPI description so the two cannot drift.

mod applications;
mod body;
mod bootstrap;
mod contact_stage;
mod covers;
mod documents;
mod health;
mod lookups;
mod quote_stage;
mod search;
mod term_extension;

use crate::state::AppState;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Adviser portal API",
        version = "1",
        license(name = "Proprietary"),
        description = "Quote, underwrite and set up protection policies. Every call but the bootstrap \
                       configuration needs a bearer access token from the portal's identity provider. \
                       Errors are application/problem+json; rule violations name each field."
    ),
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
        .routes(routes!(bootstrap::config))
        .routes(routes!(bootstrap::adviser))
        .routes(routes!(applications::create_application))
        .routes(routes!(applications::get_application))
        .routes(routes!(applications::add_applicant))
        .routes(routes!(applications::edit_applicant))
        .routes(routes!(covers::add_cover))
        .routes(routes!(covers::edit_cover))
        .routes(routes!(covers::remove_cover))
        .routes(routes!(covers::upsell_cover))
        .routes(routes!(covers::set_payout_planner_used))
        .routes(routes!(covers::applicant_covers))
        .routes(routes!(covers::validate_covers))
        .routes(routes!(covers::quote_price))
        .routes(routes!(covers::products))
        .routes(routes!(documents::quote_document))
        .routes(routes!(documents::key_facts))
        .routes(routes!(documents::terms))
        .routes(routes!(documents::stored_document))
        .routes(routes!(quote_stage::remove_applicant))
        .routes(routes!(quote_stage::edit_applicant_name))
        .routes(routes!(quote_stage::add_child))
        .routes(routes!(quote_stage::edit_child, quote_stage::remove_child))
        .routes(routes!(quote_stage::set_has_unborn_children))
        .routes(routes!(quote_stage::add_beneficiary))
        .routes(routes!(quote_stage::edit_beneficiary))
        .routes(routes!(quote_stage::add_allocation))
        .routes(routes!(
            quote_stage::edit_allocation,
            quote_stage::remove_allocation
        ))
        .routes(routes!(quote_stage::unlock_quote_edit))
        .routes(routes!(quote_stage::statuses))
        .routes(routes!(quote_stage::unenriched))
        .routes(routes!(contact_stage::change_contact))
        .routes(routes!(
            contact_stage::get_contact,
            contact_stage::replace_contact
        ))
        .routes(routes!(contact_stage::set_same_address))
        .routes(routes!(contact_stage::set_third_party_ref))
        .routes(routes!(contact_stage::set_commission))
        .routes(routes!(contact_stage::set_quote_date))
        .routes(routes!(contact_stage::set_mortgage_related))
        .routes(routes!(contact_stage::set_advised_sale))
        .routes(routes!(contact_stage::set_policy_start_date))
        .routes(routes!(contact_stage::accept_pre_underwriting_declaration))
        .routes(routes!(contact_stage::apply_application))
        .routes(routes!(contact_stage::portal_apply))
        .routes(routes!(lookups::lookup_addresses))
        .routes(routes!(lookups::get_address))
        .routes(routes!(lookups::validate_email))
        .routes(routes!(term_extension::is_term_extensible))
        .routes(routes!(term_extension::declaration_of_health_questions))
        .routes(routes!(term_extension::complete_term_extension))
        .routes(routes!(term_extension::has_failed_term_extension))
        .routes(routes!(search::search_applications))
        .routes(routes!(health::healthz))
}
