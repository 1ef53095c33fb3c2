//! A client's underwriting enquiry: start it (once), read it, answer it, accept the
//! post-underwriting declaration and close it. Reads come from the store; every change goes to
//! the enquiry's own workflow as an Update, whose answer is the enquiry as it now stands.

use crate::audit::{NotRecorded, Reader};
use crate::auth::AdviserCaller;
use crate::body::Body;
use crate::case::{Case, InPath, PathId};
use crate::error::{ApiError, Invalid, Unreadable};
use crate::error::{BodyCommandAnswers, CommandAnswers, ReadAnswers};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use chrono::Utc;
use domain::application::StartUnderwriting;
use domain::dates::uk_date;
use domain::underwriting::record::CLOSED;
use domain::underwriting::record::{EnquiryKind, ProvideAnswers};
use domain::underwriting::{Answer, Enquiry};
use domain::{ApplicantId, ApplicationId, FieldError, Rejection};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use workflows::{AcceptPostDeclaration, CloseEnquiry, EnquiryWorkflow, UpdateFor};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start_enquiry))
        .routes(routes!(get_enquiry, answer_enquiry))
        .routes(routes!(provide_answers))
        .routes(routes!(close_enquiry))
        .routes(routes!(accept_uw_declaration))
}

/// The answers that start an enquiry: `ENQUIRY_TYPE` `Full`, or `Pre-sale` with `AGENT_ID`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StartRequest {
    pub answers: Vec<Answer>,
}

/// Answers to an enquiry's questions, by tag. An empty value clears an answer; several choices are
/// joined by `|`; dates are `YYYY-MM-DD`; a measurement is typed in the units its units question
/// chose, a two-box entry as `5 10`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AnswersRequest {
    pub answers: Vec<Answer>,
}

/// The client accepting the post-underwriting declaration, and their application.
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

/// Sends an update to the client's enquiry and answers with the enquiry as it now stands.
async fn send<C: UpdateFor<EnquiryWorkflow>>(
    state: &AppState,
    applicant_id: &ApplicantId,
    command: C,
) -> Result<Json<Enquiry>, ApiError> {
    deliver(state, applicant_id, command).await?;
    // The workflow saved the enquiry before answering: read our own write.
    stored_enquiry(state, applicant_id)
        .await?
        .map(Json)
        .ok_or_else(|| ApiError::not_found("Enquiry"))
}

/// Sends an update to the client's enquiry. A closed enquiry's workflow has finished, so an
/// update finds no workflow; the stored enquiry says whether it was never started or closed.
pub(crate) async fn deliver<C: UpdateFor<EnquiryWorkflow>>(
    state: &AppState,
    applicant_id: &ApplicantId,
    command: C,
) -> Result<(), ApiError> {
    match state
        .workflow_client
        .send_to_enquiry(applicant_id, command)
        .await
    {
        Err(ApiError::NotFound(message)) => match stored_enquiry(state, applicant_id).await? {
            Some(enquiry) if !enquiry.is_open => {
                Err(ApiError::Rejected(Rejection::conflict(CLOSED)))
            }
            _ => Err(ApiError::NotFound(message)),
        },
        Err(other) => Err(other),
        Ok(_) => Ok(()),
    }
}

/// A client's enquiry as last saved, shown with today's checks; `None` when not started.
pub(crate) async fn stored_enquiry(
    state: &AppState,
    applicant_id: &ApplicantId,
) -> Result<Option<Enquiry>, ApiError> {
    let today = uk_date(Utc::now());
    Ok(state
        .store
        .find_enquiry(applicant_id)
        .await?
        .map(|stored| stored.view(today)))
}

/// The client the path's `{applicantId}` names: their id, or their enquiry id
/// (`enquiry-{applicantId}`); anything else is "Applicant not found".
#[derive(Debug, Clone)]
pub struct EnquiryClient(pub ApplicantId);

impl PathId for EnquiryClient {
    const PARAM: &'static str = "applicantId";
    const WHAT: &'static str = "Applicant";
    fn parse(text: &str) -> Option<Self> {
        ApplicantId::parse(text.strip_prefix("enquiry-").unwrap_or(text)).map(EnquiryClient)
    }
}

/// Start a client's underwriting enquiry
///
/// Starts the client's medical underwriting interview once the application has been applied for:
/// `ENQUIRY_TYPE` `Full`, or `Pre-sale` with `AGENT_ID`. The client must have accepted the
/// pre-underwriting declaration and have a gender, a date of birth (under 100) and a smoking
/// answer, which become the interview's first answers. Starting again returns the same enquiry.
#[utoipa::path(
    post,
    path = "/api/v1/underwriting/{applicantId}/start",
    tag = "underwriting",
    params(("applicantId" = String, Path, description = "The client's id")),
    request_body(content = StartRequest),
    responses(
        (status = OK, description = "The client's enquiry, with their details already answered; starting again returns the same enquiry", body = Enquiry),
        BodyCommandAnswers,
    )
)]
pub async fn start_enquiry(
    State(state): State<AppState>,
    me: AdviserCaller,
    InPath(applicant_id): InPath<ApplicantId>,
    Body(request): Body<StartRequest>,
) -> Result<Json<Enquiry>, ApiError> {
    let kind = kind(&request.answers)?;
    let case = Case::of_applicant(&state, &me, &applicant_id).await?;
    case.command(
        &state,
        StartUnderwriting {
            applicant_id: applicant_id.clone(),
            kind,
        },
    )
    .await?;
    state.workflow_client.open_enquiry(&applicant_id).await?;
    stored_enquiry(&state, &applicant_id)
        .await?
        .map(Json)
        .ok_or_else(|| ApiError::not_found("Enquiry"))
}

/// Get a client's underwriting enquiry
///
/// The client's interview as last saved: its sections and questions with their answers and
/// problems, the declarations, and, once closed, the outcome for each cover. Changes nothing.
#[utoipa::path(
    get,
    path = "/api/v1/underwriting/{applicantId}",
    tag = "underwriting",
    params(("applicantId" = String, Path, description = "The client's id, or their enquiry id")),
    responses(
        (status = OK, description = "The client's enquiry as last saved; this read is recorded", body = Enquiry),
        ReadAnswers, NotRecorded,
    )
)]
pub async fn get_enquiry(
    State(state): State<AppState>,
    reader: Reader,
    me: AdviserCaller,
    InPath(EnquiryClient(applicant_id)): InPath<EnquiryClient>,
) -> Result<Json<Enquiry>, ApiError> {
    let case = Case::of_applicant(&state, &me, &applicant_id).await?;
    let enquiry = stored_enquiry(&state, &applicant_id)
        .await?
        .ok_or_else(|| ApiError::not_found("Enquiry"))?;
    reader
        .health_answers(&state, Some(case.id), Some(&applicant_id))
        .await?;
    Ok(Json(enquiry))
}

/// Answers, after checking the caller may act on the client ([`answers_batch`]).
async fn answer(
    state: &AppState,
    me: &AdviserCaller,
    applicant_id: ApplicantId,
    answers: Vec<Answer>,
) -> Result<Json<Enquiry>, ApiError> {
    Case::of_applicant(state, me, &applicant_id).await?;
    send(state, &applicant_id, answers_batch(state, answers)).await
}

/// A batch of interview answers as every interview takes it (the adviser's, the client's own
/// and Qi's): the backed options they name are looked up in the rulebook's lists here, so the
/// workflow judges them as the rules read them. A blank tag never gets this far: the body reader
/// reads it as none and answers 400 naming the answer (`answers[0].tag`). The one way (issue 51).
pub(crate) fn answers_batch(state: &AppState, answers: Vec<Answer>) -> ProvideAnswers {
    let options = state.rulebook.resolve(&answers);
    ProvideAnswers { answers, options }
}

/// Answer questions of a client's underwriting enquiry
///
/// Saves a batch of answers, each named by its question's tag, while the enquiry is open. An empty
/// value clears an answer; an answer may open further questions. If any answer is refused (of the
/// wrong kind, out of range, not in the list, or to a question not asked) none of the batch is
/// kept, and each refusal is named by its tag.
#[utoipa::path(
    post,
    path = "/api/v1/underwriting/{applicantId}",
    tag = "underwriting",
    params(("applicantId" = String, Path, description = "The client's id, or their enquiry id")),
    request_body(content = AnswersRequest),
    responses(
        (status = OK, description = "The enquiry with the answers kept: its sections, answers and flags", body = Enquiry),
        BodyCommandAnswers,
    )
)]
pub async fn answer_enquiry(
    State(state): State<AppState>,
    me: AdviserCaller,
    InPath(EnquiryClient(applicant_id)): InPath<EnquiryClient>,
    Body(request): Body<AnswersRequest>,
) -> Result<Json<Enquiry>, ApiError> {
    answer(&state, &me, applicant_id, request.answers).await
}

/// Answer questions of a client's underwriting enquiry (action form)
///
/// The same as `POST /underwriting/{applicantId}`: saves a batch of answers while the enquiry is
/// open, keeping none of them if any is refused.
#[utoipa::path(
    post,
    path = "/api/v1/actions/provideanswers/{applicantId}",
    tag = "underwriting",
    params(("applicantId" = String, Path, description = "The client's id, or their enquiry id")),
    request_body(content = AnswersRequest),
    responses(
        (status = OK, description = "The enquiry with the answers kept (the same as POST /underwriting/{applicantId})", body = Enquiry),
        BodyCommandAnswers,
    )
)]
pub async fn provide_answers(
    State(state): State<AppState>,
    me: AdviserCaller,
    InPath(EnquiryClient(applicant_id)): InPath<EnquiryClient>,
    Body(request): Body<AnswersRequest>,
) -> Result<Json<Enquiry>, ApiError> {
    answer(&state, &me, applicant_id, request.answers).await
}

/// Close a client's underwriting enquiry
///
/// Closes the interview once every required question is answered and the post-underwriting
/// declaration is accepted; the answers are then final. The rules decide each cover's outcome,
/// explained by the rules that fired and the answers they read. When every client's enquiry is
/// closed the application moves to Decision, or to Underwriting while a cover is referred to an
/// underwriter.
#[utoipa::path(
    post,
    path = "/api/v1/underwriting/{applicantId}/close",
    tag = "underwriting",
    params(("applicantId" = String, Path, description = "The client's id, or their enquiry id")),
    responses(
        (status = OK, description = "The closed enquiry with its outcome per cover, each explained by the rules that fired and the answers they read", body = Enquiry),
        CommandAnswers, Invalid,
    )
)]
pub async fn close_enquiry(
    State(state): State<AppState>,
    me: AdviserCaller,
    InPath(EnquiryClient(applicant_id)): InPath<EnquiryClient>,
) -> Result<Json<Enquiry>, ApiError> {
    Case::of_applicant(&state, &me, &applicant_id).await?;
    send(&state, &applicant_id, CloseEnquiry).await
}

/// Accept a client's post-underwriting declaration
///
/// Records that the client accepted the post-underwriting declaration, which closing their enquiry
/// needs. Allowed while the enquiry is open; the client must be on the application named.
#[utoipa::path(
    post,
    path = "/api/v1/actions/acceptuwdeclaration",
    tag = "underwriting",
    request_body(content = DeclarationRequest),
    responses(
        (status = OK, description = "The client's enquiry with the post-underwriting declaration accepted", body = Enquiry),
        CommandAnswers, Unreadable,
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
    send(&state, &request.applicant_id, AcceptPostDeclaration).await
}
