//! UK postcodes (§5): the real Royal Mail format, not a loose pattern, so a mistyped postcode
//! is caught while the adviser is still with the client rather than when post is returned.
//!
//! The format follows the UK Government Data Standards Catalogue and Royal Mail's PAF rules:
//! an outward code (A9, A99, AA9, AA99, A9A or AA9A), then an inward code (9AA), with letters
//! restricted by position. Spaces are ignored wherever they are and case is folded; the
//! normalised form is the outward code, one space, and the inward code (`SW1A 1AA`).

use serde::{Deserialize, Serialize};
use std::fmt;
use utoipa::ToSchema;

/// A valid UK postcode in its normalised form, for example `SW1A 1AA`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(try_from = "String", into = "String")]
#[schema(value_type = String, example = "SW1A 1AA")]
pub struct Postcode(String);

/// Why text is not a postcode the portal accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PostcodeError {
    #[error("Please enter a postcode")]
    Empty,
    #[error("Please enter a valid UK postcode")]
    Invalid,
    /// A British Overseas Territory's code: UK-format, but not an address in the UK (K1).
    #[error("Postcodes of the British Overseas Territories cannot be accepted")]
    OverseasTerritory,
}

impl PostcodeError {
    /// A short name for the rule broken, shared with the SPA and the test vectors.
    pub fn code(self) -> &'static str {
        match self {
            PostcodeError::Empty => "empty",
            PostcodeError::Invalid => "invalid",
            PostcodeError::OverseasTerritory => "overseasTerritory",
        }
    }
}

/// Girobank's postcode, the one code outside the standard format that Royal Mail delivers to
/// in the UK.
const GIROBANK: &str = "GIR0AA";

/// The British Overseas Territories' non-geographic codes (Ascension, St Helena, Tristan da
/// Cunha, British Indian Ocean Territory, British Antarctic Territory, Falklands, Gibraltar,
/// Pitcairn, South Georgia, Turks and Caicos), written without the space.
const OVERSEAS_TERRITORIES: [&str; 10] = [
    "ASCN1ZZ", "STHL1ZZ", "TDCU1ZZ", "BBND1ZZ", "BIQQ1ZZ", "FIQQ1ZZ", "GX111AA", "PCRN1ZZ",
    "SIQQ1ZZ", "TKCA1ZZ",
];

/// Letters never used in the first position of an outward code.
const NOT_FIRST: &[u8] = b"QVX";
/// Letters never used in the second position when it is a letter.
const NOT_SECOND: &[u8] = b"IJZ";
/// The only letters in the third position of an A9A outward code (for example `W1A`).
const THIRD_A9A: &[u8] = b"ABCDEFGHJKPSTUW";
/// The only letters in the fourth position of an AA9A outward code (for example `EC1A`).
const FOURTH_AA9A: &[u8] = b"ABEHMNPRVWXY";
/// Letters never used in the inward code, because handwritten they look like other letters.
const NOT_INWARD: &[u8] = b"CIKMOV";

impl Postcode {
    /// Reads a postcode as an adviser typed it: `sw1a1aa`, ` SW1A  1AA `, `s w 1 a 1 a a`.
    pub fn parse(text: &str) -> Result<Self, PostcodeError> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.is_empty() {
            return Err(PostcodeError::Empty);
        }
        if !compact.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(PostcodeError::Invalid);
        }
        let compact = compact.to_ascii_uppercase();
        if OVERSEAS_TERRITORIES.contains(&compact.as_str()) {
            return Err(PostcodeError::OverseasTerritory);
        }
        if compact.len() < 5 || compact.len() > 7 {
            return Err(PostcodeError::Invalid);
        }
        let (outward, inward) = compact.split_at(compact.len() - 3);
        let valid = compact == GIROBANK || (is_outward(outward) && is_inward(inward));
        if valid {
            Ok(Postcode(format!("{outward} {inward}")))
        } else {
            Err(PostcodeError::Invalid)
        }
    }

    /// The normalised postcode, for example `SW1A 1AA`.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn is_outward(code: &str) -> bool {
    let letter = |b: u8| b.is_ascii_uppercase();
    let digit = |b: u8| b.is_ascii_digit();
    let first = |b: u8| letter(b) && !NOT_FIRST.contains(&b);
    let second = |b: u8| letter(b) && !NOT_SECOND.contains(&b);
    match *code.as_bytes() {
        // A9
        [a, b] => first(a) && digit(b),
        // A99, A9A, AA9
        [a, b, c] => {
            first(a)
                && ((digit(b) && (digit(c) || THIRD_A9A.contains(&c))) || (second(b) && digit(c)))
        }
        // AA99, AA9A
        [a, b, c, d] => first(a) && second(b) && digit(c) && (digit(d) || FOURTH_AA9A.contains(&d)),
        _ => false,
    }
}

fn is_inward(code: &str) -> bool {
    let letter = |b: u8| b.is_ascii_uppercase() && !NOT_INWARD.contains(&b);
    matches!(*code.as_bytes(), [d, x, y] if d.is_ascii_digit() && letter(x) && letter(y))
}

impl fmt::Display for Postcode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl TryFrom<String> for Postcode {
    type Error = PostcodeError;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        Postcode::parse(&text)
    }
}

impl From<Postcode> for String {
    fn from(postcode: Postcode) -> String {
        postcode.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ok(text: &str) -> String {
        Postcode::parse(text)
            .map(String::from)
            .unwrap_or_else(|e| panic!("{text:?}: {e}"))
    }

    fn err(text: &str) -> PostcodeError {
        Postcode::parse(text).expect_err(text)
    }

    #[test]
    fn every_outward_format_is_accepted() {
        for (typed, normalised) in [
            ("M11AE", "M1 1AE"),
            ("B338TH", "B33 8TH"),
            ("CR26XH", "CR2 6XH"),
            ("DN551PT", "DN55 1PT"),
            ("W1A0AX", "W1A 0AX"),
            ("EC1A1BB", "EC1A 1BB"),
        ] {
            assert_eq!(ok(typed), normalised);
        }
    }

    #[test]
    fn spaces_anywhere_and_lower_case_are_ignored() {
        assert_eq!(ok("sw1a1aa"), "SW1A 1AA");
        assert_eq!(ok("  s w1A 1 aa\t"), "SW1A 1AA");
        assert_eq!(ok("SW1A\u{a0}1AA"), "SW1A 1AA");
    }

    #[test]
    fn blank_text_asks_for_a_postcode() {
        assert_eq!(err(""), PostcodeError::Empty);
        assert_eq!(err("   "), PostcodeError::Empty);
        assert_eq!(err("").to_string(), "Please enter a postcode");
    }

    #[test]
    fn q_v_and_x_never_start_a_postcode() {
        for bad in ["Q1 1AA", "V1 1AA", "X1 1AA", "QA1 1AA"] {
            assert_eq!(err(bad), PostcodeError::Invalid, "{bad}");
        }
    }

    #[test]
    fn i_j_and_z_are_never_the_second_letter() {
        for bad in ["AI1 1AA", "AJ1 1AA", "AZ1 1AA", "AZ1A 1AA"] {
            assert_eq!(err(bad), PostcodeError::Invalid, "{bad}");
        }
        assert_eq!(ok("AY1 1AA"), "AY1 1AA");
    }

    #[test]
    fn the_third_letter_of_a9a_comes_from_its_own_list() {
        for c in b'A'..=b'Z' {
            let text = format!("W1{} 1AA", c as char);
            assert_eq!(
                Postcode::parse(&text).is_ok(),
                THIRD_A9A.contains(&c),
                "{text}"
            );
        }
    }

    #[test]
    fn the_fourth_letter_of_aa9a_comes_from_its_own_list() {
        for c in b'A'..=b'Z' {
            let text = format!("EC1{} 1BB", c as char);
            assert_eq!(
                Postcode::parse(&text).is_ok(),
                FOURTH_AA9A.contains(&c),
                "{text}"
            );
        }
    }

    #[test]
    fn inward_letters_exclude_c_i_k_m_o_v() {
        for c in b'A'..=b'Z' {
            let last = format!("M1 1A{}", c as char);
            let middle = format!("M1 1{}A", c as char);
            let allowed = !NOT_INWARD.contains(&c);
            assert_eq!(Postcode::parse(&last).is_ok(), allowed, "{last}");
            assert_eq!(Postcode::parse(&middle).is_ok(), allowed, "{middle}");
        }
    }

    #[test]
    fn the_inward_code_is_a_digit_and_two_letters() {
        for bad in ["M1 AAA", "M1 11A", "M1 1A1", "M1 1A", "M1"] {
            assert_eq!(err(bad), PostcodeError::Invalid, "{bad}");
        }
    }

    #[test]
    fn outward_codes_of_the_wrong_shape_are_refused() {
        for bad in [
            "1M 1AA",
            "MM 1AA",
            "M1AA 1AA",
            "MMM1 1AA",
            "M111 1AA",
            "EC1AA 1BB",
        ] {
            assert_eq!(err(bad), PostcodeError::Invalid, "{bad}");
        }
    }

    #[test]
    fn girobank_is_the_one_special_case_accepted() {
        assert_eq!(ok("gir0aa"), "GIR 0AA");
        assert_eq!(err("GIR 0AB"), PostcodeError::Invalid);
    }

    #[test]
    fn overseas_territory_codes_are_refused_with_their_own_message() {
        for code in OVERSEAS_TERRITORIES {
            assert_eq!(err(code), PostcodeError::OverseasTerritory, "{code}");
        }
        assert_eq!(err("gx11 1aa"), PostcodeError::OverseasTerritory);
        assert_eq!(err("ASCN 1ZZ").code(), "overseasTerritory");
    }

    #[test]
    fn bfpo_numbers_are_not_postcodes_but_bf1_postcodes_are() {
        assert_eq!(err("BFPO 801"), PostcodeError::Invalid);
        assert_eq!(ok("BF1 3AA"), "BF1 3AA");
    }

    #[test]
    fn punctuation_and_non_ascii_letters_are_refused() {
        for bad in ["SW1A-1AA", "SW1A_1AA", "ŚW1A 1AA", "SW1A 1ÅA"] {
            assert_eq!(err(bad), PostcodeError::Invalid, "{bad}");
        }
    }

    #[test]
    fn a_postcode_round_trips_as_a_json_string() {
        let postcode: Postcode = serde_json::from_str("\"sw1a1aa\"").unwrap();
        assert_eq!(serde_json::to_string(&postcode).unwrap(), "\"SW1A 1AA\"");
        assert!(serde_json::from_str::<Postcode>("\"nonsense\"").is_err());
    }

    #[test]
    fn a_postcode_displays_in_its_normalised_form() {
        assert_eq!(Postcode::parse("sw1a1aa").unwrap().to_string(), "SW1A 1AA");
    }

    /// Inserts spaces at the positions chosen by `mask` and flips case where `case` says.
    fn disguise(text: &str, mask: u32, case: u32) -> String {
        let mut out = String::new();
        for (i, c) in text.chars().enumerate() {
            if mask & (1 << i) != 0 {
                out.push(' ');
            }
            out.push(if case & (1 << i) != 0 {
                c.to_ascii_lowercase()
            } else {
                c
            });
        }
        out
    }

    fn valid_postcode() -> impl Strategy<Value = String> {
        let first = "[A-PR-UWYZ]";
        let second = "[A-HK-Y]";
        let inward = "[0-9][ABD-HJLNP-UW-Z]{2}";
        let patterns = vec![
            format!("{first}[0-9]{{1,2}}{inward}"),
            format!("{first}{second}[0-9]{{1,2}}{inward}"),
            format!("{first}[0-9][ABCDEFGHJKPSTUW]{inward}"),
            format!("{first}{second}[0-9][ABEHMNPRVWXY]{inward}"),
        ];
        proptest::sample::select(patterns)
            .prop_flat_map(|pattern| proptest::string::string_regex(&pattern).unwrap())
            .prop_filter("an overseas territory", |code| {
                !OVERSEAS_TERRITORIES.contains(&code.as_str())
            })
    }

    proptest! {
        #[test]
        fn no_input_panics(text in "\\PC{0,20}") {
            let _ = Postcode::parse(&text);
        }

        #[test]
        fn a_normalised_postcode_re_parses_to_itself(text in "[A-Za-z0-9 ]{0,10}") {
            if let Ok(postcode) = Postcode::parse(&text) {
                prop_assert_eq!(Postcode::parse(postcode.as_str()), Ok(postcode.clone()));
                prop_assert_eq!(postcode.as_str().matches(' ').count(), 1);
            }
        }

        #[test]
        fn every_well_formed_postcode_is_accepted(code in valid_postcode()) {
            let postcode = Postcode::parse(&code).unwrap();
            prop_assert_eq!(postcode.as_str().replace(' ', ""), code);
        }

        #[test]
        fn spaces_and_case_never_change_the_result(
            code in prop_oneof![valid_postcode(), "[A-Z0-9]{2,8}"],
            mask in any::<u32>(),
            case in any::<u32>(),
        ) {
            prop_assert_eq!(Postcode::parse(&disguise(&code, mask, case)), Postcode::parse(&code));
        }
    }
}
