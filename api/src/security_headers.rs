//! The security headers on every response (issue 34; docs/decisions.md SEC1–SEC4).
//!
//! One layer decides them all, by where the response comes from: the SPA under `/v2`, Swagger
//! UI under `/api/docs`, the development identity provider's pages under `/dev-idp`, and
//! everything else (the JSON API), which may load nothing at all. No policy allows
//! `unsafe-inline`: the SPA's own index page carries a fresh nonce for the styles antd writes
//! at run time ([`spa_index_policy`]), the identity provider's one inline style sheet is allowed
//! by its hash, and so are the few fixed style sheets Swagger UI's scripts write (its logo's).

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use rand::RngCore;
use sha2::{Digest, Sha256};
use std::sync::Arc;

/// HSTS for a year, subdomains included, sent only on responses that went out over TLS.
const HSTS: &str = "max-age=31536000; includeSubDomains";

/// The policy of a PDF response (see [`layer`]).
const PDF_POLICY: &str = "frame-ancestors 'none'";

/// The browser features the portal never uses, switched off for it and anything it embeds.
const PERMISSIONS_POLICY: &str = "accelerometer=(), camera=(), geolocation=(), gyroscope=(), \
    magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()";

/// The policies, built once from the configuration.
#[derive(Debug, Clone)]
pub struct SecurityHeaders {
    /// Where the SPA may connect besides itself: the identity provider's origin, for discovery
    /// and the token endpoint (SEC2).
    identity_origin: Option<String>,
    /// The hash of the development identity provider's inline style sheet, in a build that has
    /// one (`dev-idp` feature).
    dev_idp_style: Option<String>,
    /// The hashes of the fixed `<style>` elements Swagger UI's scripts write.
    swagger_styles: Vec<String>,
}

impl SecurityHeaders {
    pub fn new(identity_issuer: &str) -> Arc<Self> {
        let identity_origin = url::Url::parse(identity_issuer)
            .ok()
            .map(|url| url.origin().ascii_serialization())
            .filter(|origin| origin != "null");
        Arc::new(Self {
            identity_origin,
            #[cfg(feature = "dev-idp")]
            dev_idp_style: Some(sha256_source(dev_idp::page::STYLE)),
            #[cfg(not(feature = "dev-idp"))]
            dev_idp_style: None,
            swagger_styles: swagger_style_hashes().clone(),
        })
    }

    /// The SPA's policy. `nonce` is the index page's, for the style elements antd inserts; the
    /// other files (scripts, style sheets, images) need none.
    pub fn spa_policy(&self, nonce: Option<&str>) -> String {
        let connect = match &self.identity_origin {
            Some(origin) => format!("'self' {origin}"),
            None => "'self'".to_owned(),
        };
        let style = match nonce {
            Some(nonce) => format!("'self' 'nonce-{nonce}'"),
            None => "'self'".to_owned(),
        };
        format!(
            "default-src 'self'; script-src 'self'; style-src {style}; img-src 'self' data:; \
             font-src 'self'; connect-src {connect}; object-src 'none'; base-uri 'self'; \
             form-action 'self'; frame-ancestors 'none'"
        )
    }

    /// Swagger UI: its own scripts and style sheets, its data-URI icons, and calls to the API.
    fn swagger_policy(&self) -> String {
        format!(
            "default-src 'none'; script-src 'self' 'report-sample'; \
             style-src 'self' 'report-sample' {}; img-src 'self' data:; font-src 'self'; \
             connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; \
             frame-ancestors 'none'",
            self.swagger_styles.join(" ")
        )
    }

    /// The development identity provider's pages: one hashed inline style sheet and a form
    /// that posts back to itself.
    fn dev_idp_policy(&self) -> String {
        match &self.dev_idp_style {
            Some(style) => format!(
                "default-src 'none'; style-src '{style}'; form-action 'self'; base-uri 'none'; \
                 frame-ancestors 'none'"
            ),
            None => self.api_policy(),
        }
    }

    /// Everything else is data, never a document: it may load nothing.
    fn api_policy(&self) -> String {
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'".to_owned()
    }

    fn policy_for(&self, path: &str) -> String {
        if path == "/v2" || path.starts_with("/v2/") {
            self.spa_policy(None)
        } else if path.starts_with("/api/docs") {
            self.swagger_policy()
        } else if path.starts_with("/dev-idp") {
            self.dev_idp_policy()
        } else {
            self.api_policy()
        }
    }
}

/// The hashes of [`swagger_inline_styles`], found once per process: reading the bundle takes a
/// moment, and tests build many apps.
fn swagger_style_hashes() -> &'static Vec<String> {
    static HASHES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    HASHES.get_or_init(|| {
        swagger_inline_styles()
            .iter()
            .map(|style| format!("'{}'", sha256_source(style)))
            .collect()
    })
}

/// The text of each `<style>` element Swagger UI's scripts create with a fixed string
/// (`createElement("style",null,"…")`: the logo's colours), read from the vendored files the
/// portal serves, so an upgrade of Swagger UI brings its own hashes.
fn swagger_inline_styles() -> Vec<String> {
    const CALL: &str = r#"createElement("style",null,""#;
    let config = Arc::new(utoipa_swagger_ui::Config::from("/api/openapi.json"));
    let mut styles = Vec::new();
    for file in ["swagger-ui-bundle.js", "swagger-ui-standalone-preset.js"] {
        let Ok(Some(served)) = utoipa_swagger_ui::serve(file, config.clone()) else {
            continue;
        };
        let text = String::from_utf8_lossy(&served.bytes);
        for (at, _) in text.match_indices(CALL) {
            let rest = &text[at + CALL.len()..];
            // A literal with an escape would hash differently from the text the browser sees.
            if let Some(end) = rest.find('"')
                && !rest[..end].contains('\\')
            {
                styles.push(rest[..end].to_owned());
            }
        }
    }
    styles
}

/// A fresh nonce for one response: 128 random bits.
pub fn new_nonce() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    STANDARD.encode(bytes)
}

/// `'sha256-…'` source for an inline script or style sheet's exact text.
fn sha256_source(text: &str) -> String {
    format!(
        "sha256-{}",
        STANDARD.encode(Sha256::digest(text.as_bytes()))
    )
}

/// Whether the request reached us over TLS: directly, or through a proxy that ended TLS and
/// said so. A forged header on plain HTTP does no harm: browsers ignore HSTS there (RFC 6797
/// §8.1).
fn over_tls(request: &Request) -> bool {
    let headers: &HeaderMap = request.headers();
    let forwarded_proto = headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').next().unwrap_or("").trim() == "https");
    let forwarded = headers
        .get(header::FORWARDED)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split([';', ','])
                .any(|part| part.trim().eq_ignore_ascii_case("proto=https"))
        });
    request.uri().scheme_str() == Some("https") || forwarded_proto || forwarded
}

/// The layer: adds each header the handler did not set itself.
pub async fn layer(
    State(policies): State<Arc<SecurityHeaders>>,
    request: Request,
    next: Next,
) -> Response {
    let policy = policies.policy_for(request.uri().path());
    let tls = over_tls(&request);
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    // A PDF opened in the browser is drawn by the browser's own viewer, which a `default-src
    // 'none'` document policy can stop; it runs none of our code, so it is only kept out of
    // frames (SEC1).
    let pdf = headers
        .get(header::CONTENT_TYPE)
        .is_some_and(|value| value.as_bytes().starts_with(b"application/pdf"));
    let policy = if pdf { PDF_POLICY.to_owned() } else { policy };
    let mut set = |name: HeaderName, value: &str| {
        if !headers.contains_key(&name)
            && let Ok(value) = HeaderValue::from_str(value)
        {
            headers.insert(name, value);
        }
    };
    set(header::CONTENT_SECURITY_POLICY, &policy);
    set(header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(header::X_FRAME_OPTIONS, "DENY");
    set(header::REFERRER_POLICY, "same-origin");
    set(
        HeaderName::from_static("permissions-policy"),
        PERMISSIONS_POLICY,
    );
    if tls {
        set(header::STRICT_TRANSPORT_SECURITY, HSTS);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_policy_allows_inline_code_or_framing() {
        let headers = SecurityHeaders::new("https://login.example.com/tenant/v2.0");
        for path in [
            "/v2/",
            "/v2/dashboard",
            "/api/docs/",
            "/dev-idp/authorize",
            "/api/v1/x",
        ] {
            let policy = headers.policy_for(path);
            assert!(!policy.contains("unsafe-inline"), "{path}: {policy}");
            assert!(!policy.contains("unsafe-eval"), "{path}: {policy}");
            assert!(
                policy.contains("frame-ancestors 'none'"),
                "{path}: {policy}"
            );
        }
    }

    #[test]
    fn the_spa_may_reach_the_identity_provider_and_nowhere_else() {
        let headers = SecurityHeaders::new("https://login.example.com/tenant/v2.0");
        let policy = headers.spa_policy(Some("abc"));
        assert!(policy.contains("connect-src 'self' https://login.example.com;"));
        assert!(policy.contains("style-src 'self' 'nonce-abc';"));
        assert!(headers.spa_policy(None).contains("style-src 'self';"));
    }

    #[cfg(feature = "dev-idp")]
    #[test]
    fn the_dev_idp_style_is_allowed_by_its_hash() {
        let headers = SecurityHeaders::new("http://127.0.0.1:8080/dev-idp");
        let expected = sha256_source(dev_idp::page::STYLE);
        assert!(headers.policy_for("/dev-idp/authorize").contains(&expected));
        // A same-origin identity provider adds nothing the SPA's 'self' does not cover.
        assert!(
            headers
                .spa_policy(None)
                .contains("connect-src 'self' http://127.0.0.1:8080;")
        );
    }

    #[test]
    fn swagger_uis_logo_style_is_allowed_by_its_hash() {
        let styles = swagger_inline_styles();
        assert!(
            styles.iter().any(|style| style.contains("logo_small_svg")),
            "{styles:?}"
        );
        let policy = SecurityHeaders::new("https://login.example.com").policy_for("/api/docs/");
        for style in &styles {
            assert!(policy.contains(&sha256_source(style)), "{policy}");
        }
    }

    #[test]
    fn nonces_differ() {
        assert_ne!(new_nonce(), new_nonce());
        assert_eq!(STANDARD.decode(new_nonce()).unwrap().len(), 16);
    }
}
