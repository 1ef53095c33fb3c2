//! The client home's "Things to do": one list every part of the client portal adds to, so the
//! client sees in one place what is waiting for them. The private health questions add theirs
//! here (issue 35).

use super::home::ClientCase;
use crate::auth::ClientCaller;
use crate::error::ApiError;
use crate::state::AppState;
use serde::Serialize;
use utoipa::ToSchema;

/// What a thing to do is about; the web app picks its page by this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ThingToDoKind {
    /// No case is linked yet: confirm your details to see it.
    ConfirmDetails,
}

/// Something waiting for the client.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThingToDo {
    pub kind: ThingToDoKind,
    /// What to do, for example "Confirm your details".
    pub title: String,
    /// Why, in a sentence.
    pub description: String,
    /// The case it is about, when it is about one.
    #[schema(required = true, value_type = Option<i64>)]
    pub application_id: Option<domain::ApplicationId>,
    /// The client on the case it is about, when it is about one.
    #[schema(required = true, value_type = Option<String>)]
    pub applicant_id: Option<domain::ApplicantId>,
}

/// Everything waiting for the client, first things first.
pub(super) async fn things_to_do(
    _state: &AppState,
    me: &ClientCaller,
    _cases: &[ClientCase],
) -> Result<Vec<ThingToDo>, ApiError> {
    let mut list = Vec::new();
    if me.links.is_empty() {
        list.push(ThingToDo {
            kind: ThingToDoKind::ConfirmDetails,
            title: "Confirm your details".into(),
            description: "Tell us your date of birth and your policy number or application \
                          reference, so we can show you your policy and its progress."
                .into(),
            application_id: None,
            applicant_id: None,
        });
    }
    Ok(list)
}
