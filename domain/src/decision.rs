//! Underwriting decisions (§4 "Decision values") and what each means for the journey: which
//! are acceptable, which are referrals, which close the case, and the four outcomes shown.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A decision on a cover, as the underwriting engine or an underwriter gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    StandardTerms,
    NonStandardTerms,
    ManualUw,
    AdditionalEvidence,
    Declined,
    Postponed,
    ReferredToUw,
}

/// The terms underwriting gave one cover: its decision and any loading in percent. A quote
/// before underwriting prices every cover on the default: no decision, no loading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct UnderwritingTerms {
    pub decision: Option<Decision>,
    pub loading: u32,
}

// §4 decision values.
/// The class a decision falls in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum OutcomeClass {
    /// Standard or non-standard terms: the cover can go ahead.
    Acceptable,
    /// An underwriter must look (manual underwriting, additional evidence, referred).
    Referral,
    /// Declined: no terms will be offered.
    Declined,
    /// Postponed: no terms now; the client may apply again later.
    Postponed,
}

// §4 "Displayed outcomes".
/// The four outcomes advisers see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum DisplayedOutcome {
    StandardTerms,
    NonStandardTerms,
    UnderwritingRequired,
    UnableToOfferTerms,
}

impl DisplayedOutcome {
    pub fn label(self) -> &'static str {
        match self {
            DisplayedOutcome::StandardTerms => "Standard terms",
            DisplayedOutcome::NonStandardTerms => "Non-standard terms",
            DisplayedOutcome::UnderwritingRequired => "Underwriting required",
            DisplayedOutcome::UnableToOfferTerms => "Unable to offer terms",
        }
    }
}

impl Decision {
    pub const ALL: [Decision; 7] = [
        Decision::StandardTerms,
        Decision::NonStandardTerms,
        Decision::ManualUw,
        Decision::AdditionalEvidence,
        Decision::Declined,
        Decision::Postponed,
        Decision::ReferredToUw,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Decision::StandardTerms => "standardterms",
            Decision::NonStandardTerms => "nonstandardterms",
            Decision::ManualUw => "manualuw",
            Decision::AdditionalEvidence => "additionalevidence",
            Decision::Declined => "declined",
            Decision::Postponed => "postponed",
            Decision::ReferredToUw => "referredtouw",
        }
    }

    /// Reads a decision code, ignoring case (engines differ in capitalisation).
    pub fn parse(code: &str) -> Option<Self> {
        let code = code.trim().to_ascii_lowercase();
        Self::ALL.into_iter().find(|d| d.code() == code)
    }

    pub fn class(self) -> OutcomeClass {
        match self {
            Decision::StandardTerms | Decision::NonStandardTerms => OutcomeClass::Acceptable,
            Decision::ManualUw | Decision::AdditionalEvidence | Decision::ReferredToUw => {
                OutcomeClass::Referral
            }
            Decision::Declined => OutcomeClass::Declined,
            Decision::Postponed => OutcomeClass::Postponed,
        }
    }

    // §4 "Declined and postponed count as closed".
    /// Declined and postponed: no terms are offered on the cover.
    pub fn is_closed(self) -> bool {
        matches!(
            self.class(),
            OutcomeClass::Declined | OutcomeClass::Postponed
        )
    }

    pub fn is_acceptable(self) -> bool {
        self.class() == OutcomeClass::Acceptable
    }

    pub(crate) fn is_referral(self) -> bool {
        self.class() == OutcomeClass::Referral
    }

    // §4 requote.
    /// Whether terms depend on an underwriter's manual review, which a requote must repeat.
    pub(crate) fn was_manually_underwritten(self) -> bool {
        self.is_referral()
    }

    pub fn displayed(self) -> DisplayedOutcome {
        match self {
            Decision::StandardTerms => DisplayedOutcome::StandardTerms,
            Decision::NonStandardTerms => DisplayedOutcome::NonStandardTerms,
            Decision::ManualUw | Decision::AdditionalEvidence | Decision::ReferredToUw => {
                DisplayedOutcome::UnderwritingRequired
            }
            Decision::Declined | Decision::Postponed => DisplayedOutcome::UnableToOfferTerms,
        }
    }

    // §5, §8 "Unable to offer terms blocks applying".
    /// Declined or postponed: unable to offer terms, which blocks applying.
    pub(crate) fn is_unable_to_offer_terms(self) -> bool {
        self.displayed() == DisplayedOutcome::UnableToOfferTerms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_decision_has_the_class_and_outcome_the_spec_gives() {
        use Decision::*;
        use DisplayedOutcome as D;
        let expected = [
            (
                StandardTerms,
                OutcomeClass::Acceptable,
                D::StandardTerms,
                false,
            ),
            (
                NonStandardTerms,
                OutcomeClass::Acceptable,
                D::NonStandardTerms,
                false,
            ),
            (
                ManualUw,
                OutcomeClass::Referral,
                D::UnderwritingRequired,
                false,
            ),
            (
                AdditionalEvidence,
                OutcomeClass::Referral,
                D::UnderwritingRequired,
                false,
            ),
            (
                ReferredToUw,
                OutcomeClass::Referral,
                D::UnderwritingRequired,
                false,
            ),
            (
                Declined,
                OutcomeClass::Declined,
                D::UnableToOfferTerms,
                true,
            ),
            (
                Postponed,
                OutcomeClass::Postponed,
                D::UnableToOfferTerms,
                true,
            ),
        ];
        for (decision, class, shown, closed) in expected {
            assert_eq!(decision.class(), class, "{decision:?}");
            assert_eq!(decision.displayed(), shown, "{decision:?}");
            assert_eq!(decision.is_closed(), closed, "{decision:?}");
            assert_eq!(decision.is_unable_to_offer_terms(), closed, "{decision:?}");
            assert_eq!(decision.is_acceptable(), class == OutcomeClass::Acceptable);
            assert_eq!(decision.is_referral(), class == OutcomeClass::Referral);
        }
    }

    #[test]
    fn decision_codes_round_trip_ignoring_case() {
        for decision in Decision::ALL {
            assert_eq!(Decision::parse(decision.code()), Some(decision));
            assert_eq!(
                Decision::parse(&decision.code().to_uppercase()),
                Some(decision)
            );
            assert_eq!(serde_json::to_value(decision).unwrap(), decision.code());
        }
        assert_eq!(Decision::parse("accepted"), None);
    }

    #[test]
    fn the_four_displayed_outcomes_carry_the_spec_labels() {
        assert_eq!(
            labels(),
            [
                "Standard terms",
                "Non-standard terms",
                "Underwriting required",
                "Unable to offer terms"
            ]
        );
    }

    fn labels() -> Vec<&'static str> {
        [
            DisplayedOutcome::StandardTerms,
            DisplayedOutcome::NonStandardTerms,
            DisplayedOutcome::UnderwritingRequired,
            DisplayedOutcome::UnableToOfferTerms,
        ]
        .map(DisplayedOutcome::label)
        .to_vec()
    }
}
