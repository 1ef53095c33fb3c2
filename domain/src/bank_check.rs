//! Checking bank details before a Direct Debit is set up (§4 "Bank check", §8 "Bank validation
//! messages by result"): the states a check moves through and what each result tells the adviser.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

// §8 "Bank validation messages by result".
/// A result key from the bank check: the modulus check's, or the Confirmation of Payee provider's.
// Its OpenAPI schema is written out below (`schema`): a string enum of the codes and a named
// schema for each object variant, which code generators read without guessing.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BankCheckResult {
    Authenticated,
    NotAuthenticated,
    FailedModulusCheck,
    /// Incorrect account number or sort code.
    #[serde(rename = "AC01")]
    Ac01,
    /// The name does not match the account.
    #[serde(rename = "ANNM")]
    Annm,
    /// A business account, with a close name match.
    #[serde(rename = "BAMM")]
    Bamm,
    /// A business account, name does not match.
    #[serde(rename = "BANM")]
    Banm,
    /// The account was switched with the Current Account Switch Service.
    #[serde(rename = "CASS")]
    Cass,
    /// A close match: the bank returns the account's name.
    #[serde(rename = "MBAM")]
    Mbam {
        #[serde(rename = "accountName")]
        account_name: String,
    },
    #[serde(rename = "ACNS")]
    Acns,
    #[serde(rename = "OPTO")]
    Opto,
    #[serde(rename = "SCNS")]
    Scns,
    InvalidSortCode,
    DcrNotPossible,
    #[serde(rename = "GGH-001")]
    Ggh001,
    /// No Confirmation of Payee service is configured: the modulus check passed (or the
    /// sort code has none) but the name was not checked.
    NameNotChecked,
    /// The Confirmation of Payee service did not answer in time, or answered nonsense.
    ProviderUnavailable,
    /// Any other answer from the provider.
    Other(String),
}

/// How the adviser should read a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Severity {
    Verified,
    /// The adviser may continue after checking carefully.
    Warning,
    /// The details must be corrected.
    Error,
}

/// Every result with nothing more to say, by its wire spelling (the JSON, the OpenAPI enum and
/// a provider's key), and whether a provider's answer may carry it: the last two are the
/// portal's own findings.
const CODED: [(&str, BankCheckResult, bool); 16] = [
    ("Authenticated", BankCheckResult::Authenticated, true),
    ("NotAuthenticated", BankCheckResult::NotAuthenticated, true),
    (
        "FailedModulusCheck",
        BankCheckResult::FailedModulusCheck,
        true,
    ),
    ("AC01", BankCheckResult::Ac01, true),
    ("ANNM", BankCheckResult::Annm, true),
    ("BAMM", BankCheckResult::Bamm, true),
    ("BANM", BankCheckResult::Banm, true),
    ("CASS", BankCheckResult::Cass, true),
    ("ACNS", BankCheckResult::Acns, true),
    ("OPTO", BankCheckResult::Opto, true),
    ("SCNS", BankCheckResult::Scns, true),
    ("InvalidSortCode", BankCheckResult::InvalidSortCode, true),
    ("DcrNotPossible", BankCheckResult::DcrNotPossible, true),
    ("GGH-001", BankCheckResult::Ggh001, true),
    ("NameNotChecked", BankCheckResult::NameNotChecked, false),
    (
        "ProviderUnavailable",
        BankCheckResult::ProviderUnavailable,
        false,
    ),
];

impl BankCheckResult {
    /// Reads a provider's result key; unknown keys are kept as `Other`.
    pub fn parse(key: &str, returned_account_name: Option<&str>) -> Self {
        let key = match key {
            "invalid sort" | "INVALID_SORT" => "InvalidSortCode",
            "DCR not possible" => "DcrNotPossible",
            other => other,
        };
        if key == "MBAM" {
            return Self::Mbam {
                account_name: returned_account_name.unwrap_or_default().to_owned(),
            };
        }
        CODED
            .into_iter()
            .find(|(code, _, from_provider)| *from_provider && *code == key)
            .map_or_else(|| Self::Other(key.to_owned()), |(_, result, _)| result)
    }

    // §8: exact wording is not shown; these follow its meaning.
    /// The message the adviser reads for the result.
    pub fn message(&self) -> String {
        match self {
            Self::Authenticated => "Bank account verified.".into(),
            Self::NotAuthenticated => {
                "We were unable to validate these bank details. Please check them carefully before you continue.".into()
            }
            Self::FailedModulusCheck => {
                "These account details are invalid. Please check the sort code and account number.".into()
            }
            Self::Ac01 => "These account details are invalid. Please check the sort code and account number.".into(),
            Self::Annm => "The name does not match this account. Please check the account holder's name.".into(),
            Self::Bamm | Self::Banm => {
                "This is a business account. We can only accept a personal account for this policy.".into()
            }
            Self::Cass => {
                "This account has been switched to another bank. Please ask your client for their new account details.".into()
            }
            Self::Mbam { account_name } => format!(
                "The bank holds this account in the name of {account_name}. Please check it matches your client's name."
            ),
            Self::NameNotChecked => {
                "The sort code and account number are consistent, but the account holder's name could not be checked: no Confirmation of Payee service is set up. Please check the name with your client before you continue.".into()
            }
            Self::ProviderUnavailable => {
                "The account holder's name could not be checked just now: the Confirmation of Payee service did not answer. Please check the details with your client, or try again.".into()
            }
            Self::Acns
            | Self::Opto
            | Self::Scns
            | Self::InvalidSortCode
            | Self::DcrNotPossible
            | Self::Ggh001
            | Self::Other(_) => {
                "We were unable to validate these bank details. Our provider will be in touch.".into()
            }
        }
    }

    pub(crate) fn severity(&self) -> Severity {
        match self {
            Self::Authenticated => Severity::Verified,
            Self::FailedModulusCheck | Self::Ac01 | Self::Bamm | Self::Banm | Self::Cass => {
                Severity::Error
            }
            _ => Severity::Warning,
        }
    }
}

// §4 bank check: validate, override as manually verified, or reset.
/// Where a bank check stands: not checked, checked with a result, or a result the adviser confirmed
/// as manually verified.
// Its OpenAPI schema, discriminated on `status`, is written out below (`schema`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "status")]
pub enum BankCheckStatus {
    #[default]
    NotChecked,
    Checked {
        result: BankCheckResult,
    },
    /// An adviser confirmed the details after a result that was not a clean verification.
    ManuallyVerified {
        result: BankCheckResult,
    },
}

pub(crate) const MANUALLY_VERIFIED: &str =
    "You confirmed these bank details with your client after the check, so set-up can continue.";

impl BankCheckStatus {
    pub(crate) fn validated(result: BankCheckResult) -> Self {
        Self::Checked { result }
    }

    /// Override as manually verified: allowed after a warning, never after an error (the details
    /// are wrong) nor before a check.
    pub fn overridden(&self) -> Option<Self> {
        match self {
            Self::Checked { result } if result.severity() == Severity::Warning => {
                Some(Self::ManuallyVerified {
                    result: result.clone(),
                })
            }
            _ => None,
        }
    }

    // §4 bank check reset.
    /// Changing the bank details clears the check.
    pub fn reset() -> Self {
        Self::NotChecked
    }

    /// The last check's result, if any.
    pub fn result(&self) -> Option<&BankCheckResult> {
        match self {
            Self::Checked { result } | Self::ManuallyVerified { result } => Some(result),
            Self::NotChecked => None,
        }
    }

    /// What the adviser reads about the check: the result's message, and once they have
    /// confirmed a warning with the client, that they did, since the warning's "please check"
    /// is done (issue 32).
    pub fn message(&self) -> Option<String> {
        match self {
            Self::Checked { result } => Some(result.message()),
            Self::ManuallyVerified { .. } => Some(MANUALLY_VERIFIED.to_owned()),
            Self::NotChecked => None,
        }
    }

    // §3 `isBankCheckConfirmed`.
    /// Set-up may continue: the details were verified, or a warning was manually verified.
    pub(crate) fn is_confirmed(&self) -> bool {
        match self {
            Self::Checked { result } => result.severity() == Severity::Verified,
            Self::ManuallyVerified { .. } => true,
            Self::NotChecked => false,
        }
    }
}

/// The OpenAPI schemas of [`BankCheckResult`] and [`BankCheckStatus`], written out so that each
/// object variant is a named schema and the status is a declared discriminator; the JSON they
/// describe is serde's, unchanged.
mod schema {
    use super::{BankCheckResult, BankCheckStatus};
    use std::borrow::Cow;
    use utoipa::openapi::RefOr;
    use utoipa::openapi::schema::{
        Discriminator, ObjectBuilder, OneOfBuilder, Ref, Schema, SchemaType, Type,
    };
    use utoipa::{PartialSchema, ToSchema};

    /// The wire spelling of every result without data of its own (a test holds it to the enum).
    pub(super) fn codes() -> Vec<&'static str> {
        super::CODED.iter().map(|(code, ..)| *code).collect()
    }

    fn string() -> ObjectBuilder {
        ObjectBuilder::new().schema_type(SchemaType::Type(Type::String))
    }

    fn code() -> Schema {
        string()
            .enum_values(Some(codes()))
            .description(Some(
                "A result with nothing more to say: `Authenticated` (verified); `NotAuthenticated`; \
                 `FailedModulusCheck` and `AC01` (the sort code and account number do not fit \
                 together); `ANNM` (the name does not match); `BAMM` and `BANM` (a business \
                 account); `CASS` (switched to another bank); `ACNS`, `OPTO`, `SCNS`, \
                 `InvalidSortCode`, `DcrNotPossible`, `GGH-001` (not checkable); `NameNotChecked` \
                 (no Confirmation of Payee service is set up); `ProviderUnavailable` (it did not \
                 answer).",
            ))
            .into()
    }

    fn close_match() -> Schema {
        let name = ObjectBuilder::new()
            .property(
                "accountName",
                string().description(Some("The name the bank holds.")),
            )
            .required("accountName");
        ObjectBuilder::new()
            .description(Some(
                "`MBAM`: a close match; the bank returns the account's name for the adviser to compare.",
            ))
            .property("MBAM", name)
            .required("MBAM")
            .into()
    }

    fn other() -> Schema {
        ObjectBuilder::new()
            .description(Some("Any other answer from the provider, as it gave it."))
            .property("Other", string())
            .required("Other")
            .into()
    }

    impl PartialSchema for BankCheckResult {
        fn schema() -> RefOr<Schema> {
            OneOfBuilder::new()
                .description(Some(
                    "A result key from the bank check: the modulus check's, or the Confirmation of \
                     Payee provider's.",
                ))
                .item(Ref::from_schema_name("BankCheckCode"))
                .item(Ref::from_schema_name("BankCheckCloseMatch"))
                .item(Ref::from_schema_name("BankCheckOtherResult"))
                .into()
        }
    }

    impl ToSchema for BankCheckResult {
        fn name() -> Cow<'static, str> {
            Cow::Borrowed("BankCheckResult")
        }

        fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
            schemas.push(("BankCheckCode".into(), code().into()));
            schemas.push(("BankCheckCloseMatch".into(), close_match().into()));
            schemas.push(("BankCheckOtherResult".into(), other().into()));
        }
    }

    /// The three states, each a named schema with its `status`.
    const STATES: [(&str, &str, &str); 3] = [
        (
            "notChecked",
            "BankNotChecked",
            "The details have not been checked since they were saved.",
        ),
        (
            "checked",
            "BankChecked",
            "The details were checked; `result` says how.",
        ),
        (
            "manuallyVerified",
            "BankManuallyVerified",
            "An adviser confirmed the details after a result that was not a clean verification.",
        ),
    ];

    fn state(status: &str, description: &str) -> Schema {
        let mut object = ObjectBuilder::new()
            .description(Some(description))
            .property("status", string().enum_values(Some([status])))
            .required("status");
        if status != "notChecked" {
            object = object
                .property("result", Ref::from_schema_name("BankCheckResult"))
                .required("result");
        }
        object.into()
    }

    impl PartialSchema for BankCheckStatus {
        fn schema() -> RefOr<Schema> {
            let mut discriminator = Discriminator::new("status");
            let mut one_of = OneOfBuilder::new().description(Some(
                "Where a bank check stands: not checked, checked with a result, or a result the \
                 adviser confirmed as manually verified.",
            ));
            for (status, name, _) in STATES {
                discriminator
                    .mapping
                    .insert(status.into(), format!("#/components/schemas/{name}"));
                one_of = one_of.item(Ref::from_schema_name(name));
            }
            one_of.discriminator(Some(discriminator)).into()
        }
    }

    impl ToSchema for BankCheckStatus {
        fn name() -> Cow<'static, str> {
            Cow::Borrowed("BankCheckStatus")
        }

        fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
            for (status, name, description) in STATES {
                schemas.push((name.into(), state(status, description).into()));
            }
            schemas.push((BankCheckResult::name().into(), BankCheckResult::schema()));
            BankCheckResult::schemas(schemas);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_codes_are_exactly_the_results_without_data() {
        use std::collections::BTreeSet;
        let documented: BTreeSet<&str> = schema::codes().into_iter().collect();
        for code in schema::codes() {
            let result: BankCheckResult = serde_json::from_value(serde_json::json!(code))
                .unwrap_or_else(|e| panic!("{code} is documented but not read: {e}"));
            assert_eq!(
                serde_json::to_value(&result).unwrap(),
                serde_json::json!(code)
            );
        }
        // Every result the provider's keys can produce serialises to a documented code or to
        // one of the two object shapes.
        for key in ["MBAM", "something new"].into_iter().chain(schema::codes()) {
            let written =
                serde_json::to_value(BankCheckResult::parse(key, Some("J SMITH"))).unwrap();
            match written {
                serde_json::Value::String(code) => {
                    assert!(documented.contains(code.as_str()), "{code}")
                }
                serde_json::Value::Object(object) => {
                    let keys: Vec<&String> = object.keys().collect();
                    assert!(keys == ["MBAM"] || keys == ["Other"], "{keys:?}");
                }
                other => panic!("{other}"),
            }
        }
        assert_eq!(documented.len(), schema::codes().len());
    }

    #[test]
    fn a_provider_cannot_claim_the_portals_own_findings_and_its_spellings_are_read() {
        assert_eq!(
            BankCheckResult::parse("ProviderUnavailable", None),
            BankCheckResult::Other("ProviderUnavailable".into())
        );
        assert_eq!(
            BankCheckResult::parse("INVALID_SORT", None),
            BankCheckResult::InvalidSortCode
        );
        assert_eq!(
            BankCheckResult::parse("DCR not possible", None),
            BankCheckResult::DcrNotPossible
        );
    }

    #[test]
    fn every_result_key_of_the_catalogue_is_read() {
        for key in [
            "Authenticated",
            "NotAuthenticated",
            "FailedModulusCheck",
            "AC01",
            "ANNM",
            "BAMM",
            "BANM",
            "CASS",
            "MBAM",
            "ACNS",
            "OPTO",
            "SCNS",
            "InvalidSortCode",
            "DcrNotPossible",
            "GGH-001",
        ] {
            assert!(
                !matches!(BankCheckResult::parse(key, None), BankCheckResult::Other(_)),
                "{key}"
            );
        }
        assert_eq!(
            BankCheckResult::parse("XYZ", None),
            BankCheckResult::Other("XYZ".into())
        );
    }

    #[test]
    fn results_give_the_catalogue_message() {
        assert_eq!(
            BankCheckResult::Authenticated.message(),
            "Bank account verified."
        );
        assert!(
            BankCheckResult::NotAuthenticated
                .message()
                .contains("check them carefully before you continue")
        );
        assert_eq!(
            BankCheckResult::Bamm.message(),
            BankCheckResult::Banm.message()
        );
        let mbam = BankCheckResult::parse("MBAM", Some("MR A TURING"));
        assert!(mbam.message().contains("MR A TURING"));
        for unable in [
            "ACNS",
            "OPTO",
            "SCNS",
            "InvalidSortCode",
            "DcrNotPossible",
            "GGH-001",
            "whatever",
        ] {
            assert!(
                BankCheckResult::parse(unable, None)
                    .message()
                    .contains("provider will be in touch"),
                "{unable}"
            );
        }
    }

    #[test]
    fn a_check_can_be_overridden_after_a_warning_but_not_after_an_error() {
        let warned = BankCheckStatus::validated(BankCheckResult::NotAuthenticated);
        assert!(!warned.is_confirmed());
        let overridden = warned.overridden().unwrap();
        assert!(overridden.is_confirmed());
        assert!(
            BankCheckStatus::validated(BankCheckResult::Ac01)
                .overridden()
                .is_none()
        );
        assert!(BankCheckStatus::NotChecked.overridden().is_none());
        assert!(BankCheckStatus::validated(BankCheckResult::Authenticated).is_confirmed());
        assert!(!BankCheckStatus::reset().is_confirmed());
    }
}
