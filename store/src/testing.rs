//! A fresh, empty database for each integration test, shared by the store's and the API's test
//! harnesses: a SQLite file in a temporary folder, or, when [`POSTGRES_VARIABLE`] names a
//! PostgreSQL server (`scripts/postgres.sh` starts a throw-away one), a new database of its own
//! on that server, dropped when the test ends. Compiled with the `testing` feature, for tests
//! only; never in the product.

use sqlx::{AssertSqlSafe, Connection, Executor, PgConnection, SqliteConnection};

/// A key ring of one new random key (id `test`), for a test's store to seal with.
pub fn keys() -> keyring::KeyRing {
    let line = keyring::new_key_line("test").expect("a random key for a test");
    keyring::KeyRing::parse(&line, None).expect("a key ring of one new key")
}

/// The variable naming a PostgreSQL server (`postgres://user@host:port/postgres`, a superuser
/// or a role that may create databases) on which every test gets a new database instead of a
/// SQLite file.
pub const POSTGRES_VARIABLE: &str = "PORTAL_TEST_POSTGRES";

/// A test's own database; [`TestDatabase::url`] is its `DATABASE_URL`. Dropping it removes
/// the database, so keep it alive as long as anything uses the URL.
#[derive(Debug)]
pub struct TestDatabase {
    url: String,
    place: Place,
}

#[derive(Debug)]
enum Place {
    /// The file's folder, removed when the test ends.
    Sqlite {
        _folder: tempfile::TempDir,
    },
    Postgres {
        server: String,
        name: String,
    },
}

impl TestDatabase {
    /// A new empty database (not migrated) on the server [`POSTGRES_VARIABLE`] names, or a
    /// SQLite file in a new temporary folder when it is unset. Panics when the server refuses,
    /// as a test cannot go on without its database.
    pub async fn create() -> TestDatabase {
        match std::env::var(POSTGRES_VARIABLE) {
            Ok(server) if !server.is_empty() => Self::create_on(server).await,
            _ => {
                let dir = tempfile::tempdir().expect("a temporary folder for SQLite");
                TestDatabase {
                    url: format!("sqlite://{}/portal.db", dir.path().display()),
                    place: Place::Sqlite { _folder: dir },
                }
            }
        }
    }

    async fn create_on(server: String) -> TestDatabase {
        let name = format!("t_{}", uuid::Uuid::new_v4().simple());
        let mut url = url::Url::parse(&server)
            .unwrap_or_else(|e| panic!("{POSTGRES_VARIABLE} is not a URL ({e})"));
        url.set_path(&name);
        // The name is ours (letters, digits, underscore), so it needs no quoting.
        run_on(&server, format!("CREATE DATABASE {name}"))
            .await
            .unwrap_or_else(|e| {
                panic!(
                    "cannot create a database on {}: {e}",
                    crate::redact(&server)
                )
            });
        TestDatabase {
            url: url.into(),
            place: Place::Postgres { server, name },
        }
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    /// Makes the database refuse every write to application `id` with `reason`, as a full disk
    /// or a failing server would, until [`TestDatabase::accept_saves`]: a real database error
    /// for the code that saves, with nothing pretended above it.
    pub async fn refuse_saves_of(&self, id: i64, reason: &str) {
        let reason = reason.replace('\'', "''");
        let statements = match self.place {
            Place::Sqlite { .. } => vec![format!(
                "CREATE TRIGGER refuse_saves BEFORE UPDATE ON applications WHEN NEW.id = {id} \
                 BEGIN SELECT RAISE(ABORT, '{reason}'); END"
            )],
            Place::Postgres { .. } => vec![
                format!(
                    "CREATE FUNCTION refuse_saves() RETURNS trigger AS $$ \
                     BEGIN RAISE EXCEPTION '{reason}'; END $$ LANGUAGE plpgsql"
                ),
                format!(
                    "CREATE TRIGGER refuse_saves BEFORE UPDATE ON applications FOR EACH ROW \
                     WHEN (NEW.id = {id}) EXECUTE FUNCTION refuse_saves()"
                ),
            ],
        };
        self.execute(statements).await;
    }

    /// Lifts [`TestDatabase::refuse_saves_of`].
    pub async fn accept_saves(&self) {
        let statements = match self.place {
            Place::Sqlite { .. } => vec!["DROP TRIGGER refuse_saves".to_owned()],
            Place::Postgres { .. } => vec![
                "DROP TRIGGER refuse_saves ON applications".to_owned(),
                "DROP FUNCTION refuse_saves()".to_owned(),
            ],
        };
        self.execute(statements).await;
    }

    /// Makes the database refuse to record any data read (`data_reads`) with `reason`, until
    /// [`TestDatabase::accept_data_reads`]: the audit's write fails as a failing database's would.
    pub async fn refuse_data_reads(&self, reason: &str) {
        let reason = reason.replace('\'', "''");
        let statements = match self.place {
            Place::Sqlite { .. } => vec![format!(
                "CREATE TRIGGER refuse_data_reads BEFORE INSERT ON data_reads \
                 BEGIN SELECT RAISE(ABORT, '{reason}'); END"
            )],
            Place::Postgres { .. } => vec![
                format!(
                    "CREATE FUNCTION refuse_data_reads() RETURNS trigger AS $$ \
                     BEGIN RAISE EXCEPTION '{reason}'; END $$ LANGUAGE plpgsql"
                ),
                "CREATE TRIGGER refuse_data_reads BEFORE INSERT ON data_reads FOR EACH ROW \
                 EXECUTE FUNCTION refuse_data_reads()"
                    .to_owned(),
            ],
        };
        self.execute(statements).await;
    }

    /// Lifts [`TestDatabase::refuse_data_reads`].
    pub async fn accept_data_reads(&self) {
        let statements = match self.place {
            Place::Sqlite { .. } => vec!["DROP TRIGGER refuse_data_reads".to_owned()],
            Place::Postgres { .. } => vec![
                "DROP TRIGGER refuse_data_reads ON data_reads".to_owned(),
                "DROP FUNCTION refuse_data_reads()".to_owned(),
            ],
        };
        self.execute(statements).await;
    }

    /// Moves every idempotency key past the end of its time, as a day passing would.
    pub async fn age_idempotency_keys(&self) {
        self.execute(vec![
            "UPDATE idempotency_keys SET expires_at = '2000-01-01T00:00:00.000000Z'".to_owned(),
        ])
        .await;
    }

    /// Forgets every policy's products, as policies saved before migration 0010 kept none, so a
    /// test can watch the migrate step fill them in.
    pub async fn forget_policy_products(&self) {
        self.execute(vec!["UPDATE policies SET product_types = NULL".to_owned()])
            .await;
    }

    async fn execute(&self, statements: Vec<String>) {
        match self.place {
            Place::Sqlite { .. } => {
                let mut connection = SqliteConnection::connect(&self.url).await.unwrap();
                for sql in statements {
                    connection.execute(AssertSqlSafe(sql)).await.unwrap();
                }
            }
            Place::Postgres { .. } => {
                let mut connection = PgConnection::connect(&self.url).await.unwrap();
                for sql in statements {
                    connection.execute(AssertSqlSafe(sql)).await.unwrap();
                }
            }
        }
    }
}

impl Drop for TestDatabase {
    /// Drops a PostgreSQL database, ending the connections pools may still hold to it. `Drop`
    /// cannot await, so this runs on a thread with a runtime of its own, and waits for it.
    fn drop(&mut self) {
        let Place::Postgres { server, name } = &self.place else {
            return;
        };
        let (server, sql) = (
            server.clone(),
            format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
        );
        let dropped = std::thread::spawn(move || {
            tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| e.to_string())?
                .block_on(run_on(&server, sql))
                .map_err(|e| e.to_string())
        })
        .join();
        // A database left behind goes with the throw-away server; say so, but pass the test.
        if let Ok(Err(error)) = dropped {
            eprintln!("test database {name} was not dropped: {error}");
        }
    }
}

/// Runs one statement on the server's maintenance database.
async fn run_on(server: &str, sql: String) -> Result<(), sqlx::Error> {
    let mut connection = PgConnection::connect(server).await?;
    connection.execute(AssertSqlSafe(sql)).await?;
    connection.close().await
}
