//! Direct Debit bank details (§3 "Bank details", §9 collection day): sort code, account
//! number, account holder's name and the day of the month the premium is collected.
//!
//! Sort codes and account numbers are held as exactly the digits Vocalink's modulus check
//! consumes (6 + 8), so the check can be added without changing these types. Whether the
//! account exists is the bank check's job, not this module's (§4 "Bank check").

use crate::errors::{Errors, FieldError};
use serde::{Deserialize, Serialize};
use std::fmt;
use utoipa::ToSchema;

// §9 "Name ... max 100".
/// Longest account holder's name, in characters.
pub(crate) const ACCOUNT_NAME_MAX_CHARS: usize = 100;
/// The collection days offered: the 1st to the 28th, which every month has (K22).
pub(crate) const COLLECTION_DAYS: std::ops::RangeInclusive<u8> = 1..=28;

/// A sort code: six digits, shown as `12-34-56`, stored as `123456`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(try_from = "String", into = "String")]
#[schema(value_type = String, example = "123456")]
pub struct SortCode(String);

/// A UK account number: eight digits (K21).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(try_from = "String", into = "String")]
#[schema(value_type = String, example = "12345678")]
pub struct AccountNumber(String);

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SortCodeError {
    #[error("Please enter a sort code")]
    Empty,
    #[error("Sort code must be 6 digits, for example 12-34-56")]
    Invalid,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum AccountNumberError {
    #[error("Please enter an account number")]
    Empty,
    /// Six- and seven-digit numbers are padded with zeros at the front (Vocalink's rule);
    /// the adviser does it, so a dropped digit is not silently turned into a zero.
    #[error(
        "Account number must be 8 digits. For a 6 or 7 digit account number, add zeros at the start"
    )]
    TooShortPad,
    /// Nine- and ten-digit numbers convert to eight by rules that depend on the bank.
    #[error(
        "Account number must be 8 digits. Ask the bank for the 8 digit number to use for Direct Debits"
    )]
    TooLongAskBank,
    #[error("Account number must be 8 digits")]
    Invalid,
}

/// Digits of text in which spaces and hyphens are ignored; `None` if anything else is there.
fn digits_of(text: &str) -> Option<String> {
    let kept: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    kept.chars().all(|c| c.is_ascii_digit()).then_some(kept)
}

impl SortCode {
    /// Accepts `12-34-56`, `12 34 56` or `123456`.
    pub fn parse(text: &str) -> Result<Self, SortCodeError> {
        match digits_of(text) {
            Some(d) if d.is_empty() => Err(SortCodeError::Empty),
            Some(d) if d.len() == 6 => Ok(SortCode(d)),
            _ => Err(SortCodeError::Invalid),
        }
    }

    /// The six digits, for example `123456`.
    pub fn digits(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for SortCode {
    /// As printed on cards and statements: `12-34-56`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", &self.0[0..2], &self.0[2..4], &self.0[4..6])
    }
}

impl AccountNumber {
    pub fn parse(text: &str) -> Result<Self, AccountNumberError> {
        match digits_of(text) {
            Some(d) if d.is_empty() => Err(AccountNumberError::Empty),
            Some(d) => match d.len() {
                8 => Ok(AccountNumber(d)),
                6 | 7 => Err(AccountNumberError::TooShortPad),
                9 | 10 => Err(AccountNumberError::TooLongAskBank),
                _ => Err(AccountNumberError::Invalid),
            },
            None => Err(AccountNumberError::Invalid),
        }
    }

    /// The eight digits.
    pub fn digits(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for AccountNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

macro_rules! string_newtype {
    ($type:ident, $error:ident) => {
        impl TryFrom<String> for $type {
            type Error = $error;
            fn try_from(text: String) -> Result<Self, Self::Error> {
                $type::parse(&text)
            }
        }
        impl From<$type> for String {
            fn from(value: $type) -> String {
                value.0
            }
        }
    };
}
string_newtype!(SortCode, SortCodeError);
string_newtype!(AccountNumber, AccountNumberError);

// §3 "Bank details"; docs/decisions.md K23: the bank-check fields of §3 belong to the
// bank-check states and are kept beside this, not in it.
/// The Direct Debit account: the holder's name, account number, sort code and the day of the month
/// the premium is collected.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankDetails {
    /// The account holder's name, as the bank knows it.
    pub name: String,
    pub account_number: AccountNumber,
    pub sort_code: SortCode,
    /// Day of the month, 1 to 28.
    pub collection_day: u8,
    /// The payer confirmed they hold the account and are the only person needed to authorise
    /// debits from it, as a Direct Debit Instruction needs (AJ12). Details saved before the
    /// question was asked read as not confirmed.
    #[serde(default)]
    pub payer_confirmed: bool,
}

// docs/decisions.md S4.
/// Bank details as shown once saved: the account number masked to its last four digits, so a
/// screen, a log or a read model never shows the whole number again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MaskedBankDetails {
    pub name: String,
    /// `••••5678`.
    pub account_number: String,
    /// The sort code in full (`12-34-56`): it names the branch, not the account.
    pub sort_code: String,
    pub collection_day: u8,
    /// The payer confirmed they hold the account and alone can authorise debits from it.
    pub payer_confirmed: bool,
}

impl BankDetails {
    pub fn masked(&self) -> MaskedBankDetails {
        let digits = self.account_number.digits();
        MaskedBankDetails {
            name: self.name.clone(),
            account_number: format!("••••{}", &digits[digits.len().saturating_sub(4)..]),
            sort_code: self.sort_code.to_string(),
            collection_day: self.collection_day,
            payer_confirmed: self.payer_confirmed,
        }
    }
}

/// Bank details as typed, before any rule is applied.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BankDetailsForm {
    pub name: Option<String>,
    pub account_number: Option<String>,
    pub sort_code: Option<String>,
    pub collection_day: Option<i64>,
    /// The payer confirms they hold the account and are the only person needed to authorise
    /// debits from it; must be `true`.
    pub payer_confirmed: Option<bool>,
}

pub(crate) const NAME_REQUIRED: &str = "Please enter the account holder's name";
pub(crate) const NAME_TOO_LONG: &str = "Account holder's name must be 100 characters or fewer";
pub(crate) const NAME_NEEDS_LETTERS: &str = "Account holder's name must contain letters";
pub(crate) const NAME_CONTROL: &str = "Account holder's name cannot contain control characters";
pub(crate) const COLLECTION_DAY_REQUIRED: &str = "Please choose a collection day";
pub(crate) const COLLECTION_DAY_RANGE: &str = "Collection day must be from 1 to 28";
pub(crate) const PAYER_NOT_CONFIRMED: &str = "Please confirm with your client that they hold this account and are the only person needed to authorise Direct Debits from it. An account that needs two signatures cannot pay by Direct Debit set up here";

/// The account holder's name: trimmed, required, at most 100 characters, with at least one
/// letter and no control characters (K20).
pub fn parse_account_name(text: &str) -> Result<String, &'static str> {
    let name = text.trim();
    if name.is_empty() {
        Err(NAME_REQUIRED)
    } else if name.chars().count() > ACCOUNT_NAME_MAX_CHARS {
        Err(NAME_TOO_LONG)
    } else if name.chars().any(char::is_control) {
        Err(NAME_CONTROL)
    } else if !name.chars().any(char::is_alphabetic) {
        Err(NAME_NEEDS_LETTERS)
    } else {
        Ok(name.to_owned())
    }
}

pub fn parse_collection_day(day: Option<i64>) -> Result<u8, &'static str> {
    let day = day.ok_or(COLLECTION_DAY_REQUIRED)?;
    u8::try_from(day)
        .ok()
        .filter(|d| COLLECTION_DAYS.contains(d))
        .ok_or(COLLECTION_DAY_RANGE)
}

impl BankDetailsForm {
    /// Every field is required, the payer's confirmation given; each broken rule is reported at
    /// once. What the API checks before the command is sent (AJ12).
    pub fn parse(&self) -> Result<BankDetails, Vec<FieldError>> {
        self.parse_with(true)
    }

    /// As a workflow reads a command it accepted: details saved before the payer's confirmation
    /// was asked for carry none and still apply, unconfirmed, so a running case's history replays
    /// as it ran (AJ12). A confirmation refused is refused here too.
    pub fn parse_recorded(&self) -> Result<BankDetails, Vec<FieldError>> {
        self.parse_with(false)
    }

    /// `required`: the confirmation must be given, not merely not refused.
    fn parse_with(&self, required: bool) -> Result<BankDetails, Vec<FieldError>> {
        let mut errors = Errors::default();
        let text = |t: &Option<String>| t.clone().unwrap_or_default();
        let name = parse_account_name(&text(&self.name))
            .map_err(|m| errors.push("name", m))
            .ok();
        let account_number = AccountNumber::parse(&text(&self.account_number))
            .map_err(|e| errors.push("accountNumber", &e.to_string()))
            .ok();
        let sort_code = SortCode::parse(&text(&self.sort_code))
            .map_err(|e| errors.push("sortCode", &e.to_string()))
            .ok();
        let collection_day = parse_collection_day(self.collection_day)
            .map_err(|m| errors.push("collectionDay", m))
            .ok();
        let payer_confirmed = self.payer_confirmed == Some(true);
        let refused = match self.payer_confirmed {
            Some(given) => !given,
            None => required,
        };
        if refused {
            errors.push("payerConfirmed", PAYER_NOT_CONFIRMED);
        }
        match (name, account_number, sort_code, collection_day) {
            (Some(name), Some(account_number), Some(sort_code), Some(collection_day))
                if !refused =>
            {
                Ok(BankDetails {
                    name,
                    account_number,
                    sort_code,
                    collection_day,
                    payer_confirmed,
                })
            }
            _ => Err(errors.into_vec()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn sort_codes_are_read_with_hyphens_spaces_or_neither() {
        for typed in ["12-34-56", "12 34 56", "123456", " 12-34 56 "] {
            let code = SortCode::parse(typed).unwrap();
            assert_eq!(
                (code.digits(), code.to_string().as_str()),
                ("123456", "12-34-56")
            );
        }
    }

    #[test]
    fn sort_codes_have_exactly_six_digits() {
        assert_eq!(SortCode::parse("12-34-5"), Err(SortCodeError::Invalid));
        assert_eq!(SortCode::parse("12-34-567"), Err(SortCodeError::Invalid));
        assert_eq!(SortCode::parse("12/34/56"), Err(SortCodeError::Invalid));
        assert_eq!(SortCode::parse("AB-CD-EF"), Err(SortCodeError::Invalid));
        assert_eq!(SortCode::parse(" - "), Err(SortCodeError::Empty));
    }

    #[test]
    fn account_numbers_have_eight_digits_not_seven_or_nine() {
        assert_eq!(
            AccountNumber::parse("1234 5678").unwrap().digits(),
            "12345678"
        );
        assert_eq!(
            AccountNumber::parse("1234567"),
            Err(AccountNumberError::TooShortPad)
        );
        assert_eq!(
            AccountNumber::parse("123456"),
            Err(AccountNumberError::TooShortPad)
        );
        assert_eq!(
            AccountNumber::parse("123456789"),
            Err(AccountNumberError::TooLongAskBank)
        );
        assert_eq!(
            AccountNumber::parse("1234567890"),
            Err(AccountNumberError::TooLongAskBank)
        );
        assert_eq!(
            AccountNumber::parse("12345"),
            Err(AccountNumberError::Invalid)
        );
        assert_eq!(
            AccountNumber::parse("12345678901"),
            Err(AccountNumberError::Invalid)
        );
        assert_eq!(
            AccountNumber::parse("1234567O"),
            Err(AccountNumberError::Invalid)
        );
        assert_eq!(AccountNumber::parse(""), Err(AccountNumberError::Empty));
    }

    #[test]
    fn zero_padded_short_account_numbers_are_accepted() {
        assert_eq!(
            AccountNumber::parse("00123456").unwrap().digits(),
            "00123456"
        );
    }

    #[test]
    fn collection_day_runs_from_the_first_to_the_twenty_eighth() {
        assert_eq!(parse_collection_day(Some(1)), Ok(1));
        assert_eq!(parse_collection_day(Some(28)), Ok(28));
        for bad in [0, 29, 31, -1, 256] {
            assert_eq!(
                parse_collection_day(Some(bad)),
                Err(COLLECTION_DAY_RANGE),
                "{bad}"
            );
        }
        assert_eq!(parse_collection_day(None), Err(COLLECTION_DAY_REQUIRED));
    }

    #[test]
    fn account_names_may_be_one_hundred_characters_but_not_one_hundred_and_one() {
        assert!(parse_account_name(&"a".repeat(100)).is_ok());
        assert_eq!(parse_account_name(&"a".repeat(101)), Err(NAME_TOO_LONG));
        assert_eq!(parse_account_name("  "), Err(NAME_REQUIRED));
        assert_eq!(parse_account_name("1234"), Err(NAME_NEEDS_LETTERS));
        assert_eq!(parse_account_name("Jane\u{0}Smith"), Err(NAME_CONTROL));
        assert_eq!(
            parse_account_name(" Mr J O'Brien & Mrs A Zoë "),
            Ok("Mr J O'Brien & Mrs A Zoë".into())
        );
    }

    #[test]
    fn a_form_reports_every_field_at_once() {
        let errors = BankDetailsForm::default().parse().unwrap_err();
        let fields: Vec<_> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "name",
                "accountNumber",
                "sortCode",
                "collectionDay",
                "payerConfirmed"
            ]
        );
    }

    #[test]
    fn details_are_saved_only_once_the_payer_confirms_they_alone_authorise_debits() {
        let form = |payer_confirmed| BankDetailsForm {
            name: Some("Jane Smith".into()),
            account_number: Some("12345678".into()),
            sort_code: Some("12-34-56".into()),
            collection_day: Some(15),
            payer_confirmed,
        };
        for unconfirmed in [None, Some(false)] {
            let errors = form(unconfirmed).parse().unwrap_err();
            assert_eq!(errors.len(), 1);
            assert_eq!(errors[0].field, "payerConfirmed");
            assert!(
                errors[0]
                    .message
                    .contains("only person needed to authorise")
            );
        }
        assert!(form(Some(true)).parse().unwrap().payer_confirmed);
        // A command recorded before the question existed still applies, unconfirmed; one
        // refused is refused.
        assert!(!form(None).parse_recorded().unwrap().payer_confirmed);
        assert!(form(Some(false)).parse_recorded().is_err());
        assert!(form(Some(true)).parse_recorded().unwrap().payer_confirmed);
    }

    #[test]
    fn bank_details_saved_before_the_confirmation_read_as_unconfirmed() {
        let old = serde_json::json!({ "name": "Jane Smith", "accountNumber": "12345678", "sortCode": "123456", "collectionDay": 15 });
        let details: BankDetails = serde_json::from_value(old).unwrap();
        assert!(!details.payer_confirmed);
    }

    #[test]
    fn bank_details_round_trip_as_json_with_spec_names() {
        let form = BankDetailsForm {
            name: Some("Jane Smith".into()),
            account_number: Some("12345678".into()),
            sort_code: Some("12-34-56".into()),
            collection_day: Some(15),
            payer_confirmed: Some(true),
        };
        let details = form.parse().unwrap();
        let json = serde_json::to_value(&details).unwrap();
        assert_eq!(json["sortCode"], "123456");
        assert_eq!(json["accountNumber"], "12345678");
        assert_eq!(json["collectionDay"], 15);
        assert_eq!(json["payerConfirmed"], true);
        let back: BankDetails = serde_json::from_value(json).unwrap();
        assert_eq!(back, details);
    }

    #[test]
    fn an_account_number_displays_as_its_digits() {
        assert_eq!(
            AccountNumber::parse("1234-5678").unwrap().to_string(),
            "12345678"
        );
    }

    proptest! {
        #[test]
        fn no_input_panics(text in "\\PC{0,16}") {
            let _ = SortCode::parse(&text);
            let _ = AccountNumber::parse(&text);
            let _ = parse_account_name(&text);
        }

        #[test]
        fn normalising_is_idempotent(sort in "[0-9 -]{0,10}", account in "[0-9 -]{0,12}") {
            if let Ok(code) = SortCode::parse(&sort) {
                prop_assert_eq!(SortCode::parse(&code.to_string()), Ok(code.clone()));
                prop_assert_eq!(SortCode::parse(code.digits()), Ok(code.clone()));
            }
            if let Ok(number) = AccountNumber::parse(&account) {
                prop_assert_eq!(AccountNumber::parse(number.digits()), Ok(number.clone()));
            }
        }
    }
}
