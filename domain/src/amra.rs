//! Access to Medical Reports Act consent (§2 AMRA step, §4, §9): when an applicant's AMRA step
//! is ready, and how long consent lasts.

use crate::contact::Examiner;
use chrono::{Months, NaiveDate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// §9.
/// AMRA consent is valid for 12 months.
pub const CONSENT_VALID_MONTHS: u32 = 12;

/// An applicant's answers on the AMRA step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AmraAnswers {
    #[schema(required = true)]
    pub is_amra_consent_granted: Option<bool>,
    /// Whether the client wants to see the medical report before it is sent; `None` until asked.
    #[schema(required = true)]
    pub is_view_medical_reports_requested: Option<bool>,
    /// The day consent was given; it lasts 12 months.
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub amra_consent_granted_on: Option<NaiveDate>,
    /// Set when consent ran out after 12 months; consent must be given again.
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub amra_consent_expired_on: Option<NaiveDate>,
}

impl AmraAnswers {
    // §4 "AMRA is ready when ...".
    /// The AMRA step is ready when consent is granted, the client has said whether they want to see
    /// their medical report, and their doctor's details are complete.
    pub fn is_ready(&self, examiner: Option<&Examiner>) -> bool {
        self.is_amra_consent_granted == Some(true)
            && self.is_view_medical_reports_requested.is_some()
            && examiner.is_some_and(|e| e.is_examiner_details_valid)
    }
}

/// The last day consent given on `granted_on` covers.
pub fn consent_expires(granted_on: NaiveDate) -> NaiveDate {
    granted_on
        .checked_add_months(Months::new(CONSENT_VALID_MONTHS))
        .and_then(|d| d.pred_opt())
        .unwrap_or(granted_on)
}

pub fn is_consent_current(granted_on: NaiveDate, today: NaiveDate) -> bool {
    today >= granted_on && today <= consent_expires(granted_on)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amra_is_ready_only_with_consent_an_answer_on_reports_and_a_valid_examiner() {
        let valid = Examiner {
            is_examiner_details_valid: true,
            ..Examiner::default()
        };
        let invalid = Examiner::default();
        let ready = AmraAnswers {
            is_amra_consent_granted: Some(true),
            is_view_medical_reports_requested: Some(false),
            ..AmraAnswers::default()
        };
        assert!(
            ready.is_ready(Some(&valid)),
            "not wanting to see the report is still an answer"
        );
        assert!(!ready.is_ready(Some(&invalid)));
        assert!(!ready.is_ready(None), "no examiner yet");
        let refused = AmraAnswers {
            is_amra_consent_granted: Some(false),
            ..ready
        };
        assert!(!refused.is_ready(Some(&valid)));
        let unasked = AmraAnswers {
            is_amra_consent_granted: None,
            ..ready
        };
        assert!(!unasked.is_ready(Some(&valid)));
        let undecided = AmraAnswers {
            is_view_medical_reports_requested: None,
            ..ready
        };
        assert!(!undecided.is_ready(Some(&valid)));
    }

    #[test]
    fn consent_lasts_twelve_months_to_the_day_before() {
        let granted = NaiveDate::from_ymd_opt(2026, 2, 28).unwrap();
        assert_eq!(
            consent_expires(granted),
            NaiveDate::from_ymd_opt(2027, 2, 27).unwrap()
        );
        assert!(is_consent_current(
            granted,
            NaiveDate::from_ymd_opt(2027, 2, 27).unwrap()
        ));
        assert!(!is_consent_current(
            granted,
            NaiveDate::from_ymd_opt(2027, 2, 28).unwrap()
        ));
        assert!(!is_consent_current(
            granted,
            NaiveDate::from_ymd_opt(2026, 2, 27).unwrap()
        ));
    }
}
