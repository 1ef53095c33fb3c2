//! The product vocabulary of §9: product codes, cover structures, deferred and payment
//! periods, riders and policy start-date options. Wire names follow the spec's codes.
//!
//! `productType` is the product (§9 "Product codes"); `coverType` is the cover's structure
//! (level, increasing, decreasing, family income), title-cased for display (§9 "Cover type
//! title-cased"). See docs/decisions.md D1.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// §1 products, §9 product codes.
/// The products, by product code: life protection (`life`), life essentials (`lifeessentials`),
/// critical illness (`ci`), combined life and critical illness (`aci`), children's critical
/// illness (`ccic`) and income protection (`ip`). Total permanent disability is sold as a rider
/// only.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema,
)]
pub enum ProductType {
    #[serde(rename = "life")]
    Life,
    #[serde(rename = "lifeessentials")]
    LifeEssentials,
    #[serde(rename = "ci")]
    CriticalIllness,
    #[serde(rename = "aci")]
    AcceleratedCriticalIllness,
    #[serde(rename = "ccic")]
    ChildrensCriticalIllness,
    #[serde(rename = "ip")]
    IncomeProtection,
}

impl ProductType {
    // §9 "Product codes".
    /// In product-code order, which is also the sort order of covers.
    pub const ALL: [ProductType; 6] = [
        ProductType::Life,
        ProductType::LifeEssentials,
        ProductType::CriticalIllness,
        ProductType::AcceleratedCriticalIllness,
        ProductType::ChildrensCriticalIllness,
        ProductType::IncomeProtection,
    ];

    pub fn code(self) -> &'static str {
        match self {
            ProductType::Life => "life",
            ProductType::LifeEssentials => "lifeessentials",
            ProductType::CriticalIllness => "ci",
            ProductType::AcceleratedCriticalIllness => "aci",
            ProductType::ChildrensCriticalIllness => "ccic",
            ProductType::IncomeProtection => "ip",
        }
    }

    // §9 quote cover types.
    /// Accepts the product code, or the quote cover type spelling (`lifeEssentials`).
    pub fn parse(code: &str) -> Option<Self> {
        match code {
            "lifeEssentials" => Some(ProductType::LifeEssentials),
            other => Self::ALL.into_iter().find(|p| p.code() == other),
        }
    }

    // §2 "Quote builder".
    /// The name the quote builder shows.
    pub fn label(self) -> &'static str {
        match self {
            ProductType::Life => "Life Protection",
            ProductType::LifeEssentials => "Life Essentials",
            ProductType::CriticalIllness => "Critical Illness",
            ProductType::AcceleratedCriticalIllness => "Combined Life and Critical Illness",
            ProductType::ChildrensCriticalIllness => "Children's Critical Illness",
            ProductType::IncomeProtection => "Income Protection",
        }
    }

    /// Income protection is priced on a monthly benefit, every other product on a lump sum.
    pub(crate) fn pays_monthly_benefit(self) -> bool {
        self == ProductType::IncomeProtection
    }
}

// §9 "Cover structure".
/// The cover's structure (`coverType`): level, increasing, decreasing, or family income.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum CoverType {
    Level,
    Increasing,
    Decreasing,
    FamilyIncome,
}

impl CoverType {
    pub const ALL: [CoverType; 4] = [
        CoverType::Level,
        CoverType::Increasing,
        CoverType::Decreasing,
        CoverType::FamilyIncome,
    ];

    pub fn code(self) -> &'static str {
        match self {
            CoverType::Level => "level",
            CoverType::Increasing => "increasing",
            CoverType::Decreasing => "decreasing",
            CoverType::FamilyIncome => "familyIncome",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.code() == code)
    }
}

// §9 "Deferred period in weeks: 4, 8, 13, 26, 52".
/// Weeks before income protection pays: 4, 8, 13, 26 or 52.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub enum DeferredPeriod {
    Weeks4,
    Weeks8,
    Weeks13,
    Weeks26,
    Weeks52,
}

impl DeferredPeriod {
    pub const ALL: [DeferredPeriod; 5] = [
        DeferredPeriod::Weeks4,
        DeferredPeriod::Weeks8,
        DeferredPeriod::Weeks13,
        DeferredPeriod::Weeks26,
        DeferredPeriod::Weeks52,
    ];

    pub fn weeks(self) -> u32 {
        match self {
            DeferredPeriod::Weeks4 => 4,
            DeferredPeriod::Weeks8 => 8,
            DeferredPeriod::Weeks13 => 13,
            DeferredPeriod::Weeks26 => 26,
            DeferredPeriod::Weeks52 => 52,
        }
    }

    pub fn from_weeks(weeks: u32) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.weeks() == weeks)
    }
}

impl TryFrom<u32> for DeferredPeriod {
    type Error = String;
    fn try_from(weeks: u32) -> Result<Self, Self::Error> {
        Self::from_weeks(weeks)
            .ok_or_else(|| format!("{weeks} weeks is not a deferred period (4, 8, 13, 26 or 52)"))
    }
}

impl utoipa::PartialSchema for DeferredPeriod {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
        ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::Integer))
            .description(Some(
                "Weeks before income protection pays: 4, 8, 13, 26 or 52.",
            ))
            .enum_values(Some(DeferredPeriod::ALL.map(|d| d.weeks())))
            .into()
    }
}

impl ToSchema for DeferredPeriod {}

impl From<DeferredPeriod> for u32 {
    fn from(period: DeferredPeriod) -> u32 {
        period.weeks()
    }
}

// §9 "Payment period: full (Full-term) or 2 years".
/// How long income protection pays a claim: `full` to the end of the term, or `twoYear` for up to 2
/// years.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PaymentPeriod {
    Full,
    TwoYear,
}

impl PaymentPeriod {
    pub fn parse(code: &str) -> Option<Self> {
        match code {
            "full" => Some(PaymentPeriod::Full),
            "twoYear" => Some(PaymentPeriod::TwoYear),
            _ => None,
        }
    }
}

// §3 "riders", §8 errors "to a rider under its parent".
/// Riders attached under a parent cover; a cover has at most one of each type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RiderType {
    /// Children's critical illness cover added to an adult's cover.
    Ccic,
    /// Total permanent disability.
    Tpd,
}

// §9 "Start date options: now, future, don't know".
/// When the policy starts (`policyStartDateOption`): now, on a future date, or not yet known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum StartDateOption {
    Now,
    Future,
    DontKnow,
}

impl StartDateOption {
    pub fn label(self) -> &'static str {
        match self {
            StartDateOption::Now => "Now",
            StartDateOption::Future => "A future date",
            StartDateOption::DontKnow => "Don't know",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn product_codes_round_trip_and_accept_the_quote_cover_type_spelling() {
        for product in ProductType::ALL {
            assert_eq!(ProductType::parse(product.code()), Some(product));
            assert_eq!(serde_json::to_value(product).unwrap(), product.code());
        }
        assert_eq!(
            ProductType::parse("lifeEssentials"),
            Some(ProductType::LifeEssentials)
        );
        assert_eq!(
            ProductType::parse("tpd"),
            None,
            "TPD is a rider, not a product"
        );
        assert_eq!(ProductType::parse("Life"), None);
    }

    #[test]
    fn only_income_protection_pays_a_monthly_benefit() {
        assert!(ProductType::IncomeProtection.pays_monthly_benefit());
        assert!(!ProductType::Life.pays_monthly_benefit());
    }

    #[test]
    fn only_the_five_deferred_periods_exist() {
        let weeks: Vec<u32> = DeferredPeriod::ALL.iter().map(|d| d.weeks()).collect();
        assert_eq!(weeks, [4, 8, 13, 26, 52]);
        for bad in [0, 3, 5, 12, 14, 53] {
            assert!(DeferredPeriod::from_weeks(bad).is_none(), "{bad}");
            assert!(serde_json::from_str::<DeferredPeriod>(&bad.to_string()).is_err());
        }
        assert_eq!(
            serde_json::from_str::<DeferredPeriod>("13").unwrap(),
            DeferredPeriod::Weeks13
        );
    }

    #[test]
    fn cover_types_parse_by_their_codes() {
        for cover_type in CoverType::ALL {
            assert_eq!(CoverType::parse(cover_type.code()), Some(cover_type));
        }
        assert_eq!(CoverType::parse("Level"), None);
    }
}
