//! The stages of an application (§2). The application's rules move a case between them and the
//! journey's page rules read them (`journey`), so the stage is a value of its own that
//! both use, and neither module needs the other for it.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// §2.
/// Stages of an application, in journey order.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ApplicationStage {
    CreateQuote,
    Quote,
    Apply,
    Underwriting,
    Decision,
    WentOnRisk,
}

impl ApplicationStage {
    /// The stages the dashboard's In Progress tab lists when no stage is chosen: every stage
    /// but Went on risk, whose cases are found under Policyholders.
    pub const IN_PROGRESS: [ApplicationStage; 5] = [
        ApplicationStage::CreateQuote,
        ApplicationStage::Quote,
        ApplicationStage::Apply,
        ApplicationStage::Underwriting,
        ApplicationStage::Decision,
    ];

    pub const ALL: [ApplicationStage; 6] = [
        ApplicationStage::CreateQuote,
        ApplicationStage::Quote,
        ApplicationStage::Apply,
        ApplicationStage::Underwriting,
        ApplicationStage::Decision,
        ApplicationStage::WentOnRisk,
    ];

    /// The wire name, as in JSON and the `status` search filter.
    pub fn code(self) -> &'static str {
        match self {
            ApplicationStage::CreateQuote => "CREATE_QUOTE",
            ApplicationStage::Quote => "QUOTE",
            ApplicationStage::Apply => "APPLY",
            ApplicationStage::Underwriting => "UNDERWRITING",
            ApplicationStage::Decision => "DECISION",
            ApplicationStage::WentOnRisk => "WENT_ON_RISK",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.code() == code)
    }

    /// Where a case stands as advisers read it, on each page's stage tag and in the dashboard's
    /// list alike (issue 32): the stage's label, told apart where the stage alone would mislead.
    /// An applied case is in its interviews; a proceeded decision is being set up; policies put
    /// in force to start later are issued, though the case waits at Decision until that day.
    pub fn progress_label(self, proceeded: bool, issued: bool) -> &'static str {
        match self {
            ApplicationStage::Apply => "Interviews",
            ApplicationStage::Decision if issued => "Policies issued",
            ApplicationStage::Decision if proceeded => "Set-up",
            stage => stage.label(),
        }
    }

    // §2: pre-quote, quote, underwriting, decision.
    /// The label advisers see on the dashboard's stage filter.
    pub fn label(self) -> &'static str {
        match self {
            ApplicationStage::CreateQuote => "Pre-quote",
            ApplicationStage::Quote => "Quote",
            ApplicationStage::Apply => "Apply",
            ApplicationStage::Underwriting => "Underwriting",
            ApplicationStage::Decision => "Decision",
            ApplicationStage::WentOnRisk => "Went on risk",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ApplicationStage::*;

    #[test]
    fn the_progress_label_tells_interviews_set_up_and_issued_policies_apart() {
        assert_eq!(Apply.progress_label(false, false), "Interviews");
        assert_eq!(Decision.progress_label(false, false), "Decision");
        assert_eq!(Decision.progress_label(true, false), "Set-up");
        assert_eq!(Decision.progress_label(true, true), "Policies issued");
        assert_eq!(WentOnRisk.progress_label(true, true), "Went on risk");
        assert_eq!(Underwriting.progress_label(false, false), "Underwriting");
        assert_eq!(CreateQuote.progress_label(false, false), "Pre-quote");
    }
}
