//! Temporal's own round trip, the yardstick every scenario's figures are divided by: a worker
//! of this process runs the no-op `BaselineWorkflow`, and clients send it bare Updates (or, in
//! the bare rounds, the same starts and Updates a quote round makes).

use crate::cli::Args;
use crate::cpu;
use anyhow::Context;
use std::time::{Duration, Instant};

/// A worker for the no-op workflow on a task queue of its own (`name` and this process), with
/// as many pollers as the portal's, and a client of the same server. This is the baseline
/// worker's composition root: only `BaselineWorkflow` and its no-op activity.
async fn baseline_worker(
    args: &Args,
    name: &str,
) -> anyhow::Result<(
    workflows::worker::TemporalConfig,
    workflows::worker::RunningWorker,
    temporalio_client::Client,
)> {
    use workflows::baseline::{BaselineActivities, BaselineWorkflow};
    use workflows::worker::{RunningWorker, TemporalConfig, connect};
    let config = TemporalConfig {
        address: args.temporal_address.clone(),
        namespace: args.temporal_namespace.clone(),
        task_queue: format!("{name}-{}", std::process::id()),
        workflow_task_pollers: args.baseline_pollers,
        compress: args.grpc_compression == "gzip",
        max_cached_workflows: args.max_cached_workflows,
        // Encrypted as the portal's payloads are, so the baseline bears the same cost; the
        // keys live only as long as this process, as its workflows do.
        payload_keys: keyring::KeySource::inline(keyring::new_key_line("baseline")?, None),
    };
    let worker = RunningWorker::start(config.clone(), |options| {
        options
            .register_activities(BaselineActivities)
            .register_workflow::<BaselineWorkflow>()
            .map_err(|e| anyhow::anyhow!("Failed to register BaselineWorkflow: {e}"))
    })?;
    let client = connect(&config).await?;
    Ok((config, worker, client))
}

/// Temporal's own round trip: each client sends `rounds` no-op Updates to a workflow of its own.
pub async fn baseline(args: &Args) -> anyhow::Result<Vec<Duration>> {
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
/// no-op workflow by update-with-start (as `create` does) and sends it two no-op Updates (as
/// `AddApplicant` and the self-pricing `MutateCovers/add` do). Returns the starts' and the
/// Updates' times and how long the rounds took; the workflows are finished afterwards, unmeasured.
pub async fn bare_rounds(args: &Args, cpu: &cpu::CpuMeter) -> anyhow::Result<BareRounds> {
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
                for _ in 0..2 {
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
pub struct BareRounds {
    pub starts: Vec<Duration>,
    pub updates: Vec<Duration>,
    pub elapsed: Duration,
    pub cpu_after: cpu::CpuReading,
}
