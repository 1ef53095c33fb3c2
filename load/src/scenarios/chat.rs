//! `portal-load --scenario chat`: web chat under `--clients` connected advisers (200 for the
//! issue's figure) and `--agents` customer-care agents at the chat desk. It starts its own
//! Temporal server and `portal api` (chat needs no worker) with the development users plus one
//! adviser per client and the agents (`load-adviser-N`, `load-cca-N`, written to a copy of the
//! product folder), connects everyone, then has each adviser send a message every `--think-ms`
//! (550 ms by default: just inside the flood limit of 20 in 10 s) for `--seconds`. It reports
//! the messages stored a second, the deliveries a second (each message reaches the sender and
//! every agent), the round trip from sending to the portal's acknowledgement (the message back,
//! stored and numbered) and the time until every agent's desk shows it. Beside them, as the
//! bare round of the same socket, each adviser then asks [`BARE_ROUNDS`] times for the messages
//! after its last (a `sync` that reads and finds none): the socket, the hub and one read,
//! without the write.
//!
//! With `--apis 2 --database-url postgres://…` it starts two `portal api` processes on that
//! database and spreads advisers and agents over them in turn, so most deliveries cross from one
//! process to the other through the database's channel (decision WC10).

use crate::cluster::{Binaries, Cluster};
use crate::measure::{per_second, report};
use anyhow::{Context, bail};
use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;

pub struct Options {
    pub advisers: usize,
    pub agents: usize,
    pub duration: Duration,
    pub pause: Duration,
    pub binaries: Binaries,
    pub keep: bool,
    /// How many `portal api` processes share the database.
    pub apis: usize,
    /// The database, when not a SQLite file in the scratch folder.
    pub database_url: Option<String>,
}

/// How many catch-ups each adviser times after the messages, one after another.
const BARE_ROUNDS: usize = 10;

/// When each message was sent, by its client id, for the desks to time their delivery.
type Sent = Arc<Mutex<HashMap<String, Instant>>>;

pub async fn run(options: Options) -> anyhow::Result<()> {
    let product = product_with_load_users(&options)?;
    let binaries = Binaries {
        product_dir: product.clone(),
        ..options.binaries.clone()
    };
    let on_postgres = options
        .database_url
        .as_deref()
        .is_some_and(|url| url.starts_with("postgres://") || url.starts_with("postgresql://"));
    if options.apis > 1 && !on_postgres {
        bail!(
            "--apis {} needs --database-url postgres://…: SQLite serves one process",
            options.apis
        );
    }
    let mut cluster = Cluster::start_on(binaries, 0, options.database_url.clone()).await?;
    let mut bases = vec![cluster.base_url.clone()];
    let mut outcome = Ok(());
    for _ in 1..options.apis {
        match cluster.add_api().await {
            Ok(base) => bases.push(base),
            Err(error) => {
                outcome = Err(error);
                break;
            }
        }
    }
    if outcome.is_ok() {
        outcome = measure(&bases, &options).await;
    }
    cluster.stop(options.keep || outcome.is_err()).await;
    let _ = std::fs::remove_dir_all(&product);
    outcome
}

/// A copy of the product folder (links to each file) whose development users include the load
/// advisers and agents.
fn product_with_load_users(options: &Options) -> anyhow::Result<std::path::PathBuf> {
    let folder = std::env::temp_dir().join(format!("portal-chat-product-{}", std::process::id()));
    std::fs::create_dir_all(&folder)?;
    let source = &options.binaries.product_dir;
    for entry in std::fs::read_dir(source)? {
        let entry = entry?;
        let link = folder.join(entry.file_name());
        if entry.file_name() != "dev-users.json" && !link.exists() {
            std::os::unix::fs::symlink(entry.path(), link)?;
        }
    }
    let mut users: Value =
        serde_json::from_str(&std::fs::read_to_string(source.join("dev-users.json"))?)
            .context("product/dev-users.json is not JSON")?;
    let list = users["users"]
        .as_array_mut()
        .context("dev-users.json has no users")?;
    for i in 0..options.advisers {
        list.push(json!({
            "subject": format!("load-adviser-{i}"), "email": format!("load-adviser-{i}@example.com"),
            "name": format!("Load Adviser {i}"), "password": "Passw0rd!", "roles": [],
            "adviser": { "firmId": "northfield", "firmLocationId": "northfield-leeds" }
        }));
    }
    for i in 0..options.agents {
        list.push(json!({
            "subject": format!("load-cca-{i}"), "email": format!("load-cca-{i}@example.com"),
            "name": format!("Load Agent {i}"), "password": "Passw0rd!", "roles": ["cca"]
        }));
    }
    std::fs::write(folder.join("dev-users.json"), users.to_string())?;
    Ok(folder)
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Signs `email` in, gets a chat ticket and opens the socket, past its welcome frame.
async fn connect(http: &reqwest::Client, base: &str, email: &str) -> anyhow::Result<Socket> {
    let token = crate::http::sign_in(http, base, email, "Passw0rd!").await?;
    let ticket = crate::http::expect_ok(
        http.post(format!("{base}/api/v1/backendforfrontend/webchat/tickets"))
            .bearer_auth(&token)
            .json(&json!({}))
            .send()
            .await?,
    )
    .await?;
    let ticket = ticket["ticket"].as_str().context("no ticket")?;
    let url = format!(
        "{}/api/v1/backendforfrontend/webchat/socket?ticket={ticket}",
        base.replace("http://", "ws://")
    );
    let (mut socket, _) = connect_async(url).await.context("the chat socket")?;
    match socket.next().await {
        Some(Ok(Message::Text(text))) if text.as_str().contains("\"welcome\"") => Ok(socket),
        other => bail!("no welcome frame for {email}: {other:?}"),
    }
}

/// Runs the measurement with everyone spread over the APIs at `bases` in turn.
async fn measure(bases: &[String], options: &Options) -> anyhow::Result<()> {
    let http = reqwest::Client::new();
    let base = |i: usize| bases[i % bases.len()].as_str();
    let sent: Sent = Arc::default();
    let delivered = Arc::new(AtomicUsize::new(0));
    let (stop, stopped) = tokio::sync::watch::channel(false);

    let mut desks = Vec::new();
    for i in 0..options.agents {
        let socket = connect(&http, base(i), &format!("load-cca-{i}@example.com")).await?;
        desks.push(tokio::spawn(desk(
            socket,
            sent.clone(),
            delivered.clone(),
            stopped.clone(),
        )));
    }
    let mut sockets = Vec::new();
    for i in 0..options.advisers {
        sockets.push(connect(&http, base(i), &format!("load-adviser-{i}@example.com")).await?);
    }
    println!(
        "Connected {} advisers and {} agents; each adviser sends a message every {} ms for {} s",
        options.advisers,
        options.agents,
        options.pause.as_millis(),
        options.duration.as_secs()
    );
    let started = Instant::now();
    let deadline = started + options.duration;
    let advisers: Vec<_> = sockets
        .into_iter()
        .enumerate()
        .map(|(i, socket)| {
            // Spread over the pause, so that the advisers do not all send at the same instant.
            let first = Instant::now() + options.pause.mul_f64(i as f64 / options.advisers as f64);
            tokio::spawn(adviser(
                i,
                socket,
                options.pause,
                first,
                deadline,
                sent.clone(),
            ))
        })
        .collect();
    let mut round_trips = Vec::new();
    let mut bare = Vec::new();
    let mut refused = 0;
    let mut bare_elapsed = Duration::ZERO;
    for task in advisers {
        let (times, too_fast, catch_ups, took) = task.await??;
        round_trips.extend(times);
        bare.extend(catch_ups);
        refused += too_fast;
        bare_elapsed = bare_elapsed.max(took);
    }
    let elapsed = options.duration;
    // Let the desks take the last deliveries, then stop them.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let _ = stop.send(true);
    let mut desk_times = Vec::new();
    for task in desks {
        desk_times.extend(task.await?);
    }
    println!(
        "\nWeb chat, {} advisers and {} agents connected to {} `portal api` process{}:",
        options.advisers,
        options.agents,
        bases.len(),
        if bases.len() == 1 { "" } else { "es" }
    );
    println!(
        "  messages stored: {} ({:.0}/s); refused as too fast: {refused}",
        round_trips.len(),
        per_second(round_trips.len(), elapsed)
    );
    let deliveries = delivered.load(Ordering::Relaxed) + round_trips.len();
    println!(
        "  deliveries (sender and every agent): {deliveries} ({:.0}/s)",
        per_second(deliveries, elapsed)
    );
    if round_trips.is_empty() {
        bail!("no message came back");
    }
    report(
        "send → acknowledged (round trip)",
        &mut round_trips,
        elapsed,
    );
    if !desk_times.is_empty() {
        report("send → shown at an agent's desk", &mut desk_times, elapsed);
    }
    report(
        "bare round: catch-up finding nothing",
        &mut bare,
        bare_elapsed,
    );
    Ok(())
}

/// One adviser: sends a message every `pause` until `deadline` and times each one's return.
async fn adviser(
    index: usize,
    mut socket: Socket,
    pause: Duration,
    first: Instant,
    deadline: Instant,
    sent: Sent,
) -> anyhow::Result<(Vec<Duration>, usize, Vec<Duration>, Duration)> {
    let mut times = Vec::new();
    let mut too_fast = 0;
    let mut waiting: HashMap<String, Instant> = HashMap::new();
    let mut next = first;
    let mut n = 0;
    loop {
        let now = Instant::now();
        if now >= deadline && waiting.is_empty() {
            break;
        }
        if now >= next && now < deadline {
            let client_id = format!("a{index}-{n}");
            n += 1;
            let at = Instant::now();
            waiting.insert(client_id.clone(), at);
            sent.lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(client_id.clone(), at);
            let frame = json!({ "type": "send", "clientId": client_id, "text": format!("Load message {n} from adviser {index}") });
            socket.send(Message::Text(frame.to_string().into())).await?;
            next += pause;
            continue;
        }
        let wait_until = if now < deadline {
            next.min(deadline)
        } else {
            deadline + Duration::from_secs(10)
        };
        let frame =
            tokio::time::timeout(wait_until.saturating_duration_since(now), socket.next()).await;
        let Ok(frame) = frame else {
            if Instant::now() > deadline + Duration::from_secs(10) {
                bail!(
                    "adviser {index}: {} messages never came back",
                    waiting.len()
                );
            }
            continue;
        };
        let Some(Ok(Message::Text(text))) = frame else {
            if frame.is_none() {
                bail!("adviser {index}: the socket closed");
            }
            continue;
        };
        let frame: Value = serde_json::from_str(text.as_str())?;
        match frame["type"].as_str() {
            Some("message") => {
                if let Some(at) = frame["message"]["clientId"]
                    .as_str()
                    .and_then(|id| waiting.remove(id))
                {
                    times.push(at.elapsed());
                }
            }
            Some("error") => {
                if let Some(id) = frame["clientId"].as_str() {
                    waiting.remove(id);
                }
                if frame["code"] == "tooFast" {
                    too_fast += 1;
                } else {
                    bail!("adviser {index}: refused {frame}");
                }
            }
            _ => {}
        }
    }
    let bare_started = Instant::now();
    let mut bare = Vec::with_capacity(BARE_ROUNDS);
    for _ in 0..BARE_ROUNDS {
        let at = Instant::now();
        let frame = json!({ "type": "sync", "after": i64::MAX / 2 });
        socket.send(Message::Text(frame.to_string().into())).await?;
        loop {
            match tokio::time::timeout(Duration::from_secs(10), socket.next()).await {
                Ok(Some(Ok(Message::Text(text)))) if text.as_str().contains("\"messages\"") => {
                    break;
                }
                Ok(Some(Ok(_))) => {}
                other => bail!("adviser {index}: no answer to a catch-up: {other:?}"),
            }
        }
        bare.push(at.elapsed());
    }
    let _ = socket.close(None).await;
    Ok((times, too_fast, bare, bare_started.elapsed()))
}

/// One agent's desk: counts the messages it is shown and how long after sending each arrived.
async fn desk(
    mut socket: Socket,
    sent: Sent,
    delivered: Arc<AtomicUsize>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> Vec<Duration> {
    let mut times = Vec::new();
    loop {
        tokio::select! {
            _ = stop.changed() => break,
            frame = socket.next() => {
                let Some(Ok(Message::Text(text))) = frame else {
                    if frame.is_none() { break; }
                    continue;
                };
                let Ok(frame) = serde_json::from_str::<Value>(text.as_str()) else { continue };
                if frame["type"] == "message" {
                    delivered.fetch_add(1, Ordering::Relaxed);
                    let at = frame["message"]["clientId"].as_str().and_then(|id| {
                        sent.lock().unwrap_or_else(|e| e.into_inner()).get(id).copied()
                    });
                    if let Some(at) = at {
                        times.push(at.elapsed());
                    }
                }
            }
        }
    }
    let _ = socket.close(None).await;
    times
}
