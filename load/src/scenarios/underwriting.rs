//! `--scenario underwriting`: answer posts and condition look-ups, each client on a case of its
//! own with the interview started.

use crate::cases::set_up_interview;
use crate::cli::Args;
use crate::http::expect_ok;
use crate::measure::{LoadClient, Samples, after_set_up, compare_to_baseline, per_second, report};
use crate::repeats::{Ratios, repeated};
use serde_json::json;
use std::time::Instant;

/// The underwriting scenario: answer posts and condition look-ups under `clients` concurrent
/// advisers, against the bare no-op Update in the same run.
pub async fn run(http: &reqwest::Client, args: &Args, token: &str) -> anyhow::Result<()> {
    repeated(args.repeat, || underwriting_once(http, args, token)).await
}

async fn underwriting_once(
    http: &reqwest::Client,
    args: &Args,
    token: &str,
) -> anyhow::Result<Ratios> {
    let (mut all, elapsed, cpu) = after_set_up(http, args, token, run_interview).await?;
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
async fn run_interview(client: LoadClient) -> anyhow::Result<Samples> {
    let (http, base, token) = (&client.http, &client.base, &client.token);
    let (rounds, ready) = (client.rounds, &client.ready);
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
