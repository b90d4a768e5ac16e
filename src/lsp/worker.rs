//! Checks run on a thread of their own, so the main loop keeps answering (hover, shutdown,
//! the next edit) while a long document is checked. The main loop cancels a document's
//! check when a newer edit arrives (`Job::cancel`, the `Ctx` flag the check reads), so
//! the worker moves on to the newest version; results go back over a channel with the
//! version they are for.
//!
//! `check_text` is the one seam to the check: the document's text checked as if it were
//! its file in its project (settings, ignores, per-file ignores, inline suppression,
//! snippet or episode), by the same `operations::check` the CLI's
//! `check --stdin-filename FILE -` runs.

use super::diagnostics;
use super::position::{Encoding, LineIndex};
use crate::analysis::incremental::EditCache;
use crate::analysis::settings::Preset;
use crate::analysis::Severity;
use crate::error::{Code, Error, Result};
use crate::operations::check::{self, CheckRequest, FileResult};
use crate::operations::Ctx;
use crate::project::Project;
use crossbeam_channel::{Receiver, Sender};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// How a document is checked: its project, its name there and the editor's choices.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub project: Arc<Project>,
    /// The file the text is checked as, relative to the project root.
    pub rel: String,
    pub snippet: bool,
    /// The editor's preset, used when the project's config names none.
    pub preset: Option<Preset>,
    /// The editor's severity floor.
    pub severity: Option<Severity>,
}

impl Plan {
    /// The preset the check uses beyond the project's own (none when the config speaks).
    pub fn preset_override(&self) -> Option<Preset> {
        self.preset.filter(|_| self.project.rc.preset.is_none())
    }

    /// The analysis settings `polish` would use for this document, with the editor's preset
    /// where the config names none.
    pub fn fix_settings(&self) -> crate::analysis::Settings {
        let mut s = self.project.settings.clone();
        if let Some(p) = self.preset_override() {
            s.set_preset(p);
        }
        s
    }
}

pub(crate) struct Job {
    pub uri: String,
    pub version: i32,
    /// The document's text as the client holds it.
    pub text: Arc<str>,
    pub plan: Arc<Plan>,
    pub encoding: Encoding,
    pub cache: Arc<EditCache>,
    pub cancel: Arc<AtomicBool>,
}

/// A finished check of one version of a document.
pub(crate) struct Analysed {
    pub version: i32,
    pub text: Arc<str>,
    pub lines: LineIndex,
    pub plan: Arc<Plan>,
    /// `None` when there was nothing to check (blank, or ignored by the project).
    pub file: Option<FileResult>,
    /// Per finding of `file`, in order: where it is shown.
    pub ranges: Vec<lsp_types::Range>,
    pub diagnostics: Vec<lsp_types::Diagnostic>,
    pub encoding: Encoding,
}

pub(crate) struct Done {
    pub uri: String,
    pub version: i32,
    /// `Err` with R001 when a newer edit cancelled it.
    pub result: Result<Arc<Analysed>>,
}

/// Starts the worker thread; it ends when `jobs` closes.
pub(crate) fn start(jobs: Receiver<Job>, done: Sender<Done>) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("noveler-lsp-check".into())
        .spawn(move || {
            for job in jobs {
                if job.cancel.load(Ordering::Relaxed) {
                    continue;
                }
                let (uri, version) = (job.uri.clone(), job.version);
                // A bug in a rule must not end the thread: every later check, and the
                // requests waiting for them, would wait forever.
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| analyse(job)))
                    .unwrap_or_else(|_| {
                        Err(Error::new(
                            Code::R002,
                            "内部エラーで確認を中断しました（noveler check で確認し、不具合として報告してください）",
                        ))
                    })
                    .map(Arc::new);
                if done
                    .send(Done {
                        uri,
                        version,
                        result,
                    })
                    .is_err()
                {
                    return;
                }
            }
        })
        .map(|_| ())
}

/// Checks the job's text and converts the findings for its client.
pub(crate) fn analyse(job: Job) -> Result<Analysed> {
    let file = check_text(&job)?;
    let lines = LineIndex::new(&job.text);
    let (ranges, diagnostics) = match &file {
        Some(f) => diagnostics::build(f, &job.text, &lines, job.encoding),
        None => (Vec::new(), Vec::new()),
    };
    Ok(Analysed {
        version: job.version,
        text: job.text,
        lines,
        plan: job.plan,
        file,
        ranges,
        diagnostics,
        encoding: job.encoding,
    })
}

/// The document's text checked as its file (see the module doc); `None` when blank or
/// ignored by the project's config.
fn check_text(job: &Job) -> Result<Option<FileResult>> {
    if job.text.trim().is_empty() {
        return Ok(None);
    }
    let plan = &job.plan;
    let mut ctx = Ctx::new(plan.project.root.clone());
    ctx.save = false;
    ctx.use_cache = false;
    ctx.cancel = job.cancel.clone();
    let req = CheckRequest {
        targets: vec![check::Target::Path("-".into())],
        content: Some(job.text.to_string()),
        stdin_filename: Some(plan.rel.clone()),
        snippet: plan.snippet,
        preset: plan.preset_override(),
        severity_threshold: plan.severity,
        exit_zero: true,
        no_cache: true,
        edit_cache: Some(job.cache.clone()),
        ..CheckRequest::default()
    };
    let report = check::run(&ctx, &plan.project, req)?;
    if let Some(e) = report.errors.into_iter().next() {
        return Err(match e.error {
            Some(err) => *err,
            None => Error::new(Code::U001, e.message),
        });
    }
    Ok(report.files.into_iter().next())
}
