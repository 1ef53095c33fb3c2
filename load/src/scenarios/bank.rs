//! `--scenario bank`: the bank check again and again, each client on a case of its own with bank
//! details saved.

use crate::cases::set_up_bank;
use crate::cli::Args;
use crate::http::expect_ok;
use crate::measure::{LoadClient, Measured, Samples};
use std::time::Instant;

/// The bank scenario: `bankvalidation` (the modulus check, then Confirmation of Payee, as an
/// Update running a local activity) under `clients` concurrent advisers, against the bare no-op
/// Update in the same run.
pub async fn run(http: &reqwest::Client, args: &Args, token: &str) -> anyhow::Result<()> {
    let measured = Measured {
        what: "bank checks",
        call: "bank check (POST /api/v2/…/bankvalidation/{id})",
        label: "the bank check",
        samples: |all| &mut all.bank_check,
    };
    measured.run(http, args, token, run_bank_checks).await
}

/// Takes a case to set-up with bank details saved (not measured), waits for every client,
/// then checks the bank details `rounds` times.
async fn run_bank_checks(client: LoadClient) -> anyhow::Result<Samples> {
    let (http, base, token) = (&client.http, &client.base, &client.token);
    let (rounds, ready) = (client.rounds, &client.ready);
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
