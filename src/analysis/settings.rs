//! Resolved analysis settings: preset defaults (`narou`) with `.novelerrc.yaml` overrides
//! already folded in by `project`. Parsing the YAML is `project`'s job; the types here
//! only describe the shape (`deny_unknown_fields`, so a typo in a key is an error that names
//! the key).

use super::{Applicability, Aspect, Severity};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A preset: rule defaults for a kind of writing (issue 13). User settings (`rules:`,
/// `thresholds:`) override it.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Preset {
    /// Web novels (なろう・カクヨム): the defaults of SPEC §4.
    #[default]
    Narou,
    /// Literary prose (the default for Aozora Bunko files): the web-novel targets (dialogue
    /// ratio, kanji ratio, mean commas, sentence-length windows, episode length unless one is
    /// configured), the web novel's readability measures (long sentences, 読点 per sentence,
    /// kanji runs, repeated endings), its narration norms (い抜き, mixed です/だ, の chains,
    /// がが, mixed digit widths), the rhetorical devices it asks to plain (二重否定, a
    /// conjunction repeated at adjacent sentence starts) and modern typesetting conventions
    /// (no 。 before 」, a space after ！？) are not checked. The slips of any genre are:
    /// typos, misconversions, brackets, doubled words, ら抜き, 二重敬語, 重言 and 表記ゆれ
    /// (issue 31).
    Literary,
}

impl Preset {
    pub fn as_str(self) -> &'static str {
        match self {
            Preset::Narou => "narou",
            Preset::Literary => "literary",
        }
    }

    /// Whether rule `code` runs by default under this preset.
    pub(crate) fn enables(self, code: &str, length_configured: bool) -> bool {
        match self {
            Preset::Narou => true,
            Preset::Literary => match code {
                "DIALOGUE_RATIO_OUT_OF_RANGE"
                | "KANJI_RATIO_OUT_OF_RANGE"
                | "COMMA_AVG_OUT_OF_RANGE"
                | "WINDOW_OUT_OF_RANGE"
                | "PERIOD_BEFORE_CLOSE"
                | "EXCLAMATION_SPACE" => false,
                // Modern web-novel norms for narration, not conventions of older literary
                // prose: colloquial い抜き and mixed です/だ narration are the author's voice
                // there (Soseki, Dazai), and の chains and concessive がが its rhythm; judged
                // on the corpus, nearly all of these findings were style, not slips.
                "I_NUKI" | "POLITE_STYLE_MIXED" | "NO_CHAIN" | "DOUBLED_GA"
                | "DIGIT_WIDTH_MIXED" => false,
                // Likewise a 読点 after the first of two が/は (おれは、お世辞は嫌いだと):
                // Soseki's narration leaves it out as a matter of course.
                "REPEATED_CASE_PARTICLE" => false,
                // 送り仮名 of a public-domain text are its era's: 新らしい, 少い, 懐しい were the
                // norm of Soseki's day (186 of the corpus's 190 findings were such spellings, none
                // a slip). NOTATION_INCONSISTENCY stays on: one word written two ways is a slip
                // in any genre (issue 31 item 6).
                "OKURIGANA_ERROR" => false,
                // Devices of the literary sentence rather than slips: the hedging 二重否定
                // (ないでもない, ないとは限らない) and an anaphoric そして…そして / また…また.
                // All nine corpus findings were deliberate (Soseki, Nakajima, Dazai,
                // Miyazawa); a web-novel editor asks for the plain form, so `narou` keeps them.
                "DOUBLE_NEGATIVE" | "REPEATED_CONJUNCTION" => false,
                // The web novel's readability measures (short sentences, few 読点, no long
                // kanji runs, varied endings, for reading on a phone). In literary prose they
                // count the author's style: of the corpus's findings these were 1,700 of
                // 1,800, and none sampled was worth an editor's note (Akutagawa's 読点,
                // Soseki's た narration and 南無阿弥陀仏, Dazai's 400-character sentences).
                "LONG_SENTENCE"
                | "COMMA_OVERUSE"
                | "CONSECUTIVE_LONG_SENTENCES"
                | "CONSECUTIVE_SHORT_SENTENCES"
                | "HIGH_AVG_SENTENCE_LENGTH"
                | "KANJI_RUN"
                | "ENDING_REPETITION" => false,
                // Issue 30's readability helpers (a long sentence without a 読点, こそあど
                // crowded, an adverb repeated) are web-novel measures of the same kind; and
                // 〜たり on each action is a modern norm that Soseki's and Miyazawa's
                // narration does not keep (歌ったり、踊って).
                "LONG_SENTENCE_NO_COMMA"
                | "DEMONSTRATIVE_OVERUSE"
                | "ADVERB_REPETITION"
                | "TARI_INCOMPLETE" => false,
                "LENGTH_OUT_OF_RANGE" => length_configured,
                _ => true,
            },
        }
    }
}

/// Why a preset is the one in force (reported with each checked file, issue 31).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum PresetReason {
    /// Nothing chose one: `narou`, the default for manuscripts.
    #[default]
    Default,
    /// `preset:` in `.novelerrc.yaml` (or the config given with `--config`).
    Config,
    /// `--preset` on the command line (or the tool's `preset` argument).
    Flag,
    /// The file is an Aozora Bunko text (its header or 底本 footer was found) and nothing
    /// chose a preset: `literary`.
    AozoraFrame,
}

impl PresetReason {
    /// How the text output names the reason.
    pub fn describe(self) -> &'static str {
        match self {
            PresetReason::Default => "既定",
            PresetReason::Config => "設定ファイルで指定",
            PresetReason::Flag => "--preset で指定",
            PresetReason::AozoraFrame => "青空文庫の書式を検出",
        }
    }
}

/// The preset a file was checked with, and why.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct PresetUsed {
    pub name: Preset,
    pub reason: PresetReason,
}

/// Where the target length came from (reported in `length_stats.source`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LengthSource {
    ProjectConfig,
    Override,
    Default,
}

/// The length of a なろう/カクヨム episode (seed 000: 目標文字数 4000): `init`'s default target,
/// with a band from half of it to one and a half times it (2,000–6,000), also the band of a
/// project that sets none.
pub const DEFAULT_TARGET_LENGTH: usize = 4000;

/// The band `init` sets around a target: half of it to one and a half times it.
pub fn band_around(target: usize) -> (usize, usize) {
    (target / 2, target.saturating_add(target / 2))
}

/// The largest `max` a target band may name: a million characters, some 250 episodes of a
/// web novel in one file (a manuscript over 16 MiB is not read at all).
pub const TARGET_LENGTH_LIMIT: usize = 1_000_000;

/// Why `min`–`max` is no usable target band (Japanese, naming both ends and the allowed
/// range), or `None` when 1 ≤ min < max ≤ `TARGET_LENGTH_LIMIT`. The one rule for every
/// place a band is set (project config, tool config, `init`).
pub fn target_band_problem(min: usize, max: usize) -> Option<String> {
    if min == 0 {
        Some(format!(
            "min は 1 以上にしてください（{min}。1〜{TARGET_LENGTH_LIMIT} の整数で、min < max）"
        ))
    } else if min >= max {
        Some(format!("min（{min}）が max（{max}）以上になっています"))
    } else if max > TARGET_LENGTH_LIMIT {
        Some(format!(
            "max（{max}）が大きすぎます（上限 {TARGET_LENGTH_LIMIT} 文字）"
        ))
    } else {
        None
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct TargetLength {
    pub min: usize,
    pub max: usize,
    pub source: LengthSource,
}

impl Default for TargetLength {
    fn default() -> Self {
        TargetLength {
            min: band_around(DEFAULT_TARGET_LENGTH).0,
            max: band_around(DEFAULT_TARGET_LENGTH).1,
            source: LengthSource::Default,
        }
    }
}

/// Numeric thresholds of the rules (SPEC §4). Every field may be set in `.novelerrc.yaml`
/// under `thresholds:`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Thresholds {
    /// CONSECUTIVE_LONG_SENTENCES: a sentence this long or longer counts as long.
    pub long_sentence_length: usize,
    /// CONSECUTIVE_LONG_SENTENCES: this many long sentences in a row fire the rule.
    pub long_sentence_run: usize,
    /// CONSECUTIVE_SHORT_SENTENCES: a sentence this short or shorter counts as short.
    pub short_sentence_length: usize,
    pub short_sentence_run: usize,
    /// DIALOGUE_RATIO_OUT_OF_RANGE: accepted dialogue_line_ratio band.
    pub dialogue_ratio_min: f64,
    pub dialogue_ratio_max: f64,
    /// ENDING_REPETITION: run length and how many final characters make "the same ending".
    pub ending_run: usize,
    pub ending_chars: usize,
    /// COMMA_AVG_OUT_OF_RANGE band and COMMA_OVERUSE limit per sentence.
    pub comma_avg_min: f64,
    pub comma_avg_max: f64,
    pub comma_max_per_sentence: usize,
    /// WINDOW_OUT_OF_RANGE: moving-average window over narration sentence lengths.
    pub window_size: usize,
    pub window_min: f64,
    pub window_max: f64,
    pub window_min_in_range_ratio: f64,
    /// LONG_SENTENCE: low above the first, medium above the second.
    pub long_sentence_low: usize,
    pub long_sentence_medium: usize,
    /// HIGH_AVG_SENTENCE_LENGTH.
    pub max_avg_sentence_length: f64,
    /// KANJI_RATIO_OUT_OF_RANGE band and KANJI_RUN limit.
    pub kanji_ratio_min: f64,
    pub kanji_ratio_max: f64,
    pub kanji_run_max: usize,
    /// EMPTY_LINE_RUNS: more than this many consecutive empty lines fire.
    pub max_empty_lines: usize,
    /// Rhythm distribution buckets (metrics only): short ≤ this, long ≥ `long_sentence_length`.
    pub short_bucket_max: usize,
}

impl Default for Thresholds {
    /// Preset `narou`.
    fn default() -> Self {
        Thresholds {
            long_sentence_length: 45,
            long_sentence_run: 3,
            short_sentence_length: 10,
            short_sentence_run: 5,
            dialogue_ratio_min: 0.40,
            dialogue_ratio_max: 0.75,
            ending_run: 4,
            ending_chars: 2,
            comma_avg_min: 0.6,
            comma_avg_max: 1.6,
            comma_max_per_sentence: 3,
            window_size: 5,
            window_min: 18.0,
            window_max: 70.0,
            window_min_in_range_ratio: 0.85,
            long_sentence_low: 80,
            long_sentence_medium: 100,
            max_avg_sentence_length: 50.0,
            kanji_ratio_min: 0.20,
            kanji_ratio_max: 0.40,
            kanji_run_max: 6,
            max_empty_lines: 2,
            short_bucket_max: 20,
        }
    }
}

/// Per-code switch and severity override.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleOverride {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub severity: Option<Severity>,
}

/// One typo dictionary entry: `wrong` is reported and fixed to `right`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct TypoEntry {
    pub wrong: String,
    pub right: String,
}

/// A 表記ゆれ pair: using both spellings in one file is reported.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct NotationPair {
    pub a: String,
    pub b: String,
}

/// Everything the analysis needs, fully resolved. `Settings::default()` is preset `narou`
/// with the embedded dictionaries.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Settings {
    pub preset: String,
    /// The preset was chosen (config or `--preset`); otherwise an Aozora Bunko file is read
    /// with `literary`.
    pub preset_explicit: bool,
    /// Why `preset` is the one in force (`Default` until something chooses one).
    pub preset_reason: PresetReason,
    /// Rhythm metrics and rhythm rules look at narration sentences only.
    pub exclude_dialogue_lines: bool,
    pub target_length: TargetLength,
    pub thresholds: Thresholds,
    /// Keyed by rule code.
    pub rules: BTreeMap<String, RuleOverride>,
    /// FORBIDDEN_EXPRESSION phrases (config + 執筆品質ルール.yaml).
    pub forbidden_expressions: Vec<String>,
    /// The word lists are shared (`Arc`): a config that edits one edits its own copy
    /// (`Arc::make_mut`).
    pub typos: Arc<Vec<TypoEntry>>,
    pub notation_pairs: Arc<Vec<NotationPair>>,
    /// The house style for 表記ゆれ: preferred spellings (`.novelerrc.yaml`
    /// `notation_preferences`, the style guide's 表記.ひらく語 / 表記.閉じる語).
    pub notation_preferences: Vec<String>,
    /// TAUTOLOGY (重言) phrases → suggested wording (`wrong` → `right`).
    pub tautologies: Arc<Vec<TypoEntry>>,
    /// REDUNDANT_EXPRESSION (冗長表現) phrases → shorter wording.
    pub redundant_expressions: Arc<Vec<TypoEntry>>,
    /// HOMOPHONE_MISCONVERSION collocation patterns → right word (`wrong` is the pattern).
    pub homophones: Arc<Vec<TypoEntry>>,
    /// IDIOM_MISUSE patterns → right word.
    pub idioms: Arc<Vec<TypoEntry>>,
    /// WORD_MISUSE patterns → right word.
    pub word_misuses: Arc<Vec<TypoEntry>>,
    /// OKURIGANA_ERROR spellings → right spelling.
    pub okurigana: Arc<Vec<TypoEntry>>,
    /// Only these aspects are checked (all when empty).
    pub aspects: Vec<Aspect>,
    /// Aspect weights for the overall score (multiply each aspect's penalty); an aspect not
    /// listed weighs `score::DEFAULT_ASPECT_WEIGHT` (1).
    pub weights: BTreeMap<Aspect, f64>,
    /// Highest fix level `polish` applies by default.
    pub fix_level: Applicability,
    /// Words written as meant (names, coined terms; `.novelerrc.yaml` `accepted_words`): a
    /// finding whose flagged text lies inside one is not reported (`accept`).
    pub accepted_words: Vec<String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            preset: "narou".into(),
            preset_explicit: false,
            preset_reason: PresetReason::Default,
            exclude_dialogue_lines: true,
            target_length: TargetLength::default(),
            thresholds: Thresholds::default(),
            rules: BTreeMap::new(),
            forbidden_expressions: Vec::new(),
            typos: super::dictionaries::default_typos(),
            notation_pairs: super::dictionaries::default_notation_pairs(),
            notation_preferences: Vec::new(),
            tautologies: super::dictionaries::default_tautologies(),
            redundant_expressions: super::dictionaries::default_redundant_expressions(),
            homophones: super::dictionaries::default_homophones(),
            idioms: super::dictionaries::default_idioms(),
            word_misuses: super::dictionaries::default_word_misuses(),
            okurigana: super::dictionaries::default_okurigana(),
            aspects: Vec::new(),
            weights: BTreeMap::new(),
            fix_level: Applicability::Safe,
            accepted_words: Vec::new(),
        }
    }
}

/// Rules that run only when enabled in the config (`rules: {CODE: {enabled: true}}`):
/// their findings on the corpus were judged too often not worth an author's time to be on
/// by default (docs/DECISIONS.md).
/// REPEATED_CASE_PARTICLE was one until it was narrowed to two noun phrases in a row
/// (2026-11-28). DEMONSTRATIVE_OVERUSE (issue 30): three こそあど in two sentences is most
/// often plain narration (それが、この国で…。その剣は…); of its 220 corpus findings under
/// `narou` about a quarter were worth a note (docs/DECISIONS.md).
pub const OPT_IN_RULES: &[&str] = &["DEMONSTRATIVE_OVERUSE"];

impl Settings {
    /// Whether rule `code` of `aspect` runs under these settings.
    pub(crate) fn is_enabled(&self, code: &str, aspect: Aspect) -> bool {
        if !self.aspects.is_empty() && !self.aspects.contains(&aspect) {
            return false;
        }
        match self.rules.get(code).and_then(|o| o.enabled) {
            Some(on) => on,
            None if OPT_IN_RULES.contains(&code) => false,
            None => self
                .preset()
                .enables(code, self.target_length.source != LengthSource::Default),
        }
    }

    /// The preset in force (`narou` for an unknown name).
    pub fn preset(&self) -> Preset {
        if self.preset == Preset::Literary.as_str() {
            Preset::Literary
        } else {
            Preset::Narou
        }
    }

    /// Chooses `preset` (explicitly, from a config file).
    pub(crate) fn set_preset(&mut self, preset: Preset) {
        self.set_preset_by(preset, PresetReason::Config);
    }

    /// Chooses `preset` explicitly, for `reason`.
    pub(crate) fn set_preset_by(&mut self, preset: Preset, reason: PresetReason) {
        self.preset = preset.as_str().to_string();
        self.preset_explicit = true;
        self.preset_reason = reason;
    }

    /// The preset in force for a text and why (`for_text` switched an Aozora file).
    pub(crate) fn preset_used(&self, switched_for_aozora: bool) -> PresetUsed {
        PresetUsed {
            name: self.preset(),
            reason: if switched_for_aozora {
                PresetReason::AozoraFrame
            } else {
                self.preset_reason
            },
        }
    }

    /// The settings for a text: an Aozora Bunko file is read with `literary` unless a preset
    /// was chosen. `None` when these settings apply as they are.
    pub(crate) fn for_text(&self, aozora: bool) -> Option<Settings> {
        if aozora && !self.preset_explicit && self.preset() != Preset::Literary {
            let mut s = self.clone();
            s.preset = Preset::Literary.as_str().to_string();
            Some(s)
        } else {
            None
        }
    }

    /// The severity a finding of `code` is reported with.
    pub(crate) fn severity_for(&self, code: &str, computed: Severity) -> Severity {
        self.rules
            .get(code)
            .and_then(|o| o.severity)
            .unwrap_or(computed)
    }

    /// A stable fingerprint of everything that changes analysis output (cache key part).
    pub(crate) fn fingerprint(&self) -> String {
        use sha2::{Digest, Sha256};
        let json = serde_json::to_string(self).unwrap_or_default();
        let digest = Sha256::digest(json.as_bytes());
        digest.iter().take(8).map(|b| format!("{b:02x}")).collect()
    }
}
