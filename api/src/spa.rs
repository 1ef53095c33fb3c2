//! Serves the built React app under `/v2`, falling back to `index.html` for client-side routes.
//! Hashed assets are cached for a year; `index.html` is always revalidated so a release shows
//! at once. Text assets are sent as the brotli or gzip copies the build wrote beside them
//! (`web/scripts/compress-dist.mjs`), whichever the browser accepts: compressed once at build
//! time at the highest level, rather than on every response.

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use std::path::Path;
use tower_http::services::{ServeDir, ServeFile};

pub fn router(dist: &Path) -> Router {
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
    let index = ServeFile::new(index)
        .precompressed_br()
        .precompressed_gzip();
    let files = ServeDir::new(dist)
        .precompressed_br()
        .precompressed_gzip()
        .fallback(index);
    Router::new()
        .fallback_service(files)
        .layer(middleware::from_fn(cache_headers))
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
