//! Test harness: a real Temporal dev server (one for the test binary, with a namespace for each
//! test app so workflow ids never collide), a fresh database per test (SQLite, or PostgreSQL
//! when `PORTAL_TEST_POSTGRES` names a server: `store::testing`), and the portal's real HTTP
//! server on a free loopback port, driven over HTTP the way the SPA drives it.

pub mod interview;
pub mod payloads;
pub mod roles;
pub mod seeded;
pub mod sign_in;
pub mod web_ui;

use api::config::{self, Config};
use api::{Services, build_app, prepare};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::net::TcpListener as StdListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use store::testing::TestDatabase;
use workflows::worker::RunningWorker;

/// Namespaces created with the shared server; each test app takes the next one. More than the
/// binary spawns apps, so no namespace is used twice (a test app's singleton workflows, such as
/// the retention sweep, must not meet another app's).
const NAMESPACES: usize = 480;
static NEXT_NAMESPACE: AtomicUsize = AtomicUsize::new(0);

/// Read at run time, not compile time: clones share one target folder, so a test binary built
/// in another clone must still read this clone's files.
pub fn workspace() -> PathBuf {
    Path::new(&std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("..")
}

fn free_port() -> u16 {
    StdListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The address of the Temporal Web UI beside the test binary's dev server.
pub fn web_ui() -> &'static str {
    &temporal_server().web_ui
}

/// The test binary's Temporal dev server and its Web UI.
struct TemporalServer {
    address: String,
    web_ui: String,
}

/// The address of the test binary's Temporal dev server.
pub fn temporal_address() -> &'static str {
    &temporal_server().address
}

/// The test binary's one Temporal dev server, with its Web UI, started on first use. A watchdog
/// shell stops the server when this process exits, however it exits.
fn temporal_server() -> &'static TemporalServer {
    static SERVER: OnceLock<TemporalServer> = OnceLock::new();
    SERVER.get_or_init(|| {
        let cli = std::env::var("TEMPORAL_CLI").map(PathBuf::from).unwrap_or_else(|_| workspace().join(".venv/bin/temporal"));
        assert!(cli.exists(), "Temporal CLI not found at {} (run `make deps`, or set TEMPORAL_CLI)", cli.display());
        let port = free_port();
        let mut args = vec![
            "server".to_owned(), "start-dev".into(), "--ip".into(), "127.0.0.1".into(),
            "--port".into(), port.to_string(), "--log-level".into(), "error".into(),
            // Lets a test skip a workflow's timers ahead in virtual time (`TestApp::skip_time`).
            "--dynamic-config-value".into(), "frontend.WorkflowTimeSkippingEnabled=true".into(),
        ];
        // As `make run` starts it (search attributes registered at start, its cache on).
        args.extend(workflows::dev_server::args());
        let ui_port = free_port();
        args.extend(["--ui-port".into(), ui_port.to_string(), "--ui-disable-news-fetch".into()]);
        for i in 0..NAMESPACES {
            args.push("--namespace".into());
            args.push(format!("test-{i}"));
        }
        let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
        let script = format!(
            "'{cli}' {args} >/dev/null 2>&1 & server=$!; while kill -0 {parent} 2>/dev/null; do sleep 1; done; kill $server",
            cli = cli.display(),
            args = quoted.join(" "),
            parent = std::process::id(),
        );
        // The watchdog outlives this call on purpose; it exits when the test process does.
        #[allow(clippy::zombie_processes)]
        Command::new("sh")
            .arg("-c")
            .arg(script)
            .stdin(Stdio::null())
            .spawn()
            .expect("failed to start the Temporal dev server");
        let deadline = Instant::now() + Duration::from_secs(60);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "Temporal dev server did not start on port {port}");
            std::thread::sleep(Duration::from_millis(100));
        }
        TemporalServer {
            address: format!("http://127.0.0.1:{port}"),
            web_ui: format!("http://127.0.0.1:{ui_port}"),
        }
    })
}

/// A running portal with its own database and Temporal namespace.
pub struct TestApp {
    pub base: String,
    pub http: reqwest::Client,
    pub config: Config,
    pub data_dir: tempfile::TempDir,
    services: Services,
    worker: Option<RunningWorker>,
    server: tokio::task::JoinHandle<()>,
    /// Last, so it is dropped after the worker and the services that use it.
    pub database: TestDatabase,
}

impl TestApp {
    pub async fn spawn() -> TestApp {
        Self::spawn_with(&[]).await
    }

    /// A portal with some settings changed from the test defaults.
    pub async fn spawn_with(settings: &[(&'static str, String)]) -> TestApp {
        let address = temporal_address();
        let n = NEXT_NAMESPACE.fetch_add(1, Ordering::SeqCst);
        assert!(
            n < NAMESPACES,
            "more than {NAMESPACES} test apps: raise NAMESPACES"
        );
        let namespace = format!("test-{n}");
        let data_dir = tempfile::tempdir().unwrap();
        let database = TestDatabase::create().await;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let vars: HashMap<&str, String> = HashMap::from([
            ("PORTAL_ENV", "development".into()),
            ("PORT", port.to_string()),
            ("DATABASE_URL", database.url().to_owned()),
            ("DATA_DIR", data_dir.path().display().to_string()),
            (
                "PRODUCT_DIR",
                workspace().join("product").display().to_string(),
            ),
            (
                "WEB_DIST",
                data_dir.path().join("no-web").display().to_string(),
            ),
            ("TEMPORAL_ADDRESS", address.to_owned()),
            ("TEMPORAL_NAMESPACE", namespace),
            ("TEMPORAL_TASK_QUEUE", format!("portal-tests-{n}")),
            ("EMAIL_DNS", "off".into()),
        ]);
        let mut vars = vars;
        vars.extend(settings.iter().cloned());
        let config = config::from_lookup(|k| vars.get(k).cloned()).unwrap();
        // `prepare` waits for Temporal itself (a server still starting is tried again).
        let services = prepare(config.clone())
            .await
            .unwrap_or_else(|error| panic!("the portal did not start: {error:#}"));
        let worker = start_worker(&services);
        let app = build_app(&services);
        let server = tokio::spawn(async move {
            let app = app.into_make_service_with_connect_info::<std::net::SocketAddr>();
            axum::serve(listener, app).await.unwrap();
        });
        TestApp {
            base: format!("http://127.0.0.1:{port}"),
            http: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .unwrap(),
            config,
            data_dir,
            services,
            worker: Some(worker),
            server,
            database,
        }
    }

    /// Stops the Temporal worker, as if its process had died, letting in-flight work finish.
    pub fn stop_worker(&mut self) {
        if let Some(worker) = self.worker.take() {
            tokio::task::block_in_place(|| worker.stop()).unwrap();
        }
    }

    /// Starts a brand-new worker (empty workflow cache), as a restarted process would.
    pub fn start_worker(&mut self) {
        assert!(self.worker.is_none(), "a worker is already running");
        self.worker = Some(tokio::task::block_in_place(|| start_worker(&self.services)));
    }

    /// Restarts the portal with new payload keys, as a rotation does: a new worker, and the API
    /// served anew (on another port, now `base`) with a Temporal client holding those keys. The
    /// database, namespace and sign-in stay; the old API keeps answering at its address.
    pub async fn restart_with_keys(&mut self, keys: keyring::KeySource) {
        self.stop_worker();
        let mut config = self.config.clone();
        config.temporal.payload_keys = keys;
        let client = workflows::worker::connect(&config.temporal).await.unwrap();
        let mut state = self.services.state.clone();
        state.workflow_client =
            api::workflow_client::WorkflowClient::new(client, config.temporal.task_queue.clone());
        // The database seals with the same keys: the new store reads what the old keys sealed.
        let ring = workflows::worker::payload_keys(&config.temporal).unwrap();
        state.codec = workflows::codec::EncryptingCodec::new(ring.clone());
        state.store = store::Store::connect(self.database.url(), ring)
            .await
            .unwrap();
        state.config = std::sync::Arc::new(config.clone());
        self.services = Services {
            state,
            dev_idp: self.services.dev_idp.clone(),
            dev_directory: self.services.dev_directory.clone(),
        };
        self.config = config;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        self.base = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
        let app = build_app(&self.services);
        // The old server's task is left running: dropping its handle does not stop it.
        let _old = std::mem::replace(
            &mut self.server,
            tokio::spawn(async move {
                axum::serve(listener, app).await.unwrap();
            }),
        );
        self.start_worker();
    }

    /// An access token for a development user, from the password grant.
    pub async fn token(&self, email: &str) -> String {
        let response = self
            .http
            .post(format!("{}/dev-idp/token", self.base))
            .form(&[
                ("grant_type", "password"),
                ("client_id", "portal-web"),
                ("username", email),
                ("password", "Passw0rd!"),
            ])
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            StatusCode::OK,
            "sign-in failed for {email}"
        );
        response.json::<Value>().await.unwrap()["access_token"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    /// Sends a request the way the SPA does and returns the status and JSON body.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let status = response.status();
        let text = response.text().await.unwrap();
        let json = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, json)
    }

    pub async fn create_application(&self, token: &str) -> Value {
        let (status, body) = self
            .call(
                Method::POST,
                "/api/v1/backendforfrontend/application/create",
                Some(token),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        body
    }

    pub async fn add_applicant(
        &self,
        token: &str,
        application: &Value,
        applicant: Value,
    ) -> (StatusCode, Value) {
        let path = format!(
            "/api/v1/backendforfrontend/application/{}/AddApplicant",
            application["id"]
        );
        let body = json!({ "applicationId": application["id"], "applicant": applicant });
        self.call(Method::POST, &path, Some(token), Some(body))
            .await
    }

    pub async fn get_application(&self, token: &str, id: &Value) -> (StatusCode, Value) {
        self.call(
            Method::GET,
            &format!("/api/v1/application/{id}"),
            Some(token),
            None,
        )
        .await
    }

    /// The application workflow's history as JSON, as the Temporal CLI would export it, its
    /// payloads decrypted.
    pub async fn workflow_history_json(&self, id: &Value) -> Vec<u8> {
        let id = domain::ApplicationId::new(id.as_i64().unwrap()).unwrap();
        self.history_json::<workflows::ApplicationWorkflow>(workflows::application_workflow_id(id))
            .await
    }

    /// Decrypted (`workflows::codec`), so what is kept replays without this test's keys.
    pub async fn history_json<W: temporalio_common::HasWorkflowDefinition>(
        &self,
        workflow_id: String,
    ) -> Vec<u8> {
        let events = self
            .services
            .state
            .workflow_client
            .client()
            .get_workflow_handle::<W>(workflow_id)
            .fetch_history(Default::default())
            .into_events()
            .await
            .unwrap();
        let mut history = temporalio_common::protos::temporal::api::history::v1::History { events };
        let keys = self.config.temporal.payload_keys.ring().unwrap();
        workflows::codec::decrypt_history(&mut history, keys)
            .await
            .unwrap();
        serde_json::to_vec(&history).unwrap()
    }

    /// Replays the application's history with the current code and, when
    /// `PORTAL_RECORD_HISTORY_DIR` is set, keeps it there as `{name}.json` for the workflows
    /// crate's replay test (`make record-histories`).
    pub async fn keep_history(&self, id: &Value, name: &str) {
        let json = self.workflow_history_json(id).await;
        keep(&json, name).await;
    }

    /// The same for a client's underwriting enquiry (the child workflow `enquiry-{applicantId}`).
    pub async fn keep_enquiry_history(&self, applicant_id: &Value, name: &str) {
        let applicant_id = applicant_id.as_str().unwrap().to_string();
        let json = self
            .history_json::<workflows::EnquiryWorkflow>(domain::application::enquiry_id(
                &domain::ApplicantId::parse(&applicant_id).unwrap(),
            ))
            .await;
        keep(&json, name).await;
    }

    /// The same for a Qi indication (its workflow `qi-{id}`).
    pub async fn keep_qi_history(&self, qi_id: &str, name: &str) {
        let json = self
            .history_json::<workflows::QiWorkflow>(workflows::qi_workflow_id(
                &domain::QiId::parse(qi_id).unwrap(),
            ))
            .await;
        keep(&json, name).await;
    }

    /// Turns on Temporal's time skipping for the application's workflow: whenever it waits only
    /// on timers, the server moves its virtual clock to the next one at once, so a start date
    /// months ahead or a 30-day window passes in moments.
    pub async fn skip_time(&self, id: &Value) {
        self.skip_time_for(id, 0).await;
    }

    /// Moves the application's workflow to its next timer only: the server skips once, then
    /// time runs as usual (`max_session_skip_count` 1), so a chase fires without every later
    /// deadline (a quote's validity, a consent's year) passing too.
    pub async fn skip_to_next_timer(&self, id: &Value) {
        self.skip_time_for(id, 1).await;
    }

    /// Time skipping on a Qi indication's workflow (`qi-{id}`), so its 30 days pass at once.
    pub async fn skip_qi_time(&self, qi_id: &str) {
        let id = domain::QiId::parse(qi_id).unwrap();
        self.skip_workflow_time(workflows::qi_workflow_id(&id), 0)
            .await;
    }

    /// Time skipping on the application's workflow, for at most `skips` skips (0: no limit).
    async fn skip_time_for(&self, id: &Value, skips: i32) {
        let id = domain::ApplicationId::new(id.as_i64().unwrap()).unwrap();
        self.skip_workflow_time(workflows::application_workflow_id(id), skips)
            .await;
    }

    /// Time skipping on workflow `workflow_id`, for at most `skips` skips (0: no limit).
    async fn skip_workflow_time(&self, workflow_id: String, skips: i32) {
        use temporalio_common::protos::temporal::api::common::v1::{
            TimeSkippingConfig, WorkflowExecution,
        };
        use temporalio_common::protos::temporal::api::workflow::v1::WorkflowExecutionOptions;
        use temporalio_common::protos::temporal::api::workflowservice::v1::UpdateWorkflowExecutionOptionsRequest;
        let client = self.temporal_client();
        let mut service = client.connection().workflow_service();
        service
            .update_workflow_execution_options(temporalio_client::tonic::Request::new(
                UpdateWorkflowExecutionOptionsRequest {
                    namespace: self.config.temporal.namespace.clone(),
                    workflow_execution: Some(WorkflowExecution {
                        workflow_id,
                        run_id: String::new(),
                    }),
                    workflow_execution_options: Some(WorkflowExecutionOptions {
                        time_skipping_config: Some(TimeSkippingConfig {
                            enabled: true,
                            max_session_skip_count: skips,
                            ..Default::default()
                        }),
                        ..Default::default()
                    }),
                    update_mask: Some(prost_wkt_types::FieldMask {
                        paths: vec!["time_skipping_config".into()],
                    }),
                    identity: "portal-tests".into(),
                },
            ))
            .await
            .expect("the dev server skips time (frontend.WorkflowTimeSkippingEnabled)");
    }

    /// The portal's Temporal client, to drive or inspect workflows directly.
    pub fn temporal_client(&self) -> &temporalio_client::Client {
        self.services.state.workflow_client.client()
    }

    /// The portal's store, to arrange what no endpoint sets up (a client account's link, say).
    pub fn store(&self) -> &store::Store {
        &self.services.state.store
    }

    /// The application as the workflow last projected it to the store.
    pub async fn stored_application(&self, id: &Value) -> domain::Application {
        let id = domain::ApplicationId::new(id.as_i64().unwrap()).unwrap();
        self.services
            .state
            .store
            .find_application(id)
            .await
            .unwrap()
            .expect("the application is in the store")
    }

    /// Ends the application's workflow run and starts a new run carrying `application`, the
    /// way continue-as-new does: lets a test put a case where only the passing of days would.
    pub async fn restart_workflow_from(&self, application: domain::Application) {
        use temporalio_client::{WorkflowStartOptions, WorkflowTerminateOptions};
        let client = self.services.state.workflow_client.client();
        let workflow_id = workflows::application_workflow_id(application.id);
        let attributes = workflows::search_attributes::Findable::at_start(&application);
        client
            .get_workflow_handle::<workflows::ApplicationWorkflow>(workflow_id.clone())
            .terminate(WorkflowTerminateOptions::default())
            .await
            .unwrap();
        client
            .start_workflow(
                workflows::ApplicationWorkflow::run,
                workflows::sealed_input::SealedStart::from(
                    workflows::ApplicationWorkflowInput::Continued {
                        application: Box::new(application),
                    },
                ),
                // A new run keeps the case's search attributes, as continue-as-new does.
                WorkflowStartOptions::new(self.config.temporal.task_queue.clone(), workflow_id)
                    .search_attributes(attributes)
                    .build(),
            )
            .await
            .unwrap();
    }

    pub async fn search(&self, token: &str, query: &str) -> (StatusCode, Value) {
        let path = format!("/api/v1/backendforfrontend/application/search{query}");
        self.call(Method::GET, &path, Some(token), None).await
    }
}

/// The journey's steps as the SPA takes them.
impl TestApp {
    /// `MutateCovers/{action}` (add, edit, remove) with `body`.
    pub async fn mutate_cover(
        &self,
        token: &str,
        method: Method,
        action: &str,
        body: Value,
    ) -> (StatusCode, Value) {
        let path = format!("/api/v1/actions/MutateCovers/{action}");
        self.call(method, &path, Some(token), Some(body)).await
    }

    /// Prices the application (`quotePrice`).
    pub async fn price(&self, token: &str, id: &Value) -> (StatusCode, Value) {
        let path = format!("/api/v1/backendforfrontend/application/{id}/quotePrice");
        self.call(Method::GET, &path, Some(token), None).await
    }

    /// A new application with Alan Turing (and Ada Lovelace when `two`), each with a level
    /// life cover of £150,000 for 20 years, priced. Returns its id and the clients' ids.
    pub async fn quoted_application(&self, token: &str, two: bool) -> (Value, Vec<Value>) {
        let created = self.create_application(token).await;
        let id = created["id"].clone();
        let (_, mut latest) = self
            .add_applicant(token, &created, client("Alan", "Turing", "1985-06-23"))
            .await;
        if two {
            let ada = json!({ "title": "Mrs", "firstName": "Ada", "lastName": "Lovelace", "gender": "female", "dateOfBirth": "1988-12-10", "smoking": "noneInFiveYears" });
            latest = self.add_applicant(token, &created, ada).await.1;
        }
        let applicants: Vec<Value> = latest["applicants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["id"].clone())
            .collect();
        for applicant in &applicants {
            let body = json!({ "applicationId": id, "applicantId": applicant, "cover": life_cover(150_000, 20) });
            let (status, body) = self.mutate_cover(token, Method::POST, "add", body).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, body) = self.price(token, &id).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        (id, applicants)
    }

    /// [`TestApp::quoted_application`] with contact details, the page's questions and each
    /// client's declaration, applied for (the Apply stage).
    pub async fn applied_application(&self, token: &str, two: bool) -> (Value, Vec<Value>) {
        let (id, applicants) = self.quoted_application(token, two).await;
        self.apply(token, &id, &applicants).await;
        (id, applicants)
    }

    /// Gives a priced application's clients contact details and declarations, answers the
    /// page's questions and applies (the Apply stage).
    pub async fn apply(&self, token: &str, id: &Value, applicants: &[Value]) {
        let bff = |path: &str| format!("/api/v1/backendforfrontend/{path}");
        for (i, applicant) in applicants.iter().enumerate() {
            let contact = json!({
                "applicantId": applicant, "address1": "1 Station Road", "cityName": "Leeds",
                "postcode": "LS1 4AP", "phoneNumber": "0113 496 0000",
                "emailAddress": format!("client{i}@example.com")
            });
            let (status, body) = self
                .call(
                    Method::PATCH,
                    &bff("applicant/contact"),
                    Some(token),
                    Some(contact),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            let path = format!(
                "/api/v1/application/{id}/applicant/{}/acceptPreUnderwritingDeclaration",
                applicant.as_str().unwrap()
            );
            let (status, body) = self.call(Method::POST, &path, Some(token), None).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        for (path, body) in [
            (
                "application/isMortgageRelated",
                json!({ "id": id, "isMortgageRelated": false }),
            ),
            (
                "application/isAdvisedSale",
                json!({ "id": id, "isAdvisedSale": true }),
            ),
            (
                "application/ApplyApplication",
                json!({ "applicationId": id }),
            ),
        ] {
            let (status, body) = self
                .call(Method::POST, &bff(path), Some(token), Some(body))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.server.abort();
    }
}

/// The fields a problem's errors name, in order.
pub fn fields(body: &Value) -> Vec<String> {
    body["errors"]
        .as_array()
        .map(|list| {
            list.iter()
                .map(|e| e["field"].as_str().unwrap().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// Each field a problem names, with its message, in order.
pub fn errors(body: &Value) -> Vec<(String, String)> {
    body["errors"]
        .as_array()
        .map(|list| {
            list.iter()
                .map(|e| {
                    (
                        e["field"].as_str().unwrap().to_owned(),
                        e["message"].as_str().unwrap().to_owned(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The message a problem gives for `field`.
pub fn message_of<'a>(body: &'a Value, field: &str) -> &'a str {
    body["errors"]
        .as_array()
        .and_then(|list| list.iter().find(|e| e["field"] == field))
        .and_then(|e| e["message"].as_str())
        .unwrap_or_else(|| panic!("no error on {field}: {body}"))
}

/// A level life cover as the quote builder sends it.
pub fn life_cover(amount: u64, term: u32) -> Value {
    json!({ "productType": "life", "coverType": "level", "coverAmount": amount, "term": term })
}

/// A client with every detail (title, names, gender, date of birth, smoking).
pub fn client(first: &str, last: &str, born: &str) -> Value {
    json!({ "title": "Mr", "firstName": first, "lastName": last, "gender": "male", "dateOfBirth": born, "smoking": "noneInFiveYears" })
}

/// A date of birth giving `age` completed years today (UK date).
pub fn born_years_ago(age: i32, days_later: i64) -> String {
    use chrono::Datelike;
    let today = domain::dates::uk_date(chrono::Utc::now());
    let birthday = chrono::NaiveDate::from_ymd_opt(today.year() - age, today.month(), today.day())
        .unwrap_or_else(|| chrono::NaiveDate::from_ymd_opt(today.year() - age, 3, 1).unwrap());
    (birthday + chrono::Duration::days(days_later)).to_string()
}

fn start_worker(services: &Services) -> RunningWorker {
    api::worker::start(services).unwrap()
}

/// Polls `check` until it returns `Some`, failing after `timeout`.
pub async fn eventually<T, F, Fut>(timeout: Duration, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(value) = check().await {
            return value;
        }
        assert!(
            Instant::now() < deadline,
            "condition not met within {timeout:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The text of a PDF, as `pdftotext` (poppler-utils) reads it.
pub fn pdf_text(pdf: &[u8]) -> String {
    let path =
        std::env::temp_dir().join(format!("api-test-{}-{}.pdf", std::process::id(), pdf.len()));
    std::fs::write(&path, pdf).unwrap();
    let output = std::process::Command::new("pdftotext")
        .args(["-enc", "UTF-8"])
        .arg(&path)
        .arg("-")
        .output()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    String::from_utf8(output.stdout).unwrap()
}

async fn keep(json: &[u8], name: &str) {
    if let Ok(folder) = std::env::var("PORTAL_RECORD_HISTORY_DIR") {
        std::fs::write(format!("{folder}/{name}.json"), json).unwrap();
    }
    let history = temporalio_client::WorkflowHistory::from_json(json).unwrap();
    workflows::worker::replay(history)
        .await
        .unwrap_or_else(|e| panic!("{name}: {e:#}"));
}
