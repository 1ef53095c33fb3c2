use super::*;
use crate::cover::Rider;

const LIMITS: Limits = Limits {
    instant_loading_max: 150,
    decline_loading_above: 300,
};

fn cover(id: &str, product: ProductType) -> Cover {
    Cover {
        id: id.into(),
        ..Cover::new("c".into(), product)
    }
}

fn finding(rule: &str, decision: Decision, risks: &[Risk], loading: u32) -> Finding {
    Finding {
        rule: rule.into(),
        decision,
        risks: risks.to_vec(),
        loading,
        exclusion: None,
        evidence: None,
        reason: format!("because of {rule}"),
        answers: vec!["HEIGHT".into()],
        table: "t".into(),
        row: Some(0),
        loading_instead: None,
    }
}

fn quote(tag: &str) -> Option<QuotedAnswer> {
    Some(QuotedAnswer {
        tag: tag.into(),
        question: "Height".into(),
        answer: "178 cm".into(),
    })
}

#[test]
fn no_finding_is_standard_terms_with_nothing_to_explain() {
    let outcomes = decide(&[], &[cover("c1", ProductType::Life)], &LIMITS, &quote, &[]);
    assert_eq!(outcomes[0].decision, Decision::StandardTerms);
    assert!(outcomes[0].explanations.is_empty());
    assert_eq!(
        outcomes[0].summary,
        "Life Protection: standard terms; nothing in the answers changes them."
    );
}

#[test]
fn loadings_add_up_per_risk_and_the_explanation_quotes_the_answers() {
    let findings = [
        finding(
            "BMI-35-40",
            Decision::NonStandardTerms,
            &[Risk::Life, Risk::Ci],
            50,
        ),
        finding(
            "ALCOHOL-36-50",
            Decision::NonStandardTerms,
            &[Risk::Life],
            50,
        ),
    ];
    let outcomes = decide(
        &findings,
        &[
            cover("c1", ProductType::Life),
            cover("c2", ProductType::CriticalIllness),
        ],
        &LIMITS,
        &quote,
        &[],
    );
    assert_eq!(
        (outcomes[0].decision, outcomes[0].loading),
        (Decision::NonStandardTerms, 100)
    );
    assert_eq!(
        (outcomes[1].decision, outcomes[1].loading),
        (Decision::NonStandardTerms, 50),
        "alcohol's row is for life only"
    );
    assert_eq!(outcomes[0].explanations.len(), 2);
    assert_eq!(outcomes[0].explanations[0].answers[0].answer, "178 cm");
    assert_eq!(
        outcomes[0].summary,
        "Life Protection: non-standard terms: the premium is loaded by 100%."
    );
}

#[test]
fn the_limits_turn_a_large_total_into_a_referral_or_a_decline_at_their_edges() {
    let loaded = |total: u32| {
        let findings = [finding(
            "A",
            Decision::NonStandardTerms,
            &[Risk::Life],
            total,
        )];
        decide(
            &findings,
            &[cover("c1", ProductType::Life)],
            &LIMITS,
            &quote,
            &[],
        )
        .remove(0)
    };
    assert_eq!(loaded(150).decision, Decision::NonStandardTerms);
    assert_eq!(loaded(151).decision, Decision::ManualUw);
    assert_eq!(loaded(300).decision, Decision::ManualUw);
    let declined = loaded(301);
    assert_eq!(declined.decision, Decision::Declined);
    assert_eq!(
        declined.explanations.last().unwrap().reason,
        "The loadings on life cover add up to 301%, above the 300% the insurer offers"
    );
    assert_eq!(declined.loading, 0, "a declined cover carries no loading");
}

#[test]
fn the_most_severe_finding_wins_and_a_combined_cover_takes_the_worse_of_its_risks() {
    let findings = [
        finding("BMI", Decision::NonStandardTerms, &[Risk::Life], 50),
        finding("HEART", Decision::Declined, &[Risk::Ci], 0),
        finding("HEART-LIFE", Decision::ManualUw, &[Risk::Life], 0),
    ];
    let outcomes = decide(
        &findings,
        &[
            cover("l", ProductType::Life),
            cover("aci", ProductType::AcceleratedCriticalIllness),
        ],
        &LIMITS,
        &quote,
        &[],
    );
    assert_eq!(outcomes[0].decision, Decision::ManualUw);
    assert_eq!(
        outcomes[0].displayed,
        DisplayedOutcome::UnderwritingRequired
    );
    assert_eq!(outcomes[1].decision, Decision::Declined);
    assert_eq!(outcomes[1].displayed, DisplayedOutcome::UnableToOfferTerms);
    assert_eq!(
        outcomes[1]
            .explanations
            .iter()
            .map(|e| e.rule.as_str())
            .collect::<Vec<_>>(),
        ["BMI", "HEART-LIFE", "HEART"]
    );
}

#[test]
fn exclusions_and_evidence_are_gathered_once_and_stated_in_the_summary() {
    let mut motor = finding(
        "MOTOR",
        Decision::NonStandardTerms,
        &[Risk::Life, Risk::Ip],
        0,
    );
    motor.exclusion = Some("Motor racing".into());
    let mut again = motor.clone();
    again.rule = "MOTOR-2".into();
    let outcomes = decide(
        &[motor, again],
        &[cover("ip", ProductType::IncomeProtection)],
        &LIMITS,
        &quote,
        &[],
    );
    assert_eq!(outcomes[0].exclusions, vec!["Motor racing".to_owned()]);
    assert_eq!(
        outcomes[0].summary,
        "Income Protection: non-standard terms: claims arising from Motor racing are excluded."
    );
    let mut gp = finding("GP", Decision::AdditionalEvidence, &[Risk::Life], 0);
    gp.evidence = Some("GP report".into());
    let outcome = decide(
        &[gp],
        &[cover("l", ProductType::Life)],
        &LIMITS,
        &quote,
        &[],
    )
    .remove(0);
    assert_eq!(outcome.evidence, vec!["GP report".to_owned()]);
    assert_eq!(
        outcome.summary,
        "Life Protection: underwriting required: the insurer needs GP report before it can offer terms."
    );
}

#[test]
fn a_tpd_rider_brings_its_own_risk_and_childrens_cover_is_not_underwritten() {
    let tpd_only = [finding("OCC-4-TPD", Decision::Declined, &[Risk::Tpd], 0)];
    let mut life = cover("l", ProductType::Life);
    assert_eq!(
        decide(&tpd_only, &[life.clone()], &LIMITS, &quote, &[])[0].decision,
        Decision::StandardTerms
    );
    life.riders.push(Rider {
        id: "life-tpd".into(),
        rider_type: RiderType::Tpd,
        cover_amount: None,
        errors: vec![],
    });
    assert_eq!(
        decide(&tpd_only, &[life], &LIMITS, &quote, &[])[0].decision,
        Decision::Declined
    );
    let everything = [finding(
        "X",
        Decision::Declined,
        &[Risk::Life, Risk::Ci, Risk::Ip, Risk::Tpd],
        0,
    )];
    let children = decide(
        &everything,
        &[cover("k", ProductType::ChildrensCriticalIllness)],
        &LIMITS,
        &quote,
        &[],
    )
    .remove(0);
    assert_eq!(children.decision, Decision::StandardTerms);
    assert!(children.summary.contains("not underwritten"));
}

#[test]
fn an_outcome_is_instant_unless_a_cover_waits_for_an_underwriter() {
    let outcome = |decisions: &[Decision]| ApplicantOutcome {
        rulebook_version: "v".into(),
        decided_at: chrono::DateTime::UNIX_EPOCH,
        covers: decisions
            .iter()
            .map(|d| CoverOutcome {
                cover_id: "c".into(),
                product_type: ProductType::Life,
                decision: *d,
                displayed: d.displayed(),
                loading: 0,
                exclusions: vec![],
                evidence: vec![],
                summary: String::new(),
                explanations: vec![],
                manual: None,
            })
            .collect(),
        limits: None,
    };
    assert!(
        outcome(&[
            Decision::StandardTerms,
            Decision::Declined,
            Decision::Postponed,
            Decision::NonStandardTerms
        ])
        .is_instant()
    );
    assert!(!outcome(&[Decision::StandardTerms, Decision::AdditionalEvidence]).is_instant());
}

#[test]
fn the_terms_in_a_few_words_name_the_loading_and_each_exclusion_only_on_non_standard_terms() {
    let mut loaded = finding("BP", Decision::NonStandardTerms, &[Risk::Life], 50);
    loaded.exclusion = Some("back pain".into());
    let life = [cover("l", ProductType::Life)];
    let outcome = decide(&[loaded], &life, &LIMITS, &quote, &[]).remove(0);
    assert_eq!(
        outcome.terms_words(),
        "Non-standard terms: premium loaded by 50%, excluding back pain"
    );
    let mut excluded_only = finding("BACK", Decision::NonStandardTerms, &[Risk::Life], 0);
    excluded_only.exclusion = Some("back pain".into());
    let outcome = decide(&[excluded_only], &life, &LIMITS, &quote, &[]).remove(0);
    assert_eq!(
        outcome.terms_words(),
        "Non-standard terms: excluding back pain"
    );
    let standard = decide(&[], &life, &LIMITS, &quote, &[]).remove(0);
    assert_eq!(standard.terms_words(), "Standard terms");
    let mut gp = finding("GP", Decision::AdditionalEvidence, &[Risk::Life], 0);
    gp.evidence = Some("GP report".into());
    let referred = decide(&[gp], &life, &LIMITS, &quote, &[]).remove(0);
    assert_eq!(referred.terms_words(), "Underwriting required");
}
