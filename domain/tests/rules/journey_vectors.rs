//! Shared vectors: stages, page keys, journey steps and the §2 tab rules. The steps' addresses
//! are the SPA's route table's alone (web/src/app/paths.ts, docs/decisions.md EP7).

use crate::common;

use domain::ApplicationStage;
use domain::journey::{JourneyState, PageKey, PageStatuses, Section, Step, route};
use serde_json::{Map, Value, json};

fn tabs(state: &JourneyState) -> Value {
    let steps: Map<String, Value> = state
        .steps()
        .into_iter()
        .map(|tab| {
            let flags =
                json!({ "enabled": tab.enabled, "locked": tab.locked, "complete": tab.complete });
            (tab.step.id().to_owned(), flags)
        })
        .collect();
    json!({ "steps": steps, "allTabsComplete": state.pages.all_tabs_complete() })
}

fn check_case(case: &Value) {
    let expected = &case["expected"];
    let actual = match case["kind"].as_str().unwrap() {
        "route" => {
            let stage = ApplicationStage::parse(case["status"].as_str().unwrap()).unwrap();
            let step = route(stage);
            json!({
                "step": step.id(),
                "pageKey": PageKey::of_stage(stage).map(PageKey::code),
                "label": stage.label(),
            })
        }
        "step" => {
            let step = Step::parse(case["step"].as_str().unwrap()).unwrap();
            let order = Step::ALL.iter().position(|s| *s == step).unwrap();
            json!({ "label": step.label(), "order": order })
        }
        "tabs" => tabs(&serde_json::from_value(case.clone()).unwrap()),
        "sections" => {
            let sections: Vec<Section> = serde_json::from_value(case["sections"].clone()).unwrap();
            serde_json::to_value(PageStatuses::from_sections(&sections)).unwrap()
        }
        other => panic!("unknown kind {other}"),
    };
    assert_eq!(actual, *expected, "{}", case["note"]);
}

#[test]
fn every_journey_vector_agrees() {
    let cases = common::cases("journey");
    assert!(cases.len() >= 60, "{}", cases.len());
    for case in &cases {
        check_case(case);
    }
}
