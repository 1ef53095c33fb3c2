use super::*;
use crate::applicant::{ApplicantDetails, Gender};
use crate::application::{AddApplicant, QUOTE_NOT_EDITABLE};
use crate::errors::RejectionKind;
use crate::ids::{AdviserId, ApplicationId};
use crate::testkit::*;
use chrono::TimeZone;

fn alan() -> ApplicantId {
    applicant_id("a1")
}

/// Alan (`a1`), with only what a quote needs: gender and date of birth.
fn app() -> Application {
    let command = AddApplicant {
        applicant_id: alan(),
        details: ApplicantDetails {
            gender: Some(Gender::Male),
            date_of_birth: Some(date(1985, 6, 23)),
            ..Default::default()
        },
        indication: None,
    };
    new_application().apply(&command, now()).unwrap()
}

fn input(product: ProductType) -> CoverInput {
    CoverInput {
        product_type: product,
        ..life_cover()
    }
}

fn add(app: &Application, id: &str, cover: CoverInput) -> Result<Application, Rejection> {
    add_cover(app, "a1", id, cover)
}

fn ids(app: &Application) -> Vec<&str> {
    app.applicants[0]
        .covers
        .iter()
        .map(|c| c.id.as_str())
        .collect()
}

#[test]
fn an_added_cover_is_kept_with_its_id_and_sorted_by_product() {
    let one = add(&app(), "c-ci", input(ProductType::CriticalIllness)).unwrap();
    let two = add(&one, "c-life", input(ProductType::Life)).unwrap();
    assert_eq!(ids(&two), ["c-life", "c-ci"]);
    assert_eq!(two.version, app().version + 2);
    let again = add(&two, "c-life", input(ProductType::Life)).unwrap_err();
    assert_eq!(again.kind, RejectionKind::Conflict);
}

#[test]
fn unknown_applicant_or_cover_is_not_found_with_the_spec_message() {
    let mut command = AddCover {
        applicant_id: ApplicantId::parse("nobody").unwrap(),
        cover_id: "c1".into(),
        cover: input(ProductType::Life),
    };
    let missing = app().add_cover(&command, now()).unwrap_err();
    assert_eq!(
        (missing.kind, missing.message.as_str()),
        (RejectionKind::NotFound, "Applicant not found")
    );
    command.applicant_id = alan();
    let with_cover = app().add_cover(&command, now()).unwrap();
    let gone = with_cover
        .remove_cover(
            &RemoveCover {
                applicant_id: alan(),
                cover_id: "zzz".into(),
            },
            now(),
        )
        .unwrap_err();
    assert_eq!(
        (gone.kind, gone.message.as_str()),
        (RejectionKind::NotFound, COVER_NOT_FOUND)
    );
}

#[test]
fn childrens_cover_needs_an_adult_cover_and_only_one_is_allowed() {
    let children = input(ProductType::ChildrensCriticalIllness);
    let alone = add(&app(), "k", children.clone()).unwrap_err();
    assert_eq!(alone.errors[0].message, CHILDREN_COVER_NEEDS_ADULT_COVER);
    let with_life = add(&app(), "l", input(ProductType::Life)).unwrap();
    let with_children = add(&with_life, "k", children.clone()).unwrap();
    assert_eq!(
        add(&with_children, "k2", children).unwrap_err().errors[0].message,
        ONE_CHILDREN_COVER
    );
}

#[test]
fn removing_the_last_adult_cover_takes_the_childrens_cover_and_its_riders_go_with_it() {
    let mut ci = input(ProductType::CriticalIllness);
    ci.riders = vec![RiderInput {
        rider_type: RiderType::Ccic,
        cover_amount: Money::from_pounds(10_000),
    }];
    let with_ci = add(&app(), "ci", ci).unwrap();
    assert_eq!(with_ci.applicants[0].covers[0].riders[0].id, "ci-ccic");
    let with_children = add(&with_ci, "k", input(ProductType::ChildrensCriticalIllness)).unwrap();
    let remove = |app: &Application, id: &str| {
        app.remove_cover(
            &RemoveCover {
                applicant_id: alan(),
                cover_id: id.into(),
            },
            now(),
        )
        .unwrap()
    };
    let without_children = remove(&with_children, "k");
    assert!(
        without_children.applicants[0].covers[0].riders.is_empty(),
        "§4 ccic removal clears riders"
    );
    let nothing = remove(&with_children, "ci");
    assert!(
        nothing.applicants[0].covers.is_empty(),
        "§4 two-cover removal takes ccic too"
    );
}

#[test]
fn editing_keeps_the_payout_plan_refuses_a_new_product_and_ignores_no_change() {
    let base = add(&app(), "c1", input(ProductType::Life)).unwrap();
    let planned = base
        .set_payout_planner_used(
            &SetPayoutPlannerUsed {
                applicant_id: alan(),
                cover_id: "c1".into(),
                is_payout_planner_used: true,
            },
            now(),
        )
        .unwrap();
    let mut bigger = input(ProductType::Life);
    bigger.cover_amount = Money::from_pounds(200_000);
    let edit = |cover: CoverInput| {
        planned.edit_cover(
            &EditCover {
                applicant_id: alan(),
                cover_id: "c1".into(),
                cover,
            },
            now(),
        )
    };
    let edited = edit(bigger).unwrap();
    assert_eq!(
        edited.applicants[0].covers[0].cover_amount,
        Money::from_pounds(200_000)
    );
    assert!(edited.applicants[0].covers[0].is_payout_planner_used);
    assert_eq!(
        edit(input(ProductType::Life)).unwrap().version,
        planned.version,
        "no change, no write"
    );
    let other = edit(input(ProductType::CriticalIllness)).unwrap_err();
    assert_eq!(other.errors[0].field, "productType");
}

#[test]
fn the_amount_must_be_the_products_kind_and_riders_appear_once() {
    let mut ip = input(ProductType::IncomeProtection);
    let wrong = add(&app(), "c", ip.clone()).unwrap_err();
    assert_eq!(wrong.errors[0].field, "coverAmount");
    ip.cover_amount = None;
    ip.monthly_benefit = Money::from_pounds(2_000);
    assert!(add(&app(), "c", ip).is_ok());
    let mut life = input(ProductType::Life);
    let tpd = RiderInput {
        rider_type: RiderType::Tpd,
        cover_amount: Money::from_pounds(1_000),
    };
    life.riders = vec![tpd.clone(), tpd];
    assert_eq!(
        add(&app(), "c", life).unwrap_err().errors[0].message,
        ONE_RIDER_OF_EACH_TYPE
    );
    let bad_id = add(&app(), "has space", input(ProductType::Life)).unwrap_err();
    assert_eq!(bad_id.errors[0].field, "id");
}

#[test]
fn a_locked_quote_refuses_cover_changes() {
    let mut locked = app();
    locked.quote_stage.is_quote_editable = false;
    let refused = add(&locked, "c", input(ProductType::Life)).unwrap_err();
    assert_eq!(refused.message, QUOTE_NOT_EDITABLE);
}

#[test]
fn a_price_moves_to_the_quote_stage_and_any_later_change_makes_it_stale() {
    let with_cover = add(&app(), "c1", input(ProductType::Life)).unwrap();
    let priced = with_cover.record_quote(quote(&with_cover, 2_345), now());
    assert_eq!(priced.status, ApplicationStage::Quote);
    assert_eq!(
        priced.applicants[0].covers[0].premium,
        Money::from_pence(2_345)
    );
    assert_eq!(
        priced.quote_stage.valid_until,
        NaiveDate::from_ymd_opt(2026, 12, 22)
    );
    assert_eq!(
        priced.quote_stage.quote_age_date,
        NaiveDate::from_ymd_opt(2026, 11, 22)
    );
    assert!(!priced.is_quote_expired(NaiveDate::from_ymd_opt(2026, 12, 22).unwrap()));
    assert!(priced.is_quote_expired(NaiveDate::from_ymd_opt(2026, 12, 23).unwrap()));
    let changed = add(&priced, "c2", input(ProductType::CriticalIllness)).unwrap();
    assert!(changed.quote_stage.quote.is_none());
    assert!(
        changed.applicants[0]
            .covers
            .iter()
            .all(|c| c.premium.is_none())
    );
    assert_eq!(
        changed.quote_stage.quote_age_date, priced.quote_stage.quote_age_date,
        "ages stay on the quote age date"
    );
}

#[test]
fn catalogue_findings_replace_the_errors_shown_on_each_cover() {
    let with_cover = add(&app(), "c1", input(ProductType::Life)).unwrap();
    let error = CoverError {
        message: "Too much".into(),
        status: None,
        field: Some("coverAmount".into()),
    };
    let checked =
        with_cover.with_cover_checks(&vec![("c1".into(), vec![error.clone(), error.clone()])]);
    assert_eq!(
        checked.applicants[0].covers[0].errors,
        [error],
        "de-duplicated by message"
    );
    let cleared = checked.with_cover_checks(&vec![]);
    assert!(cleared.applicants[0].covers[0].errors.is_empty());
}

#[test]
fn page_statuses_follow_the_clients_the_covers_and_the_price() {
    let complete = |app: &Application, today: NaiveDate, id: &str| {
        app.sections(today)
            .iter()
            .find(|s| s.id == id)
            .unwrap()
            .is_complete
    };
    let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
    let empty = Application::new(
        ApplicationId::new(100001).unwrap(),
        AdviserId::parse("adviser1").unwrap(),
        None,
        now(),
    );
    assert!(!complete(&empty, today, "planbuilder"), "no clients yet");
    let with_cover = add(&app(), "c1", input(ProductType::Life)).unwrap();
    assert!(complete(&with_cover, today, "planbuilder"));
    assert!(!complete(&with_cover, today, "planquote"), "not priced");
    let priced = with_cover.record_quote(quote(&with_cover, 2_345), now());
    assert!(complete(&priced, today, "planquote"));
    let expired = NaiveDate::from_ymd_opt(2026, 12, 23).unwrap();
    assert!(
        !complete(&priced, expired, "planquote"),
        "an expired quote needs a requote"
    );
    let view = priced.view(today);
    assert_eq!(view.sections.len(), 7);
    assert!(!view.tabs_complete);
}

#[test]
fn an_expired_quote_is_withdrawn_and_the_next_price_is_a_new_quote() {
    let with_cover = add(&app(), "c1", input(ProductType::Life)).unwrap();
    let priced = with_cover.record_quote(quote(&with_cover, 2_345), now());
    // Valid until 22 December 2026 (GMT): expires at midnight starting the 23rd.
    assert_eq!(
        priced.quote_expires_at(),
        Some(Utc.with_ymd_and_hms(2026, 12, 23, 0, 0, 0).unwrap())
    );
    let later = Utc.with_ymd_and_hms(2026, 12, 23, 0, 0, 0).unwrap();
    let expired = priced.expire_quote(later);
    assert!(expired.quote_stage.quote.is_none());
    assert_eq!(
        expired.quote_stage.quote_expired_on,
        NaiveDate::from_ymd_opt(2026, 12, 22)
    );
    assert!(expired.is_quote_expired(NaiveDate::from_ymd_opt(2026, 12, 23).unwrap()));
    assert_eq!(expired.applicants[0].covers.len(), 1, "the covers stay");
    assert_eq!(expired.quote_expires_at(), None, "nothing left to expire");
    let mut requote = quote(&expired, 2_400);
    requote.quote_age_date = NaiveDate::from_ymd_opt(2026, 12, 23).unwrap();
    requote.quote_created_date = NaiveDate::from_ymd_opt(2026, 12, 23).unwrap();
    let repriced = expired.record_quote(requote, later);
    assert_eq!(
        repriced.quote_stage.quote_age_date,
        NaiveDate::from_ymd_opt(2026, 12, 23)
    );
    assert_eq!(
        repriced.quote_stage.valid_until,
        NaiveDate::from_ymd_opt(2027, 1, 22)
    );
    assert!(!repriced.is_quote_expired(NaiveDate::from_ymd_opt(2026, 12, 23).unwrap()));
}

#[test]
fn an_upsell_raises_only_the_amount_even_at_the_decision() {
    let base = add(&app(), "c1", input(ProductType::Life)).unwrap();
    let mut at_decision = base.clone();
    at_decision.status = ApplicationStage::Decision;
    at_decision.quote_stage.is_quote_editable = false;
    let upsell = |app: &Application, cover: CoverInput| {
        app.upsell_cover(
            &EditCover {
                applicant_id: alan(),
                cover_id: "c1".into(),
                cover,
            },
            now(),
        )
    };
    let mut more = input(ProductType::Life);
    more.cover_amount = Money::from_pounds(150_000);
    let raised = upsell(&at_decision, more.clone()).unwrap();
    assert_eq!(
        raised.applicants[0].covers[0].cover_amount,
        Money::from_pounds(150_000)
    );
    assert!(raised.quote_stage.quote.is_none());
    let mut less = input(ProductType::Life);
    less.cover_amount = Money::from_pounds(99_999);
    assert_eq!(
        upsell(&at_decision, less).unwrap_err().errors[0].message,
        UPSELL_UP_ONLY
    );
    let mut longer = more.clone();
    longer.term = Some(25);
    assert_eq!(
        upsell(&at_decision, longer).unwrap_err().errors[0].message,
        UPSELL_AMOUNT_ONLY
    );
    assert_eq!(
        upsell(&at_decision, input(ProductType::Life))
            .unwrap()
            .version,
        at_decision.version
    );
    let mut applied = base;
    applied.status = ApplicationStage::Underwriting;
    assert_eq!(upsell(&applied, more).unwrap_err().message, UPSELL_STAGE);
}

#[test]
fn an_upsell_at_the_decision_keeps_the_terms_and_withdraws_the_decision_price() {
    use crate::decision::Decision;
    let base = add(&app(), "c1", input(ProductType::Life)).unwrap();
    let mut at_decision = base.clone();
    at_decision.status = ApplicationStage::Decision;
    at_decision.quote_stage.is_quote_editable = false;
    at_decision.applicants[0].covers[0].decision = Some(Decision::StandardTerms);
    at_decision.decision.is_decision_valid = true;
    at_decision.decision.proceeded_at = Some(now());
    assert!(at_decision.can_upsell_cover());
    assert!(at_decision.view(now().date_naive()).can_upsell_cover);
    let upsell = |app: &Application, pounds: u64| {
        let mut more = input(ProductType::Life);
        more.cover_amount = Money::from_pounds(pounds);
        app.upsell_cover(
            &EditCover {
                applicant_id: alan(),
                cover_id: "c1".into(),
                cover: more,
            },
            now(),
        )
    };
    // One pound more is an increase; the same amount changes nothing.
    let raised = upsell(&at_decision, 100_001).unwrap();
    assert_eq!(
        raised.applicants[0].covers[0].decision,
        Some(Decision::StandardTerms),
        "the terms stay"
    );
    assert!(!raised.decision.is_decision_valid, "priced again");
    assert!(raised.decision.proceeded_at.is_none(), "proceed again");
    assert_eq!(
        upsell(&at_decision, 100_000).unwrap().version,
        at_decision.version
    );

    let mut declined = at_decision.clone();
    declined.applicants[0].covers[0].decision = Some(Decision::Declined);
    assert_eq!(
        upsell(&declined, 150_000).unwrap_err().message,
        UPSELL_NOT_OFFERED
    );

    let mut in_force = at_decision.clone();
    in_force.set_up.active = true;
    assert!(!in_force.can_upsell_cover());
    assert_eq!(
        upsell(&in_force, 150_000).unwrap_err().message,
        UPSELL_STAGE
    );

    let mut quote = base;
    quote.status = ApplicationStage::Quote;
    assert!(
        !quote.can_upsell_cover(),
        "an open quote is edited, not upsold"
    );
    assert!(
        upsell(&quote, 150_000).is_ok(),
        "but the call is still taken"
    );
}
