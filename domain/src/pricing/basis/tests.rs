use super::*;
use crate::pricing::fixtures::life;
use crate::testkit::{BASIS_JSON as BASIS, basis, read_basis_table as read_table};

#[test]
fn the_shipped_basis_loads_and_calls_itself_sample() {
    assert!(basis().label().starts_with("Sample rates"));
    assert_eq!(basis().policy_fee(), Money::from_pence(300).unwrap());
}

#[test]
fn the_population_accident_hump_is_smoothed_out() {
    let table = MortalityTable::parse_csv(&read_table("elt15-males.csv").unwrap()).unwrap();
    // ELT15 males: q(23) = 0.945 per thousand is above q(24) = 0.912.
    assert_eq!(table.rate(24), table.rate(23));
    assert!((table.rate(23) - 0.000945).abs() < 1e-12);
    assert!(
        (table.rate(10) - 0.000181).abs() < 1e-3,
        "childhood rates untouched"
    );
    for age in 18..OLDEST_TABLE_AGE {
        assert!(table.rate(age + 1) >= table.rate(age), "{age}");
    }
}

#[test]
fn illness_and_incapacity_rates_never_fall_with_age_even_where_the_multiple_does() {
    let basis = basis();
    for gender in [Gender::Male, Gender::Female] {
        let at = |age| {
            basis.rates_at(
                &Life {
                    gender,
                    ..life(age)
                },
                age,
            )
        };
        for age in 18..OLDEST_TABLE_AGE {
            let (now, next) = (at(age), at(age + 1));
            assert!(
                next.0 >= now.0 && next.1 >= now.1 && next.2 >= now.2,
                "{gender:?} {age}"
            );
        }
        // The critical illness multiple falls from 5 at 35 to 3.5 at 45, yet rates rise.
        assert!(at(45).1 > at(35).1);
    }
}

#[test]
fn a_basis_with_a_missing_or_malformed_figure_is_refused() {
    let edit = |from: &str, to: &str| {
        assert!(BASIS.contains(from), "{from}");
        Basis::parse(&BASIS.replacen(from, to, 1), read_table).unwrap_err()
    };
    assert_eq!(
        edit("\"interestRate\": 0.03", "\"interestRate\": 1.5"),
        "interestRate must be at least 0 and below 1"
    );
    assert!(
        edit("\"26\": 0.42", "\"26\": 0.7").contains("must fall as the deferred period lengthens")
    );
    assert!(edit("\"elt15-males.csv\"", "\"missing.csv\"").contains("missing.csv"));
    assert!(
        edit(
            "\"age\": 45, \"multiple\": 3.5",
            "\"age\": 25, \"multiple\": 3.5"
        )
        .contains("increasing age order")
    );
    let short_table = |_: &str| Ok("age,qx_per_1000\n0,8.1\n1,0.6\n".to_owned());
    assert!(
        Basis::parse(BASIS, short_table)
            .unwrap_err()
            .contains("stops at 1")
    );
    let bad_rate = |_: &str| Ok("age,qx_per_1000\n0,1000\n".to_owned());
    assert!(
        Basis::parse(BASIS, bad_rate)
            .unwrap_err()
            .contains("below 1000")
    );
    let zero_rate = |_: &str| Ok("age,qx_per_1000\n0,0\n".to_owned());
    assert!(
        Basis::parse(BASIS, zero_rate)
            .unwrap_err()
            .contains("above 0")
    );
}
