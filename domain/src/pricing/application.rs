//! Pricing a whole application: every cover of every client at the quote age date, checked
//! against the catalogue's limits first (each problem named by its field), with each client's
//! policy fee and the commission the adviser chose; and the decision quote, the same on the
//! terms underwriting gave each cover.

use super::basis::Basis;
use super::premium::{CommissionTerms, Life, pounds};
use crate::application::Application;
use crate::catalogue::Catalogue;
use crate::cover::Cover;
use crate::dates::age_on;
use crate::decision::{Decision, UnderwritingTerms};
use crate::errors::{Errors, Rejection};
use crate::ids::{ApplicantId, CoverId};
use crate::money::Money;
use crate::product_codes::ProductType;
use crate::qi::QiRecord;
use crate::quote::{PremiumLine, Quote, QuoteApplicant, QuoteCover, QuoteRider};
use chrono::NaiveDate;

impl Basis {
    /// Prices every cover of every applicant at the quote age date: covers must be complete
    /// and within the catalogue's limits (each problem is named by its field), and each client
    /// needs a gender and date of birth.
    pub fn price_application(
        &self,
        catalogue: &Catalogue,
        application: &Application,
        quote_age_date: NaiveDate,
        quote_id: String,
    ) -> Result<Quote, Rejection> {
        application.check_can_price()?;
        self.price_with_terms(catalogue, application, quote_age_date, quote_id, |_, _| {
            UnderwritingTerms::default()
        })
    }

    /// The decision quote (§1 step 7): every cover priced as at the quote, then on the terms
    /// underwriting gave it: a loading raises the cover's premium and its riders' by its
    /// percentage; a postponed or declined cover is left out at no premium; a client with no
    /// cover left pays no policy fee. `unloadedPremium` is the same covers without loadings.
    pub fn price_decision(
        &self,
        catalogue: &Catalogue,
        application: &Application,
        quote_age_date: NaiveDate,
        quote_id: String,
    ) -> Result<Quote, Rejection> {
        application.check_can_quote_decision()?;
        self.price_with_terms(
            catalogue,
            application,
            quote_age_date,
            quote_id,
            |applicant, cover_id| application.underwriting_terms(applicant, cover_id),
        )
    }

    // §7 `POST /decision/qi/{id}/quote`; docs/decisions.md QI2.
    /// A Qi quote decision: the covers the adviser entered, priced as for a quote at
    /// `quote_age_date`, on the terms the indication gave each product (a loading raises the
    /// premium; a postponed or declined product is left out at no premium).
    pub fn price_indication(
        &self,
        catalogue: &Catalogue,
        record: &QiRecord,
        covers: Vec<Cover>,
        quote_age_date: NaiveDate,
        quote_id: String,
    ) -> Result<Quote, Rejection> {
        let application = record.as_application(covers);
        let product_of = |cover_id: &CoverId| {
            application
                .applicants
                .iter()
                .flat_map(|a| &a.covers)
                .find(|c| &c.id == cover_id)
                .map(|c| c.product_type)
        };
        self.price_with_terms(
            catalogue,
            &application,
            quote_age_date,
            quote_id,
            |_, cover_id| {
                product_of(cover_id)
                    .and_then(|product| record.terms_for(product))
                    .map(|(decision, loading)| UnderwritingTerms {
                        decision: Some(decision),
                        loading,
                    })
                    .unwrap_or_default()
            },
        )
    }

    fn price_with_terms(
        &self,
        catalogue: &Catalogue,
        application: &Application,
        quote_age_date: NaiveDate,
        quote_id: String,
        terms_of: impl Fn(&ApplicantId, &CoverId) -> UnderwritingTerms,
    ) -> Result<Quote, Rejection> {
        let commission = CommissionTerms::of(
            application
                .apply_stage
                .initial_commission_sacrifice_percentage,
            application.apply_stage.initial_indemnity_percentage,
        );
        let mut errors = Errors::default();
        let mut quote_applicants = Vec::new();
        let mut unloaded_total = Money::default();
        for (i, applicant) in application.applicants.iter().enumerate() {
            let details = &applicant.details;
            let (Some(gender), Some(born)) = (details.gender, details.date_of_birth) else {
                errors.push(
                    &format!("applicants[{i}]"),
                    "Please give the client's gender and date of birth before pricing",
                );
                continue;
            };
            let Some(age) = age_on(born, quote_age_date) else {
                errors.push(
                    &format!("applicants[{i}].dateOfBirth"),
                    "The date of birth is after the quote date",
                );
                continue;
            };
            let life = Life {
                gender,
                smoking: details.smoking,
                age,
            };
            let longest = applicant
                .covers
                .iter()
                .filter_map(|c| Catalogue::term_years(c, age))
                .max()
                .unwrap_or(0);
            let mut quote_covers = Vec::new();
            for (j, cover) in applicant.covers.iter().enumerate() {
                let at = format!("applicants[{i}].covers[{j}]");
                let missing = cover.missing_fields();
                let limits = catalogue.check_cover(cover, age);
                for field in &missing {
                    errors.push(
                        &format!("{at}.{field}"),
                        "Please complete this cover before pricing",
                    );
                }
                for error in &limits {
                    errors.push(
                        &format!("{at}.{}", error.field.as_deref().unwrap_or("cover")),
                        &error.message,
                    );
                }
                if !missing.is_empty() || !limits.is_empty() {
                    continue;
                }
                let cover_id = &cover.id;
                let years = match cover.product_type {
                    ProductType::ChildrensCriticalIllness => longest,
                    _ => Catalogue::term_years(cover, age).unwrap_or(0),
                };
                let price = self.price_cover(cover, &life, years, commission);
                let terms = terms_of(&applicant.id, cover_id);
                let left_out = terms.decision.is_some_and(Decision::is_closed);
                let factor = 1.0 + f64::from(terms.loading) / 100.0;
                let on_terms = |premium: Money| {
                    if left_out {
                        Money::default()
                    } else {
                        pounds(premium.pounds() * factor)
                    }
                };
                let riders: Vec<QuoteRider> = cover
                    .riders
                    .iter()
                    .zip(&price.riders)
                    .map(|(rider, (_, premium))| QuoteRider {
                        rider_id: rider.id.clone(),
                        premium: on_terms(*premium),
                    })
                    .collect();
                let mut breakdown = price.breakdown.clone();
                if left_out {
                    breakdown.clear();
                } else if terms.loading > 0 {
                    breakdown.push(PremiumLine {
                        label: format!("Underwriting loading of {}%", terms.loading),
                        amount: Money::from_pence(
                            on_terms(price.premium).pence() - price.premium.pence(),
                        )
                        .unwrap_or_default(),
                    });
                }
                if !left_out {
                    unloaded_total = unloaded_total + price.total();
                }
                quote_covers.push(QuoteCover {
                    cover_id: cover_id.clone(),
                    premium: on_terms(price.premium) + riders.iter().map(|r| r.premium).sum(),
                    decision: terms.decision,
                    riders,
                    breakdown,
                });
            }
            let covers_total: Money = quote_covers.iter().map(|c| c.premium).sum();
            let has_cover = quote_covers
                .iter()
                .any(|c| !c.decision.is_some_and(Decision::is_closed));
            quote_applicants.push((
                applicant.id.to_string(),
                covers_total,
                quote_covers,
                longest,
                has_cover,
            ));
        }
        errors.into_result(())?;
        let fee = self.policy_fee();
        let mut lifetime = 0u64;
        let mut fees = Money::default();
        let applicants: Vec<QuoteApplicant> = quote_applicants
            .into_iter()
            .map(|(id, covers_total, quote_covers, longest, has_cover)| {
                let fee = if has_cover { fee } else { Money::default() };
                fees = fees + fee;
                let premium = covers_total + fee;
                lifetime += premium.pence() * 12 * u64::from(longest);
                QuoteApplicant {
                    id,
                    premium,
                    quote_covers,
                    quote_decision_model: None,
                }
            })
            .collect();
        let premium: Money = applicants.iter().map(|a| a.premium).sum();
        let sacrifice = commission.sacrifice;
        let initial_commission = pounds(
            premium.pounds()
                * 12.0
                * self.file.commission.initial_commission_annual_premiums
                * (1.0 - sacrifice),
        );
        Ok(Quote {
            id: quote_id,
            quote_created_date: quote_age_date,
            quote_age_date,
            adviser_at_firm_location_id: application.adviser_at_firm_location_id.clone(),
            initial_indemnity_percentage: application.apply_stage.initial_indemnity_percentage,
            initial_commission_sacrifice_percentage: application
                .apply_stage
                .initial_commission_sacrifice_percentage,
            initial_commission: Some(initial_commission),
            premium,
            lifetime_premium: Money::from_pence(lifetime),
            unloaded_premium: Some(unloaded_total + fees),
            discount: None,
            quote_applicants: applicants,
        })
    }
}

#[cfg(test)]
mod tests;
