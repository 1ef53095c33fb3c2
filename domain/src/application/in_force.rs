//! Review and put in force (§1 step 9, §2 Review and Complete, §4 "Activation sets active
//! true", §7 `activateApplication`): once set-up is done, each client with cover gets a policy
//! with its own number; it goes on risk at once, or at the start of a later start date by the
//! workflow's durable timer. The 30-day cancellation window (§9) runs from issue, also kept by
//! the timer. Activating again changes nothing, so a double click never issues two policies.

use super::Application;
use crate::contact::ContactDetails;
use crate::cover::Cover;
use crate::dates::uk_date;
use crate::decision::Decision;
use crate::errors::{Errors, FieldError, Rejection};
use crate::formats;
use crate::ids::ApplicantId;
use crate::money::Money;
use crate::policy::{
    Policy, PolicyDocument, PolicyStatus, cancellation_ends_on, cover_ends_on, policy_reference,
};
use crate::product_codes::ProductType;
use crate::product_codes::StartDateOption;
use crate::stage::ApplicationStage;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub(crate) const BANK_DETAILS_NEEDED: &str = "Please save and check the bank details";
pub(crate) const BANK_CHECK_NEEDED: &str =
    "Please check the bank details, and confirm them with your client if the check could not";
pub(crate) const START_DATE_NEEDED: &str = "Please choose when the policy starts";
pub(crate) const DECISION_NOT_CURRENT: &str =
    "The decision has changed since it was priced: please price it again on the decision page";

// §7 `POST /actions/activateApplication/{id}`.
/// Put the policy in force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ActivateApplication;

/// The documents issued with the policies: each client's schedule, and the decision.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IssuedDocuments {
    /// Per client: their policy schedule.
    pub schedules: Vec<(ApplicantId, PolicyDocument)>,
    /// The decision document, given to every client.
    pub decision: Option<PolicyDocument>,
    /// The Direct Debit confirmation (AJ12): the one Direct Debit pays for every policy, so each
    /// lists it. Activations issued before it existed have none.
    #[serde(default)]
    pub direct_debit: Option<PolicyDocument>,
}

/// A cover on a policy, with the terms it was accepted on and its monthly premium.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PolicyCover {
    pub cover: crate::cover::Cover,
    /// The terms in a sentence, from underwriting's outcome.
    pub terms: String,
    /// Percent added to the premium by underwriting.
    pub loading: u32,
    pub exclusions: Vec<String>,
    pub premium: Money,
    /// The day the cover ends: the anniversary of the start date after its term, or the client's
    /// birthday at the age it runs to; none for a cover with no length of its own.
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub ends_on: Option<NaiveDate>,
}

/// The other client's policy on a joint application, so the policy view can link the two.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JointPolicy {
    /// The other client: the `policyHolderId` of their policy view.
    pub policy_holder_id: ApplicantId,
    pub holder_name: String,
    pub policy_reference: String,
}

/// A policy as the policy view shows it: the client, the covers in force on their terms, and the
/// Direct Debit account masked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PolicyDetails {
    pub application_id: crate::ids::ApplicationId,
    pub adviser_id: crate::ids::AdviserId,
    pub policy: Policy,
    #[schema(required = true)]
    pub title: Option<crate::applicant::Title>,
    #[schema(required = true)]
    pub first_name: Option<String>,
    #[schema(required = true)]
    pub last_name: Option<String>,
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub date_of_birth: Option<NaiveDate>,
    /// The Cover Summary: each cover in force on this policy.
    pub covers: Vec<PolicyCover>,
    /// The Direct Debit account, masked.
    #[schema(required = true)]
    pub bank_details: Option<crate::bank_details::MaskedBankDetails>,
    /// Where the policyholder lives (the other client's address when they share it), with their
    /// own phone number and email.
    #[schema(required = true)]
    pub contact_details: Option<ContactDetails>,
    /// The other client's policy, when both clients on the application hold one.
    #[schema(required = true)]
    pub joint_policy: Option<JointPolicy>,
}

impl Application {
    /// What still stops the policy being put in force, each named by its field, as
    /// `activateApplication` would refuse it; empty once it can be, and after it is.
    pub(crate) fn activation_problems(&self, today: NaiveDate) -> Vec<FieldError> {
        if self.set_up.active || self.check_set_up_open().is_err() {
            return Vec::new();
        }
        let mut errors = Errors::default();
        if !self.decision.is_decision_valid || self.decision.decision_quote.is_none() {
            errors.push("decision", DECISION_NOT_CURRENT);
        }
        if self.set_up.bank_details.is_none() {
            errors.push("bankDetails", BANK_DETAILS_NEEDED);
        } else if !self.set_up.bank_check.is_confirmed() {
            errors.push("bankCheck", BANK_CHECK_NEEDED);
        }
        match (
            self.apply_stage.policy_start_date_option,
            self.apply_stage.policy_start_date,
        ) {
            (Some(StartDateOption::Now), _) => {}
            (Some(StartDateOption::Future), Some(date)) if date < today => errors.push(
                "policyStartDate",
                &format!(
                    "The start date {} has passed: please choose the start date again",
                    formats::date(date)
                ),
            ),
            (Some(StartDateOption::Future), Some(_)) => {}
            _ => errors.push("policyStartDateOption", START_DATE_NEEDED),
        }
        errors.into_vec()
    }

    /// Puts the policy in force: a policy per client with cover, numbered from the application
    /// and the client's place on it; on risk now, or awaiting its start date. Documents are
    /// attached by [`Application::with_policy_documents`] once issued.
    pub fn activate(
        &self,
        _command: &ActivateApplication,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        if self.set_up.active {
            return Ok(self.clone());
        }
        self.check_set_up_open()?;
        let problems = self.activation_problems(uk_date(now));
        if !problems.is_empty() {
            return Err(Rejection::invalid(problems));
        }
        let today = uk_date(now);
        let starts_on = match self.apply_stage.policy_start_date_option {
            Some(StartDateOption::Future) => self.apply_stage.policy_start_date.unwrap_or(today),
            _ => today,
        };
        let status = if starts_on <= today {
            PolicyStatus::InForce
        } else {
            PolicyStatus::AwaitingStart
        };
        let quote = self.decision.decision_quote.as_ref();
        let policies = self
            .policyholders()
            .map(|(index, applicant)| Policy {
                policy_reference: policy_reference(self.id, index + 1),
                applicant_id: applicant.id.clone(),
                holder_name: applicant.full_name(),
                issued_at: now,
                starts_on,
                cancellation_ends_on: cancellation_ends_on(today),
                cancellation_window_closed: false,
                monthly_premium: quote
                    .and_then(|q| {
                        q.quote_applicants
                            .iter()
                            .find(|qa| qa.id == applicant.id.to_string())
                    })
                    .map_or(Money::ZERO, |qa| qa.premium),
                status,
                documents: Vec::new(),
            })
            .collect();
        let mut next = self.clone();
        next.set_up.active = true;
        next.set_up.activated_at = Some(now);
        next.set_up.policies = policies;
        next.quote_stage.is_quote_editable = false;
        next.status = if status == PolicyStatus::InForce {
            ApplicationStage::WentOnRisk
        } else {
            ApplicationStage::Decision
        };
        Ok(next.touched(now))
    }

    /// Each policy with the documents issued for it: the client's schedule, the Direct Debit
    /// confirmation, then the decision.
    /// The version stays: the documents belong to the activation that issued them.
    pub fn with_policy_documents(&self, issued: &IssuedDocuments) -> Self {
        let mut next = self.clone();
        for policy in &mut next.set_up.policies {
            policy.documents = issued
                .schedules
                .iter()
                .filter(|(holder, _)| holder == &policy.applicant_id)
                .map(|(_, document)| document.clone())
                .chain(issued.direct_debit.clone())
                .chain(issued.decision.clone())
                .collect();
        }
        next
    }

    /// The next moment a policy goes on risk or a cancellation window closes.
    pub(super) fn policy_deadline(&self) -> Option<DateTime<Utc>> {
        self.set_up
            .policies
            .iter()
            .flat_map(|p| {
                [
                    (p.status == PolicyStatus::AwaitingStart).then(|| p.on_risk_at()),
                    (!p.cancellation_window_closed).then(|| p.cancellation_closes_at()),
                ]
            })
            .flatten()
            .min()
    }

    // §2 Went on Risk.
    /// Policies whose start date has come go on risk (and the case with them); cancellation windows
    /// that have ended close. Same version when nothing is due.
    pub(super) fn apply_policy_deadlines(&self, now: DateTime<Utc>) -> Self {
        let mut next = self.clone();
        let mut changed = false;
        for policy in &mut next.set_up.policies {
            if policy.status == PolicyStatus::AwaitingStart && policy.on_risk_at() <= now {
                policy.status = PolicyStatus::InForce;
                changed = true;
            }
            if !policy.cancellation_window_closed && policy.cancellation_closes_at() <= now {
                policy.cancellation_window_closed = true;
                changed = true;
            }
        }
        if !changed {
            return self.clone();
        }
        let all_in_force = !next.set_up.policies.is_empty()
            && next
                .set_up
                .policies
                .iter()
                .all(|p| p.status == PolicyStatus::InForce);
        if all_in_force {
            next.status = ApplicationStage::WentOnRisk;
        }
        next.touched(now)
    }

    /// The journey is over: every policy in force and past its cancellation window. The
    /// application's workflow ends here; the policies live on in the store.
    pub fn is_settled(&self) -> bool {
        self.set_up.active
            && !self.set_up.policies.is_empty()
            && self
                .set_up
                .policies
                .iter()
                .all(|p| p.status == PolicyStatus::InForce && p.cancellation_window_closed)
    }

    // §2 Policy view "Cover Summary".
    /// What the policy view shows of a client's policy.
    pub fn policy_details(&self, holder: &ApplicantId) -> Option<PolicyDetails> {
        let policy = self.policy_of(holder)?.clone();
        let applicant = self.applicant(holder)?;
        let outcome = self.enquiry_of(holder).and_then(|e| e.outcome.as_ref());
        let quote = self.decision.decision_quote.as_ref();
        let covers = self
            .covers_in_force(holder)
            .map(|cover| {
                let id = cover.id.clone();
                let decided = outcome.and_then(|o| o.covers.iter().find(|c| c.cover_id == id));
                PolicyCover {
                    premium: quote
                        .and_then(|q| {
                            q.quote_applicants
                                .iter()
                                .flat_map(|a| &a.quote_covers)
                                .find(|c| c.cover_id == id)
                        })
                        .map_or(Money::ZERO, |c| c.premium),
                    terms: decided
                        .map_or_else(|| "Standard terms".to_owned(), |d| d.summary.clone()),
                    loading: decided.map_or(0, |d| d.loading),
                    exclusions: decided.map(|d| d.exclusions.clone()).unwrap_or_default(),
                    ends_on: cover_ends_on(
                        cover.length(),
                        policy.starts_on,
                        applicant.details.date_of_birth,
                    ),
                    cover: cover.clone(),
                }
            })
            .collect();
        let joint_policy = self
            .set_up
            .policies
            .iter()
            .find(|p| &p.applicant_id != holder)
            .map(|other| JointPolicy {
                policy_holder_id: other.applicant_id.clone(),
                holder_name: other.holder_name.clone(),
                policy_reference: other.policy_reference.clone(),
            });
        Some(PolicyDetails {
            application_id: self.id,
            adviser_id: self.adviser_id.clone(),
            policy,
            title: applicant.details.title,
            first_name: applicant.details.first_name.clone(),
            last_name: applicant.details.last_name.clone(),
            date_of_birth: applicant.details.date_of_birth,
            covers,
            bank_details: self.set_up.bank_details.as_ref().map(|b| b.masked()),
            contact_details: self.contact_details_of(holder),
            joint_policy,
        })
    }

    /// A client's covers that went in force: those underwriting accepted.
    fn covers_in_force(&self, holder: &ApplicantId) -> impl Iterator<Item = &Cover> {
        self.applicant(holder)
            .into_iter()
            .flat_map(|a| &a.covers)
            .filter(|c| c.decision.is_some_and(Decision::is_acceptable))
    }

    /// The products a client's policy holds, each once, in the order of its covers: what the
    /// Policyholders list says the policy covers.
    pub fn policy_products(&self, holder: &ApplicantId) -> Vec<ProductType> {
        let mut products = Vec::new();
        for cover in self.covers_in_force(holder) {
            if !products.contains(&cover.product_type) {
                products.push(cover.product_type);
            }
        }
        products
    }

    // §5 "the same address as another applicant".
    /// A client's contact details with the address they live at: their own, or the other
    /// client's when they share it. Their phone number and email are always their own.
    pub fn contact_details_of(&self, holder: &ApplicantId) -> Option<ContactDetails> {
        let applicant = self.applicant(holder)?;
        let own = applicant.contact_details.clone().unwrap_or_default();
        let home = applicant
            .same_address_applicant_id
            .as_ref()
            .and_then(|other| self.applicant(other))
            .and_then(|other| other.contact_details.as_ref());
        let details = home.map_or(own.clone(), |home| own.at_address_of(home));
        (details != ContactDetails::default()).then_some(details)
    }

    /// The policy of a client, once put in force.
    pub fn policy_of(&self, applicant: &ApplicantId) -> Option<&Policy> {
        self.set_up
            .policies
            .iter()
            .find(|p| &p.applicant_id == applicant)
    }
}

#[cfg(test)]
mod tests;
