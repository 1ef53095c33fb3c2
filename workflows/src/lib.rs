//! Durable workflows: each application is one [`ApplicationWorkflow`], the only writer of its
//! state. Workflow code is deterministic: it calls pure `domain` functions and the SDK's
//! context APIs only (no clocks, randomness, IO or hash-map iteration order).

mod application;
pub mod baseline;
pub mod search_attributes;
pub mod worker;

pub use application::{
    ApplicationWorkflow, ApplicationWorkflowInput, Command, application_workflow_id,
};
