//! A customer care administrator's management of advisers: finding them, their flags (§6), their
//! firm location, who may act for them (`adviserId`) and when, and the history of every change.
//! A change shows on the adviser's next request: every request reads the adviser afresh.

use super::checked;
use super::history::{CareHistory, history};
use crate::auth::CareAdminCaller;
use crate::body::Body;
use crate::case::InPath;
use crate::error::CareSignInProblems;
use crate::error::{ApiError, BadParameter, Conflict, Invalid, NotFound, Unreadable};
use crate::query::InQuery;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use chrono::{NaiveDate, Utc};
use domain::Rejection;
use domain::care::{NewDelegation, check_flags};
use domain::dashboard::search_words;
use domain::dates::{parse_iso_date, uk_date};
use domain::{AdviserId, UxSettings};
use serde::{Deserialize, Serialize};
use store::{AdviserListing, ChangeSubject, StoredDelegation};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(care_find_advisers))
        .routes(routes!(care_adviser))
        .routes(routes!(care_set_flags))
        .routes(routes!(care_set_location))
        .routes(routes!(care_adviser_history))
        .routes(routes!(care_add_delegation))
        .routes(routes!(care_end_delegation))
}

/// An adviser (or assistant) as customer care's lists show them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CareAdviserSummary {
    pub id: String,
    pub name: String,
    pub email: String,
    pub firm_id: Option<String>,
    pub firm_name: Option<String>,
    pub firm_location_id: Option<String>,
    pub firm_location_name: Option<String>,
}

impl From<AdviserListing> for CareAdviserSummary {
    fn from(a: AdviserListing) -> Self {
        Self {
            id: a.id.to_string(),
            name: a.name,
            email: a.email,
            firm_id: a.firm_id,
            firm_name: a.firm_name,
            firm_location_id: a.firm_location_id,
            firm_location_name: a.firm_location_name,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CareAdviserList {
    pub advisers: Vec<CareAdviserSummary>,
}

/// Someone acting for an adviser (`delegateId` for `principalId`), on which days.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CareDelegation {
    pub id: String,
    pub delegate_id: String,
    pub delegate_name: String,
    pub principal_id: String,
    pub principal_name: String,
    #[schema(value_type = String, format = Date)]
    pub from: NaiveDate,
    /// The last day (included); none: until ended.
    #[schema(value_type = Option<String>, format = Date)]
    pub until: Option<NaiveDate>,
    /// The day customer care ended it: not in force from that day.
    #[schema(value_type = Option<String>, format = Date)]
    pub ended_on: Option<NaiveDate>,
    /// Whether it is in force on today's UK date.
    pub active_today: bool,
    /// Whether it can still be ended (not yet over).
    pub can_end: bool,
}

fn delegation_view(d: StoredDelegation, today: NaiveDate) -> CareDelegation {
    CareDelegation {
        active_today: d.period.is_active_on(today),
        can_end: d.period.is_current_or_future(today),
        id: d.id,
        delegate_id: d.delegate.to_string(),
        delegate_name: d.delegate_name,
        principal_id: d.principal.to_string(),
        principal_name: d.principal_name,
        from: d.period.from,
        until: d.period.until,
        ended_on: d.period.ended_on,
    }
}

/// An adviser with everything customer care manages about them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CareAdviserDetails {
    pub adviser: CareAdviserSummary,
    pub ux_settings: UxSettings,
    /// Who may act for this adviser, and whom this adviser may act for: past, present and future.
    pub delegations: Vec<CareDelegation>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AdviserSearch {
    /// Words that must all appear in the adviser's name or email.
    #[param(max_length = 100)]
    pub search: Option<String>,
    /// Only this firm's advisers.
    pub firm_id: Option<String>,
}

/// An adviser in the path; one that cannot be an id is "Adviser not found".
fn today() -> NaiveDate {
    uk_date(Utc::now())
}

/// Find advisers
///
/// Advisers and assistants whose name or email holds every word of `search`, of the firm
/// `firmId` when given, by name (at most 200). Customer care administrators only.
#[utoipa::path(
    get,
    path = "/api/v1/care/advisers",
    tag = "customer care",
    params(AdviserSearch),
    responses(
        (status = OK, description = "The advisers found, by name", body = CareAdviserList),
        BadParameter, CareSignInProblems,
    )
)]
pub async fn care_find_advisers(
    State(state): State<AppState>,
    _admin: CareAdminCaller,
    InQuery(search): InQuery<AdviserSearch>,
) -> Result<Json<CareAdviserList>, ApiError> {
    let term = search.search.unwrap_or_default();
    if term.chars().count() > 100 {
        return Err(ApiError::bad_field(
            "search",
            "Search for at most 100 characters",
        ));
    }
    let firm = search
        .firm_id
        .as_deref()
        .map(str::trim)
        .filter(|f| !f.is_empty());
    let advisers = state
        .store
        .find_advisers(&search_words(&term), firm)
        .await?;
    Ok(Json(CareAdviserList {
        advisers: advisers.into_iter().map(Into::into).collect(),
    }))
}

async fn details(state: &AppState, id: &AdviserId) -> Result<Json<CareAdviserDetails>, ApiError> {
    let found = state
        .store
        .care_adviser(id)
        .await?
        .ok_or_else(|| ApiError::not_found("Adviser"))?;
    let today = today();
    let delegations = state.store.delegations_of(id).await?;
    Ok(Json(CareAdviserDetails {
        adviser: found.adviser.into(),
        ux_settings: found.ux_settings,
        delegations: delegations
            .into_iter()
            .map(|d| delegation_view(d, today))
            .collect(),
    }))
}

/// Get an adviser
///
/// The adviser with their firm and location, their eleven flags (§6) and the delegations to and
/// from them. Customer care administrators only.
#[utoipa::path(
    get,
    path = "/api/v1/care/advisers/{adviserId}",
    tag = "customer care",
    params(("adviserId" = String, Path, description = "The adviser's id (their sign-in subject)")),
    responses(
        (status = OK, description = "The adviser, their flags and delegations", body = CareAdviserDetails),
        NotFound, CareSignInProblems,
    )
)]
pub async fn care_adviser(
    State(state): State<AppState>,
    _admin: CareAdminCaller,
    InPath(id): InPath<AdviserId>,
) -> Result<Json<CareAdviserDetails>, ApiError> {
    details(&state, &id).await
}

/// Set an adviser's flags
///
/// Replaces all eleven of the adviser's flags (§6; a flag left out takes its standard value) and
/// records the change. The adviser's next request sees them. `fixedIndemnityPercentage` is from 0
/// to 100 with at most two decimals, or null.
#[utoipa::path(
    put,
    path = "/api/v1/care/advisers/{adviserId}/flags",
    tag = "customer care",
    params(("adviserId" = String, Path, description = "The adviser's id")),
    request_body(content = UxSettings),
    responses(
        (status = OK, description = "The adviser as they now stand", body = CareAdviserDetails),
        NotFound, Invalid, Unreadable, CareSignInProblems,
    )
)]
pub async fn care_set_flags(
    State(state): State<AppState>,
    CareAdminCaller(me): CareAdminCaller,
    InPath(id): InPath<AdviserId>,
    Body(flags): Body<UxSettings>,
) -> Result<Json<CareAdviserDetails>, ApiError> {
    checked(check_flags(&flags))?;
    checked(
        state
            .store
            .set_adviser_flags(&id, &flags, &me.actor())
            .await?,
    )?;
    details(&state, &id).await
}

/// The firm location to tie an adviser to; null for none.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SetFirmLocation {
    pub firm_location_id: Option<String>,
}

/// Set an adviser's firm location
///
/// Ties the adviser to one of their firm's locations (`adviserAtFirmLocationId`, §6), or to none
/// with null, and records the change. A location that does not exist or is another firm's is
/// refused (422 naming `firmLocationId`).
#[utoipa::path(
    put,
    path = "/api/v1/care/advisers/{adviserId}/location",
    tag = "customer care",
    params(("adviserId" = String, Path, description = "The adviser's id")),
    request_body(content = SetFirmLocation),
    responses(
        (status = OK, description = "The adviser as they now stand", body = CareAdviserDetails),
        NotFound, Invalid, Unreadable, CareSignInProblems,
    )
)]
pub async fn care_set_location(
    State(state): State<AppState>,
    CareAdminCaller(me): CareAdminCaller,
    InPath(id): InPath<AdviserId>,
    Body(body): Body<SetFirmLocation>,
) -> Result<Json<CareAdviserDetails>, ApiError> {
    checked(
        state
            .store
            .set_adviser_location(&id, body.firm_location_id.as_deref(), &me.actor())
            .await?,
    )?;
    details(&state, &id).await
}

/// An adviser's history
///
/// Every change customer care made to the adviser (flags, location, delegations to or from
/// them), newest first, with who made it, when, and the value before and after.
#[utoipa::path(
    get,
    path = "/api/v1/care/advisers/{adviserId}/history",
    tag = "customer care",
    params(("adviserId" = String, Path, description = "The adviser's id")),
    responses(
        (status = OK, description = "The changes, newest first", body = CareHistory),
        NotFound, CareSignInProblems,
    )
)]
pub async fn care_adviser_history(
    State(state): State<AppState>,
    _admin: CareAdminCaller,
    InPath(id): InPath<AdviserId>,
) -> Result<Json<CareHistory>, ApiError> {
    history(&state, ChangeSubject::Adviser(&id)).await
}

/// Who may act for whom, and when.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewDelegationRequest {
    /// The assistant or adviser who may act.
    pub delegate_id: String,
    /// The adviser they may act for (`adviserId`).
    pub principal_id: String,
    /// The first day, `YYYY-MM-DD` (UK date).
    #[schema(format = Date)]
    pub from: String,
    /// The last day (included), `YYYY-MM-DD`; absent or null: until ended.
    #[schema(format = Date)]
    pub until: Option<String>,
}

/// A delegation's day. Text that is no `YYYY-MM-DD` date is unreadable (400); a real date the
/// portal does not take (`domain::dates`: 1900 to 2099, so not year 8098, which the contract's
/// `date` allows) is refused (422); both name the field.
fn date_field(field: &str, text: &str) -> Result<NaiveDate, ApiError> {
    let text = text.trim();
    if NaiveDate::parse_from_str(text, "%Y-%m-%d").is_err() {
        return Err(ApiError::bad_field(
            field,
            "Enter a real date as YYYY-MM-DD",
        ));
    }
    parse_iso_date(text).ok_or_else(|| {
        ApiError::Rejected(Rejection::field(field, "Enter a date from 1900 to 2099"))
    })
}

/// Let someone act for an adviser
///
/// `delegateId` may act for `principalId` through `adviserId` from `from` until `until` (both
/// included; open-ended without `until`), from their next request on a day in that range. Both
/// must be registered (404 otherwise) at the same firm; nobody acts for themself; `until` is not
/// before `from` nor in the past; and the two may not already have a delegation on any of these
/// days (422 naming the field). Recorded in both advisers' histories.
#[utoipa::path(
    post,
    path = "/api/v1/care/delegations",
    tag = "customer care",
    request_body(content = NewDelegationRequest),
    responses(
        (status = CREATED, description = "The delegation as stored", body = CareDelegation),
        NotFound, Invalid, Unreadable, CareSignInProblems,
    )
)]
pub async fn care_add_delegation(
    State(state): State<AppState>,
    CareAdminCaller(me): CareAdminCaller,
    Body(body): Body<NewDelegationRequest>,
) -> Result<(axum::http::StatusCode, Json<CareDelegation>), ApiError> {
    let delegate = AdviserId::parse(body.delegate_id.trim())
        .ok_or_else(|| ApiError::bad_field("delegateId", "Choose who may act"))?;
    let principal = AdviserId::parse(body.principal_id.trim())
        .ok_or_else(|| ApiError::bad_field("principalId", "Choose the adviser"))?;
    let from = date_field("from", &body.from)?;
    let until = body
        .until
        .as_deref()
        .map(|u| date_field("until", u))
        .transpose()?;
    let delegation = NewDelegation {
        delegate,
        principal,
        from,
        until,
    };
    let today = today();
    let stored = checked(
        state
            .store
            .add_delegation(&delegation, today, &me.actor())
            .await?,
    )?;
    Ok((
        axum::http::StatusCode::CREATED,
        Json(delegation_view(stored, today)),
    ))
}

/// End a delegation
///
/// The delegate may no longer act for the adviser from today (their next request); recorded in
/// both advisers' histories. One already over is refused (409).
#[utoipa::path(
    post,
    path = "/api/v1/care/delegations/{delegationId}/end",
    tag = "customer care",
    params(("delegationId" = String, Path, description = "The delegation's id")),
    responses(
        (status = OK, description = "The delegation as it now stands", body = CareDelegation),
        NotFound, Conflict, CareSignInProblems,
    )
)]
pub async fn care_end_delegation(
    State(state): State<AppState>,
    CareAdminCaller(me): CareAdminCaller,
    Path(id): Path<String>,
) -> Result<Json<CareDelegation>, ApiError> {
    let today = today();
    let ended = checked(
        state
            .store
            .end_delegation(id.trim(), today, &me.actor())
            .await?,
    )?;
    Ok(Json(delegation_view(ended, today)))
}
