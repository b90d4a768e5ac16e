//! Metrics every check reports (SPEC §3). JSON keys are fixed: do not rename fields.

use super::segment::Document;
use super::settings::{LengthSource, Settings};
use serde::{Deserialize, Serialize};

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

/// A documented heuristic, not a judgment: positions (in % of body_chars) of the strongest
/// local peaks of "tension markers" (！？, ――, ……, short sentences); `main_hook_strength`
/// in 0..1 from the final section's markers. `method` says so in the output.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct HookAssessment {
    pub minor_peak_position_pct: Option<f64>,
    pub mini_hook_position_pct: Option<f64>,
    pub main_hook_strength: f64,
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
    let _ = (doc, settings);
    todo!("metrics")
}
