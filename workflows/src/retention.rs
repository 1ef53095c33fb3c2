//! Retention (issue 36): a case not taken up is deleted after the period in
//! `product/retention.json`, by [`RetentionWorkflow`], one long-running workflow per namespace
//! (the id [`RETENTION_WORKFLOW_ID`]) that waits on a durable timer, sweeps
//! (`activities::retention::RetentionActivities::delete_cases_not_taken_up`, the rule in
//! `domain::retention`), and carries on as a new run so its
//! history stays a few events long. Each worker starts it if it is not running
//! ([`ensure_started`]); the application workflows are untouched (their recorded histories
//! replay as before).

use crate::sealed_input::{SealedStart, refuse_unless_sealed};
use activities::retention::RetentionActivities;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use temporalio_client::{Client, WorkflowIdConflictPolicy, WorkflowStartOptions};
use temporalio_common::RetryPolicy;
use temporalio_macros::{workflow, workflow_methods};
use temporalio_sdk::{
    ActivityCloseTimeouts, ActivityOptions, ContinueAsNewOptions, WorkflowContext, WorkflowResult,
};

/// The one retention workflow of a namespace.
pub const RETENTION_WORKFLOW_ID: &str = "portal-retention";

/// How often the sweep runs unless configured otherwise (`RETENTION_SWEEP_INTERVAL_SECONDS`):
/// daily, so a case goes within a day of reaching the period.
pub const DEFAULT_SWEEP_INTERVAL: Duration = Duration::from_secs(24 * 60 * 60);

/// Longest one try of a sweep may take: thousands of cases, each a few Temporal and database
/// round trips. A try that overruns is tried again, and finishes what the first began.
const SWEEP_TRY_TIMEOUT: Duration = Duration::from_secs(60 * 60);

/// A sweep tells Temporal it is alive after each case; a worker that died is noticed after this
/// and the sweep tried again on another (or the restarted) worker.
const HEARTBEAT_TIMEOUT: Duration = Duration::from_secs(2 * 60);

/// The sweep's retries back off to this, so Temporal or the database being away for a while
/// is waited out without a flood of tries.
const LONGEST_RETRY_WAIT: Duration = Duration::from_secs(10 * 60);

/// How the workflow runs: the wait between sweeps, in whole seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RetentionWorkflowInput {
    pub every_seconds: u64,
}

impl RetentionWorkflowInput {
    pub fn every(interval: Duration) -> Self {
        Self {
            every_seconds: interval.as_secs().max(1),
        }
    }
}

#[workflow]
#[derive(Default)]
pub struct RetentionWorkflow;

#[workflow_methods]
impl RetentionWorkflow {
    /// Waits the interval on a durable timer, sweeps, and starts the next run with the same
    /// input. A sweep that keeps failing is retried until the next one would be due; the
    /// next run then tries afresh.
    #[run]
    pub async fn run(
        ctx: &mut WorkflowContext<Self>,
        start: SealedStart<RetentionWorkflowInput>,
    ) -> WorkflowResult<()> {
        refuse_unless_sealed(start.sealed)?;
        let input = start.input;
        let every = Duration::from_secs(input.every_seconds.max(1));
        ctx.timer(every).await;
        let options =
            ActivityOptions::with_close_timeouts(ActivityCloseTimeouts::ScheduleAndStartToClose {
                schedule_to_close: every.max(SWEEP_TRY_TIMEOUT),
                start_to_close: SWEEP_TRY_TIMEOUT,
            })
            .heartbeat_timeout(HEARTBEAT_TIMEOUT)
            .retry_policy(
                RetryPolicy::builder()
                    .maximum_interval(LONGEST_RETRY_WAIT)
                    .build(),
            )
            .summary("Delete cases not taken up within the retention period".to_owned())
            .build();
        if let Err(error) = ctx
            .execute_activity(RetentionActivities::delete_cases_not_taken_up, (), options)
            .await
        {
            tracing::warn!(%error, "the retention sweep did not finish; the next run tries again");
        }
        ctx.continue_as_new(SealedStart::from(input), ContinueAsNewOptions::default())?;
        Ok(())
    }
}

/// Starts the retention workflow on `task_queue` unless it is running already (then its own
/// interval stands until it is ended: `temporal workflow terminate --workflow-id
/// portal-retention` makes the next worker start start it with the configured one).
pub async fn ensure_started(
    client: &Client,
    task_queue: &str,
    interval: Duration,
) -> anyhow::Result<()> {
    let options =
        WorkflowStartOptions::new(task_queue.to_owned(), RETENTION_WORKFLOW_ID.to_owned())
            .id_conflict_policy(WorkflowIdConflictPolicy::UseExisting)
            .task_timeout(crate::worker::WORKFLOW_TASK_TIMEOUT)
            .static_summary(
                "Deletes cases not taken up within the retention period (product/retention.json)"
                    .to_owned(),
            )
            .build();
    client
        .start_workflow(
            RetentionWorkflow::run,
            SealedStart::from(RetentionWorkflowInput::every(interval)),
            options,
        )
        .await
        .map(|_| ())
        .map_err(|e| anyhow::anyhow!("Failed to start the retention workflow: {e}"))
}
