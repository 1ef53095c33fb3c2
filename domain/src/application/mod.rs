//! The application aggregate (§3) and the commands that change it (§4). Each command is a pure
//! function from the current application to the next one or a [`Rejection`]; the workflow's
//! update validator calls the same function and discards the result, so what is validated is
//! exactly what is applied.
//!
//! - `command`: the [`Command`] trait and the table of which rule each command runs;
//! - `applicants`: adding, editing and removing the clients (applicants) and children;
//! - `quote_stage`: children, beneficiaries and payout shares;
//! - `covers`: adding, editing and removing covers, the payout planner, recording a price;
//! - `apply_stage`: contact details, the apply-stage questions and applying;
//! - `extension`: extending the quote's terms by a declaration of health;
//! - `rules`: completeness and the price, apply and proceed preconditions, requote, unlock;
//! - `underwriter`: a referred case with the insurer's underwriter: claims, evidence, the
//!   underwriter's decisions and the updates the adviser reads;
//! - `view`: the application as the API shows it.
//!
//! The aggregate's state is grouped by the stage that owns it ([`QuoteState`],
//! [`ApplyState`], [`UnderwritingState`], [`SetUpState`]); each group is flattened into the same JSON document, so
//! stored applications and workflow histories read the same whatever the grouping.

mod alternatives;
mod amra_stage;
mod applicants;
mod apply_stage;
mod command;
mod covers;
pub(crate) use covers::build_cover;
mod deadlines;
mod decision_stage;
mod direct_debit_view;
mod extension;
mod in_force;
mod quote_stage;
mod rules;
pub use rules::PriceReadiness;
mod set_up_stage;
mod underwriter;
mod underwriting_stage;
mod view;
mod waiting;

pub use alternatives::{
    ALTERNATIVE_NOT_OFFERED, ALTERNATIVE_STALE, Alternative, AlternativeKind, TakeAlternative,
};
pub use amra_stage::{SetAmraConsent, SetExaminer, SetViewMedicalReports};
pub use applicants::{AddApplicant, AddChild, EditApplicant, RemoveApplicant};
pub use apply_stage::{
    ContactPatch, SaveContact, SetAdvisedSale, SetCommission, SetPolicyStartDate, SetQuoteDate,
    SetSameAddress, SetThirdPartyRef,
};
pub use command::{
    AcceptPreUnderwritingDeclaration, AddAllocation, AddBeneficiary, ApplyForPolicy, Command,
    EditAllocation, EditBeneficiary, FailTermExtension, SetHasUnbornChildren, SetMortgageRelated,
    UnlockQuoteEdit, UpsellCover,
};
pub(crate) use covers::COVER_NOT_FOUND;
pub use covers::{
    AddCover, CoverChecks, CoverInput, EditCover, RemoveCover, RiderInput, SetPayoutPlannerUsed,
};
pub(crate) use decision_stage::CANNOT_REQUOTE;
#[cfg(test)]
pub(crate) use decision_stage::NOT_AT_DECISION;
pub use decision_stage::{
    DecisionState, NO_DECISION_QUOTE, ProceedToSetUp, RemoveApplicantAtDecision, Requote,
    TriggerDecisionQuote, UnderwrittenCover,
};
pub use direct_debit_view::DirectDebitView;
pub use extension::CompleteTermExtension;
pub use in_force::{ActivateApplication, IssuedDocuments, JointPolicy, PolicyCover, PolicyDetails};
pub use quote_stage::{
    AllocationInput, BeneficiaryDetails, EditChild, RemoveAllocation, RemoveChild, SaveAllocation,
    SaveBeneficiary,
};
pub use set_up_stage::{
    CheckBankDetails, OverrideBankCheck, RecordBankCheck, ResetBankCheck, SET_UP_NOT_OPEN,
    SaveBankDetails,
};
pub use underwriter::{
    Claim, ClaimCase, ClaimEvent, ClaimEventKind, DecideReferredCover, EvidenceChase,
    EvidenceDocument, EvidenceRequest, EvidenceStatus, MEDICAL_REPORT_HELD_DAYS,
    OutstandingEvidence, PostUnderwritingUpdate, ReceiveEvidence, ReceivedEvidence, ReferralState,
    ReferredCover, ReferringRule, ReleaseCase, RequestEvidence, WorkbenchEntry,
};
pub use underwriting_stage::{
    EnquirySummary, RecordEnquiryOutcome, StartUnderwriting, UnderwritingState, UnderwritingUpdate,
    application_workflow_id, enquiry_id,
};
pub use view::{ApplicantView, ApplicationView};
pub use waiting::WaitingFor;

use crate::applicant::Applicant;
use crate::bank_check::BankCheckStatus;
use crate::bank_details::BankDetails;
use crate::beneficiaries::CandidateBeneficiary;
use crate::children::ChildDetails;
use crate::errors::Rejection;
use crate::ids::{AdviserId, ApplicantId, ApplicationId};
use crate::money::Percentage;
use crate::product_codes::StartDateOption;
use crate::quote::Quote;
use crate::stage::ApplicationStage;
use crate::term_extension::DeclarationOfHealthStatus;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// §1, §9.
/// Most clients on one application.
pub const MAX_APPLICANTS: usize = 2;
pub(crate) const TOO_MANY_APPLICANTS: &str = "An application can have at most 2 clients.";
pub(crate) const APPLICANT_NOT_FOUND: &str = "Applicant not found";
pub(crate) const QUOTE_NOT_EDITABLE: &str =
    "The quote can no longer be edited. Unlock quote editing to make changes.";

/// A child on the application, for children's critical illness cover.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Child {
    pub id: String,
    #[serde(flatten)]
    pub details: ChildDetails,
}

/// The application as its workflow holds it and the read model stores it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Application {
    pub id: ApplicationId,
    pub adviser_id: AdviserId,
    /// The adviser's firm when the application was created, for firm-wide reporting.
    pub firm_id: Option<String>,
    // §1, §6 firm location.
    /// The adviser's firm location when the application was created.
    #[serde(default)]
    pub adviser_at_firm_location_id: Option<String>,
    /// Bumped by every accepted change; the read model keeps the highest version it saw.
    pub version: u64,
    pub status: ApplicationStage,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The people on the application: up to two clients, their children and beneficiaries.
    pub applicants: Vec<Applicant>,
    pub children: Vec<Child>,
    pub has_unborn_children: bool,
    #[serde(default)]
    pub candidate_beneficiaries: Vec<CandidateBeneficiary>,
    #[serde(flatten)]
    pub quote_stage: QuoteState,
    #[serde(flatten)]
    pub apply_stage: ApplyState,
    #[serde(flatten)]
    pub underwriting: UnderwritingState,
    #[serde(flatten)]
    pub decision: DecisionState,
    #[serde(flatten)]
    pub set_up: SetUpState,
}

/// What the quote stage owns: whether the quote may change, its price and how long it lasts.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteState {
    pub is_quote_editable: bool,
    /// The date on which ages are taken for pricing; set when a quote is priced.
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub quote_age_date: Option<NaiveDate>,
    // §4 "Quote validity".
    /// The last successful price, cleared whenever a change makes it stale.
    #[serde(default)]
    #[schema(required = true)]
    pub quote: Option<Quote>,
    /// Set when a quote passed its valid-until date; cleared by the next price.
    #[serde(default)]
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub quote_expired_on: Option<NaiveDate>,
    /// The last day the quote is valid.
    #[serde(default)]
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub valid_until: Option<NaiveDate>,
    /// When the quote's terms were extended by a declaration of health; a quote is extended once
    /// only.
    #[serde(default)]
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub extended_on_date: Option<NaiveDate>,
    /// The outcome of the last declaration of health for a term extension.
    #[serde(default)]
    #[schema(required = true)]
    pub declaration_of_health_status: Option<DeclarationOfHealthStatus>,
    /// The changes in health that blocked the extension, as the adviser reads them.
    #[serde(default)]
    #[schema(required = true)]
    pub term_extension_reasons: Vec<String>,
}

/// What the contact-details stage owns besides each client's contact details: the adviser's
/// own reference, the commission adjustment and the questions asked before applying.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplyState {
    #[schema(required = true)]
    pub third_party_ref: Option<String>,
    #[serde(default)]
    #[schema(required = true)]
    pub is_mortgage_related: Option<bool>,
    #[serde(default)]
    #[schema(required = true)]
    pub is_advised_sale: Option<bool>,
    #[serde(default)]
    #[schema(required = true)]
    pub initial_commission_sacrifice_percentage: Option<Percentage>,
    #[serde(default)]
    #[schema(required = true)]
    pub initial_indemnity_percentage: Option<Percentage>,
    #[serde(default)]
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub policy_start_date: Option<NaiveDate>,
    #[serde(default)]
    #[schema(required = true)]
    pub policy_start_date_option: Option<StartDateOption>,
}

/// What set-up owns: the Direct Debit and its check, and whether the policy is in force.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetUpState {
    /// The Direct Debit account.
    #[serde(default)]
    pub bank_details: Option<BankDetails>,
    /// Where the check of `bank_details` stands; reset whenever they change.
    #[serde(default)]
    #[schema(required = true)]
    pub bank_check: BankCheckStatus,
    /// Set when the policy is put in force.
    #[serde(default)]
    #[schema(required = true)]
    pub active: bool,
    /// When the adviser put the policy in force.
    #[serde(default)]
    pub activated_at: Option<DateTime<Utc>>,
    /// One policy per client with cover, from activation on.
    #[serde(default)]
    #[schema(required = true)]
    pub policies: Vec<crate::policy::Policy>,
}

impl Application {
    /// A new, empty application at the Create Quote stage.
    pub fn new(
        id: ApplicationId,
        adviser_id: AdviserId,
        firm_id: Option<String>,
        now: DateTime<Utc>,
    ) -> Self {
        Self {
            id,
            adviser_id,
            firm_id,
            adviser_at_firm_location_id: None,
            version: 1,
            status: ApplicationStage::CreateQuote,
            created_at: now,
            updated_at: now,
            applicants: Vec::new(),
            children: Vec::new(),
            has_unborn_children: false,
            candidate_beneficiaries: Vec::new(),
            quote_stage: QuoteState {
                is_quote_editable: true,
                ..QuoteState::default()
            },
            apply_stage: ApplyState::default(),
            underwriting: UnderwritingState::default(),
            decision: DecisionState::default(),
            set_up: SetUpState::default(),
        }
    }

    /// The application as created by an adviser working at `location` (§6
    /// `adviserAtFirmLocationId`, which the firm-location notice tells them).
    pub fn at_firm_location(self, location: Option<String>) -> Self {
        Self {
            adviser_at_firm_location_id: location,
            ..self
        }
    }

    // §5.
    /// The day on which clients' ages are taken: the quote age date once a quote exists, otherwise
    /// today.
    pub fn age_date(&self, today: NaiveDate) -> NaiveDate {
        self.quote_stage.quote_age_date.unwrap_or(today)
    }

    pub fn applicant(&self, id: &ApplicantId) -> Option<&Applicant> {
        self.applicants.iter().find(|a| &a.id == id)
    }

    /// "Alan Turing & Ada Lovelace": how the dashboard and the Temporal UI name the case.
    pub fn client_names(&self) -> String {
        self.applicants
            .iter()
            .map(Applicant::full_name)
            .filter(|name| !name.is_empty())
            .collect::<Vec<_>>()
            .join(" & ")
    }

    pub(crate) fn ensure_quote_editable(&self) -> Result<(), Rejection> {
        let editable_stage = matches!(
            self.status,
            ApplicationStage::CreateQuote | ApplicationStage::Quote
        );
        if self.quote_stage.is_quote_editable && editable_stage {
            Ok(())
        } else {
            Err(Rejection::conflict(QUOTE_NOT_EDITABLE))
        }
    }

    pub(crate) fn touched(mut self, now: DateTime<Utc>) -> Self {
        self.version += 1;
        self.updated_at = now;
        self
    }
}
