//! Web chat (issue 35): tickets and the socket for each role, a message round trip between an
//! adviser and customer care with the case the adviser was on, a dropped connection with nothing
//! lost or repeated, one conversation per adviser per day, transcripts each side may read, the
//! limits on a message, and the launcher ready only while an agent is online; the text sealed in
//! the database; and, on PostgreSQL, two API processes sharing one database chatting as one
//! (decisions WC8-WC11).

use crate::support::{TestApp, client};
use futures::{SinkExt, StreamExt};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

const TICKETS: &str = "/api/v1/backendforfrontend/webchat/tickets";
const CONVERSATIONS: &str = "/api/v1/backendforfrontend/webchat/conversations";
const STATUS: &str = "/api/v1/backendforfrontend/webchat/status";

/// How long a test waits for a frame that should come.
const FRAME_WAIT: Duration = Duration::from_secs(10);

struct Chat {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Chat {
    /// Connects as `token`'s holder (with `body` for the ticket) and reads the welcome frame.
    async fn connect(app: &TestApp, token: &str, body: Value, after: i64) -> (Chat, Value) {
        let ticket = ticket(app, token, body).await;
        Self::with_ticket(app, &ticket, after).await.unwrap()
    }

    async fn with_ticket(app: &TestApp, ticket: &str, after: i64) -> Result<(Chat, Value), u16> {
        let url = format!(
            "{}/api/v1/backendforfrontend/webchat/socket?ticket={ticket}&after={after}",
            app.base.replace("http://", "ws://")
        );
        match connect_async(url).await {
            Ok((socket, _)) => {
                let mut chat = Chat { socket };
                let welcome = chat.next().await;
                assert_eq!(welcome["type"], "welcome", "{welcome}");
                Ok((chat, welcome))
            }
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                Err(response.status().as_u16())
            }
            Err(other) => panic!("the socket failed: {other}"),
        }
    }

    async fn send(&mut self, frame: Value) {
        self.socket
            .send(Message::Text(frame.to_string().into()))
            .await
            .unwrap();
    }

    async fn say(&mut self, client_id: &str, text: &str, conversation: Option<&str>) {
        self.send(json!({ "type": "send", "clientId": client_id, "text": text, "conversationId": conversation }))
            .await;
    }

    /// The next frame, whatever its type.
    async fn next(&mut self) -> Value {
        loop {
            let frame = tokio::time::timeout(FRAME_WAIT, self.socket.next())
                .await
                .expect("a frame in time")
                .expect("the socket open")
                .unwrap();
            if let Message::Text(text) = frame {
                return serde_json::from_str(text.as_str()).unwrap();
            }
        }
    }

    /// The next frame of `kind`, passing over others (typing, conversation notices).
    async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let frame = self.next().await;
            if frame["type"] == kind {
                return frame;
            }
        }
    }

    /// Nothing of `kind` arrives within a short wait.
    async fn nothing_of(&mut self, kind: &str) {
        let deadline = Instant::now() + Duration::from_millis(700);
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match tokio::time::timeout(left, self.socket.next()).await {
                Ok(Some(Ok(Message::Text(text)))) => {
                    let frame: Value = serde_json::from_str(text.as_str()).unwrap();
                    assert_ne!(frame["type"], kind, "unexpected {frame}");
                }
                Ok(Some(Ok(_))) => {}
                _ => return,
            }
        }
    }

    async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}

async fn ticket(app: &TestApp, token: &str, body: Value) -> String {
    let (status, answer) = app
        .call(Method::POST, TICKETS, Some(token), Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    answer["ticket"].as_str().unwrap().to_owned()
}

async fn status(app: &TestApp, token: &str) -> Value {
    let (status, body) = app.call(Method::GET, STATUS, Some(token), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// Waits until the launcher's readiness is `ready` (presence changes as sockets close).
async fn wait_for_ready(app: &TestApp, token: &str, ready: bool) -> Value {
    let deadline = Instant::now() + FRAME_WAIT;
    loop {
        let body = status(app, token).await;
        if body["ready"] == ready {
            return body;
        }
        assert!(
            Instant::now() < deadline,
            "ready never became {ready}: {body}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_ticket_is_for_advisers_assistants_and_agents_and_opens_one_socket() {
    let app = TestApp::spawn().await;
    let (status, body) = app.call(Method::POST, TICKETS, None, Some(json!({}))).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    for who in [
        "underwriter1@example.com",
        "client1@example.com",
        "ccaadmin1@example.com",
    ] {
        let token = app.token(who).await;
        let (status, body) = app
            .call(Method::POST, TICKETS, Some(&token), Some(json!({})))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{who}: {body}");
    }
    for (who, side) in [
        ("adviser1@example.com", "adviser"),
        ("assistant1@example.com", "adviser"),
        ("cca1@example.com", "careTeam"),
    ] {
        let token = app.token(who).await;
        let ticket = ticket(&app, &token, json!({})).await;
        let (chat, welcome) = Chat::with_ticket(&app, &ticket, 0).await.unwrap();
        assert_eq!(welcome["side"], side, "{who}: {welcome}");
        chat.close().await;
        // Used once: it opens nothing again.
        assert_eq!(
            Chat::with_ticket(&app, &ticket, 0).await.err(),
            Some(401),
            "{who}"
        );
    }
    assert_eq!(Chat::with_ticket(&app, "made-up", 0).await.err(), Some(401));
}

/// A plain request to the socket's address (an API client, a scanner) is told what the address
/// is for, as a problem, and does not use up the ticket it carried.
#[tokio::test(flavor = "multi_thread")]
async fn a_plain_request_to_the_socket_is_a_clear_400_and_keeps_the_ticket() {
    let app = TestApp::spawn().await;
    let adviser1 = app.token("adviser1@example.com").await;
    let ticket = ticket(&app, &adviser1, json!({})).await;
    let response = reqwest::Client::new()
        .get(format!(
            "{}/api/v1/backendforfrontend/webchat/socket?ticket={ticket}",
            app.base
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        response.headers()["content-type"],
        "application/problem+json"
    );
    let problem: Value = response.json().await.unwrap();
    assert!(
        problem["detail"].as_str().unwrap().contains("WebSocket"),
        "{problem}"
    );
    let (chat, welcome) = Chat::with_ticket(&app, &ticket, 0).await.unwrap();
    assert_eq!(welcome["side"], "adviser", "{welcome}");
    chat.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_case_named_with_the_ticket_must_be_one_the_adviser_may_see() {
    let app = TestApp::spawn().await;
    let adviser1 = app.token("adviser1@example.com").await;
    let adviser3 = app.token("adviser3@example.com").await;
    let assistant = app.token("assistant1@example.com").await;
    let theirs = app.create_application(&adviser1).await["id"].clone();
    let others = app.create_application(&adviser3).await["id"].clone();
    let (status, body) = app
        .call(
            Method::POST,
            TICKETS,
            Some(&adviser1),
            Some(json!({ "applicationId": others })),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    // The assistant may act for adviser1, so may say they are on adviser1's case.
    ticket(&app, &assistant, json!({ "applicationId": theirs })).await;
    let (status, body) = app
        .call(
            Method::POST,
            TICKETS,
            Some(&adviser1),
            Some(json!({ "applicationId": "x" })),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_launcher_is_ready_only_while_an_agent_is_online() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let cca = app.token("cca1@example.com").await;
    let before = status(&app, &adviser).await;
    assert_eq!(before["ready"], false, "{before}");
    let (desk, _) = Chat::connect(&app, &cca, json!({}), 0).await;
    let during = wait_for_ready(&app, &adviser, true).await;
    assert_eq!(
        during,
        json!({ "ready": true, "reason": "ready", "opensAt": null })
    );
    desk.close().await;
    wait_for_ready(&app, &adviser, false).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_message_goes_from_the_adviser_to_customer_care_and_back_with_the_case() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let cca = app.token("cca1@example.com").await;
    let created = app.create_application(&adviser).await;
    let (status, body) = app
        .add_applicant(&adviser, &created, client("Alan", "Turing", "1985-06-23"))
        .await;
    assert!(status.is_success(), "{body}");
    let case = created["id"].clone();
    let (mut desk, _) = Chat::connect(&app, &cca, json!({}), 0).await;
    let (mut chat, welcome) =
        Chat::connect(&app, &adviser, json!({ "applicationId": case }), 0).await;
    assert_eq!(
        welcome["conversation"],
        Value::Null,
        "nothing written today yet"
    );

    chat.say("a-1", "  Can I backdate the start date?  ", None)
        .await;
    let mine = chat.next_of("message").await["message"].clone();
    assert_eq!(mine["seq"], 1);
    assert_eq!(mine["clientId"], "a-1");
    assert_eq!(mine["text"], "Can I backdate the start date?", "trimmed");
    assert_eq!(mine["senderName"], "Priya Shah");

    // The desk hears of the conversation, with the case the adviser is on, then the message.
    let started = desk.next_of("conversation").await["conversation"].clone();
    assert_eq!(started["adviserName"], "Priya Shah");
    assert_eq!(started["applicationId"], case);
    assert!(
        started["clientNames"]
            .as_str()
            .unwrap()
            .contains("Alan Turing"),
        "{started}"
    );
    let conversation = started["id"].as_str().unwrap().to_owned();
    let heard = desk.next_of("message").await["message"].clone();
    assert_eq!(heard["text"], "Can I backdate the start date?");
    assert_eq!(heard["side"], "adviser");

    // Typing, the answer and the read marks pass both ways.
    desk.send(json!({ "type": "typing", "conversationId": conversation, "typing": true }))
        .await;
    let typing = chat.next_of("typing").await;
    assert_eq!(
        (typing["side"].as_str(), typing["typing"].as_bool()),
        (Some("careTeam"), Some(true))
    );
    desk.send(json!({ "type": "read", "conversationId": conversation, "seq": 1 }))
        .await;
    let read = chat.next_of("read").await;
    assert_eq!(
        (read["side"].as_str(), read["seq"].as_i64()),
        (Some("careTeam"), Some(1))
    );
    desk.say("c-1", "Yes, up to 30 days.", Some(&conversation))
        .await;
    let answer = chat.next_of("message").await["message"].clone();
    assert_eq!(answer["seq"], 2);
    assert_eq!(answer["side"], "careTeam");
    assert_eq!(answer["senderName"], "Chloe Adams");
    assert_eq!(answer["text"], "Yes, up to 30 days.");
    chat.send(json!({ "type": "read", "seq": 2 })).await;
    // Every desk hears read marks (its own too, for the other agents' lists).
    let mut read = desk.next_of("read").await;
    while read["side"] == "careTeam" {
        read = desk.next_of("read").await;
    }
    assert_eq!(read["seq"], 2);

    // The transcript holds both, and who answered.
    let (status, transcript) = app
        .call(
            Method::GET,
            &format!("{CONVERSATIONS}/{conversation}"),
            Some(&adviser),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{transcript}");
    let texts: Vec<&str> = transcript["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        texts,
        ["Can I backdate the start date?", "Yes, up to 30 days."]
    );
    assert_eq!(transcript["conversation"]["agentName"], "Chloe Adams");
    assert_eq!(transcript["conversation"]["adviserReadSeq"], 2);
    assert_eq!(transcript["conversation"]["careReadSeq"], 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn after_a_dropped_connection_nothing_is_lost_or_repeated() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let cca = app.token("cca1@example.com").await;
    let (mut desk, _) = Chat::connect(&app, &cca, json!({}), 0).await;
    let (mut chat, _) = Chat::connect(&app, &adviser, json!({}), 0).await;
    chat.say("m-1", "first", None).await;
    assert_eq!(chat.next_of("message").await["message"]["seq"], 1);
    let conversation = desk.next_of("conversation").await["conversation"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    desk.next_of("message").await;

    // The adviser sends and the connection drops before the acknowledgement is read.
    chat.say("m-2", "second", None).await;
    chat.close().await;
    assert_eq!(desk.next_of("message").await["message"]["text"], "second");
    // Customer care answers while the adviser is away.
    desk.say("c-1", "answer while away", Some(&conversation))
        .await;
    desk.next_of("message").await;

    // Back, holding only message 1: the welcome brings 2 and 3, in order.
    let (mut chat, welcome) = Chat::connect(&app, &adviser, json!({}), 1).await;
    let caught_up: Vec<(i64, &str)> = welcome["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["seq"].as_i64().unwrap(), m["text"].as_str().unwrap()))
        .collect();
    assert_eq!(caught_up, [(2, "second"), (3, "answer while away")]);
    assert_eq!(welcome["conversation"]["id"], conversation.as_str());

    // The browser, unsure whether m-2 arrived, sends it again: it is stored once, acknowledged
    // with its number, and customer care does not see it twice.
    chat.say("m-2", "second", None).await;
    let again = chat.next_of("message").await["message"].clone();
    assert_eq!(
        (again["seq"].as_i64(), again["clientId"].as_str()),
        (Some(2), Some("m-2"))
    );
    desk.nothing_of("message").await;

    // A message sent while away is delivered once it is sent on the new connection.
    chat.say("m-3", "sent while dropped", None).await;
    assert_eq!(chat.next_of("message").await["message"]["seq"], 4);
    assert_eq!(desk.next_of("message").await["message"]["seq"], 4);

    let (_, transcript) = app
        .call(
            Method::GET,
            &format!("{CONVERSATIONS}/{conversation}"),
            Some(&cca),
            None,
        )
        .await;
    let seqs: Vec<(i64, &str)> = transcript["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["seq"].as_i64().unwrap(), m["text"].as_str().unwrap()))
        .collect();
    assert_eq!(
        seqs,
        [
            (1, "first"),
            (2, "second"),
            (3, "answer while away"),
            (4, "sent while dropped")
        ]
    );
    // An agent catches up the same way, by asking after the last number held.
    desk.send(json!({ "type": "sync", "conversationId": conversation, "after": 2 }))
        .await;
    let sync = desk.next_of("messages").await;
    assert_eq!(sync["messages"].as_array().unwrap().len(), 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn each_adviser_has_one_conversation_a_day_whatever_the_tabs() {
    let app = TestApp::spawn().await;
    let adviser1 = app.token("adviser1@example.com").await;
    let adviser2 = app.token("adviser2@example.com").await;
    let cca = app.token("cca1@example.com").await;
    let (mut tab1, _) = Chat::connect(&app, &adviser1, json!({}), 0).await;
    let (mut tab2, _) = Chat::connect(&app, &adviser1, json!({}), 0).await;
    tab1.say("t1", "from the first tab", None).await;
    let first = tab1.next_of("message").await["message"].clone();
    // The other tab sees it too: it is the same conversation.
    assert_eq!(tab2.next_of("message").await["message"]["seq"], 1);
    tab2.say("t2", "from the second tab", None).await;
    let second = tab2.next_of("message").await["message"].clone();
    assert_eq!(first["conversationId"], second["conversationId"]);
    assert_eq!(second["seq"], 2);
    // A new connection later the same day carries on the same conversation.
    let (_, welcome) = Chat::connect(&app, &adviser1, json!({}), 0).await;
    assert_eq!(welcome["conversation"]["id"], first["conversationId"]);
    assert_eq!(welcome["messages"].as_array().unwrap().len(), 2);

    let (mut other, _) = Chat::connect(&app, &adviser2, json!({}), 0).await;
    other.say("o1", "another adviser", None).await;
    let theirs = other.next_of("message").await["message"].clone();
    assert_ne!(theirs["conversationId"], first["conversationId"]);
    assert_eq!(theirs["seq"], 1);

    let (_, desk) = app.call(Method::GET, CONVERSATIONS, Some(&cca), None).await;
    assert_eq!(desk["conversations"].as_array().unwrap().len(), 2, "{desk}");
    let (_, own) = app
        .call(Method::GET, CONVERSATIONS, Some(&adviser1), None)
        .await;
    let own = own["conversations"].as_array().unwrap().clone();
    assert_eq!(own.len(), 1);
    assert_eq!(own[0]["id"], first["conversationId"]);
    assert_eq!(own[0]["messageCount"], 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_transcript_is_read_by_its_adviser_and_customer_care_only() {
    let app = TestApp::spawn().await;
    let adviser1 = app.token("adviser1@example.com").await;
    let (mut chat, _) = Chat::connect(&app, &adviser1, json!({}), 0).await;
    chat.say("x1", "hello", None).await;
    let id = chat.next_of("message").await["message"]["conversationId"]
        .as_str()
        .unwrap()
        .to_owned();
    let path = format!("{CONVERSATIONS}/{id}");
    let (status, _) = app.call(Method::GET, &path, None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    for (who, expected) in [
        ("adviser1@example.com", StatusCode::OK),
        ("cca1@example.com", StatusCode::OK),
        ("ccaadmin1@example.com", StatusCode::OK),
        // Not theirs: an assistant chats as themself, even one acting for adviser1.
        ("adviser2@example.com", StatusCode::NOT_FOUND),
        ("assistant1@example.com", StatusCode::NOT_FOUND),
        ("underwriter1@example.com", StatusCode::FORBIDDEN),
        ("client1@example.com", StatusCode::FORBIDDEN),
    ] {
        let token = app.token(who).await;
        let (status, body) = app.call(Method::GET, &path, Some(&token), None).await;
        assert_eq!(status, expected, "{who}: {body}");
        let (status, body) = app
            .call(Method::GET, CONVERSATIONS, Some(&token), None)
            .await;
        let listed = if expected == StatusCode::FORBIDDEN {
            StatusCode::FORBIDDEN
        } else {
            StatusCode::OK
        };
        assert_eq!(status, listed, "{who}: {body}");
    }
    let cca = app.token("cca1@example.com").await;
    let (status, _) = app
        .call(
            Method::GET,
            &format!("{CONVERSATIONS}/no-such-id"),
            Some(&cca),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = app
        .call(
            Method::GET,
            &format!("{CONVERSATIONS}?day=yesterday"),
            Some(&cca),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = app
        .call(
            Method::GET,
            &format!("{CONVERSATIONS}?day=2020-01-01"),
            Some(&cca),
            None,
        )
        .await;
    assert_eq!(
        (status, body["conversations"].clone()),
        (StatusCode::OK, json!([]))
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_empty_a_long_or_a_flood_of_messages_is_refused_with_a_reason() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let cca = app.token("cca1@example.com").await;
    let (mut chat, _) = Chat::connect(&app, &adviser, json!({}), 0).await;
    chat.say("e1", "   ", None).await;
    let empty = chat.next_of("error").await;
    assert_eq!(
        (empty["code"].as_str(), empty["clientId"].as_str()),
        (Some("empty"), Some("e1"))
    );
    chat.say("e2", &"x".repeat(2001), None).await;
    let long = chat.next_of("error").await;
    assert_eq!(long["code"], "tooLong");
    assert!(long["message"].as_str().unwrap().contains("2000"), "{long}");
    chat.say("bad id!", "hello", None).await;
    assert_eq!(chat.next_of("error").await["code"], "badClientId");
    chat.send(json!({ "type": "shout" })).await;
    assert_eq!(chat.next_of("error").await["code"], "unreadable");

    // An agent must say which conversation; one that does not exist is not found.
    let (mut desk, _) = Chat::connect(&app, &cca, json!({}), 0).await;
    desk.say("d1", "hello", None).await;
    assert_eq!(desk.next_of("error").await["code"], "conversationRequired");
    desk.say("d2", "hello", Some("no-such-conversation")).await;
    assert_eq!(desk.next_of("error").await["code"], "notFound");

    // Twenty in ten seconds go; the twenty-first is refused and not stored.
    for n in 0..20 {
        chat.say(&format!("f{n}"), &format!("message {n}"), None)
            .await;
        assert_eq!(chat.next_of("message").await["message"]["seq"], n + 1);
    }
    chat.say("f20", "one too many", None).await;
    let flood = chat.next_of("error").await;
    assert_eq!(
        (flood["code"].as_str(), flood["clientId"].as_str()),
        (Some("tooFast"), Some("f20"))
    );
    let (_, own) = app
        .call(Method::GET, CONVERSATIONS, Some(&adviser), None)
        .await;
    assert_eq!(own["conversations"][0]["messageCount"], 20);
}

/// What an adviser might type about a client's health, and an agent's answer: neither may be in
/// the database's files.
const ADVISER_SAYS: &str = "My client was diagnosed with Crohn's disease in March";
const AGENT_SAYS: &str = "Declare the Crohn's diagnosis and the infliximab treatment";

/// The SQLite database's files (the database and its write-ahead log) as bytes, or `None` on
/// PostgreSQL, whose files are the server's.
fn database_bytes(app: &TestApp) -> Option<Vec<u8>> {
    let path = app.database.url().strip_prefix("sqlite://")?;
    let path = path.split('?').next().unwrap_or(path);
    let mut bytes = std::fs::read(path).unwrap();
    if let Ok(wal) = std::fs::read(format!("{path}-wal")) {
        bytes.extend(wal);
    }
    Some(bytes)
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle.as_bytes())
}

fn texts(transcript: &Value) -> Vec<&str> {
    transcript["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn chat_text_is_sealed_in_the_database_and_both_sides_read_it_plain() {
    let app = TestApp::spawn().await;
    let adviser = app.token("adviser1@example.com").await;
    let cca = app.token("cca1@example.com").await;
    let (mut desk, _) = Chat::connect(&app, &cca, json!({}), 0).await;
    let (mut chat, _) = Chat::connect(&app, &adviser, json!({}), 0).await;
    chat.say("s-1", ADVISER_SAYS, None).await;
    let conversation = chat.next_of("message").await["message"]["conversationId"]
        .as_str()
        .unwrap()
        .to_owned();
    desk.say("s-2", AGENT_SAYS, Some(&conversation)).await;
    assert_eq!(chat.next_of("message").await["message"]["text"], AGENT_SAYS);

    for token in [&adviser, &cca] {
        let (status, transcript) = app
            .call(
                Method::GET,
                &format!("{CONVERSATIONS}/{conversation}"),
                Some(token),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{transcript}");
        assert_eq!(texts(&transcript), [ADVISER_SAYS, AGENT_SAYS]);
    }
    // A new connection's welcome reads them back too.
    let (_, welcome) = Chat::connect(&app, &adviser, json!({}), 0).await;
    assert_eq!(welcome["messages"][0]["text"], ADVISER_SAYS);

    let Some(bytes) = database_bytes(&app) else {
        eprintln!("PostgreSQL: the database files are the server's; see store/tests/chat.rs");
        return;
    };
    for secret in [ADVISER_SAYS, AGENT_SAYS, "Crohn", "infliximab"] {
        assert!(
            !contains(&bytes, secret),
            "the database files hold {secret:?}"
        );
    }
    // The conversation itself is there (who wrote, when): only the text is sealed.
    assert!(contains(&bytes, &conversation));
}

/// Whether these tests run against PostgreSQL (`scripts/postgres.sh`).
fn on_postgres() -> bool {
    std::env::var(store::testing::POSTGRES_VARIABLE).is_ok_and(|server| !server.is_empty())
}

/// Two portals on one database, sharing nothing in memory, with the same keys (each seals and
/// opens what the other stored): two `portal api` processes behind a load balancer.
async fn two_processes() -> (TestApp, TestApp) {
    let keys = keyring::new_key_line("shared").unwrap();
    let a = TestApp::spawn_with(&[("PORTAL_PAYLOAD_KEYS", keys.clone())]).await;
    let b = TestApp::spawn_with(&[
        ("PORTAL_PAYLOAD_KEYS", keys),
        ("DATABASE_URL", a.database.url().to_owned()),
    ])
    .await;
    (a, b)
}

/// Ends every chat listening connection on the app's database, as a network failure or a
/// database restart would; answers how many there were.
async fn drop_chat_listeners(app: &TestApp) -> i64 {
    use sqlx::{Connection, Row};
    let mut connection = sqlx::PgConnection::connect(app.database.url())
        .await
        .unwrap();
    let ended = sqlx::query(
        "SELECT count(pg_terminate_backend(pid)) AS ended FROM pg_stat_activity \
         WHERE datname = current_database() AND application_name LIKE 'portal chat %'",
    )
    .fetch_one(&mut connection)
    .await
    .unwrap();
    ended.try_get("ended").unwrap()
}

/// The next messages on `chat` until it holds every number in `seqs` (in whatever order a
/// catch-up and live deliveries bring them), with their texts.
async fn messages_numbered(chat: &mut Chat, seqs: &[i64]) -> Vec<(i64, String)> {
    let mut seen: Vec<(i64, String)> = Vec::new();
    while !seqs.iter().all(|n| seen.iter().any(|(s, _)| s == n)) {
        let message = chat.next_of("message").await["message"].clone();
        let seq = message["seq"].as_i64().unwrap();
        assert!(
            !seen.iter().any(|(s, _)| *s == seq),
            "message {seq} sent twice on one socket"
        );
        seen.push((seq, message["text"].as_str().unwrap().to_owned()));
    }
    seen.sort();
    seen
}

#[tokio::test(flavor = "multi_thread")]
async fn two_api_processes_on_one_postgres_database_chat_as_one() {
    if !on_postgres() {
        eprintln!(
            "skipped: two API processes share a database only on PostgreSQL; run under \
             scripts/postgres.sh (PORTAL_TEST_POSTGRES)"
        );
        return;
    }
    let (a, b) = two_processes().await;
    // Each portal signs its own tokens; the ticket and the socket are what cross over.
    let adviser = a.token("adviser1@example.com").await;
    let cca = b.token("cca1@example.com").await;

    // The launcher on A is ready only while the agent on B is connected.
    assert_eq!(status(&a, &adviser).await["ready"], false);
    let (mut desk, _) = Chat::connect(&b, &cca, json!({}), 0).await;
    wait_for_ready(&a, &adviser, true).await;

    // Messages both ways, typing and read marks across the two processes.
    let (mut chat, _) = Chat::connect(&a, &adviser, json!({}), 0).await;
    chat.say("a-1", "Hello from process A", None).await;
    let mine = chat.next_of("message").await["message"].clone();
    assert_eq!(
        (mine["seq"].as_i64(), mine["clientId"].as_str()),
        (Some(1), Some("a-1"))
    );
    let started = desk.next_of("conversation").await["conversation"].clone();
    assert_eq!(started["adviserName"], "Priya Shah");
    let conversation = started["id"].as_str().unwrap().to_owned();
    assert_eq!(
        desk.next_of("message").await["message"]["text"],
        "Hello from process A"
    );

    desk.send(json!({ "type": "typing", "conversationId": conversation, "typing": true }))
        .await;
    let typing = chat.next_of("typing").await;
    assert_eq!(
        (typing["side"].as_str(), typing["typing"].as_bool()),
        (Some("careTeam"), Some(true))
    );
    chat.send(json!({ "type": "typing", "typing": true })).await;
    let typing = desk.next_of("typing").await;
    assert_eq!(
        (typing["side"].as_str(), typing["conversationId"].as_str()),
        (Some("adviser"), Some(conversation.as_str()))
    );
    desk.send(json!({ "type": "read", "conversationId": conversation, "seq": 1 }))
        .await;
    let read = chat.next_of("read").await;
    assert_eq!(
        (read["side"].as_str(), read["seq"].as_i64()),
        (Some("careTeam"), Some(1))
    );
    desk.say("b-1", "Hello from process B", Some(&conversation))
        .await;
    let answer = chat.next_of("message").await["message"].clone();
    assert_eq!(
        (answer["seq"].as_i64(), answer["text"].as_str()),
        (Some(2), Some("Hello from process B"))
    );
    assert_eq!(
        desk.next_of("message").await["message"]["seq"],
        2,
        "the sender's acknowledgement"
    );
    chat.send(json!({ "type": "read", "seq": 2 })).await;
    let mut read = desk.next_of("read").await;
    while read["side"] == "careTeam" {
        read = desk.next_of("read").await;
    }
    assert_eq!(read["seq"], 2);
    // Each socket had each message once.
    chat.nothing_of("message").await;
    desk.nothing_of("message").await;

    // A ticket issued by A opens a socket on B, once; then neither process takes it.
    let issued_by_a = ticket(&a, &adviser, json!({})).await;
    let (on_b, welcome) = Chat::with_ticket(&b, &issued_by_a, 0).await.unwrap();
    assert_eq!(welcome["side"], "adviser");
    assert_eq!(welcome["conversation"]["id"], conversation.as_str());
    assert_eq!(welcome["messages"].as_array().unwrap().len(), 2);
    on_b.close().await;
    assert_eq!(
        Chat::with_ticket(&b, &issued_by_a, 0).await.err(),
        Some(401)
    );
    assert_eq!(
        Chat::with_ticket(&a, &issued_by_a, 0).await.err(),
        Some(401)
    );

    // The listening connections drop. A message whose notice nobody heard (stored with no
    // notice, as one published while they were down would be) and one sent straight after the
    // drop both arrive, once each, on both sides.
    let (unheard, new) = a
        .store()
        .append_chat_message(&store::NewChatMessage {
            conversation_id: &conversation,
            client_id: "unheard-1",
            sender_id: "cca1",
            sender_name: "Chloe Adams",
            sender_side: "careTeam",
            from_care_team: true,
            body: "Stored while nobody listened",
            at: chrono::Utc::now(),
        })
        .await
        .unwrap();
    assert!(new);
    assert_eq!(unheard.seq, 3);
    assert_eq!(drop_chat_listeners(&a).await, 2, "one listener per process");
    chat.say("a-2", "Sent as the channel dropped", None).await;
    let expected = vec![
        (3, "Stored while nobody listened".to_owned()),
        (4, "Sent as the channel dropped".to_owned()),
    ];
    assert_eq!(messages_numbered(&mut chat, &[3, 4]).await, expected);
    assert_eq!(messages_numbered(&mut desk, &[3, 4]).await, expected);
    // Listening again: the next message crosses live.
    desk.say("b-2", "Back to normal", Some(&conversation)).await;
    assert_eq!(chat.next_of("message").await["message"]["seq"], 5);
    let (_, transcript) = a
        .call(
            Method::GET,
            &format!("{CONVERSATIONS}/{conversation}"),
            Some(&adviser),
            None,
        )
        .await;
    assert_eq!(transcript["messages"].as_array().unwrap().len(), 5);

    // The agent on B leaves: A's launcher is no longer ready.
    desk.close().await;
    wait_for_ready(&a, &adviser, false).await;
    chat.close().await;
}
