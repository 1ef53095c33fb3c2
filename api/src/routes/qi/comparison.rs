//! Indicated against final (issue 33): a client brought in from Qi, their indicated terms and
//! price beside the decision's, and each answer that changed in between.

use crate::audit::{NotRecorded, Reader};
use crate::case::{ApplicantPath, CaseInPath, InPath};
use crate::error::{ApiError, ReadAnswers};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use domain::ApplicantId;
use domain::qi::comparison::{IndicationComparison, compare};
use store::StoredEnquiry;

/// Compare a client's Qi indication with the decision
///
/// For a client whose application was started from a Qi indication: each cover's terms and
/// monthly price as Qi indicated them beside the decision's (once the client's interview has
/// closed and the decision is priced), and each answer given at Qi that the application's
/// interview answers differently. Not found for a client who did not come from Qi.
#[utoipa::path(
    get,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}/indication",
    tag = "qi",
    params(ApplicantPath),
    responses(
        (status = OK, description = "The indication beside the decision, cover by cover, and the answers that changed; this read is recorded", body = IndicationComparison),
        ReadAnswers, NotRecorded,
    )
)]
pub async fn indication_comparison(
    State(state): State<AppState>,
    reader: Reader,
    CaseInPath(case): CaseInPath,
    InPath(applicant_id): InPath<ApplicantId>,
) -> Result<Json<IndicationComparison>, ApiError> {
    let application = case.application(&state).await?;
    let stored = state.store.find_enquiry(&applicant_id).await?;
    let interview = state.rulebook.interview.clone();
    let (record, interview) = match stored {
        Some(StoredEnquiry::Record { record, interview }) => (Some(*record), *interview),
        _ => (None, interview),
    };
    let comparison = compare(&application, &applicant_id, record.as_ref(), &interview)
        .map_err(ApiError::Rejected)?;
    reader
        .health_answers(&state, Some(case.id), Some(&applicant_id))
        .await?;
    Ok(Json(comparison))
}
