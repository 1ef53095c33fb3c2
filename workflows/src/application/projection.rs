//! What the world sees of an application: the read model the API and dashboard read (saved by
//! a local activity, so an adviser's click costs no extra task round trip), and the search
//! attributes and one-line summary that let case handlers find and read the case in the
//! Temporal Web UI.

use super::{ApplicationWorkflow, Saved};
use crate::search_attributes::Findable;
use activities::ApplicationActivities;
use domain::Application;
use std::time::Duration;
use temporalio_sdk::{ActivityExecutionError, LocalActivityOptions, WorkflowContext};

/// The save is a quick local write; if the database is slow or down the local activity
/// retries (with back-off) until it succeeds, so no accepted change is ever left unsaved.
const SAVE_TIMEOUT: Duration = Duration::from_secs(5);

/// Search attributes (when one has changed) and a one-line summary, so case handlers can find
/// and read the case.
pub(super) fn describe(ctx: &mut WorkflowContext<ApplicationWorkflow>, application: &Application) {
    let findable = Findable::of(application);
    let changed = ctx.state_mut(|s| {
        let changed = s.findable.as_ref() != Some(&findable);
        s.findable = Some(findable.clone());
        changed
    });
    if changed {
        ctx.upsert_search_attributes(findable.updates());
    }
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

/// Saves the application for the API to read, and says which version it saved.
pub(super) async fn save(
    ctx: &mut WorkflowContext<ApplicationWorkflow>,
    application: Application,
) -> Result<Saved, ActivityExecutionError> {
    let saved = Saved::of(&application);
    ctx.execute_local_activity(
        ApplicationActivities::save_application,
        application.clone(),
        LocalActivityOptions::builder()
            .start_to_close_timeout(SAVE_TIMEOUT)
            .build(),
    )
    .await?;
    Ok(saved)
}
