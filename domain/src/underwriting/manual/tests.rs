use super::*;
use crate::testkit::{fields, now};

const LIMITS: Limits = Limits {
    instant_loading_max: 150,
    decline_loading_above: 300,
};

fn ruth() -> Underwriter {
    Underwriter {
        id: "underwriter1".into(),
        name: "Ruth Ellis".into(),
    }
}

fn input(decision: ManualDecision) -> ManualDecisionInput {
    ManualDecisionInput {
        decision,
        loading_percent: None,
        exclusion: None,
        postpone_months: None,
        reason: Some("Blood pressure well controlled for five years".into()),
    }
}

fn check(input: &ManualDecisionInput) -> Result<ManualTerms, Rejection> {
    input.check(
        &LIMITS,
        Decision::ManualUw,
        "Life Protection: underwriting required.",
        &ruth(),
        now(),
    )
}

#[test]
fn a_loading_runs_from_one_percent_to_the_most_the_rulebook_offers() {
    for (loading, ok) in [(0, false), (1, true), (300, true), (301, false)] {
        let mut decision = input(ManualDecision::Loading);
        decision.loading_percent = Some(loading);
        assert_eq!(check(&decision).is_ok(), ok, "{loading}%");
    }
    let refused = check(&input(ManualDecision::Loading)).unwrap_err();
    assert_eq!(fields(&refused.errors), ["loadingPercent"]);
}

#[test]
fn an_exclusion_needs_its_wording_and_may_carry_a_loading() {
    let refused = check(&input(ManualDecision::Exclusion)).unwrap_err();
    assert_eq!(
        refused.errors[0].message,
        "Please give the exclusion's wording"
    );
    let mut both = input(ManualDecision::Exclusion);
    both.exclusion = Some("  any condition of the back or spine ".into());
    both.loading_percent = Some(25);
    let terms = check(&both).unwrap();
    assert_eq!(
        terms.exclusion.as_deref(),
        Some("any condition of the back or spine")
    );
    assert_eq!(terms.loading, 25);
    assert_eq!(terms.decision.decision(), Decision::NonStandardTerms);
    assert_eq!(
        terms.summary("Life Protection"),
        "Life Protection: non-standard terms from the underwriter: the premium is loaded by 25% and claims arising from any condition of the back or spine are excluded."
    );
    both.exclusion = Some("x".repeat(MAX_EXCLUSION_CHARS + 1));
    assert_eq!(fields(&check(&both).unwrap_err().errors), ["exclusion"]);
}

#[test]
fn a_postponement_runs_from_one_month_to_two_years() {
    for (months, ok) in [(0, false), (1, true), (24, true), (25, false)] {
        let mut decision = input(ManualDecision::Postponed);
        decision.postpone_months = Some(months);
        assert_eq!(check(&decision).is_ok(), ok, "{months} months");
    }
    let mut decision = input(ManualDecision::Postponed);
    decision.postpone_months = Some(6);
    let terms = check(&decision).unwrap();
    assert_eq!(terms.decision.decision(), Decision::Postponed);
    assert!(
        terms
            .summary("Critical Illness")
            .contains("postponed for 6 months")
    );
}

#[test]
fn every_decision_needs_a_reason_and_each_field_at_fault_is_named_at_once() {
    let mut decision = input(ManualDecision::StandardTerms);
    decision.reason = Some("   ".into());
    decision.loading_percent = Some(50);
    decision.exclusion = Some("back".into());
    decision.postpone_months = Some(3);
    let refused = check(&decision).unwrap_err();
    assert_eq!(
        fields(&refused.errors),
        ["loadingPercent", "exclusion", "postponeMonths", "reason"]
    );
    decision = input(ManualDecision::Declined);
    decision.reason = Some("x".repeat(MAX_REASON_CHARS + 1));
    assert_eq!(fields(&check(&decision).unwrap_err().errors), ["reason"]);
    decision.reason = Some(format!("bad{}text", '\u{7}'));
    assert_eq!(fields(&check(&decision).unwrap_err().errors), ["reason"]);
}

#[test]
fn the_terms_keep_who_decided_and_what_the_rulebook_said() {
    let terms = check(&input(ManualDecision::StandardTerms)).unwrap();
    assert_eq!(terms.decided_by, ruth());
    assert_eq!(terms.referred_as, Decision::ManualUw);
    assert_eq!(terms.loading, 0);
    assert_eq!(
        terms.summary("Life Protection"),
        "Life Protection: standard terms from the underwriter."
    );
    assert_eq!(ManualDecision::Declined.decision(), Decision::Declined);
}
