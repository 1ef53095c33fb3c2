//! The Direct Debit as the Bacs scheme requires it (issue 32, docs/decisions.md AJ12): the
//! Direct Debit Guarantee in its standard wording, the advance notice of the first collection,
//! and the first collection's date and amount. The scheme's settings (the insurer's name, its
//! advance notice and the bank holidays on which Bacs does not process) are product data, read
//! from `product/direct-debit/scheme.json`, so an insurer changes them without a code change.

use crate::money::Money;
use chrono::{Datelike, Months, NaiveDate, Weekday};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use utoipa::ToSchema;

/// The Direct Debit Guarantee, which the payer must be shown before the first collection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Guarantee {
    pub heading: String,
    /// The standard wording, a paragraph each, with the insurer's name and notice filled in.
    pub paragraphs: Vec<String>,
}

/// The scheme's settings as the insurer sets them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirectDebitScheme {
    /// The name collections are made in, as the Guarantee names it.
    pub organisation: String,
    /// Working days between the notice of a collection and the collection.
    pub advance_notice_working_days: u32,
    bank_holidays: BTreeSet<NaiveDate>,
    /// The first and last year the bank holiday list covers: outside them no working day can
    /// be counted honestly.
    covers_years: (i32, i32),
    pub guarantee: Guarantee,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SchemeFile {
    #[allow(dead_code)]
    sample: Option<String>,
    organisation: String,
    advance_notice_working_days: u32,
    bank_holidays: BankHolidaysFile,
    guarantee: Guarantee,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct BankHolidaysFile {
    #[allow(dead_code)]
    source: Option<String>,
    covers_years: (i32, i32),
    dates: Vec<NaiveDate>,
}

/// The notice the Bacs scheme allows: at least 3 working days, and more than a month's worth
/// would push the first collection past a month's cover for no reason.
const NOTICE_RANGE: std::ops::RangeInclusive<u32> = 3..=20;

impl DirectDebitScheme {
    /// Reads the scheme file, naming the first thing wrong with it.
    pub fn parse(json: &str) -> Result<Self, String> {
        let file: SchemeFile = serde_json::from_str(json).map_err(|e| e.to_string())?;
        if file.organisation.trim().is_empty() {
            return Err("organisation must name the insurer".into());
        }
        if !NOTICE_RANGE.contains(&file.advance_notice_working_days) {
            return Err(format!(
                "advanceNoticeWorkingDays must be from {} to {}",
                NOTICE_RANGE.start(),
                NOTICE_RANGE.end()
            ));
        }
        let (first, last) = file.bank_holidays.covers_years;
        if first > last {
            return Err("bankHolidays.coversYears must be [first year, last year]".into());
        }
        if let Some(outside) = file
            .bank_holidays
            .dates
            .iter()
            .find(|d| d.year() < first || d.year() > last)
        {
            return Err(format!(
                "bank holiday {outside} is outside the years the list covers"
            ));
        }
        if file.guarantee.paragraphs.is_empty() {
            return Err("guarantee.paragraphs must hold the Guarantee's wording".into());
        }
        let fill = |text: &str| {
            text.replace("{{organisation}}", &file.organisation)
                .replace(
                    "{{advanceNoticeWorkingDays}}",
                    &file.advance_notice_working_days.to_string(),
                )
        };
        let guarantee = Guarantee {
            heading: fill(&file.guarantee.heading),
            paragraphs: file.guarantee.paragraphs.iter().map(|p| fill(p)).collect(),
        };
        if let Some(left) = guarantee
            .paragraphs
            .iter()
            .find(|p| p.contains("{{") || p.contains("}}"))
        {
            return Err(format!("guarantee has an unknown placeholder: {left}"));
        }
        Ok(Self {
            organisation: file.organisation,
            advance_notice_working_days: file.advance_notice_working_days,
            bank_holidays: file.bank_holidays.dates.into_iter().collect(),
            covers_years: (first, last),
            guarantee,
        })
    }

    /// Whether Bacs processes on `date`; `None` outside the years the bank holidays cover.
    pub fn is_working_day(&self, date: NaiveDate) -> Option<bool> {
        let (first, last) = self.covers_years;
        if date.year() < first || date.year() > last {
            return None;
        }
        let weekend = matches!(date.weekday(), Weekday::Sat | Weekday::Sun);
        Some(!weekend && !self.bank_holidays.contains(&date))
    }

    /// The `days`-th working day after `from` (not counting `from`).
    pub fn working_days_after(&self, from: NaiveDate, days: u32) -> Option<NaiveDate> {
        let mut date = from;
        let mut counted = 0;
        while counted < days {
            date = date.succ_opt()?;
            if self.is_working_day(date)? {
                counted += 1;
            }
        }
        Some(date)
    }

    /// The working day a collection due on `date` is taken: that day, or the next working day.
    fn collected_on(&self, date: NaiveDate) -> Option<NaiveDate> {
        let mut day = date;
        while !self.is_working_day(day)? {
            day = day.succ_opt()?;
        }
        Some(day)
    }

    /// The first collection: on the collection day, no earlier than the policy's start and no
    /// earlier than the advance notice allows after the notice is given, moved to the next
    /// working day when the day is a weekend or bank holiday. `None` when the date falls beyond
    /// the bank holidays the product lists.
    pub fn first_collection_date(
        &self,
        notice_on: NaiveDate,
        starts_on: NaiveDate,
        collection_day: u8,
    ) -> Option<NaiveDate> {
        let earliest = self
            .working_days_after(notice_on, self.advance_notice_working_days)?
            .max(starts_on);
        let in_month = |month_start: NaiveDate| month_start.with_day(u32::from(collection_day));
        let this_month = earliest.with_day(1)?;
        let due = match in_month(this_month)? {
            due if due >= earliest => due,
            _ => in_month(this_month.checked_add_months(Months::new(1))?)?,
        };
        self.collected_on(due)
    }
}

/// How many monthly premiums are due by `through` for cover starting on `starts_on`: one for
/// each month of cover begun by then, so a first collection that comes after the second month
/// of cover has begun takes both months' premiums.
pub fn months_begun(starts_on: NaiveDate, through: NaiveDate) -> u32 {
    let mut months = 0;
    while starts_on
        .checked_add_months(Months::new(months))
        .is_some_and(|begins| begins <= through)
    {
        months += 1;
    }
    months
}

/// The first collection as the payer is told of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FirstCollection {
    #[schema(value_type = String, format = Date)]
    pub date: NaiveDate,
    /// The months of premium it takes: more than one when the notice pushes it past the start
    /// of the second month of cover.
    pub months: u32,
    pub amount: Money,
    /// The day the notice is given: the day the policies are put in force (today until then).
    #[schema(value_type = String, format = Date)]
    pub notice_on: NaiveDate,
}

impl DirectDebitScheme {
    /// The first collection of `monthly` for cover from `starts_on`, with notice given on
    /// `notice_on`.
    pub fn first_collection(
        &self,
        notice_on: NaiveDate,
        starts_on: NaiveDate,
        collection_day: u8,
        monthly: Money,
    ) -> Option<FirstCollection> {
        let date = self.first_collection_date(notice_on, starts_on, collection_day)?;
        let months = months_begun(starts_on, date).max(1);
        Some(FirstCollection {
            date,
            months,
            amount: Money::from_pence(monthly.pence() * u64::from(months))?,
            notice_on,
        })
    }
}

#[cfg(test)]
mod tests;
