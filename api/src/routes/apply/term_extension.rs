//! Term extension (§7): whether the quote's terms may be extended, the declaration-of-health
//! questions, completing the declaration, and recording a failed attempt. The questions are
//! the insurer's, from `product/term-extension/`.

use crate::auth::AdviserCaller;
use crate::body::Body;
use crate::case::{ApplicationPath, Case, CaseInPath};
use crate::error::{ApiError, Conflict, Unreadable};
use crate::error::{BodyCommandAnswers, CommandAnswers, ReadAnswers};
use crate::routes::applicants::same_application;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use chrono::{Days, NaiveDate, Utc};
use domain::application::{CompleteTermExtension, FailTermExtension};
use domain::dates::uk_date;
use domain::term_extension::{
    ANSWER_NO, ANSWER_YES, ApplicantDeclaration, EXTENSION_DAYS, HealthQuestion, NOT_EXTENSIBLE,
};
use domain::{ApplicationId, ApplicationView, Rejection};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(is_term_extensible))
        .routes(routes!(declaration_of_health_questions))
        .routes(routes!(complete_term_extension))
        .routes(routes!(has_failed_term_extension))
}

/// Whether the quote's terms may be extended by a declaration of health, and to when.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TermExtensibility {
    // docs/decisions.md M12.
    /// A priced, unexpired quote within 14 days of its valid-until date, before the policy is in
    /// force, with no change in health blocking an extension.
    pub is_term_extensible: bool,
    /// Extensible and not yet extended: the adviser is offered the extension, which is allowed
    /// once.
    pub show_extend: bool,
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub extended_on_date: Option<NaiveDate>,
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub valid_until: Option<NaiveDate>,
    /// The valid-until date an extension would give.
    #[schema(required = true, value_type = Option<String>, format = Date)]
    pub extended_valid_until: Option<NaiveDate>,
}

/// Check whether the quote's terms may be extended
///
/// Whether the quote may be extended by a declaration of health, and to when. A quote may be when
/// it is priced, not expired and within 14 days of its valid-until date, the policy is not yet in
/// force, and no change in health blocked an extension; it is offered (`showExtend`) while it has
/// not been extended, since an extension is allowed once.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/application/{applicationId}/istermextensible",
    tag = "term extension",
    params(ApplicationPath),
    responses(
        (status = OK, description = "Whether the quote's terms may be extended, and to when", body = TermExtensibility),
        ReadAnswers,
    )
)]
pub async fn is_term_extensible(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<TermExtensibility>, ApiError> {
    let application = case.application(&state).await?;
    let today = uk_date(Utc::now());
    let show_extend = application.is_term_extension_offered(today);
    Ok(Json(TermExtensibility {
        is_term_extensible: application.is_term_extensible(today),
        show_extend,
        extended_on_date: application.quote_stage.extended_on_date,
        valid_until: application.quote_stage.valid_until,
        extended_valid_until: application
            .quote_stage
            .valid_until
            .filter(|_| show_extend)
            .and_then(|until| until.checked_add_days(Days::new(EXTENSION_DAYS.unsigned_abs()))),
    }))
}

/// The questions one client answers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicantHealthQuestions {
    pub applicant_id: String,
    pub questions: Vec<HealthQuestion>,
    /// The answers each question takes.
    pub options: Vec<String>,
}

/// The declaration-of-health questions each client answers to extend the quote's terms.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeclarationOfHealthQuestions {
    pub applicant_enquiries: Vec<ApplicantHealthQuestions>,
}

/// Get the declaration-of-health questions
///
/// The insurer's declaration-of-health questions, for each client, each answered yes or no, to
/// extend the quote's terms. Only while the extension is offered (see `istermextensible`); reading
/// them changes nothing.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/application/{applicationId}/triggerDeclarationOfHealthQuestions",
    tag = "term extension",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The declaration-of-health questions, for each client", body = DeclarationOfHealthQuestions),
        ReadAnswers, Conflict,
    )
)]
pub async fn declaration_of_health_questions(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<DeclarationOfHealthQuestions>, ApiError> {
    let application = case.application(&state).await?;
    if !application.is_term_extension_offered(uk_date(Utc::now())) {
        return Err(ApiError::Rejected(Rejection::conflict(NOT_EXTENSIBLE)));
    }
    let questions = &state.product.declaration_of_health.questions;
    Ok(Json(DeclarationOfHealthQuestions {
        applicant_enquiries: application
            .applicants
            .iter()
            .map(|a| ApplicantHealthQuestions {
                applicant_id: a.id.to_string(),
                questions: questions.clone(),
                options: vec![ANSWER_YES.into(), ANSWER_NO.into()],
            })
            .collect(),
    }))
}

/// Each client's answers to the declaration of health.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CompleteTermExtensionRequest {
    /// The application reference; must be the application in the path.
    pub application_id: ApplicationId,
    /// Each client's answers: `allAnswers` of `{tag, value}` with value yes or no.
    pub applicants: Vec<ApplicantDeclaration>,
}

/// Extend the quote's terms by a declaration of health
///
/// Records each client's yes-or-no answers to every declaration-of-health question while the
/// extension is offered. With no change in health the valid-until date moves 90 days on and
/// `declarationOfHealthStatus` is `passed`; a disclosed change leaves the terms as they are,
/// records `failed` with the reasons in `termExtensionReasons`, and ends the offer. Allowed once
/// per quote.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/{applicationId}/completeTermExtension",
    tag = "term extension",
    params(ApplicationPath),
    request_body(content = CompleteTermExtensionRequest),
    responses(
        (status = OK, description = "The declaration recorded: with no change in health the valid-until date moves 90 days (declarationOfHealthStatus passed); a disclosed change keeps the terms (failed) and termExtensionReasons says why", body = ApplicationView),
        BodyCommandAnswers,
    )
)]
pub async fn complete_term_extension(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    Body(request): Body<CompleteTermExtensionRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    same_application(&case, request.application_id, "applicationId")?;
    let application = case.application(&state).await?;
    let applicants: Vec<String> = application
        .applicants
        .iter()
        .map(|a| a.id.to_string())
        .collect();
    let disclosed_changes = state
        .product
        .declaration_of_health
        .disclosed_changes(&applicants, &request.applicants)
        .map_err(|errors| ApiError::Rejected(Rejection::invalid(errors)))?;
    let command = CompleteTermExtension {
        declarations: request.applicants,
        disclosed_changes,
    };
    case.send(&state, command).await
}

/// The application whose term extension could not be completed.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FailedTermExtensionRequest {
    pub id: ApplicationId,
}

/// Record a failed attempt to extend the quote's terms
///
/// Records that the declaration could not be completed for a reason other than the client's health:
/// `declarationOfHealthStatus` becomes `error`, and the extension may be tried again. Refused once
/// the terms have been extended.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/hasFailedTermExtension",
    tag = "term extension",
    request_body(content = FailedTermExtensionRequest),
    responses(
        (status = OK, description = "The application with `declarationOfHealthStatus` set to `error`; the extension may be tried again", body = ApplicationView),
        CommandAnswers, Unreadable,
    )
)]
pub async fn has_failed_term_extension(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<FailedTermExtensionRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let case = Case::find(&state, &me, request.id).await?;
    case.send(&state, FailTermExtension).await
}
