//! Corpus statistics (issue 18 item 1, seed 001 §8 "ML強化品質評価" read as statistics): the
//! metrics the rules already compute, per text, gathered over a baseline corpus (the author's
//! earlier episodes, or any folder of texts), and what follows from them — percentiles of
//! one episode against the corpus, thresholds learned from it, severity adjustments by
//! position and frequency, and rule weights from the author's accept/reject feedback.
//!
//! Nothing here is a model or a judgment: every number is a count, a ratio or a percentile,
//! and every formula is printed by `noveler explain statistics` (`explain()`).
//!
//! Not to be confused with the *findings* baseline (`store::baseline`, `check --baseline`),
//! a list of accepted findings: this is a corpus baseline, `corpus_baseline` in code.

use super::metrics::{self, Metrics};
use super::score::DENSITY_UNIT;
use super::settings::Thresholds;
use super::{Document, Finding, Settings, Severity};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use super::feedback_weights::{
    optimize_weights, ConfigSuggestion, Decision, RuleFeedback, WeightOptimization, MIN_DECISIONS,
    REJECT_RATE,
};

/// Version of the stored corpus baseline format.
pub const VERSION: u32 = 1;
/// A baseline needs at least this many texts (QC-ML-003 below)…
pub const MIN_TEXTS: usize = 3;
/// …and this many body characters in all.
pub const MIN_BODY_CHARS: usize = 3000;

/// Per-text metric names (JSON keys, stable).
pub const METRICS: &[&str] = &[
    "body_chars",
    "sentence_length_mean",
    "sentence_length_p90",
    "long_sentence_ratio",
    "commas_per_sentence",
    "kanji_ratio",
    "dialogue_line_ratio",
    "dialogue_char_ratio",
    "max_same_ending_run",
    "findings_per_1000",
    "score_overall",
];

/// The statistics of one text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct TextStats {
    /// As given (relative to the project root when inside it).
    pub path: String,
    pub sha256: String,
    /// Metric name (`METRICS`) → value; `score_overall` is absent for an unscored text.
    pub values: BTreeMap<String, f64>,
    /// Rule code → findings per 1,000 body characters (texts under 1,000 count as 1,000);
    /// codes without findings are absent (density 0).
    pub densities: BTreeMap<String, f64>,
}

/// Statistics of `text` (normalised) with its check result (`findings` listed plus
/// `omitted` per code, and the overall score).
pub(crate) fn text_stats(
    path: &str,
    sha256: &str,
    text: &str,
    settings: &Settings,
    findings: &[Finding],
    omitted: &BTreeMap<String, usize>,
    overall: Option<f64>,
) -> TextStats {
    let doc = Document::parse(text);
    let m: Metrics = metrics::compute(&doc, settings);
    let mut lengths: Vec<usize> = doc.sentences.iter().map(|s| s.length).collect();
    lengths.sort_unstable();
    let n = lengths.len();
    let long = lengths
        .iter()
        .filter(|&&l| l > settings.thresholds.long_sentence_low)
        .count();
    let body = m.length_stats.body_chars;
    let unit = body.max(DENSITY_UNIT) as f64 / DENSITY_UNIT as f64;
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for f in findings {
        *counts.entry(f.code.clone()).or_insert(0) += 1;
    }
    for (code, k) in omitted {
        *counts.entry(code.clone()).or_insert(0) += k;
    }
    let total: usize = counts.values().sum();
    let mut values = BTreeMap::new();
    let mut put = |k: &str, v: f64| {
        values.insert(k.to_string(), metrics::round4(v));
    };
    put("body_chars", body as f64);
    put(
        "sentence_length_mean",
        if n == 0 {
            0.0
        } else {
            lengths.iter().sum::<usize>() as f64 / n as f64
        },
    );
    put("sentence_length_p90", metrics::percentile(&lengths, 0.9));
    put("long_sentence_ratio", metrics::ratio(long, n));
    put("commas_per_sentence", m.punctuation.commas_per_sentence_avg);
    put("kanji_ratio", m.character_balance.kanji_ratio);
    put("dialogue_line_ratio", m.dialogue.dialogue_line_ratio);
    put("dialogue_char_ratio", m.dialogue.dialogue_char_ratio);
    put("max_same_ending_run", m.endings.max_same_ending_run as f64);
    put("findings_per_1000", total as f64 / unit);
    if let Some(s) = overall {
        put("score_overall", s);
    }
    let densities = counts
        .into_iter()
        .map(|(c, k)| (c, metrics::round4(k as f64 / unit)))
        .collect();
    TextStats {
        path: path.to_string(),
        sha256: sha256.to_string(),
        values,
        densities,
    }
}

/// A stored corpus baseline: the statistics of every text in it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CorpusBaseline {
    pub version: u32,
    /// Always `statistics`: descriptive statistics of texts, not a trained model.
    pub kind: String,
    /// `corpus_model_id`: first 12 hex of sha256 over the texts' paths and sha256s and the
    /// settings fingerprint (same texts, same settings → same id).
    pub id: String,
    /// What it was built from (`earlier_episodes` or the folder given).
    pub source: String,
    /// The settings fingerprint the texts were analysed with.
    pub settings_fingerprint: String,
    /// The genre of the texts (seed 001 §8.2.2 `genre`): given at build time, else the
    /// project's ジャンル.メイン for the author's own texts. Part of the id when set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub genre: Option<String>,
    pub texts: Vec<TextStats>,
}

impl CorpusBaseline {
    /// A baseline of `texts` (`id` computed from them).
    pub fn new(source: &str, settings_fingerprint: &str, texts: Vec<TextStats>) -> CorpusBaseline {
        CorpusBaseline::with_genre(source, settings_fingerprint, None, texts)
    }

    /// A baseline of `texts` of `genre` (a blank genre is none). The genre is part of the
    /// id, so the same texts labelled with two genres are two baselines; without a genre
    /// the id is what it always was.
    pub(crate) fn with_genre(
        source: &str,
        settings_fingerprint: &str,
        genre: Option<&str>,
        texts: Vec<TextStats>,
    ) -> CorpusBaseline {
        let genre = genre.map(str::trim).filter(|g| !g.is_empty());
        let mut key = format!("v{VERSION}\n{settings_fingerprint}\n");
        for t in &texts {
            key.push_str(&format!("{}\t{}\n", t.path, t.sha256));
        }
        if let Some(g) = genre {
            key.push_str(&format!("genre\t{g}\n"));
        }
        CorpusBaseline {
            version: VERSION,
            kind: "statistics".into(),
            id: super::sha256_hex(key.as_bytes())[..12].to_string(),
            source: source.to_string(),
            settings_fingerprint: settings_fingerprint.to_string(),
            genre: genre.map(str::to_string),
            texts,
        }
    }

    pub fn body_chars(&self) -> usize {
        self.texts
            .iter()
            .map(|t| t.values.get("body_chars").copied().unwrap_or(0.0) as usize)
            .sum()
    }

    /// Why the baseline is too small to compare against (QC-ML-003), if it is.
    pub(crate) fn too_small(&self) -> Option<String> {
        let (n, chars) = (self.texts.len(), self.body_chars());
        (n < MIN_TEXTS || chars < MIN_BODY_CHARS).then(|| {
            format!(
                "ベースラインが小さすぎます（{n} 本・本文 {chars} 字。{MIN_TEXTS} 本以上かつ本文 {MIN_BODY_CHARS} 字以上が必要です）"
            )
        })
    }

    /// The sorted values of metric `name` over the texts that have it.
    pub fn values(&self, name: &str) -> Vec<f64> {
        sorted(
            self.texts
                .iter()
                .filter_map(|t| t.values.get(name).copied()),
        )
    }

    /// The sorted densities of rule `code` (0 for texts without it).
    pub(crate) fn densities(&self, code: &str) -> Vec<f64> {
        sorted(
            self.texts
                .iter()
                .map(|t| t.densities.get(code).copied().unwrap_or(0.0)),
        )
    }
}

fn sorted(values: impl Iterator<Item = f64>) -> Vec<f64> {
    let mut v: Vec<f64> = values.filter(|x| x.is_finite()).collect();
    v.sort_by(f64::total_cmp);
    v
}

/// Percentile rank (0–100) of `x` among `sorted` by the mid-rank definition:
/// `100 × (#{v < x} + ½ · #{v = x}) / n`. A value equal to every baseline value is 50;
/// above all of them, 100. `None` for an empty baseline.
pub(crate) fn percentile_rank(sorted: &[f64], x: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    const EPS: f64 = 1e-9;
    let below = sorted.iter().filter(|&&v| v < x - EPS).count();
    let equal = sorted.iter().filter(|&&v| (v - x).abs() <= EPS).count();
    Some(round1(
        100.0 * (below as f64 + 0.5 * equal as f64) / sorted.len() as f64,
    ))
}

/// Quantile `p` (0..=1) of sorted values by linear interpolation (numpy's default, as
/// `metrics::percentile`).
pub(crate) fn quantile(sorted: &[f64], p: f64) -> Option<f64> {
    match sorted.len() {
        0 => None,
        1 => Some(sorted[0]),
        n => {
            let rank = p.clamp(0.0, 1.0) * (n - 1) as f64;
            let lo = rank.floor() as usize;
            let hi = (lo + 1).min(n - 1);
            Some(sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo as f64))
        }
    }
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

fn round4(x: f64) -> f64 {
    metrics::round4(x)
}

/// One metric of the episode against the baseline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct MetricComparison {
    pub value: f64,
    /// Mid-rank percentile (see `percentile_rank`).
    pub percentile: f64,
    pub baseline_p10: f64,
    pub baseline_median: f64,
    pub baseline_p90: f64,
    /// Texts the baseline has a value for.
    pub baseline_n: usize,
}

/// `metadata.ml_enhancements.corpus_baseline_comparison` for one text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Comparison {
    /// Always `statistics`.
    pub kind: String,
    /// How `percentile` is defined.
    pub percentile_definition: String,
    /// Seed 001 §8.2.2: the baseline's median overall score.
    pub baseline_score: Option<f64>,
    /// Seed 001 §8.2.2: (percentile of this text's overall score − 50) / 50, in −1…1.
    pub relative_score: Option<f64>,
    /// Seed 001 §8.2.2: the baseline's genre (none when it was built without one).
    #[serde(default)]
    pub genre: Option<String>,
    /// The checked project's genre (プロジェクト設定.yaml ジャンル.メイン).
    #[serde(default)]
    pub project_genre: Option<String>,
    /// Whether the two genres are the same (none when either is unknown).
    #[serde(default)]
    pub genre_match: Option<bool>,
    /// Says so when the genres differ or are unknown: percentiles against another genre's
    /// texts describe distance from that genre, not quality.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub genre_note: Option<String>,
    pub metrics: BTreeMap<String, MetricComparison>,
    /// Per rule code found here or in the baseline: findings per 1,000 characters.
    pub finding_density: BTreeMap<String, MetricComparison>,
}

pub const PERCENTILE_DEFINITION: &str =
    "mid-rank: 100 × (baseline texts below + ½ × texts equal) / texts";

fn compare_one(sorted: &[f64], value: f64) -> Option<MetricComparison> {
    Some(MetricComparison {
        value,
        percentile: percentile_rank(sorted, value)?,
        baseline_p10: round4(quantile(sorted, 0.1)?),
        baseline_median: round4(quantile(sorted, 0.5)?),
        baseline_p90: round4(quantile(sorted, 0.9)?),
        baseline_n: sorted.len(),
    })
}

/// This text's metrics as percentiles of the baseline.
pub fn compare(baseline: &CorpusBaseline, text: &TextStats) -> Comparison {
    let mut metrics = BTreeMap::new();
    for (name, &value) in &text.values {
        if let Some(c) = compare_one(&baseline.values(name), value) {
            metrics.insert(name.clone(), c);
        }
    }
    let mut codes: Vec<&String> = text.densities.keys().collect();
    for t in &baseline.texts {
        codes.extend(t.densities.keys());
    }
    codes.sort();
    codes.dedup();
    let mut finding_density = BTreeMap::new();
    for code in codes {
        let value = text.densities.get(code).copied().unwrap_or(0.0);
        if let Some(c) = compare_one(&baseline.densities(code), value) {
            finding_density.insert(code.clone(), c);
        }
    }
    let scores = baseline.values("score_overall");
    let relative = metrics
        .get("score_overall")
        .map(|c| round4((c.percentile - 50.0) / 50.0));
    Comparison {
        kind: "statistics".into(),
        percentile_definition: PERCENTILE_DEFINITION.into(),
        baseline_score: quantile(&scores, 0.5).map(round1),
        relative_score: relative,
        genre: baseline.genre.clone(),
        project_genre: None,
        genre_match: None,
        genre_note: None,
        metrics,
        finding_density,
    }
}

impl Comparison {
    /// Sets the project's genre and what follows from comparing it with the baseline's.
    pub(crate) fn with_project_genre(mut self, project: Option<&str>) -> Comparison {
        let project = project.map(str::trim).filter(|g| !g.is_empty());
        self.project_genre = project.map(str::to_string);
        let (m, note) = match (self.genre.as_deref(), project) {
            (Some(b), Some(p)) if b == p => (Some(true), None),
            (Some(b), Some(p)) => (
                Some(false),
                Some(format!(
                    "ベースラインのジャンル（{b}）は作品のジャンル（{p}）と違います。百分位はそのジャンルの文章との違いを表すだけで、良し悪しではありません"
                )),
            ),
            (None, _) => (
                None,
                Some("ベースラインにジャンルがありません（`noveler baseline build DIR --genre G` で付けられます）".to_string()),
            ),
            (Some(_), None) => (
                None,
                Some("作品のジャンルが未設定です（プロジェクト設定.yaml の ジャンル.メイン）".to_string()),
            ),
        };
        self.genre_match = m;
        self.genre_note = note;
        self
    }
}

/// One threshold learned from the baseline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LearnedThreshold {
    pub original: f64,
    pub learned: f64,
    /// The statistic it was learned from, e.g. `median of sentence_length_p90 + 0`.
    pub statistic: String,
    /// The sane bounds the learned value is clamped to.
    pub bounds: [f64; 2],
}

/// `dynamic_thresholds_applied`: per aspect (`rhythm`, `readability`), threshold name →
/// original and learned; `applied` says whether the check used them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct DynamicThresholds {
    pub applied: bool,
    pub thresholds: BTreeMap<String, BTreeMap<String, LearnedThreshold>>,
}

/// (aspect, threshold, metric, quantile, offset, bounds, integer): every learned threshold.
/// Bands keep the middle 80% of the author's texts with a margin; the long-sentence limit is
/// the author's own 90th percentile sentence length.
type Rule = (
    &'static str,
    &'static str,
    &'static str,
    f64,
    f64,
    [f64; 2],
    bool,
);
const LEARNED: &[Rule] = &[
    (
        "readability",
        "long_sentence_low",
        "sentence_length_p90",
        0.5,
        0.0,
        [60.0, 120.0],
        true,
    ),
    (
        "readability",
        "max_avg_sentence_length",
        "sentence_length_mean",
        0.9,
        5.0,
        [35.0, 80.0],
        false,
    ),
    (
        "readability",
        "kanji_ratio_min",
        "kanji_ratio",
        0.1,
        -0.02,
        [0.10, 0.35],
        false,
    ),
    (
        "readability",
        "kanji_ratio_max",
        "kanji_ratio",
        0.9,
        0.02,
        [0.25, 0.55],
        false,
    ),
    (
        "rhythm",
        "dialogue_ratio_min",
        "dialogue_line_ratio",
        0.1,
        -0.05,
        [0.05, 0.60],
        false,
    ),
    (
        "rhythm",
        "dialogue_ratio_max",
        "dialogue_line_ratio",
        0.9,
        0.05,
        [0.40, 0.95],
        false,
    ),
    (
        "rhythm",
        "comma_avg_min",
        "commas_per_sentence",
        0.1,
        -0.2,
        [0.2, 1.2],
        false,
    ),
    (
        "rhythm",
        "comma_avg_max",
        "commas_per_sentence",
        0.9,
        0.2,
        [1.0, 3.0],
        false,
    ),
];

fn threshold_value(t: &Thresholds, name: &str) -> f64 {
    match name {
        "long_sentence_low" => t.long_sentence_low as f64,
        "long_sentence_medium" => t.long_sentence_medium as f64,
        "max_avg_sentence_length" => t.max_avg_sentence_length,
        "kanji_ratio_min" => t.kanji_ratio_min,
        "kanji_ratio_max" => t.kanji_ratio_max,
        "dialogue_ratio_min" => t.dialogue_ratio_min,
        "dialogue_ratio_max" => t.dialogue_ratio_max,
        "comma_avg_min" => t.comma_avg_min,
        "comma_avg_max" => t.comma_avg_max,
        _ => f64::NAN,
    }
}

fn set_threshold(t: &mut Thresholds, name: &str, v: f64) {
    match name {
        "long_sentence_low" => t.long_sentence_low = v as usize,
        "long_sentence_medium" => t.long_sentence_medium = v as usize,
        "max_avg_sentence_length" => t.max_avg_sentence_length = v,
        "kanji_ratio_min" => t.kanji_ratio_min = v,
        "kanji_ratio_max" => t.kanji_ratio_max = v,
        "dialogue_ratio_min" => t.dialogue_ratio_min = v,
        "dialogue_ratio_max" => t.dialogue_ratio_max = v,
        "comma_avg_min" => t.comma_avg_min = v,
        "comma_avg_max" => t.comma_avg_max = v,
        _ => {}
    }
}

/// The thresholds learned from `baseline` over `original`, and `original` with them applied.
/// LONG_SENTENCE's medium limit keeps its distance above the low one (default +20).
pub(crate) fn learn_thresholds(
    baseline: &CorpusBaseline,
    original: &Thresholds,
) -> (DynamicThresholds, Thresholds) {
    let mut out: BTreeMap<String, BTreeMap<String, LearnedThreshold>> = BTreeMap::new();
    let mut learned_t = original.clone();
    for &(aspect, name, metric, q, offset, bounds, integer) in LEARNED {
        let Some(v) = quantile(&baseline.values(metric), q) else {
            continue;
        };
        let mut v = (v + offset).clamp(bounds[0], bounds[1]);
        v = if integer { v.round() } else { round4(v) };
        set_threshold(&mut learned_t, name, v);
        let statistic = format!(
            "p{} of {metric} {} {}",
            (q * 100.0).round(),
            if offset < 0.0 { '-' } else { '+' },
            offset.abs()
        );
        out.entry(aspect.into()).or_default().insert(
            name.into(),
            LearnedThreshold {
                original: threshold_value(original, name),
                learned: v,
                statistic,
                bounds,
            },
        );
    }
    if learned_t.long_sentence_low != original.long_sentence_low {
        let gap = original
            .long_sentence_medium
            .saturating_sub(original.long_sentence_low)
            .max(1);
        let medium = learned_t.long_sentence_low + gap;
        learned_t.long_sentence_medium = medium;
        out.entry("readability".into()).or_default().insert(
            "long_sentence_medium".into(),
            LearnedThreshold {
                original: original.long_sentence_medium as f64,
                learned: medium as f64,
                statistic: format!("long_sentence_low + {gap}"),
                bounds: [60.0 + gap as f64, 120.0 + gap as f64],
            },
        );
    }
    // A band whose learned ends crossed (a tiny corpus) keeps the original band.
    for (lo, hi) in [
        ("kanji_ratio_min", "kanji_ratio_max"),
        ("dialogue_ratio_min", "dialogue_ratio_max"),
        ("comma_avg_min", "comma_avg_max"),
    ] {
        if threshold_value(&learned_t, lo) > threshold_value(&learned_t, hi) {
            set_threshold(&mut learned_t, lo, threshold_value(original, lo));
            set_threshold(&mut learned_t, hi, threshold_value(original, hi));
        }
    }
    (
        DynamicThresholds {
            applied: false,
            thresholds: out,
        },
        learned_t,
    )
}

/// Severity as a number: low 1, medium 2, high 3, critical 4.
pub(crate) fn severity_rank(s: Severity) -> u8 {
    match s {
        Severity::Low => 1,
        Severity::Medium => 2,
        Severity::High => 3,
        Severity::Critical => 4,
    }
}

fn severity_of_rank(r: u8) -> Severity {
    match r {
        0 | 1 => Severity::Low,
        2 => Severity::Medium,
        3 => Severity::High,
        _ => Severity::Critical,
    }
}

/// Where in the text a finding sits: the opening tenth (readers decide whether to read on)
/// weighs 1.2, the closing tenth (the hook into the next episode) 1.1, the rest 1.0.
pub(crate) fn position_multiplier(byte_start: usize, text_len: usize) -> f64 {
    if text_len == 0 {
        return 1.0;
    }
    let at = byte_start as f64 / text_len as f64;
    if at < 0.1 {
        1.2
    } else if at >= 0.9 {
        1.1
    } else {
        1.0
    }
}

/// How unusual this rule's density is for the author: `0.5 × (percentile − 50) / 50`, in
/// −0.5…+0.5 (a habit below the author's median softens, one above it stands out).
pub(crate) fn frequency_penalty(percentile: Option<f64>) -> f64 {
    percentile.map_or(0.0, |p| round4(0.5 * (p - 50.0) / 50.0))
}

/// One entry of `severity_adjustments` (seed 001 §8.2.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SeverityAdjustment {
    pub issue_id: String,
    pub code: String,
    pub line: usize,
    /// low 1, medium 2, high 3, critical 4.
    pub base_severity: f64,
    pub position_multiplier: f64,
    pub frequency_penalty: f64,
    /// base × position_multiplier × (1 + frequency_penalty).
    pub adjusted_severity: f64,
    /// round(adjusted_severity), at most one level from the base, within low…critical.
    pub adjusted_level: Severity,
}

/// The adjustment of one finding, given the percentile of its rule's density.
pub(crate) fn adjust(
    f: &Finding,
    text_len: usize,
    density_percentile: Option<f64>,
) -> SeverityAdjustment {
    let base = severity_rank(f.severity);
    let pos = position_multiplier(f.byte_start, text_len);
    let freq = frequency_penalty(density_percentile);
    let adjusted = round4(f64::from(base) * pos * (1.0 + freq));
    let level = (adjusted.round() as i64).clamp(
        i64::from(base.saturating_sub(1).max(1)),
        i64::from((base + 1).min(4)),
    ) as u8;
    SeverityAdjustment {
        issue_id: f.id.clone(),
        code: f.code.clone(),
        line: f.line,
        base_severity: f64::from(base),
        position_multiplier: pos,
        frequency_penalty: freq,
        adjusted_severity: adjusted,
        adjusted_level: severity_of_rank(level),
    }
}

/// The formulas, for `noveler explain statistics` (Japanese).
pub fn explain() -> String {
    let learned: Vec<String> = LEARNED
        .iter()
        .map(|(aspect, name, metric, q, offset, b, _)| {
            format!(
                "   - {aspect}.{name} = p{} of {metric} {:+}（範囲 {}〜{} に収める）",
                (q * 100.0).round(),
                offset,
                b[0],
                b[1]
            )
        })
        .collect();
    format!(
        "コーパス統計（ml_optimization: seed 001 §8 を統計として実装。モデルもAIの判断も使いません）\n\n\
         ※ `check --baseline` の「ベースライン」（受け入れ済みの指摘の一覧）とは別物です。こちらは本文の統計の集まり（corpus_baseline）です。\n\n\
         1. ベースライン: 作者の過去の話（既定: チェックする話より前の話）か、`noveler baseline build DIR` で作ったフォルダの統計。\n   \
         id（corpus_model_id）= テキストのパスと sha256、設定の指紋の sha256 の先頭12桁。{min_texts} 本以上かつ本文 {min_chars} 字以上が必要（未満は QC-ML-003）。\n   \
         見つからない id は QC-ML-001、壊れたファイルは QC-ML-002。check ではどれも標準のしきい値で続行し、metadata.ml_enhancements.fallback に理由を残します。\n\
         2. 指標（テキストごと）: {metrics}、ルールごとの指摘密度（1,000字あたり。1,000字未満は1,000字として）。\n\
         3. パーセンタイル（corpus_baseline_comparison）: {pct}。baseline_score = ベースラインの総合スコアの中央値、relative_score = (総合スコアのパーセンタイル − 50) / 50。\n\
         4. 学習したしきい値（dynamic_thresholds_applied。use_dynamic_thresholds のときだけ適用）: 分位点は線形補間（numpy 既定）。\n{learned}\n   \
         - readability.long_sentence_medium = 学習した long_sentence_low + 元の差（既定 20）\n   \
         上下が逆転した帯（小さなコーパス）は元の値のまま。\n\
         5. 重大度の調整（severity_adjustments。use_dynamic_severity のときだけ適用）: 数値 low 1 / medium 2 / high 3 / critical 4。\n   \
         position_multiplier = 冒頭10%（バイト位置）1.2、末尾10% 1.1、ほか 1.0。\n   \
         frequency_penalty = 0.5 × (そのルールの密度のパーセンタイル − 50) / 50（−0.5〜+0.5）。\n   \
         adjusted_severity = base × position_multiplier × (1 + frequency_penalty)。新しい重大度 = 四捨五入、元から ±1 段まで。適用するとスコアとゲートもこの重大度で計算します。\n\
         6. 重みの最適化（weight_optimization）: `noveler feedback record` で記録した採否（同じ指摘 id は最新のみ）から、ルールごとに\n   \
         optimized_weight = clamp(0.5 + 採用率, 0.5, 1.5)（{min_dec} 件以上の判断があるルールのみ。ほかは 1）。\n   \
         performance_gain = 重み付き採用率 − 単純な採用率（記録済みの判断に対する値）。auto_optimize_weights のとき、ルールの減点に重みを掛けてスコアを計算し直します。\n   \
         {min_dec} 件以上の判断のうち {rej}% 以上を退けたルールには .novelerrc.yaml の変更（rules: CODE: enabled: false）を提案します。\n",
        min_texts = MIN_TEXTS,
        min_chars = MIN_BODY_CHARS,
        metrics = METRICS.join("、"),
        pct = PERCENTILE_DEFINITION,
        learned = learned.join("\n"),
        min_dec = MIN_DECISIONS,
        rej = (REJECT_RATE * 100.0) as u32,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(path: &str, values: &[(&str, f64)], densities: &[(&str, f64)]) -> TextStats {
        TextStats {
            path: path.into(),
            sha256: format!("{path}-sha"),
            values: values.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            densities: densities.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
        }
    }

    #[test]
    fn percentile_rank_is_mid_rank() {
        let v = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(percentile_rank(&v, 0.0), Some(0.0));
        assert_eq!(percentile_rank(&v, 5.0), Some(100.0));
        assert_eq!(percentile_rank(&v, 2.0), Some(37.5));
        assert_eq!(percentile_rank(&v, 2.5), Some(50.0));
        assert_eq!(percentile_rank(&[3.0, 3.0], 3.0), Some(50.0));
        assert_eq!(percentile_rank(&[], 1.0), None);
        assert_eq!(quantile(&v, 0.9), Some(3.7));
    }

    #[test]
    fn too_small_and_id_are_stable() {
        let a = CorpusBaseline::new("x", "fp", vec![stats("a", &[("body_chars", 5000.0)], &[])]);
        assert!(a.too_small().is_some());
        let b = CorpusBaseline::new("y", "fp", a.texts.clone());
        assert_eq!(a.id, b.id);
        assert_eq!(a.id.len(), 12);
        let three: Vec<TextStats> = (0..3)
            .map(|i| stats(&i.to_string(), &[("body_chars", 1000.0)], &[]))
            .collect();
        assert!(CorpusBaseline::new("x", "fp", three).too_small().is_none());
    }

    #[test]
    fn genre_is_part_of_the_id_and_compared_with_the_project() {
        let texts = vec![stats("a", &[("body_chars", 5000.0)], &[])];
        let plain = CorpusBaseline::new("x", "fp", texts.clone());
        let blank = CorpusBaseline::with_genre("x", "fp", Some("  "), texts.clone());
        assert_eq!(plain.id, blank.id);
        assert_eq!(blank.genre, None);
        let fantasy = CorpusBaseline::with_genre("x", "fp", Some("ファンタジー"), texts.clone());
        let sf = CorpusBaseline::with_genre("x", "fp", Some("SF"), texts.clone());
        assert_ne!(fantasy.id, plain.id);
        assert_ne!(fantasy.id, sf.id);
        let one = &texts[0];
        let same = compare(&fantasy, one).with_project_genre(Some("ファンタジー"));
        assert_eq!(same.genre.as_deref(), Some("ファンタジー"));
        assert_eq!(
            (same.genre_match, same.genre_note.is_none()),
            (Some(true), true)
        );
        let other = compare(&sf, one).with_project_genre(Some("ファンタジー"));
        assert_eq!(other.genre_match, Some(false));
        assert!(other.genre_note.unwrap().contains("SF"));
        let unknown = compare(&plain, one).with_project_genre(Some("ファンタジー"));
        assert_eq!(unknown.genre_match, None);
        assert!(unknown.genre_note.unwrap().contains("--genre"));
    }

    #[test]
    fn learned_thresholds_are_clamped_and_reported() {
        let texts = (0..5)
            .map(|i| {
                stats(
                    &format!("t{i}"),
                    &[
                        ("sentence_length_p90", 40.0 + f64::from(i) * 10.0),
                        ("kanji_ratio", 0.30),
                    ],
                    &[],
                )
            })
            .collect();
        let b = CorpusBaseline::new("x", "fp", texts);
        let original = Thresholds::default();
        let (d, t) = learn_thresholds(&b, &original);
        // Median p90 = 60 → inside the bounds; medium keeps its distance of 20.
        assert_eq!(t.long_sentence_low, 60);
        assert_eq!(t.long_sentence_medium, 80);
        let r = &d.thresholds["readability"]["long_sentence_low"];
        assert_eq!((r.original, r.learned), (80.0, 60.0));
        assert_eq!(t.kanji_ratio_min, 0.28);
        assert_eq!(t.kanji_ratio_max, 0.32);
        // Untouched when the baseline has no value for a metric.
        assert_eq!(t.comma_avg_min, original.comma_avg_min);
    }

    #[test]
    fn severity_adjustment_formula() {
        let mut f = Finding {
            id: "0123456789ab".into(),
            code: "DASH_STYLE".into(),
            aspect: crate::analysis::Aspect::Style,
            severity: Severity::Low,
            message: String::new(),
            file: "a.md".into(),
            line: 1,
            column: 1,
            end_line: 1,
            end_column: 1,
            byte_start: 0,
            byte_end: 0,
            excerpt: String::new(),
            suggestion: None,
            fix: None,
        };
        f.byte_start = 0;
        let a = adjust(&f, 100, Some(100.0));
        assert_eq!(a.position_multiplier, 1.2);
        assert_eq!(a.frequency_penalty, 0.5);
        assert_eq!(a.adjusted_severity, 1.8);
        assert_eq!(a.adjusted_level, Severity::Medium);
        f.severity = Severity::Medium;
        f.byte_start = 50;
        let a = adjust(&f, 100, Some(0.0));
        assert_eq!(a.adjusted_severity, 1.0);
        assert_eq!(a.adjusted_level, Severity::Low);
        f.severity = Severity::Critical;
        let a = adjust(&f, 100, Some(100.0));
        assert_eq!(a.adjusted_level, Severity::Critical);
    }
}
