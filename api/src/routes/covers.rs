//! Covers and prices (§7 "Covers"): `MutateCovers` add, edit and remove, the payout-planner
//! switch, the applicant's covers, cover validation and the quote price. Every change is an
//! Update on the application's workflow; reads come from the store.

use super::applications::{stored_application, visible_applicant, visible_application};
use super::body::{applicant_id, application_ref, field_error};
use crate::auth::AdviserCaller;
use crate::error::{ApiError, Problem};
use crate::extract::JsonObject;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use chrono::Utc;
use domain::application::{AddCover, CoverInput, EditCover, RemoveCover, SetPayoutPlannerUsed};
use domain::cover::{Cover, empty_strings_to_null};
use domain::dates::uk_date;
use domain::{ApplicantId, ApplicationId, ApplicationView, FieldError};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;
use workflows::{ApplicationWorkflow, Command};

/// The body of `MutateCovers/add` and `/edit`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // Documents the body; the handlers read it field by field for precise errors.
pub struct MutateCoverRequest {
    application_id: i64,
    applicant_id: String,
    /// The cover; on edit and remove it carries the cover's `id`. Empty strings count as null.
    cover: CoverBody,
}

/// A cover as the quote builder sends it: the adviser's fields, and `id` when it exists.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct CoverBody {
    id: Option<String>,
    #[serde(flatten)]
    fields: CoverInput,
}

/// The body of `isPayoutPlannerUsed`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayoutPlannerRequest {
    applicant_id: String,
    cover_id: String,
    is_payout_planner_used: bool,
}

/// Where the application's covers stand (§7 `validatecovers`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoverValidation {
    /// True when every client has a cover and every cover is complete and within limits.
    pub valid: bool,
    pub is_restricted_cover: bool,
    /// Each problem, named by `applicants[i].covers[j].field`.
    pub errors: Vec<FieldError>,
}

/// Reads the cover, with blank strings as null (§7), naming the first field that is of the
/// wrong type or not a permitted value.
fn cover_input(body: &Map<String, Value>) -> Result<(Option<String>, CoverInput), ApiError> {
    let mut cover = match body.get("cover") {
        Some(Value::Object(cover)) => Value::Object(cover.clone()),
        _ => return Err(field_error("cover", "cover must be an object")),
    };
    empty_strings_to_null(&mut cover);
    let Value::Object(fields) = &cover else {
        return Err(field_error("cover", "cover must be an object"));
    };
    let id = match fields.get("id") {
        None | Some(Value::Null) => None,
        Some(Value::String(id)) => Some(id.clone()),
        Some(_) => return Err(field_error("cover.id", "id must be text")),
    };
    match serde_json::from_value::<CoverInput>(cover.clone()) {
        Ok(input) => Ok((id, input)),
        Err(whole) => {
            // Find the field at fault by reading each one beside a valid product type.
            for (key, value) in fields {
                let mut probe = Map::new();
                probe.insert("productType".into(), Value::String("life".into()));
                probe.insert(key.clone(), value.clone());
                if let Err(error) = serde_json::from_value::<CoverInput>(Value::Object(probe)) {
                    return Err(field_error(&format!("cover.{key}"), readable(&error)));
                }
            }
            Err(field_error("cover.productType", readable(&whole)))
        }
    }
}

/// serde's message without its line and column, which mean nothing to the caller.
fn readable(error: &serde_json::Error) -> String {
    let message = error.to_string();
    match message.find(" at line ") {
        Some(at) => message[..at].to_owned(),
        None => message,
    }
}

async fn target(
    state: &AppState,
    me: &AdviserCaller,
    body: &Map<String, Value>,
) -> Result<(ApplicationId, ApplicantId), ApiError> {
    let id = visible_application(state, me, &application_ref(body, "applicationId")?).await?;
    Ok((id, applicant_id(body)?))
}

fn view(application: &domain::Application) -> ApplicationView {
    application.view(uk_date(Utc::now()))
}

#[utoipa::path(
    post,
    path = "/api/v1/actions/MutateCovers/add",
    tag = "covers",
    request_body(content = MutateCoverRequest, description = "The client and the new cover"),
    responses(
        (status = OK, description = "The application with the cover added; limits it breaks are in the cover's errors", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type; errors name it", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "No valid access token", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application, or Applicant not found", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The quote can no longer be edited", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A rule is broken; errors name each field", body = Problem, content_type = "application/problem+json"),
        (status = SERVICE_UNAVAILABLE, description = "The change could not be confirmed in time", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn add_cover(
    State(state): State<AppState>,
    me: AdviserCaller,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let (id, applicant_id) = target(&state, &me, &body).await?;
    let (_, cover) = cover_input(&body)?;
    let cover_id = uuid::Uuid::new_v4().simple().to_string();
    let command = Command::new(
        Utc::now(),
        AddCover {
            applicant_id,
            cover_id,
            cover,
        },
    );
    let application = state
        .journeys
        .update(id, ApplicationWorkflow::add_cover, command)
        .await?;
    Ok(Json(view(&application)))
}

#[utoipa::path(
    patch,
    path = "/api/v1/actions/MutateCovers/edit",
    tag = "covers",
    request_body(content = MutateCoverRequest, description = "The client and the cover, with its id"),
    responses(
        (status = OK, description = "The application with the cover changed", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type; errors name it", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "No valid access token", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application, Applicant not found or Cover not found", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The quote can no longer be edited", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "A rule is broken; errors name each field", body = Problem, content_type = "application/problem+json"),
        (status = SERVICE_UNAVAILABLE, description = "The change could not be confirmed in time", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn edit_cover(
    State(state): State<AppState>,
    me: AdviserCaller,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let (id, applicant_id) = target(&state, &me, &body).await?;
    let (cover_id, cover) = cover_input(&body)?;
    let cover_id = cover_id.ok_or_else(|| field_error("cover.id", "id is required"))?;
    let command = Command::new(
        Utc::now(),
        EditCover {
            applicant_id,
            cover_id,
            cover,
        },
    );
    let application = state
        .journeys
        .update(id, ApplicationWorkflow::edit_cover, command)
        .await?;
    Ok(Json(view(&application)))
}

#[utoipa::path(
    patch,
    path = "/api/v1/actions/upsellcover",
    tag = "covers",
    request_body(content = MutateCoverRequest, description = "The client and the cover with its id and the higher amount"),
    responses(
        (status = OK, description = "The application with the cover increased; the price is withdrawn until priced again", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type; errors name it", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "No valid access token", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application, Applicant not found or Cover not found", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "Not at the quote or decision stage", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "Not an increase, or something other than the amount changed", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn upsell_cover(
    State(state): State<AppState>,
    me: AdviserCaller,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let (id, applicant_id) = target(&state, &me, &body).await?;
    let (cover_id, cover) = cover_input(&body)?;
    let cover_id = cover_id.ok_or_else(|| field_error("cover.id", "id is required"))?;
    let command = Command::new(
        Utc::now(),
        EditCover {
            applicant_id,
            cover_id,
            cover,
        },
    );
    let application = state
        .journeys
        .update(id, ApplicationWorkflow::upsell_cover, command)
        .await?;
    Ok(Json(view(&application)))
}

#[utoipa::path(
    delete,
    path = "/api/v1/actions/MutateCovers/remove",
    tag = "covers",
    request_body(content = MutateCoverRequest, description = "The client and the cover's id"),
    responses(
        (status = OK, description = "The application without the cover (§4: children's cover rules applied)", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type; errors name it", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "No valid access token", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application, Applicant not found or Cover not found", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The quote can no longer be edited", body = Problem, content_type = "application/problem+json"),
        (status = SERVICE_UNAVAILABLE, description = "The change could not be confirmed in time", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn remove_cover(
    State(state): State<AppState>,
    me: AdviserCaller,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let (id, applicant_id) = target(&state, &me, &body).await?;
    let cover_id = match body.get("cover").and_then(|c| c.get("id")) {
        Some(Value::String(id)) if !id.trim().is_empty() => id.trim().to_owned(),
        _ => return Err(field_error("cover.id", "id is required")),
    };
    let command = Command::new(
        Utc::now(),
        RemoveCover {
            applicant_id,
            cover_id,
        },
    );
    let application = state
        .journeys
        .update(id, ApplicationWorkflow::remove_cover, command)
        .await?;
    Ok(Json(view(&application)))
}

#[utoipa::path(
    post,
    path = "/api/v1/backendforfrontend/cover/isPayoutPlannerUsed",
    tag = "covers",
    request_body(content = PayoutPlannerRequest),
    responses(
        (status = OK, description = "The application with the switch set", body = ApplicationView),
        (status = BAD_REQUEST, description = "A field of the wrong type; errors name it", body = Problem, content_type = "application/problem+json"),
        (status = UNAUTHORIZED, description = "No valid access token", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "Applicant not found or Cover not found", body = Problem, content_type = "application/problem+json"),
        (status = CONFLICT, description = "The quote can no longer be edited", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn set_payout_planner_used(
    State(state): State<AppState>,
    me: AdviserCaller,
    JsonObject(body): JsonObject,
) -> Result<Json<ApplicationView>, ApiError> {
    let request: PayoutPlannerRequest = serde_json::from_value(Value::Object(body))
        .map_err(|e| field_error("body", readable(&e)))?;
    let applicant_id = ApplicantId::parse(&request.applicant_id)
        .ok_or_else(|| ApiError::not_found("Applicant"))?;
    let id = visible_applicant(&state, &me, &applicant_id).await?;
    let command = Command::new(
        Utc::now(),
        SetPayoutPlannerUsed {
            applicant_id,
            cover_id: request.cover_id,
            is_payout_planner_used: request.is_payout_planner_used,
        },
    );
    let application = state
        .journeys
        .update(id, ApplicationWorkflow::set_payout_planner_used, command)
        .await?;
    Ok(Json(view(&application)))
}

#[utoipa::path(
    get,
    path = "/api/v1/applicant/{applicantId}/covers",
    tag = "covers",
    params(("applicantId" = String, Path, description = "The applicant's id")),
    responses(
        (status = OK, description = "The client's covers, in §9 order", body = Vec<Cover>),
        (status = UNAUTHORIZED, description = "No valid access token", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "Applicant not found", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn applicant_covers(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(applicant_id): Path<String>,
) -> Result<Json<Vec<Cover>>, ApiError> {
    let not_found = || ApiError::not_found("Applicant");
    let applicant_id = ApplicantId::parse(&applicant_id).ok_or_else(not_found)?;
    let id = visible_applicant(&state, &me, &applicant_id).await?;
    let application = state
        .store
        .find_application(id)
        .await?
        .ok_or_else(not_found)?;
    let applicant = application.applicant(&applicant_id).ok_or_else(not_found)?;
    Ok(Json(applicant.covers.clone()))
}

#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/application/{applicationId}/validatecovers",
    tag = "covers",
    params(("applicationId" = i64, Path, description = "The application reference")),
    responses(
        (status = OK, description = "Whether the covers are complete and within limits, and each problem", body = CoverValidation),
        (status = UNAUTHORIZED, description = "No valid access token", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application, or not one the caller may see", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn validate_covers(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(application_id): Path<String>,
) -> Result<Json<CoverValidation>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let application = stored_application(&state, id).await?;
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

#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/application/{applicationId}/quotePrice",
    tag = "covers",
    params(("applicationId" = i64, Path, description = "The application reference")),
    responses(
        (status = OK, description = "The application priced: `quote` holds the premiums, each cover its own", body = ApplicationView),
        (status = UNAUTHORIZED, description = "No valid access token", body = Problem, content_type = "application/problem+json"),
        (status = NOT_FOUND, description = "No such application, or not one the caller may see", body = Problem, content_type = "application/problem+json"),
        (status = UNPROCESSABLE_ENTITY, description = "Not ready to price: errors name each client or cover field", body = Problem, content_type = "application/problem+json"),
        (status = SERVICE_UNAVAILABLE, description = "The price could not be confirmed in time", body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn quote_price(
    State(state): State<AppState>,
    me: AdviserCaller,
    Path(application_id): Path<String>,
) -> Result<Json<ApplicationView>, ApiError> {
    let id = visible_application(&state, &me, &application_id).await?;
    let application = state
        .journeys
        .update(
            id,
            ApplicationWorkflow::price_quote,
            Command::new(Utc::now(), ()),
        )
        .await?;
    Ok(Json(view(&application)))
}

/// What the quote builder may offer this adviser (§2 "Quote builder", §6 flags).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductOffer {
    /// Says whose figures these are; the shipped catalogue says "SAMPLE".
    pub about: String,
    /// The pricing basis's name, shown beside every price ("Sample rates …").
    pub pricing_basis: String,
    /// Products this adviser may quote, in §9 order, each with its label and limits.
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

#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/products",
    tag = "covers",
    responses(
        (status = OK, description = "The products, limits and riders this adviser may quote", body = ProductOffer),
        (status = UNAUTHORIZED, description = "No valid access token", body = Problem, content_type = "application/problem+json"),
        (status = FORBIDDEN, description = "Signed in, but not set up as an adviser", body = Problem, content_type = "application/problem+json"),
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
