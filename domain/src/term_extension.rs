//! Extending a quote's validity by a declaration of health (§4 "Other transitions", §8, §9):
//! offered while the application is extensible and has not been extended; once only, by 90
//! days; a disclosed change in health blocks it.

use crate::errors::{Errors, FieldError, Rejection};
use crate::underwriting::Answer;
use chrono::{Duration, NaiveDate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// §9.
/// How far an extension moves the valid-until date.
pub const EXTENSION_DAYS: i64 = 90;
// §8.
/// The title when an extension is refused; the reasons follow it.
pub(crate) const CANNOT_EXTEND: &str = "Terms can't be extended";
pub(crate) const ALREADY_EXTENDED: &str = "Terms have already been extended once";
pub const NOT_EXTENSIBLE: &str = "This quote's terms cannot be extended";

/// The outcome of the declaration of health for a term extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum DeclarationOfHealthStatus {
    /// No change in health: the terms are extended.
    Passed,
    /// A change in health was disclosed: the terms stand as they were.
    Failed,
    // §4 "on failure the status becomes Error".
    /// The declaration could not be assessed; the extension may be tried again.
    Error,
}

/// One client's answers to the declaration-of-health questions, each `yes` or `no`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicantDeclaration {
    pub applicant_id: String,
    pub all_answers: Vec<Answer>,
    #[serde(default)]
    pub exclusives: Vec<String>,
}

/// How close to its valid-until date a quote must be before its terms may be extended
/// (docs/decisions.md M12): an extension is for a case that is running out of time.
pub(crate) const EXTENSION_WINDOW_DAYS: i64 = 14;

/// Whether a quote valid until `valid_until` may be extended on `today`: it has not expired
/// and expires within [`EXTENSION_WINDOW_DAYS`].
pub(crate) fn within_window(valid_until: NaiveDate, today: NaiveDate) -> bool {
    today <= valid_until && valid_until - today <= Duration::days(EXTENSION_WINDOW_DAYS)
}

/// One declaration-of-health question (`product/term-extension/declaration-of-health.json`):
/// answered yes or no; "yes" discloses a change in health, for the `reason` given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HealthQuestion {
    pub tag: String,
    pub text: String,
    /// Why a "yes" blocks the extension, as the adviser reads it.
    pub reason: String,
}

/// The declaration-of-health questions, as the insurer sets them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeclarationOfHealth {
    pub questions: Vec<HealthQuestion>,
}

pub const ANSWER_YES: &str = "yes";
pub const ANSWER_NO: &str = "no";

impl DeclarationOfHealth {
    /// Reads and checks the questions: at least one, tags unique and non-blank, texts given.
    pub fn parse(text: &str) -> Result<Self, String> {
        let parsed: Self = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if parsed.questions.is_empty() {
            return Err("questions must not be empty".into());
        }
        for (i, q) in parsed.questions.iter().enumerate() {
            if q.tag.trim().is_empty() || q.text.trim().is_empty() || q.reason.trim().is_empty() {
                return Err(format!(
                    "question {}: tag, text and reason are required",
                    i + 1
                ));
            }
            if parsed.questions[..i].iter().any(|other| other.tag == q.tag) {
                return Err(format!("question {}: tag {} is used twice", i + 1, q.tag));
            }
        }
        Ok(parsed)
    }

    /// The changes in health the answers disclose, as "Client N: reason", or the questions
    /// left unanswered (or answered other than yes or no), named by applicant and tag. Every
    /// applicant in `applicants` (in order) must answer every question.
    pub fn disclosed_changes(
        &self,
        applicants: &[String],
        declarations: &[ApplicantDeclaration],
    ) -> Result<Vec<String>, Vec<FieldError>> {
        let mut errors = Errors::default();
        let mut reasons = Vec::new();
        for declaration in declarations {
            if !applicants.contains(&declaration.applicant_id) {
                errors.push("applicants", "Applicant not found");
            }
        }
        for (i, applicant) in applicants.iter().enumerate() {
            let answers = declarations
                .iter()
                .find(|d| &d.applicant_id == applicant)
                .map(|d| d.all_answers.as_slice())
                .unwrap_or_default();
            for question in &self.questions {
                let answer = answers.iter().find(|a| a.tag == question.tag);
                match answer
                    .map(|a| a.value.trim().to_ascii_lowercase())
                    .as_deref()
                {
                    Some(ANSWER_NO) => {}
                    Some(ANSWER_YES) => {
                        reasons.push(format!("Client {}: {}", i + 1, question.reason))
                    }
                    _ => errors.push(
                        &format!("applicants[{i}].{}", question.tag),
                        "Please answer yes or no",
                    ),
                }
            }
        }
        errors.into_result(reasons).map_err(|r| r.errors)
    }
}

// §4 "Term extension is offered when isTermExtensible is true and extendedOnDate is null."
/// Offered while the quote is extensible and has not been extended.
pub(crate) fn is_offered(is_term_extensible: bool, extended_on: Option<NaiveDate>) -> bool {
    is_term_extensible && extended_on.is_none()
}

/// The result of completing an extension.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Extended {
    pub valid_until: NaiveDate,
    pub extended_on: NaiveDate,
    pub status: DeclarationOfHealthStatus,
}

// §8 "Terms can't be extended, with reasons".
/// Completes an extension on `today`. `disclosed_changes` are the health changes the declaration
/// revealed (the rulebook's reasons); any one blocks the extension with "Terms can't be extended"
/// and its reasons. Refused when not offered.
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

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn questions() -> DeclarationOfHealth {
        DeclarationOfHealth::parse(
            r#"{ "questions": [
                { "tag": "DOH_SYMPTOMS", "text": "New symptoms?", "reason": "New symptoms since the quote" },
                { "tag": "DOH_TESTS", "text": "Tests pending?", "reason": "Tests awaiting results" }
            ] }"#,
        )
        .unwrap()
    }

    fn declaration(applicant: &str, answers: &[(&str, &str)]) -> ApplicantDeclaration {
        ApplicantDeclaration {
            applicant_id: applicant.into(),
            all_answers: answers
                .iter()
                .map(|(tag, value)| Answer {
                    tag: (*tag).into(),
                    value: (*value).into(),
                })
                .collect(),
            exclusives: vec![],
        }
    }

    #[test]
    fn the_questions_file_is_checked() {
        assert!(DeclarationOfHealth::parse(r#"{ "questions": [] }"#).is_err());
        let twice = r#"{ "questions": [
            { "tag": "A", "text": "t", "reason": "r" }, { "tag": "A", "text": "t", "reason": "r" } ] }"#;
        assert_eq!(
            DeclarationOfHealth::parse(twice).unwrap_err(),
            "question 2: tag A is used twice"
        );
        let blank = r#"{ "questions": [ { "tag": "A", "text": " ", "reason": "r" } ] }"#;
        assert!(DeclarationOfHealth::parse(blank).is_err());
        assert!(DeclarationOfHealth::parse("{").is_err());
    }

    #[test]
    fn every_client_answers_every_question_yes_or_no() {
        let clients = ["a1".to_owned(), "a2".to_owned()];
        let all_no = [
            declaration("a1", &[("DOH_SYMPTOMS", "No"), ("DOH_TESTS", "no")]),
            declaration("a2", &[("DOH_SYMPTOMS", "no"), ("DOH_TESTS", " NO ")]),
        ];
        assert_eq!(questions().disclosed_changes(&clients, &all_no), Ok(vec![]));
        let disclosed = [
            declaration("a1", &[("DOH_SYMPTOMS", "no"), ("DOH_TESTS", "no")]),
            declaration("a2", &[("DOH_SYMPTOMS", "yes"), ("DOH_TESTS", "Yes")]),
        ];
        assert_eq!(
            questions().disclosed_changes(&clients, &disclosed).unwrap(),
            [
                "Client 2: New symptoms since the quote",
                "Client 2: Tests awaiting results"
            ]
        );
        let missing = [declaration("a1", &[("DOH_SYMPTOMS", "maybe")])];
        let fields: Vec<String> = questions()
            .disclosed_changes(&clients, &missing)
            .unwrap_err()
            .into_iter()
            .map(|e| e.field)
            .collect();
        assert_eq!(
            fields,
            [
                "applicants[0].DOH_SYMPTOMS",
                "applicants[0].DOH_TESTS",
                "applicants[1].DOH_SYMPTOMS",
                "applicants[1].DOH_TESTS"
            ]
        );
        let stranger = [declaration("zz", &[])];
        assert!(
            questions()
                .disclosed_changes(&clients[..0], &stranger)
                .is_err()
        );
    }

    #[test]
    fn the_window_opens_fourteen_days_before_the_valid_until_date_and_closes_after_it() {
        let until = d(2026, 12, 20);
        assert!(!within_window(until, d(2026, 12, 5)));
        assert!(within_window(until, d(2026, 12, 6)));
        assert!(within_window(until, d(2026, 12, 20)));
        assert!(!within_window(until, d(2026, 12, 21)));
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
            refused.unwrap_err().message,
            "Terms can't be extended: New diagnosis since the quote; Awaiting tests"
        );
    }

    #[test]
    fn a_second_extension_or_one_not_offered_is_refused() {
        let second = complete(
            true,
            Some(d(2026, 11, 1)),
            d(2027, 3, 1),
            d(2026, 11, 22),
            &[],
        );
        assert_eq!(second.unwrap_err().message, ALREADY_EXTENDED);
        let not_offered = complete(false, None, d(2027, 3, 1), d(2026, 11, 22), &[]);
        assert_eq!(not_offered.unwrap_err().message, NOT_EXTENSIBLE);
    }
}
