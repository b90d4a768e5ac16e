//! `.novelerrc.yaml` (or the file given with `--config`): the tool config. Every key is
//! checked: an unknown key, an unknown rule code, an unknown aspect or severity is a U002
//! error naming the file, the key and the line.
//!
//! ```yaml
//! preset: narou            # or literary (default for Aozora Bunko files)
//! thresholds: {long_sentence_low: 90}
//! rules:
//!   INDENT_MISSING: {enabled: false}
//!   KANJI_RUN: {severity: medium}
//! forbidden_expressions: [心臓が早鐘を打つ]
//! ignore: {paths: ["40_原稿/下書き/**"], codes: [DOUBLE_SPACES]}
//! per-file-ignores: {"40_原稿/第00[1-3]*.md": [INDENT_MISSING]}
//! target_length: {min: 3000, max: 8000}
//! exclude_dialogue_lines: true
//! weights: {grammar: 2, style: 0.5}   # overall = 100 − Σ weight × aspect penalty (default 1)
//! fix: {level: safe}
//! max_findings_per_rule: 200
//! notation_preferences: [出来る, わかる]
//! accepted_words: [澪浜, 潮墨]   # names and coined terms written as meant: never flagged
//! word_lists:              # edits to the built-in lists in templates/dictionaries/
//!   tautologies: {add: {後で後悔: 後悔}, remove: [一番最初]}
//!   redundant_expressions: {remove: [ということ]}
//!   typos: {add: {伺い知る: 窺い知る}}
//!   notation_pairs: {add: {ひと: 人}, remove: [すでに]}
//!   homophones: {add: {"[機械] を 逃す": 機会}}   # pattern syntax: templates/dictionaries/homophones.tsv
//!   idioms: {remove: ["[足元|足下|足もと] を すくう|掬う"]}
//!   word_misuses: {}
//!   okurigana: {add: {少くない: 少なくない}}
//! ```

use super::glob::Glob;
use super::yaml::{key_line, yaml_error};
use crate::analysis::settings::{
    LengthSource, NotationPair, RuleOverride, TargetLength, Thresholds, TypoEntry,
};
use crate::analysis::{Applicability, Aspect, Settings};
use crate::error::{Code, Error, Result};
use serde::{Deserialize, Deserializer};
use std::collections::BTreeMap;
use std::path::Path;

/// A rule code that exists in the registry.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RuleCode(pub String);

impl<'de> Deserialize<'de> for RuleCode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let code = String::deserialize(d)?;
        if crate::analysis::rules::lookup(&code).is_some() {
            Ok(RuleCode(code))
        } else {
            Err(serde::de::Error::custom(format!(
                "unknown rule code `{code}` (see `noveler rules`)"
            )))
        }
    }
}

pub use crate::analysis::settings::Preset;

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct IgnoreConfig {
    /// Globs relative to the project root; matching files are not checked.
    pub paths: Vec<String>,
    /// Rule codes never reported.
    pub codes: Vec<RuleCode>,
}

#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FixConfig {
    pub level: Option<Applicability>,
}

/// `word_lists`: the author's edits to the built-in word lists (`templates/dictionaries/`).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct WordLists {
    /// TYPO: wrong → right.
    pub typos: WordListEdit,
    /// NOTATION_INCONSISTENCY: spelling → the other spelling of the pair.
    pub notation_pairs: WordListEdit,
    /// TAUTOLOGY (重言): phrase → suggested wording.
    pub tautologies: WordListEdit,
    /// REDUNDANT_EXPRESSION (冗長表現): phrase → shorter wording.
    pub redundant_expressions: WordListEdit,
    /// HOMOPHONE_MISCONVERSION (同音異義の誤変換): collocation pattern → right word.
    pub homophones: WordListEdit,
    /// IDIOM_MISUSE (慣用句・四字熟語): pattern → right word.
    pub idioms: WordListEdit,
    /// WORD_MISUSE (語の誤用): pattern → right word.
    pub word_misuses: WordListEdit,
    /// OKURIGANA_ERROR (送り仮名): wrong spelling → right spelling.
    pub okurigana: WordListEdit,
}

/// Edits to one list: entries removed by phrase, then entries added (an added phrase that
/// is already listed replaces its suggestion).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct WordListEdit {
    pub add: BTreeMap<String, String>,
    pub remove: Vec<String>,
}

impl WordLists {
    fn named(&self) -> [(&'static str, &WordListEdit); 8] {
        [
            ("typos", &self.typos),
            ("notation_pairs", &self.notation_pairs),
            ("tautologies", &self.tautologies),
            ("redundant_expressions", &self.redundant_expressions),
            ("homophones", &self.homophones),
            ("idioms", &self.idioms),
            ("word_misuses", &self.word_misuses),
            ("okurigana", &self.okurigana),
        ]
    }

    fn apply(&self, settings: &mut Settings) {
        // A list no edit touches stays shared with the embedded one (no copy).
        let entries = |list: &mut std::sync::Arc<Vec<TypoEntry>>, edit: &WordListEdit| {
            if edit.is_empty() {
                return;
            }
            let list = std::sync::Arc::make_mut(list);
            list.retain(|e| !edit.remove.contains(&e.wrong) && !edit.add.contains_key(&e.wrong));
            list.extend(edit.add.iter().map(|(wrong, right)| TypoEntry {
                wrong: wrong.clone(),
                right: right.clone(),
            }));
        };
        entries(&mut settings.typos, &self.typos);
        entries(&mut settings.tautologies, &self.tautologies);
        entries(
            &mut settings.redundant_expressions,
            &self.redundant_expressions,
        );
        entries(&mut settings.homophones, &self.homophones);
        entries(&mut settings.idioms, &self.idioms);
        entries(&mut settings.word_misuses, &self.word_misuses);
        entries(&mut settings.okurigana, &self.okurigana);
        // A pair goes when either spelling is removed or re-paired.
        let edit = &self.notation_pairs;
        if edit.is_empty() {
            return;
        }
        let gone = |w: &String| edit.remove.contains(w) || edit.add.contains_key(w);
        let pairs = std::sync::Arc::make_mut(&mut settings.notation_pairs);
        pairs.retain(|p| !gone(&p.a) && !gone(&p.b));
        pairs.extend(edit.add.iter().map(|(a, b)| NotationPair {
            a: a.clone(),
            b: b.clone(),
        }));
    }
}

impl WordListEdit {
    fn is_empty(&self) -> bool {
        self.add.is_empty() && self.remove.is_empty()
    }
}

/// Refuses an empty or multi-line phrase or suggestion in `word_lists`, and a notation pair
/// whose two spellings are the same.
fn validate_word_lists(path: &Path, text: &str, lists: &WordLists) -> Result<()> {
    for (name, edit) in lists.named() {
        let words = edit
            .add
            .iter()
            .flat_map(|(a, b)| [a, b])
            .chain(edit.remove.iter());
        for w in words {
            if w.trim().is_empty() || w.contains('\n') {
                return Err(invalid(
                    path,
                    text,
                    &format!("word_lists.{name}"),
                    format!("word_lists.{name} に空または複数行の語句があります（「{}」）。一行の語句にしてください", w.trim().replace('\n', "⏎")),
                ));
            }
        }
        if matches!(name, "homophones" | "idioms" | "word_misuses") {
            for pattern in edit.add.keys() {
                if let Err(why) = crate::analysis::rules::check_pattern(pattern) {
                    return Err(invalid(
                        path,
                        text,
                        &format!("word_lists.{name}"),
                        format!("word_lists.{name} のパターン「{pattern}」が読めません: {why}。書き方は templates/dictionaries/homophones.tsv の冒頭を見てください"),
                    ));
                }
            }
        }
        if name == "notation_pairs" {
            if let Some((a, _)) = edit.add.iter().find(|(a, b)| a == b) {
                return Err(invalid(
                    path,
                    text,
                    "word_lists.notation_pairs",
                    format!("word_lists.notation_pairs の「{a}」が自分自身と対になっています。別の表記を書いてください"),
                ));
            }
        }
    }
    Ok(())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, try_from = "RawLength")]
pub struct LengthOverride {
    pub min: usize,
    pub max: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLength {
    min: usize,
    max: usize,
}

impl TryFrom<RawLength> for LengthOverride {
    type Error = String;
    fn try_from(r: RawLength) -> std::result::Result<Self, String> {
        if let Some(why) = crate::analysis::settings::target_band_problem(r.min, r.max) {
            Err(format!("target_length の値が不正です: {why}"))
        } else {
            Ok(LengthOverride {
                min: r.min,
                max: r.max,
            })
        }
    }
}

/// The parsed tool config.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RcConfig {
    pub preset: Option<Preset>,
    pub thresholds: Option<Thresholds>,
    pub rules: BTreeMap<RuleCode, RuleOverride>,
    pub forbidden_expressions: Vec<String>,
    pub ignore: IgnoreConfig,
    pub target_length: Option<LengthOverride>,
    pub exclude_dialogue_lines: Option<bool>,
    pub weights: BTreeMap<Aspect, f64>,
    pub fix: FixConfig,
    /// Findings listed per rule code per file (default `commands::check::MAX_FINDINGS_PER_RULE`,
    /// 200); the rest are counted, not listed.
    pub max_findings_per_rule: Option<usize>,
    /// Preferred spellings for NOTATION_INCONSISTENCY (before the style guide's).
    pub notation_preferences: Vec<String>,
    /// Glob (relative to the project root; without `/` it matches a file name at any depth)
    /// → rule codes whose findings in matching files are suppressed (counted as
    /// `suppressed.config`).
    #[serde(rename = "per-file-ignores", alias = "per_file_ignores")]
    pub per_file_ignores: BTreeMap<String, Vec<RuleCode>>,
    /// Edits to the built-in word lists.
    pub word_lists: WordLists,
    /// Words written as the author means them (characters' names, coined terms): a finding
    /// whose flagged text lies inside one is not reported (`analysis::accept`).
    pub accepted_words: Vec<String>,
}

/// The compiled `per-file-ignores`.
#[derive(Clone, Debug)]
pub struct PerFileIgnores {
    set: globset::GlobSet,
    /// Codes of each glob, in the set's order.
    codes: Vec<Vec<String>>,
}

impl PerFileIgnores {
    /// The codes suppressed in the file at `rel` (relative to the project root, `/`-separated).
    pub(crate) fn codes_for(&self, rel: &str) -> Vec<&str> {
        let mut out: Vec<&str> = self
            .set
            .matches(rel.trim_start_matches("./"))
            .into_iter()
            .flat_map(|i| self.codes[i].iter().map(String::as_str))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// One `per-file-ignores` pattern compiled: `*` and `?` stop at `/`; a pattern without `/`
/// matches a file name at any depth (as `ignore.paths` does).
fn per_file_glob(pattern: &str) -> std::result::Result<globset::Glob, String> {
    let p = pattern.trim().trim_start_matches("./");
    if p.is_empty() {
        return Err("empty pattern".into());
    }
    let full = if p.contains('/') {
        p.trim_start_matches('/').to_string()
    } else {
        format!("**/{p}")
    };
    globset::GlobBuilder::new(&full)
        .literal_separator(true)
        .build()
        .map_err(|e| e.kind().to_string())
}

/// Parses the text of a tool config read from `path`.
pub(crate) fn parse_rc(path: &Path, text: &str) -> Result<RcConfig> {
    if text.trim().is_empty() {
        return Ok(RcConfig::default());
    }
    let rc: RcConfig = super::yaml::from_str(text).map_err(|e| {
        yaml_error(Code::U002, path, &e, "設定ファイルが不正です")
            .hint("キー名と値を確認してください。使えるキー: preset, thresholds, rules, forbidden_expressions, ignore, per-file-ignores, target_length, exclude_dialogue_lines, weights, fix, max_findings_per_rule, notation_preferences, word_lists, accepted_words")
    })?;
    for (aspect, w) in &rc.weights {
        if !w.is_finite() || *w < 0.0 || *w > WEIGHT_LIMIT {
            return Err(Error::new(
                Code::U002,
                format!(
                    "設定ファイルが不正です: weights.{} は 0〜{WEIGHT_LIMIT} の数にしてください（{w}）",
                    aspect.as_str()
                ),
            )
            .at(
                path,
                key_line(text, aspect.as_str()).or(key_line(text, "weights")),
            )
            .details(serde_json::json!({"key": format!("weights.{}", aspect.as_str())})));
        }
    }
    // An aspect not listed keeps the default weight.
    let effective = |a: Aspect| {
        rc.weights
            .get(&a)
            .copied()
            .unwrap_or(crate::analysis::score::DEFAULT_ASPECT_WEIGHT)
    };
    if !rc.weights.is_empty() && Aspect::ALL.into_iter().all(|a| effective(a) == 0.0) {
        return Err(invalid(
            path,
            text,
            "weights",
            "weights で全ての観点の重みが 0 です（総合スコアが常に 100 になります）。どれか一つは 0 より大きくしてください".into(),
        ));
    }
    if let Some(t) = &rc.thresholds {
        validate_thresholds(path, text, t)?;
    }
    if rc.max_findings_per_rule == Some(0) {
        return Err(invalid(
            path,
            text,
            "max_findings_per_rule",
            "max_findings_per_rule は 1 以上にしてください（0）".into(),
        ));
    }
    for (i, phrase) in rc.forbidden_expressions.iter().enumerate() {
        if phrase.trim().is_empty() {
            return Err(invalid(
                path,
                text,
                "forbidden_expressions",
                format!("forbidden_expressions の {} 番目が空です（空の語句はどこにでも一致します）。削除してください", i + 1),
            ));
        }
        if phrase.contains('\n') {
            return Err(invalid(
                path,
                text,
                "forbidden_expressions",
                format!("forbidden_expressions の {} 番目に改行が含まれています（語句は一行で書いてください）", i + 1),
            ));
        }
    }
    validate_word_lists(path, text, &rc.word_lists)?;
    for (i, word) in rc.notation_preferences.iter().enumerate() {
        if word.trim().is_empty() || word.contains('\n') {
            return Err(invalid(
                path,
                text,
                "notation_preferences",
                format!(
                    "notation_preferences の {} 番目が空か複数行です。優先する表記を一行で書いてください",
                    i + 1
                ),
            ));
        }
    }
    for (i, word) in rc.accepted_words.iter().enumerate() {
        if word.trim().is_empty() || word.contains('\n') {
            return Err(invalid(
                path,
                text,
                "accepted_words",
                format!(
                    "accepted_words の {} 番目が空か複数行です。一行の語句にしてください",
                    i + 1
                ),
            ));
        }
    }
    for pattern in &rc.ignore.paths {
        Glob::new(pattern).map_err(|why| {
            Error::new(
                Code::U002,
                format!("設定ファイルが不正です: ignore.paths のパターンが不正です（{why}）"),
            )
            .at(path, key_line(text, "paths"))
            .details(serde_json::json!({"key": "ignore.paths", "pattern": pattern}))
        })?;
    }
    for pattern in rc.per_file_ignores.keys() {
        per_file_glob(pattern).map_err(|why| {
            Error::new(
                Code::U002,
                format!(
                    "設定ファイルが不正です: per-file-ignores のパターン `{pattern}` が不正です（{why}）"
                ),
            )
            .at(path, key_line(text, "per-file-ignores"))
            .hint("`*` `?` `[...]` `**` が使えます（例: \"40_原稿/第00[1-3]*.md\"）。")
            .details(serde_json::json!({"key": "per-file-ignores", "pattern": pattern}))
        })?;
    }
    Ok(rc)
}

/// The largest count, length or average a threshold may name (characters, sentences, lines):
/// a rule held to more never fires on any manuscript, which is silence, not a setting. A
/// rule is switched off with `rules: {CODE: {enabled: false}}`.
const THRESHOLD_LIMIT: usize = 10_000;
/// The largest weight of an aspect: 100 times the default.
const WEIGHT_LIMIT: f64 = 100.0;

/// U002 for a threshold over `THRESHOLD_LIMIT`.
fn too_big(path: &Path, text: &str, k: &str, v: &str) -> Error {
    invalid(
        path,
        text,
        &format!("thresholds.{k}"),
        format!("thresholds.{k} が大きすぎます（{v}。上限 {THRESHOLD_LIMIT}）。どの原稿でも指摘が出なくなります"),
    )
    .hint("値を直してから再実行してください。そのルールを止めたいなら、しきい値ではなく rules: {コード: {enabled: false}} と書きます。")
}

fn invalid(path: &Path, text: &str, key: &str, why: String) -> Error {
    let leaf = key.rsplit('.').next().unwrap_or(key);
    Error::new(Code::U002, format!("設定ファイルが不正です: {why}"))
        .at(path, key_line(text, leaf).or_else(|| key_line(text, key)))
        .hint("値を直してから再実行してください。既定値に戻すならそのキーを削除します。")
        .details(serde_json::json!({ "key": key }))
}

/// Threshold values the rules can work with: finite, ratios in 0–1, counts and windows at
/// least 1, each band's min not above its max.
fn validate_thresholds(path: &Path, text: &str, t: &Thresholds) -> Result<()> {
    let key = |k: &str| format!("thresholds.{k}");
    let floats = [
        ("dialogue_ratio_min", t.dialogue_ratio_min),
        ("dialogue_ratio_max", t.dialogue_ratio_max),
        ("comma_avg_min", t.comma_avg_min),
        ("comma_avg_max", t.comma_avg_max),
        ("window_min", t.window_min),
        ("window_max", t.window_max),
        ("window_min_in_range_ratio", t.window_min_in_range_ratio),
        ("max_avg_sentence_length", t.max_avg_sentence_length),
        ("kanji_ratio_min", t.kanji_ratio_min),
        ("kanji_ratio_max", t.kanji_ratio_max),
    ];
    for (k, v) in floats {
        if !v.is_finite() || v < 0.0 {
            return Err(invalid(
                path,
                text,
                &key(k),
                format!("thresholds.{k} は 0 以上の有限の数にしてください（{v}）"),
            ));
        }
        if k.contains("ratio") && v > 1.0 {
            return Err(invalid(
                path,
                text,
                &key(k),
                format!("thresholds.{k} は 0〜1 の割合です（{v}）"),
            ));
        }
    }
    for (k, v) in [
        ("window_min", t.window_min),
        ("window_max", t.window_max),
        ("max_avg_sentence_length", t.max_avg_sentence_length),
        ("comma_avg_min", t.comma_avg_min),
        ("comma_avg_max", t.comma_avg_max),
    ] {
        if v > THRESHOLD_LIMIT as f64 {
            return Err(too_big(path, text, k, &v.to_string()));
        }
    }
    // (name, value, least allowed)
    let counts = [
        ("long_sentence_run", t.long_sentence_run, 1),
        ("short_sentence_run", t.short_sentence_run, 1),
        ("short_sentence_length", t.short_sentence_length, 1),
        ("ending_run", t.ending_run, 1),
        ("ending_chars", t.ending_chars, 1),
        ("window_size", t.window_size, 1),
        ("long_sentence_length", t.long_sentence_length, 1),
        ("long_sentence_low", t.long_sentence_low, 1),
        ("long_sentence_medium", t.long_sentence_medium, 1),
        ("kanji_run_max", t.kanji_run_max, 1),
        ("comma_max_per_sentence", t.comma_max_per_sentence, 1),
        ("max_empty_lines", t.max_empty_lines, 0),
        ("short_bucket_max", t.short_bucket_max, 0),
    ];
    for (k, v, least) in counts {
        if v < least {
            return Err(invalid(
                path,
                text,
                &key(k),
                format!("thresholds.{k} は {least} 以上にしてください（{v}。{least}〜{THRESHOLD_LIMIT} の整数）"),
            ));
        }
        if v > THRESHOLD_LIMIT {
            return Err(too_big(path, text, k, &v.to_string()));
        }
    }
    if t.short_sentence_length >= t.long_sentence_length {
        return Err(invalid(
            path,
            text,
            &key("short_sentence_length"),
            format!(
                "thresholds.short_sentence_length（{}）が thresholds.long_sentence_length（{}）以上になっています。短文の長さは長文より短くしてください",
                t.short_sentence_length, t.long_sentence_length
            ),
        ));
    }
    let bands = [
        (
            "dialogue_ratio_min",
            "dialogue_ratio_max",
            t.dialogue_ratio_min,
            t.dialogue_ratio_max,
        ),
        (
            "comma_avg_min",
            "comma_avg_max",
            t.comma_avg_min,
            t.comma_avg_max,
        ),
        ("window_min", "window_max", t.window_min, t.window_max),
        (
            "kanji_ratio_min",
            "kanji_ratio_max",
            t.kanji_ratio_min,
            t.kanji_ratio_max,
        ),
        (
            "long_sentence_low",
            "long_sentence_medium",
            t.long_sentence_low as f64,
            t.long_sentence_medium as f64,
        ),
    ];
    for (lo, hi, a, b) in bands {
        if a > b {
            return Err(invalid(
                path,
                text,
                &key(lo),
                format!("thresholds.{lo}（{a}）が thresholds.{hi}（{b}）より大きくなっています"),
            ));
        }
    }
    Ok(())
}

impl RcConfig {
    /// The compiled `per-file-ignores` (validated by `parse_rc`; an invalid pattern is
    /// skipped here).
    pub(crate) fn per_file_ignores(&self) -> PerFileIgnores {
        let mut builder = globset::GlobSetBuilder::new();
        let mut codes = Vec::new();
        for (pattern, list) in &self.per_file_ignores {
            if let Ok(glob) = per_file_glob(pattern) {
                builder.add(glob);
                codes.push(list.iter().map(|c| c.0.clone()).collect());
            }
        }
        PerFileIgnores {
            set: builder
                .build()
                .unwrap_or_else(|_| globset::GlobSet::empty()),
            codes,
        }
    }

    /// Folds this config into `settings` (which already holds the project's target length).
    pub fn apply(&self, settings: &mut Settings) {
        if let Some(p) = self.preset {
            settings.set_preset(p);
        }
        if let Some(t) = &self.thresholds {
            settings.thresholds = t.clone();
        }
        for (code, o) in &self.rules {
            settings.rules.insert(code.0.clone(), o.clone());
        }
        for code in &self.ignore.codes {
            settings.rules.entry(code.0.clone()).or_default().enabled = Some(false);
        }
        merge_phrases(
            &mut settings.forbidden_expressions,
            &self.forbidden_expressions,
        );
        if let Some(l) = self.target_length {
            settings.target_length = TargetLength {
                min: l.min,
                max: l.max,
                source: LengthSource::Override,
            };
        }
        if let Some(x) = self.exclude_dialogue_lines {
            settings.exclude_dialogue_lines = x;
        }
        if !self.weights.is_empty() {
            settings.weights = self.weights.clone();
        }
        if let Some(level) = self.fix.level {
            settings.fix_level = level;
        }
        if !self.notation_preferences.is_empty() {
            let mut prefs = self.notation_preferences.clone();
            prefs.append(&mut settings.notation_preferences);
            settings.notation_preferences = prefs;
        }
        self.word_lists.apply(settings);
        merge_phrases(&mut settings.accepted_words, &self.accepted_words);
    }

    /// The compiled `ignore.paths` globs (validated by `parse_rc`).
    pub(crate) fn ignore_globs(&self) -> Vec<Glob> {
        self.ignore
            .paths
            .iter()
            .filter_map(|p| Glob::new(p).ok())
            .collect()
    }
}

/// Appends the non-empty phrases of `more` not yet in `list` (a set: 50,000 phrases must
/// not cost 50,000² comparisons).
pub(crate) fn merge_phrases(list: &mut Vec<String>, more: &[String]) {
    let mut seen: std::collections::HashSet<String> = list.iter().cloned().collect();
    for p in more {
        let p = p.trim();
        if !p.is_empty() && seen.insert(p.to_string()) {
            list.push(p.to_string());
        }
    }
}

/// Preferred spellings of a style guide: `スタイルガイド.表記.ひらく語` and `.閉じる語` (or
/// the same keys at the top level); empty when the text is not YAML or has neither.
pub(crate) fn parse_style_guide_preferences(text: &str) -> Vec<String> {
    let Ok(doc) = super::yaml::from_str::<serde_yaml::Value>(text) else {
        return Vec::new();
    };
    let notation = doc
        .get("スタイルガイド")
        .and_then(|g| g.get("表記"))
        .or_else(|| doc.get("表記"));
    let Some(notation) = notation else {
        return Vec::new();
    };
    ["ひらく語", "閉じる語"]
        .iter()
        .filter_map(|k| notation.get(*k).and_then(|v| v.as_sequence()))
        .flatten()
        .filter_map(|v| v.as_str().map(|s| s.trim().to_string()))
        .filter(|s| !s.is_empty())
        .collect()
}

/// The `禁止表現` list of `30_設定集/執筆品質ルール.yaml` (top level or under
/// `執筆品質ルール:`). Items that are not strings are skipped.
pub(crate) fn parse_quality_rules(path: &Path, text: &str) -> Result<Vec<String>> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let doc: serde_yaml::Value = super::yaml::from_str(text).map_err(|e| {
        yaml_error(
            Code::P002,
            path,
            &e,
            "執筆品質ルールの YAML を読み込めません",
        )
        .hint("YAML の書式を確認してください。")
    })?;
    let list = doc
        .get("禁止表現")
        .or_else(|| doc.get("執筆品質ルール").and_then(|r| r.get("禁止表現")));
    let refuse = |why: String| {
        Error::new(
            Code::P002,
            format!("執筆品質ルールの 禁止表現 が不正です: {why}"),
        )
        .at(path, key_line(text, "禁止表現"))
        .hint("`禁止表現:` の下に `- 語句` の形で、一行の語句を並べてください。")
        .details(serde_json::json!({"key": "禁止表現"}))
    };
    let seq = match list {
        None | Some(serde_yaml::Value::Null) => return Ok(Vec::new()),
        Some(serde_yaml::Value::Sequence(seq)) => seq,
        Some(_) => return Err(refuse("語句のリストではありません".into())),
    };
    let mut phrases = Vec::with_capacity(seq.len());
    for (i, v) in seq.iter().enumerate() {
        let Some(phrase) = v.as_str().map(str::to_string) else {
            return Err(refuse(format!(
                "{} 番目が語句（文字列）ではありません（数字だけの語句は引用符で囲みます）",
                i + 1
            )));
        };
        if phrase.trim().is_empty() || phrase.contains('\n') {
            return Err(refuse(format!(
                "{} 番目が空か複数行です（空の語句はどこにでも一致します）",
                i + 1
            )));
        }
        phrases.push(phrase);
    }
    Ok(phrases)
}

pub(crate) mod edit;

#[cfg(test)]
mod tests;
