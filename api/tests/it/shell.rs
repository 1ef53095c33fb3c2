//! The portal's frame (issue 34): the footer's links and legal words in the bootstrap
//! configuration, the client welcome document, web chat's availability and the marketing alert
//! with its dismissal per adviser, each refused to anyone who is not an adviser.

use crate::support::{TestApp, pdf_text, workspace};
use chrono::{Days, NaiveDate, Utc};
use domain::dates::uk_date;
use reqwest::{Method, StatusCode};
use serde_json::json;

const MARKETING: &str = "/api/v1/backendforfrontend/marketingupdates";
const WEB_CHAT: &str = "/api/v1/backendforfrontend/webchat/status";

fn dismiss(id: &str) -> String {
    format!("{MARKETING}/{id}/dismiss")
}

/// Everyone signed in who is not an adviser: refused the adviser's calls.
const NOT_ADVISERS: [&str; 4] = [
    "cca1@example.com",
    "ccaadmin1@example.com",
    "underwriter1@example.com",
    "client1@example.com",
];

fn today() -> NaiveDate {
    uk_date(Utc::now())
}

fn days_from_today(days: i64) -> String {
    let date = if days >= 0 {
        today().checked_add_days(Days::new(days.unsigned_abs()))
    } else {
        today().checked_sub_days(Days::new(days.unsigned_abs()))
    };
    date.unwrap().to_string()
}

/// A product folder that is the shipped one but for `marketing-updates.json`, whose alerts run
/// on dates around today.
fn product_with_alerts(alerts: serde_json::Value) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(workspace().join("product")).unwrap() {
        let entry = entry.unwrap();
        if entry.file_name() != "marketing-updates.json" {
            std::os::unix::fs::symlink(entry.path(), dir.path().join(entry.file_name())).unwrap();
        }
    }
    std::fs::write(
        dir.path().join("marketing-updates.json"),
        json!({ "alerts": alerts }).to_string(),
    )
    .unwrap();
    dir
}

fn alert(id: &str, starts: i64, ends: i64) -> serde_json::Value {
    json!({
        "id": id, "title": format!("Title of {id}"), "message": format!("Message of {id}"),
        "startsOn": days_from_today(starts), "endsOn": days_from_today(ends)
    })
}

#[tokio::test(flavor = "multi_thread")]
async fn the_current_alert_shows_until_each_adviser_dismisses_it() {
    let product = product_with_alerts(json!([
        alert("ended-yesterday", -30, -1),
        alert("older", -20, 20),
        alert("newest", 0, 0),
        alert("starts-tomorrow", 1, 30),
    ]));
    let app = TestApp::spawn_with(&[("PRODUCT_DIR", product.path().display().to_string())]).await;
    let adviser1 = app.token("adviser1@example.com").await;
    let adviser2 = app.token("adviser2@example.com").await;

    // Of the two running today, the one that started last; neither the ended nor the future one.
    let (status, body) = app
        .call(Method::GET, MARKETING, Some(&adviser1), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["alert"]["id"], "newest", "{body}");
    assert_eq!(body["alert"]["title"], "Title of newest");
    assert_eq!(body["alert"]["startsOn"], today().to_string());
    assert_eq!(body["alert"]["link"], serde_json::Value::Null);

    let (status, body) = app
        .call(Method::POST, &dismiss("newest"), Some(&adviser1), None)
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    // Dismissing twice changes nothing.
    let (status, _) = app
        .call(Method::POST, &dismiss("newest"), Some(&adviser1), None)
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);

    // The next running one takes its place for adviser1; adviser2 still sees the newest.
    let (_, body) = app
        .call(Method::GET, MARKETING, Some(&adviser1), None)
        .await;
    assert_eq!(body["alert"]["id"], "older", "{body}");
    let (_, body) = app
        .call(Method::GET, MARKETING, Some(&adviser2), None)
        .await;
    assert_eq!(body["alert"]["id"], "newest", "{body}");

    // A new sign-in (another device) finds it still dismissed.
    let adviser1_again = app.token("adviser1@example.com").await;
    let (status, _) = app
        .call(Method::POST, &dismiss("older"), Some(&adviser1_again), None)
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, body) = app
        .call(Method::GET, MARKETING, Some(&adviser1), None)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["alert"], serde_json::Value::Null, "{body}");

    let (status, body) = app
        .call(
            Method::POST,
            &dismiss("no-such-alert"),
            Some(&adviser1),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_eq!(body["type"], "urn:adviser-portal:problem:not-found");
}

#[tokio::test(flavor = "multi_thread")]
async fn no_alert_shows_when_none_runs_today() {
    let product = product_with_alerts(json!([
        alert("ended-yesterday", -30, -1),
        alert("starts-tomorrow", 1, 30)
    ]));
    let app = TestApp::spawn_with(&[("PRODUCT_DIR", product.path().display().to_string())]).await;
    let adviser = app.token("adviser3@example.com").await;
    let (status, body) = app.call(Method::GET, MARKETING, Some(&adviser), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, json!({ "alert": null }));
}

#[tokio::test(flavor = "multi_thread")]
async fn web_chat_is_not_ready_while_no_one_in_customer_care_is_online() {
    // Ready once an agent connects: api/tests/chat.rs (issue 35).
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let (status, body) = app.call(Method::GET, WEB_CHAT, Some(&adviser), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["ready"], false, "{body}");
    // Which reason depends on the clock: inside the staffed hours or not.
    assert!(
        ["noOneOnline", "outsideHours"].contains(&body["reason"].as_str().unwrap_or_default()),
        "{body}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_adviser_calls_refuse_everyone_else() {
    let app = TestApp::spawn().await;
    let calls = [
        (Method::GET, MARKETING.to_owned()),
        (Method::POST, dismiss("underwriting-qi-launch")),
        (Method::GET, WEB_CHAT.to_owned()),
    ];
    for (method, path) in &calls {
        let (status, body) = app.call(method.clone(), path, None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {path}: {body}");
    }
    for who in NOT_ADVISERS {
        let token = app.token(who).await;
        for (method, path) in &calls {
            let (status, body) = app.call(method.clone(), path, Some(&token), None).await;
            assert_eq!(
                status,
                StatusCode::FORBIDDEN,
                "{who} {method} {path}: {body}"
            );
            assert_eq!(body["type"], "urn:adviser-portal:problem:forbidden");
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_footer_links_and_legal_words_come_with_the_configuration() {
    let app = TestApp::spawn().await;
    let (status, config) = app
        .call(Method::GET, "/api/v1/backendforfrontend/config", None, None)
        .await;
    assert_eq!(status, StatusCode::OK);
    let links = &config["links"];
    // Development runs on the staging identity tenant.
    assert_eq!(
        links["coverUpgradePromise"],
        "https://staging.example.com/advisers/cover-upgrade-promise"
    );
    assert_eq!(
        links["literature"],
        "https://www.example.com/advisers/literature"
    );
    assert_eq!(
        links["linkedIn"],
        "https://www.linkedin.com/company/example"
    );
    assert_eq!(
        links["privacyPolicy"],
        "https://www.example.com/privacy-policy"
    );
    assert_eq!(
        links["clientWelcome"],
        "/api/v1/backendforfrontend/documents/client-welcome"
    );
    assert_eq!(
        config["legal"]["copyrightHolder"],
        "Protection Life Limited"
    );
    // Clients get their own help line on the client portal, not the adviser support line (issue 35).
    assert_eq!(config["help"]["email"], "adviser.support@example.com");
    assert_eq!(config["clientHelp"]["telephone"], "0808 157 0193");
    assert_eq!(config["clientHelp"]["email"], "client.help@example.com");
    assert!(
        config["legal"]["regulation"]
            .as_str()
            .unwrap()
            .contains("regulated by the Financial Conduct Authority")
    );

    // The welcome document needs no sign-in and carries the help contacts.
    let response = app
        .http
        .get(format!(
            "{}{}",
            app.base,
            links["clientWelcome"].as_str().unwrap()
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    assert_eq!(
        response.headers()["content-disposition"],
        "inline; filename=\"Client-welcome.pdf\""
    );
    // The browser's PDF viewer is not held back by the API's load-nothing policy (SEC1).
    assert_eq!(
        response.headers()["content-security-policy"],
        "frame-ancestors 'none'"
    );
    let text = pdf_text(&response.bytes().await.unwrap());
    assert!(
        text.contains("Welcome to Protection Life Limited"),
        "{text}"
    );
    assert!(text.contains("0808 157 0192"), "{text}");
}
