//! Which marketing notices each adviser has dismissed (migration 0012).

use crate::sql::{Arg, Sql, timestamp};
use crate::{Store, StoreError};
use chrono::{DateTime, Utc};
use domain::AdviserId;
use sqlx::Row;
use std::collections::BTreeSet;

impl Store {
    /// The ids of the notices `adviser` has dismissed.
    pub async fn dismissed_alerts(
        &self,
        adviser: &AdviserId,
    ) -> Result<BTreeSet<String>, StoreError> {
        let mut sql =
            Sql::new("SELECT alert_id FROM marketing_alert_dismissals WHERE adviser_id = ");
        sql.bind(Arg::Text(adviser.to_string()));
        let rows = sql.query().fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| {
                row.try_get::<String, _>("alert_id")
                    .map_err(StoreError::from)
            })
            .collect()
    }

    /// Records that `adviser` dismissed notice `alert_id`; dismissing it again changes nothing.
    pub async fn dismiss_alert(
        &self,
        adviser: &AdviserId,
        alert_id: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let mut sql = Sql::new(
            "INSERT INTO marketing_alert_dismissals (adviser_id, alert_id, dismissed_at) VALUES (",
        );
        sql.bind(Arg::Text(adviser.to_string()))
            .push(", ")
            .bind(Arg::Text(alert_id.to_owned()))
            .push(", ")
            .bind(Arg::Text(timestamp(at)))
            .push(") ON CONFLICT (adviser_id, alert_id) DO NOTHING");
        sql.query().execute(&self.writer).await?;
        Ok(())
    }
}
