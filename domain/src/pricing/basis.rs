//! `basis.json` read and checked ([`Basis::parse`]): the interest rate, the mortality multiples
//! by product, the smoker factors, the critical illness multiples, escalation, income
//! protection ([`super::income_protection`]), the flat rates of children's cover and the
//! critical illness rider, the disability rider's multiple, expenses and commission; and, for
//! one life, the rates by age the premium arithmetic reads.

use super::income_protection::IncomeProtectionBasis;
use super::mortality::{AgePoint, ClaimRates, MortalityTable, OLDEST_TABLE_AGE, check_points};
use super::premium::{Life, pounds};
use crate::applicant::{Gender, Smoking};
use crate::money::Money;
use crate::product_codes::ProductType;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct TableFiles {
    pub(super) male: String,
    pub(super) female: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct SmokerFactors {
    pub(super) none_in_five_years: f64,
    pub(super) none_in_twelve_months: f64,
    pub(super) yes: f64,
    pub(super) unanswered: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct RatePerThousand {
    pub(super) monthly_rate_per_thousand: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct TpdRider {
    pub(super) multiple_of_life_risk: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Riders {
    pub(super) tpd: TpdRider,
    pub(super) ccic: RatePerThousand,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Expenses {
    pub(super) premium_loading: f64,
    pub(super) policy_fee_monthly: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct CommissionBasis {
    pub(super) loading: f64,
    pub(super) indemnity_loading: f64,
    pub(super) initial_commission_annual_premiums: f64,
}

/// `basis.json`. Fields ending in `Reason` (and `about`) are for people and are ignored.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct BasisFile {
    pub(super) label: String,
    pub(super) mortality_tables: TableFiles,
    pub(super) interest_rate: f64,
    pub(super) mortality_multiple: f64,
    pub(super) product_mortality_multiples: BTreeMap<String, f64>,
    pub(super) smoker_factors: SmokerFactors,
    pub(super) critical_illness_multiples: Vec<AgePoint>,
    pub(super) escalation_rate: f64,
    pub(super) income_protection: IncomeProtectionBasis,
    pub(super) childrens_cover: RatePerThousand,
    pub(super) riders: Riders,
    pub(super) expenses: Expenses,
    pub(super) commission: CommissionBasis,
}

/// A loaded, checked pricing basis.
#[derive(Debug, Clone)]
pub struct Basis {
    pub(super) file: BasisFile,
    male: ClaimRates,
    female: ClaimRates,
}

pub(super) fn positive(name: &str, value: f64) -> Result<(), String> {
    if value > 0.0 && value.is_finite() {
        Ok(())
    } else {
        Err(format!("{name} must be above 0"))
    }
}

fn not_negative(name: &str, value: f64) -> Result<(), String> {
    if value >= 0.0 && value.is_finite() {
        Ok(())
    } else {
        Err(format!("{name} must be 0 or more"))
    }
}

fn share(name: &str, value: f64) -> Result<(), String> {
    if (0.0..1.0).contains(&value) {
        Ok(())
    } else {
        Err(format!("{name} must be at least 0 and below 1"))
    }
}

impl Basis {
    /// Reads `basis.json`; `read_table` gives the text of a mortality table file it names.
    pub fn parse(
        basis_json: &str,
        read_table: impl Fn(&str) -> Result<String, String>,
    ) -> Result<Self, String> {
        let file: BasisFile = serde_json::from_str(basis_json).map_err(|e| e.to_string())?;
        let table = |name: &str| {
            read_table(name)
                .and_then(|text| MortalityTable::parse_csv(&text))
                .map_err(|e| format!("{name}: {e}"))
        };
        let male = table(&file.mortality_tables.male)?;
        let female = table(&file.mortality_tables.female)?;
        share("interestRate", file.interest_rate)?;
        positive("mortalityMultiple", file.mortality_multiple)?;
        for product in ProductType::ALL {
            if product == ProductType::ChildrensCriticalIllness {
                continue;
            }
            let multiple = file
                .product_mortality_multiples
                .get(product.code())
                .ok_or_else(|| format!("productMortalityMultiples needs {}", product.code()))?;
            positive(
                &format!("productMortalityMultiples.{}", product.code()),
                *multiple,
            )?;
        }
        let s = &file.smoker_factors;
        for (name, value) in [
            ("noneInFiveYears", s.none_in_five_years),
            ("noneInTwelveMonths", s.none_in_twelve_months),
            ("yes", s.yes),
            ("unanswered", s.unanswered),
        ] {
            positive(&format!("smokerFactors.{name}"), value)?;
        }
        check_points("criticalIllnessMultiples", &file.critical_illness_multiples)?;
        share("escalationRate", file.escalation_rate)?;
        file.income_protection.check()?;
        positive(
            "childrensCover.monthlyRatePerThousand",
            file.childrens_cover.monthly_rate_per_thousand,
        )?;
        positive(
            "riders.tpd.multipleOfLifeRisk",
            file.riders.tpd.multiple_of_life_risk,
        )?;
        positive(
            "riders.ccic.monthlyRatePerThousand",
            file.riders.ccic.monthly_rate_per_thousand,
        )?;
        share("expenses.premiumLoading", file.expenses.premium_loading)?;
        not_negative(
            "expenses.policyFeeMonthly",
            file.expenses.policy_fee_monthly,
        )?;
        share("commission.loading", file.commission.loading)?;
        share(
            "commission.indemnityLoading",
            file.commission.indemnity_loading,
        )?;
        not_negative(
            "commission.initialCommissionAnnualPremiums",
            file.commission.initial_commission_annual_premiums,
        )?;
        let rates = |table: &MortalityTable| {
            ClaimRates::new(
                table,
                file.mortality_multiple,
                &file.critical_illness_multiples,
                &file.income_protection.incidence_multiples,
            )
        };
        let (male, female) = (rates(&male), rates(&female));
        Ok(Self { file, male, female })
    }

    /// What the shipped basis calls itself, shown beside every price ("Sample rates …").
    pub fn label(&self) -> &str {
        &self.file.label
    }

    pub fn policy_fee(&self) -> Money {
        pounds(self.file.expenses.policy_fee_monthly)
    }

    fn smoker_factor(&self, smoking: Option<Smoking>) -> f64 {
        let s = &self.file.smoker_factors;
        match smoking {
            Some(Smoking::NoneInFiveYears) => s.none_in_five_years,
            Some(Smoking::NoneInTwelveMonths) => s.none_in_twelve_months,
            Some(Smoking::Yes) => s.yes,
            None => s.unanswered,
        }
    }

    /// Death, illness and incapacity rates at `age` for this life, before any product multiple.
    pub(super) fn rates_at(&self, life: &Life, age: u32) -> (f64, f64, f64) {
        let rates = match life.gender {
            Gender::Male => &self.male,
            Gender::Female => &self.female,
        };
        let i = age.min(OLDEST_TABLE_AGE) as usize;
        let smoker = self.smoker_factor(life.smoking);
        (
            rates.death[i] * smoker,
            rates.illness[i] * smoker,
            rates.incapacity[i] * smoker,
        )
    }

    pub(super) fn product_multiple(&self, product: ProductType) -> f64 {
        self.file
            .product_mortality_multiples
            .get(product.code())
            .copied()
            .unwrap_or(1.0)
    }
}

#[cfg(test)]
mod tests;
