//! Policies (§1 step 9, §3 `policyReference`, §9 "Cancellation refund within 30 days"): when an
//! application is put in force each client with cover gets a policy of their own, with a policy
//! number, a start date and a 30-day window in which they may cancel for a full refund.

use crate::cover::CoverLength;
use crate::dates::{anniversary, start_of_uk_day};
use crate::ids::{ApplicantId, ApplicationId};
use crate::money::Money;
use chrono::{DateTime, Days, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// §9 "Cancellation refund within 30 days"; FCA ICOBS 7.1: the 30 days run from when the
// contract is concluded and the terms are received, which is when the portal issues them.
/// Days after the policy documents are issued in which a client may cancel and have every premium
/// refunded.
pub const CANCELLATION_DAYS: u64 = 30;

/// Where a policy stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PolicyStatus {
    /// Put in force with a start date still to come.
    AwaitingStart,
    /// On risk: the insurer pays a valid claim.
    InForce,
}

impl PolicyStatus {
    pub fn label(self) -> &'static str {
        match self {
            PolicyStatus::AwaitingStart => "Starts on its start date",
            PolicyStatus::InForce => "In force",
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            PolicyStatus::AwaitingStart => "awaitingStart",
            PolicyStatus::InForce => "inForce",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [PolicyStatus::AwaitingStart, PolicyStatus::InForce]
            .into_iter()
            .find(|s| s.code() == code)
    }
}

/// A document issued with a policy, stored so the client's copy never changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PolicyDocument {
    /// The stored document's id, for `GET document/{documentId}/{fileName}`.
    pub document_id: String,
    pub file_name: String,
    /// What the adviser reads, for example "Policy schedule".
    pub title: String,
}

/// One client's policy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Policy {
    /// The policy number, for example `PP0010000115`.
    pub policy_reference: String,
    /// The client the policy covers; also the policyholder's id (`policyHolderId`).
    pub applicant_id: ApplicantId,
    pub holder_name: String,
    pub issued_at: DateTime<Utc>,
    #[schema(value_type = String, format = Date)]
    pub starts_on: NaiveDate,
    /// The last day on which the client may cancel with every premium refunded.
    #[schema(value_type = String, format = Date)]
    pub cancellation_ends_on: NaiveDate,
    /// Set by the workflow's timer once the cancellation window has passed.
    #[serde(default)]
    #[schema(required = true)]
    pub cancellation_window_closed: bool,
    /// The monthly premium on the decision's terms.
    pub monthly_premium: Money,
    pub status: PolicyStatus,
    #[serde(default)]
    #[schema(required = true)]
    pub documents: Vec<PolicyDocument>,
}

impl Policy {
    /// The moment the policy goes on risk: the start of its start date, UK time.
    pub(crate) fn on_risk_at(&self) -> DateTime<Utc> {
        start_of_uk_day(self.starts_on)
    }

    /// The moment the cancellation window closes: the end of its last day, UK time.
    pub(crate) fn cancellation_closes_at(&self) -> DateTime<Utc> {
        start_of_uk_day(
            self.cancellation_ends_on
                .succ_opt()
                .unwrap_or(self.cancellation_ends_on),
        )
    }
}

/// The last day of the cancellation window for documents issued on `issued_on`.
pub fn cancellation_ends_on(issued_on: NaiveDate) -> NaiveDate {
    issued_on
        .checked_add_days(Days::new(CANCELLATION_DAYS))
        .unwrap_or(issued_on)
}

// Issue 32; docs/decisions.md AJ13.
/// The day a cover on a policy starting on `starts_on` ends: the anniversary of the start date
/// after its term, or the client's birthday at the age it runs to (`None` without a date of
/// birth). Both are anniversaries, so a 29 February start or birth ends on 1 March in a common
/// year, as a leap-day birthday falls (C3). `None` for a cover with no length of its own
/// (children's cover rides on its parent's).
pub fn cover_ends_on(
    length: Option<CoverLength>,
    starts_on: NaiveDate,
    born: Option<NaiveDate>,
) -> Option<NaiveDate> {
    match length? {
        CoverLength::Years(years) => anniversary(starts_on, years),
        CoverLength::ToAge(age) => anniversary(born?, age),
    }
}

/// The policy number of the `client`-th client (1 or 2) of an application: `PP`, the
/// application reference in 8 digits, the client's number and a Luhn check digit, so a digit
/// mistyped or two swapped when an adviser reads it out are caught. Derived, not drawn: the
/// same application always gives the same numbers, so putting it in force twice cannot issue
/// a second policy.
pub fn policy_reference(application: ApplicationId, client: usize) -> String {
    let digits = format!("{:08}{client}", application.get());
    format!("PP{digits}{}", luhn_check_digit(&digits))
}

/// Whether `reference` is a well-formed policy number (its check digit agrees).
pub fn is_policy_reference(reference: &str) -> bool {
    let Some(digits) = reference.strip_prefix("PP") else {
        return false;
    };
    if digits.len() < 10 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let (body, check) = digits.split_at(digits.len() - 1);
    check.starts_with(luhn_check_digit(body))
}

/// The Luhn (mod 10) check digit of a string of ASCII digits.
fn luhn_check_digit(digits: &str) -> char {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 0 {
                let doubled = d * 2;
                if doubled > 9 { doubled - 9 } else { doubled }
            } else {
                d
            }
        })
        .sum();
    char::from_digit((10 - sum % 10) % 10, 10).unwrap_or('0')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: i64) -> ApplicationId {
        ApplicationId::new(n).unwrap()
    }

    #[test]
    fn policy_numbers_carry_the_application_and_client_with_a_luhn_check_digit() {
        // Luhn over 001000011, from the right: 1x2 + 1 + 1x2 = 5, so the check digit is 5.
        assert_eq!(policy_reference(id(100001), 1), "PP0010000115");
        // 001000012: 2x2 + 1 + 1x2 = 7, so 3.
        assert_eq!(policy_reference(id(100001), 2), "PP0010000123");
        assert!(is_policy_reference("PP0010000115"));
        assert!(is_policy_reference(&policy_reference(id(987654321), 2)));
    }

    #[test]
    fn a_mistyped_or_swapped_digit_is_caught() {
        assert!(!is_policy_reference("PP0010000116"), "wrong check digit");
        assert!(!is_policy_reference("PP0010001115"), "one digit mistyped");
        assert!(!is_policy_reference("PP0100000115"), "two digits swapped");
        assert!(!is_policy_reference("0010000115"), "no prefix");
        assert!(!is_policy_reference("PP00100A0115"), "a letter");
    }

    fn d(year: i32, month: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(year, month, day).unwrap()
    }

    #[test]
    fn a_term_cover_ends_on_the_start_dates_anniversary_after_its_term() {
        let years = |n| Some(CoverLength::Years(n));
        let born = Some(d(1985, 6, 23));
        assert_eq!(
            cover_ends_on(years(20), d(2026, 11, 22), born),
            Some(d(2046, 11, 22))
        );
        assert_eq!(
            cover_ends_on(years(1), d(2026, 12, 31), born),
            Some(d(2027, 12, 31))
        );
        assert_eq!(
            cover_ends_on(years(10), d(2026, 2, 28), None),
            Some(d(2036, 2, 28))
        );
        // A leap-day start: 1 March in a common year, 29 February in a leap year.
        assert_eq!(
            cover_ends_on(years(10), d(2028, 2, 29), born),
            Some(d(2038, 3, 1))
        );
        assert_eq!(
            cover_ends_on(years(12), d(2028, 2, 29), born),
            Some(d(2040, 2, 29))
        );
        assert_eq!(cover_ends_on(years(u32::MAX), d(2026, 1, 1), born), None);
    }

    #[test]
    fn a_cover_to_an_age_ends_on_the_birthday_the_client_reaches_it() {
        let to = |age| Some(CoverLength::ToAge(age));
        let start = d(2026, 11, 22);
        assert_eq!(
            cover_ends_on(to(65), start, Some(d(1985, 6, 23))),
            Some(d(2050, 6, 23))
        );
        // Born on 29 February: 1 March in a common year (2045), the day itself in a leap year.
        assert_eq!(
            cover_ends_on(to(65), start, Some(d(1980, 2, 29))),
            Some(d(2045, 3, 1))
        );
        assert_eq!(
            cover_ends_on(to(64), start, Some(d(1984, 2, 29))),
            Some(d(2048, 2, 29))
        );
        // The day before the birthday is still cover; the client is 64 until it.
        let born = d(1980, 2, 29);
        let ends = cover_ends_on(to(65), start, Some(born)).unwrap();
        assert_eq!(
            crate::dates::age_on(born, ends.pred_opt().unwrap()),
            Some(64)
        );
        assert_eq!(crate::dates::age_on(born, ends), Some(65));
    }

    #[test]
    fn a_cover_without_a_length_or_a_date_of_birth_to_reach_has_no_end_date() {
        assert_eq!(
            cover_ends_on(None, d(2026, 11, 22), Some(d(1985, 6, 23))),
            None
        );
        assert_eq!(
            cover_ends_on(Some(CoverLength::ToAge(65)), d(2026, 11, 22), None),
            None
        );
    }

    #[test]
    fn the_cancellation_window_runs_thirty_days_from_issue_to_the_end_of_its_last_day() {
        let issued = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
        assert_eq!(
            cancellation_ends_on(issued),
            NaiveDate::from_ymd_opt(2026, 12, 24).unwrap()
        );
        let policy = Policy {
            policy_reference: "PP0010000115".into(),
            applicant_id: ApplicantId::parse("a1").unwrap(),
            holder_name: "Alan Turing".into(),
            issued_at: start_of_uk_day(issued),
            starts_on: NaiveDate::from_ymd_opt(2027, 4, 1).unwrap(),
            cancellation_ends_on: cancellation_ends_on(issued),
            cancellation_window_closed: false,
            monthly_premium: Money::ZERO,
            status: PolicyStatus::AwaitingStart,
            documents: Vec::new(),
        };
        // Midnight in London on Christmas Day is midnight UTC (GMT).
        assert_eq!(
            policy.cancellation_closes_at().to_rfc3339(),
            "2026-12-25T00:00:00+00:00"
        );
        // 1 April 2027 is in British Summer Time: the day starts at 23:00 UTC the day before.
        assert_eq!(
            policy.on_risk_at().to_rfc3339(),
            "2027-03-31T23:00:00+00:00"
        );
    }
}
