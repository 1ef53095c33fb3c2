//! The application aggregate (§3) and the commands that change it (§4). Each command is a pure
//! function from the current application to the next one or a [`Rejection`]; the workflow's
//! update validator calls the same function and discards the result, so what is validated is
//! exactly what is applied.

use crate::applicant::{Applicant, ApplicantDetails, ApplicantPatch, Requirement, check_details};
use crate::dates::{age_on, uk_date};
use crate::errors::Rejection;
use crate::ids::{AdviserId, ApplicantId, ApplicationId};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Most applicants on one application (§1, §9).
pub const MAX_APPLICANTS: usize = 2;
pub const TOO_MANY_APPLICANTS: &str = "An application can have at most 2 clients.";
pub const APPLICANT_NOT_FOUND: &str = "Applicant not found";
pub const QUOTE_NOT_EDITABLE: &str =
    "The quote can no longer be edited. Unlock quote editing to make changes.";

/// Stages of an application (§2), in journey order.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ApplicationStage {
    CreateQuote,
    Quote,
    Apply,
    Underwriting,
    Decision,
    WentOnRisk,
}

impl ApplicationStage {
    pub const ALL: [ApplicationStage; 6] = [
        ApplicationStage::CreateQuote,
        ApplicationStage::Quote,
        ApplicationStage::Apply,
        ApplicationStage::Underwriting,
        ApplicationStage::Decision,
        ApplicationStage::WentOnRisk,
    ];

    /// The wire name, as in JSON and the `status` search filter.
    pub fn code(self) -> &'static str {
        match self {
            ApplicationStage::CreateQuote => "CREATE_QUOTE",
            ApplicationStage::Quote => "QUOTE",
            ApplicationStage::Apply => "APPLY",
            ApplicationStage::Underwriting => "UNDERWRITING",
            ApplicationStage::Decision => "DECISION",
            ApplicationStage::WentOnRisk => "WENT_ON_RISK",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.code() == code)
    }

    /// The label advisers see on the dashboard (§2: pre-quote, quote, underwriting, decision).
    pub fn label(self) -> &'static str {
        match self {
            ApplicationStage::CreateQuote => "Pre-quote",
            ApplicationStage::Quote => "Quote",
            ApplicationStage::Apply => "Apply",
            ApplicationStage::Underwriting => "Underwriting",
            ApplicationStage::Decision => "Decision",
            ApplicationStage::WentOnRisk => "Went on risk",
        }
    }
}

/// A child on the application (§3), for children's critical illness cover.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Child {
    pub id: String,
    pub title: Option<String>,
    pub first_name: Option<String>,
    pub surname: Option<String>,
    #[schema(value_type = Option<String>, format = Date)]
    pub date_of_birth: Option<NaiveDate>,
}

/// The application as its workflow holds it and the read model stores it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Application {
    pub id: ApplicationId,
    pub adviser_id: AdviserId,
    /// The adviser's firm when the application was created, for firm-wide reporting.
    pub firm_id: Option<String>,
    /// Bumped by every accepted change; the read model keeps the highest version it saw.
    pub version: u64,
    pub status: ApplicationStage,
    pub is_quote_editable: bool,
    pub applicants: Vec<Applicant>,
    pub children: Vec<Child>,
    pub has_unborn_children: bool,
    pub third_party_ref: Option<String>,
    /// The date on which ages are taken for pricing; set when a quote is priced.
    pub quote_age_date: Option<NaiveDate>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Add a client to an application (§7 `AddApplicant`). The id is chosen by the caller so a
/// retried command cannot add the client twice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddApplicant {
    pub applicant_id: ApplicantId,
    pub details: ApplicantDetails,
}

/// Change some of a client's details (§7 `PATCH /application/{id}/applicant/{applicantId}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EditApplicant {
    pub applicant_id: ApplicantId,
    pub patch: ApplicantPatch,
}

impl Application {
    /// A new, empty application at the Create Quote stage.
    pub fn new(
        id: ApplicationId,
        adviser_id: AdviserId,
        firm_id: Option<String>,
        now: DateTime<Utc>,
    ) -> Self {
        Self {
            id,
            adviser_id,
            firm_id,
            version: 1,
            status: ApplicationStage::CreateQuote,
            is_quote_editable: true,
            applicants: Vec::new(),
            children: Vec::new(),
            has_unborn_children: false,
            third_party_ref: None,
            quote_age_date: None,
            created_at: now,
            updated_at: now,
        }
    }

    /// The day on which clients' ages are taken: the quote age date once a quote exists,
    /// otherwise today (§5).
    pub fn age_date(&self, today: NaiveDate) -> NaiveDate {
        self.quote_age_date.unwrap_or(today)
    }

    pub fn add_applicant(
        &self,
        command: &AddApplicant,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_quote_editable()?;
        if self.applicants.len() >= MAX_APPLICANTS {
            return Err(Rejection::field("applicants", TOO_MANY_APPLICANTS));
        }
        if self.applicant(&command.applicant_id).is_some() {
            return Err(Rejection::conflict(
                "That client is already on the application.",
            ));
        }
        let errors = check_details(
            &command.details,
            Requirement::Quote,
            self.age_date(uk_date(now)),
        );
        if !errors.is_empty() {
            return Err(Rejection::invalid(errors));
        }
        let mut next = self.clone();
        next.applicants.push(Applicant {
            id: command.applicant_id.clone(),
            details: command.details.clone(),
        });
        Ok(next.touched(now))
    }

    /// Applies a change to one client. A change that alters nothing returns the application
    /// as it was, with the same version, so nothing is written.
    pub fn edit_applicant(
        &self,
        command: &EditApplicant,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_quote_editable()?;
        let index = self
            .applicants
            .iter()
            .position(|a| a.id == command.applicant_id)
            .ok_or_else(|| Rejection::not_found(APPLICANT_NOT_FOUND))?;
        let current = &self.applicants[index].details;
        let details = command.patch.clone().apply_to(current);
        if &details == current {
            return Ok(self.clone());
        }
        let errors = check_details(&details, Requirement::Quote, self.age_date(uk_date(now)));
        if !errors.is_empty() {
            return Err(Rejection::invalid(errors));
        }
        let mut next = self.clone();
        next.applicants[index].details = details;
        Ok(next.touched(now))
    }

    pub fn applicant(&self, id: &ApplicantId) -> Option<&Applicant> {
        self.applicants.iter().find(|a| &a.id == id)
    }

    /// "Alan Turing & Ada Lovelace": how the dashboard and the Temporal UI name the case.
    pub fn client_names(&self) -> String {
        self.applicants
            .iter()
            .map(Applicant::full_name)
            .filter(|name| !name.is_empty())
            .collect::<Vec<_>>()
            .join(" & ")
    }

    /// The application as the API shows it, with ages taken on the quote age date.
    pub fn view(&self, today: NaiveDate) -> ApplicationView {
        let age_date = self.age_date(today);
        ApplicationView {
            id: self.id,
            adviser_id: self.adviser_id.clone(),
            status: self.status,
            application_status: self.status.label().to_owned(),
            is_quote_editable: self.is_quote_editable,
            applicants: self
                .applicants
                .iter()
                .map(|applicant| ApplicantView {
                    age: applicant
                        .details
                        .date_of_birth
                        .and_then(|born| age_on(born, age_date)),
                    applicant: applicant.clone(),
                })
                .collect(),
            children: self.children.clone(),
            has_unborn_children: self.has_unborn_children,
            third_party_ref: self.third_party_ref.clone(),
            quote_age_date: self.quote_age_date,
            version: self.version,
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }

    fn ensure_quote_editable(&self) -> Result<(), Rejection> {
        let editable_stage = matches!(
            self.status,
            ApplicationStage::CreateQuote | ApplicationStage::Quote
        );
        if self.is_quote_editable && editable_stage {
            Ok(())
        } else {
            Err(Rejection::conflict(QUOTE_NOT_EDITABLE))
        }
    }

    fn touched(mut self, now: DateTime<Utc>) -> Self {
        self.version += 1;
        self.updated_at = now;
        self
    }
}

/// An applicant as the API shows it: the stored details plus the age on the quote age date.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicantView {
    #[serde(flatten)]
    pub applicant: Applicant,
    /// Age in completed years on the quote age date (today until a quote is priced).
    pub age: Option<u32>,
}

/// The application as `GET /application/{id}` and every command return it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Application)]
pub struct ApplicationView {
    pub id: ApplicationId,
    pub adviser_id: AdviserId,
    pub status: ApplicationStage,
    /// The stage as advisers read it, for example "Pre-quote".
    pub application_status: String,
    pub is_quote_editable: bool,
    #[schema(value_type = Vec<ApplicantView>)]
    pub applicants: Vec<ApplicantView>,
    pub children: Vec<Child>,
    pub has_unborn_children: bool,
    pub third_party_ref: Option<String>,
    #[schema(value_type = Option<String>, format = Date)]
    pub quote_age_date: Option<NaiveDate>,
    pub version: u64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::applicant::{AGE_MESSAGE, Gender, Smoking, Title};
    use crate::errors::RejectionKind;
    use crate::patch::Patch;
    use chrono::TimeZone;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()
    }

    fn app() -> Application {
        Application::new(
            ApplicationId::new(100001).unwrap(),
            AdviserId::parse("adviser1").unwrap(),
            None,
            now(),
        )
    }

    fn add(id: &str, born: (i32, u32, u32)) -> AddApplicant {
        AddApplicant {
            applicant_id: ApplicantId::parse(id).unwrap(),
            details: ApplicantDetails {
                title: Some(Title::Mr),
                first_name: Some("Alan".into()),
                last_name: Some("Turing".into()),
                gender: Some(Gender::Male),
                date_of_birth: NaiveDate::from_ymd_opt(born.0, born.1, born.2),
                smoking: Some(Smoking::NoneInFiveYears),
            },
        }
    }

    #[test]
    fn adding_a_client_bumps_the_version_and_keeps_the_details() {
        let next = app()
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .unwrap();
        assert_eq!(next.version, 2);
        assert_eq!(next.client_names(), "Alan Turing");
        assert_eq!(next.view(now().date_naive()).applicants[0].age, Some(46));
    }

    #[test]
    fn a_third_client_is_refused() {
        let two = app()
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .and_then(|a| a.add_applicant(&add("a2", (1982, 1, 1)), now()))
            .unwrap();
        let refused = two
            .add_applicant(&add("a3", (1983, 1, 1)), now())
            .unwrap_err();
        assert_eq!(refused.errors[0].field, "applicants");
        assert_eq!(refused.errors[0].message, TOO_MANY_APPLICANTS);
    }

    #[test]
    fn an_under_eighteen_is_refused_with_the_spec_message() {
        let refused = app()
            .add_applicant(&add("a1", (2010, 1, 1)), now())
            .unwrap_err();
        assert_eq!(refused.kind, RejectionKind::Invalid);
        assert_eq!(refused.errors[0].message, AGE_MESSAGE);
    }

    #[test]
    fn the_same_client_id_cannot_be_added_twice() {
        let once = app()
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .unwrap();
        let twice = once
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .unwrap_err();
        assert_eq!(twice.kind, RejectionKind::Conflict);
    }

    #[test]
    fn editing_changes_only_the_fields_sent() {
        let one = app()
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .unwrap();
        let edit = EditApplicant {
            applicant_id: ApplicantId::parse("a1").unwrap(),
            patch: ApplicantPatch {
                first_name: Patch::Set("Alan M.".into()),
                smoking: Patch::Set(Smoking::Yes),
                ..Default::default()
            },
        };
        let next = one.edit_applicant(&edit, now()).unwrap();
        let details = &next.applicants[0].details;
        assert_eq!(details.first_name.as_deref(), Some("Alan M."));
        assert_eq!(details.last_name.as_deref(), Some("Turing"));
        assert_eq!(details.smoking, Some(Smoking::Yes));
        assert_eq!(next.version, 3);
    }

    #[test]
    fn an_edit_that_changes_nothing_keeps_the_version() {
        let one = app()
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .unwrap();
        let same = EditApplicant {
            applicant_id: ApplicantId::parse("a1").unwrap(),
            patch: ApplicantPatch {
                last_name: Patch::Set("Turing".into()),
                ..Default::default()
            },
        };
        assert_eq!(
            one.edit_applicant(&same, now()).unwrap().version,
            one.version
        );
    }

    #[test]
    fn editing_an_unknown_client_is_not_found() {
        let edit = EditApplicant {
            applicant_id: ApplicantId::parse("nobody").unwrap(),
            patch: ApplicantPatch::default(),
        };
        let refused = app().edit_applicant(&edit, now()).unwrap_err();
        assert_eq!(refused.kind, RejectionKind::NotFound);
        assert_eq!(refused.message, APPLICANT_NOT_FOUND);
    }

    #[test]
    fn clearing_a_required_field_is_refused() {
        let one = app()
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .unwrap();
        let edit = EditApplicant {
            applicant_id: ApplicantId::parse("a1").unwrap(),
            patch: ApplicantPatch {
                date_of_birth: Patch::Clear,
                ..Default::default()
            },
        };
        let refused = one.edit_applicant(&edit, now()).unwrap_err();
        assert_eq!(refused.errors[0].field, "dateOfBirth");
    }

    #[test]
    fn nothing_changes_once_the_quote_is_locked() {
        let mut locked = app();
        locked.is_quote_editable = false;
        let refused = locked
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .unwrap_err();
        assert_eq!(refused.kind, RejectionKind::Conflict);
    }

    #[test]
    fn ages_are_taken_on_the_quote_age_date_once_set() {
        let mut one = app()
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .unwrap();
        one.quote_age_date = NaiveDate::from_ymd_opt(2026, 6, 22);
        assert_eq!(one.view(now().date_naive()).applicants[0].age, Some(45));
    }

    #[test]
    fn stage_codes_round_trip_and_match_json() {
        for stage in ApplicationStage::ALL {
            assert_eq!(ApplicationStage::parse(stage.code()), Some(stage));
            assert_eq!(serde_json::to_value(stage).unwrap(), stage.code());
        }
    }
}
