//! A small PDF 1.4 writer for text documents: A4 pages, the standard Helvetica fonts (no font
//! files to ship), headings, paragraphs wrapped to the page, two-column rows and automatic
//! page breaks. Text is encoded in WinAnsi, so "£", "é" and curly quotes print and
//! `pdftotext` reads them back; characters outside WinAnsi print as "?".

const PAGE_WIDTH: f32 = 595.0;
const PAGE_HEIGHT: f32 = 842.0;
const MARGIN: f32 = 56.0;
const BODY_SIZE: f32 = 10.5;
const LEADING: f32 = 1.4;

/// One block of a document, laid out top to bottom.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    Title(String),
    Heading(String),
    Paragraph(String),
    /// A label and a value on one line, the value aligned to the right margin.
    Row(String, String),
    /// Small print, for labels such as "Sample rates".
    Note(String),
    Space,
}

struct Page {
    /// The content stream: operators in ASCII, text in WinAnsi bytes.
    content: Vec<u8>,
}

struct Layout {
    pages: Vec<Page>,
    y: f32,
}

impl Layout {
    fn new() -> Self {
        Self {
            pages: vec![Page {
                content: Vec::new(),
            }],
            y: PAGE_HEIGHT - MARGIN,
        }
    }

    fn room_for(&mut self, height: f32) {
        if self.y - height < MARGIN {
            self.pages.push(Page {
                content: Vec::new(),
            });
            self.y = PAGE_HEIGHT - MARGIN;
        }
    }

    fn text(&mut self, font: &str, size: f32, x: f32, text: &str) {
        let page = self.pages.last_mut().expect("a layout always has a page");
        let y = self.y;
        page.content
            .extend(format!("BT /{font} {size:.1} Tf {x:.2} {y:.2} Td (").into_bytes());
        page.content.extend(escape(text));
        page.content.extend_from_slice(b") Tj ET\n");
    }

    fn line(&mut self, font: &str, size: f32, text: &str) {
        self.room_for(size * LEADING);
        self.y -= size * LEADING;
        self.text(font, size, MARGIN, text);
    }

    fn wrapped(&mut self, font: &str, size: f32, text: &str) {
        for line in wrap(text, size, PAGE_WIDTH - 2.0 * MARGIN) {
            self.line(font, size, &line);
        }
    }
}

/// Lays the blocks out and returns the PDF file.
pub fn render(title: &str, blocks: &[Block]) -> Vec<u8> {
    let mut layout = Layout::new();
    for block in blocks {
        match block {
            Block::Title(text) => {
                layout.wrapped("F2", 18.0, text);
                layout.y -= 6.0;
            }
            Block::Heading(text) => {
                layout.room_for(40.0);
                layout.y -= 8.0;
                layout.wrapped("F2", 12.5, text);
            }
            Block::Paragraph(text) => layout.wrapped("F1", BODY_SIZE, text),
            Block::Note(text) => layout.wrapped("F1", 8.5, text),
            Block::Row(label, value) => {
                layout.line("F1", BODY_SIZE, label);
                let x = PAGE_WIDTH - MARGIN - text_width(value, BODY_SIZE);
                layout.text("F2", BODY_SIZE, x, value);
            }
            Block::Space => layout.y -= BODY_SIZE,
        }
    }
    assemble(title, &layout.pages)
}

/// Writes the objects, cross-reference table and trailer.
fn assemble(title: &str, pages: &[Page]) -> Vec<u8> {
    // Objects: 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page and its content
    // stream for each page.
    let first_page = 6;
    let page_ids: Vec<usize> = (0..pages.len()).map(|i| first_page + 2 * i).collect();
    let mut objects: Vec<Vec<u8>> = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        format!(
            "<< /Type /Pages /Kids [{}] /Count {} >>",
            page_ids
                .iter()
                .map(|id| format!("{id} 0 R"))
                .collect::<Vec<_>>()
                .join(" "),
            pages.len()
        )
        .into_bytes(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
            .to_vec(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>"
            .to_vec(),
        {
            let mut info = b"<< /Title (".to_vec();
            info.extend(escape(title));
            info.extend_from_slice(b") /Producer (Adviser portal) >>");
            info
        },
    ];
    for (page, id) in pages.iter().zip(&page_ids) {
        objects.push(
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {PAGE_WIDTH} {PAGE_HEIGHT}] \
                 /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents {} 0 R >>",
                id + 1
            )
            .into_bytes(),
        );
        let mut stream = format!("<< /Length {} >>\nstream\n", page.content.len()).into_bytes();
        stream.extend_from_slice(&page.content);
        stream.extend_from_slice(b"\nendstream");
        objects.push(stream);
    }
    let mut out = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
    let mut offsets = Vec::with_capacity(objects.len());
    for (index, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend(format!("{} 0 obj\n", index + 1).into_bytes());
        out.extend_from_slice(body);
        out.extend_from_slice(b"\nendobj\n");
    }
    let xref = out.len();
    out.extend(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).into_bytes());
    for offset in offsets {
        out.extend(format!("{offset:010} 00000 n \n").into_bytes());
    }
    out.extend(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R /Info 5 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .into_bytes(),
    );
    out
}

/// A PDF string's bytes: WinAnsi, with `(`, `)` and `\` escaped.
fn escape(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        let byte = win_ansi(c).unwrap_or(b'?');
        if matches!(byte, b'(' | b')' | b'\\') {
            out.push(b'\\');
        }
        out.push(byte);
    }
    out
}

/// The WinAnsi byte for a character, if it has one.
fn win_ansi(c: char) -> Option<u8> {
    match c {
        ' '..='~' => Some(c as u8),
        '€' => Some(0x80),
        '‘' => Some(0x91),
        '’' => Some(0x92),
        '“' => Some(0x93),
        '”' => Some(0x94),
        '•' => Some(0x95),
        '–' => Some(0x96),
        '—' => Some(0x97),
        '\u{a0}'..='\u{ff}' => Some(c as u32 as u8),
        _ => None,
    }
}

/// Helvetica's advance widths (per 1000 units of the font size) for printable ASCII; other
/// characters count as an average width. Used to wrap lines and align values.
fn char_width(c: char) -> f32 {
    const WIDTHS: [u16; 95] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556,
        556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722,
        722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722,
        667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
        556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500,
        500, 334, 260, 334, 584,
    ];
    match c {
        ' '..='~' => f32::from(WIDTHS[(c as usize) - 32]),
        _ => 556.0,
    }
}

fn text_width(text: &str, size: f32) -> f32 {
    text.chars().map(char_width).sum::<f32>() * size / 1000.0
}

/// Breaks text into lines no wider than `width`, at spaces where it can.
fn wrap(text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = if current.is_empty() {
            word.to_owned()
        } else {
            format!("{current} {word}")
        };
        if text_width(&candidate, size) <= width || current.is_empty() {
            current = candidate;
        } else {
            lines.push(std::mem::replace(&mut current, word.to_owned()));
        }
    }
    if !current.is_empty() || lines.is_empty() {
        lines.push(current);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pound_signs_and_brackets_are_encoded_for_the_pdf() {
        assert_eq!(escape("£25 (a month)"), b"\xa325 \\(a month\\)".to_vec());
        assert_eq!(escape("Zoë’s 😀"), b"Zo\xeb\x92s ?".to_vec());
    }

    #[test]
    fn long_paragraphs_wrap_within_the_margins() {
        let text = "word ".repeat(200);
        let lines = wrap(&text, BODY_SIZE, PAGE_WIDTH - 2.0 * MARGIN);
        assert!(lines.len() > 5);
        assert!(
            lines
                .iter()
                .all(|l| text_width(l, BODY_SIZE) <= PAGE_WIDTH - 2.0 * MARGIN)
        );
        assert_eq!(lines.join(" "), text.trim());
    }

    #[test]
    fn the_cross_reference_table_points_at_each_object() {
        let pdf = render("Test", &[Block::Title("Hello £".into())]);
        let find = |needle: &[u8], from: usize| {
            pdf[from..]
                .windows(needle.len())
                .position(|w| w == needle)
                .map(|i| i + from)
        };
        let start = find(b"startxref\n", 0).unwrap() + 10;
        let end = find(b"\n", start).unwrap();
        let xref_at: usize = std::str::from_utf8(&pdf[start..end])
            .unwrap()
            .parse()
            .unwrap();
        assert!(pdf[xref_at..].starts_with(b"xref"));
        let table = std::str::from_utf8(&pdf[xref_at..]).unwrap();
        for (index, line) in table.lines().skip(3).take(7).enumerate() {
            let offset: usize = line[..10].parse().unwrap();
            let header = format!("{} 0 obj", index + 1);
            assert!(pdf[offset..].starts_with(header.as_bytes()), "{line}");
        }
    }

    #[test]
    fn many_blocks_flow_onto_more_pages() {
        let blocks: Vec<Block> = (0..200)
            .map(|i| Block::Paragraph(format!("Line {i}")))
            .collect();
        let pdf = render("Long", &blocks);
        let text = String::from_utf8_lossy(&pdf);
        assert!(
            text.contains("/Count 4") || text.contains("/Count 5"),
            "four or five pages"
        );
    }
}
