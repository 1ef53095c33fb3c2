//! Which agents have the chat desk open, shared by every process on the database (decision
//! WC9): each process records its own agents (`chat_presence`) when one joins, when one leaves
//! and every [`HEARTBEAT`]; rows not refreshed within [`FRESH`] belong to a process that died and
//! are not counted. The launcher's status reads the count.

use super::ChatHub;
use chrono::Utc;
use std::sync::Weak;
use std::time::Duration;
use store::{Store, StoreError};
use tokio::sync::{Mutex, Notify};

/// How often a process refreshes its agents' rows.
pub(super) const HEARTBEAT: Duration = Duration::from_secs(15);
/// How long a row counts after its last refresh: four heartbeats, so a slow one is not a gap.
pub(super) const FRESH: Duration = Duration::from_secs(60);

/// Keeps this process's rows in step with its connections.
#[derive(Debug, Default)]
pub(super) struct Presence {
    /// One recording at a time, each writing what is connected when it runs, so the last
    /// recording always says what is connected now.
    recording: Mutex<()>,
    changed: Notify,
}

impl Presence {
    /// An agent's connection left: record it soon (dropping a connection cannot wait).
    pub(super) fn changed(&self) {
        self.changed.notify_one();
    }
}

fn fresh_window() -> chrono::Duration {
    chrono::Duration::from_std(FRESH).unwrap_or_else(|_| chrono::Duration::minutes(1))
}

impl ChatHub {
    /// Writes this process's agents as connected now; a failure is logged (the next heartbeat
    /// tries again), as presence must not stop anyone chatting.
    pub(super) async fn record_presence(&self) {
        let _one_at_a_time = self.presence.recording.lock().await;
        let agents = self.agents_here();
        let now = Utc::now();
        if let Err(error) = self
            .store
            .record_chat_presence(&self.process_id, &agents, now, now - fresh_window())
            .await
        {
            tracing::warn!(error = %error, "chat: could not record which agents are online");
        }
    }
}

/// How many different agents are online on any process whose rows are fresh.
pub(super) async fn agents_online(store: &Store) -> Result<usize, StoreError> {
    store.chat_agents_online(Utc::now() - fresh_window()).await
}

/// Records this process's agents every [`HEARTBEAT`], and soon after one leaves, for as long as
/// the hub lives.
pub(super) async fn heartbeat(hub: Weak<ChatHub>) {
    loop {
        let Some(hub) = hub.upgrade() else {
            return;
        };
        hub.record_presence().await;
        tokio::select! {
            () = hub.presence.changed.notified() => {}
            () = tokio::time::sleep(HEARTBEAT) => {}
        }
    }
}
