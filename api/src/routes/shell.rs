//! The portal's frame around the journeys (§2 "Footer", §3/§7 marketing updates): whether web
//! chat can be used now, the marketing notice for the signed-in adviser and its dismissal, and
//! the client welcome document the footer links to.

use crate::auth::AdviserCaller;
use crate::error::{ApiError, NotFound, SignInProblems};
use crate::routes::documents::{self, PdfDocument};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use chrono::{NaiveDate, Utc};
use domain::dates::uk_date;
use domain::marketing::{MarketingAlert, current_alert};
use domain::web_chat::{WebChatAvailability, web_chat_availability};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(web_chat_status))
        .routes(routes!(marketing_updates))
        .routes(routes!(dismiss_marketing_update))
        .routes(routes!(client_welcome))
}

/// Where the client welcome document is served; the bootstrap configuration links to it.
pub const CLIENT_WELCOME_PATH: &str = "/api/v1/backendforfrontend/documents/client-welcome";

/// Why web chat can or cannot be used now.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum WebChatReason {
    /// At least one customer-care agent is online to answer.
    Ready,
    /// Inside the staffed hours, but no agent is online just now.
    NoOneOnline,
    /// Outside customer care's staffed hours, and no agent is online (`opensAt` says when the
    /// hours next start).
    OutsideHours,
}

/// Whether the web chat launcher can open a chat now.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebChatStatus {
    pub ready: bool,
    pub reason: WebChatReason,
    /// When customer care next starts answering, in UK civil time (`YYYY-MM-DDTHH:MM:SS`); only
    /// when the reason is `outsideHours` and they open within a fortnight.
    #[schema(required = true, example = "2026-11-30T08:00:00")]
    pub opens_at: Option<String>,
}

/// Get whether web chat can be used now
///
/// Web chat is ready while at least one customer-care agent is connected to the chat desk; when
/// none is, the reason says whether it is inside the staffed hours (the insurer's, in UK time)
/// and, if not, when they next start. The SPA asks again every minute and enables the chat
/// button only when `ready`.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/webchat/status",
    tag = "portal",
    responses(
        (status = OK, description = "Whether web chat can be used now, and if not why", body = WebChatStatus),
        SignInProblems,
    )
)]
pub async fn web_chat_status(
    State(state): State<AppState>,
    _me: AdviserCaller,
) -> Result<Json<WebChatStatus>, ApiError> {
    // Agents on every `portal api` process sharing the database (decision WC9).
    let availability = web_chat_availability(
        state.chat.agents_online().await?,
        &state.settings.web_chat_hours,
        Utc::now(),
    );
    Ok(Json(match availability {
        WebChatAvailability::Ready => WebChatStatus {
            ready: true,
            reason: WebChatReason::Ready,
            opens_at: None,
        },
        WebChatAvailability::NoOneOnline => WebChatStatus {
            ready: false,
            reason: WebChatReason::NoOneOnline,
            opens_at: None,
        },
        WebChatAvailability::OutsideHours { opens_at } => WebChatStatus {
            ready: false,
            reason: WebChatReason::OutsideHours,
            opens_at: opens_at.map(|at| at.format("%Y-%m-%dT%H:%M:%S").to_string()),
        },
    }))
}

/// A notice to advisers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarketingUpdate {
    pub id: String,
    pub title: String,
    pub message: String,
    #[schema(required = true)]
    pub link: Option<MarketingLink>,
    /// First and last UK day it shows.
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarketingLink {
    pub text: String,
    pub url: String,
}

impl From<&MarketingAlert> for MarketingUpdate {
    fn from(alert: &MarketingAlert) -> Self {
        Self {
            id: alert.id.clone(),
            title: alert.title.clone(),
            message: alert.message.clone(),
            link: alert.link.as_ref().map(|link| MarketingLink {
                text: link.text.clone(),
                url: link.url.clone(),
            }),
            starts_on: alert.starts_on,
            ends_on: alert.ends_on,
        }
    }
}

/// The notice to show the adviser now, if any.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarketingUpdates {
    #[schema(required = true)]
    pub alert: Option<MarketingUpdate>,
}

/// Get the current marketing alert
///
/// The insurer's notice to show on the signed-in adviser's dashboard today (UK date): of those
/// running today that the adviser has not dismissed, the one that started last; `alert` is null
/// when there is none.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/marketingupdates",
    tag = "portal",
    responses(
        (status = OK, description = "The notice to show now, or null", body = MarketingUpdates),
        SignInProblems,
    )
)]
pub async fn marketing_updates(
    State(state): State<AppState>,
    me: AdviserCaller,
) -> Result<Json<MarketingUpdates>, ApiError> {
    let dismissed = state.store.dismissed_alerts(&me.profile.id).await?;
    let alert = current_alert(&state.settings.marketing, uk_date(Utc::now()), &dismissed);
    Ok(Json(MarketingUpdates {
        alert: alert.map(MarketingUpdate::from),
    }))
}

/// Dismiss a marketing alert
///
/// The signed-in adviser has read the notice: it no longer shows for them, on any device.
/// Dismissing it again changes nothing.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/marketingupdates/{alertId}/dismiss",
    tag = "portal",
    params(("alertId" = String, Path, description = "The notice's id")),
    responses(
        (status = NO_CONTENT, description = "Dismissed for this adviser"),
        NotFound, SignInProblems,
    )
)]
pub async fn dismiss_marketing_update(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(alert_id): Path<String>,
) -> Result<StatusCode, ApiError> {
    if !state.settings.marketing.iter().any(|a| a.id == alert_id) {
        return Err(ApiError::not_found("Marketing alert"));
    }
    state
        .store
        .dismiss_alert(&me.profile.id, &alert_id, Utc::now())
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Download the client welcome document
///
/// The insurer's welcome note for clients (what happens next, how to reach the insurer), as a
/// PDF shown in the browser. It is about no one in particular, so it needs no sign-in: the
/// footer links to it and an adviser may pass the address on.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/documents/client-welcome",
    tag = "portal",
    security(()),
    responses(
        (status = OK, description = "The client welcome document", content_type = "application/pdf", body = PdfDocument),
    )
)]
pub async fn client_welcome(State(state): State<AppState>) -> Result<Response, ApiError> {
    let settings = &state.settings;
    let data = activities::welcome_data(
        &settings.legal.copyright_holder,
        &settings.help.telephone,
        &settings.help.email,
    );
    let document = activities::welcome_document(&settings.welcome_template, &data)
        .map_err(|problem| ApiError::Internal(anyhow::anyhow!(problem)))?;
    Ok(documents::download(
        document.bytes,
        documents::PDF,
        &document.file_name,
        documents::Disposition::Inline,
    ))
}
