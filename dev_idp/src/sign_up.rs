//! Client sign-up on the development identity provider (issue 35): the page an authorization
//! request with `prompt=create` opens (OpenID Connect "Initiating User Registration"). It
//! checks the email and password by §5's rules (`domain::sign_in`), stores the account in the
//! database with the password derived by PBKDF2, and signs the new client in. Production
//! signs clients up in the insurer's identity provider instead.

use domain::FieldError;
use domain::sign_in::{SignInForm, check_sign_in};
use ring::pbkdf2;
use std::num::NonZeroU32;

/// OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256.
const ITERATIONS: u32 = 600_000;
const SCHEME: &str = "pbkdf2-sha256";
const SALT_BYTES: usize = 16;
const KEY_BYTES: usize = 32;

/// The role a signed-up account holds.
pub const CLIENT_ROLE: &str = "client";

/// What the sign-up page posts, besides the authorization request's own parameters.
#[derive(Debug, Default)]
pub struct SignUpForm<'a> {
    pub email: &'a str,
    pub password: &'a str,
    pub confirm: &'a str,
}

/// Every problem with the form by §5's rules, and whether the two passwords agree.
pub fn check(form: &SignUpForm) -> Vec<FieldError> {
    let mut errors = check_sign_in(&SignInForm {
        email: form.email.trim().to_owned(),
        password: form.password.to_owned(),
    });
    if form.confirm.is_empty() {
        errors.push(FieldError::new(
            "confirm",
            "Please enter your password again",
        ));
    } else if form.confirm != form.password {
        errors.push(FieldError::new("confirm", "The passwords do not match"));
    }
    errors
}

/// `pbkdf2-sha256$iterations$salt$key`, salt and key in unpadded base64.
pub fn hash_password(password: &str) -> String {
    use base64::Engine;
    use rand::RngCore;
    let mut salt = [0u8; SALT_BYTES];
    rand::rngs::OsRng.fill_bytes(&mut salt);
    let key = derive(ITERATIONS, &salt, password);
    let b64 = base64::engine::general_purpose::STANDARD_NO_PAD;
    format!(
        "{SCHEME}${ITERATIONS}${}${}",
        b64.encode(salt),
        b64.encode(key)
    )
}

/// Whether `password` is the one `stored` was derived from (compared in constant time by ring).
pub fn verify_password(stored: &str, password: &str) -> bool {
    use base64::Engine;
    let b64 = base64::engine::general_purpose::STANDARD_NO_PAD;
    let mut parts = stored.split('$');
    let (Some(SCHEME), Some(iterations), Some(salt), Some(key), None) = (
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
        parts.next(),
    ) else {
        return false;
    };
    let (Some(iterations), Ok(salt), Ok(key)) = (
        iterations.parse::<u32>().ok().and_then(NonZeroU32::new),
        b64.decode(salt),
        b64.decode(key),
    ) else {
        return false;
    };
    pbkdf2::verify(
        pbkdf2::PBKDF2_HMAC_SHA256,
        iterations,
        &salt,
        password.as_bytes(),
        &key,
    )
    .is_ok()
}

fn derive(iterations: u32, salt: &[u8], password: &str) -> [u8; KEY_BYTES] {
    let mut key = [0u8; KEY_BYTES];
    pbkdf2::derive(
        pbkdf2::PBKDF2_HMAC_SHA256,
        NonZeroU32::new(iterations).unwrap_or(NonZeroU32::MIN),
        salt,
        password.as_bytes(),
        &mut key,
    );
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(form: &SignUpForm) -> Vec<String> {
        check(form).into_iter().map(|e| e.field).collect()
    }

    #[test]
    fn a_valid_email_and_matching_strong_passwords_pass() {
        let form = SignUpForm {
            email: "jane@example.com",
            password: "Tr0ub4dor&3",
            confirm: "Tr0ub4dor&3",
        };
        assert!(check(&form).is_empty());
    }

    #[test]
    fn weak_or_mismatched_passwords_and_bad_emails_are_named() {
        let form = SignUpForm {
            email: "jane@",
            password: "password",
            confirm: "Password",
        };
        assert_eq!(fields(&form), ["email", "password", "confirm"]);
        let form = SignUpForm {
            email: "jane@example.com",
            password: "Tr0ub4dor&3",
            confirm: "",
        };
        assert_eq!(fields(&form), ["confirm"]);
    }

    #[test]
    fn a_hash_verifies_its_own_password_only() {
        let stored = hash_password("Tr0ub4dor&3");
        assert!(stored.starts_with("pbkdf2-sha256$600000$"));
        assert!(!stored.contains("Tr0ub4dor&3"));
        assert!(verify_password(&stored, "Tr0ub4dor&3"));
        assert!(!verify_password(&stored, "Tr0ub4dor&4"));
        assert!(!verify_password("plain", "plain"));
        assert_ne!(
            stored,
            hash_password("Tr0ub4dor&3"),
            "each hash has its own salt"
        );
    }
}
