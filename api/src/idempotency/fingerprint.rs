//! A request's payload fingerprint: what it means, not how it was written. The draft standard
//! compares a retry's payload with the first one's; two JSON bodies that differ only in key
//! order, spacing, escapes or how a number is written (`90000`, `90000.0`, `9e4`) ask for the
//! same change, so they have the same fingerprint. The query string is part of the payload
//! (`?adviserId=` says for whom), read as its pairs. A multipart upload is its parts (each
//! name, file name, type and bytes), whatever boundary the client drew this time. Any other
//! body is its bytes.

use axum::body::Body;
use axum::extract::{FromRequest, Multipart, Request};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The fingerprint of a request with this `Content-Type`, query string and body: hex SHA-256.
pub async fn of(content_type: Option<&str>, query: Option<&str>, body: &[u8]) -> String {
    let mut hash = Sha256::new();
    hash.update(b"query\n");
    hash.update(canonical_pairs(query.unwrap_or_default().as_bytes()));
    hash.update(b"\nbody\n");
    let media = content_type
        .and_then(|ct| ct.split(';').next())
        .map(|m| m.trim().to_ascii_lowercase())
        .unwrap_or_default();
    let meaning = match media.as_str() {
        m if m == "application/json" || m.ends_with("+json") => {
            serde_json::from_slice::<Value>(body)
                .ok()
                .map(|value| canonical_json(&value).into_bytes())
        }
        "application/x-www-form-urlencoded" => Some(canonical_pairs(body).into_bytes()),
        "multipart/form-data" => match content_type {
            Some(content_type) => multipart_parts(content_type, body).await,
            None => None,
        },
        _ => None,
    };
    match meaning {
        Some(meaning) => {
            hash.update(b"meaning\n");
            hash.update(meaning);
        }
        None => {
            hash.update(b"bytes\n");
            hash.update(body);
        }
    }
    hex(&hash.finalize())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `a=1&b=2` pairs, decoded, in order of name (a repeated name keeps its values' order).
fn canonical_pairs(text: &[u8]) -> String {
    let mut pairs: Vec<(String, String)> = url::form_urlencoded::parse(text)
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect();
    pairs.sort_by(|a, b| a.0.cmp(&b.0));
    serde_json::to_string(&pairs).unwrap_or_default()
}

/// JSON written one way: object members by name, numbers by value (an integral number as an
/// integer, whatever its spelling), strings with serde_json's escapes.
fn canonical_json(value: &Value) -> String {
    let mut out = String::new();
    write_json(value, &mut out);
    out
}

/// Integral values up to 2^53 are exact in a double, so `90000.0` is the integer 90000.
const EXACT_INTEGERS: f64 = 9_007_199_254_740_992.0;

fn write_json(value: &Value, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                out.push_str(&i.to_string());
            } else if let Some(u) = n.as_u64() {
                out.push_str(&u.to_string());
            } else if let Some(f) = n.as_f64() {
                if f.fract() == 0.0 && f.abs() < EXACT_INTEGERS {
                    out.push_str(&(f as i64).to_string());
                } else {
                    out.push_str(&f.to_string());
                }
            }
        }
        Value::String(s) => out.push_str(&Value::String(s.clone()).to_string()),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(item, out);
            }
            out.push(']');
        }
        Value::Object(members) => {
            let mut names: Vec<&String> = members.keys().collect();
            names.sort();
            out.push('{');
            for (i, name) in names.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(name.clone()).to_string());
                out.push(':');
                write_json(&members[name], out);
            }
            out.push('}');
        }
    }
}

/// Each part's name, file name, type and a digest of its bytes, in order; none when the body is
/// not a readable multipart form (the route then refuses it in its own words).
async fn multipart_parts(content_type: &str, body: &[u8]) -> Option<Vec<u8>> {
    let request = Request::builder()
        .header(axum::http::header::CONTENT_TYPE, content_type)
        .body(Body::from(body.to_vec()))
        .ok()?;
    let mut form = Multipart::from_request(request, &()).await.ok()?;
    let mut parts = Vec::new();
    while let Some(field) = form.next_field().await.ok()? {
        let name = field.name().map(str::to_owned);
        let file_name = field.file_name().map(str::to_owned);
        let kind = field.content_type().map(str::to_owned);
        let bytes = field.bytes().await.ok()?;
        parts.push((name, file_name, kind, hex(&Sha256::digest(&bytes))));
    }
    serde_json::to_vec(&parts).ok()
}

#[cfg(test)]
mod tests {
    use super::of;

    const JSON: Option<&str> = Some("application/json");

    #[tokio::test]
    async fn json_that_means_the_same_has_the_same_fingerprint() {
        let first = of(
            JSON,
            None,
            br#"{"applicantId":"a","cover":{"coverAmount":90000,"term":20}}"#,
        )
        .await;
        for same in [
            r#"{"cover":{"term":20,"coverAmount":90000.0},"applicantId":"a"}"#,
            r#"{ "applicantId" : "\u0061", "cover": {"coverAmount": 9e4, "term": 20.00} }"#,
        ] {
            assert_eq!(of(JSON, None, same.as_bytes()).await, first, "{same}");
        }
        for other in [
            r#"{"applicantId":"a","cover":{"coverAmount":90000.5,"term":20}}"#,
            r#"{"applicantId":"a","cover":{"coverAmount":"90000","term":20}}"#,
            r#"{"applicantId":"a","cover":{"coverAmount":90000,"term":20},"x":null}"#,
        ] {
            assert_ne!(of(JSON, None, other.as_bytes()).await, first, "{other}");
        }
    }

    #[tokio::test]
    async fn the_query_is_part_of_the_payload_in_any_order() {
        let first = of(None, Some("adviserId=adviser1&page=2"), b"").await;
        assert_eq!(
            of(None, Some("page=2&adviserId=adviser1"), b"").await,
            first
        );
        assert_ne!(
            of(None, Some("adviserId=adviser2&page=2"), b"").await,
            first
        );
        assert_ne!(of(None, None, b"").await, first);
    }

    #[tokio::test]
    async fn an_upload_is_its_parts_whatever_its_boundary() {
        let form = |boundary: &str, content: &str| {
            (
                format!("multipart/form-data; boundary={boundary}"),
                format!(
                    "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"gp.pdf\"\r\n\
                     Content-Type: application/pdf\r\n\r\n{content}\r\n--{boundary}--\r\n"
                ),
            )
        };
        let (type_a, body_a) = form("aaaa", "%PDF-1.7 report");
        let (type_b, body_b) = form("bbbbbbbb", "%PDF-1.7 report");
        let (type_c, body_c) = form("aaaa", "%PDF-1.7 another report");
        let a = of(Some(&type_a), None, body_a.as_bytes()).await;
        assert_eq!(of(Some(&type_b), None, body_b.as_bytes()).await, a);
        assert_ne!(of(Some(&type_c), None, body_c.as_bytes()).await, a);
    }

    #[tokio::test]
    async fn a_body_that_is_not_json_is_its_bytes() {
        assert_eq!(
            of(JSON, None, b"{not json").await,
            of(JSON, None, b"{not json").await
        );
        assert_ne!(
            of(JSON, None, b"{not json").await,
            of(JSON, None, b"{not  json").await
        );
    }
}
