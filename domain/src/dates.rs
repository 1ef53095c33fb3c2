//! Calendar rules: the UK civil date of an instant, ages in completed years, and the strict
//! date parsing of §5 (year 1900 to 2099, month 1 to 12, an invalid date is no date).

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Europe::London;

/// The civil date in the United Kingdom at `instant`.
pub fn uk_date(instant: DateTime<Utc>) -> NaiveDate {
    uk_local(instant).date()
}

/// Wall-clock date and time in the United Kingdom at `instant`: GMT, or BST (GMT+1) from
/// 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. The rule
/// comes from the time-zone database compiled into `chrono-tz` (no IO, so workflow code may
/// call it).
pub fn uk_local(instant: DateTime<Utc>) -> NaiveDateTime {
    instant.with_timezone(&London).naive_local()
}

/// The instant UK clocks show midnight at the start of `date` (23:00 UTC the evening before
/// during British Summer Time, otherwise 00:00 UTC). Midnight is never skipped or repeated by
/// the UK's clock changes, which happen at 01:00 UTC.
pub fn start_of_uk_day(date: NaiveDate) -> DateTime<Utc> {
    London
        .from_local_datetime(&date.and_time(NaiveTime::MIN))
        .earliest()
        .map_or_else(
            || date.and_time(NaiveTime::MIN).and_utc(),
            |midnight| midnight.with_timezone(&Utc),
        )
}

/// Age in completed years on `on` for someone born on `born`; `None` before birth.
///
/// Someone born on 29 February has their birthday on 1 March in a non-leap year, as the law
/// of England and Wales treats it (see docs/decisions.md C3).
pub fn age_on(born: NaiveDate, on: NaiveDate) -> Option<u32> {
    if on < born {
        return None;
    }
    let years = on.year() - born.year();
    let birthday_this_year = birthday_in(born, on.year());
    let age = if on >= birthday_this_year {
        years
    } else {
        years - 1
    };
    u32::try_from(age).ok()
}

/// The date on which someone born on `born` has their birthday in `year`.
pub(crate) fn birthday_in(born: NaiveDate, year: i32) -> NaiveDate {
    same_day_in(born, year).expect("1 March exists")
}

/// The day `years` whole years after `date`, by the birthday rule: 29 February's anniversary in a
/// common year is 1 March (docs/decisions.md C3). `None` past the end of the calendar.
pub fn anniversary(date: NaiveDate, years: u32) -> Option<NaiveDate> {
    let year = date.year().checked_add(i32::try_from(years).ok()?)?;
    same_day_in(date, year)
}

/// `date`'s day and month in `year`, or 1 March when that is a 29 February the year lacks.
fn same_day_in(date: NaiveDate, year: i32) -> Option<NaiveDate> {
    // Only 29 February can be missing from a year.
    NaiveDate::from_ymd_opt(year, date.month(), date.day())
        .or_else(|| NaiveDate::from_ymd_opt(year, 3, 1))
}

// §5.
/// Earliest and latest year the portal accepts in a date.
pub(crate) const MIN_YEAR: i32 = 1900;
pub(crate) const MAX_YEAR: i32 = 2099;

// §5 "Date parsing returns null for an invalid date".
/// Parses an ISO `YYYY-MM-DD` date, with a year from 1900 to 2099; any invalid date is `None`.
pub fn parse_iso_date(text: &str) -> Option<NaiveDate> {
    let bytes = text.as_bytes();
    let shape_ok = bytes.len() == 10
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && bytes
            .iter()
            .enumerate()
            .all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit());
    if !shape_ok {
        return None;
    }
    let year: i32 = text[0..4].parse().ok()?;
    let month: u32 = text[5..7].parse().ok()?;
    let day: u32 = text[8..10].parse().ok()?;
    if !(MIN_YEAR..=MAX_YEAR).contains(&year) || !(1..=12).contains(&month) {
        return None;
    }
    NaiveDate::from_ymd_opt(year, month, day)
}

// §9 date format.
/// Parses a date typed as `dd/MM/yyyy` (one-digit day and month are accepted) under the same rules
/// as [`parse_iso_date`].
pub fn parse_uk_date(text: &str) -> Option<NaiveDate> {
    // Anything but digits, or a part too long or too short, fails the ISO check.
    let parts: Vec<&str> = text.trim().split('/').collect();
    let [day, month, year] = parts.as_slice() else {
        return None;
    };
    parse_iso_date(&format!("{year}-{month:0>2}-{day:0>2}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, Weekday};

    fn is_sunday(date: NaiveDate) -> bool {
        date.weekday() == Weekday::Sun
    }

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn utc(y: i32, m: u32, day: u32, h: u32, min: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, day, h, min, 0).unwrap()
    }

    #[test]
    fn a_uk_day_starts_at_23_00_utc_in_summer_and_midnight_utc_in_winter() {
        assert_eq!(start_of_uk_day(d(2026, 7, 1)), utc(2026, 6, 30, 23, 0));
        assert_eq!(start_of_uk_day(d(2026, 12, 1)), utc(2026, 12, 1, 0, 0));
        // The clocks go forward at 01:00 UTC on 29 March 2026: that day starts in GMT, the
        // next in BST. They go back on 25 October: that day starts in BST, the next in GMT.
        assert_eq!(start_of_uk_day(d(2026, 3, 29)), utc(2026, 3, 29, 0, 0));
        assert_eq!(start_of_uk_day(d(2026, 3, 30)), utc(2026, 3, 29, 23, 0));
        assert_eq!(start_of_uk_day(d(2026, 10, 25)), utc(2026, 10, 24, 23, 0));
        assert_eq!(start_of_uk_day(d(2026, 10, 26)), utc(2026, 10, 26, 0, 0));
        for date in [d(2026, 3, 30), d(2026, 10, 25), d(2026, 1, 1)] {
            assert_eq!(uk_date(start_of_uk_day(date)), date);
            assert_eq!(
                uk_date(start_of_uk_day(date) - Duration::seconds(1)),
                date.pred_opt().unwrap()
            );
        }
    }

    #[test]
    fn summer_time_starts_at_one_utc_on_the_last_sunday_of_march() {
        // 2026: clocks go forward on Sunday 29 March.
        assert!(is_sunday(d(2026, 3, 29)));
        assert_eq!(
            uk_local(utc(2026, 3, 29, 0, 59)).time().to_string(),
            "00:59:00"
        );
        assert_eq!(
            uk_local(utc(2026, 3, 29, 1, 0)).time().to_string(),
            "02:00:00"
        );
    }

    #[test]
    fn summer_time_ends_at_one_utc_on_the_last_sunday_of_october() {
        // 2026: clocks go back on Sunday 25 October.
        assert_eq!(
            uk_local(utc(2026, 10, 25, 0, 59)).time().to_string(),
            "01:59:00"
        );
        assert_eq!(
            uk_local(utc(2026, 10, 25, 1, 0)).time().to_string(),
            "01:00:00"
        );
    }

    #[test]
    fn late_evening_utc_in_summer_is_already_tomorrow_in_the_uk() {
        assert_eq!(uk_date(utc(2026, 7, 14, 23, 30)), d(2026, 7, 15));
        assert_eq!(uk_date(utc(2026, 12, 14, 23, 30)), d(2026, 12, 14));
    }

    #[test]
    fn age_turns_over_on_the_birthday_not_the_day_before() {
        let born = d(1990, 6, 15);
        assert_eq!(age_on(born, d(2008, 6, 14)), Some(17));
        assert_eq!(age_on(born, d(2008, 6, 15)), Some(18));
        assert_eq!(age_on(born, d(2055, 6, 14)), Some(64));
        assert_eq!(age_on(born, d(2055, 6, 15)), Some(65));
    }

    #[test]
    fn leap_day_births_have_their_birthday_on_first_of_march_in_common_years() {
        let born = d(2004, 2, 29);
        assert_eq!(age_on(born, d(2022, 2, 28)), Some(17));
        assert_eq!(age_on(born, d(2022, 3, 1)), Some(18));
        // In a leap year the birthday is 29 February itself.
        assert_eq!(age_on(born, d(2024, 2, 28)), Some(19));
        assert_eq!(age_on(born, d(2024, 2, 29)), Some(20));
    }

    #[test]
    fn an_anniversary_keeps_the_day_and_a_leap_day_falls_on_first_of_march_in_common_years() {
        assert_eq!(anniversary(d(2026, 11, 22), 20), Some(d(2046, 11, 22)));
        assert_eq!(anniversary(d(2026, 12, 31), 1), Some(d(2027, 12, 31)));
        assert_eq!(anniversary(d(2026, 2, 28), 2), Some(d(2028, 2, 28)));
        assert_eq!(anniversary(d(2024, 2, 29), 1), Some(d(2025, 3, 1)));
        assert_eq!(anniversary(d(2024, 2, 29), 4), Some(d(2028, 2, 29)));
        assert_eq!(anniversary(d(2024, 2, 29), 0), Some(d(2024, 2, 29)));
        // 2100 is not a leap year.
        assert_eq!(anniversary(d(2096, 2, 29), 4), Some(d(2100, 3, 1)));
        assert_eq!(anniversary(d(2026, 1, 1), u32::MAX), None);
        assert_eq!(anniversary(d(2026, 1, 1), 300_000), None);
    }

    #[test]
    fn a_birthday_is_the_anniversary_of_birth_and_the_first_day_of_the_new_age() {
        for born in [
            d(1984, 2, 29),
            d(1985, 2, 28),
            d(1985, 3, 1),
            d(1985, 6, 23),
        ] {
            for age in [18, 21, 64, 65] {
                let birthday = anniversary(born, age).unwrap();
                assert_eq!(age_on(born, birthday), Some(age), "{born} at {age}");
                assert_eq!(
                    age_on(born, birthday.pred_opt().unwrap()),
                    Some(age - 1),
                    "{born}, the day before turning {age}"
                );
            }
        }
    }

    #[test]
    fn no_age_before_birth() {
        assert_eq!(age_on(d(2000, 1, 2), d(2000, 1, 1)), None);
        assert_eq!(age_on(d(2000, 1, 2), d(2000, 1, 2)), Some(0));
    }

    #[test]
    fn dates_parse_only_inside_the_accepted_years_and_months() {
        assert_eq!(parse_iso_date("1900-01-01"), Some(d(1900, 1, 1)));
        assert_eq!(parse_iso_date("2099-12-31"), Some(d(2099, 12, 31)));
        for bad in [
            "1899-12-31",
            "2100-01-01",
            "2023-13-01",
            "2023-00-10",
            "2023-02-29",
            "2023-04-31",
            "2023-1-01",
            "23-01-01",
            "2023/01/01",
            "",
            "2023-01-01T00:00",
            "２０２３-01-01",
        ] {
            assert_eq!(parse_iso_date(bad), None, "{bad:?}");
        }
        assert_eq!(parse_iso_date("2024-02-29"), Some(d(2024, 2, 29)));
    }

    #[test]
    fn uk_dates_parse_under_the_same_rules() {
        assert_eq!(parse_uk_date("23/06/1980"), Some(d(1980, 6, 23)));
        assert_eq!(parse_uk_date("1/2/2000"), Some(d(2000, 2, 1)));
        for bad in [
            "31/02/2000",
            "01/13/2000",
            "01/01/1899",
            "1/1/20",
            "01-01-2000",
            "01/01/2000/1",
            "01/02",
            "aa/01/2000",
            "001/01/2000",
            "1 /01/2000",
            "+1/01/2000",
        ] {
            assert_eq!(parse_uk_date(bad), None, "{bad:?}");
        }
    }
}
