//! The development users (`product/dev-users.json`) the development identity provider signs in,
//! with the firms they belong to: checked for consistency when loaded, and seeded as advisers.

use anyhow::{Context, bail};
use domain::{AdviserId, UxSettings};
use serde::Deserialize;
use std::collections::HashSet;
use std::path::Path;
use store::{FirmRecord, LocationRecord, SeedAdviser};

/// A development user of the built-in identity provider.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DevUser {
    pub subject: String,
    pub email: String,
    pub name: String,
    pub password: String,
    #[serde(default)]
    pub roles: Vec<String>,
    pub adviser: Option<DevAdviser>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DevAdviser {
    pub firm_id: Option<String>,
    pub firm_location_id: Option<String>,
    #[serde(default)]
    pub ux_settings: UxSettings,
    #[serde(default)]
    pub acts_for: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DevFirm {
    id: String,
    name: String,
    #[serde(default)]
    locations: Vec<DevLocation>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DevLocation {
    id: String,
    name: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DevUsersFile {
    #[serde(rename = "_about")]
    _about: Option<String>,
    firms: Vec<DevFirm>,
    users: Vec<DevUser>,
}

/// The development users with the firms they belong to, checked for consistency.
#[derive(Debug, Clone)]
pub struct DevDirectory {
    pub users: Vec<DevUser>,
    pub firms: Vec<FirmRecord>,
    pub advisers: Vec<SeedAdviser>,
}

impl DevDirectory {
    pub fn load(product_dir: &Path) -> anyhow::Result<Self> {
        let path = product_dir.join("dev-users.json");
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("Failed to read {}", path.display()))?;
        let file: DevUsersFile = serde_json::from_str(&text)
            .with_context(|| format!("{} is not valid", path.display()))?;
        let where_ = path.display();
        let firms: Vec<FirmRecord> = file
            .firms
            .iter()
            .map(|f| FirmRecord {
                id: f.id.clone(),
                name: f.name.clone(),
                locations: f
                    .locations
                    .iter()
                    .map(|l| LocationRecord {
                        id: l.id.clone(),
                        name: l.name.clone(),
                    })
                    .collect(),
            })
            .collect();
        let mut subjects = HashSet::new();
        let mut emails = HashSet::new();
        for user in &file.users {
            if AdviserId::parse(&user.subject).is_none() {
                bail!("{where_}: user {:?} has an invalid subject", user.email);
            }
            if !subjects.insert(user.subject.as_str()) {
                bail!("{where_}: subject {:?} appears twice", user.subject);
            }
            if !emails.insert(user.email.to_lowercase()) {
                bail!("{where_}: email {:?} appears twice", user.email);
            }
        }
        let advisers = file
            .users
            .iter()
            .filter_map(|u| u.adviser.as_ref().map(|a| (u, a)))
            .map(|(user, adviser)| {
                seed_adviser(user, adviser, &firms, &subjects).with_context(|| where_.to_string())
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(Self {
            users: file.users,
            firms,
            advisers,
        })
    }

    /// The user with this email (any case) and password, compared without early exit.
    pub fn authenticate(&self, email: &str, password: &str) -> Option<&DevUser> {
        let user = self
            .users
            .iter()
            .find(|u| u.email.eq_ignore_ascii_case(email.trim()))?;
        constant_time_eq(user.password.as_bytes(), password.as_bytes()).then_some(user)
    }

    pub fn by_subject(&self, subject: &str) -> Option<&DevUser> {
        self.users.iter().find(|u| u.subject == subject)
    }
}

fn seed_adviser(
    user: &DevUser,
    adviser: &DevAdviser,
    firms: &[FirmRecord],
    subjects: &HashSet<&str>,
) -> anyhow::Result<SeedAdviser> {
    let firm = match &adviser.firm_id {
        Some(id) => Some(
            firms
                .iter()
                .find(|f| &f.id == id)
                .with_context(|| format!("adviser {} names unknown firm {id:?}", user.subject))?,
        ),
        None => None,
    };
    if let Some(location) = &adviser.firm_location_id {
        let known = firm.is_some_and(|f| f.locations.iter().any(|l| &l.id == location));
        if !known {
            bail!(
                "adviser {} names location {location:?}, which is not one of their firm's",
                user.subject
            );
        }
    }
    let acts_for = adviser
        .acts_for
        .iter()
        .map(|a| {
            if subjects.contains(a.as_str()) {
                AdviserId::parse(a).with_context(|| format!("invalid adviser id {a:?}"))
            } else {
                anyhow::bail!("adviser {} acts for unknown user {a:?}", user.subject)
            }
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(SeedAdviser {
        id: AdviserId::parse(&user.subject).context("invalid subject")?,
        email: user.email.clone(),
        name: user.name.clone(),
        firm_id: adviser.firm_id.clone(),
        firm_location_id: adviser.firm_location_id.clone(),
        ux_settings: adviser.ux_settings.clone(),
        acts_for,
    })
}

/// Compares secrets without leaking, through timing, how much of them matched.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    let mut difference = a.len() ^ b.len();
    for i in 0..a.len().max(b.len()) {
        let x = a.get(i).copied().unwrap_or(0);
        let y = b.get(i).copied().unwrap_or(0);
        difference |= usize::from(x ^ y);
    }
    difference == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product_dir() -> std::path::PathBuf {
        Path::new(&std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
            .join("../product")
    }

    #[test]
    fn the_shipped_dev_users_include_every_user_the_architecture_names() {
        let directory = DevDirectory::load(&product_dir()).unwrap();
        for email in [
            "adviser1@example.com",
            "adviser2@example.com",
            "adviser3@example.com",
            "assistant1@example.com",
            "cca1@example.com",
            "ccaadmin1@example.com",
            "underwriter1@example.com",
            "underwriter2@example.com",
            "client1@example.com",
        ] {
            assert!(
                directory.authenticate(email, "Passw0rd!").is_some(),
                "{email}"
            );
        }
        let assistant = directory
            .advisers
            .iter()
            .find(|a| a.id.as_str() == "assistant1")
            .unwrap();
        assert_eq!(assistant.acts_for, [AdviserId::parse("adviser1").unwrap()]);
        assert_eq!(
            directory.advisers.len(),
            4,
            "only advisers get adviser records"
        );
    }

    #[test]
    fn a_wrong_password_or_unknown_email_does_not_authenticate() {
        let directory = DevDirectory::load(&product_dir()).unwrap();
        assert!(
            directory
                .authenticate("adviser1@example.com", "Passw0rd")
                .is_none()
        );
        assert!(
            directory
                .authenticate("nobody@example.com", "Passw0rd!")
                .is_none()
        );
        assert!(
            directory
                .authenticate("ADVISER1@example.com", "Passw0rd!")
                .is_some()
        );
    }

    #[test]
    fn constant_time_comparison_is_still_a_comparison() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"abcd"));
        assert!(!constant_time_eq(b"", b"a"));
    }
}
