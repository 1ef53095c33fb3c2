//! Manual underwriting: the terms an underwriter gives a referred cover (issue 30), and the
//! rule that checks them before anything is written. The underwriter chooses standard terms, a
//! loading, an exclusion, postponement or decline, always with a reason the adviser can read;
//! the cover's outcome then carries those terms beside the rulebook's referral, so pricing, the
//! decision page and the policy documents read one set of terms (docs/decisions.md W6).

use super::interview::Limits;
use crate::decision::Decision;
use crate::errors::{Errors, Rejection};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Someone on the insurer's staff, as their token names them: who claimed, asked for evidence
/// or decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Underwriter {
    /// The token's subject.
    pub id: String,
    pub name: String,
}

/// What the underwriter decided (the API's `decision`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ManualDecision {
    StandardTerms,
    Loading,
    Exclusion,
    Postponed,
    Declined,
}

impl ManualDecision {
    // §4 decision values.
    /// The decision the cover takes.
    pub fn decision(self) -> Decision {
        match self {
            ManualDecision::StandardTerms => Decision::StandardTerms,
            ManualDecision::Loading | ManualDecision::Exclusion => Decision::NonStandardTerms,
            ManualDecision::Postponed => Decision::Postponed,
            ManualDecision::Declined => Decision::Declined,
        }
    }
}

/// An underwriter's decision on one cover, as sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManualDecisionInput {
    pub decision: ManualDecision,
    /// Percent added to the premium: required for `loading`, allowed with `exclusion`.
    #[serde(default)]
    pub loading_percent: Option<u32>,
    /// The exclusion's wording: required for `exclusion`, allowed with `loading`.
    #[serde(default)]
    pub exclusion: Option<String>,
    /// Months until the client may apply again: required for `postponed`.
    #[serde(default)]
    pub postpone_months: Option<u32>,
    /// Why, in words the adviser can read to the client.
    #[serde(default)]
    pub reason: Option<String>,
}

/// The terms an underwriter gave a referred cover, kept on the cover's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManualTerms {
    pub decision: ManualDecision,
    pub loading: u32,
    #[serde(default)]
    #[schema(required = true)]
    pub exclusion: Option<String>,
    #[serde(default)]
    #[schema(required = true)]
    pub postpone_months: Option<u32>,
    pub reason: String,
    pub decided_by: Underwriter,
    pub decided_at: DateTime<Utc>,
    /// The rulebook's decision that referred the cover, and its sentence, kept to show beside
    /// the underwriter's.
    pub referred_as: Decision,
    pub referred_summary: String,
}

/// The most months a cover may be postponed by.
pub const MAX_POSTPONE_MONTHS: u32 = 24;
/// Longest exclusion wording, in characters.
pub(crate) const MAX_EXCLUSION_CHARS: usize = 300;
/// Longest reason, in characters.
pub(crate) const MAX_REASON_CHARS: usize = 1_000;

/// Text as it will be kept: trimmed, and `None` when empty.
fn given(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|t| !t.is_empty())
}

/// Whether the text holds a character that would corrupt a letter or a PDF.
fn has_control(text: &str) -> bool {
    text.chars().any(|c| c.is_control() && c != '\n')
}

impl ManualDecisionInput {
    /// Checks the decision against `limits` (a loading from 1% to the most the rulebook offers,
    /// months from 1 to [`MAX_POSTPONE_MONTHS`], the wording an exclusion needs, a reason
    /// always); every field at fault is named at once. Returns the terms as they will be kept.
    pub fn check(
        &self,
        limits: &Limits,
        referred_as: Decision,
        referred_summary: &str,
        decided_by: &Underwriter,
        decided_at: DateTime<Utc>,
    ) -> Result<ManualTerms, Rejection> {
        let mut errors = Errors::default();
        let exclusion = given(self.exclusion.as_deref());
        let reason = given(self.reason.as_deref());
        let max_loading = limits.decline_loading_above;
        match (self.decision, self.loading_percent) {
            (ManualDecision::Loading, None) => errors.push(
                "loadingPercent",
                "Please give the loading, as a percentage of the premium",
            ),
            (ManualDecision::Loading | ManualDecision::Exclusion, Some(loading))
                if loading == 0 || loading > max_loading =>
            {
                errors.push(
                    "loadingPercent",
                    &format!(
                        "The loading must be from 1% to {max_loading}%, the most the insurer offers"
                    ),
                );
            }
            (ManualDecision::Loading | ManualDecision::Exclusion, _) | (_, None) => {}
            (_, Some(_)) => errors.push(
                "loadingPercent",
                "A loading goes with a loading or an exclusion, not with this decision",
            ),
        }
        match (self.decision, exclusion) {
            (ManualDecision::Exclusion, None) => {
                errors.push("exclusion", "Please give the exclusion's wording")
            }
            (ManualDecision::Loading | ManualDecision::Exclusion, Some(text))
                if text.chars().count() > MAX_EXCLUSION_CHARS || has_control(text) =>
            {
                errors.push(
                    "exclusion",
                    &format!("The exclusion's wording must be at most {MAX_EXCLUSION_CHARS} characters of text"),
                );
            }
            (ManualDecision::Loading | ManualDecision::Exclusion, _) | (_, None) => {}
            (_, Some(_)) => errors.push(
                "exclusion",
                "An exclusion goes with a loading or an exclusion, not with this decision",
            ),
        }
        match (self.decision, self.postpone_months) {
            (ManualDecision::Postponed, None) => errors.push(
                "postponeMonths",
                "Please give the months until the client may apply again",
            ),
            (ManualDecision::Postponed, Some(months))
                if months == 0 || months > MAX_POSTPONE_MONTHS =>
            {
                errors.push(
                    "postponeMonths",
                    &format!("A postponement must be from 1 to {MAX_POSTPONE_MONTHS} months"),
                );
            }
            (ManualDecision::Postponed, _) | (_, None) => {}
            (_, Some(_)) => errors.push(
                "postponeMonths",
                "Months go with a postponement, not with this decision",
            ),
        }
        match reason {
            None => errors.push(
                "reason",
                "Please give a reason the adviser can read to the client",
            ),
            Some(text) if text.chars().count() > MAX_REASON_CHARS || has_control(text) => {
                errors.push(
                    "reason",
                    &format!("The reason must be at most {MAX_REASON_CHARS} characters of text"),
                );
            }
            Some(_) => {}
        }
        errors.into_result(())?;
        Ok(ManualTerms {
            decision: self.decision,
            loading: self.loading_percent.unwrap_or(0),
            exclusion: exclusion.map(str::to_owned),
            postpone_months: self.postpone_months,
            reason: reason.unwrap_or_default().to_owned(),
            decided_by: decided_by.clone(),
            decided_at,
            referred_as,
            referred_summary: referred_summary.to_owned(),
        })
    }
}

impl ManualTerms {
    /// One sentence for the adviser, as the rulebook's summaries read: "Life Protection:
    /// non-standard terms from the underwriter: the premium is loaded by 50%."
    pub fn summary(&self, product: &str) -> String {
        match self.decision {
            ManualDecision::StandardTerms => {
                format!("{product}: standard terms from the underwriter.")
            }
            ManualDecision::Loading | ManualDecision::Exclusion => {
                let mut parts = Vec::new();
                if self.loading > 0 {
                    parts.push(format!("the premium is loaded by {}%", self.loading));
                }
                if let Some(exclusion) = &self.exclusion {
                    parts.push(format!("claims arising from {exclusion} are excluded"));
                }
                format!(
                    "{product}: non-standard terms from the underwriter: {}.",
                    parts.join(" and ")
                )
            }
            ManualDecision::Postponed => format!(
                "{product}: unable to offer terms now (postponed for {} months); the client may apply again after that.",
                self.postpone_months.unwrap_or_default()
            ),
            ManualDecision::Declined => {
                format!("{product}: unable to offer terms (declined by the underwriter).")
            }
        }
    }
}

#[cfg(test)]
mod tests;
