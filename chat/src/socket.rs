//! One chat connection: it joins the hub, says who the person is (with an adviser's messages
//! they have not seen), then turns each frame from the browser into a stored message, a typing
//! or read notice, or a catch-up, and passes the hub's deliveries to the browser: each message
//! number once, and, when the hub says notices were missed, whatever the store holds that this
//! connection has not sent (decision WC10).

use super::protocol::{
    ChatClientFrame, ChatConversationSummary, ChatMessageView, ChatServerFrame, ChatSideName,
};
use super::{ChatHub, ChatNotice, Delivery, Frame, Participant};
use axum::extract::ws::{Message, WebSocket};
use chrono::{NaiveDate, Utc};
use domain::web_chat::conversation::{
    ChatSide, ClientMessageId, FloodGuard, MessageError, MessageText, conversation_day,
};
use futures::{SinkExt, StreamExt};
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Duration;
use store::{CHAT_PAGE, ChatConversation, NewChatMessage, StoreError};

/// How often an idle socket is pinged, so proxies keep it open and a dead peer is noticed.
const PING_EVERY: Duration = Duration::from_secs(25);

/// Why a frame could not be handled: the person's mistake (told to them) or the store's.
enum Refusal {
    Message(MessageError),
    NotFound,
    Ended(NaiveDate),
    NeedsConversation,
    Store(StoreError),
}

impl From<StoreError> for Refusal {
    fn from(error: StoreError) -> Self {
        Refusal::Store(error)
    }
}

impl From<MessageError> for Refusal {
    fn from(error: MessageError) -> Self {
        Refusal::Message(error)
    }
}

/// What one connection remembers between frames.
struct Connection {
    hub: Arc<ChatHub>,
    me: Participant,
    flood: FloodGuard,
    /// An adviser's conversation of the day it was opened, once they have written.
    today: Option<ChatConversation>,
    /// Whether this connection has recorded the case the adviser is on.
    case_recorded: bool,
    /// Which adviser each conversation an agent has touched belongs to.
    advisers: HashMap<String, String>,
    /// The message numbers this connection's browser has been sent (or, for an agent, could
    /// read itself when it connected), by conversation.
    delivered: HashMap<String, Delivered>,
}

/// Which numbers of one conversation a connection has sent: all up to `upto`, and those above.
#[derive(Debug, Default)]
struct Delivered {
    upto: i64,
    above: BTreeSet<i64>,
}

impl Delivered {
    fn from(upto: i64) -> Self {
        Self {
            upto,
            above: BTreeSet::new(),
        }
    }

    /// Records `seq` as sent; false when it already was.
    fn note(&mut self, seq: i64) -> bool {
        if seq <= self.upto || !self.above.insert(seq) {
            return false;
        }
        while self.above.remove(&(self.upto + 1)) {
            self.upto += 1;
        }
        true
    }
}

/// Serves one socket until either side closes it.
pub async fn serve(socket: WebSocket, hub: Arc<ChatHub>, me: Participant, after: i64) {
    let (_membership, mut deliveries) = hub.join(&me).await;
    let (mut outgoing, mut incoming) = socket.split();
    let mut connection = Connection {
        hub,
        me,
        flood: FloodGuard::default(),
        today: None,
        case_recorded: false,
        advisers: HashMap::new(),
        delivered: HashMap::new(),
    };
    match connection.welcome(after).await {
        Ok(frame) => {
            if outgoing.send(text(&frame)).await.is_err() {
                return;
            }
        }
        Err(error) => {
            tracing::error!(error = %error, "chat: could not read the conversation for a new connection");
            let _ = outgoing.send(Message::Close(None)).await;
            return;
        }
    }
    let mut ping = tokio::time::interval(PING_EVERY);
    loop {
        tokio::select! {
            delivery = deliveries.recv() => match delivery {
                Some(delivery) => {
                    let mut sent = true;
                    for frame in connection.frames_for(delivery).await {
                        if outgoing.send(Message::Text(frame.as_ref().into())).await.is_err() {
                            sent = false;
                            break;
                        }
                    }
                    if !sent {
                        break;
                    }
                }
                // Dropped by the hub for falling behind: the browser reconnects and catches up.
                None => break,
            },
            received = incoming.next() => match received {
                Some(Ok(Message::Text(body))) => {
                    if let Some(reply) = connection.handle(body.as_str()).await
                        && outgoing.send(text(&reply)).await.is_err()
                    {
                        break;
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            },
            _ = ping.tick() => {
                if outgoing.send(Message::Ping(Vec::new().into())).await.is_err() {
                    break;
                }
            }
        }
    }
}

fn text(frame: &ChatServerFrame) -> Message {
    Message::Text(serde_json::to_string(frame).unwrap_or_default().into())
}

fn side_name(side: ChatSide) -> ChatSideName {
    if side == ChatSide::CareTeam {
        ChatSideName::CareTeam
    } else {
        ChatSideName::Adviser
    }
}

fn error_frame(refusal: Refusal, client_id: Option<String>) -> ChatServerFrame {
    let (code, message) = match refusal {
        Refusal::Message(error) => (error.code().to_owned(), error.to_string()),
        Refusal::NotFound => ("notFound".into(), "Conversation not found".into()),
        Refusal::Ended(day) => (
            "ended".into(),
            format!(
                "This conversation was on {}: it can be read, not answered",
                day.format("%d/%m/%Y")
            ),
        ),
        Refusal::NeedsConversation => (
            "conversationRequired".into(),
            "Say which conversation (conversationId) this is for".into(),
        ),
        Refusal::Store(error) => {
            tracing::error!(error = %error, "chat: the store failed");
            (
                "unavailable".into(),
                "The chat could not save that just now. It will be sent again when you reconnect."
                    .into(),
            )
        }
    };
    ChatServerFrame::Error {
        code,
        message,
        client_id,
    }
}

impl Connection {
    async fn welcome(&mut self, after: i64) -> Result<ChatServerFrame, StoreError> {
        let store = &self.hub.store;
        let day = conversation_day(Utc::now());
        let (conversation, messages, conversations) = match self.me.side {
            ChatSide::CareTeam => {
                let conversations = store.chat_conversations(None, Some(day)).await?;
                // The desk reads a conversation's earlier messages itself when it opens it.
                for c in &conversations {
                    self.delivered
                        .insert(c.id.clone(), Delivered::from(c.last_seq));
                }
                (None, Vec::new(), conversations)
            }
            _ => {
                let today = store.adviser_chat_conversation(&self.me.id, day).await?;
                let messages = match &today {
                    Some(c) => {
                        let messages = store.chat_messages_after(&c.id, after).await?;
                        let delivered = self
                            .delivered
                            .entry(c.id.clone())
                            .or_insert_with(|| Delivered::from(after));
                        for message in &messages {
                            delivered.note(message.seq);
                        }
                        messages
                    }
                    None => Vec::new(),
                };
                self.today = today.clone();
                (today, messages, Vec::new())
            }
        };
        Ok(ChatServerFrame::Welcome {
            side: side_name(self.me.side),
            name: self.me.name.clone(),
            conversation: conversation.as_ref().map(ChatConversationSummary::from),
            messages: messages.iter().map(ChatMessageView::from).collect(),
            conversations: conversations
                .iter()
                .map(ChatConversationSummary::from)
                .collect(),
        })
    }

    /// The frames a delivery from the hub puts on this socket: a message once, any other frame
    /// as it is, and after missed notices whatever the store holds that was not sent.
    async fn frames_for(&mut self, delivery: Delivery) -> Vec<Frame> {
        match delivery {
            Delivery::Message {
                conversation_id,
                seq,
                frame,
            } => {
                if self.note(&conversation_id, seq) {
                    vec![frame]
                } else {
                    Vec::new()
                }
            }
            Delivery::Frame(frame) => vec![frame],
            Delivery::CatchUp => self.catch_up().await.unwrap_or_else(|error| {
                tracing::error!(error = %error, "chat: a connection could not catch up");
                Vec::new()
            }),
        }
    }

    /// Records message `seq` as sent; false when it already was.
    fn note(&mut self, conversation_id: &str, seq: i64) -> bool {
        match self.delivered.get_mut(conversation_id) {
            Some(delivered) => delivered.note(seq),
            None => self
                .delivered
                .entry(conversation_id.to_owned())
                .or_default()
                .note(seq),
        }
    }

    /// What this connection would have been sent had no notice been missed: for an adviser,
    /// their conversation of today's messages after those sent and its read marks; for an
    /// agent, today's conversations (new ones, counts and who answered), their messages after
    /// those sent, and their read marks. The browser holds messages by number, so any overlap
    /// with a live delivery shows once.
    async fn catch_up(&mut self) -> Result<Vec<Frame>, StoreError> {
        let store = self.hub.store.clone();
        let day = conversation_day(Utc::now());
        let conversations = if self.me.side == ChatSide::CareTeam {
            store.chat_conversations(None, Some(day)).await?
        } else {
            let today = store.adviser_chat_conversation(&self.me.id, day).await?;
            if let Some(c) = &today
                && self.today.as_ref().is_none_or(|t| t.id != c.id)
            {
                self.today = Some(c.clone());
            }
            today.into_iter().collect()
        };
        let mut frames = Vec::new();
        for conversation in &conversations {
            if self.me.side == ChatSide::CareTeam {
                frames.push(
                    ChatServerFrame::Conversation {
                        conversation: ChatConversationSummary::from(conversation),
                    }
                    .encode(),
                );
            }
            let mut after = self.delivered.get(&conversation.id).map_or(0, |d| d.upto);
            loop {
                let page = store.chat_messages_after(&conversation.id, after).await?;
                for message in &page {
                    after = message.seq;
                    if self.note(&conversation.id, message.seq) {
                        frames.push(
                            ChatServerFrame::Message {
                                message: ChatMessageView::from(message),
                            }
                            .encode(),
                        );
                    }
                }
                if page.len() < usize::try_from(CHAT_PAGE).unwrap_or(usize::MAX) {
                    break;
                }
            }
            for (side, seq) in [
                (ChatSideName::Adviser, conversation.adviser_read_seq),
                (ChatSideName::CareTeam, conversation.care_read_seq),
            ] {
                if seq > 0 {
                    frames.push(
                        ChatServerFrame::Read {
                            conversation_id: conversation.id.clone(),
                            side,
                            seq,
                        }
                        .encode(),
                    );
                }
            }
        }
        Ok(frames)
    }

    /// Handles one frame from the browser; the answer, if any, goes to this connection only.
    async fn handle(&mut self, body: &str) -> Option<ChatServerFrame> {
        let frame: ChatClientFrame = match serde_json::from_str(body) {
            Ok(frame) => frame,
            Err(error) => {
                return Some(ChatServerFrame::Error {
                    code: "unreadable".into(),
                    message: format!("The frame could not be read: {error}"),
                    client_id: None,
                });
            }
        };
        match frame {
            ChatClientFrame::Send {
                conversation_id,
                client_id,
                text,
            } => self
                .send(conversation_id, &client_id, &text)
                .await
                .unwrap_or_else(|refusal| Some(error_frame(refusal, Some(client_id)))),
            ChatClientFrame::Typing {
                conversation_id,
                typing,
            } => self
                .typing(conversation_id, typing)
                .await
                .err()
                .map(|r| error_frame(r, None)),
            ChatClientFrame::Read {
                conversation_id,
                seq,
            } => self
                .read(conversation_id, seq)
                .await
                .err()
                .map(|r| error_frame(r, None)),
            ChatClientFrame::Sync {
                conversation_id,
                after,
            } => Some(
                self.sync(conversation_id, after)
                    .await
                    .unwrap_or_else(|r| error_frame(r, None)),
            ),
        }
    }

    /// The conversation a frame is about, with its adviser: an adviser's own of today (`None`
    /// before they have written), or the one an agent names.
    async fn conversation(
        &mut self,
        named: Option<String>,
    ) -> Result<Option<(String, String)>, Refusal> {
        if self.me.side != ChatSide::CareTeam {
            let today = conversation_day(Utc::now());
            if self.today.as_ref().is_some_and(|c| c.day != today) {
                self.today = None;
            }
            if self.today.is_none() {
                self.today = self
                    .hub
                    .store
                    .adviser_chat_conversation(&self.me.id, today)
                    .await?;
            }
            return Ok(self
                .today
                .as_ref()
                .map(|c| (c.id.clone(), c.adviser_id.clone())));
        }
        let id = named.ok_or(Refusal::NeedsConversation)?;
        if let Some(adviser) = self.advisers.get(&id) {
            return Ok(Some((id, adviser.clone())));
        }
        let found = self
            .hub
            .store
            .find_chat_conversation(&id)
            .await?
            .ok_or(Refusal::NotFound)?;
        self.advisers.insert(id.clone(), found.adviser_id.clone());
        Ok(Some((id, found.adviser_id)))
    }

    async fn send(
        &mut self,
        named: Option<String>,
        client_id: &str,
        text: &str,
    ) -> Result<Option<ChatServerFrame>, Refusal> {
        let client_id = ClientMessageId::parse(client_id)?;
        let text = MessageText::parse(text)?;
        let now = Utc::now();
        self.flood.admit(now)?;
        let store = &self.hub.store;
        let (conversation_id, adviser_id, announce) = if self.me.side == ChatSide::CareTeam {
            let id = named.ok_or(Refusal::NeedsConversation)?;
            let found = store
                .find_chat_conversation(&id)
                .await?
                .ok_or(Refusal::NotFound)?;
            if found.day != conversation_day(now) {
                return Err(Refusal::Ended(found.day));
            }
            (found.id, found.adviser_id, false)
        } else {
            let today = conversation_day(now);
            let current = self.today.as_ref().filter(|c| c.day == today);
            if current.is_some() && self.case_recorded {
                let c = current.map(|c| (c.id.clone(), c.adviser_id.clone()));
                let (id, adviser) = c.ok_or(Refusal::NotFound)?;
                (id, adviser, false)
            } else {
                let opened = store
                    .open_chat_conversation(
                        &uuid::Uuid::new_v4().to_string(),
                        &self.me.id,
                        &self.me.name,
                        today,
                        self.me.application_id,
                        now,
                    )
                    .await?;
                self.case_recorded = true;
                let ids = (opened.id.clone(), opened.adviser_id.clone());
                self.today = Some(opened);
                (ids.0, ids.1, true)
            }
        };
        let (stored, new) = store
            .append_chat_message(&NewChatMessage {
                conversation_id: &conversation_id,
                client_id: client_id.as_str(),
                sender_id: &self.me.id,
                sender_name: &self.me.name,
                sender_side: self.me.side.as_str(),
                from_care_team: self.me.side == ChatSide::CareTeam,
                body: text.as_str(),
                at: now,
            })
            .await?;
        let notice = ChatNotice::Message {
            conversation_id: conversation_id.clone(),
            adviser_id,
            seq: stored.seq,
        };
        if !new {
            // Sent again after a dropped connection: already stored. Published again in case
            // its first notice was lost (each connection sends a number once); this connection
            // hears it back as its acknowledgement.
            if let Err(error) = self.hub.publish(notice).await {
                tracing::warn!(error = %error, "chat: a message sent again could not be published");
            }
            self.note(&conversation_id, stored.seq);
            return Ok(Some(ChatServerFrame::Message {
                message: ChatMessageView::from(&stored),
            }));
        }
        if announce || stored.seq == 1 {
            self.hub
                .publish(ChatNotice::Conversation {
                    conversation_id: conversation_id.clone(),
                })
                .await?;
        }
        // Stored: should publishing fail, the browser is told `unavailable` and sends it again,
        // which publishes it again.
        self.hub.publish(notice).await?;
        Ok(None)
    }

    async fn typing(&mut self, named: Option<String>, typing: bool) -> Result<(), Refusal> {
        let side = side_name(self.me.side);
        match self.conversation(named).await? {
            Some((conversation_id, adviser_id)) => {
                let notice = ChatNotice::Typing {
                    conversation_id,
                    adviser_id,
                    side,
                    typing,
                };
                // Typing is a passing hint, never stored: one that cannot be published is let go.
                if let Err(error) = self.hub.publish(notice).await {
                    tracing::warn!(error = %error, "chat: a typing notice could not be published");
                }
                Ok(())
            }
            // An adviser typing their first message of the day: nothing to show anyone yet.
            None => Ok(()),
        }
    }

    async fn read(&mut self, named: Option<String>, seq: i64) -> Result<(), Refusal> {
        let Some((conversation_id, adviser_id)) = self.conversation(named).await? else {
            return Ok(());
        };
        let care = self.me.side == ChatSide::CareTeam;
        let mark = self
            .hub
            .store
            .mark_chat_read(&conversation_id, care, seq)
            .await?;
        if let Some(seq) = mark {
            self.hub
                .publish(ChatNotice::Read {
                    conversation_id,
                    adviser_id,
                    side: side_name(self.me.side),
                    seq,
                })
                .await?;
        }
        Ok(())
    }

    async fn sync(
        &mut self,
        named: Option<String>,
        after: i64,
    ) -> Result<ChatServerFrame, Refusal> {
        let Some((conversation_id, _)) = self.conversation(named).await? else {
            return Ok(ChatServerFrame::Messages {
                conversation_id: String::new(),
                messages: Vec::new(),
            });
        };
        let messages = self
            .hub
            .store
            .chat_messages_after(&conversation_id, after)
            .await?;
        Ok(ChatServerFrame::Messages {
            conversation_id,
            messages: messages.iter().map(ChatMessageView::from).collect(),
        })
    }
}
