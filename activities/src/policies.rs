//! Issuing the policies' documents when an application is put in force (§1 step 9, §2
//! Complete): each client's policy schedule, the Direct Debit confirmation (AJ12) and the
//! decision document, rendered from the
//! product's templates and stored, so the Complete page and the policy view can list them and
//! the client's copy never changes. Stored once per kind and application version, so a retry
//! or a replay returns the documents first stored.

use crate::documents::{Document, decision_document, direct_debit_document, schedule_document};
use crate::product_definition::Product;
use chrono::Utc;
use domain::Application;
use domain::application::IssuedDocuments;
use domain::dates::uk_date;
use domain::policy::PolicyDocument;
use std::sync::Arc;
use store::{NewDocument, Store, StoreError};
use temporalio_common::error::ApplicationFailure;
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};

/// The document kind a client's schedule is stored under.
pub fn schedule_kind(applicant: &domain::ApplicantId) -> String {
    format!("schedule:{applicant}")
}

/// Policy activities: the store for the documents, the product for their templates.
pub struct PolicyActivities {
    store: Store,
    product: Arc<Product>,
}

impl PolicyActivities {
    pub fn new(store: Store, product: Arc<Product>) -> Self {
        Self { store, product }
    }

    async fn store(
        &self,
        application: &Application,
        kind: &str,
        title: &str,
        document: Document,
    ) -> Result<PolicyDocument, StoreError> {
        let id = uuid::Uuid::new_v4().simple().to_string();
        let stored = self
            .store
            .save_document(NewDocument {
                id: &id,
                application_id: application.id,
                kind,
                application_version: application.version,
                file_name: &document.file_name,
                content_type: "application/pdf",
                content: &document.bytes,
                created_at: Utc::now(),
            })
            .await?;
        Ok(PolicyDocument {
            document_id: stored.id,
            file_name: stored.file_name,
            title: title.to_owned(),
        })
    }

    /// Renders and stores every document the policies are issued with.
    pub async fn issue(&self, application: &Application) -> Result<IssuedDocuments, ActivityError> {
        let mut issued = IssuedDocuments::default();
        for policy in &application.set_up.policies {
            let schedule = schedule_document(
                &self.product.schedule_template,
                application,
                policy,
                self.product.basis.label(),
            )
            .map_err(|e| ActivityError::from(ApplicationFailure::non_retryable(e)))?;
            let stored = self
                .store(
                    application,
                    &schedule_kind(&policy.applicant_id),
                    "Policy schedule",
                    schedule,
                )
                .await
                .map_err(crate::store_failure)?;
            issued.schedules.push((policy.applicant_id.clone(), stored));
        }
        let direct_debit = direct_debit_document(
            &self.product.direct_debit_template,
            application,
            &self.product.direct_debit,
        )
        .map_err(|e| ActivityError::from(ApplicationFailure::non_retryable(e)))?;
        issued.direct_debit = Some(
            self.store(
                application,
                "direct-debit",
                "Direct Debit confirmation",
                direct_debit,
            )
            .await
            .map_err(crate::store_failure)?,
        );
        if let Some(decision) = decision_document(application, uk_date(application.updated_at)) {
            issued.decision = Some(
                self.store(application, "decision", "Underwriting decision", decision)
                    .await
                    .map_err(crate::store_failure)?,
            );
        }
        Ok(issued)
    }
}

#[activities]
impl PolicyActivities {
    /// Issues the schedules and the decision document of a policy just put in force.
    #[activity]
    pub async fn issue_policy_documents(
        self: Arc<Self>,
        _ctx: ActivityContext,
        application: Application,
    ) -> Result<IssuedDocuments, ActivityError> {
        self.issue(&application).await
    }
}
