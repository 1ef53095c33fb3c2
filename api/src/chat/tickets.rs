//! Tickets that open the chat socket. A browser cannot put the access token in a WebSocket's
//! headers, and a token in an address ends up in logs and history; so the browser asks for a
//! ticket with its token (an ordinary API call) and opens the socket with that. A ticket is
//! random, lasts [`TICKET_LIFETIME`] and opens one socket (decision WC4).

use super::Participant;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Long enough to open a socket straight after asking, short enough that a leaked one is stale.
pub const TICKET_LIFETIME: Duration = Duration::from_secs(30);

/// Tickets handed out and not yet used.
#[derive(Debug, Default)]
pub struct Tickets {
    open: Mutex<HashMap<String, (Participant, Instant)>>,
}

impl Tickets {
    /// A new ticket for `participant`.
    pub fn issue(&self, participant: Participant) -> String {
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        let ticket = URL_SAFE_NO_PAD.encode(bytes);
        let now = Instant::now();
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.retain(|_, (_, expires)| *expires > now);
        open.insert(ticket.clone(), (participant, now + TICKET_LIFETIME));
        ticket
    }

    /// Who the ticket was issued to, if it is still valid; it cannot be used again.
    pub fn redeem(&self, ticket: &str) -> Option<Participant> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let (participant, expires) = open.remove(ticket)?;
        (expires > Instant::now()).then_some(participant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::web_chat::conversation::ChatSide;

    #[test]
    fn a_ticket_opens_one_socket_only() {
        let tickets = Tickets::default();
        let ticket = tickets.issue(Participant {
            id: "adviser1".into(),
            name: "Priya Shah".into(),
            side: ChatSide::Adviser,
            application_id: None,
        });
        assert_eq!(ticket.len(), 43, "256 random bits");
        assert_eq!(
            tickets.redeem(&ticket).map(|p| p.id).as_deref(),
            Some("adviser1")
        );
        assert!(tickets.redeem(&ticket).is_none());
        assert!(tickets.redeem("made-up").is_none());
    }
}
