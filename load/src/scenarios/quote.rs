//! `--scenario quote` (the default): each client creates an application, adds a client,
//! reads it back, adds a cover (which comes back priced, as the SPA's click does) and runs the
//! address and email look-ups, round after round; then the bare Update and the bare rounds, and
//! each call's ratio to them.

use crate::baseline::{BareRounds, bare_rounds, baseline};
use crate::cli::Args;
use crate::cpu;
use crate::http::expect_ok;
use crate::measure::{Samples, per_second, report};
use crate::repeats::{Ratios, repeated};
use anyhow::Context;
use serde_json::{Value, json};
use std::time::Instant;

/// Postcodes of the sample gazetteer and one it does not hold, and email addresses on the
/// blocked and disposable lists and off them, so the look-ups do their real work.
const POSTCODES: [&str; 4] = ["LS6 3QJ", "m20 2ut", "EH12 6TB", "EX4 4QJ"];
const EMAILS: [&str; 4] = [
    "jane.smith@example.com",
    "jane@mailinator.com",
    "jane@qq.com",
    "j.o'brien@example.co.uk",
];

/// The quote scenario, `--repeat` times, after one warm-up round so connection set-up and key
/// fetching are not measured.
pub async fn run(http: &reqwest::Client, args: &Args, token: &str) -> anyhow::Result<()> {
    run_client(http, &args.base_url, token, 1).await?;
    repeated(args.repeat, || quote(http, args, token)).await
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
             then two Updates), with no-op handlers{}:",
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
        for (name, (p50, p95)) in [("AddApplicant", add), ("MutateCovers/add", cover)] {
            println!(
                "  {name:<40} {:.2} / {:.2}",
                p50 / bare_update.0,
                p95 / bare_update.1
            );
        }
        let commands = ["AddApplicant", "MutateCovers/add"];
        for (against, bare) in [
            ("bare Update", base.1),
            ("bare round's Update", bare_update.1),
        ] {
            for (name, (_, p95)) in commands.into_iter().zip([add, cover]) {
                ratios.push((format!("{name} p95 ÷ {against} p95"), p95 / bare));
            }
        }
        let rounds_rate = per_second(args.clients * args.rounds, elapsed);
        let bare_rounds_rate = per_second(starts.len(), bare_elapsed);
        // A round is three Temporal calls (the start and two Updates), as a bare round is.
        ratios.push((
            "rounds × 3 a second ÷ bare Updates a second".into(),
            rounds_rate * 3.0 / base_rate,
        ));
        ratios.push((
            "bare rounds × 3 a second ÷ bare Updates a second".into(),
            bare_rounds_rate * 3.0 / base_rate,
        ));
        ratios.push((
            "rounds a second ÷ bare rounds a second".into(),
            rounds_rate / bare_rounds_rate,
        ));
    }
    Ok(ratios)
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
        let covered = expect_ok(
            http.post(format!("{base}/api/v1/actions/MutateCovers/add"))
                .bearer_auth(token)
                .json(&cover)
                .send()
                .await?,
        )
        .await?;
        samples.add_cover.push(started.elapsed());
        // The cover change prices the quote in the same Update: a round without a price is
        // not the round the SPA makes.
        anyhow::ensure!(
            covered["quote"].is_object(),
            "the cover change came back without its price: {covered}"
        );

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
