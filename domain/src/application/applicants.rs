//! Adding, editing and removing clients and children (§4 "Removing an applicant",
//! "Children").

use super::{APPLICANT_NOT_FOUND, Application, Child, MAX_APPLICANTS, TOO_MANY_APPLICANTS};
use crate::applicant::{Applicant, ApplicantDetails, ApplicantPatch, Requirement, check_details};
use crate::children::{ChildDetails, check_child};
use crate::dates::uk_date;
use crate::errors::Rejection;
use crate::ids::ApplicantId;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

// §7 `AddApplicant`.
/// Add a client to an application. The id is chosen by the caller so a retried command cannot add
/// the client twice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddApplicant {
    pub applicant_id: ApplicantId,
    pub details: ApplicantDetails,
    /// The Qi indication the client comes from, when the application starts from one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub indication: Option<Box<crate::qi::CarriedIndication>>,
}

// §7 `PATCH /application/{id}/applicant/{applicantId}`.
/// Change some of a client's details.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EditApplicant {
    pub applicant_id: ApplicantId,
    pub patch: ApplicantPatch,
}

// §7 `DELETE /application/{id}/applicant/{applicantId}`.
/// Remove a client.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RemoveApplicant {
    pub applicant_id: ApplicantId,
}

// §7 `POST /application/{id}/children`.
/// Add a child; the id is chosen by the caller.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddChild {
    pub child_id: String,
    pub details: ChildDetails,
}

impl Application {
    pub fn add_applicant(
        &self,
        command: &AddApplicant,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_quote_editable()?;
        if self.applicants.len() >= MAX_APPLICANTS {
            return Err(Rejection::field("applicants", TOO_MANY_APPLICANTS));
        }
        if self.applicant(&command.applicant_id).is_some() {
            return Err(Rejection::conflict(
                "That client is already on the application.",
            ));
        }
        let errors = check_details(
            &command.details,
            Requirement::Quote,
            self.age_date(uk_date(now)),
        );
        if !errors.is_empty() {
            return Err(Rejection::invalid(errors));
        }
        let mut next = self.clone();
        let mut applicant = Applicant::new(command.applicant_id.clone(), command.details.clone());
        applicant.indication = command.indication.clone();
        next.applicants.push(applicant);
        next.invalidate_quote();
        Ok(next.touched(now))
    }

    /// Applies a change to one client. A change that alters nothing returns the application
    /// as it was, with the same version, so nothing is written.
    pub fn edit_applicant(
        &self,
        command: &EditApplicant,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_quote_editable()?;
        let index = self
            .applicants
            .iter()
            .position(|a| a.id == command.applicant_id)
            .ok_or_else(|| Rejection::not_found(APPLICANT_NOT_FOUND))?;
        let current = &self.applicants[index].details;
        let details = command.patch.clone().apply_to(current);
        if &details == current {
            return Ok(self.clone());
        }
        let errors = check_details(&details, Requirement::Quote, self.age_date(uk_date(now)));
        if !errors.is_empty() {
            return Err(Rejection::invalid(errors));
        }
        let priced_on = |d: &ApplicantDetails| (d.gender, d.date_of_birth, d.smoking);
        let mut next = self.clone();
        if priced_on(&details) != priced_on(current) {
            next.invalidate_quote();
        }
        next.applicants[index].details = details;
        Ok(next.touched(now))
    }

    // §4 "Removing an applicant".
    /// Removes a client: when the first is removed the second takes the first slot and the second
    /// slot is emptied; when the second is removed its slot is emptied. Everything held per
    /// applicant (covers, contact and enquiry state, declarations) moves with them, and no one is
    /// left pointing at the removed client's address.
    pub fn remove_applicant(
        &self,
        command: &RemoveApplicant,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_quote_editable()?;
        let index = self
            .applicants
            .iter()
            .position(|a| a.id == command.applicant_id)
            .ok_or_else(|| Rejection::not_found(APPLICANT_NOT_FOUND))?;
        let mut next = self.clone();
        next.applicants.remove(index);
        // §4: at the quote stage the quote applicant goes too; the price is for both clients.
        next.invalidate_quote();
        // The remaining client, now first, cannot share the address of someone who left.
        if let Some(first) = next.applicants.first_mut() {
            first.same_address_applicant_id = None;
        }
        Ok(next.touched(now))
    }

    // §5 children rules; §4 "Adding a child clears the unborn-children flag".
    /// Adds a child (a first name, surname and date of birth, under 23); adding a child clears the
    /// unborn-children flag.
    pub fn add_child(&self, command: &AddChild, now: DateTime<Utc>) -> Result<Self, Rejection> {
        self.ensure_quote_editable()?;
        if self.children.iter().any(|c| c.id == command.child_id) {
            return Err(Rejection::conflict(
                "That child is already on the application.",
            ));
        }
        let errors = check_child(&command.details, uk_date(now));
        if !errors.is_empty() {
            return Err(Rejection::invalid(errors));
        }
        let mut next = self.clone();
        next.children.push(Child {
            id: command.child_id.clone(),
            details: command.details.clone(),
        });
        next.has_unborn_children = false;
        Ok(next.touched(now))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::applicant::{AGE_MESSAGE, Gender, Smoking, Title};
    use crate::application::{APPLICANT_NOT_FOUND, QUOTE_NOT_EDITABLE};
    use crate::errors::RejectionKind;
    use crate::ids::{AdviserId, ApplicationId};
    use crate::patch::Patch;
    use crate::stage::ApplicationStage;
    use chrono::NaiveDate;
    use chrono::TimeZone;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()
    }

    fn app() -> Application {
        Application::new(
            ApplicationId::new(100001).unwrap(),
            AdviserId::parse("adviser1").unwrap(),
            None,
            now(),
        )
    }

    fn add(id: &str, born: (i32, u32, u32)) -> AddApplicant {
        AddApplicant {
            applicant_id: ApplicantId::parse(id).unwrap(),
            details: ApplicantDetails {
                title: Some(Title::Mr),
                first_name: Some("Alan".into()),
                last_name: Some("Turing".into()),
                gender: Some(Gender::Male),
                date_of_birth: NaiveDate::from_ymd_opt(born.0, born.1, born.2),
                smoking: Some(Smoking::NoneInFiveYears),
            },
            indication: None,
        }
    }

    #[test]
    fn adding_a_client_bumps_the_version_and_keeps_the_details() {
        let next = app()
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .unwrap();
        assert_eq!(next.version, 2);
        assert_eq!(next.client_names(), "Alan Turing");
        assert_eq!(next.view(now().date_naive()).applicants[0].age, Some(46));
    }

    #[test]
    fn a_third_client_is_refused() {
        let two = app()
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .and_then(|a| a.add_applicant(&add("a2", (1982, 1, 1)), now()))
            .unwrap();
        let refused = two
            .add_applicant(&add("a3", (1983, 1, 1)), now())
            .unwrap_err();
        assert_eq!(refused.errors[0].field, "applicants");
        assert_eq!(refused.errors[0].message, TOO_MANY_APPLICANTS);
    }

    #[test]
    fn an_under_eighteen_is_refused_with_the_spec_message() {
        let refused = app()
            .add_applicant(&add("a1", (2010, 1, 1)), now())
            .unwrap_err();
        assert_eq!(refused.kind, RejectionKind::Invalid);
        assert_eq!(refused.errors[0].message, AGE_MESSAGE);
    }

    #[test]
    fn the_same_client_id_cannot_be_added_twice() {
        let once = app()
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .unwrap();
        let twice = once
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .unwrap_err();
        assert_eq!(twice.kind, RejectionKind::Conflict);
    }

    #[test]
    fn editing_changes_only_the_fields_sent() {
        let one = app()
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .unwrap();
        let edit = EditApplicant {
            applicant_id: ApplicantId::parse("a1").unwrap(),
            patch: ApplicantPatch {
                first_name: Patch::Set("Alan M.".into()),
                smoking: Patch::Set(Smoking::Yes),
                ..Default::default()
            },
        };
        let next = one.edit_applicant(&edit, now()).unwrap();
        let details = &next.applicants[0].details;
        assert_eq!(details.first_name.as_deref(), Some("Alan M."));
        assert_eq!(details.last_name.as_deref(), Some("Turing"));
        assert_eq!(details.smoking, Some(Smoking::Yes));
        assert_eq!(next.version, 3);
    }

    #[test]
    fn an_edit_that_changes_nothing_keeps_the_version() {
        let one = app()
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .unwrap();
        let same = EditApplicant {
            applicant_id: ApplicantId::parse("a1").unwrap(),
            patch: ApplicantPatch {
                last_name: Patch::Set("Turing".into()),
                ..Default::default()
            },
        };
        assert_eq!(
            one.edit_applicant(&same, now()).unwrap().version,
            one.version
        );
    }

    #[test]
    fn editing_an_unknown_client_is_not_found() {
        let edit = EditApplicant {
            applicant_id: ApplicantId::parse("nobody").unwrap(),
            patch: ApplicantPatch::default(),
        };
        let refused = app().edit_applicant(&edit, now()).unwrap_err();
        assert_eq!(refused.kind, RejectionKind::NotFound);
        assert_eq!(refused.message, APPLICANT_NOT_FOUND);
    }

    #[test]
    fn clearing_a_required_field_is_refused() {
        let one = app()
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .unwrap();
        let edit = EditApplicant {
            applicant_id: ApplicantId::parse("a1").unwrap(),
            patch: ApplicantPatch {
                date_of_birth: Patch::Clear,
                ..Default::default()
            },
        };
        let refused = one.edit_applicant(&edit, now()).unwrap_err();
        assert_eq!(refused.errors[0].field, "dateOfBirth");
    }

    #[test]
    fn nothing_changes_once_the_quote_is_locked() {
        let mut locked = app();
        locked.quote_stage.is_quote_editable = false;
        let refused = locked
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .unwrap_err();
        assert_eq!(refused.kind, RejectionKind::Conflict);
        assert_eq!(refused.message, QUOTE_NOT_EDITABLE);
    }

    #[test]
    fn ages_are_taken_on_the_quote_age_date_once_set() {
        let mut one = app()
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .unwrap();
        one.quote_stage.quote_age_date = NaiveDate::from_ymd_opt(2026, 6, 22);
        assert_eq!(one.view(now().date_naive()).applicants[0].age, Some(45));
    }

    #[test]
    fn stage_codes_round_trip_and_match_json() {
        for stage in ApplicationStage::ALL {
            assert_eq!(ApplicationStage::parse(stage.code()), Some(stage));
            assert_eq!(serde_json::to_value(stage).unwrap(), stage.code());
        }
    }

    fn two_clients() -> Application {
        let mut two = app()
            .add_applicant(&add("a1", (1980, 6, 23)), now())
            .and_then(|a| a.add_applicant(&add("a2", (1985, 12, 10)), now()))
            .unwrap();
        two.applicants[1].details.first_name = Some("Ada".into());
        two.applicants[1].same_address_applicant_id = Some(ApplicantId::parse("a1").unwrap());
        two.applicants[1].is_accepted_pre_underwriting_declaration = true;
        two
    }

    fn remove(id: &str) -> RemoveApplicant {
        RemoveApplicant {
            applicant_id: ApplicantId::parse(id).unwrap(),
        }
    }

    #[test]
    fn removing_the_first_client_moves_the_second_into_the_first_slot() {
        let two = two_clients();
        let next = two.remove_applicant(&remove("a1"), now()).unwrap();
        assert_eq!(next.applicants.len(), 1, "the second slot is emptied");
        let first = &next.applicants[0];
        assert_eq!(first.id.as_str(), "a2");
        assert_eq!(first.details.first_name.as_deref(), Some("Ada"));
        assert!(
            first.is_accepted_pre_underwriting_declaration,
            "the client's own state moves with them"
        );
        assert_eq!(
            first.same_address_applicant_id, None,
            "the same-address link is cleared"
        );
        assert_eq!(next.version, two.version + 1);
    }

    #[test]
    fn removing_the_second_client_empties_the_second_slot() {
        let next = two_clients()
            .remove_applicant(&remove("a2"), now())
            .unwrap();
        let ids: Vec<&str> = next.applicants.iter().map(|a| a.id.as_str()).collect();
        assert_eq!(ids, ["a1"]);
    }

    #[test]
    fn removing_an_unknown_client_is_not_found_and_a_locked_quote_refuses() {
        assert_eq!(
            two_clients()
                .remove_applicant(&remove("zz"), now())
                .unwrap_err()
                .message,
            APPLICANT_NOT_FOUND
        );
        let mut locked = two_clients();
        locked.status = ApplicationStage::Underwriting;
        assert_eq!(
            locked
                .remove_applicant(&remove("a1"), now())
                .unwrap_err()
                .kind,
            RejectionKind::Conflict
        );
    }

    fn child(born: (i32, u32, u32)) -> AddChild {
        AddChild {
            child_id: "c1".into(),
            details: ChildDetails {
                title: None,
                first_name: Some("Grace".into()),
                surname: Some("Hopper".into()),
                date_of_birth: NaiveDate::from_ymd_opt(born.0, born.1, born.2),
            },
        }
    }

    #[test]
    fn adding_a_child_clears_the_unborn_children_flag() {
        let mut expecting = app();
        expecting.has_unborn_children = true;
        let next = expecting.add_child(&child((2020, 5, 1)), now()).unwrap();
        assert!(!next.has_unborn_children);
        assert_eq!(
            next.children[0].details.first_name.as_deref(),
            Some("Grace")
        );
        assert_eq!(
            next.add_child(&child((2020, 5, 1)), now())
                .unwrap_err()
                .kind,
            RejectionKind::Conflict
        );
    }

    #[test]
    fn a_child_of_23_is_refused_and_nothing_changes() {
        let mut expecting = app();
        expecting.has_unborn_children = true;
        let refused = expecting
            .add_child(&child((2003, 11, 22)), now())
            .unwrap_err();
        assert_eq!(refused.errors[0].field, "dateOfBirth");
    }
}
