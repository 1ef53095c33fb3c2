//! Shared vectors: the §6 commission type and the commission adjustment an adviser may make.

use crate::common;

use domain::adviser::UxSettings;
use domain::commission::{CommissionInput, CommissionRules, CommissionStyle, commission_type};
use domain::money::Percentage;
use serde_json::{Value, json};

fn percentage(value: &Value) -> Option<Percentage> {
    value.as_f64().map(|p| Percentage::parse(p).unwrap())
}

fn code(style: Option<CommissionStyle>) -> &'static str {
    style.map_or("none", CommissionStyle::code)
}

fn check_case(case: &Value) {
    let expected = &case["expected"];
    match case["kind"].as_str().unwrap() {
        "type" => {
            let allowed = case["isIndemCommissionAllowed"].as_bool().unwrap();
            let style = commission_type(allowed, percentage(&case["percentage"]));
            assert_eq!(code(style), expected, "{case}");
        }
        "style" => {
            let style = CommissionStyle::of(percentage(&case["percentage"]).unwrap());
            assert_eq!(style.code(), expected, "{case}");
        }
        "check" => {
            let settings: UxSettings = serde_json::from_value(case["settings"].clone()).unwrap();
            let rules = CommissionRules::from_settings(&settings);
            let input: CommissionInput = serde_json::from_value(case["input"].clone()).unwrap();
            let allowed: Vec<&str> = rules
                .allowed_styles()
                .into_iter()
                .map(|s| s.code())
                .collect();
            assert_eq!(json!(allowed), case["allowedStyles"], "{case}");
            let actual = match rules.check(&input) {
                Ok(commission) => {
                    json!({ "commission": commission, "style": commission.style().code() })
                }
                Err(errors) => json!({ "errors": errors }),
            };
            assert_eq!(actual, *expected, "{case}");
        }
        other => panic!("unknown kind {other}"),
    }
}

#[test]
fn every_commission_vector_agrees() {
    let cases = common::cases("commission");
    assert!(cases.len() >= 40, "{}", cases.len());
    for case in &cases {
        check_case(case);
    }
}
