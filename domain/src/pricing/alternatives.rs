//! Priced alternatives at the decision (issue 13, docs/decisions.md S9): where underwriting
//! loaded a cover or excluded something from it, what else the insurer could offer, decided by
//! the same rules (the findings kept in the outcome, combined with the rulebook's limits) and
//! priced on the same basis as the decision quote, so the adviser can take one with a click:
//!
//! - **the loading instead of the exclusion**, where the rulebook says what loading it would
//!   take for an excluded pursuit;
//! - **without the benefit that was rated**: the combined life and critical illness cover as
//!   life cover only, or the cover without its total permanent disability rider, when the
//!   terms on what is left are better;
//! - **the quoted price, for less cover**: the largest amount (or monthly benefit) whose price
//!   on the loaded terms is no more than the premium quoted before underwriting.
//!
//! Working them out prices whole applications, so it is pricing's; an [`Alternative`] and
//! taking one ([`crate::application::TakeAlternative`]) are the application's.

use super::Basis;
use crate::application::{Alternative, AlternativeKind, Application};
use crate::catalogue::Catalogue;
use crate::cover::Cover;
use crate::dates::age_on;
use crate::decision::Decision;
use crate::ids::{ApplicantId, CoverId};
use crate::money::Money;
use crate::product_codes::{ProductType, RiderType};
use crate::quote::Quote;
use crate::underwriting::outcome::{
    CoverOutcome, Explanation, Finding, QuotedAnswer, Risk, decide, severity,
};
use chrono::NaiveDate;

/// Sums assured are offered in whole thousands, monthly benefits in tens of pounds.
const AMOUNT_STEP_PENCE: u64 = 1_000 * 100;
const BENEFIT_STEP_PENCE: u64 = 10 * 100;

impl Basis {
    /// Every alternative on offer at the decision, priced; empty when the decision is not
    /// priced or no cover is loaded or excluded.
    pub fn alternatives(
        &self,
        catalogue: &Catalogue,
        application: &Application,
        today: NaiveDate,
    ) -> Vec<Alternative> {
        if application.check_can_quote_decision().is_err() || application.set_up.active {
            return Vec::new();
        }
        let Some(decision_quote) = application.decision.decision_quote.as_ref() else {
            return Vec::new();
        };
        let mut offers = Vec::new();
        for applicant in &application.applicants {
            let Some(outcome) = application
                .enquiry_of(&applicant.id)
                .and_then(|e| e.outcome.as_ref())
            else {
                continue;
            };
            let age = applicant
                .details
                .date_of_birth
                .and_then(|born| age_on(born, application.age_date(today)));
            for cover in &applicant.covers {
                let cover_id = &cover.id;
                let Some(now) = outcome.covers.iter().find(|c| &c.cover_id == cover_id) else {
                    continue;
                };
                if now.decision != Decision::NonStandardTerms {
                    continue;
                }
                let current = cover_premium(decision_quote, cover_id).unwrap_or_default();
                let mut variants = Vec::new();
                // Terms an underwriter gave are theirs: the rulebook does not redecide them.
                if let (None, Some((findings, quoted)), Some(limits)) =
                    (&now.manual, findings_of(now), outcome.limits)
                {
                    let quote = |tag: &str| quoted.iter().find(|q| q.tag == tag).cloned();
                    let redecide = |variant: &Cover, findings: &[Finding]| {
                        decide(
                            findings,
                            std::slice::from_ref(variant),
                            &limits,
                            &quote,
                            &[],
                        )
                        .into_iter()
                        .next()
                    };
                    variants.extend(loading_instead(cover, now, &findings, &redecide));
                    variants.extend(without_rated_benefit(cover, now, &findings, &redecide));
                }
                variants.extend(quoted_price_less_cover(
                    application,
                    self,
                    catalogue,
                    today,
                    applicant.id.clone(),
                    cover,
                    now,
                ));
                for (kind, variant, terms, description) in variants {
                    if age.is_some_and(|age| !catalogue.check_cover(&variant, age).is_empty()) {
                        continue;
                    }
                    let Some((premium, total)) = price_variant(
                        application,
                        self,
                        catalogue,
                        today,
                        &applicant.id,
                        &variant,
                        &terms,
                    ) else {
                        continue;
                    };
                    offers.push(Alternative {
                        id: format!("{cover_id}.{}", kind.code()),
                        applicant_id: applicant.id.clone(),
                        cover_id: cover_id.clone(),
                        kind,
                        description,
                        cover: variant,
                        outcome: terms,
                        premium,
                        current_premium: current,
                        total_premium: total,
                        based_on_version: application.version,
                    });
                }
            }
        }
        offers
    }
}

/// The largest amount whose price on the same terms is no more than the cover's premium at
/// the quote, before underwriting.
fn quoted_price_less_cover(
    application: &Application,
    basis: &Basis,
    catalogue: &Catalogue,
    today: NaiveDate,
    applicant: ApplicantId,
    cover: &Cover,
    now: &CoverOutcome,
) -> Option<(AlternativeKind, Cover, CoverOutcome, String)> {
    if now.loading == 0 {
        return None;
    }
    let cover_id = &cover.id;
    let budget = cover_premium(application.quote_stage.quote.as_ref()?, cover_id)?;
    let (current, step, benefit) = match (cover.monthly_benefit, cover.cover_amount) {
        (Some(benefit), _) => (benefit, BENEFIT_STEP_PENCE, true),
        (None, Some(amount)) => (amount, AMOUNT_STEP_PENCE, false),
        (None, None) => return None,
    };
    let with_amount = |steps: u64| {
        let mut variant = cover.clone();
        let amount = Money::from_pence(steps * step)?;
        if benefit {
            variant.monthly_benefit = Some(amount);
        } else {
            variant.cover_amount = Some(amount);
        }
        Some(variant)
    };
    let fits = |steps: u64| {
        with_amount(steps)
            .and_then(|v| price_variant(application, basis, catalogue, today, &applicant, &v, now))
            .is_some_and(|(premium, _)| premium <= budget)
    };
    // The price rises with the amount: find the most steps that still fit the budget.
    let (mut low, mut high) = (0, current.pence() / step);
    if high == 0 || fits(high) {
        return None;
    }
    while high - low > 1 {
        let mid = (low + high) / 2;
        if fits(mid) {
            low = mid;
        } else {
            high = mid;
        }
    }
    let variant = with_amount(low).filter(|_| low > 0)?;
    let amount = Money::from_pence(low * step)?;
    let amount = if benefit {
        format!("{} a month", crate::formats::money(amount))
    } else {
        crate::formats::money(amount)
    };
    let description = format!(
        "Keep the price quoted before underwriting ({}) with {amount} of cover, on the same terms",
        crate::formats::money_with_pence(budget)
    );
    Some((
        AlternativeKind::QuotedPriceLessCover,
        variant,
        now.clone(),
        description,
    ))
}

/// The findings an outcome's explanations were made from, and how to quote their answers.
/// None when the outcome predates the risks being kept (nothing can be re-decided).
fn findings_of(outcome: &CoverOutcome) -> Option<(Vec<Finding>, Vec<QuotedAnswer>)> {
    let explanations: Vec<&Explanation> = outcome
        .explanations
        .iter()
        .filter(|e| e.rule != "LIMIT-TOTAL-LOADING")
        .collect();
    if explanations.iter().any(|e| e.risks.is_empty()) {
        return None;
    }
    let findings = explanations
        .iter()
        .map(|e| Finding {
            rule: e.rule.clone(),
            decision: e.decision,
            risks: e.risks.clone(),
            loading: e.loading,
            exclusion: e.exclusion.clone(),
            evidence: e.evidence.clone(),
            reason: e.reason.clone(),
            answers: e.answers.iter().map(|a| a.tag.clone()).collect(),
            table: e.table.clone(),
            row: e.row,
            loading_instead: e.loading_instead,
        })
        .collect();
    let quoted = explanations
        .iter()
        .flat_map(|e| e.answers.iter().cloned())
        .collect();
    Some((findings, quoted))
}

/// Whether `better` is better terms than `now` for the client: a less severe decision, or the
/// same with a lower loading or fewer exclusions.
fn is_better(better: &CoverOutcome, now: &CoverOutcome) -> bool {
    let (b, n) = (severity(better.decision), severity(now.decision));
    b < n
        || (b == n
            && (better.loading < now.loading
                || (better.loading == now.loading
                    && better.exclusions.len() < now.exclusions.len())))
}

/// Prices the decision with a variant; its cover's premium and the total.
fn price_variant(
    app: &Application,
    basis: &Basis,
    catalogue: &Catalogue,
    today: NaiveDate,
    applicant: &ApplicantId,
    cover: &Cover,
    outcome: &CoverOutcome,
) -> Option<(Money, Money)> {
    let variant = app.with_variant(applicant, cover, outcome);
    let quote = basis
        .price_decision(catalogue, &variant, variant.age_date(today), String::new())
        .ok()?;
    Some((cover_premium(&quote, &outcome.cover_id)?, quote.premium))
}

fn cover_premium(quote: &Quote, cover_id: &CoverId) -> Option<Money> {
    quote
        .quote_applicants
        .iter()
        .flat_map(|a| &a.quote_covers)
        .find(|c| &c.cover_id == cover_id)
        .map(|c| c.premium)
}

type Variant = (AlternativeKind, Cover, CoverOutcome, String);

/// The exclusion replaced by the loading the rulebook would take instead.
fn loading_instead(
    cover: &Cover,
    now: &CoverOutcome,
    findings: &[Finding],
    redecide: &dyn Fn(&Cover, &[Finding]) -> Option<CoverOutcome>,
) -> Option<Variant> {
    let swapped: Vec<&Finding> = findings
        .iter()
        .filter(|f| f.exclusion.is_some() && f.loading_instead.is_some())
        .collect();
    if swapped.is_empty() {
        return None;
    }
    let changed: Vec<Finding> = findings
        .iter()
        .map(|f| match (&f.exclusion, f.loading_instead) {
            (Some(_), Some(extra)) => Finding {
                exclusion: None,
                loading: f.loading + extra,
                loading_instead: None,
                ..f.clone()
            },
            _ => f.clone(),
        })
        .collect();
    let terms = redecide(cover, &changed)?;
    if !terms.decision.is_acceptable() || terms.exclusions.len() >= now.exclusions.len() {
        return None;
    }
    let names: Vec<String> = swapped
        .iter()
        .filter_map(|f| f.exclusion.clone())
        .map(|e| e.to_lowercase())
        .collect();
    Some((
        AlternativeKind::LoadingInsteadOfExclusion,
        cover.clone(),
        terms.clone(),
        format!(
            "Cover {} too, for a loading of {}% instead of the exclusion",
            names.join(" and "),
            terms.loading
        ),
    ))
}

/// The cover without the benefit whose risk was rated, when what is left gets better terms.
fn without_rated_benefit(
    cover: &Cover,
    now: &CoverOutcome,
    findings: &[Finding],
    redecide: &dyn Fn(&Cover, &[Finding]) -> Option<CoverOutcome>,
) -> Option<Variant> {
    let mut variant = cover.clone();
    let description;
    if cover.riders.iter().any(|r| r.rider_type == RiderType::Tpd)
        && findings.iter().any(|f| f.risks.contains(&Risk::Tpd))
    {
        variant.riders.retain(|r| r.rider_type != RiderType::Tpd);
        description = "Without the total permanent disability benefit".to_owned();
    } else if cover.product_type == ProductType::AcceleratedCriticalIllness {
        variant.product_type = ProductType::Life;
        variant.riders.clear();
        description = "As life cover only, without critical illness".to_owned();
    } else {
        return None;
    }
    let terms = redecide(&variant, findings)?;
    if !terms.decision.is_acceptable() || !is_better(&terms, now) {
        return None;
    }
    let description = format!("{description}: {}", terms.displayed.label().to_lowercase());
    Some((
        AlternativeKind::WithoutRatedBenefit,
        variant,
        terms,
        description,
    ))
}

#[cfg(test)]
mod tests;
