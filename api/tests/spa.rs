//! The built web app as the portal serves it: text assets go out as the brotli or gzip copies
//! the build wrote beside them, whichever the browser accepts; hashed assets are cached for a
//! year and client-side routes get `index.html`, always revalidated.

mod support;

use reqwest::StatusCode;
use support::TestApp;

const SCRIPT: &str = "console.log('the adviser portal');\n";

/// A built app: index.html and one hashed script, each with made-up "compressed" copies whose
/// bytes say which copy was sent.
fn built_app(dir: &std::path::Path) {
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><div id=root></div>").unwrap();
    std::fs::write(dir.join("index.html.br"), "brotli index").unwrap();
    std::fs::write(dir.join("index.html.gz"), "gzip index").unwrap();
    std::fs::write(dir.join("assets/app-3f2a9c.js"), SCRIPT).unwrap();
    std::fs::write(dir.join("assets/app-3f2a9c.js.br"), "brotli script").unwrap();
    std::fs::write(dir.join("assets/app-3f2a9c.js.gz"), "gzip script").unwrap();
}

async fn get(
    app: &TestApp,
    path: &str,
    accept: Option<&str>,
) -> (StatusCode, reqwest::header::HeaderMap, String) {
    let mut request = app.http.get(format!("{}{path}", app.base));
    if let Some(accept) = accept {
        request = request.header("accept-encoding", accept);
    }
    let response = request.send().await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    (status, headers, response.text().await.unwrap())
}

#[tokio::test(flavor = "multi_thread")]
async fn assets_go_out_precompressed_in_the_encoding_the_browser_accepts() {
    let dist = tempfile::tempdir().unwrap();
    built_app(dist.path());
    let app = TestApp::spawn_with(&[("WEB_DIST", dist.path().display().to_string())]).await;
    let script = "/v2/assets/app-3f2a9c.js";

    let (status, headers, body) = get(&app, script, Some("gzip, deflate, br")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-encoding"], "br");
    assert_eq!(body, "brotli script");
    assert!(
        headers["vary"]
            .to_str()
            .unwrap()
            .to_lowercase()
            .contains("accept-encoding")
    );
    assert_eq!(
        headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(
        headers["content-type"]
            .to_str()
            .unwrap()
            .contains("javascript")
    );

    let (_, headers, body) = get(&app, script, Some("gzip")).await;
    assert_eq!(headers["content-encoding"], "gzip");
    assert_eq!(body, "gzip script");

    let (_, headers, body) = get(&app, script, None).await;
    assert!(headers.get("content-encoding").is_none());
    assert_eq!(body, SCRIPT);

    // A client-side route is the app's index, compressed too, and never cached stale.
    let (status, headers, body) = get(&app, "/v2/dashboard", Some("br")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-encoding"], "br");
    assert_eq!(body, "brotli index");
    assert_eq!(headers["cache-control"], "no-cache");
}
