//! Every email case in the "emails" topic of `domain/vectors.json` holds: syntax (`EmailAddress::parse`), the
//! confirmation rule and the shared-account warning. The SPA's `email.test.ts` checks the
//! same file.

use crate::common;

use domain::contact::EmailAddress;
use domain::contact::email::{check_confirmation, shared_email_warning};
use serde_json::Value;

fn parse_case(case: &Value) {
    let input = case["input"].as_str().unwrap();
    match EmailAddress::parse(input) {
        Ok(email) => {
            assert_eq!(case["valid"], true, "{input:?} was accepted: {case}");
            assert_eq!(email.as_str(), case["normalised"], "{input:?}");
        }
        Err(e) => {
            assert_eq!(case["valid"], false, "{input:?} was refused ({e}): {case}");
            assert_eq!(e.code(), case["error"], "{input:?}");
            assert_eq!(e.to_string(), case["message"], "{input:?}");
        }
    }
}

fn confirm_case(case: &Value) {
    let got = check_confirmation(
        case["email"].as_str().unwrap(),
        case["confirmation"].as_str().unwrap(),
    )
    .err();
    assert_eq!(got, case["expected"].as_str(), "{case}");
}

fn shared_case(case: &Value) {
    let email = |v: &Value| v.as_str().map(|t| EmailAddress::parse(t).unwrap());
    let (first, second) = (email(&case["first"]), email(&case["second"]));
    let got = shared_email_warning(first.as_ref(), second.as_ref());
    assert_eq!(got, case["warning"].as_str(), "{case}");
}

#[test]
fn every_email_vector_holds() {
    let cases = common::cases("emails");
    assert!(cases.len() >= 50, "only {} email cases", cases.len());
    for case in &cases {
        match case["kind"].as_str().unwrap() {
            "parse" => parse_case(case),
            "confirm" => confirm_case(case),
            "shared" => shared_case(case),
            other => panic!("unknown kind {other}"),
        }
    }
}
