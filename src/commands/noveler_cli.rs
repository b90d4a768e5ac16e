//! `noveler` (MCP): runs a noveler command line in-process — parsed by the same clap `Cli`
//! as the binary, run with its output captured (stdout of `noveler mcp` is the protocol) —
//! and returns what it printed through `convert` (convert_cli_to_json: command,
//! returncode, stdout/stderr summarised past 1000 characters with the full streams saved as
//! referenced files), plus the command's own result envelope.

use super::{Ctx, Report};
use crate::error::{Code, Error, Result};
use crate::operations::convert::{ConvertReport, ConvertRequest};
use crate::store::FileRef;
use serde::{Deserialize, Serialize};

/// The envelope `command` of this verb, the one name the CLI and the MCP tools use.
pub const NAME: &str = "noveler";

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct NovelerCliRequest {
    /// The command line after `noveler`, e.g. `check 1 --aspects style` or `rules`. Words are
    /// split on spaces; quote a word containing spaces ('…' or "…"). A leading `noveler` is
    /// ignored. Relative paths are taken from the project root; every path must lie inside
    /// the allowed roots (the project, `--allow-root`, the client's roots).
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
    fn exit_code(&self) -> crate::ExitStatus {
        crate::ExitStatus::from_code(self.converted.returncode)
    }
    /// A line that ended with status 2 (a usage, configuration or I/O error) failed: the
    /// reply is an error an agent sees as one (`isError`), its streams still in `result`.
    /// Status 1 (findings at the gate) is a result, not a failure.
    fn all_failed(&self) -> bool {
        self.exit_code() == crate::ExitStatus::Error
    }
    fn first_error(&self) -> Option<Error> {
        Some(self.failure())
    }
}

impl NovelerCliReport {
    /// The error of a failed line: the command's own (its envelope's code, message, hint and
    /// suggestion), else — a line the parser refused — U001 with the first line of what it
    /// printed and the call that shows the usage.
    fn failure(&self) -> Error {
        let own = self.envelope.as_ref().and_then(|e| e.get("error"));
        let text = |key: &str| own.and_then(|e| e.get(key)).and_then(|v| v.as_str());
        if let Some(code) = text("code").and_then(Code::parse) {
            let mut e = Error::new(code, text("message").unwrap_or_default());
            if let Some(hint) = text("hint") {
                e = e.hint(hint);
            }
            if let Some(action) = text("suggested_action") {
                e = e.suggest(action);
            }
            return e;
        }
        let said = self
            .converted
            .stderr
            .text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or("");
        let said = said.strip_prefix("error: ").unwrap_or(said);
        Error::new(
            Code::U001,
            format!("`{}` を実行できません: {said}", self.converted.command),
        )
        .hint("result.stderr に全文があります。使い方は --help で確かめてください。")
        .suggest("noveler --help — 使えるコマンドと引数")
    }
}

/// Splits a command line into words as a POSIX shell does (`shlex`): blanks separate,
/// '…' and "…" group, `\` escapes.
pub(crate) fn split_words(line: &str) -> Result<Vec<String>> {
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

/// What running one command line printed.
#[derive(Debug, Default)]
pub struct LineRun {
    pub returncode: crate::ExitStatus,
    pub stdout: String,
    pub stderr: String,
    /// The command's own result envelope, when it produced one.
    pub envelope: Option<serde_json::Value>,
}

/// Runs a command line (the words after `noveler`) in `ctx`. The CLI owns the parser and
/// the verbs' printing, so it passes its runner in (`cli::run_line`, handed to the MCP
/// server by `noveler mcp`): this verb never names the layer above it.
pub type LineRunner = fn(&Ctx, &[String]) -> Result<LineRun>;

/// `noveler` (MCP): the request's command line run by `runner`, its output converted.
pub fn run(ctx: &Ctx, req: NovelerCliRequest, runner: LineRunner) -> Result<NovelerCliReport> {
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
                .suggest("noveler --help — 使えるコマンドと引数"),
        );
    }
    let line = std::iter::once("noveler".to_string())
        .chain(words.iter().map(|w| quote(w)))
        .collect::<Vec<_>>()
        .join(" ");
    let ran = runner(ctx, &words)?;
    let converted = crate::operations::convert::run(
        ctx,
        ConvertRequest {
            cli_result: serde_json::json!({
                "command": line,
                "returncode": ran.returncode.code(),
                "stdout": ran.stdout,
                "stderr": ran.stderr,
            }),
        },
    )?;
    Ok(NovelerCliReport {
        converted,
        envelope: ran.envelope,
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
}
