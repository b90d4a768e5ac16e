//! One module per verb. Each exposes `run(&Ctx, XRequest) -> Result<XReport>`: requests
//! deserialise straight from MCP arguments (and are built by the CLI from flags), reports
//! serialise into the envelope's `result` and know their exit status. Commands never print
//! and never exit; `execute` wraps a run into the envelope and saves it.
// Only cli/ and mcp/ print (tests/architecture.rs checks the stream handles).
#![deny(clippy::print_stdout, clippy::print_stderr)]

use crate::error::{Error, ExitStatus, Result};
use crate::store::envelope::RunInfo;
use crate::store::{Envelope, FileRef};
use serde::Serialize;
use std::time::Instant;

/// The call's context, defined with the operations every verb runs on.
pub use crate::operations::{Ctx, ProgressFn};

pub mod artifact;
pub mod backup;
pub mod baseline;
pub mod check;
pub mod common;
pub mod complete;
pub mod convert;
pub mod evaluate;
pub mod explain;
pub mod feedback;
pub mod files;
pub mod improve;
pub mod init;
pub mod install_command;
pub mod noveler_cli;
pub mod plot;
pub mod polish;
pub mod progressive;
pub mod status;
pub mod todo;
pub mod validate;
pub mod write;
pub mod write_file;

/// What a command's result knows about itself beyond its JSON.
pub trait Report: Serialize {
    /// Files the command read.
    fn inputs(&self) -> Vec<FileRef> {
        Vec::new()
    }
    /// Files the command wrote (besides the envelope).
    fn outputs(&self) -> Vec<FileRef> {
        Vec::new()
    }
    /// `Ok`, or `Findings` when the result trips the caller's gate.
    fn exit_code(&self) -> ExitStatus {
        ExitStatus::Ok
    }
    /// True when the command had targets and every one of them failed (an agent must see
    /// that as an error, not as a success with the errors inside).
    fn all_failed(&self) -> bool {
        false
    }
    /// The error the envelope carries when every target failed (`all_failed`): the first
    /// target's.
    fn first_error(&self) -> Option<Error> {
        None
    }
    /// Extra envelope metadata.
    fn metadata(&self) -> serde_json::Value {
        serde_json::Value::Object(Default::default())
    }
}

/// A finished run: the typed report (or error) and the envelope made of it.
pub struct Outcome<R> {
    pub report: Result<R>,
    /// The envelope's frame. Its `result` is `None`: the typed report is serialised straight
    /// into the envelope where it is written (`json`, `value`), never through an
    /// intermediate `serde_json::Value` tree the CLI would build and free for nothing.
    pub envelope: Envelope,
    /// Set when saving the envelope failed; the run itself still counts.
    pub save_error: Option<Error>,
    /// The saved envelope file (pretty JSON, `saved_to` included), open, when it was saved:
    /// what `--format json` prints is copied from it, so a large result is neither
    /// serialised twice nor held whole in memory.
    pub saved_file: Option<std::fs::File>,
    /// sha256 of the saved file, hashed once while it was written.
    pub saved_sha256: Option<String>,
}

impl<R: Report> Outcome<R> {
    /// Process exit status: the report's, or the error's.
    pub fn exit_code(&self) -> ExitStatus {
        match &self.report {
            Ok(r) => r.exit_code(),
            Err(e) => e.exit_code(),
        }
    }

    /// Writes the whole envelope as pretty JSON to `out` as it goes: the saved file copied
    /// through a buffer when it was saved, else the envelope serialised straight into `out`.
    pub(crate) fn write_json(&self, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        match &self.saved_file {
            Some(file) => {
                use std::io::Seek;
                let mut f = file;
                f.rewind()?;
                std::io::copy(&mut f, out).map(|_| ())
            }
            None => {
                serde_json::to_writer_pretty(out, &self.envelope.written(self.report.as_ref().ok()))
                    .map_err(std::io::Error::from)
            }
        }
    }

    /// The whole envelope as pretty JSON in memory (small outputs and tests; printing uses
    /// `write_json`).
    pub fn json(&self) -> String {
        let mut out = Vec::new();
        let _ = self.write_json(&mut out);
        String::from_utf8(out).unwrap_or_default()
    }

    /// The whole envelope as a JSON value, for a caller that reshapes it (MCP replies).
    pub fn value(&self) -> serde_json::Value {
        serde_json::to_value(self.envelope.written(self.report.as_ref().ok()))
            .unwrap_or(serde_json::Value::Null)
    }
}

/// Runs `f` as command `name` and wraps its result into the saved envelope.
pub fn execute<R: Report>(ctx: &Ctx, name: &str, f: impl FnOnce(&Ctx) -> Result<R>) -> Outcome<R> {
    let started = ctx.clock.now();
    let clock = Instant::now();
    // What a killed command left half-done is rolled back before anything else runs.
    let recovered = if ctx.root.is_dir() {
        crate::store::journal::recover(&ctx.root, &ctx.clock)
    } else {
        Ok(Vec::new())
    };
    let (report, recovered) = match recovered {
        Ok(recovered) => (f(ctx), recovered),
        Err(e) => (Err(e), Vec::new()),
    };
    let run = RunInfo {
        command: name.to_string(),
        project_root: ctx.root.clone(),
        started,
        elapsed_ms: (clock.elapsed().as_secs_f64() * 1000.0 * 1000.0).round() / 1000.0,
    };
    let mut envelope = match &report {
        Ok(r) => {
            let mut frame = Envelope::success_frame(&run, r.inputs(), r.outputs(), r.metadata());
            // Every target failed: not a success, whatever the result lists (the exit
            // status is 2 already); the first failure is the envelope's error.
            if r.all_failed() {
                frame.success = false;
                frame.error = r.first_error().map(|e| e.to_json());
            }
            frame
        }
        Err(e) => Envelope::failure(&run, e),
    };
    if !recovered.is_empty() {
        if let serde_json::Value::Object(m) = &mut envelope.metadata {
            m.insert(
                "recovered".into(),
                serde_json::to_value(&recovered).unwrap_or_default(),
            );
        }
    }
    // A root that does not exist is not created just to hold the envelope.
    let (saved, save_error) = if ctx.save && ctx.root.is_dir() {
        match envelope.save_with(&ctx.root, report.as_ref().ok()) {
            Ok(saved) => (Some(saved), None),
            Err(e) => (None, Some(e)),
        }
    } else {
        (None, None)
    };
    let (saved_file, saved_sha256) = match saved {
        Some(s) => (Some(s.file), Some(s.sha256)),
        None => (None, None),
    };
    Outcome {
        report,
        envelope,
        save_error,
        saved_file,
        saved_sha256,
    }
}

/// A score bound of a request (`threshold`, `min_score`: 0–100, `default` when absent), once
/// the project directory is known to exist (P001 before U001, as `status` and `complete` say).
pub(crate) fn score_bound(
    root: &std::path::Path,
    name: &str,
    value: Option<f64>,
    default: f64,
) -> crate::error::Result<f64> {
    use crate::error::{Code, Error};
    if !root.is_dir() {
        return Err(Error::new(
            Code::P001,
            format!(
                "プロジェクトディレクトリ {} が見つかりません",
                root.display()
            ),
        )
        .hint("project_root（または --project-root）に存在するディレクトリを指定してください。"));
    }
    let bound = value.unwrap_or(default);
    if !(0.0..=100.0).contains(&bound) {
        return Err(Error::new(
            Code::U001,
            format!("{name} は 0〜100 で指定してください（{bound}）"),
        ));
    }
    Ok(bound)
}
