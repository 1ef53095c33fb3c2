//! Body measurements asked in the underwriting interview (§3 question types HEIGHT,
//! WEIGHT_MALE, WEIGHT_FEMALE and WAIST_SIZE, each with a units question HEIGHT_UNITS,
//! WEIGHT_UNITS or WAIST_UNITS answered imperial or metric), the conversions of §9 and the input
//! rules of §5 "Measurements".
//!
//! An answer is always judged in metric (centimetres or kilograms), whatever units the adviser
//! typed it in, so one range decides for both systems. The range message shows the bounds in
//! the adviser's units, rounded inwards, so a bound the message shows is always accepted
//! (docs/decisions.md J6 to J11).

use serde::{Deserialize, Serialize};

/// 2.54 cm per inch (exact by the international yard and pound agreement of 1959).
pub const CM_PER_INCH: f64 = 2.54;
/// 30.48 cm per foot (12 inches of 2.54 cm).
pub const CM_PER_FOOT: f64 = 30.48;
/// 6.35029318 kg per stone (14 pounds of 0.45359237 kg).
pub const KG_PER_STONE: f64 = 6.35029318;
/// 2.204623 lb per kg (the reciprocal of 0.45359237, to seven figures).
pub const LB_PER_KG: f64 = 2.204623;
/// 14 lb per stone.
pub const LB_PER_STONE: u32 = 14;
pub(crate) const INCHES_PER_FOOT: u32 = 12;
pub(crate) const CM_PER_METRE: u32 = 100;

// §3 unit questions.
/// The two answers to a units question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UnitSystem {
    Imperial,
    Metric,
}

impl UnitSystem {
    pub fn parse(code: &str) -> Option<Self> {
        match code {
            "imperial" => Some(UnitSystem::Imperial),
            "metric" => Some(UnitSystem::Metric),
            _ => None,
        }
    }
}

// §3 question types.
/// A measurement question. Weight is asked as two questions because the range differs between men
/// and women.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Measurement {
    Height,
    WeightMale,
    WeightFemale,
    WaistSize,
}

/// An inclusive range in whole centimetres (height, waist) or whole kilograms (weight).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MetricRange {
    pub min: u32,
    pub max: u32,
}

// §5 "Max input lengths".
/// One input box of a measurement or month-and-year question, for its maximum length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Field {
    Metre,
    Feet,
    Inch,
    Kilo,
    Stone,
    Pound,
    /// Waist in centimetres; the spec gives no length, so it takes the metric fields' 6.
    Centimetre,
    Month,
    Year,
}

impl Field {
    // §5 "metre 6, feet 1, inch 2, kilo 6, stone 2, pound 2; month 9, year 4".
    /// The box's maximum length (a month is typed as its name, and "September" has nine letters).
    pub fn max_length(self) -> usize {
        match self {
            Field::Metre | Field::Kilo | Field::Centimetre => 6,
            Field::Feet => 1,
            Field::Inch | Field::Stone | Field::Pound => 2,
            Field::Month => 9,
            Field::Year => 4,
        }
    }
}

// §5 "Numeric input allows digits".
/// Only ASCII digits, and empty while the box is cleared.
pub fn is_numeric_input(text: &str) -> bool {
    text.bytes().all(|b| b.is_ascii_digit())
}

/// Digits with at most one decimal point, for the metric boxes (metres, kilograms,
/// centimetres), where a whole-number-only box could not hold "1.75" (J8).
pub fn is_decimal_input(text: &str) -> bool {
    text.bytes().filter(|b| *b == b'.').count() <= 1
        && text.bytes().all(|b| b.is_ascii_digit() || b == b'.')
}

// §5 "Integer input permits an optional minus and empty".
/// `-?[0-9]*`, so "" and "-" are accepted while typing.
pub fn is_integer_input(text: &str) -> bool {
    is_numeric_input(text.strip_prefix('-').unwrap_or(text))
}

/// Largest imperial entry (inches or pounds) searched for a range's bounds.
const MAX_IMPERIAL_UNITS: u32 = 1_000;

/// A measurement as the adviser entered it, in the units they chose.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reading {
    Metres(f64),
    FeetInches { feet: u32, inches: u32 },
    Kilograms(f64),
    StonesPounds { stones: u32, pounds: u32 },
    Centimetres(f64),
    Inches(u32),
}

impl Reading {
    // §9 unit conversions.
    /// Centimetres for a length, kilograms for a weight.
    pub fn to_metric(self) -> f64 {
        match self {
            Reading::Metres(metres) => metres * f64::from(CM_PER_METRE),
            Reading::FeetInches { feet, inches } => feet_inches_to_cm(feet, inches),
            Reading::Kilograms(kg) | Reading::Centimetres(kg) => kg,
            Reading::StonesPounds { stones, pounds } => stones_pounds_to_kg(stones, pounds),
            Reading::Inches(inches) => inches_to_cm(f64::from(inches)),
        }
    }
}

// §5 range message.
/// Why an entry was not accepted: "Please enter a {label} between {lower} and {upper}" and, for an
/// empty answer, the same opening without the range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MeasurementError {
    #[error("Please enter a {label}")]
    Missing { label: &'static str },
    #[error("Please enter a {label} between {lower} and {upper}")]
    OutOfRange {
        label: &'static str,
        lower: String,
        upper: String,
    },
}

impl Measurement {
    pub const ALL: [Measurement; 4] = [
        Measurement::Height,
        Measurement::WeightMale,
        Measurement::WeightFemale,
        Measurement::WaistSize,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Measurement::Height => "HEIGHT",
            Measurement::WeightMale => "WEIGHT_MALE",
            Measurement::WeightFemale => "WEIGHT_FEMALE",
            Measurement::WaistSize => "WAIST_SIZE",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.code() == code)
    }

    /// The `{label}` of the range message.
    pub fn label(self) -> &'static str {
        match self {
            Measurement::Height => "height",
            Measurement::WeightMale | Measurement::WeightFemale => "weight",
            Measurement::WaistSize => "waist size",
        }
    }

    /// The accepted range (J6). Wide enough never to refuse a real adult client, narrow
    /// enough to catch a value typed in the wrong units (pounds in the kilograms box, or
    /// centimetres in the metres box).
    pub(crate) fn metric_range(self) -> MetricRange {
        match self {
            Measurement::Height => MetricRange { min: 120, max: 230 },
            Measurement::WeightMale => MetricRange { min: 40, max: 250 },
            Measurement::WeightFemale => MetricRange { min: 35, max: 230 },
            Measurement::WaistSize => MetricRange { min: 50, max: 200 },
        }
    }

    /// The input boxes, major unit first.
    pub fn fields(self, system: UnitSystem) -> &'static [Field] {
        match (self, system) {
            (Measurement::Height, UnitSystem::Metric) => &[Field::Metre],
            (Measurement::Height, UnitSystem::Imperial) => &[Field::Feet, Field::Inch],
            (Measurement::WeightMale | Measurement::WeightFemale, UnitSystem::Metric) => {
                &[Field::Kilo]
            }
            (Measurement::WeightMale | Measurement::WeightFemale, UnitSystem::Imperial) => {
                &[Field::Stone, Field::Pound]
            }
            (Measurement::WaistSize, UnitSystem::Metric) => &[Field::Centimetre],
            (Measurement::WaistSize, UnitSystem::Imperial) => &[Field::Inch],
        }
    }

    /// The lower and upper bound as the range message shows them in `system` (J7): metres to
    /// two places, whole kilograms and centimetres; imperial as "4 ft 0 in", "6 st 5 lb" or
    /// "20 in", being the smallest and largest whole-unit entries the range accepts.
    pub(crate) fn bounds_text(self, system: UnitSystem) -> (String, String) {
        let range = self.metric_range();
        match system {
            UnitSystem::Metric => (self.metric_text(range.min), self.metric_text(range.max)),
            UnitSystem::Imperial => {
                let (lower, upper) = self.imperial_bounds();
                (self.imperial_text(lower), self.imperial_text(upper))
            }
        }
    }

    // §5 range message.
    /// "Please enter a {label} between {lower} and {upper}", in the adviser's units.
    pub fn range_message(self, system: UnitSystem) -> String {
        self.out_of_range(system).to_string()
    }

    fn out_of_range(self, system: UnitSystem) -> MeasurementError {
        let (lower, upper) = self.bounds_text(system);
        MeasurementError::OutOfRange {
            label: self.label(),
            lower,
            upper,
        }
    }

    /// Reads what was typed: `major` is the metres, kilograms or centimetres box (metric) or
    /// the feet, stones or inches box (imperial); `minor` is the inches or pounds box of a
    /// two-box imperial entry and is ignored otherwise. A blank box of a pair counts as 0;
    /// both blank is [`MeasurementError::Missing`]. Anything unreadable, too long for its box,
    /// or 12 inches or 14 pounds and more in the minor box gets the range message (J9).
    pub fn read(
        self,
        system: UnitSystem,
        major: &str,
        minor: &str,
    ) -> Result<Reading, MeasurementError> {
        let fields = self.fields(system);
        let minor = if fields.len() == 2 { minor.trim() } else { "" };
        let major = major.trim();
        if major.is_empty() && minor.is_empty() {
            return Err(MeasurementError::Missing {
                label: self.label(),
            });
        }
        let invalid = || self.out_of_range(system);
        let reading = match (self, system) {
            (_, UnitSystem::Metric) => {
                let value = decimal(major, fields[0]).ok_or_else(invalid)?;
                match self {
                    Measurement::Height => Reading::Metres(value),
                    Measurement::WaistSize => Reading::Centimetres(value),
                    _ => Reading::Kilograms(value),
                }
            }
            (Measurement::WaistSize, UnitSystem::Imperial) => {
                Reading::Inches(whole(major, Field::Inch).ok_or_else(invalid)?)
            }
            (Measurement::Height, UnitSystem::Imperial) => Reading::FeetInches {
                feet: whole_or_zero(major, Field::Feet).ok_or_else(invalid)?,
                inches: whole_or_zero(minor, Field::Inch)
                    .filter(|i| *i < INCHES_PER_FOOT)
                    .ok_or_else(invalid)?,
            },
            (_, UnitSystem::Imperial) => Reading::StonesPounds {
                stones: whole_or_zero(major, Field::Stone).ok_or_else(invalid)?,
                pounds: whole_or_zero(minor, Field::Pound)
                    .filter(|p| *p < LB_PER_STONE)
                    .ok_or_else(invalid)?,
            },
        };
        Ok(reading)
    }

    /// Reads an entry and checks it against the range; the accepted value is in centimetres
    /// or kilograms.
    pub fn check(
        self,
        system: UnitSystem,
        major: &str,
        minor: &str,
    ) -> Result<f64, MeasurementError> {
        let metric = self.read(system, major, minor)?.to_metric();
        if self.accepts(metric) {
            Ok(metric)
        } else {
            Err(self.out_of_range(system))
        }
    }

    /// Whether a value in centimetres or kilograms is inside the range (bounds included).
    pub fn accepts(self, metric: f64) -> bool {
        let range = self.metric_range();
        metric >= f64::from(range.min) && metric <= f64::from(range.max)
    }

    /// A metric value shown in imperial to the nearest whole inch or pound, as the form shows
    /// it when the adviser switches units.
    pub fn to_imperial(self, metric: f64) -> Option<Reading> {
        match self {
            Measurement::Height => {
                cm_to_feet_inches(metric).map(|(feet, inches)| Reading::FeetInches { feet, inches })
            }
            Measurement::WaistSize => nearest_whole(cm_to_inches(metric)).map(Reading::Inches),
            Measurement::WeightMale | Measurement::WeightFemale => kg_to_stones_pounds(metric)
                .map(|(stones, pounds)| Reading::StonesPounds { stones, pounds }),
        }
    }

    /// The smallest and largest imperial entries, in whole inches or whole pounds, whose
    /// metric value is inside the range, so neither bound the message shows is refused.
    fn imperial_bounds(self) -> (u32, u32) {
        // Imperial entries convert to metric in step with their size, so the accepted ones
        // form one run: find its first and last member. Every range ends well below
        // `MAX_IMPERIAL_UNITS` (1,000 lb is 454 kg; 1,000 in is 25 m).
        let accepted = |units: u32| self.accepts(self.imperial_reading(units).to_metric());
        let lower = (0..=MAX_IMPERIAL_UNITS)
            .find(|units| accepted(*units))
            .unwrap_or(0);
        let upper = (lower..=MAX_IMPERIAL_UNITS)
            .take_while(|units| accepted(*units))
            .last()
            .unwrap_or(lower);
        (lower, upper)
    }

    /// Whole inches or whole pounds as this measurement's imperial reading.
    fn imperial_reading(self, units: u32) -> Reading {
        match self {
            Measurement::Height => Reading::FeetInches {
                feet: units / INCHES_PER_FOOT,
                inches: units % INCHES_PER_FOOT,
            },
            Measurement::WaistSize => Reading::Inches(units),
            Measurement::WeightMale | Measurement::WeightFemale => Reading::StonesPounds {
                stones: units / LB_PER_STONE,
                pounds: units % LB_PER_STONE,
            },
        }
    }

    fn imperial_text(self, units: u32) -> String {
        match self {
            Measurement::Height => format!(
                "{} ft {} in",
                units / INCHES_PER_FOOT,
                units % INCHES_PER_FOOT
            ),
            Measurement::WaistSize => format!("{units} in"),
            Measurement::WeightMale | Measurement::WeightFemale => {
                format!("{} st {} lb", units / LB_PER_STONE, units % LB_PER_STONE)
            }
        }
    }

    fn metric_text(self, whole: u32) -> String {
        match self {
            Measurement::Height => {
                format!("{}.{:02} m", whole / CM_PER_METRE, whole % CM_PER_METRE)
            }
            Measurement::WaistSize => format!("{whole} cm"),
            Measurement::WeightMale | Measurement::WeightFemale => format!("{whole} kg"),
        }
    }
}

/// A decimal box's value: digits with at most one point, at least one digit, within the
/// box's length.
fn decimal(text: &str, field: Field) -> Option<f64> {
    let ok = text.len() <= field.max_length()
        && is_decimal_input(text)
        && text.bytes().any(|b| b.is_ascii_digit());
    ok.then(|| text.parse().ok()).flatten()
}

fn whole(text: &str, field: Field) -> Option<u32> {
    // An empty box does not parse; a number too long for its box is out of range anyway, but
    // is refused here too, as the box would not have taken it.
    let ok = text.len() <= field.max_length() && is_numeric_input(text);
    ok.then(|| text.parse().ok()).flatten()
}

fn whole_or_zero(text: &str, field: Field) -> Option<u32> {
    if text.is_empty() {
        Some(0)
    } else {
        whole(text, field)
    }
}

/// Rounds half up to a whole number; `None` for a negative, non-finite or enormous value.
fn nearest_whole(value: f64) -> Option<u32> {
    let rounded = value.round();
    (value.is_finite() && value >= 0.0 && rounded <= f64::from(u32::MAX)).then_some(rounded as u32)
}

pub(crate) fn inches_to_cm(inches: f64) -> f64 {
    inches * CM_PER_INCH
}

pub(crate) fn cm_to_inches(cm: f64) -> f64 {
    cm / CM_PER_INCH
}

pub(crate) fn feet_inches_to_cm(feet: u32, inches: u32) -> f64 {
    f64::from(feet) * CM_PER_FOOT + f64::from(inches) * CM_PER_INCH
}

/// To the nearest whole inch, carried into feet ("6 ft 0 in", never "5 ft 12 in").
pub(crate) fn cm_to_feet_inches(cm: f64) -> Option<(u32, u32)> {
    nearest_whole(cm_to_inches(cm)).map(|i| (i / INCHES_PER_FOOT, i % INCHES_PER_FOOT))
}

pub(crate) fn kg_to_pounds(kg: f64) -> f64 {
    kg * LB_PER_KG
}

pub(crate) fn pounds_to_kg(pounds: f64) -> f64 {
    pounds / LB_PER_KG
}

// §9 unit conversions.
/// Stones by the kilograms-per-stone constant and the odd pounds by the pounds-per-kilogram
/// constant, exactly as given.
pub(crate) fn stones_pounds_to_kg(stones: u32, pounds: u32) -> f64 {
    f64::from(stones) * KG_PER_STONE + pounds_to_kg(f64::from(pounds))
}

/// To the nearest whole pound, carried into stones.
pub(crate) fn kg_to_stones_pounds(kg: f64) -> Option<(u32, u32)> {
    nearest_whole(kg_to_pounds(kg)).map(|lb| (lb / LB_PER_STONE, lb % LB_PER_STONE))
}

#[cfg(test)]
mod tests;
