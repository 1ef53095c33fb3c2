//! The quote (§3 Quote) and its time rules: how long a quote stays valid and how far an adviser
//! may move that date (§5 "Dates"), and when a policy may start.

use crate::decision::Decision;
use crate::errors::FieldError;
use crate::ids::CoverId;
use crate::money::{Money, Percentage};
use chrono::{Duration, Months, NaiveDate};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A quote stays valid this long after it is created (docs/decisions.md D8).
pub const QUOTE_VALIDITY_DAYS: i64 = 30;
/// With the adviser's `overrideQuoteDate` flag the valid-until date may go beyond 30 days, up
/// to this many days after the quote was created (docs/decisions.md D8).
pub(crate) const OVERRIDE_QUOTE_VALIDITY_DAYS: i64 = 90;
// §5's wording.
/// The message for a valid-until date outside its bounds.
pub(crate) const INVALID_DATE: &str = "This date is invalid";
// The "3" of §9; docs/decisions.md D9.
/// A policy may start at most this many months ahead.
pub const POLICY_START_MAX_MONTHS: u32 = 3;

/// A priced quote: the total monthly premium and each client's covers with their premiums.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    pub id: String,
    #[schema(value_type = String, format = Date)]
    pub quote_created_date: NaiveDate,
    #[schema(value_type = String, format = Date)]
    pub quote_age_date: NaiveDate,
    #[schema(required = true)]
    pub adviser_at_firm_location_id: Option<String>,
    #[schema(required = true)]
    pub initial_indemnity_percentage: Option<Percentage>,
    #[schema(required = true)]
    pub initial_commission_sacrifice_percentage: Option<Percentage>,
    #[schema(required = true)]
    pub initial_commission: Option<Money>,
    /// Total monthly premium.
    pub premium: Money,
    /// Total premium over the terms of all covers.
    #[schema(required = true)]
    pub lifetime_premium: Option<Money>,
    /// Monthly premium before any underwriting loading.
    #[schema(required = true)]
    pub unloaded_premium: Option<Money>,
    #[schema(required = true)]
    pub discount: Option<Money>,
    pub quote_applicants: Vec<QuoteApplicant>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteApplicant {
    pub id: String,
    pub premium: Money,
    pub quote_covers: Vec<QuoteCover>,
    #[schema(required = true)]
    pub quote_decision_model: Option<Decision>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteCover {
    pub cover_id: CoverId,
    pub premium: Money,
    #[schema(required = true)]
    pub decision: Option<Decision>,
    pub riders: Vec<QuoteRider>,
    /// How the premium was built, line by line, for the quote document.
    pub breakdown: Vec<PremiumLine>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteRider {
    pub rider_id: CoverId,
    pub premium: Money,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PremiumLine {
    pub label: String,
    pub amount: Money,
}

/// The valid-until date a new quote gets.
pub(crate) fn default_valid_until(quote_created: NaiveDate) -> NaiveDate {
    quote_created + Duration::days(QUOTE_VALIDITY_DAYS)
}

// §5, §6 `overrideQuoteDate`.
/// The earliest and latest valid-until date an adviser may choose: from today, up to 30 days after
/// the quote was created, or 90 with the `overrideQuoteDate` flag.
pub(crate) fn valid_until_bounds(
    quote_created: NaiveDate,
    today: NaiveDate,
    may_override: bool,
) -> (NaiveDate, NaiveDate) {
    let days = if may_override {
        OVERRIDE_QUOTE_VALIDITY_DAYS
    } else {
        QUOTE_VALIDITY_DAYS
    };
    (today, quote_created + Duration::days(days))
}

// §5.
/// A valid-until date outside its bounds gets "This date is invalid".
pub fn check_valid_until(
    valid_until: NaiveDate,
    quote_created: NaiveDate,
    today: NaiveDate,
    may_override: bool,
) -> Result<(), FieldError> {
    let (earliest, latest) = valid_until_bounds(quote_created, today, may_override);
    if valid_until < earliest || valid_until > latest {
        Err(FieldError::new("quoteValidUntilDate", INVALID_DATE))
    } else {
        Ok(())
    }
}

/// Whether a quote has expired on `today` (it is valid through its valid-until date).
pub fn is_expired(valid_until: NaiveDate, today: NaiveDate) -> bool {
    today > valid_until
}

/// The latest policy start date: three calendar months from today, at the month's end when
/// that day does not exist (30 November → 28 or 29 February).
pub(crate) fn latest_policy_start(today: NaiveDate) -> NaiveDate {
    today
        .checked_add_months(Months::new(POLICY_START_MAX_MONTHS))
        .unwrap_or(today)
}

// §5 "Policy start date must be between today and a later bound".
/// A future start date must be from today to three months ahead.
pub fn check_policy_start(start: NaiveDate, today: NaiveDate) -> Result<(), FieldError> {
    let latest = latest_policy_start(today);
    if start < today || start > latest {
        Err(FieldError::new(
            "policyStartDate",
            format!(
                "The policy start date must be between {} and {}",
                today.format("%d/%m/%Y"),
                latest.format("%d/%m/%Y")
            ),
        ))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Datelike;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn is_month_end(date: NaiveDate) -> bool {
        (date + Duration::days(1)).month() != date.month()
    }

    #[test]
    fn valid_until_runs_from_today_to_thirty_days_after_the_quote() {
        let created = d(2026, 11, 1);
        let today = d(2026, 11, 10);
        assert_eq!(default_valid_until(created), d(2026, 12, 1));
        assert!(check_valid_until(today, created, today, false).is_ok());
        assert!(check_valid_until(d(2026, 12, 1), created, today, false).is_ok());
        let late = check_valid_until(d(2026, 12, 2), created, today, false).unwrap_err();
        assert_eq!(late.message, INVALID_DATE);
        assert!(
            check_valid_until(d(2026, 11, 9), created, today, false).is_err(),
            "yesterday"
        );
    }

    #[test]
    fn the_override_flag_stretches_valid_until_to_ninety_days() {
        let created = d(2026, 11, 1);
        let today = d(2026, 11, 10);
        assert!(check_valid_until(d(2027, 1, 30), created, today, true).is_ok());
        assert!(check_valid_until(d(2027, 1, 31), created, today, true).is_err());
        assert!(check_valid_until(d(2027, 1, 30), created, today, false).is_err());
    }

    #[test]
    fn a_quote_is_valid_through_its_last_day() {
        assert!(!is_expired(d(2026, 12, 1), d(2026, 12, 1)));
        assert!(is_expired(d(2026, 12, 1), d(2026, 12, 2)));
    }

    #[test]
    fn a_policy_starts_between_today_and_three_months_ahead() {
        let today = d(2026, 11, 22);
        assert!(check_policy_start(today, today).is_ok());
        assert!(check_policy_start(d(2027, 2, 22), today).is_ok());
        let late = check_policy_start(d(2027, 2, 23), today).unwrap_err();
        assert_eq!(
            late.message,
            "The policy start date must be between 22/11/2026 and 22/02/2027"
        );
        assert!(check_policy_start(d(2026, 11, 21), today).is_err());
    }

    #[test]
    fn three_months_from_the_end_of_november_is_the_end_of_february() {
        assert_eq!(latest_policy_start(d(2026, 11, 30)), d(2027, 2, 28));
        assert_eq!(latest_policy_start(d(2027, 11, 30)), d(2028, 2, 29));
        assert!(is_month_end(latest_policy_start(d(2026, 11, 30))));
    }
}
