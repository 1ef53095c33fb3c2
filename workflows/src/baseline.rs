//! A workflow that does nothing but answer a no-op Update. The load driver (`portal-load`)
//! runs it on a task queue of its own to measure Temporal's bare update round trip in the
//! same run as the portal's commands, so their cost can be read as a ratio to it.

use temporalio_macros::{workflow, workflow_methods};
use temporalio_sdk::{SyncWorkflowContext, WorkflowContext, WorkflowContextView, WorkflowResult};

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

    #[update]
    pub fn finish(&mut self, _ctx: &mut SyncWorkflowContext<Self>, _input: ()) {
        self.done = true;
    }
}
