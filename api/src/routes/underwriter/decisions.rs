//! The underwriter's decision on a referred cover, and their updates for the adviser. A
//! decision is checked before anything is written (a loading within the rulebook's limits, an
//! exclusion's wording, a reason always); when the last referred cover is decided the case
//! moves to the decision, priced on these terms.

use super::{ReferredCase, UnderwriterCase};
use crate::body::Body;
use crate::case::ApplicationPath;
use crate::error::{
    ApiError, Conflict, Invalid, NotFound, StaffSignInProblems, Unconfirmed, Unreadable,
};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use domain::application::{DecideReferredCover, PostUnderwritingUpdate};
use domain::underwriting::manual::{ManualDecision, ManualDecisionInput};
use domain::{ApplicantId, CoverId};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(decide))
        .routes(routes!(post_update))
}

/// A decision on one referred cover.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DecisionRequest {
    pub applicant_id: ApplicantId,
    pub cover_id: CoverId,
    pub decision: ManualDecision,
    /// Percent added to the premium: for `loading` (required) or `exclusion`.
    #[schema(minimum = 1)]
    pub loading_percent: Option<u32>,
    /// The exclusion's wording: for `exclusion` (required) or `loading`.
    #[schema(max_length = 300)]
    pub exclusion: Option<String>,
    /// Months until the client may apply again: for `postponed` (required).
    #[schema(minimum = 1, maximum = 24)]
    pub postpone_months: Option<u32>,
    /// Why, for the adviser to read to the client.
    #[schema(max_length = 1000)]
    pub reason: Option<String>,
}

/// Decide a referred cover
///
/// Gives the terms for a cover the rules referred, by the caller holding the case at the
/// Underwriting stage: standard terms, a loading (1% up to the rulebook's most), an exclusion,
/// postponement (1 to 24 months) or decline, always with a reason the adviser can read. The adviser
/// is told in an underwriting update; a cover may be decided again differently until the last one
/// is decided, when the case moves to the Decision stage to be priced on these terms. Refused while
/// a report on the client is held for them to see first.
#[utoipa::path(
    post,
    path = "/api/v1/underwriter/cases/{applicationId}/decision",
    tag = "underwriter",
    params(ApplicationPath),
    request_body(content = DecisionRequest),
    responses(
        (status = OK, description = "The case with the cover decided and an update posted for the adviser; once no cover is still referred the case is at Decision (`application.status`)", body = UnderwriterCase),
        NotFound,
        Conflict,
        Invalid,
        Unreadable,
        StaffSignInProblems,
        Unconfirmed,
    )
)]
pub async fn decide(
    State(state): State<AppState>,
    referred: ReferredCase,
    Body(body): Body<DecisionRequest>,
) -> Result<Json<UnderwriterCase>, ApiError> {
    let command = DecideReferredCover {
        applicant_id: body.applicant_id,
        cover_id: body.cover_id,
        decision: ManualDecisionInput {
            decision: body.decision,
            loading_percent: body.loading_percent,
            exclusion: body.exclusion,
            postpone_months: body.postpone_months,
            reason: body.reason,
        },
        limits: state.rulebook.interview.limits,
        underwriter: referred.me.clone(),
    };
    referred.send(&state, command).await
}

/// An update for the adviser.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UpdateRequest {
    #[schema(max_length = 2000)]
    pub text: Option<String>,
}

/// Post an underwriting update for the adviser
///
/// Adds an update (1 to 2,000 characters) that the adviser reads on the case, and the dashboard
/// marks the case as having a new update. While the case waits at the Underwriting stage only the
/// underwriter holding it may post; once a referral is decided, any underwriter may, until the
/// policy is in force.
#[utoipa::path(
    post,
    path = "/api/v1/underwriter/cases/{applicationId}/updates",
    tag = "underwriter",
    params(ApplicationPath),
    request_body(content = UpdateRequest),
    responses(
        (status = OK, description = "The case with the update posted; the adviser reads it on the case and the dashboard marks the case", body = UnderwriterCase),
        NotFound,
        Conflict,
        Invalid,
        Unreadable,
        StaffSignInProblems,
        Unconfirmed,
    )
)]
pub async fn post_update(
    State(state): State<AppState>,
    referred: ReferredCase,
    Body(body): Body<UpdateRequest>,
) -> Result<Json<UnderwriterCase>, ApiError> {
    let command = PostUnderwritingUpdate {
        text: body.text.unwrap_or_default(),
        underwriter: referred.me.clone(),
    };
    referred.send(&state, command).await
}
