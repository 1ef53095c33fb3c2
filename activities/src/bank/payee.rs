//! Confirmation of Payee: asking the account's bank whether the name matches the account.
//!
//! [`HttpPayeeCheck`] speaks the Open Banking form of Pay.UK's Confirmation of Payee
//! request/response API, which CoP providers expose to insurers:
//! - `POST {endpoint}` with `{"Data":{"SchemeName":"UK.OBIE.SortCodeAccountNumber",
//!   "AccountType":"Personal","Identification":"<sort code><account number>","Name":"…"}}`
//!   and the provider's key as a bearer token;
//! - 200 with `{"Data":{"VerificationReport":{"Matched":true|false,"ReasonCode":"MBAM",
//!   "Name":"…"}}}`: matched is a full match; otherwise the reason code (ANNM, MBAM, BANM, BAMM,
//!   AC01, ACNS, OPTO, CASS, SCNS, or a provider's own) and, for a close match, the name held.
//!
//! A provider that is slow, down, refuses us or answers something we cannot read gives
//! [`BankCheckResult::ProviderUnavailable`]: never an error the adviser cannot act on. With no
//! provider configured, [`NoPayeeCheck`] says plainly that the name was not checked.

use domain::bank_check::BankCheckResult;
use domain::bank_details::BankDetails;
use futures::FutureExt;
use futures::future::BoxFuture;
use reqwest::Url;
use serde::Deserialize;
use serde_json::json;
use std::fmt;
use std::time::Duration;

/// A Confirmation of Payee service.
pub trait PayeeCheck: Send + Sync + fmt::Debug {
    /// The bank's answer for the account holder's name; never fails (see the module's notes).
    fn confirm<'a>(&'a self, details: &'a BankDetails) -> BoxFuture<'a, BankCheckResult>;
}

/// No provider configured: the name is not checked, and the result says so.
#[derive(Debug, Default)]
pub struct NoPayeeCheck;

impl PayeeCheck for NoPayeeCheck {
    fn confirm<'a>(&'a self, _details: &'a BankDetails) -> BoxFuture<'a, BankCheckResult> {
        async { BankCheckResult::NameNotChecked }.boxed()
    }
}

/// A CoP provider over HTTP(S).
pub struct HttpPayeeCheck {
    http: reqwest::Client,
    endpoint: Url,
    api_key: String,
}

impl fmt::Debug for HttpPayeeCheck {
    /// Leaves the key out: Debug output ends up in logs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HttpPayeeCheck")
            .field("endpoint", &self.endpoint.as_str())
            .finish_non_exhaustive()
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Answer {
    data: AnswerData,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct AnswerData {
    verification_report: Report,
}

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct Report {
    matched: bool,
    #[serde(default)]
    reason_code: Option<String>,
    #[serde(default)]
    name: Option<String>,
}

impl HttpPayeeCheck {
    /// `endpoint` is the provider's name-verification URL; `timeout` bounds the whole call, so
    /// a slow provider costs the adviser seconds. Fails on an unusable URL.
    pub fn new(endpoint: &str, api_key: String, timeout: Duration) -> Result<Self, String> {
        let endpoint = Url::parse(endpoint)
            .map_err(|e| format!("Confirmation of Payee URL {endpoint:?}: {e}"))?;
        if !matches!(endpoint.scheme(), "https" | "http") {
            return Err(format!(
                "Confirmation of Payee URL {endpoint} is not an http(s) URL"
            ));
        }
        let _ = rustls::crypto::ring::default_provider().install_default();
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .build()
            .map_err(|e| {
                format!("Failed to build the HTTP client for Confirmation of Payee: {e}")
            })?;
        Ok(Self {
            http,
            endpoint,
            api_key,
        })
    }

    async fn ask(&self, details: &BankDetails) -> Result<BankCheckResult, String> {
        let body = json!({ "Data": {
            "SchemeName": "UK.OBIE.SortCodeAccountNumber",
            "AccountType": "Personal",
            "Identification": format!("{}{}", details.sort_code.digits(), details.account_number.digits()),
            "Name": details.name,
        }});
        let response = self
            .http
            .post(self.endpoint.clone())
            .bearer_auth(&self.api_key)
            .json(&body)
            .send()
            .await
            .map_err(|e| format!("no answer: {}", e.without_url()))?;
        let status = response.status();
        if !status.is_success() {
            return Err(format!("HTTP {status}"));
        }
        let answer: Answer = response
            .json()
            .await
            .map_err(|e| format!("unreadable answer: {}", e.without_url()))?;
        let report = answer.data.verification_report;
        Ok(match (report.matched, report.reason_code.as_deref()) {
            (true, _) => BankCheckResult::Authenticated,
            (false, Some(code)) if !code.trim().is_empty() => {
                BankCheckResult::parse(code.trim(), report.name.as_deref())
            }
            (false, _) => BankCheckResult::NotAuthenticated,
        })
    }
}

impl PayeeCheck for HttpPayeeCheck {
    fn confirm<'a>(&'a self, details: &'a BankDetails) -> BoxFuture<'a, BankCheckResult> {
        async move {
            self.ask(details).await.unwrap_or_else(|why| {
                tracing::warn!(%why, "Confirmation of Payee gave no usable answer");
                BankCheckResult::ProviderUnavailable
            })
        }
        .boxed()
    }
}

#[cfg(test)]
mod tests;
