//! Storage for everything that is not a journey's own state: the read model of each
//! application (written by its workflow, read by the API), the underwriters' workbench over
//! it, advisers, firms and delegations.
//!
//! Every query is behind a function named for what it does; handlers never see SQL. The same
//! SQL runs on SQLite (the embedded default) and PostgreSQL (`DATABASE_URL=postgres://…`)
//! through sqlx's `Any` driver, so parameters are written `$1, $2, …` in order of use.

mod advisers;
mod applications;
mod attempts;
mod audit;
pub use attempts::{AttemptKind, AttemptLimit, KEEP_FAILED_ATTEMPTS, RecentFailures, SignInLimits};
pub use audit::{DataRead, DataReadFilter, DataReadPage, NewDataRead, ReadCase};
mod care;
pub use care::{
    Actor, AdviserListing, CARE_LIST_LIMIT, CareAdviser, ChangeRecord, ChangeSubject, Checked,
    DocumentListing, StoredDelegation,
};
mod chat;
mod chat_channel;
mod chat_presence;
mod chat_tickets;
mod client_accounts;
mod documents;
mod enquiries;
mod idempotency;
pub use enquiries::StoredEnquiry;
pub use idempotency::{Claim, KeptAnswer, KeyOf, KeyTerms};
mod marketing;
mod policies;
mod qi;
mod retention;
pub use retention::{Deletion, DeletionFilter, DeletionPage};
mod sealed;
mod sealing;
mod search;
mod sql;
#[cfg(feature = "testing")]
pub mod testing;
mod workbench;

pub use advisers::{FirmRecord, LocationRecord, SeedAdviser};
pub use applications::{Allocation, CaseOwner};
pub use chat::{CHAT_PAGE, ChatConversation, ChatMessage, NewChatMessage};
pub use chat_channel::{CHAT_CHANNEL, ChatListener};
pub use chat_tickets::ChatTicketHolder;
pub use client_accounts::{ClientLink, DevAccount, LinkOutcome};
pub use documents::{NewDocument, StoredDocument};
pub use search::{SearchFilter, SearchQuery, SearchScope};
pub use workbench::WorkbenchQuery;

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Executor};
use std::time::Duration;

/// Errors the store reports; a caller maps them to a 5xx and logs the detail.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored data could not be read: {0}")]
    Corrupt(String),
    #[error("unsupported DATABASE_URL (expected sqlite:// or postgres://): {0}")]
    UnsupportedUrl(String),
    /// A sealed value whose key is not in the ring, or that failed its integrity check.
    #[error("{what} could not be decrypted: {source}")]
    Sealed {
        what: String,
        source: keyring::OpenError,
    },
    #[error("{0} could not be encrypted: no random nonce could be drawn")]
    Unsealable(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A handle to the database; cheap to clone.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
    /// Where writes go. On SQLite, one connection: SQLite lets one writer in at a time, and a
    /// writer that finds the lock taken sleeps in growing steps (up to 100 ms) before it looks
    /// again, while a writer waiting for this connection is woken the moment it is free. Under
    /// load the sleeps were the slowest commands' time (D26). On PostgreSQL, the same pool.
    writer: AnyPool,
    backend: Backend,
    /// Seals the special-category columns on write and opens them on read (`sealed`).
    sealer: sealed::Sealer,
    /// On PostgreSQL, where the web chat's listening connections connect (`chat_channel`).
    listen_url: Option<chat_channel::ListenUrl>,
}

/// Longest wait for a free connection before a request fails rather than hangs.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);
/// SQLite waits this long (ms) for a writer lock instead of failing at once with "database is locked".
const SQLITE_BUSY_TIMEOUT: &str = "PRAGMA busy_timeout = 5000";

impl Store {
    /// Begins a transaction that writes. On SQLite it takes the write lock at once
    /// (`BEGIN IMMEDIATE`): a deferred transaction that reads before it writes (as the search
    /// index's triggers do) cannot wait for a busy writer and fails at once with "database is
    /// locked"; an immediate one waits its turn (`busy_timeout`).
    pub(crate) async fn begin_write(
        &self,
    ) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => self.writer.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => self.writer.begin().await,
        }
    }

    /// Connects to `url`, creating a SQLite file (and its folder) when it does not exist yet.
    /// `keys` seal health answers, bank details and documents at rest: the same ring as the
    /// Temporal payload codec's, so one key file (and one rotation) serves both.
    pub async fn connect(url: &str, keys: keyring::KeyRing) -> Result<Self, StoreError> {
        install_default_drivers();
        let (backend, url) = if let Some(rest) = url.strip_prefix("sqlite:") {
            (Backend::Sqlite, sqlite_url(rest))
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            (Backend::Postgres, url.to_owned())
        } else {
            return Err(StoreError::UnsupportedUrl(redact(url)));
        };
        if backend == Backend::Sqlite {
            create_sqlite_folder(&url);
        }
        let options = |max_connections| {
            AnyPoolOptions::new()
                .max_connections(max_connections)
                .acquire_timeout(ACQUIRE_TIMEOUT)
                // A SQLite connection is a file opened in this process: it cannot go stale, so
                // the round trip to its thread that checks it at each acquire buys nothing (each
                // command acquires twice). A PostgreSQL connection can be dropped by the server,
                // so it is still checked.
                .test_before_acquire(backend == Backend::Postgres)
                .after_connect(move |conn, _meta| {
                    Box::pin(async move {
                        if backend == Backend::Sqlite {
                            // First, so that even the pragmas below wait for a writer rather than
                            // fail with "database is locked" when the pool opens a connection
                            // under load.
                            conn.execute(SQLITE_BUSY_TIMEOUT).await?;
                            // WAL lets readers work while the projection writes.
                            conn.execute("PRAGMA journal_mode = WAL").await?;
                            conn.execute("PRAGMA synchronous = NORMAL").await?;
                            conn.execute("PRAGMA foreign_keys = ON").await?;
                        }
                        Ok(())
                    })
                })
        };
        let (pool, writer) = match backend {
            Backend::Sqlite => (
                options(8).connect(&url).await?,
                options(1).connect(&url).await?,
            ),
            Backend::Postgres => {
                let pool = options(16).connect(&url).await?;
                (pool.clone(), pool)
            }
        };
        Ok(Self {
            pool,
            writer,
            backend,
            sealer: sealed::Sealer::new(keys),
            listen_url: (backend == Backend::Postgres).then_some(chat_channel::ListenUrl(url)),
        })
    }

    /// Brings the schema up to date; safe to run at every start-up.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        match self.backend {
            Backend::Sqlite => {
                sqlx::migrate!("./migrations/sqlite")
                    .run(&self.pool)
                    .await?
            }
            Backend::Postgres => {
                sqlx::migrate!("./migrations/postgres")
                    .run(&self.pool)
                    .await?
            }
        }
        self.fill_workbench_columns().await?;
        self.fill_policy_products().await?;
        self.fill_same_client_keys().await?;
        self.seal_plain_rows().await
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// A cheap round trip, for readiness checks.
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// `sqlite://data/portal.db` → a URL sqlx opens read-write and creates when missing.
fn sqlite_url(rest: &str) -> String {
    let path = rest.trim_start_matches("//");
    if path.contains("mode=") {
        format!("sqlite://{path}")
    } else if path.contains('?') {
        format!("sqlite://{path}&mode=rwc")
    } else {
        format!("sqlite://{path}?mode=rwc")
    }
}

fn create_sqlite_folder(url: &str) {
    let path = url.trim_start_matches("sqlite://");
    let path = path.split('?').next().unwrap_or_default();
    if let Some(parent) = std::path::Path::new(path).parent()
        && !parent.as_os_str().is_empty()
    {
        // A failure here resurfaces as a clear connect error naming the file.
        let _ = std::fs::create_dir_all(parent);
    }
}

/// A URL without its password, safe to print in an error.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            format!("{}://***{}", &url[..scheme], &url[at..])
        }
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_urls_open_read_write_create() {
        assert_eq!(
            sqlite_url("//data/portal.db"),
            "sqlite://data/portal.db?mode=rwc"
        );
        assert_eq!(
            sqlite_url("//x.db?cache=shared"),
            "sqlite://x.db?cache=shared&mode=rwc"
        );
        assert_eq!(sqlite_url("//x.db?mode=ro"), "sqlite://x.db?mode=ro");
    }

    #[test]
    fn passwords_are_not_echoed_in_errors() {
        assert_eq!(
            redact("mysql://user:secret@db/portal"),
            "mysql://***@db/portal"
        );
    }
}
