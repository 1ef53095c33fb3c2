//! Tickets that open the chat socket. A browser cannot put the access token in a WebSocket's
//! headers, and a token in an address ends up in logs and history; so the browser asks for a
//! ticket with its token (an ordinary API call) and opens the socket with that. A ticket is
//! random, lasts [`TICKET_LIFETIME`] and opens one socket (decision WC4). It is kept in the
//! database as its SHA-256 digest, so it opens a socket on any `portal api` process sharing the
//! database, once (decision WC8).

use super::Participant;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::Utc;
use domain::web_chat::conversation::ChatSide;
use rand::RngCore;
use std::fmt::Write;
use std::time::Duration;
use store::{ChatTicketHolder, Store, StoreError};

/// Long enough to open a socket straight after asking, short enough that a leaked one is stale.
pub const TICKET_LIFETIME: Duration = Duration::from_secs(30);

/// The longest ticket worth looking up: ours are 43 characters.
const LONGEST_TICKET: usize = 64;

/// Tickets handed out and not yet used, in the database.
#[derive(Debug, Clone)]
pub struct Tickets {
    store: Store,
}

/// What is stored for a ticket: its SHA-256, in hex. A copy of the table opens no socket.
fn digest(ticket: &str) -> String {
    let digest = ring::digest::digest(&ring::digest::SHA256, ticket.as_bytes());
    digest
        .as_ref()
        .iter()
        .fold(String::with_capacity(64), |mut hex, byte| {
            let _ = write!(hex, "{byte:02x}");
            hex
        })
}

impl Tickets {
    pub fn new(store: Store) -> Self {
        Self { store }
    }

    /// A new ticket for `participant`.
    pub async fn issue(&self, participant: &Participant) -> Result<String, StoreError> {
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        let ticket = URL_SAFE_NO_PAD.encode(bytes);
        let now = Utc::now();
        let lifetime = chrono::Duration::from_std(TICKET_LIFETIME)
            .unwrap_or_else(|_| chrono::Duration::seconds(30));
        let holder = ChatTicketHolder {
            person_id: participant.id.clone(),
            person_name: participant.name.clone(),
            side: participant.side.as_str().to_owned(),
            application_id: participant.application_id,
        };
        self.store
            .keep_chat_ticket(&digest(&ticket), &holder, now + lifetime, now)
            .await?;
        Ok(ticket)
    }

    /// Who the ticket was issued to, if it is still valid; it cannot be used again, on this
    /// process or any other.
    pub async fn redeem(&self, ticket: &str) -> Result<Option<Participant>, StoreError> {
        if ticket.is_empty() || ticket.len() > LONGEST_TICKET {
            return Ok(None);
        }
        let Some(holder) = self
            .store
            .take_chat_ticket(&digest(ticket), Utc::now())
            .await?
        else {
            return Ok(None);
        };
        let side = match holder.side.as_str() {
            s if s == ChatSide::CareTeam.as_str() => ChatSide::CareTeam,
            s if s == ChatSide::Adviser.as_str() => ChatSide::Adviser,
            other => {
                return Err(StoreError::Corrupt(format!(
                    "chat_tickets: a ticket for the side {other:?}, which does not chat"
                )));
            }
        };
        Ok(Some(Participant {
            id: holder.person_id,
            name: holder.person_name,
            side,
            application_id: holder.application_id,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use store::testing::TestDatabase;

    #[tokio::test]
    async fn a_ticket_opens_one_socket_only_and_only_its_digest_is_kept() {
        let database = TestDatabase::create().await;
        let store = Store::connect(database.url(), store::testing::keys())
            .await
            .unwrap();
        store.migrate().await.unwrap();
        let tickets = Tickets::new(store.clone());
        let ticket = tickets
            .issue(&Participant {
                id: "adviser1".into(),
                name: "Priya Shah".into(),
                side: ChatSide::Adviser,
                application_id: Some(1_000_001),
            })
            .await
            .unwrap();
        assert_eq!(ticket.len(), 43, "256 random bits");
        // Another process's view of the same database redeems it.
        let elsewhere = Tickets::new(store);
        let redeemed = elsewhere.redeem(&ticket).await.unwrap().unwrap();
        assert_eq!(
            (redeemed.id.as_str(), redeemed.side, redeemed.application_id),
            ("adviser1", ChatSide::Adviser, Some(1_000_001))
        );
        assert!(tickets.redeem(&ticket).await.unwrap().is_none());
        assert!(elsewhere.redeem(&ticket).await.unwrap().is_none());
        assert!(tickets.redeem("made-up").await.unwrap().is_none());
        assert!(tickets.redeem(&"x".repeat(10_000)).await.unwrap().is_none());
        assert_eq!(digest("abc").len(), 64);
        assert_ne!(digest(&ticket), ticket);
    }

    #[tokio::test]
    async fn a_ticket_past_its_lifetime_opens_nothing_and_is_swept() {
        let database = TestDatabase::create().await;
        let store = Store::connect(database.url(), store::testing::keys())
            .await
            .unwrap();
        store.migrate().await.unwrap();
        let tickets = Tickets::new(store.clone());
        let agent = Participant {
            id: "cca1".into(),
            name: "Chloe Adams".into(),
            side: ChatSide::CareTeam,
            application_id: None,
        };
        let ticket = tickets.issue(&agent).await.unwrap();
        let lifetime = chrono::Duration::from_std(TICKET_LIFETIME).unwrap();
        let just_before = Utc::now() + lifetime - chrono::Duration::seconds(2);
        let kept = tickets.issue(&agent).await.unwrap();
        assert!(
            store
                .take_chat_ticket(&digest(&kept), just_before)
                .await
                .unwrap()
                .is_some(),
            "still valid just before its lifetime ends"
        );
        let after = Utc::now() + lifetime + chrono::Duration::seconds(1);
        assert!(
            store
                .take_chat_ticket(&digest(&ticket), after)
                .await
                .unwrap()
                .is_none()
        );
        // Used up by the late attempt: not there any more even for a clock that went back.
        assert!(tickets.redeem(&ticket).await.unwrap().is_none());
    }
}
