use super::*;

fn tables() -> ModulusTables {
    let folder = std::path::Path::new(
        &std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    )
    .join("../product/modulus");
    let read = |name: &str| std::fs::read_to_string(folder.join(name)).unwrap();
    ModulusTables::parse(&read("valacdos-v8-50.txt"), &read("scsubtab.txt")).unwrap()
}

/// Vocalink's test data and expected results (section 3.1 of "Validating account numbers", v6.40),
/// one test each: the case's number and description, sort code, account number, valid.
macro_rules! vocalink_cases {
    ($($name:ident: $sort_code:literal $account:literal $valid:literal,)*) => {$(
        #[test]
        fn $name() {
            let outcome = tables().check_digits($sort_code, $account);
            assert_eq!(outcome.is_valid(), $valid, "{} {} gave {outcome:?}", $sort_code, $account);
        }
    )*};
}

vocalink_cases! {
    case_01_pass_modulus_10: "089999" "66374958" true,
    case_02_pass_modulus_11: "107999" "88837491" true,
    case_03_pass_modulus_11_and_double_alternate: "202959" "63748472" true,
    case_04_exceptions_10_and_11_first_passes_second_fails: "871427" "46238510" true,
    case_05_exceptions_10_and_11_first_fails_second_passes: "872427" "46238510" true,
    case_06_exception_10_ab_09_g_9_first_passes: "871427" "09123496" true,
    case_07_exception_10_ab_99_g_9_first_passes: "871427" "99123496" true,
    case_08_exception_3_range_start_c_6_second_ignored: "820000" "73688637" true,
    case_09_exception_3_range_end_c_9_second_ignored: "827999" "73988638" true,
    case_10_exception_3_c_not_6_or_9_both_pass: "827101" "28748352" true,
    case_11_exception_4_remainder_is_the_check_digit: "134020" "63849203" true,
    case_12_exception_1_adds_27_and_passes_double_alternate: "118765" "64371389" true,
    case_13_exception_6_foreign_currency_account: "200915" "41011166" true,
    case_14_exception_5_passes: "938611" "07806039" true,
    case_15_exception_5_passes_with_substitution: "938600" "42368003" true,
    case_16_exception_5_both_remainders_0: "938063" "55065200" true,
    case_17_exception_7_passes_where_the_standard_check_would_fail: "772798" "99345694" true,
    case_18_exception_8_passes: "086090" "06774744" true,
    case_19_exceptions_2_and_9_first_passes: "309070" "02355688" true,
    case_20_exceptions_2_and_9_second_passes_with_substitution: "309070" "12345668" true,
    case_21_exceptions_2_and_9_a_not_0_g_not_9: "309070" "12345677" true,
    case_22_exceptions_2_and_9_a_not_0_g_9: "309070" "99345694" true,
    case_23_exception_5_first_check_digit_right_second_wrong: "938063" "15764273" false,
    case_24_exception_5_first_check_digit_wrong_second_right: "938063" "15764264" false,
    case_25_exception_5_first_check_digit_wrong_remainder_1: "938063" "15763217" false,
    case_26_exception_1_fails_double_alternate: "118765" "64371388" false,
    case_27_passes_modulus_11_fails_double_alternate: "203099" "66831036" false,
    case_28_fails_modulus_11_passes_double_alternate: "203099" "58716970" false,
    case_29_fails_modulus_10: "089999" "66374959" false,
    case_30_fails_modulus_11: "107999" "88837493" false,
    case_31_exceptions_12_and_13_passes_modulus_11: "074456" "12345112" true,
    case_32_exceptions_12_and_13_passes_modulus_11_and_10: "070116" "34012583" true,
    case_33_exceptions_12_and_13_fails_11_passes_10: "074456" "11104102" true,
    case_34_exception_14_first_fails_second_passes: "180002" "00000190" true,
}

#[test]
fn a_foreign_currency_account_is_said_to_be_unchecked_not_passed() {
    // Case 13: exception 6, a = 4 and g = h.
    assert_eq!(
        tables().check_digits("200915", "41011166"),
        ModulusOutcome::ForeignCurrency
    );
    // The same sort code with g and h different is checked as usual.
    assert_eq!(
        tables().check_digits("200915", "41011176"),
        ModulusOutcome::Failed
    );
}

#[test]
fn a_sort_code_the_table_does_not_list_cannot_be_checked() {
    let tables = tables();
    assert_eq!(
        tables.check_digits("000001", "12345678"),
        ModulusOutcome::NotCheckable
    );
    assert!(ModulusOutcome::NotCheckable.is_valid());
    assert_eq!(
        tables.check_digits("08999", "66374958"),
        ModulusOutcome::Failed
    );
    assert_eq!(
        tables.check_digits("089999", "6637495"),
        ModulusOutcome::Failed
    );
    assert_eq!(
        tables.check_digits("08999x", "66374958"),
        ModulusOutcome::Failed
    );
}

#[test]
fn exception_14_tries_again_only_when_the_last_digit_is_0_1_or_9() {
    let tables = tables();
    // Case 34's number with its last digit 2 instead of 0 fails the first check and may not
    // be shifted.
    assert_eq!(
        tables.check_digits("180002", "00000192"),
        ModulusOutcome::Failed
    );
    assert_eq!(
        tables.check_digits("180002", "00000190"),
        ModulusOutcome::Passed
    );
}

#[test]
fn the_shipped_tables_are_read_whole() {
    let tables = tables();
    assert_eq!(tables.len(), 1151);
    assert_eq!(tables.substitutes.len(), 21);
}

#[test]
fn a_table_it_cannot_read_is_refused_naming_the_line() {
    let row =
        "010004 016715 MOD11    0    0    0    0    0    0    8    7    6    5    4    3    2    1";
    assert!(ModulusTables::parse(row, "").is_ok());
    let error = ModulusTables::parse(
        &format!("{row}\n010004 016715 MOD12 0 0 0 0 0 0 8 7 6 5 4 3 2 1"),
        "",
    )
    .unwrap_err();
    assert!(
        error.contains("line 2") && error.contains("MOD12"),
        "{error}"
    );
    let error = ModulusTables::parse(&format!("{row} 15"), "").unwrap_err();
    assert!(error.contains("exception from 1 to 14"), "{error}");
    let error =
        ModulusTables::parse("016715 010004 MOD11 0 0 0 0 0 0 8 7 6 5 4 3 2 1", "").unwrap_err();
    assert!(error.contains("ends before it starts"), "{error}");
    let error = ModulusTables::parse(row, "938173").unwrap_err();
    assert!(error.contains("substitution table line 1"), "{error}");
    assert!(ModulusTables::parse("", "").is_err());
}
