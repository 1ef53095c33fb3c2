//! From the rules that fired to an outcome per cover that explains itself.
//!
//! The rulebook's tables (run by the rules engine) say, row by row, what an answer means for
//! which risks: a decision, a loading, an exclusion, evidence needed, and a reason in plain
//! English naming the answers it read. Here those findings are combined: per risk the most
//! severe decision wins, loadings add up and exclusions gather; the rulebook's limits turn a
//! large total loading into a referral or a decline; and each cover takes the worst of the
//! risks it pays out on. Every outcome other than standard terms carries the findings behind
//! it, with the answers quoted, and the rulebook version that produced it.

use super::interview::Limits;
use crate::cover::Cover;
use crate::decision::{Decision, DisplayedOutcome};
use crate::ids::CoverId;
use crate::product_codes::ProductType;
use crate::product_codes::RiderType;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What a rule can apply to. `tpd` is the total permanent disability rider.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Risk {
    Life,
    Ci,
    Ip,
    Tpd,
}

impl Risk {
    /// The risks a cover is underwritten for; children's critical illness is not underwritten
    /// by the parent's interview.
    pub(crate) fn of_cover(cover: &Cover) -> Vec<Risk> {
        let mut risks = match cover.product_type {
            ProductType::Life | ProductType::LifeEssentials => vec![Risk::Life],
            ProductType::CriticalIllness => vec![Risk::Ci],
            ProductType::AcceleratedCriticalIllness => vec![Risk::Life, Risk::Ci],
            ProductType::IncomeProtection => vec![Risk::Ip],
            ProductType::ChildrensCriticalIllness => vec![],
        };
        if cover.riders.iter().any(|r| r.rider_type == RiderType::Tpd) {
            risks.push(Risk::Tpd);
        }
        risks
    }

    pub fn label(self) -> &'static str {
        match self {
            Risk::Life => "life cover",
            Risk::Ci => "critical illness cover",
            Risk::Ip => "income protection",
            Risk::Tpd => "total permanent disability",
        }
    }
}

/// One row of the rulebook that fired, as the engine returned it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    /// The row's stable id in the rulebook (`BMI-35-40`).
    pub rule: String,
    pub decision: Decision,
    pub risks: Vec<Risk>,
    /// Percent added to the premium (non-standard terms).
    #[serde(default)]
    pub loading: u32,
    #[serde(default)]
    pub exclusion: Option<String>,
    /// Evidence an underwriter needs (a GP report).
    #[serde(default)]
    pub evidence: Option<String>,
    /// Why, in plain English, with the values read.
    pub reason: String,
    /// The questions whose answers the rule read.
    #[serde(default)]
    pub answers: Vec<String>,
    /// The rulebook table the row belongs to, and the row's position in it (from the engine's
    /// trace), so an underwriter can find it in the editor.
    #[serde(default)]
    pub table: String,
    #[serde(default)]
    pub row: Option<usize>,
    /// For an exclusion: the loading (percent) the insurer would take instead, where the
    /// rulebook offers one (a priced alternative on the decision page).
    #[serde(default)]
    pub loading_instead: Option<u32>,
}

/// An answer quoted in an explanation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuotedAnswer {
    pub tag: String,
    pub question: String,
    pub answer: String,
}

/// A condition the client disclosed, with the answers to its own follow-up questions, so an
/// outcome says what was disclosed even when nothing in it changes the terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disclosure {
    pub condition: String,
    pub answers: Vec<QuotedAnswer>,
}

impl Disclosure {
    /// "Asthma (hospital admissions in the last 5 years: 0; steroid tablets (not inhalers) in
    /// the last 12 months? No)": each follow-up without the condition's name it starts with.
    fn sentence(&self) -> String {
        if self.answers.is_empty() {
            return self.condition.clone();
        }
        let prefix = format!("{}: ", self.condition.to_lowercase());
        let answers: Vec<String> = self
            .answers
            .iter()
            .map(|a| {
                let question = match a.question.to_lowercase().starts_with(&prefix) {
                    true => &a.question[prefix.len()..],
                    false => a.question.as_str(),
                };
                match question.ends_with('?') {
                    true => format!("{question} {}", a.answer),
                    false => format!("{question}: {}", a.answer),
                }
            })
            .collect();
        format!("{} ({})", self.condition, answers.join("; "))
    }
}

/// Why a cover's terms are what they are: one rule, in words, with the answers it read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Explanation {
    pub rule: String,
    pub decision: Decision,
    pub reason: String,
    #[serde(default)]
    #[schema(required = true)]
    pub loading: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exclusion: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<String>,
    pub answers: Vec<QuotedAnswer>,
    #[serde(default)]
    #[schema(required = true)]
    pub table: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub row: Option<usize>,
    // docs/decisions.md S9.
    /// The risks the rule applies to; lets the decision page work out what else could be
    /// offered. Empty in outcomes recorded before it was kept.
    #[serde(default)]
    #[schema(required = true)]
    pub risks: Vec<Risk>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loading_instead: Option<u32>,
}

/// The underwriting outcome of one cover.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoverOutcome {
    pub cover_id: CoverId,
    pub product_type: ProductType,
    pub decision: Decision,
    pub displayed: DisplayedOutcome,
    /// Total loading in percent on the premium.
    pub loading: u32,
    pub exclusions: Vec<String>,
    pub evidence: Vec<String>,
    /// One sentence for the adviser.
    pub summary: String,
    pub explanations: Vec<Explanation>,
    // docs/decisions.md W6.
    /// The terms an underwriter gave a cover the rulebook referred; the cover's decision,
    /// loading, exclusions and summary above are then the underwriter's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manual: Option<super::manual::ManualTerms>,
}

impl CoverOutcome {
    /// The terms in a few words, for a line beside a price: "Standard terms", "Non-standard
    /// terms: premium loaded by 50%, excluding back pain".
    pub fn terms_words(&self) -> String {
        let mut details = Vec::new();
        if self.displayed == DisplayedOutcome::NonStandardTerms {
            if self.loading > 0 {
                details.push(format!("premium loaded by {}%", self.loading));
            }
            details.extend(
                self.exclusions
                    .iter()
                    .map(|what| format!("excluding {what}")),
            );
        }
        match details.is_empty() {
            true => self.displayed.label().to_owned(),
            false => format!("{}: {}", self.displayed.label(), details.join(", ")),
        }
    }

    // §4 requote.
    /// The cover's terms depend on an underwriter's review: referred and not yet decided, or
    /// decided by an underwriter. A requote underwrites such a client again.
    pub(crate) fn was_manually_underwritten(&self) -> bool {
        self.decision.is_referral() || self.manual.is_some()
    }

    /// The outcome with an underwriter's terms in place of the referral.
    pub(crate) fn decided_by_underwriter(&self, terms: super::manual::ManualTerms) -> Self {
        let decision = terms.decision.decision();
        let mut next = self.clone();
        next.summary = terms.summary(self.product_type.label());
        next.decision = decision;
        next.displayed = decision.displayed();
        next.loading = terms.loading;
        next.exclusions = terms.exclusion.iter().cloned().collect();
        next.manual = Some(terms);
        next
    }
}

/// An applicant's outcome: one per cover, with the rulebook that gave it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicantOutcome {
    pub rulebook_version: String,
    pub decided_at: DateTime<Utc>,
    pub covers: Vec<CoverOutcome>,
    /// The rulebook's limits the outcome was decided with, so a variant of a cover can be
    /// decided the same way. None in outcomes recorded before they were kept.
    #[serde(default)]
    #[schema(required = true)]
    pub limits: Option<Limits>,
}

impl ApplicantOutcome {
    /// Decided at the point of sale: no cover waits for an underwriter.
    pub fn is_instant(&self) -> bool {
        self.covers.iter().all(|c| !c.decision.is_referral())
    }
}

/// How severe a decision is when findings are combined: the worst wins.
pub(crate) fn severity(decision: Decision) -> u8 {
    match decision {
        Decision::StandardTerms => 0,
        Decision::NonStandardTerms => 1,
        Decision::AdditionalEvidence => 2,
        Decision::ReferredToUw => 3,
        Decision::ManualUw => 3,
        Decision::Postponed => 4,
        Decision::Declined => 5,
    }
}

/// The combined terms for one risk.
#[derive(Debug, Clone, PartialEq)]
struct RiskTerms<'a> {
    decision: Decision,
    loading: u32,
    findings: Vec<&'a Finding>,
    limit: Option<(Decision, String)>,
}

fn terms_for<'a>(risk: Risk, findings: &'a [Finding], limits: &Limits) -> RiskTerms<'a> {
    let mine: Vec<&Finding> = findings
        .iter()
        .filter(|f| f.risks.contains(&risk))
        .collect();
    let decision = mine
        .iter()
        .map(|f| f.decision)
        .max_by_key(|d| severity(*d))
        .unwrap_or(Decision::StandardTerms);
    let loading = mine.iter().map(|f| f.loading).sum::<u32>();
    let mut limit = None;
    if severity(decision) <= severity(Decision::NonStandardTerms) {
        if loading > limits.decline_loading_above {
            limit = Some((
                Decision::Declined,
                format!(
                    "The loadings on {} add up to {loading}%, above the {}% the insurer offers",
                    risk.label(),
                    limits.decline_loading_above
                ),
            ));
        } else if loading > limits.instant_loading_max {
            limit = Some((
                Decision::ManualUw,
                format!(
                    "The loadings on {} add up to {loading}%, above the {}% decided at the point of sale",
                    risk.label(),
                    limits.instant_loading_max
                ),
            ));
        }
    }
    RiskTerms {
        decision: limit.as_ref().map_or(decision, |(d, _)| *d),
        loading,
        findings: mine,
        limit,
    }
}

/// Combines the findings into an outcome per cover. `quote` gives the question and the answer
/// as the adviser would read them, for a tag.
pub fn decide(
    findings: &[Finding],
    covers: &[Cover],
    limits: &Limits,
    quote: &dyn Fn(&str) -> Option<QuotedAnswer>,
    disclosed: &[Disclosure],
) -> Vec<CoverOutcome> {
    covers
        .iter()
        .map(|cover| {
            let risks = Risk::of_cover(cover);
            let terms: Vec<RiskTerms> = risks
                .iter()
                .map(|r| terms_for(*r, findings, limits))
                .collect();
            let decision = terms
                .iter()
                .map(|t| t.decision)
                .max_by_key(|d| severity(*d))
                .unwrap_or(Decision::StandardTerms);
            let loading = if decision == Decision::NonStandardTerms {
                terms.iter().map(|t| t.loading).max().unwrap_or(0)
            } else {
                0
            };
            let mut explanations: Vec<Explanation> = Vec::new();
            for term in &terms {
                for finding in &term.findings {
                    if explanations.iter().any(|e| e.rule == finding.rule) {
                        continue;
                    }
                    explanations.push(Explanation {
                        rule: finding.rule.clone(),
                        decision: finding.decision,
                        reason: finding.reason.clone(),
                        loading: finding.loading,
                        exclusion: finding.exclusion.clone(),
                        evidence: finding.evidence.clone(),
                        answers: finding
                            .answers
                            .iter()
                            .filter_map(|tag| quote(tag))
                            .collect(),
                        table: finding.table.clone(),
                        row: finding.row,
                        risks: finding.risks.clone(),
                        loading_instead: finding.loading_instead,
                    });
                }
                if let Some((limit_decision, reason)) = &term.limit {
                    explanations.push(Explanation {
                        rule: "LIMIT-TOTAL-LOADING".into(),
                        decision: *limit_decision,
                        reason: reason.clone(),
                        loading: 0,
                        exclusion: None,
                        evidence: None,
                        answers: Vec::new(),
                        table: "limits".into(),
                        row: None,
                        risks: vec![],
                        loading_instead: None,
                    });
                }
            }
            let exclusions = gather(explanations.iter().map(|e| e.exclusion.as_deref()));
            let evidence = gather(explanations.iter().map(|e| e.evidence.as_deref()));
            let summary = summary(
                cover,
                decision,
                loading,
                &exclusions,
                &evidence,
                risks.is_empty(),
                disclosed,
            );
            CoverOutcome {
                cover_id: cover.id.clone(),
                product_type: cover.product_type,
                decision,
                displayed: decision.displayed(),
                loading,
                exclusions: if decision == Decision::NonStandardTerms {
                    exclusions
                } else {
                    Vec::new()
                },
                evidence,
                summary,
                explanations,
                manual: None,
            }
        })
        .collect()
}

fn gather<'a>(items: impl Iterator<Item = Option<&'a str>>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for item in items.flatten() {
        if !out.iter().any(|o| o == item) {
            out.push(item.to_owned());
        }
    }
    out
}

/// One sentence an adviser can read to the client.
fn summary(
    cover: &Cover,
    decision: Decision,
    loading: u32,
    exclusions: &[String],
    evidence: &[String],
    not_underwritten: bool,
    disclosed: &[Disclosure],
) -> String {
    let product = cover.product_type.label();
    match decision {
        Decision::StandardTerms if not_underwritten => {
            format!(
                "{product}: standard terms; this cover is not underwritten on the client's answers."
            )
        }
        Decision::StandardTerms if disclosed.is_empty() => {
            format!("{product}: standard terms; nothing in the answers changes them.")
        }
        Decision::StandardTerms => {
            let sentences: Vec<String> = disclosed.iter().map(Disclosure::sentence).collect();
            let which = if disclosed.len() == 1 {
                "which does"
            } else {
                "which do"
            };
            format!(
                "{product}: standard terms. Disclosed: {}, {which} not change them.",
                sentences.join("; ")
            )
        }
        Decision::NonStandardTerms => {
            let mut parts = Vec::new();
            if loading > 0 {
                parts.push(format!("the premium is loaded by {loading}%"));
            }
            if !exclusions.is_empty() {
                parts.push(format!(
                    "claims arising from {} are excluded",
                    exclusions.join(", ")
                ));
            }
            format!("{product}: non-standard terms: {}.", parts.join(" and "))
        }
        Decision::AdditionalEvidence => format!(
            "{product}: underwriting required: the insurer needs {} before it can offer terms.",
            if evidence.is_empty() {
                "more evidence".to_owned()
            } else {
                evidence.join(" and ")
            }
        ),
        Decision::ManualUw | Decision::ReferredToUw => {
            format!(
                "{product}: underwriting required: an underwriter will review the answers and set the terms."
            )
        }
        Decision::Postponed => format!(
            "{product}: unable to offer terms now (postponed); the client may apply again later."
        ),
        Decision::Declined => format!("{product}: unable to offer terms (declined)."),
    }
}

#[cfg(test)]
mod tests;
