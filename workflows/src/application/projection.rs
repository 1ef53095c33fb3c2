//! What the world sees of an application: the read model the API and dashboard read (saved by
//! a local activity, so an adviser's click costs no extra task round trip), and the search
//! attributes and one-line summary that let case handlers find and read the case in the
//! Temporal Web UI.

use super::ApplicationWorkflow;
use crate::commands::Saved;
use crate::search_attributes::Findable;
use activities::ApplicationActivities;
use domain::Application;
use domain::dates::uk_local;
use domain::formats;
use std::time::Duration;
use temporalio_sdk::{ActivityExecutionError, WorkflowContext};

/// The save is a quick local write; if the database is slow or down it is tried again until it
/// succeeds (`steps`), so no accepted change is ever left unsaved.
const SAVE_TIMEOUT: Duration = Duration::from_secs(5);

/// Search attributes (those that changed) and the case's summary, so case handlers can find
/// the case and read what it waits for (docs/case-handlers.md).
pub(super) fn describe(ctx: &mut WorkflowContext<ApplicationWorkflow>, application: &Application) {
    let findable = Findable::of(application);
    let changes = ctx.state_mut(|s| {
        let changes = findable.changes_since(s.findable.as_ref());
        s.findable = Some(findable);
        changes
    });
    if !changes.is_empty() {
        ctx.upsert_search_attributes(changes);
    }
    redraw_with(ctx, application);
}

/// Redraws the summary (after a step failed or recovered).
pub(super) fn redraw(ctx: &mut WorkflowContext<ApplicationWorkflow>) {
    let application = ctx.state(|s| s.application.clone());
    redraw_with(ctx, &application);
}

fn redraw_with(ctx: &mut WorkflowContext<ApplicationWorkflow>, application: &Application) {
    let failing = ctx.state(|s| s.failing.as_ref().map(|f| f.sentence()));
    let mut details = summary(application);
    if let Some(failing) = failing {
        details.push('\n');
        details.push_str(&failing);
    }
    ctx.set_current_details(details);
}

/// "Application 100001 · Quote · Alan Turing & Ada Turing · adviser adviser1", then what the
/// case waits for, then when it last changed.
fn summary(application: &Application) -> String {
    let clients = match application.client_names() {
        names if names.is_empty() => "no clients yet".to_owned(),
        names => names,
    };
    format!(
        "Application {} · {} · {} · adviser {}\n{}\nLast change {} (version {})",
        application.id,
        application.status.label(),
        clients,
        application.adviser_id,
        application.waiting_sentence(),
        formats::date_time(uk_local(application.updated_at)),
        application.version
    )
}

/// Saves the application for the API to read, and says which version it saved.
pub(super) async fn save(
    ctx: &mut WorkflowContext<ApplicationWorkflow>,
    application: Application,
) -> Result<Saved, ActivityExecutionError> {
    let saved = Saved::of(&application);
    crate::steps::run(
        ctx,
        || ApplicationActivities::save_application,
        application,
        SAVE_TIMEOUT,
    )
    .await?;
    Ok(saved)
}
