//! Shared vectors: the §9 display formats.

use crate::common;

use chrono::{NaiveDate, NaiveDateTime, NaiveTime};
use domain::formats;
use domain::money::Money;
use domain::product_codes::{CoverType, DeferredPeriod, PaymentPeriod, ProductType};
use serde_json::Value;

fn u32_of(value: &Value) -> u32 {
    u32::try_from(value.as_u64().unwrap()).unwrap()
}

/// What the Rust side shows for one case; dates that do not parse show as empty, as in the SPA.
fn shown(case: &Value) -> Value {
    let value = &case["value"];
    let text = || value.as_str().unwrap();
    let money = || Money::parse_pounds(case["pounds"].as_f64().unwrap()).unwrap();
    let shown = match case["format"].as_str().unwrap() {
        "money" => formats::money(money()),
        "moneyWithPence" => formats::money_with_pence(money()),
        "termYears" => formats::term_years(u32_of(value)),
        "toAge" => formats::to_age(u32_of(value)),
        "deferredPeriod" => {
            formats::deferred_period(DeferredPeriod::from_weeks(u32_of(value)).unwrap())
        }
        "paymentPeriod" => formats::payment_period(PaymentPeriod::parse(text()).unwrap()).into(),
        "coverType" => formats::cover_type(CoverType::parse(text()).unwrap()),
        "titleCase" => formats::title_case(text()),
        "date" => NaiveDate::parse_from_str(text(), "%Y-%m-%d")
            .map(formats::date)
            .unwrap_or_default(),
        "time" => NaiveTime::parse_from_str(text(), "%H:%M:%S")
            .map(formats::time)
            .unwrap_or_default(),
        "dateTime" => NaiveDateTime::parse_from_str(text(), "%Y-%m-%dT%H:%M:%S")
            .map(formats::date_time)
            .unwrap_or_default(),
        "compactDate" => formats::compact_date(text().parse().unwrap()),
        "displayedColumns" => {
            let columns = formats::displayed_columns(ProductType::parse(text()).unwrap());
            return serde_json::to_value(columns).unwrap();
        }
        other => panic!("unknown format {other}"),
    };
    Value::String(shown)
}

#[test]
fn every_format_vector_is_shown_the_same() {
    let cases = common::cases("formats");
    assert!(cases.len() >= 60, "{}", cases.len());
    for case in cases {
        assert_eq!(shown(&case), case["expected"], "{case}");
    }
}
