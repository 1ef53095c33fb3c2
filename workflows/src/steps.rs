//! Runs a step of a workflow (a local activity: a save, a pricing, a bank check, the documents,
//! the underwriting rules) so that one that keeps failing shows in the Temporal Web UI instead
//! of retrying out of sight.
//!
//! A step is tried up to four times within seconds (1, 2 and 4 s apart). If it still fails for
//! a reason that may pass (the database unreachable or refusing writes, a provider down), the
//! case says so, in the `FailingStep` search attribute and a line of its summary, and the step
//! is tried again on a durable timer (30 s, then twice as long each time, at most 10 minutes)
//! until it succeeds: an accepted change is never left unsaved. A step that cannot succeed
//! (the activity failed it as non-retryable: a stored document it cannot read, a rulebook it
//! cannot apply) is not tried again: the case says why and the command fails with the reason.
//! The next step that succeeds clears the mark. Nothing is written on the way when every step
//! succeeds at once.

use crate::search_attributes::{FAILING_STEP, NOT_FAILING};
use chrono::{DateTime, Utc};
use domain::dates::uk_local;
use domain::formats;
use std::time::Duration;
use temporalio_common::data_converters::TemporalDeserializable;
use temporalio_common::{ActivityDefinition, RetryPolicy};
use temporalio_sdk::{ActivityExecutionError, LocalActivityOptions, TimerResult, WorkflowContext};

/// Tries within one go: the first and three retries, 1, 2 and 4 s apart.
const QUICK_ATTEMPTS: u32 = 4;
/// The first durable wait after a step's quick tries all failed.
const FIRST_WAIT: Duration = Duration::from_secs(30);
/// The longest durable wait between two goes.
const LONGEST_WAIT: Duration = Duration::from_secs(600);

/// A workflow whose steps run through [`run`]: it keeps the failing step in its state and says
/// so in its summary.
pub trait ShowsFailingSteps: Sized {
    /// The step that failed its last go, until one succeeds.
    fn failing_step(&mut self) -> &mut Option<Failing>;

    /// Redraws the workflow's summary (its current details), ending with
    /// [`Failing::sentence`] while a step is failing.
    fn redraw(ctx: &mut WorkflowContext<Self>);
}

/// A step that failed its last go, as the case's summary says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failing {
    /// The local activity's name, as the history shows it.
    step: String,
    /// The activity's own message for its last failure.
    reason: String,
    since: DateTime<Utc>,
    /// When it is tried again; `None` when it cannot succeed.
    next_go: Option<DateTime<Utc>>,
}

impl Failing {
    /// "save_application has failed since 25/11/2026 18:30 (the database refused the write);
    /// trying again at 18:32" or "… cannot succeed: …".
    pub fn sentence(&self) -> String {
        let since = formats::date_time(uk_local(self.since));
        match self.next_go {
            Some(at) => format!(
                "Step {} failing since {since} ({}); trying again at {}",
                self.step,
                self.reason,
                formats::date_time(uk_local(at))
            ),
            None => format!(
                "Step {} cannot succeed (failed {since}): {}",
                self.step, self.reason
            ),
        }
    }
}

/// The options of a step that takes at most `timeout` a try.
fn options(timeout: Duration) -> LocalActivityOptions {
    LocalActivityOptions::builder()
        .start_to_close_timeout(timeout)
        .retry_policy(
            RetryPolicy::builder()
                .maximum_attempts(QUICK_ATTEMPTS)
                .build(),
        )
        .build()
}

/// Runs the activity `activity()` names with `input` until it succeeds or cannot succeed (see
/// the module's doc). A function, since an activity's marker is used up by each go.
pub async fn run<W, AD>(
    ctx: &mut WorkflowContext<W>,
    activity: fn() -> AD,
    input: AD::Input,
    timeout: Duration,
) -> Result<AD::Output, ActivityExecutionError>
where
    W: ShowsFailingSteps,
    AD: ActivityDefinition,
    AD::Input: Clone,
    AD::Output: TemporalDeserializable,
{
    let mut wait = FIRST_WAIT;
    loop {
        let error = match ctx
            .execute_local_activity(activity(), input.clone(), options(timeout))
            .await
        {
            Ok(output) => {
                recovered(ctx);
                return Ok(output);
            }
            Err(error) => error,
        };
        let now = workflow_now(ctx);
        let retry = can_pass(&error);
        mark(
            ctx,
            Failing {
                step: activity().name().to_owned(),
                reason: reason_of(&error),
                since: now,
                next_go: retry.then(|| now + chrono::Duration::from_std(wait).unwrap_or_default()),
            },
        );
        if !retry {
            return Err(error);
        }
        if let TimerResult::Cancelled = ctx.timer(wait).await {
            return Err(error);
        }
        wait = (wait * 2).min(LONGEST_WAIT);
    }
}

/// Whether another go may succeed: every failure but a non-retryable one the activity raised
/// (and a cancellation, or an input the worker cannot encode, which no retry mends).
fn can_pass(error: &ActivityExecutionError) -> bool {
    use temporalio_common::error::IncomingError;
    match error {
        ActivityExecutionError::Failed(_) => match error.reason() {
            Some(IncomingError::Application(failure)) => !failure.is_non_retryable(),
            _ => true,
        },
        _ => false,
    }
}

/// The activity's own message for the failure, where it gave one.
fn reason_of(error: &ActivityExecutionError) -> String {
    let message = error
        .reason()
        .map(|cause| cause.failure().message.clone())
        .or_else(|| error.failure().map(|failure| failure.message.clone()))
        .unwrap_or_else(|| error.to_string());
    if message.is_empty() {
        error.to_string()
    } else {
        message
    }
}

/// Records the failing step (failing since the first failure of the run of failures), writes
/// `FailingStep` when the step is new, and redraws the summary.
fn mark<W: ShowsFailingSteps>(ctx: &mut WorkflowContext<W>, mut failing: Failing) {
    let step_changed = ctx.state_mut(|s| {
        let before = s.failing_step().take();
        if let Some(before) = &before {
            failing.since = before.since;
        }
        *s.failing_step() = Some(failing.clone());
        before.is_none_or(|f| f.step != failing.step)
    });
    if step_changed {
        ctx.upsert_search_attributes([FAILING_STEP.value_set(failing.step)]);
    }
    W::redraw(ctx);
}

/// Clears the mark a failed step left, if any.
fn recovered<W: ShowsFailingSteps>(ctx: &mut WorkflowContext<W>) {
    if ctx.state_mut(|s| s.failing_step().take()).is_some() {
        ctx.upsert_search_attributes([FAILING_STEP.value_set(NOT_FAILING.to_owned())]);
        W::redraw(ctx);
    }
}

/// Workflow time (deterministic: the time of the current workflow task).
fn workflow_now<W>(ctx: &WorkflowContext<W>) -> DateTime<Utc> {
    ctx.workflow_time()
        .map(DateTime::<Utc>::from)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use temporalio_common::data_converters::{
        ActivityExecutionDecodeHint, DefaultFailureConverter, FailureConverter, FailureDecodeHint,
        PayloadConverter, SerializationContextData,
    };
    use temporalio_common::protos::temporal::api::enums::v1::TimeoutType;
    use temporalio_common::protos::temporal::api::failure::v1::{
        ActivityFailureInfo, ApplicationFailureInfo, Failure, TimeoutFailureInfo,
        failure::FailureInfo,
    };

    /// The error a workflow sees when a local activity's last try failed with `cause`, decoded
    /// the way the SDK decodes it.
    fn failed_with(cause: Failure) -> ActivityExecutionError {
        let failure = Failure {
            message: "Local activity failed".into(),
            failure_info: Some(FailureInfo::ActivityFailureInfo(
                ActivityFailureInfo::default(),
            )),
            cause: Some(Box::new(cause)),
            ..Default::default()
        };
        let incoming = DefaultFailureConverter::default()
            .to_error(
                failure,
                &PayloadConverter::default(),
                &SerializationContextData::None,
            )
            .unwrap();
        ActivityExecutionDecodeHint::new(false).adapt(incoming)
    }

    fn application_failure(message: &str, non_retryable: bool) -> Failure {
        Failure {
            message: message.into(),
            failure_info: Some(FailureInfo::ApplicationFailureInfo(
                ApplicationFailureInfo {
                    non_retryable,
                    ..Default::default()
                },
            )),
            ..Default::default()
        }
    }

    #[test]
    fn a_failure_the_activity_marked_non_retryable_is_not_tried_again_and_keeps_its_reason() {
        let error = failed_with(application_failure(
            "stored data could not be read: enquiry of 7: expected value",
            true,
        ));
        assert!(!can_pass(&error));
        assert_eq!(
            reason_of(&error),
            "stored data could not be read: enquiry of 7: expected value"
        );
    }

    #[test]
    fn a_database_error_and_a_timeout_may_pass_and_are_tried_again() {
        let refused = failed_with(application_failure(
            "database error: the disk is full",
            false,
        ));
        assert!(can_pass(&refused));
        assert_eq!(reason_of(&refused), "database error: the disk is full");

        let timed_out = failed_with(Failure {
            message: "activity StartToClose timeout".into(),
            failure_info: Some(FailureInfo::TimeoutFailureInfo(TimeoutFailureInfo {
                timeout_type: TimeoutType::StartToClose as i32,
                ..Default::default()
            })),
            ..Default::default()
        });
        assert!(can_pass(&timed_out));
        assert_eq!(reason_of(&timed_out), "activity StartToClose timeout");
    }

    #[test]
    fn the_summary_says_since_when_why_and_what_next_in_uk_time() {
        let since = Utc.with_ymd_and_hms(2026, 7, 1, 17, 30, 0).unwrap();
        let mut failing = Failing {
            step: "ApplicationActivities::save_application".into(),
            reason: "database error: the disk is full".into(),
            since,
            next_go: Some(since + chrono::Duration::minutes(2)),
        };
        assert_eq!(
            failing.sentence(),
            "Step ApplicationActivities::save_application failing since 01/07/2026 18:30 \
             (database error: the disk is full); trying again at 01/07/2026 18:32"
        );
        failing.next_go = None;
        assert_eq!(
            failing.sentence(),
            "Step ApplicationActivities::save_application cannot succeed (failed 01/07/2026 \
             18:30): database error: the disk is full"
        );
    }
}
