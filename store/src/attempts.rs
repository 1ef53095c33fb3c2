//! Failed attempts at something that can be guessed (a password, a client's details), counted
//! in the database so a limit holds on every instance of the API alike (migration 0020). One
//! counter for every kind: each kind counts apart, by a key its caller chooses (an account, a
//! client address). The rule "at most N failures in a window" is [`AttemptLimit`].

use crate::sql::{Arg, Sql, parse_timestamp, timestamp};
use crate::{Store, StoreError};
use chrono::{DateTime, Duration, Utc};
use sqlx::Row;

/// Failures older than this are deleted as new ones are recorded, so the table stays small;
/// no limit's window may be longer.
pub const KEEP_FAILED_ATTEMPTS: Duration = Duration::days(1);

/// What was attempted. Each kind counts apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttemptKind {
    /// "Confirm your details" in the client portal, by client account.
    ClientLink,
    /// A password sign-in on the development identity provider, by account.
    SignInAccount,
    /// A password sign-in or sign-up probe on the development identity provider, by client address.
    SignInAddress,
}

impl AttemptKind {
    fn as_str(self) -> &'static str {
        match self {
            AttemptKind::ClientLink => "client-link",
            AttemptKind::SignInAccount => "sign-in-account",
            AttemptKind::SignInAddress => "sign-in-address",
        }
    }
}

/// At most `max_failures` failures within `window`; the next attempt waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttemptLimit {
    pub max_failures: u32,
    pub window: Duration,
}

/// Failed password sign-ins allowed per account and per client address within a window, before
/// the next attempt must wait (`SIGN_IN_MAX_FAILURES_PER_ACCOUNT`, default 5;
/// `SIGN_IN_MAX_FAILURES_PER_ADDRESS`, default 20; `SIGN_IN_FAILURE_WINDOW_MINUTES`, default
/// 15). The address limit is the higher: many people can share one address (an office behind
/// one gateway), and it is there to slow one machine trying many accounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SignInLimits {
    pub per_account: AttemptLimit,
    pub per_address: AttemptLimit,
}

/// Failures within a limit's window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecentFailures {
    /// How many, up to the limit's `max_failures`.
    pub count: usize,
    /// When the limit is reached: the moment the next attempt may be made.
    pub wait_until: Option<DateTime<Utc>>,
}

impl Store {
    /// Records a failed attempt of `kind` by `key` at `at`, and forgets failures too old to count.
    pub async fn record_failed_attempt(
        &self,
        kind: AttemptKind,
        key: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut insert =
            Sql::new("INSERT INTO failed_attempts (kind, attempt_key, attempted_at) VALUES (");
        insert
            .bind(Arg::Text(kind.as_str().to_owned()))
            .push(", ")
            .bind(Arg::Text(key.to_owned()))
            .push(", ")
            .bind(Arg::Text(timestamp(at)))
            .push(")");
        insert.query().execute(&self.writer).await?;
        let mut prune = Sql::new("DELETE FROM failed_attempts WHERE attempted_at < ");
        prune.bind(Arg::Text(timestamp(at - KEEP_FAILED_ATTEMPTS)));
        prune.query().execute(&self.writer).await?;
        Ok(())
    }

    /// How many failed attempts of `kind` `key` has made since `since`.
    pub async fn failed_attempts_since(
        &self,
        kind: AttemptKind,
        key: &str,
        since: DateTime<Utc>,
    ) -> Result<usize, StoreError> {
        let mut sql = Sql::new("SELECT COUNT(*) AS total FROM failed_attempts WHERE ");
        by_key(&mut sql, kind, key, since);
        let total = sql.count(&self.pool).await?;
        Ok(usize::try_from(total).unwrap_or(usize::MAX))
    }

    /// `key`'s recent failures of `kind` as `limit` sees them: how many fall within its window
    /// (counted up to `max_failures`), and until when `key` must wait when they reach it.
    pub async fn recent_failures(
        &self,
        kind: AttemptKind,
        key: &str,
        limit: AttemptLimit,
        now: DateTime<Utc>,
    ) -> Result<RecentFailures, StoreError> {
        let mut sql = Sql::new("SELECT attempted_at FROM failed_attempts WHERE ");
        by_key(&mut sql, kind, key, now - limit.window);
        sql.push(" ORDER BY attempted_at DESC LIMIT ")
            .bind(Arg::Int(i64::from(limit.max_failures.max(1))));
        let rows = sql.query().fetch_all(&self.pool).await?;
        let count = rows.len().min(limit.max_failures as usize);
        // The oldest of the last `max_failures` failures: when it leaves the window, the count
        // drops below the limit.
        let wait_until = match rows.last() {
            Some(row) if count == limit.max_failures as usize && count > 0 => {
                let at: String = row.try_get("attempted_at")?;
                let at = parse_timestamp(&at)
                    .ok_or_else(|| StoreError::Corrupt(format!("failed attempt time {at}")))?;
                Some(at + limit.window)
            }
            _ => None,
        };
        Ok(RecentFailures { count, wait_until })
    }

    /// Forgets `key`'s failures of `kind` (after it proved itself, say).
    pub async fn forget_failed_attempts(
        &self,
        kind: AttemptKind,
        key: &str,
    ) -> Result<(), StoreError> {
        let mut sql = Sql::new("DELETE FROM failed_attempts WHERE kind = ");
        sql.bind(Arg::Text(kind.as_str().to_owned()))
            .push(" AND attempt_key = ")
            .bind(Arg::Text(key.to_owned()));
        sql.query().execute(&self.writer).await?;
        Ok(())
    }
}

/// `kind = … AND attempt_key = … AND attempted_at >= since`.
fn by_key(sql: &mut Sql, kind: AttemptKind, key: &str, since: DateTime<Utc>) {
    sql.push("kind = ")
        .bind(Arg::Text(kind.as_str().to_owned()))
        .push(" AND attempt_key = ")
        .bind(Arg::Text(key.to_owned()))
        .push(" AND attempted_at >= ")
        .bind(Arg::Text(timestamp(since)));
}
