//! The application journey of §2: which page each stage opens on, the server's page keys, the
//! journey steps with their labels, and the tab rules that say, for each step,
//! whether its tab can be opened (`enabled`), opens read-only (`locked`), and shows as done
//! (`complete`).
//!
//! The rules are driven by what the server reports, never by what the SPA last did: the
//! application status, `isQuoteEditable`, and the completeness of each server page. The SPA
//! has a copy (`web/src/lib/rules/journey.ts`) checked against the same vectors
//! (the "journey" topic of `domain/vectors.json`). Readings of the spec are in docs/decisions.md J22 to J30.
//! The SPA's addresses (each step's page, which routes need sign-in) are its router's alone, in
//! `web/src/app/paths.ts` (docs/decisions.md EP7): nothing on the server routes by them.

use crate::stage::ApplicationStage;
use serde::{Deserialize, Serialize};

// §2 "Journey steps".
/// A journey step, then review and complete, which follow them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Step {
    ClientDetails,
    Quote,
    ContactDetails,
    Application,
    Amra,
    Decision,
    Setup,
    Review,
    Complete,
}

impl Step {
    /// In journey order.
    pub const ALL: [Step; 9] = [
        Step::ClientDetails,
        Step::Quote,
        Step::ContactDetails,
        Step::Application,
        Step::Amra,
        Step::Decision,
        Step::Setup,
        Step::Review,
        Step::Complete,
    ];

    // §2 "Journey steps".
    /// The step's id.
    pub fn id(self) -> &'static str {
        match self {
            Step::ClientDetails => "clientDetails",
            Step::Quote => "quote",
            Step::ContactDetails => "contactDetails",
            Step::Application => "application",
            Step::Amra => "amra",
            Step::Decision => "decision",
            Step::Setup => "setup",
            Step::Review => "review",
            Step::Complete => "complete",
        }
    }

    pub fn parse(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.id() == id)
    }

    // §2; "Review" and "Complete" are docs/decisions.md J24.
    /// The tab's label.
    pub fn label(self) -> &'static str {
        match self {
            Step::ClientDetails => "Client details",
            Step::Quote => "Quote",
            Step::ContactDetails => "Contact details",
            Step::Application => "Application (underwriting)",
            Step::Amra => "AMRA",
            Step::Decision => "Decision",
            Step::Setup => "Set-up",
            Step::Review => "Review",
            Step::Complete => "Complete",
        }
    }

    /// The server page whose completeness is this step's (J25); `None` for review and
    /// complete, which are done when the policy went on risk.
    pub fn page(self) -> Option<PageKey> {
        match self {
            Step::ClientDetails => Some(PageKey::Planbuilder),
            Step::Quote => Some(PageKey::Planquote),
            Step::ContactDetails => Some(PageKey::Plandetails),
            Step::Amra => Some(PageKey::Amra),
            Step::Application => Some(PageKey::Underwriting),
            Step::Decision => Some(PageKey::Decision),
            Step::Setup => Some(PageKey::Setup),
            Step::Review | Step::Complete => None,
        }
    }
}

// §2 stage-to-route table.
/// The step an application opens on at each stage. Underwriting opens on the decision page, where
/// the underwriting updates are shown.
pub fn route(stage: ApplicationStage) -> Step {
    match stage {
        ApplicationStage::CreateQuote => Step::ClientDetails,
        ApplicationStage::Quote => Step::Quote,
        ApplicationStage::Apply => Step::Application,
        ApplicationStage::Underwriting | ApplicationStage::Decision => Step::Decision,
        ApplicationStage::WentOnRisk => Step::Complete,
    }
}

// §2 "Page keys".
/// A server page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PageKey {
    Planbuilder,
    Planquote,
    Plandetails,
    Underwriting,
    Decision,
    Setup,
    /// The AMRA page (issue 32, AJ15): not one of §2's page keys, which gave AMRA the contact
    /// details page's tick; its own, so the tick means every client has answered.
    Amra,
}

impl PageKey {
    pub const ALL: [PageKey; 7] = [
        PageKey::Planbuilder,
        PageKey::Planquote,
        PageKey::Plandetails,
        PageKey::Underwriting,
        PageKey::Decision,
        PageKey::Setup,
        PageKey::Amra,
    ];

    pub fn code(self) -> &'static str {
        match self {
            PageKey::Planbuilder => "planbuilder",
            PageKey::Planquote => "planquote",
            PageKey::Plandetails => "plandetails",
            PageKey::Underwriting => "underwriting",
            PageKey::Decision => "decision",
            PageKey::Setup => "setup",
            PageKey::Amra => "amra",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.code() == code)
    }

    // §2 "Page keys".
    /// Create Quote is planbuilder, Quote planquote, Apply plandetails, Underwriting underwriting,
    /// Decision decision. Went on Risk has no page; setup's page is not a stage's.
    pub fn of_stage(stage: ApplicationStage) -> Option<Self> {
        match stage {
            ApplicationStage::CreateQuote => Some(PageKey::Planbuilder),
            ApplicationStage::Quote => Some(PageKey::Planquote),
            ApplicationStage::Apply => Some(PageKey::Plandetails),
            ApplicationStage::Underwriting => Some(PageKey::Underwriting),
            ApplicationStage::Decision => Some(PageKey::Decision),
            ApplicationStage::WentOnRisk => None,
        }
    }
}

// §3 "sections (id, name, isComplete)"; docs/decisions.md J23.
/// A journey page's status as the application's `sections` carry it: the page key (`id`:
/// planbuilder, planquote, plandetails, underwriting, decision or setup), its name, and whether it
/// is complete.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Section {
    pub id: String,
    #[serde(default)]
    #[schema(required = true)]
    pub name: String,
    pub is_complete: bool,
}

/// Which server pages are complete. A page the server did not mention is not complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PageStatuses {
    pub planbuilder: bool,
    pub planquote: bool,
    pub plandetails: bool,
    pub underwriting: bool,
    pub decision: bool,
    pub setup: bool,
    pub amra: bool,
}

impl PageStatuses {
    /// Reads the server's sections; an id that is not a page key is ignored.
    pub fn from_sections(sections: &[Section]) -> Self {
        let mut pages = Self::default();
        for section in sections {
            if let Some(key) = PageKey::parse(&section.id) {
                *pages.flag(key) = section.is_complete;
            }
        }
        pages
    }

    pub fn is_complete(&self, key: PageKey) -> bool {
        match key {
            PageKey::Planbuilder => self.planbuilder,
            PageKey::Planquote => self.planquote,
            PageKey::Plandetails => self.plandetails,
            PageKey::Underwriting => self.underwriting,
            PageKey::Decision => self.decision,
            PageKey::Setup => self.setup,
            PageKey::Amra => self.amra,
        }
    }

    fn flag(&mut self, key: PageKey) -> &mut bool {
        match key {
            PageKey::Planbuilder => &mut self.planbuilder,
            PageKey::Planquote => &mut self.planquote,
            PageKey::Plandetails => &mut self.plandetails,
            PageKey::Underwriting => &mut self.underwriting,
            PageKey::Decision => &mut self.decision,
            PageKey::Setup => &mut self.setup,
            PageKey::Amra => &mut self.amra,
        }
    }

    // §2 "All tabs count as complete when every page except setup is complete".
    /// Every one of §2's pages but set-up is complete (the application's `tabsComplete`); AMRA,
    /// not one of them, does not stop it (AJ15).
    pub fn all_tabs_complete(&self) -> bool {
        PageKey::ALL
            .into_iter()
            .filter(|key| !matches!(key, PageKey::Setup | PageKey::Amra))
            .all(|key| self.is_complete(key))
    }
}

/// What the tab rules read, all of it from the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JourneyState {
    pub status: ApplicationStage,
    pub is_quote_editable: bool,
    pub pages: PageStatuses,
}

/// One tab as the journey shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StepState {
    pub step: Step,
    /// The tab can be opened.
    pub enabled: bool,
    /// The tab opens read-only (J26).
    pub locked: bool,
    /// The tab shows as done.
    pub complete: bool,
}

impl JourneyState {
    /// Every step's tab, in journey order.
    pub fn steps(&self) -> [StepState; 9] {
        Step::ALL.map(|step| self.step(step))
    }

    // §2 tab availability rules; docs/decisions.md J27.
    /// One step's tab. Once the status is went-on-risk every tab is open: enabled and not locked.
    pub fn step(&self, step: Step) -> StepState {
        let on_risk = self.status == ApplicationStage::WentOnRisk;
        StepState {
            step,
            enabled: on_risk || self.enabled(step),
            locked: !on_risk && self.locked(step),
            complete: self.complete(step),
        }
    }

    fn enabled(&self, step: Step) -> bool {
        let pages = &self.pages;
        let underwriting = self.status == ApplicationStage::Underwriting;
        match step {
            Step::ClientDetails => true,
            // "Quote is disabled until client details are complete, or during underwriting."
            Step::Quote => pages.planbuilder && !underwriting,
            // "Contact details needs client details complete".
            Step::ContactDetails => pages.planbuilder,
            // "Set-up needs client details complete"; it opens only once the adviser proceeds
            // from the decision, so until then it is no link to a closed page (AJ15).
            Step::Setup => pages.planbuilder && pages.decision,
            // "Underwriting needs its own step complete or the status not underwriting. It
            // also needs the quote complete with the status not yet applied." (J28)
            Step::Application => {
                let applied = self.status >= ApplicationStage::Apply;
                (pages.underwriting || !underwriting) && (pages.planquote || applied)
            }
            // "AMRA needs the quote complete".
            Step::Amra => pages.planquote,
            // "Decision needs underwriting complete."
            Step::Decision => pages.underwriting,
            // Review once every tab and set-up are complete; complete once on risk (J29).
            Step::Review => pages.all_tabs_complete() && pages.setup,
            Step::Complete => false,
        }
    }

    fn locked(&self, step: Step) -> bool {
        let underwriting = self.status == ApplicationStage::Underwriting;
        match step {
            // "Client details is locked while the status is underwriting or when the quote is
            // not editable."
            Step::ClientDetails => underwriting || !self.is_quote_editable,
            // "... is locked during underwriting". AMRA, "locked in underwriting", stays open:
            // the underwriter's GP report needs consent the adviser may only then be asked for
            // (docs/decisions.md W3).
            Step::ContactDetails | Step::Setup => underwriting,
            Step::Amra
            | Step::Quote
            | Step::Application
            | Step::Decision
            | Step::Review
            | Step::Complete => false,
        }
    }

    fn complete(&self, step: Step) -> bool {
        match step.page() {
            Some(page) => self.pages.is_complete(page),
            None => self.status == ApplicationStage::WentOnRisk,
        }
    }
}

#[cfg(test)]
mod tests;
