//! The development identity provider's sign-in form, posted the way a browser posts it after
//! the SPA's authorization request (authorization code with PKCE).

use super::TestApp;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

/// The PKCE verifier every test request uses; its challenge goes in the authorization request.
pub const VERIFIER: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk-a-long-enough-verifier";

pub fn challenge(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// Where the provider sends the browser back: the SPA's callback.
pub fn redirect_uri(app: &TestApp) -> String {
    format!("{}/v2/auth/callback", app.base)
}

/// The SPA's authorization request, as the sign-in form carries it.
pub fn authorize_params(app: &TestApp) -> Vec<(&'static str, String)> {
    vec![
        ("client_id", "portal-web".into()),
        ("redirect_uri", redirect_uri(app)),
        ("response_type", "code".into()),
        ("scope", "openid profile email".into()),
        ("state", "state-123".into()),
        ("nonce", "nonce-456".into()),
        ("code_challenge", challenge(VERIFIER)),
        ("code_challenge_method", "S256".into()),
    ]
}

/// Posts the sign-in form with `email` and `password`: a 303 to the callback on success, the
/// form again otherwise.
pub async fn post_sign_in(app: &TestApp, email: &str, password: &str) -> reqwest::Response {
    let mut form = authorize_params(app);
    form.push(("email", email.into()));
    form.push(("password", password.into()));
    app.http
        .post(format!("{}/dev-idp/authorize", app.base))
        .form(&form)
        .send()
        .await
        .unwrap()
}

/// Posts the sign-up page (`prompt=create`) with `email` and `password` twice.
pub async fn post_sign_up(app: &TestApp, email: &str, password: &str) -> reqwest::Response {
    let mut form = authorize_params(app);
    form.push(("email", email.into()));
    form.push(("password", password.into()));
    form.push(("confirm", password.into()));
    app.http
        .post(format!("{}/dev-idp/signup", app.base))
        .form(&form)
        .send()
        .await
        .unwrap()
}

/// The password grant for `email` and `password`: the status, `Retry-After` and JSON body.
pub async fn password_grant(
    app: &TestApp,
    email: &str,
    password: &str,
) -> (reqwest::StatusCode, Option<String>, serde_json::Value) {
    let response = app
        .http
        .post(format!("{}/dev-idp/token", app.base))
        .form(&[
            ("grant_type", "password"),
            ("client_id", "portal-web"),
            ("username", email),
            ("password", password),
        ])
        .send()
        .await
        .unwrap();
    let status = response.status();
    let retry_after = response
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_owned());
    (status, retry_after, response.json().await.unwrap())
}
