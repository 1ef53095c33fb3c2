//! The walking-skeleton journey over HTTP against a real Temporal dev server and SQLite:
//! create an application, add and edit clients, read back, search, and who may see what.

use crate::support::{TestApp, born_years_ago, client, errors};
use reqwest::{Method, StatusCode};
use serde_json::json;

const AGE_MESSAGE: &str = "To qualify, the client must be between 18 and 64.";

#[tokio::test(flavor = "multi_thread")]
async fn an_adviser_builds_an_application_with_two_clients_and_finds_it_again() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let created = app.create_application(&token).await;
    assert_eq!(created["status"], "CREATE_QUOTE");
    assert_eq!(created["applicationStatus"], "Pre-quote");
    assert_eq!(created["applicants"], json!([]));

    let (status, one) = app
        .add_applicant(&token, &created, client("Alan", "Turing", "1980-06-23"))
        .await;
    assert_eq!(status, StatusCode::OK, "{one}");
    assert_eq!(one["applicants"][0]["firstName"], "Alan");
    assert!(one["applicants"][0]["age"].as_u64().unwrap() >= 46);

    let ada = json!({ "title": "Dr", "firstName": "Ada", "lastName": "Lovelace", "gender": "female", "dateOfBirth": "1985-12-10" });
    let (status, two) = app.add_applicant(&token, &created, ada).await;
    assert_eq!(status, StatusCode::OK, "{two}");
    assert_eq!(two["applicants"].as_array().unwrap().len(), 2);

    let (status, refused) = app
        .add_applicant(&token, &created, client("Third", "Person", "1990-01-01"))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        errors(&refused),
        [(
            "applicants".into(),
            "An application can have at most 2 clients.".into()
        )]
    );

    let (status, read) = app.get_application(&token, &created["id"]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        read["applicants"], two["applicants"],
        "the read model shows what the command returned"
    );
    assert_eq!(read["version"], two["version"]);

    let (_, by_name) = app.search(&token, "?searchTerm=lovelace").await;
    assert_eq!(by_name["totalRecordCount"], 1);
    assert_eq!(
        by_name["results"][0]["clientNames"],
        "Alan Turing & Ada Lovelace"
    );
    let (_, by_reference) = app
        .search(&token, &format!("?searchTerm={}", created["id"]))
        .await;
    assert_eq!(by_reference["results"][0]["id"], created["id"]);
    let (_, other_stage) = app.search(&token, "?status=QUOTE&status=DECISION").await;
    assert_eq!(other_stage["totalRecordCount"], 0);
    let (_, this_stage) = app.search(&token, "?status=CREATE_QUOTE").await;
    assert_eq!(this_stage["totalRecordCount"], 1);

    // The journey's history replays with the current code (and can be recorded for the
    // workflows crate's replay test).
    app.keep_history(&created["id"], "two-clients-and-a-refusal")
        .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn clients_under_18_or_over_64_are_refused_with_the_spec_message() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let created = app.create_application(&token).await;

    let (status, body) = app
        .add_applicant(
            &token,
            &created,
            client("Young", "Person", &born_years_ago(18, 1)),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        errors(&body),
        [("applicant.dateOfBirth".into(), AGE_MESSAGE.into())]
    );
    assert_eq!(body["detail"], AGE_MESSAGE);

    let (status, body) = app
        .add_applicant(
            &token,
            &created,
            client("Old", "Person", &born_years_ago(65, 0)),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        errors(&body),
        [("applicant.dateOfBirth".into(), AGE_MESSAGE.into())]
    );

    let (status, _) = app
        .add_applicant(
            &token,
            &created,
            client("Just", "Eighteen", &born_years_ago(18, 0)),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "an 18th birthday today qualifies");

    let (_, read) = app.get_application(&token, &created["id"]).await;
    assert_eq!(
        read["applicants"].as_array().unwrap().len(),
        1,
        "refused clients were never written"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn editing_a_client_changes_only_the_fields_sent() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let created = app.create_application(&token).await;
    let (_, one) = app
        .add_applicant(&token, &created, client("Alan", "Turing", "1980-06-23"))
        .await;
    let applicant = one["applicants"][0]["id"].as_str().unwrap().to_owned();
    let path = format!(
        "/api/v1/application/{}/applicant/{applicant}",
        created["id"]
    );

    let (status, edited) = app
        .call(
            Method::PATCH,
            &path,
            Some(&token),
            Some(json!({ "smoking": "yes", "firstName": "Alan M." })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{edited}");
    let person = &edited["applicants"][0];
    assert_eq!(
        (
            person["firstName"].as_str(),
            person["lastName"].as_str(),
            person["smoking"].as_str()
        ),
        (Some("Alan M."), Some("Turing"), Some("yes"))
    );

    let (status, body) = app
        .call(
            Method::PATCH,
            &path,
            Some(&token),
            Some(json!({ "dateOfBirth": born_years_ago(17, 0) })),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(errors(&body), [("dateOfBirth".into(), AGE_MESSAGE.into())]);

    let (status, body) = app
        .call(
            Method::PATCH,
            &path,
            Some(&token),
            Some(json!({ "gender": null })),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "gender is required for a quote"
    );
    assert_eq!(errors(&body)[0].0, "gender");

    let unknown = format!(
        "/api/v1/application/{}/applicant/no-such-client",
        created["id"]
    );
    let (status, body) = app
        .call(
            Method::PATCH,
            &unknown,
            Some(&token),
            Some(json!({ "firstName": "X" })),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["detail"], "Applicant not found");

    let (_, read) = app.get_application(&token, &created["id"]).await;
    assert_eq!(read["applicants"][0]["firstName"], "Alan M.");
    assert_eq!(
        read["applicants"][0]["dateOfBirth"], "1980-06-23",
        "refused edits left the client as they were"
    );

    app.keep_history(&created["id"], "quote-a-client-edited")
        .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn another_advisers_application_does_not_exist_for_you() {
    let app = TestApp::spawn().await;
    let owner = app.token("adviser1@example.com").await;
    let stranger = app.token("adviser3@example.com").await;
    let created = app.create_application(&owner).await;
    let (_, one) = app
        .add_applicant(&owner, &created, client("Alan", "Turing", "1980-06-23"))
        .await;
    let applicant = one["applicants"][0]["id"].as_str().unwrap();

    let (status, body) = app.get_application(&stranger, &created["id"]).await;
    assert_eq!(
        (status, body["detail"].as_str()),
        (StatusCode::NOT_FOUND, Some("Application not found"))
    );
    let (status, _) = app
        .add_applicant(&stranger, &created, client("Eve", "Intruder", "1980-01-01"))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let path = format!(
        "/api/v1/application/{}/applicant/{applicant}",
        created["id"]
    );
    let (status, _) = app
        .call(
            Method::PATCH,
            &path,
            Some(&stranger),
            Some(json!({ "firstName": "Eve" })),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, listed) = app.search(&stranger, "?searchTerm=turing").await;
    assert_eq!(listed["totalRecordCount"], 0);
    let (status, _) = app.search(&stranger, "?adviserId=adviser1").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app.get_application(&stranger, &json!(999_999)).await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "a missing application looks the same as a hidden one"
    );

    let (_, read) = app.get_application(&owner, &created["id"]).await;
    assert_eq!(
        read["applicants"][0]["firstName"], "Alan",
        "nothing the stranger sent was applied"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_assistant_works_for_the_adviser_they_support_and_no_other() {
    let app = TestApp::spawn().await;
    let assistant = app.token("assistant1@example.com").await;
    let adviser = app.token("adviser1@example.com").await;
    let (status, created) = app
        .call(
            Method::POST,
            "/api/v1/backendforfrontend/application/create?adviserId=adviser1",
            Some(&assistant),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(created["adviserId"], "adviser1");
    let (status, _) = app.get_application(&adviser, &created["id"]).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "the adviser sees what their assistant created for them"
    );
    let (status, _) = app
        .add_applicant(&assistant, &created, client("Alan", "Turing", "1980-06-23"))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, listed) = app.search(&assistant, "?adviserId=adviser1").await;
    assert_eq!(listed["totalRecordCount"], 1);

    let (status, _) = app
        .call(
            Method::POST,
            "/api/v1/backendforfrontend/application/create?adviserId=adviser2",
            Some(&assistant),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app
        .call(
            Method::POST,
            "/api/v1/backendforfrontend/application/create?adviserId=assistant1",
            Some(&adviser),
            None,
        )
        .await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "delegation does not run backwards"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_journey_carries_on_across_a_worker_restart_with_nothing_lost() {
    let mut app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let created = app.create_application(&token).await;
    let (status, _) = app
        .add_applicant(&token, &created, client("Alan", "Turing", "1980-06-23"))
        .await;
    assert_eq!(status, StatusCode::OK);

    app.stop_worker();
    // A command sent while no worker runs waits for one, and is not lost.
    let pending = {
        let http = app.http.clone();
        let url = format!(
            "{}/api/v1/backendforfrontend/application/{}/AddApplicant",
            app.base, created["id"]
        );
        let token = token.clone();
        let ada = json!({
            "applicationId": created["id"],
            "applicant": { "firstName": "Ada", "lastName": "Lovelace", "gender": "female", "dateOfBirth": "1985-12-10" },
        });
        tokio::spawn(async move {
            http.post(url)
                .bearer_auth(token)
                .json(&ada)
                .send()
                .await
                .unwrap()
        })
    };
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    assert!(
        !pending.is_finished(),
        "without a worker the command cannot have been answered"
    );
    app.start_worker();
    let response = pending.await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);

    let (_, read) = app.get_application(&token, &created["id"]).await;
    let names: Vec<&str> = read["applicants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["firstName"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Alan", "Ada"]);
    // The new worker rebuilt the workflow's state from history: rules still see two clients.
    let (status, body) = app
        .add_applicant(&token, &created, client("Third", "Person", "1990-01-01"))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(errors(&body)[0].0, "applicants");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_refused_command_reaches_temporal_as_a_typed_rejection_named_for_what_the_adviser_did() {
    use temporalio_client::WorkflowExecuteUpdateOptions;
    use temporalio_client::errors::WorkflowUpdateError;
    use workflows::{Timed, UpdateFor};

    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let created = app.create_application(&token).await;
    let id = domain::ApplicationId::new(created["id"].as_i64().unwrap()).unwrap();

    // A client too young for cover, sent as the API sends it: the Update `add_applicant`.
    let young = domain::AddApplicant {
        applicant_id: domain::ApplicantId::parse("young-client").unwrap(),
        details: domain::ApplicantDetails {
            gender: Some(domain::Gender::Female),
            date_of_birth: chrono::NaiveDate::parse_from_str(&born_years_ago(17, 0), "%Y-%m-%d")
                .ok(),
            ..Default::default()
        },
        indication: None,
    };
    let handle = app
        .temporal_client()
        .get_workflow_handle::<workflows::ApplicationWorkflow>(workflows::application_workflow_id(
            id,
        ));
    let refused = handle
        .execute_update(
            domain::AddApplicant::update(),
            Timed::new(chrono::Utc::now(), young),
            WorkflowExecuteUpdateOptions::default(),
        )
        .await
        .unwrap_err();
    let WorkflowUpdateError::Failed(mut failure) = refused else {
        panic!("expected a failed update, got {refused:?}");
    };
    // Its details travel encrypted, as every payload does (`workflows::codec`).
    let keys = app.config.temporal.payload_keys.ring().unwrap();
    workflows::codec::decrypt_failure(&mut failure, keys)
        .await
        .unwrap();
    assert_eq!(
        failure.message, AGE_MESSAGE,
        "the Temporal UI shows the rule's own words"
    );
    let rejection = workflows::refusal::rejection_in(&failure).expect("typed details");
    assert_eq!(rejection.message, AGE_MESSAGE);
    assert_eq!(rejection.errors[0].field, "dateOfBirth");

    // Nothing was written: the history holds the opening Update and no client.
    let history = String::from_utf8(app.workflow_history_json(&created["id"]).await).unwrap();
    assert!(history.contains("\"open\""));
    assert!(!history.contains("young-client"));
}

/// Two people (an adviser and their assistant, or one adviser in two tabs) change the same case
/// at the same moment: every change that was answered 200 is kept, whichever order they land.
/// Cover commands and pricing wait on a local activity mid-command, where a second command could
/// otherwise start from the state before the first and overwrite it.
#[tokio::test(flavor = "multi_thread")]
async fn changes_sent_at_the_same_moment_are_all_kept() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let t = Some(token.as_str());
    let created = app.create_application(&token).await;
    let id = created["id"].clone();
    let (_, one) = app
        .add_applicant(&token, &created, client("Alan", "Turing", "1985-06-23"))
        .await;
    let alan = one["applicants"][0]["id"].as_str().unwrap().to_owned();

    let children = format!("/api/v1/application/{id}/children");
    for round in 0..3 {
        let covers = (0..4).map(|n| {
            let cover = json!({ "applicationId": id, "applicantId": alan, "cover": {
                "productType": "life", "coverType": "level",
                "coverAmount": 100_000 + 1_000 * (round * 4 + n), "term": 20 } });
            app.call(
                Method::POST,
                "/api/v1/actions/MutateCovers/add",
                t,
                Some(cover),
            )
        });
        let child = app.call(
            Method::POST,
            &children,
            t,
            Some(
                json!({ "firstName": format!("Child{round}"), "surname": "Turing",
                "dateOfBirth": "2016-04-01" }),
            ),
        );
        let (answers, (child_status, child_body)) =
            tokio::join!(futures::future::join_all(covers), child);
        assert_eq!(child_status, StatusCode::OK, "{child_body}");
        for (status, body) in &answers {
            assert_eq!(*status, StatusCode::OK, "{body}");
        }
    }

    let (status, view) = app
        .call(Method::GET, &format!("/api/v1/application/{id}"), t, None)
        .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let mut amounts: Vec<i64> = view["applicants"][0]["covers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|cover| cover["coverAmount"].as_i64().unwrap())
        .collect();
    amounts.sort_unstable();
    let expected: Vec<i64> = (0..12).map(|n| 100_000 + 1_000 * n).collect();
    assert_eq!(amounts, expected, "every cover answered 200 is on the case");
    assert_eq!(view["children"].as_array().unwrap().len(), 3, "{view}");

    // Priced while a cover is edited: both are recorded, one after the other.
    let before = view["version"].as_u64().unwrap();
    let price = format!("/api/v1/backendforfrontend/application/{id}/quotePrice");
    let first_cover = view["applicants"][0]["covers"][0]["id"].clone();
    let edit = json!({ "applicationId": id, "applicantId": alan, "cover": { "id": first_cover,
        "productType": "life", "coverType": "level", "coverAmount": 150_000, "term": 20 } });
    let ((priced, quote), (edited, edit_body)) = tokio::join!(
        app.call(Method::GET, &price, t, None),
        app.call(
            Method::PATCH,
            "/api/v1/actions/MutateCovers/edit",
            t,
            Some(edit)
        ),
    );
    assert_eq!(priced, StatusCode::OK, "{quote}");
    assert_eq!(edited, StatusCode::OK, "{edit_body}");
    let (_, view) = app
        .call(Method::GET, &format!("/api/v1/application/{id}"), t, None)
        .await;
    assert_eq!(view["applicants"][0]["covers"][0]["coverAmount"], 150_000);
    assert_eq!(
        view["version"],
        before + 2,
        "the price and the edit are both recorded"
    );

    // The history of commands that took turns replays with the current code (and can be
    // recorded for the workflows crate's replay test).
    app.keep_history(&id, "covers-children-and-a-price-at-once")
        .await;
}
