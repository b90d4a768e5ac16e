//! Metrics every check reports (SPEC §3). JSON keys are fixed: do not rename fields.
//!
//! Conventions:
//! - Every `f64` in the metrics (ratios, means, percentiles, variation, hook figures) is
//!   rounded to 4 decimals (`round4`), so JSON output is stable across platforms.
//! - A ratio whose denominator is 0 is 0.0, except `window_in_range_ratio`, which is 1.0
//!   when there are fewer sentences than one window (nothing is out of range).
//! - "Rhythm sentences" (`narration_sentences`) are the narration sentences when
//!   `settings.exclude_dialogue_lines` (default), else all sentences. `rhythm` and `endings`
//!   use them, in document order, consecutive across the dialogue paragraphs they skip.
//!   `punctuation` uses all sentences.
//!
//! The helpers below (`narration_sentences`, `sentence_lengths`, `sentence_ending`,
//! `moving_windows`, `window_in_range_ratio`, `runs_where`, `same_ending_runs`, `percentile`)
//! are what the metrics are made of; rules use them so that a finding and the metric it
//! contradicts always agree.

use super::segment::{is_closer, is_space, is_terminator, Document, Sentence};
use super::settings::{LengthSource, Settings};
use serde::{Deserialize, Serialize};
use std::ops::Range;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LengthStats {
    pub body_chars: usize,
    pub target_min: usize,
    pub target_max: usize,
    pub in_range: bool,
    pub source: LengthSource,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct CharacterBalance {
    pub kanji_ratio: f64,
    pub hiragana_ratio: f64,
    pub katakana_ratio: f64,
    pub other_ratio: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct DialogueMetrics {
    pub paragraphs: usize,
    pub dialogue_paragraphs: usize,
    pub dialogue_line_ratio: f64,
    pub dialogue_char_ratio: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RhythmMetrics {
    pub sentences: usize,
    pub short_ratio: f64,
    pub medium_ratio: f64,
    pub long_ratio: f64,
    pub p25: f64,
    pub p50: f64,
    pub p75: f64,
    pub mean: f64,
    pub window_size: usize,
    pub window_in_range_ratio: f64,
    pub short_run_violations: usize,
    pub long_run_violations: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PunctuationMetrics {
    pub commas_per_sentence_avg: f64,
    pub max_commas_in_sentence: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct EndingMetrics {
    pub max_same_ending_run: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ParagraphMetrics {
    pub count: usize,
    pub average_length: f64,
    /// Coefficient of variation (standard deviation / mean) of paragraph lengths.
    pub variation: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SectionMetrics {
    pub count: usize,
    pub lengths: Vec<usize>,
}

/// A documented heuristic, not a judgment (seed 001: a minor peak at 40–60 %, a mini hook at
/// 80–90 %, the main hook at the end). See `hook_assessment` for the method; the `method`
/// field says so in the output.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct HookAssessment {
    pub minor_peak_position_pct: Option<f64>,
    pub mini_hook_position_pct: Option<f64>,
    /// The estimate behind `main_hook_strength`: 0..1 (4 decimals).
    pub main_hook_score: f64,
    /// `weak` (< 0.34), `avg` (< 0.67) or `strong`, from `main_hook_score` (seed 001 §3.2's
    /// weak|avg|strong).
    pub main_hook_strength: String,
    pub method: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Metrics {
    pub length_stats: LengthStats,
    pub character_balance: CharacterBalance,
    pub dialogue: DialogueMetrics,
    pub rhythm: RhythmMetrics,
    pub punctuation: PunctuationMetrics,
    pub endings: EndingMetrics,
    pub paragraphs: ParagraphMetrics,
    pub sections: SectionMetrics,
    pub hook_assessment: HookAssessment,
}

/// Computes every metric of the document under `settings`.
pub fn compute(doc: &Document, settings: &Settings) -> Metrics {
    let th = &settings.thresholds;
    let body = doc.body_chars;

    let target = settings.target_length;
    let length_stats = LengthStats {
        body_chars: body,
        target_min: target.min,
        target_max: target.max,
        in_range: target.min <= body && body <= target.max,
        source: target.source,
    };

    let character_balance = CharacterBalance {
        kanji_ratio: ratio(doc.classes.kanji, body),
        hiragana_ratio: ratio(doc.classes.hiragana, body),
        katakana_ratio: ratio(doc.classes.katakana, body),
        other_ratio: ratio(doc.classes.other, body),
    };

    let dialogue_paragraphs = doc
        .paragraphs
        .iter()
        .filter(|p| p.kind == super::segment::ParagraphKind::Dialogue)
        .count();
    let dialogue = DialogueMetrics {
        paragraphs: doc.paragraphs.len(),
        dialogue_paragraphs,
        dialogue_line_ratio: ratio(dialogue_paragraphs, doc.paragraphs.len()),
        dialogue_char_ratio: ratio(doc.dialogue_chars, body),
    };

    let rhythm_set = narration_sentences(doc, settings);
    let lengths = sentence_lengths(&rhythm_set);
    let n = lengths.len();
    // Buckets: short ≤ short_bucket_max, else long ≥ long_sentence_length, else medium.
    let short = lengths
        .iter()
        .filter(|&&l| l <= th.short_bucket_max)
        .count();
    let long = lengths
        .iter()
        .filter(|&&l| l > th.short_bucket_max && l >= th.long_sentence_length)
        .count();
    let mut sorted = lengths.clone();
    sorted.sort_unstable();
    let windows = moving_windows(&lengths, th.window_size);
    let rhythm = RhythmMetrics {
        sentences: n,
        short_ratio: ratio(short, n),
        medium_ratio: ratio(n - short - long, n),
        long_ratio: ratio(long, n),
        p25: round4(percentile(&sorted, 0.25)),
        p50: round4(percentile(&sorted, 0.50)),
        p75: round4(percentile(&sorted, 0.75)),
        mean: round4(mean(&lengths)),
        window_size: th.window_size,
        window_in_range_ratio: round4(window_in_range_ratio(
            &windows,
            th.window_min,
            th.window_max,
        )),
        short_run_violations: stretch_runs(doc, &rhythm_set, |s| {
            s.length <= th.short_sentence_length
        })
        .iter()
        .filter(|r| r.len() >= th.short_sentence_run.max(1))
        .count(),
        long_run_violations: stretch_runs(doc, &rhythm_set, |s| {
            s.length >= th.long_sentence_length
        })
        .iter()
        .filter(|r| r.len() >= th.long_sentence_run.max(1))
        .count(),
    };

    let all_commas: Vec<usize> = doc.sentences.iter().map(|s| s.commas).collect();
    let punctuation = PunctuationMetrics {
        commas_per_sentence_avg: round4(mean(&all_commas)),
        max_commas_in_sentence: all_commas.iter().copied().max().unwrap_or(0),
    };

    let endings = EndingMetrics {
        max_same_ending_run: same_ending_runs(doc, &rhythm_set, th.ending_chars)
            .iter()
            .map(|r| r.len())
            .max()
            .unwrap_or(0),
    };

    let para_lengths: Vec<usize> = doc.paragraphs.iter().map(|p| p.chars).collect();
    let para_mean = mean(&para_lengths);
    let paragraphs = ParagraphMetrics {
        count: para_lengths.len(),
        average_length: round4(para_mean),
        variation: round4(coefficient_of_variation(&para_lengths)),
    };

    let sections = SectionMetrics {
        count: doc.sections.len(),
        lengths: doc.sections.iter().map(|s| s.body_chars).collect(),
    };

    Metrics {
        length_stats,
        character_balance,
        dialogue,
        rhythm,
        punctuation,
        endings,
        paragraphs,
        sections,
        hook_assessment: hook_assessment(doc, settings),
    }
}

/// `x` rounded to 4 decimals.
pub(crate) fn round4(x: f64) -> f64 {
    if x.is_finite() {
        (x * 10_000.0).round() / 10_000.0
    } else {
        0.0
    }
}

/// `num / den` rounded to 4 decimals; 0.0 when `den` is 0.
pub fn ratio(num: usize, den: usize) -> f64 {
    if den == 0 {
        0.0
    } else {
        round4(num as f64 / den as f64)
    }
}

fn mean(xs: &[usize]) -> f64 {
    if xs.is_empty() {
        0.0
    } else {
        xs.iter().map(|&x| x as f64).sum::<f64>() / xs.len() as f64
    }
}

/// Population standard deviation / mean; 0.0 for no values or a zero mean.
fn coefficient_of_variation(xs: &[usize]) -> f64 {
    let m = mean(xs);
    if m == 0.0 {
        return 0.0;
    }
    let var = xs
        .iter()
        .map(|&x| {
            let d = x as f64 - m;
            d * d
        })
        .sum::<f64>()
        / xs.len() as f64;
    var.sqrt() / m
}

/// The sentences rhythm metrics and rhythm rules look at, in document order: narration
/// sentences when `settings.exclude_dialogue_lines` (default), else every sentence.
pub(crate) fn narration_sentences<'d>(doc: &'d Document, settings: &Settings) -> Vec<&'d Sentence> {
    doc.sentences
        .iter()
        .filter(|s| {
            let furniture = doc.paragraphs[s.paragraph].kind.is_furniture();
            !(furniture || settings.exclude_dialogue_lines && s.dialogue)
        })
        .collect()
}

/// Lengths (SPEC §2.5) of `sentences`.
pub(crate) fn sentence_lengths(sentences: &[&Sentence]) -> Vec<usize> {
    sentences.iter().map(|s| s.length).collect()
}

/// Percentile `p` (0..=1) of sorted values by linear interpolation between closest ranks
/// (rank = p·(n−1), as numpy's default); 0.0 for no values.
pub fn percentile(sorted: &[usize], p: f64) -> f64 {
    match sorted.len() {
        0 => 0.0,
        1 => sorted[0] as f64,
        n => {
            let rank = p.clamp(0.0, 1.0) * (n - 1) as f64;
            let lo = rank.floor() as usize;
            let hi = (lo + 1).min(n - 1);
            let frac = rank - lo as f64;
            sorted[lo] as f64 + (sorted[hi] as f64 - sorted[lo] as f64) * frac
        }
    }
}

/// Averages of every window of `size` consecutive values (`values.len() − size + 1` of them;
/// none when there are fewer values than `size` or `size` is 0). Window `i` covers
/// `values[i..i + size]`.
pub(crate) fn moving_windows(values: &[usize], size: usize) -> Vec<f64> {
    if size == 0 || values.len() < size {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(values.len() - size + 1);
    let mut sum: usize = values[..size].iter().sum();
    out.push(sum as f64 / size as f64);
    for i in size..values.len() {
        sum = sum + values[i] - values[i - size];
        out.push(sum as f64 / size as f64);
    }
    out
}

/// Share of windows whose average lies in `[min, max]`; 1.0 when there is no window.
pub fn window_in_range_ratio(windows: &[f64], min: f64, max: f64) -> f64 {
    if windows.is_empty() {
        return 1.0;
    }
    let inside = windows.iter().filter(|&&w| min <= w && w <= max).count();
    inside as f64 / windows.len() as f64
}

/// Maximal runs of consecutive items satisfying `pred`, as index ranges into `items`.
pub(crate) fn runs_where<T>(items: &[T], pred: impl Fn(&T) -> bool) -> Vec<Range<usize>> {
    let mut runs = Vec::new();
    let mut start = None;
    for (i, item) in items.iter().enumerate() {
        match (pred(item), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                runs.push(s..i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        runs.push(s..items.len());
    }
    runs
}

/// The last `n` displayed characters of a sentence, after dropping trailing whitespace,
/// terminators (`。！？!?`) and closing brackets/quotes (`」』）)】〉》〕”’"'`). Fewer than `n`
/// when the sentence is shorter; empty when nothing is left.
pub(crate) fn sentence_ending<'d>(doc: &'d Document, s: &Sentence, n: usize) -> &'d str {
    let text = doc
        .display
        .get(s.display.clone())
        .unwrap_or("")
        .trim_end_matches(|c: char| is_space(c) || is_terminator(c) || is_closer(c));
    let start = text
        .char_indices()
        .rev()
        .nth(n.saturating_sub(1))
        .map(|(i, _)| i)
        .unwrap_or(0);
    if n == 0 {
        ""
    } else {
        &text[start..]
    }
}

/// Where a run of sentences is broken (issue 31): by a heading, a scene break, a dialogue
/// paragraph or furniture — the paragraphs' stretches (`structure`). Shared by the
/// character and the word comparison of endings and by the runs of long and short sentences.
pub(crate) struct DialogueBreaks {
    /// The stretch of each paragraph.
    stretch: Vec<usize>,
}

impl DialogueBreaks {
    pub(crate) fn new(doc: &Document) -> Self {
        DialogueBreaks {
            stretch: doc.paragraphs.iter().map(|p| p.stretch).collect(),
        }
    }

    /// Between sentences of paragraphs a and b: they are not in one stretch.
    pub(crate) fn crosses(&self, a: usize, b: usize) -> bool {
        a != b && self.stretch.get(a) != self.stretch.get(b)
    }
}

/// Maximal runs of consecutive `sentences` satisfying `pred`, each within one stretch of
/// prose (a heading, a scene break, dialogue or furniture ends a run: `DialogueBreaks`).
pub(crate) fn stretch_runs(
    doc: &Document,
    sentences: &[&Sentence],
    pred: impl Fn(&Sentence) -> bool,
) -> Vec<Range<usize>> {
    let breaks = DialogueBreaks::new(doc);
    let mut out = Vec::new();
    for run in runs_where(sentences, |s| pred(s)) {
        let mut start = run.start;
        for i in run.start + 1..run.end {
            if breaks.crosses(sentences[i - 1].paragraph, sentences[i].paragraph) {
                out.push(start..i);
                start = i;
            }
        }
        out.push(start..run.end);
    }
    out
}

/// Maximal runs (length ≥ 1) of consecutive `sentences` sharing the same non-empty ending of
/// `n` characters (`sentence_ending`), as index ranges into `sentences`. Sentences with an
/// empty ending are in no run, and a run stops at a dialogue paragraph (an exchange of lines
/// between two narration sentences breaks the monotony the rule is about): it never spans a
/// dialogue paragraph, nor goes on from narration into dialogue or back.
pub(crate) fn same_ending_runs(
    doc: &Document,
    sentences: &[&Sentence],
    n: usize,
) -> Vec<Range<usize>> {
    let breaks = DialogueBreaks::new(doc);
    let crosses = |a: usize, b: usize| breaks.crosses(a, b);
    let mut runs = Vec::new();
    let mut start = 0;
    let mut prev: &str = "";
    let mut prev_paragraph = 0;
    for (i, s) in sentences.iter().enumerate() {
        let e = sentence_ending(doc, s, n);
        if e.is_empty() || e != prev || crosses(prev_paragraph, s.paragraph) {
            if !prev.is_empty() {
                runs.push(start..i);
            }
            start = i;
        }
        prev = e;
        prev_paragraph = s.paragraph;
    }
    if !prev.is_empty() {
        runs.push(start..sentences.len());
    }
    runs
}

/// The tension score of one sentence used by `hook_assessment`: the number of `！？!?`,
/// plus one per pair of `…` or `―`, plus one when the sentence is short
/// (≤ `short_sentence_length`).
pub(crate) fn tension(doc: &Document, s: &Sentence, short_len: usize) -> usize {
    let text = doc.display.get(s.display.clone()).unwrap_or("");
    let mut marks = 0;
    let mut ellipsis = 0;
    let mut dashes = 0;
    for c in text.chars() {
        match c {
            '！' | '？' | '!' | '?' => marks += 1,
            '…' => ellipsis += 1,
            '―' => dashes += 1,
            _ => {}
        }
    }
    marks + ellipsis / 2 + dashes / 2 + usize::from(s.length <= short_len)
}

/// A deterministic heuristic, not a judgment of quality. Every sentence (dialogue included)
/// gets a `tension` score and a position: the percentage of all sentence characters up to its
/// middle. Scores are summed over a centred window of `window_size` sentences. The minor
/// peak is the position of the highest window sum among sentences positioned in 25–75 %,
/// the mini hook the same in 70–95 % (earliest on ties; `None` when no sentence lies there).
/// `main_hook_score` = mean tension of the last `window_size` sentences divided by twice
/// the document's mean tension, capped at 1 (0 when the document has no tension at all).
pub fn hook_assessment(doc: &Document, settings: &Settings) -> HookAssessment {
    let th = &settings.thresholds;
    let w = th.window_size.max(1);
    let scores: Vec<usize> = doc
        .sentences
        .iter()
        .map(|s| tension(doc, s, th.short_sentence_length))
        .collect();
    let total_len: usize = doc.sentences.iter().map(|s| s.length + 1).sum();
    let mut positions = Vec::with_capacity(scores.len());
    let mut acc = 0usize;
    for s in &doc.sentences {
        let l = s.length + 1;
        positions.push(if total_len == 0 {
            0.0
        } else {
            (acc as f64 + l as f64 / 2.0) * 100.0 / total_len as f64
        });
        acc += l;
    }
    // Centred window sums via prefix sums.
    let mut prefix = Vec::with_capacity(scores.len() + 1);
    prefix.push(0usize);
    for &t in &scores {
        prefix.push(prefix[prefix.len() - 1] + t);
    }
    let half = w / 2;
    let window_sum = |i: usize| {
        let lo = i.saturating_sub(half);
        let hi = (lo + w).min(scores.len());
        prefix[hi] - prefix[lo]
    };
    let peak_in = |from: f64, to: f64| -> Option<f64> {
        let mut best: Option<(usize, f64)> = None;
        for (i, &pos) in positions.iter().enumerate() {
            if pos >= from && pos < to {
                let v = window_sum(i);
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, pos));
                }
            }
        }
        best.map(|(_, pos)| round4(pos))
    };
    let doc_mean = if scores.is_empty() {
        0.0
    } else {
        prefix[scores.len()] as f64 / scores.len() as f64
    };
    let tail = scores.len().min(w);
    let tail_mean = if tail == 0 {
        0.0
    } else {
        (prefix[scores.len()] - prefix[scores.len() - tail]) as f64 / tail as f64
    };
    let strength = if doc_mean > 0.0 {
        round4((tail_mean / (2.0 * doc_mean)).min(1.0))
    } else {
        0.0
    };
    let level = if strength < 0.34 {
        "weak"
    } else if strength < 0.67 {
        "avg"
    } else {
        "strong"
    };
    HookAssessment {
        minor_peak_position_pct: peak_in(25.0, 75.0),
        mini_hook_position_pct: peak_in(70.0, 95.0),
        main_hook_score: strength,
        main_hook_strength: level.to_string(),
        method: format!(
            "heuristic, not a judgment: per-sentence tension = count of ！？!? + pairs of …/― \
             + 1 if length <= {short}; summed over a centred window of {w} sentences; minor \
             peak = highest window in 25-75% of the text, mini hook = highest in 70-95%; main \
             hook strength = mean tension of the last {w} sentences / (2 x document mean), \
             capped at 1",
            short = th.short_sentence_length
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_interpolate_linearly() {
        let v = [1, 2, 3, 4];
        assert_eq!(percentile(&v, 0.25), 1.75);
        assert_eq!(percentile(&v, 0.5), 2.5);
        assert_eq!(percentile(&v, 0.75), 3.25);
        assert_eq!(percentile(&[7], 0.25), 7.0);
        assert_eq!(percentile(&[], 0.5), 0.0);
    }

    #[test]
    fn windows_and_runs() {
        assert_eq!(moving_windows(&[1, 2, 3, 4], 2), vec![1.5, 2.5, 3.5]);
        assert!(moving_windows(&[1, 2], 3).is_empty());
        assert!(moving_windows(&[1, 2], 0).is_empty());
        assert_eq!(window_in_range_ratio(&[1.0, 5.0, 9.0, 10.0], 5.0, 9.0), 0.5);
        assert_eq!(window_in_range_ratio(&[], 5.0, 9.0), 1.0);
        assert_eq!(runs_where(&[1, 5, 5, 1, 5], |&x| x > 2), vec![1..3, 4..5]);
        assert!(runs_where::<usize>(&[], |_| true).is_empty());
    }

    #[test]
    fn rounding() {
        assert_eq!(round4(1.0 / 3.0), 0.3333);
        assert_eq!(ratio(2, 3), 0.6667);
        assert_eq!(ratio(1, 0), 0.0);
        assert_eq!(round4(f64::NAN), 0.0);
    }

    #[test]
    fn sentence_endings_skip_terminators_and_closers() {
        let doc = Document::parse("彼は行った。\n「行くぞ！」\nそうだ\n！\n");
        let e: Vec<&str> = doc
            .sentences
            .iter()
            .map(|s| sentence_ending(&doc, s, 2))
            .collect();
        assert_eq!(e, vec!["った", "くぞ", "うだ", ""]);
        assert_eq!(sentence_ending(&doc, &doc.sentences[0], 10), "彼は行った");
        assert_eq!(sentence_ending(&doc, &doc.sentences[0], 0), "");
    }

    #[test]
    fn same_ending_runs_are_maximal() {
        let doc = Document::parse("走った。笑った。泣いた。見た。\n");
        let all: Vec<&Sentence> = doc.sentences.iter().collect();
        assert_eq!(same_ending_runs(&doc, &all, 2), vec![0..2, 2..3, 3..4]);
        assert_eq!(same_ending_runs(&doc, &all, 1), vec![0..4]);
    }

    #[test]
    fn same_ending_runs_stop_at_a_heading_and_a_scene_break() {
        let text = "　走った。笑った。\n## 二\n　書いた。\n\n＊＊＊\n\n　抜いた。\n";
        let doc = Document::parse(text);
        let all: Vec<&Sentence> = doc.sentences.iter().collect();
        assert_eq!(all.len(), 4);
        assert_eq!(same_ending_runs(&doc, &all, 1), vec![0..2, 2..3, 3..4]);
    }

    #[test]
    fn same_ending_runs_stop_at_a_dialogue_paragraph() {
        let doc = Document::parse("　走った。笑った。\n「行くぞ」\n　泣いた。見た。\n　言った。\n");
        let narration = narration_sentences(&doc, &settings());
        assert_eq!(narration.len(), 5);
        assert_eq!(
            same_ending_runs(&doc, &narration, 2),
            vec![0..2, 2..3, 3..4, 4..5]
        );
        assert_eq!(same_ending_runs(&doc, &narration, 1), vec![0..2, 2..5]);
    }

    fn settings() -> Settings {
        Settings::default()
    }

    #[test]
    fn compute_on_a_small_text() {
        // Narration: 5 sentences of length 3 (a short run), one of 50 (long), one of 9.
        let long = "あ".repeat(50);
        let text = format!(
            "　一つだ。二つだ。三つだ。四つだ。五つだ。\n「台詞、です。」\n　{long}。\n\n\n　終、わ、り、だ、よ。\n"
        );
        let doc = Document::parse(&text);
        let m = compute(&doc, &settings());
        assert_eq!(m.dialogue.paragraphs, 4);
        assert_eq!(m.dialogue.dialogue_paragraphs, 1);
        assert_eq!(m.dialogue.dialogue_line_ratio, 0.25);
        // Narration only: 7 sentences.
        assert_eq!(m.rhythm.sentences, 7);
        let lengths: Vec<usize> = narration_sentences(&doc, &settings())
            .iter()
            .map(|s| s.length)
            .collect();
        assert_eq!(lengths, vec![3, 3, 3, 3, 3, 50, 9]);
        assert_eq!(m.rhythm.short_ratio, round4(6.0 / 7.0));
        assert_eq!(m.rhythm.long_ratio, round4(1.0 / 7.0));
        assert_eq!(m.rhythm.medium_ratio, 0.0);
        assert_eq!(m.rhythm.p25, 3.0);
        assert_eq!(m.rhythm.p50, 3.0);
        assert_eq!(m.rhythm.p75, 6.0);
        assert_eq!(m.rhythm.mean, round4(74.0 / 7.0));
        assert_eq!(m.rhythm.short_run_violations, 1);
        assert_eq!(m.rhythm.long_run_violations, 0);
        // Windows of 5: [3,3,3,3,3]=3, [3,3,3,3,50]=12.4, [3,3,3,50,9]=13.6: none in 18..70.
        assert_eq!(m.rhythm.window_in_range_ratio, 0.0);
        assert_eq!(m.endings.max_same_ending_run, 5);
        // Punctuation over all 8 sentences: 1 + 4 commas.
        assert_eq!(m.punctuation.max_commas_in_sentence, 4);
        assert_eq!(m.punctuation.commas_per_sentence_avg, 0.625);
        assert_eq!(m.sections.count, 2);
        assert_eq!(m.sections.lengths, vec![20 + 8 + 51, 10]);
        assert_eq!(m.length_stats.body_chars, 89);
        assert!(!m.length_stats.in_range);
        assert_eq!(m.length_stats.source, LengthSource::Default);
        assert_eq!(m.dialogue.dialogue_char_ratio, ratio(6, 89));
        let sum = m.character_balance.kanji_ratio
            + m.character_balance.hiragana_ratio
            + m.character_balance.katakana_ratio
            + m.character_balance.other_ratio;
        assert!((sum - 1.0).abs() < 0.001);
        assert_eq!(m.paragraphs.count, 4);
        assert_eq!(m.paragraphs.average_length, 22.25);
        assert!(m.hook_assessment.method.starts_with("heuristic"));
    }

    #[test]
    fn dialogue_sentences_count_when_not_excluded() {
        let doc = Document::parse("「台詞。」\n地の文。\n");
        let mut s = settings();
        assert_eq!(compute(&doc, &s).rhythm.sentences, 1);
        s.exclude_dialogue_lines = false;
        assert_eq!(compute(&doc, &s).rhythm.sentences, 2);
    }

    #[test]
    fn long_runs_count_maximal_runs() {
        let long = format!("{}。", "あ".repeat(45));
        let text = format!("{l}{l}{l}短い。{l}{l}{l}{l}\n", l = long);
        let doc = Document::parse(&text);
        let m = compute(&doc, &settings());
        assert_eq!(m.rhythm.long_run_violations, 2);
        assert_eq!(m.rhythm.long_ratio, round4(7.0 / 8.0));
    }

    #[test]
    fn empty_document_has_zero_metrics() {
        let doc = Document::parse("");
        let m = compute(&doc, &settings());
        assert_eq!(m.length_stats.body_chars, 0);
        assert_eq!(m.rhythm.sentences, 0);
        assert_eq!(m.rhythm.window_in_range_ratio, 1.0);
        assert_eq!(m.sections.count, 0);
        assert_eq!(m.hook_assessment.minor_peak_position_pct, None);
        assert_eq!(m.hook_assessment.main_hook_score, 0.0);
        assert_eq!(m.hook_assessment.main_hook_strength, "weak");
    }

    #[test]
    fn hook_finds_a_late_peak() {
        let mut text = String::new();
        for i in 0..20 {
            if i == 17 {
                text.push_str("　なんだと！？　まさか――！\n");
            } else {
                text.push_str("　彼はゆっくりと歩いて家まで帰っていった。\n");
            }
        }
        text.push_str("　そして、扉が開いた――！？\n");
        let doc = Document::parse(&text);
        let h = hook_assessment(&doc, &settings());
        let mini = h.mini_hook_position_pct.unwrap();
        assert!((70.0..95.0).contains(&mini), "{mini}");
        assert!(h.main_hook_score > 0.5, "{}", h.main_hook_score);
        assert_ne!(h.main_hook_strength, "weak");
    }
}
