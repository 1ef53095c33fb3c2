//! Retention (issue 36): how long a case not taken up is kept after its last change, as
//! `product/retention.json` sets it. Checked when read, with an error that says what is wrong,
//! since a wrong period deletes cases that should be kept. `activities::retention` reads the
//! file and sweeps.

use chrono::{DateTime, Months, Utc};
use serde::Deserialize;

/// The longest period the file may set: ten years, far past any sensible rule, so a typing
/// slip (120 for 12, or days for months) is caught rather than keeping data for ever.
const MOST_MONTHS: u32 = 120;

/// How long a case not taken up is kept after its last change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetentionPeriod {
    months: u32,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RetentionFile {
    #[serde(rename = "_about")]
    _about: Option<String>,
    not_taken_up_after_months: u32,
}

impl RetentionPeriod {
    /// `months` from 1 to 120, or what is wrong with it.
    pub fn months(months: u32) -> Result<Self, String> {
        if (1..=MOST_MONTHS).contains(&months) {
            Ok(Self { months })
        } else {
            Err(format!(
                "notTakenUpAfterMonths must be a whole number of months from 1 to {MOST_MONTHS}, not {months}"
            ))
        }
    }

    /// The period a `retention.json` sets, or what is wrong with it.
    pub fn parse(text: &str) -> Result<Self, String> {
        let file: RetentionFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
        Self::months(file.not_taken_up_after_months)
    }

    /// Cases whose last change is before this moment are old enough to delete at `now`.
    pub fn unchanged_since(self, now: DateTime<Utc>) -> DateTime<Utc> {
        now.checked_sub_months(Months::new(self.months))
            .unwrap_or(DateTime::<Utc>::MIN_UTC)
    }

    /// Why a case goes, as its deletion line says: "not taken up for 12 months".
    pub fn reason(self) -> String {
        format!("not taken up for {} months", self.months)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cutoff_is_the_same_day_that_many_months_before() {
        let period = RetentionPeriod::months(12).unwrap();
        let now = "2027-03-31T10:00:00Z".parse::<DateTime<Utc>>().unwrap();
        assert_eq!(
            period.unchanged_since(now),
            "2026-03-31T10:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
        // A month too short for the day ends on its last day.
        let one = RetentionPeriod::months(1).unwrap();
        assert_eq!(
            one.unchanged_since(now),
            "2027-02-28T10:00:00Z".parse::<DateTime<Utc>>().unwrap()
        );
    }

    #[test]
    fn a_period_outside_one_to_a_hundred_and_twenty_months_is_refused_by_name() {
        for text in [
            r#"{"notTakenUpAfterMonths": 0}"#,
            r#"{"notTakenUpAfterMonths": 121}"#,
        ] {
            let error = RetentionPeriod::parse(text).unwrap_err();
            assert!(error.contains("notTakenUpAfterMonths must be"), "{error}");
        }
        assert!(RetentionPeriod::parse(r#"{"notTakenUpAfterMonths": 1}"#).is_ok());
        assert!(RetentionPeriod::parse(r#"{"notTakenUpAfterMonths": 120}"#).is_ok());
    }

    #[test]
    fn a_missing_misspelt_or_negative_period_is_refused() {
        for text in [
            "{}",
            r#"{"notTakenUpAfterMonth": 12}"#,
            r#"{"notTakenUpAfterMonths": -1}"#,
            r#"{"notTakenUpAfterMonths": "12"}"#,
            "not json",
        ] {
            assert!(RetentionPeriod::parse(text).is_err(), "{text}");
        }
    }
}
