//! The Direct Debit confirmation (AJ12): issued once per application when the policies are put
//! in force, from the template `product/documents/direct-debit.txt`. It is the advance notice the
//! Bacs scheme requires before the first collection: the instruction as given (the account
//! masked, whose policies it pays for, the payer's confirmation), the first collection's date and
//! amount, and the Direct Debit Guarantee.

use super::pdf::render;
use super::{Document, QuoteDocumentError, Template};
use domain::Application;
use domain::direct_debit::DirectDebitScheme;
use domain::formats;
use serde_json::{Value, json};

const PAYER_CONFIRMED: &str = "You confirmed that you hold this account and are the only person needed to authorise Direct Debits from it.";

/// The values the template may use, for the application's one Direct Debit.
pub fn direct_debit_data(application: &Application, scheme: &DirectDebitScheme) -> Value {
    let issued_on = domain::dates::uk_date(
        application
            .set_up
            .activated_at
            .unwrap_or(application.updated_at),
    );
    let view = application.direct_debit(scheme, issued_on);
    let bank = application.set_up.bank_details.as_ref();
    let masked = bank.map(|b| b.masked());
    let (first_date, first_amount, first_note) = match &view.first_collection {
        Some(first) => (
            formats::date(first.date),
            formats::money_with_pence(first.amount),
            if first.months > 1 {
                format!(
                    "It takes {} months' premiums, one for each month of cover begun by then; after that, one a month.",
                    first.months
                )
            } else {
                String::new()
            },
        ),
        None => (
            "to be confirmed".to_owned(),
            "to be confirmed".to_owned(),
            view.first_collection_unknown.clone().unwrap_or_default(),
        ),
    };
    json!({
        "application": application.id.to_string(),
        "issued": formats::date(issued_on),
        "accountName": masked.as_ref().map(|b| b.name.clone()).unwrap_or_default(),
        "account": masked
            .as_ref()
            .map(|b| format!("{}, sort code {}", b.account_number, b.sort_code))
            .unwrap_or_default(),
        "paysFor": view.pays_for.join(" and "),
        "monthly": view.monthly_amount.map(formats::money_with_pence).unwrap_or_default(),
        "collectionDay": masked
            .as_ref()
            .map(|b| format!("the {} of each month", formats::ordinal(u32::from(b.collection_day))))
            .unwrap_or_default(),
        "payerConfirmed": if bank.is_some_and(|b| b.payer_confirmed) { PAYER_CONFIRMED } else { "" },
        "firstDate": first_date,
        "firstAmount": first_amount,
        "firstNote": first_note,
        "organisation": view.organisation,
        "noticeDays": view.advance_notice_working_days.to_string(),
        "guaranteeHeading": view.guarantee.heading,
        "guarantee": view.guarantee.paragraphs.iter().map(|text| json!({ "text": text })).collect::<Vec<_>>(),
    })
}

/// Renders the Direct Debit confirmation of an application just put in force.
pub fn direct_debit_document(
    template: &Template,
    application: &Application,
    scheme: &DirectDebitScheme,
) -> Result<Document, QuoteDocumentError> {
    let blocks = template
        .render(&direct_debit_data(application, scheme))
        .map_err(QuoteDocumentError::Template)?;
    Ok(Document {
        file_name: format!("Direct-Debit-confirmation-{}.pdf", application.id),
        bytes: render(
            &format!("Direct Debit confirmation {}", application.id),
            &blocks,
        ),
    })
}

/// Every name the template may use, to check a template at start-up.
pub fn sample_direct_debit_data() -> Value {
    json!({
        "application": "1",
        "issued": "01/01/2026",
        "accountName": "Sample Client",
        "account": "••••0000, sort code 00-00-00",
        "paysFor": "Sample Client",
        "monthly": "£10.00",
        "collectionDay": "the 1st of each month",
        "payerConfirmed": PAYER_CONFIRMED,
        "firstDate": "01/02/2026",
        "firstAmount": "£10.00",
        "firstNote": "",
        "organisation": "Protection Life",
        "noticeDays": "10",
        "guaranteeHeading": "The Direct Debit Guarantee",
        "guarantee": [{ "text": "This Guarantee is offered by all banks and building societies that accept instructions to pay Direct Debits." }],
    })
}
