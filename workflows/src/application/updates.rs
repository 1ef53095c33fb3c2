//! The application workflow's Updates: one per command (an adviser's, or an underwriter's on
//! a referred case), named for it, each with a validator that runs the command's rule against
//! the current state and refuses a bad command before anything reaches history, and a handler
//! that applies the same rule, saves the read model and answers with the version saved, which
//! the API reads back so the browser reads its own write.
//!
//! The validator/handler pairs come from one table (`command_updates!` below, written by
//! [`crate::commands`], which writes the enquiry's Updates too): a new command
//! is a line there, and a command whose handler does more than commit the rule (starting the
//! enquiry, pricing an alternative, issuing documents) names its step there too. `open`,
//! `price_quote`, `quote_decision` and `check_bank` are written out because their validators are
//! not a command's rule.

use super::{ApplicationWorkflow, ApplicationWorkflowInput, projection};
use crate::commands::{Saved, Timed, UpdateFor, carried_by, command_updates};
use crate::one_at_a_time::one_at_a_time;
use crate::refusal::{HandlerError, refuse, refuse_at};
use crate::sealed_input::{Sealed, SealedStart, refuse_unless_sealed};
use crate::steps;
use activities::{
    ApplicationActivities, BankActivities, PolicyActivities, PriceRequest, PricingActivities,
    QuoteAndSave,
};
use chrono::{DateTime, Utc};
use domain::application::{
    AcceptPreUnderwritingDeclaration, AddAllocation, AddBeneficiary, AddChild, AddCover,
    ApplyForPolicy, Command, CompleteTermExtension, EditAllocation, EditBeneficiary, EditChild,
    EditCover, FailTermExtension, RemoveAllocation, RemoveApplicant, RemoveChild, RemoveCover,
    SaveContact, SetAdvisedSale, SetAmraConsent, SetCommission, SetExaminer, SetHasUnbornChildren,
    SetMortgageRelated, SetPayoutPlannerUsed, SetPolicyStartDate, SetQuoteDate, SetSameAddress,
    SetThirdPartyRef, SetViewMedicalReports, UnlockQuoteEdit, UpsellCover,
};
use domain::application::{
    ActivateApplication, CheckBankDetails, OverrideBankCheck, ProceedToSetUp, RecordBankCheck,
    RecordEnquiryOutcome, RemoveApplicantAtDecision, Requote, ResetBankCheck, SaveBankDetails,
    StartUnderwriting, TakeAlternative, TriggerDecisionQuote,
};
use domain::application::{
    ClaimCase, DecideReferredCover, PostUnderwritingUpdate, ReceiveEvidence, ReleaseCase,
    RequestEvidence,
};
use domain::dates::uk_date;
use domain::quote::Quote;
use domain::{AddApplicant, Application, EditApplicant, Rejection};
use serde::{Deserialize, Serialize};
use std::time::Duration;
use temporalio_sdk::{
    ActivityExecutionError, SyncWorkflowContext, WorkflowContext, WorkflowContextView,
    WorkflowResult,
};

/// The bank check waits for the CoP service, whose own time limit is shorter than this.
const BANK_CHECK_TIMEOUT: Duration = Duration::from_secs(20);
/// Rendering and storing the policy documents: a few PDFs and one database write each.
const ISSUE_DOCUMENTS_TIMEOUT: Duration = Duration::from_secs(30);
/// Pricing and cover checks are in-memory computations; a few seconds is generous.
const PRICING_TIMEOUT: Duration = Duration::from_secs(10);

/// §7 `quotePrice`: price every cover and record the quote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PriceQuote;

/// A command the application workflow takes, and the Update that carries it.
pub trait ApplicationUpdate: UpdateFor<ApplicationWorkflow> {}

impl<C: UpdateFor<ApplicationWorkflow>> ApplicationUpdate for C {}

command_updates! {
    ApplicationWorkflow;
    {
        #[init]
        fn new(_ctx: &WorkflowContextView, start: SealedStart<ApplicationWorkflowInput>) -> Self {
            let mut state = Self::new_state(start.input);
            state.sealed = start.sealed;
            state
        }

        #[run]
        pub async fn run(ctx: &mut WorkflowContext<Self>) -> WorkflowResult<()> {
            refuse_unless_sealed(ctx.state(|s| s.sealed))?;
            Self::run_until_handover(ctx).await
        }

        /// Its input is nothing; the validator is there so that an input the portal did not
        /// seal is refused before anything is recorded (`crate::sealed_input`).
        #[update_validator(open)]
        fn validate_open(&self, _ctx: &WorkflowContextView, _request: &()) -> Result<(), HandlerError> {
            Ok(())
        }

        /// Saves and returns the application as it stands. Sent with the start of a new
        /// workflow (update-with-start) so creation answers only once the case is listed.
        #[update]
        pub async fn open(
            ctx: &mut WorkflowContext<Self>,
            _request: (),
        ) -> Result<Saved, HandlerError> {
            one_at_a_time(ctx, async |ctx| {
                let application = ctx.state(|s| s.application.clone());
                projection::describe(ctx, &application);
                Ok(projection::save(ctx, application).await?)
            })
            .await
        }

        /// The application as the workflow holds it: what a case handler reads under Queries
        /// in the Temporal Web UI, and what the fault-injection driver checks the read model
        /// against.
        #[query]
        pub fn application(&self, _ctx: &WorkflowContextView) -> Application {
            self.application.clone()
        }

        /// A client's enquiry closed with its outcome (sent by the enquiry workflow): recorded
        /// at once, saved by the main loop. One not sealed by the portal (sent with Temporal's
        /// CLI, say) is ignored (`crate::sealed_input`).
        #[signal]
        pub fn enquiry_closed(
            &mut self,
            ctx: &mut SyncWorkflowContext<Self>,
            outcome: Sealed<RecordEnquiryOutcome>,
        ) {
            let Sealed::Genuine(outcome) = outcome else {
                if !ctx.is_replaying() {
                    tracing::warn!(
                        workflow_id = ctx.workflow_id(),
                        "ignored an enquiry_closed signal that was not sealed by the portal"
                    );
                }
                return;
            };
            let now = ctx.workflow_time().map(DateTime::<Utc>::from).unwrap_or_default();
            self.outcome_signalled(outcome, now);
        }

        #[update_validator(price_quote)]
        fn validate_price_quote(
            &self,
            _ctx: &WorkflowContextView,
            _command: &Timed<PriceQuote>,
        ) -> Result<(), HandlerError> {
            self.application.check_can_price().map_err(refuse_at(self.application.version))
        }

        /// §7 `quotePrice`: prices every cover at the quote age date (today for a first
        /// quote) and records the quote; a cover that cannot be priced is named by its field.
        #[update]
        pub async fn price_quote(
            ctx: &mut WorkflowContext<Self>,
            command: Timed<PriceQuote>,
        ) -> Result<Saved, HandlerError> {
            one_at_a_time(ctx, async |ctx| {
                let at = ctx.state(|s| s.time_of(&command));
                price_quote_and_commit(ctx, at).await
            })
            .await
        }

        #[update_validator(check_bank)]
        fn validate_check_bank(
            &self,
            _ctx: &WorkflowContextView,
            _command: &Timed<CheckBankDetails>,
        ) -> Result<(), HandlerError> {
            self.application.check_can_check_bank().map_err(refuse_at(self.application.version))
        }

        /// §7 `bankvalidation`: checks the saved bank details (the modulus check, then
        /// Confirmation of Payee, as a local activity recorded in history) and records the
        /// result.
        #[update]
        pub async fn check_bank(
            ctx: &mut WorkflowContext<Self>,
            command: Timed<CheckBankDetails>,
        ) -> Result<Saved, HandlerError> {
            one_at_a_time(ctx, async |ctx| {
                let (details, at) = ctx.state(|s| {
                    (s.application.set_up.bank_details.clone(), s.time_of(&command))
                });
                let Some(details) = details else {
                    let refused = ctx.state(|s| s.application.check_can_check_bank().map(|()| s.application.clone()));
                    return commit(ctx, refused, &command).await;
                };
                let result = steps::run(ctx, || BankActivities::check_bank, details, BANK_CHECK_TIMEOUT)
                    .await?;
                let next = ctx.state(|s| {
                    s.application
                        .record_bank_check(&RecordBankCheck { result }, at)
                });
                commit(ctx, next, &command).await
            })
            .await
        }

        #[update_validator(quote_decision)]
        fn validate_quote_decision(
            &self,
            _ctx: &WorkflowContextView,
            _command: &Timed<TriggerDecisionQuote>,
        ) -> Result<(), HandlerError> {
            self.application.check_can_quote_decision().map_err(refuse_at(self.application.version))
        }

        /// §7 `TriggerDecisionQuote` and `decision/{id}/quote`: prices every cover on the
        /// terms underwriting gave it, at the quote's age date, and records the decision quote.
        #[update]
        pub async fn quote_decision(
            ctx: &mut WorkflowContext<Self>,
            command: Timed<TriggerDecisionQuote>,
        ) -> Result<Saved, HandlerError> {
            one_at_a_time(ctx, async |ctx| {
                let at = ctx.state(|s| s.time_of(&command));
                let current = ctx.state(|s| s.application.clone());
                let priced = price_decision(ctx, &current, at).await?;
                let next = priced
                    .map(|quote| ctx.state(|s| s.application.record_decision_quote(quote, at)));
                commit(ctx, next, &command).await
            })
            .await
        }
    }

    add_applicant, validate_add_applicant: AddApplicant => commit;
    edit_applicant, validate_edit_applicant: EditApplicant => commit;
    remove_applicant, validate_remove_applicant: RemoveApplicant => commit;
    add_child, validate_add_child: AddChild => commit;
    edit_child, validate_edit_child: EditChild => commit;
    remove_child, validate_remove_child: RemoveChild => commit;
    set_has_unborn_children, validate_set_has_unborn_children: SetHasUnbornChildren => commit;
    add_beneficiary, validate_add_beneficiary: AddBeneficiary => commit;
    edit_beneficiary, validate_edit_beneficiary: EditBeneficiary => commit;
    add_allocation, validate_add_allocation: AddAllocation => commit;
    edit_allocation, validate_edit_allocation: EditAllocation => commit;
    remove_allocation, validate_remove_allocation: RemoveAllocation => commit;
    unlock_quote_edit, validate_unlock_quote_edit: UnlockQuoteEdit => commit;
    add_cover, validate_add_cover: AddCover => commit_checked;
    edit_cover, validate_edit_cover: EditCover => commit_checked;
    upsell_cover, validate_upsell_cover: UpsellCover => commit_checked;
    remove_cover, validate_remove_cover: RemoveCover => commit_checked;
    set_payout_planner_used, validate_set_payout_planner_used: SetPayoutPlannerUsed => commit;
    save_contact, validate_save_contact: SaveContact => commit;
    set_same_address, validate_set_same_address: SetSameAddress => commit;
    set_third_party_ref, validate_set_third_party_ref: SetThirdPartyRef => commit;
    set_commission, validate_set_commission: SetCommission => commit;
    set_quote_date, validate_set_quote_date: SetQuoteDate => commit;
    set_mortgage_related, validate_set_mortgage_related: SetMortgageRelated => commit;
    set_advised_sale, validate_set_advised_sale: SetAdvisedSale => commit;
    set_policy_start_date, validate_set_policy_start_date: SetPolicyStartDate => commit;
    accept_pre_underwriting_declaration, validate_accept_pre_underwriting_declaration:
        AcceptPreUnderwritingDeclaration => commit;
    apply_for_policy, validate_apply_for_policy: ApplyForPolicy => commit;
    complete_term_extension, validate_complete_term_extension: CompleteTermExtension => commit;
    fail_term_extension, validate_fail_term_extension: FailTermExtension => commit;
    set_amra_consent, validate_set_amra_consent: SetAmraConsent => commit;
    set_view_medical_reports, validate_set_view_medical_reports: SetViewMedicalReports => commit;
    set_examiner, validate_set_examiner: SetExaminer => commit;
    proceed_to_set_up, validate_proceed_to_set_up: ProceedToSetUp => commit;
    remove_applicant_at_decision, validate_remove_applicant_at_decision:
        RemoveApplicantAtDecision => commit;
    save_bank_details, validate_save_bank_details: SaveBankDetails => commit;
    override_bank_check, validate_override_bank_check: OverrideBankCheck => commit;
    reset_bank_check, validate_reset_bank_check: ResetBankCheck => commit;
    requote, validate_requote: Requote => commit;
    claim_case, validate_claim_case: ClaimCase => commit;
    release_case, validate_release_case: ReleaseCase => commit;
    request_evidence, validate_request_evidence: RequestEvidence => commit;
    receive_evidence, validate_receive_evidence: ReceiveEvidence => commit;
    post_underwriting_update, validate_post_underwriting_update: PostUnderwritingUpdate => commit;
    decide_referred_cover, validate_decide_referred_cover: DecideReferredCover => commit;

    // Commands whose handler does more than commit the rule, each with its step.
    @steps
    start_underwriting, validate_start_underwriting: StartUnderwriting => start_enquiry;
    take_alternative, validate_take_alternative: TakeAlternative => take_and_price_alternative;
    activate_application, validate_activate_application: ActivateApplication => activate_and_issue;
}

/// §7 `POST /underwriting/{applicantId}/start`: starts the client's enquiry as a child workflow
/// (`enquiry-{applicantId}`) with the interview the rulebook has now and the client's details as
/// §5 maps them. Starting again answers with the application as it is: the enquiry already
/// exists.
async fn start_enquiry(
    ctx: &mut WorkflowContext<ApplicationWorkflow>,
    command: Timed<StartUnderwriting>,
) -> Result<Saved, HandlerError> {
    super::enquiries::start(ctx, command).await
}

/// The decision page's priced alternative: the cover and its terms change, and the decision is
/// priced again in the same step, so the page shows the price it offered.
async fn take_and_price_alternative(
    ctx: &mut WorkflowContext<ApplicationWorkflow>,
    command: Timed<TakeAlternative>,
) -> Result<Saved, HandlerError> {
    let at = ctx.state(|s| s.time_of(&command));
    let taken = ctx
        .state(|s| command.body.apply(&s.application, at))
        .map_err(refuse)?;
    let priced = price_decision(ctx, &taken, at).await?;
    let next = priced.map(|quote| {
        let mut next = taken.record_decision_quote(quote, at);
        // One change for the adviser's one click.
        next.version = taken.version;
        next
    });
    commit(ctx, next, &command).await
}

/// §7 `activateApplication`: puts the policy in force (a policy per client, numbered from the
/// application, so activating again changes nothing), then issues each client's schedule and the
/// decision document (an activity that stores them) before answering, so the Complete page lists
/// them at once.
async fn activate_and_issue(
    ctx: &mut WorkflowContext<ApplicationWorkflow>,
    command: Timed<ActivateApplication>,
) -> Result<Saved, HandlerError> {
    let (before, next) = ctx.state(|s| {
        let at = s.time_of(&command);
        (
            s.application.version,
            command.body.apply(&s.application, at),
        )
    });
    let next = next.map_err(refuse)?;
    if next.version == before {
        return Ok(Saved::of(&next));
    }
    let issued = steps::run(
        ctx,
        || PolicyActivities::issue_policy_documents,
        next.clone(),
        ISSUE_DOCUMENTS_TIMEOUT,
    )
    .await?;
    let issued = next.with_policy_documents(&issued);
    commit(ctx, Ok(issued), &command).await
}

impl ApplicationWorkflow {
    /// The Updates written out above, by name (`open` too, which carries no command): their
    /// validators are not a command's own rule (`price_quote` and `quote_decision` ask the
    /// pricing activity, `check_bank` the bank-check activity).
    pub const HAND_WRITTEN_UPDATES: &[&str] =
        &["open", "price_quote", "quote_decision", "check_bank"];
}

carried_by!(ApplicationWorkflow {
    PriceQuote => price_quote;
    TriggerDecisionQuote => quote_decision;
    CheckBankDetails => check_bank;
});

/// What pricing the application as it stands at `at` asks for; `suffix` tells the decision
/// quote's id from the quote's.
fn price_request(application: &Application, at: DateTime<Utc>, suffix: &str) -> PriceRequest {
    PriceRequest {
        quote_id: format!("{}-{}{suffix}", application.id, application.version),
        quote_age_date: application.age_date(uk_date(at)),
        application: application.clone(),
    }
}

/// Prices `application` on the terms underwriting gave each cover (the decision quote) at its
/// age date, as a local activity recorded in history.
async fn price_decision(
    ctx: &mut WorkflowContext<ApplicationWorkflow>,
    application: &Application,
    at: DateTime<Utc>,
) -> Result<Result<Quote, Rejection>, ActivityExecutionError> {
    steps::run(
        ctx,
        || PricingActivities::price_decision,
        price_request(application, at, "-decision"),
        PRICING_TIMEOUT,
    )
    .await
}

/// §7 `quotePrice`: prices the application as it stands and records the quote at `at`; the
/// pricing and the save are one local activity (see `activities::projection`).
async fn price_quote_and_commit(
    ctx: &mut WorkflowContext<ApplicationWorkflow>,
    at: DateTime<Utc>,
) -> Result<Saved, HandlerError> {
    let price = ctx.state(|s| price_request(&s.application, at, ""));
    let priced = steps::run(
        ctx,
        || ApplicationActivities::price_quote_and_save,
        QuoteAndSave {
            price,
            priced_at: at,
        },
        PRICING_TIMEOUT,
    )
    .await?;
    let quote = priced.map_err(refuse)?;
    let next = ctx.state(|s| s.application.record_quote(quote, at));
    Ok(adopt_saved(ctx, next))
}

/// Makes `next` the application's state when the command changed anything; says whether it did.
fn adopt(ctx: &mut WorkflowContext<ApplicationWorkflow>, next: &Application) -> bool {
    ctx.state_mut(|s| {
        let changed = next.version != s.application.version;
        if changed {
            s.application = next.clone();
            s.commands_this_run += 1;
        }
        changed
    })
}

/// Makes `next`, which the local activity that made it has saved already, the application's
/// state, and keeps the Temporal UI's view of the case current.
fn adopt_saved(ctx: &mut WorkflowContext<ApplicationWorkflow>, next: Application) -> Saved {
    if adopt(ctx, &next) {
        projection::describe(ctx, &next);
    }
    Saved::of(&next)
}

/// Makes `next` the application's state (when the command changed anything), keeps the
/// Temporal UI's view of the case current, and saves the read model before answering.
async fn commit<C>(
    ctx: &mut WorkflowContext<ApplicationWorkflow>,
    next: Result<Application, Rejection>,
    _command: &Timed<C>,
) -> Result<Saved, HandlerError> {
    // The validator already accepted the command, so a rejection here means the state
    // moved between validation and handling; it is reported like any other rejection.
    let next = next.map_err(refuse)?;
    if !adopt(ctx, &next) {
        return Ok(Saved::of(&next));
    }
    projection::describe(ctx, &next);
    Ok(projection::save(ctx, next).await?)
}

/// Cases whose cover changes were recorded before a change priced itself replay the old step
/// (check and save, then a separate `price_quote`); new ones check, price and save in one.
const COVER_CHANGE_PRICES: &str = "cover-change-prices";

/// Like [`commit`], with the catalogue's findings put on the covers (§8) so each cover shows
/// the limits it breaks as soon as it is saved, and the quote priced in the same step when it
/// can be: the check, the price and the save are one local activity.
async fn commit_checked<C>(
    ctx: &mut WorkflowContext<ApplicationWorkflow>,
    next: Result<Application, Rejection>,
    command: &Timed<C>,
) -> Result<Saved, HandlerError> {
    let next = next.map_err(refuse)?;
    if ctx.state(|s| s.application.version) == next.version {
        return Ok(Saved::of(&next));
    }
    if ctx.patched(COVER_CHANGE_PRICES) {
        let at = ctx.state(|s| s.time_of(command));
        let found = steps::run(
            ctx,
            || ApplicationActivities::check_price_and_save,
            QuoteAndSave {
                price: price_request(&next, at, ""),
                priced_at: at,
            },
            PRICING_TIMEOUT,
        )
        .await?;
        let saved = next.with_cover_change_checked(&found.checks, found.quote, at);
        return Ok(adopt_saved(ctx, saved));
    }
    let request = PriceRequest {
        quote_id: String::new(),
        quote_age_date: next.age_date(uk_date(command.requested_at)),
        application: next.clone(),
    };
    let checks = steps::run(
        ctx,
        || ApplicationActivities::check_covers_and_save,
        request,
        PRICING_TIMEOUT,
    )
    .await?;
    Ok(adopt_saved(ctx, next.with_cover_checks(&checks)))
}
