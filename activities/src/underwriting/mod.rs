//! Underwriting: the rulebook (interview, backed lists and rules) and the activity that turns a
//! finished interview into an outcome per cover.

mod rulebook;

pub use rulebook::Rulebook;
