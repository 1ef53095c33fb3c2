//! The underwriting stage over HTTP against a real Temporal dev server and SQLite: each
//! client's enquiry started once, answered (bad answers refused by question, nothing kept),
//! a condition found by its everyday name, declared, closed with an outcome that explains
//! itself, the case moving to the decision when both clients are closed, access by role, and
//! answers surviving a worker that dies between them.

use crate::support::interview::{answer, answer_of, declare_and_close, get, start};
use crate::support::{TestApp, errors, eventually, pdf_text};
use domain::testkit::PLAIN_ANSWERS;
use reqwest::{Method, StatusCode};
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread")]
async fn two_clients_are_underwritten_and_the_case_moves_to_the_decision() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (id, clients) = app.applied_application(&token, true).await;
    let (alan, ada) = (&clients[0], &clients[1]);

    // Not started yet: there is no enquiry to read.
    assert_eq!(get(&app, &token, alan).await.0, StatusCode::NOT_FOUND);
    let (status, enquiry) = start(&app, &token, alan).await;
    assert_eq!(status, StatusCode::OK, "{enquiry}");
    assert_eq!(
        enquiry["enquiryId"],
        format!("enquiry-{}", alan.as_str().unwrap())
    );
    assert_eq!(
        (enquiry["isOpen"].clone(), enquiry["preCheck"].clone()),
        (json!(true), json!(true))
    );
    assert_eq!(
        answer_of(&enquiry, "GENDER"),
        Some("Male"),
        "client details arrive answered (§5)"
    );
    assert_eq!(answer_of(&enquiry, "BIRTHDATE"), Some("1985-06-23"));
    assert_eq!(
        enquiry["sections"][0]["enquiryLines"][0]["tags"],
        json!(["CLIENT_DETAILS"])
    );
    let (_, application) = app.get_application(&token, &id).await;
    assert_eq!(application["status"], "APPLY");
    // Starting again answers with the same enquiry.
    let (status, again) = start(&app, &token, alan).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (again["enquiryId"].clone(), again["version"].clone()),
        (enquiry["enquiryId"].clone(), enquiry["version"].clone())
    );

    // A bad batch is refused by question and nothing of it is kept.
    let (status, body) = answer(
        &app,
        &token,
        alan,
        &[
            ("ALCOHOL_UNITS", "12"),
            ("HEIGHT", "tall"),
            ("SHOE_SIZE", "9"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(
        errors(&body),
        [
            (
                "HEIGHT".to_owned(),
                "Please enter a height between 1.20 m and 2.30 m".to_owned()
            ),
            (
                "SHOE_SIZE".to_owned(),
                "SHOE_SIZE is not a question of this interview".to_owned()
            ),
        ]
    );
    let (_, stored) = get(&app, &token, alan).await;
    assert_eq!(answer_of(&stored, "ALCOHOL_UNITS"), None);

    // Alan: a build that loads the premium, and high blood pressure found by its everyday name.
    let (status, found) = app
        .call(Method::GET, "/api/v1/underwriting/lookupQuestionOption/adviser/CONDITIONS/-?stem=high%20blood%20pres", Some(&token), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{found}");
    let condition = found["options"][0].clone();
    assert_eq!(
        (condition["name"].as_str(), condition["category"].as_str()),
        (Some("High blood pressure"), Some("hypertension"))
    );
    let mut answers: Vec<(&str, &str)> = PLAIN_ANSWERS
        .iter()
        .filter(|(t, _)| !matches!(*t, "WEIGHT" | "HAS_CONDITIONS"))
        .copied()
        .collect();
    answers.extend([
        ("WEIGHT", "114"),
        ("HAS_CONDITIONS", "Yes"),
        ("CONDITIONS", condition["id"].as_str().unwrap()),
    ]);
    let (status, body) = answer(&app, &token, alan, &answers).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let follow_up = body["sections"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["enquiryLines"].as_array().unwrap())
        .any(|l| l["id"] == "hypertension");
    assert!(follow_up, "the condition's own questions are asked");
    assert_eq!(body["isSatisfied"], false);
    let (status, body) = answer(
        &app,
        &token,
        alan,
        &[
            ("HYPERTENSION_CONTROLLED", "Yes"),
            ("HYPERTENSION_DIAGNOSED", "2020-03-01"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["isSatisfied"], true);
    // The same answers again change nothing: the enquiry keeps its version.
    let (status, same) = answer(
        &app,
        &token,
        alan,
        &[
            ("HYPERTENSION_CONTROLLED", "Yes"),
            ("HYPERTENSION_DIAGNOSED", "2020-03-01"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{same}");
    assert_eq!(same["version"], body["version"]);
    assert_eq!(
        get(&app, &token, alan).await.1,
        same,
        "the answer is what is stored"
    );
    // Closing needs the post-underwriting declaration.
    let path = format!("/api/v1/underwriting/{}/close", alan.as_str().unwrap());
    let (status, body) = app.call(Method::POST, &path, Some(&token), None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(errors(&body)[0].0, "acceptedPostUnderwriting");
    let closed = declare_and_close(&app, &token, &id, alan).await;
    assert_eq!(closed["isOpen"], false);
    let cover = &closed["outcome"]["covers"][0];
    assert_eq!(cover["decision"], "nonstandardterms");
    assert_eq!(cover["displayed"], "nonStandardTerms");
    assert_eq!(cover["loading"], 50);
    let why = &cover["explanations"][0];
    assert_eq!(why["rule"], "BMI-35-40");
    assert_eq!(
        why["reason"],
        "Body mass index of 36 is in the 35 to 39.9 band"
    );
    assert_eq!(why["answers"][1]["answer"], "114 kg");
    assert!(
        closed["outcome"]["rulebookVersion"]
            .as_str()
            .unwrap()
            .starts_with("sample")
    );
    // A closed enquiry takes no more answers.
    let (status, body) = answer(&app, &token, alan, &[("ALCOHOL_UNITS", "3")]).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");

    // Ada is still open: the case waits for her (§4). Alan's outcome reaches the application
    // by a signal, a moment after his enquiry answers.
    let application = eventually(Duration::from_secs(20), || async {
        let (_, application) = app.get_application(&token, &id).await;
        (application["applicants"][0]["covers"][0]["decision"] == "nonstandardterms")
            .then_some(application)
    })
    .await;
    assert_eq!(application["status"], "APPLY");
    let (status, _) = start(&app, &token, ada).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = answer(&app, &token, ada, PLAIN_ANSWERS).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let closed = declare_and_close(&app, &token, &id, ada).await;
    assert_eq!(closed["outcome"]["covers"][0]["decision"], "standardterms");
    let application = eventually(Duration::from_secs(20), || async {
        let (_, application) = app.get_application(&token, &id).await;
        (application["status"] == "DECISION").then_some(application)
    })
    .await;
    assert_eq!(application["isUnderwritingComplete"], true);
    assert_eq!(
        application["applicantsEnquiries"].as_array().unwrap().len(),
        2
    );

    app.keep_history(&id, "underwriting-two-clients").await;
    app.keep_enquiry_history(alan, "underwriting-an-interview-read-back")
        .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn underwriting_waits_for_applying_and_other_firms_cannot_see_an_enquiry() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (_, quoted) = app.quoted_application(&token, false).await;
    let (status, body) = start(&app, &token, &quoted[0]).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["detail"],
        "Underwriting starts once the application has been submitted (Apply)"
    );

    let (_, clients) = app.applied_application(&token, false).await;
    let alan = &clients[0];
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/v1/underwriting/{}/start", alan.as_str().unwrap()),
            Some(&token),
            Some(json!({ "answers": [] })),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(errors(&body)[0].0, "ENQUIRY_TYPE");
    assert_eq!(start(&app, &token, alan).await.0, StatusCode::OK);

    let outsider = app.token("adviser3@example.com").await;
    assert_eq!(get(&app, &outsider, alan).await.0, StatusCode::NOT_FOUND);
    assert_eq!(
        answer(&app, &outsider, alan, &[("ALCOHOL_UNITS", "3")])
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(start(&app, &outsider, alan).await.0, StatusCode::NOT_FOUND);
    // Staff, underwriters and clients are not advisers: the adviser's calls refuse them.
    for user in [
        "cca1@example.com",
        "underwriter1@example.com",
        "client1@example.com",
    ] {
        let other = app.token(user).await;
        assert_eq!(
            get(&app, &other, alan).await.0,
            StatusCode::FORBIDDEN,
            "{user}"
        );
        assert_eq!(
            answer(&app, &other, alan, &[("ALCOHOL_UNITS", "3")])
                .await
                .0,
            StatusCode::FORBIDDEN,
            "{user}"
        );
    }
    // An assistant acting for the owner may answer.
    let assistant = app.token("assistant1@example.com").await;
    assert_eq!(
        answer(&app, &assistant, alan, &[("ALCOHOL_UNITS", "3")])
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(
        app.call(
            Method::GET,
            &format!("/api/v1/underwriting/{}", alan.as_str().unwrap()),
            None,
            None
        )
        .await
        .0,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn every_accepted_answer_survives_the_worker_dying_between_answers() {
    let mut app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (_, clients) = app.applied_application(&token, false).await;
    let alan = &clients[0];
    assert_eq!(start(&app, &token, alan).await.0, StatusCode::OK);
    for (i, pair) in PLAIN_ANSWERS.chunks(3).enumerate() {
        let (status, body) = answer(&app, &token, alan, pair).await;
        assert_eq!(status, StatusCode::OK, "batch {i}: {body}");
        // A new worker, with nothing cached, picks the enquiry up from its history.
        app.stop_worker();
        app.start_worker();
    }
    let (_, enquiry) = get(&app, &token, alan).await;
    for (tag, value) in PLAIN_ANSWERS {
        assert_eq!(answer_of(&enquiry, tag), Some(*value), "{tag}");
    }
    assert_eq!(enquiry["isSatisfied"], true);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_condition_look_up_finds_what_advisers_type_and_refuses_what_is_not_a_list() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let look = |path: String| {
        let (app, token) = (&app, &token);
        async move {
            app.call(
                Method::GET,
                &format!("/api/v1/underwriting/lookupQuestionOption/{path}"),
                Some(token),
                None,
            )
            .await
        }
    };
    let (status, body) = look("adviser/CONDITIONS/-?stem=diabeties".into()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["options"][0]["name"], "Type 2 diabetes");
    assert_eq!(body["isSample"], true);
    // An option already chosen is not offered again.
    let (_, body) = look("adviser/CONDITIONS/everyday-type-2-diabetes?stem=diabetes".into()).await;
    assert_ne!(body["options"][0]["id"], "everyday-type-2-diabetes");
    let (_, body) = look("adviser/OCCUPATION/-?stem=roof".into()).await;
    assert_eq!(
        (
            body["options"][0]["name"].as_str(),
            body["options"][0]["category"].as_str()
        ),
        (Some("Roofer"), Some("4"))
    );
    assert_eq!(
        look("another/CONDITIONS/-?stem=x".into()).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        look("adviser/ALCOHOL_UNITS/-?stem=x".into()).await.0,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_answers_are_on_record_as_a_pdf_and_the_updates_start_empty() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (id, clients) = app.applied_application(&token, false).await;
    let alan = &clients[0];
    let path = format!(
        "/api/v1/document/interview/{id}/{}/applicationanswers",
        alan.as_str().unwrap()
    );
    let (status, _) = app.call(Method::GET, &path, Some(&token), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "no interview yet");
    assert_eq!(start(&app, &token, alan).await.0, StatusCode::OK);
    assert_eq!(
        answer(&app, &token, alan, PLAIN_ANSWERS).await.0,
        StatusCode::OK
    );

    let response = app
        .http
        .get(format!("{}{path}", app.base))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        disposition.contains(&format!("Application-answers-{id}-")),
        "{disposition}"
    );
    let text = pdf_text(&response.bytes().await.unwrap());
    for expected in [
        "Application answers: Alan Turing",
        "About you",
        "Main occupation",
        "Software developer",
        "Metres",
    ] {
        assert!(text.contains(expected), "{expected} missing from {text}");
    }
    let (status, link) = app
        .call(
            Method::POST,
            "/api/v1/backendforfrontend/createLatestApplicantAnswersDocument",
            Some(&token),
            Some(json!({ "applicationId": id, "applicantId": alan })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{link}");
    let uri = link["uri"].as_str().unwrap();
    assert_eq!(
        app.call(Method::GET, uri, Some(&token), None).await.0,
        StatusCode::OK
    );
    let outsider = app.token("adviser3@example.com").await;
    assert_eq!(
        app.call(Method::GET, uri, Some(&outsider), None).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.call(Method::GET, &path, Some(&outsider), None).await.0,
        StatusCode::NOT_FOUND
    );

    let (status, updates) = app
        .call(
            Method::GET,
            &format!("/api/v1/backendforfrontend/underwritingupdates/{id}"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(updates, json!({ "updates": [] }));
}

// §9 genetic test disclosure threshold; docs/decisions.md FC3.
#[tokio::test(flavor = "multi_thread")]
async fn the_huntingtons_test_is_asked_only_of_a_client_with_over_half_a_million_of_life_cover() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (id, clients) = app.quoted_application(&token, true).await;
    let (alan, ada) = (&clients[0], &clients[1]);
    // Each has £150,000 of life cover; Alan is taken to £500,000 exactly, Ada to £500,001.
    for (client, amount) in [(alan, 350_000), (ada, 350_001)] {
        let body = json!({ "applicationId": id, "applicantId": client, "cover": crate::support::life_cover(amount, 10) });
        let (status, body) = app.mutate_cover(&token, Method::POST, "add", body).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, body) = app.price(&token, &id).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.apply(&token, &id, &clients).await;

    let asks = |enquiry: &serde_json::Value| {
        enquiry["sections"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|s| s["enquiryLines"].as_array().unwrap())
            .any(|l| l["id"] == "genetic-test")
    };
    let (status, alans) = start(&app, &token, alan).await;
    assert_eq!(status, StatusCode::OK, "{alans}");
    assert!(!asks(&alans), "£500,000 exactly is not over the threshold");
    let (status, refused) = answer(&app, &token, alan, &[("GENETIC_TEST_HUNTINGTONS", "No")]).await;
    assert!(status.is_client_error(), "{refused}");
    let (status, adas) = start(&app, &token, ada).await;
    assert_eq!(status, StatusCode::OK, "{adas}");
    assert!(asks(&adas), "£500,001 is over the threshold");
    let (status, answered) = answer(&app, &token, ada, &[("GENETIC_TEST_HUNTINGTONS", "No")]).await;
    assert_eq!(status, StatusCode::OK, "{answered}");
    let (_, read) = get(&app, &token, ada).await;
    assert_eq!(answer_of(&read, "GENETIC_TEST_HUNTINGTONS"), Some("No"));
}
