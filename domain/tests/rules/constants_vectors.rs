//! Shared vectors: §9 constants, dress-size scales and the genetic-test threshold. The idle
//! timer runs only in the browser and is tested there (docs/decisions.md EP6).

use crate::common;

use domain::constants::{self as c, DressSizeScale};
use domain::money::Money;
use serde_json::{Value, json};

fn constant(name: &str) -> u64 {
    match name {
        "AMRA_CONSENT_VALID_MONTHS" => u64::from(c::AMRA_CONSENT_VALID_MONTHS),
        "MEDICAL_REPORT_HELD_DAYS" => u64::from(c::MEDICAL_REPORT_HELD_DAYS),
        "INFORMATION_REQUEST_MONTHS_AFTER_COVER" => {
            u64::from(c::INFORMATION_REQUEST_MONTHS_AFTER_COVER)
        }
        "CANCELLATION_REFUND_DAYS" => c::CANCELLATION_REFUND_DAYS,
        "GENETIC_TEST_DISCLOSURE_THRESHOLD_POUNDS" => c::GENETIC_TEST_DISCLOSURE_THRESHOLD_POUNDS,
        "UNBORN_CHILD_COVER_MONTHS_BEFORE_BIRTH" => {
            u64::from(c::UNBORN_CHILD_COVER_MONTHS_BEFORE_BIRTH)
        }
        "SNACKBAR_MS" => u64::from(c::SNACKBAR_MS),
        "TERM_EXTENSIONS_ALLOWED" => u64::from(c::TERM_EXTENSIONS_ALLOWED),
        "TERM_EXTENSION_DAYS" => c::TERM_EXTENSION_DAYS as u64,
        "MAX_CHILD_AGE" => u64::from(c::MAX_CHILD_AGE),
        "MAX_BENEFICIARIES" => c::MAX_BENEFICIARIES as u64,
        "NAME_MAX_CHARS" => c::NAME_MAX_CHARS as u64,
        "EMAIL_MAX_CHARS" => c::EMAIL_MAX_CHARS as u64,
        "ADDRESS_LINE_MAX_CHARS" => c::ADDRESS_LINE_MAX_CHARS as u64,
        "ADDRESS_LINES" => c::ADDRESS_LINES as u64,
        "PHONE_MIN_DIGITS" => c::PHONE_MIN_DIGITS as u64,
        "PHONE_MAX_DIGITS" => c::PHONE_MAX_DIGITS as u64,
        "PASSWORD_MIN_CHARS" => c::PASSWORD_MIN_CHARS as u64,
        "PASSWORD_MAX_CHARS" => c::PASSWORD_MAX_CHARS as u64,
        "ALLOCATION_TOTAL_PERCENT" => u64::from(c::ALLOCATION_TOTAL_PERCENT),
        "MIN_AGE" => u64::from(c::MIN_AGE),
        "MAX_AGE" => u64::from(c::MAX_AGE),
        "MAX_APPLICANTS" => c::MAX_APPLICANTS as u64,
        "DASHBOARD_PAGE_SIZE" => u64::from(c::DASHBOARD_PAGE_SIZE),
        "QUOTE_VALIDITY_DAYS" => c::QUOTE_VALIDITY_DAYS as u64,
        "POLICY_START_MAX_MONTHS" => u64::from(c::POLICY_START_MAX_MONTHS),
        "TOKEN_RENEWAL_SECONDS_BEFORE_EXPIRY" => u64::from(c::TOKEN_RENEWAL_SECONDS_BEFORE_EXPIRY),
        "SECONDS_PER_MINUTE" => u64::from(c::SECONDS_PER_MINUTE),
        "DEFAULT_IDLE_TIMEOUT_SECONDS" => u64::from(c::DEFAULT_IDLE_TIMEOUT_SECONDS),
        other => panic!("unknown constant {other}"),
    }
}

fn check_case(case: &Value) {
    let expected = &case["expected"];
    match case["kind"].as_str().unwrap() {
        "constant" => assert_eq!(
            json!(constant(case["name"].as_str().unwrap())),
            *expected,
            "{}",
            case["name"]
        ),
        "dressSizes" => {
            let scale = DressSizeScale::parse(case["scale"].as_str().unwrap()).unwrap();
            assert_eq!(json!(scale.sizes()), *expected, "{}", scale.code());
        }
        "geneticDisclosure" => {
            let amount = Money::parse_pounds(case["pounds"].as_f64().unwrap()).unwrap();
            assert_eq!(
                json!(c::genetic_test_disclosure_required(amount)),
                *expected
            );
        }
        other => panic!("unknown kind {other}"),
    }
}

#[test]
fn every_constants_vector_agrees() {
    let cases = common::cases("constants");
    assert!(cases.len() >= 35, "{}", cases.len());
    for case in &cases {
        check_case(case);
    }
}
