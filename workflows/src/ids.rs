//! Workflow ids, in one place: each journey's workflow is found by the id of what it is for.

use domain::ApplicationId;

/// One workflow per application, found by its reference: `application-100001`.
pub fn application_workflow_id(id: ApplicationId) -> String {
    format!("application-{id}")
}
