//! Journey rules over the whole application (§4, §5): when it is complete, whether it may be
//! priced, applied for, or proceed after the decision, restricted cover, requoting, unlocking
//! the quote, and activation.

use super::Application;
use crate::applicant::{Requirement, check_details};
use crate::cover::{Cover, is_restricted_cover};
use crate::errors::{Errors, Rejection};
use crate::journey::{PageKey, PageStatuses, Section};
use crate::stage::ApplicationStage;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Whether the quote can be priced: `ready`, `needsCovers` (a client without a cover) or
/// `needsFixes` (a cover or rider breaking a catalogue limit, named in its `errors`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PriceReadiness {
    Ready,
    NeedsCovers,
    NeedsFixes,
}

pub(crate) const PRICE_NEEDS_COVERS: &str = "Price needs at least one cover for both applicants";
pub(crate) const UNABLE_TO_OFFER_TERMS: &str =
    "We are unable to offer terms on at least one cover. Remove it or requote before applying.";
// docs/decisions.md HB3.
pub(crate) const RESTRICTED_COVER: &str = "A cover is restricted: reduce it to the amount shown under it before applying, or ask our new business team to arrange it";
pub(crate) const DECLARATION_NOT_ACCEPTED: &str =
    "Please accept the pre-underwriting declaration before applying";
pub(crate) const NO_APPLICANTS: &str = "Add a client before continuing";
pub(crate) const UNLOCK_TOO_LATE: &str =
    "Underwriting has started: requote from the decision to change the quote";

impl Application {
    pub(crate) fn covers(&self) -> impl Iterator<Item = &Cover> {
        self.applicants.iter().flat_map(|a| &a.covers)
    }

    // §4 "Application completeness".
    /// Every client has at least one cover, and every cover has an id, no errors and its required
    /// fields.
    pub fn is_complete(&self) -> bool {
        !self.applicants.is_empty()
            && self
                .applicants
                .iter()
                .all(|a| !a.covers.is_empty() && a.covers.iter().all(Cover::is_complete))
    }

    // §2 tabs, §3 `sections`.
    /// The server page statuses that drive the tabs: client details are complete when every client
    /// has what a quote needs; the quote when it is complete, priced and not expired. Later pages
    /// complete in later stages.
    pub fn sections(&self, today: NaiveDate) -> Vec<Section> {
        let clients_done = !self.applicants.is_empty()
            && self.applicants.iter().all(|a| {
                check_details(&a.details, Requirement::Quote, self.age_date(today)).is_empty()
            });
        let quote_done = clients_done
            && self.is_complete()
            && self.quote_stage.quote.is_some()
            && !self.is_quote_expired(today);
        let after_quote = |stage: ApplicationStage| self.status > stage;
        PageKey::ALL
            .into_iter()
            .map(|key| {
                let is_complete = match key {
                    PageKey::Planbuilder => clients_done,
                    PageKey::Planquote => quote_done,
                    PageKey::Plandetails => {
                        after_quote(ApplicationStage::Apply)
                            || (clients_done && self.contact_errors().is_empty())
                    }
                    PageKey::Underwriting => {
                        self.is_underwriting_complete()
                            || after_quote(ApplicationStage::Underwriting)
                    }
                    // Done once the adviser proceeds from it to set-up.
                    PageKey::Decision => {
                        after_quote(ApplicationStage::Decision)
                            || self.decision.proceeded_at.is_some()
                    }
                    // Done once nothing stops the policy going in force, or it has.
                    PageKey::Setup => {
                        self.set_up.active
                            || (self.check_set_up_open().is_ok()
                                && self.activation_problems(today).is_empty())
                    }
                    // Done once every client has consented, said whether they want to see
                    // the report, and their doctor's details are complete (AJ15).
                    PageKey::Amra => self.is_amra_complete(),
                };
                Section {
                    id: key.code().to_owned(),
                    name: page_name(key).to_owned(),
                    is_complete,
                }
            })
            .collect()
    }

    // §4 restricted cover.
    /// Any cover (or rider) has an error with status 412.
    pub fn is_restricted_cover(&self) -> bool {
        is_restricted_cover(self.covers())
    }

    // §5 "Price needs at least one cover for both applicants".
    /// Pricing needs at least one cover for each client, and at least one client.
    pub fn check_can_price(&self) -> Result<(), Rejection> {
        if self.applicants.is_empty() {
            return Err(Rejection::field("applicants", NO_APPLICANTS));
        }
        let mut errors = Errors::default();
        for (i, applicant) in self.applicants.iter().enumerate() {
            if applicant.covers.is_empty() {
                errors.push(&format!("applicants[{i}].covers"), PRICE_NEEDS_COVERS);
            }
        }
        errors.into_result(())
    }

    // §5 "Price needs at least one cover for every applicant"; a cover breaking a limit cannot be
    // priced.
    /// Whether the quote can be priced as it stands, and if not, what the adviser must do first.
    pub(crate) fn price_readiness(&self) -> PriceReadiness {
        if self.check_can_price().is_err() {
            return PriceReadiness::NeedsCovers;
        }
        let broken = self
            .applicants
            .iter()
            .flat_map(|a| &a.covers)
            .any(|c| !c.errors.is_empty() || c.riders.iter().any(|r| !r.errors.is_empty()));
        if broken {
            PriceReadiness::NeedsFixes
        } else {
            PriceReadiness::Ready
        }
    }

    /// A cover change is priced in the same step when the quote is open for changes and can be
    /// priced: the adviser's one click gives the cover and its price.
    pub fn prices_with_cover_change(&self) -> bool {
        self.quote_stage.is_quote_editable && self.price_readiness() == PriceReadiness::Ready
    }

    // §5.
    /// Applying needs full client details (title, names, gender, date of birth), a complete quote,
    /// no cover unable to offer terms, and each client's pre-underwriting declaration.
    pub(crate) fn check_can_apply(&self, today: NaiveDate) -> Result<(), Rejection> {
        self.check_can_price()?;
        let mut errors = Errors::default();
        for (i, applicant) in self.applicants.iter().enumerate() {
            for error in check_details(&applicant.details, Requirement::Full, self.age_date(today))
            {
                errors.push(&format!("applicants[{i}].{}", error.field), &error.message);
            }
            if applicant.covers.iter().any(Cover::is_unable_to_offer_terms) {
                errors.push(&format!("applicants[{i}].covers"), UNABLE_TO_OFFER_TERMS);
            }
            if applicant.covers.iter().any(Cover::is_restricted) {
                errors.push(&format!("applicants[{i}].covers"), RESTRICTED_COVER);
            }
            if !applicant.is_accepted_pre_underwriting_declaration {
                errors.push(
                    &format!("applicants[{i}].isAcceptedPreUnderwritingDeclaration"),
                    DECLARATION_NOT_ACCEPTED,
                );
            }
        }
        if errors.is_empty() && !self.is_complete() {
            errors.push("covers", "Complete every cover before applying");
        }
        errors.into_result(())
    }

    // §4 "Requote removes the decision and re-underwrites if manually underwritten".
    /// Clears every cover's decision and reopens the quote; returns the application and whether it
    /// must be underwritten again.
    pub fn requote(&self, now: DateTime<Utc>) -> (Self, bool) {
        let mut next = self.clone();
        let mut manual = false;
        for cover in next.applicants.iter_mut().flat_map(|a| &mut a.covers) {
            manual |= cover
                .decision
                .is_some_and(crate::decision::Decision::was_manually_underwritten);
            cover.decision = None;
        }
        next.status = ApplicationStage::Quote;
        next.quote_stage.is_quote_editable = true;
        (next.touched(now), manual)
    }

    // §4 "Quote editing can be unlocked"; docs/decisions.md HB1.
    /// Whether the adviser is offered Unlock quote editing: the quote is locked (applying locked
    /// it) and underwriting has not started. The view carries it so the button and
    /// [`Application::unlock_quote_edit`] read the same rule.
    pub fn can_unlock_quote_edit(&self) -> bool {
        !self.quote_stage.is_quote_editable && self.status <= ApplicationStage::Apply
    }

    // §4 "Quote editing can be unlocked".
    /// Until underwriting starts, an application that was applied for goes back to the Quote stage,
    /// to be changed and applied for again. Once underwriting has started the decision's requote is
    /// the way back.
    pub fn unlock_quote_edit(&self, now: DateTime<Utc>) -> Result<Self, Rejection> {
        if self.status > ApplicationStage::Apply {
            return Err(Rejection::conflict(UNLOCK_TOO_LATE));
        }
        let mut next = self.clone();
        next.quote_stage.is_quote_editable = true;
        if next.status == ApplicationStage::Apply {
            next.status = ApplicationStage::Quote;
        }
        Ok(next.touched(now))
    }
}

fn page_name(key: PageKey) -> &'static str {
    match key {
        PageKey::Planbuilder => "Client details",
        PageKey::Planquote => "Quote",
        PageKey::Plandetails => "Contact details",
        PageKey::Underwriting => "Underwriting",
        PageKey::Decision => "Decision",
        PageKey::Setup => "Set-up",
        PageKey::Amra => "AMRA",
    }
}

// §3 `tabsComplete`.
/// Whether every tab is complete, from the sections.
pub(super) fn tabs_complete(sections: &[Section]) -> bool {
    PageStatuses::from_sections(sections).all_tabs_complete()
}

#[cfg(test)]
mod tests {
    use super::UNLOCK_TOO_LATE;
    use crate::applicant::{Applicant, ApplicantDetails, Gender, Smoking, Title};
    use crate::application::Application;
    use crate::cover::{Cover, CoverError};
    use crate::decision::Decision;
    use crate::ids::{AdviserId, ApplicantId, ApplicationId};
    use crate::money::Money;
    use crate::product_codes::{CoverType, ProductType};
    use crate::stage::ApplicationStage;
    use chrono::{DateTime, NaiveDate, TimeZone, Utc};

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()
    }

    fn today() -> NaiveDate {
        now().date_naive()
    }

    fn cover(id: &str) -> Cover {
        Cover {
            id: id.into(),
            cover_type: Some(CoverType::Level),
            cover_amount: Money::from_pounds(100_000),
            term: Some(20),
            ..Cover::new("c".into(), ProductType::Life)
        }
    }

    fn applicant(id: &str, covers: Vec<Cover>) -> Applicant {
        let mut a = Applicant::new(
            ApplicantId::parse(id).unwrap(),
            ApplicantDetails {
                title: Some(Title::Ms),
                first_name: Some("Ada".into()),
                last_name: Some("Lovelace".into()),
                gender: Some(Gender::Female),
                date_of_birth: NaiveDate::from_ymd_opt(1985, 12, 10),
                smoking: Some(Smoking::NoneInFiveYears),
            },
        );
        a.covers = covers;
        a.is_accepted_pre_underwriting_declaration = true;
        a
    }

    fn app(applicants: Vec<Applicant>) -> Application {
        let mut app = Application::new(
            ApplicationId::new(1).unwrap(),
            AdviserId::parse("a").unwrap(),
            None,
            now(),
        );
        app.applicants = applicants;
        app
    }

    #[test]
    fn an_application_is_complete_when_every_client_has_complete_covers() {
        assert!(
            app(vec![
                applicant("a", vec![cover("1")]),
                applicant("b", vec![cover("2")])
            ])
            .is_complete()
        );
        assert!(
            !app(vec![
                applicant("a", vec![cover("1")]),
                applicant("b", vec![])
            ])
            .is_complete()
        );
        assert!(!app(vec![]).is_complete());
    }

    #[test]
    fn pricing_needs_a_cover_for_each_client() {
        assert!(
            app(vec![applicant("a", vec![cover("1")])])
                .check_can_price()
                .is_ok()
        );
        let refused = app(vec![
            applicant("a", vec![cover("1")]),
            applicant("b", vec![]),
        ])
        .check_can_price()
        .unwrap_err();
        assert_eq!(refused.errors[0].field, "applicants[1].covers");
        assert_eq!(refused.errors[0].message, super::PRICE_NEEDS_COVERS);
        assert!(app(vec![]).check_can_price().is_err());
    }

    #[test]
    fn applying_is_refused_while_a_cover_is_unable_to_offer_terms() {
        let mut declined = cover("1");
        declined.decision = Some(Decision::Postponed);
        let refused = app(vec![applicant("a", vec![declined])])
            .check_can_apply(today())
            .unwrap_err();
        assert_eq!(refused.errors[0].message, super::UNABLE_TO_OFFER_TERMS);
        let mut referred = cover("1");
        referred.decision = Some(Decision::ManualUw);
        assert!(
            app(vec![applicant("a", vec![referred])])
                .check_can_apply(today())
                .is_ok()
        );
    }

    #[test]
    fn applying_needs_full_client_details_and_the_declaration() {
        let mut client = applicant("a", vec![cover("1")]);
        client.details.title = None;
        client.is_accepted_pre_underwriting_declaration = false;
        let refused = app(vec![client]).check_can_apply(today()).unwrap_err();
        let fields: Vec<&str> = refused.errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "applicants[0].title",
                "applicants[0].isAcceptedPreUnderwritingDeclaration"
            ]
        );
    }

    #[test]
    fn applying_needs_every_cover_complete() {
        let mut broken = cover("1");
        broken.errors.push(CoverError {
            message: "Too high".into(),
            status: None,
            field: None,
        });
        assert!(
            app(vec![applicant("a", vec![broken])])
                .check_can_apply(today())
                .is_err()
        );
    }

    #[test]
    fn a_quote_is_ready_to_price_when_every_client_has_a_cover_and_none_breaks_a_limit() {
        use super::PriceReadiness::{NeedsCovers, NeedsFixes, Ready};
        let error = CoverError {
            field: Some("coverAmount".into()),
            message: "too much".into(),
            status: None,
        };
        assert_eq!(app(vec![]).price_readiness(), NeedsCovers);
        let one_without = app(vec![
            applicant("a", vec![cover("1")]),
            applicant("b", vec![]),
        ]);
        assert_eq!(one_without.price_readiness(), NeedsCovers);
        let ready = app(vec![applicant("a", vec![cover("1")])]);
        assert_eq!(ready.price_readiness(), Ready);
        assert!(ready.prices_with_cover_change());
        let mut broken = cover("1");
        broken.errors = vec![error.clone()];
        assert_eq!(
            app(vec![applicant("a", vec![broken])]).price_readiness(),
            NeedsFixes
        );
        let mut rider_broken = cover("1");
        rider_broken.riders = vec![crate::cover::Rider {
            id: "1-tpd".into(),
            rider_type: crate::product_codes::RiderType::Tpd,
            cover_amount: None,
            errors: vec![error],
        }];
        assert_eq!(
            app(vec![applicant("a", vec![rider_broken])]).price_readiness(),
            NeedsFixes
        );
        let mut locked = ready.clone();
        locked.quote_stage.is_quote_editable = false;
        assert!(
            !locked.prices_with_cover_change(),
            "applying locked the quote"
        );
    }

    #[test]
    fn requoting_clears_decisions_and_asks_for_underwriting_again_only_after_manual_terms() {
        let mut standard = cover("1");
        standard.decision = Some(Decision::StandardTerms);
        let (next, again) = app(vec![applicant("a", vec![standard.clone()])]).requote(now());
        assert!(!again);
        assert!(next.applicants[0].covers[0].decision.is_none());
        assert!(next.quote_stage.is_quote_editable);
        let mut manual = cover("2");
        manual.decision = Some(Decision::ManualUw);
        let (_, again) = app(vec![applicant("a", vec![standard, manual])]).requote(now());
        assert!(again);
    }

    #[test]
    fn a_412_on_a_cover_marks_the_application_restricted() {
        let mut limited = cover("1");
        limited.errors.push(CoverError {
            message: "Limited".into(),
            status: Some(412),
            field: None,
        });
        let application = app(vec![applicant("a", vec![limited])]);
        assert!(application.is_restricted_cover());
        assert!(application.view(today()).is_restricted_cover);
        let refused = application.check_can_apply(today()).unwrap_err();
        assert_eq!(refused.errors[0].field, "applicants[0].covers");
        assert_eq!(refused.errors[0].message, super::RESTRICTED_COVER);
        assert!(
            !app(vec![applicant("a", vec![cover("1")])]).is_restricted_cover(),
            "another error is not a restriction"
        );
    }

    #[test]
    fn unlocking_returns_an_applied_case_to_the_quote_stage_but_not_once_underwriting_started() {
        let mut applied = app(vec![]);
        applied.status = ApplicationStage::Apply;
        applied.quote_stage.is_quote_editable = false;
        let unlocked = applied.unlock_quote_edit(now()).unwrap();
        assert_eq!(unlocked.status, ApplicationStage::Quote);
        assert!(unlocked.quote_stage.is_quote_editable);
        assert_eq!(unlocked.version, applied.version + 1);
        let mut underwriting = applied.clone();
        underwriting.status = ApplicationStage::Underwriting;
        let refused = underwriting.unlock_quote_edit(now()).unwrap_err();
        assert_eq!(refused.message, UNLOCK_TOO_LATE);
    }

    #[test]
    fn unlocking_is_offered_only_for_a_locked_quote_before_underwriting() {
        let mut applied = app(vec![]);
        applied.status = ApplicationStage::Apply;
        applied.quote_stage.is_quote_editable = false;
        assert!(applied.can_unlock_quote_edit(), "applying locked it");
        let mut open = applied.clone();
        open.status = ApplicationStage::Quote;
        open.quote_stage.is_quote_editable = true;
        assert!(!open.can_unlock_quote_edit(), "nothing to unlock");
        // The call is still taken on an open quote, as recorded cases sent it.
        assert!(
            open.unlock_quote_edit(now())
                .unwrap()
                .quote_stage
                .is_quote_editable
        );
        for later in [
            ApplicationStage::Underwriting,
            ApplicationStage::Decision,
            ApplicationStage::WentOnRisk,
        ] {
            let mut case = applied.clone();
            case.status = later;
            assert!(!case.can_unlock_quote_edit(), "{later:?}");
            assert!(case.unlock_quote_edit(now()).is_err(), "{later:?}");
            assert!(!case.view(today()).can_unlock_quote_edit);
        }
        assert!(applied.view(today()).can_unlock_quote_edit);
    }

    #[test]
    fn unlocking_sets_the_quote_editable() {
        let mut locked = app(vec![]);
        locked.quote_stage.is_quote_editable = false;
        assert!(
            locked
                .unlock_quote_edit(now())
                .unwrap()
                .quote_stage
                .is_quote_editable
        );
    }
}
