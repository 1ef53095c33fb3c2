//! `portal-load`: a small load driver for a running portal on loopback. It signs in through
//! the development identity provider's password grant, then runs N concurrent clients, each
//! repeatedly creating an application, adding a client to it (`AddApplicant`), reading it
//! back (`GET /application/{id}`), adding a cover (`MutateCovers/add`) and pricing it
//! (`quotePrice`), and reports p50, p95, p99 and max of each call.
//! In the same run it measures Temporal's bare no-op Update with the same concurrency (a
//! worker of its own runs `BaselineWorkflow`), and reports each call as a ratio to it.
//!
//! Usage: `portal-load [--base-url http://127.0.0.1:8080] [--temporal-address http://127.0.0.1:7233]
//! [--clients 20] [--rounds 25]`
//!
//! `portal-load --scenario chaos [--clients 4] [--seconds 60] [--kills 4]` is the fault-injection
//! run instead: it starts a Temporal server, an API and two workers of its own and proves that
//! no confirmed answer is lost while workers and the server are killed (see [`chaos`]).
//! `--scenario journeys` is the same run without faults: whole journeys under load, with each
//! command's p50/p95/p99 (`--clients 200 --seconds 600 --long-cases 2` is the soak test).

mod chaos;
mod cluster;
mod cpu;
mod repeats;
mod search;

use anyhow::{Context, bail};
use clap::Parser;
use repeats::{Ratios, repeated};
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Barrier;

#[derive(Debug, Parser)]
#[command(
    name = "portal-load",
    about = "Measure API latency under concurrent clients"
)]
struct Args {
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    base_url: String,
    /// Concurrent clients.
    #[arg(long, default_value_t = 20)]
    clients: usize,
    /// Applications each client builds.
    #[arg(long, default_value_t = 25)]
    rounds: usize,
    #[arg(long, default_value = "adviser1@example.com")]
    user: String,
    #[arg(long, default_value = "Passw0rd!")]
    password: String,
    /// The Temporal server the portal uses, for the baseline; `--no-baseline` skips it.
    #[arg(long, default_value = "http://127.0.0.1:7233")]
    temporal_address: String,
    #[arg(long, default_value = "default")]
    temporal_namespace: String,
    #[arg(long)]
    no_baseline: bool,
    /// quote, underwriting, edit, bank, activate: measure this many times in one run, each
    /// time against its own bare Update, then print each ratio's median and range.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    repeat: u32,
    /// In the bare rounds every Update (the start's too) runs one no-op local activity, as
    /// each of the portal's commands runs its save: what that step costs apart from the
    /// portal's own work.
    #[arg(long)]
    bare_local_activity: bool,
    /// Workflow-task pollers of the baseline worker; match the portal's for a fair comparison.
    #[arg(long, default_value_t = 12)]
    baseline_pollers: usize,
    /// gRPC compression of the baseline's Temporal connection (`none` or `gzip`); the same
    /// variable as the portal's, so both are measured alike.
    #[arg(long, env = "TEMPORAL_GRPC_COMPRESSION", default_value = "gzip", value_parser = ["none", "gzip"])]
    grpc_compression: String,
    /// Workflow runs the baseline worker caches; the same variable as the portal's.
    #[arg(long, env = "TEMPORAL_MAX_CACHED_WORKFLOWS", default_value_t = workflows::worker::DEFAULT_MAX_CACHED_WORKFLOWS)]
    max_cached_workflows: usize,
    /// `quote` (create, client, cover, price, look-ups), `underwriting` (each client takes a
    /// case to Apply, starts the interview, then posts answers and searches conditions) or
    /// `bank` (each client takes a case through the interview, the decision and Proceed, saves
    /// bank details, then checks them again and again) or `activate` (each client takes
    /// `rounds` cases to the end of set-up, then puts each in force: `activateApplication`),
    /// `edit` (each client edits a cover again and again: commands with no creation beside
    /// them), `chaos` (the fault-injection run), `journeys` (the same, without faults) or `search`
    /// (the dashboard's search over `--applications` cases against single-case reads).
    #[arg(long, default_value = "quote")]
    scenario: String,
    /// chaos: how long the advisers work, in seconds.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// chaos: how many times a worker is killed.
    #[arg(long, default_value_t = 4)]
    kills: usize,
    /// chaos: how many times the Temporal server is killed and started again.
    #[arg(long, default_value_t = 1)]
    server_restarts: usize,
    /// chaos: the seed of the fault schedule (a run is repeated by giving its seed).
    #[arg(long)]
    seed: Option<u64>,
    /// search: how many applications to write into the read model first.
    #[arg(long, default_value_t = 100_000)]
    applications: usize,
    /// search: the id of the adviser signing in as `--user`, who owns the written cases.
    #[arg(long, default_value = "adviser1")]
    adviser_id: String,
    /// chaos, journeys: how many advisers make `--long-edits` cover edits in their first case.
    #[arg(long, default_value_t = 0)]
    long_cases: usize,
    /// chaos, journeys: cover edits in each long case (over 500 makes its workflow continue
    /// as new mid-journey).
    #[arg(long, default_value_t = 510)]
    long_edits: usize,
    /// chaos, journeys: an adviser's pause before each command, in milliseconds (each pause is
    /// drawn between half and one and a half times this), as a person reads and types; 0 sends
    /// each command the moment the last one answered.
    #[arg(long, default_value_t = 0)]
    think_ms: u64,
    /// chaos: keep the scratch folder (logs, databases) after a run that passed.
    #[arg(long)]
    keep: bool,
    /// chaos: the `portal` binary to run (default: beside this one).
    #[arg(long)]
    portal: Option<std::path::PathBuf>,
    /// chaos: the Temporal CLI (default: $TEMPORAL_CLI, else .venv/bin/temporal).
    #[arg(long)]
    temporal_cli: Option<std::path::PathBuf>,
    /// chaos: the product data folder (default: ./product).
    #[arg(long, default_value = "product")]
    product_dir: std::path::PathBuf,
    /// Reports the CPU time a process used in each measured phase, as `name=pid` (repeat it
    /// for the Temporal server and the portal); the driver's own is always reported.
    #[arg(long)]
    cpu_of: Vec<String>,
}

#[derive(Default)]
struct Samples {
    create: Vec<Duration>,
    add_applicant: Vec<Duration>,
    get_application: Vec<Duration>,
    add_cover: Vec<Duration>,
    quote_price: Vec<Duration>,
    address_lookup: Vec<Duration>,
    email_check: Vec<Duration>,
    answer: Vec<Duration>,
    condition_lookup: Vec<Duration>,
    bank_check: Vec<Duration>,
    activate: Vec<Duration>,
    edit_cover: Vec<Duration>,
}

/// Postcodes of the sample gazetteer and one it does not hold, and email addresses on the
/// blocked and disposable lists and off them, so the look-ups do their real work.
const POSTCODES: [&str; 4] = ["LS6 3QJ", "m20 2ut", "EH12 6TB", "EX4 4QJ"];
const EMAILS: [&str; 4] = [
    "jane.smith@example.com",
    "jane@mailinator.com",
    "jane@qq.com",
    "j.o'brien@example.co.uk",
];

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    // TLS for the HTTP client and the Temporal connection uses ring, as the portal's does.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(args.clients * 2)
        .build()?;
    if args.scenario == "chaos" {
        return chaos::run(chaos_options(&args)?).await;
    }
    if args.scenario == "search" {
        let chaos = chaos_options(&args)?;
        return search::run(search::Options {
            applications: args.applications,
            clients: args.clients,
            rounds: args.rounds,
            adviser: args.adviser_id.clone(),
            user: args.user.clone(),
            password: args.password.clone(),
            binaries: chaos.binaries,
            keep: args.keep,
        })
        .await;
    }
    if args.scenario == "journeys" {
        let options = chaos::Options {
            kills: 0,
            server_restarts: 0,
            ..chaos_options(&args)?
        };
        return chaos::run(options).await;
    }
    let token = sign_in(&http, &args).await?;
    if args.scenario == "underwriting" {
        return underwriting(&http, &args, &token).await;
    }
    if args.scenario == "bank" {
        return bank(&http, &args, &token).await;
    }
    if args.scenario == "activate" {
        return activate(&http, &args, &token).await;
    }
    if args.scenario == "edit" {
        return edit(&http, &args, &token).await;
    }
    // One warm-up round so connection set-up and key fetching are not measured.
    run_client(&http, &args.base_url, &token, 1).await?;
    repeated(args.repeat, || quote(&http, &args, &token)).await
}

/// The quote scenario once: the rounds, then the bare Update and the bare rounds.
async fn quote(http: &reqwest::Client, args: &Args, token: &str) -> anyhow::Result<Ratios> {
    let cpu = cpu::CpuMeter::parse(&args.cpu_of)?;
    let cpu_before = cpu.read();
    let started = Instant::now();
    let tasks: Vec<_> = (0..args.clients)
        .map(|_| {
            let http = http.clone();
            let base = args.base_url.clone();
            let token = token.to_owned();
            let rounds = args.rounds;
            tokio::spawn(async move { run_client(&http, &base, &token, rounds).await })
        })
        .collect();
    let mut all = Samples::default();
    for task in tasks {
        let samples = task.await.context("a client task panicked")??;
        all.create.extend(samples.create);
        all.add_applicant.extend(samples.add_applicant);
        all.get_application.extend(samples.get_application);
        all.add_cover.extend(samples.add_cover);
        all.quote_price.extend(samples.quote_price);
        all.address_lookup.extend(samples.address_lookup);
        all.email_check.extend(samples.email_check);
    }
    let elapsed = started.elapsed();
    println!(
        "{} clients x {} rounds against {} in {:.1} s",
        args.clients,
        args.rounds,
        args.base_url,
        elapsed.as_secs_f64()
    );
    let create = report(
        "create (POST …/application/create)",
        &mut all.create,
        elapsed,
    );
    let add = report(
        "AddApplicant (POST …/AddApplicant)",
        &mut all.add_applicant,
        elapsed,
    );
    let get = report(
        "GET /api/v1/application/{id}",
        &mut all.get_application,
        elapsed,
    );
    let cover = report(
        "MutateCovers/add (POST …/actions/MutateCovers/add)",
        &mut all.add_cover,
        elapsed,
    );
    let price = report(
        "quotePrice (GET …/quotePrice)",
        &mut all.quote_price,
        elapsed,
    );
    report(
        "address lookup (GET …/address/lookup/{postcode})",
        &mut all.address_lookup,
        elapsed,
    );
    report(
        "email check (GET /api/v2/…/validate/email)",
        &mut all.email_check,
        elapsed,
    );
    cpu.report(&cpu_before, args.clients * args.rounds, "round");
    let mut ratios = Ratios::new();
    if !args.no_baseline {
        let cpu_before = cpu.read();
        let started = Instant::now();
        let mut noop = baseline(args).await?;
        let base_elapsed = started.elapsed();
        let base = report("bare Temporal no-op Update", &mut noop, base_elapsed);
        let base_rate = per_second(noop.len(), base_elapsed);
        cpu.report(&cpu_before, noop.len(), "Update");
        let cpu_before = cpu.read();
        println!("Ratios to the bare no-op Update (p50 / p95):");
        for (name, (p50, p95)) in [
            ("AddApplicant", add),
            ("GET application", get),
            ("MutateCovers/add", cover),
            ("quotePrice", price),
        ] {
            println!("  {name:<40} {:.2} / {:.2}", p50 / base.0, p95 / base.1);
        }
        let BareRounds {
            mut starts,
            mut updates,
            elapsed: bare_elapsed,
            cpu_after,
        } = bare_rounds(args, &cpu).await?;
        println!(
            "Bare rounds: the same Temporal work as a round (a new workflow by update-with-start, \
             then three Updates), with no-op handlers{}:",
            if args.bare_local_activity {
                ", each running a no-op local activity"
            } else {
                ""
            }
        );
        let bare_start = report("bare update-with-start", &mut starts, bare_elapsed);
        let bare_update = report("bare Update beside starts", &mut updates, bare_elapsed);
        cpu.report_between(&cpu_before, &cpu_after, starts.len(), "round");
        println!("Ratios to the bare round (p50 / p95):");
        println!(
            "  {:<40} {:.2} / {:.2}",
            "create",
            create.0 / bare_start.0,
            create.1 / bare_start.1
        );
        for (name, (p50, p95)) in [
            ("AddApplicant", add),
            ("MutateCovers/add", cover),
            ("quotePrice", price),
        ] {
            println!(
                "  {name:<40} {:.2} / {:.2}",
                p50 / bare_update.0,
                p95 / bare_update.1
            );
        }
        let commands = ["AddApplicant", "MutateCovers/add", "quotePrice"];
        for (against, bare) in [
            ("bare Update", base.1),
            ("bare round's Update", bare_update.1),
        ] {
            for (name, (_, p95)) in commands.into_iter().zip([add, cover, price]) {
                ratios.push((format!("{name} p95 ÷ {against} p95"), p95 / bare));
            }
        }
        let rounds_rate = per_second(args.clients * args.rounds, elapsed);
        let bare_rounds_rate = per_second(starts.len(), bare_elapsed);
        ratios.push((
            "rounds × 4 a second ÷ bare Updates a second".into(),
            rounds_rate * 4.0 / base_rate,
        ));
        ratios.push((
            "bare rounds × 4 a second ÷ bare Updates a second".into(),
            bare_rounds_rate * 4.0 / base_rate,
        ));
    }
    Ok(ratios)
}

/// The underwriting scenario: answer posts and condition look-ups under `clients` concurrent
/// advisers, against the bare no-op Update in the same run.
async fn underwriting(http: &reqwest::Client, args: &Args, token: &str) -> anyhow::Result<()> {
    repeated(args.repeat, || underwriting_once(http, args, token)).await
}

async fn underwriting_once(
    http: &reqwest::Client,
    args: &Args,
    token: &str,
) -> anyhow::Result<Ratios> {
    let (mut all, elapsed, cpu) = after_set_up(
        http,
        args,
        token,
        |http, base, token, rounds, ready| async move {
            run_interview(&http, &base, &token, rounds, &ready).await
        },
    )
    .await?;
    println!(
        "{} clients x {} answers and look-ups against {} in {:.1} s (after set-up)",
        args.clients,
        args.rounds,
        args.base_url,
        elapsed.as_secs_f64()
    );
    let answer = report(
        "answer post (POST …/provideanswers/{id})",
        &mut all.answer,
        elapsed,
    );
    report(
        "condition look-up (GET …/lookupQuestionOption)",
        &mut all.condition_lookup,
        elapsed,
    );
    cpu.report(args.clients * args.rounds, "round");
    let rate = per_second(all.answer.len(), elapsed);
    compare_to_baseline(args, "the answer post", answer, rate).await
}

/// Runs `client` for each of `args.clients` concurrent advisers. Each takes its case to where
/// the measurement starts, then waits for the others, so that one client's set-up (pricing,
/// documents, sign-in) does not load the machine while another is being measured. Answers
/// every client's samples, the time from the start of the measurement and the CPU used in it.
async fn after_set_up<F, Fut>(
    http: &reqwest::Client,
    args: &Args,
    token: &str,
    client: F,
) -> anyhow::Result<(Samples, Duration, cpu::CpuUse)>
where
    F: Fn(reqwest::Client, String, String, usize, Arc<Barrier>) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<Samples>> + Send + 'static,
{
    let cpu = cpu::CpuMeter::parse(&args.cpu_of)?;
    let ready = Arc::new(Barrier::new(args.clients + 1));
    let tasks: Vec<_> = (0..args.clients)
        .map(|_| {
            tokio::spawn(client(
                http.clone(),
                args.base_url.clone(),
                token.to_owned(),
                args.rounds,
                ready.clone(),
            ))
        })
        .collect();
    ready.wait().await;
    let cpu_before = cpu.read();
    let started = Instant::now();
    let mut all = Samples::default();
    for task in tasks {
        let samples = task.await.context("a client task panicked")??;
        all.answer.extend(samples.answer);
        all.condition_lookup.extend(samples.condition_lookup);
        all.bank_check.extend(samples.bank_check);
        all.activate.extend(samples.activate);
        all.edit_cover.extend(samples.edit_cover);
    }
    let elapsed = started.elapsed();
    let used = cpu.used_since(cpu_before);
    Ok((all, elapsed, used))
}

/// A scenario that measures one call after each client's set-up: `what` the clients did, the
/// `call` as reported, its `label` in the ratio line, and where its samples are kept.
struct Measured {
    what: &'static str,
    call: &'static str,
    label: &'static str,
    samples: fn(&mut Samples) -> &mut Vec<Duration>,
}

impl Measured {
    async fn run<F, Fut>(
        self,
        http: &reqwest::Client,
        args: &Args,
        token: &str,
        client: F,
    ) -> anyhow::Result<()>
    where
        F: Fn(reqwest::Client, String, String, usize, Arc<Barrier>) -> Fut,
        Fut: std::future::Future<Output = anyhow::Result<Samples>> + Send + 'static,
    {
        repeated(args.repeat, || self.once(http, args, token, &client)).await
    }

    async fn once<F, Fut>(
        &self,
        http: &reqwest::Client,
        args: &Args,
        token: &str,
        client: &F,
    ) -> anyhow::Result<Ratios>
    where
        F: Fn(reqwest::Client, String, String, usize, Arc<Barrier>) -> Fut,
        Fut: std::future::Future<Output = anyhow::Result<Samples>> + Send + 'static,
    {
        let (mut all, elapsed, cpu) = after_set_up(http, args, token, client).await?;
        println!(
            "{} clients x {} {} against {} in {:.1} s (after set-up)",
            args.clients,
            args.rounds,
            self.what,
            args.base_url,
            elapsed.as_secs_f64()
        );
        let samples = (self.samples)(&mut all);
        let rate = per_second(samples.len(), elapsed);
        let figures = report(self.call, samples, elapsed);
        cpu.report(args.clients * args.rounds, "call");
        compare_to_baseline(args, self.label, figures, rate).await
    }
}

/// The bare no-op Update measured in the same run, and `what`'s ratio to it.
/// `rate` is `what`'s calls a second; answers the p95 and throughput ratios.
async fn compare_to_baseline(
    args: &Args,
    what: &str,
    measured: (f64, f64),
    rate: f64,
) -> anyhow::Result<Ratios> {
    if args.no_baseline {
        return Ok(Ratios::new());
    }
    let cpu = cpu::CpuMeter::parse(&args.cpu_of)?;
    let cpu_before = cpu.read();
    let started = Instant::now();
    let mut noop = baseline(args).await?;
    let elapsed = started.elapsed();
    let base = report("bare Temporal no-op Update", &mut noop, elapsed);
    cpu.report(&cpu_before, noop.len(), "Update");
    println!(
        "Ratio of {what} to the bare no-op Update (p50 / p95): {:.2} / {:.2}",
        measured.0 / base.0,
        measured.1 / base.1
    );
    let base_rate = per_second(noop.len(), elapsed);
    Ok(vec![
        (format!("{what} p95 ÷ bare Update p95"), measured.1 / base.1),
        (
            format!("{what} a second ÷ bare Updates a second"),
            rate / base_rate,
        ),
    ])
}

/// What advisers type into the conditions question: everyday names, misspellings, codes.
const STEMS: [&str; 8] = [
    "heart attack",
    "diabeties",
    "high blood",
    "asthma",
    "depres",
    "I21",
    "malignant neoplasm breast",
    "back pain",
];

/// Takes one case to Apply and starts the interview (not measured), waits for every client to
/// be ready (even when its own set-up failed, so the others are not left waiting), then answers
/// and searches.
async fn run_interview(
    http: &reqwest::Client,
    base: &str,
    token: &str,
    rounds: usize,
    ready: &Barrier,
) -> anyhow::Result<Samples> {
    let set_up = set_up_interview(http, base, token).await;
    ready.wait().await;
    let (_, applicant) = set_up?;

    let mut samples = Samples::default();
    for round in 0..rounds {
        // Alternate between a typed number and a choice, as an adviser works down a section.
        let answer = if round % 2 == 0 {
            json!({ "answers": [{ "tag": "ALCOHOL_UNITS", "value": (round % 30).to_string() }] })
        } else {
            json!({ "answers": [{ "tag": "DRUGS", "value": if round % 4 == 1 { "No" } else { "Yes" } }] })
        };
        let started = Instant::now();
        expect_ok(
            http.post(format!("{base}/api/v1/actions/provideanswers/{applicant}"))
                .bearer_auth(token)
                .json(&answer)
                .send()
                .await?,
        )
        .await?;
        samples.answer.push(started.elapsed());
        let stem = STEMS[round % STEMS.len()];
        let started = Instant::now();
        expect_ok(
            http.get(format!(
                "{base}/api/v1/underwriting/lookupQuestionOption/adviser/CONDITIONS/-"
            ))
            .query(&[("stem", stem)])
            .bearer_auth(token)
            .send()
            .await?,
        )
        .await?;
        samples.condition_lookup.push(started.elapsed());
    }
    Ok(samples)
}

/// Creates a case with one client and a cover, applies, and starts the client's interview;
/// answers the client's id.
async fn set_up_interview(
    http: &reqwest::Client,
    base: &str,
    token: &str,
) -> anyhow::Result<(Value, String)> {
    let send = |method: reqwest::Method, path: String, body: Option<Value>| {
        let mut request = http
            .request(method, format!("{base}/api/v1/{path}"))
            .bearer_auth(token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        async move { expect_ok(request.send().await?).await }
    };
    use reqwest::Method;
    let created = send(
        Method::POST,
        "backendforfrontend/application/create".into(),
        None,
    )
    .await?;
    let id = created["id"].clone();
    let client = json!({ "applicationId": id, "applicant": {
        "title": "Mr", "firstName": "Load", "lastName": "Interview", "gender": "male",
        "dateOfBirth": "1980-06-23", "smoking": "noneInFiveYears" } });
    let added = send(
        Method::POST,
        format!("backendforfrontend/application/{id}/AddApplicant"),
        Some(client),
    )
    .await?;
    let applicant = added["applicants"][0]["id"]
        .as_str()
        .context("no applicant id")?
        .to_owned();
    let cover = json!({ "applicationId": id, "applicantId": applicant,
        "cover": { "productType": "life", "coverType": "level", "coverAmount": 250000, "term": 25 } });
    send(Method::POST, "actions/MutateCovers/add".into(), Some(cover)).await?;
    send(
        Method::GET,
        format!("backendforfrontend/application/{id}/quotePrice"),
        None,
    )
    .await?;
    let contact = json!({ "applicantId": applicant, "address1": "1 Station Road", "cityName": "Leeds",
        "postcode": "LS1 4AP", "phoneNumber": "0113 496 0000", "emailAddress": "load@example.com" });
    send(
        Method::PATCH,
        "backendforfrontend/applicant/contact".into(),
        Some(contact),
    )
    .await?;
    send(
        Method::POST,
        format!("application/{id}/applicant/{applicant}/acceptPreUnderwritingDeclaration"),
        None,
    )
    .await?;
    send(
        Method::POST,
        "backendforfrontend/application/isMortgageRelated".into(),
        Some(json!({ "id": id, "isMortgageRelated": false })),
    )
    .await?;
    send(
        Method::POST,
        "backendforfrontend/application/isAdvisedSale".into(),
        Some(json!({ "id": id, "isAdvisedSale": true })),
    )
    .await?;
    send(
        Method::POST,
        "backendforfrontend/application/ApplyApplication".into(),
        Some(json!({ "applicationId": id })),
    )
    .await?;
    let start = json!({ "answers": [{ "tag": "ENQUIRY_TYPE", "value": "Full" }] });
    send(
        Method::POST,
        format!("underwriting/{applicant}/start"),
        Some(start),
    )
    .await?;
    Ok((id, applicant))
}

/// A worker for the no-op workflow on a task queue of its own (`name` and this process), with
/// as many pollers as the portal's, and a client of the same server.
async fn baseline_worker(
    args: &Args,
    name: &str,
) -> anyhow::Result<(
    workflows::worker::TemporalConfig,
    workflows::worker::RunningWorker,
    temporalio_client::Client,
)> {
    use workflows::worker::{RunningWorker, TemporalConfig, connect};
    let config = TemporalConfig {
        address: args.temporal_address.clone(),
        namespace: args.temporal_namespace.clone(),
        task_queue: format!("{name}-{}", std::process::id()),
        workflow_task_pollers: args.baseline_pollers,
        compress: args.grpc_compression == "gzip",
        max_cached_workflows: args.max_cached_workflows,
    };
    let worker = RunningWorker::start_baseline(config.clone())?;
    let client = connect(&config).await?;
    Ok((config, worker, client))
}

/// Temporal's own round trip: each client sends `rounds` no-op Updates to a workflow of its own.
async fn baseline(args: &Args) -> anyhow::Result<Vec<Duration>> {
    use temporalio_client::{WorkflowExecuteUpdateOptions, WorkflowStartOptions};
    use workflows::baseline::BaselineWorkflow;

    let (config, worker, client) = baseline_worker(args, "portal-load-baseline").await?;
    let mut tasks = Vec::new();
    for i in 0..args.clients {
        let id = format!("{}-{i}", config.task_queue);
        let options = WorkflowStartOptions::new(config.task_queue.clone(), id).build();
        let handle = client
            .start_workflow(BaselineWorkflow::run, (), options)
            .await
            .context("Failed to start a baseline workflow")?;
        let rounds = args.rounds;
        tasks.push(tokio::spawn(async move {
            let update = || {
                handle.execute_update(
                    BaselineWorkflow::noop,
                    (),
                    WorkflowExecuteUpdateOptions::default(),
                )
            };
            // One warm-up update so the first workflow task is not measured.
            update().await?;
            let mut samples = Vec::with_capacity(rounds);
            for _ in 0..rounds {
                let started = Instant::now();
                update().await?;
                samples.push(started.elapsed());
            }
            handle
                .execute_update(
                    BaselineWorkflow::finish,
                    (),
                    WorkflowExecuteUpdateOptions::default(),
                )
                .await?;
            anyhow::Ok(samples)
        }));
    }
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await.context("a baseline task panicked")??);
    }
    tokio::task::spawn_blocking(move || worker.stop()).await??;
    Ok(all)
}

/// The quote scenario's rounds with nothing of the portal in them: each client starts a new
/// no-op workflow by update-with-start (as `create` does) and sends it three no-op Updates (as
/// `AddApplicant`, `MutateCovers/add` and `quotePrice` do). Returns the starts' and the
/// Updates' times and how long the rounds took; the workflows are finished afterwards, unmeasured.
async fn bare_rounds(args: &Args, cpu: &cpu::CpuMeter) -> anyhow::Result<BareRounds> {
    use temporalio_client::{
        WorkflowExecuteUpdateOptions, WorkflowIdConflictPolicy, WorkflowUpdateWithStartOptions,
    };
    use workflows::baseline::BaselineWorkflow;

    let (config, worker, client) = baseline_worker(args, "portal-load-rounds").await?;
    let mut tasks = Vec::new();
    for i in 0..args.clients {
        let client = client.clone();
        let task_queue = config.task_queue.clone();
        let rounds = args.rounds;
        let local_activity = args.bare_local_activity;
        tasks.push(tokio::spawn(async move {
            let (mut starts, mut updates) = (Vec::new(), Vec::new());
            let mut ids = Vec::new();
            let began = Instant::now();
            // One unmeasured warm-up round, as the portal's clients have.
            for round in 0..=rounds {
                let id = format!("{task_queue}-{i}-{round}");
                let options = WorkflowUpdateWithStartOptions::new(
                    task_queue.clone(),
                    id.clone(),
                    WorkflowIdConflictPolicy::Fail,
                )
                .build();
                let started = Instant::now();
                if local_activity {
                    client
                        .execute_update_with_start_workflow(
                            BaselineWorkflow::run,
                            (),
                            BaselineWorkflow::noop_with_local_activity,
                            (),
                            options,
                        )
                        .await?;
                } else {
                    client
                        .execute_update_with_start_workflow(
                            BaselineWorkflow::run,
                            (),
                            BaselineWorkflow::noop,
                            (),
                            options,
                        )
                        .await?;
                }
                if round > 0 {
                    starts.push(started.elapsed());
                }
                let handle = client.get_workflow_handle::<BaselineWorkflow>(id.clone());
                for _ in 0..3 {
                    let started = Instant::now();
                    let options = WorkflowExecuteUpdateOptions::default();
                    if local_activity {
                        handle
                            .execute_update(BaselineWorkflow::noop_with_local_activity, (), options)
                            .await?;
                    } else {
                        handle
                            .execute_update(BaselineWorkflow::noop, (), options)
                            .await?;
                    }
                    if round > 0 {
                        updates.push(started.elapsed());
                    }
                }
                ids.push(id);
            }
            anyhow::Ok((starts, updates, began.elapsed(), ids))
        }));
    }
    let (mut starts, mut updates, mut elapsed) = (Vec::new(), Vec::new(), Duration::ZERO);
    let mut ids = Vec::new();
    for task in tasks {
        let (s, u, took, i) = task.await.context("a bare-round task panicked")??;
        starts.extend(s);
        updates.extend(u);
        elapsed = elapsed.max(took);
        ids.push(i);
    }
    let cpu_after = cpu.read();
    // Finished once every client's rounds are over, so no round is measured beside them.
    let finishing: Vec<_> = ids
        .into_iter()
        .map(|ids| {
            let client = client.clone();
            tokio::spawn(async move {
                for id in ids {
                    client
                        .get_workflow_handle::<BaselineWorkflow>(id)
                        .execute_update(
                            BaselineWorkflow::finish,
                            (),
                            WorkflowExecuteUpdateOptions::default(),
                        )
                        .await?;
                }
                anyhow::Ok(())
            })
        })
        .collect();
    for task in finishing {
        task.await.context("a finishing task panicked")??;
    }
    tokio::task::spawn_blocking(move || worker.stop()).await??;
    Ok(BareRounds {
        starts,
        updates,
        elapsed,
        cpu_after,
    })
}

/// What [`bare_rounds`] measured, and the CPU reading taken when the rounds ended.
struct BareRounds {
    starts: Vec<Duration>,
    updates: Vec<Duration>,
    elapsed: Duration,
    cpu_after: cpu::CpuReading,
}

fn chaos_options(args: &Args) -> anyhow::Result<chaos::Options> {
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

async fn sign_in(http: &reqwest::Client, args: &Args) -> anyhow::Result<String> {
    sign_in_at(http, &args.base_url, &args.user, &args.password).await
}

/// Signs in through the development identity provider's password grant.
async fn sign_in_at(
    http: &reqwest::Client,
    base_url: &str,
    user: &str,
    password: &str,
) -> anyhow::Result<String> {
    let response = http
        .post(format!("{base_url}/dev-idp/token"))
        .form(&[
            ("grant_type", "password"),
            ("client_id", "portal-web"),
            ("username", user),
            ("password", password),
        ])
        .send()
        .await
        .context("Failed to reach the portal; is `make run` running?")?;
    if !response.status().is_success() {
        bail!("sign-in failed: {}", response.text().await?);
    }
    let body: Value = response.json().await?;
    body["access_token"]
        .as_str()
        .map(str::to_owned)
        .context("no access_token in the response")
}

async fn run_client(
    http: &reqwest::Client,
    base: &str,
    token: &str,
    rounds: usize,
) -> anyhow::Result<Samples> {
    let mut samples = Samples::default();
    for round in 0..rounds {
        let started = Instant::now();
        let created: Value = expect_ok(
            http.post(format!(
                "{base}/api/v1/backendforfrontend/application/create"
            ))
            .bearer_auth(token)
            .send()
            .await?,
        )
        .await?;
        samples.create.push(started.elapsed());
        let id = &created["id"];
        let client = json!({
            "applicationId": id,
            "applicant": {
                "title": "Mr", "firstName": "Load", "lastName": format!("Client{round}"),
                "gender": "male", "dateOfBirth": "1980-06-23", "smoking": "noneInFiveYears"
            }
        });
        let started = Instant::now();
        let added = expect_ok(
            http.post(format!(
                "{base}/api/v1/backendforfrontend/application/{id}/AddApplicant"
            ))
            .bearer_auth(token)
            .json(&client)
            .send()
            .await?,
        )
        .await?;
        samples.add_applicant.push(started.elapsed());
        let started = Instant::now();
        expect_ok(
            http.get(format!("{base}/api/v1/application/{id}"))
                .bearer_auth(token)
                .send()
                .await?,
        )
        .await?;
        samples.get_application.push(started.elapsed());

        let applicant = &added["applicants"][0]["id"];
        let cover = json!({
            "applicationId": id, "applicantId": applicant,
            "cover": { "productType": "life", "coverType": "level", "coverAmount": 250000 + round, "term": 25 }
        });
        let started = Instant::now();
        expect_ok(
            http.post(format!("{base}/api/v1/actions/MutateCovers/add"))
                .bearer_auth(token)
                .json(&cover)
                .send()
                .await?,
        )
        .await?;
        samples.add_cover.push(started.elapsed());
        let started = Instant::now();
        expect_ok(
            http.get(format!(
                "{base}/api/v1/backendforfrontend/application/{id}/quotePrice"
            ))
            .bearer_auth(token)
            .send()
            .await?,
        )
        .await?;
        samples.quote_price.push(started.elapsed());

        let postcode = POSTCODES[round % POSTCODES.len()];
        let started = Instant::now();
        expect_ok(
            http.get(format!(
                "{base}/api/v1/backendforfrontend/address/lookup/{postcode}"
            ))
            .bearer_auth(token)
            .send()
            .await?,
        )
        .await?;
        samples.address_lookup.push(started.elapsed());
        let started = Instant::now();
        expect_ok(
            http.get(format!("{base}/api/v2/backendforfrontend/validate/email"))
                .query(&[("email", EMAILS[round % EMAILS.len()])])
                .bearer_auth(token)
                .send()
                .await?,
        )
        .await?;
        samples.email_check.push(started.elapsed());
    }
    Ok(samples)
}

async fn expect_ok(response: reqwest::Response) -> anyhow::Result<Value> {
    let status = response.status();
    let body = response.text().await?;
    if !status.is_success() {
        bail!("{status}: {body}");
    }
    Ok(serde_json::from_str(&body)?)
}

/// Prints the figures and returns (p50, p95) in milliseconds.
fn report(name: &str, samples: &mut [Duration], elapsed: Duration) -> (f64, f64) {
    samples.sort_unstable();
    let at = |q: f64| {
        let index = ((samples.len() as f64 * q).ceil() as usize).clamp(1, samples.len()) - 1;
        samples[index].as_secs_f64() * 1000.0
    };
    println!(
        "  {name:<40} n={:<5} p50={:>6.1} ms  p95={:>6.1} ms  p99={:>6.1} ms  max={:>6.1} ms  ({:.0}/s)",
        samples.len(),
        at(0.50),
        at(0.95),
        at(0.99),
        at(1.0),
        per_second(samples.len(), elapsed)
    );
    (at(0.50), at(0.95))
}

/// `count` calls in `elapsed`, as calls a second: the rate every report line and ratio uses.
fn per_second(count: usize, elapsed: Duration) -> f64 {
    count as f64 / elapsed.as_secs_f64()
}

/// Everything the sample interview asks of a client with nothing to disclose.
const PLAIN_ANSWERS: &[(&str, &str)] = &[
    ("HEIGHT_UNITS", "metric"),
    ("HEIGHT", "1.78"),
    ("WEIGHT_UNITS", "metric"),
    ("WEIGHT", "76"),
    ("OCCUPATION", "Software developer"),
    ("EARNINGS", "42000"),
    ("HAZARDOUS_DUTIES", "No"),
    ("ALCOHOL_UNITS", "10"),
    ("DRUGS", "No"),
    ("HAZARDOUS_PURSUITS", "No"),
    ("TRAVEL", "No"),
    ("HAS_CONDITIONS", "No"),
    ("FAMILY_HISTORY", "No"),
    ("GP_REGISTERED_SINCE", "2015-06-01"),
    ("GP_PENDING", "No"),
];

/// The bank scenario: `bankvalidation` (the modulus check, then Confirmation of Payee, as an
/// Update running a local activity) under `clients` concurrent advisers, against the bare no-op
/// Update in the same run.
async fn bank(http: &reqwest::Client, args: &Args, token: &str) -> anyhow::Result<()> {
    let measured = Measured {
        what: "bank checks",
        call: "bank check (POST /api/v2/…/bankvalidation/{id})",
        label: "the bank check",
        samples: |all| &mut all.bank_check,
    };
    measured
        .run(
            http,
            args,
            token,
            |http, base, token, rounds, ready| async move {
                run_bank_checks(&http, &base, &token, rounds, &ready).await
            },
        )
        .await
}

/// The edit scenario: commands alone, with no creation beside them. Each client takes a case
/// with one client and one cover (not measured), then edits the cover's amount `rounds` times
/// (`MutateCovers/edit`, the commonest command), against the bare no-op Update in the same run.
async fn edit(http: &reqwest::Client, args: &Args, token: &str) -> anyhow::Result<()> {
    let measured = Measured {
        what: "cover edits",
        call: "cover edit (PATCH …/actions/MutateCovers/edit)",
        label: "the cover edit",
        samples: |all| &mut all.edit_cover,
    };
    measured
        .run(
            http,
            args,
            token,
            |http, base, token, rounds, ready| async move {
                run_edits(&http, &base, &token, rounds, &ready).await
            },
        )
        .await
}

/// Creates a case with one client and a cover (not measured), waits for every client, then
/// edits the cover `rounds` times.
async fn run_edits(
    http: &reqwest::Client,
    base: &str,
    token: &str,
    rounds: usize,
    ready: &Barrier,
) -> anyhow::Result<Samples> {
    let set_up = async {
        let created = expect_ok(
            http.post(format!("{base}/api/v1/backendforfrontend/application/create"))
                .bearer_auth(token)
                .send()
                .await?,
        )
        .await?;
        let id = created["id"].clone();
        let client = json!({ "applicationId": id, "applicant": {
            "title": "Mr", "firstName": "Load", "lastName": "Edit", "gender": "male",
            "dateOfBirth": "1980-06-23", "smoking": "noneInFiveYears" } });
        let added = expect_ok(
            http.post(format!("{base}/api/v1/backendforfrontend/application/{id}/AddApplicant"))
                .bearer_auth(token)
                .json(&client)
                .send()
                .await?,
        )
        .await?;
        let applicant = added["applicants"][0]["id"].clone();
        let cover = json!({ "applicationId": id, "applicantId": applicant,
            "cover": { "productType": "life", "coverType": "level", "coverAmount": 250000, "term": 25 } });
        let covered = expect_ok(
            http.post(format!("{base}/api/v1/actions/MutateCovers/add"))
                .bearer_auth(token)
                .json(&cover)
                .send()
                .await?,
        )
        .await?;
        let cover_id = covered["applicants"][0]["covers"][0]["id"].clone();
        anyhow::Ok((id, applicant, cover_id))
    }
    .await;
    ready.wait().await;
    let (id, applicant, cover_id) = set_up?;
    let mut samples = Samples::default();
    for round in 0..rounds {
        let cover = json!({ "applicationId": id, "applicantId": applicant, "cover": { "id": cover_id,
            "productType": "life", "coverType": "level", "coverAmount": 200_000 + 1_000 * (round % 50), "term": 25 } });
        let started = Instant::now();
        expect_ok(
            http.patch(format!("{base}/api/v1/actions/MutateCovers/edit"))
                .bearer_auth(token)
                .json(&cover)
                .send()
                .await?,
        )
        .await?;
        samples.edit_cover.push(started.elapsed());
    }
    Ok(samples)
}

/// The activate scenario: `activateApplication` (a policy per client, each client's schedule
/// and the decision document rendered and stored by a local activity, the stage Went on Risk)
/// under `clients` concurrent advisers, each putting `rounds` cases in force, against the bare
/// no-op Update in the same run.
async fn activate(http: &reqwest::Client, args: &Args, token: &str) -> anyhow::Result<()> {
    let measured = Measured {
        what: "cases put in force",
        call: "put in force (POST /api/v1/actions/activateApplication/{id})",
        label: "putting a policy in force",
        samples: |all| &mut all.activate,
    };
    measured
        .run(
            http,
            args,
            token,
            |http, base, token, rounds, ready| async move {
                run_activations(&http, &base, &token, rounds, &ready).await
            },
        )
        .await
}

/// Takes `rounds` cases to the end of set-up (bank details checked and confirmed, the start
/// date now; not measured), waits for every client, then puts each case in force.
async fn run_activations(
    http: &reqwest::Client,
    base: &str,
    token: &str,
    rounds: usize,
    ready: &Barrier,
) -> anyhow::Result<Samples> {
    let mut cases = Vec::new();
    let mut failed = None;
    for _ in 0..rounds {
        match ready_to_activate(http, base, token).await {
            Ok(id) => cases.push(id),
            Err(error) => {
                failed = Some(error);
                break;
            }
        }
    }
    ready.wait().await;
    if let Some(error) = failed {
        return Err(error);
    }
    let mut samples = Samples::default();
    for id in cases {
        let started = Instant::now();
        let active = expect_ok(
            http.post(format!("{base}/api/v1/actions/activateApplication/{id}"))
                .bearer_auth(token)
                .send()
                .await?,
        )
        .await?;
        samples.activate.push(started.elapsed());
        if active["active"] != true {
            bail!("application {id} did not go in force: {active}");
        }
    }
    Ok(samples)
}

/// A case at the end of set-up: bank details checked and confirmed, the start date now.
async fn ready_to_activate(
    http: &reqwest::Client,
    base: &str,
    token: &str,
) -> anyhow::Result<Value> {
    let id = set_up_bank(http, base, token).await?;
    for (path, body) in [
        (
            format!("api/v2/backendforfrontend/bankvalidation/{id}"),
            Value::Null,
        ),
        (
            format!("api/v1/backendforfrontend/bankValidation/{id}/override"),
            Value::Null,
        ),
        (
            "api/v1/backendforfrontend/application/policyStartDate".to_owned(),
            json!({ "id": id, "policyStartDateOption": "now", "policyStartDate": null }),
        ),
    ] {
        expect_ok(
            http.post(format!("{base}/{path}"))
                .bearer_auth(token)
                .json(&body)
                .send()
                .await?,
        )
        .await?;
    }
    Ok(id)
}

/// Takes a case to set-up with bank details saved (not measured), waits for every client,
/// then checks the bank details `rounds` times.
async fn run_bank_checks(
    http: &reqwest::Client,
    base: &str,
    token: &str,
    rounds: usize,
    ready: &Barrier,
) -> anyhow::Result<Samples> {
    let set_up = set_up_bank(http, base, token).await;
    ready.wait().await;
    let id = set_up?;
    let mut samples = Samples::default();
    for _ in 0..rounds {
        let started = Instant::now();
        expect_ok(
            http.post(format!(
                "{base}/api/v2/backendforfrontend/bankvalidation/{id}"
            ))
            .bearer_auth(token)
            .send()
            .await?,
        )
        .await?;
        samples.bank_check.push(started.elapsed());
    }
    Ok(samples)
}

/// A case through the interview (nothing to disclose), the decision and Proceed, with bank
/// details saved; answers its reference.
async fn set_up_bank(http: &reqwest::Client, base: &str, token: &str) -> anyhow::Result<Value> {
    let (id, applicant) = set_up_interview(http, base, token).await?;
    let post = |path: String, body: Value| {
        let request = http
            .post(format!("{base}/api/v1/{path}"))
            .bearer_auth(token)
            .json(&body);
        async move { expect_ok(request.send().await?).await }
    };
    let answers: Vec<Value> = PLAIN_ANSWERS
        .iter()
        .map(|(tag, value)| json!({ "tag": tag, "value": value }))
        .collect();
    post(
        format!("actions/provideanswers/{applicant}"),
        json!({ "answers": answers }),
    )
    .await?;
    post(
        "actions/acceptuwdeclaration".into(),
        json!({ "applicationId": id, "applicantId": applicant }),
    )
    .await?;
    post(format!("underwriting/{applicant}/close"), Value::Null).await?;
    // The closed enquiry's outcome reaches the application by a signal.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let application = expect_ok(
            http.get(format!("{base}/api/v1/application/{id}"))
                .bearer_auth(token)
                .send()
                .await?,
        )
        .await?;
        if application["status"] == "DECISION" {
            break;
        }
        if Instant::now() > deadline {
            bail!("application {id} did not reach the decision");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    post(format!("actions/TriggerDecisionQuote/{id}"), Value::Null).await?;
    post(format!("decision/{id}/proceed"), Value::Null).await?;
    post(
        format!("application/{id}/bankDetails"),
        json!({ "bankDetails": { "name": "Mr Load Interview", "accountNumber": "66374958",
            "sortCode": "089999", "collectionDay": 1 } }),
    )
    .await?;
    Ok(id)
}
