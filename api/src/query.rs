//! Query strings. A handler reads its query with [`InQuery`], into one typed struct
//! (`utoipa::IntoParams`, so the OpenAPI document describes what is read): a parameter the struct
//! requires is one it does not wrap in `Option`. Repeated keys fill a list (`status=QUOTE&
//! status=APPLY`). Anything unreadable is a 400 naming the parameter at fault, as [`Body`]
//! names a body's field.
//!
//! [`Body`]: crate::body::Body

use crate::error::ApiError;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

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

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

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
