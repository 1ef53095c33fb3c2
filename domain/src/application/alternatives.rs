//! Priced alternatives at the decision (issue 13, docs/decisions.md S9): what an alternative
//! is and taking one, which changes the cover and its terms and has the decision priced again.
//! Working out which are on offer, priced, is pricing's (`Basis::alternatives`): it prices
//! whole applications.

use super::Application;
use super::decision_stage::DecisionState;
use crate::cover::Cover;
use crate::errors::Rejection;
use crate::ids::ApplicantId;
use crate::ids::CoverId;
use crate::money::Money;
use crate::underwriting::outcome::CoverOutcome;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub const ALTERNATIVE_STALE: &str =
    "The decision has changed since these alternatives were worked out; please look at them again";
pub const ALTERNATIVE_NOT_OFFERED: &str = "That alternative is not offered on this decision";

/// What an alternative changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum AlternativeKind {
    LoadingInsteadOfExclusion,
    WithoutRatedBenefit,
    QuotedPriceLessCover,
}

impl AlternativeKind {
    pub(crate) fn code(self) -> &'static str {
        match self {
            AlternativeKind::LoadingInsteadOfExclusion => "loading-instead",
            AlternativeKind::WithoutRatedBenefit => "without-rated-benefit",
            AlternativeKind::QuotedPriceLessCover => "quoted-price",
        }
    }
}

/// One alternative on offer for a cover, priced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Alternative {
    /// `{coverId}.{kind}`, to take it with (unreserved in a URL path).
    pub id: String,
    pub applicant_id: ApplicantId,
    pub cover_id: CoverId,
    pub kind: AlternativeKind,
    /// What it is, in a sentence the adviser can read to the client.
    pub description: String,
    /// The cover as it would be.
    pub cover: Cover,
    /// Its terms, decided by the same rules.
    pub outcome: CoverOutcome,
    /// The cover's monthly premium on these terms, and what it is now.
    pub premium: Money,
    pub current_premium: Money,
    /// The clients' total a month if it is taken.
    pub total_premium: Money,
    /// The application version it was worked out on; taking it later is refused.
    pub based_on_version: u64,
}

// §2 Decision.
/// Take an alternative; the decision is priced again with it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TakeAlternative {
    pub alternative: Alternative,
}

impl Application {
    /// The application with `cover` (same id) decided as `outcome`: for pricing or taking it.
    pub(crate) fn with_variant(
        &self,
        applicant: &ApplicantId,
        cover: &Cover,
        outcome: &CoverOutcome,
    ) -> Application {
        let mut next = self.clone();
        if let Some(a) = next.applicants.iter_mut().find(|a| &a.id == applicant) {
            for c in &mut a.covers {
                if c.id == cover.id {
                    *c = cover.clone();
                    c.decision = Some(outcome.decision);
                }
            }
        }
        if let Some(enquiry) = next
            .underwriting
            .applicants_enquiries
            .iter_mut()
            .find(|e| &e.applicant_id == applicant)
            && let Some(o) = enquiry.outcome.as_mut()
        {
            for c in &mut o.covers {
                if c.cover_id == outcome.cover_id {
                    *c = outcome.clone();
                }
            }
        }
        next
    }

    /// Takes an alternative worked out on this version: the cover and its terms change, and
    /// the decision is to be priced again (the workflow prices it in the same step).
    pub fn take_alternative(
        &self,
        command: &TakeAlternative,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.check_can_quote_decision()?;
        if self.set_up.active {
            return Err(Rejection::conflict(super::CANNOT_REQUOTE));
        }
        let alternative = &command.alternative;
        if alternative.based_on_version != self.version {
            return Err(Rejection::conflict(ALTERNATIVE_STALE));
        }
        let known = self
            .applicant(&alternative.applicant_id)
            .is_some_and(|a| a.covers.iter().any(|c| c.id == alternative.cover_id));
        if !known || alternative.cover.id != alternative.cover_id {
            return Err(Rejection::not_found(ALTERNATIVE_NOT_OFFERED));
        }
        let mut next = self.with_variant(
            &alternative.applicant_id,
            &alternative.cover,
            &alternative.outcome,
        );
        next.decision = DecisionState::default();
        Ok(next.touched(now))
    }
}
