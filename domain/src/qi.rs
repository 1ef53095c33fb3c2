//! Underwriting Qi (§1 "a quick-indication underwriting tool … for pre-sale enquiries", §2
//! "underwriting-qi"): before recommending a product, an adviser asks what terms one client
//! would get. The client's details, then the conditions (a pre-sale enquiry on the same
//! interview as the full application, asking what the rules read), then an indication per
//! product from the same rulebook, and the indicative price of covers the adviser enters, on the
//! same pricing basis. An indication is valid for 30 days, and can start an application that
//! carries every answer over (docs/decisions.md QI2–QI4).
//!
//! Every change is a pure function from one record to the next, as for an enquiry, so the
//! workflow's validator and handler apply the same rule.

use crate::applicant::{ApplicantDetails, Requirement, check_details};
use crate::application::{Application, CoverInput};
use crate::cover::Cover;
use crate::decision::Decision;
use crate::errors::{Errors, FieldError, Rejection};
use crate::ids::{AdviserId, ApplicantId, ApplicationId, CoverId, QiId};
use crate::money::Money;
use crate::product_codes::ProductType;
use crate::quote::Quote;
use crate::underwriting::dictionary::BackedOption;
use crate::underwriting::interview::Interview;
use crate::underwriting::outcome::{ApplicantOutcome, CoverOutcome};
use crate::underwriting::record::{EnquiryKind, EnquiryRecord, ProvideAnswers, Wording};
use crate::underwriting::{Answer, Enquiry, TAG_QI_CLIENT, client_details_answers};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

// §2 Qi products.
/// The products Qi indicates terms for.
pub const QI_PRODUCTS: [ProductType; 4] = [
    ProductType::Life,
    ProductType::CriticalIllness,
    ProductType::AcceleratedCriticalIllness,
    ProductType::IncomeProtection,
];

// docs/decisions.md QI3.
/// How long an indication stays valid, from when it was asked.
pub const VALID_FOR_DAYS: i64 = 30;

/// Why an expired indication takes no more changes.
pub const EXPIRED: &str =
    "This indication has expired after 30 days: ask Qi again for today's terms";
/// Why an indication that started an application takes no more changes.
pub const STARTED: &str =
    "An application was started from this indication: change the answers in the application";

/// A quick indication as the Qi workflow keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QiRecord {
    pub id: QiId,
    pub adviser_id: AdviserId,
    pub firm_id: Option<String>,
    /// Title (optional), names, sex at birth, date of birth and smoking.
    pub client: ApplicantDetails,
    /// The pre-sale enquiry: the client-details answers, height, weight, occupation and the
    /// conditions.
    pub enquiry: EnquiryRecord,
    /// The rules' outcome per Qi product, once asked for; cleared by any change of answer.
    pub indication: Option<ApplicantOutcome>,
    /// The covers the adviser priced on the indicated terms, with their price.
    pub quote: Option<QiQuote>,
    /// The application started from this indication.
    pub application_id: Option<ApplicationId>,
    pub expired: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub version: u64,
}

/// The covers an adviser priced on the indicated terms, and the price.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QiQuote {
    pub covers: Vec<Cover>,
    pub quote: Quote,
}

// docs/decisions.md QI4.
/// What an application keeps of the indication it was started from: every answer and option
/// chosen (the full enquiry starts with them), and the indicated outcome and price per product
/// (the decision compares its final terms with them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarriedIndication {
    pub qi_id: QiId,
    pub indicated_at: DateTime<Utc>,
    /// Answer by question tag, as given at Qi.
    pub answers: BTreeMap<String, String>,
    /// Options chosen from backed lists, by id.
    pub options: BTreeMap<String, BackedOption>,
    /// The indicated outcome per Qi product.
    pub outcomes: Vec<CoverOutcome>,
    /// The indicative monthly premium of each cover priced at Qi, in the order priced.
    pub prices: Vec<IndicatedPrice>,
}

/// A cover priced at Qi and its indicative monthly premium.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IndicatedPrice {
    pub product_type: ProductType,
    pub premium: Money,
}

/// The client's details as the adviser enters them at Qi.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetQiClient {
    #[serde(flatten)]
    pub client: ApplicantDetails,
}

/// The covers to price on the indicated terms (§7 `POST /decision/qi/{id}/quote`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteIndication {
    pub covers: Vec<CoverInput>,
}

/// Records the application started from this indication.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkApplication {
    pub application_id: ApplicationId,
}

/// Which step of §2's three a Qi enquiry has reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QiSteps {
    /// The client's details and the client-details questions are answered and fit: the
    /// Conditions step opens.
    pub client_details_complete: bool,
    /// Every question asked is answered and fits: the Indicative decision step opens.
    pub conditions_complete: bool,
}

/// A Qi enquiry as the API shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QiView {
    pub id: QiId,
    pub adviser_id: AdviserId,
    pub client: ApplicantDetails,
    /// What is wrong with the client's details, by field.
    pub client_errors: Vec<FieldError>,
    /// The pre-sale enquiry: lines tagged `QI_CLIENT` belong to the client-details step, the
    /// others to the conditions step.
    pub enquiry: Enquiry,
    pub steps: QiSteps,
    /// The outcome per product, each explained as in the full application, once asked for.
    #[schema(required = true)]
    pub indication: Option<Vec<CoverOutcome>>,
    #[schema(required = true)]
    pub quote: Option<QiQuote>,
    #[schema(required = true)]
    pub application_id: Option<ApplicationId>,
    pub expired: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub version: u64,
}

/// One line of an adviser's list of Qi enquiries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QiSummary {
    pub id: QiId,
    pub client_name: String,
    #[schema(value_type = Option<String>, format = Date)]
    pub date_of_birth: Option<NaiveDate>,
    /// The indicated outcome per product, as advisers read it ("Standard terms"), once asked.
    pub outcomes: Vec<QiProductOutcome>,
    #[schema(required = true)]
    pub application_id: Option<ApplicationId>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// A product's indicated outcome, in a list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QiProductOutcome {
    pub product_type: ProductType,
    pub outcome: String,
}

/// The id the Qi client has in the pre-sale enquiry (one client per Qi enquiry).
fn client_id(id: &QiId) -> ApplicantId {
    ApplicantId::parse(&format!("qi-{id}")).expect("a Qi id makes a valid applicant id")
}

/// The notional cover the rules decide for a Qi product: its terms are what the product's
/// cover would get.
pub fn notional_covers() -> Vec<Cover> {
    QI_PRODUCTS
        .iter()
        .map(|product| Cover::new(CoverId::new(format!("qi-{}", product.code())), *product))
        .collect()
}

// §5 applicant rules, for Qi.
/// What is wrong with the client's details: the application's rules (sex at birth, date of
/// birth within §9's ages, names of at most 100 characters), and the names and smoking answer a
/// rulebook and a later application need. The title is optional.
pub fn check_client(client: &ApplicantDetails, today: NaiveDate) -> Vec<FieldError> {
    let mut errors = Errors::default();
    if client.first_name.is_none() {
        errors.push("firstName", "Please enter a first name");
    }
    if client.last_name.is_none() {
        errors.push("lastName", "Please enter a last name");
    }
    let mut all = errors.into_vec();
    all.extend(check_details(client, Requirement::Quote, today));
    if client.smoking.is_none() {
        all.push(FieldError::new(
            "smoking",
            "Please answer whether the client has smoked",
        ));
    }
    all
}

impl QiRecord {
    /// A new Qi enquiry for a client whose details pass [`check_client`].
    #[allow(clippy::too_many_arguments)]
    pub fn start(
        interview: &Interview,
        id: QiId,
        adviser_id: AdviserId,
        firm_id: Option<String>,
        agent_id: String,
        client: ApplicantDetails,
        at: DateTime<Utc>,
        today: NaiveDate,
    ) -> Result<Self, Rejection> {
        let client = tidy(client);
        let errors = check_client(&client, today);
        if !errors.is_empty() {
            return Err(Rejection::invalid(errors));
        }
        let enquiry = EnquiryRecord::start(
            interview,
            format!("qi-{id}"),
            client_id(&id),
            EnquiryKind::PreSale { agent_id },
            client_details_answers(&client),
            true,
            at,
        );
        Ok(Self {
            id,
            adviser_id,
            firm_id,
            client,
            enquiry,
            indication: None,
            quote: None,
            application_id: None,
            expired: false,
            created_at: at,
            updated_at: at,
            expires_at: at + Duration::days(VALID_FOR_DAYS),
            version: 1,
        })
    }

    /// Refuses a change once expired or carried into an application.
    fn check_open(&self) -> Result<(), Rejection> {
        if self.expired {
            Err(Rejection::conflict(EXPIRED))
        } else if self.application_id.is_some() {
            Err(Rejection::conflict(STARTED))
        } else {
            Ok(())
        }
    }

    /// The record after a change: a new version, and no indication or price while the
    /// answers they were given on have changed.
    fn changed(&self, enquiry: EnquiryRecord, client: ApplicantDetails, at: DateTime<Utc>) -> Self {
        if enquiry == self.enquiry && client == self.client {
            return self.clone();
        }
        let mut next = self.clone();
        next.enquiry = enquiry;
        next.client = client;
        next.indication = None;
        next.quote = None;
        next.version += 1;
        next.updated_at = at.max(self.updated_at);
        next
    }

    /// Changes the client's details; their sex at birth, date of birth and smoking answer the
    /// interview's client-details questions, as in an application.
    pub fn set_client(
        &self,
        interview: &Interview,
        command: &SetQiClient,
        today: NaiveDate,
        at: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.check_open()?;
        let client = tidy(command.client.clone());
        let errors = check_client(&client, today);
        if !errors.is_empty() {
            return Err(Rejection::invalid(errors));
        }
        let answers: Vec<Answer> = client_details_answers(&client);
        let enquiry = self.enquiry.provide(
            interview,
            &ProvideAnswers {
                answers,
                options: vec![],
            },
            today,
            at,
        )?;
        Ok(self.changed(enquiry, client, at))
    }

    /// Takes a batch of answers by the interview's own rules (refused whole, as in the full
    /// enquiry).
    pub fn provide(
        &self,
        interview: &Interview,
        batch: &ProvideAnswers,
        today: NaiveDate,
        at: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.check_open()?;
        let enquiry = self.enquiry.provide(interview, batch, today, at)?;
        Ok(self.changed(enquiry, self.client.clone(), at))
    }

    /// Whether the rules can indicate terms now: every question asked is answered and fits.
    pub fn check_indicable(
        &self,
        interview: &Interview,
        today: NaiveDate,
    ) -> Result<(), Rejection> {
        if self.expired {
            return Err(Rejection::conflict(EXPIRED));
        }
        self.enquiry
            .check_answered(interview, today, Wording::Adviser)
    }

    /// Keeps the rules' outcome per product. Asking again on the same answers keeps the first.
    pub fn indicate(&self, outcome: ApplicantOutcome, at: DateTime<Utc>) -> Self {
        if self.indication.is_some() {
            return self.clone();
        }
        let mut next = self.clone();
        next.indication = Some(outcome);
        next.version += 1;
        next.updated_at = at.max(self.updated_at);
        next
    }

    /// The covers to price, checked: Qi products only, each complete, on an indication.
    pub fn check_quotable(&self, command: &QuoteIndication) -> Result<Vec<Cover>, Rejection> {
        self.check_open()?;
        if self.indication.is_none() {
            return Err(Rejection::conflict(
                "Please see the indicative decision before pricing covers on it",
            ));
        }
        if command.covers.is_empty() {
            return Err(Rejection::field("covers", "Please enter a cover to price"));
        }
        let mut errors = Errors::default();
        let mut covers = Vec::new();
        for (i, input) in command.covers.iter().enumerate() {
            let at = format!("covers[{i}]");
            if !QI_PRODUCTS.contains(&input.product_type) {
                errors.push(
                    &format!("{at}.productType"),
                    "Qi indicates life, critical illness, accelerated critical illness and income protection",
                );
                continue;
            }
            let id = CoverId::new(format!("qi-cover-{}", i + 1));
            match crate::application::build_cover(&id, input, None) {
                Ok(cover) => {
                    for field in cover.missing_fields() {
                        errors.push(
                            &format!("{at}.{field}"),
                            "Please complete this cover before pricing",
                        );
                    }
                    covers.push(cover);
                }
                Err(rejection) => {
                    for error in rejection.errors {
                        errors.push(&format!("{at}.{}", error.field), &error.message);
                    }
                }
            }
        }
        errors.into_result(covers)
    }

    /// A one-client application holding the covers to price, on which the pricing basis runs
    /// exactly as for a quote; it is never saved.
    pub fn as_application(&self, covers: Vec<Cover>) -> Application {
        let mut application = Application::new(
            ApplicationId::new(1).expect("1 is a valid reference"),
            self.adviser_id.clone(),
            self.firm_id.clone(),
            self.created_at,
        );
        let mut applicant = crate::Applicant::new(client_id(&self.id), self.client.clone());
        applicant.covers = covers;
        application.applicants.push(applicant);
        application
    }

    /// The terms the indication gave a product: its decision and loading.
    pub fn terms_for(&self, product: ProductType) -> Option<(Decision, u32)> {
        self.indication
            .as_ref()?
            .covers
            .iter()
            .find(|c| c.product_type == product)
            .map(|c| (c.decision, c.loading))
    }

    /// Keeps the priced covers.
    pub fn quoted(&self, covers: Vec<Cover>, quote: Quote, at: DateTime<Utc>) -> Self {
        let mut next = self.clone();
        next.quote = Some(QiQuote { covers, quote });
        next.version += 1;
        next.updated_at = at.max(self.updated_at);
        next
    }

    /// Records the application started from it; the same application again changes nothing.
    pub fn link_application(
        &self,
        command: &LinkApplication,
        at: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        match self.application_id {
            Some(id) if id == command.application_id => return Ok(self.clone()),
            Some(_) => return Err(Rejection::conflict(STARTED)),
            None => {}
        }
        if self.expired {
            return Err(Rejection::conflict(EXPIRED));
        }
        if self.indication.is_none() {
            return Err(Rejection::conflict(
                "Please see the indicative decision before starting an application from it",
            ));
        }
        let mut next = self.clone();
        next.application_id = Some(command.application_id);
        next.version += 1;
        next.updated_at = at.max(self.updated_at);
        Ok(next)
    }

    /// The indication after its 30 days: kept to read, closed to changes.
    pub fn expire(&self, at: DateTime<Utc>) -> Self {
        if self.expired {
            return self.clone();
        }
        let mut next = self.clone();
        next.expired = true;
        next.version += 1;
        next.updated_at = at.max(self.updated_at);
        next
    }

    /// What an application started from it keeps; `None` before the indication.
    pub fn carried(&self) -> Option<CarriedIndication> {
        let outcome = self.indication.as_ref()?;
        let prices = self
            .quote
            .as_ref()
            .map(|q| {
                q.covers
                    .iter()
                    .filter_map(|cover| {
                        let premium = q
                            .quote
                            .quote_applicants
                            .iter()
                            .flat_map(|a| &a.quote_covers)
                            .find(|c| c.cover_id == cover.id)?
                            .premium;
                        Some(IndicatedPrice {
                            product_type: cover.product_type,
                            premium,
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        Some(CarriedIndication {
            qi_id: self.id.clone(),
            indicated_at: outcome.decided_at,
            answers: self.enquiry.answers.clone(),
            options: self.enquiry.options.clone(),
            outcomes: outcome.covers.clone(),
            prices,
        })
    }

    pub fn client_name(&self) -> String {
        [&self.client.first_name, &self.client.last_name]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The indication narrowed to some products (§7 `POST /decision/qi/{id}/product`).
    pub fn outcomes(&self, products: Option<&[ProductType]>) -> Option<Vec<CoverOutcome>> {
        self.indication.as_ref().map(|outcome| {
            outcome
                .covers
                .iter()
                .filter(|c| products.is_none_or(|p| p.contains(&c.product_type)))
                .cloned()
                .collect()
        })
    }

    /// The Qi enquiry as the API shows it, with the day's checks.
    pub fn view(&self, interview: &Interview, today: NaiveDate) -> QiView {
        let enquiry = self.enquiry.view(interview, today);
        let client_errors = check_client(&self.client, today);
        let client_lines_done = enquiry
            .sections
            .iter()
            .flat_map(|s| &s.enquiry_lines)
            .filter(|l| l.tags.iter().any(|t| t == TAG_QI_CLIENT))
            .all(|l| l.is_satisfied);
        let client_details_complete = client_errors.is_empty() && client_lines_done;
        QiView {
            id: self.id.clone(),
            adviser_id: self.adviser_id.clone(),
            client: self.client.clone(),
            client_errors,
            steps: QiSteps {
                client_details_complete,
                conditions_complete: client_details_complete && enquiry.is_satisfied,
            },
            enquiry,
            indication: self.outcomes(None),
            quote: self.quote.clone(),
            application_id: self.application_id,
            expired: self.expired,
            created_at: self.created_at,
            updated_at: self.updated_at,
            expires_at: self.expires_at,
            version: self.version,
        }
    }

    /// The line of the adviser's list.
    pub fn summary(&self) -> QiSummary {
        QiSummary {
            id: self.id.clone(),
            client_name: self.client_name(),
            date_of_birth: self.client.date_of_birth,
            outcomes: self
                .outcomes(None)
                .unwrap_or_default()
                .into_iter()
                .map(|c| QiProductOutcome {
                    product_type: c.product_type,
                    outcome: c.displayed.label().to_owned(),
                })
                .collect(),
            application_id: self.application_id,
            created_at: self.created_at,
            expires_at: self.expires_at,
        }
    }
}

/// Blank names read as none, as in an application.
fn tidy(mut client: ApplicantDetails) -> ApplicantDetails {
    let trim = |name: Option<String>| name.map(|n| n.trim().to_owned()).filter(|n| !n.is_empty());
    client.first_name = trim(client.first_name);
    client.last_name = trim(client.last_name);
    client
}

pub mod comparison;

#[cfg(test)]
mod tests;
