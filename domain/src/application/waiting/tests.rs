use super::*;
use crate::application::ActivateApplication;
use crate::product_codes::StartDateOption;
use crate::testkit::{
    decided, new_application, now, proceeded, quoted_couple, ready, today, with_life_cover,
};
use chrono::Days;

fn waiting(app: &Application) -> (WaitingFor, String) {
    (app.waiting_for(), app.waiting_sentence())
}

#[test]
fn a_quote_waits_for_the_adviser_and_says_what_to_do_next() {
    assert_eq!(
        waiting(&new_application()),
        (
            WaitingFor::Adviser,
            "Waiting for the adviser to add the clients and their covers and price a quote".into()
        )
    );
    let quoted = quoted_couple();
    let until = formats::date(
        quoted
            .quote_stage
            .valid_until
            .expect("a priced quote lasts"),
    );
    assert_eq!(
        waiting(&quoted),
        (
            WaitingFor::Adviser,
            format!("Waiting for the adviser to apply; the quote is valid until {until}")
        )
    );
    let changed = with_life_cover(&quoted, "a1", "c3");
    assert_eq!(
        changed.waiting_sentence(),
        "Waiting for the adviser to price the quote again after a change"
    );
    let expired = quoted.apply_deadlines(quoted.quote_expires_at().unwrap());
    assert_eq!(expired.waiting_for(), WaitingFor::Adviser);
    assert_eq!(
        expired.waiting_sentence(),
        format!(
            "Waiting for the adviser to price the quote again; it expired on {}",
            formats::date(expired.quote_stage.quote_expired_on.unwrap())
        )
    );
}

#[test]
fn an_interview_still_open_names_the_client_it_waits_for() {
    let app = decided(
        &quoted_couple(),
        "a1",
        &[("c1", Decision::StandardTerms, 0)],
    );
    assert_eq!(app.status, ApplicationStage::Apply);
    assert_eq!(
        waiting(&app),
        (
            WaitingFor::Adviser,
            "Waiting for the adviser to finish the underwriting interview of Ada Turing".into()
        )
    );
}

#[test]
fn a_referral_waits_for_an_underwriter_until_one_asks_for_evidence() {
    let manual = decided(&quoted_couple(), "a1", &[("c1", Decision::ManualUw, 0)]);
    let manual = decided(&manual, "a2", &[("c2", Decision::StandardTerms, 0)]);
    assert_eq!(manual.status, ApplicationStage::Underwriting);
    assert_eq!(
        waiting(&manual),
        (
            WaitingFor::Underwriter,
            "Waiting for an underwriter to review Alan Turing, referred on 22/11/2026".into()
        )
    );
    let both = decided(&manual, "a2", &[("c2", Decision::AdditionalEvidence, 0)]);
    assert_eq!(
        waiting(&both),
        (
            WaitingFor::Underwriter,
            "Waiting for an underwriter to review Alan Turing, referred on 22/11/2026; Ada Turing, referred on 22/11/2026".into()
        ),
        "the rulebook's evidence is asked for by an underwriter; then the case waits for it (W5)"
    );
}

#[test]
fn a_decision_waits_for_the_adviser_then_a_later_start_for_its_day() {
    let app = decided(
        &quoted_couple(),
        "a1",
        &[("c1", Decision::StandardTerms, 0)],
    );
    let app = decided(&app, "a2", &[("c2", Decision::NonStandardTerms, 50)]);
    assert_eq!(
        waiting(&app),
        (
            WaitingFor::Adviser,
            "Waiting for the adviser to review the decision and proceed".into()
        )
    );
    assert_eq!(
        proceeded(false).waiting_sentence(),
        "Waiting for the adviser to set up the policy and put it in force"
    );

    let start = today().checked_add_days(Days::new(10)).unwrap();
    let later = ready(StartDateOption::Future, Some(start))
        .activate(&ActivateApplication, now())
        .unwrap();
    assert_eq!(
        waiting(&later),
        (
            WaitingFor::StartDate,
            format!(
                "Waiting for the start date: the policies go on risk on {}",
                formats::date(start)
            )
        )
    );
    let on_risk = later.apply_deadlines(crate::dates::start_of_uk_day(start));
    let window = on_risk.set_up.policies[0].cancellation_ends_on;
    assert_eq!(
        waiting(&on_risk),
        (
            WaitingFor::Nothing,
            format!(
                "Nothing: the policies are in force; the cancellation window ends on {}",
                formats::date(window)
            )
        )
    );
    let settled = on_risk.apply_deadlines(on_risk.set_up.policies[0].cancellation_closes_at());
    assert_eq!(
        settled.waiting_sentence(),
        "Nothing: the policies are in force and the journey has ended"
    );
}

#[test]
fn each_kind_has_its_own_search_value() {
    let codes: std::collections::HashSet<&str> = WaitingFor::ALL.iter().map(|w| w.code()).collect();
    assert_eq!(codes.len(), WaitingFor::ALL.len());
}
