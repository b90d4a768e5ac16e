//! The one JSON result envelope (SPEC §5), written by every command, CLI and MCP alike, to
//! `temp/json_output/<command>_<YYYYMMDD_HHMMSS>_<8 hex>.json`.

use super::atomic::write_atomic_unsynced;
use super::FileRef;
use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::SystemTime;

/// Where envelopes are saved, relative to the project root.
pub const OUTPUT_DIR: &str = "temp/json_output";

/// A list of file references with consistent totals.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct FileSet {
    pub files: Vec<FileRef>,
    pub total_files: usize,
    pub total_size_bytes: u64,
}

impl FileSet {
    pub fn new(files: Vec<FileRef>) -> FileSet {
        FileSet {
            total_files: files.len(),
            total_size_bytes: files.iter().map(|f| f.size_bytes).sum(),
            files,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Envelope {
    pub success: bool,
    pub command: String,
    pub noveler_version: String,
    /// RFC 3339, UTC.
    pub created_at: String,
    pub execution_time_ms: f64,
    pub project_root: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inputs: Option<FileSet>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outputs: Option<FileSet>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<serde_json::Value>,
    #[serde(default)]
    pub metadata: serde_json::Value,
    /// Relative to the project root; absent when the run was not saved (`--no-save`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saved_to: Option<String>,
}

/// RFC 3339 UTC timestamp with milliseconds for `now`.
pub fn timestamp(now: SystemTime) -> String {
    humantime::format_rfc3339_millis(now).to_string()
}

/// `YYYYMMDD_HHMMSS` of an RFC 3339 timestamp, for file names and ids.
pub fn file_stamp(rfc3339: &str) -> String {
    let digits: String = rfc3339
        .chars()
        .filter(char::is_ascii_digit)
        .take(14)
        .collect();
    format!(
        "{}_{}",
        digits.get(..8).unwrap_or("00000000"),
        digits.get(8..14).unwrap_or("000000")
    )
}

/// What every envelope says about the run itself.
#[derive(Clone, Debug)]
pub struct RunInfo {
    pub command: String,
    pub project_root: PathBuf,
    pub started: SystemTime,
    pub elapsed_ms: f64,
}

impl Envelope {
    /// A success envelope around `result`.
    pub fn success(
        run: &RunInfo,
        inputs: Vec<FileRef>,
        outputs: Vec<FileRef>,
        result: serde_json::Value,
        metadata: serde_json::Value,
    ) -> Envelope {
        Envelope {
            inputs: Some(FileSet::new(inputs)),
            outputs: Some(FileSet::new(outputs)),
            result: Some(result),
            metadata,
            ..Envelope::header(run, true)
        }
    }

    /// The error envelope for `err`.
    pub fn failure(run: &RunInfo, err: &Error) -> Envelope {
        Envelope {
            error: Some(err.to_json()),
            ..Envelope::header(run, false)
        }
    }

    fn header(run: &RunInfo, success: bool) -> Envelope {
        Envelope {
            success,
            command: run.command.clone(),
            noveler_version: crate::VERSION.to_string(),
            created_at: timestamp(run.started),
            execution_time_ms: run.elapsed_ms,
            project_root: run.project_root.display().to_string(),
            inputs: None,
            outputs: None,
            result: None,
            error: None,
            metadata: serde_json::Value::Object(Default::default()),
            saved_to: None,
        }
    }

    /// `<command>_<YYYYMMDD_HHMMSS>_<8 hex>.json`. The 8 hex digits tell apart the runs of one
    /// second: a digest of the run (command, time, duration, inputs) and of this process and
    /// its save count, so two saves never share a name. Not a digest of the body: that would
    /// cost a second serialisation of a result that can be megabytes (the index holds the
    /// body's sha256).
    fn file_name(&self) -> String {
        static SAVES: AtomicU64 = AtomicU64::new(0);
        let mut seed = format!(
            "{}|{}|{}|{}|{}",
            self.command,
            self.created_at,
            self.execution_time_ms,
            std::process::id(),
            SAVES.fetch_add(1, Ordering::Relaxed)
        );
        for f in self.inputs.iter().flat_map(|set| &set.files) {
            seed.push('|');
            seed.push_str(&f.sha256);
        }
        let hash = crate::analysis::sha256_hex(seed.as_bytes());
        // created_at = 2026-11-21T23:25:41.123Z → 20261121_232541
        let stamp: String = self
            .created_at
            .chars()
            .filter(|c| c.is_ascii_digit())
            .take(14)
            .collect();
        format!(
            "{}_{}_{}_{}.json",
            self.command.replace([' ', '/'], "_"),
            stamp.get(..8).unwrap_or("00000000"),
            stamp.get(8..14).unwrap_or("000000"),
            &hash[..8]
        )
    }

    /// Saves the envelope under `root/temp/json_output/` (atomic), records `saved_to`, and
    /// records the file and its FileRefs in the hash index (`store::index`).
    /// Returns the absolute path written.
    pub fn save(&mut self, root: &Path) -> Result<PathBuf> {
        self.save_json(root).map(|(path, _)| path)
    }

    /// `save`, also returning the JSON written: the envelope exactly as `to_vec_pretty`
    /// prints it now that `saved_to` is set, so a caller that prints it need not serialise
    /// a large result again.
    pub fn save_json(&mut self, root: &Path) -> Result<(PathBuf, Vec<u8>)> {
        let rel = format!("{OUTPUT_DIR}/{}", self.file_name());
        self.saved_to = Some(rel.clone());
        let body = serde_json::to_vec_pretty(self).map_err(|e| {
            Error::new(
                crate::Code::R002,
                format!("結果のJSON化に失敗しました: {e}"),
            )
        })?;
        let path = super::paths::inside(root, &rel)?;
        // A result log entry: atomic, not fsynced (see `store::atomic`).
        write_atomic_unsynced(&path, &body)?;
        super::index::record_envelope(root, self, &rel, &body).map_err(|e| {
            Error::new(
                e.code,
                format!(
                    "結果は {rel} に保存しましたが、ハッシュインデックスを更新できませんでした: {}",
                    e.message
                ),
            )
            .hint("`noveler files list` でインデックスを再構築できます。")
        })?;
        Ok((path, body))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn file_stamps() {
        assert_eq!(file_stamp("2025-11-22T03:04:05.678Z"), "20251122_030405");
        assert_eq!(file_stamp("2025-11"), "00000000_000000");
    }

    fn run() -> RunInfo {
        RunInfo {
            command: "check".into(),
            project_root: PathBuf::from("/p"),
            started: UNIX_EPOCH + Duration::from_millis(1_795_000_000_123),
            elapsed_ms: 1.5,
        }
    }

    #[test]
    fn saves_of_one_run_get_distinct_names_in_the_spec_shape() {
        let dir = tempfile::tempdir().unwrap();
        let envelope = Envelope::success(
            &run(),
            vec![],
            vec![],
            serde_json::json!({"n": 1}),
            serde_json::json!({}),
        );
        let (mut a, mut b) = (envelope.clone(), envelope);
        let (pa, body) = a.save_json(dir.path()).unwrap();
        let pb = b.save(dir.path()).unwrap();
        assert_ne!(pa, pb);
        assert_eq!(body, serde_json::to_vec_pretty(&a).unwrap());
        for (path, env) in [(&pa, &a), (&pb, &b)] {
            let name = path.file_name().unwrap().to_str().unwrap();
            // check_20261118_110640_<8 hex>.json
            let (stem, hex) = name
                .strip_suffix(".json")
                .unwrap()
                .rsplit_once('_')
                .unwrap();
            assert_eq!(stem, "check_20261118_110640");
            assert!(hex.len() == 8 && hex.bytes().all(|c| c.is_ascii_hexdigit()));
            // The file is the envelope with `saved_to` naming it.
            let saved: Envelope = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
            assert_eq!(&saved, env);
            assert_eq!(
                saved.saved_to.as_deref(),
                Some(&*format!("{OUTPUT_DIR}/{name}"))
            );
        }
    }
}
