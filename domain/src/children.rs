//! Children on an application (§3 Child, §5 "Children"): children's critical illness cover
//! covers a child from birth until their 23rd birthday.

use crate::dates::age_on;
use crate::errors::Errors;
use crate::errors::FieldError;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// §5 "up to age 23", §9; docs/decisions.md D7.
/// A child is eligible until this birthday.
pub const CHILD_AGE_LIMIT: u32 = 23;
pub(crate) const CHILD_TOO_OLD: &str = "Children's cover is for children up to age 23";
pub(crate) const CHILD_NOT_BORN: &str = "A child's date of birth cannot be in the future";
pub(crate) const CHILD_NOT_FOUND: &str = "Child not found";
pub const NAME_MAX_CHARS: usize = 100;

/// What an adviser enters about a child.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChildDetails {
    pub title: Option<String>,
    pub first_name: Option<String>,
    pub surname: Option<String>,
    #[schema(value_type = Option<String>, format = Date)]
    pub date_of_birth: Option<NaiveDate>,
}

// §5 children rules.
/// A first name, surname and date of birth are needed (the title is optional); the date of birth is
/// not in the future, and the child is under 23 on `today`.
pub(crate) fn check_child(child: &ChildDetails, today: NaiveDate) -> Vec<FieldError> {
    let mut errors = Errors::default();
    for (field, label, value) in [
        ("firstName", "first name", &child.first_name),
        ("surname", "surname", &child.surname),
    ] {
        match value.as_deref().map(str::trim) {
            None | Some("") => errors.push(field, &format!("Please enter the child's {label}")),
            Some(name) if name.chars().count() > NAME_MAX_CHARS => errors.push(
                field,
                &format!("The child's {label} must be {NAME_MAX_CHARS} characters or fewer"),
            ),
            Some(_) => {}
        }
    }
    match child.date_of_birth {
        None => errors.push("dateOfBirth", "Please enter the child's date of birth"),
        Some(born) if born > today => errors.push("dateOfBirth", CHILD_NOT_BORN),
        Some(born) if age_on(born, today).unwrap_or(0) >= CHILD_AGE_LIMIT => {
            errors.push("dateOfBirth", CHILD_TOO_OLD)
        }
        Some(_) => {}
    }
    errors.into_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn child(born: NaiveDate) -> ChildDetails {
        ChildDetails {
            title: None,
            first_name: Some("Grace".into()),
            surname: Some("Hopper".into()),
            date_of_birth: Some(born),
        }
    }

    #[test]
    fn a_child_born_today_qualifies_but_not_one_born_tomorrow() {
        let today = d(2026, 11, 22);
        assert!(check_child(&child(today), today).is_empty());
        let unborn = check_child(&child(d(2026, 11, 23)), today);
        assert_eq!(unborn[0].message, CHILD_NOT_BORN);
    }

    #[test]
    fn a_child_qualifies_until_the_day_before_their_23rd_birthday() {
        let today = d(2026, 11, 22);
        assert!(
            check_child(&child(d(2003, 11, 23)), today).is_empty(),
            "22, turning 23 tomorrow"
        );
        let on_birthday = check_child(&child(d(2003, 11, 22)), today);
        assert_eq!(on_birthday[0].message, CHILD_TOO_OLD);
    }

    #[test]
    fn a_child_needs_names_and_a_date_of_birth_but_not_a_title() {
        let errors = check_child(&ChildDetails::default(), d(2026, 1, 1));
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["firstName", "surname", "dateOfBirth"]);
        let mut longest = child(d(2020, 1, 1));
        longest.surname = Some("x".repeat(100));
        assert!(
            check_child(&longest, d(2026, 1, 1)).is_empty(),
            "100 characters"
        );
        let mut long = child(d(2020, 1, 1));
        long.surname = Some("x".repeat(101));
        assert_eq!(check_child(&long, d(2026, 1, 1))[0].field, "surname");
    }
}
