//! No way round the API: the worker runs only input the portal sealed. Every Temporal client of
//! the portal encrypts each payload with the payload keys (`crate::codec`), and only the API
//! sends commands, after it has checked who may make them. Anyone else with access to Temporal
//! (its CLI, its Web UI's signal button) sends plain JSON. The worker's codec marks such a
//! payload ([`mark_unsealed`]), and then:
//!
//! - an Update's input cannot be read ([`payload_converter`] refuses it with [`NotSealed`]), so
//!   its validator rejects it: nothing is written to the history, and the sender is told why;
//! - a workflow started with such an input fails at once with that reason, before it does
//!   anything ([`SealedStart`]);
//! - a signal arrives as [`Sealed::Unsealed`] and its handler ignores it, so a forged signal
//!   can neither change a case nor stop it (a signal that could not be read would fail every
//!   workflow task of the case from then on).
//!
//! The proof is the encryption itself: AES-GCM authenticates the whole payload, so only a holder
//! of the keys can make one the worker reads.

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::sync::Arc;
use temporalio_common::data_converters::{
    ErasedSerdePayloadConverter, PayloadConversionError, PayloadConverter, SerializationContext,
    SerializationContextData, TemporalDeserializable,
};
use temporalio_common::protos::temporal::api::common::v1::Payload;

/// The encoding the worker's codec gives a payload that was not encrypted.
pub const UNSEALED_ENCODING: &str = "binary/unsealed";
const ENCODING_METADATA: &str = "encoding";
/// Where a marked payload keeps the encoding it came with.
const ORIGINAL_ENCODING_METADATA: &str = "unsealed-encoding";

/// Why the worker refused an input.
#[derive(Debug, thiserror::Error)]
#[error(
    "This input was not sealed with the adviser portal's key, so it was refused: a case changes \
     only through the portal's API, which checks who may change it"
)]
pub struct NotSealed;

/// `payload` marked as not encrypted: no converter but [`Sealed`] reads it.
pub fn mark_unsealed(mut payload: Payload) -> Payload {
    let original = payload
        .metadata
        .insert(ENCODING_METADATA.to_owned(), UNSEALED_ENCODING.into());
    payload.metadata.remove(ORIGINAL_ENCODING_METADATA);
    if let Some(original) = original {
        payload
            .metadata
            .insert(ORIGINAL_ENCODING_METADATA.to_owned(), original);
    }
    payload
}

/// Whether the worker's codec marked `payload` as not encrypted.
pub fn is_unsealed(payload: &Payload) -> bool {
    payload
        .metadata
        .get(ENCODING_METADATA)
        .is_some_and(|encoding| encoding == UNSEALED_ENCODING.as_bytes())
}

/// The SDK's JSON converter, refusing a payload marked unsealed with [`NotSealed`].
pub fn payload_converter() -> PayloadConverter {
    match PayloadConverter::serde_json() {
        PayloadConverter::Serde(json) => PayloadConverter::Serde(Arc::new(SealedOnly(json))),
        other => other,
    }
}

struct SealedOnly(Arc<dyn ErasedSerdePayloadConverter>);

impl ErasedSerdePayloadConverter for SealedOnly {
    fn to_payload(
        &self,
        context: &SerializationContextData,
        value: &dyn erased_serde::Serialize,
    ) -> Result<Payload, PayloadConversionError> {
        self.0.to_payload(context, value)
    }

    fn from_payload(
        &self,
        context: &SerializationContextData,
        payload: Payload,
    ) -> Result<Box<dyn erased_serde::Deserializer<'static>>, PayloadConversionError> {
        if is_unsealed(&payload) {
            return Err(PayloadConversionError::EncodingError(Box::new(NotSealed)));
        }
        self.0.from_payload(context, payload)
    }
}

/// A workflow's start input, and whether the portal sealed it. One that was not is read all
/// the same, so the workflow can start only to fail at once with [`NotSealed`] (the Web UI shows
/// the case failed, and why) rather than leave a workflow task failing out of sight; one that
/// cannot even be read fails its first task. Written as the input alone.
#[derive(Debug, Clone, PartialEq)]
pub struct SealedStart<T> {
    pub input: T,
    pub sealed: bool,
}

impl<T> From<T> for SealedStart<T> {
    /// What the portal sends: its codec seals it on the way.
    fn from(input: T) -> Self {
        Self {
            input,
            sealed: true,
        }
    }
}

/// Ends a run with [`NotSealed`] when its start input was not sealed: the first thing a
/// workflow's run does.
pub fn refuse_unless_sealed(sealed: bool) -> temporalio_sdk::WorkflowResult<()> {
    if sealed {
        return Ok(());
    }
    Err(temporalio_common::error::ApplicationFailure::non_retryable(NotSealed).into())
}

impl<T: Serialize> Serialize for SealedStart<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.input.serialize(serializer)
    }
}

impl<T: DeserializeOwned + 'static> TemporalDeserializable for SealedStart<T> {
    fn from_serde(
        converter: &dyn ErasedSerdePayloadConverter,
        context: &SerializationContext<'_>,
        payload: Payload,
    ) -> Result<Self, PayloadConversionError> {
        let sealed = !is_unsealed(&payload);
        let payload = if sealed { payload } else { unmarked(payload) };
        let input = <T as TemporalDeserializable>::from_serde(converter, context, payload)
            .map_err(|_| PayloadConversionError::EncodingError(Box::new(NotSealed)))?;
        Ok(Self { input, sealed })
    }
}

/// A marked payload with the encoding it came with, to read (never to trust).
fn unmarked(mut payload: Payload) -> Payload {
    match payload.metadata.remove(ORIGINAL_ENCODING_METADATA) {
        Some(original) => {
            payload
                .metadata
                .insert(ENCODING_METADATA.to_owned(), original);
        }
        None => {
            payload.metadata.remove(ENCODING_METADATA);
        }
    }
    payload
}

/// An input that may arrive unsealed without harm: a signal's. Written as its value alone, so
/// the wire form is the value's.
#[derive(Debug, Clone, PartialEq)]
pub enum Sealed<T> {
    /// Sealed by the portal (or read where nothing is checked: a replay of a recorded history).
    Genuine(T),
    /// Sent by someone without the portal's keys; to be ignored.
    Unsealed,
}

impl<T: Serialize> Serialize for Sealed<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Sealed::Genuine(value) => value.serialize(serializer),
            Sealed::Unsealed => serializer.serialize_unit(),
        }
    }
}

impl<T: DeserializeOwned + 'static> TemporalDeserializable for Sealed<T> {
    fn from_serde(
        converter: &dyn ErasedSerdePayloadConverter,
        context: &SerializationContext<'_>,
        payload: Payload,
    ) -> Result<Self, PayloadConversionError> {
        if is_unsealed(&payload) {
            return Ok(Sealed::Unsealed);
        }
        <T as TemporalDeserializable>::from_serde(converter, context, payload).map(Sealed::Genuine)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::EncryptingCodec;
    use temporalio_common::data_converters::GenericPayloadConverter;

    /// A ring with one new key: each call draws another.
    fn ring() -> keyring::KeyRing {
        keyring::KeyRing::parse(&keyring::new_key_line("k1").unwrap(), None).unwrap()
    }

    fn json(text: &str) -> Payload {
        Payload {
            metadata: [("encoding".to_owned(), b"json/plain".to_vec())].into(),
            data: text.as_bytes().to_vec(),
            ..Default::default()
        }
    }

    fn read<T: TemporalDeserializable + 'static>(
        payload: Payload,
    ) -> Result<T, PayloadConversionError> {
        let converter = payload_converter();
        let context = SerializationContextData::None;
        converter.from_payload(&SerializationContext::new(&context, &converter), payload)
    }

    #[test]
    fn the_worker_reads_what_the_portal_sealed_and_refuses_plain_json() {
        let keys = ring();
        let portal = EncryptingCodec::new(keys.clone());
        let worker = EncryptingCodec::refusing_unsealed(keys);
        let sealed = worker
            .decrypt(portal.encrypt(json(r#"{"n":1}"#)).unwrap())
            .unwrap();
        assert_eq!(read::<serde_json::Value>(sealed).unwrap()["n"], 1);

        let forged = worker.decrypt(json(r#"{"n":1}"#)).unwrap();
        let error = read::<serde_json::Value>(forged).unwrap_err().to_string();
        assert!(
            error.contains("not sealed with the adviser portal's key"),
            "{error}"
        );
    }

    #[test]
    fn a_forger_cannot_pass_as_sealed_by_naming_an_encoding() {
        let worker = EncryptingCodec::refusing_unsealed(ring());
        let mut forged = json("1");
        forged
            .metadata
            .insert("unsealed-encoding".into(), b"json/plain".to_vec());
        let marked = worker.decrypt(forged).unwrap();
        assert!(is_unsealed(&marked));
        // The API's own codec reads plain payloads as they are (histories from before encryption).
        let api = EncryptingCodec::new(ring());
        assert_eq!(api.decrypt(json("1")).unwrap(), json("1"));
    }

    #[test]
    fn a_start_input_is_read_and_known_to_be_unsealed() {
        let keys = ring();
        let worker = EncryptingCodec::refusing_unsealed(keys.clone());
        let portal = EncryptingCodec::new(keys);
        let forged = worker.decrypt(json(r#"{"n":1}"#)).unwrap();
        let start = read::<SealedStart<serde_json::Value>>(forged).unwrap();
        assert_eq!((start.input["n"].as_i64(), start.sealed), (Some(1), false));
        let sealed = worker
            .decrypt(portal.encrypt(json(r#"{"n":1}"#)).unwrap())
            .unwrap();
        assert!(
            read::<SealedStart<serde_json::Value>>(sealed)
                .unwrap()
                .sealed
        );
        let garbage = worker.decrypt(json("{not json")).unwrap();
        let error = read::<SealedStart<serde_json::Value>>(garbage).unwrap_err();
        assert!(error.to_string().contains("not sealed"), "{error}");
    }

    #[test]
    fn a_signal_arrives_as_unsealed_rather_than_failing() {
        let keys = ring();
        let worker = EncryptingCodec::refusing_unsealed(keys.clone());
        let portal = EncryptingCodec::new(keys);
        let forged = worker.decrypt(json(r#""closed""#)).unwrap();
        assert_eq!(read::<Sealed<String>>(forged).unwrap(), Sealed::Unsealed);
        let sealed = worker
            .decrypt(portal.encrypt(json(r#""closed""#)).unwrap())
            .unwrap();
        assert_eq!(
            read::<Sealed<String>>(sealed).unwrap(),
            Sealed::Genuine("closed".to_owned())
        );
        // Written as the value alone.
        assert_eq!(
            serde_json::to_string(&Sealed::Genuine("closed")).unwrap(),
            r#""closed""#
        );
    }
}
