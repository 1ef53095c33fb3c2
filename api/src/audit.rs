//! Every read of special-category or fraud-sensitive data is recorded before it is shown
//! (issue 36, decisions AU1–AU4): health answers, stored documents, bank details and decrypted
//! Temporal payloads, with who read them, in which role, from which address (the TCP
//! peer, [`Reader::address`]), about which case and what. A handler takes a [`Reader`] and calls one of
//! its methods just before it answers; a stored document leaves the API only through
//! [`Reader::document`].
//!
//! A read that cannot be recorded is not shown: the handler answers 503 ([`NotRecorded`]).

use crate::auth::Caller;
use crate::error::{ApiError, Problem};
use crate::routes::documents::file;
use crate::state::AppState;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::response::Response;
use domain::{ApplicantId, ApplicationId, QiId, Role};
use std::net::{IpAddr, SocketAddr};
use store::{Actor, NewDataRead, ReadCase, StoredDocument};

/// What a read of health answers is recorded as.
pub const HEALTH_ANSWERS: &str = "health-answers";
/// What a read of full bank details is recorded as.
pub const BANK_DETAILS: &str = "bank-details";
/// What a case handler's decryption of Temporal payloads is recorded as.
pub const TEMPORAL_PAYLOADS: &str = "temporal-payloads";

/// What a download of a Qi indication (rendered on request, never stored) is recorded as.
pub const QI_INDICATION_DOCUMENT: &str = "document:indication";

/// Shown when a read could not be recorded, so the data was not shown.
pub const NOT_RECORDED: &str = "This could not be shown just now: every reading of it is \
     recorded, and the record could not be written. Please try again.";

/// The 503 of a read that could not be recorded, as the OpenAPI document declares it.
#[derive(utoipa::IntoResponses)]
#[response(
    status = 503,
    description = "The read could not be recorded, so nothing was shown (`type` ends `unavailable`); try again",
    content_type = "application/problem+json"
)]
#[allow(dead_code)] // Describes a response; never built.
pub struct NotRecorded(Problem);

/// Who is reading, from where: any signed-in caller (the handler's own extractor decides
/// whether they may read), and the TCP peer's address. Put it before the handler's own
/// caller extractor, which then has the last word on who the request is for.
#[derive(Debug, Clone)]
pub struct Reader {
    pub actor: Actor,
    /// `underwriter`, `ccaadmin`, `cca`, `client` or `adviser`: the strongest role the token
    /// holds, the same precedence as the pages' (an underwriter's role wins).
    pub role: &'static str,
    /// The TCP peer, which `main.rs` and the test harness record by serving with
    /// `into_make_service_with_connect_info`; forwarded headers are not trusted (anyone can
    /// send them). `None` when the server runs without connection info.
    pub address: Option<IpAddr>,
}

impl FromRequestParts<AppState> for Reader {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let caller = Caller::from_request_parts(parts, state).await?;
        let address = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(peer)| peer.ip().to_canonical());
        Ok(Reader {
            role: role_of(&caller),
            actor: caller.actor(),
            address,
        })
    }
}

/// The role a read is recorded under: the caller's strongest ([`Caller::strongest_role`]).
fn role_of(caller: &Caller) -> &'static str {
    match caller.strongest_role() {
        Some(Role::Underwriter) => "underwriter",
        Some(Role::CcaAdmin) => "ccaadmin",
        Some(Role::Cca) => "cca",
        Some(Role::Client) => "client",
        None => "adviser",
    }
}

impl Reader {
    /// Records that `data` of `case` is being read; a failure is logged and answered 503.
    pub async fn record(
        &self,
        state: &AppState,
        case: ReadCase,
        data: &str,
    ) -> Result<(), ApiError> {
        let read = NewDataRead {
            reader: &self.actor,
            role: self.role,
            address: self.address.map(|ip| ip.to_string()),
            case,
            data,
        };
        state.store.record_data_read(read).await.map_err(|error| {
            tracing::error!(%error, reader = %self.actor.subject, data, "a data read could not be recorded");
            ApiError::Unavailable(NOT_RECORDED.into())
        })
    }

    /// Records a read of health answers: one client's, or (with no `applicant`) every client's
    /// on the case.
    pub async fn health_answers(
        &self,
        state: &AppState,
        application: Option<ApplicationId>,
        applicant: Option<&ApplicantId>,
    ) -> Result<(), ApiError> {
        let case = ReadCase {
            application_id: application,
            applicant_id: applicant.cloned(),
            qi_id: None,
        };
        self.record(state, case, HEALTH_ANSWERS).await
    }

    /// Records a read of a Qi enquiry's health answers (or of its indication document, `data`),
    /// with the application started from it, if one was.
    pub async fn qi(
        &self,
        state: &AppState,
        qi: &QiId,
        application: Option<ApplicationId>,
        data: &str,
    ) -> Result<(), ApiError> {
        let case = ReadCase {
            application_id: application,
            applicant_id: None,
            qi_id: Some(qi.clone()),
        };
        self.record(state, case, data).await
    }

    /// Records the read of a stored document, then answers with it: the one way a stored
    /// document leaves the API. `applicant` is the client it is about, where the caller knows
    /// it; a client's answers document names its client itself.
    pub async fn document(
        &self,
        state: &AppState,
        stored: StoredDocument,
        applicant: Option<&ApplicantId>,
    ) -> Result<Response, ApiError> {
        let case = ReadCase {
            application_id: Some(stored.application_id),
            applicant_id: applicant.cloned().or_else(|| answers_client(&stored.kind)),
            qi_id: None,
        };
        self.record(state, case, &document_data(&stored.kind))
            .await?;
        Ok(file(stored))
    }
}

/// `document:<kind>`, the kind without the ids stored after it (`applicationanswers:{id}` and
/// `evidence:{request}:{document}` are `document:applicationanswers` and `document:evidence`).
pub fn document_data(kind: &str) -> String {
    let kind = kind.split(':').next().unwrap_or(kind);
    format!("document:{kind}")
}

/// The client an answers document (`applicationanswers:{applicantId}`) is about.
fn answers_client(kind: &str) -> Option<ApplicantId> {
    kind.strip_prefix("applicationanswers:")
        .and_then(ApplicantId::parse)
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::{AdviserId, Roles};

    fn caller(roles: &[&str], name: Option<&str>, email: Option<&str>) -> Caller {
        Caller {
            subject: AdviserId::parse("user1").unwrap(),
            email: email.map(str::to_owned),
            name: name.map(str::to_owned),
            roles: Roles::parse(roles.iter().copied()),
        }
    }

    #[test]
    fn the_strongest_role_is_recorded_and_no_role_is_an_adviser() {
        assert_eq!(role_of(&caller(&[], None, None)), "adviser");
        assert_eq!(role_of(&caller(&["client"], None, None)), "client");
        assert_eq!(role_of(&caller(&["cca"], None, None)), "cca");
        assert_eq!(role_of(&caller(&["client", "cca"], None, None)), "cca");
        assert_eq!(
            role_of(&caller(&["cca", "ccaadmin"], None, None)),
            "ccaadmin"
        );
        assert_eq!(
            role_of(&caller(&["ccaadmin", "underwriter"], None, None)),
            "underwriter"
        );
    }

    #[test]
    fn a_reader_is_named_by_name_then_email_then_subject() {
        let named = caller(&[], Some("Ann Lee"), Some("ann@example.com")).actor();
        assert_eq!(
            (named.subject.as_str(), named.name.as_str()),
            ("user1", "Ann Lee")
        );
        assert_eq!(
            caller(&[], Some(" "), Some("ann@example.com")).actor().name,
            "ann@example.com"
        );
        assert_eq!(caller(&[], None, None).actor().name, "user1");
    }

    #[test]
    fn a_document_is_recorded_by_its_kind_without_the_ids_after_it() {
        assert_eq!(document_data("direct-debit"), "document:direct-debit");
        assert_eq!(
            document_data("applicationanswers:abc"),
            "document:applicationanswers"
        );
        assert_eq!(document_data("evidence:r1:d1"), "document:evidence");
        assert_eq!(
            answers_client("applicationanswers:abc-1"),
            ApplicantId::parse("abc-1")
        );
        assert_eq!(answers_client("quote"), None);
    }
}
