//! Applications and their applicants (§7 "Application"). Reads come from the store; every
//! change is an Update on the application's workflow, which answers with the new application.

use crate::auth::AdviserCaller;
use crate::error::{ApiError, Problem};
use crate::extract::JsonObject;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use chrono::Utc;
use domain::applicant::ApplicantDetails;
use domain::dates::uk_date;
use domain::{
    AddApplicant, ApplicantId, ApplicantPatch, ApplicationId, ApplicationView, EditApplicant,
};
use serde::Deserialize;
use utoipa::IntoParams;
use workflows::Command;

/// Acting for another adviser (§1, §6).
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ActingFor {
    /// The adviser to act for; the caller must be allowed to act for them.
    pub adviser_id: Option<String>,
}

/// The application, if the caller may see it; otherwise "not found", as if it did not exist.
pub async fn visible_application(
    state: &AppState,
    me: &AdviserCaller,
    id: &str,
) -> Result<ApplicationId, ApiError> {
    let id = ApplicationId::parse(id).ok_or_else(|| ApiError::not_found("Application"))?;
    match state.store.application_owner(id).await? {
        Some(owner) if me.profile.may_act_for(&owner) => Ok(id),
        _ => Err(ApiError::not_found("Application")),
    }
}

/// The stored application (the read model), or "Application not found".
pub async fn stored_application(
    state: &AppState,
    id: ApplicationId,
) -> Result<domain::Application, ApiError> {
    state
        .store
        .find_application(id)
        .await?
        .ok_or_else(|| ApiError::not_found("Application"))
}

/// The application a client belongs to, if the caller may see it; otherwise "Applicant not
/// found", for calls that name a client without their application.
pub async fn visible_applicant(
    state: &AppState,
    me: &AdviserCaller,
    applicant_id: &ApplicantId,
) -> Result<ApplicationId, ApiError> {
    let not_found = || ApiError::not_found("Applicant");
    let id = state
        .store
        .application_of_applicant(applicant_id)
        .await?
        .ok_or_else(not_found)?;
    visible_application(state, me, &id.to_string())
        .await
        .map_err(|_| not_found())
}

fn view(application: &domain::Application) -> ApplicationView {
    application.view(uk_date(Utc::now()))
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/create",
    tag = "applications",
    params(ActingFor),
    responses(
        (status = CREATED, description = "The new, empty application", body = ApplicationView),
        (status = UNAUTHORIZED, description = "No valid access token", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "Signed in, but not set up as an adviser", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "An adviser the caller may not act for", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn create_application(
    State(state): State<AppState>,
    me: AdviserCaller,
    Query(acting): Query<ActingFor>,
) -> Result<(StatusCode, Json<ApplicationView>), ApiError> {
    let owner = me.acting_for(acting.adviser_id.as_deref())?;
    let firm_id = if owner == me.profile.id {
        me.profile.firm_id.clone()
    } else {
        state
            .store
            .find_adviser(&owner)
            .await?
            .and_then(|p| p.firm_id)
    };
    let now = Utc::now();
    let id = state.store.allocate_application_id(now).await?;
    let application = state.journeys.create(id, owner, firm_id, now).await?;
    Ok((StatusCode::CREATED, Json(view(&application))))
}

#[utoipa::path(
    get,
    path = "/api/v1/application/{applicationId}",
    tag = "applications",
    params(("applicationId" = i64, Path, description = "The application reference")),
    responses(
        (status = OK, description = "Success", body = ApplicationView),
        (status = UNAUTHORIZED, description = "No valid access token", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application, or not one the caller may see", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn get_application(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(application_id): Path<String>,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    Ok(Json(view(&stored_application(&state, id).await?)))
}

/// An applicant as sent to `AddApplicant` or a PATCH: only the fields being set. `null` or an
/// empty string clears a field.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // Documents the body; the handlers read it field by field for precise errors.
pub struct ApplicantInput {
    title: Option<domain::Title>,
    #[schema(max_length = 100)]
    first_name: Option<String>,
    #[schema(max_length = 100)]
    last_name: Option<String>,
    gender: Option<domain::Gender>,
    #[schema(format = Date, example = "1980-06-23")]
    date_of_birth: Option<String>,
    smoking: Option<domain::Smoking>,
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/{applicationId}/AddApplicant",
    tag = "applications",
    params(("applicationId" = i64, Path, description = "The application reference")),
    request_body(content = ApplicantInput, description = "The new client's details"),
    responses(
        (status = OK, description = "The application with the client added", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type or an unknown field", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "No valid access token", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application, or not one the caller may see", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The quote can no longer be edited", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A rule is broken (for example age or a third client)", body = Problem, content_type = "application/problem+json"),
        (status = SERVICE_UNAVAILABLE, description = "The change could not be confirmed in time; it may still be applied", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn add_applicant(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(application_id): Path<String>,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let details: ApplicantDetails = ApplicantPatch::from_json(&body)
        .map_err(bad_input)?
        .into_details();
    let applicant_id = ApplicantId::parse(&uuid::Uuid::new_v4().to_string())
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a UUID is a valid applicant id")))?;
    let command = Command::new(
        Utc::now(),
        AddApplicant {
            applicant_id,
            details,
        },
    );
    let application = state.journeys.add_applicant(id, command).await?;
    Ok(Json(view(&application)))
}

#[utoipa::path(
    patch,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}",
    tag = "applications",
    params(
        ("applicationId" = i64, Path, description = "The application reference"),
        ("applicantId" = String, Path, description = "The applicant's id"),
    ),
    request_body(content = ApplicantInput, description = "Only the fields to change"),
    responses(
        (status = OK, description = "The application with the change applied", body = ApplicationView),
        (status = BAD_REQUEST, description = "The request could not be read; errors name each field", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "No valid access token", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application, or Applicant not found", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The application is in a stage where this change is not allowed", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A rule is broken; errors name each field", body = Problem, content_type = "application/problem+json"),
        (status = SERVICE_UNAVAILABLE, description = "The change could not be confirmed in time; it may still be applied", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn edit_applicant(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path((application_id, applicant_id)): Path<(String, String)>,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let applicant_id =
        ApplicantId::parse(&applicant_id).ok_or_else(|| ApiError::not_found("Applicant"))?;
    let patch = ApplicantPatch::from_json(&body).map_err(bad_input)?;
    let command = Command::new(
        Utc::now(),
        EditApplicant {
            applicant_id,
            patch,
        },
    );
    let application = state.journeys.edit_applicant(id, command).await?;
    Ok(Json(view(&application)))
}

/// Fields of the wrong type or unknown to the API are a malformed request (400).
fn bad_input(rejection: domain::Rejection) -> ApiError {
    ApiError::BadRequest {
        detail: rejection.message,
        errors: rejection.errors,
    }
}
