//! The underwriting rulebook from `product/underwriting/`: the interview, the lists its
//! backed questions search, the rules as a GoRules JSON Decision Model graph run by the ZEN
//! engine, and the evidence an underwriter can ask for. Loaded and checked once at start-up: a rulebook whose rows name an unknown
//! decision or cover, repeat a rule id, or give an answer the portal cannot read stops the
//! process with the file and the problem, instead of reaching an adviser.

use crate::product_definition::ProductError;
use chrono::{DateTime, NaiveDate, Utc};
use domain::cover::Cover;
use domain::decision::Decision;
use domain::underwriting::dictionary::{BackedList, BackedOption};
use domain::underwriting::evidence::EvidenceCatalogue;
use domain::underwriting::interview::{BACKED_CONDITIONS, BACKED_OCCUPATIONS, Interview};
use domain::underwriting::outcome::{ApplicantOutcome, Finding, Risk, decide};
use domain::underwriting::record::EnquiryRecord;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use zen_engine::model::{DecisionContent, DecisionNodeKind, GraphContent};
use zen_engine::{DecisionEngine, EvaluationOptions};

/// The rulebook, ready to use.
pub struct Rulebook {
    pub interview: Interview,
    pub conditions: BackedList,
    pub occupations: BackedList,
    /// `evidence.json`: what an underwriter can ask for on a referred case, and each kind's
    /// defaults.
    pub evidence: EvidenceCatalogue,
    decision: zen_engine::Decision,
    /// Each rule id's table name and row number (from 1), for the explanation.
    rows: HashMap<String, (String, usize)>,
}

impl std::fmt::Debug for Rulebook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rulebook")
            .field("version", &self.interview.version)
            .field("rules", &self.rows.len())
            .finish_non_exhaustive()
    }
}

/// A row as the engine returns it; numbers may arrive as decimals.
#[derive(Deserialize)]
struct RawFinding {
    rule: String,
    decision: String,
    risks: Vec<String>,
    #[serde(default)]
    loading: Option<f64>,
    #[serde(default)]
    exclusion: Option<String>,
    #[serde(default)]
    evidence: Option<String>,
    reason: String,
    #[serde(default)]
    answers: Vec<String>,
    #[serde(default, rename = "loadingInstead")]
    loading_instead: Option<f64>,
}

fn read(path: &Path) -> Result<String, ProductError> {
    std::fs::read_to_string(path).map_err(|e| ProductError {
        path: path.to_owned(),
        message: e.to_string(),
    })
}

fn problem(path: PathBuf) -> impl Fn(String) -> ProductError {
    move |message| ProductError {
        path: path.clone(),
        message,
    }
}

/// Reads a constant cell of a row (`"manualuw"`, `["life", "ci"]`) as JSON.
fn constant(cell: &str) -> Option<Value> {
    serde_json::from_str(cell.trim()).ok()
}

impl Rulebook {
    /// Reads `underwriting/` under the product folder.
    pub fn load(product_dir: &Path) -> Result<Self, ProductError> {
        let dir = product_dir.join("underwriting");
        let conditions_path = dir.join("conditions.csv");
        let conditions = BackedList::conditions(
            &read(&conditions_path)?,
            &read(&dir.join("word-forms.csv"))?,
        )
        .map_err(problem(conditions_path))?;
        let occupations_path = dir.join("occupations.csv");
        let occupations = BackedList::occupations(&read(&occupations_path)?)
            .map_err(problem(occupations_path))?;
        let interview_path = dir.join("interview.json");
        let interview = Interview::parse(&read(&interview_path)?, &conditions.categories())
            .map_err(problem(interview_path.clone()))?;
        let evidence_path = dir.join("evidence.json");
        let evidence =
            EvidenceCatalogue::parse(&read(&evidence_path)?).map_err(problem(evidence_path))?;
        let rules_path = dir.join("rules.json");
        let graph: GraphContent = serde_json::from_str(&read(&rules_path)?)
            .map_err(|e| problem(rules_path.clone())(e.to_string()))?;
        let rows = Self::check_rows(&graph).map_err(problem(rules_path.clone()))?;
        Self::check_indication_asks_what_rules_read(&graph, &interview)
            .map_err(problem(interview_path.clone()))?;
        let mut decision = DecisionEngine::default()
            .create_decision(Arc::new(DecisionContent::from(graph)))
            .map_err(|e| problem(rules_path.clone())(e.to_string()))?;
        decision.compile();
        decision
            .validate()
            .map_err(|e| problem(rules_path.clone())(e.to_string()))?;
        let rulebook = Self {
            interview,
            conditions,
            occupations,
            evidence,
            decision,
            rows,
        };
        // Run it once on facts that reach every table, so an expression that cannot be
        // evaluated, or an output the portal cannot read, is found now.
        rulebook
            .findings_blocking(&Self::probe_facts())
            .map_err(problem(rules_path))?;
        Ok(rulebook)
    }

    /// Every decision table's rows: a unique rule id, a known decision, known covers.
    fn check_rows(content: &GraphContent) -> Result<HashMap<String, (String, usize)>, String> {
        let mut rows = HashMap::new();
        for node in &content.nodes {
            let DecisionNodeKind::DecisionTableNode { content: table } = &node.kind else {
                continue;
            };
            let column = |field: &str| {
                table
                    .outputs
                    .iter()
                    .find(|o| &*o.field == field)
                    .map(|o| o.id.clone())
                    .ok_or_else(|| format!("table {}: no output column {field}", node.name))
            };
            let (rule_col, decision_col, risks_col) =
                (column("rule")?, column("decision")?, column("risks")?);
            for field in ["reason", "loading", "exclusion", "evidence", "answers"] {
                column(field)?;
            }
            for (index, row) in table.rules.iter().enumerate() {
                let at = format!("table {} row {}", node.name, index + 1);
                let cell = |col: &Arc<str>| row.get(col).map(|c| c.to_string()).unwrap_or_default();
                let rule = constant(&cell(&rule_col))
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .ok_or_else(|| format!("{at}: the rule id must be a quoted text"))?;
                let decision = constant(&cell(&decision_col))
                    .and_then(|v| v.as_str().and_then(Decision::parse));
                if decision.is_none() {
                    return Err(format!(
                        "{at} ({rule}): the decision must be one of §4's decision values"
                    ));
                }
                let risks: Option<Vec<Risk>> =
                    constant(&cell(&risks_col)).and_then(|v| serde_json::from_value(v).ok());
                if risks.is_none_or(|r| r.is_empty()) {
                    return Err(format!(
                        "{at} ({rule}): covers must be a list of life, ci, ip, tpd"
                    ));
                }
                for input in table.inputs.iter() {
                    let cell = cell(&input.id);
                    if !cell.trim().is_empty() {
                        zen_expression::compile_unary_expression(&cell).map_err(|e| {
                            format!(
                                "{at} ({rule}): the {} cell {cell:?} cannot be read: {e}",
                                input.name
                            )
                        })?;
                    }
                }
                for output in table.outputs.iter() {
                    let cell = cell(&output.id);
                    zen_expression::compile_expression(&cell).map_err(|e| {
                        format!(
                            "{at} ({rule}): the {} cell {cell:?} cannot be read: {e}",
                            output.name
                        )
                    })?;
                }
                if rows
                    .insert(rule.clone(), (node.name.to_string(), index + 1))
                    .is_some()
                {
                    return Err(format!("{at}: the rule id {rule} is used twice"));
                }
            }
        }
        if rows.is_empty() {
            return Err("the graph has no decision table rows".into());
        }
        Ok(rows)
    }

    // §1 Qi; docs/decisions.md QI2.
    /// A quick indication asks the lines tagged for Qi; every question whose fact a rule reads
    /// must be among them, or Qi would indicate terms on an answer it never asked for.
    fn check_indication_asks_what_rules_read(
        content: &GraphContent,
        interview: &Interview,
    ) -> Result<(), String> {
        let read: HashSet<String> = content
            .nodes
            .iter()
            .filter_map(|node| match &node.kind {
                DecisionNodeKind::DecisionTableNode { content: table } => Some(table),
                _ => None,
            })
            .flat_map(|table| table.inputs.iter())
            .filter_map(|input| input.field.as_deref())
            .map(|field| field.split('.').next().unwrap_or(field).to_owned())
            .collect();
        let asked = interview.for_indication();
        for section in &interview.sections {
            for line in &section.lines {
                let in_qi = asked
                    .sections
                    .iter()
                    .flat_map(|s| &s.lines)
                    .any(|l| l.id == line.id);
                if in_qi {
                    continue;
                }
                if let Some(question) = line
                    .questions
                    .iter()
                    .find(|q| q.fact.as_deref().is_some_and(|f| read.contains(f)))
                {
                    return Err(format!(
                        "line {}: the rules read {} ({}), so the line must be tagged QI or \
                         QI_CLIENT for a quick indication to ask it",
                        line.id,
                        question.fact.as_deref().unwrap_or_default(),
                        question.tag
                    ));
                }
            }
        }
        Ok(())
    }

    /// Facts that reach every table at least once.
    fn probe_facts() -> Value {
        json!({
            "age": 40, "bmi": 41.0, "cigarettesPerDay": 45,
            "occupation": {"id": "Roofer", "name": "Roofer", "category": "4"},
            "hazardousDuties": true, "alcoholUnits": 40, "drugs": ["cocaine"], "drugsYearsSinceUse": 1.0,
            "pursuits": ["motor-racing"], "travelRegions": ["asia"], "travelWeeks": 20,
            "conditions": [{"category": "diabetes", "name": "Type 2 diabetes", "diabetesType": "type2", "hba1c": 60.0, "complications": false}],
            "familyHistory": ["heart"], "familyHistoryCount": 2, "gpPending": true,
            "huntingtonsTestPositive": true
        })
    }

    pub fn version(&self) -> &str {
        &self.interview.version
    }

    /// The list an `OPTION_BACKED` question searches.
    pub fn list(&self, name: &str) -> Option<&BackedList> {
        match name {
            BACKED_CONDITIONS => Some(&self.conditions),
            BACKED_OCCUPATIONS => Some(&self.occupations),
            _ => None,
        }
    }

    /// Looks up the options a batch of answers names in their questions' lists; the ids not
    /// found are left for the interview's own check to name.
    pub fn resolve(&self, answers: &[domain::underwriting::Answer]) -> Vec<BackedOption> {
        answers
            .iter()
            .filter_map(|a| {
                let list = self.interview.question(&a.tag)?.backed_by.as_deref()?;
                Some((self.list(list)?, a.value.clone()))
            })
            .flat_map(|(list, value)| {
                domain::underwriting::answers::values(&value)
                    .filter_map(|id| list.get(id).cloned())
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    /// The rows that fire on `facts`. The engine's future is not `Send`, so it runs to
    /// completion on the calling thread (decision tables are pure computation, microseconds).
    pub fn findings_blocking(&self, facts: &Value) -> Result<Vec<Finding>, String> {
        let response = futures::executor::block_on(self.decision.evaluate_with_opts(
            facts.clone().into(),
            EvaluationOptions {
                trace: false,
                max_depth: 5,
            },
        ))
        .map_err(|e| format!("the rules could not be evaluated: {e}"))?;
        let result: Value = response.result.to_value();
        let mut raw = Vec::new();
        collect_findings(result.get("findings").unwrap_or(&Value::Null), &mut raw);
        raw.into_iter()
            .map(|value| {
                let row: RawFinding = serde_json::from_value(value.clone()).map_err(|e| {
                    format!("a rule gave an answer the portal cannot read ({e}): {value}")
                })?;
                let decision = Decision::parse(&row.decision).ok_or_else(|| {
                    format!("rule {}: unknown decision {}", row.rule, row.decision)
                })?;
                let risks = row
                    .risks
                    .iter()
                    .map(|r| {
                        serde_json::from_value(json!(r))
                            .map_err(|_| format!("rule {}: unknown cover {r}", row.rule))
                    })
                    .collect::<Result<Vec<Risk>, String>>()?;
                let (table, number) = self.rows.get(&row.rule).cloned().unwrap_or_default();
                Ok(Finding {
                    loading: row.loading.map_or(0, |l| l.max(0.0).round() as u32),
                    exclusion: row.exclusion.filter(|e| !e.is_empty()),
                    evidence: row.evidence.filter(|e| !e.is_empty()),
                    reason: row.reason,
                    answers: row.answers,
                    table,
                    row: (number > 0).then_some(number),
                    loading_instead: row
                        .loading_instead
                        .filter(|l| *l > 0.0)
                        .map(|l| l.round() as u32),
                    rule: row.rule,
                    decision,
                    risks,
                })
            })
            .collect()
    }

    /// The outcome of a finished interview for each cover, with its explanations.
    pub fn outcome(
        &self,
        record: &EnquiryRecord,
        covers: &[Cover],
        today: NaiveDate,
        at: DateTime<Utc>,
    ) -> Result<ApplicantOutcome, String> {
        if record.rulebook_version != self.interview.version {
            return Err(format!(
                "the enquiry follows rulebook {}, but this worker has {}",
                record.rulebook_version, self.interview.version
            ));
        }
        let findings = self.findings_blocking(&record.facts(&self.interview, today))?;
        let quote = |tag: &str| record.quote(&self.interview, tag);
        Ok(ApplicantOutcome {
            rulebook_version: self.interview.version.clone(),
            decided_at: at,
            covers: decide(
                &findings,
                covers,
                &self.interview.limits,
                &quote,
                &record.disclosures(&self.interview),
            ),
            limits: Some(self.interview.limits),
        })
    }
}

/// Findings are objects with a `rule`; tables run in a loop nest them in arrays.
fn collect_findings(value: &Value, into: &mut Vec<Value>) {
    match value {
        Value::Object(map) if map.contains_key("rule") => into.push(value.clone()),
        Value::Object(map) => map.values().for_each(|v| collect_findings(v, into)),
        Value::Array(items) => items.iter().for_each(|v| collect_findings(v, into)),
        _ => {}
    }
}

#[cfg(test)]
mod tests;
