//! `portal-load --scenario chaos`: proves that an answer the API confirmed is never lost.
//!
//! It starts its own Temporal dev server (file-backed), one `portal api` and two
//! `portal worker`s, then runs simulated advisers taking cases from creation to a policy in
//! force (every other case referred to underwriting, which two simulated underwriters claim,
//! ask evidence for and decide: [`underwriter`]) while it kills a worker with SIGKILL at random
//! moments (and starts it again after a random pause) and kills and restarts the Temporal
//! server once in the middle. Afterwards it
//! checks every application (see [`verify`]) and reports journeys, faults, commands confirmed,
//! lost, duplicated, and the errors advisers saw after each fault. It fails on any loss,
//! duplicate, divergence of the read model, or refusal of a valid command.

mod journey;
mod underwriter;
mod verify;

pub use crate::cluster::Binaries;

use crate::cluster::Cluster;
use anyhow::{Context, bail};
use journey::{Adviser, Journey, Step};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use workflows::worker::{TemporalConfig, connect};

#[derive(Debug, Clone)]
pub struct Options {
    pub advisers: usize,
    pub duration: Duration,
    /// Worker faults: every other one a SIGKILL, the others a SIGTERM.
    pub kills: usize,
    pub server_restarts: usize,
    /// `portal api` processes, the load spread over them in turn as a load balancer would.
    pub apis: usize,
    /// How many times an API process is killed (SIGKILL) and started again.
    pub api_kills: usize,
    /// The database the portal's processes share (default: a SQLite file in the scratch folder).
    pub database_url: Option<String>,
    pub seed: u64,
    pub keep: bool,
    pub binaries: Binaries,
    pub user: String,
    pub password: String,
    /// How many advisers make `long_edits` cover edits in their first case.
    pub long_cases: usize,
    pub long_edits: usize,
    /// An adviser's mean pause before each command.
    pub think: Duration,
}

const WORKERS: usize = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FaultKind {
    /// A worker killed with SIGKILL.
    KillWorker,
    /// A worker stopped with SIGTERM, as an orchestrator replacing it does.
    StopWorker,
    /// An API process killed with SIGKILL.
    KillApi,
    RestartServer,
}

impl FaultKind {
    const ALL: [FaultKind; 4] = [
        FaultKind::KillWorker,
        FaultKind::StopWorker,
        FaultKind::KillApi,
        FaultKind::RestartServer,
    ];

    /// How long after the process is back the fault's effects may still be seen: a worker's
    /// cases move to the other within a workflow task's timeout and a replay; a dead API's keys
    /// are taken over when their lease lapses; a restarted server dispatches its tasks again.
    fn recovery(self) -> Duration {
        Duration::from_secs(5)
    }

    fn plural(self) -> &'static str {
        match self {
            FaultKind::KillWorker => "worker kills (SIGKILL)",
            FaultKind::StopWorker => "worker stops (SIGTERM)",
            FaultKind::KillApi => "API kills (SIGKILL)",
            FaultKind::RestartServer => "Temporal restarts",
        }
    }
}

/// A fault as it happened: what, when (from the start), and for how long.
#[derive(Debug)]
struct Fault {
    at: Instant,
    /// When its effects can no longer be seen: the process is back, and [`FaultKind::recovery`]
    /// after that.
    until: Instant,
    kind: FaultKind,
    what: String,
}

pub async fn run(options: Options) -> anyhow::Result<()> {
    println!(
        "Fault injection: {} advisers for {} s on {} API process(es) and {WORKERS} workers ({}), {} worker faults (SIGKILL and SIGTERM in turn), {} API kills, {} Temporal restart(s), seed {}",
        options.advisers,
        options.duration.as_secs(),
        options.apis,
        if options.database_url.is_some() {
            "PostgreSQL"
        } else {
            "SQLite"
        },
        options.kills,
        options.api_kills,
        options.server_restarts,
        options.seed
    );
    if options.api_kills > 0 && options.apis < 2 {
        bail!("--api-kills needs --apis 2 or more: with one API nothing would answer");
    }
    let mut cluster = Cluster::start_on(
        options.binaries.clone(),
        WORKERS,
        options.database_url.clone(),
    )
    .await?;
    while cluster.api_count() < options.apis {
        cluster.add_api().await?;
    }
    let outcome = drive(&mut cluster, &options).await;
    cluster.stop(options.keep || outcome.is_err()).await;
    outcome
}

async fn drive(cluster: &mut Cluster, options: &Options) -> anyhow::Result<()> {
    let http = reqwest::Client::new();
    let api = crate::http::Balancer::new(cluster.api_bases());
    let token =
        crate::http::sign_in(&http, &cluster.base_url, &options.user, &options.password).await?;
    let started = Instant::now();
    let stop_at = started + options.duration;
    let advisers: Vec<_> = (0..options.advisers)
        .map(|number| {
            let adviser = Adviser {
                http: http.clone(),
                api: api.clone(),
                token: token.clone(),
                number,
                // A long case is an integrator's script editing again and again: no pauses.
                think: if number < options.long_cases {
                    Duration::ZERO
                } else {
                    options.think
                },
                first_case_edits: if number < options.long_cases {
                    options.long_edits
                } else {
                    0
                },
            };
            tokio::spawn(async move {
                let mut journeys = Vec::new();
                while Instant::now() < stop_at {
                    journeys.push(adviser.journey(journeys.len()).await);
                }
                journeys
            })
        })
        .collect();

    // Two underwriters work the referred cases until the advisers are done and nothing is left.
    let done = Arc::new(AtomicBool::new(false));
    let mut underwriters = Vec::new();
    for (email, name) in [
        ("underwriter1@example.com", "Underwriter one"),
        ("underwriter2@example.com", "Underwriter two"),
    ] {
        let underwriter = underwriter::Underwriter {
            http: http.clone(),
            api: api.clone(),
            token: crate::http::sign_in(&http, &cluster.base_url, email, &options.password).await?,
            name,
        };
        let done = done.clone();
        underwriters.push(tokio::spawn(async move { underwriter.work(done).await }));
    }

    let mut rng = StdRng::seed_from_u64(options.seed);
    let faults = inject(cluster, options, &mut rng, started).await?;

    let mut journeys: Vec<Journey> = Vec::new();
    for adviser in advisers {
        journeys.extend(adviser.await.context("an adviser task panicked")?);
    }
    done.store(true, Ordering::SeqCst);
    let mut work = Vec::new();
    for underwriter in underwriters {
        work.push(underwriter.await.context("an underwriter task panicked")?);
    }
    cluster.check_alive()?;
    let elapsed = started.elapsed();

    let temporal = connect(&TemporalConfig {
        address: cluster.temporal_address.clone(),
        namespace: "default".into(),
        task_queue: "portal-chaos".into(),
        workflow_task_pollers: 2,
        compress: true,
        max_cached_workflows: workflows::worker::DEFAULT_MAX_CACHED_WORKFLOWS,
        // The keys the cluster's portals made in its folder (development, no keys configured).
        payload_keys: keyring::KeySource::development_file(
            cluster.folder.join("payload-keys"),
            None,
        ),
    })
    .await?;
    let findings = verify::check(
        &journeys,
        &work,
        &temporal,
        &http,
        &cluster.base_url,
        &token,
    )
    .await?;
    report(&journeys, &faults, &findings, started, elapsed);
    underwriting(&journeys, &work, &findings);
    let continued = temporal
        .count_workflows(
            "WorkflowType = 'ApplicationWorkflow' AND ExecutionStatus = 'ContinuedAsNew'",
            Default::default(),
        )
        .await?
        .count();
    println!("  application workflow runs that continued as new: {continued}");
    let everyone: Vec<&Journey> = journeys
        .iter()
        .chain(work.iter().map(|w| &w.journey))
        .collect();
    timings(&everyone, elapsed);

    // An underwriter refused because the other took the case over, or finished it (409), is
    // two colleagues at one list; any other refusal is a fault.
    let refused: Vec<&String> = journeys
        .iter()
        .flat_map(|j| &j.refused)
        .chain(
            work.iter()
                .flat_map(|w| &w.refused)
                .filter(|r| !r.contains(": 409 ")),
        )
        .collect();
    if !findings.lost.is_empty()
        || !findings.duplicated.is_empty()
        || !findings.diverged.is_empty()
        || !refused.is_empty()
    {
        for line in findings
            .lost
            .iter()
            .map(|l| format!("LOST {l}"))
            .chain(
                findings
                    .duplicated
                    .iter()
                    .map(|d| format!("DUPLICATED {d}")),
            )
            .chain(findings.diverged.iter().map(|d| format!("DIVERGED {d}")))
            .chain(refused.iter().map(|r| format!("REFUSED {r}")))
        {
            eprintln!("  {line}");
        }
        bail!("the fault-injection run found lost, duplicated, diverged or refused changes");
    }
    if journeys.iter().all(|j| j.reached < Step::InForce) {
        bail!("no journey reached a policy in force, so the run proves little");
    }
    Ok(())
}

/// Stops a random worker `options.kills` times (SIGKILL and SIGTERM in turn), kills a random
/// API process `options.api_kills` times and restarts the server `options.server_restarts`
/// times, in a random order between a tenth and nine tenths of the run: one fault to each of
/// as many equal slots, early in its slot.
async fn inject(
    cluster: &mut Cluster,
    options: &Options,
    rng: &mut StdRng,
    started: Instant,
) -> anyhow::Result<Vec<Fault>> {
    let span = options.duration.as_secs_f64();
    let mut kinds: Vec<FaultKind> = (0..options.kills)
        .map(|i| {
            if i % 2 == 0 {
                FaultKind::KillWorker
            } else {
                FaultKind::StopWorker
            }
        })
        .chain((0..options.api_kills).map(|_| FaultKind::KillApi))
        .chain((0..options.server_restarts).map(|_| FaultKind::RestartServer))
        .collect();
    kinds.shuffle(rng);
    // One fault to a slot, early in it, so each has the rest of its slot to itself and every
    // long wait has one fault to be put down to.
    let slot = span * 0.8 / kinds.len().max(1) as f64;
    let plan: Vec<(f64, FaultKind)> = kinds
        .into_iter()
        .enumerate()
        .map(|(i, kind)| {
            let jitter = rng.gen_range(0.0..(slot * 0.2).clamp(0.001, 1.0));
            (span * 0.1 + i as f64 * slot + jitter, kind)
        })
        .collect();
    let mut faults = Vec::new();
    for (at, kind) in plan {
        tokio::time::sleep_until((started + Duration::from_secs_f64(at)).into()).await;
        cluster.check_alive()?;
        let at = Instant::now();
        let what = match kind {
            FaultKind::KillWorker | FaultKind::StopWorker => {
                let i = rng.gen_range(0..WORKERS);
                let down = Duration::from_millis(rng.gen_range(200..3000));
                let how = if kind == FaultKind::KillWorker {
                    cluster.kill_worker(i).await?;
                    "killed (SIGKILL)"
                } else {
                    cluster.stop_worker(i).await?;
                    "stopped (SIGTERM)"
                };
                let stopped_in = at.elapsed();
                tokio::time::sleep(down).await;
                cluster.restart_worker(i)?;
                format!(
                    "worker {i} {how} in {} ms, started again after {} ms",
                    stopped_in.as_millis(),
                    down.as_millis()
                )
            }
            FaultKind::KillApi => {
                let i = rng.gen_range(0..cluster.api_count());
                let down = Duration::from_millis(rng.gen_range(200..3000));
                cluster.kill_api(i).await?;
                tokio::time::sleep(down).await;
                cluster.restart_api(i).await?;
                format!(
                    "API {i} killed (SIGKILL), answering again after {} ms",
                    at.elapsed().as_millis()
                )
            }
            FaultKind::RestartServer => {
                let down = Duration::from_secs(1);
                cluster.restart_temporal(down).await?;
                format!(
                    "Temporal server killed (SIGKILL), answering again after {} ms",
                    at.elapsed().as_millis()
                )
            }
        };
        let until = Instant::now() + kind.recovery();
        faults.push(Fault {
            at,
            until,
            kind,
            what,
        });
    }
    Ok(faults)
}

/// The referred cases: how many were decided, by whom, and how long each took from referral
/// to decision (the workflow's own times).
fn underwriting(journeys: &[Journey], work: &[underwriter::Work], findings: &verify::Findings) {
    let referred = journeys.iter().filter(|j| j.referred).count();
    let decided: usize = work.iter().map(|w| w.decided.len()).sum();
    let handovers: usize = work
        .iter()
        .flat_map(|w| &w.refused)
        .filter(|r| r.contains(": 409 "))
        .count();
    println!(
        "  referred cases {referred}, decided by the underwriters {decided} (each underwriter: {}), their commands confirmed {}, refused as the other had the case {handovers}",
        work.iter()
            .map(|w| w.decided.len().to_string())
            .collect::<Vec<_>>()
            .join(" and "),
        work.iter().map(|w| w.journey.accepted).sum::<usize>()
    );
    let mut times = findings.referral_to_decision.clone();
    if times.is_empty() {
        return;
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize].as_secs_f64();
    println!(
        "  time from referral to decision (the workflow's clock), {} cases: p50 {:.1} s, p95 {:.1} s, max {:.1} s",
        times.len(),
        at(0.5),
        at(0.95),
        at(1.0)
    );
}

fn report(
    journeys: &[Journey],
    faults: &[Fault],
    findings: &verify::Findings,
    started: Instant,
    elapsed: Duration,
) {
    let count = |step: Step| journeys.iter().filter(|j| j.reached >= step).count();
    let accepted: usize = journeys.iter().map(|j| j.accepted).sum();
    let unconfirmed: usize = journeys.iter().map(|j| j.unconfirmed.len()).sum();
    let errors: Vec<_> = journeys.iter().flat_map(|j| &j.errors).collect();
    let waits: Vec<_> = journeys.iter().flat_map(|j| &j.waits).collect();
    println!("Ran for {:.1} s", elapsed.as_secs_f64());
    println!(
        "  journeys {} (quoted {}, applied {}, decided {}, in force {}), applications checked {}",
        journeys.len(),
        count(Step::Quoted),
        count(Step::Applied),
        count(Step::Decided),
        count(Step::InForce),
        findings.applications
    );
    println!(
        "  faults: {}",
        FaultKind::ALL
            .iter()
            .map(|kind| format!(
                "{} {}",
                faults.iter().filter(|f| f.kind == *kind).count(),
                kind.plural()
            ))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!(
        "  commands confirmed {accepted}, never confirmed {unconfirmed} (of which applied anyway {}), errors advisers saw {}",
        findings.unconfirmed_but_applied,
        errors.len()
    );
    println!(
        "  lost {}, duplicated {}, read model diverged {}; changes shown but lost with a Temporal restart, put back when acted on: {}",
        findings.lost.len(),
        findings.duplicated.len(),
        findings.diverged.len(),
        journeys.iter().map(|j| j.moved_back).sum::<usize>()
    );
    waits_by_cause(&waits, faults);
    println!(
        "  errors and waits over {} s advisers saw, by the last fault before them (a wait by when it ended):",
        journey::SLOW.as_secs()
    );
    let mut windows: Vec<(Instant, String)> = vec![(started, "before any fault".into())];
    windows.extend(faults.iter().map(|f| (f.at, f.what.clone())));
    for (i, (from, what)) in windows.iter().enumerate() {
        let to = windows.get(i + 1).map(|w| w.0);
        let seen: Vec<_> = errors
            .iter()
            .filter(|e| e.at >= *from && to.is_none_or(|to| e.at < to))
            .collect();
        let slow: Vec<Duration> = waits
            .iter()
            .map(|(at, took)| (*at + *took, *took))
            .filter(|(answered, _)| *answered >= *from && to.is_none_or(|to| *answered < to))
            .map(|(_, took)| took)
            .collect();
        let longest = slow.iter().max().map(|d| d.as_secs_f64()).unwrap_or(0.0);
        let mut kinds: Vec<String> = seen
            .iter()
            .map(|e| format!("{} {}", e.command, e.status))
            .collect();
        kinds.sort();
        kinds.dedup();
        let shown: Vec<&String> = kinds.iter().take(4).collect();
        println!(
            "    {:>6.1} s  {what}: {} errors, {} waits (longest {longest:.1} s){}",
            from.duration_since(started).as_secs_f64(),
            seen.len(),
            slow.len(),
            if shown.is_empty() {
                String::new()
            } else {
                format!(
                    " ({})",
                    shown
                        .iter()
                        .map(|s| s.as_str())
                        .collect::<Vec<_>>()
                        .join("; ")
                )
            }
        );
    }
}

/// The waits over [`journey::SLOW`], each put down to the fault that caused it: the first fault
/// while it lasted (a command in flight when a process died), else the latest fault whose
/// recovery ([`Fault::until`]) it began in; else to no fault.
fn waits_by_cause(waits: &[&(Instant, Duration)], faults: &[Fault]) {
    let cause = |(began, took): &(Instant, Duration)| {
        let ended = *began + *took;
        faults
            .iter()
            .find(|f| f.at >= *began && f.at <= ended)
            .or_else(|| {
                faults
                    .iter()
                    .rev()
                    .find(|f| f.at <= *began && *began <= f.until)
            })
            .map(|f| f.kind)
    };
    let mut parts: Vec<String> = FaultKind::ALL
        .iter()
        .map(|kind| {
            let seen: Vec<Duration> = waits
                .iter()
                .filter(|w| cause(w) == Some(*kind))
                .map(|w| w.1)
                .collect();
            let longest = seen.iter().max().map_or(0.0, |d| d.as_secs_f64());
            format!(
                "after {} {} (longest {longest:.1} s)",
                kind.plural(),
                seen.len()
            )
        })
        .collect();
    parts.push(format!(
        "with no fault near {}",
        waits.iter().filter(|w| cause(w).is_none()).count()
    ));
    println!(
        "  waits over {} s by cause: {}",
        journey::SLOW.as_secs(),
        parts.join(", ")
    );
}

/// p50, p95, p99 and max of each command (the advisers' and the underwriters'), in the order
/// they are first sent.
fn timings(journeys: &[&Journey], elapsed: Duration) {
    let mut names: Vec<&'static str> = Vec::new();
    for (name, _) in journeys.iter().flat_map(|j| &j.timings) {
        if !names.contains(name) {
            names.push(name);
        }
    }
    println!("  confirmed commands by name (each answer's time, including any retries):");
    for name in names {
        let mut samples: Vec<Duration> = journeys
            .iter()
            .flat_map(|j| &j.timings)
            .filter(|(n, _)| *n == name)
            .map(|(_, took)| *took)
            .collect();
        crate::measure::report(name, &mut samples, elapsed);
    }
}
