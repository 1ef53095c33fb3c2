use super::*;
use crate::application::*;
use crate::errors::RejectionKind;
use crate::testkit::*;

fn id(text: &str) -> ApplicantId {
    applicant_id(text)
}

/// Alan (a1) with a life cover c1, Ada (a2), a child k1 and a beneficiary b1.
fn app() -> Application {
    let two = with_client(&with_client(&new_application(), "a1", "Alan"), "a2", "Ada");
    let with_child = with_life_cover(&two, "a1", "c1")
        .apply(
            &AddChild {
                child_id: "k1".into(),
                details: child("Grace"),
            },
            now(),
        )
        .unwrap();
    with_child
        .apply(&AddBeneficiary(beneficiary("b1", "Charles")), now())
        .unwrap()
}

fn child(first: &str) -> ChildDetails {
    ChildDetails {
        title: None,
        first_name: Some(first.into()),
        surname: Some("Hopper".into()),
        date_of_birth: NaiveDate::from_ymd_opt(2015, 3, 1),
    }
}

fn beneficiary(beneficiary_id: &str, first: &str) -> SaveBeneficiary {
    SaveBeneficiary {
        beneficiary_id: beneficiary_id.into(),
        details: BeneficiaryDetails {
            title: None,
            first_name: Some(first.into()),
            last_name: Some("Babbage".into()),
            date_of_birth: None,
            relationship: Some("Brother".into()),
        },
    }
}

fn share(allocation_id: &str, party: PartyType, reference: &str, percent: u32) -> SaveAllocation {
    SaveAllocation {
        applicant_id: id("a1"),
        cover_id: "c1".into(),
        allocation_id: allocation_id.into(),
        allocation: AllocationInput {
            reference_id: reference.into(),
            percent: Percentage::whole(percent).unwrap(),
            party_type: party,
        },
    }
}

fn add_share(app: &Application, share: SaveAllocation) -> Result<Application, Rejection> {
    app.apply(&AddAllocation(share), now())
}

#[test]
fn children_are_edited_and_removed_by_id_with_the_spec_message_when_missing() {
    let app = app();
    let edited = app
        .apply(
            &EditChild {
                child_id: "k1".into(),
                details: child("Gracie"),
            },
            now(),
        )
        .unwrap();
    assert_eq!(
        edited.children[0].details.first_name.as_deref(),
        Some("Gracie")
    );
    let missing = app
        .apply(
            &RemoveChild {
                child_id: "k9".into(),
            },
            now(),
        )
        .unwrap_err();
    assert_eq!(
        (missing.kind, missing.message.as_str()),
        (RejectionKind::NotFound, CHILD_NOT_FOUND)
    );
    let mut future = child("Tomorrow");
    future.date_of_birth = NaiveDate::from_ymd_opt(2026, 11, 23);
    let refused = app
        .apply(
            &EditChild {
                child_id: "k1".into(),
                details: future,
            },
            now(),
        )
        .unwrap_err();
    assert_eq!(refused.errors[0].field, "dateOfBirth");
}

#[test]
fn a_childs_corrected_name_shows_on_their_share_of_a_payout() {
    let planned = add_share(&app(), share("s1", PartyType::Child, "k1", 60)).unwrap();
    let before = planned.applicants[0].covers[0].benefit_allocations[0]
        .beneficiary
        .clone();
    let edited = planned
        .apply(
            &EditChild {
                child_id: "k1".into(),
                details: child("Gracie"),
            },
            now(),
        )
        .unwrap();
    let after = &edited.applicants[0].covers[0].benefit_allocations[0].beneficiary;
    assert_ne!(after, &before);
    assert!(
        after.as_deref().unwrap_or_default().starts_with("Gracie"),
        "{after:?}"
    );
}

#[test]
fn removing_a_child_removes_their_share_of_any_payout() {
    let planned = add_share(&app(), share("s1", PartyType::Child, "k1", 60)).unwrap();
    assert_eq!(
        planned.applicants[0].covers[0].benefit_allocations[0]
            .beneficiary
            .as_deref(),
        Some("Grace Hopper")
    );
    let removed = planned
        .apply(
            &RemoveChild {
                child_id: "k1".into(),
            },
            now(),
        )
        .unwrap();
    assert!(removed.children.is_empty());
    assert!(
        removed.applicants[0].covers[0]
            .benefit_allocations
            .is_empty()
    );
}

#[test]
fn the_unborn_flag_is_set_and_adding_a_child_clears_it() {
    let flagged = app()
        .apply(
            &SetHasUnbornChildren {
                has_unborn_children: true,
            },
            now(),
        )
        .unwrap();
    assert!(flagged.has_unborn_children);
    let unchanged = flagged
        .apply(
            &SetHasUnbornChildren {
                has_unborn_children: true,
            },
            now(),
        )
        .unwrap();
    assert_eq!(unchanged.version, flagged.version);
    let with_baby = flagged
        .apply(
            &AddChild {
                child_id: "k2".into(),
                details: child("Ada"),
            },
            now(),
        )
        .unwrap();
    assert!(!with_baby.has_unborn_children);
}

#[test]
fn shares_go_to_known_people_never_exceed_100_percent_and_stop_at_eight() {
    let app = app();
    let unknown = add_share(&app, share("s1", PartyType::Beneficiary, "nobody", 50)).unwrap_err();
    assert_eq!(
        (unknown.kind, unknown.message.as_str()),
        (RejectionKind::NotFound, BENEFICIARY_NOT_FOUND)
    );
    let own = add_share(&app, share("s1", PartyType::Applicant, "a1", 50)).unwrap_err();
    assert_eq!(own.errors[0].field, "referenceId");
    let to_ada = add_share(&app, share("s1", PartyType::Applicant, "a2", 60)).unwrap();
    assert_eq!(
        to_ada.applicants[0].covers[0].benefit_allocations[0]
            .beneficiary
            .as_deref(),
        Some("Ada Turing")
    );
    let over = add_share(&to_ada, share("s2", PartyType::Beneficiary, "b1", 41)).unwrap_err();
    assert_eq!(over.errors[0].message, SHARES_OVER_ONE_HUNDRED);
    let full = add_share(&to_ada, share("s2", PartyType::Beneficiary, "b1", 40)).unwrap();
    let plan = &full.applicants[0].covers[0].benefit_allocations;
    assert!(
        crate::beneficiaries::check_allocations(plan).is_empty(),
        "exactly 100%"
    );
    // Changing a share counts the others only.
    let changed = full
        .apply(
            &EditAllocation(share("s1", PartyType::Applicant, "a2", 55)),
            now(),
        )
        .unwrap();
    assert_eq!(
        changed.applicants[0].covers[0].benefit_allocations[0].percent,
        Percentage::whole(55)
    );

    let mut eight = app.clone();
    for i in 0..8 {
        eight = add_share(
            &eight,
            share(&format!("s{i}"), PartyType::Beneficiary, "b1", 12),
        )
        .unwrap();
    }
    let ninth = add_share(&eight, share("s9", PartyType::Beneficiary, "b1", 1)).unwrap_err();
    assert_eq!(ninth.errors[0].message, TOO_MANY_BENEFICIARIES);
    let removed = eight
        .apply(
            &RemoveAllocation {
                applicant_id: id("a1"),
                cover_id: "c1".into(),
                allocation_id: "s3".into(),
            },
            now(),
        )
        .unwrap();
    assert_eq!(removed.applicants[0].covers[0].benefit_allocations.len(), 7);
}

#[test]
fn a_beneficiary_needs_names_and_renaming_updates_their_shares() {
    let app = add_share(&app(), share("s1", PartyType::Beneficiary, "b1", 100)).unwrap();
    let mut nameless = beneficiary("b2", "");
    nameless.details.last_name = Some("x".repeat(101));
    let refused = app.apply(&AddBeneficiary(nameless), now()).unwrap_err();
    let fields: Vec<&str> = refused.errors.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(fields, ["firstName", "lastName"]);
    let renamed = app
        .apply(&EditBeneficiary(beneficiary("b1", "Charlie")), now())
        .unwrap();
    assert_eq!(
        renamed.applicants[0].covers[0].benefit_allocations[0]
            .beneficiary
            .as_deref(),
        Some("Charlie Babbage")
    );
    let missing = app
        .apply(&EditBeneficiary(beneficiary("b9", "X")), now())
        .unwrap_err();
    assert_eq!(missing.message, BENEFICIARY_NOT_FOUND);
}

#[test]
fn removing_the_first_client_moves_the_second_into_the_first_slot() {
    let removed = app()
        .apply(
            &RemoveApplicant {
                applicant_id: id("a1"),
            },
            now(),
        )
        .unwrap();
    assert_eq!(removed.applicants.len(), 1);
    assert_eq!(removed.applicants[0].id, id("a2"));
}
