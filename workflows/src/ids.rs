//! Workflow ids, in one place: each journey's workflow is found by the id of what it is for.

/// One workflow per application, found by its reference: `application-100001` (in `domain`,
/// which the retention sweep in `activities` shares).
pub use domain::application::application_workflow_id;
