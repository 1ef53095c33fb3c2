//! The pieces a process needs to run a Temporal worker and to prepare the namespace for it: the
//! connection ([`connect`]), the search attributes, the health check, and [`RunningWorker`],
//! which runs the workflows and activities a binary registers with the portal's tuning. Which
//! workflows and activities, with which adapters, is the binary's choice (its composition
//! root: `api::worker` for the portal, the load driver's baseline for `portal-load`); this
//! module knows none of them.
//!
//! The SDK's worker future is not `Send`, so the worker runs on a thread of its own with its
//! own Tokio runtime, where it also connects; [`RunningWorker::stop`] shuts it down gracefully
//! (in-flight tasks finish).

use crate::{ApplicationWorkflow, EnquiryWorkflow, QiWorkflow};
use anyhow::{Context, anyhow};
use std::collections::HashMap;
use std::sync::mpsc;
use std::thread::JoinHandle;
use temporalio_client::{Client, ClientOptions, Connection, ConnectionOptions, GrpcCompression};
use temporalio_common::protos::temporal::api::operatorservice::v1::{
    AddSearchAttributesRequest, ListSearchAttributesRequest,
};
use temporalio_sdk::runtime::PollerBehavior;
use temporalio_sdk::{Runtime, Worker, WorkerOptions, WorkerOptionsBuilder};

/// Share of workflow-task pollers on the shared queue, where new applications' first tasks
/// wait; the SDK's default (0.2) leaves one poller there, so simultaneous creations queue
/// (20 advisers creating at once: p95 of `create` 1.4 s at the default, 0.57 s with 12
/// pollers at 0.7; `portal-load` on the 2-core development machine, docs/decisions.md O1).
const NONSTICKY_POLL_RATIO: f32 = 0.7;

/// How long a workflow task may run on a worker before Temporal gives it to another: set on
/// every workflow the portal starts (continued runs keep it). Temporal's default is 10 s, which
/// is how long a case waited when the worker running its task was killed (issue 49: advisers
/// waited 10 s after a worker kill). A task is milliseconds of work; a local activity that runs
/// longer (a document, a slow save) keeps its task alive by heartbeats at four fifths of this,
/// so a slow step never times out, a dead worker's task is handed on within it. (docs/decisions.md
/// RS22)
pub const WORKFLOW_TASK_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(1);

/// How long a case's next task waits for the worker that ran its last one (which holds the
/// case in memory) before any worker may take it. Temporal's default of 10 s was the other half
/// of the wait after a worker kill: the dead worker's cases queued for it that long. Past this,
/// another worker replays the case from its history, a few milliseconds. (docs/decisions.md
/// RS22)
pub const STICKY_QUEUE_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(500);

/// Where and how to reach Temporal.
#[derive(Debug, Clone)]
pub struct TemporalConfig {
    /// For example `http://127.0.0.1:7233`.
    pub address: String,
    pub namespace: String,
    pub task_queue: String,
    /// Concurrent workflow-task polls (`TEMPORAL_WORKFLOW_TASK_POLLERS`).
    pub workflow_task_pollers: usize,
    /// Whether gRPC messages to and from Temporal are gzip-compressed
    /// (`TEMPORAL_GRPC_COMPRESSION`). On by default, as in the SDK: turning it off on loopback
    /// bought nothing measurable under load (docs/decisions.md RS20), so the setting is there for a
    /// deployment to measure its own network.
    pub compress: bool,
    /// Workflow runs the worker keeps in memory between tasks (`TEMPORAL_MAX_CACHED_WORKFLOWS`).
    /// A case out of the cache is replayed from its history at its next task. The SDK's
    /// default of 1,000 costs on every task: its worker walks the whole cache after each
    /// step, which took about 5 % of the portal's CPU under load (docs/decisions.md RS19).
    pub max_cached_workflows: usize,
    /// The keys every payload is encrypted with (`crate::codec`): clients and workers made
    /// from this configuration share one ring.
    pub payload_keys: keyring::KeySource,
}

/// Enough for every case advisers are working on at once on one worker; idle cases replay.
pub const DEFAULT_MAX_CACHED_WORKFLOWS: usize = 250;

/// Connects a Temporal client that encrypts every payload it sends and decrypts those it
/// receives; a worker built on it does the same (the SDK takes the client's converter).
pub async fn connect(config: &TemporalConfig) -> anyhow::Result<Client> {
    let keys = payload_keys(config)?;
    connect_with(config, crate::codec::data_converter(keys)).await
}

/// As [`connect`], for a worker: its codec marks what was not sealed with the portal's keys,
/// and the worker refuses it as input (`crate::sealed_input`).
async fn connect_worker(config: &TemporalConfig) -> anyhow::Result<Client> {
    let keys = payload_keys(config)?;
    connect_with(config, crate::codec::worker_data_converter(keys)).await
}

async fn connect_with(
    config: &TemporalConfig,
    converter: temporalio_common::data_converters::DataConverter,
) -> anyhow::Result<Client> {
    let url = url::Url::parse(&config.address)
        .with_context(|| format!("TEMPORAL_ADDRESS {:?} is not a URL", config.address))?;
    let compression = if config.compress {
        GrpcCompression::Gzip
    } else {
        GrpcCompression::None
    };
    let options = ConnectionOptions::new(url)
        .identity(identity())
        .grpc_compression(compression)
        .build();
    let connection = Connection::connect(options)
        .await
        .with_context(|| format!("Failed to connect to Temporal at {}", config.address))?;
    Client::new(
        connection,
        ClientOptions::new(config.namespace.clone())
            .data_converter(converter)
            .build(),
    )
    .context("Failed to create the Temporal client")
}

/// The payload keys, read on first use, or what is wrong with them (no keys configured, a
/// missing file, a bad line), naming where they were looked for.
pub fn payload_keys(config: &TemporalConfig) -> anyhow::Result<keyring::KeyRing> {
    config.payload_keys.ring().with_context(|| {
        format!(
            "The payload encryption keys in {} are not usable",
            config.payload_keys.describe()
        )
    })
}

/// `portal@{host}/{pid}`: unique per process even where every container's process is pid 1,
/// and what [`is_polling_from_this_host`] looks for.
fn identity() -> String {
    format!("portal@{}/{}", host_name(), std::process::id())
}

fn host_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|name| name.trim().to_owned())
        .unwrap_or_else(|_| "unknown-host".to_owned())
}

/// How recently a worker must have polled to count as alive: a poll is held open for up to a
/// minute, so a live worker is seen well within this.
const POLLED_WITHIN: std::time::Duration = std::time::Duration::from_secs(90);

/// Whether a worker on this host is polling the task queue for workflow tasks, as Temporal
/// saw it: the worker container's health check (`portal health-check worker`).
pub async fn is_polling_from_this_host(config: &TemporalConfig) -> anyhow::Result<bool> {
    use temporalio_common::protos::temporal::api::enums::v1::{TaskQueueKind, TaskQueueType};
    use temporalio_common::protos::temporal::api::taskqueue::v1::TaskQueue;
    use temporalio_common::protos::temporal::api::workflowservice::v1::DescribeTaskQueueRequest;
    let client = connect(config).await?;
    let pollers = client
        .connection()
        .workflow_service()
        .describe_task_queue(temporalio_client::tonic::Request::new(
            DescribeTaskQueueRequest {
                namespace: config.namespace.clone(),
                task_queue: Some(TaskQueue {
                    name: config.task_queue.clone(),
                    kind: TaskQueueKind::Normal as i32,
                    ..Default::default()
                }),
                task_queue_type: TaskQueueType::Workflow as i32,
                ..Default::default()
            },
        ))
        .await
        .context("Failed to describe the task queue")?
        .into_inner()
        .pollers;
    let prefix = format!("portal@{}/", host_name());
    let now = std::time::SystemTime::now();
    Ok(pollers.iter().any(|poller| {
        let recent = poller.last_access_time.as_ref().is_some_and(|at| {
            let at = std::time::UNIX_EPOCH
                + std::time::Duration::new(at.seconds.max(0) as u64, at.nanos.max(0) as u32);
            now.duration_since(at).unwrap_or_default() < POLLED_WITHIN
        });
        poller.identity.starts_with(&prefix) && recent
    }))
}

/// Registers the search attributes the workflows upsert, if the namespace lacks them.
pub async fn ensure_search_attributes(client: &Client, namespace: &str) -> anyhow::Result<()> {
    let wanted = crate::search_attributes::registered();
    let mut operator = client.connection().operator_service();
    let existing = operator
        .list_search_attributes(temporalio_client::tonic::Request::new(
            ListSearchAttributesRequest {
                namespace: namespace.to_owned(),
            },
        ))
        .await
        .context("Failed to list Temporal search attributes")?
        .into_inner()
        .custom_attributes;
    let missing: HashMap<String, i32> = wanted
        .into_iter()
        .filter(|(name, _)| !existing.contains_key(*name))
        .map(|(name, kind)| (name.to_owned(), kind as i32))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    operator
        .add_search_attributes(temporalio_client::tonic::Request::new(
            AddSearchAttributesRequest {
                search_attributes: missing.clone(),
                namespace: namespace.to_owned(),
            },
        ))
        .await
        .context("Failed to register Temporal search attributes")?;
    wait_until_seen(client, namespace, missing.keys()).await
}

/// A server with its search-attribute cache on (any but a dev server that registered them at
/// start) sees attributes added at run time only once it refreshes, some seconds later; a
/// workflow started before then with them is refused. So this waits until a list query on
/// each new attribute is accepted.
async fn wait_until_seen(
    client: &Client,
    namespace: &str,
    names: impl Iterator<Item = &String>,
) -> anyhow::Result<()> {
    use temporalio_common::protos::temporal::api::workflowservice::v1::CountWorkflowExecutionsRequest;
    const WITHIN: std::time::Duration = std::time::Duration::from_secs(60);
    let deadline = std::time::Instant::now() + WITHIN;
    let mut service = client.connection().workflow_service();
    for name in names {
        loop {
            let probe = CountWorkflowExecutionsRequest {
                namespace: namespace.to_owned(),
                query: format!("{name} IS NULL"),
            };
            match service
                .count_workflow_executions(temporalio_client::tonic::Request::new(probe))
                .await
            {
                Ok(_) => break,
                Err(status) if std::time::Instant::now() < deadline => {
                    tracing::info!(%name, %status, "waiting for Temporal to see a new search attribute");
                    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                }
                Err(status) => {
                    return Err(anyhow!(
                        "Temporal did not accept the search attribute {name} within {} s: {status}",
                        WITHIN.as_secs()
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A worker running on its own thread.
pub struct RunningWorker {
    shutdown: Box<dyn Fn() + Send + Sync>,
    thread: Option<JoinHandle<anyhow::Result<()>>>,
}

impl std::fmt::Debug for RunningWorker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RunningWorker").finish_non_exhaustive()
    }
}

impl RunningWorker {
    /// Runs the workflows and activities `register` adds to the worker's options on
    /// `config.task_queue`; returns once the worker is connected and polling.
    pub fn start(
        config: TemporalConfig,
        register: impl FnOnce(WorkerOptionsBuilder) -> anyhow::Result<WorkerOptionsBuilder>
        + Send
        + 'static,
    ) -> anyhow::Result<Self> {
        let register: Register = Box::new(register);
        let (ready_tx, ready_rx) = mpsc::channel::<anyhow::Result<Box<dyn Fn() + Send + Sync>>>();
        let thread = std::thread::Builder::new()
            .name("temporal-worker".into())
            .spawn(move || run_on_own_runtime(config, register, ready_tx))
            .context("Failed to start the worker thread")?;
        match ready_rx.recv() {
            Ok(Ok(shutdown)) => Ok(Self {
                shutdown,
                thread: Some(thread),
            }),
            Ok(Err(error)) => Err(error),
            Err(_) => Err(thread
                .join()
                .map_err(|_| anyhow!("the worker thread panicked"))?
                .err()
                .unwrap_or_else(|| anyhow!("the worker stopped before it was ready"))),
        }
    }

    /// Asks the worker to stop and waits until it has (in-flight tasks complete first).
    pub fn stop(mut self) -> anyhow::Result<()> {
        self.stop_and_join()
    }

    fn stop_and_join(&mut self) -> anyhow::Result<()> {
        (self.shutdown)();
        match self.thread.take() {
            Some(thread) => thread
                .join()
                .map_err(|_| anyhow!("the worker thread panicked"))?,
            None => Ok(()),
        }
    }
}

impl Drop for RunningWorker {
    fn drop(&mut self) {
        if self.thread.is_some() {
            let _ = self.stop_and_join();
        }
    }
}

type Ready = mpsc::Sender<anyhow::Result<Box<dyn Fn() + Send + Sync>>>;

/// Adds the workflows and activities a worker runs to its options.
type Register =
    Box<dyn FnOnce(WorkerOptionsBuilder) -> anyhow::Result<WorkerOptionsBuilder> + Send>;

/// The worker's runtime has one thread (D27): its work is short steps between the server, the
/// SDK's workflow thread and the store's, and a second thread only added hand-overs between them.
fn run_on_own_runtime(
    config: TemporalConfig,
    register: Register,
    ready: Ready,
) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("Failed to build the worker's runtime")?;
    let local = tokio::task::LocalSet::new();
    runtime.block_on(local.run_until(async move {
        let mut worker = match build_worker(&config, register).await {
            Ok(worker) => worker,
            Err(error) => {
                let message = format!("{error:#}");
                let _ = ready.send(Err(error));
                return Err(anyhow!(message));
            }
        };
        let _ = ready.send(Ok(Box::new(worker.shutdown_handle())));
        worker
            .run()
            .await
            .context("The Temporal worker stopped with an error")
    }))
}

async fn build_worker(config: &TemporalConfig, register: Register) -> anyhow::Result<Worker> {
    let client = connect_worker(config).await?;
    let runtime = Runtime::from_current_tokio(Default::default())
        .map_err(|e| anyhow!("Failed to start the Temporal runtime: {e}"))?;
    let options = register(WorkerOptions::new(config.task_queue.clone()))?
        .workflow_task_poller_behavior(PollerBehavior::SimpleMaximum(
            config.workflow_task_pollers.max(2),
        ))
        .nonsticky_to_sticky_poll_ratio(NONSTICKY_POLL_RATIO)
        .sticky_queue_schedule_to_start_timeout(STICKY_QUEUE_TIMEOUT)
        .max_cached_workflows(config.max_cached_workflows)
        .build();
    Worker::new(&runtime, client, options)
        .map_err(|e| anyhow!("Failed to create the Temporal worker: {e}"))
}

/// Replays a recorded history against the current workflow code. An error means today's code
/// would not reproduce that journey: a non-deterministic change that needs `ctx.patched`.
pub async fn replay(history: temporalio_client::WorkflowHistory) -> anyhow::Result<()> {
    use temporalio_sdk::workflow_replayer::{WorkflowReplayer, WorkflowReplayerOptions};
    let options = WorkflowReplayerOptions::new()
        .register_workflow::<ApplicationWorkflow>()
        .map_err(|e| anyhow!("Failed to register ApplicationWorkflow: {e}"))?
        .register_workflow::<EnquiryWorkflow>()
        .map_err(|e| anyhow!("Failed to register EnquiryWorkflow: {e}"))?
        .register_workflow::<QiWorkflow>()
        .map_err(|e| anyhow!("Failed to register QiWorkflow: {e}"))?
        .build();
    let replayer = WorkflowReplayer::new(options)
        .map_err(|e| anyhow!("Failed to create the replayer: {e}"))?;
    replayer
        .replay_workflow(history)
        .await
        .map_err(|e| anyhow!("The history does not replay: {e}"))
}
