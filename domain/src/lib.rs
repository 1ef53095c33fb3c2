//! The insurer's rules as pure code: entities of §3 with the spec's JSON field names, the
//! transitions of §4, the validation of §5, permissions of §6 and the constants of §9.
//!
//! This crate must stay pure: no IO, no async, no clocks, no randomness. Callers pass "today"
//! and identifiers in, so the same functions run unchanged inside deterministic Temporal
//! workflow code, in the API, and in tests.
//!
//! Items nothing outside the crate uses are `pub(crate)`, and `unreachable_pub` keeps it so:
//! the compiler then sees the crate's dead code.

#![warn(unreachable_pub)]

pub mod adviser;
pub mod amra;
pub mod applicant;
pub mod application;
pub mod bank_check;
pub mod bank_details;
pub mod beneficiaries;
pub mod care;
pub mod catalogue;
pub mod children;
pub mod client_portal;
pub mod commission;
pub mod constants;
pub mod contact;
pub mod cover;
pub mod dashboard;
pub mod dates;
pub mod decision;
pub mod direct_debit;
pub mod errors;
pub mod formats;
pub mod ids;
pub mod journey;
pub mod marketing;
pub mod measurements;
pub mod modulus;
pub mod money;
pub mod patch;
pub mod policy;
pub mod pricing;
pub mod product_codes;
pub mod qi;
pub mod quote;
pub mod retention;
pub mod sign_in;
pub mod stage;
pub mod term_extension;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
pub mod underwriting;
pub mod web_chat;

#[cfg(test)]
mod golden;

pub use adviser::{AdviserProfile, Role, Roles, UxSettings};
pub use applicant::{Applicant, ApplicantDetails, ApplicantPatch, Gender, Smoking, Title};
pub use application::{AddApplicant, Application, ApplicationView, EditApplicant};
pub use errors::{FieldError, Rejection};
pub use ids::{AdviserId, AllocationId, ApplicantId, ApplicationId, BeneficiaryId, CoverId, QiId};
pub use patch::Patch;
pub use stage::ApplicationStage;
