//! How the application starts a client's enquiry: the rule first (so a second start, even one
//! running at the same time, finds the enquiry already started and changes nothing), then the
//! interview from the rulebook and the child workflow, then the read model.

use super::{ApplicationWorkflow, projection};
use crate::commands::{Saved, Timed};
use crate::enquiry::{EnquiryWorkflow, EnquiryWorkflowInput};
use crate::refusal::{HandlerError, refuse};
use crate::sealed_input::SealedStart;
use crate::steps;
use activities::UnderwritingActivities;
use domain::application::Command;
use domain::application::{StartUnderwriting, enquiry_id};
use domain::underwriting::record::EnquiryRecord;
use domain::{Application, Rejection};
use std::time::Duration;
use temporalio_sdk::{ChildWorkflowOptions, ParentClosePolicy, WorkflowContext};

/// Reading the interview is an in-memory copy.
const INTERVIEW_TIMEOUT: Duration = Duration::from_secs(10);

pub(super) async fn start(
    ctx: &mut WorkflowContext<ApplicationWorkflow>,
    command: Timed<StartUnderwriting>,
) -> Result<Saved, HandlerError> {
    let at = ctx.state(|s| s.time_of(&command));
    let before = ctx.state(|s| s.application.clone());
    let next = command.body.apply(&before, at).map_err(refuse)?;
    if next.version == before.version {
        return Ok(Saved::of(&next));
    }
    let applicant_id = command.body.applicant_id.clone();
    let details = before
        .underwriting_start(&applicant_id, at)
        .map_err(refuse)?;
    let (accepted, covers) = before
        .applicant(&applicant_id)
        .map(|a| (a.is_accepted_pre_underwriting_declaration, a.covers.clone()))
        .unwrap_or_default();
    // Claim the enquiry before waiting on anything.
    ctx.state_mut(|s| {
        s.application = next.clone();
        s.commands_this_run += 1;
    });
    if let Err(error) = start_child(ctx, &before, &command, details, accepted, covers, at).await {
        // Give the claim back, unless another command has changed the case since.
        ctx.state_mut(|s| {
            if s.application.version == next.version {
                s.application = before;
            }
        });
        return Err(error);
    }
    let current = ctx.state(|s| s.application.clone());
    projection::describe(ctx, &current);
    Ok(projection::save(ctx, current).await?)
}

#[allow(clippy::too_many_arguments)]
async fn start_child(
    ctx: &mut WorkflowContext<ApplicationWorkflow>,
    application: &Application,
    command: &Timed<StartUnderwriting>,
    details: Vec<domain::underwriting::Answer>,
    accepted: bool,
    covers: Vec<domain::cover::Cover>,
    at: chrono::DateTime<chrono::Utc>,
) -> Result<(), HandlerError> {
    let interview = steps::run(
        ctx,
        || UnderwritingActivities::interview,
        (),
        INTERVIEW_TIMEOUT,
    )
    .await?;
    let previous_version = steps::run(
        ctx,
        || UnderwritingActivities::stored_enquiry_version,
        command.body.applicant_id.clone(),
        INTERVIEW_TIMEOUT,
    )
    .await?;
    let id = enquiry_id(&command.body.applicant_id);
    let mut record = EnquiryRecord::start(
        &interview,
        id.clone(),
        command.body.applicant_id.clone(),
        command.body.kind.clone(),
        details,
        accepted,
        at,
    );
    // A client brought in from a Qi indication: its answers are the enquiry's first
    // (docs/decisions.md QI4).
    if let Some(carried) = application
        .applicant(&command.body.applicant_id)
        .and_then(|a| a.indication.as_deref())
    {
        record = record.carrying(&carried.answers, &carried.options);
    }
    // A client underwritten again after a requote: the new enquiry's versions follow the old.
    record.version = previous_version + 1;
    let input = EnquiryWorkflowInput {
        application_id: application.id,
        record,
        interview,
        covers,
    };
    let options = ChildWorkflowOptions::builder()
        .workflow_id(id)
        // The enquiry outlives a hand-over of the application to a new run.
        .parent_close_policy(ParentClosePolicy::Abandon)
        .task_timeout(crate::worker::WORKFLOW_TASK_TIMEOUT)
        .static_summary(format!(
            "Underwriting enquiry of client {} on application {}",
            command.body.applicant_id, application.id
        ))
        .build();
    ctx.start_child_workflow(EnquiryWorkflow::run, SealedStart::from(input), options)
        .await
        .map(|_| ())
        .map_err(|e| {
            refuse(Rejection::conflict(&format!(
                "The underwriting enquiry could not be started: {e}"
            )))
        })
}
