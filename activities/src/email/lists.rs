//! Domain lists kept as data in `product/email/` (blocked providers, disposable domains). A
//! listed domain also covers its subdomains, because disposable services hand out
//! `anything.their-domain` and a provider's policy applies to all its hosts.

use std::collections::HashSet;
use std::path::Path;

/// Longest domain name in text form (RFC 1035 §2.3.4, less the trailing dot).
const DOMAIN_MAX_CHARS: usize = 253;
/// Longest label (RFC 1035 §2.3.4).
const LABEL_MAX_CHARS: usize = 63;

/// A set of lower-case domains read from one list file.
#[derive(Debug, Default)]
pub(super) struct DomainList {
    domains: HashSet<String>,
}

impl DomainList {
    /// Reads `path`: one domain a line, `#` comments and blank lines skipped. A line that is
    /// not a plausible lower-case domain is an error naming the file and line, so a typo in the
    /// insurer's list stops start-up instead of silently letting addresses through.
    pub(super) fn load(path: &Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read the list: {e}", path.display()))?;
        Self::parse(&text)
            .map_err(|(line, message)| format!("{} line {line}: {message}", path.display()))
    }

    /// The lines of a list; on error, the 1-based line number and the fault.
    pub(super) fn parse(text: &str) -> Result<Self, (usize, String)> {
        let mut domains = HashSet::new();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            // A domain may be listed in Unicode; it is kept, and matched, in its punycode form,
            // the form every checked address's domain is in (docs/decisions.md FC2).
            let domain = if line.is_ascii() {
                Some(line.to_owned())
            } else {
                domain::contact::email::domain_to_ascii(line)
            };
            match domain {
                Some(domain) if is_plausible_domain(&domain) => {
                    domains.insert(domain);
                }
                _ => {
                    return Err((
                        index + 1,
                        format!("{line:?} is not a lower-case domain name such as example.com"),
                    ));
                }
            }
        }
        Ok(Self { domains })
    }

    /// Whether `domain` (lower case, punycode) or any domain it sits under is on the list.
    pub(super) fn covers(&self, domain: &str) -> bool {
        let mut rest = domain;
        loop {
            if self.domains.contains(rest) {
                return true;
            }
            match rest.split_once('.') {
                Some((_, parent)) => rest = parent,
                None => return false,
            }
        }
    }

    pub(super) fn len(&self) -> usize {
        self.domains.len()
    }
}

/// At least two labels of lower-case letters, digits and inner hyphens, within DNS limits,
/// and a top-level label that is not all digits (so an IP address is refused).
fn is_plausible_domain(text: &str) -> bool {
    let labels: Vec<&str> = text.split('.').collect();
    let labels_ok = labels.iter().all(|label| {
        (1..=LABEL_MAX_CHARS).contains(&label.len())
            && label
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    });
    let top_ok = labels
        .last()
        .is_some_and(|top| !top.bytes().all(|b| b.is_ascii_digit()));
    text.len() <= DOMAIN_MAX_CHARS && labels.len() >= 2 && labels_ok && top_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        let list = DomainList::parse("# header\n\nmailinator.com\n  yopmail.com  \n").unwrap();
        assert_eq!(list.len(), 2);
    }

    #[test]
    fn a_listed_domain_covers_its_subdomains_but_not_its_lookalikes() {
        let list = DomainList::parse("mailinator.com\n").unwrap();
        assert!(list.covers("mailinator.com"));
        assert!(list.covers("x.mailinator.com"));
        assert!(list.covers("a.b.mailinator.com"));
        assert!(!list.covers("notmailinator.com"));
        assert!(!list.covers("mailinator.co"));
        assert!(!list.covers("com"));
    }

    #[test]
    fn a_domain_listed_in_unicode_is_held_in_punycode() {
        let list = DomainList::parse("müllpost.example\nxn--wegwerf-pst-zfb.example\n").unwrap();
        assert!(list.covers("xn--mllpost-n2a.example"));
        assert!(list.covers("x.xn--mllpost-n2a.example"));
        assert!(list.covers("xn--wegwerf-pst-zfb.example"));
        assert!(!list.covers("mllpost.example"));
        assert!(DomainList::parse("-müll.example\n").is_err());
    }

    #[test]
    fn a_bad_line_is_named_by_its_number() {
        for bad in [
            "Mailinator.com",
            "mailinator",
            "mail inator.com",
            "-x.com",
            "x-.com",
            "x..com",
            "@x.com",
            "192.0.2.1",
            "mailinator.com # comment",
        ] {
            let text = format!("# header\nyopmail.com\n{bad}\n");
            let (line, message) = DomainList::parse(&text).expect_err(bad);
            assert_eq!(line, 3, "{bad}");
            assert!(message.contains("not a lower-case domain"), "{message}");
        }
    }

    #[test]
    fn a_load_error_names_the_file_and_line() {
        let message = DomainList::load(Path::new("/nonexistent/list.txt")).unwrap_err();
        assert!(
            message.starts_with("/nonexistent/list.txt: cannot read"),
            "{message}"
        );
    }
}
