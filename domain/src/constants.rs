//! The business constants and limits of §9 in one index: those no other module owns are
//! defined here, each named for what it limits; those a rule module owns are re-exported from
//! it, so there is still one definition. Also the §9 dress-size scales. The idle log-out (§1, §9)
//! runs only in the browser, so its timer and events are the SPA's alone
//! (`web/src/lib/rules/constants.ts`, docs/decisions.md EP6); here is only the default timeout
//! the server's configuration falls back to.
//!
//! §9's unexplained list "10, 23, 8, 100, 8, 30, 3, 60, 60" is read as (docs/decisions.md
//! J18): 10 rows a dashboard page ([`DASHBOARD_PAGE_SIZE`]); 23, the children's age limit
//! ([`MAX_CHILD_AGE`]); 8 beneficiaries ([`MAX_BENEFICIARIES`]); 100, the longest name or email
//! and the percentage an allocation must total ([`EMAIL_MAX_CHARS`],
//! [`ALLOCATION_TOTAL_PERCENT`]); 8, the shortest password ([`PASSWORD_MIN_CHARS`]); 30, the
//! days a quote is valid before the override ([`QUOTE_VALIDITY_DAYS`]); 3, the months ahead a
//! policy may start ([`POLICY_START_MAX_MONTHS`]); 60, the seconds before expiry at which the
//! token is renewed ([`TOKEN_RENEWAL_SECONDS_BEFORE_EXPIRY`]); and 60, the seconds in a minute
//! in which the idle timeout is stated to the adviser ([`SECONDS_PER_MINUTE`]).

use crate::money::Money;
use serde::{Deserialize, Serialize};

pub use crate::amra::CONSENT_VALID_MONTHS as AMRA_CONSENT_VALID_MONTHS;
pub use crate::applicant::{MAX_AGE, MIN_AGE, NAME_MAX_CHARS};
pub use crate::application::{MAX_APPLICANTS, MEDICAL_REPORT_HELD_DAYS};
pub use crate::beneficiaries::MAX_BENEFICIARIES;
pub use crate::children::CHILD_AGE_LIMIT as MAX_CHILD_AGE;
pub use crate::contact::address::ADDRESS_LINE_MAX_CHARS;
pub use crate::contact::email::EMAIL_MAX_CHARS;
pub use crate::dashboard::PAGE_SIZE as DASHBOARD_PAGE_SIZE;
/// A client who cancels within 30 days has their premiums refunded (the policy's window).
pub use crate::policy::CANCELLATION_DAYS as CANCELLATION_REFUND_DAYS;
pub use crate::quote::{POLICY_START_MAX_MONTHS, QUOTE_VALIDITY_DAYS};
pub use crate::sign_in::{PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS};
pub use crate::term_extension::EXTENSION_DAYS as TERM_EXTENSION_DAYS;

// §4, §9.
/// A term may be extended once only.
pub const TERM_EXTENSIONS_ALLOWED: u32 = 1;

/// The insurer may ask for information up to 6 months after cover starts.
pub const INFORMATION_REQUEST_MONTHS_AFTER_COVER: u32 = 6;
// §9; the ABI Code on Genetic Testing and Insurance sets this limit for life cover.
/// Genetic test results must be disclosed for cover above £500,000.
pub const GENETIC_TEST_DISCLOSURE_THRESHOLD_POUNDS: u64 = 500_000;
/// Unborn children are covered for some conditions only if the cover was in place 9 months before
/// the birth.
pub const UNBORN_CHILD_COVER_MONTHS_BEFORE_BIRTH: u32 = 9;

// §3 contact details.
/// An address has three lines: address1 (required), address2 and address3.
pub const ADDRESS_LINES: usize = 3;
/// A UK phone number has 10 or 11 digits once spaces are removed.
pub const PHONE_MIN_DIGITS: usize = 10;
pub const PHONE_MAX_DIGITS: usize = 11;
// §5, §9.
/// Beneficiaries' shares of a cover must total exactly this percentage.
pub const ALLOCATION_TOTAL_PERCENT: u32 = 100;

// §2 "6 seconds", §9 "6000 ms".
/// How long the adviser-firm-location snackbar stays up.
pub const SNACKBAR_MS: u32 = 6_000;
// §6 "near expiry"; the second-to-last "60" of §9, also oidc-client-ts's default.
/// The identity token is renewed silently this long before it expires.
pub const TOKEN_RENEWAL_SECONDS_BEFORE_EXPIRY: u32 = 60;
/// The idle timeout is configured in seconds and told to advisers in minutes.
pub const SECONDS_PER_MINUTE: u32 = 60;
/// `IDLE_TIMEOUT_SECONDS` when the configuration leaves it out (docs/decisions.md L3).
pub const DEFAULT_IDLE_TIMEOUT_SECONDS: u32 = 1_800;

/// The genetic test disclosure threshold as money.
pub(crate) fn genetic_test_disclosure_threshold() -> Money {
    Money::from_pounds(GENETIC_TEST_DISCLOSURE_THRESHOLD_POUNDS)
        .expect("£500,000 is within the money limit")
}

/// Whether cover of `amount` means genetic test results must be disclosed: above the
/// threshold, not at it (J20).
pub fn genetic_test_disclosure_required(amount: Money) -> bool {
    amount > genetic_test_disclosure_threshold()
}

// §9 dress size scales.
/// The dress-size scales, a question key of the underwriting interview.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DressSizeScale {
    Uk,
    European,
    Us,
    Australia,
}

impl DressSizeScale {
    pub const ALL: [DressSizeScale; 4] = [
        DressSizeScale::Uk,
        DressSizeScale::European,
        DressSizeScale::Us,
        DressSizeScale::Australia,
    ];

    pub fn code(self) -> &'static str {
        match self {
            DressSizeScale::Uk => "uk",
            DressSizeScale::European => "european",
            DressSizeScale::Us => "us",
            DressSizeScale::Australia => "australia",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.code() == code)
    }

    /// The sizes offered, smallest first: uk 4 to 26 by 2; european 32 to 54 by 2; us 1, 2,
    /// then 4 to 22 by 2; australia 4 to 26 by 2.
    pub fn sizes(self) -> Vec<u32> {
        match self {
            DressSizeScale::Uk | DressSizeScale::Australia => (4..=26).step_by(2).collect(),
            DressSizeScale::European => (32..=54).step_by(2).collect(),
            DressSizeScale::Us => [1].into_iter().chain((2..=22).step_by(2)).collect(),
        }
    }
}

#[cfg(test)]
mod tests;
