//! GP surgeries for the AMRA page's look-up (§7 `examiner/lookup`), behind one adapter. The
//! embedded default is a SAMPLE list of fictional surgeries (`product/surgeries/`), checked at
//! start-up and searched in memory; a real directory (NHS ODS practice data, or a provider)
//! replaces it by implementing [`SurgeryDirectory`].

use domain::contact::address::ContactDetailsForm;
use domain::contact::examiner::{ExaminerForm, check_examiner};
use serde::{Deserialize, Serialize};
use std::path::Path;
use utoipa::ToSchema;

/// Most surgeries one search returns.
pub const MAX_SURGERIES: usize = 20;

/// A surgery as the AMRA form takes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Surgery {
    /// The directory's own code for the surgery.
    pub code: String,
    pub organisation_name: String,
    pub contact_details: ContactDetailsForm,
}

/// Where surgeries are found.
pub trait SurgeryDirectory: Send + Sync + std::fmt::Debug {
    /// Surgeries whose name, town or postcode match every word of `search`, best first.
    fn search(&self, search: &str) -> Vec<Surgery>;
    /// Says where the surgeries come from, for the page to show.
    fn source(&self) -> &'static str;
    fn is_sample(&self) -> bool;
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Row {
    code: String,
    organisation_name: String,
    address1: String,
    address2: String,
    /// The third address line and the surgery's email are optional columns: a directory that
    /// has them fills the form's fields (FC1).
    #[serde(default)]
    address3: String,
    city_name: String,
    county: String,
    postcode: String,
    phone_number: String,
    #[serde(default)]
    email_address: String,
}

/// The sample list.
#[derive(Debug)]
pub struct SampleSurgeries {
    surgeries: Vec<(Surgery, String)>,
}

impl SampleSurgeries {
    pub const SOURCE: &'static str = "Sample surgeries: fictional GP practices for demonstration";

    /// Reads `surgeries.csv`; every surgery must be one the AMRA form accepts as complete.
    pub fn load(path: &Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Self::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    fn parse(text: &str) -> Result<Self, String> {
        let mut reader = csv::ReaderBuilder::new()
            .comment(Some(b'#'))
            .from_reader(text.as_bytes());
        let mut surgeries = Vec::new();
        for (i, row) in reader.deserialize::<Row>().enumerate() {
            let row = row.map_err(|e| format!("surgery {}: {e}", i + 1))?;
            let given = |s: String| Some(s).filter(|s| !s.trim().is_empty());
            let surgery = Surgery {
                code: row.code,
                organisation_name: row.organisation_name,
                contact_details: ContactDetailsForm {
                    address1: given(row.address1),
                    address2: given(row.address2),
                    address3: given(row.address3),
                    city_name: given(row.city_name),
                    county: given(row.county),
                    postcode: given(row.postcode),
                    phone_number: given(row.phone_number),
                    email_address: given(row.email_address),
                },
            };
            // A directory's email is taken as confirmed: nobody typed it.
            let form = ExaminerForm {
                organisation_name: Some(surgery.organisation_name.clone()),
                contact_details: surgery.contact_details.clone(),
                confirm_email_address: surgery.contact_details.email_address.clone(),
                ..ExaminerForm::default()
            };
            if let Some(problem) = check_examiner(&form).first() {
                return Err(format!(
                    "surgery {} ({}): {}: {}",
                    i + 1,
                    surgery.code,
                    problem.field,
                    problem.message
                ));
            }
            let words = format!(
                "{} {} {}",
                surgery.organisation_name,
                surgery
                    .contact_details
                    .city_name
                    .clone()
                    .unwrap_or_default(),
                surgery.contact_details.postcode.clone().unwrap_or_default()
            )
            .to_lowercase();
            surgeries.push((surgery, words));
        }
        if surgeries.is_empty() {
            return Err("no surgeries".into());
        }
        Ok(Self { surgeries })
    }
}

impl SurgeryDirectory for SampleSurgeries {
    fn search(&self, search: &str) -> Vec<Surgery> {
        let typed: Vec<String> = search
            .to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_owned)
            .collect();
        if typed.is_empty() {
            return Vec::new();
        }
        self.surgeries
            .iter()
            .filter(|(_, words)| {
                typed.iter().all(|t| {
                    words
                        .split(|c: char| !c.is_alphanumeric())
                        .any(|w| w.starts_with(t.as_str()))
                })
            })
            .take(MAX_SURGERIES)
            .map(|(s, _)| s.clone())
            .collect()
    }

    fn source(&self) -> &'static str {
        Self::SOURCE
    }

    fn is_sample(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped() -> SampleSurgeries {
        SampleSurgeries::load(
            &Path::new(
                &std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
            )
            .join("../product/surgeries/surgeries.csv"),
        )
        .unwrap()
    }

    #[test]
    fn surgeries_are_found_by_name_town_or_postcode_words() {
        let directory = shipped();
        let leeds = directory.search("leeds");
        assert!(
            !leeds.is_empty()
                && leeds
                    .iter()
                    .all(|s| s.contact_details.city_name.as_deref() == Some("LEEDS"))
        );
        let by_postcode = directory.search("LS6");
        assert!(by_postcode.iter().all(|s| {
            s.contact_details
                .postcode
                .as_deref()
                .unwrap()
                .starts_with("LS6")
        }));
        let first = &leeds[0];
        let named = directory.search(&format!("{} leeds", first.organisation_name));
        assert_eq!(named[0], *first);
        assert!(directory.search("").is_empty());
        assert!(directory.search("atlantis").is_empty());
    }

    #[test]
    fn every_address_line_county_and_email_a_directory_has_are_filled() {
        let directory = shipped();
        let park = directory
            .search("health centre ls6")
            .into_iter()
            .find(|s| s.contact_details.address3.is_some())
            .expect("a sample surgery has three address lines");
        let c = &park.contact_details;
        assert_eq!(
            (
                c.address1.as_deref(),
                c.address2.as_deref(),
                c.address3.as_deref()
            ),
            (
                Some("Unit 4"),
                Some("Kirkstall Health Park"),
                Some("81 Station Road")
            )
        );
        assert_eq!(c.county.as_deref(), Some("West Yorkshire"));
        // The optional columns may be left out, or carry an email.
        let with_email = "code,organisationName,address1,address2,address3,cityName,county,postcode,phoneNumber,emailAddress\nX1,Riverside Surgery,1 River Lane,,,LEEDS,,LS1 4AP,0113 496 0000,reception@bücher.example\n";
        let directory = SampleSurgeries::parse(with_email).unwrap();
        assert_eq!(
            directory.search("riverside")[0]
                .contact_details
                .email_address
                .as_deref(),
            Some("reception@bücher.example")
        );
        let bad_email = with_email.replace("reception@bücher.example", "reception@");
        assert!(
            SampleSurgeries::parse(&bad_email)
                .unwrap_err()
                .contains("emailAddress")
        );
    }

    #[test]
    fn a_surgery_the_form_would_refuse_stops_start_up() {
        let bad = "code,organisationName,address1,address2,cityName,county,postcode,phoneNumber\nX1,Nowhere Surgery,1 Road,,LEEDS,,LS1 4AP,12345\n";
        let error = SampleSurgeries::parse(bad).unwrap_err();
        assert!(
            error.contains("X1") && error.contains("phoneNumber"),
            "{error}"
        );
    }
}
