//! Applications (§7 "Application"): creating one, reading it, its page statuses and its
//! unenriched form. Reads come from the store; creation starts the application's workflow.

use crate::auth::AdviserCaller;
use crate::case::{ApplicationPath, CaseInPath, view};
use crate::error::ReadAnswers;
use crate::error::{ApiError, BadParameter, Unconfirmed};
use crate::query::InQuery;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use domain::ApplicationStage;
use domain::journey::Section;
use domain::{ApplicantId, ApplicationId, ApplicationView};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_application))
        .routes(routes!(create_empty_application))
        .routes(routes!(get_application))
        .routes(routes!(statuses))
        .routes(routes!(unenriched))
}

// §1, §6: acting for another adviser through `adviserId`.
/// Acting for another adviser: the application is theirs, not the caller's.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ActingFor {
    /// The adviser to act for; the caller must be allowed to act for them.
    pub adviser_id: Option<String>,
}

/// Starts a new, empty application owned by the caller or the adviser they act for.
async fn create(
    state: &AppState,
    me: &AdviserCaller,
    acting: ActingFor,
) -> Result<(StatusCode, Json<ApplicationView>), ApiError> {
    let owner = me.acting_for(acting.adviser_id.as_deref())?;
    create_for(state, me, owner).await
}

/// Starts a new, empty application owned by `owner`, whom the caller is or acts for.
pub(crate) async fn create_for(
    state: &AppState,
    me: &AdviserCaller,
    owner: domain::AdviserId,
) -> Result<(StatusCode, Json<ApplicationView>), ApiError> {
    // The owner's firm and the firm location they work at (§6 `adviserAtFirmLocationId`).
    let (firm_id, firm_location_id) = if owner == me.profile.id {
        (
            me.profile.firm_id.clone(),
            me.profile.firm_location_id.clone(),
        )
    } else {
        state
            .store
            .find_adviser(&owner)
            .await?
            .map(|p| (p.firm_id, p.firm_location_id))
            .unwrap_or_default()
    };
    let now = Utc::now();
    let id = match crate::idempotency::key() {
        None => state.store.allocate_application_id(now).await?,
        Some(key) => {
            let allocation = state
                .store
                .allocate_application_id_once(now, me.profile.id.as_str(), &key, &owner)
                .await?;
            if allocation.owner != owner {
                return Err(ApiError::bad_field(
                    "Idempotency-Key",
                    "This Idempotency-Key already created an application for another adviser: \
                     send a new key for a new application",
                ));
            }
            allocation.id
        }
    };
    state
        .workflow_client
        .create(id, owner, firm_id, firm_location_id, now)
        .await?;
    let application = state
        .store
        .find_application(id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("application {id} was not saved")))?;
    Ok((StatusCode::CREATED, Json(view(&application))))
}

/// Create an application
///
/// Creates a new, empty application at the Create Quote stage, owned by the caller or, with
/// `adviserId`, by an adviser the caller acts for. Add clients to it next with `AddApplicant`. Sent
/// again with the same `Idempotency-Key`, it creates nothing and answers with the application the
/// first request created.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/create",
    tag = "applications",
    params(ActingFor),
    responses(
        (status = CREATED, description = "The new, empty application; sent again with the same `Idempotency-Key`, the application that request created", body = ApplicationView),
        ReadAnswers, BadParameter, Unconfirmed,
    )
)]
pub async fn create_application(
    State(state): State<AppState>,
    me: AdviserCaller,
    InQuery(acting): InQuery<ActingFor>,
) -> Result<(StatusCode, Json<ApplicationView>), ApiError> {
    create(&state, &me, acting).await
}

/// Create an empty application
///
/// The same as `POST /backendforfrontend/application/create`: a new, empty application at the
/// Create Quote stage, owned by the caller or by the adviser named in `adviserId`.
#[utoipa::path(
    post,
    path = "/api/v1/application",
    tag = "applications",
    params(ActingFor),
    responses(
        (status = CREATED, description = "The new, empty application", body = ApplicationView),
        ReadAnswers, Unconfirmed,
    )
)]
pub async fn create_empty_application(
    State(state): State<AppState>,
    me: AdviserCaller,
    InQuery(acting): InQuery<ActingFor>,
) -> Result<(StatusCode, Json<ApplicationView>), ApiError> {
    create(&state, &me, acting).await
}

/// Get an application
///
/// The application as it stands at any stage: its clients and their covers, children and
/// beneficiaries, the quote, and each stage's state, with what is worked out on reading (page
/// statuses, what still stops applying or activation). Every command answers with this same
/// document.
#[utoipa::path(
    get,
    path = "/api/v1/application/{applicationId}",
    tag = "applications",
    params(ApplicationPath),
    responses(
        (status = OK, description = "Success", body = ApplicationView),
        ReadAnswers,
    )
)]
pub async fn get_application(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    case.view(&state).await
}

/// `GET /backendforfrontend/statuses/{id}`: the page statuses that drive the tabs.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Statuses {
    pub status: ApplicationStage,
    pub is_quote_editable: bool,
    pub sections: Vec<Section>,
    pub tabs_complete: bool,
}

/// Get an application's stage and page statuses
///
/// The stage, whether the quote may still be edited, and each journey page's completeness
/// (`sections`), from which the portal decides which tabs are open. A lighter read than the whole
/// application.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/statuses/{applicationId}",
    tag = "applications",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The status of each stage and of each page in it", body = Statuses),
        ReadAnswers,
    )
)]
pub async fn statuses(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<Statuses>, ApiError> {
    let view = view(&case.application(&state).await?);
    Ok(Json(Statuses {
        status: view.status,
        is_quote_editable: view.quote_stage.is_quote_editable,
        sections: view.sections,
        tabs_complete: view.tabs_complete,
    }))
}

/// The application as stored, without what is worked out on reading; each client carries their
/// `policyReference` once their policy is issued.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Unenriched {
    pub id: ApplicationId,
    pub status: ApplicationStage,
    pub applicants: Vec<UnenrichedApplicant>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnenrichedApplicant {
    pub id: ApplicantId,
    /// The policy number once the policy is set up; none before.
    #[schema(required = true)]
    pub policy_reference: Option<String>,
}

/// Get an application as stored
///
/// The application's stage and clients without anything worked out on reading. Each client carries
/// their policy number (`policyReference`) once the policy is in force, none before.
#[utoipa::path(
    get,
    path = "/api/v1/application/{applicationId}/unenriched",
    tag = "applications",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The stored application's applicants and policy references", body = Unenriched),
        ReadAnswers,
    )
)]
pub async fn unenriched(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<Unenriched>, ApiError> {
    let application = case.application(&state).await?;
    Ok(Json(Unenriched {
        id: application.id,
        status: application.status,
        applicants: application
            .applicants
            .iter()
            .map(|a| UnenrichedApplicant {
                id: a.id.clone(),
                policy_reference: application
                    .policy_of(&a.id)
                    .map(|p| p.policy_reference.clone()),
            })
            .collect(),
    }))
}
