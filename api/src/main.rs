//! `portal`: the adviser portal in one binary.
//!
//! - `portal serve`: the HTTP API, the SPA and the Temporal worker in one process (single box).
//! - `portal api` / `portal worker`: the same, apart, to scale each independently.
//! - `portal migrate`, `portal seed`, `portal openapi`: one-off tasks.
//! - `portal temporal-dev-args`: the flags `scripts/run.sh` starts Temporal's dev server with.
//! - `portal payload-keys init|rotate FILE`: the Temporal payload key file (README "Keys").

use anyhow::Context;
use api::config::{self, Config};
use api::{Services, build_app, prepare};
use clap::{Parser, Subcommand};
use tokio::net::TcpListener;

#[derive(Debug, Parser)]
#[command(name = "portal", about = "Adviser portal of a UK life insurer")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the API and SPA and run the Temporal worker.
    Serve,
    /// Serve the API and SPA only.
    Api,
    /// Run the Temporal worker only.
    Worker,
    /// Create or update the database schema.
    Migrate,
    /// Print the OpenAPI document.
    Openapi,
    /// Print the flags to start Temporal's dev server with, one per line.
    TemporalDevArgs,
    /// Exit 0 when this host's part is working (for container health checks): `api` answers
    /// /healthz, `worker` is polling Temporal for work.
    HealthCheck {
        #[arg(value_enum)]
        part: Part,
    },
    /// Keep the Temporal payload key file: `init` makes it with one key if it is missing (what
    /// `make run` does in data/); `rotate` adds a new key, which new payloads then use.
    PayloadKeys {
        #[arg(value_enum)]
        action: KeyAction,
        /// The key file (`PORTAL_PAYLOAD_KEYS_FILE`).
        file: std::path::PathBuf,
    },
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum KeyAction {
    Init,
    Rotate,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum Part {
    Api,
    Worker,
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    if let Command::Openapi = cli.command {
        print!("{}", api::openapi_json());
        return Ok(());
    }
    if let Command::TemporalDevArgs = cli.command {
        for arg in workflows::dev_server::args() {
            println!("{arg}");
        }
        return Ok(());
    }
    if let Command::PayloadKeys { action, file } = &cli.command {
        return payload_keys(*action, file);
    }
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,temporalio_sdk_core=warn,temporalio_client=warn".into()),
        )
        .init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("Failed to start the async runtime")?;
    runtime.block_on(run(cli.command))
}

async fn run(command: Command) -> anyhow::Result<()> {
    let config = config::from_env()?;
    match command {
        Command::Migrate => {
            // Migrating reads stored documents (to fill new columns), so it needs their keys.
            let keys = workflows::worker::payload_keys(&config.temporal)?;
            let store = store::Store::connect(&config.database_url, keys).await?;
            store.migrate().await?;
            println!("Database is up to date.");
            Ok(())
        }
        Command::Serve => serve(config, true).await,
        Command::Api => serve(config, false).await,
        Command::Worker => {
            let services = prepare(config).await?;
            let worker = api::worker::start(&services)?;
            tracing::info!("worker running; press Ctrl-C to stop");
            shutdown_signal().await;
            worker.stop()
        }
        Command::Openapi | Command::TemporalDevArgs | Command::PayloadKeys { .. } => Ok(()),
        Command::HealthCheck { part } => health_check(&config, part).await,
    }
}

fn payload_keys(action: KeyAction, file: &std::path::Path) -> anyhow::Result<()> {
    let shown = file.display();
    match action {
        KeyAction::Init => {
            if keyring::create_if_missing(file)? {
                println!("Made the payload key file {shown} with one new key.");
            }
        }
        KeyAction::Rotate => {
            let id = keyring::append_new_key(file)?;
            println!(
                "Added key {id} to {shown}: restart the portal's processes to encrypt with it. \
                 Keep the older keys while anything they encrypted may still be read."
            );
        }
    }
    Ok(())
}

async fn health_check(config: &Config, part: Part) -> anyhow::Result<()> {
    match part {
        Part::Api => {
            api::install_crypto_provider();
            let url = format!("http://127.0.0.1:{}/healthz", config.bind.port());
            let response = reqwest::get(&url)
                .await
                .with_context(|| format!("{url} did not answer"))?;
            anyhow::ensure!(
                response.status().is_success(),
                "{url} answered {}",
                response.status()
            );
        }
        Part::Worker => {
            let polling = workflows::worker::is_polling_from_this_host(&config.temporal).await?;
            anyhow::ensure!(
                polling,
                "no worker on this host has polled {} lately",
                config.temporal.task_queue
            );
        }
    }
    println!("healthy");
    Ok(())
}

async fn serve(config: Config, with_worker: bool) -> anyhow::Result<()> {
    let listener = TcpListener::bind(config.bind)
        .await
        .with_context(|| format!("Failed to listen on {} (is PORT in use?)", config.bind))?;
    let services = prepare(config).await?;
    let worker = if with_worker {
        Some(api::worker::start(&services)?)
    } else {
        None
    };
    let app = build_app(&services);
    print_banner(&services);
    // The peer's address is kept with each request (`audit::Reader`; the development identity
    // provider's sign-in limits).
    let app = app.into_make_service_with_connect_info::<std::net::SocketAddr>();
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown_signal())
        .await
        .context("The HTTP server failed")?;
    tracing::info!("stopping");
    if let Some(worker) = worker {
        worker.stop()?;
    }
    // Its agents stop counting as online at once, rather than when their rows go stale.
    services.state.chat.stop().await;
    services.state.store.close().await;
    Ok(())
}

fn print_banner(services: &Services) {
    let config = &services.state.config;
    let url = &config.public_url;
    println!();
    println!("Adviser portal is ready ({}).", config.environment.name());
    println!("  Portal:           {url}/v2/");
    println!("  API (Swagger UI): {url}/api/docs");
    println!("  OpenAPI document: {url}/api/openapi.json");
    if let Some(ui) = &config.temporal_ui_url {
        println!("  Temporal Web UI:  {ui}");
    }
    #[cfg(feature = "dev-idp")]
    if let Some(directory) = &services.dev_directory {
        println!("  Development users (password Passw0rd!):");
        for user in &directory.users {
            let what = match (&user.adviser, user.roles.is_empty()) {
                (Some(_), _) => "adviser".to_owned(),
                (None, false) if user.roles.iter().any(|r| r == "underwriter") => {
                    "underwriter (the workbench of referred cases)".to_owned()
                }
                (None, false) => user.roles.join(", "),
                (None, true) => "user".to_owned(),
            };
            println!("    {:<26} {}", user.email, what);
        }
    }
    println!("Press Ctrl-C to stop.");
    println!();
}

async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
}
