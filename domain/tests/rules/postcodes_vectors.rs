//! Every postcode case in the "postcodes" topic of `domain/vectors.json` holds for `Postcode::parse`; the SPA's
//! `postcode.test.ts` checks the same file.

use crate::common;

use domain::contact::Postcode;

#[test]
fn every_postcode_vector_holds() {
    let cases = common::cases("postcodes");
    assert!(cases.len() >= 50, "only {} postcode cases", cases.len());
    for case in cases {
        let input = case["input"].as_str().unwrap();
        match Postcode::parse(input) {
            Ok(postcode) => {
                assert_eq!(case["valid"], true, "{input:?} was accepted: {case}");
                assert_eq!(postcode.as_str(), case["normalised"], "{input:?}");
            }
            Err(e) => {
                assert_eq!(case["valid"], false, "{input:?} was refused ({e}): {case}");
                assert_eq!(e.code(), case["error"], "{input:?}");
                assert_eq!(e.to_string(), case["message"], "{input:?}");
            }
        }
    }
}
