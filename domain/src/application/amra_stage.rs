//! The AMRA step (§2, §4, §5, §7 AMRA, §9): each client's consent under the Access to Medical
//! Reports Act, whether they want to see the report first, and their doctor or surgery. Consent
//! lasts 12 months; the application's workflow holds a durable timer for the earliest expiry
//! and withdraws consent when it runs out.
//!
//! The step opens once the quote is complete and closes when the policy is in force. It stays
//! open while the case is with an underwriter, though §2 locks it "in underwriting": a GP report
//! the underwriter asks for needs the client's consent (§4), which the adviser may only then be
//! asked for; withdrawing consent withdraws the reports that needed it (docs/decisions.md W3).

use super::{APPLICANT_NOT_FOUND, Application};
use crate::amra::consent_expires;
use crate::contact::examiner::{Examiner, ExaminerForm, check_examiner, surgery_message};
use crate::contact::{EmailCheck, email_refusal};
use crate::dates::{start_of_uk_day, uk_date};
use crate::errors::FieldError;
use crate::errors::Rejection;
use crate::ids::ApplicantId;
use crate::stage::ApplicationStage;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

pub(crate) const AMRA_LOCKED: &str = "AMRA is locked once the policy is in force";
pub(crate) const AMRA_NEEDS_QUOTE: &str = "AMRA opens once the quote is complete and priced";

// §7 `isAmraConsentGranted`.
/// Record whether a client consents to medical reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetAmraConsent {
    pub applicant_id: ApplicantId,
    pub is_amra_consent_granted: bool,
}

// §7 `isViewMedicalReportsRequested`.
/// Record whether a client wants to see a medical report first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetViewMedicalReports {
    pub applicant_id: ApplicantId,
    pub is_view_medical_reports_requested: bool,
}

// §7 `PATCH applicant/examiner`.
/// Save a client's doctor or surgery: the examiner as entered, and whether the page says the
/// details are complete (`isExaminerDetailsValid`, sent as the text true or false).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetExaminer {
    pub applicant_id: ApplicantId,
    pub form: ExaminerForm,
    pub claimed_valid: bool,
    /// The email service's answer for the surgery's email (§5 "checked"), asked by the API as
    /// for a client's email; a refusal refuses a new email with the service's message (FC1).
    #[serde(default)]
    pub email_check: Option<EmailCheck>,
}

impl Application {
    fn ensure_amra_open(&self) -> Result<(), Rejection> {
        if self.status == ApplicationStage::WentOnRisk || self.set_up.active {
            return Err(Rejection::conflict(AMRA_LOCKED));
        }
        if self.quote_stage.quote.is_none() {
            return Err(Rejection::conflict(AMRA_NEEDS_QUOTE));
        }
        Ok(())
    }

    fn with_applicant(
        &self,
        applicant_id: &ApplicantId,
        now: DateTime<Utc>,
        change: impl FnOnce(&mut crate::applicant::Applicant),
    ) -> Result<Self, Rejection> {
        self.ensure_amra_open()?;
        let mut next = self.clone();
        let applicant = next
            .applicants
            .iter_mut()
            .find(|a| &a.id == applicant_id)
            .ok_or_else(|| Rejection::not_found(APPLICANT_NOT_FOUND))?;
        let before = applicant.clone();
        change(applicant);
        if *applicant == before {
            return Ok(self.clone());
        }
        Ok(next.touched(now))
    }

    /// The AMRA page is done: every client has given consent, said whether they want to see the
    /// report first, and has complete doctor's details.
    pub(crate) fn is_amra_complete(&self) -> bool {
        !self.applicants.is_empty()
            && self.applicants.iter().all(|a| {
                a.amra.is_amra_consent_granted == Some(true)
                    && a.amra.is_view_medical_reports_requested.is_some()
                    && a.examiner
                        .as_ref()
                        .is_some_and(|e| e.is_examiner_details_valid)
            })
    }

    /// Records consent, and the day it was given (it lasts 12 months); refusing clears it.
    pub fn set_amra_consent(
        &self,
        command: &SetAmraConsent,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        let mut next = self.with_applicant(&command.applicant_id, now, |applicant| {
            let amra = &mut applicant.amra;
            if amra.is_amra_consent_granted == Some(command.is_amra_consent_granted) {
                return;
            }
            amra.is_amra_consent_granted = Some(command.is_amra_consent_granted);
            amra.amra_consent_granted_on = command.is_amra_consent_granted.then(|| uk_date(now));
            amra.amra_consent_expired_on = None;
        })?;
        if !command.is_amra_consent_granted {
            let client = self.client_label(&command.applicant_id);
            next.close_outstanding_evidence(
                |request| request.applicant_id == command.applicant_id && request.medical_report,
                &format!("{client} withdrew AMRA consent"),
                now,
            );
        }
        Ok(next)
    }

    pub fn set_view_medical_reports(
        &self,
        command: &SetViewMedicalReports,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.with_applicant(&command.applicant_id, now, |applicant| {
            applicant.amra.is_view_medical_reports_requested =
                Some(command.is_view_medical_reports_requested);
        })
    }

    // §5 surgery message.
    /// Saves the examiner: malformed values are refused by field; incomplete details are kept with
    /// `isExaminerDetailsValid` false, unless the page claims they are complete, when what is
    /// missing is named, with a 'Please check surgery ...' message.
    pub fn set_examiner(
        &self,
        command: &SetExaminer,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        let examiner = Examiner::parse(&command.form).map_err(Rejection::invalid)?;
        // §5: the surgery's email is checked like a client's; one already saved is not refused
        // again (as M3 for a client's).
        let saved_email = self
            .applicants
            .iter()
            .find(|a| a.id == command.applicant_id)
            .and_then(|a| a.examiner.as_ref())
            .and_then(|e| e.contact_details.email_address.as_ref());
        if let Some(email) = &examiner.contact_details.email_address
            && saved_email != Some(email)
            && let Some(message) = command.email_check.as_ref().and_then(email_refusal)
        {
            let errors = vec![FieldError::new("contactDetails.emailAddress", message)];
            let mut rejection = Rejection::invalid(errors.clone());
            if let Some(list) = surgery_message(&errors) {
                rejection.message = list;
            }
            return Err(rejection);
        }
        if command.claimed_valid && !examiner.is_examiner_details_valid {
            let errors = check_examiner(&command.form);
            let mut rejection = Rejection::invalid(errors.clone());
            if let Some(message) = surgery_message(&errors) {
                rejection.message = message;
            }
            return Err(rejection);
        }
        self.with_applicant(&command.applicant_id, now, |applicant| {
            applicant.examiner = Some(examiner);
        })
    }

    /// When the earliest current consent runs out: the start of the day after its last day.
    pub(crate) fn amra_consent_expires_at(&self) -> Option<DateTime<Utc>> {
        self.applicants
            .iter()
            .filter(|a| a.amra.is_amra_consent_granted == Some(true))
            .filter_map(|a| a.amra.amra_consent_granted_on)
            .filter_map(|granted| consent_expires(granted).succ_opt())
            .map(start_of_uk_day)
            .min()
    }

    // §9: consent valid 12 months.
    /// Withdraws every consent whose 12 months have run out by `now`, noting the day.
    pub(crate) fn expire_amra_consents(&self, now: DateTime<Utc>) -> Self {
        let today = uk_date(now);
        let mut next = self.clone();
        let mut changed = false;
        for applicant in &mut next.applicants {
            let amra = &mut applicant.amra;
            let ran_out = amra.is_amra_consent_granted == Some(true)
                && amra
                    .amra_consent_granted_on
                    .is_some_and(|granted| consent_expires(granted) < today);
            if ran_out {
                amra.is_amra_consent_granted = None;
                amra.amra_consent_granted_on = None;
                amra.amra_consent_expired_on = Some(today);
                changed = true;
            }
        }
        if changed {
            next.touched(now.max(self.updated_at))
        } else {
            next
        }
    }
}

#[cfg(test)]
mod tests;
