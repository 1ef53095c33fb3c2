//! The enquiry read model: each client's underwriting enquiry as its workflow last wrote it,
//! so reading an interview never waits on a worker. What is kept is the record and the
//! interview it follows, not a view: the view is drawn when it is read, with that day's checks.

use crate::sealed::{Column, Field};
use crate::sql::{Arg, Sql, timestamp};
use crate::{Store, StoreError};
use chrono::NaiveDate;
use domain::underwriting::Enquiry;
use domain::underwriting::interview::Interview;
use domain::underwriting::record::EnquiryRecord;
use domain::{ApplicantId, ApplicationId};
use sqlx::Row;

/// A client's enquiry as stored.
#[derive(Debug, Clone, PartialEq)]
pub enum StoredEnquiry {
    /// The record and the interview it follows.
    Record {
        record: Box<EnquiryRecord>,
        interview: Box<Interview>,
    },
    /// A row written before records were kept: the view as it was drawn then.
    View(Box<Enquiry>),
}

impl StoredEnquiry {
    /// The enquiry as the API shows it on `today`.
    pub fn view(&self, today: NaiveDate) -> Enquiry {
        match self {
            StoredEnquiry::Record { record, interview } => record.view(interview, today),
            StoredEnquiry::View(view) => (**view).clone(),
        }
    }

    pub fn version(&self) -> u64 {
        match self {
            StoredEnquiry::Record { record, .. } => record.version,
            StoredEnquiry::View(view) => view.version,
        }
    }

    pub fn is_open(&self) -> bool {
        match self {
            StoredEnquiry::Record { record, .. } => record.status.is_open(),
            StoredEnquiry::View(view) => view.is_open,
        }
    }
}

impl Store {
    /// Keeps `interview` under its rulebook version. A version's questions and rules never
    /// change; its metadata may (the Qi tags of issue 33 were added to a version in use), so the
    /// interview a worker loads replaces the one kept.
    pub async fn save_interview(&self, interview: &Interview) -> Result<(), StoreError> {
        let document = serde_json::to_string(interview)
            .map_err(|e| StoreError::Corrupt(format!("interview {}: {e}", interview.version)))?;
        let mut insert = Sql::new("INSERT INTO interviews (version, document) VALUES (");
        insert
            .bind(Arg::Text(interview.version.clone()))
            .push(", ")
            .bind(Arg::Text(document))
            .push(") ON CONFLICT (version) DO UPDATE SET document = excluded.document");
        insert.query().execute(&self.writer).await?;
        Ok(())
    }

    /// Stores `record` unless a newer or equal version is already stored. Its interview must
    /// have been kept ([`Store::save_interview`]). Returns whether it was written.
    pub async fn save_enquiry(
        &self,
        application_id: ApplicationId,
        record: &EnquiryRecord,
    ) -> Result<bool, StoreError> {
        let plain = serde_json::to_string(record)
            .map_err(|e| StoreError::Corrupt(format!("enquiry {}: {e}", record.enquiry_id)))?;
        let applicant = record.applicant_id.to_string();
        let document = self.sealer.seal_text(&plain, enquiry_field(&applicant))?;
        let version = i64::try_from(record.version)
            .map_err(|_| StoreError::Corrupt(format!("version {}", record.version)))?;
        let mut upsert = Sql::new(
            "INSERT INTO enquiries (applicant_id, application_id, version, is_open, document, \
             rulebook_version, updated_at) VALUES (",
        );
        upsert
            .bind(Arg::Text(record.applicant_id.to_string()))
            .push(", ")
            .bind(Arg::Int(application_id.get()))
            .push(", ")
            .bind(Arg::Int(version))
            .push(", ")
            .bind(Arg::Int(i64::from(record.status.is_open())))
            .push(", ")
            .bind(Arg::Text(document))
            .push(", ")
            .bind(Arg::Text(record.rulebook_version.clone()))
            .push(", ")
            .bind(Arg::Text(timestamp(record.updated_at)))
            .push(
                ") ON CONFLICT (applicant_id) DO UPDATE SET version = excluded.version, \
                 is_open = excluded.is_open, document = excluded.document, \
                 rulebook_version = excluded.rulebook_version, \
                 updated_at = excluded.updated_at WHERE enquiries.version < excluded.version",
            );
        Ok(upsert.query().execute(&self.writer).await?.rows_affected() == 1)
    }

    /// A client's enquiry as last saved, or `None` when it has not started.
    pub async fn find_enquiry(
        &self,
        applicant_id: &ApplicantId,
    ) -> Result<Option<StoredEnquiry>, StoreError> {
        let mut sql = Sql::new(
            "SELECT e.document, e.rulebook_version, i.document AS interview \
             FROM enquiries e LEFT JOIN interviews i ON i.version = e.rulebook_version \
             WHERE e.applicant_id = ",
        );
        sql.bind(Arg::Text(applicant_id.to_string()));
        let Some(row) = sql.query().fetch_optional(&self.pool).await? else {
            return Ok(None);
        };
        let corrupt = |e: &dyn std::fmt::Display| {
            StoreError::Corrupt(format!("enquiry of {applicant_id}: {e}"))
        };
        let applicant = applicant_id.to_string();
        let document = self
            .sealer
            .open_text(row.try_get("document")?, enquiry_field(&applicant))?;
        let rulebook_version: Option<String> = row.try_get("rulebook_version")?;
        if rulebook_version.is_none() {
            let view: Enquiry = serde_json::from_str(&document).map_err(|e| corrupt(&e))?;
            return Ok(Some(StoredEnquiry::View(Box::new(view))));
        }
        let interview: Option<String> = row.try_get("interview")?;
        let interview = interview.ok_or_else(|| corrupt(&"its interview is not kept"))?;
        Ok(Some(StoredEnquiry::Record {
            record: Box::new(serde_json::from_str(&document).map_err(|e| corrupt(&e))?),
            interview: Box::new(serde_json::from_str(&interview).map_err(|e| corrupt(&e))?),
        }))
    }
}

/// Where a client's enquiry is sealed: its column and the client's id.
fn enquiry_field(applicant: &str) -> Field<'_> {
    Field {
        column: Column::EnquiryDocument,
        row: applicant,
    }
}
