//! Why a command was refused, in a shape every layer can carry unchanged: the workflow's update
//! validator returns it, Temporal transports it as the failure message, and the API turns it
//! into `application/problem+json` naming each field (§5, §8).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One rule a field broke, named by the JSON field the adviser attempted to set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FieldError {
    /// The JSON field the message is about, for example `dateOfBirth` or `applicants`.
    pub field: String,
    /// The message shown beside the field.
    pub message: String,
}

impl FieldError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// The class of a refusal, which decides its HTTP status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RejectionKind {
    /// The command breaks a rule about its own fields or the application's state (422).
    Invalid,
    /// Something the command refers to does not exist (404), for example "Applicant not found".
    NotFound,
    /// The application is in a state where the command is not allowed (409).
    Conflict,
}

/// A refused command. Nothing was written when a command is refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "camelCase")]
#[error("{message}")]
pub struct Rejection {
    pub kind: RejectionKind,
    /// A one-line summary for the problem's `detail`.
    pub message: String,
    /// The fields at fault; may be empty for a rejection about the whole application.
    pub errors: Vec<FieldError>,
}

impl Rejection {
    pub fn invalid(errors: Vec<FieldError>) -> Self {
        let message = match errors.as_slice() {
            [only] => only.message.clone(),
            _ => "Some details need correcting.".to_owned(),
        };
        Self {
            kind: RejectionKind::Invalid,
            message,
            errors,
        }
    }

    pub fn field(field: &str, message: &str) -> Self {
        Self::invalid(vec![FieldError::new(field, message)])
    }

    pub fn not_found(message: &str) -> Self {
        Self {
            kind: RejectionKind::NotFound,
            message: message.to_owned(),
            errors: Vec::new(),
        }
    }

    pub fn conflict(message: &str) -> Self {
        Self {
            kind: RejectionKind::Conflict,
            message: message.to_owned(),
            errors: Vec::new(),
        }
    }
}

/// Collects field errors across several checks so the adviser sees all of them at once.
#[derive(Debug, Default)]
pub struct Errors(Vec<FieldError>);

impl Errors {
    pub fn push(&mut self, field: &str, message: &str) {
        self.0.push(FieldError::new(field, message));
    }

    pub fn extend(&mut self, errors: impl IntoIterator<Item = FieldError>) {
        self.0.extend(errors);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub(crate) fn into_vec(self) -> Vec<FieldError> {
        self.0
    }

    /// `Ok(value)` when nothing was collected, otherwise an [`RejectionKind::Invalid`] rejection.
    pub fn into_result<T>(self, value: T) -> Result<T, Rejection> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(Rejection::invalid(self.0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_field_error_becomes_the_summary() {
        let rejection =
            Rejection::field("applicants", "An application can have at most 2 clients.");
        assert_eq!(
            rejection.message,
            "An application can have at most 2 clients."
        );
        assert_eq!(rejection.kind, RejectionKind::Invalid);
    }
}
