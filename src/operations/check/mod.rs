//! The deterministic manuscript check (SPEC §2–§5): the one implementation `noveler check`,
//! `noveler_check`, `status`, `complete`, the writing flow's stages 8–10, the fix loop, the
//! corpus statistics and the editor's buffers run, with the caller's `Ctx` and the project
//! it has loaded.
//!
//! Targets are episode numbers (resolved through the project layout), files, directories
//! (walked for `.md`/`.txt`, sorted, skipping `.noveler`, `temp`, `target` and hidden
//! directories; the project root itself stands for its manuscript directory) or `-` (the
//! request's `content`). Files are analysed in parallel and reported in input order. A
//! target that cannot be checked (missing, unreadable, not UTF-8, a directory without
//! manuscripts, an episode that does not resolve) goes to `errors`; the others are still
//! checked, and the exit status is 2.
//!
//! Gate (exit status 1): any reported finding at or above `fail_on` (default `high`), or an
//! overall score below `fail_under` (when given). `exit_zero` turns the gate off; errors
//! still exit 2.
//!
//! Suppression (issue 13 item 4): inline comments (in `analysis::suppress`), then the
//! config's `per-file-ignores`, then the baseline. Suppressed findings are counted per file
//! and in the summary (`suppressed: {inline, config, baseline}`), never reported, and count
//! neither for the gate nor for the scores (recomputed without them).

use crate::operations::Ctx;
use par::IntoParUnlessSingle;
pub use suppress::BaselineWritten;

pub mod log;
mod par;
mod plan;
pub mod select;
pub mod stats;
mod suppress;
use crate::analysis::settings::Preset;
use crate::analysis::{
    self, Aspect, FileAnalysis, Finding, Metrics, Scores, Settings, Severity, Suppressed,
};
use crate::error::{Code, Error, Result};
use crate::project::Project;
use crate::store::cache::Cache;
use crate::store::FileRef;
pub use plan::walk;
use plan::{plan, Job};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// The default gate: findings of this severity or above fail the check.
pub const DEFAULT_FAIL_ON: Severity = Severity::High;

/// One thing to check, as given: an episode number or a path (`-` = `content`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum Target {
    /// An episode number, resolved to `40_原稿/第NNN話*.md|txt`.
    Episode(u32),
    /// A file or directory path (relative to the project root), or `-` for `content`. A
    /// string made only of digits is an episode number; write `./3` for a file named 3.
    Path(String),
}

impl Target {
    /// A command-line argument: a bare integer is an episode number.
    pub fn parse(arg: &str) -> Target {
        if !arg.is_empty() && arg.bytes().all(|b| b.is_ascii_digit()) {
            if let Ok(n) = arg.parse() {
                return Target::Episode(n);
            }
        }
        Target::Path(arg.to_string())
    }
}

#[derive(Clone, Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct CheckRequest {
    /// What to check: episode numbers, manuscript files, directories, or "-" for `content`.
    /// Empty: the project's manuscript directory (or `content` when given).
    pub targets: Vec<Target>,
    /// An episode number to check (same as a number in `targets`).
    #[serde(alias = "episode_number")]
    pub episode: Option<u32>,
    /// Manuscript text to check instead of a file (checked as `stdin_filename`).
    pub content: Option<String>,
    /// Raw bytes read from stdin by the CLI (decoded like a file; not part of the schema).
    #[serde(skip)]
    #[schemars(skip)]
    pub content_bytes: Option<Vec<u8>>,
    /// The file name `content` is reported as (default `<stdin>`); also used for ignores.
    pub stdin_filename: Option<String>,
    /// Only check these aspects (rhythm, readability, grammar, style, length, content).
    pub aspects: Vec<Aspect>,
    /// Report only findings of this severity or above (low, medium, high, critical).
    pub severity_threshold: Option<Severity>,
    /// Fail (exit 1) when a finding of this severity or above is reported. Default: high.
    pub fail_on: Option<Severity>,
    /// Fail (exit 1) when a file's overall score is below this (0–100).
    pub fail_under: Option<f64>,
    /// Exit 0 even when the gate trips (errors still exit 2).
    pub exit_zero: bool,
    /// Tool config file to use instead of `.novelerrc.yaml` (relative to the project root).
    pub config: Option<String>,
    /// Rhythm metrics and rules over narration only (default true, or the config's value).
    pub exclude_dialogue_lines: Option<bool>,
    /// Rule preset (narou, literary); default: the config's, else literary for Aozora Bunko
    /// files and narou for the rest.
    pub preset: Option<Preset>,
    /// Do not read or write the content-hash cache in `.noveler/cache/`.
    pub no_cache: bool,
    /// Baseline file of accepted findings, inside the project (`""`: the default
    /// `.noveler-baseline.json` at the project root). Findings it holds are suppressed and counted in
    /// `summary.suppressed.baseline`.
    pub baseline: Option<String>,
    /// Record every finding of this run in this baseline file, inside the project (`""`:
    /// the default `.noveler-baseline.json` at the project root); they are then reported as baselined.
    pub write_baseline: Option<String>,
    /// Check the text as a snippet, not a whole episode: the rules about an episode as a
    /// whole (`analysis::score::WHOLE_TEXT_RULES`: length, dialogue ratio, window…) are skipped. Implied for
    /// `content` unless `stdin_filename` names an episode file (`第NNN話…`) or a manuscript in
    /// the project's manuscript directory.
    pub snippet: bool,
    /// Compare with a corpus baseline (metadata.ml_enhancements). Seed 001 §8 as
    /// statistics; `noveler explain statistics`.
    pub ml_optimization: Option<stats::MlOptimization>,
    /// `content` stands for the file `stdin_filename` and is checked as that file would be
    /// (never as a snippet): `text_as`.
    #[serde(skip)]
    #[schemars(skip)]
    pub as_file: bool,
    /// Thresholds learned by `check::stats` (replace the settings' thresholds).
    #[serde(skip)]
    #[schemars(skip)]
    pub learned_thresholds: Option<crate::analysis::settings::Thresholds>,
    /// What an earlier check of the same document kept (the language server keeps one per
    /// open document): only changed paragraphs are tokenised and checked again.
    #[serde(skip)]
    #[schemars(skip)]
    pub edit_cache: Option<Arc<analysis::incremental::EditCache>>,
    /// Only these rule codes run this time (`--select`; CLI only).
    #[serde(skip)]
    #[schemars(skip)]
    pub select: Vec<String>,
    /// These rule codes do not run this time (`--ignore`; CLI only).
    #[serde(skip)]
    #[schemars(skip)]
    pub ignore: Vec<String>,
}

/// Whether a file name (as given with `--stdin-filename`) names an episode: its last
/// component starts with `第<digits>話`.
pub(crate) fn names_episode(name: &str) -> bool {
    let file = name.rsplit(['/', '\\']).next().unwrap_or(name);
    file.strip_prefix('第')
        .map(|rest| {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            digits > 0 && rest[digits..].starts_with('話')
        })
        .unwrap_or(false)
}

/// Whether `--stdin-filename` `name` is a manuscript, checked as a whole episode: it names
/// an episode (`names_episode`) or lies in the project's manuscript directory, as a file
/// `check` is given there would be.
pub(crate) fn names_manuscript(project: &Project, name: &str) -> bool {
    if names_episode(name) {
        return true;
    }
    let path = Path::new(name);
    let rel = path.strip_prefix(&project.root).unwrap_or(path);
    let rel = rel.strip_prefix(".").unwrap_or(rel);
    rel.starts_with(&project.dirs.manuscript) && crate::project::is_manuscript_file(rel)
}

/// `settings` with the episode rules switched off.
fn snippet_settings(settings: &Settings) -> Settings {
    let mut s = settings.clone();
    // The rules that measure a whole text are the ones the score charges once.
    for code in analysis::score::WHOLE_TEXT_RULES {
        s.rules.entry((*code).to_string()).or_default().enabled = Some(false);
    }
    s
}

/// The result for one checked file (SPEC §5).
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct FileResult {
    /// Relative to the project root when inside it; otherwise as given.
    pub path: String,
    /// sha256 of the file's bytes as read.
    pub sha256: String,
    pub metrics: Metrics,
    pub findings: Vec<Finding>,
    /// Findings not listed because their code passed the per-rule cap
    /// (`max_findings_per_rule`), per code; the scores, the summary counts and the gate
    /// count them. Absent when nothing was left out.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub omitted: BTreeMap<String, usize>,
    /// The same per severity (for the summary); not serialised.
    #[serde(skip)]
    #[schemars(skip)]
    pub omitted_by_severity: BTreeMap<Severity, usize>,
    /// Scores of the reported findings (suppressed ones do not count).
    pub scores: Scores,
    /// Findings suppressed in this file, by what suppressed them.
    pub suppressed: Suppressed,
    /// The normalised text (for rendering snippets); not serialised.
    #[serde(skip)]
    #[schemars(skip)]
    pub text: Arc<str>,
    /// Where the file is on disk (`None` for stdin); not serialised.
    #[serde(skip)]
    #[schemars(skip)]
    pub disk_path: Option<PathBuf>,
    /// Checked as a snippet (`CheckRequest::snippet`): the episode rules were skipped.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub snippet: bool,
    /// The preset the file was checked with, and why (flag, config, Aozora frame, default).
    pub preset: crate::analysis::settings::PresetUsed,
}

/// A target that could not be checked.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct FileError {
    pub path: String,
    pub code: String,
    /// Japanese.
    pub message: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub hint: String,
    /// The full error (rendered by the CLI); not serialised.
    #[serde(skip)]
    #[schemars(skip)]
    pub error: Option<Box<Error>>,
}

impl FileError {
    fn new(path: String, err: Error) -> FileError {
        FileError {
            path,
            code: err.code.as_str().to_string(),
            message: err.message.clone(),
            hint: err.hint.clone(),
            error: Some(Box::new(err)),
        }
    }
}

#[derive(Clone, Debug, Default, Serialize, schemars::JsonSchema)]
pub struct Summary {
    pub files: usize,
    pub findings: usize,
    /// Count per severity (all four keys present).
    pub by_severity: BTreeMap<String, usize>,
    /// Count per rule code.
    pub by_code: BTreeMap<String, usize>,
    /// Lowest overall score over the scored files (null when none was scored).
    pub score_min: Option<f64>,
    /// How many of `findings` are not listed in the files (over the per-rule cap).
    #[serde(skip_serializing_if = "is_zero")]
    pub omitted: usize,
    /// Files too short to judge (no score, SPEC §4); they fail a `fail_under` gate.
    pub unscored: usize,
    /// Findings suppressed (not in `findings`), by what suppressed them.
    pub suppressed: Suppressed,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Findings listed per rule code per file by default (`max_findings_per_rule` in
/// `.novelerrc.yaml`): a pathological file (3 MB of `（`) would otherwise produce millions of
/// findings, ~4.5 KB of JSON each. The rest are counted, never silently dropped.
pub const MAX_FINDINGS_PER_RULE: usize = 200;

/// Keeps at most `cap` findings per code: the most severe first, then the earliest, so each
/// code's highest severity stays listed (the gate sees the same thing either way); the
/// findings stay in their order. Returns the number left out per code.
pub(crate) fn cap_findings(
    findings: &mut Vec<Finding>,
    cap: usize,
) -> (BTreeMap<String, usize>, BTreeMap<Severity, usize>) {
    let mut per_code: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, f) in findings.iter().enumerate() {
        per_code.entry(f.code.as_str()).or_default().push(i);
    }
    let mut drop = vec![false; findings.len()];
    let mut omitted = BTreeMap::new();
    let mut by_severity = BTreeMap::new();
    for (code, mut idx) in per_code {
        if idx.len() <= cap {
            continue;
        }
        // Stable: equal severities keep their order.
        idx.sort_by_key(|&i| std::cmp::Reverse(findings[i].severity));
        for &i in &idx[cap..] {
            drop[i] = true;
            *by_severity.entry(findings[i].severity).or_insert(0) += 1;
        }
        omitted.insert(code.to_string(), idx.len() - cap);
    }
    if !omitted.is_empty() {
        let mut k = 0;
        findings.retain(|_| {
            k += 1;
            !drop[k - 1]
        });
    }
    (omitted, by_severity)
}

#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct CheckReport {
    pub files: Vec<FileResult>,
    pub summary: Summary,
    /// Targets that could not be checked.
    pub errors: Vec<FileError>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub baseline_written: Option<BaselineWritten>,
    #[serde(skip)]
    #[schemars(skip)]
    pub gate: Gate,
    /// `metadata.ml_enhancements` (`check::stats`), when `ml_optimization.enabled`.
    #[serde(skip)]
    #[schemars(skip)]
    pub ml_enhancements: Option<serde_json::Value>,
    #[serde(skip)]
    #[schemars(skip)]
    pub inputs: Vec<FileRef>,
    #[serde(skip)]
    #[schemars(skip)]
    pub outputs: Vec<FileRef>,
}

/// How the exit status is decided.
#[derive(Clone, Debug, Default)]
pub struct Gate {
    pub fail_on: Option<Severity>,
    pub fail_under: Option<f64>,
    pub exit_zero: bool,
}

impl CheckReport {
    /// Whether the findings or scores trip the gate (ignoring `exit_zero` and errors).
    pub(crate) fn gate_tripped(&self) -> bool {
        let fail_on = self.gate.fail_on.unwrap_or(DEFAULT_FAIL_ON);
        let by_severity = self
            .files
            .iter()
            .flat_map(|f| &f.findings)
            .any(|f| f.severity >= fail_on);
        let by_score = match (self.gate.fail_under, self.summary.score_min) {
            (Some(limit), Some(min)) => min < limit,
            _ => false,
        } || (self.gate.fail_under.is_some() && self.summary.unscored > 0);
        by_severity || by_score
    }
}

impl CheckReport {
    /// True when the check had targets and every one of them failed.
    pub fn all_failed(&self) -> bool {
        self.files.is_empty() && !self.errors.is_empty()
    }

    /// The first target's error (the envelope's `error` when every target failed).
    pub fn first_error(&self) -> Option<Error> {
        let e = self.errors.first()?;
        Some(match &e.error {
            Some(err) => (**err).clone(),
            None => Error::new(
                Code::parse(&e.code).unwrap_or(Code::U005),
                e.message.clone(),
            )
            .hint(e.hint.clone()),
        })
    }

    /// The gate: `Error` when a target could not be checked, else `Findings` when the
    /// findings or scores trip it (unless `exit_zero`), else `Ok`.
    pub fn status(&self) -> crate::ExitStatus {
        if !self.errors.is_empty() {
            crate::ExitStatus::Error
        } else {
            crate::ExitStatus::findings_if(!self.gate.exit_zero && self.gate_tripped())
        }
    }

    /// The envelope metadata of a check: the gate and, with statistics, `ml_enhancements`.
    pub fn metadata(&self) -> serde_json::Value {
        let mut m = serde_json::json!({
            "fail_on": self.gate.fail_on.unwrap_or(DEFAULT_FAIL_ON),
            "fail_under": self.gate.fail_under,
            "exit_zero": self.gate.exit_zero,
            "gate_tripped": self.gate_tripped(),
        });
        // Some targets checked, some not: `success` stays true (the result is the answer
        // for the checked ones), the exit status is 2, and this says how many failed.
        if !self.errors.is_empty() {
            m["failed_files"] = self.errors.len().into();
        }
        if let Some(ml) = &self.ml_enhancements {
            m["ml_enhancements"] = ml.clone();
        }
        m
    }
}

/// The project's analysis settings with the request's overrides (aspects, dialogue lines,
/// preset, learned thresholds, `--select`/`--ignore`).
fn settings_for(project: &Project, req: &CheckRequest) -> Result<Settings> {
    let mut settings = project.settings.clone();
    if !req.aspects.is_empty() {
        settings.aspects = req.aspects.clone();
    }
    if let Some(x) = req.exclude_dialogue_lines {
        settings.exclude_dialogue_lines = x;
    }
    if let Some(p) = req.preset {
        settings.set_preset_by(p, crate::analysis::settings::PresetReason::Flag);
    }
    if let Some(t) = &req.learned_thresholds {
        settings.thresholds = t.clone();
    }
    select::apply(&mut settings, &req.select, &req.ignore)?;
    Ok(settings)
}

/// Caps the findings listed per rule code in every file (`max_findings_per_rule`),
/// counting the rest into `omitted`.
fn cap_files(project: &Project, files: &mut [FileResult]) {
    let cap = project
        .rc
        .max_findings_per_rule
        .unwrap_or(MAX_FINDINGS_PER_RULE);
    for file in files {
        // Added to what the analysis only counted (`FileAnalysis::overflow`).
        let (omitted, by_severity) = cap_findings(&mut file.findings, cap);
        for (code, n) in omitted {
            *file.omitted.entry(code).or_default() += n;
        }
        for (severity, n) in by_severity {
            *file.omitted_by_severity.entry(severity).or_default() += n;
        }
    }
}

/// Checks `text` as if it were the file `rel` of `project` — its settings, target length,
/// `ignore.paths`, `per-file-ignores` and inline suppression — without reading the disk or
/// the cache: the fix loop's passes in memory, and an editor's unsaved buffer. An ignored
/// `rel` gives a report without files.
pub fn text_as(ctx: &Ctx, project: &Project, rel: &str, text: &str) -> Result<CheckReport> {
    run(
        ctx,
        project,
        CheckRequest {
            content: Some(text.to_string()),
            stdin_filename: Some(rel.to_string()),
            as_file: true,
            no_cache: true,
            ..Default::default()
        },
    )
}

/// The check of a caller that has no project loaded (`noveler check`, a full check naming
/// its own `config`): the request's own errors first, then the project at `ctx.root` with
/// the request's `config`, then `run`.
pub fn run_loading(ctx: &Ctx, req: CheckRequest) -> Result<CheckReport> {
    if !req.ml_optimization.as_ref().is_some_and(|m| m.enabled) {
        validate(&req)?;
    }
    let project = Project::load_with(&ctx.root, req.config.as_deref().map(Path::new))?;
    run(ctx, &project, req)
}

/// The request's own errors, found before any project is loaded.
pub fn validate(req: &CheckRequest) -> Result<()> {
    if let Some(limit) = req.fail_under {
        if !(0.0..=100.0).contains(&limit) {
            return Err(Error::new(
                Code::U001,
                format!("--fail-under は 0〜100 で指定してください（{limit}）"),
            ));
        }
    }
    Ok(())
}

/// Runs the check on `project` (the caller's, already loaded): plan the files, analyse
/// them in parallel (or take them from the cache), apply the baseline and the per-rule cap,
/// summarise. With `ml_optimization.enabled`, the statistics run (`stats::run`) instead.
/// `req.config` is the caller's business: it loads that project.
// Long on purpose: the parallel map shares the cache, the snippet settings, the stdin bytes
// and the progress counter, which live exactly as long as this call; the steps around it
// are functions.
pub fn run(ctx: &Ctx, project: &Project, req: CheckRequest) -> Result<CheckReport> {
    if let Some(ml) = req.ml_optimization.clone().filter(|m| m.enabled) {
        return stats::run(ctx, project, req, ml);
    }
    validate(&req)?;
    let settings = settings_for(project, &req)?;

    let jobs = plan(project, &req)?;
    let stdin_bytes: Option<Vec<u8>> = req
        .content_bytes
        .clone()
        .or_else(|| req.content.clone().map(String::into_bytes));

    let cache = if ctx.use_cache && !req.no_cache {
        // A new dictionary changes word findings: its id is part of the cache key.
        Cache::open(
            &project.root,
            &format!(
                "{}-{}",
                settings.fingerprint(),
                crate::store::dictionary::id()
            ),
        )
    } else {
        None
    };
    let snippet_stdin = req.snippet
        || !(req.as_file
            || req
                .stdin_filename
                .as_deref()
                .is_some_and(|n| names_manuscript(project, n.trim())));
    // Built (a clone of the settings) only when a snippet is checked.
    let snippet = std::sync::OnceLock::new();
    let total = jobs.iter().filter(|j| !matches!(j, Job::Failed(_))).count() as u64;
    let done = AtomicU64::new(0);

    let results: Vec<std::result::Result<(FileResult, FileRef), FileError>> = jobs
        .into_par_iter_unless_single()
        .map(|job| {
            let as_snippet = req.snippet || (matches!(job, Job::Stdin { .. }) && snippet_stdin);
            // The cache is keyed by the project's settings: snippets are not cached.
            let (settings, cache) = if as_snippet {
                (snippet.get_or_init(|| snippet_settings(&settings)), None)
            } else {
                (&settings, cache.as_ref())
            };
            let (shown, disk, bytes) = match job {
                Job::Failed(e) => return Err(e),
                Job::File { shown, path } => match crate::store::text::read_bytes(&path) {
                    Ok(b) => (shown, Some(path), b),
                    Err(e) => return Err(FileError::new(shown, e)),
                },
                Job::Stdin { shown } => (shown, None, stdin_bytes.clone().unwrap_or_default()),
            };
            ctx.check_cancelled()
                .map_err(|e| FileError::new(shown.clone(), e))?;
            let tokens = req.edit_cache.as_deref();
            let cancel = analysis::Cancel::new(&ctx.cancel);
            let out = check_one(
                project,
                settings,
                (cache, tokens),
                cancel,
                shown,
                disk,
                bytes,
            )
            .map(|(mut f, r)| {
                f.snippet = as_snippet;
                (f, r)
            });
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            ctx.report_progress(n, total, out.as_ref().map_or("", |(f, _)| f.path.as_str()));
            out
        })
        .collect();
    ctx.check_cancelled()?;

    let mut files = Vec::new();
    let mut errors = Vec::new();
    let mut inputs: Vec<FileRef> = project.config_refs("config");
    for r in results {
        match r {
            Ok((file, fref)) => {
                inputs.push(fref);
                files.push(file);
            }
            Err(e) => errors.push(e),
        }
    }
    let mut outputs = Vec::new();
    let baseline_written = suppress::apply(
        project,
        &settings,
        &req,
        &mut files,
        &mut inputs,
        &mut outputs,
    )?;
    // The cap comes after suppression and the severity filter, so it counts only what
    // would have been listed.
    cap_files(project, &mut files);
    let summary = summarize(&files);
    let report = CheckReport {
        files,
        summary,
        errors,
        baseline_written,
        gate: Gate {
            fail_on: req.fail_on,
            fail_under: req.fail_under,
            exit_zero: req.exit_zero,
        },
        ml_enhancements: None,
        inputs,
        outputs,
    };
    log::record(ctx, &req, &report);
    Ok(report)
}

/// Reads, decodes, analyses (or fetches from the cache) one file; R001 when `cancel` is set
/// while it is analysed (nothing is cached then).
fn check_one(
    project: &Project,
    settings: &Settings,
    (cache, tokens): (Option<&Cache>, Option<&analysis::incremental::EditCache>),
    cancel: analysis::Cancel,
    shown: String,
    disk: Option<PathBuf>,
    bytes: Vec<u8>,
) -> std::result::Result<(FileResult, FileRef), FileError> {
    let where_ = disk.clone().unwrap_or_else(|| PathBuf::from(&shown));
    let source = crate::store::text::decode(&where_, &bytes)
        .map_err(|e| FileError::new(shown.clone(), e))?;
    // An empty or blank file (a placeholder episode) is checked like any other: its
    // LENGTH_OUT_OF_RANGE says there is no body yet. ruff and textlint pass empty files too.

    // Refused before the text model is built: millions of one-character lines would take
    // hundreds of times the file's size (and a 16 MiB one, the process).
    crate::store::text::ensure_analysable(&shown, &where_, &source.text)
        .map_err(|e| FileError::new(shown.clone(), e))?;
    let sha256 = analysis::sha256_hex(&bytes);
    let fref = FileRef {
        path: shown.clone(),
        sha256: sha256.clone(),
        size_bytes: bytes.len() as u64,
        content_type: crate::store::fileref::content_type_of(Path::new(&shown)).to_string(),
        role: "manuscript".into(),
    };
    let _ = project;
    let key = cache.map(|c| c.key(&sha256, &shown));
    let cached = match (cache, &key) {
        (Some(c), Some(k)) => c.get(k),
        _ => None,
    };
    let FileAnalysis {
        metrics,
        findings,
        scores,
        suppressed,
        overflow,
        preset,
    } = match cached {
        Some(a) => a,
        None => {
            // The dictionary is loaded (once per process) only on a cache miss that needs words.
            let lexicon = if analysis::rules::needs_words(settings) {
                Some(
                    crate::store::dictionary::lexicon()
                        .map_err(|e| FileError::new(shown.clone(), e))?,
                )
            } else {
                None
            };
            // The file record's hash is the text's when decoding changed nothing (UTF-8
            // without BOM or CR): the analysis then does not hash the text again.
            let known = (source.text.as_bytes() == bytes.as_slice()).then_some(sha256.as_str());
            let analysed = analysis::analyze_until(
                &source.text,
                &shown,
                settings,
                lexicon,
                known,
                tokens,
                cancel,
            );
            let Some(a) = analysed else {
                return Err(FileError::new(
                    shown,
                    Error::new(Code::R001, "処理はキャンセルされました"),
                ));
            };
            if let (Some(c), Some(k)) = (cache, &key) {
                // A cache that cannot be written only costs time next run.
                let _ = c.put(k, &a);
            }
            a
        }
    };
    Ok((
        FileResult {
            path: shown,
            sha256,
            metrics,
            findings,
            omitted: overflow.iter().fold(BTreeMap::new(), |mut m, o| {
                *m.entry(o.code.clone()).or_default() += o.count;
                m
            }),
            omitted_by_severity: overflow.iter().fold(BTreeMap::new(), |mut m, o| {
                *m.entry(o.severity).or_default() += o.count;
                m
            }),
            scores,
            suppressed,
            text: Arc::from(source.text),
            disk_path: disk,
            snippet: false,
            preset,
        },
        fref,
    ))
}

pub(crate) fn summarize(files: &[FileResult]) -> Summary {
    let mut by_severity = crate::analysis::severity_tally();
    let mut by_code = BTreeMap::new();
    let mut findings = 0;
    let mut suppressed = Suppressed::default();
    for f in files {
        suppressed.add(f.suppressed);
    }
    for f in files.iter().flat_map(|f| &f.findings) {
        findings += 1;
        crate::analysis::tally_severity(&mut by_severity, f.severity, 1);
        *by_code.entry(f.code.clone()).or_insert(0) += 1;
    }
    // Findings left out of the lists still count, under their code and severity.
    let mut omitted = 0;
    for file in files {
        for (code, n) in &file.omitted {
            omitted += n;
            findings += n;
            *by_code.entry(code.clone()).or_insert(0) += n;
        }
        for (s, n) in &file.omitted_by_severity {
            crate::analysis::tally_severity(&mut by_severity, *s, *n);
        }
    }
    let score_min = files
        .iter()
        .filter_map(|f| f.scores.overall)
        .fold(None, |m: Option<f64>, s| Some(m.map_or(s, |m| m.min(s))));
    let unscored = files.iter().filter(|f| f.scores.overall.is_none()).count();
    Summary {
        files: files.len(),
        findings,
        by_severity,
        by_code,
        score_min,
        omitted,
        unscored,
        suppressed,
    }
}

#[cfg(test)]
pub(crate) mod tests;
