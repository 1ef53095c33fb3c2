//! Candidate beneficiaries and the payout shares of the payout planner (§3 "Beneficiary",
//! §5 "Children and beneficiaries", §7 "Beneficiaries").

use crate::body::Body;
use crate::case::{ApplicantInPath, ApplicantPath, ApplicationPath, CaseInPath};
use crate::error::{ApiError, Invalid, NotFound, SignInProblems, Unconfirmed, Unreadable};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use domain::ApplicationView;
use domain::application::{
    AddAllocation, AddBeneficiary, AllocationInput, BeneficiaryDetails, EditAllocation,
    EditBeneficiary, RemoveAllocation, SaveAllocation, SaveBeneficiary,
};
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(add_beneficiary))
        .routes(routes!(edit_beneficiary))
        .routes(routes!(add_allocation))
        .routes(routes!(edit_allocation, remove_allocation))
}

#[utoipa::path(
    post,
    path = "/api/v1/application/{applicationId}/candidateBeneficiaries",
    tag = "beneficiaries",
    params(ApplicationPath),
    request_body(content = BeneficiaryDetails),
    responses(
        (status = OK, description = "The application with the beneficiary added", body = ApplicationView),
        NotFound,
        Invalid,
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn add_beneficiary(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    Body(details): Body<BeneficiaryDetails>,
) -> Result<Json<ApplicationView>, ApiError> {
    let command = AddBeneficiary(SaveBeneficiary {
        beneficiary_id: super::new_id(),
        details,
    });
    case.send(&state, command).await
}

#[utoipa::path(
    put,
    path = "/api/v1/application/{applicationId}/candidateBeneficiary/{beneficiaryId}",
    tag = "beneficiaries",
    params(
        ApplicationPath,
        ("beneficiaryId" = String, Path, description = "The beneficiary's id"),
    ),
    request_body(content = BeneficiaryDetails),
    responses(
        (status = OK, description = "The application with the beneficiary changed (and their shares renamed)", body = ApplicationView),
        NotFound,
        Invalid,
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn edit_beneficiary(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    Path((_application_id, beneficiary_id)): Path<(String, String)>,
    Body(details): Body<BeneficiaryDetails>,
) -> Result<Json<ApplicationView>, ApiError> {
    let command = EditBeneficiary(SaveBeneficiary {
        beneficiary_id,
        details,
    });
    case.send(&state, command).await
}

#[utoipa::path(
    post,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}/cover/{coverId}/benefit-allocations",
    tag = "beneficiaries",
    params(
        ApplicantPath,
        ("coverId" = String, Path, description = "The cover's id"),
    ),
    request_body(content = AllocationInput),
    responses(
        (status = OK, description = "The application with the share added", body = ApplicationView),
        NotFound,
        Invalid,
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn add_allocation(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    ApplicantInPath(applicant_id): ApplicantInPath,
    Path(CoverInPath { cover_id }): Path<CoverInPath>,
    Body(allocation): Body<AllocationInput>,
) -> Result<Json<ApplicationView>, ApiError> {
    let command = AddAllocation(SaveAllocation {
        applicant_id,
        cover_id,
        allocation_id: super::new_id(),
        allocation,
    });
    case.send(&state, command).await
}

#[utoipa::path(
    put,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}/cover/{coverId}/benefit-allocations/{allocationId}",
    tag = "beneficiaries",
    params(
        ApplicantPath,
        ("coverId" = String, Path, description = "The cover's id"),
        ("allocationId" = String, Path, description = "The share's id"),
    ),
    request_body(content = AllocationInput),
    responses(
        (status = OK, description = "The application with the share changed", body = ApplicationView),
        NotFound,
        Invalid,
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn edit_allocation(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    ApplicantInPath(applicant_id): ApplicantInPath,
    Path(AllocationInPath {
        cover_id,
        allocation_id,
    }): Path<AllocationInPath>,
    Body(allocation): Body<AllocationInput>,
) -> Result<Json<ApplicationView>, ApiError> {
    let command = EditAllocation(SaveAllocation {
        applicant_id,
        cover_id,
        allocation_id,
        allocation,
    });
    case.send(&state, command).await
}

#[utoipa::path(
    delete,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}/cover/{coverId}/benefit-allocations/{allocationId}",
    tag = "beneficiaries",
    params(
        ApplicantPath,
        ("coverId" = String, Path, description = "The cover's id"),
        ("allocationId" = String, Path, description = "The share's id"),
    ),
    responses(
        (status = OK, description = "The application without the share", body = ApplicationView),
        NotFound,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn remove_allocation(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    ApplicantInPath(applicant_id): ApplicantInPath,
    Path(AllocationInPath {
        cover_id,
        allocation_id,
    }): Path<AllocationInPath>,
) -> Result<Json<ApplicationView>, ApiError> {
    let command = RemoveAllocation {
        applicant_id,
        cover_id,
        allocation_id,
    };
    case.send(&state, command).await
}

/// The cover a path names (the client is [`ApplicantInPath`]).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CoverInPath {
    cover_id: String,
}

/// The cover and the share a path names.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AllocationInPath {
    cover_id: String,
    allocation_id: String,
}
