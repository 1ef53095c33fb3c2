//! Web chat between advisers and customer care (issue 35): the in-process hub that knows who is
//! connected and passes each stored message, typing and read mark to the people in its
//! conversation; the single-use tickets that open a socket; the socket's own loop.
//!
//! The hub lives in one process (decision WC5): messages are stored first, so nothing depends
//! on the hub but live delivery and presence. Several `portal api` processes would each need to
//! hear the others' events (PostgreSQL LISTEN/NOTIFY on the stored message) and count agents
//! across all of them.

pub mod protocol;
pub mod socket;
mod tickets;

pub use tickets::{TICKET_LIFETIME, Tickets};

use domain::web_chat::conversation::ChatSide;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
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

/// Who is connected now, and where each frame goes.
#[derive(Debug, Default)]
pub struct ChatHub {
    next_connection: AtomicU64,
    rooms: Mutex<Rooms>,
    pub tickets: Tickets,
}

#[derive(Debug, Default)]
struct Rooms {
    /// Agents' connections: each hears every conversation.
    agents: HashMap<u64, Connection>,
    /// Advisers' connections by adviser id: each hears their own conversations.
    advisers: HashMap<String, HashMap<u64, mpsc::Sender<Frame>>>,
}

#[derive(Debug)]
struct Connection {
    person: String,
    sender: mpsc::Sender<Frame>,
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
    /// Joins `participant`'s new connection; frames for it arrive on the receiver.
    pub fn join(
        self: &Arc<Self>,
        participant: &Participant,
    ) -> (Membership, mpsc::Receiver<Frame>) {
        let id = self.next_connection.fetch_add(1, Ordering::Relaxed);
        let (sender, receiver) = mpsc::channel(CONNECTION_BACKLOG);
        let mut rooms = self.rooms();
        match participant.side {
            ChatSide::CareTeam => {
                rooms.agents.insert(
                    id,
                    Connection {
                        person: participant.id.clone(),
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
        let membership = Membership {
            hub: self.clone(),
            id,
            participant: participant.clone(),
        };
        (membership, receiver)
    }

    fn leave(&self, id: u64, participant: &Participant) {
        let mut rooms = self.rooms();
        match participant.side {
            ChatSide::CareTeam => {
                rooms.agents.remove(&id);
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

    /// How many different agents are connected to the chat desk now.
    pub fn agents_online(&self) -> usize {
        let rooms = self.rooms();
        let mut people: Vec<&str> = rooms.agents.values().map(|c| c.person.as_str()).collect();
        people.sort_unstable();
        people.dedup();
        people.len()
    }

    /// Sends `frame` to every agent and to the adviser's own connections.
    pub fn to_conversation(&self, adviser_id: &str, frame: &Frame) {
        self.to_agents(frame);
        self.to_adviser(adviser_id, frame);
    }

    /// Sends `frame` to every agent.
    pub fn to_agents(&self, frame: &Frame) {
        let mut rooms = self.rooms();
        rooms.agents.retain(|_, c| deliver(&c.sender, frame));
    }

    /// Sends `frame` to the adviser's connections.
    pub fn to_adviser(&self, adviser_id: &str, frame: &Frame) {
        let mut rooms = self.rooms();
        if let Some(connections) = rooms.advisers.get_mut(adviser_id) {
            connections.retain(|_, sender| deliver(sender, frame));
        }
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, Rooms> {
        // A panic while holding the lock leaves plain maps behind, still usable.
        self.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Queues `frame`; a connection whose queue is full (or gone) is dropped from the hub, so its
/// socket closes and its browser reconnects and catches up from the store.
fn deliver(sender: &mpsc::Sender<Frame>, frame: &Frame) -> bool {
    sender.try_send(frame.clone()).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person(id: &str, side: ChatSide) -> Participant {
        Participant {
            id: id.into(),
            name: id.into(),
            side,
            application_id: None,
        }
    }

    #[tokio::test]
    async fn agents_online_counts_people_not_tabs_and_forgets_those_who_leave() {
        let hub = Arc::new(ChatHub::default());
        assert_eq!(hub.agents_online(), 0);
        let adviser = hub.join(&person("adviser1", ChatSide::Adviser));
        assert_eq!(hub.agents_online(), 0);
        let first_tab = hub.join(&person("cca1", ChatSide::CareTeam));
        let second_tab = hub.join(&person("cca1", ChatSide::CareTeam));
        assert_eq!(hub.agents_online(), 1);
        drop(first_tab);
        assert_eq!(hub.agents_online(), 1);
        drop(second_tab);
        assert_eq!(hub.agents_online(), 0);
        drop(adviser);
    }

    #[tokio::test]
    async fn a_conversation_frame_reaches_agents_and_that_adviser_only() {
        let hub = Arc::new(ChatHub::default());
        let (_a, mut adviser1) = hub.join(&person("adviser1", ChatSide::Adviser));
        let (_b, mut adviser2) = hub.join(&person("adviser2", ChatSide::Adviser));
        let (_c, mut agent) = hub.join(&person("cca1", ChatSide::CareTeam));
        hub.to_conversation("adviser1", &Frame::from("hello"));
        assert_eq!(adviser1.try_recv().as_deref(), Ok("hello"));
        assert_eq!(agent.try_recv().as_deref(), Ok("hello"));
        assert!(adviser2.try_recv().is_err());
    }

    #[tokio::test]
    async fn a_connection_that_cannot_keep_up_is_dropped() {
        let hub = Arc::new(ChatHub::default());
        let (_a, mut slow) = hub.join(&person("cca1", ChatSide::CareTeam));
        for _ in 0..=CONNECTION_BACKLOG {
            hub.to_agents(&Frame::from("x"));
        }
        assert_eq!(hub.agents_online(), 0, "dropped from the hub");
        let mut received = 0;
        while slow.try_recv().is_ok() {
            received += 1;
        }
        assert_eq!(received, CONNECTION_BACKLOG);
    }
}
