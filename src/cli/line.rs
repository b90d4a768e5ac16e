//! The CLI's side of the MCP `noveler` tool: one command line parsed by the same clap `Cli`
//! as the binary and run in-process through a capturing `Sink`. `noveler mcp` hands
//! `run_line` to the server (`mcp::Options::line_runner`), so `commands::noveler_cli`
//! never names the CLI.

use super::{run_in, Cli, Command, Sink};
use crate::commands::noveler_cli::LineRun;
use crate::commands::Ctx;
use crate::error::{Code, Error, ExitStatus, Result};
use clap::{CommandFactory, FromArgMatches, Parser};

/// Runs `words` (the command line after `noveler`) in `ctx` with its output captured.
pub fn run_line(ctx: &Ctx, words: &[String]) -> Result<LineRun> {
    let argv: Vec<String> = std::iter::once("noveler".to_string())
        .chain(words.iter().cloned())
        .collect();
    let mut cli = match parse(ctx, &argv)? {
        Err(err) => {
            // --help / --version print to stdout and succeed; usage errors go to stderr.
            let text = err.render().to_string();
            let ok = !err.use_stderr();
            return Ok(LineRun {
                returncode: if ok {
                    ExitStatus::Ok
                } else {
                    ExitStatus::Error
                },
                stdout: if ok { text.clone() } else { String::new() },
                stderr: if ok { String::new() } else { text },
                envelope: None,
            });
        }
        Ok(cli) => cli,
    };
    if matches!(cli.command, Command::Mcp(_)) {
        return Err(Error::new(
            Code::U001,
            "noveler ツールから `noveler mcp` は実行できません",
        )
        .hint("MCP サーバーの中では、各ツールを直接呼び出してください。"));
    }
    // Confined (MCP): verbs that create or print files wherever they are told stay out.
    let elsewhere = match &cli.command {
        Command::Init(_) => Some("init"),
        Command::Man(_) => Some("man"),
        Command::Completions(_) => Some("completions"),
        _ => None,
    };
    if let (Some(verb), Some(_)) = (elsewhere, &ctx.confine) {
        return Err(Error::new(
            Code::U004,
            format!("noveler ツールから `noveler {verb}` は実行できません（MCP サーバーは許可されたルートの外に書き込みません）"),
        )
        .hint(format!("`noveler {verb}` は端末で直接実行してください。")));
    }
    let root = call_root(ctx, &mut cli, words)?;
    let mut inner = ctx.clone();
    inner.root = root;
    inner.save = ctx.save && !cli.global.no_save;
    let sink = Sink::capturing();
    let returncode = run_in(inner, cli, &sink);
    let captured = sink.into_captured();
    Ok(LineRun {
        returncode,
        stdout: captured.stdout,
        stderr: captured.stderr,
        envelope: captured.envelope,
    })
}

/// The project root the line names with `--project-root`, else the root of this call
/// (PROJECT_ROOT of the server's environment is already part of the server's root).
fn call_root(ctx: &Ctx, cli: &mut Cli, words: &[String]) -> Result<std::path::PathBuf> {
    match cli.global.project_root.take() {
        Some(given) if words.iter().any(|w| w.starts_with("--project-root")) => {
            ctx.user_root(&given)
        }
        _ => Ok(ctx.root.clone()),
    }
}

/// Parses `argv` with clap. Confined (MCP), every path argument is resolved inside the
/// allowed roots against the project root of the call (`path_args`) as it is parsed, so
/// the verb is handed only paths that were checked; a path outside refuses the whole line
/// (U004) before anything runs.
fn parse(ctx: &Ctx, argv: &[String]) -> Result<std::result::Result<Cli, clap::Error>> {
    let Some(confine) = &ctx.confine else {
        return Ok(Cli::try_parse_from(argv));
    };
    // The base of relative paths is the root the line names, found by a first plain parse
    // (nothing is opened by parsing).
    let base = match Cli::try_parse_from(argv) {
        Ok(mut cli) => call_root(ctx, &mut cli, &argv[1..])?,
        Err(_) => ctx.root.clone(),
    };
    let base = std::fs::canonicalize(&base).unwrap_or(base);
    let (cmd, refusal) = super::path_args::confined(Cli::command(), confine.clone(), base);
    let matches = cmd.try_get_matches_from(argv);
    if let Some(refused) = refusal() {
        return Err(refused);
    }
    Ok(matches.and_then(|m| Cli::from_arg_matches(&m)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::noveler_cli::{NovelerCliReport, NovelerCliRequest};
    use crate::commands::Report;

    fn run(ctx: &Ctx, req: NovelerCliRequest) -> Result<NovelerCliReport> {
        crate::commands::noveler_cli::run(ctx, req, run_line)
    }

    #[test]
    fn runs_rules_in_process_and_captures_the_envelope() {
        let dir = tempfile::tempdir().unwrap();
        let ctx = Ctx::new(dir.path().into());
        let report = run(
            &ctx,
            NovelerCliRequest {
                command: "rules --format json".into(),
                args: vec![],
            },
        )
        .unwrap();
        assert_eq!(report.converted.returncode, 0);
        assert_eq!(report.converted.command, "noveler rules --format json");
        let env = report.envelope.clone().unwrap();
        assert_eq!(env["command"], "rules");
        // Documentation commands keep nothing (issue 16): the envelope is not saved.
        assert!(env["saved_to"].is_null());
        // The long JSON stdout is summarised and saved in full as a referenced file.
        assert!(report.converted.stdout.truncated);
        assert!(report.converted.stdout.text.starts_with('{'));
        let file = report.converted.stdout.file.clone().unwrap();
        assert_eq!(report.outputs()[0].path, file.path);
        let saved = std::fs::read_to_string(dir.path().join(&file.path)).unwrap();
        let parsed: serde_json::Value = serde_json::from_str(&saved).unwrap();
        assert_eq!(parsed["command"], "rules");
    }

    #[test]
    fn usage_errors_are_returncode_2_and_help_is_0() {
        let dir = tempfile::tempdir().unwrap();
        let ctx = Ctx::new(dir.path().into());
        let bad = run(
            &ctx,
            NovelerCliRequest {
                command: "no-such-verb".into(),
                args: vec![],
            },
        )
        .unwrap();
        assert_eq!(bad.converted.returncode, 2);
        assert!(bad.converted.stderr.chars > 0);
        // A failed line is a failed call (isError), with the parser's words and the call
        // that shows the usage; a command's own error keeps its code.
        assert!(bad.all_failed());
        let e = bad.first_error().unwrap();
        assert_eq!(e.code, Code::U001);
        assert!(e.message.contains("no-such-verb"), "{}", e.message);
        assert_eq!(
            e.body().suggested_action.as_deref(),
            Some("noveler --help — 使えるコマンドと引数")
        );
        let missing = run(
            &ctx,
            NovelerCliRequest {
                command: "check 99".into(),
                args: vec![],
            },
        )
        .unwrap();
        assert!(missing.all_failed());
        let own = &missing.envelope.as_ref().unwrap()["error"]["code"];
        assert_eq!(missing.first_error().unwrap().code.as_str(), own, "{own}");
        assert_ne!(own, "U001");
        let help = run(
            &ctx,
            NovelerCliRequest {
                command: "--help".into(),
                args: vec![],
            },
        )
        .unwrap();
        assert_eq!(help.converted.returncode, 0);
        assert!(help.converted.stdout.text.contains("Usage"));
        assert!(!help.all_failed());
    }

    #[test]
    fn refuses_mcp_inside_mcp() {
        let ctx = Ctx::new(std::env::temp_dir());
        let err = run(
            &ctx,
            NovelerCliRequest {
                command: String::new(),
                args: vec!["mcp".into()],
            },
        )
        .unwrap_err();
        assert_eq!(err.code, Code::U001);
    }
}
