//! Adding, editing and removing covers (§7 `MutateCovers`), the payout-planner switch, and
//! recording a price (§4 "Quote validity"). Limits that come from the product catalogue are
//! checked by the activity that reads it and attached to the cover as errors (§8), so a cover
//! the adviser typed is always kept, with its problems shown beside it.

use super::{APPLICANT_NOT_FOUND, Application};
use crate::cover::{Cover, CoverError, Rider, remove_cover, sort_covers};
use crate::errors::{Errors, Rejection};
use crate::ids::ApplicantId;
use crate::ids::CoverId;
use crate::money::Money;
use crate::product_codes::{CoverType, DeferredPeriod, PaymentPeriod, ProductType, RiderType};
use crate::quote::{Quote, default_valid_until};
use crate::stage::ApplicationStage;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub(crate) const COVER_NOT_FOUND: &str = "Cover not found";
pub(crate) const CHILDREN_COVER_NEEDS_ADULT_COVER: &str =
    "Add cover for the client before adding Children's Critical Illness cover";
pub(crate) const ONE_CHILDREN_COVER: &str =
    "A client can have one Children's Critical Illness cover";
pub(crate) const UPSELL_STAGE: &str =
    "Cover can be increased only at the quote or decision stage, before the policy is in force";
pub(crate) const UPSELL_AMOUNT_ONLY: &str =
    "Only the amount can be increased here; edit the quote to change anything else";
pub(crate) const UPSELL_UP_ONLY: &str = "An upsell must increase the amount of cover";
pub(crate) const UPSELL_NOT_OFFERED: &str =
    "Underwriting could not offer terms on this cover, so it cannot be increased";
pub(crate) const ONE_RIDER_OF_EACH_TYPE: &str = "A cover can have one rider of each type";
/// Ids are chosen by callers; keep them short enough to show and to store.
const MAX_ID_CHARS: usize = 64;

/// A rider as the quote builder sends it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RiderInput {
    pub rider_type: RiderType,
    pub cover_amount: Option<Money>,
}

/// The fields of a cover the adviser chooses, as `MutateCovers` and `upsellcover` send them.
/// Everything else (errors, premium, decision) belongs to the insurer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CoverInput {
    /// The cover's id: names the cover to edit, upsell or remove; ignored when adding (the
    /// insurer gives a new cover its id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<CoverId>,
    pub product_type: ProductType,
    #[serde(default)]
    pub cover_type: Option<CoverType>,
    #[serde(default)]
    pub cover_amount: Option<Money>,
    #[serde(default)]
    pub monthly_benefit: Option<Money>,
    #[serde(default)]
    pub term: Option<u32>,
    #[serde(default)]
    pub to_age: Option<u32>,
    #[serde(default)]
    pub deferred_period: Option<DeferredPeriod>,
    #[serde(default)]
    pub payment_period: Option<PaymentPeriod>,
    #[serde(default)]
    pub riders: Vec<RiderInput>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddCover {
    pub applicant_id: ApplicantId,
    /// Chosen by the caller, so a retried command cannot add the cover twice.
    pub cover_id: CoverId,
    pub cover: CoverInput,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EditCover {
    pub applicant_id: ApplicantId,
    pub cover_id: CoverId,
    pub cover: CoverInput,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RemoveCover {
    pub applicant_id: ApplicantId,
    pub cover_id: CoverId,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetPayoutPlannerUsed {
    pub applicant_id: ApplicantId,
    pub cover_id: CoverId,
    pub is_payout_planner_used: bool,
}

/// Catalogue errors for each cover, by cover id, as the checking activity found them.
pub type CoverChecks = Vec<(CoverId, Vec<CoverError>)>;

impl Application {
    fn applicant_index(&self, id: &ApplicantId) -> Result<usize, Rejection> {
        self.applicants
            .iter()
            .position(|a| &a.id == id)
            .ok_or_else(|| Rejection::not_found(APPLICANT_NOT_FOUND))
    }

    fn cover_index(&self, applicant: usize, cover_id: &CoverId) -> Result<usize, Rejection> {
        self.applicants[applicant]
            .covers
            .iter()
            .position(|c| &c.id == cover_id)
            .ok_or_else(|| Rejection::not_found(COVER_NOT_FOUND))
    }

    // §4 "Quote validity": invalid once something changes.
    /// A price on screen is only good for the covers and clients it was made for; the adviser
    /// prices again.
    pub(crate) fn invalidate_quote(&mut self) {
        self.quote_stage.quote = None;
        for cover in self.applicants.iter_mut().flat_map(|a| &mut a.covers) {
            cover.premium = None;
        }
    }

    pub fn add_cover(&self, command: &AddCover, now: DateTime<Utc>) -> Result<Self, Rejection> {
        self.ensure_quote_editable()?;
        let applicant = self.applicant_index(&command.applicant_id)?;
        check_id(command.cover_id.as_str())?;
        if self
            .applicants
            .iter()
            .flat_map(|a| &a.covers)
            .any(|c| c.id == command.cover_id)
        {
            return Err(Rejection::conflict(
                "That cover is already on the application.",
            ));
        }
        let covers = &self.applicants[applicant].covers;
        if command.cover.product_type == ProductType::ChildrensCriticalIllness {
            if covers.is_empty() {
                return Err(Rejection::field(
                    "productType",
                    CHILDREN_COVER_NEEDS_ADULT_COVER,
                ));
            }
            if covers
                .iter()
                .any(|c| c.product_type == ProductType::ChildrensCriticalIllness)
            {
                return Err(Rejection::field("productType", ONE_CHILDREN_COVER));
            }
        }
        let cover = build_cover(&command.cover_id, &command.cover, None)?;
        let mut next = self.clone();
        next.applicants[applicant].covers.push(cover);
        sort_covers(&mut next.applicants[applicant].covers);
        next.invalidate_quote();
        Ok(next.touched(now))
    }

    /// Replaces the adviser's fields of a cover; its payout plan stays. The product cannot
    /// change (remove the cover and add another).
    pub fn edit_cover(&self, command: &EditCover, now: DateTime<Utc>) -> Result<Self, Rejection> {
        self.ensure_quote_editable()?;
        let applicant = self.applicant_index(&command.applicant_id)?;
        let index = self.cover_index(applicant, &command.cover_id)?;
        let current = &self.applicants[applicant].covers[index];
        if current.product_type != command.cover.product_type {
            return Err(Rejection::field(
                "productType",
                "The product of a cover cannot change; remove it and add the new cover",
            ));
        }
        let cover = build_cover(&command.cover_id, &command.cover, Some(current))?;
        if &cover == current {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.applicants[applicant].covers[index] = cover;
        sort_covers(&mut next.applicants[applicant].covers);
        next.invalidate_quote();
        Ok(next.touched(now))
    }

    // §7 `upsellcover`; docs/decisions.md HB2.
    /// Whether the adviser is offered an upsell on a locked quote: at the decision, until the
    /// policy is in force. (At the quote stage the quote is open, and Edit raises an amount.)
    pub fn can_upsell_cover(&self) -> bool {
        self.status == ApplicationStage::Decision && !self.set_up.active
    }

    // §7 `upsellcover`; docs/decisions.md HB2.
    /// Raises a cover's amount (or monthly benefit) without reopening the quote: at the quote
    /// stage, or at the decision when the adviser and client choose more cover than was
    /// underwritten. Only the amount may change, and only upward, and never on a cover
    /// underwriting declined or postponed. The terms underwriting gave stay (they are about the
    /// client, read from the enquiry's outcome), but every price made on the old amount is
    /// withdrawn: the quote, and at the decision the decision quote and Proceed, so the decision
    /// is priced again on the new amount. The catalogue's limits, restricted cover included
    /// (HB3), are checked on the saved cover like any cover change.
    pub fn upsell_cover(&self, command: &EditCover, now: DateTime<Utc>) -> Result<Self, Rejection> {
        let open_for_upsell = matches!(
            self.status,
            ApplicationStage::CreateQuote | ApplicationStage::Quote
        ) || self.can_upsell_cover();
        if !open_for_upsell {
            return Err(Rejection::conflict(UPSELL_STAGE));
        }
        let applicant = self.applicant_index(&command.applicant_id)?;
        let index = self.cover_index(applicant, &command.cover_id)?;
        let current = &self.applicants[applicant].covers[index];
        if current.is_unable_to_offer_terms() {
            return Err(Rejection::conflict(UPSELL_NOT_OFFERED));
        }
        let input = &command.cover;
        let same_shape = input.product_type == current.product_type
            && input.cover_type == current.cover_type
            && input.term == current.term
            && input.to_age == current.to_age
            && input.deferred_period == current.deferred_period
            && input.payment_period == current.payment_period;
        if !same_shape {
            return Err(Rejection::field("cover", UPSELL_AMOUNT_ONLY));
        }
        let (field, old, new) = if current.product_type.pays_monthly_benefit() {
            (
                "monthlyBenefit",
                current.monthly_benefit,
                input.monthly_benefit,
            )
        } else {
            ("coverAmount", current.cover_amount, input.cover_amount)
        };
        match (old, new) {
            (Some(old), Some(new)) if new > old => {}
            (Some(old), Some(new)) if new == old => return Ok(self.clone()),
            _ => return Err(Rejection::field(field, UPSELL_UP_ONLY)),
        }
        let mut next = self.clone();
        let cover = &mut next.applicants[applicant].covers[index];
        cover.cover_amount = input.cover_amount;
        cover.monthly_benefit = input.monthly_benefit;
        sort_covers(&mut next.applicants[applicant].covers);
        next.invalidate_quote();
        next.decision = super::DecisionState::default();
        Ok(next.touched(now))
    }

    // §4 "Covers".
    /// Removing children's cover clears the children's riders; removing the last adult cover takes
    /// the children's cover with it.
    pub fn remove_cover(
        &self,
        command: &RemoveCover,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_quote_editable()?;
        let applicant = self.applicant_index(&command.applicant_id)?;
        self.cover_index(applicant, &command.cover_id)?;
        let mut next = self.clone();
        remove_cover(&mut next.applicants[applicant].covers, &command.cover_id);
        next.invalidate_quote();
        Ok(next.touched(now))
    }

    // §7 `isPayoutPlannerUsed`.
    /// Turning the planner off keeps the allocations, so turning it back on does not lose what the
    /// adviser entered.
    pub fn set_payout_planner_used(
        &self,
        command: &SetPayoutPlannerUsed,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_quote_editable()?;
        let applicant = self.applicant_index(&command.applicant_id)?;
        let index = self.cover_index(applicant, &command.cover_id)?;
        if self.applicants[applicant].covers[index].is_payout_planner_used
            == command.is_payout_planner_used
        {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.applicants[applicant].covers[index].is_payout_planner_used =
            command.is_payout_planner_used;
        Ok(next.touched(now))
    }

    /// Puts the catalogue's findings on the covers. Changes nothing else, and keeps the
    /// version when the findings are the ones already shown.
    pub fn with_cover_checks(&self, checks: &CoverChecks) -> Self {
        let mut next = self.clone();
        for cover in next.applicants.iter_mut().flat_map(|a| &mut a.covers) {
            let found = checks
                .iter()
                .find(|(id, _)| &cover.id == id)
                .map(|(_, errors)| errors.clone())
                .unwrap_or_default();
            cover.errors = crate::cover::dedupe_errors(found);
        }
        next
    }

    /// A cover change as it is saved: the catalogue's findings on each cover and, when the quote
    /// could be priced ([`Application::prices_with_cover_change`]), its price, recorded as the
    /// same change (one version for the adviser's one click).
    pub fn with_cover_change_checked(
        &self,
        checks: &CoverChecks,
        quote: Option<Quote>,
        now: DateTime<Utc>,
    ) -> Self {
        let checked = self.with_cover_checks(checks);
        let Some(quote) = quote else {
            return checked;
        };
        let mut priced = checked.record_quote(quote, now);
        priced.version = checked.version;
        priced
    }

    // §4 "Quote validity": valid after a successful price.
    /// Records a successful price. The first price fixes the quote age date and the valid-until
    /// date, and moves a new application to the Quote stage.
    pub fn record_quote(&self, quote: Quote, now: DateTime<Utc>) -> Self {
        let mut next = self.clone();
        for quoted in &quote.quote_applicants {
            let Some(applicant) = next
                .applicants
                .iter_mut()
                .find(|a| a.id.to_string() == quoted.id)
            else {
                continue;
            };
            for cover in &mut applicant.covers {
                cover.premium = quoted
                    .quote_covers
                    .iter()
                    .find(|q| cover.id == q.cover_id)
                    .map(|q| q.premium);
            }
        }
        if next.quote_stage.quote_age_date.is_none() {
            next.quote_stage.quote_age_date = Some(quote.quote_age_date);
        }
        if next.quote_stage.valid_until.is_none() {
            next.quote_stage.valid_until = Some(default_valid_until(quote.quote_created_date));
        }
        if next.status == ApplicationStage::CreateQuote {
            next.status = ApplicationStage::Quote;
        }
        next.quote_stage.quote = Some(quote);
        next.quote_stage.quote_expired_on = None;
        next.touched(now)
    }

    /// When the quote stops being valid: the start of the UK day after its valid-until date.
    pub(crate) fn quote_expires_at(&self) -> Option<DateTime<Utc>> {
        // A policy in force was bought on its price: the quote no longer runs out.
        if self.set_up.active {
            return None;
        }
        let until = self.quote_stage.valid_until?;
        Some(crate::dates::start_of_uk_day(until.succ_opt()?))
    }

    // §5 dates.
    /// The quote's valid-until date has passed: the price is withdrawn and the next price is a new
    /// quote, with ages taken on its own date and a new valid-until date. Nothing the adviser
    /// entered is lost.
    pub(crate) fn expire_quote(&self, now: DateTime<Utc>) -> Self {
        let mut next = self.clone();
        next.invalidate_quote();
        next.quote_stage.quote_expired_on = self.quote_stage.valid_until;
        next.quote_stage.quote_age_date = None;
        next.quote_stage.valid_until = None;
        next.touched(now)
    }

    // §5 dates.
    /// Whether the quote has passed its valid-until date on `today`: it must then be priced again
    /// before the adviser applies.
    pub(crate) fn is_quote_expired(&self, today: NaiveDate) -> bool {
        self.quote_stage.quote_expired_on.is_some()
            || self
                .quote_stage
                .valid_until
                .is_some_and(|until| crate::quote::is_expired(until, today))
    }
}

fn check_id(id: &str) -> Result<(), Rejection> {
    let ok = !id.is_empty()
        && id.chars().count() <= MAX_ID_CHARS
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(Rejection::field(
            "id",
            "An id is 1 to 64 letters, digits, hyphens or underscores",
        ))
    }
}

/// A cover from the adviser's fields, keeping what the insurer holds (payout plan, reference,
/// decision) from the cover it replaces. Riders get the id `{cover id}-{rider type}`, so each
/// type appears once and an engine error can name it.
pub(crate) fn build_cover(
    id: &CoverId,
    input: &CoverInput,
    current: Option<&Cover>,
) -> Result<Cover, Rejection> {
    let mut errors = Errors::default();
    let mut riders: Vec<Rider> = Vec::new();
    for rider in &input.riders {
        if riders.iter().any(|r| r.rider_type == rider.rider_type) {
            errors.push("riders", ONE_RIDER_OF_EACH_TYPE);
            continue;
        }
        let code = match rider.rider_type {
            RiderType::Ccic => "ccic",
            RiderType::Tpd => "tpd",
        };
        let previous =
            current.and_then(|c| c.riders.iter().find(|r| r.rider_type == rider.rider_type));
        riders.push(Rider {
            id: CoverId::new(format!("{id}-{code}")),
            rider_type: rider.rider_type,
            cover_amount: rider.cover_amount,
            errors: previous.map(|r| r.errors.clone()).unwrap_or_default(),
        });
    }
    let label = input.product_type.label();
    if input.product_type.pays_monthly_benefit() && input.cover_amount.is_some() {
        errors.push(
            "coverAmount",
            &format!("{label} pays a monthly benefit: give monthlyBenefit"),
        );
    }
    if !input.product_type.pays_monthly_benefit() && input.monthly_benefit.is_some() {
        errors.push(
            "monthlyBenefit",
            &format!("{label} pays a lump sum: give coverAmount"),
        );
    }
    if input.term == Some(0) {
        errors.push("term", "Term must be at least 1 year");
    }
    errors.into_result(())?;
    let mut cover = match current {
        Some(current) => current.clone(),
        None => Cover::new(id.clone(), input.product_type),
    };
    cover.id = id.clone();
    cover.cover_type = input.cover_type;
    cover.cover_amount = input.cover_amount;
    cover.monthly_benefit = input.monthly_benefit;
    cover.term = input.term;
    cover.to_age = input.to_age;
    cover.deferred_period = input.deferred_period;
    cover.payment_period = input.payment_period;
    cover.riders = riders;
    Ok(cover)
}

#[cfg(test)]
mod tests;
