//! The interview as the insurer defines it (`product/underwriting/interview.json`): sections of
//! enquiry lines, each line a group of questions asked together, asked only when its `when`
//! holds. Read and checked at start-up, so a rulebook with a misspelt tag or a follow-up that
//! can never be asked stops the process instead of reaching an adviser.

use super::{QuestionType, TAG_CLIENT_DETAILS};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashSet};
use utoipa::ToSchema;

/// The answer lists an `OPTION_BACKED` question can search.
pub(crate) const BACKED_LISTS: [&str; 2] = [BACKED_CONDITIONS, BACKED_OCCUPATIONS];
pub const BACKED_CONDITIONS: &str = "conditions";
pub const BACKED_OCCUPATIONS: &str = "occupations";

/// Longest free-text answer when a question sets no `maxLength`.
pub(crate) const DEFAULT_MAX_LENGTH: usize = 1000;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Interview {
    /// The rulebook's version, stored with every enquiry and outcome.
    pub version: String,
    pub branch: String,
    pub locale: String,
    pub sections: Vec<SectionDefinition>,
    pub limits: Limits,
}

/// Totals across rules that send a cover to an underwriter or decline it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    /// A total loading above this (percent) is referred to an underwriter.
    pub instant_loading_max: u32,
    /// A total loading above this (percent) means no terms are offered.
    pub decline_loading_above: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SectionDefinition {
    pub id: String,
    pub name: String,
    pub lines: Vec<LineDefinition>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LineDefinition {
    pub id: String,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<When>,
    pub questions: Vec<QuestionDefinition>,
}

/// When a line is asked: an earlier answer is one of `in`, a disclosed condition is of
/// `condition`'s category, or (`{"geneticTestDisclosure": true}`) the client's total life cover is
/// over the genetic test disclosure threshold (§9 £500,000, the ABI Code on Genetic Testing;
/// docs/decisions.md FC3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum When {
    Answer {
        tag: String,
        #[serde(rename = "in")]
        one_of: Vec<String>,
    },
    Condition {
        condition: String,
    },
    #[serde(rename_all = "camelCase")]
    GeneticTest {
        genetic_test_disclosure: bool,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuestionDefinition {
    pub tag: String,
    /// The question as the adviser asks it ("Has the client smoked…?").
    pub text: String,
    /// The question put to the client themselves, where `text` speaks of "the client": what the
    /// client portal shows when a client answers privately (issue 35). Without it, `text` is
    /// shown to both.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_text: Option<String>,
    #[serde(rename = "type")]
    pub question_type: QuestionType,
    /// The name the rules read the answer by; a question without one is not read by rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fact: Option<String>,
    #[serde(default)]
    pub options: Vec<OptionDefinition>,
    /// The list an `OPTION_BACKED` question searches (`conditions` or `occupations`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backed_by: Option<String>,
    /// Several values may be chosen (a list question, or the conditions).
    #[serde(default)]
    pub multiple: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_length: Option<usize>,
}

/// An option: a bare string is both value and label.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(from = "OptionText")]
pub struct OptionDefinition {
    pub value: String,
    pub label: String,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OptionText {
    Bare(String),
    Labelled { value: String, label: String },
}

impl From<OptionText> for OptionDefinition {
    fn from(text: OptionText) -> Self {
        match text {
            OptionText::Bare(value) => Self {
                label: value.clone(),
                value,
            },
            OptionText::Labelled { value, label } => Self { value, label },
        }
    }
}

impl Interview {
    /// Reads and checks `interview.json`. `categories` are the condition categories the
    /// dictionary uses; a follow-up line for any other category could never be asked.
    pub fn parse(text: &str, categories: &BTreeSet<String>) -> Result<Self, String> {
        let mut unknown = Vec::new();
        let mut json = serde_json::Deserializer::from_str(text);
        let interview: Interview = serde_ignored::deserialize(&mut json, |path| {
            let path = path.to_string();
            // Notes for the people who keep the file.
            if !path.ends_with("_about") {
                unknown.push(path);
            }
        })
        .map_err(|e| e.to_string())?;
        if let Some(path) = unknown.first() {
            return Err(format!("{path}: this field is not recognised"));
        }
        interview.check(categories)?;
        Ok(interview)
    }

    pub fn questions(
        &self,
    ) -> impl Iterator<Item = (&SectionDefinition, &LineDefinition, &QuestionDefinition)> {
        self.sections.iter().flat_map(|s| {
            s.lines
                .iter()
                .flat_map(move |l| l.questions.iter().map(move |q| (s, l, q)))
        })
    }

    // §1 Qi, §7 `ENQUIRY_TYPE` Pre-sale; docs/decisions.md QI2.
    /// The interview a quick indication asks: the client-details line and the lines tagged
    /// `QI_CLIENT` or `QI` (what the rules read), in the same sections and order. A full enquiry
    /// asks every line, so each answer given at Qi is an answer to the same question there.
    pub fn for_indication(&self) -> Interview {
        let asked = |line: &LineDefinition| {
            line.tags
                .iter()
                .any(|t| t == TAG_CLIENT_DETAILS || t == super::TAG_QI_CLIENT || t == super::TAG_QI)
        };
        let mut subset = self.clone();
        subset.sections = self
            .sections
            .iter()
            .map(|section| SectionDefinition {
                lines: section.lines.iter().filter(|l| asked(l)).cloned().collect(),
                ..section.clone()
            })
            .filter(|section| !section.lines.is_empty())
            .collect();
        subset
    }

    pub fn question(&self, tag: &str) -> Option<&QuestionDefinition> {
        self.questions().map(|(_, _, q)| q).find(|q| q.tag == tag)
    }

    /// The line a question belongs to.
    pub(crate) fn line_of(&self, tag: &str) -> Option<&LineDefinition> {
        self.questions()
            .find(|(_, _, q)| q.tag == tag)
            .map(|(_, l, _)| l)
    }

    fn check(&self, categories: &BTreeSet<String>) -> Result<(), String> {
        if self.version.trim().is_empty() {
            return Err("version: must not be empty".into());
        }
        if self.sections.is_empty() {
            return Err("sections: at least one section is needed".into());
        }
        if self.limits.instant_loading_max > self.limits.decline_loading_above {
            return Err("limits: instantLoadingMax must not exceed declineLoadingAbove".into());
        }
        let mut tags = HashSet::new();
        let mut lines = HashSet::new();
        for (_, line, question) in self.questions() {
            let at = format!("question {}", question.tag);
            if !tags.insert(question.tag.as_str()) {
                return Err(format!("{at}: the tag is used twice"));
            }
            let _ = lines.insert(line.id.as_str());
            let options_needed = matches!(
                question.question_type,
                QuestionType::OptionGroup | QuestionType::OptionList
            );
            if options_needed && question.options.is_empty() {
                return Err(format!("{at}: an option question needs options"));
            }
            if question.question_type == QuestionType::OptionBacked {
                match question.backed_by.as_deref() {
                    Some(list) if BACKED_LISTS.contains(&list) => {}
                    other => {
                        return Err(format!(
                            "{at}: backedBy must be one of {BACKED_LISTS:?}, not {other:?}"
                        ));
                    }
                }
            }
            if let (Some(min), Some(max)) = (question.min, question.max)
                && min > max
            {
                return Err(format!("{at}: min is above max"));
            }
        }
        // A line's condition may only look at questions asked before it.
        let mut asked = HashSet::new();
        for section in &self.sections {
            for line in &section.lines {
                match &line.when {
                    Some(When::Answer { tag, one_of }) => {
                        if !asked.contains(tag.as_str()) {
                            return Err(format!(
                                "line {}: 'when' looks at {tag}, which is not asked before it",
                                line.id
                            ));
                        }
                        if one_of.is_empty() {
                            return Err(format!("line {}: 'when' lists no answers", line.id));
                        }
                    }
                    Some(When::Condition { condition }) if !categories.contains(condition) => {
                        return Err(format!(
                            "line {}: no condition in the dictionary is of category {condition}",
                            line.id
                        ));
                    }
                    Some(When::GeneticTest {
                        genetic_test_disclosure: false,
                    }) => {
                        return Err(format!(
                            "line {}: 'geneticTestDisclosure' can only be true",
                            line.id
                        ));
                    }
                    Some(When::Condition { .. } | When::GeneticTest { .. }) | None => {}
                }
                for question in &line.questions {
                    let _ = asked.insert(question.tag.as_str());
                }
            }
        }
        for tag in ["GENDER", "BIRTHDATE", "SMOKING_GFS"] {
            let in_client_details = self
                .line_of(tag)
                .is_some_and(|l| l.tags.iter().any(|t| t == TAG_CLIENT_DETAILS));
            if !in_client_details {
                return Err(format!(
                    "question {tag}: must be asked in a line tagged {TAG_CLIENT_DETAILS} (§5 underwriting mapping)"
                ));
            }
        }
        Ok(())
    }
}
