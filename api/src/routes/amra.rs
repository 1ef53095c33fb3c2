//! The AMRA step (§2, §4, §5, §7 AMRA): each client's consent to medical reports, whether they
//! want to see the report first, and their doctor or surgery, with a look-up of surgeries.

use crate::auth::AdviserCaller;
use crate::body::Body;
use crate::case::Case;
use crate::error::CommandAnswers;
use crate::error::{
    ApiError, BadParameter, Conflict, Invalid, NotFound, SignInProblems, Unconfirmed, Unreadable,
};
use crate::query::InQuery;
use crate::state::AppState;
use activities::surgeries::Surgery;
use axum::Json;
use axum::extract::State;
use domain::application::{SetAmraConsent, SetExaminer, SetViewMedicalReports};
use domain::contact::EmailAddress;
use domain::contact::address::ContactDetailsForm;
use domain::contact::examiner::ExaminerForm;
use domain::{ApplicantId, ApplicationView};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(set_amra_consent))
        .routes(routes!(set_view_medical_reports))
        .routes(routes!(set_examiner))
        .routes(routes!(lookup_surgeries))
}

/// A client's answer to the AMRA question: whether they consent to the insurer asking their doctor
/// for a medical report.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConsentRequest {
    pub applicant_id: ApplicantId,
    pub is_amra_consent_granted: bool,
}

/// Whether a client wants to see a medical report before it is sent to the insurer.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ViewReportsRequest {
    pub applicant_id: ApplicantId,
    pub is_view_medical_reports_requested: bool,
}

/// The client's doctor or surgery as entered, and whether the page says the details are complete,
/// as the text `true` or `false`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExaminerRequest {
    pub applicant_id: ApplicantId,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub forename: Option<String>,
    #[serde(default)]
    pub surname: Option<String>,
    #[serde(default)]
    pub organisation_name: Option<String>,
    #[serde(default)]
    pub contact_details: ContactDetailsForm,
    #[serde(default)]
    pub confirm_email_address: Option<String>,
    /// `true` or `false`.
    #[schema(pattern = "^\\s*(true|false)\\s*$")]
    pub is_examiner_details_valid: String,
}

/// Record a client's consent to medical reports (AMRA)
///
/// Records whether the client consents, under the Access to Medical Reports Act, to the insurer
/// asking their doctor for a report. Allowed once the quote is priced and until the policy is in
/// force, including while an underwriter has the case. Consent is dated and lasts 12 months, after
/// which it lapses and must be given again; withdrawing it closes any outstanding request for a
/// medical report on the client.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/applicant/isAmraConsentGranted",
    tag = "amra",
    request_body(content = ConsentRequest),
    responses(
        (status = OK, description = "The application with the client's consent recorded (and dated: it lasts 12 months) or refused", body = ApplicationView),
        CommandAnswers, Unreadable,
    )
)]
pub async fn set_amra_consent(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<ConsentRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let case = Case::of_applicant(&state, &me, &request.applicant_id).await?;
    let command = SetAmraConsent {
        applicant_id: request.applicant_id,
        is_amra_consent_granted: request.is_amra_consent_granted,
    };
    case.send(&state, command).await
}

/// Record whether a client wants to see their medical report
///
/// Records whether the client wants to see a medical report before it is sent to the insurer; the
/// AMRA step is not complete until this is answered. Allowed once the quote is priced and until the
/// policy is in force.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/applicant/isViewMedicalReportsRequested",
    tag = "amra",
    request_body(content = ViewReportsRequest),
    responses(
        (status = OK, description = "The application with the client's answer recorded", body = ApplicationView),
        CommandAnswers, Unreadable,
    )
)]
pub async fn set_view_medical_reports(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<ViewReportsRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let case = Case::of_applicant(&state, &me, &request.applicant_id).await?;
    let command = SetViewMedicalReports {
        applicant_id: request.applicant_id,
        is_view_medical_reports_requested: request.is_view_medical_reports_requested,
    };
    case.send(&state, command).await
}

/// Save a client's doctor or surgery
///
/// Saves the doctor or surgery the insurer would ask for a medical report, once the quote is priced
/// and until the policy is in force. It needs a doctor's forename and surname or a surgery name, an
/// address and a phone number; an email is optional but must be confirmed, and a new one is
/// checked with the email service as a client's is (`validate/email`), a refusal answering with
/// the service's message on `contactDetails.emailAddress`. Incomplete details are
/// kept with `isExaminerDetailsValid` false, unless the request says they are complete (`true`),
/// when what is missing is refused by field with a 'Please check surgery ...' message; malformed
/// values are always refused.
#[utoipa::path(
    patch,
    path = "/api/v1/backendforfrontend/applicant/examiner",
    tag = "amra",
    request_body(content = ExaminerRequest),
    responses(
        (status = OK, description = "The application with the examiner saved; `isExaminerDetailsValid` says whether the details are complete (a GP practice, or an examiner with a name, phone and address)", body = ApplicationView),
        BadParameter,
        NotFound,
        Conflict,
        Invalid,
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn set_examiner(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<ExaminerRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let claimed_valid = match request.is_examiner_details_valid.trim() {
        "true" => true,
        "false" => false,
        _ => {
            return Err(ApiError::bad_field(
                "isExaminerDetailsValid",
                "isExaminerDetailsValid must be the text true or false",
            ));
        }
    };
    let case = Case::of_applicant(&state, &me, &request.applicant_id).await?;
    // §5: the surgery's email is checked as a client's is; a malformed one is left to the
    // domain's own message.
    let email_check = match request
        .contact_details
        .email_address
        .as_deref()
        .map(EmailAddress::parse)
    {
        Some(Ok(email)) => Some(state.emails.check(&email).await),
        _ => None,
    };
    let command = SetExaminer {
        email_check,
        applicant_id: request.applicant_id,
        form: ExaminerForm {
            title: request.title,
            forename: request.forename,
            surname: request.surname,
            organisation_name: request.organisation_name,
            contact_details: request.contact_details,
            confirm_email_address: request.confirm_email_address,
        },
        claimed_valid,
    };
    case.send(&state, command).await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SurgeryQuery {
    /// Words of the surgery's name, town or postcode.
    pub search: Option<String>,
}

/// Surgeries found, with where they come from.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurgeryLookup {
    pub surgeries: Vec<Surgery>,
    pub source: String,
    /// True when the surgeries are sample data, not a real directory.
    pub is_sample: bool,
}

/// Find a doctor's surgery
///
/// Up to 20 surgeries matching every word of `search` in their name, town or postcode, to fill in a
/// client's doctor. Changes nothing.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/examiner/lookup",
    tag = "amra",
    params(SurgeryQuery),
    responses(
        (status = OK, description = "Up to 20 surgeries matching every word typed", body = SurgeryLookup),
        SignInProblems,
    )
)]
pub async fn lookup_surgeries(
    State(state): State<AppState>,
    _me: AdviserCaller,
    InQuery(query): InQuery<SurgeryQuery>,
) -> Result<Json<SurgeryLookup>, ApiError> {
    let directory = &state.surgeries;
    Ok(Json(SurgeryLookup {
        surgeries: directory.search(query.search.as_deref().unwrap_or_default()),
        source: directory.source().to_owned(),
        is_sample: directory.is_sample(),
    }))
}
