//! The underwriters' workbench (issue 30): the referred cases, each case as an underwriter reads
//! it, and what an underwriter does to it: claim and release it, ask for evidence and record it
//! received, post updates for the adviser, and decide each referred cover. Only callers with
//! the `underwriter` role reach these routes (everyone else: 403); a case never referred is
//! "not found" to them. Every change is a command on the case's workflow, like an adviser's.
//!
//! - `cases`: the list, a case, claim and release, a client's answers as a PDF;
//! - `evidence`: asking for evidence, recording it received with its document, reading it;
//! - `decisions`: the underwriter's decision on a referred cover, and their updates.

mod cases;
mod decisions;
mod evidence;

pub(crate) use evidence::is_evidence_document;

use crate::auth::UnderwriterCaller;
use crate::case::{InPath, send_command};
use crate::error::ApiError;
use crate::state::AppState;
use axum::Json;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use domain::application::ReferredCover;
use domain::underwriting::Enquiry;
use domain::underwriting::evidence::EvidenceSettings;
use domain::underwriting::interview::Limits;
use domain::underwriting::manual::{MAX_POSTPONE_MONTHS, Underwriter};
use domain::{AdviserId, Application, ApplicationId, ApplicationView};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use workflows::ApplicationUpdate;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(cases::router())
        .merge(evidence::router())
        .merge(decisions::router())
}

/// A case that was referred to underwriting, as an underwriter reaches it through the path's
/// `{applicationId}`: the application as last saved.
pub struct ReferredCase {
    pub me: Underwriter,
    pub application: Application,
}

impl FromRequestParts<AppState> for ReferredCase {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let me = UnderwriterCaller::from_request_parts(parts, state).await?;
        let InPath(id) = InPath::<ApplicationId>::from_request_parts(parts, state).await?;
        let application = state
            .store
            .find_application(id)
            .await?
            .filter(Application::was_referred)
            .ok_or_else(|| ApiError::not_found("Application"))?;
        Ok(ReferredCase {
            me: me.underwriter,
            application,
        })
    }
}

impl ReferredCase {
    /// Sends the underwriter's command to the case's workflow and answers with the case as
    /// the underwriter now reads it.
    async fn send<C: ApplicationUpdate>(
        &self,
        state: &AppState,
        command: C,
    ) -> Result<Json<UnderwriterCase>, ApiError> {
        let id = self.application.id;
        send_command(state, id, command).await?;
        let application = state
            .store
            .find_application(id)
            .await?
            .ok_or_else(|| ApiError::not_found("Application"))?;
        Ok(Json(underwriter_case(state, &self.me, application).await?))
    }
}

/// The adviser whose case it is, to contact.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaseAdviser {
    pub id: AdviserId,
    pub name: String,
    pub email: String,
    #[schema(required = true)]
    pub firm_name: Option<String>,
}

/// A referred case as the underwriter reads it: the application as the adviser gave it (with
/// each cover's outcome and its explanations, AMRA consent and the doctor, the evidence and
/// the updates), each client's answers by section, the covers waiting for a decision, and
/// what the forms need.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnderwriterCase {
    pub application: ApplicationView,
    #[schema(required = true)]
    pub adviser: Option<CaseAdviser>,
    /// Each client's interview with its answers by section, as saved.
    pub enquiries: Vec<Enquiry>,
    /// The covers still waiting for the underwriter's decision.
    pub referred: Vec<ReferredCover>,
    /// The signed-in underwriter holds the case.
    pub is_mine: bool,
    /// What can be asked for, with each kind's defaults.
    pub evidence_kinds: Vec<EvidenceSettings>,
    /// The rulebook's limits: a loading may be at most `declineLoadingAbove` percent.
    pub limits: Limits,
    pub max_postpone_months: u32,
}

async fn underwriter_case(
    state: &AppState,
    me: &Underwriter,
    application: Application,
) -> Result<UnderwriterCase, ApiError> {
    let adviser = state
        .store
        .find_adviser(&application.adviser_id)
        .await?
        .map(|a| CaseAdviser {
            id: a.id,
            name: a.name,
            email: a.email,
            firm_name: a.firm_name,
        });
    let mut enquiries = Vec::new();
    for applicant in &application.applicants {
        if let Some(enquiry) =
            crate::routes::underwriting::enquiry::stored_enquiry(state, &applicant.id).await?
        {
            enquiries.push(enquiry);
        }
    }
    let is_mine = application
        .underwriting
        .referral
        .claim
        .as_ref()
        .is_some_and(|c| c.underwriter.id == me.id);
    Ok(UnderwriterCase {
        referred: application
            .workbench_entry()
            .map(|e| e.referred)
            .unwrap_or_default(),
        application: crate::case::view(&application),
        adviser,
        enquiries,
        is_mine,
        evidence_kinds: state.rulebook.evidence.kinds.clone(),
        limits: state.rulebook.interview.limits,
        max_postpone_months: MAX_POSTPONE_MONTHS,
    })
}
