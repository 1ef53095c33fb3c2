//! The retention sweep's deletion lines for customer care administrators (issue 36): one line
//! for each case deleted because it was not taken up (`store::Deletion`, migration 0023), newest
//! first, paged like care's other lists and narrowed by UK days. A line names the case by its
//! reference only, never a client. `ccaadmin` only.

use super::uk_days::UkDays;
use crate::auth::CareAdminCaller;
use crate::error::{ApiError, BadParameter, CareSignInProblems};
use crate::query::InQuery;
use crate::query::as_sent;
use crate::routes::search::page;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Utc};
use domain::ApplicationId;
use domain::dashboard::total_pages;
use serde::{Deserialize, Serialize};
use store::{Deletion, DeletionFilter};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(care_deletions))
}

/// Which deletion lines to list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DeletionParams {
    /// Only cases deleted on or after this UK day (`YYYY-MM-DD`).
    #[param(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "as_sent")]
    pub from: Option<String>,
    /// Only cases deleted on or before this UK day (`YYYY-MM-DD`).
    #[param(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "as_sent")]
    pub to: Option<String>,
    /// 1-based page number.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 1_000_000)]
    pub page: Option<String>,
}

/// One case deleted by the retention sweep: its reference, when, why and how much went.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeletionView {
    /// The deleted case's reference (never reused).
    pub application_id: ApplicationId,
    pub deleted_at: DateTime<Utc>,
    /// Why, in words, for example "not taken up for 12 months".
    pub reason: String,
    pub documents_removed: u64,
    pub enquiries_removed: u64,
    /// Temporal workflow runs removed: the application's and its clients' enquiries', every run.
    pub workflows_removed: u64,
}

impl From<Deletion> for DeletionView {
    fn from(line: Deletion) -> Self {
        Self {
            application_id: line.application_id,
            deleted_at: line.deleted_at,
            reason: line.reason,
            documents_removed: line.documents_removed,
            enquiries_removed: line.enquiries_removed,
            workflows_removed: line.workflows_removed,
        }
    }
}

/// A page of deletion lines.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Deletions {
    /// Newest first.
    pub results: Vec<DeletionView>,
    /// 1-based.
    pub current_page: u32,
    pub total_pages: u32,
    pub total_record_count: u64,
}

/// List the cases deleted by retention
///
/// Each case the retention sweep deleted because it was not taken up within the period in
/// `product/retention.json`: its reference, when, why, and how many documents, enquiries and
/// Temporal workflow runs went with it; no client is named. Newest first, a page of 10, narrowed
/// by UK days (`from`, `to`, both included). Customer care administrators only.
#[utoipa::path(
    get,
    path = "/api/v1/care/audit/deletions",
    tag = "customer care",
    params(DeletionParams),
    responses(
        (status = OK, description = "A page of deletion lines, newest first", body = Deletions),
        BadParameter, CareSignInProblems,
    )
)]
pub async fn care_deletions(
    State(state): State<AppState>,
    _admin: CareAdminCaller,
    InQuery(params): InQuery<DeletionParams>,
) -> Result<Json<Deletions>, ApiError> {
    let current_page = page(params.page.as_deref())?;
    let days = UkDays::parse(params.from.as_deref(), params.to.as_deref())?;
    let filter = DeletionFilter {
        from: days.from,
        before: days.before,
    };
    let found = state.store.deletions(&filter, current_page).await?;
    Ok(Json(Deletions {
        results: found.deletions.into_iter().map(Into::into).collect(),
        current_page,
        total_pages: total_pages(found.total),
        total_record_count: found.total,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::read_query;

    #[test]
    fn a_blank_day_is_read_as_sent_and_refused_and_a_day_left_out_is_no_filter() {
        let sent = |query: &str| read_query::<DeletionParams>(query).unwrap();
        let blank = sent("to=");
        assert_eq!(blank.to.as_deref(), Some(""));
        assert!(blank.from.is_none());
        let refused = UkDays::parse(blank.from.as_deref(), blank.to.as_deref()).unwrap_err();
        assert!(
            matches!(refused, ApiError::BadRequest { ref errors, .. } if errors[0].field == "to")
        );
        let none = sent("page=2");
        assert!(none.from.is_none() && none.to.is_none());
    }
}
