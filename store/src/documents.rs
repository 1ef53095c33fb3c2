//! Documents produced for applications, stored as first sent so a client's copy can always be
//! produced again byte for byte. Their bytes are sealed at rest (`sealed`): a decision, a
//! direct-debit mandate or a GP report carries health or bank data.

use crate::sealed::{Column, Field, Sealer};
use crate::sql::{Arg, Sql, timestamp};
use crate::{Store, StoreError};
use chrono::{DateTime, Utc};
use domain::ApplicationId;
use sqlx::Row;

/// A stored document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredDocument {
    pub id: String,
    pub application_id: ApplicationId,
    pub kind: String,
    pub file_name: String,
    pub content_type: String,
    pub content: Vec<u8>,
}

/// A document to store for an application version.
#[derive(Debug, Clone)]
pub struct NewDocument<'a> {
    pub id: &'a str,
    pub application_id: ApplicationId,
    pub kind: &'a str,
    pub application_version: u64,
    pub file_name: &'a str,
    pub content_type: &'a str,
    pub content: &'a [u8],
    pub created_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, application_id, kind, file_name, content_type, content";

/// A stored row with its content opened (sealed, or plain from before sealing).
fn read(row: &sqlx::any::AnyRow, sealer: &Sealer) -> Result<StoredDocument, StoreError> {
    let application_id: i64 = row.try_get("application_id")?;
    let id: String = row.try_get("id")?;
    Ok(StoredDocument {
        content: sealer.open_blob(row.try_get("content")?, content_field(&id))?,
        application_id: ApplicationId::new(application_id)
            .ok_or_else(|| StoreError::Corrupt(format!("document application {application_id}")))?,
        kind: row.try_get("kind")?,
        file_name: row.try_get("file_name")?,
        content_type: row.try_get("content_type")?,
        id,
    })
}

/// Where a document's bytes are sealed: their column and the document's id.
fn content_field(id: &str) -> Field<'_> {
    Field {
        column: Column::DocumentContent,
        row: id,
    }
}

impl Store {
    /// Stores the document unless one of this kind already exists for the application
    /// version, and returns the one that is stored (the first, if two raced).
    pub async fn save_document(
        &self,
        document: NewDocument<'_>,
    ) -> Result<StoredDocument, StoreError> {
        let version = i64::try_from(document.application_version).map_err(|_| {
            StoreError::Corrupt(format!("version {}", document.application_version))
        })?;
        let content = self
            .sealer
            .seal_blob(document.content, content_field(document.id))?;
        let mut insert = Sql::new(
            "INSERT INTO documents (id, application_id, kind, application_version, file_name, \
             content_type, content, created_at) VALUES (",
        );
        insert
            .bind(Arg::Text(document.id.to_owned()))
            .push(", ")
            .bind(Arg::Int(document.application_id.get()))
            .push(", ")
            .bind(Arg::Text(document.kind.to_owned()))
            .push(", ")
            .bind(Arg::Int(version))
            .push(", ")
            .bind(Arg::Text(document.file_name.to_owned()))
            .push(", ")
            .bind(Arg::Text(document.content_type.to_owned()))
            .push(", ")
            .bind(Arg::Bytes(content))
            .push(", ")
            .bind(Arg::Text(timestamp(document.created_at)))
            .push(") ON CONFLICT (application_id, kind, application_version) DO NOTHING");
        insert.query().execute(&self.writer).await?;
        self.find_document_for_version(
            document.application_id,
            document.kind,
            document.application_version,
        )
        .await?
        .ok_or_else(|| StoreError::Corrupt("a document vanished after it was saved".into()))
    }

    pub async fn find_document_for_version(
        &self,
        application_id: ApplicationId,
        kind: &str,
        application_version: u64,
    ) -> Result<Option<StoredDocument>, StoreError> {
        let version = i64::try_from(application_version)
            .map_err(|_| StoreError::Corrupt(format!("version {application_version}")))?;
        let mut sql = Sql::new(&format!(
            "SELECT {COLUMNS} FROM documents WHERE application_id = "
        ));
        sql.bind(Arg::Int(application_id.get()))
            .push(" AND kind = ")
            .bind(Arg::Text(kind.to_owned()))
            .push(" AND application_version = ")
            .bind(Arg::Int(version));
        sql.query()
            .fetch_optional(&self.pool)
            .await?
            .as_ref()
            .map(|row| read(row, &self.sealer))
            .transpose()
    }

    /// Removes a document stored for a change that was then refused, so nothing of it is kept.
    pub async fn delete_document(&self, id: &str) -> Result<(), StoreError> {
        let mut sql = Sql::new("DELETE FROM documents WHERE id = ");
        sql.bind(Arg::Text(id.to_owned()));
        sql.query().execute(&self.writer).await?;
        Ok(())
    }

    pub async fn find_document(&self, id: &str) -> Result<Option<StoredDocument>, StoreError> {
        let mut sql = Sql::new(&format!("SELECT {COLUMNS} FROM documents WHERE id = "));
        sql.bind(Arg::Text(id.to_owned()));
        sql.query()
            .fetch_optional(&self.pool)
            .await?
            .as_ref()
            .map(|row| read(row, &self.sealer))
            .transpose()
    }
}
