//! The application as the API shows it: the stored aggregate plus what is derived on
//! reading (ages on the quote age date, restricted cover).

use super::{Application, ApplyState, Child, DecisionState, QuoteState, UnderwritingState};
use crate::applicant::Applicant;
use crate::bank_check::{BankCheckResult, BankCheckStatus, Severity};
use crate::bank_details::{BankDetails, MaskedBankDetails};
use crate::beneficiaries::CandidateBeneficiary;
use crate::dates::age_on;
use crate::errors::FieldError;
use crate::ids::{AdviserId, ApplicationId};
use crate::journey::Section;
use crate::stage::ApplicationStage;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

impl Application {
    /// The application as the API shows it, with ages taken on the quote age date.
    pub fn view(&self, today: NaiveDate) -> ApplicationView {
        let age_date = self.age_date(today);
        let sections = self.sections(today);
        ApplicationView {
            id: self.id,
            adviser_id: self.adviser_id.clone(),
            adviser_at_firm_location_id: self.adviser_at_firm_location_id.clone(),
            version: self.version,
            status: self.status,
            application_status: self
                .status
                .progress_label(self.decision.proceeded_at.is_some(), self.set_up.active)
                .to_owned(),
            created_at: self.created_at,
            updated_at: self.updated_at,
            applicants: self
                .applicants
                .iter()
                .map(|applicant| ApplicantView {
                    age: applicant
                        .details
                        .date_of_birth
                        .and_then(|born| age_on(born, age_date)),
                    applicant: applicant.clone(),
                })
                .collect(),
            children: self.children.clone(),
            has_unborn_children: self.has_unborn_children,
            candidate_beneficiaries: self.candidate_beneficiaries.clone(),
            quote_stage: self.quote_stage.clone(),
            apply_stage: self.apply_stage.clone(),
            underwriting: self.underwriting.clone(),
            is_underwriting_complete: self.is_underwriting_complete(),
            decision: self.decision.clone(),
            set_up: SetUpView {
                bank_details: self.set_up.bank_details.as_ref().map(BankDetails::masked),
                bank_check: self.set_up.bank_check.clone(),
                active: self.set_up.active,
                activated_at: self.set_up.activated_at,
                policies: self.set_up.policies.clone(),
            },
            activation_problems: self.activation_problems(today),
            is_complete: self.is_complete(),
            price_readiness: self.price_readiness(),
            is_restricted_cover: self.is_restricted_cover(),
            can_unlock_quote_edit: self.can_unlock_quote_edit(),
            can_upsell_cover: self.can_upsell_cover(),
            is_quote_expired: self.is_quote_expired(today),
            is_term_extensible: self.is_term_extensible(today),
            show_extend: self.is_term_extension_offered(today),
            is_bank_check_confirmed: self.set_up.bank_check.is_confirmed(),
            bank_check_message: self.set_up.bank_check.message(),
            bank_check_severity: self
                .set_up
                .bank_check
                .result()
                .map(BankCheckResult::severity),
            apply_problems: self.apply_problems(today),
            tabs_complete: super::rules::tabs_complete(&sections),
            sections,
        }
    }
}

// docs/decisions.md S4.
/// Set-up as the API shows it: the bank details with the account number masked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetUpView {
    #[schema(required = true)]
    pub bank_details: Option<MaskedBankDetails>,
    /// Where the check of the bank details stands.
    pub bank_check: BankCheckStatus,
    /// Set when the policy is put in force.
    pub active: bool,
    #[schema(required = true)]
    pub activated_at: Option<DateTime<Utc>>,
    /// One policy per client with cover, with its number, start and documents.
    pub policies: Vec<crate::policy::Policy>,
}

/// An applicant as the API shows it: the stored details plus the age on the quote age date.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicantView {
    #[serde(flatten)]
    pub applicant: Applicant,
    /// Age in completed years on the quote age date (today until a quote is priced).
    pub age: Option<u32>,
}

/// The application as `GET /application/{id}` and every command return it: the stored
/// application, each stage's state as stored, and what is derived on reading.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Application)]
pub struct ApplicationView {
    pub id: ApplicationId,
    pub adviser_id: AdviserId,
    pub adviser_at_firm_location_id: Option<String>,
    pub version: u64,
    pub status: ApplicationStage,
    /// The stage as advisers read it, for example "Pre-quote".
    pub application_status: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    #[schema(value_type = Vec<ApplicantView>)]
    pub applicants: Vec<ApplicantView>,
    pub children: Vec<Child>,
    pub has_unborn_children: bool,
    pub candidate_beneficiaries: Vec<CandidateBeneficiary>,
    #[serde(flatten)]
    pub quote_stage: QuoteState,
    #[serde(flatten)]
    pub apply_stage: ApplyState,
    #[serde(flatten)]
    pub underwriting: UnderwritingState,
    /// Every client's underwriting enquiry is closed: the case moves to the decision, or to an
    /// underwriter while a cover is referred.
    pub is_underwriting_complete: bool,
    #[serde(flatten)]
    pub decision: DecisionState,
    #[serde(flatten)]
    pub set_up: SetUpView,
    // §4 "Application completeness".
    /// Every client has cover and every cover is complete.
    pub is_complete: bool,
    /// Whether the quote can be priced as it stands; a cover change is priced in the same step
    /// when it is `ready` and the quote is open for changes.
    pub price_readiness: super::PriceReadiness,
    // §4 restricted cover.
    /// Some cover or rider carries an error with status 412: it can be offered only on restricted
    /// terms.
    pub is_restricted_cover: bool,
    // §4 "Quote editing can be unlocked"; docs/decisions.md HB1.
    /// The quote is locked and may be unlocked (`unlockquoteedit`): applied for, not yet in
    /// underwriting.
    pub can_unlock_quote_edit: bool,
    // §7 `upsellcover`; docs/decisions.md HB2.
    /// A cover's amount may be increased with `upsellcover` although the quote is locked: the
    /// case is at the decision, before the adviser proceeds to set-up. A cover underwriting
    /// declined or postponed cannot be increased.
    pub can_upsell_cover: bool,
    // §5 dates.
    /// The valid-until date has passed: the quote must be priced again.
    pub is_quote_expired: bool,
    // §3 `isTermExtensible`; docs/decisions.md M12.
    /// The quote's terms may be extended by a declaration of health: it is priced, not expired and
    /// within 14 days of its valid-until date, the policy is not in force, and no change in health
    /// blocked an extension.
    pub is_term_extensible: bool,
    /// The extension is offered: extensible and not yet extended (a quote is extended once only).
    pub show_extend: bool,
    /// Set-up may continue: the bank details were verified or confirmed by the adviser.
    pub is_bank_check_confirmed: bool,
    // §8 bank validation messages.
    /// What the last bank check found, as the adviser reads it; none before a check.
    pub bank_check_message: Option<String>,
    /// How to read it: verified, a warning the adviser may override, or details to correct.
    pub bank_check_severity: Option<Severity>,
    /// What still stops the application being applied for, each named by its field, as
    /// `ApplyApplication` would refuse it; empty once it can be, and after applying.
    pub apply_problems: Vec<FieldError>,
    /// What still stops the policy being put in force, each named by its field, as
    /// `activateApplication` would refuse it; empty before set-up opens and once in force.
    pub activation_problems: Vec<FieldError>,
    // §2 tabs.
    /// Each journey page and whether it is complete, from which the portal decides which tabs are
    /// open.
    pub sections: Vec<Section>,
    /// Every page but set-up is complete.
    pub tabs_complete: bool,
}
