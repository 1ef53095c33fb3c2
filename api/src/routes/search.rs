//! The dashboard's application search (§7 `backendforfrontend/application/search`), and the
//! reading of the query it shares with the policy search.

use crate::auth::AdviserCaller;
use crate::error::ReadAnswers;
use crate::error::{ApiError, BadParameter};
use crate::query::InQuery;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use domain::ApplicationStage;
use domain::dashboard::{ApplicationSearchResults, SEARCH_TERM_MAX_CHARS, search_words};
use domain::policy::PolicyStatus;
use serde::Deserialize;
use store::{SearchFilter, SearchQuery, SearchScope};
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(search_applications))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SearchParams {
    /// Words to find in client names or references (application reference or your own).
    #[param(max_length = 100)]
    pub search_term: Option<String>,
    /// Stages to include; repeat the parameter for several. All stages when absent.
    #[serde(default)]
    #[param(value_type = Option<Vec<ApplicationStage>>, explode = true)]
    pub status: Vec<String>,
    /// 1-based page number.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 1_000_000)]
    pub page: Option<String>,
    /// List only this adviser's applications (one the caller may act for).
    pub adviser_id: Option<String>,
}

/// Search applications
///
/// A page of 10 applications, most recently changed first, for the dashboard's In Progress tab.
/// Every word of `searchTerm` must appear in the client names, the application reference or the
/// adviser's own reference; `status` keeps only the stages given. Without `adviserId` the list
/// holds the caller's applications and those of every adviser they act for.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/application/search",
    tag = "applications",
    params(SearchParams),
    responses(
        (status = OK, description = "A page of applications, most recently changed first", body = ApplicationSearchResults),
        ReadAnswers, BadParameter,
    )
)]
pub async fn search_applications(
    State(state): State<AppState>,
    me: AdviserCaller,
    InQuery(params): InQuery<SearchParams>,
) -> Result<Json<ApplicationSearchResults>, ApiError> {
    let query = read_search::<ApplicationStage>(&me, params)?;
    let reader = me.caller.subject.to_string();
    Ok(Json(
        state.store.search_applications(&query, &reader).await?,
    ))
}

/// What a dashboard search keeps, read from `status`: an application's stage or a policy's
/// status.
pub trait StatusFilter: SearchFilter + Sized {
    /// How a refusal names what the code should have been: "a stage", "a policy status".
    const WHAT: &'static str;
    fn parse(code: &str) -> Option<Self>;
}

impl StatusFilter for ApplicationStage {
    const WHAT: &'static str = "a stage";
    fn parse(code: &str) -> Option<Self> {
        ApplicationStage::parse(code)
    }
}

impl StatusFilter for PolicyStatus {
    const WHAT: &'static str = "a policy status";
    fn parse(code: &str) -> Option<Self> {
        PolicyStatus::parse(code)
    }
}

/// Reads a dashboard search the one way both searches read it: `adviserId` (one the caller may
/// act for, or everyone they may see), the search term (at most 100 characters), the stages or
/// statuses in `status`, and the page (from 1).
pub fn read_search<F: StatusFilter>(
    me: &AdviserCaller,
    params: SearchParams,
) -> Result<SearchQuery<F>, ApiError> {
    read_search_in(params, |adviser_id| {
        Ok(SearchScope::Advisers(match adviser_id {
            Some(_) => vec![me.acting_for(adviser_id)?],
            // Without adviserId: the caller's own cases and those of everyone they act for.
            None => me.profile.visible_advisers(),
        }))
    })
}

/// Reads a search's parameters as [`read_search`] does, with whose cases it looks at decided by
/// `scope` from `adviserId` (customer care's search looks at every firm's).
pub fn read_search_in<F: StatusFilter>(
    params: SearchParams,
    scope: impl FnOnce(Option<&str>) -> Result<SearchScope, ApiError>,
) -> Result<SearchQuery<F>, ApiError> {
    let filters = params
        .status
        .iter()
        .map(|code| {
            F::parse(code.trim()).ok_or_else(|| {
                ApiError::bad_field("status", &format!("{code:?} is not {}", F::WHAT))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let scope = scope(params.adviser_id.as_deref())?;
    let term = params.search_term.unwrap_or_default();
    if term.chars().count() > SEARCH_TERM_MAX_CHARS {
        return Err(ApiError::bad_field(
            "searchTerm",
            &format!("Search for at most {SEARCH_TERM_MAX_CHARS} characters"),
        ));
    }
    Ok(SearchQuery {
        scope,
        words: search_words(&term),
        filters,
        page: page(params.page.as_deref())?,
    })
}

/// A list's `page`: a whole number from 1, 1 when absent (every paged list reads it so).
pub fn page(text: Option<&str>) -> Result<u32, ApiError> {
    match text.map(str::trim).filter(|p| !p.is_empty()) {
        None => Ok(1),
        Some(text) => text
            .parse::<u32>()
            .ok()
            .filter(|p| *p >= 1 && *p <= 1_000_000)
            .ok_or_else(|| ApiError::bad_field("page", "page must be a whole number from 1")),
    }
}
