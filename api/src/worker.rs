//! The composition root of the portal's Temporal worker, for `portal serve` and `portal worker`
//! (and the integration tests, whose workers must be the same): the activities with the
//! adapters this process was configured with ([`crate::prepare`]), and the workflows they
//! serve, registered on the configured task queue. `workflows::worker` runs it; neither the
//! `workflows` nor the `activities` crate decides what a worker is made of.

use crate::Services;
use activities::{
    ApplicationActivities, BankActivities, PolicyActivities, PricingActivities,
    UnderwritingActivities,
};
use anyhow::anyhow;
use workflows::worker::RunningWorker;
use workflows::{ApplicationWorkflow, EnquiryWorkflow, QiWorkflow};

/// Starts a worker for the application and enquiry workflows with this process's product,
/// rulebook, store and Confirmation of Payee provider; returns once it is polling.
pub fn start(services: &Services) -> anyhow::Result<RunningWorker> {
    let state = &services.state;
    let application = ApplicationActivities::new(state.store.clone(), state.product.clone());
    let pricing = PricingActivities::new(state.product.clone());
    let underwriting = UnderwritingActivities::new(state.rulebook.clone(), state.store.clone());
    let bank = BankActivities::new(state.product.clone(), state.payee.clone());
    let policies = PolicyActivities::new(state.store.clone(), state.product.clone());
    RunningWorker::start(state.config.temporal.clone(), move |options| {
        options
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
            .map_err(|e| anyhow!("Failed to register QiWorkflow: {e}"))
    })
}
