//! Set-up (§1 step 8, §2 Set-up, §4 "Bank check"): once the adviser has proceeded from the
//! decision, the Direct Debit's bank details are saved (each §5 rule named by its field), then
//! checked: a modulus check over Vocalink's tables, then Confirmation of Payee. A result that
//! is only a warning may be overridden as manually verified; changing the details, or a reset,
//! clears the check.

use super::Application;
use crate::bank_check::{BankCheckResult, BankCheckStatus};
use crate::bank_details::BankDetailsForm;
use crate::errors::Rejection;
use crate::stage::ApplicationStage;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

pub const SET_UP_NOT_OPEN: &str = "Set-up opens once the adviser has proceeded from the decision";
pub(crate) const NO_BANK_DETAILS: &str = "Please save the bank details before checking them";
pub(crate) const CANNOT_OVERRIDE: &str = "Only a check that could not confirm the details can be overridden; details found to be wrong must be corrected";

// §7 `POST /application/{id}/bankDetails`.
/// Save the Direct Debit bank details.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveBankDetails(pub BankDetailsForm);

/// The bank check's answer, recorded on the application.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordBankCheck {
    pub result: BankCheckResult,
}

// §7 `POST /backendforfrontend/bankvalidation/{id}`.
/// Check the saved details.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CheckBankDetails;

// §7 `POST /backendforfrontend/bankValidation/{id}/override`.
/// Override a check that warned as manually verified.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct OverrideBankCheck;

// §4 bank check "reset (clear)".
/// Clear the check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ResetBankCheck;

impl Application {
    /// Set-up is open after Proceed and until the policy is in force.
    pub(crate) fn check_set_up_open(&self) -> Result<(), Rejection> {
        if self.status != ApplicationStage::Decision || self.decision.proceeded_at.is_none() {
            return Err(Rejection::conflict(SET_UP_NOT_OPEN));
        }
        Ok(())
    }

    /// Saves the bank details; new details clear the last check, the same details keep it.
    pub fn save_bank_details(
        &self,
        command: &SaveBankDetails,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.check_set_up_open()?;
        let details = command.0.parse_recorded().map_err(Rejection::invalid)?;
        if self.set_up.bank_details.as_ref() == Some(&details) {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.set_up.bank_details = Some(details);
        next.set_up.bank_check = BankCheckStatus::reset();
        Ok(next.touched(now))
    }

    /// A check needs saved bank details.
    pub fn check_can_check_bank(&self) -> Result<(), Rejection> {
        self.check_set_up_open()?;
        if self.set_up.bank_details.is_none() {
            return Err(Rejection::field("bankDetails", NO_BANK_DETAILS));
        }
        Ok(())
    }

    pub fn record_bank_check(
        &self,
        command: &RecordBankCheck,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.check_can_check_bank()?;
        let mut next = self.clone();
        next.set_up.bank_check = BankCheckStatus::validated(command.result.clone());
        Ok(next.touched(now))
    }

    // §4 bank check.
    /// Override as manually verified: only after a warning.
    pub fn override_bank_check(&self, now: DateTime<Utc>) -> Result<Self, Rejection> {
        self.check_set_up_open()?;
        if matches!(
            self.set_up.bank_check,
            BankCheckStatus::ManuallyVerified { .. }
        ) {
            return Ok(self.clone());
        }
        let overridden = self
            .set_up
            .bank_check
            .overridden()
            .ok_or_else(|| Rejection::conflict(CANNOT_OVERRIDE))?;
        let mut next = self.clone();
        next.set_up.bank_check = overridden;
        Ok(next.touched(now))
    }

    pub fn reset_bank_check(&self, now: DateTime<Utc>) -> Result<Self, Rejection> {
        self.check_set_up_open()?;
        if self.set_up.bank_check == BankCheckStatus::NotChecked {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.set_up.bank_check = BankCheckStatus::reset();
        Ok(next.touched(now))
    }
}

#[cfg(test)]
mod tests;
