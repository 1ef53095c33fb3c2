//! One policy of the signed-in client's, with the documents they may read, and those documents'
//! download. A policy or document that is not theirs is "not found", never "forbidden".

use super::home::{AdviserContact, ClientPolicySummary, adviser_contact};
use crate::audit::{NotRecorded, Reader};
use crate::auth::ClientCaller;
use crate::error::ClientSignInProblems;
use crate::error::{ApiError, NotFound};
use crate::routes::documents::PdfDocument;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::response::Response;
use chrono::NaiveDate;
use domain::application::PolicyCover;
use domain::client_portal::may_read_policy_document;
use domain::{ApplicantId, Application, ApplicationId};
use serde::Serialize;
use utoipa::ToSchema;

/// A document of the policy the client may download.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientDocument {
    /// What it is, for example "Policy schedule".
    pub title: String,
    pub document_id: String,
    pub file_name: String,
    /// Where to download it: `/api/v1/portal/document/{documentId}/{fileName}`.
    pub uri: String,
}

/// One of the client's policies.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientPolicy {
    #[serde(flatten)]
    pub summary: ClientPolicySummary,
    pub application_id: ApplicationId,
    /// The last day the client may cancel with every premium refunded.
    #[schema(value_type = String, format = Date)]
    pub cancellation_ends_on: NaiveDate,
    /// What the policy covers: each cover in force on its terms, with its monthly premium.
    pub covers: Vec<PolicyCover>,
    /// The policy's documents the client may read: their schedule, the Direct Debit
    /// confirmation and, when every client on the case is theirs, the underwriting decision.
    pub documents: Vec<ClientDocument>,
    #[schema(required = true)]
    pub adviser: Option<AdviserContact>,
}

/// The policy's case and the caller's clients on it, or "not found" when none of the caller's.
async fn own_case(
    state: &AppState,
    me: &ClientCaller,
    application: ApplicationId,
) -> Result<(Application, Vec<ApplicantId>), ApiError> {
    let mine: Vec<ApplicantId> = me
        .links_for_application(application)
        .into_iter()
        .map(|l| l.applicant_id.clone())
        .collect();
    if mine.is_empty() {
        return Err(ApiError::not_found("Policy"));
    }
    let application = state
        .store
        .find_application(application)
        .await?
        .ok_or_else(|| ApiError::not_found("Policy"))?;
    Ok((application, mine))
}

/// One of my policies
///
/// A policy held by the signed-in client, with its documents they may read and their adviser's
/// contact. Anyone else's policy, including a joint applicant's, is not found.
#[utoipa::path(
    get,
    path = "/api/v1/portal/policies/{policyReference}",
    tag = "client portal",
    params(("policyReference" = String, Path, description = "The policy number, for example PP0010000115")),
    responses(
        (status = OK, description = "The policy", body = ClientPolicy),
        NotFound, ClientSignInProblems,
    )
)]
pub async fn client_policy(
    State(state): State<AppState>,
    me: ClientCaller,
    Path(reference): Path<String>,
) -> Result<Json<ClientPolicy>, ApiError> {
    let not_found = || ApiError::not_found("Policy");
    let (application_id, holder) = state
        .store
        .policy_by_reference(reference.trim())
        .await?
        .ok_or_else(not_found)?;
    if me.link_for_applicant(&holder).is_none() {
        return Err(not_found());
    }
    let (application, mine) = own_case(&state, &me, application_id).await?;
    let mine: Vec<&ApplicantId> = mine.iter().collect();
    let policy = application
        .set_up
        .policies
        .iter()
        .find(|p| p.applicant_id == holder)
        .ok_or_else(not_found)?;
    let mut documents = Vec::new();
    for document in &policy.documents {
        let Some(stored) = state.store.find_document(&document.document_id).await? else {
            continue;
        };
        if stored.application_id == application.id
            && may_read_policy_document(&stored.kind, &application, &mine)
        {
            documents.push(ClientDocument {
                title: document.title.clone(),
                document_id: document.document_id.clone(),
                file_name: document.file_name.clone(),
                uri: format!(
                    "/api/v1/portal/document/{}/{}",
                    document.document_id, document.file_name
                ),
            });
        }
    }
    Ok(Json(ClientPolicy {
        summary: ClientPolicySummary::of(policy),
        application_id,
        cancellation_ends_on: policy.cancellation_ends_on,
        covers: application
            .policy_details(&holder)
            .map(|details| details.covers)
            .unwrap_or_default(),
        documents,
        adviser: adviser_contact(&state, &application.adviser_id).await?,
    }))
}

/// Download one of my policy documents
///
/// A document of one of the signed-in client's policies, at a link `GET /api/v1/portal/policies/{policyReference}`
/// gave, named in `content-disposition`. Anyone else's document is not found.
#[utoipa::path(
    get,
    path = "/api/v1/portal/document/{documentId}/{fileName}",
    tag = "client portal",
    params(
        ("documentId" = String, Path, description = "The document's id"),
        ("fileName" = String, Path, description = "The document's file name"),
    ),
    responses(
        (status = OK, description = "The document, named in content-disposition; this read is recorded", content_type = "application/pdf", body = PdfDocument),
        NotFound, ClientSignInProblems, NotRecorded,
    )
)]
pub async fn client_document(
    State(state): State<AppState>,
    reader: Reader,
    me: ClientCaller,
    Path((document_id, file_name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let not_found = || ApiError::not_found("Document");
    let stored = state
        .store
        .find_document(&document_id)
        .await?
        .ok_or_else(not_found)?;
    let (application, mine) = own_case(&state, &me, stored.application_id)
        .await
        .map_err(|_| not_found())?;
    let mine: Vec<&ApplicantId> = mine.iter().collect();
    let issued_with_a_policy = application
        .set_up
        .policies
        .iter()
        .any(|p| p.documents.iter().any(|d| d.document_id == stored.id));
    if stored.file_name != file_name
        || !issued_with_a_policy
        || !may_read_policy_document(&stored.kind, &application, &mine)
    {
        return Err(not_found());
    }
    reader.document(&state, stored, None).await
}
