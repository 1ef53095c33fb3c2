//! What the underwriters' workbench lists of a case waiting at Underwriting: the covers
//! referred with the rules that referred them, and the evidence outstanding with its expected
//! date. Written with the read model, so the list is read without opening each case.

use super::super::Application;
use super::EvidenceStatus;
use crate::decision::Decision;
use crate::ids::ApplicantId;
use crate::ids::CoverId;
use crate::product_codes::ProductType;
use crate::stage::ApplicationStage;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A rule that referred a cover: its id and its reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferringRule {
    pub rule: String,
    pub reason: String,
}

/// A cover waiting for the underwriter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferredCover {
    pub applicant_id: ApplicantId,
    pub client: String,
    pub cover_id: CoverId,
    pub product_type: ProductType,
    pub decision: Decision,
    pub rules: Vec<ReferringRule>,
}

/// Evidence still to come, or held.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutstandingEvidence {
    pub client: String,
    /// "GP report from The Surgery".
    pub evidence: String,
    pub status: EvidenceStatus,
    /// When it is expected by, or, when held, when it may be used.
    #[schema(value_type = String, format = Date)]
    pub due: NaiveDate,
    /// Chased at least once.
    pub overdue: bool,
}

/// A case as the workbench lists it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkbenchEntry {
    pub referred_at: Option<DateTime<Utc>>,
    pub referred: Vec<ReferredCover>,
    pub evidence: Vec<OutstandingEvidence>,
}

impl WorkbenchEntry {
    /// The earliest date evidence is expected by, or a held report released (the workbench's
    /// "waiting for evidence"); none when nothing is awaited.
    pub fn evidence_due(&self) -> Option<NaiveDate> {
        self.evidence.iter().map(|e| e.due).min()
    }
}

impl Application {
    /// The case as the workbench lists it, while it waits at Underwriting.
    pub fn workbench_entry(&self) -> Option<WorkbenchEntry> {
        if self.status != ApplicationStage::Underwriting {
            return None;
        }
        let referred = self
            .applicants
            .iter()
            .flat_map(|applicant| {
                let outcome = self
                    .enquiry_of(&applicant.id)
                    .and_then(|e| e.outcome.as_ref());
                applicant
                    .covers
                    .iter()
                    .filter(|c| c.decision.is_some_and(Decision::is_referral))
                    .map(move |cover| {
                        let id = cover.id.clone();
                        let decided =
                            outcome.and_then(|o| o.covers.iter().find(|c| c.cover_id == id));
                        ReferredCover {
                            applicant_id: applicant.id.clone(),
                            client: self.client_label(&applicant.id),
                            cover_id: id,
                            product_type: cover.product_type,
                            decision: cover.decision.unwrap_or(Decision::ManualUw),
                            rules: decided
                                .map(|d| {
                                    d.explanations
                                        .iter()
                                        .filter(|e| e.decision.is_referral())
                                        .map(|e| ReferringRule {
                                            rule: e.rule.clone(),
                                            reason: e.reason.clone(),
                                        })
                                        .collect()
                                })
                                .unwrap_or_default(),
                        }
                    })
            })
            .collect();
        let evidence = self
            .underwriting
            .referral
            .evidence
            .iter()
            .filter_map(|request| {
                let due = match request.status {
                    EvidenceStatus::Requested => request.expected_by,
                    EvidenceStatus::Held => request.received.as_ref()?.held_until?,
                    EvidenceStatus::Received | EvidenceStatus::Withdrawn => return None,
                };
                Some(OutstandingEvidence {
                    client: self.client_label(&request.applicant_id),
                    evidence: request.named(),
                    status: request.status,
                    due,
                    overdue: request.is_overdue(),
                })
            })
            .collect();
        Some(WorkbenchEntry {
            referred_at: self.referred_at(),
            referred,
            evidence,
        })
    }

    /// Evidence outstanding past the date first given (the workbench's "evidence overdue", the
    /// `EvidenceOverdue` search attribute).
    pub fn is_evidence_overdue(&self) -> bool {
        self.status == ApplicationStage::Underwriting
            && self
                .underwriting
                .referral
                .evidence
                .iter()
                .any(super::EvidenceRequest::is_overdue)
    }
}
