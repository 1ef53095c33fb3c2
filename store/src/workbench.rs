//! The underwriters' workbench over the read model: the columns each case's save writes for it
//! (migration 0008), the list of referred cases, oldest referral first, in one query, and who
//! has read a case's underwriting updates.

use crate::sealed::{Column, Field, Sealer};
use crate::sql::{Arg, Sql, parse_timestamp, timestamp};
use crate::{Store, StoreError};
use chrono::{DateTime, NaiveDate, Utc};
use domain::application::WorkbenchEntry;
use domain::dashboard::{
    WorkbenchCase, WorkbenchFilter, WorkbenchResults, days_since, total_pages,
};
use domain::underwriting::manual::Underwriter;
use domain::{AdviserId, Application, ApplicationId};
use sqlx::Row;

/// What the workbench asks for.
#[derive(Debug, Clone)]
pub struct WorkbenchQuery {
    pub filter: WorkbenchFilter,
    /// The signed-in underwriter (for "mine").
    pub underwriter: String,
    /// 1-based.
    pub page: u32,
    /// For the days since each referral.
    pub today: NaiveDate,
}

/// The read model's workbench columns of one application.
pub(crate) struct Columns {
    referred_at: Option<String>,
    claimed_by: Option<String>,
    claimed_by_name: Option<String>,
    evidence_due: Option<String>,
    evidence_overdue: i64,
    workbench: Option<String>,
    latest_update_at: Option<String>,
}

impl Columns {
    /// The columns of `application`; the list's entry is sealed, as its referring rules'
    /// reasons quote health answers.
    pub(crate) fn of(application: &Application, sealer: &Sealer) -> Result<Self, StoreError> {
        let entry = application.workbench_entry();
        let claim = entry
            .as_ref()
            .and(application.underwriting.referral.claim.as_ref());
        let row = application.id.to_string();
        let workbench = entry
            .as_ref()
            .map(serde_json::to_string)
            .transpose()
            .map_err(|e| StoreError::Corrupt(format!("workbench of {}: {e}", application.id)))?
            .map(|json| sealer.seal_text(&json, workbench_field(&row)))
            .transpose()?;
        Ok(Self {
            referred_at: entry.as_ref().and_then(|e| e.referred_at).map(timestamp),
            claimed_by: claim.map(|c| c.underwriter.id.clone()),
            claimed_by_name: claim.map(|c| c.underwriter.name.clone()),
            evidence_due: entry
                .as_ref()
                .and_then(WorkbenchEntry::evidence_due)
                .map(|d| d.to_string()),
            evidence_overdue: i64::from(application.is_evidence_overdue()),
            workbench,
            latest_update_at: application
                .underwriting
                .underwriting_updates
                .iter()
                .map(|u| u.posted_at)
                .max()
                .map(timestamp),
        })
    }

    /// Each column's name and value, in the order the upsert names them.
    fn values(self) -> [(&'static str, Arg); 7] {
        [
            ("referred_at", Arg::OptText(self.referred_at)),
            ("claimed_by", Arg::OptText(self.claimed_by)),
            ("claimed_by_name", Arg::OptText(self.claimed_by_name)),
            ("evidence_due", Arg::OptText(self.evidence_due)),
            ("evidence_overdue", Arg::Int(self.evidence_overdue)),
            ("workbench", Arg::OptText(self.workbench)),
            ("latest_update_at", Arg::OptText(self.latest_update_at)),
        ]
    }

    /// `, $n` for each column, after the upsert's other values.
    pub(crate) fn bind(self, sql: &mut Sql) {
        for (_, arg) in self.values() {
            sql.push(", ").bind(arg);
        }
    }

    /// `name = $n, …` for an update.
    fn bind_set(self, sql: &mut Sql) {
        for (i, (name, arg)) in self.values().into_iter().enumerate() {
            let separator = if i == 0 { "" } else { ", " };
            sql.push(&format!("{separator}{name} = ")).bind(arg);
        }
    }
}

impl Store {
    /// One page of the cases waiting at Underwriting that `query.filter` picks, oldest
    /// referral first, with the total, in one statement: the total is an uncorrelated
    /// sub-query (counted once, from the index of referred cases) beside the page's rows.
    pub async fn search_workbench(
        &self,
        query: &WorkbenchQuery,
    ) -> Result<WorkbenchResults, StoreError> {
        let page = query.page.max(1);
        let mut select = Sql::new(
            "SELECT a.id, a.client_names, a.adviser_id, v.name AS adviser_name, \
             f.name AS firm_name, a.referred_at, a.claimed_by, a.claimed_by_name, a.workbench, \
             (SELECT COUNT(*) FROM applications c WHERE c.referred_at IS NOT NULL",
        );
        push_filter(&mut select, "c", query);
        select.push(
            ") AS total FROM applications a LEFT JOIN advisers v ON v.id = a.adviser_id \
             LEFT JOIN firms f ON f.id = a.firm_id WHERE a.referred_at IS NOT NULL",
        );
        push_filter(&mut select, "a", query);
        select.push(" ORDER BY a.referred_at, a.id").page(page);
        let rows = select.query().fetch_all(&self.pool).await?;
        let mut total = match rows.first() {
            Some(row) => u64::try_from(row.try_get::<i64, _>("total")?).unwrap_or(0),
            None => 0,
        };
        if rows.is_empty() && page > 1 {
            // Past the last page: the rows that would carry the total are not there.
            total = self.count_workbench(query).await?;
        }
        let results = rows
            .iter()
            .map(|row| workbench_case(row, query, &self.sealer))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(WorkbenchResults {
            results,
            current_page: page,
            total_pages: total_pages(total),
            total_record_count: total,
        })
    }

    async fn count_workbench(&self, query: &WorkbenchQuery) -> Result<u64, StoreError> {
        let first = WorkbenchQuery {
            page: 1,
            ..query.clone()
        };
        Ok(Box::pin(self.search_workbench(&first))
            .await?
            .total_record_count)
    }

    /// Records that `reader` has read the case's underwriting updates up to `up_to`; an
    /// earlier mark never replaces a later one.
    pub async fn mark_updates_read(
        &self,
        id: ApplicationId,
        reader: &str,
        up_to: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut sql = Sql::new(
            "INSERT INTO underwriting_update_reads (application_id, reader_id, seen_up_to) VALUES (",
        );
        sql.bind(Arg::Int(id.get()))
            .push(", ")
            .bind(Arg::Text(reader.to_owned()))
            .push(", ")
            .bind(Arg::Text(timestamp(up_to)))
            .push(
                ") ON CONFLICT (application_id, reader_id) DO UPDATE SET seen_up_to = \
                 excluded.seen_up_to WHERE underwriting_update_reads.seen_up_to < excluded.seen_up_to",
            );
        sql.query().execute(&self.writer).await?;
        Ok(())
    }

    /// Fills the workbench columns of rows saved before they existed (migration 0008), from
    /// each one's document; a row saved since has them already.
    pub(crate) async fn fill_workbench_columns(&self) -> Result<(), StoreError> {
        self.backfill(
            "SELECT id FROM applications WHERE stage = 'UNDERWRITING' AND workbench IS NULL",
            |application, updates| {
                let mut update = Sql::new("UPDATE applications SET ");
                Columns::of(application, &self.sealer)?.bind_set(&mut update);
                update
                    .push(" WHERE id = ")
                    .bind(Arg::Int(application.id.get()));
                updates.push(update);
                Ok(())
            },
        )
        .await
    }
}

fn workbench_case(
    row: &sqlx::any::AnyRow,
    query: &WorkbenchQuery,
    sealer: &Sealer,
) -> Result<WorkbenchCase, StoreError> {
    let id: i64 = row.try_get("id")?;
    let corrupt = |what: &str| StoreError::Corrupt(format!("{what} of application {id}"));
    let adviser: String = row.try_get("adviser_id")?;
    let referred: String = row.try_get("referred_at")?;
    let referred_at = parse_timestamp(&referred).ok_or_else(|| corrupt("referred_at"))?;
    let entry: Option<String> = row.try_get("workbench")?;
    let entry: WorkbenchEntry = match entry {
        Some(stored) => {
            let json = sealer.open_text(stored, workbench_field(&id.to_string()))?;
            serde_json::from_str(&json).map_err(|_| corrupt("workbench"))?
        }
        None => WorkbenchEntry::default(),
    };
    let claimed_by = match (
        row.try_get::<Option<String>, _>("claimed_by")?,
        row.try_get::<Option<String>, _>("claimed_by_name")?,
    ) {
        (Some(id), name) => Some(Underwriter {
            name: name.unwrap_or_else(|| id.clone()),
            id,
        }),
        (None, _) => None,
    };
    Ok(WorkbenchCase {
        id: ApplicationId::new(id).ok_or_else(|| corrupt("id"))?,
        client_names: row.try_get("client_names")?,
        adviser_id: AdviserId::parse(&adviser).ok_or_else(|| corrupt("adviser"))?,
        adviser_name: row.try_get("adviser_name")?,
        firm_name: row.try_get("firm_name")?,
        referred_at,
        days_since_referral: days_since(referred_at, query.today),
        is_mine: claimed_by
            .as_ref()
            .is_some_and(|c| c.id == query.underwriter),
        claimed_by,
        referred: entry.referred,
        evidence: entry.evidence,
    })
}

/// Where a case's workbench entry is sealed: its column and the case's id.
fn workbench_field(id: &str) -> Field<'_> {
    Field {
        column: Column::Workbench,
        row: id,
    }
}

/// The filter's condition on the applications aliased `alias`.
fn push_filter(sql: &mut Sql, alias: &str, query: &WorkbenchQuery) {
    match query.filter {
        WorkbenchFilter::All => {}
        WorkbenchFilter::Unclaimed => {
            sql.push(&format!(" AND {alias}.claimed_by IS NULL"));
        }
        WorkbenchFilter::Mine => {
            sql.push(&format!(" AND {alias}.claimed_by = "))
                .bind(Arg::Text(query.underwriter.clone()));
        }
        WorkbenchFilter::Evidence => {
            sql.push(&format!(" AND {alias}.evidence_due IS NOT NULL"));
        }
        WorkbenchFilter::Overdue => {
            sql.push(&format!(" AND {alias}.evidence_overdue = 1"));
        }
    }
}
