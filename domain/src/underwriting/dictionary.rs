//! The lists an `OPTION_BACKED` question searches as the adviser types (§7
//! `lookupQuestionOption`): the conditions dictionary (ICD-10-CM categories with the everyday
//! names advisers use) and the occupations list. Each entry maps to what the rules read: a
//! condition to its rulebook category, an occupation to its class.
//!
//! Search is by word prefix, so "high blo" finds "High blood pressure"; British spellings are
//! read as the American ones ICD-10-CM uses ("haemorrhage" finds "hemorrhage"); and a word with
//! one letter wrong, missing, extra or swapped still matches a word of five letters or more
//! ("diabeties", "astma").

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use utoipa::ToSchema;

/// Most options one look-up returns.
pub(crate) const MAX_RESULTS: usize = 20;

/// A choice from a backed list, as the interview stores it and the rules read it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BackedOption {
    /// What the answer stores: a condition's id (`I21.9`, `everyday-heart-attack`) or an
    /// occupation's name.
    pub id: String,
    pub name: String,
    /// The condition's rulebook category, or the occupation's class (`1` to `4`, `refer`,
    /// `decline`).
    pub category: String,
    /// The ICD-10-CM code, for a condition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
}

#[derive(Debug, Clone)]
struct Entry {
    option: BackedOption,
    /// Lower-case words of the name and aliases, American spelling.
    words: Vec<Vec<String>>,
    everyday: bool,
}

/// One searchable list.
#[derive(Debug, Clone, Default)]
pub struct BackedList {
    entries: Vec<Entry>,
    spellings: Vec<(String, String)>,
    /// Every distinct word of the entries, sorted, with the entries that have it: a look-up
    /// reads the few entries that have a word matching each typed word, not all of them.
    vocabulary: Vec<(String, Vec<usize>)>,
}

#[derive(Deserialize)]
struct ConditionRow {
    id: String,
    name: String,
    code: String,
    category: String,
    aliases: String,
    source: String,
}

#[derive(Deserialize)]
struct OccupationRow {
    name: String,
    class: String,
}

/// A word form advisers type and the classification's form of it: British spellings
/// (`haem` for `hem`) and everyday words (`cancer` for `malignant neoplasm`).
#[derive(Deserialize)]
struct WordFormRow {
    from: String,
    to: String,
}

/// Occupation classes the rules know.
pub(crate) const OCCUPATION_CLASSES: [&str; 6] = ["1", "2", "3", "4", "refer", "decline"];

fn rows<T: for<'de> Deserialize<'de>>(text: &str) -> Result<Vec<T>, String> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    reader
        .deserialize()
        .enumerate()
        .map(|(i, row)| row.map_err(|e| format!("line {}: {e}", i + 2)))
        .collect()
}

impl BackedList {
    /// Reads `conditions.csv` with `word-forms.csv`.
    pub fn conditions(csv_text: &str, word_forms: &str) -> Result<Self, String> {
        let spellings = rows::<WordFormRow>(word_forms)?
            .into_iter()
            .map(|s| (s.from.to_lowercase(), s.to.to_lowercase()))
            .collect();
        let mut list = Self {
            spellings,
            ..Self::default()
        };
        let mut ids = BTreeSet::new();
        for (i, row) in rows::<ConditionRow>(csv_text)?.into_iter().enumerate() {
            let line = i + 2;
            if row.category.trim().is_empty() || row.name.trim().is_empty() {
                return Err(format!(
                    "line {line}: a condition needs a name and a category"
                ));
            }
            if !ids.insert(row.id.clone()) {
                return Err(format!("line {line}: the id {} is used twice", row.id));
            }
            let mut names = vec![row.name.clone()];
            names.extend(
                row.aliases
                    .split(';')
                    .map(str::trim)
                    .filter(|a| !a.is_empty())
                    .map(str::to_owned),
            );
            names.push(row.code.clone());
            let everyday = row.source == "everyday";
            list.push(
                BackedOption {
                    id: row.id,
                    name: row.name,
                    category: row.category,
                    code: Some(row.code),
                },
                &names,
                everyday,
            );
        }
        list.index();
        Ok(list)
    }

    /// Reads `occupations.csv`.
    pub fn occupations(csv_text: &str) -> Result<Self, String> {
        let mut list = Self::default();
        for (i, row) in rows::<OccupationRow>(csv_text)?.into_iter().enumerate() {
            if !OCCUPATION_CLASSES.contains(&row.class.as_str()) {
                return Err(format!(
                    "line {}: class {:?} is not one of {OCCUPATION_CLASSES:?}",
                    i + 2,
                    row.class
                ));
            }
            let names = [row.name.clone()];
            list.push(
                BackedOption {
                    id: row.name.clone(),
                    name: row.name,
                    category: row.class,
                    code: None,
                },
                &names,
                true,
            );
        }
        list.index();
        Ok(list)
    }

    fn push(&mut self, option: BackedOption, names: &[String], everyday: bool) {
        let words = names.iter().map(|n| self.words(n)).collect();
        self.entries.push(Entry {
            option,
            words,
            everyday,
        });
    }

    fn index(&mut self) {
        let mut postings: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (at, entry) in self.entries.iter().enumerate() {
            for word in entry.words.iter().flatten() {
                let entries = postings.entry(word).or_default();
                if entries.last() != Some(&at) {
                    entries.push(at);
                }
            }
        }
        self.vocabulary = postings
            .into_iter()
            .map(|(word, entries)| (word.to_owned(), entries))
            .collect();
    }

    /// The entries with a word that `typed` matches.
    fn entries_matching(&self, typed: &str, fuzzy: bool) -> BTreeSet<usize> {
        let words: Box<dyn Iterator<Item = &(String, Vec<usize>)>> = if fuzzy {
            Box::new(
                self.vocabulary
                    .iter()
                    .filter(|(w, _)| word_matches(typed, w, true)),
            )
        } else {
            // The words starting with `typed` are one run of the sorted vocabulary.
            let start = self.vocabulary.partition_point(|(w, _)| w.as_str() < typed);
            Box::new(
                self.vocabulary[start..]
                    .iter()
                    .take_while(|(w, _)| w.starts_with(typed)),
            )
        };
        words
            .flat_map(|(_, entries)| entries.iter().copied())
            .collect()
    }

    /// Lower-case words, punctuation dropped, word forms made the classification's.
    fn words(&self, text: &str) -> Vec<String> {
        let mut text = text.to_lowercase();
        for (british, american) in &self.spellings {
            if text.contains(british.as_str()) {
                text = text.replace(british.as_str(), american);
            }
        }
        text.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_owned)
            .collect()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry stored under `id`.
    pub fn get(&self, id: &str) -> Option<&BackedOption> {
        self.entries.iter().map(|e| &e.option).find(|o| o.id == id)
    }

    pub fn categories(&self) -> BTreeSet<String> {
        self.entries
            .iter()
            .map(|e| e.option.category.clone())
            .collect()
    }

    pub fn all(&self) -> impl Iterator<Item = &BackedOption> {
        self.entries.iter().map(|e| &e.option)
    }

    /// Options whose name (or an alias, or the code) has a word starting with each word typed,
    /// best first: everyday names before the classification's, a match at the start of the
    /// name before one inside it, shorter names first. Falls back to one-typo matches when
    /// nothing matches exactly.
    pub fn search(&self, stem: &str) -> Vec<BackedOption> {
        let typed = self.words(stem);
        if typed.is_empty() {
            return Vec::new();
        }
        let mut found = self.ranked(&typed, false);
        if found.is_empty() {
            found = self.ranked(&typed, true);
        }
        found.truncate(MAX_RESULTS);
        found
    }

    fn ranked(&self, typed: &[String], fuzzy: bool) -> Vec<BackedOption> {
        // Only entries with a match for every typed word can match; the check below then asks
        // for every typed word to match within one name.
        let mut candidates = self.entries_matching(&typed[0], fuzzy);
        for word in &typed[1..] {
            let matching = self.entries_matching(word, fuzzy);
            candidates.retain(|at| matching.contains(at));
        }
        let mut hits: Vec<((u8, u8, usize), &BackedOption)> = candidates
            .into_iter()
            .map(|at| &self.entries[at])
            .filter_map(|entry| {
                let best = entry
                    .words
                    .iter()
                    .filter(|name| {
                        typed
                            .iter()
                            .all(|t| name.iter().any(|w| word_matches(t, w, fuzzy)))
                    })
                    .map(|name| {
                        u8::from(
                            !name
                                .first()
                                .is_some_and(|w| word_matches(&typed[0], w, fuzzy)),
                        )
                    })
                    .min()?;
                Some((
                    (u8::from(!entry.everyday), best, entry.option.name.len()),
                    &entry.option,
                ))
            })
            .collect();
        hits.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.name.cmp(&b.1.name)));
        // One entry per condition: an everyday name sorts first, and the classification's entry
        // for the same code ("Asthma (J45)" beside the everyday "Asthma") is left out.
        let mut seen = BTreeSet::new();
        hits.into_iter()
            .filter(|(_, o)| seen.insert(o.code.clone().unwrap_or_else(|| o.id.clone())))
            .map(|(_, o)| o.clone())
            .collect()
    }
}

/// A typed word matches a word of an entry when it starts it; with `fuzzy`, also when one
/// edit (a letter wrong, missing, extra, or two swapped) makes it start it, for typed words of
/// five letters or more.
fn word_matches(typed: &str, word: &str, fuzzy: bool) -> bool {
    if word.starts_with(typed) {
        return true;
    }
    if !fuzzy || typed.chars().count() < 5 {
        return false;
    }
    let typed: Vec<char> = typed.chars().collect();
    let word: Vec<char> = word.chars().collect();
    // Compare against the word's prefix of each length near the typed length.
    (typed.len().saturating_sub(1)..=typed.len() + 1)
        .filter(|&n| n <= word.len())
        .any(|n| within_one_edit(&typed, &word[..n]))
}

/// Damerau-Levenshtein distance of at most one (optimal string alignment).
fn within_one_edit(a: &[char], b: &[char]) -> bool {
    if a.len().abs_diff(b.len()) > 1 {
        return false;
    }
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[prefix..], &b[prefix..]);
    match (a.len(), b.len()) {
        (0, 0) => true,
        (x, y) if x == y => {
            a[1..] == b[1..] || (x >= 2 && a[0] == b[1] && a[1] == b[0] && a[2..] == b[2..])
        }
        (x, y) if x > y => a[1..] == *b,
        _ => *a == b[1..],
    }
}

#[cfg(test)]
mod tests;
