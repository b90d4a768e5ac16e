//! The command line: clap definitions → requests, rendering through `output`, exit codes.
//! Every verb calls the same `commands::*` function its MCP tool calls.

use crate::cli::files::DataFormat;
use crate::commands::{self, Ctx, Outcome, Report};
use crate::error::Error;
use crate::output::Format;
use crate::ExitStatus;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

pub mod artifact;
pub mod backup;
pub mod baseline;
pub mod check;
pub mod complete;
pub mod convert;
pub mod feedback;
pub mod files;
pub mod gen;
mod globs;
pub mod init;
mod lsp;
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
    Check(Box<check::CheckArgs>),
    /// Print a shell completion script
    Completions(gen::CompletionsArgs),
    /// Print the man page (or write every page with --dir)
    Man(gen::ManArgs),
    /// Show a rule's documentation: what it detects, why, an example and its fix
    Explain {
        /// Rule code, e.g. CONSECUTIVE_LONG_SENTENCES, `scoring` for the score formula,
        /// `statistics` for the corpus statistics of --ml (not the findings baseline), or
        /// `suppression` for the ways to silence a finding (comments, config, baseline)
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
    /// Corpus baselines (statistics of a folder of texts) for `check --corpus-model-id`:
    /// build DIR, list, show ID. Not `check --baseline` (accepted findings)
    Baseline(baseline::BaselineArgs),
    /// Record accept/reject feedback on findings (weights and config suggestions): record, summary
    Feedback(feedback::FeedbackArgs),
    /// Serve the commands as MCP tools over stdio (for Claude Code and other agents)
    Mcp(mcp::McpArgs),
    /// Serve findings, fixes and rule docs to an editor as you type (Language Server Protocol
    /// over stdio; see the README for Neovim, VS Code, Helix, Emacs and Zed)
    Lsp(lsp::LspArgs),
}

/// Entry point of the binary.
pub fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(cli) = parse_check(&args) {
        return run(cli).into();
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(err) => {
            let status = if err.use_stderr() {
                ExitStatus::Error
            } else {
                ExitStatus::Ok
            };
            let _ = err.print();
            return status.into();
        }
    };
    run(cli).into()
}

/// `noveler check …` parsed against a command tree holding only the global options and
/// `check`: building clap's whole tree (every verb's arguments) was a third of a one-line
/// check's instructions. `None` unless argv[1] is `check` and the line parses: help, version
/// and every error then come from the whole tree (`Cli::try_parse_from`), so what is printed
/// never differs. The same derives build both trees, so a line that parses here gives the
/// `Cli` the whole tree gives (tested).
fn parse_check(args: &[std::ffi::OsString]) -> Option<Cli> {
    use clap::FromArgMatches;
    if args.get(1).is_none_or(|a| a != "check") {
        return None;
    }
    let tree = GlobalArgs::augment_args(clap::Command::new("noveler"))
        .subcommand(check::CheckArgs::augment_args(clap::Command::new("check")))
        .subcommand_required(true);
    let matches = tree.try_get_matches_from(args).ok()?;
    Cli::from_arg_matches(&matches).ok()
}

/// Runs a parsed command line, printing to the process's stdout/stderr; returns the exit
/// status.
pub fn run(cli: Cli) -> ExitStatus {
    let ctx = context(&cli.global);
    let sink = Sink::std();
    // The servers (`noveler mcp`, `noveler lsp`) live long: a process peak means nothing
    // there (the MCP server measures each call itself); any other command is one operation.
    if matches!(cli.command, Command::Mcp(_) | Command::Lsp(_)) {
        return run_in(ctx, cli, &sink);
    }
    let meter = crate::store::memory::Meter::whole_process();
    let status = run_in(ctx, cli, &sink);
    warn_memory(&meter, &sink);
    status
}

/// The per-operation memory limit (seed 000 §7.2; `store::memory`): a command that used
/// more says so on stderr with R002; its result and exit status stand.
fn warn_memory(meter: &crate::store::memory::Meter, sink: &Sink) {
    use crate::store::memory::{Limits, ENV_PER_OPERATION, ENV_TOTAL};
    let env = |k: &str| std::env::var(k).ok();
    let limits =
        match Limits::from_values(env(ENV_PER_OPERATION).as_deref(), env(ENV_TOTAL).as_deref()) {
            Ok(l) => l,
            Err(e) => {
                sink.stderr(&format!("warning: {}: {}", e.code.as_str(), e.message));
                Limits::default()
            }
        };
    if let Some(w) = meter.finish(&limits).warning("このコマンド") {
        sink.stderr(&format!("warning: {w}"));
    }
}

/// Runs a parsed command line in `ctx` (the MCP `noveler` tool passes its own, with
/// progress and cancellation wired), printing through `sink`; returns the exit status.
pub fn run_in(ctx: Ctx, cli: Cli, sink: &Sink) -> ExitStatus {
    match cli.command {
        Command::Check(args) => check::run(&ctx, &cli.global, *args, sink),
        Command::Completions(args) => gen::run_completions(args, sink),
        Command::Man(args) => gen::run_man(args, sink),
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
            emit(sink, &out, format.format(), |r| {
                match (&r.rule, &r.scoring) {
                    (Some(rule), _) => crate::output::rules::explain_text(rule),
                    (None, scoring) => scoring
                        .clone()
                        .or_else(|| r.statistics.clone())
                        .or_else(|| r.suppression.clone())
                        .unwrap_or_default(),
                }
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
            emit(sink, &out, format.format(), |r| {
                crate::output::rules::rules_table(&r.rules)
            })
        }
        Command::Artifact(args) => artifact::run(&ctx, args, sink),
        Command::Backup(args) => backup::run(&ctx, args, sink),
        Command::Files(args) => files::run(&ctx, args, sink),
        Command::Convert(args) => convert::run(&ctx, args, sink),
        Command::Validate(args) => validate::run(&ctx, args, sink),
        Command::Write(args) => write::run(&ctx, args, sink),
        Command::Plot(args) => plot::run(&ctx, args, sink),
        Command::Todo(args) => todo::run_todo(&ctx, args, sink),
        Command::Adr(args) => todo::run_adr(&ctx, args, sink),
        Command::Context(args) => todo::run_context(&ctx, args, sink),
        Command::Init(args) => init::run(&ctx, args, &cli.global, sink),
        Command::Complete(args) => complete::run(&ctx, args, cli.global.quiet, sink),
        Command::Status(args) => status::run(&ctx, args, cli.global.quiet, sink),
        Command::Progressive(args) => progressive::run(&ctx, args, sink),
        Command::Evaluate(args) => progressive::run_evaluate(&ctx, args, sink),
        Command::Polish(args) => polish::run(&ctx, args, sink),
        Command::Baseline(args) => baseline::run(&ctx, args, sink),
        Command::Feedback(args) => feedback::run(&ctx, args, sink),
        Command::Mcp(args) => mcp::run(&ctx, args, &cli.global, sink),
        Command::Lsp(args) => lsp::run(&ctx, args, sink),
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
pub(crate) fn is_project(dir: &std::path::Path) -> bool {
    dir.join(crate::project::PROJECT_CONFIG)
        .symlink_metadata()
        .is_ok()
        || dir.join(crate::project::MANUSCRIPT_DIR).is_dir()
}

/// P001 for a verb that needs an author's project (`status`, `write`) run outside any,
/// pointing to `noveler init`.
pub(crate) fn not_a_project(root: &std::path::Path) -> Error {
    crate::error::Error::new(
        crate::error::Code::P001,
        format!(
            "{} は小説プロジェクトではありません（{} も {}/ もありません）",
            root.display(),
            crate::project::PROJECT_CONFIG,
            crate::project::MANUSCRIPT_DIR
        ),
    )
    .hint("新しく始めるなら noveler init DIR --title 作品名 --genre ジャンル で作ります。既存のプロジェクトなら、そのフォルダで実行するか --project-root で指定してください。")
    .suggest("noveler init <DIR> --title <作品名> --genre <ジャンル>")
}

/// What a run may leave behind at `ctx.root`: inside a project (or a root named with
/// `--project-root` / `PROJECT_ROOT`) the envelope and the cache, as SPEC §5 says; outside
/// one nothing unless `--save`. `--no-save` always wins. Call again when the root changes.
pub(crate) fn apply_save_policy(ctx: &mut Ctx, global: &GlobalArgs) {
    let asked = global.save || global.project_root.is_some() || is_project(&ctx.root);
    ctx.save = !global.no_save && asked;
    ctx.use_cache = asked;
}

/// Prints an outcome through `sink`: the envelope for `json`, `text(report)` otherwise;
/// errors go to stderr rendered by miette. Returns the exit status. A closed stdout (broken
/// pipe) is not an error.
pub(crate) fn emit<R: Report>(
    sink: &Sink,
    outcome: &Outcome<R>,
    format: Format,
    text: impl Fn(&R) -> String,
) -> ExitStatus {
    if let Some(err) = &outcome.save_error {
        sink.stderr(&format!("警告: 結果ファイルを保存できませんでした: {err}"));
    }
    sink.envelope(|| outcome.value());
    let printed = match (&outcome.report, format) {
        (_, Format::Json) | (Err(_), Format::Ndjson) => sink.stdout_with(|w| outcome.write_json(w)),
        (Ok(report), _) => sink.stdout(&text(report)),
        (Err(_), _) => Ok(()),
    };
    if let Err(err) = &outcome.report {
        sink.error(err);
    }
    outcome.exit_code().after_print(printed)
}

/// `details.violations` (`[{path, message}]`) as one line each, when there are several.
pub(crate) fn violation_lines(err: &Error) -> String {
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
pub(crate) fn render_error(err: &Error) -> String {
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

#[cfg(test)]
mod parse_tests {
    use super::*;

    fn whole(line: &[&str]) -> Option<String> {
        Cli::try_parse_from(line).ok().map(|c| format!("{c:?}"))
    }

    fn fast(line: &[&str]) -> Option<String> {
        let args: Vec<std::ffi::OsString> = line.iter().map(Into::into).collect();
        parse_check(&args).map(|c| format!("{c:?}"))
    }

    #[test]
    fn a_check_line_parses_alike_in_the_small_tree() {
        for line in [
            &["noveler", "check"][..],
            &[
                "noveler",
                "check",
                "1",
                "a.md",
                "--format",
                "json",
                "--no-save",
            ],
            &[
                "noveler",
                "check",
                "--no-cache",
                "-q",
                "--project-root",
                "/p",
                "x.md",
            ],
            &[
                "noveler",
                "check",
                "--fail-on",
                "low",
                "--config",
                "c.yaml",
                "-",
            ],
            &["noveler", "check", "--save", "--fail-under", "80", "b.md"],
        ] {
            assert!(whole(line).is_some(), "{line:?}");
            assert_eq!(fast(line), whole(line), "{line:?}");
        }
    }

    #[test]
    fn help_version_errors_and_other_verbs_go_to_the_whole_tree() {
        for line in [
            &["noveler", "check", "--help"][..],
            &["noveler", "check", "--bogus"],
            &["noveler", "check", "--save", "--no-save"],
            &["noveler", "--version"],
            &["noveler", "rules"],
            &["noveler", "--quiet", "check"],
            &["noveler"],
        ] {
            assert_eq!(fast(line), None, "{line:?}");
        }
    }
}

mod line;
pub mod path_args;
mod sink;
pub use line::run_line;
pub use sink::{Captured, Sink};
