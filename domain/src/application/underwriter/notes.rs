//! Underwriting updates (§2 Decision "Underwriting updates (date, time, update)", §7
//! `underwritingupdates`): what the adviser is told while a referred case is with underwriting.
//! The underwriter writes some; each evidence request, chase, receipt and decision writes one
//! too, so the adviser never has to ask where the case is.

use super::super::Application;
use super::super::underwriting_stage::UnderwritingUpdate;
use crate::dates::uk_local;
use crate::errors::Rejection;
use crate::formats;
use crate::stage::ApplicationStage;
use crate::underwriting::manual::Underwriter;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// Longest update, in characters.
pub(crate) const MAX_UPDATE_CHARS: usize = 2_000;

/// `POST /underwriter/cases/{applicationId}/updates`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PostUnderwritingUpdate {
    pub text: String,
    pub underwriter: Underwriter,
}

impl Application {
    // §9 formats.
    /// Adds an update, dated `dd/MM/yyyy` and timed `HH:mm` in UK time; `by` none for one the
    /// portal wrote.
    pub(in crate::application) fn post_update(
        &mut self,
        text: String,
        by: Option<&Underwriter>,
        at: DateTime<Utc>,
    ) {
        let local = uk_local(at);
        self.underwriting
            .underwriting_updates
            .push(UnderwritingUpdate {
                date: formats::date(local.date()),
                time: formats::time(local.time()),
                update: text,
                posted_at: at,
                author: by.map(|u| format!("{}, underwriter", u.name)),
            });
    }

    /// The underwriter's own update: while the case is with underwriting, by the underwriter
    /// holding it; once a referral is decided, by any underwriter, until the policy is in force.
    pub fn post_underwriting_update(
        &self,
        command: &PostUnderwritingUpdate,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        let decided_referral = self.status == ApplicationStage::Decision
            && self.underwriting.referral.decided_at.is_some()
            && !self.set_up.active;
        if !decided_referral {
            self.ensure_held_by(&command.underwriter)?;
        }
        let text = command.text.trim();
        if text.is_empty() {
            return Err(Rejection::field("text", "Please write the update"));
        }
        if text.chars().count() > MAX_UPDATE_CHARS
            || text.chars().any(|c| c.is_control() && c != '\n')
        {
            return Err(Rejection::field(
                "text",
                &format!("An update must be at most {MAX_UPDATE_CHARS} characters of text"),
            ));
        }
        let mut next = self.clone();
        next.post_update(text.to_owned(), Some(&command.underwriter), now);
        Ok(next.touched(now))
    }
}
