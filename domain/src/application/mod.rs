//! The application aggregate (§3) and the commands that change it (§4). Each command is a pure
//! function from the current application to the next one or a [`Rejection`]; the workflow's
//! update validator calls the same function and discards the result, so what is validated is
//! exactly what is applied.
//!
//! - `clients`: adding, editing and removing applicants and children;
//! - `contact_stage`: contact details, the apply-stage questions and applying;
//! - `covers`: adding, editing and removing covers, the payout planner, recording a price;
//! - `extension`: extending the quote's terms by a declaration of health;
//! - `rules`: completeness and the price, apply and proceed preconditions, requote, unlock;
//! - `view`: the application as the API shows it.

mod clients;
mod commands;
mod contact_stage;
mod covers;
mod extension;
mod rules;
mod view;

pub use clients::{AddApplicant, AddChild, EditApplicant, RemoveApplicant};
pub use commands::{
    AllocationInput, ApplicationCommand, BeneficiaryDetails, EditChild, RemoveAllocation,
    RemoveChild, SaveAllocation, SaveBeneficiary,
};
pub use contact_stage::{
    ContactPatch, SaveContact, SetAdvisedSale, SetCommission, SetPolicyStartDate, SetQuoteDate,
    SetSameAddress, SetThirdPartyRef,
};
pub use covers::{
    AddCover, COVER_NOT_FOUND, CoverChecks, CoverInput, EditCover, RemoveCover, RiderInput,
    SetPayoutPlannerUsed,
};
pub use extension::CompleteTermExtension;
pub use view::{ApplicantView, ApplicationView};

use crate::applicant::Applicant;
use crate::bank_check::BankCheckStatus;
use crate::bank_details::BankDetails;
use crate::beneficiaries::CandidateBeneficiary;
use crate::children::ChildDetails;
use crate::errors::Rejection;
use crate::ids::{AdviserId, ApplicantId, ApplicationId};
use crate::money::Percentage;
use crate::product::StartDateOption;
use crate::quote::Quote;
use crate::term_extension::DeclarationOfHealthStatus;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Most applicants on one application (§1, §9).
pub const MAX_APPLICANTS: usize = 2;
pub const TOO_MANY_APPLICANTS: &str = "An application can have at most 2 clients.";
pub const APPLICANT_NOT_FOUND: &str = "Applicant not found";
pub const QUOTE_NOT_EDITABLE: &str =
    "The quote can no longer be edited. Unlock quote editing to make changes.";

/// Stages of an application (§2), in journey order.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ApplicationStage {
    CreateQuote,
    Quote,
    Apply,
    Underwriting,
    Decision,
    WentOnRisk,
}

impl ApplicationStage {
    pub const ALL: [ApplicationStage; 6] = [
        ApplicationStage::CreateQuote,
        ApplicationStage::Quote,
        ApplicationStage::Apply,
        ApplicationStage::Underwriting,
        ApplicationStage::Decision,
        ApplicationStage::WentOnRisk,
    ];

    /// The wire name, as in JSON and the `status` search filter.
    pub fn code(self) -> &'static str {
        match self {
            ApplicationStage::CreateQuote => "CREATE_QUOTE",
            ApplicationStage::Quote => "QUOTE",
            ApplicationStage::Apply => "APPLY",
            ApplicationStage::Underwriting => "UNDERWRITING",
            ApplicationStage::Decision => "DECISION",
            ApplicationStage::WentOnRisk => "WENT_ON_RISK",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.code() == code)
    }

    /// The label advisers see on the dashboard (§2: pre-quote, quote, underwriting, decision).
    pub fn label(self) -> &'static str {
        match self {
            ApplicationStage::CreateQuote => "Pre-quote",
            ApplicationStage::Quote => "Quote",
            ApplicationStage::Apply => "Apply",
            ApplicationStage::Underwriting => "Underwriting",
            ApplicationStage::Decision => "Decision",
            ApplicationStage::WentOnRisk => "Went on risk",
        }
    }
}

/// A child on the application (§3), for children's critical illness cover.
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
    /// Bumped by every accepted change; the read model keeps the highest version it saw.
    pub version: u64,
    pub status: ApplicationStage,
    pub is_quote_editable: bool,
    pub applicants: Vec<Applicant>,
    pub children: Vec<Child>,
    pub has_unborn_children: bool,
    pub third_party_ref: Option<String>,
    /// The date on which ages are taken for pricing; set when a quote is priced.
    pub quote_age_date: Option<NaiveDate>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    // Fields below arrived after the first release; their defaults keep older documents and
    // workflow histories readable.
    #[serde(default)]
    pub is_mortgage_related: Option<bool>,
    #[serde(default)]
    pub is_advised_sale: Option<bool>,
    #[serde(default)]
    pub initial_commission_sacrifice_percentage: Option<Percentage>,
    #[serde(default)]
    pub initial_indemnity_percentage: Option<Percentage>,
    #[serde(default)]
    pub policy_start_date: Option<NaiveDate>,
    #[serde(default)]
    pub policy_start_date_option: Option<StartDateOption>,
    /// The last day the quote is valid.
    #[serde(default)]
    pub valid_until: Option<NaiveDate>,
    /// When the quote's terms were extended by a declaration of health (§4); once only.
    #[serde(default)]
    pub extended_on_date: Option<NaiveDate>,
    /// The outcome of the last declaration of health for a term extension (§3).
    #[serde(default)]
    pub declaration_of_health_status: Option<DeclarationOfHealthStatus>,
    /// The changes in health that blocked the extension, as the adviser reads them (§8).
    #[serde(default)]
    pub term_extension_reasons: Vec<String>,
    /// Set when the policy is put in force (§4 "Activation sets active true").
    #[serde(default)]
    pub active: bool,
    #[serde(default)]
    pub candidate_beneficiaries: Vec<CandidateBeneficiary>,
    /// The adviser's firm location when the application was created (§1, §6).
    #[serde(default)]
    pub adviser_at_firm_location_id: Option<String>,
    /// The Direct Debit account (set-up).
    #[serde(default)]
    pub bank_details: Option<BankDetails>,
    /// Where the check of `bank_details` stands; reset whenever they change.
    #[serde(default)]
    pub bank_check: BankCheckStatus,
    /// The last successful price, cleared whenever a change makes it stale (§4).
    #[serde(default)]
    pub quote: Option<Quote>,
    /// Set when a quote passed its valid-until date; cleared by the next price.
    #[serde(default)]
    pub quote_expired_on: Option<NaiveDate>,
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
            version: 1,
            status: ApplicationStage::CreateQuote,
            is_quote_editable: true,
            applicants: Vec::new(),
            children: Vec::new(),
            has_unborn_children: false,
            third_party_ref: None,
            quote_age_date: None,
            created_at: now,
            updated_at: now,
            is_mortgage_related: None,
            is_advised_sale: None,
            initial_commission_sacrifice_percentage: None,
            initial_indemnity_percentage: None,
            policy_start_date: None,
            policy_start_date_option: None,
            valid_until: None,
            extended_on_date: None,
            declaration_of_health_status: None,
            term_extension_reasons: Vec::new(),
            active: false,
            candidate_beneficiaries: Vec::new(),
            adviser_at_firm_location_id: None,
            bank_details: None,
            bank_check: BankCheckStatus::NotChecked,
            quote: None,
            quote_expired_on: None,
        }
    }

    /// The day on which clients' ages are taken: the quote age date once a quote exists,
    /// otherwise today (§5).
    pub fn age_date(&self, today: NaiveDate) -> NaiveDate {
        self.quote_age_date.unwrap_or(today)
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
        if self.is_quote_editable && editable_stage {
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
