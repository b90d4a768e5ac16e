//! `improve_quality_until` and `noveler polish N --until SCORE` (issue 18 item 2, seed 001
//! §1.2/§6.5): apply the rules' deterministic fixes and re-check, until the overall score
//! reaches the target, an iteration brings no improvement, no fix is left, or the iteration
//! limit. Every iteration is one pass: the check's findings (as `noveler check` reports them,
//! word rules included) whose fix is at or below `fix_level`, applied together
//! (`analysis::fix::apply`), then checked again.
//!
//! The loop works on the text in memory; the manuscript is written once at the end, as
//! `polish --apply` writes (`operations::fix::write_back`): under the episode's manuscript lock,
//! only if the file still has the sha256 it was read with (QC-018 otherwise), after ONE
//! backup for the whole loop. `dry_run` writes nothing and shows the diff.
//!
//! A loop that is not a dry run appends its automatic feedback record (seed 001 §8.2.3,
//! `loop_record`, appended by `operations::records`): first and last score, fixes applied, findings left.

use super::{Ctx, Report};
use crate::analysis::fix::{self, Applicability, Fix};
use crate::analysis::sha256_hex;
use crate::error::{Code, Error, Result};
use crate::next::NextStep;
use crate::operations::check::{self, FileResult};
use crate::operations::fix::{self as polish, unified_diff};
use crate::project::{Project, ProjectCtx};
use crate::store::backup::BackupRef;
use crate::store::FileRef;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The envelope `command` both adapters use: the CLI verb and the `improve_quality_until` tool.
pub const NAME: &str = "improve_quality_until";

/// Most iterations a loop may be asked for.
pub const MAX_ITERATIONS: u32 = 10;

fn default_target() -> f64 {
    80.0
}
fn default_iterations() -> u32 {
    3
}

/// Fix and re-check an episode until its score reaches `target_score`.
// Unknown keys are refused by the adapters (serde_ignored), as for every unflattened Request.
#[derive(Clone, Debug, Deserialize, schemars::JsonSchema)]
pub struct ImproveRequest {
    /// Episode number.
    #[serde(alias = "episode_number")]
    pub episode: u32,
    /// Stop when the overall score reaches this (0–100; default 80).
    #[serde(default = "default_target")]
    pub target_score: f64,
    /// At most this many fix-and-check passes (1–10; default 3).
    #[serde(default = "default_iterations")]
    pub max_iterations: u32,
    /// Highest fix level applied: safe (default), standard, aggressive (changes wording).
    #[serde(default)]
    pub fix_level: Option<Applicability>,
    /// Only show the result and the diff; write nothing.
    #[serde(default)]
    pub dry_run: bool,
    /// Refuse (QC-018) unless the manuscript still has this sha256.
    #[serde(default)]
    pub expected_sha256: Option<String>,
}

/// One fix-and-check pass.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct Iteration {
    pub iteration: u32,
    pub score_before: Option<f64>,
    pub score_after: Option<f64>,
    pub findings_before: usize,
    pub findings_after: usize,
    pub fixes_applied: usize,
    /// Fixes applied per rule code.
    pub by_code: BTreeMap<String, usize>,
    /// False when the pass lowered the score and was undone.
    pub kept: bool,
}

#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct ImproveReport {
    pub file: String,
    pub target_score: f64,
    pub max_iterations: u32,
    pub fix_level: Applicability,
    pub initial_score: Option<f64>,
    pub final_score: Option<f64>,
    pub target_reached: bool,
    pub iterations: Vec<Iteration>,
    /// `target_reached`, `no_fixes_left` (nothing at this level applies; a higher
    /// fix_level or a revision is needed), `no_improvement` (a pass did not raise the
    /// score), `max_iterations`, `unscored` (too short to score).
    pub stopped_reason: String,
    pub findings_remaining: usize,
    /// Findings left per code (what a revision has to address).
    pub remaining_by_code: BTreeMap<String, usize>,
    pub sha256_before: String,
    pub sha256_after: String,
    pub changed: bool,
    pub written: bool,
    /// The one backup taken before writing (none for a dry run or no change).
    pub backup: Option<BackupRef>,
    pub diff: String,
    pub next_action: String,
    /// Where the automatic feedback record of this loop went (seed 001 §8.2.3): before and
    /// after scores, the fixes applied, the findings left. Absent for a dry run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto_feedback: Option<serde_json::Value>,
    #[serde(skip)]
    #[schemars(skip)]
    files_in: Vec<FileRef>,
    #[serde(skip)]
    #[schemars(skip)]
    files_out: Vec<FileRef>,
}

impl Report for ImproveReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.files_in.clone()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.files_out.clone()
    }
    /// 1 when the target was not reached (the loop's gate).
    fn exit_code(&self) -> crate::ExitStatus {
        crate::ExitStatus::findings_if(!self.target_reached)
    }
}

/// The check of `text` as the file `rel`, as `noveler check` reports it.
fn check_text(ctx: &Ctx, project: &Project, rel: &str, text: &str) -> Result<FileResult> {
    let mut r = check::text_as(ctx, project, rel, text)?;
    if let Some(e) = r.errors.pop() {
        return Err(e
            .error
            .map(|b| *b)
            .unwrap_or_else(|| Error::new(Code::U005, e.message)));
    }
    r.files.pop().ok_or_else(|| {
        Error::new(
            Code::U005,
            format!("{rel} は設定で確認の対象外になっています"),
        )
        .hint(".novelerrc.yaml の ignore を確認してください。")
    })
}

fn improved(before: Option<f64>, after: Option<f64>) -> Option<f64> {
    before.zip(after).map(|(b, a)| a - b)
}

pub fn run(ctx: &Ctx, req: ImproveRequest) -> Result<ImproveReport> {
    validate(&req)?;
    let t = polish::target(
        &ProjectCtx::new(&ctx.root),
        &crate::project::EpisodeOrFile::Episode(req.episode),
    )?;
    if let Some(exp) = &req.expected_sha256 {
        if exp != &t.sha256 {
            return Err(polish::stale(&t.rel, exp, &t.sha256));
        }
    }
    let level = req.fix_level.unwrap_or(t.project.settings.fix_level);
    let first = check_text(ctx, &t.project, &t.rel, &t.source.text)?;
    let initial_score = first.scores.overall;
    let Passes {
        text,
        current,
        iterations,
        stopped_reason,
    } = passes(ctx, &t, &req, level, first)?;
    let changed = text != t.source.text;
    let diff = unified_diff(&t.rel, &t.source.text, &text);
    let mut written = false;
    let mut backup = None;
    let mut files_out = Vec::new();
    let mut sha_after = t.sha256.clone();
    if changed && !req.dry_run {
        let w = polish::write_back(ctx, &t, &t.sha256, &text, "improve_quality_until", None)?;
        sha_after = w.sha256;
        files_out.push(w.file);
        backup = Some(w.backup);
        written = true;
    } else if changed {
        sha_after = sha256_hex(t.source.denormalise(&text).as_bytes());
    }
    let mut remaining_by_code: BTreeMap<String, usize> = BTreeMap::new();
    for f in &current.findings {
        *remaining_by_code.entry(f.code.clone()).or_insert(0) += 1;
    }
    let target_reached = current
        .scores
        .overall
        .is_some_and(|s| s >= req.target_score);
    let next_action = next_action(
        &req,
        level,
        target_reached,
        stopped_reason,
        changed,
        written,
        backup.as_ref(),
    );
    let mut report = ImproveReport {
        file: t.rel.clone(),
        target_score: req.target_score,
        max_iterations: req.max_iterations,
        fix_level: level,
        initial_score,
        final_score: current.scores.overall,
        target_reached,
        iterations,
        stopped_reason: stopped_reason.to_string(),
        findings_remaining: current.findings.len(),
        remaining_by_code,
        sha256_before: t.sha256.clone(),
        sha256_after: sha_after,
        changed,
        written,
        backup,
        diff,
        next_action,
        auto_feedback: None,
        files_in: vec![FileRef::from_bytes(
            &ctx.root,
            &t.path,
            &t.bytes,
            "manuscript",
        )],
        files_out,
    };
    if !req.dry_run {
        report.auto_feedback = Some(after_loop(ctx, &report, req.episode));
    }
    Ok(report)
}

/// The request's bounds: a score in 0–100, 1 to `MAX_ITERATIONS` passes.
fn validate(req: &ImproveRequest) -> Result<()> {
    if !(0.0..=100.0).contains(&req.target_score) {
        return Err(Error::new(
            Code::U001,
            format!(
                "target_score は 0〜100 で指定してください（{}）",
                req.target_score
            ),
        ));
    }
    if !(1..=MAX_ITERATIONS).contains(&req.max_iterations) {
        return Err(Error::new(
            Code::U001,
            format!(
                "max_iterations は 1〜{MAX_ITERATIONS} で指定してください（{}）",
                req.max_iterations
            ),
        ));
    }
    Ok(())
}

/// Where the passes ended: the text, its check, each pass, and why they stopped.
struct Passes {
    text: String,
    current: FileResult,
    iterations: Vec<Iteration>,
    stopped_reason: &'static str,
}

/// Fix passes on the text in memory until the target score, a pass that does not raise
/// it, no fix left at `level`, or the iteration limit.
fn passes(
    ctx: &Ctx,
    t: &polish::Target,
    req: &ImproveRequest,
    level: Applicability,
    first: FileResult,
) -> Result<Passes> {
    let mut text = t.source.text.clone();
    let mut current = first;
    let mut iterations = Vec::new();
    let reached = |r: &FileResult| r.scores.overall.is_some_and(|s| s >= req.target_score);
    let stopped_reason = loop {
        ctx.check_cancelled()?;
        if current.scores.overall.is_none() {
            break "unscored";
        }
        if reached(&current) {
            break "target_reached";
        }
        if iterations.len() as u32 >= req.max_iterations {
            break "max_iterations";
        }
        let chosen: Vec<(&str, &Fix)> = current
            .findings
            .iter()
            .filter_map(|f| f.fix.as_ref().map(|x| (f.code.as_str(), x)))
            .filter(|(_, x)| x.applicability <= level)
            .collect();
        let fixes: Vec<&Fix> = chosen.iter().map(|(_, x)| *x).collect();
        let applied = fix::apply(&text, &fixes);
        if applied.applied.is_empty() || applied.text == text {
            break "no_fixes_left";
        }
        let mut by_code: BTreeMap<String, usize> = BTreeMap::new();
        for &i in &applied.applied {
            *by_code.entry(chosen[i].0.to_string()).or_insert(0) += 1;
        }
        let next = check_text(ctx, &t.project, &t.rel, &applied.text)?;
        let gain = improved(current.scores.overall, next.scores.overall).unwrap_or(0.0);
        // A pass that lowers the score is undone; one that keeps it is kept (its fixes are
        // still corrections) but ends the loop.
        let kept = gain >= 0.0;
        iterations.push(Iteration {
            iteration: iterations.len() as u32 + 1,
            score_before: current.scores.overall,
            score_after: next.scores.overall,
            findings_before: current.findings.len(),
            findings_after: next.findings.len(),
            fixes_applied: applied.applied.len(),
            by_code,
            kept,
        });
        if kept {
            text = applied.text;
            current = next;
        }
        if gain <= 0.0 && !reached(&current) {
            break "no_improvement";
        }
    };
    Ok(Passes {
        text,
        current,
        iterations,
        stopped_reason,
    })
}

/// What to do after the passes, by how they ended.
fn next_action(
    req: &ImproveRequest,
    level: Applicability,
    target_reached: bool,
    stopped_reason: &str,
    changed: bool,
    written: bool,
    backup: Option<&BackupRef>,
) -> String {
    match (target_reached, stopped_reason) {
        (true, _) if written => format!(
            "目標に達しました。バックアップ {} から戻せます（noveler backup restore）",
            backup.map(|b| b.backup_id.as_str()).unwrap_or("")
        ),
        (true, _) if changed => "目標に達します。dry_run なしで書き込めます".into(),
        (true, _) => "すでに目標に達しています".into(),
        (false, "unscored") => "本文が短すぎて採点できません。書き足してから実行してください".into(),
        (false, "no_fixes_left") if level < Applicability::Aggressive => format!(
            "修正レベル {} で直せる指摘は残っていません。fix_level を上げるか、remaining_by_code の指摘を書き直してください",
            level.as_str()
        ),
        _ => NextStep::new("polish_stage")
            .arg("episode", req.episode)
            .arg("stage", 2)
            .why("自動修正ではここまでです。remaining_by_code の指摘を改稿の段階で書き直す")
            .to_wire(),
    }
}

/// The automatic record of a fix → re-check loop that was not a dry run: its first and
/// last scores, the fixes its kept passes applied per code and the findings left.
pub(crate) fn loop_record(
    r: &ImproveReport,
    episode: u32,
    now: std::time::SystemTime,
) -> serde_json::Value {
    use serde_json::json;
    let mut applied: std::collections::BTreeMap<&str, usize> = Default::default();
    for it in r.iterations.iter().filter(|i| i.kept) {
        for (code, n) in &it.by_code {
            *applied.entry(code.as_str()).or_insert(0) += n;
        }
    }
    let applied_total: usize = applied.values().sum();
    json!({
        "timestamp": crate::store::logs::stamp(now),
        "kind": "statistics",
        "source": "improve_quality_until",
        "episode": episode,
        "file": r.file,
        "before_scores": {"overall": r.initial_score},
        "after_scores": {"overall": r.final_score},
        "applied_fixes": applied.iter().map(|(c, n)| json!({"code": c, "count": n})).collect::<Vec<_>>(),
        "applied_fixes_total": applied_total,
        "remaining_issues": r.remaining_by_code.iter().map(|(c, n)| json!({"code": c, "count": n})).collect::<Vec<_>>(),
        "remaining_issues_total": r.findings_remaining,
        "stopped_reason": r.stopped_reason,
        "written": r.written,
        "sha256_before": r.sha256_before,
        "sha256_after": r.sha256_after,
    })
}

/// Records a finished fix loop; returns the report's `auto_feedback`.
fn after_loop(ctx: &Ctx, r: &ImproveReport, episode: u32) -> serde_json::Value {
    crate::operations::records::append_auto(ctx, &loop_record(r, episode, ctx.clock.now()))
}
