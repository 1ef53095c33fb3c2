//! The policy schedule (§2 Complete, §7 Documents): issued to each client when the policy is
//! put in force, from the template `product/documents/schedule.txt`. It states the policy
//! number, when cover starts, each cover on the terms underwriting gave it with its premium,
//! how the premium is collected (the account masked) and the 30-day right to cancel.

use super::pdf::render;
use super::{CoverWords, Document, QuoteDocumentError, Template};
use domain::Application;
use domain::formats;
use domain::policy::Policy;
use serde_json::{Value, json};

/// The terms a cover was accepted on, in a sentence.
fn terms(application: &Application, policy: &Policy, cover_id: &domain::CoverId) -> String {
    let outcome = application
        .enquiry_of(&policy.applicant_id)
        .and_then(|e| e.outcome.as_ref())
        .and_then(|o| o.covers.iter().find(|c| &c.cover_id == cover_id));
    let Some(outcome) = outcome else {
        return "Standard terms".to_owned();
    };
    let mut words = outcome.displayed.label().to_owned();
    if outcome.loading > 0 {
        words.push_str(&format!(": premium loaded by {}%", outcome.loading));
    }
    if !outcome.exclusions.is_empty() {
        words.push_str(&format!(
            "; no claim is paid for {}",
            outcome.exclusions.join(", ").to_lowercase()
        ));
    }
    words
}

/// The values the schedule template may use, for one client's policy.
pub fn schedule_data(application: &Application, policy: &Policy, basis: &str) -> Value {
    let applicant = application.applicant(&policy.applicant_id);
    let quote = application.decision.decision_quote.as_ref();
    let covers: Vec<Value> = applicant
        .map(|a| a.covers.as_slice())
        .unwrap_or_default()
        .iter()
        .filter(|c| c.decision.is_some_and(|d| d.is_acceptable()))
        .map(|cover| {
            let id = &cover.id;
            let premium = quote
                .and_then(|q| {
                    q.quote_applicants
                        .iter()
                        .flat_map(|a| &a.quote_covers)
                        .find(|c| &c.cover_id == id)
                })
                .map(|c| formats::money_with_pence(c.premium))
                .unwrap_or_default();
            let CoverWords {
                amount,
                length,
                extra,
            } = CoverWords::of(cover);
            json!({
                "product": cover.product_type.label(),
                "structure": cover.cover_type.map(formats::cover_type).unwrap_or_default(),
                "amount": amount,
                "length": length,
                "extra": extra,
                "premium": premium,
                "terms": terms(application, policy, id),
            })
        })
        .collect();
    let bank = application.set_up.bank_details.as_ref().map(|b| b.masked());
    json!({
        "policyReference": policy.policy_reference,
        "issued": formats::date(domain::dates::uk_date(policy.issued_at)),
        "holder": policy.holder_name,
        "application": application.id.to_string(),
        "startsOn": formats::date(policy.starts_on),
        "premium": formats::money_with_pence(policy.monthly_premium),
        "covers": covers,
        "accountName": bank.as_ref().map(|b| b.name.clone()).unwrap_or_default(),
        "account": bank
            .as_ref()
            .map(|b| format!("{}, sort code {}", b.account_number, b.sort_code))
            .unwrap_or_default(),
        "collectionDay": bank
            .as_ref()
            .map(|b| format!("the {} of each month", formats::ordinal(u32::from(b.collection_day))))
            .unwrap_or_default(),
        "cancellationEndsOn": formats::date(policy.cancellation_ends_on),
        "basis": basis,
    })
}

/// Renders one client's policy schedule.
pub fn schedule_document(
    template: &Template,
    application: &Application,
    policy: &Policy,
    basis: &str,
) -> Result<Document, QuoteDocumentError> {
    let blocks = template
        .render(&schedule_data(application, policy, basis))
        .map_err(QuoteDocumentError::Template)?;
    Ok(Document {
        file_name: format!("Policy-schedule-{}.pdf", policy.policy_reference),
        bytes: render(
            &format!("Policy schedule {}", policy.policy_reference),
            &blocks,
        ),
    })
}

/// Every name the schedule template may use, with one cover, to check a template at start-up.
pub fn sample_schedule_data() -> Value {
    json!({
        "policyReference": "PP0000000115",
        "issued": "01/01/2026",
        "holder": "Sample Client",
        "application": "1",
        "startsOn": "01/01/2026",
        "premium": "£10.00",
        "covers": [{
            "product": "Life Protection",
            "structure": "Level",
            "amount": "£100,000",
            "length": "20 years",
            "extra": "",
            "premium": "£10.00",
            "terms": "Standard terms",
        }],
        "accountName": "Sample Client",
        "account": "••••0000, sort code 00-00-00",
        "collectionDay": "the 1st of each month",
        "cancellationEndsOn": "31/01/2026",
        "basis": "Sample basis",
    })
}
