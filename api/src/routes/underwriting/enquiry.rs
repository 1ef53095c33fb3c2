//! A client's underwriting enquiry: start it (once), read it, answer it, accept the
//! post-underwriting declaration and close it. Reads come from the store; every change goes to
//! the enquiry's own workflow as an Update, whose answer is the enquiry as it now stands.

use crate::auth::AdviserCaller;
use crate::body::Body;
use crate::case::{Case, applicant_in_path};
use crate::error::{ApiError, Problem, SignInProblems, Unconfirmed, Unreadable};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use chrono::Utc;
use domain::application::StartUnderwriting;
use domain::underwriting::record::CLOSED;
use domain::underwriting::record::{EnquiryKind, ProvideAnswers};
use domain::underwriting::{Answer, Enquiry};
use domain::{ApplicantId, ApplicationId, FieldError, Rejection};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use workflows::{AcceptPostDeclaration, CloseEnquiry, EnquiryWorkflow, Timed};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start_enquiry))
        .routes(routes!(get_enquiry, answer_enquiry))
        .routes(routes!(provide_answers))
        .routes(routes!(close_enquiry))
        .routes(routes!(accept_uw_declaration))
}

/// The answers that start an enquiry (§7): `ENQUIRY_TYPE` `Full`, or `Pre-sale` with
/// `AGENT_ID`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StartRequest {
    pub answers: Vec<Answer>,
}

/// Answers to an enquiry's questions, by tag (§7 `provideanswers`). An empty value clears an
/// answer; several choices are joined by `|`; dates are `YYYY-MM-DD`; a measurement is typed in
/// the units its units question chose, a two-box entry as `5 10`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AnswersRequest {
    pub answers: Vec<Answer>,
}

/// The body of `acceptuwdeclaration` (§7).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DeclarationRequest {
    pub application_id: ApplicationId,
    pub applicant_id: ApplicantId,
}

fn kind(answers: &[Answer]) -> Result<EnquiryKind, ApiError> {
    let value = |tag: &str| {
        answers
            .iter()
            .find(|a| a.tag == tag)
            .map(|a| a.value.trim().to_owned())
            .filter(|v| !v.is_empty())
    };
    match value("ENQUIRY_TYPE").as_deref() {
        Some("Full") => Ok(EnquiryKind::Full),
        Some("Pre-sale") => value("AGENT_ID")
            .map(|agent_id| EnquiryKind::PreSale { agent_id })
            .ok_or_else(|| ApiError::bad_field("AGENT_ID", "A pre-sale enquiry needs AGENT_ID")),
        _ => Err(ApiError::bad_field(
            "ENQUIRY_TYPE",
            "ENQUIRY_TYPE must be Full or Pre-sale",
        )),
    }
}

/// Sends an update to the client's enquiry. A closed enquiry's workflow has finished, so an
/// update finds no workflow; the stored enquiry says whether it was never started or closed.
async fn send<U>(
    state: &AppState,
    applicant_id: &ApplicantId,
    update: U,
    input: U::Input,
) -> Result<Json<Enquiry>, ApiError>
where
    U: temporalio_common::UpdateDefinition<
            Workflow = <EnquiryWorkflow as temporalio_common::HasWorkflowDefinition>::Run,
            Output = Enquiry,
        > + Send
        + Sync
        + 'static,
    U::Input: Send + 'static,
{
    match state
        .workflow_client
        .send_to_enquiry(applicant_id, update, input)
        .await
    {
        Err(ApiError::NotFound(message)) => match state.store.find_enquiry(applicant_id).await? {
            Some(enquiry) if !enquiry.is_open => {
                Err(ApiError::Rejected(Rejection::conflict(CLOSED)))
            }
            _ => Err(ApiError::NotFound(message)),
        },
        other => other.map(Json),
    }
}

/// The client an `{id}` names: their enquiry id (`enquiry-{applicantId}`) or their id.
fn client_of(id: &str) -> Result<ApplicantId, ApiError> {
    applicant_in_path(id.strip_prefix("enquiry-").unwrap_or(id))
}

#[utoipa::path(
    post,
    path = "/api/v1/underwriting/{applicantId}/start",
    tag = "underwriting",
    params(("applicantId" = String, Path, description = "The client's id")),
    request_body(content = StartRequest),
    responses(
        (status = OK, description = "The client's enquiry, with their details already answered; starting again returns the same enquiry", body = Enquiry),
        (status = NOT_FOUND, description = "Applicant not found", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The application has not been submitted yet", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "What underwriting still needs (§5): the pre-underwriting declaration, gender, a date of birth under 100, smoking", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn start_enquiry(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(applicant_id): Path<String>,
    Body(request): Body<StartRequest>,
) -> Result<Json<Enquiry>, ApiError> {
    let applicant_id = applicant_in_path(&applicant_id)?;
    let kind = kind(&request.answers)?;
    let case = Case::of_applicant(&state, &me, &applicant_id).await?;
    state
        .workflow_client
        .send(
            case.id,
            StartUnderwriting {
                applicant_id: applicant_id.clone(),
                kind,
            },
        )
        .await?;
    let enquiry = state
        .workflow_client
        .send_to_enquiry(&applicant_id, EnquiryWorkflow::open, Utc::now())
        .await?;
    Ok(Json(enquiry))
}

#[utoipa::path(
    get,
    path = "/api/v1/underwriting/{applicantId}",
    tag = "underwriting",
    params(("applicantId" = String, Path, description = "The client's id, or their enquiry id")),
    responses(
        (status = OK, description = "The client's enquiry as last saved", body = Enquiry),
        (status = NOT_FOUND, description = "Applicant not found, or Enquiry not found (not started)", body = Problem, content_type = "application/problem+json"),
        SignInProblems,
    )
)]
pub async fn get_enquiry(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(id): Path<String>,
) -> Result<Json<Enquiry>, ApiError> {
    let applicant_id = client_of(&id)?;
    Case::of_applicant(&state, &me, &applicant_id).await?;
    state
        .store
        .find_enquiry(&applicant_id)
        .await?
        .map(Json)
        .ok_or_else(|| ApiError::not_found("Enquiry"))
}

/// Answers, after checking the caller may act on the client; the backed options they name
/// are looked up in the rulebook's lists here, so the workflow judges them as the rules read
/// them.
async fn answer(
    state: &AppState,
    me: &AdviserCaller,
    id: &str,
    answers: Vec<Answer>,
) -> Result<Json<Enquiry>, ApiError> {
    let applicant_id = client_of(id)?;
    Case::of_applicant(state, me, &applicant_id).await?;
    if let Some(tag) = answers.iter().map(|a| a.tag.trim()).find(|t| t.is_empty()) {
        return Err(ApiError::bad_field(
            "answers",
            &format!("Every answer needs a tag, not {tag:?}"),
        ));
    }
    let options = state.rulebook.resolve(&answers);
    let command = Timed::new(Utc::now(), ProvideAnswers { answers, options });
    send(
        state,
        &applicant_id,
        EnquiryWorkflow::provide_answers,
        command,
    )
    .await
}

#[utoipa::path(
    post,
    path = "/api/v1/underwriting/{applicantId}",
    tag = "underwriting",
    params(("applicantId" = String, Path, description = "The client's id, or their enquiry id")),
    request_body(content = AnswersRequest),
    responses(
        (status = OK, description = "The enquiry with the answers kept: its sections, answers and flags (§4)", body = Enquiry),
        (status = NOT_FOUND, description = "Applicant not found, or Enquiry not found (not started)", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The enquiry is closed", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "Each answer refused, named by its question's tag: of the wrong kind, out of range, not in the list, or to a question not asked; none of the batch is kept", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn answer_enquiry(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(id): Path<String>,
    Body(request): Body<AnswersRequest>,
) -> Result<Json<Enquiry>, ApiError> {
    answer(&state, &me, &id, request.answers).await
}

#[utoipa::path(
    post,
    path = "/api/v1/actions/provideanswers/{applicantId}",
    tag = "underwriting",
    params(("applicantId" = String, Path, description = "The client's id, or their enquiry id")),
    request_body(content = AnswersRequest),
    responses(
        (status = OK, description = "The enquiry with the answers kept (the same as POST /underwriting/{applicantId})", body = Enquiry),
        (status = NOT_FOUND, description = "Applicant not found, or Enquiry not found (not started)", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The enquiry is closed", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "Each answer refused, named by its question's tag; none of the batch is kept", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn provide_answers(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(id): Path<String>,
    Body(request): Body<AnswersRequest>,
) -> Result<Json<Enquiry>, ApiError> {
    answer(&state, &me, &id, request.answers).await
}

#[utoipa::path(
    post,
    path = "/api/v1/underwriting/{applicantId}/close",
    tag = "underwriting",
    params(("applicantId" = String, Path, description = "The client's id, or their enquiry id")),
    responses(
        (status = OK, description = "The closed enquiry with its outcome per cover, each explained by the rules that fired and the answers they read", body = Enquiry),
        (status = NOT_FOUND, description = "Applicant not found, or Enquiry not found (not started)", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The enquiry is already closed", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "Questions still to answer, each named, or the post-underwriting declaration not accepted", body = Problem, content_type = "application/problem+json"),
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn close_enquiry(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(id): Path<String>,
) -> Result<Json<Enquiry>, ApiError> {
    let applicant_id = client_of(&id)?;
    Case::of_applicant(&state, &me, &applicant_id).await?;
    send(
        &state,
        &applicant_id,
        EnquiryWorkflow::close,
        Timed::new(Utc::now(), CloseEnquiry),
    )
    .await
}

#[utoipa::path(
    post,
    path = "/api/v1/actions/acceptuwdeclaration",
    tag = "underwriting",
    request_body(content = DeclarationRequest),
    responses(
        (status = OK, description = "The client's enquiry with the post-underwriting declaration accepted (§4)", body = Enquiry),
        (status = NOT_FOUND, description = "Applicant not found (on this application), or Enquiry not found", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The enquiry is closed", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn accept_uw_declaration(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<DeclarationRequest>,
) -> Result<Json<Enquiry>, ApiError> {
    let case = Case::of_applicant(&state, &me, &request.applicant_id).await?;
    if case.id != request.application_id {
        return Err(ApiError::BadRequest {
            detail: "The client is not on this application".into(),
            errors: vec![FieldError::new(
                "applicantId",
                "The client is not on this application",
            )],
        });
    }
    send(
        &state,
        &request.applicant_id,
        EnquiryWorkflow::accept_post_declaration,
        Timed::new(Utc::now(), AcceptPostDeclaration),
    )
    .await
}
