//! The dashboard's two searches, In Progress (applications) and Policyholders (policies), as
//! one: whose cases, which words, which stages or statuses, which page; each search says only
//! which table it reads, what its filter column holds and how a row reads.

use crate::sql::{Arg, Sql, push_word_filters};
use crate::{Store, StoreError};
use domain::policy::PolicyStatus;
use domain::{AdviserId, ApplicationStage};

/// Whose cases a search looks at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchScope {
    /// These advisers' cases: already limited to those the caller may see (the dashboard).
    Advisers(Vec<AdviserId>),
    /// Every firm's cases: customer care's read-only search (issue 35).
    EveryFirm,
}

impl Default for SearchScope {
    fn default() -> Self {
        SearchScope::Advisers(Vec::new())
    }
}

/// A dashboard search. `F` is what it keeps: an application's stage or a policy's status.
#[derive(Debug, Clone)]
pub struct SearchQuery<F> {
    pub scope: SearchScope,
    /// Lower-case words that must all appear in the names or references.
    pub words: Vec<String>,
    /// Stages or statuses to include; empty means all.
    pub filters: Vec<F>,
    /// 1-based page number.
    pub page: u32,
}

impl<F> Default for SearchQuery<F> {
    fn default() -> Self {
        Self {
            scope: SearchScope::default(),
            words: Vec::new(),
            filters: Vec::new(),
            page: 1,
        }
    }
}

/// A value a search keeps, as its filter column stores it.
pub trait SearchFilter: Copy {
    fn code(self) -> &'static str;
}

impl SearchFilter for ApplicationStage {
    fn code(self) -> &'static str {
        ApplicationStage::code(self)
    }
}

impl SearchFilter for PolicyStatus {
    fn code(self) -> &'static str {
        PolicyStatus::code(self)
    }
}

/// Where a search looks: its table (`applications a`), the alias, the table's trigram index,
/// the column its filter reads, any condition every row must meet, and the order of its rows.
pub(crate) struct Listing {
    pub from: &'static str,
    pub alias: &'static str,
    pub index: &'static str,
    pub filter_column: &'static str,
    /// SQL every row must meet besides the query's own filters.
    pub condition: Option<&'static str>,
    pub order_by: &'static str,
}

/// One page of a search's rows, and how many there are in all.
pub(crate) struct Found<T> {
    pub rows: Vec<T>,
    pub page: u32,
    pub total: u64,
}

impl Store {
    /// Counts and reads one page of `listing` for `query`: `select` is the page's `SELECT ...
    /// FROM ...` (the count reads `listing.from` alone), `read` makes a row a result.
    pub(crate) async fn search<F: SearchFilter, T>(
        &self,
        query: &SearchQuery<F>,
        listing: &Listing,
        mut select: Sql,
        read: impl Fn(&sqlx::any::AnyRow) -> Result<T, StoreError>,
    ) -> Result<Found<T>, StoreError> {
        let page = query.page.max(1);
        if query.scope == SearchScope::Advisers(Vec::new()) {
            return Ok(Found {
                rows: Vec::new(),
                page,
                total: 0,
            });
        }
        let mut count = Sql::new(&format!("SELECT COUNT(*) AS total FROM {}", listing.from));
        self.push_filters(&mut count, query, listing);
        let total = count.count(&self.pool).await?;
        self.push_filters(&mut select, query, listing);
        select
            .push(&format!(" ORDER BY {}", listing.order_by))
            .page(page);
        let rows = select.query().fetch_all(&self.pool).await?;
        Ok(Found {
            rows: rows.iter().map(read).collect::<Result<Vec<_>, _>>()?,
            page,
            total,
        })
    }

    fn push_filters<F: SearchFilter>(
        &self,
        sql: &mut Sql,
        query: &SearchQuery<F>,
        listing: &Listing,
    ) {
        let alias = listing.alias;
        match &query.scope {
            SearchScope::Advisers(advisers) => {
                sql.push(&format!(" WHERE {alias}.adviser_id IN "))
                    .bind_list(advisers.iter().map(|a| Arg::Text(a.to_string())));
            }
            SearchScope::EveryFirm => {
                sql.push(" WHERE 1 = 1");
            }
        }
        if !query.filters.is_empty() {
            sql.push(&format!(" AND {alias}.{} IN ", listing.filter_column))
                .bind_list(query.filters.iter().map(|f| Arg::Text(f.code().to_owned())));
        }
        if let Some(condition) = listing.condition {
            sql.push(&format!(" AND {condition}"));
        }
        push_word_filters(sql, &query.words, alias, listing.index, self.backend);
    }
}
