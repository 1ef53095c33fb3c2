//! Request extractors that turn unreadable input into a 400 problem naming what is wrong,
//! instead of axum's plain-text rejections.

use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::header::CONTENT_TYPE;
use serde_json::{Map, Value};

/// Largest JSON body accepted; an applicant or cover is a few hundred bytes.
pub const MAX_JSON_BODY: usize = 64 * 1024;

/// A JSON object body, read field by field by the domain parsers so each bad field gets its
/// own message.
#[derive(Debug)]
pub struct JsonObject(pub Map<String, Value>);

impl<S: Send + Sync> FromRequest<S> for JsonObject {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let is_json = request
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                v.split(';')
                    .next()
                    .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
            });
        if !is_json {
            return Err(ApiError::BadRequest {
                detail: "Send the request body as JSON with Content-Type: application/json".into(),
                errors: Vec::new(),
            });
        }
        let bytes =
            Bytes::from_request(request, state)
                .await
                .map_err(|_| ApiError::BadRequest {
                    detail: format!(
                        "The request body could not be read (at most {MAX_JSON_BODY} bytes)"
                    ),
                    errors: Vec::new(),
                })?;
        match serde_json::from_slice::<Value>(&bytes) {
            Ok(Value::Object(map)) => Ok(JsonObject(map)),
            Ok(_) => Err(ApiError::BadRequest {
                detail: "The request body must be a JSON object".into(),
                errors: Vec::new(),
            }),
            Err(error) => Err(ApiError::BadRequest {
                detail: format!("The request body is not valid JSON: {error}"),
                errors: Vec::new(),
            }),
        }
    }
}
