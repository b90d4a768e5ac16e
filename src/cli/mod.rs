//! The command line: clap definitions → requests, rendering through `output`, exit codes.
//! Every verb calls the same `commands::*` function its MCP tool calls.

use crate::cli::files::DataFormat;
use crate::commands::{self, Ctx, Outcome, Report};
use crate::error::Error;
use crate::output::Format;
use clap::{Args, Parser, Subcommand};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

pub mod artifact;
pub mod backup;
pub mod check;
pub mod complete;
pub mod convert;
pub mod files;
pub mod gen;
mod globs;
pub mod init;
mod mcp;
pub mod plot;
pub mod polish;
pub mod progressive;
pub mod status;
pub mod todo;
pub mod validate;
pub mod write;

#[derive(Debug, Parser)]
#[command(
    name = "noveler",
    version,
    about = "Checks and staged-writing workflows for Japanese web-novel manuscripts",
    long_about = "noveler checks Japanese web-novel manuscripts (length, rhythm, readability, \
                  style) deterministically, keeps every result as a JSON file under \
                  temp/json_output/, and serves the same commands to LLM agents over MCP \
                  (`noveler mcp`).\n\nExit codes: 0 ok, 1 findings at or above the gate, \
                  2 usage/config/I-O error."
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

/// Options every subcommand accepts.
#[derive(Debug, Clone, Args)]
pub struct GlobalArgs {
    /// Project root (default: nearest ancestor with プロジェクト設定.yaml or 40_原稿/)
    #[arg(long, global = true, env = "PROJECT_ROOT", value_name = "DIR")]
    pub project_root: Option<PathBuf>,
    /// Do not save the result envelope under temp/json_output/
    #[arg(long, global = true, conflicts_with = "save")]
    pub no_save: bool,
    /// Save the result envelope (and use .noveler/cache/) even outside a project: outside
    /// one (no プロジェクト設定.yaml or 40_原稿/ up the tree) nothing is written by default
    #[arg(long, global = true)]
    pub save: bool,
    /// Print less: only findings, errors and the pass/fail line
    #[arg(short, long, global = true)]
    pub quiet: bool,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check manuscripts: length, rhythm, readability, grammar, style, forbidden phrases
    Check(check::CheckArgs),
    /// Print a shell completion script
    Completions(gen::CompletionsArgs),
    /// Print the man page (or write every page with --dir)
    Man(gen::ManArgs),
    /// Show a rule's documentation: what it detects, why, an example and its fix
    Explain {
        /// Rule code, e.g. CONSECUTIVE_LONG_SENTENCES, or `scoring` for the score formula
        code: String,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// List every rule with its code, aspect and default severity
    Rules {
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Content-addressed artifacts: store, fetch, list, delete, gc
    Artifact(artifact::ArtifactArgs),
    /// Snapshots of manuscripts and artifacts: create, list, restore
    Backup(backup::BackupArgs),
    /// Saved results and the hash index: info, list, get, changes, clean
    Files(files::FilesArgs),
    /// Convert a CLI result {command, returncode, stdout, stderr} into a result envelope
    Convert(convert::ConvertArgs),
    /// Check that a JSON document is a well-formed result envelope
    Validate(validate::ValidateArgs),
    /// Write an episode in ten stages with an agent: prompts out, validated results in
    Write(write::WriteArgs),
    /// The episode plot for an agent: prompt, then submit the plot YAML
    Plot(plot::PlotArgs),
    /// Tasks for the author's agent: .todo/task.md (add, update, delete, move, list, search)
    Todo(todo::TodoArgs),
    /// Decision records (ADR) under .todo/adr/ (new, status, list)
    Adr(todo::AdrArgs),
    /// Per-task context files .todo/context/TNNN.md (set, append, show, search)
    Context(todo::ContextArgs),
    /// Where the project stands: episodes, quality, progress (and an HTML report)
    Status(status::StatusArgs),
    /// Finish an episode: quality gate, 話数管理 update and the publish-ready text
    Complete(complete::CompleteArgs),
    /// Create a new novel project (folders, settings, first plot, .novelerrc.yaml)
    Init(init::InitArgs),
    /// The 12-step progressive check of an episode: tasks, step N, repeat, status, history, end
    Progressive(progressive::ProgressiveArgs),
    /// Judged evaluations for an agent: 68 story elements, structure, expression, preview
    Evaluate(progressive::EvaluateArgs),
    /// Apply the rules' automatic fixes (diff or --apply with a backup), or revision stages 2/3
    Polish(polish::PolishArgs),
    /// Serve the commands as MCP tools over stdio (for Claude Code and other agents)
    Mcp(mcp::McpArgs),
}

/// Entry point of the binary.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            let code = if err.use_stderr() { 2 } else { 0 };
            let _ = err.print();
            return ExitCode::from(code);
        }
    };
    ExitCode::from(run(cli))
}

/// Runs a parsed command line; returns the exit status.
pub fn run(cli: Cli) -> u8 {
    let ctx = context(&cli.global);
    run_in(ctx, cli)
}

/// Runs a parsed command line in `ctx` (the MCP `noveler` tool passes its own, with
/// progress and cancellation wired); returns the exit status.
pub fn run_in(ctx: Ctx, cli: Cli) -> u8 {
    match cli.command {
        Command::Check(args) => check::run(&ctx, &cli.global, args),
        Command::Completions(args) => gen::run_completions(args),
        Command::Man(args) => gen::run_man(args),
        Command::Explain { code, format } => {
            // Documentation reads nothing of the project: nothing to keep unless `--save`
            // (ruff `rule` writes nothing either).
            let ctx = Ctx {
                save: ctx.save && cli.global.save,
                ..ctx
            };
            let out = commands::execute(&ctx, "explain", |c| {
                commands::explain::explain(c, commands::explain::ExplainRequest { code })
            });
            emit(&out, format.format(), |r| match (&r.rule, &r.scoring) {
                (Some(rule), _) => crate::output::rules::explain_text(rule),
                (None, scoring) => scoring.clone().unwrap_or_default(),
            })
        }
        Command::Rules { format } => {
            let ctx = Ctx {
                save: ctx.save && cli.global.save,
                ..ctx
            };
            let out = commands::execute(&ctx, "rules", |c| {
                commands::explain::rules(c, Default::default())
            });
            emit(&out, format.format(), |r| {
                crate::output::rules::rules_table(&r.rules)
            })
        }
        Command::Artifact(args) => artifact::run(&ctx, args),
        Command::Backup(args) => backup::run(&ctx, args),
        Command::Files(args) => files::run(&ctx, args),
        Command::Convert(args) => convert::run(&ctx, args),
        Command::Validate(args) => validate::run(&ctx, args),
        Command::Write(args) => write::run(&ctx, args),
        Command::Plot(args) => plot::run(&ctx, args),
        Command::Todo(args) => todo::run_todo(&ctx, args),
        Command::Adr(args) => todo::run_adr(&ctx, args),
        Command::Context(args) => todo::run_context(&ctx, args),
        Command::Init(args) => init::run(&ctx, args, &cli.global),
        Command::Complete(args) => complete::run(&ctx, args),
        Command::Status(args) => status::run(&ctx, args, cli.global.quiet),
        Command::Progressive(args) => progressive::run(&ctx, args),
        Command::Evaluate(args) => progressive::run_evaluate(&ctx, args),
        Command::Polish(args) => polish::run(&ctx, args),
        Command::Mcp(args) => mcp::run(&ctx, args, cli.global.quiet),
    }
}

/// The command context for these global options.
pub fn context(global: &GlobalArgs) -> Ctx {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let root = crate::project::discover_root(global.project_root.as_deref(), &cwd);
    let mut ctx = Ctx::new(root);
    apply_save_policy(&mut ctx, global);
    ctx
}

/// Whether `dir` is an author's project (config file or manuscript directory).
pub fn is_project(dir: &std::path::Path) -> bool {
    dir.join(crate::project::PROJECT_CONFIG).is_file()
        || dir.join(crate::project::MANUSCRIPT_DIR).is_dir()
}

/// What a run may leave behind at `ctx.root`: inside a project (or a root named with
/// `--project-root` / `PROJECT_ROOT`) the envelope and the cache, as SPEC §5 says; outside
/// one nothing unless `--save`. `--no-save` always wins. Call again when the root changes.
pub fn apply_save_policy(ctx: &mut Ctx, global: &GlobalArgs) {
    let asked = global.save || global.project_root.is_some() || is_project(&ctx.root);
    ctx.save = !global.no_save && asked;
    ctx.use_cache = asked;
}

/// Prints an outcome: the envelope for `json`, `text(report)` otherwise; errors go to
/// stderr rendered by miette. Returns the exit status. A closed stdout (broken pipe) is not
/// an error.
pub fn emit<R: Report>(outcome: &Outcome<R>, format: Format, text: impl Fn(&R) -> String) -> u8 {
    if let Some(err) = &outcome.save_error {
        print_stderr(&format!("警告: 結果ファイルを保存できませんでした: {err}"));
    }
    capture::envelope(|| outcome.value());
    let printed = match (&outcome.report, format) {
        (_, Format::Json) | (Err(_), Format::Ndjson) => match &outcome.saved_json {
            Some(json) => print_stdout(json),
            None => print_stdout(&outcome.json()),
        },
        (Ok(report), _) => print_stdout(&text(report)),
        (Err(_), _) => Ok(()),
    };
    if let Err(err) = &outcome.report {
        print_error(err);
    }
    match printed {
        Ok(()) => outcome.exit_code(),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(_) => 2,
    }
}

/// Writes `text` (plus a final newline) to stdout (or to the capture, see `capture`).
pub fn print_stdout(text: &str) -> std::io::Result<()> {
    if capture::stdout(text) {
        return Ok(());
    }
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    if !text.ends_with('\n') {
        out.write_all(b"\n")?;
    }
    out.flush()
}

/// Writes `bytes` exactly to stdout (or to the capture, as UTF-8 text, see `capture`).
pub fn print_stdout_bytes(bytes: &[u8]) -> std::io::Result<()> {
    if capture::stdout_raw(&String::from_utf8_lossy(bytes)) {
        return Ok(());
    }
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()
}

/// Renders an error with miette on stderr, followed by every validation violation it carries
/// (the message names only the first).
pub fn print_error(err: &Error) {
    print_stderr(render_error(err).trim_end());
    let list = violation_lines(err);
    if !list.is_empty() {
        print_stderr(&list);
    }
}

/// `details.violations` (`[{path, message}]`) as one line each, when there are several.
pub fn violation_lines(err: &Error) -> String {
    let Some(v) = err
        .details
        .as_ref()
        .and_then(|d| d.get("violations"))
        .and_then(|v| v.as_array())
        .filter(|v| v.len() > 1)
    else {
        return String::new();
    };
    let mut out = format!("違反 {} 件:", v.len());
    for item in v {
        let path = item.get("path").and_then(|p| p.as_str()).unwrap_or("");
        let message = item.get("message").and_then(|m| m.as_str()).unwrap_or("");
        let path = if path.is_empty() {
            "（全体）"
        } else {
            path
        };
        out.push_str(&format!("\n  - {path}: {message}"));
    }
    out
}

/// An error rendered by miette, unwrapped so that file names stay whole; coloured when
/// stderr is a terminal and `NO_COLOR` is unset.
pub fn render_error(err: &Error) -> String {
    use std::io::IsTerminal;
    let colour = check::use_color(check::ColorChoice::Auto, std::io::stderr().is_terminal());
    let theme = if colour {
        miette::GraphicalTheme::unicode()
    } else {
        miette::GraphicalTheme::unicode_nocolor()
    };
    let handler = miette::GraphicalReportHandler::new_themed(theme).with_wrap_lines(false);
    let mut out = String::new();
    if handler.render_report(&mut out, err).is_err() {
        out = format!("{err}\n");
    }
    out
}

/// Writes one line to stderr (or to the capture, see `capture`).
pub fn print_stderr(text: &str) {
    if !capture::stderr(text) {
        eprintln!("{text}");
    }
}

/// In-process runs of a command line (the MCP `noveler` tool): while `capture::run` is on
/// the stack, what `print_stdout` / `print_stderr` / `emit` would print is collected for the
/// calling thread instead (stdout of `noveler mcp` is the protocol).
pub mod capture {
    use std::cell::RefCell;

    /// What a captured run printed.
    #[derive(Debug, Default)]
    pub struct Captured {
        pub stdout: String,
        pub stderr: String,
        /// The last envelope `emit` handled (printed or not).
        pub envelope: Option<serde_json::Value>,
    }

    thread_local! {
        static CAPTURE: RefCell<Option<Captured>> = const { RefCell::new(None) };
    }

    /// Runs `f` with this thread's output captured.
    pub fn run<T>(f: impl FnOnce() -> T) -> (T, Captured) {
        let outer = CAPTURE.with(|c| c.replace(Some(Captured::default())));
        let value = f();
        let captured = CAPTURE.with(|c| c.replace(outer)).unwrap_or_default();
        (value, captured)
    }

    fn with(f: impl FnOnce(&mut Captured)) -> bool {
        CAPTURE.with(|c| match c.borrow_mut().as_mut() {
            Some(captured) => {
                f(captured);
                true
            }
            None => false,
        })
    }

    pub(crate) fn stdout(text: &str) -> bool {
        with(|c| {
            c.stdout.push_str(text);
            if !text.ends_with('\n') {
                c.stdout.push('\n');
            }
        })
    }

    pub(crate) fn stdout_raw(text: &str) -> bool {
        with(|c| c.stdout.push_str(text))
    }

    pub(crate) fn stderr(text: &str) -> bool {
        with(|c| {
            c.stderr.push_str(text);
            c.stderr.push('\n');
        })
    }

    /// Records the envelope (built only when a capture is on).
    pub(crate) fn envelope(value: impl FnOnce() -> serde_json::Value) {
        with(|c| c.envelope = Some(value()));
    }
}
