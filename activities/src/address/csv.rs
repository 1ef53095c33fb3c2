//! Just enough CSV (RFC 4180, one record per line) for the gazetteer: premises such as
//! "Flat 1, Cotton Mill House" need quoted fields, and the workspace has no CSV crate.

/// The fields of one line. Quoted fields may hold commas and doubled quotes (`""`); a record
/// may not span lines.
pub fn split_record(line: &str) -> Result<Vec<String>, String> {
    let mut fields = Vec::new();
    let mut chars = line.chars().peekable();
    loop {
        let mut field = String::new();
        if chars.peek() == Some(&'"') {
            chars.next();
            loop {
                match chars.next() {
                    Some('"') if chars.peek() == Some(&'"') => {
                        chars.next();
                        field.push('"');
                    }
                    Some('"') => break,
                    Some(c) => field.push(c),
                    None => return Err("a quoted field is not closed".to_owned()),
                }
            }
            if !matches!(chars.peek(), None | Some(',')) {
                return Err("text follows a closing quote".to_owned());
            }
        } else {
            while let Some(&c) = chars.peek() {
                match c {
                    ',' => break,
                    '"' => return Err("a quote inside an unquoted field".to_owned()),
                    _ => field.push(c),
                }
                chars.next();
            }
        }
        fields.push(field);
        if chars.next().is_none() {
            return Ok(fields);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::split_record;

    #[test]
    fn plain_fields_are_split_on_commas_and_empty_fields_kept() {
        assert_eq!(split_record("a,,b,").unwrap(), ["a", "", "b", ""]);
    }

    #[test]
    fn quoted_fields_hold_commas_and_doubled_quotes() {
        assert_eq!(
            split_record(r#"gz-1,"Flat 1, The ""Mill""",x"#).unwrap(),
            ["gz-1", r#"Flat 1, The "Mill""#, "x"]
        );
    }

    #[test]
    fn broken_quoting_is_refused() {
        assert!(split_record(r#"a,"open"#).is_err());
        assert!(split_record(r#"a,"closed"late,b"#).is_err());
        assert!(split_record(r#"a,stray"quote"#).is_err());
    }
}
