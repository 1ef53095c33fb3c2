//! The premium arithmetic on a basis: a cover's level monthly risk premium for one life
//! (expected discounted claims over expected discounted premium-paying months, year by year),
//! then expenses and commission on top, for the cover and each of its riders.

use super::basis::Basis;
use crate::applicant::{Gender, Smoking};
use crate::cover::Cover;
use crate::money::{Money, Percentage};
use crate::product_codes::{CoverType, DeferredPeriod, PaymentPeriod, ProductType, RiderType};
use crate::quote::PremiumLine;

/// Who is being priced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Life {
    pub gender: Gender,
    /// `None` until the smoking question is answered: priced at the `unanswered` factor.
    pub smoking: Option<Smoking>,
    /// Age last birthday on the quote age date; rates are read at age next birthday.
    pub age: u32,
}

/// The adviser's commission choices, each a share from 0 to 1.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct CommissionTerms {
    pub sacrifice: f64,
    pub indemnity: f64,
}

impl CommissionTerms {
    pub(crate) fn of(sacrifice: Option<Percentage>, indemnity: Option<Percentage>) -> Self {
        let share = |p: Option<Percentage>| p.map_or(0.0, |p| p.value() / 100.0).clamp(0.0, 1.0);
        Self {
            sacrifice: share(sacrifice),
            indemnity: share(indemnity),
        }
    }
}

/// One cover's monthly premium with its riders and how it was built.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CoverPrice {
    /// The cover alone, without riders.
    pub premium: Money,
    pub riders: Vec<(RiderType, Money)>,
    pub breakdown: Vec<PremiumLine>,
    /// Years the premium is paid for.
    pub years: u32,
}

impl CoverPrice {
    pub(crate) fn total(&self) -> Money {
        self.premium + self.riders.iter().map(|(_, m)| *m).sum::<Money>()
    }
}

/// Pounds to the penny.
pub(super) fn pounds(amount: f64) -> Money {
    Money::parse_pounds((amount * 100.0).round() / 100.0).unwrap_or_default()
}

impl Basis {
    /// Benefit in year `t` of `n` as a multiple of the amount, by structure.
    fn benefit(&self, structure: CoverType, t: u32, n: u32) -> f64 {
        match structure {
            CoverType::Level => 1.0,
            CoverType::Increasing => (1.0 + self.file.escalation_rate).powi(t as i32),
            CoverType::Decreasing => f64::from(n - t) / f64::from(n),
            CoverType::FamilyIncome => f64::from(n - t),
        }
    }

    /// Level monthly risk premium per pound of amount: expected discounted claims over the
    /// expected discounted premium-paying months.
    pub(super) fn monthly_risk_rate(
        &self,
        life: &Life,
        product: ProductType,
        structure: CoverType,
        years: u32,
        income: Option<(DeferredPeriod, PaymentPeriod)>,
    ) -> f64 {
        let v = 1.0 / (1.0 + self.file.interest_rate);
        let mut in_force = 1.0;
        let mut claims = 0.0;
        let mut annuity = 0.0;
        for t in 0..years {
            let age = life.age + 1 + t;
            let (base_death, illness, incapacity) = self.rates_at(life, age);
            let death = (base_death * self.product_multiple(product)).min(1.0);
            let benefit = self.benefit(structure, t, years);
            let (claim_rate, exit_rate) = match product {
                ProductType::Life | ProductType::LifeEssentials => (death, death),
                ProductType::CriticalIllness => (illness, death + illness),
                ProductType::AcceleratedCriticalIllness => (death + illness, death + illness),
                ProductType::IncomeProtection => (
                    self.file
                        .income_protection
                        .claim_rate(incapacity, income, years - t),
                    death,
                ),
                ProductType::ChildrensCriticalIllness => (0.0, death),
            };
            annuity += in_force * v.powi(t as i32);
            claims += in_force * v.powi(t as i32 + 1) * claim_rate * benefit;
            in_force *= (1.0 - exit_rate.min(1.0)).max(0.0);
        }
        // The first year's premium is always due (`annuity` ≥ 1), except for a cover of no years.
        if years == 0 {
            0.0
        } else {
            claims / annuity / 12.0
        }
    }

    /// Office premium from a monthly risk premium: expenses, then commission (less any
    /// sacrifice), then the cost of paying commission up front.
    fn office(&self, risk: f64, commission: CommissionTerms) -> (f64, f64, f64) {
        let c = &self.file.commission;
        let with_expenses = risk * (1.0 + self.file.expenses.premium_loading);
        let with_commission = with_expenses / (1.0 - c.loading * (1.0 - commission.sacrifice))
            * (1.0 + c.indemnity_loading * commission.indemnity);
        (risk, with_expenses - risk, with_commission - with_expenses)
    }

    /// Prices one complete cover for `life`, lasting `years` (children's cover runs with the
    /// policy; `years` is then the longest of the client's other covers).
    pub(crate) fn price_cover(
        &self,
        cover: &Cover,
        life: &Life,
        years: u32,
        commission: CommissionTerms,
    ) -> CoverPrice {
        let structure = cover.cover_type.unwrap_or(CoverType::Level);
        let amount = cover.amount().map_or(0.0, Money::pounds);
        let risk = match cover.product_type {
            ProductType::ChildrensCriticalIllness => {
                amount / 1000.0 * self.file.childrens_cover.monthly_rate_per_thousand
            }
            product => {
                let income = cover.deferred_period.zip(cover.payment_period);
                amount * self.monthly_risk_rate(life, product, structure, years, income)
            }
        };
        let (risk, expenses, commission_cost) = self.office(risk, commission);
        let premium = pounds(risk + expenses + commission_cost);
        let breakdown = vec![
            PremiumLine {
                label: "Risk premium".to_owned(),
                amount: pounds(risk),
            },
            PremiumLine {
                label: "Expenses and profit".to_owned(),
                amount: pounds(expenses),
            },
            PremiumLine {
                label: "Adviser commission".to_owned(),
                amount: pounds(commission_cost),
            },
        ];
        let riders = cover
            .riders
            .iter()
            .map(|rider| {
                let rider_amount = rider.cover_amount.map_or(0.0, Money::pounds);
                let risk = match rider.rider_type {
                    RiderType::Tpd => {
                        rider_amount
                            * self.file.riders.tpd.multiple_of_life_risk
                            * self.monthly_risk_rate(
                                life,
                                ProductType::Life,
                                structure,
                                years,
                                None,
                            )
                    }
                    RiderType::Ccic => {
                        rider_amount / 1000.0 * self.file.riders.ccic.monthly_rate_per_thousand
                    }
                };
                let (r, e, c) = self.office(risk, commission);
                (rider.rider_type, pounds(r + e + c))
            })
            .collect();
        CoverPrice {
            premium,
            riders,
            breakdown,
            years,
        }
    }
}

#[cfg(test)]
mod tests;
