//! Append-only record logs inside the project, bounded by rotation (issue 18, seed 000 §4.4
//! and §7.4):
//! - `.noveler/checks/check_runs.ndjson`: one line per check run — its inputs (paths,
//!   sha256, sizes, options) and outputs (findings by code, scores, the saved result), never
//!   the manuscript text;
//! - `.noveler/logs/mcp_calls.ndjson`: one line per MCP tool call — timestamp, tool,
//!   parameters (long strings cut), execution trace, resource usage.
//!
//! Rotation: a log that would grow past `Rotation::max_bytes` is renamed to `<name>.1`
//! (`.1` → `.2` …, the oldest beyond `keep` deleted) before the line is appended, so a log
//! never takes more than `(keep + 1) × max_bytes` plus one line. Lines are appended under
//! the log's lock, never kept in memory. Timestamps come from the caller's clock (tests
//! inject a fixed one).

use super::lock;
use crate::error::{Error, Result};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Per-check I/O records (a file, not a directory: `.noveler/checks/` directories are
/// progressive check sessions).
pub const CHECK_RUNS: &str = ".noveler/checks/check_runs.ndjson";
/// Per-call debug records of `noveler mcp`.
pub const MCP_CALLS: &str = ".noveler/logs/mcp_calls.ndjson";
/// Automatic feedback records (seed 001 §8.2.3): one line per progressive step run with
/// `ml_optimization` and per fix → re-check loop that was not a dry run.
pub const AUTO_FEEDBACK: &str = ".noveler/feedback/auto_records.ndjson";

/// When a log rotates and how many old files stay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rotation {
    pub max_bytes: u64,
    pub keep: usize,
}

/// 1 MiB per file, three old files: at most ~4 MiB per log.
pub const DEFAULT_ROTATION: Rotation = Rotation {
    max_bytes: 1024 * 1024,
    keep: 3,
};

fn rotated(path: &Path, n: usize) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{n}"));
    path.with_file_name(name)
}

/// Appends `record` as one JSON line to the log `rel` of the project at `root`, rotating
/// first when the line would take the file past `rotation.max_bytes`.
pub fn append(
    root: &Path,
    rel: &str,
    record: &serde_json::Value,
    rotation: Rotation,
) -> Result<()> {
    let path = root.join(rel);
    super::confine::guard_write(&path)?;
    let mut line = serde_json::to_string(record).unwrap_or_default();
    line.push('\n');
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, &e))?;
    }
    // The lock lives with the project's other locks (`.noveler/locks/log_<name>.lock`).
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    lock::with_lock(&lock::named_lock(root, &format!("log_{name}")), || {
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        if size > 0 && size + line.len() as u64 > rotation.max_bytes {
            rotate(&path, rotation.keep)?;
        }
        let mut file =
            super::atomic::open_own(&path, std::fs::OpenOptions::new().create(true).append(true))?;
        file.write_all(line.as_bytes())
            .map_err(|e| Error::io(&path, &e))
    })
}

fn rotate(path: &Path, keep: usize) -> Result<()> {
    if keep == 0 {
        return std::fs::remove_file(path).map_err(|e| Error::io(path, &e));
    }
    let _ = std::fs::remove_file(rotated(path, keep));
    for n in (1..keep).rev() {
        let from = rotated(path, n);
        if from.exists() {
            std::fs::rename(&from, rotated(path, n + 1)).map_err(|e| Error::io(&from, &e))?;
        }
    }
    std::fs::rename(path, rotated(path, 1)).map_err(|e| Error::io(path, &e))
}

/// Every readable line of the log `rel` and its rotated files, oldest first (a line that
/// is not JSON is counted in the second value, not returned).
pub fn read(root: &Path, rel: &str, rotation: Rotation) -> (Vec<serde_json::Value>, usize) {
    let path = root.join(rel);
    let mut files: Vec<PathBuf> = (1..=rotation.keep)
        .rev()
        .map(|n| rotated(&path, n))
        .collect();
    files.push(path);
    let mut lines = Vec::new();
    let mut bad = 0;
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            match serde_json::from_str(line) {
                Ok(v) => lines.push(v),
                Err(_) => bad += 1,
            }
        }
    }
    (lines, bad)
}

/// RFC 3339 (milliseconds, UTC) of `now`, as every record carries it.
pub fn stamp(now: SystemTime) -> String {
    super::envelope::timestamp(now)
}

/// A copy of `value` fit for a log line: strings longer than `max_chars` are cut, with the
/// length they had (a manuscript passed as an argument is not copied into the log).
pub(crate) fn abridge(value: &serde_json::Value, max_chars: usize) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::String(s) if s.chars().count() > max_chars => {
            let head: String = s.chars().take(max_chars).collect();
            Value::String(format!("{head}…({} chars)", s.chars().count()))
        }
        Value::Array(items) => Value::Array(items.iter().map(|v| abridge(v, max_chars)).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), abridge(v, max_chars)))
                .collect(),
        ),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn rotates_at_the_size_cap_and_keeps_a_bounded_number_of_files() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let rotation = Rotation {
            max_bytes: 100,
            keep: 2,
        };
        let fixed = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_800_000_000);
        for i in 0..20 {
            let rec = json!({"timestamp": stamp(fixed), "i": i, "pad": "x".repeat(30)});
            append(root, MCP_CALLS, &rec, rotation).unwrap();
        }
        let base = root.join(MCP_CALLS);
        let names: Vec<String> = std::fs::read_dir(base.parent().unwrap())
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert!(root
            .join(".noveler/locks/log_mcp_calls.ndjson.lock")
            .is_file());
        assert_eq!(names.len(), 3, "{names:?}");
        for p in [base.clone(), rotated(&base, 1), rotated(&base, 2)] {
            let len = std::fs::metadata(&p).unwrap().len();
            assert!(len <= 100, "{} has {len} bytes", p.display());
        }
        // The newest line is last in the current file; the time is the injected one.
        let text = std::fs::read_to_string(&base).unwrap();
        let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        assert_eq!(last["i"], 19);
        assert_eq!(last["timestamp"], "2027-01-15T08:00:00.000Z");
        // Read back oldest first across the kept files: the last lines survive, in order.
        let (lines, bad) = read(root, MCP_CALLS, rotation);
        assert_eq!(bad, 0);
        let order: Vec<i64> = lines.iter().map(|l| l["i"].as_i64().unwrap()).collect();
        assert_eq!(order.last(), Some(&19));
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    }

    #[test]
    fn abridge_cuts_long_strings_only() {
        let v = json!({"content": "あ".repeat(300), "n": 1, "list": ["short"]});
        let a = abridge(&v, 10);
        assert_eq!(
            a["content"],
            format!("{}…(300 chars)", "あ".repeat(10)).as_str()
        );
        assert_eq!(a["n"], 1);
        assert_eq!(a["list"][0], "short");
    }
}
