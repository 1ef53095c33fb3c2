use super::*;
use crate::applicant::Smoking;
use crate::decision::Decision;
use crate::errors::RejectionKind;
use crate::product_codes::ProductType;
use crate::testkit::{applicant_id, now, quoted_couple};
use crate::underwriting::outcome::CoverOutcome;

/// The quoted couple, applied, each with smoking answered and the declaration accepted.
fn applied() -> Application {
    let mut app = quoted_couple();
    app.status = ApplicationStage::Apply;
    for applicant in &mut app.applicants {
        applicant.details.smoking = Some(Smoking::NoneInFiveYears);
        applicant.is_accepted_pre_underwriting_declaration = true;
    }
    app
}

fn start(app: &Application, id: &str) -> Result<Application, Rejection> {
    app.start_underwriting(
        &StartUnderwriting {
            applicant_id: applicant_id(id),
            kind: EnquiryKind::Full,
        },
        now(),
    )
}

fn outcome(cover: &str, decision: Decision) -> ApplicantOutcome {
    ApplicantOutcome {
        rulebook_version: "sample".into(),
        decided_at: now(),
        covers: vec![CoverOutcome {
            cover_id: cover.into(),
            product_type: ProductType::Life,
            decision,
            displayed: decision.displayed(),
            loading: 0,
            exclusions: vec![],
            evidence: vec![],
            summary: String::new(),
            explanations: vec![],
            manual: None,
        }],
        limits: None,
    }
}

fn record(
    app: &Application,
    id: &str,
    cover: &str,
    decision: Decision,
) -> Result<Application, Rejection> {
    app.record_enquiry_outcome(
        &RecordEnquiryOutcome {
            applicant_id: applicant_id(id),
            outcome: outcome(cover, decision),
            closed_at: now(),
        },
        now(),
    )
}

#[test]
fn underwriting_starts_only_after_applying() {
    let mut quoted = applied();
    quoted.status = ApplicationStage::Quote;
    let refused = start(&quoted, "a1").unwrap_err();
    assert_eq!(
        (refused.kind, refused.message.as_str()),
        (RejectionKind::Conflict, NOT_APPLIED)
    );
}

#[test]
fn a_client_needs_the_declaration_and_the_details_underwriting_needs() {
    let mut app = applied();
    app.applicants[0].is_accepted_pre_underwriting_declaration = false;
    assert_eq!(
        start(&app, "a1").unwrap_err().errors[0].message,
        DECLARATION_FIRST
    );
    let mut app = applied();
    app.applicants[0].details.smoking = None;
    let refused = start(&app, "a1").unwrap_err();
    assert_eq!(refused.errors[0].field, "smoking");
    assert_eq!(
        start(&applied(), "zz").unwrap_err().kind,
        RejectionKind::NotFound
    );
}

#[test]
fn starting_moves_the_case_to_underwriting_and_starting_again_changes_nothing() {
    let app = applied();
    let started = start(&app, "a1").unwrap();
    assert_eq!(
        started.status,
        ApplicationStage::Apply,
        "the adviser keeps the interview pages"
    );
    assert_eq!(started.version, app.version + 1);
    let summary = started.enquiry_of(&applicant_id("a1")).unwrap();
    assert_eq!(
        (summary.enquiry_id.as_str(), summary.is_open),
        ("enquiry-a1", true)
    );
    let again = start(&started, "a1").unwrap();
    assert_eq!(again.version, started.version);
    assert_eq!(again.underwriting.applicants_enquiries.len(), 1);
    // The second client's enquiry starts while the first is open.
    assert_eq!(
        start(&started, "a2")
            .unwrap()
            .underwriting
            .applicants_enquiries
            .len(),
        2
    );
}

#[test]
fn the_decision_comes_when_every_clients_enquiry_is_closed() {
    let both = start(&start(&applied(), "a1").unwrap(), "a2").unwrap();
    let first = record(&both, "a1", "c1", Decision::NonStandardTerms).unwrap();
    assert_eq!(
        first.status,
        ApplicationStage::Apply,
        "Ada's enquiry is still open"
    );
    assert_eq!(
        first.applicants[0].covers[0].decision,
        Some(Decision::NonStandardTerms)
    );
    assert!(!first.is_underwriting_complete());
    let second = record(&first, "a2", "c2", Decision::StandardTerms).unwrap();
    assert_eq!(second.status, ApplicationStage::Decision);
    assert!(second.is_underwriting_complete());
    // The same outcome delivered twice is recorded once.
    assert_eq!(
        record(&second, "a2", "c2", Decision::StandardTerms)
            .unwrap()
            .version,
        second.version
    );
    // A referred cover sends the case to an underwriter instead.
    let referred = record(
        &record(&both, "a1", "c1", Decision::ManualUw).unwrap(),
        "a2",
        "c2",
        Decision::StandardTerms,
    )
    .unwrap();
    assert_eq!(referred.status, ApplicationStage::Underwriting);
    // An outcome for a client whose enquiry never started is refused.
    assert_eq!(
        record(&applied(), "a1", "c1", Decision::StandardTerms)
            .unwrap_err()
            .kind,
        RejectionKind::NotFound
    );
}
