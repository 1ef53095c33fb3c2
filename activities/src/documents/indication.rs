//! The interview quote document of a Qi indication (§7 `document/interview/{a}/{b}/quote`): the
//! client, the answers given, the indicated outcome per product with its reasons, and the
//! indicative price of the covers priced, marked on every part as an indication, not an offer.

use super::pdf::{Block, render};
use super::{CoverWords, Document, answer_blocks, smoking_text};
use domain::formats;
use domain::qi::QiView;

/// What the document says it is, at the top and before the price.
const NOT_AN_OFFER: &str = "INDICATION ONLY: not an offer of cover. The terms are those the \
    insurer's rules would give on the answers below; the final terms follow the full \
    application and may differ if any answer changes.";

/// The indication as a PDF.
pub fn indication_document(view: &QiView, today: chrono::NaiveDate) -> Document {
    let client = &view.client;
    let name = [&client.first_name, &client.last_name]
        .into_iter()
        .flatten()
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
    let mut blocks = vec![
        Block::Title(format!("Underwriting Qi indication: {name}")),
        Block::Note(NOT_AN_OFFER.into()),
        Block::Row("Produced".into(), formats::date(today)),
        Block::Row(
            "Valid until".into(),
            formats::date(view.expires_at.date_naive()),
        ),
        Block::Row(
            "Date of birth".into(),
            client.date_of_birth.map(formats::date).unwrap_or_default(),
        ),
        Block::Row("Smoking".into(), smoking_text(client.smoking).into()),
        Block::Space,
        Block::Heading("Indicated terms".into()),
    ];
    for outcome in view.indication.iter().flatten() {
        blocks.push(Block::Row(
            outcome.product_type.label().into(),
            outcome.displayed.label().into(),
        ));
        blocks.push(Block::Paragraph(outcome.summary.clone()));
        for explanation in &outcome.explanations {
            blocks.push(Block::Note(explanation.reason.clone()));
        }
    }
    if let Some(quote) = &view.quote {
        blocks.push(Block::Space);
        blocks.push(Block::Heading("Indicative price (a month)".into()));
        for cover in &quote.covers {
            let words = CoverWords::of(cover);
            let premium = quote
                .quote
                .quote_applicants
                .iter()
                .flat_map(|a| &a.quote_covers)
                .find(|c| c.cover_id == cover.id)
                .map(|c| formats::money_with_pence(c.premium))
                .unwrap_or_default();
            blocks.push(Block::Row(
                format!(
                    "{}: {}, {}{}",
                    cover.product_type.label(),
                    words.amount,
                    words.length,
                    words.extra
                ),
                premium,
            ));
        }
        blocks.push(Block::Row(
            "Total a month, with the policy fee".into(),
            formats::money_with_pence(quote.quote.premium),
        ));
        blocks.push(Block::Note(NOT_AN_OFFER.into()));
    }
    blocks.push(Block::Space);
    blocks.push(Block::Heading("Answers given".into()));
    blocks.extend(answer_blocks(&view.enquiry));
    Document {
        file_name: format!("Qi-indication-{}.pdf", name.replace(' ', "-")),
        bytes: render("Underwriting Qi indication", &blocks),
    }
}
