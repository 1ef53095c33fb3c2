//! The web chat's channel between `portal api` processes on PostgreSQL (decision WC10): a
//! process that stores a message, a read mark or hears someone typing publishes a notice on
//! `LISTEN/NOTIFY` channel [`CHAT_CHANNEL`] (ids only, never a message's text), and every
//! process listens and delivers to its own sockets. SQLite has no such channel: it serves one
//! process, which delivers in memory.

use crate::sql::{Arg, Sql};
use crate::{Backend, Store, StoreError};
use sqlx::postgres::{PgConnectOptions, PgListener, PgPoolOptions};
use std::time::Duration;

/// The PostgreSQL channel the chat's notices travel on.
pub const CHAT_CHANNEL: &str = "portal_chat";

/// How long a listener waits to connect before trying again.
const LISTEN_CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// The database's address, kept to open listening connections; never printed with its password.
#[derive(Clone)]
pub(crate) struct ListenUrl(pub(crate) String);

impl std::fmt::Debug for ListenUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::redact(&self.0))
    }
}

/// A connection listening on [`CHAT_CHANNEL`].
#[derive(Debug)]
pub struct ChatListener {
    inner: PgListener,
}

impl ChatListener {
    /// One round trip on the listening connection: an idle connection dropped silently on the
    /// way (a firewall's or load balancer's idle timeout) gives no error until something is
    /// sent, so the listener asks now and then (the caller bounds the wait).
    pub async fn ping(&mut self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&mut self.inner).await?;
        Ok(())
    }

    /// The next notice's payload. `None` when the connection was lost and has been made again:
    /// notices published meanwhile were missed, so whoever listens must catch up from the store.
    /// An error when it could not be made again (listen anew later).
    pub async fn next(&mut self) -> Result<Option<String>, StoreError> {
        Ok(self
            .inner
            .try_recv()
            .await?
            .map(|notice| notice.payload().to_owned()))
    }
}

impl Store {
    /// Whether notices travel between processes ([`Store::publish_chat_notice`]): on
    /// PostgreSQL. On SQLite one process serves the chat and delivers in memory.
    pub fn has_chat_channel(&self) -> bool {
        self.backend == Backend::Postgres
    }

    /// Publishes `payload` to every process listening (after this statement commits).
    pub async fn publish_chat_notice(&self, payload: &str) -> Result<(), StoreError> {
        let mut sql = Sql::new("SELECT 1 AS sent FROM (SELECT pg_notify(");
        sql.bind(Arg::Text(CHAT_CHANNEL.to_owned()))
            .push(", ")
            .bind(Arg::Text(payload.to_owned()))
            .push(")) AS notice");
        sql.query().fetch_optional(&self.writer).await?;
        Ok(())
    }

    /// A connection of its own listening on the chat's channel, named `name` among the
    /// server's connections (`pg_stat_activity.application_name`).
    pub async fn listen_for_chat(&self, name: &str) -> Result<ChatListener, StoreError> {
        let url = self.listen_url.as_ref().ok_or_else(|| {
            StoreError::UnsupportedUrl("the chat's channel needs PostgreSQL".into())
        })?;
        let options: PgConnectOptions = url.0.parse()?;
        // One connection, kept for as long as it lives; the listener makes it again when lost.
        let pool = PgPoolOptions::new()
            .max_connections(1)
            .max_lifetime(None)
            .idle_timeout(None)
            .acquire_timeout(LISTEN_CONNECT_TIMEOUT)
            .connect_with(options.application_name(name))
            .await?;
        let mut inner = PgListener::connect_with(&pool).await?;
        inner.ignore_pool_close_event(true);
        inner.listen(CHAT_CHANNEL).await?;
        Ok(ChatListener { inner })
    }
}
