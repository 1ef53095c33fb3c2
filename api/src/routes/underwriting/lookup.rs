//! §7 `GET /underwriting/lookupQuestionOption/{branch}/{tag}/{answer}?stem=`: the options a
//! backed question offers as the adviser types (conditions, occupations), from the rulebook's
//! lists in `product/underwriting/`.

use crate::auth::AdviserCaller;
use crate::error::ApiError;
use crate::error::ReadAnswers;
use crate::query::InQuery;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use domain::underwriting::answers::values;
use domain::underwriting::dictionary::BackedOption;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(lookup_question_option))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LookupQuery {
    /// What the adviser has typed: words of a name, an everyday name, or a code.
    pub stem: Option<String>,
}

/// The options found, best first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionOptions {
    pub options: Vec<BackedOption>,
    /// The list searched (`conditions` or `occupations`).
    pub list: String,
    /// True while the lists are the rulebook's sample data.
    pub is_sample: bool,
}

/// Search the options of a question backed by a list
///
/// The options a list-backed question (a medical condition, an occupation) offers for what the
/// adviser has typed in `stem`: up to 20, best first, leaving out those already chosen in `answer`.
/// Changes nothing.
#[utoipa::path(
    get,
    path = "/api/v1/underwriting/lookupQuestionOption/{branch}/{tag}/{answer}",
    tag = "underwriting",
    params(
        ("branch" = String, Path, description = "The interview's branch (the enquiry's `branch`)"),
        ("tag" = String, Path, description = "The backed question's tag, for example CONDITIONS or OCCUPATION"),
        ("answer" = String, Path, description = "The question's answer so far (ids joined by `|`, or `-` for none); those options are not offered again"),
        LookupQuery,
    ),
    responses(
        (status = OK, description = "Up to 20 options, best first: everyday names before the classification's, then by where and how closely the words match", body = QuestionOptions),
        ReadAnswers,
    )
)]
pub async fn lookup_question_option(
    State(state): State<AppState>,
    _me: AdviserCaller,
    Path((branch, tag, answer)): Path<(String, String, String)>,
    InQuery(query): InQuery<LookupQuery>,
) -> Result<Json<QuestionOptions>, ApiError> {
    search_options(&state, &branch, &tag, &answer, query.stem.as_deref())
}

/// The options of the backed question `tag` matching `stem`, leaving out those `answer` has
/// chosen: the one look-up behind the adviser's and the client's (portal) interviews.
pub(crate) fn search_options(
    state: &AppState,
    branch: &str,
    tag: &str,
    answer: &str,
    stem: Option<&str>,
) -> Result<Json<QuestionOptions>, ApiError> {
    let rulebook = &state.rulebook;
    if branch != rulebook.interview.branch {
        return Err(ApiError::not_found("Branch"));
    }
    let list_name = rulebook
        .interview
        .question(tag)
        .and_then(|q| q.backed_by.clone())
        .ok_or_else(|| ApiError::not_found("Question"))?;
    let list = rulebook
        .list(&list_name)
        .ok_or_else(|| ApiError::not_found("Question"))?;
    let chosen: Vec<&str> = values(answer).collect();
    let options = list
        .search(stem.unwrap_or_default())
        .into_iter()
        .filter(|o| !chosen.contains(&o.id.as_str()))
        .collect();
    Ok(Json(QuestionOptions {
        options,
        list: list_name,
        is_sample: rulebook.version().starts_with("sample"),
    }))
}
