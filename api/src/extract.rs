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

/// Reads a JSON object into `T`, naming the field at fault in a 400: a missing required field
/// by serde's own message, a field of the wrong type by reading each field on its own (the
/// bodies read this way have optional fields, or required ones the caller sent).
pub fn read_fields<T: serde::de::DeserializeOwned>(
    body: &Map<String, Value>,
) -> Result<T, ApiError> {
    let whole = match serde_json::from_value::<T>(Value::Object(body.clone())) {
        Ok(value) => return Ok(value),
        Err(error) => error,
    };
    let message = whole.to_string();
    let message = message
        .split(" at line ")
        .next()
        .unwrap_or(&message)
        .to_owned();
    if let Some(field) = message
        .strip_prefix("missing field `")
        .and_then(|rest| rest.split('`').next())
    {
        return Err(bad_field(field, &format!("{field} is required")));
    }
    // The field whose removal makes the rest readable is the one at fault.
    for key in body.keys() {
        let mut rest = body.clone();
        rest.remove(key);
        let at_fault = match serde_json::from_value::<T>(Value::Object(rest)) {
            Ok(_) => true,
            // A required field: without it the only complaint is that it is missing.
            Err(error) => error
                .to_string()
                .starts_with(&format!("missing field `{key}`")),
        };
        if at_fault {
            return Err(bad_field(key, &message));
        }
    }
    Err(bad_field("body", &message))
}

fn bad_field(field: &str, message: &str) -> ApiError {
    ApiError::BadRequest {
        detail: "The request could not be read".into(),
        errors: vec![domain::FieldError::new(field, message)],
    }
}
