//! The smaller commands of the quote stage (§7): children and the unborn-children flag,
//! candidate beneficiaries and the benefit allocations of the payout planner.

use super::{APPLICANT_NOT_FOUND, Application, Child};
use crate::beneficiaries::{
    BENEFICIARY_NOT_FOUND, BenefitAllocation, CandidateBeneficiary, MAX_BENEFICIARIES, PartyType,
    SHARE_REQUIRED, TOO_MANY_BENEFICIARIES,
};
use crate::children::{CHILD_NOT_FOUND, ChildDetails, check_child};
use crate::dates::uk_date;
use crate::errors::{Errors, Rejection};
use crate::ids::ApplicantId;
use crate::ids::{AllocationId, BeneficiaryId, CoverId};
use crate::money::{Percentage, total_hundredths};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub(crate) const SHARES_OVER_ONE_HUNDRED: &str = "The shares would add up to more than 100%";
const NAME_MAX_CHARS: usize = 100;
const RELATIONSHIP_MAX_CHARS: usize = 50;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EditChild {
    pub child_id: String,
    pub details: ChildDetails,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RemoveChild {
    pub child_id: String,
}

/// A beneficiary's details as the adviser enters them: a first and last name (each at most 100
/// characters), and optionally a title, a date of birth not in the future and a relationship of at
/// most 50 characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BeneficiaryDetails {
    pub title: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    #[schema(value_type = Option<String>, format = Date)]
    pub date_of_birth: Option<NaiveDate>,
    pub relationship: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaveBeneficiary {
    pub beneficiary_id: BeneficiaryId,
    pub details: BeneficiaryDetails,
}

/// A share of a cover's payout as the adviser sets it: who receives it (`type` and `referenceId`: a
/// child, the other client or a beneficiary on the application) and the percentage, above 0.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AllocationInput {
    pub reference_id: String,
    pub percent: Percentage,
    #[serde(rename = "type")]
    pub party_type: PartyType,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaveAllocation {
    pub applicant_id: ApplicantId,
    pub cover_id: CoverId,
    pub allocation_id: AllocationId,
    pub allocation: AllocationInput,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RemoveAllocation {
    pub applicant_id: ApplicantId,
    pub cover_id: CoverId,
    pub allocation_id: AllocationId,
}

impl Application {
    fn child_index(&self, id: &str) -> Result<usize, Rejection> {
        self.children
            .iter()
            .position(|c| c.id == id)
            .ok_or_else(|| Rejection::not_found(CHILD_NOT_FOUND))
    }

    pub fn edit_child(&self, command: &EditChild, now: DateTime<Utc>) -> Result<Self, Rejection> {
        self.ensure_quote_editable()?;
        let index = self.child_index(&command.child_id)?;
        let errors = check_child(&command.details, uk_date(now));
        if !errors.is_empty() {
            return Err(Rejection::invalid(errors));
        }
        if self.children[index].details == command.details {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.children[index] = Child {
            id: command.child_id.clone(),
            details: command.details.clone(),
        };
        rename_shares(&mut next, PartyType::Child, &command.child_id);
        Ok(next.touched(now))
    }

    /// Removes a child and any payout share that named them.
    pub fn remove_child(
        &self,
        command: &RemoveChild,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_quote_editable()?;
        let index = self.child_index(&command.child_id)?;
        let mut next = self.clone();
        next.children.remove(index);
        for cover in next.applicants.iter_mut().flat_map(|a| &mut a.covers) {
            cover.benefit_allocations.retain(|a| {
                !(a.party_type == Some(PartyType::Child)
                    && a.reference_id.as_deref() == Some(command.child_id.as_str()))
            });
        }
        Ok(next.touched(now))
    }

    pub fn set_has_unborn_children(
        &self,
        value: bool,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_quote_editable()?;
        if self.has_unborn_children == value {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.has_unborn_children = value;
        Ok(next.touched(now))
    }

    pub(super) fn save_beneficiary(
        &self,
        command: &SaveBeneficiary,
        is_new: bool,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_quote_editable()?;
        let existing = self
            .candidate_beneficiaries
            .iter()
            .position(|b| b.id == command.beneficiary_id);
        match (is_new, existing) {
            (true, Some(_)) => {
                return Err(Rejection::conflict(
                    "That beneficiary is already on the application.",
                ));
            }
            (false, None) => return Err(Rejection::not_found(BENEFICIARY_NOT_FOUND)),
            _ => {}
        }
        let beneficiary =
            check_beneficiary(&command.beneficiary_id, &command.details, uk_date(now))?;
        let mut next = self.clone();
        match existing {
            Some(index) if next.candidate_beneficiaries[index] == beneficiary => {
                return Ok(self.clone());
            }
            Some(index) => next.candidate_beneficiaries[index] = beneficiary,
            None => next.candidate_beneficiaries.push(beneficiary),
        }
        rename_shares(
            &mut next,
            PartyType::Beneficiary,
            command.beneficiary_id.as_str(),
        );
        Ok(next.touched(now))
    }

    // §5 payout planner; exactly 100 % is checked when the quote is completed.
    /// Adds or changes one share of a cover's payout. The person must be a child, the other client
    /// or a beneficiary on the application; at most 8 shares; the shares may never add up to more
    /// than 100 %.
    pub(super) fn save_allocation(
        &self,
        command: &SaveAllocation,
        is_new: bool,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_quote_editable()?;
        let applicant = self
            .applicants
            .iter()
            .position(|a| a.id == command.applicant_id)
            .ok_or_else(|| Rejection::not_found(APPLICANT_NOT_FOUND))?;
        let cover = self.applicants[applicant]
            .covers
            .iter()
            .position(|c| c.id == command.cover_id)
            .ok_or_else(|| Rejection::not_found(super::COVER_NOT_FOUND))?;
        let input = &command.allocation;
        let name = self_display_name(self, input.party_type, &input.reference_id)
            .ok_or_else(|| Rejection::not_found(BENEFICIARY_NOT_FOUND))?;
        if input.party_type == PartyType::Applicant
            && input.reference_id == command.applicant_id.to_string()
        {
            return Err(Rejection::field(
                "referenceId",
                "A client cannot receive the payout of their own cover",
            ));
        }
        if input.percent == Percentage::ZERO {
            return Err(Rejection::field("percent", SHARE_REQUIRED));
        }
        let allocations = &self.applicants[applicant].covers[cover].benefit_allocations;
        let existing = allocations
            .iter()
            .position(|a| a.id.as_ref() == Some(&command.allocation_id));
        match (is_new, existing) {
            (true, Some(_)) => {
                return Err(Rejection::conflict("That share is already on the cover."));
            }
            (false, None) => return Err(Rejection::not_found(BENEFICIARY_NOT_FOUND)),
            _ => {}
        }
        if is_new && allocations.len() >= MAX_BENEFICIARIES {
            return Err(Rejection::field(
                "benefitAllocations",
                TOO_MANY_BENEFICIARIES,
            ));
        }
        let others = allocations
            .iter()
            .enumerate()
            .filter(|(i, _)| Some(*i) != existing)
            .filter_map(|(_, a)| a.percent);
        let total = total_hundredths(others.chain([input.percent]));
        if total > u64::from(Percentage::HUNDRED.hundredths()) {
            return Err(Rejection::field("percent", SHARES_OVER_ONE_HUNDRED));
        }
        let allocation = BenefitAllocation {
            id: Some(command.allocation_id.clone()),
            beneficiary: Some(name),
            percent: Some(input.percent),
            reference_id: Some(input.reference_id.clone()),
            party_type: Some(input.party_type),
            applicant_id: Some(command.applicant_id.to_string()),
            cover_id: Some(command.cover_id.clone()),
        };
        let mut next = self.clone();
        let list = &mut next.applicants[applicant].covers[cover].benefit_allocations;
        match existing {
            Some(index) if list[index] == allocation => return Ok(self.clone()),
            Some(index) => list[index] = allocation,
            None => list.push(allocation),
        }
        Ok(next.touched(now))
    }

    pub fn remove_allocation(
        &self,
        command: &RemoveAllocation,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_quote_editable()?;
        let applicant = self
            .applicants
            .iter()
            .position(|a| a.id == command.applicant_id)
            .ok_or_else(|| Rejection::not_found(APPLICANT_NOT_FOUND))?;
        let cover = self.applicants[applicant]
            .covers
            .iter()
            .position(|c| c.id == command.cover_id)
            .ok_or_else(|| Rejection::not_found(super::COVER_NOT_FOUND))?;
        let list = &self.applicants[applicant].covers[cover].benefit_allocations;
        let index = list
            .iter()
            .position(|a| a.id.as_ref() == Some(&command.allocation_id))
            .ok_or_else(|| Rejection::not_found(BENEFICIARY_NOT_FOUND))?;
        let mut next = self.clone();
        next.applicants[applicant].covers[cover]
            .benefit_allocations
            .remove(index);
        Ok(next.touched(now))
    }
}

/// "Grace Hopper": the name of the child, client or beneficiary an allocation refers to.
fn self_display_name(app: &Application, party: PartyType, id: &str) -> Option<String> {
    let join = |first: Option<&str>, last: Option<&str>| {
        [first, last]
            .into_iter()
            .flatten()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    };
    match party {
        PartyType::Child => app.children.iter().find(|c| c.id == id).map(|c| {
            join(
                c.details.first_name.as_deref(),
                c.details.surname.as_deref(),
            )
        }),
        PartyType::Applicant => app
            .applicants
            .iter()
            .find(|a| a.id.to_string() == id)
            .map(|a| a.full_name()),
        PartyType::Beneficiary => app
            .candidate_beneficiaries
            .iter()
            .find(|b| b.id == id)
            .map(|b| join(Some(&b.first_name), Some(&b.last_name))),
    }
}

fn check_beneficiary(
    id: &BeneficiaryId,
    details: &BeneficiaryDetails,
    today: NaiveDate,
) -> Result<CandidateBeneficiary, Rejection> {
    let mut errors = Errors::default();
    let mut name = |field: &str, label: &str, value: &Option<String>| -> String {
        match value.as_deref().map(str::trim) {
            None | Some("") => {
                errors.push(field, &format!("Please enter the beneficiary's {label}"));
                String::new()
            }
            Some(text) if text.chars().count() > NAME_MAX_CHARS => {
                errors.push(
                    field,
                    &format!("The {label} must be {NAME_MAX_CHARS} characters or fewer"),
                );
                String::new()
            }
            Some(text) => text.to_owned(),
        }
    };
    let first_name = name("firstName", "first name", &details.first_name);
    let last_name = name("lastName", "last name", &details.last_name);
    if details.date_of_birth.is_some_and(|born| born > today) {
        errors.push("dateOfBirth", "A date of birth cannot be in the future");
    }
    let relationship = details
        .relationship
        .as_deref()
        .map(str::trim)
        .filter(|r| !r.is_empty());
    if relationship.is_some_and(|r| r.chars().count() > RELATIONSHIP_MAX_CHARS) {
        errors.push(
            "relationship",
            &format!("The relationship must be {RELATIONSHIP_MAX_CHARS} characters or fewer"),
        );
    }
    errors.into_result(CandidateBeneficiary {
        id: id.clone(),
        title: details
            .title
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(str::to_owned),
        first_name,
        last_name,
        date_of_birth: details.date_of_birth,
        relationship: relationship.map(str::to_owned),
    })
}

/// Puts the person's name as it now stands on every payout share that names them, so a
/// corrected child's or beneficiary's name shows wherever their share does.
fn rename_shares(next: &mut Application, party: PartyType, id: &str) {
    let name = self_display_name(next, party, id);
    for allocation in next
        .applicants
        .iter_mut()
        .flat_map(|a| &mut a.covers)
        .flat_map(|c| &mut c.benefit_allocations)
        .filter(|a| a.reference_id.as_deref() == Some(id))
    {
        allocation.beneficiary = name.clone();
    }
}

#[cfg(test)]
mod tests;
