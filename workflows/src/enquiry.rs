//! `EnquiryWorkflow`: one client's underwriting interview (§3 "Underwriting enquiry", §4),
//! a child of the application's workflow with the id `enquiry-{applicantId}`, and the only
//! writer of the client's answers.
//!
//! Every answer arrives as an Update whose validator runs the interview's own check before
//! anything reaches history; the handler keeps the answers, saves the enquiry's record for the
//! API when it changed and answers with the version saved (the API reads the enquiry back, as
//! for the application), so an answer the API confirmed survives any process being killed. Closing
//! runs the rulebook (a local activity recorded in history, so a replay keeps the outcome the
//! adviser saw) and tells the application, which moves to the decision when every client's
//! enquiry is closed.

use crate::application::ApplicationWorkflow;
use crate::commands::{Changes, Checked, Saved, Timed, command_updates};
use crate::ids::application_workflow_id;
use crate::one_at_a_time::{TakesTurns, one_at_a_time};
use crate::refusal::{HandlerError, refuse};
use crate::sealed_input::{Sealed, SealedStart, refuse_unless_sealed};
use crate::steps::{self, Failing, ShowsFailingSteps};
use activities::{DecideRequest, SaveEnquiry, UnderwritingActivities};
use chrono::{DateTime, Utc};
use domain::application::RecordEnquiryOutcome;
use domain::cover::Cover;
use domain::dates::uk_date;
use domain::underwriting::interview::Interview;
use domain::underwriting::private::{
    Answerer, ClientAnswers, ClientDeclares, ClientSubmits, SendToClient, TakeBack,
};
use domain::underwriting::record::{EnquiryRecord, ProvideAnswers};
use domain::{ApplicationId, Rejection};
use serde::{Deserialize, Serialize};
use std::time::Duration;
use temporalio_macros::workflow;
use temporalio_sdk::{
    ContinueAsNewOptions, SignalWorkflowOptions, WorkflowContext, WorkflowContextView,
    WorkflowResult,
};

/// A new run well before Temporal's per-run limits (each answer costs about six events).
const CONTINUE_AS_NEW_AFTER_COMMANDS: u32 = 500;
/// The rules and the save are in-memory work and a quick write.
const LOCAL_TIMEOUT: Duration = Duration::from_secs(10);

/// How an enquiry starts: the started record, the interview it follows and the covers it
/// decides, or the same carried into a new run.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EnquiryWorkflowInput {
    pub application_id: ApplicationId,
    pub record: EnquiryRecord,
    pub interview: Interview,
    pub covers: Vec<Cover>,
}

/// §7 `acceptuwdeclaration`: the post-underwriting declaration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AcceptPostDeclaration;

/// §7 `POST /underwriting/{id}/close`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CloseEnquiry;

#[workflow]
pub struct EnquiryWorkflow {
    application_id: ApplicationId,
    record: EnquiryRecord,
    interview: Interview,
    covers: Vec<Cover>,
    commands_this_run: u32,
    /// A change is under way (see [`one_at_a_time`]).
    changing: bool,
    /// A step that failed its last go (see [`crate::steps`]), until one succeeds.
    failing: Option<Failing>,
    /// Whether the portal sealed the start input (`crate::sealed_input`).
    sealed: bool,
}

impl EnquiryWorkflow {
    /// The Updates the table does not write, by name (`open`, which carries no command).
    pub const HAND_WRITTEN_UPDATES: &[&str] = &["open"];
}

impl ShowsFailingSteps for EnquiryWorkflow {
    fn failing_step(&mut self) -> &mut Option<Failing> {
        &mut self.failing
    }

    /// "Enquiry of client … · application … · open · with the client to answer privately ·
    /// version 3", then the failing step if any.
    fn redraw(ctx: &mut WorkflowContext<Self>) {
        let details = ctx.state(|s| {
            let summary = format!(
                "Enquiry of client {} · application {} · {} · version {}",
                s.record.applicant_id,
                s.application_id,
                s.record.handling_words(),
                s.record.version
            );
            match &s.failing {
                Some(failing) => format!("{summary}\n{}", failing.sentence()),
                None => summary,
            }
        });
        ctx.set_current_details(details);
    }
}

impl TakesTurns for EnquiryWorkflow {
    fn changing(&self) -> bool {
        self.changing
    }

    fn set_changing(&mut self, changing: bool) {
        self.changing = changing;
    }
}

impl EnquiryWorkflow {
    fn time_of<C>(&self, command: &Timed<C>) -> DateTime<Utc> {
        command.requested_at.max(self.record.updated_at)
    }

    /// An Update's validator: the command's own rule, judged at its time, on the record as it
    /// is.
    fn validate<C: Checked<Self>>(&self, command: &Timed<C>) -> Result<(), HandlerError> {
        let at = self.time_of(command);
        command.body.check(self, at).map_err(refuse)
    }

    /// The record after a command by its own rule, at its time, or why it is refused.
    fn next<C: Changes<Self, Next = EnquiryRecord>>(
        &self,
        command: &Timed<C>,
    ) -> Result<EnquiryRecord, Rejection> {
        let at = self.time_of(command);
        command.body.apply(self, at)
    }

    fn input(&self) -> EnquiryWorkflowInput {
        EnquiryWorkflowInput {
            application_id: self.application_id,
            record: self.record.clone(),
            interview: self.interview.clone(),
            covers: self.covers.clone(),
        }
    }
}

command_updates! {
    EnquiryWorkflow;
    {
        #[init]
        fn new(_ctx: &WorkflowContextView, start: SealedStart<EnquiryWorkflowInput>) -> Self {
            let input = start.input;
            // The client's total life cover decides whether the genetic test question is asked
            // (FC3); a record that already knows it (a continued run) keeps what it knew.
            let record = if input.record.life_cover.is_some() {
                input.record
            } else {
                input.record.with_covers(&input.covers)
            };
            Self {
                application_id: input.application_id,
                record,
                interview: input.interview,
                covers: input.covers,
                commands_this_run: 0,
                changing: false,
                failing: None,
                sealed: start.sealed,
            }
        }

        /// Waits for the enquiry to close (or to hand over to a new run), then tells the
        /// application its outcome.
        #[run]
        pub async fn run(ctx: &mut WorkflowContext<Self>) -> WorkflowResult<()> {
            refuse_unless_sealed(ctx.state(|s| s.sealed))?;
            let view = ctx.clone();
            ctx.wait_condition(move |s| {
                !s.record.status.is_open()
                    || s.commands_this_run >= CONTINUE_AS_NEW_AFTER_COMMANDS
                    || view.continue_as_new_suggested()
            })
            .await?;
            let handlers = ctx.clone();
            ctx.wait_condition(move |_| handlers.all_handlers_finished())
                .await?;
            let closed = ctx.state(|s| {
                let outcome = s.record.status.outcome()?.clone();
                Some((
                    s.application_id,
                    RecordEnquiryOutcome {
                        applicant_id: s.record.applicant_id.clone(),
                        outcome,
                        closed_at: s.record.updated_at,
                    },
                ))
            });
            // Still open: the run has grown long, so it goes on as a new run.
            let Some((application_id, outcome)) = closed else {
                let input = ctx.state(Self::input);
                ctx.continue_as_new(SealedStart::from(input), ContinueAsNewOptions::default())?;
                return Ok(());
            };
            ctx.external_workflow(application_workflow_id(application_id), None)
                .signal(
                    ApplicationWorkflow::enquiry_closed,
                    Sealed::Genuine(outcome),
                    SignalWorkflowOptions::default(),
                )
                .await?;
            Ok(())
        }

        /// Its input is only when it was sent; the validator is there so that an input the
        /// portal did not seal is refused before anything is recorded (`crate::sealed_input`).
        #[update_validator(open)]
        fn validate_open(
            &self,
            _ctx: &WorkflowContextView,
            _at: &DateTime<Utc>,
        ) -> Result<(), HandlerError> {
            Ok(())
        }

        /// Saves the enquiry as it stands: sent when the API starts an enquiry, so the adviser
        /// lands on a page that is already readable. (`_at`, when it was sent, keeps the Update's
        /// recorded input.)
        #[update]
        pub async fn open(
            ctx: &mut WorkflowContext<Self>,
            _at: DateTime<Utc>,
        ) -> Result<Saved, HandlerError> {
            one_at_a_time(ctx, async |ctx| save(ctx).await).await
        }
    }

    provide_answers, validate_provide_answers: ProvideAnswers => commit;
    accept_post_declaration, validate_accept_post_declaration: AcceptPostDeclaration => commit;
    // Issue 35: the questions answered privately by the client in the portal.
    send_to_client, validate_send_to_client: SendToClient => commit;
    take_back_from_client, validate_take_back_from_client: TakeBack => commit;
    answer_privately, validate_answer_privately: ClientAnswers => commit;
    accept_declaration_privately, validate_accept_declaration_privately: ClientDeclares => commit;
    submit_privately, validate_submit_privately: ClientSubmits => commit;

    // Closing runs the rules first.
    @steps
    close, validate_close: CloseEnquiry => decide_and_close;
}

/// §7 `provideanswers`: keeps the answers; the API answers with the new sections, answers and
/// flags (§4).
impl Changes<EnquiryWorkflow> for ProvideAnswers {
    type Next = EnquiryRecord;

    fn apply(&self, on: &EnquiryWorkflow, at: DateTime<Utc>) -> Result<EnquiryRecord, Rejection> {
        on.record
            .provide_as(Answerer::Adviser, &on.interview, self, uk_date(at), at)
    }
}

/// §4 "Post-underwriting acceptance sets acceptedPostUnderwriting true."
impl Changes<EnquiryWorkflow> for AcceptPostDeclaration {
    type Next = EnquiryRecord;

    fn apply(&self, on: &EnquiryWorkflow, at: DateTime<Utc>) -> Result<EnquiryRecord, Rejection> {
        on.record.accept_post_declaration_as(Answerer::Adviser, at)
    }
}

/// §7 `POST /portal/apply/{id}`: the interview goes to the client to answer privately.
impl Changes<EnquiryWorkflow> for SendToClient {
    type Next = EnquiryRecord;

    fn apply(&self, on: &EnquiryWorkflow, at: DateTime<Utc>) -> Result<EnquiryRecord, Rejection> {
        on.record.send_to_client(self, at)
    }
}

/// The adviser takes the interview back before the client submits (docs: PH2).
impl Changes<EnquiryWorkflow> for TakeBack {
    type Next = EnquiryRecord;

    fn apply(&self, on: &EnquiryWorkflow, at: DateTime<Utc>) -> Result<EnquiryRecord, Rejection> {
        on.record.take_back(at)
    }
}

/// The client's answers: the same rule as the adviser's, under the client's identity.
impl Changes<EnquiryWorkflow> for ClientAnswers {
    type Next = EnquiryRecord;

    fn apply(&self, on: &EnquiryWorkflow, at: DateTime<Utc>) -> Result<EnquiryRecord, Rejection> {
        on.record.provide_as(
            Answerer::Client,
            &on.interview,
            &self.batch,
            uk_date(at),
            at,
        )
    }
}

/// The client accepts the post-underwriting declaration in the portal.
impl Changes<EnquiryWorkflow> for ClientDeclares {
    type Next = EnquiryRecord;

    fn apply(&self, on: &EnquiryWorkflow, at: DateTime<Utc>) -> Result<EnquiryRecord, Rejection> {
        on.record.accept_post_declaration_as(Answerer::Client, at)
    }
}

/// The client submits: the interview is the adviser's again, with the client's answers.
impl Changes<EnquiryWorkflow> for ClientSubmits {
    type Next = EnquiryRecord;

    fn apply(&self, on: &EnquiryWorkflow, at: DateTime<Utc>) -> Result<EnquiryRecord, Rejection> {
        on.record
            .submit_by_client(&on.interview, &self.client, uk_date(at), at)
    }
}

/// §7 `close`: every required question answered and the declaration accepted.
impl Checked<EnquiryWorkflow> for CloseEnquiry {
    fn check(&self, on: &EnquiryWorkflow, at: DateTime<Utc>) -> Result<(), Rejection> {
        on.record.check_closeable(&on.interview, uk_date(at))
    }
}

/// §7 `close`: runs the rules over the answers (a local activity) and closes the enquiry with
/// an outcome per cover that explains itself.
async fn decide_and_close(
    ctx: &mut WorkflowContext<EnquiryWorkflow>,
    command: Timed<CloseEnquiry>,
) -> Result<Saved, HandlerError> {
    let at = ctx.state(|s| s.time_of(&command));
    let today = uk_date(at);
    ctx.state(|s| s.validate(&command))?;
    let request = ctx.state(|s| DecideRequest {
        record: s.record.clone(),
        covers: s.covers.clone(),
        today,
        at,
    });
    let outcome = steps::run(
        ctx,
        || UnderwritingActivities::decide,
        request,
        LOCAL_TIMEOUT,
    )
    .await?;
    let next = ctx.state(|s| s.record.close(&s.interview, outcome, today, at));
    commit(ctx, next, &command).await
}

/// Enquiries whose history was recorded before an unchanged answer stopped being saved replay
/// the save they made then.
const SAVES_ONLY_CHANGES: &str = "enquiry-saves-only-changes";

/// Makes `next` the enquiry and saves it for the API when it changed, and answers with the
/// version saved; the API reads the enquiry back from the store (the application's convention).
async fn commit<C>(
    ctx: &mut WorkflowContext<EnquiryWorkflow>,
    next: Result<EnquiryRecord, Rejection>,
    _command: &Timed<C>,
) -> Result<Saved, HandlerError> {
    let next = next.map_err(refuse)?;
    let changed = ctx.state_mut(|s| {
        let changed = next.version != s.record.version;
        if changed {
            s.record = next;
            s.commands_this_run += 1;
        }
        changed
    });
    if !changed && ctx.patched(SAVES_ONLY_CHANGES) {
        return Ok(Saved {
            version: ctx.state(|s| s.record.version),
        });
    }
    save(ctx).await
}

/// Saves the enquiry's record as it stands (a local activity: no extra task round trip).
async fn save(ctx: &mut WorkflowContext<EnquiryWorkflow>) -> Result<Saved, HandlerError> {
    let (request, version) = ctx.state(|s| {
        (
            SaveEnquiry {
                application_id: s.application_id,
                record: s.record.clone(),
            },
            s.record.version,
        )
    });
    EnquiryWorkflow::redraw(ctx);
    steps::run(
        ctx,
        || UnderwritingActivities::save_enquiry,
        request,
        LOCAL_TIMEOUT,
    )
    .await?;
    Ok(Saved { version })
}
