//! The product catalogue as data (`product/catalogue.json`): which structures, amounts, terms,
//! expiry ages, deferred and payment periods and riders each product allows, and which adviser
//! flag hides it. [`Catalogue::parse`] refuses an inconsistent file with a message naming the
//! problem, so a bad catalogue stops the portal at start-up rather than misquoting a client.
//! [`Catalogue::check_cover`] turns the limits into the errors shown beside a cover.

use crate::adviser::UxSettings;
use crate::cover::{Cover, CoverError, CoverLength, Rider};
use crate::formats;
use crate::money::Money;
use crate::product_codes::{CoverType, DeferredPeriod, PaymentPeriod, ProductType, RiderType};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// No cover may run beyond this age: every product's `expiryAge` is at most it, and the pricing
/// basis's mortality tables give a rate at every age up to it.
pub(crate) const OLDEST_EXPIRY_AGE: u32 = 100;

/// The whole catalogue: every product once, and the riders.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Catalogue {
    /// What the file is and whose figures they are (the shipped file says "SAMPLE").
    pub about: String,
    pub products: Vec<ProductRules>,
    pub riders: Vec<RiderRules>,
}

/// Which JSON field of a cover an amount limit applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum AmountField {
    CoverAmount,
    MonthlyBenefit,
}

impl AmountField {
    pub(crate) fn json_name(self) -> &'static str {
        match self {
            AmountField::CoverAmount => "coverAmount",
            AmountField::MonthlyBenefit => "monthlyBenefit",
        }
    }

    fn label(self) -> &'static str {
        match self {
            AmountField::CoverAmount => "Cover amount",
            AmountField::MonthlyBenefit => "Monthly benefit",
        }
    }
}

/// Lowest and highest amount, in whole pounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AmountLimit {
    pub field: AmountField,
    pub min: u64,
    pub max: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TermLimit {
    pub min_years: u32,
    pub max_years: u32,
}

/// The ages at which cover may end (the to-age, or age now plus the term).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgeLimit {
    pub min: u32,
    pub max: u32,
}

// §6 hideLifeProtection, hideLifeEssentials.
/// The adviser setting that hides a product from the quote builder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum HidingFlag {
    HideLifeProtection,
    HideLifeEssentials,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductRules {
    pub product_type: ProductType,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hidden_by_flag: Option<HidingFlag>,
    pub structures: Vec<CoverType>,
    pub amount: AmountLimit,
    /// For family income cover the amount is the yearly income, with its own limits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub family_income_amount: Option<AmountLimit>,
    /// Absent for children's cover, which runs with the policy it was bought with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub term: Option<TermLimit>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiry_age: Option<AgeLimit>,
    #[serde(default)]
    #[schema(required = true)]
    pub deferred_periods: Vec<DeferredPeriod>,
    #[serde(default)]
    #[schema(required = true)]
    pub payment_periods: Vec<PaymentPeriod>,
    pub riders: Vec<RiderType>,
    // §4 "Restricted cover", §8 status 412; docs/decisions.md HB3.
    /// Age bands above which the product's amount is offered only on restricted terms: for a
    /// client of `fromAge` or over, an amount above `amount` (in the product's own amount field)
    /// is restricted cover. Youngest band first; a later band's amount is no higher.
    #[serde(default)]
    #[schema(required = true)]
    pub restricted_above: Vec<RestrictedBand>,
}

/// One age band of restricted cover: from this age (last birthday), amounts above `amount`
/// (whole pounds) can be arranged only on restricted terms, outside the portal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RestrictedBand {
    pub from_age: u32,
    pub amount: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RiderRules {
    pub rider_type: RiderType,
    pub label: String,
    pub attaches_to: Vec<ProductType>,
    pub amount: AmountLimit,
    /// The rider's amount may not exceed its parent cover's.
    pub not_more_than_parent: bool,
    /// The parent cover must end by this age for the rider to be offered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiry_age: Option<AgeLimit>,
}

impl Catalogue {
    /// Reads and checks a catalogue file's text. A field the catalogue does not know (a
    /// misspelt limit, say) is refused by its path rather than silently ignored.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut unknown = Vec::new();
        let mut json = serde_json::Deserializer::from_str(text);
        let catalogue: Catalogue =
            serde_ignored::deserialize(&mut json, |path| unknown.push(path.to_string()))
                .map_err(|e| e.to_string())?;
        if let Some(path) = unknown.first() {
            return Err(format!("{path}: this field is not recognised"));
        }
        catalogue.check()?;
        Ok(catalogue)
    }

    fn check(&self) -> Result<(), String> {
        for product in ProductType::ALL {
            let count = self
                .products
                .iter()
                .filter(|p| p.product_type == product)
                .count();
            if count != 1 {
                return Err(format!(
                    "products: {} must appear exactly once, not {count} times",
                    product.code()
                ));
            }
        }
        for p in &self.products {
            let name = p.product_type.code();
            if p.structures.is_empty() {
                return Err(format!("{name}: structures must not be empty"));
            }
            let expected_field = if p.product_type.pays_monthly_benefit() {
                AmountField::MonthlyBenefit
            } else {
                AmountField::CoverAmount
            };
            if p.amount.field != expected_field {
                return Err(format!(
                    "{name}: amount.field must be {}",
                    expected_field.json_name()
                ));
            }
            check_amount(name, &p.amount)?;
            match (
                p.structures.contains(&CoverType::FamilyIncome),
                &p.family_income_amount,
            ) {
                (true, None) => {
                    return Err(format!("{name}: familyIncome needs familyIncomeAmount"));
                }
                (false, Some(_)) => {
                    return Err(format!(
                        "{name}: familyIncomeAmount given but familyIncome is not a structure"
                    ));
                }
                (true, Some(limit)) => check_amount(name, limit)?,
                (false, None) => {}
            }
            let is_children = p.product_type == ProductType::ChildrensCriticalIllness;
            match (&p.term, &p.expiry_age, is_children) {
                (None, None, true) => {}
                (Some(term), Some(ages), false) => {
                    if term.min_years == 0 || term.min_years > term.max_years {
                        return Err(format!("{name}: term must have 1 <= minYears <= maxYears"));
                    }
                    if ages.min > ages.max || ages.max > OLDEST_EXPIRY_AGE {
                        return Err(format!(
                            "{name}: expiryAge must have min <= max <= {OLDEST_EXPIRY_AGE}"
                        ));
                    }
                }
                (_, _, true) => return Err(format!("{name}: children's cover has no term")),
                _ => return Err(format!("{name}: term and expiryAge are both required")),
            }
            let is_ip = p.product_type == ProductType::IncomeProtection;
            if is_ip == p.deferred_periods.is_empty() || is_ip == p.payment_periods.is_empty() {
                return Err(format!(
                    "{name}: deferredPeriods and paymentPeriods are for income protection only, and it needs both"
                ));
            }
            check_restricted(name, &p.amount, &p.restricted_above)?;
            for rider in &p.riders {
                let attaches = self
                    .rider(*rider)
                    .is_some_and(|r| r.attaches_to.contains(&p.product_type));
                if !attaches {
                    return Err(format!(
                        "{name}: rider {rider:?} must be listed under riders with {name} in attachesTo"
                    ));
                }
            }
        }
        for r in &self.riders {
            check_amount(&r.label, &r.amount)?;
            for parent in &r.attaches_to {
                if !self.product(*parent).riders.contains(&r.rider_type) {
                    return Err(format!(
                        "{}: attaches to {} but {} does not list it",
                        r.label,
                        parent.code(),
                        parent.code()
                    ));
                }
            }
        }
        Ok(())
    }

    /// The rules of a product. Every product is present once [`Catalogue::parse`] succeeded.
    pub fn product(&self, product: ProductType) -> &ProductRules {
        self.products
            .iter()
            .find(|p| p.product_type == product)
            .expect("a parsed catalogue lists every product")
    }

    pub fn rider(&self, rider: RiderType) -> Option<&RiderRules> {
        self.riders.iter().find(|r| r.rider_type == rider)
    }

    // §3 "User settings", §6; §9 product order.
    /// The products an adviser may quote, in product-code order: `hideLifeProtection` and
    /// `hideLifeEssentials` take theirs away.
    pub fn offered_products(&self, settings: &UxSettings) -> Vec<ProductType> {
        ProductType::ALL
            .into_iter()
            .filter(|p| match self.product(*p).hidden_by_flag {
                Some(HidingFlag::HideLifeProtection) => !settings.hide_life_protection,
                Some(HidingFlag::HideLifeEssentials) => !settings.hide_life_essentials,
                None => true,
            })
            .collect()
    }

    // §4 restricted cover; docs/decisions.md HB3.
    /// The band of restricted cover a client of `age` is in for `product`, if any: the oldest
    /// band whose `fromAge` the client has reached.
    pub fn restricted_band(&self, product: ProductType, age: u32) -> Option<RestrictedBand> {
        self.product(product)
            .restricted_above
            .iter()
            .rev()
            .find(|band| age >= band.from_age)
            .copied()
    }

    /// The cover's length in whole years for a client of `age`: its term, or to-age less age.
    pub fn term_years(cover: &Cover, age: u32) -> Option<u32> {
        cover.length()?.years_from(age)
    }

    // §5 cover completeness.
    /// Errors against the catalogue's limits for a cover on a client aged `age` (last birthday, on
    /// the quote age date). Missing fields are not reported here; completeness reports them.
    pub fn check_cover(&self, cover: &Cover, age: u32) -> Vec<CoverError> {
        let rules = self.product(cover.product_type);
        let mut errors = Vec::new();
        let mut push = |field: &str, message: String| {
            errors.push(CoverError {
                message,
                status: None,
                field: Some(field.to_owned()),
            })
        };
        if let Some(structure) = cover.cover_type
            && !rules.structures.contains(&structure)
        {
            push(
                "coverType",
                format!(
                    "{} is available as {} cover only",
                    cover.product_type.label(),
                    list(rules.structures.iter().map(|s| structure_name(*s)))
                ),
            );
        }
        let limit = match (cover.cover_type, rules.family_income_amount) {
            (Some(CoverType::FamilyIncome), Some(limit)) => limit,
            _ => rules.amount,
        };
        let amount = match limit.field {
            AmountField::CoverAmount => cover.cover_amount,
            AmountField::MonthlyBenefit => cover.monthly_benefit,
        };
        let mut restricted = None;
        if let Some(amount) = amount
            && let Some(message) = amount_error(&limit, amount)
        {
            push(limit.field.json_name(), message);
        } else if let Some(amount) = amount
            && limit == rules.amount
        {
            restricted = self.restricted_error(cover.product_type, limit.field, amount, age);
        }
        if let (Some(term_limit), Some(ages)) = (rules.term, rules.expiry_age) {
            let term_error = match (cover.term, cover.to_age) {
                (Some(_), Some(_)) => Some((
                    "toAge",
                    "Give either a term or an age to cover to, not both".to_owned(),
                )),
                (Some(term), None)
                    if term < term_limit.min_years || term > term_limit.max_years =>
                {
                    Some((
                        "term",
                        format!(
                            "Term must be between {} and {} years",
                            term_limit.min_years, term_limit.max_years
                        ),
                    ))
                }
                (None, Some(to_age)) if to_age <= age => Some((
                    "toAge",
                    format!("Cover must end after the client's current age of {age}"),
                )),
                _ => None,
            };
            let years = Self::term_years(cover, age);
            let field = cover.length().map_or("term", CoverLength::field);
            let label = cover.product_type.label();
            match (term_error, years) {
                (Some((field, message)), _) => push(field, message),
                (None, Some(years)) if age + years > ages.max => push(
                    field,
                    format!(
                        "{label} cover must end by age {}; this cover would end at {}",
                        ages.max,
                        age + years
                    ),
                ),
                (None, Some(years)) if age + years < ages.min => push(
                    field,
                    format!("{label} cover must run to at least age {}", ages.min),
                ),
                (None, Some(years)) if years < term_limit.min_years => push(
                    field,
                    format!(
                        "Cover must last at least {}",
                        formats::term_years(term_limit.min_years)
                    ),
                ),
                _ => {}
            }
        }
        if let Some(period) = cover.deferred_period
            && !rules.deferred_periods.contains(&period)
        {
            push(
                "deferredPeriod",
                format!("{} has no deferred period", cover.product_type.label()),
            );
        }
        if let Some(period) = cover.payment_period
            && !rules.payment_periods.contains(&period)
        {
            push(
                "paymentPeriod",
                format!("{} has no payment period", cover.product_type.label()),
            );
        }
        errors.extend(restricted);
        for rider in &cover.riders {
            errors.extend(self.check_rider(cover, rider, age));
        }
        errors
    }

    // §4 "Restricted cover is flagged when any cover has an error with status 412".
    /// The 412 error of an amount within the product's limits but above the restricted-cover
    /// amount of the client's age band: the adviser brings it down to quote here, or the
    /// insurer's new business team arranges it on restricted terms.
    fn restricted_error(
        &self,
        product: ProductType,
        field: AmountField,
        amount: Money,
        age: u32,
    ) -> Option<CoverError> {
        let band = self.restricted_band(product, age)?;
        let cap = Money::from_pounds(band.amount)?;
        (amount > cap).then(|| CoverError {
            message: format!(
                "Restricted cover: for a client aged {} or over, {} above {} can be arranged only \
                 on restricted terms by our new business team. Reduce the {} to {} or less to \
                 quote and apply here.",
                band.from_age,
                product.label(),
                formats::money(cap),
                field.label().to_lowercase(),
                formats::money(cap),
            ),
            status: Some(crate::cover::RESTRICTED_COVER_STATUS),
            field: Some(field.json_name().to_owned()),
        })
    }

    fn check_rider(&self, parent: &Cover, rider: &Rider, age: u32) -> Vec<CoverError> {
        let rider_error = |message: String, field: &str| CoverError {
            message,
            status: None,
            field: Some(format!("riders.{}", field)),
        };
        let rules = match self.rider(rider.rider_type) {
            Some(rules) if rules.attaches_to.contains(&parent.product_type) => rules,
            _ => {
                return vec![rider_error(
                    format!(
                        "This rider cannot be added to {} cover",
                        parent.product_type.label()
                    ),
                    "riderType",
                )];
            }
        };
        let mut errors = Vec::new();
        if let Some(amount) = rider.cover_amount {
            if let Some(message) = amount_error(&rules.amount, amount) {
                errors.push(rider_error(
                    format!("{}: {message}", rules.label),
                    "coverAmount",
                ));
            } else if rules.not_more_than_parent
                && parent.cover_amount.is_some_and(|parent| amount > parent)
            {
                errors.push(rider_error(
                    format!(
                        "{} cannot be more than the cover it is added to",
                        rules.label
                    ),
                    "coverAmount",
                ));
            }
        }
        if let (Some(ages), Some(years)) = (rules.expiry_age, Self::term_years(parent, age))
            && age + years > ages.max
        {
            errors.push(rider_error(
                format!(
                    "{} is available only on cover ending by age {}",
                    rules.label, ages.max
                ),
                "riderType",
            ));
        }
        errors
    }
}

fn check_amount(name: &str, limit: &AmountLimit) -> Result<(), String> {
    if limit.min == 0 || limit.min > limit.max || Money::from_pounds(limit.max).is_none() {
        return Err(format!("{name}: amount must have 0 < min <= max"));
    }
    Ok(())
}

/// Restricted-cover bands: youngest first, each amount within the product's limits and no
/// higher than the band before it (cover is never less restricted with age).
fn check_restricted(
    name: &str,
    limit: &AmountLimit,
    bands: &[RestrictedBand],
) -> Result<(), String> {
    for (i, band) in bands.iter().enumerate() {
        if band.amount < limit.min || band.amount >= limit.max {
            return Err(format!(
                "{name}: restrictedAbove[{i}].amount must be at least amount.min and below amount.max"
            ));
        }
        if let Some(before) = i.checked_sub(1).map(|j| bands[j])
            && (band.from_age <= before.from_age || band.amount > before.amount)
        {
            return Err(format!(
                "{name}: restrictedAbove must list older bands after younger ones, with no higher amount"
            ));
        }
    }
    Ok(())
}

fn amount_error(limit: &AmountLimit, amount: Money) -> Option<String> {
    let min = Money::from_pounds(limit.min)?;
    let max = Money::from_pounds(limit.max)?;
    (amount < min || amount > max).then(|| {
        format!(
            "{} must be between {} and {}",
            limit.field.label(),
            formats::money(min),
            formats::money(max)
        )
    })
}

fn structure_name(structure: CoverType) -> &'static str {
    match structure {
        CoverType::Level => "level",
        CoverType::Increasing => "increasing",
        CoverType::Decreasing => "decreasing",
        CoverType::FamilyIncome => "family income",
    }
}

/// "level, increasing or decreasing".
fn list<'a>(items: impl Iterator<Item = &'a str>) -> String {
    let items: Vec<&str> = items.collect();
    match items.as_slice() {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests;
