//! When advisers can use web chat (§2 "Web chat button, disabled until the chat service is
//! ready"): someone in customer care is online to answer; when nobody is, the staffed hours in
//! UK civil time (`product/portal.json`, `help.webChat`) say why and when they are next
//! expected. Decisions SH3, SH4, WC1. The conversation's own rules are in [`conversation`].

pub mod conversation;

use crate::dates::uk_local;
use chrono::{DateTime, Datelike, Days, NaiveDate, NaiveDateTime, NaiveTime, Utc, Weekday};
use std::collections::BTreeSet;

/// How far ahead the next opening is looked for: a fortnight of closed days (Christmas and New
/// Year together are at most six) means the hours are set so chat never opens.
const LOOK_AHEAD_DAYS: u64 = 14;

/// The days and times customer care answers web chat, in UK civil time (GMT or BST): open from
/// `opens` up to, not including, `closes` on each of `days`, except on `closed_on` dates (bank
/// holidays).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffedHours {
    days: BTreeSet<u32>,
    opens: NaiveTime,
    closes: NaiveTime,
    closed_on: BTreeSet<NaiveDate>,
}

/// Why staffed hours cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StaffedHoursError {
    #[error("at least one day of the week must be staffed")]
    NoDays,
    #[error("the opening time {opens} must be before the closing time {closes}")]
    OpensAfterCloses { opens: NaiveTime, closes: NaiveTime },
}

impl StaffedHours {
    /// Hours open on `days` from `opens` to `closes`, closed on the dates in `closed_on`.
    pub fn new(
        days: impl IntoIterator<Item = Weekday>,
        opens: NaiveTime,
        closes: NaiveTime,
        closed_on: impl IntoIterator<Item = NaiveDate>,
    ) -> Result<Self, StaffedHoursError> {
        let days: BTreeSet<u32> = days.into_iter().map(|d| d.num_days_from_monday()).collect();
        if days.is_empty() {
            return Err(StaffedHoursError::NoDays);
        }
        if opens >= closes {
            return Err(StaffedHoursError::OpensAfterCloses { opens, closes });
        }
        Ok(Self {
            days,
            opens,
            closes,
            closed_on: closed_on.into_iter().collect(),
        })
    }

    fn staffed_day(&self, date: NaiveDate) -> bool {
        self.days.contains(&date.weekday().num_days_from_monday())
            && !self.closed_on.contains(&date)
    }

    /// Whether customer care is staffed at `at`: the opening minute is in, the closing minute out.
    pub fn is_open(&self, at: DateTime<Utc>) -> bool {
        let local = uk_local(at);
        self.staffed_day(local.date()) && local.time() >= self.opens && local.time() < self.closes
    }

    /// The next time (UK civil) customer care opens after `at`, or `None` when no day of the
    /// next fortnight is staffed.
    pub fn next_opening(&self, at: DateTime<Utc>) -> Option<NaiveDateTime> {
        let local = uk_local(at);
        (0..=LOOK_AHEAD_DAYS)
            .filter_map(|n| local.date().checked_add_days(Days::new(n)))
            .filter(|date| self.staffed_day(*date))
            .map(|date| date.and_time(self.opens))
            .find(|opening| *opening > local)
    }
}

/// Whether web chat can be used now, and why not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WebChatAvailability {
    /// At least one customer-care agent is online to answer.
    Ready,
    /// Inside the staffed hours, but no agent is online just now.
    NoOneOnline,
    /// Outside the staffed hours and no agent is online; `opens_at` is when the hours next
    /// start (UK civil time), if ever within a fortnight.
    OutsideHours { opens_at: Option<NaiveDateTime> },
}

/// Web chat's availability at `at`: ready whenever an agent is online to answer (an agent
/// working late answers, whatever the hours say); otherwise the staffed hours say why not.
pub fn web_chat_availability(
    agents_online: usize,
    hours: &StaffedHours,
    at: DateTime<Utc>,
) -> WebChatAvailability {
    if agents_online > 0 {
        WebChatAvailability::Ready
    } else if hours.is_open(at) {
        WebChatAvailability::NoOneOnline
    } else {
        WebChatAvailability::OutsideHours {
            opens_at: hours.next_opening(at),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn time(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }

    fn weekdays() -> StaffedHours {
        StaffedHours::new(
            [
                Weekday::Mon,
                Weekday::Tue,
                Weekday::Wed,
                Weekday::Thu,
                Weekday::Fri,
            ],
            time(8, 0),
            time(18, 0),
            [NaiveDate::from_ymd_opt(2026, 12, 25).unwrap()],
        )
        .unwrap()
    }

    fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, mo, d, h, mi, 0).unwrap()
    }

    fn local(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(y, mo, d)
            .unwrap()
            .and_time(time(h, mi))
    }

    #[test]
    fn open_from_the_opening_minute_to_the_minute_before_closing_in_winter() {
        // Friday 27 November 2026, GMT: UK time is UTC.
        let hours = weekdays();
        assert!(!hours.is_open(utc(2026, 11, 27, 7, 59)));
        assert!(hours.is_open(utc(2026, 11, 27, 8, 0)));
        assert!(hours.is_open(utc(2026, 11, 27, 17, 59)));
        assert!(!hours.is_open(utc(2026, 11, 27, 18, 0)));
    }

    #[test]
    fn in_summer_time_the_hours_are_an_hour_earlier_in_utc() {
        // Wednesday 1 July 2026, BST: 08:00 in the UK is 07:00 UTC.
        let hours = weekdays();
        assert!(!hours.is_open(utc(2026, 7, 1, 6, 59)));
        assert!(hours.is_open(utc(2026, 7, 1, 7, 0)));
        assert!(hours.is_open(utc(2026, 7, 1, 16, 59)));
        assert!(!hours.is_open(utc(2026, 7, 1, 17, 0)));
    }

    #[test]
    fn the_monday_after_the_clocks_change_opens_at_eight_uk_time() {
        // Clocks went forward on Sunday 29 March 2026 and back on Sunday 25 October 2026.
        let hours = weekdays();
        assert!(
            hours.is_open(utc(2026, 3, 30, 7, 0)),
            "BST Monday, 08:00 UK"
        );
        assert!(
            !hours.is_open(utc(2026, 3, 27, 7, 0)),
            "GMT Friday before, 07:00 UK"
        );
        assert!(
            hours.is_open(utc(2026, 10, 26, 8, 0)),
            "GMT Monday, 08:00 UK"
        );
        assert!(
            !hours.is_open(utc(2026, 10, 26, 7, 30)),
            "GMT Monday, 07:30 UK"
        );
        assert!(
            hours.is_open(utc(2026, 10, 23, 7, 30)),
            "BST Friday before, 08:30 UK"
        );
    }

    #[test]
    fn closed_at_the_weekend_and_the_next_opening_is_monday_morning() {
        let hours = weekdays();
        // Saturday 28 November 2026 at noon.
        assert!(!hours.is_open(utc(2026, 11, 28, 12, 0)));
        assert_eq!(
            hours.next_opening(utc(2026, 11, 28, 12, 0)),
            Some(local(2026, 11, 30, 8, 0))
        );
        // Friday evening after closing.
        assert_eq!(
            hours.next_opening(utc(2026, 11, 27, 18, 0)),
            Some(local(2026, 11, 30, 8, 0))
        );
        // Before opening on a weekday: the same morning.
        assert_eq!(
            hours.next_opening(utc(2026, 11, 26, 6, 0)),
            Some(local(2026, 11, 26, 8, 0))
        );
    }

    #[test]
    fn the_next_opening_across_the_clock_change_is_in_uk_time() {
        // Saturday 24 October 2026 (BST); the clocks go back on Sunday; Monday opens at 08:00 GMT.
        assert_eq!(
            weekdays().next_opening(utc(2026, 10, 24, 12, 0)),
            Some(local(2026, 10, 26, 8, 0))
        );
    }

    #[test]
    fn a_closed_date_is_skipped() {
        let hours = weekdays();
        // Christmas Day 2026 is a Friday.
        assert!(!hours.is_open(utc(2026, 12, 25, 10, 0)));
        assert_eq!(
            hours.next_opening(utc(2026, 12, 24, 18, 30)),
            Some(local(2026, 12, 28, 8, 0))
        );
    }

    #[test]
    fn availability_needs_an_agent_online_and_the_hours_say_why_not() {
        let hours = weekdays();
        let friday_noon = utc(2026, 11, 27, 12, 0);
        let saturday_noon = utc(2026, 11, 28, 12, 0);
        assert_eq!(
            web_chat_availability(0, &hours, friday_noon),
            WebChatAvailability::NoOneOnline
        );
        assert_eq!(
            web_chat_availability(1, &hours, friday_noon),
            WebChatAvailability::Ready
        );
        assert_eq!(
            web_chat_availability(0, &hours, saturday_noon),
            WebChatAvailability::OutsideHours {
                opens_at: Some(local(2026, 11, 30, 8, 0))
            }
        );
        // An agent online out of hours answers.
        assert_eq!(
            web_chat_availability(2, &hours, saturday_noon),
            WebChatAvailability::Ready
        );
    }

    #[test]
    fn hours_that_never_open_are_refused() {
        assert_eq!(
            StaffedHours::new([], time(8, 0), time(18, 0), []),
            Err(StaffedHoursError::NoDays)
        );
        assert!(matches!(
            StaffedHours::new([Weekday::Mon], time(18, 0), time(18, 0), []),
            Err(StaffedHoursError::OpensAfterCloses { .. })
        ));
    }
}
