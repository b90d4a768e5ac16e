//! Converting a CLI result (`noveler convert`, MCP `convert_cli_to_json`, and the output of
//! the MCP `noveler` tool; seed 000 §6.1): turns a CLI result object
//! `{command, returncode, stdout, stderr}` into an envelope that carries short summaries and
//! references the full streams as files. A stream longer than 1000 characters is summarised
//! as its first 500 characters + `…(省略)…` + its last 500; every non-empty stream is saved
//! in full under `temp/json_output/` and listed in `outputs` (role `stdout` / `stderr`).
//! The stream files are the command's product, so they are written even with `--no-save`
//! (which only skips the envelope).

use crate::error::{Code, Error, Result};
use crate::operations::Ctx;
use crate::store::envelope::{file_stamp, timestamp, OUTPUT_DIR};
use crate::store::{write_atomic, FileRef};
use serde::{Deserialize, Serialize};

/// Streams up to this many characters are kept whole in the result.
pub const SUMMARY_LIMIT: usize = 1000;
/// Characters kept from each end of a longer stream.
pub const SUMMARY_EDGE: usize = 500;
/// What stands for the elided middle.
pub const ELISION: &str = "…(省略)…";

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct ConvertRequest {
    /// The CLI result: `{command (string or array of strings), returncode (integer; alias
    /// exit_code), stdout (string), stderr (string)}`.
    pub cli_result: serde_json::Value,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct StreamSummary {
    pub chars: usize,
    pub lines: usize,
    pub bytes: usize,
    /// True when `text` is a summary rather than the whole stream.
    pub truncated: bool,
    /// The whole stream, or first 500 + `…(省略)…` + last 500 characters.
    pub text: String,
    /// The full stream, saved (null when the stream is empty).
    pub file: Option<FileRef>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ConvertReport {
    pub command: String,
    pub returncode: i64,
    /// `returncode == 0`.
    pub command_succeeded: bool,
    pub stdout: StreamSummary,
    pub stderr: StreamSummary,
    /// Characters of both streams.
    pub original_chars: usize,
    /// Characters of both summaries.
    pub summary_chars: usize,
    /// `(1 − summary/original) × 100`, one decimal (0 when there was no output).
    pub reduction_pct: f64,
}

impl ConvertReport {
    /// The saved streams.
    pub fn outputs(&self) -> Vec<FileRef> {
        [&self.stdout.file, &self.stderr.file]
            .into_iter()
            .flatten()
            .cloned()
            .collect()
    }
}

fn invalid(pointer: &str, message: String) -> Error {
    Error::new(Code::U006, format!("CLI結果の形式が不正です（{pointer}）: {message}"))
        .hint("{\"command\": \"…\", \"returncode\": 0, \"stdout\": \"…\", \"stderr\": \"…\"} の形のJSONを渡してください。")
        .details(serde_json::json!({ "pointer": pointer }))
}

/// The whole text, or its first and last `SUMMARY_EDGE` characters around `ELISION`.
pub(crate) fn summarize(text: &str) -> (String, bool) {
    let n = text.chars().count();
    if n <= SUMMARY_LIMIT {
        return (text.to_string(), false);
    }
    let head_end = text
        .char_indices()
        .nth(SUMMARY_EDGE)
        .map(|(i, _)| i)
        .unwrap_or(text.len());
    let tail_start = text
        .char_indices()
        .nth(n - SUMMARY_EDGE)
        .map(|(i, _)| i)
        .unwrap_or(text.len());
    (
        format!("{}{ELISION}{}", &text[..head_end], &text[tail_start..]),
        true,
    )
}

fn string_field(obj: &serde_json::Map<String, serde_json::Value>, key: &str) -> Result<String> {
    match obj.get(key) {
        None | Some(serde_json::Value::Null) => Ok(String::new()),
        Some(serde_json::Value::String(s)) => Ok(s.clone()),
        Some(_) => Err(invalid(&format!("/{key}"), "文字列ではありません".into())),
    }
}

pub fn run(ctx: &Ctx, req: ConvertRequest) -> Result<ConvertReport> {
    let obj = req
        .cli_result
        .as_object()
        .ok_or_else(|| invalid("", "オブジェクトではありません".into()))?;
    let command = match obj.get("command") {
        Some(serde_json::Value::String(s)) if !s.trim().is_empty() => s.clone(),
        Some(serde_json::Value::Array(parts)) if !parts.is_empty() => {
            let mut words = Vec::new();
            for (i, p) in parts.iter().enumerate() {
                match p.as_str() {
                    Some(s) => words.push(s.to_string()),
                    None => {
                        return Err(invalid(
                            &format!("/command/{i}"),
                            "文字列ではありません".into(),
                        ))
                    }
                }
            }
            words.join(" ")
        }
        None => return Err(invalid("/command", "必須のキーがありません".into())),
        Some(_) => {
            return Err(invalid(
                "/command",
                "空でない文字列（または文字列の配列）が必要です".into(),
            ))
        }
    };
    let (key, code) = match (obj.get("returncode"), obj.get("exit_code")) {
        (Some(v), _) => ("returncode", v),
        (None, Some(v)) => ("exit_code", v),
        (None, None) => return Err(invalid("/returncode", "必須のキーがありません".into())),
    };
    let returncode = code
        .as_i64()
        .ok_or_else(|| invalid(&format!("/{key}"), "整数ではありません".into()))?;
    let stdout = string_field(obj, "stdout")?;
    let stderr = string_field(obj, "stderr")?;

    let now = ctx.clock.now();
    let stamp = file_stamp(&timestamp(now));
    let save = |text: &str, role: &str| -> Result<Option<FileRef>> {
        // `--no-save`: nothing is written under temp/json_output/, the full streams included.
        if text.is_empty() || !ctx.save {
            return Ok(None);
        }
        let hash = crate::analysis::sha256_hex(text.as_bytes());
        let rel = format!("{OUTPUT_DIR}/convert_{stamp}_{}_{role}.txt", &hash[..8]);
        let abs = crate::store::paths::inside(&ctx.root, &rel)?;
        write_atomic(&abs, text.as_bytes())?;
        let mut f = FileRef::from_bytes(&ctx.root, &abs, text.as_bytes(), role);
        f.path = rel;
        Ok(Some(f))
    };
    let summarise = |text: &str, role: &str| -> Result<StreamSummary> {
        let (summary, truncated) = summarize(text);
        Ok(StreamSummary {
            chars: text.chars().count(),
            lines: text.lines().count(),
            bytes: text.len(),
            truncated,
            text: summary,
            file: save(text, role)?,
        })
    };
    let out = summarise(&stdout, "stdout")?;
    let err = summarise(&stderr, "stderr")?;
    let original_chars = out.chars + err.chars;
    let summary_chars = out.text.chars().count() + err.text.chars().count();
    let reduction_pct = if original_chars == 0 {
        0.0
    } else {
        ((1.0 - summary_chars as f64 / original_chars as f64) * 1000.0).round() / 10.0
    };
    Ok(ConvertReport {
        command,
        returncode,
        command_succeeded: returncode == 0,
        stdout: out,
        stderr: err,
        original_chars,
        summary_chars,
        reduction_pct,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_keeps_edges_on_char_boundaries() {
        let short = "あ".repeat(1000);
        assert_eq!(summarize(&short), (short.clone(), false));
        let long = format!("{}{}{}", "前".repeat(500), "中", "後".repeat(500));
        let (s, t) = summarize(&long);
        assert!(t);
        assert_eq!(
            s,
            format!("{}{ELISION}{}", "前".repeat(500), "後".repeat(500))
        );
    }
}
