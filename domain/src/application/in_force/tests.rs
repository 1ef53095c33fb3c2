use super::*;
use crate::bank_check::BankCheckResult;
use crate::errors::RejectionKind;
use crate::policy::is_policy_reference;
use crate::testkit::{
    applicant_id, decided, fields, now, proceeded, quoted_couple, ready, starting, today, with_bank,
};
use chrono::Days;

#[test]
fn everything_missing_is_named_at_once_and_nothing_is_issued() {
    let app = proceeded(false);
    let refused = app.activate(&ActivateApplication, now()).unwrap_err();
    assert_eq!(refused.kind, RejectionKind::Invalid);
    assert_eq!(
        fields(&refused.errors),
        ["bankDetails", "policyStartDateOption"]
    );
    assert_eq!(app.activation_problems(today()), refused.errors);

    let warned = with_bank(&app, BankCheckResult::NameNotChecked);
    assert_eq!(
        fields(&warned.activation_problems(today())),
        ["bankCheck", "policyStartDateOption"],
        "a warning must be confirmed by the adviser first"
    );
    let confirmed = warned.override_bank_check(now()).unwrap();
    assert_eq!(
        fields(&confirmed.activation_problems(today())),
        ["policyStartDateOption"]
    );
    let unknown = starting(&confirmed, StartDateOption::DontKnow, None);
    assert_eq!(
        fields(&unknown.activation_problems(today())),
        ["policyStartDateOption"],
        "a start date not known yet cannot go in force"
    );
}

#[test]
fn set_up_must_be_open_and_the_decision_current() {
    let app = decided(
        &quoted_couple(),
        "a1",
        &[("c1", Decision::StandardTerms, 0)],
    );
    let refused = app.activate(&ActivateApplication, now()).unwrap_err();
    assert_eq!(refused.kind, RejectionKind::Conflict);

    let mut stale = ready(StartDateOption::Now, None);
    stale.decision.is_decision_valid = false;
    assert_eq!(fields(&stale.activation_problems(today())), ["decision"]);
}

#[test]
fn starting_now_puts_each_client_on_risk_with_a_numbered_policy() {
    let app = ready(StartDateOption::Now, None);
    assert!(app.activation_problems(today()).is_empty());
    let active = app.activate(&ActivateApplication, now()).unwrap();
    assert!(active.set_up.active);
    assert_eq!(active.status, ApplicationStage::WentOnRisk);
    assert!(!active.quote_stage.is_quote_editable);
    let references: Vec<&str> = active
        .set_up
        .policies
        .iter()
        .map(|p| p.policy_reference.as_str())
        .collect();
    assert_eq!(references.len(), 2);
    assert!(references.iter().all(|r| is_policy_reference(r)));
    assert_ne!(references[0], references[1]);
    let alan = active.policy_of(&applicant_id("a1")).unwrap();
    assert_eq!(alan.status, PolicyStatus::InForce);
    assert_eq!(alan.starts_on, today());
    assert_eq!(
        alan.cancellation_ends_on,
        today().checked_add_days(Days::new(30)).unwrap()
    );
    assert!(active.activation_problems(today()).is_empty());
}

#[test]
fn activating_twice_issues_one_set_of_policies() {
    let active = ready(StartDateOption::Now, None)
        .activate(&ActivateApplication, now())
        .unwrap();
    let again = active
        .activate(&ActivateApplication, now() + chrono::Duration::minutes(1))
        .unwrap();
    assert_eq!(again, active, "same policies, same version");
}

#[test]
fn a_client_with_no_cover_left_gets_no_policy() {
    let app = starting(
        &with_bank(&proceeded(true), BankCheckResult::Authenticated),
        StartDateOption::Now,
        None,
    );
    let active = app.activate(&ActivateApplication, now()).unwrap();
    assert_eq!(active.set_up.policies.len(), 1);
    assert_eq!(active.set_up.policies[0].holder_name, "Alan Turing");
}

#[test]
fn a_later_start_waits_for_its_day_then_goes_on_risk_and_the_window_closes_after_thirty_days() {
    let start = today().checked_add_days(Days::new(10)).unwrap();
    let active = ready(StartDateOption::Future, Some(start))
        .activate(&ActivateApplication, now())
        .unwrap();
    assert_eq!(active.status, ApplicationStage::Decision, "not on risk yet");
    assert!(
        active
            .set_up
            .policies
            .iter()
            .all(|p| p.status == PolicyStatus::AwaitingStart)
    );
    let on_risk = crate::dates::start_of_uk_day(start);
    assert_eq!(active.next_deadline(), Some(on_risk));

    let before = active.apply_deadlines(on_risk - chrono::Duration::seconds(1));
    assert_eq!(before.version, active.version);
    let started = active.apply_deadlines(on_risk);
    assert_eq!(started.status, ApplicationStage::WentOnRisk);
    assert!(
        started
            .set_up
            .policies
            .iter()
            .all(|p| p.status == PolicyStatus::InForce)
    );
    assert!(!started.is_settled(), "still in the cancellation window");

    let closes = started.set_up.policies[0].cancellation_closes_at();
    assert_eq!(started.next_deadline(), Some(closes));
    let settled = started.apply_deadlines(closes);
    assert!(settled.is_settled());
    assert_eq!(settled.next_deadline(), None, "nothing more to wait for");
}

#[test]
fn a_later_start_date_that_has_passed_must_be_chosen_again() {
    let start = today().checked_add_days(Days::new(2)).unwrap();
    let app = ready(StartDateOption::Future, Some(start));
    let three_days_later = now() + chrono::Duration::days(3);
    let refused = app
        .activate(&ActivateApplication, three_days_later)
        .unwrap_err();
    assert_eq!(fields(&refused.errors), ["policyStartDate"]);
    assert!(refused.errors[0].message.contains("has passed"));
}

#[test]
fn the_quote_no_longer_runs_out_once_in_force() {
    let active = ready(StartDateOption::Now, None)
        .activate(&ActivateApplication, now())
        .unwrap();
    assert_eq!(active.quote_expires_at(), None);
    let much_later = now() + chrono::Duration::days(200);
    let later = active.apply_deadlines(much_later);
    assert!(
        later.quote_stage.quote.is_some(),
        "the price bought is kept"
    );
}

#[test]
fn documents_are_attached_to_each_policy() {
    let active = ready(StartDateOption::Now, None)
        .activate(&ActivateApplication, now())
        .unwrap();
    let doc = |id: &str, title: &str| PolicyDocument {
        document_id: id.into(),
        file_name: format!("{id}.pdf"),
        title: title.into(),
    };
    let issued = IssuedDocuments {
        schedules: vec![
            (applicant_id("a1"), doc("s1", "Policy schedule")),
            (applicant_id("a2"), doc("s2", "Policy schedule")),
        ],
        decision: Some(doc("d", "Underwriting decision")),
        direct_debit: Some(doc("dd", "Direct Debit confirmation")),
    };
    let with = active.with_policy_documents(&issued);
    let alan: Vec<&str> = with
        .policy_of(&applicant_id("a1"))
        .unwrap()
        .documents
        .iter()
        .map(|d| d.document_id.as_str())
        .collect();
    assert_eq!(
        alan,
        ["s1", "dd", "d"],
        "the one Direct Debit confirmation on each policy"
    );
    let ada = &with.policy_of(&applicant_id("a2")).unwrap().documents;
    assert_eq!(ada[1].document_id, "dd");
    assert_eq!(with.version, active.version);
}

/// Contact details as the contact page saves them.
fn contact(address1: &str, phone: &str, email: &str) -> ContactDetails {
    crate::contact::ContactDetailsForm {
        address1: Some(address1.into()),
        city_name: Some("Leeds".into()),
        postcode: Some("LS1 4AP".into()),
        phone_number: Some(phone.into()),
        email_address: Some(email.into()),
        ..Default::default()
    }
    .parse()
    .unwrap()
}

#[test]
fn the_policy_view_gives_each_covers_end_date_and_the_holders_contact_details() {
    let mut app = ready(StartDateOption::Now, None);
    app.applicants[0].contact_details = Some(contact(
        "1 Station Road",
        "0113 496 0000",
        "alan@example.com",
    ));
    let active = app.activate(&ActivateApplication, now()).unwrap();

    let alan = active.policy_details(&applicant_id("a1")).unwrap();
    assert_eq!(alan.covers.len(), 1);
    assert_eq!(
        alan.covers[0].ends_on,
        Some(crate::testkit::date(2046, 11, 22)),
        "20 years from the start date"
    );
    let details = alan.contact_details.unwrap();
    assert_eq!(details.address1.unwrap().as_str(), "1 Station Road");
    assert_eq!(details.email_address.unwrap().as_str(), "alan@example.com");
    assert_eq!(
        active
            .policy_details(&applicant_id("a2"))
            .unwrap()
            .contact_details,
        None,
        "no contact details recorded"
    );
}

#[test]
fn a_client_sharing_the_other_clients_address_is_shown_it_with_their_own_phone_and_email() {
    let mut app = ready(StartDateOption::Now, None);
    app.applicants[0].contact_details = Some(contact(
        "1 Station Road",
        "0113 496 0000",
        "alan@example.com",
    ));
    app.applicants[1].contact_details = Some(ContactDetails {
        phone_number: contact("x", "07700 900123", "ada@example.com").phone_number,
        email_address: contact("x", "07700 900123", "ada@example.com").email_address,
        ..ContactDetails::default()
    });
    app.applicants[1].same_address_applicant_id = Some(applicant_id("a1"));

    let ada = app.contact_details_of(&applicant_id("a2")).unwrap();
    assert_eq!(ada.address1.unwrap().as_str(), "1 Station Road");
    assert_eq!(ada.postcode.unwrap().to_string(), "LS1 4AP");
    assert_eq!(ada.email_address.unwrap().as_str(), "ada@example.com");
    assert_eq!(
        ada.phone_number,
        contact("x", "07700 900123", "y@example.com").phone_number
    );
}

#[test]
fn each_policy_of_a_joint_application_links_to_the_other_clients() {
    let active = ready(StartDateOption::Now, None)
        .activate(&ActivateApplication, now())
        .unwrap();
    let ada = active.policy_of(&applicant_id("a2")).unwrap();
    let joint = active
        .policy_details(&applicant_id("a1"))
        .unwrap()
        .joint_policy
        .unwrap();
    assert_eq!(joint.policy_holder_id, applicant_id("a2"));
    assert_eq!(joint.holder_name, "Ada Turing");
    assert_eq!(joint.policy_reference, ada.policy_reference);
    assert_eq!(
        active
            .policy_details(&applicant_id("a2"))
            .unwrap()
            .joint_policy
            .unwrap()
            .policy_holder_id,
        applicant_id("a1")
    );
}

#[test]
fn a_client_alone_on_the_policies_has_no_joint_policy() {
    let active = starting(
        &with_bank(&proceeded(true), BankCheckResult::Authenticated),
        StartDateOption::Now,
        None,
    )
    .activate(&ActivateApplication, now())
    .unwrap();
    let alan = active.policy_details(&applicant_id("a1")).unwrap();
    assert_eq!(alan.joint_policy, None);
}

#[test]
fn a_policy_lists_the_products_of_its_covers_in_force_each_once() {
    let active = ready(StartDateOption::Now, None)
        .activate(&ActivateApplication, now())
        .unwrap();
    assert_eq!(
        active.policy_products(&applicant_id("a1")),
        [ProductType::Life]
    );
    let mut two_lives = active.clone();
    let mut second = two_lives.applicants[0].covers[0].clone();
    second.id = "c3".into();
    two_lives.applicants[0].covers.push(second.clone());
    second.id = "c4".into();
    second.product_type = ProductType::CriticalIllness;
    two_lives.applicants[0].covers.push(second.clone());
    second.id = "c5".into();
    second.product_type = ProductType::IncomeProtection;
    second.decision = Some(Decision::Declined);
    two_lives.applicants[0].covers.push(second);
    assert_eq!(
        two_lives.policy_products(&applicant_id("a1")),
        [ProductType::Life, ProductType::CriticalIllness],
        "each product once, and nothing declined"
    );
}
