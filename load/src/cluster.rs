//! The processes a self-contained run starts, watches and kills: a file-backed Temporal dev
//! server, one `portal api` (which keeps answering throughout) and any number of
//! `portal worker`s, all on loopback ports of their own and with their data in one scratch
//! folder (the fault-injection run, the soak test, the search benchmark).

use anyhow::{Context, bail};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};
use tokio::process::{Child, Command};

/// Where the binaries and the product's data are.
#[derive(Debug, Clone)]
pub struct Binaries {
    pub portal: PathBuf,
    pub temporal: PathBuf,
    pub product_dir: PathBuf,
}

pub struct Cluster {
    pub folder: PathBuf,
    /// The portal's database (SQLite in the scratch folder unless another is given).
    pub database_url: String,
    pub base_url: String,
    pub temporal_address: String,
    binaries: Binaries,
    temporal_port: u16,
    api_port: u16,
    temporal: Child,
    api: Child,
    /// More `portal api` processes on the same database ([`Cluster::add_api`]).
    more_apis: Vec<Child>,
    pub workers: Vec<Option<Child>>,
}

const TASK_QUEUE: &str = "portal-chaos";

impl Cluster {
    pub async fn start(binaries: Binaries, workers: usize) -> anyhow::Result<Cluster> {
        Self::start_on(binaries, workers, None).await
    }

    /// As [`Cluster::start`], on `database_url` when given (a PostgreSQL server, say) rather
    /// than a SQLite file in the scratch folder.
    pub async fn start_on(
        binaries: Binaries,
        workers: usize,
        database_url: Option<String>,
    ) -> anyhow::Result<Cluster> {
        let folder = std::env::temp_dir().join(format!("portal-chaos-{}", std::process::id()));
        std::fs::create_dir_all(&folder)
            .with_context(|| format!("Failed to create {}", folder.display()))?;
        let temporal_port = free_port()?;
        let temporal = start_temporal(&binaries.temporal, &folder, temporal_port)?;
        wait_for_port(temporal_port, Duration::from_secs(60)).await?;
        // Only now: the dev server takes free ports of its own for its internal services as it
        // starts, and one of them once was the port picked for the API beforehand.
        let api_port = free_port()?;
        let mut cluster = Cluster {
            database_url: database_url
                .unwrap_or_else(|| format!("sqlite://{}/portal.db", folder.display())),
            base_url: format!("http://127.0.0.1:{api_port}"),
            temporal_address: format!("http://127.0.0.1:{temporal_port}"),
            folder,
            binaries,
            temporal_port,
            api_port,
            temporal,
            api: Command::new("true").spawn()?,
            more_apis: Vec::new(),
            workers: Vec::new(),
        };
        // The API migrates and seeds the database before the workers start, so they never race.
        cluster.api = cluster.portal("api", "api.log")?;
        cluster.wait_for_api().await?;
        for i in 0..workers {
            let worker = cluster.portal("worker", &format!("worker-{i}.log"))?;
            cluster.workers.push(Some(worker));
        }
        Ok(cluster)
    }

    /// Starts one more `portal api` on the same database, data folder and Temporal, on a port
    /// of its own; answers its address once it answers.
    pub async fn add_api(&mut self) -> anyhow::Result<String> {
        let port = free_port()?;
        let base = format!("http://127.0.0.1:{port}");
        let n = self.more_apis.len() + 2;
        let child = self.portal_on(port, &base, "api", &format!("api-{n}.log"))?;
        self.more_apis.push(child);
        let deadline = Instant::now() + Duration::from_secs(60);
        while !reqwest::get(format!("{base}/healthz"))
            .await
            .is_ok_and(|r| r.status().is_success())
        {
            if Instant::now() > deadline {
                bail!("`portal api` number {n} did not answer {base} within a minute");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        Ok(base)
    }

    fn portal(&self, role: &str, log: &str) -> anyhow::Result<Child> {
        self.portal_on(self.api_port, &self.base_url, role, log)
    }

    fn portal_on(&self, port: u16, base_url: &str, role: &str, log: &str) -> anyhow::Result<Child> {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.folder.join(log))?;
        Command::new(&self.binaries.portal)
            .arg(role)
            .env("PORTAL_ENV", "development")
            .env("DEV_IDP", "on")
            .env("PORT", port.to_string())
            .env("BIND_ADDRESS", "127.0.0.1")
            .env("PUBLIC_URL", base_url)
            .env("DATABASE_URL", &self.database_url)
            .env("DATA_DIR", self.folder.as_os_str())
            .env("PRODUCT_DIR", self.binaries.product_dir.as_os_str())
            .env("WEB_DIST", self.folder.join("no-web"))
            .env("TEMPORAL_ADDRESS", &self.temporal_address)
            .env("TEMPORAL_TASK_QUEUE", TASK_QUEUE)
            .env("EMAIL_DNS", "off")
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(log.try_clone()?)
            .stderr(log)
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("Failed to start {}", self.binaries.portal.display()))
    }

    async fn wait_for_api(&mut self) -> anyhow::Result<()> {
        let deadline = Instant::now() + Duration::from_secs(60);
        let url = format!("{}/healthz", self.base_url);
        loop {
            if let Ok(response) = reqwest::get(&url).await
                && response.status().is_success()
            {
                return Ok(());
            }
            if let Some(status) = self.api.try_wait()? {
                bail!(
                    "`portal api` exited ({status}); see {}",
                    self.folder.join("api.log").display()
                );
            }
            if Instant::now() > deadline {
                bail!("`portal api` did not answer {url} within a minute");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Kills worker `i` with SIGKILL: no shutdown, in-flight tasks abandoned mid-way.
    pub async fn kill_worker(&mut self, i: usize) -> anyhow::Result<()> {
        if let Some(mut worker) = self.workers[i].take() {
            worker.start_kill()?;
            worker.wait().await?;
        }
        Ok(())
    }

    pub fn restart_worker(&mut self, i: usize) -> anyhow::Result<()> {
        if self.workers[i].is_none() {
            self.workers[i] = Some(self.portal("worker", &format!("worker-{i}.log"))?);
        }
        Ok(())
    }

    /// Kills the Temporal server with SIGKILL and starts it again on the same port and file:
    /// what is committed to its database survives, what was only in its memory does not.
    pub async fn restart_temporal(&mut self, down_for: Duration) -> anyhow::Result<()> {
        self.temporal.start_kill()?;
        self.temporal.wait().await?;
        tokio::time::sleep(down_for).await;
        self.temporal = start_temporal(&self.binaries.temporal, &self.folder, self.temporal_port)?;
        wait_for_port(self.temporal_port, Duration::from_secs(60)).await
    }

    /// Every process that should be running is: a worker that exited on its own is reported.
    pub fn check_alive(&mut self) -> anyhow::Result<()> {
        if let Some(status) = self.api.try_wait()? {
            bail!(
                "`portal api` exited on its own ({status}); see {}/api.log",
                self.folder.display()
            );
        }
        for (i, worker) in self.workers.iter_mut().enumerate() {
            if let Some(worker) = worker
                && let Some(status) = worker.try_wait()?
            {
                bail!(
                    "worker {i} exited on its own ({status}); see {}/worker-{i}.log",
                    self.folder.display()
                );
            }
        }
        Ok(())
    }

    /// Stops everything and, unless asked to keep it, removes the scratch folder.
    pub async fn stop(mut self, keep: bool) {
        for worker in self.workers.iter_mut().flatten() {
            let _ = worker.start_kill();
            let _ = worker.wait().await;
        }
        for api in self.more_apis.iter_mut().chain([&mut self.api]) {
            let _ = api.start_kill();
            let _ = api.wait().await;
        }
        let _ = self.temporal.start_kill();
        let _ = self.temporal.wait().await;
        if keep {
            println!("Logs and databases kept in {}", self.folder.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.folder);
        }
    }
}

fn start_temporal(cli: &Path, folder: &Path, port: u16) -> anyhow::Result<Child> {
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(folder.join("temporal.log"))?;
    Command::new(cli)
        .args([
            "server",
            "start-dev",
            "--headless",
            "--ip",
            "127.0.0.1",
            "--log-level",
            "warn",
        ])
        .arg("--port")
        .arg(port.to_string())
        .arg("--db-filename")
        .arg(folder.join("temporal.db"))
        .args([
            "--sqlite-pragma",
            "journal_mode=wal",
            "--sqlite-pragma",
            "synchronous=normal",
        ])
        .args(workflows::dev_server::args())
        .stdin(Stdio::null())
        .stdout(log.try_clone()?)
        .stderr(log)
        .kill_on_drop(true)
        .spawn()
        .with_context(|| {
            format!(
                "Failed to start the Temporal dev server ({})",
                cli.display()
            )
        })
}

fn free_port() -> anyhow::Result<u16> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

async fn wait_for_port(port: u16, within: Duration) -> anyhow::Result<()> {
    let deadline = Instant::now() + within;
    while tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .is_err()
    {
        if Instant::now() > deadline {
            bail!("nothing answered on port {port} within {within:?}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Ok(())
}
