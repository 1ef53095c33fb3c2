//! `portal-load`: the load driver and the fault-injection run. It drives a portal over HTTP as
//! advisers do, signing in through the development identity provider's password grant, and
//! measures it; it is never part of the portal. A portal it did not start (`make run`) it
//! reaches only over HTTP; Temporal directly only for its own baseline worker. The runs that
//! start their own processes ([`cluster`]) also read workflows to check them (`chaos`) or write
//! a read model straight to their own database (`search`).
//!
//! One module per `--scenario` ([`scenarios`]):
//! - `quote` (the default): N concurrent clients each repeatedly create an application, add a
//!   client to it (`AddApplicant`), read it back (`GET /application/{id}`), add a cover
//!   (`MutateCovers/add`, which comes back priced), and it reports p50, p95, p99 and max of
//!   each call. Usage: `portal-load [--base-url http://127.0.0.1:8080]
//!   [--temporal-address http://127.0.0.1:7233] [--clients 20] [--rounds 25]`;
//! - `underwriting`, `bank`, `activate`, `edit`, `qi`: one call measured after each client has taken
//!   a case to where it starts;
//! - `chaos [--clients 4] [--seconds 60] [--kills 4]`: the fault-injection run; it starts a
//!   Temporal server, an API and two workers of its own and proves that no confirmed answer is
//!   lost while workers and the server are killed. `journeys` is the same run without faults:
//!   whole journeys under load, with each command's p50/p95/p99 (`--clients 200 --seconds 600
//!   --long-cases 2` is the soak test);
//! - `search`: the dashboard's search and the workbench over a large book of cases;
//! - `chat [--clients 200] [--agents 4] [--seconds 30] [--think-ms 550] [--apis 2 --database-url postgres://…]`: web chat's messages a
//!   second and round trip with that many advisers and agents connected.
//!
//! In the same run each measuring scenario measures Temporal's bare no-op Update with the same
//! concurrency ([`baseline`]: a worker of its own runs `BaselineWorkflow`), and reports each
//! call as a ratio to it ([`measure`]).

mod baseline;
mod cases;
mod cli;
mod cluster;
mod cpu;
mod http;
mod measure;
mod repeats;
mod scenarios;

use clap::Parser;
use cli::{Args, chaos_options};
use scenarios::{activate, bank, chaos, chat, edit, qi, quote, search, underwriting};

/// Ends with the reason on its last line and no backtrace, however `RUST_BACKTRACE` is set, so a
/// failed run in CI shows why in the last lines of its output.
#[tokio::main]
async fn main() -> std::process::ExitCode {
    match run().await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("portal-load failed: {error:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run() -> anyhow::Result<()> {
    let args = Args::parse();
    // TLS for the HTTP client and the Temporal connection uses ring, as the portal's does.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(args.clients * 2)
        .build()?;
    match args.scenario.as_str() {
        "chaos" => chaos::run(chaos_options(&args)?).await,
        "journeys" => {
            let options = chaos::Options {
                kills: 0,
                server_restarts: 0,
                ..chaos_options(&args)?
            };
            chaos::run(options).await
        }
        "chat" => {
            let chaos = chaos_options(&args)?;
            chat::run(chat::Options {
                advisers: args.clients,
                agents: args.agents,
                duration: std::time::Duration::from_secs(args.seconds),
                pause: std::time::Duration::from_millis(if args.think_ms == 0 {
                    550
                } else {
                    args.think_ms
                }),
                binaries: chaos.binaries,
                keep: args.keep,
                apis: usize::from(args.apis),
                database_url: args.database_url.clone(),
            })
            .await
        }
        "search" => {
            let chaos = chaos_options(&args)?;
            search::run(search::Options {
                applications: args.applications,
                clients: args.clients,
                rounds: args.rounds,
                adviser: args.adviser_id.clone(),
                user: args.user.clone(),
                password: args.password.clone(),
                binaries: chaos.binaries,
                keep: args.keep,
            })
            .await
        }
        scenario => {
            let token = http::sign_in(&http, &args.base_url, &args.user, &args.password).await?;
            match scenario {
                "underwriting" => underwriting::run(&http, &args, &token).await,
                "bank" => bank::run(&http, &args, &token).await,
                "activate" => activate::run(&http, &args, &token).await,
                "edit" => edit::run(&http, &args, &token).await,
                "qi" => qi::run(&http, &args, &token).await,
                _ => quote::run(&http, &args, &token).await,
            }
        }
    }
}
