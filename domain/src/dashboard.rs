//! The lists of cases (§3 "Dashboard lists"): the adviser's application and policy searches,
//! the underwriters' workbench, and their paging.

use crate::ids::{AdviserId, ApplicantId, ApplicationId};
use crate::money::Money;
use crate::policy::PolicyStatus;
use crate::product_codes::ProductType;
use crate::stage::ApplicationStage;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// The "10" among §9's unexplained constants; see docs/decisions.md L1.
/// Rows on one page of the dashboard.
pub const PAGE_SIZE: u32 = 10;
/// Longest search term accepted; longer text cannot match a name or reference.
pub const SEARCH_TERM_MAX_CHARS: usize = 100;

/// One application as the In Progress tab lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationSummary {
    pub id: ApplicationId,
    pub adviser_id: AdviserId,
    #[schema(required = true)]
    pub adviser_name: Option<String>,
    // §1 "adviser firm location tracking", §6; docs/decisions.md HB4.
    /// The firm location the case was created at, when its adviser has one.
    #[serde(default)]
    #[schema(required = true)]
    pub adviser_at_firm_location_id: Option<String>,
    /// That location's name ("Leeds"), when the firm's locations name it.
    #[serde(default)]
    #[schema(required = true)]
    pub firm_location_name: Option<String>,
    /// The adviser firm the case belongs to ("Northfield Financial Planning"): customer care
    /// finds any firm's cases (issue 35).
    #[serde(default)]
    #[schema(required = true)]
    pub firm_name: Option<String>,
    pub status: ApplicationStage,
    pub application_status: String,
    /// "Alan Turing & Ada Lovelace"; empty until a client has a name.
    pub client_names: String,
    #[schema(required = true)]
    pub third_party_ref: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The policy is in force, perhaps with a start date still to come: the case opens on
    /// the Complete page.
    pub active: bool,
    /// An underwriting update was posted since the signed-in user last read the case's
    /// updates (`underwritingupdates/{id}`).
    #[serde(default)]
    #[schema(required = true)]
    pub has_new_underwriting_update: bool,
}

/// A page of application search results.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationSearchResults {
    pub results: Vec<ApplicationSummary>,
    /// 1-based.
    pub current_page: u32,
    pub total_pages: u32,
    pub total_record_count: u64,
}

/// One policyholder as the Policyholders tab lists them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PolicySummary {
    /// The client the policy covers: the `policyHolderId` of the policy's own page.
    pub policy_holder_id: ApplicantId,
    pub policy_reference: String,
    /// "Alan Turing": first and last name, without a title.
    pub holder_name: String,
    /// The products of the policy's covers in force, each once, in the order of its covers.
    pub product_types: Vec<ProductType>,
    pub application_id: ApplicationId,
    pub adviser_id: AdviserId,
    #[schema(required = true)]
    pub adviser_name: Option<String>,
    /// The adviser firm of the policy's application: customer care finds any firm's policies.
    #[serde(default)]
    #[schema(required = true)]
    pub firm_name: Option<String>,
    pub status: PolicyStatus,
    /// The status as advisers read it, for example "In force".
    pub policy_status: String,
    #[schema(value_type = String, format = Date)]
    pub starts_on: NaiveDate,
    pub monthly_premium: Money,
    pub issued_at: DateTime<Utc>,
}

/// A page of policy search results: `policyDetails` plus paging.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PolicySearchResults {
    pub policy_details: Vec<PolicySummary>,
    /// 1-based.
    pub current_page: u32,
    pub total_pages: u32,
    pub total_record_count: u64,
}

/// Which referred cases the workbench lists (`filter`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum WorkbenchFilter {
    /// Every case waiting at Underwriting.
    #[default]
    All,
    /// Nobody has claimed it.
    Unclaimed,
    /// Claimed by the signed-in underwriter.
    Mine,
    /// Evidence asked for and not yet here (or held for the client).
    Evidence,
    /// Evidence past the date first given (chased at least once).
    Overdue,
}

/// A referred case as the workbench lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkbenchCase {
    pub id: ApplicationId,
    /// "Alan Turing & Ada Lovelace".
    pub client_names: String,
    pub adviser_id: AdviserId,
    #[schema(required = true)]
    pub adviser_name: Option<String>,
    #[schema(required = true)]
    pub firm_name: Option<String>,
    pub referred_at: DateTime<Utc>,
    /// Whole UK days since the referral.
    pub days_since_referral: i64,
    /// The underwriter working on it.
    #[schema(required = true)]
    pub claimed_by: Option<crate::underwriting::manual::Underwriter>,
    /// Claimed by the signed-in underwriter.
    pub is_mine: bool,
    /// The covers referred, each with the rules that referred it.
    pub referred: Vec<crate::application::ReferredCover>,
    /// Evidence outstanding or held, with its date.
    pub evidence: Vec<crate::application::OutstandingEvidence>,
}

/// A page of the workbench, paged like the application search.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkbenchResults {
    pub results: Vec<WorkbenchCase>,
    /// 1-based.
    pub current_page: u32,
    pub total_pages: u32,
    pub total_record_count: u64,
}

/// Whole days from the UK day of `since` to `today` (0 on the day itself).
pub fn days_since(since: DateTime<Utc>, today: NaiveDate) -> i64 {
    (today - crate::dates::uk_date(since)).num_days().max(0)
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
    fn days_since_a_referral_count_uk_days() {
        use chrono::TimeZone;
        // 23:30 UTC on 30 June is 1 July in the UK.
        let referred = Utc.with_ymd_and_hms(2026, 6, 30, 23, 30, 0).unwrap();
        let day = |d| NaiveDate::from_ymd_opt(2026, 7, d).unwrap();
        assert_eq!(days_since(referred, day(1)), 0);
        assert_eq!(days_since(referred, day(2)), 1);
        assert_eq!(days_since(referred, day(31)), 30);
    }

    #[test]
    fn search_terms_split_into_lower_case_words() {
        assert_eq!(search_words("  Turing,  ADA "), ["turing", "ada"]);
        assert_eq!(search_words("Smith & Jones"), ["smith", "jones"]);
        assert!(search_words("   ").is_empty());
    }
}
