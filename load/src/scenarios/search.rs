//! `portal-load --scenario search`: the dashboard's search and the underwriters' workbench over
//! a large book of cases. It starts its own Temporal server and `portal api` (no worker:
//! nothing here changes a case), writes `--applications` cases for the signed-in adviser
//! straight into the read model (each with two clients named from a fixed list, created over
//! the past two years; one in ten referred to underwriting, some of those claimed, some waiting
//! for evidence, some of that overdue), then has `--clients` advisers alternate the dashboard's
//! searches with single-case reads while as many underwriters page the workbench, and reports
//! each one's p50/p95/p99 and its p95 as a multiple of the single-case read's.

use crate::cluster::{Binaries, Cluster};
use anyhow::Context;
use chrono::{Duration as Days, TimeZone, Utc};
use domain::application::{EnquirySummary, EvidenceChase, EvidenceRequest, EvidenceStatus};
use domain::cover::Cover;
use domain::decision::Decision;
use domain::product_codes::ProductType;
use domain::underwriting::evidence::EvidenceKind;
use domain::underwriting::manual::Underwriter;
use domain::underwriting::outcome::{ApplicantOutcome, CoverOutcome, Explanation, Risk};
use domain::{
    AddApplicant, AdviserId, ApplicantDetails, ApplicantId, Application, ApplicationStage, Gender,
};
use std::time::{Duration, Instant};

const SURNAMES: [&str; 40] = [
    "Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel",
    "Robinson", "Wright", "Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall",
    "Thomas", "Clarke", "Jackson", "Wood", "Harris", "Edwards", "Turner", "Martin", "Cooper",
    "Hill", "Ward", "Hughes", "Moore", "Clark", "King", "Harrison", "Lewis", "Baker", "Lee",
    "Allen", "Morris", "Khan",
];
const FIRST_NAMES: [&str; 20] = [
    "Oliver", "Amelia", "George", "Isla", "Harry", "Ava", "Noah", "Mia", "Jack", "Ivy", "Leo",
    "Lily", "Arthur", "Freya", "Muhammad", "Grace", "Oscar", "Sophia", "Charlie", "Ella",
];

pub struct Options {
    pub applications: usize,
    pub clients: usize,
    pub rounds: usize,
    pub adviser: String,
    pub user: String,
    pub password: String,
    pub binaries: Binaries,
    pub keep: bool,
}

pub async fn run(options: Options) -> anyhow::Result<()> {
    let cluster = Cluster::start(options.binaries.clone(), 0).await?;
    let outcome = measure(&cluster, &options).await;
    cluster.stop(options.keep || outcome.is_err()).await;
    outcome
}

async fn measure(cluster: &Cluster, options: &Options) -> anyhow::Result<()> {
    let started = Instant::now();
    // The portal made its development key file in the cluster's folder when it started; the
    // cases written here are sealed with it, as the portal's own are.
    let keys = keyring::KeySource::file(cluster.folder.join("payload-keys"), None)
        .ring()
        .context("The cluster's payload keys are not readable")?;
    let ids = seed(
        &cluster.database_url,
        keys,
        &options.adviser,
        options.applications,
    )
    .await?;
    println!(
        "Wrote {} applications for {} in {:.1} s",
        ids.len(),
        options.adviser,
        started.elapsed().as_secs_f64()
    );
    let http = reqwest::Client::new();
    let token =
        crate::http::sign_in(&http, &cluster.base_url, &options.user, &options.password).await?;
    let underwriter = crate::http::sign_in(
        &http,
        &cluster.base_url,
        "underwriter1@example.com",
        &options.password,
    )
    .await?;
    let base = format!("{}/api/v1", cluster.base_url);
    let started = Instant::now();
    let tasks: Vec<_> = (0..options.clients)
        .map(|client| {
            let (http, token, base, ids) = (http.clone(), token.clone(), base.clone(), ids.clone());
            let underwriter = underwriter.clone();
            let rounds = options.rounds;
            tokio::spawn(async move {
                let mut samples: [Vec<Duration>; READS] = Default::default();
                for round in 0..rounds {
                    let pick = (client * 7919 + round * 104_729) % ids.len();
                    let surname = SURNAMES[(client + round) % SURNAMES.len()];
                    let reads = [
                        format!("{base}/backendforfrontend/application/search"),
                        format!(
                            "{base}/backendforfrontend/application/search?searchTerm={surname}"
                        ),
                        format!(
                            "{base}/backendforfrontend/application/search?searchTerm={}",
                            ids[pick]
                        ),
                        format!(
                            "{base}/backendforfrontend/application/search?page={}",
                            1 + round % 500
                        ),
                        format!("{base}/application/{}", ids[pick]),
                    ];
                    let workbench = [
                        format!("{base}/underwriter/cases"),
                        format!("{base}/underwriter/cases?filter=unclaimed"),
                        format!("{base}/underwriter/cases?filter=mine"),
                        format!("{base}/underwriter/cases?filter=evidence"),
                        format!("{base}/underwriter/cases?filter=overdue"),
                        format!("{base}/underwriter/cases?page={}", 1 + round % 100),
                    ];
                    let calls = reads
                        .iter()
                        .map(|url| (url, &token))
                        .chain(workbench.iter().map(|url| (url, &underwriter)));
                    for (i, (url, token)) in calls.enumerate() {
                        let at = Instant::now();
                        crate::http::expect_ok(http.get(url).bearer_auth(token).send().await?)
                            .await?;
                        samples[i].push(at.elapsed());
                    }
                }
                anyhow::Ok(samples)
            })
        })
        .collect();
    let mut all: [Vec<Duration>; READS] = Default::default();
    for task in tasks {
        for (i, samples) in task
            .await
            .context("a client task panicked")??
            .into_iter()
            .enumerate()
        {
            all[i].extend(samples);
        }
    }
    let elapsed = started.elapsed();
    println!(
        "{} clients x {} rounds over {} applications in {:.1} s",
        options.clients,
        options.rounds,
        ids.len(),
        elapsed.as_secs_f64()
    );
    let names: [&str; READS] = [
        "dashboard, first page (no search)",
        "search by a surname",
        "search by a reference",
        "dashboard, a later page",
        "one case (GET /application/{id})",
        "workbench, every referred case",
        "workbench, unclaimed",
        "workbench, mine",
        "workbench, waiting for evidence",
        "workbench, evidence overdue",
        "workbench, a later page",
    ];
    let figures: Vec<(f64, f64)> = names
        .iter()
        .zip(all.iter_mut())
        .map(|(name, samples)| crate::measure::report(name, samples, elapsed))
        .collect();
    let single = figures[SINGLE_CASE].1;
    println!("p95 as a multiple of one case's p95 ({single:.1} ms):");
    for (i, (name, (_, p95))) in names.iter().zip(&figures).enumerate() {
        if i != SINGLE_CASE {
            println!("  {name:<40} {:.2}", p95 / single);
        }
    }
    Ok(())
}

/// The reads each round makes: the dashboard's four, one case, then the workbench's six.
const READS: usize = 11;
/// Which of them is the single-case read every figure is compared with.
const SINGLE_CASE: usize = 4;

/// Writes `count` applications for `adviser` into the read model, four writers at a time.
async fn seed(
    database_url: &str,
    keys: keyring::KeyRing,
    adviser: &str,
    count: usize,
) -> anyhow::Result<Vec<String>> {
    let store = store::Store::connect(database_url, keys).await?;
    let adviser = AdviserId::parse(adviser).context("not an adviser id")?;
    let writers = 4;
    let tasks: Vec<_> = (0..writers)
        .map(|writer| {
            let (store, adviser) = (store.clone(), adviser.clone());
            tokio::spawn(async move {
                let mut ids = Vec::new();
                for n in (writer..count).step_by(writers) {
                    let application = sample(&store, &adviser, n).await?;
                    store.save_application(&application).await?;
                    ids.push(application.id.to_string());
                }
                anyhow::Ok(ids)
            })
        })
        .collect();
    let mut ids = Vec::with_capacity(count);
    for task in tasks {
        ids.extend(task.await.context("a writer panicked")??);
    }
    store.close().await;
    Ok(ids)
}

/// Case `n`: two clients, created `n` minutes apart over the last two years.
async fn sample(
    store: &store::Store,
    adviser: &AdviserId,
    n: usize,
) -> anyhow::Result<Application> {
    let created =
        Utc.with_ymd_and_hms(2024, 11, 25, 9, 0, 0).unwrap() + Days::minutes(n as i64 * 10);
    let id = store.allocate_application_id(created).await?;
    let mut application = Application::new(id, adviser.clone(), None, created);
    for (i, gender) in [Gender::Female, Gender::Male].into_iter().enumerate() {
        let command = AddApplicant {
            applicant_id: ApplicantId::parse(&format!("seed-{n}-{i}")).context("applicant id")?,
            details: ApplicantDetails {
                first_name: Some(FIRST_NAMES[(n * 3 + i) % FIRST_NAMES.len()].into()),
                last_name: Some(SURNAMES[(n / 7 + i) % SURNAMES.len()].into()),
                gender: Some(gender),
                date_of_birth: chrono::NaiveDate::from_ymd_opt(
                    1970 + (n % 30) as i32,
                    1 + (n % 12) as u32,
                    1,
                ),
                ..Default::default()
            },
            indication: None,
        };
        application = application
            .add_applicant(&command, created + Days::seconds(i as i64 + 1))
            .map_err(|r| anyhow::anyhow!("{r}"))?;
    }
    if n.is_multiple_of(10) {
        refer(&mut application, n);
    }
    Ok(application)
}

/// Case `n` referred to underwriting a day after it was created: the first client's life cover
/// referred by a rule; one in three of these claimed (by `underwriter1` or `underwriter2`),
/// one in four waiting for a GP report, half of those chased past its date.
fn refer(application: &mut Application, n: usize) {
    let referred_at = application.created_at + Days::days(1);
    let Some(client) = application.applicants.first_mut() else {
        return;
    };
    let mut cover = Cover::new(format!("seed-cover-{n}").into(), ProductType::Life);
    cover.decision = Some(Decision::ManualUw);
    client.covers.push(cover);
    let client = client.id.clone();
    application
        .underwriting
        .applicants_enquiries
        .push(EnquirySummary {
            applicant_id: client.clone(),
            enquiry_id: format!("enquiry-{client}"),
            is_open: false,
            started_at: referred_at,
            closed_at: Some(referred_at),
            outcome: Some(ApplicantOutcome {
                rulebook_version: "sample".into(),
                decided_at: referred_at,
                covers: vec![CoverOutcome {
                    cover_id: format!("seed-cover-{n}").into(),
                    product_type: ProductType::Life,
                    decision: Decision::ManualUw,
                    displayed: Decision::ManualUw.displayed(),
                    loading: 0,
                    exclusions: vec![],
                    evidence: vec![],
                    summary: "Life Protection: underwriting required.".into(),
                    explanations: vec![Explanation {
                        rule: "BMI-40-45-IP".into(),
                        decision: Decision::ManualUw,
                        reason: "Body mass index of 42: an underwriter must review".into(),
                        loading: 0,
                        exclusion: None,
                        evidence: None,
                        answers: vec![],
                        table: "Build".into(),
                        row: Some(7),
                        risks: vec![Risk::Life],
                        loading_instead: None,
                    }],
                    manual: None,
                }],
                limits: None,
            }),
            underwritten_covers: vec![],
        });
    application.status = ApplicationStage::Underwriting;
    application.underwriting.referral.referred_at = Some(referred_at);
    let underwriter = |k: usize| Underwriter {
        id: format!("underwriter{}", 1 + k % 2),
        name: format!("Underwriter {}", 1 + k % 2),
    };
    if n.is_multiple_of(30) {
        application.underwriting.referral.claim = Some(domain::application::Claim {
            underwriter: underwriter(n / 30),
            claimed_at: referred_at,
        });
    }
    if n.is_multiple_of(40) {
        let expected_by = referred_at.date_naive() + Days::days(28);
        let chases = if n.is_multiple_of(80) {
            vec![EvidenceChase {
                chased_on: expected_by + Days::days(1),
                at: referred_at + Days::days(29),
                expected_by: expected_by + Days::days(8),
            }]
        } else {
            vec![]
        };
        application
            .underwriting
            .referral
            .evidence
            .push(EvidenceRequest {
                id: format!("seed-evidence-{n}"),
                applicant_id: client,
                kind: EvidenceKind::GpReport,
                label: "GP report".into(),
                provider: "The Surgery".into(),
                medical_report: true,
                chase_every_days: 7,
                requested_at: referred_at,
                requested_by: underwriter(n),
                first_expected_by: expected_by,
                expected_by: chases.last().map_or(expected_by, |c| c.expected_by),
                status: EvidenceStatus::Requested,
                chases,
                received: None,
                withdrawn_at: None,
                withdrawn_because: None,
            });
    }
    application.updated_at = application.updated_at.max(referred_at);
}
