//! Policies in force, for the Policyholders tab (§2, §7 `policy/search`): one row per policy
//! holder, written in the same transaction as the application's read model, so a policy is
//! listed exactly when its application says it is in force.

use crate::search::{Listing, SearchQuery};
use crate::sql::{Arg, Sql, parse_timestamp, timestamp};
use crate::{Store, StoreError};
use domain::dashboard::{PolicySearchResults, PolicySummary, total_pages};
use domain::money::Money;
use domain::policy::PolicyStatus;
use domain::{AdviserId, ApplicantId, Application, ApplicationId};
use sqlx::Row;

/// Writes the application's policies (inside the read model's transaction).
pub(crate) async fn save_policies(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    application: &Application,
) -> Result<(), StoreError> {
    for policy in &application.set_up.policies {
        let premium = i64::try_from(policy.monthly_premium.pence())
            .map_err(|_| StoreError::Corrupt(format!("premium of {}", policy.policy_reference)))?;
        let search = format!(
            "{} {} {}",
            policy.policy_reference, application.id, policy.holder_name
        )
        .to_lowercase();
        let products = product_types_json(application, &policy.applicant_id)?;
        let mut upsert = Sql::new(
            "INSERT INTO policies (policy_holder_id, policy_reference, application_id, adviser_id, \
             holder_name, search_text, status, starts_on, monthly_premium_pence, issued_at, \
             product_types) VALUES (",
        );
        upsert
            .bind(Arg::Text(policy.applicant_id.to_string()))
            .push(", ")
            .bind(Arg::Text(policy.policy_reference.clone()))
            .push(", ")
            .bind(Arg::Int(application.id.get()))
            .push(", ")
            .bind(Arg::Text(application.adviser_id.to_string()))
            .push(", ")
            .bind(Arg::Text(policy.holder_name.clone()))
            .push(", ")
            .bind(Arg::Text(search))
            .push(", ")
            .bind(Arg::Text(policy.status.code().to_owned()))
            .push(", ")
            .bind(Arg::Text(policy.starts_on.to_string()))
            .push(", ")
            .bind(Arg::Int(premium))
            .push(", ")
            .bind(Arg::Text(timestamp(policy.issued_at)))
            .push(", ")
            .bind(Arg::Text(products))
            .push(
                ") ON CONFLICT (policy_holder_id) DO UPDATE SET adviser_id = excluded.adviser_id, \
                 holder_name = excluded.holder_name, search_text = excluded.search_text, \
                 status = excluded.status, starts_on = excluded.starts_on, \
                 monthly_premium_pence = excluded.monthly_premium_pence, \
                 product_types = excluded.product_types",
            );
        upsert.query().execute(&mut **tx).await?;
    }
    Ok(())
}

/// The products a client's policy holds, as the `product_types` column keeps them.
fn product_types_json(
    application: &Application,
    holder: &ApplicantId,
) -> Result<String, StoreError> {
    serde_json::to_string(&application.policy_products(holder))
        .map_err(|e| StoreError::Corrupt(format!("the products of {holder}: {e}")))
}

impl Store {
    /// One page of the Policyholders tab, most recently issued first.
    pub async fn search_policies(
        &self,
        query: &SearchQuery<PolicyStatus>,
    ) -> Result<PolicySearchResults, StoreError> {
        let select = Sql::new(
            "SELECT p.policy_holder_id, p.policy_reference, p.application_id, p.adviser_id, \
             v.name AS adviser_name, f.name AS firm_name, p.holder_name, p.status, p.starts_on, \
             p.monthly_premium_pence, p.issued_at, p.product_types \
             FROM policies p LEFT JOIN advisers v ON v.id = p.adviser_id \
             LEFT JOIN applications a ON a.id = p.application_id \
             LEFT JOIN firms f ON f.id = a.firm_id",
        );
        let found = self.search(query, &POLICIES, select, summary).await?;
        Ok(PolicySearchResults {
            policy_details: found.rows,
            current_page: found.page,
            total_pages: total_pages(found.total),
            total_record_count: found.total,
        })
    }

    /// Fills the products of policies saved before the column existed (migration 0010), from
    /// each one's application; a policy saved since has them already.
    pub(crate) async fn fill_policy_products(&self) -> Result<(), StoreError> {
        self.backfill(
            "SELECT application_id FROM policies WHERE product_types IS NULL",
            |application, updates| {
                for policy in &application.set_up.policies {
                    let mut update = Sql::new("UPDATE policies SET product_types = ");
                    update
                        .bind(Arg::Text(product_types_json(
                            application,
                            &policy.applicant_id,
                        )?))
                        .push(" WHERE policy_holder_id = ")
                        .bind(Arg::Text(policy.applicant_id.to_string()));
                    updates.push(update);
                }
                Ok(())
            },
        )
        .await
    }

    /// The application a policy holder's policy belongs to, and its adviser.
    pub async fn policy_owner(
        &self,
        policy_holder: &ApplicantId,
    ) -> Result<Option<(ApplicationId, AdviserId)>, StoreError> {
        let mut sql =
            Sql::new("SELECT application_id, adviser_id FROM policies WHERE policy_holder_id = ");
        sql.bind(Arg::Text(policy_holder.to_string()));
        let Some(row) = sql.query().fetch_optional(&self.pool).await? else {
            return Ok(None);
        };
        let id: i64 = row.try_get("application_id")?;
        let adviser: String = row.try_get("adviser_id")?;
        let corrupt = || StoreError::Corrupt(format!("policy of {policy_holder}"));
        Ok(Some((
            ApplicationId::new(id).ok_or_else(corrupt)?,
            AdviserId::parse(&adviser).ok_or_else(corrupt)?,
        )))
    }
}

/// The Policyholders tab's listing: policies, kept by status, most recently issued first.
const POLICIES: Listing = Listing {
    from: "policies p",
    alias: "p",
    index: "policies_search",
    filter_column: "status",
    condition: None,
    order_by: "p.issued_at DESC, p.policy_reference DESC",
};

fn summary(row: &sqlx::any::AnyRow) -> Result<PolicySummary, StoreError> {
    let holder: String = row.try_get("policy_holder_id")?;
    let corrupt = |what: &str| StoreError::Corrupt(format!("{what} of the policy of {holder}"));
    let status: String = row.try_get("status")?;
    let status = PolicyStatus::parse(&status).ok_or_else(|| corrupt("status"))?;
    let application: i64 = row.try_get("application_id")?;
    let adviser: String = row.try_get("adviser_id")?;
    let starts: String = row.try_get("starts_on")?;
    let pence: i64 = row.try_get("monthly_premium_pence")?;
    let issued: String = row.try_get("issued_at")?;
    let products: Option<String> = row.try_get("product_types")?;
    let product_types = match products {
        Some(json) => serde_json::from_str(&json).map_err(|_| corrupt("products"))?,
        None => Vec::new(),
    };
    Ok(PolicySummary {
        policy_holder_id: ApplicantId::parse(&holder).ok_or_else(|| corrupt("holder"))?,
        policy_reference: row.try_get("policy_reference")?,
        holder_name: row.try_get("holder_name")?,
        product_types,
        application_id: ApplicationId::new(application).ok_or_else(|| corrupt("application"))?,
        adviser_id: AdviserId::parse(&adviser).ok_or_else(|| corrupt("adviser"))?,
        adviser_name: row.try_get("adviser_name")?,
        firm_name: row.try_get("firm_name")?,
        status,
        policy_status: status.label().to_owned(),
        starts_on: starts.parse().map_err(|_| corrupt("start date"))?,
        monthly_premium: u64::try_from(pence)
            .ok()
            .and_then(Money::from_pence)
            .ok_or_else(|| corrupt("premium"))?,
        issued_at: parse_timestamp(&issued).ok_or_else(|| corrupt("issue time"))?,
    })
}
