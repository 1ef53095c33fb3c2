//! Identifiers. Application ids are short numbers an adviser can read out on the phone;
//! applicant ids are opaque and globally unique because several §7 calls name an applicant
//! without its application (`PATCH /backendforfrontend/applicant/name`, `/underwriting/{applicantId}`).

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;
use utoipa::ToSchema;

/// The application's reference, allocated by the store from a sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, ToSchema)]
#[serde(transparent)]
#[schema(value_type = i64, minimum = 1, example = 100001)]
pub struct ApplicationId(i64);

/// A reference reads from a JSON number, or from text of digits as some integrators send it.
impl<'de> Deserialize<'de> for ApplicationId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Reference;
        impl serde::de::Visitor<'_> for Reference {
            type Value = ApplicationId;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(APPLICATION_ID_MESSAGE)
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<ApplicationId, E> {
                ApplicationId::new(n).ok_or_else(|| E::custom(APPLICATION_ID_MESSAGE))
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<ApplicationId, E> {
                i64::try_from(n)
                    .ok()
                    .and_then(ApplicationId::new)
                    .ok_or_else(|| E::custom(APPLICATION_ID_MESSAGE))
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<ApplicationId, E> {
                ApplicationId::parse(text).ok_or_else(|| E::custom(APPLICATION_ID_MESSAGE))
            }
        }
        deserializer.deserialize_any(Reference)
    }
}

const APPLICATION_ID_MESSAGE: &str = "an application reference is a positive whole number";

impl ApplicationId {
    /// Accepts only positive numbers: a reference is never zero or negative.
    pub fn new(value: i64) -> Option<Self> {
        (value > 0).then_some(Self(value))
    }

    /// Reads a path segment such as `100001`.
    pub fn parse(text: &str) -> Option<Self> {
        // Only ASCII digits: "+1", " 1" or "1e3" are not references.
        // At most 18 digits: a reference always fits, with room, in a signed 64-bit number.
        if text.len() > 18 || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        text.parse().ok().and_then(Self::new)
    }

    pub fn get(self) -> i64 {
        self.0
    }
}

impl fmt::Display for ApplicationId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// An applicant's id: letters, digits and hyphens, as produced by a UUID.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, ToSchema)]
#[serde(transparent)]
#[schema(value_type = String, example = "5b0d3c1e-8f6a-4c1e-9a53-3f1b2a7c9d10")]
pub struct ApplicantId(String);

impl<'de> Deserialize<'de> for ApplicantId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        ApplicantId::parse(&text).ok_or_else(|| {
            D::Error::custom("an applicant id is 1 to 64 letters, digits and hyphens")
        })
    }
}

impl ApplicantId {
    pub fn parse(text: &str) -> Option<Self> {
        let ok = !text.is_empty()
            && text.len() <= 64
            && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
        ok.then(|| Self(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ApplicantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A Qi enquiry (§1 quick indication): opaque, globally unique, as an applicant's id.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, ToSchema)]
#[serde(transparent)]
#[schema(value_type = String, example = "3f6c2a1e-9b7d-4c1a-8e2f-5d4b3a2c1e0f")]
pub struct QiId(String);

impl<'de> Deserialize<'de> for QiId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        QiId::parse(&text)
            .ok_or_else(|| D::Error::custom("a Qi id is 1 to 60 letters, digits and hyphens"))
    }
}

impl QiId {
    /// 1 to 60 letters, digits and hyphens (so `qi-{id}` names a workflow and an applicant).
    pub fn parse(text: &str) -> Option<Self> {
        let ok = !text.is_empty()
            && text.len() <= 60
            && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
        ok.then(|| Self(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for QiId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// An adviser, identified by the identity provider's subject (`sub`) claim.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema)]
#[serde(transparent)]
#[schema(value_type = String, example = "adviser1")]
pub struct AdviserId(String);

impl AdviserId {
    pub fn parse(text: &str) -> Option<Self> {
        let ok = !text.is_empty() && text.len() <= 255 && !text.chars().any(char::is_control);
        ok.then(|| Self(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for AdviserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// An id the insurer gives something added to an application (a cover, a beneficiary, a payout
/// share): opaque text, kept as a type of its own so one kind of id cannot be passed for another.
/// Any text reads as one: an id that names nothing is refused as "not found" by the rule that
/// looks it up, as before these were types.
macro_rules! opaque_id {
    ($(#[$doc:meta])* $name:ident, $example:literal) => {
        $(#[$doc])*
        #[derive(
            Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema,
        )]
        #[serde(transparent)]
        #[schema(value_type = String, example = $example)]
        pub struct $name(String);

        impl $name {
            pub fn new(text: impl Into<String>) -> Self {
                Self(text.into())
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<&str> for $name {
            fn from(text: &str) -> Self {
                Self(text.to_owned())
            }
        }

        impl From<String> for $name {
            fn from(text: String) -> Self {
                Self(text)
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }
    };
}

opaque_id!(
    /// A cover's id, given when the cover is saved; a rider's is its cover's with the rider's code.
    CoverId,
    "3f2a9c0e5b7d4e18a6c1f0b2d4e6a8c0"
);
opaque_id!(
    /// A candidate beneficiary's id.
    BeneficiaryId,
    "9b1d5e7f3a2c4b6d8e0f1a3c5e7b9d1f"
);
opaque_id!(
    /// A payout share's id.
    AllocationId,
    "c4e6a8b0d2f4169385a7c9e1b3d5f7a9"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reference_reads_from_a_number_or_digits_and_nothing_else() {
        let read = |json: &str| serde_json::from_str::<ApplicationId>(json).ok();
        assert_eq!(read("100001"), ApplicationId::new(100001));
        assert_eq!(read("\"100001\""), ApplicationId::new(100001));
        for bad in ["0", "-5", "1.5", "\"1e3\"", "\"\"", "null", "true"] {
            assert_eq!(read(bad), None, "{bad}");
        }
    }

    #[test]
    fn an_applicant_id_read_from_json_follows_the_same_rule_as_a_path() {
        let read = |json: &str| serde_json::from_str::<ApplicantId>(json).ok();
        assert_eq!(read("\"a1-b2\""), ApplicantId::parse("a1-b2"));
        assert_eq!(read("\"a b\""), None);
        assert_eq!(read("\"\""), None);
    }

    #[test]
    fn application_ids_are_positive_digits_only() {
        assert_eq!(
            ApplicationId::parse("100001").map(ApplicationId::get),
            Some(100001)
        );
        for bad in [
            "",
            "0",
            "-1",
            "+1",
            " 1",
            "1e3",
            "12a",
            "9999999999999999999",
            "1000000000000000000",
        ] {
            assert_eq!(ApplicationId::parse(bad), None, "{bad:?}");
        }
        let longest = "999999999999999999";
        assert_eq!(
            ApplicationId::parse(longest)
                .map(|id| id.to_string())
                .as_deref(),
            Some(longest)
        );
    }

    #[test]
    fn applicant_ids_reject_path_tricks_and_empty_text() {
        assert!(ApplicantId::parse("5b0d3c1e-8f6a-4c1e-9a53-3f1b2a7c9d10").is_some());
        for bad in ["", "../etc", "a b", "a/b", &"x".repeat(65)] {
            assert_eq!(ApplicantId::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn adviser_ids_reject_control_characters() {
        assert_eq!(
            AdviserId::parse("adviser1").unwrap().to_string(),
            "adviser1"
        );
        assert_eq!(ApplicantId::parse("a-1").unwrap().to_string(), "a-1");
        assert!(AdviserId::parse("").is_none());
        assert!(AdviserId::parse("a\nb").is_none());
    }
}
