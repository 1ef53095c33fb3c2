//! A field in a partial update: left alone, cleared, or set. JSON `{}` leaves a field alone,
//! `{"field": null}` clears it and `{"field": value}` sets it (§7 PATCH calls send only the
//! changed fields).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Patch<T> {
    #[default]
    Absent,
    Clear,
    Set(T),
}

impl<T> Patch<T> {
    pub(crate) fn is_absent(&self) -> bool {
        matches!(self, Patch::Absent)
    }

    /// The field's value after the patch is applied to `current`.
    pub(crate) fn apply_to(self, current: Option<T>) -> Option<T> {
        match self {
            Patch::Absent => current,
            Patch::Clear => None,
            Patch::Set(value) => Some(value),
        }
    }

    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Patch<U> {
        match self {
            Patch::Absent => Patch::Absent,
            Patch::Clear => Patch::Clear,
            Patch::Set(value) => Patch::Set(f(value)),
        }
    }
}

impl<T: Serialize> Serialize for Patch<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            // Absent fields are skipped by `skip_serializing_if = "Patch::is_absent"`.
            Patch::Absent | Patch::Clear => serializer.serialize_none(),
            Patch::Set(value) => serializer.serialize_some(value),
        }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Patch<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Only reached when the key is present (absent keys take the default).
        Ok(match Option::<T>::deserialize(deserializer)? {
            None => Patch::Clear,
            Some(value) => Patch::Set(value),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Body {
        #[serde(default, skip_serializing_if = "Patch::is_absent")]
        name: Patch<String>,
    }

    #[test]
    fn missing_null_and_value_are_three_different_patches() {
        let absent: Body = serde_json::from_str("{}").unwrap();
        let clear: Body = serde_json::from_str(r#"{"name":null}"#).unwrap();
        let set: Body = serde_json::from_str(r#"{"name":"Ada"}"#).unwrap();
        assert_eq!(absent.name, Patch::Absent);
        assert_eq!(clear.name, Patch::Clear);
        assert_eq!(set.name, Patch::Set("Ada".to_owned()));
    }

    #[test]
    fn patches_round_trip_through_json() {
        for body in [
            Body {
                name: Patch::Absent,
            },
            Body { name: Patch::Clear },
            Body {
                name: Patch::Set("Ada".into()),
            },
        ] {
            let json = serde_json::to_string(&body).unwrap();
            assert_eq!(serde_json::from_str::<Body>(&json).unwrap(), body);
        }
    }

    #[test]
    fn applying_a_patch_keeps_clears_or_replaces_the_value() {
        assert_eq!(Patch::Absent.apply_to(Some(1)), Some(1));
        assert_eq!(Patch::<i32>::Clear.apply_to(Some(1)), None);
        assert_eq!(Patch::Set(2).apply_to(Some(1)), Some(2));
    }
}
