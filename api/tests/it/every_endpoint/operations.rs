//! The operations of the API's own OpenAPI document, in its order, with what a call needs:
//! path parameters, required query parameters and the request body's schema (references
//! resolved).

use reqwest::Method;
use serde_json::{Value, json};

/// One operation of the OpenAPI document.
pub struct Operation {
    pub id: String,
    pub method: Method,
    pub path: String,
    pub path_params: Vec<String>,
    pub required_query: Vec<String>,
    pub body_schema: Option<Value>,
    pub safe: bool,
}

/// The document's operations, in its order (paths, then methods).
pub fn operations(document: &Value) -> Vec<Operation> {
    let mut found = Vec::new();
    for (path, item) in document["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("path item") {
            let Ok(method) = method.to_uppercase().parse::<Method>() else {
                continue;
            };
            let id = operation["operationId"]
                .as_str()
                .expect("operationId")
                .to_owned();
            let parameters = operation["parameters"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            let named = |place: &str, required_only: bool| {
                parameters
                    .iter()
                    .filter(|p| p["in"] == place && (!required_only || p["required"] == true))
                    .map(|p| p["name"].as_str().unwrap().to_owned())
                    .collect::<Vec<_>>()
            };
            let content = &operation["requestBody"]["content"];
            let body_schema = content["application/json"]["schema"]
                .as_object()
                .or(content["multipart/form-data"]["schema"].as_object())
                .map(|schema| resolve_all(document, &Value::Object(schema.clone()), 0));
            found.push(Operation {
                id,
                safe: method == Method::GET,
                method,
                path: path.clone(),
                path_params: named("path", false),
                required_query: named("query", true),
                body_schema,
            });
        }
    }
    found
}

/// `schema` with every `$ref` replaced by what it names (to a depth that covers the API's).
fn resolve_all(document: &Value, schema: &Value, depth: usize) -> Value {
    if depth > 12 {
        return json!({});
    }
    match schema {
        Value::Object(map) => {
            if let Some(reference) = map.get("$ref").and_then(Value::as_str) {
                let pointer = reference.trim_start_matches('#');
                return resolve_all(
                    document,
                    &document.pointer(pointer).cloned().unwrap_or_default(),
                    depth + 1,
                );
            }
            Value::Object(
                map.iter()
                    .map(|(k, v)| (k.clone(), resolve_all(document, v, depth + 1)))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(|v| resolve_all(document, v, depth + 1))
                .collect(),
        ),
        other => other.clone(),
    }
}
