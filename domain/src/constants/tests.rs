use super::*;

#[test]
fn the_section_nine_limits_have_the_specs_values() {
    assert_eq!(AMRA_CONSENT_VALID_MONTHS, 12);
    assert_eq!(MEDICAL_REPORT_HELD_DAYS, 21);
    assert_eq!(INFORMATION_REQUEST_MONTHS_AFTER_COVER, 6);
    assert_eq!(CANCELLATION_REFUND_DAYS, 30);
    assert_eq!(UNBORN_CHILD_COVER_MONTHS_BEFORE_BIRTH, 9);
    assert_eq!(SNACKBAR_MS, 6_000);
    assert_eq!(TERM_EXTENSIONS_ALLOWED, 1);
    assert_eq!(TERM_EXTENSION_DAYS, 90);
    assert_eq!(MAX_CHILD_AGE, 23);
    assert_eq!(MAX_BENEFICIARIES, 8);
    assert_eq!(NAME_MAX_CHARS, 100);
    assert_eq!(EMAIL_MAX_CHARS, 100);
    assert_eq!(ADDRESS_LINE_MAX_CHARS, 40);
    assert_eq!((PHONE_MIN_DIGITS, PHONE_MAX_DIGITS), (10, 11));
    assert_eq!((MIN_AGE, MAX_AGE, MAX_APPLICANTS), (18, 64, 2));
}

#[test]
fn the_unexplained_list_reads_in_order() {
    let list = [
        u64::from(DASHBOARD_PAGE_SIZE),
        u64::from(MAX_CHILD_AGE),
        MAX_BENEFICIARIES as u64,
        EMAIL_MAX_CHARS as u64,
        PASSWORD_MIN_CHARS as u64,
        QUOTE_VALIDITY_DAYS as u64,
        u64::from(POLICY_START_MAX_MONTHS),
        u64::from(TOKEN_RENEWAL_SECONDS_BEFORE_EXPIRY),
        u64::from(SECONDS_PER_MINUTE),
    ];
    assert_eq!(list, [10, 23, 8, 100, 8, 30, 3, 60, 60]);
    assert_eq!(ALLOCATION_TOTAL_PERCENT, 100);
}

#[test]
fn genetic_test_results_are_disclosed_only_above_half_a_million() {
    let pounds = |p| Money::from_pounds(p).unwrap();
    assert_eq!(genetic_test_disclosure_threshold(), pounds(500_000));
    assert!(!genetic_test_disclosure_required(pounds(500_000)));
    assert!(genetic_test_disclosure_required(
        Money::from_pence(50_000_001).unwrap()
    ));
    assert!(!genetic_test_disclosure_required(pounds(499_999)));
}

#[test]
fn uk_and_australian_dress_sizes_run_from_4_to_26_in_twos() {
    let expected = [4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26];
    assert_eq!(DressSizeScale::Uk.sizes(), expected);
    assert_eq!(DressSizeScale::Australia.sizes(), expected);
}

#[test]
fn european_dress_sizes_run_from_32_to_54_in_twos() {
    assert_eq!(
        DressSizeScale::European.sizes(),
        [32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54]
    );
}

#[test]
fn us_dress_sizes_start_1_2_then_run_from_4_to_22_in_twos() {
    assert_eq!(
        DressSizeScale::Us.sizes(),
        [1, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22]
    );
}

#[test]
fn dress_size_scale_codes_round_trip() {
    for scale in DressSizeScale::ALL {
        assert_eq!(DressSizeScale::parse(scale.code()), Some(scale));
        assert_eq!(serde_json::to_value(scale).unwrap(), scale.code());
    }
    assert_eq!(DressSizeScale::parse("UK"), None);
}
