//! The development identity provider's RSA signing key: created on first start and kept under
//! the data folder, so tokens (and refresh tokens) stay valid across restarts.

use anyhow::Context;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::EncodingKey;
use rsa::RsaPrivateKey;
use rsa::pkcs8::{DecodePrivateKey, EncodePrivateKey, LineEnding};
use rsa::traits::PublicKeyParts;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::path::Path;

const KEY_BITS: usize = 2048;

pub struct SigningKey {
    pub kid: String,
    pub encoding: EncodingKey,
    /// The public half as a JWK, for the JWKS endpoint.
    pub jwk: Value,
}

impl SigningKey {
    /// Reads the key at `path`, creating it (and its folder) when missing.
    pub fn load_or_create(path: &Path) -> anyhow::Result<Self> {
        let pem = if path.exists() {
            std::fs::read_to_string(path)
                .with_context(|| format!("Failed to read {}", path.display()))?
        } else {
            let key = RsaPrivateKey::new(&mut rand::rngs::OsRng, KEY_BITS)
                .context("Failed to generate an RSA key")?;
            let pem = key
                .to_pkcs8_pem(LineEnding::LF)
                .context("Failed to encode the RSA key")?;
            if let Some(folder) = path.parent() {
                std::fs::create_dir_all(folder)
                    .with_context(|| format!("Failed to create {}", folder.display()))?;
            }
            write_private(path, pem.as_bytes())?;
            pem.to_string()
        };
        let key = RsaPrivateKey::from_pkcs8_pem(&pem)
            .with_context(|| format!("{} is not an RSA key", path.display()))?;
        let n = key.n().to_bytes_be();
        let e = key.e().to_bytes_be();
        let kid = hex(&Sha256::digest(&n)[..8]);
        let encoding =
            EncodingKey::from_rsa_pem(pem.as_bytes()).context("Failed to load the signing key")?;
        let jwk = json!({
            "kty": "RSA", "use": "sig", "alg": "RS256", "kid": kid,
            "n": URL_SAFE_NO_PAD.encode(&n), "e": URL_SAFE_NO_PAD.encode(&e),
        });
        Ok(Self { kid, encoding, jwk })
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(unix)]
fn write_private(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
        .with_context(|| format!("Failed to create {}", path.display()))?;
    file.write_all(bytes)
        .with_context(|| format!("Failed to write {}", path.display()))
}

#[cfg(not(unix))]
fn write_private(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    std::fs::write(path, bytes).with_context(|| format!("Failed to write {}", path.display()))
}
