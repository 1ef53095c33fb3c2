//! UK telephone numbers (§5, §9): a number the insurer's contact centre can actually ring.
//!
//! §5 gives two readings (a 0 and 10 or 11 digits; or 0/+ and two digits, a non-zero digit and
//! nine more). The portal applies the stricter rule both readings approximate: the number
//! ranges of Ofcom's National Telephone Numbering Plan, as encoded for GB in libphonenumber's
//! metadata, at the level of the range rather than individual allocations (K5–K8):
//!
//! | range | digits | accepted |
//! |---|---|---|
//! | 01 geographic | 10 or 11 (11 for 011x and 01x1 cities) | yes (not 010) |
//! | 02 geographic | 11 | 020, 023, 024, 028, 029 |
//! | 03 UK-wide | 11 | 030, 033, 034, 037 |
//! | 05 corporate and VoIP | 11 | 055, 056 |
//! | 07 mobile | 11 | 071–075, 077–079 and 07624 (Isle of Man) |
//! | 070 personal, 076 pagers | | no: they cannot be relied on to reach the client |
//! | 080 freephone | 11 (0800 also 10) | 0800, 0808 |
//! | 084, 087 service | 11 | 0842–0845, 0870–0873 |
//! | 09 premium rate | | no: never a client's own line, and costly to call |
//!
//! Spaces and hyphens are removed first; brackets around an area code and a `(0)` after
//! `+44` are allowed. `+44` and `0044` are read as the national form, which is what is stored.

use serde::{Deserialize, Serialize};
use std::fmt;
use utoipa::ToSchema;

/// A UK telephone number in national form: digits only, starting with 0 (`07700900123`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(try_from = "String", into = "String")]
#[schema(value_type = String, example = "02079460000")]
pub struct PhoneNumber(String);

/// How many digits a range's numbers have, counting the leading 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lengths {
    Eleven,
    TenOrEleven,
}

impl Lengths {
    fn allows(self, digits: usize) -> bool {
        match self {
            Lengths::Eleven => digits == 11,
            Lengths::TenOrEleven => digits == 10 || digits == 11,
        }
    }
}

/// Why text is not a phone number the portal accepts; each says what to correct.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PhoneError {
    #[error("Please enter a phone number")]
    Empty,
    #[error(
        "A phone number can only contain digits, spaces, hyphens, brackets and a + at the start"
    )]
    InvalidCharacters,
    #[error("Please enter a UK phone number")]
    NotUk,
    #[error("UK phone numbers start with 0 or +44")]
    MissingZero,
    #[error("This phone number should have 11 digits")]
    NotElevenDigits,
    #[error("This phone number should have 10 or 11 digits")]
    NotTenOrElevenDigits,
    #[error("Premium-rate numbers (09) cannot be used")]
    PremiumRate,
    #[error("Personal (070) and pager (076) numbers cannot be used")]
    PersonalOrPager,
    #[error("This is not a UK phone number in use")]
    NotInUse,
}

impl PhoneError {
    /// A short name for the rule broken, shared with the SPA and the test vectors.
    pub fn code(self) -> &'static str {
        match self {
            PhoneError::Empty => "empty",
            PhoneError::InvalidCharacters => "invalidCharacters",
            PhoneError::NotUk => "notUk",
            PhoneError::MissingZero => "missingZero",
            PhoneError::NotElevenDigits => "notElevenDigits",
            PhoneError::NotTenOrElevenDigits => "notTenOrElevenDigits",
            PhoneError::PremiumRate => "premiumRate",
            PhoneError::PersonalOrPager => "personalOrPager",
            PhoneError::NotInUse => "notInUse",
        }
    }

    fn wrong_length(lengths: Lengths) -> Self {
        match lengths {
            Lengths::Eleven => PhoneError::NotElevenDigits,
            Lengths::TenOrEleven => PhoneError::NotTenOrElevenDigits,
        }
    }
}

/// The geographic codes with five digits after the 0 (libphonenumber's GB formats), shown as
/// `016977 2345` rather than split after five digits.
const SIX_DIGIT_AREA_CODES: [&str; 12] = [
    "13873", "15242", "15394", "15395", "15396", "16973", "16974", "16977", "17683", "17684",
    "17687", "19467",
];

impl PhoneNumber {
    /// Reads a number as typed: `07700 900123`, `+44 (0)20 7946 0000`, `0044 1632 960000`,
    /// `(01632) 960000`, `020-7946-0000`.
    pub fn parse(text: &str) -> Result<Self, PhoneError> {
        let compact: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect();
        if compact.is_empty() {
            return Err(PhoneError::Empty);
        }
        let allowed = |(i, c): (usize, &char)| {
            c.is_ascii_digit() || *c == '(' || *c == ')' || (*c == '+' && i == 0)
        };
        if !compact.iter().enumerate().all(allowed) {
            return Err(PhoneError::InvalidCharacters);
        }
        let digits: String = compact.iter().filter(|c| c.is_ascii_digit()).collect();
        let international = if compact[0] == '+' {
            Some(digits.as_str())
        } else {
            digits.strip_prefix("00")
        };
        let national = match international {
            Some(number) => {
                let rest = number.strip_prefix("44").ok_or(PhoneError::NotUk)?;
                // "+44 (0)20…" and "+44 020…": the trunk 0 some people keep after +44.
                format!("0{}", rest.strip_prefix('0').unwrap_or(rest))
            }
            None if digits.starts_with('0') => digits,
            None if digits.is_empty() => return Err(PhoneError::NotTenOrElevenDigits),
            None => return Err(PhoneError::MissingZero),
        };
        let lengths = range_lengths(&national.as_bytes()[1..])?;
        if lengths.allows(national.len()) {
            Ok(PhoneNumber(national))
        } else {
            Err(PhoneError::wrong_length(lengths))
        }
    }

    /// The stored national form, for example `07700900123`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The number grouped as it is written in the UK: `020 7946 0000`, `0113 496 0000`,
    /// `01632 960000`, `07700 900123`, `0800 123 4567`.
    pub fn grouped(&self) -> String {
        let n = self.0.as_str();
        let b = n.as_bytes();
        let groups: &[usize] = match b[1] {
            b'2' | b'5' => &[3, 4],
            b'1' if b[2] == b'1' || b[3] == b'1' => &[4, 3],
            b'1' if SIX_DIGIT_AREA_CODES.contains(&&n[1..6]) => &[6],
            b'1' | b'7' => &[5],
            b'8' if n.len() == 10 => &[4],
            _ => &[4, 3],
        };
        let mut out = String::with_capacity(n.len() + 2);
        let mut at = 0;
        for size in groups {
            out.push_str(&n[at..at + size]);
            out.push(' ');
            at += size;
        }
        out.push_str(&n[at..]);
        out
    }
}

/// The lengths a national significant number (the digits after the 0) may have, judged from
/// its leading digits, or why its range cannot be used.
fn range_lengths(nsn: &[u8]) -> Result<Lengths, PhoneError> {
    use PhoneError::{NotInUse, PersonalOrPager, PremiumRate};
    // Too few digits to tell the range apart: the number is too short whichever it is.
    let short = Err(PhoneError::NotTenOrElevenDigits);
    let at = |i: usize| nsn.get(i).copied();
    match at(0) {
        None => short,
        Some(b'1') => match (at(1), at(2)) {
            (Some(b'0'), _) => Err(NotInUse),
            (Some(b'1'), _) | (Some(_), Some(b'1')) => Ok(Lengths::Eleven),
            (Some(_), Some(_)) => Ok(Lengths::TenOrEleven),
            _ => short,
        },
        Some(b'2') => match at(1) {
            Some(b'0' | b'3' | b'4' | b'8' | b'9') => Ok(Lengths::Eleven),
            Some(_) => Err(NotInUse),
            None => short,
        },
        Some(b'3') => match at(1) {
            Some(b'0' | b'3' | b'4' | b'7') => Ok(Lengths::Eleven),
            Some(_) => Err(NotInUse),
            None => short,
        },
        Some(b'5') => match at(1) {
            Some(b'5' | b'6') => Ok(Lengths::Eleven),
            Some(_) => Err(NotInUse),
            None => short,
        },
        Some(b'7') => match (at(1), at(2), at(3)) {
            (Some(b'0'), _, _) => Err(PersonalOrPager),
            (Some(b'6'), Some(b'2'), Some(b'4')) => Ok(Lengths::Eleven),
            (Some(b'6'), Some(_), Some(_)) => Err(PersonalOrPager),
            (Some(b'6'), _, _) | (None, _, _) => short,
            (Some(_), _, _) => Ok(Lengths::Eleven),
        },
        Some(b'8') => match (at(1), at(2)) {
            (Some(b'0'), Some(b'0')) => Ok(Lengths::TenOrEleven),
            (Some(b'0'), Some(b'8'))
            | (Some(b'4'), Some(b'2'..=b'5'))
            | (Some(b'7'), Some(b'0'..=b'3')) => Ok(Lengths::Eleven),
            (Some(_), Some(_)) => Err(NotInUse),
            _ => short,
        },
        Some(b'9') => Err(PremiumRate),
        Some(_) => Err(NotInUse),
    }
}

impl fmt::Display for PhoneNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for PhoneNumber {
    type Error = PhoneError;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        PhoneNumber::parse(&text)
    }
}

impl From<PhoneNumber> for String {
    fn from(number: PhoneNumber) -> String {
        number.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ok(text: &str) -> String {
        PhoneNumber::parse(text)
            .map(String::from)
            .unwrap_or_else(|e| panic!("{text:?}: {e}"))
    }

    fn err(text: &str) -> PhoneError {
        PhoneNumber::parse(text).expect_err(text)
    }

    #[test]
    fn spaces_hyphens_and_brackets_are_removed() {
        assert_eq!(ok("07700 900123"), "07700900123");
        assert_eq!(ok(" 020-7946-0000 "), "02079460000");
        assert_eq!(ok("(01632) 960000"), "01632960000");
    }

    #[test]
    fn international_forms_are_stored_in_national_form() {
        assert_eq!(ok("+44 7700 900123"), "07700900123");
        assert_eq!(ok("+44 (0)20 7946 0000"), "02079460000");
        assert_eq!(ok("0044 1632 960000"), "01632960000");
        assert_eq!(ok("+4407700900123"), "07700900123");
    }

    #[test]
    fn other_countries_are_refused() {
        assert_eq!(err("+33 1 23 45 67 89"), PhoneError::NotUk);
        assert_eq!(err("001 212 555 0100"), PhoneError::NotUk);
        assert_eq!(err("+"), PhoneError::NotUk);
    }

    #[test]
    fn a_number_must_start_with_zero_or_plus_forty_four() {
        assert_eq!(err("7700 900123"), PhoneError::MissingZero);
        assert_eq!(err("44 7700 900123"), PhoneError::MissingZero);
    }

    #[test]
    fn letters_and_misplaced_plus_signs_are_refused() {
        for bad in ["0800 FLOWERS", "07700+900123", "0207.946.0000", "ext 123"] {
            assert_eq!(err(bad), PhoneError::InvalidCharacters, "{bad}");
        }
    }

    #[test]
    fn blank_text_asks_for_a_number() {
        assert_eq!(err(""), PhoneError::Empty);
        assert_eq!(err(" - "), PhoneError::Empty);
        assert_eq!(err("()"), PhoneError::NotTenOrElevenDigits);
    }

    #[test]
    fn mobiles_have_eleven_digits_not_ten_or_twelve() {
        assert_eq!(err("0740012345"), PhoneError::NotElevenDigits);
        assert_eq!(ok("07400123456"), "07400123456");
        assert_eq!(err("074001234567"), PhoneError::NotElevenDigits);
    }

    #[test]
    fn geographic_numbers_may_have_ten_or_eleven_digits() {
        assert_eq!(err("016977123"), PhoneError::NotTenOrElevenDigits);
        assert_eq!(ok("0169772345"), "0169772345");
        assert_eq!(ok("01212345678"), "01212345678");
        assert_eq!(err("016329600001"), PhoneError::NotTenOrElevenDigits);
    }

    #[test]
    fn big_city_codes_always_have_eleven_digits() {
        assert_eq!(err("0113496000"), PhoneError::NotElevenDigits);
        assert_eq!(err("0121496000"), PhoneError::NotElevenDigits);
        assert_eq!(ok("01134960000"), "01134960000");
    }

    #[test]
    fn london_and_other_02_areas_have_eleven_digits() {
        assert_eq!(err("0207946000"), PhoneError::NotElevenDigits);
        for area in ["020", "023", "024", "028", "029"] {
            assert!(
                PhoneNumber::parse(&format!("{area}12345678")).is_ok(),
                "{area}"
            );
        }
        for unused in ["021", "022", "025", "026", "027"] {
            assert_eq!(err(&format!("{unused}12345678")), PhoneError::NotInUse);
        }
    }

    #[test]
    fn personal_and_pager_numbers_are_refused_but_isle_of_man_mobiles_are_not() {
        assert_eq!(err("07012345678"), PhoneError::PersonalOrPager);
        assert_eq!(err("07640123456"), PhoneError::PersonalOrPager);
        assert_eq!(ok("07624123456"), "07624123456");
    }

    #[test]
    fn premium_rate_is_refused() {
        assert_eq!(err("09012345678"), PhoneError::PremiumRate);
        assert_eq!(err("0909 8790000"), PhoneError::PremiumRate);
    }

    #[test]
    fn freephone_and_service_numbers_are_accepted() {
        assert_eq!(ok("0800 123 4567"), "08001234567");
        assert_eq!(ok("0800 123456"), "0800123456");
        assert_eq!(ok("0808 157 0000"), "08081570000");
        assert_eq!(err("0808157000"), PhoneError::NotElevenDigits);
        assert_eq!(ok("0845 4647000"), "08454647000");
        assert_eq!(err("08411234567"), PhoneError::NotInUse);
        assert_eq!(err("08741234567"), PhoneError::NotInUse);
        assert_eq!(err("0800 1111"), PhoneError::NotTenOrElevenDigits);
    }

    #[test]
    fn unallocated_ranges_are_refused() {
        for unused in [
            "01012345678",
            "04012345678",
            "06012345678",
            "05001234567",
            "03112345678",
        ] {
            assert_eq!(err(unused), PhoneError::NotInUse, "{unused}");
        }
    }

    #[test]
    fn numbers_are_grouped_as_written_in_the_uk() {
        let grouped = |t: &str| PhoneNumber::parse(t).unwrap().grouped();
        assert_eq!(grouped("02079460000"), "020 7946 0000");
        assert_eq!(grouped("01134960000"), "0113 496 0000");
        assert_eq!(grouped("01214960000"), "0121 496 0000");
        assert_eq!(grouped("01632960000"), "01632 960000");
        assert_eq!(grouped("0169772345"), "016977 2345");
        assert_eq!(grouped("07700900123"), "07700 900123");
        assert_eq!(grouped("08001234567"), "0800 123 4567");
        assert_eq!(grouped("0800123456"), "0800 123456");
        assert_eq!(grouped("03069990000"), "0306 999 0000");
        assert_eq!(grouped("05612345678"), "056 1234 5678");
    }

    #[test]
    fn a_number_displays_in_its_stored_national_form() {
        assert_eq!(
            PhoneNumber::parse("+44 7700 900123").unwrap().to_string(),
            "07700900123"
        );
    }

    proptest! {
        #[test]
        fn no_input_panics(text in "\\PC{0,24}") {
            let _ = PhoneNumber::parse(&text);
        }

        #[test]
        fn normalising_is_idempotent(text in "[+0(]{0,2}[0-9 ()-]{0,16}") {
            if let Ok(number) = PhoneNumber::parse(&text) {
                prop_assert_eq!(PhoneNumber::parse(number.as_str()), Ok(number.clone()));
                prop_assert_eq!(PhoneNumber::parse(&number.grouped()), Ok(number.clone()));
            }
        }

        #[test]
        fn the_national_and_international_forms_agree(nsn in "[1-9][0-9]{8,10}") {
            let national = PhoneNumber::parse(&format!("0{nsn}"));
            prop_assert_eq!(PhoneNumber::parse(&format!("+44 {nsn}")), national.clone());
            prop_assert_eq!(PhoneNumber::parse(&format!("0044 (0){nsn}")), national);
        }
    }
}
