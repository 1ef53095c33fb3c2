//! The built web app as the portal serves it: text assets go out as the brotli or gzip copies
//! the build wrote beside them, whichever the browser accepts; hashed assets are cached for a
//! year and client-side routes get `index.html`, always revalidated.

use crate::support::TestApp;
use reqwest::StatusCode;

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

    // A client-side route is the app's index, never cached stale, written for this response
    // with its own style nonce (so not one of the compressed copies).
    let (status, headers, body) = get(&app, "/v2/dashboard", Some("br")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(headers.get("content-encoding").is_none());
    assert!(body.contains("<div id=root>"), "{body}");
    assert_eq!(headers["cache-control"], "no-cache");
}

/// The nonce in the page's `<meta>`, which its policy must name.
fn page_nonce(body: &str) -> &str {
    let start = body
        .find(r#"name="csp-nonce" content=""#)
        .expect("nonce meta")
        + 26;
    &body[start..start + body[start..].find('"').unwrap()]
}

#[tokio::test(flavor = "multi_thread")]
async fn every_page_and_call_carries_the_security_headers() {
    let dist = tempfile::tempdir().unwrap();
    built_app(dist.path());
    std::fs::write(
        dist.path().join("index.html"),
        "<!doctype html><html><head><title>Portal</title></head><body><div id=root></div></body></html>",
    )
    .unwrap();
    let app = TestApp::spawn_with(&[("WEB_DIST", dist.path().display().to_string())]).await;

    // Each route of the app, the root folder itself included, gets the page with a fresh nonce
    // that its policy allows for styles, and nothing inline besides.
    let mut nonces = Vec::new();
    for path in ["/v2/", "/v2/index.html", "/v2/application/12/quote"] {
        let (status, headers, body) = get(&app, path, None).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        let policy = headers["content-security-policy"].to_str().unwrap();
        let nonce = page_nonce(&body);
        assert!(
            policy.contains(&format!("style-src 'self' 'nonce-{nonce}'")),
            "{path}: {policy}"
        );
        assert!(policy.contains("script-src 'self';"), "{policy}");
        assert!(!policy.contains("unsafe-inline"), "{policy}");
        assert!(
            body.starts_with("<!doctype html><html><head><meta name=\"csp-nonce\""),
            "{body}"
        );
        nonces.push(nonce.to_owned());
    }
    nonces.dedup();
    assert_eq!(nonces.len(), 3, "each response has its own nonce");

    // Files, Swagger UI and the JSON API: a policy each, none allowing inline code or framing.
    for path in [
        "/v2/assets/app-3f2a9c.js",
        "/api/docs/",
        "/api/v1/backendforfrontend/config",
        "/api/v1/no-such-call",
    ] {
        let (_, headers, _) = get(&app, path, None).await;
        let policy = headers["content-security-policy"].to_str().unwrap();
        assert!(
            policy.contains("frame-ancestors 'none'"),
            "{path}: {policy}"
        );
        assert!(!policy.contains("unsafe-inline"), "{path}: {policy}");
        assert_eq!(headers["x-frame-options"], "DENY", "{path}");
        assert_eq!(headers["referrer-policy"], "same-origin", "{path}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert!(
            headers["permissions-policy"]
                .to_str()
                .unwrap()
                .contains("microphone=()")
        );
        assert!(
            headers.get("strict-transport-security").is_none(),
            "{path}: plain HTTP"
        );
    }
    let (_, headers, _) = get(&app, "/api/v1/backendforfrontend/config", None).await;
    assert_eq!(
        headers["content-security-policy"],
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    );

    // Behind a proxy that ended TLS, browsers are told to keep to HTTPS.
    for (name, value) in [
        ("x-forwarded-proto", "https"),
        ("forwarded", "for=192.0.2.1;proto=https"),
    ] {
        let response = app
            .http
            .get(format!("{}/v2/dashboard", app.base))
            .header(name, value)
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.headers()["strict-transport-security"],
            "max-age=31536000; includeSubDomains",
            "{name}: {value}"
        );
    }
    let response = app
        .http
        .get(format!("{}/v2/dashboard", app.base))
        .header("x-forwarded-proto", "http")
        .send()
        .await
        .unwrap();
    assert!(
        response
            .headers()
            .get("strict-transport-security")
            .is_none()
    );
}
