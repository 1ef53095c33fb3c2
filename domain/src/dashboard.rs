//! The dashboard's lists (§3 "Dashboard lists"): application search results and paging.

use crate::application::ApplicationStage;
use crate::ids::{AdviserId, ApplicantId, ApplicationId};
use crate::money::Money;
use crate::policy::PolicyStatus;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Rows on one page of the dashboard (the "10" among §9's unexplained constants; see
/// docs/decisions.md).
pub const PAGE_SIZE: u32 = 10;
/// Longest search term accepted; longer text cannot match a name or reference.
pub const SEARCH_TERM_MAX_CHARS: usize = 100;

/// One application as the In Progress tab lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationSummary {
    pub id: ApplicationId,
    pub adviser_id: AdviserId,
    pub adviser_name: Option<String>,
    pub status: ApplicationStage,
    pub application_status: String,
    /// "Alan Turing & Ada Lovelace"; empty until a client has a name.
    pub client_names: String,
    pub third_party_ref: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The policy is in force, perhaps with a start date still to come: the case opens on
    /// the Complete page.
    pub active: bool,
}

/// A page of search results (§7 `application/search`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationSearchResults {
    pub results: Vec<ApplicationSummary>,
    /// 1-based.
    pub current_page: u32,
    pub total_pages: u32,
    pub total_record_count: u64,
}

/// One policy holder as the Policyholders tab lists them (§2, §3 "Policy search").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PolicySummary {
    /// The client the policy covers (§2 `policy-holder/{policyHolderId}`).
    pub policy_holder_id: ApplicantId,
    pub policy_reference: String,
    pub holder_name: String,
    pub application_id: ApplicationId,
    pub adviser_id: AdviserId,
    pub adviser_name: Option<String>,
    pub status: PolicyStatus,
    /// The status as advisers read it, for example "In force".
    pub policy_status: String,
    #[schema(value_type = String, format = Date)]
    pub starts_on: NaiveDate,
    pub monthly_premium: Money,
    pub issued_at: DateTime<Utc>,
}

/// A page of policy search results (§7 `policy/search`: `policyDetails` plus paging).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PolicySearchResults {
    pub policy_details: Vec<PolicySummary>,
    /// 1-based.
    pub current_page: u32,
    pub total_pages: u32,
    pub total_record_count: u64,
}

/// Pages needed for `records` rows; an empty list still has one (empty) page.
pub fn total_pages(records: u64) -> u32 {
    let pages = records.div_ceil(u64::from(PAGE_SIZE)).max(1);
    u32::try_from(pages).unwrap_or(u32::MAX)
}

/// Splits a search term into the lower-case words that must all appear in a case's names or
/// references. Returns no words for a blank term (which matches every case).
pub fn search_words(term: &str) -> Vec<String> {
    term.split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| c == ',' || c == '&')
                .to_lowercase()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_round_up_and_never_drop_to_zero() {
        assert_eq!(total_pages(0), 1);
        assert_eq!(total_pages(10), 1);
        assert_eq!(total_pages(11), 2);
        assert_eq!(total_pages(20), 2);
    }

    #[test]
    fn search_terms_split_into_lower_case_words() {
        assert_eq!(search_words("  Turing,  ADA "), ["turing", "ada"]);
        assert_eq!(search_words("Smith & Jones"), ["smith", "jones"]);
        assert!(search_words("   ").is_empty());
    }
}
