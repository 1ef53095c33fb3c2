//! Liveness and readiness for scripts and load balancers.

use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use temporalio_common::protos::temporal::api::workflowservice::v1::GetSystemInfoRequest;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(healthz))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Health {
    pub database: bool,
    pub temporal: bool,
}

/// Check the service's health
///
/// Ready (200) when both the database and the workflow engine (Temporal) answer; 503 with which one
/// does not otherwise. Needs no access token.
#[utoipa::path(
    get,
    path = "/healthz",
    tag = "operations",
    security(()),
    responses(
        (status = OK, description = "Ready to serve", body = Health),
        (status = SERVICE_UNAVAILABLE, description = "A dependency is not answering", body = Health),
    )
)]
pub async fn healthz(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let database = state.store.ping().await.is_ok();
    let mut service = state
        .workflow_client
        .client()
        .connection()
        .workflow_service();
    let temporal = service
        .get_system_info(temporalio_client::tonic::Request::new(
            GetSystemInfoRequest::default(),
        ))
        .await
        .is_ok();
    let status = if database && temporal {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, Json(Health { database, temporal }))
}
