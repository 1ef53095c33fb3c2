//! Property tests for the parsers this crate owns at the boundary: dates, money, percentages
//! and applicant JSON. No input panics; what is accepted round-trips.

use chrono::NaiveDate;
use domain::dates::{age_on, parse_iso_date, parse_uk_date};
use domain::money::{Money, Percentage};
use proptest::prelude::*;

proptest! {
    #[test]
    fn date_parsers_never_panic(text in "\\PC{0,16}") {
        let _ = parse_iso_date(&text);
        let _ = parse_uk_date(&text);
    }

    #[test]
    fn every_valid_date_round_trips_through_both_formats(days in 0i64..73_048) {
        let date = NaiveDate::from_ymd_opt(1900, 1, 1).unwrap() + chrono::Duration::days(days);
        prop_assert_eq!(parse_iso_date(&date.format("%Y-%m-%d").to_string()), Some(date));
        prop_assert_eq!(parse_uk_date(&date.format("%d/%m/%Y").to_string()), Some(date));
    }

    #[test]
    fn ages_never_decrease_as_time_passes(born in 0i64..40_000, later in 0i64..40_000, more in 0i64..1000) {
        let start = NaiveDate::from_ymd_opt(1900, 1, 1).unwrap();
        let born = start + chrono::Duration::days(born);
        let on = born + chrono::Duration::days(later);
        let after = on + chrono::Duration::days(more);
        prop_assert!(age_on(born, on) <= age_on(born, after));
        prop_assert!(age_on(born, on).unwrap() <= u32::try_from(later / 365).unwrap());
    }

    #[test]
    fn money_text_never_panics_and_what_it_reads_it_prints_back(text in "\\PC{0,20}") {
        if let Some(money) = Money::parse_text(&text) {
            prop_assert_eq!(Money::parse_text(&money.to_string()), Some(money));
        }
    }

    #[test]
    fn pence_round_trip_through_json(pence in 0u64..=domain::money::MONEY_MAX_PENCE) {
        let money = Money::from_pence(pence).unwrap();
        let json = serde_json::to_string(&money).unwrap();
        prop_assert_eq!(serde_json::from_str::<Money>(&json).unwrap(), money);
    }

    #[test]
    fn percentages_round_trip_through_json(hundredths in 0u32..=10_000) {
        let percent = Percentage::from_hundredths(hundredths).unwrap();
        let json = serde_json::to_string(&percent).unwrap();
        prop_assert_eq!(serde_json::from_str::<Percentage>(&json).unwrap(), percent);
    }
}
