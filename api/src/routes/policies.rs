//! Review, put in force and policies (§1 step 9, §2 Review, Complete, Policyholders and the
//! policy view, §7 `activateApplication`, `policy/search`, `policydetails`).

use crate::auth::AdviserCaller;
use crate::case::{ApplicationPath, CaseInPath, InPath, PathId};
use crate::error::{ApiError, BadParameter, Invalid};
use crate::error::{CommandAnswers, ReadAnswers};
use crate::query::InQuery;
use crate::routes::search::{SearchParams, read_search};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use domain::application::{ActivateApplication, PolicyDetails};
use domain::dashboard::PolicySearchResults;
use domain::policy::PolicyStatus;
use domain::{ApplicantId, ApplicationView};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(activate_application))
        .routes(routes!(search_policies))
        .routes(routes!(policy_details))
}

/// Put the policy in force
///
/// Issues a policy to each client with cover accepted, once set-up is complete: bank details saved
/// and checked (or a warning confirmed), a start date chosen, and the decision priced since it last
/// changed. A policy starting today puts the application at Went on Risk; a later start date goes
/// on risk on that day. Activating again changes nothing, so a repeated call never issues two
/// policies.
#[utoipa::path(
    post,
    path = "/api/v1/actions/activateApplication/{applicationId}",
    tag = "policies",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The application in force (`active`): a policy per client with cover (`policies[]`, each with its `policyReference`, start date, cancellation window and documents: the client's policy schedule and the decision). Starting now, the stage is WENT_ON_RISK; a later start date goes on risk on that day. Activating again changes nothing", body = ApplicationView),
        CommandAnswers, Invalid,
    )
)]
pub async fn activate_application(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    case.send(&state, ActivateApplication).await
}

/// The Policyholders tab's query: read as the application search's, with policy statuses for
/// `status`.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PolicySearchParams {
    /// Words to find in the policyholder's name, the policy number or the application reference.
    #[param(max_length = 100)]
    pub search_term: Option<String>,
    /// Policy statuses to include; repeat the parameter for several. All when absent.
    #[serde(default)]
    #[param(value_type = Option<Vec<PolicyStatus>>, explode = true)]
    pub status: Vec<String>,
    /// 1-based page number.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 1_000_000)]
    pub page: Option<String>,
    /// List only this adviser's policies (one the caller may act for).
    pub adviser_id: Option<String>,
}

/// Search policyholders
///
/// A page of 10 policyholders, most recently issued first, for the dashboard's Policyholders tab.
/// Every word of `searchTerm` must appear in the policyholder's name, the policy number or the
/// application reference; `status` keeps only the policy statuses given. Without `adviserId` the
/// list holds the caller's policies and those of every adviser they act for.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/policy/search",
    tag = "policies",
    params(PolicySearchParams),
    responses(
        (status = OK, description = "A page of policyholders (`policyDetails`), most recently issued first, each with the products their policy holds (`productTypes`)", body = PolicySearchResults),
        ReadAnswers, BadParameter,
    )
)]
pub async fn search_policies(
    State(state): State<AppState>,
    me: AdviserCaller,
    InQuery(params): InQuery<PolicySearchParams>,
) -> Result<Json<PolicySearchResults>, ApiError> {
    let query = read_search::<PolicyStatus>(&me, params.into())?;
    Ok(Json(state.store.search_policies(&query).await?))
}

/// The policy search's parameters are the application search's, with policy statuses in
/// `status`; they are declared apart only so the document names the statuses.
impl From<PolicySearchParams> for SearchParams {
    fn from(params: PolicySearchParams) -> Self {
        SearchParams {
            search_term: params.search_term,
            status: params.status,
            page: params.page,
            adviser_id: params.adviser_id,
        }
    }
}

/// `adviserId`: the adviser whose policy it is, for a caller acting for that adviser.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ActingFor {
    pub adviser_id: Option<String>,
}

/// The policyholder the path's `{policyHolderId}` names: a segment that cannot be a client's id
/// is "Policy not found", like a client without a policy.
#[derive(Debug, Clone)]
pub struct PolicyHolder(pub ApplicantId);

impl PathId for PolicyHolder {
    const PARAM: &'static str = "policyHolderId";
    const WHAT: &'static str = "Policy";
    fn parse(text: &str) -> Option<Self> {
        ApplicantId::parse(text).map(PolicyHolder)
    }
}

/// Get a policy
///
/// A policyholder's policy as the policy view shows it: the client with their address and contact
/// details, each cover in force on the terms it was accepted on with its premium and the day it
/// ends (the Cover Summary), the Direct Debit account masked, the policy's documents, and on a
/// joint application the other client's policy. `adviserId` must name the policy's adviser when
/// given.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/policydetails/{policyHolderId}",
    tag = "policies",
    params(
        ("policyHolderId" = String, Path, description = "The policyholder: the client the policy covers"),
        ActingFor,
    ),
    responses(
        (status = OK, description = "The policy with the policyholder's address and contact details (`contactDetails`), its Cover Summary (each cover on the terms it was accepted on, with its premium and end date `endsOn`), the Direct Debit masked, its documents, and the other client's policy on a joint application (`jointPolicy`)", body = PolicyDetails),
        ReadAnswers,
    )
)]
pub async fn policy_details(
    State(state): State<AppState>,
    me: AdviserCaller,
    InPath(PolicyHolder(holder)): InPath<PolicyHolder>,
    InQuery(acting): InQuery<ActingFor>,
) -> Result<Json<PolicyDetails>, ApiError> {
    let not_found = || ApiError::not_found("Policy");
    let (application_id, owner) = state
        .store
        .policy_owner(&holder)
        .await?
        .ok_or_else(not_found)?;
    let visible = match acting.adviser_id.as_deref() {
        Some(_) => me.acting_for(acting.adviser_id.as_deref())? == owner,
        None => me.profile.may_act_for(&owner),
    };
    if !visible {
        return Err(not_found());
    }
    let application = state
        .store
        .find_application(application_id)
        .await?
        .ok_or_else(not_found)?;
    application
        .policy_details(&holder)
        .map(Json)
        .ok_or_else(not_found)
}
