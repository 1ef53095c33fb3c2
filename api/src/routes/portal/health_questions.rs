//! Health questions answered privately (issue 35, §7 `POST /portal/apply/{id}`): the adviser
//! sends a client their underwriting interview to answer in the client portal, and may take it
//! back; the client reads it, answers it (the same Update and checks as the adviser's answers,
//! carrying the client's account), uses the conditions look-up, accepts the declaration and
//! submits. Until then the adviser's reads show progress per section and no answer
//! (`domain::underwriting::private`). A client reaches only the interview of an applicant their
//! account is linked to; anyone else's is "not found".

use crate::audit::{NotRecorded, Reader};
use crate::auth::{AdviserCaller, ClientCaller};
use crate::body::Body;
use crate::case::{ApplicationPath, CaseInPath, InPath, PathId};
use crate::error::{
    ApiError, BodyCommandAnswers, ClientSignInProblems, Problem, Unconfirmed, Unreadable,
};
use crate::query::InQuery;
use crate::routes::underwriting::enquiry::{
    AnswersRequest, answers_batch, deliver, stored_enquiry,
};
use crate::routes::underwriting::lookup::{LookupQuery, QuestionOptions, search_options};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use chrono::{DateTime, Utc};
use domain::dates::uk_date;
use domain::underwriting::Enquiry;
use domain::underwriting::private::{
    ClientAnswers, ClientDeclares, ClientSubmits, SectionProgress, SendToClient, Sender, TakeBack,
};
use domain::{ApplicantId, ApplicationId, Rejection};
use serde::{Deserialize, Serialize};
use store::StoredEnquiry;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(send_health_questions_to_client))
        .routes(routes!(take_back_health_questions))
        .routes(routes!(my_health_questions))
        .routes(routes!(
            read_my_health_questions,
            answer_my_health_questions
        ))
        .routes(routes!(declare_my_health_questions))
        .routes(routes!(submit_my_health_questions))
        .routes(routes!(search_for_my_health_questions))
}

/// Why the interview cannot be sent before it has started.
const NOT_STARTED: &str = "The client's underwriting interview has not started yet. Start it on \
    the Underwriting page, then send it to the client.";
/// What a client is told of an interview that is not theirs, or not sent to them.
const NOT_YOURS: &str = "Health questions";

/// The client whose interview is sent or taken back.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PrivateAnsweringRequest {
    pub applicant_id: ApplicantId,
}

/// An interview sent to the signed-in client, as their portal lists it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitingInterview {
    pub application_id: ApplicationId,
    pub applicant_id: ApplicantId,
    /// The client's name as the application records it.
    pub client_name: String,
    /// The adviser who sent the questions.
    pub sent_by: String,
    pub sent_at: DateTime<Utc>,
    /// Still waiting for the client's answers (false once submitted).
    pub is_with_client: bool,
    #[schema(required = true)]
    pub submitted_at: Option<DateTime<Utc>>,
    pub sections: Vec<SectionProgress>,
}

/// The interviews sent to the signed-in client.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitingInterviews {
    pub interviews: Vec<WaitingInterview>,
}
/// A client's read of their own health questions.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)] // Describes responses; never built.
pub enum ClientRead {
    #[response(
        status = 404,
        description = "Not found (`type` ends `not-found`): no health questions of yours with this id are waiting or submitted",
        content_type = "application/problem+json"
    )]
    NotFound(Problem),
}

/// A client's change to their own health questions.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)] // Describes responses; never built.
pub enum ClientChange {
    #[response(
        status = 404,
        description = "Not found (`type` ends `not-found`): no health questions of yours with this id",
        content_type = "application/problem+json"
    )]
    NotFound(Problem),
    #[response(
        status = 409,
        description = "Not allowed now (`type` ends `conflict`): the questions were taken back by the adviser or already submitted; nothing was saved",
        content_type = "application/problem+json"
    )]
    Conflict(Problem),
    #[response(
        status = 422,
        description = "A rule is broken (`type` ends `invalid`): `errors` names each question at fault by its tag; nothing was saved",
        content_type = "application/problem+json"
    )]
    Invalid(Problem),
}

/// The adviser's side: the applicant must be on the application, and their interview started.
async fn adviser_sends<C>(
    state: &AppState,
    case: &crate::case::Case,
    applicant_id: &ApplicantId,
    command: impl FnOnce(&domain::Applicant) -> C,
) -> Result<Json<Enquiry>, ApiError>
where
    C: workflows::UpdateFor<workflows::EnquiryWorkflow>,
{
    let application = case.application(state).await?;
    let applicant = application
        .applicant(applicant_id)
        .ok_or_else(|| ApiError::not_found("Applicant"))?;
    if stored_enquiry(state, applicant_id).await?.is_none() {
        return Err(ApiError::Rejected(Rejection::conflict(NOT_STARTED)));
    }
    deliver(state, applicant_id, command(applicant)).await?;
    stored_enquiry(state, applicant_id)
        .await?
        .map(Json)
        .ok_or_else(|| ApiError::not_found("Enquiry"))
}

fn sender(me: &AdviserCaller) -> Sender {
    Sender {
        id: me.caller.subject.to_string(),
        name: me.profile.name.clone(),
    }
}

/// Send a client's health questions to answer privately
///
/// Sends the applicant's open underwriting interview to the client, to answer in the client
/// portal instead of aloud. The client signs in (or registers) with the email recorded on their
/// contact details; the portal sends no email, so tell them. Until they submit, reads of the
/// interview show each section answered or still to answer, and no answer; the adviser cannot
/// answer, declare or close it. Refused without an email, before the interview starts, once it is
/// closed, and when already sent or submitted.
#[utoipa::path(
    post,
    path = "/api/v1/portal/apply/{applicationId}",
    tag = "underwriting",
    params(ApplicationPath),
    request_body(content = PrivateAnsweringRequest),
    responses(
        (status = OK, description = "The enquiry as the adviser now sees it: progress per section (`clientAnswering`), no answers", body = Enquiry),
        BodyCommandAnswers,
    )
)]
pub async fn send_health_questions_to_client(
    State(state): State<AppState>,
    me: AdviserCaller,
    CaseInPath(case): CaseInPath,
    Body(request): Body<PrivateAnsweringRequest>,
) -> Result<Json<Enquiry>, ApiError> {
    let by = sender(&me);
    adviser_sends(&state, &case, &request.applicant_id, |applicant| {
        SendToClient {
            email: applicant
                .contact_details
                .as_ref()
                .and_then(|c| c.email_address.as_ref())
                .map(|e| e.as_str().to_owned()),
            by,
        }
    })
    .await
}

/// Take a client's health questions back
///
/// Takes back questions sent to the client before they submit them. Whatever the client answered
/// since they were sent is discarded unseen, and the interview is as it was when sent, to answer
/// with the adviser again (or send again).
#[utoipa::path(
    post,
    path = "/api/v1/portal/apply/{applicationId}/takeBack",
    tag = "underwriting",
    params(ApplicationPath),
    request_body(content = PrivateAnsweringRequest),
    responses(
        (status = OK, description = "The enquiry as it was when sent, the adviser's to answer", body = Enquiry),
        BodyCommandAnswers,
    )
)]
pub async fn take_back_health_questions(
    State(state): State<AppState>,
    me: AdviserCaller,
    CaseInPath(case): CaseInPath,
    Body(request): Body<PrivateAnsweringRequest>,
) -> Result<Json<Enquiry>, ApiError> {
    let by = sender(&me);
    adviser_sends(&state, &case, &request.applicant_id, |_| TakeBack { by }).await
}

/// The client's own interview as they see it, if it was sent to them and not taken back; any
/// other is "not found", so a joint applicant's is never revealed.
async fn own_interview(
    state: &AppState,
    me: &ClientCaller,
    applicant_id: &ApplicantId,
) -> Result<Enquiry, ApiError> {
    if me.link_for_applicant(applicant_id).is_none() {
        return Err(ApiError::not_found(NOT_YOURS));
    }
    match state.store.find_enquiry(applicant_id).await? {
        Some(StoredEnquiry::Record { record, interview }) if record.private.is_some() => {
            Ok(record.client_view(&interview, uk_date(Utc::now())))
        }
        _ => Err(ApiError::not_found(NOT_YOURS)),
    }
}

/// A client's command on their own interview, answered with the interview as they now see it.
async fn client_sends<C: workflows::UpdateFor<workflows::EnquiryWorkflow>>(
    state: &AppState,
    me: &ClientCaller,
    applicant_id: &ApplicantId,
    command: C,
) -> Result<Json<Enquiry>, ApiError> {
    own_interview(state, me, applicant_id).await?;
    deliver(state, applicant_id, command).await?;
    Ok(Json(own_interview(state, me, applicant_id).await?))
}

/// The client the path's `{applicantId}` names, for their own health questions: a segment that
/// cannot be one is told the same as an interview not theirs.
#[derive(Debug, Clone)]
pub struct HealthQuestionsOf(pub ApplicantId);

impl PathId for HealthQuestionsOf {
    const PARAM: &'static str = "applicantId";
    const WHAT: &'static str = NOT_YOURS;
    fn parse(text: &str) -> Option<Self> {
        ApplicantId::parse(text).map(HealthQuestionsOf)
    }
}

/// The health questions sent to me
///
/// The underwriting interviews advisers have sent the signed-in client to answer privately,
/// waiting or submitted, with each section answered or still to answer.
#[utoipa::path(
    get,
    path = "/api/v1/portal/health-questions",
    tag = "portal",
    responses(
        (status = OK, description = "The interviews sent to the client, newest first", body = WaitingInterviews),
        ClientSignInProblems,
    )
)]
pub async fn my_health_questions(
    State(state): State<AppState>,
    me: ClientCaller,
) -> Result<Json<WaitingInterviews>, ApiError> {
    let mut interviews = Vec::new();
    for link in &me.links {
        let Some(StoredEnquiry::Record { record, interview }) =
            state.store.find_enquiry(&link.applicant_id).await?
        else {
            continue;
        };
        let Some(private) = &record.private else {
            continue;
        };
        let view = record.client_view(&interview, uk_date(Utc::now()));
        let client_name = state
            .store
            .find_application(link.application_id)
            .await?
            .and_then(|a| a.applicant(&link.applicant_id).map(|a| a.full_name()))
            .unwrap_or_default();
        interviews.push(WaitingInterview {
            application_id: link.application_id,
            applicant_id: link.applicant_id.clone(),
            client_name,
            sent_by: private.sent_by.name.clone(),
            sent_at: private.sent_at,
            is_with_client: private.is_with_client(),
            submitted_at: private.submitted.as_ref().map(|s| s.at),
            sections: view
                .client_answering
                .map(|c| c.sections)
                .unwrap_or_default(),
        });
    }
    interviews.sort_by_key(|i| std::cmp::Reverse(i.sent_at));
    Ok(Json(WaitingInterviews { interviews }))
}

/// Read my health questions
///
/// The interview sent to the signed-in client: every section, question and answer so far, the
/// declaration, and whether it is submitted. Changes nothing.
#[utoipa::path(
    get,
    path = "/api/v1/portal/health-questions/{applicantId}",
    tag = "portal",
    params(("applicantId" = String, Path, description = "The client's applicant id on the application")),
    responses(
        (status = OK, description = "The interview with the client's answers; this read is recorded", body = Enquiry),
        ClientRead, ClientSignInProblems, NotRecorded,
    )
)]
pub async fn read_my_health_questions(
    State(state): State<AppState>,
    reader: Reader,
    me: ClientCaller,
    InPath(HealthQuestionsOf(applicant_id)): InPath<HealthQuestionsOf>,
) -> Result<Json<Enquiry>, ApiError> {
    let interview = own_interview(&state, &me, &applicant_id).await?;
    let application = me
        .link_for_applicant(&applicant_id)
        .map(|link| link.application_id);
    reader
        .health_answers(&state, application, Some(&applicant_id))
        .await?;
    Ok(Json(interview))
}

/// Answer my health questions
///
/// Saves a batch of the client's answers, each named by its question's tag, with the same checks
/// as an adviser's: an empty value clears an answer; if any answer is refused none of the batch
/// is kept, and each refusal is named by its tag. Only while the questions are with the client.
#[utoipa::path(
    post,
    path = "/api/v1/portal/health-questions/{applicantId}",
    tag = "portal",
    params(("applicantId" = String, Path, description = "The client's applicant id on the application")),
    request_body(content = AnswersRequest),
    responses(
        (status = OK, description = "The interview with the answers kept", body = Enquiry),
        ClientChange, Unreadable, ClientSignInProblems, Unconfirmed,
    )
)]
pub async fn answer_my_health_questions(
    State(state): State<AppState>,
    me: ClientCaller,
    InPath(HealthQuestionsOf(applicant_id)): InPath<HealthQuestionsOf>,
    Body(request): Body<AnswersRequest>,
) -> Result<Json<Enquiry>, ApiError> {
    let command = ClientAnswers {
        client: me.caller.subject.to_string(),
        batch: answers_batch(&state, request.answers),
    };
    client_sends(&state, &me, &applicant_id, command).await
}

/// Accept the declaration on my health questions
///
/// Records that the client has read and accepts the declaration that their answers are true and
/// complete, which submitting needs.
#[utoipa::path(
    post,
    path = "/api/v1/portal/health-questions/{applicantId}/declaration",
    tag = "portal",
    params(("applicantId" = String, Path, description = "The client's applicant id on the application")),
    responses(
        (status = OK, description = "The interview with the declaration accepted", body = Enquiry),
        ClientChange, ClientSignInProblems, Unconfirmed,
    )
)]
pub async fn declare_my_health_questions(
    State(state): State<AppState>,
    me: ClientCaller,
    InPath(HealthQuestionsOf(applicant_id)): InPath<HealthQuestionsOf>,
) -> Result<Json<Enquiry>, ApiError> {
    let command = ClientDeclares {
        client: me.caller.subject.to_string(),
    };
    client_sends(&state, &me, &applicant_id, command).await
}

/// Submit my health questions
///
/// Submits the client's answers to their adviser once every required question is answered and
/// the declaration accepted (each missing answer is named by its tag). The adviser then sees the
/// answers and carries on with the application; the client can no longer change them.
#[utoipa::path(
    post,
    path = "/api/v1/portal/health-questions/{applicantId}/submit",
    tag = "portal",
    params(("applicantId" = String, Path, description = "The client's applicant id on the application")),
    responses(
        (status = OK, description = "The submitted interview", body = Enquiry),
        ClientChange, ClientSignInProblems, Unconfirmed,
    )
)]
pub async fn submit_my_health_questions(
    State(state): State<AppState>,
    me: ClientCaller,
    InPath(HealthQuestionsOf(applicant_id)): InPath<HealthQuestionsOf>,
) -> Result<Json<Enquiry>, ApiError> {
    let command = ClientSubmits {
        client: me.caller.subject.to_string(),
    };
    client_sends(&state, &me, &applicant_id, command).await
}

/// Search the conditions (or occupations) list while answering my health questions
///
/// The same look-up as the adviser's interview: up to 20 options of a list-backed question for
/// what the client has typed in `stem`, best first, leaving out those already chosen in `answer`.
/// Options come without their classification codes: a client reads names, not ICD-10 codes.
#[utoipa::path(
    get,
    path = "/api/v1/portal/health-questions/lookup/{branch}/{tag}/{answer}",
    tag = "portal",
    params(
        ("branch" = String, Path, description = "The interview's branch (the enquiry's `branch`)"),
        ("tag" = String, Path, description = "The backed question's tag, for example CONDITIONS or OCCUPATION"),
        ("answer" = String, Path, description = "The question's answer so far (ids joined by `|`, or `-` for none)"),
        LookupQuery,
    ),
    responses(
        (status = OK, description = "Up to 20 options, best first", body = QuestionOptions),
        ClientRead, ClientSignInProblems,
    )
)]
pub async fn search_for_my_health_questions(
    State(state): State<AppState>,
    _me: ClientCaller,
    Path((branch, tag, answer)): Path<(String, String, String)>,
    InQuery(query): InQuery<LookupQuery>,
) -> Result<Json<QuestionOptions>, ApiError> {
    let mut found = search_options(&state, &branch, &tag, &answer, query.stem.as_deref())?;
    for option in &mut found.options {
        option.code = None;
    }
    Ok(found)
}
