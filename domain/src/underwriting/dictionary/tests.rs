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

/// The first three options found for `typed`.
fn first_three(list: &BackedList, typed: &str) -> Vec<BackedOption> {
    list.search(typed).into_iter().take(3).collect()
}

#[test]
fn what_advisers_type_finds_the_right_condition_among_the_first_three() {
    let list = conditions();
    for (typed, code) in [
        ("type II diabetes", "E11"),
        ("whiplash", "S13.4"),
        ("cervical cancer", "C53"),
        ("slipped disc", "M51"),
        ("heart attack", "I21"),
        ("high cholesterol", "E78"),
        ("underactive thyroid", "E03"),
        ("ME", "G93.32"),
        ("glandular fever", "B27"),
        ("tennis elbow", "M77"),
        ("piles", "K64"),
        ("water on the knee", "M25.46"),
        ("frozen shoulder", "M75.0"),
    ] {
        let found = first_three(&list, typed);
        assert!(
            found.iter().any(|o| o.code.as_deref() == Some(code)),
            "typed {typed:?}: {found:?}"
        );
    }
    let tumour = first_three(&list, "tumor");
    assert!(
        tumour.len() == 3 && tumour.iter().all(|o| o.category == "cancer"),
        "{tumour:?}"
    );
}

#[test]
fn an_abbreviation_finds_what_it_stands_for_first() {
    let list = conditions();
    for (typed, name) in [
        ("MS", "Multiple sclerosis"),
        ("MI", "Heart attack"),
        ("COPD", "COPD"),
        ("IBS", "Irritable bowel syndrome"),
        ("T2DM", "Type 2 diabetes"),
        ("T2 diabetes", "Type 2 diabetes"),
        ("T1 diabetes", "Type 1 diabetes"),
        ("DVT", "Deep vein thrombosis"),
        ("PE", "Pulmonary embolism"),
        ("TIA", "Mini stroke"),
        ("CVA", "Stroke"),
        ("ME/CFS", "ME (chronic fatigue syndrome)"),
        ("ADHD", "ADHD"),
        ("OCD", "Obsessive compulsive disorder"),
        ("PTSD", "Post-traumatic stress disorder"),
        ("RA", "Rheumatoid arthritis"),
        ("SLE", "Lupus"),
        ("GORD", "Acid reflux"),
        ("GERD", "Acid reflux"),
        ("HBP", "High blood pressure"),
        ("AF", "Atrial fibrillation"),
        ("CKD", "Chronic kidney disease"),
        ("HIV", "HIV"),
    ] {
        assert_eq!(first(&list, typed).name, name, "typed {typed:?}");
    }
}

#[test]
fn british_and_american_spellings_find_the_same_conditions() {
    let list = conditions();
    for (british, american) in [
        ("tumour", "tumor"),
        ("oesophagus", "esophagus"),
        ("haemorrhage", "hemorrhage"),
        ("anaemia", "anemia"),
        ("diarrhoea", "diarrhea"),
        ("leukaemia", "leukemia"),
        ("paediatric", "pediatric"),
        ("ischaemic", "ischemic"),
        ("foetal", "fetal"),
        ("slipped disc", "slipped disk"),
    ] {
        let found = list.search(british);
        assert!(!found.is_empty(), "typed {british:?}");
        assert_eq!(found, list.search(american), "{british:?} and {american:?}");
    }
}

#[test]
fn roman_numerals_and_number_words_read_as_digits() {
    let list = conditions();
    for typed in [
        "type II diabetes",
        "type two diabetes",
        "type 2 diabetes",
        "diabetes type ii",
    ] {
        assert_eq!(
            first(&list, typed).code.as_deref(),
            Some("E11"),
            "typed {typed:?}"
        );
    }
    for typed in ["type I diabetes", "type one diabetes"] {
        assert_eq!(
            first(&list, typed).code.as_deref(),
            Some("E10"),
            "typed {typed:?}"
        );
    }
    // "I" alone is a letter typed, not a numeral: the codes starting with I are found.
    assert!(
        list.search("i2")
            .iter()
            .all(|o| o.code.as_deref().unwrap_or_default().starts_with("I2"))
    );
}

#[test]
fn everyday_names_rank_before_the_classifications_terms() {
    let list = conditions();
    for typed in ["angina", "tumour", "diabetes", "hay fever", "blood", "pain"] {
        let found = list.search(typed);
        let everyday = |o: &BackedOption| o.id.starts_with("everyday-");
        let first_other = found
            .iter()
            .position(|o| !everyday(o))
            .unwrap_or(found.len());
        assert!(
            first_other > 0 && found[first_other..].iter().all(|o| !everyday(o)),
            "typed {typed:?}: {found:?}"
        );
    }
    // The e2e journey types these and picks the first option.
    for typed in [
        "blood pressure",
        "high blood",
        "high blood pres",
        "hypertension",
    ] {
        assert_eq!(
            first(&list, typed).name,
            "High blood pressure",
            "typed {typed:?}"
        );
    }
    // An index term is found when no everyday name has the word.
    assert_eq!(
        first(&list, "whiplash").name,
        "Whiplash injury of cervical spine"
    );
}

#[test]
fn the_sample_terms_find_the_right_condition_among_the_first_three() {
    let list = conditions();
    let missed: Vec<&str> = SAMPLE
        .iter()
        .filter(|(typed, codes)| !first_three(&list, typed).iter().any(|o| right(o, codes)))
        .map(|(typed, _)| *typed)
        .collect();
    // docs/conditions-lookup.md reports the one missed: "gland" is in no name of E03.
    assert_eq!(missed, ["underactive thyroid gland"]);
}

/// What UK advisers type, each with the codes (or code heads) any of which is a right answer.
/// `the_sample_terms_find_the_right_condition_among_the_first_three` checks them;
/// `print_sample_table` prints the table in `docs/conditions-lookup.md`.
const SAMPLE: [(&str, &[&str]); 50] = [
    ("type II diabetes", &["E11"]),
    ("type two diabetes", &["E11"]),
    ("type 1 diabetes", &["E10"]),
    ("T2DM", &["E11"]),
    ("whiplash", &["S13.4"]),
    ("cervical cancer", &["C53"]),
    ("slipped disc", &["M51"]),
    ("heart attack", &["I21"]),
    ("high cholesterol", &["E78"]),
    ("underactive thyroid", &["E03"]),
    ("ME", &["G93.3"]),
    ("glandular fever", &["B27"]),
    ("tennis elbow", &["M77"]),
    ("piles", &["K64"]),
    ("water on the knee", &["M25.46"]),
    ("tumor", &["C", "D0", "D1", "D2", "D3", "D4"]),
    ("MS", &["G35"]),
    ("MI", &["I21"]),
    ("COPD", &["J44"]),
    ("IBS", &["K58"]),
    ("DVT", &["I82"]),
    ("PE", &["I26"]),
    ("TIA", &["G45"]),
    ("CVA", &["I63", "I64"]),
    ("ADHD", &["F90"]),
    ("OCD", &["F42"]),
    ("PTSD", &["F43.1"]),
    ("GORD", &["K21"]),
    ("AF", &["I48"]),
    ("high BP", &["I10"]),
    ("haemorrhoids", &["K64"]),
    ("oesophageal cancer", &["C15"]),
    ("leukaemia", &["C91", "C92", "C93", "C94", "C95"]),
    ("anaemia", &["D5", "D6"]),
    ("diarrhoea", &["R19.7", "K59.1", "A09"]),
    (
        "ischaemic heart disease",
        &["I20", "I21", "I22", "I23", "I24", "I25"],
    ),
    ("bowel cancer", &["C18", "C19", "C20"]),
    ("kidney stones", &["N20"]),
    ("frozen shoulder", &["M75.0"]),
    ("sciatica", &["M54.3", "M54.4"]),
    ("hay fever", &["J30"]),
    ("angina", &["I20"]),
    ("bipolar", &["F31"]),
    ("postnatal depression", &["F53"]),
    ("shingles", &["B02"]),
    ("sleep apnoea", &["G47.3"]),
    ("coeliac disease", &["K90.0"]),
    ("lupus", &["M32"]),
    ("fibromyalgia", &["M79.7"]),
    ("underactive thyroid gland", &["E03"]),
];

fn right(option: &BackedOption, codes: &[&str]) -> bool {
    let code = option.code.as_deref().unwrap_or_default();
    codes.iter().any(|c| code.starts_with(c))
}

fn percentile(mut times: Vec<std::time::Duration>, p: f64) -> std::time::Duration {
    times.sort();
    times[((times.len() as f64 * p).ceil() as usize).clamp(1, times.len()) - 1]
}

/// Prints the sample table of `docs/conditions-lookup.md`:
/// `cargo test -p domain --release print_sample_table -- --ignored --nocapture`
#[test]
#[ignore = "prints the report's table"]
fn print_sample_table() {
    let list = conditions();
    let mut hits = 0;
    println!("| typed | first three options | right one among them |");
    println!("|---|---|---|");
    for (typed, codes) in SAMPLE {
        let found = list.search(typed);
        let three: Vec<String> = found
            .iter()
            .take(3)
            .map(|o| format!("{} ({})", o.name, o.code.as_deref().unwrap_or("-")))
            .collect();
        let ok = found.iter().take(3).any(|o| right(o, codes));
        hits += usize::from(ok);
        println!(
            "| {typed} | {} | {} |",
            three.join("; "),
            if ok { "yes" } else { "**no**" }
        );
    }
    println!("\n{hits} of {} found among the first three", SAMPLE.len());
}

/// Load time and search latency, in process:
/// `cargo test -p domain --release search_timings -- --ignored --nocapture`
#[test]
#[ignore = "a measurement, run in release"]
fn search_timings() {
    use std::time::Instant;
    let mut loads = Vec::new();
    for _ in 0..5 {
        let started = Instant::now();
        let list = conditions();
        loads.push(started.elapsed());
        assert!(!list.is_empty());
    }
    let list = conditions();
    // Every prefix of every sample term, as the question searches while the adviser types.
    let stems: Vec<&str> = SAMPLE
        .iter()
        .flat_map(|(t, _)| {
            (1..=t.len())
                .filter(|&n| t.is_char_boundary(n))
                .map(|n| &t[..n])
        })
        .collect();
    let mut times = Vec::new();
    let mut slowest = Vec::new();
    for _ in 0..5 {
        for stem in &stems {
            let started = Instant::now();
            std::hint::black_box(list.search(stem));
            times.push(started.elapsed());
            slowest.push((started.elapsed(), *stem));
        }
    }
    slowest.sort();
    let slowest: Vec<_> = slowest.iter().rev().take(8).collect();
    println!("slowest: {slowest:?}");
    println!(
        "entries {}; load median {:?}; {} searches: p50 {:?}, p95 {:?}, max {:?}",
        list.len(),
        percentile(loads, 0.5),
        times.len(),
        percentile(times.clone(), 0.5),
        percentile(times.clone(), 0.95),
        percentile(times, 1.0),
    );
}
