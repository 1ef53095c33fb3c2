//! The seeded ids by the names the API gives them, the values a path, query or body is filled
//! with, and the words that mark adviser1's data in an answer.

use super::Operation;
use crate::support::payloads::first_payloads;
use crate::support::seeded::SeededCase;
use crate::support::{self, TestApp};
use reqwest::Method;
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;

/// The seeded ids by the names the API gives them, and the words that mark the case's data.
pub struct Ids {
    pub values: BTreeMap<&'static str, String>,
    /// Seeded values that are not text: the payloads that started the case's workflow, as
    /// Temporal keeps them (encrypted), for the remote codec.
    pub documents: BTreeMap<&'static str, Value>,
    pub application_id: i64,
    pub markers: Vec<String>,
}

impl Ids {
    /// The seeded case's ids, with the few the API lists elsewhere (an address, an alert, a
    /// decision's alternative).
    pub async fn gather(app: &TestApp, seeded: &SeededCase) -> Ids {
        let adviser = app.token("adviser1@example.com").await;
        let key = seeded.application_id;
        let get = |path: String| {
            let adviser = adviser.clone();
            async move {
                let (status, body) = app.call(Method::GET, &path, Some(&adviser), None).await;
                assert!(status.is_success(), "{path}: {status} {body}");
                body
            }
        };
        let postcode = first_gazetteer_postcode();
        let postcode = postcode.as_str();
        let addresses = get(format!(
            "/api/v1/backendforfrontend/address/lookup/{}",
            encode(postcode)
        ))
        .await;
        let alerts = get("/api/v1/backendforfrontend/marketingupdates".into()).await;
        let alternatives = get(format!("/api/v1/decision/{key}/alternatives")).await;
        let first_id = |list: &Value| {
            list.as_array()
                .and_then(|l| l.first())
                .and_then(|a| a["id"].as_str())
                .map(str::to_owned)
        };
        let today = domain::dates::uk_date(chrono::Utc::now()).to_string();
        let values = BTreeMap::from([
            ("applicationId", key.to_string()),
            ("applicantId", seeded.ada.clone()),
            ("coverId", seeded.cover_id.clone()),
            ("childId", seeded.child_id.clone()),
            ("beneficiaryId", seeded.beneficiary_id.clone()),
            ("referenceId", seeded.beneficiary_id.clone()),
            ("allocationId", seeded.allocation_id.clone()),
            ("evidenceId", seeded.evidence_id.clone()),
            ("qiId", seeded.qi_id.clone()),
            ("clientId", seeded.qi_client_id.clone()),
            ("documentId", seeded.document_id.clone()),
            ("fileName", seeded.document_file_name.clone()),
            ("policyReference", seeded.policy_reference.clone()),
            ("policyHolderId", seeded.policy_holder_id.clone()),
            ("conversationId", seeded.conversation_id.clone()),
            ("delegationId", seeded.delegation_id.clone()),
            ("adviserId", "adviser1".into()),
            ("firmId", "northfield".into()),
            ("locationId", "northfield-leeds".into()),
            ("postcode", postcode.into()),
            (
                "id",
                first_id(&addresses["addresses"]).expect("the gazetteer knows its own postcode"),
            ),
            ("alertId", alert_id(&alerts)),
            // A decision on standard or loaded terms may offer none: a made-up one is refused.
            (
                "alternativeId",
                first_id(&alternatives).unwrap_or_else(|| "c9:nothing".into()),
            ),
            ("branch", "adviser".into()),
            ("tag", "CONDITIONS".into()),
            ("answer", "-".into()),
            ("today", today),
            ("qiApplicationId", seeded.qi_application_id.to_string()),
            ("qiApplicantId", seeded.qi_applicant_id.clone()),
            (
                "privateApplicationId",
                seeded.private_application_id.to_string(),
            ),
            ("privateApplicantId", seeded.private_applicant_id.clone()),
            ("unstartedApplicantId", seeded.private_unstarted_id.clone()),
        ]);
        let markers = [
            "Turing",
            "Lovelace",
            support::seeded::QI_SURNAME,
            &seeded.policy_reference,
        ]
        .iter()
        .map(|m| m.to_string())
        .collect();
        let history: Value =
            serde_json::from_slice(&app.workflow_history_json(&json!(key)).await).unwrap();
        let payloads = first_payloads(&history)
            .unwrap_or_else(|| panic!("the case's history has payloads: {history}"));
        let documents = BTreeMap::from([("historyPayloads", payloads)]);
        Ids {
            values,
            documents,
            application_id: key,
            markers,
        }
    }

    /// The value of path parameter `name` (the API's `{id}` is only an address's).
    fn path_value(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// `operation`'s path with its parameters filled, and its required query parameters; or
    /// the name of a parameter with no seeded value.
    pub fn fill_path(
        &self,
        operation: &Operation,
        overrides: &BTreeMap<String, String>,
    ) -> Result<String, String> {
        let mut path = operation.path.clone();
        for name in &operation.path_params {
            let value = match overrides.get(name) {
                Some(other) => self.fill_body(&json!(other)).as_str().map(str::to_owned),
                None => self.path_value(name).map(str::to_owned),
            };
            let value = value.ok_or_else(|| name.clone())?;
            path = path.replace(&format!("{{{name}}}"), &encode(&value));
        }
        let query: Vec<String> = operation
            .required_query
            .iter()
            .map(|name| format!("{name}={}", encode(self.path_value(name).unwrap_or("1"))))
            .collect();
        if !query.is_empty() {
            path = format!("{path}?{}", query.join("&"));
        }
        Ok(path)
    }

    /// `body` with each string `{name}` replaced by the seeded value of that name.
    pub fn fill_body(&self, body: &Value) -> Value {
        match body {
            Value::String(text) => {
                let name = text.strip_prefix('{').and_then(|t| t.strip_suffix('}'));
                match name {
                    Some(name) if self.documents.contains_key(name) => self.documents[name].clone(),
                    Some(name) if self.values.contains_key(name) => json!(self.values[name]),
                    _ => body.clone(),
                }
            }
            Value::Array(items) => Value::Array(items.iter().map(|v| self.fill_body(v)).collect()),
            Value::Object(map) => Value::Object(
                map.iter()
                    .map(|(k, v)| (k.clone(), self.fill_body(v)))
                    .collect(),
            ),
            other => other.clone(),
        }
    }

    /// A plausible value of `schema`: the seeded id for a field named like one, else the first
    /// of an enumeration, today for a date, one for a number; objects with their required
    /// fields and any field named like a seeded id. Enough to reach the access check, not to
    /// pass validation.
    pub fn sample(&self, schema: &Value, name: Option<&str>, depth: usize) -> Value {
        if depth > 8 {
            return Value::Null;
        }
        for key in ["allOf", "oneOf", "anyOf"] {
            if let Some(first) = schema[key]
                .as_array()
                .and_then(|options| options.iter().find(|o| o["type"] != "null"))
            {
                return self.sample(first, name, depth + 1);
            }
        }
        if let Some(first) = schema["enum"].as_array().and_then(|e| e.first()) {
            return first.clone();
        }
        let kind = match &schema["type"] {
            Value::Array(kinds) => kinds
                .iter()
                .find(|k| *k != "null")
                .cloned()
                .unwrap_or_default(),
            other => other.clone(),
        };
        let seeded = name.and_then(|n| self.values.get(n));
        match kind
            .as_str()
            .unwrap_or(if schema["properties"].is_object() {
                "object"
            } else {
                "string"
            }) {
            "integer" | "number" => match name {
                Some("applicationId" | "id") => json!(self.application_id),
                _ => seeded
                    .and_then(|v| v.parse::<i64>().ok())
                    .map(Value::from)
                    .unwrap_or(json!(1)),
            },
            "boolean" => json!(false),
            "array" => json!([]),
            "object" => {
                let required: Vec<&str> = schema["required"]
                    .as_array()
                    .map(|r| r.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                let mut body = Map::new();
                for (field, property) in schema["properties"].as_object().into_iter().flatten() {
                    if required.contains(&field.as_str())
                        || self.values.contains_key(field.as_str())
                    {
                        body.insert(field.clone(), self.sample(property, Some(field), depth + 1));
                    }
                }
                Value::Object(body)
            }
            _ => match (seeded, schema["format"].as_str()) {
                (Some(value), _) => json!(value),
                (None, Some("date")) => json!(self.values["today"]),
                (None, Some("date-time")) => json!(format!("{}T12:00:00Z", self.values["today"])),
                _ => json!("x"),
            },
        }
    }
}

/// A postcode the sample gazetteer has addresses for.
fn first_gazetteer_postcode() -> String {
    let text = std::fs::read_to_string(support::workspace().join("product/address/gazetteer.csv"))
        .unwrap();
    let row = text
        .lines()
        .find(|l| l.starts_with("gz-"))
        .expect("the gazetteer has addresses");
    row.rsplit(',').next().unwrap().trim().to_owned()
}

/// The notice shown to adviser1 now, else the first the product defines.
fn alert_id(shown: &Value) -> String {
    if let Some(id) = shown["alert"]["id"].as_str() {
        return id.to_owned();
    }
    let path = support::workspace().join("product/marketing-updates.json");
    let defined: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let list = defined["alerts"].as_array().expect("a list of alerts");
    list[0]["id"].as_str().expect("an update's id").to_owned()
}

/// Percent-encodes what a path segment or query value may not hold as it is.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b':' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
