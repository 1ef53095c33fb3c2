//! `--scenario activate`: putting cases in force, each client with `rounds` cases at the end of
//! set-up.

use crate::cases::ready_to_activate;
use crate::cli::Args;
use crate::http::expect_ok;
use crate::measure::{LoadClient, Measured, Samples};
use anyhow::bail;
use std::time::Instant;

/// The activate scenario: `activateApplication` (a policy per client, each client's schedule
/// and the decision document rendered and stored by a local activity, the stage Went on Risk)
/// under `clients` concurrent advisers, each putting `rounds` cases in force, against the bare
/// no-op Update in the same run.
pub async fn run(http: &reqwest::Client, args: &Args, token: &str) -> anyhow::Result<()> {
    let measured = Measured {
        what: "cases put in force",
        call: "put in force (POST /api/v1/actions/activateApplication/{id})",
        label: "putting a policy in force",
        samples: |all| &mut all.activate,
    };
    measured.run(http, args, token, run_activations).await
}

/// Takes `rounds` cases to the end of set-up (bank details checked and confirmed, the start
/// date now; not measured), waits for every client, then puts each case in force.
async fn run_activations(client: LoadClient) -> anyhow::Result<Samples> {
    let (http, base, token) = (&client.http, &client.base, &client.token);
    let (rounds, ready) = (client.rounds, &client.ready);
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
