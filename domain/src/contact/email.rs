//! Email addresses (§5, §9): the syntax an insurer's mail can actually be delivered to, the
//! confirmation field, and the warning when two clients would share one online account.
//!
//! The syntax is RFC 5322's dot-atom form within RFC 5321's limits, narrowed to what a
//! business sending documents would accept (K9–K12): no quoted local parts, comments or
//! IP-literal domains; an ASCII local part; a domain of at least two labels whose last is not
//! all digits; and the portal's own limit of 100 characters (§9) rather than RFC 5321's 254.
//!
//! A domain may be typed in Unicode (`bücher.de`, docs/decisions.md FC2): it is checked in its
//! punycode form (UTS 46 ToASCII, `xn--bcher-kva.de`), which is also what DNS and the email
//! service's lists are asked about, and kept as typed for the adviser to see.

use serde::{Deserialize, Serialize};
use std::fmt;
use utoipa::ToSchema;

// §9 "Name and email max 100".
/// Longest address the portal accepts, in characters.
pub const EMAIL_MAX_CHARS: usize = 100;
/// Longest local part (RFC 5321, section 4.5.3.1.1).
pub(crate) const LOCAL_PART_MAX_CHARS: usize = 64;
/// Longest domain label (RFC 1035, section 2.3.4), counted in its punycode form.
pub const LABEL_MAX_CHARS: usize = 63;
/// Longest domain name in its punycode form (RFC 1035, section 2.3.4, less the root dot).
pub const DOMAIN_MAX_CHARS: usize = 253;

// §5's wording.
/// The message for an empty email address.
pub const EMPTY_MESSAGE: &str = "Please enter an email address";
// §5's wording.
/// The message for an address that failed the syntax or the email service's check.
pub(crate) const INVALID_MESSAGE: &str = "Invalid email";
// §5's wording.
/// The message when the email service reports status `FailureBlacklist`.
pub(crate) const BLACKLIST_MESSAGE: &str = "Unfortunately, we can’t accept this email address due to specific email providers blocking our emails. Please use an alternative email address to make sure this client will be able to receive future communications from us.";
// §5.
/// Warning when both clients give the same address; it does not block the application.
pub(crate) const SHARED_EMAIL_WARNING: &str =
    "Both clients have the same email address, so they would share an account";
pub(crate) const CONFIRM_EMPTY_MESSAGE: &str = "Please confirm the email address";
pub(crate) const CONFIRM_MISMATCH_MESSAGE: &str = "Email addresses do not match";

/// A syntactically valid email address: the local part as typed, the domain in lower case (in
/// Unicode if typed so), and the domain's punycode form, which mail and DNS use.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct EmailAddress {
    text: String,
    ascii_domain: String,
}

// In JSON the address is one string, as typed; the punycode form is worked out again on reading.
impl utoipa::PartialSchema for EmailAddress {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(
                "An email address, at most 100 characters as typed: the local part as typed \
                 (ASCII), the domain in lower case, in Unicode if typed so (checked in its \
                 punycode form).",
            ))
            .examples([serde_json::json!("jane.smith@example.co.uk")])
            .into()
    }
}

impl ToSchema for EmailAddress {}

// §5 "Invalid email".
/// Why text is not an email address the portal accepts. Every syntax fault shows "Invalid email";
/// the variant says which rule, for logs and the shared vectors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EmailError {
    #[error("{EMPTY_MESSAGE}")]
    Empty,
    #[error("Email address must be 100 characters or fewer")]
    TooLong,
    #[error("{INVALID_MESSAGE}")]
    MissingAt,
    #[error("{INVALID_MESSAGE}")]
    LocalPartTooLong,
    #[error("{INVALID_MESSAGE}")]
    InvalidLocalPart,
    #[error("{INVALID_MESSAGE}")]
    InvalidDomain,
    #[error("{INVALID_MESSAGE}")]
    LabelTooLong,
    #[error("{INVALID_MESSAGE}")]
    NumericTopLevelDomain,
}

impl EmailError {
    /// A short name for the rule broken, shared with the SPA and the test vectors.
    pub fn code(self) -> &'static str {
        match self {
            EmailError::Empty => "empty",
            EmailError::TooLong => "tooLong",
            EmailError::MissingAt => "missingAt",
            EmailError::LocalPartTooLong => "localPartTooLong",
            EmailError::InvalidLocalPart => "invalidLocalPart",
            EmailError::InvalidDomain => "invalidDomain",
            EmailError::LabelTooLong => "labelTooLong",
            EmailError::NumericTopLevelDomain => "numericTopLevelDomain",
        }
    }
}

/// RFC 5322 `atext`: the characters of a dot-atom besides the dots.
fn is_atext(c: char) -> bool {
    c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c)
}

impl EmailAddress {
    /// Reads an address as typed; whitespace around it is dropped.
    pub fn parse(text: &str) -> Result<Self, EmailError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(EmailError::Empty);
        }
        if text.chars().count() > EMAIL_MAX_CHARS {
            return Err(EmailError::TooLong);
        }
        let (local, domain) = text.rsplit_once('@').ok_or(EmailError::MissingAt)?;
        check_local_part(local)?;
        let ascii_domain = check_domain(domain)?;
        Ok(EmailAddress {
            text: format!("{local}@{}", domain.to_lowercase()),
            ascii_domain,
        })
    }

    /// The address as typed, the domain lower-cased: what is saved and shown.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The part after the `@` in lower case, as typed (Unicode if typed so).
    pub fn domain(&self) -> &str {
        self.text.rsplit_once('@').map_or("", |(_, domain)| domain)
    }

    /// The domain in its punycode (`xn--`) form: what DNS, mail and the blocked-provider and
    /// disposable lists know it by.
    pub fn ascii_domain(&self) -> &str {
        &self.ascii_domain
    }

    fn local_part(&self) -> &str {
        self.text.rsplit_once('@').map_or("", |(local, _)| local)
    }

    /// Whether two addresses reach the same mailbox as far as the portal can tell: compared
    /// ignoring case throughout, because mail providers and the identity provider's account
    /// names do, although RFC 5321 lets a local part be case-sensitive (K11); a domain typed in
    /// Unicode is the same as its punycode form (FC2).
    pub(crate) fn same_mailbox(&self, other: &EmailAddress) -> bool {
        self.local_part().eq_ignore_ascii_case(other.local_part())
            && self.ascii_domain == other.ascii_domain
    }
}

// docs/decisions.md FC2.
/// A domain in its punycode form by UTS 46 ToASCII (non-transitional, hyphens refused first
/// and last in a label, Bidi and joiner rules checked), lower case; `None` when the text is
/// not a domain UTS 46 can map. Lengths are not checked here, so a caller can say which limit
/// was broken. The email service's lists use it too, so a list may name a domain either way.
pub fn domain_to_ascii(domain: &str) -> Option<String> {
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
    Uts46::new()
        .to_ascii(
            domain.as_bytes(),
            AsciiDenyList::STD3,
            Hyphens::CheckFirstLast,
            DnsLength::Ignore,
        )
        .ok()
        .map(|ascii| ascii.into_owned())
}

fn check_local_part(local: &str) -> Result<(), EmailError> {
    if local.chars().count() > LOCAL_PART_MAX_CHARS {
        return Err(EmailError::LocalPartTooLong);
    }
    // A dot-atom: one or more runs of atext, separated by single dots.
    let dot_atom = local
        .split('.')
        .all(|atom| !atom.is_empty() && atom.chars().all(is_atext));
    if dot_atom {
        Ok(())
    } else {
        Err(EmailError::InvalidLocalPart)
    }
}

/// Checks a domain as typed and answers its punycode form. The label rules apply to that form,
/// so a Unicode label is at most 63 characters once encoded.
fn check_domain(typed: &str) -> Result<String, EmailError> {
    // UTS 46 maps some Unicode to ASCII (a full-width letter, an ideographic full stop); a
    // domain typed in ASCII is checked as typed, so its faults keep their own codes.
    let domain = if typed.is_ascii() {
        typed.to_ascii_lowercase()
    } else {
        domain_to_ascii(typed).ok_or(EmailError::InvalidDomain)?
    };
    let labels: Vec<&str> = domain.split('.').collect();
    // §5: "domain with dot" — a bare host name such as `localhost` cannot receive our mail.
    if labels.len() < 2 {
        return Err(EmailError::InvalidDomain);
    }
    for label in &labels {
        let well_formed = !label.is_empty()
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && !label.starts_with('-')
            && !label.ends_with('-');
        if !well_formed {
            return Err(EmailError::InvalidDomain);
        }
        if label.len() > LABEL_MAX_CHARS {
            return Err(EmailError::LabelTooLong);
        }
    }
    let top = labels[labels.len() - 1];
    // RFC 3696 §2: a top-level domain is never all-numeric; none has a single character.
    if top.bytes().all(|b| b.is_ascii_digit()) {
        return Err(EmailError::NumericTopLevelDomain);
    }
    if top.len() < 2 {
        return Err(EmailError::InvalidDomain);
    }
    if domain.len() > DOMAIN_MAX_CHARS {
        return Err(EmailError::InvalidDomain);
    }
    // An `xn--` label typed in ASCII must be real punycode, as one typed in Unicode is.
    if labels.iter().any(|l| l.starts_with("xn--")) && domain_to_ascii(&domain).is_none() {
        return Err(EmailError::InvalidDomain);
    }
    Ok(domain)
}

// §5 "email match".
/// The confirmation field must repeat the address, ignoring case and the whitespace around it.
pub fn check_confirmation(email: &str, confirmation: &str) -> Result<(), &'static str> {
    let (email, confirmation) = (email.trim(), confirmation.trim());
    if confirmation.is_empty() && !email.is_empty() {
        Err(CONFIRM_EMPTY_MESSAGE)
    } else if email.eq_ignore_ascii_case(confirmation) {
        Ok(())
    } else {
        Err(CONFIRM_MISMATCH_MESSAGE)
    }
}

// §5 shared email warning.
/// With two clients, the same address for both is flagged, because they would share one
/// client-portal account. A warning only: couples do share an inbox.
pub fn shared_email_warning(
    first: Option<&EmailAddress>,
    second: Option<&EmailAddress>,
) -> Option<&'static str> {
    match (first, second) {
        (Some(a), Some(b)) if a.same_mailbox(b) => Some(SHARED_EMAIL_WARNING),
        _ => None,
    }
}

impl fmt::Display for EmailAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl TryFrom<String> for EmailAddress {
    type Error = EmailError;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        EmailAddress::parse(&text)
    }
}

impl From<EmailAddress> for String {
    fn from(email: EmailAddress) -> String {
        email.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn err(text: &str) -> EmailError {
        EmailAddress::parse(text).expect_err(text)
    }

    fn email(text: &str) -> EmailAddress {
        EmailAddress::parse(text).unwrap()
    }

    #[test]
    fn the_domain_is_lower_cased_and_the_local_part_kept_as_typed() {
        assert_eq!(
            email(" Jane.Smith@Example.CO.UK ").as_str(),
            "Jane.Smith@example.co.uk"
        );
        assert_eq!(email("Jane.Smith@Example.CO.UK").domain(), "example.co.uk");
    }

    #[test]
    fn empty_and_invalid_use_the_spec_messages() {
        assert_eq!(err("  ").to_string(), "Please enter an email address");
        assert_eq!(err("jane").to_string(), "Invalid email");
        assert_eq!(err("jane@").to_string(), "Invalid email");
    }

    #[test]
    fn the_whole_address_may_be_one_hundred_characters_but_not_one_hundred_and_one() {
        let domain = format!("{}.{}.com", "d".repeat(60), "e".repeat(10));
        let hundred = format!("{}@{domain}", "a".repeat(100 - 1 - domain.len()));
        assert_eq!(hundred.len(), 100);
        assert!(EmailAddress::parse(&hundred).is_ok());
        assert_eq!(err(&format!("a{hundred}")), EmailError::TooLong);
    }

    #[test]
    fn the_local_part_may_be_sixty_four_characters_but_not_sixty_five() {
        assert!(EmailAddress::parse(&format!("{}@iana.org", "a".repeat(64))).is_ok());
        assert_eq!(
            err(&format!("{}@iana.org", "a".repeat(65))),
            EmailError::LocalPartTooLong
        );
    }

    #[test]
    fn a_label_may_be_sixty_three_characters_but_not_sixty_four() {
        assert!(EmailAddress::parse(&format!("a@{}.com", "b".repeat(63))).is_ok());
        assert_eq!(
            err(&format!("a@{}.com", "b".repeat(64))),
            EmailError::LabelTooLong
        );
    }

    #[test]
    fn dots_may_not_lead_trail_or_double_in_the_local_part() {
        for bad in [
            ".jane@iana.org",
            "jane.@iana.org",
            "ja..ne@iana.org",
            "@iana.org",
        ] {
            assert_eq!(err(bad), EmailError::InvalidLocalPart, "{bad}");
        }
    }

    #[test]
    fn every_atext_character_is_allowed_in_the_local_part() {
        assert!(EmailAddress::parse("!#$%&'*+-/=?^_`{|}~@iana.org").is_ok());
        for bad in [
            "a b@iana.org",
            "a\"b@iana.org",
            "a(b)@iana.org",
            "a,b@iana.org",
        ] {
            assert_eq!(err(bad), EmailError::InvalidLocalPart, "{bad}");
        }
    }

    #[test]
    fn quoted_local_parts_and_ip_literals_are_refused() {
        assert_eq!(err("\"jane smith\"@iana.org"), EmailError::InvalidLocalPart);
        assert_eq!(err("jane@[192.0.2.1]"), EmailError::InvalidDomain);
        assert_eq!(err("a@b@iana.org"), EmailError::InvalidLocalPart);
    }

    #[test]
    fn the_domain_needs_a_dot_and_well_formed_labels() {
        for bad in [
            "jane@localhost",
            "jane@-iana.org",
            "jane@iana-.org",
            "jane@.iana.org",
            "jane@iana.org.",
            "jane@iana..org",
            "jane@iana_org.com",
            "jane@iana.o",
        ] {
            assert_eq!(err(bad), EmailError::InvalidDomain, "{bad}");
        }
        assert!(EmailAddress::parse("jane@c--n.com").is_ok());
        assert!(EmailAddress::parse("jane@123.com").is_ok());
    }

    #[test]
    fn an_all_numeric_top_level_domain_is_refused() {
        assert_eq!(err("jane@iana.123"), EmailError::NumericTopLevelDomain);
        assert_eq!(
            err("jane@255.255.255.255"),
            EmailError::NumericTopLevelDomain
        );
    }

    #[test]
    fn a_non_ascii_local_part_is_refused() {
        assert_eq!(err("zoë@iana.org"), EmailError::InvalidLocalPart);
        assert_eq!(err("jürgen@müller.de"), EmailError::InvalidLocalPart);
    }

    #[test]
    fn a_unicode_domain_is_kept_as_typed_and_checked_as_punycode() {
        let umlaut = email("Juergen@Müller.DE");
        assert_eq!(umlaut.as_str(), "Juergen@müller.de");
        assert_eq!(umlaut.domain(), "müller.de");
        assert_eq!(umlaut.ascii_domain(), "xn--mller-kva.de");
        let books = email("info@bücher.example");
        assert_eq!(books.ascii_domain(), "xn--bcher-kva.example");
        // Typed in punycode, it stays so, and is the same mailbox as the Unicode form.
        let punycode = email("jane@XN--BCHER-KVA.de");
        assert_eq!(punycode.as_str(), "jane@xn--bcher-kva.de");
        assert!(punycode.same_mailbox(&email("Jane@Bücher.de")));
        // A Unicode top-level domain and an ideographic full stop.
        assert_eq!(
            email("a@例え.テスト").ascii_domain(),
            "xn--r8jz45g.xn--zckzah"
        );
        assert_eq!(email("a@bücher。de").ascii_domain(), "xn--bcher-kva.de");
    }

    #[test]
    fn an_invalid_internationalised_label_is_refused() {
        // Hyphens may not start or end a label, before or after encoding.
        assert_eq!(err("jane@-bücher.de"), EmailError::InvalidDomain);
        assert_eq!(err("jane@bücher-.de"), EmailError::InvalidDomain);
        // Punycode that does not decode, and a label UTS 46 disallows.
        assert_eq!(err("jane@xn--a.de"), EmailError::InvalidDomain);
        assert_eq!(err("jane@b\u{fe0f}ücher_.de"), EmailError::InvalidDomain);
        assert_eq!(err("jane@bü cher.de"), EmailError::InvalidDomain);
        // At least two labels, and a top-level domain not all digits, after encoding too.
        assert_eq!(err("jane@bücher"), EmailError::InvalidDomain);
        assert_eq!(err("jane@bücher.123"), EmailError::NumericTopLevelDomain);
    }

    #[test]
    fn a_label_is_sixty_three_characters_at_most_once_encoded() {
        // 57 ü encode as a 63-character label, 58 as 64: the limit is on the encoded form,
        // though typed the label is far shorter.
        let fits = "ü".repeat(57);
        assert_eq!(domain_to_ascii(&fits).unwrap().len(), 63);
        assert!(EmailAddress::parse(&format!("a@{fits}.de")).is_ok());
        let over = "ü".repeat(58);
        assert_eq!(domain_to_ascii(&over).unwrap().len(), 64);
        assert_eq!(err(&format!("a@{over}.de")), EmailError::LabelTooLong);
    }

    #[test]
    fn one_hundred_characters_are_counted_as_typed_not_encoded() {
        let domain = format!("{}.{}.de", "ü".repeat(20), "b".repeat(30));
        let typed = format!("{}@{domain}", "a".repeat(100 - 1 - domain.chars().count()));
        assert_eq!(typed.chars().count(), 100);
        let address = email(&typed);
        assert!(address.ascii_domain().len() > domain.chars().count());
        assert_eq!(err(&format!("a{typed}")), EmailError::TooLong);
    }

    #[test]
    fn confirmation_must_repeat_the_address_ignoring_case() {
        assert_eq!(
            check_confirmation("Jane@Iana.org", " jane@iana.org "),
            Ok(())
        );
        assert_eq!(
            check_confirmation("jane@iana.org", ""),
            Err(CONFIRM_EMPTY_MESSAGE)
        );
        assert_eq!(
            check_confirmation("jane@iana.org", "jane@iana.com"),
            Err(CONFIRM_MISMATCH_MESSAGE)
        );
        assert_eq!(check_confirmation("", ""), Ok(()));
        assert_eq!(
            check_confirmation("", "jane@iana.org"),
            Err(CONFIRM_MISMATCH_MESSAGE)
        );
    }

    #[test]
    fn two_clients_with_the_same_address_in_any_case_are_warned() {
        let a = email("Jane@Example.com");
        let b = email("jane@example.com");
        let c = email("john@example.com");
        assert_eq!(
            shared_email_warning(Some(&a), Some(&b)),
            Some(SHARED_EMAIL_WARNING)
        );
        assert_eq!(shared_email_warning(Some(&a), Some(&c)), None);
        assert_eq!(shared_email_warning(Some(&a), None), None);
    }

    #[test]
    fn sub_addresses_are_different_mailboxes() {
        let plus = email("jane+life@example.com");
        assert!(!plus.same_mailbox(&email("jane@example.com")));
    }

    #[test]
    fn an_address_displays_as_stored() {
        assert_eq!(email(" Jane@Example.com").to_string(), "Jane@example.com");
    }

    proptest! {
        #[test]
        fn no_input_panics(text in "\\PC{0,120}") {
            let _ = EmailAddress::parse(&text);
        }

        #[test]
        fn normalising_is_idempotent(text in "[A-Za-z0-9.!#_+-]{1,12}@[A-Za-z0-9.üé-]{1,16}") {
            if let Ok(address) = EmailAddress::parse(&text) {
                prop_assert_eq!(EmailAddress::parse(address.as_str()), Ok(address.clone()));
                prop_assert!(address.same_mailbox(&EmailAddress::parse(&text.to_uppercase()).unwrap()));
            }
        }
    }
}
