//! Reads the shared test vectors: inputs and expected outcomes that the Rust tests here and
//! the SPA's vitest tests both check, so the two sides provably apply the same rules.

#![allow(dead_code)]

use serde_json::Value;

/// The vectors of one topic of `domain/vectors.json`, for example `postcodes`.
pub fn vectors(topic: &str) -> Value {
    static FILE: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    let file = FILE.get_or_init(|| {
        let path = std::path::Path::new(
            &std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
        )
        .join("vectors.json");
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    });
    file["topics"]
        .get(topic)
        .cloned()
        .unwrap_or_else(|| panic!("no topic {topic:?} in domain/vectors.json"))
}

/// The cases of a topic's `cases` array.
pub fn cases(topic: &str) -> Vec<Value> {
    vectors(topic)["cases"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}
