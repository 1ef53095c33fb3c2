//! The keys of `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header), kept in the
//! database so every `portal api` process honours a key another process saw first (migration
//! 0025). A key belongs to one caller and one operation: the same key from another caller, or on
//! another method and path, is another key. The first request's payload fingerprint is kept with
//! it, and once that request is answered, its answer, so a retry gets exactly that answer.
//!
//! While the first request runs, its process holds the key under a short lease it renews: a
//! retry arriving meanwhile is told the key is in use, and once a dead process's lease lapses a
//! retry takes the key over and runs again (the command path makes that second run apply
//! nothing twice: `api::idempotency`).

use crate::sealed::{Column, Field};
use crate::sql::{Arg, Sql, parse_timestamp, timestamp};
use crate::{Store, StoreError};
use chrono::{DateTime, Duration, Utc};
use sqlx::Row;

/// One key: whose, on which operation, and the key the client chose.
#[derive(Debug, Clone, Copy)]
pub struct KeyOf<'a> {
    /// The caller's identity (the token's subject).
    pub caller: &'a str,
    /// `METHOD /path`.
    pub operation: &'a str,
    pub key: &'a str,
}

impl KeyOf<'_> {
    fn row(&self) -> String {
        format!("{}\n{}\n{}", self.caller, self.operation, self.key)
    }

    fn bind_where(&self, sql: &mut Sql) {
        sql.push(" WHERE caller = ")
            .bind(Arg::Text(self.caller.to_owned()))
            .push(" AND operation = ")
            .bind(Arg::Text(self.operation.to_owned()))
            .push(" AND idempotency_key = ")
            .bind(Arg::Text(self.key.to_owned()));
    }
}

/// The answer a key's first request got, replayed to its retries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptAnswer {
    pub status: u16,
    /// The headers the handler set (`Content-Type`, `Location`, `Cover-Id`, ...), in order.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// What a request with a key may do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// The key is this request's: run it, then keep its answer or let the key go.
    Run,
    /// The key's first request was answered: this is its answer.
    Answered(KeptAnswer),
    /// The key came first with another payload.
    OtherPayload,
    /// The key's first request is still running, on a process whose lease holds until then.
    Running { until: DateTime<Utc> },
}

/// How long a key is held: the lease while its request runs, and how long the key is kept.
#[derive(Debug, Clone, Copy)]
pub struct KeyTerms {
    pub lease: Duration,
    pub keep: Duration,
}

impl Store {
    /// Claims `key` for a request with this payload `fingerprint` at `now`.
    pub async fn claim_idempotency_key(
        &self,
        key: KeyOf<'_>,
        fingerprint: &str,
        now: DateTime<Utc>,
        terms: KeyTerms,
    ) -> Result<Claim, StoreError> {
        // A row can change between the statements below (another process answering, a lease
        // lapsing, a sweep): each step that finds it changed looks again.
        for _ in 0..4 {
            if self.insert_key(key, fingerprint, now, terms).await? {
                return Ok(Claim::Run);
            }
            let Some(held) = self.held_key(key).await? else {
                continue;
            };
            if held.expires_at <= now {
                if self
                    .renew_expired_key(key, fingerprint, &held.expires_text, now, terms)
                    .await?
                {
                    return Ok(Claim::Run);
                }
                continue;
            }
            if held.fingerprint != fingerprint {
                return Ok(Claim::OtherPayload);
            }
            if let Some(answer) = held.answer {
                return Ok(Claim::Answered(self.open_answer(key, answer)?));
            }
            match held.lease_until {
                Some(until) if until > now => return Ok(Claim::Running { until }),
                _ => {
                    if self
                        .take_over_key(key, held.lease_text.as_deref(), now + terms.lease)
                        .await?
                    {
                        return Ok(Claim::Run);
                    }
                }
            }
        }
        Err(StoreError::Corrupt(format!(
            "idempotency key {:?} kept changing while it was claimed",
            key.key
        )))
    }

    /// Keeps the lease of a key whose request is still running until `until`.
    pub async fn renew_idempotency_lease(
        &self,
        key: KeyOf<'_>,
        until: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut sql = Sql::new("UPDATE idempotency_keys SET lease_until = ");
        sql.bind(Arg::Text(timestamp(until)));
        key.bind_where(&mut sql);
        sql.push(" AND status IS NULL");
        sql.query().execute(&self.writer).await?;
        Ok(())
    }

    /// Keeps the answer of the key's first request, for its retries.
    pub async fn keep_idempotent_answer(
        &self,
        key: KeyOf<'_>,
        answer: &KeptAnswer,
    ) -> Result<(), StoreError> {
        let row = key.row();
        let body = self.sealer.seal_blob(
            &answer.body,
            Field {
                column: Column::IdempotentAnswer,
                row: &row,
            },
        )?;
        let headers = serde_json::to_string(&answer.headers)
            .map_err(|e| StoreError::Corrupt(format!("idempotent answer headers: {e}")))?;
        let mut sql = Sql::new("UPDATE idempotency_keys SET lease_until = NULL, status = ");
        sql.bind(Arg::Int(i64::from(answer.status)))
            .push(", headers = ")
            .bind(Arg::Text(headers))
            .push(", body = ")
            .bind(Arg::Bytes(body));
        key.bind_where(&mut sql);
        sql.query().execute(&self.writer).await?;
        Ok(())
    }

    /// Lets a key go whose request got no answer worth replaying (a server error, say): the
    /// next request with it runs afresh.
    pub async fn release_idempotency_key(&self, key: KeyOf<'_>) -> Result<(), StoreError> {
        let mut sql = Sql::new("DELETE FROM idempotency_keys");
        key.bind_where(&mut sql);
        sql.push(" AND status IS NULL");
        sql.query().execute(&self.writer).await?;
        Ok(())
    }

    /// Deletes the keys kept past their time; how many.
    pub async fn sweep_idempotency_keys(&self, now: DateTime<Utc>) -> Result<u64, StoreError> {
        let mut sql = Sql::new("DELETE FROM idempotency_keys WHERE expires_at <= ");
        sql.bind(Arg::Text(timestamp(now)));
        Ok(sql.query().execute(&self.writer).await?.rows_affected())
    }

    async fn insert_key(
        &self,
        key: KeyOf<'_>,
        fingerprint: &str,
        now: DateTime<Utc>,
        terms: KeyTerms,
    ) -> Result<bool, StoreError> {
        let mut sql = Sql::new(
            "INSERT INTO idempotency_keys (caller, operation, idempotency_key, fingerprint, \
             lease_until, created_at, expires_at) VALUES ",
        );
        sql.bind_list([
            Arg::Text(key.caller.to_owned()),
            Arg::Text(key.operation.to_owned()),
            Arg::Text(key.key.to_owned()),
            Arg::Text(fingerprint.to_owned()),
            Arg::Text(timestamp(now + terms.lease)),
            Arg::Text(timestamp(now)),
            Arg::Text(timestamp(now + terms.keep)),
        ])
        .push(" ON CONFLICT (caller, operation, idempotency_key) DO NOTHING");
        Ok(sql.query().execute(&self.writer).await?.rows_affected() == 1)
    }

    async fn held_key(&self, key: KeyOf<'_>) -> Result<Option<HeldKey>, StoreError> {
        let mut sql = Sql::new(
            "SELECT fingerprint, lease_until, status, headers, body, expires_at \
             FROM idempotency_keys",
        );
        key.bind_where(&mut sql);
        let Some(row) = sql.query().fetch_optional(&self.writer).await? else {
            return Ok(None);
        };
        let corrupt = |what: &str| StoreError::Corrupt(format!("idempotency_keys: {what}"));
        let expires_text: String = row.try_get("expires_at")?;
        let lease_text: Option<String> = row.try_get("lease_until")?;
        let status: Option<i64> = row.try_get("status")?;
        let answer = match status {
            Some(status) => Some(StoredAnswer {
                status: u16::try_from(status).map_err(|_| corrupt("status"))?,
                headers: row
                    .try_get::<Option<String>, _>("headers")?
                    .unwrap_or_default(),
                body: row
                    .try_get::<Option<Vec<u8>>, _>("body")?
                    .unwrap_or_default(),
            }),
            None => None,
        };
        Ok(Some(HeldKey {
            fingerprint: row.try_get("fingerprint")?,
            expires_at: parse_timestamp(&expires_text).ok_or_else(|| corrupt("expires_at"))?,
            expires_text,
            lease_until: lease_text.as_deref().and_then(parse_timestamp),
            lease_text,
            answer,
        }))
    }

    /// Starts a key again whose time ran out, unless someone else did first.
    async fn renew_expired_key(
        &self,
        key: KeyOf<'_>,
        fingerprint: &str,
        old_expiry: &str,
        now: DateTime<Utc>,
        terms: KeyTerms,
    ) -> Result<bool, StoreError> {
        let mut sql = Sql::new("UPDATE idempotency_keys SET fingerprint = ");
        sql.bind(Arg::Text(fingerprint.to_owned()))
            .push(", lease_until = ")
            .bind(Arg::Text(timestamp(now + terms.lease)))
            .push(", status = NULL, headers = NULL, body = NULL, created_at = ")
            .bind(Arg::Text(timestamp(now)))
            .push(", expires_at = ")
            .bind(Arg::Text(timestamp(now + terms.keep)));
        key.bind_where(&mut sql);
        sql.push(" AND expires_at = ")
            .bind(Arg::Text(old_expiry.to_owned()));
        Ok(sql.query().execute(&self.writer).await?.rows_affected() == 1)
    }

    /// Takes over a key whose request's process stopped renewing its lease, unless someone
    /// else did first.
    async fn take_over_key(
        &self,
        key: KeyOf<'_>,
        old_lease: Option<&str>,
        until: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let mut sql = Sql::new("UPDATE idempotency_keys SET lease_until = ");
        sql.bind(Arg::Text(timestamp(until)));
        key.bind_where(&mut sql);
        sql.push(" AND status IS NULL AND ");
        match old_lease {
            Some(old) => sql.push("lease_until = ").bind(Arg::Text(old.to_owned())),
            None => sql.push("lease_until IS NULL"),
        };
        Ok(sql.query().execute(&self.writer).await?.rows_affected() == 1)
    }

    fn open_answer(&self, key: KeyOf<'_>, stored: StoredAnswer) -> Result<KeptAnswer, StoreError> {
        let row = key.row();
        let body = self.sealer.open_blob(
            stored.body,
            Field {
                column: Column::IdempotentAnswer,
                row: &row,
            },
        )?;
        let headers = serde_json::from_str(&stored.headers)
            .map_err(|e| StoreError::Corrupt(format!("idempotency_keys.headers: {e}")))?;
        Ok(KeptAnswer {
            status: stored.status,
            headers,
            body,
        })
    }
}

struct StoredAnswer {
    status: u16,
    headers: String,
    body: Vec<u8>,
}

struct HeldKey {
    fingerprint: String,
    expires_at: DateTime<Utc>,
    expires_text: String,
    lease_until: Option<DateTime<Utc>>,
    lease_text: Option<String>,
    answer: Option<StoredAnswer>,
}
