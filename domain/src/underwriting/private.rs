//! Health questions answered privately (issue 35, §7 `POST /portal/apply/{id}`): the adviser
//! sends a client their own underwriting interview to answer in the client portal, because
//! clients leave things out when asked aloud in front of others.
//!
//! While the interview is with the client, the client answers it with the same rules as the
//! adviser ([`EnquiryRecord::provide`]) and everyone else (the adviser, the answers document,
//! customer care) sees only which sections are answered: [`EnquiryRecord::view`] hides the
//! answers, and only [`EnquiryRecord::client_view`] shows them, to the client. Once the client
//! submits, the interview is the adviser's again, as if they had typed the answers. Taking it
//! back before then puts the interview back as it was when sent (docs: PH2).

use super::Enquiry;
use super::dictionary::BackedOption;
use super::interview::Interview;
use super::record::{CLOSED, EnquiryRecord, ProvideAnswers, Wording};
use crate::errors::Rejection;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// Why the adviser cannot change an interview the client is answering.
pub const WITH_CLIENT: &str = "The client is answering these questions privately in the client \
    portal. Take the questions back first to answer them here.";
/// Why a second send is refused.
pub const ALREADY_SENT: &str =
    "These questions are already with the client to answer in the client portal.";
/// Why a send after the client has submitted is refused.
pub const ALREADY_SUBMITTED: &str =
    "The client has already answered these questions privately and submitted them.";
/// Why a take-back is refused when there is nothing to take back.
pub const NOT_WITH_CLIENT: &str = "These questions are not with the client.";
/// Why the client can no longer change an interview (taken back or submitted).
pub const NO_LONGER_WITH_CLIENT: &str =
    "These questions are no longer waiting for your answers. Please contact your adviser.";
/// Why a send without an email is refused: the client registers for the portal with it.
pub const NO_EMAIL: &str = "No email address is recorded for this client. Add one on Contact \
    details first: the client registers for the client portal with it.";

/// Who is changing the interview.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answerer {
    /// The adviser (or someone acting for them) at their desk.
    Adviser,
    /// The client, in the client portal.
    Client,
}

/// The adviser who sent or took back the questions, as the token names them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Sender {
    pub id: String,
    pub name: String,
}

/// The interview's answers as they stood when sent, put back if the adviser takes it back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AnswersWhenSent {
    pub answers: BTreeMap<String, String>,
    pub options: BTreeMap<String, BackedOption>,
    pub accepted_post_underwriting: bool,
}

/// The client's submission: when, and the client account (token subject) that made it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Submission {
    pub at: DateTime<Utc>,
    pub by: String,
}

/// An interview sent to the client to answer privately, as the record keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PrivateAnswering {
    /// The email the adviser recorded, which the client registers with.
    pub email: String,
    pub sent_at: DateTime<Utc>,
    pub sent_by: Sender,
    pub when_sent: AnswersWhenSent,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub submitted: Option<Submission>,
}

impl PrivateAnswering {
    /// Sent and not yet submitted: only the client sees the answers.
    pub fn is_with_client(&self) -> bool {
        self.submitted.is_none()
    }
}

/// One section of an interview the client is answering, as the adviser sees it: its name and
/// whether it is answered, never how many questions it asked (a follow-up question would say
/// what was disclosed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SectionProgress {
    pub id: String,
    pub name: String,
    pub is_answered: bool,
}

/// How the client's private answering stands, shown with the enquiry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientAnswering {
    /// The email the questions were sent to: the client registers for the portal with it.
    pub email: String,
    pub sent_at: DateTime<Utc>,
    /// The name of the adviser who sent them.
    pub sent_by: String,
    /// Sent and not yet submitted: the answers are the client's alone.
    pub is_with_client: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub submitted_at: Option<DateTime<Utc>>,
    /// Each section answered or still to answer.
    pub sections: Vec<SectionProgress>,
}

/// §7 `POST /portal/apply/{id}`: send the interview to the client, at this email.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SendToClient {
    /// The client's email from their contact details, if recorded.
    pub email: Option<String>,
    pub by: Sender,
}

/// The adviser takes the interview back before the client submits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TakeBack {
    pub by: Sender,
}

/// Answers from the client in the portal, with their account (token subject).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientAnswers {
    pub client: String,
    pub batch: ProvideAnswers,
}

/// The client accepts the post-underwriting declaration in the portal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientDeclares {
    pub client: String,
}

/// The client submits their answers: the interview becomes the adviser's again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientSubmits {
    pub client: String,
}

impl EnquiryRecord {
    /// Sent to the client and not yet submitted.
    pub fn is_with_client(&self) -> bool {
        self.private
            .as_ref()
            .is_some_and(PrivateAnswering::is_with_client)
    }

    /// Where the interview stands, in the words a case handler reads in the Temporal Web UI:
    /// "open", "open · with the client to answer privately", "open · answered privately by the
    /// client" or "closed".
    pub fn handling_words(&self) -> &'static str {
        match (&self.private, self.status.is_open()) {
            (_, false) => "closed",
            (Some(private), true) if private.is_with_client() => {
                "open · with the client to answer privately"
            }
            (Some(_), true) => "open · answered privately by the client",
            (None, true) => "open",
        }
    }

    /// Whether `answerer` may change the interview now: the adviser while it is not with the
    /// client, the client only while it is.
    pub fn check_answerer(&self, answerer: Answerer) -> Result<(), Rejection> {
        match (answerer, self.is_with_client()) {
            (Answerer::Adviser, true) => Err(Rejection::conflict(WITH_CLIENT)),
            (Answerer::Client, false) => Err(Rejection::conflict(NO_LONGER_WITH_CLIENT)),
            _ => Ok(()),
        }
    }

    /// [`EnquiryRecord::provide`] by `answerer`.
    pub fn provide_as(
        &self,
        answerer: Answerer,
        interview: &Interview,
        batch: &ProvideAnswers,
        today: NaiveDate,
        at: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.check_answerer(answerer)?;
        self.provide(interview, batch, today, at)
    }

    /// [`EnquiryRecord::accept_post_declaration`] by `answerer`.
    pub fn accept_post_declaration_as(
        &self,
        answerer: Answerer,
        at: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.check_answerer(answerer)?;
        self.accept_post_declaration(at)
    }

    /// Sends the open interview to the client at the email recorded for them; refused once
    /// sent, once submitted, when closed, and without an email.
    pub fn send_to_client(
        &self,
        send: &SendToClient,
        at: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        if !self.status.is_open() {
            return Err(Rejection::conflict(CLOSED));
        }
        match &self.private {
            Some(p) if p.is_with_client() => return Err(Rejection::conflict(ALREADY_SENT)),
            Some(_) => return Err(Rejection::conflict(ALREADY_SUBMITTED)),
            None => {}
        }
        let email = send
            .email
            .as_deref()
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .ok_or_else(|| Rejection::field("emailAddress", NO_EMAIL))?;
        let mut next = self.clone();
        next.private = Some(PrivateAnswering {
            email: email.to_owned(),
            sent_at: at,
            sent_by: send.by.clone(),
            when_sent: AnswersWhenSent {
                answers: self.answers.clone(),
                options: self.options.clone(),
                accepted_post_underwriting: self.declarations.accepted_post_underwriting,
            },
            submitted: None,
        });
        Ok(next.changed(at))
    }

    // docs: PH2.
    /// Takes the interview back from the client before they submit: whatever they answered is
    /// discarded unseen, and the interview is as it was when sent.
    pub fn take_back(&self, at: DateTime<Utc>) -> Result<Self, Rejection> {
        if !self.status.is_open() {
            return Err(Rejection::conflict(CLOSED));
        }
        let Some(private) = self.private.as_ref().filter(|p| p.is_with_client()) else {
            return Err(Rejection::conflict(NOT_WITH_CLIENT));
        };
        let mut next = self.clone();
        next.answers = private.when_sent.answers.clone();
        next.options = private.when_sent.options.clone();
        next.declarations.accepted_post_underwriting = private.when_sent.accepted_post_underwriting;
        next.private = None;
        Ok(next.changed(at))
    }

    /// The client submits: every required question answered and the declaration accepted, as
    /// closing needs; the interview is then the adviser's again, with the client's answers.
    pub fn submit_by_client(
        &self,
        interview: &Interview,
        client: &str,
        today: NaiveDate,
        at: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        if !self.status.is_open() {
            return Err(Rejection::conflict(CLOSED));
        }
        self.check_answerer(Answerer::Client)?;
        self.check_answered(interview, today, Wording::Client)?;
        if !self.declarations.accepted_post_underwriting {
            return Err(Rejection::field(
                "acceptedPostUnderwriting",
                "Please read and accept the declaration before you submit your answers",
            ));
        }
        let mut next = self.clone();
        if let Some(private) = next.private.as_mut() {
            private.submitted = Some(Submission {
                at,
                by: client.to_owned(),
            });
        }
        Ok(next.changed(at))
    }

    fn changed(mut self, at: DateTime<Utc>) -> Self {
        self.version += 1;
        self.updated_at = at.max(self.updated_at);
        self
    }

    /// The enquiry as anyone but the answering client sees it: while the client is answering,
    /// section names and whether each is answered, and no answer.
    pub fn view(&self, interview: &Interview, today: NaiveDate) -> Enquiry {
        let full = self.full_view(interview, today, Wording::Adviser);
        match &self.private {
            None => full,
            Some(private) if private.is_with_client() => hidden(private, full),
            Some(private) => {
                let answering = answering(private, &full);
                Enquiry {
                    client_answering: Some(answering),
                    ..full
                }
            }
        }
    }

    /// The enquiry as the client answering it sees it: every question and answer.
    pub fn client_view(&self, interview: &Interview, today: NaiveDate) -> Enquiry {
        let full = self.full_view(interview, today, Wording::Client);
        match &self.private {
            None => full,
            Some(private) => Enquiry {
                client_answering: Some(answering(private, &full)),
                ..full
            },
        }
    }
}

fn answering(private: &PrivateAnswering, full: &Enquiry) -> ClientAnswering {
    ClientAnswering {
        email: private.email.clone(),
        sent_at: private.sent_at,
        sent_by: private.sent_by.name.clone(),
        is_with_client: private.is_with_client(),
        submitted_at: private.submitted.as_ref().map(|s| s.at),
        sections: full
            .sections
            .iter()
            .map(|s| SectionProgress {
                id: s.id.clone(),
                name: s.name.clone(),
                is_answered: s.is_satisfied,
            })
            .collect(),
    }
}

/// `full` with nothing that says what the client answered: no questions (which follow-ups are
/// asked tells what was disclosed), answers, conditions or outcome.
fn hidden(private: &PrivateAnswering, full: Enquiry) -> Enquiry {
    let answering = answering(private, &full);
    Enquiry {
        sections: full
            .sections
            .into_iter()
            .map(|s| super::Section {
                enquiry_lines: Vec::new(),
                message: None,
                ..s
            })
            .collect(),
        all_answers: Vec::new(),
        available_conditions: Vec::new(),
        exclusives: Vec::new(),
        is_closeable: false,
        outcome: None,
        client_answering: Some(answering),
        ..full
    }
}

#[cfg(test)]
mod tests;
