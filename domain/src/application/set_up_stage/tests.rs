use super::*;
use crate::bank_check::Severity;
use crate::decision::Decision;
use crate::errors::RejectionKind;
use crate::testkit::{decided, now, quote, quoted_couple, today};

/// The couple on standard terms, the decision priced, proceeded.
fn proceeded() -> Application {
    let app = decided(
        &quoted_couple(),
        "a1",
        &[("c1", Decision::StandardTerms, 0)],
    );
    let app = decided(&app, "a2", &[("c2", Decision::StandardTerms, 0)]);
    app.record_decision_quote(quote(&app, 2_345), now())
        .proceed_to_set_up(now())
        .unwrap()
}

fn form(account: &str) -> SaveBankDetails {
    SaveBankDetails(BankDetailsForm {
        name: Some("Mr A Turing".into()),
        account_number: Some(account.into()),
        sort_code: Some("08-99-99".into()),
        collection_day: Some(15),
        payer_confirmed: Some(true),
    })
}

fn checked(app: &Application, result: BankCheckResult) -> Application {
    app.record_bank_check(&RecordBankCheck { result }, now())
        .unwrap()
}

#[test]
fn set_up_opens_only_after_proceed() {
    let app = decided(
        &quoted_couple(),
        "a1",
        &[("c1", Decision::StandardTerms, 0)],
    );
    let app = decided(&app, "a2", &[("c2", Decision::StandardTerms, 0)]);
    let refused = app.save_bank_details(&form("66374958"), now()).unwrap_err();
    assert_eq!(
        (refused.kind, refused.message.as_str()),
        (RejectionKind::Conflict, SET_UP_NOT_OPEN)
    );
    assert!(
        proceeded()
            .save_bank_details(&form("66374958"), now())
            .is_ok()
    );
}

#[test]
fn each_broken_rule_is_named_and_nothing_is_saved() {
    let app = proceeded();
    let refused = app
        .save_bank_details(
            &SaveBankDetails(BankDetailsForm {
                name: Some("  ".into()),
                account_number: Some("1234".into()),
                sort_code: Some("1234567".into()),
                collection_day: Some(31),
                payer_confirmed: Some(false),
            }),
            now(),
        )
        .unwrap_err();
    let fields: Vec<&str> = refused.errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(
        fields,
        [
            "name",
            "accountNumber",
            "sortCode",
            "collectionDay",
            "payerConfirmed"
        ]
    );
    assert!(app.set_up.bank_details.is_none());
}

#[test]
fn new_details_clear_the_check_and_the_same_details_keep_it() {
    let saved = proceeded()
        .save_bank_details(&form("66374958"), now())
        .unwrap();
    let verified = checked(&saved, BankCheckResult::Authenticated);
    assert!(verified.set_up.bank_check.is_confirmed());
    let same = verified
        .save_bank_details(&form("66374958"), now())
        .unwrap();
    assert_eq!(same.version, verified.version);
    assert!(same.set_up.bank_check.is_confirmed());
    let changed = verified
        .save_bank_details(&form("66374959"), now())
        .unwrap();
    assert_eq!(changed.set_up.bank_check, BankCheckStatus::NotChecked);
}

#[test]
fn a_warning_may_be_overridden_but_wrong_details_may_not() {
    let saved = proceeded()
        .save_bank_details(&form("66374958"), now())
        .unwrap();
    assert_eq!(
        saved.override_bank_check(now()).unwrap_err().message,
        CANNOT_OVERRIDE
    );
    for warning in [
        BankCheckResult::NameNotChecked,
        BankCheckResult::ProviderUnavailable,
        BankCheckResult::NotAuthenticated,
    ] {
        assert_eq!(warning.severity(), Severity::Warning);
        let warned = checked(&saved, warning);
        let asks = warned.view(now().date_naive()).bank_check_message.unwrap();
        assert!(asks.contains("Please check"), "{asks}");
        let overridden = warned.override_bank_check(now()).unwrap();
        assert!(overridden.set_up.bank_check.is_confirmed());
        let told = overridden
            .view(now().date_naive())
            .bank_check_message
            .unwrap();
        assert!(
            told.starts_with("You confirmed these bank details with your client")
                && !told.contains("Please check"),
            "once confirmed the notice no longer asks for the check: {told}"
        );
        let reset = overridden.reset_bank_check(now()).unwrap();
        assert_eq!(reset.set_up.bank_check, BankCheckStatus::NotChecked);
    }
    let wrong = checked(&saved, BankCheckResult::FailedModulusCheck);
    assert_eq!(
        wrong.override_bank_check(now()).unwrap_err().message,
        CANNOT_OVERRIDE
    );
    assert!(!wrong.set_up.bank_check.is_confirmed());
}

#[test]
fn a_check_needs_saved_details() {
    let refused = proceeded().check_can_check_bank().unwrap_err();
    assert_eq!(refused.errors[0].message, NO_BANK_DETAILS);
}

#[test]
fn the_account_number_is_shown_masked_to_its_last_four_digits() {
    let saved = proceeded()
        .save_bank_details(&form("66374958"), now())
        .unwrap();
    let shown = saved.view(today()).set_up.bank_details.unwrap();
    assert_eq!(shown.account_number, "••••4958");
    assert_eq!(shown.sort_code, "08-99-99");
    let json = serde_json::to_string(&saved.view(today())).unwrap();
    assert!(
        !json.contains("66374958"),
        "the full number never leaves in a view"
    );
}
