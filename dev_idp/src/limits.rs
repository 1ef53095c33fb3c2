//! Failed password sign-ins limited per account and per client address (issue 36), counted in
//! the database ([`store::AttemptKind`]) so the limits hold on every instance of the API. An
//! account is the email as typed, known or not, so a limited answer says nothing about whether
//! the account exists. Keys are SHA-256 digests: no typed email (or a password typed into the
//! email box) is kept.

use crate::peer_address::PeerAddress;
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use store::SignInLimits;
use store::{AttemptKind, Store, StoreError};

/// One attempt's counters: the account it names and the address it came from.
#[derive(Debug, Clone)]
pub(super) struct Attempt {
    account: String,
    address: String,
}

impl Attempt {
    pub(super) fn new(email: &str, from: PeerAddress) -> Self {
        Self {
            account: digest("account", &email.trim().to_lowercase()),
            address: digest("address", &from.to_string()),
        }
    }
}

fn digest(kind: &str, text: &str) -> String {
    let hash = Sha256::new()
        .chain_update(kind)
        .chain_update([0])
        .chain_update(text)
        .finalize();
    hash.iter().map(|b| format!("{b:02x}")).collect()
}

/// Why an attempt must wait, and until when.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Wait {
    until: DateTime<Utc>,
    now: DateTime<Utc>,
}

impl Wait {
    /// Whole minutes left, rounded up, at least one.
    fn minutes(&self) -> i64 {
        let seconds = (self.until - self.now).num_seconds().max(1);
        (seconds + 59) / 60
    }

    /// The one message for every limited attempt, whichever limit was reached.
    pub(super) fn message(&self) -> String {
        match self.minutes() {
            1 => "Too many failed sign-in attempts. Try again in 1 minute.".into(),
            n => format!("Too many failed sign-in attempts. Try again in {n} minutes."),
        }
    }

    /// For the `Retry-After` header.
    pub(super) fn seconds(&self) -> String {
        (self.until - self.now).num_seconds().max(1).to_string()
    }
}

/// The limits and where failures are counted.
#[derive(Debug, Clone)]
pub(super) struct SignInGuard {
    pub(super) store: Store,
    pub(super) limits: SignInLimits,
}

/// Whether an attempt may go ahead, and whether its account has failures to forget on success.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Admission {
    Go { account_failures: bool },
    Wait(Wait),
}

impl SignInGuard {
    /// Checks both limits before any password is looked at.
    pub(super) async fn admit(
        &self,
        attempt: &Attempt,
        now: DateTime<Utc>,
    ) -> Result<Admission, StoreError> {
        let (account, address) = tokio::try_join!(
            self.store.recent_failures(
                AttemptKind::SignInAccount,
                &attempt.account,
                self.limits.per_account,
                now
            ),
            self.store.recent_failures(
                AttemptKind::SignInAddress,
                &attempt.address,
                self.limits.per_address,
                now
            ),
        )?;
        Ok(match account.wait_until.max(address.wait_until) {
            Some(until) => Admission::Wait(Wait { until, now }),
            None => Admission::Go {
                account_failures: account.count > 0,
            },
        })
    }

    /// Checks the address's limit only (the sign-up page, which names no account to sign in to).
    pub(super) async fn admit_from_address(
        &self,
        attempt: &Attempt,
        now: DateTime<Utc>,
    ) -> Result<Option<Wait>, StoreError> {
        let address = self
            .store
            .recent_failures(
                AttemptKind::SignInAddress,
                &attempt.address,
                self.limits.per_address,
                now,
            )
            .await?;
        Ok(address.wait_until.map(|until| Wait { until, now }))
    }

    /// Counts a wrong password (or an unknown email) against the account and the address.
    pub(super) async fn failed(
        &self,
        attempt: &Attempt,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.store
            .record_failed_attempt(AttemptKind::SignInAccount, &attempt.account, now)
            .await?;
        self.failed_from_address(attempt, now).await
    }

    /// Counts a probe that named no account against the address only (a sign-up with an email
    /// already taken: it tells the prober the account exists).
    pub(super) async fn failed_from_address(
        &self,
        attempt: &Attempt,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.store
            .record_failed_attempt(AttemptKind::SignInAddress, &attempt.address, now)
            .await
    }

    /// The right password: the account's failures are forgotten. The address's are kept, so
    /// one's own account cannot reset a count run up against others'.
    pub(super) async fn succeeded(&self, attempt: &Attempt) -> Result<(), StoreError> {
        self.store
            .forget_failed_attempts(AttemptKind::SignInAccount, &attempt.account)
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wait(seconds: i64) -> Wait {
        let now = Utc::now();
        Wait {
            until: now + chrono::Duration::seconds(seconds),
            now,
        }
    }

    #[test]
    fn the_wait_is_given_in_whole_minutes_rounded_up() {
        assert_eq!(
            wait(15 * 60).message(),
            "Too many failed sign-in attempts. Try again in 15 minutes."
        );
        assert_eq!(
            wait(14 * 60 + 1).message(),
            "Too many failed sign-in attempts. Try again in 15 minutes."
        );
        assert_eq!(
            wait(59).message(),
            "Too many failed sign-in attempts. Try again in 1 minute."
        );
        assert_eq!(
            wait(0).message(),
            "Too many failed sign-in attempts. Try again in 1 minute."
        );
        assert_eq!(wait(90).seconds(), "90");
        assert_eq!(wait(-5).seconds(), "1");
    }

    #[test]
    fn an_account_is_its_email_in_any_case_and_never_kept_as_typed() {
        let here = PeerAddress(Some([127, 0, 0, 1].into()));
        let a = Attempt::new(" Adviser1@Example.com ", here);
        let b = Attempt::new("adviser1@example.com", here);
        assert_eq!(a.account, b.account);
        assert_ne!(
            a.account,
            Attempt::new("adviser2@example.com", here).account
        );
        assert!(!a.account.contains("adviser1") && a.account.len() == 64);
        assert_ne!(
            a.address,
            Attempt::new("adviser1@example.com", PeerAddress(None)).address
        );
    }
}
