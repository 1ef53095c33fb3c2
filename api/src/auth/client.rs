//! A caller of the client portal: a valid token carrying the `client` role, with the applicants
//! the account has confirmed as themselves. Every client read goes through [`ClientCaller::links`],
//! so a client can only ever reach cases they have linked.

use super::Caller;
use crate::error::ApiError;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use domain::{ApplicantId, ApplicationId, Role};
use store::ClientLink;

/// Shown to a signed-in adviser or staff member who calls a client-portal endpoint.
pub const CLIENTS_ONLY: &str =
    "The client portal is for our clients: sign in with a client account to use it.";

/// A signed-in client and the applicants they have linked (possibly none yet).
#[derive(Debug, Clone)]
pub struct ClientCaller {
    pub caller: Caller,
    pub links: Vec<ClientLink>,
}

impl ClientCaller {
    /// The caller's link to this applicant, if they have confirmed it as themselves.
    pub fn link_for_applicant(&self, applicant: &ApplicantId) -> Option<&ClientLink> {
        self.links.iter().find(|l| &l.applicant_id == applicant)
    }

    /// The caller's links within one application (one per applicant they are on it).
    pub fn links_for_application(&self, application: ApplicationId) -> Vec<&ClientLink> {
        self.links
            .iter()
            .filter(|l| l.application_id == application)
            .collect()
    }

    /// The applications the caller is on, each once, in the order they were linked.
    pub fn application_ids(&self) -> Vec<ApplicationId> {
        let mut ids: Vec<ApplicationId> = Vec::new();
        for link in &self.links {
            if !ids.contains(&link.application_id) {
                ids.push(link.application_id);
            }
        }
        ids
    }
}

impl FromRequestParts<AppState> for ClientCaller {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let caller = Caller::from_request_parts(parts, state).await?;
        if !caller.roles.has(Role::Client) {
            return Err(ApiError::Forbidden(CLIENTS_ONLY.into()));
        }
        let mut links = state.store.client_links(&caller.subject).await?;
        if !links.is_empty() && join_new_cases(state, &caller).await? {
            links = state.store.client_links(&caller.subject).await?;
        }
        crate::sender::record(
            caller.subject.as_str(),
            Some(&caller.display_name()),
            workflows::SenderRole::Client,
        );
        Ok(ClientCaller { caller, links })
    }
}

/// Links to the account the cases an adviser started since for the same client (the same
/// recorded email and date of birth as a case the account holds, the account's own email): a
/// client already in the portal sees a new case, and health questions sent on it, without
/// confirming it again (issue 50). Whether any was linked.
async fn join_new_cases(state: &AppState, caller: &Caller) -> Result<bool, ApiError> {
    let Some(email) = caller.email.as_deref() else {
        return Ok(false);
    };
    let mut joined = false;
    for (application_id, applicant) in state.store.same_client_unlinked(&caller.subject).await? {
        let Some(application) = state.store.find_application(application_id).await? else {
            continue;
        };
        if domain::client_portal::joins_account_by_itself(&application, &applicant, email) {
            state
                .store
                .link_client(
                    &caller.subject,
                    application_id,
                    &applicant,
                    chrono::Utc::now(),
                )
                .await?;
            joined = true;
        }
    }
    Ok(joined)
}
