//! Web chat between advisers and customer care (issue 35): a ticket to open the chat socket,
//! the socket itself, and the stored transcripts. Who takes which side is
//! `domain::web_chat::conversation::ChatSide`: advisers and assistants chat as themselves,
//! agents (`cca`) answer, administrators (`ccaadmin`) read; anyone else is refused (403). A
//! conversation that is not the caller's is not found (404).

use crate::auth::{AdviserCaller, Caller};
use crate::body::Body;
use crate::case::Case;
use crate::error::{ApiError, BadParameter, ChatSignInProblems, NotFound, Problem, Unreadable};
use crate::query::InQuery;
use crate::state::AppState;
use axum::Json;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use chat::protocol::{ChatConversationSummary, ChatMessageView, ChatProtocol};
use chat::{Participant, TICKET_LIFETIME, socket};
use chrono::{NaiveDate, Utc};
use domain::ApplicationId;
use domain::web_chat::conversation::{ChatSide, MAX_MESSAGE_CHARS, conversation_day};
use serde::{Deserialize, Serialize};
use store::ChatConversation;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(issue_ticket))
        .routes(routes!(open_socket))
        .routes(routes!(list_conversations))
        .routes(routes!(read_conversation))
}

/// The largest frame a browser may send: a longest message (4 bytes a character at most) with
/// room for its JSON.
const MAX_FRAME_BYTES: usize = MAX_MESSAGE_CHARS * 4 + 1024;

const NOT_IN_CHAT: &str = "Web chat is for advisers and customer care.";
const READS_ONLY: &str =
    "Customer care administrators can read chat transcripts but not take part in chats.";

/// The caller's side in web chat, with their adviser profile when they are one; 403 for
/// anyone who has none.
async fn side_of(
    state: &AppState,
    caller: Caller,
) -> Result<(ChatSide, Caller, Option<AdviserCaller>), ApiError> {
    let profile = state.store.find_adviser(&caller.subject).await?;
    let side = ChatSide::of(&caller.roles, profile.is_some())
        .ok_or_else(|| ApiError::Forbidden(NOT_IN_CHAT.into()))?;
    let adviser = profile.map(|profile| AdviserCaller {
        caller: caller.clone(),
        profile,
    });
    Ok((side, caller, adviser))
}

/// What the chat shows as the person's name: an adviser's registered name, else the one rule
/// for every caller ([`Caller::display_name`]).
fn display_name(caller: &Caller, adviser: Option<&AdviserCaller>) -> String {
    adviser
        .map(|a| a.profile.name.trim())
        .filter(|n| !n.is_empty())
        .map_or_else(|| caller.display_name(), str::to_owned)
}

/// Asks to open the chat.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TicketRequest {
    /// The application the adviser has open, if any, so customer care sees which case they are
    /// on. It must be one they may see (404 otherwise). Agents leave it out.
    #[serde(default)]
    pub application_id: Option<ApplicationId>,
}

/// A single-use ticket that opens the chat socket.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatTicket {
    /// Pass as `ticket` to the socket's address; it opens one socket.
    pub ticket: String,
    /// How long it may wait to be used.
    pub expires_in_seconds: u64,
}

/// Get a ticket to open the chat socket
///
/// A browser cannot send the access token with a WebSocket, and a token must never be put in an
/// address, so it asks for a ticket here and opens `GET /api/v1/backendforfrontend/webchat/socket`
/// with it within 30 seconds. Advisers and assistants chat as themselves; customer-care agents
/// answer. Customer-care administrators only read transcripts (403 here).
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/webchat/tickets",
    tag = "web chat",
    request_body = TicketRequest,
    responses(
        (status = CREATED, description = "The ticket", body = ChatTicket),
        NotFound, Unreadable, ChatSignInProblems,
    )
)]
pub async fn issue_ticket(
    State(state): State<AppState>,
    caller: Caller,
    Body(request): Body<TicketRequest>,
) -> Result<(StatusCode, Json<ChatTicket>), ApiError> {
    let (side, caller, adviser) = side_of(&state, caller).await?;
    if !side.may_chat() {
        return Err(ApiError::Forbidden(READS_ONLY.into()));
    }
    let application_id = match (side, request.application_id, &adviser) {
        (ChatSide::Adviser, Some(id), Some(me)) => Some(Case::find(&state, me, id).await?.id.get()),
        _ => None,
    };
    let ticket = state
        .chat
        .tickets
        .issue(&Participant {
            id: caller.subject.to_string(),
            name: display_name(&caller, adviser.as_ref()),
            side,
            application_id,
        })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(ChatTicket {
            ticket,
            expires_in_seconds: TICKET_LIFETIME.as_secs(),
        }),
    ))
}

/// Opens the socket.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SocketParams {
    /// A ticket from `POST /api/v1/backendforfrontend/webchat/tickets`.
    pub ticket: String,
    /// An adviser's last message number already held: the welcome frame brings those after it.
    #[serde(default)]
    pub after: i64,
}

/// Open the chat socket
///
/// Upgrades to a WebSocket carrying JSON frames (`ChatProtocol` describes both directions). The
/// first frame is `welcome`. Every message is stored before it is delivered; a message sent
/// again with the same `clientId` is stored once and answered with the stored one. An invalid,
/// expired or used ticket is 401.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/webchat/socket",
    tag = "web chat",
    security(()),
    params(SocketParams),
    responses(
        (status = SWITCHING_PROTOCOLS, description = "The chat socket; its frames, as JSON text", body = ChatProtocol),
        (status = UNAUTHORIZED, description = "The ticket is missing, expired or already used", body = Problem, content_type = "application/problem+json"),
        BadParameter,
    )
)]
pub async fn open_socket(
    State(state): State<AppState>,
    params: Result<InQuery<SocketParams>, ApiError>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    // Checked before the ticket, so a plain request does not use up a good ticket.
    let upgrade = upgrade.map_err(|rejection| ApiError::BadRequest {
        detail: format!(
            "This address opens the chat's WebSocket; connect with a WebSocket client ({})",
            rejection.body_text()
        ),
        errors: Vec::new(),
    })?;
    // Without a readable ticket the answer is the missing ticket's 401, not a 400.
    let InQuery(params) = params.map_err(|_| {
        ApiError::Unauthorized("Open the chat with a ticket from webchat/tickets".into())
    })?;
    let participant = state
        .chat
        .tickets
        .redeem(&params.ticket)
        .await?
        .ok_or_else(|| {
            ApiError::Unauthorized(
                "This chat ticket has expired or been used: ask for another".into(),
            )
        })?;
    let after = params.after.max(0);
    Ok(upgrade
        .max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .on_upgrade(move |ws| socket::serve(ws, state.chat.clone(), participant, after)))
}

/// Which conversations to list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ConversationsParams {
    /// For customer care: the UK day (`YYYY-MM-DD`); today when left out. An adviser's list
    /// is always all of their own.
    #[serde(default, deserialize_with = "crate::query::date_as_sent")]
    pub day: Option<NaiveDate>,
}

/// Conversations, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatConversationList {
    pub conversations: Vec<ChatConversationSummary>,
    /// How many customer-care agents are connected now.
    pub agents_online: usize,
}

/// List web chat conversations
///
/// For customer care, every adviser's conversations on a day (today unless `day` says); for an
/// adviser or assistant, their own conversations, one per day they chatted.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/webchat/conversations",
    tag = "web chat",
    params(ConversationsParams),
    responses(
        (status = OK, description = "The conversations, newest first", body = ChatConversationList),
        BadParameter, ChatSignInProblems,
    )
)]
pub async fn list_conversations(
    State(state): State<AppState>,
    caller: Caller,
    InQuery(params): InQuery<ConversationsParams>,
) -> Result<Json<ChatConversationList>, ApiError> {
    let (side, caller, _) = side_of(&state, caller).await?;
    let conversations = if side.reads_every_conversation() {
        let day = params.day.unwrap_or_else(|| conversation_day(Utc::now()));
        state.store.chat_conversations(None, Some(day)).await?
    } else {
        state
            .store
            .chat_conversations(Some(&caller.subject.to_string()), None)
            .await?
    };
    Ok(Json(ChatConversationList {
        conversations: conversations
            .iter()
            .map(ChatConversationSummary::from)
            .collect(),
        agents_online: state.chat.agents_online().await?,
    }))
}

/// A conversation and its messages.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatTranscript {
    pub conversation: ChatConversationSummary,
    /// In order, at most 500 from `after`; ask again after the last one for more.
    pub messages: Vec<ChatMessageView>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TranscriptParams {
    /// Only the messages numbered after this one.
    #[serde(default)]
    pub after: i64,
}

/// Read a web chat transcript
///
/// Customer care read any conversation; an adviser or assistant only their own (any other is
/// 404).
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/webchat/conversations/{conversationId}",
    tag = "web chat",
    params(("conversationId" = String, Path, description = "The conversation's id"), TranscriptParams),
    responses(
        (status = OK, description = "The conversation and its messages", body = ChatTranscript),
        NotFound, BadParameter, ChatSignInProblems,
    )
)]
pub async fn read_conversation(
    State(state): State<AppState>,
    caller: Caller,
    Path(conversation_id): Path<String>,
    InQuery(params): InQuery<TranscriptParams>,
) -> Result<Json<ChatTranscript>, ApiError> {
    let (side, caller, _) = side_of(&state, caller).await?;
    let conversation: ChatConversation = state
        .store
        .find_chat_conversation(&conversation_id)
        .await?
        .filter(|c| side.reads_every_conversation() || c.adviser_id == caller.subject.to_string())
        .ok_or_else(|| ApiError::not_found("Conversation"))?;
    let messages = state
        .store
        .chat_messages_after(&conversation.id, params.after.max(0))
        .await?;
    Ok(Json(ChatTranscript {
        conversation: ChatConversationSummary::from(&conversation),
        messages: messages.iter().map(ChatMessageView::from).collect(),
    }))
}
