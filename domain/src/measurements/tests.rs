use super::*;
use proptest::prelude::*;

const HEIGHT: Measurement = Measurement::Height;
const MALE: Measurement = Measurement::WeightMale;
const FEMALE: Measurement = Measurement::WeightFemale;
const WAIST: Measurement = Measurement::WaistSize;
const METRIC: UnitSystem = UnitSystem::Metric;
const IMPERIAL: UnitSystem = UnitSystem::Imperial;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn the_conversion_constants_are_the_specs() {
    assert_eq!(CM_PER_INCH, 2.54);
    assert_eq!(CM_PER_FOOT, 30.48);
    assert_eq!(KG_PER_STONE, 6.35029318);
    assert_eq!(LB_PER_KG, 2.204623);
    assert_eq!(LB_PER_STONE, 14);
    assert!(close(CM_PER_FOOT, CM_PER_INCH * f64::from(INCHES_PER_FOOT)));
}

#[test]
fn feet_and_inches_convert_by_the_foot_and_inch_constants() {
    assert!(close(feet_inches_to_cm(5, 9), 175.26));
    assert!(close(feet_inches_to_cm(6, 0), 182.88));
    assert!(close(feet_inches_to_cm(0, 1), 2.54));
    assert_eq!(cm_to_feet_inches(175.0), Some((5, 9)));
    assert_eq!(
        cm_to_feet_inches(182.8),
        Some((6, 0)),
        "carried, not 5 ft 12 in"
    );
}

#[test]
fn stones_and_pounds_convert_by_the_stone_and_pound_constants() {
    assert!(close(stones_pounds_to_kg(1, 0), 6.35029318));
    assert!(close(stones_pounds_to_kg(0, 1), 1.0 / 2.204623));
    assert!(close(
        stones_pounds_to_kg(12, 8),
        12.0 * 6.35029318 + 8.0 / 2.204623
    ));
    assert_eq!(kg_to_stones_pounds(80.0), Some((12, 8)));
    assert_eq!(kg_to_stones_pounds(6.35029318), Some((1, 0)));
}

#[test]
fn halves_round_up_to_the_next_whole_unit() {
    // 1.27 cm is exactly half an inch; 0.5 lb is 0.2267... kg.
    assert_eq!(cm_to_feet_inches(1.27), Some((0, 1)));
    assert_eq!(cm_to_feet_inches(1.26), Some((0, 0)));
    assert_eq!(kg_to_stones_pounds(pounds_to_kg(0.5)), Some((0, 1)));
}

#[test]
fn impossible_values_have_no_imperial_equivalent() {
    for bad in [-0.01, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e300] {
        assert_eq!(cm_to_feet_inches(bad), None, "{bad}");
        assert_eq!(kg_to_stones_pounds(bad), None, "{bad}");
        assert_eq!(HEIGHT.to_imperial(bad), None, "{bad}");
    }
    assert_eq!(WAIST.to_imperial(81.28), Some(Reading::Inches(32)));
}

#[test]
fn range_messages_show_bounds_in_the_advisers_units() {
    let cases = [
        (
            HEIGHT,
            METRIC,
            "Please enter a height between 1.20 m and 2.30 m",
        ),
        (
            HEIGHT,
            IMPERIAL,
            "Please enter a height between 4 ft 0 in and 7 ft 6 in",
        ),
        (
            MALE,
            METRIC,
            "Please enter a weight between 40 kg and 250 kg",
        ),
        (
            MALE,
            IMPERIAL,
            "Please enter a weight between 6 st 5 lb and 39 st 5 lb",
        ),
        (
            FEMALE,
            METRIC,
            "Please enter a weight between 35 kg and 230 kg",
        ),
        (
            FEMALE,
            IMPERIAL,
            "Please enter a weight between 5 st 8 lb and 36 st 3 lb",
        ),
        (
            WAIST,
            METRIC,
            "Please enter a waist size between 50 cm and 200 cm",
        ),
        (
            WAIST,
            IMPERIAL,
            "Please enter a waist size between 20 in and 78 in",
        ),
    ];
    for (measurement, system, message) in cases {
        assert_eq!(measurement.range_message(system), message);
    }
}

#[test]
fn every_imperial_bound_shown_is_accepted_and_one_unit_beyond_is_not() {
    for measurement in Measurement::ALL {
        let (lower, upper) = measurement.imperial_bounds();
        let metric = |units| measurement.imperial_reading(units).to_metric();
        assert!(measurement.accepts(metric(lower)), "{measurement:?} lower");
        assert!(measurement.accepts(metric(upper)), "{measurement:?} upper");
        assert!(
            !measurement.accepts(metric(lower - 1)),
            "{measurement:?} below"
        );
        assert!(
            !measurement.accepts(metric(upper + 1)),
            "{measurement:?} above"
        );
    }
}

#[test]
fn metric_bounds_are_accepted_and_a_hair_outside_is_not() {
    assert_eq!(HEIGHT.check(METRIC, "1.2", ""), Ok(120.0));
    assert!(HEIGHT.check(METRIC, "2.30", "").is_ok());
    assert!(HEIGHT.check(METRIC, "1.1999", "").is_err());
    assert!(HEIGHT.check(METRIC, "2.3001", "").is_err());
    assert_eq!(MALE.check(METRIC, "40", ""), Ok(40.0));
    assert!(MALE.check(METRIC, "39.99", "").is_err());
    assert!(MALE.check(METRIC, "250", "").is_ok());
    assert!(MALE.check(METRIC, "250.01", "").is_err());
    assert!(FEMALE.check(METRIC, "35", "").is_ok());
    assert!(FEMALE.check(METRIC, "34.99", "").is_err());
    assert!(WAIST.check(METRIC, "50", "").is_ok());
    assert!(WAIST.check(METRIC, "200.01", "").is_err());
}

#[test]
fn imperial_edges_are_decided_in_metric() {
    assert!(HEIGHT.check(IMPERIAL, "4", "0").is_ok());
    assert!(HEIGHT.check(IMPERIAL, "3", "11").is_err());
    assert!(HEIGHT.check(IMPERIAL, "7", "6").is_ok());
    assert!(HEIGHT.check(IMPERIAL, "7", "7").is_err());
    assert!(MALE.check(IMPERIAL, "6", "5").is_ok());
    assert!(MALE.check(IMPERIAL, "6", "4").is_err());
    assert!(MALE.check(IMPERIAL, "39", "5").is_ok());
    assert!(MALE.check(IMPERIAL, "39", "6").is_err());
    assert!(WAIST.check(IMPERIAL, "20", "").is_ok());
    assert!(WAIST.check(IMPERIAL, "19", "").is_err());
    assert!(WAIST.check(IMPERIAL, "78", "").is_ok());
    assert!(WAIST.check(IMPERIAL, "79", "").is_err());
}

#[test]
fn a_blank_box_of_a_pair_counts_as_nought() {
    assert_eq!(
        HEIGHT.read(IMPERIAL, "6", ""),
        Ok(Reading::FeetInches { feet: 6, inches: 0 })
    );
    assert_eq!(
        MALE.read(IMPERIAL, "", "13"),
        Ok(Reading::StonesPounds {
            stones: 0,
            pounds: 13
        })
    );
    assert_eq!(
        HEIGHT.check(IMPERIAL, " ", " "),
        Err(MeasurementError::Missing { label: "height" })
    );
    assert_eq!(
        HEIGHT.check(IMPERIAL, "", "").unwrap_err().to_string(),
        "Please enter a height"
    );
}

#[test]
fn twelve_inches_or_fourteen_pounds_in_the_minor_box_are_refused() {
    assert!(HEIGHT.read(IMPERIAL, "5", "11").is_ok());
    assert_eq!(
        HEIGHT.read(IMPERIAL, "5", "12").unwrap_err().to_string(),
        HEIGHT.range_message(IMPERIAL)
    );
    assert!(MALE.read(IMPERIAL, "12", "13").is_ok());
    assert!(MALE.read(IMPERIAL, "12", "14").is_err());
}

#[test]
fn unreadable_or_overlong_entries_get_the_range_message() {
    let message = Err(MeasurementError::OutOfRange {
        label: "height",
        lower: "1.20 m".into(),
        upper: "2.30 m".into(),
    });
    for bad in ["1,75", "1.7.5", "-1.75", "1.75m", ".", "1.75261", "abc"] {
        assert_eq!(HEIGHT.check(METRIC, bad, ""), message, "{bad:?}");
    }
    assert!(
        HEIGHT.check(METRIC, "1.7526", "").is_ok(),
        "six characters fit"
    );
    assert!(
        HEIGHT.check(IMPERIAL, "10", "0").is_err(),
        "feet take one digit"
    );
    assert!(
        MALE.check(IMPERIAL, "100", "0").is_err(),
        "stones take two digits"
    );
    assert!(MALE.check(METRIC, "080.50", "").is_ok());
    assert!(
        MALE.check(METRIC, "0080.50", "").is_err(),
        "seven characters"
    );
}

#[test]
fn the_minor_box_is_ignored_where_there_is_none() {
    assert_eq!(WAIST.read(IMPERIAL, "32", "99"), Ok(Reading::Inches(32)));
    assert_eq!(MALE.read(METRIC, "80", "x"), Ok(Reading::Kilograms(80.0)));
}

#[test]
fn maximum_lengths_are_the_specs() {
    let lengths = [
        (Field::Metre, 6),
        (Field::Feet, 1),
        (Field::Inch, 2),
        (Field::Kilo, 6),
        (Field::Stone, 2),
        (Field::Pound, 2),
        (Field::Month, 9),
        (Field::Year, 4),
        (Field::Centimetre, 6),
    ];
    for (field, length) in lengths {
        assert_eq!(field.max_length(), length, "{field:?}");
    }
}

#[test]
fn numeric_input_takes_digits_only() {
    for ok in ["", "0", "123", "007"] {
        assert!(is_numeric_input(ok), "{ok:?}");
    }
    for bad in ["-1", "1.5", " 1", "1e3", "+1", "١"] {
        assert!(!is_numeric_input(bad), "{bad:?}");
    }
}

#[test]
fn integer_input_takes_an_optional_leading_minus_and_empty() {
    for ok in ["", "-", "-12", "12", "0"] {
        assert!(is_integer_input(ok), "{ok:?}");
    }
    for bad in ["--1", "1-", "+1", "1.0", " -1", "-1 "] {
        assert!(!is_integer_input(bad), "{bad:?}");
    }
}

#[test]
fn decimal_input_takes_one_point_at_most() {
    for ok in ["", ".", "1.", ".5", "1.75", "80"] {
        assert!(is_decimal_input(ok), "{ok:?}");
    }
    for bad in ["1..5", "1.7.5", "-1", "1,5", "1e2"] {
        assert!(!is_decimal_input(bad), "{bad:?}");
    }
}

#[test]
fn measurement_codes_and_unit_systems_match_the_spec() {
    for measurement in Measurement::ALL {
        assert_eq!(Measurement::parse(measurement.code()), Some(measurement));
        assert_eq!(
            serde_json::to_value(measurement).unwrap(),
            measurement.code()
        );
    }
    assert_eq!(UnitSystem::parse("imperial"), Some(IMPERIAL));
    assert_eq!(UnitSystem::parse("metric"), Some(METRIC));
    assert_eq!(UnitSystem::parse("Metric"), None);
}

proptest! {
    #[test]
    fn centimetres_round_trip_through_inches_exactly(cm in 0.0f64..1_000.0) {
        prop_assert!((inches_to_cm(cm_to_inches(cm)) - cm).abs() <= 1e-9);
    }

    #[test]
    fn kilograms_round_trip_through_pounds_exactly(kg in 0.0f64..1_000.0) {
        prop_assert!((pounds_to_kg(kg_to_pounds(kg)) - kg).abs() <= 1e-9);
    }

    /// Whole inches lose at most half an inch (1.27 cm).
    #[test]
    fn height_round_trips_within_half_an_inch(cm in 0.0f64..300.0) {
        let (feet, inches) = cm_to_feet_inches(cm).unwrap();
        prop_assert!(inches < INCHES_PER_FOOT);
        prop_assert!((feet_inches_to_cm(feet, inches) - cm).abs() <= CM_PER_INCH / 2.0 + 1e-9);
    }

    /// Whole pounds lose at most half a pound (0.2268 kg), plus the few milligrams by which
    /// 14 lb at 2.204623 lb/kg and 6.35029318 kg/st differ.
    #[test]
    fn weight_round_trips_within_half_a_pound(kg in 0.0f64..400.0) {
        let (stones, pounds) = kg_to_stones_pounds(kg).unwrap();
        prop_assert!(pounds < LB_PER_STONE);
        let back = stones_pounds_to_kg(stones, pounds);
        prop_assert!((back - kg).abs() <= 0.5 / LB_PER_KG + 1e-4);
    }

    #[test]
    fn conversions_never_panic(value in any::<f64>()) {
        for measurement in Measurement::ALL {
            let _ = measurement.to_imperial(value);
            let _ = measurement.accepts(value);
        }
    }

    #[test]
    fn reading_any_text_never_panics(major in "\\PC{0,8}", minor in "\\PC{0,8}") {
        for measurement in Measurement::ALL {
            for system in [METRIC, IMPERIAL] {
                let _ = measurement.check(system, &major, &minor);
            }
        }
    }

    /// Switching an accepted metric height to imperial moves it by no more than the rounding
    /// to a whole inch.
    #[test]
    fn accepted_metric_heights_stay_near_in_imperial(cm in 120u32..=230) {
        let reading = HEIGHT.to_imperial(f64::from(cm)).unwrap();
        prop_assert!((reading.to_metric() - f64::from(cm)).abs() <= CM_PER_INCH / 2.0 + 1e-9);
    }
}

#[test]
fn a_reading_keeps_the_unit_the_adviser_typed() {
    assert_eq!(
        Measurement::WaistSize.read(UnitSystem::Metric, "81.5", ""),
        Ok(Reading::Centimetres(81.5))
    );
    assert_eq!(
        Measurement::WeightFemale.read(UnitSystem::Metric, "62", ""),
        Ok(Reading::Kilograms(62.0))
    );
    assert_eq!(
        Measurement::Height.read(UnitSystem::Metric, "1.75", ""),
        Ok(Reading::Metres(1.75))
    );
}
