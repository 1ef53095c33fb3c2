//! What underwriting leaves on record: each client's answers as a PDF (§7 `applicationanswers`,
//! `createLatestApplicantAnswersDocument`) and the underwriter's updates on the case (§7
//! `underwritingupdates`).

use crate::audit::{NotRecorded, Reader};
use crate::auth::AdviserCaller;
use crate::body::Body;
use crate::case::{ApplicantPath, ApplicationPath, Case, CaseInPath, InPath};
use crate::error::ReadAnswers;
use crate::error::{ApiError, Unreadable};
use crate::routes::documents::PdfDocument;
use crate::routes::documents::{DocumentLink, stored_or_rendered};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::response::Response;
use chrono::Utc;
use domain::application::UnderwritingUpdate;
use domain::dates::uk_date;
use domain::{ApplicantId, ApplicationId};
use serde::{Deserialize, Serialize};
use store::StoredDocument;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(answers_document))
        .routes(routes!(create_latest_answers_document))
        .routes(routes!(underwriting_updates))
}

/// The client's answers document for the enquiry's current version, rendered and stored the
/// first time it is asked for (so a copy once sent never changes).
pub(crate) async fn latest_answers(
    state: &AppState,
    application: &domain::Application,
    applicant_id: &ApplicantId,
) -> Result<StoredDocument, ApiError> {
    let (index, _) = application
        .applicants
        .iter()
        .enumerate()
        .find(|(_, a)| &a.id == applicant_id)
        .ok_or_else(|| ApiError::not_found("Applicant"))?;
    let enquiry = super::enquiry::stored_enquiry(state, applicant_id)
        .await?
        .ok_or_else(|| ApiError::not_found("Enquiry"))?;
    let kind = format!("applicationanswers:{applicant_id}");
    let client = match application.applicants[index].full_name() {
        name if name.is_empty() => format!("Client {}", index + 1),
        name => name,
    };
    stored_or_rendered(state, application.id, &kind, enquiry.version, || {
        Ok(activities::answers_document(
            application.id,
            &client,
            &enquiry,
            uk_date(Utc::now()),
        ))
    })
    .await
}

/// Download a client's interview answers
///
/// The client's underwriting answers as a PDF, for the enquiry as it now stands. The document is
/// kept the first time it is made, so the same answers always give the same copy.
#[utoipa::path(
    get,
    path = "/api/v1/document/interview/{applicationId}/{applicantId}/applicationanswers",
    tag = "underwriting",
    params(ApplicantPath),
    responses(
        (status = OK, description = "The client's interview answers as a PDF, named in content-disposition; this read is recorded", content_type = "application/pdf", body = PdfDocument),
        ReadAnswers, NotRecorded,
    )
)]
pub async fn answers_document(
    State(state): State<AppState>,
    reader: Reader,
    CaseInPath(case): CaseInPath,
    InPath(applicant_id): InPath<ApplicantId>,
) -> Result<Response, ApiError> {
    let application = case.application(&state).await?;
    let stored = latest_answers(&state, &application, &applicant_id).await?;
    reader.document(&state, stored, Some(&applicant_id)).await
}

/// The client whose latest answers document to make, and their application.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AnswersDocumentRequest {
    pub application_id: ApplicationId,
    pub applicant_id: ApplicantId,
}

/// Make the document of a client's latest answers
///
/// Makes (or finds) the PDF of the client's underwriting answers as they now stand and answers with
/// where to download it.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/createLatestApplicantAnswersDocument",
    tag = "underwriting",
    request_body(content = AnswersDocumentRequest),
    responses(
        (status = OK, description = "Where the answers document for the client's latest answers is", body = DocumentLink),
        ReadAnswers, Unreadable,
    )
)]
pub async fn create_latest_answers_document(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<AnswersDocumentRequest>,
) -> Result<Json<DocumentLink>, ApiError> {
    let case = Case::find(&state, &me, request.application_id).await?;
    let application = case.application(&state).await?;
    let stored = latest_answers(&state, &application, &request.applicant_id).await?;
    Ok(Json(DocumentLink {
        uri: format!("/api/v1/document/{}/{}", stored.id, stored.file_name),
    }))
}

/// The underwriting updates on a case.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnderwritingUpdates {
    pub updates: Vec<UnderwritingUpdate>,
}

/// Read the underwriting updates on an application
///
/// What the adviser is told while an underwriter has the case, oldest first: the underwriter's own
/// updates, and one for each evidence request, chase, receipt and decision. Reading them marks them
/// read for the caller, so the dashboard stops flagging a new update.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/underwritingupdates/{applicationId}",
    tag = "underwriting",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The underwriting updates (date, time, update), oldest first: the underwriter's own, and one for each evidence request, chase, receipt and decision; empty until the case is referred. Reading them marks them read for the caller, so the dashboard no longer shows the case as having a new update", body = UnderwritingUpdates),
        ReadAnswers,
    )
)]
pub async fn underwriting_updates(
    State(state): State<AppState>,
    me: AdviserCaller,
    InPath(id): InPath<ApplicationId>,
) -> Result<Json<UnderwritingUpdates>, ApiError> {
    // The caller is read once: they own the case, and their reading is recorded.
    let case = Case::find(&state, &me, id).await?;
    let application = case.application(&state).await?;
    let updates = application.underwriting.underwriting_updates;
    if let Some(latest) = updates.iter().map(|u| u.posted_at).max() {
        state
            .store
            .mark_updates_read(case.id, &me.caller.subject.to_string(), latest)
            .await?;
    }
    Ok(Json(UnderwritingUpdates { updates }))
}
