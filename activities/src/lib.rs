//! Temporal activities: the side effects a workflow asks for. Each activity is idempotent, so
//! Temporal may retry it safely, and reports whether a failure is worth retrying.
//!
//! Activities never decide insurance rules; they call `domain` for that and do the IO.

mod address;
pub mod bank;
mod documents;
pub mod email;
mod policies;
mod pricing;
mod product_definition;
mod projection;
pub mod retention;
pub mod surgeries;
pub mod underwriting;

pub use address::{
    AddressLookup, AddressLookupError, Gazetteer, IDEAL_POSTCODES_URL, IdealPostcodes,
};
pub use bank::{BankActivities, HttpPayeeCheck, NoPayeeCheck, PayeeCheck};
pub use documents::{
    Document, QuoteDocumentError, Template, answers_document, application_document,
    decision_document, indication_document, quote_document, schedule_document, welcome_data,
    welcome_document,
};
pub use email::{DnsConfig, EmailChecker};
pub use policies::{PolicyActivities, schedule_kind};
pub use pricing::{IndicationPriceRequest, PriceRequest, PricingActivities, check_covers};
pub use product_definition::{Product, ProductError};
pub use projection::{ApplicationActivities, CheckedCoverChange, QuoteAndSave};
pub use underwriting::{DecideRequest, Rulebook, SaveEnquiry, UnderwritingActivities};

/// How a store failure ends an activity: a database that is down or busy is worth retrying; a
/// document that cannot be read or encoded (corrupt) is not. The one mapping every activity uses.
pub(crate) fn store_failure(error: store::StoreError) -> temporalio_sdk::activities::ActivityError {
    use temporalio_common::error::ApplicationFailure;
    match error {
        store::StoreError::Corrupt(_) => ApplicationFailure::non_retryable(error).into(),
        other => ApplicationFailure::new(other).into(),
    }
}
