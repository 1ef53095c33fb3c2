//! Golden files for the one shape with four surfaces: the stored document (the read model's
//! JSON, the continue-as-new payload and the local activities' input are the same serde shape)
//! and the API's view of the same case. A change to either shape fails here, before it meets a
//! running case or an integrator: make old documents still read (a `#[serde(default)]`, an
//! alias), then write the files again with `UPDATE_GOLDEN=1 cargo test -p domain golden`.

use crate::Application;
use crate::application::ActivateApplication;
use crate::application::Command;
use crate::product_codes::StartDateOption;
use crate::testkit::{now, ready, today};
use std::path::PathBuf;

/// A couple's case in force: quoted, decided (one cover loaded), priced, bank details verified,
/// started and activated, as the workflow holds it and the read model stores it.
fn case_in_force() -> Application {
    let ready = ready(StartDateOption::Now, None);
    ActivateApplication.apply(&ready, now()).unwrap()
}

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name)
}

/// Compares `actual` with the golden file, or writes it when `UPDATE_GOLDEN` is set.
fn assert_golden(name: &str, actual: &serde_json::Value) {
    let path = golden_path(name);
    let text = serde_json::to_string_pretty(actual).unwrap() + "\n";
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let golden = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; write it with UPDATE_GOLDEN=1", path.display()));
    assert!(
        golden == text,
        "{name} changed shape. A running case's stored document or an integrator's client may no \
         longer read it: see the module comment.\n--- golden\n{golden}\n--- now\n{text}"
    );
}

#[test]
fn the_stored_document_of_a_case_in_force_keeps_its_shape() {
    let case = case_in_force();
    assert_golden(
        "stored-application.json",
        &serde_json::to_value(&case).unwrap(),
    );
}

#[test]
fn a_stored_document_written_before_today_still_reads_as_the_same_case() {
    let golden = std::fs::read(golden_path("stored-application.json")).unwrap();
    let read: Application =
        serde_json::from_slice(&golden).expect("a stored document of this shape must still read");
    assert_eq!(read, case_in_force());
}

#[test]
fn the_api_view_of_a_case_in_force_keeps_its_shape() {
    let view = case_in_force().view(today());
    assert_golden(
        "application-view.json",
        &serde_json::to_value(&view).unwrap(),
    );
}
