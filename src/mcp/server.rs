//! The rmcp `ServerHandler`: `tools/list` from the table, `tools/call` through the adapter,
//! with project-root overrides, exclusivity, progress and cancellation wired to `Ctx`.

use super::adapter::{ArgError, Called, ToolSpec};
use super::Profile;
use crate::commands::Ctx;
use crate::error::{Code, Error};
use crate::store::clock::Clock;
use crate::store::confine::Confinement;
use crate::store::envelope::RunInfo;
use crate::store::Envelope;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, CustomRequest,
    CustomResult, ErrorCode, Implementation, JsonObject, ListResourceTemplatesResult,
    ListResourcesResult, ListToolsResult, PaginatedRequestParams, ProgressNotificationParam,
    ReadResourceRequestParams, ReadResourceResponse, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

/// How long the client may take to answer `roots/list`.
const ROOTS_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// The server's instructions: the tools they name are the profile's own.
fn instructions(profile: Profile) -> String {
    let check = match profile {
        Profile::Default => "`noveler_check`",
        Profile::Seed => "`check_basic` (or `noveler_check`)",
    };
    format!(
        "noveler checks Japanese web-novel manuscripts of one project (プロジェクト設定.yaml, \
         40_原稿/第NNN話_*.md). Start with `status` to see the episodes, run {check} on an \
         episode, read findings by line, fix the text, and check again. Every result is also \
         saved under temp/json_output/ (see `saved_to`). Errors carry a code, a Japanese \
         message, a hint and the next tool to call."
    )
}

struct Inner {
    root: PathBuf,
    /// The roots the server was started with: its project root and every `--allow-root`.
    base_roots: Vec<PathBuf>,
    /// The allowed roots now: `base_roots` plus the client's `roots/list` (replaced when the
    /// client says its roots changed).
    allowed: std::sync::RwLock<Arc<Confinement>>,
    /// Install the policy process-wide as well (`noveler mcp`; never in unit tests, which
    /// share one process).
    install: bool,
    /// `--no-save`: result envelopes are not written.
    no_save: bool,
    /// False while the client's roots are being fetched: a call waits for them (at most
    /// `ROOTS_WAIT`) instead of being refused for want of a root the client declared.
    roots_ready: tokio::sync::watch::Sender<bool>,
    /// The calls running now: their cancellation flags (set all when the client goes away)
    /// and whether the client has cancelled them.
    running: Mutex<HashMap<u64, Running>>,
    /// Signalled whenever a running call ends (`RunningGuard`).
    ended: tokio::sync::Notify,
    next_call: std::sync::atomic::AtomicU64,
    profile: Profile,
    /// Built on first use (schemas take a few milliseconds), so `initialize` is answered
    /// without waiting for it; `warm_up` builds it in the background.
    table: std::sync::OnceLock<Table>,
    busy: Mutex<HashSet<String>>,
    /// The time of the per-call debug records (`mcp::calls`).
    clock: Clock,
}

struct Table {
    tools: Vec<ToolSpec>,
    index: HashMap<&'static str, usize>,
    listing: Vec<Tool>,
    names: Vec<&'static str>,
    /// What hints may name (`crate::next`): each listed tool and its table name.
    hint_tools: crate::next::Tools,
    /// Replies are compacted (`mcp::reply::compact`) and listed with the frame schema.
    compact: bool,
}

impl Table {
    fn new(profile: Profile) -> Table {
        let tools = super::tools::for_profile(profile);
        let compact = profile == Profile::Default;
        let index = tools.iter().enumerate().map(|(i, t)| (t.name, i)).collect();
        let listing = tools.iter().map(|t| t.listing(!compact)).collect();
        let names = tools.iter().map(|t| t.name).collect();
        let hint_tools = crate::next::Tools {
            listed: tools
                .iter()
                .map(|t| (t.name.to_string(), t.table_name.to_string()))
                .collect(),
        };
        Table {
            tools,
            index,
            listing,
            names,
            hint_tools,
            compact,
        }
    }
}

/// The noveler MCP server: cheap to clone (shared state).
#[derive(Clone)]
pub struct NovelerServer {
    inner: Arc<Inner>,
}

impl NovelerServer {
    /// A server over `root` offering the tools of `profile`.
    pub fn new(root: PathBuf, profile: Profile) -> NovelerServer {
        NovelerServer::with_options(root, profile, Vec::new(), false, false)
    }

    /// A server over `root` whose calls may also reach `extra_roots`; `install` makes the
    /// confinement policy process-wide (see `store::confine`), `no_save` skips the result
    /// envelopes.
    pub(crate) fn with_options(
        root: PathBuf,
        profile: Profile,
        extra_roots: Vec<PathBuf>,
        install: bool,
        no_save: bool,
    ) -> NovelerServer {
        let base_roots: Vec<PathBuf> = std::iter::once(root.clone()).chain(extra_roots).collect();
        let allowed = Arc::new(Confinement::new(base_roots.clone()));
        if install {
            crate::store::confine::install(Some(allowed.clone()));
        }
        NovelerServer {
            inner: Arc::new(Inner {
                root,
                base_roots,
                allowed: std::sync::RwLock::new(allowed),
                install,
                no_save,
                roots_ready: tokio::sync::watch::Sender::new(true),
                running: Mutex::new(HashMap::new()),
                ended: tokio::sync::Notify::new(),
                next_call: std::sync::atomic::AtomicU64::new(0),
                profile,
                table: std::sync::OnceLock::new(),
                busy: Mutex::new(HashSet::new()),
                clock: Clock::system(),
            }),
        }
    }

    fn table(&self) -> &Table {
        self.inner
            .table
            .get_or_init(|| Table::new(self.inner.profile))
    }

    /// Builds the tool table on another thread (a call that needs it meanwhile waits).
    pub(crate) fn warm_up(&self) {
        let server = self.clone();
        std::thread::spawn(move || {
            server.table();
        });
    }

    /// Marks `key` of project `root` busy until the guard is dropped; `None` when it already
    /// is (another call holds it).
    fn acquire(&self, root: &Path, key: &str) -> Option<BusyGuard> {
        // Per project: the same episode of another project is another key.
        let slot = format!("{}\n{key}", root.display());
        let inserted = self
            .inner
            .busy
            .lock()
            .map(|mut busy| busy.insert(slot.clone()))
            .unwrap_or(false);
        inserted.then(|| BusyGuard {
            server: self.clone(),
            key: slot,
        })
    }

    /// Asks every running call to stop (the client closed the connection).
    pub(crate) fn cancel_all(&self) {
        if let Ok(running) = self.inner.running.lock() {
            for call in running.values() {
                call.flag.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Waits (at most `STOPPING_WAIT`) until no call the client has cancelled is still
    /// stopping: the slot, lock and episode a cancelled call held are free for the next call
    /// at once, instead of refusing it as busy while the cancelled work winds down.
    async fn cancelled_calls_stopped(&self) {
        let deadline = tokio::time::Instant::now() + STOPPING_WAIT;
        loop {
            let ended = self.inner.ended.notified();
            tokio::pin!(ended);
            ended.as_mut().enable();
            let stopping = self
                .inner
                .running
                .lock()
                .map(|r| r.values().any(|c| (c.cancelled)()))
                .unwrap_or(false);
            if !stopping || tokio::time::timeout_at(deadline, ended).await.is_err() {
                return;
            }
        }
    }

    /// The `tools/list` entries.
    pub fn listing(&self) -> &[Tool] {
        &self.table().listing
    }

    fn spec(&self, name: &str) -> Option<&ToolSpec> {
        let table = self.table();
        table.index.get(name).map(|&i| &table.tools[i])
    }

    /// The allowed roots now.
    pub fn allowed(&self) -> Arc<Confinement> {
        match self.inner.allowed.read() {
            Ok(a) => a.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Replaces the client's roots (from `roots/list`): the allowed roots become the
    /// server's own plus these.
    pub(crate) fn set_client_roots(&self, client: Vec<PathBuf>) {
        let allowed = Arc::new(Confinement::new(
            self.inner.base_roots.iter().cloned().chain(client),
        ));
        if self.inner.install {
            crate::store::confine::install(Some(allowed.clone()));
        }
        match self.inner.allowed.write() {
            Ok(mut a) => *a = allowed,
            Err(poisoned) => *poisoned.into_inner() = allowed,
        }
    }

    /// Asks the client for its roots (when it declared the roots capability) and adopts
    /// them. A client that fails to answer keeps the roots it had.
    #[allow(deprecated)] // roots are deprecated by SEP-2577 but still what clients send
    async fn refresh_roots(&self, peer: &rmcp::Peer<RoleServer>) {
        let declares = peer
            .peer_info()
            .is_some_and(|info| info.capabilities.roots.is_some());
        if !declares {
            return;
        }
        self.inner.roots_ready.send_replace(false);
        let listed = tokio::time::timeout(ROOTS_WAIT, peer.list_roots()).await;
        match listed {
            Err(_) => super::log("roots/list: no answer from the client; keeping the roots"),
            Ok(Ok(result)) => {
                let paths: Vec<PathBuf> = result
                    .roots
                    .iter()
                    .filter_map(|r| crate::store::uri::file_path(&r.uri))
                    .collect();
                super::log(&format!(
                    "client roots: {}",
                    paths
                        .iter()
                        .map(|p| p.display().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
                self.set_client_roots(paths);
            }
            Ok(Err(e)) => super::log(&format!("roots/list failed: {e}")),
        }
        self.inner.roots_ready.send_replace(true);
    }

    /// Waits until the client's roots are known (bounded by `refresh_roots`' own timeout).
    async fn roots_known(&self) {
        let mut ready = self.inner.roots_ready.subscribe();
        let _ = tokio::time::timeout(ROOTS_WAIT, ready.wait_for(|r| *r)).await;
    }

    /// The root for one call: the `project_root` argument when given (it must be an existing
    /// directory inside the allowed roots; relative paths start at the server's root), else
    /// the server's root.
    fn root_for(&self, args: &JsonObject) -> Result<PathBuf, RootError> {
        match args.get("project_root") {
            None | Some(Value::Null) => Ok(self.inner.root.clone()),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(self.inner.root.clone()),
            Some(Value::String(s)) => self
                .allowed()
                .resolve_dir(&self.inner.root, Path::new(s))
                .map_err(|e| RootError::Domain(e.suggest("status"))),
            Some(_) => Err(RootError::Args(ArgError {
                message: "project_root はディレクトリのパス（文字列）で指定してください".into(),
                field: Some("project_root".into()),
                expected: Some("string (a directory path)".into()),
                example: serde_json::json!({"project_root": "."}),
            })),
        }
    }
}

enum RootError {
    Domain(Error),
    Args(ArgError),
}

/// How long a call waits for cancelled calls to stop (they stop between paragraphs, in
/// milliseconds; this only bounds a stuck one).
const STOPPING_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// A running call: the flag that stops its work, and whether its client cancelled it.
struct Running {
    flag: Arc<std::sync::atomic::AtomicBool>,
    cancelled: Box<dyn Fn() -> bool + Send + Sync>,
}

/// Forgets a call when it ends, and tells calls waiting for cancelled ones to stop.
struct RunningGuard {
    server: NovelerServer,
    call_id: u64,
}

impl Drop for RunningGuard {
    fn drop(&mut self) {
        if let Ok(mut running) = self.server.inner.running.lock() {
            running.remove(&self.call_id);
        }
        self.server.inner.ended.notify_waiters();
    }
}

/// Removes the key from the busy set when dropped.
struct BusyGuard {
    server: NovelerServer,
    key: String,
}

impl Drop for BusyGuard {
    fn drop(&mut self) {
        if let Ok(mut busy) = self.server.inner.busy.lock() {
            busy.remove(&self.key);
        }
    }
}

/// An error envelope for a failure found before the command ran (saved like any other).
fn failure(clock: &Clock, ctx_root: &Path, command: &str, err: &Error, save: bool) -> Called {
    let run = RunInfo {
        command: command.to_string(),
        project_root: ctx_root.to_path_buf(),
        started: clock.now(),
        elapsed_ms: 0.0,
    };
    let mut envelope = Envelope::failure(&run, err);
    let save_error = if save {
        envelope.save(ctx_root).err()
    } else {
        None
    };
    Called {
        envelope: serde_json::to_value(&envelope).unwrap_or(Value::Null),
        is_error: true,
        save_error,
        saved_sha256: None,
    }
}

impl NovelerServer {
    /// The reply to a finished call: the envelope, compacted for the default profile, cut to
    /// the reply budget with references into the saved file (`mcp::reply`).
    fn to_result(&self, called: Called) -> CallToolResult {
        self.viewed_result(called, None, "")
    }

    /// The same, through the call's view (`mcp::view`) before the budget applies.
    /// `tool`: the tool called (the seed profile's keys depend on it; empty when unknown).
    fn viewed_result(
        &self,
        called: Called,
        view: Option<&super::view::View>,
        tool: &str,
    ) -> CallToolResult {
        let table = self.table();
        to_result(called, &table.hint_tools, table.compact, view, tool)
    }
}

/// What a failed reply says to do next (`mcp::guidance`): in the seed profile the seed's
/// `error.tool_name` and `error.claude_guidance` (seed 000 §5.5, §6.3); in the default
/// profile a `suggested_action` call when the command gave none.
fn error_guidance(
    result: &mut CallToolResult,
    tool: &str,
    spec: Option<&ToolSpec>,
    args: &JsonObject,
    tools: &crate::next::Tools,
    compact: bool,
) {
    let Some(error) = result
        .structured_content
        .as_mut()
        .and_then(|sc| sc.get_mut("error"))
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    // A name that is not a tool (the progressive check's old names) has no schema.
    let empty = JsonObject::new();
    let call = super::guidance::FailedCall {
        tool,
        args,
        schema: spec.map_or(&empty, |s| &s.input_schema),
        required: spec.map_or(&[], |s| &s.required),
    };
    if compact {
        super::guidance::suggest(error, &call, tools);
    } else {
        super::guidance::complete(error, &call, tools);
    }
    if let Some(sc) = &result.structured_content {
        result.content = vec![ContentBlock::text(
            serde_json::to_string(sc).unwrap_or_default(),
        )];
    }
}

fn to_result(
    called: Called,
    tools: &crate::next::Tools,
    compact: bool,
    view: Option<&super::view::View>,
    tool: &str,
) -> CallToolResult {
    if let Some(err) = &called.save_error {
        super::log(&format!("could not save the result envelope: {err}"));
    }
    let mut value = called.envelope;
    if let (Some(sha), Value::Object(env)) = (&called.saved_sha256, &mut value) {
        env.insert("saved_sha256".into(), Value::String(sha.clone()));
    }
    if compact {
        value = super::reply::compact(value, tools);
    } else {
        super::reply::seed(&mut value, tools);
        super::seed::shape(&mut value, tool, super::reply::BUDGET_TOKENS * 2);
    }
    if let Some(view) = view {
        value = super::view::apply(value, view);
    }
    let saved_to = value
        .get("saved_to")
        .and_then(Value::as_str)
        .map(String::from);
    // Serialised once when it fits the budget (`fit` would leave it as it is); cut to the
    // budget and serialised again otherwise. Whole nested parts may be left out only where
    // the output schema is the frame.
    let text = serde_json::to_string(&value).unwrap_or_default();
    let (value, text) = if super::reply::fits(&text, super::reply::BUDGET_TOKENS) {
        (value, text)
    } else {
        let value = super::reply::fit(
            value,
            super::reply::BUDGET_TOKENS,
            saved_to.as_deref(),
            compact,
        );
        let text = serde_json::to_string(&value).unwrap_or_default();
        (value, text)
    };
    // Command lines quoted in prose become calls after the cut, so a cut's offsets stay
    // those of the saved file (`hints::render_prose`).
    let (mut value, mut text) = (value, text);
    if super::hints::render_prose(&mut value, tools) {
        text = serde_json::to_string(&value).unwrap_or_default();
    }
    let mut result = if called.is_error {
        CallToolResult::error(vec![ContentBlock::text(text)])
    } else {
        CallToolResult::success(vec![ContentBlock::text(text)])
    };
    result.structured_content = Some(value);
    result
}

impl NovelerServer {
    /// Runs one tool call to its result (domain failures become `isError` results; bad
    /// arguments and unknown tools become JSON-RPC errors), then echoes a write tool's
    /// arguments into its error and appends the call's debug record (`mcp::calls`).
    pub async fn call(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, ErrorData> {
        let name = request.name.to_string();
        let args = request.arguments.clone().unwrap_or_default();
        let probe = super::calls::Probe::start(&self.inner.clock);
        let mut result = self.call_unrecorded(request, context).await;
        let spec = self.spec(&name);
        let command = spec.map(|s| s.command);
        if let Ok(r) = &mut result {
            if r.is_error == Some(true) && command.is_some_and(super::calls::echoes_arguments) {
                super::calls::echo_into(r, super::calls::echoed(&args));
            }
            if r.is_error == Some(true) {
                let table = self.table();
                error_guidance(r, &name, spec, &args, &table.hint_tools, table.compact);
            }
        }
        let reply = result
            .as_ref()
            .ok()
            .and_then(|r| r.structured_content.as_ref());
        let record = probe.record(&self.inner.clock, &name, &args, reply);
        let root = self
            .root_for(&args)
            .unwrap_or_else(|_| self.inner.root.clone());
        // Awaited, so a client that reads the log after the reply finds the line.
        let _ =
            tokio::task::spawn_blocking(move || super::calls::write_record(&root, &record)).await;
        result
    }

    /// Runs one tool call to its result (domain failures become `isError` results; bad
    /// arguments and unknown tools become JSON-RPC errors). The steps: the tool
    /// (`unknown_tool`), its arguments and root (`admitted`), the exclusive key
    /// (`exclusive`), the memory limit, the call's `Ctx` with cancellation and progress
    /// (`progress_forwarder`), the command on a blocking thread, the result (`finished`).
    async fn call_unrecorded(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, ErrorData> {
        let name = request.name.to_string();
        let Some(spec) = self.spec(&name).cloned() else {
            return self.unknown_tool(&name);
        };
        let arguments = request.arguments.unwrap_or_default();
        let (view, root, args) = match self.admitted(&name, &spec, arguments).await {
            Ok(admitted) => admitted,
            Err(refused) => return Ok(refused),
        };

        self.cancelled_calls_stopped().await;
        let guard = match self.exclusive(&spec, &root, &args) {
            Ok(guard) => guard,
            Err(refused) => return Ok(refused),
        };

        // Memory (seed 000 §7.2): nothing new starts while the process holds the total
        // limit (R002); what a call uses is measured in its debug record (`mcp::calls`).
        if let Err(full) = crate::store::memory::admit(&super::state::memory_limits()) {
            return Ok(self.to_result(failure(
                &self.inner.clock,
                &root,
                spec.command,
                &full,
                !self.inner.no_save,
            )));
        }
        let root_for_errors = root.clone();
        let mut ctx = Ctx::new(root);
        ctx.clock = self.inner.clock.clone();
        ctx.confine = Some(self.allowed());
        // A page past the first shows a result the first page saved: not saved again.
        ctx.save =
            !self.inner.no_save && spec.saves && view.as_ref().is_none_or(|v| v.cursor() == 0);
        let cancel = ctx.cancel.clone();
        let call_id = self.inner.next_call.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut running) = self.inner.running.lock() {
            let ct = context.ct.clone();
            running.insert(
                call_id,
                Running {
                    flag: cancel.clone(),
                    cancelled: Box::new(move || ct.is_cancelled()),
                },
            );
        }
        let _running = RunningGuard {
            server: self.clone(),
            call_id,
        };
        let forwarder = progress_forwarder(&context, &mut ctx);

        let worker = {
            let spec = spec.clone();
            tokio::task::spawn_blocking(move || {
                // Concurrency caps per project (seed 000 §7.2): busy at once, never queued.
                let called =
                    match super::calls::slot_kind(spec.command) {
                        None => spec.call(&ctx, args),
                        Some(kind) => crate::store::slots::with_slot(&ctx.root, kind, || {
                            Ok(spec.call(&ctx, args))
                        })
                        .unwrap_or_else(|busy| {
                            Ok(failure(
                                &ctx.clock,
                                &ctx.root,
                                spec.command,
                                &busy,
                                ctx.save,
                            ))
                        }),
                    };
                drop(ctx); // ends the progress channel
                called
            })
        };
        tokio::pin!(worker);
        let joined = tokio::select! {
            joined = &mut worker => joined,
            _ = context.ct.cancelled() => {
                // notifications/cancelled: tell the command to stop, then wait for it to
                // return (it checks between files) so locks and files are left clean. rmcp
                // drops the response of a cancelled request.
                cancel.store(true, Ordering::Relaxed);
                let joined = worker.await;
                super::log(&format!("tools/call {name} cancelled by the client; stopped"));
                joined
            }
        };
        drop(guard);
        if let Some(f) = forwarder {
            let _ = f.await;
        }
        Ok(self.finished(joined, &name, &spec, &root_for_errors, view.as_ref()))
    }

    /// A tool this server does not offer: the progressive check's guidance when the name is
    /// one of its old ones, else a JSON-RPC error pointing to tools/list.
    fn unknown_tool(&self, name: &str) -> Result<CallToolResult, ErrorData> {
        if let Some(err) = super::calls::progressive_guidance(name, &self.table().names) {
            let save = !self.inner.no_save;
            return Ok(self.to_result(failure(
                &self.inner.clock,
                &self.inner.root,
                "progressive",
                &err,
                save,
            )));
        }
        Err(ErrorData::invalid_params(
            format!("Unknown tool: {}", crate::error::clip(name, 200)),
            Some(serde_json::json!({
                "hint": "Call tools/list for the tools this server offers (`noveler mcp --tools seed` offers the seeds' tool names).",
            })),
        ))
    }

    /// The call's page (`view`), project root and arguments as the tool takes them; a
    /// failure result when one of them is refused.
    async fn admitted(
        &self,
        name: &str,
        spec: &ToolSpec,
        args: JsonObject,
    ) -> Result<(Option<super::view::View>, PathBuf, JsonObject), CallToolResult> {
        let save = !self.inner.no_save;
        let (view, args) = match super::view::take(name, spec.view, &spec.input_schema, args) {
            Ok(taken) => taken,
            Err(e) => {
                let err = e.to_error(name);
                return Err(self.to_result(failure(
                    &self.inner.clock,
                    &self.inner.root,
                    spec.command,
                    &err,
                    save,
                )));
            }
        };
        self.roots_known().await;
        let root = match self.root_for(&args) {
            Ok(root) => root,
            Err(RootError::Args(e)) => {
                let err = e.to_error(name);
                return Err(self.to_result(failure(
                    &self.inner.clock,
                    &self.inner.root,
                    spec.command,
                    &err,
                    save,
                )));
            }
            Err(RootError::Domain(err)) => {
                return Err(self.to_result(failure(
                    &self.inner.clock,
                    &self.inner.root,
                    spec.command,
                    &err,
                    save,
                )))
            }
        };
        match spec.prepare_args(args) {
            Ok(args) => Ok((view, root, args)),
            Err(e) => {
                let err = e.to_error(name);
                Err(self.to_result(failure(&self.inner.clock, &root, spec.command, &err, save)))
            }
        }
    }

    /// Exclusive calls (writes to one file or episode): a second one is refused, not queued.
    fn exclusive(
        &self,
        spec: &ToolSpec,
        root: &Path,
        args: &JsonObject,
    ) -> Result<Option<BusyGuard>, CallToolResult> {
        let Some(key) = spec.exclusive.and_then(|key| key(args)) else {
            return Ok(None);
        };
        match self.acquire(root, &key) {
            Some(guard) => Ok(Some(guard)),
            None => {
                let err = Error::new(Code::QC008, format!("{key} は別の呼び出しが処理中です"))
                    .hint("処理中の呼び出しが終わってから、もう一度呼び出してください。")
                    .details(serde_json::json!({"busy": key}));
                Err(self.to_result(failure(
                    &self.inner.clock,
                    root,
                    spec.command,
                    &err,
                    !self.inner.no_save,
                )))
            }
        }
    }

    /// The call's result: the command's (paged when asked), or its error as a failure
    /// result; a command that panicked is an internal error (R002).
    fn finished(
        &self,
        joined: Result<Result<Called, ArgError>, tokio::task::JoinError>,
        name: &str,
        spec: &ToolSpec,
        root: &Path,
        view: Option<&super::view::View>,
    ) -> CallToolResult {
        match joined {
            Ok(Ok(called)) => self.viewed_result(called, view, name),
            Ok(Err(e)) => {
                let err = e.to_error(name);
                self.to_result(failure(
                    &self.inner.clock,
                    root,
                    spec.command,
                    &err,
                    !self.inner.no_save,
                ))
            }
            Err(join) => {
                let err = Error::new(
                    Code::R002,
                    format!("{name} の実行中に内部エラーが発生しました: {join}"),
                )
                .hint("同じ入力で CLI（noveler …）を実行し、エラー内容を確認してください。");
                self.to_result(failure(
                    &self.inner.clock,
                    &self.inner.root,
                    spec.command,
                    &err,
                    !self.inner.no_save,
                ))
            }
        }
    }
}

/// Progress: forwards the call's `Ctx::report_progress` to notifications/progress when the
/// client asked for it (a progress token), always increasing.
fn progress_forwarder(
    context: &RequestContext<RoleServer>,
    ctx: &mut Ctx,
) -> Option<tokio::task::JoinHandle<()>> {
    let token = context.meta.get_progress_token()?;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(u64, u64, String)>();
    ctx.progress = Some(Arc::new(move |done, total, what: &str| {
        let _ = tx.send((done, total, what.to_string()));
    }));
    let peer = context.peer.clone();
    Some(tokio::spawn(async move {
        let mut last: Option<u64> = None;
        while let Some((done, total, what)) = rx.recv().await {
            if last.is_some_and(|l| done <= l) {
                continue; // progress must increase
            }
            last = Some(done);
            let mut param = ProgressNotificationParam::new(token.clone(), done as f64);
            if total > 0 {
                param = param.with_total(total as f64);
            }
            if !what.is_empty() {
                param = param.with_message(what);
            }
            if peer.notify_progress(param).await.is_err() {
                break;
            }
        }
    }))
}

impl ServerHandler for NovelerServer {
    fn get_info(&self) -> ServerConfig {
        // resources: the task memory's files (seed 004 §5.1)
        let capabilities = ServerCapabilities::builder()
            .enable_resources()
            .enable_tools()
            .build();
        ServerConfig::new(capabilities)
            .with_server_info(
                Implementation::new("noveler", crate::VERSION)
                    .with_title("noveler")
                    .with_description(
                        "Checks and staged-writing workflows for Japanese web-novel manuscripts",
                    ),
            )
            .with_instructions(instructions(self.inner.profile))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.listing().to_vec()))
    }

    /// The task memory's files (seed 004 §5.1), read-only.
    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        super::todo_tools::list_resources(&self.inner.root)
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        Ok(super::todo_tools::list_templates())
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        super::todo_tools::read_resource(&self.inner.root, &request.uri).map(Into::into)
    }

    async fn initialize(
        &self,
        request: rmcp::model::InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::InitializeResult, ErrorData> {
        context.peer.set_peer_info(request.clone());
        if request.capabilities.roots.is_some() {
            // Calls wait for the roots `notifications/initialized` will fetch.
            self.inner.roots_ready.send_replace(false);
        }
        self.negotiate_initialize(&request)
    }

    async fn on_initialized(&self, context: rmcp::service::NotificationContext<RoleServer>) {
        self.refresh_roots(&context.peer).await;
    }

    async fn on_roots_list_changed(&self, context: rmcp::service::NotificationContext<RoleServer>) {
        self.refresh_roots(&context.peer).await;
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        let compact = self.table().compact;
        self.spec(name).map(|t| t.listing(!compact))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.call(request, context).await.map(Into::into)
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        Err(ErrorData::new(
            ErrorCode::METHOD_NOT_FOUND,
            format!(
                "Method not found: {}",
                crate::error::clip(&request.method, 200)
            ),
            Some(
                serde_json::json!({"hint": "noveler serves tools: use tools/list and tools/call."}),
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_call_per_key_and_project_at_a_time() {
        let server = NovelerServer::new(PathBuf::from("/p"), Profile::Default);
        let a = Path::new("/a");
        let first = server.acquire(a, "episode:4").expect("free");
        assert!(server.acquire(a, "episode:4").is_none(), "busy while held");
        assert!(server.acquire(a, "episode:5").is_some(), "other episode");
        assert!(
            server.acquire(Path::new("/b"), "episode:4").is_some(),
            "other project"
        );
        drop(first);
        assert!(server.acquire(a, "episode:4").is_some(), "free again");
    }

    #[test]
    fn cancel_all_sets_every_running_flag() {
        let server = NovelerServer::new(PathBuf::from("/p"), Profile::Default);
        let flag = Arc::new(std::sync::atomic::AtomicBool::new(false));
        server.inner.running.lock().unwrap().insert(
            1,
            Running {
                flag: flag.clone(),
                cancelled: Box::new(|| false),
            },
        );
        server.cancel_all();
        assert!(flag.load(Ordering::Relaxed));
    }
}
