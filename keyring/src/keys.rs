//! The key ring: keys by id, the newest of them, and sealing and opening with them.
//!
//! The text form is one key a line, `id:base64-of-32-bytes` (or several on a line separated by
//! commas, for an environment variable); blank lines and lines starting `#` are skipped. The
//! newest key is the one named, or else the last.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use ring::aead::{AES_256_GCM, Aad, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use ring::rand::{SecureRandom, SystemRandom};
use std::sync::Arc;

const KEY_LEN: usize = 32;
const MAX_ID_LEN: usize = 64;

/// Why a key ring could not be read. Never shows key material.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum KeyRingError {
    #[error("payload key line {line}: {reason}")]
    BadLine { line: usize, reason: String },
    #[error("payload key '{0}' is listed twice")]
    DuplicateId(String),
    #[error("no payload keys were given")]
    Empty,
    #[error("the newest payload key is named '{0}', but no key has that id")]
    UnknownNewest(String),
    #[error(
        "no payload keys are configured: set PORTAL_PAYLOAD_KEYS_FILE to a key file (or \
         PORTAL_PAYLOAD_KEYS to the keys)"
    )]
    NotConfigured,
    #[error("the payload keys could not be read from {path}: {reason}")]
    Unreadable { path: String, reason: String },
}

/// Why sealed bytes could not be opened.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum OpenError {
    /// The key it was sealed with is not in the ring (removed, or another deployment's).
    #[error(
        "the payload was encrypted with key '{0}', which is not in this process's key ring: \
         add it back to the payload keys to read it"
    )]
    UnknownKey(String),
    /// The bytes were changed, or sealed for something else: refused, never half-read.
    #[error(
        "the payload encrypted with key '{0}' failed its integrity check (tampered or corrupt)"
    )]
    Refused(String),
}

/// The system's random source failed: nothing was sealed.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("no random nonce could be drawn to encrypt with")]
pub struct SealError;

/// Bytes sealed under a key: `nonce || ciphertext || tag`, and the key's id to open them with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sealed {
    pub key_id: String,
    pub bytes: Vec<u8>,
}

struct Key {
    id: String,
    key: LessSafeKey,
}

/// Several keys by id, one of them the newest. Cheap to clone.
#[derive(Clone)]
pub struct KeyRing {
    keys: Arc<Vec<Key>>,
    newest: usize,
    random: SystemRandom,
}

impl std::fmt::Debug for KeyRing {
    /// Names the keys, never their bytes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KeyRing")
            .field("ids", &self.ids().collect::<Vec<_>>())
            .field("newest", &self.newest_id())
            .finish()
    }
}

impl KeyRing {
    /// Reads keys from text (see the module's doc); `newest` names the key new seals use.
    pub fn parse(text: &str, newest: Option<&str>) -> Result<Self, KeyRingError> {
        let mut keys: Vec<Key> = Vec::new();
        let lines = text.lines().map(str::trim).enumerate();
        let comment = |line: &str| line.is_empty() || line.starts_with('#');
        let entries = lines
            .filter(|(_, line)| !comment(line))
            .flat_map(|(index, line)| line.split(',').map(move |entry| (index, entry.trim())));
        for (index, entry) in entries.filter(|(_, entry)| !entry.is_empty()) {
            let key = parse_line(entry).map_err(|reason| KeyRingError::BadLine {
                line: index + 1,
                reason,
            })?;
            if keys.iter().any(|k| k.id == key.id) {
                return Err(KeyRingError::DuplicateId(key.id));
            }
            keys.push(key);
        }
        let newest = match newest.map(str::trim).filter(|n| !n.is_empty()) {
            Some(id) => keys
                .iter()
                .position(|k| k.id == id)
                .ok_or_else(|| KeyRingError::UnknownNewest(id.to_owned()))?,
            None => keys.len().checked_sub(1).ok_or(KeyRingError::Empty)?,
        };
        Ok(Self {
            keys: Arc::new(keys),
            newest,
            random: SystemRandom::new(),
        })
    }

    /// The id new seals carry.
    pub fn newest_id(&self) -> &str {
        &self.keys[self.newest].id
    }

    /// Every key's id, in the order given.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.keys.iter().map(|k| k.id.as_str())
    }

    /// Encrypts `plaintext` under the newest key with a fresh random nonce. `context` is
    /// authenticated, not stored: opening needs the same context (a payload's, a column's).
    pub fn seal(&self, plaintext: &[u8], context: &[u8]) -> Result<Sealed, SealError> {
        let key = &self.keys[self.newest];
        let mut nonce = [0u8; NONCE_LEN];
        self.random.fill(&mut nonce).map_err(|_| SealError)?;
        let mut bytes = Vec::with_capacity(NONCE_LEN + plaintext.len() + AES_256_GCM.tag_len());
        bytes.extend_from_slice(&nonce);
        let mut sealed = plaintext.to_vec();
        key.key
            .seal_in_place_append_tag(
                Nonce::assume_unique_for_key(nonce),
                Aad::from(context),
                &mut sealed,
            )
            .map_err(|_| SealError)?;
        bytes.extend_from_slice(&sealed);
        Ok(Sealed {
            key_id: key.id.clone(),
            bytes,
        })
    }

    /// Decrypts what [`KeyRing::seal`] made under key `key_id` with the same `context`.
    pub fn open(&self, key_id: &str, sealed: &[u8], context: &[u8]) -> Result<Vec<u8>, OpenError> {
        let key = self
            .keys
            .iter()
            .find(|k| k.id == key_id)
            .ok_or_else(|| OpenError::UnknownKey(key_id.to_owned()))?;
        let refused = || OpenError::Refused(key_id.to_owned());
        if sealed.len() < NONCE_LEN + AES_256_GCM.tag_len() {
            return Err(refused());
        }
        let (nonce, ciphertext) = sealed.split_at(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).map_err(|_| refused())?;
        let mut buffer = ciphertext.to_vec();
        let plain = key
            .key
            .open_in_place(nonce, Aad::from(context), &mut buffer)
            .map_err(|_| refused())?;
        Ok(plain.to_vec())
    }
}

/// `id:base64` into a key, or why not (never echoing the key's text).
fn parse_line(line: &str) -> Result<Key, String> {
    let (id, encoded) = line
        .split_once(':')
        .ok_or("expected id:base64-key (a colon between the id and the key)")?;
    let id = id.trim();
    let valid_id = !id.is_empty()
        && id.len() <= MAX_ID_LEN
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if !valid_id {
        return Err(format!(
            "the key id must be 1 to {MAX_ID_LEN} letters, digits, '-', '_' or '.'"
        ));
    }
    let bytes = STANDARD
        .decode(encoded.trim())
        .map_err(|_| format!("key '{id}' is not base64"))?;
    if bytes.len() != KEY_LEN {
        return Err(format!(
            "key '{id}' is {} bytes; AES-256 needs {KEY_LEN}",
            bytes.len()
        ));
    }
    let unbound = UnboundKey::new(&AES_256_GCM, &bytes)
        .map_err(|_| format!("key '{id}' is not usable for AES-256-GCM"))?;
    Ok(Key {
        id: id.to_owned(),
        key: LessSafeKey::new(unbound),
    })
}

/// A new random key as a line of the text form: `{id}:{base64}`.
pub fn new_key_line(id: &str) -> Result<String, SealError> {
    let mut bytes = [0u8; KEY_LEN];
    SystemRandom::new()
        .fill(&mut bytes)
        .map_err(|_| SealError)?;
    Ok(format!("{id}:{}", STANDARD.encode(bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring(ids: &[&str]) -> (String, KeyRing) {
        let text: Vec<String> = ids.iter().map(|id| new_key_line(id).unwrap()).collect();
        let text = text.join("\n");
        let ring = KeyRing::parse(&text, None).unwrap();
        (text, ring)
    }

    #[test]
    fn sealed_bytes_open_to_the_plaintext_and_do_not_contain_it() {
        let (_, ring) = ring(&["a"]);
        let sealed = ring.seal(b"account 66374958", b"ctx").unwrap();
        assert_eq!(sealed.key_id, "a");
        assert!(!sealed.bytes.windows(8).any(|w| w == b"66374958"));
        assert_eq!(
            ring.open("a", &sealed.bytes, b"ctx").unwrap(),
            b"account 66374958"
        );
    }

    #[test]
    fn each_seal_draws_a_new_nonce() {
        let (_, ring) = ring(&["a"]);
        let one = ring.seal(b"same", b"").unwrap();
        let two = ring.seal(b"same", b"").unwrap();
        assert_ne!(one.bytes, two.bytes);
    }

    #[test]
    fn the_last_key_is_newest_unless_one_is_named() {
        let (text, ring) = ring(&["a", "b"]);
        assert_eq!(ring.newest_id(), "b");
        let named = KeyRing::parse(&text, Some("a")).unwrap();
        assert_eq!(named.newest_id(), "a");
        assert_eq!(
            KeyRing::parse(&text, Some("c")).unwrap_err(),
            KeyRingError::UnknownNewest("c".into())
        );
    }

    #[test]
    fn a_rotated_ring_still_opens_what_the_old_key_sealed() {
        let (old_text, old) = ring(&["a"]);
        let sealed = old.seal(b"health", b"").unwrap();
        let rotated =
            KeyRing::parse(&format!("{old_text}\n{}", new_key_line("b").unwrap()), None).unwrap();
        assert_eq!(rotated.open("a", &sealed.bytes, b"").unwrap(), b"health");
        assert_eq!(rotated.seal(b"new", b"").unwrap().key_id, "b");
    }

    #[test]
    fn a_missing_key_is_named() {
        let (_, a) = ring(&["a"]);
        let (_, b) = ring(&["b"]);
        let sealed = a.seal(b"x", b"").unwrap();
        let error = b.open("a", &sealed.bytes, b"").unwrap_err();
        assert_eq!(error, OpenError::UnknownKey("a".into()));
        assert!(error.to_string().contains("'a'"));
    }

    #[test]
    fn tampered_bytes_another_context_or_a_same_named_other_key_are_refused() {
        let (_, ring_a) = ring(&["a"]);
        let sealed = ring_a.seal(b"answers", b"ctx").unwrap();
        let mut tampered = sealed.bytes.clone();
        let last = tampered.len() - 1;
        tampered[last] ^= 1;
        let refused = Err(OpenError::Refused("a".into()));
        assert_eq!(ring_a.open("a", &tampered, b"ctx"), refused);
        assert_eq!(ring_a.open("a", &sealed.bytes, b"other"), refused);
        assert_eq!(ring_a.open("a", &sealed.bytes[..10], b"ctx"), refused);
        let (_, impostor) = ring(&["a"]);
        assert_eq!(impostor.open("a", &sealed.bytes, b"ctx"), refused);
    }

    #[test]
    fn bad_key_text_is_refused_with_its_line_and_never_its_bytes() {
        let short = format!("a:{}", STANDARD.encode([7u8; 16]));
        let cases = [
            ("no-colon", "colon"),
            (" :AAAA", "key id"),
            ("a b:AAAA", "key id"),
            ("a:not base64!", "not base64"),
            (short.as_str(), "16 bytes"),
        ];
        for (text, expected) in cases {
            let error = KeyRing::parse(&format!("# keys\n\n{text}"), None).unwrap_err();
            let message = error.to_string();
            assert!(message.contains("line 3"), "{message}");
            assert!(message.contains(expected), "{text}: {message}");
        }
        assert!(
            !KeyRing::parse(&short, None)
                .unwrap_err()
                .to_string()
                .contains("Bwc")
        );
        assert_eq!(
            KeyRing::parse("# none\n", None).unwrap_err(),
            KeyRingError::Empty
        );
        let line = new_key_line("a").unwrap();
        assert_eq!(
            KeyRing::parse(&format!("{line}\n{line}"), None).unwrap_err(),
            KeyRingError::DuplicateId("a".into())
        );
    }

    #[test]
    fn keys_may_be_separated_by_commas_and_debug_shows_only_ids() {
        let text = format!(
            "{},{}",
            new_key_line("a").unwrap(),
            new_key_line("b").unwrap()
        );
        let ring = KeyRing::parse(&text, None).unwrap();
        assert_eq!(ring.ids().collect::<Vec<_>>(), ["a", "b"]);
        let key_text = text.split(',').next().unwrap().split_once(':').unwrap().1;
        assert!(!format!("{ring:?}").contains(key_text));
    }
}
