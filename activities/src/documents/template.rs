//! Document templates kept as text in `product/documents/`, so an insurer can reword a
//! document without a code change. One line is one block:
//!
//! - `# text` a title, `## text` a heading, `! text` small print, `: label | value` a row,
//!   a blank line a space, anything else a paragraph;
//! - `{{name}}` is replaced by a value; `{{#list}}` … `{{/list}}` repeats its lines for each
//!   item of a list, whose fields are then in scope (outer names stay visible).
//!
//! A name the data does not have is an error, so a mistyped template is refused at start-up
//! (see [`Template::check`]) rather than printing a blank where a premium should be.

use super::pdf::Block;
use serde_json::Value;

#[derive(Debug, Clone)]
pub struct Template {
    lines: Vec<String>,
}

impl Template {
    pub fn parse(text: &str) -> Result<Self, String> {
        let lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let mut open: Vec<(String, usize)> = Vec::new();
        for (number, line) in lines.iter().enumerate() {
            let trimmed = line.trim();
            if let Some(name) = section(trimmed, "{{#") {
                open.push((name.to_owned(), number + 1));
            } else if let Some(name) = section(trimmed, "{{/") {
                match open.pop() {
                    Some((expected, _)) if expected == name => {}
                    Some((expected, at)) => {
                        return Err(format!(
                            "line {}: {{{{/{name}}}}} closes {{{{#{expected}}}}} opened on line {at}",
                            number + 1
                        ));
                    }
                    None => {
                        return Err(format!(
                            "line {}: {{{{/{name}}}}} was never opened",
                            number + 1
                        ));
                    }
                }
            }
        }
        if let Some((name, at)) = open.pop() {
            return Err(format!("line {at}: {{{{#{name}}}}} is never closed"));
        }
        Ok(Self { lines })
    }

    /// Renders with `data` (a JSON object) into blocks.
    pub fn render(&self, data: &Value) -> Result<Vec<Block>, String> {
        let mut blocks = Vec::new();
        render_lines(&self.lines, &[data], &mut blocks)?;
        Ok(blocks)
    }

    /// Renders once with `sample` to prove every name the template uses exists.
    pub fn check(&self, sample: &Value) -> Result<(), String> {
        self.render(sample).map(|_| ())
    }
}

fn section<'a>(line: &'a str, prefix: &str) -> Option<&'a str> {
    line.strip_prefix(prefix)?.strip_suffix("}}")
}

fn lookup<'a>(scopes: &[&'a Value], name: &str) -> Option<&'a Value> {
    scopes.iter().rev().find_map(|scope| scope.get(name))
}

fn render_lines(lines: &[String], scopes: &[&Value], out: &mut Vec<Block>) -> Result<(), String> {
    let mut index = 0;
    while index < lines.len() {
        let trimmed = lines[index].trim();
        if let Some(name) = section(trimmed, "{{#") {
            let end = closing(lines, index, name)?;
            let items = match lookup(scopes, name) {
                Some(Value::Array(items)) => items,
                _ => return Err(format!("{{{{#{name}}}}}: no list called {name}")),
            };
            for item in items {
                let mut inner: Vec<&Value> = scopes.to_vec();
                inner.push(item);
                render_lines(&lines[index + 1..end], &inner, out)?;
            }
            index = end + 1;
            continue;
        }
        let text = substitute(trimmed, scopes)?;
        out.push(block(&text));
        index += 1;
    }
    Ok(())
}

fn closing(lines: &[String], open: usize, name: &str) -> Result<usize, String> {
    let mut depth = 0;
    for (offset, line) in lines[open..].iter().enumerate() {
        let trimmed = line.trim();
        if section(trimmed, "{{#").is_some() {
            depth += 1;
        } else if section(trimmed, "{{/").is_some() {
            depth -= 1;
            if depth == 0 {
                return Ok(open + offset);
            }
        }
    }
    Err(format!("{{{{#{name}}}}} is never closed"))
}

fn substitute(line: &str, scopes: &[&Value]) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let end = after
            .find("}}")
            .ok_or_else(|| format!("unclosed {{{{ in: {line}"))?;
        let name = after[..end].trim();
        let value = lookup(scopes, name).ok_or_else(|| format!("unknown name {{{{{name}}}}}"))?;
        match value {
            Value::String(text) => out.push_str(text),
            Value::Number(n) => out.push_str(&n.to_string()),
            Value::Bool(b) => out.push_str(if *b { "Yes" } else { "No" }),
            Value::Null => {}
            _ => return Err(format!("{{{{{name}}}}} is a list or object, not text")),
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

fn block(text: &str) -> Block {
    if let Some(title) = text.strip_prefix("# ") {
        Block::Title(title.to_owned())
    } else if let Some(heading) = text.strip_prefix("## ") {
        Block::Heading(heading.to_owned())
    } else if let Some(note) = text.strip_prefix("! ") {
        Block::Note(note.to_owned())
    } else if let Some(row) = text.strip_prefix(": ") {
        let (label, value) = row.split_once(" | ").unwrap_or((row, ""));
        Block::Row(label.trim().to_owned(), value.trim().to_owned())
    } else if text.is_empty() {
        Block::Space
    } else {
        Block::Paragraph(text.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lines_become_blocks_with_values_and_repeated_sections() {
        let template = Template::parse(
            "# Quote {{reference}}\n{{#clients}}\n## {{name}}\n{{#covers}}\n: {{product}} | {{premium}}\n{{/covers}}\n{{/clients}}\n! {{basis}}",
        )
        .unwrap();
        let data = json!({
            "reference": "100001",
            "basis": "Sample rates",
            "clients": [
                { "name": "Alan", "covers": [{ "product": "Life", "premium": "£20.00" }] },
                { "name": "Ada", "covers": [] }
            ]
        });
        let blocks = template.render(&data).unwrap();
        assert_eq!(
            blocks,
            [
                Block::Title("Quote 100001".into()),
                Block::Heading("Alan".into()),
                Block::Row("Life".into(), "£20.00".into()),
                Block::Heading("Ada".into()),
                Block::Note("Sample rates".into()),
            ]
        );
    }

    #[test]
    fn a_mistyped_template_is_refused_with_where() {
        assert!(
            Template::parse("{{#a}}\n{{/b}}")
                .unwrap_err()
                .contains("line 2")
        );
        assert!(
            Template::parse("{{#a}}")
                .unwrap_err()
                .contains("never closed")
        );
        let template = Template::parse("Total {{totl}}").unwrap();
        assert_eq!(
            template.check(&json!({ "total": "£1" })).unwrap_err(),
            "unknown name {{totl}}"
        );
    }
}
