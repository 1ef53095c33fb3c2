use super::*;
use crate::applicant::{Gender, Smoking};
use crate::errors::RejectionKind;
use crate::money::Money;
use crate::underwriting::dictionary::BackedList;
use crate::underwriting::outcome::ApplicantOutcome;
use chrono::TimeZone;

fn interview() -> Interview {
    let categories = BackedList::conditions(
        include_str!("../../../product/underwriting/conditions.csv"),
        include_str!("../../../product/underwriting/word-forms.csv"),
    )
    .unwrap()
    .categories();
    Interview::parse(
        include_str!("../../../product/underwriting/interview.json"),
        &categories,
    )
    .unwrap()
}

fn at() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 27, 10, 0, 0).unwrap()
}

fn today() -> NaiveDate {
    at().date_naive()
}

fn client() -> ApplicantDetails {
    ApplicantDetails {
        title: None,
        first_name: Some("Jane".into()),
        last_name: Some("Smith".into()),
        gender: Some(Gender::Female),
        date_of_birth: NaiveDate::from_ymd_opt(1981, 5, 2),
        smoking: Some(Smoking::NoneInFiveYears),
    }
}

fn started(pre_sale: &Interview) -> QiRecord {
    QiRecord::start(
        pre_sale,
        QiId::parse("q1").unwrap(),
        AdviserId::parse("adviser1").unwrap(),
        None,
        "adviser1".into(),
        client(),
        at(),
        today(),
    )
    .unwrap()
}

fn answers(pairs: &[(&str, &str)]) -> ProvideAnswers {
    ProvideAnswers {
        answers: pairs
            .iter()
            .map(|(tag, value)| Answer {
                tag: (*tag).into(),
                value: (*value).into(),
            })
            .collect(),
        options: vec![],
    }
}

fn tags(interview: &Interview) -> Vec<String> {
    interview
        .sections
        .iter()
        .flat_map(|s| &s.lines)
        .flat_map(|l| &l.questions)
        .map(|q| q.tag.clone())
        .collect()
}

#[test]
fn the_pre_sale_interview_asks_what_the_rules_read_and_leaves_out_the_rest() {
    let pre_sale = interview().for_indication();
    let asked = tags(&pre_sale);
    for tag in [
        "GENDER",
        "HEIGHT",
        "WEIGHT",
        "OCCUPATION",
        "CONDITIONS",
        "HYPERTENSION_CONTROLLED",
    ] {
        assert!(asked.iter().any(|t| t == tag), "{tag} is asked at Qi");
    }
    for tag in ["WAIST", "HAZARDOUS_DUTIES_DETAILS", "GP_PENDING_DETAILS"] {
        assert!(!asked.iter().any(|t| t == tag), "{tag} is not asked at Qi");
    }
    assert!(asked.len() < tags(&interview()).len());
}

#[test]
fn a_client_needs_names_sex_an_age_of_18_to_64_and_smoking_but_no_title() {
    assert!(check_client(&client(), today()).is_empty());
    let too_young = ApplicantDetails {
        date_of_birth: NaiveDate::from_ymd_opt(2009, 1, 1),
        ..client()
    };
    let fields = |details: &ApplicantDetails| {
        check_client(details, today())
            .into_iter()
            .map(|e| e.field)
            .collect::<Vec<_>>()
    };
    assert_eq!(fields(&too_young), ["dateOfBirth"]);
    let blank = ApplicantDetails::default();
    assert_eq!(
        fields(&blank),
        ["firstName", "lastName", "gender", "dateOfBirth", "smoking"]
    );
}

#[test]
fn starting_answers_the_client_details_questions_and_lasts_30_days() {
    let pre_sale = interview().for_indication();
    let record = started(&pre_sale);
    assert_eq!(
        record.enquiry.answers.get("GENDER").map(String::as_str),
        Some("Female")
    );
    assert_eq!(record.expires_at, at() + Duration::days(30));
    let view = record.view(&pre_sale, today());
    assert!(
        !view.steps.client_details_complete,
        "height, weight and occupation are still to come"
    );
    assert!(!view.steps.conditions_complete);
}

#[test]
fn a_changed_answer_withdraws_the_indication_and_its_price() {
    let pre_sale = interview().for_indication();
    let record = started(&pre_sale).indicate(outcome(), at());
    assert!(record.indication.is_some());
    let next = record
        .provide(
            &pre_sale,
            &answers(&[("HEIGHT_UNITS", "metric"), ("HEIGHT", "1.70")]),
            today(),
            at(),
        )
        .unwrap();
    assert!(next.indication.is_none());
    assert_eq!(next.version, record.version + 1);
    // The same answers again change nothing, and keep the indication.
    let again = next.indicate(outcome(), at());
    let same = again
        .provide(&pre_sale, &answers(&[("HEIGHT", "1.70")]), today(), at())
        .unwrap();
    assert_eq!(same, again);
}

#[test]
fn indicating_needs_every_question_answered_and_names_those_missing() {
    let pre_sale = interview().for_indication();
    let error = started(&pre_sale)
        .check_indicable(&pre_sale, today())
        .unwrap_err();
    assert_eq!(error.kind, RejectionKind::Invalid);
    assert!(error.errors.iter().any(|e| e.field == "HEIGHT"));
}

fn outcome() -> ApplicantOutcome {
    let covers = notional_covers()
        .into_iter()
        .map(|cover| CoverOutcome {
            cover_id: cover.id,
            product_type: cover.product_type,
            decision: Decision::NonStandardTerms,
            displayed: Decision::NonStandardTerms.displayed(),
            loading: 50,
            exclusions: vec![],
            evidence: vec![],
            summary: "Loaded".into(),
            explanations: vec![],
            manual: None,
        })
        .collect();
    ApplicantOutcome {
        rulebook_version: "test".into(),
        decided_at: at(),
        covers,
        limits: None,
    }
}

fn life(amount: u64, term: u32) -> CoverInput {
    CoverInput {
        id: None,
        product_type: ProductType::Life,
        cover_type: Some(crate::product_codes::CoverType::Level),
        cover_amount: Money::from_pounds(amount),
        monthly_benefit: None,
        term: Some(term),
        to_age: None,
        deferred_period: None,
        payment_period: None,
        riders: vec![],
    }
}

#[test]
fn covers_are_priced_only_on_an_indication_and_only_for_qi_products() {
    let pre_sale = interview().for_indication();
    let record = started(&pre_sale);
    let quote = QuoteIndication {
        covers: vec![life(200_000, 20)],
    };
    assert_eq!(
        record.check_quotable(&quote).unwrap_err().kind,
        RejectionKind::Conflict
    );
    let indicated = record.indicate(outcome(), at());
    assert_eq!(indicated.check_quotable(&quote).unwrap().len(), 1);
    let mut essentials = life(100_000, 10);
    essentials.product_type = ProductType::LifeEssentials;
    let error = indicated
        .check_quotable(&QuoteIndication {
            covers: vec![essentials],
        })
        .unwrap_err();
    assert_eq!(error.errors[0].field, "covers[0].productType");
    let mut no_term = life(100_000, 10);
    no_term.term = None;
    let error = indicated
        .check_quotable(&QuoteIndication {
            covers: vec![no_term],
        })
        .unwrap_err();
    assert!(error.errors[0].field.starts_with("covers[0]."));
}

#[test]
fn an_expired_or_started_indication_takes_no_more_changes() {
    let pre_sale = interview().for_indication();
    let expired = started(&pre_sale).expire(at());
    let error = expired
        .provide(&pre_sale, &answers(&[("HEIGHT", "1.70")]), today(), at())
        .unwrap_err();
    assert_eq!(error.message, EXPIRED);
    let linked = started(&pre_sale)
        .indicate(outcome(), at())
        .link_application(
            &LinkApplication {
                application_id: ApplicationId::new(100_001).unwrap(),
            },
            at(),
        )
        .unwrap();
    let error = linked
        .provide(&pre_sale, &answers(&[("HEIGHT", "1.70")]), today(), at())
        .unwrap_err();
    assert_eq!(error.message, STARTED);
}

#[test]
fn every_qi_answer_is_carried_into_the_full_enquiry_and_the_application_s_details_win() {
    let pre_sale = interview().for_indication();
    let record = started(&pre_sale)
        .provide(
            &pre_sale,
            &answers(&[
                ("HEIGHT_UNITS", "metric"),
                ("HEIGHT", "1.70"),
                ("ALCOHOL_UNITS", "4"),
            ]),
            today(),
            at(),
        )
        .unwrap()
        .indicate(outcome(), at());
    let carried = record.carried().unwrap();
    let full = crate::underwriting::record::EnquiryRecord::start(
        &interview(),
        "enquiry-a1".into(),
        crate::testkit::applicant_id("a1"),
        EnquiryKind::Full,
        vec![Answer {
            tag: "SMOKING_GFS".into(),
            value: "Yes".into(),
        }],
        true,
        at(),
    )
    .carrying(&carried.answers, &carried.options);
    for (tag, value) in &record.enquiry.answers {
        if tag != "SMOKING_GFS" {
            assert_eq!(full.answers.get(tag), Some(value), "{tag} carried over");
        }
    }
    assert_eq!(
        full.answers.get("SMOKING_GFS").map(String::as_str),
        Some("Yes")
    );
}

#[test]
fn a_changed_answer_is_named_with_both_answers_and_an_unchanged_one_is_not() {
    let pre_sale = interview().for_indication();
    let qi = started(&pre_sale)
        .provide(
            &pre_sale,
            &answers(&[
                ("WEIGHT_UNITS", "metric"),
                ("WEIGHT", "80"),
                ("ALCOHOL_UNITS", "4"),
            ]),
            today(),
            at(),
        )
        .unwrap()
        .indicate(outcome(), at());
    let carried = qi.carried().unwrap();
    let full = interview();
    let application_enquiry = qi
        .enquiry
        .clone()
        .provide(&full, &answers(&[("WEIGHT", "96")]), today(), at())
        .unwrap();
    let changed = comparison::changed_answers(&carried, &application_enquiry, &full);
    assert_eq!(changed.len(), 1, "{changed:?}");
    assert_eq!(changed[0].tag, "WEIGHT");
    assert_eq!(
        changed[0].sentence,
        format!(
            "{}: 80 kg at Qi, 96 kg in the application",
            changed[0].question
        )
    );
    assert!(comparison::changed_answers(&carried, &qi.enquiry, &full).is_empty());
}
