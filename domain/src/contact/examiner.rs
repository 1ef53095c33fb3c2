//! The client's doctor or medical examiner (§3 "Examiner or surgery", §5 "Surgery or
//! examiner"), to whom the insurer writes for medical reports under AMRA consent.
//!
//! A surgery is named either by a doctor's forename and surname or by its organisation name;
//! it needs a postal address and a phone number like an applicant; an email is optional but,
//! when given, is checked and confirmed. AMRA is ready only once these details are valid (§4).

use crate::contact::address::{AddressCheck, ContactDetails, ContactDetailsForm, prefixed};
use crate::contact::email::{EmailAddress, check_confirmation};
use crate::contact::phone::PhoneNumber;
use crate::errors::{Errors, FieldError};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// §9 "Name and email max 100".
/// Longest name, in characters.
pub(crate) const EXAMINER_NAME_MAX_CHARS: usize = 100;

pub(crate) const NAME_OR_ORGANISATION: &str =
    "Please enter the doctor's forename and surname, or the surgery name";
pub(crate) const SURNAME_OR_ORGANISATION: &str =
    "Please enter the doctor's surname, or the surgery name";
pub(crate) const FORENAME_OR_ORGANISATION: &str =
    "Please enter the doctor's forename, or the surgery name";

/// The examiner as entered, before any rule is applied.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ExaminerForm {
    pub title: Option<String>,
    pub forename: Option<String>,
    pub surname: Option<String>,
    pub organisation_name: Option<String>,
    pub contact_details: ContactDetailsForm,
    /// The confirmation field of the form; never stored.
    pub confirm_email_address: Option<String>,
}

// §3 "Examiner or surgery"; §4 AMRA readiness.
/// The client's doctor or surgery. Every value present is well formed; `isExaminerDetailsValid`
/// says whether the details are also complete: a doctor's forename and surname or a surgery name,
/// an address and a phone number.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Examiner {
    #[schema(required = true)]
    pub title: Option<String>,
    #[schema(required = true)]
    pub forename: Option<String>,
    #[schema(required = true)]
    pub surname: Option<String>,
    #[schema(required = true)]
    pub organisation_name: Option<String>,
    pub contact_details: ContactDetails,
    pub is_examiner_details_valid: bool,
}

/// The examiner's fields in the order the form shows them, which is also the order of the
/// surgery message (K19).
const FIELD_ORDER: [&str; 13] = [
    "title",
    "forename",
    "surname",
    "organisationName",
    "address1",
    "address2",
    "address3",
    "cityName",
    "county",
    "postcode",
    "phoneNumber",
    "emailAddress",
    "confirmEmailAddress",
];

const NAMES: [(&str, &str); 4] = [
    ("title", "Title"),
    ("forename", "Forename"),
    ("surname", "Surname"),
    ("organisationName", "Surgery name"),
];

fn given(text: &Option<String>) -> Option<&str> {
    text.as_deref().map(str::trim).filter(|t| !t.is_empty())
}

impl ExaminerForm {
    fn names(&self) -> [&Option<String>; 4] {
        [
            &self.title,
            &self.forename,
            &self.surname,
            &self.organisation_name,
        ]
    }

    /// Names that are too long or contain control characters.
    fn name_errors(&self, errors: &mut Errors) {
        for (text, (field, label)) in self.names().into_iter().zip(NAMES) {
            let Some(name) = given(text) else { continue };
            if name.chars().count() > EXAMINER_NAME_MAX_CHARS {
                let message =
                    format!("{label} must be {EXAMINER_NAME_MAX_CHARS} characters or fewer");
                errors.push(field, &message);
            } else if name.chars().any(char::is_control) {
                errors.push(field, &format!("{label} cannot contain control characters"));
            }
        }
    }
}

// §5 "Surgery or examiner".
/// Every rule for a surgery or examiner (a doctor's forename and surname, or a surgery name; the
/// address and phone rules; an optional email, confirmed), with fields named by their JSON path
/// (`forename`, `contactDetails.postcode`, `confirmEmailAddress`).
pub fn check_examiner(form: &ExaminerForm) -> Vec<FieldError> {
    let mut errors = Errors::default();
    form.name_errors(&mut errors);
    let forename = given(&form.forename).is_some();
    let surname = given(&form.surname).is_some();
    if given(&form.organisation_name).is_none() && !(forename && surname) {
        match (forename, surname) {
            (true, false) => errors.push("surname", SURNAME_OR_ORGANISATION),
            (false, true) => errors.push("forename", FORENAME_OR_ORGANISATION),
            _ => errors.push("organisationName", NAME_OR_ORGANISATION),
        }
    }
    let contact = &form.contact_details;
    let mut contact_errors = Errors::default();
    contact_errors.extend(contact.address_errors());
    if let Err(e) = PhoneNumber::parse(contact.phone_number.as_deref().unwrap_or("")) {
        contact_errors.push("phoneNumber", &e.to_string());
    }
    let email = contact.email_address.as_deref().unwrap_or("");
    if let Some(typed) = given(&contact.email_address)
        && let Err(e) = EmailAddress::parse(typed)
    {
        contact_errors.push("emailAddress", &e.to_string());
    }
    errors.extend(prefixed("contactDetails.", contact_errors.into_vec()));
    let confirmation = form.confirm_email_address.as_deref().unwrap_or("");
    if let Err(message) = check_confirmation(email, confirmation) {
        errors.push("confirmEmailAddress", message);
    }
    errors.into_vec()
}

// §5 surgery message; docs/decisions.md K18.
/// The message that lists the surgery fields at fault as `'surgery <field>'`, the phone number shown
/// as 'number'. The fields are those whose error is non-empty, in form order, each once, joined as
/// an English list: "Please check surgery postcode and surgery number". `None` when nothing is at
/// fault.
pub fn surgery_message(errors: &[FieldError]) -> Option<String> {
    let at_fault = |name: &str| {
        errors
            .iter()
            .any(|e| !e.message.is_empty() && e.field.rsplit('.').next() == Some(name))
    };
    let items: Vec<String> = FIELD_ORDER
        .into_iter()
        .filter(|name| at_fault(name))
        .map(|name| match name {
            "phoneNumber" => "surgery number".to_owned(),
            other => format!("surgery {other}"),
        })
        .collect();
    let list = match items.as_slice() {
        [] => return None,
        [only] => only.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    };
    Some(format!("Please check {list}"))
}

impl Examiner {
    /// How an update or a letter names them: the surgery or organisation, else "Dr Jane
    /// Smith"; none when neither is given.
    pub(crate) fn display_name(&self) -> Option<String> {
        let given = |text: &Option<String>| {
            text.as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
        };
        if let Some(organisation) = given(&self.organisation_name) {
            return Some(organisation);
        }
        let person: Vec<String> = [&self.title, &self.forename, &self.surname]
            .into_iter()
            .filter_map(given)
            .collect();
        (given(&self.forename).is_some() || given(&self.surname).is_some())
            .then(|| person.join(" "))
    }

    // §7 saves an incomplete examiner with `isExaminerDetailsValid` false.
    /// Accepts the examiner as entered, refusing only values that are malformed; whether the
    /// details are complete is recorded in `is_examiner_details_valid`.
    pub fn parse(form: &ExaminerForm) -> Result<Examiner, Vec<FieldError>> {
        let mut errors = Errors::default();
        form.name_errors(&mut errors);
        let contact_details = match form.contact_details.parse() {
            Ok(details) => details,
            Err(contact_errors) => {
                errors.extend(prefixed("contactDetails.", contact_errors));
                ContactDetails::default()
            }
        };
        let owned = |text: &Option<String>| given(text).map(str::to_owned);
        let examiner = Examiner {
            title: owned(&form.title),
            forename: owned(&form.forename),
            surname: owned(&form.surname),
            organisation_name: owned(&form.organisation_name),
            contact_details,
            is_examiner_details_valid: check_examiner(form).is_empty(),
        };
        errors
            .into_result(examiner)
            .map_err(|rejection| rejection.errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn surgery() -> ExaminerForm {
        ExaminerForm {
            organisation_name: Some("Riverside Surgery".into()),
            contact_details: ContactDetailsForm {
                address1: Some("1 River Lane".into()),
                city_name: Some("Leeds".into()),
                postcode: Some("LS1 4AP".into()),
                phone_number: Some("0113 496 0000".into()),
                ..Default::default()
            },
            ..Default::default()
        }
    }

    fn fields(errors: &[FieldError]) -> Vec<&str> {
        errors.iter().map(|e| e.field.as_str()).collect()
    }

    #[test]
    fn a_surgery_with_name_address_and_phone_is_valid() {
        assert!(check_examiner(&surgery()).is_empty());
        assert!(
            Examiner::parse(&surgery())
                .unwrap()
                .is_examiner_details_valid
        );
    }

    #[test]
    fn a_doctors_forename_and_surname_can_replace_the_surgery_name() {
        let doctor = ExaminerForm {
            title: Some("Dr".into()),
            forename: Some("Amara".into()),
            surname: Some("Okafor".into()),
            organisation_name: None,
            ..surgery()
        };
        assert!(check_examiner(&doctor).is_empty());
    }

    #[test]
    fn neither_a_full_name_nor_a_surgery_name_is_refused_on_the_missing_field() {
        let nameless = ExaminerForm {
            organisation_name: Some("  ".into()),
            ..surgery()
        };
        assert_eq!(
            check_examiner(&nameless),
            [FieldError::new("organisationName", NAME_OR_ORGANISATION)]
        );
        let forename_only = ExaminerForm {
            forename: Some("Amara".into()),
            ..nameless.clone()
        };
        assert_eq!(fields(&check_examiner(&forename_only)), ["surname"]);
        let surname_only = ExaminerForm {
            surname: Some("Okafor".into()),
            ..nameless
        };
        assert_eq!(fields(&check_examiner(&surname_only)), ["forename"]);
    }

    #[test]
    fn the_address_and_phone_rules_apply_under_contact_details() {
        let mut form = surgery();
        form.contact_details = ContactDetailsForm::default();
        assert_eq!(
            fields(&check_examiner(&form)),
            [
                "contactDetails.address1",
                "contactDetails.cityName",
                "contactDetails.postcode",
                "contactDetails.phoneNumber"
            ]
        );
    }

    #[test]
    fn email_is_optional_but_checked_and_confirmed() {
        let mut form = surgery();
        form.contact_details.email_address = Some("reception@riverside.nhs.uk".into());
        assert_eq!(fields(&check_examiner(&form)), ["confirmEmailAddress"]);
        form.confirm_email_address = Some("Reception@Riverside.nhs.uk".into());
        assert!(check_examiner(&form).is_empty());
        form.contact_details.email_address = Some("reception@riverside".into());
        form.confirm_email_address = Some("reception@riverside".into());
        assert_eq!(
            check_examiner(&form),
            [FieldError::new(
                "contactDetails.emailAddress",
                "Invalid email"
            )]
        );
    }

    #[test]
    fn names_may_be_one_hundred_characters_but_not_one_hundred_and_one() {
        let mut form = surgery();
        form.organisation_name = Some("s".repeat(100));
        assert!(check_examiner(&form).is_empty());
        form.organisation_name = Some("s".repeat(101));
        assert_eq!(
            check_examiner(&form)[0].message,
            "Surgery name must be 100 characters or fewer"
        );
    }

    #[test]
    fn the_surgery_message_lists_fields_at_fault_in_form_order() {
        let errors = [
            FieldError::new("contactDetails.phoneNumber", "Please enter a phone number"),
            FieldError::new("contactDetails.postcode", "Please enter a postcode"),
            FieldError::new("organisationName", NAME_OR_ORGANISATION),
            FieldError::new("contactDetails.postcode", "again"),
        ];
        assert_eq!(
            surgery_message(&errors).as_deref(),
            Some("Please check surgery organisationName, surgery postcode and surgery number")
        );
    }

    #[test]
    fn the_surgery_message_skips_empty_errors_and_is_absent_without_faults() {
        assert_eq!(surgery_message(&[]), None);
        let blank = [FieldError::new("contactDetails.postcode", "")];
        assert_eq!(surgery_message(&blank), None);
        let one = [FieldError::new("contactDetails.phoneNumber", "x")];
        assert_eq!(
            surgery_message(&one).as_deref(),
            Some("Please check surgery number")
        );
    }

    #[test]
    fn an_incomplete_examiner_is_saved_with_the_flag_false() {
        let form = ExaminerForm {
            organisation_name: None,
            ..surgery()
        };
        let examiner = Examiner::parse(&form).unwrap();
        assert!(!examiner.is_examiner_details_valid);
        assert_eq!(
            examiner.contact_details.postcode.unwrap().as_str(),
            "LS1 4AP"
        );
    }

    #[test]
    fn a_malformed_value_cannot_be_saved() {
        let mut form = surgery();
        form.contact_details.postcode = Some("LS1 4AI".into());
        let errors = Examiner::parse(&form).unwrap_err();
        assert_eq!(fields(&errors), ["contactDetails.postcode"]);
    }
}
