//! The quote document end to end: a priced application on the shipped basis, rendered from
//! the shipped template, read back with `pdftotext` as a client's PDF reader would.

use super::*;
use crate::product_definition::Product;
use chrono::{NaiveDate, TimeZone, Utc};
use domain::application::{AddCover, CoverInput};
use domain::money::Money;
use domain::product_codes::{CoverType, DeferredPeriod, PaymentPeriod, ProductType};
use domain::{AddApplicant, AdviserId, ApplicantDetails, ApplicantId, ApplicationId, Gender};
use std::path::Path;
use std::process::Command;

fn product() -> Product {
    Product::load(
        &Path::new(&std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
            .join("../product"),
    )
    .unwrap()
}

fn priced_application(product: &Product) -> Application {
    let now = Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap();
    let mut app = Application::new(
        ApplicationId::new(100042).unwrap(),
        AdviserId::parse("adviser1").unwrap(),
        None,
        now,
    );
    for (id, first, last, gender, born) in [
        ("a1", "Alan", "Turing", Gender::Male, (1985, 6, 23)),
        ("a2", "Zoë", "O'Brien", Gender::Female, (1988, 12, 10)),
    ] {
        app = app
            .add_applicant(
                &AddApplicant {
                    applicant_id: ApplicantId::parse(id).unwrap(),
                    details: ApplicantDetails {
                        first_name: Some(first.into()),
                        last_name: Some(last.into()),
                        gender: Some(gender),
                        date_of_birth: NaiveDate::from_ymd_opt(born.0, born.1, born.2),
                        smoking: Some(Smoking::NoneInFiveYears),
                        ..Default::default()
                    },
                    indication: None,
                },
                now,
            )
            .unwrap();
    }
    let cover = |product: ProductType, amount: Option<u64>, benefit: Option<u64>| CoverInput {
        id: None,
        product_type: product,
        cover_type: Some(CoverType::Level),
        cover_amount: amount.and_then(Money::from_pounds),
        monthly_benefit: benefit.and_then(Money::from_pounds),
        term: Some(25),
        to_age: None,
        deferred_period: benefit.map(|_| DeferredPeriod::Weeks13),
        payment_period: benefit.map(|_| PaymentPeriod::Full),
        riders: vec![],
    };
    for (applicant, id, input) in [
        ("a1", "c1", cover(ProductType::Life, Some(250_000), None)),
        (
            "a2",
            "c2",
            cover(ProductType::IncomeProtection, None, Some(2_000)),
        ),
    ] {
        app = app
            .add_cover(
                &AddCover {
                    applicant_id: ApplicantId::parse(applicant).unwrap(),
                    cover_id: id.into(),
                    cover: input,
                },
                now,
            )
            .unwrap();
    }
    let quote = product
        .basis
        .price_application(&product.catalogue, &app, now.date_naive(), "q1".into())
        .unwrap();
    app.record_quote(quote, now)
}

/// The quote PDF of `app` (at the Leeds office) as a PDF reader shows its text.
fn quote_text(product: &Product, app: &Application) -> String {
    let document = quote_document(
        &product.quote_template,
        app,
        product.basis.label(),
        product.basis.policy_fee(),
        Some("Leeds"),
    )
    .unwrap();
    assert_eq!(document.file_name, "Quote-100042-20261122.pdf");
    assert!(document.bytes.starts_with(b"%PDF-1.4"));

    // KEEP_DOCUMENTS=dir keeps a copy to look at.
    if let Ok(dir) = std::env::var("KEEP_DOCUMENTS") {
        std::fs::write(Path::new(&dir).join(&document.file_name), &document.bytes).unwrap();
    }
    let path = std::env::temp_dir().join(format!(
        "quote-test-{}-{:?}.pdf",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&path, &document.bytes).unwrap();
    let output = Command::new("pdftotext")
        .args(["-enc", "UTF-8", "-layout"])
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed by scripts/deps.sh");
    std::fs::remove_file(&path).unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn the_quote_pdf_names_both_clients_the_covers_and_the_total() {
    let product = product();
    let app = priced_application(&product);
    let text = quote_text(&product, &app);
    assert!(!text.contains("Indicated:"), "{text}");
    let total = formats::money_with_pence(app.quote_stage.quote.as_ref().unwrap().premium);
    for expected in [
        "Your protection quote",
        "Alan Turing",
        "Zoë O'Brien",
        "Life Protection",
        "£250,000",
        "Income Protection",
        "£2,000 a month",
        "deferred 13 weeks",
        "Sample rates",
        "22/12/2026",
        "Your adviser's office",
        "Leeds",
        total.as_str(),
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }
}

#[test]
fn an_unpriced_application_has_no_quote_document() {
    let product = product();
    let mut app = priced_application(&product);
    app.quote_stage.quote = None;
    assert_eq!(
        quote_document(&product.quote_template, &app, "x", Money::default(), None),
        Err(QuoteDocumentError::NotPriced)
    );
}

#[test]
fn a_client_brought_in_from_qi_is_told_the_indicated_terms_and_price_beside_the_standard_one() {
    let product = product();
    let mut app = priced_application(&product);
    let indicated = Money::from_pence(11_949).unwrap();
    app.applicants[0].indication = Some(Box::new(crate::product_definition::sample_indication(
        indicated,
    )));
    let text = quote_text(&product, &app);
    for expected in [
        "Underwriting Qi indication of 20/11/2026",
        "premiums above are at standard rates",
        "Indicated: Life Protection – Non-standard terms: premium loaded by 50%",
        "£119.49 a month",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }
    // Only the client who came from Qi has an indication.
    assert_eq!(text.matches("Indicated:").count(), 1, "{text}");
}
