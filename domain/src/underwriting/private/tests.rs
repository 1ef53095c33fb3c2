use super::*;
use crate::errors::RejectionKind;
use crate::testkit::PLAIN_ANSWERS;
use crate::underwriting::Answer;
use crate::underwriting::dictionary::BackedList;
use crate::underwriting::outcome::ApplicantOutcome;
use crate::underwriting::record::EnquiryKind;
use chrono::TimeZone;

fn interview() -> Interview {
    let categories = BackedList::conditions(
        include_str!("../../../../product/underwriting/conditions.csv"),
        include_str!("../../../../product/underwriting/word-forms.csv"),
    )
    .unwrap()
    .categories();
    Interview::parse(
        include_str!("../../../../product/underwriting/interview.json"),
        &categories,
    )
    .unwrap()
}

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 24).unwrap()
}

fn at() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 24, 10, 0, 0).unwrap()
}

fn adviser() -> Sender {
    Sender {
        id: "adviser-1".into(),
        name: "Alex Adviser".into(),
    }
}

fn batch(answers: &[(&str, &str)]) -> ProvideAnswers {
    let occupation = BackedOption {
        id: "Software developer".into(),
        name: "Software developer".into(),
        category: "1".into(),
        code: None,
    };
    ProvideAnswers {
        answers: answers
            .iter()
            .map(|(tag, value)| Answer {
                tag: (*tag).into(),
                value: (*value).into(),
            })
            .collect(),
        options: vec![occupation],
    }
}

/// A started interview with the adviser's answer to alcohol already given.
fn started(interview: &Interview) -> EnquiryRecord {
    let record = EnquiryRecord::start(
        interview,
        "enquiry-a1".into(),
        crate::testkit::applicant_id("a1"),
        EnquiryKind::Full,
        batch(&[
            ("GENDER", "Female"),
            ("BIRTHDATE", "1986-03-14"),
            ("SMOKING_GFS", "NoneInFiveYears"),
        ])
        .answers,
        true,
        at(),
    );
    record
        .provide(interview, &batch(&[("ALCOHOL_UNITS", "4")]), today(), at())
        .unwrap()
}

fn send(record: &EnquiryRecord, email: Option<&str>) -> Result<EnquiryRecord, Rejection> {
    record.send_to_client(
        &SendToClient {
            email: email.map(str::to_owned),
            by: adviser(),
        },
        at(),
    )
}

fn sent(interview: &Interview) -> EnquiryRecord {
    send(&started(interview), Some("jane@example.com")).unwrap()
}

fn client_answers(
    record: &EnquiryRecord,
    interview: &Interview,
    answers: &[(&str, &str)],
) -> Result<EnquiryRecord, Rejection> {
    record.provide_as(Answerer::Client, interview, &batch(answers), today(), at())
}

#[test]
fn sending_needs_an_email_and_an_open_interview_not_already_sent() {
    let interview = interview();
    let record = started(&interview);
    for missing in [None, Some("  ")] {
        let refused = send(&record, missing).unwrap_err();
        assert_eq!(refused.kind, RejectionKind::Invalid);
        assert_eq!(refused.errors[0].field, "emailAddress");
        assert_eq!(refused.errors[0].message, NO_EMAIL);
    }
    let once = send(&record, Some("jane@example.com")).unwrap();
    assert_eq!(once.version, record.version + 1);
    assert!(once.is_with_client());
    let twice = send(&once, Some("jane@example.com")).unwrap_err();
    assert_eq!(
        (twice.kind, twice.message.as_str()),
        (RejectionKind::Conflict, ALREADY_SENT)
    );
}

#[test]
fn while_with_the_client_others_see_section_progress_and_no_answer() {
    let interview = interview();
    let answered = client_answers(
        &sent(&interview),
        &interview,
        &[("HAS_CONDITIONS", "Yes"), ("DRUGS", "Yes")],
    )
    .unwrap();
    let adviser_view = answered.view(&interview, today());
    assert!(adviser_view.all_answers.is_empty());
    assert!(adviser_view.available_conditions.is_empty());
    assert!(!adviser_view.is_closeable);
    assert!(
        adviser_view
            .sections
            .iter()
            .all(|s| s.enquiry_lines.is_empty()),
        "which questions are asked would say what was disclosed"
    );
    let json = serde_json::to_string(&adviser_view).unwrap();
    assert!(
        !json.contains("DRUGS") && !json.contains("ALCOHOL_UNITS"),
        "{json}"
    );
    let answering = adviser_view.client_answering.unwrap();
    assert!(answering.is_with_client);
    assert_eq!(answering.email, "jane@example.com");
    assert_eq!(answering.sent_by, "Alex Adviser");
    let progress: Vec<(&str, bool)> = answering
        .sections
        .iter()
        .map(|s| (s.name.as_str(), s.is_answered))
        .collect();
    assert_eq!(progress[0], ("About you", false));
    assert_eq!(progress.len(), interview.sections.len());

    let client_view = answered.client_view(&interview, today());
    assert!(
        client_view
            .all_answers
            .iter()
            .any(|a| a.tag == "DRUGS" && a.value == "Yes")
    );
    assert!(
        client_view
            .sections
            .iter()
            .any(|s| !s.enquiry_lines.is_empty())
    );
}

#[test]
fn the_adviser_cannot_change_an_interview_the_client_has() {
    let interview = interview();
    let record = sent(&interview);
    let answer = record
        .provide_as(
            Answerer::Adviser,
            &interview,
            &batch(&[("DRUGS", "No")]),
            today(),
            at(),
        )
        .unwrap_err();
    assert_eq!(
        (answer.kind, answer.message.as_str()),
        (RejectionKind::Conflict, WITH_CLIENT)
    );
    let declare = record
        .accept_post_declaration_as(Answerer::Adviser, at())
        .unwrap_err();
    assert_eq!(declare.message, WITH_CLIENT);
    let close = record.check_closeable(&interview, today()).unwrap_err();
    assert_eq!(close.message, WITH_CLIENT);
}

#[test]
fn the_client_can_answer_only_while_the_interview_is_with_them() {
    let interview = interview();
    let refused = client_answers(&started(&interview), &interview, &[("DRUGS", "No")]).unwrap_err();
    assert_eq!(
        (refused.kind, refused.message.as_str()),
        (RejectionKind::Conflict, NO_LONGER_WITH_CLIENT)
    );
    let bad =
        client_answers(&sent(&interview), &interview, &[("ALCOHOL_UNITS", "lots")]).unwrap_err();
    assert_eq!(
        bad.kind,
        RejectionKind::Invalid,
        "the same checks as the adviser's answers"
    );
    assert_eq!(bad.errors[0].field, "ALCOHOL_UNITS");
}

#[test]
fn taking_back_discards_the_clients_answers_unseen() {
    let interview = interview();
    let record = sent(&interview);
    let answered = client_answers(
        &record,
        &interview,
        &[("ALCOHOL_UNITS", "30"), ("DRUGS", "Yes")],
    )
    .unwrap();
    let declared = answered
        .accept_post_declaration_as(Answerer::Client, at())
        .unwrap();
    let back = declared.take_back(at()).unwrap();
    assert!(!back.is_with_client() && back.private.is_none());
    assert_eq!(
        back.answers.get("ALCOHOL_UNITS").map(String::as_str),
        Some("4")
    );
    assert!(!back.answers.contains_key("DRUGS"));
    assert!(!back.declarations.accepted_post_underwriting);
    assert!(back.version > declared.version);
    let again = back.take_back(at()).unwrap_err();
    assert_eq!(again.message, NOT_WITH_CLIENT);
    assert!(
        send(&back, Some("jane@example.com")).is_ok(),
        "it can be sent again"
    );
}

#[test]
fn submitting_needs_every_answer_and_the_declaration_then_the_adviser_carries_on() {
    let interview = interview();
    let record = sent(&interview);
    let early = record
        .submit_by_client(&interview, "client-1", today(), at())
        .unwrap_err();
    assert!(
        early.errors.iter().any(|e| e.field == "HEIGHT"),
        "{early:?}"
    );
    let answered = client_answers(&record, &interview, PLAIN_ANSWERS).unwrap();
    let undeclared = answered
        .submit_by_client(&interview, "client-1", today(), at())
        .unwrap_err();
    assert_eq!(undeclared.errors[0].field, "acceptedPostUnderwriting");
    let declared = answered
        .accept_post_declaration_as(Answerer::Client, at())
        .unwrap();
    let submitted = declared
        .submit_by_client(&interview, "client-1", today(), at())
        .unwrap();
    assert!(!submitted.is_with_client());
    assert_eq!(
        submitted.private.as_ref().and_then(|p| p.submitted.clone()),
        Some(Submission {
            at: at(),
            by: "client-1".into()
        })
    );

    let seen = submitted.view(&interview, today());
    assert!(seen.all_answers.iter().any(|a| a.tag == "OCCUPATION"));
    assert!(
        seen.is_closeable,
        "the adviser closes it as if they had typed the answers"
    );
    assert_eq!(
        seen.client_answering.as_ref().and_then(|c| c.submitted_at),
        Some(at())
    );
    let late = client_answers(&submitted, &interview, &[("DRUGS", "Yes")]).unwrap_err();
    assert_eq!(late.message, NO_LONGER_WITH_CLIENT);
    assert_eq!(
        send(&submitted, Some("jane@example.com"))
            .unwrap_err()
            .message,
        ALREADY_SUBMITTED
    );
    assert_eq!(
        submitted.take_back(at()).unwrap_err().message,
        NOT_WITH_CLIENT
    );
    let outcome = ApplicantOutcome {
        rulebook_version: interview.version.clone(),
        decided_at: at(),
        covers: vec![],
        limits: None,
    };
    let closed = submitted.close(&interview, outcome, today(), at()).unwrap();
    assert_eq!(
        send(&closed, Some("jane@example.com")).unwrap_err().message,
        CLOSED
    );
}

#[test]
fn a_record_stored_before_private_answering_reads_as_never_sent() {
    let interview = interview();
    let record = started(&interview);
    let json = serde_json::to_value(&record).unwrap();
    assert!(
        json.get("private").is_none(),
        "old records keep their shape"
    );
    let read: EnquiryRecord = serde_json::from_value(json).unwrap();
    assert_eq!(read, record);
    assert!(read.view(&interview, today()).client_answering.is_none());
}

#[test]
fn the_client_is_asked_about_themselves_and_the_adviser_about_the_client() {
    let interview = interview();
    let record = sent(&interview);
    let text_of = |enquiry: &Enquiry, tag: &str| {
        enquiry
            .sections
            .iter()
            .flat_map(|s| &s.enquiry_lines)
            .flat_map(|l| &l.questions)
            .find(|q| q.tag == tag)
            .map(|q| q.text.clone())
            .unwrap()
    };
    let client = record.client_view(&interview, today());
    assert_eq!(
        text_of(&client, "DRUGS"),
        "In the last 5 years, have you used any recreational drug?"
    );
    assert_eq!(
        text_of(&client, "HEIGHT"),
        "Height",
        "a question with no client wording reads the same"
    );
    let adviser = started(&interview).view(&interview, today());
    assert_eq!(
        text_of(&adviser, "DRUGS"),
        "In the last 5 years, has the client used any recreational drug?"
    );

    let early = record
        .submit_by_client(&interview, "client-1", today(), at())
        .unwrap_err();
    assert!(
        early
            .errors
            .iter()
            .all(|e| !e.message.contains("the client")),
        "what the client is told to answer speaks to them: {early:?}"
    );
}

/// The sample interview puts every question that speaks of "the client" to the client
/// themselves too, so the client portal never asks a client about "the client".
#[test]
fn every_sample_question_about_the_client_has_client_wording() {
    let interview = interview();
    let unworded: Vec<&str> = interview
        .sections
        .iter()
        .flat_map(|s| &s.lines)
        .flat_map(|l| &l.questions)
        .filter(|q| q.text.contains("the client") && q.client_text.is_none())
        .map(|q| q.tag.as_str())
        .collect();
    assert_eq!(unworded, Vec::<&str>::new());
}

#[test]
fn case_handlers_read_where_the_interview_stands() {
    let interview = interview();
    let record = started(&interview);
    assert_eq!(record.handling_words(), "open");
    let sent = sent(&interview);
    assert_eq!(
        sent.handling_words(),
        "open · with the client to answer privately"
    );
    let answered = client_answers(&sent, &interview, PLAIN_ANSWERS)
        .unwrap()
        .accept_post_declaration_as(Answerer::Client, at())
        .unwrap()
        .submit_by_client(&interview, "client-1", today(), at())
        .unwrap();
    assert_eq!(
        answered.handling_words(),
        "open · answered privately by the client"
    );
    assert_eq!(sent.take_back(at()).unwrap().handling_words(), "open");
    let outcome = ApplicantOutcome {
        rulebook_version: interview.version.clone(),
        decided_at: at(),
        covers: vec![],
        limits: None,
    };
    let closed = answered.close(&interview, outcome, today(), at()).unwrap();
    assert_eq!(closed.handling_words(), "closed");
}
