//! A referred case with the insurer's underwriter (§4: manual underwriting and additional
//! evidence count as referral; issue 30). When every client's enquiry is closed and a cover was
//! referred, the case waits at Underwriting until an underwriter decides every referred cover;
//! then it moves to the decision.
//!
//! - `claim`: an underwriter claims the case, another may take it over, the holder releases it;
//! - `evidence`: medical evidence asked for per client, with its expected date, chased when the
//!   date passes and held 21 days when the client asked to see a report (the application's
//!   durable timer keeps both dates);
//! - `decision`: the underwriter's terms on each referred cover;
//! - `notes`: underwriting updates the adviser reads (§2 Decision "Underwriting updates"), from
//!   the underwriter, and from each request, chase, receipt and decision;
//! - `workbench`: what the underwriters' list shows of the case.

mod claim;
mod decision;
mod evidence;
mod notes;
mod workbench;

pub use claim::{ClaimCase, ClaimEvent, ClaimEventKind, ReleaseCase};
pub use decision::DecideReferredCover;
pub use evidence::{
    EvidenceChase, EvidenceDocument, EvidenceRequest, EvidenceStatus, MEDICAL_REPORT_HELD_DAYS,
    ReceiveEvidence, ReceivedEvidence, RequestEvidence,
};
pub use notes::PostUnderwritingUpdate;
pub use workbench::{OutstandingEvidence, ReferredCover, ReferringRule, WorkbenchEntry};

use super::{APPLICANT_NOT_FOUND, Application};
use crate::errors::Rejection;
use crate::ids::ApplicantId;
use crate::stage::ApplicationStage;
use crate::underwriting::manual::Underwriter;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub(crate) const NOT_WITH_UNDERWRITING: &str =
    "This case is not with underwriting: it has no referred cover waiting for a decision";
pub(crate) const CLAIM_FIRST: &str = "Claim this case before working on it";

/// Who holds the case now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Claim {
    pub underwriter: Underwriter,
    pub claimed_at: DateTime<Utc>,
}

/// What the underwriter's side of the case holds.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferralState {
    /// When the case last went to an underwriter; kept once decided, so the case can still be
    /// read on the workbench.
    #[serde(default)]
    #[schema(required = true)]
    pub referred_at: Option<DateTime<Utc>>,
    /// When every referred cover of that referral was decided.
    #[serde(default)]
    #[schema(required = true)]
    pub decided_at: Option<DateTime<Utc>>,
    /// The underwriter working on the case, if one has claimed it.
    #[serde(default)]
    #[schema(required = true)]
    pub claim: Option<Claim>,
    /// Every claim, take-over and release, oldest first.
    #[serde(default)]
    #[schema(required = true)]
    pub claims: Vec<ClaimEvent>,
    /// Every evidence request, oldest first, whatever became of it.
    #[serde(default)]
    #[schema(required = true)]
    pub evidence: Vec<EvidenceRequest>,
}

impl Application {
    /// Whether the case was ever referred to an underwriter: such a case can be read on the
    /// workbench.
    pub fn was_referred(&self) -> bool {
        self.referred_at().is_some()
    }

    /// When the case went to an underwriter. A case referred before referrals were dated takes
    /// the moment its last enquiry closed, which is when it was referred.
    pub fn referred_at(&self) -> Option<DateTime<Utc>> {
        self.underwriting.referral.referred_at.or_else(|| {
            (self.status == ApplicationStage::Underwriting)
                .then(|| {
                    self.underwriting
                        .applicants_enquiries
                        .iter()
                        .filter_map(|e| e.closed_at)
                        .max()
                })
                .flatten()
        })
    }

    /// Refused unless the case waits at Underwriting.
    fn ensure_with_underwriting(&self) -> Result<(), Rejection> {
        if self.status == ApplicationStage::Underwriting && !self.set_up.active {
            Ok(())
        } else {
            Err(Rejection::conflict(NOT_WITH_UNDERWRITING))
        }
    }

    /// Refused unless the case waits at Underwriting and `underwriter` holds it.
    fn ensure_held_by(&self, underwriter: &Underwriter) -> Result<(), Rejection> {
        self.ensure_with_underwriting()?;
        match &self.underwriting.referral.claim {
            Some(claim) if claim.underwriter.id == underwriter.id => Ok(()),
            Some(claim) => Err(Rejection::conflict(&format!(
                "{} is working on this case: take it over before working on it",
                claim.underwriter.name
            ))),
            None => Err(Rejection::conflict(CLAIM_FIRST)),
        }
    }

    fn applicant_named(&self, id: &ApplicantId) -> Result<&crate::applicant::Applicant, Rejection> {
        self.applicant(id)
            .ok_or_else(|| Rejection::not_found(APPLICANT_NOT_FOUND))
    }

    /// "Alan Turing", or "Client 2" for a client without a name yet.
    pub(crate) fn client_label(&self, id: &ApplicantId) -> String {
        let index = self.applicants.iter().position(|a| &a.id == id);
        match self
            .applicant(id)
            .map(crate::applicant::Applicant::full_name)
        {
            Some(name) if !name.is_empty() => name,
            _ => format!("Client {}", index.map_or(1, |i| i + 1)),
        }
    }

    /// The case has just moved to Underwriting (every enquiry closed, a cover referred): a new
    /// referral starts, unclaimed.
    pub(super) fn start_referral(&mut self, at: DateTime<Utc>) {
        let referral = &mut self.underwriting.referral;
        referral.referred_at = Some(at);
        referral.decided_at = None;
        referral.claim = None;
    }

    /// The case leaves Underwriting (decided, or requoted): nobody holds it any more, and
    /// evidence still outstanding is no longer needed.
    pub(super) fn end_referral(&mut self, why: &str, at: DateTime<Utc>) {
        if let Some(claim) = self.underwriting.referral.claim.take() {
            self.underwriting.referral.claims.push(ClaimEvent {
                at,
                underwriter: claim.underwriter,
                kind: ClaimEventKind::Ended,
            });
        }
        self.close_outstanding_evidence(|_| true, why, at);
    }
}

#[cfg(test)]
mod tests;
