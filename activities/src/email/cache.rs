//! DNS outcomes remembered per domain, so that an adviser retyping an address, or a load test,
//! does not query the resolvers again. Bounded, because domains come from user input.

use super::dns::MailDomain;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// How long a definite answer (mail server or none) is trusted; DNS changes are rare and a
/// stale "accepts mail" costs no more than the check missing a new domain for a while.
pub(super) const ANSWER_TTL: Duration = Duration::from_secs(10 * 60);
/// How long "could not check" is kept: long enough to spare a struggling resolver a burst of
/// retries, short enough that the check recovers soon after DNS does.
pub(super) const UNKNOWN_TTL: Duration = Duration::from_secs(30);
/// Most domains remembered at once.
pub(super) const CAPACITY: usize = 10_000;

#[derive(Debug)]
pub(super) struct Cache {
    entries: HashMap<String, (Instant, MailDomain)>,
    capacity: usize,
}

impl Cache {
    pub(super) fn new(capacity: usize) -> Self {
        Self {
            entries: HashMap::new(),
            capacity,
        }
    }

    /// The remembered outcome for `domain`, unless it has expired by `now`.
    pub(super) fn get(&self, domain: &str, now: Instant) -> Option<MailDomain> {
        self.entries
            .get(domain)
            .filter(|(expires, _)| now < *expires)
            .map(|&(_, outcome)| outcome)
    }

    /// Remembers `outcome`; when full, expired entries go first, then the one expiring soonest.
    pub(super) fn insert(&mut self, domain: &str, outcome: MailDomain, now: Instant) {
        let ttl = match outcome {
            MailDomain::Unknown => UNKNOWN_TTL,
            MailDomain::AcceptsMail | MailDomain::NoMailServer => ANSWER_TTL,
        };
        if self.entries.len() >= self.capacity && !self.entries.contains_key(domain) {
            self.entries.retain(|_, (expires, _)| now < *expires);
            if self.entries.len() >= self.capacity {
                let soonest = self
                    .entries
                    .iter()
                    .min_by_key(|(_, (expires, _))| *expires)
                    .map(|(key, _)| key.clone());
                if let Some(key) = soonest {
                    self.entries.remove(&key);
                }
            }
        }
        self.entries.insert(domain.to_owned(), (now + ttl, outcome));
    }

    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_kept_ten_minutes_and_unknowns_thirty_seconds() {
        let now = Instant::now();
        let mut cache = Cache::new(CAPACITY);
        cache.insert("mail.example", MailDomain::AcceptsMail, now);
        cache.insert("down.example", MailDomain::Unknown, now);
        let later = |secs| now + Duration::from_secs(secs);
        assert_eq!(
            cache.get("mail.example", later(599)),
            Some(MailDomain::AcceptsMail)
        );
        assert_eq!(cache.get("mail.example", later(600)), None);
        assert_eq!(
            cache.get("down.example", later(29)),
            Some(MailDomain::Unknown)
        );
        assert_eq!(cache.get("down.example", later(30)), None);
    }

    #[test]
    fn a_full_cache_drops_expired_entries_then_the_soonest_to_expire() {
        let now = Instant::now();
        let mut cache = Cache::new(2);
        cache.insert("down.example", MailDomain::Unknown, now);
        cache.insert("a.example", MailDomain::AcceptsMail, now);
        cache.insert(
            "b.example",
            MailDomain::NoMailServer,
            now + Duration::from_secs(1),
        );
        assert_eq!(cache.len(), 2);
        assert_eq!(cache.get("down.example", now), None);
        let later = now + Duration::from_secs(60);
        cache.insert("c.example", MailDomain::AcceptsMail, later);
        assert_eq!(cache.len(), 2);
        assert_eq!(cache.get("a.example", later), None);
        assert_eq!(
            cache.get("b.example", later),
            Some(MailDomain::NoMailServer)
        );
        assert_eq!(cache.get("c.example", later), Some(MailDomain::AcceptsMail));
    }
}
