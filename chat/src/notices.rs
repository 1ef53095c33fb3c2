//! How what happens in a conversation reaches every connection in it, on every `portal api`
//! process (decision WC10). After a message or a read mark is stored, and when someone types,
//! the hub publishes a [`ChatNotice`]: ids and numbers only, never a message's text.
//!
//! - On PostgreSQL it goes out on the `LISTEN/NOTIFY` channel; every process (the sender's too)
//!   listens on a connection of its own and delivers it to its own sockets, reading the message
//!   from the store. When that connection is lost, notices published meanwhile are gone: once
//!   listening again, the hub tells every connection to catch up from the store.
//! - On SQLite (one process) it is delivered at once, the same way.

use super::protocol::{ChatConversationSummary, ChatMessageView, ChatServerFrame, ChatSideName};
use super::{ChatHub, Delivery};
use serde::{Deserialize, Serialize};
use std::sync::Weak;
use std::time::Duration;
use store::StoreError;

/// Something that happened in a conversation, as published between processes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ChatNotice {
    /// Message `seq` of the conversation was stored.
    Message {
        conversation_id: String,
        adviser_id: String,
        seq: i64,
    },
    /// A conversation started, or changed the case it shows (agents hear it).
    Conversation { conversation_id: String },
    /// `side` has read the conversation up to message `seq`.
    Read {
        conversation_id: String,
        adviser_id: String,
        side: ChatSideName,
        seq: i64,
    },
    /// `side` started or stopped typing (the other side hears it; never stored).
    Typing {
        conversation_id: String,
        adviser_id: String,
        side: ChatSideName,
        typing: bool,
    },
}

/// The first wait before listening again after the channel's connection failed; it doubles up
/// to [`LONGEST_PAUSE`].
const FIRST_PAUSE: Duration = Duration::from_millis(250);
const LONGEST_PAUSE: Duration = Duration::from_secs(5);

/// After this long with nothing heard the listener checks its connection still answers
/// ([`ChatHub::with_listener_check`] changes it for tests).
pub(super) const QUIET_CHECK: Duration = Duration::from_secs(30);
/// How long that check may take before the connection is taken for dead and made anew.
const PING_WITHIN: Duration = Duration::from_secs(5);

/// The name a process's listening connection has on the server.
pub(super) fn listener_name(process_id: &str) -> String {
    format!("portal chat {process_id}")
}

impl ChatHub {
    /// Makes `notice` reach every connection it concerns, on every process.
    pub async fn publish(&self, notice: ChatNotice) -> Result<(), StoreError> {
        if self.store.has_chat_channel() {
            // Plain data with string keys: writing it as JSON cannot fail.
            let payload = serde_json::to_string(&notice).unwrap_or_default();
            self.store.publish_chat_notice(&payload).await
        } else {
            self.deliver(notice).await
        }
    }

    /// Delivers `notice` to this process's connections.
    async fn deliver(&self, notice: ChatNotice) -> Result<(), StoreError> {
        match notice {
            ChatNotice::Message {
                conversation_id,
                adviser_id,
                seq,
            } => {
                let Some(message) = self
                    .store
                    .chat_message_numbered(&conversation_id, seq)
                    .await?
                else {
                    tracing::warn!(%conversation_id, seq, "chat: a notice for a message not stored");
                    return Ok(());
                };
                let frame = ChatServerFrame::Message {
                    message: ChatMessageView::from(&message),
                }
                .encode();
                self.to_conversation(
                    &adviser_id,
                    &Delivery::Message {
                        conversation_id: conversation_id.into(),
                        seq,
                        frame,
                    },
                );
            }
            ChatNotice::Conversation { conversation_id } => {
                if let Some(conversation) =
                    self.store.find_chat_conversation(&conversation_id).await?
                {
                    let frame = ChatServerFrame::Conversation {
                        conversation: ChatConversationSummary::from(&conversation),
                    };
                    self.to_agents(&Delivery::Frame(frame.encode()));
                }
            }
            ChatNotice::Read {
                conversation_id,
                adviser_id,
                side,
                seq,
            } => {
                let frame = ChatServerFrame::Read {
                    conversation_id,
                    side,
                    seq,
                };
                self.to_conversation(&adviser_id, &Delivery::Frame(frame.encode()));
            }
            ChatNotice::Typing {
                conversation_id,
                adviser_id,
                side,
                typing,
            } => {
                let frame = Delivery::Frame(
                    ChatServerFrame::Typing {
                        conversation_id,
                        side,
                        typing,
                    }
                    .encode(),
                );
                match side {
                    ChatSideName::CareTeam => self.to_adviser(&adviser_id, &frame),
                    ChatSideName::Adviser => self.to_agents(&frame),
                }
            }
        }
        Ok(())
    }

    /// A notice heard on the channel.
    async fn hear(&self, payload: &str) {
        match serde_json::from_str::<ChatNotice>(payload) {
            Ok(notice) => {
                if let Err(error) = self.deliver(notice).await {
                    tracing::warn!(error = %error, "chat: a notice could not be delivered");
                }
            }
            Err(error) => {
                tracing::warn!(error = %error, "chat: an unreadable notice on the channel");
            }
        }
    }
}

/// Listens on the chat's channel for as long as the hub lives, delivering what it hears; after
/// every (re)connection every connection catches up, as notices may have been missed.
pub(super) async fn listen(hub: Weak<ChatHub>) {
    let mut pause = FIRST_PAUSE;
    loop {
        let Some((store, name, quiet)) = hub
            .upgrade()
            .map(|h| (h.store.clone(), h.listener_name(), h.listener_quiet))
        else {
            return;
        };
        match store.listen_for_chat(&name).await {
            Ok(mut listener) => {
                pause = FIRST_PAUSE;
                // Listening from here on; anything published before is read from the store.
                let Some(strong) = hub.upgrade() else { return };
                strong.catch_up_all();
                drop(strong);
                loop {
                    let Ok(heard) = tokio::time::timeout(quiet, listener.next()).await else {
                        // Quiet for a while: a silently dropped connection would look the same.
                        match tokio::time::timeout(PING_WITHIN, listener.ping()).await {
                            Ok(Ok(())) => continue,
                            Ok(Err(error)) => {
                                tracing::warn!(error = %error, "chat: the channel's connection failed its check");
                            }
                            Err(_) => {
                                tracing::warn!(
                                    "chat: the channel's connection did not answer its check"
                                );
                            }
                        }
                        break;
                    };
                    let Some(hub) = hub.upgrade() else { return };
                    match heard {
                        Ok(Some(payload)) => hub.hear(&payload).await,
                        Ok(None) => {
                            tracing::warn!(
                                "chat: the channel's connection was lost and made again; every \
                                 connection catches up"
                            );
                            hub.catch_up_all();
                        }
                        Err(error) => {
                            tracing::warn!(error = %error, "chat: the channel's connection failed");
                            break;
                        }
                    }
                }
            }
            Err(error) => {
                tracing::warn!(error = %error, "chat: cannot listen on the channel; trying again");
            }
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(LONGEST_PAUSE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Participant;
    use domain::web_chat::conversation::ChatSide;
    use std::sync::Arc;
    use store::testing::{POSTGRES_VARIABLE, TestDatabase};

    /// Runs only on PostgreSQL (`scripts/postgres.sh`): SQLite has no channel to listen on.
    #[tokio::test]
    async fn a_quiet_listener_checks_its_connection_and_keeps_listening() {
        if !std::env::var(POSTGRES_VARIABLE).is_ok_and(|server| !server.is_empty()) {
            eprintln!("skipped: the channel exists on PostgreSQL only ({POSTGRES_VARIABLE})");
            return;
        }
        let database = TestDatabase::create().await;
        let store = store::Store::connect(database.url(), store::testing::keys())
            .await
            .unwrap();
        store.migrate().await.unwrap();
        let hub = Arc::new(ChatHub::new(store).with_listener_check(Duration::from_millis(100)));
        let (_membership, mut adviser) = hub
            .join(&Participant {
                id: "adviser1".into(),
                name: "Priya Shah".into(),
                side: ChatSide::Adviser,
                application_id: None,
            })
            .await;
        let wait = Duration::from_secs(5);
        let first = tokio::time::timeout(wait, adviser.recv()).await.unwrap();
        assert!(
            matches!(first, Some(Delivery::CatchUp)),
            "listening began: {first:?}"
        );
        // Several checks pass in the quiet; none is taken for a lost connection.
        tokio::time::sleep(Duration::from_millis(550)).await;
        assert!(adviser.try_recv().is_err(), "no catch-up: nothing was lost");
        hub.publish(ChatNotice::Typing {
            conversation_id: "c-1".into(),
            adviser_id: "adviser1".into(),
            side: ChatSideName::CareTeam,
            typing: true,
        })
        .await
        .unwrap();
        match tokio::time::timeout(wait, adviser.recv()).await.unwrap() {
            Some(Delivery::Frame(frame)) => assert!(frame.contains("\"typing\""), "{frame}"),
            other => panic!("expected the typing notice, got {other:?}"),
        }
    }

    #[test]
    fn a_notice_carries_ids_and_numbers_only() {
        let notice = ChatNotice::Message {
            conversation_id: "c-1".into(),
            adviser_id: "adviser1".into(),
            seq: 7,
        };
        let payload = serde_json::to_string(&notice).unwrap();
        assert_eq!(
            payload,
            r#"{"kind":"message","conversationId":"c-1","adviserId":"adviser1","seq":7}"#
        );
        assert_eq!(
            serde_json::from_str::<ChatNotice>(&payload).unwrap(),
            notice
        );
        let typing = ChatNotice::Typing {
            conversation_id: "c-1".into(),
            adviser_id: "adviser1".into(),
            side: ChatSideName::CareTeam,
            typing: true,
        };
        let payload = serde_json::to_string(&typing).unwrap();
        assert_eq!(
            serde_json::from_str::<ChatNotice>(&payload).unwrap(),
            typing
        );
    }
}
