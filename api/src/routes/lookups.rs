//! Look-ups for the contact-details page (§7 "Address and email"): addresses at a postcode,
//! one address, and the email check. Each goes through its adapter (docs/architecture.md
//! "External services"); when the adapter cannot answer, the answer says so plainly.

use crate::auth::AdviserCaller;
use crate::error::ReadAnswers;
use crate::error::{ApiError, BadParameter, ProviderUnavailable, RateLimited, SignInProblems};
use crate::query::InQuery;
use crate::state::AppState;
use activities::AddressLookupError;
use axum::Json;
use axum::extract::{Path, State};
use domain::contact::email::{EMPTY_MESSAGE, EmailError};
use domain::contact::{
    AddressLookupResult, EmailAddress, Postcode, UNCHECKED, UNCHECKED_MESSAGE, email_refusal,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(lookup_addresses))
        .routes(routes!(get_address))
        .routes(routes!(validate_email))
}

/// The addresses found at a postcode.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressLookup {
    // §5 postcode normalisation.
    /// The postcode as normalised: upper case, one space before the last three characters.
    pub postcode: String,
    /// In delivery order; empty when the postcode is valid but has no addresses we know of. Each
    /// result's `town` is what contact details call `cityName`.
    pub addresses: Vec<AddressLookupResult>,
    /// Where the addresses come from, for example the sample gazetteer.
    pub source: String,
    /// True when the addresses are sample data, not a real address file.
    pub is_sample: bool,
}

fn unavailable(error: AddressLookupError) -> ApiError {
    tracing::warn!(%error, detail = ?error, "address look-up failed");
    match error {
        AddressLookupError::RateLimited => ApiError::TooManyRequests(error.to_string()),
        _ => ApiError::Unavailable(error.to_string()),
    }
}

/// Find the addresses at a postcode
///
/// The addresses at a UK postcode, in delivery order, for the contact-details page; the postcode
/// may be sent in any case and spacing and comes back normalised. When the address service cannot
/// answer, the answer says so and the adviser enters the address by hand.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/address/lookup/{postcode}",
    tag = "contact details",
    params(("postcode" = String, Path, description = "A UK postcode, in any case and spacing")),
    responses(
        (status = OK, description = "The addresses at the postcode (possibly none)", body = AddressLookup),
        BadParameter,
        RateLimited,
        ProviderUnavailable,
        SignInProblems,
    )
)]
pub async fn lookup_addresses(
    State(state): State<AppState>,
    _me: AdviserCaller,
    Path(postcode): Path<String>,
) -> Result<Json<AddressLookup>, ApiError> {
    let postcode =
        Postcode::parse(&postcode).map_err(|e| ApiError::bad_field("postcode", &e.to_string()))?;
    let addresses = state.addresses.find(&postcode).await.map_err(unavailable)?;
    Ok(Json(AddressLookup {
        postcode: postcode.as_str().to_owned(),
        addresses,
        source: state.addresses.source().to_owned(),
        is_sample: state.addresses.is_sample(),
    }))
}

/// Get one address from a postcode look-up
///
/// The full address for an id the postcode look-up returned. Its `town` is what the application's
/// contact details call `cityName`.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/address/{id}",
    tag = "contact details",
    params(("id" = String, Path, description = "An address id from the postcode look-up")),
    responses(
        (status = OK, description = "The address; its `town` is the provider's `cityName`", body = AddressLookupResult),
        ReadAnswers, ProviderUnavailable,
    )
)]
pub async fn get_address(
    State(state): State<AppState>,
    _me: AdviserCaller,
    Path(id): Path<String>,
) -> Result<Json<AddressLookupResult>, ApiError> {
    state
        .addresses
        .get(&id)
        .await
        .map_err(unavailable)?
        .map(Json)
        .ok_or_else(|| ApiError::not_found("Address"))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EmailQuery {
    /// The email address to check.
    #[param(pattern = "\\S")]
    email: String,
}

/// The email check's answer: `isValid` and `status`, plus the message to show the adviser.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailValidation {
    pub is_valid: bool,
    /// `Success`, `FailureBlacklist`, `FailureDisposable`, `FailureNoMailServer`, `FailureSyntax`,
    /// or `Unchecked` when the domain could not be checked just now (the address is then
    /// accepted on its syntax alone).
    pub status: String,
    /// What to tell the adviser, when there is something to tell.
    #[schema(required = true)]
    pub message: Option<String>,
}

/// Check an email address
///
/// Checks an address's form, then asks the email service whether mail can reach it. A refused
/// address (`isValid` false) comes with the message to show the adviser; saving contact details
/// with it is refused. `Unchecked` means the domain could not be checked just now: the address is
/// accepted on its form alone.
#[utoipa::path(
    get,
    path = "/api/v2/backendforfrontend/validate/email",
    tag = "contact details",
    params(EmailQuery),
    responses(
        (status = OK, description = "Whether the address can be used, and why not", body = EmailValidation),
        BadParameter,
        SignInProblems,
    )
)]
pub async fn validate_email(
    State(state): State<AppState>,
    _me: AdviserCaller,
    InQuery(query): InQuery<EmailQuery>,
) -> Result<Json<EmailValidation>, ApiError> {
    let email = match EmailAddress::parse(&query.email) {
        Ok(email) => email,
        Err(EmailError::Empty) => return Err(ApiError::bad_field("email", EMPTY_MESSAGE)),
        Err(error) => {
            return Ok(Json(EmailValidation {
                is_valid: false,
                status: "FailureSyntax".into(),
                // 'Invalid email' (§5), or the length limit's own message.
                message: Some(error.to_string()),
            }));
        }
    };
    let check = state.emails.check(&email).await;
    let status = check.status.clone().unwrap_or_default();
    let message = match email_refusal(&check) {
        Some(refusal) => Some(refusal.to_owned()),
        None if status == UNCHECKED => Some(UNCHECKED_MESSAGE.to_owned()),
        None => None,
    };
    Ok(Json(EmailValidation {
        is_valid: check.is_valid,
        status,
        message,
    }))
}
