//! How the portal runs Temporal's dev server (`temporal server start-dev`): the flags
//! `make run`, the fault-injection cluster and the integration tests all start it with, so the
//! three run the server alike. `portal temporal-dev-args` prints them for `scripts/run.sh`.

use crate::search_attributes;
use temporalio_common::protos::temporal::api::enums::v1::IndexedValueType;

/// The flags, one argument per item:
///
/// - each task queue in one partition: a single dev server gains nothing from spreading a
///   queue, and a new case's first workflow task had to find its poller across four
///   (docs/decisions.md D22);
/// - the workflows' search attributes registered on every namespace as the server starts, so
///   the server's search-attribute cache can stay on: the dev server turns it off by default
///   so that attributes added later are seen at once, and then reads them from its database
///   at every start, upsert and visibility write, about 8 % of its work under load (D24). An
///   attribute added to a database kept from an older version is registered at start-up by
///   [`crate::worker::ensure_search_attributes`], which waits until the server sees it.
pub fn args() -> Vec<String> {
    let mut args: Vec<String> = [
        "--dynamic-config-value",
        "matching.numTaskqueueReadPartitions=1",
        "--dynamic-config-value",
        "matching.numTaskqueueWritePartitions=1",
        "--dynamic-config-value",
        "system.forceSearchAttributesCacheRefreshOnRead=false",
    ]
    .map(String::from)
    .into();
    for (name, kind) in search_attributes::registered() {
        args.push("--search-attribute".into());
        args.push(format!("{name}={}", cli_type(kind)));
    }
    args
}

/// The CLI's name for a search attribute type.
fn cli_type(kind: IndexedValueType) -> &'static str {
    match kind {
        IndexedValueType::Text => "Text",
        IndexedValueType::Keyword => "Keyword",
        IndexedValueType::Int => "Int",
        IndexedValueType::Double => "Double",
        IndexedValueType::Bool => "Bool",
        IndexedValueType::Datetime => "Datetime",
        IndexedValueType::KeywordList => "KeywordList",
        IndexedValueType::Unspecified => "Unspecified",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_search_attribute_is_registered_with_the_type_the_workflows_write() {
        let args = args();
        let registered: Vec<&str> = args
            .windows(2)
            .filter(|pair| pair[0] == "--search-attribute")
            .map(|pair| pair[1].as_str())
            .collect();
        assert_eq!(registered.len(), search_attributes::registered().len());
        assert!(registered.contains(&"ClientNames=Text"));
        assert!(registered.contains(&"WaitingFor=Keyword"));
        assert!(registered.contains(&"NextDeadline=Datetime"));
        assert!(registered.contains(&"FailingStep=Keyword"));
    }
}
