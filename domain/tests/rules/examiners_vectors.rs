//! Every case in the "examiners" topic of `domain/vectors.json` holds for the surgery or examiner rules and the
//! 'surgery <field>' message. The SPA's `examiner.test.ts` checks the same file.

use crate::common;

use domain::contact::examiner::{ExaminerForm, check_examiner, surgery_message};
use domain::errors::FieldError;
use serde_json::json;

#[test]
fn every_examiner_vector_holds() {
    let cases = common::cases("examiners");
    assert!(cases.len() >= 20, "only {} examiner cases", cases.len());
    for case in &cases {
        match case["kind"].as_str().unwrap() {
            "check" => {
                let form: ExaminerForm = serde_json::from_value(case["form"].clone()).unwrap();
                let errors = check_examiner(&form);
                assert_eq!(json!(errors), case["errors"], "{case}");
                assert_eq!(
                    json!(surgery_message(&errors)),
                    case["surgeryMessage"],
                    "{case}"
                );
            }
            "surgeryMessage" => {
                let errors: Vec<FieldError> =
                    serde_json::from_value(case["errors"].clone()).unwrap();
                assert_eq!(json!(surgery_message(&errors)), case["message"], "{case}");
            }
            other => panic!("unknown kind {other}"),
        }
    }
}
