//! The contact-details stage's calls (§7): a client's contact details and the same-address
//! link, the adviser's own reference, commission, the quote's valid-until date, the mortgage
//! and advised-sale questions, the policy start date, the pre-underwriting declaration and
//! applying. Each change is one `command` Update; the rules that depend on the adviser's flags
//! (§6) use the flags of the adviser who owns the case, whoever acts for them.

use super::applications::{stored_application, visible_applicant, visible_application};
use super::body::{applicant_id, application_ref, field_error, flag, only_fields, text};
use super::quote_stage::send;
use crate::auth::AdviserCaller;
use crate::error::{ApiError, Problem};
use crate::extract::JsonObject;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use domain::application::{
    ApplicationCommand, ContactPatch, SaveContact, SetAdvisedSale, SetCommission,
    SetPolicyStartDate, SetQuoteDate, SetSameAddress, SetThirdPartyRef,
};
use domain::commission::{CommissionInput, CommissionRules};
use domain::contact::{ContactDetails, EmailAddress, EmailCheck};
use domain::product::StartDateOption;
use domain::{ApplicantId, ApplicationId, ApplicationView, Patch, UxSettings};
use serde::Deserialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

/// The contact fields, as §3 names them.
const CONTACT_FIELDS: [&str; 8] = [
    "address1",
    "address2",
    "address3",
    "cityName",
    "county",
    "postcode",
    "phoneNumber",
    "emailAddress",
];

/// The per-adviser flags (§6) of the adviser who owns the application.
async fn owner_settings(state: &AppState, id: ApplicationId) -> Result<UxSettings, ApiError> {
    let owner = state
        .store
        .application_owner(id)
        .await?
        .ok_or_else(|| ApiError::not_found("Application"))?;
    Ok(state
        .store
        .find_adviser(&owner)
        .await?
        .map(|adviser| adviser.ux_settings)
        .unwrap_or_default())
}

/// Reads the contact fields present in `body`: a string sets a field, null or a blank string
/// clears it (§7 sends empty strings as null), anything else is refused by name.
fn contact_patch(body: &Map<String, Value>) -> Result<ContactPatch, ApiError> {
    let mut patch = ContactPatch::default();
    for field in CONTACT_FIELDS {
        let value = match body.get(field) {
            None => Patch::Absent,
            Some(Value::Null) => Patch::Clear,
            Some(Value::String(text)) if text.trim().is_empty() => Patch::Clear,
            Some(Value::String(text)) => Patch::Set(text.clone()),
            Some(_) => return Err(field_error(field, format!("{field} must be text"))),
        };
        let slot = match field {
            "address1" => &mut patch.address1,
            "address2" => &mut patch.address2,
            "address3" => &mut patch.address3,
            "cityName" => &mut patch.city_name,
            "county" => &mut patch.county,
            "postcode" => &mut patch.postcode,
            "phoneNumber" => &mut patch.phone_number,
            _ => &mut patch.email_address,
        };
        *slot = value;
    }
    Ok(patch)
}

/// Asks the email service about an email being saved, so a refused address is never stored
/// (§5). A malformed address is left to the domain's own message.
async fn email_check(state: &AppState, patch: &ContactPatch) -> Option<EmailCheck> {
    let Patch::Set(text) = &patch.email_address else {
        return None;
    };
    let email = EmailAddress::parse(text).ok()?;
    Some(state.emails.check(&email).await)
}

async fn save_contact(
    state: &AppState,
    id: ApplicationId,
    applicant_id: ApplicantId,
    patch: ContactPatch,
) -> Result<Json<ApplicationView>, ApiError> {
    let email_check = email_check(state, &patch).await;
    send(
        state,
        id,
        ApplicationCommand::SaveContact(SaveContact {
            applicant_id,
            patch,
            email_check,
        }),
    )
    .await
}

/// The body of `PATCH /backendforfrontend/applicant/contact`: the client and the contact
/// fields to change. Fields left out are unchanged; null or "" clears one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // Documents the body; the handler reads it field by field.
pub struct ContactChangeRequest {
    applicant_id: String,
    address1: Option<String>,
    address2: Option<String>,
    address3: Option<String>,
    city_name: Option<String>,
    county: Option<String>,
    postcode: Option<String>,
    phone_number: Option<String>,
    email_address: Option<String>,
}

#[utoipa::path(
    patch,
    path = "/api/v1/backendforfrontend/applicant/contact",
    tag = "contact details",
    request_body(content = ContactChangeRequest),
    responses(
        (status = OK, description = "The application with the client's contact details changed", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type or unknown", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "Applicant not found", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Underwriting has started: contact details are locked", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A value is malformed (address line over 40, postcode, phone, email) or the email service refused the email", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn change_contact(
    State(state): State<AppState>,
    me: AdviserCaller,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let applicant_id = applicant_id(&body)?;
    let mut allowed = CONTACT_FIELDS.to_vec();
    allowed.push("applicantId");
    only_fields(&body, &allowed)?;
    let patch = contact_patch(&body)?;
    let id = visible_applicant(&state, &me, &applicant_id).await?;
    save_contact(&state, id, applicant_id, patch).await
}

#[utoipa::path(
    get,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}/contact",
    tag = "contact details",
    params(
        ("applicationId" = i64, Path, description = "The application reference"),
        ("applicantId" = String, Path, description = "The applicant's id"),
    ),
    responses(
        (status = OK, description = "The client's contact details (empty when none are saved)", body = ContactDetails),
        (status = NOT_FOUND, description = "No such application, or Applicant not found", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn get_contact(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path((application_id, applicant_id)): Path<(String, String)>,
) -> Result<Json<ContactDetails>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let application = stored_application(&state, id).await?;
    let applicant = ApplicantId::parse(&applicant_id)
        .and_then(|a| application.applicant(&a).cloned())
        .ok_or_else(|| ApiError::not_found("Applicant"))?;
    Ok(Json(applicant.contact_details.unwrap_or_default()))
}

#[utoipa::path(
    post,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}/contact",
    tag = "contact details",
    params(
        ("applicationId" = i64, Path, description = "The application reference"),
        ("applicantId" = String, Path, description = "The applicant's id"),
    ),
    request_body(content = ContactDetails, description = "Every contact field; those left out are cleared"),
    responses(
        (status = OK, description = "The application with the client's contact details replaced", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type or unknown", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application, or Applicant not found", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Underwriting has started: contact details are locked", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A value is malformed or the email service refused the email", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn replace_contact(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path((application_id, applicant_id)): Path<(String, String)>,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let applicant_id =
        ApplicantId::parse(&applicant_id).ok_or_else(|| ApiError::not_found("Applicant"))?;
    only_fields(&body, &CONTACT_FIELDS)?;
    let given = contact_patch(&body)?;
    let clear_unless_given = |p: Patch<String>| match p {
        Patch::Absent => Patch::Clear,
        other => other,
    };
    let patch = ContactPatch {
        address1: clear_unless_given(given.address1),
        address2: clear_unless_given(given.address2),
        address3: clear_unless_given(given.address3),
        city_name: clear_unless_given(given.city_name),
        county: clear_unless_given(given.county),
        postcode: clear_unless_given(given.postcode),
        phone_number: clear_unless_given(given.phone_number),
        email_address: clear_unless_given(given.email_address),
    };
    save_contact(&state, id, applicant_id, patch).await
}

/// The body of `sameAddressApplicantId`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct SameAddressRequest {
    applicant_id: String,
    /// The other client whose address this client shares; null when they have their own.
    same_address_applicant_id: Option<String>,
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/applicant/sameAddressApplicantId",
    tag = "contact details",
    request_body(content = SameAddressRequest),
    responses(
        (status = OK, description = "The application with the link set or cleared", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "Applicant not found", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "The client would share their own address, or that of someone not on the application", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn set_same_address(
    State(state): State<AppState>,
    me: AdviserCaller,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let applicant_id = applicant_id(&body)?;
    let other = match body.get("sameAddressApplicantId") {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) if text.trim().is_empty() => None,
        Some(Value::String(text)) => Some(ApplicantId::parse(text.trim()).ok_or_else(|| {
            field_error(
                "sameAddressApplicantId",
                "sameAddressApplicantId is not a client's id",
            )
        })?),
        Some(_) => {
            return Err(field_error(
                "sameAddressApplicantId",
                "sameAddressApplicantId must be text or null",
            ));
        }
    };
    let id = visible_applicant(&state, &me, &applicant_id).await?;
    send(
        &state,
        id,
        ApplicationCommand::SetSameAddress(SetSameAddress {
            applicant_id,
            same_address_applicant_id: other,
        }),
    )
    .await
}

/// An optional text field: absent, null or a string.
fn optional_text(body: &Map<String, Value>, field: &str) -> Result<Option<String>, ApiError> {
    match body.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) => Ok(Some(text.clone())),
        Some(_) => Err(field_error(field, format!("{field} must be text or null"))),
    }
}

/// An optional number field: absent, null or a number.
fn optional_number(body: &Map<String, Value>, field: &str) -> Result<Option<f64>, ApiError> {
    match body.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n
            .as_f64()
            .map(Some)
            .ok_or_else(|| field_error(field, format!("{field} must be a number"))),
        Some(_) => Err(field_error(
            field,
            format!("{field} must be a number or null"),
        )),
    }
}

/// A required date, `yyyy-MM-dd`.
fn date(body: &Map<String, Value>, field: &str) -> Result<chrono::NaiveDate, ApiError> {
    let text = text(body, field)?;
    chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map_err(|_| field_error(field, format!("{field} must be a date, yyyy-MM-dd")))
}

/// The body of `thirdPartyRef`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct ThirdPartyRefRequest {
    /// The application reference.
    id: i64,
    /// The adviser's own reference; null or blank clears it. At most 50 characters.
    third_party_ref: Option<String>,
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/thirdPartyRef",
    tag = "contact details",
    request_body(content = ThirdPartyRefRequest),
    responses(
        (status = OK, description = "The application with the reference changed", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The adviser's reference is hidden or read-only (§6 hideYourRef, isYourRefReadOnly)", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "Too long, or control characters", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn set_third_party_ref(
    State(state): State<AppState>,
    me: AdviserCaller,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    only_fields(&body, &["id", "thirdPartyRef"])?;
    let value = optional_text(&body, "thirdPartyRef")?;
    let id = visible_application(&state, &me, &application_ref(&body, "id")?).await?;
    let settings = owner_settings(&state, id).await?;
    send(
        &state,
        id,
        ApplicationCommand::SetThirdPartyRef(SetThirdPartyRef {
            third_party_ref: value,
            editable: !settings.hide_your_ref && !settings.is_your_ref_read_only,
        }),
    )
    .await
}

/// The body of `commission`; a field left out takes its default (J14).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct CommissionRequest {
    id: i64,
    /// 0 to 100, at most two decimals.
    initial_commission_sacrifice_percentage: Option<f64>,
    /// 0 (non-indemnity), 100 (indemnity), or between (hybrid, when the adviser may).
    initial_indemnity_percentage: Option<f64>,
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/commission",
    tag = "contact details",
    request_body(content = CommissionRequest),
    responses(
        (status = OK, description = "The application with the commission changed and the price withdrawn until it is priced again", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Already applied for", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A percentage out of range, or a style the adviser's flags do not allow (§6)", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn set_commission(
    State(state): State<AppState>,
    me: AdviserCaller,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    only_fields(
        &body,
        &[
            "id",
            "initialCommissionSacrificePercentage",
            "initialIndemnityPercentage",
        ],
    )?;
    let commission = CommissionInput {
        initial_commission_sacrifice_percentage: optional_number(
            &body,
            "initialCommissionSacrificePercentage",
        )?,
        initial_indemnity_percentage: optional_number(&body, "initialIndemnityPercentage")?,
    };
    let id = visible_application(&state, &me, &application_ref(&body, "id")?).await?;
    let settings = owner_settings(&state, id).await?;
    send(
        &state,
        id,
        ApplicationCommand::SetCommission(SetCommission {
            commission,
            rules: CommissionRules::from_settings(&settings),
        }),
    )
    .await
}

/// The body of `quoteDate`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct QuoteDateRequest {
    application_id: i64,
    /// The quote's new last valid day, `yyyy-MM-dd`.
    #[schema(format = Date)]
    quote_valid_until_date: String,
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/quoteDate",
    tag = "contact details",
    request_body(content = QuoteDateRequest),
    responses(
        (status = OK, description = "The application with the new valid-until date; the expiry timer follows it", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Not priced yet, or already applied for", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "'This date is invalid': before today, or past 30 days from the quote (90 with overrideQuoteDate)", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn set_quote_date(
    State(state): State<AppState>,
    me: AdviserCaller,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    only_fields(&body, &["applicationId", "quoteValidUntilDate"])?;
    let day = date(&body, "quoteValidUntilDate")?;
    let id = visible_application(&state, &me, &application_ref(&body, "applicationId")?).await?;
    let settings = owner_settings(&state, id).await?;
    send(
        &state,
        id,
        ApplicationCommand::SetQuoteDate(SetQuoteDate {
            quote_valid_until_date: day,
            may_override: settings.override_quote_date,
        }),
    )
    .await
}

/// The body of `isMortgageRelated`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct MortgageRequest {
    id: i64,
    is_mortgage_related: bool,
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/isMortgageRelated",
    tag = "contact details",
    request_body(content = MortgageRequest),
    responses(
        (status = OK, description = "The application with the answer recorded", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Already applied for", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn set_mortgage_related(
    State(state): State<AppState>,
    me: AdviserCaller,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    only_fields(&body, &["id", "isMortgageRelated"])?;
    let value = flag(&body, "isMortgageRelated")?;
    let id = visible_application(&state, &me, &application_ref(&body, "id")?).await?;
    send(
        &state,
        id,
        ApplicationCommand::SetMortgageRelated {
            is_mortgage_related: value,
        },
    )
    .await
}

/// The body of `isAdvisedSale`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct AdvisedSaleRequest {
    id: i64,
    is_advised_sale: bool,
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/isAdvisedSale",
    tag = "contact details",
    request_body(content = AdvisedSaleRequest),
    responses(
        (status = OK, description = "The application with the answer recorded", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Already applied for", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A non-advised sale by an adviser whose sales are always advised (§6 isAlwaysAdvised)", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn set_advised_sale(
    State(state): State<AppState>,
    me: AdviserCaller,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    only_fields(&body, &["id", "isAdvisedSale"])?;
    let value = flag(&body, "isAdvisedSale")?;
    let id = visible_application(&state, &me, &application_ref(&body, "id")?).await?;
    let settings = owner_settings(&state, id).await?;
    send(
        &state,
        id,
        ApplicationCommand::SetAdvisedSale(SetAdvisedSale {
            is_advised_sale: value,
            always_advised: settings.is_always_advised,
        }),
    )
    .await
}

/// The body of `policyStartDate`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct PolicyStartRequest {
    id: i64,
    #[serde(flatten)]
    start: SetPolicyStartDate,
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/policyStartDate",
    tag = "contact details",
    request_body(content = PolicyStartRequest),
    responses(
        (status = OK, description = "The application with the start date recorded", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The policy is already in force", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A future date outside today to three months ahead, or a date with another option", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn set_policy_start_date(
    State(state): State<AppState>,
    me: AdviserCaller,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    only_fields(&body, &["id", "policyStartDate", "policyStartDateOption"])?;
    let option: StartDateOption = match body.get("policyStartDateOption") {
        Some(value) => serde_json::from_value(value.clone()).map_err(|_| {
            field_error(
                "policyStartDateOption",
                "policyStartDateOption must be now, future or dontKnow",
            )
        })?,
        None => {
            return Err(field_error(
                "policyStartDateOption",
                "policyStartDateOption is required",
            ));
        }
    };
    let day = match body.get("policyStartDate") {
        None | Some(Value::Null) => None,
        Some(_) => Some(date(&body, "policyStartDate")?),
    };
    let id = visible_application(&state, &me, &application_ref(&body, "id")?).await?;
    send(
        &state,
        id,
        ApplicationCommand::SetPolicyStartDate(SetPolicyStartDate {
            policy_start_date: day,
            policy_start_date_option: option,
        }),
    )
    .await
}

#[utoipa::path(
    post,
    path = "/api/v1/application/{applicationId}/applicant/{applicantId}/acceptPreUnderwritingDeclaration",
    tag = "contact details",
    params(
        ("applicationId" = i64, Path, description = "The application reference"),
        ("applicantId" = String, Path, description = "The applicant's id"),
    ),
    responses(
        (status = OK, description = "The application with the client's declaration accepted (§4)", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application, or Applicant not found", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Already applied for", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn accept_pre_underwriting_declaration(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path((application_id, applicant_id)): Path<(String, String)>,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let applicant_id =
        ApplicantId::parse(&applicant_id).ok_or_else(|| ApiError::not_found("Applicant"))?;
    send(
        &state,
        id,
        ApplicationCommand::AcceptPreUnderwritingDeclaration { applicant_id },
    )
    .await
}

/// The body of `ApplyApplication`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct ApplyRequest {
    application_id: i64,
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/ApplyApplication",
    tag = "contact details",
    request_body(content = ApplyRequest),
    responses(
        (status = OK, description = "The application at the Apply stage, its quote locked", body = ApplicationView),
        (status = BAD_REQUEST, description = "applicationId missing", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Already applied for", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "Everything still missing, each named: price, client details, contact details, the questions, declarations, covers unable to offer terms", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn apply_application(
    State(state): State<AppState>,
    me: AdviserCaller,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    only_fields(&body, &["applicationId"])?;
    let id = visible_application(&state, &me, &application_ref(&body, "applicationId")?).await?;
    send(&state, id, ApplicationCommand::Apply).await
}

#[utoipa::path(
    post,
    path = "/api/v1/portal/apply/{applicationId}",
    tag = "contact details",
    params(("applicationId" = i64, Path, description = "The application reference")),
    responses(
        (status = OK, description = "The application at the Apply stage, its quote locked", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Already applied for", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "Everything still missing, each named", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn portal_apply(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(application_id): Path<String>,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    send(&state, id, ApplicationCommand::Apply).await
}
