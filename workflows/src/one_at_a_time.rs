//! One change at a time within a workflow.
//!
//! A handler that waits on a local activity (a cover check, the pricing, the rules, the save)
//! yields mid-way, and Temporal delivers every Update that arrived meanwhile in one workflow
//! task. Without a turn each, a second command would start from the state as it was before the
//! first and its save would erase the first one's answer (two covers added at the same moment:
//! one was lost). Waiting costs nothing when no other change is under way (no history event);
//! a command that waited is judged again on the state as it then is, so one that no longer fits
//! is refused rather than applied.

use temporalio_sdk::{WorkflowCancellationError, WorkflowContext};

/// A workflow whose changes take turns.
pub trait TakesTurns: Sized {
    /// Whether a change is under way.
    fn changing(&self) -> bool;

    /// Marks a change as under way, or as ended.
    fn set_changing(&mut self, changing: bool);

    /// Called when a change ends, before the next one starts: for what was held meanwhile.
    fn change_ended(&mut self) {}
}

/// Runs `change` once no other change of this workflow is under way.
pub async fn one_at_a_time<W, T, E>(
    ctx: &mut WorkflowContext<W>,
    change: impl AsyncFnOnce(&mut WorkflowContext<W>) -> Result<T, E>,
) -> Result<T, E>
where
    W: TakesTurns,
    E: From<WorkflowCancellationError>,
{
    ctx.wait_condition(|s| !s.changing()).await?;
    ctx.state_mut(|s| s.set_changing(true));
    let result = change(ctx).await;
    ctx.state_mut(|s| {
        s.set_changing(false);
        s.change_ended();
    });
    result
}
