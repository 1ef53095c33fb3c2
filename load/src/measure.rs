//! Timing and reporting shared by the scenarios: each call's samples, the percentile report,
//! the clients held at a barrier until every one has set its case up, and the ratio of a call
//! to the bare no-op Update measured in the same run.

use crate::baseline::baseline;
use crate::cli::Args;
use crate::cpu;
use crate::repeats::{Ratios, repeated};
use anyhow::Context;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Barrier;

/// Each call's times, by call; a scenario fills the ones it measures.
#[derive(Default)]
pub struct Samples {
    pub create: Vec<Duration>,
    pub add_applicant: Vec<Duration>,
    pub get_application: Vec<Duration>,
    pub add_cover: Vec<Duration>,
    pub address_lookup: Vec<Duration>,
    pub email_check: Vec<Duration>,
    pub answer: Vec<Duration>,
    pub condition_lookup: Vec<Duration>,
    pub bank_check: Vec<Duration>,
    pub activate: Vec<Duration>,
    pub edit_cover: Vec<Duration>,
    pub qi_indication: Vec<Duration>,
}

/// One concurrent adviser of a scenario measured after set-up: their HTTP client, the portal's
/// address, their token, how many rounds to make, and the barrier every adviser waits at once
/// their case is set up.
pub struct LoadClient {
    pub http: reqwest::Client,
    pub base: String,
    pub token: String,
    pub rounds: usize,
    pub ready: Arc<Barrier>,
}

/// Runs `client` for each of `args.clients` concurrent advisers. Each takes its case to where
/// the measurement starts, then waits for the others, so that one client's set-up (pricing,
/// documents, sign-in) does not load the machine while another is being measured. Answers
/// every client's samples, the time from the start of the measurement and the CPU used in it.
pub async fn after_set_up<F, Fut>(
    http: &reqwest::Client,
    args: &Args,
    token: &str,
    client: F,
) -> anyhow::Result<(Samples, Duration, cpu::CpuUse)>
where
    F: Fn(LoadClient) -> Fut,
    Fut: std::future::Future<Output = anyhow::Result<Samples>> + Send + 'static,
{
    let cpu = cpu::CpuMeter::parse(&args.cpu_of)?;
    let ready = Arc::new(Barrier::new(args.clients + 1));
    let tasks: Vec<_> = (0..args.clients)
        .map(|_| {
            tokio::spawn(client(LoadClient {
                http: http.clone(),
                base: args.base_url.clone(),
                token: token.to_owned(),
                rounds: args.rounds,
                ready: ready.clone(),
            }))
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
        all.qi_indication.extend(samples.qi_indication);
    }
    let elapsed = started.elapsed();
    let used = cpu.used_since(cpu_before);
    Ok((all, elapsed, used))
}

/// A scenario that measures one call after each client's set-up: `what` the clients did, the
/// `call` as reported, its `label` in the ratio line, and where its samples are kept.
pub struct Measured {
    pub what: &'static str,
    pub call: &'static str,
    pub label: &'static str,
    pub samples: fn(&mut Samples) -> &mut Vec<Duration>,
}

impl Measured {
    pub async fn run<F, Fut>(
        self,
        http: &reqwest::Client,
        args: &Args,
        token: &str,
        client: F,
    ) -> anyhow::Result<()>
    where
        F: Fn(LoadClient) -> Fut,
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
        F: Fn(LoadClient) -> Fut,
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
pub async fn compare_to_baseline(
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

/// Prints the figures and returns (p50, p95) in milliseconds.
pub fn report(name: &str, samples: &mut [Duration], elapsed: Duration) -> (f64, f64) {
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
pub fn per_second(count: usize, elapsed: Duration) -> f64 {
    count as f64 / elapsed.as_secs_f64()
}
