//! Money and percentages without floating-point drift: money is held in whole pence and
//! percentages in hundredths of a percent, so sums such as "allocations total exactly 100"
//! (§5) are exact. On the wire both are JSON numbers (pounds; percent).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::Add;
use utoipa::ToSchema;

/// An amount of money: in JSON, pounds to the penny (for example 250000 or 23.45); held in
/// pence. Never negative.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(u64);

// The schema gives the range; the precision (whole pence) is said in words, because
// `multipleOf: 0.01` is checked in floating point by common validators, which then refuse
// amounts such as 23.45 (docs/decisions.md OA3).
impl utoipa::PartialSchema for Money {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        number_schema(
            "An amount of money in pounds, to the penny (at most two decimal places), for \
             example 250000 or 23.45. Never negative; at most 1,000,000,000.",
            MONEY_MAX_PENCE as f64 / 100.0,
            250000.0,
        )
    }
}

impl ToSchema for Money {}

fn number_schema(
    description: &str,
    maximum: f64,
    example: f64,
) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
    ObjectBuilder::new()
        .schema_type(Type::Number)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Double)))
        .minimum(Some(0.0))
        .maximum(Some(maximum))
        .description(Some(description))
        .examples([serde_json::json!(example)])
        .into()
}

/// Largest amount the portal accepts (£1 billion): far above any cover limit, far below
/// where pence would lose precision as a JSON number.
pub const MONEY_MAX_PENCE: u64 = 100_000_000_000;

impl Money {
    pub const ZERO: Money = Money(0);

    pub fn from_pence(pence: u64) -> Option<Self> {
        (pence <= MONEY_MAX_PENCE).then_some(Money(pence))
    }

    pub fn from_pounds(pounds: u64) -> Option<Self> {
        pounds.checked_mul(100).and_then(Self::from_pence)
    }

    /// Reads pounds as a JSON number would carry them: at most two decimal places, not
    /// negative, not above [`MONEY_MAX_PENCE`].
    pub fn parse_pounds(pounds: f64) -> Option<Self> {
        if !pounds.is_finite() || pounds < 0.0 {
            return None;
        }
        let pence = (pounds * 100.0).round();
        if pence > MONEY_MAX_PENCE as f64 || !is_whole_hundredths(pounds, pence) {
            return None;
        }
        Some(Money(pence as u64))
    }

    /// Reads text such as "250000", "250,000", "£1,250.50".
    pub fn parse_text(text: &str) -> Option<Self> {
        let cleaned: String = text
            .trim()
            .trim_start_matches('£')
            .chars()
            .filter(|c| *c != ',')
            .collect();
        let (whole, fraction) = match cleaned.split_once('.') {
            Some((w, f)) => (w, f),
            None => (cleaned.as_str(), ""),
        };
        let digits_ok = !whole.is_empty()
            && whole.bytes().all(|b| b.is_ascii_digit())
            && fraction.len() <= 2
            && fraction.bytes().all(|b| b.is_ascii_digit());
        if !digits_ok {
            return None;
        }
        let pounds: u64 = whole.parse().ok()?;
        let pence: u64 = format!("{fraction:0<2}").parse().ok()?;
        pounds
            .checked_mul(100)?
            .checked_add(pence)
            .and_then(Self::from_pence)
    }

    pub fn pence(self) -> u64 {
        self.0
    }

    pub fn pounds(self) -> f64 {
        self.0 as f64 / 100.0
    }

    // §9 "Money in pounds with no decimals".
    /// Whole pounds, rounding half a pound up, as money is displayed.
    pub(crate) fn rounded_pounds(self) -> u64 {
        (self.0 + 50) / 100
    }
}

impl Add for Money {
    type Output = Money;
    /// Saturates at [`MONEY_MAX_PENCE`], far above any real total.
    fn add(self, other: Money) -> Money {
        Money((self.0 + other.0).min(MONEY_MAX_PENCE))
    }
}

impl std::iter::Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, Add::add)
    }
}

impl Serialize for Money {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0.is_multiple_of(100) {
            serializer.serialize_u64(self.0 / 100)
        } else {
            serializer.serialize_f64(self.pounds())
        }
    }
}

impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let pounds = f64::deserialize(deserializer)?;
        Money::parse_pounds(pounds).ok_or_else(|| {
            serde::de::Error::custom(
                "an amount in pounds, not negative, with at most two decimal places",
            )
        })
    }
}

impl fmt::Display for Money {
    /// "£1,250.50": pounds with thousands separators and pence (see `formats` for display
    /// without pence).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "£{}.{:02}", group_thousands(self.0 / 100), self.0 % 100)
    }
}

/// Whether `value` has at most two decimal places, given `hundredths = round(value * 100)`.
/// The comparison allows one unit in the last place of `value`, so 999999999.99 (which a
/// double cannot hold exactly) passes while a real third decimal place, such as 10.005, fails.
fn is_whole_hundredths(value: f64, hundredths: f64) -> bool {
    (hundredths / 100.0 - value).abs() <= f64::EPSILON * value.abs().max(1.0)
}

/// "1234567" → "1,234,567".
pub(crate) fn group_thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A percentage from 0 to 100, in hundredths of a percent (99.99 % is 9999).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Percentage(u32);

impl utoipa::PartialSchema for Percentage {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        number_schema(
            "A percentage from 0 to 100, to two decimal places (for example 50 or 33.33).",
            100.0,
            50.0,
        )
    }
}

impl ToSchema for Percentage {}

impl Percentage {
    pub const ZERO: Percentage = Percentage(0);
    pub(crate) const HUNDRED: Percentage = Percentage(10_000);

    pub fn from_hundredths(hundredths: u32) -> Option<Self> {
        (hundredths <= 10_000).then_some(Percentage(hundredths))
    }

    pub fn whole(percent: u32) -> Option<Self> {
        percent.checked_mul(100).and_then(Self::from_hundredths)
    }

    /// Reads a percentage from 0 to 100 with at most two decimal places.
    pub fn parse(percent: f64) -> Option<Self> {
        if !percent.is_finite() || !(0.0..=100.0).contains(&percent) {
            return None;
        }
        let hundredths = (percent * 100.0).round();
        if !is_whole_hundredths(percent, hundredths) {
            return None;
        }
        Self::from_hundredths(hundredths as u32)
    }

    pub fn hundredths(self) -> u32 {
        self.0
    }

    pub fn value(self) -> f64 {
        f64::from(self.0) / 100.0
    }

    // §6 hybrid commission.
    /// Strictly between 0 and 100.
    pub(crate) fn is_partial(self) -> bool {
        self.0 > 0 && self.0 < 10_000
    }
}

/// Sum of percentages in hundredths, which may exceed 100 % (allocations that over-allocate).
pub(crate) fn total_hundredths(percentages: impl IntoIterator<Item = Percentage>) -> u64 {
    percentages.into_iter().map(|p| u64::from(p.0)).sum()
}

impl Serialize for Percentage {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0.is_multiple_of(100) {
            serializer.serialize_u32(self.0 / 100)
        } else {
            serializer.serialize_f64(self.value())
        }
    }
}

impl<'de> Deserialize<'de> for Percentage {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let percent = f64::deserialize(deserializer)?;
        Percentage::parse(percent).ok_or_else(|| {
            serde::de::Error::custom("a percentage from 0 to 100 with at most two decimal places")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pounds_with_more_than_two_decimals_or_negative_are_refused() {
        assert_eq!(Money::parse_pounds(1250.5).map(Money::pence), Some(125_050));
        assert_eq!(Money::parse_pounds(0.1 + 0.2).map(Money::pence), Some(30));
        // A sum a browser computed, one unit in the last place above £3.30, is still £3.30.
        assert_eq!(Money::parse_pounds(1.1 + 2.2).map(Money::pence), Some(330));
        assert_eq!(
            Money::parse_pounds(100.1 + 200.2).map(Money::pence),
            Some(30_030)
        );
        assert_eq!(
            Money::parse_pounds(999_999_999.99).map(Money::pence),
            Some(99_999_999_999)
        );
        for bad in [-0.01, 10.005, f64::NAN, f64::INFINITY, 1e12] {
            assert_eq!(Money::parse_pounds(bad), None, "{bad}");
        }
    }

    #[test]
    fn money_text_accepts_pounds_signs_and_commas() {
        assert_eq!(
            Money::parse_text("£1,250.5").map(Money::pence),
            Some(125_050)
        );
        assert_eq!(
            Money::parse_text(" 250000 ").map(Money::pence),
            Some(25_000_000)
        );
        for bad in ["", "£", "1.234", "-5", "1e3", "12a", ".5", "1,2.3.4"] {
            assert_eq!(Money::parse_text(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn money_is_shown_with_thousands_separators() {
        assert_eq!(
            Money::from_pence(123_456_789).unwrap().to_string(),
            "£1,234,567.89"
        );
        assert_eq!(Money::from_pounds(0).unwrap().to_string(), "£0.00");
        assert_eq!(group_thousands(1000), "1,000");
        assert_eq!(group_thousands(999), "999");
    }

    #[test]
    fn whole_pounds_round_half_up() {
        assert_eq!(Money::from_pence(12_349).unwrap().rounded_pounds(), 123);
        assert_eq!(Money::from_pence(12_350).unwrap().rounded_pounds(), 124);
    }

    #[test]
    fn percentages_stop_at_one_hundred_and_two_decimals() {
        assert_eq!(
            Percentage::parse(99.99).map(Percentage::hundredths),
            Some(9_999)
        );
        assert_eq!(Percentage::parse(100.0), Some(Percentage::HUNDRED));
        for bad in [100.01, -0.01, 33.333, f64::NAN] {
            assert_eq!(Percentage::parse(bad), None, "{bad}");
        }
        assert!(!Percentage::ZERO.is_partial());
        assert!(Percentage::parse(0.01).unwrap().is_partial());
        assert!(Percentage::parse(99.99).unwrap().is_partial());
        assert!(!Percentage::HUNDRED.is_partial());
    }

    #[test]
    fn money_and_percentages_round_trip_as_json_numbers() {
        let money: Money = serde_json::from_str("1250.5").unwrap();
        assert_eq!(serde_json::to_string(&money).unwrap(), "1250.5");
        assert_eq!(
            serde_json::to_string(&Money::from_pounds(250_000).unwrap()).unwrap(),
            "250000"
        );
        let percent: Percentage = serde_json::from_str("33.33").unwrap();
        assert_eq!(serde_json::to_string(&percent).unwrap(), "33.33");
        assert!(serde_json::from_str::<Percentage>("101").is_err());
    }
}
