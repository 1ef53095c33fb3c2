//! The email check end to end against a fake resolver on loopback (UDP, and TCP for truncated
//! replies), which answers per domain the way a real recursive resolver would, and counts the
//! questions it is asked.

use super::*;
use hickory_resolver::proto::op::{Message, MessageType, OpCode, ResponseCode};
use hickory_resolver::proto::rr::rdata::{A, AAAA, CNAME, MX};
use hickory_resolver::proto::rr::{Name, RData, Record, RecordType};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, UdpSocket};
use tokio::task::JoinHandle;

/// Ample for a resolver on the same machine; only the silent-server tests wait this long.
const TIMEOUT: Duration = Duration::from_millis(300);

/// One datagram the fake sends back.
enum Reply {
    /// A well-formed reply to the question.
    Answer {
        code: ResponseCode,
        records: Vec<Record>,
        truncated: bool,
    },
    /// The right reply under another id, as an off-path forger guessing wrong would send it.
    Forged(Box<Reply>),
    /// A header claiming an answer that is not there.
    Garbage,
}

fn reply(code: ResponseCode, records: Vec<Record>) -> Reply {
    Reply::Answer {
        code,
        records,
        truncated: false,
    }
}

fn name(text: &str) -> Name {
    Name::from_ascii(text).unwrap()
}

fn record(owner: &str, data: RData) -> Record {
    Record::from_rdata(name(owner), 3600, data)
}

fn mx(owner: &str, preference: u16, exchange: &str) -> Record {
    record(owner, RData::MX(MX::new(preference, name(exchange))))
}

/// The fake resolver's zone: what it says to each (name, type), over UDP or TCP.
fn answer(domain: &str, qtype: RecordType, over_tcp: bool) -> Vec<Reply> {
    let owner = format!("{domain}.");
    match (domain, qtype) {
        ("mail.example" | "xn--bcher-kva.example", RecordType::MX) => vec![reply(
            ResponseCode::NoError,
            vec![
                mx(&owner, 10, "mx1.mail.example."),
                mx(&owner, 20, "mx2.mail.example."),
            ],
        )],
        ("gone.example", _) => vec![reply(ResponseCode::NXDomain, vec![])],
        ("a-only.example", RecordType::A) => vec![reply(
            ResponseCode::NoError,
            vec![record(&owner, RData::A(A::new(192, 0, 2, 25)))],
        )],
        ("aaaa-only.example", RecordType::AAAA) => vec![reply(
            ResponseCode::NoError,
            vec![record(
                &owner,
                RData::AAAA(AAAA::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 0x25)),
            )],
        )],
        ("null-mx.example", RecordType::MX) => {
            vec![reply(ResponseCode::NoError, vec![mx(&owner, 0, ".")])]
        }
        ("alias.example", RecordType::MX) => vec![reply(
            ResponseCode::NoError,
            vec![
                record(&owner, RData::CNAME(CNAME(name("mail.example.")))),
                mx("mail.example.", 10, "mx.mail.example."),
            ],
        )],
        ("broken.example", _) => vec![reply(ResponseCode::ServFail, vec![])],
        ("refused.example", _) => vec![reply(ResponseCode::Refused, vec![])],
        ("garbage.example", RecordType::MX) => vec![Reply::Garbage],
        // Too big for a datagram: the MX comes whole over TCP.
        ("truncated-mx.example", RecordType::MX) if !over_tcp => vec![Reply::Answer {
            code: ResponseCode::NoError,
            records: vec![],
            truncated: true,
        }],
        ("truncated-mx.example", RecordType::MX) => {
            vec![reply(
                ResponseCode::NoError,
                vec![mx(&owner, 10, "mx.truncated-mx.example.")],
            )]
        }
        // A forged reply first (another id, saying NXDOMAIN), then the real one.
        ("wrong-id.example", RecordType::MX) => vec![
            Reply::Forged(Box::new(reply(ResponseCode::NXDomain, vec![]))),
            reply(
                ResponseCode::NoError,
                vec![mx(&owner, 10, "mx.wrong-id.example.")],
            ),
        ],
        // Everything else exists without records of the asked type.
        _ => vec![reply(ResponseCode::NoError, vec![])],
    }
}

fn encode(query: &Message, reply: &Reply) -> Vec<u8> {
    let mut message = Message::new();
    message
        .set_id(query.id())
        .set_message_type(MessageType::Response)
        .set_op_code(OpCode::Query)
        .set_recursion_desired(query.recursion_desired())
        .set_recursion_available(true)
        .add_queries(query.queries().to_vec());
    match reply {
        Reply::Answer {
            code,
            records,
            truncated,
        } => {
            message
                .set_response_code(*code)
                .set_truncated(*truncated)
                .add_answers(records.clone());
            message.to_vec().unwrap()
        }
        Reply::Forged(inner) => {
            let mut bytes = encode(query, inner);
            bytes[0] ^= 0xFF;
            bytes[1] ^= 0xFF;
            bytes
        }
        Reply::Garbage => {
            let mut bytes = message.to_vec().unwrap();
            bytes[7] = 1; // ANCOUNT 1, and no answer follows
            bytes
        }
    }
}

/// The question's name (without the final dot) and type.
fn question(query: &Message) -> (String, RecordType) {
    let asked = &query.queries()[0];
    let name = asked.name().to_ascii();
    (
        name.trim_end_matches('.').to_ascii_lowercase(),
        asked.query_type(),
    )
}

/// A resolver on 127.0.0.1 answering from [`answer`], or SERVFAIL to everything.
struct FakeDns {
    address: SocketAddr,
    queries: Arc<AtomicUsize>,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDns {
    fn drop(&mut self) {
        self.tasks.iter().for_each(JoinHandle::abort);
    }
}

impl FakeDns {
    async fn start(always_servfail: bool) -> Self {
        let socket = UdpSocket::bind("127.0.0.1:0").await.unwrap();
        let address = socket.local_addr().unwrap();
        let listener = TcpListener::bind(address).await.unwrap();
        let queries = Arc::new(AtomicUsize::new(0));
        let replies = move |query: &Message, over_tcp: bool| {
            let (domain, qtype) = question(query);
            if always_servfail {
                vec![reply(ResponseCode::ServFail, vec![])]
            } else {
                answer(&domain, qtype, over_tcp)
            }
        };
        let counter = queries.clone();
        let udp = tokio::spawn(async move {
            let mut buffer = [0; 512];
            while let Ok((len, from)) = socket.recv_from(&mut buffer).await {
                counter.fetch_add(1, Ordering::SeqCst);
                let query = Message::from_vec(&buffer[..len]).unwrap();
                for reply in replies(&query, false) {
                    socket.send_to(&encode(&query, &reply), from).await.unwrap();
                }
            }
        });
        let counter = queries.clone();
        let tcp = tokio::spawn(async move {
            while let Ok((mut stream, _)) = listener.accept().await {
                let mut length = [0; 2];
                if stream.read_exact(&mut length).await.is_err() {
                    continue;
                }
                let mut buffer = vec![0; usize::from(u16::from_be_bytes(length))];
                if stream.read_exact(&mut buffer).await.is_err() {
                    continue;
                }
                counter.fetch_add(1, Ordering::SeqCst);
                let query = Message::from_vec(&buffer).unwrap();
                for reply in replies(&query, true) {
                    let bytes = encode(&query, &reply);
                    let framed = [&(bytes.len() as u16).to_be_bytes()[..], &bytes].concat();
                    let _ = stream.write_all(&framed).await;
                }
            }
        });
        Self {
            address,
            queries,
            tasks: vec![udp, tcp],
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
        std::fs::write(
            dir.join(BLOCKED_FILE),
            "# test\nblocked.example\nmüllpost.example\n",
        )
        .unwrap();
        std::fs::write(
            dir.join(DISPOSABLE_FILE),
            "# test\nthrowaway.example\nxn--wegwerf-pst-zfb.example\n",
        )
        .unwrap();
        Self(dir)
    }
}

impl Drop for TestLists {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn shipped_lists() -> PathBuf {
    Path::new(&std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../product/email")
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
async fn a_unicode_domain_is_looked_up_in_punycode() {
    let fake = FakeDns::start(false).await;
    let (checker, _lists) = checker(&[fake.address]);
    assert_eq!(
        status(&checker, "info@bücher.example").await,
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
    for domain in ["broken", "refused", "garbage"] {
        let email = format!("jane@{domain}.example");
        assert_eq!(
            status(&checker, &email).await,
            is(true, UNCHECKED),
            "{domain}"
        );
    }
}

#[tokio::test]
async fn a_truncated_reply_is_asked_again_over_tcp() {
    let fake = FakeDns::start(false).await;
    let (checker, _lists) = checker(&[fake.address]);
    assert_eq!(
        status(&checker, "jane@truncated-mx.example").await,
        is(true, SUCCESS)
    );
    assert_eq!(fake.queries(), 2, "over UDP, then TCP");
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
        // Listed in Unicode, typed in either form; listed in punycode, typed in Unicode.
        ("jane@müllpost.example", FAILURE_BLACKLIST),
        ("jane@MÜLLPOST.example", FAILURE_BLACKLIST),
        ("jane@xn--mllpost-n2a.example", FAILURE_BLACKLIST),
        ("jane@wegwerf-pöst.example", FAILURE_DISPOSABLE),
        ("jane@mx.wegwerf-pöst.example", FAILURE_DISPOSABLE),
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
