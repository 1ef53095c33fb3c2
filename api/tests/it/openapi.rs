//! The committed OpenAPI document, from which the SPA's client is generated, must match the code.

#[test]
fn the_committed_openapi_document_is_current() {
    let path = std::path::Path::new(
        &std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    )
    .join("../openapi/openapi.json");
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    let generated = api::openapi_json();
    assert!(
        committed == generated,
        "openapi/openapi.json is stale: run `make openapi` and commit it (and the regenerated web client)"
    );
}

/// openapi-typescript merges operations that share an `operationId` (utoipa takes it from the
/// handler's function name), so two handlers of one name in different modules would silently
/// give the SPA's client one wrong type for both.
#[test]
fn every_operation_has_its_own_id() {
    let document: serde_json::Value =
        serde_json::from_str(&api::openapi_json()).expect("the document is JSON");
    let mut seen = std::collections::HashMap::new();
    for (path, item) in document["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("path item") {
            let Some(id) = operation.get("operationId").and_then(|id| id.as_str()) else {
                continue;
            };
            if let Some(first) = seen.insert(id.to_owned(), format!("{method} {path}")) {
                panic!("operationId {id:?} is used by {first} and by {method} {path}");
            }
        }
    }
    assert!(seen.len() > 100, "the document lists the API's operations");
}
