use super::*;
use crate::errors::RejectionKind;
use crate::testkit::*;

/// A quote valid until `until`.
fn quoted(until: NaiveDate) -> Application {
    let mut app = new_application();
    app.status = ApplicationStage::Quote;
    app.quote_stage.valid_until = Some(until);
    app
}

fn extend(app: &Application, disclosed: &[&str]) -> Result<Application, Rejection> {
    app.complete_term_extension(
        &CompleteTermExtension {
            declarations: vec![],
            disclosed_changes: disclosed.iter().map(|r| (*r).to_owned()).collect(),
        },
        now(),
    )
}

#[test]
fn a_quote_running_out_is_offered_an_extension_a_fresh_or_expired_one_is_not() {
    let today = date(2026, 11, 22);
    assert!(quoted(date(2026, 12, 6)).is_term_extension_offered(today));
    assert!(
        !quoted(date(2026, 12, 7)).is_term_extension_offered(today),
        "15 days left"
    );
    let mut expired = quoted(date(2026, 12, 1));
    expired.quote_stage.quote_expired_on = Some(date(2026, 11, 1));
    assert!(!expired.is_term_extensible(today));
    let mut on_risk = quoted(date(2026, 12, 1));
    on_risk.status = ApplicationStage::WentOnRisk;
    assert!(!on_risk.is_term_extensible(today));
    let view = quoted(date(2026, 12, 1)).view(today);
    assert!(view.is_term_extensible && view.show_extend);
}

#[test]
fn no_change_in_health_extends_the_valid_until_date_by_ninety_days_once() {
    let app = quoted(date(2026, 12, 1));
    let extended = extend(&app, &[]).unwrap();
    assert_eq!(extended.quote_stage.valid_until, Some(date(2027, 3, 1)));
    assert_eq!(
        extended.quote_stage.extended_on_date,
        Some(date(2026, 11, 22))
    );
    assert_eq!(
        extended.quote_stage.declaration_of_health_status,
        Some(DeclarationOfHealthStatus::Passed)
    );
    assert_eq!(extended.version, app.version + 1);
    assert!(!extended.view(date(2026, 11, 22)).show_extend, "once only");
    let again = extend(&extended, &[]).unwrap_err();
    assert_eq!(
        (again.kind, again.message.as_str()),
        (RejectionKind::Conflict, ALREADY_EXTENDED)
    );
}

#[test]
fn a_disclosed_change_keeps_the_terms_records_the_reasons_and_ends_the_offer() {
    let app = quoted(date(2026, 12, 1));
    let failed = extend(&app, &["Client 1: Tests awaiting results"]).unwrap();
    assert_eq!(failed.quote_stage.valid_until, app.quote_stage.valid_until);
    assert_eq!(failed.quote_stage.extended_on_date, None);
    assert_eq!(
        failed.quote_stage.declaration_of_health_status,
        Some(DeclarationOfHealthStatus::Failed)
    );
    assert_eq!(
        failed.quote_stage.term_extension_reasons,
        ["Client 1: Tests awaiting results"]
    );
    assert!(!failed.is_term_extensible(date(2026, 11, 22)));
    assert_eq!(extend(&failed, &[]).unwrap_err().message, NOT_EXTENSIBLE);
}

#[test]
fn a_failed_attempt_is_an_error_that_may_be_tried_again() {
    let app = quoted(date(2026, 12, 1));
    let errored = app.fail_term_extension(now()).unwrap();
    assert_eq!(
        errored.quote_stage.declaration_of_health_status,
        Some(DeclarationOfHealthStatus::Error)
    );
    assert_eq!(
        errored.fail_term_extension(now()).unwrap(),
        errored,
        "no change twice"
    );
    assert!(errored.is_term_extension_offered(date(2026, 11, 22)));
    let extended = extend(&errored, &[]).unwrap();
    assert_eq!(
        extended.fail_term_extension(now()).unwrap_err().message,
        ALREADY_EXTENDED
    );
}

#[test]
fn a_quote_outside_the_window_cannot_be_extended() {
    let refused = extend(&quoted(date(2026, 12, 22)), &[]).unwrap_err();
    assert_eq!(refused.message, NOT_EXTENSIBLE);
    let mut unpriced = quoted(date(2026, 12, 1));
    unpriced.quote_stage.valid_until = None;
    assert_eq!(extend(&unpriced, &[]).unwrap_err().message, NOT_EXTENSIBLE);
}
