//! The underwriter's decision on a referred cover. It is checked before anything is written
//! (`underwriting::manual`), kept on the cover's outcome beside the rulebook's referral, and
//! told to the adviser as an update. When no cover of any client is still referred, the case
//! moves to the decision, where it is priced on these terms as on the rulebook's.

use super::super::{APPLICANT_NOT_FOUND, Application, COVER_NOT_FOUND};
use crate::errors::Rejection;
use crate::formats;
use crate::ids::ApplicantId;
use crate::ids::CoverId;
use crate::stage::ApplicationStage;
use crate::underwriting::interview::Limits;
use crate::underwriting::manual::{ManualDecisionInput, Underwriter};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

pub(crate) const NOT_REFERRED: &str =
    "This cover was not referred: the rulebook decided it at the point of sale";

/// `POST /underwriter/cases/{applicationId}/decision`: `limits` are the rulebook's as the API
/// reads them, used when the client's outcome was recorded without its own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DecideReferredCover {
    pub applicant_id: ApplicantId,
    pub cover_id: CoverId,
    pub decision: ManualDecisionInput,
    pub limits: Limits,
    pub underwriter: Underwriter,
}

impl Application {
    /// Decides a referred cover. The underwriter may decide it again, differently, until the
    /// last referred cover is decided; deciding it again the same way changes nothing. Refused
    /// while a report on the client is held for them to see first.
    pub fn decide_referred_cover(
        &self,
        command: &DecideReferredCover,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_held_by(&command.underwriter)?;
        let applicant = self
            .applicant(&command.applicant_id)
            .ok_or_else(|| Rejection::not_found(APPLICANT_NOT_FOUND))?;
        let cover = applicant
            .covers
            .iter()
            .find(|c| c.id == command.cover_id)
            .ok_or_else(|| Rejection::not_found(COVER_NOT_FOUND))?;
        let outcome = self
            .enquiry_of(&command.applicant_id)
            .and_then(|e| e.outcome.as_ref());
        let decided = outcome
            .and_then(|o| o.covers.iter().find(|c| c.cover_id == command.cover_id))
            .filter(|c| c.was_manually_underwritten())
            .ok_or_else(|| Rejection::conflict(NOT_REFERRED))?;
        if let Some(held) = self.held_reports(&command.applicant_id).first() {
            let until = held.received.as_ref().and_then(|r| r.held_until);
            return Err(Rejection::conflict(&format!(
                "The {} is held until {}, as the client asked to see it first: decide after that",
                held.named(),
                until.map(formats::date).unwrap_or_default()
            )));
        }
        let (referred_as, referred_summary) = match &decided.manual {
            Some(earlier) => (earlier.referred_as, earlier.referred_summary.clone()),
            None => (decided.decision, decided.summary.clone()),
        };
        let limits = outcome.and_then(|o| o.limits).unwrap_or(command.limits);
        let terms = command.decision.check(
            &limits,
            referred_as,
            &referred_summary,
            &command.underwriter,
            now,
        )?;
        if let Some(earlier) = &decided.manual {
            let mut same = terms.clone();
            same.decided_at = earlier.decided_at;
            if &same == earlier {
                return Ok(self.clone());
            }
        }
        let product = cover.product_type.label();
        let client = self.client_label(&command.applicant_id);
        let note = format!(
            "Decision for {client}: {} Reason: {}",
            terms.summary(product),
            terms.reason
        );
        let decided = decided.decided_by_underwriter(terms);
        let mut next = self.clone();
        next.set_cover_outcome(&command.applicant_id, decided);
        next.post_update(note, Some(&command.underwriter), now);
        let still_referred = next
            .covers()
            .any(|c| c.decision.is_some_and(|d| d.is_referral()));
        if !still_referred {
            next.status = ApplicationStage::Decision;
            next.decision = super::super::DecisionState::default();
            next.underwriting.referral.decided_at = Some(now);
            next.end_referral("the case has been decided", now);
        }
        Ok(next.touched(now))
    }

    /// Puts `outcome` on its cover: in the client's recorded outcome and on the cover itself.
    fn set_cover_outcome(
        &mut self,
        applicant: &ApplicantId,
        outcome: crate::underwriting::outcome::CoverOutcome,
    ) {
        if let Some(recorded) = self
            .underwriting
            .applicants_enquiries
            .iter_mut()
            .find(|e| &e.applicant_id == applicant)
            .and_then(|e| e.outcome.as_mut())
            && let Some(slot) = recorded
                .covers
                .iter_mut()
                .find(|c| c.cover_id == outcome.cover_id)
        {
            *slot = outcome.clone();
        }
        if let Some(cover) = self
            .applicants
            .iter_mut()
            .find(|a| &a.id == applicant)
            .and_then(|a| a.covers.iter_mut().find(|c| c.id == outcome.cover_id))
        {
            cover.decision = Some(outcome.decision);
        }
    }
}
