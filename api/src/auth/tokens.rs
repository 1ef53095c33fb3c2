//! Verifies access tokens exactly as for a production OpenID Connect provider: the issuer's
//! JWKS is found through discovery, cached, and refreshed when a token names a key it does not
//! hold (at most once per [`MIN_REFRESH_INTERVAL`]); only RS256 is accepted; issuer, audience,
//! expiry and not-before are checked; `exp`, `iss`, `aud` and `sub` are required. A token whose
//! key is unknown after one refresh is refused, never checked against another key.

use jsonwebtoken::jwk::{AlgorithmParameters, JwkSet};
use jsonwebtoken::{Algorithm, DecodingKey, Validation, decode, decode_header};
use serde::Deserialize;
use std::collections::HashMap;
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, RwLock};

/// Refreshing the key set is throttled so a flood of tokens naming unknown keys cannot turn
/// into a flood of requests to the identity provider.
const MIN_REFRESH_INTERVAL: Duration = Duration::from_secs(30);
/// How long a fetched key set is trusted before it is fetched again in the background of a request.
const MAX_KEY_AGE: Duration = Duration::from_secs(60 * 60);
/// Clock skew tolerated between the identity provider and this server.
const LEEWAY_SECONDS: u64 = 30;

/// Claims the portal reads from an access token.
#[derive(Debug, Clone, Deserialize)]
pub struct AccessClaims {
    /// Required by validation; optional here so its absence is reported as a missing claim.
    #[serde(default)]
    pub sub: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    /// Some providers send one role as a string, others a list.
    #[serde(default, deserialize_with = "one_or_many")]
    pub roles: Vec<String>,
}

fn one_or_many<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
    }
    Ok(match Option::<OneOrMany>::deserialize(deserializer)? {
        None => Vec::new(),
        Some(OneOrMany::One(role)) => vec![role],
        Some(OneOrMany::Many(roles)) => roles,
    })
}

/// Why a token was refused. The message is safe to show the caller.
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("The access token is malformed")]
    Malformed,
    #[error("The access token must be signed with RS256")]
    WrongAlgorithm,
    #[error("The access token was not signed by a known key")]
    UnknownKey,
    #[error("The access token {0}")]
    Invalid(&'static str),
    #[error("The identity provider could not be reached to check the token")]
    ProviderUnavailable(String),
}

struct KeyCache {
    keys: HashMap<String, DecodingKey>,
    fetched_at: Option<Instant>,
}

/// Verifies tokens from one issuer for one audience.
pub struct TokenVerifier {
    issuer: String,
    audience: String,
    http: reqwest::Client,
    cache: RwLock<KeyCache>,
    /// Serialises refreshes so concurrent requests share one fetch.
    refreshing: Mutex<()>,
}

impl std::fmt::Debug for TokenVerifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenVerifier")
            .field("issuer", &self.issuer)
            .finish_non_exhaustive()
    }
}

#[derive(Deserialize)]
struct Discovery {
    issuer: String,
    jwks_uri: String,
}

impl TokenVerifier {
    pub fn new(issuer: &str, audience: &str, http: reqwest::Client) -> Self {
        Self {
            issuer: issuer.to_owned(),
            audience: audience.to_owned(),
            http,
            cache: RwLock::new(KeyCache {
                keys: HashMap::new(),
                fetched_at: None,
            }),
            refreshing: Mutex::new(()),
        }
    }

    pub async fn verify(&self, token: &str) -> Result<AccessClaims, TokenError> {
        let header = decode_header(token).map_err(|_| TokenError::Malformed)?;
        if header.alg != Algorithm::RS256 {
            return Err(TokenError::WrongAlgorithm);
        }
        let kid = header.kid.ok_or(TokenError::UnknownKey)?;
        let key = self.key(&kid).await?;
        let mut validation = Validation::new(Algorithm::RS256);
        validation.set_issuer(&[&self.issuer]);
        validation.set_audience(&[&self.audience]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.validate_nbf = true;
        validation.leeway = LEEWAY_SECONDS;
        decode::<AccessClaims>(token, &key, &validation)
            .map(|data| data.claims)
            .map_err(|e| TokenError::Invalid(describe(e.kind())))
    }

    async fn key(&self, kid: &str) -> Result<DecodingKey, TokenError> {
        if let Some(key) = self.cached(kid, MAX_KEY_AGE).await {
            return Ok(key);
        }
        let _guard = self.refreshing.lock().await;
        // Another request may have refreshed while this one waited for the lock.
        if let Some(key) = self.cached(kid, MAX_KEY_AGE).await {
            return Ok(key);
        }
        let recently_fetched = {
            let cache = self.cache.read().await;
            cache
                .fetched_at
                .is_some_and(|at| at.elapsed() < MIN_REFRESH_INTERVAL)
        };
        if recently_fetched {
            return Err(TokenError::UnknownKey);
        }
        match self.fetch_keys().await {
            Ok(keys) => {
                let mut cache = self.cache.write().await;
                cache.keys = keys;
                cache.fetched_at = Some(Instant::now());
                cache.keys.get(kid).cloned().ok_or(TokenError::UnknownKey)
            }
            // Keys rarely rotate: while the provider is unreachable, a key fetched earlier
            // still verifies the tokens it signed.
            Err(error) => self.cached(kid, Duration::MAX).await.ok_or(error),
        }
    }

    /// A cached key, if the cache is younger than `max_age`.
    async fn cached(&self, kid: &str, max_age: Duration) -> Option<DecodingKey> {
        let cache = self.cache.read().await;
        let fresh = cache.fetched_at.is_some_and(|at| at.elapsed() < max_age);
        fresh.then(|| cache.keys.get(kid).cloned()).flatten()
    }

    async fn get_json<T: serde::de::DeserializeOwned>(&self, url: &str) -> Result<T, TokenError> {
        let unavailable =
            |e: reqwest::Error| TokenError::ProviderUnavailable(format!("{url}: {e}"));
        self.http
            .get(url)
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .map_err(unavailable)?
            .json()
            .await
            .map_err(unavailable)
    }

    async fn fetch_keys(&self) -> Result<HashMap<String, DecodingKey>, TokenError> {
        let discovery_url = format!("{}/.well-known/openid-configuration", self.issuer);
        let discovery: Discovery = self.get_json(&discovery_url).await?;
        if discovery.issuer.trim_end_matches('/') != self.issuer {
            return Err(TokenError::ProviderUnavailable(format!(
                "discovery names issuer {:?}, expected {:?}",
                discovery.issuer, self.issuer
            )));
        }
        let set: JwkSet = self.get_json(&discovery.jwks_uri).await?;
        let mut keys = HashMap::new();
        for jwk in &set.keys {
            let (Some(kid), AlgorithmParameters::RSA(_)) = (&jwk.common.key_id, &jwk.algorithm)
            else {
                continue;
            };
            if let Ok(key) = DecodingKey::from_jwk(jwk) {
                keys.insert(kid.clone(), key);
            }
        }
        tracing::info!(issuer = %self.issuer, keys = keys.len(), "fetched the identity provider's signing keys");
        Ok(keys)
    }
}

/// A short, safe reason for the caller; the library's own text can echo token internals.
fn describe(kind: &jsonwebtoken::errors::ErrorKind) -> &'static str {
    use jsonwebtoken::errors::ErrorKind;
    match kind {
        ErrorKind::ExpiredSignature => "has expired",
        ErrorKind::ImmatureSignature => "is not valid yet",
        ErrorKind::InvalidAudience => "was not issued for this API",
        ErrorKind::InvalidIssuer => "was issued by an identity provider this API does not trust",
        ErrorKind::InvalidSignature => "has an invalid signature",
        ErrorKind::MissingRequiredClaim(_) => "lacks a required claim",
        _ => "is malformed",
    }
}
