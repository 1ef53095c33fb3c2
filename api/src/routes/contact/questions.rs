//! The application's own questions on the contact-details page (§2, §6, §7): the adviser's
//! reference, the commission adjustment, the quote's valid-until date, the mortgage and
//! advised-sale questions and the policy start date. Rules that depend on the adviser's flags
//! (§6) use those of the adviser who owns the case, whoever acts for them.

use crate::auth::AdviserCaller;
use crate::body::Body;
use crate::case::Case;
use crate::error::{ApiError, Problem, SignInProblems, Unconfirmed, Unreadable};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use chrono::NaiveDate;
use domain::application::{
    SetAdvisedSale, SetCommission, SetMortgageRelated, SetPolicyStartDate, SetQuoteDate,
    SetThirdPartyRef,
};
use domain::commission::{CommissionInput, CommissionRules};
use domain::product_codes::StartDateOption;
use domain::{ApplicationId, ApplicationView};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(set_third_party_ref))
        .routes(routes!(set_commission))
        .routes(routes!(set_quote_date))
        .routes(routes!(set_mortgage_related))
        .routes(routes!(set_advised_sale))
        .routes(routes!(set_policy_start_date))
}

/// The body of `thirdPartyRef` (§7).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ThirdPartyRefRequest {
    /// The application reference.
    pub id: ApplicationId,
    /// The adviser's own reference; null or blank clears it. At most 50 characters.
    #[serde(default)]
    pub third_party_ref: Option<String>,
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/thirdPartyRef",
    tag = "contact details",
    request_body(content = ThirdPartyRefRequest),
    responses(
        (status = OK, description = "The application with the reference changed", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The adviser's reference is hidden or read-only (§6 hideYourRef, isYourRefReadOnly)", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "Too long, or control characters", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn set_third_party_ref(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<ThirdPartyRefRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let case = Case::find(&state, &me, request.id).await?;
    let settings = &case.owner_settings;
    let command = SetThirdPartyRef {
        third_party_ref: request.third_party_ref,
        editable: !settings.hide_your_ref && !settings.is_your_ref_read_only,
    };
    case.send(&state, command).await
}

/// The body of `commission` (§7); a percentage left out takes its default (J14).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CommissionRequest {
    pub id: ApplicationId,
    /// 0 to 100, at most two decimals.
    #[serde(default)]
    pub initial_commission_sacrifice_percentage: Option<f64>,
    /// 0 (non-indemnity), 100 (indemnity), or between (hybrid, when the adviser may).
    #[serde(default)]
    pub initial_indemnity_percentage: Option<f64>,
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/commission",
    tag = "contact details",
    request_body(content = CommissionRequest),
    responses(
        (status = OK, description = "The application with the commission changed and the price withdrawn until it is priced again", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Already applied for", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A percentage out of range, or a style the adviser's flags do not allow (§6)", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn set_commission(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<CommissionRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let case = Case::find(&state, &me, request.id).await?;
    let command = SetCommission {
        commission: CommissionInput {
            initial_commission_sacrifice_percentage: request
                .initial_commission_sacrifice_percentage,
            initial_indemnity_percentage: request.initial_indemnity_percentage,
        },
        rules: CommissionRules::from_settings(&case.owner_settings),
    };
    case.send(&state, command).await
}

/// The body of `quoteDate` (§7).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QuoteDateRequest {
    pub application_id: ApplicationId,
    /// The quote's new last valid day, `yyyy-MM-dd`.
    #[schema(value_type = String, format = Date)]
    pub quote_valid_until_date: NaiveDate,
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/quoteDate",
    tag = "contact details",
    request_body(content = QuoteDateRequest),
    responses(
        (status = OK, description = "The application with the new valid-until date; the expiry timer follows it", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Not priced yet, or already applied for", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "'This date is invalid': before today, or past 30 days from the quote (90 with overrideQuoteDate)", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn set_quote_date(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<QuoteDateRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let case = Case::find(&state, &me, request.application_id).await?;
    let command = SetQuoteDate {
        quote_valid_until_date: request.quote_valid_until_date,
        may_override: case.owner_settings.override_quote_date,
    };
    case.send(&state, command).await
}

/// The body of `isMortgageRelated` (§7).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MortgageRequest {
    pub id: ApplicationId,
    pub is_mortgage_related: bool,
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/isMortgageRelated",
    tag = "contact details",
    request_body(content = MortgageRequest),
    responses(
        (status = OK, description = "The application with the answer recorded", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Already applied for", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn set_mortgage_related(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<MortgageRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let case = Case::find(&state, &me, request.id).await?;
    let command = SetMortgageRelated {
        is_mortgage_related: request.is_mortgage_related,
    };
    case.send(&state, command).await
}

/// The body of `isAdvisedSale` (§7).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AdvisedSaleRequest {
    pub id: ApplicationId,
    pub is_advised_sale: bool,
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/isAdvisedSale",
    tag = "contact details",
    request_body(content = AdvisedSaleRequest),
    responses(
        (status = OK, description = "The application with the answer recorded", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Already applied for", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A non-advised sale by an adviser whose sales are always advised (§6 isAlwaysAdvised)", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn set_advised_sale(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<AdvisedSaleRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let case = Case::find(&state, &me, request.id).await?;
    let command = SetAdvisedSale {
        is_advised_sale: request.is_advised_sale,
        always_advised: case.owner_settings.is_always_advised,
    };
    case.send(&state, command).await
}

/// The body of `policyStartDate` (§7): now, a future date, or not yet known (§3, §9).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PolicyStartRequest {
    pub id: ApplicationId,
    /// Given only with the `future` option.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub policy_start_date: Option<NaiveDate>,
    pub policy_start_date_option: StartDateOption,
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/policyStartDate",
    tag = "contact details",
    request_body(content = PolicyStartRequest),
    responses(
        (status = OK, description = "The application with the start date recorded", body = ApplicationView),
        (status = NOT_FOUND, description = "No such application", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The policy is already in force", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A future date outside today to three months ahead, or a date with another option", body = Problem, content_type = "application/problem+json"),
        Unreadable,
        SignInProblems,
        Unconfirmed,
    )
)]
pub async fn set_policy_start_date(
    State(state): State<AppState>,
    me: AdviserCaller,
    Body(request): Body<PolicyStartRequest>,
) -> Result<Json<ApplicationView>, ApiError> {
    let case = Case::find(&state, &me, request.id).await?;
    let command = SetPolicyStartDate {
        policy_start_date: request.policy_start_date,
        policy_start_date_option: request.policy_start_date_option,
    };
    case.send(&state, command).await
}
