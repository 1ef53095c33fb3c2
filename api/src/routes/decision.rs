//! The decision step (§1 step 7, §2 Decision, §7 Decision): the decision quote prices each
//! cover on the terms underwriting gave it, the application with decisions shows them, and
//! Proceed opens set-up.

use crate::body::Body;
use crate::case::CaseInPath;
use crate::error::Unreadable;
use crate::error::{ApiError, Problem, SignInProblems, Unconfirmed};
use crate::routes::documents::{file, stored_or_rendered};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::response::Response;
use chrono::Utc;
use domain::ApplicantId;
use domain::Application;
use domain::ApplicationView;
use domain::Rejection;
use domain::application::{
    ALTERNATIVE_NOT_OFFERED, ALTERNATIVE_STALE, Alternative, ProceedToSetUp,
    RemoveApplicantAtDecision, Requote, TakeAlternative, TriggerDecisionQuote,
};
use domain::dates::uk_date;
use domain::product_codes::ProductType;
use domain::quote::Quote;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(trigger_decision_quote))
        .routes(routes!(decision_quote))
        .routes(routes!(application_with_decisions))
        .routes(routes!(proceed))
        .routes(routes!(remove_applicant_at_decision))
        .routes(routes!(decision_document))
        .routes(routes!(requote))
        .routes(routes!(preview_decision_quote))
        .routes(routes!(preview_decision))
        .routes(routes!(preview_without_products))
        .routes(routes!(alternatives))
        .routes(routes!(take_alternative))
}

#[utoipa::path(
    get,
    path = "/api/v1/decision/{applicationId}/alternatives",
    tag = "decision",
    params(("applicationId" = i64, Path, description = "The application reference")),
    responses(
        (status = OK, description = "What else the insurer could offer where a cover is loaded or has an exclusion, each decided by the same rules and priced on the same basis as the decision quote: the loading instead of an exclusion (where the rulebook offers one), the cover without the benefit that was rated (life cover only, or without total permanent disability) when that gets better terms, and the largest amount that keeps the price quoted before underwriting. Empty before the decision is priced", body = Vec<Alternative>),
        (status = NOT_FOUND, description = "No such application, or not one the caller may see", body = Problem, content_type = "application/problem+json"),
        SignInProblems,
    )
)]
pub async fn alternatives(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<Vec<Alternative>>, ApiError> {
    let application = case.application(&state).await?;
    Ok(Json(state.product.basis.alternatives(
        &state.product.catalogue,
        &application,
        uk_date(Utc::now()),
    )))
}

/// Which version of the decision the adviser saw the alternative on.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TakeAlternativeRequest {
    pub based_on_version: u64,
}

#[utoipa::path(
    post,
    path = "/api/v1/decision/{applicationId}/alternatives/{alternativeId}",
    tag = "decision",
    params(
        ("applicationId" = i64, Path, description = "The application reference"),
        ("alternativeId" = String, Path, description = "The alternative's id, as `alternatives` lists it"),
    ),
    request_body(content = TakeAlternativeRequest),
    responses(
        (status = OK, description = "The application with the alternative taken (the cover and its terms changed) and the decision priced again at the price the alternative showed", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application, or that alternative is not offered on this decision", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The decision changed since the alternative was shown (`basedOnVersion`), or the case is not at the decision", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn take_alternative(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    Path(path): Path<(String, String)>,
    Body(request): Body<TakeAlternativeRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let alternative_id = path.1;
    let application = case.application(&state).await?;
    if request.based_on_version != application.version {
        return Err(ApiError::Rejected(Rejection::conflict(ALTERNATIVE_STALE)));
    }
    let alternative = state
        .product
        .basis
        .alternatives(&state.product.catalogue, &application, uk_date(Utc::now()))
        .into_iter()
        .find(|a| a.id == alternative_id)
        .ok_or_else(|| ApiError::NotFound(ALTERNATIVE_NOT_OFFERED.into()))?;
    case.send(&state, TakeAlternative { alternative }).await
}

#[utoipa::path(
    post,
    path = "/api/v1/decision/{applicationId}/requote",
    tag = "decision",
    params(("applicationId" = i64, Path, description = "The application reference")),
    responses(
        (status = OK, description = "The application back at Quote, editable, with every cover's decision and the decision quote removed (§4). A client decided at the point of sale keeps their answers' outcome, which decides their covers again when the case applies with the same kinds of cover; a client with a cover referred to an underwriter is underwritten again", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application, or not one the caller may see", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "No decision yet, or the policy is in force", body = Problem, content_type = "application/problem+json"),
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn requote(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    case.send(&state, Requote).await
}

/// Prices the decision of `application` as it stands, without recording it ("opting out of
/// logging": nothing is written to the case or its history).
fn price_decision_unrecorded(
    state: &AppState,
    application: &Application,
) -> Result<Json<Quote>, ApiError> {
    let today = uk_date(Utc::now());
    state
        .product
        .basis
        .price_decision(
            &state.product.catalogue,
            application,
            application.age_date(today),
            format!("{}-{}-preview", application.id, application.version),
        )
        .map(Json)
        .map_err(ApiError::Rejected)
}

#[utoipa::path(
    post,
    path = "/api/v1/decision/{applicationId}/quote/optoutoflogging",
    tag = "decision",
    params(("applicationId" = i64, Path, description = "The application reference")),
    responses(
        (status = OK, description = "The decision quote as it would be priced now, not recorded: the case, its history and its documents are unchanged", body = Quote),
        (status = NOT_FOUND, description = "No such application, or not one the caller may see", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Not at the decision", body = Problem, content_type = "application/problem+json"),
        SignInProblems,
    )
)]
pub async fn preview_decision_quote(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<Quote>, ApiError> {
    price_decision_unrecorded(&state, &case.application(&state).await?)
}

#[utoipa::path(
    post,
    path = "/api/v1/decision/{applicationId}/optoutoflogging",
    tag = "decision",
    params(("applicationId" = i64, Path, description = "The application reference")),
    responses(
        (status = OK, description = "The decision priced now without being recorded (the same answer as `quote/optoutoflogging`, at the path §7 also names)", body = Quote),
        (status = NOT_FOUND, description = "No such application, or not one the caller may see", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Not at the decision", body = Problem, content_type = "application/problem+json"),
        SignInProblems,
    )
)]
pub async fn preview_decision(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<Quote>, ApiError> {
    price_decision_unrecorded(&state, &case.application(&state).await?)
}

/// §7 `decision/{id}/product/optoutoflogging`: the products to leave out.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OptOutProducts {
    pub product_types: Vec<ProductType>,
}

#[utoipa::path(
    post,
    path = "/api/v1/decision/{applicationId}/product/optoutoflogging",
    tag = "decision",
    params(("applicationId" = i64, Path, description = "The application reference")),
    request_body(content = OptOutProducts),
    responses(
        (status = OK, description = "The decision priced with every cover of the named products left out, not recorded: what the clients would pay without them", body = Quote),
        (status = NOT_FOUND, description = "No such application, or not one the caller may see", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Not at the decision", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "No product named, a product not on the application (`productTypes[i]`), or nothing would be left", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
    )
)]
pub async fn preview_without_products(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    Body(request): Body<OptOutProducts>,
) -> Result<Json<Quote>, ApiError> {
    let application = case.application(&state).await?;
    application
        .check_can_quote_decision()
        .map_err(ApiError::Rejected)?;
    let without = application
        .without_products(&request.product_types)
        .map_err(ApiError::Rejected)?;
    price_decision_unrecorded(&state, &without)
}

#[utoipa::path(
    post,
    path = "/api/v1/actions/TriggerDecisionQuote/{applicationId}",
    tag = "decision",
    params(("applicationId" = i64, Path, description = "The application reference")),
    responses(
        (status = OK, description = "The application with its decision quote (`decisionQuote`): each cover priced on its terms, a loading raising its premium and saying so in its breakdown, a postponed or declined cover left out at no premium; `unloadedPremium` is the price before loadings", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application, or not one the caller may see", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Not at the decision: a client's underwriting is not complete, or a cover is with an underwriter", body = Problem, content_type = "application/problem+json"),
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn trigger_decision_quote(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    case.send(&state, TriggerDecisionQuote).await
}

#[utoipa::path(
    post,
    path = "/api/v1/decision/{applicationId}/quote",
    tag = "decision",
    params(("applicationId" = i64, Path, description = "The application reference")),
    responses(
        (status = OK, description = "The application with its decision quote (the same as TriggerDecisionQuote)", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application, or not one the caller may see", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Not at the decision", body = Problem, content_type = "application/problem+json"),
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn decision_quote(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    case.send(&state, TriggerDecisionQuote).await
}

#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/applicationWithDecisions/{applicationId}",
    tag = "decision",
    params(("applicationId" = i64, Path, description = "The application reference")),
    responses(
        (status = OK, description = "The application with each cover's decision (`applicants[].covers[].decision`), each client's outcome and its explanation (`applicantsEnquiries[].outcome`) and the decision quote once priced", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application, or not one the caller may see", body = Problem, content_type = "application/problem+json"),
        SignInProblems,
    )
)]
pub async fn application_with_decisions(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    case.view(&state).await
}

#[utoipa::path(
    post,
    path = "/api/v1/decision/{applicationId}/proceed",
    tag = "decision",
    params(("applicationId" = i64, Path, description = "The application reference")),
    responses(
        (status = OK, description = "The application with `proceededAt` set: set-up is open. Proceeding again changes nothing", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application, or not one the caller may see", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Not at the decision, no decision quote yet, or a decision still with the underwriter", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A client has no cover left (every cover postponed or declined): remove them first; the error names the client", body = Problem, content_type = "application/problem+json"),
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn proceed(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    case.send(&state, ProceedToSetUp).await
}

/// §7 `POST /actions/removeApplicantAtDecision/{id}`: the client to take off the application.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RemoveAtDecisionRequest {
    pub applicant_id: ApplicantId,
}

#[utoipa::path(
    post,
    path = "/api/v1/actions/removeApplicantAtDecision/{applicationId}",
    tag = "decision",
    params(("applicationId" = i64, Path, description = "The application reference")),
    request_body(content = RemoveAtDecisionRequest),
    responses(
        (status = OK, description = "The application without the client (the other takes the first slot, their enquiry goes with them); the decision must be priced again and proceeded from again", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application or client, or not one the caller may see", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Not at the decision, or the application's only client", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn remove_applicant_at_decision(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    Body(request): Body<RemoveAtDecisionRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    case.send(
        &state,
        RemoveApplicantAtDecision {
            applicant_id: request.applicant_id,
        },
    )
    .await
}

/// Why there is no decision document yet.
pub const NO_DECISION_DOCUMENT: &str =
    "The decision document is produced once the decision is priced";

#[utoipa::path(
    get,
    path = "/api/v1/application/{applicationId}/document/decision",
    tag = "decision",
    params(("applicationId" = i64, Path, description = "The application reference")),
    responses(
        (status = OK, description = "The decision as a PDF: each cover's decision with its reasons, its price at the quote and on those terms, and the totals; one copy per version of the application, so a copy once sent never changes", content_type = "application/pdf", body = Vec<u8>),
        (status = NOT_FOUND, description = "No such application, or not one the caller may see", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The decision is not priced yet", body = Problem, content_type = "application/problem+json"),
        SignInProblems,
    )
)]
pub async fn decision_document(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Response, ApiError> {
    let application = case.application(&state).await?;
    let stored = stored_or_rendered(
        &state,
        application.id,
        "decision",
        application.version,
        || {
            activities::decision_document(&application, uk_date(Utc::now()))
                .ok_or_else(|| ApiError::Rejected(Rejection::conflict(NO_DECISION_DOCUMENT)))
        },
    )
    .await?;
    Ok(file(stored))
}
