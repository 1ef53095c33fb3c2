//! UK modulus checking: whether an account number can belong to a sort code, by Vocalink's
//! "Validating account numbers" specification (MOD10, MOD11 and double alternate, with
//! exceptions 1 to 14). The weight table and the sort-code substitution table are data
//! (`product/modulus/`), read by [`ModulusTables::parse`], so a newer table needs no code change.
//!
//! A check says only that the digits are consistent; it does not say the account exists. A
//! sort code the table does not list cannot be checked, and the outcome says so rather than
//! claiming the account was verified.

use crate::bank_details::{AccountNumber, SortCode};
use serde::{Deserialize, Serialize};

/// What the modulus check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ModulusOutcome {
    /// Every check the table asks for passed.
    Passed,
    /// The account number cannot belong to the sort code.
    Failed,
    /// The table lists no check for the sort code: the specification presumes such accounts
    /// valid, but nothing was checked.
    NotCheckable,
    /// Exception 6: a foreign-currency account, which the checks cannot be used for.
    ForeignCurrency,
}

impl ModulusOutcome {
    /// Whether the account may be used (the specification's "valid").
    pub fn is_valid(self) -> bool {
        self != Self::Failed
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Method {
    Mod10,
    Mod11,
    DoubleAlternate,
}

/// One row of the weight table: a sort-code range, a method, the weights of the 14 digits
/// `u v w x y z a b c d e f g h` (sort code then account number), and an exception.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Row {
    from: u32,
    to: u32,
    method: Method,
    weights: [i32; 14],
    exception: Option<u8>,
}

/// The weight table and the substitution table of exception 5.
#[derive(Debug, Clone, Default)]
pub struct ModulusTables {
    rows: Vec<Row>,
    substitutes: Vec<(u32, u32)>,
}

/// Digit positions in the 14-digit number.
const A: usize = 6;
const B: usize = 7;
const C: usize = 8;
const G: usize = 12;
const H: usize = 13;

/// Exception 2's weights when `a` is not 0 and `g` is not 9, and when `g` is 9.
const EXCEPTION_2_WEIGHTS: [i32; 14] = [0, 0, 1, 2, 5, 3, 6, 4, 8, 7, 10, 9, 3, 1];
const EXCEPTION_2_G9_WEIGHTS: [i32; 14] = [0, 0, 0, 0, 0, 0, 0, 0, 8, 7, 10, 9, 3, 1];
/// Exception 8's and exception 9's sort codes.
const EXCEPTION_8_SORT_CODE: u32 = 90126;
const EXCEPTION_9_SORT_CODE: u32 = 309634;

fn sort_code_number(text: &str, line: usize) -> Result<u32, String> {
    if text.len() != 6 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "line {line}: {text:?} is not a six-digit sort code"
        ));
    }
    text.parse()
        .map_err(|_| format!("line {line}: {text:?} is not a sort code"))
}

impl ModulusTables {
    /// Reads the weight table (`valacdos`) and the substitution table (`scsubtab`), naming the
    /// line of anything it cannot read.
    pub fn parse(weight_table: &str, substitution_table: &str) -> Result<Self, String> {
        let mut rows = Vec::new();
        for (i, text) in weight_table.lines().enumerate() {
            let line = i + 1;
            let fields: Vec<&str> = text.split_whitespace().collect();
            if fields.is_empty() {
                continue;
            }
            if !(17..=18).contains(&fields.len()) {
                return Err(format!(
                    "weight table line {line}: expected a range, a method, 14 weights and an optional exception, found {} fields",
                    fields.len()
                ));
            }
            let from = sort_code_number(fields[0], line)?;
            let to = sort_code_number(fields[1], line)?;
            if to < from {
                return Err(format!(
                    "weight table line {line}: the range ends before it starts"
                ));
            }
            let method = match fields[2] {
                "MOD10" => Method::Mod10,
                "MOD11" => Method::Mod11,
                "DBLAL" => Method::DoubleAlternate,
                other => {
                    return Err(format!(
                        "weight table line {line}: unknown method {other:?}"
                    ));
                }
            };
            let mut weights = [0; 14];
            for (weight, field) in weights.iter_mut().zip(&fields[3..17]) {
                *weight = field
                    .parse()
                    .map_err(|_| format!("weight table line {line}: {field:?} is not a weight"))?;
            }
            let exception = match fields.get(17) {
                None => None,
                Some(field) => match field.parse::<u8>() {
                    Ok(n @ 1..=14) => Some(n),
                    _ => {
                        return Err(format!(
                            "weight table line {line}: {field:?} is not an exception from 1 to 14"
                        ));
                    }
                },
            };
            rows.push(Row {
                from,
                to,
                method,
                weights,
                exception,
            });
        }
        if rows.is_empty() {
            return Err("the weight table has no rows".into());
        }
        let mut substitutes = Vec::new();
        for (i, text) in substitution_table.lines().enumerate() {
            let fields: Vec<&str> = text.split_whitespace().collect();
            match fields.as_slice() {
                [] => {}
                [original, substitute] => substitutes.push((
                    sort_code_number(original, i + 1)?,
                    sort_code_number(substitute, i + 1)?,
                )),
                _ => {
                    return Err(format!(
                        "substitution table line {}: expected an original and a substitute sort code",
                        i + 1
                    ));
                }
            }
        }
        Ok(Self { rows, substitutes })
    }

    /// How many ranges the weight table has.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Checks `account` against `sort_code`.
    pub fn check(&self, sort_code: &SortCode, account: &AccountNumber) -> ModulusOutcome {
        self.check_digits(sort_code.digits(), account.digits())
    }

    /// Checks a six-digit sort code and an eight-digit account number; anything else fails.
    pub(crate) fn check_digits(&self, sort_code: &str, account: &str) -> ModulusOutcome {
        let Some(number) = digits(sort_code, account) else {
            return ModulusOutcome::Failed;
        };
        let code: u32 = sort_code.parse().unwrap_or_default();
        // The first two rows for the sort code, in table order (step 4).
        let rows: Vec<&Row> = self
            .rows
            .iter()
            .filter(|row| (row.from..=row.to).contains(&code))
            .take(2)
            .collect();
        let Some(first) = rows.first() else {
            return ModulusOutcome::NotCheckable;
        };
        if rows.iter().any(|row| row.exception == Some(6))
            && (4..=8).contains(&number[A])
            && number[G] == number[H]
        {
            return ModulusOutcome::ForeignCurrency;
        }
        let passed = match (first.exception, rows.get(1)) {
            (_, None) => self.passes(first, number),
            // Exception 2 and 9: a sterling account passes the first; a euro account quoted
            // with its sterling sort code passes the second at Lloyds' euro sort code.
            (Some(2), Some(second)) => {
                self.passes(first, number)
                    || self.passes(second, with_sort_code(number, EXCEPTION_9_SORT_CODE))
            }
            // Exceptions 10 and 11, and 12 and 13: either check passing is enough.
            (Some(10 | 12), Some(second)) => {
                self.passes(first, number) || self.passes(second, number)
            }
            (_, Some(second)) => {
                self.passes(first, number)
                    && (second.exception == Some(3) && matches!(number[C], 6 | 9)
                        || self.passes(second, number))
            }
        };
        if passed {
            ModulusOutcome::Passed
        } else {
            ModulusOutcome::Failed
        }
    }

    fn passes(&self, row: &Row, mut number: [i32; 14]) -> bool {
        let mut weights = row.weights;
        match row.exception {
            Some(2) if number[A] != 0 => {
                weights = if number[G] == 9 {
                    EXCEPTION_2_G9_WEIGHTS
                } else {
                    EXCEPTION_2_WEIGHTS
                };
            }
            Some(5) => {
                let code = sort_code_of(&number);
                if let Some(&(_, substitute)) = self
                    .substitutes
                    .iter()
                    .find(|(original, _)| *original == code)
                {
                    number = with_sort_code(number, substitute);
                }
            }
            Some(7) if number[G] == 9 => weights[..8].fill(0),
            Some(8) => number = with_sort_code(number, EXCEPTION_8_SORT_CODE),
            Some(10) if matches!((number[A], number[B]), (0, 9) | (9, 9)) && number[G] == 9 => {
                weights[..8].fill(0);
            }
            _ => {}
        }
        let total = weighted_total(row.method, &number, &weights)
            + if row.exception == Some(1) { 27 } else { 0 };
        match (row.method, row.exception) {
            (Method::Mod11, Some(4)) => total % 11 == number[G] * 10 + number[H],
            (Method::Mod11, Some(5)) => match total % 11 {
                0 => number[G] == 0,
                1 => false,
                remainder => 11 - remainder == number[G],
            },
            (Method::DoubleAlternate, Some(5)) => match total % 10 {
                0 => number[H] == 0,
                remainder => 10 - remainder == number[H],
            },
            (Method::Mod11, Some(14)) if total % 11 != 0 => {
                // Exception 14: a Coutts account whose last digit is 0, 1 or 9 is checked
                // again without it, the account number shifted right with a leading 0.
                if !matches!(number[H], 0 | 1 | 9) {
                    return false;
                }
                let mut shifted = number;
                shifted[A] = 0;
                shifted[A + 1..].copy_from_slice(&number[A..H]);
                weighted_total(row.method, &shifted, &weights) % 11 == 0
            }
            (Method::Mod11, _) => total % 11 == 0,
            (Method::Mod10 | Method::DoubleAlternate, _) => total % 10 == 0,
        }
    }
}

fn weighted_total(method: Method, number: &[i32; 14], weights: &[i32; 14]) -> i32 {
    number
        .iter()
        .zip(weights)
        .map(|(digit, weight)| digit * weight)
        .map(|product| match method {
            // The double alternate check adds the digits of each product.
            Method::DoubleAlternate => product / 10 + product % 10,
            Method::Mod10 | Method::Mod11 => product,
        })
        .sum()
}

/// The 14 digits `u v w x y z a b c d e f g h`, when the sort code has six and the account
/// number eight.
fn digits(sort_code: &str, account: &str) -> Option<[i32; 14]> {
    if sort_code.len() != 6 || account.len() != 8 {
        return None;
    }
    let mut number = [0; 14];
    for (digit, byte) in number
        .iter_mut()
        .zip(sort_code.bytes().chain(account.bytes()))
    {
        if !byte.is_ascii_digit() {
            return None;
        }
        *digit = i32::from(byte - b'0');
    }
    Some(number)
}

fn sort_code_of(number: &[i32; 14]) -> u32 {
    number[..6]
        .iter()
        .fold(0, |code, &digit| code * 10 + digit.unsigned_abs())
}

fn with_sort_code(mut number: [i32; 14], code: u32) -> [i32; 14] {
    let mut rest = code;
    for digit in number[..6].iter_mut().rev() {
        *digit = (rest % 10) as i32;
        rest /= 10;
    }
    number
}

#[cfg(test)]
mod tests;
