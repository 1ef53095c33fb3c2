use super::*;
use proptest::prelude::*;

fn pct(value: f64) -> Percentage {
    Percentage::parse(value).unwrap()
}

fn rules(allowed: bool, fixed: Option<f64>, hybrid: bool) -> CommissionRules {
    CommissionRules {
        indemnity_allowed: allowed,
        fixed_indemnity: fixed.map(pct),
        hybrid_configurable: hybrid,
    }
}

fn input(sacrifice: Option<f64>, indemnity: Option<f64>) -> CommissionInput {
    CommissionInput {
        initial_commission_sacrifice_percentage: sacrifice,
        initial_indemnity_percentage: indemnity,
    }
}

fn only_error(result: Result<Commission, Vec<FieldError>>) -> FieldError {
    let errors = result.unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    errors.into_iter().next().unwrap()
}

#[test]
fn commission_type_is_none_when_indemnity_is_not_allowed_whatever_the_percentage() {
    for fixed in [None, Some(0.0), Some(50.0), Some(100.0)] {
        assert_eq!(commission_type(false, fixed.map(pct)), None, "{fixed:?}");
    }
}

#[test]
fn commission_type_is_none_when_the_percentage_is_absent() {
    assert_eq!(commission_type(true, None), None);
}

#[test]
fn commission_type_at_its_exact_edges() {
    let cases = [
        (0.0, CommissionStyle::NonIndemnity),
        (0.01, CommissionStyle::Hybrid),
        (50.0, CommissionStyle::Hybrid),
        (99.99, CommissionStyle::Hybrid),
        (100.0, CommissionStyle::Indemnity),
    ];
    for (percent, style) in cases {
        assert_eq!(
            commission_type(true, Some(pct(percent))),
            Some(style),
            "{percent}"
        );
    }
}

#[test]
fn styles_have_codes_and_labels() {
    assert_eq!(CommissionStyle::Indemnity.label(), "Indemnity");
    assert_eq!(CommissionStyle::NonIndemnity.label(), "Non-indemnity");
    assert_eq!(CommissionStyle::Hybrid.label(), "Hybrid");
    for style in [
        CommissionStyle::Indemnity,
        CommissionStyle::NonIndemnity,
        CommissionStyle::Hybrid,
    ] {
        assert_eq!(serde_json::to_value(style).unwrap(), style.code());
    }
}

#[test]
fn rules_read_the_advisers_flags() {
    let mut settings = UxSettings {
        fixed_indemnity_percentage: Some(75.0),
        configure_hybrid_commission: true,
        ..UxSettings::default()
    };
    let read = CommissionRules::from_settings(&settings);
    assert_eq!(read, rules(true, Some(75.0), true));
    assert_eq!(read.commission_type(), Some(CommissionStyle::Hybrid));
    settings.fixed_indemnity_percentage = Some(150.0);
    assert_eq!(
        CommissionRules::from_settings(&settings).fixed_indemnity,
        None,
        "an impossible fixed percentage is ignored"
    );
    let standard = CommissionRules::from_settings(&UxSettings::default());
    assert_eq!(standard, rules(true, None, false));
    assert_eq!(standard.commission_type(), None);
}

#[test]
fn an_adviser_without_indemnity_may_only_take_non_indemnity() {
    let no_indemnity = rules(false, Some(100.0), true);
    assert_eq!(
        no_indemnity.allowed_styles(),
        [CommissionStyle::NonIndemnity]
    );
    assert_eq!(
        no_indemnity.check(&input(None, None)).unwrap().style(),
        CommissionStyle::NonIndemnity
    );
    assert!(no_indemnity.check(&input(None, Some(0.0))).is_ok());
    let refused = only_error(no_indemnity.check(&input(None, Some(0.01))));
    assert_eq!(
        refused,
        FieldError::new(INDEMNITY_FIELD, INDEMNITY_NOT_ALLOWED)
    );
}

#[test]
fn a_fixed_percentage_is_the_only_choice() {
    let fixed = rules(true, Some(50.0), false);
    assert_eq!(fixed.allowed_styles(), [CommissionStyle::Hybrid]);
    assert_eq!(
        fixed
            .check(&input(None, None))
            .unwrap()
            .initial_indemnity_percentage,
        pct(50.0)
    );
    assert!(fixed.check(&input(None, Some(50.0))).is_ok());
    for other in [49.99, 50.01, 0.0, 100.0] {
        let refused = only_error(fixed.check(&input(None, Some(other))));
        assert_eq!(
            refused.message,
            "Indemnity is fixed at 50% for this adviser"
        );
    }
}

#[test]
fn a_fixed_percentage_of_nought_or_one_hundred_fixes_the_style() {
    assert_eq!(
        rules(true, Some(0.0), true).allowed_styles(),
        [CommissionStyle::NonIndemnity]
    );
    assert_eq!(
        rules(true, Some(100.0), true).allowed_styles(),
        [CommissionStyle::Indemnity]
    );
    assert!(
        rules(true, Some(100.0), true)
            .check(&input(None, Some(99.99)))
            .is_err()
    );
}

#[test]
fn hybrid_needs_the_hybrid_flag() {
    let plain = rules(true, None, false);
    assert_eq!(
        plain.allowed_styles(),
        [CommissionStyle::Indemnity, CommissionStyle::NonIndemnity]
    );
    assert!(plain.check(&input(None, Some(0.0))).is_ok());
    assert!(plain.check(&input(None, Some(100.0))).is_ok());
    for partial in [0.01, 50.0, 99.99] {
        let refused = only_error(plain.check(&input(None, Some(partial))));
        assert_eq!(refused.message, HYBRID_NOT_CONFIGURED);
    }
    let hybrid = rules(true, None, true);
    assert_eq!(hybrid.allowed_styles().len(), 3);
    for partial in [0.01, 50.0, 99.99] {
        assert_eq!(
            hybrid.check(&input(None, Some(partial))).unwrap().style(),
            CommissionStyle::Hybrid
        );
    }
}

#[test]
fn a_free_choice_defaults_to_indemnity() {
    let commission = rules(true, None, false).check(&input(None, None)).unwrap();
    assert_eq!(commission.initial_indemnity_percentage, Percentage::HUNDRED);
    assert_eq!(
        commission.initial_commission_sacrifice_percentage,
        Percentage::ZERO
    );
}

#[test]
fn sacrifice_runs_from_nought_to_one_hundred_with_two_decimals() {
    let free = rules(true, None, false);
    for ok in [0.0, 0.01, 12.5, 99.99, 100.0] {
        assert_eq!(
            free.check(&input(Some(ok), None))
                .unwrap()
                .initial_commission_sacrifice_percentage,
            pct(ok)
        );
    }
    for bad in [-0.01, 100.01, 33.333, f64::NAN] {
        let refused = only_error(free.check(&input(Some(bad), None)));
        assert_eq!(
            refused,
            FieldError::new(SACRIFICE_FIELD, SACRIFICE_INVALID),
            "{bad}"
        );
    }
}

#[test]
fn every_broken_rule_is_reported_at_once() {
    let errors = rules(true, None, false)
        .check(&input(Some(101.0), Some(-1.0)))
        .unwrap_err();
    assert_eq!(
        errors,
        [
            FieldError::new(SACRIFICE_FIELD, SACRIFICE_INVALID),
            FieldError::new(INDEMNITY_FIELD, INDEMNITY_INVALID),
        ]
    );
}

#[test]
fn percentages_are_shown_without_trailing_zeros() {
    assert_eq!(percent_text(pct(50.0)), "50");
    assert_eq!(percent_text(pct(33.5)), "33.5");
    assert_eq!(percent_text(pct(33.33)), "33.33");
    assert_eq!(percent_text(pct(0.01)), "0.01");
    assert_eq!(percent_text(pct(0.1)), "0.1");
    assert_eq!(percent_text(Percentage::HUNDRED), "100");
}

proptest! {
    #[test]
    fn the_style_follows_the_percentage_alone(hundredths in 0u32..=10_000) {
        let percent = Percentage::from_hundredths(hundredths).unwrap();
        let expected = match hundredths {
            0 => CommissionStyle::NonIndemnity,
            10_000 => CommissionStyle::Indemnity,
            _ => CommissionStyle::Hybrid,
        };
        prop_assert_eq!(CommissionStyle::of(percent), expected);
        prop_assert_eq!(commission_type(true, Some(percent)), Some(expected));
    }

    #[test]
    fn an_accepted_choice_is_one_of_the_allowed_styles(
        allowed in any::<bool>(),
        fixed in proptest::option::of(0u32..=10_000),
        hybrid in any::<bool>(),
        chosen in 0u32..=10_000,
    ) {
        let rules = CommissionRules {
            indemnity_allowed: allowed,
            fixed_indemnity: fixed.and_then(Percentage::from_hundredths),
            hybrid_configurable: hybrid,
        };
        let value = f64::from(chosen) / 100.0;
        if let Ok(commission) = rules.check(&input(None, Some(value))) {
            prop_assert!(rules.allowed_styles().contains(&commission.style()));
        }
    }
}
