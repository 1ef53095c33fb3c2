//! The development identity provider speaks standard OpenID Connect: discovery, JWKS, the
//! authorization-code flow with PKCE through its sign-in page, and refresh tokens.

use crate::support::TestApp;
use crate::support::sign_in::{VERIFIER, authorize_params, post_sign_in, redirect_uri};
use reqwest::{Method, StatusCode};
use serde_json::Value;

/// Signs in through the form and returns the authorization code from the redirect.
async fn sign_in(
    app: &TestApp,
    email: &str,
    password: &str,
) -> Result<String, (StatusCode, String)> {
    let response = post_sign_in(app, email, password).await;
    if response.status() != StatusCode::SEE_OTHER {
        return Err((response.status(), response.text().await.unwrap()));
    }
    let location = url::Url::parse(response.headers()["location"].to_str().unwrap()).unwrap();
    assert!(location.as_str().starts_with(&redirect_uri(app)));
    let query: std::collections::HashMap<_, _> = location.query_pairs().into_owned().collect();
    assert_eq!(query["state"], "state-123");
    Ok(query["code"].clone())
}

async fn token_request(app: &TestApp, form: &[(&str, &str)]) -> (StatusCode, Value) {
    let response = app
        .http
        .post(format!("{}/dev-idp/token", app.base))
        .form(form)
        .send()
        .await
        .unwrap();
    (response.status(), response.json().await.unwrap())
}

#[tokio::test(flavor = "multi_thread")]
async fn discovery_and_keys_are_published() {
    let app = TestApp::spawn().await;
    let (status, discovery) = app
        .call(
            Method::GET,
            "/dev-idp/.well-known/openid-configuration",
            None,
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(discovery["issuer"], format!("{}/dev-idp", app.base));
    assert_eq!(
        discovery["code_challenge_methods_supported"],
        serde_json::json!(["S256"])
    );
    let (_, jwks) = app.call(Method::GET, "/dev-idp/jwks", None, None).await;
    assert_eq!(jwks["keys"][0]["kty"], "RSA");
    assert_eq!(jwks["keys"][0]["alg"], "RS256");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_sign_in_page_issues_a_code_that_only_the_right_verifier_redeems_once() {
    let app = TestApp::spawn().await;
    let page = app
        .http
        .get(format!("{}/dev-idp/authorize", app.base))
        .query(&authorize_params(&app))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    let html = page.text().await.unwrap();
    assert!(
        html.contains(r#"name="email""#)
            && html.contains(r#"name="password""#)
            && html.contains("Sign in")
    );

    let (status, html) = sign_in(&app, "adviser1@example.com", "wrong")
        .await
        .unwrap_err();
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(html.contains("Invalid login details"));

    let code = sign_in(&app, "adviser1@example.com", "Passw0rd!")
        .await
        .unwrap();
    let redirect = redirect_uri(&app);
    let (status, body) = token_request(
        &app,
        &[
            ("grant_type", "authorization_code"),
            ("client_id", "portal-web"),
            ("code", &code),
            ("redirect_uri", &redirect),
            (
                "code_verifier",
                "the-wrong-verifier-the-wrong-verifier-1234567",
            ),
        ],
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("invalid_grant"))
    );

    let code = sign_in(&app, "adviser1@example.com", "Passw0rd!")
        .await
        .unwrap();
    let exchange = [
        ("grant_type", "authorization_code"),
        ("client_id", "portal-web"),
        ("code", code.as_str()),
        ("redirect_uri", redirect.as_str()),
        ("code_verifier", VERIFIER),
    ];
    let (status, tokens) = token_request(&app, &exchange).await;
    assert_eq!(status, StatusCode::OK, "{tokens}");
    let access = tokens["access_token"].as_str().unwrap();
    let (status, me) = app
        .call(
            Method::GET,
            "/api/v1/backendforfrontend/adviser",
            Some(access),
            None,
        )
        .await;
    assert_eq!(
        (status, me["email"].as_str()),
        (StatusCode::OK, Some("adviser1@example.com"))
    );

    let (status, again) = token_request(&app, &exchange).await;
    assert_eq!(
        (status, again["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("invalid_grant")),
        "a code works once"
    );

    // Refresh: a new access token that works; the refresh token itself is no access token.
    let refresh = tokens["refresh_token"].as_str().unwrap();
    let (status, renewed) = token_request(
        &app,
        &[
            ("grant_type", "refresh_token"),
            ("client_id", "portal-web"),
            ("refresh_token", refresh),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{renewed}");
    let (status, _) = app
        .call(
            Method::GET,
            "/api/v1/backendforfrontend/adviser",
            renewed["access_token"].as_str(),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = app
        .call(
            Method::GET,
            "/api/v1/backendforfrontend/adviser",
            Some(refresh),
            None,
        )
        .await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "a refresh token is not accepted by the API"
    );
    let (status, _) = token_request(
        &app,
        &[
            ("grant_type", "refresh_token"),
            ("client_id", "portal-web"),
            ("refresh_token", access),
        ],
    )
    .await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "an access token cannot be used to refresh"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn unregistered_redirects_and_requests_without_pkce_are_refused() {
    let app = TestApp::spawn().await;
    let mut evil = authorize_params(&app);
    evil[1].1 = "https://evil.example.com/callback".into();
    let response = app
        .http
        .get(format!("{}/dev-idp/authorize", app.base))
        .query(&evil)
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.status(),
        StatusCode::BAD_REQUEST,
        "never redirects to an unregistered address"
    );
    assert!(response.headers().get("location").is_none());

    let no_pkce: Vec<_> = authorize_params(&app)
        .into_iter()
        .filter(|(k, _)| !k.starts_with("code_challenge"))
        .collect();
    let response = app
        .http
        .get(format!("{}/dev-idp/authorize", app.base))
        .query(&no_pkce)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(response.text().await.unwrap().contains("PKCE"));

    let (status, body) = token_request(
        &app,
        &[
            ("grant_type", "password"),
            ("client_id", "portal-web"),
            ("username", "adviser1@example.com"),
            ("password", "nope"),
        ],
    )
    .await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("invalid_grant"))
    );
    let (status, _) = token_request(
        &app,
        &[
            ("grant_type", "password"),
            ("client_id", "other"),
            ("username", "adviser1@example.com"),
            ("password", "Passw0rd!"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
