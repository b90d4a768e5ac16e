//! `noveler baseline build DIR | list | show ID`: corpus baselines (issue 18 item 1) — the
//! per-text statistics of a folder of texts, stored under `.noveler/corpus_baselines/` with
//! their content hash as id (`corpus_model_id` of `check`'s `ml_optimization`).
//!
//! Not the findings baseline of `check --baseline` / `--write-baseline` (accepted findings,
//! `store::baseline`): see `noveler explain statistics`.

use super::{Ctx, Report};
use crate::analysis::corpus_stats::{self, CorpusBaseline, TextStats};
use crate::error::{Code, Error, Result};
use crate::operations::check::stats::{stats_of, too_small};
use crate::operations::check::{FileError, Target};
use crate::project::Project;
use crate::store::corpus_baseline as store;
use crate::store::FileRef;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Distribution of one metric over a baseline's texts.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct Distribution {
    pub n: usize,
    pub min: f64,
    pub p10: f64,
    pub median: f64,
    pub p90: f64,
    pub max: f64,
}

fn distributions(b: &CorpusBaseline) -> BTreeMap<String, Distribution> {
    let mut out = BTreeMap::new();
    for name in corpus_stats::METRICS {
        let v = b.values(name);
        let q = |p| corpus_stats::quantile(&v, p).map(crate::analysis::metrics::round4);
        if let (Some(min), Some(p10), Some(median), Some(p90), Some(max)) =
            (q(0.0), q(0.1), q(0.5), q(0.9), q(1.0))
        {
            out.insert(
                (*name).to_string(),
                Distribution {
                    n: v.len(),
                    min,
                    p10,
                    median,
                    p90,
                    max,
                },
            );
        }
    }
    out
}

/// A baseline as reported.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct BaselineSummary {
    /// The `corpus_model_id` to pass to `check --corpus-model-id`.
    pub corpus_model_id: String,
    /// Always `statistics`.
    pub kind: String,
    pub source: String,
    /// The texts' genre (seed 001 §8.2.2), compared with the checked project's.
    pub genre: Option<String>,
    pub texts: usize,
    pub body_chars: usize,
    /// Relative to the project root.
    pub path: String,
    /// Per metric over the texts (quantiles by linear interpolation).
    pub metrics: BTreeMap<String, Distribution>,
}

fn summary(b: &CorpusBaseline) -> BaselineSummary {
    BaselineSummary {
        corpus_model_id: b.id.clone(),
        kind: b.kind.clone(),
        source: b.source.clone(),
        genre: b.genre.clone(),
        texts: b.texts.len(),
        body_chars: b.body_chars(),
        path: format!("{}/{}.json", store::DIR, b.id),
        metrics: distributions(b),
    }
}

/// Build a corpus baseline from a folder (or file) of texts.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BaselineBuildRequest {
    /// A folder of .md/.txt texts (walked like `check`), relative to the project root.
    pub dir: String,
    /// The texts' genre, e.g. ファンタジー (default: the project's ジャンル.メイン when the
    /// folder is under the project's manuscript folder, else none).
    #[serde(default)]
    pub genre: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct BaselineBuildReport {
    pub baseline: BaselineSummary,
    /// Texts that could not be read (left out of the baseline).
    pub skipped: Vec<FileError>,
    pub next_action: String,
    #[serde(skip)]
    #[schemars(skip)]
    outputs: Vec<FileRef>,
}

impl Report for BaselineBuildReport {
    fn outputs(&self) -> Vec<FileRef> {
        self.outputs.clone()
    }
}

/// The project's genre when `dir` is (under) its manuscript folder: the author's own texts.
fn own_genre(project: &Project, dir: &str) -> Option<String> {
    let manuscripts = project.manuscript_dir();
    let dir = project.root.join(dir);
    let inside = match (dir.canonicalize(), manuscripts.canonicalize()) {
        (Ok(d), Ok(m)) => d.starts_with(m),
        _ => false,
    };
    inside.then(|| project.config.genre.clone()).flatten()
}

pub fn build(ctx: &Ctx, req: BaselineBuildRequest) -> Result<BaselineBuildReport> {
    if req.dir.trim().is_empty() {
        return Err(
            Error::new(Code::U001, "ベースラインにするフォルダを指定してください")
                .hint("例: `noveler baseline build 40_原稿`"),
        );
    }
    let project = Project::load(&ctx.root)?;
    let (texts, skipped) = stats_of(ctx, &project, vec![Target::Path(req.dir.clone())])?;
    // Named as the project shows it (relative inside the project).
    let source = project.display(&ctx.root.join(&req.dir));
    let genre = req.genre.clone().or_else(|| own_genre(&project, &req.dir));
    let b = CorpusBaseline::with_genre(
        &source,
        &project.settings.fingerprint(),
        genre.as_deref(),
        texts,
    );
    if let Some(why) = b.too_small() {
        return Err(too_small(why).details(serde_json::json!({
            "texts": b.texts.len(),
            "body_chars": b.body_chars(),
            "min_texts": corpus_stats::MIN_TEXTS,
            "min_body_chars": corpus_stats::MIN_BODY_CHARS,
        })));
    }
    let path = store::save(&ctx.root, &b)?;
    let outputs = FileRef::from_path(&ctx.root, &path, "corpus_baseline")
        .into_iter()
        .collect();
    Ok(BaselineBuildReport {
        next_action: format!(
            "`noveler check N --corpus-model-id {}` で話をこのベースラインと比べられます",
            b.id
        ),
        baseline: summary(&b),
        skipped,
        outputs,
    })
}

/// List the stored corpus baselines.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BaselineListRequest {}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct BaselineListEntry {
    pub corpus_model_id: String,
    pub source: Option<String>,
    pub genre: Option<String>,
    pub texts: Option<usize>,
    pub body_chars: Option<usize>,
    /// The error code of an unreadable one (QC-ML-002).
    pub error: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct BaselineListReport {
    pub baselines: Vec<BaselineListEntry>,
}

impl Report for BaselineListReport {}

pub fn list(ctx: &Ctx, _req: BaselineListRequest) -> Result<BaselineListReport> {
    let baselines = store::list(&ctx.root)
        .into_iter()
        .map(|(id, b)| match b {
            Ok(b) => BaselineListEntry {
                corpus_model_id: id,
                source: Some(b.source.clone()),
                genre: b.genre.clone(),
                texts: Some(b.texts.len()),
                body_chars: Some(b.body_chars()),
                error: None,
            },
            Err(e) => BaselineListEntry {
                corpus_model_id: id,
                source: None,
                genre: None,
                texts: None,
                body_chars: None,
                error: Some(e.code.as_str().to_string()),
            },
        })
        .collect();
    Ok(BaselineListReport { baselines })
}

/// Show one stored corpus baseline: per metric distribution and per text values.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BaselineShowRequest {
    /// The corpus_model_id (12 hex).
    pub id: String,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct BaselineShowReport {
    pub baseline: BaselineSummary,
    pub texts: Vec<TextStats>,
}

impl Report for BaselineShowReport {}

pub fn show(ctx: &Ctx, req: BaselineShowRequest) -> Result<BaselineShowReport> {
    let b = store::load(&ctx.root, req.id.trim())?;
    Ok(BaselineShowReport {
        baseline: summary(&b),
        texts: b.texts,
    })
}

/// Text for `baseline build` / `show`.
pub(crate) fn summary_text(s: &BaselineSummary) -> String {
    let genre = s
        .genre
        .as_deref()
        .map(|g| format!("、ジャンル {g}"))
        .unwrap_or_default();
    let mut out = format!(
        "コーパスのベースライン {}（統計。{} 本・本文 {} 字、{}{genre}）\n保存先: {}\n",
        s.corpus_model_id, s.texts, s.body_chars, s.source, s.path
    );
    out.push_str("指標                    p10       中央値    p90\n");
    for (name, d) in &s.metrics {
        out.push_str(&format!(
            "{name:<22} {:>9.3} {:>9.3} {:>9.3}\n",
            d.p10, d.median, d.p90
        ));
    }
    out
}
