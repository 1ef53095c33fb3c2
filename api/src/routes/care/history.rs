//! The history of customer care's changes, one reader for either subject: an adviser's (flags,
//! location, delegations on either side) and a firm's (locations added and renamed).

use crate::error::ApiError;
use crate::state::AppState;
use axum::Json;
use chrono::{DateTime, Utc};
use domain::care::ChangeKind;
use serde::Serialize;
use serde_json::Value;
use store::{ChangeRecord, ChangeSubject};
use utoipa::ToSchema;

/// One recorded change: who made it, when, and the value before and after.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CareChange {
    pub id: String,
    pub changed_at: DateTime<Utc>,
    pub actor_subject: String,
    pub actor_name: String,
    pub adviser_id: Option<String>,
    /// The other adviser of a delegation.
    pub other_adviser_id: Option<String>,
    pub firm_id: Option<String>,
    pub kind: ChangeKind,
    #[schema(value_type = Option<Object>)]
    pub before: Option<Value>,
    #[schema(value_type = Option<Object>)]
    pub after: Option<Value>,
}

impl From<ChangeRecord> for CareChange {
    fn from(c: ChangeRecord) -> Self {
        Self {
            id: c.id,
            changed_at: c.changed_at,
            actor_subject: c.actor.subject,
            actor_name: c.actor.name,
            adviser_id: c.adviser_id,
            other_adviser_id: c.other_adviser_id,
            firm_id: c.firm_id,
            kind: c.kind,
            before: c.before,
            after: c.after,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CareHistory {
    /// Newest first.
    pub changes: Vec<CareChange>,
}

/// The subject's changes, newest first; "Adviser not found" or "Firm not found" when there is
/// no such subject.
pub async fn history(
    state: &AppState,
    subject: ChangeSubject<'_>,
) -> Result<Json<CareHistory>, ApiError> {
    let changes = state.store.care_changes(subject).await?.ok_or_else(|| {
        ApiError::not_found(match subject {
            ChangeSubject::Adviser(_) => "Adviser",
            ChangeSubject::Firm(_) => "Firm",
        })
    })?;
    Ok(Json(CareHistory {
        changes: changes.into_iter().map(Into::into).collect(),
    }))
}
