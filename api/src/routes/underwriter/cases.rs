//! The workbench's list of referred cases, one case as the underwriter reads it, claiming and
//! releasing it, and a client's answers as a PDF.

use super::{ReferredCase, UnderwriterCase, underwriter_case};
use crate::audit::{NotRecorded, Reader};
use crate::auth::UnderwriterCaller;
use crate::case::{ApplicantPath, ApplicationPath, InPath};
use crate::error::{ApiError, BadParameter, Conflict, NotFound, StaffSignInProblems, Unconfirmed};
use crate::query::InQuery;
use crate::routes::documents::PdfDocument;
use crate::routes::search::page;
use crate::routes::underwriting::latest_answers;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::response::Response;
use chrono::Utc;
use domain::ApplicantId;
use domain::application::{ClaimCase, ReleaseCase};
use domain::dashboard::{WorkbenchFilter, WorkbenchResults};
use domain::dates::uk_date;
use serde::Deserialize;
use store::WorkbenchQuery;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_cases))
        .routes(routes!(get_case))
        .routes(routes!(claim))
        .routes(routes!(release))
        .routes(routes!(client_answers))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WorkbenchParams {
    /// Which cases: every referred case when absent; `unclaimed`, `mine`, `evidence` (waiting
    /// for evidence) or `overdue` (evidence past the date first given).
    #[param(value_type = Option<WorkbenchFilter>, inline)]
    pub filter: Option<String>,
    /// 1-based page number.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 1_000_000)]
    pub page: Option<String>,
}

fn filter(text: Option<&str>) -> Result<WorkbenchFilter, ApiError> {
    match text.map(str::trim).filter(|f| !f.is_empty()) {
        None | Some("all") => Ok(WorkbenchFilter::All),
        Some("unclaimed") => Ok(WorkbenchFilter::Unclaimed),
        Some("mine") => Ok(WorkbenchFilter::Mine),
        Some("evidence") => Ok(WorkbenchFilter::Evidence),
        Some("overdue") => Ok(WorkbenchFilter::Overdue),
        Some(other) => Err(ApiError::bad_field(
            "filter",
            &format!("{other:?} is not a filter: use unclaimed, mine, evidence or overdue"),
        )),
    }
}

/// List the cases referred to underwriters
///
/// The underwriters' workbench: a page of 10 cases waiting at the Underwriting stage, oldest
/// referral first, each with its clients, adviser, the covers referred and why, evidence
/// outstanding and who has claimed it. `filter` narrows it to unclaimed cases, the caller's own,
/// cases waiting for evidence, or those whose evidence is overdue. Only for the `underwriter` role.
#[utoipa::path(
    get,
    path = "/api/v1/underwriter/cases",
    tag = "underwriter",
    params(WorkbenchParams),
    responses(
        (status = OK, description = "A page of the cases waiting at Underwriting, oldest referral first: reference, clients, adviser and firm, the covers referred with the rules that referred them, days since referral, evidence outstanding with its date, and who has claimed it", body = WorkbenchResults),
        BadParameter,
        StaffSignInProblems,
    )
)]
pub async fn list_cases(
    State(state): State<AppState>,
    me: UnderwriterCaller,
    InQuery(params): InQuery<WorkbenchParams>,
) -> Result<Json<WorkbenchResults>, ApiError> {
    let query = WorkbenchQuery {
        filter: filter(params.filter.as_deref())?,
        underwriter: me.underwriter.id,
        page: page(params.page.as_deref())?,
        today: uk_date(Utc::now()),
    };
    Ok(Json(state.store.search_workbench(&query).await?))
}

/// Get a referred case
///
/// A case as the underwriter reads it: the application with each cover's outcome and its
/// explanation, AMRA consent and the doctor, evidence and updates; each client's answers by
/// section; the covers still waiting for a decision; and the limits the decision form needs. Any
/// case that was ever referred; a case never referred is not found. Changes nothing.
#[utoipa::path(
    get,
    path = "/api/v1/underwriter/cases/{applicationId}",
    tag = "underwriter",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The case as the underwriter reads it; this read of the clients' answers is recorded", body = UnderwriterCase),
        NotFound,
        StaffSignInProblems,
        NotRecorded,
    )
)]
pub async fn get_case(
    State(state): State<AppState>,
    reader: Reader,
    referred: ReferredCase,
) -> Result<Json<UnderwriterCase>, ApiError> {
    let id = referred.application.id;
    let case = underwriter_case(&state, &referred.me, referred.application).await?;
    reader.health_answers(&state, Some(id), None).await?;
    Ok(Json(case))
}

/// Claim a referred case
///
/// Makes the caller the underwriter working on the case, while it waits at the Underwriting stage;
/// only its holder may ask for evidence or decide its covers. Claiming a case another underwriter
/// holds takes it over, and the handover is recorded; claiming one's own changes nothing.
#[utoipa::path(
    post,
    path = "/api/v1/underwriter/cases/{applicationId}/claim",
    tag = "underwriter",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The case, now held by the caller; taken over, and the handover recorded, when another underwriter held it", body = UnderwriterCase),
        NotFound,
        Conflict,
        StaffSignInProblems,
        Unconfirmed,
    )
)]
pub async fn claim(
    State(state): State<AppState>,
    referred: ReferredCase,
) -> Result<Json<UnderwriterCase>, ApiError> {
    let command = ClaimCase {
        underwriter: referred.me.clone(),
    };
    referred.send(&state, command).await
}

/// Release a claimed case
///
/// Gives the case back to the workbench, unclaimed, while it waits at the Underwriting stage. Only
/// the underwriter holding it may release it; releasing a case nobody holds changes nothing.
#[utoipa::path(
    post,
    path = "/api/v1/underwriter/cases/{applicationId}/release",
    tag = "underwriter",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The case, unclaimed", body = UnderwriterCase),
        NotFound,
        Conflict,
        StaffSignInProblems,
        Unconfirmed,
    )
)]
pub async fn release(
    State(state): State<AppState>,
    referred: ReferredCase,
) -> Result<Json<UnderwriterCase>, ApiError> {
    let command = ReleaseCase {
        underwriter: referred.me.clone(),
    };
    referred.send(&state, command).await
}

/// Download a client's interview answers (underwriter)
///
/// The client's underwriting answers on a referred case as a PDF, as the adviser's
/// `applicationanswers` document gives them.
#[utoipa::path(
    get,
    path = "/api/v1/underwriter/cases/{applicationId}/applicants/{applicantId}/answers",
    tag = "underwriter",
    params(ApplicantPath),
    responses(
        (status = OK, description = "The client's interview answers as a PDF, named in content-disposition; this read is recorded", content_type = "application/pdf", body = PdfDocument),
        NotFound,
        StaffSignInProblems,
        NotRecorded,
    )
)]
pub async fn client_answers(
    State(state): State<AppState>,
    reader: Reader,
    referred: ReferredCase,
    InPath(applicant_id): InPath<ApplicantId>,
) -> Result<Response, ApiError> {
    let stored = latest_answers(&state, &referred.application, &applicant_id).await?;
    reader.document(&state, stored, Some(&applicant_id)).await
}
