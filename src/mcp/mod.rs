//! The MCP server (`noveler mcp`): a thin adapter over `commands`, served over stdio with
//! rmcp. Nothing here knows how a check or a write works; every tool deserialises its
//! arguments into a command's Request and runs the same `commands::*` function as the CLI,
//! through `commands::execute`, so the result is the SPEC §5 envelope the CLI prints for
//! `--format json` (and it is saved under `temp/json_output/` the same way).
//!
//! Layout:
//! - `tools.rs`: the tool table (one entry per tool) and the `core` profile;
//! - `adapter.rs`: the generic adapter (schemas, annotations, arguments → Request → envelope);
//! - `server.rs`: rmcp's `ServerHandler` (list/call, project_root overrides, exclusivity,
//!   progress, cancellation);
//! - `transport.rs`: line-delimited JSON-RPC over stdio that answers malformed input with
//!   JSON-RPC errors instead of dropping it or ending the session (`rpc_id.rs` reads the id
//!   of a line that cannot be parsed whole, so the error still carries it);
//! - `args.rs`: explaining bad arguments (field, expected, example, did-you-mean);
//! - `reply.rs`: shaping a reply for the model (compact frame, budget, `truncated` cuts);
//!   `hints.rs`: a suggested CLI line as the call of the dedicated tool for that job;
//!   `view.rs`: `detail` levels and `cursor`/`limit` pages of big results; `seed.rs`: the
//!   seed profile's protocol (the seed's output keys, `summary`, `primary_output`);
//!   `guidance.rs`: the seed's `claude_guidance` on every error of the seed profile;
//! - `requests.rs`: MCP-shaped requests that map onto a command's (focused checks, the
//!   one-tool `backup_management`); `state.rs`: what lives across calls (artifact caches).
//!
//! # Protocol
//! rmcp 3.9.0 answers both eras: the `initialize` handshake (2024-11-05 … 2025-11-25; a
//! client asking for 2026-07-28 there is answered with 2025-11-25) and the stateless
//! 2026-07-28 form (`server/discover`, and requests carrying `_meta` with
//! `io.modelcontextprotocol/protocolVersion` and `clientCapabilities`). Server info is
//! `noveler` / the crate version. Tool results are `structuredContent` (the envelope) plus
//! the same JSON as one text block; a failed command is `isError: true` with the error
//! envelope, and so are arguments that do not fit (U001 naming the field); unknown tools are
//! JSON-RPC `-32602`, unknown methods `-32601`, a line that is not JSON `-32700` (`id: null`). stdout
//! carries only protocol: the streams are duplicated at start and fd 1 then points at
//! stderr (fd 0 at /dev/null), so nothing a command prints or reads touches the protocol.
//! Logs (one line at start and stop, cancellations) go to stderr; `-q` silences them.
//!
//! # Adding a tool (one entry)
//! 1. Have a command: `commands::<verb>::run(&Ctx, XRequest) -> Result<XReport>` with
//!    `XRequest: Deserialize + JsonSchema` (doc comments on fields become the input schema's
//!    descriptions; `#[serde(alias = "episode_number")] episode` for episodes; prefer
//!    `#[serde(default)]` over `Option` where a default exists) and
//!    `XReport: Serialize + JsonSchema + Report`.
//! 2. Add one entry to `tools::all()`:
//!    ```ignore
//!    tool("tool_name", "envelope_command", Hints::READ_ONLY,
//!         "What it does. When to use it. What to call next.",
//!         commands::verb::run),
//!    ```
//!    Use a closure `|ctx, req: ToolRequest| commands::verb::run(ctx, req.into())` when the
//!    MCP arguments differ from the command's Request (e.g. a fixed aspect filter).
//!    Append `.exclusive(key_fn)` when two calls on the same episode/file must not overlap
//!    (the second gets QC-008 busy).
//! 3. Optionally give it a place in `tools::DEFAULT` (the default profile: one tool per job,
//!    a one-line description).
//!
//! Every tool automatically accepts `project_root` (see `adapter::PROJECT_ROOT_DOC`), gets
//! `episode_number` as an alias and the 1..=9999 range for an `episode` field, an output
//! schema generated from the envelope carrying its Report, MCP annotations from its
//! `Hints` (openWorldHint is always false), progress notifications when the caller sends a
//! progressToken (through `Ctx::report_progress`) and cancellation (through
//! `Ctx::check_cancelled`). `tests/mcp.rs` then checks it end to end: listed with object
//! schemas, one valid and one invalid call, structuredContent valid against outputSchema.
//!
//! # project_root and the allowed roots
//! `noveler mcp --project-root DIR` (or `PROJECT_ROOT`, or discovery from the working
//! directory) fixes the server's root; it must be an existing directory. The *allowed roots*
//! are that root, every `--allow-root DIR`, and the roots the client lists (`roots/list`,
//! asked after `notifications/initialized` when the client declares the capability and again
//! on `notifications/roots/list_changed`; calls wait for the answer, at most 10 s). A call
//! may pass `project_root` to work on another project inside them (relative paths start at
//! the server's root; U004 outside, P001 when it is not an existing directory). Every call
//! runs with `Ctx::confine` set to the allowed roots, and the policy is also installed
//! process-wide (`store::confine`), so the store refuses any write and the project layer any
//! manuscript that would leave them — whatever the code path, the generic `noveler` tool
//! included (which also refuses `init`, `man` and `completions`). See SPEC §8 "Paths".

pub mod adapter;
pub mod args;
pub mod calls;
pub(crate) mod guidance;
pub mod hints;
pub mod reply;
pub mod requests;
mod rpc_id;
pub mod seed;
pub mod server;
pub mod state;
pub mod stats_tools;
pub mod todo_tools;
pub mod tools;
pub mod transport;
pub mod view;

use crate::error::{Code, Error, Result};
use clap::ValueEnum;
use rmcp::ServiceExt;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

pub use server::NovelerServer;

/// Which tools `noveler mcp` offers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Profile {
    /// One tool per job, compact replies (see `tools::DEFAULT`).
    #[default]
    #[value(alias = "core")]
    Default,
    /// Every tool under the seeds' names (write_step_1..10, the aliases), typed output
    /// schemas: for clients written against the original server.
    #[value(alias = "full")]
    Seed,
}

static QUIET: AtomicBool = AtomicBool::new(false);

/// A log line on stderr (stdout is the protocol).
pub(crate) fn log(message: &str) {
    if !QUIET.load(Ordering::Relaxed) {
        eprintln!("noveler mcp: {message}");
    }
}

/// The protocol's input and output. On Unix they are duplicates of stdin and stdout, and
/// then fd 1 is pointed at stderr and fd 0 at /dev/null: whatever a command run in-process
/// prints (even past `cli::capture`) lands on stderr, and nothing it reads can consume
/// protocol bytes. stdout carries only JSON-RPC.
#[cfg(unix)]
fn protocol_streams() -> std::io::Result<(tokio::fs::File, tokio::fs::File)> {
    use std::io::Write;
    use std::os::fd::{AsFd, AsRawFd};
    let input = std::io::stdin().as_fd().try_clone_to_owned()?;
    let output = std::io::stdout().as_fd().try_clone_to_owned()?;
    std::io::stdout().flush()?;
    let devnull = std::fs::File::open("/dev/null")?;
    // SAFETY: dup2 on descriptors this process owns; fds 0 and 1 stay open (as /dev/null
    // and a copy of stderr), so std's handles on them remain valid.
    let moved = unsafe {
        libc::dup2(libc::STDERR_FILENO, libc::STDOUT_FILENO) >= 0
            && libc::dup2(devnull.as_raw_fd(), libc::STDIN_FILENO) >= 0
    };
    if !moved {
        return Err(std::io::Error::last_os_error());
    }
    Ok((
        tokio::fs::File::from_std(std::fs::File::from(input)),
        tokio::fs::File::from_std(std::fs::File::from(output)),
    ))
}

#[cfg(not(unix))]
fn protocol_streams(
) -> std::io::Result<(rmcp::transport::StdioReader, rmcp::transport::StdioWriter)> {
    Ok(rmcp::transport::stdio_pipes())
}

/// How `noveler mcp` was started.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub profile: Profile,
    pub quiet: bool,
    /// `--allow-root`: more roots a call may reach besides the project's.
    pub allow_roots: Vec<PathBuf>,
    /// `--no-save`: no result envelopes under `temp/json_output/`.
    pub no_save: bool,
    /// What the `noveler` tool runs a command line with (the CLI passes `cli::run_line`;
    /// without one the tool answers U001).
    pub line_runner: Option<crate::commands::noveler_cli::LineRunner>,
}

/// Serves `root` over stdin/stdout until the client closes stdin.
pub(crate) fn serve_stdio(root: PathBuf, options: Options) -> Result<()> {
    let Options {
        profile,
        quiet,
        allow_roots,
        no_save,
        line_runner,
    } = options;
    QUIET.store(quiet, Ordering::Relaxed);
    let env = |k: &str| std::env::var(k).ok();
    state::set_memory_limits(crate::store::memory::Limits::from_values(
        env(crate::store::memory::ENV_PER_OPERATION).as_deref(),
        env(crate::store::memory::ENV_TOTAL).as_deref(),
    )?);
    if let Some(runner) = line_runner {
        state::set_line_runner(runner);
    }
    // An artifact this server could not write is served to later calls from memory.
    crate::store::artifact::keep_memory_across_calls();
    steady_allocator();
    let root = std::fs::canonicalize(&root)
        .ok()
        .filter(|p| p.is_dir())
        .ok_or_else(|| {
            Error::new(
                Code::P001,
                format!(
                    "プロジェクトディレクトリ {} が見つかりません",
                    root.display()
                ),
            )
            .hint("--project-root に存在するプロジェクトのディレクトリを指定してください。")
        })?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::new(Code::R002, format!("非同期ランタイムを起動できません: {e}")))?;
    let served = runtime.block_on(async move {
        for extra in &allow_roots {
            if !extra.is_dir() {
                return Err(Error::new(
                    Code::P001,
                    format!("--allow-root {} が見つかりません", extra.display()),
                )
                .hint("--allow-root には既存のディレクトリを指定してください。"));
            }
        }
        let server = NovelerServer::with_options(root.clone(), profile, allow_roots, true, no_save);
        log(&format!(
            "serving {} (tools: {profile:?}; allowed roots: {}), noveler {}",
            root.display(),
            server
                .allowed()
                .roots()
                .iter()
                .map(|r| r.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
            crate::VERSION
        ));
        server.warm_up();
        let transport = match protocol_streams() {
            Ok((read, write)) => transport::LineTransport::new(read, write),
            Err(e) => {
                return Err(Error::new(
                    Code::R003,
                    format!("標準入出力を MCP 用に準備できませんでした: {e}"),
                ))
            }
        };
        match server.clone().serve(transport).await {
            Ok(running) => {
                let reason = running.waiting().await;
                // The client is gone: calls still running stop at their next check; a call
                // blocked elsewhere (waiting for a lock) is abandoned after `EXIT_GRACE`
                // below. Every write is atomic, so no file is left half-written.
                server.cancel_all();
                log(&format!("stopped: {reason:?}"));
                Ok(())
            }
            Err(rmcp::service::ServerInitializeError::ConnectionClosed(_)) => {
                log("stdin closed before a session started");
                Ok(())
            }
            Err(e) => Err(Error::new(
                Code::R003,
                format!("MCP セッションを開始できませんでした: {e}"),
            )
            .hint("MCP クライアントの設定（コマンド `noveler mcp`）を確認してください。")),
        }
    });
    runtime.shutdown_timeout(EXIT_GRACE);
    served
}

/// Keeps a long-lived server's memory flat (issue 12 item 4). Its live heap stays small
/// (heaptrack: an 11 MB peak over 6,000 saving calls), but glibc's defaults let the resident
/// size creep up with the number of calls (anonymous RSS 9 → 20 MB over 10,000 calls): each
/// blocking worker thread may get an arena of its own that keeps freed pages, and the dynamic
/// mmap threshold rises after the first big buffer is freed (an index compaction), so later
/// big buffers come from — and fragment — those arenas. Two arenas and a fixed 256 KiB mmap
/// threshold keep it flat (8.2 → 8.6 MB over the same 10,000 calls; `benches/mcp.sh`).
fn steady_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only tunes the allocator; called once at start, before other threads.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 * 1024);
    }
}

/// How long a call still running at end of input may take to stop before the process exits.
const EXIT_GRACE: std::time::Duration = std::time::Duration::from_secs(3);
