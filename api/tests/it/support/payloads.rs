//! Temporal payloads as a workflow history holds them, for the tests of the remote codec.

use serde_json::Value;

/// The first non-empty list of payloads in a workflow history (its start's input).
pub fn first_payloads(history: &Value) -> Option<Value> {
    match history {
        Value::Object(map) => map
            .get("payloads")
            .filter(|p| p.as_array().is_some_and(|l| !l.is_empty()))
            .cloned()
            .or_else(|| map.values().find_map(first_payloads)),
        Value::Array(items) => items.iter().find_map(first_payloads),
        _ => None,
    }
}
