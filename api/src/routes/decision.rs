//! The decision step (§1 step 7, §2 Decision, §7 Decision): the decision quote prices each
//! cover on the terms underwriting gave it, the application with decisions shows them, and
//! Proceed opens set-up.

use crate::audit::{NotRecorded, Reader};
use crate::body::Body;
use crate::case::{ApplicationPath, CaseInPath};
use crate::error::ApiError;
use crate::error::{CommandAnswers, ReadAnswers};
use crate::error::{Conflict, Invalid, Unreadable};
use crate::routes::documents::PdfDocument;
use crate::routes::documents::stored_or_rendered;
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

/// List priced alternatives to the decision's terms
///
/// Where underwriting loaded a cover or excluded something from it, what else the insurer could
/// offer, each decided by the same rules and priced like the decision quote: the loading instead of
/// the exclusion, the cover without the benefit that was rated, or the largest amount that keeps
/// the price quoted before underwriting. Empty until the decision is priced, and once the policy is
/// in force. Changes nothing.
#[utoipa::path(
    get,
    path = "/api/v1/decision/{applicationId}/alternatives",
    tag = "decision",
    params(ApplicationPath),
    responses(
        (status = OK, description = "What else the insurer could offer where a cover is loaded or has an exclusion, each decided by the same rules and priced on the same basis as the decision quote: the loading instead of an exclusion (where the rulebook offers one), the cover without the benefit that was rated (life cover only, or without total permanent disability) when that gets better terms, and the largest amount that keeps the price quoted before underwriting. Empty before the decision is priced", body = Vec<Alternative>),
        ReadAnswers,
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

/// Take a priced alternative
///
/// Replaces the cover and its terms with the alternative named, as `alternatives` listed it on the
/// application version sent in `basedOnVersion`, and prices the decision again in the same step.
/// Allowed at the Decision stage until the policy is in force; refused when the application has
/// changed since the alternative was shown, so list the alternatives again.
#[utoipa::path(
    post,
    path = "/api/v1/decision/{applicationId}/alternatives/{alternativeId}",
    tag = "decision",
    params(
        ApplicationPath,
        ("alternativeId" = String, Path, description = "The alternative's id, as `alternatives` lists it"),
    ),
    request_body(content = TakeAlternativeRequest),
    responses(
        (status = OK, description = "The application with the alternative taken (the cover and its terms changed) and the decision priced again at the price the alternative showed", body = ApplicationView),
        CommandAnswers, Unreadable,
    )
)]
pub async fn take_alternative(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    Path(AlternativeInPath { alternative_id }): Path<AlternativeInPath>,
    Body(request): Body<TakeAlternativeRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
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

/// Requote from the decision
///
/// Takes the application back to the Quote stage, editable, to change the covers: every cover's
/// decision and the decision quote are removed. Allowed once underwriting has given a decision (at
/// Underwriting or Decision) until the policy is in force; a case with an underwriter is released
/// from them. A client whose covers were all decided by the rules keeps their outcome, which
/// decides their covers again when the application is applied for with the same kinds of cover;
/// a client with a cover referred to an underwriter is underwritten again.
#[utoipa::path(
    post,
    path = "/api/v1/decision/{applicationId}/requote",
    tag = "decision",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The application back at Quote, editable, with every cover's decision and the decision quote removed. A client decided at the point of sale keeps their answers' outcome, which decides their covers again when the case applies with the same kinds of cover; a client with a cover referred to an underwriter is underwritten again", body = ApplicationView),
        CommandAnswers,
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

/// Price the decision without recording it
///
/// Prices every cover on the terms underwriting gave it, as the decision quote would, and answers
/// with that quote only: nothing is recorded on the application, its history or its documents ("opt
/// out of logging"). Allowed at the Decision stage.
#[utoipa::path(
    post,
    path = "/api/v1/decision/{applicationId}/quote/optoutoflogging",
    tag = "decision",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The decision quote as it would be priced now, not recorded: the case, its history and its documents are unchanged", body = Quote),
        ReadAnswers, Conflict,
    )
)]
pub async fn preview_decision_quote(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<Quote>, ApiError> {
    price_decision_unrecorded(&state, &case.application(&state).await?)
}

/// Price the decision without recording it (short path)
///
/// The same as `POST /decision/{applicationId}/quote/optoutoflogging`: the decision quote as it
/// would be priced now, with nothing recorded. Allowed at the Decision stage.
#[utoipa::path(
    post,
    path = "/api/v1/decision/{applicationId}/optoutoflogging",
    tag = "decision",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The decision priced now without being recorded (the same answer as `quote/optoutoflogging`, at the second path the specification names for it)", body = Quote),
        ReadAnswers, Conflict,
    )
)]
pub async fn preview_decision(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<Quote>, ApiError> {
    price_decision_unrecorded(&state, &case.application(&state).await?)
}

/// The products whose covers the decision is priced without.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OptOutProducts {
    pub product_types: Vec<ProductType>,
}

/// Price the decision without some products, without recording it
///
/// Prices the decision as if every cover of the products named in `productTypes` were taken off, to
/// show what the clients would pay without them; nothing is recorded and no cover is removed.
/// Allowed at the Decision stage; each product must be on the application, and at least one cover
/// must remain.
#[utoipa::path(
    post,
    path = "/api/v1/decision/{applicationId}/product/optoutoflogging",
    tag = "decision",
    params(ApplicationPath),
    request_body(content = OptOutProducts),
    responses(
        (status = OK, description = "The decision priced with every cover of the named products left out, not recorded: what the clients would pay without them", body = Quote),
        ReadAnswers, Conflict, Invalid, Unreadable,
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

/// Price the decision
///
/// Prices every cover on the terms underwriting gave it and records the result as the decision
/// quote: a loading raises a cover's premium, a postponed or declined cover is left out at no
/// premium. Allowed at the Decision stage, once every client's underwriting is complete and no
/// cover is with an underwriter. The decision is valid from then until something it was priced on
/// changes; Proceed needs it.
#[utoipa::path(
    post,
    path = "/api/v1/actions/TriggerDecisionQuote/{applicationId}",
    tag = "decision",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The application with its decision quote (`decisionQuote`): each cover priced on its terms, a loading raising its premium and saying so in its breakdown, a postponed or declined cover left out at no premium; `unloadedPremium` is the price before loadings", body = ApplicationView),
        CommandAnswers,
    )
)]
pub async fn trigger_decision_quote(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    case.send(&state, TriggerDecisionQuote).await
}

/// Price the decision (decision path)
///
/// The same as `POST /actions/TriggerDecisionQuote/{applicationId}`: prices every cover on its
/// underwriting terms and records the decision quote. Allowed at the Decision stage.
#[utoipa::path(
    post,
    path = "/api/v1/decision/{applicationId}/quote",
    tag = "decision",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The application with its decision quote (the same as TriggerDecisionQuote)", body = ApplicationView),
        CommandAnswers,
    )
)]
pub async fn decision_quote(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    case.send(&state, TriggerDecisionQuote).await
}

/// Get an application with its decisions
///
/// The application as `GET /application/{applicationId}` returns it, read for the decision page:
/// each cover's decision, each client's underwriting outcome with its explanation, and the decision
/// quote once priced. Changes nothing.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/applicationWithDecisions/{applicationId}",
    tag = "decision",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The application with each cover's decision (`applicants[].covers[].decision`), each client's outcome and its explanation (`applicantsEnquiries[].outcome`) and the decision quote once priced", body = ApplicationView),
        ReadAnswers,
    )
)]
pub async fn application_with_decisions(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    case.view(&state).await
}

/// Proceed from the decision to set-up
///
/// Accepts the decision and opens set-up. Refused until the decision quote is priced and current,
/// while a decision is still with an underwriter, and while a client has no cover left (every cover
/// postponed or declined), who must be removed first. Proceeding again changes nothing.
#[utoipa::path(
    post,
    path = "/api/v1/decision/{applicationId}/proceed",
    tag = "decision",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The application with `proceededAt` set: set-up is open. Proceeding again changes nothing", body = ApplicationView),
        CommandAnswers, Invalid,
    )
)]
pub async fn proceed(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    case.send(&state, ProceedToSetUp).await
}

/// The client to take off the application at the decision.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RemoveAtDecisionRequest {
    pub applicant_id: ApplicantId,
}

/// Remove a client at the decision
///
/// Takes a client off the application at the Decision stage, typically one to whom no cover can be
/// offered; the other client takes the first slot. The application's only client cannot be removed.
/// The decision quote is cleared, so the decision must be priced and proceeded from again.
#[utoipa::path(
    post,
    path = "/api/v1/actions/removeApplicantAtDecision/{applicationId}",
    tag = "decision",
    params(ApplicationPath),
    request_body(content = RemoveAtDecisionRequest),
    responses(
        (status = OK, description = "The application without the client (the other takes the first slot, their enquiry goes with them); the decision must be priced again and proceeded from again", body = ApplicationView),
        CommandAnswers, Unreadable,
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

/// Download the decision document
///
/// The decision as a PDF: each cover's decision with its reasons, its price at the quote and on
/// those terms, and the totals. Available once the decision is priced; one copy is kept per version
/// of the application, so a copy once sent never changes.
#[utoipa::path(
    get,
    path = "/api/v1/application/{applicationId}/document/decision",
    tag = "documents",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The decision as a PDF: each cover's decision with its reasons, its price at the quote and on those terms, and the totals; one copy per version of the application, so a copy once sent never changes", content_type = "application/pdf", body = PdfDocument),
        ReadAnswers, Conflict, NotRecorded,
    )
)]
pub async fn decision_document(
    State(state): State<AppState>,
    reader: Reader,
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
    reader.document(&state, stored, None).await
}

/// The alternative a path names on its application.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AlternativeInPath {
    alternative_id: String,
}
