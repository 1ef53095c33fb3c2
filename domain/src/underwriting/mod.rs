//! The medical underwriting interview (§3 "Underwriting enquiry", §4, §5): what must be known
//! before it starts and how the applicant's details are passed to it, how sections are judged,
//! and the declarations.

pub mod answers;
pub mod dictionary;
pub mod evidence;
pub mod interview;
pub mod manual;
pub mod outcome;
pub mod private;
pub mod record;

use crate::applicant::{ApplicantDetails, Gender, Smoking};
use crate::dates::age_on;
use crate::errors::{Errors, FieldError};
use crate::ids::ApplicantId;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// §8 message.
/// The message when a section has no questions.
pub(crate) const NO_QUESTIONS: &str = "There are no questions to display for this section";
// §5.
/// An applicant must be younger than this to be underwritten.
pub(crate) const UNDERWRITING_AGE_LIMIT: u32 = 100;
// §3.
/// Enquiry-line tags with a meaning for the portal.
pub(crate) const TAG_CLIENT_DETAILS: &str = "CLIENT_DETAILS";
pub(crate) const TAG_OPTIONAL: &str = "OPTIONAL";
// §1 Qi; docs/decisions.md QI2.
/// A line Qi asks on its client-details step (height, weight, occupation).
pub const TAG_QI_CLIENT: &str = "QI_CLIENT";
/// A line Qi asks on its conditions step: the rules read its answers for an indication.
pub const TAG_QI: &str = "QI";

// §3 question types.
/// The kinds of question an interview asks, which decide how an answer is typed and checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum QuestionType {
    String,
    Date,
    PastDate,
    FutureDate,
    OptionGroup,
    OptionList,
    OptionBacked,
    Number,
    Integer,
    Height,
    WeightMale,
    WeightFemale,
    WaistSize,
    Earnings,
}

impl QuestionType {
    // §3 unit questions.
    /// Questions answered in a unit system chosen by a companion units question.
    pub(crate) fn units_question(self) -> Option<&'static str> {
        match self {
            QuestionType::Height => Some("HEIGHT_UNITS"),
            QuestionType::WeightMale | QuestionType::WeightFemale => Some("WEIGHT_UNITS"),
            QuestionType::WaistSize => Some("WAIST_UNITS"),
            _ => None,
        }
    }
}

/// An answer to one question, by the question's tag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    pub tag: String,
    pub value: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Question {
    pub tag: String,
    pub text: String,
    pub question_type: QuestionType,
    pub is_satisfied: bool,
    #[serde(default)]
    #[schema(required = true)]
    pub validation_errors: Vec<String>,
    /// The answer as stored (see `answers` for how values are written).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
    /// The answer as it is read back to the client before they declare it true: option labels,
    /// the names chosen from a list, measurements in metric units, earnings as money ("£36,000")
    /// and dates as dd/MM/yyyy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer_text: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<interview::OptionDefinition>,
    /// The list an `OPTION_BACKED` question searches (`lookupQuestionOption`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backed_by: Option<String>,
    #[serde(default)]
    #[schema(required = true)]
    pub multiple: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
    /// The backed options the answer chose, with their names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chosen: Vec<dictionary::BackedOption>,
}

/// A line of an enquiry section: a group of questions with tags such as `OPTIONAL`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnquiryLine {
    #[serde(default)]
    #[schema(required = true)]
    pub id: String,
    #[serde(default)]
    #[schema(required = true)]
    pub tags: Vec<String>,
    pub is_satisfied: bool,
    #[serde(default)]
    #[schema(required = true)]
    pub questions: Vec<Question>,
}

impl EnquiryLine {
    pub(crate) fn is_optional(&self) -> bool {
        self.tags.iter().any(|t| t == TAG_OPTIONAL)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = EnquirySection)]
pub struct Section {
    #[serde(default)]
    #[schema(required = true)]
    pub id: String,
    pub name: String,
    pub is_satisfied: bool,
    #[serde(default)]
    #[schema(required = true)]
    pub enquiry_lines: Vec<EnquiryLine>,
    // §8's wording.
    /// 'There are no questions to display for this section' when no line is asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

// §4 section status.
/// Where a section stands: not started, in progress, answered with a refused answer, or complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum SectionStatus {
    NotStarted,
    InProgress,
    /// Answered, but an answer was refused: the section needs attention (docs/decisions.md D10).
    InComplete,
    Complete,
}

impl Section {
    fn questions(&self) -> impl Iterator<Item = &Question> {
        self.enquiry_lines.iter().flat_map(|l| &l.questions)
    }

    // §4 section status.
    /// Complete if satisfied; in progress if any question is satisfied; in complete when an answer
    /// carries validation errors; otherwise not started.
    pub fn status(&self) -> SectionStatus {
        if self.is_satisfied {
            SectionStatus::Complete
        } else if self.questions().any(|q| !q.validation_errors.is_empty()) {
            SectionStatus::InComplete
        } else if self.questions().any(|q| q.is_satisfied) {
            SectionStatus::InProgress
        } else {
            SectionStatus::NotStarted
        }
    }
}

/// The two declarations: before underwriting starts, and before the enquiry closes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Declarations {
    pub accepted_pre_underwriting: bool,
    pub accepted_post_underwriting: bool,
}

/// A client's underwriting enquiry: the interview's sections and questions with their answers, its
/// declarations and, once closed, its outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Enquiry {
    pub enquiry_id: String,
    pub applicant_id: ApplicantId,
    #[schema(required = true)]
    pub branch: Option<String>,
    #[schema(required = true)]
    pub tag: Option<String>,
    #[schema(required = true)]
    pub locale: Option<String>,
    #[serde(default)]
    #[schema(required = true)]
    pub sections: Vec<Section>,
    #[serde(default)]
    #[schema(required = true)]
    pub all_answers: Vec<Answer>,
    /// The conditions disclosed so far, with their names and rulebook categories.
    #[serde(default)]
    #[schema(required = true)]
    pub available_conditions: Vec<dictionary::BackedOption>,
    /// The exclusions the outcome puts on the client's covers.
    #[serde(default)]
    #[schema(required = true)]
    pub exclusives: Vec<String>,
    pub is_open: bool,
    pub is_closeable: bool,
    pub is_satisfied: bool,
    // §5 declaration.
    /// The pre-underwriting declaration was accepted before the interview started.
    pub pre_check: bool,
    #[serde(default)]
    #[schema(required = true)]
    pub declarations: Declarations,
    /// The rulebook the interview follows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rulebook_version: Option<String>,
    /// Once closed: the outcome per cover with its explanation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<outcome::ApplicantOutcome>,
    /// Raised by every accepted change; a client keeps the response with the highest.
    #[serde(default)]
    #[schema(required = true)]
    pub version: u64,
    /// Sent to the client to answer privately in the client portal: where it stands. While the
    /// client is answering, the sections carry no questions and nothing answered is shown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_answering: Option<private::ClientAnswering>,
}

// §5 "Underwriting needs gender, date of birth (ten characters, age under 100) and smoking
// answered".
/// Underwriting needs a gender, a date of birth giving an age under 100 on `today`, and a smoking
/// answer.
pub(crate) fn check_underwriting_prerequisites(
    details: &ApplicantDetails,
    today: NaiveDate,
) -> Vec<FieldError> {
    let mut errors = Errors::default();
    if details.gender.is_none() {
        errors.push(
            "gender",
            "Please select the client's sex at birth before starting underwriting",
        );
    }
    match details.date_of_birth {
        None => errors.push(
            "dateOfBirth",
            "Please enter a date of birth before starting underwriting",
        ),
        Some(born) => {
            let ten_characters = born.format("%Y-%m-%d").to_string().len() == 10;
            let age = age_on(born, today);
            if !ten_characters || age.is_none_or(|a| a >= UNDERWRITING_AGE_LIMIT) {
                errors.push(
                    "dateOfBirth",
                    "Please enter a valid date of birth before starting underwriting",
                );
            }
        }
    }
    if details.smoking.is_none() {
        errors.push(
            "smoking",
            "Please answer the smoking question before starting underwriting",
        );
    }
    errors.into_vec()
}

// §5 underwriting mapping; docs/decisions.md D11.
/// Gender → GENDER, dateOfBirth → BIRTHDATE, smoking → SMOKING_GFS, so the interview does not ask
/// again what the adviser already entered. Values are the rulebook's.
pub(crate) fn client_details_answers(details: &ApplicantDetails) -> Vec<Answer> {
    let mut answers = Vec::new();
    if let Some(gender) = details.gender {
        let value = match gender {
            Gender::Male => "Male",
            Gender::Female => "Female",
        };
        answers.push(Answer {
            tag: "GENDER".into(),
            value: value.into(),
        });
    }
    if let Some(born) = details.date_of_birth {
        answers.push(Answer {
            tag: "BIRTHDATE".into(),
            value: born.format("%Y-%m-%d").to_string(),
        });
    }
    if let Some(smoking) = details.smoking {
        let value = match smoking {
            Smoking::NoneInFiveYears => "NoneInFiveYears",
            Smoking::NoneInTwelveMonths => "NoneInTwelveMonths",
            Smoking::Yes => "Yes",
        };
        answers.push(Answer {
            tag: "SMOKING_GFS".into(),
            value: value.into(),
        });
    }
    answers
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question(satisfied: bool, errors: &[&str]) -> Question {
        Question {
            tag: "Q".into(),
            text: "?".into(),
            question_type: QuestionType::OptionGroup,
            is_satisfied: satisfied,
            validation_errors: errors.iter().map(|e| (*e).to_owned()).collect(),
            answer: None,
            answer_text: None,
            options: vec![],
            backed_by: None,
            multiple: false,
            min: None,
            max: None,
            chosen: vec![],
        }
    }

    fn section(satisfied: bool, lines: Vec<EnquiryLine>) -> Section {
        Section {
            id: "s".into(),
            name: "S".into(),
            is_satisfied: satisfied,
            enquiry_lines: lines,
            message: None,
        }
    }

    fn line(satisfied: bool, questions: Vec<Question>) -> EnquiryLine {
        EnquiryLine {
            id: "l".into(),
            tags: vec![TAG_CLIENT_DETAILS.into()],
            is_satisfied: satisfied,
            questions,
        }
    }

    #[test]
    fn a_section_is_complete_when_satisfied_and_in_progress_once_a_question_is() {
        assert_eq!(section(true, vec![]).status(), SectionStatus::Complete);
        assert_eq!(
            section(false, vec![line(false, vec![question(true, &[])])]).status(),
            SectionStatus::InProgress
        );
        assert_eq!(
            section(false, vec![line(false, vec![question(false, &[])])]).status(),
            SectionStatus::NotStarted
        );
        let refused = section(
            false,
            vec![line(false, vec![question(true, &["Enter a weight"])])],
        );
        assert_eq!(refused.status(), SectionStatus::InComplete);
    }

    #[test]
    fn underwriting_needs_gender_a_date_of_birth_under_100_and_smoking() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        let mut details = ApplicantDetails {
            gender: Some(Gender::Female),
            date_of_birth: NaiveDate::from_ymd_opt(1926, 11, 23),
            smoking: Some(Smoking::Yes),
            ..Default::default()
        };
        assert!(
            check_underwriting_prerequisites(&details, today).is_empty(),
            "99, a day short of 100"
        );
        details.date_of_birth = NaiveDate::from_ymd_opt(1926, 11, 22);
        assert_eq!(
            check_underwriting_prerequisites(&details, today)[0].field,
            "dateOfBirth"
        );
        let fields: Vec<String> =
            check_underwriting_prerequisites(&ApplicantDetails::default(), today)
                .into_iter()
                .map(|e| e.field)
                .collect();
        assert_eq!(fields, ["gender", "dateOfBirth", "smoking"]);
    }

    #[test]
    fn client_details_are_passed_as_gender_birthdate_and_smoking_gfs() {
        let details = ApplicantDetails {
            gender: Some(Gender::Male),
            date_of_birth: NaiveDate::from_ymd_opt(1980, 6, 3),
            smoking: Some(Smoking::NoneInTwelveMonths),
            ..Default::default()
        };
        let answers = client_details_answers(&details);
        let pairs: Vec<(&str, &str)> = answers
            .iter()
            .map(|a| (a.tag.as_str(), a.value.as_str()))
            .collect();
        assert_eq!(
            pairs,
            [
                ("GENDER", "Male"),
                ("BIRTHDATE", "1980-06-03"),
                ("SMOKING_GFS", "NoneInTwelveMonths")
            ]
        );
        assert!(client_details_answers(&ApplicantDetails::default()).is_empty());
    }

    #[test]
    fn a_measurement_question_names_its_units_question() {
        assert_eq!(
            QuestionType::WeightFemale.units_question(),
            Some("WEIGHT_UNITS")
        );
        assert_eq!(QuestionType::Earnings.units_question(), None);
    }
}
