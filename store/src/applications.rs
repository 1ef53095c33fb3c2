//! The application read model: one row per application holding the full document its
//! workflow last wrote, plus the columns the dashboard searches and sorts on.

use crate::sealed::{Column, Field};
use crate::search::{Listing, SearchQuery};
use crate::sql::{Arg, Sql, parse_timestamp, timestamp};
use crate::{Store, StoreError};
use chrono::{DateTime, Utc};
use domain::dashboard::{ApplicationSearchResults, ApplicationSummary, total_pages};
use domain::{AdviserId, ApplicantId, Application, ApplicationId, ApplicationStage, UxSettings};
use sqlx::Row;

/// An application's owner and the owner's settings.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseOwner {
    pub application_id: ApplicationId,
    pub adviser_id: AdviserId,
    /// The owner's flags; the defaults when the owner is no longer registered.
    pub settings: UxSettings,
}

const CASE_OWNER: &str = "SELECT a.id, a.adviser_id, v.ux_settings FROM applications a \
     LEFT JOIN advisers v ON v.id = a.adviser_id WHERE ";

fn case_owner(row: Option<sqlx::any::AnyRow>) -> Result<Option<CaseOwner>, StoreError> {
    let Some(row) = row else {
        return Ok(None);
    };
    let id: i64 = row.try_get("id")?;
    let application_id = ApplicationId::new(id)
        .ok_or_else(|| StoreError::Corrupt(format!("application id {id}")))?;
    let adviser: String = row.try_get("adviser_id")?;
    let adviser_id = AdviserId::parse(&adviser)
        .ok_or_else(|| StoreError::Corrupt(format!("adviser id of application {id}")))?;
    let settings: Option<String> = row.try_get("ux_settings")?;
    let settings = match settings {
        Some(json) => serde_json::from_str(&json)
            .map_err(|e| StoreError::Corrupt(format!("settings of adviser {adviser}: {e}")))?,
        None => UxSettings::default(),
    };
    Ok(Some(CaseOwner {
        application_id,
        adviser_id,
        settings,
    }))
}

/// A reference allocated for a creation sent with an `Idempotency-Key`.
#[derive(Debug, Clone, PartialEq)]
pub struct Allocation {
    pub id: ApplicationId,
    /// The adviser the application was first created for.
    pub owner: AdviserId,
    /// Whether this request allocated it (false: an earlier request with the key did).
    pub fresh: bool,
}

impl Store {
    /// Takes the next application reference from the sequence.
    pub async fn allocate_application_id(
        &self,
        at: DateTime<Utc>,
    ) -> Result<ApplicationId, StoreError> {
        let row = Sql::new("INSERT INTO application_ids (allocated_at) VALUES ")
            .push("(")
            .bind(Arg::Text(timestamp(at)))
            .push(") RETURNING id")
            .query()
            .fetch_one(&self.writer)
            .await?;
        let id: i64 = row.try_get("id")?;
        ApplicationId::new(id).ok_or_else(|| StoreError::Corrupt(format!("application id {id}")))
    }

    /// The reference for a creation sent with an `Idempotency-Key`: a new one the first time
    /// `requested_by` sends `key`, the same one each time after, with the owner it was first
    /// allocated for (the caller refuses a key reused for another owner).
    pub async fn allocate_application_id_once(
        &self,
        at: DateTime<Utc>,
        requested_by: &str,
        key: &str,
        owner: &AdviserId,
    ) -> Result<Allocation, StoreError> {
        let inserted = Sql::new(
            "INSERT INTO application_ids (allocated_at, requested_by, idempotency_key, owner_id) \
             VALUES (",
        )
        .bind(Arg::Text(timestamp(at)))
        .push(", ")
        .bind(Arg::Text(requested_by.to_owned()))
        .push(", ")
        .bind(Arg::Text(key.to_owned()))
        .push(", ")
        .bind(Arg::Text(owner.to_string()))
        .push(") ON CONFLICT (requested_by, idempotency_key) DO NOTHING RETURNING id, owner_id")
        .query()
        .fetch_optional(&self.writer)
        .await?;
        let (row, fresh) = match inserted {
            Some(row) => (row, true),
            None => {
                let row =
                    Sql::new("SELECT id, owner_id FROM application_ids WHERE requested_by = ")
                        .bind(Arg::Text(requested_by.to_owned()))
                        .push(" AND idempotency_key = ")
                        .bind(Arg::Text(key.to_owned()))
                        .query()
                        .fetch_one(&self.pool)
                        .await?;
                (row, false)
            }
        };
        let id: i64 = row.try_get("id")?;
        let owner: String = row.try_get("owner_id")?;
        let corrupt = || StoreError::Corrupt(format!("application id {id}"));
        Ok(Allocation {
            id: ApplicationId::new(id).ok_or_else(corrupt)?,
            owner: AdviserId::parse(&owner).ok_or_else(corrupt)?,
            fresh,
        })
    }

    /// Stores `application` unless a newer version, or this very document, is already stored, so
    /// replays and out-of-order deliveries of the projection are harmless. The same version with
    /// other content replaces what is stored: a worker that died after saving but before its
    /// workflow task completed left a change Temporal never recorded, and the change that
    /// really took that version must win. Returns whether it was written.
    pub async fn save_application(&self, application: &Application) -> Result<bool, StoreError> {
        self.write_application(application, Overwrite::OlderOrOther)
            .await
    }

    /// Puts back what the workflow holds (`truth`, from a query of it) over `unrecorded`, a
    /// newer version the read model shows that Temporal never recorded: its workflow task was
    /// lost with the Temporal server that was running it, after the save. Only while the row
    /// is still exactly `unrecorded`: a change the workflow saved meanwhile stays. Returns
    /// whether it was put back.
    pub async fn put_back_unrecorded_application(
        &self,
        truth: &Application,
        unrecorded: &Application,
    ) -> Result<bool, StoreError> {
        let plain = serde_json::to_string(unrecorded)
            .map_err(|e| StoreError::Corrupt(format!("application {}: {e}", unrecorded.id)))?;
        let version = i64::try_from(unrecorded.version)
            .map_err(|_| StoreError::Corrupt(format!("version {}", unrecorded.version)))?;
        self.write_application(
            truth,
            Overwrite::Unrecorded {
                version,
                digest: digest(&plain),
            },
        )
        .await
    }

    async fn write_application(
        &self,
        application: &Application,
        overwrite: Overwrite,
    ) -> Result<bool, StoreError> {
        let plain = serde_json::to_string(application)
            .map_err(|e| StoreError::Corrupt(format!("application {}: {e}", application.id)))?;
        let digest = digest(&plain);
        let row = application.id.to_string();
        let document = self.sealer.seal_text(&plain, document_field(&row))?;
        let version = i64::try_from(application.version)
            .map_err(|_| StoreError::Corrupt(format!("version {}", application.version)))?;
        let client_names = application.client_names();
        let search_text = search_text(application, &client_names);
        let workbench = crate::workbench::Columns::of(application, &self.sealer)?;
        let mut tx = self.begin_write().await?;
        let mut upsert = Sql::new(
            "INSERT INTO applications (id, adviser_id, firm_id, version, stage, client_names, \
             search_text, third_party_ref, document, created_at, updated_at, referred_at, \
             claimed_by, claimed_by_name, evidence_due, evidence_overdue, workbench, \
             latest_update_at, firm_location_id, proceeded_at, document_digest) VALUES (",
        );
        upsert
            .bind(Arg::Int(application.id.get()))
            .push(", ")
            .bind(Arg::Text(application.adviser_id.to_string()))
            .push(", ")
            .bind(Arg::OptText(application.firm_id.clone()))
            .push(", ")
            .bind(Arg::Int(version))
            .push(", ")
            .bind(Arg::Text(application.status.code().to_owned()))
            .push(", ")
            .bind(Arg::Text(client_names))
            .push(", ")
            .bind(Arg::Text(search_text))
            .push(", ")
            .bind(Arg::OptText(
                application.apply_stage.third_party_ref.clone(),
            ))
            .push(", ")
            .bind(Arg::Text(document))
            .push(", ")
            .bind(Arg::Text(timestamp(application.created_at)))
            .push(", ")
            .bind(Arg::Text(timestamp(application.updated_at)));
        workbench.bind(&mut upsert);
        upsert.push(", ").bind(Arg::OptText(
            application.adviser_at_firm_location_id.clone(),
        ));
        upsert
            .push(", ")
            .bind(Arg::OptText(
                application.decision.proceeded_at.map(timestamp),
            ))
            .push(", ")
            .bind(Arg::Text(digest));
        upsert.push(
            ") ON CONFLICT (id) DO UPDATE SET adviser_id = excluded.adviser_id, \
                 firm_id = excluded.firm_id, version = excluded.version, stage = excluded.stage, \
                 client_names = excluded.client_names, search_text = excluded.search_text, \
                 third_party_ref = excluded.third_party_ref, document = excluded.document, \
                 updated_at = excluded.updated_at, referred_at = excluded.referred_at, \
                 claimed_by = excluded.claimed_by, claimed_by_name = excluded.claimed_by_name, \
                 evidence_due = excluded.evidence_due, \
                 evidence_overdue = excluded.evidence_overdue, workbench = excluded.workbench, \
                 latest_update_at = excluded.latest_update_at, \
                 firm_location_id = excluded.firm_location_id, \
                 proceeded_at = excluded.proceeded_at, \
                 document_digest = excluded.document_digest",
        );
        match overwrite {
            Overwrite::OlderOrOther => upsert.push(
                " WHERE applications.version < excluded.version \
                 OR (applications.version = excluded.version \
                     AND (applications.document_digest IS NULL \
                          OR applications.document_digest <> excluded.document_digest))",
            ),
            Overwrite::Unrecorded { version, digest } => upsert
                .push(" WHERE applications.version = ")
                .bind(Arg::Int(version))
                .push(" AND applications.document_digest = ")
                .bind(Arg::Text(digest)),
        };
        let written = upsert.query().execute(&mut *tx).await?.rows_affected() == 1;
        if written {
            let mut clear = Sql::new("DELETE FROM applicants WHERE application_id = ");
            clear.bind(Arg::Int(application.id.get()));
            clear.query().execute(&mut *tx).await?;
            for applicant in &application.applicants {
                let mut insert =
                    Sql::new("INSERT INTO applicants (id, application_id, same_client) VALUES (");
                insert
                    .bind(Arg::Text(applicant.id.to_string()))
                    .push(", ")
                    .bind(Arg::Int(application.id.get()))
                    .push(", ")
                    .bind(Arg::Text(crate::client_accounts::same_client(applicant)))
                    .push(")");
                insert.query().execute(&mut *tx).await?;
            }
            crate::policies::save_policies(&mut tx, application).await?;
        }
        tx.commit().await?;
        Ok(written)
    }

    /// The application as last projected, or `None` when there is no such application.
    pub async fn find_application(
        &self,
        id: ApplicationId,
    ) -> Result<Option<Application>, StoreError> {
        let mut sql = Sql::new("SELECT document FROM applications WHERE id = ");
        sql.bind(Arg::Int(id.get()));
        let Some(row) = sql.query().fetch_optional(&self.pool).await? else {
            return Ok(None);
        };
        let document: String = row.try_get("document")?;
        self.open_application(id.get(), document).map(Some)
    }

    /// A stored `applications.document` opened and read: sealed, or plain from before sealing.
    pub(crate) fn open_application(
        &self,
        id: i64,
        document: String,
    ) -> Result<Application, StoreError> {
        let row = id.to_string();
        let plain = self.sealer.open_text(document, document_field(&row))?;
        serde_json::from_str(&plain)
            .map_err(|e| StoreError::Corrupt(format!("application {id}: {e}")))
    }

    /// Fills a column a migration added to rows saved before it, from their applications: opens
    /// each application whose id `pending` (a subquery of ids) names and runs the updates `fill`
    /// makes from it. One way for every such backfill, run at start-up by [`Store::migrate`].
    pub(crate) async fn backfill(
        &self,
        pending: &'static str,
        fill: impl Fn(&Application, &mut Vec<Sql>) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let rows = Sql::new(&format!(
            "SELECT id, document FROM applications WHERE id IN ({pending})"
        ))
        .query()
        .fetch_all(&self.pool)
        .await?;
        for row in rows {
            let id: i64 = row.try_get("id")?;
            let application = self.open_application(id, row.try_get("document")?)?;
            let mut updates = Vec::new();
            fill(&application, &mut updates)?;
            for update in &mut updates {
                update.query().execute(&self.writer).await?;
            }
        }
        Ok(())
    }

    /// Who owns an application, with the owner's per-adviser settings: everything an access check
    /// and a command need, in one round trip, without reading the document.
    pub async fn case_owner(&self, id: ApplicationId) -> Result<Option<CaseOwner>, StoreError> {
        let mut sql = Sql::new(CASE_OWNER);
        sql.push("a.id = ").bind(Arg::Int(id.get()));
        case_owner(sql.query().fetch_optional(&self.pool).await?)
    }

    /// [`Store::case_owner`] of the application an applicant belongs to.
    pub async fn case_owner_of_applicant(
        &self,
        applicant: &ApplicantId,
    ) -> Result<Option<CaseOwner>, StoreError> {
        let mut sql = Sql::new(CASE_OWNER);
        sql.push("a.id = (SELECT application_id FROM applicants WHERE id = ")
            .bind(Arg::Text(applicant.to_string()))
            .push(")");
        case_owner(sql.query().fetch_optional(&self.pool).await?)
    }

    /// One page of the dashboard's In Progress list, newest change first: the stages asked for,
    /// or, when none is, every case not yet in force (`ApplicationStage::IN_PROGRESS`).
    pub async fn search_applications(
        &self,
        query: &SearchQuery<ApplicationStage>,
        reader: &str,
    ) -> Result<ApplicationSearchResults, StoreError> {
        // No stage chosen: the In Progress tab, every case whose policies are not yet issued
        // (a case issued to start later waits at Decision, but is found under Policyholders).
        let in_progress;
        let (query, listing) = match query.filters.is_empty() {
            true => {
                in_progress = SearchQuery {
                    filters: ApplicationStage::IN_PROGRESS.to_vec(),
                    ..query.clone()
                };
                (&in_progress, &IN_PROGRESS)
            }
            false => (query, &APPLICATIONS),
        };
        let mut select = Sql::new(
            "SELECT a.id, a.adviser_id, v.name AS adviser_name, a.firm_location_id, \
             l.name AS firm_location_name, f.name AS firm_name, a.stage, a.client_names, \
             a.third_party_ref, a.created_at, a.updated_at, \
             CAST(CASE WHEN EXISTS (SELECT 1 FROM policies p WHERE p.application_id = a.id) \
             THEN 1 ELSE 0 END AS BIGINT) AS active, \
             CAST(CASE WHEN a.proceeded_at IS NOT NULL THEN 1 ELSE 0 END AS BIGINT) AS proceeded, \
             CAST(CASE WHEN a.latest_update_at > COALESCE((SELECT r.seen_up_to \
             FROM underwriting_update_reads r WHERE r.application_id = a.id AND r.reader_id = ",
        );
        select.bind(Arg::Text(reader.to_owned())).push(
            "), '') THEN 1 ELSE 0 END AS BIGINT) AS new_update \
             FROM applications a LEFT JOIN advisers v ON v.id = a.adviser_id \
             LEFT JOIN firm_locations l ON l.id = a.firm_location_id \
             LEFT JOIN firms f ON f.id = a.firm_id",
        );
        let found = self.search(query, listing, select, summary).await?;
        Ok(ApplicationSearchResults {
            results: found.rows,
            current_page: found.page,
            total_pages: total_pages(found.total),
            total_record_count: found.total,
        })
    }
}

/// The In Progress tab's listing: applications, kept by stage, most recently changed first.
const APPLICATIONS: Listing = Listing {
    from: "applications a",
    alias: "a",
    index: "applications_search",
    filter_column: "stage",
    condition: None,
    order_by: "a.updated_at DESC, a.id DESC",
};

/// The In Progress tab's default listing: the cases not yet issued (AJ10).
const IN_PROGRESS: Listing = Listing {
    condition: Some("NOT EXISTS (SELECT 1 FROM policies p WHERE p.application_id = a.id)"),
    ..APPLICATIONS
};

fn summary(row: &sqlx::any::AnyRow) -> Result<ApplicationSummary, StoreError> {
    let id: i64 = row.try_get("id")?;
    let corrupt = |what: &str| StoreError::Corrupt(format!("{what} of application {id}"));
    let stage_code: String = row.try_get("stage")?;
    let stage = ApplicationStage::parse(&stage_code).ok_or_else(|| corrupt("stage"))?;
    let adviser: String = row.try_get("adviser_id")?;
    let created: String = row.try_get("created_at")?;
    let updated: String = row.try_get("updated_at")?;
    Ok(ApplicationSummary {
        id: ApplicationId::new(id).ok_or_else(|| corrupt("id"))?,
        adviser_id: AdviserId::parse(&adviser).ok_or_else(|| corrupt("adviser"))?,
        adviser_name: row.try_get("adviser_name")?,
        adviser_at_firm_location_id: row.try_get("firm_location_id")?,
        firm_location_name: row.try_get("firm_location_name")?,
        firm_name: row.try_get("firm_name")?,
        status: stage,
        application_status: stage
            .progress_label(
                row.try_get::<i64, _>("proceeded")? != 0,
                row.try_get::<i64, _>("active")? != 0,
            )
            .to_owned(),
        client_names: row.try_get("client_names")?,
        third_party_ref: row.try_get("third_party_ref")?,
        created_at: parse_timestamp(&created).ok_or_else(|| corrupt("created_at"))?,
        updated_at: parse_timestamp(&updated).ok_or_else(|| corrupt("updated_at"))?,
        active: row.try_get::<i64, _>("active")? != 0,
        has_new_underwriting_update: row.try_get::<i64, _>("new_update")? != 0,
    })
}

/// The text search words are matched against: reference, client names and own reference.
fn search_text(application: &Application, client_names: &str) -> String {
    let mut text = format!("{} {}", application.id, client_names);
    if let Some(reference) = &application.apply_stage.third_party_ref {
        text.push(' ');
        text.push_str(reference);
    }
    text.to_lowercase()
}

/// Where a case's document is sealed: its column and the case's id.
fn document_field(id: &str) -> Field<'_> {
    Field {
        column: Column::ApplicationDocument,
        row: id,
    }
}

/// The SHA-256 of a plain document, in hex: equal documents have equal digests, and nothing of
/// the document can be read back from it (each holds its own ids and times to the microsecond).
/// Which stored row a write replaces.
enum Overwrite {
    /// An older version, or the same version with other content (see `save_application`).
    OlderOrOther,
    /// Exactly this version and content, whatever the new version.
    Unrecorded { version: i64, digest: String },
}

pub(crate) fn digest(plain: &str) -> String {
    ring::digest::digest(&ring::digest::SHA256, plain.as_bytes())
        .as_ref()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}
