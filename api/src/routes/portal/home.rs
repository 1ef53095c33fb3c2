//! The client's home: who they are to us, each case of theirs in plain words, their adviser's
//! contact and their policies, and what is waiting for them to do.

use super::things_to_do::{OwnInterview, ThingToDo, things_to_do};
use crate::auth::ClientCaller;
use crate::error::ApiError;
use crate::error::ClientSignInProblems;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use chrono::NaiveDate;
use domain::client_portal::{OwnQuestions, progress_in_plain_words};
use domain::money::Money;
use domain::policy::{Policy, PolicyStatus};
use domain::{AdviserId, ApplicantId, Application, ApplicationId, ApplicationStage};
use serde::Serialize;
use utoipa::ToSchema;

/// How to reach the adviser who looks after a case.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdviserContact {
    pub name: String,
    #[schema(required = true)]
    pub firm_name: Option<String>,
    pub email: String,
}

/// One of the client's policies, as their home lists it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientPolicySummary {
    /// The policy number, which also opens the policy (`GET /api/v1/portal/policies/{policyReference}`).
    pub policy_reference: String,
    pub holder_name: String,
    pub status: PolicyStatus,
    /// The status in words, for example "In force".
    pub status_label: String,
    #[schema(value_type = String, format = Date)]
    pub starts_on: NaiveDate,
    pub monthly_premium: Money,
}

impl ClientPolicySummary {
    pub(super) fn of(policy: &Policy) -> Self {
        Self {
            policy_reference: policy.policy_reference.clone(),
            holder_name: policy.holder_name.clone(),
            status: policy.status,
            status_label: policy.status.label().to_owned(),
            starts_on: policy.starts_on,
            monthly_premium: policy.monthly_premium,
        }
    }
}

/// One case the client has confirmed as theirs.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientCase {
    pub application_id: ApplicationId,
    /// The client's own names on the case (a joint applicant's are not shown).
    pub client_names: Vec<String>,
    pub stage: ApplicationStage,
    /// Where the case stands in plain words, for example "Your adviser is preparing your quote."
    pub progress: String,
    /// The adviser looking after the case; absent only if the adviser's record is gone.
    #[schema(required = true)]
    pub adviser: Option<AdviserContact>,
    /// The client's own policies on this case, once in force.
    pub policies: Vec<ClientPolicySummary>,
}

/// The signed-in client's home page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientHome {
    /// The name we greet the client by: their name on their first case, or their account's.
    pub name: String,
    /// The account's email address, which "Confirm your details" matches cases by.
    #[schema(required = true)]
    pub email: Option<String>,
    /// The client's cases, in the order they confirmed them. Empty until they confirm one.
    pub cases: Vec<ClientCase>,
    /// What is waiting for the client, first things first.
    pub things_to_do: Vec<ThingToDo>,
}

/// My client portal home
///
/// The signed-in client's cases, each with its progress in plain words, their adviser's contact
/// and their own policies, and what is waiting for them to do. Only cases the client has
/// confirmed as theirs (`POST /api/v1/portal/confirm-details`) are listed; a joint applicant's
/// details and policies are never shown.
#[utoipa::path(
    get,
    path = "/api/v1/portal/me",
    tag = "client portal",
    responses(
        (status = OK, description = "The client's home", body = ClientHome),
        ClientSignInProblems,
    )
)]
pub async fn client_home(
    State(state): State<AppState>,
    me: ClientCaller,
) -> Result<Json<ClientHome>, ApiError> {
    let mut cases = Vec::new();
    let mut questions = Vec::new();
    for id in me.application_ids() {
        let Some(application) = state.store.find_application(id).await? else {
            continue;
        };
        let mine: Vec<&ApplicantId> = me
            .links_for_application(id)
            .into_iter()
            .map(|l| &l.applicant_id)
            .collect();
        let own = own_questions(&state, id, &mine).await?;
        let stage_of_questions = own.iter().map(|q| q.stage).min();
        questions.extend(own);
        cases.push(ClientCase {
            application_id: id,
            client_names: application
                .applicants
                .iter()
                .filter(|a| mine.contains(&&a.id))
                .map(|a| a.full_name())
                .collect(),
            stage: application.status,
            progress: progress_in_plain_words(&application, stage_of_questions).to_owned(),
            adviser: adviser_contact(&state, &application.adviser_id).await?,
            policies: own_policies(&application, &mine)
                .map(ClientPolicySummary::of)
                .collect(),
        });
    }
    let name = cases
        .iter()
        .flat_map(|c| c.client_names.first())
        .find(|n| !n.trim().is_empty())
        .cloned()
        .or_else(|| me.caller.name.clone())
        .or_else(|| me.caller.email.clone())
        .unwrap_or_default();
    Ok(Json(ClientHome {
        name,
        email: me.caller.email.clone(),
        things_to_do: things_to_do(&me, &questions),
        cases,
    }))
}

/// The policies of `application` held by one of `mine`.
pub(super) fn own_policies<'a>(
    application: &'a Application,
    mine: &'a [&ApplicantId],
) -> impl Iterator<Item = &'a Policy> {
    application
        .set_up
        .policies
        .iter()
        .filter(|p| mine.contains(&&p.applicant_id))
}

/// The adviser's name, firm and email, as the client may contact them.
pub(super) async fn adviser_contact(
    state: &AppState,
    adviser: &AdviserId,
) -> Result<Option<AdviserContact>, ApiError> {
    Ok(state
        .store
        .find_adviser(adviser)
        .await?
        .map(|profile| AdviserContact {
            name: profile.name,
            firm_name: profile.firm_name,
            email: profile.email,
        }))
}

/// The health questions sent to the client on one case, each client of theirs on it.
async fn own_questions(
    state: &AppState,
    application_id: ApplicationId,
    mine: &[&ApplicantId],
) -> Result<Vec<OwnInterview>, ApiError> {
    let mut found = Vec::new();
    for applicant in mine {
        let Some(store::StoredEnquiry::Record { record, .. }) =
            state.store.find_enquiry(applicant).await?
        else {
            continue;
        };
        let Some(private) = &record.private else {
            continue;
        };
        found.push(OwnInterview {
            application_id,
            applicant_id: (*applicant).clone(),
            sent_by: private.sent_by.name.clone(),
            sent_at: private.sent_at,
            stage: match private.is_with_client() {
                true => OwnQuestions::Waiting,
                false => OwnQuestions::Submitted,
            },
        });
    }
    Ok(found)
}
