//! Password sign-in on the development identity provider, by the sign-in form or the password
//! grant: limited per account and per client address ([`super::limits`]), and giving nothing
//! away about which accounts exist. A wrong password and an unknown email get the same answer
//! after the same work (a key derivation against a decoy hash stands in for the account's).

use super::limits::{Admission, Attempt, Wait};
use super::users::DevUser;
use super::{DevIdp, OAuthError, account_user, hidden_fields, page, param, sign_up};
use crate::peer_address::PeerAddress;
use axum::extract::{Form, State};
use axum::http::StatusCode;
use axum::http::header::RETRY_AFTER;
use axum::response::{Html, IntoResponse, Response};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// The answer to a wrong password and to an unknown email alike.
pub(super) const INVALID_LOGIN: &str = "Invalid login details";

/// What a password sign-in came to.
pub(super) enum SignIn {
    SignedIn(DevUser),
    Refused,
    MustWait(Wait),
}

impl DevIdp {
    /// Checks the limits, then the password: a failure is counted against the account and the
    /// address; the right password forgets the account's failures.
    pub(super) async fn sign_in(
        &self,
        email: &str,
        password: &str,
        from: PeerAddress,
    ) -> Result<SignIn, OAuthError> {
        let now = chrono::Utc::now();
        let attempt = Attempt::new(email, from);
        let account_failures = match self.guard.admit(&attempt, now).await.map_err(unavailable)? {
            Admission::Wait(wait) => return Ok(SignIn::MustWait(wait)),
            Admission::Go { account_failures } => account_failures,
        };
        match self.authenticate(email, password).await? {
            Some(user) => {
                if account_failures {
                    self.guard.succeeded(&attempt).await.map_err(unavailable)?;
                }
                Ok(SignIn::SignedIn(user))
            }
            None => {
                self.guard
                    .failed(&attempt, now)
                    .await
                    .map_err(unavailable)?;
                Ok(SignIn::Refused)
            }
        }
    }

    /// The development user or signed-up client with this email and password. An email with no
    /// signed-up account has its password derived against a decoy, so it costs what a wrong
    /// password costs. (The seeded users' emails are listed on the sign-in page itself.)
    async fn authenticate(
        &self,
        email: &str,
        password: &str,
    ) -> Result<Option<DevUser>, OAuthError> {
        if let Some(user) = self.directory.authenticate(email, password) {
            return Ok(Some(user.clone()));
        }
        let account = self
            .store
            .dev_account_by_email(email)
            .await
            .map_err(unavailable)?;
        let hash = account
            .as_ref()
            .map_or_else(|| decoy_hash().to_owned(), |a| a.password_hash.clone());
        let password = password.to_owned();
        // Key derivation takes a while: off the request threads.
        let matches =
            tokio::task::spawn_blocking(move || sign_up::verify_password(&hash, &password))
                .await
                .map_err(|e| unavailable(e.to_string()))?;
        Ok(account.filter(|_| matches).map(account_user))
    }
}

/// A hash of a random password nobody knows, made once per process.
fn decoy_hash() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| sign_up::hash_password(&super::random_token()))
}

/// A store failure: logged, and answered without its detail.
pub(super) fn unavailable(error: impl std::fmt::Display) -> OAuthError {
    tracing::error!(%error, "the development identity provider could not check a sign-in");
    OAuthError::server("Sign-in could not be checked just now. Please try again.")
}

/// `429` with `Retry-After`, around `body`.
pub(super) fn must_wait(wait: &Wait, body: impl IntoResponse) -> Response {
    let mut response = (StatusCode::TOO_MANY_REQUESTS, body).into_response();
    if let Ok(seconds) = wait.seconds().parse() {
        response.headers_mut().insert(RETRY_AFTER, seconds);
    }
    response
}

/// The sign-in form's post: a code for the application, or the form again with why not.
pub(super) async fn authorize_submit(
    State(idp): State<Arc<DevIdp>>,
    from: PeerAddress,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    if let Err(message) = idp.check_request(&form) {
        return (StatusCode::BAD_REQUEST, Html(page::error(&message))).into_response();
    }
    let email = param(&form, "email");
    let again = |message: &str| {
        Html(page::sign_in(
            &hidden_fields(&form),
            email,
            Some(message),
            &idp.directory.users,
        ))
    };
    match idp.sign_in(email, param(&form, "password"), from).await {
        Ok(SignIn::SignedIn(user)) => idp.grant_code(&user, &form),
        Ok(SignIn::Refused) => (StatusCode::UNAUTHORIZED, again(INVALID_LOGIN)).into_response(),
        Ok(SignIn::MustWait(wait)) => must_wait(&wait, again(&wait.message())),
        Err(error) => error.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_decoy_costs_what_a_real_password_hash_costs_and_matches_no_password() {
        let real = sign_up::hash_password("Str0ng&Secret");
        let prefix = |hash: &str| hash.split('$').take(2).collect::<Vec<_>>().join("$");
        assert_eq!(
            prefix(decoy_hash()),
            prefix(&real),
            "the same scheme and rounds"
        );
        assert_eq!(
            decoy_hash().len(),
            real.len(),
            "the same salt and key sizes"
        );
        assert!(!sign_up::verify_password(decoy_hash(), ""));
        assert!(!sign_up::verify_password(decoy_hash(), "Passw0rd!"));
    }
}
