//! A development OpenID Connect provider inside the portal, so a fresh checkout signs in with
//! the same code path as production: discovery, JWKS, an authorize endpoint with a sign-in
//! page, and a token endpoint for authorization code with PKCE (S256 only) and refresh tokens.
//! For scripts and tests it also accepts the password grant for the development users.
//!
//! It runs only when the portal's configuration is development (`api::config` refuses it in
//! production), and it is compiled only into builds with `api`'s `dev-idp` feature (the default;
//! the production image leaves it out).

mod keys;
mod limits;
pub mod page;
mod peer_address;
mod sign_in;
mod sign_up;
pub mod users;

use axum::extract::{Form, Query, State};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::{Json, Router};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{Algorithm, DecodingKey, Header, Validation, decode, encode};
use keys::SigningKey;
use peer_address::PeerAddress;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use store::SignInLimits;
use store::{DevAccount, Store};
use users::{DevDirectory, DevUser};

/// Short-lived access tokens exercise the SPA's silent renewal.
const ACCESS_TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// A working day and some: after this the adviser signs in again.
const REFRESH_TOKEN_LIFETIME: Duration = Duration::from_secs(12 * 60 * 60);
/// An authorization code must be redeemed promptly, and only once.
const CODE_LIFETIME: Duration = Duration::from_secs(60);

pub struct DevIdp {
    issuer: String,
    audience: String,
    client_id: String,
    redirect_uris: Vec<String>,
    /// Where sign-out may send the browser back to.
    public_url: String,
    key: SigningKey,
    refresh_key: DecodingKey,
    directory: DevDirectory,
    /// Where client accounts made on the sign-up page are kept.
    store: Store,
    /// Failed sign-ins, limited per account and per client address.
    guard: limits::SignInGuard,
    codes: Mutex<HashMap<String, PendingCode>>,
}

impl std::fmt::Debug for DevIdp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DevIdp")
            .field("issuer", &self.issuer)
            .finish_non_exhaustive()
    }
}

struct PendingCode {
    subject: String,
    redirect_uri: String,
    code_challenge: String,
    nonce: Option<String>,
    scope: String,
    expires: Instant,
}

/// Settings the provider needs from the portal's configuration.
#[derive(Debug, Clone)]
pub struct DevIdpSettings {
    pub issuer: String,
    pub audience: String,
    pub client_id: String,
    pub public_url: String,
    pub extra_redirect_uris: Vec<String>,
    pub sign_in_limits: SignInLimits,
}

impl DevIdp {
    pub fn new(
        settings: DevIdpSettings,
        directory: DevDirectory,
        data_dir: &Path,
        store: Store,
    ) -> anyhow::Result<Self> {
        let key = SigningKey::load_or_create(&data_dir.join("dev-idp").join("signing-key.pem"))?;
        let refresh_key = DecodingKey::from_jwk(&serde_json::from_value(key.jwk.clone())?)?;
        let mut redirect_uris = vec![format!("{}/v2/auth/callback", settings.public_url)];
        redirect_uris.extend(settings.extra_redirect_uris);
        Ok(Self {
            issuer: settings.issuer,
            audience: settings.audience,
            client_id: settings.client_id,
            redirect_uris,
            public_url: settings.public_url,
            key,
            refresh_key,
            directory,
            guard: limits::SignInGuard {
                store: store.clone(),
                limits: settings.sign_in_limits,
            },
            store,
            codes: Mutex::new(HashMap::new()),
        })
    }

    /// The provider's routes, to be nested under `/dev-idp`.
    pub fn router(self: Arc<Self>) -> Router {
        Router::new()
            .route("/.well-known/openid-configuration", get(discovery))
            .route("/jwks", get(jwks))
            .route(
                "/authorize",
                get(authorize_page).post(sign_in::authorize_submit),
            )
            .route("/signup", axum::routing::post(sign_up_submit))
            .route("/token", axum::routing::post(token))
            .route("/logout", get(logout))
            .with_state(self)
    }

    fn issue(
        &self,
        user: &DevUser,
        scope: &str,
        nonce: Option<&str>,
    ) -> Result<TokenResponse, OAuthError> {
        let now = unix_now();
        let mut header = Header::new(Algorithm::RS256);
        header.kid = Some(self.key.kid.clone());
        let sign = |claims: serde_json::Value| {
            encode(&header, &claims, &self.key.encoding)
                .map_err(|e| OAuthError::server(&e.to_string()))
        };
        let access_token = sign(json!({
            "iss": self.issuer, "sub": user.subject, "aud": self.audience, "azp": self.client_id,
            "iat": now, "nbf": now, "exp": now + ACCESS_TOKEN_LIFETIME.as_secs(),
            "jti": random_token(), "scope": scope,
            "email": user.email, "name": user.name, "roles": user.roles,
        }))?;
        let id_token = sign(json!({
            "iss": self.issuer, "sub": user.subject, "aud": self.client_id,
            "iat": now, "exp": now + ACCESS_TOKEN_LIFETIME.as_secs(), "nonce": nonce,
            "email": user.email, "name": user.name, "roles": user.roles,
        }))?;
        let refresh_token = sign(json!({
            "iss": self.issuer, "sub": user.subject, "aud": self.refresh_audience(), "typ": "refresh",
            "iat": now, "exp": now + REFRESH_TOKEN_LIFETIME.as_secs(), "jti": random_token(), "scope": scope,
        }))?;
        Ok(TokenResponse {
            access_token,
            token_type: "Bearer",
            expires_in: ACCESS_TOKEN_LIFETIME.as_secs(),
            refresh_token,
            id_token,
            scope: scope.to_owned(),
        })
    }

    /// The development user or signed-up client with this subject.
    async fn user(&self, subject: &str) -> Result<Option<DevUser>, OAuthError> {
        if let Some(user) = self.directory.by_subject(subject) {
            return Ok(Some(user.clone()));
        }
        let account = self
            .store
            .dev_account_by_subject(subject)
            .await
            .map_err(|e| OAuthError::server(&e.to_string()))?;
        Ok(account.map(account_user))
    }

    /// Whether an email (any case) already has an account, seeded or signed up.
    async fn email_taken(&self, email: &str) -> Result<bool, OAuthError> {
        let seeded = self
            .directory
            .users
            .iter()
            .any(|u| u.email.eq_ignore_ascii_case(email.trim()));
        if seeded {
            return Ok(true);
        }
        self.store
            .dev_account_by_email(email)
            .await
            .map(|a| a.is_some())
            .map_err(|e| OAuthError::server(&e.to_string()))
    }

    /// A one-time code for `user`, redeemable at the token endpoint, and the redirect carrying it.
    fn grant_code(&self, user: &DevUser, form: &HashMap<String, String>) -> Response {
        let code = random_token();
        let pending = PendingCode {
            subject: user.subject.clone(),
            redirect_uri: form["redirect_uri"].clone(),
            code_challenge: form["code_challenge"].clone(),
            nonce: form.get("nonce").cloned(),
            scope: form
                .get("scope")
                .cloned()
                .unwrap_or_else(|| "openid".into()),
            expires: Instant::now() + CODE_LIFETIME,
        };
        {
            let mut codes = self
                .codes
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            codes.retain(|_, c| c.expires > Instant::now());
            codes.insert(code.clone(), pending);
        }
        redirect_with(
            &form["redirect_uri"],
            &[("code", &code), ("state", param(form, "state"))],
        )
    }

    /// Refresh tokens carry their own audience, so one can never pass as an access token.
    fn refresh_audience(&self) -> String {
        format!("{}/token", self.issuer)
    }

    fn check_request(&self, params: &HashMap<String, String>) -> Result<(), String> {
        let get = |k: &str| params.get(k).map(String::as_str).unwrap_or_default();
        if get("client_id") != self.client_id {
            return Err(format!("Unknown client {:?}.", get("client_id")));
        }
        if !self.redirect_uris.iter().any(|u| u == get("redirect_uri")) {
            return Err(format!(
                "The redirect address {:?} is not registered for this client.",
                get("redirect_uri")
            ));
        }
        if get("response_type") != "code" {
            return Err(
                "Only the authorization code flow (response_type=code) is supported.".into(),
            );
        }
        if get("code_challenge").len() < 43 || get("code_challenge_method") != "S256" {
            return Err(
                "PKCE is required: send code_challenge with code_challenge_method=S256.".into(),
            );
        }
        Ok(())
    }
}

#[derive(Serialize)]
struct TokenResponse {
    access_token: String,
    token_type: &'static str,
    expires_in: u64,
    refresh_token: String,
    id_token: String,
    scope: String,
}

/// An OAuth 2.0 error response (RFC 6749, section 5.2).
#[derive(Debug)]
struct OAuthError {
    status: StatusCode,
    error: &'static str,
    description: String,
}

impl OAuthError {
    fn new(error: &'static str, description: &str) -> Self {
        Self {
            status: StatusCode::BAD_REQUEST,
            error,
            description: description.to_owned(),
        }
    }

    fn server(description: &str) -> Self {
        Self {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            error: "server_error",
            description: description.to_owned(),
        }
    }
}

impl IntoResponse for OAuthError {
    fn into_response(self) -> Response {
        let body = Json(json!({ "error": self.error, "error_description": self.description }));
        (self.status, [("cache-control", "no-store")], body).into_response()
    }
}

async fn discovery(State(idp): State<Arc<DevIdp>>) -> Json<serde_json::Value> {
    let base = &idp.issuer;
    Json(json!({
        "issuer": base,
        "authorization_endpoint": format!("{base}/authorize"),
        "token_endpoint": format!("{base}/token"),
        "jwks_uri": format!("{base}/jwks"),
        "end_session_endpoint": format!("{base}/logout"),
        "response_types_supported": ["code"],
        "grant_types_supported": ["authorization_code", "refresh_token", "password"],
        "subject_types_supported": ["public"],
        "id_token_signing_alg_values_supported": ["RS256"],
        "code_challenge_methods_supported": ["S256"],
        "token_endpoint_auth_methods_supported": ["none"],
        "scopes_supported": ["openid", "profile", "email", "offline_access"],
        "claims_supported": ["sub", "email", "name", "roles"],
        // OpenID Connect "Initiating User Registration": `prompt=create` opens the sign-up page.
        "prompt_values_supported": ["none", "login", "create"],
    }))
}

async fn jwks(State(idp): State<Arc<DevIdp>>) -> Json<serde_json::Value> {
    Json(json!({ "keys": [idp.key.jwk] }))
}

/// The OAuth parameters echoed into the sign-in form.
const AUTHORIZE_PARAMS: [&str; 9] = [
    "client_id",
    "redirect_uri",
    "response_type",
    "scope",
    "state",
    "nonce",
    "code_challenge",
    "code_challenge_method",
    "response_mode",
];

fn hidden_fields(params: &HashMap<String, String>) -> Vec<(String, String)> {
    AUTHORIZE_PARAMS
        .iter()
        .filter_map(|k| params.get(*k).map(|v| ((*k).to_owned(), v.clone())))
        .collect()
}

async fn authorize_page(
    State(idp): State<Arc<DevIdp>>,
    Query(params): Query<HashMap<String, String>>,
) -> Response {
    if let Err(message) = idp.check_request(&params) {
        return (StatusCode::BAD_REQUEST, Html(page::error(&message))).into_response();
    }
    if params.get("prompt").map(String::as_str) == Some("none") {
        // No sign-in session is kept here, so a silent request can never succeed.
        return redirect_with(
            &params["redirect_uri"],
            &[
                ("error", "login_required"),
                ("state", param(&params, "state")),
            ],
        );
    }
    if params.get("prompt").map(String::as_str) == Some("create") {
        return Html(page::sign_up(&hidden_fields(&params), "", &[])).into_response();
    }
    Html(page::sign_in(
        &hidden_fields(&params),
        "",
        None,
        &idp.directory.users,
    ))
    .into_response()
}

/// The sign-up page's form: a new client account, signed in at once.
async fn sign_up_submit(
    State(idp): State<Arc<DevIdp>>,
    from: PeerAddress,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    if let Err(message) = idp.check_request(&form) {
        return (StatusCode::BAD_REQUEST, Html(page::error(&message))).into_response();
    }
    let email = param(&form, "email").trim();
    // Each taken email tells the sender an account exists: such probes count against the
    // address, as failed sign-ins do.
    let now = chrono::Utc::now();
    let attempt = limits::Attempt::new(email, from);
    match idp.guard.admit_from_address(&attempt, now).await {
        Ok(None) => {}
        Ok(Some(wait)) => {
            let limited = [domain::FieldError::new("email", wait.message())];
            let html = Html(page::sign_up(&hidden_fields(&form), email, &limited));
            return sign_in::must_wait(&wait, html);
        }
        Err(error) => return sign_in::unavailable(error).into_response(),
    }
    let mut errors = sign_up::check(&sign_up::SignUpForm {
        email,
        password: param(&form, "password"),
        confirm: param(&form, "confirm"),
    });
    if errors.iter().all(|e| e.field != "email") {
        match idp.email_taken(email).await {
            Ok(true) => {
                if let Err(error) = idp.guard.failed_from_address(&attempt, now).await {
                    return sign_in::unavailable(error).into_response();
                }
                errors.insert(
                    0,
                    domain::FieldError::new(
                        "email",
                        "An account with this email already exists: sign in instead",
                    ),
                );
            }
            Ok(false) => {}
            Err(error) => return error.into_response(),
        }
    }
    if !errors.is_empty() {
        let html = page::sign_up(&hidden_fields(&form), email, &errors);
        return (StatusCode::UNPROCESSABLE_ENTITY, Html(html)).into_response();
    }
    let account = DevAccount {
        subject: format!("client-{}", &random_hex()),
        email: email.to_lowercase(),
        name: email.to_lowercase(),
        password_hash: sign_up::hash_password(param(&form, "password")),
        roles: vec![sign_up::CLIENT_ROLE.to_owned()],
    };
    match idp
        .store
        .create_dev_account(&account, chrono::Utc::now())
        .await
    {
        Ok(true) => idp.grant_code(&account_user(account), &form),
        // Another sign-up took the email between the check and the insert.
        Ok(false) => {
            let taken = [domain::FieldError::new(
                "email",
                "An account with this email already exists: sign in instead",
            )];
            let html = page::sign_up(&hidden_fields(&form), email, &taken);
            (StatusCode::UNPROCESSABLE_ENTITY, Html(html)).into_response()
        }
        Err(error) => OAuthError::server(&error.to_string()).into_response(),
    }
}

/// A signed-up account as the token issuer sees a user.
fn account_user(account: DevAccount) -> DevUser {
    DevUser {
        subject: account.subject,
        email: account.email,
        name: account.name,
        password: String::new(),
        roles: account.roles,
        adviser: None,
    }
}

async fn token(
    State(idp): State<Arc<DevIdp>>,
    from: PeerAddress,
    Form(form): Form<HashMap<String, String>>,
) -> Result<Response, OAuthError> {
    if param(&form, "client_id") != idp.client_id {
        return Err(OAuthError {
            status: StatusCode::UNAUTHORIZED,
            error: "invalid_client",
            description: "Unknown client".into(),
        });
    }
    let tokens = match param(&form, "grant_type") {
        "authorization_code" => redeem_code(&idp, &form).await?,
        "refresh_token" => refresh(&idp, &form).await?,
        "password" => {
            let user = match idp
                .sign_in(param(&form, "username"), param(&form, "password"), from)
                .await?
            {
                sign_in::SignIn::SignedIn(user) => user,
                sign_in::SignIn::Refused => {
                    return Err(OAuthError::new("invalid_grant", sign_in::INVALID_LOGIN));
                }
                sign_in::SignIn::MustWait(wait) => {
                    let body = OAuthError::new("invalid_grant", &wait.message());
                    return Ok(sign_in::must_wait(&wait, body));
                }
            };
            idp.issue(
                &user,
                form.get("scope")
                    .map_or("openid profile email", String::as_str),
                None,
            )?
        }
        other => {
            return Err(OAuthError::new(
                "unsupported_grant_type",
                &format!("grant_type {other:?} is not supported"),
            ));
        }
    };
    Ok(([("cache-control", "no-store")], Json(tokens)).into_response())
}

async fn redeem_code(
    idp: &DevIdp,
    form: &HashMap<String, String>,
) -> Result<TokenResponse, OAuthError> {
    let pending = idp
        .codes
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .remove(param(form, "code"))
        .filter(|c| c.expires > Instant::now())
        .ok_or_else(|| {
            OAuthError::new(
                "invalid_grant",
                "The authorization code is unknown, used or expired",
            )
        })?;
    if pending.redirect_uri != param(form, "redirect_uri") {
        return Err(OAuthError::new(
            "invalid_grant",
            "redirect_uri does not match the authorization request",
        ));
    }
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(param(form, "code_verifier").as_bytes()));
    if !users::constant_time_eq(challenge.as_bytes(), pending.code_challenge.as_bytes()) {
        return Err(OAuthError::new(
            "invalid_grant",
            "The code_verifier does not match the code_challenge",
        ));
    }
    let user = idp
        .user(&pending.subject)
        .await?
        .ok_or_else(|| OAuthError::new("invalid_grant", "The user no longer exists"))?;
    idp.issue(&user, &pending.scope, pending.nonce.as_deref())
}

#[derive(Deserialize)]
struct RefreshClaims {
    sub: String,
    typ: String,
    scope: String,
}

async fn refresh(
    idp: &DevIdp,
    form: &HashMap<String, String>,
) -> Result<TokenResponse, OAuthError> {
    let mut validation = Validation::new(Algorithm::RS256);
    validation.set_issuer(&[&idp.issuer]);
    validation.set_audience(&[idp.refresh_audience()]);
    validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
    let claims =
        decode::<RefreshClaims>(param(form, "refresh_token"), &idp.refresh_key, &validation)
            .map_err(|_| {
                OAuthError::new("invalid_grant", "The refresh token is invalid or expired")
            })?
            .claims;
    if claims.typ != "refresh" {
        return Err(OAuthError::new(
            "invalid_grant",
            "That is not a refresh token",
        ));
    }
    let user = idp
        .user(&claims.sub)
        .await?
        .ok_or_else(|| OAuthError::new("invalid_grant", "The user no longer exists"))?;
    idp.issue(&user, &claims.scope, None)
}

async fn logout(
    State(idp): State<Arc<DevIdp>>,
    Query(params): Query<HashMap<String, String>>,
) -> Response {
    let back = param(&params, "post_logout_redirect_uri");
    // Only addresses on the portal itself: an open redirect would help phishing.
    if back == idp.public_url || back.starts_with(&format!("{}/", idp.public_url)) {
        return redirect_with(back, &[("state", param(&params, "state"))]);
    }
    Html(page::signed_out()).into_response()
}

fn param<'a>(params: &'a HashMap<String, String>, key: &str) -> &'a str {
    params.get(key).map(String::as_str).unwrap_or_default()
}

/// A 303 to `base` with `pairs` added to its query (empty values left out).
fn redirect_with(base: &str, pairs: &[(&str, &str)]) -> Response {
    match url::Url::parse(base) {
        Ok(mut url) => {
            {
                let mut query = url.query_pairs_mut();
                for (k, v) in pairs.iter().filter(|(_, v)| !v.is_empty()) {
                    query.append_pair(k, v);
                }
            }
            let text = url.to_string().trim_end_matches('?').to_owned();
            Redirect::to(&text).into_response()
        }
        Err(_) => (
            StatusCode::BAD_REQUEST,
            Html(page::error("The redirect address is not valid.")),
        )
            .into_response(),
    }
}

fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// 16 random bytes in hex: a new account's subject.
fn random_hex() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}
