//! Access to Medical Reports Act consent (§2 AMRA step, §4, §9): an applicant's answers on the
//! AMRA step, and how long consent lasts.

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

/// The last day consent given on `granted_on` covers.
pub(crate) fn consent_expires(granted_on: NaiveDate) -> NaiveDate {
    granted_on
        .checked_add_months(Months::new(CONSENT_VALID_MONTHS))
        .and_then(|d| d.pred_opt())
        .unwrap_or(granted_on)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn consent_lasts_twelve_months_to_the_day_before() {
        let granted = NaiveDate::from_ymd_opt(2026, 2, 28).unwrap();
        assert_eq!(
            consent_expires(granted),
            NaiveDate::from_ymd_opt(2027, 2, 27).unwrap()
        );
    }
}
