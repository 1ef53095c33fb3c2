//! The UK-day filters of customer care's audit lists (`from`, `to`, both included): each day
//! read as `YYYY-MM-DD`, a range that ends before it starts refused, and the days turned into
//! the instants the store compares, from the first day's UK midnight to the midnight after the
//! last (British Summer Time included).

use crate::error::ApiError;
use chrono::{DateTime, Days, NaiveDate, Utc};
use domain::dates::{parse_iso_date, start_of_uk_day};

/// The instants a pair of UK days covers: at or after `from`, before `before`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UkDays {
    pub from: Option<DateTime<Utc>>,
    pub before: Option<DateTime<Utc>>,
}

impl UkDays {
    /// The range the parameters `from` and `to` name (either may be left out); one that is not a
    /// `YYYY-MM-DD` day (a blank one included), or a `to` before `from`, is a 400 naming it.
    pub fn parse(from: Option<&str>, to: Option<&str>) -> Result<Self, ApiError> {
        let from = day(from, "from")?;
        let to = day(to, "to")?;
        if let (Some(from), Some(to)) = (from, to)
            && from > to
        {
            return Err(ApiError::bad_field("to", "to must not be before from"));
        }
        Ok(Self {
            from: from.map(start_of_uk_day),
            // Up to the end of the `to` day: before the next day's UK midnight.
            before: to
                .and_then(|to| to.checked_add_days(Days::new(1)))
                .map(start_of_uk_day),
        })
    }
}

fn day(text: Option<&str>, field: &str) -> Result<Option<NaiveDate>, ApiError> {
    // A blank day is refused like any other text that is not a date: the contract says `date`,
    // and the SPA leaves out a filter it does not use.
    text.map(|text| {
        parse_iso_date(text).ok_or_else(|| {
            ApiError::bad_field(field, &format!("{field} must be a date, YYYY-MM-DD"))
        })
    })
    .transpose()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn refused_field(from: Option<&str>, to: Option<&str>) -> String {
        match UkDays::parse(from, to).unwrap_err() {
            ApiError::BadRequest { errors, .. } => errors[0].field.clone(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn uk_days_become_instants_from_midnight_to_the_next_midnight() {
        // 1 July is in British Summer Time: the UK day starts at 23:00 UTC the evening before.
        let days = UkDays::parse(Some("2026-07-01"), Some("2026-07-01")).unwrap();
        assert_eq!(
            days.from,
            Some(Utc.with_ymd_and_hms(2026, 6, 30, 23, 0, 0).unwrap())
        );
        assert_eq!(
            days.before,
            Some(Utc.with_ymd_and_hms(2026, 7, 1, 23, 0, 0).unwrap())
        );
        // In winter the UK day is the UTC day.
        let days = UkDays::parse(None, Some("2026-01-31")).unwrap();
        assert_eq!(days.from, None);
        assert_eq!(
            days.before,
            Some(Utc.with_ymd_and_hms(2026, 2, 1, 0, 0, 0).unwrap())
        );
    }

    #[test]
    fn a_range_ending_before_it_starts_or_a_day_unreadable_is_refused_by_name() {
        assert_eq!(refused_field(Some("2026-07-02"), Some("2026-07-01")), "to");
        assert_eq!(refused_field(Some("01/07/2026"), None), "from");
        assert_eq!(refused_field(None, Some("2026-02-30")), "to");
        assert_eq!(refused_field(Some(""), None), "from");
        assert_eq!(refused_field(None, Some(" 2026-01-31")), "to");
        assert_eq!(UkDays::parse(None, None).unwrap(), UkDays::default());
    }
}
