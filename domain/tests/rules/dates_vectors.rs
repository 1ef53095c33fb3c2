//! Shared vectors: date parsing, the quote valid-until bounds and the policy start window.

use crate::common;

use chrono::NaiveDate;
use domain::dates::{parse_iso_date, parse_uk_date};
use domain::quote::{check_policy_start, check_valid_until};

fn date(value: &serde_json::Value) -> NaiveDate {
    value.as_str().unwrap().parse().unwrap()
}

#[test]
fn every_date_vector_parses_as_expected() {
    let cases = common::cases("dates");
    assert!(cases.len() >= 20);
    for case in cases {
        let input = case["input"].as_str().unwrap();
        let parsed = match case["format"].as_str().unwrap() {
            "iso" => parse_iso_date(input),
            "uk" => parse_uk_date(input),
            other => panic!("unknown format {other}"),
        };
        assert_eq!(
            parsed.map(|d| d.to_string()).as_deref(),
            case["expected"].as_str(),
            "{input:?}: {}",
            case["note"]
        );
    }
}

#[test]
fn every_valid_until_vector_is_judged_as_expected() {
    for case in common::vectors("dates")["validUntil"].as_array().unwrap() {
        let result = check_valid_until(
            date(&case["validUntil"]),
            date(&case["quoteCreated"]),
            date(&case["today"]),
            case["overrideQuoteDate"].as_bool().unwrap(),
        );
        assert_eq!(
            result.is_ok(),
            case["valid"].as_bool().unwrap(),
            "{}",
            case["note"]
        );
        if let Err(error) = result {
            assert_eq!(error.message, "This date is invalid");
        }
    }
}

#[test]
fn every_policy_start_vector_is_judged_as_expected() {
    for case in common::vectors("dates")["policyStart"].as_array().unwrap() {
        let result = check_policy_start(date(&case["policyStartDate"]), date(&case["today"]));
        assert_eq!(
            result.is_ok(),
            case["valid"].as_bool().unwrap(),
            "{}",
            case["note"]
        );
    }
}
