//! What the pricing tests share: a life, a complete cover and its monthly premium on the shipped
//! basis (`crate::testkit::basis`).

use super::Life;
use super::premium::CommissionTerms;
use crate::applicant::{Gender, Smoking};
use crate::cover::Cover;
use crate::money::Money;
use crate::product_codes::{CoverType, DeferredPeriod, PaymentPeriod, ProductType};
use crate::testkit::basis;

pub(super) fn life(age: u32) -> Life {
    Life {
        gender: Gender::Male,
        smoking: Some(Smoking::NoneInFiveYears),
        age,
    }
}

pub(super) fn cover(product: ProductType, structure: CoverType, amount: u64) -> Cover {
    let mut cover = Cover::new("c".into(), product);
    cover.id = "c".into();
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

pub(super) fn premium(cover: &Cover, life: &Life, years: u32) -> u64 {
    basis()
        .price_cover(cover, life, years, CommissionTerms::default())
        .total()
        .pence()
}
