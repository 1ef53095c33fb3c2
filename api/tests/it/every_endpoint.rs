//! Every endpoint × every role (issue 36): the API's own OpenAPI document lists the operations;
//! each is called, with the ids of a real seeded case of adviser1's, as the owner, their
//! assistant, another adviser of the same firm, another firm's adviser, cca, ccaadmin, an
//! underwriter, the client on the case and nobody (no token). The access table beside this file
//! (`access-table.json`, one line per operationId) says who may reach adviser1's data there.
//!
//! It fails on any 5xx; on a 2xx, or a 4xx other than 401/403/404, for a caller not allowed (and
//! on anything but 401 without a token); on 401/403 for an allowed caller; on a GET an allowed
//! caller cannot read, or a command that answers them 404 (unless the table says why); on an
//! answer that names the case's clients to a caller who may use the endpoint but not see the
//! case (`open`); and on an operation missing from the table, or a table line for an operation
//! that no longer exists. Decisions AX1–AX3 say what "allowed" means and how the table is kept.

use crate::support::TestApp;
use crate::support::seeded::seed_case;
use futures::future::join_all;
use reqwest::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::Instant;

mod ids;
mod judge_tests;
mod operations;

use ids::Ids;
use operations::{Operation, operations};

/// Who calls, with the development user they sign in as (none: no token).
const CALLERS: [(&str, Option<&str>); 9] = [
    ("owner", Some("adviser1@example.com")),
    ("assistant", Some("assistant1@example.com")),
    ("sameFirm", Some("adviser2@example.com")),
    ("otherFirm", Some("adviser3@example.com")),
    ("cca", Some("cca1@example.com")),
    ("ccaadmin", Some("ccaadmin1@example.com")),
    ("underwriter", Some("underwriter1@example.com")),
    ("client", Some("client1@example.com")),
    ("anonymous", None),
];

const TABLE: &str = "access-table.json";

/// One line of the access table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct Access {
    op: String,
    /// Who may reach adviser1's data here: never 401/403; a GET answers them 2xx.
    #[serde(default)]
    allowed: Vec<String>,
    /// Who may use the endpoint without seeing adviser1's case: any non-5xx answer, and a 2xx
    /// never names the case's clients.
    #[serde(default)]
    open: Vec<String>,
    /// Not called, and why.
    skip: Option<String>,
    /// Why the allowed callers cannot reach the data on the seeded case (a GET that cannot
    /// answer 2xx, a command that finds nothing to act on: 404).
    unreached: Option<String>,
    /// Changes or ends something later calls need: called after every other operation.
    #[serde(default)]
    last: bool,
    /// Path parameters filled from another seeded case (`{"applicationId": "{qiApplicationId}"}`).
    #[serde(default)]
    params: BTreeMap<String, String>,
    /// Query parameters to send (`name=value&…`), where the operation needs one to answer.
    query: Option<String>,
    /// The body to send instead of the one generated from the schema; strings `{name}` are
    /// replaced by the seeded id of that name.
    body: Option<Value>,
}

#[tokio::test(flavor = "multi_thread")]
async fn every_operation_answers_every_role_as_the_access_table_says() {
    // Server errors are logged, never sent: shown with the test's output when one happens.
    let _ = tracing_subscriber::fmt()
        .with_env_filter("warn")
        .with_test_writer()
        .try_init();
    let started = Instant::now();
    let document: Value = serde_json::from_str(&api::openapi_json()).unwrap();
    let operations = operations(&document);
    let table = read_table();
    let mut failures = table_failures(&operations, &table);

    let app = TestApp::spawn().await;
    let seeded = seed_case(&app).await;
    let ids = Ids::gather(&app, &seeded).await;
    let seeded_at = started.elapsed();
    let mut tokens: HashMap<&str, Option<String>> = HashMap::new();
    for (name, email) in CALLERS {
        let token = match email {
            Some(email) => Some(app.token(email).await),
            None => None,
        };
        tokens.insert(name, token);
    }

    let entries: HashMap<&str, &Access> = table.iter().map(|a| (a.op.as_str(), a)).collect();
    let (later, first): (Vec<&Operation>, Vec<&Operation>) = operations
        .iter()
        .filter(|o| entries.get(o.id.as_str()).is_some_and(|a| a.skip.is_none()))
        .partition(|o| entries[o.id.as_str()].last);
    let mut matrix = Vec::new();
    for operation in first.into_iter().chain(later) {
        let access = entries[operation.id.as_str()];
        let answers = call_everyone(&app, &ids, &tokens, operation, access, &mut failures).await;
        matrix.push(format!(
            "{:<40} {}",
            operation.id,
            answers
                .iter()
                .map(|(who, status)| format!("{who}={}", status.as_u16()))
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    println!("{}", matrix.join("\n"));
    println!(
        "every_endpoint: {} operations × {} callers in {:?} (seeding {:?})",
        operations.len(),
        CALLERS.len(),
        started.elapsed(),
        seeded_at
    );
    assert!(
        failures.is_empty(),
        "{} problem(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Calls `operation` as every caller (those not allowed first, the owner last, for a command)
/// and checks each answer against the table; answers each caller's status.
async fn call_everyone(
    app: &TestApp,
    ids: &Ids,
    tokens: &HashMap<&str, Option<String>>,
    operation: &Operation,
    access: &Access,
    failures: &mut Vec<String>,
) -> Vec<(&'static str, StatusCode)> {
    let path = match ids.fill_path(operation, &access.params) {
        Ok(path) => match &access.query {
            Some(query) if path.contains('?') => format!("{path}&{query}"),
            Some(query) => format!("{path}?{query}"),
            None => path,
        },
        Err(name) => {
            failures.push(format!(
                "{}: the test does not know how to fill path parameter {{{name}}}: teach Ids::path_value",
                operation.id
            ));
            return Vec::new();
        }
    };
    let body = match (&access.body, &operation.body_schema) {
        (Some(body), _) => Some(ids.fill_body(body)),
        (None, Some(schema)) => Some(ids.sample(schema, None, 0)),
        (None, None) => None,
    };
    let allowed = |who: &str| access.allowed.iter().any(|a| a == who);
    let mut waves: Vec<Vec<&'static str>> = if operation.safe {
        vec![CALLERS.iter().map(|(who, _)| *who).collect()]
    } else {
        let refused = CALLERS.iter().map(|(w, _)| *w).filter(|w| !allowed(w));
        let others = CALLERS
            .iter()
            .map(|(w, _)| *w)
            .filter(|w| allowed(w) && *w != "owner");
        let owner = CALLERS
            .iter()
            .map(|(w, _)| *w)
            .filter(|w| allowed(w) && *w == "owner");
        vec![refused.collect(), others.collect(), owner.collect()]
    };
    waves.retain(|wave| !wave.is_empty());
    let mut answers = Vec::new();
    for wave in waves {
        let calls = wave.iter().map(|who| {
            let token = tokens[who].as_deref();
            let body = body.clone();
            let path = path.clone();
            async move {
                let (status, answer) = app.call(operation.method.clone(), &path, token, body).await;
                (*who, status, answer.to_string())
            }
        });
        for (who, status, answer) in join_all(calls).await {
            if let Some(problem) = judge(operation, access, ids, who, status, &answer) {
                failures.push(format!(
                    "{} ({} {path}) as {who}: {problem}",
                    operation.id, operation.method
                ));
            }
            answers.push((who, status));
        }
    }
    answers
}

/// What is wrong with `who`'s answer, if anything.
fn judge(
    operation: &Operation,
    access: &Access,
    ids: &Ids,
    who: &str,
    status: StatusCode,
    answer: &str,
) -> Option<String> {
    let short = || answer.chars().take(300).collect::<String>();
    if status.is_server_error() {
        return Some(format!("server error {status}: {}", short()));
    }
    if access.allowed.iter().any(|a| a == who) {
        if matches!(status, StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN) {
            return Some(format!("allowed, but refused with {status}: {}", short()));
        }
        let reached = status.is_success() || (!operation.safe && status != StatusCode::NOT_FOUND);
        if !reached && access.unreached.is_none() {
            return Some(format!(
                "allowed, but did not reach the data ({status}): {} (or give the table line an `unreached` reason)",
                short()
            ));
        }
        return None;
    }
    let named = ids.markers.iter().find(|m| answer.contains(m.as_str()));
    if access.open.iter().any(|a| a == who) {
        return named.map(|m| {
            format!("may use this but not see the case, yet the answer ({status}) names {m:?}")
        });
    }
    if status.is_success() {
        return Some(format!(
            "LEAK: not allowed, yet answered {status}: {}",
            short()
        ));
    }
    let expected: &[StatusCode] = if who == "anonymous" {
        &[StatusCode::UNAUTHORIZED]
    } else {
        &[StatusCode::FORBIDDEN, StatusCode::NOT_FOUND]
    };
    if !expected.contains(&status) {
        return Some(format!(
            "not allowed: expected {expected:?}, got {status}: {}",
            short()
        ));
    }
    named.map(|m| format!("refused, yet the refusal names {m:?}"))
}

fn read_table() -> Vec<Access> {
    let path = crate::support::workspace().join("api/tests/it").join(TABLE);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Operations the table lacks, lines for operations that are gone, and names nobody calls.
fn table_failures(operations: &[Operation], table: &[Access]) -> Vec<String> {
    let mut failures = Vec::new();
    let known: HashSet<&str> = operations.iter().map(|o| o.id.as_str()).collect();
    let mut seen = HashSet::new();
    for access in table {
        if !seen.insert(access.op.as_str()) {
            failures.push(format!("{TABLE}: {} is listed twice", access.op));
        }
        if !known.contains(access.op.as_str()) {
            failures.push(format!(
                "{TABLE}: {} is no longer an operation of the API: remove its line",
                access.op
            ));
        }
        for who in access.allowed.iter().chain(&access.open) {
            if !CALLERS.iter().any(|(name, _)| name == who) {
                failures.push(format!(
                    "{TABLE}: {}: no caller is called {who:?}",
                    access.op
                ));
            }
        }
        if access.skip.is_none() && access.allowed.is_empty() && access.open.is_empty() {
            failures.push(format!(
                "{TABLE}: {}: nobody is allowed: say who, or skip it with a reason",
                access.op
            ));
        }
    }
    for operation in operations {
        if !seen.contains(operation.id.as_str()) {
            failures.push(format!(
                "{} {} ({}) is not in api/tests/it/{TABLE}: add {{\"op\": \"{}\", \"allowed\": [...]}} in the document's order, naming who may reach adviser1's data there",
                operation.method, operation.path, operation.id, operation.id
            ));
        }
    }
    failures
}
