//! Shared vectors: measurement conversions, ranges, messages, input lengths and filters.

use crate::common;

use domain::measurements::{
    self, CM_PER_FOOT, CM_PER_INCH, Field, KG_PER_STONE, LB_PER_KG, LB_PER_STONE, Measurement,
    Reading, UnitSystem,
};
use serde_json::{Value, json};

fn measurement(case: &Value) -> Measurement {
    Measurement::parse(case["measurement"].as_str().unwrap()).unwrap()
}

fn system(case: &Value) -> UnitSystem {
    UnitSystem::parse(case["system"].as_str().unwrap()).unwrap()
}

fn u32_at(value: &Value, key: &str) -> u32 {
    u32::try_from(value[key].as_u64().unwrap()).unwrap()
}

fn imperial_json(reading: Option<Reading>) -> Value {
    match reading {
        None => Value::Null,
        Some(Reading::FeetInches { feet, inches }) => json!({ "feet": feet, "inches": inches }),
        Some(Reading::StonesPounds { stones, pounds }) => {
            json!({ "stones": stones, "pounds": pounds })
        }
        Some(Reading::Inches(inches)) => json!({ "inches": inches }),
        Some(other) => panic!("not imperial: {other:?}"),
    }
}

fn imperial_reading(case: &Value) -> Reading {
    let imperial = &case["imperial"];
    match measurement(case) {
        Measurement::Height => Reading::FeetInches {
            feet: u32_at(imperial, "feet"),
            inches: u32_at(imperial, "inches"),
        },
        Measurement::WaistSize => Reading::Inches(u32_at(imperial, "inches")),
        Measurement::WeightMale | Measurement::WeightFemale => Reading::StonesPounds {
            stones: u32_at(imperial, "stones"),
            pounds: u32_at(imperial, "pounds"),
        },
    }
}

fn field(name: &str) -> Field {
    serde_json::from_value(Value::String(name.into())).unwrap()
}

fn close(actual: f64, expected: &Value) -> bool {
    (actual - expected.as_f64().unwrap()).abs() < 1e-9
}

fn check_case(case: &Value) {
    let expected = &case["expected"];
    match case["kind"].as_str().unwrap() {
        "constant" => {
            let value = match case["name"].as_str().unwrap() {
                "CM_PER_INCH" => CM_PER_INCH,
                "CM_PER_FOOT" => CM_PER_FOOT,
                "KG_PER_STONE" => KG_PER_STONE,
                "LB_PER_KG" => LB_PER_KG,
                "LB_PER_STONE" => f64::from(LB_PER_STONE),
                other => panic!("unknown constant {other}"),
            };
            assert_eq!(value, expected.as_f64().unwrap());
        }
        "toImperial" => {
            let metric = case["metric"].as_f64().unwrap();
            assert_eq!(
                imperial_json(measurement(case).to_imperial(metric)),
                *expected
            );
        }
        "toMetric" => assert!(close(imperial_reading(case).to_metric(), expected)),
        "rangeMessage" => assert_eq!(
            measurement(case).range_message(system(case)),
            expected.as_str().unwrap()
        ),
        "check" => {
            let major = case["major"].as_str().unwrap();
            let minor = case["minor"].as_str().unwrap();
            match measurement(case).check(system(case), major, minor) {
                Ok(metric) => assert!(close(metric, &expected["metric"]), "{metric}"),
                Err(error) => assert_eq!(error.to_string(), expected["message"].as_str().unwrap()),
            }
        }
        "maxLength" => assert_eq!(
            field(case["field"].as_str().unwrap()).max_length() as u64,
            expected.as_u64().unwrap()
        ),
        "input" => {
            let text = case["text"].as_str().unwrap();
            let accepted = match case["filter"].as_str().unwrap() {
                "numeric" => measurements::is_numeric_input(text),
                "integer" => measurements::is_integer_input(text),
                "decimal" => measurements::is_decimal_input(text),
                other => panic!("unknown filter {other}"),
            };
            assert_eq!(accepted, expected.as_bool().unwrap());
        }
        other => panic!("unknown kind {other}"),
    }
}

#[test]
fn every_measurement_vector_agrees() {
    let cases = common::cases("measurements");
    assert!(cases.len() >= 100, "{}", cases.len());
    for case in &cases {
        let result = std::panic::catch_unwind(|| check_case(case));
        assert!(result.is_ok(), "failed: {case}");
    }
}
