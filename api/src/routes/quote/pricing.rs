//! Where the quote stands and its price (§7 "Covers"): the products an adviser may quote,
//! checking the covers, pricing them, and unlocking an applied quote for changes.

use crate::auth::AdviserCaller;
use crate::case::{ApplicationPath, CaseInPath};
use crate::error::{ApiError, Invalid, SignInProblems, Unconfirmed};
use crate::error::{CommandAnswers, ReadAnswers};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use domain::application::UnlockQuoteEdit;
use domain::{ApplicationView, FieldError};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use workflows::PriceQuote;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(products))
        .routes(routes!(validate_covers))
        .routes(routes!(quote_price))
        .routes(routes!(unlock_quote_edit))
}

/// Where the application's covers stand: whether they are complete and within limits, and each
/// problem.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoverValidation {
    /// True when every client has a cover and every cover is complete and within limits.
    pub valid: bool,
    pub is_restricted_cover: bool,
    /// Each problem, named by `applicants[i].covers[j].field`.
    pub errors: Vec<FieldError>,
}

/// Check an application's covers
///
/// Whether every client has a cover and every cover is complete and within the catalogue's limits,
/// with each problem named by its path (`applicants[0].covers[1].term`), and whether any cover is
/// offered only on restricted terms. Changes nothing.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/application/{applicationId}/validatecovers",
    tag = "covers",
    params(ApplicationPath),
    responses(
        (status = OK, description = "Whether the covers are complete and within limits, and each problem", body = CoverValidation),
        ReadAnswers,
    )
)]
pub async fn validate_covers(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<CoverValidation>, ApiError> {
    let application = case.application(&state).await?;
    let mut errors = match application.check_can_price() {
        Ok(()) => Vec::new(),
        Err(rejection) => rejection.errors,
    };
    for (i, applicant) in application.applicants.iter().enumerate() {
        for (j, cover) in applicant.covers.iter().enumerate() {
            let at = format!("applicants[{i}].covers[{j}]");
            for field in cover.missing_fields() {
                errors.push(FieldError::new(
                    format!("{at}.{field}"),
                    "Please complete this field",
                ));
            }
            for error in &cover.errors {
                let field = error.field.as_deref().unwrap_or("cover");
                errors.push(FieldError::new(
                    format!("{at}.{field}"),
                    error.message.clone(),
                ));
            }
            for error in cover.payout_planner_errors() {
                errors.push(FieldError::new(
                    format!("{at}.{}", error.field),
                    error.message,
                ));
            }
        }
    }
    Ok(Json(CoverValidation {
        valid: errors.is_empty(),
        is_restricted_cover: application.is_restricted_cover(),
        errors,
    }))
}

/// Price the quote
///
/// Prices every cover and records the quote; each client needs at least one cover. The first price
/// fixes the date on which ages are taken and a valid-until date 30 days on, and moves a new
/// application to the Quote stage. A change to the clients or covers afterwards withdraws the
/// price, so price again before applying.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/application/{applicationId}/quotePrice",
    tag = "covers",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The application priced: `quote` holds the premiums, each cover its own", body = ApplicationView),
        ReadAnswers, Invalid, Unconfirmed,
    )
)]
pub async fn quote_price(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    case.send(&state, PriceQuote).await
}

/// Unlock the quote for changes
///
/// Makes the quote editable again. An application that was applied for goes back to the Quote
/// stage, to be changed and applied for again. Refused once underwriting has started: requote from
/// the decision instead.
#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/application/unlockquoteedit/{applicationId}",
    tag = "applications",
    params(ApplicationPath),
    responses(
        (status = OK, description = "The application with quote editing unlocked", body = ApplicationView),
        CommandAnswers,
    )
)]
pub async fn unlock_quote_edit(
    State(state): State<AppState>,
    CaseInPath(case): CaseInPath,
) -> Result<Json<ApplicationView>, ApiError> {
    case.send(&state, UnlockQuoteEdit).await
}

/// What the quote builder may offer this adviser: the products their settings allow, with their
/// limits, and the riders.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductOffer {
    /// Says whose figures these are; the shipped catalogue says "SAMPLE".
    pub about: String,
    /// The pricing basis's name, shown beside every price ("Sample rates …").
    pub pricing_basis: String,
    /// Products this adviser may quote, in the order life, life essentials, critical illness,
    /// combined life and critical illness, children's critical illness, income protection, each
    /// with its label and limits.
    pub products: Vec<OfferedProduct>,
    pub riders: Vec<domain::catalogue::RiderRules>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OfferedProduct {
    /// The quote builder's name for it, for example "Life Protection".
    pub label: String,
    #[serde(flatten)]
    pub rules: domain::catalogue::ProductRules,
}

/// List the products the adviser may quote
///
/// The products the quote builder may offer the signed-in adviser (some advisers' settings hide
/// life protection or life essentials), each with its label and limits, the riders, and the pricing
/// basis the prices come from.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/products",
    tag = "covers",
    responses(
        (status = OK, description = "The products, limits and riders this adviser may quote", body = ProductOffer),
        SignInProblems,
    )
)]
pub async fn products(State(state): State<AppState>, me: AdviserCaller) -> Json<ProductOffer> {
    let catalogue = &state.product.catalogue;
    let products = catalogue
        .offered_products(&me.profile.ux_settings)
        .into_iter()
        .map(|product| OfferedProduct {
            label: product.label().to_owned(),
            rules: catalogue.product(product).clone(),
        })
        .collect();
    Json(ProductOffer {
        about: catalogue.about.clone(),
        pricing_basis: state.product.basis.label().to_owned(),
        products,
        riders: catalogue.riders.clone(),
    })
}
