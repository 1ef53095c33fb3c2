use super::*;

fn shipped() -> Rulebook {
    Rulebook::load(
        &Path::new(&std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
            .join("../product"),
    )
    .expect("the shipped rulebook loads")
}

/// The rule ids that fire on `facts`.
fn fired(rulebook: &Rulebook, mut facts: Value) -> Vec<String> {
    // As the interview gives them: the lists are there even when empty.
    for list in [
        "conditions",
        "drugs",
        "pursuits",
        "travelRegions",
        "familyHistory",
    ] {
        facts
            .as_object_mut()
            .unwrap()
            .entry(list)
            .or_insert(json!([]));
    }
    let mut rules: Vec<String> = rulebook
        .findings_blocking(&facts)
        .unwrap()
        .into_iter()
        .map(|f| f.rule)
        .collect();
    rules.sort();
    rules
}

fn condition(fields: Value) -> Value {
    json!({ "conditions": [fields] })
}

#[test]
fn nothing_to_disclose_fires_no_rule() {
    let rulebook = shipped();
    assert!(fired(&rulebook, json!({"age": 40, "bmi": 24.0, "alcoholUnits": 10, "occupation": {"category": "1", "name": "Teacher"}})).is_empty());
    assert!(
        fired(&rulebook, json!({})).is_empty(),
        "no answers at all: nothing fires"
    );
}

#[test]
fn body_mass_index_bands_at_their_edges() {
    let rulebook = shipped();
    let bmi = |value: f64| fired(&rulebook, json!({ "bmi": value }));
    assert_eq!(bmi(16.9), ["BMI-UNDER-17"]);
    assert!(bmi(17.0).is_empty());
    assert!(bmi(31.9).is_empty());
    assert_eq!(bmi(32.0), ["BMI-32-35"]);
    assert_eq!(bmi(34.9), ["BMI-32-35"]);
    assert_eq!(bmi(35.0), ["BMI-35-40", "BMI-35-40-IP"]);
    assert_eq!(bmi(39.9), ["BMI-35-40", "BMI-35-40-IP"]);
    assert_eq!(bmi(40.0), ["BMI-40-45", "BMI-40-45-IP"]);
    assert_eq!(bmi(45.0), ["BMI-45-PLUS"]);
}

#[test]
fn alcohol_smoking_and_travel_at_their_edges() {
    let rulebook = shipped();
    let units = |n: u32| fired(&rulebook, json!({ "alcoholUnits": n }));
    assert!(units(35).is_empty());
    assert_eq!(units(36), ["ALCOHOL-36-50", "ALCOHOL-36-50-IP"]);
    assert_eq!(units(50), ["ALCOHOL-36-50", "ALCOHOL-36-50-IP"]);
    assert_eq!(units(51), ["ALCOHOL-51-70"]);
    assert_eq!(units(70), ["ALCOHOL-51-70"]);
    assert_eq!(units(71), ["ALCOHOL-OVER-70"]);
    assert!(fired(&rulebook, json!({ "cigarettesPerDay": 40 })).is_empty());
    assert_eq!(
        fired(&rulebook, json!({ "cigarettesPerDay": 41 })),
        ["SMOKING-OVER-40"]
    );
    let travel = |weeks: u32, regions: Value| {
        fired(
            &rulebook,
            json!({ "travelRegions": regions, "travelWeeks": weeks }),
        )
    };
    assert!(travel(12, json!(["asia"])).is_empty());
    assert_eq!(travel(13, json!(["asia"])), ["TRAVEL-LONG"]);
    assert!(
        travel(13, json!([])).is_empty(),
        "weeks at home do not count"
    );
    assert_eq!(
        travel(1, json!(["conflict-zone"])),
        ["TRAVEL-FCDO-ADVISES-AGAINST"]
    );
}

#[test]
fn occupations_drugs_and_pursuits() {
    let rulebook = shipped();
    let class = |c: &str| {
        fired(
            &rulebook,
            json!({ "occupation": { "category": c, "name": "X" } }),
        )
    };
    assert!(class("3").is_empty());
    assert_eq!(class("4"), ["OCC-CLASS-4-IP", "OCC-CLASS-4-TPD"]);
    assert_eq!(class("refer"), ["OCC-REFER"]);
    assert_eq!(class("decline"), ["OCC-DECLINE"]);
    let drugs = |d: Value, years: f64| {
        fired(
            &rulebook,
            json!({ "drugs": d, "drugsYearsSinceUse": years }),
        )
    };
    assert!(drugs(json!(["cannabis"]), 0.5).is_empty());
    assert_eq!(drugs(json!(["cocaine"]), 1.9), ["DRUGS-CLASS-A-RECENT"]);
    assert_eq!(drugs(json!(["cocaine"]), 2.0), ["DRUGS-CLASS-A-PAST"]);
    assert_eq!(drugs(json!(["heroin"]), 4.0), ["DRUGS-OPIATES"]);
    assert_eq!(
        fired(&rulebook, json!({ "pursuits": ["diving"] })),
        Vec::<String>::new()
    );
    assert_eq!(
        fired(
            &rulebook,
            json!({ "pursuits": ["motor-racing", "diving-deep"] })
        ),
        ["PURSUIT-DEEP-DIVING", "PURSUIT-MOTOR-RACING"]
    );
}

#[test]
fn each_condition_at_its_edges() {
    let rulebook = shipped();
    let diabetes = |hba1c: f64| {
        fired(
            &rulebook,
            condition(
                json!({"category": "diabetes", "name": "Type 2 diabetes", "diabetesType": "type2", "complications": false, "hba1c": hba1c}),
            ),
        )
    };
    assert_eq!(
        diabetes(58.0),
        [
            "DIABETES-T2-WELL-CONTROLLED",
            "DIABETES-T2-WELL-CONTROLLED-CI"
        ]
    );
    assert_eq!(
        diabetes(58.1),
        [
            "DIABETES-T2-FAIR-CI",
            "DIABETES-T2-FAIR-IP",
            "DIABETES-T2-FAIR-LIFE"
        ]
    );
    assert_eq!(
        diabetes(75.0),
        [
            "DIABETES-T2-FAIR-CI",
            "DIABETES-T2-FAIR-IP",
            "DIABETES-T2-FAIR-LIFE"
        ]
    );
    assert_eq!(diabetes(75.1), ["DIABETES-T2-POOR"]);
    let heart = |years: f64| {
        fired(
            &rulebook,
            condition(json!({"category": "heart", "name": "Angina", "yearsSince": years})),
        )
    };
    assert_eq!(heart(0.4), ["HEART-RECENT"]);
    assert_eq!(heart(0.5), ["HEART", "HEART-LIFE"]);
    let cancer = |years: f64, benign: bool| {
        fired(
            &rulebook,
            condition(
                json!({"category": "cancer", "name": "Melanoma", "yearsSince": years, "benign": benign}),
            ),
        )
    };
    assert_eq!(cancer(0.9, false), ["CANCER-RECENT"]);
    assert_eq!(cancer(1.0, false), ["CANCER-1-5", "CANCER-1-5-LIFE"]);
    assert_eq!(cancer(5.0, false), ["CANCER-OVER-5"]);
    assert!(cancer(0.2, true).is_empty(), "a benign tumour");
    let mental = |weeks: u32| {
        fired(
            &rulebook,
            condition(
                json!({"category": "mental-health", "name": "Depression", "weeksOffWork": weeks, "selfHarm": false}),
            ),
        )
    };
    assert!(mental(1).is_empty());
    assert_eq!(mental(2), ["MENTAL-HEALTH-TIME-OFF"]);
    assert_eq!(mental(26), ["MENTAL-HEALTH-TIME-OFF"]);
    assert_eq!(mental(27), ["MENTAL-HEALTH-LONG-ABSENCE"]);
    let asthma = |admissions: u32, steroids: bool| {
        fired(
            &rulebook,
            condition(
                json!({"category": "asthma", "name": "Asthma", "admissions": admissions, "oralSteroids": steroids}),
            ),
        )
    };
    assert!(asthma(0, false).is_empty());
    assert_eq!(asthma(0, true), ["ASTHMA-STEROIDS-IP"]);
    assert_eq!(
        asthma(2, false),
        ["ASTHMA-ADMISSION-IP", "ASTHMA-ADMISSION-LIFE"]
    );
    assert_eq!(asthma(3, false), ["ASTHMA-SEVERE"]);
    let bp = |controlled: bool| {
        fired(
            &rulebook,
            condition(
                json!({"category": "hypertension", "name": "High blood pressure", "controlled": controlled}),
            ),
        )
    };
    assert!(bp(true).is_empty());
    assert_eq!(
        bp(false),
        ["HYPERTENSION-UNCONTROLLED", "HYPERTENSION-UNCONTROLLED-IP"]
    );
    assert!(
        fired(
            &rulebook,
            condition(json!({"category": "minor", "name": "Hay fever"}))
        )
        .is_empty()
    );
}

#[test]
fn two_conditions_each_fire_their_own_rows_and_the_reason_names_the_condition() {
    let rulebook = shipped();
    let facts = json!({"conditions": [
        {"category": "epilepsy", "name": "Epilepsy"},
        {"category": "heart", "name": "Heart attack", "yearsSince": 3.0}
    ]});
    let findings = rulebook.findings_blocking(&facts).unwrap();
    let epilepsy = findings.iter().find(|f| f.rule == "EPILEPSY-LIFE").unwrap();
    assert_eq!(
        (
            epilepsy.decision,
            epilepsy.loading,
            epilepsy.reason.as_str()
        ),
        (Decision::NonStandardTerms, 50, "Epilepsy")
    );
    assert_eq!(
        epilepsy.table,
        "Medical conditions (each disclosed condition)"
    );
    assert!(
        findings
            .iter()
            .any(|f| f.rule == "HEART" && f.reason == "Heart attack")
    );
}

#[test]
fn the_reason_quotes_the_values_read() {
    let rulebook = shipped();
    let findings = rulebook
        .findings_blocking(&json!({"bmi": 36.4, "conditions": []}))
        .unwrap();
    assert_eq!(
        findings[0].reason,
        "Body mass index of 36.4 is in the 35 to 39.9 band"
    );
    assert_eq!(findings[0].answers, ["HEIGHT", "WEIGHT"]);
    assert_eq!(findings[0].row, Some(3));
}

#[test]
fn a_broken_rulebook_stops_start_up_naming_the_file_and_the_row() {
    let dir = tempfile::tempdir().unwrap();
    let product =
        Path::new(&std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
            .join("../product/underwriting");
    let target = dir.path().join("underwriting");
    std::fs::create_dir_all(&target).unwrap();
    for file in [
        "conditions.csv",
        "word-forms.csv",
        "occupations.csv",
        "interview.json",
        "rules.json",
        "evidence.json",
    ] {
        std::fs::copy(product.join(file), target.join(file)).unwrap();
    }
    // Evidence defaults out of range are named with their file.
    let evidence = std::fs::read_to_string(product.join("evidence.json")).unwrap();
    std::fs::write(
        target.join("evidence.json"),
        evidence.replacen("\"expectedWithinDays\": 28", "\"expectedWithinDays\": 0", 1),
    )
    .unwrap();
    let error = Rulebook::load(dir.path()).unwrap_err().to_string();
    assert!(
        error.contains("evidence.json") && error.contains("gpReport: expectedWithinDays"),
        "{error}"
    );
    std::fs::copy(product.join("evidence.json"), target.join("evidence.json")).unwrap();
    let rules = std::fs::read_to_string(product.join("rules.json")).unwrap();
    std::fs::write(
        target.join("rules.json"),
        rules.replacen("\"\\\"manualuw\\\"\"", "\"\\\"maybe\\\"\"", 1),
    )
    .unwrap();
    let error = Rulebook::load(dir.path()).unwrap_err().to_string();
    assert!(
        error.contains("rules.json")
            && error.contains("BMI-UNDER-17")
            && error.contains("decision values"),
        "{error}"
    );
    std::fs::write(
        target.join("rules.json"),
        rules.replacen("\"\\\"BMI-32-35\\\"\"", "\"\\\"BMI-UNDER-17\\\"\"", 1),
    )
    .unwrap();
    let error = Rulebook::load(dir.path()).unwrap_err().to_string();
    assert!(error.contains("used twice"), "{error}");
    std::fs::write(
        target.join("rules.json"),
        rules.replacen("string(bmi)", "string(bmi", 1),
    )
    .unwrap();
    let error = Rulebook::load(dir.path()).unwrap_err().to_string();
    assert!(
        error.contains("BMI-UNDER-17") && error.contains("cannot be read"),
        "{error}"
    );
}
