//! A case's change timeline (issue 36, see [`crate::timeline`]): for the adviser who owns the
//! case and whoever acts for them (the same check as reading the application), and for
//! customer care on any firm's case.

use crate::auth::CareCaller;
use crate::case::{ApplicationPath, CaseInPath, InPath};
use crate::error::{ApiError, CareSignInProblems, NotFound, ReadAnswers};
use crate::state::AppState;
use crate::timeline::{self, CaseTimeline};
use axum::Json;
use axum::extract::State;
use domain::ApplicationId;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(application_timeline))
        .routes(routes!(care_application_timeline))
}

/// List a case's changes
///
/// Who changed what on the case, and when, newest first (at most 200): each change in words,
/// who made it and their role, the client it is about and the names of the fields it changed.
/// Values are never shown: health answers are counted, bank details named. Read from the case's
/// workflow history; changes made before callers were recorded have no `by`.
#[utoipa::path(
    get,
    path = "/api/v1/application/{applicationId}/timeline",
    tag = "applications",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The case's changes, newest first", body = CaseTimeline),
        ReadAnswers,
    )
)]
pub async fn application_timeline(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<CaseTimeline>, ApiError> {
    let application = case.application(&state).await?;
    Ok(Json(timeline::of_case(&state, &application).await?))
}

/// List any firm's case's changes
///
/// The case's change timeline as its adviser sees it (see `application_timeline`). Read only.
/// Customer care (`cca`, `ccaadmin`).
#[utoipa::path(
    get,
    path = "/api/v1/care/applications/{applicationId}/timeline",
    tag = "customer care",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The case's changes, newest first", body = CaseTimeline),
        NotFound, CareSignInProblems,
    )
)]
pub async fn care_application_timeline(
    State(state): State<AppState>,
    _me: CareCaller,
    InPath(id): InPath<ApplicationId>,
) -> Result<Json<CaseTimeline>, ApiError> {
    let application = state
        .store
        .find_application(id)
        .await?
        .ok_or_else(|| ApiError::not_found("Application"))?;
    Ok(Json(timeline::of_case(&state, &application).await?))
}
