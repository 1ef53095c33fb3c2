use super::*;
use crate::application::ActivateApplication;
use crate::bank_check::BankCheckResult;
use crate::testkit::{date, now, proceeded, ready, starting, today, with_bank};

const SCHEME: &str = include_str!("../../../../product/direct-debit/scheme.json");

fn scheme() -> DirectDebitScheme {
    DirectDebitScheme::parse(SCHEME).unwrap()
}

fn pence(p: u64) -> Money {
    Money::from_pence(p).unwrap()
}

#[test]
fn one_direct_debit_names_both_policyholders_and_their_premiums_together() {
    let app = ready(StartDateOption::Now, None);
    let view = app.direct_debit(&scheme(), today());
    assert_eq!(view.pays_for, ["Alan Turing", "Ada Turing"]);
    assert_eq!(view.monthly_amount, Some(pence(2 * 2_345)));
    // Notice on Sunday 22 November 2026: ten working days on is Friday 4 December, so the
    // first 15th is 15 December, one month's premium.
    let first = view.first_collection.expect("known");
    assert_eq!(
        (first.date, first.months, first.amount, first.notice_on),
        (date(2026, 12, 15), 1, pence(4_690), today())
    );
    assert_eq!(view.first_collection_unknown, None);
    assert!(view.guarantee.paragraphs[1].contains("10 working days"));
}

#[test]
fn a_declined_client_removed_at_the_decision_is_not_paid_for() {
    let app = starting(
        &with_bank(&proceeded(true), BankCheckResult::Authenticated),
        StartDateOption::Now,
        None,
    );
    let view = app.direct_debit(&scheme(), today());
    assert_eq!(view.pays_for, ["Alan Turing"]);
}

#[test]
fn a_later_start_is_collected_from_its_collection_day() {
    let app = ready(StartDateOption::Future, Some(date(2027, 1, 4)));
    let first = app
        .direct_debit(&scheme(), today())
        .first_collection
        .unwrap();
    assert_eq!(first.date, date(2027, 1, 15));
}

#[test]
fn what_is_missing_is_said_instead_of_a_date() {
    let no_bank = proceeded(false);
    let view = no_bank.direct_debit(&scheme(), today());
    assert_eq!(view.first_collection, None);
    assert_eq!(
        view.first_collection_unknown.as_deref(),
        Some(NEEDS_BANK_DETAILS)
    );
    let unknown_start = starting(
        &with_bank(&no_bank, BankCheckResult::Authenticated),
        StartDateOption::DontKnow,
        None,
    );
    assert_eq!(
        unknown_start
            .direct_debit(&scheme(), today())
            .first_collection_unknown
            .as_deref(),
        Some(NEEDS_START_DATE)
    );
}

#[test]
fn once_in_force_the_first_collection_is_fixed_by_the_day_it_was_put_in_force() {
    let active = ready(StartDateOption::Now, None)
        .activate(&ActivateApplication, now())
        .unwrap();
    let on_the_day = active.direct_debit(&scheme(), today());
    let later = active.direct_debit(&scheme(), date(2026, 12, 20));
    assert_eq!(on_the_day.first_collection, later.first_collection);
    assert_eq!(later.first_collection.unwrap().date, date(2026, 12, 15));
    assert_eq!(on_the_day.pays_for, ["Alan Turing", "Ada Turing"]);
}
