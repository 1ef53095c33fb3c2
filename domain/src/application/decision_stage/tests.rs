use super::*;
use crate::errors::RejectionKind;
use crate::testkit::{decided, now, quote, quoted_couple};

fn at_decision(alan: Decision, ada: Decision) -> Application {
    let app = decided(&quoted_couple(), "a1", &[("c1", alan, 0)]);
    decided(&app, "a2", &[("c2", ada, 0)])
}

fn with_decision_quote(app: &Application) -> Application {
    app.record_decision_quote(quote(app, 2_345), now())
}

#[test]
fn the_case_reaches_the_decision_only_with_every_cover_decided() {
    let app = at_decision(Decision::StandardTerms, Decision::NonStandardTerms);
    assert_eq!(app.status, ApplicationStage::Decision);
    assert!(app.check_can_quote_decision().is_ok());
    let referred = at_decision(Decision::StandardTerms, Decision::ManualUw);
    assert_eq!(referred.status, ApplicationStage::Underwriting);
    let refused = referred.check_can_quote_decision().unwrap_err();
    assert_eq!(
        (refused.kind, refused.message.as_str()),
        (RejectionKind::Conflict, NOT_AT_DECISION)
    );
}

#[test]
fn the_terms_are_the_enquiry_outcomes() {
    let app = decided(
        &quoted_couple(),
        "a1",
        &[("c1", Decision::NonStandardTerms, 75)],
    );
    let terms = app.underwriting_terms(&crate::testkit::applicant_id("a1"), &"c1".into());
    assert_eq!(
        (terms.decision, terms.loading),
        (Some(Decision::NonStandardTerms), 75)
    );
    // Ada's enquiry is not closed: no terms yet.
    assert_eq!(
        app.underwriting_terms(&crate::testkit::applicant_id("a2"), &"c2".into()),
        UnderwritingTerms::default()
    );
}

#[test]
fn proceed_needs_the_decision_quote_first() {
    let app = at_decision(Decision::StandardTerms, Decision::StandardTerms);
    assert_eq!(
        app.proceed_to_set_up(now()).unwrap_err().message,
        NO_DECISION_QUOTE
    );
    let quoted = with_decision_quote(&app);
    assert!(quoted.decision.is_decision_valid);
    let decision_page = |app: &Application| {
        app.sections(crate::testkit::today())
            .into_iter()
            .find(|s| s.id == "decision")
            .unwrap()
            .is_complete
    };
    assert!(!decision_page(&quoted));
    let proceeded = quoted.proceed_to_set_up(now()).unwrap();
    assert_eq!(proceeded.decision.proceeded_at, Some(now()));
    assert!(
        decision_page(&proceeded),
        "the decision page is done once proceeded"
    );
    // Proceeding again changes nothing.
    assert_eq!(
        proceeded.proceed_to_set_up(now()).unwrap().version,
        proceeded.version
    );
}

#[test]
fn proceed_is_refused_while_a_client_has_no_cover_left() {
    for closed in [Decision::Declined, Decision::Postponed] {
        let app = with_decision_quote(&at_decision(Decision::StandardTerms, closed));
        let refused = app.proceed_to_set_up(now()).unwrap_err();
        assert_eq!(refused.errors[0].field, "applicants[1]", "{closed:?}");
        assert_eq!(refused.errors[0].message, CLIENT_DECLINED);
    }
}

#[test]
fn proceed_is_refused_while_a_decision_is_with_the_underwriter() {
    // An underwriter's decision can still be referral while the case is at Decision.
    let mut app = with_decision_quote(&at_decision(
        Decision::StandardTerms,
        Decision::StandardTerms,
    ));
    app.applicants[1].covers[0].decision = Some(Decision::AdditionalEvidence);
    assert_eq!(
        app.proceed_to_set_up(now()).unwrap_err().message,
        STILL_REFERRED
    );
}

#[test]
fn a_client_with_no_cover_left_is_removed_and_the_other_proceeds_alone() {
    let app = with_decision_quote(&at_decision(Decision::StandardTerms, Decision::Declined));
    assert!(app.proceed_to_set_up(now()).is_err());
    let removed = app
        .remove_applicant_at_decision(
            &RemoveApplicantAtDecision {
                applicant_id: crate::testkit::applicant_id("a2"),
            },
            now(),
        )
        .unwrap();
    assert_eq!(removed.applicants.len(), 1);
    assert_eq!(removed.underwriting.applicants_enquiries.len(), 1);
    assert_eq!(removed.status, ApplicationStage::Decision);
    // The decision was for two clients: it is priced again before proceeding.
    assert!(!removed.decision.is_decision_valid);
    assert_eq!(
        removed.proceed_to_set_up(now()).unwrap_err().message,
        NO_DECISION_QUOTE
    );
    let requoted = with_decision_quote(&removed);
    assert!(requoted.proceed_to_set_up(now()).is_ok());
    // The last client cannot be removed.
    let refused = requoted
        .remove_applicant_at_decision(
            &RemoveApplicantAtDecision {
                applicant_id: crate::testkit::applicant_id("a1"),
            },
            now(),
        )
        .unwrap_err();
    assert_eq!(refused.message, LAST_CLIENT);
}

/// The application as applying again would leave it after a requote (apply's own checks are
/// tested with the contact stage).
fn applied_again(requoted: &Application) -> Application {
    let mut next = requoted.clone();
    next.status = ApplicationStage::Apply;
    next.quote_stage.is_quote_editable = false;
    next.reuse_kept_outcomes();
    next
}

#[test]
fn requote_removes_the_decision_and_reopens_the_quote() {
    let app = with_decision_quote(&at_decision(
        Decision::StandardTerms,
        Decision::NonStandardTerms,
    ))
    .proceed_to_set_up(now())
    .unwrap();
    let requoted = app.requote_decision(now()).unwrap();
    assert_eq!(requoted.status, ApplicationStage::Quote);
    assert!(requoted.quote_stage.is_quote_editable);
    assert!(requoted.covers().all(|c| c.decision.is_none()));
    assert_eq!(requoted.decision, DecisionState::default());
    assert_eq!(
        requoted.underwriting.applicants_enquiries.len(),
        2,
        "answers decided at the point of sale are kept"
    );
}

#[test]
fn applying_again_with_the_same_covers_reuses_the_point_of_sale_outcome() {
    let requoted = at_decision(Decision::StandardTerms, Decision::NonStandardTerms)
        .requote_decision(now())
        .unwrap();
    let again = applied_again(&requoted);
    assert_eq!(again.status, ApplicationStage::Decision);
    let decisions: Vec<Option<Decision>> = again.covers().map(|c| c.decision).collect();
    assert_eq!(
        decisions,
        [
            Some(Decision::StandardTerms),
            Some(Decision::NonStandardTerms)
        ]
    );
    assert_eq!(again.version, requoted.version, "no extra version");
}

#[test]
fn a_cover_underwritten_for_other_risks_sends_its_client_back_to_underwriting() {
    let requoted = at_decision(Decision::StandardTerms, Decision::StandardTerms)
        .requote_decision(now())
        .unwrap();
    let mut changed = requoted.clone();
    changed.applicants[1].covers[0].product_type =
        crate::product_codes::ProductType::CriticalIllness;
    let again = applied_again(&changed);
    assert_eq!(
        again.status,
        ApplicationStage::Apply,
        "Ada must be underwritten again"
    );
    let kept: Vec<&str> = again
        .underwriting
        .applicants_enquiries
        .iter()
        .map(|e| e.applicant_id.as_str())
        .collect();
    assert_eq!(kept, ["a1"]);
    assert_eq!(
        again.applicants[0].covers[0].decision,
        Some(Decision::StandardTerms)
    );
}

#[test]
fn a_manually_underwritten_client_is_underwritten_again_after_a_requote() {
    let requoted = at_decision(Decision::StandardTerms, Decision::ManualUw)
        .requote_decision(now())
        .unwrap();
    let kept: Vec<&str> = requoted
        .underwriting
        .applicants_enquiries
        .iter()
        .map(|e| e.applicant_id.as_str())
        .collect();
    assert_eq!(kept, ["a1"]);
    assert_eq!(applied_again(&requoted).status, ApplicationStage::Apply);
}

#[test]
fn requote_is_refused_before_a_decision_and_once_in_force() {
    let refused = quoted_couple().requote_decision(now()).unwrap_err();
    assert_eq!(
        (refused.kind, refused.message.as_str()),
        (RejectionKind::Conflict, CANNOT_REQUOTE)
    );
    let mut active = at_decision(Decision::StandardTerms, Decision::StandardTerms);
    active.set_up.active = true;
    assert!(active.requote_decision(now()).is_err());
}

#[test]
fn opting_products_out_leaves_their_covers_out_and_keeps_at_least_one() {
    let app = at_decision(Decision::StandardTerms, Decision::StandardTerms);
    let refused = app
        .without_products(&[crate::product_codes::ProductType::IncomeProtection])
        .unwrap_err();
    assert_eq!(crate::testkit::fields(&refused.errors), ["productTypes[0]"]);
    let refused = app
        .without_products(&[crate::product_codes::ProductType::Life])
        .unwrap_err();
    assert_eq!(
        refused.message, "At least one cover must stay on the application",
        "both clients only have life cover"
    );
    let mut mixed = app.clone();
    mixed.applicants[1].covers[0].product_type = crate::product_codes::ProductType::CriticalIllness;
    let without = mixed
        .without_products(&[crate::product_codes::ProductType::CriticalIllness])
        .unwrap();
    assert!(without.applicants[1].covers.is_empty());
    assert_eq!(without.applicants[0].covers.len(), 1);
    assert_eq!(without.version, mixed.version, "a preview, not a change");
}
