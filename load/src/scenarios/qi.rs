//! `--scenario qi`: the indicative decision (`POST /decision/qi/{id}/risk`), each client on a Qi
//! enquiry of its own with every question answered. Each round changes one answer (which
//! withdraws the indication) and asks for the indication again, so every measured call runs
//! the rules.

use crate::cli::Args;
use crate::http::expect_ok;
use crate::measure::{LoadClient, Samples, after_set_up, compare_to_baseline, per_second, report};
use crate::repeats::{Ratios, repeated};
use serde_json::{Value, json};
use std::time::Instant;

/// The Qi scenario: indications under `clients` concurrent advisers, against the bare no-op
/// Update in the same run.
pub async fn run(http: &reqwest::Client, args: &Args, token: &str) -> anyhow::Result<()> {
    repeated(args.repeat, || qi_once(http, args, token)).await
}

async fn qi_once(http: &reqwest::Client, args: &Args, token: &str) -> anyhow::Result<Ratios> {
    let (mut all, elapsed, cpu) = after_set_up(http, args, token, run_qi).await?;
    println!(
        "{} clients x {} answers and indications against {} in {:.1} s (after set-up)",
        args.clients,
        args.rounds,
        args.base_url,
        elapsed.as_secs_f64()
    );
    report(
        "Qi answer (POST …/qi/{id}/answers)",
        &mut all.answer,
        elapsed,
    );
    let indication = report(
        "Qi indication (POST …/decision/qi/{id}/risk)",
        &mut all.qi_indication,
        elapsed,
    );
    cpu.report(args.clients * args.rounds, "round");
    let rate = per_second(all.qi_indication.len(), elapsed);
    compare_to_baseline(args, "the indication", indication, rate).await
}

/// The answers of a client with high blood pressure (not measured).
fn answers() -> Value {
    let pairs = [
        ("HEIGHT_UNITS", "metric"),
        ("HEIGHT", "1.70"),
        ("WEIGHT_UNITS", "metric"),
        ("WEIGHT", "72"),
        ("OCCUPATION", "Software developer"),
        ("EARNINGS", "42000"),
        ("HAZARDOUS_DUTIES", "No"),
        ("ALCOHOL_UNITS", "10"),
        ("DRUGS", "No"),
        ("HAZARDOUS_PURSUITS", "No"),
        ("TRAVEL", "No"),
        ("HAS_CONDITIONS", "Yes"),
        ("CONDITIONS", "everyday-high-blood-pressure"),
        ("HYPERTENSION_CONTROLLED", "No"),
        ("HYPERTENSION_DIAGNOSED", "2019-03-01"),
        ("FAMILY_HISTORY", "No"),
        ("GP_REGISTERED_SINCE", "2015-06-01"),
        ("GP_PENDING", "No"),
    ];
    json!({ "answers": pairs.iter().map(|(t, v)| json!({"tag": t, "value": v})).collect::<Vec<_>>() })
}

/// Asks Qi for one client and answers every question (not measured), waits for every client
/// to be ready, then changes an answer and asks for the indication, round after round.
async fn run_qi(client: LoadClient) -> anyhow::Result<Samples> {
    let (http, base, token) = (&client.http, &client.base, &client.token);
    let (rounds, ready) = (client.rounds, &client.ready);
    let set_up = async {
        let created = expect_ok(
            http.post(format!("{base}/api/v1/qi"))
                .bearer_auth(token)
                .json(&json!({
                    "firstName": "Load", "lastName": "Qi", "gender": "female",
                    "dateOfBirth": "1980-06-23", "smoking": "noneInFiveYears"
                }))
                .send()
                .await?,
        )
        .await?;
        let id = created["id"].as_str().unwrap_or_default().to_owned();
        expect_ok(
            http.post(format!("{base}/api/v1/qi/{id}/answers"))
                .bearer_auth(token)
                .json(&answers())
                .send()
                .await?,
        )
        .await?;
        anyhow::Ok(id)
    }
    .await;
    ready.wait().await;
    let id = set_up?;

    let mut samples = Samples::default();
    for round in 0..rounds {
        let answer =
            json!({ "answers": [{ "tag": "ALCOHOL_UNITS", "value": (round % 30).to_string() }] });
        let started = Instant::now();
        expect_ok(
            http.post(format!("{base}/api/v1/qi/{id}/answers"))
                .bearer_auth(token)
                .json(&answer)
                .send()
                .await?,
        )
        .await?;
        samples.answer.push(started.elapsed());
        let started = Instant::now();
        expect_ok(
            http.post(format!("{base}/api/v1/decision/qi/{id}/risk"))
                .bearer_auth(token)
                .send()
                .await?,
        )
        .await?;
        samples.qi_indication.push(started.elapsed());
    }
    Ok(samples)
}
