//! A case's change timeline (issue 36), read from its workflows' histories: a case created and
//! changed by its adviser, the adviser's assistant and an underwriter lists each change newest
//! first, its creation last, with who made it in what role and the names of the fields it
//! changed, never a health answer or a bank detail; an adviser of another firm, or of the same
//! firm, finds no such case; customer care reads the same timeline.

use crate::support::interview::underwrite;
use crate::support::seeded::{drinking, put_in_force};
use crate::support::{TestApp, eventually};
use domain::testkit::PLAIN_ANSWERS;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// What only the case's health answers and bank details hold (`PLAIN_ANSWERS`, `drinking`,
/// `set_up_and_activate`).
const SECRETS: &[&str] = &[
    "GP_REGISTERED_SINCE",
    "HAS_CONDITIONS",
    "ALCOHOL_UNITS",
    "FAMILY_HISTORY",
    "Software developer",
    "2015-06-01",
    "66374958",
    "08-99-99",
    "089999",
    "Mr Alan Turing",
];

async fn timeline(app: &TestApp, token: Option<&str>, path: &str) -> (StatusCode, Value) {
    app.call(Method::GET, path, token, None).await
}

fn adviser_path(key: i64) -> String {
    format!("/api/v1/application/{key}/timeline")
}

fn care_path(key: i64) -> String {
    format!("/api/v1/care/applications/{key}/timeline")
}

/// The first (newest) entry for `what`, and its place in the list.
fn find<'a>(entries: &'a [Value], what: &str) -> (usize, &'a Value) {
    entries
        .iter()
        .enumerate()
        .find(|(_, e)| e["what"] == what)
        .unwrap_or_else(|| panic!("no {what:?} in {entries:#?}"))
}

fn by(entry: &Value) -> (&str, &str) {
    (
        entry["by"]["name"].as_str().unwrap_or_default(),
        entry["by"]["role"].as_str().unwrap_or_default(),
    )
}

/// A joint case quoted by adviser1, a child added by their assistant, applied for; Alan drinks
/// 60 units a week, so his life cover is referred; underwriter1 claims it and gives standard
/// terms; the adviser prices the decision, saves the bank details and puts it in force.
async fn case_changed_by_three(app: &TestApp) -> (i64, String) {
    let adviser = app.token("adviser1@example.com").await;
    let assistant = app.token("assistant1@example.com").await;
    let underwriter = app.token("underwriter1@example.com").await;
    let (id, clients) = app.quoted_application(&adviser, true).await;
    let key = id.as_i64().unwrap();
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/v1/application/{key}/children"),
            Some(&assistant),
            Some(json!({ "firstName": "Grace", "surname": "Turing", "dateOfBirth": "2016-04-01" })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.apply(&adviser, &id, &clients).await;
    underwrite(app, &adviser, &id, &clients[0], &drinking("60")).await;
    underwrite(app, &adviser, &id, &clients[1], PLAIN_ANSWERS).await;
    eventually(Duration::from_secs(20), || async {
        let (_, application) = app.get_application(&adviser, &id).await;
        (application["status"] == "UNDERWRITING").then_some(())
    })
    .await;
    let case = format!("/api/v1/underwriter/cases/{key}");
    let (status, body) = app
        .call(
            Method::POST,
            &format!("{case}/claim"),
            Some(&underwriter),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, workbench) = app.call(Method::GET, &case, Some(&underwriter), None).await;
    let decision = json!({
        "applicantId": clients[0],
        "coverId": workbench["referred"][0]["coverId"],
        "decision": "standardterms",
        "reason": "Light drinking confirmed",
    });
    let (status, body) = app
        .call(
            Method::POST,
            &format!("{case}/decision"),
            Some(&underwriter),
            Some(decision),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    put_in_force(app, &adviser, key).await;
    (key, adviser)
}

#[tokio::test(flavor = "multi_thread")]
async fn the_timeline_names_each_change_who_made_it_and_its_fields_but_no_value() {
    let app = TestApp::spawn().await;
    let (key, adviser) = case_changed_by_three(&app).await;

    let (status, body) = timeline(&app, Some(&adviser), &adviser_path(key)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let entries = body["entries"].as_array().unwrap();
    assert_eq!(body["total"].as_u64(), Some(entries.len() as u64));
    let times: Vec<&str> = entries.iter().map(|e| e["at"].as_str().unwrap()).collect();
    let mut newest_first = times.clone();
    newest_first.sort_by(|a, b| {
        chrono::DateTime::parse_from_rfc3339(b)
            .unwrap()
            .cmp(&chrono::DateTime::parse_from_rfc3339(a).unwrap())
    });
    assert_eq!(times, newest_first, "newest first");

    // Each caller in their role, the changes in the order they were made.
    let (in_force, activated) = find(entries, "Policy put in force");
    let (bank, saved) = find(entries, "Bank details saved");
    let (decided, decision) = find(entries, "Underwriting decision on a cover");
    let (claimed, claim) = find(entries, "Case claimed by underwriting");
    let (answered, answers) = find(entries, "Health questions answered");
    let (child, added_child) = find(entries, "Child added");
    let (first_cover, cover) = find(entries, "Cover added");
    assert!(
        in_force < bank
            && bank < decided
            && decided < claimed
            && claimed < answered
            && answered < child
            && child < first_cover,
        "{entries:#?}"
    );
    for entry in [activated, saved, answers, cover] {
        assert_eq!(by(entry), ("Priya Shah", "Adviser"), "{entry}");
    }
    assert_eq!(
        by(added_child),
        ("Ben Carter", "Acting for the adviser"),
        "{added_child}"
    );
    for entry in [decision, claim] {
        assert_eq!(by(entry), ("Ruth Ellis", "Underwriter"), "{entry}");
    }

    // The fields by name only: bank details named, health answers counted.
    let fields = |entry: &Value| -> Vec<String> {
        entry["fields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f.as_str().unwrap().to_owned())
            .collect()
    };
    let bank_fields = fields(saved).join("; ");
    assert!(
        bank_fields.starts_with("bank details: ")
            && bank_fields.contains("account number")
            && bank_fields.contains("sort code"),
        "{bank_fields}"
    );
    let answered: Vec<String> = entries
        .iter()
        .filter(|e| e["what"] == "Health questions answered")
        .flat_map(fields)
        .collect();
    assert!(
        !answered.is_empty()
            && answered
                .iter()
                .all(|f| f.starts_with("answers to ") && f.ends_with(" questions")),
        "{answered:?}"
    );
    assert_eq!(
        answers["client"], "Ada Lovelace",
        "the newest answers are Ada's: {answers}"
    );
    assert_eq!(
        fields(added_child),
        ["date of birth", "first name", "surname"]
    );
    assert!(fields(activated).is_empty(), "{activated}");

    // The first change is the case's creation, by the adviser who created it.
    let created = entries.last().unwrap();
    assert_eq!(created["what"], "Case created", "{entries:#?}");
    assert_eq!(by(created), ("Priya Shah", "Adviser"), "{created}");
    assert!(fields(created).is_empty(), "{created}");
    assert_eq!(
        entries
            .iter()
            .filter(|e| e["what"] == "Case created")
            .count(),
        1
    );
    let text = body.to_string();
    for secret in SECRETS {
        assert!(!text.contains(secret), "the timeline shows {secret:?}");
    }

    // The assistant reads it too; another adviser, of this firm or another, finds no case.
    let assistant = app.token("assistant1@example.com").await;
    let (status, _) = timeline(&app, Some(&assistant), &adviser_path(key)).await;
    assert_eq!(status, StatusCode::OK);
    for other in ["adviser2@example.com", "adviser3@example.com"] {
        let token = app.token(other).await;
        let (status, body) = timeline(&app, Some(&token), &adviser_path(key)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{other}: {body}");
        assert!(!body.to_string().contains("Priya Shah"), "{body}");
    }
    let (status, _) = timeline(&app, None, &adviser_path(key)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // Customer care reads the same timeline; an adviser may not use care's call.
    let cca = app.token("cca1@example.com").await;
    let (status, care) = timeline(&app, Some(&cca), &care_path(key)).await;
    assert_eq!(status, StatusCode::OK, "{care}");
    assert_eq!(care["entries"], body["entries"]);
    let (status, _) = timeline(&app, Some(&cca), &care_path(key + 1000)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = timeline(&app, Some(&adviser), &care_path(key)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

/// Client1 answers Alan's health questions in the client portal, sent there by the adviser:
/// the timeline shows the client as the one who answered, counting the answers, and the
/// adviser as the one who sent and took them back.
#[tokio::test(flavor = "multi_thread")]
async fn answers_the_client_gives_in_the_portal_show_the_client_as_who_gave_them() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let client = app.token("client1@example.com").await;
    let (id, clients) = app.applied_application(&adviser, true).await;
    let key = id.as_i64().unwrap();
    let alan = &clients[0];
    let (status, body) = crate::support::interview::start(&app, &adviser, alan).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.store()
        .link_client(
            &domain::AdviserId::parse("client1").unwrap(),
            domain::ApplicationId::new(key).unwrap(),
            &domain::ApplicantId::parse(alan.as_str().unwrap()).unwrap(),
            chrono::Utc::now(),
        )
        .await
        .unwrap();
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/v1/portal/apply/{key}"),
            Some(&adviser),
            Some(json!({ "applicantId": alan })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let answers: Vec<Value> = [("ALCOHOL_UNITS", "4"), ("HAS_CONDITIONS", "No")]
        .iter()
        .map(|(tag, value)| json!({ "tag": tag, "value": value }))
        .collect();
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/v1/portal/health-questions/{}", alan.as_str().unwrap()),
            Some(&client),
            Some(json!({ "answers": answers })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    let (status, body) = timeline(&app, Some(&adviser), &adviser_path(key)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let entries = body["entries"].as_array().unwrap();
    let (answered_at, answered) = find(entries, "Health questions answered by the client");
    let (sent_at, sent) = find(entries, "Health questions sent to the client");
    assert!(answered_at < sent_at, "{entries:#?}");
    assert_eq!(by(answered), ("Daniel Price", "Client"), "{answered}");
    assert_eq!(answered["client"], "Alan Turing");
    assert_eq!(answered["fields"], json!(["answers to 2 questions"]));
    assert_eq!(by(sent), ("Priya Shah", "Adviser"), "{sent}");
    let text = body.to_string();
    for secret in ["ALCOHOL_UNITS", "HAS_CONDITIONS"] {
        assert!(!text.contains(secret), "the timeline shows {secret:?}");
    }
}

/// How long the timeline takes on a case of about thirty changes: a figure for the notes, not a
/// check (`cargo test -p api --test it timeline:: -- --ignored --nocapture`).
#[tokio::test(flavor = "multi_thread")]
#[ignore = "a measurement, run on demand"]
async fn time_to_read_the_timeline_of_a_case_of_about_thirty_changes() {
    let app = TestApp::spawn().await;
    let (key, adviser) = case_changed_by_three(&app).await;
    let mut times = Vec::new();
    let mut total = 0;
    for _ in 0..10 {
        let started = Instant::now();
        let (status, body) = timeline(&app, Some(&adviser), &adviser_path(key)).await;
        times.push(started.elapsed());
        assert_eq!(status, StatusCode::OK);
        total = body["total"].as_u64().unwrap();
    }
    times.sort();
    eprintln!(
        "timeline of {total} changes: median {:?}, slowest {:?} over {} reads",
        times[times.len() / 2],
        times[times.len() - 1],
        times.len()
    );
}
