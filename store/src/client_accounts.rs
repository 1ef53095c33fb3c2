//! Client-portal accounts and the applicants they have confirmed as themselves (migration 0018).
//! A link is the only thing that lets a client see a case: every client read starts here.

use crate::attempts::AttemptKind;
use crate::sql::{Arg, Sql, parse_timestamp, timestamp};
use crate::{Store, StoreError};
use chrono::{DateTime, Utc};
use domain::{AdviserId, ApplicantId, ApplicationId};
use sqlx::Row;

/// One applicant a client account has confirmed as themselves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientLink {
    pub application_id: ApplicationId,
    pub applicant_id: ApplicantId,
    pub linked_at: DateTime<Utc>,
}

/// What linking an applicant to a client account did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkOutcome {
    /// The applicant is now linked to this account.
    Linked(ClientLink),
    /// This account had already linked the applicant; nothing changed.
    AlreadyYours(ClientLink),
    /// Another account holds the applicant; nothing changed.
    HeldByAnother,
}

impl Store {
    /// The applicants `subject` has confirmed, oldest first (may be none).
    pub async fn client_links(&self, subject: &AdviserId) -> Result<Vec<ClientLink>, StoreError> {
        let mut sql = Sql::new(
            "SELECT application_id, applicant_id, linked_at FROM client_links WHERE client_subject = ",
        );
        sql.bind(Arg::Text(subject.to_string()))
            .push(" ORDER BY linked_at, applicant_id");
        let rows = sql.query().fetch_all(&self.pool).await?;
        rows.iter().map(read_link).collect()
    }

    /// Links `applicant` (of `application`) to the client account `subject`, unless another
    /// account already holds it. Safe to repeat.
    pub async fn link_client(
        &self,
        subject: &AdviserId,
        application: ApplicationId,
        applicant: &ApplicantId,
        at: DateTime<Utc>,
    ) -> Result<LinkOutcome, StoreError> {
        let mut tx = self.begin_write().await?;
        let mut find = Sql::new(
            "SELECT client_subject, application_id, applicant_id, linked_at FROM client_links WHERE applicant_id = ",
        );
        find.bind(Arg::Text(applicant.to_string()));
        if let Some(row) = find.query().fetch_optional(&mut *tx).await? {
            let holder: String = row.try_get("client_subject")?;
            let link = read_link(&row)?;
            tx.commit().await?;
            return Ok(if holder == subject.as_str() {
                LinkOutcome::AlreadyYours(link)
            } else {
                LinkOutcome::HeldByAnother
            });
        }
        let mut insert = Sql::new(
            "INSERT INTO client_links (client_subject, application_id, applicant_id, linked_at) VALUES (",
        );
        insert
            .bind(Arg::Text(subject.to_string()))
            .push(", ")
            .bind(Arg::Int(application.get()))
            .push(", ")
            .bind(Arg::Text(applicant.to_string()))
            .push(", ")
            .bind(Arg::Text(timestamp(at)))
            .push(")");
        insert.query().execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(LinkOutcome::Linked(ClientLink {
            application_id: application,
            applicant_id: applicant.clone(),
            linked_at: at,
        }))
    }
}

/// An applicant's stored [`domain::client_portal::same_client_key`]: its digest, or '' without one.
pub(crate) fn same_client(applicant: &domain::applicant::Applicant) -> String {
    domain::client_portal::same_client_key(applicant)
        .map(|key| crate::applications::digest(&format!("same-client|{key}")))
        .unwrap_or_default()
}

impl Store {
    /// The applicants no account holds yet who are the same client (same recorded email and date
    /// of birth) as one `subject` holds: cases an adviser started since for a client already in
    /// the portal. The caller checks each against the account's own email before linking it.
    pub async fn same_client_unlinked(
        &self,
        subject: &AdviserId,
    ) -> Result<Vec<(ApplicationId, ApplicantId)>, StoreError> {
        let mut sql = Sql::new(
            "SELECT a.id, a.application_id FROM applicants a WHERE a.same_client <> '' \
             AND a.same_client IN (SELECT mine.same_client FROM applicants mine \
               JOIN client_links l ON l.applicant_id = mine.id WHERE l.client_subject = ",
        );
        sql.bind(Arg::Text(subject.to_string())).push(
            ") AND NOT EXISTS (SELECT 1 FROM client_links taken WHERE taken.applicant_id = a.id) \
             ORDER BY a.application_id, a.id",
        );
        let rows = sql.query().fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| {
                let id: String = row.try_get("id")?;
                let application: i64 = row.try_get("application_id")?;
                let corrupt = || StoreError::Corrupt(format!("applicant {id}"));
                Ok((
                    ApplicationId::new(application).ok_or_else(corrupt)?,
                    ApplicantId::parse(&id).ok_or_else(corrupt)?,
                ))
            })
            .collect()
    }

    /// Fills the same-client keys of applicants saved before the column existed (migration
    /// 0026) from each one's application; every applicant saved since has one ('' for none).
    pub(crate) async fn fill_same_client_keys(&self) -> Result<(), StoreError> {
        self.backfill(
            "SELECT application_id FROM applicants WHERE same_client IS NULL",
            |application, updates| {
                for applicant in &application.applicants {
                    let mut update = Sql::new("UPDATE applicants SET same_client = ");
                    update
                        .bind(Arg::Text(same_client(applicant)))
                        .push(" WHERE id = ")
                        .bind(Arg::Text(applicant.id.to_string()))
                        .push(" AND same_client IS NULL");
                    updates.push(update);
                }
                Ok(())
            },
        )
        .await
    }
}

/// A client account made on the development identity provider's sign-up page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DevAccount {
    pub subject: String,
    pub email: String,
    pub name: String,
    /// The password's key-derivation output with its parameters; never the password.
    pub password_hash: String,
    pub roles: Vec<String>,
}

impl Store {
    /// Records a failed "Confirm your details" attempt by `subject` (the one counter: [`crate::attempts`]).
    pub async fn record_failed_link(
        &self,
        subject: &AdviserId,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        self.record_failed_attempt(AttemptKind::ClientLink, subject.as_str(), at)
            .await
    }

    /// How many failed attempts `subject` has made since `since`.
    pub async fn failed_links_since(
        &self,
        subject: &AdviserId,
        since: DateTime<Utc>,
    ) -> Result<usize, StoreError> {
        self.failed_attempts_since(AttemptKind::ClientLink, subject.as_str(), since)
            .await
    }

    /// The application and policyholder of the policy with this number.
    pub async fn policy_by_reference(
        &self,
        reference: &str,
    ) -> Result<Option<(ApplicationId, ApplicantId)>, StoreError> {
        let mut sql = Sql::new(
            "SELECT application_id, policy_holder_id FROM policies WHERE policy_reference = ",
        );
        sql.bind(Arg::Text(reference.to_owned()));
        let Some(row) = sql.query().fetch_optional(&self.pool).await? else {
            return Ok(None);
        };
        let id: i64 = row.try_get("application_id")?;
        let holder: String = row.try_get("policy_holder_id")?;
        let corrupt = || StoreError::Corrupt(format!("policy {reference}"));
        Ok(Some((
            ApplicationId::new(id).ok_or_else(corrupt)?,
            ApplicantId::parse(&holder).ok_or_else(corrupt)?,
        )))
    }

    /// Saves a new development sign-up account; `false` when the email (any case) is taken.
    pub async fn create_dev_account(
        &self,
        account: &DevAccount,
        at: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let roles = serde_json::to_string(&account.roles)
            .map_err(|e| StoreError::Corrupt(format!("roles of {}: {e}", account.subject)))?;
        let mut sql = Sql::new(
            "INSERT INTO dev_idp_accounts (subject, email, name, password_hash, roles, created_at) VALUES (",
        );
        sql.bind(Arg::Text(account.subject.clone()))
            .push(", ")
            .bind(Arg::Text(account.email.trim().to_lowercase()))
            .push(", ")
            .bind(Arg::Text(account.name.clone()))
            .push(", ")
            .bind(Arg::Text(account.password_hash.clone()))
            .push(", ")
            .bind(Arg::Text(roles))
            .push(", ")
            .bind(Arg::Text(timestamp(at)))
            .push(") ON CONFLICT (email) DO NOTHING");
        let done = sql.query().execute(&self.writer).await?;
        Ok(done.rows_affected() == 1)
    }

    /// The development sign-up account with this email (any case).
    pub async fn dev_account_by_email(
        &self,
        email: &str,
    ) -> Result<Option<DevAccount>, StoreError> {
        let mut sql = Sql::new(DEV_ACCOUNT);
        sql.push("email = ")
            .bind(Arg::Text(email.trim().to_lowercase()));
        sql.query()
            .fetch_optional(&self.pool)
            .await?
            .map(|row| read_account(&row))
            .transpose()
    }

    /// The development sign-up account with this subject.
    pub async fn dev_account_by_subject(
        &self,
        subject: &str,
    ) -> Result<Option<DevAccount>, StoreError> {
        let mut sql = Sql::new(DEV_ACCOUNT);
        sql.push("subject = ").bind(Arg::Text(subject.to_owned()));
        sql.query()
            .fetch_optional(&self.pool)
            .await?
            .map(|row| read_account(&row))
            .transpose()
    }
}

const DEV_ACCOUNT: &str =
    "SELECT subject, email, name, password_hash, roles FROM dev_idp_accounts WHERE ";

fn read_account(row: &sqlx::any::AnyRow) -> Result<DevAccount, StoreError> {
    let subject: String = row.try_get("subject")?;
    let roles: String = row.try_get("roles")?;
    Ok(DevAccount {
        roles: serde_json::from_str(&roles)
            .map_err(|e| StoreError::Corrupt(format!("roles of {subject}: {e}")))?,
        email: row.try_get("email")?,
        name: row.try_get("name")?,
        password_hash: row.try_get("password_hash")?,
        subject,
    })
}

fn read_link(row: &sqlx::any::AnyRow) -> Result<ClientLink, StoreError> {
    let application: i64 = row.try_get("application_id")?;
    let applicant: String = row.try_get("applicant_id")?;
    let linked_at: String = row.try_get("linked_at")?;
    Ok(ClientLink {
        application_id: ApplicationId::new(application).ok_or_else(|| {
            StoreError::Corrupt(format!("client link to application {application}"))
        })?,
        applicant_id: ApplicantId::parse(&applicant)
            .ok_or_else(|| StoreError::Corrupt(format!("client link to applicant {applicant}")))?,
        linked_at: parse_timestamp(&linked_at)
            .ok_or_else(|| StoreError::Corrupt(format!("client link time {linked_at}")))?,
    })
}
