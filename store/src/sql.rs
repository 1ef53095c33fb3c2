//! A small builder for SQL with numbered parameters, because the `Any` driver does not
//! rewrite placeholders and PostgreSQL needs `$1, $2, …` (which SQLite also accepts when
//! numbered in order of appearance, as this builder guarantees).

use chrono::{DateTime, Utc};
use sqlx::Any;
use sqlx::any::AnyArguments;
use sqlx::query::Query;

#[derive(Debug, Clone)]
pub(crate) enum Arg {
    Text(String),
    OptText(Option<String>),
    Int(i64),
    Bytes(Vec<u8>),
}

#[derive(Debug, Default)]
pub(crate) struct Sql {
    text: String,
    args: Vec<Arg>,
}

impl Sql {
    pub(crate) fn new(text: &str) -> Self {
        Self {
            text: text.to_owned(),
            args: Vec::new(),
        }
    }

    pub(crate) fn push(&mut self, text: &str) -> &mut Self {
        self.text.push_str(text);
        self
    }

    /// Appends the next placeholder and remembers its value.
    pub(crate) fn bind(&mut self, arg: Arg) -> &mut Self {
        self.args.push(arg);
        self.text.push_str(&format!("${}", self.args.len()));
        self
    }

    /// Appends `(p1, p2, …)` for each value.
    pub(crate) fn bind_list(&mut self, args: impl IntoIterator<Item = Arg>) -> &mut Self {
        self.text.push('(');
        for (i, arg) in args.into_iter().enumerate() {
            if i > 0 {
                self.text.push_str(", ");
            }
            self.bind(arg);
        }
        self.text.push(')');
        self
    }

    /// `LIMIT … OFFSET …` for the dashboard's 1-based `page`.
    pub(crate) fn page(&mut self, page: u32) -> &mut Self {
        let size = i64::from(domain::dashboard::PAGE_SIZE);
        self.push(" LIMIT ")
            .bind(Arg::Int(size))
            .push(" OFFSET ")
            .bind(Arg::Int(i64::from(page.max(1) - 1) * size))
    }

    /// The number a `SELECT COUNT(*) AS total …` finds.
    pub(crate) async fn count(&self, pool: &sqlx::AnyPool) -> Result<u64, sqlx::Error> {
        use sqlx::Row;
        let total: i64 = self.query().fetch_one(pool).await?.try_get("total")?;
        Ok(u64::try_from(total).unwrap_or(0))
    }

    #[cfg(test)]
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    pub(crate) fn query(&self) -> Query<'_, Any, AnyArguments> {
        // Safe: the text is assembled only from literals in this crate; every value is bound.
        let mut query = sqlx::query(sqlx::AssertSqlSafe(self.text.clone()));
        for arg in &self.args {
            query = match arg {
                Arg::Text(v) => query.bind(v.clone()),
                Arg::OptText(v) => query.bind(v.clone()),
                Arg::Int(v) => query.bind(*v),
                Arg::Bytes(v) => query.bind(v.clone()),
            };
        }
        query
    }
}

/// Timestamps are stored as fixed-width UTC text so they sort correctly on both databases.
pub(crate) fn timestamp(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%dT%H:%M:%S%.6fZ").to_string()
}

pub(crate) fn parse_timestamp(text: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

/// Escapes `%`, `_` and `\` so a search word matches only itself inside `LIKE … ESCAPE '\'`.
pub(crate) fn like_contains(word: &str) -> String {
    let mut escaped = String::with_capacity(word.len() + 2);
    escaped.push('%');
    for c in word.chars() {
        if matches!(c, '%' | '_' | '\\') {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped.push('%');
    escaped
}

/// `word` as an FTS5 phrase: quoted, with its own quotes doubled, so it is matched as typed
/// (SQLite's trigram search tables, migrations 0005 and 0006).
fn fts_phrase(word: &str) -> String {
    format!("\"{}\"", word.replace('"', "\"\""))
}

/// A searchable table's word filter: every word must appear somewhere in `{alias}.search_text`.
/// On SQLite a word of three letters or more is answered by the table's trigram index
/// (`{index}`, keyed by the row's `id`: migrations 0005 and 0006); a shorter word, and every
/// word on PostgreSQL (whose trigram GIN index serves the `LIKE` itself), by `LIKE`.
pub(crate) fn push_word_filters(
    sql: &mut Sql,
    words: &[String],
    alias: &str,
    index: &str,
    backend: crate::Backend,
) {
    for word in words {
        if word.contains('\0') {
            // No name or reference holds a NUL, so the word finds nothing; and neither SQLite
            // (FTS5 and LIKE read their pattern as C text, ending at the NUL) nor PostgreSQL
            // (which refuses NUL in text) could be asked for it.
            sql.push(" AND 1 = 0");
        } else if backend == crate::Backend::Sqlite && word.chars().count() >= 3 {
            sql.push(&format!(
                " AND {alias}.id IN (SELECT rowid FROM {index} WHERE search_text MATCH "
            ))
            .bind(Arg::Text(fts_phrase(word)))
            .push(")");
        } else {
            sql.push(&format!(" AND {alias}.search_text LIKE "))
                .bind(Arg::Text(like_contains(word)))
                .push(" ESCAPE '\\'");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_numbered_in_order() {
        let mut sql = Sql::new("SELECT 1 WHERE a = ");
        sql.bind(Arg::Int(1))
            .push(" AND b IN ")
            .bind_list([Arg::Int(2), Arg::Int(3)]);
        assert_eq!(sql.text(), "SELECT 1 WHERE a = $1 AND b IN ($2, $3)");
    }

    #[test]
    fn like_wildcards_in_search_words_are_escaped() {
        assert_eq!(like_contains("50%_a\\"), "%50\\%\\_a\\\\%");
    }

    #[test]
    fn quotes_in_search_words_are_doubled_inside_an_fts_phrase() {
        assert_eq!(fts_phrase("smi"), "\"smi\"");
        assert_eq!(fts_phrase("o\"bri"), "\"o\"\"bri\"");
    }

    #[test]
    fn timestamps_sort_as_text() {
        let a = parse_timestamp("2026-01-02T03:04:05Z").unwrap();
        let b = parse_timestamp("2026-01-02T03:04:05.5Z").unwrap();
        assert!(timestamp(a) < timestamp(b));
        assert_eq!(parse_timestamp(&timestamp(b)), Some(b));
    }
}
