//! Helpers several verbs share (the one module a verb may import besides its own;
//! tests/architecture.rs holds the list): number formatting for messages, duration
//! arguments, and reading the one submission a request carries.

use crate::error::{Code, Error, Result};
use crate::store::FileRef;
use crate::workflow::writing::Payload;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A score as people write it: `86`, `86.5`.
pub(crate) fn fmt_score(s: f64) -> String {
    let r = (s * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.1}")
    }
}

/// Thousands separators for counts: `12,345` (also used by the text renderers).
pub(crate) fn fmt_thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Parses a humantime duration argument (`30d`, `1h`, `0s`).
pub(crate) fn parse_duration(text: &str, what: &str) -> Result<Duration> {
    humantime::parse_duration(text.trim()).map_err(|e| {
        Error::new(
            Code::U001,
            format!("{what} の期間「{text}」を解釈できません: {e}"),
        )
        .hint("`30d`、`12h`、`90m` のように数値と単位で指定してください。")
    })
}

/// The one submission a request carries, as `submission` (JSON), `content` (text) or
/// `file` (read here; its FileRef goes to `files_in`, its path is returned); none when the
/// request carries none, U001 when it carries more than one.
pub fn submission_payload(
    root: &Path,
    submission: &Option<serde_json::Value>,
    content: &Option<String>,
    file: &Option<String>,
    files_in: &mut Vec<FileRef>,
) -> Result<Option<(Payload, Option<PathBuf>)>> {
    match (submission, content, file) {
        (None, None, None) => Ok(None),
        (Some(v), None, None) => Ok(Some((Payload::Json(v.clone()), None))),
        (None, Some(t), None) => Ok(Some((Payload::Text(t.clone()), None))),
        (None, None, Some(f)) => {
            let (text, path) = read_submission(root, f)?;
            files_in.extend(FileRef::from_path(root, &path, "submission").ok());
            Ok(Some((Payload::Text(text), Some(path))))
        }
        _ => Err(Error::new(
            Code::U001,
            "submission / content / file はどれか一つだけ指定してください",
        )),
    }
}

/// Reads a submission file (UTF-8).
pub(crate) fn read_submission(root: &Path, file: &str) -> Result<(String, PathBuf)> {
    let p = Path::new(file);
    let path = if p.is_absolute() {
        p.to_path_buf()
    } else {
        root.join(p)
    };
    let bytes = crate::store::text::read_bytes(&path)?;
    let text = crate::store::text::decode(&path, &bytes)?.text;
    Ok((text, path))
}
