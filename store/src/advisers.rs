//! Advisers, their firms and locations, their per-adviser flags, and who may act for whom.

use crate::sql::{Arg, Sql};
use crate::{Store, StoreError};
use chrono::NaiveDate;
use domain::care::DelegationPeriod;
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
    /// Writes the firms, locations, advisers and delegations that are missing, in one
    /// transaction so a bad seed file leaves the database as it was. What is already stored is
    /// customer care's to change (a location's name, an adviser's flags, location and
    /// delegations) and is left as it is; only an adviser's name and email, which the identity
    /// provider owns, are brought up to date. A delegation between two advisers is seeded only
    /// when the pair has never had one, so one customer care ended stays ended.
    pub async fn seed_advisers(
        &self,
        firms: &[FirmRecord],
        advisers: &[SeedAdviser],
    ) -> Result<(), StoreError> {
        let today = domain::dates::uk_date(chrono::Utc::now());
        let mut tx = self.begin_write().await?;
        for firm in firms {
            let mut sql = Sql::new("INSERT INTO firms (id, name) VALUES (");
            sql.bind(Arg::Text(firm.id.clone()))
                .push(", ")
                .bind(Arg::Text(firm.name.clone()))
                .push(") ON CONFLICT (id) DO NOTHING");
            sql.query().execute(&mut *tx).await?;
            for location in &firm.locations {
                let mut sql = Sql::new("INSERT INTO firm_locations (id, firm_id, name) VALUES (");
                sql.bind(Arg::Text(location.id.clone()))
                    .push(", ")
                    .bind(Arg::Text(firm.id.clone()))
                    .push(", ")
                    .bind(Arg::Text(location.name.clone()))
                    .push(") ON CONFLICT (id) DO NOTHING");
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
                    ") ON CONFLICT (id) DO UPDATE SET email = excluded.email, name = excluded.name",
                );
            sql.query().execute(&mut *tx).await?;
        }
        // Delegations last: they refer to advisers seeded above.
        for adviser in advisers {
            for principal in &adviser.acts_for {
                let mut sql = Sql::new(
                    "INSERT INTO adviser_delegations (id, adviser_id, acts_for, valid_from, created_at) \
                     SELECT ",
                );
                sql.bind(Arg::Text(uuid::Uuid::new_v4().simple().to_string()))
                    .push(", ")
                    .bind(Arg::Text(adviser.id.to_string()))
                    .push(", ")
                    .bind(Arg::Text(principal.to_string()))
                    .push(", ")
                    .bind(Arg::Text(today.to_string()))
                    .push(", ")
                    .bind(Arg::Text(crate::sql::timestamp(chrono::Utc::now())))
                    .push(
                        " WHERE NOT EXISTS (SELECT 1 FROM adviser_delegations WHERE adviser_id = ",
                    )
                    .bind(Arg::Text(adviser.id.to_string()))
                    .push(" AND acts_for = ")
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

    /// The adviser with this identity-provider subject, with firm, location and the delegations
    /// in force on today's UK date. One query (a row per delegation), since every request reads
    /// it, so a change customer care makes shows on the adviser's next request.
    pub async fn find_adviser(&self, id: &AdviserId) -> Result<Option<AdviserProfile>, StoreError> {
        self.find_adviser_on(id, domain::dates::uk_date(chrono::Utc::now()))
            .await
    }

    /// [`Store::find_adviser`] with the delegations in force on `today`.
    pub async fn find_adviser_on(
        &self,
        id: &AdviserId,
        today: NaiveDate,
    ) -> Result<Option<AdviserProfile>, StoreError> {
        let mut sql = Sql::new(
            "SELECT v.id, v.email, v.name, v.firm_id, f.name AS firm_name, v.firm_location_id, \
             l.name AS location_name, v.ux_settings, d.acts_for, d.valid_from, d.valid_until, \
             d.ended_on FROM advisers v \
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
        let mut acts_for: Vec<AdviserId> = Vec::new();
        for row in &rows {
            let Some(principal) = row.try_get::<Option<String>, _>("acts_for")? else {
                continue;
            };
            let period = delegation_period(row)?;
            if let Some(principal) = AdviserId::parse(&principal)
                && period.is_active_on(today)
                && !acts_for.contains(&principal)
            {
                acts_for.push(principal);
            }
        }
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

/// A delegation row's days in force (`valid_from`, `valid_until`, `ended_on`).
pub(crate) fn delegation_period(row: &sqlx::any::AnyRow) -> Result<DelegationPeriod, StoreError> {
    let date = |column: &str| -> Result<Option<NaiveDate>, StoreError> {
        match row.try_get::<Option<String>, _>(column)? {
            None => Ok(None),
            Some(text) => domain::dates::parse_iso_date(&text)
                .map(Some)
                .ok_or_else(|| StoreError::Corrupt(format!("delegation {column} {text:?}"))),
        }
    };
    Ok(DelegationPeriod {
        from: date("valid_from")?
            .ok_or_else(|| StoreError::Corrupt("a delegation without a start".into()))?,
        until: date("valid_until")?,
        ended_on: date("ended_on")?,
    })
}
