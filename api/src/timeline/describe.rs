//! A recorded command in words an adviser understands: what the change was (one table, by the
//! Update's name) and which fields it changed, by name only. A value is never shown: health
//! answers are counted ("answers to 3 questions"), and what is read of any other command is its
//! field names, which are the program's, never the client's.

use serde_json::{Map, Value};
use std::collections::HashMap;

/// Each Update's change in words. An Update not listed is shown by its name as recorded.
const CHANGES: &[(&str, &str)] = &[
    // The application workflow.
    ("open", "Case created"),
    ("add_applicant", "Client added"),
    ("edit_applicant", "Client's details changed"),
    ("remove_applicant", "Client removed"),
    ("add_child", "Child added"),
    ("edit_child", "Child's details changed"),
    ("remove_child", "Child removed"),
    ("set_has_unborn_children", "Unborn children answered"),
    ("add_beneficiary", "Beneficiary added"),
    ("edit_beneficiary", "Beneficiary changed"),
    ("add_allocation", "Payout share added"),
    ("edit_allocation", "Payout share changed"),
    ("remove_allocation", "Payout share removed"),
    ("unlock_quote_edit", "Quote reopened for changes"),
    ("add_cover", "Cover added"),
    ("edit_cover", "Cover changed"),
    ("upsell_cover", "Cover upgraded"),
    ("remove_cover", "Cover removed"),
    ("set_payout_planner_used", "Payout planner used"),
    ("price_quote", "Quote priced"),
    ("save_contact", "Contact details saved"),
    ("set_same_address", "Address shared with the other client"),
    ("set_third_party_ref", "Own reference set"),
    ("set_commission", "Commission set"),
    ("set_quote_date", "Quote valid-until date set"),
    ("set_mortgage_related", "Mortgage question answered"),
    ("set_advised_sale", "Advised sale answered"),
    ("set_policy_start_date", "Policy start date set"),
    (
        "accept_pre_underwriting_declaration",
        "Pre-underwriting declaration accepted",
    ),
    ("apply_for_policy", "Applied for the policy"),
    (
        "complete_term_extension",
        "Terms extended by a declaration of health",
    ),
    ("fail_term_extension", "Terms extension failed"),
    ("set_amra_consent", "Consent to medical reports answered"),
    (
        "set_view_medical_reports",
        "Seeing medical reports first answered",
    ),
    ("set_examiner", "Doctor or surgery set"),
    ("start_underwriting", "Underwriting started"),
    ("quote_decision", "Decision priced"),
    ("take_alternative", "Alternative terms taken"),
    ("requote", "Quoted again"),
    (
        "remove_applicant_at_decision",
        "Client removed at the decision",
    ),
    ("proceed_to_set_up", "Proceeded to set-up"),
    ("save_bank_details", "Bank details saved"),
    ("check_bank", "Bank details checked"),
    ("override_bank_check", "Bank check warning confirmed"),
    ("reset_bank_check", "Bank check started again"),
    ("activate_application", "Policy put in force"),
    ("claim_case", "Case claimed by underwriting"),
    ("release_case", "Case released by underwriting"),
    ("request_evidence", "Evidence requested"),
    ("receive_evidence", "Evidence received"),
    ("post_underwriting_update", "Underwriting update posted"),
    ("decide_referred_cover", "Underwriting decision on a cover"),
    // A client's underwriting enquiry.
    ("provide_answers", "Health questions answered"),
    (
        "accept_post_declaration",
        "Underwriting declaration accepted",
    ),
    ("send_to_client", "Health questions sent to the client"),
    (
        "take_back_from_client",
        "Health questions taken back from the client",
    ),
    (
        "answer_privately",
        "Health questions answered by the client",
    ),
    (
        "accept_declaration_privately",
        "Underwriting declaration accepted by the client",
    ),
    ("submit_privately", "Answers submitted by the client"),
    ("close", "Underwriting enquiry closed"),
];

/// Updates of a client's enquiry that are no change of their own: its opening is part of the
/// case's "Underwriting started". (The application's `open` is the case's creation.)
pub const NOT_ENQUIRY_CHANGES: &[&str] = &["open"];

/// The change an Update made, in words.
pub fn what(update: &str) -> String {
    CHANGES
        .iter()
        .find(|(name, _)| *name == update)
        .map_or(update, |(_, words)| words)
        .to_owned()
}

/// Updates whose fields are shown under one heading.
const GROUPED: &[(&str, &str)] = &[("save_bank_details", "bank details")];

/// Keys that say which record a command is about, or who sent it, not what it changed.
const CONTEXT_KEYS: &[&str] = &[
    "underwriter",
    "by",
    "client",
    "rules",
    "emailCheck",
    "mayOverride",
    "editable",
    "alwaysAdvised",
    "options",
];

/// Objects whose own fields are the change (a cover, a child's details, a patch).
const RECORDS: &[&str] = &[
    "patch",
    "details",
    "cover",
    "allocation",
    "form",
    "settings",
];

/// Lists of health answers: counted, never read.
const ANSWER_LISTS: &[&str] = &["answers", "allAnswers"];

/// Words for field names that camelCase alone would say badly.
const LABELS: &[(&str, &str)] = &[
    ("address1", "address line 1"),
    ("address2", "address line 2"),
    ("address3", "address line 3"),
    ("cityName", "town or city"),
    ("name", "account name"),
    ("isAmraConsentGranted", "consent to medical reports"),
    (
        "isViewMedicalReportsRequested",
        "seeing medical reports first",
    ),
    ("thirdPartyRef", "own reference"),
    ("quoteValidUntilDate", "quote valid-until date"),
    ("hasUnbornChildren", "unborn children"),
    ("kind", "type"),
];

/// What each record looked like when last sent, so a later edit of the same record lists only
/// the fields it changed. Keyed by the record's kind and the ids that name it.
#[derive(Debug, Default)]
pub struct Earlier(HashMap<String, Map<String, Value>>);

/// The fields a command changed, by name, in alphabetical order: `body` is the command as
/// recorded.
pub fn fields(update: &str, body: &Value, earlier: &mut Earlier) -> Vec<String> {
    let Some(body) = body.as_object() else {
        return Vec::new();
    };
    let ids = ids_of(body);
    let mut changed = Vec::new();
    for (key, value) in body {
        if value.is_null() || is_id(key) || CONTEXT_KEYS.contains(&key.as_str()) {
            continue;
        }
        if let Some(count) = answers_in(key, value) {
            changed.push(answers(count));
        } else if RECORDS.contains(&key.as_str())
            && let Some(record) = value.as_object().filter(|r| is_plain_record(r))
        {
            let slot = format!("{key}|{ids}");
            changed.extend(changed_in(record, earlier.0.get(&slot)));
            earlier.0.insert(slot, record.clone());
        } else {
            changed.push(label(key));
        }
    }
    // In the order of their names (a command's fields come unordered).
    changed.sort();
    changed.dedup();
    match GROUPED.iter().find(|(name, _)| *name == update) {
        Some((_, heading)) if !changed.is_empty() => {
            vec![format!("{heading}: {}", changed.join(", "))]
        }
        _ => changed,
    }
}

/// The fields of a record that are set and differ from what it was last sent as.
fn changed_in(record: &Map<String, Value>, before: Option<&Map<String, Value>>) -> Vec<String> {
    record
        .iter()
        .filter(|(key, _)| !is_id(key) && !CONTEXT_KEYS.contains(&key.as_str()))
        .filter(|(key, value)| match before {
            Some(before) => before.get(*key).unwrap_or(&Value::Null) != *value,
            None => !value.is_null(),
        })
        .map(|(key, value)| match answers_in(key, value) {
            Some(count) => answers(count),
            None => label(key),
        })
        .collect()
}

/// How many questions a list of health answers answers, if `key` holds one: each question once
/// (a question answered twice in a batch is one question).
fn answers_in(key: &str, value: &Value) -> Option<usize> {
    let count = if ANSWER_LISTS.contains(&key) {
        let mut tags: Vec<&Value> = value
            .as_array()?
            .iter()
            .map(|a| a.get("tag").unwrap_or(a))
            .collect();
        tags.sort_by_key(|t| t.to_string());
        tags.dedup();
        tags.len()
    } else if key == "batch" || key == "declarations" {
        // A client's batch of answers, or a declaration of health per client.
        let nested: Vec<&Map<String, Value>> = match value {
            Value::Array(items) => items.iter().filter_map(Value::as_object).collect(),
            Value::Object(object) => vec![object],
            _ => return None,
        };
        nested
            .iter()
            .flat_map(|object| object.iter())
            .filter_map(|(k, v)| answers_in(k, v))
            .sum()
    } else {
        return None;
    };
    Some(count)
}

fn answers(count: usize) -> String {
    match count {
        1 => "answer to 1 question".to_owned(),
        n => format!("answers to {n} questions"),
    }
}

/// The ids that name the record a command is about, in one string.
fn ids_of(body: &Map<String, Value>) -> String {
    body.iter()
        .filter(|(key, _)| is_id(key))
        .map(|(key, value)| format!("{key}={value}"))
        .collect::<Vec<_>>()
        .join(",")
}

fn is_id(key: &str) -> bool {
    key == "id" || key.ends_with("Id")
}

/// A record is read by its field names only when they are the program's (camelCase), so no
/// object keyed by what a client typed is ever listed.
fn is_plain_record(record: &Map<String, Value>) -> bool {
    record.keys().all(|key| is_field_name(key))
}

fn is_field_name(key: &str) -> bool {
    let mut chars = key.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase()) && chars.all(|c| c.is_ascii_alphanumeric())
}

/// A field's name in words: `accountNumber` is "account number", `isAdvisedSale` "advised
/// sale". A key that is not a field name is never echoed.
pub fn label(key: &str) -> String {
    if let Some((_, words)) = LABELS.iter().find(|(name, _)| *name == key) {
        return (*words).to_owned();
    }
    if !is_field_name(key) {
        return "other details".to_owned();
    }
    let mut words = String::new();
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            words.push(' ');
            words.push(c.to_ascii_lowercase());
        } else {
            words.push(c);
        }
    }
    words
        .strip_prefix("is ")
        .map(str::to_owned)
        .unwrap_or(words)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn listed(update: &str, body: Value) -> Vec<String> {
        fields(update, &body, &mut Earlier::default())
    }

    #[test]
    fn every_update_of_both_workflows_is_named_in_words() {
        for update in workflows::ApplicationWorkflow::TABLE_UPDATES
            .iter()
            .chain(workflows::ApplicationWorkflow::HAND_WRITTEN_UPDATES)
            .chain(workflows::EnquiryWorkflow::TABLE_UPDATES)
        {
            assert_ne!(what(update), *update, "{update} has no words");
        }
        assert_eq!(what("a_future_update"), "a_future_update");
    }

    #[test]
    fn bank_details_are_named_under_one_heading_without_their_values() {
        let body = json!({ "name": "Mr Alan Turing", "accountNumber": "66374958", "sortCode": "08-99-99", "collectionDay": 15 });
        assert_eq!(
            listed("save_bank_details", body),
            ["bank details: account name, account number, collection day, sort code"]
        );
    }

    #[test]
    fn health_answers_are_counted_never_shown() {
        let answers = json!([
            { "tag": "ALCOHOL_UNITS", "value": "60" },
            { "tag": "HAS_CONDITIONS", "value": "no" },
            { "tag": "ALCOHOL_UNITS", "value": "61" },
        ]);
        assert_eq!(
            listed(
                "provide_answers",
                json!({ "answers": answers, "options": [] })
            ),
            ["answers to 2 questions"]
        );
        assert_eq!(
            listed(
                "answer_privately",
                json!({ "client": "client1", "batch": { "answers": [{ "tag": "HEIGHT", "value": "1.78" }] } })
            ),
            ["answer to 1 question"]
        );
        let declarations = json!({ "declarations": [
            { "applicantId": "a", "allAnswers": [{ "tag": "DOH_A", "value": "no" }, { "tag": "DOH_B", "value": "no" }] },
            { "applicantId": "b", "allAnswers": [{ "tag": "DOH_A", "value": "yes" }] },
        ] });
        assert_eq!(
            listed("complete_term_extension", declarations),
            ["answers to 3 questions"]
        );
    }

    #[test]
    fn an_edit_lists_only_what_differs_from_the_record_as_last_sent() {
        let mut earlier = Earlier::default();
        let cover = |amount: u64, term: u32| json!({ "applicantId": "a", "coverId": "c", "cover": { "id": "c", "productType": "life", "coverAmount": amount, "term": term, "toAge": null } });
        assert_eq!(
            fields("add_cover", &cover(150_000, 20), &mut earlier),
            ["cover amount", "product type", "term"]
        );
        assert_eq!(
            fields("edit_cover", &cover(200_000, 20), &mut earlier),
            ["cover amount"]
        );
        // Another cover of the same client is another record.
        let other = json!({ "applicantId": "a", "coverId": "d", "cover": { "coverAmount": 1, "term": 20 } });
        assert_eq!(
            fields("edit_cover", &other, &mut earlier),
            ["cover amount", "term"]
        );
    }

    #[test]
    fn a_patch_lists_the_fields_it_sets_and_ids_and_callers_are_not_changes() {
        assert_eq!(
            listed(
                "edit_applicant",
                json!({ "applicantId": "a", "patch": { "firstName": "Alan M.", "smoking": "yes" } })
            ),
            ["first name", "smoking"]
        );
        assert_eq!(
            listed(
                "post_underwriting_update",
                json!({ "text": "Waiting", "underwriter": { "id": "u", "name": "Ruth Ellis" } })
            ),
            ["text"]
        );
        assert_eq!(
            listed(
                "set_advised_sale",
                json!({ "isAdvisedSale": true, "alwaysAdvised": false })
            ),
            ["advised sale"]
        );
        assert!(listed("activate_application", Value::Null).is_empty());
        assert!(
            listed(
                "remove_cover",
                json!({ "applicantId": "a", "coverId": "c" })
            )
            .is_empty()
        );
    }

    #[test]
    fn keys_that_are_not_field_names_are_never_echoed() {
        assert_eq!(label("HAS_CONDITIONS"), "other details");
        assert_eq!(
            listed(
                "edit_applicant",
                json!({ "patch": { "Diabetes since 2010": true } })
            ),
            ["patch"]
        );
        assert_eq!(label("accountNumber"), "account number");
        assert_eq!(label("address1"), "address line 1");
    }
}
