//! Underwriting Qi (§1, §2 "underwriting-qi", §7 `/decision/qi/{id}/…` and the interview quote
//! document): a quick indication for one client before the sale. Reads come from the store;
//! every change goes to the indication's own workflow (`qi-{id}`) as an Update, and the answer
//! is the indication as it now stands. The same access rules as applications: an adviser sees
//! their own and those they act for; anyone else is told it is not found.

use crate::audit::{HEALTH_ANSWERS, NotRecorded, QI_INDICATION_DOCUMENT, Reader};
use crate::auth::AdviserCaller;
use crate::body::Body;
use crate::case::{InPath, PathId};
use crate::error::{ApiError, BadParameter, BodyCommandAnswers, CommandAnswers, ReadAnswers};
use crate::query::InQuery;
use crate::routes::applications::ActingFor;
use crate::routes::documents::{self, PdfDocument};
use crate::routes::underwriting::enquiry::answers_batch;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use chrono::Utc;
use domain::dates::uk_date;
use domain::product_codes::ProductType;
use domain::qi::{QiRecord, QiSummary, QiView, QuoteIndication, SetQiClient};
use domain::underwriting::Answer;
use domain::underwriting::interview::Interview;
use domain::underwriting::outcome::CoverOutcome;
use domain::{ApplicantDetails, QiId};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use workflows::{Indicate, QiWorkflow, QiWorkflowInput, UpdateFor};

mod application;
mod comparison;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_qi, list_qi))
        .routes(routes!(get_qi))
        .routes(routes!(set_qi_client))
        .routes(routes!(answer_qi))
        .routes(routes!(qi_risk))
        .routes(routes!(qi_product))
        .routes(routes!(qi_quote))
        .routes(routes!(qi_document))
        .routes(routes!(application::start_application))
        .routes(routes!(comparison::indication_comparison))
}

/// A Qi enquiry the caller may act on, as last saved, with the pre-sale interview it follows.
pub(crate) struct Found {
    pub record: QiRecord,
    pub interview: Interview,
}

impl Found {
    pub(crate) fn view(&self) -> QiView {
        self.record.view(&self.interview, uk_date(Utc::now()))
    }
}

/// The Qi enquiry `id`, if `me` may act for its adviser; otherwise "Qi enquiry not found".
pub(crate) async fn find(
    state: &AppState,
    me: &AdviserCaller,
    id: &QiId,
) -> Result<Found, ApiError> {
    let (record, interview) = state
        .store
        .find_qi(id)
        .await?
        .filter(|(record, _)| me.profile.may_act_for(&record.adviser_id))
        .ok_or_else(|| ApiError::not_found("Qi enquiry"))?;
    Ok(Found {
        record,
        interview: interview.for_indication(),
    })
}

/// Sends a command to the indication's workflow once the caller may act on it, and answers
/// with the indication as it now stands. An indication whose workflow has ended has expired.
async fn send<C: UpdateFor<QiWorkflow>>(
    state: &AppState,
    me: &AdviserCaller,
    id: &QiId,
    command: C,
) -> Result<Json<QiView>, ApiError> {
    let found = find(state, me, id).await?;
    match state.workflow_client.send_to_qi(id, command).await {
        Err(ApiError::NotFound(_)) if found.record.expired => Err(ApiError::Rejected(
            domain::Rejection::conflict(domain::qi::EXPIRED),
        )),
        Err(other) => Err(other),
        // The workflow saved the indication before answering: read our own write.
        Ok(_) => Ok(Json(find(state, me, id).await?.view())),
    }
}

/// The client's details as the adviser enters them at Qi: the same fields and values as an
/// application's client, the title optional.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QiClientRequest {
    #[serde(flatten)]
    pub client: domain::ApplicantPatch,
}

impl QiClientRequest {
    fn details(self) -> ApplicantDetails {
        self.client.into_details()
    }
}

/// Ask Qi for a new client
///
/// Starts a quick indication (a pre-sale enquiry, `ENQUIRY_TYPE` Pre-sale) for one client, owned
/// by the caller or, with `adviserId`, by an adviser they act for. The client needs a first and
/// last name, sex at birth, a date of birth giving an age of 18 to 64 and a smoking answer; the
/// title is optional. The indication stays valid for 30 days.
#[utoipa::path(
    post,
    path = "/api/v1/qi",
    tag = "qi",
    params(ActingFor),
    request_body(content = QiClientRequest),
    responses(
        (status = CREATED, description = "The new Qi enquiry, its client-details questions next", body = QiView),
        BodyCommandAnswers, BadParameter,
    )
)]
pub async fn create_qi(
    State(state): State<AppState>,
    me: AdviserCaller,
    InQuery(acting): InQuery<ActingFor>,
    Body(request): Body<QiClientRequest>,
) -> Result<(StatusCode, Json<QiView>), ApiError> {
    let owner = me.acting_for(acting.adviser_id.as_deref())?;
    let firm_id = if owner == me.profile.id {
        me.profile.firm_id.clone()
    } else {
        state
            .store
            .find_adviser(&owner)
            .await?
            .and_then(|p| p.firm_id)
    };
    let now = Utc::now();
    let id = QiId::parse(&uuid::Uuid::new_v4().to_string())
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a new Qi id did not read")))?;
    let interview = state.rulebook.interview.for_indication();
    let record = QiRecord::start(
        &interview,
        id.clone(),
        owner.clone(),
        firm_id,
        owner.to_string(),
        request.details(),
        now,
        uk_date(now),
    )
    .map_err(ApiError::Rejected)?;
    state
        .workflow_client
        .start_qi(QiWorkflowInput { record, interview })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(find(&state, &me, &id).await?.view()),
    ))
}

/// An adviser's Qi enquiries.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QiList {
    /// Still valid, most recent first.
    pub results: Vec<QiSummary>,
}

/// List your Qi enquiries
///
/// The caller's quick indications, and those of the advisers they act for, still within their 30
/// days, most recent first.
#[utoipa::path(
    get,
    path = "/api/v1/qi",
    tag = "qi",
    responses(
        (status = OK, description = "The Qi enquiries still valid, most recent first", body = QiList),
        ReadAnswers,
    )
)]
pub async fn list_qi(
    State(state): State<AppState>,
    me: AdviserCaller,
) -> Result<Json<QiList>, ApiError> {
    let records = state
        .store
        .list_qi(&me.profile.visible_advisers(), Utc::now())
        .await?;
    Ok(Json(QiList {
        results: records.iter().map(QiRecord::summary).collect(),
    }))
}

/// Get a Qi enquiry
///
/// The indication as last saved: the client, the pre-sale interview with its answers and problems,
/// which steps are complete, and the indication and price once asked for.
#[utoipa::path(
    get,
    path = "/api/v1/qi/{qiId}",
    tag = "qi",
    params(("qiId" = String, Path, description = "The Qi enquiry's id")),
    responses(
        (status = OK, description = "The Qi enquiry as last saved; this read of its answers is recorded", body = QiView),
        ReadAnswers, NotRecorded,
    )
)]
pub async fn get_qi(
    State(state): State<AppState>,
    reader: Reader,
    me: AdviserCaller,
    InPath(id): InPath<QiId>,
) -> Result<Json<QiView>, ApiError> {
    let found = find(&state, &me, &id).await?;
    reader
        .qi(&state, &id, found.record.application_id, HEALTH_ANSWERS)
        .await?;
    Ok(Json(found.view()))
}

/// Change a Qi client's details
///
/// Replaces the client's details (as when asking Qi). Their sex at birth, date of birth and smoking
/// answer the interview's client-details questions; an indication or price given on the old
/// details is withdrawn.
#[utoipa::path(
    put,
    path = "/api/v1/qi/{qiId}/client",
    tag = "qi",
    params(("qiId" = String, Path, description = "The Qi enquiry's id")),
    request_body(content = QiClientRequest),
    responses(
        (status = OK, description = "The Qi enquiry with the client's new details", body = QiView),
        BodyCommandAnswers,
    )
)]
pub async fn set_qi_client(
    State(state): State<AppState>,
    me: AdviserCaller,
    InPath(id): InPath<QiId>,
    Body(request): Body<QiClientRequest>,
) -> Result<Json<QiView>, ApiError> {
    let command = SetQiClient {
        client: request.details(),
    };
    send(&state, &me, &id, command).await
}

/// Answers to a Qi enquiry's questions, by tag, written as for an application's enquiry.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QiAnswersRequest {
    pub answers: Vec<Answer>,
}

/// Answer questions of a Qi enquiry
///
/// Saves a batch of answers by the interview's own rules, as for an application's enquiry: an
/// empty value clears an answer, an answer may open further questions, and if any is refused none
/// of the batch is kept, each refusal named by its tag. An indication or price given on the old
/// answers is withdrawn.
#[utoipa::path(
    post,
    path = "/api/v1/qi/{qiId}/answers",
    tag = "qi",
    params(("qiId" = String, Path, description = "The Qi enquiry's id")),
    request_body(content = QiAnswersRequest),
    responses(
        (status = OK, description = "The Qi enquiry with the answers kept", body = QiView),
        BodyCommandAnswers,
    )
)]
pub async fn answer_qi(
    State(state): State<AppState>,
    me: AdviserCaller,
    InPath(id): InPath<QiId>,
    Body(request): Body<QiAnswersRequest>,
) -> Result<Json<QiView>, ApiError> {
    let command = answers_batch(&state, request.answers);
    send(&state, &me, &id, command).await
}

/// The indicative decision
///
/// Runs the rulebook over the answers, once every question asked is answered, and keeps the
/// outcome for each Qi product (life, ci, aci, ip): standard or non-standard terms with any loading
/// and exclusion, an underwriter needed, postponed or declined, each explained by the rules that
/// fired and the answers they read, as in the full application. Asking again on the same answers
/// gives the same indication.
#[utoipa::path(
    post,
    path = "/api/v1/decision/qi/{qiId}/risk",
    tag = "qi",
    params(("qiId" = String, Path, description = "The Qi enquiry's id")),
    responses(
        (status = OK, description = "The Qi enquiry with its indication per product", body = QiView),
        CommandAnswers, crate::error::Invalid,
    )
)]
pub async fn qi_risk(
    State(state): State<AppState>,
    me: AdviserCaller,
    InPath(id): InPath<QiId>,
) -> Result<Json<QiView>, ApiError> {
    send(&state, &me, &id, Indicate).await
}

/// The products to narrow an indication to.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QiProductRequest {
    #[schema(min_items = 1)]
    pub product_types: Vec<ProductType>,
}

/// An indication narrowed to some products.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QiOutcomes {
    pub outcomes: Vec<CoverOutcome>,
}

/// The indicative decision for some products
///
/// The indication's outcome for the products named (of life, ci, aci and ip), each explained as in
/// the full application. Changes nothing; the indication must have been asked for
/// (`/decision/qi/{qiId}/risk`).
#[utoipa::path(
    post,
    path = "/api/v1/decision/qi/{qiId}/product",
    tag = "qi",
    params(("qiId" = String, Path, description = "The Qi enquiry's id")),
    request_body(content = QiProductRequest),
    responses(
        (status = OK, description = "The indicated outcome of each product named", body = QiOutcomes),
        BodyCommandAnswers,
    )
)]
pub async fn qi_product(
    State(state): State<AppState>,
    me: AdviserCaller,
    InPath(id): InPath<QiId>,
    Body(request): Body<QiProductRequest>,
) -> Result<Json<QiOutcomes>, ApiError> {
    if request.product_types.is_empty() {
        return Err(ApiError::bad_field("productTypes", "Please name a product"));
    }
    let found = find(&state, &me, &id).await?;
    let outcomes = found
        .record
        .outcomes(Some(&request.product_types))
        .ok_or_else(|| {
            ApiError::Rejected(domain::Rejection::conflict(
                "Please ask for the indicative decision first",
            ))
        })?;
    Ok(Json(QiOutcomes { outcomes }))
}

/// The quote decision: an indicative price
///
/// Prices the covers entered (amount or monthly benefit, term or to-age, structure) on the terms
/// the indication gave each product, on the same pricing basis as a quote: a loading raises the
/// premium, a postponed or declined product is left out at no premium. Kept with the indication,
/// so an application started from it begins with these covers.
#[utoipa::path(
    post,
    path = "/api/v1/decision/qi/{qiId}/quote",
    tag = "qi",
    params(("qiId" = String, Path, description = "The Qi enquiry's id")),
    request_body(content = QuoteIndication),
    responses(
        (status = OK, description = "The Qi enquiry with its priced covers", body = QiView),
        BodyCommandAnswers,
    )
)]
pub async fn qi_quote(
    State(state): State<AppState>,
    me: AdviserCaller,
    InPath(id): InPath<QiId>,
    Body(request): Body<QuoteIndication>,
) -> Result<Json<QiView>, ApiError> {
    send(&state, &me, &id, request).await
}

/// How the interview quote document is asked for (§7).
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct QiDocumentQuery {
    /// The name to save the file under; the indication's own name when absent.
    pub file_name: Option<String>,
    /// Accepted as §7 sends it: the document is drawn from the indication as saved, so asking
    /// again gives the same content.
    #[allow(dead_code)]
    pub already_exists: Option<bool>,
    /// The adviser acted for; access follows the indication's owner either way.
    pub adviser_id: Option<String>,
}

/// The client the path's `{clientId}` names on a Qi enquiry (the enquiry's own client id).
#[derive(Debug, Clone)]
pub struct QiClient(pub domain::ApplicantId);

impl PathId for QiClient {
    const PARAM: &'static str = "clientId";
    const WHAT: &'static str = "Client";
    fn parse(text: &str) -> Option<Self> {
        domain::ApplicantId::parse(text).map(QiClient)
    }
}

/// Download the indication
///
/// The indication as a PDF, marked as an indication and not an offer: the client, the answers
/// given, the indicated outcome per product with its reasons, and the indicative price of the
/// covers priced. `{clientId}` is the Qi client's id (`enquiry.applicantId`).
#[utoipa::path(
    get,
    path = "/api/v1/document/interview/{qiId}/{clientId}/quote",
    tag = "qi",
    params(
        ("qiId" = String, Path, description = "The Qi enquiry's id"),
        ("clientId" = String, Path, description = "The Qi client's id (`enquiry.applicantId`)"),
        QiDocumentQuery,
    ),
    responses(
        (status = OK, description = "The indication as a PDF, named in content-disposition; this read is recorded", content_type = "application/pdf", body = PdfDocument),
        CommandAnswers, BadParameter, NotRecorded,
    )
)]
pub async fn qi_document(
    State(state): State<AppState>,
    reader: Reader,
    me: AdviserCaller,
    InPath(id): InPath<QiId>,
    InPath(QiClient(client)): InPath<QiClient>,
    InQuery(query): InQuery<QiDocumentQuery>,
) -> Result<Response, ApiError> {
    me.acting_for(query.adviser_id.as_deref())?;
    let found = find(&state, &me, &id).await?;
    if found.record.enquiry.applicant_id != client {
        return Err(ApiError::not_found("Client"));
    }
    let view = found.view();
    if view.indication.is_none() {
        return Err(ApiError::Rejected(domain::Rejection::conflict(
            "Please ask for the indicative decision before downloading it",
        )));
    }
    let document = activities::indication_document(&view, uk_date(Utc::now()));
    let name = query
        .file_name
        .map(|n| n.replace(['"', '/', '\\', '\r', '\n'], ""))
        .filter(|n| !n.trim().is_empty() && n.len() <= 200)
        .unwrap_or(document.file_name);
    reader
        .qi(
            &state,
            &id,
            found.record.application_id,
            QI_INDICATION_DOCUMENT,
        )
        .await?;
    Ok(documents::download(
        document.bytes,
        documents::PDF,
        &name,
        documents::Disposition::Attachment,
    ))
}
