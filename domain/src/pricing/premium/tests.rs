use super::*;
use crate::cover::Rider;
use crate::pricing::fixtures::{cover, life, premium};
use crate::testkit::{basis, catalogue};
use proptest::prelude::*;

#[test]
fn a_typical_quote_lands_in_the_uk_market_range() {
    // £200,000 level life cover for 25 years, male non-smoker aged 35: a few tens of pounds.
    let monthly = premium(
        &cover(ProductType::Life, CoverType::Level, 200_000),
        &life(35),
        25,
    );
    assert!((1_000..6_000).contains(&monthly), "{monthly} pence");
    // The same as critical illness cover costs several times more.
    let ci = premium(
        &cover(ProductType::CriticalIllness, CoverType::Level, 200_000),
        &life(35),
        25,
    );
    assert!(ci > 2 * monthly, "{ci} vs {monthly}");
}

/// The risk premium of a two-year cover, written out in closed form from the basis's rates:
/// expected discounted claims over expected discounted premium months (the method of
/// `monthly_risk_rate`, done by hand so a slip in the loop shows).
#[test]
fn a_two_year_risk_premium_matches_the_formula_worked_by_hand() {
    let basis = basis();
    let client = life(40);
    let v = 1.0 / (1.0 + basis.file.interest_rate);
    let (d1, i1, x1) = basis.rates_at(&client, 41);
    let (d2, i2, x2) = basis.rates_at(&client, 42);
    let by_hand = |claim1: f64, claim2: f64, exit1: f64| {
        let claims = v * claim1 + (1.0 - exit1) * v * v * claim2;
        let months = 1.0 + (1.0 - exit1) * v;
        claims / months / 12.0
    };
    let life_multiple = basis.product_multiple(ProductType::Life);
    let (q1, q2) = (d1 * life_multiple, d2 * life_multiple);
    let ci_multiple = basis.product_multiple(ProductType::CriticalIllness);
    let c1 = d1 * ci_multiple;
    let ip = &basis.file.income_protection;
    let ip_multiple = basis.product_multiple(ProductType::IncomeProtection);
    let paid = |x: f64, years_left: f64| x * 12.0 * ip.expected_claim_years.min(years_left);
    let cases = [
        (ProductType::Life, by_hand(q1, q2, q1)),
        (ProductType::CriticalIllness, by_hand(i1, i2, c1 + i1)),
        (ProductType::AcceleratedCriticalIllness, {
            let (a1, a2) = (
                d1 * basis.product_multiple(ProductType::AcceleratedCriticalIllness),
                d2 * basis.product_multiple(ProductType::AcceleratedCriticalIllness),
            );
            by_hand(a1 + i1, a2 + i2, a1 + i1)
        }),
        (
            ProductType::IncomeProtection,
            by_hand(paid(x1, 2.0), paid(x2, 1.0), d1 * ip_multiple),
        ),
    ];
    for (product, expected) in cases {
        let income = product
            .pays_monthly_benefit()
            .then_some((DeferredPeriod::Weeks4, PaymentPeriod::Full));
        let rate = basis.monthly_risk_rate(&client, product, CoverType::Level, 2, income);
        assert!(
            (rate - expected).abs() <= expected * 1e-12,
            "{product:?}: {rate} vs {expected} by hand"
        );
        assert!(expected > 0.0);
    }
    // A cover of no years has nothing to pay for.
    assert_eq!(
        basis.monthly_risk_rate(&client, ProductType::Life, CoverType::Level, 0, None),
        0.0
    );
    // Decreasing cover pays the whole amount in year one and half in year two.
    let decreasing =
        basis.monthly_risk_rate(&client, ProductType::Life, CoverType::Decreasing, 2, None);
    let expected = {
        let claims = v * q1 + (1.0 - q1) * v * v * q2 * 0.5;
        claims / (1.0 + (1.0 - q1) * v) / 12.0
    };
    assert!((decreasing - expected).abs() <= expected * 1e-12);
}

#[test]
fn smoking_and_an_unanswered_smoking_question_cost_more() {
    let c = cover(ProductType::Life, CoverType::Level, 250_000);
    let at = |smoking| {
        premium(
            &c,
            &Life {
                smoking,
                ..life(40)
            },
            20,
        )
    };
    let never = at(Some(Smoking::NoneInFiveYears));
    let recent = at(Some(Smoking::NoneInTwelveMonths));
    let smoker = at(Some(Smoking::Yes));
    assert!(
        never < recent && recent < smoker,
        "{never} {recent} {smoker}"
    );
    assert_eq!(at(None), smoker, "priced as a smoker until answered");
}

#[test]
fn women_pay_less_for_life_cover_than_men_of_the_same_age() {
    let c = cover(ProductType::Life, CoverType::Level, 250_000);
    let man = premium(&c, &life(40), 20);
    let woman = premium(
        &c,
        &Life {
            gender: Gender::Female,
            ..life(40)
        },
        20,
    );
    assert!(woman < man, "{woman} vs {man}");
}

#[test]
fn riders_are_priced_on_their_own_amount() {
    let mut c = cover(ProductType::Life, CoverType::Level, 200_000);
    let without = basis().price_cover(&c, &life(40), 20, CommissionTerms::default());
    c.riders.push(Rider {
        id: "r".into(),
        rider_type: RiderType::Tpd,
        cover_amount: Money::from_pounds(100_000),
        errors: vec![],
    });
    let with = basis().price_cover(&c, &life(40), 20, CommissionTerms::default());
    assert_eq!(
        with.premium, without.premium,
        "the cover's own premium is unchanged"
    );
    assert_eq!(with.riders.len(), 1);
    assert!(with.riders[0].1 > Money::default());
    assert!(with.total() > without.total());
}

#[test]
fn children_cover_is_a_flat_rate_per_thousand() {
    let c = cover(
        ProductType::ChildrensCriticalIllness,
        CoverType::Level,
        20_000,
    );
    // 20 × 10p with 25% expenses and 30% commission: 2.00 × 1.25 / 0.7 = £3.57.
    assert_eq!(premium(&c, &life(40), 20), 357);
}

/// A product with cover that runs for a term, chosen from the catalogue.
fn termed_product() -> impl Strategy<Value = ProductType> {
    prop::sample::select(vec![
        ProductType::Life,
        ProductType::LifeEssentials,
        ProductType::CriticalIllness,
        ProductType::AcceleratedCriticalIllness,
        ProductType::IncomeProtection,
    ])
}

/// A product, an age, a term and an amount that the catalogue accepts, with room to go one
/// year older or one year longer.
fn case() -> impl Strategy<Value = (ProductType, u32, u32, u64)> {
    termed_product().prop_flat_map(|product| {
        let rules = catalogue().product(product).clone();
        let term = rules.term.unwrap();
        let ages = rules.expiry_age.unwrap();
        let amount = rules.amount;
        (18u32..60).prop_flat_map(move |age| {
            let longest = term.max_years.min(ages.max.saturating_sub(age + 1));
            let shortest = term.min_years.max(ages.min.saturating_sub(age));
            let terms = if shortest < longest {
                shortest..longest
            } else {
                longest..longest + 1
            };
            (
                Just(product),
                Just(age),
                terms,
                amount.min..amount.max.min(5_000_000) / 2,
            )
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig {
        max_global_rejects: 100_000,
        ..ProptestConfig::with_cases(300)
    })]

    #[test]
    fn premium_rises_with_age((product, age, term, amount) in case()) {
        let c = cover(product, CoverType::Level, amount);
        let younger = premium(&c, &life(age), term);
        let older = premium(&c, &life(age + 1), term);
        prop_assert!(older >= younger, "{product:?} {age} {term} {amount}: {younger} -> {older}");
        prop_assert!(premium(&c, &life(age + 5), term) > younger);
    }

    #[test]
    fn premium_rises_with_the_amount((product, age, term, amount) in case()) {
        let small = premium(&cover(product, CoverType::Level, amount), &life(age), term);
        let large = premium(&cover(product, CoverType::Level, amount * 2), &life(age), term);
        prop_assert!(large > small, "{product:?}: {small} -> {large}");
    }

    #[test]
    fn premium_rises_with_the_term((product, age, term, amount) in case()) {
        let c = cover(product, CoverType::Level, amount);
        let short = premium(&c, &life(age), term);
        let long = premium(&c, &life(age), term + 1);
        prop_assert!(long >= short, "{product:?} {age} {term}: {short} -> {long}");
    }

    #[test]
    fn smokers_pay_more((product, age, term, amount) in case()) {
        let c = cover(product, CoverType::Level, amount);
        let smoker = Life { smoking: Some(Smoking::Yes), ..life(age) };
        prop_assert!(premium(&c, &smoker, term) > premium(&c, &life(age), term));
    }

    #[test]
    fn increasing_costs_more_than_level_and_decreasing_less((product, age, term, amount) in case()) {
        prop_assume!(product != ProductType::IncomeProtection && term >= 2);
        let at = |structure| premium(&cover(product, structure, amount), &life(age), term);
        let level = at(CoverType::Level);
        let (increasing, decreasing) = (at(CoverType::Increasing), at(CoverType::Decreasing));
        prop_assert!(increasing >= level && decreasing <= level, "{increasing} {level} {decreasing}");
        // Strictly, whenever a 1.5% difference is at least a penny.
        if level >= 100 {
            prop_assert!(increasing > level, "{increasing} vs {level}");
            prop_assert!(decreasing < level, "{decreasing} vs {level}");
        }
    }

    #[test]
    fn a_longer_deferred_period_lowers_income_protection((_p, age, term, amount) in case()) {
        let mut c = cover(ProductType::IncomeProtection, CoverType::Level, amount.clamp(300, 20_000));
        let term = term.clamp(5, 47).min(69 - age);
        let mut previous = u64::MAX;
        for period in DeferredPeriod::ALL {
            c.deferred_period = Some(period);
            let now = premium(&c, &life(age), term);
            prop_assert!(now < previous, "{period:?}: {now} not below {previous}");
            previous = now;
        }
        c.deferred_period = Some(DeferredPeriod::Weeks4);
        c.payment_period = Some(PaymentPeriod::TwoYear);
        let two_year = premium(&c, &life(age), term);
        c.payment_period = Some(PaymentPeriod::Full);
        prop_assert!(two_year < premium(&c, &life(age), term));
    }

    #[test]
    fn a_commission_sacrifice_lowers_the_premium(
        (product, age, term, amount) in case(),
        sacrifice in 1u32..=100,
    ) {
        let c = cover(product, CoverType::Level, amount);
        let full = basis().price_cover(&c, &life(age), term, CommissionTerms::default()).total();
        let terms = CommissionTerms::of(Percentage::whole(sacrifice), None);
        let less = basis().price_cover(&c, &life(age), term, terms).total();
        prop_assert!(less <= full, "{sacrifice}%: {less} vs {full}");
        // Strictly lower whenever the saving is worth at least a few pence.
        if full.pence() * u64::from(sacrifice) >= 1_000 {
            prop_assert!(less < full, "{sacrifice}%: {less} vs {full}");
        }
        let indemnity = CommissionTerms::of(None, Percentage::whole(100));
        let up_front = basis().price_cover(&c, &life(age), term, indemnity).total();
        prop_assert!(up_front >= full);
        // 5% more, strictly, whenever that is at least a penny.
        if full.pence() >= 20 {
            prop_assert!(up_front > full, "{up_front} vs {full}");
        }
    }
}
