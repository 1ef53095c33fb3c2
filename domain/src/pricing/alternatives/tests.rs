use super::*;
use crate::application::{
    ALTERNATIVE_STALE, CoverInput, DecisionState, RecordEnquiryOutcome, TakeAlternative,
};
use crate::errors::RejectionKind;
use crate::testkit::{
    add_cover, applicant_id, basis, catalogue, new_application, now, today, with_client,
};
use crate::underwriting::interview::Limits;
use crate::underwriting::outcome::ApplicantOutcome;

const LIMITS: Limits = Limits {
    instant_loading_max: 150,
    decline_loading_above: 300,
};

fn finding(
    rule: &str,
    risks: &[Risk],
    loading: u32,
    exclusion: Option<&str>,
    instead: Option<u32>,
) -> Finding {
    Finding {
        rule: rule.into(),
        decision: Decision::NonStandardTerms,
        risks: risks.to_vec(),
        loading,
        exclusion: exclusion.map(str::to_owned),
        evidence: None,
        reason: format!("because of {rule}"),
        answers: vec!["HEIGHT".into()],
        table: "t".into(),
        row: Some(1),
        loading_instead: instead,
    }
}

/// Alan alone with one cover `input`, priced for real, underwritten with `findings`, the
/// decision priced.
fn decided(input: CoverInput, findings: &[Finding]) -> Application {
    let mut app = with_client(&new_application(), "a1", "Alan");
    app.applicants[0].details.smoking = Some(crate::Smoking::NoneInFiveYears);
    let app = add_cover(&app, "a1", "c1", input).unwrap();
    let quote = basis()
        .price_application(&catalogue(), &app, today(), "q".into())
        .unwrap();
    let mut app = app.record_quote(quote, now());
    app.status = crate::stage::ApplicationStage::Apply;
    app.underwriting
        .applicants_enquiries
        .push(crate::application::EnquirySummary {
            applicant_id: applicant_id("a1"),
            enquiry_id: "enquiry-a1".into(),
            is_open: true,
            started_at: now(),
            closed_at: None,
            outcome: None,
            underwritten_covers: vec![],
        });
    let quoted = |tag: &str| {
        Some(QuotedAnswer {
            tag: tag.into(),
            question: "Height".into(),
            answer: "178 cm".into(),
        })
    };
    let covers = decide(findings, &app.applicants[0].covers, &LIMITS, &quoted, &[]);
    let app = app
        .record_enquiry_outcome(
            &RecordEnquiryOutcome {
                applicant_id: applicant_id("a1"),
                outcome: ApplicantOutcome {
                    rulebook_version: "sample".into(),
                    decided_at: now(),
                    covers,
                    limits: Some(LIMITS),
                },
                closed_at: now(),
            },
            now(),
        )
        .unwrap();
    let priced = basis()
        .price_decision(&catalogue(), &app, app.age_date(today()), "d".into())
        .unwrap();
    app.record_decision_quote(priced, now())
}

fn cover(product: ProductType, pounds: u64) -> CoverInput {
    CoverInput {
        product_type: product,
        cover_amount: Money::from_pounds(pounds),
        ..crate::testkit::life_cover()
    }
}

fn kinds(offers: &[Alternative]) -> Vec<AlternativeKind> {
    offers.iter().map(|o| o.kind).collect()
}

#[test]
fn a_loaded_cover_is_offered_less_cover_at_the_price_quoted_before_underwriting() {
    let app = decided(
        cover(ProductType::Life, 250_000),
        &[finding(
            "BMI-35-40",
            &[Risk::Life, Risk::Ci],
            50,
            None,
            None,
        )],
    );
    let offers = basis().alternatives(&catalogue(), &app, today());
    assert_eq!(kinds(&offers), [AlternativeKind::QuotedPriceLessCover]);
    let offer = &offers[0];
    let budget = cover_premium(app.quote_stage.quote.as_ref().unwrap(), &"c1".into()).unwrap();
    assert!(
        offer.premium <= budget,
        "{:?} within {:?}",
        offer.premium,
        budget
    );
    assert!(offer.current_premium > budget, "the loading raised it");
    let amount = offer.cover.cover_amount.unwrap();
    assert!(amount < Money::from_pounds(250_000).unwrap());
    assert_eq!(amount.pence() % AMOUNT_STEP_PENCE, 0, "whole thousands");
    assert_eq!(offer.outcome.loading, 50, "the same terms");
    // A thousand more would cost more than the quoted price.
    let mut more = offer.cover.clone();
    more.cover_amount = Money::from_pence(amount.pence() + AMOUNT_STEP_PENCE);
    let (above, _) = price_variant(
        &app,
        &basis(),
        &catalogue(),
        today(),
        &applicant_id("a1"),
        &more,
        &offer.outcome,
    )
    .unwrap();
    assert!(above > budget);
    assert!(offer.description.contains(&crate::formats::money(amount)));
}

#[test]
fn a_combined_cover_rated_for_critical_illness_is_offered_as_life_cover_on_standard_terms() {
    let app = decided(
        cover(ProductType::AcceleratedCriticalIllness, 150_000),
        &[finding("ASTHMA-CI", &[Risk::Ci], 50, None, None)],
    );
    let offers = basis().alternatives(&catalogue(), &app, today());
    let life = offers
        .iter()
        .find(|o| o.kind == AlternativeKind::WithoutRatedBenefit)
        .expect("life only is offered");
    assert_eq!(life.cover.product_type, ProductType::Life);
    assert_eq!(life.outcome.decision, Decision::StandardTerms);
    assert_eq!(life.outcome.loading, 0);
    assert!(life.premium < life.current_premium);
    assert!(life.description.starts_with("As life cover only"));
}

#[test]
fn a_rating_on_every_risk_offers_nothing_better_without_a_benefit() {
    let app = decided(
        cover(ProductType::AcceleratedCriticalIllness, 150_000),
        &[finding(
            "BMI-35-40",
            &[Risk::Life, Risk::Ci],
            50,
            None,
            None,
        )],
    );
    let offers = basis().alternatives(&catalogue(), &app, today());
    assert!(!kinds(&offers).contains(&AlternativeKind::WithoutRatedBenefit));
}

#[test]
fn an_exclusion_is_offered_as_the_loading_the_rulebook_takes_instead() {
    let app = decided(
        cover(ProductType::Life, 200_000),
        &[finding(
            "PURSUIT-MOTOR-RACING",
            &[Risk::Life, Risk::Ci],
            0,
            Some("Motor racing"),
            Some(100),
        )],
    );
    let outcome = &app
        .enquiry_of(&applicant_id("a1"))
        .unwrap()
        .outcome
        .as_ref()
        .unwrap()
        .covers[0];
    assert_eq!(outcome.exclusions, ["Motor racing"]);
    let offers = basis().alternatives(&catalogue(), &app, today());
    assert_eq!(kinds(&offers), [AlternativeKind::LoadingInsteadOfExclusion]);
    let offer = &offers[0];
    assert!(offer.outcome.exclusions.is_empty());
    assert_eq!(offer.outcome.loading, 100);
    assert!(
        offer.premium > offer.current_premium,
        "the loading costs more"
    );
    assert!(offer.description.contains("motor racing"));
    assert!(offer.description.contains("100%"));
}

#[test]
fn an_exclusion_without_a_loading_instead_offers_nothing() {
    let app = decided(
        cover(ProductType::Life, 200_000),
        &[finding(
            "PURSUIT-X",
            &[Risk::Life],
            0,
            Some("Something"),
            None,
        )],
    );
    assert!(basis().alternatives(&catalogue(), &app, today()).is_empty());
}

#[test]
fn taking_an_alternative_changes_the_cover_and_its_terms_and_the_decision_is_priced_again() {
    let app = decided(
        cover(ProductType::AcceleratedCriticalIllness, 150_000),
        &[finding("ASTHMA-CI", &[Risk::Ci], 50, None, None)],
    );
    let offer = basis()
        .alternatives(&catalogue(), &app, today())
        .into_iter()
        .find(|o| o.kind == AlternativeKind::WithoutRatedBenefit)
        .unwrap();
    let taken = app
        .take_alternative(
            &TakeAlternative {
                alternative: offer.clone(),
            },
            now(),
        )
        .unwrap();
    let cover = &taken.applicants[0].covers[0];
    assert_eq!(cover.product_type, ProductType::Life);
    assert_eq!(cover.decision, Some(Decision::StandardTerms));
    assert!(
        taken.decision.decision_quote.is_none(),
        "to be priced again"
    );
    let terms = taken.underwriting_terms(&applicant_id("a1"), &"c1".into());
    assert_eq!(
        (terms.decision, terms.loading),
        (Some(Decision::StandardTerms), 0)
    );
    let repriced = basis()
        .price_decision(&catalogue(), &taken, taken.age_date(today()), "d2".into())
        .unwrap();
    assert_eq!(
        repriced.premium, offer.total_premium,
        "the price offered is the price charged"
    );

    let stale = taken
        .take_alternative(&TakeAlternative { alternative: offer }, now())
        .unwrap_err();
    assert_eq!(
        (stale.kind, stale.message.as_str()),
        (RejectionKind::Conflict, ALTERNATIVE_STALE)
    );
}

#[test]
fn nothing_is_offered_before_the_decision_is_priced_or_once_in_force() {
    let app = decided(
        cover(ProductType::Life, 250_000),
        &[finding("BMI-35-40", &[Risk::Life], 50, None, None)],
    );
    let mut unpriced = app.clone();
    unpriced.decision = DecisionState::default();
    assert!(
        basis()
            .alternatives(&catalogue(), &unpriced, today())
            .is_empty()
    );
    let mut active = app;
    active.set_up.active = true;
    assert!(
        basis()
            .alternatives(&catalogue(), &active, today())
            .is_empty()
    );
}
