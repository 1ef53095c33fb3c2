//! Postal addresses (§3 "Contact details", §5 "Address"): the entity with the spec's JSON
//! names, the line and postcode rules, the mapping from address-lookup results, and the rule
//! that every applicant has an address of their own or shares the other applicant's.
//!
//! Two shapes on purpose: [`ContactDetailsForm`] holds text exactly as typed or looked up,
//! and [`ContactDetails`] holds only well-formed values, so a bad postcode or a 41-character
//! line cannot be stored. A form can be incomplete while the adviser works; whether it is
//! complete is a separate question ([`AddressCheck`]).

use crate::contact::email::EmailAddress;
use crate::contact::phone::PhoneNumber;
use crate::contact::postcode::{Postcode, PostcodeError};
use crate::errors::{Errors, FieldError};
use crate::ids::ApplicantId;
use serde::{Deserialize, Serialize};
use std::fmt;
use utoipa::ToSchema;

// §3, §9; docs/decisions.md K13.
/// Longest address line, town or county, in characters. Exactly 40 is allowed.
pub const ADDRESS_LINE_MAX_CHARS: usize = 40;

/// One line of an address: trimmed, not blank, at most 40 characters, no control characters
/// (which would corrupt printed letters and the Bacs file).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(try_from = "String", into = "String")]
#[schema(value_type = String, example = "10 Downing Street")]
pub struct AddressLine(String);

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AddressLineError {
    #[error("the line is blank")]
    Empty,
    #[error("the line is longer than 40 characters")]
    TooLong,
    #[error("the line contains control characters")]
    ControlCharacters,
}

impl AddressLine {
    pub fn parse(text: &str) -> Result<Self, AddressLineError> {
        let text = text.trim();
        if text.is_empty() {
            Err(AddressLineError::Empty)
        } else if text.chars().count() > ADDRESS_LINE_MAX_CHARS {
            Err(AddressLineError::TooLong)
        } else if text.chars().any(char::is_control) {
            Err(AddressLineError::ControlCharacters)
        } else {
            Ok(AddressLine(text.to_owned()))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for AddressLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for AddressLine {
    type Error = AddressLineError;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        AddressLine::parse(&text)
    }
}

impl From<AddressLine> for String {
    fn from(line: AddressLine) -> String {
        line.0
    }
}

/// The contact details of a client or a surgery: address, phone number and email. Every value
/// present is well formed; completeness is checked when it is needed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactDetails {
    #[schema(required = true)]
    pub address1: Option<AddressLine>,
    #[schema(required = true)]
    pub address2: Option<AddressLine>,
    #[schema(required = true)]
    pub address3: Option<AddressLine>,
    #[schema(required = true)]
    pub city_name: Option<AddressLine>,
    #[schema(required = true)]
    pub county: Option<AddressLine>,
    #[schema(required = true)]
    pub postcode: Option<Postcode>,
    #[schema(required = true)]
    pub phone_number: Option<PhoneNumber>,
    #[schema(required = true)]
    pub email_address: Option<EmailAddress>,
}

impl ContactDetails {
    /// These details with the address (lines, town, county and postcode) of `home`: a client
    /// who shares the other client's address keeps their own phone number and email.
    pub fn at_address_of(&self, home: &ContactDetails) -> ContactDetails {
        ContactDetails {
            phone_number: self.phone_number.clone(),
            email_address: self.email_address.clone(),
            ..home.clone()
        }
    }
}

/// Contact details as typed or looked up, before any rule is applied.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ContactDetailsForm {
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub address3: Option<String>,
    pub city_name: Option<String>,
    pub county: Option<String>,
    pub postcode: Option<String>,
    pub phone_number: Option<String>,
    pub email_address: Option<String>,
}

/// Each address field with the label its messages use, in the order the form shows them.
const LINES: [(&str, &str); 5] = [
    ("address1", "Address line 1"),
    ("address2", "Address line 2"),
    ("address3", "Address line 3"),
    ("cityName", "Town or city"),
    ("county", "County"),
];

pub(crate) const ADDRESS1_REQUIRED: &str = "Please enter the first line of the address";
pub(crate) const CITY_REQUIRED: &str = "Please enter a town or city";

/// Text that is absent or only whitespace counts as not given.
fn given(text: &Option<String>) -> Option<&str> {
    text.as_deref().map(str::trim).filter(|t| !t.is_empty())
}

fn read_line(
    text: &Option<String>,
    field: &str,
    label: &str,
    errors: &mut Errors,
) -> Option<AddressLine> {
    match AddressLine::parse(given(text)?) {
        Ok(line) => Some(line),
        Err(AddressLineError::TooLong) => {
            let message = format!("{label} must be {ADDRESS_LINE_MAX_CHARS} characters or fewer");
            errors.push(field, &message);
            None
        }
        Err(_) => {
            errors.push(field, &format!("{label} cannot contain control characters"));
            None
        }
    }
}

impl ContactDetailsForm {
    /// The address lines, town and county, in the order of [`LINES`].
    fn lines(&self) -> [&Option<String>; 5] {
        [
            &self.address1,
            &self.address2,
            &self.address3,
            &self.city_name,
            &self.county,
        ]
    }

    /// Every value given must be well-formed; nothing is required here (see [`AddressCheck`]).
    pub fn parse(&self) -> Result<ContactDetails, Vec<FieldError>> {
        let mut errors = Errors::default();
        let lines = self.lines();
        let [address1, address2, address3, city_name, county] = std::array::from_fn(|i| {
            let (field, label) = LINES[i];
            read_line(lines[i], field, label, &mut errors)
        });
        let postcode = read(&self.postcode, "postcode", Postcode::parse, &mut errors);
        let phone_number = read(
            &self.phone_number,
            "phoneNumber",
            PhoneNumber::parse,
            &mut errors,
        );
        let email_address = read(
            &self.email_address,
            "emailAddress",
            EmailAddress::parse,
            &mut errors,
        );
        errors
            .into_result(ContactDetails {
                address1,
                address2,
                address3,
                city_name,
                county,
                postcode,
                phone_number,
                email_address,
            })
            .map_err(|rejection| rejection.errors)
    }
}

fn read<T, E: fmt::Display>(
    text: &Option<String>,
    field: &str,
    parse: impl Fn(&str) -> Result<T, E>,
    errors: &mut Errors,
) -> Option<T> {
    match parse(given(text)?) {
        Ok(value) => Some(value),
        Err(e) => {
            errors.push(field, &e.to_string());
            None
        }
    }
}

// §5 address rules.
/// What must be fixed before an address is complete: address1 and city required, lines at most 40
/// characters, postcode required and a valid UK postcode. Phone and email are checked by the
/// callers that require them.
pub trait AddressCheck {
    fn address_errors(&self) -> Vec<FieldError>;
}

impl AddressCheck for ContactDetails {
    /// Stored details are well-formed already, so only missing fields remain.
    fn address_errors(&self) -> Vec<FieldError> {
        let mut errors = Errors::default();
        if self.address1.is_none() {
            errors.push("address1", ADDRESS1_REQUIRED);
        }
        if self.city_name.is_none() {
            errors.push("cityName", CITY_REQUIRED);
        }
        if self.postcode.is_none() {
            errors.push("postcode", &PostcodeError::Empty.to_string());
        }
        errors.into_vec()
    }
}

impl AddressCheck for ContactDetailsForm {
    /// Malformed and missing fields, in the order the form shows them.
    fn address_errors(&self) -> Vec<FieldError> {
        let mut errors = Errors::default();
        for (text, (field, label)) in self.lines().into_iter().zip(LINES) {
            if field == "address1" && given(text).is_none() {
                errors.push(field, ADDRESS1_REQUIRED);
            } else if field == "cityName" && given(text).is_none() {
                errors.push(field, CITY_REQUIRED);
            } else {
                read_line(text, field, label, &mut errors);
            }
        }
        if let Err(e) = Postcode::parse(self.postcode.as_deref().unwrap_or("")) {
            errors.push("postcode", &e.to_string());
        }
        errors.into_vec()
    }
}

/// Names each error's field as a path inside a larger document, for example
/// `applicants[1].postcode` or `contactDetails.postcode`.
pub(crate) fn prefixed(prefix: &str, errors: Vec<FieldError>) -> Vec<FieldError> {
    errors
        .into_iter()
        .map(|e| FieldError::new(format!("{prefix}{}", e.field), e.message))
        .collect()
}

/// One applicant's address as far as the same-address rule is concerned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApplicantAddress<T> {
    pub applicant_id: ApplicantId,
    pub contact_details: Option<T>,
    pub same_address_applicant_id: Option<ApplicantId>,
}

pub(crate) const SAME_ADDRESS_SELF: &str = "A client cannot share an address with themselves";
pub(crate) const SAME_ADDRESS_UNKNOWN: &str = "The other client is not on this application";
pub(crate) const SAME_ADDRESS_NOTHING_TO_SHARE: &str = "The other client has no address to share";

// §5 "All applicants must have an address, or the same address as another applicant";
// docs/decisions.md K14.
/// Every client must have an address, or the same address as another client. Errors name fields by
/// their path in the application, `applicants[i].field` with `i` counting from 0. A client who
/// shares an address is not asked for their own.
pub fn check_applicants_addresses<T: AddressCheck + Default>(
    applicants: &[ApplicantAddress<T>],
) -> Vec<FieldError> {
    let own_errors = |a: &ApplicantAddress<T>| match &a.contact_details {
        Some(details) => details.address_errors(),
        None => T::default().address_errors(),
    };
    let mut errors = Vec::new();
    for (i, applicant) in applicants.iter().enumerate() {
        let prefix = format!("applicants[{i}].");
        let Some(other_id) = &applicant.same_address_applicant_id else {
            errors.extend(prefixed(&prefix, own_errors(applicant)));
            continue;
        };
        let other = applicants.iter().find(|a| &a.applicant_id == other_id);
        let problem = match other {
            _ if other_id == &applicant.applicant_id => Some(SAME_ADDRESS_SELF),
            None => Some(SAME_ADDRESS_UNKNOWN),
            Some(other)
                if other.same_address_applicant_id.is_some() || !own_errors(other).is_empty() =>
            {
                Some(SAME_ADDRESS_NOTHING_TO_SHARE)
            }
            Some(_) => None,
        };
        if let Some(message) = problem {
            errors.push(FieldError::new(
                format!("{prefix}sameAddressApplicantId"),
                message,
            ));
        }
    }
    errors
}

/// An address-lookup result: the provider calls the town `town`; contact details call it
/// `cityName`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AddressLookupResult {
    #[schema(required = true)]
    pub id: Option<String>,
    #[schema(required = true)]
    pub address1: Option<String>,
    #[schema(required = true)]
    pub address2: Option<String>,
    #[schema(required = true)]
    pub address3: Option<String>,
    #[schema(required = true)]
    pub town: Option<String>,
    #[schema(required = true)]
    pub county: Option<String>,
    #[schema(required = true)]
    pub postcode: Option<String>,
}

impl From<AddressLookupResult> for ContactDetailsForm {
    /// A looked-up address fills the form; it still passes the same rules as a typed one.
    fn from(found: AddressLookupResult) -> Self {
        ContactDetailsForm {
            address1: found.address1,
            address2: found.address2,
            address3: found.address3,
            city_name: found.town,
            county: found.county,
            postcode: found.postcode,
            phone_number: None,
            email_address: None,
        }
    }
}

#[cfg(test)]
mod tests;
