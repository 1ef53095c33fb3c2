use super::*;

const CONDITIONS: &str = include_str!("../../../../product/underwriting/conditions.csv");
const SPELLINGS: &str = include_str!("../../../../product/underwriting/word-forms.csv");
const OCCUPATIONS: &str = include_str!("../../../../product/underwriting/occupations.csv");
const CATEGORIES: &str = include_str!("../../../../product/underwriting/condition-categories.csv");

fn conditions() -> BackedList {
    BackedList::conditions(CONDITIONS, SPELLINGS).expect("the shipped dictionary reads")
}

fn first(list: &BackedList, stem: &str) -> BackedOption {
    list.search(stem)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("nothing found for {stem:?}"))
}

#[test]
fn everyday_names_find_their_condition_first() {
    let list = conditions();
    for (typed, name, category) in [
        ("heart attack", "Heart attack", "heart"),
        ("diabetes type 2", "Type 2 diabetes", "diabetes"),
        ("high blood pressure", "High blood pressure", "hypertension"),
        ("asthma", "Asthma", "asthma"),
        ("depression", "Depression", "mental-health"),
        ("high blo", "High blood pressure", "hypertension"),
    ] {
        let found = first(&list, typed);
        assert_eq!(
            (found.name.as_str(), found.category.as_str()),
            (name, category),
            "typed {typed:?}"
        );
    }
}

#[test]
fn a_condition_is_offered_once_under_its_everyday_name() {
    let list = conditions();
    for typed in ["asthma", "high blood pressure", "type 2 diabetes"] {
        let found = list.search(typed);
        let everyday = &found[0];
        assert!(
            everyday.id.starts_with("everyday-"),
            "typed {typed:?}: {everyday:?}"
        );
        let code = everyday.code.clone();
        assert!(
            code.is_some(),
            "typed {typed:?}: the everyday entry carries its code"
        );
        assert_eq!(
            found.iter().filter(|o| o.code == code).count(),
            1,
            "typed {typed:?}: {found:?}"
        );
    }
}

#[test]
fn common_misspellings_still_find_the_condition() {
    let list = conditions();
    for (typed, name) in [
        ("diabeties", "Type 2 diabetes"),
        ("asthama", "Asthma"),
        ("depresion", "Depression"),
        ("hypertention", "High blood pressure"),
    ] {
        assert_eq!(first(&list, typed).name, name, "typed {typed:?}");
    }
    // Not in any alias list: found by a one-letter slip.
    assert_eq!(first(&list, "epilepsey").category, "epilepsy");
    assert_eq!(first(&list, "migrane").name, "Migraine");
}

#[test]
fn british_spellings_find_the_classifications_american_names() {
    let list = conditions();
    let found = list.search("haemorrhage");
    assert!(
        !found.is_empty()
            && found
                .iter()
                .all(|o| o.name.to_lowercase().contains("hemorrhag")),
        "{found:?}"
    );
    assert!(
        list.search("oesophagitis")
            .iter()
            .any(|o| o.name.contains("esophagitis"))
    );
    assert!(
        list.search("ischaemic")
            .iter()
            .any(|o| o.category == "heart")
    );
}

#[test]
fn a_code_finds_its_entry() {
    let list = conditions();
    assert!(
        list.search("I21")
            .iter()
            .any(|o| o.code.as_deref() == Some("I21"))
    );
    assert_eq!(
        list.get("E11").map(|o| o.category.as_str()),
        Some("diabetes")
    );
}

#[test]
fn results_are_capped_and_an_empty_stem_finds_nothing() {
    let list = conditions();
    assert_eq!(list.search("malignant").len(), MAX_RESULTS);
    // "cancer" is the classification's "malignant neoplasm".
    let breast = list.search("breast cancer");
    assert_eq!(breast[0].name, "Breast cancer");
    assert!(
        breast.iter().any(|o| o.code.as_deref() == Some("C50")),
        "{breast:?}"
    );
    assert!(list.search("  ").is_empty());
    assert!(list.search("zzzzqqq").is_empty());
}

#[test]
fn every_condition_maps_to_a_category_the_rulebook_knows() {
    let list = conditions();
    assert!(
        list.len() > 10_000,
        "the whole classification is searchable: {}",
        list.len()
    );
    let known: BTreeSet<String> = csv::Reader::from_reader(CATEGORIES.as_bytes())
        .records()
        .map(|r| r.expect("category row")[2].to_owned())
        .collect();
    for option in list.all() {
        assert!(
            known.contains(&option.category),
            "{} maps to unknown category {}",
            option.id,
            option.category
        );
    }
    let rules = include_str!("../../../../product/underwriting/rules.json");
    for category in &known {
        let named = rules.contains(&format!("\\\"{category}\\\""));
        let without_rule = ["minor", "cholesterol", "thyroid"];
        assert!(
            named || without_rule.contains(&category.as_str()),
            "no rule reads category {category}"
        );
    }
}

#[test]
fn occupations_carry_their_class() {
    let list = BackedList::occupations(OCCUPATIONS).expect("the shipped occupations read");
    assert_eq!(first(&list, "roof").category, "4");
    assert_eq!(first(&list, "software").category, "1");
    assert_eq!(first(&list, "commercial div").category, "decline");
    let wrong = BackedList::occupations("name,class\nAstronaut,5\n").unwrap_err();
    assert!(
        wrong.contains("line 2") && wrong.contains("\"5\""),
        "{wrong}"
    );
}

#[test]
fn a_dictionary_with_a_repeated_id_or_no_category_is_refused() {
    let header = "id,name,code,category,aliases,source\n";
    let twice = format!("{header}A,Asthma,J45,asthma,,x\nA,Asthma,J45,asthma,,x\n");
    assert!(
        BackedList::conditions(&twice, SPELLINGS)
            .unwrap_err()
            .contains("line 3")
    );
    let bare = format!("{header}A,Asthma,J45,,,x\n");
    assert!(
        BackedList::conditions(&bare, SPELLINGS)
            .unwrap_err()
            .contains("category")
    );
}

#[test]
fn one_edit_is_one_letter_wrong_missing_extra_or_swapped() {
    let c = |s: &str| s.chars().collect::<Vec<_>>();
    assert!(within_one_edit(&c("asthma"), &c("astma")));
    assert!(within_one_edit(&c("asthma"), &c("asthmaa")));
    assert!(within_one_edit(&c("asthma"), &c("asthna")));
    assert!(within_one_edit(&c("asthma"), &c("ashtma")));
    assert!(!within_one_edit(&c("asthma"), &c("ashtna")));
    assert!(!within_one_edit(&c("asthma"), &c("as")));
    // Short words must be typed exactly: "flu" must not find "flo...".
    assert!(!word_matches("flux", "flex", true));
}
