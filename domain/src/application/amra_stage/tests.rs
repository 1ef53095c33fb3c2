use super::*;
use crate::contact::address::ContactDetailsForm;
use crate::errors::RejectionKind;
use crate::testkit::{applicant_id, date, now, quoted_couple};
use chrono::TimeZone;

fn surgery() -> ExaminerForm {
    ExaminerForm {
        organisation_name: Some("Riverside Surgery".into()),
        contact_details: ContactDetailsForm {
            address1: Some("1 River Lane".into()),
            city_name: Some("Leeds".into()),
            postcode: Some("LS1 4AP".into()),
            phone_number: Some("0113 496 0000".into()),
            ..Default::default()
        },
        ..Default::default()
    }
}

fn consent(
    app: &Application,
    id: &str,
    granted: bool,
    at: DateTime<Utc>,
) -> Result<Application, Rejection> {
    app.set_amra_consent(
        &SetAmraConsent {
            applicant_id: applicant_id(id),
            is_amra_consent_granted: granted,
        },
        at,
    )
}

fn ready_for(app: &Application, id: &str) -> Application {
    let app = consent(app, id, true, now()).unwrap();
    let app = app
        .set_view_medical_reports(
            &SetViewMedicalReports {
                applicant_id: applicant_id(id),
                is_view_medical_reports_requested: false,
            },
            now(),
        )
        .unwrap();
    app.set_examiner(
        &SetExaminer {
            applicant_id: applicant_id(id),
            form: surgery(),
            claimed_valid: true,
            email_check: None,
        },
        now(),
    )
    .unwrap()
}

#[test]
fn consent_the_answer_on_reports_and_a_complete_surgery_are_recorded_for_that_client_only() {
    let app = ready_for(&quoted_couple(), "a1");
    let alan = &app.applicants[0];
    assert_eq!(alan.amra.is_amra_consent_granted, Some(true));
    assert_eq!(alan.amra.is_view_medical_reports_requested, Some(false));
    assert_eq!(
        alan.examiner.as_ref().map(|e| e.is_examiner_details_valid),
        Some(true)
    );
    let ada = &app.applicants[1];
    assert_eq!(ada.amra, crate::amra::AmraAnswers::default());
    assert_eq!(ada.examiner, None);
}

#[test]
fn an_incomplete_surgery_is_kept_unless_the_page_says_it_is_complete() {
    let app = quoted_couple();
    let mut form = surgery();
    form.contact_details.postcode = None;
    let kept = app
        .set_examiner(
            &SetExaminer {
                applicant_id: applicant_id("a1"),
                form: form.clone(),
                claimed_valid: false,
                email_check: None,
            },
            now(),
        )
        .unwrap();
    assert_eq!(
        kept.applicants[0]
            .examiner
            .as_ref()
            .map(|e| e.is_examiner_details_valid),
        Some(false)
    );
    let refused = app
        .set_examiner(
            &SetExaminer {
                applicant_id: applicant_id("a1"),
                form,
                claimed_valid: true,
                email_check: None,
            },
            now(),
        )
        .unwrap_err();
    assert_eq!(refused.message, "Please check surgery postcode");
    assert_eq!(refused.errors[0].field, "contactDetails.postcode");
}

fn with_email(form: &ExaminerForm, email: &str) -> ExaminerForm {
    let mut form = form.clone();
    form.title = Some("Dr".into());
    form.contact_details.address3 = Some("Kirkstall".into());
    form.contact_details.county = Some("West Yorkshire".into());
    form.contact_details.email_address = Some(email.into());
    form.confirm_email_address = Some(email.into());
    form
}

fn examiner(form: ExaminerForm, check: Option<(bool, &str)>) -> SetExaminer {
    SetExaminer {
        applicant_id: applicant_id("a1"),
        form,
        claimed_valid: true,
        email_check: check.map(|(is_valid, status)| EmailCheck {
            is_valid,
            status: Some(status.into()),
        }),
    }
}

#[test]
fn title_third_line_county_and_email_are_kept_and_the_email_at_an_idn_domain_as_typed() {
    let form = with_email(&surgery(), "Reception@Bücher.example");
    let app = quoted_couple()
        .set_examiner(&examiner(form, Some((true, "Unchecked"))), now())
        .unwrap();
    let saved = app.applicants[0].examiner.as_ref().unwrap();
    assert!(saved.is_examiner_details_valid);
    assert_eq!(saved.title.as_deref(), Some("Dr"));
    let c = &saved.contact_details;
    assert_eq!(
        c.address3.as_ref().map(|l| l.to_string()).as_deref(),
        Some("Kirkstall")
    );
    assert_eq!(
        c.county.as_ref().map(|l| l.to_string()).as_deref(),
        Some("West Yorkshire")
    );
    assert_eq!(
        c.email_address.as_ref().map(|e| e.as_str()),
        Some("Reception@bücher.example")
    );
}

#[test]
fn a_surgery_email_the_service_refuses_is_refused_with_its_message_unless_already_saved() {
    let app = quoted_couple();
    let form = with_email(&surgery(), "gp@qq.com");
    let refused = app
        .set_examiner(
            &examiner(form.clone(), Some((false, "FailureBlacklist"))),
            now(),
        )
        .unwrap_err();
    assert_eq!(refused.kind, RejectionKind::Invalid);
    assert_eq!(refused.message, "Please check surgery emailAddress");
    assert_eq!(refused.errors[0].field, "contactDetails.emailAddress");
    assert!(refused.errors[0].message.starts_with("Unfortunately"));
    let disposable = app
        .set_examiner(
            &examiner(form.clone(), Some((false, "FailureDisposable"))),
            now(),
        )
        .unwrap_err();
    assert!(disposable.errors[0].message.contains("temporary email"));
    // Accepted once (the service could not check it), a later save is not refused for it.
    let saved = app
        .set_examiner(&examiner(form.clone(), Some((true, "Unchecked"))), now())
        .unwrap();
    assert!(
        saved
            .set_examiner(&examiner(form, Some((false, "FailureBlacklist"))), now())
            .is_ok()
    );
}

#[test]
fn consent_is_dated_and_runs_out_after_twelve_months() {
    let app = consent(&quoted_couple(), "a1", true, now()).unwrap();
    assert_eq!(
        app.applicants[0].amra.amra_consent_granted_on,
        Some(date(2026, 11, 22))
    );
    // Granted 22 November 2026: its last day is 21 November 2027; it ends at midnight.
    let ends = app.amra_consent_expires_at().unwrap();
    assert_eq!(ends, Utc.with_ymd_and_hms(2027, 11, 22, 0, 0, 0).unwrap());
    let last_day = app.expire_amra_consents(ends - chrono::Duration::seconds(1));
    assert_eq!(
        last_day.version, app.version,
        "still current on its last day"
    );
    let expired = app.expire_amra_consents(ends);
    assert_eq!(expired.applicants[0].amra.is_amra_consent_granted, None);
    assert_eq!(
        expired.applicants[0].amra.amra_consent_expired_on,
        Some(date(2027, 11, 22))
    );
    assert_eq!(expired.amra_consent_expires_at(), None);
    // Refusing consent clears its date.
    let refused = consent(&app, "a1", false, now()).unwrap();
    assert_eq!(refused.applicants[0].amra.amra_consent_granted_on, None);
    assert_eq!(refused.amra_consent_expires_at(), None);
}

#[test]
fn amra_stays_open_with_an_underwriter_locks_in_force_and_needs_a_priced_quote() {
    let mut app = quoted_couple();
    app.status = ApplicationStage::Underwriting;
    assert!(
        consent(&app, "a1", true, now()).is_ok(),
        "a GP report the underwriter asks for needs consent (W3)"
    );
    app.status = ApplicationStage::WentOnRisk;
    assert_eq!(
        consent(&app, "a1", true, now()).unwrap_err().message,
        AMRA_LOCKED
    );
    let mut unpriced = quoted_couple();
    unpriced.quote_stage.quote = None;
    assert_eq!(
        consent(&unpriced, "a1", true, now()).unwrap_err().message,
        AMRA_NEEDS_QUOTE
    );
    assert_eq!(
        consent(&quoted_couple(), "zz", true, now())
            .unwrap_err()
            .kind,
        RejectionKind::NotFound
    );
    // The same answer again changes nothing.
    let once = consent(&quoted_couple(), "a1", true, now()).unwrap();
    assert_eq!(
        consent(&once, "a1", true, now()).unwrap().version,
        once.version
    );
}
