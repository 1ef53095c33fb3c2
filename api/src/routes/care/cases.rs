//! Customer care reads any firm's cases (issue 35): the dashboard's two searches over every
//! firm, a case with its adviser, firm and documents, a document's download, and a client's
//! health answers, shown only through an explicit call that records the read. Nothing here
//! changes a case. Both `cca` and `ccaadmin` may read (decision CC1); the reads of health
//! answers are listed with every other data read, for `ccaadmin` only (`audit.rs`).

use super::advisers::CareAdviserSummary;
use crate::audit::{NotRecorded, Reader};
use crate::auth::CareCaller;
use crate::case::{ApplicantPath, ApplicationPath, InPath, view};
use crate::error::CareSignInProblems;
use crate::error::{ApiError, BadParameter, NotFound};
use crate::query::InQuery;
use crate::routes::documents::PdfDocument;
use crate::routes::policies::PolicySearchParams;
use crate::routes::search::{SearchParams, read_search_in};
use crate::routes::underwriter::is_evidence_document;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::response::Response;
use chrono::{DateTime, Utc};
use domain::dashboard::{ApplicationSearchResults, PolicySearchResults};
use domain::dates::uk_date;
use domain::policy::PolicyStatus;
use domain::underwriting::Enquiry;
use domain::{AdviserId, ApplicantId, ApplicationId, ApplicationStage, ApplicationView};
use serde::Serialize;
use store::{DocumentListing, SearchScope};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(care_search_applications))
        .routes(routes!(care_search_policies))
        .routes(routes!(care_case))
        .routes(routes!(care_document))
        .routes(routes!(care_health_answers))
}

/// Customer care's search scope: every firm, or the one adviser `adviserId` names.
fn every_firm(adviser_id: Option<&str>) -> Result<SearchScope, ApiError> {
    match adviser_id.map(str::trim).filter(|a| !a.is_empty()) {
        None => Ok(SearchScope::EveryFirm),
        Some(text) => AdviserId::parse(text)
            .map(|id| SearchScope::Advisers(vec![id]))
            .ok_or_else(|| ApiError::bad_field("adviserId", "This is not an adviser's id")),
    }
}

/// Search any firm's applications
///
/// Every firm's applications at any stage, in force included (or one adviser's with
/// `adviserId`; `stage` narrows to the stages named): a page of 10, most recently changed first.
/// A caller names their case whatever its stage, so unlike the adviser's In Progress tab nothing
/// is left out by default. Customer care (`cca`, `ccaadmin`).
#[utoipa::path(
    get,
    path = "/api/v1/care/applications",
    tag = "customer care",
    params(SearchParams),
    responses(
        (status = OK, description = "A page of applications, most recently changed first", body = ApplicationSearchResults),
        BadParameter, CareSignInProblems,
    )
)]
pub async fn care_search_applications(
    State(state): State<AppState>,
    me: CareCaller,
    InQuery(params): InQuery<SearchParams>,
) -> Result<Json<ApplicationSearchResults>, ApiError> {
    let mut query = read_search_in::<ApplicationStage>(params, every_firm)?;
    if query.filters.is_empty() {
        query.filters = ApplicationStage::ALL.to_vec();
    }
    let reader = me.caller.subject.to_string();
    Ok(Json(
        state.store.search_applications(&query, &reader).await?,
    ))
}

/// Search any firm's policies
///
/// The dashboard's Policyholders search over every firm's policies (or one adviser's with
/// `adviserId`): a page of 10, most recently issued first. Customer care (`cca`, `ccaadmin`).
#[utoipa::path(
    get,
    path = "/api/v1/care/policies",
    tag = "customer care",
    params(PolicySearchParams),
    responses(
        (status = OK, description = "A page of policyholders, most recently issued first", body = PolicySearchResults),
        BadParameter, CareSignInProblems,
    )
)]
pub async fn care_search_policies(
    State(state): State<AppState>,
    _me: CareCaller,
    InQuery(params): InQuery<PolicySearchParams>,
) -> Result<Json<PolicySearchResults>, ApiError> {
    let query = read_search_in::<PolicyStatus>(params.into(), every_firm)?;
    Ok(Json(state.store.search_policies(&query).await?))
}

/// A document of a case customer care may download: not medical evidence, and not a client's
/// answers document (health answers are read only through the recorded call).
fn is_care_readable(kind: &str) -> bool {
    !is_evidence_document(kind) && !kind.starts_with("applicationanswers")
}

/// A stored document of a case.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CareDocument {
    pub id: String,
    /// What it is: `quote`, `keyfacts`, `terms`, a policy schedule ...
    pub kind: String,
    pub file_name: String,
    /// The application version it was made at.
    pub application_version: u64,
    pub created_at: DateTime<Utc>,
    /// Where to download it.
    pub uri: String,
}

impl From<DocumentListing> for CareDocument {
    fn from(d: DocumentListing) -> Self {
        Self {
            uri: format!("/api/v1/care/documents/{}/{}", d.id, d.file_name),
            id: d.id,
            kind: d.kind,
            file_name: d.file_name,
            application_version: d.application_version,
            created_at: d.created_at,
        }
    }
}

/// A case as customer care reads it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CareCase {
    /// The application as its adviser sees it (health answers are not part of it).
    pub application: ApplicationView,
    /// Its adviser, with firm and location; none when no longer registered.
    pub adviser: Option<CareAdviserSummary>,
    /// The documents stored for it, newest first (no medical evidence or answers documents).
    pub documents: Vec<CareDocument>,
}

/// Read a case
///
/// Any firm's application as its adviser sees it, with the adviser, their firm and the case's
/// stored documents. Read only. Customer care (`cca`, `ccaadmin`).
#[utoipa::path(
    get,
    path = "/api/v1/care/applications/{applicationId}",
    tag = "customer care",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The case with its adviser and documents", body = CareCase),
        NotFound, CareSignInProblems,
    )
)]
pub async fn care_case(
    State(state): State<AppState>,
    _me: CareCaller,
    InPath(id): InPath<ApplicationId>,
) -> Result<Json<CareCase>, ApiError> {
    let application = state
        .store
        .find_application(id)
        .await?
        .ok_or_else(|| ApiError::not_found("Application"))?;
    let (adviser, documents) = tokio::try_join!(
        state.store.care_adviser(&application.adviser_id),
        state.store.application_documents(id),
    )?;
    Ok(Json(CareCase {
        application: view(&application),
        adviser: adviser.map(|a| a.adviser.into()),
        documents: documents
            .into_iter()
            .filter(|d| is_care_readable(&d.kind))
            .map(Into::into)
            .collect(),
    }))
}

/// Download a case's document
///
/// A document at a link the case gave (`uri`), named in `content-disposition`. Medical evidence
/// and answers documents are not served here. Customer care (`cca`, `ccaadmin`).
#[utoipa::path(
    get,
    path = "/api/v1/care/documents/{documentId}/{fileName}",
    tag = "customer care",
    params(
        ("documentId" = String, Path, description = "The document's id"),
        ("fileName" = String, Path, description = "The document's file name"),
    ),
    responses(
        (status = OK, description = "The document, named in content-disposition; this read is recorded", content_type = "application/pdf", body = PdfDocument),
        NotFound, CareSignInProblems, NotRecorded,
    )
)]
pub async fn care_document(
    State(state): State<AppState>,
    reader: Reader,
    _me: CareCaller,
    Path((document_id, file_name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let stored = state
        .store
        .find_document(&document_id)
        .await?
        .filter(|d| d.file_name == file_name && is_care_readable(&d.kind))
        .ok_or_else(|| ApiError::not_found("Document"))?;
    reader.document(&state, stored, None).await
}

/// Read a client's health answers
///
/// The client's underwriting enquiry with their answers, as last saved. Health answers are
/// special-category data: each call is recorded (who, role, when, which case and client) before
/// the answers are shown, and a customer care administrator lists the records with every other
/// data read (`GET /api/v1/care/audit/reads`). Changes
/// nothing on the case. Customer care (`cca`, `ccaadmin`).
#[utoipa::path(
    post,
    path = "/api/v1/care/applications/{applicationId}/applicants/{applicantId}/health-answers",
    tag = "customer care",
    params(ApplicantPath),
    responses(
        (status = OK, description = "The client's enquiry with their answers; this read is recorded", body = Enquiry),
        NotFound, CareSignInProblems, NotRecorded,
    )
)]
pub async fn care_health_answers(
    State(state): State<AppState>,
    reader: Reader,
    _me: CareCaller,
    InPath(application_id): InPath<ApplicationId>,
    InPath(applicant_id): InPath<ApplicantId>,
) -> Result<Json<Enquiry>, ApiError> {
    let application = state
        .store
        .find_application(application_id)
        .await?
        .ok_or_else(|| ApiError::not_found("Application"))?;
    if !application.applicants.iter().any(|a| a.id == applicant_id) {
        return Err(ApiError::not_found("Applicant"));
    }
    let enquiry = state
        .store
        .find_enquiry(&applicant_id)
        .await?
        .ok_or_else(|| ApiError::not_found("Enquiry"))?;
    // Recorded before it is shown: an answer never leaves without its record.
    reader
        .health_answers(&state, Some(application_id), Some(&applicant_id))
        .await?;
    Ok(Json(enquiry.view(uk_date(Utc::now()))))
}
