//! The contact-details stage (§2 "Contact details", §5, §6, §7): each client's contact details
//! and address, the same-address link, the adviser's own reference, the commission
//! adjustment, the quote's valid-until date, the mortgage and advised-sale questions, the
//! policy start date, the pre-underwriting declaration, and applying.
//!
//! Commands that depend on the adviser's flags (§6) carry what the API read from the owning
//! adviser's settings, so the workflow decides on the same facts on every replay.

use super::{APPLICANT_NOT_FOUND, Application};
use crate::commission::{CommissionInput, CommissionRules};
use crate::contact::address::{
    ApplicantAddress, SAME_ADDRESS_SELF, SAME_ADDRESS_UNKNOWN, check_applicants_addresses,
};
use crate::contact::email::EMPTY_MESSAGE;
use crate::contact::phone::PhoneError;
use crate::contact::{ContactDetails, ContactDetailsForm, EmailCheck, email_refusal};
use crate::dates::uk_date;
use crate::errors::{Errors, FieldError, Rejection};
use crate::ids::ApplicantId;
use crate::patch::Patch;
use crate::product_codes::StartDateOption;
use crate::quote::{check_policy_start, check_valid_until};
use crate::stage::ApplicationStage;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub(crate) const CONTACT_LOCKED: &str =
    "Contact details can't be changed once underwriting has started";
pub(crate) const APPLY_LOCKED: &str = "This application has already been applied for";
pub(crate) const YOUR_REF_NOT_EDITABLE: &str = "Your reference can't be changed for this adviser";
/// Longest own reference an adviser may keep on a case (docs/decisions.md M6).
pub(crate) const YOUR_REF_MAX_CHARS: usize = 50;
pub(crate) const ALWAYS_ADVISED: &str = "Sales by this adviser are always advised";
pub(crate) const NO_QUOTE_FOR_DATE: &str = "Price the quote before changing its valid-until date";
pub(crate) const FUTURE_START_NEEDS_DATE: &str = "Please enter the date the policy should start";
pub(crate) const START_DATE_ONLY_FOR_FUTURE: &str =
    "A start date is given only when the policy starts on a future date";
pub(crate) const QUOTE_NEEDS_PRICE: &str = "Price the quote before applying";
pub(crate) const QUOTE_EXPIRED: &str = "The quote has expired. Price it again before applying";
pub(crate) const CONTACT_INCOMPLETE: &str = "Complete the contact details before applying";
pub(crate) const MORTGAGE_UNANSWERED: &str = "Please say whether the cover is for a mortgage";
pub(crate) const ADVICE_UNANSWERED: &str = "Please say whether this is an advised sale";

// §7: `PATCH /backendforfrontend/applicant/contact` changes the fields sent;
// `POST .../applicant/{id}/contact` replaces them all.
/// A change to one client's contact details: the fields sent, or all of them.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContactPatch {
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub address1: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub address2: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub address3: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub city_name: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub county: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub postcode: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub phone_number: Patch<String>,
    #[serde(default, skip_serializing_if = "Patch::is_absent")]
    pub email_address: Patch<String>,
}

impl ContactPatch {
    /// Replaces every field: what the form leaves out is cleared.
    pub fn replacing_with(form: ContactDetailsForm) -> Self {
        let set = |value: Option<String>| value.map_or(Patch::Clear, Patch::Set);
        Self {
            address1: set(form.address1),
            address2: set(form.address2),
            address3: set(form.address3),
            city_name: set(form.city_name),
            county: set(form.county),
            postcode: set(form.postcode),
            phone_number: set(form.phone_number),
            email_address: set(form.email_address),
        }
    }

    /// The form after this change to `current`.
    pub(crate) fn apply_to(&self, current: Option<&ContactDetails>) -> ContactDetailsForm {
        let current = current.cloned().unwrap_or_default();
        let text = |value: Option<&str>, patch: &Patch<String>| {
            patch.clone().apply_to(value.map(str::to_owned))
        };
        ContactDetailsForm {
            address1: text(
                current.address1.as_ref().map(|v| v.as_str()),
                &self.address1,
            ),
            address2: text(
                current.address2.as_ref().map(|v| v.as_str()),
                &self.address2,
            ),
            address3: text(
                current.address3.as_ref().map(|v| v.as_str()),
                &self.address3,
            ),
            city_name: text(
                current.city_name.as_ref().map(|v| v.as_str()),
                &self.city_name,
            ),
            county: text(current.county.as_ref().map(|v| v.as_str()), &self.county),
            postcode: text(
                current.postcode.as_ref().map(|v| v.as_str()),
                &self.postcode,
            ),
            phone_number: text(
                current.phone_number.as_ref().map(|v| v.as_str()),
                &self.phone_number,
            ),
            email_address: text(
                current.email_address.as_ref().map(|v| v.as_str()),
                &self.email_address,
            ),
        }
    }
}

// §5 email messages.
/// Saves a client's contact details. `email_check` is the email service's answer for the email
/// being saved (the API asks it before sending the command); a refusal from it refuses the change
/// with the service's message on `emailAddress`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaveContact {
    pub applicant_id: ApplicantId,
    pub patch: ContactPatch,
    #[serde(default)]
    pub email_check: Option<EmailCheck>,
}

// §7 `sameAddressApplicantId`.
/// The client lives at the other client's address, or not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetSameAddress {
    pub applicant_id: ApplicantId,
    pub same_address_applicant_id: Option<ApplicantId>,
}

// §7 `thirdPartyRef`; §6 `hideYourRef`, `isYourRefReadOnly`.
/// The adviser's own reference; `editable` is false for advisers whose reference is hidden or
/// read-only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetThirdPartyRef {
    pub third_party_ref: Option<String>,
    pub editable: bool,
}

// §7 `commission`; §6 commission flags.
/// The commission adjustment, judged by the owning adviser's rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetCommission {
    pub commission: CommissionInput,
    pub rules: CommissionRules,
}

// §7 `quoteDate`; §6 `overrideQuoteDate`.
/// A new valid-until date for the quote; `may_override` is the owning adviser's `overrideQuoteDate`
/// flag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetQuoteDate {
    pub quote_valid_until_date: NaiveDate,
    pub may_override: bool,
}

// §7 `isAdvisedSale`.
/// Whether the sale is advised; `always_advised` is the owning adviser's `isAlwaysAdvised` flag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SetAdvisedSale {
    pub is_advised_sale: bool,
    pub always_advised: bool,
}

// §7 `policyStartDate`; §3, §9 start date options.
/// When the policy starts: now, on a future date, or not yet known.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetPolicyStartDate {
    #[schema(value_type = Option<String>, format = Date)]
    pub policy_start_date: Option<NaiveDate>,
    pub policy_start_date_option: StartDateOption,
}

impl Application {
    /// Contact details and the apply-stage answers may change until the application is
    /// applied for; after that they belong to underwriting.
    fn ensure_before_apply(&self) -> Result<(), Rejection> {
        if self.status < ApplicationStage::Apply {
            Ok(())
        } else {
            Err(Rejection::conflict(APPLY_LOCKED))
        }
    }

    // §2: contact details are locked in underwriting.
    /// Contact details are locked once underwriting starts.
    fn ensure_contact_editable(&self) -> Result<(), Rejection> {
        if self.status < ApplicationStage::Underwriting {
            Ok(())
        } else {
            Err(Rejection::conflict(CONTACT_LOCKED))
        }
    }

    fn applicant_position(&self, id: &ApplicantId) -> Result<usize, Rejection> {
        self.applicants
            .iter()
            .position(|a| &a.id == id)
            .ok_or_else(|| Rejection::not_found(APPLICANT_NOT_FOUND))
    }

    // §5 address, phone and email rules; docs/decisions.md M1 and K15.
    /// Saves contact details: every value given must be well-formed (address lines of at most 40
    /// characters, a UK postcode and phone number, an email address) and the email must not be one
    /// the email service refused. Incomplete details are kept: completeness is asked for when
    /// applying.
    pub fn save_contact(
        &self,
        command: &SaveContact,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_contact_editable()?;
        let index = self.applicant_position(&command.applicant_id)?;
        let form = command
            .patch
            .apply_to(self.applicants[index].contact_details.as_ref());
        let details = form.parse().map_err(Rejection::invalid)?;
        if !command.patch.email_address.is_absent()
            && details.email_address.is_some()
            && let Some(message) = command.email_check.as_ref().and_then(email_refusal)
        {
            return Err(Rejection::field("emailAddress", message));
        }
        let stored = (details != ContactDetails::default()).then_some(details);
        if self.applicants[index].contact_details == stored {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.applicants[index].contact_details = stored;
        Ok(next.touched(now))
    }

    // §5 "the same address as another applicant".
    /// Links a client to the other client's address. Pointing at a client without an address of
    /// their own is allowed while the adviser works through the page; applying checks it.
    pub fn set_same_address(
        &self,
        command: &SetSameAddress,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_contact_editable()?;
        let index = self.applicant_position(&command.applicant_id)?;
        if let Some(other) = &command.same_address_applicant_id {
            let problem = if other == &command.applicant_id {
                Some(SAME_ADDRESS_SELF)
            } else if self.applicant(other).is_none() {
                Some(SAME_ADDRESS_UNKNOWN)
            } else {
                None
            };
            if let Some(message) = problem {
                return Err(Rejection::field("sameAddressApplicantId", message));
            }
        }
        if self.applicants[index].same_address_applicant_id == command.same_address_applicant_id {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.applicants[index].same_address_applicant_id =
            command.same_address_applicant_id.clone();
        Ok(next.touched(now))
    }

    /// The adviser's own reference: trimmed, at most 50 characters, no control characters;
    /// blank clears it.
    pub fn set_third_party_ref(
        &self,
        command: &SetThirdPartyRef,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        if !command.editable {
            return Err(Rejection::conflict(YOUR_REF_NOT_EDITABLE));
        }
        let value = command
            .third_party_ref
            .as_deref()
            .map(str::trim)
            .filter(|text| !text.is_empty());
        if let Some(text) = value {
            if text.chars().count() > YOUR_REF_MAX_CHARS {
                return Err(Rejection::field(
                    "thirdPartyRef",
                    &format!("Your reference must be {YOUR_REF_MAX_CHARS} characters or fewer"),
                ));
            }
            if text.chars().any(char::is_control) {
                return Err(Rejection::field(
                    "thirdPartyRef",
                    "Your reference cannot contain control characters",
                ));
            }
        }
        let value = value.map(str::to_owned);
        if self.apply_stage.third_party_ref == value {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.apply_stage.third_party_ref = value;
        Ok(next.touched(now))
    }

    // §6 commission type; docs/decisions.md J12 to J17.
    /// The commission adjustment. Commission changes the premium, so the price is withdrawn until
    /// the quote is priced again.
    pub fn set_commission(
        &self,
        command: &SetCommission,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_before_apply()?;
        let commission = command
            .rules
            .check(&command.commission)
            .map_err(Rejection::invalid)?;
        let sacrifice = Some(commission.initial_commission_sacrifice_percentage);
        let indemnity = Some(commission.initial_indemnity_percentage);
        if self.apply_stage.initial_commission_sacrifice_percentage == sacrifice
            && self.apply_stage.initial_indemnity_percentage == indemnity
        {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.apply_stage.initial_commission_sacrifice_percentage = sacrifice;
        next.apply_stage.initial_indemnity_percentage = indemnity;
        next.invalidate_quote();
        Ok(next.touched(now))
    }

    // §5 "Quote valid-until date has minimum and maximum bounds"; docs/decisions.md D8.
    /// A new valid-until date, refused with 'This date is invalid' outside its bounds: from today
    /// up to 30 days after the quote was created, or 90 with `overrideQuoteDate`.
    pub fn set_quote_date(
        &self,
        command: &SetQuoteDate,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_before_apply()?;
        let Some(quote) = &self.quote_stage.quote else {
            return Err(Rejection::conflict(NO_QUOTE_FOR_DATE));
        };
        check_valid_until(
            command.quote_valid_until_date,
            quote.quote_created_date,
            uk_date(now),
            command.may_override,
        )
        .map_err(|e| Rejection::invalid(vec![e]))?;
        if self.quote_stage.valid_until == Some(command.quote_valid_until_date) {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.quote_stage.valid_until = Some(command.quote_valid_until_date);
        Ok(next.touched(now))
    }

    pub fn set_mortgage_related(&self, value: bool, now: DateTime<Utc>) -> Result<Self, Rejection> {
        self.ensure_before_apply()?;
        if self.apply_stage.is_mortgage_related == Some(value) {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.apply_stage.is_mortgage_related = Some(value);
        Ok(next.touched(now))
    }

    // §6 `isAlwaysAdvised`.
    /// An adviser whose sales are always advised cannot answer "no".
    pub fn set_advised_sale(
        &self,
        command: &SetAdvisedSale,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_before_apply()?;
        if command.always_advised && !command.is_advised_sale {
            return Err(Rejection::field("isAdvisedSale", ALWAYS_ADVISED));
        }
        if self.apply_stage.is_advised_sale == Some(command.is_advised_sale) {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.apply_stage.is_advised_sale = Some(command.is_advised_sale);
        Ok(next.touched(now))
    }

    // §5 dates; docs/decisions.md D9.
    /// "now" starts today, a future date must be between today and three months ahead, "don't know"
    /// has no date yet.
    pub fn set_policy_start_date(
        &self,
        command: &SetPolicyStartDate,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        if self.set_up.active {
            return Err(Rejection::conflict(
                "The policy is in force: its start date can't change",
            ));
        }
        let today = uk_date(now);
        let date = match (command.policy_start_date_option, command.policy_start_date) {
            (StartDateOption::Now, None) => Some(today),
            (StartDateOption::Now, Some(date)) if date == today => Some(today),
            (StartDateOption::Future, Some(date)) => {
                check_policy_start(date, today).map_err(|e| Rejection::invalid(vec![e]))?;
                Some(date)
            }
            (StartDateOption::Future, None) => {
                return Err(Rejection::field("policyStartDate", FUTURE_START_NEEDS_DATE));
            }
            (StartDateOption::Now | StartDateOption::DontKnow, Some(_)) => {
                return Err(Rejection::field(
                    "policyStartDate",
                    START_DATE_ONLY_FOR_FUTURE,
                ));
            }
            (StartDateOption::DontKnow, None) => None,
        };
        let option = Some(command.policy_start_date_option);
        if self.apply_stage.policy_start_date == date
            && self.apply_stage.policy_start_date_option == option
        {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.apply_stage.policy_start_date = date;
        next.apply_stage.policy_start_date_option = option;
        Ok(next.touched(now))
    }

    // §4 "Pre-underwriting acceptance marks the applicant as accepted".
    /// Marks the client as having accepted the pre-underwriting declaration.
    pub fn accept_pre_underwriting_declaration(
        &self,
        applicant_id: &ApplicantId,
        now: DateTime<Utc>,
    ) -> Result<Self, Rejection> {
        self.ensure_before_apply()?;
        let index = self.applicant_position(applicant_id)?;
        if self.applicants[index].is_accepted_pre_underwriting_declaration {
            return Ok(self.clone());
        }
        let mut next = self.clone();
        next.applicants[index].is_accepted_pre_underwriting_declaration = true;
        Ok(next.touched(now))
    }

    // §5 address, phone and email rules; docs/decisions.md K14, K15.
    /// What the contact-details page still needs (each client's address, phone number and email),
    /// and the page's own questions: each client in turn, then the questions, as the page shows
    /// them, named by their path in the application.
    pub(crate) fn contact_errors(&self) -> Vec<FieldError> {
        let addresses: Vec<_> = self
            .applicants
            .iter()
            .map(|a| ApplicantAddress {
                applicant_id: a.id.clone(),
                contact_details: a.contact_details.clone(),
                same_address_applicant_id: a.same_address_applicant_id.clone(),
            })
            .collect();
        let address_errors = check_applicants_addresses(&addresses);
        let mut errors = Errors::default();
        for (i, applicant) in self.applicants.iter().enumerate() {
            let prefix = format!("applicants[{i}].");
            errors.extend(
                address_errors
                    .iter()
                    .filter(|e| e.field.starts_with(&prefix))
                    .cloned(),
            );
            let details = applicant.contact_details.clone().unwrap_or_default();
            if details.phone_number.is_none() {
                errors.push(
                    &format!("{prefix}phoneNumber"),
                    &PhoneError::Empty.to_string(),
                );
            }
            if details.email_address.is_none() {
                errors.push(&format!("{prefix}emailAddress"), EMPTY_MESSAGE);
            }
        }
        if self.apply_stage.is_mortgage_related.is_none() {
            errors.push("isMortgageRelated", MORTGAGE_UNANSWERED);
        }
        if self.apply_stage.is_advised_sale.is_none() {
            errors.push("isAdvisedSale", ADVICE_UNANSWERED);
        }
        errors.into_vec()
    }

    // §5.
    /// Everything that stops the application being applied for today, each named by its field, in
    /// the order the page shows them: empty once it can be. The view carries it, so the page's list
    /// of what is missing follows every change the adviser makes.
    pub(crate) fn apply_problems(&self, today: NaiveDate) -> Vec<FieldError> {
        if self.status >= ApplicationStage::Apply {
            return Vec::new();
        }
        if self.is_quote_expired(today) {
            return vec![FieldError::new("quote", QUOTE_EXPIRED)];
        }
        let mut errors = Errors::default();
        if let Err(rejection) = self.check_can_apply(today) {
            errors.extend(rejection.errors);
        }
        if self.quote_stage.quote.is_none() && errors.is_empty() {
            errors.push("quote", QUOTE_NEEDS_PRICE);
        }
        let contact = self.contact_errors();
        // The heading is for a client's missing contact details only: the sale's own questions
        // (mortgage, advice) are named on their own, not as contact details (issue 32).
        if contact.iter().any(|e| e.field.starts_with("applicants[")) {
            errors.push("contactDetails", CONTACT_INCOMPLETE);
        }
        errors.extend(contact);
        errors.into_vec()
    }

    // §7 `ApplyApplication`, `portal/apply`; §5.
    /// Applies for the policy: refused with every reason at once while the quote is unpriced or
    /// expired, a client's details or contact details are incomplete, a cover is unable to offer
    /// terms, or a declaration is not accepted. The application moves to the Apply stage and the
    /// quote is locked.
    pub fn apply_for_policy(&self, now: DateTime<Utc>) -> Result<Self, Rejection> {
        self.ensure_before_apply()?;
        let problems = self.apply_problems(uk_date(now));
        if !problems.is_empty() {
            return Err(Rejection::invalid(problems));
        }
        let mut next = self.clone();
        next.status = ApplicationStage::Apply;
        next.quote_stage.is_quote_editable = false;
        let mut next = next.touched(now);
        next.reuse_kept_outcomes();
        Ok(next)
    }
}

#[cfg(test)]
mod tests;
