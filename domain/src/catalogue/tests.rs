use super::*;
use crate::money::Money;
use crate::product_codes::{DeferredPeriod, PaymentPeriod, ProductType, RiderType};

pub(crate) const SHIPPED: &str = include_str!("../../../product/catalogue.json");

fn catalogue() -> Catalogue {
    Catalogue::parse(SHIPPED).unwrap()
}

fn cover(product: ProductType, amount: u64, term: u32) -> Cover {
    let mut cover = Cover::new("c".into(), product);
    cover.id = "c1".into();
    cover.cover_type = Some(CoverType::Level);
    if product.pays_monthly_benefit() {
        cover.monthly_benefit = Money::from_pounds(amount);
        cover.deferred_period = Some(DeferredPeriod::Weeks4);
        cover.payment_period = Some(PaymentPeriod::Full);
    } else {
        cover.cover_amount = Money::from_pounds(amount);
    }
    if product != ProductType::ChildrensCriticalIllness {
        cover.term = Some(term);
    }
    cover
}

fn messages(errors: &[CoverError]) -> Vec<String> {
    errors.iter().map(|e| e.message.clone()).collect()
}

#[test]
fn the_shipped_catalogue_is_valid_and_says_it_is_sample() {
    let catalogue = catalogue();
    assert!(catalogue.about.starts_with("SAMPLE"));
    assert_eq!(catalogue.products.len(), 6);
}

#[test]
fn cover_amounts_are_checked_at_both_limits() {
    let c = catalogue();
    assert!(
        c.check_cover(&cover(ProductType::Life, 5_000, 20), 40)
            .is_empty()
    );
    assert!(
        c.check_cover(&cover(ProductType::Life, 10_000_000, 20), 40)
            .is_empty()
    );
    let low = c.check_cover(&cover(ProductType::Life, 4_999, 20), 40);
    assert_eq!(
        messages(&low),
        ["Cover amount must be between £5,000 and £10,000,000"]
    );
    assert_eq!(low[0].field.as_deref(), Some("coverAmount"));
    let high = c.check_cover(&cover(ProductType::Life, 10_000_001, 20), 40);
    assert_eq!(high.len(), 1);
    let ip = c.check_cover(&cover(ProductType::IncomeProtection, 299, 20), 40);
    assert_eq!(
        messages(&ip),
        ["Monthly benefit must be between £300 and £20,000"]
    );
    assert_eq!(ip[0].field.as_deref(), Some("monthlyBenefit"));
}

#[test]
fn cover_must_end_by_the_products_expiry_age() {
    let c = catalogue();
    // Critical illness ends by 75: a 45-year-old may take 30 years but not 31.
    assert!(
        c.check_cover(&cover(ProductType::CriticalIllness, 100_000, 30), 45)
            .is_empty()
    );
    let long = c.check_cover(&cover(ProductType::CriticalIllness, 100_000, 31), 45);
    assert_eq!(
        messages(&long),
        ["Critical Illness cover must end by age 75; this cover would end at 76"]
    );
    // Income protection must run to at least 55 and end by 70.
    let short = c.check_cover(&cover(ProductType::IncomeProtection, 2_000, 10), 40);
    assert_eq!(
        messages(&short),
        ["Income Protection cover must run to at least age 55"]
    );
}

#[test]
fn term_limits_and_to_age_are_checked() {
    let c = catalogue();
    let one_year_ci = c.check_cover(&cover(ProductType::CriticalIllness, 50_000, 1), 30);
    assert_eq!(
        messages(&one_year_ci),
        ["Term must be between 2 and 50 years"]
    );
    let mut to_age = cover(ProductType::Life, 100_000, 0);
    to_age.term = None;
    to_age.to_age = Some(40);
    assert_eq!(
        messages(&c.check_cover(&to_age, 40)),
        ["Cover must end after the client's current age of 40"]
    );
    to_age.to_age = Some(65);
    assert!(c.check_cover(&to_age, 40).is_empty());
    to_age.term = Some(25);
    assert_eq!(
        messages(&c.check_cover(&to_age, 40)),
        ["Give either a term or an age to cover to, not both"]
    );
}

#[test]
fn structures_periods_and_riders_follow_the_product() {
    let c = catalogue();
    let mut essentials = cover(ProductType::LifeEssentials, 50_000, 20);
    essentials.cover_type = Some(CoverType::Increasing);
    assert_eq!(
        messages(&c.check_cover(&essentials, 40)),
        ["Life Essentials is available as level or decreasing cover only"]
    );
    let mut life = cover(ProductType::Life, 100_000, 20);
    life.deferred_period = Some(DeferredPeriod::Weeks13);
    assert_eq!(
        c.check_cover(&life, 40)[0].field.as_deref(),
        Some("deferredPeriod")
    );
    let mut ci = cover(ProductType::CriticalIllness, 100_000, 20);
    ci.riders.push(Rider {
        id: "r1".into(),
        rider_type: RiderType::Tpd,
        cover_amount: Money::from_pounds(50_000),
        errors: vec![],
    });
    let rider = c.check_cover(&ci, 40);
    assert_eq!(
        messages(&rider),
        ["This rider cannot be added to Critical Illness cover"]
    );
    assert_eq!(rider[0].field.as_deref(), Some("riders.riderType"));
    let mut life = cover(ProductType::Life, 100_000, 20);
    life.riders.push(Rider {
        id: "r1".into(),
        rider_type: RiderType::Tpd,
        cover_amount: Money::from_pounds(100_001),
        errors: vec![],
    });
    assert_eq!(
        messages(&c.check_cover(&life, 40)),
        ["Total Permanent Disability cannot be more than the cover it is added to"]
    );
    life.riders[0].cover_amount = Money::from_pounds(100_000);
    assert!(c.check_cover(&life, 40).is_empty());
    life.term = Some(31);
    assert_eq!(
        messages(&c.check_cover(&life, 40)),
        ["Total Permanent Disability is available only on cover ending by age 70"]
    );
}

#[test]
fn family_income_is_a_yearly_income_with_its_own_limits() {
    let c = catalogue();
    let mut fib = cover(ProductType::Life, 30_000, 20);
    fib.cover_type = Some(CoverType::FamilyIncome);
    assert!(c.check_cover(&fib, 40).is_empty());
    fib.cover_amount = Money::from_pounds(600_000);
    assert_eq!(
        messages(&c.check_cover(&fib, 40)),
        ["Cover amount must be between £1,000 and £500,000"]
    );
}

#[test]
fn hiding_flags_take_products_away() {
    let c = catalogue();
    let mut settings = UxSettings::default();
    assert_eq!(c.offered_products(&settings).len(), 6);
    settings.hide_life_essentials = true;
    assert!(
        !c.offered_products(&settings)
            .contains(&ProductType::LifeEssentials)
    );
    assert!(c.offered_products(&settings).contains(&ProductType::Life));
    settings.hide_life_protection = true;
    assert_eq!(
        c.offered_products(&settings),
        [
            ProductType::CriticalIllness,
            ProductType::AcceleratedCriticalIllness,
            ProductType::ChildrensCriticalIllness,
            ProductType::IncomeProtection
        ]
    );
}

#[test]
fn a_field_the_catalogue_does_not_know_is_refused_by_its_path() {
    let misspelt = SHIPPED.replacen(
        r#""min": 5000, "max": 10000000"#,
        r#""minimum": 5000, "max": 10000000"#,
        1,
    );
    let refused = Catalogue::parse(&misspelt).unwrap_err();
    assert!(refused.contains("missing field `min`"), "{refused}");
    let extra = SHIPPED.replacen(
        r#""hiddenByFlag": "hideLifeProtection","#,
        r#""hiddenByFlag": "hideLifeProtection", "colour": "red","#,
        1,
    );
    assert_eq!(
        Catalogue::parse(&extra).unwrap_err(),
        "products.0.colour: this field is not recognised"
    );
}

#[test]
fn an_inconsistent_catalogue_is_refused_with_the_reason() {
    let edit = |from: &str, to: &str| {
        assert!(SHIPPED.contains(from), "{from}");
        Catalogue::parse(&SHIPPED.replacen(from, to, 1)).unwrap_err()
    };
    assert_eq!(
        edit(r#""productType": "ci","#, r#""productType": "life","#),
        "products: life must appear exactly once, not 2 times"
    );
    assert_eq!(
        edit(
            r#""min": 5000, "max": 10000000"#,
            r#""min": 10000001, "max": 10000000"#
        ),
        "life: amount must have 0 < min <= max"
    );
    assert_eq!(
        edit(
            r#""expiryAge": { "min": 19, "max": 90 }"#,
            r#""expiryAge": { "min": 19, "max": 101 }"#
        ),
        "life: expiryAge must have min <= max <= 100"
    );
    assert!(
        edit(r#""riders": ["tpd"]"#, r#""riders": []"#)
            .contains("Total Permanent Disability: attaches to life")
    );
    assert!(edit(r#""paymentPeriods": ["full", "twoYear"],"#, "").contains("income protection"));
    assert!(edit(r#""structures": ["level"],"#, r#""structures": [],"#).contains("structures"));
    let term_message = "life: term must have 1 <= minYears <= maxYears";
    assert_eq!(
        edit(
            r#""minYears": 1, "maxYears": 50"#,
            r#""minYears": 0, "maxYears": 50"#
        ),
        term_message
    );
    assert_eq!(
        edit(
            r#""minYears": 1, "maxYears": 50"#,
            r#""minYears": 51, "maxYears": 50"#
        ),
        term_message
    );
    assert_eq!(
        edit(
            r#""expiryAge": { "min": 19, "max": 90 }"#,
            r#""expiryAge": { "min": 91, "max": 90 }"#
        ),
        "life: expiryAge must have min <= max <= 100"
    );
    let oldest = SHIPPED.replacen(
        r#""expiryAge": { "min": 19, "max": 90 }"#,
        r#""expiryAge": { "min": 19, "max": 100 }"#,
        1,
    );
    assert!(
        Catalogue::parse(&oldest).is_ok(),
        "cover may run to the tables' last age"
    );
    assert_eq!(
        edit(
            "\"productType\": \"ccic\",\n      \"structures\": [\"level\"],",
            "\"productType\": \"ccic\",\n      \"structures\": [\"level\"],\n      \"term\": { \"minYears\": 1, \"maxYears\": 5 },"
        ),
        "ccic: children's cover has no term"
    );
    assert_eq!(
        edit(r#""term": { "minYears": 5, "maxYears": 40 },"#, ""),
        "lifeessentials: term and expiryAge are both required"
    );
    assert!(Catalogue::parse("{").is_err());
}

#[test]
fn every_limit_includes_its_own_edge() {
    let c = catalogue();
    // Critical illness: terms of 2 to 50 years, ending by 75.
    assert!(
        c.check_cover(&cover(ProductType::CriticalIllness, 50_000, 2), 30)
            .is_empty()
    );
    assert!(
        c.check_cover(&cover(ProductType::CriticalIllness, 50_000, 50), 20)
            .is_empty()
    );
    assert_eq!(
        messages(&c.check_cover(&cover(ProductType::CriticalIllness, 50_000, 51), 18)),
        ["Term must be between 2 and 50 years"]
    );
    // Income protection must run to at least 55: ending exactly at 55 is enough.
    assert!(
        c.check_cover(&cover(ProductType::IncomeProtection, 2_000, 15), 40)
            .is_empty()
    );
    // To an age: at least the product's shortest term (5 years for income protection).
    let mut to_55 = cover(ProductType::IncomeProtection, 2_000, 0);
    to_55.term = None;
    to_55.to_age = Some(55);
    assert!(c.check_cover(&to_55, 50).is_empty(), "exactly 5 years");
    assert_eq!(
        messages(&c.check_cover(&to_55, 51)),
        ["Cover must last at least 5 years"]
    );
    // A TPD rider is offered on cover ending by 70, 70 included.
    let mut life = cover(ProductType::Life, 100_000, 30);
    life.riders.push(Rider {
        id: "r1".into(),
        rider_type: RiderType::Tpd,
        cover_amount: Money::from_pounds(50_000),
        errors: vec![],
    });
    assert!(c.check_cover(&life, 40).is_empty(), "ends at 70");
}

#[test]
fn a_product_may_have_a_single_term_and_a_single_expiry_age() {
    let fixed = SHIPPED
        .replacen(
            r#""minYears": 1, "maxYears": 50"#,
            r#""minYears": 25, "maxYears": 25"#,
            1,
        )
        .replacen(
            r#""expiryAge": { "min": 19, "max": 90 }"#,
            r#""expiryAge": { "min": 65, "max": 65 }"#,
            1,
        );
    let c = Catalogue::parse(&fixed).unwrap();
    assert!(
        c.check_cover(&cover(ProductType::Life, 100_000, 25), 40)
            .is_empty()
    );
    assert_eq!(
        messages(&c.check_cover(&cover(ProductType::Life, 100_000, 24), 40)),
        ["Term must be between 25 and 25 years"]
    );
}

#[test]
fn a_limit_may_be_a_single_amount() {
    let fixed = SHIPPED.replacen(
        r#""min": 5000, "max": 50000 }"#,
        r#""min": 20000, "max": 20000 }"#,
        1,
    );
    let c = Catalogue::parse(&fixed).unwrap();
    assert!(
        c.check_cover(&cover(ProductType::ChildrensCriticalIllness, 20_000, 0), 40)
            .is_empty()
    );
    assert_eq!(
        c.check_cover(&cover(ProductType::ChildrensCriticalIllness, 20_001, 0), 40)
            .len(),
        1
    );
}

#[test]
fn cover_above_the_age_bands_amount_is_restricted_with_status_412() {
    let c = catalogue();
    // Critical illness: from 50 above £500,000, from 55 above £300,000 (sample bands).
    let ci = |amount| cover(ProductType::CriticalIllness, amount, 10);
    assert!(
        c.check_cover(&ci(2_000_000), 49).is_empty(),
        "under 50: not restricted"
    );
    assert!(
        c.check_cover(&ci(500_000), 50).is_empty(),
        "the band's amount itself is fine"
    );
    let restricted = c.check_cover(&ci(500_001), 50);
    assert_eq!(restricted.len(), 1);
    assert_eq!(restricted[0].status, Some(412));
    assert_eq!(restricted[0].field.as_deref(), Some("coverAmount"));
    assert_eq!(
        restricted[0].message,
        "Restricted cover: for a client aged 50 or over, Critical Illness above £500,000 can be \
         arranged only on restricted terms by our new business team. Reduce the cover amount to \
         £500,000 or less to quote and apply here."
    );
    assert!(c.check_cover(&ci(400_000), 54).is_empty());
    assert_eq!(c.check_cover(&ci(300_001), 55)[0].status, Some(412));
    assert!(c.check_cover(&ci(300_000), 55).is_empty());
    // Above the product's maximum it is a limit, not a restriction.
    let over = c.check_cover(&ci(2_000_001), 55);
    assert_eq!(over.len(), 1);
    assert_eq!(over[0].status, None);
    // A product without bands is never restricted.
    assert!(
        c.check_cover(&cover(ProductType::LifeEssentials, 500_000, 10), 60)
            .is_empty()
    );
    assert_eq!(c.restricted_band(ProductType::Life, 59), None);
    assert_eq!(
        c.restricted_band(ProductType::Life, 60).map(|b| b.amount),
        Some(1_000_000)
    );
}

#[test]
fn restricted_bands_must_run_from_young_to_old_within_the_products_limits() {
    let swapped = SHIPPED.replacen(
        r#"[{ "fromAge": 50, "amount": 500000 }, { "fromAge": 55, "amount": 300000 }]"#,
        r#"[{ "fromAge": 55, "amount": 300000 }, { "fromAge": 50, "amount": 500000 }]"#,
        1,
    );
    assert!(
        Catalogue::parse(&swapped)
            .unwrap_err()
            .contains("restrictedAbove")
    );
    let above_max = SHIPPED.replacen(
        r#"{ "fromAge": 60, "amount": 1000000 }"#,
        r#"{ "fromAge": 60, "amount": 10000000 }"#,
        1,
    );
    assert!(
        Catalogue::parse(&above_max)
            .unwrap_err()
            .contains("restrictedAbove[0].amount")
    );
}
