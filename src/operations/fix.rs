//! Fixing a manuscript with the rules' automatic fixes (`analysis::fix`, levels safe <
//! standard < aggressive): applied until stable (or exactly the fixes of chosen findings),
//! shown as a unified diff or written back. `polish`, `check_fix`, the fix → re-check loop,
//! `polish` over several files and `noveler_check`'s `auto_fix` run it.
//!
//! Every write: the file must still have the sha256 it was read (or checked) with (QC-018
//! otherwise, nothing written); the original is backed up first (`store::backup`); the new
//! text is written atomically with the original BOM and line endings (`Source::denormalise`),
//! under the manuscript lock.

use crate::analysis::fix::{self, Applicability, AppliedFix, Fix};
use crate::analysis::morph::Lexicon;
use crate::analysis::{self, sha256_hex, FileAnalysis, Finding, Settings, Source};
use crate::error::{Code, Error, Result};
use crate::next::NextStep;
use crate::operations::Ctx;
use crate::project::{EpisodeOrFile, Project, ProjectCtx};
use crate::store::backup::{self, BackupRef};
use crate::store::{lock, paths, write_atomic, FileRef};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Apply the rules' automatic fixes to a manuscript: a diff by default, `apply` writes.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct PolishRequest {
    /// Episode number; or give `file`.
    #[serde(default, alias = "episode_number")]
    pub episode: Option<u32>,
    /// A manuscript path relative to the project root (instead of `episode`).
    #[serde(default)]
    pub file: Option<String>,
    /// Highest fix level applied: safe (default, or the project's `fix.level`), standard,
    /// aggressive.
    #[serde(default, alias = "fix_level")]
    pub level: Option<Applicability>,
    /// Write the result (after a backup). Default false: only the diff.
    #[serde(default)]
    pub apply: bool,
    /// Only fixes of these rule codes.
    #[serde(default)]
    pub codes: Vec<String>,
    /// Only the fixes of these findings (ids from a check; one pass, no re-analysis).
    #[serde(default)]
    pub issue_ids: Vec<String>,
    /// Refuse (QC-018) unless the file still has this sha256 (the one it was checked with).
    #[serde(default)]
    pub expected_sha256: Option<String>,
    /// A backup the caller already took of this file (`polish` over several files: one backup per run).
    #[serde(skip)]
    #[schemars(skip)]
    pub backup_taken: Option<BackupRef>,
}

/// One fix applied (seed 000 §5.4.2 check_fix).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct FixApplied {
    /// The id of the finding this fix resolved: the id a check of the file reports (a fix
    /// that only became possible after an earlier pass carries the id of that pass's
    /// finding). Always set (seed 000 §5.4.2 check_fix `fixes_applied[].issue_id`).
    pub issue_id: Option<String>,
    pub code: String,
    /// The fix level (`safe`, `standard`, `aggressive`).
    pub fix_type: Applicability,
    pub before: String,
    pub after: String,
    /// 1-based line in the text of the pass that applied it.
    pub line: usize,
    /// A fixed label of the fix level (safe 0.95, standard 0.8, aggressive 0.6), not a
    /// measurement.
    pub confidence: f64,
}

/// A fix not applied, with why.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct FixSkipped {
    pub issue_id: Option<String>,
    pub code: String,
    pub line: Option<usize>,
    /// `level` (needs a higher --level), `not_selected` (not in --codes / issue_ids),
    /// `conflict` (overlaps another fix or protected markup; still there after the last
    /// pass), `not_found` (issue id unknown: the text changed since the check).
    pub reason: String,
    /// Japanese explanation.
    pub message: String,
    pub required_level: Option<Applicability>,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct QualityImprovement {
    /// Null when the text is too short to judge (SPEC §4).
    pub before_score: Option<f64>,
    pub after_score: Option<f64>,
    /// Null unless both are scored.
    pub improvement: Option<f64>,
    pub findings_before: usize,
    pub findings_after: usize,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct PolishReport {
    pub success: bool,
    /// Relative to the project root.
    pub file: String,
    /// `diff` or `apply`.
    pub mode: String,
    pub level: Applicability,
    pub sha256_before: String,
    pub sha256_after: String,
    pub changed: bool,
    pub written: bool,
    pub fixes_applied: Vec<FixApplied>,
    pub fixes_skipped: Vec<FixSkipped>,
    /// Findings that have no automatic fix, by code.
    pub unfixable: BTreeMap<String, usize>,
    pub quality_improvement: QualityImprovement,
    /// Unified diff of the change (empty when nothing changes).
    pub diff: String,
    pub backup: Option<BackupRef>,
    pub next_action: String,
    /// Stage 2/3 submissions: the agent's change list and summary.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub submission: Option<serde_json::Value>,
    #[serde(skip)]
    pub(crate) files_in: Vec<FileRef>,
    #[serde(skip)]
    pub(crate) files_out: Vec<FileRef>,
}

fn confidence(level: Applicability) -> f64 {
    match level {
        Applicability::Safe => 0.95,
        Applicability::Standard => 0.8,
        Applicability::Aggressive => 0.6,
    }
}

impl PolishReport {
    /// The manuscript read.
    pub fn inputs(&self) -> Vec<FileRef> {
        self.files_in.clone()
    }
    /// The manuscript written (and nothing when only the diff was made).
    pub fn outputs(&self) -> Vec<FileRef> {
        self.files_out.clone()
    }
}

/// The `details` key of the error a blank manuscript gets (see `is_blank_manuscript`).
const BLANK_MANUSCRIPT: &str = "blank_manuscript";

/// Whether `e` is the refusal of an empty or whitespace-only manuscript: a polish over
/// several files skips such a file (an episode stub not written yet) instead of failing.
pub(crate) fn is_blank_manuscript(e: &Error) -> bool {
    e.code == Code::U005
        && e.details
            .as_ref()
            .and_then(|d| d.get(BLANK_MANUSCRIPT))
            .is_some_and(|v| v == true)
}

/// The manuscript addressed by `episode` or `file`.
pub struct Target {
    pub project: Project,
    pub path: PathBuf,
    pub rel: String,
    pub bytes: Vec<u8>,
    pub sha256: String,
    pub source: Source,
}

/// The manuscript `which` names in the call's project (loaded here if it was not yet).
pub fn target(pc: &ProjectCtx, which: &EpisodeOrFile) -> Result<Target> {
    let project = pc.project()?.clone();
    let paths::InRoot { abs: path, rel } = which.resolve(pc.root(), &project)?;
    let bytes = crate::store::text::read_bytes(&path)?;
    let source = crate::store::text::decode(&path, &bytes)?;
    crate::store::text::ensure_analysable(&rel, &path, &source.text)?;
    if source.text.trim().is_empty() {
        // There is nothing to revise, and "no fixes" would hide that (`check` reports an
        // empty episode as a LENGTH_OUT_OF_RANGE finding).
        let what = if bytes.is_empty() {
            "空のファイルです"
        } else {
            "空白しかないファイルです"
        };
        return Err(
            Error::new(Code::U005, format!("{rel}: {what}（直す本文がありません）"))
                .at(&path, None)
                .hint("本文を書いてから実行してください。")
                .details(serde_json::json!({ BLANK_MANUSCRIPT: true })),
        );
    }
    Ok(Target {
        sha256: sha256_hex(&bytes),
        project,
        path,
        rel,
        bytes,
        source,
    })
}

pub(crate) fn stale(rel: &str, expected: &str, actual: &str) -> Error {
    Error::new(
        Code::QC018,
        format!("{rel} はチェックしたときから変更されています（sha256 が一致しません）"),
    )
    .hint("原稿を読み直して（チェックし直して）から、もう一度実行してください。何も書き込んでいません。")
    .details(serde_json::json!({
        "expected_sha256": expected,
        "actual_sha256": actual,
        "state_reset_required": true,
    }))
}

/// Unified diff of two texts (LF-normalised) with `a/` `b/` headers.
pub(crate) fn unified_diff(rel: &str, before: &str, after: &str) -> String {
    if before == after {
        return String::new();
    }
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(2)
        .header(&format!("a/{rel}"), &format!("b/{rel}"))
        .to_string()
}

/// Writes `new_text` (normalised) to the target after re-verifying its sha256 and backing
/// it up; returns the backup and the bytes written.
/// What writing a revised manuscript back left behind.
pub(crate) struct Written {
    pub(crate) backup: BackupRef,
    /// sha256 of the bytes written.
    pub(crate) sha256: String,
    /// The manuscript as written (role `manuscript`).
    pub(crate) file: FileRef,
}

pub(crate) fn write_back(
    ctx: &Ctx,
    t: &Target,
    expected: &str,
    new_text: &str,
    reason: &str,
    backup_taken: Option<&BackupRef>,
) -> Result<Written> {
    let root = &ctx.root;
    let (backup, out) = lock::with_manuscript_locks(root, &[&t.rel], || {
        let now = crate::store::text::read_bytes(&t.path)?;
        let actual = sha256_hex(&now);
        if actual != expected {
            return Err(stale(&t.rel, expected, &actual));
        }
        let backup = match backup_taken {
            Some(b) => b.clone(),
            None => backup::backup_file(root, &t.path, reason, &ctx.clock)?,
        };
        let out = t.source.denormalise(new_text).into_bytes();
        write_atomic(&t.path, &out)?;
        Ok((backup, out))
    })?;
    Ok(Written {
        backup,
        sha256: sha256_hex(&out),
        file: FileRef::from_bytes(root, &t.path, &out, "manuscript"),
    })
}

pub(crate) fn improvement(before: &FileAnalysis, after: &FileAnalysis) -> QualityImprovement {
    QualityImprovement {
        before_score: before.scores.overall,
        after_score: after.scores.overall,
        improvement: before
            .scores
            .overall
            .zip(after.scores.overall)
            .map(|(b, a)| ((a - b) * 10.0).round() / 10.0),
        findings_before: before.findings.len(),
        findings_after: after.findings.len(),
    }
}

pub(crate) fn skipped_of(
    after: &FileAnalysis,
    level: Applicability,
    codes: &[String],
    by_ids: bool,
) -> (Vec<FixSkipped>, BTreeMap<String, usize>) {
    let mut skipped = Vec::new();
    let mut unfixable: BTreeMap<String, usize> = BTreeMap::new();
    for f in &after.findings {
        let Some(x) = &f.fix else {
            *unfixable.entry(f.code.clone()).or_insert(0) += 1;
            continue;
        };
        let (reason, message, required) = if x.applicability > level {
            (
                "level",
                format!(
                    "修正レベル {} の修正です（指定は {}）。--level {} で適用できます",
                    x.applicability.as_str(),
                    level.as_str(),
                    x.applicability.as_str()
                ),
                Some(x.applicability),
            )
        } else if by_ids || (!codes.is_empty() && !codes.contains(&f.code)) {
            (
                "not_selected",
                "指定されたコード・ID に含まれていません".to_string(),
                None,
            )
        } else {
            (
                "conflict",
                "ほかの修正やルビ・傍点などの書式と重なるため、自動では適用できませんでした"
                    .to_string(),
                None,
            )
        };
        skipped.push(FixSkipped {
            issue_id: Some(f.id.clone()),
            code: f.code.clone(),
            line: Some(f.line),
            reason: reason.into(),
            message,
            required_level: required,
        });
    }
    (skipped, unfixable)
}

/// The fixed text for `text` under the request's selection: every fix at or below `level`
/// (of `codes` when given) applied until stable, or, with `issue_ids`, exactly those
/// findings' fixes applied once. Pure. `lexicon` is the dictionary the word rules read
/// (`store::dictionary::for_settings`); without it their findings and fixes are absent.
pub fn fix_text(
    text: &str,
    file: &str,
    settings: &Settings,
    lexicon: Option<&Lexicon>,
    level: Applicability,
    codes: &[String],
    issue_ids: &[String],
) -> (String, Vec<FixApplied>, Vec<FixSkipped>) {
    if issue_ids.is_empty() {
        let code_refs: Vec<&str> = codes.iter().map(String::as_str).collect();
        let (fixed, log) = fix::apply_until_stable_with(
            text,
            settings,
            level,
            (!codes.is_empty()).then_some(code_refs.as_slice()),
            lexicon,
        );
        let applied = log
            .into_iter()
            .map(|a: AppliedFix| {
                let lvl = analysis::rules::lookup(&a.code)
                    .and_then(|r| r.meta().fix)
                    .unwrap_or(Applicability::Safe);
                FixApplied {
                    issue_id: Some(a.finding_id),
                    code: a.code,
                    fix_type: lvl,
                    before: a.before,
                    after: a.after,
                    line: a.line,
                    confidence: confidence(lvl),
                }
            })
            .collect();
        return (fixed, applied, Vec::new());
    }
    let before = analysis::analyze_with(text, file, settings, lexicon);
    let mut chosen: Vec<&Finding> = Vec::new();
    let mut skipped = Vec::new();
    for id in issue_ids {
        match before.findings.iter().find(|f| &f.id == id) {
            None => skipped.push(FixSkipped {
                issue_id: Some(id.clone()),
                code: String::new(),
                line: None,
                reason: "not_found".into(),
                message: "この ID の問題は現在の原稿にありません（原稿がチェック後に変わったか、すでに直っています）".into(),
                required_level: None,
            }),
            Some(f) => match &f.fix {
                Some(x) if x.applicability <= level => chosen.push(f),
                Some(x) => skipped.push(FixSkipped {
                    issue_id: Some(id.clone()),
                    code: f.code.clone(),
                    line: Some(f.line),
                    reason: "level".into(),
                    message: format!(
                        "修正レベル {} の修正です（指定は {}）",
                        x.applicability.as_str(),
                        level.as_str()
                    ),
                    required_level: Some(x.applicability),
                }),
                None => skipped.push(FixSkipped {
                    issue_id: Some(id.clone()),
                    code: f.code.clone(),
                    line: Some(f.line),
                    reason: "no_fix".into(),
                    message: "この問題には自動修正がありません".into(),
                    required_level: None,
                }),
            },
        }
    }
    let fixes: Vec<&Fix> = chosen.iter().filter_map(|f| f.fix.as_ref()).collect();
    let out = fix::apply(text, &fixes);
    let mut applied = Vec::new();
    for &i in &out.applied {
        let f = chosen[i];
        let x = fixes[i];
        let start = x.edits.iter().map(|e| e.byte_start).min().unwrap_or(0);
        let end = x.edits.iter().map(|e| e.byte_end).max().unwrap_or(0);
        let before_text = text.get(start..end).unwrap_or_default().to_string();
        let mut after_text = String::new();
        let mut cursor = start;
        let mut edits: Vec<_> = x.edits.iter().collect();
        edits.sort_by_key(|e| (e.byte_start, e.byte_end));
        for e in edits {
            after_text.push_str(text.get(cursor..e.byte_start).unwrap_or_default());
            after_text.push_str(&e.replacement);
            cursor = e.byte_end;
        }
        after_text.push_str(text.get(cursor..end).unwrap_or_default());
        applied.push(FixApplied {
            issue_id: Some(f.id.clone()),
            code: f.code.clone(),
            fix_type: x.applicability,
            before: before_text,
            after: after_text,
            line: f.line,
            confidence: confidence(x.applicability),
        });
    }
    for &i in &out.skipped {
        let f = chosen[i];
        skipped.push(FixSkipped {
            issue_id: Some(f.id.clone()),
            code: f.code.clone(),
            line: Some(f.line),
            reason: "conflict".into(),
            message: "ほかの修正と重なるため適用できませんでした（もう一度実行してください）"
                .into(),
            required_level: None,
        });
    }
    (out.text, applied, skipped)
}

/// Fixes the manuscript the request names in the call's project `pc` (loaded here if it was
/// not yet): the diff, or (with `apply`) the write.
pub fn run(ctx: &Ctx, pc: &ProjectCtx, req: PolishRequest) -> Result<PolishReport> {
    let t = target(pc, &EpisodeOrFile::of(req.episode, req.file.clone())?)?;
    if let Some(exp) = &req.expected_sha256 {
        if exp != &t.sha256 {
            return Err(stale(&t.rel, exp, &t.sha256));
        }
    }
    let unknown: Vec<&String> = req
        .codes
        .iter()
        .filter(|c| analysis::rules::lookup(c).is_none())
        .collect();
    if !unknown.is_empty() {
        return Err(Error::new(
            Code::U001,
            format!(
                "不明なルールコードです: {}",
                unknown
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
        .hint("`noveler rules` でコードの一覧を確認してください。")
        .suggest("noveler rules"));
    }
    let settings = &t.project.settings;
    let level = req.level.unwrap_or(settings.fix_level);
    let text = t.source.text.as_str();
    let lexicon = crate::store::dictionary::for_settings(settings)?;
    let before = analysis::analyze_with(text, &t.rel, settings, lexicon);
    let (fixed, fixes_applied, mut fixes_skipped) = fix_text(
        text,
        &t.rel,
        settings,
        lexicon,
        level,
        &req.codes,
        &req.issue_ids,
    );
    let after = analysis::analyze_with(&fixed, &t.rel, settings, lexicon);
    let (more_skipped, unfixable) =
        skipped_of(&after, level, &req.codes, !req.issue_ids.is_empty());
    if req.issue_ids.is_empty() {
        fixes_skipped.extend(more_skipped);
    }
    let changed = fixed != text;
    let diff = unified_diff(&t.rel, text, &fixed);
    let mut written = false;
    let mut backup_ref = None;
    let mut sha_after = t.sha256.clone();
    let mut files_out = Vec::new();
    if req.apply && changed {
        let expected = req
            .expected_sha256
            .clone()
            .unwrap_or_else(|| t.sha256.clone());
        let w = write_back(
            ctx,
            &t,
            &expected,
            &fixed,
            "polish",
            req.backup_taken.as_ref(),
        )?;
        sha_after = w.sha256;
        files_out.push(w.file);
        backup_ref = Some(w.backup);
        written = true;
    } else if changed {
        sha_after = sha256_hex(t.source.denormalise(&fixed).as_bytes());
    }
    let higher = fixes_skipped.iter().filter(|s| s.reason == "level").count();
    // As a call when the target is an episode (the fix tool takes episodes).
    let call = |tool: &str| req.episode.map(|n| NextStep::new(tool).arg("episode", n));
    let next_action = if !changed && higher > 0 {
        let why = format!(
            "修正レベル {} で適用できる修正はありません。より高いレベルの修正が {higher} 件あります（standard / aggressive の差分を確認する）",
            level.as_str()
        );
        match call("check_fix") {
            Some(c) => c
                .arg("fix_level", "standard")
                .arg("dry_run", true)
                .why(why)
                .to_wire(),
            None => why,
        }
    } else if !changed {
        "自動修正できる問題はありません".to_string()
    } else if written {
        let why = format!(
            "適用しました（バックアップ {} から戻せます）。再チェックする",
            backup_ref
                .as_ref()
                .map(|b| b.backup_id.as_str())
                .unwrap_or("")
        );
        match call("noveler_check") {
            Some(c) => c.why(why).to_wire(),
            None => why,
        }
    } else {
        let why = "差分を確認し、よければ適用する（原稿がこの版のままなら）";
        match call("check_fix") {
            Some(c) => c
                .arg("fix_level", level.as_str())
                .arg("expected_sha256", t.sha256.as_str())
                .why(why)
                .to_wire(),
            None => format!("{why}: --apply --expected-sha256 {}", t.sha256),
        }
    };
    Ok(PolishReport {
        success: true,
        file: t.rel.clone(),
        mode: if req.apply { "apply" } else { "diff" }.into(),
        level,
        sha256_before: t.sha256.clone(),
        sha256_after: sha_after,
        changed,
        written,
        fixes_applied,
        fixes_skipped,
        unfixable,
        quality_improvement: improvement(&before, &after),
        diff,
        backup: backup_ref,
        next_action,
        submission: None,
        files_in: vec![FileRef::from_bytes(
            &ctx.root,
            &t.path,
            &t.bytes,
            "manuscript",
        )],
        files_out,
    })
}
