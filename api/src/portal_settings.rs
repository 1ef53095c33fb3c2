//! The portal's settings under `product/` (`portal.json`): help contacts and external links the
//! SPA shows. Checked when loaded, with an error that names the file and the problem.

use anyhow::{Context, bail};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PortalSettings {
    #[serde(rename = "_about")]
    pub about: Option<String>,
    pub help: HelpContacts,
    pub links: Links,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HelpContacts {
    pub telephone: String,
    pub email: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Links {
    pub literature: String,
    /// Differs between the production and staging identity tenants (§2).
    pub cover_upgrade_promise: BTreeMap<String, String>,
}

impl PortalSettings {
    pub fn load(product_dir: &Path) -> anyhow::Result<Self> {
        let path = product_dir.join("portal.json");
        let settings: PortalSettings = read_json(&path)?;
        for (name, url) in [("links.literature", &settings.links.literature)]
            .into_iter()
            .chain(
                settings
                    .links
                    .cover_upgrade_promise
                    .iter()
                    .map(|(k, v)| (k.as_str(), v)),
            )
        {
            if !url.starts_with("https://") {
                bail!(
                    "{}: {name} must be an https:// address, not {url:?}",
                    path.display()
                );
            }
        }
        for tenant in ["production", "staging"] {
            if !settings.links.cover_upgrade_promise.contains_key(tenant) {
                bail!(
                    "{}: links.coverUpgradePromise needs a {tenant} address",
                    path.display()
                );
            }
        }
        if settings.help.telephone.trim().is_empty() || !settings.help.email.contains('@') {
            bail!(
                "{}: help needs a telephone number and an email address",
                path.display()
            );
        }
        Ok(settings)
    }
}

/// Reads a JSON file of `product/`, naming the file in any error.
pub(crate) fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> anyhow::Result<T> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("Failed to read {}", path.display()))?;
    serde_json::from_str(&text).with_context(|| format!("{} is not valid", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product_dir() -> std::path::PathBuf {
        Path::new(&std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
            .join("../product")
    }

    #[test]
    fn the_shipped_portal_settings_load() {
        let settings = PortalSettings::load(&product_dir()).unwrap();
        assert!(settings.links.cover_upgrade_promise.contains_key("staging"));
    }
}
