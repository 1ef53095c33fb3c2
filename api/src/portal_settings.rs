//! The portal's settings under `product/`: help contacts, web chat's staffed hours, external
//! links and the footer's legal words (`portal.json`), the marketing updates
//! (`marketing-updates.json`) and the client welcome document's template
//! (`documents/client-welcome.txt`). Checked when loaded, with an error that names the file and
//! the problem.

use anyhow::{Context, bail};
use chrono::{NaiveDate, NaiveTime, Weekday};
use domain::marketing::{MarketingAlert, check_alerts};
use domain::web_chat::StaffedHours;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// The identity tenants whose links may differ (§2).
pub const TENANTS: [&str; 2] = ["production", "staging"];

#[derive(Debug, Clone)]
pub struct PortalSettings {
    /// The adviser support line.
    pub help: HelpContacts,
    /// The help line for clients on the client portal (issue 35).
    pub client_help: HelpContacts,
    pub web_chat_hours: StaffedHours,
    pub links: Links,
    pub legal: Legal,
    /// The notices to advisers, in file order.
    pub marketing: Vec<MarketingAlert>,
    pub welcome_template: activities::Template,
}

/// `portal.json` as written.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PortalFile {
    #[serde(rename = "_about")]
    _about: Option<String>,
    help: HelpFile,
    client_help: ClientHelpFile,
    links: Links,
    legal: Legal,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct HelpFile {
    telephone: String,
    email: String,
    web_chat: WebChatHoursFile,
}

/// The clients' help contacts: no web chat (clients do not start chats).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ClientHelpFile {
    #[serde(rename = "_about")]
    _about: Option<String>,
    telephone: String,
    email: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct WebChatHoursFile {
    #[serde(rename = "_about")]
    _about: Option<String>,
    days: Vec<String>,
    opens: String,
    closes: String,
    #[serde(default)]
    closed_on: Vec<NaiveDate>,
}

#[derive(Debug, Clone)]
pub struct HelpContacts {
    pub telephone: String,
    pub email: String,
}

/// An address that is the same for every identity tenant, or one per tenant.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Tenanted {
    Same(String),
    PerTenant(BTreeMap<String, String>),
}

impl Tenanted {
    /// The address for `tenant` (checked at load to exist).
    pub fn for_tenant(&self, tenant: &str) -> String {
        match self {
            Tenanted::Same(url) => url.clone(),
            Tenanted::PerTenant(urls) => urls.get(tenant).cloned().unwrap_or_default(),
        }
    }

    fn check(&self, name: &str) -> Result<(), String> {
        let urls: Vec<(String, &String)> = match self {
            Tenanted::Same(url) => vec![(name.to_owned(), url)],
            Tenanted::PerTenant(urls) => {
                if let Some(tenant) = TENANTS.iter().find(|t| !urls.contains_key(**t)) {
                    return Err(format!("{name} needs a {tenant} address"));
                }
                urls.iter()
                    .map(|(k, v)| (format!("{name}.{k}"), v))
                    .collect()
            }
        };
        match urls
            .into_iter()
            .find(|(_, url)| !url.starts_with("https://"))
        {
            Some((name, url)) => Err(format!("{name} must be an https:// address, not {url:?}")),
            None => Ok(()),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Links {
    pub literature: Tenanted,
    /// Differs between the production and staging identity tenants (§2).
    pub cover_upgrade_promise: Tenanted,
    pub linked_in: Tenanted,
    pub privacy_policy: Tenanted,
}

/// The footer's legal words (§2 "Regulation text and copyright year").
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Legal {
    pub copyright_holder: String,
    pub regulation: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MarketingFile {
    #[serde(rename = "_about")]
    _about: Option<String>,
    alerts: Vec<MarketingAlert>,
}

impl PortalSettings {
    pub fn load(product_dir: &Path) -> anyhow::Result<Self> {
        let path = product_dir.join("portal.json");
        let file: PortalFile = read_json(&path)?;
        let fail = |problem: String| anyhow::anyhow!("{}: {problem}", path.display());
        let links = &file.links;
        for (name, link) in [
            ("links.literature", &links.literature),
            ("links.coverUpgradePromise", &links.cover_upgrade_promise),
            ("links.linkedIn", &links.linked_in),
            ("links.privacyPolicy", &links.privacy_policy),
        ] {
            link.check(name).map_err(fail)?;
        }
        if !matches!(links.cover_upgrade_promise, Tenanted::PerTenant(_)) {
            bail!(
                "{}: links.coverUpgradePromise needs a production and a staging address",
                path.display()
            );
        }
        for (name, telephone, email) in [
            ("help", &file.help.telephone, &file.help.email),
            (
                "clientHelp",
                &file.client_help.telephone,
                &file.client_help.email,
            ),
        ] {
            if telephone.trim().is_empty() || !email.contains('@') {
                bail!(
                    "{}: {name} needs a telephone number and an email address",
                    path.display()
                );
            }
        }
        if file.legal.copyright_holder.trim().is_empty() || file.legal.regulation.trim().is_empty()
        {
            bail!(
                "{}: legal needs the copyright holder and the regulation text",
                path.display()
            );
        }
        let web_chat_hours = staffed_hours(&file.help.web_chat)
            .map_err(|problem| fail(format!("help.webChat: {problem}")))?;
        let marketing = load_marketing(&product_dir.join("marketing-updates.json"))?;
        let welcome_path = product_dir.join("documents/client-welcome.txt");
        let welcome_template = std::fs::read_to_string(&welcome_path)
            .with_context(|| format!("Failed to read {}", welcome_path.display()))
            .and_then(|text| {
                let template = activities::Template::parse(&text).map_err(anyhow::Error::msg)?;
                template
                    .check(&activities::welcome_data("Insurer", "0", "a@b"))
                    .map_err(anyhow::Error::msg)?;
                Ok(template)
            })
            .with_context(|| format!("{} is not usable", welcome_path.display()))?;
        Ok(Self {
            help: HelpContacts {
                telephone: file.help.telephone,
                email: file.help.email,
            },
            client_help: HelpContacts {
                telephone: file.client_help.telephone,
                email: file.client_help.email,
            },
            web_chat_hours,
            links: file.links,
            legal: file.legal,
            marketing,
            welcome_template,
        })
    }
}

fn staffed_hours(file: &WebChatHoursFile) -> Result<StaffedHours, String> {
    let days = file
        .days
        .iter()
        .map(|day| {
            day.parse::<Weekday>()
                .map_err(|_| format!("{day:?} is not a day of the week"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let time = |text: &str| {
        NaiveTime::parse_from_str(text, "%H:%M")
            .map_err(|_| format!("{text:?} is not a time written HH:MM"))
    };
    StaffedHours::new(
        days,
        time(&file.opens)?,
        time(&file.closes)?,
        file.closed_on.iter().copied(),
    )
    .map_err(|e| e.to_string())
}

fn load_marketing(path: &Path) -> anyhow::Result<Vec<MarketingAlert>> {
    let file: MarketingFile = read_json(path)?;
    check_alerts(&file.alerts).with_context(|| format!("{} is not usable", path.display()))?;
    Ok(file.alerts)
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
        assert!(
            settings
                .links
                .cover_upgrade_promise
                .for_tenant("staging")
                .starts_with("https://staging.")
        );
        assert!(!settings.marketing.is_empty());
        assert_ne!(
            settings.client_help.telephone, settings.help.telephone,
            "clients have their own help line, not the adviser support line"
        );
    }

    #[test]
    fn client_help_without_an_email_address_is_refused() {
        let text = std::fs::read_to_string(product_dir().join("portal.json"))
            .unwrap()
            .replace("client.help@example.com", "client help");
        let error = error_loading("portal.json", &text);
        assert!(
            error.contains("clientHelp needs a telephone number and an email address"),
            "{error}"
        );
    }

    /// A product folder with the shipped files, `file` replaced by `text`.
    fn product_with(file: &str, text: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("documents")).unwrap();
        for name in [
            "portal.json",
            "marketing-updates.json",
            "documents/client-welcome.txt",
        ] {
            std::fs::copy(product_dir().join(name), dir.path().join(name)).unwrap();
        }
        std::fs::write(dir.path().join(file), text).unwrap();
        dir
    }

    fn error_loading(file: &str, text: &str) -> String {
        let dir = product_with(file, text);
        format!("{:#}", PortalSettings::load(dir.path()).unwrap_err())
    }

    #[test]
    fn marketing_updates_with_dates_out_of_order_or_a_repeated_id_are_refused() {
        let alert = |id: &str, starts: &str, ends: &str| serde_json::json!({ "id": id, "title": "T", "message": "M", "startsOn": starts, "endsOn": ends });
        let error = error_loading(
            "marketing-updates.json",
            &serde_json::json!({ "alerts": [alert("a", "2026-12-02", "2026-12-01")] }).to_string(),
        );
        assert!(
            error.contains("marketing-updates.json") && error.contains("endsOn is before startsOn"),
            "{error}"
        );
        let error = error_loading(
            "marketing-updates.json",
            &serde_json::json!({ "alerts": [alert("a", "2026-12-01", "2026-12-02"), alert("a", "2026-12-01", "2026-12-02")] }).to_string(),
        );
        assert!(error.contains("appears more than once"), "{error}");
    }

    #[test]
    fn staffed_hours_that_close_before_they_open_are_refused() {
        let text = std::fs::read_to_string(product_dir().join("portal.json"))
            .unwrap()
            .replace("\"closes\": \"18:00\"", "\"closes\": \"07:00\"");
        let error = error_loading("portal.json", &text);
        assert!(
            error.contains("help.webChat") && error.contains("must be before"),
            "{error}"
        );
    }

    #[test]
    fn a_link_without_https_is_refused() {
        let text = std::fs::read_to_string(product_dir().join("portal.json"))
            .unwrap()
            .replace(
                "https://www.example.com/privacy-policy",
                "http://www.example.com/privacy-policy",
            );
        let error = error_loading("portal.json", &text);
        assert!(
            error.contains("links.privacyPolicy must be an https:// address"),
            "{error}"
        );
    }
}
