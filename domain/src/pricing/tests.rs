use super::*;
use crate::catalogue::Catalogue;
use crate::cover::{Cover, Rider};
use crate::product::{CoverType, DeferredPeriod, PaymentPeriod, ProductType};
use proptest::prelude::*;

const BASIS: &str = include_str!("../../../product/pricing/basis.json");
const CATALOGUE: &str = include_str!("../../../product/catalogue.json");

fn read_table(name: &str) -> Result<String, String> {
    match name {
        "elt15-males.csv" => {
            Ok(include_str!("../../../product/pricing/elt15-males.csv").to_owned())
        }
        "elt15-females.csv" => {
            Ok(include_str!("../../../product/pricing/elt15-females.csv").to_owned())
        }
        other => Err(format!("no such table {other}")),
    }
}

fn basis() -> Basis {
    Basis::parse(BASIS, read_table).unwrap()
}

fn catalogue() -> Catalogue {
    Catalogue::parse(CATALOGUE).unwrap()
}

fn life(age: u32) -> Life {
    Life {
        gender: Gender::Male,
        smoking: Some(Smoking::NoneInFiveYears),
        age,
    }
}

fn cover(product: ProductType, structure: CoverType, amount: u64) -> Cover {
    let mut cover = Cover::new(product);
    cover.id = Some("c".into());
    cover.cover_type = Some(structure);
    if product.pays_monthly_benefit() {
        cover.monthly_benefit = Money::from_pounds(amount);
        cover.deferred_period = Some(DeferredPeriod::Weeks4);
        cover.payment_period = Some(PaymentPeriod::Full);
    } else {
        cover.cover_amount = Money::from_pounds(amount);
    }
    cover
}

fn premium(cover: &Cover, life: &Life, years: u32) -> u64 {
    basis()
        .price_cover(cover, life, years, CommissionTerms::default())
        .total()
        .pence()
}

#[test]
fn the_shipped_basis_loads_and_calls_itself_sample() {
    assert!(basis().label().starts_with("Sample rates"));
    assert_eq!(basis().policy_fee(), Money::from_pence(300).unwrap());
}

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
        id: Some("r".into()),
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

mod whole_application {
    use super::*;
    use crate::applicant::{Applicant, ApplicantDetails};
    use crate::ids::{AdviserId, ApplicantId, ApplicationId};
    use chrono::{TimeZone, Utc};

    fn day() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
    }

    fn client(id: &str, gender: Gender, born: (i32, u32, u32)) -> Applicant {
        Applicant::new(
            ApplicantId::parse(id).unwrap(),
            ApplicantDetails {
                gender: Some(gender),
                date_of_birth: NaiveDate::from_ymd_opt(born.0, born.1, born.2),
                smoking: Some(Smoking::NoneInFiveYears),
                ..Default::default()
            },
        )
    }

    fn application(applicants: Vec<Applicant>) -> Application {
        let mut app = Application::new(
            ApplicationId::new(100_001).unwrap(),
            AdviserId::parse("adviser1").unwrap(),
            None,
            Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0).unwrap(),
        );
        app.applicants = applicants;
        app
    }

    fn termed(product: ProductType, amount: u64, term: u32, id: &str) -> Cover {
        let mut c = cover(product, CoverType::Level, amount);
        c.term = Some(term);
        c.id = Some(id.into());
        c
    }

    #[test]
    fn two_clients_are_priced_with_a_policy_fee_each_and_the_total_adds_up() {
        let mut alan = client("a1", Gender::Male, (1985, 6, 23));
        alan.covers = vec![
            termed(ProductType::Life, 250_000, 25, "c1"),
            termed(ProductType::CriticalIllness, 50_000, 25, "c2"),
        ];
        let mut ada = client("a2", Gender::Female, (1988, 12, 10));
        ada.covers = vec![termed(ProductType::IncomeProtection, 2_000, 28, "c3")];
        let app = application(vec![alan, ada]);
        let quote = basis()
            .price_application(&catalogue(), &app, day(), "q1".into())
            .unwrap();
        assert_eq!(quote.quote_applicants.len(), 2);
        let fee = basis().policy_fee();
        for applicant in &quote.quote_applicants {
            let covers: Money = applicant.quote_covers.iter().map(|c| c.premium).sum();
            assert_eq!(applicant.premium, covers + fee);
        }
        let total: Money = quote.quote_applicants.iter().map(|a| a.premium).sum();
        assert_eq!(quote.premium, total);
        assert_eq!(quote.quote_age_date, day());
        let first = &quote.quote_applicants[0].quote_covers[0];
        assert_eq!(first.cover_id, "c1");
        let lines: Money = first.breakdown.iter().map(|l| l.amount).sum();
        assert!(
            lines.pence().abs_diff(first.premium.pence()) <= 2,
            "{lines} vs {}",
            first.premium
        );
        assert!(quote.lifetime_premium.unwrap() > quote.premium);
    }

    #[test]
    fn an_incomplete_or_out_of_limits_cover_is_named_by_field() {
        let mut alan = client("a1", Gender::Male, (1985, 6, 23));
        let mut incomplete = termed(ProductType::Life, 250_000, 25, "c1");
        incomplete.term = None;
        alan.covers = vec![
            incomplete,
            termed(ProductType::CriticalIllness, 50_000, 60, "c2"),
        ];
        let rejection = basis()
            .price_application(&catalogue(), &application(vec![alan]), day(), "q".into())
            .unwrap_err();
        let fields: Vec<&str> = rejection.errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "applicants[0].covers[0].term",
                "applicants[0].covers[1].term"
            ]
        );
        assert_eq!(
            rejection.errors[1].message,
            "Term must be between 2 and 50 years"
        );
    }

    #[test]
    fn a_client_without_cover_cannot_be_priced() {
        let mut alan = client("a1", Gender::Male, (1985, 6, 23));
        alan.covers = vec![termed(ProductType::Life, 250_000, 25, "c1")];
        let ada = client("a2", Gender::Female, (1988, 12, 10));
        let rejection = basis()
            .price_application(
                &catalogue(),
                &application(vec![alan, ada]),
                day(),
                "q".into(),
            )
            .unwrap_err();
        assert_eq!(
            rejection.errors[0].message,
            "Price needs at least one cover for both applicants"
        );
    }
}

mod decision_quote {
    use super::*;
    use crate::decision::Decision;
    use crate::testkit::{decided, quoted_couple};

    /// The couple with Alan's cover loaded by 50% and Ada's declined.
    fn loaded_and_declined() -> Application {
        let alan = decided(
            &quoted_couple(),
            "a1",
            &[("c1", Decision::NonStandardTerms, 50)],
        );
        decided(&alan, "a2", &[("c2", Decision::Declined, 0)])
    }

    fn quoted(app: &Application) -> Quote {
        basis()
            .price_decision(&catalogue(), app, crate::testkit::today(), "d1".into())
            .unwrap()
    }

    fn cover<'q>(quote: &'q Quote, id: &str) -> &'q QuoteCover {
        quote
            .quote_applicants
            .iter()
            .flat_map(|a| &a.quote_covers)
            .find(|c| c.cover_id == id)
            .unwrap()
    }

    #[test]
    fn a_loading_raises_the_covers_premium_by_its_percentage_and_says_so() {
        let app = loaded_and_declined();
        let before = basis()
            .price_application(
                &catalogue(),
                &quoted_couple(),
                crate::testkit::today(),
                "q".into(),
            )
            .unwrap();
        let after = quoted(&app);
        let (base, loaded) = (cover(&before, "c1").premium, cover(&after, "c1").premium);
        assert_eq!(
            loaded.pence(),
            (base.pence() as f64 * 1.5).round() as u64,
            "{base:?} -> {loaded:?}"
        );
        assert_eq!(
            cover(&after, "c1").decision,
            Some(Decision::NonStandardTerms)
        );
        let line = cover(&after, "c1").breakdown.last().unwrap();
        assert_eq!(line.label, "Underwriting loading of 50%");
        assert_eq!(line.amount.pence(), loaded.pence() - base.pence());
    }

    #[test]
    fn a_declined_cover_is_left_out_and_its_client_pays_no_fee() {
        let after = quoted(&loaded_and_declined());
        let declined = cover(&after, "c2");
        assert_eq!(
            (declined.premium.pence(), declined.decision),
            (0, Some(Decision::Declined))
        );
        assert!(declined.breakdown.is_empty());
        let ada = &after.quote_applicants[1];
        assert_eq!(ada.premium.pence(), 0);
        let alan = &after.quote_applicants[0];
        let fee = basis().policy_fee();
        assert_eq!(alan.premium, cover(&after, "c1").premium + fee);
        assert_eq!(after.premium, alan.premium);
    }

    #[test]
    fn the_unloaded_premium_is_the_covers_kept_before_their_loadings() {
        let before = basis()
            .price_application(
                &catalogue(),
                &quoted_couple(),
                crate::testkit::today(),
                "q".into(),
            )
            .unwrap();
        let after = quoted(&loaded_and_declined());
        assert_eq!(
            after.unloaded_premium,
            Some(cover(&before, "c1").premium + basis().policy_fee())
        );
        // Standard terms for both: the decision quote is the quote.
        let standard = decided(
            &decided(
                &quoted_couple(),
                "a1",
                &[("c1", Decision::StandardTerms, 0)],
            ),
            "a2",
            &[("c2", Decision::StandardTerms, 0)],
        );
        let same = quoted(&standard);
        assert_eq!(same.premium, before.premium);
        assert_eq!(same.unloaded_premium, Some(before.premium));
    }

    #[test]
    fn there_is_no_decision_quote_before_the_decision() {
        let alan_only = decided(
            &quoted_couple(),
            "a1",
            &[("c1", Decision::StandardTerms, 0)],
        );
        let refused = basis()
            .price_decision(
                &catalogue(),
                &alan_only,
                crate::testkit::today(),
                "d".into(),
            )
            .unwrap_err();
        assert_eq!(refused.message, crate::application::NOT_AT_DECISION);
    }
}
