//! The application as the API shows it: the stored aggregate plus what is derived on
//! reading (ages on the quote age date, restricted cover).

use super::{Application, ApplicationStage, Child};
use crate::applicant::Applicant;
use crate::bank_check::BankCheckStatus;
use crate::bank_details::BankDetails;
use crate::beneficiaries::CandidateBeneficiary;
use crate::dates::age_on;
use crate::ids::{AdviserId, ApplicationId};
use crate::journey::Section;
use crate::money::Percentage;
use crate::product::StartDateOption;
use crate::quote::Quote;
use crate::term_extension::DeclarationOfHealthStatus;
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
            status: self.status,
            application_status: self.status.label().to_owned(),
            is_quote_editable: self.is_quote_editable,
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
            third_party_ref: self.third_party_ref.clone(),
            quote_age_date: self.quote_age_date,
            version: self.version,
            created_at: self.created_at,
            updated_at: self.updated_at,
            is_mortgage_related: self.is_mortgage_related,
            is_advised_sale: self.is_advised_sale,
            initial_commission_sacrifice_percentage: self.initial_commission_sacrifice_percentage,
            initial_indemnity_percentage: self.initial_indemnity_percentage,
            policy_start_date: self.policy_start_date,
            policy_start_date_option: self.policy_start_date_option,
            valid_until: self.valid_until,
            extended_on_date: self.extended_on_date,
            is_term_extensible: self.is_term_extensible(today),
            show_extend: self.is_term_extension_offered(today),
            declaration_of_health_status: self.declaration_of_health_status,
            term_extension_reasons: self.term_extension_reasons.clone(),
            active: self.active,
            is_restricted_cover: self.is_restricted_cover(),
            candidate_beneficiaries: self.candidate_beneficiaries.clone(),
            adviser_at_firm_location_id: self.adviser_at_firm_location_id.clone(),
            bank_details: self.bank_details.clone(),
            bank_check: self.bank_check.clone(),
            quote: self.quote.clone(),
            is_quote_expired: self.is_quote_expired(today),
            quote_expired_on: self.quote_expired_on,
            is_complete: self.is_complete(),
            tabs_complete: super::rules::tabs_complete(&sections),
            sections,
            is_bank_check_confirmed: self.bank_check.is_confirmed(),
        }
    }
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

/// The application as `GET /application/{id}` and every command return it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Application)]
pub struct ApplicationView {
    pub id: ApplicationId,
    pub adviser_id: AdviserId,
    pub status: ApplicationStage,
    /// The stage as advisers read it, for example "Pre-quote".
    pub application_status: String,
    pub is_quote_editable: bool,
    #[schema(value_type = Vec<ApplicantView>)]
    pub applicants: Vec<ApplicantView>,
    pub children: Vec<Child>,
    pub has_unborn_children: bool,
    pub third_party_ref: Option<String>,
    #[schema(value_type = Option<String>, format = Date)]
    pub quote_age_date: Option<NaiveDate>,
    pub version: u64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub is_mortgage_related: Option<bool>,
    pub is_advised_sale: Option<bool>,
    pub initial_commission_sacrifice_percentage: Option<Percentage>,
    pub initial_indemnity_percentage: Option<Percentage>,
    #[schema(value_type = Option<String>, format = Date)]
    pub policy_start_date: Option<NaiveDate>,
    pub policy_start_date_option: Option<StartDateOption>,
    #[schema(value_type = Option<String>, format = Date)]
    pub valid_until: Option<NaiveDate>,
    #[schema(value_type = Option<String>, format = Date)]
    pub extended_on_date: Option<NaiveDate>,
    /// The quote's terms may be extended (§3, M12).
    pub is_term_extensible: bool,
    /// The extension is offered: extensible and not yet extended (§4).
    pub show_extend: bool,
    pub declaration_of_health_status: Option<DeclarationOfHealthStatus>,
    /// Why the last extension was refused: the changes in health disclosed (§8).
    pub term_extension_reasons: Vec<String>,
    pub active: bool,
    /// Some cover can be offered only on restricted terms (§4: an error with status 412).
    pub is_restricted_cover: bool,
    pub candidate_beneficiaries: Vec<CandidateBeneficiary>,
    pub adviser_at_firm_location_id: Option<String>,
    pub bank_details: Option<BankDetails>,
    pub bank_check: BankCheckStatus,
    /// Set-up may continue: the bank details were verified or confirmed by the adviser.
    pub is_bank_check_confirmed: bool,
    /// The current price; absent until priced and whenever a change made it stale (§4).
    pub quote: Option<Quote>,
    /// The valid-until date has passed: the quote must be priced again (§5 dates).
    pub is_quote_expired: bool,
    /// The valid-until date of the quote that expired, until the application is priced again.
    #[schema(value_type = Option<String>, format = Date)]
    pub quote_expired_on: Option<NaiveDate>,
    /// §4 "Application completeness": every client has cover and every cover is complete.
    pub is_complete: bool,
    /// The server page statuses that drive the tabs (§2).
    pub sections: Vec<Section>,
    /// Every page but set-up is complete (§2).
    pub tabs_complete: bool,
}
