//! Applicants (§3) and the applicant rules of §5: which fields are required for a quote and
//! for a full application, name lengths, and the 18 to 64 age band at the quote age date.

use crate::amra::AmraAnswers;
use crate::contact::{ContactDetails, Examiner};
use crate::cover::Cover;
use crate::dates::age_on;
use crate::errors::{Errors, FieldError};
use crate::ids::ApplicantId;
use crate::patch::Patch;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// §5, §9.
/// Youngest and oldest age at which a client qualifies.
pub const MIN_AGE: u32 = 18;
pub const MAX_AGE: u32 = 64;
// §5's wording.
/// The message when a client is outside the age band.
pub const AGE_MESSAGE: &str = "To qualify, the client must be between 18 and 64.";
// §5, §9.
/// Longest first or last name, in characters.
pub const NAME_MAX_CHARS: usize = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum Title {
    Mr,
    Mrs,
    Miss,
    Ms,
    Mx,
    Dr,
}

impl Title {
    pub const ALL: [Title; 6] = [
        Title::Mr,
        Title::Mrs,
        Title::Miss,
        Title::Ms,
        Title::Mx,
        Title::Dr,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Title::Mr => "Mr",
            Title::Mrs => "Mrs",
            Title::Miss => "Miss",
            Title::Ms => "Ms",
            Title::Mx => "Mx",
            Title::Dr => "Dr",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.as_str() == text)
    }
}

/// Sex at birth as used by the pricing basis and underwriting (GENDER).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Gender {
    Male,
    Female,
}

impl Gender {
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "male" => Some(Gender::Male),
            "female" => Some(Gender::Female),
            _ => None,
        }
    }
}

// §5 smoking options.
/// The smoking question's three answers: none in 5 years, none in 12 months, yes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Smoking {
    NoneInFiveYears,
    NoneInTwelveMonths,
    Yes,
}

impl Smoking {
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "noneInFiveYears" => Some(Smoking::NoneInFiveYears),
            "noneInTwelveMonths" => Some(Smoking::NoneInTwelveMonths),
            "yes" => Some(Smoking::Yes),
            _ => None,
        }
    }
}

/// What an adviser enters about a client. Every field may be missing while the quote is
/// being built; [`Requirement`] says which must be present at each stage.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicantDetails {
    #[schema(required = true)]
    pub title: Option<Title>,
    #[schema(required = true)]
    pub first_name: Option<String>,
    #[schema(required = true)]
    pub last_name: Option<String>,
    #[schema(required = true)]
    pub gender: Option<Gender>,
    #[schema(required = true, value_type = Option<String>, format = Date, example = "1980-06-23")]
    pub date_of_birth: Option<NaiveDate>,
    #[schema(required = true)]
    pub smoking: Option<Smoking>,
}

/// A client on an application. Fields added after the first release carry serde defaults, so
/// applications recorded earlier (and their workflow histories) still read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Applicant {
    pub id: ApplicantId,
    #[serde(flatten)]
    pub details: ApplicantDetails,
    #[serde(default)]
    pub covers: Vec<Cover>,
    /// This client lives at the other client's address, and has no address of their own.
    #[serde(default)]
    pub same_address_applicant_id: Option<ApplicantId>,
    #[serde(default)]
    pub is_accepted_pre_underwriting_declaration: bool,
    #[serde(default, flatten)]
    pub amra: AmraAnswers,
    #[serde(default)]
    pub contact_details: Option<ContactDetails>,
    /// The client's GP surgery or medical examiner, for the AMRA step.
    #[serde(default)]
    pub examiner: Option<Examiner>,
    /// The Qi indication the client was brought in from (issue 33): its answers start their
    /// enquiry, and the decision compares its terms with the final ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub indication: Option<Box<crate::qi::CarriedIndication>>,
}

impl Applicant {
    pub fn new(id: ApplicantId, details: ApplicantDetails) -> Self {
        Self {
            id,
            details,
            covers: Vec::new(),
            same_address_applicant_id: None,
            is_accepted_pre_underwriting_declaration: false,
            amra: AmraAnswers::default(),
            contact_details: None,
            examiner: None,
            indication: None,
        }
    }

    /// "First Last", leaving out whichever part is missing.
    pub fn full_name(&self) -> String {
        [&self.details.first_name, &self.details.last_name]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

// §5 applicant rules.
/// Which fields must be present: for a quote only gender and date of birth; for a full application
/// also title, first name and last name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Requirement {
    Quote,
    Full,
}

// §5 applicant rules.
/// Checks one client's details, returning every broken rule at once: the required fields, names of
/// at most 100 characters, and an age of 18 to 64. `age_date` is the quote age date: the day on
/// which the client's age is taken.
pub fn check_details(
    details: &ApplicantDetails,
    requirement: Requirement,
    age_date: NaiveDate,
) -> Vec<FieldError> {
    let mut errors = Errors::default();
    if requirement == Requirement::Full {
        if details.title.is_none() {
            errors.push("title", "Please select a title");
        }
        if details.first_name.is_none() {
            errors.push("firstName", "Please enter a first name");
        }
        if details.last_name.is_none() {
            errors.push("lastName", "Please enter a last name");
        }
    }
    for (field, label, name) in [
        ("firstName", "First name", &details.first_name),
        ("lastName", "Last name", &details.last_name),
    ] {
        if let Some(message) = name.as_deref().and_then(|n| name_problem(label, n)) {
            errors.push(field, &message);
        }
    }
    if details.gender.is_none() {
        errors.push("gender", "Please select the client's sex at birth");
    }
    match details.date_of_birth {
        None => errors.push("dateOfBirth", "Please enter a date of birth"),
        Some(born) if born > age_date => {
            errors.push("dateOfBirth", "Date of birth cannot be in the future")
        }
        Some(born) => {
            let age = age_on(born, age_date).unwrap_or(0);
            if !(MIN_AGE..=MAX_AGE).contains(&age) {
                errors.push("dateOfBirth", AGE_MESSAGE);
            }
        }
    }
    errors.into_vec()
}

/// What is wrong with a first or last name (more than 100 characters, or control characters), if
/// anything.
fn name_problem(label: &str, name: &str) -> Option<String> {
    if name.chars().count() > NAME_MAX_CHARS {
        Some(format!(
            "{label} must be {NAME_MAX_CHARS} characters or fewer"
        ))
    } else if name.chars().any(char::is_control) {
        Some(format!("{label} cannot contain control characters"))
    } else {
        None
    }
}

/// A client's details as an adviser or integrator sends them: only the fields present are changed;
/// null (or blank text) clears one.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(as = ApplicantInput)]
pub struct ApplicantPatch {
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<Title>)]
    pub title: Patch<Title>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<String>, max_length = 100)]
    pub first_name: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<String>, max_length = 100)]
    pub last_name: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<Gender>)]
    pub gender: Patch<Gender>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<String>, format = Date, example = "1980-06-23")]
    pub date_of_birth: Patch<NaiveDate>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    #[schema(value_type = Option<Smoking>)]
    pub smoking: Patch<Smoking>,
}

impl ApplicantPatch {
    pub(crate) fn apply_to(self, details: &ApplicantDetails) -> ApplicantDetails {
        let d = details.clone();
        ApplicantDetails {
            title: self.title.apply_to(d.title),
            first_name: self.first_name.apply_to(d.first_name),
            last_name: self.last_name.apply_to(d.last_name),
            gender: self.gender.apply_to(d.gender),
            date_of_birth: self.date_of_birth.apply_to(d.date_of_birth),
            smoking: self.smoking.apply_to(d.smoking),
        }
    }

    /// The details of a new applicant: every field the patch sets, nothing else.
    pub fn into_details(self) -> ApplicantDetails {
        self.apply_to(&ApplicantDetails::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn details(born: NaiveDate) -> ApplicantDetails {
        ApplicantDetails {
            gender: Some(Gender::Female),
            date_of_birth: Some(born),
            ..Default::default()
        }
    }

    fn fields(errors: &[FieldError]) -> Vec<&str> {
        errors.iter().map(|e| e.field.as_str()).collect()
    }

    #[test]
    fn every_gender_and_smoking_answer_parses_and_nothing_else_does() {
        assert_eq!(Gender::parse("male"), Some(Gender::Male));
        assert_eq!(Gender::parse("female"), Some(Gender::Female));
        assert_eq!(Gender::parse("Male"), None);
        assert_eq!(
            Smoking::parse("noneInFiveYears"),
            Some(Smoking::NoneInFiveYears)
        );
        assert_eq!(
            Smoking::parse("noneInTwelveMonths"),
            Some(Smoking::NoneInTwelveMonths)
        );
        assert_eq!(Smoking::parse("yes"), Some(Smoking::Yes));
        assert_eq!(Smoking::parse("no"), None);
    }

    #[test]
    fn a_null_choice_clears_the_answer_a_missing_one_leaves_it_and_a_wrong_one_is_refused() {
        let read = |v: Value| serde_json::from_value::<ApplicantPatch>(json!({ "gender": v }));
        assert_eq!(read(Value::Null).unwrap().gender, Patch::Clear);
        assert_eq!(
            read(json!("female")).unwrap().gender,
            Patch::Set(Gender::Female)
        );
        assert_eq!(read(json!("female")).unwrap().smoking, Patch::Absent);
        assert!(read(json!("m")).is_err());
        let unknown = serde_json::from_value::<ApplicantPatch>(json!({ "shoeSize": 9 }));
        assert!(unknown.unwrap_err().to_string().contains("shoeSize"));
    }

    #[test]
    fn a_quote_needs_only_gender_and_date_of_birth() {
        let today = d(2026, 11, 22);
        assert!(check_details(&details(d(1980, 1, 1)), Requirement::Quote, today).is_empty());
        let missing = check_details(&ApplicantDetails::default(), Requirement::Quote, today);
        assert_eq!(fields(&missing), ["gender", "dateOfBirth"]);
        assert_eq!(
            missing[0].message,
            "Please select the client's sex at birth"
        );
    }

    #[test]
    fn a_full_application_also_needs_title_and_names() {
        let today = d(2026, 11, 22);
        let errors = check_details(&details(d(1980, 1, 1)), Requirement::Full, today);
        assert_eq!(fields(&errors), ["title", "firstName", "lastName"]);
    }

    #[test]
    fn clients_qualify_from_their_eighteenth_birthday() {
        let today = d(2026, 11, 22);
        let day_before_18th = check_details(&details(d(2008, 11, 23)), Requirement::Quote, today);
        assert_eq!(
            day_before_18th,
            [FieldError::new("dateOfBirth", AGE_MESSAGE)]
        );
        assert!(check_details(&details(d(2008, 11, 22)), Requirement::Quote, today).is_empty());
    }

    #[test]
    fn clients_stop_qualifying_on_their_sixty_fifth_birthday() {
        let today = d(2026, 11, 22);
        assert!(check_details(&details(d(1961, 11, 23)), Requirement::Quote, today).is_empty());
        let on_65th = check_details(&details(d(1961, 11, 22)), Requirement::Quote, today);
        assert_eq!(on_65th, [FieldError::new("dateOfBirth", AGE_MESSAGE)]);
    }

    #[test]
    fn a_leap_day_baby_turns_eighteen_on_first_of_march() {
        let born = d(2008, 2, 29);
        let on_28th = check_details(&details(born), Requirement::Quote, d(2026, 2, 28));
        assert_eq!(fields(&on_28th), ["dateOfBirth"]);
        assert!(check_details(&details(born), Requirement::Quote, d(2026, 3, 1)).is_empty());
    }

    #[test]
    fn a_date_of_birth_in_the_future_says_so() {
        let errors = check_details(&details(d(2030, 1, 1)), Requirement::Quote, d(2026, 11, 22));
        assert_eq!(errors[0].message, "Date of birth cannot be in the future");
    }

    #[test]
    fn json_input_is_read_into_a_patch() {
        let body = json!({
            "title": "Dr", "firstName": "Ada", "lastName": "Lovelace", "gender": "female",
            "dateOfBirth": "1985-12-10", "smoking": "noneInTwelveMonths"
        });
        let details = serde_json::from_value::<ApplicantPatch>(body)
            .unwrap()
            .into_details();
        assert_eq!(details.title, Some(Title::Dr));
        assert_eq!(details.first_name.as_deref(), Some("Ada"));
        assert_eq!(details.date_of_birth, Some(d(1985, 12, 10)));
        assert_eq!(details.smoking, Some(Smoking::NoneInTwelveMonths));
    }

    #[test]
    fn names_may_be_one_hundred_characters_but_not_one_hundred_and_one() {
        let today = d(2026, 11, 22);
        let named = |first: String, last: String| ApplicantDetails {
            first_name: Some(first),
            last_name: Some(last),
            ..details(d(1980, 1, 1))
        };
        assert!(
            check_details(
                &named("a".repeat(100), "b".repeat(100)),
                Requirement::Full,
                today
            )
            .iter()
            .all(|e| e.field == "title")
        );
        let long = check_details(
            &named("Ada".into(), "é".repeat(101)),
            Requirement::Quote,
            today,
        );
        assert_eq!(
            long,
            [FieldError::new(
                "lastName",
                "Last name must be 100 characters or fewer"
            )]
        );
        let control = check_details(
            &named("A\u{7}da".into(), "L".into()),
            Requirement::Quote,
            today,
        );
        assert_eq!(fields(&control), ["firstName"]);
    }
}
