//! Customer care (§6 `cca`, `ccaadmin`, matched in any case): [`CareCaller`] holds either role
//! (finding and reading any firm's cases); [`CareAdminCaller`] holds `ccaadmin` (managing
//! advisers and firm locations, and listing health-answer reads). Who may do what is
//! `domain::care::CareRole`'s (decision CC1).

use super::Caller;
use crate::error::ApiError;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use domain::care::CareRole;
use store::Actor;

pub const CUSTOMER_CARE_ONLY: &str =
    "Only customer care (the cca or ccaadmin role) can use customer care's calls.";
pub const CARE_ADMINS_ONLY: &str =
    "Only a customer care administrator (the ccaadmin role) can manage advisers and firms.";

/// A caller with a customer-care role.
#[derive(Debug, Clone)]
pub struct CareCaller {
    pub caller: Caller,
    pub role: CareRole,
}

impl CareCaller {
    /// Who they are, as a change or a read records them ([`Caller::display_name`]).
    pub fn actor(&self) -> Actor {
        self.caller.actor()
    }
}

impl FromRequestParts<AppState> for CareCaller {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let caller = Caller::from_request_parts(parts, state).await?;
        let role = CareRole::of(&caller.roles)
            .ok_or_else(|| ApiError::Forbidden(CUSTOMER_CARE_ONLY.into()))?;
        Ok(CareCaller { caller, role })
    }
}

/// A caller with the `ccaadmin` role.
#[derive(Debug, Clone)]
pub struct CareAdminCaller(pub CareCaller);

impl FromRequestParts<AppState> for CareAdminCaller {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let care = CareCaller::from_request_parts(parts, state).await?;
        if !care.role.manages_advisers() {
            return Err(ApiError::Forbidden(CARE_ADMINS_ONLY.into()));
        }
        Ok(CareAdminCaller(care))
    }
}
