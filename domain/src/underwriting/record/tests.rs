use super::*;
use crate::errors::RejectionKind;
use crate::underwriting::dictionary::BackedList;
use crate::underwriting::{NO_QUESTIONS, SectionStatus};
use chrono::TimeZone;

const INTERVIEW: &str = include_str!("../../../../product/underwriting/interview.json");

pub(crate) fn interview() -> Interview {
    let categories = BackedList::conditions(
        include_str!("../../../../product/underwriting/conditions.csv"),
        include_str!("../../../../product/underwriting/word-forms.csv"),
    )
    .unwrap()
    .categories();
    Interview::parse(INTERVIEW, &categories).expect("the shipped interview reads")
}

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 24).unwrap()
}

fn at() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 24, 10, 0, 0).unwrap()
}

fn answer(tag: &str, value: &str) -> Answer {
    Answer {
        tag: tag.into(),
        value: value.into(),
    }
}

pub(crate) fn started(interview: &Interview, gender: &str) -> EnquiryRecord {
    EnquiryRecord::start(
        interview,
        "enquiry-a1".into(),
        crate::testkit::applicant_id("a1"),
        EnquiryKind::Full,
        vec![
            answer("GENDER", gender),
            answer("BIRTHDATE", "1986-03-14"),
            answer("SMOKING_GFS", "NoneInFiveYears"),
        ],
        true,
        at(),
    )
}

fn provide(
    record: &EnquiryRecord,
    interview: &Interview,
    answers: &[(&str, &str)],
) -> Result<EnquiryRecord, Rejection> {
    let batch = ProvideAnswers {
        answers: answers.iter().map(|(t, v)| answer(t, v)).collect(),
        options: Vec::new(),
    };
    record.provide(interview, &batch, today(), at())
}

fn errors(rejection: &Rejection) -> Vec<(String, String)> {
    rejection
        .errors
        .iter()
        .map(|e| (e.field.clone(), e.message.clone()))
        .collect()
}

pub(crate) fn software_developer() -> BackedOption {
    BackedOption {
        id: "Software developer".into(),
        name: "Software developer".into(),
        category: "1".into(),
        code: None,
    }
}

pub(crate) fn with_occupation(
    record: &EnquiryRecord,
    interview: &Interview,
    occupation: BackedOption,
) -> EnquiryRecord {
    let batch = ProvideAnswers {
        answers: vec![answer("OCCUPATION", &occupation.id.clone())],
        options: vec![occupation],
    };
    record.provide(interview, &batch, today(), at()).unwrap()
}

#[test]
fn the_client_details_arrive_answered_and_the_rest_waits() {
    let interview = interview();
    let view = started(&interview, "Male").view(&interview, today());
    let about = &view.sections[0];
    assert!(
        about.enquiry_lines[0].is_satisfied,
        "gender, date of birth and smoking come from client details"
    );
    assert_eq!(about.status(), SectionStatus::InProgress);
    assert!(!view.is_satisfied && !view.is_closeable && view.is_open && view.pre_check);
    // A follow-up line is not asked until its answer is given.
    assert!(!about.enquiry_lines.iter().any(|l| l.id == "cigarettes"));
}

#[test]
fn an_answer_of_the_wrong_kind_is_refused_naming_the_question_and_nothing_is_kept() {
    let interview = interview();
    let record = started(&interview, "Male");
    let refused = provide(
        &record,
        &interview,
        &[
            ("ALCOHOL_UNITS", "12"),
            ("HEIGHT", "tall"),
            ("DRUGS", "Sometimes"),
        ],
    )
    .unwrap_err();
    assert_eq!(refused.kind, RejectionKind::Invalid);
    assert_eq!(
        errors(&refused),
        vec![
            (
                "HEIGHT".into(),
                "Please enter a height between 1.20 m and 2.30 m".into()
            ),
            ("DRUGS".into(), "Sometimes is not one of the options".into()),
        ]
    );
    assert_eq!(
        record.answers.get("ALCOHOL_UNITS"),
        None,
        "the good answer of a refused batch is not kept either"
    );
}

#[test]
fn numbers_dates_and_lists_are_checked_at_their_edges() {
    let interview = interview();
    let record = started(&interview, "Male");
    assert!(provide(&record, &interview, &[("ALCOHOL_UNITS", "0")]).is_ok());
    assert!(provide(&record, &interview, &[("ALCOHOL_UNITS", "500")]).is_ok());
    assert_eq!(
        errors(&provide(&record, &interview, &[("ALCOHOL_UNITS", "501")]).unwrap_err())[0].1,
        "Please enter a number between 0 and 500"
    );
    assert_eq!(
        errors(&provide(&record, &interview, &[("ALCOHOL_UNITS", "1.5")]).unwrap_err())[0].1,
        "Please enter a whole number"
    );
    assert!(
        provide(
            &record,
            &interview,
            &[("GP_REGISTERED_SINCE", "2026-11-24")]
        )
        .is_ok(),
        "today is not in the future"
    );
    assert_eq!(
        errors(
            &provide(
                &record,
                &interview,
                &[("GP_REGISTERED_SINCE", "2026-11-25")]
            )
            .unwrap_err()
        )[0]
        .1,
        "The date cannot be in the future"
    );
    assert_eq!(
        errors(
            &provide(
                &record,
                &interview,
                &[("GP_REGISTERED_SINCE", "2026-02-30")]
            )
            .unwrap_err()
        )[0]
        .1,
        "Please enter a valid date"
    );
    let with_drugs = provide(&record, &interview, &[("DRUGS", "Yes")]).unwrap();
    assert!(
        provide(
            &with_drugs,
            &interview,
            &[("DRUGS_TYPE", "cannabis|cocaine")]
        )
        .is_ok(),
        "a list takes several"
    );
    assert_eq!(
        errors(
            &provide(
                &with_drugs,
                &interview,
                &[("DRUGS_TYPE", "cannabis|cannabis")]
            )
            .unwrap_err()
        )[0]
        .1,
        "An option is chosen twice"
    );
    assert_eq!(
        errors(&provide(&record, &interview, &[("EARNINGS", "£30k")]).unwrap_err())[0].1,
        "Please enter earnings in whole pounds"
    );
    assert!(provide(&record, &interview, &[("EARNINGS", "30,000")]).is_ok());
}

#[test]
fn a_question_not_asked_or_not_in_the_interview_is_refused() {
    let interview = interview();
    let record = started(&interview, "Male");
    let refused = provide(
        &record,
        &interview,
        &[("DRUGS_TYPE", "cannabis"), ("SHOE_SIZE", "9")],
    )
    .unwrap_err();
    assert_eq!(
        errors(&refused),
        vec![
            (
                "DRUGS_TYPE".into(),
                "DRUGS_TYPE is not asked with the answers given so far".into()
            ),
            (
                "SHOE_SIZE".into(),
                "SHOE_SIZE is not a question of this interview".into()
            ),
        ]
    );
    // Asked once the answer it follows is given in the same batch.
    assert!(
        provide(
            &record,
            &interview,
            &[("DRUGS", "Yes"), ("DRUGS_TYPE", "cannabis")]
        )
        .is_ok()
    );
}

#[test]
fn weight_follows_the_clients_sex_and_units() {
    let interview = interview();
    let man = provide(
        &started(&interview, "Male"),
        &interview,
        &[("WEIGHT_UNITS", "imperial"), ("WEIGHT", "12 4")],
    )
    .unwrap();
    let view = man.view(&interview, today());
    let weight = view.sections[0]
        .enquiry_lines
        .iter()
        .flat_map(|l| &l.questions)
        .find(|q| q.tag == "WEIGHT")
        .unwrap();
    assert_eq!(weight.question_type, QuestionType::WeightMale);
    assert!(
        weight.is_satisfied,
        "12 st 4 lb is read in stones and pounds"
    );
    let woman = started(&interview, "Female").view(&interview, today());
    let weight = woman.sections[0]
        .enquiry_lines
        .iter()
        .flat_map(|l| &l.questions)
        .find(|q| q.tag == "WEIGHT")
        .unwrap();
    assert_eq!(weight.question_type, QuestionType::WeightFemale);
    assert_eq!(
        errors(&provide(&man, &interview, &[("WEIGHT", "12 14")]).unwrap_err())[0].0,
        "WEIGHT",
        "14 pounds is a stone"
    );
}

#[test]
fn a_stored_answer_that_no_longer_fits_shows_its_error_and_the_section_needs_attention() {
    let interview = interview();
    let record = provide(
        &started(&interview, "Male"),
        &interview,
        &[("HEIGHT_UNITS", "metric"), ("HEIGHT", "1.80")],
    )
    .unwrap();
    // Switching to imperial leaves "1.80" unreadable as feet: the question says so.
    let switched = {
        let mut r = record.clone();
        r.answers.insert("HEIGHT_UNITS".into(), "imperial".into());
        r
    };
    let view = switched.view(&interview, today());
    let height = view.sections[0]
        .enquiry_lines
        .iter()
        .flat_map(|l| &l.questions)
        .find(|q| q.tag == "HEIGHT")
        .unwrap();
    assert!(!height.is_satisfied);
    assert_eq!(
        height.validation_errors,
        vec!["Please enter a height between 4 ft 0 in and 7 ft 6 in".to_owned()]
    );
    assert_eq!(view.sections[0].status(), SectionStatus::InComplete);
}

#[test]
fn the_same_answers_again_or_a_second_acceptance_change_nothing() {
    let interview = interview();
    let record = provide(
        &started(&interview, "Male"),
        &interview,
        &[("ALCOHOL_UNITS", "4")],
    )
    .unwrap();
    let again = provide(&record, &interview, &[("ALCOHOL_UNITS", " 4 ")]).unwrap();
    assert_eq!(again, record, "same answer, same version, nothing to save");
    let changed = provide(&record, &interview, &[("ALCOHOL_UNITS", "5")]).unwrap();
    assert_eq!(changed.version, record.version + 1);
    let accepted = record.accept_post_declaration(at()).unwrap();
    assert_eq!(accepted.version, record.version + 1);
    assert_eq!(accepted.accept_post_declaration(at()).unwrap(), accepted);
}

#[test]
fn an_empty_answer_clears_it_and_the_question_is_asked_again() {
    let interview = interview();
    let record = provide(
        &started(&interview, "Male"),
        &interview,
        &[("ALCOHOL_UNITS", "4")],
    )
    .unwrap();
    let cleared = provide(&record, &interview, &[("ALCOHOL_UNITS", " ")]).unwrap();
    assert_eq!(cleared.answers.get("ALCOHOL_UNITS"), None);
    assert_eq!(cleared.version, record.version + 1);
}

#[test]
fn a_disclosed_condition_asks_its_follow_up_and_the_rules_read_it_inside_the_condition() {
    let interview = interview();
    let record = with_occupation(
        &started(&interview, "Male"),
        &interview,
        software_developer(),
    );
    let diabetes = BackedOption {
        id: "everyday-type-2-diabetes".into(),
        name: "Type 2 diabetes".into(),
        category: "diabetes".into(),
        code: Some("E11".into()),
    };
    let batch = ProvideAnswers {
        answers: vec![
            answer("HAS_CONDITIONS", "Yes"),
            answer("CONDITIONS", "everyday-type-2-diabetes"),
        ],
        options: vec![diabetes],
    };
    let record = record.provide(&interview, &batch, today(), at()).unwrap();
    let view = record.view(&interview, today());
    let medical = view
        .sections
        .iter()
        .find(|s| s.id == "medical-history")
        .unwrap();
    assert!(
        medical.enquiry_lines.iter().any(|l| l.id == "diabetes"),
        "the diabetes questions are asked"
    );
    assert!(!medical.enquiry_lines.iter().any(|l| l.id == "asthma"));
    assert_eq!(view.available_conditions[0].name, "Type 2 diabetes");
    let record = provide(
        &record,
        &interview,
        &[
            ("DIABETES_TYPE", "type2"),
            ("DIABETES_DIAGNOSED", "2021-05-24"),
            ("DIABETES_HBA1C", "52"),
            ("DIABETES_COMPLICATIONS", "No"),
        ],
    )
    .unwrap();
    let facts = record.facts(&interview, today());
    assert_eq!(facts["conditions"][0]["category"], "diabetes");
    assert_eq!(facts["conditions"][0]["hba1c"], 52.0);
    assert_eq!(facts["conditions"][0]["complications"], false);
    assert_eq!(facts["conditions"][0]["yearsSince"], 5.5);
    assert_eq!(facts["occupation"]["category"], "1");
    assert_eq!(facts["age"], 40);
    assert!(
        facts.get("hba1c").is_none(),
        "a follow-up is read only inside its condition"
    );
}

#[test]
fn a_backed_answer_must_name_an_option_of_its_own_list() {
    let interview = interview();
    let record = started(&interview, "Male");
    let refused = provide(&record, &interview, &[("OCCUPATION", "Astronaut")]).unwrap_err();
    assert_eq!(
        errors(&refused),
        vec![(
            "OCCUPATION".into(),
            "Astronaut is not in the list; please choose from it".into()
        )]
    );
    // A condition offered as an occupation is refused.
    let asthma = BackedOption {
        id: "J45".into(),
        name: "Asthma".into(),
        category: "asthma".into(),
        code: Some("J45".into()),
    };
    let batch = ProvideAnswers {
        answers: vec![answer("OCCUPATION", "J45")],
        options: vec![asthma],
    };
    assert!(record.provide(&interview, &batch, today(), at()).is_err());
}

#[test]
fn bmi_and_answers_no_longer_asked_are_worked_out_from_what_is_asked() {
    let interview = interview();
    let record = provide(
        &started(&interview, "Male"),
        &interview,
        &[
            ("HEIGHT_UNITS", "metric"),
            ("HEIGHT", "1.75"),
            ("WEIGHT_UNITS", "metric"),
            ("WEIGHT", "107.2"),
            ("DRUGS", "Yes"),
            ("DRUGS_TYPE", "cocaine"),
        ],
    )
    .unwrap();
    let record = provide(&record, &interview, &[("DRUGS", "No")]).unwrap();
    let facts = record.facts(&interview, today());
    assert_eq!(facts["bmi"], 35.0);
    assert_eq!(facts["drugsUsed"], false);
    assert_eq!(
        facts["drugs"],
        serde_json::json!([]),
        "the drugs answered before 'No' are kept but not read"
    );
    assert_eq!(
        record.answers.get("DRUGS_TYPE").map(String::as_str),
        Some("cocaine"),
        "nothing typed is lost"
    );
}

#[test]
fn closing_needs_every_required_answer_and_the_post_declaration() {
    let interview = interview();
    let record = with_occupation(
        &started(&interview, "Male"),
        &interview,
        software_developer(),
    );
    let early = record.check_closeable(&interview, today()).unwrap_err();
    assert!(
        errors(&early).iter().any(|(tag, _)| tag == "HEIGHT"),
        "{early:?}"
    );
    let answered = provide(&record, &interview, crate::testkit::PLAIN_ANSWERS).unwrap();
    let view = answered.view(&interview, today());
    assert!(view.is_satisfied, "the optional waist line is not needed");
    assert!(!view.is_closeable);
    assert_eq!(
        errors(&answered.check_closeable(&interview, today()).unwrap_err()),
        vec![(
            "acceptedPostUnderwriting".into(),
            "Please accept the post-underwriting declaration before closing the enquiry".into()
        )]
    );
    let declared = answered.accept_post_declaration(at()).unwrap();
    assert!(declared.view(&interview, today()).is_closeable);
    let outcome = ApplicantOutcome {
        rulebook_version: interview.version.clone(),
        decided_at: at(),
        covers: vec![],
        limits: None,
    };
    let closed = declared.close(&interview, outcome, today(), at()).unwrap();
    assert!(!closed.status.is_open());
    let late = provide(&closed, &interview, &[("ALCOHOL_UNITS", "3")]).unwrap_err();
    assert_eq!(late.kind, RejectionKind::Conflict);
    assert_eq!(
        late.message,
        "The enquiry is closed; its answers can no longer be changed"
    );
}

#[test]
fn a_section_with_nothing_to_ask_says_so() {
    let mut interview = interview();
    interview.sections[1].lines.iter_mut().for_each(|l| {
        l.when = Some(When::Answer {
            tag: "GENDER".into(),
            one_of: vec!["Neither".into()],
        });
    });
    let view = started(&interview, "Male").view(&interview, today());
    assert_eq!(view.sections[1].message.as_deref(), Some(NO_QUESTIONS));
}

#[test]
fn a_rulebook_with_a_broken_reference_is_refused_at_start_up() {
    let categories: std::collections::BTreeSet<String> = ["diabetes".to_owned()].into();
    let broken = INTERVIEW.replace(
        "\"condition\": \"hypertension\"",
        "\"condition\": \"hypertension-typo\"",
    );
    let categories_all = BackedList::conditions(
        include_str!("../../../../product/underwriting/conditions.csv"),
        include_str!("../../../../product/underwriting/word-forms.csv"),
    )
    .unwrap()
    .categories();
    let error = Interview::parse(&broken, &categories_all).unwrap_err();
    assert_eq!(
        error,
        "line hypertension: no condition in the dictionary is of category hypertension-typo"
    );
    assert!(
        Interview::parse(INTERVIEW, &categories).is_err(),
        "categories the dictionary lacks"
    );
    let unknown = INTERVIEW.replacen(
        "\"locale\": \"en-GB\",",
        "\"locale\": \"en-GB\", \"colour\": \"blue\",",
        1,
    );
    assert_eq!(
        Interview::parse(&unknown, &categories_all).unwrap_err(),
        "colour: this field is not recognised"
    );
    let twice = INTERVIEW.replace("\"tag\": \"TRAVEL_WEEKS\"", "\"tag\": \"TRAVEL\"");
    assert_eq!(
        Interview::parse(&twice, &categories_all).unwrap_err(),
        "question TRAVEL: the tag is used twice"
    );
}

/// The summary reads each answer back as the client would say it, before they declare the
/// answers true: labels rather than codes, UK dates, money and units.
#[test]
fn answers_are_read_back_as_the_client_gave_them() {
    let interview = interview();
    let record = with_occupation(
        &started(&interview, "Male"),
        &interview,
        software_developer(),
    );
    let record = provide(
        &record,
        &interview,
        &[
            ("EARNINGS", "36000"),
            ("WEIGHT_UNITS", "imperial"),
            ("WEIGHT", "12 4"),
        ],
    )
    .unwrap();
    let view = record.view(&interview, today());
    let read_back = |tag: &str| {
        view.sections
            .iter()
            .flat_map(|s| &s.enquiry_lines)
            .flat_map(|l| &l.questions)
            .find(|q| q.tag == tag)
            .and_then(|q| q.answer_text.clone())
    };
    assert_eq!(read_back("BIRTHDATE").as_deref(), Some("14/03/1986"));
    assert_eq!(read_back("EARNINGS").as_deref(), Some("£36,000"));
    assert_eq!(
        read_back("OCCUPATION").as_deref(),
        Some("Software developer")
    );
    assert_eq!(
        read_back("WEIGHT_UNITS").as_deref(),
        Some("Stones and pounds")
    );
    assert_eq!(read_back("WEIGHT").as_deref(), Some("12 st 4 lb (78 kg)"));
    assert_eq!(
        read_back("HEIGHT"),
        None,
        "an unanswered question reads back nothing"
    );
    // An explanation quotes the same words.
    assert_eq!(
        record
            .quote(&interview, "EARNINGS")
            .map(|q| q.answer)
            .as_deref(),
        Some("£36,000")
    );
}

/// An outcome names what was disclosed even when it changes nothing: asthma with no admissions
/// and no steroid tablets gives standard terms, and the summary says why, once.
#[test]
fn a_disclosed_condition_that_changes_nothing_is_named_in_the_outcome() {
    let interview = interview();
    let record = with_occupation(
        &started(&interview, "Male"),
        &interview,
        software_developer(),
    );
    let asthma = BackedOption {
        id: "everyday-asthma".into(),
        name: "Asthma".into(),
        category: "asthma".into(),
        code: Some("J45".into()),
    };
    let batch = ProvideAnswers {
        answers: vec![
            answer("HAS_CONDITIONS", "Yes"),
            answer("CONDITIONS", "everyday-asthma"),
            answer("ASTHMA_ADMISSIONS", "0"),
            answer("ASTHMA_ORAL_STEROIDS", "No"),
        ],
        options: vec![asthma],
    };
    let record = record.provide(&interview, &batch, today(), at()).unwrap();
    let disclosed = record.disclosures(&interview);
    let cover = crate::cover::Cover::new("c1".into(), crate::product_codes::ProductType::Life);
    let outcome = crate::underwriting::outcome::decide(
        &[],
        &[cover],
        &interview.limits,
        &|tag| record.quote(&interview, tag),
        &disclosed,
    );
    assert_eq!(
        outcome[0].summary,
        "Life Protection: standard terms. Disclosed: Asthma (hospital admissions in the last 5 \
         years: 0; steroid tablets (not inhalers) in the last 12 months? No), which does not \
         change them."
    );
    // Nothing disclosed: the plain sentence.
    let plain = started(&interview, "Male").disclosures(&interview);
    assert!(plain.is_empty());
}

/// Every page asks Yes before No, and an optional question says so once (the page marks it from
/// the line's tag).
#[test]
fn yes_comes_before_no_and_optional_is_said_once() {
    let interview = interview();
    let view = started(&interview, "Male").view(&interview, today());
    let questions: Vec<&Question> = view
        .sections
        .iter()
        .flat_map(|s| &s.enquiry_lines)
        .flat_map(|l| &l.questions)
        .collect();
    let yes_no: Vec<&&Question> = questions
        .iter()
        .filter(|q| {
            let mut values: Vec<&str> = q.options.iter().map(|o| o.value.as_str()).collect();
            values.sort_unstable();
            values == ["No", "Yes"]
        })
        .collect();
    assert!(!yes_no.is_empty(), "the interview asks yes/no questions");
    for question in yes_no {
        assert_eq!(question.options[0].value, "Yes", "{}", question.tag);
    }
    let waist = questions.iter().find(|q| q.tag == "WAIST").unwrap();
    assert_eq!(waist.text, "Waist measurement");
}

/// A client's cover of `product` for `pence`, as the quote holds it.
fn cover(product: crate::product_codes::ProductType, pence: u64) -> crate::cover::Cover {
    let app = crate::testkit::quoted_couple();
    let mut cover = app.applicants[0].covers[0].clone();
    cover.product_type = product;
    cover.cover_amount = Some(Money::from_pence(pence).unwrap());
    cover
}

fn asks_genetic_test(interview: &Interview, record: &EnquiryRecord) -> bool {
    record
        .view(interview, today())
        .sections
        .iter()
        .flat_map(|s| &s.enquiry_lines)
        .any(|l| l.id == "genetic-test")
}

// §9 genetic test disclosure threshold; docs/decisions.md FC3.
#[test]
fn the_huntingtons_test_is_asked_only_over_half_a_million_of_life_cover() {
    use crate::product_codes::ProductType::{
        AcceleratedCriticalIllness, CriticalIllness, IncomeProtection, Life, LifeEssentials,
    };
    let interview = interview();
    let started = started(&interview, "Female");
    let asks = |covers: &[crate::cover::Cover]| {
        asks_genetic_test(&interview, &started.clone().with_covers(covers))
    };
    // "Over £500,000": a penny over is asked, exactly £500,000 is not.
    assert!(!asks(&[cover(Life, 50_000_000)]));
    assert!(asks(&[cover(Life, 50_000_001)]));
    // Life cover is summed over the covers that pay on death, in any mix.
    assert!(asks(&[
        cover(Life, 30_000_000),
        cover(LifeEssentials, 10_000_000),
        cover(AcceleratedCriticalIllness, 10_000_001)
    ]));
    assert!(!asks(&[
        cover(Life, 30_000_000),
        cover(AcceleratedCriticalIllness, 20_000_000)
    ]));
    // Critical illness alone and income protection are not life cover.
    assert!(!asks(&[
        cover(CriticalIllness, 90_000_000),
        cover(IncomeProtection, 90_000_000),
        cover(Life, 10_000_000)
    ]));
    // A pre-sale indication has no covers: never asked.
    assert!(!asks_genetic_test(&interview, &started));
    assert_eq!(started.life_cover, None);
}

#[test]
fn a_positive_test_is_an_answer_only_when_asked() {
    let interview = interview();
    let under = started(&interview, "Female")
        .with_covers(&[cover(crate::product_codes::ProductType::Life, 50_000_000)]);
    assert!(provide(&under, &interview, &[("GENETIC_TEST_HUNTINGTONS", "Yes")]).is_err());
    let over = started(&interview, "Female")
        .with_covers(&[cover(crate::product_codes::ProductType::Life, 75_000_000)]);
    let answered = provide(&over, &interview, &[("GENETIC_TEST_HUNTINGTONS", "Yes")]).unwrap();
    assert_eq!(
        answered.facts(&interview, today())["huntingtonsTestPositive"],
        serde_json::json!(true)
    );
    // The life cover is kept with the record, so a stored enquiry asks the same.
    let stored: EnquiryRecord =
        serde_json::from_value(serde_json::to_value(&answered).unwrap()).unwrap();
    assert!(asks_genetic_test(&interview, &stored));
}
