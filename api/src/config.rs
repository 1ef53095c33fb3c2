//! Typed configuration, read once from the environment at start-up. Every setting has a
//! default that suits the single-box development run, except where production must choose.

use anyhow::{Context, bail};
use std::path::PathBuf;
use workflows::worker::TemporalConfig;

/// Which kind of deployment this is; production refuses development-only features.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Environment {
    Development,
    Production,
}

impl Environment {
    pub fn name(self) -> &'static str {
        match self {
            Environment::Development => "development",
            Environment::Production => "production",
        }
    }
}

#[derive(Debug, Clone)]
pub struct Config {
    pub environment: Environment,
    /// Address the HTTP server listens on.
    pub bind: std::net::SocketAddr,
    /// The portal's address as browsers see it, without a trailing slash.
    pub public_url: String,
    pub database_url: String,
    pub temporal: TemporalConfig,
    /// The Temporal Web UI, shown to case handlers in the start-up banner.
    pub temporal_ui_url: Option<String>,
    pub oidc: OidcConfig,
    /// Run the development identity provider inside the portal (development only).
    pub dev_idp: bool,
    pub web_dist: PathBuf,
    pub product_dir: PathBuf,
    pub data_dir: PathBuf,
    pub idle_timeout_seconds: u32,
    pub address_lookup: AddressLookupConfig,
    /// The Confirmation of Payee provider (`COP_URL` and `COP_API_KEY`); none by default, when
    /// the bank check says the account holder's name was not checked.
    pub payee_check: Option<PayeeCheckConfig>,
    pub email_dns: EmailDnsConfig,
    /// A domain known to take mail (`EMAIL_DNS_CANARY`, default gmail.com): a resolver that
    /// denies it cannot see the internet, and DNS checks are switched off.
    pub email_dns_canary: String,
    /// How many failed password sign-ins the development identity provider allows.
    pub sign_in_limits: store::SignInLimits,
    /// The wait between two retention sweeps (`RETENTION_SWEEP_INTERVAL_SECONDS`, default a
    /// day): how soon after reaching the period in `product/retention.json` a case goes.
    pub retention_sweep_interval: std::time::Duration,
}

fn sign_in_limits(get: &impl Fn(&str) -> Option<String>) -> anyhow::Result<store::SignInLimits> {
    let number = |name: &str, default: u32, most: u32| -> anyhow::Result<u32> {
        get(name).map_or(Ok(default), |text| {
            text.trim()
                .parse()
                .ok()
                .filter(|n| (1..=most).contains(n))
                .with_context(|| format!("{name} must be a whole number from 1 to {most}"))
        })
    };
    let most_minutes = u32::try_from(store::KEEP_FAILED_ATTEMPTS.num_minutes()).unwrap_or(1440);
    let window = chrono::Duration::minutes(i64::from(number(
        "SIGN_IN_FAILURE_WINDOW_MINUTES",
        15,
        most_minutes,
    )?));
    let limit = |max_failures| store::AttemptLimit {
        max_failures,
        window,
    };
    Ok(store::SignInLimits {
        per_account: limit(number("SIGN_IN_MAX_FAILURES_PER_ACCOUNT", 5, 1000)?),
        per_address: limit(number("SIGN_IN_MAX_FAILURES_PER_ADDRESS", 20, 100_000)?),
    })
}

/// Which address look-up answers `address/lookup` (docs/architecture.md "External services").
#[derive(Clone, PartialEq, Eq)]
pub enum AddressLookupConfig {
    /// The sample gazetteer in `product/address/` (`ADDRESS_LOOKUP=gazetteer`, the default).
    Gazetteer,
    /// Ideal Postcodes' API (`ADDRESS_LOOKUP=ideal-postcodes`, `IDEAL_POSTCODES_API_KEY`,
    /// optionally `IDEAL_POSTCODES_URL`).
    IdealPostcodes { url: String, api_key: String },
}

impl std::fmt::Debug for AddressLookupConfig {
    /// Never prints the API key.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AddressLookupConfig::Gazetteer => f.write_str("Gazetteer"),
            AddressLookupConfig::IdealPostcodes { url, .. } => {
                write!(f, "IdealPostcodes {{ url: {url:?} }}")
            }
        }
    }
}

/// A Confirmation of Payee provider's name-verification endpoint and key.
#[derive(Clone, PartialEq, Eq)]
pub struct PayeeCheckConfig {
    pub url: String,
    pub api_key: String,
}

impl std::fmt::Debug for PayeeCheckConfig {
    /// Never prints the API key.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PayeeCheckConfig {{ url: {:?} }}", self.url)
    }
}

fn payee_check(get: &impl Fn(&str) -> Option<String>) -> anyhow::Result<Option<PayeeCheckConfig>> {
    let nonempty = |name: &str| get(name).filter(|v| !v.trim().is_empty());
    match (nonempty("COP_URL"), nonempty("COP_API_KEY")) {
        (None, None) => Ok(None),
        (Some(url), Some(api_key)) => Ok(Some(PayeeCheckConfig { url, api_key })),
        (Some(_), None) => {
            bail!("COP_URL needs COP_API_KEY, the Confirmation of Payee provider's key")
        }
        (None, Some(_)) => {
            bail!("COP_API_KEY needs COP_URL, the provider's name-verification address")
        }
    }
}

/// Where the email check asks DNS (`EMAIL_DNS`): the system's resolvers (`system`, the
/// default), nowhere (`off`: domains are then reported as not checked), or given servers
/// (`192.0.2.53:53,192.0.2.54:53`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EmailDnsConfig {
    System,
    Off,
    Servers(Vec<std::net::SocketAddr>),
}

/// The identity provider the API trusts and the SPA signs in with.
#[derive(Debug, Clone)]
pub struct OidcConfig {
    pub issuer: String,
    pub audience: String,
    /// The SPA's public client id.
    pub client_id: String,
    pub scope: String,
}

/// Reads the environment: `PORTAL_ENV`, `PORT`, `BIND_ADDRESS`, `PUBLIC_URL`, `DATABASE_URL`,
/// `TEMPORAL_ADDRESS`, `TEMPORAL_NAMESPACE`, `TEMPORAL_TASK_QUEUE`, `TEMPORAL_GRPC_COMPRESSION`,
/// `TEMPORAL_MAX_CACHED_WORKFLOWS`, `TEMPORAL_UI_URL`, `OIDC_ISSUER`, `OIDC_AUDIENCE`, `OIDC_CLIENT_ID`, `OIDC_SCOPE`, `DEV_IDP`, `WEB_DIST`,
/// `PRODUCT_DIR`, `DATA_DIR`, `IDLE_TIMEOUT_SECONDS`, `SIGN_IN_MAX_FAILURES_PER_ACCOUNT`,
/// `SIGN_IN_MAX_FAILURES_PER_ADDRESS`, `SIGN_IN_FAILURE_WINDOW_MINUTES`, `PORTAL_PAYLOAD_KEYS`,
/// `PORTAL_PAYLOAD_KEYS_FILE`, `PORTAL_PAYLOAD_KEY_ID`, `RETENTION_SWEEP_INTERVAL_SECONDS`.
pub fn from_env() -> anyhow::Result<Config> {
    from_lookup(|key| std::env::var(key).ok().filter(|v| !v.trim().is_empty()))
}

/// The same as [`from_env`] with an explicit lookup, so tests need not touch the process environment.
pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> anyhow::Result<Config> {
    let environment = match get("PORTAL_ENV")
        .as_deref()
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        None | Some("production") => Environment::Production,
        Some("development") => Environment::Development,
        Some(other) => bail!("PORTAL_ENV must be development or production, not {other:?}"),
    };
    let port: u16 = get("PORT")
        .unwrap_or_else(|| "8080".into())
        .parse()
        .context("PORT must be a number from 0 to 65535")?;
    let bind_ip = get("BIND_ADDRESS").unwrap_or_else(|| "127.0.0.1".into());
    let bind = format!("{bind_ip}:{port}")
        .parse()
        .with_context(|| format!("BIND_ADDRESS {bind_ip:?} is not an IP address"))?;
    let public_url = get("PUBLIC_URL")
        .unwrap_or_else(|| format!("http://127.0.0.1:{port}"))
        .trim_end_matches('/')
        .to_owned();
    let dev_idp = match get("DEV_IDP").as_deref() {
        None => environment == Environment::Development,
        Some("on" | "1" | "true") => true,
        Some("off" | "0" | "false") => false,
        Some(other) => bail!("DEV_IDP must be on or off, not {other:?}"),
    };
    if dev_idp && environment == Environment::Production {
        bail!("The development identity provider cannot run with PORTAL_ENV=production");
    }
    let issuer = match get("OIDC_ISSUER") {
        Some(issuer) => issuer.trim_end_matches('/').to_owned(),
        None if dev_idp => format!("{public_url}/dev-idp"),
        None => bail!("OIDC_ISSUER must be set (the identity provider's issuer URL)"),
    };
    let idle_timeout_seconds = get("IDLE_TIMEOUT_SECONDS")
        .unwrap_or_else(|| domain::constants::DEFAULT_IDLE_TIMEOUT_SECONDS.to_string())
        .parse()
        .context("IDLE_TIMEOUT_SECONDS must be a whole number of seconds")?;
    Ok(Config {
        environment,
        bind,
        public_url,
        database_url: get("DATABASE_URL").unwrap_or_else(|| "sqlite://data/portal.db".into()),
        temporal: TemporalConfig {
            address: get("TEMPORAL_ADDRESS").unwrap_or_else(|| "http://127.0.0.1:7233".into()),
            namespace: get("TEMPORAL_NAMESPACE").unwrap_or_else(|| "default".into()),
            task_queue: get("TEMPORAL_TASK_QUEUE").unwrap_or_else(|| "portal-applications".into()),
            workflow_task_pollers: get("TEMPORAL_WORKFLOW_TASK_POLLERS")
                .unwrap_or_else(|| "12".into())
                .parse()
                .ok()
                .filter(|n| (2..=200).contains(n))
                .context("TEMPORAL_WORKFLOW_TASK_POLLERS must be a whole number from 2 to 200")?,
            max_cached_workflows: match get("TEMPORAL_MAX_CACHED_WORKFLOWS") {
                None => workflows::worker::DEFAULT_MAX_CACHED_WORKFLOWS,
                Some(text) => text
                    .parse()
                    .ok()
                    .filter(|n| (1..=100_000).contains(n))
                    .context(
                        "TEMPORAL_MAX_CACHED_WORKFLOWS must be a whole number from 1 to 100000",
                    )?,
            },
            compress: match get("TEMPORAL_GRPC_COMPRESSION").as_deref() {
                Some("none") => false,
                None | Some("gzip") => true,
                Some(other) => {
                    bail!("TEMPORAL_GRPC_COMPRESSION must be none or gzip, not {other:?}")
                }
            },
            payload_keys: payload_keys(&get, environment),
        },
        temporal_ui_url: get("TEMPORAL_UI_URL"),
        oidc: OidcConfig {
            issuer,
            audience: get("OIDC_AUDIENCE").unwrap_or_else(|| "portal-api".into()),
            client_id: get("OIDC_CLIENT_ID").unwrap_or_else(|| "portal-web".into()),
            scope: get("OIDC_SCOPE")
                .unwrap_or_else(|| "openid profile email offline_access".into()),
        },
        dev_idp,
        web_dist: get("WEB_DIST").unwrap_or_else(|| "web/dist".into()).into(),
        product_dir: get("PRODUCT_DIR")
            .unwrap_or_else(|| "product".into())
            .into(),
        data_dir: get("DATA_DIR").unwrap_or_else(|| "data".into()).into(),
        idle_timeout_seconds,
        address_lookup: address_lookup(&get)?,
        payee_check: payee_check(&get)?,
        email_dns: email_dns(&get)?,
        email_dns_canary: get("EMAIL_DNS_CANARY").unwrap_or_else(|| "gmail.com".into()),
        sign_in_limits: sign_in_limits(&get)?,
        retention_sweep_interval: retention_sweep_interval(&get)?,
    })
}

/// Where the Temporal payload keys are (read when a client connects, not here):
/// `PORTAL_PAYLOAD_KEYS` (the keys themselves) or `PORTAL_PAYLOAD_KEYS_FILE`, the newest named
/// by `PORTAL_PAYLOAD_KEY_ID` or else the last. In development, without either, the file
/// `payload-keys` in `DATA_DIR`, made on first use; in production, none (the portal refuses to
/// start, saying what to set).
fn payload_keys(
    get: &impl Fn(&str) -> Option<String>,
    environment: Environment,
) -> keyring::KeySource {
    let newest = get("PORTAL_PAYLOAD_KEY_ID");
    match (get("PORTAL_PAYLOAD_KEYS"), get("PORTAL_PAYLOAD_KEYS_FILE")) {
        (Some(keys), _) => keyring::KeySource::inline(keys, newest),
        (None, Some(file)) => keyring::KeySource::file(file, newest),
        (None, None) if environment == Environment::Development => {
            let data_dir = PathBuf::from(get("DATA_DIR").unwrap_or_else(|| "data".into()));
            keyring::KeySource::development_file(data_dir.join("payload-keys"), newest)
        }
        (None, None) => keyring::KeySource::unset(),
    }
}

/// `RETENTION_SWEEP_INTERVAL_SECONDS`: from a second (tests) to 31 days.
fn retention_sweep_interval(
    get: &impl Fn(&str) -> Option<String>,
) -> anyhow::Result<std::time::Duration> {
    const MOST: u64 = 31 * 24 * 60 * 60;
    get("RETENTION_SWEEP_INTERVAL_SECONDS").map_or(
        Ok(workflows::retention::DEFAULT_SWEEP_INTERVAL),
        |text| {
            text.trim()
                .parse()
                .ok()
                .filter(|n| (1..=MOST).contains(n))
                .map(std::time::Duration::from_secs)
                .with_context(|| {
                    format!(
                        "RETENTION_SWEEP_INTERVAL_SECONDS must be a whole number from 1 to {MOST}"
                    )
                })
        },
    )
}

fn address_lookup(get: &impl Fn(&str) -> Option<String>) -> anyhow::Result<AddressLookupConfig> {
    match get("ADDRESS_LOOKUP").as_deref().unwrap_or("gazetteer") {
        "gazetteer" => Ok(AddressLookupConfig::Gazetteer),
        "ideal-postcodes" => {
            let api_key = get("IDEAL_POSTCODES_API_KEY")
                .filter(|key| !key.trim().is_empty())
                .context("ADDRESS_LOOKUP=ideal-postcodes needs IDEAL_POSTCODES_API_KEY")?;
            let url = get("IDEAL_POSTCODES_URL")
                .unwrap_or_else(|| "https://api.ideal-postcodes.co.uk".into())
                .trim_end_matches('/')
                .to_owned();
            Ok(AddressLookupConfig::IdealPostcodes { url, api_key })
        }
        other => bail!("ADDRESS_LOOKUP must be gazetteer or ideal-postcodes, not {other:?}"),
    }
}

fn email_dns(get: &impl Fn(&str) -> Option<String>) -> anyhow::Result<EmailDnsConfig> {
    match get("EMAIL_DNS").as_deref().unwrap_or("system") {
        "system" => Ok(EmailDnsConfig::System),
        "off" => Ok(EmailDnsConfig::Off),
        list => list
            .split(',')
            .map(|server| {
                server.trim().parse().with_context(|| {
                    format!("EMAIL_DNS must be system, off or ip:port servers, not {server:?}")
                })
            })
            .collect::<anyhow::Result<Vec<_>>>()
            .map(EmailDnsConfig::Servers),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(pairs: &[(&str, &str)]) -> anyhow::Result<Config> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        from_lookup(|k| map.get(k).cloned())
    }

    #[test]
    fn development_turns_on_the_dev_idp_and_its_issuer_follows_the_port() {
        let c = config(&[("PORTAL_ENV", "development"), ("PORT", "9090")]).unwrap();
        assert!(c.dev_idp);
        assert_eq!(c.oidc.issuer, "http://127.0.0.1:9090/dev-idp");
    }

    #[test]
    fn production_refuses_the_dev_idp() {
        let error = config(&[("PORTAL_ENV", "production"), ("DEV_IDP", "on")]).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("cannot run with PORTAL_ENV=production")
        );
    }

    #[test]
    fn production_is_the_default_and_needs_an_issuer() {
        let error = config(&[]).unwrap_err();
        assert!(error.to_string().contains("OIDC_ISSUER"));
        let c = config(&[("OIDC_ISSUER", "https://login.example.com/tenant/v2.0/")]).unwrap();
        assert_eq!(c.environment, Environment::Production);
        assert!(!c.dev_idp);
        assert_eq!(c.oidc.issuer, "https://login.example.com/tenant/v2.0");
    }

    #[test]
    fn bad_values_are_named() {
        assert!(
            config(&[("PORT", "eighty")])
                .unwrap_err()
                .to_string()
                .contains("PORT")
        );
        assert!(
            config(&[("PORTAL_ENV", "staging")])
                .unwrap_err()
                .to_string()
                .contains("PORTAL_ENV")
        );
    }

    #[test]
    fn the_worker_cache_and_compression_have_measured_defaults_and_refuse_nonsense() {
        let dev = ("PORTAL_ENV", "development");
        let c = config(&[dev]).unwrap();
        assert_eq!(c.temporal.max_cached_workflows, 250);
        assert!(c.temporal.compress);
        let c = config(&[
            dev,
            ("TEMPORAL_MAX_CACHED_WORKFLOWS", "40"),
            ("TEMPORAL_GRPC_COMPRESSION", "none"),
        ])
        .unwrap();
        assert_eq!(c.temporal.max_cached_workflows, 40);
        assert!(!c.temporal.compress);
        for (name, value) in [
            ("TEMPORAL_MAX_CACHED_WORKFLOWS", "0"),
            ("TEMPORAL_MAX_CACHED_WORKFLOWS", "lots"),
            ("TEMPORAL_GRPC_COMPRESSION", "zstd"),
        ] {
            let error = config(&[dev, (name, value)]).unwrap_err().to_string();
            assert!(error.contains(name), "{name}={value}: {error}");
        }
    }

    #[test]
    fn sign_in_limits_default_to_5_per_account_and_20_per_address_in_15_minutes() {
        let dev = ("PORTAL_ENV", "development");
        let limits = config(&[dev]).unwrap().sign_in_limits;
        let window = chrono::Duration::minutes(15);
        assert_eq!(
            (limits.per_account.max_failures, limits.per_account.window),
            (5, window)
        );
        assert_eq!(
            (limits.per_address.max_failures, limits.per_address.window),
            (20, window)
        );
        let set = config(&[
            dev,
            ("SIGN_IN_MAX_FAILURES_PER_ACCOUNT", "3"),
            ("SIGN_IN_MAX_FAILURES_PER_ADDRESS", "50"),
            ("SIGN_IN_FAILURE_WINDOW_MINUTES", "1440"),
        ])
        .unwrap()
        .sign_in_limits;
        assert_eq!(set.per_account.max_failures, 3);
        assert_eq!(set.per_address.max_failures, 50);
        assert_eq!(set.per_address.window, chrono::Duration::days(1));
        for (name, value) in [
            ("SIGN_IN_MAX_FAILURES_PER_ACCOUNT", "0"),
            ("SIGN_IN_MAX_FAILURES_PER_ADDRESS", "many"),
            ("SIGN_IN_FAILURE_WINDOW_MINUTES", "1441"),
        ] {
            let error = config(&[dev, (name, value)]).unwrap_err().to_string();
            assert!(error.contains(name), "{name}={value}: {error}");
        }
    }

    #[test]
    fn the_address_look_up_and_email_dns_are_chosen_by_configuration() {
        let dev = [("PORTAL_ENV", "development")];
        let c = config(&dev).unwrap();
        assert_eq!(c.address_lookup, AddressLookupConfig::Gazetteer);
        assert_eq!(c.email_dns, EmailDnsConfig::System);
        let missing_key = config(&[dev[0], ("ADDRESS_LOOKUP", "ideal-postcodes")]).unwrap_err();
        assert!(missing_key.to_string().contains("IDEAL_POSTCODES_API_KEY"));
        let ideal = config(&[
            dev[0],
            ("ADDRESS_LOOKUP", "ideal-postcodes"),
            ("IDEAL_POSTCODES_API_KEY", "ak_secret"),
        ])
        .unwrap();
        assert_eq!(
            ideal.address_lookup,
            AddressLookupConfig::IdealPostcodes {
                url: "https://api.ideal-postcodes.co.uk".into(),
                api_key: "ak_secret".into()
            }
        );
        assert!(
            !format!("{ideal:?}").contains("ak_secret"),
            "the key is never printed"
        );
        assert!(config(&[dev[0], ("ADDRESS_LOOKUP", "paf")]).is_err());
        let off = config(&[dev[0], ("EMAIL_DNS", "off")]).unwrap();
        assert_eq!(off.email_dns, EmailDnsConfig::Off);
        let servers = config(&[dev[0], ("EMAIL_DNS", "127.0.0.1:5353, [::1]:53")]).unwrap();
        assert_eq!(
            servers.email_dns,
            EmailDnsConfig::Servers(vec![
                "127.0.0.1:5353".parse().unwrap(),
                "[::1]:53".parse().unwrap()
            ])
        );
        let bad = config(&[dev[0], ("EMAIL_DNS", "8.8.8.8")]).unwrap_err();
        assert!(bad.to_string().contains("EMAIL_DNS"));
    }

    #[test]
    fn the_retention_sweep_runs_daily_unless_set_from_a_second_to_a_month() {
        let dev = ("PORTAL_ENV", "development");
        let daily = std::time::Duration::from_secs(86_400);
        assert_eq!(config(&[dev]).unwrap().retention_sweep_interval, daily);
        let every = |value| config(&[dev, ("RETENTION_SWEEP_INTERVAL_SECONDS", value)]);
        assert_eq!(
            every("1").unwrap().retention_sweep_interval,
            std::time::Duration::from_secs(1)
        );
        assert_eq!(
            every("2678400").unwrap().retention_sweep_interval,
            std::time::Duration::from_secs(2_678_400)
        );
        for wrong in ["0", "2678401", "daily", "-5"] {
            let error = every(wrong).unwrap_err().to_string();
            assert!(
                error.contains("RETENTION_SWEEP_INTERVAL_SECONDS"),
                "{wrong}: {error}"
            );
        }
    }
}
