//! `noveler` (MCP): runs a noveler command line in-process — parsed by the same clap `Cli`
//! as the binary, run with its output captured (stdout of `noveler mcp` is the protocol) —
//! and returns what it printed through `convert` (convert_cli_to_json: command,
//! returncode, stdout/stderr summarised past 1000 characters with the full streams saved as
//! referenced files), plus the command's own result envelope.

use super::convert::{ConvertReport, ConvertRequest};
use super::{Ctx, Report};
use crate::error::{Code, Error, Result};
use crate::store::FileRef;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct NovelerCliRequest {
    /// The command line after `noveler`, e.g. `check 1 --aspects style` or `rules`. Words are
    /// split on spaces; quote a word containing spaces ('…' or "…"). A leading `noveler` is
    /// ignored. Relative paths are taken from the server's working directory, as in a shell.
    #[serde(default)]
    pub command: String,
    /// The same as separate words (use instead of `command` to avoid quoting).
    #[serde(default)]
    pub args: Vec<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct NovelerCliReport {
    /// The CLI result as convert_cli_to_json returns it.
    #[serde(flatten)]
    pub converted: ConvertReport,
    /// The command's own result envelope (SPEC §5), when it produced one; its `saved_to`
    /// names the saved file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub envelope: Option<serde_json::Value>,
}

impl Report for NovelerCliReport {
    fn outputs(&self) -> Vec<FileRef> {
        self.converted.outputs()
    }
    fn exit_code(&self) -> u8 {
        u8::try_from(self.converted.returncode).unwrap_or(2)
    }
}

/// Splits a command line into words as a POSIX shell does (`shlex`): blanks separate,
/// '…' and "…" group, `\` escapes.
pub fn split_words(line: &str) -> Result<Vec<String>> {
    shlex::split(line).ok_or_else(|| unbalanced(line))
}

fn unbalanced(line: &str) -> Error {
    Error::new(
        Code::U001,
        format!("コマンドラインの引用符が閉じていません: {line}"),
    )
    .hint("'…' または \"…\" を閉じるか、args に単語の配列で渡してください。")
}

/// `word` as it is, or quoted by `shlex` when a shell would split or unquote it.
fn quote(word: &str) -> String {
    if !word.is_empty()
        && !word
            .chars()
            .any(|c| c.is_whitespace() || "'\"\\".contains(c))
    {
        word.to_string()
    } else {
        shlex::try_quote(word).map_or_else(|_| format!("'{word}'"), |q| q.into_owned())
    }
}

pub fn run(ctx: &Ctx, req: NovelerCliRequest) -> Result<NovelerCliReport> {
    use clap::Parser;
    let mut words = if !req.args.is_empty() {
        if !req.command.trim().is_empty() {
            return Err(
                Error::new(Code::U001, "command と args は同時に指定できません")
                    .hint("どちらか一方だけを指定してください。"),
            );
        }
        req.args.clone()
    } else {
        split_words(&req.command)?
    };
    if words.first().map(String::as_str) == Some("noveler") {
        words.remove(0);
    }
    if words.is_empty() {
        return Err(
            Error::new(Code::U001, "実行するコマンドが指定されていません")
                .hint("例: {\"command\": \"rules\"} や {\"command\": \"check 1\"}")
                .suggest("noveler {\"command\": \"--help\"}"),
        );
    }
    let line = std::iter::once("noveler".to_string())
        .chain(words.iter().map(|w| quote(w)))
        .collect::<Vec<_>>()
        .join(" ");
    let argv = std::iter::once("noveler".to_string()).chain(words.iter().cloned());
    let (returncode, captured) = match crate::cli::Cli::try_parse_from(argv) {
        Err(err) => {
            // --help / --version print to stdout and succeed; usage errors go to stderr.
            let text = err.render().to_string();
            let ok = !err.use_stderr();
            let captured = crate::cli::capture::Captured {
                stdout: if ok { text.clone() } else { String::new() },
                stderr: if ok { String::new() } else { text },
                envelope: None,
            };
            (if ok { 0 } else { 2 }, captured)
        }
        Ok(mut cli) => {
            if matches!(cli.command, crate::cli::Command::Mcp(_)) {
                return Err(Error::new(
                    Code::U001,
                    "noveler ツールから `noveler mcp` は実行できません",
                )
                .hint("MCP サーバーの中では、各ツールを直接呼び出してください。"));
            }
            // Confined (MCP): verbs that create or print files wherever they are told stay out.
            let elsewhere = match &cli.command {
                crate::cli::Command::Init(_) => Some("init"),
                crate::cli::Command::Man(_) => Some("man"),
                crate::cli::Command::Completions(_) => Some("completions"),
                _ => None,
            };
            if let (Some(verb), Some(_)) = (elsewhere, &ctx.confine) {
                return Err(Error::new(
                    Code::U004,
                    format!("noveler ツールから `noveler {verb}` は実行できません（MCP サーバーは許可されたルートの外に書き込みません）"),
                )
                .hint(format!("`noveler {verb}` は端末で直接実行してください。")));
            }
            let root = match cli.global.project_root.take() {
                Some(given) if words.iter().any(|w| w.starts_with("--project-root")) => {
                    ctx.user_root(&given)?
                }
                // Not on this command line (PROJECT_ROOT of the server's environment is
                // already part of the server's root): the root of this call.
                _ => ctx.root.clone(),
            };
            let mut inner = ctx.clone();
            inner.root = root;
            inner.save = ctx.save && !cli.global.no_save;
            crate::cli::capture::run(move || crate::cli::run_in(inner, cli))
        }
    };
    let converted = super::convert::run(
        ctx,
        ConvertRequest {
            cli_result: serde_json::json!({
                "command": line,
                "returncode": returncode,
                "stdout": captured.stdout,
                "stderr": captured.stderr,
            }),
        },
    )?;
    Ok(NovelerCliReport {
        converted,
        envelope: captured.envelope,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_like_a_shell() {
        assert_eq!(
            split_words(r#"check  1 --aspects 'rhythm style' "a\"b" c\ d"#).unwrap(),
            vec!["check", "1", "--aspects", "rhythm style", "a\"b", "c d"]
        );
        assert_eq!(split_words("''").unwrap(), vec![""]);
        assert!(split_words("'open").is_err());
        // Only the blanks a shell splits on separate words: an ideographic space does not.
        assert_eq!(
            split_words("check 第1話\u{3000}前編.md").unwrap(),
            vec!["check", "第1話\u{3000}前編.md"]
        );
        for word in ["it's a \"test\"", "a\\b", "", "第1話 前編"] {
            assert_eq!(split_words(&quote(word)).unwrap(), vec![word], "{word}");
        }
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
