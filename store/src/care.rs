//! Customer care's records (issue 35): advisers as customer care finds and changes them (flags,
//! firm location, delegations), the firms' locations and the history of every such change.
//! Reads of health answers are recorded with every other data read (`audit.rs`).
//!
//! Each change is checked by its `domain::care` rule and written with its history row in one
//! transaction, so a change is never kept without its record, nor its record without it.

use crate::advisers::delegation_period;
use crate::sql::{Arg, Sql, like_contains, parse_timestamp, timestamp};
use crate::{FirmRecord, LocationRecord, Store, StoreError};
use chrono::{DateTime, NaiveDate, Utc};
use domain::care::{
    ChangeKind, DelegationParty, DelegationPeriod, ExistingDelegation, NewDelegation,
    check_location_name,
};
use domain::{AdviserId, ApplicationId, Rejection, UxSettings};
use serde_json::Value;
use sqlx::Row;

/// Who made a change or read special-category data: the token's subject and name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub subject: String,
    pub name: String,
}

/// An adviser as customer care's lists show them.
#[derive(Debug, Clone, PartialEq)]
pub struct AdviserListing {
    pub id: AdviserId,
    pub name: String,
    pub email: String,
    pub firm_id: Option<String>,
    pub firm_name: Option<String>,
    pub firm_location_id: Option<String>,
    pub firm_location_name: Option<String>,
}

/// An adviser with their flags, as customer care manages them.
#[derive(Debug, Clone, PartialEq)]
pub struct CareAdviser {
    pub adviser: AdviserListing,
    pub ux_settings: UxSettings,
}

/// A stored delegation: `delegate` may act for `principal` in `period`.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredDelegation {
    pub id: String,
    pub delegate: AdviserId,
    pub delegate_name: String,
    pub principal: AdviserId,
    pub principal_name: String,
    pub period: DelegationPeriod,
}

/// One recorded change.
#[derive(Debug, Clone, PartialEq)]
pub struct ChangeRecord {
    pub id: String,
    pub changed_at: DateTime<Utc>,
    pub actor: Actor,
    pub adviser_id: Option<String>,
    pub other_adviser_id: Option<String>,
    pub firm_id: Option<String>,
    pub kind: ChangeKind,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

/// Whose history of changes to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeSubject<'a> {
    /// An adviser (or assistant), on either side of a delegation.
    Adviser(&'a AdviserId),
    /// A firm: its locations.
    Firm(&'a str),
}

/// The most rows a customer-care list answers with.
pub const CARE_LIST_LIMIT: i64 = 200;

/// What a checked change came to: done, refused by its rule, or about nothing that exists.
pub type Checked<T> = Result<T, Rejection>;

const ADVISER_COLUMNS: &str = "SELECT v.id, v.name, v.email, v.firm_id, f.name AS firm_name, \
     v.firm_location_id, l.name AS location_name, v.ux_settings FROM advisers v \
     LEFT JOIN firms f ON f.id = v.firm_id LEFT JOIN firm_locations l ON l.id = v.firm_location_id";

fn listing(row: &sqlx::any::AnyRow) -> Result<AdviserListing, StoreError> {
    let id: String = row.try_get("id")?;
    Ok(AdviserListing {
        id: AdviserId::parse(&id).ok_or_else(|| StoreError::Corrupt(format!("adviser {id:?}")))?,
        name: row.try_get("name")?,
        email: row.try_get("email")?,
        firm_id: row.try_get("firm_id")?,
        firm_name: row.try_get("firm_name")?,
        firm_location_id: row.try_get("firm_location_id")?,
        firm_location_name: row.try_get("location_name")?,
    })
}

fn settings(row: &sqlx::any::AnyRow, id: &str) -> Result<UxSettings, StoreError> {
    let text: String = row.try_get("ux_settings")?;
    serde_json::from_str(&text)
        .map_err(|e| StoreError::Corrupt(format!("settings of adviser {id}: {e}")))
}

fn new_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

fn json_text(value: &impl serde::Serialize) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError::Corrupt(format!("a change: {e}")))
}

/// A change to record, written in the same transaction as the change itself: one constructor
/// for each kind of change, so each kind names its subjects and values one way.
struct Change<'a> {
    actor: &'a Actor,
    kind: ChangeKind,
    adviser_id: Option<&'a AdviserId>,
    other_adviser_id: Option<&'a AdviserId>,
    firm_id: Option<&'a str>,
    before: Option<String>,
    after: Option<String>,
}

/// An adviser's firm location as a change records it: its id and name, or none.
struct AdviserLocation<'a> {
    id: Option<&'a str>,
    name: Option<String>,
}

impl AdviserLocation<'_> {
    fn json(&self) -> String {
        serde_json::json!({ "firmLocationId": self.id, "name": self.name }).to_string()
    }
}

impl<'a> Change<'a> {
    fn new(actor: &'a Actor, kind: ChangeKind) -> Self {
        Self {
            actor,
            kind,
            adviser_id: None,
            other_adviser_id: None,
            firm_id: None,
            before: None,
            after: None,
        }
    }

    /// The adviser's flags replaced.
    fn flags(
        actor: &'a Actor,
        adviser: &'a AdviserId,
        before: &UxSettings,
        after: &UxSettings,
    ) -> Result<Self, StoreError> {
        Ok(Self {
            adviser_id: Some(adviser),
            before: Some(json_text(before)?),
            after: Some(json_text(after)?),
            ..Self::new(actor, ChangeKind::Flags)
        })
    }

    /// The adviser tied to another of their firm's locations, or to none.
    fn location(
        actor: &'a Actor,
        adviser: &'a AdviserId,
        firm_id: Option<&'a str>,
        before: &AdviserLocation<'_>,
        after: &AdviserLocation<'_>,
    ) -> Self {
        Self {
            adviser_id: Some(adviser),
            firm_id,
            before: Some(before.json()),
            after: Some(after.json()),
            ..Self::new(actor, ChangeKind::Location)
        }
    }

    /// A delegation added: recorded under its adviser and, as the other, its delegate.
    fn delegation_added(actor: &'a Actor, added: &'a StoredDelegation) -> Self {
        Self {
            after: Some(delegation_json(added)),
            ..Self::delegation(actor, ChangeKind::DelegationAdded, added)
        }
    }

    /// A delegation ended, as it stood before and after.
    fn delegation_ended(
        actor: &'a Actor,
        before: &'a StoredDelegation,
        after: &StoredDelegation,
    ) -> Self {
        Self {
            before: Some(delegation_json(before)),
            after: Some(delegation_json(after)),
            ..Self::delegation(actor, ChangeKind::DelegationEnded, before)
        }
    }

    fn delegation(actor: &'a Actor, kind: ChangeKind, delegation: &'a StoredDelegation) -> Self {
        Self {
            adviser_id: Some(&delegation.principal),
            other_adviser_id: Some(&delegation.delegate),
            ..Self::new(actor, kind)
        }
    }

    /// A location added to a firm.
    fn location_added(actor: &'a Actor, firm_id: &'a str, added: &LocationRecord) -> Self {
        Self {
            firm_id: Some(firm_id),
            after: Some(location_json(added)),
            ..Self::new(actor, ChangeKind::LocationAdded)
        }
    }

    /// A firm's location renamed.
    fn location_renamed(
        actor: &'a Actor,
        firm_id: &'a str,
        before: &LocationRecord,
        after: &LocationRecord,
    ) -> Self {
        Self {
            firm_id: Some(firm_id),
            before: Some(location_json(before)),
            after: Some(location_json(after)),
            ..Self::new(actor, ChangeKind::LocationRenamed)
        }
    }

    /// Writes the change's history row in the change's own transaction.
    async fn record(
        self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    ) -> Result<(), StoreError> {
        let mut sql = Sql::new(
            "INSERT INTO care_changes (id, changed_at, actor_subject, actor_name, adviser_id, \
             other_adviser_id, firm_id, kind, before_value, after_value) VALUES (",
        );
        sql.bind(Arg::Text(new_id()))
            .push(", ")
            .bind(Arg::Text(timestamp(Utc::now())))
            .push(", ")
            .bind(Arg::Text(self.actor.subject.clone()))
            .push(", ")
            .bind(Arg::Text(self.actor.name.clone()))
            .push(", ")
            .bind(Arg::OptText(self.adviser_id.map(ToString::to_string)))
            .push(", ")
            .bind(Arg::OptText(self.other_adviser_id.map(ToString::to_string)))
            .push(", ")
            .bind(Arg::OptText(self.firm_id.map(str::to_owned)))
            .push(", ")
            .bind(Arg::Text(self.kind.code().to_owned()))
            .push(", ")
            .bind(Arg::OptText(self.before))
            .push(", ")
            .bind(Arg::OptText(self.after))
            .push(")");
        sql.query().execute(&mut **tx).await?;
        Ok(())
    }
}

fn not_found(what: &str) -> Rejection {
    Rejection::not_found(&format!("{what} not found"))
}

impl Store {
    /// Advisers whose name or email holds every word, of one firm when `firm_id` is given, by
    /// name; at most [`CARE_LIST_LIMIT`].
    pub async fn find_advisers(
        &self,
        words: &[String],
        firm_id: Option<&str>,
    ) -> Result<Vec<AdviserListing>, StoreError> {
        let mut sql = Sql::new(ADVISER_COLUMNS);
        sql.push(" WHERE 1 = 1");
        for word in words {
            sql.push(" AND LOWER(v.name || ' ' || v.email) LIKE ")
                .bind(Arg::Text(like_contains(&word.to_lowercase())))
                .push(" ESCAPE '\\'");
        }
        if let Some(firm) = firm_id {
            sql.push(" AND v.firm_id = ")
                .bind(Arg::Text(firm.to_owned()));
        }
        sql.push(" ORDER BY v.name, v.id LIMIT ")
            .bind(Arg::Int(CARE_LIST_LIMIT));
        let rows = sql.query().fetch_all(&self.pool).await?;
        rows.iter().map(listing).collect()
    }

    /// The adviser with their flags, or `None` when no adviser has this id.
    pub async fn care_adviser(&self, id: &AdviserId) -> Result<Option<CareAdviser>, StoreError> {
        let mut sql = Sql::new(ADVISER_COLUMNS);
        sql.push(" WHERE v.id = ").bind(Arg::Text(id.to_string()));
        let Some(row) = sql.query().fetch_optional(&self.pool).await? else {
            return Ok(None);
        };
        Ok(Some(CareAdviser {
            adviser: listing(&row)?,
            ux_settings: settings(&row, id.as_str())?,
        }))
    }

    /// Every delegation to or from the adviser, past, present and future, newest start first.
    pub async fn delegations_of(
        &self,
        id: &AdviserId,
    ) -> Result<Vec<StoredDelegation>, StoreError> {
        let mut sql = Sql::new(
            "SELECT d.id, d.adviser_id, a.name AS delegate_name, d.acts_for, \
             p.name AS principal_name, d.valid_from, d.valid_until, d.ended_on \
             FROM adviser_delegations d JOIN advisers a ON a.id = d.adviser_id \
             JOIN advisers p ON p.id = d.acts_for WHERE d.adviser_id = ",
        );
        sql.bind(Arg::Text(id.to_string()))
            .push(" OR d.acts_for = ")
            .bind(Arg::Text(id.to_string()))
            .push(" ORDER BY d.valid_from DESC, d.created_at DESC");
        let rows = sql.query().fetch_all(&self.pool).await?;
        rows.iter().map(stored_delegation).collect()
    }

    /// Replaces the adviser's flags and records the change; "not found" for an unknown adviser.
    pub async fn set_adviser_flags(
        &self,
        id: &AdviserId,
        flags: &UxSettings,
        actor: &Actor,
    ) -> Result<Checked<()>, StoreError> {
        let mut tx = self.begin_write().await?;
        let mut read = Sql::new("SELECT ux_settings FROM advisers WHERE id = ");
        read.bind(Arg::Text(id.to_string()));
        let Some(row) = read.query().fetch_optional(&mut *tx).await? else {
            return Ok(Err(not_found("Adviser")));
        };
        let before = settings(&row, id.as_str())?;
        if &before == flags {
            return Ok(Ok(()));
        }
        let mut update = Sql::new("UPDATE advisers SET ux_settings = ");
        update
            .bind(Arg::Text(json_text(flags)?))
            .push(" WHERE id = ")
            .bind(Arg::Text(id.to_string()));
        update.query().execute(&mut *tx).await?;
        Change::flags(actor, id, &before, flags)?
            .record(&mut tx)
            .await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Ties the adviser to one of their firm's locations (or none) and records the change.
    pub async fn set_adviser_location(
        &self,
        id: &AdviserId,
        location_id: Option<&str>,
        actor: &Actor,
    ) -> Result<Checked<()>, StoreError> {
        let mut tx = self.begin_write().await?;
        let mut read = Sql::new(
            "SELECT v.firm_id, v.firm_location_id, l.name AS location_name FROM advisers v \
             LEFT JOIN firm_locations l ON l.id = v.firm_location_id WHERE v.id = ",
        );
        read.bind(Arg::Text(id.to_string()));
        let Some(row) = read.query().fetch_optional(&mut *tx).await? else {
            return Ok(Err(not_found("Adviser")));
        };
        let firm: Option<String> = row.try_get("firm_id")?;
        let before_id: Option<String> = row.try_get("firm_location_id")?;
        let before_name: Option<String> = row.try_get("location_name")?;
        let after_name = match location_id {
            None => None,
            Some(location) => {
                let mut find = Sql::new("SELECT firm_id, name FROM firm_locations WHERE id = ");
                find.bind(Arg::Text(location.to_owned()));
                let found = find.query().fetch_optional(&mut *tx).await?;
                let Some(found) = found else {
                    return Ok(Err(Rejection::field(
                        "firmLocationId",
                        &format!("There is no firm location {location:?}"),
                    )));
                };
                let location_firm: String = found.try_get("firm_id")?;
                if firm.as_deref() != Some(location_firm.as_str()) {
                    return Ok(Err(Rejection::field(
                        "firmLocationId",
                        "The location is not one of the adviser's firm's",
                    )));
                }
                Some(found.try_get::<String, _>("name")?)
            }
        };
        if before_id.as_deref() == location_id {
            return Ok(Ok(()));
        }
        let mut update = Sql::new("UPDATE advisers SET firm_location_id = ");
        update
            .bind(Arg::OptText(location_id.map(str::to_owned)))
            .push(" WHERE id = ")
            .bind(Arg::Text(id.to_string()));
        update.query().execute(&mut *tx).await?;
        let before = AdviserLocation {
            id: before_id.as_deref(),
            name: before_name,
        };
        let after = AdviserLocation {
            id: location_id,
            name: after_name,
        };
        Change::location(actor, id, firm.as_deref(), &before, &after)
            .record(&mut tx)
            .await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Adds a delegation once `domain::care`'s checks pass against the advisers and delegations
    /// as stored, and records it under both advisers.
    pub async fn add_delegation(
        &self,
        delegation: &NewDelegation,
        today: NaiveDate,
        actor: &Actor,
    ) -> Result<Checked<StoredDelegation>, StoreError> {
        let mut tx = self.begin_write().await?;
        let mut parties = Sql::new("SELECT id, firm_id FROM advisers WHERE id IN ");
        parties.bind_list([
            Arg::Text(delegation.delegate.to_string()),
            Arg::Text(delegation.principal.to_string()),
        ]);
        let rows = parties.query().fetch_all(&mut *tx).await?;
        let mut found = Vec::new();
        for row in &rows {
            let id: String = row.try_get("id")?;
            found.push(DelegationParty {
                id: AdviserId::parse(&id)
                    .ok_or_else(|| StoreError::Corrupt(format!("adviser {id:?}")))?,
                firm_id: row.try_get("firm_id")?,
            });
        }
        let party = |who: &AdviserId| found.iter().find(|p| &p.id == who);
        let mut between = Sql::new(
            "SELECT adviser_id, acts_for, valid_from, valid_until, ended_on \
             FROM adviser_delegations WHERE adviser_id = ",
        );
        between
            .bind(Arg::Text(delegation.delegate.to_string()))
            .push(" AND acts_for = ")
            .bind(Arg::Text(delegation.principal.to_string()));
        let existing = between
            .query()
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|row| {
                Ok(ExistingDelegation {
                    delegate: delegation.delegate.clone(),
                    principal: delegation.principal.clone(),
                    period: delegation_period(row)?,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        if let Err(refused) = delegation.check(
            party(&delegation.delegate),
            party(&delegation.principal),
            &existing,
            today,
        ) {
            return Ok(Err(refused));
        }
        let id = new_id();
        let mut insert = Sql::new(
            "INSERT INTO adviser_delegations (id, adviser_id, acts_for, valid_from, valid_until, \
             created_at) VALUES (",
        );
        insert
            .bind(Arg::Text(id.clone()))
            .push(", ")
            .bind(Arg::Text(delegation.delegate.to_string()))
            .push(", ")
            .bind(Arg::Text(delegation.principal.to_string()))
            .push(", ")
            .bind(Arg::Text(delegation.from.to_string()))
            .push(", ")
            .bind(Arg::OptText(delegation.until.map(|d| d.to_string())))
            .push(", ")
            .bind(Arg::Text(timestamp(Utc::now())))
            .push(")");
        insert.query().execute(&mut *tx).await?;
        let stored = read_delegation(&mut tx, &id)
            .await?
            .ok_or_else(|| StoreError::Corrupt(format!("delegation {id} just added")))?;
        Change::delegation_added(actor, &stored)
            .record(&mut tx)
            .await?;
        tx.commit().await?;
        Ok(Ok(stored))
    }

    /// Ends a delegation from `today` (it is no longer in force today) and records it; one
    /// already over is refused, one not found is "not found".
    pub async fn end_delegation(
        &self,
        id: &str,
        today: NaiveDate,
        actor: &Actor,
    ) -> Result<Checked<StoredDelegation>, StoreError> {
        let mut tx = self.begin_write().await?;
        let Some(before) = read_delegation(&mut tx, id).await? else {
            return Ok(Err(not_found("Delegation")));
        };
        if !before.period.is_current_or_future(today) {
            return Ok(Err(Rejection::conflict(
                "This delegation has already ended",
            )));
        }
        let mut update = Sql::new("UPDATE adviser_delegations SET ended_on = ");
        update
            .bind(Arg::Text(today.to_string()))
            .push(" WHERE id = ")
            .bind(Arg::Text(id.to_owned()));
        update.query().execute(&mut *tx).await?;
        let after = read_delegation(&mut tx, id)
            .await?
            .ok_or_else(|| StoreError::Corrupt(format!("delegation {id} just ended")))?;
        Change::delegation_ended(actor, &before, &after)
            .record(&mut tx)
            .await?;
        tx.commit().await?;
        Ok(Ok(after))
    }

    /// The changes recorded about the subject, newest first, at most [`CARE_LIST_LIMIT`]; `None`
    /// when no such adviser or firm exists. An adviser's are their flags, location and the
    /// delegations on either side; a firm's are its locations added and renamed.
    pub async fn care_changes(
        &self,
        subject: ChangeSubject<'_>,
    ) -> Result<Option<Vec<ChangeRecord>>, StoreError> {
        let (exists, id) = match subject {
            ChangeSubject::Adviser(id) => ("SELECT id FROM advisers WHERE id = ", id.to_string()),
            ChangeSubject::Firm(id) => ("SELECT id FROM firms WHERE id = ", id.to_owned()),
        };
        let mut exists = Sql::new(exists);
        exists.bind(Arg::Text(id.clone()));
        if exists.query().fetch_optional(&self.pool).await?.is_none() {
            return Ok(None);
        }
        let mut sql = Sql::new(
            "SELECT id, changed_at, actor_subject, actor_name, adviser_id, other_adviser_id, \
             firm_id, kind, before_value, after_value FROM care_changes WHERE ",
        );
        match subject {
            ChangeSubject::Adviser(_) => sql
                .push("adviser_id = ")
                .bind(Arg::Text(id.clone()))
                .push(" OR other_adviser_id = ")
                .bind(Arg::Text(id)),
            ChangeSubject::Firm(_) => sql
                .push("adviser_id IS NULL AND firm_id = ")
                .bind(Arg::Text(id)),
        };
        sql.push(" ORDER BY changed_at DESC, id LIMIT ")
            .bind(Arg::Int(CARE_LIST_LIMIT));
        let rows = sql.query().fetch_all(&self.pool).await?;
        rows.iter()
            .map(change_record)
            .collect::<Result<_, _>>()
            .map(Some)
    }

    /// Every firm with its locations, by name.
    pub async fn firms(&self) -> Result<Vec<FirmRecord>, StoreError> {
        let rows = Sql::new(
            "SELECT f.id, f.name, l.id AS location_id, l.name AS location_name FROM firms f \
             LEFT JOIN firm_locations l ON l.firm_id = f.id ORDER BY f.name, f.id, l.name",
        )
        .query()
        .fetch_all(&self.pool)
        .await?;
        let mut firms: Vec<FirmRecord> = Vec::new();
        for row in &rows {
            let id: String = row.try_get("id")?;
            if firms.last().is_none_or(|f| f.id != id) {
                firms.push(FirmRecord {
                    id: id.clone(),
                    name: row.try_get("name")?,
                    locations: Vec::new(),
                });
            }
            if let Some(location) = row.try_get::<Option<String>, _>("location_id")? {
                let firm = firms.last_mut().expect("pushed above");
                firm.locations.push(LocationRecord {
                    id: location,
                    name: row.try_get("location_name")?,
                });
            }
        }
        Ok(firms)
    }

    /// Adds a location to a firm under a name none of its others has, and records it.
    pub async fn add_firm_location(
        &self,
        firm_id: &str,
        name: &str,
        actor: &Actor,
    ) -> Result<Checked<LocationRecord>, StoreError> {
        let mut tx = self.begin_write().await?;
        let mut firm = Sql::new("SELECT id FROM firms WHERE id = ");
        firm.bind(Arg::Text(firm_id.to_owned()));
        if firm.query().fetch_optional(&mut *tx).await?.is_none() {
            return Ok(Err(not_found("Firm")));
        }
        let others = location_names(&mut tx, firm_id, None).await?;
        let name = match check_location_name(name, others.iter().map(String::as_str)) {
            Ok(name) => name,
            Err(refused) => return Ok(Err(refused)),
        };
        let location = LocationRecord {
            id: format!("{firm_id}-{}", &new_id()[..8]),
            name,
        };
        let mut insert = Sql::new("INSERT INTO firm_locations (id, firm_id, name) VALUES (");
        insert
            .bind(Arg::Text(location.id.clone()))
            .push(", ")
            .bind(Arg::Text(firm_id.to_owned()))
            .push(", ")
            .bind(Arg::Text(location.name.clone()))
            .push(")");
        insert.query().execute(&mut *tx).await?;
        Change::location_added(actor, firm_id, &location)
            .record(&mut tx)
            .await?;
        tx.commit().await?;
        Ok(Ok(location))
    }

    /// Renames a location (to a name none of its firm's others has) and records it.
    pub async fn rename_firm_location(
        &self,
        location_id: &str,
        name: &str,
        actor: &Actor,
    ) -> Result<Checked<LocationRecord>, StoreError> {
        let mut tx = self.begin_write().await?;
        let mut find = Sql::new("SELECT firm_id, name FROM firm_locations WHERE id = ");
        find.bind(Arg::Text(location_id.to_owned()));
        let Some(row) = find.query().fetch_optional(&mut *tx).await? else {
            return Ok(Err(not_found("Firm location")));
        };
        let firm_id: String = row.try_get("firm_id")?;
        let before = LocationRecord {
            id: location_id.to_owned(),
            name: row.try_get("name")?,
        };
        let others = location_names(&mut tx, &firm_id, Some(location_id)).await?;
        let name = match check_location_name(name, others.iter().map(String::as_str)) {
            Ok(name) => name,
            Err(refused) => return Ok(Err(refused)),
        };
        let after = LocationRecord {
            id: location_id.to_owned(),
            name,
        };
        if after == before {
            return Ok(Ok(after));
        }
        let mut update = Sql::new("UPDATE firm_locations SET name = ");
        update
            .bind(Arg::Text(after.name.clone()))
            .push(" WHERE id = ")
            .bind(Arg::Text(location_id.to_owned()));
        update.query().execute(&mut *tx).await?;
        Change::location_renamed(actor, &firm_id, &before, &after)
            .record(&mut tx)
            .await?;
        tx.commit().await?;
        Ok(Ok(after))
    }
}

async fn location_names(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    firm_id: &str,
    except: Option<&str>,
) -> Result<Vec<String>, StoreError> {
    let mut sql = Sql::new("SELECT id, name FROM firm_locations WHERE firm_id = ");
    sql.bind(Arg::Text(firm_id.to_owned()));
    let rows = sql.query().fetch_all(&mut **tx).await?;
    let mut names = Vec::new();
    for row in &rows {
        let id: String = row.try_get("id")?;
        if Some(id.as_str()) != except {
            names.push(row.try_get("name")?);
        }
    }
    Ok(names)
}

async fn read_delegation(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    id: &str,
) -> Result<Option<StoredDelegation>, StoreError> {
    let mut sql = Sql::new(
        "SELECT d.id, d.adviser_id, a.name AS delegate_name, d.acts_for, \
         p.name AS principal_name, d.valid_from, d.valid_until, d.ended_on \
         FROM adviser_delegations d JOIN advisers a ON a.id = d.adviser_id \
         JOIN advisers p ON p.id = d.acts_for WHERE d.id = ",
    );
    sql.bind(Arg::Text(id.to_owned()));
    sql.query()
        .fetch_optional(&mut **tx)
        .await?
        .as_ref()
        .map(stored_delegation)
        .transpose()
}

fn stored_delegation(row: &sqlx::any::AnyRow) -> Result<StoredDelegation, StoreError> {
    let id: String = row.try_get("id")?;
    let adviser = |column: &str| -> Result<AdviserId, StoreError> {
        let text: String = row.try_get(column)?;
        AdviserId::parse(&text).ok_or_else(|| StoreError::Corrupt(format!("delegation {id}")))
    };
    Ok(StoredDelegation {
        delegate: adviser("adviser_id")?,
        delegate_name: row.try_get("delegate_name")?,
        principal: adviser("acts_for")?,
        principal_name: row.try_get("principal_name")?,
        period: delegation_period(row)?,
        id,
    })
}

fn delegation_json(delegation: &StoredDelegation) -> String {
    serde_json::json!({
        "id": delegation.id,
        "delegateId": delegation.delegate.as_str(),
        "delegateName": delegation.delegate_name,
        "principalId": delegation.principal.as_str(),
        "principalName": delegation.principal_name,
        "from": delegation.period.from,
        "until": delegation.period.until,
        "endedOn": delegation.period.ended_on,
    })
    .to_string()
}

fn location_json(location: &LocationRecord) -> String {
    serde_json::json!({ "id": location.id, "name": location.name }).to_string()
}

fn change_record(row: &sqlx::any::AnyRow) -> Result<ChangeRecord, StoreError> {
    let id: String = row.try_get("id")?;
    let corrupt = |what: &str| StoreError::Corrupt(format!("{what} of change {id}"));
    let at: String = row.try_get("changed_at")?;
    let kind: String = row.try_get("kind")?;
    let value = |column: &str| -> Result<Option<Value>, StoreError> {
        row.try_get::<Option<String>, _>(column)?
            .map(|text| serde_json::from_str(&text).map_err(|_| corrupt(column)))
            .transpose()
    };
    Ok(ChangeRecord {
        changed_at: parse_timestamp(&at).ok_or_else(|| corrupt("time"))?,
        actor: Actor {
            subject: row.try_get("actor_subject")?,
            name: row.try_get("actor_name")?,
        },
        adviser_id: row.try_get("adviser_id")?,
        other_adviser_id: row.try_get("other_adviser_id")?,
        firm_id: row.try_get("firm_id")?,
        kind: ChangeKind::parse(&kind).ok_or_else(|| corrupt("kind"))?,
        before: value("before_value")?,
        after: value("after_value")?,
        id,
    })
}

/// A stored document of a case, without its content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentListing {
    pub id: String,
    pub kind: String,
    pub file_name: String,
    pub application_version: u64,
    pub created_at: DateTime<Utc>,
}

impl Store {
    /// Every document stored for the application, newest first, without their content.
    pub async fn application_documents(
        &self,
        application_id: ApplicationId,
    ) -> Result<Vec<DocumentListing>, StoreError> {
        let mut sql = Sql::new(
            "SELECT id, kind, file_name, application_version, created_at FROM documents \
             WHERE application_id = ",
        );
        sql.bind(Arg::Int(application_id.get()))
            .push(" ORDER BY created_at DESC, id");
        let rows = sql.query().fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| {
                let id: String = row.try_get("id")?;
                let at: String = row.try_get("created_at")?;
                let version: i64 = row.try_get("application_version")?;
                let corrupt = || StoreError::Corrupt(format!("document {id}"));
                Ok(DocumentListing {
                    kind: row.try_get("kind")?,
                    file_name: row.try_get("file_name")?,
                    application_version: u64::try_from(version).map_err(|_| corrupt())?,
                    created_at: parse_timestamp(&at).ok_or_else(corrupt)?,
                    id,
                })
            })
            .collect()
    }
}
