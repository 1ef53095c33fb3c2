//! Talking to the portal over HTTP: signing in, and reading an answer that must be a success.

use anyhow::{Context, bail};
use serde_json::Value;

/// Signs in through the development identity provider's password grant.
pub async fn sign_in(
    http: &reqwest::Client,
    base_url: &str,
    user: &str,
    password: &str,
) -> anyhow::Result<String> {
    let response = http
        .post(format!("{base_url}/dev-idp/token"))
        .form(&[
            ("grant_type", "password"),
            ("client_id", "portal-web"),
            ("username", user),
            ("password", password),
        ])
        .send()
        .await
        .context("Failed to reach the portal; is `make run` running?")?;
    if !response.status().is_success() {
        bail!("sign-in failed: {}", response.text().await?);
    }
    let body: Value = response.json().await?;
    body["access_token"]
        .as_str()
        .map(str::to_owned)
        .context("no access_token in the response")
}

/// The answer's JSON body, or an error with its status and body when it is not a success.
pub async fn expect_ok(response: reqwest::Response) -> anyhow::Result<Value> {
    let status = response.status();
    let body = response.text().await?;
    if !status.is_success() {
        bail!("{status}: {body}");
    }
    Ok(serde_json::from_str(&body)?)
}

/// The portal's API processes, taken in turn for each request, as a load balancer in front of
/// them would: a request that finds one down is sent again and reaches the next.
#[derive(Debug, Clone)]
pub struct Balancer {
    bases: std::sync::Arc<Vec<String>>,
    next: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl Balancer {
    pub fn new(bases: Vec<String>) -> Self {
        assert!(!bases.is_empty(), "a balancer needs an API to send to");
        Self {
            bases: std::sync::Arc::new(bases),
            next: Default::default(),
        }
    }

    /// `path` on the next API in turn.
    pub fn url(&self, path: &str) -> String {
        let i = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        format!("{}{path}", self.bases[i % self.bases.len()])
    }
}
