//! Which adviser owns each application, remembered after the first look-up.
//!
//! Every command and read first checks that the caller may act on the case. An application's
//! owner is fixed when it is created and never changes, so once known it is kept here. When the
//! caller is the owner, as for an adviser working their own cases, the check then needs no
//! store read: the caller's own settings are the owner's. Any other caller (an assistant acting
//! for the owner) still reads the owner's settings, which can change.

use domain::{AdviserId, ApplicationId};
use std::collections::HashMap;
use std::sync::RwLock;

/// How many owners are kept before the cache starts again: about 5 MB, far more than the
/// cases in use at any one time.
const CAPACITY: usize = 100_000;

#[derive(Debug, Default)]
pub struct Owners {
    known: RwLock<HashMap<ApplicationId, AdviserId>>,
}

impl Owners {
    /// Whether `adviser` is known to own application `id`.
    pub fn owned_by(&self, id: ApplicationId, adviser: &AdviserId) -> bool {
        let known = self
            .known
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        known.get(&id) == Some(adviser)
    }

    /// Remembers that `owner` owns application `id`.
    pub fn remember(&self, id: ApplicationId, owner: &AdviserId) {
        let mut known = self
            .known
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if known.len() >= CAPACITY {
            known.clear();
        }
        known.insert(id, owner.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_owner_is_known_only_for_the_case_it_was_remembered_for() {
        let owners = Owners::default();
        let id = ApplicationId::new(100_001).unwrap();
        let other = ApplicationId::new(100_002).unwrap();
        let adviser1 = AdviserId::parse("adviser1").unwrap();
        let adviser2 = AdviserId::parse("adviser2").unwrap();
        assert!(!owners.owned_by(id, &adviser1));
        owners.remember(id, &adviser1);
        assert!(owners.owned_by(id, &adviser1));
        assert!(!owners.owned_by(id, &adviser2));
        assert!(!owners.owned_by(other, &adviser1));
    }
}
