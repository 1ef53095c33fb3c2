//! Forged, stale and malformed access tokens against real protected endpoints: an adviser's,
//! the client portal's and customer care's. Every attack is answered 401 with a problem
//! document, and a good token for the same caller gets through, so a check that stopped
//! refusing (or stopped accepting) would be seen here.
//!
//! The tokens are signed with the development identity provider's own key material (its key
//! file under the test's data folder and the key id its JWKS publishes), so a refusal can only
//! come from the verifier's checks, never from an unusable key.

use crate::support::TestApp;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{Algorithm, EncodingKey, Header, encode};
use reqwest::StatusCode;
use rsa::pkcs1::EncodeRsaPublicKey;
use rsa::pkcs8::{DecodePrivateKey, EncodePrivateKey, EncodePublicKey, LineEnding};
use rsa::{RsaPrivateKey, RsaPublicKey};
use serde_json::{Value, json};

/// The server tolerates this much clock skew (`api/src/auth/tokens.rs`); attacks on time go
/// well past it.
const PAST_ANY_LEEWAY: u64 = 300;

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// A protected endpoint and the caller it serves.
struct Endpoint {
    path: &'static str,
    subject: &'static str,
    email: &'static str,
    roles: &'static [&'static str],
}

const ENDPOINTS: [Endpoint; 3] = [
    Endpoint {
        path: "/api/v1/backendforfrontend/adviser",
        subject: "adviser1",
        email: "adviser1@example.com",
        roles: &[],
    },
    Endpoint {
        path: "/api/v1/portal/me",
        subject: "client1",
        email: "client1@example.com",
        roles: &["client"],
    },
    Endpoint {
        path: "/api/v1/care/applications",
        subject: "cca1",
        email: "cca1@example.com",
        roles: &["cca"],
    },
];

/// The development provider's signing key and the id its JWKS gives it, and a key nobody published.
struct Keys {
    kid: String,
    private: RsaPrivateKey,
    stranger: RsaPrivateKey,
}

impl Keys {
    async fn of(app: &TestApp) -> Keys {
        let pem = std::fs::read_to_string(app.data_dir.path().join("dev-idp/signing-key.pem"))
            .expect("the provider keeps its key in the data folder");
        let (_, jwks) = app
            .call(reqwest::Method::GET, "/dev-idp/jwks", None, None)
            .await;
        Keys {
            kid: jwks["keys"][0]["kid"].as_str().unwrap().to_owned(),
            private: RsaPrivateKey::from_pkcs8_pem(&pem).unwrap(),
            stranger: RsaPrivateKey::new(&mut rand::rngs::OsRng, 2048).unwrap(),
        }
    }

    fn public(&self) -> RsaPublicKey {
        RsaPublicKey::from(&self.private)
    }

    fn encoding(key: &RsaPrivateKey) -> EncodingKey {
        EncodingKey::from_rsa_pem(key.to_pkcs8_pem(LineEnding::LF).unwrap().as_bytes()).unwrap()
    }

    /// `claims` signed RS256 by `key` under key id `kid` (none when `None`).
    fn rs256(&self, key: &RsaPrivateKey, kid: Option<&str>, claims: &Value) -> String {
        let mut header = Header::new(Algorithm::RS256);
        header.kid = kid.map(str::to_owned);
        encode(&header, claims, &Self::encoding(key)).unwrap()
    }

    /// `claims` signed RS256 by the provider's key under its key id: a genuine token.
    fn genuine(&self, claims: &Value) -> String {
        self.rs256(&self.private, Some(&self.kid), claims)
    }

    /// `claims` MACed with HS256 under the provider's key id, the secret being `secret`: the
    /// algorithm-confusion attack on a verifier that feeds its RSA public key to HMAC.
    fn hs256(&self, secret: &[u8], claims: &Value) -> String {
        let mut header = Header::new(Algorithm::HS256);
        header.kid = Some(self.kid.clone());
        encode(&header, claims, &EncodingKey::from_secret(secret)).unwrap()
    }
}

/// The claims the provider would put in `endpoint`'s caller's access token, with `changes`
/// applied (a `null` removes the claim).
fn claims(app: &TestApp, endpoint: &Endpoint, changes: Value) -> Value {
    let mut claims = json!({
        "iss": app.config.oidc.issuer, "aud": app.config.oidc.audience, "sub": endpoint.subject,
        "iat": now(), "nbf": now(), "exp": now() + 600,
        "email": endpoint.email, "name": endpoint.email, "roles": endpoint.roles,
    });
    for (name, value) in changes.as_object().unwrap() {
        if value.is_null() {
            claims.as_object_mut().unwrap().remove(name);
        } else {
            claims[name] = value.clone();
        }
    }
    claims
}

fn b64(json: &Value) -> String {
    URL_SAFE_NO_PAD.encode(json.to_string())
}

/// Every attack on `endpoint`: its name, the Authorization header sent (none for `None`) and
/// a fragment of the refusal's `detail` that shows which check caught it.
fn attacks(
    app: &TestApp,
    keys: &Keys,
    endpoint: &Endpoint,
) -> Vec<(&'static str, Option<String>, &'static str)> {
    let good_claims = claims(app, endpoint, json!({}));
    let good = keys.genuine(&good_claims);
    let bearer = |token: String| Some(format!("Bearer {token}"));
    let parts: Vec<&str> = good.split('.').collect();
    let (header, signature) = (parts[0], parts[2]);
    let public = keys.public();
    let public_pem = public.to_public_key_pem(LineEnding::LF).unwrap();
    let public_pkcs1_pem = public.to_pkcs1_pem(LineEnding::LF).unwrap();
    let public_der = public.to_pkcs1_der().unwrap();
    let elevated = claims(
        app,
        endpoint,
        json!({ "sub": "ccaadmin1", "roles": ["ccaadmin"] }),
    );
    let later = claims(app, endpoint, json!({ "exp": now() + 365 * 24 * 60 * 60 }));
    vec![
        ("no token", None, "no access token was sent"),
        ("an empty bearer", Some("Bearer ".into()), "must be 'Bearer <token>'"),
        ("another scheme", Some(format!("Basic {good}")), "must be 'Bearer <token>'"),
        ("garbage", bearer("not-a-token".into()), "is malformed"),
        ("garbage in three parts", bearer("a.b.c".into()), "is malformed"),
        (
            "alg none",
            bearer(format!(
                "{}.{}.",
                b64(&json!({ "alg": "none", "typ": "JWT", "kid": keys.kid })),
                b64(&good_claims)
            )),
            "is malformed",
        ),
        (
            "alg none with the genuine signature",
            bearer(format!(
                "{}.{}.{signature}",
                b64(&json!({ "alg": "none", "typ": "JWT", "kid": keys.kid })),
                b64(&good_claims)
            )),
            "is malformed",
        ),
        (
            "HS256 keyed with the public key's PEM",
            bearer(keys.hs256(public_pem.as_bytes(), &good_claims)),
            "must be signed with RS256",
        ),
        (
            "HS256 keyed with the public key's PKCS#1 PEM",
            bearer(keys.hs256(public_pkcs1_pem.as_bytes(), &good_claims)),
            "must be signed with RS256",
        ),
        (
            "HS256 keyed with the public key's DER",
            bearer(keys.hs256(public_der.as_bytes(), &good_claims)),
            "must be signed with RS256",
        ),
        (
            "RS512 by the genuine key",
            bearer({
                let mut header = Header::new(Algorithm::RS512);
                header.kid = Some(keys.kid.clone());
                encode(&header, &good_claims, &Keys::encoding(&keys.private)).unwrap()
            }),
            "must be signed with RS256",
        ),
        (
            "expired",
            bearer(keys.genuine(&claims(
                app,
                endpoint,
                json!({ "iat": now() - 2 * PAST_ANY_LEEWAY, "nbf": now() - 2 * PAST_ANY_LEEWAY, "exp": now() - PAST_ANY_LEEWAY }),
            ))),
            "has expired",
        ),
        (
            "not yet valid",
            bearer(keys.genuine(&claims(app, endpoint, json!({ "nbf": now() + PAST_ANY_LEEWAY })))),
            "is not valid yet",
        ),
        (
            "wrong issuer",
            bearer(keys.genuine(&claims(app, endpoint, json!({ "iss": "https://evil.example.com" })))),
            "does not trust",
        ),
        (
            "the issuer with a trailing slash",
            bearer(keys.genuine(&claims(
                app,
                endpoint,
                json!({ "iss": format!("{}/", app.config.oidc.issuer) }),
            ))),
            "does not trust",
        ),
        (
            "wrong audience",
            bearer(keys.genuine(&claims(app, endpoint, json!({ "aud": "someone-else" })))),
            "was not issued for this API",
        ),
        (
            "the SPA's client id as audience (an ID token)",
            bearer(keys.genuine(&claims(app, endpoint, json!({ "aud": app.config.oidc.client_id })))),
            "was not issued for this API",
        ),
        (
            "no audience",
            bearer(keys.genuine(&claims(app, endpoint, json!({ "aud": null })))),
            "lacks a required claim",
        ),
        (
            "no expiry",
            bearer(keys.genuine(&claims(app, endpoint, json!({ "exp": null })))),
            "lacks a required claim",
        ),
        (
            "no subject",
            bearer(keys.genuine(&claims(app, endpoint, json!({ "sub": null })))),
            "lacks a required claim",
        ),
        (
            "no key id",
            bearer(keys.rs256(&keys.private, None, &good_claims)),
            "not signed by a known key",
        ),
        (
            "an unknown key id on the genuine key's signature",
            bearer(keys.rs256(&keys.private, Some("unknown-key"), &good_claims)),
            "not signed by a known key",
        ),
        (
            "an unknown key id on another key's signature",
            bearer(keys.rs256(&keys.stranger, Some("unknown-key"), &good_claims)),
            "not signed by a known key",
        ),
        (
            "the known key id on another key's signature",
            bearer(keys.rs256(&keys.stranger, Some(&keys.kid), &good_claims)),
            "has an invalid signature",
        ),
        (
            "tampered payload: another caller and role",
            bearer(format!("{header}.{}.{signature}", b64(&elevated))),
            "has an invalid signature",
        ),
        (
            "tampered payload: a later expiry",
            bearer(format!("{header}.{}.{signature}", b64(&later))),
            "has an invalid signature",
        ),
        (
            "stripped signature",
            bearer(format!("{header}.{}.", parts[1])),
            "has an invalid signature",
        ),
        (
            "no signature part",
            bearer(format!("{header}.{}", parts[1])),
            "is malformed",
        ),
        (
            "a corrupted signature",
            bearer(format!(
                "{header}.{}.{}",
                parts[1],
                URL_SAFE_NO_PAD.encode(vec![0u8; URL_SAFE_NO_PAD.decode(signature).unwrap().len()])
            )),
            "has an invalid signature",
        ),
    ]
}

/// Sends a GET with `authorization` (none for `None`): the status, headers and JSON body.
async fn get(
    app: &TestApp,
    path: &str,
    authorization: Option<&str>,
) -> (StatusCode, reqwest::header::HeaderMap, Value) {
    let mut request = app.http.get(format!("{}{path}", app.base));
    if let Some(value) = authorization {
        request = request.header("authorization", value);
    }
    let response = request.send().await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    let text = response.text().await.unwrap();
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, headers, body)
}

#[tokio::test(flavor = "multi_thread")]
async fn every_token_attack_on_every_kind_of_endpoint_is_refused_with_a_401_problem() {
    let app = TestApp::spawn().await;
    let keys = Keys::of(&app).await;
    let mut failures = Vec::new();
    for endpoint in &ENDPOINTS {
        // The control: the same caller with a genuine token gets through, so a refusal below is
        // the verifier's doing.
        let genuine = keys.genuine(&claims(&app, endpoint, json!({})));
        let (status, _, body) = get(&app, endpoint.path, Some(&format!("Bearer {genuine}"))).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "{}: a genuine token: {body}",
            endpoint.path
        );

        for (attack, authorization, expected) in attacks(&app, &keys, endpoint) {
            let (status, headers, body) = get(&app, endpoint.path, authorization.as_deref()).await;
            let problem = headers.get("content-type").and_then(|v| v.to_str().ok())
                == Some("application/problem+json");
            let refused = status == StatusCode::UNAUTHORIZED
                && problem
                && body["status"] == 401
                && body["type"] == "urn:adviser-portal:problem:not-signed-in"
                && headers
                    .get("www-authenticate")
                    .is_some_and(|v| v == "Bearer")
                && body["detail"]
                    .as_str()
                    .is_some_and(|d| d.contains(expected));
            if !refused {
                failures.push(format!(
                    "{} — {attack}: {status} {body} (expected 401 saying {expected:?})",
                    endpoint.path
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "attacks not refused as they should be:\n{}",
        failures.join("\n")
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_refusal_never_echoes_the_token_or_its_claims() {
    let app = TestApp::spawn().await;
    let keys = Keys::of(&app).await;
    let endpoint = &ENDPOINTS[0];
    let marker = "Xy7-secret-marker";
    let token = keys.genuine(&claims(
        &app,
        endpoint,
        json!({ "iss": format!("https://{marker}.example.com"), "email": marker }),
    ));
    let (status, _, body) = get(&app, endpoint.path, Some(&format!("Bearer {token}"))).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let text = body.to_string();
    assert!(!text.contains(marker) && !text.contains(&token), "{text}");
}
