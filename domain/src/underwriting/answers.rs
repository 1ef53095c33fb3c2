//! Whether one answer fits its question (§3 question types, §5 "Measurements" and "Dates").
//! The messages name what is wrong in the adviser's terms; the caller names the question.
//!
//! How values are written: dates `YYYY-MM-DD`; several choices joined by `|`; a measurement
//! as typed, in the units its units question chose (metric unless answered imperial), with the
//! two boxes of a feet-and-inches or stones-and-pounds entry separated by a space (`5 10`).

use super::QuestionType;
use super::interview::{DEFAULT_MAX_LENGTH, QuestionDefinition};
use crate::dates::parse_iso_date;
use crate::measurements::{Measurement, UnitSystem, is_integer_input};
use chrono::NaiveDate;

/// Separates the values of a question that takes several.
pub(crate) const VALUE_SEPARATOR: char = '|';

/// What an answer is judged against besides its question.
pub struct AnswerContext<'a> {
    pub today: NaiveDate,
    /// The answer to the question's units question, if it has one.
    pub units: Option<&'a str>,
    /// Whether a backed list holds `value` (the API resolves it before the answer is sent).
    pub is_known_option: &'a dyn Fn(&str) -> bool,
}

/// The values of an answer that may hold several.
pub fn values(value: &str) -> impl Iterator<Item = &str> {
    value
        .split(VALUE_SEPARATOR)
        .map(str::trim)
        .filter(|v| !v.is_empty())
}

/// The units system a measurement is typed in.
pub(crate) fn unit_system(units: Option<&str>) -> UnitSystem {
    units
        .and_then(UnitSystem::parse)
        .unwrap_or(UnitSystem::Metric)
}

/// The measurement a question type asks for.
pub fn measurement(question_type: QuestionType) -> Option<Measurement> {
    match question_type {
        QuestionType::Height => Some(Measurement::Height),
        QuestionType::WeightMale => Some(Measurement::WeightMale),
        QuestionType::WeightFemale => Some(Measurement::WeightFemale),
        QuestionType::WaistSize => Some(Measurement::WaistSize),
        _ => None,
    }
}

/// A measurement answer in centimetres or kilograms, if it reads and is in range.
pub(crate) fn measurement_value(
    question_type: QuestionType,
    value: &str,
    units: Option<&str>,
) -> Result<f64, String> {
    let measurement = measurement(question_type).ok_or("not a measurement")?;
    let mut boxes = value.split_whitespace();
    let major = boxes.next().unwrap_or("");
    let minor = boxes.next().unwrap_or("");
    if boxes.next().is_some() {
        return Err(measurement.range_message(unit_system(units)));
    }
    measurement
        .check(unit_system(units), major, minor)
        .map_err(|e| e.to_string())
}

/// Checks `value` (already trimmed, not empty) against `question`.
pub fn check(
    question: &QuestionDefinition,
    value: &str,
    ctx: &AnswerContext,
) -> Result<(), String> {
    let in_range = |number: f64, what: &str| -> Result<(), String> {
        let below = question.min.is_some_and(|min| number < min);
        let above = question.max.is_some_and(|max| number > max);
        if below || above {
            Err(range_message(question, what))
        } else {
            Ok(())
        }
    };
    match question.question_type {
        QuestionType::String => {
            let limit = question.max_length.unwrap_or(DEFAULT_MAX_LENGTH);
            if value.chars().count() > limit {
                return Err(format!("Please use at most {limit} characters"));
            }
            Ok(())
        }
        QuestionType::Date | QuestionType::PastDate | QuestionType::FutureDate => {
            let date = parse_iso_date(value).ok_or("Please enter a valid date")?;
            match question.question_type {
                QuestionType::PastDate if date > ctx.today => {
                    Err("The date cannot be in the future".into())
                }
                QuestionType::FutureDate if date < ctx.today => {
                    Err("The date cannot be in the past".into())
                }
                _ => Ok(()),
            }
        }
        QuestionType::OptionGroup | QuestionType::OptionList => {
            let chosen: Vec<&str> = values(value).collect();
            if chosen.len() > 1 && !question.multiple {
                return Err("Please choose one option".into());
            }
            for choice in &chosen {
                if !question.options.iter().any(|o| o.value == *choice) {
                    return Err(format!("{choice} is not one of the options"));
                }
            }
            if has_duplicates(&chosen) {
                return Err("An option is chosen twice".into());
            }
            Ok(())
        }
        QuestionType::OptionBacked => {
            let chosen: Vec<&str> = values(value).collect();
            if chosen.len() > 1 && !question.multiple {
                return Err("Please choose one option".into());
            }
            for choice in &chosen {
                if !(ctx.is_known_option)(choice) {
                    return Err(format!(
                        "{choice} is not in the list; please choose from it"
                    ));
                }
            }
            if has_duplicates(&chosen) {
                return Err("An option is chosen twice".into());
            }
            Ok(())
        }
        QuestionType::Number => {
            let number = parse_decimal(value).ok_or("Please enter a number")?;
            in_range(number, "number")
        }
        QuestionType::Integer => {
            if !is_integer_input(value) {
                return Err("Please enter a whole number".into());
            }
            let number: i64 = value.parse().map_err(|_| "Please enter a whole number")?;
            in_range(number as f64, "number")
        }
        QuestionType::Earnings => {
            let digits: String = value.chars().filter(|c| *c != ',').collect();
            if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
                return Err("Please enter earnings in whole pounds".into());
            }
            let pounds: f64 = digits
                .parse()
                .map_err(|_| "Please enter earnings in whole pounds")?;
            in_range(pounds, "amount")
        }
        QuestionType::Height
        | QuestionType::WeightMale
        | QuestionType::WeightFemale
        | QuestionType::WaistSize => {
            measurement_value(question.question_type, value, ctx.units).map(|_| ())
        }
    }
}

// §5 range message.
/// "Please enter a {label} between {lower} and {upper}", for a number question.
fn range_message(question: &QuestionDefinition, what: &str) -> String {
    let shown = |n: f64| {
        if n.fract() == 0.0 {
            format!("{n:.0}")
        } else {
            n.to_string()
        }
    };
    match (question.min, question.max) {
        (Some(min), Some(max)) => {
            format!(
                "Please enter a {what} between {} and {}",
                shown(min),
                shown(max)
            )
        }
        (Some(min), None) => format!("Please enter a {what} of at least {}", shown(min)),
        (None, Some(max)) => format!("Please enter a {what} of at most {}", shown(max)),
        (None, None) => format!("Please enter a {what}"),
    }
}

/// A plain decimal: digits with at most one point, an optional leading minus.
pub(crate) fn parse_decimal(text: &str) -> Option<f64> {
    let body = text.strip_prefix('-').unwrap_or(text);
    let ok = !body.is_empty()
        && body.chars().all(|c| c.is_ascii_digit() || c == '.')
        && body.chars().filter(|c| *c == '.').count() <= 1
        && body.chars().any(|c| c.is_ascii_digit());
    ok.then(|| text.parse().ok()).flatten()
}

fn has_duplicates(values: &[&str]) -> bool {
    values
        .iter()
        .enumerate()
        .any(|(i, v)| values[..i].contains(v))
}
