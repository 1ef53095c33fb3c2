//! The medical underwriting interview (§3 "Underwriting enquiry", §4, §5): what must be known
//! before it starts and how the applicant's details are passed to it, how sections are judged
//! and selected, how answers are posted (with stale responses ignored), the declarations, and
//! when underwriting as a whole is complete.

pub mod answers;
pub mod dictionary;
pub mod evidence;
pub mod interview;
pub mod manual;
pub mod outcome;
pub mod record;

use crate::applicant::{ApplicantDetails, Gender, Smoking};
use crate::dates::age_on;
use crate::errors::{Errors, FieldError};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// §8 messages.
/// Messages when a section has no questions, and when an enquiry has no sections.
pub const NO_QUESTIONS: &str = "There are no questions to display for this section";
pub const NO_SECTIONS: &str = "No sections found";
// §5.
/// An applicant must be younger than this to be underwritten.
pub const UNDERWRITING_AGE_LIMIT: u32 = 100;
// §3.
/// Enquiry-line tags with a meaning for the portal.
pub const TAG_CLIENT_DETAILS: &str = "CLIENT_DETAILS";
pub const TAG_OPTIONAL: &str = "OPTIONAL";

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
    pub fn units_question(self) -> Option<&'static str> {
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
    pub fn is_optional(&self) -> bool {
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
    pub applicant_id: String,
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
}

impl Enquiry {
    // §4 "The enquiry is satisfied when all non-optional lines are satisfied."
    /// Every line not tagged optional is satisfied.
    pub fn all_required_lines_satisfied(&self) -> bool {
        self.sections
            .iter()
            .flat_map(|s| &s.enquiry_lines)
            .filter(|l| !l.is_optional())
            .all(|l| l.is_satisfied)
    }

    // §4 underwriting enquiry.
    /// Closed, or ready to close: the interview shows its summary or closing section.
    pub fn is_closed_or_closeable(&self) -> bool {
        !self.is_open || self.is_closeable
    }

    // §4 "Later sections start disabled".
    /// A section opens once every section before it is complete, and stays open once started.
    pub fn is_section_enabled(&self, index: usize) -> bool {
        let Some(section) = self.sections.get(index) else {
            return false;
        };
        section.status() != SectionStatus::NotStarted
            || self.sections[..index]
                .iter()
                .all(|s| s.status() == SectionStatus::Complete)
    }
}

/// Which part of the interview is on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selection {
    Section(usize),
    /// The summary or closing section of a closed or closeable enquiry.
    Summary,
    /// The enquiry has no sections: show "No sections found".
    NoSections,
}

// §4 section selection.
/// The section to show after a fetch (or when an extended-on date is passed, which reopens the
/// interview at its first section): the summary when the enquiry is closed or closeable, otherwise
/// the first section.
pub fn select_after_fetch(enquiry: &Enquiry, extended_on_date_passed: bool) -> Selection {
    if enquiry.sections.is_empty() {
        Selection::NoSections
    } else if extended_on_date_passed {
        Selection::Section(0)
    } else if enquiry.is_closed_or_closeable() {
        Selection::Summary
    } else {
        Selection::Section(0)
    }
}

// §4 "A response is ignored if its answer is no longer the one last sent".
/// The client side of answering: answers are applied at once, and a response is used only if it
/// answers the most recent post.
#[derive(Debug, Clone, PartialEq)]
pub struct AnsweringState {
    pub enquiry: Enquiry,
    pub loading: bool,
    /// Sequence number of the last answer posted.
    last_sent: u64,
}

impl AnsweringState {
    pub fn new(enquiry: Enquiry) -> Self {
        Self {
            enquiry,
            loading: false,
            last_sent: 0,
        }
    }

    /// Posts `answers`: they replace earlier answers to the same questions at once, the enquiry
    /// is marked loading, and the returned number identifies the post's response.
    pub fn post(&mut self, answers: &[Answer]) -> u64 {
        for answer in answers {
            match self
                .enquiry
                .all_answers
                .iter_mut()
                .find(|a| a.tag == answer.tag)
            {
                Some(existing) => existing.value.clone_from(&answer.value),
                None => self.enquiry.all_answers.push(answer.clone()),
            }
        }
        self.loading = true;
        self.last_sent += 1;
        self.last_sent
    }

    /// Takes the server's response to post `sequence`: sections, answers and flags are replaced
    /// by the response's, unless a later post has been sent since. Returns whether it was used.
    pub fn receive(&mut self, sequence: u64, response: Enquiry) -> bool {
        if sequence != self.last_sent {
            return false;
        }
        self.enquiry = response;
        self.loading = false;
        true
    }
}

// §4 "All applicants must be closed for the underwriting to be complete."
/// Every enquiry is closed.
pub fn underwriting_complete<'a>(enquiries: impl IntoIterator<Item = &'a Enquiry>) -> bool {
    let mut any = false;
    for enquiry in enquiries {
        any = true;
        if enquiry.is_open {
            return false;
        }
    }
    any
}

// §7 `ENQUIRY_TYPE`.
/// How an enquiry is started: a full application, or a pre-sale (Qi) enquiry for an adviser.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EnquiryType {
    Full,
    PreSale { agent_id: String },
}

impl EnquiryType {
    // §7 underwriting start.
    /// The start answers: `ENQUIRY_TYPE`, and `AGENT_ID` for a pre-sale enquiry.
    pub fn start_answers(&self) -> Vec<Answer> {
        let answer = |tag: &str, value: &str| Answer {
            tag: tag.into(),
            value: value.into(),
        };
        match self {
            EnquiryType::Full => vec![answer("ENQUIRY_TYPE", "Full")],
            EnquiryType::PreSale { agent_id } => {
                vec![
                    answer("ENQUIRY_TYPE", "Pre-sale"),
                    answer("AGENT_ID", agent_id),
                ]
            }
        }
    }
}

// §5 "Underwriting needs gender, date of birth (ten characters, age under 100) and smoking
// answered".
/// Underwriting needs a gender, a date of birth giving an age under 100 on `today`, and a smoking
/// answer.
pub fn check_underwriting_prerequisites(
    details: &ApplicantDetails,
    today: NaiveDate,
) -> Vec<FieldError> {
    let mut errors = Errors::default();
    if details.gender.is_none() {
        errors.push(
            "gender",
            "Please select a gender before starting underwriting",
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
pub fn client_details_answers(details: &ApplicantDetails) -> Vec<Answer> {
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

// §5 "The pre-underwriting declaration must be accepted before underwriting."
/// Underwriting may start only once the pre-underwriting declaration is accepted.
pub fn check_may_start_underwriting(declarations: &Declarations) -> Result<(), FieldError> {
    if declarations.accepted_pre_underwriting {
        Ok(())
    } else {
        Err(FieldError::new(
            "isAcceptedPreUnderwritingDeclaration",
            "Please accept the pre-underwriting declaration before starting underwriting",
        ))
    }
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

    fn line(satisfied: bool, optional: bool, questions: Vec<Question>) -> EnquiryLine {
        EnquiryLine {
            id: "l".into(),
            tags: if optional {
                vec![TAG_OPTIONAL.into()]
            } else {
                vec![TAG_CLIENT_DETAILS.into()]
            },
            is_satisfied: satisfied,
            questions,
        }
    }

    pub(crate) fn enquiry(sections: Vec<Section>, open: bool, closeable: bool) -> Enquiry {
        Enquiry {
            enquiry_id: "e1".into(),
            applicant_id: "a1".into(),
            branch: None,
            tag: None,
            locale: Some("en-GB".into()),
            sections,
            all_answers: vec![],
            available_conditions: vec![],
            exclusives: vec![],
            is_open: open,
            is_closeable: closeable,
            is_satisfied: false,
            pre_check: false,
            declarations: Declarations::default(),
            rulebook_version: None,
            outcome: None,
            version: 0,
        }
    }

    #[test]
    fn a_section_is_complete_when_satisfied_and_in_progress_once_a_question_is() {
        assert_eq!(section(true, vec![]).status(), SectionStatus::Complete);
        assert_eq!(
            section(false, vec![line(false, false, vec![question(true, &[])])]).status(),
            SectionStatus::InProgress
        );
        assert_eq!(
            section(false, vec![line(false, false, vec![question(false, &[])])]).status(),
            SectionStatus::NotStarted
        );
        let refused = section(
            false,
            vec![line(
                false,
                false,
                vec![question(true, &["Enter a weight"])],
            )],
        );
        assert_eq!(refused.status(), SectionStatus::InComplete);
    }

    #[test]
    fn later_sections_open_once_the_earlier_ones_are_complete() {
        let fresh = || section(false, vec![line(false, false, vec![question(false, &[])])]);
        let mut e = enquiry(vec![fresh(), fresh(), fresh()], true, false);
        assert!(e.is_section_enabled(0));
        assert!(!e.is_section_enabled(1));
        e.sections[0].is_satisfied = true;
        assert!(e.is_section_enabled(1));
        assert!(!e.is_section_enabled(2));
        e.sections[2].enquiry_lines[0].questions[0].is_satisfied = true;
        assert!(e.is_section_enabled(2), "a started section stays open");
        assert!(!e.is_section_enabled(3));
    }

    #[test]
    fn an_enquiry_is_satisfied_when_every_required_line_is() {
        let mut e = enquiry(
            vec![section(
                false,
                vec![line(true, false, vec![]), line(false, true, vec![])],
            )],
            true,
            false,
        );
        assert!(
            e.all_required_lines_satisfied(),
            "an optional line may stay unanswered"
        );
        e.sections[0].enquiry_lines[0].is_satisfied = false;
        assert!(!e.all_required_lines_satisfied());
    }

    #[test]
    fn the_summary_shows_for_a_closed_or_closeable_enquiry_otherwise_the_first_section() {
        let s = || section(false, vec![]);
        assert_eq!(
            select_after_fetch(&enquiry(vec![s(), s()], true, false), false),
            Selection::Section(0)
        );
        assert_eq!(
            select_after_fetch(&enquiry(vec![s()], true, true), false),
            Selection::Summary
        );
        assert_eq!(
            select_after_fetch(&enquiry(vec![s()], false, false), false),
            Selection::Summary
        );
        assert_eq!(
            select_after_fetch(&enquiry(vec![s()], false, false), true),
            Selection::Section(0)
        );
        assert_eq!(
            select_after_fetch(&enquiry(vec![], true, false), false),
            Selection::NoSections
        );
    }

    #[test]
    fn answers_apply_at_once_and_stale_responses_are_ignored() {
        let mut state = AnsweringState::new(enquiry(vec![], true, false));
        let first = state.post(&[Answer {
            tag: "SMOKER".into(),
            value: "No".into(),
        }]);
        assert!(state.loading);
        assert_eq!(state.enquiry.all_answers[0].value, "No", "optimistic");
        let second = state.post(&[Answer {
            tag: "SMOKER".into(),
            value: "Yes".into(),
        }]);
        assert_eq!(
            state.enquiry.all_answers.len(),
            1,
            "a new answer replaces the old one"
        );

        let mut from_server = enquiry(vec![section(true, vec![])], true, true);
        from_server.all_answers = vec![Answer {
            tag: "SMOKER".into(),
            value: "No".into(),
        }];
        assert!(
            !state.receive(first, from_server.clone()),
            "the first response is stale"
        );
        assert_eq!(state.enquiry.all_answers[0].value, "Yes");
        assert!(state.loading);

        from_server.all_answers[0].value = "Yes".into();
        assert!(state.receive(second, from_server.clone()));
        assert!(!state.loading);
        assert_eq!(
            state.enquiry, from_server,
            "sections, answers and flags come from the response"
        );
    }

    #[test]
    fn underwriting_is_complete_only_when_every_applicants_enquiry_is_closed() {
        let open = enquiry(vec![], true, false);
        let closed = enquiry(vec![], false, false);
        assert!(underwriting_complete([&closed, &closed]));
        assert!(!underwriting_complete([&closed, &open]));
        assert!(
            !underwriting_complete(std::iter::empty()),
            "nothing underwritten is not complete"
        );
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
    fn the_pre_underwriting_declaration_comes_first() {
        assert!(check_may_start_underwriting(&Declarations::default()).is_err());
        let accepted = Declarations {
            accepted_pre_underwriting: true,
            ..Default::default()
        };
        assert!(check_may_start_underwriting(&accepted).is_ok());
    }

    #[test]
    fn a_pre_sale_enquiry_names_the_agent() {
        let answers = EnquiryType::PreSale {
            agent_id: "adviser1".into(),
        }
        .start_answers();
        assert_eq!(
            answers[1],
            Answer {
                tag: "AGENT_ID".into(),
                value: "adviser1".into()
            }
        );
        assert_eq!(EnquiryType::Full.start_answers()[0].value, "Full");
        assert_eq!(
            QuestionType::WeightFemale.units_question(),
            Some("WEIGHT_UNITS")
        );
        assert_eq!(QuestionType::Earnings.units_question(), None);
    }
}
