//! Advisers, their firms and locations, their per-adviser flags, and who may act for whom.

use crate::sql::{Arg, Sql};
use crate::{Store, StoreError};
use domain::{AdviserId, AdviserProfile, UxSettings};
use sqlx::Row;

/// A firm and its locations, as seeded or onboarded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirmRecord {
    pub id: String,
    pub name: String,
    pub locations: Vec<LocationRecord>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocationRecord {
    pub id: String,
    pub name: String,
}

/// An adviser as seeded or onboarded.
#[derive(Debug, Clone, PartialEq)]
pub struct SeedAdviser {
    pub id: AdviserId,
    pub email: String,
    pub name: String,
    pub firm_id: Option<String>,
    pub firm_location_id: Option<String>,
    pub ux_settings: UxSettings,
    pub acts_for: Vec<AdviserId>,
}

impl Store {
    /// Writes firms and advisers, replacing what is stored under the same ids, in one
    /// transaction so a bad seed file leaves the database as it was.
    pub async fn seed_advisers(
        &self,
        firms: &[FirmRecord],
        advisers: &[SeedAdviser],
    ) -> Result<(), StoreError> {
        let mut tx = self.begin_write().await?;
        for firm in firms {
            let mut sql = Sql::new("INSERT INTO firms (id, name) VALUES (");
            sql.bind(Arg::Text(firm.id.clone()))
                .push(", ")
                .bind(Arg::Text(firm.name.clone()))
                .push(") ON CONFLICT (id) DO UPDATE SET name = excluded.name");
            sql.query().execute(&mut *tx).await?;
            for location in &firm.locations {
                let mut sql = Sql::new("INSERT INTO firm_locations (id, firm_id, name) VALUES (");
                sql.bind(Arg::Text(location.id.clone()))
                    .push(", ")
                    .bind(Arg::Text(firm.id.clone()))
                    .push(", ")
                    .bind(Arg::Text(location.name.clone()))
                    .push(") ON CONFLICT (id) DO UPDATE SET firm_id = excluded.firm_id, name = excluded.name");
                sql.query().execute(&mut *tx).await?;
            }
        }
        for adviser in advisers {
            let settings = serde_json::to_string(&adviser.ux_settings)
                .map_err(|e| StoreError::Corrupt(format!("settings of {}: {e}", adviser.id)))?;
            let mut sql = Sql::new(
                "INSERT INTO advisers (id, email, name, firm_id, firm_location_id, ux_settings) VALUES (",
            );
            sql.bind(Arg::Text(adviser.id.to_string()))
                .push(", ")
                .bind(Arg::Text(adviser.email.clone()))
                .push(", ")
                .bind(Arg::Text(adviser.name.clone()))
                .push(", ")
                .bind(Arg::OptText(adviser.firm_id.clone()))
                .push(", ")
                .bind(Arg::OptText(adviser.firm_location_id.clone()))
                .push(", ")
                .bind(Arg::Text(settings))
                .push(
                    ") ON CONFLICT (id) DO UPDATE SET email = excluded.email, name = excluded.name, \
                     firm_id = excluded.firm_id, firm_location_id = excluded.firm_location_id, \
                     ux_settings = excluded.ux_settings",
                );
            sql.query().execute(&mut *tx).await?;
        }
        // Delegations last: they refer to advisers seeded above.
        for adviser in advisers {
            let mut clear = Sql::new("DELETE FROM adviser_delegations WHERE adviser_id = ");
            clear.bind(Arg::Text(adviser.id.to_string()));
            clear.query().execute(&mut *tx).await?;
            for principal in &adviser.acts_for {
                let mut sql =
                    Sql::new("INSERT INTO adviser_delegations (adviser_id, acts_for) VALUES (");
                sql.bind(Arg::Text(adviser.id.to_string()))
                    .push(", ")
                    .bind(Arg::Text(principal.to_string()))
                    .push(")");
                sql.query().execute(&mut *tx).await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    // §1 "adviser firm location tracking"; docs/decisions.md HB4.
    /// The name of a firm location ("Leeds"), or `None` when no location has this id.
    pub async fn firm_location_name(&self, id: &str) -> Result<Option<String>, StoreError> {
        let mut sql = Sql::new("SELECT name FROM firm_locations WHERE id = ");
        sql.bind(Arg::Text(id.to_owned()));
        let row = sql.query().fetch_optional(&self.pool).await?;
        row.map(|r| r.try_get("name"))
            .transpose()
            .map_err(Into::into)
    }

    /// The adviser with this identity-provider subject, with firm, location and delegations.
    /// One query (a row per delegation), since every request reads it.
    pub async fn find_adviser(&self, id: &AdviserId) -> Result<Option<AdviserProfile>, StoreError> {
        let mut sql = Sql::new(
            "SELECT v.id, v.email, v.name, v.firm_id, f.name AS firm_name, v.firm_location_id, \
             l.name AS location_name, v.ux_settings, d.acts_for FROM advisers v \
             LEFT JOIN firms f ON f.id = v.firm_id \
             LEFT JOIN firm_locations l ON l.id = v.firm_location_id \
             LEFT JOIN adviser_delegations d ON d.adviser_id = v.id WHERE v.id = ",
        );
        sql.bind(Arg::Text(id.to_string()))
            .push(" ORDER BY d.acts_for");
        let rows = sql.query().fetch_all(&self.pool).await?;
        let Some(row) = rows.first() else {
            return Ok(None);
        };
        let settings: String = row.try_get("ux_settings")?;
        let ux_settings: UxSettings = serde_json::from_str(&settings)
            .map_err(|e| StoreError::Corrupt(format!("settings of adviser {id}: {e}")))?;
        let acts_for = rows
            .iter()
            .map(|r| r.try_get::<Option<String>, _>("acts_for"))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .flatten()
            .filter_map(|a| AdviserId::parse(&a))
            .collect();
        Ok(Some(AdviserProfile {
            id: id.clone(),
            name: row.try_get("name")?,
            email: row.try_get("email")?,
            firm_id: row.try_get("firm_id")?,
            firm_name: row.try_get("firm_name")?,
            firm_location_id: row.try_get("firm_location_id")?,
            firm_location_name: row.try_get("location_name")?,
            ux_settings,
            acts_for,
        }))
    }

    /// Display names of the given advisers, in the order given; unknown ids are skipped.
    pub async fn adviser_names(
        &self,
        ids: &[AdviserId],
    ) -> Result<Vec<(AdviserId, String)>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut sql = Sql::new("SELECT id, name FROM advisers WHERE id IN ");
        sql.bind_list(ids.iter().map(|a| Arg::Text(a.to_string())));
        let rows = sql.query().fetch_all(&self.pool).await?;
        let mut names = Vec::new();
        for id in ids {
            for row in &rows {
                let row_id: String = row.try_get("id")?;
                if row_id == id.as_str() {
                    names.push((id.clone(), row.try_get("name")?));
                }
            }
        }
        Ok(names)
    }
}
