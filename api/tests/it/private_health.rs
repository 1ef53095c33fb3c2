//! Health questions answered privately (issue 35, `POST /portal/apply/{id}`): the adviser sends
//! a client their interview, sees progress per section and no answer until the client submits,
//! and then carries on to a decision; a joint applicant's client, other roles and no token
//! reach nothing.

use crate::support::interview::{self, answer_of};
use crate::support::roles::{Caller, Callers};
use crate::support::{TestApp, eventually, message_of};
use domain::testkit::PLAIN_ANSWERS;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::time::Duration;

/// Links the client account `subject` to `applicant` of application `id`, as registering does.
async fn link(app: &TestApp, subject: &str, id: &Value, applicant: &Value) {
    app.store()
        .link_client(
            &domain::AdviserId::parse(subject).unwrap(),
            domain::ApplicationId::new(id.as_i64().unwrap()).unwrap(),
            &domain::ApplicantId::parse(applicant.as_str().unwrap()).unwrap(),
            chrono::Utc::now(),
        )
        .await
        .unwrap();
}

async fn send(
    app: &TestApp,
    token: Option<&str>,
    id: &Value,
    applicant: &Value,
) -> (StatusCode, Value) {
    let path = format!("/api/v1/portal/apply/{id}");
    app.call(
        Method::POST,
        &path,
        token,
        Some(json!({ "applicantId": applicant })),
    )
    .await
}

async fn take_back(
    app: &TestApp,
    token: &str,
    id: &Value,
    applicant: &Value,
) -> (StatusCode, Value) {
    let path = format!("/api/v1/portal/apply/{id}/takeBack");
    app.call(
        Method::POST,
        &path,
        Some(token),
        Some(json!({ "applicantId": applicant })),
    )
    .await
}

fn questions(applicant: &Value) -> String {
    format!(
        "/api/v1/portal/health-questions/{}",
        applicant.as_str().unwrap()
    )
}

async fn client_answer(
    app: &TestApp,
    token: Option<&str>,
    applicant: &Value,
    answers: &[(&str, &str)],
) -> (StatusCode, Value) {
    let answers: Vec<Value> = answers
        .iter()
        .map(|(tag, value)| json!({ "tag": tag, "value": value }))
        .collect();
    app.call(
        Method::POST,
        &questions(applicant),
        token,
        Some(json!({ "answers": answers })),
    )
    .await
}

async fn client_post(
    app: &TestApp,
    token: Option<&str>,
    applicant: &Value,
    action: &str,
) -> (StatusCode, Value) {
    let path = format!("{}/{action}", questions(applicant));
    app.call(Method::POST, &path, token, None).await
}

fn lines_shown(enquiry: &Value) -> usize {
    enquiry["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["enquiryLines"].as_array().map_or(0, Vec::len))
        .sum()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_client_answers_privately_and_the_adviser_carries_on_to_a_decision() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let client = app.token("client1@example.com").await;
    let (id, clients) = app.applied_application(&adviser, true).await;
    let (alan, ada) = (&clients[0], &clients[1]);
    for applicant in &clients {
        assert_eq!(
            interview::start(&app, &adviser, applicant).await.0,
            StatusCode::OK
        );
    }
    link(&app, "client1", &id, alan).await;
    let (status, body) = interview::answer(&app, &adviser, alan, &[("ALCOHOL_UNITS", "4")]).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let (status, sent) = send(&app, Some(&adviser), &id, alan).await;
    assert_eq!(status, StatusCode::OK, "{sent}");
    assert_eq!(sent["clientAnswering"]["isWithClient"], true);
    assert_eq!(sent["clientAnswering"]["email"], "client0@example.com");
    assert_eq!(
        sent["allAnswers"],
        json!([]),
        "the adviser's own answer is hidden too"
    );
    let (status, again) = send(&app, Some(&adviser), &id, alan).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    assert_eq!(
        again["detail"],
        "These questions are already with the client to answer in the client portal."
    );

    let (status, list) = app
        .call(
            Method::GET,
            "/api/v1/portal/health-questions",
            Some(&client),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let waiting = list["interviews"].as_array().unwrap();
    assert_eq!(waiting.len(), 1);
    assert_eq!(waiting[0]["applicantId"], *alan);
    assert_eq!(waiting[0]["clientName"], "Alan Turing");
    assert_eq!(waiting[0]["isWithClient"], true);
    let (status, own) = app
        .call(Method::GET, &questions(alan), Some(&client), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{own}");
    assert_eq!(
        answer_of(&own, "ALCOHOL_UNITS"),
        Some("4"),
        "the client sees what was answered before"
    );
    let asked: Vec<&str> = own["sections"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["enquiryLines"].as_array().unwrap())
        .flat_map(|l| l["questions"].as_array().unwrap())
        .filter_map(|q| q["text"].as_str())
        .collect();
    assert!(
        asked.contains(&"Have you smoked or used any nicotine product?"),
        "the client is asked about themselves: {asked:?}"
    );
    assert!(
        !asked.iter().any(|text| text.contains("the client")),
        "{asked:?}"
    );

    let (status, refused) =
        client_answer(&app, Some(&client), alan, &[("ALCOHOL_UNITS", "lots")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(!message_of(&refused, "ALCOHOL_UNITS").is_empty());
    let (status, answered) = client_answer(&app, Some(&client), alan, PLAIN_ANSWERS).await;
    assert_eq!(status, StatusCode::OK, "{answered}");
    assert_eq!(
        answer_of(&answered, "OCCUPATION"),
        Some("Software developer")
    );

    let (status, seen) = interview::get(&app, &adviser, alan).await;
    assert_eq!(status, StatusCode::OK, "{seen}");
    assert_eq!(seen["allAnswers"], json!([]));
    assert_eq!(
        lines_shown(&seen),
        0,
        "no question the client was asked is shown"
    );
    assert_eq!(seen["isCloseable"], false);
    let progress = seen["clientAnswering"]["sections"].as_array().unwrap();
    assert_eq!(progress[0]["name"], "About you");
    assert!(
        progress.iter().all(|s| s["isAnswered"] == true),
        "{progress:?}"
    );

    let (status, body) = interview::answer(&app, &adviser, alan, &[("DRUGS", "No")]).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(
        body["detail"]
            .as_str()
            .unwrap()
            .contains("answering these questions privately")
    );
    let close = format!("/api/v1/underwriting/{}/close", alan.as_str().unwrap());
    assert_eq!(
        app.call(Method::POST, &close, Some(&adviser), None).await.0,
        StatusCode::CONFLICT
    );
    let declare = json!({ "applicationId": id, "applicantId": alan });
    let (status, _) = app
        .call(
            Method::POST,
            "/api/v1/actions/acceptuwdeclaration",
            Some(&adviser),
            Some(declare),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);

    let (status, early) = client_post(&app, Some(&client), alan, "submit").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{early}");
    assert_eq!(
        crate::support::fields(&early),
        vec!["acceptedPostUnderwriting"]
    );
    let (status, declared) = client_post(&app, Some(&client), alan, "declaration").await;
    assert_eq!(status, StatusCode::OK, "{declared}");
    assert_eq!(declared["declarations"]["acceptedPostUnderwriting"], true);
    let (status, submitted) = client_post(&app, Some(&client), alan, "submit").await;
    assert_eq!(status, StatusCode::OK, "{submitted}");
    assert_eq!(submitted["clientAnswering"]["isWithClient"], false);
    let (status, _) = client_answer(&app, Some(&client), alan, &[("DRUGS", "Yes")]).await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "a submitted answer is final for the client"
    );

    let (status, seen) = interview::get(&app, &adviser, alan).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer_of(&seen, "OCCUPATION"), Some("Software developer"));
    assert!(seen["clientAnswering"]["submittedAt"].is_string());
    assert_eq!(seen["isCloseable"], true);
    let (status, closed) = app.call(Method::POST, &close, Some(&adviser), None).await;
    assert_eq!(status, StatusCode::OK, "{closed}");
    assert!(closed["outcome"].is_object());

    let (status, body) = interview::answer(&app, &adviser, ada, PLAIN_ANSWERS).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    interview::declare_and_close(&app, &adviser, &id, ada).await;
    eventually(Duration::from_secs(20), || async {
        let (_, application) = app.get_application(&adviser, &id).await;
        (application["status"] == "DECISION").then_some(())
    })
    .await;
    let path = format!("/api/v1/actions/TriggerDecisionQuote/{id}");
    let (status, body) = app.call(Method::POST, &path, Some(&adviser), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.keep_enquiry_history(alan, "private-health-answered-and-submitted")
        .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn only_the_clients_own_interview_and_only_advisers_may_send_it() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let assistant = app.token("assistant1@example.com").await;
    let client = app.token("client1@example.com").await;
    let joint = app.token("client2@example.com").await;
    let (id, clients) = app.applied_application(&adviser, true).await;
    let (alan, ada) = (&clients[0], &clients[1]);
    link(&app, "client1", &id, alan).await;
    link(&app, "client2", &id, ada).await;

    let (status, body) = send(&app, Some(&adviser), &id, alan).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(
        body["detail"]
            .as_str()
            .unwrap()
            .contains("has not started yet")
    );
    for applicant in &clients {
        assert_eq!(
            interview::start(&app, &adviser, applicant).await.0,
            StatusCode::OK
        );
    }
    let stranger = json!("b1c2d3e4-0000-4000-8000-000000000000");
    assert_eq!(
        send(&app, Some(&adviser), &id, &stranger).await.0,
        StatusCode::NOT_FOUND
    );

    // Who may send: the adviser and whoever acts for them; nobody else, and another firm's
    // adviser finds no such case.
    let callers = Callers::sign_in(&app).await;
    callers
        .without(&[Caller::Adviser, Caller::Assistant])
        .expect(
            &app,
            Method::POST,
            &format!("/api/v1/portal/apply/{id}"),
            Some(json!({ "applicantId": alan })),
            |caller| match caller {
                Caller::NoToken => StatusCode::UNAUTHORIZED,
                _ => StatusCode::FORBIDDEN,
            },
        )
        .await;
    let other_firm = app.token("adviser3@example.com").await;
    let (status, body) = send(&app, Some(&other_firm), &id, alan).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, body) = send(&app, Some(&assistant), &id, alan).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "the assistant acts for adviser1: {body}"
    );

    // The joint applicant's client sees nothing of it, and has nothing sent themselves.
    let (status, list) = app
        .call(
            Method::GET,
            "/api/v1/portal/health-questions",
            Some(&joint),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["interviews"], json!([]));
    assert_eq!(
        app.call(Method::GET, &questions(ada), Some(&joint), None)
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    for action in ["declaration", "submit"] {
        assert_eq!(
            client_post(&app, Some(&joint), alan, action).await.0,
            StatusCode::NOT_FOUND,
            "{action}"
        );
    }

    // The client endpoints are for clients only: Alan's questions are his client's, and the
    // joint applicant's client finds no such questions.
    let clients_only = |mine: StatusCode| {
        move |caller| match caller {
            Caller::Client => mine,
            Caller::OtherClient => StatusCode::NOT_FOUND,
            Caller::NoToken => StatusCode::UNAUTHORIZED,
            _ => StatusCode::FORBIDDEN,
        }
    };
    callers
        .expect(
            &app,
            Method::GET,
            &questions(alan),
            None,
            clients_only(StatusCode::OK),
        )
        .await;
    // Answering as Alan's client is the next step's; everyone else is refused.
    callers
        .without(&[Caller::Client])
        .expect(
            &app,
            Method::POST,
            &questions(alan),
            Some(json!({ "answers": [{ "tag": "DRUGS", "value": "Yes" }] })),
            clients_only(StatusCode::OK),
        )
        .await;
    callers
        .expect(
            &app,
            Method::GET,
            "/api/v1/portal/health-questions",
            None,
            |caller| match caller {
                Caller::Client | Caller::OtherClient => StatusCode::OK,
                Caller::NoToken => StatusCode::UNAUTHORIZED,
                _ => StatusCode::FORBIDDEN,
            },
        )
        .await;

    // The conditions look-up, as the adviser's.
    let lookup = "/api/v1/portal/health-questions/lookup/adviser/CONDITIONS/-?stem=asthma";
    let (status, found) = app.call(Method::GET, lookup, Some(&client), None).await;
    assert_eq!(status, StatusCode::OK, "{found}");
    let options = found["options"].as_array().unwrap();
    assert!(!options.is_empty(), "{found}");
    assert!(
        options.iter().all(|o| o["code"].is_null()),
        "a client reads names, not classification codes: {found}"
    );
    assert_eq!(
        app.call(Method::GET, lookup, Some(&adviser), None).await.0,
        StatusCode::FORBIDDEN
    );

    // Taken back: what the client answered is gone unseen, and the client sees nothing.
    let (status, body) = client_answer(&app, Some(&client), alan, &[("DRUGS", "Yes")]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, back) = take_back(&app, &adviser, &id, alan).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert!(back.get("clientAnswering").is_none(), "{back}");
    assert_eq!(answer_of(&back, "DRUGS"), None);
    assert!(
        lines_shown(&back) > 0,
        "the adviser has the questions again"
    );
    let (status, again) = take_back(&app, &adviser, &id, alan).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    assert_eq!(
        app.call(Method::GET, &questions(alan), Some(&client), None)
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        client_answer(&app, Some(&client), alan, &[("DRUGS", "No")])
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    let (status, body) = interview::answer(&app, &adviser, alan, &[("DRUGS", "No")]).await;
    assert_eq!(status, StatusCode::OK, "the adviser answers again: {body}");
    app.keep_enquiry_history(alan, "private-health-taken-back")
        .await;
}

/// Issue 50: a client already in the portal (Alan, who confirmed his first case) finds the
/// health questions his adviser sends on a new case at once, on his home and in its list of
/// things to do, without confirming the new case; the case's progress speaks of him answering.
#[tokio::test(flavor = "multi_thread")]
async fn a_client_already_in_the_portal_finds_questions_sent_on_a_new_case() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let (first, _) = app.applied_application(&adviser, false).await;
    let password = "A-long-new-passw0rd";
    let signed_up =
        crate::support::sign_in::post_sign_up(&app, "client0@example.com", password).await;
    assert_eq!(signed_up.status(), StatusCode::SEE_OTHER);
    let (status, _, grant) =
        crate::support::sign_in::password_grant(&app, "client0@example.com", password).await;
    assert_eq!(status, StatusCode::OK, "{grant}");
    let alan = grant["access_token"].as_str().unwrap().to_owned();
    let confirm = json!({ "dateOfBirth": "1985-06-23", "reference": first.to_string() });
    let (status, body) = app
        .call(
            Method::POST,
            "/api/v1/portal/confirm-details",
            Some(&alan),
            Some(confirm),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // A new joint case for Alan (same email, same date of birth) and Ada (another email).
    let (second, clients) = app.applied_application(&adviser, true).await;
    let (new_alan, ada) = (&clients[0], &clients[1]);
    assert_eq!(
        interview::start(&app, &adviser, new_alan).await.0,
        StatusCode::OK
    );
    let (status, sent) = send(&app, Some(&adviser), &second, new_alan).await;
    assert_eq!(status, StatusCode::OK, "{sent}");

    let (status, home) = app
        .call(Method::GET, "/api/v1/portal/me", Some(&alan), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{home}");
    let cases = home["cases"].as_array().unwrap();
    let ids: Vec<&Value> = cases.iter().map(|c| &c["applicationId"]).collect();
    assert_eq!(ids, [&first, &second], "{home}");
    assert_eq!(cases[1]["clientNames"], json!(["Alan Turing"]), "not Ada's");
    assert!(
        cases[1]["progress"]
            .as_str()
            .unwrap()
            .contains("waiting for you to answer"),
        "{home}"
    );
    let things = home["thingsToDo"].as_array().unwrap();
    assert_eq!(things.len(), 1, "{home}");
    assert_eq!(things[0]["kind"], "answerHealthQuestions");
    assert_eq!(things[0]["applicationId"], second);
    assert_eq!(things[0]["applicantId"], *new_alan);
    assert!(
        things[0]["description"]
            .as_str()
            .unwrap()
            .starts_with(&format!(
                "Priya Shah sent you the health and lifestyle questions for application {second}"
            )),
        "{home}"
    );
    let (status, own) = app
        .call(Method::GET, &questions(new_alan), Some(&alan), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{own}");
    let (status, _) = app
        .call(Method::GET, &questions(ada), Some(&alan), None)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "Ada's stays hers");

    // Submitted, the questions leave his list and the progress thanks him.
    let (status, answered) = client_answer(&app, Some(&alan), new_alan, PLAIN_ANSWERS).await;
    assert_eq!(status, StatusCode::OK, "{answered}");
    assert_eq!(
        client_post(&app, Some(&alan), new_alan, "declaration")
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(
        client_post(&app, Some(&alan), new_alan, "submit").await.0,
        StatusCode::OK
    );
    let (_, home) = app
        .call(Method::GET, "/api/v1/portal/me", Some(&alan), None)
        .await;
    assert_eq!(home["thingsToDo"], json!([]), "{home}");
    assert!(
        home["cases"][1]["progress"]
            .as_str()
            .unwrap()
            .starts_with("Thank you for answering"),
        "{home}"
    );
}
