//! `portal-load`: a small load driver for a running portal on loopback. It signs in through
//! the development identity provider's password grant, then runs N concurrent clients, each
//! repeatedly creating an application (untimed), adding a client to it (`AddApplicant`) and
//! reading it back (`GET /application/{id}`), and reports p50, p95, p99 and max of each call.
//!
//! Usage: `portal-load [--base-url http://127.0.0.1:8080] [--clients 20] [--rounds 25]`

use anyhow::{Context, bail};
use clap::Parser;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

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
}

#[derive(Default)]
struct Samples {
    add_applicant: Vec<Duration>,
    get_application: Vec<Duration>,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(args.clients * 2)
        .build()?;
    let token = sign_in(&http, &args).await?;
    // One warm-up round so connection set-up and key fetching are not measured.
    run_client(&http, &args.base_url, &token, 1).await?;

    let started = Instant::now();
    let tasks: Vec<_> = (0..args.clients)
        .map(|_| {
            let http = http.clone();
            let base = args.base_url.clone();
            let token = token.clone();
            let rounds = args.rounds;
            tokio::spawn(async move { run_client(&http, &base, &token, rounds).await })
        })
        .collect();
    let mut all = Samples::default();
    for task in tasks {
        let samples = task.await.context("a client task panicked")??;
        all.add_applicant.extend(samples.add_applicant);
        all.get_application.extend(samples.get_application);
    }
    let elapsed = started.elapsed();
    println!(
        "{} clients x {} rounds against {} in {:.1} s",
        args.clients,
        args.rounds,
        args.base_url,
        elapsed.as_secs_f64()
    );
    report(
        "AddApplicant (POST …/AddApplicant)",
        &mut all.add_applicant,
        elapsed,
    );
    report(
        "GET /api/v1/application/{id}",
        &mut all.get_application,
        elapsed,
    );
    Ok(())
}

async fn sign_in(http: &reqwest::Client, args: &Args) -> anyhow::Result<String> {
    let response = http
        .post(format!("{}/dev-idp/token", args.base_url))
        .form(&[
            ("grant_type", "password"),
            ("client_id", "portal-web"),
            ("username", args.user.as_str()),
            ("password", args.password.as_str()),
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
        let created: Value = expect_ok(
            http.post(format!(
                "{base}/api/v1/backendforfrontend/application/create"
            ))
            .bearer_auth(token)
            .send()
            .await?,
        )
        .await?;
        let id = &created["id"];
        let client = json!({
            "title": "Mr", "firstName": "Load", "lastName": format!("Client{round}"), "gender": "male",
            "dateOfBirth": "1980-06-23", "smoking": "noneInFiveYears"
        });
        let started = Instant::now();
        expect_ok(
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

fn report(name: &str, samples: &mut [Duration], elapsed: Duration) {
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
        samples.len() as f64 / elapsed.as_secs_f64()
    );
}
