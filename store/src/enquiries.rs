//! The enquiry read model: each client's underwriting enquiry as its workflow last wrote it,
//! so reading an interview never waits on a worker.

use crate::sql::{Arg, Sql, timestamp};
use crate::{Store, StoreError};
use domain::underwriting::Enquiry;
use domain::{ApplicantId, ApplicationId};
use sqlx::Row;

impl Store {
    /// Stores `enquiry` unless a newer or equal version is already stored. Returns whether it
    /// was written.
    pub async fn save_enquiry(
        &self,
        application_id: ApplicationId,
        enquiry: &Enquiry,
        updated_at: chrono::DateTime<chrono::Utc>,
    ) -> Result<bool, StoreError> {
        let document = serde_json::to_string(enquiry)
            .map_err(|e| StoreError::Corrupt(format!("enquiry {}: {e}", enquiry.enquiry_id)))?;
        let version = i64::try_from(enquiry.version)
            .map_err(|_| StoreError::Corrupt(format!("version {}", enquiry.version)))?;
        let mut upsert = Sql::new(
            "INSERT INTO enquiries (applicant_id, application_id, version, is_open, document, \
             updated_at) VALUES (",
        );
        upsert
            .bind(Arg::Text(enquiry.applicant_id.clone()))
            .push(", ")
            .bind(Arg::Int(application_id.get()))
            .push(", ")
            .bind(Arg::Int(version))
            .push(", ")
            .bind(Arg::Int(i64::from(enquiry.is_open)))
            .push(", ")
            .bind(Arg::Text(document))
            .push(", ")
            .bind(Arg::Text(timestamp(updated_at)))
            .push(
                ") ON CONFLICT (applicant_id) DO UPDATE SET version = excluded.version, \
                 is_open = excluded.is_open, document = excluded.document, \
                 updated_at = excluded.updated_at WHERE enquiries.version < excluded.version",
            );
        Ok(upsert.query().execute(&self.writer).await?.rows_affected() == 1)
    }

    /// A client's enquiry as last saved, or `None` when it has not started.
    pub async fn find_enquiry(
        &self,
        applicant_id: &ApplicantId,
    ) -> Result<Option<Enquiry>, StoreError> {
        let mut sql = Sql::new("SELECT document FROM enquiries WHERE applicant_id = ");
        sql.bind(Arg::Text(applicant_id.to_string()));
        let Some(row) = sql.query().fetch_optional(&self.pool).await? else {
            return Ok(None);
        };
        let document: String = row.try_get("document")?;
        serde_json::from_str(&document)
            .map(Some)
            .map_err(|e| StoreError::Corrupt(format!("enquiry of {applicant_id}: {e}")))
    }
}
