//! The judge itself: each kind of wrong answer is caught, and the right ones pass.

use super::*;
use reqwest::Method;
use serde_json::json;

fn operation(method: Method) -> Operation {
    Operation {
        id: "get_thing".into(),
        safe: method == Method::GET,
        method,
        path: "/api/v1/thing/{applicationId}".into(),
        path_params: vec!["applicationId".into()],
        required_query: Vec::new(),
        body_schema: None,
    }
}

fn access(line: Value) -> Access {
    serde_json::from_value(line).unwrap()
}

fn ids() -> Ids {
    Ids {
        values: BTreeMap::new(),
        documents: BTreeMap::new(),
        application_id: 1,
        markers: vec!["Turing".into()],
    }
}

fn verdict(method: Method, line: Value, who: &str, status: u16, answer: &str) -> Option<String> {
    let status = StatusCode::from_u16(status).unwrap();
    judge(
        &operation(method),
        &access(line),
        &ids(),
        who,
        status,
        answer,
    )
}

#[test]
fn a_2xx_for_a_caller_not_allowed_is_a_leak() {
    let line = json!({ "op": "get_thing", "allowed": ["owner"] });
    let found = verdict(Method::GET, line.clone(), "otherFirm", 200, "{}").unwrap();
    assert!(found.starts_with("LEAK"), "{found}");
    assert_eq!(
        verdict(Method::GET, line.clone(), "otherFirm", 404, "{}"),
        None
    );
    assert_eq!(verdict(Method::GET, line.clone(), "cca", 403, "{}"), None);
    assert!(
        verdict(Method::GET, line.clone(), "anonymous", 403, "{}").is_some(),
        "no token is 401"
    );
    assert!(
        verdict(Method::POST, line, "otherFirm", 422, "{}").is_some(),
        "validated before access"
    );
}

#[test]
fn an_allowed_caller_refused_or_not_reaching_the_data_fails() {
    let line = json!({ "op": "get_thing", "allowed": ["owner"] });
    assert!(verdict(Method::POST, line.clone(), "owner", 403, "{}").is_some());
    assert!(verdict(Method::GET, line.clone(), "owner", 404, "{}").is_some());
    assert!(verdict(Method::POST, line.clone(), "owner", 404, "{}").is_some());
    assert_eq!(
        verdict(Method::POST, line.clone(), "owner", 409, "{}"),
        None,
        "reached, then refused by the rules"
    );
    assert_eq!(verdict(Method::GET, line, "owner", 200, "{}"), None);
    let excused = json!({ "op": "get_thing", "allowed": ["owner"], "unreached": "why" });
    assert_eq!(
        verdict(Method::GET, excused.clone(), "owner", 404, "{}"),
        None
    );
    assert!(
        verdict(Method::GET, excused, "owner", 401, "{}").is_some(),
        "never 401/403"
    );
}

#[test]
fn a_server_error_fails_for_anyone() {
    let line = json!({ "op": "get_thing", "allowed": ["owner"], "open": ["sameFirm"] });
    for who in ["owner", "sameFirm", "otherFirm"] {
        assert!(
            verdict(Method::GET, line.clone(), who, 500, "{}").is_some(),
            "{who}"
        );
    }
}

#[test]
fn an_open_caller_may_use_it_but_not_see_the_case() {
    let line = json!({ "op": "get_thing", "allowed": ["owner"], "open": ["otherFirm"] });
    assert_eq!(
        verdict(
            Method::GET,
            line.clone(),
            "otherFirm",
            200,
            r#"{"results":[]}"#
        ),
        None
    );
    assert!(
        verdict(
            Method::GET,
            line,
            "otherFirm",
            200,
            r#"{"results":["Alan Turing"]}"#
        )
        .is_some()
    );
}

#[test]
fn the_table_must_name_every_operation_and_only_those() {
    let operations = vec![operation(Method::GET)];
    assert_eq!(
        table_failures(
            &operations,
            &[access(json!({ "op": "get_thing", "allowed": ["owner"] }))]
        ),
        Vec::<String>::new()
    );
    let missing = table_failures(&operations, &[]);
    assert!(
        missing[0].contains("is not in api/tests/it/access-table.json"),
        "{missing:?}"
    );
    let gone = table_failures(
        &operations,
        &[
            access(json!({ "op": "get_thing", "allowed": ["owner"] })),
            access(json!({ "op": "old_thing", "allowed": ["owner"] })),
        ],
    );
    assert!(
        gone[0].contains("old_thing is no longer an operation"),
        "{gone:?}"
    );
    let typo = table_failures(
        &operations,
        &[access(json!({ "op": "get_thing", "allowed": ["owenr"] }))],
    );
    assert!(typo[0].contains("no caller is called"), "{typo:?}");
}
