//! The composition root of the portal's Temporal worker, for `portal serve` and `portal worker`
//! (and the integration tests, whose workers must be the same): the activities with the
//! adapters this process was configured with ([`crate::prepare`]), and the workflows they
//! serve, registered on the configured task queue. `workflows::worker` runs it; neither the
//! `workflows` nor the `activities` crate decides what a worker is made of.

use crate::Services;
use activities::retention::RetentionActivities;
use activities::{
    ApplicationActivities, BankActivities, PolicyActivities, PricingActivities,
    UnderwritingActivities,
};
use anyhow::anyhow;
use workflows::retention::{RetentionWorkflow, ensure_started};
use workflows::worker::RunningWorker;
use workflows::{ApplicationWorkflow, EnquiryWorkflow, QiWorkflow};

/// Starts a worker for the application and enquiry workflows with this process's product,
/// rulebook, store and Confirmation of Payee provider, and the retention sweep; returns once it
/// is polling.
pub fn start(services: &Services) -> anyhow::Result<RunningWorker> {
    let state = &services.state;
    let application = ApplicationActivities::new(state.store.clone(), state.product.clone());
    let pricing = PricingActivities::new(state.product.clone());
    let underwriting = UnderwritingActivities::new(state.rulebook.clone(), state.store.clone());
    let bank = BankActivities::new(state.product.clone(), state.payee.clone());
    let policies = PolicyActivities::new(state.store.clone(), state.product.clone());
    let retention = RetentionActivities::new(state.store.clone(), state.retention);
    let worker = RunningWorker::start(state.config.temporal.clone(), move |options| {
        options
            .register_activities(retention)
            .register_activities(application)
            .register_activities(pricing)
            .register_activities(underwriting)
            .register_activities(bank)
            .register_activities(policies)
            .register_workflow::<ApplicationWorkflow>()
            .map_err(|e| anyhow!("Failed to register ApplicationWorkflow: {e}"))?
            .register_workflow::<EnquiryWorkflow>()
            .map_err(|e| anyhow!("Failed to register EnquiryWorkflow: {e}"))?
            .register_workflow::<QiWorkflow>()
            .map_err(|e| anyhow!("Failed to register QiWorkflow: {e}"))?
            .register_workflow::<RetentionWorkflow>()
            .map_err(|e| anyhow!("Failed to register RetentionWorkflow: {e}"))
    })?;
    start_retention(services);
    Ok(worker)
}

/// Starts the retention sweep's workflow unless it is running (`workflows::retention`), in the
/// background: a worker is useful before it, and a Temporal that is briefly away is tried again.
fn start_retention(services: &Services) {
    let Ok(runtime) = tokio::runtime::Handle::try_current() else {
        tracing::warn!("no async runtime to start the retention workflow from: it is not started");
        return;
    };
    let client = services.state.workflow_client.client().clone();
    let config = &services.state.config;
    let task_queue = config.temporal.task_queue.clone();
    let interval = config.retention_sweep_interval;
    runtime.spawn(async move {
        let mut pause = std::time::Duration::from_secs(1);
        for attempt in 1..=RETENTION_START_ATTEMPTS {
            match ensure_started(&client, &task_queue, interval).await {
                Ok(()) => return,
                Err(error) if attempt < RETENTION_START_ATTEMPTS => {
                    tracing::warn!("{error:#}; trying again in {} s", pause.as_secs());
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(std::time::Duration::from_secs(60));
                }
                Err(error) => tracing::error!(
                    "{error:#}: cases not taken up are not deleted until a worker starts it"
                ),
            }
        }
    });
}

/// Tries at starting the retention workflow, over about ten minutes.
const RETENTION_START_ATTEMPTS: u32 = 15;
