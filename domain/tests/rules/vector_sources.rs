//! The contact, bank-details and sign-in vectors say where each case comes from: every case
//! names a source, and every source it names is listed, with a title, in the file's `sources`.

use crate::common;

use std::collections::HashSet;

const TOPICS: [&str; 7] = [
    "postcodes",
    "phones",
    "emails",
    "bank-details",
    "addresses",
    "examiners",
    "sign-in",
];

#[test]
fn every_case_cites_a_listed_source() {
    for topic in TOPICS {
        let vectors = common::vectors(topic);
        let sources = vectors["sources"].as_array().expect("a sources array");
        let listed: HashSet<&str> = sources
            .iter()
            .map(|s| {
                assert!(
                    s["title"].as_str().is_some_and(|t| !t.is_empty()),
                    "{topic}: {s}"
                );
                s["id"].as_str().expect("a source id")
            })
            .collect();
        for case in vectors["cases"].as_array().unwrap() {
            let cited = case["source"].as_str().unwrap_or_default();
            assert!(listed.contains(cited), "{topic}: {case} cites {cited:?}");
        }
    }
}
