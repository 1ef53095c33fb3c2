//! The client portal over HTTP against a real Temporal dev server and database (issue 35): a
//! client signs up on the development identity provider (§5's password rules), confirms their
//! case with their date of birth and policy number or application reference, and sees their own
//! policy and documents only; every refusal of details that lead nowhere reads the same, guessing
//! is stopped with a 429, and nobody but a client reaches these calls.

use crate::support::interview::proceeded_application;
use crate::support::roles::{Caller, Callers};
use crate::support::{TestApp, pdf_text};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const NEW_PASSWORD: &str = "Str0ng&Secret";
const ALAN_BORN: &str = "1985-06-23";
const ADA_BORN: &str = "1988-12-10";

/// The sign-up form's post, with a valid authorization request around it.
async fn sign_up(app: &TestApp, email: &str, password: &str, confirm: &str) -> reqwest::Response {
    app.http
        .post(format!("{}/dev-idp/signup", app.base))
        .form(&[
            ("client_id", "portal-web"),
            (
                "redirect_uri",
                &format!("{}/v2/auth/callback", app.config.public_url),
            ),
            ("response_type", "code"),
            ("scope", "openid profile email"),
            ("state", "s1"),
            (
                "code_challenge",
                "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
            ),
            ("code_challenge_method", "S256"),
            ("email", email),
            ("password", password),
            ("confirm", confirm),
        ])
        .send()
        .await
        .unwrap()
}

/// An access token by the password grant, with any password.
async fn token_with(app: &TestApp, email: &str, password: &str) -> Option<Value> {
    let response = app
        .http
        .post(format!("{}/dev-idp/token", app.base))
        .form(&[
            ("grant_type", "password"),
            ("client_id", "portal-web"),
            ("username", email),
            ("password", password),
        ])
        .send()
        .await
        .unwrap();
    (response.status() == StatusCode::OK).then_some(response.json().await.unwrap())
}

/// The claims of a JWT, unverified (the API checks them; the test reads them).
fn claims(token: &str) -> Value {
    use base64::Engine;
    let payload = token.split('.').nth(1).unwrap();
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload)
        .unwrap();
    serde_json::from_slice(&bytes).unwrap()
}

async fn get(app: &TestApp, token: Option<&str>, path: &str) -> (StatusCode, Value) {
    app.call(Method::GET, path, token, None).await
}

async fn confirm(app: &TestApp, token: &str, born: &str, reference: &str) -> (StatusCode, Value) {
    app.call(
        Method::POST,
        "/api/v1/portal/confirm-details",
        Some(token),
        Some(json!({ "dateOfBirth": born, "reference": reference })),
    )
    .await
}

async fn download(app: &TestApp, token: &str, uri: &str) -> (StatusCode, Vec<u8>) {
    let response = app
        .http
        .get(format!("{}{uri}", app.base))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    (response.status(), response.bytes().await.unwrap().to_vec())
}

/// A joint case (Alan Turing, client0@example.com; Ada Lovelace, client1@example.com) put in
/// force today; answers its reference.
async fn policies_in_force(app: &TestApp, adviser: &str) -> (i64, Value) {
    let key = proceeded_application(app, adviser).await;
    crate::support::seeded::set_up_and_activate(app, adviser, key).await;
    let (_, application) = get(app, Some(adviser), &format!("/api/v1/application/{key}")).await;
    assert_eq!(application["active"], true, "{application}");
    (key, application)
}

#[tokio::test(flavor = "multi_thread")]
async fn the_development_sign_up_page_applies_the_password_rules_and_refuses_a_taken_email() {
    let app = TestApp::spawn().await;
    let discovery: Value = app
        .http
        .get(format!(
            "{}/dev-idp/.well-known/openid-configuration",
            app.base
        ))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(
        discovery["prompt_values_supported"]
            .as_array()
            .unwrap()
            .contains(&json!("create"))
    );

    // The Register button's request opens the sign-up page, which links back to sign-in.
    let page = app
        .http
        .get(format!(
            "{}/dev-idp/authorize?client_id=portal-web&redirect_uri={}/v2/auth/callback&response_type=code&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&prompt=create",
            app.base, app.config.public_url
        ))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains("Create your account"), "{page}");
    assert!(page.contains(r#"action="signup""#));

    for (password, confirm, message) in [
        (
            "Short1!",
            "Short1!",
            "Password must be at least 8 characters",
        ),
        (
            "password1!",
            "password1!",
            "Password must include an upper-case letter",
        ),
        (
            "Password1",
            "Password1",
            "Password must include a special character",
        ),
        (NEW_PASSWORD, "Str0ng&Secreet", "The passwords do not match"),
    ] {
        let response = sign_up(&app, "new.client@example.com", password, confirm).await;
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{password}"
        );
        let html = response.text().await.unwrap();
        assert!(html.contains(message), "{password}: {html}");
    }
    let response = sign_up(&app, "not-an-email", NEW_PASSWORD, NEW_PASSWORD).await;
    assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert!(response.text().await.unwrap().contains("Invalid email"));
    assert!(
        token_with(&app, "new.client@example.com", NEW_PASSWORD)
            .await
            .is_none(),
        "nothing refused was saved"
    );

    // A good sign-up signs the client in: back to the portal with a code.
    let response = sign_up(&app, "New.Client@Example.com", NEW_PASSWORD, NEW_PASSWORD).await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let location = response.headers()["location"].to_str().unwrap().to_owned();
    assert!(location.contains("/v2/auth/callback?code="), "{location}");
    assert!(location.ends_with("&state=s1"), "{location}");

    // The account signs in with its own password only, and holds the client role.
    let tokens = token_with(&app, "new.client@example.com", NEW_PASSWORD)
        .await
        .expect("the new account signs in");
    let access = claims(tokens["access_token"].as_str().unwrap());
    assert_eq!(access["roles"], json!(["client"]));
    assert_eq!(access["email"], "new.client@example.com");
    assert!(
        token_with(&app, "new.client@example.com", "Passw0rd!")
            .await
            .is_none()
    );

    // An email already registered, by a sign-up or a seeded user, in any case, is refused.
    for email in ["NEW.client@example.com", "client1@example.com"] {
        let response = sign_up(&app, email, NEW_PASSWORD, NEW_PASSWORD).await;
        assert_eq!(
            response.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{email}"
        );
        assert!(
            response
                .text()
                .await
                .unwrap()
                .contains("An account with this email already exists")
        );
    }

    // Before confirming any case, the new client's home has nothing but the first thing to do.
    let token = tokens["access_token"].as_str().unwrap();
    let (status, home) = get(&app, Some(token), "/api/v1/portal/me").await;
    assert_eq!(status, StatusCode::OK, "{home}");
    assert_eq!(home["cases"], json!([]));
    assert_eq!(home["thingsToDo"][0]["kind"], "confirmDetails");
    assert_eq!(home["email"], "new.client@example.com");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_client_confirms_their_case_and_sees_only_their_own_policy_and_documents() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let (key, application) = policies_in_force(&app, &adviser).await;
    let policies = application["policies"].as_array().unwrap();
    let policy_of = |born_first: &str| {
        policies
            .iter()
            .find(|p| p["holderName"].as_str().unwrap().contains(born_first))
            .unwrap()
            .clone()
    };
    let alans = policy_of("Alan");
    let adas = policy_of("Ada");
    let alans_number = alans["policyReference"].as_str().unwrap();
    let adas_number = adas["policyReference"].as_str().unwrap();

    // Alan registers with the email his adviser recorded (client0@example.com).
    assert_eq!(
        sign_up(&app, "client0@example.com", NEW_PASSWORD, NEW_PASSWORD)
            .await
            .status(),
        StatusCode::SEE_OTHER
    );
    let alan = token_with(&app, "client0@example.com", NEW_PASSWORD)
        .await
        .unwrap()["access_token"]
        .as_str()
        .unwrap()
        .to_owned();

    // Nothing is his until he confirms it.
    let (status, _) = get(
        &app,
        Some(&alan),
        &format!("/api/v1/portal/policies/{alans_number}"),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Reading the policy number with spaces and in lower case is fine.
    let typed = format!(
        "{} {}",
        &alans_number[..6].to_lowercase(),
        &alans_number[6..]
    );
    let (status, body) = confirm(&app, &alan, ALAN_BORN, &typed).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["outcome"], "linked");
    assert_eq!(body["applicationId"], key);
    let (status, body) = confirm(&app, &alan, ALAN_BORN, &key.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["outcome"], "alreadyLinked");
    assert_eq!(body["message"], "This case is already in your account.");

    // His home: his case in plain words, his name only, his adviser, his policy only.
    let (status, home) = get(&app, Some(&alan), "/api/v1/portal/me").await;
    assert_eq!(status, StatusCode::OK, "{home}");
    assert_eq!(home["name"], "Alan Turing");
    assert_eq!(home["thingsToDo"], json!([]));
    let case = &home["cases"][0];
    assert_eq!(case["applicationId"], key);
    assert_eq!(case["clientNames"], json!(["Alan Turing"]));
    assert_eq!(case["stage"], "WENT_ON_RISK");
    assert_eq!(
        case["progress"],
        "Your policy is in force: you are covered."
    );
    assert_eq!(case["adviser"]["name"], "Priya Shah");
    assert_eq!(case["adviser"]["firmName"], "Northfield Financial Planning");
    assert_eq!(case["adviser"]["email"], "adviser1@example.com");
    let listed: Vec<&str> = case["policies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["policyReference"].as_str().unwrap())
        .collect();
    assert_eq!(listed, [alans_number]);

    // His policy: his schedule and the Direct Debit; not the decision, which gives Ada's too.
    let (status, policy) = get(
        &app,
        Some(&alan),
        &format!("/api/v1/portal/policies/{alans_number}"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{policy}");
    assert_eq!(policy["status"], "inForce");
    assert_eq!(policy["covers"].as_array().unwrap().len(), 1, "{policy}");
    assert_eq!(policy["covers"][0]["cover"]["productType"], "life");
    assert_eq!(policy["covers"][0]["cover"]["coverAmount"], 150_000);
    let titles: Vec<&str> = policy["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Policy schedule", "Direct Debit confirmation"]);
    let schedule_uri = policy["documents"][0]["uri"].as_str().unwrap().to_owned();
    let (status, pdf) = download(&app, &alan, &schedule_uri).await;
    assert_eq!(status, StatusCode::OK);
    let text = pdf_text(&pdf);
    assert!(text.contains(alans_number), "{text}");

    // Ada's policy, her schedule and the decision are not found for him.
    let (status, body) = get(
        &app,
        Some(&alan),
        &format!("/api/v1/portal/policies/{adas_number}"),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let document_uri = |d: &Value| {
        format!(
            "/api/v1/portal/document/{}/{}",
            d["documentId"].as_str().unwrap(),
            d["fileName"].as_str().unwrap()
        )
    };
    let adas_documents = adas["documents"].as_array().unwrap();
    let adas_schedule = document_uri(&adas_documents[0]);
    let decision = adas_documents
        .iter()
        .find(|d| d["title"] == "Underwriting decision")
        .map(document_uri)
        .unwrap();
    for uri in [&adas_schedule, &decision] {
        let (status, _) = download(&app, &alan, uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
    }

    // Ada (the seeded client1@example.com) cannot take a case someone else holds, or guess:
    // every refusal reads the same.
    let ada = app.token("client1@example.com").await;
    let intruder = domain::AdviserId::parse("someone-else").unwrap();
    let ada_id = domain::ApplicantId::parse(adas["applicantId"].as_str().unwrap()).unwrap();
    app.store()
        .link_client(
            &intruder,
            domain::ApplicationId::new(key).unwrap(),
            &ada_id,
            chrono::Utc::now(),
        )
        .await
        .unwrap();
    // A reference that is not one is named; it is not a guess and does not count.
    let (status, body) = confirm(&app, &ada, "", "PP12").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let fields: Vec<&str> = body["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["dateOfBirth", "reference"]);

    let no_such_policy =
        domain::policy::policy_reference(domain::ApplicationId::new(999_999).unwrap(), 1);
    let refusals = [
        (ADA_BORN, adas_number.to_owned()),   // held by another account
        ("1988-12-11", key.to_string()),      // wrong date of birth
        (ALAN_BORN, alans_number.to_owned()), // someone else's case: not her email
        (ADA_BORN, "999999".to_owned()),      // no such case
        (ADA_BORN, no_such_policy),           // no such policy
    ];
    let mut details = Vec::new();
    for (born, reference) in &refusals {
        let (status, body) = confirm(&app, &ada, born, reference).await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{born} {reference}: {body}"
        );
        assert!(
            body.get("errors").is_none(),
            "no field is singled out: {body}"
        );
        details.push(body["detail"].as_str().unwrap().to_owned());
    }
    assert_eq!(details.len(), refusals.len());
    assert!(details.iter().all(|d| d == &details[0]), "{details:?}");
    assert!(details[0].starts_with("We could not match these details"));

    // Guessing on: the fifth failure in 15 minutes makes the account wait, even with good details.
    let mut failures = details.len();
    while failures < 5 {
        let (status, _) = confirm(&app, &ada, "1970-01-01", &key.to_string()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        failures += 1;
    }
    let (status, body) = confirm(&app, &ada, ADA_BORN, &key.to_string()).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(body["detail"].as_str().unwrap().contains("wait 15 minutes"));
    // Alan, who did not guess, is not held back.
    let (status, _) = confirm(&app, &alan, ALAN_BORN, alans_number).await;
    assert_eq!(status, StatusCode::OK);

    // Nobody but a client reaches the client portal; without a token, nobody at all. Alan
    // reaches his policy and schedule; Ada, a client with no case of theirs, finds nothing of
    // Alan's.
    let callers = Callers::sign_in(&app)
        .await
        .with(Caller::Client, &alan)
        .with(Caller::OtherClient, &ada);
    let policy_path = format!("/api/v1/portal/policies/{alans_number}");
    let home = "/api/v1/portal/me";
    for path in [home, &policy_path, &schedule_uri] {
        let answers = callers
            .expect(&app, Method::GET, path, None, |caller| match caller {
                Caller::Client => StatusCode::OK,
                Caller::OtherClient if path == home => StatusCode::OK,
                Caller::OtherClient => StatusCode::NOT_FOUND,
                Caller::NoToken => StatusCode::UNAUTHORIZED,
                _ => StatusCode::FORBIDDEN,
            })
            .await;
        for (caller, _, body) in answers.iter().filter(|(c, _, _)| *c != Caller::Client) {
            assert!(
                !body.to_string().contains("Alan"),
                "{caller:?} {path}: {body}"
            );
        }
    }
    // Confirming is a client's (each try counts as a guess): everyone else is refused.
    callers
        .without(&[Caller::Client, Caller::OtherClient])
        .expect(
            &app,
            Method::POST,
            "/api/v1/portal/confirm-details",
            Some(json!({ "dateOfBirth": ALAN_BORN, "reference": alans_number })),
            |caller| match caller {
                Caller::NoToken => StatusCode::UNAUTHORIZED,
                _ => StatusCode::FORBIDDEN,
            },
        )
        .await;
}
