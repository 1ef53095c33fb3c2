//! The portal's encryption keys and AES-256-GCM sealing with them.
//!
//! A [`KeyRing`] holds several 256-bit keys at once, each with an id, so a key can be rotated:
//! whatever is sealed now uses the newest key and names it, and anything sealed under an older
//! key still opens while that key stays in the ring. A key that is gone is an error naming its
//! id, never a panic. [`KeySource`] says where a process finds its keys (a file or the
//! environment, never the database or the repository) and creates a development file.
//!
//! This crate knows nothing of Temporal or the database: the Temporal payload codec
//! (`workflows::codec`) and anything else that encrypts at rest build on it.

mod keys;
mod source;

pub use keys::{KeyRing, KeyRingError, OpenError, SealError, Sealed, new_key_line};
pub use source::{KeySource, append_new_key, create_if_missing};
