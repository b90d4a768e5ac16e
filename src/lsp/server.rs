//! The main loop: the lifecycle (`initialize` … `shutdown`, `exit`), the open documents,
//! the projects they belong to, and the checks in flight. One thread owns all of it; the
//! worker only checks. Requests (`handlers`) and notifications (`notify`) are handled in
//! arrival order; a request about a document whose current version is still being checked
//! waits for that check (`deferred`) instead of answering from an older one.

use super::actions::EditCaps;
use super::configs::{self, Loaded};
use super::document::TextDocument;
use super::position::Encoding;
use super::settings::{EditorSettings, Files};
use super::target::{self, Target};
use super::transport::{error_reply, Out};
use super::worker::{self, Done, Job, Plan};
use crate::analysis::incremental::EditCache;
use crate::error::Code;
use crossbeam_channel::{Receiver, Sender};
use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The largest document checked as the author types, in bytes and in lines: a whole novel
/// in one file (吾輩は猫である, 1.6 MB as UTF-8, 2,400 lines) is well inside; past it a
/// check is slow and its memory grows with the lines (16 MiB of short lines is millions of
/// them), so the author is told to run `noveler check` instead.
pub(crate) const MAX_BYTES: usize = 4 << 20;
pub(crate) const MAX_LINES: usize = 50_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Uninitialized,
    Running,
    ShuttingDown,
}

/// What the client said it can do (read leniently from `initialize`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ClientCaps {
    pub edits: EditCaps,
    /// `codeAction/resolve` may fill in `edit`.
    pub resolve_edit: bool,
    /// Watched files may be registered dynamically.
    pub watch: bool,
    /// `workspace/configuration` can be asked.
    pub configuration: bool,
}

/// An open document.
pub(crate) struct OpenDoc {
    pub path: Option<PathBuf>,
    pub language: String,
    pub doc: TextDocument,
    pub target: Target,
    /// The words and paragraph findings kept from one check to the next (no words when
    /// the dictionary cannot be loaded: the check then says why).
    pub cache: Arc<EditCache>,
    /// The last finished check (of `analysed.version`).
    pub analysed: Option<Arc<worker::Analysed>>,
    /// The check in flight, if any.
    pub cancel: Option<Arc<AtomicBool>>,
}

pub(crate) struct Server {
    out: Sender<Out>,
    phase: Phase,
    pub encoding: Encoding,
    pub settings: EditorSettings,
    pub caps: ClientCaps,
    /// The root the CLI resolved: documents in no project are checked with its settings.
    pub base: PathBuf,
    pub workspace: Vec<PathBuf>,
    pub docs: HashMap<String, OpenDoc>,
    pub projects: HashMap<PathBuf, Loaded>,
    jobs: Sender<Job>,
    done: Receiver<Done>,
    /// Requests waiting for the check of their document's current version.
    pub deferred: Vec<Request>,
    /// Config files that have diagnostics on them now (their URIs).
    config_diags: HashSet<String>,
    next_id: i32,
    /// Our requests to the client, by id: their method.
    pending: HashMap<RequestId, String>,
}

impl Server {
    pub fn new(base: PathBuf, out: Sender<Out>) -> Server {
        let (jobs, job_rx) = crossbeam_channel::unbounded();
        let (done_tx, done) = crossbeam_channel::unbounded();
        if let Err(e) = worker::start(job_rx, done_tx) {
            super::log(&format!("cannot start the check thread: {e}"));
        }
        Server {
            out,
            phase: Phase::Uninitialized,
            encoding: Encoding::default(),
            settings: EditorSettings::default(),
            caps: ClientCaps::default(),
            base,
            workspace: Vec::new(),
            docs: HashMap::new(),
            projects: HashMap::new(),
            jobs,
            done,
            deferred: Vec::new(),
            config_diags: HashSet::new(),
            next_id: 0,
            pending: HashMap::new(),
        }
    }

    /// Runs until `exit` (or the end of input); true when `shutdown` came first.
    pub fn run(mut self, incoming: &Receiver<Message>) -> bool {
        loop {
            crossbeam_channel::select! {
                recv(incoming) -> msg => match msg {
                    Ok(msg) => {
                        if let Some(clean) = self.handle(msg) {
                            return clean;
                        }
                    }
                    Err(_) => return self.phase == Phase::ShuttingDown,
                },
                recv(self.done) -> done => {
                    if let Ok(done) = done {
                        self.finished(done);
                    }
                }
            }
        }
    }

    /// Handles one message; `Some(clean)` when the session ends.
    fn handle(&mut self, msg: Message) -> Option<bool> {
        match msg {
            Message::Request(req) => {
                match self.phase {
                    Phase::Uninitialized if req.method == "initialize" => {
                        let result = self.initialize(&req.params);
                        self.phase = Phase::Running;
                        self.respond(req.id, Ok(result));
                    }
                    Phase::Uninitialized => self.respond(
                        req.id,
                        Err((
                            ErrorCode::ServerNotInitialized,
                            "initialize がまだです".into(),
                        )),
                    ),
                    Phase::ShuttingDown => self.respond(
                        req.id,
                        Err((ErrorCode::InvalidRequest, "shutdown の後です".into())),
                    ),
                    Phase::Running if req.method == "shutdown" => {
                        self.phase = Phase::ShuttingDown;
                        // The work counted per document (benches/lsp.sh shows it).
                        for (uri, doc) in &self.docs {
                            let work = doc.cache.work();
                            if work.analyses > 0 {
                                super::log(&format!("{uri}: {work}"));
                            }
                        }
                        for doc in self.docs.values_mut() {
                            if let Some(c) = doc.cancel.take() {
                                c.store(true, Ordering::Relaxed);
                            }
                        }
                        // Their checks are cancelled: the requests waiting for them are
                        // answered now, never left hanging.
                        for waiting in std::mem::take(&mut self.deferred) {
                            self.respond(
                                waiting.id,
                                Err((ErrorCode::RequestCanceled, "shutdown で中止しました".into())),
                            );
                        }
                        self.respond(req.id, Ok(Value::Null));
                    }
                    Phase::Running if req.method == "initialize" => self.respond(
                        req.id,
                        Err((
                            ErrorCode::InvalidRequest,
                            "initialize は一度だけです".into(),
                        )),
                    ),
                    Phase::Running => self.request(req),
                }
                None
            }
            Message::Notification(n) if n.method == "exit" => {
                Some(self.phase == Phase::ShuttingDown)
            }
            Message::Notification(n) => {
                if self.phase == Phase::Running {
                    self.notification(n);
                }
                None
            }
            Message::Response(r) => {
                if let Some(method) = self.pending.remove(&r.id) {
                    self.response(&method, r);
                }
                None
            }
        }
    }

    /// The `initialize` result; reads the client's capabilities, folders and settings.
    fn initialize(&mut self, params: &Value) -> Value {
        let caps = &params["capabilities"];
        let strings = |v: &Value| -> Vec<String> {
            v.as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|s| s.as_str().map(String::from))
                        .collect()
                })
                .unwrap_or_default()
        };
        let offered: Vec<lsp_types::PositionEncodingKind> =
            strings(&caps["general"]["positionEncodings"])
                .into_iter()
                .map(lsp_types::PositionEncodingKind::from)
                .collect();
        self.encoding = Encoding::negotiate(Some(&offered));
        let edit = &caps["workspace"]["workspaceEdit"];
        self.caps = ClientCaps {
            edits: EditCaps {
                document_changes: edit["documentChanges"].as_bool().unwrap_or(false),
                create_files: strings(&edit["resourceOperations"])
                    .iter()
                    .any(|s| s == "create"),
            },
            resolve_edit: strings(
                &caps["textDocument"]["codeAction"]["resolveSupport"]["properties"],
            )
            .iter()
            .any(|s| s == "edit"),
            watch: caps["workspace"]["didChangeWatchedFiles"]["dynamicRegistration"]
                .as_bool()
                .unwrap_or(false),
            configuration: caps["workspace"]["configuration"]
                .as_bool()
                .unwrap_or(false),
        };
        let folders = params["workspaceFolders"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|f| f["uri"].as_str())
                    .map(String::from)
                    .collect()
            })
            .unwrap_or_else(|| {
                params["rootUri"]
                    .as_str()
                    .map(String::from)
                    .into_iter()
                    .collect::<Vec<_>>()
            });
        // No folder at all: the deprecated `rootPath` (a path, not a URI) of older clients.
        // With none of the three, each document finds its project from its own path.
        let root_path = params["rootPath"]
            .as_str()
            .filter(|p| folders.is_empty() && Path::new(p).is_absolute())
            .map(PathBuf::from);
        self.workspace = folders
            .iter()
            .filter_map(|u| crate::store::uri::file_path(u))
            .chain(root_path)
            .collect();
        if let Some(opts) = params.get("initializationOptions").filter(|v| !v.is_null()) {
            self.apply_settings(opts);
        }
        json!({
            "capabilities": {
                "positionEncoding": self.encoding.kind(),
                "textDocumentSync": {"openClose": true, "change": 2, "save": {"includeText": false}},
                "hoverProvider": true,
                "codeActionProvider": {
                    "codeActionKinds": ["quickfix", super::actions::FIX_ALL],
                    "resolveProvider": true
                },
                "codeLensProvider": {"resolveProvider": false},
                "workspace": {"workspaceFolders": {"supported": true, "changeNotifications": true}}
            },
            "serverInfo": {"name": "noveler", "version": crate::VERSION}
        })
    }

    /// Takes the editor's settings from `value`, telling the author what was wrong.
    pub fn apply_settings(&mut self, value: &Value) {
        let (settings, problems) = EditorSettings::parse(value);
        self.settings = settings;
        if !problems.is_empty() {
            self.show_message(
                2,
                &format!(
                    "noveler の設定を一部読めませんでした: {}",
                    problems.join(" / ")
                ),
            );
        }
    }

    /// After `initialized`: watch the config files and ask for the settings.
    pub fn initialized(&mut self) {
        if self.caps.watch {
            let watchers: Vec<Value> = target::CONFIG_FILES
                .iter()
                .map(|name| json!({"globPattern": format!("**/{name}")}))
                .collect();
            self.ask(
                "client/registerCapability",
                json!({"registrations": [{
                    "id": "noveler-config-files",
                    "method": "workspace/didChangeWatchedFiles",
                    "registerOptions": {"watchers": watchers}
                }]}),
            );
        }
        self.pull_settings();
    }

    /// Asks the client for section `noveler` when it can answer.
    pub fn pull_settings(&mut self) {
        if self.caps.configuration {
            self.ask(
                "workspace/configuration",
                json!({"items": [{"section": "noveler"}]}),
            );
        }
    }

    fn response(&mut self, method: &str, r: Response) {
        if method == "workspace/configuration" {
            let result = r.response_result.as_ref().ok();
            if let Some(first) = result.and_then(|v| v.get(0)).filter(|v| !v.is_null()) {
                let first = first.clone();
                self.apply_settings(&first);
                self.recheck_all();
            }
        }
    }

    /// Sends a request to the client.
    fn ask(&mut self, method: &str, params: Value) {
        self.next_id += 1;
        let id = RequestId::from(format!("noveler-{}", self.next_id));
        self.pending.insert(id.clone(), method.to_string());
        self.send(Message::Request(Request {
            id,
            method: method.into(),
            params,
        }));
    }

    pub fn send(&self, msg: Message) {
        let _ = self.out.send(Out::Message(msg));
    }

    pub fn notify(&self, method: &str, params: Value) {
        self.send(Message::Notification(Notification {
            method: method.into(),
            params,
        }));
    }

    /// `window/showMessage` (1 error, 2 warning, 3 info).
    pub fn show_message(&self, kind: u8, message: &str) {
        self.notify(
            "window/showMessage",
            json!({"type": kind, "message": message}),
        );
    }

    pub fn respond(&self, id: RequestId, result: Result<Value, (ErrorCode, String)>) {
        match result {
            Ok(v) => self.send(Message::Response(Response::new_ok(id, v))),
            Err((code, message)) => {
                let id = serde_json::to_value(&id).unwrap_or(Value::Null);
                let _ = self.out.send(Out::Raw(error_reply(id, code, &message)));
            }
        }
    }

    pub fn publish(
        &self,
        uri: &str,
        version: Option<i32>,
        diagnostics: Vec<lsp_types::Diagnostic>,
    ) {
        let mut params = json!({"uri": uri, "diagnostics": diagnostics});
        if let Some(v) = version {
            params["version"] = json!(v);
        }
        self.notify("textDocument/publishDiagnostics", params);
    }

    /// The project at `root`, loaded on first use.
    pub fn project(&mut self, root: &Path) -> Loaded {
        if let Some(l) = self.projects.get(root) {
            return l.clone();
        }
        let loaded = configs::load(root, None);
        self.projects.insert(root.to_path_buf(), loaded.clone());
        self.refresh_config_diagnostics();
        loaded
    }

    /// What the document at `path` (language `language`) is now.
    pub fn target_of(&mut self, path: Option<&Path>, language: &str) -> Target {
        let Some(path) = path else {
            if !target::is_text(None, language) || self.settings.files == Files::Manuscripts {
                return Target::Skip;
            }
            let root = self.base.clone();
            return Target::Text {
                root,
                rel: "untitled.md".into(),
                snippet: true,
            };
        };
        let root = target::root_of(path, &self.workspace, &self.base);
        let loaded = self.project(&root);
        let rel = target::relative(&root, path);
        target::classify(
            &loaded.project,
            &root,
            path,
            rel,
            self.settings.files == Files::Manuscripts,
        )
    }

    /// Starts the check of `uri`'s current version (cancelling the one in flight); a config
    /// file is validated, a document the server does not check has its diagnostics cleared.
    pub fn schedule(&mut self, uri: &str) {
        let Some(doc) = self.docs.get_mut(uri) else {
            return;
        };
        if let Some(c) = doc.cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
        let target = doc.target.clone();
        let too_big = doc.doc.text.len() > MAX_BYTES || doc.doc.lines.line_count() > MAX_LINES;
        match target {
            Target::Text { .. } if too_big => {
                doc.analysed = None;
                let d = lsp_types::Diagnostic {
                    severity: Some(lsp_types::DiagnosticSeverity::INFORMATION),
                    source: Some(super::diagnostics::SOURCE.into()),
                    message: format!(
                        "この文書は大きすぎるため、入力中の確認はしません（{} MiB または {} 行まで）。noveler check で確認してください",
                        MAX_BYTES >> 20,
                        MAX_LINES
                    ),
                    ..lsp_types::Diagnostic::default()
                };
                let version = doc.doc.version;
                self.publish(uri, Some(version), vec![d]);
                self.answer_deferred(uri);
            }
            Target::Text { root, rel, snippet } => {
                let project = self.project(&root).project;
                let plan = Arc::new(Plan {
                    project,
                    rel,
                    snippet,
                    preset: self.settings.preset,
                    severity: self.settings.severity,
                });
                let Some(doc) = self.docs.get_mut(uri) else {
                    return;
                };
                let cancel = Arc::new(AtomicBool::new(false));
                doc.cancel = Some(cancel.clone());
                let job = Job {
                    uri: uri.to_string(),
                    version: doc.doc.version,
                    text: doc.doc.text.clone(),
                    plan,
                    encoding: self.encoding,
                    cache: doc.cache.clone(),
                    cancel,
                };
                if self.jobs.send(job).is_err() {
                    super::log("the check thread is gone");
                    doc.cancel = None;
                    self.answer_deferred(uri);
                }
            }
            Target::Config { .. } => {
                doc.analysed = None;
                self.refresh_config_diagnostics();
                self.answer_deferred(uri);
            }
            Target::Skip => {
                doc.analysed = None;
                let version = doc.doc.version;
                self.publish(uri, Some(version), Vec::new());
                self.answer_deferred(uri);
            }
        }
    }

    /// A check finished: kept and published when it is of the document's current version.
    fn finished(&mut self, done: Done) {
        let Some(doc) = self.docs.get_mut(&done.uri) else {
            return;
        };
        if doc.doc.version != done.version {
            return;
        }
        match done.result {
            Err(e) if e.code == Code::R001 => return,
            Err(e) => {
                doc.cancel = None;
                doc.analysed = None;
                let d = lsp_types::Diagnostic {
                    severity: Some(lsp_types::DiagnosticSeverity::ERROR),
                    code: Some(lsp_types::NumberOrString::String(e.code.as_str().into())),
                    source: Some(super::diagnostics::SOURCE.into()),
                    message: format!("noveler が確認できませんでした: {}", e.message),
                    ..lsp_types::Diagnostic::default()
                };
                self.publish(&done.uri, Some(done.version), vec![d]);
            }
            Ok(a) => {
                doc.cancel = None;
                let diagnostics = a.diagnostics.clone();
                doc.analysed = Some(a);
                self.publish(&done.uri, Some(done.version), diagnostics);
            }
        }
        self.answer_deferred(&done.uri);
    }

    /// Answers the requests that waited for `uri`'s check.
    fn answer_deferred(&mut self, uri: &str) {
        let (now, later): (Vec<Request>, Vec<Request>) = std::mem::take(&mut self.deferred)
            .into_iter()
            .partition(|r| super::handlers::uri_of(r).as_deref() == Some(uri));
        self.deferred = later;
        for req in now {
            self.request(req);
        }
    }

    /// Re-targets every open document (settings, folders or configs changed) and checks
    /// them again.
    pub fn recheck_all(&mut self) {
        let uris: Vec<String> = self.docs.keys().cloned().collect();
        for uri in uris {
            let (path, language) = match self.docs.get(&uri) {
                Some(d) => (d.path.clone(), d.language.clone()),
                None => continue,
            };
            let t = self.target_of(path.as_deref(), &language);
            if let Some(d) = self.docs.get_mut(&uri) {
                d.target = t;
            }
            self.schedule(&uri);
        }
    }

    /// Reloads every project (a config file changed) and checks the open documents again.
    pub fn reload_projects(&mut self) {
        let roots: Vec<PathBuf> = self.projects.keys().cloned().collect();
        for root in roots {
            let previous = self.projects.get(&root).cloned();
            let loaded = configs::load(&root, previous.as_ref());
            self.projects.insert(root, loaded);
        }
        self.refresh_config_diagnostics();
        self.recheck_all();
    }

    /// Publishes the config files' errors: an open config's own text, else the error that
    /// kept its project from loading; clears those fixed since.
    pub fn refresh_config_diagnostics(&mut self) {
        let mut now: HashMap<String, Vec<lsp_types::Diagnostic>> = HashMap::new();
        let mut open_configs = HashSet::new();
        for (uri, doc) in &self.docs {
            if let (Target::Config { path, .. }, Some(_)) = (&doc.target, &doc.path) {
                open_configs.insert(path.clone());
                let diags = configs::validate(path, &doc.doc.text)
                    .map(|e| vec![configs::diagnostic(&e, Some(&doc.doc.text), self.encoding)])
                    .unwrap_or_default();
                now.insert(uri.clone(), diags);
            }
        }
        for loaded in self.projects.values() {
            let Some(e) = &loaded.error else { continue };
            let Some(path) = e.path.as_ref().filter(|p| !open_configs.contains(*p)) else {
                continue;
            };
            let text = crate::store::text::read_bytes(path)
                .ok()
                .and_then(|b| String::from_utf8(b).ok());
            let uri = crate::store::uri::file_uri(path);
            now.entry(uri).or_default().push(configs::diagnostic(
                e,
                text.as_deref(),
                self.encoding,
            ));
        }
        let before = std::mem::take(&mut self.config_diags);
        for uri in before {
            if !now.contains_key(&uri) {
                self.publish(&uri, None, Vec::new());
            }
        }
        for (uri, diags) in now {
            if !diags.is_empty() {
                self.config_diags.insert(uri.clone());
            }
            let version = self.docs.get(&uri).map(|d| d.doc.version);
            self.publish(&uri, version, diags);
        }
    }
}

/// An error for a request whose params did not parse.
pub(crate) fn invalid_params(e: impl std::fmt::Display) -> (ErrorCode, String) {
    (
        ErrorCode::InvalidParams,
        format!("パラメータが不正です: {e}"),
    )
}
