//! The medical evidence an underwriter can ask for on a referred case, and the insurer's
//! defaults for each kind (`product/underwriting/evidence.json`, sample data): how long it
//! usually takes to arrive, how far each chase moves the expected date, who provides it when
//! the underwriter names nobody, and whether it is a medical report under the Access to
//! Medical Reports Act 1988. Such a report needs the client's AMRA consent (§4) and is held
//! for 21 days when the client asked to see it first (§9, docs/decisions.md W4).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A kind of evidence (issue 30: GP report, supplementary GP report, medical examination by
/// nurse screening, specialist report, blood tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum EvidenceKind {
    GpReport,
    SupplementaryGpReport,
    MedicalExamination,
    SpecialistReport,
    BloodTests,
}

impl EvidenceKind {
    pub const ALL: [EvidenceKind; 5] = [
        EvidenceKind::GpReport,
        EvidenceKind::SupplementaryGpReport,
        EvidenceKind::MedicalExamination,
        EvidenceKind::SpecialistReport,
        EvidenceKind::BloodTests,
    ];

    /// The wire name (`gpReport`).
    pub fn code(self) -> &'static str {
        match self {
            EvidenceKind::GpReport => "gpReport",
            EvidenceKind::SupplementaryGpReport => "supplementaryGpReport",
            EvidenceKind::MedicalExamination => "medicalExamination",
            EvidenceKind::SpecialistReport => "specialistReport",
            EvidenceKind::BloodTests => "bloodTests",
        }
    }
}

/// The insurer's defaults for one kind of evidence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EvidenceSettings {
    pub kind: EvidenceKind,
    /// How advisers and underwriters read it: "GP report".
    pub label: String,
    /// Who provides it when the underwriter names nobody ("the nurse screening service");
    /// none means the client's own doctor, as recorded on the AMRA step.
    #[serde(default)]
    #[schema(required = true)]
    pub provider: Option<String>,
    /// Days from the request to the date it is expected by, unless the underwriter gives one.
    pub expected_within_days: u32,
    /// Days a chase moves the expected date on, from the day of the chase.
    pub chase_every_days: u32,
    // docs/decisions.md W4.
    /// A report by a doctor who cares for the client: it needs AMRA consent and is held when
    /// the client asked to see it.
    pub medical_report: bool,
}

/// Every kind's defaults, read once from the product folder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EvidenceCatalogue {
    pub kinds: Vec<EvidenceSettings>,
}

/// The longest a default may be, in days: evidence not expected within six months is not
/// evidence an underwriter waits for.
pub(crate) const MAX_EVIDENCE_DAYS: u32 = 183;
/// Longest label or provider, in characters.
pub(crate) const MAX_EVIDENCE_LABEL_CHARS: usize = 100;

impl EvidenceCatalogue {
    /// Reads `evidence.json`: every kind exactly once, a label, and days from 1 to
    /// `MAX_EVIDENCE_DAYS`. The error names the kind at fault.
    pub fn parse(json: &str) -> Result<Self, String> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct File {
            #[serde(rename = "_about")]
            _about: Option<String>,
            kinds: Vec<EvidenceSettings>,
        }
        let file: File = serde_json::from_str(json).map_err(|e| e.to_string())?;
        for kind in EvidenceKind::ALL {
            let count = file.kinds.iter().filter(|k| k.kind == kind).count();
            if count != 1 {
                return Err(format!(
                    "{} must be listed once, not {count} times",
                    kind.code()
                ));
            }
        }
        for settings in &file.kinds {
            let code = settings.kind.code();
            let label_ok = |text: &str| {
                !text.trim().is_empty() && text.chars().count() <= MAX_EVIDENCE_LABEL_CHARS
            };
            if !label_ok(&settings.label) {
                return Err(format!(
                    "{code}: the label must be 1 to {MAX_EVIDENCE_LABEL_CHARS} characters"
                ));
            }
            if settings.provider.as_deref().is_some_and(|p| !label_ok(p)) {
                return Err(format!(
                    "{code}: the provider must be 1 to {MAX_EVIDENCE_LABEL_CHARS} characters, or null for the client's doctor"
                ));
            }
            for (name, days) in [
                ("expectedWithinDays", settings.expected_within_days),
                ("chaseEveryDays", settings.chase_every_days),
            ] {
                if !(1..=MAX_EVIDENCE_DAYS).contains(&days) {
                    return Err(format!(
                        "{code}: {name} must be from 1 to {MAX_EVIDENCE_DAYS} days, not {days}"
                    ));
                }
            }
        }
        let mut kinds = file.kinds;
        kinds.sort_by_key(|k| EvidenceKind::ALL.iter().position(|a| *a == k.kind));
        Ok(Self { kinds })
    }

    pub fn settings(&self, kind: EvidenceKind) -> &EvidenceSettings {
        self.kinds
            .iter()
            .find(|k| k.kind == kind)
            .unwrap_or_else(|| unreachable!("parse lists every kind once"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = include_str!("../../../product/underwriting/evidence.json");

    #[test]
    fn the_sample_lists_every_kind_once_with_gp_reports_from_the_clients_doctor() {
        let catalogue = EvidenceCatalogue::parse(SAMPLE).unwrap();
        assert_eq!(catalogue.kinds.len(), EvidenceKind::ALL.len());
        let gp = catalogue.settings(EvidenceKind::GpReport);
        assert_eq!(gp.label, "GP report");
        assert!(gp.medical_report && gp.provider.is_none());
        let bloods = catalogue.settings(EvidenceKind::BloodTests);
        assert!(!bloods.medical_report && bloods.provider.is_some());
    }

    fn with(kinds: &str) -> String {
        format!(r#"{{"kinds": [{kinds}]}}"#)
    }

    fn kind(code: &str, expected: u32, chase: u32) -> String {
        format!(
            r#"{{"kind": "{code}", "label": "L", "expectedWithinDays": {expected}, "chaseEveryDays": {chase}, "medicalReport": false}}"#
        )
    }

    fn all_but(first: &str) -> String {
        EvidenceKind::ALL[1..]
            .iter()
            .map(|k| kind(k.code(), 14, 7))
            .chain(std::iter::once(first.to_owned()))
            .collect::<Vec<_>>()
            .join(",")
    }

    #[test]
    fn days_are_read_from_one_to_six_months_and_the_fault_is_named() {
        assert!(EvidenceCatalogue::parse(&with(&all_but(&kind("gpReport", 1, 183)))).is_ok());
        let zero = EvidenceCatalogue::parse(&with(&all_but(&kind("gpReport", 0, 7)))).unwrap_err();
        assert!(zero.contains("gpReport: expectedWithinDays"), "{zero}");
        let long =
            EvidenceCatalogue::parse(&with(&all_but(&kind("gpReport", 7, 184)))).unwrap_err();
        assert!(long.contains("chaseEveryDays"), "{long}");
    }

    #[test]
    fn a_missing_or_repeated_kind_is_refused() {
        let missing = EvidenceCatalogue::parse(&with(&kind("gpReport", 7, 7))).unwrap_err();
        assert!(missing.contains("supplementaryGpReport must be listed once, not 0"));
        let twice = all_but(&kind("gpReport", 7, 7)) + "," + &kind("gpReport", 7, 7);
        let repeated = EvidenceCatalogue::parse(&with(&twice)).unwrap_err();
        assert!(repeated.contains("gpReport must be listed once, not 2"));
    }
}
