//! The one JSON result envelope (SPEC §5), written by every command, CLI and MCP alike, to
//! `temp/json_output/<command>_<YYYYMMDD_HHMMSS>_<8 hex>.json`.

use super::atomic::write_atomic_unsynced;
use super::FileRef;
use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
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

    /// Saves the envelope under `root/temp/json_output/` (atomic), records `saved_to`, and
    /// records the file and its FileRefs in the hash index (`store::index`).
    /// Returns the absolute path written.
    pub fn save(&mut self, root: &Path) -> Result<PathBuf> {
        self.saved_to = None;
        let body = serde_json::to_vec(self).map_err(|e| {
            Error::new(
                crate::Code::R002,
                format!("結果のJSON化に失敗しました: {e}"),
            )
        })?;
        let hash = crate::analysis::sha256_hex(&body);
        // created_at = 2026-11-21T23:25:41.123Z → 20261121_232541
        let stamp: String = self
            .created_at
            .chars()
            .filter(|c| c.is_ascii_digit())
            .take(14)
            .collect();
        let name = format!(
            "{}_{}_{}_{}.json",
            self.command.replace([' ', '/'], "_"),
            stamp.get(..8).unwrap_or("00000000"),
            stamp.get(8..14).unwrap_or("000000"),
            &hash[..8]
        );
        let rel = format!("{OUTPUT_DIR}/{name}");
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
        Ok(path)
    }
}
