//! Search attributes that make each journey findable in the Temporal Web UI (by adviser,
//! firm, stage and client name). They must be registered on the namespace before a workflow
//! upserts them; [`crate::worker::ensure_search_attributes`] does that at start-up.

use domain::Application;
use temporalio_common::search_attributes::{
    SearchAttributeKey, SearchAttributeUpdate, SearchAttributes,
};

pub const ADVISER_ID: SearchAttributeKey<String> = SearchAttributeKey::keyword("AdviserId");
pub const FIRM_ID: SearchAttributeKey<String> = SearchAttributeKey::keyword("FirmId");
pub const APPLICATION_STAGE: SearchAttributeKey<String> =
    SearchAttributeKey::keyword("ApplicationStage");
pub const CLIENT_NAMES: SearchAttributeKey<String> = SearchAttributeKey::text("ClientNames");

/// What a case is found by, as last written to Temporal. The workflow writes the attributes
/// only when one of them changes: each write is a history event and a row written to
/// Temporal's visibility store, most commands change none of them, and a new application's
/// workflow is started with them already set ([`Findable::at_start`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Findable {
    adviser: String,
    firm: Option<String>,
    stage: String,
    names: String,
}

impl Findable {
    pub fn of(application: &Application) -> Findable {
        Findable {
            adviser: application.adviser_id.to_string(),
            firm: application.firm_id.clone(),
            stage: application.status.code().to_owned(),
            names: application.client_names(),
        }
    }

    pub fn updates(&self) -> Vec<SearchAttributeUpdate> {
        let mut updates = vec![
            ADVISER_ID.value_set(self.adviser.clone()),
            APPLICATION_STAGE.value_set(self.stage.clone()),
            CLIENT_NAMES.value_set(self.names.clone()),
        ];
        if let Some(firm) = &self.firm {
            updates.push(FIRM_ID.value_set(firm.clone()));
        }
        updates
    }

    /// The attributes a new application's workflow is started with.
    pub fn at_start(application: &Application) -> SearchAttributes {
        SearchAttributes::new(Findable::of(application).updates())
    }
}
