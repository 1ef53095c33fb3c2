//! `ApplicationWorkflow`: one per application, alive from creation until the policy is in
//! force or the case is closed. Every adviser command is a Temporal Update: its validator runs
//! the domain rule against the current state and refuses a bad command before anything reaches
//! history; the handler applies the same rule, writes the read model through a local activity
//! keyed by `(id, version)`, and returns the new application so the browser reads its own write.
//!
//! Every command carries the time the adviser made it ([`Command::requested_at`]): update
//! validators cannot read workflow time, and an age or date rule must be judged on the same
//! day by the validator and the handler.

use crate::search_attributes::{ADVISER_ID, APPLICATION_STAGE, CLIENT_NAMES, FIRM_ID};
use activities::{ApplicationActivities, PriceRequest, PricingActivities};
use chrono::{DateTime, Utc};
use domain::application::{
    AddCover, ApplicationCommand, EditCover, RemoveCover, SetPayoutPlannerUsed,
};
use domain::dates::uk_date;
use domain::quote::Quote;
use domain::{AddApplicant, AdviserId, Application, ApplicationId, EditApplicant, Rejection};
use serde::{Deserialize, Serialize};
use std::error::Error;
use std::time::Duration;
use temporalio_macros::{workflow, workflow_methods};
use temporalio_sdk::{
    ContinueAsNewOptions, LocalActivityOptions, WorkflowContext, WorkflowContextView,
    WorkflowResult,
};

type HandlerError = Box<dyn Error + Send + Sync>;

/// The workflow id of an application: one workflow per application, found by its reference.
pub fn application_workflow_id(id: ApplicationId) -> String {
    format!("application-{id}")
}

/// The projection is a quick local write; if the database is slow or down the local activity
/// retries (with back-off) until it succeeds, so no accepted change is ever left unprojected.
const PROJECTION_TIMEOUT: Duration = Duration::from_secs(5);

/// Start a new run well before Temporal's per-run limits (2,000 updates, 51,200 events): each
/// command costs about six events, so 500 commands stay near 3,000 events.
const CONTINUE_AS_NEW_AFTER_COMMANDS: u32 = 500;

/// Pricing and cover checks are in-memory computations; a few seconds is generous.
const PRICING_TIMEOUT: Duration = Duration::from_secs(10);

/// An adviser's command with the moment they made it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Command<C> {
    pub requested_at: DateTime<Utc>,
    pub body: C,
}

impl<C> Command<C> {
    pub fn new(requested_at: DateTime<Utc>, body: C) -> Self {
        Self { requested_at, body }
    }
}

/// How an application workflow starts: brand new, or carrying its state into a new run.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum ApplicationWorkflowInput {
    New {
        id: ApplicationId,
        adviser_id: AdviserId,
        firm_id: Option<String>,
        created_at: DateTime<Utc>,
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
}

#[workflow_methods]
impl ApplicationWorkflow {
    #[init]
    fn new(_ctx: &WorkflowContextView, input: ApplicationWorkflowInput) -> Self {
        let application = match input {
            ApplicationWorkflowInput::New {
                id,
                adviser_id,
                firm_id,
                created_at,
            } => Application::new(id, adviser_id, firm_id, created_at),
            ApplicationWorkflowInput::Continued { application } => *application,
        };
        Self {
            application,
            commands_this_run: 0,
        }
    }

    #[run]
    pub async fn run(ctx: &mut WorkflowContext<Self>) -> WorkflowResult<()> {
        // Wait for the quote's valid-until date to pass (a durable timer) or for the time to
        // hand over to a new run, whichever comes first; a new price re-arms the timer.
        loop {
            let (expires_at, armed_for) =
                ctx.state(|s| (s.application.quote_expires_at(), s.application.valid_until));
            let view = ctx.clone();
            let woken = move |s: &Self| {
                time_to_hand_over(s, &view) || s.application.valid_until != armed_for
            };
            let Some(expires_at) = expires_at else {
                ctx.wait_condition(woken).await?;
                if ctx.state(|s| time_to_hand_over(s, ctx)) {
                    break;
                }
                continue;
            };
            let now = workflow_now(ctx);
            if expires_at > now {
                let wait = (expires_at - now).to_std().unwrap_or_default();
                temporalio_sdk::workflows::select! {
                    _ = ctx.timer(wait) => {}
                    _ = ctx.wait_condition(woken) => {}
                }
                if ctx.state(|s| time_to_hand_over(s, ctx)) {
                    break;
                }
                if ctx.state(|s| s.application.valid_until != armed_for) {
                    continue;
                }
            }
            let now = workflow_now(ctx);
            let expired = ctx.state_mut(|s| {
                s.application = s
                    .application
                    .expire_quote(now.max(s.application.updated_at));
                s.application.clone()
            });
            describe(ctx, &expired);
            ctx.execute_local_activity(
                ApplicationActivities::save_application_view,
                expired,
                LocalActivityOptions::builder()
                    .start_to_close_timeout(PROJECTION_TIMEOUT)
                    .build(),
            )
            .await?;
        }
        // Let in-flight commands finish and project before handing over to the next run.
        let view = ctx.clone();
        ctx.wait_condition(|_| view.all_handlers_finished()).await?;
        let application = ctx.state(|s| s.application.clone());
        ctx.continue_as_new(
            ApplicationWorkflowInput::Continued {
                application: Box::new(application),
            },
            ContinueAsNewOptions::default(),
        )?;
        Ok(())
    }

    /// Projects and returns the application as it stands. Sent with the start of a new
    /// workflow (update-with-start) so creation answers only once the case is listed.
    #[update]
    pub async fn open(
        ctx: &mut WorkflowContext<Self>,
        _request: (),
    ) -> Result<Application, HandlerError> {
        let application = ctx.state(|s| s.application.clone());
        describe(ctx, &application);
        project(ctx, application).await
    }

    #[update_validator(add_applicant)]
    fn validate_add_applicant(
        &self,
        _ctx: &WorkflowContextView,
        command: &Command<AddApplicant>,
    ) -> Result<(), HandlerError> {
        let at = self.time_of(command);
        check(self.application.add_applicant(&command.body, at))
    }

    #[update]
    pub async fn add_applicant(
        ctx: &mut WorkflowContext<Self>,
        command: Command<AddApplicant>,
    ) -> Result<Application, HandlerError> {
        let next = ctx.state(|s| {
            s.application
                .add_applicant(&command.body, s.time_of(&command))
        });
        commit(ctx, next).await
    }

    #[update_validator(edit_applicant)]
    fn validate_edit_applicant(
        &self,
        _ctx: &WorkflowContextView,
        command: &Command<EditApplicant>,
    ) -> Result<(), HandlerError> {
        let at = self.time_of(command);
        check(self.application.edit_applicant(&command.body, at))
    }

    #[update]
    pub async fn edit_applicant(
        ctx: &mut WorkflowContext<Self>,
        command: Command<EditApplicant>,
    ) -> Result<Application, HandlerError> {
        let next = ctx.state(|s| {
            s.application
                .edit_applicant(&command.body, s.time_of(&command))
        });
        commit(ctx, next).await
    }

    #[update_validator(command)]
    fn validate_command(
        &self,
        _ctx: &WorkflowContextView,
        command: &Command<ApplicationCommand>,
    ) -> Result<(), HandlerError> {
        check(self.application.apply(&command.body, self.time_of(command)))
    }

    /// The quote stage's smaller commands (children, beneficiaries, payout shares, removing a
    /// client, unlocking the quote); the input's `kind` names the command.
    #[update]
    pub async fn command(
        ctx: &mut WorkflowContext<Self>,
        command: Command<ApplicationCommand>,
    ) -> Result<Application, HandlerError> {
        let next = ctx.state(|s| s.application.apply(&command.body, s.time_of(&command)));
        commit(ctx, next).await
    }

    #[update_validator(add_cover)]
    fn validate_add_cover(
        &self,
        _ctx: &WorkflowContextView,
        command: &Command<AddCover>,
    ) -> Result<(), HandlerError> {
        check(
            self.application
                .add_cover(&command.body, self.time_of(command)),
        )
    }

    /// §7 `MutateCovers/add`: the cover is kept as typed, with the catalogue's findings.
    #[update]
    pub async fn add_cover(
        ctx: &mut WorkflowContext<Self>,
        command: Command<AddCover>,
    ) -> Result<Application, HandlerError> {
        let next = ctx.state(|s| s.application.add_cover(&command.body, s.time_of(&command)));
        commit_checked(ctx, next, command.requested_at).await
    }

    #[update_validator(edit_cover)]
    fn validate_edit_cover(
        &self,
        _ctx: &WorkflowContextView,
        command: &Command<EditCover>,
    ) -> Result<(), HandlerError> {
        check(
            self.application
                .edit_cover(&command.body, self.time_of(command)),
        )
    }

    #[update]
    pub async fn edit_cover(
        ctx: &mut WorkflowContext<Self>,
        command: Command<EditCover>,
    ) -> Result<Application, HandlerError> {
        let next = ctx.state(|s| s.application.edit_cover(&command.body, s.time_of(&command)));
        commit_checked(ctx, next, command.requested_at).await
    }

    #[update_validator(upsell_cover)]
    fn validate_upsell_cover(
        &self,
        _ctx: &WorkflowContextView,
        command: &Command<EditCover>,
    ) -> Result<(), HandlerError> {
        check(
            self.application
                .upsell_cover(&command.body, self.time_of(command)),
        )
    }

    /// §7 `upsellcover`: more cover on an existing cover, at the quote or the decision.
    #[update]
    pub async fn upsell_cover(
        ctx: &mut WorkflowContext<Self>,
        command: Command<EditCover>,
    ) -> Result<Application, HandlerError> {
        let next = ctx.state(|s| {
            s.application
                .upsell_cover(&command.body, s.time_of(&command))
        });
        commit_checked(ctx, next, command.requested_at).await
    }

    #[update_validator(remove_cover)]
    fn validate_remove_cover(
        &self,
        _ctx: &WorkflowContextView,
        command: &Command<RemoveCover>,
    ) -> Result<(), HandlerError> {
        check(
            self.application
                .remove_cover(&command.body, self.time_of(command)),
        )
    }

    #[update]
    pub async fn remove_cover(
        ctx: &mut WorkflowContext<Self>,
        command: Command<RemoveCover>,
    ) -> Result<Application, HandlerError> {
        let next = ctx.state(|s| {
            s.application
                .remove_cover(&command.body, s.time_of(&command))
        });
        commit_checked(ctx, next, command.requested_at).await
    }

    #[update_validator(set_payout_planner_used)]
    fn validate_set_payout_planner_used(
        &self,
        _ctx: &WorkflowContextView,
        command: &Command<SetPayoutPlannerUsed>,
    ) -> Result<(), HandlerError> {
        check(
            self.application
                .set_payout_planner_used(&command.body, self.time_of(command)),
        )
    }

    #[update]
    pub async fn set_payout_planner_used(
        ctx: &mut WorkflowContext<Self>,
        command: Command<SetPayoutPlannerUsed>,
    ) -> Result<Application, HandlerError> {
        let next = ctx.state(|s| {
            s.application
                .set_payout_planner_used(&command.body, s.time_of(&command))
        });
        commit(ctx, next).await
    }

    #[update_validator(price_quote)]
    fn validate_price_quote(
        &self,
        _ctx: &WorkflowContextView,
        _command: &Command<()>,
    ) -> Result<(), HandlerError> {
        self.application
            .check_can_price()
            .map_err(|rejection| rejection.to_wire().into())
    }

    /// §7 `quotePrice`: prices every cover at the quote age date (today for a first quote)
    /// and records the quote; a cover that cannot be priced is named by its field.
    #[update]
    pub async fn price_quote(
        ctx: &mut WorkflowContext<Self>,
        command: Command<()>,
    ) -> Result<Application, HandlerError> {
        let (application, at) = ctx.state(|s| (s.application.clone(), s.time_of(&command)));
        let quote_age_date = application.age_date(uk_date(at));
        let request = PriceRequest {
            quote_id: format!("{}-{}", application.id, application.version),
            application,
            quote_age_date,
        };
        let priced: Result<Quote, Rejection> = ctx
            .execute_local_activity(
                PricingActivities::price_quote,
                request,
                LocalActivityOptions::builder()
                    .start_to_close_timeout(PRICING_TIMEOUT)
                    .build(),
            )
            .await?;
        let next = priced.map(|quote| ctx.state(|s| s.application.record_quote(quote, at)));
        commit(ctx, next).await
    }
}

impl ApplicationWorkflow {
    /// When a command takes effect: as requested, but never before the last change, so a
    /// clock that runs slightly behind on one API node cannot move the history backwards.
    fn time_of<C>(&self, command: &Command<C>) -> DateTime<Utc> {
        command.requested_at.max(self.application.updated_at)
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

/// A validator's answer: the rejection travels to the API as the failure message.
fn check(result: Result<Application, Rejection>) -> Result<(), HandlerError> {
    result
        .map(|_| ())
        .map_err(|rejection| rejection.to_wire().into())
}

/// Makes `next` the application's state (when the command changed anything), keeps the
/// Temporal UI's view of the case current, and writes the read model before answering.
async fn commit(
    ctx: &mut WorkflowContext<ApplicationWorkflow>,
    next: Result<Application, Rejection>,
) -> Result<Application, HandlerError> {
    // The validator already accepted the command, so a rejection here means the state
    // moved between validation and handling; it is reported like any other rejection.
    let next = next.map_err(|rejection| HandlerError::from(rejection.to_wire()))?;
    let changed = ctx.state_mut(|s| {
        let changed = next.version != s.application.version;
        if changed {
            s.application = next.clone();
            s.commands_this_run += 1;
        }
        changed
    });
    if !changed {
        return Ok(next);
    }
    describe(ctx, &next);
    project(ctx, next).await
}

/// Like [`commit`], after putting the catalogue's findings on the covers (§8): each cover
/// shows the limits it breaks as soon as it is saved.
async fn commit_checked(
    ctx: &mut WorkflowContext<ApplicationWorkflow>,
    next: Result<Application, Rejection>,
    requested_at: DateTime<Utc>,
) -> Result<Application, HandlerError> {
    let next = next.map_err(|rejection| HandlerError::from(rejection.to_wire()))?;
    let request = PriceRequest {
        quote_id: String::new(),
        quote_age_date: next.age_date(uk_date(requested_at)),
        application: next.clone(),
    };
    let checks = ctx
        .execute_local_activity(
            PricingActivities::check_covers,
            request,
            LocalActivityOptions::builder()
                .start_to_close_timeout(PRICING_TIMEOUT)
                .build(),
        )
        .await?;
    commit(ctx, Ok(next.with_cover_checks(&checks))).await
}

/// Search attributes and a one-line summary, so case handlers can find and read the case.
fn describe(ctx: &WorkflowContext<ApplicationWorkflow>, application: &Application) {
    let mut updates = vec![
        ADVISER_ID.value_set(application.adviser_id.to_string()),
        APPLICATION_STAGE.value_set(application.status.code().to_owned()),
        CLIENT_NAMES.value_set(application.client_names()),
    ];
    if let Some(firm) = &application.firm_id {
        updates.push(FIRM_ID.value_set(firm.clone()));
    }
    ctx.upsert_search_attributes(updates);
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

async fn project(
    ctx: &mut WorkflowContext<ApplicationWorkflow>,
    application: Application,
) -> Result<Application, HandlerError> {
    ctx.execute_local_activity(
        ApplicationActivities::save_application_view,
        application.clone(),
        LocalActivityOptions::builder()
            .start_to_close_timeout(PROJECTION_TIMEOUT)
            .build(),
    )
    .await?;
    Ok(application)
}
