//! Customer care's rules (§6 `cca`, `ccaadmin`): when a delegation (someone acting for an
//! adviser through `adviserId`) is in force, what a new one must satisfy, what an adviser's
//! flags and a firm location's name may be, and who in customer care may do what.

use crate::UxSettings;
use crate::adviser::{Role, Roles};
use crate::errors::{Errors, Rejection};
use crate::ids::AdviserId;
use crate::money::Percentage;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The longest firm location name.
pub const LOCATION_NAME_MAX_CHARS: usize = 100;

/// The days a delegation is in force: from `from` to `until` (both included), or with no end
/// when `until` is absent, unless ended early on `ended_on` (not in force from that day).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DelegationPeriod {
    #[schema(value_type = String, format = Date)]
    pub from: NaiveDate,
    #[schema(value_type = Option<String>, format = Date)]
    pub until: Option<NaiveDate>,
    /// Set when customer care ended the delegation: it stops at the start of that UK day.
    #[schema(value_type = Option<String>, format = Date)]
    pub ended_on: Option<NaiveDate>,
}

impl DelegationPeriod {
    /// Whether the delegation lets its holder act on `date` (a UK civil date).
    pub fn is_active_on(&self, date: NaiveDate) -> bool {
        self.from <= date
            && self.until.is_none_or(|until| date <= until)
            && self.ended_on.is_none_or(|ended| date < ended)
    }

    /// The last day it is in force, if it ends at all.
    fn last_day(&self) -> Option<NaiveDate> {
        let ended = self.ended_on.and_then(|e| e.pred_opt());
        match (self.until, ended) {
            (Some(u), Some(e)) => Some(u.min(e)),
            (u, e) => u.or(e),
        }
    }

    /// Whether some day is in force in both periods.
    pub fn overlaps(&self, other: &DelegationPeriod) -> bool {
        let starts_before_other_ends = other.last_day().is_none_or(|end| self.from <= end);
        let other_starts_before_this_ends = self.last_day().is_none_or(|end| other.from <= end);
        let has_days = |p: &DelegationPeriod| p.last_day().is_none_or(|end| p.from <= end);
        has_days(self)
            && has_days(other)
            && starts_before_other_ends
            && other_starts_before_this_ends
    }

    /// Whether it can still be in force on `today` or later (not yet over, not ended).
    pub fn is_current_or_future(&self, today: NaiveDate) -> bool {
        self.last_day().is_none_or(|end| end >= today)
    }
}

/// An adviser as the delegation checks need them: who, and in which firm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DelegationParty {
    pub id: AdviserId,
    pub firm_id: Option<String>,
}

/// A delegation already stored between the same two advisers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExistingDelegation {
    pub delegate: AdviserId,
    pub principal: AdviserId,
    pub period: DelegationPeriod,
}

/// A delegation customer care asks for: `delegate` may act for `principal` from `from` until
/// `until` (open-ended when absent).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDelegation {
    pub delegate: AdviserId,
    pub principal: AdviserId,
    pub from: NaiveDate,
    pub until: Option<NaiveDate>,
}

impl NewDelegation {
    pub fn period(&self) -> DelegationPeriod {
        DelegationPeriod {
            from: self.from,
            until: self.until,
            ended_on: None,
        }
    }

    /// Checks the delegation against the two advisers as stored (`None`: no such adviser) and
    /// the delegations already kept between them. Unknown advisers are "not found"; every other
    /// problem is named by the field it concerns (`delegateId`, `principalId`, `until`, `from`).
    pub fn check(
        &self,
        delegate: Option<&DelegationParty>,
        principal: Option<&DelegationParty>,
        existing: &[ExistingDelegation],
        today: NaiveDate,
    ) -> Result<(), Rejection> {
        let Some(delegate) = delegate else {
            return Err(Rejection::not_found(&format!(
                "No adviser or assistant {} is registered",
                self.delegate
            )));
        };
        let Some(principal) = principal else {
            return Err(Rejection::not_found(&format!(
                "No adviser {} is registered",
                self.principal
            )));
        };
        let mut errors = Errors::default();
        if delegate.id == principal.id {
            errors.push(
                "delegateId",
                "An adviser cannot be delegated to act for themself",
            );
        }
        if delegate.firm_id.is_none() || delegate.firm_id != principal.firm_id {
            errors.push(
                "delegateId",
                "Only someone at the adviser's own firm can act for them",
            );
        }
        if let Some(until) = self.until {
            if until < self.from {
                errors.push("until", "The end date cannot be before the start date");
            } else if until < today {
                errors.push("until", "The end date cannot be in the past");
            }
        }
        let period = self.period();
        if existing.iter().any(|e| {
            e.delegate == self.delegate
                && e.principal == self.principal
                && e.period.overlaps(&period)
        }) {
            errors.push(
                "from",
                "This person may already act for the adviser on some of these dates",
            );
        }
        errors.into_result(())
    }
}

/// Checks an adviser's flags as customer care sets them: the fixed indemnity percentage, when
/// given, is from 0 to 100 with at most two decimal places (§6 commission type reads it).
pub fn check_flags(settings: &UxSettings) -> Result<(), Rejection> {
    match settings.fixed_indemnity_percentage {
        Some(value) if Percentage::parse(value).is_none() => Err(Rejection::field(
            "fixedIndemnityPercentage",
            "The fixed indemnity percentage must be from 0 to 100, to at most two decimal places",
        )),
        _ => Ok(()),
    }
}

/// A firm location's name as customer care gives it: trimmed, 1 to 100 characters, not the name
/// of another of the firm's locations (any case).
pub fn check_location_name<'a>(
    name: &str,
    other_names: impl IntoIterator<Item = &'a str>,
) -> Result<String, Rejection> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Rejection::field("name", "Enter the location's name"));
    }
    if name.chars().count() > LOCATION_NAME_MAX_CHARS {
        return Err(Rejection::field(
            "name",
            &format!("A location's name is at most {LOCATION_NAME_MAX_CHARS} characters"),
        ));
    }
    if other_names
        .into_iter()
        .any(|other| other.trim().eq_ignore_ascii_case(name))
    {
        return Err(Rejection::field(
            "name",
            "The firm already has a location with this name",
        ));
    }
    Ok(name.to_owned())
}

/// What a customer-care user may do (decision CC1): both roles find and read any firm's cases
/// and read health answers (each read recorded); only `ccaadmin` manages advisers and firm
/// locations and lists the health-answer reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CareRole {
    Cca,
    CcaAdmin,
}

impl CareRole {
    /// The customer-care role a user holds, the administrator's when they hold both; `None` for
    /// anyone else (an underwriter's role wins, as it does for the pages).
    pub fn of(roles: &Roles) -> Option<CareRole> {
        if roles.has(Role::Underwriter) {
            return None;
        }
        if roles.has(Role::CcaAdmin) {
            Some(CareRole::CcaAdmin)
        } else if roles.has(Role::Cca) {
            Some(CareRole::Cca)
        } else {
            None
        }
    }

    pub fn manages_advisers(self) -> bool {
        self == CareRole::CcaAdmin
    }

    pub fn code(self) -> &'static str {
        match self {
            CareRole::Cca => "cca",
            CareRole::CcaAdmin => "ccaadmin",
        }
    }
}

/// What a recorded change to an adviser or firm was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ChangeKind {
    Flags,
    Location,
    DelegationAdded,
    DelegationEnded,
    LocationAdded,
    LocationRenamed,
}

impl ChangeKind {
    pub fn code(self) -> &'static str {
        match self {
            ChangeKind::Flags => "flags",
            ChangeKind::Location => "location",
            ChangeKind::DelegationAdded => "delegationAdded",
            ChangeKind::DelegationEnded => "delegationEnded",
            ChangeKind::LocationAdded => "locationAdded",
            ChangeKind::LocationRenamed => "locationRenamed",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        [
            ChangeKind::Flags,
            ChangeKind::Location,
            ChangeKind::DelegationAdded,
            ChangeKind::DelegationEnded,
            ChangeKind::LocationAdded,
            ChangeKind::LocationRenamed,
        ]
        .into_iter()
        .find(|k| k.code() == code)
    }
}

#[cfg(test)]
mod tests;
