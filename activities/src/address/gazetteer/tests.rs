use super::*;
use futures::executor::block_on;
use std::collections::HashSet;
use std::path::PathBuf;

const HEAD: &str = "# sample\nid,address1,address2,address3,town,county,postcode\n";

fn shipped_path() -> PathBuf {
    Path::new(&std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../product/address/gazetteer.csv")
}

fn shipped() -> Gazetteer {
    Gazetteer::load(&shipped_path()).unwrap()
}

fn postcode(text: &str) -> Postcode {
    Postcode::parse(text).unwrap()
}

/// The problem reported for a file made of the standard header and `rows`.
fn problem(rows: &str) -> String {
    Gazetteer::parse(&format!("{HEAD}{rows}")).unwrap_err()
}

#[test]
fn the_shipped_gazetteer_loads() {
    let gazetteer = shipped();
    assert!(gazetteer.by_id.len() >= 250, "{gazetteer:?}");
}

#[test]
fn the_shipped_gazetteer_spans_the_four_nations_with_5_to_30_premises_a_postcode() {
    let gazetteer = shipped();
    let areas: HashSet<&str> = gazetteer
        .by_postcode
        .keys()
        .map(|code| code.split(|c: char| c.is_ascii_digit()).next().unwrap())
        .collect();
    for area in ["LS", "M", "B", "EH", "G", "CF", "BT", "SW"] {
        assert!(areas.contains(area), "{area} missing from {areas:?}");
    }
    for (code, premises) in &gazetteer.by_postcode {
        assert!((5..=30).contains(&premises.len()), "{code}");
    }
}

#[test]
fn the_shipped_gazetteer_writes_post_towns_in_capitals_and_says_it_is_sample_data() {
    let gazetteer = shipped();
    for address in gazetteer.by_id.values() {
        let town = address.town.as_deref().unwrap();
        assert_eq!(town, town.to_uppercase(), "{address:?}");
    }
    let text = std::fs::read_to_string(shipped_path()).unwrap();
    assert!(text.starts_with("# SAMPLE DATA"));
    assert!(gazetteer.is_sample());
    assert!(gazetteer.source().starts_with("Sample"));
}

#[test]
fn a_known_postcode_lists_its_premises_in_file_order_with_the_postcode_normalised() {
    let found = block_on(shipped().find(&postcode("ls63qj"))).unwrap();
    assert_eq!(found.len(), 10);
    let first = &found[0];
    assert_eq!(first.id.as_deref(), Some("gz-0001"));
    assert_eq!(first.address1.as_deref(), Some("Flat 1"));
    assert_eq!(first.address2.as_deref(), Some("28 Larchgarth Road"));
    assert_eq!(first.address3.as_deref(), Some("Headingley"));
    assert_eq!(first.town.as_deref(), Some("LEEDS"));
    assert_eq!(first.county.as_deref(), Some("West Yorkshire"));
    assert_eq!(first.postcode.as_deref(), Some("LS6 3QJ"));
    let ids: Vec<_> = found.iter().map(|a| a.id.clone().unwrap()).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(ids, sorted);
}

#[test]
fn a_postcode_written_loosely_in_the_file_is_found_by_its_normal_form() {
    let gazetteer = Gazetteer::parse(&format!("{HEAD}gz-1,1 Any Road,,,LEEDS,,ls63qj\n")).unwrap();
    let found = block_on(gazetteer.find(&postcode("LS6 3QJ"))).unwrap();
    assert_eq!(found[0].postcode.as_deref(), Some("LS6 3QJ"));
}

#[test]
fn a_quoted_premise_keeps_its_comma() {
    let found = block_on(shipped().find(&postcode("M4 5JD"))).unwrap();
    assert_eq!(
        found[0].address1.as_deref(),
        Some("Flat 1, Cotton Mill House")
    );
}

#[test]
fn an_unknown_but_valid_postcode_gives_an_empty_list() {
    let found = block_on(shipped().find(&postcode("ZE1 0AA"))).unwrap();
    assert!(found.is_empty());
}

#[test]
fn an_address_is_fetched_by_the_id_find_gave_it() {
    let gazetteer = shipped();
    let listed = block_on(gazetteer.find(&postcode("EH10 4SW"))).unwrap();
    let id = listed[2].id.clone().unwrap();
    let fetched = block_on(gazetteer.get(&id)).unwrap();
    assert_eq!(fetched.as_ref(), Some(&listed[2]));
}

#[test]
fn an_unknown_id_gives_none() {
    assert_eq!(block_on(shipped().get("gz-9999")).unwrap(), None);
    assert_eq!(block_on(shipped().get("")).unwrap(), None);
}

#[test]
fn a_bad_line_is_refused_with_its_line_number_and_problem() {
    let good = "gz-1,1 Any Road,,,LEEDS,,LS6 3QJ\n";
    let long = "x".repeat(41);
    for (rows, expected) in [
        (
            format!("{good}gz-2,2 Any Road,,,LEEDS,,LS6 3QX9"),
            "line 4: \"LS6 3QX9\" is not a valid UK postcode (invalid)",
        ),
        (
            format!("{good}gz-2,{long},,,LEEDS,,LS6 3QJ"),
            "line 4: address1: the line is longer than 40 characters",
        ),
        (
            format!("{good}gz-2,2 Any Road,,,LEEDS,{long},LS6 3QJ"),
            "line 4: county: the line is longer than 40 characters",
        ),
        (
            format!("{good}gz-1,2 Any Road,,,LEEDS,,LS6 3QJ"),
            "line 4: the id \"gz-1\" is used twice",
        ),
        (
            format!("{good}gz-2,,Any Road,,LEEDS,,LS6 3QJ"),
            "line 4: address1 is missing",
        ),
        (
            format!("{good}gz-2,2 Any Road,,,,,LS6 3QJ"),
            "line 4: town is missing",
        ),
        (
            format!("{good}gz-2,2 Any Road,LEEDS,LS6 3QJ"),
            "line 4: expected 7 fields, found 4",
        ),
        (
            format!("{good}\n# a comment\ngz-2,2 Any Road,,,LEEDS,,"),
            "line 6: \"\" is not a valid UK postcode (empty)",
        ),
    ] {
        assert_eq!(problem(&rows), expected, "{rows}");
    }
}

#[test]
fn a_file_without_the_header_or_without_addresses_is_refused() {
    assert_eq!(
        Gazetteer::parse("gz-1,1 Any Road,,,LEEDS,,LS6 3QJ\n").unwrap_err(),
        "line 1: the header must be id,address1,address2,address3,town,county,postcode"
    );
    assert_eq!(
        Gazetteer::parse("# nothing\n").unwrap_err(),
        "the file has no header line"
    );
    assert_eq!(problem(""), "the file has no addresses");
}

#[test]
fn a_load_error_names_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gazetteer.csv");
    std::fs::write(
        &path,
        format!("{HEAD}gz-1,1 Any Road,,,LEEDS,,NOT A CODE\n"),
    )
    .unwrap();
    let error = Gazetteer::load(&path).unwrap_err();
    assert!(
        error.starts_with(&format!("{}: line 3: ", path.display())),
        "{error}"
    );
    let missing = Gazetteer::load(&dir.path().join("absent.csv")).unwrap_err();
    assert!(missing.contains("absent.csv"), "{missing}");
}

#[test]
fn a_quote_left_open_is_refused_rather_than_swallowing_the_lines_after_it() {
    let rows = "gz-1,\"1 Any Road,,,LEEDS,,LS6 3QJ\ngz-2,2 Any Road,,,LEEDS,,LS6 3QX\n";
    let refused = problem(rows);
    assert!(refused.starts_with("line 3: "), "{refused}");
}
