//! The payload codec every Temporal client and worker of the portal uses: each payload leaves
//! the process encrypted (AES-256-GCM under the key ring's newest key, whose id the payload's
//! metadata names), so Temporal's history, its database and its Web UI hold ciphertext only.
//! The whole original payload, metadata and data, is what is encrypted (as Temporal's own codec
//! samples do), so not even its encoding shows.
//!
//! A payload without the encrypted encoding passes through unchanged for a client (the API reads
//! histories recorded before encryption); the worker's codec marks it, and the worker refuses
//! it as input (`crate::sealed_input`). Search attributes are never encoded (the SDK leaves them
//! out), so Temporal can index them; `search_attributes` keeps personal data out of them.

use futures::FutureExt;
use futures::future::BoxFuture;
use keyring::{KeyRing, OpenError};
use prost::Message;
use temporalio_common::data_converters::{
    DataConverter, DefaultFailureConverter, PayloadCodec, PayloadConversionError, PayloadConverter,
    SerializationContextData, WorkflowSerializationContext,
};
use temporalio_common::protos::temporal::api::common::v1::Payload;

/// The `encoding` of an encrypted payload, as Temporal's codec samples name it.
pub const ENCRYPTED_ENCODING: &str = "binary/encrypted";
/// The metadata entry naming the key a payload was encrypted with.
pub const KEY_ID_METADATA: &str = "encryption-key-id";
const ENCODING_METADATA: &str = "encoding";
/// Authenticated with every payload, so bytes sealed for anything else (a database field) are
/// refused here.
const CONTEXT: &[u8] = b"temporal-payload/v1";

/// Why a payload could not be encrypted or decrypted.
#[derive(Debug, thiserror::Error)]
pub enum CodecError {
    #[error(transparent)]
    Open(#[from] OpenError),
    #[error("an encrypted payload has no {KEY_ID_METADATA} metadata")]
    NoKeyId,
    #[error("a decrypted payload (key '{0}') is not a Temporal payload")]
    NotAPayload(String),
    #[error(transparent)]
    Seal(#[from] keyring::SealError),
}

/// Encrypts and decrypts payloads with a key ring.
#[derive(Debug, Clone)]
pub struct EncryptingCodec {
    keys: KeyRing,
    /// The worker's codec marks a payload that was not encrypted, so the worker refuses it
    /// (`crate::sealed_input`); everyone else's reads it as it is.
    mark_unsealed: bool,
}

impl EncryptingCodec {
    pub fn new(keys: KeyRing) -> Self {
        Self {
            keys,
            mark_unsealed: false,
        }
    }

    /// The worker's codec: a payload that was not encrypted with the portal's keys comes out
    /// marked as such, so no command, signal or start reaches a case without passing the API's
    /// checks (`crate::sealed_input`).
    pub fn refusing_unsealed(keys: KeyRing) -> Self {
        Self {
            keys,
            mark_unsealed: true,
        }
    }

    /// The payload sealed under the newest key. One already encrypted, and the case's summary
    /// ([`is_case_summary`]), are left as they are.
    pub fn encrypt(&self, payload: Payload) -> Result<Payload, CodecError> {
        if is_encrypted(&payload) || is_case_summary(&payload) {
            return Ok(payload);
        }
        let sealed = self.keys.seal(&payload.encode_to_vec(), CONTEXT)?;
        Ok(Payload {
            metadata: [
                (ENCODING_METADATA.to_owned(), ENCRYPTED_ENCODING.into()),
                (KEY_ID_METADATA.to_owned(), sealed.key_id.into_bytes()),
            ]
            .into(),
            data: sealed.bytes,
            ..Default::default()
        })
    }

    /// The original payload of an encrypted one; any other payload unchanged, or marked as
    /// unsealed by the worker's codec.
    pub fn decrypt(&self, payload: Payload) -> Result<Payload, CodecError> {
        if !is_encrypted(&payload) {
            return Ok(if self.mark_unsealed {
                crate::sealed_input::mark_unsealed(payload)
            } else {
                payload
            });
        }
        let key_id = payload
            .metadata
            .get(KEY_ID_METADATA)
            .and_then(|id| std::str::from_utf8(id).ok())
            .ok_or(CodecError::NoKeyId)?;
        let plain = self.keys.open(key_id, &payload.data, CONTEXT)?;
        Payload::decode(plain.as_slice()).map_err(|_| CodecError::NotAPayload(key_id.to_owned()))
    }

    pub fn encrypt_all(&self, payloads: Vec<Payload>) -> Result<Vec<Payload>, CodecError> {
        payloads.into_iter().map(|p| self.encrypt(p)).collect()
    }

    pub fn decrypt_all(&self, payloads: Vec<Payload>) -> Result<Vec<Payload>, CodecError> {
        payloads.into_iter().map(|p| self.decrypt(p)).collect()
    }
}

/// Whether a payload is one this codec encrypted.
pub fn is_encrypted(payload: &Payload) -> bool {
    payload
        .metadata
        .get(ENCODING_METADATA)
        .is_some_and(|encoding| encoding == ENCRYPTED_ENCODING.as_bytes())
}

/// Whether a payload is the answer to the Web UI's metadata query and nothing else:
/// `{"currentDetails": "..."}`, the summary a workflow writes for case handlers
/// (`application::projection`): the case's reference, stage, clients' names and what it waits
/// for, the same as its search attributes and never health or bank data. It stays readable so
/// the Web UI shows it to a case handler without the codec.
pub fn is_case_summary(payload: &Payload) -> bool {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Summary {
        #[serde(rename = "currentDetails")]
        _current_details: Option<String>,
    }
    payload
        .metadata
        .get(ENCODING_METADATA)
        .is_some_and(|encoding| encoding == b"json/plain")
        && serde_json::from_slice::<Summary>(&payload.data).is_ok()
}

fn conversion_error(error: CodecError) -> PayloadConversionError {
    PayloadConversionError::EncodingError(Box::new(error))
}

impl PayloadCodec for EncryptingCodec {
    fn encode(
        &self,
        _: &SerializationContextData,
        payloads: Vec<Payload>,
    ) -> BoxFuture<'static, Result<Vec<Payload>, PayloadConversionError>> {
        let result = self.encrypt_all(payloads).map_err(conversion_error);
        async move { result }.boxed()
    }

    fn decode(
        &self,
        _: &SerializationContextData,
        payloads: Vec<Payload>,
    ) -> BoxFuture<'static, Result<Vec<Payload>, PayloadConversionError>> {
        let result = self.decrypt_all(payloads).map_err(conversion_error);
        async move { result }.boxed()
    }
}

/// The SDK's default converters with the encrypting codec: what every client is built with.
pub fn data_converter(keys: KeyRing) -> DataConverter {
    DataConverter::new(
        PayloadConverter::default(),
        DefaultFailureConverter::default(),
        EncryptingCodec::new(keys),
    )
}

/// What the worker is built with: the encrypting codec that marks unsealed payloads, and a
/// converter that refuses them (`crate::sealed_input`).
pub fn worker_data_converter(keys: KeyRing) -> DataConverter {
    DataConverter::new(
        crate::sealed_input::payload_converter(),
        DefaultFailureConverter::default(),
        EncryptingCodec::refusing_unsealed(keys),
    )
}

/// A history with every payload decrypted (search attributes are never encrypted): what a
/// case handler reads, and what the replay test keeps.
pub async fn decrypt_history(
    history: &mut temporalio_common::protos::temporal::api::history::v1::History,
    keys: KeyRing,
) -> Result<(), PayloadConversionError> {
    decrypt_in(history, keys).await
}

/// A failure with its details decrypted: the SDK decrypts an Update's result, not its failure,
/// and a refusal's `Rejection` travels in the details (`crate::refusal`).
pub async fn decrypt_failure(
    failure: &mut temporalio_common::protos::temporal::api::failure::v1::Failure,
    keys: KeyRing,
) -> Result<(), PayloadConversionError> {
    decrypt_in(failure, keys).await
}

async fn decrypt_in(
    message: &mut impl temporalio_common::payload_visitor::PayloadVisitable,
    keys: KeyRing,
) -> Result<(), PayloadConversionError> {
    let codec = EncryptingCodec::new(keys);
    temporalio_common::payload_visitor::decode_payloads(
        message,
        &codec,
        &SerializationContextData::Workflow(WorkflowSerializationContext::new()),
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring(ids: &[&str]) -> KeyRing {
        let lines: Vec<String> = ids
            .iter()
            .map(|id| keyring::new_key_line(id).unwrap())
            .collect();
        KeyRing::parse(&lines.join("\n"), None).unwrap()
    }

    fn json_payload(text: &str) -> Payload {
        Payload {
            metadata: [("encoding".to_owned(), b"json/plain".to_vec())].into(),
            data: text.as_bytes().to_vec(),
            ..Default::default()
        }
    }

    fn contains(haystack: &[u8], needle: &[u8]) -> bool {
        haystack.windows(needle.len()).any(|w| w == needle)
    }

    #[test]
    fn a_payload_round_trips_and_its_data_and_encoding_are_hidden() {
        let codec = EncryptingCodec::new(ring(&["k1"]));
        let original = json_payload(r#"{"accountNumber":"66374958"}"#);
        let encrypted = codec.encrypt(original.clone()).unwrap();
        assert!(is_encrypted(&encrypted));
        assert_eq!(encrypted.metadata[KEY_ID_METADATA], b"k1");
        assert!(!contains(&encrypted.data, b"66374958"));
        assert!(!contains(&encrypted.data, b"json/plain"));
        assert_eq!(codec.decrypt(encrypted).unwrap(), original);
    }

    #[test]
    fn only_the_case_summary_the_web_ui_shows_stays_readable() {
        let codec = EncryptingCodec::new(ring(&["k1"]));
        let summary = json_payload(r#"{"currentDetails":"Application 100001 · Quote"}"#);
        assert_eq!(codec.encrypt(summary.clone()).unwrap(), summary);
        for other in [
            r#"{"currentDetails":"x","answers":["HAS_CONDITIONS"]}"#,
            r#"{"accountNumber":"66374958"}"#,
            r#""currentDetails""#,
        ] {
            assert!(
                is_encrypted(&codec.encrypt(json_payload(other)).unwrap()),
                "{other}"
            );
        }
        let mut binary = summary.clone();
        binary
            .metadata
            .insert("encoding".into(), b"binary/plain".to_vec());
        assert!(is_encrypted(&codec.encrypt(binary).unwrap()));
    }

    #[test]
    fn a_payload_that_was_never_encrypted_passes_through() {
        let codec = EncryptingCodec::new(ring(&["k1"]));
        let plain = json_payload(r#""recorded before encryption""#);
        assert_eq!(codec.decrypt(plain.clone()).unwrap(), plain);
        assert_eq!(
            codec.decrypt(Payload::default()).unwrap(),
            Payload::default()
        );
    }

    #[test]
    fn after_rotation_old_payloads_still_read_and_new_ones_use_the_new_key() {
        let old_line = keyring::new_key_line("old").unwrap();
        let old = EncryptingCodec::new(KeyRing::parse(&old_line, None).unwrap());
        let sealed_old = old.encrypt(json_payload("before")).unwrap();
        let new_line = keyring::new_key_line("new").unwrap();
        let both =
            EncryptingCodec::new(KeyRing::parse(&format!("{old_line}\n{new_line}"), None).unwrap());
        assert_eq!(both.decrypt(sealed_old).unwrap(), json_payload("before"));
        let sealed_new = both.encrypt(json_payload("after")).unwrap();
        assert_eq!(sealed_new.metadata[KEY_ID_METADATA], b"new");
    }

    #[test]
    fn a_payload_whose_key_is_gone_is_an_error_naming_the_key() {
        let sealed = EncryptingCodec::new(ring(&["retired-2025"]))
            .encrypt(json_payload("1"))
            .unwrap();
        let error = EncryptingCodec::new(ring(&["current"]))
            .decrypt(sealed)
            .unwrap_err();
        assert!(error.to_string().contains("'retired-2025'"), "{error}");
    }

    #[test]
    fn a_tampered_payload_is_refused() {
        let codec = EncryptingCodec::new(ring(&["k1"]));
        let mut sealed = codec.encrypt(json_payload("1")).unwrap();
        sealed.data[20] ^= 0x40;
        assert!(matches!(
            codec.decrypt(sealed),
            Err(CodecError::Open(OpenError::Refused(_)))
        ));
        let mut no_id = codec.encrypt(json_payload("1")).unwrap();
        no_id.metadata.remove(KEY_ID_METADATA);
        assert!(matches!(codec.decrypt(no_id), Err(CodecError::NoKeyId)));
    }

    #[tokio::test]
    async fn the_sdk_codec_interface_encrypts_and_decrypts_lists() {
        let codec = EncryptingCodec::new(ring(&["k1"]));
        let context = SerializationContextData::None;
        let payloads = vec![json_payload("1"), json_payload("2")];
        let encoded = codec.encode(&context, payloads.clone()).await.unwrap();
        assert!(encoded.iter().all(is_encrypted));
        assert_eq!(codec.decode(&context, encoded).await.unwrap(), payloads);
        let other = EncryptingCodec::new(ring(&["k2"]));
        let encoded = codec.encode(&context, payloads).await.unwrap();
        let error = other.decode(&context, encoded).await.unwrap_err();
        assert!(error.to_string().contains("'k1'"), "{error}");
    }

    /// The cost of the codec: an 11 KB payload (a case's state, as a save carries it) encrypted
    /// and decrypted again, median of 2,000 (docs/performance.md). A measurement, run on demand:
    /// `cargo test --release -p workflows codec::tests::cost -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement, run on demand"]
    fn cost_of_encrypting_and_decrypting_a_case_payload() {
        let codec = EncryptingCodec::new(ring(&["k1"]));
        let payload = json_payload(&format!(r#"{{"applicants":"{}"}}"#, "x".repeat(11_000)));
        let mut times: Vec<std::time::Duration> = (0..2_000)
            .map(|_| {
                let started = std::time::Instant::now();
                let encrypted = codec.encrypt(payload.clone()).unwrap();
                let decrypted = codec.decrypt(encrypted).unwrap();
                assert_eq!(decrypted.data.len(), payload.data.len());
                started.elapsed()
            })
            .collect();
        times.sort();
        println!(
            "encrypt + decrypt of an 11 KB payload: median {:?}, p99 {:?}",
            times[times.len() / 2],
            times[times.len() * 99 / 100]
        );
    }
}
