//! One client's interview as the enquiry workflow keeps it: the answers given, the options
//! they chose from backed lists, the declarations, whether it is open, and the outcome once
//! closed. Every change is a pure function from one record to the next, so the workflow's
//! validator and handler run the same rule and a refused answer leaves nothing behind.

use super::answers::{self, AnswerContext, measurement_value, values};
use super::dictionary::BackedOption;
use super::interview::{
    BACKED_CONDITIONS, Interview, LineDefinition, OptionDefinition, QuestionDefinition, When,
};
use super::outcome::{ApplicantOutcome, Disclosure, QuotedAnswer};
use super::{
    Answer, Declarations, Enquiry, EnquiryLine, NO_QUESTIONS, Question, QuestionType, Section,
};
use crate::applicant::Gender;
use crate::dates::parse_iso_date;
use crate::errors::{FieldError, Rejection};
use crate::formats;
use crate::ids::ApplicantId;
use crate::money::Money;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// How an enquiry was started: `full`, or `preSale` (a quick indication) for an adviser's agent id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum EnquiryKind {
    Full,
    PreSale { agent_id: String },
}

/// A client's interview, as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EnquiryRecord {
    pub enquiry_id: String,
    pub applicant_id: ApplicantId,
    pub kind: EnquiryKind,
    pub rulebook_version: String,
    /// Answer by question tag; ordered so the record serialises the same way every time.
    pub answers: BTreeMap<String, String>,
    /// Options chosen from backed lists, by id, as the rules read them.
    pub options: BTreeMap<String, BackedOption>,
    pub declarations: Declarations,
    /// Open to answers, or closed with its outcome: stored as `isOpen` and `outcome`.
    #[serde(flatten)]
    pub status: EnquiryStatus,
    pub started_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Raised by every accepted change.
    pub version: u64,
    /// The client's total life cover when the interview started (life, Life Essentials and
    /// Combined Life and Critical Illness), which decides whether the genetic test question is
    /// asked (FC3); none for a pre-sale indication, which has no covers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub life_cover: Option<Money>,
    /// Sent to the client to answer privately in the client portal (issue 35), if it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub private: Option<super::private::PrivateAnswering>,
}

/// Whether the interview still takes answers, and once closed, the outcome it closed with: a
/// closed enquiry always has one, an open one never.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(into = "StatusFields", try_from = "StatusFields")]
pub enum EnquiryStatus {
    Open,
    Closed(ApplicantOutcome),
}

impl EnquiryStatus {
    pub fn is_open(&self) -> bool {
        matches!(self, EnquiryStatus::Open)
    }

    /// The outcome, once closed.
    pub fn outcome(&self) -> Option<&ApplicantOutcome> {
        match self {
            EnquiryStatus::Open => None,
            EnquiryStatus::Closed(outcome) => Some(outcome),
        }
    }
}

/// How a status is stored: the two fields the record has always had.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct StatusFields {
    is_open: bool,
    outcome: Option<ApplicantOutcome>,
}

impl From<EnquiryStatus> for StatusFields {
    fn from(status: EnquiryStatus) -> Self {
        match status {
            EnquiryStatus::Open => StatusFields {
                is_open: true,
                outcome: None,
            },
            EnquiryStatus::Closed(outcome) => StatusFields {
                is_open: false,
                outcome: Some(outcome),
            },
        }
    }
}

impl TryFrom<StatusFields> for EnquiryStatus {
    type Error = &'static str;

    fn try_from(fields: StatusFields) -> Result<Self, Self::Error> {
        match (fields.is_open, fields.outcome) {
            (true, None) => Ok(EnquiryStatus::Open),
            (false, Some(outcome)) => Ok(EnquiryStatus::Closed(outcome)),
            (true, Some(_)) => Err("an open enquiry has no outcome yet"),
            (false, None) => Err("a closed enquiry has its outcome"),
        }
    }
}

/// A batch of answers as the API sends it: the answers, and every backed option they name,
/// looked up by the API in the product's lists.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProvideAnswers {
    pub answers: Vec<Answer>,
    #[serde(default)]
    pub options: Vec<BackedOption>,
}

/// Why a closed enquiry takes no more changes.
pub const CLOSED: &str = "The enquiry is closed; its answers can no longer be changed";

impl EnquiryRecord {
    // §5 underwriting mapping.
    /// A new interview with the client's details already answered.
    pub fn start(
        interview: &Interview,
        enquiry_id: String,
        applicant_id: ApplicantId,
        kind: EnquiryKind,
        details: Vec<Answer>,
        pre_underwriting_accepted: bool,
        at: DateTime<Utc>,
    ) -> Self {
        Self {
            enquiry_id,
            applicant_id,
            kind,
            rulebook_version: interview.version.clone(),
            answers: details.into_iter().map(|a| (a.tag, a.value)).collect(),
            options: BTreeMap::new(),
            declarations: Declarations {
                accepted_pre_underwriting: pre_underwriting_accepted,
                accepted_post_underwriting: false,
            },
            status: EnquiryStatus::Open,
            started_at: at,
            updated_at: at,
            version: 1,
            life_cover: None,
            private: None,
        }
    }

    // §9 genetic test disclosure threshold; docs/decisions.md FC3.
    /// The enquiry knowing the client's covers: their total life cover, summed over the covers
    /// that pay on death (life, Life Essentials, Combined Life and Critical Illness).
    pub fn with_covers(mut self, covers: &[crate::cover::Cover]) -> Self {
        use crate::product_codes::ProductType;
        let total = covers
            .iter()
            .filter(|c| {
                matches!(
                    c.product_type,
                    ProductType::Life
                        | ProductType::LifeEssentials
                        | ProductType::AcceleratedCriticalIllness
                )
            })
            .filter_map(|c| c.cover_amount)
            .sum();
        self.life_cover = Some(total);
        self
    }

    // docs/decisions.md QI4.
    /// The enquiry with the answers and options a Qi indication gave added, where it has none
    /// of its own: the client's details as the application holds them win.
    pub fn carrying(
        mut self,
        answers: &BTreeMap<String, String>,
        options: &BTreeMap<String, BackedOption>,
    ) -> Self {
        for (tag, value) in answers {
            self.answers
                .entry(tag.clone())
                .or_insert_with(|| value.clone());
        }
        for (id, option) in options {
            self.options
                .entry(id.clone())
                .or_insert_with(|| option.clone());
        }
        self
    }

    fn answer(&self, tag: &str) -> Option<&str> {
        self.answers.get(tag).map(String::as_str)
    }

    /// Whether a line is asked, given the answers so far.
    pub(crate) fn is_asked(&self, line: &LineDefinition) -> bool {
        match &line.when {
            None => true,
            Some(When::Answer { tag, one_of }) => self
                .answer(tag)
                .is_some_and(|a| values(a).any(|v| one_of.iter().any(|o| o == v))),
            Some(When::Condition { condition }) => {
                self.conditions().iter().any(|c| &c.category == condition)
            }
            Some(When::GeneticTest { .. }) => self
                .life_cover
                .is_some_and(crate::constants::genetic_test_disclosure_required),
        }
    }

    /// Each condition disclosed with the answers to its own follow-up questions, as quoted.
    pub fn disclosures(&self, interview: &Interview) -> Vec<Disclosure> {
        self.conditions()
            .into_iter()
            .map(|condition| Disclosure {
                condition: condition.name.clone(),
                answers: interview
                    .sections
                    .iter()
                    .flat_map(|section| &section.lines)
                    .filter(|line| {
                        matches!(&line.when, Some(When::Condition { condition: category }) if *category == condition.category)
                    })
                    .flat_map(|line| &line.questions)
                    .filter_map(|question| self.quote(interview, &question.tag))
                    .collect(),
            })
            .collect()
    }

    /// The conditions disclosed, if the conditions question is asked and answered.
    pub fn conditions(&self) -> Vec<&BackedOption> {
        self.answers
            .get("CONDITIONS")
            .map(|value| {
                values(value)
                    .filter_map(|id| self.options.get(id))
                    .collect()
            })
            .unwrap_or_default()
    }

    // §3 WEIGHT_MALE, WEIGHT_FEMALE.
    /// The question as asked now: a weight question follows the client's sex.
    fn effective_type(&self, question: &QuestionDefinition) -> QuestionType {
        match question.question_type {
            QuestionType::WeightMale | QuestionType::WeightFemale => match self.gender() {
                Some(Gender::Female) => QuestionType::WeightFemale,
                _ => QuestionType::WeightMale,
            },
            other => other,
        }
    }

    fn gender(&self) -> Option<Gender> {
        match self.answer("GENDER") {
            Some("Male") => Some(Gender::Male),
            Some("Female") => Some(Gender::Female),
            _ => None,
        }
    }

    /// The units a measurement question's line chose.
    fn units_for(&self, question_type: QuestionType) -> Option<&str> {
        question_type
            .units_question()
            .and_then(|tag| self.answer(tag))
    }

    /// What is wrong with the stored answer to `question`, judged today.
    fn problem(&self, question: &QuestionDefinition, today: NaiveDate) -> Option<String> {
        let value = self.answer(&question.tag)?;
        let mut judged = question.clone();
        judged.question_type = self.effective_type(question);
        let known = |id: &str| self.options.contains_key(id);
        let ctx = AnswerContext {
            today,
            units: self.units_for(judged.question_type),
            is_known_option: &known,
        };
        answers::check(&judged, value, &ctx).err()
    }

    // §7 `provideanswers`.
    /// Takes a batch of answers: each must answer a question asked at that point of the batch, and
    /// fit it; an empty value clears an answer. Refused whole, naming each question at fault, so
    /// nothing of a bad batch is kept.
    pub fn provide(
        &self,
        interview: &Interview,
        batch: &ProvideAnswers,
        today: NaiveDate,
        at: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        if !self.status.is_open() {
            return Err(Rejection::conflict(CLOSED));
        }
        if batch.answers.is_empty() {
            return Err(Rejection::field(
                "answers",
                "Please give at least one answer",
            ));
        }
        let mut next = self.clone();
        let mut errors = Vec::new();
        for option in &batch.options {
            next.options.insert(option.id.clone(), option.clone());
        }
        for answer in &batch.answers {
            let tag = answer.tag.trim();
            let Some(question) = interview.question(tag) else {
                errors.push(FieldError::new(
                    tag,
                    format!("{tag} is not a question of this interview"),
                ));
                continue;
            };
            let line = interview.line_of(tag).expect("a question has a line");
            if !next.is_asked(line) {
                errors.push(FieldError::new(
                    tag,
                    format!("{tag} is not asked with the answers given so far"),
                ));
                continue;
            }
            let value = answer.value.trim();
            if value.is_empty() {
                next.answers.remove(tag);
                continue;
            }
            if let Some(list) = question.backed_by.as_deref() {
                for id in values(value) {
                    let resolved = next.options.get(id);
                    // Conditions carry an ICD-10-CM code; occupations do not.
                    let wrong_list =
                        resolved.is_some_and(|o| (list == BACKED_CONDITIONS) != o.code.is_some());
                    if resolved.is_none() || wrong_list {
                        errors.push(FieldError::new(
                            tag,
                            format!("{id} is not in the list; please choose from it"),
                        ));
                    }
                }
            }
            next.answers.insert(tag.to_owned(), value.to_owned());
            if let Some(problem) = next.problem(question, today) {
                errors.push(FieldError::new(tag, problem));
            }
        }
        if !errors.is_empty() {
            errors.dedup();
            return Err(Rejection::invalid(errors));
        }
        // Keep only the options an answer still names.
        let named: Vec<String> = interview
            .questions()
            .filter(|(_, _, q)| q.backed_by.is_some())
            .filter_map(|(_, _, q)| next.answers.get(&q.tag))
            .flat_map(|v| values(v).map(str::to_owned).collect::<Vec<_>>())
            .collect();
        next.options.retain(|id, _| named.contains(id));
        if next.answers == self.answers && next.options == self.options {
            // The same answers again: nothing changes, nothing is saved.
            return Ok(self.clone());
        }
        next.version += 1;
        next.updated_at = at.max(self.updated_at);
        Ok(next)
    }

    // §4 declarations.
    /// The client accepts the post-underwriting declaration.
    pub fn accept_post_declaration(&self, at: DateTime<Utc>) -> Result<Self, Rejection> {
        if !self.status.is_open() {
            return Err(Rejection::conflict(CLOSED));
        }
        if self.declarations.accepted_post_underwriting {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.declarations.accepted_post_underwriting = true;
        next.version += 1;
        next.updated_at = at.max(self.updated_at);
        Ok(next)
    }

    /// Whether the enquiry may be closed now, and if not, why (field errors by question).
    pub fn check_closeable(
        &self,
        interview: &Interview,
        today: NaiveDate,
    ) -> Result<(), Rejection> {
        if !self.status.is_open() {
            return Err(Rejection::conflict("The enquiry is already closed"));
        }
        self.check_answerer(super::private::Answerer::Adviser)?;
        self.check_answered(interview, today, Wording::Adviser)?;
        if !self.declarations.accepted_post_underwriting {
            return Err(Rejection::field(
                "acceptedPostUnderwriting",
                "Please accept the post-underwriting declaration before closing the enquiry",
            ));
        }
        Ok(())
    }

    /// Whether every required question is answered and fits, and if not, which (field errors by
    /// question).
    pub fn check_answered(
        &self,
        interview: &Interview,
        today: NaiveDate,
        wording: Wording,
    ) -> Result<(), Rejection> {
        let view = self.full_view(interview, today, wording);
        if !view.is_satisfied {
            let errors = view
                .sections
                .iter()
                .flat_map(|s| &s.enquiry_lines)
                .filter(|l| !l.is_optional() && !l.is_satisfied)
                .flat_map(|l| &l.questions)
                .filter(|q| !q.is_satisfied)
                .map(|q| {
                    FieldError::new(
                        q.tag.clone(),
                        q.validation_errors
                            .first()
                            .cloned()
                            .unwrap_or_else(|| format!("Please answer: {}", q.text)),
                    )
                })
                .collect();
            return Err(Rejection::invalid(errors));
        }
        Ok(())
    }

    /// Closes the enquiry with its outcome.
    pub fn close(
        &self,
        interview: &Interview,
        outcome: ApplicantOutcome,
        today: NaiveDate,
        at: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.check_closeable(interview, today)?;
        let mut next = self.clone();
        next.status = EnquiryStatus::Closed(outcome);
        next.version += 1;
        next.updated_at = at.max(self.updated_at);
        Ok(next)
    }

    // §3 "Underwriting enquiry".
    /// The whole enquiry: sections of the lines asked, each question with its answer and what is
    /// wrong with it. Shown through [`EnquiryRecord::view`], which hides the answers of a client
    /// answering privately, or [`EnquiryRecord::client_view`].
    pub(crate) fn full_view(
        &self,
        interview: &Interview,
        today: NaiveDate,
        wording: Wording,
    ) -> Enquiry {
        let sections: Vec<Section> = interview
            .sections
            .iter()
            .map(|section| {
                let enquiry_lines: Vec<EnquiryLine> = section
                    .lines
                    .iter()
                    .filter(|line| self.is_asked(line))
                    .map(|line| {
                        let questions: Vec<Question> = line
                            .questions
                            .iter()
                            .map(|q| {
                                let problem = self.problem(q, today);
                                let answered = self.answers.contains_key(&q.tag);
                                Question {
                                    tag: q.tag.clone(),
                                    text: shown_text(q, line, wording),
                                    question_type: self.effective_type(q),
                                    is_satisfied: answered && problem.is_none(),
                                    validation_errors: problem.into_iter().collect(),
                                    answer: self.answers.get(&q.tag).cloned(),
                                    answer_text: self
                                        .answers
                                        .get(&q.tag)
                                        .map(|value| self.read_back(q, value)),
                                    options: yes_first(&q.options),
                                    backed_by: q.backed_by.clone(),
                                    multiple: q.multiple,
                                    min: q.min,
                                    max: q.max,
                                    chosen: q
                                        .backed_by
                                        .as_ref()
                                        .and_then(|_| self.answers.get(&q.tag))
                                        .map(|v| {
                                            values(v)
                                                .filter_map(|id| self.options.get(id).cloned())
                                                .collect()
                                        })
                                        .unwrap_or_default(),
                                }
                            })
                            .collect();
                        EnquiryLine {
                            id: line.id.clone(),
                            tags: line.tags.clone(),
                            is_satisfied: questions.iter().all(|q| q.is_satisfied),
                            questions,
                        }
                    })
                    .collect();
                Section {
                    id: section.id.clone(),
                    name: section.name.clone(),
                    is_satisfied: enquiry_lines
                        .iter()
                        .filter(|l| !l.is_optional())
                        .all(|l| l.is_satisfied),
                    message: enquiry_lines.is_empty().then(|| NO_QUESTIONS.to_owned()),
                    enquiry_lines,
                }
            })
            .collect();
        let is_satisfied = sections.iter().all(|s| s.is_satisfied);
        Enquiry {
            enquiry_id: self.enquiry_id.clone(),
            applicant_id: self.applicant_id.clone(),
            branch: Some(interview.branch.clone()),
            tag: Some(match &self.kind {
                EnquiryKind::Full => "Full".to_owned(),
                EnquiryKind::PreSale { .. } => "Pre-sale".to_owned(),
            }),
            locale: Some(interview.locale.clone()),
            all_answers: self
                .answers
                .iter()
                .map(|(tag, value)| Answer {
                    tag: tag.clone(),
                    value: value.clone(),
                })
                .collect(),
            available_conditions: self.conditions().into_iter().cloned().collect(),
            exclusives: self
                .status
                .outcome()
                .into_iter()
                .flat_map(|o| &o.covers)
                .flat_map(|c| &c.exclusions)
                .fold(Vec::new(), |mut all, e| {
                    if !all.contains(e) {
                        all.push(e.clone());
                    }
                    all
                }),
            is_open: self.status.is_open(),
            is_closeable: self.status.is_open()
                && is_satisfied
                && self.declarations.accepted_post_underwriting,
            is_satisfied,
            pre_check: self.declarations.accepted_pre_underwriting,
            declarations: self.declarations,
            sections,
            rulebook_version: Some(self.rulebook_version.clone()),
            outcome: self.status.outcome().cloned(),
            version: self.version,
            client_answering: None,
        }
    }

    /// An answer as an explanation quotes it: the question's words (without the instruction some
    /// add for the form, issue 50) and the answer as read back.
    pub fn quote(&self, interview: &Interview, tag: &str) -> Option<QuotedAnswer> {
        let question = interview.question(tag)?;
        let value = self.answer(tag)?;
        let shown = self.read_back(question, value);
        Some(QuotedAnswer {
            tag: tag.to_owned(),
            question: asking_words(&question.text).to_owned(),
            answer: shown,
        })
    }

    /// An answer as the adviser reads it back to the client, and as an explanation quotes it:
    /// option labels, the chosen names from a list, measurements in metric units, earnings as
    /// money and dates as dd/MM/yyyy (§9). A value that does not read as its type is shown as
    /// stored.
    fn read_back(&self, question: &QuestionDefinition, value: &str) -> String {
        match question.question_type {
            QuestionType::OptionGroup | QuestionType::OptionList => values(value)
                .map(|v| {
                    question
                        .options
                        .iter()
                        .find(|o| o.value == v)
                        .map_or(v.to_owned(), |o| o.label.clone())
                })
                .collect::<Vec<_>>()
                .join(", "),
            QuestionType::OptionBacked => values(value)
                .map(|id| {
                    self.options
                        .get(id)
                        .map_or(id.to_owned(), |o| o.name.clone())
                })
                .collect::<Vec<_>>()
                .join(", "),
            QuestionType::Height | QuestionType::WaistSize => {
                self.measurement_text(question, value, "cm")
            }
            QuestionType::WeightMale | QuestionType::WeightFemale => {
                self.measurement_text(question, value, "kg")
            }
            QuestionType::Earnings => {
                Money::parse_text(value).map_or_else(|| value.to_owned(), formats::money)
            }
            QuestionType::Date | QuestionType::PastDate | QuestionType::FutureDate => {
                parse_iso_date(value).map_or_else(|| value.to_owned(), formats::date)
            }
            QuestionType::String | QuestionType::Number | QuestionType::Integer => value.to_owned(),
        }
    }

    /// A measurement in metric units; one given in imperial units reads as given, then in
    /// metric ("12 st 4 lb (78 kg)"), so the client hears what they said and the adviser sees
    /// what the rules read.
    fn measurement_text(&self, question: &QuestionDefinition, value: &str, unit: &str) -> String {
        let question_type = self.effective_type(question);
        let units = self.units_for(question_type);
        let Ok(metric) = measurement_value(question_type, value, units) else {
            return value.to_owned();
        };
        let metric = format!("{metric:.0} {unit}");
        if units != Some("imperial") {
            return metric;
        }
        let parts: Vec<&str> = value.split_whitespace().collect();
        let given = match (question_type, parts.as_slice()) {
            (QuestionType::Height, [feet, inches]) => format!("{feet} ft {inches} in"),
            (QuestionType::Height, [feet]) => format!("{feet} ft"),
            (QuestionType::WaistSize, [inches]) => format!("{inches} in"),
            (_, [stones, pounds]) => format!("{stones} st {pounds} lb"),
            (_, [stones]) => format!("{stones} st"),
            _ => value.to_owned(),
        };
        format!("{given} ({metric})")
    }

    /// The facts the rulebook's tables read: each answered question with a `fact` name, from
    /// the lines asked (an answer to a question no longer asked is kept but not used), read by
    /// its type. A disclosed condition carries the facts of its own follow-up lines. `age` and
    /// `bmi` are worked out from BIRTHDATE and the height and weight questions.
    pub fn facts(&self, interview: &Interview, today: NaiveDate) -> Value {
        let mut facts = Map::new();
        // A list the rules loop over or search is there even when empty.
        for (_, line, question) in interview.questions() {
            if let (Some(name), true, false) = (
                &question.fact,
                question.multiple,
                matches!(line.when, Some(When::Condition { .. })),
            ) {
                facts.insert(name.clone(), json!([]));
            }
        }
        let mut follow_ups: BTreeMap<&str, Map<String, Value>> = BTreeMap::new();
        let (mut height, mut weight) = (None, None);
        for section in &interview.sections {
            for line in section.lines.iter().filter(|l| self.is_asked(l)) {
                for question in &line.questions {
                    let Some(value) = self.answer(&question.tag) else {
                        continue;
                    };
                    let question_type = self.effective_type(question);
                    let metric =
                        measurement_value(question_type, value, self.units_for(question_type)).ok();
                    match question_type {
                        QuestionType::Height => height = metric,
                        QuestionType::WeightMale | QuestionType::WeightFemale => weight = metric,
                        _ => {}
                    }
                    let Some(name) = &question.fact else { continue };
                    let fact = self.fact_value(question, question_type, value, metric, today);
                    match &line.when {
                        Some(When::Condition { condition }) => {
                            let _ = follow_ups
                                .entry(condition.as_str())
                                .or_default()
                                .insert(name.clone(), fact);
                        }
                        _ => {
                            let _ = facts.insert(name.clone(), fact);
                        }
                    }
                }
            }
        }
        // Each disclosed condition with its follow-up facts; none unless the question is asked.
        if let Some(Value::Array(conditions)) = facts.get_mut("conditions") {
            for condition in conditions.iter_mut() {
                let category = condition
                    .get("category")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_owned();
                if let (Value::Object(fields), Some(more)) =
                    (condition, follow_ups.get(category.as_str()))
                {
                    fields.extend(more.clone());
                }
            }
        }
        let age = self
            .answer("BIRTHDATE")
            .and_then(parse_iso_date)
            .and_then(|born| crate::dates::age_on(born, today));
        facts.insert("age".into(), json!(age));
        let bmi = match (height, weight) {
            (Some(cm), Some(kg)) if cm > 0.0 => Some(round1(kg / (cm / 100.0).powi(2))),
            _ => None,
        };
        facts.insert("bmi".into(), json!(bmi));
        Value::Object(facts)
    }

    /// One answer as the rules read it.
    fn fact_value(
        &self,
        question: &QuestionDefinition,
        question_type: QuestionType,
        value: &str,
        metric: Option<f64>,
        today: NaiveDate,
    ) -> Value {
        let yes_no = question.options.len() == 2
            && question
                .options
                .iter()
                .all(|o| o.value == "Yes" || o.value == "No");
        let option = |id: &str| self.options.get(id).map(|o| json!(o));
        match question_type {
            QuestionType::OptionGroup if yes_no => json!(value == "Yes"),
            QuestionType::OptionGroup => json!(value),
            QuestionType::OptionList if !question.multiple => json!(value),
            QuestionType::OptionList => json!(values(value).collect::<Vec<_>>()),
            QuestionType::OptionBacked if question.multiple => {
                Value::Array(values(value).filter_map(option).collect())
            }
            QuestionType::OptionBacked => option(value).unwrap_or(Value::Null),
            QuestionType::Number | QuestionType::Integer | QuestionType::Earnings => {
                json!(value.replace(',', "").parse::<f64>().ok())
            }
            QuestionType::Date | QuestionType::PastDate | QuestionType::FutureDate => {
                json!(parse_iso_date(value).map(|d| round1((today - d).num_days() as f64 / 365.25)))
            }
            QuestionType::Height
            | QuestionType::WeightMale
            | QuestionType::WeightFemale
            | QuestionType::WaistSize => json!(metric.map(round1)),
            QuestionType::String => json!(value),
        }
    }
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// A question's words as the page shows them: an optional line is marked by the page from its
/// tag, so words that already say "(optional)" lose it rather than say it twice.
/// Who the questions are put to: the adviser asks about "the client"; a client answering
/// privately in the client portal is asked about themselves (`clientText` in interview.json).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wording {
    Adviser,
    Client,
}

fn shown_text(question: &QuestionDefinition, line: &LineDefinition, wording: Wording) -> String {
    let optional = line.tags.iter().any(|t| t == super::TAG_OPTIONAL);
    let text = match (wording, &question.client_text) {
        (Wording::Client, Some(client_text)) => client_text,
        _ => &question.text,
    };
    match text.strip_suffix(" (optional)") {
        Some(words) if optional => words.to_owned(),
        _ => text.clone(),
    }
}

/// Yes before No, as every other page of the portal asks it, whatever order the rulebook lists
/// them in (the values, and so the answers, are the same).
fn yes_first(options: &[OptionDefinition]) -> Vec<OptionDefinition> {
    let mut options = options.to_vec();
    if let [first, second] = options.as_slice()
        && first.value == "No"
        && second.value == "Yes"
    {
        options.swap(0, 1);
    }
    options
}

#[cfg(test)]
mod tests;

/// A question's asking words, without an instruction after them for the form ("Which conditions?"
/// of "Which conditions? Type a name, an everyday word or a code"): what a reason quotes.
pub fn asking_words(text: &str) -> &str {
    match text.find('?') {
        Some(end) if end + 1 < text.trim_end().len() => &text[..=end],
        _ => text,
    }
}

#[cfg(test)]
mod asking_words_tests {
    use super::asking_words;

    #[test]
    fn a_reason_quotes_the_question_not_the_forms_instruction() {
        assert_eq!(
            asking_words("Which conditions? Type a name, an everyday word or a code"),
            "Which conditions?"
        );
        assert_eq!(asking_words("Do you smoke?"), "Do you smoke?");
        assert_eq!(asking_words("Height"), "Height");
    }
}
