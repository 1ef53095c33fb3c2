//! The email check behind `GET /backendforfrontend/validate/email` (§7): the embedded
//! adapter of docs/architecture.md "External services". The API has already checked the syntax
//! (`EmailAddress::parse`); this looks at the domain: the insurer's blocked-provider list,
//! the disposable-domain list (both data in `product/email/`), then DNS.
//!
//! When DNS cannot be asked the answer is `Unchecked` and valid: a client's address is never
//! refused because our resolver is down, and the UI says the domain was not checked.

mod cache;
mod dns;
mod lists;

#[cfg(test)]
mod tests;

pub use dns::DnsConfig;

use cache::Cache;
use dns::{MailDomain, MailResolver};
use domain::contact::{EmailAddress, EmailCheck};
use lists::DomainList;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// The domain accepts mail. Valid.
pub const SUCCESS: &str = "Success";
/// The provider blocks or discards the insurer's mail (`blocked-providers.txt`). Invalid.
pub const FAILURE_BLACKLIST: &str = domain::contact::FAILURE_BLACKLIST;
/// A disposable or temporary mailbox (`disposable-domains.txt`). Invalid.
pub const FAILURE_DISPOSABLE: &str = domain::contact::FAILURE_DISPOSABLE;
/// The domain does not exist, has neither MX nor address records, or publishes a null MX
/// (RFC 7505). Invalid.
pub const FAILURE_NO_MAIL_SERVER: &str = "FailureNoMailServer";
/// DNS is off, unreachable, timed out or failing. Valid: the domain could not be checked.
pub const UNCHECKED: &str = domain::contact::UNCHECKED;

const BLOCKED_FILE: &str = "blocked-providers.txt";
const DISPOSABLE_FILE: &str = "disposable-domains.txt";

/// Checks email domains; cheap to clone, clones share the lists and the DNS cache.
#[derive(Clone)]
pub struct EmailChecker {
    inner: Arc<Inner>,
}

struct Inner {
    blocked: DomainList,
    disposable: DomainList,
    dns: Option<(DnsConfig, MailResolver)>,
    cache: Mutex<Cache>,
}

impl std::fmt::Debug for EmailChecker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EmailChecker")
            .field("blocked_domains", &self.inner.blocked.len())
            .field("disposable_domains", &self.inner.disposable.len())
            .field("dns", &self.inner.dns.as_ref().map(|(config, _)| config))
            .field("cached_domains", &self.cache().len())
            .finish_non_exhaustive()
    }
}

impl EmailChecker {
    /// Reads the lists from `lists_dir` (`product/email`). `dns` None switches DNS off: every
    /// domain not on a list is then `Unchecked`. An error names the file and line at fault.
    pub fn load(lists_dir: &Path, dns: Option<DnsConfig>) -> Result<Self, String> {
        let blocked = DomainList::load(&lists_dir.join(BLOCKED_FILE))?;
        let disposable = DomainList::load(&lists_dir.join(DISPOSABLE_FILE))?;
        Ok(Self {
            inner: Arc::new(Inner {
                blocked,
                disposable,
                dns: dns.map(|config| {
                    let resolver = MailResolver::new(&config);
                    (config, resolver)
                }),
                cache: Mutex::new(Cache::new(cache::CAPACITY)),
            }),
        })
    }

    /// The lists first, as they need no network and a listed domain usually has working MX;
    /// then DNS, remembered per domain. Both are asked about the domain's punycode form, so
    /// `müllpost.example` and `xn--mllpost-n2a.example` are one domain (FC2).
    pub async fn check(&self, email: &EmailAddress) -> EmailCheck {
        let domain = email.ascii_domain();
        let status = if self.inner.blocked.covers(domain) {
            FAILURE_BLACKLIST
        } else if self.inner.disposable.covers(domain) {
            FAILURE_DISPOSABLE
        } else {
            self.mail_status(domain).await
        };
        EmailCheck {
            is_valid: status == SUCCESS || status == UNCHECKED,
            status: Some(status.to_owned()),
        }
    }

    async fn mail_status(&self, domain: &str) -> &'static str {
        let Some((_, resolver)) = &self.inner.dns else {
            return UNCHECKED;
        };
        let cached = self.cache().get(domain, Instant::now());
        let outcome = match cached {
            Some(outcome) => outcome,
            None => {
                let outcome = resolver.look_up(domain).await;
                if outcome == MailDomain::Unknown {
                    tracing::warn!(
                        domain,
                        "no DNS server answered; email domain left unchecked"
                    );
                }
                self.cache().insert(domain, outcome, Instant::now());
                outcome
            }
        };
        match outcome {
            MailDomain::AcceptsMail => SUCCESS,
            MailDomain::NoMailServer => FAILURE_NO_MAIL_SERVER,
            MailDomain::Unknown => UNCHECKED,
        }
    }

    /// The cache holds plain data, so a panic elsewhere cannot leave it inconsistent.
    fn cache(&self) -> std::sync::MutexGuard<'_, Cache> {
        self.inner
            .cache
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}
