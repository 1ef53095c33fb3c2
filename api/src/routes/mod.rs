//! Every API route, registered with its OpenAPI description so the two cannot drift. Routes
//! are grouped by resource and by journey stage; each module has its own `router()`, merged
//! here. A new stage is a new module and one line below.

mod amra;
mod applicants;
pub(crate) mod applications;
mod apply;
mod bootstrap;
mod care;
mod chat;
pub(crate) mod codec;
mod decision;
pub(crate) mod documents;
mod health;
mod lookups;
mod policies;
mod portal;
mod qi;
mod quote;
mod search;
mod set_up;
mod shell;
mod timeline;
mod underwriter;
mod underwriting;

use crate::state::AppState;
use utoipa::openapi::HttpMethod;
use utoipa::openapi::path::{ParameterBuilder, ParameterIn};
use utoipa::openapi::security::{Http, HttpAuthScheme, OpenIdConnect, SecurityScheme};
use utoipa::openapi::{ContentBuilder, ObjectBuilder, Ref, Required, ResponseBuilder, Type};
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
                       A command may carry an `Idempotency-Key` header \
                       (draft-ietf-httpapi-idempotency-key-header): sent again with the same key and \
                       payload after a timeout or a 503, it answers with the first request's answer \
                       and makes no second change; keys are kept for 24 hours."
    ),
    components(schemas(crate::error::Problem, crate::error::ProblemType)),
    modifiers(&BearerAuth),
    security(("bearer" = [])),
    servers((url = "/", description = "The portal serving this document")),
    tags(
        (name = "bootstrap", description = "Configuration and the signed-in adviser"),
        (name = "applications", description = "Applications and their clients"),
        (name = "covers", description = "Covers, their checks and the quote price"),
        (name = "documents", description = "The quote and decision PDFs, key facts and terms"),
        (name = "children", description = "Children on the application"),
        (name = "beneficiaries", description = "Beneficiaries and payout shares (the payout planner)"),
        (name = "contact details", description = "Each client's contact details, and the address and email look-ups"),
        (name = "apply", description = "The contact stage's questions (own reference, commission, quote date, mortgage, advised sale, start date), each client's pre-underwriting declaration, and applying"),
        (name = "term extension", description = "Extending a quote's terms by a declaration of health"),
        (name = "amra", description = "Consent to medical reports (AMRA), the client's doctor or surgery, and the surgery look-up"),
        (name = "underwriting", description = "Each client's underwriting enquiry: start, answer, declare, close, and the look-up of conditions and occupations"),
        (name = "qi", description = "Underwriting Qi: a quick indication of one client's terms before the sale, its indicative price, its document, and an application started from it"),
        (name = "decision", description = "The decision: each cover priced on the terms underwriting gave it, and Proceed to set-up"),
        (name = "set-up", description = "Set-up: the Direct Debit's bank details, shown masked, and their check (modulus, then Confirmation of Payee)"),
        (name = "policies", description = "Putting the policy in force, the Policyholders list and each policy with its documents"),
        (name = "underwriter", description = "The underwriters' workbench (the `underwriter` role only): referred cases, claiming them, evidence with its chase dates, updates for the adviser and the decision on each referred cover"),
        (name = "client portal", description = "The client portal (the `client` role): confirming a case as the client's own, their home with each case's progress in plain words and their adviser's contact, and their policies and documents"),
        (name = "portal", description = "The portal around the journeys: the marketing alert on the dashboard and its dismissal, whether web chat can be used now, and the client welcome document"),
        (name = "web chat", description = "Web chat between advisers and customer care: a ticket, the chat socket and the stored transcripts"),
        (name = "customer care", description = "Customer care (`cca`, `ccaadmin`): any firm's cases read only, with every read of health answers recorded; and, for administrators, advisers' flags, firm locations and delegations, each change recorded"),
        (name = "case handlers", description = "Temporal's remote codec for the Temporal Web UI (the `underwriter` role only): the payloads the portal keeps encrypted in Temporal, decrypted for a case handler, and what they type encrypted"),
        (name = "operations", description = "Health of the service"),
    )
)]
struct ApiDoc;

/// Where the development identity provider describes itself; a served document names the
/// configured provider instead ([`with_identity_provider`]).
const DEVELOPMENT_DISCOVERY: &str = "/dev-idp/.well-known/openid-configuration";

/// The access token every call carries, and the OpenID Connect provider that issues it.
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        let mut scheme = Http::new(HttpAuthScheme::Bearer);
        scheme.bearer_format = Some("JWT".into());
        scheme.description = Some(
            "An access token from the identity provider described by the `oidc` scheme (its \
             token endpoint is in the discovery document; the portal's own sign-in uses the \
             authorization code flow with PKCE)."
                .into(),
        );
        components.add_security_scheme("bearer", SecurityScheme::Http(scheme));
        components.add_security_scheme(
            "oidc",
            SecurityScheme::OpenIdConnect(OpenIdConnect::with_description(
                DEVELOPMENT_DISCOVERY,
                "The identity provider that issues the bearer tokens. This document names the \
                 development provider; `GET /api/v1/bootstrap/config` gives the running portal's \
                 (its `authority`, with `/.well-known/openid-configuration`).",
            )),
        );
    }
}

/// The document as a running portal serves it: naming the identity provider it trusts.
pub fn with_identity_provider(
    mut openapi: utoipa::openapi::OpenApi,
    issuer: &str,
) -> utoipa::openapi::OpenApi {
    if let Some(components) = openapi.components.as_mut() {
        components.add_security_scheme(
            "oidc",
            SecurityScheme::OpenIdConnect(OpenIdConnect::with_description(
                format!("{issuer}/.well-known/openid-configuration"),
                "The identity provider that issues the bearer tokens.".to_owned(),
            )),
        );
    }
    openapi
}

/// Every command (each call that is not a GET) may carry an `Idempotency-Key`
/// ([`crate::idempotency`]): declared on each, not only in the introduction.
struct IdempotencyKey;

impl Modify for IdempotencyKey {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let header = ParameterBuilder::new()
            .name("Idempotency-Key")
            .parameter_in(ParameterIn::Header)
            .required(Required::False)
            .description(Some(format!(
                "A key the client makes up for this request (a UUID, say), as \
                 draft-ietf-httpapi-idempotency-key-header reads it. Sent again with the same key \
                 and the same payload (the body and query compared by meaning: `90000` and \
                 `90000.0`, or members in another order, are the same), the request is answered \
                 with the first answer, its status, headers and body, with \
                 `Idempotent-Replayed: true`, and nothing is changed a second time. The same key \
                 with another payload is refused with 422 (`type` ends \
                 `idempotency-key-reused`); sent while the first request still runs, with 409 \
                 (`idempotency-key-in-use`) and `Retry-After`. A key is the caller's own and the \
                 operation's (method and path): another caller's key, or the same key on another \
                 operation, is another request. Keys are kept for {} hours after their first \
                 request; after that the key is new again. A first request that ended in a \
                 server error (5xx) keeps no answer: sent again, it runs again, and a change it \
                 may already have made is made once. 1 to 100 letters, digits or `- _ . :`; any \
                 other value is refused with 400.",
                crate::idempotency::KEEP.num_hours()
            )))
            .schema(Some(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .min_length(Some(1))
                    .max_length(Some(100))
                    .pattern(Some("^[A-Za-z0-9._:-]+$")),
            ))
            .build();
        let unreadable_key = ResponseBuilder::new()
            .description(
                "The `Idempotency-Key` header could not be read (`type` ends `unreadable`): \
                 `errors` names it",
            )
            .content(
                "application/problem+json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("Problem")))
                    .build(),
            )
            .build();
        let reused = (
            "422",
            "the `Idempotency-Key` was first sent with another payload (`type` ends \
             `idempotency-key-reused`); nothing was done",
        );
        let in_use = (
            "409",
            "the first request with this `Idempotency-Key` is still running (`type` ends \
             `idempotency-key-in-use`): send it again after `Retry-After` seconds",
        );
        for item in openapi.paths.paths.values_mut() {
            for method in [
                HttpMethod::Post,
                HttpMethod::Put,
                HttpMethod::Patch,
                HttpMethod::Delete,
            ] {
                let operation = match method {
                    HttpMethod::Post => item.post.as_mut(),
                    HttpMethod::Put => item.put.as_mut(),
                    HttpMethod::Patch => item.patch.as_mut(),
                    _ => item.delete.as_mut(),
                };
                if let Some(operation) = operation {
                    operation
                        .parameters
                        .get_or_insert_with(Vec::new)
                        .push(header.clone().into());
                    operation
                        .responses
                        .responses
                        .entry("400".into())
                        .or_insert_with(|| unreadable_key.clone().into());
                    for (status, what) in [reused, in_use] {
                        add_or_extend(&mut operation.responses, status, what);
                    }
                }
            }
        }
    }
}

/// Adds `what` to a command's response of `status`: to its description when the command
/// declares one already (a 409 of its own rules), else as a problem response of its own.
fn add_or_extend(responses: &mut utoipa::openapi::Responses, status: &str, what: &str) {
    use utoipa::openapi::RefOr;
    match responses.responses.get_mut(status) {
        Some(RefOr::T(response)) => {
            response.description = format!("{}; or {what}", response.description);
        }
        Some(RefOr::Ref(_)) => {}
        None => {
            let mut first = what.to_owned();
            if let Some(c) = first.get_mut(0..1) {
                c.make_ascii_uppercase();
            }
            let response = ResponseBuilder::new()
                .description(first)
                .content(
                    "application/problem+json",
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("Problem")))
                        .build(),
                )
                .build();
            responses
                .responses
                .insert(status.to_owned(), response.into());
        }
    }
}

/// The API's routes and their OpenAPI document, finished with what holds for every command
/// (modifiers on [`ApiDoc`] run before the routes are merged in, so they cannot).
pub fn api_with_document() -> (axum::Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, mut document) = api().split_for_parts();
    IdempotencyKey.modify(&mut document);
    (router, document)
}

/// The API's routes and the OpenAPI document describing them.
fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(bootstrap::router())
        .merge(shell::router())
        .merge(care::router())
        .merge(chat::router())
        .merge(search::router())
        .merge(applications::router())
        .merge(applicants::router())
        .merge(quote::router())
        .merge(apply::router())
        .merge(lookups::router())
        .merge(underwriting::router())
        .merge(portal::router())
        .merge(qi::router())
        .merge(underwriter::router())
        .merge(amra::router())
        .merge(decision::router())
        .merge(set_up::router())
        .merge(policies::router())
        .merge(documents::router())
        .merge(health::router())
        .merge(codec::router())
        .merge(timeline::router())
}
