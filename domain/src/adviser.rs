//! Advisers, their per-adviser flags and roles (§6), and who may act for whom.

use crate::ids::AdviserId;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// §6 per-adviser flags; the defaults are recorded in docs/decisions.md.
/// Per-adviser settings that shape the portal: which products, fields and buttons it offers, and
/// which commission and quote-date choices the adviser may make. Defaults are the insurer's
/// standard settings for an adviser with no special arrangement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UxSettings {
    #[schema(required = true)]
    pub configure_hybrid_commission: bool,
    #[schema(required = true)]
    pub display_payout_planner: bool,
    #[schema(required = true)]
    pub is_your_ref_read_only: bool,
    #[schema(required = true)]
    pub hide_your_ref: bool,
    #[schema(required = true)]
    pub display_new_quote_button: bool,
    #[schema(required = true)]
    pub is_always_advised: bool,
    #[schema(required = true)]
    pub is_indem_commission_allowed: bool,
    #[schema(required = true)]
    pub override_quote_date: bool,
    #[schema(required = true)]
    pub hide_life_essentials: bool,
    #[schema(required = true)]
    pub hide_life_protection: bool,
    /// When set, the indemnity percentage is fixed for this adviser (0 to 100).
    #[schema(required = true)]
    pub fixed_indemnity_percentage: Option<f64>,
}

impl Default for UxSettings {
    fn default() -> Self {
        Self {
            configure_hybrid_commission: false,
            display_payout_planner: true,
            is_your_ref_read_only: false,
            hide_your_ref: false,
            display_new_quote_button: true,
            is_always_advised: false,
            is_indem_commission_allowed: true,
            override_quote_date: false,
            hide_life_essentials: false,
            hide_life_protection: false,
            fixed_indemnity_percentage: None,
        }
    }
}

// §6 roles claim.
/// A role carried in the token's `roles` claim. Matching ignores case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Customer-care agent.
    Cca,
    /// Customer-care administrator.
    CcaAdmin,
    /// Underwriter or case handler.
    Underwriter,
    /// A client of the insurer, signed in to the client portal.
    Client,
}

impl Role {
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "cca" => Some(Role::Cca),
            "ccaadmin" => Some(Role::CcaAdmin),
            "underwriter" => Some(Role::Underwriter),
            "client" => Some(Role::Client),
            _ => None,
        }
    }
}

/// The roles a user holds; unknown role names are ignored rather than trusted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Roles(Vec<Role>);

impl Roles {
    pub fn parse<'a>(names: impl IntoIterator<Item = &'a str>) -> Self {
        let mut roles: Vec<Role> = names.into_iter().filter_map(Role::parse).collect();
        roles.sort_by_key(|r| *r as u8);
        roles.dedup();
        Self(roles)
    }

    pub fn has(&self, role: Role) -> bool {
        self.0.contains(&role)
    }

    pub fn iter(&self) -> impl Iterator<Item = Role> + '_ {
        self.0.iter().copied()
    }
}

/// What the portal knows about an adviser beyond their token.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AdviserProfile {
    pub id: AdviserId,
    pub name: String,
    pub email: String,
    pub firm_id: Option<String>,
    pub firm_name: Option<String>,
    pub firm_location_id: Option<String>,
    pub firm_location_name: Option<String>,
    pub ux_settings: UxSettings,
    // §1, §6: acting for another adviser.
    /// Advisers this user may act for through `adviserId`.
    pub acts_for: Vec<AdviserId>,
}

impl AdviserProfile {
    /// An adviser may always act for themself, and for the advisers they are delegated by.
    pub fn may_act_for(&self, adviser: &AdviserId) -> bool {
        &self.id == adviser || self.acts_for.contains(adviser)
    }

    /// Every adviser whose cases this user may see, themself first.
    pub fn visible_advisers(&self) -> Vec<AdviserId> {
        std::iter::once(self.id.clone())
            .chain(self.acts_for.iter().cloned())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_parse_case_insensitively_and_unknown_names_are_dropped() {
        assert_eq!(Role::parse("CCA"), Some(Role::Cca));
        assert_eq!(Role::parse(" ccaAdmin "), Some(Role::CcaAdmin));
        assert_eq!(Role::parse("Underwriter"), Some(Role::Underwriter));
        assert_eq!(Role::parse("admin"), None);
    }

    fn profile(acts_for: &[&str]) -> AdviserProfile {
        AdviserProfile {
            id: AdviserId::parse("assistant1").unwrap(),
            name: "Sam Assistant".into(),
            email: "assistant1@example.com".into(),
            firm_id: None,
            firm_name: None,
            firm_location_id: None,
            firm_location_name: None,
            ux_settings: UxSettings::default(),
            acts_for: acts_for
                .iter()
                .map(|a| AdviserId::parse(a).unwrap())
                .collect(),
        }
    }

    #[test]
    fn roles_match_whatever_their_case_and_ignore_unknown_names() {
        let roles = Roles::parse(["CCA", "CcaAdmin", "admin", "superuser"]);
        assert!(roles.has(Role::Cca));
        assert!(roles.has(Role::CcaAdmin));
        assert!(!roles.has(Role::Underwriter));
    }

    #[test]
    fn an_adviser_acts_for_themself_and_their_delegators_only() {
        let assistant = profile(&["adviser1"]);
        assert!(assistant.may_act_for(&AdviserId::parse("assistant1").unwrap()));
        assert!(assistant.may_act_for(&AdviserId::parse("adviser1").unwrap()));
        assert!(!assistant.may_act_for(&AdviserId::parse("adviser2").unwrap()));
    }

    #[test]
    fn role_names_are_trimmed_and_matched_in_any_case() {
        for name in ["cca", "CCA", " Cca ", "cCa"] {
            assert_eq!(Role::parse(name), Some(Role::Cca), "{name:?}");
        }
        for name in ["ccaadmin", "CCAADMIN", "CcaAdmin", "\tccaAdmin\n"] {
            assert_eq!(Role::parse(name), Some(Role::CcaAdmin), "{name:?}");
        }
        for name in [
            "",
            " ",
            "cca_admin",
            "cca-admin",
            "cca admin",
            "ccaa",
            "admin",
        ] {
            assert_eq!(Role::parse(name), None, "{name:?}");
        }
    }

    #[test]
    fn repeated_roles_are_held_once_and_admin_does_not_imply_agent() {
        let roles = Roles::parse(["cca", "CCA", "Cca"]);
        assert_eq!(roles.iter().collect::<Vec<_>>(), [Role::Cca]);
        assert_eq!(Roles::parse([]).iter().count(), 0);
        assert!(
            !Roles::parse(["ccaadmin"]).has(Role::Cca),
            "admin does not imply agent"
        );
    }

    #[test]
    fn an_adviser_with_no_delegations_acts_only_for_themself() {
        let alone = profile(&[]);
        assert!(alone.may_act_for(&AdviserId::parse("assistant1").unwrap()));
        assert!(!alone.may_act_for(&AdviserId::parse("adviser1").unwrap()));
        assert_eq!(
            alone.visible_advisers().as_slice(),
            std::slice::from_ref(&alone.id)
        );
    }

    #[test]
    fn adviser_ids_are_compared_exactly_as_the_identity_provider_issues_them() {
        // OpenID Connect `sub` values are case-sensitive.
        let assistant = profile(&["adviser1"]);
        assert!(!assistant.may_act_for(&AdviserId::parse("ADVISER1").unwrap()));
        assert!(!assistant.may_act_for(&AdviserId::parse("adviser1 ").unwrap()));
        assert_eq!(
            assistant
                .visible_advisers()
                .iter()
                .map(AdviserId::as_str)
                .collect::<Vec<_>>(),
            ["assistant1", "adviser1"]
        );
    }

    #[test]
    fn default_flags_are_the_standard_portal_of_decision_p4() {
        let settings = UxSettings::default();
        let on = [
            settings.display_payout_planner,
            settings.display_new_quote_button,
            settings.is_indem_commission_allowed,
        ];
        let off = [
            settings.configure_hybrid_commission,
            settings.is_your_ref_read_only,
            settings.hide_your_ref,
            settings.is_always_advised,
            settings.override_quote_date,
            settings.hide_life_essentials,
            settings.hide_life_protection,
        ];
        assert!(on.iter().all(|flag| *flag));
        assert!(off.iter().all(|flag| !*flag));
        assert_eq!(settings.fixed_indemnity_percentage, None);
        let empty: UxSettings = serde_json::from_str("{}").unwrap();
        assert_eq!(empty, settings);
    }

    #[test]
    fn flags_the_portal_does_not_know_are_ignored() {
        // §6 lists a per-adviser `{hash}` flag whose name is not shown.
        let settings: UxSettings =
            serde_json::from_str(r#"{"a1b2c3": true, "hideLifeEssentials": true}"#).unwrap();
        assert!(settings.hide_life_essentials);
    }

    #[test]
    fn missing_flags_take_their_defaults() {
        let settings: UxSettings = serde_json::from_str(r#"{"hideYourRef": true}"#).unwrap();
        assert!(settings.hide_your_ref);
        assert!(settings.display_new_quote_button);
        assert!(settings.is_indem_commission_allowed);
        assert_eq!(settings.fixed_indemnity_percentage, None);
    }
}
