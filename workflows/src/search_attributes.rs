//! Search attributes that make each journey findable in the Temporal Web UI (by adviser,
//! firm, stage, client name, what it waits for and the day it last changed; docs/case-handlers.md
//! has the queries). They must be registered on the namespace before a workflow upserts them;
//! [`crate::worker::ensure_search_attributes`] does that at start-up.

use chrono::{DateTime, NaiveDate, Utc};
use domain::Application;
use temporalio_common::protos::temporal::api::enums::v1::IndexedValueType;
use temporalio_common::search_attributes::{
    SearchAttributeKey, SearchAttributeUpdate, SearchAttributes, Timestamp,
};

pub const ADVISER_ID: SearchAttributeKey<String> = SearchAttributeKey::keyword("AdviserId");
pub const FIRM_ID: SearchAttributeKey<String> = SearchAttributeKey::keyword("FirmId");
pub const APPLICATION_STAGE: SearchAttributeKey<String> =
    SearchAttributeKey::keyword("ApplicationStage");
pub const CLIENT_NAMES: SearchAttributeKey<String> = SearchAttributeKey::text("ClientNames");
/// Who or what must act next (`domain::application::WaitingFor::code`).
pub const WAITING_FOR: SearchAttributeKey<String> = SearchAttributeKey::keyword("WaitingFor");
/// The UK day of the last change, as midnight UTC of that day, so `LastChangeDay <
/// "2026-11-18T00:00:00Z"` finds cases last changed before 18 November in summer and winter.
pub const LAST_CHANGE_DAY: SearchAttributeKey<Timestamp> =
    SearchAttributeKey::datetime("LastChangeDay");
/// When the case's durable timer is due (a quote's valid-until, a consent's 12 months, a later
/// start date, a cancellation window), or [`NO_DEADLINE`] when none runs. A time in the past
/// means the workflow has not acted on it: no worker is running the case.
pub const NEXT_DEADLINE: SearchAttributeKey<Timestamp> =
    SearchAttributeKey::datetime("NextDeadline");

/// Whether evidence an underwriter asked for is past the date first given (chased at least
/// once, `Application::is_evidence_overdue`): `WaitingFor = "evidence" AND EvidenceOverdue =
/// true` finds overdue evidence. False on every other case, from its start.
pub const EVIDENCE_OVERDUE: SearchAttributeKey<bool> = SearchAttributeKey::bool("EvidenceOverdue");

/// A step of the case (a local activity) that keeps failing, by its name in the history, or
/// [`NOT_FAILING`] once it has succeeded. Never written for a case whose steps all succeeded at
/// once (see `application::steps`).
pub const FAILING_STEP: SearchAttributeKey<String> = SearchAttributeKey::keyword("FailingStep");
/// `FailingStep` once the failing step has succeeded (never removed, as `NextDeadline`).
pub const NOT_FAILING: &str = "none";

/// `NextDeadline` of a case with no timer running, in seconds since 1970: 9999-12-31T00:00:00Z,
/// never overdue. The attribute is never removed: the SDK sends a removal as an empty payload,
/// which this Temporal server refuses (the workflow task fails), so "none" is a value of its own.
pub const NO_DEADLINE: i64 = 253_402_214_400;

/// Every attribute the workflows write, with its type, for registering on a namespace.
pub fn registered() -> [(&'static str, IndexedValueType); 9] {
    [
        (ADVISER_ID.name(), ADVISER_ID.indexed_value_type()),
        (FIRM_ID.name(), FIRM_ID.indexed_value_type()),
        (
            APPLICATION_STAGE.name(),
            APPLICATION_STAGE.indexed_value_type(),
        ),
        (CLIENT_NAMES.name(), CLIENT_NAMES.indexed_value_type()),
        (WAITING_FOR.name(), WAITING_FOR.indexed_value_type()),
        (LAST_CHANGE_DAY.name(), LAST_CHANGE_DAY.indexed_value_type()),
        (NEXT_DEADLINE.name(), NEXT_DEADLINE.indexed_value_type()),
        (FAILING_STEP.name(), FAILING_STEP.indexed_value_type()),
        (
            EVIDENCE_OVERDUE.name(),
            EVIDENCE_OVERDUE.indexed_value_type(),
        ),
    ]
}

/// What a case is found by, as last written to Temporal. The workflow writes the attributes
/// only when one of them changes, and only those that changed: each write is a history event
/// and a row written to Temporal's visibility store, most commands change none of them (the
/// day of the last change moves at most once a day), and a new application's workflow is
/// started with them already set ([`Findable::at_start`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Findable {
    adviser: String,
    firm: Option<String>,
    stage: String,
    names: String,
    waiting: &'static str,
    last_change_day: NaiveDate,
    next_deadline: Option<DateTime<Utc>>,
    evidence_overdue: bool,
}

impl Findable {
    pub fn of(application: &Application) -> Findable {
        Findable {
            adviser: application.adviser_id.to_string(),
            firm: application.firm_id.clone(),
            stage: application.status.code().to_owned(),
            names: application.client_names(),
            waiting: application.waiting_for().code(),
            last_change_day: application.last_change_day(),
            next_deadline: application.next_deadline(),
            evidence_overdue: application.is_evidence_overdue(),
        }
    }

    pub fn updates(&self) -> Vec<SearchAttributeUpdate> {
        self.changes_since(None)
    }

    /// The attributes that differ from `before` (all of them when nothing was written yet).
    /// None is ever removed: a firm is fixed at creation, and a deadline has `NO_DEADLINE`.
    pub fn changes_since(&self, before: Option<&Findable>) -> Vec<SearchAttributeUpdate> {
        let differs =
            |same: fn(&Findable, &Findable) -> bool| before.is_none_or(|b| !same(self, b));
        let mut changes = Vec::new();
        if differs(|a, b| a.adviser == b.adviser) {
            changes.push(ADVISER_ID.value_set(self.adviser.clone()));
        }
        if let Some(firm) = &self.firm
            && differs(|a, b| a.firm == b.firm)
        {
            changes.push(FIRM_ID.value_set(firm.clone()));
        }
        if differs(|a, b| a.stage == b.stage) {
            changes.push(APPLICATION_STAGE.value_set(self.stage.clone()));
        }
        if differs(|a, b| a.names == b.names) {
            changes.push(CLIENT_NAMES.value_set(self.names.clone()));
        }
        if differs(|a, b| a.waiting == b.waiting) {
            changes.push(WAITING_FOR.value_set(self.waiting.to_owned()));
        }
        if differs(|a, b| a.last_change_day == b.last_change_day) {
            changes.push(LAST_CHANGE_DAY.value_set(day(self.last_change_day)));
        }
        if differs(|a, b| a.next_deadline == b.next_deadline) {
            let at = self.next_deadline.map_or(NO_DEADLINE, |at| at.timestamp());
            changes.push(NEXT_DEADLINE.value_set(Timestamp::new(at, 0)));
        }
        if differs(|a, b| a.evidence_overdue == b.evidence_overdue) {
            changes.push(EVIDENCE_OVERDUE.value_set(self.evidence_overdue));
        }
        changes
    }

    /// The attributes a new application's workflow is started with.
    pub fn at_start(application: &Application) -> SearchAttributes {
        SearchAttributes::new(Findable::of(application).updates())
    }
}

/// The attributes a Qi enquiry's workflow is started with: its adviser, firm and client's
/// name, so a case handler finds it as they find an application.
pub fn qi_at_start(record: &domain::qi::QiRecord) -> SearchAttributes {
    let mut updates = vec![
        ADVISER_ID.value_set(record.adviser_id.to_string()),
        CLIENT_NAMES.value_set(record.client_name()),
    ];
    if let Some(firm) = &record.firm_id {
        updates.push(FIRM_ID.value_set(firm.clone()));
    }
    SearchAttributes::new(updates)
}

/// A day as midnight UTC of that date.
fn day(date: NaiveDate) -> Timestamp {
    Timestamp::new(
        date.and_time(chrono::NaiveTime::MIN).and_utc().timestamp(),
        0,
    )
}
