//! Web chat transcripts (migration 0016): one conversation per adviser per UK day and its
//! messages, numbered 1, 2, 3, … in the order the portal stored them. A message is stored once
//! per (sender, the id their browser gave it), so sending it again after a dropped connection
//! answers with the stored one instead of repeating it.
//!
//! A message's text is sealed at rest (`sealed`, bound to its conversation and number): free
//! text can name a health condition. Rows stored before sealing (migration 0024) carry
//! `body_sealed = 0`, are read as they are, and are sealed once by the migrate step.

use crate::sealed::{Column, Field};
use crate::sql::{Arg, Sql, parse_timestamp, timestamp};
use crate::{Store, StoreError};
use chrono::{DateTime, NaiveDate, Utc};
use sqlx::Row;
use sqlx::any::AnyRow;

/// A conversation as the chat desk and the transcript show it.
#[derive(Debug, Clone, PartialEq)]
pub struct ChatConversation {
    pub id: String,
    pub adviser_id: String,
    pub adviser_name: String,
    pub day: NaiveDate,
    /// The case the adviser was on when they last opened the chat and wrote, if any.
    pub application_id: Option<i64>,
    /// That case's client names, from its read model.
    pub client_names: Option<String>,
    pub started_at: DateTime<Utc>,
    pub last_message_at: DateTime<Utc>,
    /// How many messages it holds (the last one's number).
    pub last_seq: i64,
    /// The agent who last answered, if anyone has.
    pub agent_name: Option<String>,
    pub adviser_read_seq: i64,
    pub care_read_seq: i64,
}

/// A stored message.
#[derive(Debug, Clone, PartialEq)]
pub struct ChatMessage {
    pub conversation_id: String,
    pub seq: i64,
    pub client_id: String,
    pub sender_id: String,
    pub sender_name: String,
    /// `adviser` or `careTeam` (`domain::web_chat::conversation::ChatSide`).
    pub sender_side: String,
    pub body: String,
    pub sent_at: DateTime<Utc>,
}

/// A message to store.
#[derive(Debug, Clone)]
pub struct NewChatMessage<'a> {
    pub conversation_id: &'a str,
    pub client_id: &'a str,
    pub sender_id: &'a str,
    pub sender_name: &'a str,
    pub sender_side: &'a str,
    /// Whether the sender answers for customer care (recorded as the conversation's agent).
    pub from_care_team: bool,
    pub body: &'a str,
    pub at: DateTime<Utc>,
}

/// The largest page of messages one read returns.
pub const CHAT_PAGE: i64 = 500;

const CONVERSATION: &str = "SELECT c.id, c.adviser_id, c.adviser_name, c.day, c.application_id, \
     a.client_names, c.started_at, c.last_message_at, c.last_seq, c.agent_name, \
     c.adviser_read_seq, c.care_read_seq FROM chat_conversations c \
     LEFT JOIN applications a ON a.id = c.application_id WHERE ";

const MESSAGE: &str = "SELECT conversation_id, seq, client_id, sender_id, sender_name, \
     sender_side, body, body_sealed, sent_at FROM chat_messages WHERE ";

/// Messages sealed at a time by the one-off sealing of rows stored before 0024.
const SEAL_BATCH: i64 = 100;

/// Where a message's text is sealed: its column, its conversation and its number.
fn body_row(conversation_id: &str, seq: i64) -> String {
    format!("{conversation_id}/{seq}")
}

impl Store {
    /// The adviser's conversation of `day`, started now with the id `new_id` if they have none
    /// yet; `application_id`, when given, becomes the case it shows they were on.
    pub async fn open_chat_conversation(
        &self,
        new_id: &str,
        adviser_id: &str,
        adviser_name: &str,
        day: NaiveDate,
        application_id: Option<i64>,
        at: DateTime<Utc>,
    ) -> Result<ChatConversation, StoreError> {
        let mut insert = Sql::new(
            "INSERT INTO chat_conversations (id, adviser_id, adviser_name, day, started_at, \
             last_message_at) VALUES (",
        );
        insert
            .bind(Arg::Text(new_id.to_owned()))
            .push(", ")
            .bind(Arg::Text(adviser_id.to_owned()))
            .push(", ")
            .bind(Arg::Text(adviser_name.to_owned()))
            .push(", ")
            .bind(Arg::Text(day.to_string()))
            .push(", ")
            .bind(Arg::Text(timestamp(at)))
            .push(", ")
            .bind(Arg::Text(timestamp(at)))
            .push(") ON CONFLICT (adviser_id, day) DO NOTHING");
        insert.query().execute(&self.writer).await?;
        if let Some(application) = application_id {
            let mut update = Sql::new("UPDATE chat_conversations SET application_id = ");
            update
                .bind(Arg::Int(application))
                .push(" WHERE adviser_id = ")
                .bind(Arg::Text(adviser_id.to_owned()))
                .push(" AND day = ")
                .bind(Arg::Text(day.to_string()));
            update.query().execute(&self.writer).await?;
        }
        self.adviser_chat_conversation(adviser_id, day)
            .await?
            .ok_or_else(|| StoreError::Corrupt("a chat conversation just written is gone".into()))
    }

    /// The adviser's conversation of `day`, if they have written one.
    pub async fn adviser_chat_conversation(
        &self,
        adviser_id: &str,
        day: NaiveDate,
    ) -> Result<Option<ChatConversation>, StoreError> {
        let mut sql = Sql::new(CONVERSATION);
        sql.push("c.adviser_id = ")
            .bind(Arg::Text(adviser_id.to_owned()))
            .push(" AND c.day = ")
            .bind(Arg::Text(day.to_string()));
        sql.query()
            .fetch_optional(&self.pool)
            .await?
            .map(|row| conversation(&row))
            .transpose()
    }

    /// A conversation by its id.
    pub async fn find_chat_conversation(
        &self,
        id: &str,
    ) -> Result<Option<ChatConversation>, StoreError> {
        let mut sql = Sql::new(CONVERSATION);
        sql.push("c.id = ").bind(Arg::Text(id.to_owned()));
        sql.query()
            .fetch_optional(&self.pool)
            .await?
            .map(|row| conversation(&row))
            .transpose()
    }

    /// Conversations, newest first: every adviser's on `day` (the chat desk), or one adviser's
    /// over every day (their own transcripts), at most [`CHAT_PAGE`].
    pub async fn chat_conversations(
        &self,
        adviser_id: Option<&str>,
        day: Option<NaiveDate>,
    ) -> Result<Vec<ChatConversation>, StoreError> {
        let mut sql = Sql::new(CONVERSATION);
        sql.push("1 = 1");
        if let Some(adviser) = adviser_id {
            sql.push(" AND c.adviser_id = ")
                .bind(Arg::Text(adviser.to_owned()));
        }
        if let Some(day) = day {
            sql.push(" AND c.day = ").bind(Arg::Text(day.to_string()));
        }
        sql.push(" ORDER BY c.last_message_at DESC LIMIT ")
            .bind(Arg::Int(CHAT_PAGE));
        let rows = sql.query().fetch_all(&self.pool).await?;
        rows.iter().map(conversation).collect()
    }

    /// Stores a message as the conversation's next, or, when its sender already sent one with
    /// this client id, answers with that one. The flag says whether it is new.
    pub async fn append_chat_message(
        &self,
        message: &NewChatMessage<'_>,
    ) -> Result<(ChatMessage, bool), StoreError> {
        let mut tx = self.begin_write().await?;
        let mut existing = Sql::new(MESSAGE);
        existing
            .push("conversation_id = ")
            .bind(Arg::Text(message.conversation_id.to_owned()))
            .push(" AND sender_id = ")
            .bind(Arg::Text(message.sender_id.to_owned()))
            .push(" AND client_id = ")
            .bind(Arg::Text(message.client_id.to_owned()));
        if let Some(row) = existing.query().fetch_optional(&mut *tx).await? {
            return Ok((self.chat_message(&row)?, false));
        }
        let mut next =
            Sql::new("UPDATE chat_conversations SET last_seq = last_seq + 1, last_message_at = ");
        next.bind(Arg::Text(timestamp(message.at)));
        if message.from_care_team {
            next.push(", agent_id = ")
                .bind(Arg::Text(message.sender_id.to_owned()))
                .push(", agent_name = ")
                .bind(Arg::Text(message.sender_name.to_owned()));
        }
        next.push(" WHERE id = ")
            .bind(Arg::Text(message.conversation_id.to_owned()))
            .push(" RETURNING last_seq");
        let seq: i64 = next
            .query()
            .fetch_optional(&mut *tx)
            .await?
            .ok_or_else(|| StoreError::Corrupt("no such chat conversation".into()))?
            .try_get("last_seq")?;
        let sealed_body = self.sealer.seal_text(
            message.body,
            Field {
                column: Column::ChatMessageBody,
                row: &body_row(message.conversation_id, seq),
            },
        )?;
        let mut insert = Sql::new(
            "INSERT INTO chat_messages (conversation_id, seq, client_id, sender_id, sender_name, \
             sender_side, body, body_sealed, sent_at) VALUES (",
        );
        insert
            .bind(Arg::Text(message.conversation_id.to_owned()))
            .push(", ")
            .bind(Arg::Int(seq))
            .push(", ")
            .bind(Arg::Text(message.client_id.to_owned()))
            .push(", ")
            .bind(Arg::Text(message.sender_id.to_owned()))
            .push(", ")
            .bind(Arg::Text(message.sender_name.to_owned()))
            .push(", ")
            .bind(Arg::Text(message.sender_side.to_owned()))
            .push(", ")
            .bind(Arg::Text(sealed_body))
            .push(", 1, ")
            .bind(Arg::Text(timestamp(message.at)))
            .push(")");
        insert.query().execute(&mut *tx).await?;
        tx.commit().await?;
        Ok((
            ChatMessage {
                conversation_id: message.conversation_id.to_owned(),
                seq,
                client_id: message.client_id.to_owned(),
                sender_id: message.sender_id.to_owned(),
                sender_name: message.sender_name.to_owned(),
                sender_side: message.sender_side.to_owned(),
                body: message.body.to_owned(),
                sent_at: message.at,
            },
            true,
        ))
    }

    /// The conversation's messages numbered after `after`, in order, at most [`CHAT_PAGE`].
    pub async fn chat_messages_after(
        &self,
        conversation_id: &str,
        after: i64,
    ) -> Result<Vec<ChatMessage>, StoreError> {
        let mut sql = Sql::new(MESSAGE);
        sql.push("conversation_id = ")
            .bind(Arg::Text(conversation_id.to_owned()))
            .push(" AND seq > ")
            .bind(Arg::Int(after))
            .push(" ORDER BY seq LIMIT ")
            .bind(Arg::Int(CHAT_PAGE));
        let rows = sql.query().fetch_all(&self.pool).await?;
        rows.iter().map(|row| self.chat_message(row)).collect()
    }

    /// Message `seq` of a conversation, if it is stored: what a process delivers when it hears
    /// that another stored it.
    pub async fn chat_message_numbered(
        &self,
        conversation_id: &str,
        seq: i64,
    ) -> Result<Option<ChatMessage>, StoreError> {
        let mut sql = Sql::new(MESSAGE);
        sql.push("conversation_id = ")
            .bind(Arg::Text(conversation_id.to_owned()))
            .push(" AND seq = ")
            .bind(Arg::Int(seq));
        sql.query()
            .fetch_optional(&self.pool)
            .await?
            .map(|row| self.chat_message(&row))
            .transpose()
    }

    /// Seals the messages stored before sealing began (migration 0024), in batches by
    /// conversation and number; each update replaces only a row still plain. Answers how many.
    pub(crate) async fn seal_plain_chat_messages(&self) -> Result<u64, StoreError> {
        let mut sealed = 0;
        let mut after: (String, i64) = (String::new(), 0);
        loop {
            let mut select = Sql::new(
                "SELECT conversation_id, seq, body FROM chat_messages WHERE body_sealed = 0 \
                 AND (conversation_id > ",
            );
            select
                .bind(Arg::Text(after.0.clone()))
                .push(" OR (conversation_id = ")
                .bind(Arg::Text(after.0.clone()))
                .push(" AND seq > ")
                .bind(Arg::Int(after.1))
                .push(")) ORDER BY conversation_id, seq LIMIT ")
                .bind(Arg::Int(SEAL_BATCH));
            let rows = select.query().fetch_all(&self.pool).await?;
            for row in &rows {
                let conversation_id: String = row.try_get("conversation_id")?;
                let seq: i64 = row.try_get("seq")?;
                let plain: String = row.try_get("body")?;
                let field = Field {
                    column: Column::ChatMessageBody,
                    row: &body_row(&conversation_id, seq),
                };
                let mut update = Sql::new("UPDATE chat_messages SET body = ");
                update
                    .bind(Arg::Text(self.sealer.seal_text(&plain, field)?))
                    .push(", body_sealed = 1 WHERE conversation_id = ")
                    .bind(Arg::Text(conversation_id.clone()))
                    .push(" AND seq = ")
                    .bind(Arg::Int(seq))
                    .push(" AND body_sealed = 0");
                sealed += update.query().execute(&self.writer).await?.rows_affected();
                after = (conversation_id, seq);
            }
            if rows.len() < usize::try_from(SEAL_BATCH).unwrap_or(usize::MAX) {
                return Ok(sealed);
            }
        }
    }

    /// A stored message, its text opened when it was sealed.
    fn chat_message(&self, row: &AnyRow) -> Result<ChatMessage, StoreError> {
        let sent: String = row.try_get("sent_at")?;
        let conversation_id: String = row.try_get("conversation_id")?;
        let seq: i64 = row.try_get("seq")?;
        let stored: String = row.try_get("body")?;
        let sealed: i64 = row.try_get("body_sealed")?;
        let body = if sealed == 0 {
            stored
        } else {
            self.sealer.open_text(
                stored,
                Field {
                    column: Column::ChatMessageBody,
                    row: &body_row(&conversation_id, seq),
                },
            )?
        };
        Ok(ChatMessage {
            conversation_id,
            seq,
            client_id: row.try_get("client_id")?,
            sender_id: row.try_get("sender_id")?,
            sender_name: row.try_get("sender_name")?,
            sender_side: row.try_get("sender_side")?,
            body,
            sent_at: parse_timestamp(&sent).ok_or_else(|| corrupt("sent_at"))?,
        })
    }

    /// Records that one side has read up to message `seq` (never backwards, never past the
    /// last message); answers the side's read mark as it now stands.
    pub async fn mark_chat_read(
        &self,
        conversation_id: &str,
        care_team: bool,
        seq: i64,
    ) -> Result<Option<i64>, StoreError> {
        let column = if care_team {
            "care_read_seq"
        } else {
            "adviser_read_seq"
        };
        let mut sql = Sql::new(&format!("UPDATE chat_conversations SET {column} = "));
        sql.bind(Arg::Int(seq))
            .push(&format!(" WHERE {column} < "))
            .bind(Arg::Int(seq))
            .push(" AND last_seq >= ")
            .bind(Arg::Int(seq))
            .push(" AND id = ")
            .bind(Arg::Text(conversation_id.to_owned()));
        sql.query().execute(&self.writer).await?;
        Ok(self
            .find_chat_conversation(conversation_id)
            .await?
            .map(|c| {
                if care_team {
                    c.care_read_seq
                } else {
                    c.adviser_read_seq
                }
            }))
    }
}

fn corrupt(what: &str) -> StoreError {
    StoreError::Corrupt(format!("chat: unreadable {what}"))
}

fn conversation(row: &AnyRow) -> Result<ChatConversation, StoreError> {
    let day: String = row.try_get("day")?;
    let started: String = row.try_get("started_at")?;
    let last: String = row.try_get("last_message_at")?;
    Ok(ChatConversation {
        id: row.try_get("id")?,
        adviser_id: row.try_get("adviser_id")?,
        adviser_name: row.try_get("adviser_name")?,
        day: day.parse().map_err(|_| corrupt("day"))?,
        application_id: row.try_get("application_id")?,
        client_names: row.try_get("client_names")?,
        started_at: parse_timestamp(&started).ok_or_else(|| corrupt("started_at"))?,
        last_message_at: parse_timestamp(&last).ok_or_else(|| corrupt("last_message_at"))?,
        last_seq: row.try_get("last_seq")?,
        agent_name: row.try_get("agent_name")?,
        adviser_read_seq: row.try_get("adviser_read_seq")?,
        care_read_seq: row.try_get("care_read_seq")?,
    })
}
