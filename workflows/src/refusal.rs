//! How a refused command travels back to the API: as a Temporal application failure of type
//! [`REJECTION_TYPE`] whose details are the [`Rejection`] itself (message, kind and the fields
//! at fault), never as text to be parsed. The Temporal Web UI shows the rejection's message.
//!
//! The SDK wraps whatever an update handler or validator returns in an application failure of
//! its own and encodes only the *source* of that error as the failure's cause. [`Refused`] is
//! such a source: its own source is the typed failure, which therefore arrives intact as the
//! cause of the failure the client receives. [`rejection_in`] finds it there.

use domain::Rejection;
use std::error::Error;
use std::fmt;
use temporalio_common::error::ApplicationFailure;
use temporalio_common::protos::temporal::api::failure::v1::Failure;
use temporalio_common::protos::temporal::api::failure::v1::failure::FailureInfo;

/// The application failure type of a refused command.
pub const REJECTION_TYPE: &str = "Rejection";

/// What update handlers and validators return on failure.
pub type HandlerError = Box<dyn Error + Send + Sync>;

/// A refused command, ready to be returned by an update handler or validator.
#[derive(Debug)]
pub struct Refused(ApplicationFailure);

impl Refused {
    pub fn new(rejection: Rejection) -> Self {
        Self::judged(rejection, None)
    }

    /// A refusal that says which version of the case it judged, so the API can tell a refusal
    /// of the case as its caller saw it from one of an older state (`api::case`).
    pub fn judged(rejection: Rejection, judged_version: Option<u64>) -> Self {
        let message = rejection.message.clone();
        Self(
            ApplicationFailure::builder(message)
                .type_name(REJECTION_TYPE.to_owned())
                .non_retryable(true)
                .details(Judged {
                    rejection,
                    judged_version,
                })
                .build(),
        )
    }
}

/// A refusal's details: the rejection, and the version of the case it judged.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct Judged {
    #[serde(flatten)]
    rejection: Rejection,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    judged_version: Option<u64>,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Error for Refused {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        Some(&self.0)
    }
}

/// `Err(rejection)` as an update handler's error.
pub fn refuse(rejection: Rejection) -> HandlerError {
    Box::new(Refused::new(rejection))
}

/// `Err(rejection)` as a validator's error, judged on the case at `version`.
pub fn refuse_at(version: u64) -> impl FnOnce(Rejection) -> HandlerError {
    move |rejection| Box::new(Refused::judged(rejection, Some(version)))
}

/// The rejection carried by a failure or any of its causes, if it is a refused command.
pub fn rejection_in(failure: &Failure) -> Option<Rejection> {
    judged_in(failure).map(|judged| judged.rejection)
}

/// The version of the case a refusal judged, when it says (the application's validators do).
pub fn judged_version_in(failure: &Failure) -> Option<u64> {
    judged_in(failure).and_then(|judged| judged.judged_version)
}

fn judged_in(failure: &Failure) -> Option<Judged> {
    let mut current = Some(failure);
    while let Some(f) = current {
        if let Some(FailureInfo::ApplicationFailureInfo(info)) = &f.failure_info
            && info.r#type == REJECTION_TYPE
        {
            let payload = info.details.as_ref()?.payloads.first()?;
            return serde_json::from_slice(&payload.data).ok();
        }
        current = f.cause.as_deref();
    }
    None
}
