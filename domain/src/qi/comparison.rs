//! Indicated against final (issue 33): for a client brought in from Qi, each cover's terms and
//! price as Qi indicated them beside the application's decision, and each answer that changed
//! between them, in the words the explanations use ("Weight: 80 kg at Qi, 96 kg in the
//! application"). The adviser sees at the decision why a price moved, if it did.

use super::CarriedIndication;
use crate::application::Application;
use crate::errors::Rejection;
use crate::ids::{ApplicantId, CoverId, QiId};
use crate::money::Money;
use crate::product_codes::ProductType;
use crate::underwriting::interview::Interview;
use crate::underwriting::outcome::CoverOutcome;
use crate::underwriting::record::EnquiryRecord;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A client's Qi indication beside their application's decision.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IndicationComparison {
    pub applicant_id: ApplicantId,
    pub qi_id: QiId,
    pub indicated_at: DateTime<Utc>,
    /// Each of the client's covers, in the application's order.
    pub covers: Vec<ComparedCover>,
    /// Each answer given at Qi that the application's interview answers differently.
    pub changed_answers: Vec<ChangedAnswer>,
}

/// One cover: as indicated (for its product, at Qi) and as decided.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComparedCover {
    pub cover_id: CoverId,
    pub product_type: ProductType,
    /// Qi's terms for the product; none for a product Qi does not indicate.
    #[schema(required = true)]
    pub indicated: Option<Terms>,
    /// The decision's terms; none until the client's interview has closed.
    #[schema(required = true)]
    pub decided: Option<Terms>,
    /// The outcome, loading, exclusions or price differ.
    pub differs: bool,
}

/// Terms as an adviser compares them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Terms {
    /// "Standard terms", "Non-standard terms", "Underwriting required" or "Unable to offer terms".
    pub outcome: String,
    pub loading: u32,
    pub exclusions: Vec<String>,
    /// The monthly premium: indicative at Qi, the decision quote's at the decision; none when not
    /// priced.
    #[schema(required = true)]
    pub premium: Option<Money>,
}

/// An answer given at Qi and changed in the application.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangedAnswer {
    pub tag: String,
    pub question: String,
    pub at_qi: String,
    /// None when the application's interview no longer answers it.
    #[schema(required = true)]
    pub in_application: Option<String>,
    /// "Weight: 80 kg at Qi, 96 kg in the application".
    pub sentence: String,
}

fn terms(outcome: &CoverOutcome, premium: Option<Money>) -> Terms {
    Terms {
        outcome: outcome.displayed.label().to_owned(),
        loading: outcome.loading,
        exclusions: outcome.exclusions.clone(),
        premium,
    }
}

/// Compares a client's indication with their application: `enquiry` is the client's interview
/// as it stands (or closed), read with `interview`. "Not found" when the client did not come
/// from Qi.
pub fn compare(
    application: &Application,
    applicant_id: &ApplicantId,
    enquiry: Option<&EnquiryRecord>,
    interview: &Interview,
) -> Result<IndicationComparison, Rejection> {
    let applicant = application
        .applicant(applicant_id)
        .ok_or_else(|| Rejection::not_found("Applicant not found"))?;
    let carried: &CarriedIndication = applicant
        .indication
        .as_deref()
        .ok_or_else(|| Rejection::not_found("This client was not brought in from Qi"))?;
    let outcome = application
        .enquiry_of(applicant_id)
        .and_then(|e| e.outcome.as_ref());
    let decision_premium = |cover_id: &CoverId| {
        application
            .decision
            .decision_quote
            .as_ref()?
            .quote_applicants
            .iter()
            .flat_map(|a| &a.quote_covers)
            .find(|c| &c.cover_id == cover_id)
            .map(|c| c.premium)
    };
    let mut prices = carried.prices.iter().collect::<Vec<_>>();
    let covers = applicant
        .covers
        .iter()
        .map(|cover| {
            // Each price indicated at Qi is matched once, in the order priced.
            let price = prices
                .iter()
                .position(|p| p.product_type == cover.product_type)
                .map(|at| prices.remove(at).premium);
            let indicated = carried
                .outcomes
                .iter()
                .find(|o| o.product_type == cover.product_type)
                .map(|o| terms(o, price));
            let decided = outcome
                .and_then(|o| o.covers.iter().find(|c| c.cover_id == cover.id))
                .map(|o| terms(o, decision_premium(&cover.id)));
            let differs = matches!((&indicated, &decided), (Some(i), Some(d)) if i != d);
            ComparedCover {
                cover_id: cover.id.clone(),
                product_type: cover.product_type,
                indicated,
                decided,
                differs,
            }
        })
        .collect();
    Ok(IndicationComparison {
        applicant_id: applicant_id.clone(),
        qi_id: carried.qi_id.clone(),
        indicated_at: carried.indicated_at,
        covers,
        changed_answers: enquiry
            .map(|e| changed_answers(carried, e, interview))
            .unwrap_or_default(),
    })
}

/// Each Qi answer the application's interview answers differently, read back as both were given.
pub fn changed_answers(
    carried: &CarriedIndication,
    enquiry: &EnquiryRecord,
    interview: &Interview,
) -> Vec<ChangedAnswer> {
    let mut at_qi = enquiry.clone();
    at_qi.answers = carried.answers.clone();
    at_qi.options = carried.options.clone();
    carried
        .answers
        .keys()
        .filter(|tag| {
            // A units question is read with its measurement.
            interview
                .question(tag)
                .is_some_and(|q| !tag.ends_with("_UNITS") && !q.text.is_empty())
        })
        .filter_map(|tag| {
            let before = at_qi.quote(interview, tag)?;
            let after = enquiry.quote(interview, tag);
            if after.as_ref().is_some_and(|a| a.answer == before.answer) {
                return None;
            }
            let sentence = match &after {
                Some(after) => format!(
                    "{}: {} at Qi, {} in the application",
                    before.question, before.answer, after.answer
                ),
                None => format!(
                    "{}: {} at Qi, not answered in the application",
                    before.question, before.answer
                ),
            };
            Some(ChangedAnswer {
                tag: tag.clone(),
                question: before.question,
                at_qi: before.answer,
                in_application: after.map(|a| a.answer),
                sentence,
            })
        })
        .collect()
}
