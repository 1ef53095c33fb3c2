//! The Direct Debit as the payer must be told of it (AJ12): whose policies it pays for, what
//! it collects each month, the first collection's date and amount with the advance notice the
//! scheme requires, and the Guarantee. Derived on reading from the application and the
//! scheme's settings, so it is always what put in force would do today, and once in force it is
//! fixed by the day it was put in force.

use super::Application;
use crate::dates::uk_date;
use crate::decision::Decision;
use crate::direct_debit::{DirectDebitScheme, FirstCollection, Guarantee};
use crate::money::Money;
use crate::product_codes::StartDateOption;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Why the first collection cannot be told yet.
pub(crate) const NEEDS_BANK_DETAILS: &str =
    "The first collection is known once the bank details are saved";
pub(crate) const NEEDS_START_DATE: &str =
    "The first collection is known once the start date is chosen";
pub(crate) const NEEDS_PRICE: &str = "The first collection is known once the decision is priced";
pub(crate) const BEYOND_CALENDAR: &str = "The first collection falls beyond the bank holidays the product lists, so its date cannot be given yet: the insurer confirms it in writing";

/// The Direct Debit as `GET /application/{id}/directDebit` shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DirectDebitView {
    /// The name the collections are made in.
    pub organisation: String,
    /// Working days' notice before the first collection and any change.
    pub advance_notice_working_days: u32,
    /// The holders of the policies this one Direct Debit pays for.
    pub pays_for: Vec<String>,
    /// What it collects each month once the policies are priced on the decision.
    #[schema(required = true)]
    pub monthly_amount: Option<Money>,
    /// The first collection, once the bank details, the start and the price are known.
    #[schema(required = true)]
    pub first_collection: Option<FirstCollection>,
    /// Why the first collection is not given yet.
    #[schema(required = true)]
    pub first_collection_unknown: Option<String>,
    pub guarantee: Guarantee,
}

impl Application {
    /// The clients a policy is issued for: those with a cover underwriting accepted.
    pub(crate) fn policyholders(&self) -> impl Iterator<Item = (usize, &crate::Applicant)> {
        self.applicants.iter().enumerate().filter(|(_, a)| {
            a.covers
                .iter()
                .any(|c| c.decision.is_some_and(Decision::is_acceptable))
        })
    }

    /// The day the policies start if put in force on `today` (or the day they were).
    fn start_if_put_in_force(&self, today: NaiveDate) -> Option<NaiveDate> {
        if let Some(policy) = self.set_up.policies.first() {
            return Some(policy.starts_on);
        }
        match self.apply_stage.policy_start_date_option? {
            StartDateOption::Now => Some(today),
            StartDateOption::Future => self.apply_stage.policy_start_date,
            StartDateOption::DontKnow => None,
        }
    }

    /// The Direct Debit as the payer is told of it on `today`.
    pub fn direct_debit(&self, scheme: &DirectDebitScheme, today: NaiveDate) -> DirectDebitView {
        let issued = !self.set_up.policies.is_empty();
        let pays_for = if issued {
            self.set_up
                .policies
                .iter()
                .map(|p| p.holder_name.clone())
                .collect()
        } else {
            self.policyholders().map(|(_, a)| a.full_name()).collect()
        };
        let monthly_amount = if issued {
            Some(
                self.set_up
                    .policies
                    .iter()
                    .map(|p| p.monthly_premium)
                    .sum::<Money>(),
            )
        } else {
            self.decision.decision_quote.as_ref().map(|quote| {
                self.policyholders()
                    .filter_map(|(_, a)| {
                        let id = a.id.to_string();
                        quote.quote_applicants.iter().find(|qa| qa.id == id)
                    })
                    .map(|qa| qa.premium)
                    .sum::<Money>()
            })
        };
        let notice_on = self.set_up.activated_at.map_or(today, uk_date);
        let first = match (
            self.set_up.bank_details.as_ref(),
            self.start_if_put_in_force(today),
            monthly_amount,
        ) {
            (None, _, _) => Err(NEEDS_BANK_DETAILS),
            (_, None, _) => Err(NEEDS_START_DATE),
            (_, _, None) => Err(NEEDS_PRICE),
            (Some(bank), Some(starts_on), Some(monthly)) => scheme
                .first_collection(notice_on, starts_on, bank.collection_day, monthly)
                .ok_or(BEYOND_CALENDAR),
        };
        DirectDebitView {
            organisation: scheme.organisation.clone(),
            advance_notice_working_days: scheme.advance_notice_working_days,
            pays_for,
            monthly_amount,
            first_collection_unknown: first.as_ref().err().map(|why| (*why).to_owned()),
            first_collection: first.ok(),
            guarantee: scheme.guarantee.clone(),
        }
    }
}

#[cfg(test)]
mod tests;
