//! What the world sees of an application: the read model the API and dashboard read (saved by
//! a local activity, so an adviser's click costs no extra task round trip), and the search
//! attributes and one-line summary that let case handlers find and read the case in the
//! Temporal Web UI.

use super::ApplicationWorkflow;
use crate::search_attributes::{ADVISER_ID, APPLICATION_STAGE, CLIENT_NAMES, FIRM_ID};
use activities::ApplicationActivities;
use domain::Application;
use std::time::Duration;
use temporalio_sdk::{ActivityExecutionError, LocalActivityOptions, WorkflowContext};

/// The save is a quick local write; if the database is slow or down the local activity
/// retries (with back-off) until it succeeds, so no accepted change is ever left unsaved.
const SAVE_TIMEOUT: Duration = Duration::from_secs(5);

/// Search attributes and a one-line summary, so case handlers can find and read the case.
pub(super) fn describe(ctx: &WorkflowContext<ApplicationWorkflow>, application: &Application) {
    let mut updates = vec![
        ADVISER_ID.value_set(application.adviser_id.to_string()),
        APPLICATION_STAGE.value_set(application.status.code().to_owned()),
        CLIENT_NAMES.value_set(application.client_names()),
    ];
    if let Some(firm) = &application.firm_id {
        updates.push(FIRM_ID.value_set(firm.clone()));
    }
    ctx.upsert_search_attributes(updates);
    let clients = match application.client_names() {
        names if names.is_empty() => "no clients yet".to_owned(),
        names => names,
    };
    ctx.set_current_details(format!(
        "Application {} · {} · {} · adviser {} · version {}",
        application.id,
        application.status.label(),
        clients,
        application.adviser_id,
        application.version
    ));
}

/// Saves the application for the API to read, and returns it.
pub(super) async fn save(
    ctx: &mut WorkflowContext<ApplicationWorkflow>,
    application: Application,
) -> Result<Application, ActivityExecutionError> {
    ctx.execute_local_activity(
        ApplicationActivities::save_application,
        application.clone(),
        LocalActivityOptions::builder()
            .start_to_close_timeout(SAVE_TIMEOUT)
            .build(),
    )
    .await?;
    Ok(application)
}
