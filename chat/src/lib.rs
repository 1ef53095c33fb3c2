//! Web chat between advisers and customer care (issue 35): the hub that knows who is connected
//! to this process and passes each stored message, typing and read mark to the people in its
//! conversation; the single-use tickets that open a socket; the socket's own loop.
//!
//! Several `portal api` processes may share one database (decisions WC8–WC11): tickets are kept
//! in the database (`tickets`), agents' presence too (`presence`), and on PostgreSQL every
//! notice is published on a channel that every process hears, each delivering to its own
//! sockets (`notices`). Messages are stored first, so the hub carries only live delivery; a
//! connection that may have missed notices catches up from the store.

pub mod notices;
mod presence;
pub mod protocol;
pub mod socket;
mod tickets;

pub use notices::ChatNotice;
pub use tickets::{TICKET_LIFETIME, Tickets};

use domain::web_chat::conversation::ChatSide;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use store::{Store, StoreError};
use tokio::sync::mpsc;

/// How many frames may wait for one slow connection before it is dropped (its browser
/// reconnects and asks for what it missed, so dropping loses nothing).
const CONNECTION_BACKLOG: usize = 512;

/// Someone connected to the chat, as their ticket recorded them.
#[derive(Debug, Clone)]
pub struct Participant {
    pub id: String,
    pub name: String,
    pub side: ChatSide,
    /// The case an adviser was on when they opened the chat, already checked as theirs to see.
    pub application_id: Option<i64>,
}

/// A frame already written as JSON, shared by every connection it goes to.
pub type Frame = Arc<str>;

/// What the hub hands one connection.
#[derive(Debug, Clone)]
pub enum Delivery {
    /// A stored message: a connection sends each number once.
    Message {
        conversation_id: Arc<str>,
        seq: i64,
        frame: Frame,
    },
    /// Any other frame (a conversation, typing, a read mark).
    Frame(Frame),
    /// Notices may have been missed (the channel's connection was lost): catch up from the
    /// store, as a reconnecting browser would.
    CatchUp,
}

/// Who is connected to this process now, and where each delivery goes.
#[derive(Debug)]
pub struct ChatHub {
    /// This hub's id among the processes sharing the database (its presence rows, its
    /// listening connection's name).
    process_id: String,
    store: Store,
    next_connection: AtomicU64,
    rooms: Mutex<Rooms>,
    pub tickets: Tickets,
    presence: presence::Presence,
    /// Whether the background tasks (presence heartbeat, the channel's listener) run yet: they
    /// start with the first connection, so a worker process that never serves a socket has none.
    started: AtomicBool,
    tasks: Mutex<Vec<tokio::task::JoinHandle<()>>>,
    /// How long the channel's listener waits in silence before checking its connection.
    listener_quiet: std::time::Duration,
}

#[derive(Debug, Default)]
struct Rooms {
    /// Agents' connections: each hears every conversation.
    agents: HashMap<u64, Connection>,
    /// Advisers' connections by adviser id: each hears their own conversations.
    advisers: HashMap<String, HashMap<u64, mpsc::Sender<Delivery>>>,
}

#[derive(Debug)]
struct Connection {
    person: String,
    since: chrono::DateTime<chrono::Utc>,
    sender: mpsc::Sender<Delivery>,
}

/// A connection's place in the hub: dropping it leaves.
#[derive(Debug)]
pub struct Membership {
    hub: Arc<ChatHub>,
    id: u64,
    participant: Participant,
}

impl Drop for Membership {
    fn drop(&mut self) {
        self.hub.leave(self.id, &self.participant);
    }
}

impl ChatHub {
    /// A hub for this process over `store`.
    pub fn new(store: Store) -> Self {
        Self {
            process_id: uuid::Uuid::new_v4().to_string(),
            tickets: Tickets::new(store.clone()),
            store,
            next_connection: AtomicU64::new(0),
            rooms: Mutex::default(),
            presence: presence::Presence::default(),
            started: AtomicBool::new(false),
            tasks: Mutex::default(),
            listener_quiet: notices::QUIET_CHECK,
        }
    }

    /// The same hub with its listener checking its connection after `quiet` of silence.
    pub fn with_listener_check(mut self, quiet: std::time::Duration) -> Self {
        self.listener_quiet = quiet;
        self
    }

    /// This process's id among those sharing the database.
    pub fn process_id(&self) -> &str {
        &self.process_id
    }

    /// The name this process's listening connection has on the PostgreSQL server
    /// (`pg_stat_activity.application_name`), so an operator can tell whose it is.
    pub fn listener_name(&self) -> String {
        notices::listener_name(&self.process_id)
    }

    /// Joins `participant`'s new connection; deliveries for it arrive on the receiver. An
    /// agent's presence is recorded before this answers, so the launcher's status is ready as
    /// soon as the desk's welcome arrives.
    pub async fn join(
        self: &Arc<Self>,
        participant: &Participant,
    ) -> (Membership, mpsc::Receiver<Delivery>) {
        self.start_tasks();
        let id = self.next_connection.fetch_add(1, Ordering::Relaxed);
        let (sender, receiver) = mpsc::channel(CONNECTION_BACKLOG);
        {
            let mut rooms = self.rooms();
            match participant.side {
                ChatSide::CareTeam => {
                    rooms.agents.insert(
                        id,
                        Connection {
                            person: participant.id.clone(),
                            since: chrono::Utc::now(),
                            sender,
                        },
                    );
                }
                _ => {
                    rooms
                        .advisers
                        .entry(participant.id.clone())
                        .or_default()
                        .insert(id, sender);
                }
            }
        }
        let membership = Membership {
            hub: self.clone(),
            id,
            participant: participant.clone(),
        };
        if participant.side == ChatSide::CareTeam {
            self.record_presence().await;
        }
        (membership, receiver)
    }

    fn leave(&self, id: u64, participant: &Participant) {
        let mut rooms = self.rooms();
        match participant.side {
            ChatSide::CareTeam => {
                rooms.agents.remove(&id);
                self.presence.changed();
            }
            _ => {
                if let Some(connections) = rooms.advisers.get_mut(&participant.id) {
                    connections.remove(&id);
                    if connections.is_empty() {
                        rooms.advisers.remove(&participant.id);
                    }
                }
            }
        }
    }

    /// The agents connected to this process, each once, with when their first open connection
    /// here began.
    fn agents_here(&self) -> Vec<(String, chrono::DateTime<chrono::Utc>)> {
        let rooms = self.rooms();
        let mut agents: HashMap<&str, chrono::DateTime<chrono::Utc>> = HashMap::new();
        for connection in rooms.agents.values() {
            let since = agents
                .entry(connection.person.as_str())
                .or_insert(connection.since);
            *since = (*since).min(connection.since);
        }
        agents
            .into_iter()
            .map(|(agent, since)| (agent.to_owned(), since))
            .collect()
    }

    /// How many different agents have the chat desk open, on any process sharing the database.
    pub async fn agents_online(&self) -> Result<usize, StoreError> {
        presence::agents_online(&self.store).await
    }

    /// Tells every connection that the hub has handed nothing since some notices were missed.
    fn catch_up_all(&self) {
        self.deliver_to_all(&Delivery::CatchUp);
    }

    /// Passes `delivery` to every agent and to the adviser's own connections.
    fn to_conversation(&self, adviser_id: &str, delivery: &Delivery) {
        self.to_agents(delivery);
        self.to_adviser(adviser_id, delivery);
    }

    /// Passes `delivery` to every agent.
    fn to_agents(&self, delivery: &Delivery) {
        let mut rooms = self.rooms();
        rooms.agents.retain(|_, c| deliver(&c.sender, delivery));
    }

    /// Passes `delivery` to the adviser's connections.
    fn to_adviser(&self, adviser_id: &str, delivery: &Delivery) {
        let mut rooms = self.rooms();
        if let Some(connections) = rooms.advisers.get_mut(adviser_id) {
            connections.retain(|_, sender| deliver(sender, delivery));
        }
    }

    fn deliver_to_all(&self, delivery: &Delivery) {
        let mut rooms = self.rooms();
        rooms.agents.retain(|_, c| deliver(&c.sender, delivery));
        for connections in rooms.advisers.values_mut() {
            connections.retain(|_, sender| deliver(sender, delivery));
        }
    }

    /// Starts the presence heartbeat and, on PostgreSQL, the channel's listener, once.
    fn start_tasks(self: &Arc<Self>) {
        if self.started.swap(true, Ordering::SeqCst) {
            return;
        }
        let mut tasks = self.tasks.lock().unwrap_or_else(|e| e.into_inner());
        tasks.push(tokio::spawn(presence::heartbeat(Arc::downgrade(self))));
        if self.store.has_chat_channel() {
            tasks.push(tokio::spawn(notices::listen(Arc::downgrade(self))));
        }
    }

    /// Stops the background tasks and removes this process's presence rows: the process is
    /// shutting down cleanly, so its agents no longer count as online.
    pub async fn stop(&self) {
        for task in self
            .tasks
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .drain(..)
        {
            task.abort();
        }
        if let Err(error) = self.store.forget_chat_presence(&self.process_id).await {
            tracing::warn!(error = %error, "chat: could not remove this process's presence");
        }
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, Rooms> {
        // A panic while holding the lock leaves plain maps behind, still usable.
        self.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Queues `delivery`; a connection whose queue is full (or gone) is dropped from the hub, so
/// its socket closes and its browser reconnects and catches up from the store.
fn deliver(sender: &mpsc::Sender<Delivery>, delivery: &Delivery) -> bool {
    sender.try_send(delivery.clone()).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use store::testing::TestDatabase;

    fn person(id: &str, side: ChatSide) -> Participant {
        Participant {
            id: id.into(),
            name: id.into(),
            side,
            application_id: None,
        }
    }

    async fn hub() -> (TestDatabase, Arc<ChatHub>) {
        let database = TestDatabase::create().await;
        let store = Store::connect(database.url(), store::testing::keys())
            .await
            .unwrap();
        store.migrate().await.unwrap();
        (database, Arc::new(ChatHub::new(store)))
    }

    /// The next frame queued, past any catch-up (on PostgreSQL the listener asks every
    /// connection to catch up once it starts listening).
    fn next_frame(receiver: &mut mpsc::Receiver<Delivery>) -> Option<Frame> {
        loop {
            match receiver.try_recv() {
                Ok(Delivery::CatchUp) => {}
                Ok(Delivery::Frame(frame) | Delivery::Message { frame, .. }) => {
                    return Some(frame);
                }
                Err(_) => return None,
            }
        }
    }

    #[tokio::test]
    async fn agents_online_counts_people_not_tabs_and_forgets_those_who_leave() {
        let (_database, hub) = hub().await;
        assert_eq!(hub.agents_online().await.unwrap(), 0);
        let adviser = hub.join(&person("adviser1", ChatSide::Adviser)).await;
        assert_eq!(hub.agents_online().await.unwrap(), 0);
        let first_tab = hub.join(&person("cca1", ChatSide::CareTeam)).await;
        let second_tab = hub.join(&person("cca1", ChatSide::CareTeam)).await;
        assert_eq!(hub.agents_online().await.unwrap(), 1);
        drop(first_tab);
        hub.record_presence().await;
        assert_eq!(hub.agents_online().await.unwrap(), 1);
        drop(second_tab);
        hub.record_presence().await;
        assert_eq!(hub.agents_online().await.unwrap(), 0);
        drop(adviser);
    }

    #[tokio::test]
    async fn agents_on_other_processes_count_until_their_rows_go_stale_or_they_stop() {
        let (_database, hub) = hub().await;
        let other = ChatHub::new(hub.store.clone());
        let now = chrono::Utc::now();
        let a_minute_ago = now - chrono::Duration::seconds(61);
        // Another process's agent, refreshed just now; a dead process's, not for over a minute.
        other
            .store
            .record_chat_presence(
                other.process_id(),
                &[("cca2".into(), now)],
                now,
                a_minute_ago,
            )
            .await
            .unwrap();
        hub.store
            .record_chat_presence(
                "dead",
                &[("cca3".into(), a_minute_ago)],
                a_minute_ago,
                a_minute_ago,
            )
            .await
            .unwrap();
        assert_eq!(
            hub.agents_online().await.unwrap(),
            1,
            "only the fresh one counts"
        );
        // The same agent here and there is one agent.
        let _here = hub.join(&person("cca2", ChatSide::CareTeam)).await;
        assert_eq!(hub.agents_online().await.unwrap(), 1);
        let _another = hub.join(&person("cca1", ChatSide::CareTeam)).await;
        assert_eq!(hub.agents_online().await.unwrap(), 2);
        // The other process stops cleanly: its agent no longer counts.
        other.stop().await;
        assert_eq!(hub.agents_online().await.unwrap(), 2, "cca2 is still here");
        hub.stop().await;
        assert_eq!(hub.agents_online().await.unwrap(), 0);
    }

    #[tokio::test]
    async fn a_conversation_frame_reaches_agents_and_that_adviser_only() {
        let (_database, hub) = hub().await;
        let (_a, mut adviser1) = hub.join(&person("adviser1", ChatSide::Adviser)).await;
        let (_b, mut adviser2) = hub.join(&person("adviser2", ChatSide::Adviser)).await;
        let (_c, mut agent) = hub.join(&person("cca1", ChatSide::CareTeam)).await;
        hub.to_conversation("adviser1", &Delivery::Frame(Frame::from("hello")));
        assert_eq!(next_frame(&mut adviser1).as_deref(), Some("hello"));
        assert_eq!(next_frame(&mut agent).as_deref(), Some("hello"));
        assert!(next_frame(&mut adviser2).is_none());
        hub.catch_up_all();
        for receiver in [&mut adviser1, &mut adviser2, &mut agent] {
            assert!(matches!(receiver.try_recv(), Ok(Delivery::CatchUp)));
        }
    }

    #[tokio::test]
    async fn a_connection_that_cannot_keep_up_is_dropped() {
        let (_database, hub) = hub().await;
        let (_a, mut slow) = hub.join(&person("cca1", ChatSide::CareTeam)).await;
        for _ in 0..=CONNECTION_BACKLOG {
            hub.to_agents(&Delivery::Frame(Frame::from("x")));
        }
        assert!(hub.agents_here().is_empty(), "dropped from the hub");
        let mut received = 0;
        while slow.try_recv().is_ok() {
            received += 1;
        }
        assert_eq!(received, CONNECTION_BACKLOG);
    }
}
