//! The one path every command takes: find the application the caller may act on, with its
//! owner's settings (one store call, none for an owner whose case is already known), send the
//! command to its workflow, answer with the application as it now stands.
//!
//! An application the caller may not see does not exist for them: it is "not found", never
//! "forbidden", so its existence is not revealed.

use crate::auth::AdviserCaller;
use crate::error::ApiError;
use crate::state::AppState;
use crate::workflow_client::SendError;
use axum::Json;
use axum::extract::{FromRequestParts, RawPathParams};
use axum::http::request::Parts;
use chrono::Utc;
use domain::dates::uk_date;
use domain::{AdviserId, ApplicantId, Application, ApplicationId, ApplicationView, UxSettings};
use store::CaseOwner;
use workflows::ApplicationUpdate;

pub const JOURNEY_ENDED: &str = "This policy is in force and its cancellation window has passed: the application can no longer change";

/// An application the caller may act on.
#[derive(Debug, Clone)]
pub struct Case {
    pub id: ApplicationId,
    /// The adviser who owns the application, whoever acts for them.
    pub owner: AdviserId,
    /// The owner's per-adviser settings: rules that depend on an adviser use the owner's.
    pub owner_settings: UxSettings,
}

impl Case {
    /// The application `id`, if `me` may act on it; otherwise "Application not found".
    pub async fn find(
        state: &AppState,
        me: &AdviserCaller,
        id: ApplicationId,
    ) -> Result<Case, ApiError> {
        if state.owners.owned_by(id, &me.profile.id) {
            return Ok(Case {
                id,
                owner: me.profile.id.clone(),
                owner_settings: me.profile.ux_settings.clone(),
            });
        }
        let owner = state.store.case_owner(id).await?;
        if let Some(owner) = &owner {
            state
                .owners
                .remember(owner.application_id, &owner.adviser_id);
        }
        Self::visible(me, owner).ok_or_else(|| ApiError::not_found("Application"))
    }

    /// The application a client belongs to, if `me` may act on it; otherwise "Applicant not
    /// found", for the calls that name a client without their application.
    pub async fn of_applicant(
        state: &AppState,
        me: &AdviserCaller,
        applicant: &ApplicantId,
    ) -> Result<Case, ApiError> {
        let owner = state.store.case_owner_of_applicant(applicant).await?;
        Self::visible(me, owner).ok_or_else(|| ApiError::not_found("Applicant"))
    }

    fn visible(me: &AdviserCaller, owner: Option<CaseOwner>) -> Option<Case> {
        owner
            .filter(|o| me.profile.may_act_for(&o.adviser_id))
            .map(|o| Case {
                id: o.application_id,
                owner: o.adviser_id,
                owner_settings: o.settings,
            })
    }

    /// Sends `command` to the application's workflow and answers with the application as
    /// it now stands, so the caller reads their own write.
    pub async fn send<C: ApplicationUpdate>(
        &self,
        state: &AppState,
        command: C,
    ) -> Result<Json<ApplicationView>, ApiError> {
        self.command(state, command).await?;
        // The workflow saved the read model before it answered: this read sees the change.
        self.view(state).await
    }

    /// Sends `command` to the application's workflow ([`send_command`]).
    pub async fn command<C: ApplicationUpdate>(
        &self,
        state: &AppState,
        command: C,
    ) -> Result<(), ApiError> {
        send_command(state, self.id, command).await
    }

    /// The application as last saved by its workflow (the read model).
    pub async fn application(&self, state: &AppState) -> Result<Application, ApiError> {
        state
            .store
            .find_application(self.id)
            .await?
            .ok_or_else(|| ApiError::not_found("Application"))
    }

    /// [`Case::application`] as the API shows it.
    pub async fn view(&self, state: &AppState) -> Result<Json<ApplicationView>, ApiError> {
        Ok(Json(view(&self.application(state).await?)))
    }
}

/// Sends `command` to application `id`'s workflow, whoever the caller (an adviser through
/// [`Case`], an underwriter on the workbench); once it answers, the read model holds the change,
/// and each caller reads it back as they see it.
pub async fn send_command<C: ApplicationUpdate>(
    state: &AppState,
    id: ApplicationId,
    command: C,
) -> Result<(), ApiError> {
    match state.workflow_client.send(id, command).await {
        Ok(_saved) => Ok(()),
        Err(SendError::Refused {
            rejection,
            judged_version,
        }) => Err(refused(state, id, rejection, judged_version).await),
        // A journey whose policies are in force and past their cancellation window has ended:
        // its workflow takes no more commands, and the case says why.
        Err(SendError::Failed(ApiError::NotFound(_))) if is_settled(state, id).await => Err(
            ApiError::Rejected(domain::Rejection::conflict(JOURNEY_ENDED)),
        ),
        Err(SendError::Failed(error)) => Err(error),
    }
}

/// What a caller is told when the case they acted on showed a change Temporal never recorded.
pub const CATCHING_UP: &str = "This case was changing when the case service was interrupted, and \
    what you saw was not kept; it now shows what was. Try again in a moment, or refresh the page.";

/// What a caller is told when the case moved on between their command being judged and now.
pub const MOVED_ON: &str = "This case changed while your change was being checked. Try again in \
    a moment: it will be checked on the case as you see it.";

/// What a refusal for the case's stage (409) means, from the versions involved: the one the
/// workflow judged, the one the read model shows, and the one the workflow has recorded now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AfterRefusal {
    /// The refusal judged the case as the caller sees it: it stands.
    Stands,
    /// The read model shows a version the workflow never recorded (its workflow task was lost
    /// with the Temporal server that ran it, after the save): put the recorded one back.
    PutBack,
    /// The workflow judged an older version than the caller was shown and has caught up since
    /// (the lost command was sent again): the caller's command is worth sending again.
    MovedOn,
}

fn after_refusal(judged: u64, shown: u64, recorded: u64) -> AfterRefusal {
    if shown <= judged {
        AfterRefusal::Stands
    } else if recorded < shown {
        AfterRefusal::PutBack
    } else {
        AfterRefusal::MovedOn
    }
}

/// A refusal as the caller gets it. A refusal for the case's stage that judged an older
/// version than the read model showed them is not theirs to accept: the Temporal server stopped
/// after a command's workflow task saved the read model but before it recorded the task, so the
/// read model showed a change the workflow did not have (and its caller is sending it again).
/// If the workflow still lacks it, the read model is put back to what the workflow holds; either
/// way the caller is told to try again (503), and their next try is judged on the case as they
/// then read it, so what they read and what the workflow allows agree (decision ID4).
async fn refused(
    state: &AppState,
    id: ApplicationId,
    rejection: domain::Rejection,
    judged_version: Option<u64>,
) -> ApiError {
    let stands = ApiError::Rejected(rejection.clone());
    let Some(judged) = judged_version else {
        return stands;
    };
    if rejection.kind != domain::errors::RejectionKind::Conflict {
        return stands;
    }
    let Ok(Some(shown)) = state.store.find_application(id).await else {
        return stands;
    };
    if shown.version <= judged {
        return stands;
    }
    let Some(recorded) = state.workflow_client.recorded_application(id).await else {
        return stands;
    };
    match after_refusal(judged, shown.version, recorded.version) {
        AfterRefusal::Stands => stands,
        AfterRefusal::MovedOn => ApiError::Unavailable(MOVED_ON.into()),
        AfterRefusal::PutBack => {
            tracing::warn!(
                %id,
                shown = shown.version,
                recorded = recorded.version,
                "the read model showed a change Temporal never recorded; putting back what it did"
            );
            if let Err(error) = state
                .store
                .put_back_unrecorded_application(&recorded, &shown)
                .await
            {
                tracing::warn!(%error, %id, "could not put back the recorded application");
            }
            ApiError::Unavailable(CATCHING_UP.into())
        }
    }
}

async fn is_settled(state: &AppState, id: ApplicationId) -> bool {
    state
        .store
        .find_application(id)
        .await
        .is_ok_and(|found| found.is_some_and(|application| application.is_settled()))
}

/// The application as the API shows it today.
pub fn view(application: &Application) -> ApplicationView {
    application.view(uk_date(Utc::now()))
}

/// The application named by the path's `{applicationId}`, if the caller may act on it; any
/// other path segment that cannot be an application reference is "Application not found".
#[derive(Debug, Clone)]
pub struct CaseInPath(pub Case);

impl FromRequestParts<AppState> for CaseInPath {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let me = AdviserCaller::from_request_parts(parts, state).await?;
        let InPath(id) = InPath::<ApplicationId>::from_request_parts(parts, state).await?;
        Case::find(state, &me, id).await.map(CaseInPath)
    }
}

/// An id the path names (`{applicationId}`, `{applicantId}`): a segment that cannot be one is
/// "... not found", like one that does not exist. Whether the caller may see it is for
/// [`Case::find`] ([`CaseInPath`] does both) or for the command.
#[derive(Debug, Clone, Copy)]
pub struct InPath<T>(pub T);

/// An id a path parameter carries.
pub trait PathId: Sized {
    /// The parameter's name: `applicationId`.
    const PARAM: &'static str;
    /// What is not found when the segment cannot be read: `Application`.
    const WHAT: &'static str;
    fn parse(text: &str) -> Option<Self>;
}

impl PathId for ApplicationId {
    const PARAM: &'static str = "applicationId";
    const WHAT: &'static str = "Application";
    fn parse(text: &str) -> Option<Self> {
        ApplicationId::parse(text)
    }
}

impl PathId for ApplicantId {
    const PARAM: &'static str = "applicantId";
    const WHAT: &'static str = "Applicant";
    fn parse(text: &str) -> Option<Self> {
        ApplicantId::parse(text)
    }
}

impl PathId for domain::QiId {
    const PARAM: &'static str = "qiId";
    const WHAT: &'static str = "Qi enquiry";
    fn parse(text: &str) -> Option<Self> {
        domain::QiId::parse(text)
    }
}

impl PathId for domain::AdviserId {
    const PARAM: &'static str = "adviserId";
    const WHAT: &'static str = "Adviser";
    fn parse(text: &str) -> Option<Self> {
        domain::AdviserId::parse(text)
    }
}

impl<S: Send + Sync, T: PathId> FromRequestParts<S> for InPath<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        path_param(parts, state, T::PARAM, T::parse)
            .await
            .map(InPath)
            .ok_or_else(|| ApiError::not_found(T::WHAT))
    }
}

/// The path parameter `name`, read by `parse`; `None` when it is missing or unreadable.
async fn path_param<S: Send + Sync, T>(
    parts: &mut Parts,
    state: &S,
    name: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> Option<T> {
    let params = RawPathParams::from_request_parts(parts, state).await.ok()?;
    params
        .iter()
        .find(|(param, _)| *param == name)
        .and_then(|(_, value)| parse(value))
}

/// The path of a call about one application, as the OpenAPI document declares it.
#[derive(Debug, utoipa::IntoParams)]
#[into_params(parameter_in = Path, rename_all = "camelCase")]
#[allow(dead_code)] // Declares parameters; read by `CaseInPath`.
pub struct ApplicationPath {
    /// The application reference.
    application_id: i64,
}

/// The path of a call about one client on an application.
#[derive(Debug, utoipa::IntoParams)]
#[into_params(parameter_in = Path, rename_all = "camelCase")]
#[allow(dead_code)] // Declares parameters; read by `CaseInPath` and `InPath`.
pub struct ApplicantPath {
    /// The application reference.
    application_id: i64,
    /// The client's id on the application.
    applicant_id: String,
}

#[cfg(test)]
mod refusal_tests {
    use super::{AfterRefusal, after_refusal};

    #[test]
    fn a_refusal_of_the_case_as_shown_stands_and_one_of_an_older_case_does_not() {
        // Judged version 26, the read model shows 26: the adviser saw what was judged.
        assert_eq!(after_refusal(26, 26, 26), AfterRefusal::Stands);
        // The read model shows 27, which the workflow never recorded.
        assert_eq!(after_refusal(26, 27, 26), AfterRefusal::PutBack);
        // The read model showed 27 before the workflow had it; it has it now.
        assert_eq!(after_refusal(26, 27, 27), AfterRefusal::MovedOn);
        assert_eq!(after_refusal(26, 27, 28), AfterRefusal::MovedOn);
    }
}
