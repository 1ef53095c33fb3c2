//! Covers (§3) and their rules: completeness (§5), the payout planner, errors on covers and
//! riders, de-duplicated by message (§8), restricted cover (status 412), the removal rules for
//! children's cover (§4), the sort order (§9), and the price, apply and proceed preconditions
//! (§5).

use crate::beneficiaries::{BenefitAllocation, check_allocations};
use crate::decision::Decision;
use crate::errors::FieldError;
use crate::ids::CoverId;
use crate::money::Money;
use crate::product_codes::{CoverType, DeferredPeriod, PaymentPeriod, ProductType, RiderType};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use utoipa::ToSchema;

/// HTTP status a pricing or rules engine gives a cover it can offer only on restricted terms.
pub(crate) const RESTRICTED_COVER_STATUS: u16 = 412;

/// An error about a cover or rider, as shown beside it, with the engine's status and the field it
/// is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoverError {
    pub message: String,
    /// The engine's status for this error; 412 marks restricted cover.
    #[schema(required = true)]
    pub status: Option<u16>,
    /// The cover field the error is about, named as in JSON (for example `coverAmount`).
    #[schema(required = true)]
    pub field: Option<String>,
}

/// A rider under a parent cover: children's critical illness or total permanent disability.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rider {
    pub id: CoverId,
    pub rider_type: RiderType,
    #[schema(required = true)]
    pub cover_amount: Option<Money>,
    #[serde(default)]
    #[schema(required = true)]
    pub errors: Vec<CoverError>,
}

/// A cover on a client.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cover {
    /// Given when the cover is saved (a rider's is its cover's with the rider's code).
    pub id: CoverId,
    pub product_type: ProductType,
    #[schema(required = true)]
    pub cover_type: Option<CoverType>,
    #[schema(required = true)]
    pub cover_amount: Option<Money>,
    #[schema(required = true)]
    pub monthly_benefit: Option<Money>,
    /// Term in whole years.
    #[schema(required = true)]
    pub term: Option<u32>,
    /// Or: cover to this age.
    #[schema(required = true)]
    pub to_age: Option<u32>,
    #[schema(required = true)]
    pub deferred_period: Option<DeferredPeriod>,
    #[schema(required = true)]
    pub payment_period: Option<PaymentPeriod>,
    #[serde(default)]
    #[schema(required = true)]
    pub riders: Vec<Rider>,
    #[serde(default)]
    #[schema(required = true)]
    pub is_payout_planner_used: bool,
    #[serde(default)]
    #[schema(required = true)]
    pub benefit_allocations: Vec<BenefitAllocation>,
    #[serde(default)]
    #[schema(required = true)]
    pub errors: Vec<CoverError>,
    /// The insurer's reference for the cover once quoted.
    #[serde(rename = "ref")]
    #[schema(required = true)]
    pub reference: Option<String>,
    #[schema(required = true)]
    pub decision: Option<Decision>,
    /// Monthly premium once priced.
    #[schema(required = true)]
    pub premium: Option<Money>,
}

/// How long a cover runs: a term in whole years, or to an age. A cover sends these as the spec's
/// two fields, `term` and `toAge`; the rules read them as one length ([`Cover::length`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoverLength {
    Years(u32),
    ToAge(u32),
}

impl CoverLength {
    /// Whole years from a client's `age`: the term itself, or to-age less age (none once the
    /// age is reached).
    pub fn years_from(self, age: u32) -> Option<u32> {
        match self {
            CoverLength::Years(years) => Some(years),
            CoverLength::ToAge(to_age) => to_age.checked_sub(age),
        }
    }

    /// The cover field that gives this length, named as in JSON.
    pub fn field(self) -> &'static str {
        match self {
            CoverLength::Years(_) => "term",
            CoverLength::ToAge(_) => "toAge",
        }
    }
}

impl Cover {
    /// The cover's length: its term, or the age it runs to. A cover giving both is refused by
    /// the catalogue's check; its term is read here.
    pub fn length(&self) -> Option<CoverLength> {
        match (self.term, self.to_age) {
            (Some(years), _) => Some(CoverLength::Years(years)),
            (None, Some(to_age)) => Some(CoverLength::ToAge(to_age)),
            (None, None) => None,
        }
    }

    /// An empty cover of a product, as the quote builder starts one.
    pub fn new(id: CoverId, product_type: ProductType) -> Self {
        Self {
            id,
            product_type,
            cover_type: None,
            cover_amount: None,
            monthly_benefit: None,
            term: None,
            to_age: None,
            deferred_period: None,
            payment_period: None,
            riders: Vec::new(),
            is_payout_planner_used: false,
            benefit_allocations: Vec::new(),
            errors: Vec::new(),
            reference: None,
            decision: None,
            premium: None,
        }
    }

    /// The amount the cover is sized by: the lump sum, or the monthly benefit for income protection.
    pub fn amount(&self) -> Option<Money> {
        self.cover_amount.or(self.monthly_benefit)
    }

    // §5 "Cover completeness"; docs/decisions.md D3.
    /// Required fields that are missing: children's cover needs a cover type and amount; every
    /// other cover a cover type, an amount or monthly benefit, and a term or to-age. Income
    /// protection also needs its deferred and payment periods, without which it cannot be priced.
    pub fn missing_fields(&self) -> Vec<&'static str> {
        let mut missing = Vec::new();
        if self.cover_type.is_none() {
            missing.push("coverType");
        }
        if self.product_type == ProductType::ChildrensCriticalIllness {
            if self.cover_amount.is_none() {
                missing.push("coverAmount");
            }
            return missing;
        }
        if self.cover_amount.is_none() && self.monthly_benefit.is_none() {
            missing.push(if self.product_type.pays_monthly_benefit() {
                "monthlyBenefit"
            } else {
                "coverAmount"
            });
        }
        if self.length().is_none() {
            missing.push("term");
        }
        if self.product_type == ProductType::IncomeProtection {
            if self.deferred_period.is_none() {
                missing.push("deferredPeriod");
            }
            if self.payment_period.is_none() {
                missing.push("paymentPeriod");
            }
        }
        missing
    }

    // §5 payout planner.
    /// When the planner is used, allocations exist and total exactly 100 %.
    pub fn payout_planner_errors(&self) -> Vec<FieldError> {
        if self.is_payout_planner_used {
            check_allocations(&self.benefit_allocations)
        } else {
            Vec::new()
        }
    }

    // §4 "Application completeness".
    /// One cover is complete: no errors (its own or its riders'), required fields present,
    /// and a valid payout plan.
    pub fn is_complete(&self) -> bool {
        self.errors.is_empty()
            && self.riders.iter().all(|r| r.errors.is_empty())
            && self.missing_fields().is_empty()
            && self.payout_planner_errors().is_empty()
    }

    /// Whether this cover, or a rider under it, carries a 412 error.
    pub(crate) fn is_restricted(&self) -> bool {
        let restricted = |e: &CoverError| e.status == Some(RESTRICTED_COVER_STATUS);
        self.errors.iter().any(restricted)
            || self.riders.iter().flat_map(|r| &r.errors).any(restricted)
    }

    // §5, §8 "Unable to offer terms blocks applying".
    /// The cover is declined or postponed ("unable to offer terms"), which blocks applying.
    pub(crate) fn is_unable_to_offer_terms(&self) -> bool {
        self.decision
            .is_some_and(Decision::is_unable_to_offer_terms)
    }
}

// §4 "Restricted cover is flagged when any cover has an error with status 412."
/// Any cover (or rider) has an error with status 412.
pub fn is_restricted_cover<'a>(covers: impl IntoIterator<Item = &'a Cover>) -> bool {
    covers.into_iter().any(Cover::is_restricted)
}

// §3, §8 "Cover errors are de-duplicated by message".
/// Keeps the first error of each message.
pub(crate) fn dedupe_errors(errors: Vec<CoverError>) -> Vec<CoverError> {
    let mut seen: Vec<String> = Vec::new();
    errors
        .into_iter()
        .filter(|e| {
            if seen.contains(&e.message) {
                false
            } else {
                seen.push(e.message.clone());
                true
            }
        })
        .collect()
}

/// The cover fields an error may name.
pub(crate) const COVER_FIELDS: [&str; 9] = [
    "productType",
    "coverType",
    "coverAmount",
    "monthlyBenefit",
    "term",
    "toAge",
    "deferredPeriod",
    "paymentPeriod",
    "benefitAllocations",
];

// §5 "Server field errors map to the attempted field".
/// Maps an engine's field name ("CoverAmount", "Cover.Term", "cover_amount") to the JSON field the
/// adviser attempted.
pub fn map_engine_field(field: &str) -> Option<&'static str> {
    let last = field.rsplit(['.', '/']).next().unwrap_or(field);
    let last = last.split('[').next().unwrap_or(last);
    let squashed: String = last
        .chars()
        .filter(|c| *c != '_' && *c != '-')
        .collect::<String>()
        .to_lowercase();
    COVER_FIELDS
        .into_iter()
        .find(|f| f.to_lowercase() == squashed)
}

// §9 "Cover order".
/// By product type, then cover type, then amount, largest first. Covers without a cover type or
/// amount sort after those with one.
pub(crate) fn compare_covers(a: &Cover, b: &Cover) -> Ordering {
    a.product_type
        .cmp(&b.product_type)
        .then_with(|| match (a.cover_type, b.cover_type) {
            (Some(x), Some(y)) => x.cmp(&y),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        })
        .then_with(|| b.amount().cmp(&a.amount()))
}

pub fn sort_covers(covers: &mut [Cover]) {
    covers.sort_by(compare_covers);
}

// §4 "Covers"; docs/decisions.md D4.
/// Removes a cover and its knock-on effects: removing a children's cover clears the children's
/// riders on the other covers, and a children's cover cannot outlive the last adult cover it was
/// bought with (so removing one of two covers, the other being children's cover, removes that too).
/// Returns whether the cover existed.
pub fn remove_cover(covers: &mut Vec<Cover>, id: &CoverId) -> bool {
    let Some(index) = covers.iter().position(|c| &c.id == id) else {
        return false;
    };
    let removed = covers.remove(index);
    if removed.product_type == ProductType::ChildrensCriticalIllness {
        for cover in covers.iter_mut() {
            cover.riders.retain(|r| r.rider_type != RiderType::Ccic);
        }
    } else if covers
        .iter()
        .all(|c| c.product_type == ProductType::ChildrensCriticalIllness)
    {
        covers.clear();
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::beneficiaries::PartyType;
    use crate::money::Percentage;

    fn pounds(p: u64) -> Option<Money> {
        Money::from_pounds(p)
    }

    pub(crate) fn life(id: &str, amount: u64) -> Cover {
        Cover {
            id: id.into(),
            cover_type: Some(CoverType::Level),
            cover_amount: pounds(amount),
            term: Some(25),
            ..Cover::new("c".into(), ProductType::Life)
        }
    }

    fn ccic(id: &str) -> Cover {
        Cover {
            id: id.into(),
            cover_type: Some(CoverType::Level),
            cover_amount: pounds(25_000),
            ..Cover::new("c".into(), ProductType::ChildrensCriticalIllness)
        }
    }

    #[test]
    fn childrens_cover_needs_only_a_cover_type_and_amount() {
        assert!(ccic("c").missing_fields().is_empty());
        let mut bare = Cover::new("c".into(), ProductType::ChildrensCriticalIllness);
        assert_eq!(bare.missing_fields(), ["coverType", "coverAmount"]);
        bare.monthly_benefit = pounds(100);
        assert_eq!(
            bare.missing_fields(),
            ["coverType", "coverAmount"],
            "a monthly benefit is not an amount for ccic"
        );
    }

    #[test]
    fn other_covers_need_a_type_an_amount_or_benefit_and_a_term_or_age() {
        assert_eq!(
            Cover::new("c".into(), ProductType::Life).missing_fields(),
            ["coverType", "coverAmount", "term"]
        );
        let mut cover = life("l", 100_000);
        cover.term = None;
        cover.to_age = Some(65);
        assert!(
            cover.missing_fields().is_empty(),
            "to-age stands in for term"
        );
        cover.cover_amount = None;
        cover.monthly_benefit = pounds(1_000);
        assert!(
            cover.missing_fields().is_empty(),
            "a monthly benefit stands in for an amount"
        );
    }

    #[test]
    fn income_protection_also_needs_its_deferred_and_payment_periods() {
        let mut ip = Cover {
            cover_type: Some(CoverType::Level),
            monthly_benefit: pounds(2_000),
            to_age: Some(65),
            ..Cover::new("c".into(), ProductType::IncomeProtection)
        };
        assert_eq!(ip.missing_fields(), ["deferredPeriod", "paymentPeriod"]);
        ip.deferred_period = Some(DeferredPeriod::Weeks13);
        ip.payment_period = Some(PaymentPeriod::Full);
        assert!(ip.missing_fields().is_empty());
        ip.monthly_benefit = None;
        assert_eq!(ip.missing_fields(), ["monthlyBenefit"]);
    }

    #[test]
    fn a_cover_runs_for_its_term_or_to_its_age_and_the_term_is_read_when_both_are_given() {
        let mut cover = life("l", 100_000);
        assert_eq!(cover.length(), Some(CoverLength::Years(25)));
        assert_eq!(cover.length().unwrap().years_from(40), Some(25));
        cover.term = None;
        cover.to_age = Some(65);
        assert_eq!(cover.length(), Some(CoverLength::ToAge(65)));
        assert_eq!(cover.length().unwrap().years_from(40), Some(25));
        assert_eq!(cover.length().unwrap().years_from(65), Some(0));
        assert_eq!(
            cover.length().unwrap().years_from(66),
            None,
            "the age is passed"
        );
        assert_eq!(cover.length().unwrap().field(), "toAge");
        cover.term = Some(10);
        assert_eq!(cover.length(), Some(CoverLength::Years(10)));
        cover.term = None;
        cover.to_age = None;
        assert_eq!(cover.length(), None);
    }

    #[test]
    fn a_cover_is_complete_only_when_error_free_and_filled_in() {
        assert!(life("l", 1).is_complete());
        let mut with_error = life("l", 1);
        with_error.errors.push(CoverError {
            message: "Too high".into(),
            status: Some(400),
            field: None,
        });
        assert!(!with_error.is_complete());
        let mut rider_error = life("l", 1);
        rider_error.riders.push(Rider {
            id: "r".into(),
            rider_type: RiderType::Tpd,
            cover_amount: pounds(1),
            errors: vec![CoverError {
                message: "No".into(),
                status: None,
                field: None,
            }],
        });
        assert!(!rider_error.is_complete());
    }

    #[test]
    fn a_payout_plan_must_allocate_exactly_one_hundred_percent() {
        let allocation = |percent: f64| BenefitAllocation {
            id: None,
            beneficiary: Some("Ada".into()),
            percent: Percentage::parse(percent),
            reference_id: Some("b1".into()),
            party_type: Some(PartyType::Beneficiary),
            applicant_id: None,
            cover_id: None,
        };
        let mut cover = life("l", 1);
        cover.is_payout_planner_used = true;
        assert!(!cover.is_complete(), "used but empty");
        cover.benefit_allocations = vec![allocation(50.0), allocation(49.99)];
        assert!(!cover.is_complete());
        cover.benefit_allocations = vec![allocation(50.0), allocation(50.0)];
        assert!(cover.is_complete());
        cover.is_payout_planner_used = false;
        cover.benefit_allocations.clear();
        assert!(
            cover.is_complete(),
            "the planner's rule applies only when it is used"
        );
    }

    #[test]
    fn a_412_on_any_cover_or_rider_flags_restricted_cover() {
        let mut covers = vec![life("a", 1), life("b", 2)];
        assert!(!is_restricted_cover(&covers));
        covers[1].errors.push(CoverError {
            message: "Limited".into(),
            status: Some(412),
            field: None,
        });
        assert!(is_restricted_cover(&covers));
        covers[1].errors[0].status = Some(400);
        covers[0].riders.push(Rider {
            id: "r".into(),
            rider_type: RiderType::Tpd,
            cover_amount: None,
            errors: vec![CoverError {
                message: "x".into(),
                status: Some(412),
                field: None,
            }],
        });
        assert!(is_restricted_cover(&covers));
    }

    #[test]
    fn engine_field_names_map_to_the_attempted_json_field() {
        assert_eq!(map_engine_field("CoverAmount"), Some("coverAmount"));
        assert_eq!(
            map_engine_field("covers[1].monthly_benefit"),
            Some("monthlyBenefit")
        );
        assert_eq!(
            map_engine_field("Cover/DeferredPeriod"),
            Some("deferredPeriod")
        );
        assert_eq!(map_engine_field("ToAge"), Some("toAge"));
        assert_eq!(map_engine_field("ShoeSize"), None);
    }

    #[test]
    fn covers_sort_by_product_then_type_then_largest_amount() {
        let mut decreasing = life("d", 300_000);
        decreasing.cover_type = Some(CoverType::Decreasing);
        let ci = Cover {
            product_type: ProductType::CriticalIllness,
            ..life("ci", 50_000)
        };
        let mut covers = vec![
            ci,
            life("small", 100_000),
            decreasing,
            life("big", 200_000),
            ccic("kids"),
        ];
        sort_covers(&mut covers);
        let order: Vec<&str> = covers.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(order, ["big", "small", "d", "ci", "kids"]);
    }

    #[test]
    fn removing_childrens_cover_clears_childrens_riders_elsewhere() {
        let mut with_rider = life("a", 1);
        with_rider.riders = vec![
            Rider {
                id: "r1".into(),
                rider_type: RiderType::Ccic,
                cover_amount: pounds(1),
                errors: vec![],
            },
            Rider {
                id: "r2".into(),
                rider_type: RiderType::Tpd,
                cover_amount: pounds(1),
                errors: vec![],
            },
        ];
        let mut covers = vec![with_rider, ccic("kids")];
        assert!(remove_cover(&mut covers, &"kids".into()));
        assert_eq!(covers.len(), 1);
        assert_eq!(covers[0].riders.len(), 1);
        assert_eq!(covers[0].riders[0].rider_type, RiderType::Tpd);
    }

    #[test]
    fn removing_one_of_two_covers_takes_the_childrens_cover_with_it() {
        let mut covers = vec![life("a", 1), ccic("kids")];
        assert!(remove_cover(&mut covers, &"a".into()));
        assert!(covers.is_empty());

        let mut three = vec![life("a", 1), life("b", 2), ccic("kids")];
        remove_cover(&mut three, &"a".into());
        assert_eq!(
            three.len(),
            2,
            "children's cover stays while an adult cover remains"
        );
        assert!(!remove_cover(&mut three, &"missing".into()));
    }
}
