//! The client portal's rules (issue 35): how a signed-in client proves a case is theirs
//! ("Confirm your details"), how often they may try, which of a policy's documents they may
//! read, and where their application stands in plain words.

use crate::application::Application;
use crate::dates::parse_iso_date;
use crate::errors::{Errors, Rejection, RejectionKind};
use crate::ids::{ApplicantId, ApplicationId};
use crate::policy::is_policy_reference;
use crate::stage::ApplicationStage;
use chrono::{NaiveDate, TimeDelta};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Failed confirmations an account may make within [`CONFIRM_WINDOW`] before it must wait:
/// enough for typing mistakes, too few to guess a date of birth.
pub const MAX_FAILED_CONFIRMATIONS: usize = 5;
/// How far back failed confirmations count.
pub const CONFIRM_WINDOW: TimeDelta = TimeDelta::minutes(15);

/// The one answer to details that do not lead to a case the caller may link, whatever the
/// reason (unknown reference, another date of birth or email, or a case already in another
/// account), so the answer never tells a guesser whether someone else's case exists.
pub const NO_MATCH: &str = "We could not match these details to a case for your email address. \
Check your date of birth and your policy number or application reference against the documents \
your adviser sent you, or ask your adviser to check the email address they recorded for you.";

/// Shown when an account has made [`MAX_FAILED_CONFIRMATIONS`] failed attempts.
pub const TOO_MANY_ATTEMPTS: &str = "You have tried too many times. For your security, please wait \
15 minutes before trying again, or ask your adviser for help.";

/// What a client types in "Confirm your details".
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct ConfirmDetailsForm {
    /// The client's date of birth, `YYYY-MM-DD`.
    #[schema(example = "1980-06-23")]
    pub date_of_birth: Option<String>,
    /// The policy number (for example `PP0010000115`) or the application reference (`100001`).
    #[schema(example = "PP0010000115")]
    pub reference: Option<String>,
}

/// Which case the client names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CaseReference {
    Policy(String),
    Application(ApplicationId),
}

/// The form, read: a date of birth and a reference of a recognised shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfirmDetails {
    pub date_of_birth: NaiveDate,
    pub reference: CaseReference,
}

/// Reads the form, naming each field that cannot be read. A reference of the right shape that
/// leads nowhere is not an error here: that answer is [`NO_MATCH`], decided against the store.
pub fn read_confirm_details(form: &ConfirmDetailsForm) -> Result<ConfirmDetails, Rejection> {
    let mut errors = Errors::default();
    let born = form.date_of_birth.as_deref().unwrap_or_default().trim();
    let date_of_birth = if born.is_empty() {
        errors.push("dateOfBirth", "Please enter your date of birth");
        None
    } else {
        let date = parse_iso_date(born);
        if date.is_none() {
            errors.push(
                "dateOfBirth",
                "Enter a real date of birth, for example 1980-06-23",
            );
        }
        date
    };
    let reference = read_reference(form.reference.as_deref().unwrap_or_default());
    if let Err(message) = &reference {
        errors.push("reference", message);
    }
    match (date_of_birth, reference) {
        (Some(date_of_birth), Ok(reference)) if errors.is_empty() => Ok(ConfirmDetails {
            date_of_birth,
            reference,
        }),
        _ => Err(Rejection::invalid(errors.into_vec())),
    }
}

/// A policy number (any case, spaces ignored) or an application reference of digits.
fn read_reference(text: &str) -> Result<CaseReference, &'static str> {
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_uppercase();
    if compact.is_empty() {
        return Err("Please enter your policy number or application reference");
    }
    if compact.starts_with("PP") {
        return if is_policy_reference(&compact) {
            Ok(CaseReference::Policy(compact))
        } else {
            Err("This is not a policy number: check it against your policy schedule")
        };
    }
    ApplicationId::parse(&compact)
        .map(CaseReference::Application)
        .ok_or("Enter a policy number such as PP0010000115, or an application reference such as 100001")
}

/// The refusal for details that lead to no case the caller may link ([`NO_MATCH`]).
pub fn no_match() -> Rejection {
    Rejection {
        kind: RejectionKind::Invalid,
        message: NO_MATCH.to_owned(),
        errors: Vec::new(),
    }
}

/// The applicants of `application` the caller is: born on the date given, with the recorded
/// email of the signed-in account (any case). `only` narrows to a policy's holder.
pub fn matching_applicants(
    application: &Application,
    details: &ConfirmDetails,
    account_email: &str,
    only: Option<&ApplicantId>,
) -> Vec<ApplicantId> {
    let account_email = account_email.trim();
    if account_email.is_empty() {
        return Vec::new();
    }
    application
        .applicants
        .iter()
        .filter(|a| only.is_none_or(|id| &a.id == id))
        .filter(|a| a.details.date_of_birth == Some(details.date_of_birth))
        .filter(|a| {
            a.contact_details
                .as_ref()
                .and_then(|c| c.email_address.as_ref())
                .is_some_and(|email| email.as_str().trim().eq_ignore_ascii_case(account_email))
        })
        .map(|a| a.id.clone())
        .collect()
}

/// What makes two applicants the same client for the portal: the email their adviser recorded
/// (any case, spaces around ignored) and their date of birth, the two things "Confirm your
/// details" matches. A client already in the portal finds another case of theirs with the same
/// pair in their account by itself (issue 50); `None` without both.
pub fn same_client_key(applicant: &crate::applicant::Applicant) -> Option<String> {
    let email = applicant
        .contact_details
        .as_ref()
        .and_then(|c| c.email_address.as_ref())
        .map(|e| e.as_str().trim().to_lowercase())
        .filter(|e| !e.is_empty())?;
    let born = applicant.details.date_of_birth?;
    Some(format!("{email}|{born}"))
}

/// Whether `applicant` of `application`, found by [`same_client_key`] beside a case the
/// account already holds, has the account's own email: a case joins the account by itself only
/// then, never on another account's email.
pub fn joins_account_by_itself(
    application: &Application,
    applicant: &ApplicantId,
    account_email: &str,
) -> bool {
    application.applicant(applicant).is_some_and(|a| {
        a.details.date_of_birth.is_some_and(|born| {
            let details = ConfirmDetails {
                date_of_birth: born,
                reference: CaseReference::Application(application.id),
            };
            !matching_applicants(application, &details, account_email, Some(applicant)).is_empty()
        })
    })
}

/// Whether an account with `failed_recently` failed attempts inside the window must wait.
pub fn must_wait(failed_recently: usize) -> bool {
    failed_recently >= MAX_FAILED_CONFIRMATIONS
}

/// A stored policy document's kind, as the policy activities name them.
pub const DIRECT_DEBIT_KIND: &str = "direct-debit";
pub const DECISION_KIND: &str = "decision";

/// Whether a client linked to `linked` applicants of `application` may read a policy document
/// of `kind`: their own schedule, the Direct Debit confirmation, and the underwriting decision
/// only when every client on the application is theirs (it gives each client's decision with
/// underwriting's reasons, which would tell them of a joint applicant's health).
pub fn may_read_policy_document(
    kind: &str,
    application: &Application,
    linked: &[&ApplicantId],
) -> bool {
    if let Some(holder) = kind.strip_prefix("schedule:") {
        return linked.iter().any(|a| a.as_str() == holder);
    }
    match kind {
        DIRECT_DEBIT_KIND => !linked.is_empty(),
        DECISION_KIND => {
            !linked.is_empty()
                && application
                    .applicants
                    .iter()
                    .all(|a| linked.contains(&&a.id))
        }
        _ => false,
    }
}

/// Where an application stands, as a client reads it.
pub fn progress_in_plain_words(
    application: &Application,
    own_questions: Option<OwnQuestions>,
) -> &'static str {
    progress_words(
        application.status,
        application.decision.proceeded_at.is_some(),
        application.set_up.active,
        own_questions,
    )
}

/// Where the client's own health questions stand, when their adviser sent them to answer
/// privately: the progress then speaks of the client answering, not the adviser asking. Ordered
/// so a case with questions still waiting reads as waiting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum OwnQuestions {
    /// Sent, waiting for the client's answers.
    Waiting,
    /// The client has submitted them.
    Submitted,
}

fn progress_words(
    stage: ApplicationStage,
    proceeded: bool,
    issued: bool,
    own_questions: Option<OwnQuestions>,
) -> &'static str {
    match stage {
        ApplicationStage::CreateQuote | ApplicationStage::Quote => {
            "Your adviser is preparing your quote."
        }
        ApplicationStage::Apply => match own_questions {
            Some(OwnQuestions::Waiting) => {
                "Your application has started: your health and lifestyle questions are waiting for you to answer them here."
            }
            Some(OwnQuestions::Submitted) => {
                "Thank you for answering your health and lifestyle questions. Your adviser will finish your application and send it to us."
            }
            None => {
                "Your application has started: your adviser is going through the health and lifestyle questions with you."
            }
        },
        ApplicationStage::Underwriting => {
            "Our underwriters are looking at your application. We may need more information, such as a report from your GP; your adviser will tell you."
        }
        ApplicationStage::Decision if issued => {
            "Your policy has been issued and will start on its start date."
        }
        ApplicationStage::Decision if proceeded => "Your adviser is setting up your policy.",
        ApplicationStage::Decision => {
            "We have made our decision. Your adviser will talk you through it."
        }
        ApplicationStage::WentOnRisk => "Your policy is in force: you are covered.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::address::ContactDetails;
    use crate::contact::email::EmailAddress;
    use crate::errors::FieldError;
    use crate::policy::policy_reference;
    use crate::testkit;

    fn field_names(errors: &[FieldError]) -> Vec<&str> {
        errors.iter().map(|e| e.field.as_str()).collect()
    }

    fn form(born: &str, reference: &str) -> ConfirmDetailsForm {
        ConfirmDetailsForm {
            date_of_birth: Some(born.into()),
            reference: Some(reference.into()),
        }
    }

    #[test]
    fn a_policy_number_is_read_in_any_case_with_spaces() {
        let number = policy_reference(ApplicationId::new(100001).unwrap(), 1);
        let typed = format!(" {} {} ", &number[..6].to_lowercase(), &number[6..]);
        let details = read_confirm_details(&form("1980-06-23", &typed)).unwrap();
        assert_eq!(details.reference, CaseReference::Policy(number));
        assert_eq!(
            details.date_of_birth,
            NaiveDate::from_ymd_opt(1980, 6, 23).unwrap()
        );
    }

    #[test]
    fn an_application_reference_is_digits() {
        let details = read_confirm_details(&form("1980-06-23", "100001")).unwrap();
        assert_eq!(
            details.reference,
            CaseReference::Application(ApplicationId::new(100001).unwrap())
        );
    }

    #[test]
    fn a_mistyped_policy_number_is_caught_by_its_check_digit() {
        let number = policy_reference(ApplicationId::new(100001).unwrap(), 1);
        let last = number.chars().last().unwrap().to_digit(10).unwrap();
        let wrong = format!("{}{}", &number[..number.len() - 1], (last + 1) % 10);
        let rejection = read_confirm_details(&form("1980-06-23", &wrong)).unwrap_err();
        assert_eq!(field_names(&rejection.errors), ["reference"]);
    }

    #[test]
    fn every_unreadable_field_is_named() {
        let rejection = read_confirm_details(&form("", "")).unwrap_err();
        assert_eq!(field_names(&rejection.errors), ["dateOfBirth", "reference"]);
        let rejection = read_confirm_details(&form("1980-02-30", "ABC")).unwrap_err();
        assert_eq!(field_names(&rejection.errors), ["dateOfBirth", "reference"]);
    }

    fn with_email(mut application: Application, index: usize, email: &str) -> Application {
        application.applicants[index].contact_details = Some(ContactDetails {
            email_address: Some(EmailAddress::parse(email).unwrap()),
            ..ContactDetails::default()
        });
        application
    }

    #[test]
    fn only_the_applicant_with_that_birth_date_and_email_matches() {
        let application = with_email(testkit::proceeded(false), 0, "Jane.Doe@Example.com");
        let applicant = &application.applicants[0];
        let born = applicant.details.date_of_birth.unwrap();
        let details = ConfirmDetails {
            date_of_birth: born,
            reference: CaseReference::Application(application.id),
        };
        let found = matching_applicants(&application, &details, "jane.doe@example.com", None);
        assert_eq!(found, std::slice::from_ref(&applicant.id));
        assert!(matching_applicants(&application, &details, "other@example.com", None).is_empty());
        assert!(matching_applicants(&application, &details, "", None).is_empty());
        let other_day = ConfirmDetails {
            date_of_birth: born.succ_opt().unwrap(),
            ..details.clone()
        };
        assert!(
            matching_applicants(&application, &other_day, "jane.doe@example.com", None).is_empty()
        );
        let someone_else = ApplicantId::parse("someone-else").unwrap();
        assert!(
            matching_applicants(
                &application,
                &details,
                "jane.doe@example.com",
                Some(&someone_else)
            )
            .is_empty()
        );
    }

    #[test]
    fn an_applicant_without_a_recorded_email_never_matches() {
        let mut application = testkit::proceeded(false);
        application.applicants[0].contact_details = None;
        let details = ConfirmDetails {
            date_of_birth: application.applicants[0].details.date_of_birth.unwrap(),
            reference: CaseReference::Application(application.id),
        };
        assert!(matching_applicants(&application, &details, "jane@example.com", None).is_empty());
    }

    #[test]
    fn the_fifth_failure_makes_the_account_wait_not_the_fourth() {
        assert!(!must_wait(MAX_FAILED_CONFIRMATIONS - 1));
        assert!(must_wait(MAX_FAILED_CONFIRMATIONS));
    }

    #[test]
    fn a_joint_applicant_sees_their_schedule_and_the_direct_debit_but_not_the_decision() {
        let application = testkit::proceeded(false);
        let ids: Vec<&ApplicantId> = application.applicants.iter().map(|a| &a.id).collect();
        assert!(ids.len() >= 2, "the test case is a joint application");
        let me = [ids[0]];
        assert!(may_read_policy_document(
            &format!("schedule:{}", ids[0]),
            &application,
            &me
        ));
        assert!(!may_read_policy_document(
            &format!("schedule:{}", ids[1]),
            &application,
            &me
        ));
        assert!(may_read_policy_document(
            DIRECT_DEBIT_KIND,
            &application,
            &me
        ));
        assert!(!may_read_policy_document(DECISION_KIND, &application, &me));
        assert!(may_read_policy_document(DECISION_KIND, &application, &ids));
        assert!(!may_read_policy_document("evidence:1", &application, &ids));
        assert!(!may_read_policy_document(
            DIRECT_DEBIT_KIND,
            &application,
            &[]
        ));
    }

    #[test]
    fn progress_reads_in_plain_words_at_each_stage() {
        use ApplicationStage::*;
        assert_eq!(
            progress_words(Quote, false, false, None),
            "Your adviser is preparing your quote."
        );
        assert_eq!(
            progress_words(CreateQuote, false, false, None),
            progress_words(Quote, false, false, None)
        );
        assert!(progress_words(Underwriting, false, false, None).starts_with("Our underwriters"));
        assert_eq!(
            progress_words(Decision, true, false, None),
            "Your adviser is setting up your policy."
        );
        assert!(progress_words(Decision, true, true, None).contains("issued"));
        assert!(progress_words(Decision, false, false, None).contains("decision"));
        assert!(progress_words(WentOnRisk, true, true, None).contains("in force"));
        assert!(
            progress_words(Apply, false, false, None).contains("your adviser is going through")
        );
    }

    /// A client answering alone is never told their adviser is asking the questions.
    #[test]
    fn progress_speaks_of_the_client_answering_questions_sent_to_them() {
        use ApplicationStage::Apply;
        let waiting = progress_words(Apply, false, false, Some(OwnQuestions::Waiting));
        assert!(waiting.contains("waiting for you"));
        let submitted = progress_words(Apply, false, false, Some(OwnQuestions::Submitted));
        assert!(submitted.starts_with("Thank you for answering"));
        for words in [waiting, submitted] {
            assert!(!words.contains("going through"), "{words}");
        }
    }
}
