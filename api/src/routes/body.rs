//! Reading the fields of a JSON request body that the handlers take one by one, so each
//! missing or mistyped field gets a 400 naming it (§7 bodies mix ids, flags and dates).

use crate::error::ApiError;
use domain::{ApplicantId, FieldError};
use serde_json::{Map, Value};

pub fn field_error(field: &str, message: impl Into<String>) -> ApiError {
    ApiError::BadRequest {
        detail: "The request could not be read".into(),
        errors: vec![FieldError::new(field, message)],
    }
}

/// A required, non-blank string, trimmed.
pub fn text<'a>(body: &'a Map<String, Value>, field: &str) -> Result<&'a str, ApiError> {
    match body.get(field) {
        Some(Value::String(text)) if !text.trim().is_empty() => Ok(text.trim()),
        _ => Err(field_error(field, format!("{field} is required"))),
    }
}

/// An application reference sent as a number or a string, under `field`.
pub fn application_ref(body: &Map<String, Value>, field: &str) -> Result<String, ApiError> {
    match body.get(field) {
        Some(Value::Number(n)) => Ok(n.to_string()),
        Some(Value::String(s)) if !s.trim().is_empty() => Ok(s.trim().to_owned()),
        _ => Err(field_error(field, format!("{field} is required"))),
    }
}

/// The `applicantId` field; an id that cannot exist is "Applicant not found".
pub fn applicant_id(body: &Map<String, Value>) -> Result<ApplicantId, ApiError> {
    let id = text(body, "applicantId")?;
    ApplicantId::parse(id).ok_or_else(|| ApiError::not_found("Applicant"))
}

/// A required true or false.
pub fn flag(body: &Map<String, Value>, field: &str) -> Result<bool, ApiError> {
    match body.get(field) {
        Some(Value::Bool(value)) => Ok(*value),
        _ => Err(field_error(field, format!("{field} must be true or false"))),
    }
}

/// Refuses any field not in `allowed`, naming it: a misspelt field must not be ignored.
pub fn only_fields(body: &Map<String, Value>, allowed: &[&str]) -> Result<(), ApiError> {
    match body.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(other) => Err(field_error(
            other,
            format!("{other} is not a field of this request"),
        )),
        None => Ok(()),
    }
}
