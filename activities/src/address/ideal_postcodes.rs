//! The production adapter: Ideal Postcodes' Royal Mail PAF API over HTTPS.
//!
//! Protocol, as documented at <https://docs.ideal-postcodes.co.uk/docs/api/api-reference> and
//! in its OpenAPI file (<https://github.com/ideal-postcodes/openapi>, `dist/openapi.yaml`):
//! - `GET /v1/postcodes/{postcode}?api_key=…` gives `{"result":[…], "code":2000, "page", "limit",
//!   "total"}`; an unknown postcode is 404 with `"code":4040`. Postcodes with more than 100
//!   premises are paged with `page`.
//! - `GET /v1/udprn/{udprn}?api_key=…` gives `{"result":{…}}`; an unknown UDPRN is 404 with
//!   `"code":4044`.
//! - Refusals (<https://docs.ideal-postcodes.co.uk/docs/guides/error-codes>): 401 for a key that
//!   is invalid (4010) or used from a URL not on its allowed list (4011); 402 for a depleted
//!   balance (4020) or a daily/IP lookup limit (4021); the per-IP rate limit answers 503, some
//!   endpoints 429.

use super::{AddressLookup, AddressLookupError};
use domain::contact::{AddressLookupResult, Postcode};
use futures::FutureExt;
use futures::future::BoxFuture;
use reqwest::{StatusCode, Url};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::fmt;
use std::time::Duration;

/// Ideal Postcodes' API, for configuration.
pub const IDEAL_POSTCODES_URL: &str = "https://api.ideal-postcodes.co.uk";

/// The API's code for "no such postcode" (404).
const POSTCODE_NOT_FOUND: u32 = 4040;
/// The API's code for "no such UDPRN" (404).
const UDPRN_NOT_FOUND: u32 = 4044;
/// The most pages of 100 premises read for one postcode: far beyond the largest multiple
/// residence, yet a bound on what one adviser's click can cost.
const MAX_PAGES: u32 = 10;
/// Our ids are the Royal Mail UDPRN with this prefix, so a gazetteer id is never sent out.
const ID_PREFIX: &str = "ip-";

/// A client of Ideal Postcodes holding the insurer's API key.
pub struct IdealPostcodes {
    http: reqwest::Client,
    base: Url,
    api_key: String,
}

impl fmt::Debug for IdealPostcodes {
    /// Leaves the key out: Debug output ends up in logs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("IdealPostcodes")
            .field("base", &self.base.as_str())
            .finish_non_exhaustive()
    }
}

impl IdealPostcodes {
    /// `base_url` is normally [`IDEAL_POSTCODES_URL`]; `timeout` bounds each request, so a slow
    /// provider costs the adviser seconds, not minutes. Fails on an unusable URL.
    pub fn new(base_url: String, api_key: String, timeout: Duration) -> Result<Self, String> {
        let base =
            Url::parse(&base_url).map_err(|e| format!("Ideal Postcodes URL {base_url:?}: {e}"))?;
        if !matches!(base.scheme(), "https" | "http") || base.cannot_be_a_base() {
            return Err(format!(
                "Ideal Postcodes URL {base_url:?} is not an http(s) URL"
            ));
        }
        // The workspace's reqwest brings no crypto provider; use ring, as the API and the
        // Temporal client do. Fails only when one is installed already, which is what we want.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .build()
            .map_err(|e| format!("Failed to build the HTTP client for Ideal Postcodes: {e}"))?;
        Ok(Self {
            http,
            base,
            api_key,
        })
    }

    /// `{base}/{segments…}`, each segment escaped.
    fn url(&self, segments: &[&str]) -> Url {
        let mut url = self.base.clone();
        // Cannot fail: `new` refused URLs that cannot be a base.
        if let Ok(mut path) = url.path_segments_mut() {
            path.pop_if_empty().extend(segments);
        }
        url
    }

    /// One GET with the key as the `api_key` query parameter, as the API documents.
    async fn call(&self, url: Url, page: u32) -> Result<(StatusCode, Vec<u8>), AddressLookupError> {
        let mut request = self.http.get(url).query(&[("api_key", &self.api_key)]);
        if page > 0 {
            request = request.query(&[("page", page)]);
        }
        let response = request.send().await.map_err(transport_error)?;
        let status = response.status();
        let body = response.bytes().await.map_err(transport_error)?;
        Ok((status, body.to_vec()))
    }

    async fn find_all(
        &self,
        postcode: &Postcode,
    ) -> Result<Vec<AddressLookupResult>, AddressLookupError> {
        let compact = postcode.as_str().replace(' ', "");
        let url = self.url(&["v1", "postcodes", &compact]);
        let mut found = Vec::new();
        for page in 0..MAX_PAGES {
            let reply = self.call(url.clone(), page).await?;
            let Some(body) = read::<PostcodePage>(reply, POSTCODE_NOT_FOUND)? else {
                break;
            };
            let more = !body.result.is_empty()
                && body
                    .total
                    .is_some_and(|total| total > found.len() + body.result.len());
            found.extend(body.result.into_iter().map(PafAddress::into_result));
            if !more {
                break;
            }
        }
        Ok(found)
    }

    async fn get_by_id(&self, id: &str) -> Result<Option<AddressLookupResult>, AddressLookupError> {
        let Some(udprn) = id.strip_prefix(ID_PREFIX).filter(|udprn| is_udprn(udprn)) else {
            return Ok(None);
        };
        let reply = self.call(self.url(&["v1", "udprn", udprn]), 0).await?;
        let found = read::<Envelope<PafAddress>>(reply, UDPRN_NOT_FOUND)?;
        Ok(found.map(|body| body.result.into_result()))
    }
}

/// UDPRNs are numbers of up to eight digits; anything else cannot be one of our ids.
fn is_udprn(text: &str) -> bool {
    (1..=8).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit())
}

/// A failure before any answer: the detail is for logs, so the URL (which holds the key) is
/// removed.
fn transport_error(error: reqwest::Error) -> AddressLookupError {
    let what = if error.is_timeout() {
        "did not answer in time"
    } else if error.is_connect() {
        "could not be reached"
    } else {
        "failed"
    };
    AddressLookupError::Unavailable(format!("Ideal Postcodes {what}: {}", error.without_url()))
}

/// The body of a success, `None` for the endpoint's own "not found" code, or the refusal.
/// A 404 without that code (a wrong base URL, a proxy) is a fault, not an empty answer.
fn read<T: DeserializeOwned>(
    (status, body): (StatusCode, Vec<u8>),
    not_found: u32,
) -> Result<Option<T>, AddressLookupError> {
    if status == StatusCode::OK {
        return serde_json::from_slice(&body).map(Some).map_err(|e| {
            AddressLookupError::Unavailable(format!(
                "Ideal Postcodes sent a reply we could not read: {e}"
            ))
        });
    }
    let reply: ErrorReply = serde_json::from_slice(&body).unwrap_or_default();
    if status == StatusCode::NOT_FOUND && reply.code == Some(not_found) {
        return Ok(None);
    }
    let error = match status.as_u16() {
        401 => AddressLookupError::Unauthorised,
        402 | 429 | 503 => AddressLookupError::RateLimited,
        _ => AddressLookupError::Unavailable(format!(
            "Ideal Postcodes answered HTTP {status}, code {:?}: {:?}",
            reply.code, reply.message
        )),
    };
    if !matches!(error, AddressLookupError::Unavailable(_)) {
        tracing::warn!(%status, code = ?reply.code, message = ?reply.message, "Ideal Postcodes refused a look-up");
    }
    Err(error)
}

#[derive(Debug, Default, Deserialize)]
struct ErrorReply {
    code: Option<u32>,
    message: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Envelope<T> {
    result: T,
}

#[derive(Debug, Deserialize)]
struct PostcodePage {
    result: Vec<PafAddress>,
    /// Premises at the postcode over all pages.
    total: Option<usize>,
}

/// The fields we use of a PAF address; the API sends many more.
#[derive(Debug, Deserialize)]
struct PafAddress {
    line_1: Option<String>,
    line_2: Option<String>,
    line_3: Option<String>,
    post_town: Option<String>,
    county: Option<String>,
    postcode: Option<String>,
    udprn: Option<Udprn>,
}

/// Documented as an integer; a string is accepted too rather than lose the address.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Udprn {
    Number(i64),
    Text(String),
}

impl fmt::Display for Udprn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Udprn::Number(n) => write!(f, "{n}"),
            Udprn::Text(text) => f.write_str(text.trim()),
        }
    }
}

impl PafAddress {
    /// Blank lines become absent; the postcode is normalised when it parses and kept as sent
    /// otherwise, for the form's own checks to report.
    fn into_result(self) -> AddressLookupResult {
        let given =
            |text: Option<String>| text.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty());
        let postcode = given(self.postcode)
            .map(|text| Postcode::parse(&text).map(String::from).unwrap_or(text));
        AddressLookupResult {
            id: self.udprn.map(|udprn| format!("{ID_PREFIX}{udprn}")),
            address1: given(self.line_1),
            address2: given(self.line_2),
            address3: given(self.line_3),
            town: given(self.post_town),
            county: given(self.county),
            postcode,
        }
    }
}

impl AddressLookup for IdealPostcodes {
    fn find<'a>(
        &'a self,
        postcode: &'a Postcode,
    ) -> BoxFuture<'a, Result<Vec<AddressLookupResult>, AddressLookupError>> {
        self.find_all(postcode).boxed()
    }

    fn get<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Option<AddressLookupResult>, AddressLookupError>> {
        self.get_by_id(id).boxed()
    }

    fn source(&self) -> &'static str {
        "Ideal Postcodes"
    }

    fn is_sample(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests;
