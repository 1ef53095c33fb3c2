//! The decision stage (§1 step 7, §2 Decision, §4 "Decision validity"): once every client's
//! underwriting is complete and no cover waits for an underwriter, the case is priced again on
//! the terms underwriting gave each cover (the decision quote), and the adviser proceeds to
//! set-up. A client with no cover left (every cover declined or postponed) stops Proceed until
//! they are removed from the application.

use super::Application;
use crate::decision::Decision;
use crate::decision::UnderwritingTerms;
use crate::errors::Rejection;
use crate::ids::ApplicantId;
use crate::ids::CoverId;
use crate::product_codes::ProductType;
use crate::quote::Quote;
use crate::stage::ApplicationStage;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub(crate) const NOT_AT_DECISION: &str = "The decision comes once every client's underwriting is complete and no cover waits for an underwriter";
pub const NO_DECISION_QUOTE: &str = "Please get the decision quote before proceeding";
pub(crate) const CLIENT_DECLINED: &str =
    "No cover can be offered to this client: remove them from the application before proceeding";
pub(crate) const STILL_REFERRED: &str = "A decision is still with the underwriter";

/// What the decision stage owns.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecisionState {
    /// The price on the terms underwriting gave: loaded covers cost more, postponed and
    /// declined covers are left out at no premium; `unloadedPremium` is the price before
    /// loadings.
    #[serde(default)]
    #[schema(required = true)]
    pub decision_quote: Option<Quote>,
    // §4 "Decision validity".
    /// True once the decision quote succeeded; false again when anything it was priced on changes.
    #[serde(default)]
    #[schema(required = true)]
    pub is_decision_valid: bool,
    /// When the adviser chose Proceed: set-up is open from then on.
    #[serde(default)]
    #[schema(required = true)]
    pub proceeded_at: Option<DateTime<Utc>>,
}

// §7 `POST /actions/TriggerDecisionQuote/{id}` and `POST /decision/{id}/quote`.
/// Price the decision and record it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct TriggerDecisionQuote;

// §7 `POST /actions/removeApplicantAtDecision/{id}`.
/// Take a client off the application at the decision, typically one to whom no cover can be
/// offered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RemoveApplicantAtDecision {
    pub applicant_id: ApplicantId,
}

pub(crate) const LAST_CLIENT: &str =
    "The application's only client can't be removed; the application can be left to lapse instead";

// §4 requote.
/// A cover as it was underwritten: which risks the outcome judged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnderwrittenCover {
    pub cover_id: CoverId,
    pub risks: Vec<crate::underwriting::outcome::Risk>,
}

impl UnderwrittenCover {
    fn of(cover: &crate::cover::Cover) -> Option<Self> {
        Some(Self {
            cover_id: cover.id.clone(),
            risks: crate::underwriting::outcome::Risk::of_cover(cover),
        })
    }
}

// §2 Decision; §4 "Requote removes the decision and re-underwrites if manually underwritten".
/// The decision page's Requote: back to the quote to change the covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Requote;

pub(crate) const CANNOT_REQUOTE: &str =
    "Requote is available once underwriting has given a decision, until the policy is in force";

/// The decision page's Proceed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ProceedToSetUp;

impl Application {
    /// The terms underwriting gave a client's cover, from their closed enquiry's outcome.
    pub(crate) fn underwriting_terms(
        &self,
        applicant: &ApplicantId,
        cover_id: &CoverId,
    ) -> UnderwritingTerms {
        self.enquiry_of(applicant)
            .and_then(|enquiry| enquiry.outcome.as_ref())
            .and_then(|outcome| outcome.covers.iter().find(|c| &c.cover_id == cover_id))
            .map_or_else(UnderwritingTerms::default, |cover| UnderwritingTerms {
                decision: Some(cover.decision),
                loading: cover.loading,
            })
    }

    /// The decision quote needs the case at Decision: every enquiry closed and no cover
    /// with an underwriter.
    pub fn check_can_quote_decision(&self) -> Result<(), Rejection> {
        if self.status != ApplicationStage::Decision || !self.is_underwriting_complete() {
            return Err(Rejection::conflict(NOT_AT_DECISION));
        }
        Ok(())
    }

    /// Records the decision quote; the decision is valid from now.
    pub fn record_decision_quote(&self, quote: Quote, now: DateTime<Utc>) -> Self {
        let mut next = self.clone();
        next.decision.decision_quote = Some(quote);
        next.decision.is_decision_valid = true;
        next.touched(now)
    }

    /// The clients with no cover left: every cover postponed or declined.
    pub(crate) fn clients_without_cover(&self) -> Vec<&ApplicantId> {
        self.applicants
            .iter()
            .filter(|a| {
                !a.covers.is_empty()
                    && a.covers
                        .iter()
                        .all(|c| c.decision.is_some_and(Decision::is_closed))
            })
            .map(|a| &a.id)
            .collect()
    }

    // §4 "Removing an applicant".
    /// Removes a client at the decision: the second client takes the first slot, and their enquiry
    /// goes with them. The decision must be priced again and proceeded from again.
    pub fn remove_applicant_at_decision(
        &self,
        command: &RemoveApplicantAtDecision,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.check_can_quote_decision()?;
        let index = self
            .applicants
            .iter()
            .position(|a| a.id == command.applicant_id)
            .ok_or_else(|| Rejection::not_found(super::APPLICANT_NOT_FOUND))?;
        if self.applicants.len() < 2 {
            return Err(Rejection::conflict(LAST_CLIENT));
        }
        let mut next = self.clone();
        next.applicants.remove(index);
        next.underwriting
            .applicants_enquiries
            .retain(|e| e.applicant_id != command.applicant_id);
        if let Some(first) = next.applicants.first_mut() {
            first.same_address_applicant_id = None;
        }
        next.decision = DecisionState::default();
        Ok(next.touched(now))
    }

    /// Requote: each cover's decision and the decision quote are removed and the case goes
    /// back to Quote, editable. A client whose covers were all decided at the point of sale
    /// keeps their closed enquiry, with the risks each cover was underwritten for, so applying
    /// again with the same kinds of cover reuses the outcome; a client with any cover referred
    /// to an underwriter is underwritten again (docs/decisions.md S8).
    pub(crate) fn requote_decision(&self, now: DateTime<Utc>) -> Result<Self, Rejection> {
        if self.set_up.active
            || !matches!(
                self.status,
                ApplicationStage::Underwriting | ApplicationStage::Decision
            )
        {
            return Err(Rejection::conflict(CANNOT_REQUOTE));
        }
        let (mut next, _) = self.requote(now);
        if self.status == ApplicationStage::Underwriting {
            next.end_referral("the adviser requoted", now);
        }
        let underwritten: Vec<(ApplicantId, Vec<UnderwrittenCover>)> = self
            .applicants
            .iter()
            .map(|a| {
                (
                    a.id.clone(),
                    a.covers.iter().filter_map(UnderwrittenCover::of).collect(),
                )
            })
            .collect();
        next.underwriting.applicants_enquiries.retain(|e| {
            e.outcome
                .as_ref()
                .is_some_and(|o| o.covers.iter().all(|c| !c.was_manually_underwritten()))
        });
        for enquiry in &mut next.underwriting.applicants_enquiries {
            enquiry.underwritten_covers = underwritten
                .iter()
                .find(|(id, _)| id == &enquiry.applicant_id)
                .map(|(_, covers)| covers.clone())
                .unwrap_or_default();
        }
        next.decision = DecisionState::default();
        Ok(next)
    }

    /// On applying again after a requote: a client's kept outcome decides their covers again
    /// when each cover is one it decided, underwritten for the same risks; otherwise the client
    /// is underwritten again. When every client is decided the case moves on at once.
    pub(crate) fn reuse_kept_outcomes(&mut self) {
        let still_decides = |app: &Self, applicant: &crate::applicant::Applicant| {
            app.enquiry_of(&applicant.id).is_some_and(|enquiry| {
                let outcome = enquiry.outcome.as_ref();
                applicant.covers.iter().all(|cover| {
                    UnderwrittenCover::of(cover).is_some_and(|now| {
                        enquiry.underwritten_covers.contains(&now)
                            && outcome.is_some_and(|o| {
                                o.covers.iter().any(|c| c.cover_id == now.cover_id)
                            })
                    })
                })
            })
        };
        // First drop every outcome that no longer decides its client's covers, so the case
        // cannot move on while a client still has to be underwritten again.
        let reusable: Vec<ApplicantId> = self
            .applicants
            .iter()
            .filter(|a| still_decides(self, a))
            .map(|a| a.id.clone())
            .collect();
        self.underwriting
            .applicants_enquiries
            .retain(|e| reusable.contains(&e.applicant_id));
        for applicant_id in reusable {
            let Some(enquiry) = self.enquiry_of(&applicant_id).cloned() else {
                continue;
            };
            let Some(outcome) = enquiry.outcome else {
                continue;
            };
            self.decide_covers(&crate::application::RecordEnquiryOutcome {
                applicant_id,
                outcome,
                closed_at: enquiry.closed_at.unwrap_or(enquiry.started_at),
            });
        }
    }

    // §7 `decision/{id}/product/optoutoflogging`.
    /// The application as it would be with every cover of `products` opted out, to price the
    /// decision without them. Each product must be on the application and at least one cover must
    /// stay.
    pub fn without_products(&self, products: &[ProductType]) -> Result<Self, Rejection> {
        let mut errors = crate::errors::Errors::default();
        if products.is_empty() {
            errors.push("productTypes", "Name at least one product to opt out");
        }
        for (i, product) in products.iter().enumerate() {
            if !self.covers().any(|c| c.product_type == *product) {
                errors.push(
                    &format!("productTypes[{i}]"),
                    &format!("There is no {} cover on this application", product.label()),
                );
            }
        }
        errors.into_result(())?;
        let mut next = self.clone();
        for applicant in &mut next.applicants {
            applicant
                .covers
                .retain(|c| !products.contains(&c.product_type));
        }
        if next.covers().next().is_none() {
            return Err(Rejection::field(
                "productTypes",
                "At least one cover must stay on the application",
            ));
        }
        Ok(next)
    }

    // §2 Decision.
    /// Proceed: refused without a valid decision quote, while a client has no cover left, or while
    /// a decision is still referred.
    pub fn proceed_to_set_up(&self, now: DateTime<Utc>) -> Result<Self, Rejection> {
        self.check_can_quote_decision()?;
        if self
            .covers()
            .any(|c| c.decision.is_some_and(Decision::is_referral))
        {
            return Err(Rejection::conflict(STILL_REFERRED));
        }
        if !self.decision.is_decision_valid || self.decision.decision_quote.is_none() {
            return Err(Rejection::conflict(NO_DECISION_QUOTE));
        }
        if let Some(declined) = self.clients_without_cover().first() {
            let at = self
                .applicants
                .iter()
                .position(|a| &a.id == *declined)
                .unwrap_or_default();
            return Err(Rejection::field(
                &format!("applicants[{at}]"),
                CLIENT_DECLINED,
            ));
        }
        if self.decision.proceeded_at.is_some() {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.decision.proceeded_at = Some(now);
        Ok(next.touched(now))
    }
}

#[cfg(test)]
mod tests;
