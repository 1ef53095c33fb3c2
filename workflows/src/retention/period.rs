//! The retention period, from `product/retention.json`: how long a case not taken up is kept
//! after its last change. Checked when loaded (at start-up), with an error that names the file
//! and what is wrong, since a wrong period deletes cases that should be kept.

use chrono::{DateTime, Months, Utc};
use serde::Deserialize;
use std::path::Path;

/// The file under the product folder.
pub const RETENTION_FILE: &str = "retention.json";

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

    /// Reads `retention.json` in the product folder.
    pub fn load(product_dir: &Path) -> anyhow::Result<Self> {
        let path = product_dir.join(RETENTION_FILE);
        let text = std::fs::read_to_string(&path).map_err(|e| {
            anyhow::anyhow!("The retention rule {} cannot be read: {e}", path.display())
        })?;
        Self::parse(&text).map_err(|e| {
            anyhow::anyhow!("The retention rule {} is not usable: {e}", path.display())
        })
    }

    fn parse(text: &str) -> Result<Self, String> {
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
    fn the_sample_file_keeps_cases_twelve_months() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../product");
        let period = RetentionPeriod::load(&dir).unwrap();
        assert_eq!(period, RetentionPeriod::months(12).unwrap());
        assert_eq!(period.reason(), "not taken up for 12 months");
    }

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

    #[test]
    fn a_missing_file_names_its_path() {
        let error = RetentionPeriod::load(Path::new("/nowhere")).unwrap_err();
        assert!(
            error.to_string().contains("/nowhere/retention.json"),
            "{error}"
        );
    }
}
