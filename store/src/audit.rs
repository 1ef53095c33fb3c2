//! The record of every read of special-category or fraud-sensitive data (issue 36): health
//! answers, stored documents, bank details and decrypted Temporal payloads. One table
//! (`data_reads`, migration 0022) for every kind of read and every reader; customer care's
//! health-answer reads (issue 35) are among them, listed by the same one reader (`data_reads`).
//!
//! Rows are only ever added: nothing here updates or deletes one.

use crate::care::Actor;
use crate::sql::{Arg, Sql, like_contains, parse_timestamp, timestamp};
use crate::{Store, StoreError};
use chrono::{DateTime, Utc};
use domain::{ApplicantId, ApplicationId, QiId};
use sqlx::Row;

/// Whose data was read: the case, the client on it and the Qi enquiry, each where known (a
/// decrypted Temporal payload names none).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReadCase {
    pub application_id: Option<ApplicationId>,
    pub applicant_id: Option<ApplicantId>,
    pub qi_id: Option<QiId>,
}

/// A read about to be shown, to record first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDataRead<'a> {
    pub reader: &'a Actor,
    /// The role the reader read in: `adviser`, `client`, `underwriter`, `cca` or `ccaadmin`.
    pub role: &'a str,
    /// The TCP peer's address; `None` when the server does not know it.
    pub address: Option<String>,
    pub case: ReadCase,
    /// What was read: `health-answers`, `bank-details`, `document:<kind>`, `temporal-payloads`.
    pub data: &'a str,
}

/// One recorded read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataRead {
    pub id: String,
    pub read_at: DateTime<Utc>,
    pub reader: Actor,
    pub role: String,
    pub address: Option<String>,
    pub case: ReadCase,
    pub data: String,
}

/// Which reads to list; every field narrows the list, none lists all.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DataReadFilter {
    pub application_id: Option<ApplicationId>,
    /// The reader's subject exactly, or words of their name (case ignored).
    pub reader: Option<String>,
    /// Read at or after this instant.
    pub from: Option<DateTime<Utc>>,
    /// Read before this instant.
    pub before: Option<DateTime<Utc>>,
}

/// A page of recorded reads with the number of all that match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataReadPage {
    pub reads: Vec<DataRead>,
    pub total: u64,
}

const COLUMNS: &str = "SELECT id, read_at, reader_subject, reader_name, reader_role, \
     application_id, applicant_id, qi_id, data, address FROM data_reads";

fn new_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

/// Appends the filter's conditions to a statement that ends in `FROM data_reads`.
fn narrow(sql: &mut Sql, filter: &DataReadFilter) {
    sql.push(" WHERE 1 = 1");
    if let Some(id) = filter.application_id {
        sql.push(" AND application_id = ").bind(Arg::Int(id.get()));
    }
    if let Some(reader) = filter
        .reader
        .as_deref()
        .map(str::trim)
        .filter(|r| !r.is_empty())
    {
        sql.push(" AND (reader_subject = ")
            .bind(Arg::Text(reader.to_owned()))
            .push(" OR (1 = 1");
        for word in reader.split_whitespace() {
            sql.push(" AND LOWER(reader_name) LIKE ")
                .bind(Arg::Text(like_contains(&word.to_lowercase())))
                .push(" ESCAPE '\\'");
        }
        sql.push("))");
    }
    if let Some(from) = filter.from {
        sql.push(" AND read_at >= ")
            .bind(Arg::Text(timestamp(from)));
    }
    if let Some(before) = filter.before {
        sql.push(" AND read_at < ")
            .bind(Arg::Text(timestamp(before)));
    }
}

fn data_read(row: &sqlx::any::AnyRow) -> Result<DataRead, StoreError> {
    let id: String = row.try_get("id")?;
    let corrupt = || StoreError::Corrupt(format!("data read {id}"));
    let at: String = row.try_get("read_at")?;
    let application: Option<i64> = row.try_get("application_id")?;
    let applicant: Option<String> = row.try_get("applicant_id")?;
    let qi: Option<String> = row.try_get("qi_id")?;
    Ok(DataRead {
        read_at: parse_timestamp(&at).ok_or_else(corrupt)?,
        reader: Actor {
            subject: row.try_get("reader_subject")?,
            name: row.try_get("reader_name")?,
        },
        role: row.try_get("reader_role")?,
        address: row.try_get("address")?,
        case: ReadCase {
            application_id: application
                .map(|a| ApplicationId::new(a).ok_or_else(corrupt))
                .transpose()?,
            applicant_id: applicant
                .map(|a| ApplicantId::parse(&a).ok_or_else(corrupt))
                .transpose()?,
            qi_id: qi
                .map(|q| QiId::parse(&q).ok_or_else(corrupt))
                .transpose()?,
        },
        data: row.try_get("data")?,
        id,
    })
}

impl Store {
    /// Records a read; the caller shows the data only once this has succeeded.
    pub async fn record_data_read(&self, read: NewDataRead<'_>) -> Result<(), StoreError> {
        let mut sql = Sql::new(
            "INSERT INTO data_reads (id, read_at, reader_subject, reader_name, reader_role, \
             application_id, applicant_id, qi_id, data, address) VALUES (",
        );
        let application = read.case.application_id.map(ApplicationId::get);
        sql.bind(Arg::Text(new_id()))
            .push(", ")
            .bind(Arg::Text(timestamp(Utc::now())))
            .push(", ")
            .bind(Arg::Text(read.reader.subject.clone()))
            .push(", ")
            .bind(Arg::Text(read.reader.name.clone()))
            .push(", ")
            .bind(Arg::Text(read.role.to_owned()))
            .push(", ");
        // `Arg` has no optional number: a missing application is bound as a NULL literal.
        match application {
            Some(id) => sql.bind(Arg::Int(id)),
            None => sql.push("NULL"),
        };
        sql.push(", ")
            .bind(Arg::OptText(read.case.applicant_id.map(|a| a.to_string())))
            .push(", ")
            .bind(Arg::OptText(read.case.qi_id.map(|q| q.to_string())))
            .push(", ")
            .bind(Arg::Text(read.data.to_owned()))
            .push(", ")
            .bind(Arg::OptText(read.address))
            .push(")");
        sql.query().execute(&self.writer).await?;
        Ok(())
    }

    /// Whether `reader_subject` has a read of `data` recorded at or after `since`: a stream of
    /// reads of one kind (the Temporal Web UI decodes on every refresh) is recorded once a while.
    pub async fn has_data_read_since(
        &self,
        reader_subject: &str,
        data: &str,
        since: chrono::DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let mut sql = Sql::new("SELECT 1 AS found FROM data_reads WHERE reader_subject = ");
        sql.bind(Arg::Text(reader_subject.to_owned()))
            .push(" AND data = ")
            .bind(Arg::Text(data.to_owned()))
            .push(" AND read_at >= ")
            .bind(Arg::Text(timestamp(since)))
            .push(" LIMIT 1");
        Ok(sql.query().fetch_optional(&self.pool).await?.is_some())
    }

    /// One page (1-based, of the dashboard's page size) of the reads the filter keeps, newest
    /// first, with how many it keeps in all.
    pub async fn data_reads(
        &self,
        filter: &DataReadFilter,
        page: u32,
    ) -> Result<DataReadPage, StoreError> {
        let mut count = Sql::new("SELECT COUNT(*) AS total FROM data_reads");
        narrow(&mut count, filter);
        let mut list = Sql::new(COLUMNS);
        narrow(&mut list, filter);
        list.push(" ORDER BY read_at DESC, id").page(page);
        let total = count.count(&self.pool).await?;
        let rows = list.query().fetch_all(&self.pool).await?;
        Ok(DataReadPage {
            reads: rows.iter().map(data_read).collect::<Result<_, _>>()?,
            total,
        })
    }
}
