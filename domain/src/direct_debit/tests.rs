use super::*;

const SCHEME: &str = include_str!("../../../product/direct-debit/scheme.json");

fn scheme() -> DirectDebitScheme {
    DirectDebitScheme::parse(SCHEME).expect("the product's scheme file reads")
}

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("a real date")
}

fn pounds(p: u64) -> Money {
    Money::from_pence(p).expect("money")
}

#[test]
fn the_guarantee_names_the_insurer_and_its_notice() {
    let guarantee = scheme().guarantee;
    assert_eq!(guarantee.heading, "The Direct Debit Guarantee");
    assert!(guarantee.paragraphs[1].contains(
        "Protection Life will notify you 10 working days in advance of your account being debited"
    ));
    assert!(guarantee.paragraphs.iter().all(|p| !p.contains("{{")));
}

#[test]
fn working_days_skip_weekends_and_bank_holidays() {
    let s = scheme();
    // Thursday 26 November 2026: ten working days on is Thursday 10 December.
    assert_eq!(
        s.working_days_after(day(2026, 11, 26), 10),
        Some(day(2026, 12, 10))
    );
    // Over Christmas: 25 and 28 December 2026 and 1 January 2027 are bank holidays.
    assert_eq!(
        s.working_days_after(day(2026, 12, 17), 10),
        Some(day(2027, 1, 5))
    );
    assert_eq!(
        s.is_working_day(day(2027, 3, 26)),
        Some(false),
        "Good Friday 2027"
    );
    assert_eq!(s.is_working_day(day(2027, 3, 30)), Some(true));
}

#[test]
fn first_collection_waits_for_the_notice_then_the_collection_day() {
    let s = scheme();
    let first = s
        .first_collection(day(2026, 11, 26), day(2026, 11, 26), 15, pounds(7560))
        .expect("within the calendar");
    assert_eq!(
        (first.date, first.months, first.amount),
        (day(2026, 12, 15), 1, pounds(7560))
    );
    // The 10th is the earliest day the notice allows: a collection day of the 10th is met.
    let on_the_day = s.first_collection_date(day(2026, 11, 26), day(2026, 11, 26), 10);
    assert_eq!(on_the_day, Some(day(2026, 12, 10)));
    // The 9th is one day too soon, so the first collection is January's.
    let too_soon = s.first_collection_date(day(2026, 11, 26), day(2026, 11, 26), 9);
    assert_eq!(
        too_soon,
        Some(day(2027, 1, 11)),
        "9 January 2027 is a Saturday"
    );
}

#[test]
fn a_collection_past_the_second_month_of_cover_takes_both_months() {
    // Notice on 26 November 2026, collected on the 1st: 1 December is too soon, 1 January is a
    // bank holiday and the 2nd and 3rd a weekend, so Monday 4 January; cover began on
    // 26 November and 26 December, so two months are due.
    let first = scheme()
        .first_collection(day(2026, 11, 26), day(2026, 11, 26), 1, pounds(7560))
        .expect("within the calendar");
    assert_eq!(
        (first.date, first.months, first.amount),
        (day(2027, 1, 4), 2, pounds(15120))
    );
}

#[test]
fn a_later_start_collects_from_the_start() {
    let s = scheme();
    assert_eq!(
        s.first_collection_date(day(2026, 11, 26), day(2027, 3, 1), 1),
        Some(day(2027, 3, 1))
    );
    // The start inside the notice period: the notice still decides.
    assert_eq!(
        s.first_collection_date(day(2026, 11, 26), day(2026, 12, 3), 15),
        Some(day(2026, 12, 15))
    );
}

#[test]
fn months_begun_counts_each_month_of_cover_started() {
    assert_eq!(months_begun(day(2026, 11, 26), day(2026, 11, 26)), 1);
    assert_eq!(months_begun(day(2026, 11, 26), day(2026, 12, 25)), 1);
    assert_eq!(months_begun(day(2026, 11, 26), day(2026, 12, 26)), 2);
    // From 31 January the next month begins on the last day of February.
    assert_eq!(months_begun(day(2027, 1, 31), day(2027, 2, 27)), 1);
    assert_eq!(months_begun(day(2027, 1, 31), day(2027, 2, 28)), 2);
}

#[test]
fn no_date_is_given_beyond_the_bank_holidays_listed() {
    let s = scheme();
    assert_eq!(s.is_working_day(day(2029, 1, 2)), None);
    assert_eq!(
        s.first_collection_date(day(2028, 12, 20), day(2028, 12, 20), 15),
        None
    );
}

#[test]
fn a_broken_scheme_file_is_refused_with_its_fault() {
    let broken =
        |from: &str, to: &str| DirectDebitScheme::parse(&SCHEME.replace(from, to)).unwrap_err();
    assert!(
        broken(
            "\"advanceNoticeWorkingDays\": 10",
            "\"advanceNoticeWorkingDays\": 2"
        )
        .contains("advanceNoticeWorkingDays")
    );
    assert!(broken("\"2026-01-01\"", "\"2025-01-01\"").contains("outside the years"));
    assert!(
        broken("{{organisation}} will notify", "{{insurer}} will notify")
            .contains("unknown placeholder")
    );
    assert!(broken("\"Protection Life\"", "\" \"").contains("organisation"));
}
