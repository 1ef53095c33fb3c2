//! The portal's HTTP side: the §7 API under `/api`, its OpenAPI document and Swagger UI, the
//! development identity provider, and the built SPA under `/v2`; and the process's composition:
//! [`prepare`] connects what both parts use, [`worker`] composes the Temporal worker.
//! `main.rs` wires them into the `portal` binary; tests build the same router with
//! [`build_app`] and the same worker with [`worker::start`].

pub mod audit;
pub mod auth;
pub mod body;
pub mod case;
pub mod config;
pub mod error;
pub mod idempotency;
pub mod owners;
pub mod portal_settings;
pub mod query;
mod routes;
pub mod security_headers;
pub mod sender;
pub mod spa;
pub mod state;
pub mod timeline;
pub mod worker;
pub mod workflow_client;

use crate::auth::TokenVerifier;
use crate::config::{AddressLookupConfig, Config, EmailDnsConfig};
use crate::error::{ProblemType, problem};
use crate::portal_settings::PortalSettings;
use crate::state::AppState;
use crate::workflow_client::WorkflowClient;
use anyhow::Context;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::response::Redirect;
use axum::routing::get;
#[cfg(feature = "dev-idp")]
use dev_idp::{DevIdp, DevIdpSettings, users::DevDirectory};
use std::sync::Arc;
use store::Store;
use tower_http::trace::TraceLayer;
use utoipa_swagger_ui::SwaggerUi;

/// The OpenAPI document, as generated from the handlers.
pub fn openapi() -> utoipa::openapi::OpenApi {
    routes::api_with_document().1
}

/// The OpenAPI document as committed in `openapi/openapi.json`.
pub fn openapi_json() -> String {
    let mut json = openapi().to_pretty_json().unwrap_or_default();
    json.push('\n');
    json
}

/// Everything a running portal holds, ready to serve.
#[derive(Debug)]
pub struct Services {
    pub state: AppState,
    #[cfg(feature = "dev-idp")]
    pub dev_idp: Option<Arc<DevIdp>>,
    #[cfg(feature = "dev-idp")]
    pub dev_directory: Option<DevDirectory>,
}

/// Connects to the database (migrating it) and Temporal, seeds the development users when the
/// development identity provider is on, and prepares token checking.
pub async fn prepare(config: Config) -> anyhow::Result<Services> {
    install_crypto_provider();
    let settings = PortalSettings::load(&config.product_dir)?;
    let product = activities::Product::load(&config.product_dir)
        .context("The product files are not usable")?;
    let rulebook = activities::Rulebook::load(&config.product_dir)
        .context("The underwriting rulebook is not usable")?;
    let retention =
        activities::retention::load_period(&config.product_dir).map_err(anyhow::Error::msg)?;
    let surgeries = activities::surgeries::SampleSurgeries::load(
        &config.product_dir.join("surgeries/surgeries.csv"),
    )
    .map_err(anyhow::Error::msg)
    .context("The sample surgery list is not usable")?;
    // The database seals health answers, bank details and documents with the payload keys.
    let keys = workflows::worker::payload_keys(&config.temporal)?;
    let codec = workflows::codec::EncryptingCodec::new(keys.clone());
    let store = Store::connect(&config.database_url, keys)
        .await
        .with_context(|| {
            format!(
                "Failed to open the database {}",
                store::redact(&config.database_url)
            )
        })?;
    store
        .migrate()
        .await
        .context("Failed to migrate the database")?;

    #[cfg(feature = "dev-idp")]
    let (dev_idp, dev_directory) = start_dev_idp(&config, &store).await?;
    #[cfg(not(feature = "dev-idp"))]
    refuse_dev_idp(&config)?;

    let client = connect_to_temporal(&config.temporal).await?;
    let http = reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(10))
        .build()
        .context("Failed to build the HTTP client")?;
    let tokens = TokenVerifier::new(&config.oidc.issuer, &config.oidc.audience, http);
    let addresses = address_lookup(&config)?;
    let payee = payee_check(&config)?;
    let emails = email_checker(&config).await?;
    // Web chat's hub: its tickets, presence and notices go through the database (WC8-WC10).
    let chat = Arc::new(chat::ChatHub::new(store.clone()));
    let state = AppState {
        workflow_client: WorkflowClient::new(client, config.temporal.task_queue.clone()),
        config: Arc::new(config),
        settings: Arc::new(settings),
        store,
        tokens: Arc::new(tokens),
        product: Arc::new(product),
        rulebook: Arc::new(rulebook),
        surgeries: Arc::new(surgeries),
        addresses,
        payee,
        emails: Arc::new(emails),
        owners: Arc::default(),
        chat,
        retention,
        codec,
    };
    Ok(Services {
        state,
        #[cfg(feature = "dev-idp")]
        dev_idp,
        #[cfg(feature = "dev-idp")]
        dev_directory,
    })
}

/// The Confirmation of Payee provider the configuration names, or none.
fn payee_check(config: &Config) -> anyhow::Result<Arc<dyn activities::PayeeCheck>> {
    Ok(match &config.payee_check {
        None => Arc::new(activities::NoPayeeCheck),
        Some(cop) => Arc::new(
            activities::HttpPayeeCheck::new(&cop.url, cop.api_key.clone(), PAYEE_TIMEOUT)
                .map_err(anyhow::Error::msg)
                .context("The Confirmation of Payee provider is not usable")?,
        ),
    })
}

/// Longest an adviser waits for the Confirmation of Payee provider.
const PAYEE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(8);

/// The address look-up the configuration names; the sample gazetteer is checked as it loads.
fn address_lookup(config: &Config) -> anyhow::Result<Arc<dyn activities::AddressLookup>> {
    Ok(match &config.address_lookup {
        AddressLookupConfig::Gazetteer => {
            let path = config.product_dir.join("address/gazetteer.csv");
            let gazetteer = activities::Gazetteer::load(&path)
                .map_err(anyhow::Error::msg)
                .context("The sample address gazetteer is not usable")?;
            Arc::new(gazetteer)
        }
        AddressLookupConfig::IdealPostcodes { url, api_key } => Arc::new(
            activities::IdealPostcodes::new(url.clone(), api_key.clone(), ADDRESS_TIMEOUT)
                .map_err(anyhow::Error::msg)
                .context("The Ideal Postcodes address look-up is not usable")?,
        ),
    })
}

/// The email check with the lists in `product/email/` and DNS as `EMAIL_DNS` says. A resolver
/// that denies a domain known to take mail (`EMAIL_DNS_CANARY`, default gmail.com) has no
/// view of the internet — sandboxes and some networks answer "no such domain" for every name —
/// so DNS is switched off rather than refusing every client's address.
async fn email_checker(config: &Config) -> anyhow::Result<activities::EmailChecker> {
    let lists = config.product_dir.join("email");
    let load = |dns| {
        activities::EmailChecker::load(&lists, dns)
            .map_err(anyhow::Error::msg)
            .context("The email lists are not usable")
    };
    let dns = match &config.email_dns {
        EmailDnsConfig::Off => None,
        EmailDnsConfig::System => {
            let found = activities::DnsConfig::from_resolv_conf(
                std::path::Path::new("/etc/resolv.conf"),
                DNS_TIMEOUT,
            );
            if found.is_none() {
                tracing::warn!(
                    "no DNS resolvers in /etc/resolv.conf: email domains will be reported as not checked"
                );
            }
            found
        }
        EmailDnsConfig::Servers(servers) => Some(activities::DnsConfig {
            servers: servers.clone(),
            timeout: DNS_TIMEOUT,
        }),
    };
    let Some(dns) = dns else {
        return load(None);
    };
    let checker = load(Some(dns))?;
    let canary = &config.email_dns_canary;
    let Ok(probe) = domain::contact::EmailAddress::parse(&format!("postmaster@{canary}")) else {
        anyhow::bail!("EMAIL_DNS_CANARY {canary:?} is not a domain");
    };
    let answer = checker.check(&probe).await;
    if answer.status.as_deref() == Some(activities::email::FAILURE_NO_MAIL_SERVER) {
        tracing::warn!(
            %canary,
            "the DNS resolver says {canary} takes no mail, so it cannot see the internet: email domains will be reported as not checked"
        );
        return load(None);
    }
    Ok(checker)
}

/// How long a starting process waits for Temporal: long enough for the server to restart or
/// for a whole deployment to come up in any order, short enough that a wrong address is
/// reported rather than waited on for ever.
const TEMPORAL_START_WAIT: std::time::Duration = std::time::Duration::from_secs(120);

/// Connects to Temporal and registers the search attributes, trying again while the server is
/// starting or restarting, so a process started beside it does not die of the race.
async fn connect_to_temporal(
    config: &workflows::worker::TemporalConfig,
) -> anyhow::Result<temporalio_client::Client> {
    // Keys that cannot be read will not get better by waiting for Temporal: say so at once.
    workflows::worker::payload_keys(config)?;
    let deadline = std::time::Instant::now() + TEMPORAL_START_WAIT;
    let mut pause = std::time::Duration::from_millis(250);
    loop {
        let attempt = async {
            let client = workflows::worker::connect(config).await?;
            workflows::worker::ensure_search_attributes(&client, &config.namespace).await?;
            anyhow::Ok(client)
        };
        match attempt.await {
            Ok(client) => return Ok(client),
            Err(error) if std::time::Instant::now() < deadline => {
                tracing::warn!("waiting for Temporal at {}: {error:#}", config.address);
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(std::time::Duration::from_secs(5));
            }
            Err(error) => return Err(error),
        }
    }
}

/// Longest an adviser waits for the address provider before entering the address by hand.
const ADDRESS_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(3);
/// Longest the email check waits for each DNS server before saying the domain is unchecked.
const DNS_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(1500);

/// The whole HTTP application.
pub fn build_app(services: &Services) -> Router {
    let (api, document) = routes::api_with_document();
    let document = routes::with_identity_provider(document, &services.state.config.oidc.issuer);
    let headers = security_headers::SecurityHeaders::new(&services.state.config.oidc.issuer);
    let app = api
        .merge(SwaggerUi::new("/api/docs").url("/api/openapi.json", document))
        .with_state(services.state.clone())
        .nest_service(
            "/v2",
            spa::router(&services.state.config.web_dist, headers.clone()),
        )
        .route("/", get(|| async { Redirect::to("/v2/") }));
    #[cfg(feature = "dev-idp")]
    let app = match &services.dev_idp {
        Some(idp) => app.nest("/dev-idp", idp.clone().router()),
        None => app,
    };
    app.fallback(|| async {
        problem(
            ProblemType::NotFound,
            "There is nothing at this address".into(),
            None,
        )
    })
    .method_not_allowed_fallback(|| async {
        problem(
            ProblemType::MethodNotAllowed,
            "This address does not accept that method".into(),
            None,
        )
    })
    .layer(axum::middleware::from_fn(sender::layer))
    // Outside the caller's slot: a key's first request runs in a task of its own, which
    // opens its own slot (`idempotency`).
    .layer(axum::middleware::from_fn_with_state(
        services.state.clone(),
        idempotency::layer,
    ))
    .layer(axum::middleware::from_fn(error::log_server_errors))
    .layer(DefaultBodyLimit::max(body::MAX_JSON_BODY))
    .layer(axum::middleware::from_fn_with_state(
        headers,
        security_headers::layer,
    ))
    .layer(TraceLayer::new_for_http())
    .layer(axum::middleware::from_fn_with_state(
        services.state.clone(),
        routes::codec::cors,
    ))
}

/// TLS for outgoing HTTPS (the identity provider's keys) uses ring, like the Temporal client, and
/// so does the check of each request's token signature.
pub fn install_crypto_provider() {
    // Fails only when a provider is already installed, which is what we want.
    let _ = rustls::crypto::ring::default_provider().install_default();
    auth::install_token_verifier();
}

/// The development identity provider and its users, seeded as advisers, when the configuration
/// asks for it (`DEV_IDP`, development only).
#[cfg(feature = "dev-idp")]
async fn start_dev_idp(
    config: &Config,
    store: &Store,
) -> anyhow::Result<(Option<Arc<DevIdp>>, Option<DevDirectory>)> {
    if !config.dev_idp {
        return Ok((None, None));
    }
    let directory = DevDirectory::load(&config.product_dir)?;
    store
        .seed_advisers(&directory.firms, &directory.advisers)
        .await
        .context("Failed to seed the development users")?;
    let idp = DevIdp::new(
        DevIdpSettings {
            issuer: config.oidc.issuer.clone(),
            audience: config.oidc.audience.clone(),
            client_id: config.oidc.client_id.clone(),
            public_url: config.public_url.clone(),
            extra_redirect_uris: std::env::var("DEV_IDP_REDIRECT_URIS")
                .unwrap_or_default()
                .split(',')
                .map(str::trim)
                .filter(|u| !u.is_empty())
                .map(str::to_owned)
                .collect(),
            sign_in_limits: config.sign_in_limits,
        },
        directory.clone(),
        &config.data_dir,
        store.clone(),
    )?;
    Ok((Some(Arc::new(idp)), Some(directory)))
}

/// A build without the development identity provider (the production image) refuses a
/// configuration that asks for it.
#[cfg(not(feature = "dev-idp"))]
fn refuse_dev_idp(config: &Config) -> anyhow::Result<()> {
    anyhow::ensure!(
        !config.dev_idp,
        "This build has no development identity provider (built without the `dev-idp` feature): \
         set DEV_IDP=off and OIDC_ISSUER to your identity provider"
    );
    Ok(())
}
