//! Building blocks for tests of the insurer's rules, shared by every crate's tests instead of
//! each test module declaring its own: a fixed "now", clients, covers, a price, and the
//! applications built from them. Compiled for this crate's tests and, with the `testkit`
//! feature, for other crates' tests; never in the product.

use crate::applicant::{ApplicantDetails, Gender, Title};
use crate::application::{
    AddApplicant, AddCover, Application, CoverInput, EnquirySummary, RecordBankCheck,
    RecordEnquiryOutcome, SaveBankDetails, SetPolicyStartDate,
};
use crate::bank_check::BankCheckResult;
use crate::bank_details::BankDetailsForm;
use crate::catalogue::Catalogue;
use crate::decision::Decision;
use crate::errors::{FieldError, Rejection};
use crate::ids::{AdviserId, ApplicantId, ApplicationId};
use crate::money::Money;
use crate::pricing::Basis;
use crate::product_codes::{CoverType, ProductType, StartDateOption};
use crate::quote::{Quote, QuoteApplicant, QuoteCover};
use crate::stage::ApplicationStage;
use crate::underwriting::outcome::{ApplicantOutcome, CoverOutcome};
use chrono::{DateTime, NaiveDate, TimeZone, Utc};

/// The moment tests work at: 10:00 UTC on Sunday 22 November 2026.
pub fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()
}

/// The UK date of [`now`].
pub fn today() -> NaiveDate {
    date(2026, 11, 22)
}

pub fn date(year: i32, month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(year, month, day).unwrap()
}

pub fn applicant_id(text: &str) -> ApplicantId {
    ApplicantId::parse(text).unwrap()
}

pub fn adviser_id(text: &str) -> AdviserId {
    AdviserId::parse(text).unwrap()
}

/// Application 100001 of `adviser1`, just created.
pub fn new_application() -> Application {
    Application::new(
        ApplicationId::new(100001).unwrap(),
        adviser_id("adviser1"),
        None,
        now(),
    )
}

/// Dr `first` Turing: male, born 23 June 1985 (41 on [`today`]), smoking not answered.
pub fn client_details(first: &str) -> ApplicantDetails {
    ApplicantDetails {
        title: Some(Title::Dr),
        first_name: Some(first.into()),
        last_name: Some("Turing".into()),
        gender: Some(Gender::Male),
        date_of_birth: Some(date(1985, 6, 23)),
        smoking: None,
    }
}

/// `app` with the client [`client_details`]`(first)` added as `id`.
pub fn with_client(app: &Application, id: &str, first: &str) -> Application {
    let command = AddApplicant {
        applicant_id: applicant_id(id),
        details: client_details(first),
        indication: None,
    };
    app.apply(&command, now()).unwrap()
}

/// Level life cover of £100,000 for 20 years.
pub fn life_cover() -> CoverInput {
    CoverInput {
        id: None,
        product_type: ProductType::Life,
        cover_type: Some(CoverType::Level),
        cover_amount: Money::from_pounds(100_000),
        monthly_benefit: None,
        term: Some(20),
        to_age: None,
        deferred_period: None,
        payment_period: None,
        riders: vec![],
    }
}

/// `app` with `cover` added to client `applicant` as `cover_id`, or why not.
pub fn add_cover(
    app: &Application,
    applicant: &str,
    cover_id: &str,
    cover: CoverInput,
) -> Result<Application, Rejection> {
    let command = AddCover {
        applicant_id: applicant_id(applicant),
        cover_id: cover_id.into(),
        cover,
    };
    app.apply(&command, now())
}

/// `app` with [`life_cover`] added to client `applicant` as `cover_id`.
pub fn with_life_cover(app: &Application, applicant: &str, cover_id: &str) -> Application {
    add_cover(app, applicant, cover_id, life_cover()).unwrap()
}

/// A quote made today pricing every cover of `app` at `premium_pence` a month, and each client
/// and the whole quote at the same figure.
pub fn quote(app: &Application, premium_pence: u64) -> Quote {
    let money = Money::from_pence(premium_pence).unwrap();
    Quote {
        id: "q1".into(),
        quote_created_date: today(),
        quote_age_date: today(),
        adviser_at_firm_location_id: None,
        initial_indemnity_percentage: None,
        initial_commission_sacrifice_percentage: None,
        initial_commission: None,
        premium: money,
        lifetime_premium: None,
        unloaded_premium: None,
        discount: None,
        quote_applicants: app
            .applicants
            .iter()
            .map(|a| QuoteApplicant {
                id: a.id.to_string(),
                premium: money,
                quote_covers: a
                    .covers
                    .iter()
                    .map(|c| QuoteCover {
                        cover_id: c.id.clone(),
                        premium: money,
                        decision: None,
                        riders: vec![],
                        breakdown: vec![],
                    })
                    .collect(),
                quote_decision_model: None,
            })
            .collect(),
    }
}

/// `app` priced by [`quote`] at £23.45 a month.
pub fn priced(app: &Application) -> Application {
    app.record_quote(quote(app, 2_345), now())
}

/// Two clients, Alan (`a1`) and Ada (`a2`), each with a life cover (`c1`, `c2`), priced.
pub fn quoted_couple() -> Application {
    let two = with_client(&with_client(&new_application(), "a1", "Alan"), "a2", "Ada");
    priced(&with_life_cover(
        &with_life_cover(&two, "a1", "c1"),
        "a2",
        "c2",
    ))
}

/// The fields a refusal names, in order.
pub fn fields(errors: &[FieldError]) -> Vec<&str> {
    errors.iter().map(|e| e.field.as_str()).collect()
}

/// `app` with client `applicant`'s enquiry closed, each of `covers` decided as given
/// (`(cover id, decision, loading in percent)`), and the case at the stage the outcomes lead
/// to: Decision, or Underwriting while a cover is referred.
pub fn decided(
    app: &Application,
    applicant: &str,
    covers: &[(&str, Decision, u32)],
) -> Application {
    let mut next = app.clone();
    next.status = ApplicationStage::Apply;
    next.underwriting
        .applicants_enquiries
        .retain(|e| e.applicant_id != applicant_id(applicant));
    next.underwriting.applicants_enquiries.push(EnquirySummary {
        applicant_id: applicant_id(applicant),
        enquiry_id: format!("enquiry-{applicant}"),
        is_open: true,
        started_at: now(),
        closed_at: None,
        outcome: None,
        underwritten_covers: vec![],
    });
    let outcome = ApplicantOutcome {
        rulebook_version: "sample".into(),
        decided_at: now(),
        covers: covers
            .iter()
            .map(|(cover, decision, loading)| CoverOutcome {
                cover_id: (*cover).into(),
                product_type: ProductType::Life,
                decision: *decision,
                displayed: decision.displayed(),
                loading: *loading,
                exclusions: vec![],
                evidence: vec![],
                summary: String::new(),
                explanations: vec![],
                manual: None,
            })
            .collect(),
        limits: None,
    };
    next.record_enquiry_outcome(
        &RecordEnquiryOutcome {
            applicant_id: applicant_id(applicant),
            outcome,
            closed_at: now(),
        },
        now(),
    )
    .unwrap()
}

/// [`quoted_couple`] decided (Ada's cover declined when `ada_declined`), priced and proceeded.
pub fn proceeded(ada_declined: bool) -> Application {
    let app = decided(
        &quoted_couple(),
        "a1",
        &[("c1", Decision::NonStandardTerms, 50)],
    );
    let ada = if ada_declined {
        Decision::Declined
    } else {
        Decision::StandardTerms
    };
    let app = decided(&app, "a2", &[("c2", ada, 0)]);
    let mut app = app.record_decision_quote(quote(&app, 2_345), now());
    if ada_declined {
        app = app
            .remove_applicant_at_decision(
                &crate::application::RemoveApplicantAtDecision {
                    applicant_id: applicant_id("a2"),
                },
                now(),
            )
            .unwrap();
        app = app.record_decision_quote(quote(&app, 1_200), now());
    }
    app.proceed_to_set_up(now()).unwrap()
}

/// `app` with bank details saved and checked with `result`.
pub fn with_bank(app: &Application, result: BankCheckResult) -> Application {
    app.save_bank_details(
        &SaveBankDetails(BankDetailsForm {
            name: Some("Mr A Turing".into()),
            account_number: Some("66374958".into()),
            sort_code: Some("08-99-99".into()),
            collection_day: Some(15),
            payer_confirmed: Some(true),
        }),
        now(),
    )
    .unwrap()
    .record_bank_check(&RecordBankCheck { result }, now())
    .unwrap()
}

/// `app` with its policies to start as `option` (on `on`).
pub fn starting(app: &Application, option: StartDateOption, on: Option<NaiveDate>) -> Application {
    app.set_policy_start_date(
        &SetPolicyStartDate {
            policy_start_date: on,
            policy_start_date_option: option,
        },
        now(),
    )
    .unwrap()
}

/// The couple proceeded, bank details verified and a start date chosen: ready to put in force.
pub fn ready(start: StartDateOption, on: Option<NaiveDate>) -> Application {
    starting(
        &with_bank(&proceeded(false), BankCheckResult::Authenticated),
        start,
        on,
    )
}

/// The shipped pricing basis (`product/pricing/basis.json`) as text, for tests that edit it.
pub const BASIS_JSON: &str = include_str!("../../product/pricing/basis.json");

/// The shipped mortality tables, by the names `basis.json` gives them.
pub fn read_basis_table(name: &str) -> Result<String, String> {
    match name {
        "elt15-males.csv" => Ok(include_str!("../../product/pricing/elt15-males.csv").to_owned()),
        "elt15-females.csv" => {
            Ok(include_str!("../../product/pricing/elt15-females.csv").to_owned())
        }
        other => Err(format!("no such table {other}")),
    }
}

/// The shipped pricing basis.
pub fn basis() -> Basis {
    Basis::parse(BASIS_JSON, read_basis_table).unwrap()
}

/// The shipped product catalogue (`product/catalogue.json`).
pub fn catalogue() -> Catalogue {
    Catalogue::parse(include_str!("../../product/catalogue.json")).unwrap()
}

/// Everything the sample interview (`product/underwriting/interview.json`) asks of a client with
/// nothing to disclose: the rulebook accepts it on standard terms. The one fixture of it for
/// every crate's tests and the load driver. `OCCUPATION` is a backed answer: over HTTP the
/// portal finds its option by name; a test of the enquiry record gives the option first.
pub const PLAIN_ANSWERS: &[(&str, &str)] = &[
    ("HEIGHT_UNITS", "metric"),
    ("HEIGHT", "1.78"),
    ("WEIGHT_UNITS", "metric"),
    ("WEIGHT", "76"),
    ("OCCUPATION", "Software developer"),
    ("EARNINGS", "42000"),
    ("HAZARDOUS_DUTIES", "No"),
    ("ALCOHOL_UNITS", "10"),
    ("DRUGS", "No"),
    ("HAZARDOUS_PURSUITS", "No"),
    ("TRAVEL", "No"),
    ("HAS_CONDITIONS", "No"),
    ("FAMILY_HISTORY", "No"),
    ("GP_REGISTERED_SINCE", "2015-06-01"),
    ("GP_PENDING", "No"),
];
