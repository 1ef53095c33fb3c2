//! The API's one error type, rendered as `application/problem+json` (RFC 9457).
//!
//! When to use which: a broken insurance rule is [`ApiError::Rejected`] (422, 404 or 409 with
//! the fields at fault); input that cannot be read at all is [`ApiError::BadRequest`] (400);
//! anything the caller may not see is [`ApiError::NotFound`], never 403, so its existence is not
//! revealed; [`ApiError::Forbidden`] is for a visible resource or an account that may not do
//! this. [`ApiError::Internal`] hides its detail from the caller: the `log_server_errors`
//! middleware logs it.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use domain::errors::RejectionKind;
use domain::{FieldError, Rejection};
use serde::Serialize;
use std::sync::Arc;
use utoipa::ToSchema;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{detail}")]
    BadRequest {
        detail: String,
        errors: Vec<FieldError>,
    },
    #[error("{0}")]
    Rejected(Rejection),
    #[error("{0}")]
    Unavailable(String),
    /// A provider behind the API asks us to slow down (429, with `Retry-After`).
    #[error("{0}")]
    TooManyRequests(String),
    /// An upload larger than the endpoint takes (413).
    #[error("{0}")]
    TooLarge(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// A problem details document, as every error response carries.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Problem)]
pub struct Problem {
    /// Always `about:blank`: the status and title say what went wrong.
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub status: u16,
    pub detail: String,
    /// The fields at fault, named as in the request.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub errors: Option<Vec<FieldError>>,
}

/// The detail of a 5xx, kept out of the body and handed to the logging middleware.
#[derive(Debug, Clone)]
pub struct ServerErrorDetail(pub Arc<String>);

impl ApiError {
    pub fn not_found(what: &str) -> Self {
        ApiError::NotFound(format!("{what} not found"))
    }

    pub fn bad_field(field: &str, message: &str) -> Self {
        ApiError::BadRequest {
            detail: message.to_owned(),
            errors: vec![FieldError::new(field, message)],
        }
    }

    fn status(&self) -> StatusCode {
        match self {
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::Rejected(rejection) => match rejection.kind {
                RejectionKind::Invalid => StatusCode::UNPROCESSABLE_ENTITY,
                RejectionKind::NotFound => StatusCode::NOT_FOUND,
                RejectionKind::Conflict => StatusCode::CONFLICT,
            },
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let (detail, errors) = match self {
            ApiError::Internal(error) => {
                let logged = ServerErrorDetail(Arc::new(format!("{error:#}")));
                let mut response = problem(
                    status,
                    "Sorry, something's gone wrong. Please try again.".into(),
                    None,
                );
                response.extensions_mut().insert(logged);
                return response;
            }
            ApiError::BadRequest { detail, errors } => (detail, Some(errors)),
            ApiError::Rejected(rejection) => {
                let errors = (!rejection.errors.is_empty()).then_some(rejection.errors);
                (rejection.message, errors)
            }
            other => (other.to_string(), None),
        };
        let mut response = problem(status, detail, errors);
        if status == StatusCode::TOO_MANY_REQUESTS {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
        }
        if status == StatusCode::UNAUTHORIZED {
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        response
    }
}

/// Builds a problem response; used by [`ApiError`] and by handlers of routing failures.
pub fn problem(status: StatusCode, detail: String, errors: Option<Vec<FieldError>>) -> Response {
    let body = Problem {
        kind: "about:blank".into(),
        title: status.canonical_reason().unwrap_or("Error").to_owned(),
        status: status.as_u16(),
        detail,
        errors,
    };
    let mut response = (status, axum::Json(body)).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/problem+json"),
    );
    response
}

/// Logs every 5xx with its hidden detail, once, outside the handlers.
pub async fn log_server_errors(
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let response = next.run(request).await;
    if response.status().is_server_error() {
        let detail = response
            .extensions()
            .get::<ServerErrorDetail>()
            .map(|d| d.0.as_str().to_owned())
            .unwrap_or_default();
        tracing::error!(%method, %path, status = response.status().as_u16(), %detail, "request failed");
    }
    response
}

impl From<store::StoreError> for ApiError {
    fn from(error: store::StoreError) -> Self {
        ApiError::Internal(anyhow::Error::new(error))
    }
}

// What the OpenAPI document says every call of a kind may answer besides its own rules. A
// signed-in read lists `SignInProblems`; a command adds `Unconfirmed`; a command with a body
// adds `Unreadable`.

/// No valid access token, or a token of someone who is not an adviser.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)] // Describes responses; never built.
pub enum SignInProblems {
    #[response(
        status = 401,
        description = "No valid access token",
        content_type = "application/problem+json"
    )]
    NotSignedIn(Problem),
    #[response(
        status = 403,
        description = "Signed in, but not set up as an adviser",
        content_type = "application/problem+json"
    )]
    NotAnAdviser(Problem),
}

/// No valid access token, or a token of someone who is not an underwriter (the workbench).
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)] // Describes responses; never built.
pub enum StaffSignInProblems {
    #[response(
        status = 401,
        description = "No valid access token",
        content_type = "application/problem+json"
    )]
    NotSignedIn(Problem),
    #[response(
        status = 403,
        description = "Signed in, but without the underwriter role",
        content_type = "application/problem+json"
    )]
    NotAnUnderwriter(Problem),
}

/// A change the workflow could not confirm in time; it may still be applied.
#[derive(utoipa::IntoResponses)]
#[response(
    status = 503,
    description = "The change could not be confirmed in time, or the case service is not answering; it may or may not be applied. Send the same request again with the same `Idempotency-Key` header to get its result without a second change, or refresh before trying again",
    content_type = "application/problem+json"
)]
#[allow(dead_code)] // Describes a response; never built.
pub struct Unconfirmed(Problem);

/// A body that cannot be read: every field at fault (of the wrong type, unknown or missing) is
/// named by its path in `errors`.
#[derive(utoipa::IntoResponses)]
#[response(
    status = 400,
    description = "The body could not be read: `errors` names each field at fault (wrong type, unknown or missing)",
    content_type = "application/problem+json"
)]
#[allow(dead_code)] // Describes a response; never built.
pub struct Unreadable(Problem);
