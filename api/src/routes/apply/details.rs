//! A client's contact details (§2 "Contact details", §3, §5, §7): changing some of them,
//! reading and replacing them, and the same-address link. An email being saved is first asked
//! of the email service, so an address it refuses is never stored (§5).

use crate::auth::AdviserCaller;
use crate::body::Body;
use crate::case::{ApplicantPath, Case, CaseInPath, InPath};
use crate::error::ApiError;
use crate::error::{BodyCommandAnswers, ReadAnswers};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use domain::application::{ContactPatch, SaveContact, SetSameAddress};
use domain::contact::{ContactDetails, ContactDetailsForm, EmailAddress, EmailCheck};
use domain::{ApplicantId, ApplicationView, Patch};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(change_contact))
        .routes(routes!(get_contact, replace_contact))
        .routes(routes!(set_same_address))
}

/// Asks the email service about an email being saved. A malformed address is left to the
/// domain's own message.
async fn email_check(state: &AppState, patch: &ContactPatch) -> Option<EmailCheck> {
    let Patch::Set(text) = &patch.email_address else {
        return None;
    };
    let email = EmailAddress::parse(text).ok()?;
    Some(state.emails.check(&email).await)
}

async fn save_contact(
    state: &AppState,
    case: &Case,
    applicant_id: ApplicantId,
    patch: ContactPatch,
) -> Result<Json<ApplicationView>, ApiError> {
    let email_check = email_check(state, &patch).await;
    let command = SaveContact {
        applicant_id,
        patch,
        email_check,
    };
    case.send(state, command).await
}

/// The body of `PATCH /backendforfrontend/applicant/contact`: the client and the contact
/// fields to change. Fields left out are unchanged; null or "" clears one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContactChangeRequest {
    pub applicant_id: ApplicantId,
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 40)]
    pub address1: Patch<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 40)]
    pub address2: Patch<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 40)]
    pub address3: Patch<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 40)]
    pub city_name: Patch<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 40)]
    pub county: Patch<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub postcode: Patch<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub phone_number: Patch<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>, max_length = 100)]
    pub email_address: Patch<String>,
}

/// Change some of a client's contact details
///
/// Changes only the fields sent (null or "" clears one), for a client named by their id alone,
/// until every client's underwriting enquiry is closed (the application then moves past the Apply
/// stage). Each value given must be well formed: address lines, city and county at most 40
/// characters, a valid UK postcode, a UK phone number, an email address. A new email is first
/// checked with the email service and refused if the service refuses it; incomplete details are
/// kept, and what is missing is asked for when applying.
#[utoipa::path(
    patch,
    path = "/api/v1/backendforfrontend/applicant/contact",
    tag = "contact details",
    request_body(content = ContactChangeRequest),
    responses(
        (status = OK, description = "The application with the client's contact details changed", body = ApplicationView),
        BodyCommandAnswers,
    )
)]
pub async fn change_contact(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<ContactChangeRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let case = Case::of_applicant(&state, &me, &request.applicant_id).await?;
    let patch = ContactPatch {
        address1: request.address1,
        address2: request.address2,
        address3: request.address3,
        city_name: request.city_name,
        county: request.county,
        postcode: request.postcode,
        phone_number: request.phone_number,
        email_address: request.email_address,
    };
    save_contact(&state, &case, request.applicant_id, patch).await
}

/// Get a client's contact details
///
/// The client's address, phone number and email as saved; every field is empty when none are.
#[utoipa::path(
    get,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}/contact",
    tag = "contact details",
    params(ApplicantPath),
    responses(
        (status = OK, description = "The client's contact details (empty when none are saved)", body = ContactDetails),
        ReadAnswers,
    )
)]
pub async fn get_contact(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    InPath(applicant_id): InPath<ApplicantId>,
) -> Result<Json<ContactDetails>, ApiError> {
    let application = case.application(&state).await?;
    let applicant = application
        .applicant(&applicant_id)
        .ok_or_else(|| ApiError::not_found("Applicant"))?;
    Ok(Json(applicant.contact_details.clone().unwrap_or_default()))
}

/// Replace a client's contact details
///
/// Replaces all of the client's contact details: fields left out are cleared. Allowed until the
/// application moves past the Apply stage, under the same rules as the `PATCH` on
/// `applicant/contact`: each value given well formed, and a new email accepted by the email
/// service.
#[utoipa::path(
    post,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}/contact",
    tag = "contact details",
    params(ApplicantPath),
    request_body(content = ContactDetailsForm, description = "Every contact field; those left out are cleared"),
    responses(
        (status = OK, description = "The application with the client's contact details replaced", body = ApplicationView),
        BodyCommandAnswers,
    )
)]
pub async fn replace_contact(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    InPath(applicant_id): InPath<ApplicantId>,
    Body(form): Body<ContactDetailsForm>,
) -> Result<Json<ApplicationView>, ApiError> {
    save_contact(
        &state,
        &case,
        applicant_id,
        ContactPatch::replacing_with(form),
    )
    .await
}

/// Whether a client lives at the other client's address.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SameAddressRequest {
    pub applicant_id: ApplicantId,
    /// The other client whose address this client shares; null when they have their own.
    #[serde(default)]
    pub same_address_applicant_id: Option<ApplicantId>,
}

/// Say whether a client lives at the other client's address
///
/// Links the client to the other client's address, or with null gives them their own again. Allowed
/// until the application moves past the Apply stage; the other client must be on the application.
/// Linking to a client with no address yet is accepted; applying checks that everyone has an
/// address.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/applicant/sameAddressApplicantId",
    tag = "contact details",
    request_body(content = SameAddressRequest),
    responses(
        (status = OK, description = "The application with the link set or cleared", body = ApplicationView),
        BodyCommandAnswers,
    )
)]
pub async fn set_same_address(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<SameAddressRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let case = Case::of_applicant(&state, &me, &request.applicant_id).await?;
    let command = SetSameAddress {
        applicant_id: request.applicant_id,
        same_address_applicant_id: request.same_address_applicant_id,
    };
    case.send(&state, command).await
}
