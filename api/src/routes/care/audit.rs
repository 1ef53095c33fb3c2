//! The record of data reads for customer care administrators (issue 36): every read of health
//! answers, stored documents, bank details and Temporal payloads, by anyone, newest first and
//! paged like care's other lists, narrowed by case, reader and UK dates. `ccaadmin` only.

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
use domain::dashboard::total_pages;
use domain::{ApplicantId, ApplicationId, QiId};
use serde::{Deserialize, Serialize};
use store::{DataRead, DataReadFilter};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(care_data_reads))
}

/// The longest reader filter taken: a subject or a name.
const READER_MAX_CHARS: usize = 255;

/// Which reads to list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DataReadParams {
    /// Only reads of this case (its application reference).
    #[param(value_type = Option<i64>)]
    pub application_id: Option<String>,
    /// Only this reader: their subject exactly, or words of their name.
    #[param(max_length = 255)]
    pub reader: Option<String>,
    /// Only reads on or after this UK day (`YYYY-MM-DD`).
    #[param(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "as_sent")]
    pub from: Option<String>,
    /// Only reads on or before this UK day (`YYYY-MM-DD`).
    #[param(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "as_sent")]
    pub to: Option<String>,
    /// 1-based page number.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 1_000_000)]
    pub page: Option<String>,
}

/// One recorded read.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DataReadView {
    pub id: String,
    pub read_at: DateTime<Utc>,
    pub reader_subject: String,
    pub reader_name: String,
    /// The role they read in: `adviser`, `client`, `underwriter`, `cca` or `ccaadmin`.
    pub reader_role: String,
    /// The case read, where known (a decrypted Temporal payload names none).
    #[schema(required = true)]
    pub application_id: Option<ApplicationId>,
    /// The client on it, where known.
    #[schema(required = true)]
    pub applicant_id: Option<ApplicantId>,
    /// The Qi enquiry read, for a pre-sale indication.
    #[schema(required = true)]
    pub qi_id: Option<QiId>,
    /// What was read: `health-answers`, `bank-details`, `document:<kind>` (for example
    /// `document:direct-debit`, `document:evidence`) or `temporal-payloads`.
    pub data: String,
    /// The address the request came from (the connection's peer); none when not known.
    #[schema(required = true)]
    pub address: Option<String>,
}

impl From<DataRead> for DataReadView {
    fn from(read: DataRead) -> Self {
        Self {
            id: read.id,
            read_at: read.read_at,
            reader_subject: read.reader.subject,
            reader_name: read.reader.name,
            reader_role: read.role,
            application_id: read.case.application_id,
            applicant_id: read.case.applicant_id,
            qi_id: read.case.qi_id,
            data: read.data,
            address: read.address,
        }
    }
}

/// A page of recorded reads.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DataReads {
    /// Newest first.
    pub results: Vec<DataReadView>,
    /// 1-based.
    pub current_page: u32,
    pub total_pages: u32,
    pub total_record_count: u64,
}

/// List reads of health answers, bank details, documents and Temporal payloads
///
/// Who read a client's health answers, full bank details, a stored document or decrypted
/// Temporal payloads: when, in which role, from which address, of which case and what; newest
/// first, a page of 10. Narrowed by case (`applicationId`), reader (subject, or words of their
/// name) and UK days (`from`, `to`, both included). Customer care administrators only.
#[utoipa::path(
    get,
    path = "/api/v1/care/audit/reads",
    tag = "customer care",
    params(DataReadParams),
    responses(
        (status = OK, description = "A page of recorded reads, newest first", body = DataReads),
        BadParameter, CareSignInProblems,
    )
)]
pub async fn care_data_reads(
    State(state): State<AppState>,
    _admin: CareAdminCaller,
    InQuery(params): InQuery<DataReadParams>,
) -> Result<Json<DataReads>, ApiError> {
    let current_page = page(params.page.as_deref())?;
    let filter = filter(&params)?;
    let found = state.store.data_reads(&filter, current_page).await?;
    Ok(Json(DataReads {
        results: found.reads.into_iter().map(Into::into).collect(),
        current_page,
        total_pages: total_pages(found.total),
        total_record_count: found.total,
    }))
}

fn given(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|t| !t.is_empty())
}

/// The store's filter for the parameters; each one that cannot be read is named.
fn filter(params: &DataReadParams) -> Result<DataReadFilter, ApiError> {
    let application_id = given(params.application_id.as_deref())
        .map(|text| {
            ApplicationId::parse(text).ok_or_else(|| {
                ApiError::bad_field("applicationId", "This is not an application reference")
            })
        })
        .transpose()?;
    let reader = given(params.reader.as_deref()).map(str::to_owned);
    if reader
        .as_ref()
        .is_some_and(|r| r.chars().count() > READER_MAX_CHARS)
    {
        return Err(ApiError::bad_field(
            "reader",
            &format!("Search for at most {READER_MAX_CHARS} characters"),
        ));
    }
    let days = UkDays::parse(params.from.as_deref(), params.to.as_deref())?;
    Ok(DataReadFilter {
        application_id,
        reader,
        from: days.from,
        before: days.before,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn params(from: Option<&str>, to: Option<&str>) -> DataReadParams {
        DataReadParams {
            application_id: None,
            reader: None,
            from: from.map(str::to_owned),
            to: to.map(str::to_owned),
            page: None,
        }
    }

    #[test]
    fn uk_days_become_instants_from_midnight_to_the_next_midnight() {
        // 1 July is in British Summer Time: the UK day starts at 23:00 UTC the evening before.
        let filter = filter(&params(Some("2026-07-01"), Some("2026-07-01"))).unwrap();
        assert_eq!(
            filter.from,
            Some(Utc.with_ymd_and_hms(2026, 6, 30, 23, 0, 0).unwrap())
        );
        assert_eq!(
            filter.before,
            Some(Utc.with_ymd_and_hms(2026, 7, 1, 23, 0, 0).unwrap())
        );
    }

    #[test]
    fn a_range_ending_before_it_starts_or_a_day_unreadable_is_refused_by_name() {
        let error = filter(&params(Some("2026-07-02"), Some("2026-07-01"))).unwrap_err();
        assert!(
            matches!(error, ApiError::BadRequest { ref errors, .. } if errors[0].field == "to")
        );
        let error = filter(&params(Some("01/07/2026"), None)).unwrap_err();
        assert!(
            matches!(error, ApiError::BadRequest { ref errors, .. } if errors[0].field == "from")
        );
        let error = filter(&params(None, Some(""))).unwrap_err();
        assert!(
            matches!(error, ApiError::BadRequest { ref errors, .. } if errors[0].field == "to")
        );
    }
}
