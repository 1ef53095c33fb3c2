//! The embedded default: a SAMPLE gazetteer of fictional premises (`product/address/`), so the
//! portal can demonstrate address look-up without a provider contract. It is checked once at
//! start-up and held in memory, so `find` is one hash lookup. An insurer replaces it by
//! configuring a real provider such as [`super::IdealPostcodes`].

use super::{AddressLookup, AddressLookupError};
use domain::contact::{AddressLine, AddressLookupResult, Postcode};
use futures::FutureExt;
use futures::future::BoxFuture;
use std::collections::HashMap;
use std::fmt;
use std::path::Path;

/// The columns, in order, of `gazetteer.csv`'s header line.
const HEADER: [&str; 7] = [
    "id", "address1", "address2", "address3", "town", "county", "postcode",
];

/// Fictional addresses by postcode and by id.
pub struct Gazetteer {
    by_postcode: HashMap<String, Vec<AddressLookupResult>>,
    by_id: HashMap<String, AddressLookupResult>,
}

impl fmt::Debug for Gazetteer {
    /// Counts only: the addresses themselves would drown any log line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Gazetteer")
            .field("addresses", &self.by_id.len())
            .field("postcodes", &self.by_postcode.len())
            .finish()
    }
}

impl Gazetteer {
    pub const SOURCE: &'static str = "Sample gazetteer: fictional addresses for demonstration";

    /// Reads and checks the file; an error names the file, the line and the problem, so a bad
    /// edit stops start-up instead of offering advisers a malformed address.
    pub fn load(path: &Path) -> Result<Gazetteer, String> {
        std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| Gazetteer::parse(&text))
            .map_err(|problem| format!("{}: {problem}", path.display()))
    }

    /// Lines starting with `#` and blank lines are skipped; then a header and one address a
    /// line, as CSV (RFC 4180: a premise such as "Flat 1, Cotton Mill House" is quoted).
    fn parse(text: &str) -> Result<Gazetteer, String> {
        let mut reader = csv::ReaderBuilder::new()
            .comment(Some(b'#'))
            .flexible(true)
            .from_reader(text.as_bytes());
        let header = reader.headers().map_err(|e| e.to_string())?.clone();
        if header.is_empty() {
            return Err("the file has no header line".to_owned());
        }
        if header.iter().ne(HEADER) {
            let number = line_number(text, header.position());
            return Err(format!(
                "line {number}: the header must be {}",
                HEADER.join(",")
            ));
        }
        let mut gazetteer = Gazetteer {
            by_postcode: HashMap::new(),
            by_id: HashMap::new(),
        };
        for record in reader.records() {
            let record = record.map_err(|e| e.to_string())?;
            let number = line_number(text, record.position());
            let fields: Vec<&str> = record.iter().collect();
            read_row(&fields)
                .and_then(|row| gazetteer.insert(row))
                .map_err(|problem| format!("line {number}: {problem}"))?;
        }
        if gazetteer.by_id.is_empty() {
            return Err("the file has no addresses".to_owned());
        }
        Ok(gazetteer)
    }

    fn insert(&mut self, row: Row) -> Result<(), String> {
        if self.by_id.contains_key(&row.id) {
            return Err(format!("the id {:?} is used twice", row.id));
        }
        self.by_id.insert(row.id, row.address.clone());
        self.by_postcode
            .entry(String::from(row.postcode))
            .or_default()
            .push(row.address);
        Ok(())
    }

    fn find_now(&self, postcode: &Postcode) -> Vec<AddressLookupResult> {
        self.by_postcode
            .get(postcode.as_str())
            .cloned()
            .unwrap_or_default()
    }
}

/// The line of the file a record is on, counting every line. csv places a record where it
/// started reading, before the blank lines and comments it skipped, so those are stepped over.
fn line_number(text: &str, position: Option<&csv::Position>) -> usize {
    let start = position.map_or(0, |p| usize::try_from(p.byte()).unwrap_or(usize::MAX));
    let before = text.get(..start).unwrap_or(text);
    let skipped = text
        .get(start..)
        .unwrap_or_default()
        .lines()
        .take_while(|line| line.trim().is_empty() || line.starts_with('#'))
        .count();
    before.matches('\n').count() + skipped + 1
}

/// One checked line of the file, with the keys it is found by.
struct Row {
    id: String,
    postcode: Postcode,
    address: AddressLookupResult,
}

/// Every line well-formed, address1 and town present, the postcode a valid UK postcode (held
/// normalised, as `find` returns it).
fn read_row(fields: &[&str]) -> Result<Row, String> {
    let [id, address1, address2, address3, town, county, postcode] = fields else {
        return Err(format!(
            "expected {} fields, found {}",
            HEADER.len(),
            fields.len()
        ));
    };
    let id = id.trim();
    if id.is_empty() {
        return Err("the id is missing".to_owned());
    }
    let postcode = Postcode::parse(postcode)
        .map_err(|e| format!("{postcode:?} is not a valid UK postcode ({})", e.code()))?;
    let address1 = line("address1", address1)?;
    let town = line("town", town)?;
    if address1.is_none() {
        return Err("address1 is missing".to_owned());
    }
    if town.is_none() {
        return Err("town is missing".to_owned());
    }
    let address = AddressLookupResult {
        id: Some(id.to_owned()),
        address1,
        address2: line("address2", address2)?,
        address3: line("address3", address3)?,
        town,
        county: line("county", county)?,
        postcode: Some(postcode.as_str().to_owned()),
    };
    Ok(Row {
        id: id.to_owned(),
        postcode,
        address,
    })
}

/// An optional line, held to the same 40-character rule as the adviser's form.
fn line(column: &str, text: &str) -> Result<Option<String>, String> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    AddressLine::parse(text)
        .map(|line| Some(line.as_str().to_owned()))
        .map_err(|e| format!("{column}: {e}"))
}

impl AddressLookup for Gazetteer {
    fn find<'a>(
        &'a self,
        postcode: &'a Postcode,
    ) -> BoxFuture<'a, Result<Vec<AddressLookupResult>, AddressLookupError>> {
        futures::future::ready(Ok(self.find_now(postcode))).boxed()
    }

    fn get<'a>(
        &'a self,
        id: &'a str,
    ) -> BoxFuture<'a, Result<Option<AddressLookupResult>, AddressLookupError>> {
        futures::future::ready(Ok(self.by_id.get(id).cloned())).boxed()
    }

    fn source(&self) -> &'static str {
        Self::SOURCE
    }

    fn is_sample(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests;
