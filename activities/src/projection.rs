//! Saves the application the workflow holds, for the API and dashboard to read
//! (ARCHITECTURE "Reads").

use domain::Application;
use std::sync::Arc;
use store::{Store, StoreError};
use temporalio_common::error::ApplicationFailure;
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};

/// Activities of the application journey, sharing one store handle.
pub struct ApplicationActivities {
    store: Store,
}

impl ApplicationActivities {
    pub fn new(store: Store) -> Self {
        Self { store }
    }
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
        let written = self
            .store
            .save_application(&application)
            .await
            .map_err(to_activity_error)?;
        tracing::debug!(id = %application.id, version = application.version, written, "projected application");
        Ok(written)
    }
}

/// A database that is down or busy is worth retrying; a document that cannot be encoded is not.
fn to_activity_error(error: StoreError) -> ActivityError {
    match error {
        StoreError::Corrupt(_) => ApplicationFailure::non_retryable(error).into(),
        other => ApplicationFailure::new(other).into(),
    }
}
