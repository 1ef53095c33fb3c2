//! Customer care (issue 35, §6 `cca`, `ccaadmin`): who may call what; a ccaadmin's flag change
//! and delegation taking effect on the adviser's next request; care reading any firm's cases
//! read only; every read of health answers recorded and listed; bad input refused clearly.

use crate::support::roles::{Caller, Callers};
use crate::support::{TestApp, fields};
use chrono::{Days, NaiveDate, Utc};
use domain::dates::uk_date;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const ADVISER: &str = "adviser1@example.com";
const ASSISTANT: &str = "assistant1@example.com";
const CCA: &str = "cca1@example.com";
const ADMIN: &str = "ccaadmin1@example.com";

fn today() -> NaiveDate {
    uk_date(Utc::now())
}

fn day(offset: i64) -> String {
    let date = if offset >= 0 {
        today().checked_add_days(Days::new(offset.unsigned_abs()))
    } else {
        today().checked_sub_days(Days::new(offset.unsigned_abs()))
    };
    date.unwrap().to_string()
}

/// A ccaadmin's request for a delegation.
async fn add_delegation(app: &TestApp, admin: &str, delegation: &Value) -> (StatusCode, Value) {
    app.call(
        Method::POST,
        "/api/v1/care/delegations",
        Some(admin),
        Some(delegation.clone()),
    )
    .await
}

/// What the portal tells a signed-in adviser (or assistant) about themself on their next request.
async fn adviser_me(app: &TestApp, token: &str) -> Value {
    let (status, body) = app
        .call(
            Method::GET,
            "/api/v1/backendforfrontend/adviser",
            Some(token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// The kinds of change in a history (`/care/advisers/{id}/history` or `/care/firms/{id}/history`),
/// newest first.
async fn history_kinds(app: &TestApp, admin: &str, history: &str) -> Vec<String> {
    let (status, body) = app.call(Method::GET, history, Some(admin), None).await;
    assert_eq!(status, StatusCode::OK, "{history}: {body}");
    body["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["kind"].as_str().unwrap().to_owned())
        .collect()
}

/// Customer care's reads of the case's health answers, from the record of every data read
/// (`/care/audit/reads`), newest first.
async fn care_health_reads(app: &TestApp, admin: &str, id: &Value) -> Vec<Value> {
    let path = format!("/api/v1/care/audit/reads?applicationId={id}");
    let (status, body) = app.call(Method::GET, &path, Some(admin), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| {
            r["data"] == "health-answers"
                && ["cca", "ccaadmin"].contains(&r["readerRole"].as_str().unwrap())
        })
        .cloned()
        .collect()
}

/// Every call of customer care's, each with who it is for: `true` for ccaadmin only.
fn calls(
    application: &Value,
    applicant: &Value,
    document: &str,
) -> Vec<(Method, String, Option<Value>, bool)> {
    let flags = json!({ "hideYourRef": true });
    vec![
        (
            Method::GET,
            "/api/v1/care/advisers?search=priya".into(),
            None,
            true,
        ),
        (
            Method::GET,
            "/api/v1/care/advisers/adviser2".into(),
            None,
            true,
        ),
        (
            Method::PUT,
            "/api/v1/care/advisers/adviser2/flags".into(),
            Some(flags),
            true,
        ),
        (
            Method::PUT,
            "/api/v1/care/advisers/adviser2/location".into(),
            Some(json!({ "firmLocationId": "northfield-leeds" })),
            true,
        ),
        (
            Method::GET,
            "/api/v1/care/advisers/adviser2/history".into(),
            None,
            true,
        ),
        (Method::GET, "/api/v1/care/firms".into(), None, true),
        (
            Method::GET,
            "/api/v1/care/firms/northfield/history".into(),
            None,
            true,
        ),
        (Method::GET, "/api/v1/care/audit/reads".into(), None, true),
        (
            Method::GET,
            "/api/v1/care/applications?searchTerm=turing".into(),
            None,
            false,
        ),
        (Method::GET, "/api/v1/care/policies".into(), None, false),
        (
            Method::GET,
            format!("/api/v1/care/applications/{application}"),
            None,
            false,
        ),
        (Method::GET, document.to_owned(), None, false),
        (
            Method::POST,
            format!(
                "/api/v1/care/applications/{application}/applicants/{}/health-answers",
                applicant.as_str().unwrap()
            ),
            None,
            false,
        ),
    ]
}

#[tokio::test(flavor = "multi_thread")]
async fn each_care_call_answers_its_roles_and_refuses_everyone_else() {
    let app = TestApp::spawn().await;
    let adviser = app.token(ADVISER).await;
    let (id, applicants) = app.applied_application(&adviser, false).await;
    let (status, body) = crate::support::interview::start(&app, &adviser, &applicants[0]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = app
        .call(
            Method::GET,
            &format!("/api/v1/backendforfrontend/keyfacts/{id}"),
            Some(&adviser),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let document = body["uri"]
        .as_str()
        .unwrap()
        .replace("/api/v1/document/", "/api/v1/care/documents/");

    let callers = Callers::sign_in(&app).await;
    for (method, path, body, admin_only) in calls(&id, &applicants[0], &document) {
        let answers = callers
            .expect(&app, method, &path, body, |caller| {
                match (caller, admin_only) {
                    (Caller::NoToken, _) => StatusCode::UNAUTHORIZED,
                    (Caller::CcaAdmin, _) | (Caller::Cca, false) => StatusCode::OK,
                    _ => StatusCode::FORBIDDEN,
                }
            })
            .await;
        for (who, status, answer) in answers {
            if status == StatusCode::FORBIDDEN {
                assert_eq!(answer["type"], "urn:adviser-portal:problem:forbidden");
                let detail = answer["detail"].as_str().unwrap();
                assert!(detail.contains("customer care"), "{who:?} {path}: {detail}");
            }
        }
    }
    // Care users are still refused the adviser's own calls.
    let cca = app.token(CCA).await;
    let (status, _) = app.get_application(&cca, &id).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_flag_change_shows_on_the_advisers_next_request_and_is_in_the_history() {
    let app = TestApp::spawn().await;
    let admin = app.token(ADMIN).await;
    let adviser = app.token(ADVISER).await;
    let before = adviser_me(&app, &adviser).await;
    assert_eq!(before["uxSettings"]["hideLifeEssentials"], false);
    assert_eq!(before["uxSettings"]["displayNewQuoteButton"], true);

    let (status, details) = app
        .call(
            Method::GET,
            "/api/v1/care/advisers/adviser1",
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{details}");
    let mut flags = details["uxSettings"].clone();
    assert_eq!(
        flags.as_object().unwrap().len(),
        11,
        "all eleven flags: {flags}"
    );
    flags["hideLifeEssentials"] = json!(true);
    flags["displayNewQuoteButton"] = json!(false);
    flags["fixedIndemnityPercentage"] = json!(50);
    let (status, changed) = app
        .call(
            Method::PUT,
            "/api/v1/care/advisers/adviser1/flags",
            Some(&admin),
            Some(flags.clone()),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!(changed["uxSettings"]["hideLifeEssentials"], true);

    // The same token, the next request: the adviser's portal reads the new flags.
    let after = adviser_me(&app, &adviser).await;
    assert_eq!(after["uxSettings"]["hideLifeEssentials"], true);
    assert_eq!(after["uxSettings"]["displayNewQuoteButton"], false);
    assert_eq!(after["uxSettings"]["fixedIndemnityPercentage"], 50.0);

    let (status, history) = app
        .call(
            Method::GET,
            "/api/v1/care/advisers/adviser1/history",
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{history}");
    let change = &history["changes"][0];
    assert_eq!(change["kind"], "flags");
    assert_eq!(change["actorSubject"], "ccaadmin1");
    assert_eq!(change["actorName"], "Omar Haddad");
    assert_eq!(change["before"]["hideLifeEssentials"], false);
    assert_eq!(change["after"]["hideLifeEssentials"], true);
    assert!(
        change["changedAt"]
            .as_str()
            .unwrap()
            .starts_with(&today().to_string()[..4])
    );

    // An impossible percentage is refused, naming the flag, and nothing changes.
    flags["fixedIndemnityPercentage"] = json!(150);
    let (status, refused) = app
        .call(
            Method::PUT,
            "/api/v1/care/advisers/adviser1/flags",
            Some(&admin),
            Some(flags),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(fields(&refused), ["fixedIndemnityPercentage"]);
    let kinds = history_kinds(&app, &admin, "/api/v1/care/advisers/adviser1/history").await;
    assert_eq!(kinds, ["flags"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_delegation_gives_the_assistant_the_advisers_cases_until_it_is_ended() {
    let app = TestApp::spawn().await;
    let admin = app.token(ADMIN).await;
    let assistant = app.token(ASSISTANT).await;
    let adviser2 = app.token("adviser2@example.com").await;
    let created = app.create_application(&adviser2).await;
    let search = "?adviserId=adviser2";

    // Before: assistant1 may not act for adviser2.
    let (status, _) = app.search(&assistant, search).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app.get_application(&assistant, &created["id"]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let delegation = json!({ "delegateId": "assistant1", "principalId": "adviser2", "from": day(0), "until": day(30) });
    let (status, added) = add_delegation(&app, &admin, &delegation).await;
    assert_eq!(status, StatusCode::CREATED, "{added}");
    assert_eq!(added["activeToday"], true);
    assert_eq!(added["principalName"], "Tom Fletcher");

    // The same token's next request: adviser2's cases are the assistant's to see.
    let (status, found) = app.search(&assistant, search).await;
    assert_eq!(status, StatusCode::OK, "{found}");
    assert_eq!(found["totalRecordCount"], 1);
    let (status, _) = app.get_application(&assistant, &created["id"]).await;
    assert_eq!(status, StatusCode::OK);
    let me = adviser_me(&app, &assistant).await;
    let acts_for: Vec<&str> = me["actsFor"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_str().unwrap())
        .collect();
    assert_eq!(acts_for, ["adviser1", "adviser2"]);

    // The same days again is a duplicate.
    let (status, refused) = add_delegation(&app, &admin, &delegation).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(fields(&refused), ["from"]);

    // Ended: gone from the next request.
    let path = format!(
        "/api/v1/care/delegations/{}/end",
        added["id"].as_str().unwrap()
    );
    let (status, ended) = app.call(Method::POST, &path, Some(&admin), None).await;
    assert_eq!(status, StatusCode::OK, "{ended}");
    assert_eq!(ended["activeToday"], false);
    assert_eq!(ended["endedOn"], day(0));
    let (status, _) = app.search(&assistant, search).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = app.call(Method::POST, &path, Some(&admin), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "ending twice");

    // Both advisers' histories hold both changes.
    for adviser in ["adviser2", "assistant1"] {
        let kinds = history_kinds(
            &app,
            &admin,
            &format!("/api/v1/care/advisers/{adviser}/history"),
        )
        .await;
        assert_eq!(kinds, ["delegationEnded", "delegationAdded"], "{adviser}");
    }

    // A delegation starting tomorrow is not in force today.
    let tomorrow = json!({ "delegateId": "assistant1", "principalId": "adviser2", "from": day(1) });
    let (status, later) = add_delegation(&app, &admin, &tomorrow).await;
    assert_eq!(status, StatusCode::CREATED, "{later}");
    assert_eq!(later["activeToday"], false);
    let (status, _) = app.search(&assistant, search).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread")]
async fn bad_changes_are_refused_with_what_is_wrong() {
    let app = TestApp::spawn().await;
    let admin = app.token(ADMIN).await;
    let post = |body: Value| {
        let (app, admin) = (&app, admin.clone());
        async move { add_delegation(app, &admin, &body).await }
    };
    // A ccaadmin's change with a body: the status and answer.
    let change = |method: Method, path: &str, body: Value| {
        let (app, admin, path) = (&app, admin.clone(), path.to_owned());
        async move { app.call(method, &path, Some(&admin), Some(body)).await }
    };
    let (status, body) =
        post(json!({ "delegateId": "nobody", "principalId": "adviser1", "from": day(0) })).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert!(body["detail"].as_str().unwrap().contains("nobody"));
    let (status, body) = post(json!({ "delegateId": "assistant1", "principalId": "adviser1", "from": day(5), "until": day(4) })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(fields(&body), ["until"]);
    let (status, body) =
        post(json!({ "delegateId": "adviser3", "principalId": "adviser1", "from": day(0) })).await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "another firm: {body}"
    );
    assert_eq!(fields(&body), ["delegateId"]);
    let (status, body) =
        post(json!({ "delegateId": "adviser1", "principalId": "adviser1", "from": day(0) })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "themself: {body}");
    let (status, body) = post(
        json!({ "delegateId": "assistant1", "principalId": "adviser2", "from": "31/12/2026" }),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(fields(&body), ["from"]);
    // A real date the contract allows but the portal does not take is refused, not unreadable.
    let (status, body) = post(
        json!({ "delegateId": "assistant1", "principalId": "adviser2", "from": day(0), "until": "8098-05-14" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(fields(&body), ["until"]);

    let location = |id: &str| json!({ "firmLocationId": id });
    let (status, body) = change(
        Method::PUT,
        "/api/v1/care/advisers/adviser1/location",
        location("nowhere"),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(fields(&body), ["firmLocationId"]);
    let (status, body) = change(
        Method::PUT,
        "/api/v1/care/advisers/adviser1/location",
        location("harbour-bristol"),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "another firm's location: {body}"
    );
    let (status, _) = change(Method::PUT, "/api/v1/care/advisers/nobody/flags", json!({})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // A location added, then a renaming to a name the firm has is refused; the adviser's
    // location takes the new one and their next request names it.
    let (status, added) = change(
        Method::POST,
        "/api/v1/care/firms/northfield/locations",
        json!({ "name": " Harrogate " }),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{added}");
    assert_eq!(added["name"], "Harrogate");
    let rename = format!("/api/v1/care/locations/{}", added["id"].as_str().unwrap());
    let (status, body) = change(Method::PUT, &rename, json!({ "name": "leeds" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(fields(&body), ["name"]);
    let (status, _) = change(Method::PUT, &rename, json!({ "name": "Harrogate Spa" })).await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = change(
        Method::PUT,
        "/api/v1/care/advisers/adviser1/location",
        location(added["id"].as_str().unwrap()),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let adviser = app.token(ADVISER).await;
    let me = adviser_me(&app, &adviser).await;
    assert_eq!(me["firmLocationName"], "Harrogate Spa");
    let kinds = history_kinds(&app, &admin, "/api/v1/care/firms/northfield/history").await;
    assert_eq!(kinds, ["locationRenamed", "locationAdded"]);
    let (status, _) = change(
        Method::POST,
        "/api/v1/care/firms/nofirm/locations",
        json!({ "name": "X" }),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // No history of what does not exist: each says which it is.
    for (history, what) in [
        ("/api/v1/care/firms/nofirm/history", "Firm"),
        ("/api/v1/care/advisers/nobody/history", "Adviser"),
    ] {
        let (status, body) = app.call(Method::GET, history, Some(&admin), None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{history}: {body}");
        assert!(
            body["detail"].as_str().unwrap().starts_with(what),
            "{history}: {body}"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn care_reads_any_firms_cases_and_every_health_answer_read_is_recorded() {
    let app = TestApp::spawn().await;
    let adviser1 = app.token(ADVISER).await;
    let adviser3 = app.token("adviser3@example.com").await;
    let cca = app.token(CCA).await;
    let admin = app.token(ADMIN).await;
    let (id, applicants) = app.applied_application(&adviser1, false).await;
    app.create_application(&adviser3).await;
    let (status, body) = crate::support::interview::start(&app, &adviser1, &applicants[0]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, _) = app
        .call(
            Method::GET,
            &format!("/api/v1/backendforfrontend/keyfacts/{id}"),
            Some(&adviser1),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    // Both firms' cases; the words narrow it to Alan Turing's.
    let (status, all) = app
        .call(Method::GET, "/api/v1/care/applications", Some(&cca), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{all}");
    assert_eq!(all["totalRecordCount"], 2);
    let mut firms: Vec<&str> = all["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|row| row["firmName"].as_str())
        .collect();
    firms.sort();
    assert_eq!(
        firms,
        ["Harbour Protection Ltd", "Northfield Financial Planning"],
        "each row names its firm"
    );
    let (_, found) = app
        .call(
            Method::GET,
            "/api/v1/care/applications?searchTerm=turing",
            Some(&cca),
            None,
        )
        .await;
    assert_eq!(found["totalRecordCount"], 1);
    assert_eq!(found["results"][0]["id"], id);

    let (status, case) = app
        .call(
            Method::GET,
            &format!("/api/v1/care/applications/{id}"),
            Some(&cca),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{case}");
    assert_eq!(case["adviser"]["name"], "Priya Shah");
    assert_eq!(case["adviser"]["firmName"], "Northfield Financial Planning");
    assert_eq!(case["application"]["id"], id);
    let documents = case["documents"].as_array().unwrap();
    assert_eq!(documents.len(), 1, "{documents:?}");
    let response = app
        .http
        .get(format!(
            "{}{}",
            app.base,
            documents[0]["uri"].as_str().unwrap()
        ))
        .bearer_auth(&cca)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.bytes().await.unwrap().starts_with(b"%PDF"));
    let (status, _) = app
        .call(
            Method::GET,
            "/api/v1/care/applications/999999",
            Some(&cca),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Nothing is recorded until the answers are asked for; then each read is, in the record of
    // every data read, listed by case.
    assert_eq!(
        care_health_reads(&app, &admin, &id).await,
        Vec::<Value>::new()
    );
    let answers = format!(
        "/api/v1/care/applications/{id}/applicants/{}/health-answers",
        applicants[0].as_str().unwrap()
    );
    let (status, enquiry) = app.call(Method::POST, &answers, Some(&cca), None).await;
    assert_eq!(status, StatusCode::OK, "{enquiry}");
    assert!(enquiry["sections"].is_array(), "{enquiry}");
    let (status, _) = app.call(Method::POST, &answers, Some(&admin), None).await;
    assert_eq!(status, StatusCode::OK);
    let listed = care_health_reads(&app, &admin, &id).await;
    assert_eq!(listed.len(), 2, "{listed:?}");
    assert_eq!(listed[0]["readerName"], "Omar Haddad");
    assert_eq!(listed[0]["readerRole"], "ccaadmin");
    assert_eq!(listed[1]["readerSubject"], "cca1");
    assert_eq!(listed[1]["readerRole"], "cca");
    assert_eq!(listed[1]["applicationId"], id);
    assert_eq!(listed[1]["applicantId"], applicants[0]);
    assert_eq!(
        care_health_reads(&app, &admin, &json!(100999)).await,
        Vec::<Value>::new()
    );
    let (status, _) = app
        .call(
            Method::GET,
            "/api/v1/care/audit/reads?applicationId=abc",
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // A client who is not on this case, and a case nobody has: not found, and not recorded.
    let elsewhere =
        format!("/api/v1/care/applications/{id}/applicants/someone-else/health-answers");
    let (status, _) = app.call(Method::POST, &elsewhere, Some(&cca), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(care_health_reads(&app, &admin, &id).await.len(), 2);

    // The answers document is not among care's downloads: answers are read only through the
    // recorded call.
    let (status, _) = app
        .call(
            Method::GET,
            &format!(
                "/api/v1/document/interview/{id}/{}/applicationanswers",
                applicants[0].as_str().unwrap()
            ),
            Some(&adviser1),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, case) = app
        .call(
            Method::GET,
            &format!("/api/v1/care/applications/{id}"),
            Some(&cca),
            None,
        )
        .await;
    assert!(
        case["documents"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| !d["kind"]
                .as_str()
                .unwrap()
                .starts_with("applicationanswers")),
        "{case}"
    );
}

/// Issue 50: a case in force is found under Applications by its clients' names and by its own
/// reference, as a caller names it, and its page gives the policy number, status and premium.
#[tokio::test(flavor = "multi_thread")]
async fn a_case_in_force_is_found_by_name_and_reference_with_its_policies() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let cca = app.token("cca1@example.com").await;
    let id = crate::support::interview::proceeded_application(&app, &adviser).await;
    crate::support::seeded::set_up_and_activate(&app, &adviser, id).await;
    for term in ["turing", &id.to_string()] {
        let (status, found) = app
            .call(
                Method::GET,
                &format!("/api/v1/care/applications?searchTerm={term}"),
                Some(&cca),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{found}");
        assert_eq!(found["totalRecordCount"], 1, "{term}: {found}");
        assert_eq!(found["results"][0]["id"], id);
        assert_eq!(found["results"][0]["status"], "WENT_ON_RISK");
    }
    let (status, case) = app
        .call(
            Method::GET,
            &format!("/api/v1/care/applications/{id}"),
            Some(&cca),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{case}");
    let policies = case["application"]["policies"].as_array().unwrap();
    assert_eq!(policies.len(), 2, "{case}");
    assert!(policies.iter().all(|p| p["status"] == "inForce"
        && p["policyReference"].as_str().unwrap().starts_with("PP")
        && p["monthlyPremium"].as_f64().unwrap() > 0.0));
}
