//! The client home's "Things to do": one list every part of the client portal adds to, so the
//! client sees in one place what is waiting for them. The private health questions add theirs
//! here (issue 35).

use crate::auth::ClientCaller;
use domain::client_portal::OwnQuestions;
use serde::Serialize;
use utoipa::ToSchema;

/// What a thing to do is about; the web app picks its page by this.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ThingToDoKind {
    /// No case is linked yet: confirm your details to see it.
    ConfirmDetails,
    /// An adviser sent the client their health questions to answer privately.
    AnswerHealthQuestions,
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

/// Health questions an adviser sent one of the client's cases, as the home found them.
pub(super) struct OwnInterview {
    pub application_id: domain::ApplicationId,
    pub applicant_id: domain::ApplicantId,
    pub sent_by: String,
    pub sent_at: chrono::DateTime<chrono::Utc>,
    pub stage: OwnQuestions,
}

/// Everything waiting for the client, first things first: confirming a first case, then each
/// set of health questions still to answer, oldest first.
pub(super) fn things_to_do(me: &ClientCaller, questions: &[OwnInterview]) -> Vec<ThingToDo> {
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
    let mut waiting: Vec<&OwnInterview> = questions
        .iter()
        .filter(|q| q.stage == OwnQuestions::Waiting)
        .collect();
    waiting.sort_by_key(|q| q.sent_at);
    list.extend(waiting.into_iter().map(|q| ThingToDo {
        kind: ThingToDoKind::AnswerHealthQuestions,
        title: "Answer your health questions".into(),
        description: format!(
            "{} sent you the health and lifestyle questions for application {} on {}. Only you \
             can see your answers until you submit them.",
            q.sent_by,
            q.application_id,
            domain::dates::uk_date(q.sent_at).format("%-d %B %Y"),
        ),
        application_id: Some(q.application_id),
        applicant_id: Some(q.applicant_id.clone()),
    }));
    list
}
