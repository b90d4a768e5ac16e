//! `.novelerrc.yaml` (or the file given with `--config`): the tool config. Every key is
//! checked: an unknown key, an unknown rule code, an unknown aspect or severity is a U002
//! error naming the file, the key and the line.
//!
//! ```yaml
//! preset: narou
//! thresholds: {long_sentence_low: 90}
//! rules:
//!   INDENT_MISSING: {enabled: false}
//!   KANJI_RUN: {severity: medium}
//! forbidden_expressions: [心臓が早鐘を打つ]
//! ignore: {paths: ["40_原稿/下書き/**"], codes: [DOUBLE_SPACES]}
//! per-file-ignores: {"40_原稿/第00[1-3]*.md": [INDENT_MISSING]}
//! target_length: {min: 3000, max: 8000}
//! exclude_dialogue_lines: true
//! weights: {rhythm: 1, readability: 1, grammar: 2, style: 1, length: 1, content: 1}
//! fix: {level: safe}
//! ```

use super::glob::Glob;
use super::yaml::{key_line, yaml_error};
use crate::analysis::settings::{LengthSource, RuleOverride, TargetLength, Thresholds};
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

/// Only preset so far: the なろう defaults of SPEC §4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Preset {
    Narou,
}

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
        if r.min >= r.max {
            Err(format!(
                "target_length: min ({}) must be less than max ({})",
                r.min, r.max
            ))
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
    /// Glob (relative to the project root; without `/` it matches a file name at any depth)
    /// → rule codes whose findings in matching files are suppressed (counted as
    /// `suppressed.config`).
    #[serde(rename = "per-file-ignores", alias = "per_file_ignores")]
    pub per_file_ignores: BTreeMap<String, Vec<RuleCode>>,
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
    pub fn codes_for(&self, rel: &str) -> Vec<&str> {
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
pub fn parse_rc(path: &Path, text: &str) -> Result<RcConfig> {
    if text.trim().is_empty() {
        return Ok(RcConfig::default());
    }
    let rc: RcConfig = serde_yaml::from_str(text).map_err(|e| {
        yaml_error(Code::U002, path, &e, "設定ファイルが不正です")
            .hint("キー名と値を確認してください。使えるキー: preset, thresholds, rules, forbidden_expressions, ignore, per-file-ignores, target_length, exclude_dialogue_lines, weights, fix")
    })?;
    for (aspect, w) in &rc.weights {
        if !w.is_finite() || *w < 0.0 {
            return Err(Error::new(
                Code::U002,
                format!(
                    "設定ファイルが不正です: weights.{} は 0 以上の数にしてください（{w}）",
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

impl RcConfig {
    /// The compiled `per-file-ignores` (validated by `parse_rc`; an invalid pattern is
    /// skipped here).
    pub fn per_file_ignores(&self) -> PerFileIgnores {
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
    }

    /// The compiled `ignore.paths` globs (validated by `parse_rc`).
    pub fn ignore_globs(&self) -> Vec<Glob> {
        self.ignore
            .paths
            .iter()
            .filter_map(|p| Glob::new(p).ok())
            .collect()
    }
}

/// Appends the non-empty phrases of `more` not yet in `list`.
pub fn merge_phrases(list: &mut Vec<String>, more: &[String]) {
    for p in more {
        let p = p.trim();
        if !p.is_empty() && !list.iter().any(|q| q == p) {
            list.push(p.to_string());
        }
    }
}

/// The `禁止表現` list of `30_設定集/執筆品質ルール.yaml` (top level or under
/// `執筆品質ルール:`). Items that are not strings are skipped.
pub fn parse_quality_rules(path: &Path, text: &str) -> Result<Vec<String>> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let doc: serde_yaml::Value = serde_yaml::from_str(text).map_err(|e| {
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
    Ok(list
        .and_then(|l| l.as_sequence())
        .map(|seq| {
            seq.iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Severity;

    fn parse(text: &str) -> Result<RcConfig> {
        parse_rc(Path::new(".novelerrc.yaml"), text)
    }

    /// Some rule code of the registry (the registry is filled by the rule modules).
    fn known_code() -> &'static str {
        crate::analysis::rules::registry()
            .first()
            .map(|r| r.meta().code)
            .expect("the rule registry is empty")
    }

    #[test]
    fn full_config_applies() {
        let code = known_code();
        let text = format!(
            "preset: narou\nthresholds:\n  long_sentence_low: 90\nrules:\n  {code}:\n    enabled: false\n    severity: high\nforbidden_expressions: [言葉にできない, '']\nignore:\n  paths: ['40_原稿/下書き/**']\ntarget_length: {{min: 100, max: 200}}\nexclude_dialogue_lines: false\nweights: {{grammar: 2, style: 0.5}}\nfix: {{level: standard}}\n"
        );
        let rc = parse(&text).unwrap();
        let mut s = Settings::default();
        rc.apply(&mut s);
        assert_eq!(s.thresholds.long_sentence_low, 90);
        assert_eq!(
            s.thresholds.long_sentence_medium,
            Thresholds::default().long_sentence_medium
        );
        assert_eq!(s.rules[code].enabled, Some(false));
        assert_eq!(s.rules[code].severity, Some(Severity::High));
        assert_eq!(s.forbidden_expressions, vec!["言葉にできない".to_string()]);
        assert_eq!(s.target_length.min, 100);
        assert_eq!(s.target_length.source, LengthSource::Override);
        assert!(!s.exclude_dialogue_lines);
        assert_eq!(s.weights[&Aspect::Grammar], 2.0);
        assert_eq!(s.fix_level, Applicability::Standard);
        assert_eq!(rc.ignore_globs().len(), 1);
        assert!(rc.ignore_globs()[0].matches("40_原稿/下書き/a.md"));
    }

    #[test]
    fn ignore_codes_disable_rules() {
        let code = known_code();
        let rc = parse(&format!("ignore:\n  codes: [{code}]\n")).unwrap();
        let mut s = Settings::default();
        rc.apply(&mut s);
        assert_eq!(s.rules[code].enabled, Some(false));
    }

    #[test]
    fn empty_file_is_default() {
        assert_eq!(parse("").unwrap(), RcConfig::default());
        assert_eq!(parse("# nothing\n").unwrap(), RcConfig::default());
    }

    fn u002(text: &str) -> Error {
        let err = parse(text).unwrap_err();
        assert_eq!(err.code, Code::U002, "{err}");
        assert!(err.path.is_some());
        err
    }

    #[test]
    fn unknown_top_level_key_names_key_and_line() {
        let err = u002("preset: narou\n\nthreshold:\n  x: 1\n");
        assert_eq!(err.line, Some(3), "{err}");
        assert!(err.message.contains("`threshold`"), "{}", err.message);
        assert_eq!(err.details.as_ref().unwrap()["key"], "threshold");
    }

    #[test]
    fn unknown_threshold_key_names_key_and_line() {
        let err = u002("thresholds:\n  long_sentence_low: 80\n  kanji_ratio_maxx: 0.5\n");
        assert_eq!(err.line, Some(3), "{err}");
        assert!(err.message.contains("kanji_ratio_maxx"), "{}", err.message);
    }

    #[test]
    fn unknown_rule_code_is_an_error_with_line() {
        let err = u002("rules:\n  NO_SUCH_RULE:\n    enabled: false\n");
        assert_eq!(err.line, Some(2), "{err}");
        assert!(err.message.contains("NO_SUCH_RULE"), "{}", err.message);
        let err = u002("ignore:\n  codes: [NOPE]\n");
        assert!(err.message.contains("NOPE"), "{}", err.message);
    }

    #[test]
    fn bad_values_are_errors() {
        let code = known_code();
        u002(&format!("rules:\n  {code}:\n    severity: severe\n"));
        u002(&format!("rules:\n  {code}:\n    enable: false\n"));
        u002("preset: kakuyomu_plus\n");
        u002("weights: {rhytm: 1}\n");
        u002("weights: {rhythm: -1}\n");
        u002("target_length: {min: 5, max: 5}\n");
        u002("target_length: {min: 5}\n");
        u002("fix: {level: reckless}\n");
        u002("ignore:\n  paths: ['[abc']\n");
        u002("exclude_dialogue_lines: maybe\n");
        u002("thresholds: [1, 2]\n");
        u002("a: [unclosed\n");
    }

    #[test]
    fn quality_rules_list_is_read_nested_or_flat() {
        let p = Path::new("執筆品質ルール.yaml");
        assert_eq!(
            parse_quality_rules(
                p,
                "執筆品質ルール:\n  禁止表現:\n    - 言葉にできない\n    - 1\n"
            )
            .unwrap(),
            vec!["言葉にできない".to_string()]
        );
        assert_eq!(
            parse_quality_rules(p, "禁止表現: [運命の歯車]\n").unwrap(),
            vec!["運命の歯車".to_string()]
        );
        assert!(parse_quality_rules(p, "その他: 1\n").unwrap().is_empty());
        assert_eq!(
            parse_quality_rules(p, "禁止表現: [a\n").unwrap_err().code,
            Code::P002
        );
    }

    #[test]
    fn per_file_ignores_match_globs_and_name_codes() {
        let rc = parse(
            "per-file-ignores:\n  \"40_原稿/第00[1-3]*.md\": [INDENT_MISSING]\n  \"*.txt\": [KANJI_RUN, INDENT_MISSING]\n",
        )
        .unwrap();
        let p = rc.per_file_ignores();
        assert_eq!(p.codes_for("40_原稿/第002話_x.md"), vec!["INDENT_MISSING"]);
        assert!(p.codes_for("40_原稿/第004話_x.md").is_empty());
        // `*` does not cross `/`.
        assert!(p.codes_for("40_原稿/第00/1.md").is_empty());
        assert_eq!(
            p.codes_for("a/b/c.txt"),
            vec!["INDENT_MISSING", "KANJI_RUN"]
        );
        let err = u002("per-file-ignores:\n  \"*.md\": [NOPE]\n");
        assert!(err.message.contains("NOPE"), "{}", err.message);
        let err = u002("per-file-ignores:\n  \"[abc\": [KANJI_RUN]\n");
        assert!(err.message.contains("per-file-ignores"), "{}", err.message);
    }
}
