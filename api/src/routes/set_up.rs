//! Set-up (§1 step 8, §2 Set-up, §7 Bank): the Direct Debit's bank details, saved after
//! Proceed and shown masked, and their check (the modulus check, then Confirmation of Payee),
//! with override as manually verified and reset.

use crate::body::Body;
use crate::case::{ApplicationPath, CaseInPath};
use crate::error::{ApiError, Invalid};
use crate::error::{BodyCommandAnswers, CommandAnswers, ReadAnswers};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use chrono::Utc;
use domain::ApplicationView;
use domain::application::DirectDebitView;
use domain::application::{CheckBankDetails, OverrideBankCheck, ResetBankCheck, SaveBankDetails};
use domain::bank_check::{BankCheckStatus, Severity};
use domain::bank_details::{BankDetailsForm, MaskedBankDetails};
use domain::dates::uk_date;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_bank_details, save_bank_details))
        .routes(routes!(get_direct_debit))
        .routes(routes!(validate_bank_details))
        .routes(routes!(override_bank_check))
        .routes(routes!(reset_bank_check))
}

/// The Direct Debit bank details to save.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BankDetailsRequest {
    pub bank_details: BankDetailsForm,
}

/// The saved bank details, masked, and where their check stands.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankDetailsView {
    #[schema(required = true)]
    pub bank_details: Option<MaskedBankDetails>,
    pub bank_check: BankCheckStatus,
    pub is_bank_check_confirmed: bool,
    #[schema(required = true)]
    pub bank_check_message: Option<String>,
    #[schema(required = true)]
    pub bank_check_severity: Option<Severity>,
}

/// Get the Direct Debit bank details
///
/// The saved bank details with the account number masked to its last four digits, where their check
/// stands and the message to show about it. Changes nothing.
#[utoipa::path(
    get,
    path = "/api/v1/application/{applicationId}/bankDetails",
    tag = "set-up",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The bank details with the account number masked to its last four digits, and the check", body = BankDetailsView),
        ReadAnswers,
    )
)]
pub async fn get_bank_details(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<BankDetailsView>, ApiError> {
    let Json(view) = case.view(&state).await?;
    Ok(Json(BankDetailsView {
        bank_details: view.set_up.bank_details,
        bank_check: view.set_up.bank_check,
        is_bank_check_confirmed: view.is_bank_check_confirmed,
        bank_check_message: view.bank_check_message,
        bank_check_severity: view.bank_check_severity,
    }))
}

/// Get the Direct Debit as the payer is told of it
///
/// Whose policies the one Direct Debit pays for, the amount it collects each month, the first
/// collection's date and amount (on the collection day, no sooner than the advance notice allows
/// after the policies are put in force, moved past weekends and bank holidays, and taking every
/// month of cover begun by then), or why that is not known yet, and the Direct Debit Guarantee
/// in the scheme's standard wording. Until the policies are put in force it is what putting them
/// in force today would do; after, it is fixed by the day they were. Changes nothing.
#[utoipa::path(
    get,
    path = "/api/v1/application/{applicationId}/directDebit",
    tag = "set-up",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The Direct Debit: whose policies it pays for, the first collection and the Guarantee", body = DirectDebitView),
        ReadAnswers,
    )
)]
pub async fn get_direct_debit(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<DirectDebitView>, ApiError> {
    let application = case.application(&state).await?;
    Ok(Json(application.direct_debit(
        &state.product.direct_debit,
        uk_date(Utc::now()),
    )))
}

/// Save the Direct Debit bank details
///
/// Saves the account holder's name (at most 100 characters), the 8-digit account number, the
/// 6-digit sort code and the collection day (the 1st to the 28th of the month), with the payer's
/// confirmation (`payerConfirmed: true`) that they hold the account and are the only person needed
/// to authorise debits from it, as a Direct Debit Instruction requires. Allowed once the
/// adviser has proceeded from the decision and until the policy is in force. New details clear the
/// last check, so check them again; every broken rule is named by its field and nothing is saved.
#[utoipa::path(
    post,
    path = "/api/v1/application/{applicationId}/bankDetails",
    tag = "set-up",
    params(ApplicationPath),
    request_body(content = BankDetailsRequest),
    responses(
        (status = OK, description = "The application with the bank details saved (shown masked); new details clear the last check", body = ApplicationView),
        BodyCommandAnswers,
    )
)]
pub async fn save_bank_details(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
    Body(request): Body<BankDetailsRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    // Every rule, the payer's confirmation among them, before the command goes to the workflow,
    // which also reads commands recorded before the confirmation was asked for (AJ12).
    request
        .bank_details
        .parse()
        .map_err(|errors| ApiError::Rejected(domain::Rejection::invalid(errors)))?;
    case.send(&state, SaveBankDetails(request.bank_details))
        .await
}

/// Check the Direct Debit bank details
///
/// Checks the saved bank details: a modulus check that the account number can belong to the sort
/// code, then Confirmation of Payee with the account's bank. The result and the message for the
/// adviser are recorded on the application. Allowed in set-up once bank details are saved; the
/// policy cannot go in force until the check passes or a warning is overridden.
#[utoipa::path(
    post,
    path = "/api/v2/backendforfrontend/bankvalidation/{applicationId}",
    tag = "set-up",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The application with the check's result (`bankCheck`, `bankCheckMessage`, `bankCheckSeverity`): FailedModulusCheck when the account number cannot belong to the sort code; otherwise the Confirmation of Payee result, NameNotChecked when no provider is configured, ProviderUnavailable when it did not answer", body = ApplicationView),
        CommandAnswers, Invalid,
    )
)]
pub async fn validate_bank_details(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    case.send(&state, CheckBankDetails).await
}

/// Override a bank check as manually verified
///
/// Accepts details the check could only warn about (for example, the provider could not confirm the
/// name), once the adviser has confirmed them with the client. Details the check found wrong cannot
/// be overridden: correct and check them again. Allowed in set-up.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/bankValidation/{applicationId}/override",
    tag = "set-up",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The check overridden as manually verified; set-up may continue", body = ApplicationView),
        CommandAnswers,
    )
)]
pub async fn override_bank_check(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    case.send(&state, OverrideBankCheck).await
}

/// Clear the bank check
///
/// Clears the check of the saved bank details, so they must be checked again before the policy can
/// go in force. Allowed in set-up; clearing a cleared check changes nothing.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/bankValidation/{applicationId}/reset",
    tag = "set-up",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The check cleared, so the bank details can be checked again", body = ApplicationView),
        CommandAnswers,
    )
)]
pub async fn reset_bank_check(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    case.send(&state, ResetBankCheck).await
}
