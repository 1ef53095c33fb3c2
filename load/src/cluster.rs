//! The processes a self-contained run starts, watches and kills: a file-backed Temporal dev
//! server, one or more `portal api`s and any number of `portal worker`s, all on loopback ports
//! of their own and with their data in one scratch folder (the fault-injection run, the soak
//! test, the search benchmark, web chat across processes).

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
    /// The first API process's address.
    pub base_url: String,
    pub temporal_address: String,
    binaries: Binaries,
    temporal_port: u16,
    temporal: Child,
    /// The `portal api` processes on the same database, the first at [`Cluster::base_url`]; one
    /// killed is `None` until it is started again on its port.
    apis: Vec<Api>,
    pub workers: Vec<Option<Child>>,
}

struct Api {
    port: u16,
    base: String,
    log: String,
    process: Option<Child>,
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
        let mut cluster = Cluster {
            database_url: database_url
                .unwrap_or_else(|| format!("sqlite://{}/portal.db", folder.display())),
            base_url: String::new(),
            temporal_address: format!("http://127.0.0.1:{temporal_port}"),
            folder,
            binaries,
            temporal_port,
            temporal,
            apis: Vec::new(),
            workers: Vec::new(),
        };
        // The API migrates and seeds the database before the workers start, so they never race.
        // Its port is picked only now: the dev server takes free ports of its own for its
        // internal services as it starts, and one of them once was the port picked beforehand.
        cluster.base_url = cluster.add_api().await?;
        for i in 0..workers {
            let worker = cluster.portal("worker", None, &format!("worker-{i}.log"))?;
            cluster.workers.push(Some(worker));
        }
        Ok(cluster)
    }

    /// Starts one more `portal api` on the same database, data folder and Temporal, on a port
    /// of its own; answers its address once it answers.
    pub async fn add_api(&mut self) -> anyhow::Result<String> {
        let port = free_port()?;
        let n = self.apis.len() + 1;
        let log = if n == 1 {
            "api.log".to_owned()
        } else {
            format!("api-{n}.log")
        };
        let base = format!("http://127.0.0.1:{port}");
        self.apis.push(Api {
            port,
            base: base.clone(),
            log,
            process: None,
        });
        self.start_api(n - 1).await?;
        Ok(base)
    }

    /// Every API process's address, the first first.
    pub fn api_bases(&self) -> Vec<String> {
        self.apis.iter().map(|api| api.base.clone()).collect()
    }

    pub fn api_count(&self) -> usize {
        self.apis.len()
    }

    async fn start_api(&mut self, i: usize) -> anyhow::Result<()> {
        let (port, base, log) = {
            let api = &self.apis[i];
            (api.port, api.base.clone(), api.log.clone())
        };
        let child = self.portal("api", Some((port, &base)), &log)?;
        self.apis[i].process = Some(child);
        let deadline = Instant::now() + Duration::from_secs(60);
        let url = format!("{base}/healthz");
        loop {
            if let Ok(response) = reqwest::get(&url).await
                && response.status().is_success()
            {
                return Ok(());
            }
            if let Some(process) = self.apis[i].process.as_mut()
                && let Some(status) = process.try_wait()?
            {
                bail!(
                    "`portal api` exited ({status}); see {}",
                    self.folder.join(&log).display()
                );
            }
            if Instant::now() > deadline {
                bail!("`portal api` did not answer {url} within a minute");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Kills API process `i` with SIGKILL, as a crashed container: requests it was answering
    /// get no answer.
    pub async fn kill_api(&mut self, i: usize) -> anyhow::Result<()> {
        if let Some(mut api) = self.apis[i].process.take() {
            api.start_kill()?;
            api.wait().await?;
        }
        Ok(())
    }

    /// Starts API process `i` again on its port, once it answers.
    pub async fn restart_api(&mut self, i: usize) -> anyhow::Result<()> {
        if self.apis[i].process.is_none() {
            self.start_api(i).await?;
        }
        Ok(())
    }

    /// A `portal` process in `role`; an API on `(port, its address)`.
    fn portal(&self, role: &str, api: Option<(u16, &str)>, log: &str) -> anyhow::Result<Child> {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.folder.join(log))?;
        // Every process names the first API's address as the portal's (what a load balancer in
        // front of them would be), so the development identity provider's tokens name one issuer
        // that every API process trusts; its signing key is shared through the data folder.
        let (port, base_url) = match api {
            Some((port, base)) if self.base_url.is_empty() => (port, base.to_owned()),
            Some((port, _)) => (port, self.base_url.clone()),
            // A worker serves nothing.
            None => (
                self.apis.first().map_or(0, |a| a.port),
                self.base_url.clone(),
            ),
        };
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

    /// Kills worker `i` with SIGKILL: no shutdown, in-flight tasks abandoned mid-way.
    pub async fn kill_worker(&mut self, i: usize) -> anyhow::Result<()> {
        if let Some(mut worker) = self.workers[i].take() {
            worker.start_kill()?;
            worker.wait().await?;
        }
        Ok(())
    }

    /// Stops worker `i` with SIGTERM, as an orchestrator replacing it does, and waits for it
    /// to exit (it finishes its tasks in flight and hands its cached cases back to Temporal).
    pub async fn stop_worker(&mut self, i: usize) -> anyhow::Result<()> {
        if let Some(mut worker) = self.workers[i].take() {
            if let Some(pid) = worker.id() {
                std::process::Command::new("kill")
                    .args(["-TERM", &pid.to_string()])
                    .status()
                    .context("Failed to send SIGTERM")?;
            }
            if tokio::time::timeout(Duration::from_secs(60), worker.wait())
                .await
                .is_err()
            {
                worker.start_kill()?;
                bail!("worker {i} did not stop within a minute of SIGTERM");
            }
        }
        Ok(())
    }

    pub fn restart_worker(&mut self, i: usize) -> anyhow::Result<()> {
        if self.workers[i].is_none() {
            self.workers[i] = Some(self.portal("worker", None, &format!("worker-{i}.log"))?);
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

    /// Every process that should be running is: one that exited on its own is reported.
    pub fn check_alive(&mut self) -> anyhow::Result<()> {
        for api in &mut self.apis {
            if let Some(process) = api.process.as_mut()
                && let Some(status) = process.try_wait()?
            {
                bail!(
                    "`portal api` exited on its own ({status}); see {}/{}",
                    self.folder.display(),
                    api.log
                );
            }
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
        for api in self.apis.iter_mut().filter_map(|a| a.process.as_mut()) {
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
