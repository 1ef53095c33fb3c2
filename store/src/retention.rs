//! Retention (issue 36): the cases not taken up within the retention period, and the deletion
//! of what the database holds of them, leaving one line in `deletions` (migration 0023) that
//! carries no personal data.
//!
//! A case is not taken up when it never went on risk (no policy) and its read model has not
//! changed since a moment the caller gives (this module does not know the period: it is in
//! `product/retention.json`). The case's Temporal workflows are the sweep's business
//! (`workflows::retention`): it records the deletion here first ([`Store::record_deletion`]),
//! removes the workflows, then deletes the rows ([`Store::delete_recorded_case`]). Every case
//! with a line is deleted at the next sweep, so a sweep interrupted half-way is finished by the
//! next, and a read model written again by a workflow that was still running goes too.

use crate::sql::{Arg, Sql, parse_timestamp, timestamp};
use crate::{Store, StoreError};
use chrono::{DateTime, Utc};
use domain::{ApplicantId, ApplicationId};
use sqlx::Row;

/// The stage code of a case in force (`ApplicationStage::WentOnRisk`), never deleted here even
/// if its policies were somehow missing.
const IN_FORCE_STAGE: &str = "WENT_ON_RISK";

/// A case's deletion, as its audit line keeps it: no names, no details, only how much went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deletion {
    pub application_id: ApplicationId,
    pub deleted_at: DateTime<Utc>,
    /// Why, in words: "not taken up for 12 months".
    pub reason: String,
    pub documents_removed: u64,
    pub enquiries_removed: u64,
    /// Workflow runs (the application's and its clients' enquiries', every run of each).
    pub workflows_removed: u64,
}

/// Which deletion lines to list; every field narrows the list, none lists all.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeletionFilter {
    /// Deleted at or after this instant.
    pub from: Option<DateTime<Utc>>,
    /// Deleted before this instant.
    pub before: Option<DateTime<Utc>>,
}

/// A page of deletion lines with the number of all that match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeletionPage {
    pub deletions: Vec<Deletion>,
    pub total: u64,
}

/// The tables that hang off a case, deleted before its read model (children first, though each
/// also cascades from `applications`).
const CASE_TABLES: [&str; 5] = [
    "documents",
    "enquiries",
    "client_links",
    "underwriting_update_reads",
    "applicants",
];

impl Store {
    /// Up to `limit` cases to delete, longest unchanged first: those not taken up (no policy, not
    /// in force, unchanged since `unchanged_since`) and those whose deletion is recorded but
    /// whose rows are still here.
    pub async fn cases_not_taken_up(
        &self,
        unchanged_since: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<ApplicationId>, StoreError> {
        let mut sql = Sql::new("SELECT a.id FROM applications a WHERE ");
        push_not_in_force(&mut sql);
        sql.push(" AND (a.updated_at < ")
            .bind(Arg::Text(timestamp(unchanged_since)))
            .push(" OR EXISTS (SELECT 1 FROM deletions d WHERE d.application_id = a.id))")
            .push(" ORDER BY a.updated_at, a.id LIMIT ")
            .bind(Arg::Int(i64::from(limit)));
        sql.query()
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|row| {
                let id: i64 = row.try_get("id")?;
                ApplicationId::new(id)
                    .ok_or_else(|| StoreError::Corrupt(format!("application id {id}")))
            })
            .collect()
    }

    /// The clients whose underwriting enquiries belong to the case (each is the workflow
    /// `enquiry-{applicantId}`): those on it now and any removed after their enquiry began.
    pub async fn case_applicants(&self, id: ApplicationId) -> Result<Vec<ApplicantId>, StoreError> {
        let mut sql = Sql::new("SELECT id FROM applicants WHERE application_id = ");
        sql.bind(Arg::Int(id.get()))
            .push(" UNION SELECT applicant_id AS id FROM enquiries WHERE application_id = ")
            .bind(Arg::Int(id.get()))
            .push(" ORDER BY id");
        sql.query()
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|row| {
                let text: String = row.try_get("id")?;
                ApplicantId::parse(&text)
                    .ok_or_else(|| StoreError::Corrupt(format!("applicant id {text:?}")))
            })
            .collect()
    }

    /// Records the case's deletion unless it changed since it was found: in one transaction,
    /// checks again that it is not taken up (see [`Store::cases_not_taken_up`]), counts its
    /// documents and enquiries, and writes the line. A line already there is kept as it is (a
    /// retried deletion keeps its first counts). Answers whether the case is to be deleted.
    pub async fn record_deletion(
        &self,
        id: ApplicationId,
        unchanged_since: DateTime<Utc>,
        deleted_at: DateTime<Utc>,
        reason: &str,
        workflows_removed: u64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.begin_write().await?;
        let mut check = Sql::new(
            "SELECT \
               (SELECT COUNT(*) FROM documents WHERE application_id = a.id) AS documents, \
               (SELECT COUNT(*) FROM enquiries WHERE application_id = a.id) AS enquiries \
             FROM applications a WHERE a.id = ",
        );
        check.bind(Arg::Int(id.get())).push(" AND ");
        push_not_in_force(&mut check);
        check
            .push(" AND (a.updated_at < ")
            .bind(Arg::Text(timestamp(unchanged_since)))
            .push(" OR EXISTS (SELECT 1 FROM deletions d WHERE d.application_id = a.id))");
        let Some(row) = check.query().fetch_optional(&mut *tx).await? else {
            return Ok(false);
        };
        let documents: i64 = row.try_get("documents")?;
        let enquiries: i64 = row.try_get("enquiries")?;
        let mut insert = Sql::new(
            "INSERT INTO deletions (application_id, deleted_at, reason, documents_removed, \
             enquiries_removed, workflows_removed) VALUES (",
        );
        insert
            .bind(Arg::Int(id.get()))
            .push(", ")
            .bind(Arg::Text(timestamp(deleted_at)))
            .push(", ")
            .bind(Arg::Text(reason.to_owned()))
            .push(", ")
            .bind(Arg::Int(documents))
            .push(", ")
            .bind(Arg::Int(enquiries))
            .push(", ")
            .bind(Arg::Int(
                i64::try_from(workflows_removed).unwrap_or(i64::MAX),
            ))
            .push(") ON CONFLICT (application_id) DO NOTHING");
        insert.query().execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Deletes, in one transaction, what the database holds of a case whose deletion is
    /// recorded: its documents, enquiries, client links, underwriting-update reads, clients and
    /// read model (the search index follows the read model: its triggers on SQLite, the row
    /// itself on PostgreSQL). A case without a line, or in force, is left alone. Answers
    /// whether a read model was deleted (not when it was already gone: a retry).
    pub async fn delete_recorded_case(&self, id: ApplicationId) -> Result<bool, StoreError> {
        let mut tx = self.begin_write().await?;
        let mut recorded = Sql::new("SELECT a.id FROM applications a WHERE a.id = ");
        recorded
            .bind(Arg::Int(id.get()))
            .push(" AND EXISTS (SELECT 1 FROM deletions d WHERE d.application_id = a.id) AND ");
        push_not_in_force(&mut recorded);
        if recorded.query().fetch_optional(&mut *tx).await?.is_none() {
            return Ok(false);
        }
        for table in CASE_TABLES {
            let mut delete = Sql::new(&format!("DELETE FROM {table} WHERE application_id = "));
            delete.bind(Arg::Int(id.get()));
            delete.query().execute(&mut *tx).await?;
        }
        let mut delete = Sql::new("DELETE FROM applications WHERE id = ");
        delete.bind(Arg::Int(id.get()));
        let deleted = delete.query().execute(&mut *tx).await?.rows_affected() == 1;
        tx.commit().await?;
        Ok(deleted)
    }

    /// How many rows the database holds of the case, its policies included (0 once it is
    /// deleted): the read model, clients, documents, enquiries, client links and reads.
    pub async fn rows_held_for_case(&self, id: ApplicationId) -> Result<u64, StoreError> {
        let mut sql = Sql::new("SELECT (SELECT COUNT(*) FROM applications WHERE id = ");
        sql.bind(Arg::Int(id.get())).push(")");
        for table in CASE_TABLES.iter().chain(&["policies"]) {
            sql.push(&format!(
                " + (SELECT COUNT(*) FROM {table} WHERE application_id = "
            ))
            .bind(Arg::Int(id.get()))
            .push(")");
        }
        sql.push(" AS total");
        sql.count(&self.pool).await.map_err(StoreError::from)
    }

    /// One page (1-based, of the dashboard's page size) of the deletion lines the filter keeps,
    /// newest first, with how many it keeps in all: customer care administrators' list.
    pub async fn deletions(
        &self,
        filter: &DeletionFilter,
        page: u32,
    ) -> Result<DeletionPage, StoreError> {
        let mut count = Sql::new("SELECT COUNT(*) AS total FROM deletions WHERE 1 = 1");
        narrow(&mut count, filter);
        let mut list = Sql::new(
            "SELECT application_id, deleted_at, reason, documents_removed, enquiries_removed, \
             workflows_removed FROM deletions WHERE 1 = 1",
        );
        narrow(&mut list, filter);
        list.push(" ORDER BY deleted_at DESC, application_id DESC")
            .page(page);
        let total = count.count(&self.pool).await?;
        let rows = list.query().fetch_all(&self.pool).await?;
        Ok(DeletionPage {
            deletions: rows.iter().map(read_deletion).collect::<Result<_, _>>()?,
            total,
        })
    }
}

/// The filter's conditions, each `AND …`, after a `WHERE`.
fn narrow(sql: &mut Sql, filter: &DeletionFilter) {
    if let Some(from) = filter.from {
        sql.push(" AND deleted_at >= ")
            .bind(Arg::Text(timestamp(from)));
    }
    if let Some(before) = filter.before {
        sql.push(" AND deleted_at < ")
            .bind(Arg::Text(timestamp(before)));
    }
}

/// `NOT EXISTS (a policy) AND a.stage <> 'WENT_ON_RISK'` on the read model aliased `a`.
fn push_not_in_force(sql: &mut Sql) {
    sql.push("NOT EXISTS (SELECT 1 FROM policies p WHERE p.application_id = a.id) AND a.stage <> ")
        .bind(Arg::Text(IN_FORCE_STAGE.to_owned()));
}

fn read_deletion(row: &sqlx::any::AnyRow) -> Result<Deletion, StoreError> {
    let corrupt = |what: &str| StoreError::Corrupt(format!("deletion line: {what}"));
    let id: i64 = row.try_get("application_id")?;
    let at: String = row.try_get("deleted_at")?;
    let count = |column: &str| -> Result<u64, StoreError> {
        let n: i64 = row.try_get(column)?;
        u64::try_from(n).map_err(|_| corrupt(column))
    };
    Ok(Deletion {
        application_id: ApplicationId::new(id).ok_or_else(|| corrupt("application_id"))?,
        deleted_at: parse_timestamp(&at).ok_or_else(|| corrupt("deleted_at"))?,
        reason: row.try_get("reason")?,
        documents_removed: count("documents_removed")?,
        enquiries_removed: count("enquiries_removed")?,
        workflows_removed: count("workflows_removed")?,
    })
}

#[cfg(feature = "testing")]
impl Store {
    /// For tests only: moves the case's last change back to `at`, as if nobody had touched it
    /// since (the read model's `updated_at`, which retention goes by).
    pub async fn backdate_case_for_testing(
        &self,
        id: ApplicationId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut sql = Sql::new("UPDATE applications SET updated_at = ");
        sql.bind(Arg::Text(timestamp(at)))
            .push(" WHERE id = ")
            .bind(Arg::Int(id.get()));
        sql.query().execute(&self.writer).await?;
        Ok(())
    }
}
