//! Tests of the address rules, kept apart so the rules read on their own.

use super::*;

fn form(address1: &str, city: &str, postcode: &str) -> ContactDetailsForm {
    let text = |t: &str| (!t.is_empty()).then(|| t.to_owned());
    ContactDetailsForm {
        address1: text(address1),
        city_name: text(city),
        postcode: text(postcode),
        ..Default::default()
    }
}

fn fields(errors: &[FieldError]) -> Vec<&str> {
    errors.iter().map(|e| e.field.as_str()).collect()
}

fn id(text: &str) -> ApplicantId {
    ApplicantId::parse(text).unwrap()
}

fn applicant(
    who: &str,
    details: Option<ContactDetailsForm>,
    shares: Option<&str>,
) -> ApplicantAddress<ContactDetailsForm> {
    ApplicantAddress {
        applicant_id: id(who),
        contact_details: details,
        same_address_applicant_id: shares.map(id),
    }
}

#[test]
fn a_complete_address_has_no_errors_and_parses() {
    let complete = form("10 Downing Street", "London", "sw1a2aa");
    assert!(complete.address_errors().is_empty());
    let details = complete.parse().unwrap();
    assert_eq!(details.postcode.unwrap().as_str(), "SW1A 2AA");
    assert_eq!(details.city_name.unwrap().as_str(), "London");
}

#[test]
fn address1_city_and_postcode_are_required() {
    let errors = form("", " ", "").address_errors();
    assert_eq!(fields(&errors), ["address1", "cityName", "postcode"]);
    assert_eq!(errors[0].message, ADDRESS1_REQUIRED);
    assert_eq!(errors[1].message, CITY_REQUIRED);
    assert_eq!(errors[2].message, "Please enter a postcode");
    let stored = ContactDetails::default().address_errors();
    assert_eq!(stored, errors);
}

#[test]
fn address_lines_may_be_forty_characters_but_not_forty_one() {
    let mut at_limit = form(&"a".repeat(40), "London", "SW1A 2AA");
    at_limit.address2 = Some("b".repeat(40));
    at_limit.address3 = Some("é".repeat(40));
    assert!(at_limit.address_errors().is_empty());
    let mut over = at_limit.clone();
    over.address1 = Some("a".repeat(41));
    over.address3 = Some("é".repeat(41));
    over.county = Some("c".repeat(41));
    let errors = over.address_errors();
    assert_eq!(fields(&errors), ["address1", "address3", "county"]);
    assert_eq!(
        errors[0].message,
        "Address line 1 must be 40 characters or fewer"
    );
    assert_eq!(
        errors[1].message,
        "Address line 3 must be 40 characters or fewer"
    );
}

#[test]
fn lines_are_trimmed_before_they_are_measured() {
    let padded = form(&format!("  {}  ", "a".repeat(40)), "London", "SW1A 2AA");
    assert!(padded.address_errors().is_empty());
    assert_eq!(
        padded.parse().unwrap().address1.unwrap().as_str(),
        "a".repeat(40)
    );
}

#[test]
fn control_characters_are_refused_in_a_line() {
    let errors = form("10 Downing\u{7}Street", "London", "SW1A 2AA").address_errors();
    assert_eq!(
        errors[0].message,
        "Address line 1 cannot contain control characters"
    );
}

#[test]
fn an_invalid_postcode_gets_the_postcode_message() {
    let errors = form("1 High Street", "Leeds", "LS1 1CX").address_errors();
    assert_eq!(
        errors,
        [FieldError::new(
            "postcode",
            "Please enter a valid UK postcode"
        )]
    );
}

#[test]
fn parsing_reports_malformed_phone_and_email_but_requires_nothing() {
    let details = ContactDetailsForm {
        phone_number: Some("0909 879 0000".into()),
        email_address: Some("jane@".into()),
        ..Default::default()
    };
    let errors = details.parse().unwrap_err();
    assert_eq!(fields(&errors), ["phoneNumber", "emailAddress"]);
    assert_eq!(
        ContactDetailsForm::default().parse(),
        Ok(ContactDetails::default())
    );
}

#[test]
fn stored_details_cannot_hold_a_bad_value() {
    let json = r#"{"address1":"1 High Street","postcode":"not a postcode"}"#;
    assert!(serde_json::from_str::<ContactDetails>(json).is_err());
    let good = r#"{"address1":"1 High Street","cityName":"Leeds","postcode":"ls11ba"}"#;
    let details: ContactDetails = serde_json::from_str(good).unwrap();
    assert_eq!(details.postcode.as_ref().unwrap().as_str(), "LS1 1BA");
    let back = serde_json::to_value(&details).unwrap();
    assert_eq!(back["cityName"], "Leeds");
}

#[test]
fn every_applicant_needs_an_address_named_by_their_position() {
    let errors = check_applicants_addresses(&[
        applicant("a", Some(form("1 High Street", "Leeds", "LS1 1BA")), None),
        applicant("b", None, None),
    ]);
    assert_eq!(
        fields(&errors),
        [
            "applicants[1].address1",
            "applicants[1].cityName",
            "applicants[1].postcode"
        ]
    );
}

#[test]
fn the_second_applicant_may_share_the_first_applicants_address() {
    let errors = check_applicants_addresses(&[
        applicant("a", Some(form("1 High Street", "Leeds", "LS1 1BA")), None),
        applicant("b", None, Some("a")),
    ]);
    assert!(errors.is_empty());
}

#[test]
fn sharing_an_incomplete_address_is_refused_on_both_sides() {
    let errors = check_applicants_addresses(&[
        applicant("a", Some(form("1 High Street", "", "LS1 1BA")), None),
        applicant("b", None, Some("a")),
    ]);
    assert_eq!(
        errors,
        [
            FieldError::new("applicants[0].cityName", CITY_REQUIRED),
            FieldError::new(
                "applicants[1].sameAddressApplicantId",
                SAME_ADDRESS_NOTHING_TO_SHARE
            ),
        ]
    );
}

#[test]
fn two_applicants_pointing_at_each_other_have_no_address() {
    let errors = check_applicants_addresses(&[
        applicant("a", None, Some("b")),
        applicant("b", None, Some("a")),
    ]);
    assert_eq!(errors.len(), 2);
    assert!(
        errors
            .iter()
            .all(|e| e.message == SAME_ADDRESS_NOTHING_TO_SHARE)
    );
}

#[test]
fn sharing_with_yourself_or_a_stranger_is_refused() {
    let own = check_applicants_addresses(&[applicant("a", None, Some("a"))]);
    assert_eq!(own[0].message, SAME_ADDRESS_SELF);
    let stranger = check_applicants_addresses(&[applicant("a", None, Some("z"))]);
    assert_eq!(stranger[0].message, SAME_ADDRESS_UNKNOWN);
}

#[test]
fn stored_details_follow_the_same_rule() {
    let stored = form("1 High Street", "Leeds", "LS1 1BA").parse().unwrap();
    let errors = check_applicants_addresses(&[
        ApplicantAddress {
            applicant_id: id("a"),
            contact_details: Some(stored),
            same_address_applicant_id: None,
        },
        ApplicantAddress {
            applicant_id: id("b"),
            contact_details: Some(ContactDetails::default()),
            same_address_applicant_id: None,
        },
    ]);
    assert_eq!(fields(&errors)[0], "applicants[1].address1");
}

#[test]
fn a_lookup_result_town_becomes_the_city_name() {
    let found = AddressLookupResult {
        id: Some("GB|RM|A|1234".into()),
        address1: Some("Flat 1".into()),
        address2: Some("2 Station Road".into()),
        town: Some("Bristol".into()),
        postcode: Some("BS1 4DJ".into()),
        ..Default::default()
    };
    let form = ContactDetailsForm::from(found);
    assert_eq!(form.city_name.as_deref(), Some("Bristol"));
    assert!(form.address_errors().is_empty());
}

#[test]
fn an_address_line_displays_trimmed() {
    assert_eq!(
        AddressLine::parse("  1 High Street ").unwrap().to_string(),
        "1 High Street"
    );
    assert_eq!(AddressLine::parse(" "), Err(AddressLineError::Empty));
}
