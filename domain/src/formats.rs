//! How §9 says values are shown: money in whole pounds (pence only for monthly premiums), terms
//! as "N years", to-age terms as "Age N", deferred periods as "N weeks", payment periods as
//! "Full-term" or "2-year", cover types title-cased, dates dd/MM/yyyy, times HH:mm and compact
//! dates yyyyMMdd.
//!
//! These are the server's copies of the SPA's formatters (`web/src/lib/rules/formats.ts`): both
//! are checked against the "formats" topic of `domain/vectors.json`, so a document the server renders and the screen
//! the adviser sees never disagree. Nothing here reads a clock or a locale: en-GB is fixed.

use crate::money::{Money, group_thousands};
use crate::product_codes::{CoverType, DeferredPeriod, PaymentPeriod, ProductType};
use chrono::{NaiveDate, NaiveDateTime, NaiveTime};
use serde::{Deserialize, Serialize};

// §9 "Money in pounds with no decimals".
/// "£1,250": whole pounds, half a pound rounded up, thousands separated by commas. Cover amounts
/// and totals are quoted to the pound, so pence would only suggest a precision the price does not
/// have.
pub fn money(amount: Money) -> String {
    format!("£{}", group_thousands(amount.rounded_pounds()))
}

// §9 "two in one form".
/// "£23.45": pounds and pence, for the one form that shows pence, the monthly premium. A premium is
/// collected to the penny, so it is shown to the penny.
pub fn money_with_pence(amount: Money) -> String {
    amount.to_string()
}

/// "25 years", and "1 year" for a one-year term (docs/decisions.md J1).
pub fn term_years(years: u32) -> String {
    plural(years, "year", "years")
}

/// "Age 65": a term that runs to an age, or an age on its own.
pub fn to_age(age: u32) -> String {
    format!("Age {age}")
}

/// "13 weeks": how long income protection waits before it pays.
pub fn deferred_period(period: DeferredPeriod) -> String {
    plural(period.weeks(), "week", "weeks")
}

/// "Full-term" or "2-year": how long income protection pays a claim for.
pub fn payment_period(period: PaymentPeriod) -> &'static str {
    match period {
        PaymentPeriod::Full => "Full-term",
        PaymentPeriod::TwoYear => "2-year",
    }
}

/// "Level", "Increasing", "Decreasing", "Family Income": the cover structure title-cased.
pub fn cover_type(cover_type: CoverType) -> String {
    title_case(cover_type.code())
}

// §9 "Cover type title-cased".
/// Title case as applied to codes and labels: "familyIncome" → "Family Income", "critical illness"
/// → "Critical Illness", "LIFE" → "Life".
///
/// A word starts at the beginning, after a space, tab, line break or hyphen, and where an ASCII
/// lower-case letter is followed by an upper-case one (a camelCase code; a space is put in there).
/// The first letter of a word is upper-cased and the rest lower-cased; separators are kept as they
/// are. Only ASCII decides where words start, so the SPA's copy splits identically.
pub fn title_case(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    let mut starts_word = true;
    let mut previous: Option<char> = None;
    for c in text.chars() {
        if previous.is_some_and(|p| p.is_ascii_lowercase()) && c.is_ascii_uppercase() {
            out.push(' ');
            starts_word = true;
        }
        if starts_word {
            out.extend(c.to_uppercase());
        } else {
            out.extend(c.to_lowercase());
        }
        starts_word = matches!(c, ' ' | '\t' | '\n' | '\r' | '-');
        previous = Some(c);
    }
    out
}

/// "23/06/1980".
pub fn date(date: NaiveDate) -> String {
    date.format("%d/%m/%Y").to_string()
}

/// "14:05", on the 24-hour clock; seconds are never shown.
pub fn time(time: NaiveTime) -> String {
    time.format("%H:%M").to_string()
}

/// "23/06/1980 14:05": a UK wall-clock moment (see `dates::uk_local`), as underwriting updates
/// and the dashboard show it.
pub fn date_time(moment: NaiveDateTime) -> String {
    moment.format("%d/%m/%Y %H:%M").to_string()
}

/// "19800623": the compact date used in document file names, which sorts by date.
pub fn compact_date(date: NaiveDate) -> String {
    date.format("%Y%m%d").to_string()
}

/// "1st", "2nd", "3rd", "11th", "22nd": a day of the month as the collection day is read.
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

// §9 "Displayed columns".
/// A column of the cover tables that holds a cover's own value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CoverColumn {
    CoverType,
    CoverAmount,
}

// §9 "ccic shows coverType; ip shows coverAmount"; docs/decisions.md J3.
/// Which of a cover's values the quote and decision tables show.
///
/// Children's cover shows only its structure and income protection only its amount; every other
/// product shows both: a lump-sum cover is not described without its amount and its structure.
pub fn displayed_columns(product: ProductType) -> &'static [CoverColumn] {
    match product {
        ProductType::ChildrensCriticalIllness => &[CoverColumn::CoverType],
        ProductType::IncomeProtection => &[CoverColumn::CoverAmount],
        ProductType::Life
        | ProductType::LifeEssentials
        | ProductType::CriticalIllness
        | ProductType::AcceleratedCriticalIllness => {
            &[CoverColumn::CoverType, CoverColumn::CoverAmount]
        }
    }
}

fn plural(count: u32, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    #[test]
    fn ordinals_follow_english_including_the_teens() {
        let read: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 28, 101, 111]
            .into_iter()
            .map(super::ordinal)
            .collect();
        assert_eq!(
            read,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "28th",
                "101st", "111th"
            ]
        );
    }

    use super::*;
    use proptest::prelude::*;

    fn pence(p: u64) -> Money {
        Money::from_pence(p).unwrap()
    }

    #[test]
    fn money_is_whole_pounds_with_thousands_separators() {
        assert_eq!(money(pence(125_000)), "£1,250");
        assert_eq!(money(pence(25_000_000)), "£250,000");
        assert_eq!(money(Money::ZERO), "£0");
        assert_eq!(money(pence(99_999_900)), "£999,999");
        assert_eq!(money(pence(100_000_000)), "£1,000,000");
    }

    #[test]
    fn money_rounds_half_a_pound_up_and_anything_less_down() {
        assert_eq!(money(pence(124_949)), "£1,249");
        assert_eq!(money(pence(124_950)), "£1,250");
        assert_eq!(money(pence(49)), "£0");
        assert_eq!(money(pence(50)), "£1");
        assert_eq!(money(pence(99_950)), "£1,000");
    }

    #[test]
    fn a_monthly_premium_shows_pence() {
        assert_eq!(money_with_pence(pence(2_345)), "£23.45");
        assert_eq!(money_with_pence(pence(2_340)), "£23.40");
        assert_eq!(money_with_pence(pence(5)), "£0.05");
        assert_eq!(money_with_pence(pence(125_050)), "£1,250.50");
    }

    #[test]
    fn a_one_year_term_is_singular_and_every_other_plural() {
        assert_eq!(term_years(1), "1 year");
        assert_eq!(term_years(0), "0 years");
        assert_eq!(term_years(2), "2 years");
        assert_eq!(term_years(25), "25 years");
    }

    #[test]
    fn to_age_reads_age_then_the_number() {
        assert_eq!(to_age(65), "Age 65");
        assert_eq!(to_age(0), "Age 0");
    }

    #[test]
    fn every_deferred_period_is_shown_in_weeks() {
        let shown: Vec<String> = DeferredPeriod::ALL
            .into_iter()
            .map(deferred_period)
            .collect();
        assert_eq!(
            shown,
            ["4 weeks", "8 weeks", "13 weeks", "26 weeks", "52 weeks"]
        );
    }

    #[test]
    fn payment_periods_read_full_term_and_two_year() {
        assert_eq!(payment_period(PaymentPeriod::Full), "Full-term");
        assert_eq!(payment_period(PaymentPeriod::TwoYear), "2-year");
    }

    #[test]
    fn cover_types_are_title_cased_including_family_income() {
        let shown: Vec<String> = CoverType::ALL.into_iter().map(cover_type).collect();
        assert_eq!(
            shown,
            ["Level", "Increasing", "Decreasing", "Family Income"]
        );
    }

    #[test]
    fn title_case_splits_camel_case_and_keeps_separators() {
        assert_eq!(title_case("critical illness"), "Critical Illness");
        assert_eq!(title_case("LIFE"), "Life");
        assert_eq!(title_case("non-indemnity"), "Non-Indemnity");
        assert_eq!(title_case("familyIncome"), "Family Income");
        assert_eq!(title_case("  two  spaces "), "  Two  Spaces ");
        assert_eq!(title_case(""), "");
    }

    #[test]
    fn dates_and_times_use_the_uk_patterns() {
        let day = NaiveDate::from_ymd_opt(1980, 6, 3).unwrap();
        let at = NaiveTime::from_hms_opt(9, 5, 59).unwrap();
        assert_eq!(date(day), "03/06/1980");
        assert_eq!(compact_date(day), "19800603");
        assert_eq!(time(at), "09:05");
        assert_eq!(time(NaiveTime::from_hms_opt(17, 30, 0).unwrap()), "17:30");
        assert_eq!(date_time(day.and_time(at)), "03/06/1980 09:05");
    }

    #[test]
    fn only_ccic_and_ip_drop_a_column() {
        assert_eq!(
            displayed_columns(ProductType::ChildrensCriticalIllness),
            [CoverColumn::CoverType]
        );
        assert_eq!(
            displayed_columns(ProductType::IncomeProtection),
            [CoverColumn::CoverAmount]
        );
        for product in [
            ProductType::Life,
            ProductType::LifeEssentials,
            ProductType::CriticalIllness,
            ProductType::AcceleratedCriticalIllness,
        ] {
            assert_eq!(
                displayed_columns(product),
                [CoverColumn::CoverType, CoverColumn::CoverAmount]
            );
        }
    }

    proptest! {
        #[test]
        fn money_never_shows_pence(p in 0..=crate::money::MONEY_MAX_PENCE) {
            let shown = money(pence(p));
            prop_assert!(shown.starts_with('£'));
            prop_assert!(!shown.contains('.'));
            let digits: String = shown.chars().filter(char::is_ascii_digit).collect();
            prop_assert_eq!(digits.parse::<u64>().unwrap(), (p + 50) / 100);
        }

        #[test]
        fn money_with_pence_always_shows_two_decimals(p in 0..=crate::money::MONEY_MAX_PENCE) {
            let shown = money_with_pence(pence(p));
            let (_, decimals) = shown.split_once('.').unwrap();
            prop_assert_eq!(decimals.len(), 2);
            prop_assert_eq!(Money::parse_text(&shown), Some(pence(p)));
        }

        #[test]
        fn thousands_separators_fall_every_three_digits(p in 0..=crate::money::MONEY_MAX_PENCE) {
            let shown = money(pence(p));
            let groups: Vec<&str> = shown.trim_start_matches('£').split(',').collect();
            prop_assert!(groups[0].len() <= 3 && !groups[0].is_empty());
            prop_assert!(groups[1..].iter().all(|g| g.len() == 3));
        }

        #[test]
        fn title_case_of_ascii_is_idempotent(text in "[ -~]{0,40}") {
            let once = title_case(&text);
            prop_assert_eq!(title_case(&once), once.clone());
        }

        #[test]
        fn title_case_never_panics_on_any_text(text in "\\PC{0,40}") {
            let _ = title_case(&text);
        }

        #[test]
        fn dates_round_trip_through_their_display(days in 0i64..73_000) {
            let day = NaiveDate::from_ymd_opt(1900, 1, 1).unwrap() + chrono::Duration::days(days);
            prop_assert_eq!(NaiveDate::parse_from_str(&date(day), "%d/%m/%Y").unwrap(), day);
            prop_assert_eq!(NaiveDate::parse_from_str(&compact_date(day), "%Y%m%d").unwrap(), day);
        }
    }
}
