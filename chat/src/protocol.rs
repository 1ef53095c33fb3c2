//! The frames the chat socket carries, as JSON text, each with a `type`. Described in the
//! OpenAPI document (the socket's 101 response) so the SPA's types come from the same code.
//!
//! Delivery (decision WC2): every message the browser sends carries its own id (`clientId`);
//! the portal stores it once and sends it back to everyone in the conversation, the sender
//! included, as a `message` numbered in the conversation (`seq`). A browser that does not see
//! its message come back sends it again after reconnecting; one that reconnects asks for the
//! messages after the last number it holds (`after` on the socket's address, or `sync`).

use serde::{Deserialize, Serialize};
use store::{ChatConversation, ChatMessage};
use utoipa::ToSchema;

/// What a browser sends on the chat socket. An agent names the conversation; an adviser's is
/// always their own of today, so they leave it out.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ChatClientFrame {
    /// A new message (or one sent again after a dropped connection, with the same `clientId`).
    #[serde(rename_all = "camelCase")]
    Send {
        #[serde(default)]
        conversation_id: Option<String>,
        /// The browser's own id for the message (1 to 64 letters, digits or `-`).
        client_id: String,
        text: String,
    },
    /// The sender started or stopped typing.
    #[serde(rename_all = "camelCase")]
    Typing {
        #[serde(default)]
        conversation_id: Option<String>,
        typing: bool,
    },
    /// The sender has read every message up to `seq`.
    #[serde(rename_all = "camelCase")]
    Read {
        #[serde(default)]
        conversation_id: Option<String>,
        seq: i64,
    },
    /// Asks for the conversation's messages after `after` (answered with `messages`).
    #[serde(rename_all = "camelCase")]
    Sync {
        #[serde(default)]
        conversation_id: Option<String>,
        after: i64,
    },
}

/// What the portal sends on the chat socket.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ChatServerFrame {
    /// First frame on every connection: who you are in the chat; an adviser gets their
    /// conversation of today (if they have written one) and its messages after `after`; an
    /// agent gets today's conversations.
    #[serde(rename_all = "camelCase")]
    Welcome {
        side: ChatSideName,
        name: String,
        #[schema(required = true)]
        conversation: Option<ChatConversationSummary>,
        messages: Vec<ChatMessageView>,
        conversations: Vec<ChatConversationSummary>,
    },
    /// A message stored in a conversation (also the sender's acknowledgement: its `clientId`
    /// is theirs).
    Message { message: ChatMessageView },
    /// Messages asked for with `sync`, in order; fewer than 500 means there are no more.
    #[serde(rename_all = "camelCase")]
    Messages {
        conversation_id: String,
        messages: Vec<ChatMessageView>,
    },
    /// A conversation started, or changed what it shows (the case the adviser is on); sent to
    /// agents.
    #[serde(rename_all = "camelCase")]
    Conversation {
        conversation: ChatConversationSummary,
    },
    /// The other side started or stopped typing.
    #[serde(rename_all = "camelCase")]
    Typing {
        conversation_id: String,
        side: ChatSideName,
        typing: bool,
    },
    /// One side has read every message up to `seq`.
    #[serde(rename_all = "camelCase")]
    Read {
        conversation_id: String,
        side: ChatSideName,
        seq: i64,
    },
    /// A frame was refused; nothing was stored. `clientId` names the message, when it was one.
    #[serde(rename_all = "camelCase")]
    Error {
        code: String,
        message: String,
        #[schema(required = true)]
        client_id: Option<String>,
    },
}

impl ChatServerFrame {
    /// The frame as JSON text, ready to share between connections.
    pub fn encode(&self) -> super::Frame {
        // Plain data with string keys: writing it as JSON cannot fail.
        super::Frame::from(serde_json::to_string(self).unwrap_or_default())
    }
}

/// The two sides of a conversation.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum ChatSideName {
    Adviser,
    CareTeam,
}

/// A stored message.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatMessageView {
    pub conversation_id: String,
    /// Its number in the conversation: 1, 2, 3, … in the order the portal stored them.
    pub seq: i64,
    pub client_id: String,
    pub side: ChatSideName,
    pub sender_name: String,
    pub text: String,
    pub sent_at: chrono::DateTime<chrono::Utc>,
}

impl From<&ChatMessage> for ChatMessageView {
    fn from(message: &ChatMessage) -> Self {
        Self {
            conversation_id: message.conversation_id.clone(),
            seq: message.seq,
            client_id: message.client_id.clone(),
            side: if message.sender_side == "careTeam" {
                ChatSideName::CareTeam
            } else {
                ChatSideName::Adviser
            },
            sender_name: message.sender_name.clone(),
            text: message.body.clone(),
            sent_at: message.sent_at,
        }
    }
}

/// A conversation as the chat desk lists it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatConversationSummary {
    pub id: String,
    pub adviser_id: String,
    pub adviser_name: String,
    /// The UK day it belongs to (one per adviser per day).
    pub day: chrono::NaiveDate,
    /// The case the adviser was on when they last opened the chat and wrote, if any.
    #[schema(required = true)]
    pub application_id: Option<i64>,
    /// That case's client names.
    #[schema(required = true)]
    pub client_names: Option<String>,
    pub started_at: chrono::DateTime<chrono::Utc>,
    pub last_message_at: chrono::DateTime<chrono::Utc>,
    /// How many messages it holds.
    pub message_count: i64,
    /// The agent who last answered; null while it waits for its first answer.
    #[schema(required = true)]
    pub agent_name: Option<String>,
    /// The last message each side has read.
    pub adviser_read_seq: i64,
    pub care_read_seq: i64,
}

impl From<&ChatConversation> for ChatConversationSummary {
    fn from(c: &ChatConversation) -> Self {
        Self {
            id: c.id.clone(),
            adviser_id: c.adviser_id.clone(),
            adviser_name: c.adviser_name.clone(),
            day: c.day,
            application_id: c.application_id,
            client_names: c.client_names.clone(),
            started_at: c.started_at,
            last_message_at: c.last_message_at,
            message_count: c.last_seq,
            agent_name: c.agent_name.clone(),
            adviser_read_seq: c.adviser_read_seq,
            care_read_seq: c.care_read_seq,
        }
    }
}

/// Both directions' frames, for the OpenAPI document only: the socket is not a JSON response,
/// but its frames are typed like one.
#[derive(Debug, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatProtocol {
    /// Each frame a browser may send.
    pub from_browser: ChatClientFrame,
    /// Each frame the portal sends.
    pub from_portal: ChatServerFrame,
}
