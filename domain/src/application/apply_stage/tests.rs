use super::*;
use crate::application::*;
use crate::contact::FAILURE_BLACKLIST;
use crate::contact::email::{BLACKLIST_MESSAGE, INVALID_MESSAGE};
use crate::errors::RejectionKind;
use crate::money::Percentage;
use crate::testkit::*;

fn id(text: &str) -> ApplicantId {
    applicant_id(text)
}

fn quoted() -> Application {
    quoted_couple()
}

fn form(email: &str) -> ContactDetailsForm {
    ContactDetailsForm {
        address1: Some("1 Station Road".into()),
        address2: None,
        address3: None,
        city_name: Some("Leeds".into()),
        county: None,
        postcode: Some("ls1 4ap".into()),
        phone_number: Some("0113 496 0000".into()),
        email_address: Some(email.into()),
    }
}

fn passed() -> Option<EmailCheck> {
    Some(EmailCheck {
        is_valid: true,
        status: Some("Success".into()),
    })
}

fn save(app: &Application, applicant: &str, patch: ContactPatch) -> Result<Application, Rejection> {
    app.apply(
        &SaveContact {
            applicant_id: id(applicant),
            patch,
            email_check: passed(),
        },
        now(),
    )
}

fn fields(rejection: &Rejection) -> Vec<&str> {
    rejection.errors.iter().map(|e| e.field.as_str()).collect()
}

/// Both clients with full contact details (Ada at Alan's address), both questions answered
/// and both declarations accepted.
fn ready() -> Application {
    let mut app = save(
        &quoted(),
        "a1",
        ContactPatch::replacing_with(form("alan@example.com")),
    )
    .unwrap();
    let ada = ContactDetailsForm {
        phone_number: Some("07700 900123".into()),
        email_address: Some("ada@example.com".into()),
        ..Default::default()
    };
    app = save(&app, "a2", ContactPatch::replacing_with(ada)).unwrap();
    let at = now();
    app = app
        .apply(
            &SetSameAddress {
                applicant_id: id("a2"),
                same_address_applicant_id: Some(id("a1")),
            },
            at,
        )
        .and_then(|a| {
            a.apply(
                &SetMortgageRelated {
                    is_mortgage_related: true,
                },
                at,
            )
        })
        .and_then(|a| {
            a.apply(
                &SetAdvisedSale {
                    is_advised_sale: true,
                    always_advised: false,
                },
                at,
            )
        })
        .unwrap();
    for applicant in ["a1", "a2"] {
        let accept = AcceptPreUnderwritingDeclaration {
            applicant_id: id(applicant),
        };
        app = app.apply(&accept, at).unwrap();
    }
    app
}

#[test]
fn contact_details_are_saved_normalised_and_a_patch_changes_only_what_it_sends() {
    let saved = save(
        &quoted(),
        "a1",
        ContactPatch::replacing_with(form("Alan@Example.COM")),
    )
    .unwrap();
    let details = saved.applicants[0].contact_details.clone().unwrap();
    assert_eq!(details.postcode.unwrap().as_str(), "LS1 4AP");
    assert_eq!(details.phone_number.unwrap().as_str(), "01134960000");
    assert_eq!(details.email_address.unwrap().as_str(), "Alan@example.com");
    assert_eq!(saved.version, quoted().version + 1);

    let patch = ContactPatch {
        address2: Patch::Set("Headingley".into()),
        phone_number: Patch::Clear,
        ..Default::default()
    };
    let patched = save(&saved, "a1", patch).unwrap();
    let details = patched.applicants[0].contact_details.clone().unwrap();
    assert_eq!(details.address1.unwrap().as_str(), "1 Station Road");
    assert_eq!(details.address2.unwrap().as_str(), "Headingley");
    assert!(details.phone_number.is_none());
    // The same details again change nothing, not even the version.
    let again = save(
        &saved,
        "a1",
        ContactPatch::replacing_with(form("Alan@example.com")),
    )
    .unwrap();
    assert_eq!(again.version, saved.version);
    // Clearing every field leaves no contact details at all.
    let cleared = save(
        &saved,
        "a1",
        ContactPatch::replacing_with(ContactDetailsForm::default()),
    )
    .unwrap();
    assert!(cleared.applicants[0].contact_details.is_none());
}

#[test]
fn malformed_contact_details_are_refused_by_field_and_nothing_is_saved() {
    let mut bad = form("alan@");
    bad.postcode = Some("LS1".into());
    bad.address2 = Some("x".repeat(41));
    let refused = save(&quoted(), "a1", ContactPatch::replacing_with(bad)).unwrap_err();
    assert_eq!(refused.kind, RejectionKind::Invalid);
    assert_eq!(fields(&refused), ["address2", "postcode", "emailAddress"]);
    let missing = save(&quoted(), "zz", ContactPatch::default()).unwrap_err();
    assert_eq!(missing.kind, RejectionKind::NotFound);
    assert_eq!(missing.message, APPLICANT_NOT_FOUND);
}

#[test]
fn an_email_the_service_refused_is_not_saved_with_the_spec_message() {
    let command = |status: &str| SaveContact {
        applicant_id: id("a1"),
        patch: ContactPatch::replacing_with(form("alan@mailinator.com")),
        email_check: Some(EmailCheck {
            is_valid: false,
            status: Some(status.into()),
        }),
    };
    let blocked = quoted()
        .apply(&command(FAILURE_BLACKLIST), now())
        .unwrap_err();
    assert_eq!(blocked.errors[0].field, "emailAddress");
    assert_eq!(blocked.errors[0].message, BLACKLIST_MESSAGE);
    let invalid = quoted()
        .apply(&command("FailureNoMailServer"), now())
        .unwrap_err();
    assert_eq!(invalid.errors[0].message, INVALID_MESSAGE);
    // A patch that leaves the email alone is not judged by an old answer about it.
    let saved = save(
        &quoted(),
        "a1",
        ContactPatch::replacing_with(form("alan@example.com")),
    )
    .unwrap();
    let phone_only = SaveContact {
        applicant_id: id("a1"),
        patch: ContactPatch {
            phone_number: Patch::Set("07700 900123".into()),
            ..Default::default()
        },
        email_check: Some(EmailCheck {
            is_valid: false,
            status: None,
        }),
    };
    assert!(saved.apply(&phone_only, now()).is_ok());
}

#[test]
fn contact_details_lock_when_underwriting_starts() {
    let mut underwriting = quoted();
    underwriting.status = ApplicationStage::Underwriting;
    let refused = save(&underwriting, "a1", ContactPatch::default()).unwrap_err();
    assert_eq!(refused.kind, RejectionKind::Conflict);
    assert_eq!(refused.message, CONTACT_LOCKED);
    let mut applied = quoted();
    applied.status = ApplicationStage::Apply;
    assert!(
        save(
            &applied,
            "a1",
            ContactPatch::replacing_with(form("a@example.com"))
        )
        .is_ok()
    );
}

#[test]
fn a_client_may_share_the_other_clients_address_but_not_their_own_or_a_strangers() {
    let set = |app: &Application, who: &str, other: Option<&str>| {
        app.apply(
            &SetSameAddress {
                applicant_id: id(who),
                same_address_applicant_id: other.map(id),
            },
            now(),
        )
    };
    let shared = set(&quoted(), "a2", Some("a1")).unwrap();
    assert_eq!(
        shared.applicants[1].same_address_applicant_id,
        Some(id("a1"))
    );
    assert!(
        set(&shared, "a2", None).unwrap().applicants[1]
            .same_address_applicant_id
            .is_none()
    );
    assert_eq!(
        set(&quoted(), "a2", Some("a2")).unwrap_err().errors[0].message,
        SAME_ADDRESS_SELF
    );
    assert_eq!(
        set(&quoted(), "a2", Some("a9")).unwrap_err().errors[0].message,
        SAME_ADDRESS_UNKNOWN
    );
}

#[test]
fn your_reference_is_trimmed_limited_to_fifty_characters_and_fixed_for_some_advisers() {
    let set = |value: &str, editable: bool| {
        quoted().apply(
            &SetThirdPartyRef {
                third_party_ref: Some(value.into()),
                editable,
            },
            now(),
        )
    };
    assert_eq!(
        set("  NFP-0042 ", true)
            .unwrap()
            .apply_stage
            .third_party_ref
            .as_deref(),
        Some("NFP-0042")
    );
    assert!(set(&"x".repeat(50), true).is_ok());
    assert_eq!(
        set(&"x".repeat(51), true).unwrap_err().errors[0].message,
        "Your reference must be 50 characters or fewer"
    );
    assert!(set("a\u{7}b", true).is_err());
    assert!(
        set("   ", true)
            .unwrap()
            .apply_stage
            .third_party_ref
            .is_none()
    );
    let fixed = set("NFP-0042", false).unwrap_err();
    assert_eq!(
        (fixed.kind, fixed.message.as_str()),
        (RejectionKind::Conflict, YOUR_REF_NOT_EDITABLE)
    );
}

#[test]
fn commission_follows_the_advisers_rules_and_withdraws_the_price() {
    let rules = CommissionRules {
        indemnity_allowed: true,
        fixed_indemnity: None,
        hybrid_configurable: false,
    };
    let set = |sacrifice: Option<f64>, indemnity: Option<f64>, rules: CommissionRules| {
        quoted().apply(
            &SetCommission {
                commission: CommissionInput {
                    initial_commission_sacrifice_percentage: sacrifice,
                    initial_indemnity_percentage: indemnity,
                },
                rules,
            },
            now(),
        )
    };
    let changed = set(Some(10.0), Some(0.0), rules).unwrap();
    assert_eq!(
        changed.apply_stage.initial_commission_sacrifice_percentage,
        Percentage::parse(10.0)
    );
    assert_eq!(
        changed.apply_stage.initial_indemnity_percentage,
        Some(Percentage::ZERO)
    );
    assert!(
        changed.quote_stage.quote.is_none(),
        "a new commission needs a new price"
    );
    assert!(changed.applicants[0].covers[0].premium.is_none());
    let hybrid = set(None, Some(50.0), rules).unwrap_err();
    assert_eq!(hybrid.errors[0].field, "initialIndemnityPercentage");
    let hybrid_rules = CommissionRules {
        hybrid_configurable: true,
        ..rules
    };
    assert!(set(None, Some(50.0), hybrid_rules).is_ok());
    // The defaults (no sacrifice, full indemnity) on a fresh quote change nothing.
    let mut defaults = quoted();
    defaults.apply_stage.initial_commission_sacrifice_percentage = Some(Percentage::ZERO);
    defaults.apply_stage.initial_indemnity_percentage = Some(Percentage::HUNDRED);
    let same = defaults
        .apply(
            &SetCommission {
                commission: CommissionInput::default(),
                rules,
            },
            now(),
        )
        .unwrap();
    assert_eq!(same, defaults);
}

#[test]
fn the_valid_until_date_moves_within_its_bounds_only() {
    let set = |app: &Application, day: NaiveDate, may_override: bool| {
        app.apply(
            &SetQuoteDate {
                quote_valid_until_date: day,
                may_override,
            },
            now(),
        )
    };
    // Quoted on 22 November 2026: from today up to 30 days later, or 90 with the override.
    assert_eq!(
        set(&quoted(), date(2026, 12, 22), false)
            .unwrap()
            .quote_stage
            .valid_until,
        Some(date(2026, 12, 22))
    );
    assert_eq!(
        set(&quoted(), date(2026, 11, 22), false)
            .unwrap()
            .quote_stage
            .valid_until,
        Some(date(2026, 11, 22))
    );
    let late = set(&quoted(), date(2026, 12, 23), false).unwrap_err();
    assert_eq!(
        (
            late.errors[0].field.as_str(),
            late.errors[0].message.as_str()
        ),
        ("quoteValidUntilDate", "This date is invalid")
    );
    assert!(set(&quoted(), date(2026, 11, 21), false).is_err());
    assert!(set(&quoted(), date(2027, 2, 20), true).is_ok());
    assert!(set(&quoted(), date(2027, 2, 21), true).is_err());
    let mut unpriced = quoted();
    unpriced.quote_stage.quote = None;
    assert_eq!(
        set(&unpriced, date(2026, 12, 1), false)
            .unwrap_err()
            .message,
        NO_QUOTE_FOR_DATE
    );
}

#[test]
fn an_always_advised_adviser_cannot_record_a_non_advised_sale() {
    let set = |value: bool, always: bool| {
        quoted().apply(
            &SetAdvisedSale {
                is_advised_sale: value,
                always_advised: always,
            },
            now(),
        )
    };
    assert_eq!(
        set(false, false).unwrap().apply_stage.is_advised_sale,
        Some(false)
    );
    assert_eq!(
        set(true, true).unwrap().apply_stage.is_advised_sale,
        Some(true)
    );
    assert_eq!(
        set(false, true).unwrap_err().errors[0].message,
        ALWAYS_ADVISED
    );
    let answered = quoted()
        .apply(
            &SetMortgageRelated {
                is_mortgage_related: false,
            },
            now(),
        )
        .unwrap();
    assert_eq!(answered.apply_stage.is_mortgage_related, Some(false));
}

#[test]
fn the_policy_start_date_follows_its_option() {
    let set = |option: StartDateOption, day: Option<NaiveDate>| {
        quoted().apply(
            &SetPolicyStartDate {
                policy_start_date: day,
                policy_start_date_option: option,
            },
            now(),
        )
    };
    assert_eq!(
        set(StartDateOption::Now, None)
            .unwrap()
            .apply_stage
            .policy_start_date,
        Some(date(2026, 11, 22))
    );
    assert_eq!(
        set(StartDateOption::Future, Some(date(2027, 2, 22)))
            .unwrap()
            .apply_stage
            .policy_start_date,
        Some(date(2027, 2, 22))
    );
    assert_eq!(
        set(StartDateOption::Future, Some(date(2027, 2, 23)))
            .unwrap_err()
            .errors[0]
            .field,
        "policyStartDate"
    );
    assert_eq!(
        set(StartDateOption::Future, None).unwrap_err().errors[0].message,
        FUTURE_START_NEEDS_DATE
    );
    assert_eq!(
        set(StartDateOption::DontKnow, Some(date(2027, 1, 1)))
            .unwrap_err()
            .errors[0]
            .message,
        START_DATE_ONLY_FOR_FUTURE
    );
    let unknown = set(StartDateOption::DontKnow, None).unwrap();
    assert_eq!(
        (
            unknown.apply_stage.policy_start_date,
            unknown.apply_stage.policy_start_date_option
        ),
        (None, Some(StartDateOption::DontKnow))
    );
}

#[test]
fn applying_needs_a_live_price_contact_details_answers_and_both_declarations() {
    let applied = ready().apply(&ApplyForPolicy, now()).unwrap();
    assert_eq!(applied.status, ApplicationStage::Apply);
    assert!(!applied.quote_stage.is_quote_editable);
    // Applying twice is refused, as is changing the apply-stage answers afterwards.
    assert_eq!(
        applied.apply(&ApplyForPolicy, now()).unwrap_err().message,
        APPLY_LOCKED
    );
    let after = applied
        .apply(
            &SetMortgageRelated {
                is_mortgage_related: false,
            },
            now(),
        )
        .unwrap_err();
    assert_eq!(after.kind, RejectionKind::Conflict);

    // Everything missing is reported at once, client by client, then the questions.
    let refused = quoted().apply(&ApplyForPolicy, now()).unwrap_err();
    assert_eq!(
        fields(&refused),
        [
            "applicants[0].isAcceptedPreUnderwritingDeclaration",
            "applicants[1].isAcceptedPreUnderwritingDeclaration",
            "contactDetails",
            "applicants[0].address1",
            "applicants[0].cityName",
            "applicants[0].postcode",
            "applicants[0].phoneNumber",
            "applicants[0].emailAddress",
            "applicants[1].address1",
            "applicants[1].cityName",
            "applicants[1].postcode",
            "applicants[1].phoneNumber",
            "applicants[1].emailAddress",
            "isMortgageRelated",
            "isAdvisedSale",
        ]
    );

    let mut unpriced = ready();
    unpriced.quote_stage.quote = None;
    assert_eq!(
        fields(&unpriced.apply(&ApplyForPolicy, now()).unwrap_err()),
        ["quote"]
    );
    let mut expired = ready();
    expired.quote_stage.quote_expired_on = Some(date(2026, 11, 21));
    assert_eq!(
        expired.apply(&ApplyForPolicy, now()).unwrap_err().message,
        QUOTE_EXPIRED
    );
    let mut no_address_to_share = ready();
    no_address_to_share.applicants[0].contact_details = None;
    let refused = no_address_to_share
        .apply(&ApplyForPolicy, now())
        .unwrap_err();
    assert!(fields(&refused).contains(&"applicants[1].sameAddressApplicantId"));
}

#[test]
fn the_contact_details_page_is_complete_when_nothing_is_missing() {
    let page = |app: &Application| {
        app.sections(date(2026, 11, 22))
            .into_iter()
            .find(|s| s.id == "plandetails")
            .unwrap()
            .is_complete
    };
    assert!(!page(&quoted()));
    assert!(page(&ready()));
    let mut unanswered = ready();
    unanswered.apply_stage.is_advised_sale = None;
    assert!(!page(&unanswered));
}

#[test]
fn what_stops_applying_is_listed_until_each_thing_is_fixed_and_is_empty_once_applied() {
    let names = |errors: &[FieldError]| errors.iter().map(|e| e.field.clone()).collect::<Vec<_>>();
    let before = names(&quoted().apply_problems(today()));
    assert!(
        before.contains(&"isMortgageRelated".to_owned()),
        "{before:?}"
    );
    assert!(before.contains(&"contactDetails".to_owned()), "{before:?}");

    let answered = quoted()
        .apply(
            &SetMortgageRelated {
                is_mortgage_related: true,
            },
            now(),
        )
        .unwrap();
    let after = names(&answered.apply_problems(today()));
    assert!(!after.contains(&"isMortgageRelated".to_owned()));
    assert_eq!(
        after.len(),
        before.len() - 1,
        "only the answered question went"
    );

    assert_eq!(ready().apply_problems(today()), []);
    let applied = ready().apply(&ApplyForPolicy, now()).unwrap();
    assert_eq!(applied.apply_problems(today()), []);
    assert_eq!(
        quoted().apply(&ApplyForPolicy, now()).unwrap_err().errors,
        quoted().apply_problems(today()),
        "applying refuses with exactly the problems the page lists"
    );
}

#[test]
fn saved_contact_details_are_not_called_incomplete_when_only_a_sale_question_is_unanswered() {
    let mut unanswered = ready();
    unanswered.apply_stage.is_advised_sale = None;
    let problems = unanswered.apply_problems(today());
    assert_eq!(
        problems
            .iter()
            .map(|e| e.field.as_str())
            .collect::<Vec<_>>(),
        ["isAdvisedSale"],
        "both clients' contact details are saved, so only the question is named"
    );
}
