//! Address look-up for the adviser's address form: one trait, so the API does not care whether
//! answers come from the sample gazetteer in `product/` or from a paid UK address provider.
//!
//! An adapter never invents an address: a provider that fails says so, and the adviser is told
//! to type the address instead.

mod gazetteer;
mod ideal_postcodes;

pub use gazetteer::Gazetteer;
pub use ideal_postcodes::{IDEAL_POSTCODES_URL, IdealPostcodes};

use domain::contact::{AddressLookupResult, Postcode};
use futures::future::BoxFuture;

/// A source of UK addresses, searched by postcode and fetched by the id it gave.
pub trait AddressLookup: Send + Sync + std::fmt::Debug {
    /// Addresses at a postcode, in delivery order; an unknown but valid postcode gives an empty
    /// list.
    fn find<'a>(
        &'a self,
        postcode: &'a Postcode,
    ) -> BoxFuture<'a, Result<Vec<AddressLookupResult>, AddressLookupError>>;

    /// One address by the id `find` gave it; `Ok(None)` when there is no such address.
    fn get<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Option<AddressLookupResult>, AddressLookupError>>;

    /// Where answers come from, shown to advisers.
    fn source(&self) -> &'static str;

    /// True for the sample gazetteer, so the UI can label its results as sample data.
    fn is_sample(&self) -> bool;
}

/// Why a look-up gave no answer. Each message tells the adviser what to do next; the API maps
/// `Unauthorised` and `Unavailable` to 503 and `RateLimited` to 429.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AddressLookupError {
    /// The provider refused our API key (HTTP 401): a configuration problem, not the adviser's.
    #[error(
        "The address service refused the portal's key. Please enter the address by hand and \
         let your support team know."
    )]
    Unauthorised,
    /// Rate limited or out of lookups (HTTP 429 or 503, or 402 balance exhausted).
    #[error(
        "The address service is busy. Please try again in a moment, or enter the address by hand."
    )]
    RateLimited,
    /// Timeout, connection failure, 5xx, or a response we could not read; the text is for logs
    /// and never contains the API key.
    #[error("The address service is not available just now. Please enter the address by hand.")]
    Unavailable(String),
}
