//! Starting an application from a Qi indication (issue 33): one call makes the application with
//! the client and their details, adds the covers priced at Qi, and carries every Qi answer into
//! the application, so nothing is typed twice.

use super::find;
use crate::auth::AdviserCaller;
use crate::case::{Case, InPath};
use crate::error::{ApiError, CommandAnswers};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use domain::application::{AddCover, CoverInput, RiderInput};
use domain::qi::LinkApplication;
use domain::{AddApplicant, ApplicantId, ApplicationId, CoverId, QiId, Rejection};
use serde::Serialize;
use utoipa::ToSchema;

/// The application started from an indication.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StartedApplication {
    pub application_id: ApplicationId,
}

/// Start an application from an indication
///
/// Creates an application owned by the indication's adviser with the Qi client, their details and
/// the covers priced at Qi, and carries every Qi answer into it: the client's underwriting
/// enquiry starts with them and asks only what Qi did not. The indication must have been given and
/// still be valid; asking again answers with the same application.
#[utoipa::path(
    post,
    path = "/api/v1/qi/{qiId}/application",
    tag = "qi",
    params(("qiId" = String, Path, description = "The Qi enquiry's id")),
    responses(
        (status = CREATED, description = "The application started from the indication", body = StartedApplication),
        (status = OK, description = "The application this indication already started", body = StartedApplication),
        CommandAnswers,
    )
)]
pub async fn start_application(
    State(state): State<AppState>,
    me: AdviserCaller,
    InPath(id): InPath<QiId>,
) -> Result<(StatusCode, Json<StartedApplication>), ApiError> {
    let found = find(&state, &me, &id).await?;
    let record = found.record;
    if let Some(application_id) = record.application_id {
        return Ok((StatusCode::OK, Json(StartedApplication { application_id })));
    }
    if record.expired {
        return Err(ApiError::Rejected(Rejection::conflict(domain::qi::EXPIRED)));
    }
    let carried = record.carried().ok_or_else(|| {
        ApiError::Rejected(Rejection::conflict(
            "Please see the indicative decision before starting an application from it",
        ))
    })?;
    let (_, Json(created)) =
        crate::routes::applications::create_for(&state, &me, record.adviser_id.clone()).await?;
    let application_id = created.id;
    let case = Case::find(&state, &me, application_id).await?;
    let applicant_id = ApplicantId::parse(&uuid::Uuid::new_v4().to_string())
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a new applicant id did not read")))?;
    case.command(
        &state,
        AddApplicant {
            applicant_id: applicant_id.clone(),
            details: record.client.clone(),
            indication: Some(Box::new(carried)),
        },
    )
    .await?;
    for cover in record.quote.iter().flat_map(|q| &q.covers) {
        let input = CoverInput {
            id: None,
            product_type: cover.product_type,
            cover_type: cover.cover_type,
            cover_amount: cover.cover_amount,
            monthly_benefit: cover.monthly_benefit,
            term: cover.term,
            to_age: cover.to_age,
            deferred_period: cover.deferred_period,
            payment_period: cover.payment_period,
            riders: cover
                .riders
                .iter()
                .map(|r| RiderInput {
                    rider_type: r.rider_type,
                    cover_amount: r.cover_amount,
                })
                .collect(),
        };
        case.command(
            &state,
            AddCover {
                applicant_id: applicant_id.clone(),
                cover_id: CoverId::from(uuid::Uuid::new_v4().simple().to_string()),
                cover: input,
            },
        )
        .await?;
    }
    state
        .workflow_client
        .send_to_qi(&id, LinkApplication { application_id })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(StartedApplication { application_id }),
    ))
}
