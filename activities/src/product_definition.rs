//! The insurer's product definition read from `product/`: the catalogue and the pricing basis.
//! Loaded once at start-up; a missing or inconsistent file stops the process with a message
//! naming the file and the problem, rather than letting it quote on a broken basis.

use crate::documents::{
    Template, application_data, quote_data, sample_direct_debit_data, sample_schedule_data,
};
use domain::catalogue::Catalogue;
use domain::direct_debit::DirectDebitScheme;
use domain::modulus::ModulusTables;
use domain::pricing::Basis;
use domain::term_extension::DeclarationOfHealth;
use std::path::{Path, PathBuf};

/// The catalogue and pricing basis the worker prices with and the API describes.
#[derive(Debug, Clone)]
pub struct Product {
    pub catalogue: Catalogue,
    pub basis: Basis,
    /// `documents/quote.txt`, checked against a sample quote at load.
    pub quote_template: Template,
    /// `documents/keyfacts.txt` and `documents/terms.txt`.
    pub keyfacts_template: Template,
    pub terms_template: Template,
    /// `documents/schedule.txt`: each client's policy schedule, issued when put in force.
    pub schedule_template: Template,
    /// `documents/direct-debit.txt`: the Direct Debit confirmation, issued when put in force.
    pub direct_debit_template: Template,
    /// `term-extension/declaration-of-health.json`: the questions before a term extension.
    pub declaration_of_health: DeclarationOfHealth,
    /// `modulus/`: Vocalink's weight table (the one `valacdos-*.txt`, its version in its name)
    /// and the substitution table `scsubtab.txt`, for the bank check.
    pub modulus: ModulusTables,
    /// The weight table's file name, which carries its version (`valacdos-v8-50.txt`).
    pub modulus_table: String,
    /// `direct-debit/scheme.json`: the Direct Debit Guarantee, the advance notice and the bank
    /// holidays the first collection is counted over (AJ12).
    pub direct_debit: DirectDebitScheme,
}

/// Why the product files could not be used, naming the file.
#[derive(Debug, thiserror::Error)]
#[error("{}: {message}", path.display())]
pub struct ProductError {
    pub path: PathBuf,
    pub message: String,
}

/// Reads the one weight table in `folder` (so a newer table replaces the old file) and the
/// substitution table.
fn load_modulus(folder: &Path) -> Result<(ModulusTables, String), ProductError> {
    let refuse = |message: String| ProductError {
        path: folder.to_owned(),
        message,
    };
    let mut tables: Vec<String> = std::fs::read_dir(folder)
        .map_err(|e| refuse(e.to_string()))?
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.starts_with("valacdos") && name.ends_with(".txt"))
        .collect();
    tables.sort();
    let [table] = tables.as_slice() else {
        return Err(refuse(format!(
            "expected one weight table valacdos-*.txt, found {}",
            if tables.is_empty() {
                "none".to_owned()
            } else {
                tables.join(", ")
            }
        )));
    };
    let table_path = folder.join(table);
    let modulus = ModulusTables::parse(&read(&table_path)?, &read(&folder.join("scsubtab.txt"))?)
        .map_err(|message| ProductError {
        path: table_path,
        message,
    })?;
    Ok((modulus, table.clone()))
}

fn read(path: &Path) -> Result<String, ProductError> {
    std::fs::read_to_string(path).map_err(|e| ProductError {
        path: path.to_owned(),
        message: e.to_string(),
    })
}

impl Product {
    /// Reads `catalogue.json` and `pricing/basis.json` (with the tables it names) from `dir`.
    pub fn load(dir: &Path) -> Result<Self, ProductError> {
        let catalogue_path = dir.join("catalogue.json");
        let catalogue =
            Catalogue::parse(&read(&catalogue_path)?).map_err(|message| ProductError {
                path: catalogue_path,
                message,
            })?;
        let pricing = dir.join("pricing");
        let basis_path = pricing.join("basis.json");
        let read_table = |name: &str| {
            if name.contains(['/', '\\']) || name.starts_with('.') {
                return Err(format!("table {name:?} must be a file beside basis.json"));
            }
            std::fs::read_to_string(pricing.join(name)).map_err(|e| e.to_string())
        };
        let basis =
            Basis::parse(&read(&basis_path)?, read_table).map_err(|message| ProductError {
                path: basis_path,
                message,
            })?;
        let template_path = dir.join("documents").join("quote.txt");
        let quote_template = Template::parse(&read(&template_path)?)
            .and_then(|template| {
                template.check(&sample_quote_data(&basis))?;
                Ok(template)
            })
            .map_err(|message| ProductError {
                path: template_path,
                message,
            })?;
        let sample = sample_application();
        let load = |name: &str| {
            let path = dir.join("documents").join(name);
            Template::parse(&read(&path)?)
                .and_then(|template| {
                    template.check(&application_data(&sample.0, sample.1.quote_age_date))?;
                    Ok(template)
                })
                .map_err(|message| ProductError { path, message })
        };
        let schedule_path = dir.join("documents").join("schedule.txt");
        let schedule_template = Template::parse(&read(&schedule_path)?)
            .and_then(|template| {
                template.check(&sample_schedule_data())?;
                Ok(template)
            })
            .map_err(|message| ProductError {
                path: schedule_path,
                message,
            })?;
        let direct_debit_path = dir.join("documents").join("direct-debit.txt");
        let direct_debit_template = Template::parse(&read(&direct_debit_path)?)
            .and_then(|template| {
                template.check(&sample_direct_debit_data())?;
                Ok(template)
            })
            .map_err(|message| ProductError {
                path: direct_debit_path,
                message,
            })?;
        let health_path = dir
            .join("term-extension")
            .join("declaration-of-health.json");
        let declaration_of_health =
            DeclarationOfHealth::parse(&read(&health_path)?).map_err(|message| ProductError {
                path: health_path,
                message,
            })?;
        let (modulus, modulus_table) = load_modulus(&dir.join("modulus"))?;
        let scheme_path = dir.join("direct-debit").join("scheme.json");
        let direct_debit =
            DirectDebitScheme::parse(&read(&scheme_path)?).map_err(|message| ProductError {
                path: scheme_path,
                message,
            })?;
        Ok(Self {
            direct_debit,
            declaration_of_health,
            modulus,
            modulus_table,
            keyfacts_template: load("keyfacts.txt")?,
            terms_template: load("terms.txt")?,
            schedule_template,
            direct_debit_template,
            catalogue,
            basis,
            quote_template,
        })
    }
}

/// Template data for a one-client, one-cover quote: every name a quote template may use.
fn sample_quote_data(basis: &Basis) -> serde_json::Value {
    let (application, quote) = sample_application();
    quote_data(
        &application,
        &quote,
        basis.label(),
        basis.policy_fee(),
        Some("Sample location"),
    )
}

/// A Qi indication of life cover loaded by 50 % and priced at `premium`, so a template's
/// indication lines are checked too.
pub(crate) fn sample_indication(premium: domain::money::Money) -> domain::qi::CarriedIndication {
    use chrono::{TimeZone, Utc};
    use domain::decision::{Decision, DisplayedOutcome};
    use domain::product_codes::ProductType;
    use domain::qi::{CarriedIndication, IndicatedPrice};
    use domain::underwriting::outcome::CoverOutcome;
    CarriedIndication {
        qi_id: domain::QiId::parse("sample").expect("a valid id"),
        indicated_at: Utc
            .with_ymd_and_hms(2026, 11, 20, 9, 30, 0)
            .single()
            .unwrap_or_default(),
        answers: Default::default(),
        options: Default::default(),
        outcomes: vec![CoverOutcome {
            cover_id: "qi-life".into(),
            product_type: ProductType::Life,
            decision: Decision::NonStandardTerms,
            displayed: DisplayedOutcome::NonStandardTerms,
            loading: 50,
            exclusions: vec![],
            evidence: vec![],
            summary: "Life Protection: non-standard terms: the premium is loaded by 50%.".into(),
            explanations: vec![],
            manual: None,
        }],
        prices: vec![IndicatedPrice {
            product_type: ProductType::Life,
            premium,
        }],
    }
}

/// A one-client, one-cover application and its quote, to check templates against.
fn sample_application() -> (domain::Application, domain::quote::Quote) {
    use chrono::{NaiveDate, TimeZone, Utc};
    use domain::cover::Cover;
    use domain::quote::{Quote, QuoteApplicant, QuoteCover};
    use domain::{AdviserId, Applicant, ApplicantDetails, ApplicantId, Application, ApplicationId};
    let day = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap_or_default();
    let mut application = Application::new(
        ApplicationId::new(1).expect("1 is a reference"),
        AdviserId::parse("sample").expect("a valid id"),
        None,
        Utc.timestamp_opt(0, 0).single().unwrap_or_default(),
    );
    let id = ApplicantId::parse("sample").expect("a valid id");
    let mut applicant = Applicant::new(id.clone(), ApplicantDetails::default());
    applicant.indication = Some(Box::new(sample_indication(domain::money::Money::default())));
    let cover = Cover::new("c".into(), domain::product_codes::ProductType::Life);
    applicant.covers.push(cover);
    application.applicants.push(applicant);
    let quote = Quote {
        id: "sample".into(),
        quote_created_date: day,
        quote_age_date: day,
        adviser_at_firm_location_id: None,
        initial_indemnity_percentage: None,
        initial_commission_sacrifice_percentage: None,
        initial_commission: None,
        premium: Default::default(),
        lifetime_premium: None,
        unloaded_premium: None,
        discount: None,
        quote_applicants: vec![QuoteApplicant {
            id: id.to_string(),
            premium: Default::default(),
            quote_covers: vec![QuoteCover {
                cover_id: "c".into(),
                premium: Default::default(),
                decision: None,
                riders: vec![],
                breakdown: vec![],
            }],
            quote_decision_model: None,
        }],
    };
    (application, quote)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> PathBuf {
        Path::new(&std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
            .join("../product")
    }

    #[test]
    fn the_shipped_product_files_load() {
        let product = Product::load(&shipped()).unwrap();
        assert!(product.basis.label().starts_with("Sample"));
        assert_eq!(product.modulus_table, "valacdos-v8-50.txt");
        assert_eq!(product.modulus.len(), 1151);
    }

    #[test]
    fn the_bank_check_needs_exactly_one_weight_table() {
        let dir = std::env::temp_dir().join(format!("modulus-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let none = load_modulus(&dir).unwrap_err();
        assert!(none.to_string().contains("found none"), "{none}");
        for name in ["valacdos-v8-50.txt", "scsubtab.txt"] {
            std::fs::copy(shipped().join("modulus").join(name), dir.join(name)).unwrap();
        }
        assert_eq!(load_modulus(&dir).unwrap().1, "valacdos-v8-50.txt");
        // A newer table dropped in beside the old one is ambiguous until the old one goes.
        std::fs::write(dir.join("valacdos-v8-60.txt"), "not a table").unwrap();
        let two = load_modulus(&dir).unwrap_err();
        assert!(
            two.to_string()
                .contains("valacdos-v8-50.txt, valacdos-v8-60.txt"),
            "{two}"
        );
        std::fs::remove_file(dir.join("valacdos-v8-50.txt")).unwrap();
        let broken = load_modulus(&dir).unwrap_err();
        assert!(
            broken.to_string().contains("valacdos-v8-60.txt"),
            "{broken}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_or_broken_file_is_named() {
        let dir = std::env::temp_dir().join(format!("product-test-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("pricing")).unwrap();
        let missing = Product::load(&dir).unwrap_err();
        assert!(missing.to_string().contains("catalogue.json"), "{missing}");
        std::fs::copy(shipped().join("catalogue.json"), dir.join("catalogue.json")).unwrap();
        std::fs::write(dir.join("pricing/basis.json"), "{\"label\": 1}").unwrap();
        let broken = Product::load(&dir).unwrap_err();
        assert!(broken.to_string().contains("basis.json"), "{broken}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
