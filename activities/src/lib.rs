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
pub mod surgeries;
pub mod underwriting;

pub use address::{
    AddressLookup, AddressLookupError, Gazetteer, IDEAL_POSTCODES_URL, IdealPostcodes,
};
pub use bank::{BankActivities, HttpPayeeCheck, NoPayeeCheck, PayeeCheck};
pub use documents::{
    Document, QuoteDocumentError, Template, answers_document, application_document,
    decision_document, quote_document, schedule_document,
};
pub use email::{DnsConfig, EmailChecker};
pub use policies::{PolicyActivities, schedule_kind};
pub use pricing::{PriceRequest, PricingActivities, check_covers};
pub use product_definition::{Product, ProductError};
pub use projection::{ApplicationActivities, QuoteAndSave};
pub use underwriting::{DecideRequest, Rulebook, SaveEnquiry, UnderwritingActivities};
