use super::*;

fn day(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn id(text: &str) -> AdviserId {
    AdviserId::parse(text).unwrap()
}

fn period(from: &str, until: Option<&str>, ended: Option<&str>) -> DelegationPeriod {
    DelegationPeriod {
        from: day(from),
        until: until.map(day),
        ended_on: ended.map(day),
    }
}

fn party(who: &str, firm: Option<&str>) -> DelegationParty {
    DelegationParty {
        id: id(who),
        firm_id: firm.map(str::to_owned),
    }
}

fn new(from: &str, until: Option<&str>) -> NewDelegation {
    NewDelegation {
        delegate: id("assistant1"),
        principal: id("adviser1"),
        from: day(from),
        until: until.map(day),
    }
}

const TODAY: &str = "2026-11-27";

fn check(delegation: &NewDelegation, existing: &[ExistingDelegation]) -> Result<(), Rejection> {
    delegation.check(
        Some(&party("assistant1", Some("northfield"))),
        Some(&party("adviser1", Some("northfield"))),
        existing,
        day(TODAY),
    )
}

fn fields(rejection: Rejection) -> Vec<String> {
    rejection.errors.into_iter().map(|e| e.field).collect()
}

#[test]
fn a_delegation_is_in_force_from_its_first_to_its_last_day_inclusive() {
    let p = period("2026-12-01", Some("2026-12-31"), None);
    assert!(!p.is_active_on(day("2026-11-30")));
    assert!(p.is_active_on(day("2026-12-01")));
    assert!(p.is_active_on(day("2026-12-31")));
    assert!(!p.is_active_on(day("2027-01-01")));
}

#[test]
fn a_delegation_without_an_end_lasts_until_it_is_ended() {
    let open = period("2026-01-01", None, None);
    assert!(open.is_active_on(day("2099-12-31")));
    let ended = period("2026-01-01", None, Some("2026-11-27"));
    assert!(ended.is_active_on(day("2026-11-26")));
    assert!(
        !ended.is_active_on(day("2026-11-27")),
        "ended today: not in force today"
    );
}

#[test]
fn a_one_day_delegation_is_in_force_on_that_day_only() {
    let p = period(TODAY, Some(TODAY), None);
    assert!(p.is_active_on(day(TODAY)));
    assert!(!p.is_active_on(day("2026-11-26")));
    assert!(!p.is_active_on(day("2026-11-28")));
}

#[test]
fn periods_overlap_when_they_share_a_day_and_not_when_they_only_touch() {
    let december = period("2026-12-01", Some("2026-12-31"), None);
    assert!(december.overlaps(&period("2026-12-31", None, None)));
    assert!(!december.overlaps(&period("2027-01-01", None, None)));
    assert!(!december.overlaps(&period("2026-11-01", Some("2026-11-30"), None)));
    assert!(december.overlaps(&period("2026-11-01", Some("2026-12-01"), None)));
    // Ended before it began: it has no days, so overlaps nothing.
    let cancelled = period("2026-12-01", None, Some("2026-12-01"));
    assert!(!cancelled.overlaps(&december));
    // Ended on the 10th: its last day is the 9th.
    let ended = period("2026-12-01", None, Some("2026-12-10"));
    assert!(ended.overlaps(&period("2026-12-09", None, None)));
    assert!(!ended.overlaps(&period("2026-12-10", None, None)));
}

#[test]
fn a_new_delegation_within_the_firm_with_sound_dates_is_accepted() {
    assert_eq!(check(&new(TODAY, Some(TODAY)), &[]), Ok(()));
    assert_eq!(check(&new("2026-01-01", None), &[]), Ok(()));
}

#[test]
fn the_end_date_may_not_come_before_the_start_date_nor_have_passed() {
    let backwards = check(&new("2026-12-10", Some("2026-12-09")), &[]).unwrap_err();
    assert_eq!(fields(backwards.clone()), ["until"]);
    assert_eq!(
        backwards.message,
        "The end date cannot be before the start date"
    );
    let past = check(&new("2026-01-01", Some("2026-11-26")), &[]).unwrap_err();
    assert_eq!(past.message, "The end date cannot be in the past");
}

#[test]
fn nobody_is_delegated_to_act_for_themself() {
    let me = party("adviser1", Some("northfield"));
    let delegation = NewDelegation {
        delegate: id("adviser1"),
        ..new(TODAY, None)
    };
    let refused = delegation
        .check(Some(&me), Some(&me), &[], day(TODAY))
        .unwrap_err();
    assert_eq!(fields(refused), ["delegateId"]);
}

#[test]
fn only_someone_of_the_same_firm_may_act_for_an_adviser() {
    let delegation = new(TODAY, None);
    for delegate in [
        party("assistant1", Some("harbour")),
        party("assistant1", None),
    ] {
        let refused = delegation
            .check(
                Some(&delegate),
                Some(&party("adviser1", Some("northfield"))),
                &[],
                day(TODAY),
            )
            .unwrap_err();
        assert_eq!(
            refused.errors[0].message,
            "Only someone at the adviser's own firm can act for them"
        );
    }
}

#[test]
fn unknown_advisers_are_not_found() {
    let delegation = new(TODAY, None);
    let known = party("adviser1", Some("northfield"));
    let missing_delegate = delegation
        .check(None, Some(&known), &[], day(TODAY))
        .unwrap_err();
    assert_eq!(
        missing_delegate.kind,
        crate::errors::RejectionKind::NotFound
    );
    assert!(missing_delegate.message.contains("assistant1"));
    let missing_principal = delegation
        .check(Some(&known), None, &[], day(TODAY))
        .unwrap_err();
    assert_eq!(
        missing_principal.kind,
        crate::errors::RejectionKind::NotFound
    );
}

#[test]
fn an_overlapping_delegation_between_the_same_two_is_refused_and_a_later_one_is_not() {
    let existing = [ExistingDelegation {
        delegate: id("assistant1"),
        principal: id("adviser1"),
        period: period("2026-11-01", Some("2026-12-31"), None),
    }];
    assert_eq!(
        fields(check(&new("2026-12-31", None), &existing).unwrap_err()),
        ["from"]
    );
    assert_eq!(check(&new("2027-01-01", None), &existing), Ok(()));
    // Another person's delegation to the same adviser is no duplicate.
    let someone_else = [ExistingDelegation {
        delegate: id("adviser2"),
        ..existing[0].clone()
    }];
    assert_eq!(check(&new(TODAY, None), &someone_else), Ok(()));
    // An ended one no longer stands in the way from its end.
    let ended = [ExistingDelegation {
        period: period("2026-11-01", None, Some(TODAY)),
        ..existing[0].clone()
    }];
    assert_eq!(check(&new(TODAY, None), &ended), Ok(()));
}

#[test]
fn the_fixed_indemnity_percentage_is_a_percentage_or_absent() {
    let with = |value: Option<f64>| UxSettings {
        fixed_indemnity_percentage: value,
        ..UxSettings::default()
    };
    for ok in [None, Some(0.0), Some(100.0), Some(33.33)] {
        assert_eq!(check_flags(&with(ok)), Ok(()), "{ok:?}");
    }
    for bad in [Some(-0.01), Some(100.01), Some(33.333)] {
        let refused = check_flags(&with(bad)).unwrap_err();
        assert_eq!(fields(refused), ["fixedIndemnityPercentage"], "{bad:?}");
    }
}

#[test]
fn a_location_name_is_trimmed_bounded_and_unique_in_its_firm() {
    assert_eq!(
        check_location_name("  Harrogate ", ["Leeds"]).unwrap(),
        "Harrogate"
    );
    assert!(check_location_name("   ", []).is_err());
    assert!(check_location_name(&"x".repeat(100), []).is_ok());
    assert!(check_location_name(&"x".repeat(101), []).is_err());
    let taken = check_location_name("leeds", ["Leeds", "York"]).unwrap_err();
    assert_eq!(
        taken.message,
        "The firm already has a location with this name"
    );
}

#[test]
fn the_care_role_is_the_administrators_when_both_are_held_and_none_for_underwriters() {
    assert_eq!(CareRole::of(&Roles::parse(["CCA"])), Some(CareRole::Cca));
    assert_eq!(
        CareRole::of(&Roles::parse(["cca", "ccaAdmin"])),
        Some(CareRole::CcaAdmin)
    );
    assert_eq!(
        CareRole::of(&Roles::parse(["ccaadmin", "underwriter"])),
        None
    );
    assert_eq!(CareRole::of(&Roles::parse([])), None);
    assert!(CareRole::CcaAdmin.manages_advisers());
    assert!(!CareRole::Cca.manages_advisers());
}

#[test]
fn change_kinds_read_back_from_their_codes() {
    for kind in [
        ChangeKind::Flags,
        ChangeKind::Location,
        ChangeKind::DelegationAdded,
        ChangeKind::DelegationEnded,
        ChangeKind::LocationAdded,
        ChangeKind::LocationRenamed,
    ] {
        assert_eq!(ChangeKind::parse(kind.code()), Some(kind));
    }
    assert_eq!(ChangeKind::parse("other"), None);
}
