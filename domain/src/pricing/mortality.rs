//! The mortality tables (`product/pricing/elt15-*.csv`) and the yearly claim rates by age a
//! basis builds from them for each sex: death, critical illness diagnosis and the start of
//! incapacity, each a multiple of the death rate that may change with age.

use serde::Deserialize;

/// The mortality tables give a rate at every age up to this one: the oldest a cover may run to
/// (the catalogue's limit on every expiry age).
pub(crate) const OLDEST_TABLE_AGE: u32 = crate::catalogue::OLDEST_EXPIRY_AGE;
/// Population tables show an "accident hump" in young adults; from this age the rate used is
/// never lower than at any younger adult age (see SOURCES.md).
const SMOOTH_FROM_AGE: u32 = 18;

/// `q_x` by exact age 0 to [`OLDEST_TABLE_AGE`], as probabilities.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct MortalityTable {
    rates: Vec<f64>,
}

impl MortalityTable {
    /// Reads a CSV of `age,qx_per_1000` rows for every age from 0 to 100 in order.
    pub(crate) fn parse_csv(text: &str) -> Result<Self, String> {
        #[derive(serde::Deserialize)]
        struct Row {
            age: usize,
            qx_per_1000: f64,
        }
        let mut reader = csv::ReaderBuilder::new()
            .trim(csv::Trim::All)
            .from_reader(text.as_bytes());
        let header = reader.headers().map_err(|e| e.to_string())?;
        if header.iter().ne(["age", "qx_per_1000"]) {
            return Err(format!(
                "the header must be age,qx_per_1000, not {:?}",
                header.iter().collect::<Vec<_>>().join(",")
            ));
        }
        let mut rates = Vec::new();
        for (expected_age, row) in reader.deserialize::<Row>().enumerate() {
            let Row { age, qx_per_1000 } =
                row.map_err(|e| format!("the row of age {expected_age}: {e}"))?;
            if age != expected_age {
                return Err(format!(
                    "age {age} is out of order; expected {expected_age}"
                ));
            }
            if !(qx_per_1000 > 0.0 && qx_per_1000 < 1000.0) {
                return Err(format!(
                    "rate at age {age} must be above 0 and below 1000 per thousand"
                ));
            }
            rates.push(qx_per_1000 / 1000.0);
        }
        if rates.len() != OLDEST_TABLE_AGE as usize + 1 {
            return Err(format!(
                "the table must give every age from 0 to {OLDEST_TABLE_AGE}; it stops at {}",
                rates.len().saturating_sub(1)
            ));
        }
        Ok(Self {
            rates: never_falling_from_adulthood(rates),
        })
    }

    pub(super) fn rate(&self, age: u32) -> f64 {
        self.rates[age.min(OLDEST_TABLE_AGE) as usize]
    }
}

/// A multiple at an age; between the given ages it is interpolated ([`multiple_at`]).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct AgePoint {
    age: u32,
    multiple: f64,
}

/// Yearly rates by age for one sex, before the smoker factor: death (with the basis's
/// multiple), critical illness diagnosis and the start of incapacity. From age 18 none of them
/// is ever lower than at a younger adult age, so an older client never pays less for the same
/// cover because a table or a multiple dips.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct ClaimRates {
    pub(super) death: Vec<f64>,
    pub(super) illness: Vec<f64>,
    pub(super) incapacity: Vec<f64>,
}

impl ClaimRates {
    /// From a sex's table: death at `mortality_multiple` times the table, critical illness and
    /// incapacity at their multiples of that by age.
    pub(super) fn new(
        table: &MortalityTable,
        mortality_multiple: f64,
        illness_multiples: &[AgePoint],
        incapacity_multiples: &[AgePoint],
    ) -> Self {
        let ages = 0..=OLDEST_TABLE_AGE;
        let death: Vec<f64> = ages
            .clone()
            .map(|age| table.rate(age) * mortality_multiple)
            .collect();
        let scaled = |points: &[AgePoint]| {
            let rates: Vec<f64> = ages
                .clone()
                .map(|age| death[age as usize] * multiple_at(points, age))
                .collect();
            never_falling_from_adulthood(rates)
        };
        Self {
            illness: scaled(illness_multiples),
            incapacity: scaled(incapacity_multiples),
            death,
        }
    }
}

/// From [`SMOOTH_FROM_AGE`] on, each rate is the highest at that age or any younger adult age.
fn never_falling_from_adulthood(mut rates: Vec<f64>) -> Vec<f64> {
    let mut highest = 0.0_f64;
    for (age, rate) in rates.iter_mut().enumerate() {
        if age as u32 >= SMOOTH_FROM_AGE {
            highest = highest.max(*rate);
            *rate = highest;
        }
    }
    rates
}

/// The multiple at `age`: linear between the given ages, flat before the first and after the
/// last, so no rate jumps at a birthday.
fn multiple_at(points: &[AgePoint], age: u32) -> f64 {
    let after = points.iter().position(|p| p.age > age);
    match after {
        Some(0) => points[0].multiple,
        None => points.last().map_or(1.0, |p| p.multiple),
        Some(i) => {
            let (a, b) = (&points[i - 1], &points[i]);
            let share = f64::from(age - a.age) / f64::from(b.age - a.age);
            a.multiple + (b.multiple - a.multiple) * share
        }
    }
}

/// Refuses an empty list, ages out of order, or a multiple that is not above 0.
pub(super) fn check_points(name: &str, points: &[AgePoint]) -> Result<(), String> {
    if points.is_empty() {
        return Err(format!("{name} needs at least one age"));
    }
    if points.windows(2).any(|w| w[0].age >= w[1].age) {
        return Err(format!("{name} must be in increasing age order"));
    }
    if points
        .iter()
        .any(|p| !(p.multiple > 0.0 && p.multiple.is_finite()))
    {
        return Err(format!("{name}: every multiple must be above 0"));
    }
    Ok(())
}
