//! Pricing and cover checks against the product definition. Both are pure computations over
//! data loaded at start-up, run as local activities: their results are recorded in the
//! workflow's history, so a replay (even on a worker with a newer catalogue) reproduces the
//! quote the adviser saw.

use crate::product_definition::Product;
use domain::application::CoverChecks;
use domain::cover::Cover;
use domain::dates::age_on;
use domain::qi::QiRecord;
use domain::quote::Quote;
use domain::{Application, Rejection};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};

/// What the workflow asks to be priced.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PriceRequest {
    pub application: Application,
    pub quote_age_date: chrono::NaiveDate,
    pub quote_id: String,
}

/// A Qi quote decision to price: the covers, on the terms the indication gave.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IndicationPriceRequest {
    pub record: QiRecord,
    pub covers: Vec<Cover>,
    pub quote_age_date: chrono::NaiveDate,
    pub quote_id: String,
}

/// Pricing on underwriting's terms (the quote's own pricing and the cover checks run with the
/// save: `ApplicationActivities`).
pub struct PricingActivities {
    product: Arc<Product>,
}

impl PricingActivities {
    pub fn new(product: Arc<Product>) -> Self {
        Self { product }
    }
}

/// The catalogue's findings for every cover, at each client's age on `on`.
pub fn check_covers(
    product: &Product,
    application: &Application,
    on: chrono::NaiveDate,
) -> CoverChecks {
    application
        .applicants
        .iter()
        .flat_map(|applicant| {
            let age = applicant
                .details
                .date_of_birth
                .and_then(|born| age_on(born, on));
            applicant.covers.iter().map(move |cover| {
                let errors =
                    age.map_or_else(Vec::new, |age| product.catalogue.check_cover(cover, age));
                (cover.id.clone(), errors)
            })
        })
        .collect()
}

#[activities]
impl PricingActivities {
    /// Prices the application on the terms underwriting gave each cover (the decision
    /// quote); a refusal is an answer, as for the quote.
    #[activity]
    pub async fn price_decision(
        self: Arc<Self>,
        _ctx: ActivityContext,
        request: PriceRequest,
    ) -> Result<Result<Quote, Rejection>, ActivityError> {
        Ok(self.product.basis.price_decision(
            &self.product.catalogue,
            &request.application,
            request.quote_age_date,
            request.quote_id,
        ))
    }

    /// Prices a Qi quote decision on the indicated terms (§7 `POST /decision/qi/{id}/quote`).
    #[activity]
    pub async fn price_indication(
        self: Arc<Self>,
        _ctx: ActivityContext,
        request: IndicationPriceRequest,
    ) -> Result<Result<Quote, Rejection>, ActivityError> {
        Ok(self.product.basis.price_indication(
            &self.product.catalogue,
            &request.record,
            request.covers,
            request.quote_age_date,
            request.quote_id,
        ))
    }
}
