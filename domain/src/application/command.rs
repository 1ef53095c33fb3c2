//! Every change anyone can make to an application (an adviser, or an underwriter on a referred
//! case) is a [`Command`]: a small typed value
//! whose [`Command::apply`] is a pure function from the application to the next one or a
//! [`Rejection`]. The workflow runs one Temporal Update per command type, named for it, and
//! its validator and handler both call `apply`, so what is validated is exactly what is applied.
//!
//! The table at the end of this file says which rule each command runs; a new command is a
//! type, a rule on `Application` and a line in the table.

use super::Application;
use super::alternatives::TakeAlternative;
use super::amra_stage::{SetAmraConsent, SetExaminer, SetViewMedicalReports};
use super::applicants::{AddApplicant, AddChild, EditApplicant, RemoveApplicant};
use super::apply_stage::{
    SaveContact, SetAdvisedSale, SetCommission, SetPolicyStartDate, SetQuoteDate, SetSameAddress,
    SetThirdPartyRef,
};
use super::covers::{AddCover, EditCover, RemoveCover, SetPayoutPlannerUsed};
use super::decision_stage::{ProceedToSetUp, RemoveApplicantAtDecision, Requote};
use super::extension::CompleteTermExtension;
use super::in_force::ActivateApplication;
use super::quote_stage::{
    EditChild, RemoveAllocation, RemoveChild, SaveAllocation, SaveBeneficiary,
};
use super::set_up_stage::{OverrideBankCheck, RecordBankCheck, ResetBankCheck, SaveBankDetails};
use super::underwriter::{
    ClaimCase, DecideReferredCover, PostUnderwritingUpdate, ReceiveEvidence, ReleaseCase,
    RequestEvidence,
};
use super::underwriting_stage::{RecordEnquiryOutcome, StartUnderwriting};
use crate::errors::Rejection;
use crate::ids::ApplicantId;
use chrono::{DateTime, Utc};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A change to an application, judged and applied by the same pure rule.
pub trait Command: Clone + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The application after the command, or why not; nothing changes on a refusal. A command
    /// that changes nothing returns the application with the same version.
    fn apply(
        &self,
        application: &Application,
        now: DateTime<Utc>,
    ) -> Result<Application, Rejection>;
}

// §7 `hasUnbornChildren`.
/// Say whether the clients are expecting a child.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetHasUnbornChildren {
    pub has_unborn_children: bool,
}

// §7 `isMortgageRelated`.
/// Say whether the cover is for a mortgage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetMortgageRelated {
    pub is_mortgage_related: bool,
}

// §7 `acceptPreUnderwritingDeclaration`.
/// A client accepts the pre-underwriting declaration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AcceptPreUnderwritingDeclaration {
    pub applicant_id: ApplicantId,
}

// §7 `unlockquoteedit`.
/// Make the quote editable again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct UnlockQuoteEdit;

// §7 `ApplyApplication` and `portal/apply`.
/// Apply for the policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ApplyForPolicy;

// §7 `hasFailedTermExtension`.
/// Record that a term extension could not be completed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct FailTermExtension;

// §7 `candidateBeneficiaries`.
/// A new beneficiary, with the id the API chose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AddBeneficiary(pub SaveBeneficiary);

// §7 `PUT candidateBeneficiary/{beneficiaryId}`.
/// Change a beneficiary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EditBeneficiary(pub SaveBeneficiary);

// §7 `POST .../benefit-allocations`.
/// A new payout share, with the id the API chose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AddAllocation(pub SaveAllocation);

// §7 `PUT .../benefit-allocations/{allocationId}`.
/// Change a payout share.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EditAllocation(pub SaveAllocation);

// §7 `upsellcover`.
/// More cover on an existing cover.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UpsellCover(pub EditCover);

/// Implements [`Command`] for each type with the rule it runs: `Type => method` calls
/// `application.method(&command, now)`; `Type => |application, command, now| expr` says it
/// in full where the rule takes something else.
macro_rules! commands {
    ($($command:ty => $($rule:ident)? $(|$app:ident, $cmd:pat_param, $now:ident| $body:expr)?;)*) => {
        $(impl Command for $command {
            fn apply(
                &self,
                application: &Application,
                now: DateTime<Utc>,
            ) -> Result<Application, Rejection> {
                $(application.$rule(self, now))?
                $({
                    let ($app, $cmd, $now) = (application, self, now);
                    $body
                })?
            }
        })*
    };
}

commands! {
    AddApplicant => add_applicant;
    EditApplicant => edit_applicant;
    RemoveApplicant => remove_applicant;
    AddChild => add_child;
    EditChild => edit_child;
    RemoveChild => remove_child;
    SetHasUnbornChildren => |a, c, now| a.set_has_unborn_children(c.has_unborn_children, now);
    AddBeneficiary => |a, AddBeneficiary(c), now| a.save_beneficiary(c, true, now);
    EditBeneficiary => |a, EditBeneficiary(c), now| a.save_beneficiary(c, false, now);
    AddAllocation => |a, AddAllocation(c), now| a.save_allocation(c, true, now);
    EditAllocation => |a, EditAllocation(c), now| a.save_allocation(c, false, now);
    RemoveAllocation => remove_allocation;
    UnlockQuoteEdit => |a, _, now| a.unlock_quote_edit(now);
    AddCover => add_cover;
    EditCover => edit_cover;
    UpsellCover => |a, UpsellCover(c), now| a.upsell_cover(c, now);
    RemoveCover => remove_cover;
    SetPayoutPlannerUsed => set_payout_planner_used;
    SaveContact => save_contact;
    SetSameAddress => set_same_address;
    SetThirdPartyRef => set_third_party_ref;
    SetCommission => set_commission;
    SetQuoteDate => set_quote_date;
    SetMortgageRelated => |a, c, now| a.set_mortgage_related(c.is_mortgage_related, now);
    SetAdvisedSale => set_advised_sale;
    SetPolicyStartDate => set_policy_start_date;
    AcceptPreUnderwritingDeclaration =>
        |a, c, now| a.accept_pre_underwriting_declaration(&c.applicant_id, now);
    ApplyForPolicy => |a, _, now| a.apply_for_policy(now);
    CompleteTermExtension => complete_term_extension;
    FailTermExtension => |a, _, now| a.fail_term_extension(now);
    StartUnderwriting => start_underwriting;
    RecordEnquiryOutcome => record_enquiry_outcome;
    SetAmraConsent => set_amra_consent;
    SetViewMedicalReports => set_view_medical_reports;
    SetExaminer => set_examiner;
    ProceedToSetUp => |a, _, now| a.proceed_to_set_up(now);
    RemoveApplicantAtDecision => remove_applicant_at_decision;
    Requote => |a, _, now| a.requote_decision(now);
    TakeAlternative => take_alternative;
    SaveBankDetails => save_bank_details;
    RecordBankCheck => record_bank_check;
    OverrideBankCheck => |a, _, now| a.override_bank_check(now);
    ResetBankCheck => |a, _, now| a.reset_bank_check(now);
    ActivateApplication => activate;
    ClaimCase => claim_case;
    ReleaseCase => release_case;
    RequestEvidence => request_evidence;
    ReceiveEvidence => receive_evidence;
    PostUnderwritingUpdate => post_underwriting_update;
    DecideReferredCover => decide_referred_cover;
}

impl Application {
    /// `command` applied to this application: `application.apply(&AddChild { .. }, now)`.
    pub fn apply<C: Command>(&self, command: &C, now: DateTime<Utc>) -> Result<Self, Rejection> {
        command.apply(self, now)
    }
}
