//! Request bodies. Each body is one typed struct (serde, `utoipa::ToSchema`), so what is parsed
//! is exactly what the OpenAPI document describes, and a field it does not describe is refused.
//! Bodies must not `#[serde(flatten)]`: keys left over by a flattened struct are dropped
//! unseen, so they could not be refused.
//! [`Body`] reads it and turns anything unreadable into a 400 that names the field at fault,
//! by its path in the body (`applicant.dateOfBirth`, `cover.term`).
//!
//! Two normalisations apply to every body before it is read, as §7 asks of covers ("empty-string
//! values are sent as null") and the portal has always done for every field: text is trimmed,
//! and text that is empty once trimmed counts as null.

use crate::error::ApiError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::header::CONTENT_TYPE;
use domain::FieldError;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Largest JSON body accepted; an applicant or cover is a few hundred bytes.
pub const MAX_JSON_BODY: usize = 64 * 1024;

/// A JSON request body read into `T`.
#[derive(Debug)]
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(&request) {
            return Err(unreadable(
                "Send the request body as JSON with Content-Type: application/json",
            ));
        }
        let bytes = Bytes::from_request(request, state).await.map_err(|_| {
            unreadable(&format!(
                "The request body could not be read (at most {MAX_JSON_BODY} bytes)"
            ))
        })?;
        parse(&bytes).map(Body)
    }
}

/// Most fields named in one refusal; a body with more problems than this is mostly noise.
const MAX_FIELD_ERRORS: usize = 20;

/// Where a field is in a body: object keys and array indices from the top.
type Location = Vec<Step>;

#[derive(Debug, Clone, PartialEq)]
enum Step {
    Key(String),
    Index(usize),
}

/// Reads `bytes` as a `T`. When it cannot, every field at fault is named in one 400, by its
/// path in the body: each problem found is set aside (the field taken out of the body) and the
/// body read again, until it reads or nothing more can be taken out.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut value: Value = serde_json::from_slice(bytes)
        .map_err(|error| unreadable(&format!("The request body is not valid JSON: {error}")))?;
    if !value.is_object() {
        return Err(unreadable("The request body must be a JSON object"));
    }
    normalise(&mut value);
    let mut errors: Vec<FieldError> = Vec::new();
    while errors.len() < MAX_FIELD_ERRORS {
        let (read, ignored) = read_value::<T>(&value);
        let mut progress = false;
        for location in ignored {
            errors.push(FieldError::new(
                name(&location),
                "This field is not recognised",
            ));
            progress |= remove(&mut value, &location);
        }
        match read {
            Ok(read) if errors.is_empty() => return Ok(read),
            Ok(_) => break,
            Err((location, error)) => {
                if errors.iter().any(|e| e.field == error.field) {
                    break;
                }
                errors.push(error);
                // A missing field cannot be taken out; nothing more can be learnt.
                progress |= location.is_some_and(|at| remove(&mut value, &at));
            }
        }
        if !progress {
            break;
        }
    }
    let detail = errors
        .iter()
        .map(|e| format!("{}: {}", e.field, e.message))
        .collect::<Vec<_>>()
        .join("; ");
    Err(ApiError::BadRequest { detail, errors })
}

/// One reading of `value` as a `T`: the result, or the field at fault (with its location when
/// it is in the body), and every field serde ignored on the way.
///
/// The value, not the text, is read: its errors carry no line and column, which mean nothing
/// to the caller once the field is named. Bodies that share a domain type with a response (a
/// child, a beneficiary, contact details) cannot deny unknown fields in serde without also
/// closing the response's schema, so every field serde ignores is refused here.
#[allow(clippy::type_complexity)]
fn read_value<T: DeserializeOwned>(
    value: &Value,
) -> (Result<T, (Option<Location>, FieldError)>, Vec<Location>) {
    let mut ignored = Vec::new();
    let mut note = |path: serde_ignored::Path| ignored.push(ignored_location(&path));
    let read = serde_path_to_error::deserialize(serde_ignored::Deserializer::new(value, &mut note));
    let read = read.map_err(|error| {
        let at: Location = error
            .path()
            .iter()
            .filter_map(|segment| match segment {
                serde_path_to_error::Segment::Map { key } => Some(Step::Key(key.clone())),
                serde_path_to_error::Segment::Seq { index } => Some(Step::Index(*index)),
                _ => None,
            })
            .collect();
        let message = error.into_inner().to_string();
        // A missing field is reported at the object that lacks it; name the field itself.
        // The text is serde's `de::Error::missing_field`, the one message it defines.
        match message
            .strip_prefix("missing field `")
            .and_then(|rest| rest.strip_suffix('`'))
        {
            Some(missing) => {
                let mut field = at;
                field.push(Step::Key(missing.to_owned()));
                (
                    None,
                    FieldError::new(name(&field), format!("{missing} is required")),
                )
            }
            None if at.is_empty() => (None, FieldError::new("body", message)),
            None => (Some(at.clone()), FieldError::new(name(&at), message)),
        }
    });
    (read, ignored)
}

fn ignored_location(path: &serde_ignored::Path) -> Location {
    let mut steps = Vec::new();
    let mut current = path;
    loop {
        match current {
            serde_ignored::Path::Root => break,
            serde_ignored::Path::Seq { parent, index } => {
                steps.push(Step::Index(*index));
                current = parent;
            }
            serde_ignored::Path::Map { parent, key } => {
                steps.push(Step::Key(key.clone()));
                current = parent;
            }
            serde_ignored::Path::Some { parent }
            | serde_ignored::Path::NewtypeStruct { parent }
            | serde_ignored::Path::NewtypeVariant { parent } => current = parent,
        }
    }
    steps.reverse();
    steps
}

/// `applicant.dateOfBirth`, `applicants[1].allAnswers`: a location as the caller names it.
fn name(location: &[Step]) -> String {
    let mut name = String::new();
    for step in location {
        match step {
            Step::Key(key) if name.is_empty() => name.push_str(key),
            Step::Key(key) => {
                name.push('.');
                name.push_str(key);
            }
            Step::Index(index) => name.push_str(&format!("[{index}]")),
        }
    }
    if name.is_empty() {
        "body".to_owned()
    } else {
        name
    }
}

/// Takes the field at `location` out of `value`; false when there is none.
fn remove(value: &mut Value, location: &[Step]) -> bool {
    let Some((last, parents)) = location.split_last() else {
        return false;
    };
    let mut current = value;
    for step in parents {
        current = match (step, current) {
            (Step::Key(key), Value::Object(fields)) => match fields.get_mut(key) {
                Some(next) => next,
                None => return false,
            },
            (Step::Index(index), Value::Array(items)) => match items.get_mut(*index) {
                Some(next) => next,
                None => return false,
            },
            _ => return false,
        };
    }
    match (last, current) {
        (Step::Key(key), Value::Object(fields)) => fields.remove(key).is_some(),
        // An array element is replaced rather than removed, so later indices keep their names.
        (Step::Index(index), Value::Array(items)) => match items.get_mut(*index) {
            Some(item) if !item.is_null() => {
                *item = Value::Null;
                true
            }
            _ => false,
        },
        _ => false,
    }
}

/// Trims every string and turns blank ones into null, at any depth.
fn normalise(value: &mut Value) {
    match value {
        Value::String(text) => {
            let trimmed = text.trim();
            if trimmed.is_empty() {
                *value = Value::Null;
            } else if trimmed.len() != text.len() {
                *text = trimmed.to_owned();
            }
        }
        Value::Array(items) => items.iter_mut().for_each(normalise),
        Value::Object(fields) => fields.values_mut().for_each(normalise),
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

fn is_json(request: &Request) -> bool {
    request
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|media| media.trim().eq_ignore_ascii_case("application/json"))
}

fn unreadable(detail: &str) -> ApiError {
    ApiError::BadRequest {
        detail: detail.to_owned(),
        errors: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    struct Inner {
        term: Option<u32>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    struct Outer {
        application_id: i64,
        name: Option<String>,
        cover: Inner,
    }

    fn refused(json: &str) -> (String, String) {
        match parse::<Outer>(json.as_bytes()) {
            Err(ApiError::BadRequest { errors, .. }) => {
                (errors[0].field.clone(), errors[0].message.clone())
            }
            other => panic!("expected a 400, got {other:?}"),
        }
    }

    #[test]
    fn a_field_of_the_wrong_type_is_named_by_its_path() {
        let (field, message) = refused(r#"{"applicationId": 1, "cover": {"term": "ten"}}"#);
        assert_eq!(field, "cover.term");
        assert!(message.contains("invalid type"), "{message}");
    }

    #[test]
    fn an_unknown_field_is_named_even_when_nested() {
        assert_eq!(
            refused(r#"{"applicationId": 1, "town": "Leeds", "cover": {}}"#).0,
            "town"
        );
        assert_eq!(
            refused(r#"{"applicationId": 1, "cover": {"termYears": 10}}"#).0,
            "cover.termYears"
        );
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Open {
        #[allow(dead_code)]
        first_name: Option<String>,
        #[allow(dead_code)]
        inner: Option<Inner>,
    }

    #[test]
    fn a_field_a_shared_type_would_ignore_is_refused_too() {
        for (body, field) in [
            (r#"{"firstName": "Ada", "surname": "Lovelace"}"#, "surname"),
            (r#"{"inner": {"term": 1, "years": 2}}"#, "inner.years"),
        ] {
            match parse::<Open>(body.as_bytes()) {
                Err(ApiError::BadRequest { errors, .. }) => assert_eq!(errors[0].field, field),
                other => panic!("expected a 400, got {other:?}"),
            }
        }
    }

    #[test]
    fn every_field_at_fault_is_named_in_one_answer() {
        let body = r#"{"applicationId": "x", "town": "Leeds", "cover": {"term": -1, "years": 2}}"#;
        match parse::<Outer>(body.as_bytes()) {
            Err(ApiError::BadRequest { errors, .. }) => {
                let mut fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
                fields.sort_unstable();
                assert_eq!(
                    fields,
                    ["applicationId", "cover.term", "cover.years", "town"]
                );
            }
            other => panic!("expected a 400, got {other:?}"),
        }
    }

    #[test]
    fn a_missing_required_field_is_named() {
        let (field, message) = refused(r#"{"cover": {}}"#);
        assert_eq!(
            (field.as_str(), message.as_str()),
            ("applicationId", "applicationId is required")
        );
        assert_eq!(refused(r#"{"applicationId": 1}"#).0, "cover");
    }

    #[test]
    fn text_is_trimmed_and_blank_text_is_null() {
        let read: Outer =
            parse(br#"{"applicationId": 7, "name": "  Ada  ", "cover": {"term": "  "}}"#).unwrap();
        assert_eq!(read.name.as_deref(), Some("Ada"));
        assert_eq!(read.cover.term, None);
        let blank: Outer = parse(br#"{"applicationId": 7, "name": "", "cover": {}}"#).unwrap();
        assert_eq!(blank.name, None);
    }

    #[test]
    fn a_body_that_is_not_a_json_object_is_refused_as_a_whole() {
        for body in ["[1]", "\"text\"", "{\"applicationId\": 1,", ""] {
            assert!(
                matches!(parse::<Outer>(body.as_bytes()), Err(ApiError::BadRequest { errors, .. }) if errors.is_empty()),
                "{body}"
            );
        }
    }
}
