//! Every case in the "sign-in" topic of `domain/vectors.json` holds for the client portal's sign-in form. The
//! SPA's `sign-in.test.ts` checks the same file.

use crate::common;

use domain::sign_in::{SignInForm, check_sign_in};
use serde_json::json;

#[test]
fn every_sign_in_vector_holds() {
    let cases = common::cases("sign-in");
    assert!(cases.len() >= 40, "only {} sign-in cases", cases.len());
    for case in &cases {
        let form: SignInForm = serde_json::from_value(case["form"].clone()).unwrap();
        assert_eq!(json!(check_sign_in(&form)), case["errors"], "{case}");
    }
}
