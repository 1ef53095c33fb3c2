//! Extending a quote's validity by a declaration of health (§4 "Other transitions", §8, §9):
//! offered while the application is extensible and has not been extended; once only, by 90
//! days; a disclosed change in health blocks it.

use crate::errors::Rejection;
use crate::underwriting::Answer;
use chrono::{Duration, NaiveDate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How far an extension moves the valid-until date (§9).
pub const EXTENSION_DAYS: i64 = 90;
/// §8's title when an extension is refused; the reasons follow it.
pub const CANNOT_EXTEND: &str = "Terms can't be extended";
pub const ALREADY_EXTENDED: &str = "Terms have already been extended once";
pub const NOT_EXTENSIBLE: &str = "This quote's terms cannot be extended";

/// The outcome of the declaration of health (§3 `declarationOfHealthStatus`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum DeclarationOfHealthStatus {
    /// No change in health: the terms are extended.
    Passed,
    /// A change in health was disclosed: the terms stand as they were.
    Failed,
    /// The declaration could not be assessed (§4 "on failure the status becomes Error").
    Error,
}

/// One applicant's answers to the declaration-of-health questions (§3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicantDeclaration {
    pub applicant_id: String,
    pub all_answers: Vec<Answer>,
    #[serde(default)]
    pub exclusives: Vec<String>,
}

/// §4 "Term extension is offered when isTermExtensible is true and extendedOnDate is null."
pub fn is_offered(is_term_extensible: bool, extended_on: Option<NaiveDate>) -> bool {
    is_term_extensible && extended_on.is_none()
}

/// The result of completing an extension.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extended {
    pub valid_until: NaiveDate,
    pub extended_on: NaiveDate,
    pub status: DeclarationOfHealthStatus,
}

/// Completes an extension on `today`. `disclosed_changes` are the health changes the
/// declaration revealed (the rulebook's reasons); any one blocks the extension with §8's
/// message and its reasons. Refused when not offered.
pub fn complete(
    is_term_extensible: bool,
    extended_on: Option<NaiveDate>,
    valid_until: NaiveDate,
    today: NaiveDate,
    disclosed_changes: &[String],
) -> Result<Extended, Rejection> {
    if extended_on.is_some() {
        return Err(Rejection::conflict(ALREADY_EXTENDED));
    }
    if !is_term_extensible {
        return Err(Rejection::conflict(NOT_EXTENSIBLE));
    }
    if !disclosed_changes.is_empty() {
        return Err(Rejection::conflict(&format!(
            "{CANNOT_EXTEND}: {}",
            disclosed_changes.join("; ")
        )));
    }
    Ok(Extended {
        valid_until: valid_until.max(today) + Duration::days(EXTENSION_DAYS),
        extended_on: today,
        status: DeclarationOfHealthStatus::Passed,
    })
}

/// The status recorded after an attempt: the declaration's outcome, or Error when the
/// extension failed for any other reason (§4).
pub fn status_after(
    attempt: &Result<Extended, Rejection>,
    disclosed_changes: &[String],
) -> DeclarationOfHealthStatus {
    match attempt {
        Ok(extended) => extended.status,
        Err(_) if !disclosed_changes.is_empty() => DeclarationOfHealthStatus::Failed,
        Err(_) => DeclarationOfHealthStatus::Error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn an_extension_is_offered_once_to_an_extensible_application() {
        assert!(is_offered(true, None));
        assert!(!is_offered(true, Some(d(2026, 1, 1))));
        assert!(!is_offered(false, None));
    }

    #[test]
    fn extending_adds_ninety_days_and_records_when() {
        let extended = complete(true, None, d(2026, 12, 1), d(2026, 11, 22), &[]).unwrap();
        assert_eq!(extended.valid_until, d(2027, 3, 1));
        assert_eq!(extended.extended_on, d(2026, 11, 22));
        assert_eq!(extended.status, DeclarationOfHealthStatus::Passed);
    }

    #[test]
    fn an_expired_quote_is_extended_from_today() {
        let extended = complete(true, None, d(2026, 10, 1), d(2026, 11, 22), &[]).unwrap();
        assert_eq!(extended.valid_until, d(2027, 2, 20));
    }

    #[test]
    fn a_disclosed_change_in_health_blocks_the_extension_with_its_reasons() {
        let reasons = vec![
            "New diagnosis since the quote".to_owned(),
            "Awaiting tests".to_owned(),
        ];
        let refused = complete(true, None, d(2026, 12, 1), d(2026, 11, 22), &reasons);
        assert_eq!(
            refused.as_ref().unwrap_err().message,
            "Terms can't be extended: New diagnosis since the quote; Awaiting tests"
        );
        assert_eq!(
            status_after(&refused, &reasons),
            DeclarationOfHealthStatus::Failed
        );
    }

    #[test]
    fn a_second_extension_is_refused_and_recorded_as_an_error() {
        let second = complete(
            true,
            Some(d(2026, 11, 1)),
            d(2027, 3, 1),
            d(2026, 11, 22),
            &[],
        );
        assert_eq!(second.as_ref().unwrap_err().message, ALREADY_EXTENDED);
        assert_eq!(status_after(&second, &[]), DeclarationOfHealthStatus::Error);
        let not_offered = complete(false, None, d(2027, 3, 1), d(2026, 11, 22), &[]);
        assert_eq!(not_offered.unwrap_err().message, NOT_EXTENSIBLE);
    }
}
