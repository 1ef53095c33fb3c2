//! `QiWorkflow`: one quick indication (§1 Qi, §2 "underwriting-qi"), with the id `qi-{id}`, the
//! only writer of its client's details, answers, indication and price.
//!
//! It reuses the enquiry's rule for answers (`EnquiryRecord::provide`, on the interview's
//! pre-sale subset), the rulebook's decision (`UnderwritingActivities::decide`, on one notional
//! cover per Qi product) and the pricing basis (`PricingActivities::price_indication`), each a
//! local activity recorded in history. Every change is an Update validated before anything is
//! written. After 30 days a durable timer expires the indication; the workflow then ends, and
//! the store keeps the record to read.

use crate::commands::{Changes, Checked, Saved, Timed, command_updates};
use crate::one_at_a_time::{TakesTurns, one_at_a_time};
use crate::refusal::{HandlerError, refuse};
use crate::sealed_input::{SealedStart, refuse_unless_sealed};
use crate::search_attributes::CLIENT_NAMES;
use crate::steps::{self, Failing, ShowsFailingSteps};
use activities::{
    DecideRequest, IndicationPriceRequest, PricingActivities, UnderwritingActivities,
};
use chrono::{DateTime, Utc};
use domain::dates::uk_date;
use domain::qi::{LinkApplication, QiRecord, QuoteIndication, SetQiClient, notional_covers};
use domain::underwriting::interview::Interview;
use domain::underwriting::record::ProvideAnswers;
use domain::{QiId, Rejection};
use serde::{Deserialize, Serialize};
use std::time::Duration;
use temporalio_macros::workflow;
use temporalio_sdk::{ContinueAsNewOptions, WorkflowContext, WorkflowContextView, WorkflowResult};

/// A new run well before Temporal's per-run limits.
const CONTINUE_AS_NEW_AFTER_COMMANDS: u32 = 500;
/// The rules, pricing and the save are in-memory work and a quick write.
const LOCAL_TIMEOUT: Duration = Duration::from_secs(10);

/// The workflow id of a Qi enquiry: `qi-{id}`.
pub fn qi_workflow_id(id: &QiId) -> String {
    format!("qi-{id}")
}

/// How a Qi enquiry starts: its first record (built by the API from the client's details) and
/// the pre-sale interview it follows, or the same carried into a new run.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QiWorkflowInput {
    pub record: QiRecord,
    pub interview: Interview,
}

/// §7 `POST /decision/qi/{id}/risk`: run the rules for an indication.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Indicate;

#[workflow]
pub struct QiWorkflow {
    record: QiRecord,
    interview: Interview,
    commands_this_run: u32,
    changing: bool,
    failing: Option<Failing>,
    /// Whether the portal sealed the start input (`crate::sealed_input`).
    sealed: bool,
}

impl QiWorkflow {
    /// The Updates the table does not write, by name.
    pub const HAND_WRITTEN_UPDATES: &[&str] = &["open"];

    fn time_of<C>(&self, command: &Timed<C>) -> DateTime<Utc> {
        command.requested_at.max(self.record.updated_at)
    }

    fn validate<C: Checked<Self>>(&self, command: &Timed<C>) -> Result<(), HandlerError> {
        let at = self.time_of(command);
        command.body.check(self, at).map_err(refuse)
    }

    fn next<C: Changes<Self, Next = QiRecord>>(
        &self,
        command: &Timed<C>,
    ) -> Result<QiRecord, Rejection> {
        let at = self.time_of(command);
        command.body.apply(self, at)
    }
}

impl ShowsFailingSteps for QiWorkflow {
    fn failing_step(&mut self) -> &mut Option<Failing> {
        &mut self.failing
    }

    /// "Qi indication for Jane Smith · adviser1 · indicated · version 4", then the failing step.
    fn redraw(ctx: &mut WorkflowContext<Self>) {
        let details = ctx.state(|s| {
            let r = &s.record;
            let stage = if r.expired {
                "expired"
            } else if let Some(id) = r.application_id {
                return format!(
                    "Qi indication for {} · {} · application {id} started · version {}",
                    r.client_name(),
                    r.adviser_id,
                    r.version
                );
            } else if r.quote.is_some() {
                "priced"
            } else if r.indication.is_some() {
                "indicated"
            } else {
                "answering"
            };
            let summary = format!(
                "Qi indication for {} · {} · {stage} · version {}",
                r.client_name(),
                r.adviser_id,
                r.version
            );
            match &s.failing {
                Some(failing) => format!("{summary}\n{}", failing.sentence()),
                None => summary,
            }
        });
        ctx.set_current_details(details);
    }
}

impl TakesTurns for QiWorkflow {
    fn changing(&self) -> bool {
        self.changing
    }

    fn set_changing(&mut self, changing: bool) {
        self.changing = changing;
    }
}

command_updates! {
    QiWorkflow;
    {
        #[init]
        fn new(_ctx: &WorkflowContextView, start: SealedStart<QiWorkflowInput>) -> Self {
            Self {
                record: start.input.record,
                interview: start.input.interview,
                commands_this_run: 0,
                changing: false,
                failing: None,
                sealed: start.sealed,
            }
        }

        /// Waits out the indication's 30 days (a durable timer), then expires it; or hands over
        /// to a new run once this one has grown long.
        #[run]
        pub async fn run(ctx: &mut WorkflowContext<Self>) -> WorkflowResult<()> {
            refuse_unless_sealed(ctx.state(|s| s.sealed))?;
            let expires_at = ctx.state(|s| s.record.expires_at);
            let now = workflow_now(ctx);
            if expires_at > now {
                let wait = (expires_at - now).to_std().unwrap_or_default();
                let view = ctx.clone();
                let hand_over = move |s: &Self| {
                    s.commands_this_run >= CONTINUE_AS_NEW_AFTER_COMMANDS
                        || view.continue_as_new_suggested()
                };
                let mut timed_out = false;
                temporalio_sdk::workflows::select! {
                    _ = ctx.timer(wait) => { timed_out = true; }
                    _ = ctx.wait_condition(hand_over) => {}
                }
                if !timed_out {
                    let handlers = ctx.clone();
                    ctx.wait_condition(move |_| handlers.all_handlers_finished())
                        .await?;
                    let input = ctx.state(|s| QiWorkflowInput {
                        record: s.record.clone(),
                        interview: s.interview.clone(),
                    });
                    ctx.continue_as_new(SealedStart::from(input), ContinueAsNewOptions::default())?;
                    return Ok(());
                }
            }
            one_at_a_time(ctx, async |ctx| {
                let at = workflow_now(ctx);
                let expired = ctx.state(|s| s.record.expire(at));
                let changed = ctx.state_mut(|s| {
                    let changed = expired.version != s.record.version;
                    s.record = expired;
                    changed
                });
                if changed {
                    store(ctx).await?;
                }
                WorkflowResult::Ok(())
            })
            .await?;
            let handlers = ctx.clone();
            ctx.wait_condition(move |_| handlers.all_handlers_finished())
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

        /// Saves the indication as it stands: sent when the API starts it, so the adviser lands
        /// on a page that is already readable.
        #[update]
        pub async fn open(
            ctx: &mut WorkflowContext<Self>,
            _at: DateTime<Utc>,
        ) -> Result<Saved, HandlerError> {
            one_at_a_time(ctx, async |ctx| save(ctx).await).await
        }
    }

    set_client, validate_set_client: SetQiClient => commit;
    provide_answers, validate_provide_answers: ProvideAnswers => commit;
    link_application, validate_link_application: LinkApplication => commit;

    @steps
    indicate, validate_indicate: Indicate => decide_and_keep;
    quote_indication, validate_quote_indication: QuoteIndication => price_and_keep;
}

impl Changes<QiWorkflow> for SetQiClient {
    type Next = QiRecord;

    fn apply(&self, on: &QiWorkflow, at: DateTime<Utc>) -> Result<QiRecord, Rejection> {
        on.record.set_client(&on.interview, self, uk_date(at), at)
    }
}

impl Changes<QiWorkflow> for ProvideAnswers {
    type Next = QiRecord;

    fn apply(&self, on: &QiWorkflow, at: DateTime<Utc>) -> Result<QiRecord, Rejection> {
        on.record.provide(&on.interview, self, uk_date(at), at)
    }
}

impl Changes<QiWorkflow> for LinkApplication {
    type Next = QiRecord;

    fn apply(&self, on: &QiWorkflow, at: DateTime<Utc>) -> Result<QiRecord, Rejection> {
        on.record.link_application(self, at)
    }
}

impl Checked<QiWorkflow> for Indicate {
    fn check(&self, on: &QiWorkflow, at: DateTime<Utc>) -> Result<(), Rejection> {
        on.record.check_indicable(&on.interview, uk_date(at))
    }
}

impl Checked<QiWorkflow> for QuoteIndication {
    fn check(&self, on: &QiWorkflow, _at: DateTime<Utc>) -> Result<(), Rejection> {
        on.record.check_quotable(self).map(|_| ())
    }
}

/// Runs the rules over the answers (a local activity), one notional cover per Qi product, and
/// keeps the outcome; asking again on the same answers keeps the first.
async fn decide_and_keep(
    ctx: &mut WorkflowContext<QiWorkflow>,
    command: Timed<Indicate>,
) -> Result<Saved, HandlerError> {
    ctx.state(|s| s.validate(&command))?;
    if ctx.state(|s| s.record.indication.is_some()) {
        return Ok(Saved {
            version: ctx.state(|s| s.record.version),
        });
    }
    let at = ctx.state(|s| s.time_of(&command));
    let request = ctx.state(|s| DecideRequest {
        record: s.record.enquiry.clone(),
        covers: notional_covers(),
        today: uk_date(at),
        at,
    });
    let outcome = steps::run(
        ctx,
        || UnderwritingActivities::decide,
        request,
        LOCAL_TIMEOUT,
    )
    .await?;
    let next = ctx.state(|s| s.record.indicate(outcome, at));
    commit(ctx, Ok(next), &command).await
}

/// Prices the covers on the indicated terms (a local activity) and keeps them with the price.
async fn price_and_keep(
    ctx: &mut WorkflowContext<QiWorkflow>,
    command: Timed<QuoteIndication>,
) -> Result<Saved, HandlerError> {
    let covers = ctx
        .state(|s| s.record.check_quotable(&command.body))
        .map_err(refuse)?;
    let at = ctx.state(|s| s.time_of(&command));
    let request = ctx.state(|s| IndicationPriceRequest {
        record: s.record.clone(),
        covers: covers.clone(),
        quote_age_date: uk_date(at),
        quote_id: format!("qi-{}-{}", s.record.id, s.record.version + 1),
    });
    let priced = steps::run(
        ctx,
        || PricingActivities::price_indication,
        request,
        LOCAL_TIMEOUT,
    )
    .await?;
    let quote = priced.map_err(refuse)?;
    let next = ctx.state(|s| s.record.quoted(covers, quote, at));
    commit(ctx, Ok(next), &command).await
}

/// Makes `next` the record and saves it when it changed; answers with the version saved.
async fn commit<C>(
    ctx: &mut WorkflowContext<QiWorkflow>,
    next: Result<QiRecord, Rejection>,
    _command: &Timed<C>,
) -> Result<Saved, HandlerError> {
    let next = next.map_err(refuse)?;
    let renamed = ctx.state(|s| next.client_name() != s.record.client_name());
    let changed = ctx.state_mut(|s| {
        let changed = next.version != s.record.version;
        if changed {
            s.record = next;
            s.commands_this_run += 1;
        }
        changed
    });
    if !changed {
        return Ok(Saved {
            version: ctx.state(|s| s.record.version),
        });
    }
    if renamed {
        let name = ctx.state(|s| s.record.client_name());
        ctx.upsert_search_attributes([CLIENT_NAMES.value_set(name)]);
    }
    save(ctx).await
}

/// Saves the record for the API (a local activity).
async fn save(ctx: &mut WorkflowContext<QiWorkflow>) -> Result<Saved, HandlerError> {
    Ok(store(ctx).await?)
}

async fn store(
    ctx: &mut WorkflowContext<QiWorkflow>,
) -> Result<Saved, temporalio_sdk::ActivityExecutionError> {
    let (record, version) = ctx.state(|s| (s.record.clone(), s.record.version));
    QiWorkflow::redraw(ctx);
    steps::run(
        ctx,
        || UnderwritingActivities::save_qi,
        record,
        LOCAL_TIMEOUT,
    )
    .await?;
    Ok(Saved { version })
}

/// Workflow time (deterministic: the time of the current workflow task).
fn workflow_now(ctx: &WorkflowContext<QiWorkflow>) -> DateTime<Utc> {
    ctx.workflow_time()
        .map(DateTime::<Utc>::from)
        .unwrap_or_default()
}
