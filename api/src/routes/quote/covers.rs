//! Covers (§7 "Covers"): `MutateCovers` add, edit and remove, `upsellcover`, the payout-planner
//! switch, and a client's covers.

use crate::auth::AdviserCaller;
use crate::body::Body;
use crate::case::{Case, applicant_in_path};
use crate::error::{ApiError, Problem, SignInProblems, Unconfirmed, Unreadable};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use domain::application::{
    AddCover, CoverInput, EditCover, RemoveCover, SetPayoutPlannerUsed, UpsellCover,
};
use domain::cover::Cover;
use domain::product_codes::ProductType;
use domain::{ApplicantId, ApplicationId, ApplicationView};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(add_cover))
        .routes(routes!(edit_cover))
        .routes(routes!(remove_cover))
        .routes(routes!(upsell_cover))
        .routes(routes!(set_payout_planner_used))
        .routes(routes!(applicant_covers))
}

/// The body of `MutateCovers/add`, `/edit` and `upsellcover` (§7): the application, the
/// client and the cover.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MutateCoverRequest {
    pub application_id: ApplicationId,
    pub applicant_id: ApplicantId,
    /// The cover; on edit and upsell it carries the cover's `id`.
    pub cover: CoverInput,
}

impl MutateCoverRequest {
    /// The application the body names, if the caller may act on it.
    async fn case(&self, state: &AppState, me: &AdviserCaller) -> Result<Case, ApiError> {
        Case::find(state, me, self.application_id).await
    }

    /// The application, and the change the body makes to the cover it names by id (edit and
    /// upsell need the id).
    async fn cover_change(
        self,
        state: &AppState,
        me: &AdviserCaller,
    ) -> Result<(Case, EditCover), ApiError> {
        let cover_id = self
            .cover
            .id
            .clone()
            .ok_or_else(|| ApiError::bad_field("cover.id", "cover.id is required"))?;
        let case = self.case(state, me).await?;
        let change = EditCover {
            applicant_id: self.applicant_id,
            cover_id,
            cover: self.cover,
        };
        Ok((case, change))
    }
}

#[utoipa::path(
    post,
    path = "/api/v1/actions/MutateCovers/add",
    tag = "covers",
    request_body(content = MutateCoverRequest, description = "The client and the new cover"),
    responses(
        (status = OK, description = "The application with the cover added; limits it breaks are in the cover's errors", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application, or Applicant not found", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The quote can no longer be edited", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A rule is broken; errors name each field", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn add_cover(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<MutateCoverRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let case = request.case(&state, &me).await?;
    let command = AddCover {
        applicant_id: request.applicant_id,
        cover_id: super::new_id(),
        cover: request.cover,
    };
    case.send(&state, command).await
}

#[utoipa::path(
    patch,
    path = "/api/v1/actions/MutateCovers/edit",
    tag = "covers",
    request_body(content = MutateCoverRequest, description = "The client and the cover, with its id"),
    responses(
        (status = OK, description = "The application with the cover changed", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application, Applicant not found or Cover not found", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The quote can no longer be edited", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A rule is broken; errors name each field", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn edit_cover(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<MutateCoverRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let (case, change) = request.cover_change(&state, &me).await?;
    case.send(&state, change).await
}

#[utoipa::path(
    patch,
    path = "/api/v1/actions/upsellcover",
    tag = "covers",
    request_body(content = MutateCoverRequest, description = "The client and the cover with its id and the higher amount"),
    responses(
        (status = OK, description = "The application with the cover increased; the price is withdrawn until priced again", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application, Applicant not found or Cover not found", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Not at the quote or decision stage", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "Not an increase, or something other than the amount changed", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn upsell_cover(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<MutateCoverRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let (case, change) = request.cover_change(&state, &me).await?;
    case.send(&state, UpsellCover(change)).await
}

/// The body of `MutateCovers/remove` (§7): the application, the client and the cover to
/// remove, named by its id.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RemoveCoverRequest {
    pub application_id: ApplicationId,
    pub applicant_id: ApplicantId,
    pub cover: CoverToRemove,
}

/// The cover to remove. Its product may be sent too, as the quote builder does; nothing else
/// about it is needed.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CoverToRemove {
    pub id: String,
    #[serde(default)]
    #[allow(dead_code)] // Accepted as the quote builder sends it; the id names the cover.
    pub product_type: Option<ProductType>,
}

#[utoipa::path(
    delete,
    path = "/api/v1/actions/MutateCovers/remove",
    tag = "covers",
    request_body(content = RemoveCoverRequest, description = "The client and the cover's id"),
    responses(
        (status = OK, description = "The application without the cover (§4: children's cover rules applied)", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application, Applicant not found or Cover not found", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The quote can no longer be edited", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn remove_cover(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<RemoveCoverRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let case = Case::find(&state, &me, request.application_id).await?;
    let command = RemoveCover {
        applicant_id: request.applicant_id,
        cover_id: request.cover.id,
    };
    case.send(&state, command).await
}

/// The body of `isPayoutPlannerUsed` (§7).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PayoutPlannerRequest {
    pub applicant_id: ApplicantId,
    pub cover_id: String,
    pub is_payout_planner_used: bool,
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/cover/isPayoutPlannerUsed",
    tag = "covers",
    request_body(content = PayoutPlannerRequest),
    responses(
        (status = OK, description = "The application with the switch set", body = ApplicationView),
        (status = NOT_FOUND, description = "Applicant not found or Cover not found", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The quote can no longer be edited", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn set_payout_planner_used(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<PayoutPlannerRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let case = Case::of_applicant(&state, &me, &request.applicant_id).await?;
    let command = SetPayoutPlannerUsed {
        applicant_id: request.applicant_id,
        cover_id: request.cover_id,
        is_payout_planner_used: request.is_payout_planner_used,
    };
    case.send(&state, command).await
}

#[utoipa::path(
    get,
    path = "/api/v1/applicant/{applicantId}/covers",
    tag = "covers",
    params(("applicantId" = String, Path, description = "The applicant's id")),
    responses(
        (status = OK, description = "The client's covers, in §9 order", body = Vec<Cover>),
        (status = NOT_FOUND, description = "Applicant not found", body = Problem, content_type = "application/problem+json"),
        SignInProblems,
    )
)]
pub async fn applicant_covers(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(applicant_id): Path<String>,
) -> Result<Json<Vec<Cover>>, ApiError> {
    let applicant_id = applicant_in_path(&applicant_id)?;
    let case = Case::of_applicant(&state, &me, &applicant_id).await?;
    let application = case.application(&state).await?;
    let applicant = application
        .applicant(&applicant_id)
        .ok_or_else(|| ApiError::not_found("Applicant"))?;
    Ok(Json(applicant.covers.clone()))
}
