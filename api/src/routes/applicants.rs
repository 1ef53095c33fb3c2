//! The clients on an application (§7 "Application"): adding one, changing their details
//! (`POST` or `PATCH` on the applicant, or just the name), and removing one.

use crate::auth::AdviserCaller;
use crate::body::Body;
use crate::case::{ApplicantPath, ApplicationPath, Case, CaseInPath, InPath};
use crate::error::ApiError;
use crate::error::{BodyCommandAnswers, CommandAnswers};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use domain::application::RemoveApplicant;
use domain::{
    AddApplicant, ApplicantId, ApplicantPatch, ApplicationId, ApplicationView, EditApplicant,
    Patch, Title,
};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(add_applicant))
        .routes(routes!(save_applicant, edit_applicant, remove_applicant))
        .routes(routes!(edit_applicant_name))
}

/// The application and the new client's details.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AddApplicantRequest {
    /// The application reference; must be the application in the path.
    pub application_id: ApplicationId,
    /// The new client. A quote needs only gender and date of birth; title, first name and last name
    /// are needed before applying.
    pub applicant: ApplicantPatch,
}

/// Add a client to an application
///
/// Adds a client while the quote can be edited (Create Quote or Quote stage, not locked by
/// applying). A quote needs only gender and date of birth; the client must be 18 to 64 on the
/// quote's age date, and an application holds at most 2 clients. Adding a client withdraws the
/// price until the quote is priced again; refusals name the field, as `applicant.dateOfBirth`.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/{applicationId}/AddApplicant",
    tag = "applications",
    params(ApplicationPath),
    request_body(content = AddApplicantRequest, description = "The application and the new client's details"),
    responses(
        (status = OK, description = "The application with the client added", body = ApplicationView),
        BodyCommandAnswers,
    )
)]
pub async fn add_applicant(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    Body(request): Body<AddApplicantRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    same_application(&case, request.application_id, "applicationId")?;
    let command = AddApplicant {
        applicant_id: new_applicant_id(),
        details: request.applicant.into_details(),
        indication: None,
    };
    case.send(&state, command).await.map_err(within_applicant)
}

/// The client's fields a refusal names, as they are named in the `AddApplicant` body.
const APPLICANT_FIELDS: [&str; 6] = [
    "title",
    "firstName",
    "lastName",
    "gender",
    "dateOfBirth",
    "smoking",
];

// §5: server field errors map to the attempted field.
/// Names a refused client's field where it was sent: `applicant.dateOfBirth`.
fn within_applicant(error: ApiError) -> ApiError {
    match error {
        ApiError::Rejected(mut rejection) => {
            for error in &mut rejection.errors {
                if APPLICANT_FIELDS.contains(&error.field.as_str()) {
                    error.field = format!("applicant.{}", error.field);
                }
            }
            ApiError::Rejected(rejection)
        }
        other => other,
    }
}

/// A body's application reference must be the one the path names.
pub fn same_application(case: &Case, given: ApplicationId, field: &str) -> Result<(), ApiError> {
    if given == case.id {
        Ok(())
    } else {
        Err(ApiError::bad_field(
            field,
            &format!("{field} must be the application in the path"),
        ))
    }
}

/// Applicant ids are the insurer's, globally unique (several calls name a client without their
/// application), so a new client's id is chosen here, never by the caller.
fn new_applicant_id() -> ApplicantId {
    ApplicantId::parse(&uuid::Uuid::new_v4().to_string()).unwrap_or_else(|| {
        unreachable!("a UUID is letters, digits and hyphens, 36 characters long")
    })
}

async fn edit(
    state: &AppState,
    case: &Case,
    applicant_id: ApplicantId,
    patch: ApplicantPatch,
) -> Result<Json<ApplicationView>, ApiError> {
    let command = EditApplicant {
        applicant_id,
        patch,
    };
    case.send(state, command).await
}

/// Change a client's details
///
/// The same as `PATCH` on this path: only the fields sent change, and null clears one. Allowed
/// while the quote can be edited; the details must still allow a quote (gender, a date of birth
/// giving an age of 18 to 64, names of at most 100 characters). Changing gender, date of birth or
/// smoking withdraws the price until the quote is priced again.
#[utoipa::path(
    post,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}",
    tag = "applications",
    params(ApplicantPath),
    request_body(content = ApplicantPatch, description = "The fields to change (POST and PATCH both take only the fields that change)"),
    responses(
        (status = OK, description = "The application with the change applied", body = ApplicationView),
        BodyCommandAnswers,
    )
)]
pub async fn save_applicant(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    InPath(applicant_id): InPath<ApplicantId>,
    Body(patch): Body<ApplicantPatch>,
) -> Result<Json<ApplicationView>, ApiError> {
    edit(&state, &case, applicant_id, patch).await
}

/// Change some of a client's details
///
/// Only the fields sent change; null (or blank text) clears one. Allowed while the quote can be
/// edited (Create Quote or Quote stage, not locked by applying); the details must still allow a
/// quote: gender, a date of birth giving an age of 18 to 64, names of at most 100 characters.
/// Changing gender, date of birth or smoking withdraws the price until the quote is priced again.
#[utoipa::path(
    patch,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}",
    tag = "applications",
    params(ApplicantPath),
    request_body(content = ApplicantPatch, description = "Only the fields to change"),
    responses(
        (status = OK, description = "The application with the change applied", body = ApplicationView),
        BodyCommandAnswers,
    )
)]
pub async fn edit_applicant(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    InPath(applicant_id): InPath<ApplicantId>,
    Body(patch): Body<ApplicantPatch>,
) -> Result<Json<ApplicationView>, ApiError> {
    edit(&state, &case, applicant_id, patch).await
}

/// Remove a client from an application
///
/// Allowed while the quote can be edited. When the first client is removed the second takes the
/// first slot, with their covers, contact details and declarations; the remaining client no longer
/// shares the removed client's address, and the price is withdrawn until the quote is priced again.
#[utoipa::path(
    delete,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}",
    tag = "applications",
    params(ApplicantPath),
    responses(
        (status = OK, description = "The application without the client; the other client takes the first slot", body = ApplicationView),
        CommandAnswers,
    )
)]
pub async fn remove_applicant(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    InPath(applicant_id): InPath<ApplicantId>,
) -> Result<Json<ApplicationView>, ApiError> {
    let command = RemoveApplicant { applicant_id };
    case.send(&state, command).await
}

/// The body of `PATCH /backendforfrontend/applicant/name`: the client and their title and
/// names; only the fields present change.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NameRequest {
    pub applicant_id: ApplicantId,
    #[serde(default)]
    #[schema(value_type = Option<Title>)]
    pub title: Patch<Title>,
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 100)]
    pub first_name: Patch<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 100)]
    pub last_name: Patch<String>,
}

/// Change a client's title and names
///
/// Changes only the title, first name and last name sent (null clears one), for a client named by
/// their id alone. Allowed while the quote can be edited; a name is at most 100 characters.
#[utoipa::path(
    patch,
    path = "/api/v1/backendforfrontend/applicant/name",
    tag = "applications",
    request_body(content = NameRequest),
    responses(
        (status = OK, description = "The application with the name changed", body = ApplicationView),
        BodyCommandAnswers,
    )
)]
pub async fn edit_applicant_name(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<NameRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let case = Case::of_applicant(&state, &me, &request.applicant_id).await?;
    let command = EditApplicant {
        applicant_id: request.applicant_id,
        patch: ApplicantPatch {
            title: request.title,
            first_name: request.first_name,
            last_name: request.last_name,
            ..ApplicantPatch::default()
        },
    };
    case.send(&state, command).await
}
