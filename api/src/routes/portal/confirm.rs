//! "Confirm your details": a signed-in client proves a case is theirs with their date of birth
//! and their policy number or application reference, matched with their account's email against
//! the email their adviser recorded. Every refusal of details that lead nowhere reads the same
//! (`domain::client_portal::NO_MATCH`), and failures are counted so guessing is slowed down.

use crate::auth::ClientCaller;
use crate::body::Body;
use crate::error::ClientSignInProblems;
use crate::error::{ApiError, Problem, Unreadable};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use domain::client_portal::{
    CONFIRM_WINDOW, CaseReference, ConfirmDetailsForm, TOO_MANY_ATTEMPTS, matching_applicants,
    must_wait, no_match, read_confirm_details,
};
use domain::{ApplicantId, ApplicationId};
use serde::Serialize;
use store::LinkOutcome;
use utoipa::ToSchema;

/// What confirming did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ConfirmOutcome {
    /// The case is now in the client's account.
    Linked,
    /// The case was already in the client's account; nothing changed.
    AlreadyLinked,
}

/// The answer to a confirmation that found the client's case.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmedCase {
    pub outcome: ConfirmOutcome,
    /// What to tell the client.
    pub message: String,
    pub application_id: ApplicationId,
}

/// The refusals of a confirmation.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)] // Describes responses; never built.
pub enum ConfirmProblems {
    #[response(
        status = 422,
        description = "A field cannot be read (`errors` names it), or the details lead to no case this account may add (the same `detail` whatever the reason: an unknown reference, another date of birth or email, or a case already in another account)",
        content_type = "application/problem+json"
    )]
    Invalid(Problem),
    #[response(
        status = 429,
        description = "Too many failed attempts in the last 15 minutes: wait before trying again",
        content_type = "application/problem+json"
    )]
    TooMany(Problem),
}

/// Confirm my details
///
/// Adds a case to the signed-in client's account: their date of birth and their policy number or
/// application reference must match a client on the case whose recorded email is the account's
/// email (any case). Confirming a case already in the account changes nothing. Details that lead
/// to no case this account may add are refused with one message, whatever the reason, and five
/// such failures in 15 minutes make the account wait.
#[utoipa::path(
    post,
    path = "/api/v1/portal/confirm-details",
    tag = "client portal",
    request_body(content = ConfirmDetailsForm),
    responses(
        (status = CREATED, description = "The case is now in the account", body = ConfirmedCase),
        (status = OK, description = "The case was already in the account (`alreadyLinked`)", body = ConfirmedCase),
        ConfirmProblems, Unreadable, ClientSignInProblems,
    )
)]
pub async fn confirm_details(
    State(state): State<AppState>,
    me: ClientCaller,
    Body(form): Body<ConfirmDetailsForm>,
) -> Result<(StatusCode, Json<ConfirmedCase>), ApiError> {
    let now = Utc::now();
    let subject = &me.caller.subject;
    let failed = state
        .store
        .failed_links_since(subject, now - CONFIRM_WINDOW)
        .await?;
    if must_wait(failed) {
        return Err(ApiError::TooManyRequests(TOO_MANY_ATTEMPTS.into()));
    }
    let details = read_confirm_details(&form).map_err(ApiError::Rejected)?;
    let found = find_applicant(&state, &me, &details).await?;
    let outcome = match found {
        Some((application, applicant)) => {
            state
                .store
                .link_client(subject, application, &applicant, now)
                .await?
        }
        None => LinkOutcome::HeldByAnother,
    };
    match outcome {
        LinkOutcome::Linked(link) => Ok((
            StatusCode::CREATED,
            Json(ConfirmedCase {
                outcome: ConfirmOutcome::Linked,
                message: "Thank you: your details match, and your case is now in your account."
                    .into(),
                application_id: link.application_id,
            }),
        )),
        LinkOutcome::AlreadyYours(link) => Ok((
            StatusCode::OK,
            Json(ConfirmedCase {
                outcome: ConfirmOutcome::AlreadyLinked,
                message: "This case is already in your account.".into(),
                application_id: link.application_id,
            }),
        )),
        LinkOutcome::HeldByAnother => {
            state.store.record_failed_link(subject, now).await?;
            Err(ApiError::Rejected(no_match()))
        }
    }
}

/// The client on the named case the caller is, if any. Prefers one the caller has not linked
/// yet (a client on both sides of a joint case links each in turn).
async fn find_applicant(
    state: &AppState,
    me: &ClientCaller,
    details: &domain::client_portal::ConfirmDetails,
) -> Result<Option<(ApplicationId, ApplicantId)>, ApiError> {
    let (application_id, holder) = match &details.reference {
        CaseReference::Application(id) => (*id, None),
        CaseReference::Policy(number) => match state.store.policy_by_reference(number).await? {
            Some((id, holder)) => (id, Some(holder)),
            None => return Ok(None),
        },
    };
    let Some(application) = state.store.find_application(application_id).await? else {
        return Ok(None);
    };
    let email = me.caller.email.as_deref().unwrap_or_default();
    let matches = matching_applicants(&application, details, email, holder.as_ref());
    let chosen = matches
        .iter()
        .find(|a| me.link_for_applicant(a).is_none())
        .or(matches.first())
        .cloned();
    Ok(chosen.map(|a| (application_id, a)))
}
