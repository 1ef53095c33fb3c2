use super::*;
use ApplicationStage::*;
use proptest::prelude::*;

fn pages(complete: &[PageKey]) -> PageStatuses {
    let mut pages = PageStatuses::default();
    for key in complete {
        *pages.flag(*key) = true;
    }
    pages
}

fn every_page() -> PageStatuses {
    pages(&PageKey::ALL)
}

fn state(status: ApplicationStage, editable: bool, pages: PageStatuses) -> JourneyState {
    JourneyState {
        status,
        is_quote_editable: editable,
        pages,
    }
}

fn tab(status: ApplicationStage, editable: bool, complete: &[PageKey], step: Step) -> StepState {
    state(status, editable, pages(complete)).step(step)
}

const NOT_UNDERWRITING: [ApplicationStage; 4] = [CreateQuote, Quote, Apply, Decision];

#[test]
fn each_stage_opens_on_its_route() {
    let routes = [
        (CreateQuote, Step::ClientDetails),
        (Quote, Step::Quote),
        (Apply, Step::Application),
        (Decision, Step::Decision),
        (Underwriting, Step::Decision),
        (WentOnRisk, Step::Complete),
    ];
    for (stage, step) in routes {
        assert_eq!(route(stage), step, "{stage:?}");
    }
}

#[test]
fn each_stage_has_its_page_key_and_setup_its_own() {
    let keys: Vec<Option<&str>> = ApplicationStage::ALL
        .into_iter()
        .map(|s| PageKey::of_stage(s).map(PageKey::code))
        .collect();
    assert_eq!(
        keys,
        [
            Some("planbuilder"),
            Some("planquote"),
            Some("plandetails"),
            Some("underwriting"),
            Some("decision"),
            None
        ]
    );
    assert_eq!(Step::Setup.page(), Some(PageKey::Setup));
    for key in PageKey::ALL {
        assert_eq!(PageKey::parse(key.code()), Some(key));
        assert_eq!(serde_json::to_value(key).unwrap(), key.code());
    }
}

#[test]
fn steps_have_the_specs_ids_and_labels_in_order() {
    let steps: Vec<(&str, &str)> = Step::ALL.iter().map(|s| (s.id(), s.label())).collect();
    assert_eq!(
        steps,
        [
            ("clientDetails", "Client details"),
            ("quote", "Quote"),
            ("contactDetails", "Contact details"),
            ("application", "Application (underwriting)"),
            ("amra", "AMRA"),
            ("decision", "Decision"),
            ("setup", "Set-up"),
            ("review", "Review"),
            ("complete", "Complete"),
        ]
    );
    for step in Step::ALL {
        assert_eq!(Step::parse(step.id()), Some(step));
        assert_eq!(serde_json::to_value(step).unwrap(), step.id());
    }
}

#[test]
fn once_on_risk_every_tab_is_open_whatever_the_pages_say() {
    for pages in [PageStatuses::default(), every_page()] {
        for editable in [false, true] {
            for tab in state(WentOnRisk, editable, pages).steps() {
                assert!(tab.enabled && !tab.locked, "{tab:?}");
            }
        }
    }
}

#[test]
fn client_details_is_always_enabled() {
    for status in ApplicationStage::ALL {
        assert!(tab(status, false, &[], Step::ClientDetails).enabled);
    }
}

#[test]
fn client_details_is_locked_during_underwriting_even_when_the_quote_is_editable() {
    assert!(tab(Underwriting, true, &PageKey::ALL, Step::ClientDetails).locked);
}

#[test]
fn client_details_is_locked_when_the_quote_is_not_editable_at_any_stage_before_risk() {
    for status in NOT_UNDERWRITING {
        assert!(
            tab(status, false, &[], Step::ClientDetails).locked,
            "{status:?}"
        );
        assert!(
            !tab(status, true, &[], Step::ClientDetails).locked,
            "{status:?}"
        );
    }
}

#[test]
fn quote_is_disabled_until_client_details_are_complete() {
    for status in NOT_UNDERWRITING {
        assert!(!tab(status, true, &[], Step::Quote).enabled, "{status:?}");
        assert!(tab(status, true, &[PageKey::Planbuilder], Step::Quote).enabled);
    }
}

#[test]
fn quote_is_disabled_during_underwriting_even_with_client_details_complete() {
    assert!(!tab(Underwriting, true, &PageKey::ALL, Step::Quote).enabled);
}

#[test]
fn quote_is_never_locked_even_when_not_editable() {
    for status in ApplicationStage::ALL {
        assert!(!tab(status, false, &PageKey::ALL, Step::Quote).locked);
    }
}

#[test]
fn contact_details_needs_client_details_and_is_locked_only_during_underwriting() {
    assert!(!tab(Apply, true, &[PageKey::Planquote], Step::ContactDetails).enabled);
    let open = tab(Apply, true, &[PageKey::Planbuilder], Step::ContactDetails);
    assert!(open.enabled && !open.locked);
    let during = tab(
        Underwriting,
        true,
        &[PageKey::Planbuilder],
        Step::ContactDetails,
    );
    assert!(during.enabled && during.locked);
}

#[test]
fn underwriting_before_applying_needs_the_quote_complete() {
    for status in [CreateQuote, Quote] {
        assert!(!tab(status, true, &[PageKey::Planbuilder], Step::Application).enabled);
        assert!(tab(status, true, &[PageKey::Planquote], Step::Application).enabled);
    }
}

#[test]
fn underwriting_once_applied_does_not_wait_for_the_quote_page() {
    assert!(tab(Apply, true, &[], Step::Application).enabled);
    assert!(tab(Decision, true, &[], Step::Application).enabled);
}

#[test]
fn underwriting_during_underwriting_needs_its_own_step_complete() {
    assert!(!tab(Underwriting, true, &[PageKey::Planquote], Step::Application).enabled);
    assert!(
        tab(
            Underwriting,
            true,
            &[PageKey::Underwriting],
            Step::Application
        )
        .enabled
    );
}

#[test]
fn underwriting_is_never_locked() {
    for status in ApplicationStage::ALL {
        assert!(!tab(status, false, &PageKey::ALL, Step::Application).locked);
    }
}

#[test]
fn amra_needs_the_quote_complete_and_stays_open_in_underwriting() {
    assert!(!tab(Apply, true, &[PageKey::Planbuilder], Step::Amra).enabled);
    let open = tab(Apply, true, &[PageKey::Planquote], Step::Amra);
    assert!(open.enabled && !open.locked);
    let during = tab(Underwriting, true, &[PageKey::Planquote], Step::Amra);
    assert!(during.enabled && !during.locked, "W3");
}

#[test]
fn decision_needs_underwriting_complete_at_every_stage_before_risk() {
    for status in [CreateQuote, Quote, Apply, Underwriting, Decision] {
        let others: Vec<PageKey> = PageKey::ALL
            .into_iter()
            .filter(|k| *k != PageKey::Underwriting)
            .collect();
        assert!(
            !tab(status, true, &others, Step::Decision).enabled,
            "{status:?}"
        );
        assert!(tab(status, true, &[PageKey::Underwriting], Step::Decision).enabled);
    }
}

#[test]
fn set_up_needs_client_details_and_the_decision_proceeded_and_is_locked_in_underwriting() {
    assert!(!tab(Decision, true, &[PageKey::Decision], Step::Setup).enabled);
    assert!(
        !tab(Decision, true, &[PageKey::Planbuilder], Step::Setup).enabled,
        "no link to set-up before the adviser proceeds from the decision (AJ15)"
    );
    let open = tab(
        Decision,
        true,
        &[PageKey::Planbuilder, PageKey::Decision],
        Step::Setup,
    );
    assert!(open.enabled && !open.locked);
    assert!(tab(Underwriting, true, &[PageKey::Planbuilder], Step::Setup).locked);
}

#[test]
fn amra_is_ticked_by_its_own_page_not_by_the_contact_details() {
    assert!(!tab(Apply, true, &[PageKey::Plandetails], Step::Amra).complete);
    assert!(tab(Apply, true, &[PageKey::Amra], Step::Amra).complete);
}

#[test]
fn all_tabs_are_complete_when_every_page_but_setup_is() {
    // §2's pages: AMRA's own page (AJ15) is not one of them.
    let without_setup: Vec<PageKey> = PageKey::ALL
        .into_iter()
        .filter(|k| !matches!(k, PageKey::Setup | PageKey::Amra))
        .collect();
    assert!(pages(&without_setup).all_tabs_complete());
    assert!(every_page().all_tabs_complete());
    for missing in without_setup.iter().copied() {
        let rest: Vec<PageKey> = without_setup
            .iter()
            .copied()
            .filter(|k| *k != missing)
            .collect();
        assert!(!pages(&rest).all_tabs_complete(), "{missing:?} missing");
    }
    assert!(!pages(&[PageKey::Setup]).all_tabs_complete());
}

#[test]
fn review_needs_every_tab_and_set_up_complete() {
    let without_setup: Vec<PageKey> = PageKey::ALL
        .into_iter()
        .filter(|k| *k != PageKey::Setup)
        .collect();
    assert!(!tab(Decision, true, &without_setup, Step::Review).enabled);
    assert!(tab(Decision, true, &PageKey::ALL, Step::Review).enabled);
}

#[test]
fn complete_opens_and_shows_done_only_on_risk() {
    for status in [CreateQuote, Quote, Apply, Underwriting, Decision] {
        let done = tab(status, true, &PageKey::ALL, Step::Complete);
        assert!(!done.enabled && !done.complete, "{status:?}");
        assert!(!tab(status, true, &PageKey::ALL, Step::Review).complete);
    }
    assert!(tab(WentOnRisk, true, &[], Step::Complete).complete);
    assert!(tab(WentOnRisk, true, &[], Step::Review).complete);
}

#[test]
fn each_step_is_complete_when_its_page_is() {
    let expected = [
        (Step::ClientDetails, PageKey::Planbuilder),
        (Step::Quote, PageKey::Planquote),
        (Step::ContactDetails, PageKey::Plandetails),
        (Step::Application, PageKey::Underwriting),
        (Step::Amra, PageKey::Amra),
        (Step::Decision, PageKey::Decision),
        (Step::Setup, PageKey::Setup),
    ];
    for (step, key) in expected {
        assert!(tab(Quote, true, &[key], step).complete, "{step:?}");
        let others: Vec<PageKey> = PageKey::ALL.into_iter().filter(|k| *k != key).collect();
        assert!(!tab(Quote, true, &others, step).complete, "{step:?}");
    }
}

#[test]
fn page_statuses_are_read_from_the_servers_sections() {
    let section = |id: &str, done: bool| Section {
        id: id.into(),
        name: String::new(),
        is_complete: done,
    };
    let read = PageStatuses::from_sections(&[
        section("planbuilder", true),
        section("planquote", false),
        section("somethingNew", true),
        section("Setup", true),
        section("setup", true),
    ]);
    assert_eq!(read, pages(&[PageKey::Planbuilder, PageKey::Setup]));
    let parsed: Vec<Section> =
        serde_json::from_str(r#"[{"id":"decision","name":"Decision","isComplete":true}]"#).unwrap();
    assert!(PageStatuses::from_sections(&parsed).decision);
}

#[test]
fn a_missing_page_is_not_complete() {
    let pages: PageStatuses = serde_json::from_str(r#"{"planbuilder": true}"#).unwrap();
    assert!(pages.planbuilder && !pages.planquote && !pages.setup);
}

fn any_state() -> impl Strategy<Value = JourneyState> {
    (
        0usize..6,
        any::<bool>(),
        proptest::collection::vec(any::<bool>(), 6),
    )
        .prop_map(|(stage, editable, flags)| {
            let mut pages = PageStatuses::default();
            for (key, done) in PageKey::ALL.into_iter().zip(flags) {
                *pages.flag(key) = done;
            }
            state(ApplicationStage::ALL[stage], editable, pages)
        })
}

proptest! {
    #[test]
    fn only_underwriting_or_an_uneditable_quote_locks_a_tab(s in any_state()) {
        for tab in s.steps() {
            if tab.locked {
                let uneditable = tab.step == Step::ClientDetails && !s.is_quote_editable;
                prop_assert!(s.status == Underwriting || uneditable, "{:?}", tab);
            }
        }
    }

    #[test]
    fn completeness_never_depends_on_status_before_risk(s in any_state()) {
        for tab in s.steps() {
            if let Some(page) = tab.step.page() {
                prop_assert_eq!(tab.complete, s.pages.is_complete(page));
            }
        }
    }

    #[test]
    fn the_stages_route_is_enabled_whenever_its_prerequisite_pages_are_complete(s in any_state()) {
        let mut ready = s;
        ready.pages = every_page();
        prop_assert!(ready.step(route(ready.status)).enabled);
    }
}
