//! Every phone case in the "phones" topic of `domain/vectors.json` holds for `PhoneNumber::parse`; the SPA's
//! `phone.test.ts` checks the same file.

use crate::common;

use domain::contact::PhoneNumber;

#[test]
fn every_phone_vector_holds() {
    let cases = common::cases("phones");
    assert!(cases.len() >= 50, "only {} phone cases", cases.len());
    for case in cases {
        let input = case["input"].as_str().unwrap();
        match PhoneNumber::parse(input) {
            Ok(number) => {
                assert_eq!(case["valid"], true, "{input:?} was accepted: {case}");
                assert_eq!(number.as_str(), case["normalised"], "{input:?}");
                assert_eq!(number.grouped(), case["grouped"], "{input:?}");
            }
            Err(e) => {
                assert_eq!(case["valid"], false, "{input:?} was refused ({e}): {case}");
                assert_eq!(e.code(), case["error"], "{input:?}");
                assert_eq!(e.to_string(), case["message"], "{input:?}");
            }
        }
    }
}
