//! Children on the application and the unborn-children flag (§3, §5 "Children", §7
//! "Children"), for children's critical illness cover.

use crate::body::Body;
use crate::case::{ApplicationPath, CaseInPath};
use crate::error::{ApiError, Unreadable};
use crate::error::{BodyCommandAnswers, CommandAnswers};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use domain::ApplicationView;
use domain::application::{AddChild, EditChild, RemoveChild, SetHasUnbornChildren};
use domain::children::ChildDetails;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(add_child))
        .routes(routes!(edit_child, remove_child))
        .routes(routes!(set_has_unborn_children))
}

/// Add a child
///
/// Adds a child, for children's critical illness cover, while the quote can be edited. A child
/// needs a first name, a surname (each at most 100 characters) and a date of birth, not in the
/// future and before their 23rd birthday. Adding a child clears the unborn-children flag.
#[utoipa::path(
    post,
    path = "/api/v1/application/{applicationId}/children",
    tag = "children",
    params(ApplicationPath),
    request_body(content = ChildDetails),
    responses(
        (status = OK, description = "The application with the child added (the unborn-children flag cleared)", body = ApplicationView),
        BodyCommandAnswers,
    )
)]
pub async fn add_child(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    Body(details): Body<ChildDetails>,
) -> Result<Json<ApplicationView>, ApiError> {
    let command = AddChild {
        child_id: super::new_id(),
        details,
    };
    case.send(&state, command).await
}

/// Change a child's details
///
/// Replaces the child's details while the quote can be edited, under the same rules as adding one:
/// a first name, a surname and a date of birth, not in the future and before their 23rd birthday.
#[utoipa::path(
    put,
    path = "/api/v1/application/{applicationId}/children/{childId}",
    tag = "children",
    params(
        ApplicationPath,
        ("childId" = String, Path, description = "The child's id"),
    ),
    request_body(content = ChildDetails),
    responses(
        (status = OK, description = "The application with the child changed", body = ApplicationView),
        BodyCommandAnswers,
    )
)]
pub async fn edit_child(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    Path(ChildInPath { child_id }): Path<ChildInPath>,
    Body(details): Body<ChildDetails>,
) -> Result<Json<ApplicationView>, ApiError> {
    case.send(&state, EditChild { child_id, details }).await
}

/// Remove a child
///
/// Removes the child, and any payout share that named them, while the quote can be edited.
#[utoipa::path(
    delete,
    path = "/api/v1/application/{applicationId}/children/{childId}",
    tag = "children",
    params(
        ApplicationPath,
        ("childId" = String, Path, description = "The child's id"),
    ),
    responses(
        (status = OK, description = "The application without the child (and their payout shares)", body = ApplicationView),
        CommandAnswers,
    )
)]
pub async fn remove_child(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    Path(ChildInPath { child_id }): Path<ChildInPath>,
) -> Result<Json<ApplicationView>, ApiError> {
    case.send(&state, RemoveChild { child_id }).await
}

/// Whether the clients are expecting a child.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UnbornChildrenRequest {
    pub has_unborn_children: bool,
}

/// Say whether the clients are expecting a child
///
/// Sets the unborn-children flag while the quote can be edited. Adding a child clears it.
#[utoipa::path(
    post,
    path = "/api/v1/application/{applicationId}/hasUnbornChildren",
    tag = "children",
    params(ApplicationPath),
    request_body(content = UnbornChildrenRequest),
    responses(
        (status = OK, description = "The application with the flag set", body = ApplicationView),
        CommandAnswers, Unreadable,
    )
)]
pub async fn set_has_unborn_children(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    Body(request): Body<UnbornChildrenRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let command = SetHasUnbornChildren {
        has_unborn_children: request.has_unborn_children,
    };
    case.send(&state, command).await
}

/// The child a path names on its application.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChildInPath {
    child_id: String,
}
