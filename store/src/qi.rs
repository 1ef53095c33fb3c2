//! The Qi read model: each quick indication as its workflow last wrote it, with the interview
//! it follows, so the adviser's list and a Qi page never wait on a worker.

use crate::sealed::{Column, Field};
use crate::sql::{Arg, Sql, timestamp};
use crate::{Store, StoreError};
use chrono::{DateTime, Utc};
use domain::qi::QiRecord;
use domain::underwriting::interview::Interview;
use domain::{AdviserId, QiId};
use sqlx::Row;

/// How many indications the list shows: 30 days of an adviser's enquiries.
const LIST_LIMIT: i64 = 200;

impl Store {
    /// Stores `record` unless a newer or equal version is already stored; its interview must
    /// have been kept ([`Store::save_interview`]). Returns whether it was written.
    pub async fn save_qi(&self, record: &QiRecord) -> Result<bool, StoreError> {
        let plain = serde_json::to_string(record)
            .map_err(|e| StoreError::Corrupt(format!("Qi enquiry {}: {e}", record.id)))?;
        let id = record.id.to_string();
        let document = self.sealer.seal_text(&plain, qi_field(&id))?;
        let version = i64::try_from(record.version)
            .map_err(|_| StoreError::Corrupt(format!("version {}", record.version)))?;
        let mut upsert = Sql::new(
            "INSERT INTO qi_enquiries (id, adviser_id, firm_id, client_name, version, expired, \
             rulebook_version, document, created_at, expires_at) VALUES (",
        );
        upsert
            .bind(Arg::Text(id.clone()))
            .push(", ")
            .bind(Arg::Text(record.adviser_id.to_string()))
            .push(", ")
            .bind(Arg::OptText(record.firm_id.clone()))
            .push(", ")
            .bind(Arg::Text(record.client_name()))
            .push(", ")
            .bind(Arg::Int(version))
            .push(", ")
            .bind(Arg::Int(i64::from(record.expired)))
            .push(", ")
            .bind(Arg::Text(record.enquiry.rulebook_version.clone()))
            .push(", ")
            .bind(Arg::Text(document))
            .push(", ")
            .bind(Arg::Text(timestamp(record.created_at)))
            .push(", ")
            .bind(Arg::Text(timestamp(record.expires_at)))
            .push(
                ") ON CONFLICT (id) DO UPDATE SET client_name = excluded.client_name, \
                 version = excluded.version, expired = excluded.expired, \
                 rulebook_version = excluded.rulebook_version, document = excluded.document \
                 WHERE qi_enquiries.version < excluded.version",
            );
        Ok(upsert.query().execute(&self.writer).await?.rows_affected() == 1)
    }

    /// A Qi enquiry as last saved, with the interview it follows.
    pub async fn find_qi(&self, id: &QiId) -> Result<Option<(QiRecord, Interview)>, StoreError> {
        let mut sql = Sql::new(
            "SELECT q.document, i.document AS interview FROM qi_enquiries q \
             LEFT JOIN interviews i ON i.version = q.rulebook_version WHERE q.id = ",
        );
        sql.bind(Arg::Text(id.to_string()));
        let Some(row) = sql.query().fetch_optional(&self.pool).await? else {
            return Ok(None);
        };
        let corrupt =
            |e: &dyn std::fmt::Display| StoreError::Corrupt(format!("Qi enquiry {id}: {e}"));
        let row_id = id.to_string();
        let document = self
            .sealer
            .open_text(row.try_get("document")?, qi_field(&row_id))?;
        let interview: Option<String> = row.try_get("interview")?;
        let interview = interview.ok_or_else(|| corrupt(&"its interview is not kept"))?;
        Ok(Some((
            serde_json::from_str(&document).map_err(|e| corrupt(&e))?,
            serde_json::from_str(&interview).map_err(|e| corrupt(&e))?,
        )))
    }

    /// The Qi enquiries of `advisers` still valid at `now`, most recent first.
    pub async fn list_qi(
        &self,
        advisers: &[AdviserId],
        now: DateTime<Utc>,
    ) -> Result<Vec<QiRecord>, StoreError> {
        if advisers.is_empty() {
            return Ok(Vec::new());
        }
        let mut sql = Sql::new("SELECT id, document FROM qi_enquiries WHERE adviser_id IN ");
        sql.bind_list(advisers.iter().map(|a| Arg::Text(a.to_string())))
            .push(" AND expired = 0 AND expires_at > ")
            .bind(Arg::Text(timestamp(now)))
            .push(" ORDER BY created_at DESC, id LIMIT ")
            .bind(Arg::Int(LIST_LIMIT));
        let rows = sql.query().fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| {
                let id: String = row.try_get("id")?;
                let document = self
                    .sealer
                    .open_text(row.try_get("document")?, qi_field(&id))?;
                serde_json::from_str(&document)
                    .map_err(|e| StoreError::Corrupt(format!("Qi enquiry {id}: {e}")))
            })
            .collect()
    }
}

/// Where a Qi enquiry is sealed: its column and its id.
fn qi_field(id: &str) -> Field<'_> {
    Field {
        column: Column::QiDocument,
        row: id,
    }
}
