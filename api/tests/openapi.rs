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
