//! The underwriting stage as the application sees it (§4 "Underwriting enquiry", §5): one
//! enquiry per client, started once the case has applied and the client's details and
//! declaration allow it. When every client's enquiry is closed the case moves on: to the
//! decision when every cover was decided at the point of sale, or to Underwriting (with an
//! underwriter) when a cover was referred. The interview itself lives in each client's own
//! enquiry (`underwriting::record`).
//!
//! The case stays at Apply while the interviews are answered: §2 locks and disables pages
//! "during underwriting", which would shut the adviser out of the interview they are filling
//! in; Underwriting is the stage where the case waits for an underwriter (docs/decisions.md U3).

use super::{APPLICANT_NOT_FOUND, Application};
use crate::dates::uk_date;
use crate::errors::Rejection;
use crate::ids::ApplicantId;
use crate::stage::ApplicationStage;
use crate::underwriting::outcome::ApplicantOutcome;
use crate::underwriting::record::EnquiryKind;
use crate::underwriting::{Answer, check_underwriting_prerequisites, client_details_answers};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub(crate) const NOT_APPLIED: &str =
    "Underwriting starts once the application has been submitted (Apply)";
pub(crate) const DECLARATION_FIRST: &str =
    "Please accept the pre-underwriting declaration before starting underwriting";

/// Where one client's underwriting enquiry stands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnquirySummary {
    pub applicant_id: ApplicantId,
    pub enquiry_id: String,
    pub is_open: bool,
    pub started_at: DateTime<Utc>,
    #[serde(default)]
    #[schema(required = true)]
    pub closed_at: Option<DateTime<Utc>>,
    /// Each cover's outcome with its explanation, once closed.
    #[serde(default)]
    #[schema(required = true)]
    pub outcome: Option<ApplicantOutcome>,
    /// After a requote: the covers the kept outcome judged, and for which risks.
    #[serde(default)]
    #[schema(required = true)]
    pub underwritten_covers: Vec<super::decision_stage::UnderwrittenCover>,
}

/// An underwriting update the adviser reads while a referred case is with underwriting: the
/// underwriter's own words, or one the portal wrote for an evidence request, a chase, a receipt or
/// a decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnderwritingUpdate {
    /// The day it was posted, `dd/MM/yyyy`, UK time.
    pub date: String,
    /// The time it was posted, `HH:mm`, UK time.
    pub time: String,
    pub update: String,
    pub posted_at: DateTime<Utc>,
    /// "Ruth Ellis, underwriter"; none for an update the portal wrote (a chase, a release).
    #[serde(default)]
    #[schema(required = true)]
    pub author: Option<String>,
}

/// What the underwriting stage owns.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnderwritingState {
    #[serde(default)]
    #[schema(required = true)]
    pub applicants_enquiries: Vec<EnquirySummary>,
    /// What the adviser is told while a referred case is with underwriting, oldest first.
    #[serde(default)]
    #[schema(required = true)]
    pub underwriting_updates: Vec<UnderwritingUpdate>,
    /// The underwriter's side of a referred case: who holds it, and the evidence asked for.
    #[serde(default)]
    #[schema(required = true)]
    pub referral: super::underwriter::ReferralState,
}

// §7 `POST /underwriting/{applicantId}/start`.
/// Start a client's underwriting enquiry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StartUnderwriting {
    pub applicant_id: ApplicantId,
    pub kind: EnquiryKind,
}

/// A client's enquiry closed with its outcome (sent by the enquiry to its application).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RecordEnquiryOutcome {
    pub applicant_id: ApplicantId,
    pub outcome: ApplicantOutcome,
    pub closed_at: DateTime<Utc>,
}

/// One workflow per application, found by its reference: `application-100001`.
pub fn application_workflow_id(id: crate::ApplicationId) -> String {
    format!("application-{id}")
}

// §3 `enquiryId`.
/// The enquiry id of a client: one per client, so starting twice finds it.
pub fn enquiry_id(applicant_id: &ApplicantId) -> String {
    format!("enquiry-{applicant_id}")
}

impl Application {
    pub fn enquiry_of(&self, applicant_id: &ApplicantId) -> Option<&EnquirySummary> {
        self.underwriting
            .applicants_enquiries
            .iter()
            .find(|e| &e.applicant_id == applicant_id)
    }

    // §5 underwriting mapping.
    /// What the interview starts with for a client: their gender, date of birth and smoking as
    /// GENDER, BIRTHDATE and SMOKING_GFS, and whether the pre-underwriting declaration was
    /// accepted. Refused when the case has not applied or the client's details do not allow
    /// underwriting yet.
    pub fn underwriting_start(
        &self,
        applicant_id: &ApplicantId,
        now: DateTime<Utc>,
    ) -> Result<Vec<Answer>, Rejection> {
        if self.status != ApplicationStage::Apply {
            return Err(Rejection::conflict(NOT_APPLIED));
        }
        let applicant = self
            .applicant(applicant_id)
            .ok_or_else(|| Rejection::not_found(APPLICANT_NOT_FOUND))?;
        if !applicant.is_accepted_pre_underwriting_declaration {
            return Err(Rejection::field(
                "isAcceptedPreUnderwritingDeclaration",
                DECLARATION_FIRST,
            ));
        }
        let errors = check_underwriting_prerequisites(&applicant.details, uk_date(now));
        if !errors.is_empty() {
            return Err(Rejection::invalid(errors));
        }
        Ok(client_details_answers(&applicant.details))
    }

    /// Starts a client's enquiry; starting again changes nothing (the version stays).
    pub fn start_underwriting(
        &self,
        command: &StartUnderwriting,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        if self.enquiry_of(&command.applicant_id).is_some() {
            return Ok(self.clone());
        }
        self.underwriting_start(&command.applicant_id, now)?;
        let mut next = self.clone();
        next.underwriting.applicants_enquiries.push(EnquirySummary {
            applicant_id: command.applicant_id.clone(),
            enquiry_id: enquiry_id(&command.applicant_id),
            is_open: true,
            started_at: now,
            closed_at: None,
            outcome: None,
            underwritten_covers: Vec::new(),
        });
        Ok(next.touched(now))
    }

    // §4.
    /// Records a closed enquiry's outcome on the client's covers; once every client's enquiry is
    /// closed the case moves on. Recording the same outcome again changes nothing.
    pub fn record_enquiry_outcome(
        &self,
        command: &RecordEnquiryOutcome,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        let summary = self
            .enquiry_of(&command.applicant_id)
            .ok_or_else(|| Rejection::not_found("Enquiry not found"))?;
        if !summary.is_open && summary.outcome.as_ref() == Some(&command.outcome) {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.decide_covers(command);
        Ok(next.touched(now))
    }

    /// Closes the client's enquiry with its outcome, puts each cover's decision on it, and moves
    /// the case on once every enquiry is closed: to the decision, or to an underwriter while a
    /// cover is referred. Shared by a closing enquiry and by applying again after a requote.
    pub(super) fn decide_covers(&mut self, command: &RecordEnquiryOutcome) {
        if let Some(summary) = self
            .underwriting
            .applicants_enquiries
            .iter_mut()
            .find(|e| e.applicant_id == command.applicant_id)
        {
            summary.is_open = false;
            summary.closed_at = Some(command.closed_at);
            summary.outcome = Some(command.outcome.clone());
        }
        if let Some(applicant) = self
            .applicants
            .iter_mut()
            .find(|a| a.id == command.applicant_id)
        {
            for cover in &mut applicant.covers {
                let decided = command
                    .outcome
                    .covers
                    .iter()
                    .find(|c| c.cover_id == cover.id);
                cover.decision = decided.map(|c| c.decision);
            }
        }
        if self.is_underwriting_complete() {
            let referred = self
                .covers()
                .any(|c| c.decision.is_some_and(|d| d.is_referral()));
            if referred && self.status != ApplicationStage::Underwriting {
                self.start_referral(command.closed_at);
            }
            self.status = if referred {
                ApplicationStage::Underwriting
            } else {
                ApplicationStage::Decision
            };
        }
    }

    // §4 "All applicants must be closed for the underwriting to be complete."
    /// Every client's enquiry is closed.
    pub(crate) fn is_underwriting_complete(&self) -> bool {
        !self.applicants.is_empty()
            && self
                .applicants
                .iter()
                .all(|a| self.enquiry_of(&a.id).is_some_and(|e| !e.is_open))
    }
}

#[cfg(test)]
mod tests;
