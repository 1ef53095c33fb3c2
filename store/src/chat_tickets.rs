//! The tickets that open the web chat's socket (decisions WC4, WC8), kept in the database so a
//! ticket issued by one `portal api` process opens a socket on another. Only a digest of the
//! ticket is stored; it is deleted as it is used, in one statement, so two processes racing for
//! the same ticket cannot both have it.

use crate::sql::{Arg, Sql, parse_timestamp, timestamp};
use crate::{Store, StoreError};
use chrono::{DateTime, Utc};
use sqlx::Row;

/// Who a ticket was issued to, as the chat socket will know them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatTicketHolder {
    pub person_id: String,
    pub person_name: String,
    /// `adviser` or `careTeam` (`domain::web_chat::conversation::ChatSide::as_str`).
    pub side: String,
    /// The case an adviser said they were on, already checked as one they may see.
    pub application_id: Option<i64>,
}

impl Store {
    /// Keeps a new ticket (by its digest) until `expires_at`; sweeps tickets already expired.
    pub async fn keep_chat_ticket(
        &self,
        digest: &str,
        holder: &ChatTicketHolder,
        expires_at: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut sweep = Sql::new("DELETE FROM chat_tickets WHERE expires_at <= ");
        sweep.bind(Arg::Text(timestamp(now)));
        sweep.query().execute(&self.writer).await?;
        let mut insert = Sql::new(
            "INSERT INTO chat_tickets (ticket_digest, person_id, person_name, side, \
             application_id, expires_at) VALUES (",
        );
        insert
            .bind(Arg::Text(digest.to_owned()))
            .push(", ")
            .bind(Arg::Text(holder.person_id.clone()))
            .push(", ")
            .bind(Arg::Text(holder.person_name.clone()))
            .push(", ")
            .bind(Arg::Text(holder.side.clone()))
            .push(", ")
            .bind(Arg::OptText(holder.application_id.map(|id| id.to_string())))
            .push(", ")
            .bind(Arg::Text(timestamp(expires_at)))
            .push(")");
        insert.query().execute(&self.writer).await?;
        Ok(())
    }

    /// Uses up the ticket with this digest: who it was issued to when it has not expired. A
    /// ticket is answered once, whichever process asks; an expired one is deleted all the same.
    pub async fn take_chat_ticket(
        &self,
        digest: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<ChatTicketHolder>, StoreError> {
        let mut take = Sql::new("DELETE FROM chat_tickets WHERE ticket_digest = ");
        take.bind(Arg::Text(digest.to_owned()))
            .push(" RETURNING person_id, person_name, side, application_id, expires_at");
        let Some(row) = take.query().fetch_optional(&self.writer).await? else {
            return Ok(None);
        };
        let expires: String = row.try_get("expires_at")?;
        let expires = parse_timestamp(&expires)
            .ok_or_else(|| StoreError::Corrupt("chat_tickets: unreadable expires_at".into()))?;
        if expires <= now {
            return Ok(None);
        }
        let application: Option<String> = row.try_get("application_id")?;
        let application_id = application
            .map(|id| {
                id.parse::<i64>().map_err(|_| {
                    StoreError::Corrupt("chat_tickets: unreadable application_id".into())
                })
            })
            .transpose()?;
        Ok(Some(ChatTicketHolder {
            person_id: row.try_get("person_id")?,
            person_name: row.try_get("person_name")?,
            side: row.try_get("side")?,
            application_id,
        }))
    }
}
