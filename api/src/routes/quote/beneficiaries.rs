//! Candidate beneficiaries and the payout shares of the payout planner (§3 "Beneficiary",
//! §5 "Children and beneficiaries", §7 "Beneficiaries").

use crate::body::Body;
use crate::case::{ApplicantPath, ApplicationPath, CaseInPath, InPath};
use crate::error::ApiError;
use crate::error::{BodyCommandAnswers, CommandAnswers};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use domain::application::{
    AddAllocation, AddBeneficiary, AllocationInput, BeneficiaryDetails, EditAllocation,
    EditBeneficiary, RemoveAllocation, SaveAllocation, SaveBeneficiary,
};
use domain::{AllocationId, ApplicantId, ApplicationView, BeneficiaryId, CoverId};
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

/// Add a beneficiary
///
/// Adds someone who may receive a share of a cover's payout, while the quote can be edited. A
/// beneficiary needs a first and last name (each at most 100 characters); a date of birth may not
/// be in the future and a relationship is at most 50 characters.
#[utoipa::path(
    post,
    path = "/api/v1/application/{applicationId}/candidateBeneficiaries",
    tag = "beneficiaries",
    params(ApplicationPath),
    request_body(content = BeneficiaryDetails),
    responses(
        (status = OK, description = "The application with the beneficiary added", body = ApplicationView),
        BodyCommandAnswers,
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

/// Change a beneficiary
///
/// Replaces the beneficiary's details under the same rules as adding one, while the quote can be
/// edited; the payout shares that name them take the new name.
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
        BodyCommandAnswers,
    )
)]
pub async fn edit_beneficiary(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    Path(BeneficiaryInPath { beneficiary_id }): Path<BeneficiaryInPath>,
    Body(details): Body<BeneficiaryDetails>,
) -> Result<Json<ApplicationView>, ApiError> {
    let command = EditBeneficiary(SaveBeneficiary {
        beneficiary_id,
        details,
    });
    case.send(&state, command).await
}

/// Give someone a share of a cover's payout
///
/// Adds a payout-planner share to the cover, while the quote can be edited. The share names a
/// child, the other client or a beneficiary already on the application (`type` and `referenceId`);
/// a client cannot receive their own cover's payout. A cover has at most 8 shares, each above 0%,
/// and they may never add up to more than 100%.
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
        BodyCommandAnswers,
    )
)]
pub async fn add_allocation(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    InPath(applicant_id): InPath<ApplicantId>,
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

/// Change a share of a cover's payout
///
/// Changes who receives the share or its percentage, under the same rules as adding one, while the
/// quote can be edited: above 0%, and the cover's shares together no more than 100%.
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
        BodyCommandAnswers,
    )
)]
pub async fn edit_allocation(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    InPath(applicant_id): InPath<ApplicantId>,
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

/// Remove a share of a cover's payout
///
/// Removes the share from the cover while the quote can be edited.
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
        CommandAnswers,
    )
)]
pub async fn remove_allocation(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    InPath(applicant_id): InPath<ApplicantId>,
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

/// The cover a path names (the client is [`InPath`]`<ApplicantId>`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CoverInPath {
    cover_id: CoverId,
}

/// The cover and the share a path names.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AllocationInPath {
    cover_id: CoverId,
    allocation_id: AllocationId,
}

/// The beneficiary a path names on its application.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BeneficiaryInPath {
    beneficiary_id: BeneficiaryId,
}
