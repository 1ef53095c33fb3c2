//! `ApplicationWorkflow`: one per application, alive from creation until the policy is in
//! force or the case is closed, and the only writer of the application.
//!
//! - `updates`: one Temporal Update per adviser command, named for it (so the history in the
//!   Temporal Web UI reads as what the adviser did), from one table;
//! - `projection`: the read model and what case handlers see of the case in the Web UI.
//!
//! This file holds the workflow's state, how it starts, and its main loop: the durable timer
//! that withdraws a quote at the end of its valid-until date, puts a policy on risk on its
//! start date and closes its cancellation window; the hand-over to a new run well before
//! Temporal's per-run limits; and the end of the journey once every policy is in force and
//! past its cancellation window.

mod enquiries;
mod projection;
mod updates;

pub use updates::{ApplicationUpdate, PriceQuote};

use crate::commands::{Sender, Timed};
use crate::one_at_a_time::{TakesTurns, one_at_a_time};
use crate::refusal::{HandlerError, refuse_at};
use crate::sealed_input::SealedStart;
use crate::search_attributes::Findable;
use crate::steps::{Failing, ShowsFailingSteps};
use chrono::{DateTime, Utc};
use domain::application::RecordEnquiryOutcome;
use domain::{AdviserId, Application, ApplicationId};
use serde::{Deserialize, Serialize};
use temporalio_macros::workflow;
use temporalio_sdk::{ContinueAsNewOptions, WorkflowContext, WorkflowResult};

/// Start a new run well before Temporal's per-run limits (2,000 updates, 51,200 events): each
/// command costs about six events, so 500 commands stay near 3,000 events.
const CONTINUE_AS_NEW_AFTER_COMMANDS: u32 = 500;

/// How an application workflow starts: brand new, or carrying its state into a new run.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum ApplicationWorkflowInput {
    New {
        id: ApplicationId,
        adviser_id: AdviserId,
        firm_id: Option<String>,
        /// Where the adviser works (§6 `adviserAtFirmLocationId`); absent from cases started
        /// before it was recorded.
        #[serde(default)]
        firm_location_id: Option<String>,
        created_at: DateTime<Utc>,
        /// Who created the case, for its change timeline: the `open` Update that goes with
        /// this start carries no argument (an older history's `open` has none to read), so the
        /// creator travels here. The workflow only carries it; absent from older cases.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<Sender>,
    },
    Continued {
        application: Box<Application>,
    },
}

#[workflow]
pub struct ApplicationWorkflow {
    application: Application,
    /// Commands accepted in this run, to decide when to continue as new.
    commands_this_run: u32,
    /// A change made by a signal (an enquiry's outcome) that the main loop has yet to save.
    unsaved: bool,
    /// The search attributes as last written (see [`Findable`]); none yet in a continued run,
    /// which writes them with its first change.
    findable: Option<Findable>,
    /// A change is under way (see [`one_at_a_time`]).
    changing: bool,
    /// Enquiry outcomes signalled while a change was under way, recorded when it ends.
    held_outcomes: Vec<(RecordEnquiryOutcome, DateTime<Utc>)>,
    /// A step that failed its last go (see [`crate::steps`]), until one succeeds.
    failing: Option<Failing>,
    /// Whether the portal sealed the start input; a run that was not fails at once
    /// (`crate::sealed_input`).
    sealed: bool,
}

impl ApplicationWorkflow {
    fn new_state(input: ApplicationWorkflowInput) -> Self {
        let (application, findable) = match input {
            // The API starts a new application's workflow with its search attributes set.
            ApplicationWorkflowInput::New {
                id,
                adviser_id,
                firm_id,
                firm_location_id,
                created_at,
                by: _,
            } => {
                let application = Application::new(id, adviser_id, firm_id, created_at)
                    .at_firm_location(firm_location_id);
                let findable = Findable::of(&application);
                (application, Some(findable))
            }
            ApplicationWorkflowInput::Continued { application } => (*application, None),
        };
        Self {
            application,
            commands_this_run: 0,
            unsaved: false,
            findable,
            changing: false,
            held_outcomes: Vec::new(),
            failing: None,
            sealed: true,
        }
    }

    /// When a command takes effect: as requested, but never before the last change, so a
    /// clock that runs slightly behind on one API node cannot move the history backwards.
    fn time_of<C>(&self, command: &Timed<C>) -> DateTime<Utc> {
        command.requested_at.max(self.application.updated_at)
    }

    /// An Update's validator: the command's own rule, judged at its time, on the case as it is.
    fn validate<C: domain::application::Command>(
        &self,
        command: &Timed<C>,
    ) -> Result<(), HandlerError> {
        self.next(command)
            .map(|_| ())
            .map_err(refuse_at(self.application.version))
    }

    /// The application after a command by its own rule, at its time, or why it is refused.
    fn next<C: domain::application::Command>(
        &self,
        command: &Timed<C>,
    ) -> Result<Application, domain::Rejection> {
        command.body.apply(&self.application, self.time_of(command))
    }

    /// The main loop: sleep until the next deadline (the quote's valid-until date, an AMRA
    /// consent's 12 months, a policy's later start date, a cancellation window's end) on a
    /// durable timer, or until a command moves it, an enquiry's
    /// outcome arrives, or it is time to hand over to a new run; then apply what is due.
    async fn run_until_handover(ctx: &mut WorkflowContext<Self>) -> WorkflowResult<()> {
        loop {
            Self::save_signalled_change(ctx).await?;
            if ctx.state(|s| s.application.is_settled()) {
                // Every policy is in force and past its cancellation window: the journey is
                // over once in-flight commands have answered.
                let view = ctx.clone();
                ctx.wait_condition(|_| view.all_handlers_finished()).await?;
                return Ok(());
            }
            let armed_for = ctx.state(|s| s.application.next_deadline());
            let view = ctx.clone();
            let woken = move |s: &Self| {
                time_to_hand_over(s, &view)
                    || s.application.next_deadline() != armed_for
                    || s.unsaved
            };
            match armed_for {
                None => ctx.wait_condition(woken).await?,
                Some(deadline) => {
                    let now = workflow_now(ctx);
                    if deadline > now {
                        let wait = (deadline - now).to_std().unwrap_or_default();
                        temporalio_sdk::workflows::select! {
                            _ = ctx.timer(wait) => {}
                            _ = ctx.wait_condition(woken) => {}
                        }
                    }
                }
            }
            if ctx.state(|s| time_to_hand_over(s, ctx)) {
                break;
            }
            one_at_a_time(ctx, async |ctx| {
                let now = workflow_now(ctx);
                let due = ctx.state_mut(|s| {
                    let next = s.application.apply_deadlines(now);
                    let changed = next.version != s.application.version;
                    s.application = next;
                    changed.then(|| s.application.clone())
                });
                if let Some(application) = due {
                    projection::describe(ctx, &application);
                    projection::save(ctx, application).await?;
                }
                WorkflowResult::Ok(())
            })
            .await?;
        }
        // Let in-flight commands finish and project before handing over to the next run.
        let view = ctx.clone();
        ctx.wait_condition(|_| view.all_handlers_finished()).await?;
        // An outcome signalled while handing over is saved before the new run starts.
        Self::save_signalled_change(ctx).await?;
        let application = ctx.state(|s| s.application.clone());
        ctx.continue_as_new(
            SealedStart::from(ApplicationWorkflowInput::Continued {
                application: Box::new(application),
            }),
            ContinueAsNewOptions::default(),
        )?;
        Ok(())
    }
}

impl ShowsFailingSteps for ApplicationWorkflow {
    fn failing_step(&mut self) -> &mut Option<Failing> {
        &mut self.failing
    }

    fn redraw(ctx: &mut WorkflowContext<Self>) {
        projection::redraw(ctx);
    }
}

impl TakesTurns for ApplicationWorkflow {
    fn changing(&self) -> bool {
        self.changing
    }

    fn set_changing(&mut self, changing: bool) {
        self.changing = changing;
    }

    /// Records the enquiry outcomes signalled during the change.
    fn change_ended(&mut self) {
        for (outcome, at) in std::mem::take(&mut self.held_outcomes) {
            self.record_outcome(&outcome, at);
        }
    }
}

impl ApplicationWorkflow {
    /// Records a closed enquiry's outcome as its signal is handled, unless a change is under
    /// way: then it is held until that change ends, which would otherwise overwrite it.
    pub(super) fn outcome_signalled(&mut self, outcome: RecordEnquiryOutcome, now: DateTime<Utc>) {
        if self.changing {
            self.held_outcomes.push((outcome, now));
        } else {
            self.record_outcome(&outcome, now);
        }
    }

    /// Records a closed enquiry's outcome (§4: the case moves to the decision when every
    /// client's enquiry is closed) the moment its signal is handled, so a command that arrives
    /// in the same workflow task is decided on the case as it now is; the main loop saves it.
    fn record_outcome(&mut self, outcome: &RecordEnquiryOutcome, now: DateTime<Utc>) {
        let at = now.max(self.application.updated_at);
        // An outcome for an enquiry this application never started is ignored.
        if let Ok(next) = self.application.record_enquiry_outcome(outcome, at)
            && next.version != self.application.version
        {
            self.application = next;
            self.commands_this_run += 1;
            self.unsaved = true;
        }
    }

    /// Saves the application when a signal changed it since the last save.
    async fn save_signalled_change(ctx: &mut WorkflowContext<Self>) -> WorkflowResult<()> {
        let unsaved =
            ctx.state_mut(|s| std::mem::take(&mut s.unsaved).then(|| s.application.clone()));
        if let Some(application) = unsaved {
            projection::describe(ctx, &application);
            projection::save(ctx, application).await?;
        }
        Ok(())
    }
}

/// Start a new run after enough commands, or when Temporal suggests it.
fn time_to_hand_over(s: &ApplicationWorkflow, ctx: &WorkflowContext<ApplicationWorkflow>) -> bool {
    s.commands_this_run >= CONTINUE_AS_NEW_AFTER_COMMANDS || ctx.continue_as_new_suggested()
}

/// Workflow time (deterministic: the time of the current workflow task).
fn workflow_now(ctx: &WorkflowContext<ApplicationWorkflow>) -> DateTime<Utc> {
    ctx.workflow_time()
        .map(DateTime::<Utc>::from)
        .unwrap_or_default()
}
