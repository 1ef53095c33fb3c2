//! The time rules the application's workflow keeps with one durable timer: the quote's
//! valid-until date (§5), each client's AMRA consent (12 months, §9), a policy's later start
//! date and its 30-day cancellation window (§9), and on a referred case each evidence request's
//! chase and the end of a report's 21-day hold (§9). The workflow sleeps
//! until [`Application::next_deadline`] (or a command moves it) and then applies what is due.

use super::Application;
use chrono::{DateTime, Utc};

impl Application {
    /// The next moment something runs out, if anything does.
    pub fn next_deadline(&self) -> Option<DateTime<Utc>> {
        [
            self.quote_expires_at(),
            self.amra_consent_expires_at(),
            self.policy_deadline(),
            self.evidence_deadline(),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// The application after everything due by `now` has run out: the quote withdrawn past its
    /// valid-until date, consents past their 12 months. Unchanged (same version) when nothing
    /// is due.
    pub fn apply_deadlines(&self, now: DateTime<Utc>) -> Self {
        let now = now.max(self.updated_at);
        let quote_due = self.quote_expires_at().is_some_and(|at| at <= now);
        let next = if quote_due {
            self.expire_quote(now)
        } else {
            self.clone()
        };
        next.expire_amra_consents(now)
            .apply_policy_deadlines(now)
            .apply_evidence_deadlines(now)
    }
}

#[cfg(test)]
mod tests {
    use crate::application::SetAmraConsent;
    use crate::testkit::{applicant_id, now, quoted_couple};

    #[test]
    fn the_earliest_deadline_is_kept_and_only_what_is_due_runs_out() {
        let app = quoted_couple();
        let quote_ends = app
            .quote_expires_at()
            .expect("a priced quote has a valid-until date");
        assert_eq!(app.next_deadline(), Some(quote_ends));
        let consented = app
            .set_amra_consent(
                &SetAmraConsent {
                    applicant_id: applicant_id("a1"),
                    is_amra_consent_granted: true,
                },
                now(),
            )
            .unwrap();
        assert_eq!(
            consented.next_deadline(),
            Some(quote_ends),
            "the quote runs out long before consent"
        );
        let before = consented.apply_deadlines(quote_ends - chrono::Duration::seconds(1));
        assert_eq!(before.version, consented.version);
        let after = consented.apply_deadlines(quote_ends);
        assert!(after.quote_stage.quote.is_none());
        assert_eq!(
            after.applicants[0].amra.is_amra_consent_granted,
            Some(true),
            "consent still current"
        );
        assert_eq!(after.next_deadline(), consented.amra_consent_expires_at());
    }
}
