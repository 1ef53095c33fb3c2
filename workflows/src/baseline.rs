//! A workflow that does nothing but answer a no-op Update. The load driver (`portal-load`)
//! runs it on a task queue of its own to measure Temporal's bare update round trip in the
//! same run as the portal's commands, so their cost can be read as a ratio to it.
//! `noop_with_local_activity` adds one no-op local activity, as each command has its save, to
//! measure what that step costs apart from the portal's own work.

use crate::refusal::HandlerError;
use std::sync::Arc;
use std::time::Duration;
use temporalio_macros::{activities, workflow, workflow_methods};
use temporalio_sdk::activities::{ActivityContext, ActivityError};
use temporalio_sdk::{
    LocalActivityOptions, SyncWorkflowContext, WorkflowContext, WorkflowContextView, WorkflowResult,
};

/// The baseline's one activity, which does nothing.
pub struct BaselineActivities;

#[activities]
impl BaselineActivities {
    #[activity]
    pub async fn nothing(
        self: Arc<Self>,
        _ctx: ActivityContext,
        _input: (),
    ) -> Result<(), ActivityError> {
        Ok(())
    }
}

#[workflow]
#[derive(Default)]
pub struct BaselineWorkflow {
    done: bool,
}

#[workflow_methods]
impl BaselineWorkflow {
    #[init]
    fn new(_ctx: &WorkflowContextView, _input: ()) -> Self {
        Self::default()
    }

    #[run]
    pub async fn run(ctx: &mut WorkflowContext<Self>) -> WorkflowResult<()> {
        ctx.wait_condition(|s| s.done).await?;
        Ok(())
    }

    /// Does nothing; what it costs is Temporal's own round trip.
    #[update]
    pub fn noop(&mut self, _ctx: &mut SyncWorkflowContext<Self>, _input: ()) {}

    /// Runs one no-op local activity, as a command runs its save.
    #[update]
    pub async fn noop_with_local_activity(
        ctx: &mut WorkflowContext<Self>,
        _input: (),
    ) -> Result<(), HandlerError> {
        ctx.execute_local_activity(
            BaselineActivities::nothing,
            (),
            LocalActivityOptions::builder()
                .start_to_close_timeout(Duration::from_secs(5))
                .build(),
        )
        .await?;
        Ok(())
    }

    #[update]
    pub fn finish(&mut self, _ctx: &mut SyncWorkflowContext<Self>, _input: ()) {
        self.done = true;
    }
}
