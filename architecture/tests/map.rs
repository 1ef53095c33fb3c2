//! `docs/architecture.md` is the map a newcomer relies on. These tests fail when it stops being
//! true: a crate depending on one its row of the Crates table does not allow, a crate missing
//! from the table, or a path the docs name that does not exist.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate sits in the repository")
        .to_path_buf()
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(root().join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// The text between backticks in `text`, in order.
fn quoted(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// The cells of a Markdown table row, trimmed (none when the line is not a row).
fn cells(line: &str) -> Option<Vec<&str>> {
    let inner = line.trim().strip_prefix('|')?.strip_suffix('|')?;
    Some(inner.split('|').map(str::trim).collect())
}

/// The header and the rows of the table under the `## {heading}` section (the rule left out).
fn table_with_header<'a>(doc: &'a str, heading: &str) -> (Vec<&'a str>, Vec<Vec<&'a str>>) {
    let start = doc
        .find(&format!("\n## {heading}\n"))
        .unwrap_or_else(|| panic!("docs/architecture.md has no section {heading:?}"));
    let mut rows = doc[start..]
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .filter_map(cells);
    let header = rows.next().unwrap_or_default();
    (header, rows.skip(1).collect())
}

/// The rows of the table under the `## {heading}` section, header and rule left out.
fn table<'a>(doc: &'a str, heading: &str) -> Vec<Vec<&'a str>> {
    table_with_header(doc, heading).1
}

/// The Crates table: each crate's folder and the workspace crates it may depend on.
fn allowed_dependencies(doc: &str) -> BTreeMap<String, BTreeSet<String>> {
    table(doc, "Crates")
        .into_iter()
        .map(|row| {
            let name = quoted(row[0])
                .first()
                .copied()
                .unwrap_or_default()
                .to_owned();
            let allowed = quoted(row[2]).into_iter().map(str::to_owned).collect();
            (name, allowed)
        })
        .collect()
}

/// Each workspace crate's folder, with the folders of the workspace crates it depends on to
/// build (dev-dependencies left out: tests may use what the product may not).
fn workspace_dependencies() -> BTreeMap<String, BTreeSet<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(root())
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let packages = metadata["packages"].as_array().unwrap();
    let folder_of: BTreeMap<&str, String> = packages
        .iter()
        .map(|p| {
            let manifest = Path::new(p["manifest_path"].as_str().unwrap());
            let folder = manifest.parent().unwrap().file_name().unwrap();
            (
                p["name"].as_str().unwrap(),
                folder.to_string_lossy().into_owned(),
            )
        })
        .collect();
    packages
        .iter()
        .map(|p| {
            let uses = p["dependencies"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["kind"].as_str() != Some("dev"))
                .filter_map(|d| folder_of.get(d["name"].as_str().unwrap()).cloned())
                .collect();
            (folder_of[p["name"].as_str().unwrap()].clone(), uses)
        })
        .collect()
}

#[test]
fn every_crate_depends_only_on_the_crates_its_row_of_the_map_allows() {
    let allowed = allowed_dependencies(&read("docs/architecture.md"));
    let actual = workspace_dependencies();
    let mut wrong = Vec::new();
    for (krate, uses) in &actual {
        match allowed.get(krate) {
            None => wrong.push(format!("`{krate}` is not in the Crates table")),
            Some(may) => {
                for used in uses.difference(may) {
                    wrong.push(format!(
                        "`{krate}` depends on `{used}`, which its row does not allow"
                    ));
                }
            }
        }
    }
    for krate in allowed.keys().filter(|k| !actual.contains_key(*k)) {
        wrong.push(format!(
            "the Crates table names `{krate}`, which is not a crate"
        ));
    }
    assert!(
        wrong.is_empty(),
        "docs/architecture.md:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_map_forbids_the_database_to_the_workflows_and_every_other_crate_to_the_domain() {
    // The layers the map exists to keep; a row edited to allow them fails here.
    let allowed = allowed_dependencies(&read("docs/architecture.md"));
    assert!(allowed["domain"].is_empty(), "{:?}", allowed["domain"]);
    assert!(!allowed["workflows"].contains("store"));
    for krate in allowed.keys().filter(|k| *k != "load") {
        assert!(!allowed[krate].contains("load"), "{krate} may use load");
    }
}

/// The repository's top-level folders and files: a quoted path starting with one is a path in
/// the repository (others are types, commands or addresses).
fn top_level() -> BTreeSet<String> {
    std::fs::read_dir(root())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !matches!(name.as_str(), "target" | "data" | ".git"))
        .collect()
}

/// `a/{b,c}/d` as `a/b/d` and `a/c/d`.
fn expand(path: &str) -> Vec<String> {
    match (path.find('{'), path.find('}')) {
        (Some(open), Some(close)) if open < close => path[open + 1..close]
            .split(',')
            .flat_map(|choice| expand(&format!("{}{choice}{}", &path[..open], &path[close + 1..])))
            .collect(),
        _ => vec![path.to_owned()],
    }
}

/// Whether a quoted name is a path to check: a file with an extension or a folder (ending in
/// `/`), written plainly (no placeholders, wildcards or ellipses).
fn is_path(text: &str) -> bool {
    let plain = !text.contains(['<', '*', '…', ' ', '$', '(', ':']) && !text.contains("...");
    let last = text.rsplit('/').next().unwrap_or_default();
    plain && (text.ends_with('/') || last.contains('.'))
}

/// The paths a document names: quoted paths from the repository's root, and in the table of
/// the journey stage by stage, paths under the folder its column names.
fn named_paths(doc: &str, top: &BTreeSet<String>) -> BTreeSet<String> {
    let mut paths = BTreeSet::new();
    for text in quoted(doc).into_iter().filter(|t| is_path(t)) {
        let first = text.split('/').next().unwrap_or_default();
        if text.contains('/') && top.contains(first) {
            paths.extend(expand(text.trim_end_matches('/')));
        }
    }
    paths
}

/// In the Crates table, each crate's own files (under `{crate}/src/`, unless written from the
/// root); in the stage table, each column's (under the folder its heading names).
fn paths_in_tables(doc: &str, top: &BTreeSet<String>) -> BTreeSet<String> {
    let mut paths = BTreeSet::new();
    for row in table(doc, "Crates") {
        let krate = quoted(row[0]).first().copied().unwrap_or_default();
        for text in quoted(row[1]).into_iter().filter(|t| is_path(t)) {
            let from_root = top.contains(text.split('/').next().unwrap_or_default());
            let path = match from_root {
                true => text.to_owned(),
                false => format!("{krate}/src/{text}"),
            };
            paths.extend(expand(path.trim_end_matches('/')));
        }
    }
    let (header, rows) = table_with_header(doc, "The journey, stage by stage");
    let folders: Vec<Option<&str>> = header.iter().map(|h| quoted(h).first().copied()).collect();
    for row in &rows {
        for (cell, folder) in row.iter().zip(&folders) {
            let Some(folder) = folder else { continue };
            for text in quoted(cell).into_iter().filter(|t| is_path(t)) {
                paths.extend(expand(&format!("{folder}/{}", text.trim_end_matches('/'))));
            }
        }
    }
    paths
}

/// Whether git ignores the path: something a build or a test run makes (`web/test-results/`,
/// `data/`), named by the docs but not in a fresh clone.
fn generated(path: &str) -> bool {
    Command::new("git")
        .args(["check-ignore", "--quiet", "--no-index", path])
        .current_dir(root())
        .status()
        .is_ok_and(|status| status.success())
}

#[test]
fn every_path_the_docs_name_exists() {
    let top = top_level();
    let mut missing = Vec::new();
    let documents = [
        "docs/architecture.md",
        "README.md",
        "docs/performance.md",
        "docs/case-handlers.md",
        "docs/decisions.md",
        "docs/rules.md",
    ]
    .map(str::to_owned)
    .into_iter()
    .chain(decision_files().into_iter().map(|(_, path)| path));
    for document in documents {
        let text = read(&document);
        let mut paths = named_paths(&text, &top);
        if document == "docs/architecture.md" {
            paths.extend(paths_in_tables(&text, &top));
        }
        for path in paths {
            if !root().join(&path).exists() && !generated(&path) {
                missing.push(format!("{document}: {path}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "paths named that do not exist:\n{}",
        missing.join("\n")
    );
}

/// The decision files, `docs/decisions/<id>.md`, with their ids.
fn decision_files() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(root().join("docs/decisions"))
        .expect("docs/decisions/")
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|name| {
            let id = name.strip_suffix(".md")?.to_owned();
            Some((id, format!("docs/decisions/{name}")))
        })
        .collect();
    files.sort();
    files
}

/// Whether `text` is a decision id: one to three capitals and a number (`D5`, `AS1`, `SEC4`).
fn is_decision_id(text: &str) -> bool {
    let letters = text.chars().take_while(char::is_ascii_uppercase).count();
    (1..=3).contains(&letters)
        && text.len() > letters
        && text[letters..].chars().all(|c| c.is_ascii_digit())
}

/// The decision ids cited in `text`: those after `docs/decisions.md` or the word "decision(s)",
/// as one (`D5`), a list (`RS1, ID1`, `J12 and J13`) or a range (`W1–W9`, `J12 to J17`; both
/// ends are checked).
fn cited_decisions(text: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for marker in [
        "docs/decisions.md",
        "decisions",
        "decision",
        "Decisions",
        "Decision",
    ] {
        for (at, _) in text.match_indices(marker) {
            let before = text[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '/') {
                continue;
            }
            // A citation stays in its paragraph (a "## Decision" heading cites nothing).
            let rest = &text[at + marker.len()..];
            let paragraph = rest.split("\n\n").next().unwrap_or_default();
            let words = paragraph
                .split([' ', ',', '–', '(', ')', '\n', '`', '.', ';', ':', '-'])
                .filter(|word| !word.is_empty());
            let mut letters = String::new();
            for word in words {
                if is_decision_id(word) {
                    letters = word.chars().take_while(char::is_ascii_uppercase).collect();
                    ids.push(word.to_owned());
                } else if !letters.is_empty() && word.chars().all(|c| c.is_ascii_digit()) {
                    ids.push(format!("{letters}{word}"));
                } else if !matches!(word, "and" | "to" | "or" | "md") {
                    break;
                }
            }
        }
    }
    ids
}

#[test]
fn every_cited_decision_has_its_file() {
    let files: BTreeSet<String> = decision_files().into_iter().map(|(id, _)| id).collect();
    let listed = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root())
        .output()
        .expect("git ls-files");
    let mut missing = Vec::new();
    for path in String::from_utf8_lossy(&listed.stdout)
        .split('\0')
        .filter(|p| !p.is_empty())
    {
        let Ok(text) = std::fs::read_to_string(root().join(path)) else {
            continue;
        };
        for id in cited_decisions(&text) {
            if !files.contains(&id) {
                missing.push(format!("{path}: {id}"));
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(
        missing.is_empty(),
        "decisions cited that have no file docs/decisions/<id>.md:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_citation_reader_finds_ids_lists_and_ranges() {
    assert_eq!(
        cited_decisions(
            "see docs/decisions.md RS1, ID1 and W1–W3; decision OU6 (AW7). Decision page"
        ),
        ["RS1", "ID1", "W1", "W3", "OU6", "AW7"]
    );
    assert!(cited_decisions("decisions made by the adviser (A4 paper)").is_empty());
}

#[test]
fn every_decision_has_one_file_named_by_its_id_and_one_line_in_the_index() {
    let index = read("docs/decisions.md");
    let mut problems = Vec::new();
    for (id, path) in decision_files() {
        if !is_decision_id(&id) {
            problems.push(format!("{path}: not named by a decision id"));
        }
        if !read(&path).starts_with(&format!("# {id}: ")) {
            problems.push(format!("{path}: its heading is not \"# {id}: ...\""));
        }
        let link = format!("- [{id}](decisions/{id}.md): ");
        match index.matches(&link).count() {
            1 => {}
            n => problems.push(format!("docs/decisions.md lists {id} {n} times")),
        }
    }
    for line in index.lines().filter(|line| line.starts_with("- [")) {
        let target = line
            .split("](")
            .nth(1)
            .and_then(|rest| rest.split(')').next());
        if let Some(target) = target.filter(|t| t.starts_with("decisions/"))
            && !root().join("docs").join(target).exists()
        {
            problems.push(format!(
                "docs/decisions.md links {target}, which does not exist"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
