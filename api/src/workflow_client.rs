//! Sends adviser commands to application workflows as Temporal Updates and turns their
//! answers into API results: a refusal (a typed application failure, see
//! `workflows::refusal`) becomes [`ApiError::Rejected`] with the fields at fault, a missing
//! workflow a 404, and a slow one a 503 that says the change may still be applied.

use crate::error::ApiError;
use chrono::{DateTime, Utc};
use domain::application::enquiry_id;
use domain::{AdviserId, ApplicantId, Application, ApplicationId};
use std::future::Future;
use std::time::Duration;
use temporalio_client::errors::{WorkflowUpdateError, WorkflowUpdateWithStartError};
use temporalio_client::{
    Client, WorkflowExecuteUpdateOptions, WorkflowIdConflictPolicy, WorkflowUpdateWithStartOptions,
};
use temporalio_common::{HasWorkflowDefinition, UpdateDefinition};
use workflows::refusal;
use workflows::search_attributes::Findable;
use workflows::{
    ApplicationUpdate, ApplicationWorkflow, ApplicationWorkflowInput, EnquiryWorkflow, Saved,
    Timed, UpdateFor, application_workflow_id,
};

/// Longest an adviser waits for a command's answer. Past it the command may still complete
/// (Temporal keeps it), so the answer says so rather than claiming failure.
const UPDATE_TIMEOUT: Duration = Duration::from_secs(15);

/// How long one attempt at an Update waits before the API sends it again under the same id.
/// Temporal answers a repeated id from the Update it already has (or its recorded outcome), so
/// the re-send is never a second change; it rescues an answer whose notice was lost with a
/// worker or a server restart, which otherwise held the adviser for the whole
/// [`UPDATE_TIMEOUT`] (docs/decisions.md ID8).
const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(2);

/// The portal's Temporal client for its workflows, on the portal's task queue: starts an
/// application's workflow and sends commands to it and to its clients' enquiry workflows.
#[derive(Clone)]
pub struct WorkflowClient {
    client: Client,
    task_queue: String,
}

impl std::fmt::Debug for WorkflowClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WorkflowClient")
            .field("task_queue", &self.task_queue)
            .finish_non_exhaustive()
    }
}

impl WorkflowClient {
    pub fn new(client: Client, task_queue: String) -> Self {
        Self { client, task_queue }
    }

    pub fn client(&self) -> &Client {
        &self.client
    }

    /// Starts the application's workflow and returns once it is projected, so it is already
    /// listed on the dashboard when the adviser lands on it (read it from the store).
    pub async fn create(
        &self,
        id: ApplicationId,
        adviser_id: AdviserId,
        firm_id: Option<String>,
        firm_location_id: Option<String>,
        created_at: DateTime<Utc>,
    ) -> Result<Saved, ApiError> {
        // A creation sent again with its Idempotency-Key has the reference the first one
        // allocated: it joins the workflow that one started, and its `open` Update (same id) is
        // answered once. Without a key the reference is new, and a workflow already there would
        // be a fault, never a case to join.
        let update_id = crate::idempotency::update_id("open");
        let conflict = match update_id {
            Some(_) => WorkflowIdConflictPolicy::UseExisting,
            None => WorkflowIdConflictPolicy::Fail,
        };
        let options = WorkflowUpdateWithStartOptions::new(
            self.task_queue.clone(),
            application_workflow_id(id),
            conflict,
        )
        .maybe_update_id(update_id)
        .task_timeout(workflows::worker::WORKFLOW_TASK_TIMEOUT)
        .search_attributes(Findable::at_start(&Application::new(
            id,
            adviser_id.clone(),
            firm_id.clone(),
            created_at,
        )))
        .build();
        let input = ApplicationWorkflowInput::New {
            id,
            adviser_id,
            firm_id,
            firm_location_id,
            created_at,
            by: crate::sender::current(),
        };
        let started = self.client.execute_update_with_start_workflow(
            ApplicationWorkflow::run,
            input.into(),
            ApplicationWorkflow::open,
            (),
            options,
        );
        self.started(started).await?.map_err(|error| match error {
            WorkflowUpdateWithStartError::Update(update) => update_error(update),
            other => ApiError::Internal(
                anyhow::Error::new(other).context("Failed to start the application workflow"),
            ),
        })
    }

    /// Sends a command to the application's workflow as the Update that carries it, and
    /// returns the version it saved to the read model; a refusal comes back with the version of
    /// the case it judged.
    pub async fn send<C: ApplicationUpdate>(
        &self,
        id: ApplicationId,
        command: C,
    ) -> Result<Saved, SendError> {
        let handle = self
            .client
            .get_workflow_handle::<ApplicationWorkflow>(application_workflow_id(id));
        let options = update_options(C::update().name());
        let input = Timed::new(Utc::now(), command).by(crate::sender::current());
        let update = || handle.execute_update(C::update(), input.clone(), options.clone());
        match self.updated(&application_workflow_id(id), update).await {
            Ok(Ok(saved)) => Ok(saved),
            Ok(Err(WorkflowUpdateError::Failed(failure))) => {
                match refusal::rejection_in(&failure) {
                    Some(rejection) => Err(SendError::Refused {
                        rejection,
                        judged_version: refusal::judged_version_in(&failure),
                    }),
                    None => Err(SendError::Failed(update_error(
                        WorkflowUpdateError::Failed(failure),
                    ))),
                }
            }
            Ok(Err(error)) => Err(SendError::Failed(update_error(error))),
            Err(error) => Err(SendError::Failed(error)),
        }
    }
}

/// Why a command sent to an application's workflow did not answer with its save.
#[derive(Debug)]
pub enum SendError {
    /// The workflow refused it, judging the case at `judged_version` (`api::case` compares it
    /// with what the caller was shown).
    Refused {
        rejection: domain::Rejection,
        judged_version: Option<u64>,
    },
    Failed(ApiError),
}

/// How long the API waits for a workflow to answer a query: a worker answers at once, or is not
/// there to answer.
const QUERY_TIMEOUT: Duration = Duration::from_secs(3);

impl WorkflowClient {
    /// The application as its workflow holds it (the `application` query): what Temporal has
    /// recorded, never a change whose workflow task was lost. None when no worker answers in
    /// time or the workflow cannot be asked.
    pub async fn recorded_application(&self, id: ApplicationId) -> Option<Application> {
        let handle = self
            .client
            .get_workflow_handle::<ApplicationWorkflow>(application_workflow_id(id));
        let query = handle.query(
            ApplicationWorkflow::application,
            (),
            temporalio_client::WorkflowQueryOptions::default(),
        );
        match tokio::time::timeout(QUERY_TIMEOUT, query).await {
            Ok(Ok(application)) => Some(application),
            Ok(Err(error)) => {
                tracing::warn!(%error, %id, "the application workflow did not answer its query");
                None
            }
            Err(_) => None,
        }
    }
}

/// A refused Update's failure arrives with its details still encrypted (the SDK decrypts an
/// Update's result, not its failure), so it is decrypted here before the rejection in it is read.
impl WorkflowClient {
    async fn updated<T, F>(
        &self,
        workflow_id: &str,
        update: impl Fn() -> F,
    ) -> Result<Result<T, WorkflowUpdateError>, ApiError>
    where
        F: Future<Output = Result<T, WorkflowUpdateError>>,
    {
        Ok(match attempts(update).await? {
            Err(WorkflowUpdateError::NotFound(status)) => {
                self.not_found(workflow_id, status).await?
            }
            Err(error) => Err(self.decrypted(error).await),
            answer => answer,
        })
    }

    /// "Not found" from an Update is a missing workflow, or an Update that the server lost when it
    /// restarted between accepting it and recording it (its registry is in memory): the
    /// workflow is still running, so the change may not have been saved and sending it again
    /// with the same key is safe (docs/decisions.md RS21). A finished workflow's is a refusal
    /// as before.
    async fn not_found<T>(
        &self,
        workflow_id: &str,
        status: temporalio_client::tonic::Status,
    ) -> Result<Result<T, WorkflowUpdateError>, ApiError> {
        let handle = self
            .client
            .get_workflow_handle::<temporalio_client::UntypedWorkflow>(workflow_id);
        let running = handle
            .describe(Default::default())
            .await
            .is_ok_and(|found| {
                found.status() == temporalio_client::WorkflowExecutionStatus::Running
            });
        match running {
            true => {
                tracing::warn!(%status, workflow_id, "Temporal lost an Update of a workflow it has");
                Err(ApiError::Unavailable(UNREACHABLE.into()))
            }
            false => Ok(Err(WorkflowUpdateError::NotFound(status))),
        }
    }

    async fn started<T>(
        &self,
        started: impl Future<Output = Result<T, WorkflowUpdateWithStartError>>,
    ) -> Result<Result<T, WorkflowUpdateWithStartError>, ApiError> {
        Ok(match within_timeout(started).await? {
            Err(WorkflowUpdateWithStartError::Update(error)) => Err(
                WorkflowUpdateWithStartError::Update(self.decrypted(error).await),
            ),
            answer => answer,
        })
    }

    async fn decrypted(&self, error: WorkflowUpdateError) -> WorkflowUpdateError {
        use temporalio_common::data_converters::{
            SerializationContextData, WorkflowSerializationContext,
        };
        let WorkflowUpdateError::Failed(mut failure) = error else {
            return error;
        };
        let context = SerializationContextData::Workflow(WorkflowSerializationContext::new());
        let codec = temporalio_client::NamespacedClient::data_converter(&self.client).codec();
        if let Err(error) =
            temporalio_common::payload_visitor::decode_payloads(failure.as_mut(), codec, &context)
                .await
        {
            tracing::warn!(%error, "an Update's failure could not be decrypted");
        }
        WorkflowUpdateError::Failed(failure)
    }
}

/// The Update's id: the request's `Idempotency-Key`, if it has one (see
/// [`crate::idempotency`]), or a new one, so every attempt of this request is the same Update.
fn update_options(update: &str) -> WorkflowExecuteUpdateOptions {
    let id = crate::idempotency::update_id(update)
        .unwrap_or_else(|| format!("{update}:{}", uuid::Uuid::new_v4()));
    WorkflowExecuteUpdateOptions::builder()
        .update_id(id)
        .build()
}

/// Sends the same Update (same id) in attempts of [`ATTEMPT_TIMEOUT`] until it answers or
/// [`UPDATE_TIMEOUT`] has passed.
async fn attempts<T, F>(update: impl Fn() -> F) -> Result<T, ApiError>
where
    F: Future<Output = T>,
{
    let deadline = tokio::time::Instant::now() + UPDATE_TIMEOUT;
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        if left.is_zero() {
            return Err(unconfirmed());
        }
        match tokio::time::timeout(ATTEMPT_TIMEOUT.min(left), update()).await {
            Ok(answer) => return Ok(answer),
            Err(_) => tracing::info!("an Update did not answer in time; sending it again"),
        }
    }
}

async fn within_timeout<T>(future: impl Future<Output = T>) -> Result<T, ApiError> {
    tokio::time::timeout(UPDATE_TIMEOUT, future)
        .await
        .map_err(|_| unconfirmed())
}

fn unconfirmed() -> ApiError {
    ApiError::Unconfirmed(
        "We could not confirm your change in time. It may still be applied: refresh the page to \
         check before making it again."
            .into(),
    )
}

/// What the adviser is told when Temporal cannot be reached: nothing is claimed either way.
const UNREACHABLE: &str = "The case service is not answering just now, so your change may not \
    have been saved. Refresh the page in a moment to check, then make it again if it is missing.";

/// Temporal restarting, overloaded or out of reach: worth trying again, and no fault of the
/// request.
fn is_transient(code: temporalio_client::tonic::Code) -> bool {
    use temporalio_client::tonic::Code;
    matches!(
        code,
        Code::Unavailable
            | Code::DeadlineExceeded
            | Code::Cancelled
            | Code::Aborted
            | Code::ResourceExhausted
            | Code::Unknown
    )
}

fn update_error(error: WorkflowUpdateError) -> ApiError {
    match error {
        WorkflowUpdateError::Failed(failure) => match refusal::rejection_in(&failure) {
            Some(rejection) => ApiError::Rejected(rejection),
            None => ApiError::Internal(anyhow::anyhow!(
                "the workflow failed the update: {}",
                failure.message
            )),
        },
        WorkflowUpdateError::NotFound(_) => ApiError::not_found("Application"),
        WorkflowUpdateError::Rpc(status) if is_transient(status.code()) => {
            tracing::warn!(%status, "Temporal did not take the update");
            ApiError::Unavailable(UNREACHABLE.into())
        }
        other => ApiError::Internal(anyhow::Error::new(other).context("Failed to send the update")),
    }
}

/// A client's underwriting enquiry: the answers and declarations go to its own workflow.
impl WorkflowClient {
    /// Sends a command to the client's enquiry workflow as the Update that carries it, and
    /// returns the version it saved (the API then reads the enquiry from the store). An enquiry
    /// that has not started is "Enquiry not found".
    pub async fn send_to_enquiry<C: UpdateFor<EnquiryWorkflow>>(
        &self,
        applicant_id: &ApplicantId,
        command: C,
    ) -> Result<Saved, ApiError> {
        self.update_enquiry(
            applicant_id,
            C::update,
            Timed::new(Utc::now(), command).by(crate::sender::current()),
        )
        .await
    }

    /// Opens a client's new enquiry: its workflow saves it before answering.
    pub async fn open_enquiry(&self, applicant_id: &ApplicantId) -> Result<Saved, ApiError> {
        self.update_enquiry(applicant_id, || EnquiryWorkflow::open, Utc::now())
            .await
    }

    async fn update_enquiry<U>(
        &self,
        applicant_id: &ApplicantId,
        update: impl Fn() -> U,
        input: U::Input,
    ) -> Result<Saved, ApiError>
    where
        U: UpdateDefinition<
                Workflow = <EnquiryWorkflow as HasWorkflowDefinition>::Run,
                Output = Saved,
            > + Send
            + Sync
            + 'static,
        U::Input: Clone + Send + 'static,
    {
        let workflow_id = enquiry_id(applicant_id);
        let handle = self
            .client
            .get_workflow_handle::<EnquiryWorkflow>(&workflow_id);
        let options = update_options(update().name());
        let update = || handle.execute_update(update(), input.clone(), options.clone());
        self.updated(&workflow_id, update)
            .await?
            .map_err(|error| match error {
                WorkflowUpdateError::NotFound(_) => ApiError::not_found("Enquiry"),
                other => update_error(other),
            })
    }
}

/// A quick indication (§1 Qi): its own workflow, `qi-{id}`.
impl WorkflowClient {
    /// Starts a Qi enquiry's workflow, findable by adviser, firm and client name, and returns
    /// once it has saved the enquiry for the API to read.
    pub async fn start_qi(&self, input: workflows::QiWorkflowInput) -> Result<Saved, ApiError> {
        let record = &input.record;
        let options = WorkflowUpdateWithStartOptions::new(
            self.task_queue.clone(),
            workflows::qi_workflow_id(&record.id),
            WorkflowIdConflictPolicy::Fail,
        )
        .search_attributes(workflows::search_attributes::qi_at_start(record))
        .task_timeout(workflows::worker::WORKFLOW_TASK_TIMEOUT)
        .build();
        let at = record.created_at;
        let started = self.client.execute_update_with_start_workflow(
            workflows::QiWorkflow::run,
            input.into(),
            workflows::QiWorkflow::open,
            at,
            options,
        );
        self.started(started).await?.map_err(|error| match error {
            WorkflowUpdateWithStartError::Update(update) => update_error(update),
            other => ApiError::Internal(
                anyhow::Error::new(other).context("Failed to start the Qi workflow"),
            ),
        })
    }

    /// Sends a command to a Qi enquiry's workflow; an indication whose workflow has ended
    /// (expired) is "Qi enquiry not found" here, and the caller reads why from the store.
    pub async fn send_to_qi<C: UpdateFor<workflows::QiWorkflow>>(
        &self,
        id: &domain::QiId,
        command: C,
    ) -> Result<Saved, ApiError> {
        let workflow_id = workflows::qi_workflow_id(id);
        let handle = self
            .client
            .get_workflow_handle::<workflows::QiWorkflow>(&workflow_id);
        let options = update_options(C::update().name());
        let input = Timed::new(Utc::now(), command).by(crate::sender::current());
        let update = || handle.execute_update(C::update(), input.clone(), options.clone());
        self.updated(&workflow_id, update)
            .await?
            .map_err(|error| match error {
                WorkflowUpdateError::NotFound(_) => ApiError::not_found("Qi enquiry"),
                other => update_error(other),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::{ATTEMPT_TIMEOUT, UPDATE_TIMEOUT, attempts};
    use crate::error::ApiError;
    use std::sync::atomic::{AtomicU32, Ordering};

    /// An Update whose first answer is lost is answered by the re-send, after one attempt's
    /// wait, not the adviser's whole timeout.
    #[tokio::test(start_paused = true)]
    async fn a_lost_answer_is_rescued_by_sending_the_update_again() {
        let sent = AtomicU32::new(0);
        let started = tokio::time::Instant::now();
        let answer = attempts(|| {
            let attempt = sent.fetch_add(1, Ordering::SeqCst);
            async move {
                if attempt == 0 {
                    std::future::pending::<()>().await;
                }
                "saved"
            }
        })
        .await;
        assert_eq!(answer.ok(), Some("saved"));
        assert_eq!(sent.load(Ordering::SeqCst), 2);
        assert_eq!(started.elapsed(), ATTEMPT_TIMEOUT);
    }

    /// An Update that never answers is reported as unconfirmed once the adviser's timeout has
    /// passed, never later.
    #[tokio::test(start_paused = true)]
    async fn an_update_that_never_answers_is_unconfirmed_at_the_timeout() {
        let started = tokio::time::Instant::now();
        let answer = attempts(std::future::pending::<()>).await;
        assert!(matches!(answer, Err(ApiError::Unconfirmed(_))));
        assert_eq!(started.elapsed(), UPDATE_TIMEOUT);
    }
}
