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

use crate::errors::{Errors, FieldError};
use crate::ids::ApplicantId;
use address::AddressCheck;
use email::{BLACKLIST_MESSAGE, EmailError, INVALID_MESSAGE, check_confirmation};
use phone::PhoneError;
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
pub const DISPOSABLE_MESSAGE: &str = "This is a temporary email address. Please use the client's own address, so they receive future communications from us.";
pub const UNCHECKED_MESSAGE: &str =
    "We couldn't check this email's domain just now. Please make sure it is typed correctly.";
// §8.
/// The fallback when a failed call carries no message.
pub const UNKNOWN_ERROR: &str = "Unknown error";

// §5; docs/decisions.md K15.
/// What a client's contact details need before the application moves on: an address of their own
/// unless they share the other client's, a phone number, and an email address. Field names are the
/// JSON names of [`ContactDetails`].
pub fn check_applicant_contact(form: &ContactDetailsForm, shares_address: bool) -> Vec<FieldError> {
    let mut errors = Errors::default();
    if !shares_address {
        errors.extend(form.address_errors());
    }
    if let Err(e) = PhoneNumber::parse(form.phone_number.as_deref().unwrap_or("")) {
        errors.push("phoneNumber", &e.to_string());
    }
    if let Err(e) = EmailAddress::parse(form.email_address.as_deref().unwrap_or("")) {
        errors.push("emailAddress", &e.to_string());
    }
    errors.into_vec()
}

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

// §3 "Contact state per applicant".
/// What the contact-details page knows about one client while the adviser works through it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactState {
    pub applicant_id: ApplicantId,
    /// The addresses a postcode lookup found.
    pub postal_addresses: Vec<AddressLookupResult>,
    /// The address chosen from the lookup, once fetched.
    pub address: Option<AddressLookupResult>,
    pub email_valid: bool,
    pub email_match: bool,
    pub email_error: Option<String>,
    pub phone_number_valid: bool,
    pub error: Option<String>,
}

impl ContactState {
    pub fn new(applicant_id: ApplicantId) -> Self {
        Self {
            applicant_id,
            postal_addresses: Vec::new(),
            address: None,
            email_valid: false,
            email_match: false,
            email_error: None,
            phone_number_valid: false,
            error: None,
        }
    }

    // §5 "Contacts are valid only when ..."; docs/decisions.md K16.
    /// Contacts are valid only when the email matches its confirmation, the email and phone are
    /// valid, and no error is outstanding, on the email or on the page.
    pub fn is_valid(&self) -> bool {
        self.email_match
            && self.email_valid
            && self.phone_number_valid
            && self.email_error.is_none()
            && self.error.is_none()
    }

    /// The adviser changed the email or its confirmation. The address is not valid until the
    /// email service has said so, so `emailValid` waits for [`Self::record_email_check`]; a
    /// syntax fault is shown at once. Returns the address to send to the service.
    pub fn email_entered(
        &mut self,
        email: &str,
        confirmation: &str,
    ) -> Result<EmailAddress, EmailError> {
        self.email_valid = false;
        self.email_match = check_confirmation(email, confirmation).is_ok();
        let parsed = EmailAddress::parse(email);
        self.email_error = parsed.as_ref().err().map(ToString::to_string);
        parsed
    }

    // §4 email validation; §5 messages; docs/decisions.md K17.
    /// A successful check with `isValid` true sets `emailValid`; anything else leaves it false and
    /// sets an error: the blacklist message, 'Invalid email', or the failed call's own message.
    pub fn record_email_check(&mut self, outcome: Result<EmailCheck, String>) {
        let error = match outcome {
            Ok(check) => email_refusal(&check).map(str::to_owned),
            Err(message) if message.trim().is_empty() => Some(UNKNOWN_ERROR.to_owned()),
            Err(message) => Some(message),
        };
        self.email_valid = error.is_none();
        self.email_error = error;
    }

    /// The adviser changed the phone number.
    pub fn phone_entered(&mut self, text: &str) -> Result<PhoneNumber, PhoneError> {
        let parsed = PhoneNumber::parse(text);
        self.phone_number_valid = parsed.is_ok();
        parsed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state() -> ContactState {
        ContactState::new(ApplicantId::parse("a1").unwrap())
    }

    fn valid_state() -> ContactState {
        let mut s = state();
        s.email_entered("jane@example.com", "jane@example.com")
            .unwrap();
        s.record_email_check(Ok(EmailCheck {
            is_valid: true,
            status: None,
        }));
        s.phone_entered("07700 900123").unwrap();
        s
    }

    #[test]
    fn contacts_are_valid_when_match_email_and_phone_are_valid_and_no_error() {
        assert!(valid_state().is_valid());
        assert!(!state().is_valid());
    }

    #[test]
    fn any_one_failure_makes_contacts_invalid() {
        let breakers: [fn(&mut ContactState); 5] = [
            |s| s.email_match = false,
            |s| s.email_valid = false,
            |s| s.phone_number_valid = false,
            |s| s.error = Some("Error".into()),
            |s| s.email_error = Some(INVALID_MESSAGE.into()),
        ];
        for (i, spoil) in breakers.iter().enumerate() {
            let mut s = valid_state();
            spoil(&mut s);
            assert!(!s.is_valid(), "breaker {i}");
        }
    }

    #[test]
    fn a_new_email_waits_for_the_service_before_it_is_valid() {
        let mut s = valid_state();
        s.email_entered("john@example.com", "john@example.com")
            .unwrap();
        assert!(!s.email_valid && s.email_match && s.email_error.is_none());
    }

    #[test]
    fn entering_a_bad_or_unconfirmed_email_says_so_at_once() {
        let mut s = state();
        assert!(s.email_entered("", "").is_err());
        assert_eq!(
            s.email_error.as_deref(),
            Some("Please enter an email address")
        );
        assert!(s.email_entered("jane@", "jane@").is_err());
        assert_eq!(s.email_error.as_deref(), Some("Invalid email"));
        s.email_entered("jane@example.com", "jane@example.co")
            .unwrap();
        assert!(!s.email_match);
    }

    #[test]
    fn the_email_service_decides_email_valid() {
        let mut s = state();
        s.record_email_check(Ok(EmailCheck {
            is_valid: true,
            status: Some("Success".into()),
        }));
        assert!(s.email_valid && s.email_error.is_none());
        s.record_email_check(Ok(EmailCheck {
            is_valid: false,
            status: Some("Failure".into()),
        }));
        assert!(!s.email_valid);
        assert_eq!(s.email_error.as_deref(), Some(INVALID_MESSAGE));
    }

    #[test]
    fn a_temporary_address_gets_its_own_message_and_an_unchecked_domain_passes() {
        let mut s = state();
        s.record_email_check(Ok(EmailCheck {
            is_valid: false,
            status: Some(FAILURE_DISPOSABLE.into()),
        }));
        assert_eq!(s.email_error.as_deref(), Some(DISPOSABLE_MESSAGE));
        s.record_email_check(Ok(EmailCheck {
            is_valid: true,
            status: Some(UNCHECKED.into()),
        }));
        assert!(s.email_valid && s.email_error.is_none());
    }

    #[test]
    fn a_blacklisted_provider_gets_the_spec_message() {
        let mut s = state();
        let status = Some(FAILURE_BLACKLIST.to_owned());
        s.record_email_check(Ok(EmailCheck {
            is_valid: false,
            status,
        }));
        assert_eq!(s.email_error.as_deref(), Some(BLACKLIST_MESSAGE));
    }

    #[test]
    fn a_failed_call_keeps_its_message_or_falls_back_to_unknown_error() {
        let mut s = valid_state();
        s.record_email_check(Err("Service unavailable".into()));
        assert!(!s.email_valid);
        assert_eq!(s.email_error.as_deref(), Some("Service unavailable"));
        s.record_email_check(Err(String::new()));
        assert_eq!(s.email_error.as_deref(), Some(UNKNOWN_ERROR));
    }

    #[test]
    fn the_phone_number_decides_phone_number_valid() {
        let mut s = valid_state();
        assert!(s.phone_entered("0909 879 0000").is_err());
        assert!(!s.phone_number_valid);
    }

    #[test]
    fn an_applicant_needs_address_phone_and_email_unless_sharing_the_address() {
        let empty = ContactDetailsForm::default();
        let fields = |errors: Vec<FieldError>| -> Vec<String> {
            errors.into_iter().map(|e| e.field).collect()
        };
        assert_eq!(
            fields(check_applicant_contact(&empty, false)),
            [
                "address1",
                "cityName",
                "postcode",
                "phoneNumber",
                "emailAddress"
            ]
        );
        assert_eq!(
            fields(check_applicant_contact(&empty, true)),
            ["phoneNumber", "emailAddress"]
        );
        let complete = ContactDetailsForm {
            phone_number: Some("01632 960000".into()),
            email_address: Some("jane@example.com".into()),
            ..Default::default()
        };
        assert!(check_applicant_contact(&complete, true).is_empty());
    }
}
