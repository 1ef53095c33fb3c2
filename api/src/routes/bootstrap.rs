//! What the SPA needs before anything else: its bootstrap configuration (no sign-in) and the
//! signed-in adviser with their per-adviser settings.

use crate::auth::AdviserCaller;
use crate::config::Environment;
use crate::error::{ApiError, SignInProblems};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use domain::{Role, UxSettings};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(config))
        .routes(routes!(adviser))
}

/// What the portal needs at start-up, before anyone signs in.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BootstrapConfig {
    /// `development` or `production`.
    pub environment: String,
    /// Where the SPA is served, for example `/v2`.
    pub root_folder: String,
    pub identity: IdentitySettings,
    /// Signed-in advisers who do nothing for this long are signed out (`IDLE_TIMEOUT_SECONDS`).
    pub idle_timeout_seconds: u32,
    pub links: ExternalLinks,
    /// The adviser support line, shown to advisers, underwriters and customer care.
    pub help: HelpContacts,
    /// The help line for clients, shown on the client portal instead of the adviser support line.
    pub client_help: HelpContacts,
    pub legal: LegalText,
}

/// The OpenID Connect provider the SPA signs in with.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdentitySettings {
    pub authority: String,
    pub client_id: String,
    pub scope: String,
    pub audience: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExternalLinks {
    pub literature: String,
    // §2: the link differs between the production and staging identity tenants.
    /// The cover upgrade promise page for this environment's identity tenant (production or
    /// staging).
    pub cover_upgrade_promise: String,
    /// The insurer's LinkedIn page.
    pub linked_in: String,
    pub privacy_policy: String,
    /// The client welcome document, a PDF the portal serves to anyone (no sign-in).
    pub client_welcome: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HelpContacts {
    pub telephone: String,
    pub email: String,
}

/// The footer's legal words (§2): shown with the current year as `© {year} {copyrightHolder}`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LegalText {
    pub copyright_holder: String,
    /// Who authorises and regulates the insurer, and its registered details.
    pub regulation: String,
}

/// The identity tenant whose links this environment shows (§2): production's in production,
/// staging's everywhere else.
fn tenant(environment: Environment) -> &'static str {
    match environment {
        Environment::Production => "production",
        Environment::Development => "staging",
    }
}

/// Get the portal's start-up configuration
///
/// What the portal needs before anyone signs in: the environment, the identity provider to sign in
/// with, the idle time-out, external links, help contacts and the footer's legal words. The only
/// call that needs no access token (besides the client welcome document).
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/config",
    tag = "bootstrap",
    security(()),
    responses((status = OK, description = "The SPA's bootstrap configuration", body = BootstrapConfig))
)]
pub async fn config(State(state): State<AppState>) -> Json<BootstrapConfig> {
    let tenant = tenant(state.config.environment);
    let links = &state.settings.links;
    Json(BootstrapConfig {
        environment: state.config.environment.name().to_owned(),
        root_folder: "/v2".to_owned(),
        identity: IdentitySettings {
            authority: state.config.oidc.issuer.clone(),
            client_id: state.config.oidc.client_id.clone(),
            scope: state.config.oidc.scope.clone(),
            audience: state.config.oidc.audience.clone(),
        },
        idle_timeout_seconds: state.config.idle_timeout_seconds,
        links: ExternalLinks {
            literature: links.literature.for_tenant(tenant),
            cover_upgrade_promise: links.cover_upgrade_promise.for_tenant(tenant),
            linked_in: links.linked_in.for_tenant(tenant),
            privacy_policy: links.privacy_policy.for_tenant(tenant),
            client_welcome: super::shell::CLIENT_WELCOME_PATH.to_owned(),
        },
        help: HelpContacts {
            telephone: state.settings.help.telephone.clone(),
            email: state.settings.help.email.clone(),
        },
        client_help: HelpContacts {
            telephone: state.settings.client_help.telephone.clone(),
            email: state.settings.client_help.email.clone(),
        },
        legal: LegalText {
            copyright_holder: state.settings.legal.copyright_holder.clone(),
            regulation: state.settings.legal.regulation.clone(),
        },
    })
}

/// The signed-in adviser, with their per-adviser settings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Adviser {
    pub id: String,
    pub name: String,
    pub email: String,
    pub roles: Vec<Role>,
    #[schema(required = true)]
    pub firm_id: Option<String>,
    #[schema(required = true)]
    pub firm_name: Option<String>,
    #[schema(required = true)]
    pub adviser_at_firm_location_id: Option<String>,
    #[schema(required = true)]
    pub firm_location_name: Option<String>,
    pub ux_settings: UxSettings,
    /// Advisers this user may act for through `adviserId`.
    pub acts_for: Vec<AdviserRef>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdviserRef {
    pub id: String,
    pub name: String,
}

/// Get the signed-in adviser
///
/// The signed-in adviser: their roles, firm and firm location, the per-adviser settings that shape
/// the portal (`uxSettings`), and the advisers they may act for through `adviserId`.
#[utoipa::path(
    get,
    path = "/api/v1/backendforfrontend/adviser",
    tag = "bootstrap",
    responses(
        (status = OK, description = "The signed-in adviser and their settings", body = Adviser),
        SignInProblems,
    )
)]
pub async fn adviser(
    State(state): State<AppState>,
    me: AdviserCaller,
) -> Result<Json<Adviser>, ApiError> {
    let profile = me.profile;
    let acts_for = state
        .store
        .adviser_names(&profile.acts_for)
        .await?
        .into_iter()
        .map(|(id, name)| AdviserRef {
            id: id.to_string(),
            name,
        })
        .collect();
    Ok(Json(Adviser {
        id: profile.id.to_string(),
        name: profile.name,
        email: profile.email,
        roles: me.caller.roles.iter().collect(),
        firm_id: profile.firm_id,
        firm_name: profile.firm_name,
        adviser_at_firm_location_id: profile.firm_location_id,
        firm_location_name: profile.firm_location_name,
        ux_settings: profile.ux_settings,
        acts_for,
    }))
}
