//! Durable workflows: each application is one [`ApplicationWorkflow`], the only writer of its
//! state. Workflow code is deterministic: it calls pure `domain` functions and the SDK's
//! context APIs only (no clocks, randomness, IO or hash-map iteration order), and never
//! reaches the database: side effects are activities.

mod application;
pub mod baseline;
pub mod codec;
mod commands;
pub mod dev_server;
pub mod enquiry;
pub mod ids;
mod one_at_a_time;
pub mod qi;
pub mod refusal;
pub mod retention;
pub mod sealed_input;
pub mod search_attributes;
mod steps;
pub mod worker;

pub use application::{
    ApplicationUpdate, ApplicationWorkflow, ApplicationWorkflowInput, PriceQuote,
};
pub use commands::{Saved, Sender, SenderRole, Timed, UpdateFor};
pub use enquiry::{AcceptPostDeclaration, CloseEnquiry, EnquiryWorkflow, EnquiryWorkflowInput};
pub use ids::application_workflow_id;
pub use qi::{Indicate, QiWorkflow, QiWorkflowInput, qi_workflow_id};
