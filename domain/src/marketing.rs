//! Marketing updates (§3 "A marketing alert also exists", §7 `marketingupdates` "returns an
//! alert"): the insurer's notices to advisers, each shown on the dashboard from its first day to
//! its last (UK dates) until the adviser dismisses it. The content is `product/`'s
//! (`marketing-updates.json`); which one shows is decided here. Decision SH5.

use chrono::NaiveDate;
use serde::Deserialize;
use std::collections::{BTreeSet, HashSet};

/// One notice to advisers.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MarketingAlert {
    /// Stable, so a dismissal stays with the notice: letters, digits and `-` only.
    pub id: String,
    pub title: String,
    pub message: String,
    pub link: Option<AlertLink>,
    /// First and last UK day it shows, both included.
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
}

/// Where a notice leads for more.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AlertLink {
    pub text: String,
    /// An `https://` address.
    pub url: String,
}

/// Why a list of notices cannot be used; each names the notice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MarketingAlertError {
    #[error("alert {0:?}: the id must be 1 to 60 letters, digits or '-'")]
    BadId(String),
    #[error("alert {0:?} appears more than once")]
    DuplicateId(String),
    #[error("alert {0:?}: endsOn is before startsOn")]
    EndsBeforeItStarts(String),
    #[error("alert {0:?}: title and message must not be empty")]
    Empty(String),
    #[error("alert {0:?}: the link must be an https:// address with text")]
    BadLink(String),
}

/// Checks a list of notices as loaded: ids valid and unique, dates in order, words present.
pub fn check_alerts(alerts: &[MarketingAlert]) -> Result<(), MarketingAlertError> {
    let mut seen = HashSet::new();
    for alert in alerts {
        let id = alert.id.clone();
        let id_ok = (1..=60).contains(&id.len())
            && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if !id_ok {
            return Err(MarketingAlertError::BadId(id));
        }
        if !seen.insert(alert.id.as_str()) {
            return Err(MarketingAlertError::DuplicateId(id));
        }
        if alert.ends_on < alert.starts_on {
            return Err(MarketingAlertError::EndsBeforeItStarts(id));
        }
        if alert.title.trim().is_empty() || alert.message.trim().is_empty() {
            return Err(MarketingAlertError::Empty(id));
        }
        if let Some(link) = &alert.link
            && (!link.url.starts_with("https://") || link.text.trim().is_empty())
        {
            return Err(MarketingAlertError::BadLink(id));
        }
    }
    Ok(())
}

/// The notice to show an adviser on UK date `today`: of those running that day and not
/// dismissed, the one that started last (the newest news); on a tie, the first in the file.
pub fn current_alert<'a>(
    alerts: &'a [MarketingAlert],
    today: NaiveDate,
    dismissed: &BTreeSet<String>,
) -> Option<&'a MarketingAlert> {
    alerts
        .iter()
        .filter(|a| a.starts_on <= today && today <= a.ends_on)
        .filter(|a| !dismissed.contains(&a.id))
        .rev()
        .max_by_key(|a| a.starts_on)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, m, d).unwrap()
    }

    fn alert(id: &str, starts_on: NaiveDate, ends_on: NaiveDate) -> MarketingAlert {
        MarketingAlert {
            id: id.into(),
            title: format!("Title {id}"),
            message: "Message".into(),
            link: None,
            starts_on,
            ends_on,
        }
    }

    fn none() -> BTreeSet<String> {
        BTreeSet::new()
    }

    #[test]
    fn an_alert_shows_from_its_first_day_to_its_last_inclusive() {
        let alerts = [alert("a", day(11, 1), day(11, 30))];
        assert_eq!(current_alert(&alerts, day(10, 31), &none()), None);
        assert_eq!(current_alert(&alerts, day(11, 1), &none()).unwrap().id, "a");
        assert_eq!(
            current_alert(&alerts, day(11, 30), &none()).unwrap().id,
            "a"
        );
        assert_eq!(current_alert(&alerts, day(12, 1), &none()), None);
    }

    #[test]
    fn the_newest_running_alert_shows_and_a_dismissed_one_gives_way_to_the_next() {
        let alerts = [
            alert("older", day(11, 1), day(12, 31)),
            alert("newer", day(11, 20), day(12, 31)),
            alert("future", day(12, 1), day(12, 31)),
        ];
        assert_eq!(
            current_alert(&alerts, day(11, 27), &none()).unwrap().id,
            "newer"
        );
        let dismissed = BTreeSet::from(["newer".to_owned()]);
        assert_eq!(
            current_alert(&alerts, day(11, 27), &dismissed).unwrap().id,
            "older"
        );
        let both = BTreeSet::from(["newer".to_owned(), "older".to_owned()]);
        assert_eq!(current_alert(&alerts, day(11, 27), &both), None);
    }

    #[test]
    fn alerts_starting_the_same_day_show_in_file_order() {
        let alerts = [
            alert("first", day(11, 1), day(11, 30)),
            alert("second", day(11, 1), day(11, 30)),
        ];
        assert_eq!(
            current_alert(&alerts, day(11, 2), &none()).unwrap().id,
            "first"
        );
    }

    #[test]
    fn a_one_day_alert_is_valid_and_dates_out_of_order_are_refused() {
        assert_eq!(check_alerts(&[alert("a", day(11, 1), day(11, 1))]), Ok(()));
        assert_eq!(
            check_alerts(&[alert("a", day(11, 2), day(11, 1))]),
            Err(MarketingAlertError::EndsBeforeItStarts("a".into()))
        );
    }

    #[test]
    fn ids_must_be_unique_and_plain() {
        assert_eq!(
            check_alerts(&[
                alert("a", day(1, 1), day(1, 2)),
                alert("a", day(2, 1), day(2, 2))
            ]),
            Err(MarketingAlertError::DuplicateId("a".into()))
        );
        assert_eq!(
            check_alerts(&[alert("a b", day(1, 1), day(1, 2))]),
            Err(MarketingAlertError::BadId("a b".into()))
        );
        assert_eq!(
            check_alerts(&[alert("", day(1, 1), day(1, 2))]),
            Err(MarketingAlertError::BadId(String::new()))
        );
    }

    #[test]
    fn a_link_must_be_https_with_text() {
        let mut linked = alert("a", day(1, 1), day(1, 2));
        linked.link = Some(AlertLink {
            text: "Read more".into(),
            url: "http://example.com".into(),
        });
        assert_eq!(
            check_alerts(std::slice::from_ref(&linked)),
            Err(MarketingAlertError::BadLink("a".into()))
        );
        linked.link = Some(AlertLink {
            text: "Read more".into(),
            url: "https://example.com".into(),
        });
        assert_eq!(check_alerts(&[linked]), Ok(()));
    }
}
