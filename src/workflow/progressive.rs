//! The progressive check engine (seed 001/002, SPEC §7): sessions under
//! `.noveler/checks/<session_id>/`, the twelve steps, repeats, status and history.
//!
//! # Session layout
//! ```text
//! .noveler/locks/episode_003.checks.lock           one writer per episode (QC-008 busy)
//! .noveler/checks/QC_EP003_20250925_103000_0000/
//!   manifest.json                                  seed 001 §6.4 (+ attempts, state_version)
//!   step04_attempt01_input.json                    what the step was given (no manuscript text:
//!   step04_attempt01_output.json                   hashes and artifact ids) and what it returned
//! ```
//! The manifest pins, at session start, each step template's version and sha256 (a changed
//! template afterwards is QC-006), the target length with its source (project_config,
//! override or default; a missing project config is QC-009 and an invalid one QC-010 unless
//! `config_overrides.target_length` is given) and the check options. Every attempt of a step
//! is recorded (history); `completed_steps`/`failed_steps` follow each step's latest attempt.
//! A session is resumed by episode (the latest open one) or by id; an interrupted step leaves
//! the manifest as it was before the step (it is written last, atomically).

use super::steps::common::{EarlierStep, StepContext, StepIssue};
use super::steps::glossary::{parse_glossary, Term};
use super::steps::judgment::{self, Judgment, Scoring};
use super::steps::names::{parse_characters, Character};
use super::steps::plot::{parse_foreshadowing, parse_plot, Foreshadow, PlotInfo};
use super::steps::rhythm::{dialogue_warnings, rhythm_block, DialogueWarnings, RhythmBlock};
use super::steps::{self, StepDef, STEPS, TOTAL_STEPS};
use super::templates::{self, Template, TemplateInfo, TemplateSource};
use crate::analysis::metrics::{HookAssessment, LengthStats};
use crate::analysis::settings::{LengthSource, TargetLength};
use crate::analysis::{sha256_hex, Document, FileAnalysis, Settings, Severity, Source};
use crate::error::{Code, Error, Result};
use crate::project::{self, Project};
use crate::store::artifact::{ArtifactStore, StoreOptions};
use crate::store::envelope::timestamp;
use crate::store::{lock, write_atomic, FileRef};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime};

/// Where check sessions live, relative to the project root.
pub const CHECKS_DIR: &str = ".noveler/checks";
/// The manifest inside a session directory.
pub const MANIFEST: &str = "manifest.json";

// ---------------------------------------------------------------------------------------
// Options and overrides

/// `config_overrides.target_length` (seed 001 §3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LengthOverride {
    pub min: usize,
    pub max: usize,
}

/// Temporary overrides of the project config for this session or step.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ConfigOverrides {
    /// Replaces `writing.episode.target_length`; lets a check run without (or with an
    /// invalid) project config (source `override`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_length: Option<LengthOverride>,
}

/// Check options (seed 001 §3.1 inputs), fixed per session unless a step overrides them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct CheckOptions {
    /// Exclude dialogue lines from sentence-length (rhythm) figures. Default true.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exclude_dialogue_lines: Option<bool>,
    /// Moving-average window over narration sentence lengths. Default 5.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window_size: Option<usize>,
    /// Rule profile (preset). Only `narou` exists so far.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule_profile: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_overrides: Option<ConfigOverrides>,
    /// Step 12: approve although earlier steps' judgments are pending (recorded as such).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accept_unjudged: Option<bool>,
}

impl CheckOptions {
    /// Options of `self` where set, else of `base`.
    pub fn or(&self, base: &CheckOptions) -> CheckOptions {
        CheckOptions {
            exclude_dialogue_lines: self.exclude_dialogue_lines.or(base.exclude_dialogue_lines),
            window_size: self.window_size.or(base.window_size),
            rule_profile: self
                .rule_profile
                .clone()
                .or_else(|| base.rule_profile.clone()),
            config_overrides: self
                .config_overrides
                .clone()
                .filter(|c| c.target_length.is_some())
                .or_else(|| base.config_overrides.clone()),
            // A decision of this call, never inherited from the session.
            accept_unjudged: self.accept_unjudged,
        }
    }

    fn validate(&self) -> Result<()> {
        if let Some(p) = &self.rule_profile {
            if p != "narou" {
                return Err(
                    Error::new(Code::U001, format!("rule_profile「{p}」は使えません"))
                        .hint("使えるプロファイルは narou です。")
                        .details(serde_json::json!({"valid_profiles": ["narou"]})),
                );
            }
        }
        if self.window_size == Some(0) {
            return Err(Error::new(
                Code::U001,
                "window_size は 1 以上にしてください",
            ));
        }
        if let Some(l) = self.config_overrides.as_ref().and_then(|c| c.target_length) {
            if l.min >= l.max {
                return Err(Error::new(
                    Code::U001,
                    format!(
                        "config_overrides.target_length が不正です（min {} が max {} 以上）",
                        l.min, l.max
                    ),
                )
                .hint("min < max の整数で指定してください。"));
            }
        }
        Ok(())
    }

    fn override_length(&self) -> Option<TargetLength> {
        self.config_overrides
            .as_ref()
            .and_then(|c| c.target_length)
            .map(|l| TargetLength {
                min: l.min,
                max: l.max,
                source: LengthSource::Override,
            })
    }

    /// Folds the options into analysis settings.
    pub fn apply(&self, settings: &mut Settings) {
        if let Some(x) = self.exclude_dialogue_lines {
            settings.exclude_dialogue_lines = x;
        }
        if let Some(w) = self.window_size {
            settings.thresholds.window_size = w;
        }
    }
}

/// IterationPolicy (seed 001 §6.3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct IterationPolicy {
    /// Most attempts (default 1).
    #[serde(default = "one")]
    pub count: u32,
    /// Stop once the step passes its acceptance criteria.
    #[serde(default)]
    pub until_pass: bool,
    /// Stop when an attempt improves the score by less than this over the previous one.
    #[serde(default)]
    pub min_improvement: f64,
    /// Stop (QC-007) when this many seconds have passed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_budget_s: Option<u64>,
    /// Accepted for compatibility (future cost limits); not used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost_budget: Option<u64>,
    /// Accepted for compatibility: noveler never calls a model, so every run is "dry".
    #[serde(default)]
    pub dry_run: bool,
}

fn one() -> u32 {
    1
}

impl Default for IterationPolicy {
    fn default() -> Self {
        IterationPolicy {
            count: 1,
            until_pass: false,
            min_improvement: 0.0,
            time_budget_s: None,
            cost_budget: None,
            dry_run: false,
        }
    }
}

// ---------------------------------------------------------------------------------------
// Manifest

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SessionState {
    Open,
    Closed,
}

/// A template pinned by the session.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PinnedTemplate {
    pub version: String,
    /// sha256 of the template file.
    pub hash: String,
    /// `templates/quality/checks/…` (project override or embedded).
    pub path: String,
    pub template_source: TemplateSource,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct TargetLengthSnapshot {
    pub min: usize,
    pub max: usize,
    pub source: LengthSource,
}

impl From<TargetLength> for TargetLengthSnapshot {
    fn from(t: TargetLength) -> Self {
        TargetLengthSnapshot {
            min: t.min,
            max: t.max,
            source: t.source,
        }
    }
}

impl TargetLengthSnapshot {
    pub fn target(&self) -> TargetLength {
        TargetLength {
            min: self.min,
            max: self.max,
            source: self.source,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct HashRef {
    #[serde(rename = "type")]
    pub kind: String,
    pub hash: String,
}

/// One attempt of one step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct AttemptRecord {
    pub step_id: u8,
    pub step_name: String,
    pub attempt: u32,
    /// RFC 3339 UTC.
    pub executed_at: String,
    /// Seconds.
    pub execution_time: f64,
    /// Passed its acceptance criteria.
    pub success: bool,
    pub quality_score: f64,
    pub measured_score: f64,
    pub judged_score: Option<f64>,
    pub llm_pending: bool,
    pub issues_found: usize,
    pub input_file: String,
    pub output_file: String,
    pub manuscript_hash_refs: Vec<HashRef>,
    /// `step` or `repeat`.
    pub trigger: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ManuscriptRef {
    pub path: String,
    pub sha256: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Budgets {
    pub time_budget_s: Option<u64>,
    pub count: Option<u32>,
}

/// `.noveler/checks/<session_id>/manifest.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Manifest {
    pub session_id: String,
    pub episode_number: u32,
    /// Incremented on every save.
    pub state_version: u64,
    pub status: SessionState,
    pub created_at: String,
    pub updated_at: String,
    #[serde(default)]
    pub closed_at: Option<String>,
    /// The manuscript at session start.
    pub manuscript: ManuscriptRef,
    /// The next step to run (the first not completed); none when all are completed.
    pub current_step: Option<u8>,
    pub completed_steps: Vec<u8>,
    pub failed_steps: Vec<u8>,
    /// Steps that could not run because files they need are missing (QC-002), with them.
    #[serde(default)]
    pub unavailable_steps: BTreeMap<String, Vec<String>>,
    /// Step number → the template pinned at session start.
    pub template_version_set: BTreeMap<String, PinnedTemplate>,
    pub budgets: Budgets,
    #[serde(default)]
    pub iteration_policy: Option<IterationPolicy>,
    pub llm_config: Value,
    pub target_length: TargetLengthSnapshot,
    pub options: CheckOptions,
    /// Every attempt, in order.
    pub steps: Vec<AttemptRecord>,
}

impl Manifest {
    fn latest(&self, step: u8) -> Option<&AttemptRecord> {
        self.steps.iter().rev().find(|a| a.step_id == step)
    }

    /// Attempts recorded for `step`.
    pub fn attempts_of(&self, step: u8) -> u32 {
        self.steps.iter().filter(|a| a.step_id == step).count() as u32
    }

    /// Recomputes completed/failed/current from the attempts.
    fn refresh(&mut self) {
        self.completed_steps.clear();
        self.failed_steps.clear();
        for s in &STEPS {
            match self.latest(s.number) {
                Some(a) if a.success => self.completed_steps.push(s.number),
                Some(_) => self.failed_steps.push(s.number),
                None => {}
            }
        }
        self.current_step = STEPS
            .iter()
            .map(|s| s.number)
            .find(|n| !self.completed_steps.contains(n));
    }

    /// QC-001 when the manifest contradicts itself or its place.
    fn check_consistent(&self, id: &str, path: &Path) -> Result<()> {
        let mut why = Vec::new();
        if self.session_id != id {
            why.push(format!("session_id が {} です", self.session_id));
        }
        if Some(self.episode_number) != episode_of_session(id) {
            why.push(format!(
                "episode_number {} がセッションIDと合いません",
                self.episode_number
            ));
        }
        let valid = |n: &u8| (1..=TOTAL_STEPS).contains(n);
        if !self.completed_steps.iter().all(valid) || !self.failed_steps.iter().all(valid) {
            why.push("completed_steps / failed_steps に存在しないステップがあります".into());
        }
        if self
            .completed_steps
            .iter()
            .any(|s| self.failed_steps.contains(s))
        {
            why.push("同じステップが completed_steps と failed_steps の両方にあります".into());
        }
        if !self.steps.iter().all(|a| valid(&a.step_id)) {
            why.push("steps に存在しないステップの記録があります".into());
        }
        if why.is_empty() {
            return Ok(());
        }
        Err(Error::new(
            Code::QC001,
            format!("セッション {id} のマニフェストが不整合です: {}", why.join("、")),
        )
        .at(path, None)
        .hint("新しいセッションを開始してください（`--new`、MCP では get_check_tasks の new_session: true）。")
        .suggest(format!(
            "noveler check progressive {} tasks --new",
            self.episode_number
        ))
        .details(serde_json::json!({"session_reset_required": true, "session_id": id, "problems": why})))
    }
}

// ---------------------------------------------------------------------------------------
// Session ids and files

/// `QC_EP003_20250925_103000_0002` (episode, UTC time of creation, then a 4-hex sequence
/// number: the count of the episode's earlier sessions). Ids of an episode therefore sort in
/// creation order even within one second (sessions are created under the episode lock).
pub fn new_session_id(ep: u32, created_at: &str, seq: u32) -> String {
    let stamp = crate::store::envelope::file_stamp(created_at);
    format!("QC_EP{ep:03}_{stamp}_{:04x}", seq.min(0xffff))
}

/// Whether `id` has the form of a session id (checked before any path is built).
pub fn valid_session_id(id: &str) -> bool {
    let Some(rest) = id.strip_prefix("QC_EP") else {
        return false;
    };
    let parts: Vec<&str> = rest.split('_').collect();
    parts.len() == 4
        && (3..=4).contains(&parts[0].len())
        && parts[0].bytes().all(|b| b.is_ascii_digit())
        && parts[1].len() == 8
        && parts[1].bytes().all(|b| b.is_ascii_digit())
        && parts[2].len() == 6
        && parts[2].bytes().all(|b| b.is_ascii_digit())
        && parts[3].len() == 4
        && parts[3]
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// The episode a session id belongs to.
pub fn episode_of_session(id: &str) -> Option<u32> {
    if !valid_session_id(id) {
        return None;
    }
    id.strip_prefix("QC_EP")?.split('_').next()?.parse().ok()
}

fn invalid_session_id(id: &str) -> Error {
    let shown: String = id.chars().take(60).collect();
    Error::new(Code::U001, format!("セッションID「{shown}」の形式が不正です"))
        .hint("QC_EP003_20250925_103000_0000 の形式のIDを指定してください（get_check_tasks が返します）。")
}

/// The session directory, relative to the root.
pub fn session_dir(id: &str) -> String {
    format!("{CHECKS_DIR}/{id}")
}

fn manifest_path(root: &Path, id: &str) -> PathBuf {
    root.join(session_dir(id)).join(MANIFEST)
}

/// Runs `f` holding the episode's check lock; QC-008 when another process holds it.
pub fn with_episode_lock<T>(root: &Path, ep: u32, f: impl FnOnce() -> Result<T>) -> Result<T> {
    let target = lock::episode_lock(root, ep, lock::Scope::Checks);
    let shown = crate::store::fileref::shown_path(root, &lock::lock_path(&target));
    lock::try_lock(&target, f).map_err(|e| {
        if e.code == Code::QC008 {
            Error::new(
                Code::QC008,
                format!("第{ep}話の品質チェックは別の処理が実行中です"),
            )
            .hint("実行中のステップが終わってから再試行してください。")
            .suggest(format!("noveler check progressive {ep} status"))
            .details(serde_json::json!({"episode": ep, "lock": shown}))
        } else {
            e
        }
    })
}

/// Reads and vets a manifest: QC-001 when missing or inconsistent, QC-005 when corrupt.
pub fn load_manifest(root: &Path, id: &str) -> Result<Manifest> {
    if !valid_session_id(id) {
        return Err(invalid_session_id(id));
    }
    let path = manifest_path(root, id);
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(Error::new(
                Code::QC001,
                format!("セッション {id} が見つかりません"),
            )
            .at(&path, None)
            .hint("get_check_tasks（`noveler check progressive <話数> tasks`）で新しいセッションを開始してください。")
            .details(serde_json::json!({"session_reset_required": true, "session_id": id})))
        }
        Err(e) => return Err(Error::io(&path, &e)),
    };
    let manifest: Manifest = serde_json::from_slice(&bytes).map_err(|e| {
        Error::new(
            Code::QC005,
            format!("セッション {id} のマニフェストが壊れています: {e}"),
        )
        .at(&path, Some(e.line()))
        .hint("バックアップから manifest.json を復旧するか、新しいセッションを開始してください（`tasks --new`）。")
        .suggest(format!(
            "noveler check progressive {} tasks --new",
            episode_of_session(id).unwrap_or(1)
        ))
        .details(serde_json::json!({"session_id": id, "session_reset_required": true}))
    })?;
    manifest.check_consistent(id, &path)?;
    Ok(manifest)
}

fn save_manifest(root: &Path, m: &mut Manifest) -> Result<()> {
    m.state_version += 1;
    m.updated_at = timestamp(SystemTime::now());
    m.refresh();
    let body = serde_json::to_vec_pretty(m).map_err(|e| {
        Error::new(
            Code::R002,
            format!("マニフェストのJSON化に失敗しました: {e}"),
        )
    })?;
    write_atomic(&manifest_path(root, &m.session_id), &body)
}

/// Session ids of episode `ep` (oldest first).
pub fn session_ids(root: &Path, ep: u32) -> Vec<String> {
    let mut ids: Vec<String> = std::fs::read_dir(root.join(CHECKS_DIR))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter(|id| episode_of_session(id) == Some(ep))
        .collect();
    ids.sort();
    ids
}

/// The latest open session of `ep`, if any (a corrupt latest manifest is an error).
pub fn latest_open(root: &Path, ep: u32) -> Result<Option<Manifest>> {
    for id in session_ids(root, ep).into_iter().rev() {
        if !manifest_path(root, &id).is_file() {
            continue; // an unfinished session directory (interrupted creation)
        }
        let m = load_manifest(root, &id)?;
        if m.status == SessionState::Open {
            return Ok(Some(m));
        }
    }
    Ok(None)
}

// ---------------------------------------------------------------------------------------
// The project, as the steps need it

/// The project config resolved for a check: QC-009 / QC-010 unless an override is given.
pub fn resolve_project(root: &Path, opts: &CheckOptions) -> Result<(Project, TargetLength)> {
    let over = opts.override_length();
    let config = root.join(project::PROJECT_CONFIG);
    if !config.is_file() {
        let Some(length) = over else {
            return Err(Error::new(
                Code::QC009,
                format!("プロジェクト設定（{}）が見つかりません", project::PROJECT_CONFIG),
            )
            .at(&config, None)
            .hint("プロジェクトルートを確認するか、config_overrides.target_length（CLI では --target-min / --target-max）を指定してください。")
            .suggest("noveler check progressive <話数> tasks --target-min 6000 --target-max 10000")
            .details(serde_json::json!({"missing_files": [project::PROJECT_CONFIG]})));
        };
        let p = Project::load_with_length(root, length)?;
        return Ok((p, length));
    }
    match over {
        Some(length) => Ok((Project::load_with_length(root, length)?, length)),
        None => {
            let p = Project::load(root).map_err(|e| {
                if e.code == Code::QC010 {
                    e.hint("min < max の整数に直すか、config_overrides.target_length（CLI では --target-min / --target-max）で上書きしてください。")
                } else {
                    e
                }
            })?;
            let t = p.settings.target_length;
            Ok((p, t))
        }
    }
}

/// A settings document read for the steps.
#[derive(Debug, Clone)]
pub struct RefFile {
    pub key: &'static str,
    pub label: &'static str,
    pub path: PathBuf,
    pub rel: String,
    pub text: String,
}

/// Everything loaded from disk for one step.
pub struct Loaded {
    pub project: Project,
    pub manuscript_path: PathBuf,
    pub manuscript_rel: String,
    /// Raw bytes' sha256 (what FileRefs and QC-018 use).
    pub sha256: String,
    pub raw_len: u64,
    pub source: Source,
    /// `file` or `manuscript_content`.
    pub text_origin: &'static str,
    pub characters: Option<Vec<Character>>,
    pub glossary: Option<Vec<Term>>,
    pub plot: Option<PlotInfo>,
    pub foreshadowing: Vec<Foreshadow>,
    pub refs: Vec<RefFile>,
}

fn read_yaml(path: &Path) -> Result<(String, serde_yaml::Value)> {
    let bytes = crate::store::text::read_bytes(path)?;
    let text = crate::store::text::decode(path, &bytes)?.text;
    let doc = serde_yaml::from_str(&text).map_err(|e| {
        Error::new(
            Code::P002,
            format!("{} を YAML として読み込めません: {e}", path.display()),
        )
        .at(path, e.location().map(|l| l.line()))
        .hint("YAML の書式（インデント、コロンの後の空白）を確認してください。")
    })?;
    Ok((text, doc))
}

/// Episode plots of the project: (episode, path), sorted.
fn episode_plots(project: &Project) -> Vec<(u32, PathBuf)> {
    let plot = project.plot_dir();
    let mut out: Vec<(u32, PathBuf)> = Vec::new();
    for dir in [plot.join("話別プロット"), plot] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file())
            .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml")))
            .collect();
        files.sort();
        for p in files {
            let Some(stem) = p.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            if let Some(n) = project::episode_number_of(stem) {
                if !out.iter().any(|(m, _)| *m == n) {
                    out.push((n, p));
                }
            }
        }
    }
    out.sort();
    out
}

/// Loads the manuscript and the settings documents of episode `ep`. `content` replaces the
/// manuscript text (an agent's revision checked without writing it).
pub fn load(project: Project, ep: u32, content: Option<&str>) -> Result<Loaded> {
    let manuscript_path = project.manuscript_path(ep)?;
    let manuscript_rel = project.display(&manuscript_path);
    let (bytes, origin) = match content {
        Some(c) => (c.as_bytes().to_vec(), "manuscript_content"),
        None => (
            crate::store::text::read_bytes(&manuscript_path).map_err(|e| {
                Error::new(
                    Code::QC004,
                    format!("原稿 {manuscript_rel} を読めないためチェックを実行できません: {e}"),
                )
                .at(&manuscript_path, None)
                .hint("ファイルの存在と権限を確認して再実行してください。")
                .details(serde_json::json!({"error_log": e.to_string()}))
            })?,
            "file",
        ),
    };
    let source = crate::store::text::decode(&manuscript_path, &bytes).map_err(|e| {
        Error::new(
            Code::QC004,
            format!(
                "原稿 {manuscript_rel} を解析できないためチェックを実行できません: {}",
                e.message
            ),
        )
        .at(&manuscript_path, e.line)
        .hint(e.hint.clone())
        .details(serde_json::json!({"error_log": e.to_string(), "cause": e.code.as_str()}))
    })?;
    let sha256 = sha256_hex(&bytes);
    let files = project.settings_files();
    let mut refs = Vec::new();
    let mut characters = None;
    let mut glossary = None;
    if let Some(p) = &files.characters {
        let (text, doc) = read_yaml(p)?;
        characters = Some(parse_characters(&doc));
        refs.push(RefFile {
            key: "characters",
            label: "キャラクター設定",
            rel: project.display(p),
            path: p.clone(),
            text,
        });
    }
    if let Some(p) = &files.glossary {
        let (text, doc) = read_yaml(p)?;
        glossary = Some(parse_glossary(&doc));
        refs.push(RefFile {
            key: "glossary",
            label: "用語集",
            rel: project.display(p),
            path: p.clone(),
            text,
        });
    }
    if let Some(p) = &files.world {
        let bytes = crate::store::text::read_bytes(p)?;
        let text = crate::store::text::decode(p, &bytes)?.text;
        refs.push(RefFile {
            key: "world",
            label: "世界観",
            rel: project.display(p),
            path: p.clone(),
            text,
        });
    }
    for p in &files.style {
        let bytes = crate::store::text::read_bytes(p)?;
        let text = crate::store::text::decode(p, &bytes)?.text;
        refs.push(RefFile {
            key: "style",
            label: "文体・スタイルガイド",
            rel: project.display(p),
            path: p.clone(),
            text,
        });
    }
    let mut plot = None;
    let mut foreshadowing = Vec::new();
    if let Ok(p) = project.plot_path(ep) {
        if matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml")) {
            let (text, doc) = read_yaml(&p)?;
            let rel = project.display(&p);
            let info = parse_plot(&doc, &rel);
            foreshadowing.extend(info.foreshadowing.iter().cloned());
            plot = Some(info);
            refs.push(RefFile {
                key: "plot",
                label: "話別プロット",
                rel,
                path: p.clone(),
                text,
            });
        }
    }
    // Foreshadowing of every other episode plot (items due here may be listed only there).
    for (n, p) in episode_plots(&project) {
        if n == ep {
            continue;
        }
        let Ok((_, doc)) = read_yaml(&p) else {
            continue; // another episode's broken plot does not stop this check
        };
        for f in parse_foreshadowing(&doc, &project.display(&p)) {
            let dup = foreshadowing.iter().any(|g| match (&g.id, &f.id) {
                (Some(a), Some(b)) => a == b,
                _ => g.item == f.item,
            });
            if !dup {
                foreshadowing.push(f);
            }
        }
    }
    Ok(Loaded {
        raw_len: bytes.len() as u64,
        project,
        manuscript_path,
        manuscript_rel,
        sha256,
        source,
        text_origin: origin,
        characters,
        glossary,
        plot,
        foreshadowing,
        refs,
    })
}

/// The first Markdown heading of `text`, without `#` and surrounding spaces.
pub fn heading_of(text: &str) -> Option<String> {
    text.lines()
        .map(str::trim)
        .find(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim().to_string())
        .filter(|s| !s.is_empty())
}

/// Files a step needs that are missing (relative paths for the message).
fn missing_for(step: &StepDef, l: &Loaded, ep: u32) -> Vec<String> {
    let dir = l.project.dirs.settings.clone();
    step.requires()
        .iter()
        .filter_map(|r| match *r {
            "characters" if l.characters.is_none() => Some(format!("{dir}/キャラクター.yaml")),
            "glossary" if l.glossary.is_none() => Some(format!("{dir}/用語集.yaml")),
            "plot" if l.plot.is_none() => Some(format!(
                "{}/話別プロット/第{ep:03}話_<タイトル>.yaml",
                l.project.dirs.plot
            )),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Templates

/// Loads the templates of all steps (project overrides win) for pinning.
pub fn pin_templates(root: &Path) -> Result<BTreeMap<String, PinnedTemplate>> {
    let mut out = BTreeMap::new();
    for s in &STEPS {
        let t = templates::load(root, &s.template_name())?;
        out.insert(s.number.to_string(), pin_of(&t));
    }
    Ok(out)
}

fn pin_of(t: &Template) -> PinnedTemplate {
    PinnedTemplate {
        version: t.doc.version.clone(),
        hash: t.sha256.clone(),
        path: format!("templates/{}", t.name),
        template_source: t.source,
    }
}

/// The step's template, QC-006 when it differs from the one the session pinned.
fn step_template(root: &Path, m: &Manifest, step: &StepDef) -> Result<Template> {
    let t = templates::load(root, &step.template_name())?;
    if let Some(pin) = m.template_version_set.get(&step.number.to_string()) {
        if pin.hash != t.sha256 || pin.version != t.doc.version {
            return Err(Error::new(
                Code::QC006,
                format!(
                    "ステップ {} のテンプレートがセッション開始後に変更されています（固定 {} {} → 現在 {} {}）",
                    step.number,
                    pin.version,
                    pin.hash.chars().take(12).collect::<String>(),
                    t.doc.version,
                    t.sha256.chars().take(12).collect::<String>()
                ),
            )
            .hint("テンプレートを元に戻すか、新しいセッションを開始してください（`tasks --new`）。")
            .suggest(format!("noveler check progressive {} tasks --new", m.episode_number))
            .details(serde_json::json!({
                "step_id": step.number,
                "pinned": pin,
                "current": pin_of(&t),
            })));
        }
    }
    Ok(t)
}

fn param_f64(t: &Template, key: &str, default: f64) -> f64 {
    t.doc
        .parameters
        .get(key)
        .and_then(Value::as_f64)
        .unwrap_or(default)
}

fn blocking_severity(t: &Template) -> Severity {
    t.doc
        .parameters
        .get("blocking_severity")
        .and_then(Value::as_str)
        .and_then(Severity::parse)
        .unwrap_or(Severity::Critical)
}

// ---------------------------------------------------------------------------------------
// Results

/// `metadata.config_snapshot`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ConfigSnapshot {
    pub target_length: TargetLengthSnapshot,
    pub exclude_dialogue_lines: bool,
    pub window_size: usize,
    pub rule_profile: String,
}

/// `metadata` of a step result (seed 001 §3.2).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct StepMetadata {
    pub config_snapshot: ConfigSnapshot,
    pub rhythm_metrics: RhythmBlock,
    pub dialogue_warnings: DialogueWarnings,
    pub hook_assessment: HookAssessment,
    pub length_stats: LengthStats,
    pub scoring: Scoring,
    pub template: TemplateInfo,
    /// The validated llm_result, when one was given.
    pub structured_output: Option<Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Acceptance {
    pub pass_score: f64,
    /// Deterministic issues at or above this severity fail the step.
    pub blocking_severity: Severity,
    pub criteria: Vec<String>,
    /// Why the step failed (empty when it passed).
    pub reasons: Vec<String>,
    pub passed: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct StepFiles {
    pub input_file: String,
    pub output_file: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ManuscriptInfo {
    pub path: String,
    pub sha256: String,
    pub artifact_id: String,
    /// `file` or `manuscript_content`.
    pub origin: String,
    pub body_chars: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct JudgmentOut {
    pub summary: String,
    pub metrics: BTreeMap<String, f64>,
    pub recommendations: Vec<String>,
}

/// The result of one attempt of a step.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct StepResult {
    pub success: bool,
    pub session_id: String,
    pub episode_number: u32,
    pub step_id: u8,
    pub step_name: String,
    pub phase: String,
    pub attempt: u32,
    /// `passed` or `failed`.
    pub status: String,
    pub passed: bool,
    pub quality_score: f64,
    pub issues_found: usize,
    /// True until an llm_result for this step is sent (the score is then measured only).
    pub llm_pending: bool,
    pub issues: Vec<StepIssue>,
    pub corrections: Vec<String>,
    /// Step-specific figures.
    pub details: Value,
    pub judgment: Option<JudgmentOut>,
    pub acceptance: Acceptance,
    /// The prompt for the judgment part (rendered from the step's template).
    pub llm_instruction: String,
    /// The schema an llm_result must satisfy.
    pub llm_result_schema: Value,
    pub files: StepFiles,
    pub manuscript: ManuscriptInfo,
    pub next_step: Option<u8>,
    pub next_action: String,
    pub guidance: Option<String>,
    pub session_created: bool,
    pub metadata: StepMetadata,
    #[serde(skip)]
    pub(crate) input_refs: Vec<FileRef>,
    #[serde(skip)]
    pub(crate) output_refs: Vec<FileRef>,
}

impl StepResult {
    pub fn input_refs(&self) -> Vec<FileRef> {
        self.input_refs.clone()
    }
    pub fn output_refs(&self) -> Vec<FileRef> {
        self.output_refs.clone()
    }
}

/// What a step is asked to do.
#[derive(Debug, Clone, Default)]
pub struct StepInput {
    pub episode: u32,
    pub step: u32,
    pub session_id: Option<String>,
    pub llm_result: Option<Value>,
    pub manuscript_content: Option<String>,
    pub options: CheckOptions,
    /// `step` or `repeat`.
    pub trigger: &'static str,
}

/// Finds or creates the session of `ep` (lock held by the caller).
fn open_session(
    root: &Path,
    ep: u32,
    session_id: Option<&str>,
    force_new: bool,
    opts: &CheckOptions,
) -> Result<(Manifest, bool)> {
    if let Some(id) = session_id {
        let m = load_manifest(root, id)?;
        if m.episode_number != ep {
            return Err(Error::new(
                Code::QC001,
                format!(
                    "セッション {id} は第{}話のものです（指定は第{ep}話）",
                    m.episode_number
                ),
            )
            .hint("話数とセッションIDの組み合わせを確認してください。")
            .details(serde_json::json!({"session_reset_required": false, "session_id": id})));
        }
        if m.status == SessionState::Closed {
            return Err(
                Error::new(Code::QC001, format!("セッション {id} は終了しています"))
                    .hint("新しいセッションを開始してください（`tasks --new`）。")
                    .suggest(format!("noveler check progressive {ep} tasks --new"))
                    .details(serde_json::json!({"session_reset_required": true, "session_id": id})),
            );
        }
        return Ok((m, false));
    }
    if !force_new {
        if let Some(m) = latest_open(root, ep)? {
            return Ok((m, false));
        }
    }
    opts.validate()?;
    let (project, target) = resolve_project(root, opts)?;
    let manuscript = project.manuscript_path(ep)?;
    let bytes = crate::store::text::read_bytes(&manuscript)?;
    let now = timestamp(SystemTime::now());
    let existing = session_ids(root, ep);
    let mut seq = existing.len() as u32;
    let mut id = new_session_id(ep, &now, seq);
    while root.join(session_dir(&id)).exists() || existing.last().is_some_and(|l| *l >= id) {
        seq += 1;
        id = new_session_id(ep, &now, seq);
        if seq >= 0xffff {
            break;
        }
    }
    // One open session per episode: a new one supersedes the open ones (readable ones are
    // closed; unreadable ones are left for the author to inspect).
    for old in &existing {
        if let Ok(mut o) = load_manifest(root, old) {
            if o.status == SessionState::Open {
                o.status = SessionState::Closed;
                o.closed_at = Some(now.clone());
                save_manifest(root, &mut o)?;
            }
        }
    }
    let settings = &project.settings;
    let mut m = Manifest {
        session_id: id.clone(),
        episode_number: ep,
        state_version: 0,
        status: SessionState::Open,
        created_at: now.clone(),
        updated_at: now,
        closed_at: None,
        manuscript: ManuscriptRef {
            path: project.display(&manuscript),
            sha256: sha256_hex(&bytes),
        },
        current_step: Some(1),
        completed_steps: Vec::new(),
        failed_steps: Vec::new(),
        unavailable_steps: BTreeMap::new(),
        template_version_set: pin_templates(root)?,
        budgets: Budgets {
            time_budget_s: None,
            count: None,
        },
        iteration_policy: None,
        llm_config: serde_json::json!({"model_hint": "auto"}),
        target_length: target.into(),
        options: CheckOptions {
            exclude_dialogue_lines: Some(
                opts.exclude_dialogue_lines
                    .unwrap_or(settings.exclude_dialogue_lines),
            ),
            window_size: Some(opts.window_size.unwrap_or(settings.thresholds.window_size)),
            rule_profile: Some(
                opts.rule_profile
                    .clone()
                    .unwrap_or_else(|| settings.preset.clone()),
            ),
            config_overrides: opts
                .config_overrides
                .clone()
                .filter(|c| c.target_length.is_some()),
            accept_unjudged: None,
        },
        steps: Vec::new(),
    };
    crate::store::confine::guard_write(&root.join(session_dir(&id)))?;
    std::fs::create_dir_all(root.join(session_dir(&id)))
        .map_err(|e| Error::io(root.join(session_dir(&id)), &e))?;
    save_manifest(root, &mut m)?;
    Ok((m, true))
}

/// The earlier steps as step 12 sees them; `current` is `sha256:<hex>` of the text step 12
/// checks (a step whose latest attempt checked another text is `stale`).
fn earlier_steps(m: &Manifest, current: &str) -> Vec<EarlierStep> {
    STEPS
        .iter()
        .filter(|s| s.number < TOTAL_STEPS)
        .map(|s| {
            let latest = m.latest(s.number);
            let missing = m
                .unavailable_steps
                .get(&s.number.to_string())
                .cloned()
                .unwrap_or_default();
            let status = match latest {
                Some(a) if a.success => "passed",
                Some(_) => "failed",
                None if !missing.is_empty() => "unavailable",
                None => "not_run",
            };
            EarlierStep {
                step_id: s.number,
                name: s.name.to_string(),
                status: status.into(),
                quality_score: latest.map(|a| a.quality_score),
                llm_pending: latest.is_some_and(|a| a.llm_pending),
                stale: latest.is_some_and(|a| checked_hash(a) != Some(current)),
                attempts: m.attempts_of(s.number),
                missing_files: missing,
            }
        })
        .collect()
}

/// The hash of the text an attempt checked: the passed content's, else the manuscript's.
fn checked_hash(a: &AttemptRecord) -> Option<&str> {
    let of = |kind: &str| {
        a.manuscript_hash_refs
            .iter()
            .find(|r| r.kind == kind)
            .map(|r| r.hash.as_str())
    };
    of("content").or_else(|| of("input"))
}

fn store_artifact(
    root: &Path,
    content: &str,
    source_file: &str,
    kind: &str,
    ep: u32,
) -> Result<String> {
    let mut tags = BTreeMap::new();
    tags.insert("kind".to_string(), kind.to_string());
    tags.insert("episode".to_string(), ep.to_string());
    let content_type = if source_file.ends_with(".md") {
        "markdown"
    } else if source_file.ends_with(".yaml") || source_file.ends_with(".yml") {
        "yaml"
    } else {
        "text"
    };
    let out = ArtifactStore::new(root).store(
        content,
        StoreOptions {
            content_type: Some(content_type.into()),
            source_file: Some(source_file.to_string()),
            description: Some(format!("品質チェック入力（{kind}）")),
            tags,
        },
    );
    match out {
        Ok(o) => Ok(o.metadata.artifact_id),
        // YAML that the artifact store refuses (it validates content) is referenced by path.
        Err(e) if e.code == Code::U001 || e.code == Code::U006 => Ok(String::new()),
        Err(e) => Err(e),
    }
}

/// Issues as prompt lines (`  - 12行目 [warning] CODE: message`), the first `max`; with
/// `count_rest`, a last line counts the ones left out.
pub fn issues_summary(issues: &[StepIssue], max: usize, count_rest: bool) -> String {
    if issues.is_empty() {
        return "  - 機械チェックで検出された問題はありません。".into();
    }
    let mut lines: Vec<String> = issues
        .iter()
        .take(max)
        .map(|i| {
            let at = i.line.map(|l| format!("{l}行目 ")).unwrap_or_default();
            format!(
                "  - {at}[{}] {}: {}",
                i.severity.as_str(),
                i.code,
                i.message
            )
        })
        .collect();
    if count_rest && issues.len() > max {
        lines.push(format!(
            "  - ほか {} 件（出力の issues を参照）",
            issues.len() - max
        ));
    }
    lines.join("\n")
}

/// Details as indented YAML, cut at `max` characters (`cut_note` follows a cut).
pub fn details_summary(details: &Value, max: usize, cut_note: &str) -> String {
    let yaml = serde_yaml::to_string(details).unwrap_or_default();
    let mut out: String = yaml
        .lines()
        .map(|l| format!("  {l}"))
        .collect::<Vec<_>>()
        .join("\n");
    if out.chars().count() > max {
        out = out.chars().take(max).collect();
        out.push_str(cut_note);
    }
    out
}

/// Renders a template's purpose and instructions into the prompt an agent reads.
pub fn render_prompt(t: &Template, vars: &super::render::Vars, submit: &str) -> Result<String> {
    let render = |what: &str, text: &str| {
        super::render::render(text, vars).map_err(|e| {
            Error::new(
                Code::U002,
                format!("テンプレート {} の {what} を展開できません: {e}", t.name),
            )
            .hint("テンプレートのプレースホルダー名を確認してください。")
        })
    };
    let purpose = render("purpose", &t.doc.purpose)?;
    let instructions = render("instructions", &t.doc.instructions)?;
    let criteria: Vec<String> = t
        .doc
        .acceptance_criteria
        .iter()
        .map(|c| format!("- {c}"))
        .collect();
    let schema = serde_json::to_string_pretty(&t.doc.output_schema).unwrap_or_default();
    Ok(format!(
        "# {}\n\n## 目的\n{}\n{}\n## 受け入れ基準\n{}\n\n## 返却形式（JSON、このスキーマに合うこと）\n```json\n{}\n```\n\n## 送り方\n{}\n",
        t.doc.title,
        purpose,
        instructions,
        criteria.join("\n"),
        schema,
        submit
    ))
}

/// (label, relative path, artifact id) of a settings document referenced in a prompt.
pub type RefId = (String, String, String);
/// The references of a prompt.
pub type RefIds = Vec<RefId>;

/// Common prompt variables for a manuscript.
pub fn base_vars(
    ep: u32,
    title: &str,
    l: &Loaded,
    artifact: &str,
    analysis: &FileAnalysis,
    ref_ids: &[RefId],
) -> super::render::Vars {
    let ls = &analysis.metrics.length_stats;
    let mut v = super::render::Vars::new();
    v.insert("episode".into(), ep.to_string());
    v.insert("episode_title".into(), title.to_string());
    v.insert("manuscript_path".into(), l.manuscript_rel.clone());
    v.insert("manuscript_sha256".into(), l.sha256.clone());
    v.insert(
        "manuscript_artifact".into(),
        if artifact.is_empty() {
            "参照IDなし".into()
        } else {
            artifact.to_string()
        },
    );
    v.insert("target_min".into(), ls.target_min.to_string());
    v.insert("target_max".into(), ls.target_max.to_string());
    v.insert("body_chars".into(), ls.body_chars.to_string());
    v.insert(
        "genre".into(),
        l.project
            .config
            .genre
            .clone()
            .unwrap_or_else(|| "未設定".into()),
    );
    let refs = if ref_ids.is_empty() {
        "  - （設定資料はありません）".to_string()
    } else {
        ref_ids
            .iter()
            .map(|(label, rel, id)| {
                if id.is_empty() {
                    format!("  - {label}: {rel}")
                } else {
                    format!("  - {label}: {rel}（{id}）")
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    v.insert("reference_files".into(), refs);
    v
}

/// Stores the manuscript and settings as artifacts; returns the manuscript's id and
/// (label, path, id) of each reference.
pub fn store_inputs(root: &Path, ep: u32, l: &Loaded) -> Result<(String, RefIds)> {
    let manuscript_id = store_artifact(root, &l.source.text, &l.manuscript_rel, "manuscript", ep)?;
    let mut refs = Vec::new();
    for r in &l.refs {
        let id = store_artifact(root, &r.text, &r.rel, r.key, ep)?;
        refs.push((r.label.to_string(), r.rel.clone(), id));
    }
    Ok((manuscript_id, refs))
}

/// Title of the episode: the plot's, else the manuscript heading, else the file stem.
pub fn episode_title(l: &Loaded) -> String {
    l.plot
        .as_ref()
        .and_then(|p| p.title.clone())
        .or_else(|| heading_of(&l.source.text))
        .unwrap_or_else(|| {
            l.manuscript_path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default()
                .to_string()
        })
}

/// The analysis settings of a loaded project under `opts` and target `t`.
pub fn settings_for(l: &Loaded, opts: &CheckOptions, t: TargetLength) -> Settings {
    let mut s = l.project.settings.clone();
    s.target_length = t;
    opts.apply(&mut s);
    s
}

/// Runs one attempt of a step (takes the episode lock).
pub fn execute_step(root: &Path, input: StepInput) -> Result<StepResult> {
    let step = steps::by_number(input.step).ok_or_else(|| invalid_step(input.step as i64))?;
    with_episode_lock(root, input.episode, || {
        let (mut m, created) = open_session(
            root,
            input.episode,
            input.session_id.as_deref(),
            false,
            &input.options,
        )?;
        run_attempt(root, &mut m, step, &input, created)
    })
}

/// QC-003 listing the valid steps.
pub fn invalid_step(given: i64) -> Error {
    Error::new(
        Code::QC003,
        format!("ステップ {given} は存在しません（1〜{TOTAL_STEPS}）"),
    )
    .hint("有効なステップ番号を指定してください。")
    .details(serde_json::json!({
        "valid_steps": steps::valid_steps(),
        "steps": STEPS.iter().map(|s| serde_json::json!({"id": s.number, "name": s.name})).collect::<Vec<_>>(),
    }))
}

fn run_attempt(
    root: &Path,
    m: &mut Manifest,
    step: &'static StepDef,
    input: &StepInput,
    created: bool,
) -> Result<StepResult> {
    let clock = Instant::now();
    let executed_at = timestamp(SystemTime::now());
    let template = step_template(root, m, step)?;
    let opts = input.options.or(&m.options);
    opts.validate()?;
    let target = opts
        .override_length()
        .unwrap_or_else(|| m.target_length.target());
    let project = Project::load_with_length(root, target)?;
    let l = load(
        project,
        m.episode_number,
        input.manuscript_content.as_deref(),
    )?;
    let missing = missing_for(step, &l, m.episode_number);
    if !missing.is_empty() {
        m.unavailable_steps
            .insert(step.number.to_string(), missing.clone());
        save_manifest(root, m)?;
        return Err(Error::new(
            Code::QC002,
            format!(
                "ステップ {}（{}）に必要なファイルがありません: {}",
                step.number,
                step.name,
                missing.join(", ")
            ),
        )
        .hint("ファイルを作成してから再実行してください。このステップを飛ばしても、総合品質認定（ステップ12）は未実行扱いにしません。")
        .suggest(format!("noveler check progressive {} step {}", m.episode_number, step.number + 1))
        .details(serde_json::json!({"missing_files": missing, "step_id": step.number})));
    }
    m.unavailable_steps.remove(&step.number.to_string());
    let settings = settings_for(&l, &opts, target);
    let text = l.source.text.as_str();
    let analysis = crate::analysis::analyze(text, &l.manuscript_rel, &settings);
    let doc = Document::parse(text);
    let heading = heading_of(text);
    let earlier = if step.number == TOTAL_STEPS {
        let current = if l.text_origin == "manuscript_content" {
            sha256_hex(l.source.text.as_bytes())
        } else {
            l.sha256.clone()
        };
        earlier_steps(m, &format!("sha256:{current}"))
    } else {
        Vec::new()
    };
    let cx = StepContext {
        episode: m.episode_number,
        file: &l.manuscript_rel,
        text,
        doc: &doc,
        analysis: &analysis,
        settings: &settings,
        heading: heading.as_deref(),
        characters: l.characters.as_deref(),
        glossary: l.glossary.as_deref(),
        plot: l.plot.as_ref(),
        foreshadowing: &l.foreshadowing,
        earlier: &earlier,
        accept_unjudged: opts.accept_unjudged.unwrap_or(false),
        params: &template.doc.parameters,
    };
    let mut measured = steps::measure(step, &cx);
    for f in analysis
        .findings
        .iter()
        .filter(|f| step.codes.contains(&f.code.as_str()))
    {
        if let Some(fix) = &f.fix {
            measured
                .corrections
                .push(format!("{}行目: {}", f.line, fix.description));
        }
    }

    // The judgment part.
    let judgment: Option<Judgment> = match &input.llm_result {
        Some(v) => {
            judgment::check_manuscript_hash(v, &l.sha256)?;
            judgment::validate(&template.doc.output_schema, v, &template.name)?;
            Some(judgment::parse(v, &format!("J{:02}", step.number)))
        }
        None => None,
    };
    let measured_score =
        steps::common::penalty_score(&measured.issues, analysis.metrics.length_stats.body_chars);
    let judged = judgment
        .as_ref()
        .and_then(|j| j.metrics.get("score").copied());
    if judgment.is_some() && judged.is_none() {
        return Err(
            Error::new(Code::U006, "llm_result の /metrics/score がありません")
                .hint("metrics.score に 0〜100 の点数を入れてください。"),
        );
    }
    let weight = param_f64(&template, "judgment_weight", 0.5);
    let scoring = judgment::combine(measured_score, judged, weight);
    let pass_score = param_f64(&template, "pass_score", 80.0);
    let blocking = blocking_severity(&template);
    let mut reasons = Vec::new();
    if scoring.quality_score < pass_score {
        reasons.push(format!(
            "quality_score {} が合格点 {pass_score} に届きません",
            scoring.quality_score
        ));
    }
    let blocking_issues = measured
        .issues
        .iter()
        .filter(|i| i.severity >= blocking)
        .count();
    if blocking_issues > 0 {
        reasons.push(format!(
            "重大度 {} 以上の問題が {blocking_issues} 件残っています",
            blocking.as_str()
        ));
    }
    if let Some(j) = &judgment {
        let critical = j
            .issues
            .iter()
            .filter(|i| i.severity == Severity::Critical)
            .count();
        if critical > 0 {
            reasons.push(format!("判断で critical の問題が {critical} 件あります"));
        }
    }
    reasons.extend(measured.blockers.iter().cloned());
    let passed = reasons.is_empty();

    // Files and artifacts.
    let (artifact, ref_ids) = store_inputs(root, m.episode_number, &l)?;
    let title = episode_title(&l);
    let attempt = m.attempts_of(step.number) + 1;
    let stem = format!("step{:02}_attempt{:02}", step.number, attempt);
    let dir = session_dir(&m.session_id);
    let input_rel = format!("{dir}/{stem}_input.json");
    let output_rel = format!("{dir}/{stem}_output.json");

    let mut issues = measured.issues.clone();
    if let Some(j) = &judgment {
        issues.extend(j.issues.iter().cloned());
    }
    let details = Value::Object(measured.details.clone());
    let mut vars = base_vars(m.episode_number, &title, &l, &artifact, &analysis, &ref_ids);
    vars.insert("measured_score".into(), format!("{measured_score}"));
    vars.insert(
        "findings_summary".into(),
        issues_summary(&measured.issues, 30, true),
    );
    vars.insert(
        "details_summary".into(),
        details_summary(&details, 4000, "\n  …（省略。出力の details を参照）"),
    );
    vars.insert("session_id".into(), m.session_id.clone());
    vars.insert("step_id".into(), step.number.to_string());
    let submit = format!(
        "- CLI: 上の形の JSON をファイルに保存し `noveler check progressive {ep} step {n} --llm-result <ファイル>`\n- MCP: execute_check_step に {{\"episode_number\": {ep}, \"step_id\": {n}, \"session_id\": \"{sid}\", \"llm_result\": {{…}}}}",
        ep = m.episode_number,
        n = step.number,
        sid = m.session_id
    );
    let llm_instruction = render_prompt(&template, &vars, &submit)?;

    m.refresh();
    let completed_after: Vec<u8> = {
        let mut c = m.completed_steps.clone();
        c.retain(|&s| s != step.number);
        if passed {
            c.push(step.number);
        }
        c
    };
    let next_step = STEPS
        .iter()
        .map(|s| s.number)
        .find(|n| !completed_after.contains(n) && *n != step.number)
        .or((!passed).then_some(step.number));
    let next_action = if scoring.llm_pending {
        format!(
            "llm_instruction に従って判断し、llm_result を送ってください（ステップ {}）。判断を省く場合は次のステップへ",
            step.number
        )
    } else if passed {
        match next_step {
            Some(n) => format!("execute_check_step でステップ {n} を実行"),
            None => "全ステップ完了。end_session でセッションを終了".into(),
        }
    } else {
        format!(
            "問題を直してからステップ {} を再実行（repeat_step で反復可）",
            step.number
        )
    };
    let guidance = (!passed).then(|| {
        let fixable = issues.iter().filter(|i| i.fixable.is_some()).count();
        let mut g = format!("不合格の理由: {}。", reasons.join("／"));
        if fixable > 0 {
            g.push_str(&format!(
                "自動修正できる問題が {fixable} 件あります（`noveler polish {} --diff` で確認）。",
                m.episode_number
            ));
        }
        g
    });

    let metrics = &analysis.metrics;
    let metadata = StepMetadata {
        config_snapshot: ConfigSnapshot {
            target_length: target.into(),
            exclude_dialogue_lines: settings.exclude_dialogue_lines,
            window_size: settings.thresholds.window_size,
            rule_profile: opts
                .rule_profile
                .clone()
                .unwrap_or_else(|| settings.preset.clone()),
        },
        rhythm_metrics: rhythm_block(&doc, &settings, metrics),
        dialogue_warnings: dialogue_warnings(&doc, &settings, &template.doc.parameters),
        hook_assessment: metrics.hook_assessment.clone(),
        length_stats: metrics.length_stats.clone(),
        scoring: scoring.clone(),
        template: template.info(),
        structured_output: judgment.as_ref().map(|j| j.raw.clone()),
    };
    let manuscript_info = ManuscriptInfo {
        path: l.manuscript_rel.clone(),
        sha256: l.sha256.clone(),
        artifact_id: artifact.clone(),
        origin: l.text_origin.to_string(),
        body_chars: metrics.length_stats.body_chars,
    };
    let mut result = StepResult {
        success: true,
        session_id: m.session_id.clone(),
        episode_number: m.episode_number,
        step_id: step.number,
        step_name: step.name.to_string(),
        phase: step.phase.to_string(),
        attempt,
        status: if passed { "passed" } else { "failed" }.into(),
        passed,
        quality_score: scoring.quality_score,
        issues_found: issues.len(),
        llm_pending: scoring.llm_pending,
        issues,
        corrections: measured.corrections.clone(),
        details,
        judgment: judgment.as_ref().map(|j| JudgmentOut {
            summary: j.summary.clone(),
            metrics: j.metrics.clone(),
            recommendations: j.recommendations.clone(),
        }),
        acceptance: Acceptance {
            pass_score,
            blocking_severity: blocking,
            criteria: template.doc.acceptance_criteria.clone(),
            reasons,
            passed,
        },
        llm_instruction,
        llm_result_schema: template.doc.output_schema.clone(),
        files: StepFiles {
            input_file: input_rel.clone(),
            output_file: output_rel.clone(),
        },
        manuscript: manuscript_info,
        next_step,
        next_action,
        guidance,
        session_created: created,
        metadata,
        input_refs: Vec::new(),
        output_refs: Vec::new(),
    };

    // Write input, then output, then the manifest (last: an interruption before it leaves
    // the session as it was).
    let input_doc = serde_json::json!({
        "session_id": m.session_id,
        "step_id": step.number,
        "attempt": attempt,
        "trigger": input.trigger,
        "template": template.info(),
        "template_source": match template.source { TemplateSource::Project => "project", TemplateSource::Embedded => "embedded" },
        "manuscript": {"path": l.manuscript_rel, "sha256": l.sha256, "artifact_id": artifact, "origin": l.text_origin},
        "references": ref_ids.iter().map(|(label, rel, id)| serde_json::json!({"label": label, "path": rel, "artifact_id": id})).collect::<Vec<_>>(),
        "options": opts,
        "config_snapshot": result.metadata.config_snapshot,
        "llm_result": input.llm_result,
    });
    let input_bytes = serde_json::to_vec_pretty(&input_doc).unwrap_or_default();
    write_atomic(&root.join(&input_rel), &input_bytes)?;
    let output_bytes = serde_json::to_vec_pretty(&result).unwrap_or_default();
    write_atomic(&root.join(&output_rel), &output_bytes)?;

    let mut hash_refs = vec![HashRef {
        kind: "input".into(),
        hash: format!("sha256:{}", l.sha256),
    }];
    if l.text_origin == "manuscript_content" {
        hash_refs.push(HashRef {
            kind: "content".into(),
            hash: format!("sha256:{}", sha256_hex(l.source.text.as_bytes())),
        });
    }
    m.steps.push(AttemptRecord {
        step_id: step.number,
        step_name: step.name.to_string(),
        attempt,
        executed_at,
        execution_time: (clock.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
        success: passed,
        quality_score: scoring.quality_score,
        measured_score,
        judged_score: judged,
        llm_pending: scoring.llm_pending,
        issues_found: result.issues_found,
        input_file: input_rel.clone(),
        output_file: output_rel.clone(),
        manuscript_hash_refs: hash_refs,
        trigger: input.trigger.to_string(),
    });
    save_manifest(root, m)?;

    let mut inputs = vec![FileRef {
        path: l.manuscript_rel.clone(),
        sha256: l.sha256.clone(),
        size_bytes: l.raw_len,
        content_type: crate::store::fileref::content_type_of(&l.manuscript_path).to_string(),
        role: "manuscript".into(),
    }];
    for r in &l.refs {
        inputs.push(FileRef::from_bytes(root, &r.path, r.text.as_bytes(), r.key));
    }
    result.input_refs = inputs;
    let manifest_bytes = std::fs::read(manifest_path(root, &m.session_id)).unwrap_or_default();
    result.output_refs = vec![
        FileRef::from_bytes(root, &root.join(&input_rel), &input_bytes, "step_input"),
        FileRef::from_bytes(root, &root.join(&output_rel), &output_bytes, "step_output"),
        FileRef::from_bytes(
            root,
            &manifest_path(root, &m.session_id),
            &manifest_bytes,
            "manifest",
        ),
    ];
    Ok(result)
}

// ---------------------------------------------------------------------------------------
// Repeat

/// Why a repeat stopped.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct RepeatOutcome {
    pub success: bool,
    pub session_id: String,
    pub step_id: u8,
    pub attempts: u32,
    /// `passed` (until_pass met), `no_improvement` (below min_improvement),
    /// `count_exhausted` or `time_budget_exceeded` (QC-007), `completed` (count reached
    /// without until_pass).
    pub stopped_reason: String,
    /// QC-007 when a budget stopped the repeat before the step passed.
    pub budget_error: Option<Value>,
    pub scores: Vec<f64>,
    pub policy: IterationPolicy,
    pub final_result: StepResult,
}

/// Runs a step up to `policy.count` times (each attempt recorded), stopping early on pass
/// (`until_pass`), on an improvement below `min_improvement`, or on the time budget.
/// The text is re-read for every attempt, so an agent (or the author) may revise it in
/// between; an unchanged text gives the same score again (and stops on `min_improvement`).
pub fn repeat_step(
    root: &Path,
    input: StepInput,
    policy: IterationPolicy,
) -> Result<RepeatOutcome> {
    let step = steps::by_number(input.step).ok_or_else(|| invalid_step(input.step as i64))?;
    if policy.count == 0 {
        return Err(Error::new(Code::U001, "count は 1 以上にしてください"));
    }
    if !policy.min_improvement.is_finite() || policy.min_improvement < 0.0 {
        return Err(Error::new(
            Code::U001,
            "min_improvement は 0 以上の数にしてください",
        ));
    }
    with_episode_lock(root, input.episode, || {
        let (mut m, created) = open_session(
            root,
            input.episode,
            input.session_id.as_deref(),
            false,
            &input.options,
        )?;
        m.iteration_policy = Some(policy.clone());
        m.budgets = Budgets {
            time_budget_s: policy.time_budget_s,
            count: Some(policy.count),
        };
        let clock = Instant::now();
        let mut scores = Vec::new();
        let mut last: Option<StepResult> = None;
        let mut reason = "completed".to_string();
        let mut input = input.clone();
        input.trigger = "repeat";
        for i in 0..policy.count {
            if let Some(budget) = policy.time_budget_s {
                if i > 0 && clock.elapsed().as_secs() >= budget {
                    reason = "time_budget_exceeded".into();
                    break;
                }
            }
            let r = run_attempt(root, &mut m, step, &input, created && i == 0)?;
            // An llm_result judges one text: use it for the first attempt only.
            input.llm_result = None;
            let score = r.quality_score;
            let improved = scores.last().map(|prev: &f64| score - prev);
            scores.push(score);
            let passed = r.passed;
            last = Some(r);
            if policy.until_pass && passed {
                reason = "passed".into();
                break;
            }
            if let Some(d) = improved {
                if policy.min_improvement > 0.0 && d < policy.min_improvement {
                    reason = "no_improvement".into();
                    break;
                }
            }
            if i + 1 == policy.count {
                reason = if policy.until_pass {
                    "count_exhausted".into()
                } else {
                    "completed".into()
                };
            }
        }
        save_manifest(root, &mut m)?;
        let Some(final_result) = last else {
            return Err(Error::new(
                Code::QC007,
                "時間予算内に一度も実行できませんでした",
            ));
        };
        let budget_error = matches!(reason.as_str(), "count_exhausted" | "time_budget_exceeded")
            .then(|| {
                Error::new(
                    Code::QC007,
                    format!("反復ポリシーの予算（{reason}）に達したため停止しました"),
                )
                .hint("原稿を直してから再実行するか、count / time_budget_s を増やしてください。")
                .to_json()
            });
        Ok(RepeatOutcome {
            success: true,
            session_id: m.session_id.clone(),
            step_id: step.number,
            attempts: scores.len() as u32,
            stopped_reason: reason,
            budget_error,
            scores,
            policy: policy.clone(),
            final_result,
        })
    })
}

// ---------------------------------------------------------------------------------------
// Tasks, status, history, end, artifacts

/// A task (seed 001 §3.1).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Task {
    pub id: u8,
    pub name: String,
    pub phase: String,
    pub description: String,
    pub llm_instruction: String,
    pub estimated_duration: String,
    pub dependencies: Vec<u8>,
    /// `pending`, `passed`, `failed`, `unavailable`.
    pub status: String,
    pub attempts: u32,
    pub quality_score: Option<f64>,
    pub template: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Progress {
    pub completed: usize,
    pub total: usize,
    pub percentage: f64,
}

fn progress_of(m: &Manifest) -> Progress {
    let completed = m.completed_steps.len();
    Progress {
        completed,
        total: usize::from(TOTAL_STEPS),
        percentage: (completed as f64 / f64::from(TOTAL_STEPS) * 1000.0).round() / 10.0,
    }
}

fn tasks_of(m: &Manifest) -> Vec<Task> {
    STEPS
        .iter()
        .map(|s| {
            let latest = m.latest(s.number);
            let status = match latest {
                Some(a) if a.success => "passed",
                Some(_) => "failed",
                None if m.unavailable_steps.contains_key(&s.number.to_string()) => "unavailable",
                None => "pending",
            };
            Task {
                id: s.number,
                name: s.name.to_string(),
                phase: s.phase.to_string(),
                description: s.description.to_string(),
                llm_instruction: format!(
                    "ステップ{}（{}）を execute_check_step で実行し、返る llm_instruction に従って判断して llm_result を送ってください",
                    s.number, s.name
                ),
                estimated_duration: s.estimated_duration.to_string(),
                dependencies: s.dependencies.to_vec(),
                status: status.into(),
                attempts: m.attempts_of(s.number),
                quality_score: latest.map(|a| a.quality_score),
                template: s.template_name(),
            }
        })
        .collect()
}

/// `get_check_tasks`.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct TasksReport {
    pub success: bool,
    pub episode_number: u32,
    pub session_id: String,
    pub session_created: bool,
    pub current_step: Option<u8>,
    pub current_task: Option<Task>,
    /// Not yet passed, with their dependencies passed.
    pub executable_tasks: Vec<Task>,
    pub progress: Progress,
    pub llm_instruction: String,
    pub next_action: String,
    pub phase_info: Value,
    pub tasks: Vec<Task>,
    pub target_length: TargetLengthSnapshot,
    pub manifest_path: String,
}

pub fn tasks(
    root: &Path,
    ep: u32,
    session_id: Option<&str>,
    new_session: bool,
    opts: &CheckOptions,
) -> Result<TasksReport> {
    opts.validate()?;
    with_episode_lock(root, ep, || {
        let (m, created) = open_session(root, ep, session_id, new_session, opts)?;
        let tasks = tasks_of(&m);
        let done = |n: &u8| m.completed_steps.contains(n);
        let executable: Vec<Task> = tasks
            .iter()
            .filter(|t| !done(&t.id) && t.dependencies.iter().all(done))
            .cloned()
            .collect();
        let current = m
            .current_step
            .and_then(|n| tasks.iter().find(|t| t.id == n).cloned());
        let phase = current
            .as_ref()
            .map(|t| t.phase.clone())
            .unwrap_or_else(|| "completed".into());
        let llm_instruction = match &current {
            Some(t) => format!(
                "ステップ{}（{}）を実行し、結果を要約してください。execute_check_step に session_id \"{}\" と step_id {} を渡します",
                t.id, t.name, m.session_id, t.id
            ),
            None => "全ステップが合格しています。end_session でセッションを終了してください".into(),
        };
        Ok(TasksReport {
            success: true,
            episode_number: ep,
            session_id: m.session_id.clone(),
            session_created: created,
            current_step: m.current_step,
            current_task: current,
            executable_tasks: executable,
            progress: progress_of(&m),
            llm_instruction,
            next_action: if m.current_step.is_some() {
                "execute_check_step".into()
            } else {
                "end_session".into()
            },
            phase_info: serde_json::json!({
                "phase": phase,
                "phases": steps::PHASES,
            }),
            tasks,
            target_length: m.target_length.clone(),
            manifest_path: format!("{}/{MANIFEST}", session_dir(&m.session_id)),
        })
    })
}

/// Resolves the session to read: by id, else the latest open one, else the latest one.
fn session_for_reading(root: &Path, ep: u32, session_id: Option<&str>) -> Result<Manifest> {
    if let Some(id) = session_id {
        return load_manifest(root, id);
    }
    if let Some(m) = latest_open(root, ep)? {
        return Ok(m);
    }
    match session_ids(root, ep).into_iter().rev().find(|id| manifest_path(root, id).is_file()) {
        Some(id) => load_manifest(root, &id),
        None => Err(Error::new(
            Code::QC001,
            format!("第{ep}話の品質チェックセッションがありません"),
        )
        .hint("get_check_tasks（`noveler check progressive <話数> tasks`）でセッションを開始してください。")
        .suggest(format!("noveler check progressive {ep} tasks"))
        .details(serde_json::json!({"session_reset_required": true}))),
    }
}

/// `get_check_status`.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct StatusReport {
    pub success: bool,
    pub episode_number: u32,
    pub session_id: String,
    pub status: SessionState,
    pub total_steps: u8,
    pub completed_steps: Vec<u8>,
    pub completed_count: usize,
    pub failed_steps: Vec<u8>,
    pub unavailable_steps: Vec<u8>,
    pub progress: Progress,
    pub progress_percentage: f64,
    pub current_step: Option<u8>,
    pub current_phase: String,
    pub current_task: Option<Task>,
    pub last_completed_step: Option<u8>,
    pub next_step: Option<u8>,
    /// Sum of the estimated durations of the steps not passed (seed's ranges).
    pub estimated_remaining_time: String,
    pub last_updated: String,
    pub manifest: Manifest,
    pub message: String,
}

fn remaining_time(m: &Manifest) -> String {
    let (mut lo, mut hi) = (0u32, 0u32);
    for s in &STEPS {
        if m.completed_steps.contains(&s.number) {
            continue;
        }
        let range = s.estimated_duration.trim_end_matches('分');
        let mut parts = range.split('-').filter_map(|x| x.parse::<u32>().ok());
        if let (Some(a), Some(b)) = (parts.next(), parts.next()) {
            lo += a;
            hi += b;
        }
    }
    if hi == 0 {
        "0分".into()
    } else {
        format!("{lo}-{hi}分")
    }
}

pub fn status(root: &Path, ep: u32, session_id: Option<&str>) -> Result<StatusReport> {
    let m = session_for_reading(root, ep, session_id)?;
    let tasks = tasks_of(&m);
    let current_task = m
        .current_step
        .and_then(|n| tasks.iter().find(|t| t.id == n).cloned());
    let last_completed = m
        .steps
        .iter()
        .rev()
        .find(|a| a.success && m.completed_steps.contains(&a.step_id))
        .map(|a| a.step_id);
    let p = progress_of(&m);
    Ok(StatusReport {
        success: true,
        episode_number: m.episode_number,
        session_id: m.session_id.clone(),
        status: m.status,
        total_steps: TOTAL_STEPS,
        completed_count: m.completed_steps.len(),
        completed_steps: m.completed_steps.clone(),
        failed_steps: m.failed_steps.clone(),
        unavailable_steps: m
            .unavailable_steps
            .keys()
            .filter_map(|k| k.parse().ok())
            .collect(),
        progress_percentage: p.percentage,
        progress: p,
        current_step: m.current_step,
        current_phase: current_task
            .as_ref()
            .map(|t| t.phase.clone())
            .unwrap_or_else(|| "completed".into()),
        current_task,
        last_completed_step: last_completed,
        next_step: m.current_step,
        estimated_remaining_time: remaining_time(&m),
        last_updated: m.updated_at.clone(),
        message: "品質チェック進捗状況確認完了".into(),
        manifest: m,
    })
}

/// One attempt in the history (seed 001 §3.4).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct HistoryEntry {
    pub session_id: String,
    pub step_id: u8,
    pub step_name: String,
    pub attempt: u32,
    pub executed_at: String,
    pub execution_time: f64,
    pub success: bool,
    pub quality_score: f64,
    pub judged_score: Option<f64>,
    pub llm_pending: bool,
    pub issues_found: usize,
    pub output_file: String,
}

/// One session in the history (seed 002 §8.3).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct RunEntry {
    pub run_id: String,
    /// `passed` (step 12 passed), `failed` (a step failed), `running` (open), `canceled`
    /// (closed without passing).
    pub status: String,
    pub duration_ms: u64,
    pub failed_steps: Vec<u8>,
    pub completed_steps: Vec<u8>,
    pub created_at: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct HistoryReport {
    pub success: bool,
    pub episode_number: u32,
    /// Newest first.
    pub history: Vec<HistoryEntry>,
    pub runs: Vec<RunEntry>,
    pub order: String,
    pub total: usize,
    /// Pass as `cursor` for the next page; none on the last page.
    pub next_cursor: Option<String>,
    /// Sessions whose manifest could not be read (skipped).
    pub unreadable_sessions: Vec<Value>,
}

fn run_status(m: &Manifest) -> &'static str {
    let approved = m.latest(TOTAL_STEPS).is_some_and(|a| a.success);
    if approved {
        "passed"
    } else if m.status == SessionState::Open && m.failed_steps.is_empty() {
        "running"
    } else if m.status == SessionState::Closed && m.failed_steps.is_empty() {
        "canceled"
    } else {
        "failed"
    }
}

fn ms_between(a: &str, b: &str) -> u64 {
    match (humantime::parse_rfc3339(a), humantime::parse_rfc3339(b)) {
        (Ok(x), Ok(y)) => y
            .duration_since(x)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0),
        _ => 0,
    }
}

pub fn history(
    root: &Path,
    ep: u32,
    session_id: Option<&str>,
    limit: usize,
    cursor: Option<&str>,
) -> Result<HistoryReport> {
    if !(1..=100).contains(&limit) {
        return Err(Error::new(
            Code::U001,
            format!("limit は 1〜100 で指定してください（{limit}）"),
        ));
    }
    let offset = match cursor {
        None => 0,
        Some(c) => c
            .strip_prefix("offset:")
            .and_then(|n| n.parse::<usize>().ok())
            .ok_or_else(|| {
                Error::new(Code::U001, format!("cursor「{c}」が不正です"))
                    .hint("前回の next_cursor をそのまま渡してください。")
            })?,
    };
    let ids = match session_id {
        Some(id) => {
            load_manifest(root, id)?;
            vec![id.to_string()]
        }
        None => session_ids(root, ep),
    };
    let mut all = Vec::new();
    let mut runs = Vec::new();
    let mut unreadable = Vec::new();
    for id in ids.iter().rev() {
        if !manifest_path(root, id).is_file() {
            continue;
        }
        let m = match load_manifest(root, id) {
            Ok(m) => m,
            Err(e) => {
                unreadable.push(serde_json::json!({"session_id": id, "error": e.to_json()}));
                continue;
            }
        };
        runs.push(RunEntry {
            run_id: m.session_id.clone(),
            status: run_status(&m).into(),
            duration_ms: ms_between(&m.created_at, &m.updated_at),
            failed_steps: m.failed_steps.clone(),
            completed_steps: m.completed_steps.clone(),
            created_at: m.created_at.clone(),
        });
        for a in m.steps.iter().rev() {
            all.push(HistoryEntry {
                session_id: m.session_id.clone(),
                step_id: a.step_id,
                step_name: a.step_name.clone(),
                attempt: a.attempt,
                executed_at: a.executed_at.clone(),
                execution_time: a.execution_time,
                success: a.success,
                quality_score: a.quality_score,
                judged_score: a.judged_score,
                llm_pending: a.llm_pending,
                issues_found: a.issues_found,
                output_file: a.output_file.clone(),
            });
        }
    }
    let total = all.len();
    let page: Vec<HistoryEntry> = all.into_iter().skip(offset).take(limit).collect();
    let next = (offset + page.len() < total).then(|| format!("offset:{}", offset + page.len()));
    Ok(HistoryReport {
        success: true,
        episode_number: ep,
        history: page,
        runs,
        order: "desc".into(),
        total,
        next_cursor: next,
        unreadable_sessions: unreadable,
    })
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct EndReport {
    pub success: bool,
    pub closed: bool,
    pub session_id: String,
    pub episode_number: u32,
    /// `passed`, `failed` or `canceled` (see history runs).
    pub result: String,
    pub completed_steps: Vec<u8>,
    pub failed_steps: Vec<u8>,
    pub manifest_path: String,
}

pub fn end(root: &Path, ep: u32, session_id: Option<&str>, finalize: bool) -> Result<EndReport> {
    with_episode_lock(root, ep, || {
        let mut m = match session_id {
            Some(id) => load_manifest(root, id)?,
            None => latest_open(root, ep)?.ok_or_else(|| {
                Error::new(
                    Code::QC001,
                    format!("第{ep}話に開いている品質チェックセッションがありません"),
                )
                .hint("終了するセッションがありません。")
                .details(serde_json::json!({"session_reset_required": false}))
            })?,
        };
        let was_open = m.status == SessionState::Open;
        if was_open && finalize {
            m.status = SessionState::Closed;
            m.closed_at = Some(timestamp(SystemTime::now()));
            save_manifest(root, &mut m)?;
        }
        Ok(EndReport {
            success: true,
            closed: m.status == SessionState::Closed,
            session_id: m.session_id.clone(),
            episode_number: m.episode_number,
            result: run_status(&m).into(),
            completed_steps: m.completed_steps.clone(),
            failed_steps: m.failed_steps.clone(),
            manifest_path: format!("{}/{MANIFEST}", session_dir(&m.session_id)),
        })
    })
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ArtifactEntry {
    /// Relative to the project root (or an `artifact:` id for stored inputs).
    pub path: String,
    pub sha256: String,
    pub size_bytes: u64,
    pub content_type: Option<String>,
    /// `manifest`, `step_input`, `step_output`, `manuscript`, `characters` …
    pub kind: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ArtifactsReport {
    pub success: bool,
    pub session_id: String,
    pub artifacts: Vec<ArtifactEntry>,
}

/// Files of a session plus the artifacts its steps referenced.
pub fn list_artifacts(root: &Path, session_id: &str) -> Result<ArtifactsReport> {
    let m = load_manifest(root, session_id)?;
    let dir = root.join(session_dir(session_id));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| Error::io(&dir, &e))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("json"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    let mut ids = std::collections::BTreeSet::new();
    for p in files {
        let bytes = std::fs::read(&p).map_err(|e| Error::io(&p, &e))?;
        let name = p
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        let kind = if name == MANIFEST {
            "manifest"
        } else if name.ends_with("_input.json") {
            "step_input"
        } else if name.ends_with("_output.json") {
            "step_output"
        } else {
            "other"
        };
        if kind == "step_input" {
            crate::store::artifact::find_ids(&bytes, &mut ids);
        }
        out.push(ArtifactEntry {
            path: format!("{}/{name}", session_dir(session_id)),
            sha256: sha256_hex(&bytes),
            size_bytes: bytes.len() as u64,
            content_type: Some("application/json".into()),
            kind: kind.into(),
        });
    }
    let store = ArtifactStore::new(root);
    for id in ids {
        if let Ok(a) = store.fetch(&id) {
            out.push(ArtifactEntry {
                path: a.metadata.artifact_id.clone(),
                sha256: a.metadata.sha256.clone(),
                size_bytes: a.metadata.size_bytes,
                content_type: Some(a.metadata.content_type.clone()),
                kind: a
                    .metadata
                    .tags
                    .get("kind")
                    .cloned()
                    .unwrap_or_else(|| "artifact".into()),
            });
        }
    }
    let _ = m;
    Ok(ArtifactsReport {
        success: true,
        session_id: session_id.to_string(),
        artifacts: out,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn session_ids_round_trip() {
        let id = new_session_id(3, "2025-09-25T10:30:00.123Z", 2);
        assert!(valid_session_id(&id), "{id}");
        assert_eq!(id, "QC_EP003_20250925_103000_0002");
        assert!(new_session_id(3, "2025-09-25T10:30:00.123Z", 10) > id);
        assert_eq!(episode_of_session(&id), Some(3));
        for bad in [
            "QC_EP003_20250925_103000",
            "../x",
            "QC_EP003_20250925_103000_zzzz",
            "QC_EPabc_20250925_103000_ab12",
        ] {
            assert!(!valid_session_id(bad), "{bad}");
        }
    }

    #[test]
    fn options_validate() {
        let bad = CheckOptions {
            rule_profile: Some("x".into()),
            ..Default::default()
        };
        assert_eq!(bad.validate().unwrap_err().code, Code::U001);
        let bad = CheckOptions {
            config_overrides: Some(ConfigOverrides {
                target_length: Some(LengthOverride { min: 5, max: 5 }),
            }),
            ..Default::default()
        };
        assert_eq!(bad.validate().unwrap_err().code, Code::U001);
    }
}
