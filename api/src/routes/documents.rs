//! Documents (§7 "Documents"): the quote PDF, key facts and terms. Each is rendered in-process
//! from its template in `product/documents/` the first time it is asked for at an application
//! version, stored, and served from the store after that, so the client's copy never changes.

use crate::audit::{NotRecorded, Reader};
use crate::auth::AdviserCaller;
use crate::case::{ApplicationPath, Case, CaseInPath};
use crate::error::ReadAnswers;
use crate::error::{ApiError, Conflict};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use domain::dates::uk_date;
use domain::{Application, ApplicationId};
use serde::Serialize;
use store::{NewDocument, StoredDocument};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(quote_document))
        .routes(routes!(key_facts))
        .routes(routes!(terms))
        .routes(routes!(stored_document))
}

pub(crate) const PDF: &str = "application/pdf";

/// A PDF document's bytes, as the OpenAPI document declares every PDF response: binary, so
/// client generators hand back a file rather than guess at a shape.
pub struct PdfDocument;

impl utoipa::PartialSchema for PdfDocument {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)))
            .content_media_type(PDF)
            .description(Some("A PDF document."))
            .into()
    }
}

impl ToSchema for PdfDocument {}

/// Which document of an application.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Quote,
    KeyFacts,
    Terms,
}

impl Kind {
    fn code(self) -> &'static str {
        match self {
            Kind::Quote => "quote",
            Kind::KeyFacts => "keyfacts",
            Kind::Terms => "terms",
        }
    }
}

/// The stored document of this kind for the application's current version, rendering and
/// storing it first if need be.
async fn document(
    state: &AppState,
    application: &Application,
    kind: Kind,
) -> Result<StoredDocument, ApiError> {
    // The quote names the firm location the case was created at, by name where the firm's
    // locations give one (docs/decisions.md HB4).
    let firm_location = match (&kind, &application.adviser_at_firm_location_id) {
        (Kind::Quote, Some(id)) => Some(
            state
                .store
                .firm_location_name(id)
                .await?
                .unwrap_or_else(|| id.clone()),
        ),
        _ => None,
    };
    stored_or_rendered(
        state,
        application.id,
        kind.code(),
        application.version,
        || {
            let product = &state.product;
            let today = uk_date(Utc::now());
            match kind {
                Kind::Quote => activities::quote_document(
                    &product.quote_template,
                    application,
                    product.basis.label(),
                    product.basis.policy_fee(),
                    firm_location.as_deref(),
                ),
                Kind::KeyFacts => activities::application_document(
                    &product.keyfacts_template,
                    application,
                    today,
                    "Key facts",
                ),
                Kind::Terms => activities::application_document(
                    &product.terms_template,
                    application,
                    today,
                    "Terms and conditions",
                ),
            }
            .map_err(|error| match error {
                activities::QuoteDocumentError::NotPriced => {
                    ApiError::Rejected(domain::Rejection::conflict(&error.to_string()))
                }
                other => ApiError::Internal(anyhow::Error::new(other)),
            })
        },
    )
    .await
}

/// The copy of `kind` stored for this `version` of the case, or else `render`'s, stored first:
/// a document once sent never changes, and it is rendered only once per version.
pub(crate) async fn stored_or_rendered(
    state: &AppState,
    application_id: ApplicationId,
    kind: &str,
    version: u64,
    render: impl FnOnce() -> Result<activities::Document, ApiError>,
) -> Result<StoredDocument, ApiError> {
    if let Some(stored) = state
        .store
        .find_document_for_version(application_id, kind, version)
        .await?
    {
        return Ok(stored);
    }
    let rendered = render()?;
    let id = uuid::Uuid::new_v4().simple().to_string();
    Ok(state
        .store
        .save_document(NewDocument {
            id: &id,
            application_id,
            kind,
            application_version: version,
            file_name: &rendered.file_name,
            content_type: PDF,
            content: &rendered.bytes,
            created_at: Utc::now(),
        })
        .await?)
}

// §7 documents are saved under the content-disposition name; §8 covers a missing one.
/// The file with its name in `content-disposition`, which the SPA saves it under. Handlers serve
/// a stored document through `crate::audit::Reader::document`, which records the read first.
pub(crate) fn file(document: StoredDocument) -> Response {
    download(
        document.content,
        &document.content_type,
        &document.file_name,
        Disposition::Attachment,
    )
}

/// Whether the browser shows a download in place or saves it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Disposition {
    Inline,
    Attachment,
}

/// The one way a document leaves the API: its type, its name (stripped of what would break the
/// header or name a path) and `no-store`, since documents carry personal and health data that
/// no shared cache may keep.
pub(crate) fn download(
    bytes: Vec<u8>,
    content_type: &str,
    file_name: &str,
    disposition: Disposition,
) -> Response {
    let name = file_name.replace(['"', '/', '\\', '\r', '\n'], "");
    let kind = match disposition {
        Disposition::Inline => "inline",
        Disposition::Attachment => "attachment",
    };
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(content_type).unwrap_or(HeaderValue::from_static(PDF)),
    );
    if let Ok(value) = HeaderValue::from_str(&format!("{kind}; filename=\"{name}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    response
}

/// Download the quote
///
/// The quote as a PDF, named in `content-disposition`. Available once the application is priced;
/// one copy is kept per version of the application, so a copy once sent never changes.
#[utoipa::path(
    get,
    path = "/api/v1/application/{applicationId}/document/quote",
    tag = "documents",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The quote as a PDF, named in content-disposition; this read is recorded", content_type = "application/pdf", body = PdfDocument),
        ReadAnswers, Conflict, NotRecorded,
    )
)]
pub async fn quote_document(
    State(state): State<AppState>,
    reader: Reader,
    CaseInPath(case): CaseInPath,
) -> Result<Response, ApiError> {
    let application = case.application(&state).await?;
    let stored = document(&state, &application, Kind::Quote).await?;
    reader.document(&state, stored, None).await
}

/// Where a document can be downloaded: `/api/v1/document/{documentId}/{fileName}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct DocumentLink {
    pub uri: String,
}

async fn link(state: &AppState, case: &Case, kind: Kind) -> Result<Json<DocumentLink>, ApiError> {
    let application = case.application(state).await?;
    let stored = document(state, &application, kind).await?;
    Ok(Json(DocumentLink {
        uri: format!("/api/v1/document/{}/{}", stored.id, stored.file_name),
    }))
}

/// Get the key facts document's link
///
/// Where to download the key facts document for the application as it now stands (`uri`); the
/// document is made on first request and kept for that version of the application.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/keyfacts/{applicationId}",
    tag = "documents",
    params(ApplicationPath),
    responses(
        (status = OK, description = "Where the key facts document for this application is", body = DocumentLink),
        ReadAnswers,
    )
)]
pub async fn key_facts(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<DocumentLink>, ApiError> {
    link(&state, &case, Kind::KeyFacts).await
}

/// Get the terms and conditions' link
///
/// Where to download the terms and conditions for the application as it now stands (`uri`); the
/// document is made on first request and kept for that version of the application.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/termsandconditions/{applicationId}",
    tag = "documents",
    params(ApplicationPath),
    responses(
        (status = OK, description = "Where the terms and conditions for this application are", body = DocumentLink),
        ReadAnswers,
    )
)]
pub async fn terms(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<DocumentLink>, ApiError> {
    link(&state, &case, Kind::Terms).await
}

/// Download a document
///
/// A document at a link another call gave (`uri`), named in `content-disposition`. Only the adviser
/// of its application, or someone acting for them, can read it; medical evidence is not served
/// here.
#[utoipa::path(
    get,
    path = "/api/v1/document/{documentId}/{fileName}",
    tag = "documents",
    params(
        ("documentId" = String, Path, description = "The document's id"),
        ("fileName" = String, Path, description = "The document's file name"),
    ),
    responses(
        (status = OK, description = "The document, named in content-disposition; this read is recorded", content_type = "application/pdf", body = PdfDocument),
        ReadAnswers, NotRecorded,
    )
)]
pub async fn stored_document(
    State(state): State<AppState>,
    reader: Reader,
    me: AdviserCaller,
    Path((document_id, file_name)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let not_found = || ApiError::not_found("Document");
    let stored = state
        .store
        .find_document(&document_id)
        .await?
        .ok_or_else(not_found)?;
    Case::find(&state, &me, stored.application_id)
        .await
        .map_err(|_| not_found())?;
    // Evidence is a medical record: only underwriters read it, on the workbench.
    if stored.file_name != file_name
        || crate::routes::underwriter::is_evidence_document(&stored.kind)
    {
        return Err(not_found());
    }
    reader.document(&state, stored, None).await
}
