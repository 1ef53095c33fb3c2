//! Underwriting: the rulebook (interview, backed lists and rules) and the activities an
//! enquiry workflow asks for: the interview to start with, the outcome of a finished
//! interview, and saving the enquiry for the API to read.

mod rulebook;

pub use rulebook::Rulebook;

use chrono::{DateTime, NaiveDate, Utc};
use domain::ApplicationId;
use domain::cover::Cover;
use domain::qi::QiRecord;
use domain::underwriting::interview::Interview;
use domain::underwriting::outcome::ApplicantOutcome;
use domain::underwriting::record::EnquiryRecord;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use store::Store;
use temporalio_common::error::ApplicationFailure;
use temporalio_macros::activities;
use temporalio_sdk::activities::{ActivityContext, ActivityError};

/// What a closing enquiry asks to be decided.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DecideRequest {
    pub record: EnquiryRecord,
    pub covers: Vec<Cover>,
    pub today: NaiveDate,
    pub at: DateTime<Utc>,
}

/// An enquiry to save for the API: its record, which the API shows with the day's checks.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaveEnquiry {
    pub application_id: ApplicationId,
    pub record: EnquiryRecord,
}

pub struct UnderwritingActivities {
    rulebook: Arc<Rulebook>,
    store: Store,
    /// Whether this process has kept the rulebook's interview in the store.
    interview_kept: AtomicBool,
}

impl UnderwritingActivities {
    pub fn new(rulebook: Arc<Rulebook>, store: Store) -> Self {
        Self {
            rulebook,
            store,
            interview_kept: AtomicBool::new(false),
        }
    }

    /// Keeps the rulebook's interview in the store once per process, so every enquiry
    /// following it can be shown.
    async fn keep_interview(&self) -> Result<(), ActivityError> {
        if self.interview_kept.load(Ordering::Acquire) {
            return Ok(());
        }
        self.store
            .save_interview(&self.rulebook.interview)
            .await
            .map_err(crate::store_failure)?;
        self.interview_kept.store(true, Ordering::Release);
        Ok(())
    }
}

#[activities]
impl UnderwritingActivities {
    /// The interview a new enquiry follows; recorded in the enquiry's history, so the
    /// interview an adviser started with stays the one they finish, whatever a worker loads.
    #[activity]
    pub async fn interview(
        self: Arc<Self>,
        _ctx: ActivityContext,
        _request: (),
    ) -> Result<Interview, ActivityError> {
        self.keep_interview().await?;
        Ok(self.rulebook.interview.clone())
    }

    /// Runs the rules over a finished interview: an outcome per cover that explains itself.
    #[activity]
    pub async fn decide(
        self: Arc<Self>,
        _ctx: ActivityContext,
        request: DecideRequest,
    ) -> Result<ApplicantOutcome, ActivityError> {
        self.rulebook
            .outcome(&request.record, &request.covers, request.today, request.at)
            .map_err(|message| ApplicationFailure::non_retryable(RulesError(message)).into())
    }

    /// The version of the client's enquiry last stored, 0 for none: a client underwritten
    /// again after a requote starts a new enquiry above it, so the store and the answers
    /// documents (kept per version) take the new one.
    #[activity]
    pub async fn stored_enquiry_version(
        self: Arc<Self>,
        _ctx: ActivityContext,
        applicant_id: domain::ApplicantId,
    ) -> Result<u64, ActivityError> {
        self.store
            .find_enquiry(&applicant_id)
            .await
            .map(|found| found.map_or(0, |e| e.version()))
            .map_err(crate::store_failure)
    }

    /// Saves a Qi enquiry for the API to read (an older version is ignored), keeping the
    /// interview it follows.
    #[activity]
    pub async fn save_qi(
        self: Arc<Self>,
        _ctx: ActivityContext,
        record: QiRecord,
    ) -> Result<bool, ActivityError> {
        self.keep_interview().await?;
        self.store
            .save_qi(&record)
            .await
            .map_err(crate::store_failure)
    }

    /// Saves the enquiry's record keyed by `(applicant, version)`; an older version is ignored.
    /// The interview it follows is kept when the enquiry starts (`interview`); it is kept here
    /// too for enquiries started before interviews were kept.
    #[activity]
    pub async fn save_enquiry(
        self: Arc<Self>,
        _ctx: ActivityContext,
        request: SaveEnquiry,
    ) -> Result<bool, ActivityError> {
        if request.record.rulebook_version == self.rulebook.interview.version {
            self.keep_interview().await?;
        }
        self.store
            .save_enquiry(request.application_id, &request.record)
            .await
            .map_err(crate::store_failure)
    }
}

/// The rules could not give an outcome (a rulebook that changed under an open enquiry).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
struct RulesError(String);
