//! Retention (issue 36): reads the period from `product/retention.json` ([`load_period`]) and
//! sweeps ([`RetentionActivities`], run by `workflows::retention::RetentionWorkflow`). The sweep
//! finds the cases not taken up within the period (`domain::retention`) and deletes each one, its Temporal workflows (every run, so the histories are gone) and its rows, leaving
//! one deletion line without personal data.
//!
//! Each case goes in three steps, in an order that a retry (the worker killed half-way, Temporal
//! or the database briefly away) finishes without error or loss of the line:
//! 1. the deletion line is written, in one transaction with a last check that the case is still
//!    not taken up ([`store::Store::record_deletion`]); a retry keeps the first line;
//! 2. the case's workflows are deleted (Temporal terminates a running one first), so none can
//!    write the case's read model again;
//! 3. the case's rows are deleted in one transaction ([`store::Store::delete_recorded_case`]).
//!
//! A case with a line is found again by every sweep until its rows are gone.

use chrono::Utc;
use domain::ApplicationId;
use domain::retention::RetentionPeriod;
use futures::StreamExt;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;
use store::Store;
use temporalio_client::tonic::{Code, Request};
use temporalio_client::{Client, WorkflowListOptions};
use temporalio_common::error::ApplicationFailure;
use temporalio_common::protos::temporal::api::common::v1::WorkflowExecution;
use temporalio_common::protos::temporal::api::workflowservice::v1::DeleteWorkflowExecutionRequest;
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};

/// The file under the product folder.
pub const RETENTION_FILE: &str = "retention.json";

/// Reads `retention.json` in the product folder (at start-up): an error names the file and
/// what is wrong.
pub fn load_period(product_dir: &Path) -> Result<RetentionPeriod, String> {
    let path = product_dir.join(RETENTION_FILE);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("The retention rule {} cannot be read: {e}", path.display()))?;
    RetentionPeriod::parse(&text)
        .map_err(|e| format!("The retention rule {} is not usable: {e}", path.display()))
}

/// Cases taken from the store at a time: a sweep works through all of them, a batch at a time.
const BATCH: u32 = 100;

/// What one sweep did, for the workflow's history (counts only: no names, no references).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SweepReport {
    pub cases_deleted: u32,
    /// Cases found but left, because they changed since they were found.
    pub cases_kept: u32,
}

/// The sweep's activity, with the store and the period from `product/`.
pub struct RetentionActivities {
    store: Store,
    period: RetentionPeriod,
}

impl RetentionActivities {
    pub fn new(store: Store, period: RetentionPeriod) -> Self {
        Self { store, period }
    }
}

#[activities]
impl RetentionActivities {
    /// Deletes every case not taken up within the period (see the module's notes), with the
    /// Temporal client of the worker that runs it.
    #[activity]
    pub async fn delete_cases_not_taken_up(
        self: Arc<Self>,
        ctx: ActivityContext,
    ) -> Result<SweepReport, ActivityError> {
        let client = ctx.client();
        let unchanged_since = self.period.unchanged_since(Utc::now());
        let mut report = SweepReport::default();
        let mut seen = BTreeSet::new();
        loop {
            let found = self
                .store
                .cases_not_taken_up(unchanged_since, BATCH)
                .await
                .map_err(retry_later)?;
            // A case that changed after it was found is kept and would be found again.
            let new: Vec<ApplicationId> = found.into_iter().filter(|id| seen.insert(*id)).collect();
            if new.is_empty() {
                break;
            }
            for id in new {
                // Progress for Temporal, which then notices a worker that died within a minute or two.
                let _ = ctx.record_heartbeat(report.clone()).await;
                if self.delete_case(&client, id, unchanged_since).await? {
                    report.cases_deleted += 1;
                } else {
                    report.cases_kept += 1;
                }
            }
        }
        tracing::info!(
            deleted = report.cases_deleted,
            kept = report.cases_kept,
            "retention sweep done"
        );
        Ok(report)
    }
}

impl RetentionActivities {
    /// The three steps of the module's notes for one case; answers whether it went.
    async fn delete_case(
        &self,
        client: &Client,
        id: ApplicationId,
        unchanged_since: chrono::DateTime<Utc>,
    ) -> Result<bool, ActivityError> {
        let applicants = self.store.case_applicants(id).await.map_err(retry_later)?;
        let workflow_ids: Vec<String> =
            std::iter::once(domain::application::application_workflow_id(id))
                .chain(applicants.iter().map(domain::application::enquiry_id))
                .collect();
        let runs = runs_of(client, &workflow_ids).await?;
        let recorded = self
            .store
            .record_deletion(
                id,
                unchanged_since,
                Utc::now(),
                &self.period.reason(),
                u64::try_from(runs.len()).unwrap_or(u64::MAX),
            )
            .await
            .map_err(retry_later)?;
        if !recorded {
            tracing::info!(%id, "a case found for retention changed meanwhile: kept");
            return Ok(false);
        }
        for (workflow_id, run_id) in &runs {
            delete_run(client, workflow_id, run_id).await?;
        }
        // The latest run of each, in case visibility has not listed it yet.
        for workflow_id in &workflow_ids {
            delete_run(client, workflow_id, "").await?;
        }
        self.store
            .delete_recorded_case(id)
            .await
            .map_err(retry_later)?;
        tracing::info!(%id, workflows = runs.len(), "deleted a case not taken up");
        Ok(true)
    }
}

/// Every run (workflow id, run id) Temporal's visibility lists of these workflows.
async fn runs_of(
    client: &Client,
    workflow_ids: &[String],
) -> Result<BTreeSet<(String, String)>, ActivityError> {
    // Application and applicant ids are letters, digits and dashes: nothing to quote.
    let query = workflow_ids
        .iter()
        .map(|id| format!("WorkflowId = '{id}'"))
        .collect::<Vec<_>>()
        .join(" OR ");
    let mut listed = client.list_workflows(query, WorkflowListOptions::default());
    let mut runs = BTreeSet::new();
    while let Some(execution) = listed.next().await {
        let execution = execution.map_err(|e| retry_later(format!("listing workflows: {e}")))?;
        runs.insert((execution.id().to_owned(), execution.run_id().to_owned()));
    }
    Ok(runs)
}

/// Deletes one run (the latest when `run_id` is empty); Temporal terminates it first when it is
/// running. One already gone is fine.
async fn delete_run(client: &Client, workflow_id: &str, run_id: &str) -> Result<(), ActivityError> {
    let request = DeleteWorkflowExecutionRequest {
        namespace: client.options().namespace.clone(),
        workflow_execution: Some(WorkflowExecution {
            workflow_id: workflow_id.to_owned(),
            run_id: run_id.to_owned(),
        }),
    };
    match client
        .connection()
        .workflow_service()
        .delete_workflow_execution(Request::new(request))
        .await
    {
        Ok(_) => Ok(()),
        Err(status) if status.code() == Code::NotFound => Ok(()),
        Err(status) => Err(retry_later(format!(
            "deleting workflow {workflow_id}: {status}"
        ))),
    }
}

/// A failure worth trying again: the database or Temporal unreachable or busy.
fn retry_later(error: impl std::fmt::Display) -> ActivityError {
    ApplicationFailure::new(error.to_string()).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sample_file_keeps_cases_twelve_months() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../product");
        let period = load_period(&dir).unwrap();
        assert_eq!(period, RetentionPeriod::months(12).unwrap());
        assert_eq!(period.reason(), "not taken up for 12 months");
    }

    #[test]
    fn a_missing_file_names_its_path() {
        let error = load_period(Path::new("/nowhere")).unwrap_err();
        assert!(error.contains("/nowhere/retention.json"), "{error}");
    }
}
