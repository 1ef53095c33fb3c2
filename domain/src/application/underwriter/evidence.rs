//! Medical evidence on a referred case: requested per client, expected by a date, chased when
//! the date passes without it (the date moves on and the adviser is told), received with its
//! document, and, for a medical report the client asked to see first, held for 21 days before
//! the underwriter may use it (§9). The application's durable timer wakes the workflow at the
//! next chase or the end of a hold ([`Application::evidence_deadline`]).
//!
//! A GP report, and any report by a doctor who cares for the client, needs the client's AMRA
//! consent (§4): without it the request is refused, and when the client withdraws consent the
//! requests that needed it are withdrawn too.

use super::super::Application;
use crate::dates::{start_of_uk_day, uk_date};
use crate::errors::Rejection;
use crate::formats;
use crate::ids::ApplicantId;
use crate::underwriting::evidence::{EvidenceKind, EvidenceSettings, MAX_EVIDENCE_LABEL_CHARS};
use crate::underwriting::manual::Underwriter;
use chrono::{DateTime, Days, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub(crate) const EVIDENCE_NOT_FOUND: &str = "Evidence request not found";
/// A medical report is held for 21 days so the client can see it before it is sent (§9).
pub const MEDICAL_REPORT_HELD_DAYS: u32 = 21;
/// An expected date may be at most this far ahead.
pub(crate) const MAX_EXPECTED_DAYS_AHEAD: u64 = 365;

/// Where a request stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum EvidenceStatus {
    /// Asked for and not yet here.
    Requested,
    // §9: a medical report is held 21 days.
    /// Here, but held until `heldUntil`: the client asked to see the report first.
    Held,
    /// Here, and the underwriter may use it.
    Received,
    /// No longer needed: the case was decided or requoted, or consent was withdrawn.
    Withdrawn,
}

/// A chase of the provider when the expected date passed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvidenceChase {
    #[schema(value_type = String, format = Date)]
    pub chased_on: NaiveDate,
    pub at: DateTime<Utc>,
    /// The date it is expected by from this chase on.
    #[schema(value_type = String, format = Date)]
    pub expected_by: NaiveDate,
}

/// The document the evidence arrived as, stored with the case's documents.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvidenceDocument {
    pub id: String,
    pub file_name: String,
}

/// When and how the evidence arrived.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceivedEvidence {
    pub at: DateTime<Utc>,
    pub by: Underwriter,
    pub document: EvidenceDocument,
    /// The report may be used from this day (the client asked to see it first).
    #[serde(default)]
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub held_until: Option<NaiveDate>,
}

/// One piece of evidence asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvidenceRequest {
    pub id: String,
    pub applicant_id: ApplicantId,
    pub kind: EvidenceKind,
    /// "GP report", as the insurer names it.
    pub label: String,
    /// "The Surgery": who provides it.
    pub provider: String,
    /// A report under the Access to Medical Reports Act (needs consent; may be held).
    pub medical_report: bool,
    pub chase_every_days: u32,
    pub requested_at: DateTime<Utc>,
    pub requested_by: Underwriter,
    /// The date first given.
    #[schema(value_type = String, format = Date)]
    pub first_expected_by: NaiveDate,
    /// The date it is expected by now (moved on by each chase).
    #[schema(value_type = String, format = Date)]
    pub expected_by: NaiveDate,
    pub status: EvidenceStatus,
    #[serde(default)]
    #[schema(required = true)]
    pub chases: Vec<EvidenceChase>,
    #[serde(default)]
    #[schema(required = true)]
    pub received: Option<ReceivedEvidence>,
    /// Why it was withdrawn, and when.
    #[serde(default)]
    #[schema(required = true)]
    pub withdrawn_at: Option<DateTime<Utc>>,
    #[serde(default)]
    #[schema(required = true)]
    pub withdrawn_because: Option<String>,
}

impl EvidenceRequest {
    /// Still to come: asked for and neither here nor withdrawn.
    pub(crate) fn is_outstanding(&self) -> bool {
        self.status == EvidenceStatus::Requested
    }

    /// Outstanding and past the date first given: chased at least once (docs/decisions.md W5).
    pub(crate) fn is_overdue(&self) -> bool {
        self.is_outstanding() && !self.chases.is_empty()
    }

    /// "GP report from The Surgery".
    pub fn named(&self) -> String {
        format!("{} from {}", self.label, self.provider)
    }

    /// When the timer must next act on it: the start of the day after its expected date while
    /// it is outstanding, the end of its hold while held.
    fn deadline(&self) -> Option<DateTime<Utc>> {
        match self.status {
            EvidenceStatus::Requested => self.expected_by.succ_opt().map(start_of_uk_day),
            EvidenceStatus::Held => self
                .received
                .as_ref()
                .and_then(|r| r.held_until)
                .map(start_of_uk_day),
            EvidenceStatus::Received | EvidenceStatus::Withdrawn => None,
        }
    }
}

/// `POST /underwriter/cases/{applicationId}/evidence`: the kind's defaults come with it from
/// the product (`evidence.json`), and the id from the API.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RequestEvidence {
    pub evidence_id: String,
    pub applicant_id: ApplicantId,
    pub settings: EvidenceSettings,
    /// Who provides it, when the underwriter names someone other than the kind's default.
    pub provider: Option<String>,
    /// The date it is expected by, when the underwriter gives one.
    pub expected_by: Option<NaiveDate>,
    pub underwriter: Underwriter,
}

/// `POST /underwriter/cases/{applicationId}/evidence/{evidenceId}/received`, once the API has
/// stored the document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReceiveEvidence {
    pub evidence_id: String,
    pub document: EvidenceDocument,
    pub underwriter: Underwriter,
}

impl Application {
    pub fn evidence_request(&self, id: &str) -> Option<&EvidenceRequest> {
        self.underwriting
            .referral
            .evidence
            .iter()
            .find(|e| e.id == id)
    }

    /// Asks for evidence about a client. A medical report needs their AMRA consent; its
    /// provider is their doctor unless the underwriter names one. Asking again with the same
    /// id changes nothing.
    pub fn request_evidence(
        &self,
        command: &RequestEvidence,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_held_by(&command.underwriter)?;
        if self.evidence_request(&command.evidence_id).is_some() {
            return Ok(self.clone());
        }
        let applicant = self.applicant_named(&command.applicant_id)?;
        let client = self.client_label(&command.applicant_id);
        let settings = &command.settings;
        if settings.medical_report && applicant.amra.is_amra_consent_granted != Some(true) {
            return Err(Rejection::conflict(&format!(
                "{client} has not given AMRA consent, which a {} needs (§4): the adviser records it on the AMRA page",
                settings.label
            )));
        }
        let named = command
            .provider
            .as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty());
        if let Some(provider) = named
            && (provider.chars().count() > MAX_EVIDENCE_LABEL_CHARS
                || provider.chars().any(char::is_control))
        {
            return Err(Rejection::field(
                "provider",
                &format!("The provider must be at most {MAX_EVIDENCE_LABEL_CHARS} characters"),
            ));
        }
        let provider = match (named, settings.provider.as_deref()) {
            (Some(provider), _) | (None, Some(provider)) => provider.to_owned(),
            (None, None) => applicant
                .examiner
                .as_ref()
                .and_then(crate::contact::Examiner::display_name)
                .ok_or_else(|| {
                    Rejection::conflict(&format!(
                        "{client}'s doctor is not recorded: the adviser gives it on the AMRA page, or name the provider"
                    ))
                })?,
        };
        let today = uk_date(now);
        let expected_by = match command.expected_by {
            Some(date) => {
                let latest = today + Days::new(MAX_EXPECTED_DAYS_AHEAD);
                if date <= today || date > latest {
                    return Err(Rejection::field(
                        "expectedBy",
                        &format!(
                            "The expected date must be after today and no later than {}",
                            formats::date(latest)
                        ),
                    ));
                }
                date
            }
            None => today + Days::new(u64::from(settings.expected_within_days)),
        };
        let request = EvidenceRequest {
            id: command.evidence_id.clone(),
            applicant_id: command.applicant_id.clone(),
            kind: settings.kind,
            label: settings.label.clone(),
            provider,
            medical_report: settings.medical_report,
            chase_every_days: settings.chase_every_days,
            requested_at: now,
            requested_by: command.underwriter.clone(),
            first_expected_by: expected_by,
            expected_by,
            status: EvidenceStatus::Requested,
            chases: Vec::new(),
            received: None,
            withdrawn_at: None,
            withdrawn_because: None,
        };
        let mut next = self.clone();
        next.post_update(
            format!(
                "{} requested for {client}; expected by {}.",
                request.named(),
                formats::date(expected_by)
            ),
            Some(&command.underwriter),
            now,
        );
        next.underwriting.referral.evidence.push(request);
        Ok(next.touched(now))
    }

    // §9: a medical report is held 21 days.
    /// Records the evidence as received with its document; a medical report the client asked to see
    /// is held for 21 days. Receiving it again with the same document changes nothing.
    pub fn receive_evidence(
        &self,
        command: &ReceiveEvidence,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_held_by(&command.underwriter)?;
        let request = self
            .evidence_request(&command.evidence_id)
            .ok_or_else(|| Rejection::not_found(EVIDENCE_NOT_FOUND))?;
        match (&request.status, &request.received) {
            (EvidenceStatus::Requested, _) => {}
            (_, Some(received)) if received.document == command.document => {
                return Ok(self.clone());
            }
            (EvidenceStatus::Withdrawn, _) => {
                return Err(Rejection::conflict(&format!(
                    "This {} was withdrawn: ask for it again if it is still needed",
                    request.label
                )));
            }
            (_, _) => {
                return Err(Rejection::conflict(&format!(
                    "This {} has already been received",
                    request.label
                )));
            }
        }
        let client = self.client_label(&request.applicant_id);
        let sees_first = request.medical_report
            && self
                .applicant(&request.applicant_id)
                .is_some_and(|a| a.amra.is_view_medical_reports_requested == Some(true));
        let today = uk_date(now);
        let held_until = sees_first.then(|| today + Days::new(u64::from(MEDICAL_REPORT_HELD_DAYS)));
        let mut text = format!("{} received for {client}.", request.named());
        if let Some(until) = held_until {
            text = format!(
                "{} received for {client}; held until {}, as {client} asked to see it first.",
                request.named(),
                formats::date(until)
            );
        }
        let mut next = self.clone();
        if let Some(request) = next.evidence_mut(&command.evidence_id) {
            request.status = if held_until.is_some() {
                EvidenceStatus::Held
            } else {
                EvidenceStatus::Received
            };
            request.received = Some(ReceivedEvidence {
                at: now,
                by: command.underwriter.clone(),
                document: command.document.clone(),
                held_until,
            });
        }
        next.post_update(text, Some(&command.underwriter), now);
        Ok(next.touched(now))
    }

    fn evidence_mut(&mut self, id: &str) -> Option<&mut EvidenceRequest> {
        self.underwriting
            .referral
            .evidence
            .iter_mut()
            .find(|e| e.id == id)
    }

    /// Reports of `applicant` that are here but held: the underwriter may not decide their
    /// covers until each hold ends.
    pub(crate) fn held_reports(&self, applicant: &ApplicantId) -> Vec<&EvidenceRequest> {
        self.underwriting
            .referral
            .evidence
            .iter()
            .filter(|e| &e.applicant_id == applicant && e.status == EvidenceStatus::Held)
            .collect()
    }

    /// Whether anything is awaited from a provider: evidence outstanding, or a report held.
    pub(crate) fn awaits_evidence(&self) -> bool {
        self.underwriting
            .referral
            .evidence
            .iter()
            .any(|e| matches!(e.status, EvidenceStatus::Requested | EvidenceStatus::Held))
    }

    /// When the timer must next act on evidence: the earliest chase or end of a hold.
    pub fn evidence_deadline(&self) -> Option<DateTime<Utc>> {
        self.underwriting
            .referral
            .evidence
            .iter()
            .filter_map(EvidenceRequest::deadline)
            .min()
    }

    /// Chases every request whose expected date passed by `now` (once, whatever the days
    /// missed, with the date moved on from today) and ends every hold that ran out, telling
    /// the adviser of each. Unchanged (same version) when nothing is due.
    pub(in crate::application) fn apply_evidence_deadlines(&self, now: DateTime<Utc>) -> Self {
        let today = uk_date(now);
        let mut next = self.clone();
        let mut notes = Vec::new();
        for request in &mut next.underwriting.referral.evidence {
            if request.deadline().is_none_or(|due| due > now) {
                continue;
            }
            match request.status {
                EvidenceStatus::Requested => {
                    let expected_by = today + Days::new(u64::from(request.chase_every_days));
                    request.chases.push(EvidenceChase {
                        chased_on: today,
                        at: now,
                        expected_by,
                    });
                    request.expected_by = expected_by;
                    notes.push(format!(
                        "{} chased on {}, now expected by {}.",
                        request.named(),
                        formats::date(today),
                        formats::date(expected_by)
                    ));
                }
                EvidenceStatus::Held => {
                    request.status = EvidenceStatus::Received;
                    notes.push(format!(
                        "{} released to the underwriter on {}, after the {MEDICAL_REPORT_HELD_DAYS} days the client asked for.",
                        request.named(),
                        formats::date(today)
                    ));
                }
                EvidenceStatus::Received | EvidenceStatus::Withdrawn => {}
            }
        }
        if notes.is_empty() {
            return next;
        }
        for note in notes {
            next.post_update(note, None, now);
        }
        next.touched(now)
    }

    /// Withdraws every outstanding request `which` picks, saying why, and tells the adviser.
    pub(in crate::application) fn close_outstanding_evidence(
        &mut self,
        which: impl Fn(&EvidenceRequest) -> bool,
        why: &str,
        at: DateTime<Utc>,
    ) {
        let mut notes = Vec::new();
        for request in &mut self.underwriting.referral.evidence {
            if request.is_outstanding() && which(request) {
                request.status = EvidenceStatus::Withdrawn;
                request.withdrawn_at = Some(at);
                request.withdrawn_because = Some(why.to_owned());
                notes.push(format!("{} no longer needed: {why}.", request.named()));
            }
        }
        for note in notes {
            self.post_update(note, None, at);
        }
    }
}
