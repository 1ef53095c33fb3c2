//! Documents the portal produces, rendered in-process from templates in
//! `product/documents/`: today the quote document (§7 `document/quote`).

mod pdf;
mod template;

use pdf::{Block, render};

pub use template::Template;

#[cfg(test)]
mod tests;

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

/// The values the quote template may use.
pub fn quote_data(
    application: &Application,
    quote: &Quote,
    basis: &str,
    policy_fee: domain::money::Money,
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
                        .and_then(|q| {
                            q.quote_covers
                                .iter()
                                .find(|c| Some(&c.cover_id) == cover.id.as_ref())
                        })
                        .map(|c| formats::money_with_pence(c.premium))
                        .unwrap_or_default();
                    let amount = match (cover.cover_amount, cover.monthly_benefit) {
                        (_, Some(benefit)) => format!("{} a month", formats::money(benefit)),
                        (Some(amount), None) => formats::money(amount),
                        (None, None) => String::new(),
                    };
                    let length = match (cover.term, cover.to_age) {
                        (Some(term), _) => formats::term_years(term),
                        (None, Some(to_age)) => formats::to_age(to_age),
                        (None, None) => "with the policy".to_owned(),
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
                            domain::product::RiderType::Tpd => "total permanent disability",
                            domain::product::RiderType::Ccic => "children's critical illness",
                        };
                        let amount = rider.cover_amount.map(formats::money).unwrap_or_default();
                        extra.push_str(&format!(", with {label} {amount}"));
                    }
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
    })
}

/// Renders the quote document for the application's current price.
pub fn quote_document(
    template: &Template,
    application: &Application,
    basis: &str,
    policy_fee: domain::money::Money,
) -> Result<Document, QuoteDocumentError> {
    let quote = application
        .quote_stage
        .quote
        .as_ref()
        .ok_or(QuoteDocumentError::NotPriced)?;
    let data = quote_data(application, quote, basis, policy_fee);
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
    let mut products: Vec<domain::product::ProductType> = application
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
    use domain::underwriting::answers::values;
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
    Document {
        file_name: format!(
            "Application-answers-{application_id}-{}.pdf",
            enquiry.applicant_id
        ),
        bytes: render(&format!("Application answers {application_id}"), &blocks),
    }
}
