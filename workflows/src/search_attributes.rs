//! Search attributes that make each journey findable in the Temporal Web UI (by adviser,
//! firm, stage and client name). They must be registered on the namespace before a workflow
//! upserts them; [`crate::worker::ensure_search_attributes`] does that at start-up.

use temporalio_common::search_attributes::SearchAttributeKey;

pub const ADVISER_ID: SearchAttributeKey<String> = SearchAttributeKey::keyword("AdviserId");
pub const FIRM_ID: SearchAttributeKey<String> = SearchAttributeKey::keyword("FirmId");
pub const APPLICATION_STAGE: SearchAttributeKey<String> =
    SearchAttributeKey::keyword("ApplicationStage");
pub const CLIENT_NAMES: SearchAttributeKey<String> = SearchAttributeKey::text("ClientNames");
