//! Who is calling. [`Caller`] is any holder of a valid access token; [`AdviserCaller`] is a
//! caller registered as an adviser (the adviser endpoints need one); [`UnderwriterCaller`]
//! holds the `underwriter` role (the workbench needs one). A missing or bad token is 401; a
//! valid token of someone who may not use the endpoint is 403.

mod care;
mod client;
mod ring_verifier;
mod tokens;

pub use care::{CARE_ADMINS_ONLY, CUSTOMER_CARE_ONLY, CareAdminCaller, CareCaller};
pub use client::{CLIENTS_ONLY, ClientCaller};
pub use ring_verifier::install as install_token_verifier;

pub use tokens::{AccessClaims, TokenError, TokenVerifier};

use crate::error::ApiError;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use domain::underwriting::manual::Underwriter;
use domain::{AdviserId, AdviserProfile, Role, Roles};

/// A verified token's holder.
#[derive(Debug, Clone)]
pub struct Caller {
    pub subject: AdviserId,
    pub email: Option<String>,
    pub name: Option<String>,
    pub roles: Roles,
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        // Verified once per request: the idempotency layer checks the token first (a key is
        // the caller's own) and leaves the caller for the handler.
        let caller = match parts.extensions.get::<Caller>() {
            Some(caller) => caller.clone(),
            None => {
                let caller = verify(parts, state).await?;
                parts.extensions.insert(caller.clone());
                caller
            }
        };
        crate::sender::record(
            caller.subject.as_str(),
            Some(&caller.display_name()),
            caller.likely_role(),
        );
        Ok(caller)
    }
}

/// The bearer token's holder, or why the request has none.
async fn verify(parts: &Parts, state: &AppState) -> Result<Caller, ApiError> {
    let header = parts.headers.get(AUTHORIZATION).ok_or_else(|| {
        ApiError::Unauthorized("Sign in to continue: no access token was sent".into())
    })?;
    let token = header
        .to_str()
        .ok()
        .and_then(|value| value.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| {
            ApiError::Unauthorized("The Authorization header must be 'Bearer <token>'".into())
        })?;
    let claims = state
        .tokens
        .verify(token)
        .await
        .map_err(|error| match error {
            TokenError::ProviderUnavailable(detail) => {
                tracing::warn!(%detail, "could not fetch the identity provider's keys");
                ApiError::Unavailable(
                    "Sign-in could not be checked just now. Please try again.".into(),
                )
            }
            other => ApiError::Unauthorized(other.to_string()),
        })?;
    let subject = AdviserId::parse(claims.sub.as_deref().unwrap_or_default())
        .ok_or_else(|| ApiError::Unauthorized("The access token's subject is not valid".into()))?;
    Ok(Caller {
        subject,
        email: claims.email,
        name: claims.name,
        roles: Roles::parse(claims.roles.iter().map(String::as_str)),
    })
}

impl Caller {
    /// How a person reading a record, the chat or the workbench sees the caller named: their
    /// name, else their email (a blank one is none), else their subject. The one rule (issue 51).
    pub(crate) fn display_name(&self) -> String {
        [self.name.as_deref(), self.email.as_deref()]
            .into_iter()
            .flatten()
            .map(str::trim)
            .find(|n| !n.is_empty())
            .map_or_else(|| self.subject.to_string(), str::to_owned)
    }

    /// The caller as a change or a read records them ([`Caller::display_name`]).
    pub(crate) fn actor(&self) -> store::Actor {
        store::Actor {
            subject: self.subject.to_string(),
            name: self.display_name(),
        }
    }

    /// The role a record names the caller in when only the token is known (the audit of reads,
    /// and the change timeline's `by` until an endpoint's own extractor says in what capacity it
    /// admitted them): the strongest they hold, underwriter, then ccaadmin, then cca, then client;
    /// none for an adviser, who has no role claim. Staff roles come first because they are what
    /// lets a person see other people's data, so a record names the capacity with the most reach.
    pub fn strongest_role(&self) -> Option<Role> {
        [Role::Underwriter, Role::CcaAdmin, Role::Cca, Role::Client]
            .into_iter()
            .find(|role| self.roles.has(*role))
    }

    /// What the token alone says the caller is, for the change timeline ([`crate::actor`]);
    /// the endpoint's own extractor records the capacity it admitted them in.
    fn likely_role(&self) -> workflows::SenderRole {
        use workflows::SenderRole;
        match self.strongest_role() {
            Some(Role::Underwriter) => SenderRole::Underwriter,
            Some(Role::CcaAdmin | Role::Cca) => SenderRole::CustomerCare,
            Some(Role::Client) => SenderRole::Client,
            None => SenderRole::Adviser,
        }
    }
}

/// A caller who is a registered adviser, with their profile.
#[derive(Debug, Clone)]
pub struct AdviserCaller {
    pub caller: Caller,
    pub profile: AdviserProfile,
}

impl AdviserCaller {
    /// The adviser a request acts for: the caller, or `adviserId` when they may act for that
    /// adviser. An adviser they may not act for is reported as not found.
    pub fn acting_for(&self, adviser_id: Option<&str>) -> Result<AdviserId, ApiError> {
        match adviser_id.map(str::trim).filter(|a| !a.is_empty()) {
            None => Ok(self.profile.id.clone()),
            Some(text) => AdviserId::parse(text)
                .filter(|id| self.profile.may_act_for(id))
                .ok_or_else(|| ApiError::not_found("Adviser")),
        }
    }
}

impl FromRequestParts<AppState> for AdviserCaller {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let caller = Caller::from_request_parts(parts, state).await?;
        let profile = state
            .store
            .find_adviser(&caller.subject)
            .await?
            .ok_or_else(|| {
                ApiError::Forbidden("This account is not set up as an adviser with us.".into())
            })?;
        crate::sender::record(
            profile.id.as_str(),
            Some(&profile.name),
            workflows::SenderRole::Adviser,
        );
        Ok(AdviserCaller { caller, profile })
    }
}

/// A caller with the `underwriter` role in their token's `roles` claim, as the case records them.
#[derive(Debug, Clone)]
pub struct UnderwriterCaller {
    pub underwriter: Underwriter,
}

pub const UNDERWRITERS_ONLY: &str = "Only underwriters can use the underwriting workbench.";

impl FromRequestParts<AppState> for UnderwriterCaller {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let caller = Caller::from_request_parts(parts, state).await?;
        if !caller.roles.has(Role::Underwriter) {
            return Err(ApiError::Forbidden(UNDERWRITERS_ONLY.into()));
        }
        let id = caller.subject.to_string();
        let name = caller.display_name();
        crate::sender::record(&id, Some(&name), workflows::SenderRole::Underwriter);
        Ok(UnderwriterCaller {
            underwriter: Underwriter { id, name },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use workflows::SenderRole;

    fn holding(roles: &[&str]) -> Caller {
        Caller {
            subject: AdviserId::parse("user1").unwrap(),
            email: None,
            name: None,
            roles: Roles::parse(roles.iter().copied()),
        }
    }

    #[test]
    fn a_token_with_several_roles_is_named_by_its_strongest_and_none_is_an_adviser() {
        let strongest = |roles: &[&str]| holding(roles).strongest_role();
        assert_eq!(strongest(&[]), None);
        assert_eq!(strongest(&["auditor"]), None, "an unknown role is no role");
        assert_eq!(strongest(&["client"]), Some(Role::Client));
        assert_eq!(strongest(&["client", "cca"]), Some(Role::Cca));
        assert_eq!(strongest(&["cca", "ccaadmin"]), Some(Role::CcaAdmin));
        assert_eq!(
            strongest(&["client", "ccaadmin", "underwriter"]),
            Some(Role::Underwriter)
        );
    }

    #[test]
    fn the_timeline_and_the_audit_rank_roles_alike() {
        let likely = |roles: &[&str]| holding(roles).likely_role();
        assert_eq!(likely(&[]), SenderRole::Adviser);
        assert_eq!(likely(&["client"]), SenderRole::Client);
        assert_eq!(likely(&["client", "cca"]), SenderRole::CustomerCare);
        assert_eq!(likely(&["ccaadmin"]), SenderRole::CustomerCare);
        assert_eq!(likely(&["client", "underwriter"]), SenderRole::Underwriter);
    }
}
