//! Underwriting Qi over HTTP against a real Temporal dev server and SQLite: a quick indication
//! for a client with high blood pressure, its reason, an indicative price on the loaded terms,
//! its document, access by role, and an application started from it whose enquiry starts with
//! every Qi answer.

use crate::support::interview::{answer, answer_of, declare_and_close, start};
use crate::support::{TestApp, errors, eventually, pdf_text};
use domain::testkit::PLAIN_ANSWERS;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

fn client() -> Value {
    json!({
        "firstName": "Jane", "lastName": "Qi", "gender": "female",
        "dateOfBirth": "1980-06-23", "smoking": "noneInFiveYears"
    })
}

fn answers(pairs: &[(&str, &str)]) -> Value {
    json!({ "answers": pairs.iter().map(|(t, v)| json!({"tag": t, "value": v})).collect::<Vec<_>>() })
}

/// The Qi answers: the plain interview with high blood pressure, not controlled.
fn hypertension() -> Vec<(&'static str, &'static str)> {
    let mut all: Vec<_> = PLAIN_ANSWERS
        .iter()
        .copied()
        .filter(|(tag, _)| *tag != "HAS_CONDITIONS")
        .collect();
    all.extend([
        ("HAS_CONDITIONS", "Yes"),
        ("CONDITIONS", "everyday-high-blood-pressure"),
        ("HYPERTENSION_CONTROLLED", "No"),
        ("HYPERTENSION_DIAGNOSED", "2019-03-01"),
    ]);
    all
}

#[tokio::test(flavor = "multi_thread")]
async fn an_indication_is_priced_downloaded_and_carried_into_an_application() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;

    // A client outside §9's ages is refused on the field, and nothing is started.
    let mut young = client();
    young["dateOfBirth"] = json!("2012-01-01");
    let (status, body) = app
        .call(Method::POST, "/api/v1/qi", Some(&token), Some(young))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(errors(&body)[0].0, "dateOfBirth");

    let (status, qi) = app
        .call(Method::POST, "/api/v1/qi", Some(&token), Some(client()))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{qi}");
    let id = qi["id"].as_str().unwrap().to_owned();
    assert_eq!(qi["steps"]["clientDetailsComplete"], json!(false));
    assert_eq!(qi["expired"], json!(false));

    // The client's name corrected: the same enquiry, the new name.
    let mut corrected = client();
    corrected["lastName"] = json!("Quinn");
    let (status, qi) = app
        .call(
            Method::PUT,
            &format!("/api/v1/qi/{id}/client"),
            Some(&token),
            Some(corrected),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{qi}");
    assert_eq!(qi["client"]["lastName"], "Quinn");
    assert_eq!(qi["version"], json!(2));

    // Asking for the decision before the answers names what is missing.
    let risk = format!("/api/v1/decision/qi/{id}/risk");
    let (status, body) = app.call(Method::POST, &risk, Some(&token), None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(errors(&body).iter().any(|(field, _)| field == "HEIGHT"));

    let path = format!("/api/v1/qi/{id}/answers");
    // An answer that names no question is refused, naming the answer.
    let (status, body) = app
        .call(
            Method::POST,
            &path,
            Some(&token),
            Some(answers(&[(" ", "No")])),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(errors(&body)[0].0, "answers[0].tag", "{body}");
    let (status, qi) = app
        .call(
            Method::POST,
            &path,
            Some(&token),
            Some(answers(&hypertension())),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{qi}");
    assert_eq!(qi["steps"]["conditionsComplete"], json!(true), "{qi}");

    let (status, qi) = app.call(Method::POST, &risk, Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{qi}");
    let indication = qi["indication"].as_array().unwrap();
    assert_eq!(indication.len(), 4, "life, ci, aci and ip");
    let life = indication
        .iter()
        .find(|o| o["productType"] == "life")
        .unwrap();
    assert_eq!(life["decision"], "nonstandardterms", "{life}");
    assert_eq!(life["loading"], 50);
    assert!(
        life["explanations"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("not controlled"),
        "{life}"
    );

    // Narrowed to chosen products.
    let (status, narrowed) = app
        .call(
            Method::POST,
            &format!("/api/v1/decision/qi/{id}/product"),
            Some(&token),
            Some(json!({"productTypes": ["life", "ip"]})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{narrowed}");
    assert_eq!(narrowed["outcomes"].as_array().unwrap().len(), 2);

    // £200,000 of level life cover over 20 years, on the loaded terms.
    let cover =
        json!({"productType": "life", "coverType": "level", "coverAmount": 200000, "term": 20});
    let (status, qi) = app
        .call(
            Method::POST,
            &format!("/api/v1/decision/qi/{id}/quote"),
            Some(&token),
            Some(json!({"covers": [cover]})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{qi}");
    let quote = &qi["quote"]["quote"];
    assert!(quote["premium"].as_f64().unwrap() > 0.0, "{quote}");
    assert!(
        quote["premium"].as_f64() > quote["unloadedPremium"].as_f64().map(|p| p - 0.001),
        "the loading raises the price: {quote}"
    );

    // The indication's document, marked as an indication.
    let client_id = qi["enquiry"]["applicantId"].as_str().unwrap();
    let response = app
        .http
        .get(format!(
            "{}/api/v1/document/interview/{id}/{client_id}/quote?fileName=indication.pdf&alreadyExists=true",
            app.base
        ))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-disposition"],
        "attachment; filename=\"indication.pdf\""
    );
    assert_eq!(
        response.headers()["cache-control"],
        "private, no-store",
        "it names a health condition: no cache may keep it"
    );
    let text = pdf_text(&response.bytes().await.unwrap());
    assert!(text.contains("INDICATION ONLY"), "{text}");
    assert!(text.contains("High blood pressure"), "{text}");

    // Another firm's adviser is told it is not found; an underwriter may not ask Qi.
    let other = app.token("adviser3@example.com").await;
    let (status, _) = app
        .call(Method::GET, &format!("/api/v1/qi/{id}"), Some(&other), None)
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let underwriter = app.token("underwriter1@example.com").await;
    let (status, _) = app
        .call(Method::GET, "/api/v1/qi", Some(&underwriter), None)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // The assistant acting for the adviser sees it in the list.
    let assistant = app.token("assistant1@example.com").await;
    let (_, list) = app
        .call(Method::GET, "/api/v1/qi", Some(&assistant), None)
        .await;
    assert!(
        list["results"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["id"] == id.as_str()),
        "{list}"
    );

    // Start the application: the client and cover are there, and the enquiry starts with every
    // Qi answer.
    let (status, started) = app
        .call(
            Method::POST,
            &format!("/api/v1/qi/{id}/application"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{started}");
    let application_id = started["applicationId"].clone();
    let (_, application) = app.get_application(&token, &application_id).await;
    let applicant = &application["applicants"][0];
    assert_eq!(applicant["firstName"], "Jane");
    assert_eq!(applicant["indication"]["qiId"], json!(id), "{applicant}");
    assert_eq!(applicant["covers"][0]["coverAmount"], json!(200000));
    // Asking again answers with the same application.
    let (status, again) = app
        .call(
            Method::POST,
            &format!("/api/v1/qi/{id}/application"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(
        (status, again["applicationId"].clone()),
        (StatusCode::OK, application_id.clone())
    );

    // Complete what Qi did not ask (the title, contact details), apply, and start the client's
    // interview: every Qi answer is already there.
    let applicant_id = applicant["id"].clone();
    let (status, body) = app
        .call(
            Method::PATCH,
            &format!(
                "/api/v1/application/{}/applicant/{}",
                application_id,
                applicant_id.as_str().unwrap()
            ),
            Some(&token),
            Some(json!({"title": "Mrs"})),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = app.price(&token, &application_id).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.apply(&token, &application_id, std::slice::from_ref(&applicant_id))
        .await;
    let (status, enquiry) = start(&app, &token, &applicant_id).await;
    assert_eq!(status, StatusCode::OK, "{enquiry}");
    for (tag, value) in hypertension() {
        assert_eq!(
            answer_of(&enquiry, tag),
            Some(value),
            "{tag} carried from Qi"
        );
    }
    let still_asked: Vec<&str> = enquiry["sections"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["enquiryLines"].as_array().unwrap())
        .filter(|l| {
            !l["tags"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t == "OPTIONAL")
        })
        .flat_map(|l| l["questions"].as_array().unwrap())
        .filter(|q| q["isSatisfied"] == json!(false))
        .map(|q| q["tag"].as_str().unwrap())
        .collect();
    println!("questions the full enquiry still asked after Qi: {still_asked:?}");
    assert!(still_asked.is_empty(), "{still_asked:?}");

    // The client's weight turns out higher in the application: the decision shows the indicated
    // terms beside the final ones, and names the answer that changed.
    let (status, body) = answer(&app, &token, &applicant_id, &[("WEIGHT", "96")]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    declare_and_close(&app, &token, &application_id, &applicant_id).await;
    eventually(std::time::Duration::from_secs(20), || async {
        let (_, application) = app.get_application(&token, &application_id).await;
        (application["status"] == "DECISION").then_some(())
    })
    .await;
    let key = application_id.as_i64().unwrap();
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/v1/actions/TriggerDecisionQuote/{key}"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, compared) = app
        .call(
            Method::GET,
            &format!(
                "/api/v1/application/{key}/applicant/{}/indication",
                applicant_id.as_str().unwrap()
            ),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{compared}");
    let cover = &compared["covers"][0];
    assert_eq!(
        cover["indicated"]["outcome"], "Non-standard terms",
        "{compared}"
    );
    assert_eq!(cover["indicated"]["loading"], 50);
    assert!(cover["decided"]["premium"].as_f64().is_some(), "{compared}");
    let sentences: Vec<&str> = compared["changedAnswers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["sentence"].as_str().unwrap())
        .collect();
    assert_eq!(sentences, ["Weight: 76 kg at Qi, 96 kg in the application"]);
    app.keep_qi_history(&id, "qi-indicated-priced-and-started")
        .await;
    // A client who did not come from Qi has nothing to compare.
    let (plain_id, plain_clients) = app.quoted_application(&token, false).await;
    let (status, _) = app
        .call(
            Method::GET,
            &format!(
                "/api/v1/application/{plain_id}/applicant/{}/indication",
                plain_clients[0].as_str().unwrap()
            ),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_indication_expires_after_30_days_and_then_takes_no_changes() {
    let app = TestApp::spawn().await;
    let token = app.token("adviser1@example.com").await;
    let (status, qi) = app
        .call(Method::POST, "/api/v1/qi", Some(&token), Some(client()))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{qi}");
    let id = qi["id"].as_str().unwrap().to_owned();
    let listed = |list: &Value| {
        list["results"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["id"] == id.as_str())
    };
    let (_, list) = app
        .call(Method::GET, "/api/v1/qi", Some(&token), None)
        .await;
    assert!(listed(&list), "{list}");

    // The workflow's timer is its only wait: skipping time passes the 30 days at once.
    app.skip_qi_time(&id).await;
    let expired = eventually(std::time::Duration::from_secs(30), || async {
        let (_, qi) = app
            .call(Method::GET, &format!("/api/v1/qi/{id}"), Some(&token), None)
            .await;
        (qi["expired"] == json!(true)).then_some(qi)
    })
    .await;
    assert_eq!(expired["client"]["firstName"], "Jane", "kept to read");
    let (_, list) = app
        .call(Method::GET, "/api/v1/qi", Some(&token), None)
        .await;
    assert!(
        !listed(&list),
        "an expired indication leaves the list: {list}"
    );
    let (status, body) = app
        .call(
            Method::POST,
            &format!("/api/v1/qi/{id}/answers"),
            Some(&token),
            Some(answers(&[("ALCOHOL_UNITS", "4")])),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["detail"], domain::qi::EXPIRED);
}

/// Every Qi call by every role: the owner's assistant may act; another adviser of the same firm
/// or another firm is told it is not found; customer care, underwriters and clients are
/// forbidden (they are not advisers); no token is unauthorised.
#[tokio::test(flavor = "multi_thread")]
async fn every_qi_call_follows_the_access_rules_for_every_role() {
    let app = TestApp::spawn().await;
    let owner = app.token("adviser1@example.com").await;
    let (status, qi) = app
        .call(Method::POST, "/api/v1/qi", Some(&owner), Some(client()))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{qi}");
    let id = qi["id"].as_str().unwrap().to_owned();
    let client_id = qi["enquiry"]["applicantId"].as_str().unwrap().to_owned();
    let cover = json!({"covers": [{"productType": "life", "coverType": "level", "coverAmount": 100000, "term": 10}]});
    let calls: Vec<(Method, String, Option<Value>)> = vec![
        (Method::GET, format!("/api/v1/qi/{id}"), None),
        (
            Method::PUT,
            format!("/api/v1/qi/{id}/client"),
            Some(client()),
        ),
        (
            Method::POST,
            format!("/api/v1/qi/{id}/answers"),
            Some(answers(&[("ALCOHOL_UNITS", "4")])),
        ),
        (Method::POST, format!("/api/v1/decision/qi/{id}/risk"), None),
        (
            Method::POST,
            format!("/api/v1/decision/qi/{id}/product"),
            Some(json!({"productTypes": ["life"]})),
        ),
        (
            Method::POST,
            format!("/api/v1/decision/qi/{id}/quote"),
            Some(cover),
        ),
        (
            Method::GET,
            format!("/api/v1/document/interview/{id}/{client_id}/quote"),
            None,
        ),
        (Method::POST, format!("/api/v1/qi/{id}/application"), None),
    ];
    for (who, expected) in [
        ("adviser2@example.com", StatusCode::NOT_FOUND),
        ("adviser3@example.com", StatusCode::NOT_FOUND),
        ("cca1@example.com", StatusCode::FORBIDDEN),
        ("ccaadmin1@example.com", StatusCode::FORBIDDEN),
        ("underwriter1@example.com", StatusCode::FORBIDDEN),
        ("client1@example.com", StatusCode::FORBIDDEN),
    ] {
        let token = app.token(who).await;
        for (method, path, body) in &calls {
            let (status, answer) = app
                .call(method.clone(), path, Some(&token), body.clone())
                .await;
            assert_eq!(status, expected, "{who} {method} {path}: {answer}");
        }
        let (status, list) = app
            .call(Method::GET, "/api/v1/qi", Some(&token), None)
            .await;
        if expected == StatusCode::FORBIDDEN {
            assert_eq!(status, StatusCode::FORBIDDEN, "{who} lists Qi");
        } else {
            assert!(
                !list["results"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|r| r["id"] == id.as_str()),
                "{who} sees another adviser's indication: {list}"
            );
        }
    }
    for (method, path, body) in &calls {
        let (status, _) = app.call(method.clone(), path, None, body.clone()).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "no token {method} {path}");
    }
    // The assistant acting for the owner reads it.
    let assistant = app.token("assistant1@example.com").await;
    let (status, read) = app
        .call(
            Method::GET,
            &format!("/api/v1/qi/{id}"),
            Some(&assistant),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{read}");
}
