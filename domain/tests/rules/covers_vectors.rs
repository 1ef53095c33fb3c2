//! Shared vectors: cover completeness, payout-planner allocations, cover order and the mapping
//! of engine field names.

use crate::common;

use domain::beneficiaries::{BenefitAllocation, check_allocations};
use domain::cover::{Cover, map_engine_field, sort_covers};
use serde_json::{Value, json};

fn cover(value: &Value) -> Cover {
    // Vectors carry only the fields that matter; the rest take their empty defaults.
    let mut full = json!({
        "coverType": null, "coverAmount": null, "monthlyBenefit": null, "term": null,
        "toAge": null, "deferredPeriod": null, "paymentPeriod": null, "ref": null, "decision": null, "premium": null
    });
    for (k, v) in value.as_object().unwrap() {
        full[k] = v.clone();
    }
    serde_json::from_value(full).unwrap_or_else(|e| panic!("{value}: {e}"))
}

#[test]
fn every_cover_vector_has_the_expected_missing_fields_and_completeness() {
    let cases = common::cases("covers");
    assert!(cases.len() >= 20);
    for case in cases {
        // A saved cover always has an id (`CoverId`); a cover without one is the SPA's draft,
        // which only the SPA's copy of the rule sees.
        if case["cover"]["id"].is_null() {
            continue;
        }
        let cover = cover(&case["cover"]);
        let missing: Vec<Value> = cover
            .missing_fields()
            .into_iter()
            .map(Value::from)
            .collect();
        assert_eq!(Value::Array(missing), case["missing"], "{}", case["note"]);
        assert_eq!(
            cover.is_complete(),
            case["complete"].as_bool().unwrap(),
            "{}",
            case["note"]
        );
    }
}

#[test]
fn every_allocation_vector_gives_the_expected_messages() {
    for case in common::vectors("covers")["allocations"].as_array().unwrap() {
        let allocations: Vec<BenefitAllocation> = case["percents"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| serde_json::from_value(json!({ "id": null, "beneficiary": "A", "percent": p, "referenceId": "b", "type": "beneficiary", "applicantId": null, "coverId": null })).unwrap())
            .collect();
        let messages: Vec<String> = check_allocations(&allocations)
            .into_iter()
            .map(|e| e.message)
            .collect();
        let expected: Vec<String> = serde_json::from_value(case["messages"].clone()).unwrap();
        assert_eq!(messages, expected, "{}", case["note"]);
    }
}

#[test]
fn every_order_vector_sorts_as_expected() {
    for case in common::vectors("covers")["order"].as_array().unwrap() {
        let mut covers: Vec<Cover> = case["covers"]
            .as_array()
            .unwrap()
            .iter()
            .map(cover)
            .collect();
        sort_covers(&mut covers);
        let order: Vec<&str> = covers.iter().map(|c| c.id.as_str()).collect();
        let expected: Vec<&str> = case["order"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert_eq!(order, expected, "{}", case["note"]);
    }
}

#[test]
fn every_engine_field_vector_maps_to_the_attempted_field() {
    for case in common::vectors("covers")["engineFields"]
        .as_array()
        .unwrap()
    {
        assert_eq!(
            map_engine_field(case["engine"].as_str().unwrap()),
            case["field"].as_str(),
            "{}",
            case["engine"]
        );
    }
}
