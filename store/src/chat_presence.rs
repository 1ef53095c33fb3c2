//! Which customer-care agents have the chat desk open, across every `portal api` process on the
//! database (decision WC9): each process writes its own rows (process, agent, since when, last
//! heartbeat) and refreshes them; a row not refreshed within the freshness window is a dead
//! process's and is ignored, then swept.

use crate::sql::{Arg, Sql, timestamp};
use crate::{Store, StoreError};
use chrono::{DateTime, Utc};
use sqlx::Row;

impl Store {
    /// Makes `process`'s rows say exactly that `agents` (each with when they connected) are
    /// connected there, as of `now`; sweeps every process's rows last refreshed before
    /// `stale_before`.
    pub async fn record_chat_presence(
        &self,
        process: &str,
        agents: &[(String, DateTime<Utc>)],
        now: DateTime<Utc>,
        stale_before: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        let mut gone = Sql::new("DELETE FROM chat_presence WHERE process_id = ");
        gone.bind(Arg::Text(process.to_owned()));
        if !agents.is_empty() {
            gone.push(" AND agent_id NOT IN ")
                .bind_list(agents.iter().map(|(agent, _)| Arg::Text(agent.clone())));
        }
        gone.query().execute(&mut *tx).await?;
        for (agent, since) in agents {
            let mut upsert = Sql::new(
                "INSERT INTO chat_presence (process_id, agent_id, connected_at, heartbeat_at) \
                 VALUES (",
            );
            upsert
                .bind(Arg::Text(process.to_owned()))
                .push(", ")
                .bind(Arg::Text(agent.clone()))
                .push(", ")
                .bind(Arg::Text(timestamp(*since)))
                .push(", ")
                .bind(Arg::Text(timestamp(now)))
                .push(
                    ") ON CONFLICT (process_id, agent_id) DO UPDATE SET \
                     heartbeat_at = excluded.heartbeat_at",
                );
            upsert.query().execute(&mut *tx).await?;
        }
        let mut stale = Sql::new("DELETE FROM chat_presence WHERE heartbeat_at < ");
        stale.bind(Arg::Text(timestamp(stale_before)));
        stale.query().execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(())
    }

    /// How many different agents are connected on any process whose rows were refreshed after
    /// `fresh_after`.
    pub async fn chat_agents_online(
        &self,
        fresh_after: DateTime<Utc>,
    ) -> Result<usize, StoreError> {
        let mut sql = Sql::new(
            "SELECT COUNT(DISTINCT agent_id) AS agents FROM chat_presence WHERE heartbeat_at > ",
        );
        sql.bind(Arg::Text(timestamp(fresh_after)));
        let agents: i64 = sql.query().fetch_one(&self.pool).await?.try_get("agents")?;
        Ok(usize::try_from(agents).unwrap_or(0))
    }

    /// Removes `process`'s rows (it is stopping).
    pub async fn forget_chat_presence(&self, process: &str) -> Result<(), StoreError> {
        let mut sql = Sql::new("DELETE FROM chat_presence WHERE process_id = ");
        sql.bind(Arg::Text(process.to_owned()));
        sql.query().execute(&self.writer).await?;
        Ok(())
    }
}
