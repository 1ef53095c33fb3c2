//! Premiums from an actuarial basis kept as data (`product/pricing/`): mortality tables by
//! age and sex, and the stated loadings for products, smoking, structure, deferred and payment
//! periods, riders, expenses, commission and the policy fee. How a premium is built is written
//! out in `product/pricing/SOURCES.md`; nothing here is a made-up price.
//!
//! Pure: the activity that prices a quote reads the files and calls [`Basis::parse`] once, then
//! [`Basis::price_application`] for each quote.
//!
//! - `mortality`: the tables and the claim rates by age built from them;
//! - `basis`: `basis.json`, read and checked, with `income_protection`'s part apart;
//! - `premium`: the premium arithmetic, one cover for one life;
//! - `application`: pricing a whole application, and the decision quote;
//! - `alternatives`: the priced alternatives at the decision.

mod alternatives;
mod application;
mod basis;
#[cfg(test)]
mod fixtures;
mod income_protection;
mod mortality;
mod premium;

pub use basis::Basis;
pub use premium::Life;
