//! The API's one error type, rendered as `application/problem+json` (RFC 9457), and the one
//! declaration of each error response for the OpenAPI document.
//!
//! When to use which: a broken insurance rule is [`ApiError::Rejected`] (422, 404 or 409 with
//! the fields at fault); input that cannot be read at all is [`ApiError::BadRequest`] (400);
//! anything the caller may not see is [`ApiError::NotFound`], never 403, so its existence is not
//! revealed; [`ApiError::Forbidden`] is for a visible resource or an account that may not do
//! this. [`ApiError::Internal`] hides its detail from the caller: the `log_server_errors`
//! middleware logs it.
//!
//! Every problem's `type` is a [`ProblemType`]: a client tells refusals apart by it, never by
//! the English of `detail`. A handler's `responses(...)` lists the declared responses below
//! ([`NotFound`], [`Conflict`], [`Invalid`], ...) instead of spelling a problem out again.

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
    /// A provider or the case service could not answer (503 `unavailable`).
    #[error("{0}")]
    Unavailable(String),
    /// A change sent to its workflow was not confirmed in time: it may still be applied (503
    /// `unconfirmed`).
    #[error("{0}")]
    Unconfirmed(String),
    /// A provider behind the API asks us to slow down (429, with `Retry-After`).
    #[error("{0}")]
    TooManyRequests(String),
    /// An upload larger than the endpoint takes (413).
    #[error("{0}")]
    TooLarge(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// What kind of refusal a problem is: the machine-readable code of every error response.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum ProblemType {
    /// 400: the request could not be read; `errors` names each field or parameter at fault.
    #[serde(rename = "urn:adviser-portal:problem:unreadable")]
    Unreadable,
    /// 401: no valid access token.
    #[serde(rename = "urn:adviser-portal:problem:not-signed-in")]
    NotSignedIn,
    /// 403: signed in, but the account may not do this.
    #[serde(rename = "urn:adviser-portal:problem:forbidden")]
    Forbidden,
    /// 404: what the request names does not exist, or is not the caller's to see.
    #[serde(rename = "urn:adviser-portal:problem:not-found")]
    NotFound,
    /// 405: the address does not take that method.
    #[serde(rename = "urn:adviser-portal:problem:method-not-allowed")]
    MethodNotAllowed,
    /// 409: the application's stage or state does not allow this now.
    #[serde(rename = "urn:adviser-portal:problem:conflict")]
    Conflict,
    /// 413: the upload is larger than the endpoint takes.
    #[serde(rename = "urn:adviser-portal:problem:too-large")]
    TooLarge,
    /// 422: an insurance rule is broken; `errors` names each field at fault. Nothing was saved.
    #[serde(rename = "urn:adviser-portal:problem:invalid")]
    Invalid,
    /// 429: a provider asks us to slow down; try again after `Retry-After` seconds.
    #[serde(rename = "urn:adviser-portal:problem:rate-limited")]
    RateLimited,
    /// 500: our fault; the detail is logged, not shown.
    #[serde(rename = "urn:adviser-portal:problem:server-error")]
    ServerError,
    /// 503: a provider or the case service could not answer; nothing is claimed either way.
    #[serde(rename = "urn:adviser-portal:problem:unavailable")]
    Unavailable,
    /// 503: the change was not confirmed in time and may still be applied: send the same
    /// request again with the same `Idempotency-Key` to get its result without a second change.
    #[serde(rename = "urn:adviser-portal:problem:unconfirmed")]
    Unconfirmed,
    /// 422: the `Idempotency-Key` was first sent with another payload; nothing was done.
    #[serde(rename = "urn:adviser-portal:problem:idempotency-key-reused")]
    IdempotencyKeyReused,
    /// 409: the first request with this `Idempotency-Key` is still running; send it again after
    /// `Retry-After` seconds for its answer.
    #[serde(rename = "urn:adviser-portal:problem:idempotency-key-in-use")]
    IdempotencyKeyInUse,
}

/// A problem details document, as every error response carries.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Problem)]
pub struct Problem {
    /// What kind of refusal this is; decide on this, not on `detail`.
    #[serde(rename = "type")]
    pub kind: ProblemType,
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

    fn kind(&self) -> ProblemType {
        match self {
            ApiError::Unauthorized(_) => ProblemType::NotSignedIn,
            ApiError::Forbidden(_) => ProblemType::Forbidden,
            ApiError::NotFound(_) => ProblemType::NotFound,
            ApiError::BadRequest { .. } => ProblemType::Unreadable,
            ApiError::Rejected(rejection) => match rejection.kind {
                RejectionKind::Invalid => ProblemType::Invalid,
                RejectionKind::NotFound => ProblemType::NotFound,
                RejectionKind::Conflict => ProblemType::Conflict,
            },
            ApiError::Unavailable(_) => ProblemType::Unavailable,
            ApiError::Unconfirmed(_) => ProblemType::Unconfirmed,
            ApiError::TooManyRequests(_) => ProblemType::RateLimited,
            ApiError::TooLarge(_) => ProblemType::TooLarge,
            ApiError::Internal(_) => ProblemType::ServerError,
        }
    }
}

impl ProblemType {
    pub fn status(self) -> StatusCode {
        match self {
            ProblemType::Unreadable => StatusCode::BAD_REQUEST,
            ProblemType::NotSignedIn => StatusCode::UNAUTHORIZED,
            ProblemType::Forbidden => StatusCode::FORBIDDEN,
            ProblemType::NotFound => StatusCode::NOT_FOUND,
            ProblemType::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ProblemType::Conflict | ProblemType::IdempotencyKeyInUse => StatusCode::CONFLICT,
            ProblemType::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ProblemType::Invalid | ProblemType::IdempotencyKeyReused => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ProblemType::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            ProblemType::ServerError => StatusCode::INTERNAL_SERVER_ERROR,
            ProblemType::Unavailable | ProblemType::Unconfirmed => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let kind = self.kind();
        let (detail, errors) = match self {
            ApiError::Internal(error) => {
                let logged = ServerErrorDetail(Arc::new(format!("{error:#}")));
                let mut response = problem(
                    kind,
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
        let mut response = problem(kind, detail, errors);
        let status = kind.status();
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
pub fn problem(kind: ProblemType, detail: String, errors: Option<Vec<FieldError>>) -> Response {
    let status = kind.status();
    let body = Problem {
        kind,
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
// adds `Unreadable`. The sets most calls share are named once below (`ReadAnswers`,
// `CommandAnswers`, `BodyCommandAnswers`), so a route lists its kind and what it adds.

/// A set of the problem responses below, declared as one (`responses(CommandAnswers)`): the
/// OpenAPI document lists each of its parts, as if the route had named them one by one.
macro_rules! response_set {
    ($(#[$doc:meta])* $name:ident = $($part:ty),+) => {
        $(#[$doc])*
        pub struct $name;

        impl utoipa::IntoResponses for $name {
            fn responses() -> std::collections::BTreeMap<
                String,
                utoipa::openapi::RefOr<utoipa::openapi::response::Response>,
            > {
                let mut all = std::collections::BTreeMap::new();
                $(all.extend(<$part as utoipa::IntoResponses>::responses());)+
                all
            }
        }
    };
}

response_set!(
    /// A signed-in adviser's read of something of theirs.
    ReadAnswers = NotFound, SignInProblems
);
response_set!(
    /// A signed-in adviser's command on something of theirs that its stage may not allow now.
    CommandAnswers = NotFound, Conflict, SignInProblems, Unconfirmed
);
response_set!(
    /// A command with a body: it may also be unreadable, or break a rule.
    BodyCommandAnswers = NotFound, Conflict, Invalid, Unreadable, SignInProblems, Unconfirmed
);

/// Declares the responses a call gives a caller who is not signed in (401) or whose token
/// lacks the role the call needs (403, described per audience). One declaration per audience,
/// all here, so every audience's 401 reads the same.
macro_rules! sign_in_problems {
    ($(#[$doc:meta])* $name:ident, $forbidden:literal) => {
        $(#[$doc])*
        #[derive(utoipa::IntoResponses)]
        #[allow(dead_code)] // Describes responses; never built.
        pub enum $name {
            #[response(
                status = 401,
                description = "No valid access token",
                content_type = "application/problem+json"
            )]
            NotSignedIn(Problem),
            #[response(status = 403, description = $forbidden, content_type = "application/problem+json")]
            WithoutTheRole(Problem),
        }
    };
}

sign_in_problems!(
    /// No valid access token, or a token of someone who is not an adviser.
    SignInProblems,
    "Signed in, but not set up as an adviser"
);
sign_in_problems!(
    /// No valid access token, or a token of someone who is not an underwriter (the workbench).
    StaffSignInProblems,
    "Signed in, but without the underwriter role"
);
sign_in_problems!(
    /// No valid access token, or a token without a customer-care role.
    CareSignInProblems,
    "Signed in, but without a customer-care role (`cca` or `ccaadmin`); for the administrators' calls, without `ccaadmin`"
);
sign_in_problems!(
    /// No valid access token, or an account with no part in web chat.
    ChatSignInProblems,
    "Signed in, but not an adviser, an assistant or in customer care (or, to chat, an administrator, who only reads)"
);
sign_in_problems!(
    /// No valid access token, or a token that is not a client account's (the client portal).
    ClientSignInProblems,
    "Signed in, but not with a client account"
);

/// A problem response of one status, declared for the OpenAPI document: the routes list it in
/// their `responses`, and `ApiError` builds the body.
macro_rules! problem_response {
    ($(#[$doc:meta])* $name:ident, $status:literal, $description:literal) => {
        $(#[$doc])*
        #[derive(utoipa::IntoResponses)]
        #[response(status = $status, description = $description, content_type = "application/problem+json")]
        #[allow(dead_code)] // Describes a response; never built.
        pub struct $name(Problem);
    };
}

problem_response!(
    /// A change the workflow could not confirm in time; it may still be applied.
    Unconfirmed, 503,
    "The change could not be confirmed in time (`type` ends `unconfirmed`), or the case service is not answering or the case changed while the change was checked (`unavailable`); it may or may not be applied. Send the same request again with the same `Idempotency-Key` header to get its result without a second change, or refresh before trying again"
);

problem_response!(
    /// A body that cannot be read: every field at fault (of the wrong type, unknown or missing) is
    /// named by its path in `errors`.
    Unreadable, 400,
    "The body could not be read (`type` ends `unreadable`): `errors` names each field at fault (wrong type, unknown or missing)"
);

problem_response!(
    /// Something the request names does not exist, or is not the caller's to see.
    NotFound, 404,
    "Not found (`type` ends `not-found`): the application, client, cover or other item the request names does not exist, or is not yours to see; `detail` says which"
);

problem_response!(
    /// The application's stage does not allow this now.
    Conflict, 409,
    "Not allowed now (`type` ends `conflict`): the application's stage or state does not allow this, for example a quote that can no longer be edited; nothing was saved"
);

problem_response!(
    /// An insurance rule is broken: every field at fault is named.
    Invalid, 422,
    "A rule is broken (`type` ends `invalid`): `errors` names each field at fault with its message; nothing was saved"
);

problem_response!(
    /// A path or query parameter that cannot be read.
    BadParameter, 400,
    "A parameter could not be read (`type` ends `unreadable`): `errors` names it"
);

problem_response!(
    /// An upload larger than the endpoint takes.
    TooLarge, 413,
    "The upload is too large (`type` ends `too-large`); `detail` gives the limit"
);

problem_response!(
    /// A provider behind the call is busy.
    RateLimited, 429,
    "A provider behind this call is busy (`type` ends `rate-limited`): try again after the `Retry-After` seconds"
);

problem_response!(
    /// A provider behind the call could not answer.
    ProviderUnavailable, 503,
    "A provider behind this call could not answer (`type` ends `unavailable`); nothing was changed"
);
