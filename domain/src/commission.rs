//! Commission: the §9 styles (indemnity, non-indemnity, hybrid), the §6 commission type of an
//! adviser, and the §3 commission adjustment an adviser makes on contact details
//! (`initialCommissionSacrificePercentage`, `initialIndemnityPercentage`).
//!
//! Indemnity commission is paid up front and clawed back if the policy lapses early;
//! non-indemnity is paid as premiums are collected; hybrid pays part of it each way. The
//! indemnity percentage is the share paid up front, so it alone decides the style. What an
//! adviser may choose is set by their flags (`isIndemCommissionAllowed`,
//! `fixedIndemnityPercentage`, `configureHybridCommission`); see docs/decisions.md
//! J12 to J16.

use crate::adviser::UxSettings;
use crate::errors::{Errors, FieldError};
use crate::money::Percentage;
use serde::{Deserialize, Serialize};

pub(crate) const SACRIFICE_FIELD: &str = "initialCommissionSacrificePercentage";
pub(crate) const INDEMNITY_FIELD: &str = "initialIndemnityPercentage";
pub(crate) const SACRIFICE_INVALID: &str =
    "Commission sacrifice must be from 0% to 100%, to at most two decimal places";
pub(crate) const INDEMNITY_INVALID: &str =
    "Indemnity must be from 0% to 100%, to at most two decimal places";
pub(crate) const INDEMNITY_NOT_ALLOWED: &str =
    "Indemnity commission is not available to this adviser";
pub(crate) const HYBRID_NOT_CONFIGURED: &str =
    "Choose 0% or 100% indemnity: hybrid commission is not set up for this adviser";

// §9 commission styles.
/// The three commission styles: indemnity, non-indemnity and hybrid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CommissionStyle {
    Indemnity,
    NonIndemnity,
    Hybrid,
}

impl CommissionStyle {
    /// The style an indemnity percentage gives: all up front is indemnity, none up front is
    /// non-indemnity, anything strictly between is hybrid.
    pub fn of(indemnity: Percentage) -> Self {
        if indemnity == Percentage::HUNDRED {
            CommissionStyle::Indemnity
        } else if indemnity == Percentage::ZERO {
            CommissionStyle::NonIndemnity
        } else {
            CommissionStyle::Hybrid
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            CommissionStyle::Indemnity => "indemnity",
            CommissionStyle::NonIndemnity => "nonIndemnity",
            CommissionStyle::Hybrid => "hybrid",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            CommissionStyle::Indemnity => "Indemnity",
            CommissionStyle::NonIndemnity => "Non-indemnity",
            CommissionStyle::Hybrid => "Hybrid",
        }
    }
}

// §6 "Commission type".
/// `None` if indemnity commission is not allowed or the (fixed) percentage is absent; otherwise
/// indemnity at exactly 100, non-indemnity at exactly 0 and hybrid strictly between.
pub fn commission_type(
    indemnity_allowed: bool,
    fixed_indemnity: Option<Percentage>,
) -> Option<CommissionStyle> {
    if !indemnity_allowed {
        return None;
    }
    fixed_indemnity.map(CommissionStyle::of)
}

/// What an adviser's flags allow them to choose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CommissionRules {
    pub indemnity_allowed: bool,
    pub fixed_indemnity: Option<Percentage>,
    pub hybrid_configurable: bool,
}

impl CommissionRules {
    /// Reads the flags. A `fixedIndemnityPercentage` that is not a percentage from 0 to 100
    /// with at most two decimals is ignored, as if absent (J15).
    pub fn from_settings(settings: &UxSettings) -> Self {
        Self {
            indemnity_allowed: settings.is_indem_commission_allowed,
            fixed_indemnity: settings
                .fixed_indemnity_percentage
                .and_then(Percentage::parse),
            hybrid_configurable: settings.configure_hybrid_commission,
        }
    }

    // §6 commission type.
    /// This adviser's commission type.
    pub fn commission_type(&self) -> Option<CommissionStyle> {
        commission_type(self.indemnity_allowed, self.fixed_indemnity)
    }

    /// The styles the adviser may pick from, in the order the form offers them (J13).
    pub fn allowed_styles(&self) -> Vec<CommissionStyle> {
        if !self.indemnity_allowed {
            return vec![CommissionStyle::NonIndemnity];
        }
        if let Some(style) = self.commission_type() {
            return vec![style];
        }
        let mut styles = vec![CommissionStyle::Indemnity, CommissionStyle::NonIndemnity];
        if self.hybrid_configurable {
            styles.push(CommissionStyle::Hybrid);
        }
        styles
    }

    /// The indemnity percentage used when the adviser leaves it out: none when indemnity is
    /// not allowed, the fixed one when fixed, otherwise all of it (J14).
    pub(crate) fn default_indemnity(&self) -> Percentage {
        match (self.indemnity_allowed, self.fixed_indemnity) {
            (false, _) => Percentage::ZERO,
            (true, Some(fixed)) => fixed,
            (true, None) => Percentage::HUNDRED,
        }
    }

    /// Checks a commission adjustment, returning every broken rule at once.
    pub fn check(&self, input: &CommissionInput) -> Result<Commission, Vec<FieldError>> {
        let mut errors = Errors::default();
        let sacrifice = match input.initial_commission_sacrifice_percentage {
            None => Some(Percentage::ZERO),
            Some(value) => Percentage::parse(value),
        };
        if sacrifice.is_none() {
            errors.push(SACRIFICE_FIELD, SACRIFICE_INVALID);
        }
        let indemnity = match input.initial_indemnity_percentage {
            None => Some(self.default_indemnity()),
            Some(value) => Percentage::parse(value),
        };
        match indemnity {
            None => errors.push(INDEMNITY_FIELD, INDEMNITY_INVALID),
            Some(chosen) => {
                if let Some(message) = self.refusal(chosen) {
                    errors.push(INDEMNITY_FIELD, &message);
                }
            }
        }
        match (sacrifice, indemnity, errors.is_empty()) {
            (Some(sacrifice), Some(indemnity), true) => Ok(Commission {
                initial_commission_sacrifice_percentage: sacrifice,
                initial_indemnity_percentage: indemnity,
            }),
            _ => Err(errors.into_vec()),
        }
    }

    /// Why this adviser may not choose `indemnity`, if they may not.
    fn refusal(&self, indemnity: Percentage) -> Option<String> {
        if !self.indemnity_allowed {
            return (indemnity != Percentage::ZERO).then(|| INDEMNITY_NOT_ALLOWED.to_owned());
        }
        if let Some(fixed) = self.fixed_indemnity {
            return (indemnity != fixed).then(|| fixed_message(fixed));
        }
        (indemnity.is_partial() && !self.hybrid_configurable)
            .then(|| HYBRID_NOT_CONFIGURED.to_owned())
    }
}

/// "Indemnity is fixed at 50% for this adviser".
pub(crate) fn fixed_message(fixed: Percentage) -> String {
    format!(
        "Indemnity is fixed at {}% for this adviser",
        percent_text(fixed)
    )
}

/// A percentage without trailing zeros: "50", "33.5", "0.01".
pub(crate) fn percent_text(percent: Percentage) -> String {
    let hundredths = percent.hundredths();
    let whole = hundredths / 100;
    match hundredths % 100 {
        0 => whole.to_string(),
        fraction if fraction % 10 == 0 => format!("{whole}.{}", fraction / 10),
        fraction => format!("{whole}.{fraction:02}"),
    }
}

// §7 `application/commission`.
/// The commission adjustment as sent; either field may be left out.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CommissionInput {
    pub initial_commission_sacrifice_percentage: Option<f64>,
    pub initial_indemnity_percentage: Option<f64>,
}

/// An accepted commission adjustment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Commission {
    pub initial_commission_sacrifice_percentage: Percentage,
    pub initial_indemnity_percentage: Percentage,
}

impl Commission {
    pub fn style(&self) -> CommissionStyle {
        CommissionStyle::of(self.initial_indemnity_percentage)
    }
}

#[cfg(test)]
mod tests;
