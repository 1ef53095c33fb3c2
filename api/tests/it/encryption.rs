//! Health answers and bank details never reach Temporal in plain text (issue 36): a case taken
//! through underwriting and set-up leaves only ciphertext in its workflows' histories, as
//! Temporal stores them; a case handler reads the payloads through the codec endpoint and
//! anyone else is refused; and a case written under one key still runs after a newer key is
//! added.

use crate::support::TestApp;
use crate::support::interview::{proceeded_application, underwrite};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use domain::testkit::PLAIN_ANSWERS;
use prost::Message;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use temporalio_client::tonic::Request;
use temporalio_common::protos::temporal::api::common::v1::{Payload, WorkflowExecution};
use temporalio_common::protos::temporal::api::history::v1::History;
use temporalio_common::protos::temporal::api::workflowservice::v1::{
    GetWorkflowExecutionHistoryRequest, ListWorkflowExecutionsRequest,
};
use workflows::codec::{KEY_ID_METADATA, is_encrypted};

const ACCOUNT_NUMBER: &str = "66374958";
const SORT_CODE: &str = "08-99-99";
const UI: &str = "http://127.0.0.1:8233";

/// Strings only the clients' health answers carry (`PLAIN_ANSWERS`): their question tags and
/// the distinctive answers.
const HEALTH_STRINGS: &[&str] = &[
    "GP_REGISTERED_SINCE",
    "HAS_CONDITIONS",
    "ALCOHOL_UNITS",
    "FAMILY_HISTORY",
    "Software developer",
    "2015-06-01",
];

/// A case proceeded to set-up with both clients' interviews answered, its bank details given
/// and checked, and put in force; answers its reference.
async fn case_in_force(app: &TestApp, adviser: &str) -> i64 {
    let key = proceeded_application(app, adviser).await;
    crate::support::seeded::set_up_and_activate(app, adviser, key).await;
    key
}

/// Every run of every workflow in the app's namespace (the case's application workflow and
/// its clients' enquiries), with its history exactly as Temporal stores it.
async fn stored_histories(app: &TestApp) -> Vec<(String, History)> {
    let namespace = app.config.temporal.namespace.clone();
    let mut service = app.temporal_client().connection().workflow_service();
    let executions = service
        .list_workflow_executions(Request::new(ListWorkflowExecutionsRequest {
            namespace: namespace.clone(),
            page_size: 1000,
            ..Default::default()
        }))
        .await
        .unwrap()
        .into_inner()
        .executions;
    let mut histories = Vec::new();
    for execution in executions {
        let execution = execution.execution.unwrap();
        let mut events = Vec::new();
        let mut next_page_token = Vec::new();
        loop {
            let page = service
                .get_workflow_execution_history(Request::new(GetWorkflowExecutionHistoryRequest {
                    namespace: namespace.clone(),
                    execution: Some(WorkflowExecution {
                        workflow_id: execution.workflow_id.clone(),
                        run_id: execution.run_id.clone(),
                    }),
                    next_page_token,
                    ..Default::default()
                }))
                .await
                .unwrap()
                .into_inner();
            events.extend(page.history.unwrap_or_default().events);
            next_page_token = page.next_page_token;
            if next_page_token.is_empty() {
                break;
            }
        }
        histories.push((execution.workflow_id, History { events }));
    }
    histories
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle.as_bytes())
}

/// Every payload in a history (search attributes included), found by re-reading its bytes.
async fn payloads_of(history: &History) -> Vec<Payload> {
    use temporalio_common::payload_visitor::{AsyncPayloadVisitor, PayloadField, PayloadFieldData};
    struct Collect(Vec<Payload>);
    impl AsyncPayloadVisitor for Collect {
        fn visit<'a>(
            &'a mut self,
            field: PayloadField<'a>,
        ) -> futures::future::BoxFuture<
            'a,
            Result<(), temporalio_common::data_converters::PayloadConversionError>,
        > {
            match field.data {
                PayloadFieldData::Single(p) => self.0.push(p.clone()),
                PayloadFieldData::Repeated(ps) => self.0.extend(ps.iter().cloned()),
                PayloadFieldData::Payloads(ps) => self.0.extend(ps.payloads.iter().cloned()),
            }
            Box::pin(async { Ok(()) })
        }
    }
    let mut history = history.clone();
    let mut collect = Collect(Vec::new());
    temporalio_common::payload_visitor::PayloadVisitable::visit_payloads_mut(
        &mut history,
        &mut collect,
    )
    .await
    .unwrap();
    collect.0
}

#[tokio::test(flavor = "multi_thread")]
async fn a_case_in_force_leaves_no_health_answer_or_bank_detail_in_temporal() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let key = case_in_force(&app, &adviser).await;

    let histories = stored_histories(&app).await;
    let ids: Vec<&str> = histories.iter().map(|(id, _)| id.as_str()).collect();
    assert!(
        ids.contains(&format!("application-{key}").as_str()),
        "{ids:?}"
    );
    assert!(
        ids.iter().filter(|id| id.starts_with("enquiry-")).count() >= 2,
        "{ids:?}"
    );
    let keys = app.config.temporal.payload_keys.ring().unwrap();
    let mut decrypted_text = Vec::new();
    for (id, history) in &histories {
        let stored = history.encode_to_vec();
        for secret in HEALTH_STRINGS
            .iter()
            .chain(&[ACCOUNT_NUMBER, SORT_CODE, "089999"])
        {
            assert!(
                !contains(&stored, secret),
                "{id}'s history holds {secret:?}"
            );
        }
        // What is stored is the case itself, encrypted: its payloads name the key.
        let payloads = payloads_of(history).await;
        assert!(
            payloads.iter().any(is_encrypted),
            "{id} has no encrypted payload"
        );
        let mut decrypted = history.clone();
        workflows::codec::decrypt_history(&mut decrypted, keys.clone())
            .await
            .unwrap();
        decrypted_text.extend(decrypted.encode_to_vec());
    }
    // The same histories decrypted do hold them: the search above looked in the right place.
    for secret in HEALTH_STRINGS.iter().chain(&[ACCOUNT_NUMBER]) {
        assert!(
            contains(&decrypted_text, secret),
            "no decrypted history holds {secret:?}"
        );
    }
}

/// The encrypted payload of the case's history that carries the account number.
async fn payload_with_the_account_number(app: &TestApp, key: i64) -> Payload {
    let keys = app.config.temporal.payload_keys.ring().unwrap();
    let codec = workflows::codec::EncryptingCodec::new(keys);
    let (_, history) = stored_histories(app)
        .await
        .into_iter()
        .find(|(id, _)| *id == format!("application-{key}"))
        .unwrap();
    payloads_of(&history)
        .await
        .into_iter()
        .filter(is_encrypted)
        .find(|p| contains(&codec.decrypt(p.clone()).unwrap().data, ACCOUNT_NUMBER))
        .expect("a payload carries the bank details")
}

fn as_json(payload: &Payload) -> Value {
    let metadata: serde_json::Map<String, Value> = payload
        .metadata
        .iter()
        .map(|(k, v)| (k.clone(), Value::String(STANDARD.encode(v))))
        .collect();
    json!({ "metadata": metadata, "data": STANDARD.encode(&payload.data) })
}

async fn decode(
    app: &TestApp,
    token: Option<&str>,
    payloads: Vec<Value>,
) -> (StatusCode, reqwest::header::HeaderMap, Value) {
    let mut request = app
        .http
        .post(format!("{}/codec/decode", app.base))
        .header("Origin", UI)
        .header("X-Namespace", &app.config.temporal.namespace)
        .json(&json!({ "payloads": payloads }));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    (
        status,
        headers,
        response.json().await.unwrap_or(Value::Null),
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn the_codec_endpoint_decrypts_for_a_case_handler_and_refuses_anyone_else() {
    let app = TestApp::spawn_with(&[("TEMPORAL_UI_URL", UI.to_owned())]).await;
    let adviser = app.token("adviser1@example.com").await;
    let key = case_in_force(&app, &adviser).await;
    let encrypted = payload_with_the_account_number(&app, key).await;
    let plain = json!({ "metadata": { "encoding": STANDARD.encode("json/plain") }, "data": STANDARD.encode("\"recorded before encryption\"") });

    let handler = app.token("underwriter1@example.com").await;
    let (status, headers, body) = decode(
        &app,
        Some(&handler),
        vec![as_json(&encrypted), plain.clone()],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(headers["access-control-allow-origin"], UI);
    assert_eq!(headers["access-control-allow-credentials"], "true");
    let decoded = &body["payloads"][0];
    assert_eq!(
        decoded["metadata"]["encoding"],
        STANDARD.encode("json/plain")
    );
    let data = STANDARD.decode(decoded["data"].as_str().unwrap()).unwrap();
    assert!(contains(&data, ACCOUNT_NUMBER));
    assert_eq!(body["payloads"][1], plain, "a plain payload passes through");

    // Encoding what the UI sends gives a payload that decodes back.
    let typed = json!({ "metadata": { "encoding": STANDARD.encode("json/plain") }, "data": STANDARD.encode("{\"note\":1}") });
    let (status, body) = app
        .call(
            Method::POST,
            "/codec/encode",
            Some(&handler),
            Some(json!({ "payloads": [typed] })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["payloads"][0]["metadata"]["encoding"],
        STANDARD.encode("binary/encrypted")
    );
    let (_, _, back) = decode(&app, Some(&handler), vec![body["payloads"][0].clone()]).await;
    assert_eq!(back["payloads"][0], typed);

    for (who, token, expected) in [
        ("an adviser", Some(adviser.as_str()), StatusCode::FORBIDDEN),
        ("no one signed in", None, StatusCode::UNAUTHORIZED),
    ] {
        let (status, headers, body) = decode(&app, token, vec![as_json(&encrypted)]).await;
        assert_eq!(status, expected, "{who}: {body}");
        assert!(!body.to_string().contains(ACCOUNT_NUMBER), "{who}: {body}");
        assert_eq!(headers["access-control-allow-origin"], UI, "{who}");
    }
    let cca = app.token("cca1@example.com").await;
    assert_eq!(
        decode(&app, Some(&cca), vec![as_json(&encrypted)]).await.0,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_codec_endpoint_names_a_payload_it_cannot_read_and_answers_only_the_uis_origin() {
    let app = TestApp::spawn_with(&[("TEMPORAL_UI_URL", UI.to_owned())]).await;
    let handler = app.token("underwriter1@example.com").await;
    let other_keys =
        keyring::KeyRing::parse(&keyring::new_key_line("retired").unwrap(), None).unwrap();
    let foreign = workflows::codec::EncryptingCodec::new(other_keys)
        .encrypt(Payload {
            data: b"1".to_vec(),
            ..Default::default()
        })
        .unwrap();
    let mut tampered =
        workflows::codec::EncryptingCodec::new(app.config.temporal.payload_keys.ring().unwrap())
            .encrypt(Payload {
                data: b"1".to_vec(),
                ..Default::default()
            })
            .unwrap();
    tampered.data[15] ^= 1;
    let fine = json!({ "data": STANDARD.encode("2") });
    for (payloads, field, says) in [
        (
            vec![fine.clone(), as_json(&foreign)],
            "payloads[1]",
            "'retired'",
        ),
        (vec![as_json(&tampered)], "payloads[0]", "integrity"),
    ] {
        let (status, _, body) = decode(&app, Some(&handler), payloads).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let message = crate::support::message_of(&body, field);
        assert!(message.contains(says), "{message}");
    }
    let (status, _, body) =
        decode(&app, Some(&handler), vec![json!({ "data": "not base64!" })]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(crate::support::fields(&body), ["payloads[0]"]);

    // The dev server's UI has no sign-in of its own: the cookie a handler's session sets
    // stands in for the token, on /codec only.
    let session = format!("{}/codec/session", app.base);
    let response = app
        .http
        .post(&session)
        .bearer_auth(&handler)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let set_cookie = response.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .to_owned();
    for part in ["Path=/codec", "HttpOnly", "SameSite=Strict"] {
        assert!(set_cookie.contains(part), "{set_cookie}");
    }
    let cookie = set_cookie.split(';').next().unwrap().to_owned();
    assert_eq!(cookie, format!("portal_codec={handler}"));
    let with_cookie = |cookie: String| {
        app.http
            .post(format!("{}/codec/decode", app.base))
            .header("Origin", UI)
            .header("Cookie", cookie)
            .json(&json!({ "payloads": [fine.clone()] }))
            .send()
    };
    assert_eq!(with_cookie(cookie).await.unwrap().status(), StatusCode::OK);
    let adviser = app.token("adviser1@example.com").await;
    let response = app
        .http
        .post(&session)
        .bearer_auth(&adviser)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert!(response.headers().get("set-cookie").is_none());
    let adviser_cookie = format!("portal_codec={adviser}");
    assert_eq!(
        with_cookie(adviser_cookie).await.unwrap().status(),
        StatusCode::FORBIDDEN
    );
    let response = app.http.delete(&session).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert!(
        response.headers()["set-cookie"]
            .to_str()
            .unwrap()
            .starts_with("portal_codec=;")
    );

    let preflight = |origin: &'static str| {
        app.http
            .request(Method::OPTIONS, format!("{}/codec/decode", app.base))
            .header("Origin", origin)
            .header("Access-Control-Request-Method", "POST")
            .header(
                "Access-Control-Request-Headers",
                "authorization,content-type,x-namespace",
            )
            .send()
    };
    let response = preflight(UI).await.unwrap();
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let headers = response.headers();
    assert_eq!(headers["access-control-allow-origin"], UI);
    let allowed = headers["access-control-allow-headers"].to_str().unwrap();
    for header in ["authorization", "content-type", "x-namespace"] {
        assert!(allowed.contains(header), "{allowed}");
    }
    let response = preflight("https://evil.example").await.unwrap();
    assert!(
        response
            .headers()
            .get("access-control-allow-origin")
            .is_none()
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_case_written_under_one_key_runs_on_after_a_newer_key_is_added() {
    let old_key = keyring::new_key_line("key-a").unwrap();
    let mut app = TestApp::spawn_with(&[("PORTAL_PAYLOAD_KEYS", old_key.clone())]).await;
    let adviser = app.token("adviser1@example.com").await;
    let (id, clients) = app.applied_application(&adviser, false).await;
    underwrite(&app, &adviser, &id, &clients[0], PLAIN_ANSWERS).await;
    let key = id.as_i64().unwrap();
    let before = app.get_application(&adviser, &id).await.1["version"].clone();

    // Restarted with key B added and newest: a fresh worker replays the case from its history
    // (written under A) and takes the next command, writing under B.
    let rotated = format!("{old_key}\n{}", keyring::new_key_line("key-b").unwrap());
    app.restart_with_keys(keyring::KeySource::inline(rotated, None))
        .await;
    let path = format!("/api/v1/actions/TriggerDecisionQuote/{key}");
    crate::support::eventually(std::time::Duration::from_secs(20), || async {
        let (_, application) = app.get_application(&adviser, &id).await;
        (application["status"] == "DECISION").then_some(())
    })
    .await;
    let (status, body) = app.call(Method::POST, &path, Some(&adviser), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, after) = app.get_application(&adviser, &id).await;
    assert_eq!(status, StatusCode::OK);
    assert_ne!(
        after["version"], before,
        "the command after rotation was saved"
    );

    // The case's state reads under the rotated ring, answers given under A and all.
    let state: domain::Application = app
        .temporal_client()
        .get_workflow_handle::<workflows::ApplicationWorkflow>(format!("application-{key}"))
        .query(
            workflows::ApplicationWorkflow::application,
            (),
            temporalio_client::WorkflowQueryOptions::default(),
        )
        .await
        .unwrap();
    assert_eq!(state.id.get(), key);

    // What came before the rotation names key A; what was written after it, key B.
    let (_, history) = stored_histories(&app)
        .await
        .into_iter()
        .find(|(id, _)| *id == format!("application-{key}"))
        .unwrap();
    let key_ids: Vec<Vec<u8>> = payloads_of(&history)
        .await
        .iter()
        .filter(|p| is_encrypted(p))
        .map(|p| p.metadata[KEY_ID_METADATA].clone())
        .collect();
    assert_eq!(
        key_ids.first().map(Vec::as_slice),
        Some(b"key-a".as_slice())
    );
    assert!(
        key_ids.iter().any(|id| id == b"key-b"),
        "nothing under key B"
    );
}

/// Runs Temporal's own CLI against this test's server and namespace, as someone with access
/// to Temporal but not to the portal's keys would: its payloads are plain JSON.
fn temporal_cli(app: &TestApp, args: &[&str]) -> std::process::Output {
    let cli = std::env::var("TEMPORAL_CLI")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| crate::support::workspace().join(".venv/bin/temporal"));
    let address = crate::support::temporal_address().trim_start_matches("http://");
    std::process::Command::new(cli)
        .args(args)
        .args(["--address", address])
        .args(["--namespace", &app.config.temporal.namespace])
        .output()
        .expect("the Temporal CLI runs")
}

fn said(output: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The history of a workflow as JSON, for what it does and does not record.
async fn history_of(app: &TestApp, workflow_id: &str) -> String {
    String::from_utf8(
        app.history_json::<workflows::ApplicationWorkflow>(workflow_id.to_owned())
            .await,
    )
    .unwrap()
}

/// No way round the API (issue 49): an Update, a signal or a workflow start sent straight to
/// Temporal, in the CLI's own plain JSON, never changes a case. The Update is refused with the
/// reason and leaves nothing in the history; the signal is ignored and the case goes on taking
/// the portal's commands; the started workflow fails at once with the reason, having done nothing.
#[tokio::test(flavor = "multi_thread")]
async fn a_forged_update_signal_or_start_from_temporals_cli_is_refused() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let created = app.create_application(&adviser).await;
    let id = created["id"].clone();
    let workflow_id = format!("application-{id}");
    let reason = "not sealed with the adviser portal's key";

    let forged_update = json!({
        "requestedAt": chrono::Utc::now(),
        "body": { "thirdPartyRef": "FORGED-REF", "editable": true },
        "by": { "subject": "adviser1", "name": "Priya Shah", "role": "adviser" }
    })
    .to_string();
    let update = temporal_cli(
        &app,
        &[
            "workflow",
            "update",
            "execute",
            "--workflow-id",
            &workflow_id,
            "--name",
            "set_third_party_ref",
            "--input",
            &forged_update,
        ],
    );
    assert!(!update.status.success(), "{}", said(&update));
    assert!(said(&update).contains(reason), "{}", said(&update));
    let (_, after) = app.get_application(&adviser, &id).await;
    assert_ne!(after["thirdPartyRef"], "FORGED-REF");
    assert_eq!(after["version"], created["version"]);
    let history = history_of(&app, &workflow_id).await;
    assert!(!history.contains("set_third_party_ref"), "{history}");

    // A closed enquiry's outcome, forged: ignored, and the case still takes commands.
    let forged_signal = json!({
        "applicantId": "a1",
        "outcome": { "covers": [] },
        "closedAt": chrono::Utc::now()
    })
    .to_string();
    let signal = temporal_cli(
        &app,
        &[
            "workflow",
            "signal",
            "--workflow-id",
            &workflow_id,
            "--name",
            "enquiry_closed",
            "--input",
            &forged_signal,
        ],
    );
    assert!(signal.status.success(), "{}", said(&signal));
    let (status, body) = app
        .call(
            Method::POST,
            "/api/v1/backendforfrontend/application/thirdPartyRef",
            Some(&adviser),
            Some(json!({ "id": id, "thirdPartyRef": "REAL-REF" })),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, after) = app.get_application(&adviser, &id).await;
    assert_eq!(after["thirdPartyRef"], "REAL-REF");

    // A whole case started from the CLI with a real case's input, copied in plain.
    let started = history_of(&app, &workflow_id).await;
    let started: Value = serde_json::from_str(&started).unwrap();
    let input = &started["events"][0]["attributes"]["WorkflowExecutionStartedEventAttributes"]["input"]
        ["payloads"][0]["data"];
    let input = String::from_utf8(STANDARD.decode(input.as_str().unwrap()).unwrap()).unwrap();
    let forged_id = format!("application-forged-{id}");
    let start = temporal_cli(
        &app,
        &[
            "workflow",
            "start",
            "--type",
            "ApplicationWorkflow",
            "--task-queue",
            &app.config.temporal.task_queue,
            "--workflow-id",
            &forged_id,
            "--input",
            &input,
        ],
    );
    assert!(start.status.success(), "{}", said(&start));
    let failed = crate::support::eventually(std::time::Duration::from_secs(20), || async {
        let history = history_of(&app, &forged_id).await;
        history
            .contains("WorkflowExecutionFailedEventAttributes")
            .then_some(history)
    })
    .await;
    assert!(failed.contains(reason), "{failed}");
    for ran in [
        "MarkerRecordedEventAttributes",
        "UpsertWorkflowSearchAttributes",
    ] {
        assert!(
            !failed.contains(ran),
            "the forged case ran nothing: {failed}"
        );
    }
}
