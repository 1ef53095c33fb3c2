//! Applying (§4 "Declarations", §5, §7): each client's pre-underwriting declaration, and
//! applying for the policy, which moves the case to the Apply stage and locks the quote.

use crate::auth::AdviserCaller;
use crate::body::Body;
use crate::case::{ApplicantPath, Case, CaseInPath, InPath};
use crate::error::ApiError;
use crate::error::{BodyCommandAnswers, CommandAnswers};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use domain::application::{AcceptPreUnderwritingDeclaration, ApplyForPolicy};
use domain::{ApplicantId, ApplicationId, ApplicationView};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(accept_pre_underwriting_declaration))
        .routes(routes!(apply_application))
}

/// Accept a client's pre-underwriting declaration
///
/// Records that the client accepted the pre-underwriting declaration, which every client must do
/// before the application is applied for and before their underwriting starts. Allowed until the
/// application is applied for; accepting again changes nothing.
#[utoipa::path(
    post,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}/acceptPreUnderwritingDeclaration",
    tag = "apply",
    params(ApplicantPath),
    responses(
        (status = OK, description = "The application with the client's declaration accepted", body = ApplicationView),
        CommandAnswers,
    )
)]
pub async fn accept_pre_underwriting_declaration(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    InPath(applicant_id): InPath<ApplicantId>,
) -> Result<Json<ApplicationView>, ApiError> {
    let command = AcceptPreUnderwritingDeclaration { applicant_id };
    case.send(&state, command).await
}

/// The application to apply for.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ApplyRequest {
    pub application_id: ApplicationId,
}

/// Apply for the policy
///
/// Submits the application: it moves to the Apply stage, where each client's underwriting can
/// start, and the quote is locked. Refused, with every reason named by its field at once, while the
/// quote is unpriced or expired, a client's details or contact details are incomplete, the mortgage
/// or advised-sale question is unanswered, a cover is incomplete or unable to offer terms, or a
/// declaration is not accepted; `applyProblems` on the application lists the same reasons
/// beforehand. After a requote, a client whose covers are unchanged keeps their underwriting
/// outcome, and the case moves on at once when every client is decided.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/ApplyApplication",
    tag = "apply",
    request_body(content = ApplyRequest),
    responses(
        (status = OK, description = "The application at the Apply stage, its quote locked", body = ApplicationView),
        BodyCommandAnswers,
    )
)]
pub async fn apply_application(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<ApplyRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let case = Case::find(&state, &me, request.application_id).await?;
    case.send(&state, ApplyForPolicy).await
}
