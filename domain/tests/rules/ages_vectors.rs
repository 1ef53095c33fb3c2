//! Shared vectors: ages and the 18–64 rule on the quote age date.

use crate::common;

use chrono::NaiveDate;
use domain::applicant::{ApplicantDetails, Gender, Requirement, check_details};
use domain::dates::age_on;

fn date(value: &serde_json::Value) -> NaiveDate {
    value.as_str().unwrap().parse().unwrap()
}

#[test]
fn every_age_vector_gives_the_same_age_and_message() {
    let cases = common::cases("ages");
    assert!(cases.len() >= 10);
    for case in cases {
        let born = date(&case["dateOfBirth"]);
        let on = date(&case["ageDate"]);
        let expected_age = case["age"].as_u64().map(|a| a as u32);
        assert_eq!(age_on(born, on), expected_age, "{}", case["note"]);
        let details = ApplicantDetails {
            gender: Some(Gender::Female),
            date_of_birth: Some(born),
            ..Default::default()
        };
        let message = check_details(&details, Requirement::Quote, on)
            .first()
            .map(|e| e.message.clone());
        assert_eq!(
            message.as_deref(),
            case["message"].as_str(),
            "{}",
            case["note"]
        );
    }
}
