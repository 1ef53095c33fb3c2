//! Serves the built React app under `/v2`, falling back to `index.html` for client-side routes.
//! Hashed assets are cached for a year; `index.html` is always revalidated so a release shows
//! at once. Text assets are sent as the brotli or gzip copies the build wrote beside them
//! (`web/scripts/compress-dist.mjs`), whichever the browser accepts: compressed once at build
//! time at the highest level, rather than on every response. `index.html` alone is written per
//! response: it carries that response's style nonce (docs/decisions.md SEC1), so it goes out
//! uncompressed (about a kilobyte).

use crate::security_headers::{SecurityHeaders, new_nonce};
use axum::Router;
use axum::extract::Request;
use axum::handler::HandlerWithoutStateExt;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tower_http::services::ServeDir;

/// Where the SPA reads the nonce its style elements must carry (`web/src/app/csp-nonce.ts`).
const NONCE_META: &str = "csp-nonce";

pub fn router(dist: &Path, headers: Arc<SecurityHeaders>) -> Router {
    let index = dist.join("index.html");
    if !index.is_file() {
        let message = format!(
            "The web app has not been built: {} is missing. Run `make run`, or `npm run build` in web/.",
            index.display()
        );
        tracing::warn!("{message}");
        return Router::new().fallback(move || {
            let message = message.clone();
            async move {
                (
                    StatusCode::SERVICE_UNAVAILABLE,
                    Html(format!("<p>{message}</p>")),
                )
                    .into_response()
            }
        });
    }
    let page = {
        let index = index.clone();
        move || index_page(index.clone(), headers.clone())
    };
    let files = ServeDir::new(dist)
        .precompressed_br()
        .precompressed_gzip()
        .append_index_html_on_directories(false)
        .fallback(page.clone().into_service());
    Router::new()
        .route("/", get(page.clone()))
        .route("/index.html", get(page))
        .fallback_service(files)
        .layer(middleware::from_fn(cache_headers))
}

/// The app's page, for every client-side route, with a fresh style nonce in its policy and in
/// a `<meta>` the app reads.
async fn index_page(index: PathBuf, headers: Arc<SecurityHeaders>) -> Response {
    let Ok(html) = tokio::fs::read_to_string(&index).await else {
        tracing::error!("cannot read {}", index.display());
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            Html("<p>The web app cannot be read. Please try again shortly.</p>"),
        )
            .into_response();
    };
    let nonce = new_nonce();
    let meta = format!(r#"<meta name="{NONCE_META}" content="{nonce}">"#);
    let html = match html.find("<head>") {
        Some(at) => format!("{}{meta}{}", &html[..at + 6], &html[at + 6..]),
        None => format!("{meta}{html}"),
    };
    let mut response = Html(html).into_response();
    if let Ok(policy) = HeaderValue::from_str(&headers.spa_policy(Some(&nonce))) {
        response
            .headers_mut()
            .insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    response
}

async fn cache_headers(request: Request, next: Next) -> Response {
    let immutable = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let value = if immutable && response.status().is_success() {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}
