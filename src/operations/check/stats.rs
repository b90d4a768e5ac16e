//! `ml_optimization` on `check` / `noveler_check` / `execute_check_step` (issue 18 item 1,
//! seed 001 §8): the check as usual, plus `metadata.ml_enhancements` — this text's metrics
//! as percentiles of a corpus baseline, thresholds learned from it, severity adjustments by
//! position and frequency, and rule weights from the author's feedback. All of it is
//! statistics (`kind: "statistics"`), formulas in `analysis::corpus_stats` and `noveler
//! explain statistics`; nothing is a model or a judgment.
//!
//! The baseline is the stored one named `corpus_model_id`, else the author's episodes before
//! the lowest episode checked. A missing (QC-ML-001), corrupt (QC-ML-002) or too small
//! (QC-ML-003) baseline does not fail the check (seed 001 §8.5): the standard thresholds
//! apply and `ml_enhancements.fallback` says why.

use super::{CheckReport, CheckRequest, FileError, Target};
use crate::analysis::corpus_stats::{self, CorpusBaseline, SeverityAdjustment, TextStats};
use crate::analysis::score;
use crate::analysis::settings::Thresholds;
use crate::error::{Code, Error, Result};
use crate::operations::check;
use crate::operations::Ctx;
use crate::project::Project;
use crate::store::corpus_baseline as store;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Seed 001 §8.2.1 `ml_optimization`. Every part is statistics over the author's texts.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct MlOptimization {
    /// Compare with a corpus baseline and report `metadata.ml_enhancements`.
    pub enabled: bool,
    /// A stored baseline (`noveler baseline build DIR` prints its id); default: the
    /// author's episodes before the one checked.
    pub corpus_model_id: Option<String>,
    /// Check with the thresholds learned from the baseline (clamped; both reported).
    pub use_dynamic_thresholds: bool,
    /// Change severities by position and frequency (scores and gate follow).
    pub use_dynamic_severity: bool,
    /// Weight rule penalties by the author's recorded accept/reject feedback.
    pub auto_optimize_weights: bool,
}

/// Most severity adjustments listed per file (the rest are counted).
const MAX_ADJUSTMENTS: usize = 100;

/// The statistics of the texts `targets` name, checked as `noveler check` checks them (cache
/// included), and the targets that could not be read.
pub(crate) fn stats_of(
    ctx: &Ctx,
    project: &Project,
    targets: Vec<Target>,
) -> Result<(Vec<TextStats>, Vec<FileError>)> {
    if targets.is_empty() {
        return Ok((Vec::new(), Vec::new()));
    }
    let report = check::run(
        ctx,
        project,
        CheckRequest {
            targets,
            ..Default::default()
        },
    )?;
    let texts = report
        .files
        .iter()
        .filter(|f| !is_folder_doc(&f.path))
        .map(|f| {
            corpus_stats::text_stats(
                &f.path,
                &f.sha256,
                &f.text,
                &project.settings,
                &f.findings,
                &f.omitted,
                f.scores.overall,
            )
        })
        .collect();
    Ok((texts, report.errors))
}

/// Whether `path` is a folder's own document (README, LICENSE, CHANGELOG), not a text of
/// the corpus: a folder of works usually carries one.
fn is_folder_doc(path: &str) -> bool {
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let stem = name.split('.').next().unwrap_or(name).to_ascii_uppercase();
    matches!(stem.as_str(), "README" | "LICENSE" | "CHANGELOG")
}

/// The error for a baseline too small to compare against.
pub(crate) fn too_small(why: String) -> Error {
    Error::new(Code::QcMl003, why).hint(format!(
        "テキストを増やしてください（{} 本以上・本文 {} 字以上）。`noveler explain statistics` に基準があります。",
        corpus_stats::MIN_TEXTS,
        corpus_stats::MIN_BODY_CHARS
    ))
}

/// The episode numbers the request names (episodes, or files named 第NNN話…).
fn episodes_of(req: &CheckRequest) -> BTreeSet<u32> {
    let mut eps: BTreeSet<u32> = req.episode.into_iter().collect();
    for t in &req.targets {
        match t {
            Target::Episode(n) => {
                eps.insert(*n);
            }
            Target::Path(p) => {
                let stem = Path::new(p)
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                if let Some(n) = crate::store::lock::episode_number_of(&stem) {
                    eps.insert(n);
                }
            }
        }
    }
    eps
}

/// The author's episodes before the lowest one checked (every episode but the checked ones
/// when the request names none).
fn earlier_episodes(ctx: &Ctx, project: &Project, req: &CheckRequest) -> Result<CorpusBaseline> {
    let checked = episodes_of(req);
    let first = checked.iter().next().copied();
    let targets: Vec<Target> = project
        .episodes()
        .into_iter()
        .filter(|e| match first {
            Some(n) => e.number < n,
            None => !checked.contains(&e.number),
        })
        .map(|e| Target::Path(project.display(&e.path)))
        .collect();
    let (texts, _) = stats_of(ctx, project, targets)?;
    Ok(CorpusBaseline::with_genre(
        "earlier_episodes",
        &project.settings.fingerprint(),
        project.config.genre.as_deref(),
        texts,
    ))
}

/// The baseline to compare with, or why there is none.
fn baseline_for(
    ctx: &Ctx,
    project: &Project,
    req: &CheckRequest,
    ml: &MlOptimization,
) -> std::result::Result<(CorpusBaseline, bool), Error> {
    let (b, stored) = match ml.corpus_model_id.as_deref().map(str::trim) {
        Some(id) if !id.is_empty() => (store::load(&ctx.root, id)?, true),
        _ => (earlier_episodes(ctx, project, req)?, false),
    };
    match b.too_small() {
        Some(why) => Err(too_small(why)),
        None => Ok((b, stored)),
    }
}

/// The baseline (or why there is none) and what is learned from it, before a check.
struct Prepared {
    baseline: std::result::Result<(CorpusBaseline, bool), Error>,
    dynamic: Option<corpus_stats::DynamicThresholds>,
    /// The learned thresholds when `use_dynamic_thresholds` asks for them.
    learned: Option<Thresholds>,
}

fn prepare(ctx: &Ctx, project: &Project, req: &CheckRequest, ml: &MlOptimization) -> Prepared {
    let baseline = baseline_for(ctx, project, req, ml);
    let mut dynamic = None;
    let mut learned = None;
    if let Ok((b, _)) = &baseline {
        let (mut d, l) = corpus_stats::learn_thresholds(b, &project.settings.thresholds);
        if ml.use_dynamic_thresholds {
            d.applied = true;
            learned = Some(l);
        }
        dynamic = Some(d);
    }
    Prepared {
        baseline,
        dynamic,
        learned,
    }
}

/// The thresholds a progressive step of `episode` checks with under `ml`: the ones learned
/// from the baseline when `use_dynamic_thresholds` is on and the baseline is usable, else
/// none (the session's own).
/// `project` is asked for only when the thresholds are (the caller's lazily loaded one).
pub fn learned_for_step<'p>(
    ctx: &Ctx,
    project: impl FnOnce() -> Result<&'p Project>,
    episode: u32,
    ml: &MlOptimization,
) -> Result<Option<Thresholds>> {
    if !(ml.enabled && ml.use_dynamic_thresholds) {
        return Ok(None);
    }
    let project = project()?;
    let req = CheckRequest {
        episode: Some(episode),
        ..Default::default()
    };
    Ok(prepare(ctx, project, &req, ml).learned)
}

/// `check::run` with `ml_optimization` (called by it when `enabled`).
pub(super) fn run(
    ctx: &Ctx,
    project: &Project,
    mut req: CheckRequest,
    ml: MlOptimization,
) -> Result<CheckReport> {
    let Prepared {
        baseline,
        dynamic,
        learned,
    } = prepare(ctx, project, &req, &ml);
    let mut thresholds = project.settings.thresholds.clone();
    if let Some(l) = learned {
        thresholds = l.clone();
        req.learned_thresholds = Some(l);
    }
    req.ml_optimization = None;
    let mut report = check::run(ctx, project, req.clone())?;

    let feedback = corpus_stats::optimize_weights(&store::decisions(&ctx.root));
    let apply_weights = ml.auto_optimize_weights && feedback.decisions > 0;
    let mut settings = project.settings.clone();
    settings.thresholds = thresholds;
    if !req.aspects.is_empty() {
        settings.aspects = req.aspects.clone();
    }
    let mut files = serde_json::Map::new();
    let mut rescored = false;
    for file in &mut report.files {
        let stats = corpus_stats::text_stats(
            &file.path,
            &file.sha256,
            &file.text,
            &settings,
            &file.findings,
            &file.omitted,
            file.scores.overall,
        );
        let mut entry = serde_json::Map::new();
        let mut adjustments: Vec<SeverityAdjustment> = Vec::new();
        if let Ok((b, _)) = &baseline {
            let cmp = corpus_stats::compare(b, &stats)
                .with_project_genre(project.config.genre.as_deref());
            for f in &mut file.findings {
                let pct = cmp.finding_density.get(&f.code).map(|c| c.percentile);
                let a = corpus_stats::adjust(f, file.text.len(), pct);
                if ml.use_dynamic_severity {
                    f.severity = a.adjusted_level;
                }
                adjustments.push(a);
            }
            entry.insert("corpus_baseline_comparison".into(), json!(cmp));
        }
        let total = adjustments.len();
        let changed: Vec<&SeverityAdjustment> = adjustments
            .iter()
            .filter(|a| f64::from(corpus_stats::severity_rank(a.adjusted_level)) != a.base_severity)
            .collect();
        if baseline.is_ok() {
            entry.insert(
                "severity_adjustments".into(),
                json!(changed.iter().take(MAX_ADJUSTMENTS).collect::<Vec<_>>()),
            );
            entry.insert(
                "severity_adjustments_summary".into(),
                json!({
                    "findings": total,
                    "level_changed": changed.len(),
                    "listed": changed.len().min(MAX_ADJUSTMENTS),
                    "applied": ml.use_dynamic_severity,
                }),
            );
        }
        if (ml.use_dynamic_severity && baseline.is_ok()) || apply_weights {
            let before = file.scores.overall;
            let weights = if apply_weights {
                feedback.optimized_weights.clone()
            } else {
                BTreeMap::new()
            };
            file.scores = score::compute_weighted(
                &file.findings,
                file.metrics.length_stats.body_chars,
                &settings,
                &weights,
            );
            entry.insert(
                "rescored".into(),
                json!({"overall_before": before, "overall_after": file.scores.overall}),
            );
            rescored = true;
        }
        files.insert(file.path.clone(), Value::Object(entry));
    }
    if rescored {
        report.summary = check::summarize(&report.files);
    }

    let mut ml_out = serde_json::Map::new();
    ml_out.insert("kind".into(), json!("statistics"));
    ml_out.insert(
        "note".into(),
        json!("作者の文章の記述統計です。モデルやAIの判断ではありません（式: noveler explain statistics）"),
    );
    ml_out.insert("options".into(), json!(ml));
    match &baseline {
        Ok((b, stored)) => {
            ml_out.insert("corpus_model_id".into(), json!(b.id));
            ml_out.insert(
                "baseline".into(),
                json!({
                    "source": b.source,
                    "stored": stored,
                    "texts": b.texts.len(),
                    "body_chars": b.body_chars(),
                    "paths": b.texts.iter().map(|t| t.path.as_str()).collect::<Vec<_>>(),
                }),
            );
        }
        Err(e) => {
            ml_out.insert("fallback".into(), fallback(e));
        }
    }
    if let Some(d) = &dynamic {
        ml_out.insert("dynamic_thresholds_applied".into(), json!(d));
    }
    let mut w = json!(feedback);
    w["applied"] = json!(apply_weights);
    ml_out.insert("weight_optimization".into(), w);
    // One file: the seed's shape (comparison and adjustments directly under
    // ml_enhancements, with its `path`); several: one entry per path under `files`.
    match files.len() {
        1 => {
            if let Some((path, Value::Object(one))) = files.into_iter().next() {
                ml_out.insert("path".into(), json!(path));
                ml_out.extend(one);
            }
        }
        _ => {
            ml_out.insert("files".into(), Value::Object(files));
        }
    }
    report.ml_enhancements = Some(Value::Object(ml_out));
    Ok(report)
}

/// `metadata.ml_enhancements` of a progressive step (`execute_check_step` with
/// `ml_optimization`): the statistics of the episode's manuscript as `check` sees it.
pub fn for_step(ctx: &Ctx, project: &Project, episode: u32, ml: MlOptimization) -> Result<Value> {
    let dynamic = ml.use_dynamic_thresholds;
    let report = run(
        ctx,
        project,
        CheckRequest {
            episode: Some(episode),
            ..Default::default()
        },
        ml,
    )?;
    let mut v = report.ml_enhancements.unwrap_or_else(|| json!({}));
    v["scope"] = json!(if dynamic {
        "原稿ファイルを noveler check と同じく測った統計です。このステップの issues と quality_score も学習したしきい値で測りました（metadata.config_snapshot.thresholds = learned）。重大度の調整はここに報告するだけです。"
    } else {
        "原稿ファイルを noveler check と同じく測った統計です。このステップの issues と quality_score はセッションのしきい値のままです（use_dynamic_thresholds で学習したしきい値を使います）。重大度の調整はここに報告するだけです。"
    });
    Ok(v)
}

/// `ml_enhancements.fallback`: why the standard thresholds were used.
fn fallback(e: &Error) -> Value {
    json!({
        "code": e.code.as_str(),
        "message": e.message,
        "hint": e.hint,
        "action": "標準のしきい値で確認しました",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn episodes_are_read_from_numbers_and_file_names() {
        let req = CheckRequest {
            episode: Some(4),
            targets: vec![
                Target::Episode(7),
                Target::Path("40_原稿/第003話_x.md".into()),
                Target::Path("notes.md".into()),
            ],
            ..Default::default()
        };
        assert_eq!(episodes_of(&req).into_iter().collect::<Vec<_>>(), [3, 4, 7]);
    }

    #[test]
    fn options_refuse_unknown_keys() {
        let bad = serde_json::from_value::<MlOptimization>(json!({"enabled": true, "model": "x"}));
        assert!(bad.is_err());
        let ok: MlOptimization =
            serde_json::from_value(json!({"enabled": true, "use_dynamic_thresholds": true}))
                .unwrap();
        assert!(ok.enabled && ok.use_dynamic_thresholds && !ok.use_dynamic_severity);
    }
}
