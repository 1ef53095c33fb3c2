//! Every case in the "addresses" topic of `domain/vectors.json` holds: one address, the applicants' same-address
//! rule, and the mapping of address-lookup results. The SPA's `address.test.ts` checks the
//! same file.

use crate::common;

use domain::contact::address::{AddressCheck, ApplicantAddress, check_applicants_addresses};
use domain::contact::{AddressLookupResult, ContactDetailsForm};
use serde_json::{Value, json};

fn read<T: serde::de::DeserializeOwned>(value: &Value) -> T {
    serde_json::from_value(value.clone()).unwrap_or_else(|e| panic!("{value}: {e}"))
}

#[test]
fn every_address_vector_holds() {
    let cases = common::cases("addresses");
    assert!(cases.len() >= 30, "only {} address cases", cases.len());
    for case in &cases {
        let errors = match case["kind"].as_str().unwrap() {
            "address" => read::<ContactDetailsForm>(&case["form"]).address_errors(),
            "applicants" => {
                let applicants: Vec<ApplicantAddress<ContactDetailsForm>> =
                    read(&case["applicants"]);
                check_applicants_addresses(&applicants)
            }
            "lookup" => {
                let form = ContactDetailsForm::from(read::<AddressLookupResult>(&case["result"]));
                assert_eq!(json!(form), case["form"], "{case}");
                form.address_errors()
            }
            other => panic!("unknown kind {other}"),
        };
        assert_eq!(json!(errors), case["errors"], "{case}");
    }
}
