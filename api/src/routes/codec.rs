//! Temporal's remote codec endpoint, so the Temporal Web UI shows a case handler the payloads
//! the portal keeps encrypted in Temporal (`workflows::codec`): `POST /codec/decode` and
//! `/codec/encode` take and answer `{"payloads": [{"metadata": {name: base64}, "data":
//! base64}]}`, Temporal's JSON form of its payloads.
//!
//! Only case handlers (the `underwriter` role) may call it; anyone else is refused (401 or
//! 403), so their UI shows ciphertext. The UI calls it from its own origin, so [`cors`]
//! answers the browser's preflight and marks the answers for that origin only
//! (`TEMPORAL_UI_URL`), with the access token and the UI's `X-Namespace` header allowed. A
//! UI with no sign-in of its own (the dev server's) sends the cookie `/codec/session` sets.

use crate::audit::{NotRecorded, Reader, TEMPORAL_PAYLOADS};
use crate::auth::UnderwriterCaller;
use crate::body::Body;
use crate::error::{ApiError, StaffSignInProblems, Unreadable};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use temporalio_common::protos::temporal::api::common::v1::Payload;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use workflows::codec::CodecError;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(decode))
        .routes(routes!(encode))
        .routes(routes!(open_session, close_session))
}

/// The cookie that carries a case handler's access token to the codec from the Temporal Web
/// UI, which can send the portal's cookies (its "include cross-origin credentials" setting)
/// but, without a sign-in of its own, has no token to pass.
pub const SESSION_COOKIE: &str = "portal_codec";
/// How long the cookie is kept; the token inside it expires sooner and is checked every time.
const SESSION_SECONDS: u32 = 12 * 60 * 60;

/// Where the codec answers; the Temporal UI appends `/decode` and `/encode`.
pub const CODEC_PATH: &str = "/codec";

/// Payloads in Temporal's JSON form.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CodecPayloads {
    pub payloads: Vec<CodecPayload>,
}

/// One payload: each metadata value and the data in standard base64.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CodecPayload {
    #[serde(default)]
    pub metadata: BTreeMap<String, String>,
    #[serde(default)]
    pub data: String,
}

/// Decrypt payloads for the Temporal Web UI
///
/// The payloads as the workflows wrote them: each encrypted one (`encoding`
/// `binary/encrypted`) decrypted, any other unchanged. Case handlers (the `underwriter` role)
/// only. A payload whose key is no longer held, or that was tampered with, is refused with
/// 422 naming it. A call that decrypts anything is recorded (who, role, when, from where) before
/// it answers, once in five minutes for each case handler (the Web UI decodes on every refresh);
/// the payloads do not say which case they are of, so the record names none.
#[utoipa::path(
    post,
    path = "/codec/decode",
    tag = "case handlers",
    request_body = CodecPayloads,
    responses(
        (status = OK, description = "The payloads decrypted, in the order sent", body = CodecPayloads),
        (status = 422, description = "A payload could not be decrypted (`type` ends `invalid`): `errors` names it (`payloads[2]`) and says why, for example the key it needs", content_type = "application/problem+json", body = crate::error::Problem),
        Unreadable,
        StaffSignInProblems,
        NotRecorded,
    )
)]
pub async fn decode(
    State(state): State<AppState>,
    reader: Reader,
    caller: UnderwriterCaller,
    Body(body): Body<CodecPayloads>,
) -> Result<Json<CodecPayloads>, ApiError> {
    let codec = &state.codec;
    let encrypted = std::cell::Cell::new(0_usize);
    let decoded = convert(body, |payload| {
        if workflows::codec::is_encrypted(&payload) {
            encrypted.set(encrypted.get() + 1);
        }
        codec.decrypt(payload)
    })?;
    tracing::info!(
        reader = %caller.underwriter.id,
        payloads = decoded.payloads.len(),
        decrypted = encrypted.get(),
        "a case handler decoded Temporal payloads"
    );
    // Plain payloads (recorded before encryption, the case summary) reveal nothing new.
    if encrypted.get() > 0 && !recorded_lately(&state, &caller).await? {
        reader
            .record(&state, store::ReadCase::default(), TEMPORAL_PAYLOADS)
            .await?;
    }
    Ok(Json(decoded))
}

/// How long one recorded decoding stands for a case handler's later ones (issue 50): the Web UI
/// decodes every page and refresh, which filled the Data reads list with identical lines.
const RECORD_EVERY: chrono::TimeDelta = chrono::TimeDelta::minutes(5);

/// Whether this case handler's decoding is already recorded within [`RECORD_EVERY`].
async fn recorded_lately(state: &AppState, caller: &UnderwriterCaller) -> Result<bool, ApiError> {
    let since = chrono::Utc::now() - RECORD_EVERY;
    state
        .store
        .has_data_read_since(caller.underwriter.id.as_str(), TEMPORAL_PAYLOADS, since)
        .await
        .map_err(|error| {
            tracing::error!(%error, "the latest data read could not be looked up");
            ApiError::Unavailable(crate::audit::NOT_RECORDED.into())
        })
}

/// Encrypt payloads for the Temporal Web UI
///
/// What a case handler types into the UI (a signal's or query's input), encrypted as the
/// portal's own payloads are. Case handlers (the `underwriter` role) only.
#[utoipa::path(
    post,
    path = "/codec/encode",
    tag = "case handlers",
    request_body = CodecPayloads,
    responses(
        (status = OK, description = "The payloads encrypted, in the order sent", body = CodecPayloads),
        Unreadable,
        StaffSignInProblems,
    )
)]
pub async fn encode(
    State(state): State<AppState>,
    _caller: UnderwriterCaller,
    Body(body): Body<CodecPayloads>,
) -> Result<Json<CodecPayloads>, ApiError> {
    let codec = &state.codec;
    convert(body, |payload| codec.encrypt(payload)).map(Json)
}

/// Let this browser's Temporal Web UI decrypt
///
/// Keeps the caller's access token in an HTTP-only cookie for `/codec` only, so the Temporal
/// Web UI in this browser (same host, "include cross-origin credentials" on) can call the codec
/// as this case handler until the token expires. Case handlers (the `underwriter` role) only.
#[utoipa::path(
    post,
    path = "/codec/session",
    tag = "case handlers",
    responses(
        (status = NO_CONTENT, description = "The cookie is set"),
        StaffSignInProblems,
    )
)]
pub async fn open_session(
    State(state): State<AppState>,
    _caller: UnderwriterCaller,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(str::trim)
        .unwrap_or_default();
    Ok(session_cookie(&state, token, SESSION_SECONDS))
}

/// Stop this browser's Temporal Web UI decrypting
///
/// Removes the cookie [`open_session`] set. Needs no access token.
#[utoipa::path(
    delete,
    path = "/codec/session",
    tag = "case handlers",
    security(()),
    responses((status = NO_CONTENT, description = "The cookie is removed"))
)]
pub async fn close_session(State(state): State<AppState>) -> Response {
    session_cookie(&state, "", 0)
}

fn session_cookie(state: &AppState, token: &str, seconds: u32) -> Response {
    let secure = if state.config.public_url.starts_with("https://") {
        "; Secure"
    } else {
        ""
    };
    let cookie = format!(
        "{SESSION_COOKIE}={token}; Path={CODEC_PATH}; Max-Age={seconds}; HttpOnly; SameSite=Strict{secure}"
    );
    let mut response = StatusCode::NO_CONTENT.into_response();
    if let Ok(value) = HeaderValue::from_str(&cookie) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    response
}

/// A request to the codec without an access token takes the one in the session cookie.
fn token_from_cookie(request: &mut Request) {
    if request.headers().contains_key(header::AUTHORIZATION) {
        return;
    }
    let jar = axum_extra::extract::cookie::CookieJar::from_headers(request.headers());
    let bearer = jar
        .get(SESSION_COOKIE)
        .map(|cookie| cookie.value().to_owned())
        .filter(|token| !token.is_empty())
        .and_then(|token| HeaderValue::from_str(&format!("Bearer {token}")).ok());
    if let Some(bearer) = bearer {
        request.headers_mut().insert(header::AUTHORIZATION, bearer);
    }
}

/// Each payload read from its JSON form, changed by `change`, and written back; the first one
/// that cannot be read or changed is named by its place.
fn convert(
    body: CodecPayloads,
    change: impl Fn(Payload) -> Result<Payload, CodecError>,
) -> Result<CodecPayloads, ApiError> {
    let payloads = body
        .payloads
        .into_iter()
        .enumerate()
        .map(|(index, json)| {
            let field = format!("payloads[{index}]");
            let payload =
                from_json(json).map_err(|message| ApiError::bad_field(&field, &message))?;
            let changed = change(payload).map_err(|error| {
                ApiError::Rejected(domain::Rejection::field(&field, &error.to_string()))
            })?;
            Ok(to_json(changed))
        })
        .collect::<Result<_, ApiError>>()?;
    Ok(CodecPayloads { payloads })
}

fn from_json(json: CodecPayload) -> Result<Payload, String> {
    let decode = |text: &str, what: &str| {
        STANDARD
            .decode(text)
            .map_err(|_| format!("{what} is not standard base64"))
    };
    let metadata = json
        .metadata
        .iter()
        .map(|(name, value)| Ok((name.clone(), decode(value, &format!("metadata {name:?}"))?)))
        .collect::<Result<_, String>>()?;
    Ok(Payload {
        metadata,
        data: decode(&json.data, "data")?,
        ..Default::default()
    })
}

fn to_json(payload: Payload) -> CodecPayload {
    CodecPayload {
        metadata: payload
            .metadata
            .into_iter()
            .map(|(name, value)| (name, STANDARD.encode(value)))
            .collect(),
        data: STANDARD.encode(payload.data),
    }
}

/// Cross-origin access to the codec for the Temporal Web UI's origin only: the preflight is
/// answered here, and every answer (refusals too, so the UI can tell) carries the headers; a
/// call with no access token takes the session cookie's. Other paths pass through untouched.
pub async fn cors(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    if !request.uri().path().starts_with(CODEC_PATH) {
        return next.run(request).await;
    }
    token_from_cookie(&mut request);
    let allowed = allowed_origin(&state, request.headers());
    if request.method() == Method::OPTIONS {
        let mut response = StatusCode::NO_CONTENT.into_response();
        if let Some(origin) = &allowed {
            add_cors_headers(response.headers_mut(), origin);
            let headers = response.headers_mut();
            headers.insert(
                header::ACCESS_CONTROL_ALLOW_METHODS,
                HeaderValue::from_static("POST, OPTIONS"),
            );
            headers.insert(
                header::ACCESS_CONTROL_ALLOW_HEADERS,
                HeaderValue::from_static("authorization, content-type, x-namespace"),
            );
            headers.insert(
                header::ACCESS_CONTROL_MAX_AGE,
                HeaderValue::from_static("600"),
            );
        }
        return response;
    }
    let mut response = next.run(request).await;
    if let Some(origin) = &allowed {
        add_cors_headers(response.headers_mut(), origin);
    }
    response
}

/// The request's `Origin` when it is the Temporal Web UI's.
fn allowed_origin(state: &AppState, headers: &HeaderMap) -> Option<HeaderValue> {
    let ui = state.config.temporal_ui_url.as_deref()?;
    let ui = url::Url::parse(ui).ok()?.origin().ascii_serialization();
    let origin = headers.get(header::ORIGIN)?;
    (origin.to_str().ok()? == ui).then(|| origin.clone())
}

fn add_cors_headers(headers: &mut HeaderMap, origin: &HeaderValue) {
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin.clone());
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_CREDENTIALS,
        HeaderValue::from_static("true"),
    );
    headers.append(header::VARY, HeaderValue::from_static("Origin"));
}
