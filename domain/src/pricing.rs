//! Premiums from an actuarial basis kept as data (`product/pricing/`): mortality tables by
//! age and sex, and the stated loadings for products, smoking, structure, deferred and payment
//! periods, riders, expenses, commission and the policy fee. How a premium is built is written
//! out in `product/pricing/SOURCES.md`; nothing here is a made-up price.
//!
//! Pure: the activity that prices a quote reads the files and calls [`Basis::parse`] once, then
//! [`Basis::price_application`] for each quote.

use crate::applicant::{Gender, Smoking};
use crate::application::Application;
use crate::catalogue::Catalogue;
use crate::cover::Cover;
use crate::dates::age_on;
use crate::decision::Decision;
use crate::errors::{Errors, Rejection};
use crate::ids::ApplicantId;
use crate::money::{Money, Percentage};
use crate::product::{CoverType, DeferredPeriod, PaymentPeriod, ProductType, RiderType};
use crate::quote::{PremiumLine, Quote, QuoteApplicant, QuoteCover, QuoteRider};
use chrono::NaiveDate;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The mortality tables give rates up to this age; no cover may run beyond it.
pub const OLDEST_TABLE_AGE: u32 = 100;
/// Population tables show an "accident hump" in young adults; from this age the rate used is
/// never lower than at any younger adult age (see SOURCES.md).
const SMOOTH_FROM_AGE: u32 = 18;

/// `q_x` by exact age 0 to [`OLDEST_TABLE_AGE`], as probabilities.
#[derive(Debug, Clone, PartialEq)]
pub struct MortalityTable {
    rates: Vec<f64>,
}

impl MortalityTable {
    /// Reads a CSV of `age,qx_per_1000` rows for every age from 0 to 100 in order.
    pub fn parse_csv(text: &str) -> Result<Self, String> {
        #[derive(serde::Deserialize)]
        struct Row {
            age: usize,
            qx_per_1000: f64,
        }
        let mut reader = csv::ReaderBuilder::new()
            .trim(csv::Trim::All)
            .from_reader(text.as_bytes());
        let header = reader.headers().map_err(|e| e.to_string())?;
        if header.iter().ne(["age", "qx_per_1000"]) {
            return Err(format!(
                "the header must be age,qx_per_1000, not {:?}",
                header.iter().collect::<Vec<_>>().join(",")
            ));
        }
        let mut rates = Vec::new();
        for (expected_age, row) in reader.deserialize::<Row>().enumerate() {
            let Row { age, qx_per_1000 } =
                row.map_err(|e| format!("the row of age {expected_age}: {e}"))?;
            if age != expected_age {
                return Err(format!(
                    "age {age} is out of order; expected {expected_age}"
                ));
            }
            if !(qx_per_1000 > 0.0 && qx_per_1000 < 1000.0) {
                return Err(format!(
                    "rate at age {age} must be above 0 and below 1000 per thousand"
                ));
            }
            rates.push(qx_per_1000 / 1000.0);
        }
        if rates.len() != OLDEST_TABLE_AGE as usize + 1 {
            return Err(format!(
                "the table must give every age from 0 to {OLDEST_TABLE_AGE}; it stops at {}",
                rates.len().saturating_sub(1)
            ));
        }
        Ok(Self {
            rates: never_falling_from_adulthood(rates),
        })
    }

    fn rate(&self, age: u32) -> f64 {
        self.rates[age.min(OLDEST_TABLE_AGE) as usize]
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TableFiles {
    male: String,
    female: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
struct AgePoint {
    age: u32,
    multiple: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SmokerFactors {
    none_in_five_years: f64,
    none_in_twelve_months: f64,
    yes: f64,
    unanswered: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
struct IncomeProtectionBasis {
    incidence_multiples: Vec<AgePoint>,
    expected_claim_years: f64,
    deferred_period_factors: BTreeMap<String, f64>,
    payment_period_years: BTreeMap<String, Option<f64>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RatePerThousand {
    monthly_rate_per_thousand: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TpdRider {
    multiple_of_life_risk: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Riders {
    tpd: TpdRider,
    ccic: RatePerThousand,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Expenses {
    premium_loading: f64,
    policy_fee_monthly: f64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
struct CommissionBasis {
    loading: f64,
    indemnity_loading: f64,
    initial_commission_annual_premiums: f64,
}

/// `basis.json`. Fields ending in `Reason` (and `about`) are for people and are ignored.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
struct BasisFile {
    label: String,
    mortality_tables: TableFiles,
    interest_rate: f64,
    mortality_multiple: f64,
    product_mortality_multiples: BTreeMap<String, f64>,
    smoker_factors: SmokerFactors,
    critical_illness_multiples: Vec<AgePoint>,
    escalation_rate: f64,
    income_protection: IncomeProtectionBasis,
    childrens_cover: RatePerThousand,
    riders: Riders,
    expenses: Expenses,
    commission: CommissionBasis,
}

/// A loaded, checked pricing basis.
#[derive(Debug, Clone)]
pub struct Basis {
    file: BasisFile,
    male: ClaimRates,
    female: ClaimRates,
}

/// Yearly rates by age for one sex, before the smoker factor: death (with the basis's
/// multiple), critical illness diagnosis and the start of incapacity. From age 18 none of them
/// is ever lower than at a younger adult age, so an older client never pays less for the same
/// cover because a table or a multiple dips.
#[derive(Debug, Clone, PartialEq)]
struct ClaimRates {
    death: Vec<f64>,
    illness: Vec<f64>,
    incapacity: Vec<f64>,
}

impl ClaimRates {
    fn new(table: &MortalityTable, file: &BasisFile) -> Self {
        let ages = 0..=OLDEST_TABLE_AGE;
        let death: Vec<f64> = ages
            .clone()
            .map(|age| table.rate(age) * file.mortality_multiple)
            .collect();
        let scaled = |points: &[AgePoint]| {
            let rates: Vec<f64> = ages
                .clone()
                .map(|age| death[age as usize] * multiple_at(points, age))
                .collect();
            never_falling_from_adulthood(rates)
        };
        Self {
            illness: scaled(&file.critical_illness_multiples),
            incapacity: scaled(&file.income_protection.incidence_multiples),
            death,
        }
    }
}

/// From [`SMOOTH_FROM_AGE`] on, each rate is the highest at that age or any younger adult age.
fn never_falling_from_adulthood(mut rates: Vec<f64>) -> Vec<f64> {
    let mut highest = 0.0_f64;
    for (age, rate) in rates.iter_mut().enumerate() {
        if age as u32 >= SMOOTH_FROM_AGE {
            highest = highest.max(*rate);
            *rate = highest;
        }
    }
    rates
}

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
pub struct CommissionTerms {
    pub sacrifice: f64,
    pub indemnity: f64,
}

impl CommissionTerms {
    pub fn of(sacrifice: Option<Percentage>, indemnity: Option<Percentage>) -> Self {
        let share = |p: Option<Percentage>| p.map_or(0.0, |p| p.value() / 100.0).clamp(0.0, 1.0);
        Self {
            sacrifice: share(sacrifice),
            indemnity: share(indemnity),
        }
    }
}

/// The terms underwriting gave one cover: its decision and any loading in percent. A quote
/// before underwriting prices every cover on the default: no decision, no loading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UnderwritingTerms {
    pub decision: Option<Decision>,
    pub loading: u32,
}

/// One cover's monthly premium with its riders and how it was built.
#[derive(Debug, Clone, PartialEq)]
pub struct CoverPrice {
    /// The cover alone, without riders.
    pub premium: Money,
    pub riders: Vec<(RiderType, Money)>,
    pub breakdown: Vec<PremiumLine>,
    /// Years the premium is paid for.
    pub years: u32,
}

impl CoverPrice {
    pub fn total(&self) -> Money {
        self.premium + self.riders.iter().map(|(_, m)| *m).sum::<Money>()
    }
}

/// The multiple at `age`: linear between the given ages, flat before the first and after the
/// last, so no rate jumps at a birthday.
fn multiple_at(points: &[AgePoint], age: u32) -> f64 {
    let after = points.iter().position(|p| p.age > age);
    match after {
        Some(0) => points[0].multiple,
        None => points.last().map_or(1.0, |p| p.multiple),
        Some(i) => {
            let (a, b) = (&points[i - 1], &points[i]);
            let share = f64::from(age - a.age) / f64::from(b.age - a.age);
            a.multiple + (b.multiple - a.multiple) * share
        }
    }
}

fn check_points(name: &str, points: &[AgePoint]) -> Result<(), String> {
    if points.is_empty() {
        return Err(format!("{name} needs at least one age"));
    }
    if points.windows(2).any(|w| w[0].age >= w[1].age) {
        return Err(format!("{name} must be in increasing age order"));
    }
    if points
        .iter()
        .any(|p| !(p.multiple > 0.0 && p.multiple.is_finite()))
    {
        return Err(format!("{name}: every multiple must be above 0"));
    }
    Ok(())
}

fn positive(name: &str, value: f64) -> Result<(), String> {
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

fn pounds(amount: f64) -> Money {
    Money::parse_pounds((amount * 100.0).round() / 100.0).unwrap_or_default()
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
        let ip = &file.income_protection;
        check_points(
            "incomeProtection.incidenceMultiples",
            &ip.incidence_multiples,
        )?;
        positive(
            "incomeProtection.expectedClaimYears",
            ip.expected_claim_years,
        )?;
        let mut previous = f64::INFINITY;
        for period in DeferredPeriod::ALL {
            let factor = ip
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
            match ip.payment_period_years.get(key) {
                Some(None) => {}
                Some(Some(years)) => positive("incomeProtection.paymentPeriodYears", *years)?,
                None => return Err(format!("incomeProtection.paymentPeriodYears needs {key}")),
            }
        }
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
        let male = ClaimRates::new(&male, &file);
        let female = ClaimRates::new(&female, &file);
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
    fn rates_at(&self, life: &Life, age: u32) -> (f64, f64, f64) {
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

    fn product_multiple(&self, product: ProductType) -> f64 {
        self.file
            .product_mortality_multiples
            .get(product.code())
            .copied()
            .unwrap_or(1.0)
    }

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
    fn monthly_risk_rate(
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
                ProductType::IncomeProtection => {
                    let (deferred, payment) =
                        income.unwrap_or((DeferredPeriod::Weeks4, PaymentPeriod::Full));
                    let ip = &self.file.income_protection;
                    let deferred_factor = ip
                        .deferred_period_factors
                        .get(&deferred.weeks().to_string())
                        .copied()
                        .unwrap_or(1.0);
                    let payment_key = match payment {
                        PaymentPeriod::Full => "full",
                        PaymentPeriod::TwoYear => "twoYear",
                    };
                    let mut claim_years = ip.expected_claim_years.min(f64::from(years - t));
                    if let Some(Some(limit)) = ip.payment_period_years.get(payment_key) {
                        claim_years = claim_years.min(*limit);
                    }
                    // A claim pays twelve months of benefit a year for the years it lasts.
                    (incapacity * deferred_factor * 12.0 * claim_years, death)
                }
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
    pub fn price_cover(
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

    /// Prices every cover of every applicant at the quote age date: covers must be complete
    /// and within the catalogue's limits (each problem is named by its field), and each client
    /// needs a gender and date of birth.
    pub fn price_application(
        &self,
        catalogue: &Catalogue,
        application: &Application,
        quote_age_date: NaiveDate,
        quote_id: String,
    ) -> Result<Quote, Rejection> {
        application.check_can_price()?;
        self.price_with_terms(catalogue, application, quote_age_date, quote_id, |_, _| {
            UnderwritingTerms::default()
        })
    }

    /// The decision quote (§1 step 7): every cover priced as at the quote, then on the terms
    /// underwriting gave it: a loading raises the cover's premium and its riders' by its
    /// percentage; a postponed or declined cover is left out at no premium; a client with no
    /// cover left pays no policy fee. `unloadedPremium` is the same covers without loadings.
    pub fn price_decision(
        &self,
        catalogue: &Catalogue,
        application: &Application,
        quote_age_date: NaiveDate,
        quote_id: String,
    ) -> Result<Quote, Rejection> {
        application.check_can_quote_decision()?;
        self.price_with_terms(
            catalogue,
            application,
            quote_age_date,
            quote_id,
            |applicant, cover_id| application.underwriting_terms(applicant, cover_id),
        )
    }

    fn price_with_terms(
        &self,
        catalogue: &Catalogue,
        application: &Application,
        quote_age_date: NaiveDate,
        quote_id: String,
        terms_of: impl Fn(&ApplicantId, &str) -> UnderwritingTerms,
    ) -> Result<Quote, Rejection> {
        let commission = CommissionTerms::of(
            application
                .contact_stage
                .initial_commission_sacrifice_percentage,
            application.contact_stage.initial_indemnity_percentage,
        );
        let mut errors = Errors::default();
        let mut quote_applicants = Vec::new();
        let mut unloaded_total = Money::default();
        for (i, applicant) in application.applicants.iter().enumerate() {
            let details = &applicant.details;
            let (Some(gender), Some(born)) = (details.gender, details.date_of_birth) else {
                errors.push(
                    &format!("applicants[{i}]"),
                    "Please give the client's gender and date of birth before pricing",
                );
                continue;
            };
            let Some(age) = age_on(born, quote_age_date) else {
                errors.push(
                    &format!("applicants[{i}].dateOfBirth"),
                    "The date of birth is after the quote date",
                );
                continue;
            };
            let life = Life {
                gender,
                smoking: details.smoking,
                age,
            };
            let longest = applicant
                .covers
                .iter()
                .filter_map(|c| Catalogue::term_years(c, age))
                .max()
                .unwrap_or(0);
            let mut quote_covers = Vec::new();
            for (j, cover) in applicant.covers.iter().enumerate() {
                let at = format!("applicants[{i}].covers[{j}]");
                let missing = cover.missing_fields();
                let limits = catalogue.check_cover(cover, age);
                for field in &missing {
                    errors.push(
                        &format!("{at}.{field}"),
                        "Please complete this cover before pricing",
                    );
                }
                for error in &limits {
                    errors.push(
                        &format!("{at}.{}", error.field.as_deref().unwrap_or("cover")),
                        &error.message,
                    );
                }
                let (Some(cover_id), true, true) =
                    (&cover.id, missing.is_empty(), limits.is_empty())
                else {
                    continue;
                };
                let years = match cover.product_type {
                    ProductType::ChildrensCriticalIllness => longest,
                    _ => Catalogue::term_years(cover, age).unwrap_or(0),
                };
                let price = self.price_cover(cover, &life, years, commission);
                let terms = terms_of(&applicant.id, cover_id);
                let left_out = terms.decision.is_some_and(Decision::is_closed);
                let factor = 1.0 + f64::from(terms.loading) / 100.0;
                let on_terms = |premium: Money| {
                    if left_out {
                        Money::default()
                    } else {
                        pounds(premium.pounds() * factor)
                    }
                };
                let riders: Vec<QuoteRider> = cover
                    .riders
                    .iter()
                    .zip(&price.riders)
                    .map(|(rider, (_, premium))| QuoteRider {
                        rider_id: rider.id.clone().unwrap_or_default(),
                        premium: on_terms(*premium),
                    })
                    .collect();
                let mut breakdown = price.breakdown.clone();
                if left_out {
                    breakdown.clear();
                } else if terms.loading > 0 {
                    breakdown.push(PremiumLine {
                        label: format!("Underwriting loading of {}%", terms.loading),
                        amount: Money::from_pence(
                            on_terms(price.premium).pence() - price.premium.pence(),
                        )
                        .unwrap_or_default(),
                    });
                }
                if !left_out {
                    unloaded_total = unloaded_total + price.total();
                }
                quote_covers.push(QuoteCover {
                    cover_id: cover_id.clone(),
                    premium: on_terms(price.premium) + riders.iter().map(|r| r.premium).sum(),
                    decision: terms.decision,
                    riders,
                    breakdown,
                });
            }
            let covers_total: Money = quote_covers.iter().map(|c| c.premium).sum();
            let has_cover = quote_covers
                .iter()
                .any(|c| !c.decision.is_some_and(Decision::is_closed));
            quote_applicants.push((
                applicant.id.to_string(),
                covers_total,
                quote_covers,
                longest,
                has_cover,
            ));
        }
        errors.into_result(())?;
        let fee = self.policy_fee();
        let mut lifetime = 0u64;
        let mut fees = Money::default();
        let applicants: Vec<QuoteApplicant> = quote_applicants
            .into_iter()
            .map(|(id, covers_total, quote_covers, longest, has_cover)| {
                let fee = if has_cover { fee } else { Money::default() };
                fees = fees + fee;
                let premium = covers_total + fee;
                lifetime += premium.pence() * 12 * u64::from(longest);
                QuoteApplicant {
                    id,
                    premium,
                    quote_covers,
                    quote_decision_model: None,
                }
            })
            .collect();
        let premium: Money = applicants.iter().map(|a| a.premium).sum();
        let sacrifice = commission.sacrifice;
        let initial_commission = pounds(
            premium.pounds()
                * 12.0
                * self.file.commission.initial_commission_annual_premiums
                * (1.0 - sacrifice),
        );
        Ok(Quote {
            id: quote_id,
            quote_created_date: quote_age_date,
            quote_age_date,
            adviser_at_firm_location_id: application.adviser_at_firm_location_id.clone(),
            initial_indemnity_percentage: application.contact_stage.initial_indemnity_percentage,
            initial_commission_sacrifice_percentage: application
                .contact_stage
                .initial_commission_sacrifice_percentage,
            initial_commission: Some(initial_commission),
            premium,
            lifetime_premium: Money::from_pence(lifetime),
            unloaded_premium: Some(unloaded_total + fees),
            discount: None,
            quote_applicants: applicants,
        })
    }
}

#[cfg(test)]
mod tests;
