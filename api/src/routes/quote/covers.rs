//! Covers (§7 "Covers"): `MutateCovers` add, edit and remove, `upsellcover`, the payout-planner
//! switch, and a client's covers.

use crate::auth::AdviserCaller;
use crate::body::Body;
use crate::case::{Case, InPath};
use crate::error::{ApiError, Unreadable};
use crate::error::{BodyCommandAnswers, CommandAnswers, ReadAnswers};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderName, HeaderValue};
use domain::application::{
    AddCover, CoverInput, EditCover, RemoveCover, SetPayoutPlannerUsed, UpsellCover,
};
use domain::cover::Cover;
use domain::product_codes::ProductType;
use domain::{ApplicantId, ApplicationId, ApplicationView, CoverId};
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

/// The application, the client and the cover to add, change or increase.
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

/// Add a cover for a client
///
/// Adds a cover while the quote can be edited (Create Quote or Quote stage, not locked by
/// applying); the API gives it its id, sent back in the `Cover-Id` header. A children's critical
/// illness cover needs an adult cover on the same client first, and a client has at most one.
/// Limits from the product catalogue (amounts, terms, ages) do not refuse the cover: they are
/// kept beside it in its `errors`. When every client then has a cover and none breaks a limit
/// (`priceReadiness` is `ready`), the quote is priced in the same step and the answer carries
/// it; otherwise the price is withdrawn until the quote can be priced.
#[utoipa::path(
    post,
    path = "/api/v1/actions/MutateCovers/add",
    tag = "covers",
    request_body(content = MutateCoverRequest, description = "The client and the new cover"),
    responses(
        (status = OK, description = "The application with the cover added and, when it could be priced, the new quote; limits the cover breaks are in its errors", body = ApplicationView,
            headers(("Cover-Id" = String, description = "The new cover's id"))),
        BodyCommandAnswers,
    )
)]
pub async fn add_cover(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<MutateCoverRequest>,
) -> Result<([(HeaderName, HeaderValue); 1], Json<ApplicationView>), ApiError> {
    let case = request.case(&state, &me).await?;
    let cover_id: CoverId = super::new_id();
    let header =
        HeaderValue::from_str(cover_id.as_str()).map_err(|e| ApiError::Internal(e.into()))?;
    let command = AddCover {
        applicant_id: request.applicant_id,
        cover_id,
        cover: request.cover,
    };
    let application = case.send(&state, command).await?;
    Ok(([(COVER_ID, header)], application))
}

/// The header that names a new cover.
const COVER_ID: HeaderName = HeaderName::from_static("cover-id");

/// Change a cover
///
/// Replaces the adviser's fields of the cover named by `cover.id`, keeping its payout shares.
/// Allowed while the quote can be edited; the product cannot change (remove the cover and add
/// another). Catalogue limits it breaks are kept in the cover's `errors`; the quote is priced again
/// in the same step when it can be (`priceReadiness` is `ready`), and withdrawn otherwise.
#[utoipa::path(
    patch,
    path = "/api/v1/actions/MutateCovers/edit",
    tag = "covers",
    request_body(content = MutateCoverRequest, description = "The client and the cover, with its id"),
    responses(
        (status = OK, description = "The application with the cover changed", body = ApplicationView),
        BodyCommandAnswers,
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

/// Increase a cover's amount
///
/// Raises the amount (or, for income protection, the monthly benefit) of the cover named by
/// `cover.id` without reopening the quote, at the Create Quote, Quote or Decision stage. Only the
/// amount may change, and only upward. The cover's underwriting decision is cleared, since terms
/// must be confirmed for the new amount, and the price is withdrawn until priced again.
#[utoipa::path(
    patch,
    path = "/api/v1/actions/upsellcover",
    tag = "covers",
    request_body(content = MutateCoverRequest, description = "The client and the cover with its id and the higher amount"),
    responses(
        (status = OK, description = "The application with the cover increased; the price is withdrawn until priced again", body = ApplicationView),
        BodyCommandAnswers,
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

/// The application, the client and the cover to remove, named by its id.
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
    pub id: CoverId,
    #[serde(default)]
    #[allow(dead_code)] // Accepted as the quote builder sends it; the id names the cover.
    pub product_type: Option<ProductType>,
}

/// Remove a cover
///
/// Removes the cover named by `cover.id` while the quote can be edited. Removing a children's
/// critical illness cover removes the children's riders from the client's other covers; removing
/// the client's last adult cover removes their children's cover too. The quote is priced again in
/// the same step when it can be, and withdrawn otherwise.
#[utoipa::path(
    delete,
    path = "/api/v1/actions/MutateCovers/remove",
    tag = "covers",
    request_body(content = RemoveCoverRequest, description = "The client and the cover's id"),
    responses(
        (status = OK, description = "The application without the cover (removing the last adult cover also removes children's cover that depends on it)", body = ApplicationView),
        CommandAnswers, Unreadable,
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

/// Whether a cover's payout is split between people by the payout planner.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PayoutPlannerRequest {
    pub applicant_id: ApplicantId,
    pub cover_id: CoverId,
    pub is_payout_planner_used: bool,
}

/// Switch the payout planner on or off for a cover
///
/// Says whether the cover's payout is split between people by the payout planner; allowed while the
/// quote can be edited. Turning it off keeps the shares already entered, so turning it back on
/// restores them. While it is on, the shares must add up to exactly 100% before the quote is
/// complete.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/cover/isPayoutPlannerUsed",
    tag = "covers",
    request_body(content = PayoutPlannerRequest),
    responses(
        (status = OK, description = "The application with the switch set", body = ApplicationView),
        CommandAnswers, Unreadable,
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

/// List a client's covers
///
/// The client's covers with their errors, premiums and decisions, ordered by product, then cover
/// type, then amount, largest first.
#[utoipa::path(
    get,
    path = "/api/v1/applicant/{applicantId}/covers",
    tag = "covers",
    params(("applicantId" = String, Path, description = "The applicant's id")),
    responses(
        (status = OK, description = "The client's covers, in the catalogue's display order", body = Vec<Cover>),
        ReadAnswers,
    )
)]
pub async fn applicant_covers(
    State(state): State<AppState>,
    me: AdviserCaller,
    InPath(applicant_id): InPath<ApplicantId>,
) -> Result<Json<Vec<Cover>>, ApiError> {
    let case = Case::of_applicant(&state, &me, &applicant_id).await?;
    let application = case.application(&state).await?;
    let applicant = application
        .applicant(&applicant_id)
        .ok_or_else(|| ApiError::not_found("Applicant"))?;
    Ok(Json(applicant.covers.clone()))
}
