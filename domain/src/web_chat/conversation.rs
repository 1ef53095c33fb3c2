//! The rules of a web chat conversation (issue 35): who takes which side, what a message may
//! be, how fast one person may send, and which conversation a message belongs to (one per
//! adviser per UK day). Decisions WC1–WC6.

use crate::adviser::{Role, Roles};
use crate::dates::uk_date;
use chrono::{DateTime, NaiveDate, TimeDelta, Utc};
use std::collections::VecDeque;

/// The longest message, in characters: a few paragraphs, far beyond a chat line, short enough
/// that nobody pastes a document into the transcript.
pub const MAX_MESSAGE_CHARS: usize = 2000;

/// The longest id a browser may give its message (a UUID is 36).
pub const MAX_CLIENT_ID_CHARS: usize = 64;

/// How many messages one person may send in [`FLOOD_WINDOW_SECONDS`]: a fast typist sends a
/// line every second or two; a script or a stuck key sends far more.
pub const FLOOD_LIMIT: usize = 20;
pub const FLOOD_WINDOW_SECONDS: i64 = 10;

/// Which side of a conversation someone is on, and what they may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChatSide {
    /// An adviser (or an assistant), chatting as themself about their own work.
    Adviser,
    /// A customer-care agent (`cca`): answers any adviser's conversation.
    CareTeam,
    /// A customer-care administrator (`ccaadmin`): reads transcripts, does not answer.
    Supervisor,
}

impl ChatSide {
    /// The side a signed-in person takes: the `cca` role answers (whatever else they are), a
    /// `ccaadmin` reads, a registered adviser or assistant asks; an underwriter, a client or
    /// anyone else has no part in web chat (`None`). An `underwriter` role keeps someone out
    /// even if they are also registered as an adviser, as it does for the adviser's pages.
    pub fn of(roles: &Roles, is_registered_adviser: bool) -> Option<ChatSide> {
        if roles.has(Role::Cca) {
            Some(ChatSide::CareTeam)
        } else if roles.has(Role::CcaAdmin) {
            Some(ChatSide::Supervisor)
        } else if roles.has(Role::Underwriter) {
            None
        } else if is_registered_adviser {
            Some(ChatSide::Adviser)
        } else {
            None
        }
    }

    /// Whether this side may write in a conversation (and so connect to the chat).
    pub fn may_chat(self) -> bool {
        matches!(self, ChatSide::Adviser | ChatSide::CareTeam)
    }

    /// Whether this side may read any adviser's conversation, not only their own.
    pub fn reads_every_conversation(self) -> bool {
        matches!(self, ChatSide::CareTeam | ChatSide::Supervisor)
    }

    /// The word stored with a message and sent to the browser.
    pub fn as_str(self) -> &'static str {
        match self {
            ChatSide::Adviser => "adviser",
            ChatSide::CareTeam => "careTeam",
            ChatSide::Supervisor => "supervisor",
        }
    }

    pub fn parse(text: &str) -> Option<ChatSide> {
        match text {
            "adviser" => Some(ChatSide::Adviser),
            "careTeam" => Some(ChatSide::CareTeam),
            "supervisor" => Some(ChatSide::Supervisor),
            _ => None,
        }
    }
}

/// Why a message cannot be sent; each says what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MessageError {
    #[error("Type a message before sending it")]
    Empty,
    #[error("A message can be at most {MAX_MESSAGE_CHARS} characters; this one is {0}")]
    TooLong(usize),
    #[error("The message's id must be 1 to {MAX_CLIENT_ID_CHARS} letters, digits or '-'")]
    BadClientId,
    #[error(
        "You are sending messages too quickly: at most {FLOOD_LIMIT} in {FLOOD_WINDOW_SECONDS} seconds. Wait a moment and send it again"
    )]
    TooFast,
}

impl MessageError {
    /// A machine-readable code the browser keys its handling on.
    pub fn code(&self) -> &'static str {
        match self {
            MessageError::Empty => "empty",
            MessageError::TooLong(_) => "tooLong",
            MessageError::BadClientId => "badClientId",
            MessageError::TooFast => "tooFast",
        }
    }
}

/// A message's words: trimmed of surrounding blank space, not empty, at most
/// [`MAX_MESSAGE_CHARS`] characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageText(String);

impl MessageText {
    pub fn parse(text: &str) -> Result<MessageText, MessageError> {
        let trimmed = text.trim();
        let length = trimmed.chars().count();
        if length == 0 {
            Err(MessageError::Empty)
        } else if length > MAX_MESSAGE_CHARS {
            Err(MessageError::TooLong(length))
        } else {
            Ok(MessageText(trimmed.to_owned()))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The id the sender's browser gives a message, so that sending it again after a dropped
/// connection stores it once (decision WC2).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClientMessageId(String);

impl ClientMessageId {
    pub fn parse(text: &str) -> Result<ClientMessageId, MessageError> {
        let ok = !text.is_empty()
            && text.len() <= MAX_CLIENT_ID_CHARS
            && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if ok {
            Ok(ClientMessageId(text.to_owned()))
        } else {
            Err(MessageError::BadClientId)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The UK day a conversation belongs to: one conversation per adviser per day, so a message
/// sent at 23:59 and one at 00:01 UK time are in two transcripts.
pub fn conversation_day(at: DateTime<Utc>) -> NaiveDate {
    uk_date(at)
}

/// One person's recent messages, to refuse a flood: at most [`FLOOD_LIMIT`] in any
/// [`FLOOD_WINDOW_SECONDS`] seconds. A message sent again with an id already stored does not
/// count (it is not a new message).
#[derive(Debug, Clone, Default)]
pub struct FloodGuard {
    recent: VecDeque<DateTime<Utc>>,
}

impl FloodGuard {
    /// Counts a message sent at `at`, or refuses it when the window is full.
    pub fn admit(&mut self, at: DateTime<Utc>) -> Result<(), MessageError> {
        let window = TimeDelta::seconds(FLOOD_WINDOW_SECONDS);
        while self.recent.front().is_some_and(|t| at - *t >= window) {
            self.recent.pop_front();
        }
        if self.recent.len() >= FLOOD_LIMIT {
            return Err(MessageError::TooFast);
        }
        self.recent.push_back(at);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn roles(names: &[&str]) -> Roles {
        Roles::parse(names.iter().copied())
    }

    #[test]
    fn each_role_takes_its_side_and_others_have_none() {
        assert_eq!(ChatSide::of(&roles(&[]), true), Some(ChatSide::Adviser));
        assert_eq!(
            ChatSide::of(&roles(&["cca"]), false),
            Some(ChatSide::CareTeam)
        );
        assert_eq!(
            ChatSide::of(&roles(&["CcaAdmin"]), false),
            Some(ChatSide::Supervisor)
        );
        assert_eq!(ChatSide::of(&roles(&["underwriter"]), false), None);
        assert_eq!(ChatSide::of(&roles(&["underwriter"]), true), None);
        assert_eq!(ChatSide::of(&roles(&["client"]), false), None);
        assert_eq!(ChatSide::of(&roles(&[]), false), None);
        // Someone who answers chats answers, even if also registered as an adviser.
        assert_eq!(
            ChatSide::of(&roles(&["cca", "ccaadmin"]), true),
            Some(ChatSide::CareTeam)
        );
    }

    #[test]
    fn only_advisers_and_agents_chat_and_only_customer_care_reads_everyones() {
        assert!(ChatSide::Adviser.may_chat());
        assert!(ChatSide::CareTeam.may_chat());
        assert!(!ChatSide::Supervisor.may_chat());
        assert!(!ChatSide::Adviser.reads_every_conversation());
        assert!(ChatSide::CareTeam.reads_every_conversation());
        assert!(ChatSide::Supervisor.reads_every_conversation());
        for side in [ChatSide::Adviser, ChatSide::CareTeam, ChatSide::Supervisor] {
            assert_eq!(ChatSide::parse(side.as_str()), Some(side));
        }
    }

    #[test]
    fn a_message_is_trimmed_and_must_have_words_within_the_limit() {
        assert_eq!(MessageText::parse("  hello \n").unwrap().as_str(), "hello");
        assert_eq!(MessageText::parse(""), Err(MessageError::Empty));
        assert_eq!(MessageText::parse(" \n\t "), Err(MessageError::Empty));
        let longest = "é".repeat(MAX_MESSAGE_CHARS);
        assert!(
            MessageText::parse(&longest).is_ok(),
            "counted in characters"
        );
        assert_eq!(
            MessageText::parse(&format!("{longest}a")),
            Err(MessageError::TooLong(MAX_MESSAGE_CHARS + 1))
        );
    }

    #[test]
    fn a_message_id_is_short_and_plain() {
        assert!(ClientMessageId::parse("0f8fad5b-d9cb-469f-a165-70867728950e").is_ok());
        assert!(ClientMessageId::parse(&"a".repeat(MAX_CLIENT_ID_CHARS)).is_ok());
        for bad in ["", "a b", "a/b", &"a".repeat(MAX_CLIENT_ID_CHARS + 1)] {
            assert_eq!(
                ClientMessageId::parse(bad),
                Err(MessageError::BadClientId),
                "{bad}"
            );
        }
    }

    #[test]
    fn the_conversation_day_is_the_uk_date() {
        // 23:30 UTC on 30 June is 00:30 on 1 July in the UK (BST); in winter UTC is UK time.
        let summer = Utc.with_ymd_and_hms(2026, 6, 30, 23, 30, 0).unwrap();
        assert_eq!(conversation_day(summer).to_string(), "2026-07-01");
        let winter = Utc.with_ymd_and_hms(2026, 11, 27, 23, 59, 0).unwrap();
        assert_eq!(conversation_day(winter).to_string(), "2026-11-27");
    }

    #[test]
    fn a_flood_is_refused_until_the_window_moves_on() {
        let start = Utc.with_ymd_and_hms(2026, 11, 27, 10, 0, 0).unwrap();
        let mut guard = FloodGuard::default();
        for n in 0..FLOOD_LIMIT {
            let at = start + TimeDelta::milliseconds(i64::try_from(n).unwrap() * 100);
            assert_eq!(guard.admit(at), Ok(()), "message {n}");
        }
        let just_inside =
            start + TimeDelta::seconds(FLOOD_WINDOW_SECONDS) - TimeDelta::milliseconds(1);
        assert_eq!(guard.admit(just_inside), Err(MessageError::TooFast));
        // Ten seconds after the first, it has left the window: one more may go.
        let window_later = start + TimeDelta::seconds(FLOOD_WINDOW_SECONDS);
        assert_eq!(guard.admit(window_later), Ok(()));
        assert_eq!(guard.admit(window_later), Err(MessageError::TooFast));
    }
}
