//! Query strings. A handler reads its query with [`InQuery`], into one typed struct
//! (`utoipa::IntoParams`, so the OpenAPI document describes what is read): a parameter the struct
//! requires is one it does not wrap in `Option`. Repeated keys fill a list (`status=QUOTE&
//! status=APPLY`). Anything unreadable is a 400 naming the parameter at fault, as [`Body`]
//! names a body's field.
//!
//! An empty value of an optional parameter reads as left out (`?searchTerm=` searches for
//! everything). Where a blank must be refused instead, the field reads the text as sent
//! ([`as_sent`], [`date_as_sent`]).
//!
//! [`Body`]: crate::body::Body

use crate::error::ApiError;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use chrono::NaiveDate;
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer};

/// The request's query string read into `T`.
#[derive(Debug)]
pub struct InQuery<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for InQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        read_query(parts.uri.query().unwrap_or_default()).map(InQuery)
    }
}

/// Reads `query` into `T`; an error names the parameter at fault where it can.
pub(crate) fn read_query<T: DeserializeOwned>(query: &str) -> Result<T, ApiError> {
    let parse = form_urlencoded::parse(query.as_bytes());
    serde_path_to_error::deserialize(serde_html_form::Deserializer::new(parse)).map_err(|error| {
        let message = error.inner().to_string();
        let field = match error.path().to_string() {
            path if path != "." => Some(path),
            // serde names a missing parameter only in its message: "missing field `email`".
            _ => message
                .strip_prefix("missing field `")
                .and_then(|rest| rest.strip_suffix('`'))
                .map(str::to_owned),
        };
        match field {
            Some(field) if message.starts_with("missing field") => {
                ApiError::bad_field(&field, &format!("The query parameter {field} is required"))
            }
            Some(field) => ApiError::bad_field(
                &field,
                &format!("The query parameter {field} could not be read: {message}"),
            ),
            None => ApiError::BadRequest {
                detail: format!("The query string could not be read: {message}"),
                errors: Vec::new(),
            },
        }
    })
}

/// A parameter's text as sent, so `?to=` is the blank text it is, not a parameter left out: use
/// with `#[serde(default, deserialize_with = "as_sent")]` on an `Option<String>`.
pub fn as_sent<'de, D: Deserializer<'de>>(sent: D) -> Result<Option<String>, D::Error> {
    String::deserialize(sent).map(Some)
}

/// A date parameter (`YYYY-MM-DD`) read as sent: `?day=` is refused like any text that is not a
/// date. Use with `#[serde(default, deserialize_with = "date_as_sent")]` on an
/// `Option<NaiveDate>`.
pub fn date_as_sent<'de, D: Deserializer<'de>>(sent: D) -> Result<Option<NaiveDate>, D::Error> {
    let text = String::deserialize(sent)?;
    domain::dates::parse_iso_date(&text)
        .map(Some)
        .ok_or_else(|| D::Error::custom("it must be a date, YYYY-MM-DD"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "camelCase")]
    struct Search {
        email: String,
        #[serde(default)]
        status: Vec<String>,
        page: Option<u32>,
    }

    fn field_of(error: ApiError) -> (String, String) {
        match error {
            ApiError::BadRequest { detail, errors } => (
                errors.first().map(|e| e.field.clone()).unwrap_or_default(),
                detail,
            ),
            other => panic!("not a 400: {other:?}"),
        }
    }

    #[test]
    fn reads_repeated_keys_into_a_list_and_leaves_out_what_is_optional() {
        let search: Search = read_query("email=a%40b.com&status=QUOTE&status=APPLY").unwrap();
        assert_eq!(search.email, "a@b.com");
        assert_eq!(search.status, ["QUOTE", "APPLY"]);
        assert_eq!(search.page, None);
    }

    #[derive(Debug, Deserialize)]
    struct Day {
        #[serde(default, deserialize_with = "date_as_sent")]
        day: Option<NaiveDate>,
    }

    #[test]
    fn a_blank_date_read_as_sent_is_refused_and_one_left_out_is_none() {
        assert_eq!(read_query::<Day>("").unwrap().day, None);
        assert_eq!(
            read_query::<Day>("day=2026-11-29").unwrap().day,
            NaiveDate::from_ymd_opt(2026, 11, 29)
        );
        let (field, detail) = field_of(read_query::<Day>("day=").unwrap_err());
        assert_eq!(field, "day");
        assert!(detail.contains("must be a date"), "{detail}");
    }

    #[test]
    fn names_a_missing_parameter_and_one_that_cannot_be_read() {
        let (field, detail) = field_of(read_query::<Search>("status=QUOTE").unwrap_err());
        assert_eq!(
            (field.as_str(), detail.as_str()),
            ("email", "The query parameter email is required")
        );
        let (field, detail) = field_of(read_query::<Search>("email=x&page=two").unwrap_err());
        assert_eq!(field, "page");
        assert!(
            detail.starts_with("The query parameter page could not be read"),
            "{detail}"
        );
    }
}
