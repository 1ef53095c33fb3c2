//! Applying (§4 "Declarations", §5, §7): each client's pre-underwriting declaration, and
//! applying for the policy, which moves the case to the Apply stage and locks the quote.

use crate::auth::AdviserCaller;
use crate::body::Body;
use crate::case::{ApplicantInPath, ApplicantPath, ApplicationPath, Case, CaseInPath};
use crate::error::{
    ApiError, Conflict, Invalid, NotFound, SignInProblems, Unconfirmed, Unreadable,
};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use domain::application::{AcceptPreUnderwritingDeclaration, ApplyForPolicy};
use domain::{ApplicationId, ApplicationView};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(accept_pre_underwriting_declaration))
        .routes(routes!(apply_application))
        .routes(routes!(portal_apply))
}

#[utoipa::path(
    post,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}/acceptPreUnderwritingDeclaration",
    tag = "contact details",
    params(ApplicantPath),
    responses(
        (status = OK, description = "The application with the client's declaration accepted (§4)", body = ApplicationView),
        NotFound,
        Conflict,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn accept_pre_underwriting_declaration(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    ApplicantInPath(applicant_id): ApplicantInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    let command = AcceptPreUnderwritingDeclaration { applicant_id };
    case.send(&state, command).await
}

/// The body of `ApplyApplication` (§7).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ApplyRequest {
    pub application_id: ApplicationId,
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/ApplyApplication",
    tag = "contact details",
    request_body(content = ApplyRequest),
    responses(
        (status = OK, description = "The application at the Apply stage, its quote locked", body = ApplicationView),
        NotFound,
        Conflict,
        Invalid,
        Unreadable,
        SignInProblems,
        Unconfirmed,
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

#[utoipa::path(
    post,
    path = "/api/v1/portal/apply/{applicationId}",
    tag = "contact details",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The application at the Apply stage, its quote locked", body = ApplicationView),
        NotFound,
        Conflict,
        Invalid,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn portal_apply(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    case.send(&state, ApplyForPolicy).await
}
