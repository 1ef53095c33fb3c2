use super::notes::MAX_UPDATE_CHARS;
use super::*;
use crate::application::{Requote, SetAmraConsent, WaitingFor};
use crate::contact::Examiner;
use crate::dates::start_of_uk_day;
use crate::decision::Decision;
use crate::testkit::{applicant_id, date, decided, now, quoted_couple, today};
use crate::underwriting::evidence::{EvidenceCatalogue, EvidenceKind, EvidenceSettings};
use crate::underwriting::interview::Limits;
use crate::underwriting::manual::{ManualDecision, ManualDecisionInput};
use crate::underwriting::outcome::{Explanation, Risk};
use chrono::{Duration, TimeZone};

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

fn sam() -> Underwriter {
    Underwriter {
        id: "underwriter2".into(),
        name: "Sam Okafor".into(),
    }
}

fn settings(kind: EvidenceKind) -> EvidenceSettings {
    EvidenceCatalogue::parse(include_str!(
        "../../../../product/underwriting/evidence.json"
    ))
    .unwrap()
    .settings(kind)
    .clone()
}

/// The couple with Alan's life cover referred for manual underwriting (with the rule that
/// referred it) and Ada's at standard terms: the case waits at Underwriting.
fn referred() -> Application {
    let mut app = decided(&quoted_couple(), "a1", &[("c1", Decision::ManualUw, 0)]);
    app = decided(&app, "a2", &[("c2", Decision::StandardTerms, 0)]);
    let outcome = app.underwriting.applicants_enquiries[0]
        .outcome
        .as_mut()
        .unwrap();
    outcome.covers[0].summary = "Life Protection: underwriting required.".into();
    outcome.covers[0].explanations.push(Explanation {
        rule: "BP-HIGH".into(),
        decision: Decision::ManualUw,
        reason: "Blood pressure 165/100: an underwriter must review".into(),
        loading: 0,
        exclusion: None,
        evidence: None,
        answers: vec![],
        table: "blood pressure".into(),
        row: Some(3),
        risks: vec![Risk::Life],
        loading_instead: None,
    });
    app
}

/// [`referred`] claimed by Ruth, Alan with AMRA consent and his surgery recorded.
fn claimed() -> Application {
    let mut app = referred()
        .claim_case(
            &ClaimCase {
                underwriter: ruth(),
            },
            now(),
        )
        .unwrap();
    let alan = &mut app.applicants[0];
    alan.amra.is_amra_consent_granted = Some(true);
    alan.amra.amra_consent_granted_on = Some(today());
    alan.amra.is_view_medical_reports_requested = Some(false);
    alan.examiner = Some(Examiner {
        organisation_name: Some("The Surgery".into()),
        ..Examiner::default()
    });
    app
}

fn request(kind: EvidenceKind, id: &str) -> RequestEvidence {
    RequestEvidence {
        evidence_id: id.into(),
        applicant_id: applicant_id("a1"),
        settings: settings(kind),
        provider: None,
        expected_by: None,
        underwriter: ruth(),
    }
}

fn gp_requested() -> Application {
    claimed()
        .request_evidence(&request(EvidenceKind::GpReport, "e1"), now())
        .unwrap()
}

fn received(app: &Application, document: &str) -> Result<Application, crate::errors::Rejection> {
    app.receive_evidence(
        &ReceiveEvidence {
            evidence_id: "e1".into(),
            document: EvidenceDocument {
                id: document.into(),
                file_name: "gp-report.pdf".into(),
            },
            underwriter: ruth(),
        },
        now() + Duration::days(3),
    )
}

fn decision(kind: ManualDecision) -> ManualDecisionInput {
    ManualDecisionInput {
        decision: kind,
        loading_percent: (kind == ManualDecision::Loading).then_some(50),
        exclusion: None,
        postpone_months: None,
        reason: Some("Blood pressure controlled on treatment for five years".into()),
    }
}

fn decide(
    app: &Application,
    kind: ManualDecision,
) -> Result<Application, crate::errors::Rejection> {
    app.decide_referred_cover(
        &DecideReferredCover {
            applicant_id: applicant_id("a1"),
            cover_id: "c1".into(),
            decision: decision(kind),
            limits: LIMITS,
            underwriter: ruth(),
        },
        now() + Duration::days(4),
    )
}

fn last_update(app: &Application) -> &str {
    &app.underwriting.underwriting_updates.last().unwrap().update
}

#[test]
fn a_referral_starts_unclaimed_when_the_last_enquiry_closes_with_a_referred_cover() {
    let app = referred();
    assert_eq!(app.status, ApplicationStage::Underwriting);
    assert_eq!(app.underwriting.referral.referred_at, Some(now()));
    assert!(app.underwriting.referral.claim.is_none());
    assert!(app.was_referred());
    assert!(!quoted_couple().was_referred());
    assert_eq!(app.waiting_for(), WaitingFor::Underwriter);
}

#[test]
fn a_claim_can_be_taken_over_and_only_its_holder_releases_it() {
    let app = referred();
    let mine = app
        .claim_case(
            &ClaimCase {
                underwriter: ruth(),
            },
            now(),
        )
        .unwrap();
    assert_eq!(
        mine.underwriting
            .referral
            .claim
            .as_ref()
            .unwrap()
            .underwriter,
        ruth()
    );
    assert_eq!(
        mine.claim_case(
            &ClaimCase {
                underwriter: ruth()
            },
            now()
        )
        .unwrap()
        .version,
        mine.version,
        "claiming a case already yours changes nothing"
    );
    let refused = mine
        .release_case(&ReleaseCase { underwriter: sam() }, now())
        .unwrap_err();
    assert_eq!(refused.message, claim::NOT_YOURS);
    let taken = mine
        .claim_case(&ClaimCase { underwriter: sam() }, now())
        .unwrap();
    assert_eq!(
        taken
            .underwriting
            .referral
            .claim
            .as_ref()
            .unwrap()
            .underwriter,
        sam()
    );
    assert_eq!(
        taken.underwriting.referral.claims.last().unwrap().kind,
        ClaimEventKind::TakenOver { from: ruth() },
        "the handover is recorded"
    );
    assert!(
        taken.waiting_sentence().ends_with("(with Sam Okafor)"),
        "{}",
        taken.waiting_sentence()
    );
    let released = taken
        .release_case(&ReleaseCase { underwriter: sam() }, now())
        .unwrap();
    assert!(released.underwriting.referral.claim.is_none());
    assert_eq!(released.underwriting.referral.claims.len(), 3);
    let at_quote = quoted_couple().claim_case(
        &ClaimCase {
            underwriter: ruth(),
        },
        now(),
    );
    assert_eq!(at_quote.unwrap_err().message, NOT_WITH_UNDERWRITING);
}

#[test]
fn only_the_underwriter_holding_the_case_works_on_it() {
    let unclaimed = referred().request_evidence(&request(EvidenceKind::BloodTests, "e1"), now());
    assert_eq!(unclaimed.unwrap_err().message, CLAIM_FIRST);
    let mut by_sam = request(EvidenceKind::BloodTests, "e1");
    by_sam.underwriter = sam();
    let refused = claimed().request_evidence(&by_sam, now()).unwrap_err();
    assert_eq!(
        refused.message,
        "Ruth Ellis is working on this case: take it over before working on it"
    );
}

#[test]
fn a_gp_report_needs_amra_consent_and_comes_from_the_clients_doctor() {
    let mut no_consent = claimed();
    no_consent.applicants[0].amra.is_amra_consent_granted = None;
    let refused = no_consent
        .request_evidence(&request(EvidenceKind::GpReport, "e1"), now())
        .unwrap_err();
    assert_eq!(
        refused.message,
        "Alan Turing has not given AMRA consent, which a GP report needs (§4): the adviser records it on the AMRA page"
    );
    let bloods = no_consent
        .request_evidence(&request(EvidenceKind::BloodTests, "e1"), now())
        .unwrap();
    let asked = bloods.evidence_request("e1").unwrap();
    assert_eq!(
        asked.provider, "the nurse screening service",
        "no consent needed for blood tests"
    );
    assert_eq!(asked.expected_by, today() + chrono::Days::new(14));

    let app = gp_requested();
    let gp = app.evidence_request("e1").unwrap();
    assert_eq!(
        (gp.provider.as_str(), gp.status),
        ("The Surgery", EvidenceStatus::Requested)
    );
    assert_eq!(
        gp.expected_by,
        date(2026, 12, 20),
        "28 days from 22/11/2026"
    );
    assert_eq!(
        last_update(&app),
        "GP report from The Surgery requested for Alan Turing; expected by 20/12/2026."
    );
    assert_eq!(
        app.underwriting
            .underwriting_updates
            .last()
            .unwrap()
            .author
            .as_deref(),
        Some("Ruth Ellis, underwriter")
    );
    assert_eq!(app.waiting_for(), WaitingFor::Evidence);
    assert_eq!(
        app.request_evidence(&request(EvidenceKind::GpReport, "e1"), now())
            .unwrap()
            .version,
        app.version,
        "the same request sent again changes nothing"
    );

    let mut no_doctor = claimed();
    no_doctor.applicants[0].examiner = None;
    let refused = no_doctor
        .request_evidence(&request(EvidenceKind::GpReport, "e1"), now())
        .unwrap_err();
    assert!(
        refused.message.contains("doctor is not recorded"),
        "{}",
        refused.message
    );
    let mut named = request(EvidenceKind::GpReport, "e1");
    named.provider = Some("  Dr Jane Smith ".into());
    let by_name = no_doctor.request_evidence(&named, now()).unwrap();
    assert_eq!(
        by_name.evidence_request("e1").unwrap().provider,
        "Dr Jane Smith"
    );
}

#[test]
fn an_expected_date_runs_from_tomorrow_to_a_year_ahead() {
    for (date, ok) in [
        (today(), false),
        (today() + chrono::Days::new(1), true),
        (today() + chrono::Days::new(365), true),
        (today() + chrono::Days::new(366), false),
    ] {
        let mut asked = request(EvidenceKind::BloodTests, "e1");
        asked.expected_by = Some(date);
        let result = claimed().request_evidence(&asked, now());
        assert_eq!(result.is_ok(), ok, "{date}");
        if let Err(refused) = result {
            assert_eq!(refused.errors[0].field, "expectedBy");
        }
    }
}

#[test]
fn evidence_not_here_by_its_date_is_chased_once_and_expected_a_week_later() {
    let app = gp_requested();
    let chase_at = start_of_uk_day(date(2026, 12, 21));
    assert_eq!(app.next_deadline().unwrap().min(chase_at), chase_at);
    assert_eq!(app.evidence_deadline(), Some(chase_at));
    let early = app.apply_deadlines(chase_at - Duration::seconds(1));
    assert_eq!(
        early.version, app.version,
        "nothing is due before the day after it was expected"
    );
    assert!(!app.is_evidence_overdue());

    let chased = app.apply_deadlines(chase_at);
    let gp = chased.evidence_request("e1").unwrap();
    assert_eq!(gp.chases.len(), 1);
    assert_eq!(gp.expected_by, date(2026, 12, 28));
    assert_eq!(gp.first_expected_by, date(2026, 12, 20));
    assert_eq!(
        last_update(&chased),
        "GP report from The Surgery chased on 21/12/2026, now expected by 28/12/2026."
    );
    assert!(
        chased
            .underwriting
            .underwriting_updates
            .last()
            .unwrap()
            .author
            .is_none()
    );
    assert!(chased.is_evidence_overdue());
    assert_eq!(
        chased.evidence_deadline(),
        Some(start_of_uk_day(date(2026, 12, 29)))
    );
    assert_eq!(chased.waiting_for(), WaitingFor::Evidence);
    assert!(
        chased
            .waiting_sentence()
            .contains("GP report from The Surgery for Alan Turing, expected by 28/12/2026"),
        "{}",
        chased.waiting_sentence()
    );

    // A worker down for ten days: one chase, dated the day the timer acted.
    let late = app.apply_deadlines(start_of_uk_day(date(2026, 12, 31)) + Duration::hours(9));
    let gp = late.evidence_request("e1").unwrap();
    assert_eq!(gp.chases.len(), 1);
    assert_eq!(gp.expected_by, date(2027, 1, 7));
}

#[test]
fn a_report_the_client_asked_to_see_is_held_twenty_one_days_and_blocks_the_decision() {
    let mut app = gp_requested();
    app.applicants[0].amra.is_view_medical_reports_requested = Some(true);
    let held = received(&app, "doc-1").unwrap();
    let gp = held.evidence_request("e1").unwrap();
    assert_eq!(gp.status, EvidenceStatus::Held);
    let until = date(2026, 12, 16);
    assert_eq!(
        gp.received.as_ref().unwrap().held_until,
        Some(until),
        "25/11 + 21 days"
    );
    assert_eq!(
        last_update(&held),
        "GP report from The Surgery received for Alan Turing; held until 16/12/2026, as Alan Turing asked to see it first."
    );
    assert_eq!(held.waiting_for(), WaitingFor::Evidence);
    assert_eq!(held.evidence_deadline(), Some(start_of_uk_day(until)));
    let refused = decide(&held, ManualDecision::StandardTerms).unwrap_err();
    assert_eq!(
        refused.message,
        "The GP report from The Surgery is held until 16/12/2026, as the client asked to see it first: decide after that"
    );

    let still = held.apply_deadlines(start_of_uk_day(until) - Duration::seconds(1));
    assert_eq!(still.version, held.version);
    let released = held.apply_deadlines(start_of_uk_day(until));
    assert_eq!(
        released.evidence_request("e1").unwrap().status,
        EvidenceStatus::Received
    );
    assert!(last_update(&released).contains("released to the underwriter on 16/12/2026"));
    assert_eq!(released.waiting_for(), WaitingFor::Underwriter);
    assert!(decide(&released, ManualDecision::StandardTerms).is_ok());
}

#[test]
fn evidence_is_received_once() {
    let app = gp_requested();
    let here = received(&app, "doc-1").unwrap();
    assert_eq!(
        here.evidence_request("e1").unwrap().status,
        EvidenceStatus::Received,
        "not held: the client did not ask to see it"
    );
    assert_eq!(
        received(&here, "doc-1").unwrap().version,
        here.version,
        "the same document again changes nothing"
    );
    assert_eq!(
        received(&here, "doc-2").unwrap_err().message,
        "This GP report has already been received"
    );
    let unknown = here.receive_evidence(
        &ReceiveEvidence {
            evidence_id: "nope".into(),
            document: EvidenceDocument {
                id: "d".into(),
                file_name: "f.pdf".into(),
            },
            underwriter: ruth(),
        },
        now(),
    );
    assert_eq!(unknown.unwrap_err().message, "Evidence request not found");
}

#[test]
fn the_last_referred_cover_decided_moves_the_case_to_the_decision_on_the_underwriters_terms() {
    let app = gp_requested();
    let loaded = decide(&app, ManualDecision::Loading).unwrap();
    assert_eq!(loaded.status, ApplicationStage::Decision);
    assert_eq!(
        loaded.applicants[0].covers[0].decision,
        Some(Decision::NonStandardTerms)
    );
    let terms = loaded.underwriting_terms(&applicant_id("a1"), &"c1".into());
    assert_eq!(
        (terms.decision, terms.loading),
        (Some(Decision::NonStandardTerms), 50)
    );
    let outcome = &loaded.underwriting.applicants_enquiries[0]
        .outcome
        .as_ref()
        .unwrap()
        .covers[0];
    let manual = outcome.manual.as_ref().unwrap();
    assert_eq!(manual.referred_as, Decision::ManualUw);
    assert_eq!(
        manual.referred_summary,
        "Life Protection: underwriting required."
    );
    assert_eq!(
        outcome.explanations[0].rule, "BP-HIGH",
        "the rulebook's reasons are kept beside"
    );
    let updates: Vec<&str> = loaded
        .underwriting
        .underwriting_updates
        .iter()
        .map(|u| u.update.as_str())
        .collect();
    assert!(updates.contains(&"Decision for Alan Turing: Life Protection: non-standard terms from the underwriter: the premium is loaded by 50%. Reason: Blood pressure controlled on treatment for five years"));
    assert_eq!(
        updates.last(),
        Some(&"GP report from The Surgery no longer needed: the case has been decided.")
    );
    assert_eq!(
        loaded.evidence_request("e1").unwrap().status,
        EvidenceStatus::Withdrawn
    );
    assert!(loaded.underwriting.referral.claim.is_none());
    assert_eq!(
        loaded.underwriting.referral.claims.last().unwrap().kind,
        ClaimEventKind::Ended
    );
    assert!(loaded.underwriting.referral.decided_at.is_some());
    assert!(loaded.was_referred(), "still readable on the workbench");
    assert_eq!(loaded.evidence_deadline(), None);
    assert!(
        decide(&loaded, ManualDecision::Declined).is_err(),
        "decided: no longer with underwriting"
    );
}

#[test]
fn a_cover_may_be_decided_again_until_the_last_is_decided_and_only_referred_covers_are_decided() {
    // Both clients referred: deciding Alan's leaves the case with underwriting.
    let mut app = decided(&quoted_couple(), "a1", &[("c1", Decision::ManualUw, 0)]);
    app = decided(&app, "a2", &[("c2", Decision::AdditionalEvidence, 0)]);
    let app = app
        .claim_case(
            &ClaimCase {
                underwriter: ruth(),
            },
            now(),
        )
        .unwrap();
    let first = decide(&app, ManualDecision::Loading).unwrap();
    assert_eq!(first.status, ApplicationStage::Underwriting);
    assert_eq!(
        decide(&first, ManualDecision::Loading).unwrap().version,
        first.version
    );
    let again = decide(&first, ManualDecision::StandardTerms).unwrap();
    let outcome = &again.underwriting.applicants_enquiries[0]
        .outcome
        .as_ref()
        .unwrap()
        .covers[0];
    assert_eq!(outcome.decision, Decision::StandardTerms);
    assert_eq!(
        outcome.manual.as_ref().unwrap().referred_as,
        Decision::ManualUw,
        "still the rulebook's referral"
    );

    let standard = decided(&quoted_couple(), "a1", &[("c1", Decision::ManualUw, 0)]);
    let standard = decided(&standard, "a2", &[("c2", Decision::StandardTerms, 0)])
        .claim_case(
            &ClaimCase {
                underwriter: ruth(),
            },
            now(),
        )
        .unwrap();
    let refused = standard.decide_referred_cover(
        &DecideReferredCover {
            applicant_id: applicant_id("a2"),
            cover_id: "c2".into(),
            decision: decision(ManualDecision::Declined),
            limits: LIMITS,
            underwriter: ruth(),
        },
        now(),
    );
    assert_eq!(refused.unwrap_err().message, decision::NOT_REFERRED);
    let missing = standard.decide_referred_cover(
        &DecideReferredCover {
            applicant_id: applicant_id("a1"),
            cover_id: "c9".into(),
            decision: decision(ManualDecision::Declined),
            limits: LIMITS,
            underwriter: ruth(),
        },
        now(),
    );
    assert_eq!(missing.unwrap_err().message, "Cover not found");
}

#[test]
fn requoting_with_underwriting_ends_the_referral_and_underwrites_the_referred_client_again() {
    let app = gp_requested();
    let requoted = app.apply(&Requote, now() + Duration::days(1)).unwrap();
    assert_eq!(requoted.status, ApplicationStage::Quote);
    assert_eq!(
        requoted.evidence_request("e1").unwrap().status,
        EvidenceStatus::Withdrawn
    );
    assert_eq!(
        last_update(&requoted),
        "GP report from The Surgery no longer needed: the adviser requoted."
    );
    assert!(requoted.underwriting.referral.claim.is_none());
    assert!(
        requoted.enquiry_of(&applicant_id("a1")).is_none(),
        "Alan is underwritten again"
    );
    assert!(
        requoted.enquiry_of(&applicant_id("a2")).is_some(),
        "Ada's outcome is kept"
    );

    let decided_by_hand = decide(&app, ManualDecision::Loading).unwrap();
    let requoted = decided_by_hand
        .apply(&Requote, now() + Duration::days(5))
        .unwrap();
    assert!(
        requoted.enquiry_of(&applicant_id("a1")).is_none(),
        "terms an underwriter gave are given again after a requote (§4)"
    );
}

#[test]
fn withdrawing_amra_consent_withdraws_the_reports_that_needed_it() {
    let app = gp_requested()
        .request_evidence(&request(EvidenceKind::BloodTests, "e2"), now())
        .unwrap();
    let withdrawn = app
        .set_amra_consent(
            &SetAmraConsent {
                applicant_id: applicant_id("a1"),
                is_amra_consent_granted: false,
            },
            now() + Duration::days(1),
        )
        .unwrap();
    assert_eq!(
        withdrawn.status,
        ApplicationStage::Underwriting,
        "AMRA stays open with underwriting"
    );
    assert_eq!(
        withdrawn.evidence_request("e1").unwrap().status,
        EvidenceStatus::Withdrawn
    );
    assert_eq!(
        withdrawn
            .evidence_request("e1")
            .unwrap()
            .withdrawn_because
            .as_deref(),
        Some("Alan Turing withdrew AMRA consent")
    );
    assert_eq!(
        withdrawn.evidence_request("e2").unwrap().status,
        EvidenceStatus::Requested
    );
}

#[test]
fn an_update_is_text_from_the_underwriter_holding_the_case_or_any_once_decided() {
    let app = claimed();
    let post = |app: &Application, text: &str, by: Underwriter| {
        app.post_underwriting_update(
            &PostUnderwritingUpdate {
                text: text.into(),
                underwriter: by,
            },
            now(),
        )
    };
    assert_eq!(
        post(&app, "  ", ruth()).unwrap_err().errors[0].field,
        "text"
    );
    assert!(post(&app, &"x".repeat(MAX_UPDATE_CHARS + 1), ruth()).is_err());
    assert!(post(&app, &"x".repeat(MAX_UPDATE_CHARS), ruth()).is_ok());
    assert!(
        post(&app, "Looking at it", sam()).is_err(),
        "not Sam's case"
    );
    let noted = post(&app, "  Reviewing the GP's notes.\nBack tomorrow. ", ruth()).unwrap();
    let update = noted.underwriting.underwriting_updates.last().unwrap();
    assert_eq!(update.update, "Reviewing the GP's notes.\nBack tomorrow.");
    assert_eq!(
        (update.date.as_str(), update.time.as_str()),
        ("22/11/2026", "10:00")
    );
    let decided = decide(&app, ManualDecision::StandardTerms).unwrap();
    assert!(post(&decided, "Terms explained to the adviser", sam()).is_ok());
    assert!(post(&quoted_couple(), "Hello", ruth()).is_err());
}

#[test]
fn updates_are_dated_in_uk_time() {
    let summer = Utc.with_ymd_and_hms(2027, 6, 1, 23, 30, 0).unwrap();
    let mut app = claimed();
    app.updated_at = summer;
    let noted = app
        .post_underwriting_update(
            &PostUnderwritingUpdate {
                text: "Late note".into(),
                underwriter: ruth(),
            },
            summer,
        )
        .unwrap();
    let update = noted.underwriting.underwriting_updates.last().unwrap();
    assert_eq!(
        (update.date.as_str(), update.time.as_str()),
        ("02/06/2027", "00:30")
    );
}

#[test]
fn the_workbench_lists_the_referred_covers_with_their_rules_and_the_evidence_awaited() {
    assert!(quoted_couple().workbench_entry().is_none());
    let app = gp_requested();
    let entry = app.workbench_entry().unwrap();
    assert_eq!(entry.referred.len(), 1);
    let cover = &entry.referred[0];
    assert_eq!(
        (cover.client.as_str(), cover.cover_id.as_str()),
        ("Alan Turing", "c1")
    );
    assert_eq!(
        cover.rules,
        vec![ReferringRule {
            rule: "BP-HIGH".into(),
            reason: "Blood pressure 165/100: an underwriter must review".into()
        }]
    );
    assert_eq!(entry.evidence.len(), 1);
    assert_eq!(entry.evidence[0].evidence, "GP report from The Surgery");
    assert_eq!(entry.evidence[0].due, date(2026, 12, 20));
    assert!(!entry.evidence[0].overdue);
    assert_eq!(entry.evidence_due(), Some(date(2026, 12, 20)));
    assert_eq!(referred().workbench_entry().unwrap().evidence_due(), None);
}
