//! Saves the application the workflow holds, for the API and dashboard to read
//! (docs/architecture.md "Reads").
//!
//! A cover command's check and a quote's pricing are done in the same local activity as the
//! save that follows them: each local activity is a step of its own for the worker (its input
//! encoded and decoded, two more activations of the workflow) and a marker in the history
//! (docs/decisions.md RS18).

use crate::pricing::{PriceRequest, check_covers};
use crate::product_definition::Product;
use chrono::{DateTime, Utc};
use domain::application::CoverChecks;
use domain::quote::Quote;
use domain::{Application, Rejection};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use store::Store;
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};

/// Activities of the application journey, sharing one store handle and the product.
pub struct ApplicationActivities {
    store: Store,
    product: Arc<Product>,
}

impl ApplicationActivities {
    pub fn new(store: Store, product: Arc<Product>) -> Self {
        Self { store, product }
    }

    async fn save(&self, application: &Application) -> Result<bool, ActivityError> {
        let written = self
            .store
            .save_application(application)
            .await
            .map_err(crate::store_failure)?;
        tracing::debug!(id = %application.id, version = application.version, written, "projected application");
        Ok(written)
    }
}

/// What `price_quote_and_save` is asked: the pricing, and when the quote is recorded.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuoteAndSave {
    pub price: PriceRequest,
    pub priced_at: DateTime<Utc>,
}

/// What `check_price_and_save` found: each cover's findings, and the quote when it priced one.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckedCoverChange {
    pub checks: CoverChecks,
    pub quote: Option<Quote>,
}

#[activities]
impl ApplicationActivities {
    /// Saves the application document keyed by `(id, version)`: an older or repeated version
    /// is ignored, so retries and replays cannot move the read model backwards.
    #[activity]
    pub async fn save_application(
        self: Arc<Self>,
        _ctx: ActivityContext,
        application: Application,
    ) -> Result<bool, ActivityError> {
        self.save(&application).await
    }

    /// Checks each cover against the catalogue's limits at the quote age date, saves the
    /// application with those findings on its covers, and returns them for the workflow to
    /// put on its own copy (the same pure step, so both copies are the same document). Kept
    /// for cases whose history took this step before `check_price_and_save` (decision OW1).
    #[activity]
    pub async fn check_covers_and_save(
        self: Arc<Self>,
        _ctx: ActivityContext,
        request: PriceRequest,
    ) -> Result<CoverChecks, ActivityError> {
        let checks = check_covers(&self.product, &request.application, request.quote_age_date);
        self.save(&request.application.with_cover_checks(&checks))
            .await?;
        Ok(checks)
    }

    /// A cover change's one step: checks each cover against the catalogue, prices the quote when
    /// it can be priced (`Application::prices_with_cover_change`), and saves the application with
    /// both; returns them for the workflow to put on its own copy the same way. A quote the
    /// basis refuses leaves the change unpriced: the Price button then says why.
    #[activity]
    pub async fn check_price_and_save(
        self: Arc<Self>,
        _ctx: ActivityContext,
        request: QuoteAndSave,
    ) -> Result<CheckedCoverChange, ActivityError> {
        let QuoteAndSave { price, priced_at } = request;
        let checks = check_covers(&self.product, &price.application, price.quote_age_date);
        let checked = price.application.with_cover_checks(&checks);
        let quote = checked
            .prices_with_cover_change()
            .then(|| {
                self.product
                    .basis
                    .price_application(
                        &self.product.catalogue,
                        &checked,
                        price.quote_age_date,
                        price.quote_id,
                    )
                    .ok()
            })
            .flatten();
        self.save(
            &price
                .application
                .with_cover_change_checked(&checks, quote.clone(), priced_at),
        )
        .await?;
        Ok(CheckedCoverChange { checks, quote })
    }

    /// Prices the application and, when it is priced, saves it with the quote recorded at
    /// `priced_at`; returns the quote (or the rejection naming the cover that cannot be
    /// priced, an answer rather than a failure, with nothing saved) for the workflow to record
    /// the same way.
    #[activity]
    pub async fn price_quote_and_save(
        self: Arc<Self>,
        _ctx: ActivityContext,
        request: QuoteAndSave,
    ) -> Result<Result<Quote, Rejection>, ActivityError> {
        let QuoteAndSave { price, priced_at } = request;
        let priced = self.product.basis.price_application(
            &self.product.catalogue,
            &price.application,
            price.quote_age_date,
            price.quote_id,
        );
        if let Ok(quote) = &priced {
            self.save(&price.application.record_quote(quote.clone(), priced_at))
                .await?;
        }
        Ok(priced)
    }
}
