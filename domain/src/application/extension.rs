//! Extending the quote's terms by a declaration of health (§4 "Other transitions", §7 "Term
//! extension"): offered to a quote running out of time (within 14 days of its valid-until
//! date, M12) that has not been extended; once only, by 90 days. A disclosed change in health
//! is recorded and blocks it, with the reasons; a failed attempt is recorded as an error.

use super::Application;
use crate::dates::uk_date;
use crate::errors::Rejection;
use crate::stage::ApplicationStage;
use crate::term_extension::{
    ALREADY_EXTENDED, ApplicantDeclaration, DeclarationOfHealthStatus, NOT_EXTENSIBLE, complete,
    is_offered, within_window,
};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

/// The declaration of health as answered, and the changes it disclosed (judged by the API
/// against the insurer's questions, so the workflow records the same outcome on replay).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CompleteTermExtension {
    pub declarations: Vec<ApplicantDeclaration>,
    pub disclosed_changes: Vec<String>,
}

impl Application {
    // §3 `isTermExtensible`; docs/decisions.md M12.
    /// A live quote (priced, not expired) that expires within 14 days, before the policy is on
    /// risk, and no change in health disclosed for it.
    pub fn is_term_extensible(&self, today: NaiveDate) -> bool {
        self.status < ApplicationStage::WentOnRisk
            && self.quote_stage.quote_expired_on.is_none()
            && self
                .quote_stage
                .valid_until
                .is_some_and(|until| within_window(until, today))
            && self.quote_stage.declaration_of_health_status
                != Some(DeclarationOfHealthStatus::Failed)
    }

    // §4 "Term extension is offered when ...".
    /// Offered when extensible and not yet extended (`showExtend`).
    pub fn is_term_extension_offered(&self, today: NaiveDate) -> bool {
        is_offered(
            self.is_term_extensible(today),
            self.quote_stage.extended_on_date,
        )
    }

    /// Records the declaration: no change in health extends the valid-until date by 90 days
    /// (status passed); a disclosed change keeps the terms as they are (status failed) and
    /// keeps the reasons for the adviser.
    pub fn complete_term_extension(
        &self,
        command: &CompleteTermExtension,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        let today = uk_date(now);
        if self.quote_stage.extended_on_date.is_some() {
            return Err(Rejection::conflict(ALREADY_EXTENDED));
        }
        let Some(valid_until) = self
            .quote_stage
            .valid_until
            .filter(|_| self.is_term_extensible(today))
        else {
            return Err(Rejection::conflict(NOT_EXTENSIBLE));
        };
        let mut next = self.clone();
        match complete(true, None, valid_until, today, &command.disclosed_changes) {
            Ok(extended) => {
                next.quote_stage.valid_until = Some(extended.valid_until);
                next.quote_stage.extended_on_date = Some(extended.extended_on);
                next.quote_stage.declaration_of_health_status = Some(extended.status);
                next.quote_stage.term_extension_reasons = Vec::new();
            }
            Err(_) => {
                next.quote_stage.declaration_of_health_status =
                    Some(DeclarationOfHealthStatus::Failed);
                next.quote_stage.term_extension_reasons = command.disclosed_changes.clone();
            }
        }
        Ok(next.touched(now))
    }

    // §7 `hasFailedTermExtension`; §4 "on failure the status becomes Error".
    /// The attempt failed for a reason other than the client's health: the status becomes `error`,
    /// and the extension may be tried again.
    pub fn fail_term_extension(&self, now: DateTime<Utc>) -> Result<Self, Rejection> {
        if self.quote_stage.extended_on_date.is_some() {
            return Err(Rejection::conflict(ALREADY_EXTENDED));
        }
        if self.quote_stage.declaration_of_health_status == Some(DeclarationOfHealthStatus::Error) {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.quote_stage.declaration_of_health_status = Some(DeclarationOfHealthStatus::Error);
        Ok(next.touched(now))
    }
}

#[cfg(test)]
mod tests;
