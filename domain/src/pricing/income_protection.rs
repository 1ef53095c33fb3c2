//! Income protection's part of the basis: how often incapacity starts (multiples of the death
//! rate by age), how long a claim lasts, and the factors for the deferred and payment periods
//! an adviser chooses.

use super::basis::positive;
use super::mortality::{AgePoint, check_points};
use crate::product_codes::{DeferredPeriod, PaymentPeriod};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct IncomeProtectionBasis {
    pub(super) incidence_multiples: Vec<AgePoint>,
    pub(super) expected_claim_years: f64,
    deferred_period_factors: BTreeMap<String, f64>,
    payment_period_years: BTreeMap<String, Option<f64>>,
}

impl IncomeProtectionBasis {
    /// Refuses a figure that cannot be priced with, naming it.
    pub(super) fn check(&self) -> Result<(), String> {
        check_points(
            "incomeProtection.incidenceMultiples",
            &self.incidence_multiples,
        )?;
        positive(
            "incomeProtection.expectedClaimYears",
            self.expected_claim_years,
        )?;
        let mut previous = f64::INFINITY;
        for period in DeferredPeriod::ALL {
            let factor = self
                .deferred_period_factors
                .get(&period.weeks().to_string())
                .copied()
                .ok_or_else(|| {
                    format!(
                        "incomeProtection.deferredPeriodFactors needs {}",
                        period.weeks()
                    )
                })?;
            positive("incomeProtection.deferredPeriodFactors", factor)?;
            if factor >= previous {
                return Err(
                    "incomeProtection.deferredPeriodFactors must fall as the deferred period lengthens"
                        .to_owned(),
                );
            }
            previous = factor;
        }
        for key in ["full", "twoYear"] {
            match self.payment_period_years.get(key) {
                Some(None) => {}
                Some(Some(years)) => positive("incomeProtection.paymentPeriodYears", *years)?,
                None => return Err(format!("incomeProtection.paymentPeriodYears needs {key}")),
            }
        }
        Ok(())
    }

    /// A year's expected claim per pound of monthly benefit when incapacity starts at the rate
    /// `incapacity`: after the deferred period, for as long as a claim lasts within the
    /// `years_left` of the cover and the payment period (4 weeks deferred, paid in full, when
    /// the cover does not say).
    pub(super) fn claim_rate(
        &self,
        incapacity: f64,
        income: Option<(DeferredPeriod, PaymentPeriod)>,
        years_left: u32,
    ) -> f64 {
        let (deferred, payment) = income.unwrap_or((DeferredPeriod::Weeks4, PaymentPeriod::Full));
        let deferred_factor = self
            .deferred_period_factors
            .get(&deferred.weeks().to_string())
            .copied()
            .unwrap_or(1.0);
        let payment_key = match payment {
            PaymentPeriod::Full => "full",
            PaymentPeriod::TwoYear => "twoYear",
        };
        let mut claim_years = self.expected_claim_years.min(f64::from(years_left));
        if let Some(Some(limit)) = self.payment_period_years.get(payment_key) {
            claim_years = claim_years.min(*limit);
        }
        // A claim pays twelve months of benefit a year for the years it lasts.
        incapacity * deferred_factor * 12.0 * claim_years
    }
}
