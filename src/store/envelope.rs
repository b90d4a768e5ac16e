//! The one JSON result envelope (SPEC §5), written by every command, CLI and MCP alike, to
//! `temp/json_output/<command>_<YYYYMMDD_HHMMSS>_<8 hex>.json`.

use super::atomic::write_atomic_streamed;
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

/// The SPEC §5 envelope. At run time `result` and `error` are JSON trees (`Value`); the MCP
/// output schema of a tool is this type with `result` typed as the tool's report and `error`
/// as `ErrorBody` (`mcp::adapter`), so the published schema is derived from the one type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Envelope<R = serde_json::Value, E = serde_json::Value> {
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
    pub result: Option<R>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<E>,
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
pub(crate) fn file_stamp(rfc3339: &str) -> String {
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
            result: Some(result),
            ..Envelope::success_frame(run, inputs, outputs, metadata)
        }
    }

    /// A success envelope without its `result`, which is serialised into it where it is
    /// written (`save_with`, `written`).
    pub(crate) fn success_frame(
        run: &RunInfo,
        inputs: Vec<FileRef>,
        outputs: Vec<FileRef>,
        metadata: serde_json::Value,
    ) -> Envelope {
        Envelope {
            inputs: Some(FileSet::new(inputs)),
            outputs: Some(FileSet::new(outputs)),
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
        self.save_json(root).map(|saved| saved.path)
    }

    /// `save`, also returning the written file (open, at its start): the envelope exactly as
    /// `to_vec_pretty` prints it now that `saved_to` is set, so a caller that prints it need
    /// not serialise a large result again.
    pub(crate) fn save_json(&mut self, root: &Path) -> Result<Saved> {
        self.save_with(root, None::<&serde_json::Value>)
    }

    /// `save_json` with a typed `result` serialised straight into the file in place of
    /// `self.result` (see [`Envelope::written`]).
    pub(crate) fn save_with<R: Serialize + ?Sized>(
        &mut self,
        root: &Path,
        result: Option<&R>,
    ) -> Result<Saved> {
        let rel = format!("{OUTPUT_DIR}/{}", self.file_name());
        self.saved_to = Some(rel.clone());
        let path = super::paths::inside(root, &rel)?;
        // A result log entry: atomic, not fsynced (see `store::atomic`), serialised straight
        // into the file through a buffer and hashed on the way — the body is never held
        // whole in memory. The one hash of the body: the index records it and MCP replies
        // with it.
        let this: &Envelope = self;
        let mut failure = None;
        let ((sha256, len), file) = write_atomic_streamed(&path, |w| {
            let mut out = Hashing::new(w);
            let written = match result {
                Some(r) => serde_json::to_writer_pretty(&mut out, &this.written(Some(r))),
                None => serde_json::to_writer_pretty(&mut out, this),
            };
            match written {
                Ok(()) => Ok(out.finish()),
                Err(e) => {
                    let io = std::io::Error::other(e.to_string());
                    failure = Some(e);
                    Err(io)
                }
            }
        })
        .map_err(|e| match failure.take() {
            Some(ser) if !ser.is_io() => serialise_error(&ser),
            _ => e,
        })?;
        super::index::record_envelope(root, self, &rel, &sha256, len).map_err(|e| {
            Error::new(
                e.code,
                format!(
                    "結果は {rel} に保存しましたが、ハッシュインデックスを更新できませんでした: {}",
                    e.message
                ),
            )
            .hint("`noveler files list` でインデックスを再構築できます。")
        })?;
        Ok(Saved {
            path,
            file,
            len,
            sha256,
        })
    }

    /// The envelope with `result` (when given) in place of `self.result`, for serialising
    /// a typed report straight into it: the same fields in the same order, so the bytes are
    /// those of `self` with `result = Some(serde_json::to_value(result))`, without building
    /// (and freeing) that intermediate tree.
    pub fn written<'a, R: Serialize + ?Sized>(&'a self, result: Option<&'a R>) -> Written<'a, R> {
        Written {
            success: self.success,
            command: &self.command,
            noveler_version: &self.noveler_version,
            created_at: &self.created_at,
            execution_time_ms: self.execution_time_ms,
            project_root: &self.project_root,
            inputs: self.inputs.as_ref(),
            outputs: self.outputs.as_ref(),
            result,
            error: self.error.as_ref(),
            metadata: &self.metadata,
            saved_to: self.saved_to.as_deref(),
        }
    }
}

/// Pretty JSON of an envelope (R002 if a report cannot be serialised).
#[cfg(test)]
pub(crate) fn to_json<T: Serialize + ?Sized>(envelope: &T) -> Result<Vec<u8>> {
    serde_json::to_vec_pretty(envelope).map_err(|e| serialise_error(&e))
}

fn serialise_error(e: &serde_json::Error) -> Error {
    Error::new(
        crate::Code::R002,
        format!("結果のJSON化に失敗しました: {e}"),
    )
}

/// A saved envelope file.
#[derive(Debug)]
pub struct Saved {
    /// Absolute path written.
    pub path: PathBuf,
    /// The file written (pretty JSON), open for reading from its start: what a caller
    /// prints is copied from it, never held whole in memory.
    pub file: std::fs::File,
    /// Its size in bytes.
    pub len: u64,
    /// sha256 of the file, lower-case hex, computed while it was written.
    pub sha256: String,
}

impl Saved {
    /// The saved bytes (for tests and small files).
    pub fn body(&self) -> std::io::Result<Vec<u8>> {
        use std::io::{Read, Seek};
        let mut f = &self.file;
        f.rewind()?;
        let mut out = Vec::with_capacity(self.len as usize);
        f.read_to_end(&mut out)?;
        Ok(out)
    }
}

/// A writer that passes bytes through and hashes (sha256) and counts them.
struct Hashing<W> {
    inner: W,
    hash: sha2::Sha256,
    len: u64,
}

impl<W: std::io::Write> Hashing<W> {
    fn new(inner: W) -> Self {
        use sha2::Digest;
        Hashing {
            inner,
            hash: sha2::Sha256::new(),
            len: 0,
        }
    }

    /// The hex sha256 and the length of what was written.
    fn finish(self) -> (String, u64) {
        use sha2::Digest;
        let digest = self.hash.finalize();
        let hex = digest.iter().map(|b| format!("{b:02x}")).collect();
        (hex, self.len)
    }
}

impl<W: std::io::Write> std::io::Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        use sha2::Digest;
        let n = self.inner.write(buf)?;
        self.hash.update(&buf[..n]);
        self.len += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// [`Envelope`] by reference with a typed `result`: keep the fields, their order and their
/// `skip_serializing_if` in step with `Envelope` (a test compares the bytes).
#[derive(Serialize)]
pub struct Written<'a, R: Serialize + ?Sized> {
    success: bool,
    command: &'a str,
    noveler_version: &'a str,
    created_at: &'a str,
    execution_time_ms: f64,
    project_root: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    inputs: Option<&'a FileSet>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outputs: Option<&'a FileSet>,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<&'a R>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a serde_json::Value>,
    metadata: &'a serde_json::Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    saved_to: Option<&'a str>,
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

    /// A report of the shapes reports use: nested structs, maps with non-string keys,
    /// floats, skipped and null options, strings that need escaping. (No `f32`: through a
    /// value tree it widens to f64 digits, `0.10000000149011612`, where written directly it
    /// prints `0.1`. No report has one.)
    #[derive(Serialize)]
    struct Sample {
        score: f64,
        count: u64,
        neg: i32,
        missing: Option<u8>,
        #[serde(skip_serializing_if = "Option::is_none")]
        skipped: Option<u8>,
        by_line: std::collections::BTreeMap<u32, Vec<&'static str>>,
        text: &'static str,
        #[serde(flatten)]
        extra: std::collections::BTreeMap<&'static str, f64>,
    }

    #[test]
    fn a_typed_result_writes_the_bytes_of_its_value_tree() {
        let sample = Sample {
            score: 71.25,
            count: u64::MAX,
            neg: -3,
            missing: None,
            skipped: None,
            by_line: [(10, vec!["「改行\n」", "tab\t\"\\"]), (2, vec![])].into(),
            text: "潮騒\u{0}\u{1F600}",
            extra: [("nan_is_null", f64::NAN), ("z", 1e21)].into(),
        };
        let inputs = vec![FileRef::from_bytes(
            Path::new("/p"),
            Path::new("/p/a.md"),
            b"abc",
            "manuscript",
        )];
        let frame =
            Envelope::success_frame(&run(), inputs.clone(), vec![], serde_json::json!({"k": 1}));
        let tree = Envelope::success(
            &run(),
            inputs,
            vec![],
            serde_json::to_value(&sample).unwrap(),
            serde_json::json!({"k": 1}),
        );
        let direct = to_json(&frame.written(Some(&sample))).unwrap();
        assert_eq!(
            String::from_utf8(direct).unwrap(),
            String::from_utf8(to_json(&tree).unwrap()).unwrap()
        );
        // Without a result, `written` is the envelope itself (the error envelope's path).
        let failure = Envelope::failure(&run(), &Error::new(crate::Code::R002, "x"));
        assert_eq!(
            to_json(&failure.written(None::<&Sample>)).unwrap(),
            to_json(&failure).unwrap()
        );
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
        let saved = a.save_json(dir.path()).unwrap();
        let pb = b.save(dir.path()).unwrap();
        let body = saved.body().unwrap();
        assert_eq!(body, serde_json::to_vec_pretty(&a).unwrap());
        assert_eq!(saved.sha256, crate::analysis::sha256_hex(&body));
        assert_eq!(saved.len, body.len() as u64);
        let pa = saved.path;
        assert_ne!(pa, pb);
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
