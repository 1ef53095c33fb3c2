//! Whether a domain can receive mail, asked of the configured recursive resolvers over UDP.
//! A resolver that is down, slow or failing is never taken as an answer about the domain: only
//! NXDOMAIN or a clean NOERROR says "no mail server".

use super::message::{
    self, RCODE_NAME_ERROR, RCODE_NO_ERROR, Record, RecordData, ReplyError, TYPE_A, TYPE_AAAA,
    TYPE_CNAME, TYPE_MX,
};
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};
use tokio::net::UdpSocket;
use tokio::time::Instant;

/// The port resolvers listen on (RFC 1035 §4.2.1).
const DNS_PORT: u16 = 53;
/// glibc reads at most this many `nameserver` lines (MAXNS); we follow the system.
const RESOLV_CONF_MAX_SERVERS: usize = 3;
/// Large enough for any UDP reply, with or without EDNS.
const RECEIVE_BUFFER_BYTES: usize = 4096;

/// The resolvers to ask, in order, and how long to wait for each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DnsConfig {
    pub servers: Vec<SocketAddr>,
    pub timeout: Duration,
}

impl DnsConfig {
    /// Per resolver: long enough for a recursive look-up of an uncached domain, short enough
    /// that the adviser is not left waiting when DNS is down.
    pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(2);

    /// The system's resolvers from /etc/resolv.conf (port 53), or None when there are none.
    /// Link-local IPv6 servers with a zone (`fe80::1%eth0`) are skipped: a zone cannot be
    /// given to a socket address portably.
    pub fn from_resolv_conf(path: &Path, timeout: Duration) -> Option<Self> {
        let text = std::fs::read_to_string(path).ok()?;
        let servers: Vec<SocketAddr> = text
            .lines()
            .filter_map(|line| {
                let mut words = line.split_whitespace();
                match (words.next(), words.next()) {
                    (Some("nameserver"), Some(address)) => address.parse::<IpAddr>().ok(),
                    _ => None,
                }
            })
            .take(RESOLV_CONF_MAX_SERVERS)
            .map(|ip| SocketAddr::new(ip, DNS_PORT))
            .collect();
        (!servers.is_empty()).then_some(Self { servers, timeout })
    }
}

/// What DNS says about a domain as a mail destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum MailDomain {
    /// MX records, or an address record standing in for them (RFC 5321 §5.1).
    AcceptsMail,
    /// NXDOMAIN, a null MX (RFC 7505), or neither MX nor address records.
    NoMailServer,
    /// No resolver gave a usable answer.
    Unknown,
}

/// The outcome of one question across all resolvers.
enum Answer {
    NoSuchDomain,
    /// NOERROR: the answer-section records of the asked type for the name or its aliases.
    Records(Vec<Record>),
    Unreachable,
}

/// MX first; with none, A then AAAA, as a sending mail server would.
pub(super) async fn look_up_mail_domain(config: &DnsConfig, domain: &str) -> MailDomain {
    match ask(config, domain, TYPE_MX).await {
        Answer::Unreachable => return MailDomain::Unknown,
        Answer::NoSuchDomain => return MailDomain::NoMailServer,
        Answer::Records(mx) if is_null_mx(&mx) => return MailDomain::NoMailServer,
        Answer::Records(mx) if !mx.is_empty() => return MailDomain::AcceptsMail,
        Answer::Records(_) => {}
    }
    for qtype in [TYPE_A, TYPE_AAAA] {
        match ask(config, domain, qtype).await {
            Answer::Unreachable => return MailDomain::Unknown,
            Answer::NoSuchDomain => return MailDomain::NoMailServer,
            Answer::Records(addresses) if !addresses.is_empty() => {
                return MailDomain::AcceptsMail;
            }
            Answer::Records(_) => {}
        }
    }
    MailDomain::NoMailServer
}

/// RFC 7505: a single MX of preference 0 whose exchange is the root says "no mail here".
fn is_null_mx(mx: &[Record]) -> bool {
    matches!(mx, [Record { data: RecordData::Mx { preference: 0, exchange }, .. }] if exchange.is_empty())
}

/// Asks each resolver in turn until one gives a usable answer.
async fn ask(config: &DnsConfig, name: &str, qtype: u16) -> Answer {
    for &server in &config.servers {
        match ask_server(server, name, qtype, config.timeout).await {
            Ok(answer) => return answer,
            Err(reason) => {
                tracing::debug!(%server, name, qtype, reason, "DNS server gave no usable answer");
            }
        }
    }
    Answer::Unreachable
}

async fn ask_server(
    server: SocketAddr,
    name: &str,
    qtype: u16,
    timeout: Duration,
) -> Result<Answer, String> {
    let id = query_id();
    let query = message::query(id, name, qtype).map_err(str::to_owned)?;
    // An ephemeral port picked by the OS, connected so only the server's datagrams arrive.
    let socket = UdpSocket::bind(local_address_for(server))
        .await
        .map_err(|e| format!("bind: {e}"))?;
    socket
        .connect(server)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    socket
        .send(&query)
        .await
        .map_err(|e| format!("send: {e}"))?;
    let deadline = Instant::now() + timeout;
    let mut buffer = vec![0; RECEIVE_BUFFER_BYTES];
    loop {
        let len = tokio::time::timeout_at(deadline, socket.recv(&mut buffer))
            .await
            .map_err(|_| "timed out".to_owned())?
            .map_err(|e| format!("receive: {e}"))?;
        let reply = match message::parse_reply(&buffer[..len], id, name, qtype) {
            Ok(reply) => reply,
            // Keep listening: a forged or stale datagram must not end the wait.
            Err(ReplyError::NotOurs) => continue,
            Err(ReplyError::Malformed(why)) => return Err(format!("malformed reply: {why}")),
        };
        return match reply.rcode {
            RCODE_NO_ERROR => {
                let records = records_for(name, reply.answers, qtype);
                // A truncated reply proves presence, never absence.
                if reply.truncated && records.is_empty() {
                    Err("truncated reply without an answer".to_owned())
                } else {
                    Ok(Answer::Records(records))
                }
            }
            RCODE_NAME_ERROR => Ok(Answer::NoSuchDomain),
            2 => Err("SERVFAIL".to_owned()),
            5 => Err("REFUSED".to_owned()),
            other => Err(format!("response code {other}")),
        };
    }
}

/// The answers of type `qtype` owned by `name` or by an alias it leads to through CNAMEs in
/// the same answer section; records about other names are ignored.
fn records_for(name: &str, answers: Vec<Record>, qtype: u16) -> Vec<Record> {
    let mut names = vec![name.trim_end_matches('.').to_ascii_lowercase()];
    // Each pass adds at least one alias or stops, so this ends within answers.len() passes.
    for _ in 0..answers.len() {
        let before = names.len();
        for record in &answers {
            if let (TYPE_CNAME, RecordData::Cname(target)) = (record.rtype, &record.data)
                && names.contains(&record.owner)
                && !names.contains(target)
            {
                names.push(target.clone());
            }
        }
        if names.len() == before {
            break;
        }
    }
    answers
        .into_iter()
        .filter(|record| record.rtype == qtype && names.contains(&record.owner))
        .collect()
}

fn local_address_for(server: SocketAddr) -> SocketAddr {
    let ip = match (server.ip().is_loopback(), server) {
        (true, SocketAddr::V4(_)) => IpAddr::V4(Ipv4Addr::LOCALHOST),
        (true, SocketAddr::V6(_)) => IpAddr::V6(Ipv6Addr::LOCALHOST),
        (false, SocketAddr::V4(_)) => IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        (false, SocketAddr::V6(_)) => IpAddr::V6(Ipv6Addr::UNSPECIFIED),
    };
    SocketAddr::new(ip, 0)
}

/// A query id an off-path attacker cannot guess (RFC 5452 §9.2), without a new crate: std's
/// `RandomState` is keyed from the OS's randomness, and the counter and clock make each id
/// differ. Together with the OS's random source port this is the usual stub-resolver defence.
fn query_id() -> u16 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut hasher = RandomState::new().build_hasher();
    hasher.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos());
    hasher.write_u128(nanos);
    (hasher.finish() & 0xFFFF) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolv_conf_gives_nameservers_in_order_on_port_53() {
        let path = std::env::temp_dir().join(format!("resolv-{}.conf", std::process::id()));
        let text = "# generated\n; also a comment\nsearch example.com\n\
            nameserver 192.0.2.53\n  nameserver   2001:db8::53  # trailing note\n\
            nameserver fe80::1%eth0\nnameserver not-an-address\noptions timeout:2\n\
            nameserver 198.51.100.53\nnameserver 203.0.113.53\n";
        std::fs::write(&path, text).unwrap();
        let config = DnsConfig::from_resolv_conf(&path, Duration::from_secs(1));
        std::fs::remove_file(&path).unwrap();
        let expected: Vec<SocketAddr> = ["192.0.2.53:53", "[2001:db8::53]:53", "198.51.100.53:53"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        assert_eq!(
            config,
            Some(DnsConfig {
                servers: expected,
                timeout: Duration::from_secs(1)
            })
        );
    }

    #[test]
    fn resolv_conf_without_nameservers_or_missing_gives_none() {
        let path = std::env::temp_dir().join(format!("resolv-empty-{}.conf", std::process::id()));
        std::fs::write(&path, "# nameserver 192.0.2.53\nsearch example.com\n").unwrap();
        let config = DnsConfig::from_resolv_conf(&path, Duration::from_secs(1));
        std::fs::remove_file(&path).unwrap();
        assert_eq!(config, None);
        assert_eq!(
            DnsConfig::from_resolv_conf(
                Path::new("/nonexistent/resolv.conf"),
                Duration::from_secs(1)
            ),
            None
        );
    }

    #[test]
    fn query_ids_vary() {
        let ids: std::collections::HashSet<u16> = (0..64).map(|_| query_id()).collect();
        assert!(ids.len() > 50, "{} distinct ids of 64", ids.len());
    }

    #[test]
    fn aliases_lead_to_the_records_of_their_target() {
        let record = |owner: &str, rtype, data| Record {
            owner: owner.into(),
            rtype,
            data,
        };
        let answers = vec![
            record(
                "alias.example",
                TYPE_CNAME,
                RecordData::Cname("mail.example".into()),
            ),
            record(
                "mail.example",
                TYPE_MX,
                RecordData::Mx {
                    preference: 10,
                    exchange: "mx.mail.example".into(),
                },
            ),
            record(
                "elsewhere.example",
                TYPE_MX,
                RecordData::Mx {
                    preference: 10,
                    exchange: "mx.elsewhere.example".into(),
                },
            ),
        ];
        let found = records_for("alias.example", answers, TYPE_MX);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].owner, "mail.example");
    }
}
