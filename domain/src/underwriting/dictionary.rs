//! The lists an `OPTION_BACKED` question searches as the adviser types (§7
//! `lookupQuestionOption`): the conditions dictionary (ICD-10-CM categories and subcategories,
//! the tabular list's inclusion terms, and the everyday names and abbreviations advisers use)
//! and the occupations list. Each entry maps to what the rules read: a
//! condition to its rulebook category, an occupation to its class.
//!
//! Search is by word prefix, so "high blo" finds "High blood pressure"; British spellings are
//! read as the American ones ICD-10-CM uses ("haemorrhage" finds "hemorrhage"); and a word with
//! one letter wrong, missing, extra or swapped still matches a word of five letters or more
//! ("diabeties", "astma"). Roman numerals and number words after "type" read as digits
//! ("type II", "type two"), and small words need not be typed ("water on the knee"). Everyday
//! names rank first, then the classification's titles and inclusion terms.

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

    /// The entries with a word that `typed` matches, as a set of bits by entry.
    fn entries_matching(&self, typed: &str, fuzzy: bool) -> Vec<u64> {
        let mut found = vec![0u64; self.entries.len().div_ceil(64)];
        let mut mark = |entries: &Vec<usize>| {
            for &at in entries {
                found[at / 64] |= 1 << (at % 64);
            }
        };
        if fuzzy {
            self.vocabulary
                .iter()
                .filter(|(w, _)| word_matches(typed, w, true))
                .for_each(|(_, entries)| mark(entries));
        } else {
            // The words starting with `typed` are one run of the sorted vocabulary.
            let start = self.vocabulary.partition_point(|(w, _)| w.as_str() < typed);
            self.vocabulary[start..]
                .iter()
                .take_while(|(w, _)| w.starts_with(typed))
                .for_each(|(_, entries)| mark(entries));
        }
        found
    }

    /// Lower-case words, punctuation dropped, word forms made the classification's, numerals
    /// as digits ("type II" and "type two" as "type 2").
    fn words(&self, text: &str) -> Vec<String> {
        let mut text = text.to_lowercase();
        for (british, american) in &self.spellings {
            if text.contains(british.as_str()) {
                text = text.replace(british.as_str(), american);
            }
        }
        let mut words: Vec<String> = Vec::new();
        for word in text.split(|c: char| !c.is_alphanumeric()) {
            if word.is_empty() {
                continue;
            }
            let after = words.last().map(String::as_str);
            words.push(numeral(after, word).unwrap_or(word).to_owned());
        }
        words
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
    /// best first: everyday names before the classification's; then a name that is just the
    /// words typed, one that has each typed word whole, one that starts with the first typed
    /// word, any other; then shorter names. Small words ("of", "the", "on") need not be typed
    /// or found, unless typed last. Falls back to one-typo matches when nothing matches exactly.
    pub fn search(&self, stem: &str) -> Vec<BackedOption> {
        let mut typed = self.words(stem);
        if typed.is_empty() {
            return Vec::new();
        }
        let last = typed.pop().expect("a word");
        typed.retain(|w| !STOP_WORDS.contains(&w.as_str()));
        typed.push(last);
        let mut found = self.ranked(&typed, false);
        if found.is_empty() {
            found = self.ranked(&typed, true);
        }
        found
    }

    fn ranked(&self, typed: &[String], fuzzy: bool) -> Vec<BackedOption> {
        // Only entries with a match for every typed word can match; the check below then asks
        // for every typed word to match within one name.
        let mut candidates = self.entries_matching(&typed[0], fuzzy);
        for word in &typed[1..] {
            for (bits, more) in candidates
                .iter_mut()
                .zip(self.entries_matching(word, fuzzy))
            {
                *bits &= more;
            }
        }
        let mut hits: Vec<((u8, u8, usize), &Entry)> = candidates
            .iter()
            .enumerate()
            .flat_map(|(block, &bits)| {
                (0..64)
                    .filter(move |bit| bits & (1 << bit) != 0)
                    .map(move |bit| block * 64 + bit)
            })
            .map(|at| &self.entries[at])
            .filter_map(|entry| {
                let best = entry
                    .words
                    .iter()
                    .filter_map(|name| closeness(name, typed, fuzzy))
                    .min()?;
                let tier = u8::from(!entry.everyday);
                Some(((tier, best, entry.option.name.len()), entry))
            })
            .collect();
        let order = |a: &((u8, u8, usize), &Entry), b: &((u8, u8, usize), &Entry)| {
            a.0.cmp(&b.0)
                .then_with(|| a.1.option.name.cmp(&b.1.option.name))
        };
        // Sorting thousands of hits (one letter typed) costs more than the search: sort only the
        // best few, enough for MAX_RESULTS once repeats are left out, unless too many are.
        if hits.len() > SORTED {
            hits.select_nth_unstable_by(SORTED, order);
            let mut best = hits[..SORTED].to_vec();
            best.sort_unstable_by(order);
            let found = distinct(best);
            if found.len() == MAX_RESULTS {
                return found;
            }
        }
        hits.sort_unstable_by(order);
        distinct(hits)
    }
}

/// The options of `hits`, in their order, one per condition: an everyday name sorts first, and
/// the classification's entry for the same code ("Asthma (J45)" beside the everyday "Asthma")
/// is left out, as is a second entry of the same name ("Angina (I20.9)" after the everyday
/// "Angina (I20)").
fn distinct(hits: Vec<((u8, u8, usize), &Entry)>) -> Vec<BackedOption> {
    let (mut codes, mut names) = (BTreeSet::new(), BTreeSet::new());
    hits.into_iter()
        .filter(|(_, e)| {
            let code = e.option.code.as_deref().unwrap_or(&e.option.id);
            codes.insert(code) && names.insert(&e.words[0])
        })
        .take(MAX_RESULTS)
        .map(|(_, e)| e.option.clone())
        .collect()
}

/// How many of the best hits are sorted first.
const SORTED: usize = 10 * MAX_RESULTS;

/// Words an adviser may type between the words that matter ("water on the knee").
const STOP_WORDS: [&str; 12] = [
    "of", "the", "a", "an", "in", "on", "and", "with", "to", "for", "at", "or",
];

/// How closely one name matches the typed words, best 0: the name is just the words typed
/// (an abbreviation: "ME", "PE"), 1: each typed word is a whole word of the name, 2: the name
/// starts with the first typed word, 3: its words start with the typed ones somewhere. None
/// when a typed word matches no word of the name.
fn closeness(name: &[String], typed: &[String], fuzzy: bool) -> Option<u8> {
    if !typed
        .iter()
        .all(|t| name.iter().any(|w| word_matches(t, w, fuzzy)))
    {
        return None;
    }
    let whole = |t: &String, w: &String| {
        t == w || (fuzzy && t.len() >= 5 && within_one_edit(t.as_bytes(), w.as_bytes()))
    };
    if name.len() == typed.len() && typed.iter().zip(name).all(|(t, w)| whole(t, w)) {
        Some(0)
    } else if typed.iter().all(|t| name.iter().any(|w| whole(t, w))) {
        Some(1)
    } else if name
        .first()
        .is_some_and(|w| word_matches(&typed[0], w, fuzzy))
    {
        Some(2)
    } else {
        Some(3)
    }
}

/// A Roman numeral or a number word read as its digit: "II", "III", "IV" anywhere, and "I",
/// "one" to "four" after "type", "stage", "grade", "class" or "phase" ("type I diabetes").
fn numeral(after: Option<&str>, word: &str) -> Option<&'static str> {
    let counted = matches!(after, Some("type" | "stage" | "grade" | "class" | "phase"));
    match word {
        "ii" => Some("2"),
        "iii" => Some("3"),
        "iv" => Some("4"),
        "i" | "one" if counted => Some("1"),
        "two" if counted => Some("2"),
        "three" if counted => Some("3"),
        "four" if counted => Some("4"),
        _ => None,
    }
}

/// A typed word matches a word of an entry when it starts it; with `fuzzy`, also when one
/// edit (a letter wrong, missing, extra, or two swapped) makes it start it, for typed words of
/// five letters or more.
fn word_matches(typed: &str, word: &str, fuzzy: bool) -> bool {
    if word.starts_with(typed) {
        return true;
    }
    if !fuzzy || typed.len() < 5 {
        return false;
    }
    let (typed, word) = (typed.as_bytes(), word.as_bytes());
    // Compare against the word's prefix of each length near the typed length.
    (typed.len().saturating_sub(1)..=typed.len() + 1)
        .filter(|&n| n <= word.len())
        .any(|n| within_one_edit(typed, &word[..n]))
}

/// Damerau-Levenshtein distance of at most one (optimal string alignment).
fn within_one_edit<T: PartialEq>(a: &[T], b: &[T]) -> bool {
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
