//! The client portal's sign-in form (§5): what is checked before the credentials are sent to
//! the identity provider, so a client hears at once what is wrong with what they typed.
//!
//! The password rule is the portal's own complexity rule (at least 8 characters with an
//! upper-case letter, a lower-case letter, a number and a special character, at most 100).
//! Character classes are ASCII so that the server and the SPA judge every password alike;
//! other characters are allowed and count towards the length only (K24).

use crate::contact::email::EmailAddress;
use crate::errors::{Errors, FieldError};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub const PASSWORD_MIN_CHARS: usize = 8;
pub const PASSWORD_MAX_CHARS: usize = 100;

pub(crate) const PASSWORD_REQUIRED: &str = "Please enter a password";
pub(crate) const PASSWORD_TOO_LONG: &str = "Password must be 100 characters or fewer";
pub(crate) const PASSWORD_TOO_SHORT: &str = "Password must be at least 8 characters";

/// The special characters: OWASP's list of ASCII punctuation, and the space.
pub(crate) const SPECIAL_CHARACTERS: &str = " !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

/// What the client typed. The password is neither trimmed nor logged.
#[derive(Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SignInForm {
    pub email: String,
    pub password: String,
}

impl std::fmt::Debug for SignInForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SignInForm")
            .field("email", &self.email)
            .field("password", &"[redacted]")
            .finish()
    }
}

/// The password's problems, each a message; empty when it meets the rule. A password that
/// is too short and lacks character classes gets both messages, so one attempt fixes both.
pub(crate) fn password_problems(password: &str) -> Vec<String> {
    let length = password.chars().count();
    if length == 0 {
        return vec![PASSWORD_REQUIRED.to_owned()];
    }
    if length > PASSWORD_MAX_CHARS {
        return vec![PASSWORD_TOO_LONG.to_owned()];
    }
    let mut problems = Vec::new();
    if length < PASSWORD_MIN_CHARS {
        problems.push(PASSWORD_TOO_SHORT.to_owned());
    }
    let has = |test: fn(char) -> bool| password.chars().any(test);
    let missing: Vec<&str> = [
        (has(|c| c.is_ascii_uppercase()), "an upper-case letter"),
        (has(|c| c.is_ascii_lowercase()), "a lower-case letter"),
        (has(|c| c.is_ascii_digit()), "a number"),
        (
            has(|c| SPECIAL_CHARACTERS.contains(c)),
            "a special character",
        ),
    ]
    .into_iter()
    .filter(|(present, _)| !present)
    .map(|(_, what)| what)
    .collect();
    if !missing.is_empty() {
        problems.push(format!("Password must include {}", english_list(&missing)));
    }
    problems
}

/// "a", "a and b", "a, b and c".
fn english_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [only] => (*only).to_owned(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Every problem with the form, on the fields `email` and `password`.
pub fn check_sign_in(form: &SignInForm) -> Vec<FieldError> {
    let mut errors = Errors::default();
    if let Err(e) = EmailAddress::parse(&form.email) {
        errors.push("email", &e.to_string());
    }
    for problem in password_problems(&form.password) {
        errors.push("password", &problem);
    }
    errors.into_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sign_in(email: &str, password: &str) -> Vec<FieldError> {
        check_sign_in(&SignInForm {
            email: email.into(),
            password: password.into(),
        })
    }

    #[test]
    fn a_valid_email_and_strong_password_pass() {
        assert!(sign_in("jane@example.com", "Tr0ub4dor&3").is_empty());
    }

    #[test]
    fn both_fields_are_required_with_their_own_messages() {
        assert_eq!(
            sign_in("", ""),
            [
                FieldError::new("email", "Please enter an email address"),
                FieldError::new("password", PASSWORD_REQUIRED),
            ]
        );
    }

    #[test]
    fn the_email_must_be_valid_and_at_most_one_hundred_characters() {
        assert_eq!(sign_in("jane@", "Passw0rd!")[0].message, "Invalid email");
        let long = format!("{}@example.com", "a".repeat(89));
        assert_eq!(long.chars().count(), 101);
        assert_eq!(
            sign_in(&long, "Passw0rd!")[0].message,
            "Email address must be 100 characters or fewer"
        );
    }

    #[test]
    fn passwords_need_eight_characters_not_seven() {
        assert!(password_problems("Passw0r!").is_empty());
        assert_eq!(password_problems("Pass0r!"), [PASSWORD_TOO_SHORT]);
    }

    #[test]
    fn passwords_may_be_one_hundred_characters_but_not_one_hundred_and_one() {
        let hundred = format!("Aa1!{}", "x".repeat(96));
        assert!(password_problems(&hundred).is_empty());
        assert_eq!(
            password_problems(&format!("{hundred}x")),
            [PASSWORD_TOO_LONG]
        );
    }

    #[test]
    fn each_missing_character_class_is_named() {
        assert_eq!(
            password_problems("password"),
            ["Password must include an upper-case letter, a number and a special character"]
        );
        assert_eq!(
            password_problems("PASSWORD1!"),
            ["Password must include a lower-case letter"]
        );
        assert_eq!(
            password_problems("Password!"),
            ["Password must include a number"]
        );
        assert_eq!(
            password_problems("Password1"),
            ["Password must include a special character"]
        );
    }

    #[test]
    fn a_short_weak_password_gets_both_messages() {
        assert_eq!(
            password_problems("abc"),
            [
                PASSWORD_TOO_SHORT.to_owned(),
                "Password must include an upper-case letter, a number and a special character"
                    .to_owned()
            ]
        );
    }

    #[test]
    fn a_space_counts_as_special_and_accented_letters_only_as_length() {
        assert!(password_problems("Pass w0rd").is_empty());
        assert_eq!(
            password_problems("Éclair1!").len(),
            1,
            "É is not an ASCII upper-case letter"
        );
        assert!(password_problems("Éclair1!A").is_empty());
    }

    #[test]
    fn the_password_is_never_printed() {
        let form = SignInForm {
            email: "jane@example.com".into(),
            password: "Secret1!".into(),
        };
        assert!(!format!("{form:?}").contains("Secret1!"));
    }
}
