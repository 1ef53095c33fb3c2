//! The client welcome document the footer links to (§2 "Footer ... client welcome document"):
//! not about one application, so it is rendered from its template in
//! `product/documents/client-welcome.txt` with the insurer's contacts only (decision SH6).

use super::pdf::render;
use super::{Document, Template};
use serde_json::{Value, json};

/// What the welcome template may use: the insurer's name and the help contacts.
pub fn welcome_data(insurer: &str, telephone: &str, email: &str) -> Value {
    json!({ "insurer": insurer, "telephone": telephone, "email": email })
}

/// The welcome document as a PDF.
pub fn welcome_document(template: &Template, data: &Value) -> Result<Document, String> {
    let blocks = template.render(data)?;
    Ok(Document {
        file_name: "Client-welcome.pdf".to_owned(),
        bytes: render("Welcome", &blocks),
    })
}
