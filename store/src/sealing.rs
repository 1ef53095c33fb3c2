//! The one-off sealing of rows written before sealing began (decision AR3): migration 0021
//! leaves a mark, and the next start-up's migrate step seals every plain value of the sealed
//! columns, then removes the mark, so later start-ups only look at the mark. Interrupted, it
//! starts again where values are still plain. A value saved meanwhile is never overwritten:
//! each update replaces only the plain value it read.

use crate::sealed::{Column, Field, is_sealed_blob, is_sealed_text};
use crate::sql::{Arg, Sql};
use crate::{Backend, Store, StoreError};
use sqlx::Row;

/// A sealed column and how its rows are keyed.
struct Target {
    table: &'static str,
    key: &'static str,
    /// Whether the key is an integer (applications) rather than text.
    int_key: bool,
    value: &'static str,
    column: Column,
}

const TARGETS: [Target; 5] = [
    Target {
        table: "applications",
        key: "id",
        int_key: true,
        value: "document",
        column: Column::ApplicationDocument,
    },
    Target {
        table: "applications",
        key: "id",
        int_key: true,
        value: "workbench",
        column: Column::Workbench,
    },
    Target {
        table: "enquiries",
        key: "applicant_id",
        int_key: false,
        value: "document",
        column: Column::EnquiryDocument,
    },
    Target {
        table: "qi_enquiries",
        key: "id",
        int_key: false,
        value: "document",
        column: Column::QiDocument,
    },
    Target {
        table: "documents",
        key: "id",
        int_key: false,
        value: "content",
        column: Column::DocumentContent,
    },
];

/// Rows read at a time.
const BATCH: usize = 100;

/// A stored value as read: text or bytes.
enum Stored {
    Text(String),
    Bytes(Vec<u8>),
}

impl Store {
    /// Seals the plain values left from before sealing, once (see the module's doc).
    pub(crate) async fn seal_plain_rows(&self) -> Result<(), StoreError> {
        let pending = Sql::new("SELECT pending FROM plain_rows_to_seal")
            .query()
            .fetch_optional(&self.pool)
            .await?;
        if pending.is_none() {
            return Ok(());
        }
        let mut sealed = 0;
        for target in &TARGETS {
            sealed += self.seal_plain(target).await?;
        }
        // Chat messages are keyed by conversation and number, and flagged when sealed (0024).
        sealed += self.seal_plain_chat_messages().await?;
        Sql::new("DELETE FROM plain_rows_to_seal")
            .query()
            .execute(&self.writer)
            .await?;
        if sealed > 0 {
            tracing::info!("sealed {sealed} values stored before sealing began");
            if self.backend == Backend::Sqlite
                && let Err(error) = self.rewrite_sqlite_file().await
            {
                tracing::warn!(
                    "the database file may still hold old plain values in its free pages or \
                     its write-ahead log until it is vacuumed: {error}"
                );
            }
        }
        Ok(())
    }

    /// Rewrites the SQLite file without its free pages (where the plain values' old versions
    /// are), and empties the write-ahead log (which holds page images written before).
    async fn rewrite_sqlite_file(&self) -> Result<(), sqlx::Error> {
        let mut connection = self.writer.acquire().await?;
        for statement in ["VACUUM", "PRAGMA wal_checkpoint(TRUNCATE)"] {
            sqlx::raw_sql(statement).execute(&mut *connection).await?;
        }
        Ok(())
    }

    /// Seals `target`'s plain values; answers how many.
    async fn seal_plain(&self, target: &Target) -> Result<u64, StoreError> {
        let Target {
            table, key, value, ..
        } = target;
        let keys = Sql::new(&format!(
            "SELECT {key} AS k FROM {table} WHERE {value} IS NOT NULL ORDER BY {key}"
        ))
        .query()
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|row| read_key(row, target))
        .collect::<Result<Vec<_>, _>>()?;
        let mut sealed = 0;
        for batch in keys.chunks(BATCH) {
            let mut select = Sql::new(&format!(
                "SELECT {key} AS k, {value} AS v FROM {table} WHERE {key} IN "
            ));
            select.bind_list(batch.iter().map(|(arg, _)| arg.clone()));
            for row in select.query().fetch_all(&self.pool).await? {
                let (arg, row_key) = read_key(&row, target)?;
                let field = Field {
                    column: target.column,
                    row: &row_key,
                };
                let (old, new) = match self.read_value(&row, target)? {
                    Some(Stored::Text(plain)) => {
                        let new = Arg::Text(self.sealer.seal_text(&plain, field)?);
                        (Arg::Text(plain), new)
                    }
                    Some(Stored::Bytes(plain)) => {
                        let new = Arg::Bytes(self.sealer.seal_blob(&plain, field)?);
                        (Arg::Bytes(plain), new)
                    }
                    None => continue,
                };
                let mut update = Sql::new(&format!("UPDATE {table} SET {value} = "));
                update
                    .bind(new)
                    .push(&format!(" WHERE {key} = "))
                    .bind(arg)
                    .push(&format!(" AND {value} = "))
                    .bind(old);
                sealed += update.query().execute(&self.writer).await?.rows_affected();
            }
        }
        Ok(sealed)
    }

    /// The row's value when it is still plain; `None` when sealed or empty.
    fn read_value(
        &self,
        row: &sqlx::any::AnyRow,
        target: &Target,
    ) -> Result<Option<Stored>, StoreError> {
        Ok(match target.column {
            Column::DocumentContent => {
                let bytes: Option<Vec<u8>> = row.try_get("v")?;
                bytes.filter(|b| !is_sealed_blob(b)).map(Stored::Bytes)
            }
            _ => {
                let text: Option<String> = row.try_get("v")?;
                text.filter(|t| !is_sealed_text(t)).map(Stored::Text)
            }
        })
    }
}

/// A row's key, as a value to bind and as the text its values are sealed for.
fn read_key(row: &sqlx::any::AnyRow, target: &Target) -> Result<(Arg, String), StoreError> {
    Ok(if target.int_key {
        let id: i64 = row.try_get("k")?;
        (Arg::Int(id), id.to_string())
    } else {
        let id: String = row.try_get("k")?;
        (Arg::Text(id.clone()), id)
    })
}
