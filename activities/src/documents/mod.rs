//! Documents the portal produces, rendered in-process from templates in
//! `product/documents/`: today the quote document (§7 `document/quote`).

mod direct_debit;
mod indication;
mod pdf;
mod schedule;
mod template;
mod welcome;

use pdf::{Block, render};

pub use direct_debit::{direct_debit_document, sample_direct_debit_data};
pub use indication::indication_document;
pub use schedule::{sample_schedule_data, schedule_document};
pub use template::Template;
pub use welcome::{welcome_data, welcome_document};

#[cfg(test)]
mod tests;

use domain::cover::CoverLength;
use domain::formats;
use domain::quote::Quote;
use domain::{Application, Smoking};
use serde_json::{Value, json};

/// A rendered file: its name for `content-disposition` and its bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    pub file_name: String,
    pub bytes: Vec<u8>,
}

/// Why a quote document cannot be produced.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum QuoteDocumentError {
    #[error("The application has not been priced; price the quote first")]
    NotPriced,
    #[error("The quote template is broken: {0}")]
    Template(String),
}

fn smoking_text(smoking: Option<Smoking>) -> &'static str {
    match smoking {
        Some(Smoking::NoneInFiveYears) => "non-smoker for at least five years",
        Some(Smoking::NoneInTwelveMonths) => "non-smoker for at least twelve months",
        Some(Smoking::Yes) => "smoker",
        None => "smoking not yet answered (priced as a smoker)",
    }
}

/// A cover as documents describe it: its amount, its length and anything else chosen.
pub(crate) struct CoverWords {
    pub amount: String,
    pub length: String,
    pub extra: String,
}

impl CoverWords {
    pub(crate) fn of(cover: &domain::cover::Cover) -> Self {
        let amount = match (cover.cover_amount, cover.monthly_benefit) {
            (_, Some(benefit)) => format!("{} a month", formats::money(benefit)),
            (Some(amount), None) => formats::money(amount),
            (None, None) => String::new(),
        };
        let length = match cover.length() {
            Some(CoverLength::Years(years)) => formats::term_years(years),
            Some(CoverLength::ToAge(to_age)) => formats::to_age(to_age),
            None => "with the policy".to_owned(),
        };
        let mut extra = String::new();
        if let Some(period) = cover.deferred_period {
            extra.push_str(&format!(", deferred {}", formats::deferred_period(period)));
        }
        if let Some(payment) = cover.payment_period {
            extra.push_str(&format!(", {} payment", formats::payment_period(payment)));
        }
        for rider in &cover.riders {
            let label = match rider.rider_type {
                domain::product_codes::RiderType::Tpd => "total permanent disability",
                domain::product_codes::RiderType::Ccic => "children's critical illness",
            };
            let amount = rider.cover_amount.map(formats::money).unwrap_or_default();
            extra.push_str(&format!(", with {label} {amount}"));
        }
        Self {
            amount,
            length,
            extra,
        }
    }
}

/// The values the quote template may use.
/// `firm_location` is the name (or, unnamed, the id) of the firm location the case was created
/// at (§1 "adviser firm location tracking"); the template lists it when there is one.
pub fn quote_data(
    application: &Application,
    quote: &Quote,
    basis: &str,
    policy_fee: domain::money::Money,
    firm_location: Option<&str>,
) -> Value {
    let clients: Vec<Value> = application
        .applicants
        .iter()
        .enumerate()
        .map(|(index, applicant)| {
            let quoted = quote
                .quote_applicants
                .iter()
                .find(|q| q.id == applicant.id.to_string());
            let name = match applicant.full_name() {
                name if name.is_empty() => format!("Client {}", index + 1),
                name => name,
            };
            let age = applicant
                .details
                .date_of_birth
                .and_then(|born| domain::dates::age_on(born, quote.quote_age_date));
            let details = format!(
                "{}{}, {}",
                age.map(|a| format!("Age {a}")).unwrap_or_default(),
                applicant
                    .details
                    .date_of_birth
                    .map(|born| format!(" (born {})", formats::date(born)))
                    .unwrap_or_default(),
                smoking_text(applicant.details.smoking)
            );
            let covers: Vec<Value> = applicant
                .covers
                .iter()
                .map(|cover| {
                    let premium = quoted
                        .and_then(|q| q.quote_covers.iter().find(|c| c.cover_id == cover.id))
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
                    })
                })
                .collect();
            json!({
                "name": name,
                "details": details,
                "premium": quoted.map(|q| formats::money_with_pence(q.premium)).unwrap_or_default(),
                "covers": covers,
                "indication": applicant.indication.as_deref().map(indication_data).into_iter().collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "reference": application.id.to_string(),
        "quoteDate": formats::date(quote.quote_created_date),
        "ageDate": formats::date(quote.quote_age_date),
        "validUntil": application.quote_stage.valid_until.map(formats::date).unwrap_or_default(),
        "basis": basis,
        "total": formats::money_with_pence(quote.premium),
        "policyFee": formats::money_with_pence(policy_fee),
        "clients": clients,
        "firmLocation": firm_location
            .map(|name| vec![json!({ "name": name })])
            .unwrap_or_default(),
    })
}

/// Issue 50: the Qi indication a client was brought in from, so the quote that prices at
/// standard rates states the indicated terms and price beside them.
fn indication_data(indication: &domain::qi::CarriedIndication) -> Value {
    let outcomes: Vec<Value> = indication
        .outcomes
        .iter()
        .map(|outcome| {
            let price = indication
                .prices
                .iter()
                .find(|p| p.product_type == outcome.product_type)
                .map(|p| format!("{} a month", formats::money_with_pence(p.premium)))
                .unwrap_or_else(|| "not priced".into());
            json!({
                "product": outcome.product_type.label(),
                "terms": outcome.terms_words(),
                "price": price,
            })
        })
        .collect();
    json!({
        "date": formats::date(indication.indicated_at.date_naive()),
        "outcomes": outcomes,
    })
}

/// Renders the quote document for the application's current price.
pub fn quote_document(
    template: &Template,
    application: &Application,
    basis: &str,
    policy_fee: domain::money::Money,
    firm_location: Option<&str>,
) -> Result<Document, QuoteDocumentError> {
    let quote = application
        .quote_stage
        .quote
        .as_ref()
        .ok_or(QuoteDocumentError::NotPriced)?;
    let data = quote_data(application, quote, basis, policy_fee, firm_location);
    let blocks = template
        .render(&data)
        .map_err(QuoteDocumentError::Template)?;
    let title = format!("Quote {}", application.id);
    Ok(Document {
        file_name: format!(
            "Quote-{}-{}.pdf",
            application.id,
            formats::compact_date(quote.quote_created_date)
        ),
        bytes: render(&title, &blocks),
    })
}

/// The values a key facts or terms template may use: the reference, today's date and each
/// product on the application with the structures chosen.
pub fn application_data(application: &Application, today: chrono::NaiveDate) -> Value {
    let mut products: Vec<domain::product_codes::ProductType> = application
        .applicants
        .iter()
        .flat_map(|a| a.covers.iter().map(|c| c.product_type))
        .collect();
    products.sort();
    products.dedup();
    let products: Vec<Value> = products
        .into_iter()
        .map(|product| {
            let mut structures: Vec<String> = application
                .applicants
                .iter()
                .flat_map(|a| &a.covers)
                .filter(|c| c.product_type == product)
                .filter_map(|c| c.cover_type.map(formats::cover_type))
                .collect();
            structures.sort();
            structures.dedup();
            json!({ "label": product.label(), "structures": structures.join(", ") })
        })
        .collect();
    json!({
        "reference": application.id.to_string(),
        "date": formats::date(today),
        "products": products,
    })
}

/// Renders a key facts or terms document for the application.
pub fn application_document(
    template: &Template,
    application: &Application,
    today: chrono::NaiveDate,
    title: &str,
) -> Result<Document, QuoteDocumentError> {
    let blocks = template
        .render(&application_data(application, today))
        .map_err(QuoteDocumentError::Template)?;
    Ok(Document {
        file_name: format!("{}-{}.pdf", title.replace(' ', "-"), application.id),
        bytes: render(&format!("{title} {}", application.id), &blocks),
    })
}

/// The client's answers to the underwriting interview as a PDF (§7 `applicationanswers`):
/// each section's questions asked, with the answers as the adviser chose them.
pub fn answers_document(
    application_id: domain::ApplicationId,
    client: &str,
    enquiry: &domain::underwriting::Enquiry,
    today: chrono::NaiveDate,
) -> Document {
    let mut blocks = vec![
        Block::Title(format!("Application answers: {client}")),
        Block::Row("Application".into(), application_id.to_string()),
        Block::Row("Produced".into(), formats::date(today)),
        Block::Row(
            "Interview".into(),
            if enquiry.is_open {
                "open".into()
            } else {
                "closed".into()
            },
        ),
    ];
    if let Some(version) = &enquiry.rulebook_version {
        blocks.push(Block::Note(format!("Rulebook {version}")));
    }
    blocks.extend(answer_blocks(enquiry));
    Document {
        file_name: format!(
            "Application-answers-{application_id}-{}.pdf",
            enquiry.applicant_id
        ),
        bytes: render(&format!("Application answers {application_id}"), &blocks),
    }
}

/// Each section's questions asked, with the answers as the adviser chose them.
pub(crate) fn answer_blocks(enquiry: &domain::underwriting::Enquiry) -> Vec<Block> {
    use domain::underwriting::answers::values;
    let mut blocks = Vec::new();
    for section in &enquiry.sections {
        blocks.push(Block::Space);
        blocks.push(Block::Heading(section.name.clone()));
        let mut any = false;
        for question in section.enquiry_lines.iter().flat_map(|l| &l.questions) {
            let Some(answer) = &question.answer else {
                continue;
            };
            any = true;
            let shown = if !question.chosen.is_empty() {
                question
                    .chosen
                    .iter()
                    .map(|o| o.name.clone())
                    .collect::<Vec<_>>()
                    .join(", ")
            } else if !question.options.is_empty() {
                values(answer)
                    .map(|v| {
                        question
                            .options
                            .iter()
                            .find(|o| o.value == v)
                            .map_or(v.to_owned(), |o| o.label.clone())
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            } else {
                answer.clone()
            };
            blocks.push(Block::Paragraph(question.text.clone()));
            blocks.push(Block::Row(String::new(), shown));
        }
        if !any {
            blocks.push(Block::Note("No answers in this section".into()));
        }
    }
    blocks
}

/// The decision document (§7 `document/decision`): for each client, each cover's decision in
/// plain English with the reasons underwriting gave, and its monthly price at the quote and on
/// those terms; then the totals. `None` until the decision is priced.
pub fn decision_document(application: &Application, today: chrono::NaiveDate) -> Option<Document> {
    let decision = application.decision.decision_quote.as_ref()?;
    let mut blocks = vec![
        Block::Title(format!(
            "Underwriting decision: application {}",
            application.id
        )),
        Block::Row("Produced".into(), formats::date(today)),
    ];
    for (index, applicant) in application.applicants.iter().enumerate() {
        let name = match applicant.full_name() {
            name if name.is_empty() => format!("Client {}", index + 1),
            name => name,
        };
        blocks.push(Block::Space);
        blocks.push(Block::Heading(name));
        let outcome = application
            .enquiry_of(&applicant.id)
            .and_then(|e| e.outcome.as_ref());
        for cover in &applicant.covers {
            let cover_id = &cover.id;
            let priced = |quote: &Quote| {
                quote
                    .quote_applicants
                    .iter()
                    .flat_map(|a| &a.quote_covers)
                    .find(|c| &c.cover_id == cover_id)
                    .map(|c| c.premium)
            };
            let outcome = outcome.and_then(|o| o.covers.iter().find(|c| &c.cover_id == cover_id));
            blocks.push(Block::Paragraph(format!(
                "{}: {}",
                cover.product_type.label(),
                outcome.map_or("no decision".to_owned(), |o| o.displayed.label().to_owned())
            )));
            if let Some(outcome) = outcome {
                if !outcome.summary.is_empty() {
                    blocks.push(Block::Note(outcome.summary.clone()));
                }
                if let Some(manual) = &outcome.manual {
                    blocks.push(Block::Note(format!(
                        "Decided by the underwriter {} on {}: {} (referred as {})",
                        manual.decided_by.name,
                        formats::date(domain::dates::uk_date(manual.decided_at)),
                        manual.reason,
                        manual.referred_as.displayed().label().to_lowercase()
                    )));
                }
                for why in &outcome.explanations {
                    blocks.push(Block::Note(format!(
                        "Because: {} (rule {})",
                        why.reason, why.rule
                    )));
                }
            }
            let quoted = application.quote_stage.quote.as_ref().and_then(priced);
            if let Some(quoted) = quoted {
                blocks.push(Block::Row(
                    "Quoted a month".into(),
                    formats::money_with_pence(quoted),
                ));
            }
            let on_terms = match cover.decision {
                Some(d) if d.is_closed() => "Not offered".to_owned(),
                _ => priced(decision)
                    .map(formats::money_with_pence)
                    .unwrap_or_default(),
            };
            blocks.push(Block::Row("On these terms a month".into(), on_terms));
        }
    }
    blocks.push(Block::Space);
    blocks.push(Block::Row(
        "Total monthly premium".into(),
        formats::money_with_pence(decision.premium),
    ));
    if let Some(unloaded) = decision.unloaded_premium {
        blocks.push(Block::Row(
            "Before loadings".into(),
            formats::money_with_pence(unloaded),
        ));
    }
    Some(Document {
        file_name: format!("Decision-{}.pdf", application.id),
        bytes: render(&format!("Decision {}", application.id), &blocks),
    })
}
