//! Failed sign-ins on the development identity provider are limited per account and per client
//! address, counted in the database, with one clear message; and its answers never tell an
//! existing account from an unknown email. (Behind the harness every request comes from
//! 127.0.0.1, so each test sets limits that show the one it is about.)

use crate::support::TestApp;
use crate::support::sign_in::{password_grant, post_sign_in, post_sign_up};
use reqwest::StatusCode;

const RIGHT: &str = "Passw0rd!";
const WRONG: &str = "Passw0rd?";
const NEW_PASSWORD: &str = "Str0ng&Secret";
const LIMITED: &str = "Too many failed sign-in attempts. Try again in 15 minutes.";
const WINDOW_SECONDS: u64 = 15 * 60;

async fn spawn(per_account: u32, per_address: u32) -> TestApp {
    TestApp::spawn_with(&[
        ("SIGN_IN_MAX_FAILURES_PER_ACCOUNT", per_account.to_string()),
        ("SIGN_IN_MAX_FAILURES_PER_ADDRESS", per_address.to_string()),
    ])
    .await
}

/// What a browser sees of a sign-in answer: the status, the `Retry-After` header and the page.
async fn seen(response: reqwest::Response) -> (StatusCode, Option<u64>, String) {
    let status = response.status();
    let retry_after = response
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().parse().unwrap());
    (status, retry_after, response.text().await.unwrap())
}

/// Fails `times` sign-ins on the form for `email`, each answered "Invalid login details".
async fn fail(app: &TestApp, email: &str, times: usize) {
    for _ in 0..times {
        let (status, _, page) = seen(post_sign_in(app, email, WRONG).await).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{email}: {page}");
        assert!(page.contains("Invalid login details"), "{email}: {page}");
    }
}

/// Asserts the answer is the limited one: 429, the message, and a wait within the window.
fn assert_limited((status, retry_after, page): &(StatusCode, Option<u64>, String)) {
    assert_eq!(*status, StatusCode::TOO_MANY_REQUESTS, "{page}");
    assert!(page.contains(LIMITED), "{page}");
    let wait = retry_after.expect("a Retry-After header");
    assert!(
        (WINDOW_SECONDS - 120..=WINDOW_SECONDS).contains(&wait),
        "{wait}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_account_is_refused_after_its_limit_even_with_the_right_password_and_others_are_not() {
    let app = spawn(3, 20).await;
    fail(&app, "adviser1@example.com", 3).await;

    let limited = seen(post_sign_in(&app, "adviser1@example.com", RIGHT).await).await;
    assert_limited(&limited);
    assert!(
        !limited.2.contains("Invalid login details"),
        "the page says why, not that the password was wrong"
    );
    // The account is the email in any case, and the password grant is limited alike.
    assert_limited(&seen(post_sign_in(&app, " ADVISER1@example.com", RIGHT).await).await);
    let (status, retry_after, body) = password_grant(&app, "adviser1@example.com", RIGHT).await;
    assert_eq!(
        (
            status,
            body["error"].as_str(),
            body["error_description"].as_str()
        ),
        (
            StatusCode::TOO_MANY_REQUESTS,
            Some("invalid_grant"),
            Some(LIMITED)
        )
    );
    assert!(retry_after.is_some());

    // Another account from the same address signs in as usual.
    let (status, _, page) = seen(post_sign_in(&app, "adviser2@example.com", RIGHT).await).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
    assert_eq!(
        password_grant(&app, "adviser2@example.com", RIGHT).await.0,
        StatusCode::OK
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wrong_password_and_an_unknown_email_get_the_same_answers_before_and_after_the_limit() {
    let app = spawn(2, 50).await;
    let (status, _, page) =
        seen(post_sign_up(&app, "new.client@example.com", NEW_PASSWORD).await).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
    // A seeded user, a signed-up client, and nobody at all.
    let emails = [
        "adviser1@example.com",
        "new.client@example.com",
        "nobody@example.com",
    ];
    let as_seen = |email: &str, (status, retry_after, page): (StatusCode, Option<u64>, String)| {
        (
            status,
            retry_after,
            // The form echoes the email typed; the page lists the seeded users besides.
            page.replace(&format!(r#"value="{email}""#), r#"value="EMAIL""#),
        )
    };

    let mut answers = Vec::new();
    for email in emails {
        let form = as_seen(email, seen(post_sign_in(&app, email, WRONG).await).await);
        let grant = password_grant(&app, email, WRONG).await;
        answers.push((form, grant));
    }
    assert_eq!(answers[0].0.0, StatusCode::UNAUTHORIZED);
    assert_eq!(answers[0].1.0, StatusCode::BAD_REQUEST);
    assert!(
        answers.iter().all(|a| *a == answers[0]),
        "the same answers for each: {answers:#?}"
    );

    let mut limited = Vec::new();
    for email in emails {
        let form = as_seen(email, seen(post_sign_in(&app, email, RIGHT).await).await);
        assert_limited(&form);
        let (status, _, body) = password_grant(&app, email, RIGHT).await;
        limited.push((form.0, form.2, status, body));
    }
    assert!(
        limited.iter().all(|a| *a == limited[0]),
        "the same limited answers for each: {limited:#?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn one_address_trying_many_accounts_is_stopped_at_the_address_limit() {
    let app = spawn(5, 4).await;
    for i in 0..4 {
        fail(&app, &format!("guess{i}@example.com"), 1).await;
    }
    // Every account is now refused from this address, even with its right password.
    assert_limited(&seen(post_sign_in(&app, "adviser2@example.com", RIGHT).await).await);
    assert_eq!(
        password_grant(&app, "adviser2@example.com", RIGHT).await.0,
        StatusCode::TOO_MANY_REQUESTS
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_successful_sign_in_forgets_the_accounts_failures() {
    let app = spawn(3, 20).await;
    for _ in 0..2 {
        fail(&app, "adviser1@example.com", 2).await;
        let (status, _, page) = seen(post_sign_in(&app, "adviser1@example.com", RIGHT).await).await;
        assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn sign_ups_that_find_a_taken_email_count_against_the_address() {
    let app = spawn(5, 2).await;
    for email in ["client1@example.com", "CLIENT1@example.com"] {
        let (status, _, page) = seen(post_sign_up(&app, email, NEW_PASSWORD).await).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{page}");
        assert!(
            page.contains("An account with this email already exists"),
            "{page}"
        );
    }
    let refused = seen(post_sign_up(&app, "another.client@example.com", NEW_PASSWORD).await).await;
    assert_limited(&refused);
    assert!(!refused.2.contains("already exists"), "{}", refused.2);
    assert_limited(&seen(post_sign_in(&app, "adviser1@example.com", RIGHT).await).await);
    // A sign-up that breaks a rule is no probe: it does not count.
    let app = spawn(5, 1).await;
    let (status, _, _) = seen(post_sign_up(&app, "a.client@example.com", "weak").await).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _, page) =
        seen(post_sign_up(&app, "a.client@example.com", NEW_PASSWORD).await).await;
    assert_eq!(status, StatusCode::SEE_OTHER, "{page}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_limits_hold_on_every_instance_sharing_the_database() {
    let first = spawn(3, 20).await;
    let second = TestApp::spawn_with(&[
        ("SIGN_IN_MAX_FAILURES_PER_ACCOUNT", "3".into()),
        ("DATABASE_URL", first.database.url().to_owned()),
    ])
    .await;
    fail(&first, "adviser1@example.com", 2).await;
    fail(&second, "adviser1@example.com", 1).await;
    assert_limited(&seen(post_sign_in(&first, "adviser1@example.com", RIGHT).await).await);
    assert_limited(&seen(post_sign_in(&second, "adviser1@example.com", RIGHT).await).await);
}
