//! The email check end to end against a fake resolver on a loopback UDP socket, which answers
//! per domain the way a real recursive resolver would, and counts the questions it is asked.

use super::*;
use message::{TYPE_A, TYPE_AAAA, TYPE_MX};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::net::UdpSocket;
use tokio::task::JoinHandle;

/// Ample for a resolver on the same machine; only the silent-server tests wait this long.
const TIMEOUT: Duration = Duration::from_millis(300);

const NOERROR: u16 = 0;
const SERVFAIL: u16 = 2;
const NXDOMAIN: u16 = 3;
const REFUSED: u16 = 5;
const TC: u16 = 0x0200;
/// A compression pointer to the question's name, which always starts at byte 12.
const QNAME: &[u8] = &[0xC0, 12];

/// How the fake answers one question: extra header flags and rcode, answer count as claimed
/// in the header, and the answer records.
struct Reply {
    flags: u16,
    claimed: u16,
    records: Vec<Vec<u8>>,
    /// Sent with another id, as an off-path forger guessing wrong would.
    forged: bool,
}

fn reply(flags: u16, records: Vec<Vec<u8>>) -> Reply {
    let claimed = records.len() as u16;
    Reply {
        flags,
        claimed,
        records,
        forged: false,
    }
}

fn truncated(claimed: u16, records: Vec<Vec<u8>>) -> Reply {
    Reply {
        flags: TC,
        claimed,
        records,
        forged: false,
    }
}

fn record(owner: &[u8], rtype: u16, rdata: &[u8]) -> Vec<u8> {
    let mut out = owner.to_vec();
    out.extend_from_slice(&rtype.to_be_bytes());
    out.extend_from_slice(&[0, 1, 0, 0, 0x0E, 0x10]); // class IN, TTL 3600
    out.extend_from_slice(&(rdata.len() as u16).to_be_bytes());
    out.extend_from_slice(rdata);
    out
}

fn wire_name(name: &str) -> Vec<u8> {
    let mut out = Vec::new();
    message::write_name(&mut out, name).unwrap();
    out
}

/// An MX record for the question's name; its exchange `mx.<question>` is compressed too.
fn mx_record(preference: u16) -> Vec<u8> {
    let rdata = [&preference.to_be_bytes()[..], b"\x02mx", QNAME].concat();
    record(QNAME, TYPE_MX, &rdata)
}

/// The fake resolver's zone: what it says to each (name, type).
fn answer(name: &str, qtype: u16) -> Vec<Reply> {
    match (name, qtype) {
        ("mail.example", TYPE_MX) => vec![reply(NOERROR, vec![mx_record(10), mx_record(20)])],
        ("gone.example", _) => vec![reply(NXDOMAIN, vec![])],
        ("a-only.example", TYPE_A) => {
            vec![reply(
                NOERROR,
                vec![record(QNAME, TYPE_A, &[192, 0, 2, 25])],
            )]
        }
        ("aaaa-only.example", TYPE_AAAA) => {
            let address = "2001:db8::25"
                .parse::<std::net::Ipv6Addr>()
                .unwrap()
                .octets();
            vec![reply(NOERROR, vec![record(QNAME, TYPE_AAAA, &address)])]
        }
        ("null-mx.example", TYPE_MX) => {
            vec![reply(NOERROR, vec![record(QNAME, TYPE_MX, &[0, 0, 0])])]
        }
        ("alias.example", TYPE_MX) => {
            let target = wire_name("mail.example");
            let cname = record(QNAME, message::TYPE_CNAME, &target);
            let rdata = [&[0, 10][..], &wire_name("mx.mail.example")].concat();
            vec![reply(
                NOERROR,
                vec![cname, record(&target, TYPE_MX, &rdata)],
            )]
        }
        ("broken.example", _) => vec![reply(SERVFAIL, vec![])],
        ("refused.example", _) => vec![reply(REFUSED, vec![])],
        ("truncated.example", TYPE_MX) => vec![truncated(3, vec![])],
        ("truncated-mx.example", TYPE_MX) => {
            vec![truncated(3, vec![mx_record(10)])]
        }
        ("garbage.example", TYPE_MX) => vec![Reply {
            claimed: 1,
            ..reply(NOERROR, vec![])
        }],
        // A forged reply first (another id, saying NXDOMAIN), then the real one.
        ("wrong-id.example", TYPE_MX) => vec![
            Reply {
                forged: true,
                ..reply(NXDOMAIN, vec![])
            },
            reply(NOERROR, vec![mx_record(10)]),
        ],
        // Everything else exists without records of the asked type.
        _ => vec![reply(NOERROR, vec![])],
    }
}

fn encode(query: &[u8], question_end: usize, reply: &Reply) -> Vec<u8> {
    let id = u16::from_be_bytes([query[0], query[1]]) ^ if reply.forged { 0xFFFF } else { 0 };
    let flags = 0x8180 | reply.flags; // QR, RD, RA
    let mut out = Vec::new();
    for word in [id, flags, 1, reply.claimed, 0, 0] {
        out.extend_from_slice(&word.to_be_bytes());
    }
    out.extend_from_slice(&query[12..question_end]);
    for record in &reply.records {
        out.extend_from_slice(record);
    }
    out
}

/// A resolver on 127.0.0.1 answering from [`answer`], or SERVFAIL to everything.
struct FakeDns {
    address: SocketAddr,
    queries: Arc<AtomicUsize>,
    task: JoinHandle<()>,
}

impl Drop for FakeDns {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl FakeDns {
    async fn start(always_servfail: bool) -> Self {
        let socket = UdpSocket::bind("127.0.0.1:0").await.unwrap();
        let address = socket.local_addr().unwrap();
        let queries = Arc::new(AtomicUsize::new(0));
        let counter = queries.clone();
        let task = tokio::spawn(async move {
            let mut buffer = [0; 512];
            while let Ok((len, from)) = socket.recv_from(&mut buffer).await {
                counter.fetch_add(1, Ordering::SeqCst);
                let query = &buffer[..len];
                let (name, name_end) = message::read_name(query, 12).unwrap();
                let qtype = u16::from_be_bytes([query[name_end], query[name_end + 1]]);
                let replies = if always_servfail {
                    vec![reply(SERVFAIL, vec![])]
                } else {
                    answer(&name, qtype)
                };
                for reply in replies {
                    let bytes = encode(query, name_end + 4, &reply);
                    socket.send_to(&bytes, from).await.unwrap();
                }
            }
        });
        Self {
            address,
            queries,
            task,
        }
    }

    fn queries(&self) -> usize {
        self.queries.load(Ordering::SeqCst)
    }
}

/// A directory of small lists, removed when dropped.
struct TestLists(PathBuf);

impl TestLists {
    fn new() -> Self {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "email-lists-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::SeqCst)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(BLOCKED_FILE), "# test\nblocked.example\n").unwrap();
        std::fs::write(dir.join(DISPOSABLE_FILE), "# test\nthrowaway.example\n").unwrap();
        Self(dir)
    }
}

impl Drop for TestLists {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn shipped_lists() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../product/email")
}

fn dns(servers: &[SocketAddr]) -> Option<DnsConfig> {
    Some(DnsConfig {
        servers: servers.to_vec(),
        timeout: TIMEOUT,
    })
}

fn checker(servers: &[SocketAddr]) -> (EmailChecker, TestLists) {
    let lists = TestLists::new();
    (EmailChecker::load(&lists.0, dns(servers)).unwrap(), lists)
}

async fn status(checker: &EmailChecker, email: &str) -> (bool, String) {
    let check = checker.check(&EmailAddress::parse(email).unwrap()).await;
    (check.is_valid, check.status.unwrap())
}

fn is(valid: bool, status: &str) -> (bool, String) {
    (valid, status.to_owned())
}

#[tokio::test]
async fn a_domain_with_mx_records_succeeds() {
    let fake = FakeDns::start(false).await;
    let (checker, _lists) = checker(&[fake.address]);
    assert_eq!(
        status(&checker, "jane@mail.example").await,
        is(true, SUCCESS)
    );
    assert_eq!(
        status(&checker, "jane@alias.example").await,
        is(true, SUCCESS)
    );
}

#[tokio::test]
async fn a_domain_that_does_not_exist_has_no_mail_server() {
    let fake = FakeDns::start(false).await;
    let (checker, _lists) = checker(&[fake.address]);
    assert_eq!(
        status(&checker, "jane@gone.example").await,
        is(false, FAILURE_NO_MAIL_SERVER)
    );
}

#[tokio::test]
async fn without_mx_an_address_record_is_the_implicit_mail_server() {
    let fake = FakeDns::start(false).await;
    let (checker, _lists) = checker(&[fake.address]);
    assert_eq!(
        status(&checker, "jane@a-only.example").await,
        is(true, SUCCESS)
    );
    assert_eq!(fake.queries(), 2, "MX then A");
    assert_eq!(
        status(&checker, "jane@aaaa-only.example").await,
        is(true, SUCCESS)
    );
    assert_eq!(fake.queries(), 5, "MX, A then AAAA");
}

#[tokio::test]
async fn without_mx_or_address_records_there_is_no_mail_server() {
    let fake = FakeDns::start(false).await;
    let (checker, _lists) = checker(&[fake.address]);
    assert_eq!(
        status(&checker, "jane@nothing.example").await,
        is(false, FAILURE_NO_MAIL_SERVER)
    );
}

#[tokio::test]
async fn a_null_mx_means_no_mail_server() {
    let fake = FakeDns::start(false).await;
    let (checker, _lists) = checker(&[fake.address]);
    assert_eq!(
        status(&checker, "jane@null-mx.example").await,
        is(false, FAILURE_NO_MAIL_SERVER)
    );
}

#[tokio::test]
async fn a_failing_resolver_leaves_the_address_unchecked_but_valid() {
    let fake = FakeDns::start(false).await;
    let (checker, _lists) = checker(&[fake.address]);
    for domain in ["broken", "refused", "truncated", "garbage"] {
        let email = format!("jane@{domain}.example");
        assert_eq!(
            status(&checker, &email).await,
            is(true, UNCHECKED),
            "{domain}"
        );
    }
}

#[tokio::test]
async fn a_truncated_reply_with_an_mx_record_is_enough() {
    let fake = FakeDns::start(false).await;
    let (checker, _lists) = checker(&[fake.address]);
    assert_eq!(
        status(&checker, "jane@truncated-mx.example").await,
        is(true, SUCCESS)
    );
}

#[tokio::test]
async fn a_resolver_that_never_answers_leaves_the_address_unchecked_but_valid() {
    let silent = UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let (checker, _lists) = checker(&[silent.local_addr().unwrap()]);
    assert_eq!(
        status(&checker, "jane@mail.example").await,
        is(true, UNCHECKED)
    );
}

#[tokio::test]
async fn the_next_resolver_is_asked_when_one_is_silent_or_failing() {
    let silent = UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let failing = FakeDns::start(true).await;
    let fake = FakeDns::start(false).await;
    let servers = [silent.local_addr().unwrap(), failing.address, fake.address];
    let (checker, _lists) = checker(&servers);
    assert_eq!(
        status(&checker, "jane@mail.example").await,
        is(true, SUCCESS)
    );
    assert_eq!((failing.queries(), fake.queries()), (1, 1));
}

#[tokio::test]
async fn a_reply_with_the_wrong_id_is_ignored() {
    let fake = FakeDns::start(false).await;
    let (checker, _lists) = checker(&[fake.address]);
    assert_eq!(
        status(&checker, "jane@wrong-id.example").await,
        is(true, SUCCESS)
    );
}

#[tokio::test]
async fn a_cached_answer_does_not_query_again() {
    let fake = FakeDns::start(false).await;
    let (checker, _lists) = checker(&[fake.address]);
    assert_eq!(
        status(&checker, "jane@mail.example").await,
        is(true, SUCCESS)
    );
    assert_eq!(
        status(&checker, "john@mail.example").await,
        is(true, SUCCESS)
    );
    assert_eq!(
        status(&checker.clone(), "jo@mail.example").await,
        is(true, SUCCESS)
    );
    assert_eq!(fake.queries(), 1);
}

#[tokio::test]
async fn listed_domains_and_their_subdomains_fail_without_asking_dns() {
    let fake = FakeDns::start(false).await;
    let (checker, _lists) = checker(&[fake.address]);
    for (email, expected) in [
        ("jane@blocked.example", FAILURE_BLACKLIST),
        ("jane@mx.blocked.example", FAILURE_BLACKLIST),
        ("jane@throwaway.example", FAILURE_DISPOSABLE),
        ("jane@x.throwaway.example", FAILURE_DISPOSABLE),
    ] {
        assert_eq!(
            status(&checker, email).await,
            is(false, expected),
            "{email}"
        );
    }
    assert_eq!(fake.queries(), 0);
}

#[tokio::test]
async fn with_dns_switched_off_an_unlisted_domain_is_unchecked() {
    let lists = TestLists::new();
    let checker = EmailChecker::load(&lists.0, None).unwrap();
    assert_eq!(
        status(&checker, "jane@mail.example").await,
        is(true, UNCHECKED)
    );
    assert_eq!(
        status(&checker, "jane@throwaway.example").await,
        is(false, FAILURE_DISPOSABLE)
    );
}

#[tokio::test]
async fn the_shipped_lists_load_and_apply() {
    let checker = EmailChecker::load(&shipped_lists(), None).unwrap();
    assert_eq!(
        status(&checker, "jane@x.mailinator.com").await,
        is(false, FAILURE_DISPOSABLE)
    );
}

#[test]
fn a_bad_list_line_stops_loading_with_file_and_line() {
    let lists = TestLists::new();
    std::fs::write(
        lists.0.join(DISPOSABLE_FILE),
        "# test\nok.example\nNot A Domain\n",
    )
    .unwrap();
    let message = EmailChecker::load(&lists.0, None).unwrap_err();
    assert!(
        message.contains("disposable-domains.txt line 3"),
        "{message}"
    );
}
