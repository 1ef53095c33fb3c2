//! The application's own questions on the contact-details page (§2, §6, §7): the adviser's
//! reference, the commission adjustment, the quote's valid-until date, the mortgage and
//! advised-sale questions and the policy start date. Rules that depend on the adviser's flags
//! (§6) use those of the adviser who owns the case, whoever acts for them.

use crate::auth::AdviserCaller;
use crate::body::Body;
use crate::case::Case;
use crate::error::{ApiError, Unreadable};
use crate::error::{BodyCommandAnswers, CommandAnswers};
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

/// The adviser's own reference for an application.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ThirdPartyRefRequest {
    /// The application reference.
    pub id: ApplicationId,
    /// The adviser's own reference; null or blank clears it. At most 50 characters.
    #[serde(default)]
    pub third_party_ref: Option<String>,
}

/// Set the adviser's own reference
///
/// Sets the adviser's own reference for the application, at any stage: trimmed, at most 50
/// characters, no control characters; null or blank clears it. Refused for an adviser whose
/// reference is hidden or read-only in their settings (`hideYourRef`, `isYourRefReadOnly`).
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/thirdPartyRef",
    tag = "apply",
    request_body(content = ThirdPartyRefRequest),
    responses(
        (status = OK, description = "The application with the reference changed", body = ApplicationView),
        BodyCommandAnswers,
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

// docs/decisions.md J14: the defaults of a percentage left out.
/// The commission adjustment for an application. A percentage left out takes its default: no
/// sacrifice; for indemnity, the adviser's fixed percentage when they have one, otherwise 100 when
/// indemnity commission is allowed and 0 when it is not.
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

/// Adjust the commission
///
/// Sets the share of initial commission sacrificed and the share taken up front (indemnity: 100 is
/// indemnity, 0 non-indemnity, between is hybrid), each 0 to 100 with at most two decimals, until
/// the application is applied for. What the adviser may choose follows their settings: no indemnity
/// when it is not allowed, only the fixed percentage when one is set, and hybrid only when
/// configured. A percentage left out takes its default, and the price is withdrawn until the quote
/// is priced again.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/commission",
    tag = "apply",
    request_body(content = CommissionRequest),
    responses(
        (status = OK, description = "The application with the commission changed and the price withdrawn until it is priced again", body = ApplicationView),
        BodyCommandAnswers,
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

/// A new valid-until date for an application's quote.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QuoteDateRequest {
    pub application_id: ApplicationId,
    /// The quote's new last valid day, `yyyy-MM-dd`.
    #[schema(value_type = String, format = Date)]
    pub quote_valid_until_date: NaiveDate,
}

/// Change the quote's valid-until date
///
/// Moves the last day the quote is valid, once it is priced and until the application is applied
/// for. The date must be from today up to 30 days after the quote was created, or up to 90 days for
/// an adviser allowed to override the quote date; otherwise 'This date is invalid'.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/quoteDate",
    tag = "apply",
    request_body(content = QuoteDateRequest),
    responses(
        (status = OK, description = "The application with the new valid-until date; the expiry timer follows it", body = ApplicationView),
        BodyCommandAnswers,
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

/// Whether the cover is for a mortgage.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MortgageRequest {
    pub id: ApplicationId,
    pub is_mortgage_related: bool,
}

/// Say whether the cover is for a mortgage
///
/// Records the answer to the mortgage question, which must be answered before applying. Allowed
/// until the application is applied for.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/isMortgageRelated",
    tag = "apply",
    request_body(content = MortgageRequest),
    responses(
        (status = OK, description = "The application with the answer recorded", body = ApplicationView),
        CommandAnswers, Unreadable,
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

/// Whether the sale is advised.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AdvisedSaleRequest {
    pub id: ApplicationId,
    pub is_advised_sale: bool,
}

/// Say whether the sale is advised
///
/// Records whether this is an advised sale, which must be answered before applying. Allowed until
/// the application is applied for; an adviser whose sales are always advised (`isAlwaysAdvised`)
/// cannot answer no.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/isAdvisedSale",
    tag = "apply",
    request_body(content = AdvisedSaleRequest),
    responses(
        (status = OK, description = "The application with the answer recorded", body = ApplicationView),
        BodyCommandAnswers,
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

/// When the policy starts: now, on a future date, or not yet known.
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

/// Choose when the policy starts
///
/// Records the start date option, at any stage until the policy is in force: `now` (today),
/// `future` with a `policyStartDate` from today to three months ahead, or `dontKnow` with no date,
/// to be chosen before the policy can go in force. A date is given only with `future`.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/policyStartDate",
    tag = "apply",
    request_body(content = PolicyStartRequest),
    responses(
        (status = OK, description = "The application with the start date recorded", body = ApplicationView),
        BodyCommandAnswers,
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
