//! What a case is waiting for, in one word and in a sentence: what case handlers filter by in
//! the Temporal Web UI (the `WaitingFor` search attribute) and read in the case's summary line.
//! Derived from the application alone, so the workflow, the read model and the tests agree.

use super::Application;
use crate::decision::Decision;
use crate::formats;
use crate::policy::PolicyStatus;
use crate::stage::ApplicationStage;
use chrono::NaiveDate;

/// Who or what must act next for the case to move on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WaitingFor {
    /// The adviser: to quote, apply, answer the interview, review the decision or set up.
    Adviser,
    /// An underwriter, to review a referred case: to ask for evidence, or to decide.
    Underwriter,
    /// Medical evidence an underwriter asked for, or a report held for the client to see
    /// first: the provider must act (chased by the workflow's timer).
    Evidence,
    /// A later start date the adviser chose: the policies go on risk that day by themselves.
    StartDate,
    /// Nobody: every policy is in force.
    Nothing,
}

impl WaitingFor {
    pub const ALL: [WaitingFor; 5] = [
        WaitingFor::Adviser,
        WaitingFor::Underwriter,
        WaitingFor::Evidence,
        WaitingFor::StartDate,
        WaitingFor::Nothing,
    ];

    /// The value of the `WaitingFor` search attribute (`WaitingFor = "evidence"`).
    pub fn code(self) -> &'static str {
        match self {
            WaitingFor::Adviser => "adviser",
            WaitingFor::Underwriter => "underwriter",
            WaitingFor::Evidence => "evidence",
            WaitingFor::StartDate => "startDate",
            WaitingFor::Nothing => "nothing",
        }
    }
}

impl Application {
    /// Who or what the case is waiting for now.
    pub fn waiting_for(&self) -> WaitingFor {
        match self.status {
            ApplicationStage::Underwriting if self.awaits_evidence() => WaitingFor::Evidence,
            ApplicationStage::Underwriting => WaitingFor::Underwriter,
            ApplicationStage::Decision if self.awaiting_start().is_some() => WaitingFor::StartDate,
            ApplicationStage::WentOnRisk => WaitingFor::Nothing,
            ApplicationStage::CreateQuote
            | ApplicationStage::Quote
            | ApplicationStage::Apply
            | ApplicationStage::Decision => WaitingFor::Adviser,
        }
    }

    /// What the case is waiting for, as a case handler reads it in the Web UI: "Waiting for
    /// medical evidence for Alan Turing, referred on 03/03/2027".
    pub fn waiting_sentence(&self) -> String {
        match self.waiting_for() {
            WaitingFor::Evidence => {
                format!("Waiting for medical evidence: {}", self.awaited_evidence())
            }
            WaitingFor::Underwriter => format!(
                "Waiting for an underwriter to review {}{}",
                self.referred(Decision::is_referral),
                self.underwriting
                    .referral
                    .claim
                    .as_ref()
                    .map(|c| format!(" (with {})", c.underwriter.name))
                    .unwrap_or_default()
            ),
            WaitingFor::StartDate => format!(
                "Waiting for the start date: the policies go on risk on {}",
                self.awaiting_start().map(formats::date).unwrap_or_default()
            ),
            WaitingFor::Nothing => self.in_force_sentence(),
            WaitingFor::Adviser => format!("Waiting for the adviser to {}", self.advisers_step()),
        }
    }

    /// The UK day of the last change: the `LastChangeDay` search attribute, by which a case
    /// untouched for days is found. A day, not a moment, so it is written at most once a day.
    pub fn last_change_day(&self) -> NaiveDate {
        crate::dates::uk_date(self.updated_at)
    }

    /// "GP report from The Surgery for Alan Turing, expected by 12/12/2026" for each request
    /// outstanding or held.
    fn awaited_evidence(&self) -> String {
        self.workbench_entry()
            .map(|entry| {
                entry
                    .evidence
                    .iter()
                    .map(|e| {
                        let when = match e.status {
                            super::EvidenceStatus::Held => "held until",
                            _ => "expected by",
                        };
                        format!(
                            "{} for {}, {when} {}",
                            e.evidence,
                            e.client,
                            formats::date(e.due)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("; ")
            })
            .unwrap_or_default()
    }

    /// "Alan Turing, referred on 03/03/2027" for each client with a cover decided as `which`.
    fn referred(&self, which: impl Fn(Decision) -> bool) -> String {
        self.applicants
            .iter()
            .filter(|a| a.covers.iter().any(|c| c.decision.is_some_and(&which)))
            .map(|a| {
                let on = self
                    .enquiry_of(&a.id)
                    .and_then(|e| e.closed_at)
                    .map(|at| format!(", referred on {}", formats::date(crate::dates::uk_date(at))))
                    .unwrap_or_default();
                format!("{}{on}", named(&a.full_name()))
            })
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// The start date of policies put in force to start later, while they wait for it.
    fn awaiting_start(&self) -> Option<NaiveDate> {
        self.set_up
            .policies
            .iter()
            .filter(|p| p.status == PolicyStatus::AwaitingStart)
            .map(|p| p.starts_on)
            .min()
    }

    fn in_force_sentence(&self) -> String {
        let window = self
            .set_up
            .policies
            .iter()
            .filter(|p| !p.cancellation_window_closed)
            .map(|p| p.cancellation_ends_on)
            .max();
        match window {
            Some(ends) => format!(
                "Nothing: the policies are in force; the cancellation window ends on {}",
                formats::date(ends)
            ),
            None => "Nothing: the policies are in force and the journey has ended".to_owned(),
        }
    }

    /// The adviser's next step at the case's stage.
    fn advisers_step(&self) -> String {
        match self.status {
            ApplicationStage::CreateQuote => {
                "add the clients and their covers and price a quote".into()
            }
            ApplicationStage::Quote => {
                match (&self.quote_stage.quote, self.quote_stage.quote_expired_on) {
                    (Some(_), _) => match self.quote_stage.valid_until {
                        Some(until) => {
                            format!("apply; the quote is valid until {}", formats::date(until))
                        }
                        None => "apply".into(),
                    },
                    (None, Some(expired)) => format!(
                        "price the quote again; it expired on {}",
                        formats::date(expired)
                    ),
                    (None, None) => "price the quote again after a change".into(),
                }
            }
            ApplicationStage::Apply => {
                let unfinished: Vec<String> = self
                    .applicants
                    .iter()
                    .filter(|a| self.enquiry_of(&a.id).is_none_or(|e| e.is_open))
                    .map(|a| named(&a.full_name()))
                    .collect();
                if unfinished.is_empty() {
                    "apply".into()
                } else {
                    format!(
                        "finish the underwriting interview of {}",
                        unfinished.join(" and ")
                    )
                }
            }
            ApplicationStage::Decision if self.decision.proceeded_at.is_some() => {
                "set up the policy and put it in force".into()
            }
            ApplicationStage::Decision => "review the decision and proceed".into(),
            ApplicationStage::Underwriting | ApplicationStage::WentOnRisk => String::new(),
        }
    }
}

/// A client's name, or "a client without a name yet".
fn named(full_name: &str) -> String {
    if full_name.is_empty() {
        "a client without a name yet".to_owned()
    } else {
        full_name.to_owned()
    }
}

#[cfg(test)]
mod tests;
