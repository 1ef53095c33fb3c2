//! RS256 signature checks by `ring` for `jsonwebtoken`.
//!
//! Every API request carries an RS256 token. By default `jsonwebtoken` checks it with the
//! pure-Rust `rsa` crate, whose big-number arithmetic took about a tenth of the portal's CPU
//! under load (`perf` on the standard load run). `ring` is already built for TLS and checks the
//! same signature about ten times faster. Only verification of RS256 changes. Signing (the
//! development identity provider), other algorithms and JWK handling stay with the library's
//! own provider. `ring` also refuses RSA keys shorter than 2,048 bits.

use jsonwebtoken::crypto::rust_crypto::DEFAULT_PROVIDER as RUST_CRYPTO;
use jsonwebtoken::crypto::{CryptoProvider, JwtVerifier};
use jsonwebtoken::errors::{ErrorKind, Result};
use jsonwebtoken::{Algorithm, AlgorithmFamily, DecodingKey, DecodingKeyKind};
use ring::signature::{RSA_PKCS1_2048_8192_SHA256, RsaPublicKeyComponents, UnparsedPublicKey};
use std::sync::OnceLock;

/// Makes `ring` check RS256 signatures for the whole process. A provider installed earlier is
/// left in place (both give the same answers).
pub fn install() {
    static PROVIDER: OnceLock<CryptoProvider> = OnceLock::new();
    let provider = PROVIDER.get_or_init(provider);
    let _ = provider.install_default();
}

fn provider() -> CryptoProvider {
    CryptoProvider {
        verifier_factory: new_verifier,
        ..RUST_CRYPTO.clone()
    }
}

fn new_verifier(algorithm: &Algorithm, key: &DecodingKey) -> Result<Box<dyn JwtVerifier>> {
    match algorithm {
        Algorithm::RS256 => Ok(Box::new(Rs256Verifier::new(key)?)),
        other => (RUST_CRYPTO.verifier_factory)(other, key),
    }
}

/// An RSA public key as the token's key set gave it: a PKCS#1 DER document, or the modulus and
/// exponent of a JWK.
enum RsaKey {
    Der(Vec<u8>),
    Components { n: Vec<u8>, e: Vec<u8> },
}

struct Rs256Verifier(RsaKey);

impl Rs256Verifier {
    fn new(key: &DecodingKey) -> Result<Self> {
        if key.family() != AlgorithmFamily::Rsa {
            return Err(ErrorKind::InvalidKeyFormat.into());
        }
        Ok(Self(match key.kind() {
            DecodingKeyKind::SecretOrDer(der) => RsaKey::Der(der.clone()),
            DecodingKeyKind::RsaModulusExponent { n, e } => RsaKey::Components {
                n: n.clone(),
                e: e.clone(),
            },
        }))
    }
}

impl signature::Verifier<Vec<u8>> for Rs256Verifier {
    fn verify(
        &self,
        message: &[u8],
        signature: &Vec<u8>,
    ) -> std::result::Result<(), signature::Error> {
        let checked = match &self.0 {
            RsaKey::Der(der) => {
                UnparsedPublicKey::new(&RSA_PKCS1_2048_8192_SHA256, der).verify(message, signature)
            }
            RsaKey::Components { n, e } => RsaPublicKeyComponents { n, e }.verify(
                &RSA_PKCS1_2048_8192_SHA256,
                message,
                signature,
            ),
        };
        checked.map_err(|_| signature::Error::new())
    }
}

impl JwtVerifier for Rs256Verifier {
    fn algorithm(&self) -> Algorithm {
        Algorithm::RS256
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use jsonwebtoken::EncodingKey;
    use rsa::pkcs1::EncodeRsaPublicKey;
    use rsa::pkcs8::{EncodePrivateKey, LineEnding};
    use rsa::traits::PublicKeyParts;
    use rsa::{RsaPrivateKey, RsaPublicKey};

    fn key_pair(bits: usize) -> (EncodingKey, RsaPublicKey) {
        let private = RsaPrivateKey::new(&mut rand::rngs::OsRng, bits).unwrap();
        let pem = private.to_pkcs8_pem(LineEnding::LF).unwrap();
        let public = RsaPublicKey::from(&private);
        (EncodingKey::from_rsa_pem(pem.as_bytes()).unwrap(), public)
    }

    fn signed(message: &[u8], key: &EncodingKey) -> Vec<u8> {
        let signature = jsonwebtoken::crypto::sign(message, key, Algorithm::RS256).unwrap();
        URL_SAFE_NO_PAD.decode(signature).unwrap()
    }

    fn check(key: &DecodingKey, message: &[u8], signature: &[u8]) -> bool {
        signature::Verifier::verify(
            &Rs256Verifier::new(key).unwrap(),
            message,
            &signature.to_vec(),
        )
        .is_ok()
    }

    #[test]
    fn a_signature_checks_against_its_key_as_der_or_as_jwk_components_and_nothing_else() {
        let (signing, public) = key_pair(2048);
        let message = b"header.claims";
        let signature = signed(message, &signing);
        let der = DecodingKey::from_rsa_der(public.to_pkcs1_der().unwrap().as_bytes());
        let jwk = DecodingKey::from_rsa_raw_components(
            &public.n().to_bytes_be(),
            &public.e().to_bytes_be(),
        );
        for key in [&der, &jwk] {
            assert!(check(key, message, &signature));
            assert!(!check(key, b"header.claimz", &signature), "another message");
            let mut tampered = signature.clone();
            tampered[10] ^= 1;
            assert!(!check(key, message, &tampered), "a changed signature");
        }
        let (_, stranger) = key_pair(2048);
        let stranger = DecodingKey::from_rsa_der(stranger.to_pkcs1_der().unwrap().as_bytes());
        assert!(!check(&stranger, message, &signature), "another key");
    }

    #[test]
    fn a_key_shorter_than_2048_bits_is_refused() {
        let (signing, public) = key_pair(1024);
        let message = b"header.claims";
        let signature = signed(message, &signing);
        let der = DecodingKey::from_rsa_der(public.to_pkcs1_der().unwrap().as_bytes());
        assert!(!check(&der, message, &signature));
    }

    #[test]
    fn other_algorithms_are_left_to_the_library() {
        let secret = DecodingKey::from_secret(b"a shared secret");
        assert!(new_verifier(&Algorithm::HS256, &secret).is_ok());
        assert!(
            new_verifier(&Algorithm::RS256, &secret).is_err(),
            "a secret is no RSA key"
        );
    }
}
