//! DNS messages (RFC 1035 §4): just enough to ask one question and read the answer section.
//! Replies come from the network, so every read is bounds-checked and a bad reply is an error,
//! never a panic.

pub(super) const TYPE_A: u16 = 1;
pub(super) const TYPE_CNAME: u16 = 5;
pub(super) const TYPE_MX: u16 = 15;
pub(super) const TYPE_AAAA: u16 = 28;
const CLASS_IN: u16 = 1;

const HEADER_LEN: usize = 12;
const FLAG_RESPONSE: u16 = 0x8000;
const FLAG_TRUNCATED: u16 = 0x0200;
const FLAG_RECURSION_DESIRED: u16 = 0x0100;
/// Longest name on the wire (RFC 1035 §2.3.4).
const NAME_MAX_BYTES: usize = 255;
const LABEL_MAX_BYTES: usize = 63;
/// A compression pointer chain longer than this is a loop.
const MAX_POINTERS: usize = 64;

/// RFC 1035 §4.1.1 response codes the client acts on.
pub(super) const RCODE_NO_ERROR: u8 = 0;
pub(super) const RCODE_NAME_ERROR: u8 = 3;

/// Why a datagram was not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum ReplyError {
    /// Not an answer to our question (another id, name or type): ignored, as a spoofing guard.
    NotOurs,
    /// Claims to answer us but cannot be read: the server is not trusted for this query.
    Malformed(&'static str),
}

/// A reply to our question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Reply {
    pub rcode: u8,
    pub truncated: bool,
    /// The answer section; in a truncated reply, the records that arrived whole.
    pub answers: Vec<Record>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Record {
    /// Lower case, without the trailing dot; the root is "".
    pub owner: String,
    pub rtype: u16,
    pub data: RecordData,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum RecordData {
    Mx { preference: u16, exchange: String },
    Cname(String),
    Other,
}

/// A recursive query (RD set) for `name` of type `qtype`, class IN.
pub(super) fn query(id: u16, name: &str, qtype: u16) -> Result<Vec<u8>, &'static str> {
    let mut out = Vec::with_capacity(HEADER_LEN + name.len() + 6);
    for word in [id, FLAG_RECURSION_DESIRED, 1, 0, 0, 0] {
        out.extend_from_slice(&word.to_be_bytes());
    }
    write_name(&mut out, name)?;
    out.extend_from_slice(&qtype.to_be_bytes());
    out.extend_from_slice(&CLASS_IN.to_be_bytes());
    Ok(out)
}

/// `name` as wire labels, ending with the root label.
pub(super) fn write_name(out: &mut Vec<u8>, name: &str) -> Result<(), &'static str> {
    if name.len() + 2 > NAME_MAX_BYTES {
        return Err("name too long");
    }
    for label in name.split('.').filter(|label| !label.is_empty()) {
        let len = u8::try_from(label.len())
            .ok()
            .filter(|&len| usize::from(len) <= LABEL_MAX_BYTES)
            .ok_or("label too long")?;
        out.push(len);
        out.extend_from_slice(label.as_bytes());
    }
    out.push(0);
    Ok(())
}

/// Reads `bytes` as the reply to query `id` for `name`/`qtype`. The answer section is parsed
/// only for NOERROR replies, since other codes are acted on by code alone.
pub(super) fn parse_reply(
    bytes: &[u8],
    id: u16,
    name: &str,
    qtype: u16,
) -> Result<Reply, ReplyError> {
    if bytes.len() < HEADER_LEN {
        return Err(ReplyError::Malformed("shorter than a header"));
    }
    let flags = be16(bytes, 2)?;
    if be16(bytes, 0)? != id || flags & FLAG_RESPONSE == 0 || be16(bytes, 4)? != 1 {
        return Err(ReplyError::NotOurs);
    }
    let (asked, after_name) = read_name(bytes, HEADER_LEN)?;
    let asked_type = be16(bytes, after_name)?;
    let asked_class = be16(bytes, after_name + 2)?;
    if !asked.eq_ignore_ascii_case(name.trim_end_matches('.'))
        || asked_type != qtype
        || asked_class != CLASS_IN
    {
        return Err(ReplyError::NotOurs);
    }
    let rcode = (flags & 0x000F) as u8;
    let truncated = flags & FLAG_TRUNCATED != 0;
    let mut answers = Vec::new();
    if rcode == RCODE_NO_ERROR {
        let mut pos = after_name + 4;
        for _ in 0..be16(bytes, 6)? {
            match read_record(bytes, pos) {
                Ok((record, next)) => {
                    answers.push(record);
                    pos = next;
                }
                // A truncated reply is cut off mid-record by design; keep what arrived whole.
                Err(_) if truncated => break,
                Err(e) => return Err(e),
            }
        }
    }
    Ok(Reply {
        rcode,
        truncated,
        answers,
    })
}

fn read_record(bytes: &[u8], pos: usize) -> Result<(Record, usize), ReplyError> {
    let (owner, pos) = read_name(bytes, pos)?;
    let rtype = be16(bytes, pos)?;
    let class = be16(bytes, pos + 2)?;
    let rdata_start = pos + 10;
    let rdata_end = rdata_start + usize::from(be16(bytes, pos + 8)?);
    if rdata_end > bytes.len() {
        return Err(ReplyError::Malformed("record data runs past the end"));
    }
    let data = match (class, rtype) {
        (CLASS_IN, TYPE_MX) => {
            let preference = be16(bytes, rdata_start)?;
            let (exchange, end) = read_name(bytes, rdata_start + 2)?;
            if end > rdata_end {
                return Err(ReplyError::Malformed("MX exchange runs past its record"));
            }
            RecordData::Mx {
                preference,
                exchange,
            }
        }
        (CLASS_IN, TYPE_CNAME) => {
            let (target, end) = read_name(bytes, rdata_start)?;
            if end > rdata_end {
                return Err(ReplyError::Malformed("CNAME target runs past its record"));
            }
            RecordData::Cname(target)
        }
        _ => RecordData::Other,
    };
    Ok((Record { owner, rtype, data }, rdata_end))
}

/// The name at `pos`, lower-cased and dot-separated, and the position just after it where it
/// was written — after its first compression pointer, if any (RFC 1035 §4.1.4).
pub(super) fn read_name(bytes: &[u8], mut pos: usize) -> Result<(String, usize), ReplyError> {
    let mut name = String::new();
    let mut resume = None;
    let mut pointers = 0;
    loop {
        let len = *bytes
            .get(pos)
            .ok_or(ReplyError::Malformed("name runs past the end"))?;
        match len & 0xC0 {
            0x00 if len == 0 => return Ok((name, resume.unwrap_or(pos + 1))),
            0x00 => {
                let label = bytes
                    .get(pos + 1..pos + 1 + usize::from(len))
                    .ok_or(ReplyError::Malformed("label runs past the end"))?;
                if !name.is_empty() {
                    name.push('.');
                }
                name.extend(label.iter().map(|b| char::from(b.to_ascii_lowercase())));
                if name.len() > NAME_MAX_BYTES {
                    return Err(ReplyError::Malformed("name too long"));
                }
                pos += 1 + usize::from(len);
            }
            0xC0 => {
                let low = *bytes
                    .get(pos + 1)
                    .ok_or(ReplyError::Malformed("pointer runs past the end"))?;
                resume.get_or_insert(pos + 2);
                pointers += 1;
                if pointers > MAX_POINTERS {
                    return Err(ReplyError::Malformed("compression loop"));
                }
                pos = usize::from(len & 0x3F) << 8 | usize::from(low);
            }
            _ => return Err(ReplyError::Malformed("unknown label type")),
        }
    }
}

fn be16(bytes: &[u8], pos: usize) -> Result<u16, ReplyError> {
    bytes
        .get(pos..pos + 2)
        .map(|b| u16::from_be_bytes([b[0], b[1]]))
        .ok_or(ReplyError::Malformed("message runs past the end"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_asks_one_recursive_question() {
        let q = query(0xBEEF, "mail.example", TYPE_MX).unwrap();
        assert_eq!(&q[..12], &[0xBE, 0xEF, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0]);
        assert_eq!(&q[12..], b"\x04mail\x07example\x00\x00\x0F\x00\x01");
    }

    #[test]
    fn an_overlong_label_is_refused() {
        let name = format!("{}.example", "a".repeat(64));
        assert_eq!(query(1, &name, TYPE_MX), Err("label too long"));
    }

    #[test]
    fn compressed_names_are_followed_and_loops_refused() {
        // "example" at 0, then "mail" + pointer to 0 at 9.
        let bytes = b"\x07example\x00\x04mail\xC0\x00";
        assert_eq!(read_name(bytes, 9), Ok(("mail.example".to_owned(), 16)));
        let looped = b"\x01a\xC0\x00";
        assert!(matches!(
            read_name(looped, 0),
            Err(ReplyError::Malformed(_))
        ));
    }

    #[test]
    fn a_reply_for_another_id_or_question_is_not_ours() {
        let mut reply = query(7, "mail.example", TYPE_MX).unwrap();
        reply[2] |= 0x80;
        assert!(parse_reply(&reply, 7, "mail.example", TYPE_MX).is_ok());
        assert_eq!(
            parse_reply(&reply, 8, "mail.example", TYPE_MX),
            Err(ReplyError::NotOurs)
        );
        assert_eq!(
            parse_reply(&reply, 7, "other.example", TYPE_MX),
            Err(ReplyError::NotOurs)
        );
        assert_eq!(
            parse_reply(&reply, 7, "mail.example", TYPE_A),
            Err(ReplyError::NotOurs)
        );
    }

    #[test]
    fn short_or_cut_replies_are_malformed_not_panics() {
        let mut reply = query(7, "mail.example", TYPE_MX).unwrap();
        reply[2] |= 0x80;
        reply[7] = 1; // one answer claimed, none present
        assert!(matches!(
            parse_reply(&reply, 7, "mail.example", TYPE_MX),
            Err(ReplyError::Malformed(_))
        ));
        for len in 0..reply.len() {
            let _ = parse_reply(&reply[..len], 7, "mail.example", TYPE_MX);
        }
    }
}
