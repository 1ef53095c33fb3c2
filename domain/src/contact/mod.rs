//! Contact details of applicants and surgeries (§3, §4, §5): postcodes, phone numbers, email
//! addresses, postal addresses and the examiner, each a type that only a valid value can
//! enter, plus the per-applicant contact state and the rule for when contacts are valid.

pub mod address;
pub mod email;
pub mod examiner;
pub mod phone;
pub mod postcode;

pub use address::{AddressLine, AddressLookupResult, ContactDetails, ContactDetailsForm};
pub use email::EmailAddress;
pub use examiner::{Examiner, ExaminerForm};
pub use phone::PhoneNumber;
pub use postcode::Postcode;

use email::{BLACKLIST_MESSAGE, INVALID_MESSAGE};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// §5, §7.
/// The email service's status for an address its providers refuse.
pub const FAILURE_BLACKLIST: &str = "FailureBlacklist";
/// The email service's status for a temporary (disposable) address.
pub const FAILURE_DISPOSABLE: &str = "FailureDisposable";
/// The email service's status when the domain could not be checked just now; the address is
/// accepted on its syntax (M3, M4).
pub const UNCHECKED: &str = "Unchecked";
pub(crate) const DISPOSABLE_MESSAGE: &str = "This is a temporary email address. Please use the client's own address, so they receive future communications from us.";
pub const UNCHECKED_MESSAGE: &str =
    "We couldn't check this email's domain just now. Please make sure it is typed correctly.";

/// The email service's answer about an address: whether it can be used, and the service's status.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailCheck {
    pub is_valid: bool,
    pub status: Option<String>,
}

// §5 email messages; docs/decisions.md K17.
/// Why the email service's answer refuses an address, as the adviser reads it: the blacklist
/// message, the temporary-address message, or 'Invalid email'.
pub fn email_refusal(check: &EmailCheck) -> Option<&'static str> {
    match (check.is_valid, check.status.as_deref()) {
        (true, _) => None,
        (false, Some(FAILURE_BLACKLIST)) => Some(BLACKLIST_MESSAGE),
        (false, Some(FAILURE_DISPOSABLE)) => Some(DISPOSABLE_MESSAGE),
        (false, _) => Some(INVALID_MESSAGE),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(is_valid: bool, status: Option<&str>) -> Option<&'static str> {
        email_refusal(&EmailCheck {
            is_valid,
            status: status.map(str::to_owned),
        })
    }

    #[test]
    fn the_email_service_decides_whether_an_address_is_refused() {
        assert_eq!(refusal(true, Some("Success")), None);
        assert_eq!(refusal(false, Some("Failure")), Some(INVALID_MESSAGE));
        assert_eq!(refusal(false, None), Some(INVALID_MESSAGE));
    }

    #[test]
    fn a_temporary_address_gets_its_own_message_and_an_unchecked_domain_passes() {
        assert_eq!(
            refusal(false, Some(FAILURE_DISPOSABLE)),
            Some(DISPOSABLE_MESSAGE)
        );
        assert_eq!(refusal(true, Some(UNCHECKED)), None);
    }

    #[test]
    fn a_blacklisted_provider_gets_the_spec_message() {
        assert_eq!(
            refusal(false, Some(FAILURE_BLACKLIST)),
            Some(BLACKLIST_MESSAGE)
        );
    }
}
