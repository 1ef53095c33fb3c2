//! The quote stage's smaller calls (§7): removing a client and renaming one, children and the
//! unborn-children flag, candidate beneficiaries and payout shares, page statuses, the
//! unenriched application and unlocking the quote. Each change is one `command` Update.

use super::applications::{stored_application, visible_applicant, visible_application};
use crate::auth::AdviserCaller;
use crate::error::{ApiError, Problem};
use crate::extract::{JsonObject, read_fields};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use chrono::Utc;
use domain::application::{
    AddChild, AllocationInput, ApplicationCommand, BeneficiaryDetails, EditChild, RemoveAllocation,
    RemoveApplicant, RemoveChild, SaveAllocation, SaveBeneficiary,
};
use domain::children::ChildDetails;
use domain::dates::uk_date;
use domain::journey::Section;
use domain::{ApplicantId, ApplicantPatch, ApplicationId, ApplicationView, EditApplicant};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use workflows::{ApplicationWorkflow, Command};

pub(super) async fn send(
    state: &AppState,
    id: ApplicationId,
    command: ApplicationCommand,
) -> Result<Json<ApplicationView>, ApiError> {
    let application = state
        .journeys
        .update(
            id,
            ApplicationWorkflow::command,
            Command::new(Utc::now(), command),
        )
        .await?;
    Ok(Json(application.view(uk_date(Utc::now()))))
}

fn new_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

fn applicant(id: &str) -> Result<ApplicantId, ApiError> {
    ApplicantId::parse(id).ok_or_else(|| ApiError::not_found("Applicant"))
}

const REFUSALS: &str = "See the problem's errors";

#[utoipa::path(
    delete,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}",
    tag = "applications",
    params(
        ("applicationId" = i64, Path, description = "The application reference"),
        ("applicantId" = String, Path, description = "The applicant's id"),
    ),
    responses(
        (status = OK, description = "The application without the client; the other client takes the first slot (§4)", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application, or Applicant not found", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The quote can no longer be edited", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn remove_applicant(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path((application_id, applicant_id)): Path<(String, String)>,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let applicant_id = applicant(&applicant_id)?;
    send(
        &state,
        id,
        ApplicationCommand::RemoveApplicant(RemoveApplicant { applicant_id }),
    )
    .await
}

/// `PATCH /backendforfrontend/applicant/name`: the client's title and names only.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // Documents the body; the handler reads it field by field.
pub struct NameRequest {
    applicant_id: String,
    title: Option<domain::Title>,
    first_name: Option<String>,
    last_name: Option<String>,
}

#[utoipa::path(
    patch,
    path = "/api/v1/backendforfrontend/applicant/name",
    tag = "applications",
    request_body(content = NameRequest),
    responses(
        (status = OK, description = "The application with the name changed", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type, or a field other than the name", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "Applicant not found", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A name is too long", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn edit_applicant_name(
    State(state): State<AppState>,
    me: AdviserCaller,
    JsonObject(mut body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let applicant_id = match body.remove("applicantId") {
        Some(Value::String(id)) => applicant(&id)?,
        _ => {
            return Err(ApiError::BadRequest {
                detail: REFUSALS.into(),
                errors: vec![domain::FieldError::new(
                    "applicantId",
                    "applicantId is required",
                )],
            });
        }
    };
    if let Some(other) = body
        .keys()
        .find(|k| !["title", "firstName", "lastName"].contains(&k.as_str()))
    {
        return Err(ApiError::BadRequest {
            detail: REFUSALS.into(),
            errors: vec![domain::FieldError::new(
                other.clone(),
                "Only title, firstName and lastName can be changed here",
            )],
        });
    }
    let patch = ApplicantPatch::from_json(&body).map_err(|r| ApiError::BadRequest {
        detail: r.message,
        errors: r.errors,
    })?;
    let id = visible_applicant(&state, &me, &applicant_id).await?;
    let application = state
        .journeys
        .update(
            id,
            ApplicationWorkflow::edit_applicant,
            Command::new(
                Utc::now(),
                EditApplicant {
                    applicant_id,
                    patch,
                },
            ),
        )
        .await?;
    Ok(Json(application.view(uk_date(Utc::now()))))
}

#[utoipa::path(
    post,
    path = "/api/v1/application/{applicationId}/children",
    tag = "children",
    params(("applicationId" = i64, Path, description = "The application reference")),
    request_body(content = ChildDetails),
    responses(
        (status = OK, description = "The application with the child added (the unborn-children flag cleared, §4)", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A rule is broken (names, date of birth, age up to 23)", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn add_child(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(application_id): Path<String>,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let details: ChildDetails = read_fields(&body)?;
    send(
        &state,
        id,
        ApplicationCommand::AddChild(AddChild {
            child_id: new_id(),
            details,
        }),
    )
    .await
}

#[utoipa::path(
    put,
    path = "/api/v1/application/{applicationId}/children/{childId}",
    tag = "children",
    params(
        ("applicationId" = i64, Path, description = "The application reference"),
        ("childId" = String, Path, description = "The child's id"),
    ),
    request_body(content = ChildDetails),
    responses(
        (status = OK, description = "The application with the child changed", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application, or Child not found", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A rule is broken", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn edit_child(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path((application_id, child_id)): Path<(String, String)>,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let details: ChildDetails = read_fields(&body)?;
    send(
        &state,
        id,
        ApplicationCommand::EditChild(EditChild { child_id, details }),
    )
    .await
}

#[utoipa::path(
    delete,
    path = "/api/v1/application/{applicationId}/children/{childId}",
    tag = "children",
    params(
        ("applicationId" = i64, Path, description = "The application reference"),
        ("childId" = String, Path, description = "The child's id"),
    ),
    responses(
        (status = OK, description = "The application without the child (and their payout shares)", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application, or Child not found", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn remove_child(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path((application_id, child_id)): Path<(String, String)>,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    send(
        &state,
        id,
        ApplicationCommand::RemoveChild(RemoveChild { child_id }),
    )
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnbornChildrenRequest {
    has_unborn_children: bool,
}

#[utoipa::path(
    post,
    path = "/api/v1/application/{applicationId}/hasUnbornChildren",
    tag = "children",
    params(("applicationId" = i64, Path, description = "The application reference")),
    request_body(content = UnbornChildrenRequest),
    responses(
        (status = OK, description = "The application with the flag set", body = ApplicationView),
        (status = BAD_REQUEST, description = "hasUnbornChildren missing or not true/false", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn set_has_unborn_children(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(application_id): Path<String>,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let request: UnbornChildrenRequest = read_fields(&body)?;
    send(
        &state,
        id,
        ApplicationCommand::SetHasUnbornChildren {
            has_unborn_children: request.has_unborn_children,
        },
    )
    .await
}

#[utoipa::path(
    post,
    path = "/api/v1/application/{applicationId}/candidateBeneficiaries",
    tag = "beneficiaries",
    params(("applicationId" = i64, Path, description = "The application reference")),
    request_body(content = BeneficiaryDetails),
    responses(
        (status = OK, description = "The application with the beneficiary added", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "Names missing or too long, or a date of birth in the future", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn add_beneficiary(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(application_id): Path<String>,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let details: BeneficiaryDetails = read_fields(&body)?;
    let command = SaveBeneficiary {
        beneficiary_id: new_id(),
        details,
    };
    send(&state, id, ApplicationCommand::AddBeneficiary(command)).await
}

#[utoipa::path(
    put,
    path = "/api/v1/application/{applicationId}/candidateBeneficiary/{beneficiaryId}",
    tag = "beneficiaries",
    params(
        ("applicationId" = i64, Path, description = "The application reference"),
        ("beneficiaryId" = String, Path, description = "The beneficiary's id"),
    ),
    request_body(content = BeneficiaryDetails),
    responses(
        (status = OK, description = "The application with the beneficiary changed (and their shares renamed)", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application, or Beneficiary not found", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A rule is broken", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn edit_beneficiary(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path((application_id, beneficiary_id)): Path<(String, String)>,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let details: BeneficiaryDetails = read_fields(&body)?;
    let command = SaveBeneficiary {
        beneficiary_id,
        details,
    };
    send(&state, id, ApplicationCommand::EditBeneficiary(command)).await
}

#[utoipa::path(
    post,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}/cover/{coverId}/benefit-allocations",
    tag = "beneficiaries",
    params(
        ("applicationId" = i64, Path, description = "The application reference"),
        ("applicantId" = String, Path, description = "The applicant's id"),
        ("coverId" = String, Path, description = "The cover's id"),
    ),
    request_body(content = AllocationInput),
    responses(
        (status = OK, description = "The application with the share added", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "Applicant, Cover or Beneficiary not found", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A ninth share, a zero share, or shares above 100%", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn add_allocation(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path((application_id, applicant_id, cover_id)): Path<(String, String, String)>,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let command = SaveAllocation {
        applicant_id: applicant(&applicant_id)?,
        cover_id,
        allocation_id: new_id(),
        allocation: read_fields(&body)?,
    };
    send(&state, id, ApplicationCommand::AddAllocation(command)).await
}

#[utoipa::path(
    put,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}/cover/{coverId}/benefit-allocations/{allocationId}",
    tag = "beneficiaries",
    params(
        ("applicationId" = i64, Path, description = "The application reference"),
        ("applicantId" = String, Path, description = "The applicant's id"),
        ("coverId" = String, Path, description = "The cover's id"),
        ("allocationId" = String, Path, description = "The share's id"),
    ),
    request_body(content = AllocationInput),
    responses(
        (status = OK, description = "The application with the share changed", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "Applicant, Cover or Beneficiary not found", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A zero share, or shares above 100%", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn edit_allocation(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path((application_id, applicant_id, cover_id, allocation_id)): Path<(
        String,
        String,
        String,
        String,
    )>,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let command = SaveAllocation {
        applicant_id: applicant(&applicant_id)?,
        cover_id,
        allocation_id,
        allocation: read_fields(&body)?,
    };
    send(&state, id, ApplicationCommand::EditAllocation(command)).await
}

#[utoipa::path(
    delete,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}/cover/{coverId}/benefit-allocations/{allocationId}",
    tag = "beneficiaries",
    params(
        ("applicationId" = i64, Path, description = "The application reference"),
        ("applicantId" = String, Path, description = "The applicant's id"),
        ("coverId" = String, Path, description = "The cover's id"),
        ("allocationId" = String, Path, description = "The share's id"),
    ),
    responses(
        (status = OK, description = "The application without the share", body = ApplicationView),
        (status = NOT_FOUND, description = "Applicant, Cover or Beneficiary not found", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn remove_allocation(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path((application_id, applicant_id, cover_id, allocation_id)): Path<(
        String,
        String,
        String,
        String,
    )>,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let command = RemoveAllocation {
        applicant_id: applicant(&applicant_id)?,
        cover_id,
        allocation_id,
    };
    send(&state, id, ApplicationCommand::RemoveAllocation(command)).await
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/unlockquoteedit/{applicationId}",
    tag = "applications",
    params(("applicationId" = i64, Path, description = "The application reference")),
    responses(
        (status = OK, description = "The application with quote editing unlocked", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn unlock_quote_edit(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(application_id): Path<String>,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    send(&state, id, ApplicationCommand::UnlockQuoteEdit).await
}

/// `GET /backendforfrontend/statuses/{id}`: the page statuses that drive the tabs.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Statuses {
    pub status: domain::application::ApplicationStage,
    pub is_quote_editable: bool,
    pub sections: Vec<Section>,
    pub tabs_complete: bool,
}

#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/statuses/{applicationId}",
    tag = "applications",
    params(("applicationId" = i64, Path, description = "The application reference")),
    responses(
        (status = OK, description = "Stage and page statuses (§2)", body = Statuses),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn statuses(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(application_id): Path<String>,
) -> Result<Json<Statuses>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let application = stored_application(&state, id).await?;
    let view = application.view(uk_date(Utc::now()));
    Ok(Json(Statuses {
        status: view.status,
        is_quote_editable: view.is_quote_editable,
        sections: view.sections,
        tabs_complete: view.tabs_complete,
    }))
}

/// `GET /application/{id}/unenriched`: the application as stored, without what is derived on
/// reading; each applicant carries its `policyReference` once a policy exists (§3).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Unenriched {
    pub id: ApplicationId,
    pub status: domain::application::ApplicationStage,
    pub applicants: Vec<UnenrichedApplicant>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnenrichedApplicant {
    pub id: ApplicantId,
    /// The policy number once the policy is set up; none before.
    pub policy_reference: Option<String>,
}

#[utoipa::path(
    get,
    path = "/api/v1/application/{applicationId}/unenriched",
    tag = "applications",
    params(("applicationId" = i64, Path, description = "The application reference")),
    responses(
        (status = OK, description = "The stored application's applicants and policy references", body = Unenriched),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn unenriched(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(application_id): Path<String>,
) -> Result<Json<Unenriched>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let application = stored_application(&state, id).await?;
    Ok(Json(Unenriched {
        id: application.id,
        status: application.status,
        applicants: application
            .applicants
            .iter()
            .map(|a| UnenrichedApplicant {
                id: a.id.clone(),
                policy_reference: None,
            })
            .collect(),
    }))
}
