//! Every case in the "bank-details" topic of `domain/vectors.json` holds for the sort code, account number, account
//! holder's name, collection day and the whole form. The SPA's `bank-details.test.ts` checks
//! the same file.

use crate::common;

use domain::bank_details::{
    AccountNumber, BankDetailsForm, SortCode, parse_account_name, parse_collection_day,
};
use serde_json::{Value, json};

fn check<T, E: ToString>(case: &Value, got: Result<T, E>, ok: impl Fn(&T)) {
    match got {
        Ok(value) => {
            assert_eq!(case["valid"], true, "accepted: {case}");
            ok(&value);
        }
        Err(e) => {
            assert_eq!(case["valid"], false, "refused ({}): {case}", e.to_string());
            assert_eq!(e.to_string(), case["message"], "{case}");
        }
    }
}

#[test]
fn every_bank_details_vector_holds() {
    let cases = common::cases("bank-details");
    assert!(cases.len() >= 50, "only {} bank-details cases", cases.len());
    for case in &cases {
        let input = || case["input"].as_str().unwrap();
        match case["kind"].as_str().unwrap() {
            "sortCode" => check(case, SortCode::parse(input()), |code| {
                assert_eq!(code.digits(), case["digits"], "{case}");
                assert_eq!(code.to_string(), case["display"], "{case}");
            }),
            "accountNumber" => check(case, AccountNumber::parse(input()), |number| {
                assert_eq!(number.digits(), case["digits"], "{case}");
            }),
            "name" => check(case, parse_account_name(input()), |name| {
                assert_eq!(name, &case["normalised"], "{case}");
            }),
            "collectionDay" => check(case, parse_collection_day(case["input"].as_i64()), |day| {
                assert_eq!(json!(day), case["day"], "{case}");
            }),
            "form" => {
                let form: BankDetailsForm = serde_json::from_value(case["form"].clone()).unwrap();
                match form.parse() {
                    Ok(details) => {
                        assert_eq!(case["errors"], json!([]), "{case}");
                        assert_eq!(json!(details), case["details"], "{case}");
                    }
                    Err(errors) => assert_eq!(json!(errors), case["errors"], "{case}"),
                }
            }
            other => panic!("unknown kind {other}"),
        }
    }
}
