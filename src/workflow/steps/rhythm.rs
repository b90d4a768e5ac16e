//! Step 11 (rhythm and tempo) and the `metadata.rhythm_metrics` / `dialogue_warnings`
//! blocks every step reports (seed 001 §3.2). Rhythm figures use narration sentences only
//! (when `exclude_dialogue_lines`, the default) and the metrics' own helpers, so they agree
//! with the rhythm rules. Dialogue warnings are reference only: they never cost points.

use super::common::{Measured, StepContext};
use crate::analysis::metrics::{
    narration_sentences, runs_where, same_ending_runs, sentence_ending,
};
use crate::analysis::segment::{is_terminator, Document, Sentence};
use crate::analysis::Settings;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A run of consecutive sentences.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SentenceRun {
    pub start_line: usize,
    pub end_line: usize,
    pub sentences: usize,
    pub lengths: Vec<usize>,
    /// The shared ending or punctuation, for ending/punctuation runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shared: Option<String>,
}

/// `metadata.rhythm_metrics`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RhythmBlock {
    pub narration_only: bool,
    pub sentences: usize,
    pub p25: f64,
    pub p50: f64,
    pub p75: f64,
    pub mean: f64,
    pub window_size: usize,
    pub window_in_range_ratio: f64,
    pub short_run_violations: Vec<SentenceRun>,
    pub long_run_violations: Vec<SentenceRun>,
}

/// `metadata.dialogue_warnings` (参考・非減点).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct DialogueWarnings {
    pub same_ending_runs: Vec<SentenceRun>,
    pub punctuation_runs: Vec<SentenceRun>,
    pub ultra_short_runs: Vec<SentenceRun>,
    pub note: String,
}

fn line_of(doc: &Document, s: &Sentence) -> usize {
    doc.paragraphs
        .get(s.paragraph)
        .map(|p| p.line + 1)
        .unwrap_or(0)
}

fn run_of(
    doc: &Document,
    sents: &[&Sentence],
    r: std::ops::Range<usize>,
    shared: Option<String>,
) -> SentenceRun {
    let slice = &sents[r];
    SentenceRun {
        start_line: slice.first().map(|s| line_of(doc, s)).unwrap_or(0),
        end_line: slice.last().map(|s| line_of(doc, s)).unwrap_or(0),
        sentences: slice.len(),
        lengths: slice.iter().map(|s| s.length).collect(),
        shared,
    }
}

pub(crate) fn rhythm_block(
    doc: &Document,
    settings: &Settings,
    metrics: &crate::analysis::Metrics,
) -> RhythmBlock {
    let th = &settings.thresholds;
    let sents = narration_sentences(doc, settings);
    let lengths: Vec<usize> = sents.iter().map(|s| s.length).collect();
    let runs = |pred: &dyn Fn(&usize) -> bool, min: usize| -> Vec<SentenceRun> {
        runs_where(&lengths, pred)
            .into_iter()
            .filter(|r| r.len() >= min.max(1))
            .map(|r| run_of(doc, &sents, r, None))
            .collect()
    };
    let r = &metrics.rhythm;
    RhythmBlock {
        narration_only: settings.exclude_dialogue_lines,
        sentences: r.sentences,
        p25: r.p25,
        p50: r.p50,
        p75: r.p75,
        mean: r.mean,
        window_size: r.window_size,
        window_in_range_ratio: r.window_in_range_ratio,
        short_run_violations: runs(&|&l| l <= th.short_sentence_length, th.short_sentence_run),
        long_run_violations: runs(&|&l| l >= th.long_sentence_length, th.long_sentence_run),
    }
}

fn final_mark(doc: &Document, s: &Sentence) -> Option<char> {
    doc.sentence_text(s)
        .chars()
        .rev()
        .find(|&c| is_terminator(c))
}

/// Reference warnings over dialogue sentences: runs sharing an ending (`ending_run`,
/// default 4, of `ending_chars`), runs ending in the same `！`/`？` (`punctuation_run`,
/// default 3) and runs of ultra-short lines (≤ `ultra_short_max` characters, default 4, for
/// `ultra_short_run`, default 3).
pub(crate) fn dialogue_warnings(
    doc: &Document,
    settings: &Settings,
    params: &Value,
) -> DialogueWarnings {
    let th = &settings.thresholds;
    let num = |k: &str, d: usize| {
        params
            .get(k)
            .and_then(Value::as_u64)
            .map(|x| x as usize)
            .unwrap_or(d)
    };
    let sents: Vec<&Sentence> = doc.sentences.iter().filter(|s| s.dialogue).collect();
    let same_ending_runs = same_ending_runs(doc, &sents, th.ending_chars)
        .into_iter()
        .filter(|r| r.len() >= th.ending_run.max(2))
        .map(|r| {
            let shared = sents
                .get(r.start)
                .map(|s| sentence_ending(doc, s, th.ending_chars).to_string());
            run_of(doc, &sents, r, shared)
        })
        .collect();
    let marks: Vec<Option<char>> = sents.iter().map(|s| final_mark(doc, s)).collect();
    let pmin = num("punctuation_run", 3).max(2);
    let mut punctuation_runs = Vec::new();
    let mut i = 0;
    while i < marks.len() {
        let mut j = i + 1;
        let exclam = matches!(marks[i], Some('！' | '？' | '!' | '?'));
        while exclam && j < marks.len() && marks[j] == marks[i] {
            j += 1;
        }
        if exclam && j - i >= pmin {
            punctuation_runs.push(run_of(doc, &sents, i..j, marks[i].map(String::from)));
        }
        i = j;
    }
    let umax = num("ultra_short_max", 4);
    let umin = num("ultra_short_run", 3).max(2);
    let lengths: Vec<usize> = sents.iter().map(|s| s.length).collect();
    let ultra_short_runs = runs_where(&lengths, |&l| l <= umax)
        .into_iter()
        .filter(|r| r.len() >= umin)
        .map(|r| run_of(doc, &sents, r, None))
        .collect();
    DialogueWarnings {
        same_ending_runs,
        punctuation_runs,
        ultra_short_runs,
        note: "会話文の参考情報です（減点しません）".into(),
    }
}

/// Step 11: the figures of the rhythm rules (whose findings `steps::measure` adds).
pub fn check(cx: &StepContext) -> Measured {
    let mut m = Measured::default();
    let metrics = &cx.analysis.metrics;
    m.detail("rhythm", &metrics.rhythm);
    m.detail("dialogue", &metrics.dialogue);
    m.detail("punctuation", &metrics.punctuation);
    m.detail("endings", &metrics.endings);
    let th = &cx.settings.thresholds;
    m.detail(
        "thresholds",
        serde_json::json!({
            "long_sentence_length": th.long_sentence_length,
            "long_sentence_run": th.long_sentence_run,
            "short_sentence_length": th.short_sentence_length,
            "short_sentence_run": th.short_sentence_run,
            "window": [th.window_min, th.window_max],
            "window_min_in_range_ratio": th.window_min_in_range_ratio,
            "dialogue_ratio": [th.dialogue_ratio_min, th.dialogue_ratio_max],
            "comma_avg": [th.comma_avg_min, th.comma_avg_max],
        }),
    );
    m
}
