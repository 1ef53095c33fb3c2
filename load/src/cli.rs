//! The command line, the same for every scenario (`portal-load --help`), and the options of
//! the self-contained runs derived from it.

use crate::scenarios::chaos;
use anyhow::bail;
use clap::Parser;
use std::time::Duration;

#[derive(Debug, Parser)]
#[command(
    name = "portal-load",
    about = "Measure API latency under concurrent clients"
)]
pub struct Args {
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    pub base_url: String,
    /// Concurrent clients.
    #[arg(long, default_value_t = 20)]
    pub clients: usize,
    /// Applications each client builds.
    #[arg(long, default_value_t = 25)]
    pub rounds: usize,
    #[arg(long, default_value = "adviser1@example.com")]
    pub user: String,
    #[arg(long, default_value = "Passw0rd!")]
    pub password: String,
    /// The Temporal server the portal uses, for the baseline; `--no-baseline` skips it.
    #[arg(long, default_value = "http://127.0.0.1:7233")]
    pub temporal_address: String,
    #[arg(long, default_value = "default")]
    pub temporal_namespace: String,
    #[arg(long)]
    pub no_baseline: bool,
    /// quote, underwriting, edit, bank, activate: measure this many times in one run, each
    /// time against its own bare Update, then print each ratio's median and range.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub repeat: u32,
    /// In the bare rounds every Update (the start's too) runs one no-op local activity, as
    /// each of the portal's commands runs its save: what that step costs apart from the
    /// portal's own work.
    #[arg(long)]
    pub bare_local_activity: bool,
    /// Workflow-task pollers of the baseline worker; match the portal's for a fair comparison.
    #[arg(long, default_value_t = 12)]
    pub baseline_pollers: usize,
    /// gRPC compression of the baseline's Temporal connection (`none` or `gzip`); the same
    /// variable as the portal's, so both are measured alike.
    #[arg(long, env = "TEMPORAL_GRPC_COMPRESSION", default_value = "gzip", value_parser = ["none", "gzip"])]
    pub grpc_compression: String,
    /// Workflow runs the baseline worker caches; the same variable as the portal's.
    #[arg(long, env = "TEMPORAL_MAX_CACHED_WORKFLOWS", default_value_t = workflows::worker::DEFAULT_MAX_CACHED_WORKFLOWS)]
    pub max_cached_workflows: usize,
    /// `quote` (create, client, cover, price, look-ups), `underwriting` (each client takes a
    /// case to Apply, starts the interview, then posts answers and searches conditions) or
    /// `bank` (each client takes a case through the interview, the decision and Proceed, saves
    /// bank details, then checks them again and again) or `activate` (each client takes
    /// `rounds` cases to the end of set-up, then puts each in force: `activateApplication`),
    /// `edit` (each client edits a cover again and again: commands with no creation beside
    /// them), `qi` (each client asks Qi for one client, then changes an answer and asks for the
    /// indication again and again), `chaos` (the fault-injection run), `journeys` (the same, without faults) or `search`
    /// (the dashboard's search over `--applications` cases against single-case reads) or `chat`
    /// (web chat with `--clients` advisers and `--agents` agents connected, for `--seconds`).
    #[arg(long, default_value = "quote")]
    pub scenario: String,
    /// chaos: how long the advisers work, in seconds.
    #[arg(long, default_value_t = 60)]
    pub seconds: u64,
    /// chaos: how many times a worker is stopped: SIGKILL and SIGTERM in turn.
    #[arg(long, default_value_t = 4)]
    pub kills: usize,
    /// chaos: how many times an API process is killed with SIGKILL and started again (needs
    /// `--apis 2` or more).
    #[arg(long, default_value_t = 0)]
    pub api_kills: usize,
    /// chaos: how many times the Temporal server is killed and started again.
    #[arg(long, default_value_t = 1)]
    pub server_restarts: usize,
    /// chaos: the seed of the fault schedule (a run is repeated by giving its seed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// search: how many applications to write into the read model first.
    #[arg(long, default_value_t = 100_000)]
    pub applications: usize,
    /// search: the id of the adviser signing in as `--user`, who owns the written cases.
    #[arg(long, default_value = "adviser1")]
    pub adviser_id: String,
    /// chaos, journeys: how many advisers make `--long-edits` cover edits in their first case.
    #[arg(long, default_value_t = 0)]
    pub long_cases: usize,
    /// chaos, journeys: cover edits in each long case (over 500 makes its workflow continue
    /// as new mid-journey).
    #[arg(long, default_value_t = 510)]
    pub long_edits: usize,
    /// chaos, journeys: an adviser's pause before each command, in milliseconds (each pause is
    /// drawn between half and one and a half times this), as a person reads and types; 0 sends
    /// each command the moment the last one answered.
    #[arg(long, default_value_t = 0)]
    pub think_ms: u64,
    /// chat: customer-care agents connected to the chat desk.
    #[arg(long, default_value_t = 4)]
    pub agents: usize,
    /// chat, chaos: how many `portal api` processes to start on the one database; advisers and
    /// agents are spread over them in turn (in chaos each request goes to the next, as a load
    /// balancer would), so most work crosses between processes. More than one needs
    /// `--database-url postgres://…`.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=8))]
    pub apis: u16,
    /// chat, chaos: the database the portal's processes use instead of a SQLite file in the
    /// scratch folder, e.g. `$PORTAL_TEST_POSTGRES` under `scripts/postgres.sh`.
    #[arg(long)]
    pub database_url: Option<String>,
    /// chaos: keep the scratch folder (logs, databases) after a run that passed.
    #[arg(long)]
    pub keep: bool,
    /// chaos: the `portal` binary to run (default: beside this one).
    #[arg(long)]
    pub portal: Option<std::path::PathBuf>,
    /// chaos: the Temporal CLI (default: $TEMPORAL_CLI, else .venv/bin/temporal).
    #[arg(long)]
    pub temporal_cli: Option<std::path::PathBuf>,
    /// chaos: the product data folder (default: ./product).
    #[arg(long, default_value = "product")]
    pub product_dir: std::path::PathBuf,
    /// Reports the CPU time a process used in each measured phase, as `name=pid` (repeat it
    /// for the Temporal server and the portal); the driver's own is always reported.
    #[arg(long)]
    pub cpu_of: Vec<String>,
}

/// The self-contained runs' options (`chaos`, `journeys`, `search`): the binaries they start,
/// found or named, and what the advisers do.
pub fn chaos_options(args: &Args) -> anyhow::Result<chaos::Options> {
    let here = std::env::current_exe()?;
    let portal = match &args.portal {
        Some(path) => path.clone(),
        None => here.with_file_name("portal"),
    };
    let temporal = match (&args.temporal_cli, std::env::var_os("TEMPORAL_CLI")) {
        (Some(path), _) => path.clone(),
        (None, Some(path)) => path.into(),
        (None, None) => ".venv/bin/temporal".into(),
    };
    for (what, path) in [
        ("portal binary", &portal),
        ("Temporal CLI", &temporal),
        ("product folder", &args.product_dir),
    ] {
        if !path.exists() {
            bail!(
                "the {what} is not at {} (build it, or pass its path)",
                path.display()
            );
        }
    }
    Ok(chaos::Options {
        advisers: args.clients,
        duration: Duration::from_secs(args.seconds),
        kills: args.kills,
        server_restarts: args.server_restarts,
        apis: usize::from(args.apis),
        api_kills: args.api_kills,
        database_url: args.database_url.clone(),
        seed: args.seed.unwrap_or_else(rand::random),
        keep: args.keep,
        binaries: chaos::Binaries {
            portal,
            temporal,
            product_dir: std::fs::canonicalize(&args.product_dir)?,
        },
        user: args.user.clone(),
        password: args.password.clone(),
        long_cases: args.long_cases,
        long_edits: args.long_edits,
        think: Duration::from_millis(args.think_ms),
    })
}
