//! The bank check (§4 "Bank check", §7 `bankvalidation`): the modulus check over Vocalink's
//! tables first (in-memory, always available), then Confirmation of Payee for the name. An
//! account number that cannot belong to its sort code is refused without asking anyone.

mod payee;

pub use payee::{HttpPayeeCheck, NoPayeeCheck, PayeeCheck};

use crate::product_definition::Product;
use domain::bank_check::BankCheckResult;
use domain::bank_details::BankDetails;
use domain::modulus::ModulusOutcome;
use std::sync::Arc;
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};

/// The bank check's activities: the product's modulus tables and the CoP service.
pub struct BankActivities {
    product: Arc<Product>,
    payee: Arc<dyn PayeeCheck>,
}

impl BankActivities {
    pub fn new(product: Arc<Product>, payee: Arc<dyn PayeeCheck>) -> Self {
        Self { product, payee }
    }
}

/// Checks `details`: a failed modulus check is the answer; otherwise the CoP service's.
pub async fn check_bank_details(
    product: &Product,
    payee: &dyn PayeeCheck,
    details: &BankDetails,
) -> BankCheckResult {
    match product
        .modulus
        .check(&details.sort_code, &details.account_number)
    {
        ModulusOutcome::Failed => BankCheckResult::FailedModulusCheck,
        ModulusOutcome::Passed | ModulusOutcome::NotCheckable | ModulusOutcome::ForeignCurrency => {
            payee.confirm(details).await
        }
    }
}

#[activities]
impl BankActivities {
    /// The bank check of the saved details; never fails (an unavailable service is a result).
    #[activity]
    pub async fn check_bank(
        self: Arc<Self>,
        _ctx: ActivityContext,
        details: BankDetails,
    ) -> Result<BankCheckResult, ActivityError> {
        Ok(check_bank_details(&self.product, self.payee.as_ref(), &details).await)
    }
}

#[cfg(test)]
mod tests;
