//! Firms and their locations (§1 "adviser firm location tracking"), as a customer care
//! administrator keeps them: every firm with its locations, a location added or renamed (each
//! change recorded), and a firm's history.

use super::checked;
use super::history::{CareHistory, history};
use crate::auth::CareAdminCaller;
use crate::body::Body;
use crate::error::CareSignInProblems;
use crate::error::{ApiError, Invalid, NotFound, Unreadable};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use store::{ChangeSubject, LocationRecord};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(care_firms))
        .routes(routes!(care_add_location))
        .routes(routes!(care_rename_location))
        .routes(routes!(care_firm_history))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CareLocation {
    pub id: String,
    pub name: String,
}

impl From<LocationRecord> for CareLocation {
    fn from(l: LocationRecord) -> Self {
        Self {
            id: l.id,
            name: l.name,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CareFirm {
    pub id: String,
    pub name: String,
    /// By name.
    pub locations: Vec<CareLocation>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CareFirms {
    /// By name.
    pub firms: Vec<CareFirm>,
}

/// A location's name: 1 to 100 characters, not another of the firm's locations' (any case).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LocationName {
    #[schema(max_length = 100)]
    pub name: Option<String>,
}

/// List firms and their locations
///
/// Every adviser firm with its locations, by name. Customer care administrators only.
#[utoipa::path(
    get,
    path = "/api/v1/care/firms",
    tag = "customer care",
    responses(
        (status = OK, description = "The firms with their locations", body = CareFirms),
        CareSignInProblems,
    )
)]
pub async fn care_firms(
    State(state): State<AppState>,
    _admin: CareAdminCaller,
) -> Result<Json<CareFirms>, ApiError> {
    let firms = state.store.firms().await?;
    Ok(Json(CareFirms {
        firms: firms
            .into_iter()
            .map(|f| CareFirm {
                id: f.id,
                name: f.name,
                locations: f.locations.into_iter().map(Into::into).collect(),
            })
            .collect(),
    }))
}

/// Add a firm location
///
/// A new location for the firm, which its advisers can then be tied to; recorded in the firm's
/// history. A name that is empty, longer than 100 characters or already the firm's is refused
/// (422 naming `name`).
#[utoipa::path(
    post,
    path = "/api/v1/care/firms/{firmId}/locations",
    tag = "customer care",
    params(("firmId" = String, Path, description = "The firm's id")),
    request_body(content = LocationName),
    responses(
        (status = CREATED, description = "The new location", body = CareLocation),
        NotFound, Invalid, Unreadable, CareSignInProblems,
    )
)]
pub async fn care_add_location(
    State(state): State<AppState>,
    CareAdminCaller(me): CareAdminCaller,
    Path(firm_id): Path<String>,
    Body(body): Body<LocationName>,
) -> Result<(StatusCode, Json<CareLocation>), ApiError> {
    let name = body.name.unwrap_or_default();
    let added = checked(
        state
            .store
            .add_firm_location(firm_id.trim(), &name, &me.actor())
            .await?,
    )?;
    Ok((StatusCode::CREATED, Json(added.into())))
}

/// Rename a firm location
///
/// The location's new name, shown to its advisers from their next request and on cases created
/// there; recorded in the firm's history. Refused as adding one is.
#[utoipa::path(
    put,
    path = "/api/v1/care/locations/{locationId}",
    tag = "customer care",
    params(("locationId" = String, Path, description = "The location's id")),
    request_body(content = LocationName),
    responses(
        (status = OK, description = "The location as it now stands", body = CareLocation),
        NotFound, Invalid, Unreadable, CareSignInProblems,
    )
)]
pub async fn care_rename_location(
    State(state): State<AppState>,
    CareAdminCaller(me): CareAdminCaller,
    Path(location_id): Path<String>,
    Body(body): Body<LocationName>,
) -> Result<Json<CareLocation>, ApiError> {
    let name = body.name.unwrap_or_default();
    let renamed = checked(
        state
            .store
            .rename_firm_location(location_id.trim(), &name, &me.actor())
            .await?,
    )?;
    Ok(Json(renamed.into()))
}

/// A firm's history
///
/// The locations added to the firm and renamed, newest first, with who did it and when.
#[utoipa::path(
    get,
    path = "/api/v1/care/firms/{firmId}/history",
    tag = "customer care",
    params(("firmId" = String, Path, description = "The firm's id")),
    responses(
        (status = OK, description = "The changes, newest first", body = CareHistory),
        NotFound, CareSignInProblems,
    )
)]
pub async fn care_firm_history(
    State(state): State<AppState>,
    _admin: CareAdminCaller,
    Path(firm_id): Path<String>,
) -> Result<Json<CareHistory>, ApiError> {
    history(&state, ChangeSubject::Firm(firm_id.trim())).await
}
