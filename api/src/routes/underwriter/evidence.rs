//! Evidence on a referred case: asking for it (with the kind's defaults from
//! `product/underwriting/evidence.json`), recording it received with its document, and reading
//! the document. A document must be a PDF of at most 10 MB; one that is not gets a clear 4xx
//! and nothing is kept. Evidence documents are medical records: only underwriters can read
//! them, never through the advisers' document route.

use super::{ReferredCase, UnderwriterCase};
use crate::audit::{NotRecorded, Reader};
use crate::body::Body;
use crate::case::ApplicationPath;
use crate::error::{
    ApiError, BadParameter, Conflict, Invalid, NotFound, StaffSignInProblems, TooLarge,
    Unconfirmed, Unreadable,
};
use crate::routes::documents::PdfDocument;
use crate::state::AppState;
use axum::Json;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::response::Response;
use chrono::{NaiveDate, Utc};
use domain::application::{EvidenceDocument, EvidenceStatus, ReceiveEvidence, RequestEvidence};
use domain::underwriting::evidence::EvidenceKind;
use domain::{ApplicantId, Rejection};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use store::NewDocument;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// The largest evidence document, in bytes (issue 30: 10 MB).
pub const MAX_EVIDENCE_BYTES: usize = 10 * 1024 * 1024;
/// Room for the multipart framing around the document.
const MULTIPART_OVERHEAD: usize = 64 * 1024;
/// Stored evidence documents' kinds start with this, then the request's and document's ids.
const EVIDENCE_KIND: &str = "evidence:";
const PDF: &str = "application/pdf";
const NOT_A_PDF: &str = "The document must be a PDF file (it should start with %PDF-)";

pub fn router() -> OpenApiRouter<AppState> {
    let upload = OpenApiRouter::new()
        .routes(routes!(receive_evidence))
        .layer(DefaultBodyLimit::max(
            MAX_EVIDENCE_BYTES + MULTIPART_OVERHEAD,
        ));
    OpenApiRouter::new()
        .routes(routes!(request_evidence))
        .routes(routes!(evidence_document))
        .merge(upload)
}

/// Whether a stored document is evidence (a medical record only underwriters may read).
pub(crate) fn is_evidence_document(kind: &str) -> bool {
    kind.starts_with(EVIDENCE_KIND)
}

/// What to ask for, about which client.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EvidenceRequestBody {
    pub applicant_id: ApplicantId,
    pub kind: EvidenceKind,
    /// The date it is expected by; the kind's default (`evidence.json`) when absent.
    #[schema(value_type = Option<String>, format = Date)]
    pub expected_by: Option<NaiveDate>,
    /// Who provides it, when not the kind's default (the client's doctor for a GP report).
    #[schema(max_length = 100)]
    pub provider: Option<String>,
}

/// Ask for medical evidence on a referred case
///
/// Asks for evidence of the kind named about one client, by the caller holding the case at the
/// Underwriting stage; the kind sets the provider and expected date unless they are given (a date
/// after today and at most a year ahead). A medical report from the client's doctor needs their
/// AMRA consent and a doctor on record. The adviser is told in an underwriting update, and the
/// provider is chased, with the date moved on, each time the expected date passes.
#[utoipa::path(
    post,
    path = "/api/v1/underwriter/cases/{applicationId}/evidence",
    tag = "underwriter",
    params(ApplicationPath),
    request_body(content = EvidenceRequestBody),
    responses(
        (status = OK, description = "The case with the request added (`application.referral.evidence`), its expected date set and an update for the adviser posted; the workflow chases it when the date passes", body = UnderwriterCase),
        NotFound,
        Conflict,
        Invalid,
        Unreadable,
        StaffSignInProblems,
        Unconfirmed,
    )
)]
pub async fn request_evidence(
    State(state): State<AppState>,
    referred: ReferredCase,
    Body(body): Body<EvidenceRequestBody>,
) -> Result<Json<UnderwriterCase>, ApiError> {
    let command = RequestEvidence {
        evidence_id: uuid::Uuid::new_v4().simple().to_string(),
        applicant_id: body.applicant_id,
        settings: state.rulebook.evidence.settings(body.kind).clone(),
        provider: body.provider,
        expected_by: body.expected_by,
        underwriter: referred.me.clone(),
    };
    referred.send(&state, command).await
}

/// The received evidence's document, as a multipart form.
#[derive(Debug, ToSchema)]
#[allow(dead_code)] // Describes the form; read by `read_document`.
pub struct EvidenceUpload {
    /// The report: a PDF of at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    pub document: Vec<u8>,
}

/// A document read from the form and checked.
struct Upload {
    file_name: String,
    bytes: Vec<u8>,
}

/// Record medical evidence as received
///
/// Records the evidence asked for as received, with its document: one `document` part, a PDF of at
/// most 10 MB; anything else is refused and nothing is kept. Only by the caller holding the case at
/// the Underwriting stage. A medical report the client asked to see first is held for 21 days
/// before it may be used (`heldUntil`).
#[utoipa::path(
    post,
    path = "/api/v1/underwriter/cases/{applicationId}/evidence/{evidenceId}/received",
    tag = "underwriter",
    params(
        ApplicationPath,
        ("evidenceId" = String, Path, description = "The evidence request's id"),
    ),
    request_body(content = EvidenceUpload, content_type = "multipart/form-data"),
    responses(
        (status = OK, description = "The case with the evidence received and its document stored; a medical report the client asked to see first is held 21 days (`heldUntil`)", body = UnderwriterCase),
        BadParameter,
        NotFound,
        Conflict,
        TooLarge,
        Invalid,
        StaffSignInProblems,
        Unconfirmed,
    )
)]
pub async fn receive_evidence(
    State(state): State<AppState>,
    referred: ReferredCase,
    Path(EvidenceInPath { evidence_id }): Path<EvidenceInPath>,
    form: Result<Multipart, MultipartRejection>,
) -> Result<Json<UnderwriterCase>, ApiError> {
    let form = form.map_err(|e| ApiError::BadRequest {
        detail: format!("Send the document as multipart/form-data: {e}"),
        errors: Vec::new(),
    })?;
    let upload = read_document(form).await?;
    let command = ReceiveEvidence {
        document: EvidenceDocument {
            id: document_id(&evidence_id),
            file_name: upload.file_name,
        },
        evidence_id,
        underwriter: referred.me.clone(),
    };
    // The same rule the workflow runs, first, so a refused receipt stores nothing.
    referred
        .application
        .receive_evidence(&command, Utc::now())
        .map_err(ApiError::Rejected)?;
    let kind = format!(
        "{EVIDENCE_KIND}{}:{}",
        command.evidence_id, command.document.id
    );
    state
        .store
        .save_document(NewDocument {
            id: &command.document.id,
            application_id: referred.application.id,
            kind: &kind,
            application_version: 0,
            file_name: &command.document.file_name,
            content_type: PDF,
            content: &upload.bytes,
            created_at: Utc::now(),
        })
        .await?;
    let document = command.document.id.clone();
    match referred.send(&state, command).await {
        // Refused after all (the case moved on meanwhile): the document goes. Any other failure
        // may still be applied, so the document stays for it.
        Err(ApiError::Rejected(rejection)) => {
            state.store.delete_document(&document).await?;
            Err(ApiError::Rejected(rejection))
        }
        answer => answer,
    }
}

/// The document's id: from the request's `Idempotency-Key` when it has one, so a receipt sent
/// again names the same document; otherwise new.
fn document_id(evidence_id: &str) -> String {
    match crate::idempotency::callers_key() {
        Some(key) => {
            let digest = Sha256::digest(format!("{evidence_id}:{key}"));
            digest[..16].iter().map(|b| format!("{b:02x}")).collect()
        }
        None => uuid::Uuid::new_v4().simple().to_string(),
    }
}

/// Reads the form's one `document` part: a PDF of 1 byte to 10 MB.
async fn read_document(mut form: Multipart) -> Result<Upload, ApiError> {
    let unreadable = |e: axum::extract::multipart::MultipartError| {
        if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else {
            ApiError::BadRequest {
                detail: format!("The form could not be read: {}", e.body_text()),
                errors: Vec::new(),
            }
        }
    };
    let mut upload = None;
    while let Some(mut field) = form.next_field().await.map_err(unreadable)? {
        if field.name() != Some("document") {
            let name = field.name().unwrap_or("(unnamed)").to_owned();
            return Err(ApiError::bad_field(&name, "This field is not recognised"));
        }
        if upload.is_some() {
            return Err(ApiError::bad_field(
                "document",
                "Send one document at a time",
            ));
        }
        if field
            .content_type()
            .is_some_and(|t| !t.eq_ignore_ascii_case(PDF) && t != "application/octet-stream")
        {
            return Err(not_a_pdf());
        }
        let file_name = file_name(field.file_name());
        let mut bytes = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(unreadable)? {
            if bytes.len() + chunk.len() > MAX_EVIDENCE_BYTES {
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk);
        }
        upload = Some(Upload { file_name, bytes });
    }
    let upload = upload
        .ok_or_else(|| ApiError::bad_field("document", "Attach the document as `document`"))?;
    if !upload.bytes.starts_with(b"%PDF-") {
        return Err(not_a_pdf());
    }
    Ok(upload)
}

fn not_a_pdf() -> ApiError {
    ApiError::Rejected(Rejection::field("document", NOT_A_PDF))
}

fn too_large() -> ApiError {
    ApiError::TooLarge("The document must be at most 10 MB: nothing was kept".into())
}

/// The file name as stored: its last path part, in plain characters, ending `.pdf`.
fn file_name(sent: Option<&str>) -> String {
    let last = sent
        .unwrap_or_default()
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or_default();
    let plain: String = last
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '.' | '-' | '_' | '(' | ')'))
        .take(100)
        .collect();
    let plain = plain.trim().trim_start_matches('.').to_owned();
    match plain {
        name if name.is_empty() => "evidence.pdf".to_owned(),
        name if name.to_ascii_lowercase().ends_with(".pdf") => name,
        name => format!("{name}.pdf"),
    }
}

/// Download received medical evidence
///
/// The document received for an evidence request, for underwriters only: advisers cannot read
/// evidence. Refused while a report is held for the client to see first.
#[utoipa::path(
    get,
    path = "/api/v1/underwriter/cases/{applicationId}/evidence/{evidenceId}/document",
    tag = "underwriter",
    params(
        ApplicationPath,
        ("evidenceId" = String, Path, description = "The evidence request's id"),
    ),
    responses(
        (status = OK, description = "The evidence's document, named in content-disposition; this read is recorded", content_type = "application/pdf", body = PdfDocument),
        NotFound,
        Conflict,
        StaffSignInProblems,
        NotRecorded,
    )
)]
pub async fn evidence_document(
    State(state): State<AppState>,
    reader: Reader,
    referred: ReferredCase,
    Path(EvidenceInPath { evidence_id }): Path<EvidenceInPath>,
) -> Result<Response, ApiError> {
    let request = referred
        .application
        .evidence_request(&evidence_id)
        .ok_or_else(|| ApiError::not_found("Evidence request"))?;
    let received = request
        .received
        .as_ref()
        .ok_or_else(|| ApiError::NotFound("The evidence has not been received".into()))?;
    if request.status == EvidenceStatus::Held {
        return Err(ApiError::Rejected(Rejection::conflict(&format!(
            "The {} is held until {}: the client asked to see it first",
            request.named(),
            received
                .held_until
                .map(domain::formats::date)
                .unwrap_or_default()
        ))));
    }
    let stored = state
        .store
        .find_document(&received.document.id)
        .await?
        .filter(|d| d.application_id == referred.application.id && is_evidence_document(&d.kind))
        .ok_or_else(|| ApiError::not_found("Document"))?;
    reader
        .document(&state, stored, Some(&request.applicant_id))
        .await
}

#[cfg(test)]
mod tests {
    use super::file_name;

    #[test]
    fn a_file_name_keeps_its_last_part_in_plain_characters_and_ends_pdf() {
        assert_eq!(
            file_name(Some("C:\\scans\\GP report (Alan).pdf")),
            "GP report (Alan).pdf"
        );
        assert_eq!(file_name(Some("../../etc/passwd")), "passwd.pdf");
        assert_eq!(file_name(Some("rapport-médical.PDF")), "rapport-mdical.PDF");
        assert_eq!(file_name(Some("\"quoted\".pdf")), "quoted.pdf");
        assert_eq!(file_name(None), "evidence.pdf");
        assert_eq!(file_name(Some("...")), "evidence.pdf");
    }
}

/// The evidence request a path names on its case.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EvidenceInPath {
    evidence_id: String,
}
