//! Beneficiaries and benefit allocations for the payout planner (§3, §5): who receives how
//! much of a cover's payout. At most 8 beneficiaries on a cover; shares total exactly 100 %.

use crate::errors::{Errors, FieldError};
use crate::ids::{AllocationId, BeneficiaryId, CoverId};
use crate::money::{Percentage, total_hundredths};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// §5, §9.
/// Most beneficiaries a cover's payout can be split between.
pub const MAX_BENEFICIARIES: usize = 8;
pub(crate) const TOO_MANY_BENEFICIARIES: &str =
    "A payout can be shared between at most 8 beneficiaries";
pub(crate) const NO_ALLOCATIONS: &str = "Add at least one beneficiary to use the payout planner";
pub(crate) const NOT_ONE_HUNDRED: &str = "The shares must add up to 100%";
pub(crate) const SHARE_REQUIRED: &str = "Enter a share greater than 0%";
pub(crate) const BENEFICIARY_NOT_FOUND: &str = "Beneficiary not found";

/// Who an allocation or a beneficiary refers to: a child on the application, the other client, or a
/// candidate beneficiary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PartyType {
    Child,
    Applicant,
    Beneficiary,
}

/// A share of a cover's payout.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BenefitAllocation {
    #[schema(required = true)]
    pub id: Option<AllocationId>,
    /// Display name of who receives the share.
    #[schema(required = true)]
    pub beneficiary: Option<String>,
    #[schema(required = true)]
    pub percent: Option<Percentage>,
    /// The id of the child, applicant or candidate beneficiary receiving the share.
    #[schema(required = true)]
    pub reference_id: Option<String>,
    #[serde(rename = "type")]
    #[schema(required = true)]
    pub party_type: Option<PartyType>,
    #[schema(required = true)]
    pub applicant_id: Option<String>,
    #[schema(required = true)]
    pub cover_id: Option<CoverId>,
}

// The spec shows no beneficiary fields beyond allocations; docs/decisions.md D6.
/// Someone who may receive a share of a cover's payout: what a trust or payout instruction needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CandidateBeneficiary {
    pub id: BeneficiaryId,
    #[schema(required = true)]
    pub title: Option<String>,
    pub first_name: String,
    pub last_name: String,
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub date_of_birth: Option<NaiveDate>,
    /// Relationship to the life assured, for example "Spouse" or "Charity".
    #[schema(required = true)]
    pub relationship: Option<String>,
}

// §5 payout planner.
/// The payout planner's rules for one cover's allocations: at least one, at most 8, every share
/// above 0 %, and the shares totalling exactly 100 % (99.99 % is not enough).
pub fn check_allocations(allocations: &[BenefitAllocation]) -> Vec<FieldError> {
    let mut errors = Errors::default();
    if allocations.is_empty() {
        errors.push("benefitAllocations", NO_ALLOCATIONS);
        return errors.into_vec();
    }
    if allocations.len() > MAX_BENEFICIARIES {
        errors.push("benefitAllocations", TOO_MANY_BENEFICIARIES);
    }
    for (i, allocation) in allocations.iter().enumerate() {
        if allocation.percent.is_none_or(|p| p == Percentage::ZERO) {
            errors.push(&format!("benefitAllocations[{i}].percent"), SHARE_REQUIRED);
        }
    }
    let total = total_hundredths(allocations.iter().filter_map(|a| a.percent));
    if total != u64::from(Percentage::HUNDRED.hundredths()) {
        errors.push("benefitAllocations", NOT_ONE_HUNDRED);
    }
    errors.into_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn share(percent: f64) -> BenefitAllocation {
        BenefitAllocation {
            id: None,
            beneficiary: Some("Ada Lovelace".into()),
            percent: Percentage::parse(percent),
            reference_id: Some("b1".into()),
            party_type: Some(PartyType::Beneficiary),
            applicant_id: None,
            cover_id: None,
        }
    }

    fn messages(errors: &[FieldError]) -> Vec<&str> {
        errors.iter().map(|e| e.message.as_str()).collect()
    }

    #[test]
    fn shares_must_total_exactly_one_hundred() {
        assert!(check_allocations(&[share(100.0)]).is_empty());
        assert!(check_allocations(&[share(33.33), share(33.33), share(33.34)]).is_empty());
        assert_eq!(
            messages(&check_allocations(&[share(50.0), share(49.99)])),
            [NOT_ONE_HUNDRED]
        );
        assert_eq!(
            messages(&check_allocations(&[share(50.0), share(50.01)])),
            [NOT_ONE_HUNDRED]
        );
    }

    #[test]
    fn eight_beneficiaries_are_allowed_and_nine_are_not() {
        let eight: Vec<_> = (0..8).map(|_| share(12.5)).collect();
        assert!(check_allocations(&eight).is_empty());
        let mut nine: Vec<_> = (0..8).map(|_| share(11.0)).collect();
        nine.push(share(12.0));
        assert_eq!(
            messages(&check_allocations(&nine)),
            [TOO_MANY_BENEFICIARIES]
        );
    }

    #[test]
    fn an_empty_plan_and_zero_shares_are_refused() {
        assert_eq!(messages(&check_allocations(&[])), [NO_ALLOCATIONS]);
        let errors = check_allocations(&[share(100.0), share(0.0)]);
        assert_eq!(errors[0].field, "benefitAllocations[1].percent");
        let mut missing = share(100.0);
        missing.percent = None;
        assert_eq!(
            messages(&check_allocations(&[missing])),
            [SHARE_REQUIRED, NOT_ONE_HUNDRED]
        );
    }

    #[test]
    fn allocations_use_the_spec_json_names() {
        let json = serde_json::to_value(share(50.0)).unwrap();
        assert_eq!(json["type"], "beneficiary");
        assert_eq!(json["referenceId"], "b1");
        assert_eq!(json["percent"], 50);
    }
}
