//! What every step sees and returns, and the helpers they share: issues located in the
//! source, phrase matching against the displayed text, template parameters.

use super::glossary::Term;
use super::names::Character;
use super::plot::{Foreshadow, PlotInfo};
use crate::analysis::segment::{char_class, CharClass, Document};
use crate::analysis::{sha256_hex, Applicability, FileAnalysis, Finding, Settings, Severity};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::ops::Range;

/// Where an earlier step stands, as step 12 sees it (`unavailable`: its input files are
/// missing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EarlierStatus {
    Passed,
    Failed,
    NotRun,
    Unavailable,
}

impl EarlierStatus {
    /// The step ran (passed or failed).
    pub fn ran(self) -> bool {
        matches!(self, EarlierStatus::Passed | EarlierStatus::Failed)
    }
}

/// The latest result of an earlier step, as step 12 sees it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct EarlierStep {
    pub step_id: u8,
    pub name: String,
    pub status: EarlierStatus,
    pub quality_score: Option<f64>,
    pub llm_pending: bool,
    /// Its latest attempt checked another manuscript than the current one (sha256).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stale: bool,
    pub attempts: u32,
    /// Files the step could not find (for `unavailable`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing_files: Vec<String>,
}

/// Everything a step may read.
pub struct StepContext<'a> {
    pub episode: u32,
    /// The manuscript as shown in reports (relative to the project root).
    pub file: &'a str,
    /// Normalised manuscript text (BOM dropped, LF line ends).
    pub text: &'a str,
    pub doc: &'a Document<'a>,
    pub analysis: &'a FileAnalysis,
    pub settings: &'a Settings,
    /// The first Markdown heading of the manuscript, without `#`.
    pub heading: Option<&'a str>,
    pub characters: Option<&'a [Character]>,
    pub glossary: Option<&'a [Term]>,
    pub plot: Option<&'a PlotInfo>,
    /// Foreshadowing items of every episode plot of the project (this episode's first).
    pub foreshadowing: &'a [Foreshadow],
    /// Latest results of steps 1–11 (step 12 only).
    pub earlier: &'a [EarlierStep],
    /// Step 12: the author accepts earlier steps whose judgment is still pending (recorded
    /// in the approval's details as such).
    pub accept_unjudged: bool,
    /// The template's `parameters`.
    pub params: &'a Value,
}

impl StepContext<'_> {
    /// A string list parameter, or `default` when the template does not set it.
    pub(crate) fn list_param(&self, key: &str, default: &[&str]) -> Vec<String> {
        match self.params.get(key).and_then(Value::as_array) {
            Some(items) => items
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect(),
            None => default.iter().map(|s| s.to_string()).collect(),
        }
    }

    /// A number parameter, or `default`.
    pub(crate) fn num_param(&self, key: &str, default: f64) -> f64 {
        self.params
            .get(key)
            .and_then(Value::as_f64)
            .filter(|x| x.is_finite())
            .unwrap_or(default)
    }

    /// First 12 hex of sha256 of the normalised text (part of issue ids).
    pub(crate) fn text_hash(&self) -> String {
        sha256_hex(self.text.as_bytes())
    }
}

/// Who found an issue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IssueSource {
    /// Measured by noveler (a rule or the step's own check).
    Deterministic,
    /// Reported by the agent in its `llm_result`.
    Judged,
}

/// One problem a step reports.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct StepIssue {
    /// Stable id: a rule finding's id, or the first 12 hex of
    /// sha256(`text_hash:code:line:key`) for the step's own checks.
    pub id: String,
    pub code: String,
    pub severity: Severity,
    /// Japanese.
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub excerpt: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suggestion: Option<String>,
    pub source: IssueSource,
    /// The level of the automatic fix, when one exists (`noveler polish --level …`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixable: Option<Applicability>,
}

/// What a step measured.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Measured {
    pub issues: Vec<StepIssue>,
    /// Step-specific figures (JSON object, keys in insertion order).
    pub details: Map<String, Value>,
    /// Concrete corrections noveler can name (`「こんにちわ」→「こんにちは」`).
    pub corrections: Vec<String>,
    /// Reasons the step fails whatever its score (step 12: length out of range, earlier
    /// steps failed or not run).
    pub blockers: Vec<String>,
    /// Step 12: the earlier steps its approval accepted with their judgment pending
    /// (`accept_unjudged`; the details show them as `accepted_unjudged_steps`).
    pub accepted_unjudged: Vec<u8>,
}

impl Measured {
    pub fn detail(&mut self, key: &str, value: impl Serialize) {
        self.details.insert(
            key.to_string(),
            serde_json::to_value(value).unwrap_or(Value::Null),
        );
    }
}

/// A rule finding as a step issue.
pub(crate) fn from_finding(f: &Finding) -> StepIssue {
    StepIssue {
        id: f.id.clone(),
        code: f.code.clone(),
        severity: f.severity,
        message: f.message.clone(),
        line: Some(f.line),
        column: Some(f.column),
        excerpt: Some(f.excerpt.clone()),
        suggestion: f.suggestion.clone(),
        source: IssueSource::Deterministic,
        fixable: f.fix.as_ref().map(|x| x.applicability),
    }
}

/// Score of deterministic issues over a text of `body_chars` body characters: the one
/// formula of `analysis::score` (penalty by density, capped per code; SPEC §4).
pub(crate) fn penalty_score(issues: &[StepIssue], body_chars: usize) -> f64 {
    crate::analysis::score::penalty_score(
        issues.iter().map(|i| (i.code.as_str(), i.severity)),
        body_chars,
    )
}

fn excerpt_of(line: &str) -> String {
    const MAX: usize = 120;
    let t = line.trim_end();
    if t.chars().count() <= MAX {
        t.to_string()
    } else {
        let mut s: String = t.chars().take(MAX).collect();
        s.push('…');
        s
    }
}

/// An issue at the displayed range `display` of the document; `key` distinguishes issues
/// of one code on one line in the id.
pub(crate) fn issue_at(
    cx: &StepContext,
    code: &str,
    severity: Severity,
    display: Range<usize>,
    key: &str,
    message: impl Into<String>,
) -> StepIssue {
    let doc = cx.doc;
    let ok = display.start <= display.end
        && display.end <= doc.display.len()
        && doc.display.is_char_boundary(display.start)
        && doc.display.is_char_boundary(display.end);
    let (line, column, excerpt) = if ok {
        let span = doc.source_span(display);
        let pos = doc.lines.position(cx.text, span.start.min(cx.text.len()));
        let ls = doc.lines.line_span(cx.text, pos.line - 1);
        (
            Some(pos.line),
            Some(pos.column),
            Some(excerpt_of(&cx.text[ls.range()])),
        )
    } else {
        (None, None, None)
    };
    let id_key = format!("{}:{code}:{}:{key}", cx.text_hash(), line.unwrap_or(0));
    StepIssue {
        id: sha256_hex(id_key.as_bytes())[..12].to_string(),
        code: code.to_string(),
        severity,
        message: message.into(),
        line,
        column,
        excerpt,
        suggestion: None,
        source: IssueSource::Deterministic,
        fixable: None,
    }
}

/// An issue about the whole manuscript (no line).
pub(crate) fn issue_whole(
    cx: &StepContext,
    code: &str,
    severity: Severity,
    key: &str,
    message: impl Into<String>,
) -> StepIssue {
    let id_key = format!("{}:{code}:0:{key}", cx.text_hash());
    StepIssue {
        id: sha256_hex(id_key.as_bytes())[..12].to_string(),
        code: code.to_string(),
        severity,
        message: message.into(),
        line: None,
        column: None,
        excerpt: None,
        suggestion: None,
        source: IssueSource::Deterministic,
        fixable: None,
    }
}

impl StepIssue {
    pub(crate) fn suggest(mut self, s: impl Into<String>) -> StepIssue {
        self.suggestion = Some(s.into());
        self
    }
}

/// 1-based source line of a displayed offset.
pub(crate) fn line_of_display(cx: &StepContext, at: usize) -> usize {
    let at = at.min(cx.doc.display.len());
    let src = cx.doc.display_map.get(at).copied().unwrap_or(0) as usize;
    cx.doc.lines.line_of(src.min(cx.text.len())) + 1
}

// ---------------------------------------------------------------------------------------
// Phrase matching

/// How a phrase (a key event, a foreshadowing item) was found in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MatchKind {
    /// The phrase itself occurs in the displayed text.
    Exact,
    /// It occurs once whitespace, brackets and punctuation are ignored on both sides.
    Normalised,
    /// Every kanji/katakana word of two or more characters in it occurs somewhere.
    Partial,
    Missing,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PhraseMatch {
    pub phrase: String,
    pub found: MatchKind,
    /// Occurrences (exact or normalised).
    pub occurrences: usize,
    /// 1-based line of the first occurrence (or of the first word, for `partial`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The words looked for in a partial match.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<String>,
    /// Those words not found.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub words_missing: Vec<String>,
}

fn ignorable(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '「' | '」'
                | '『'
                | '』'
                | '、'
                | '。'
                | '，'
                | '．'
                | ','
                | '.'
                | '・'
                | '！'
                | '？'
                | '!'
                | '?'
                | '…'
                | '―'
                | '（'
                | '）'
                | '('
                | ')'
                | '"'
                | '\''
                | '“'
                | '”'
                | '‘'
                | '’'
                | '〈'
                | '〉'
                | '【'
                | '】'
        )
}

/// The displayed text with ignorable characters removed, and for each kept char its
/// displayed byte offset.
pub struct Normalised {
    pub text: String,
    pub offsets: Vec<usize>,
}

impl Normalised {
    pub fn of(display: &str) -> Normalised {
        let mut text = String::with_capacity(display.len());
        let mut offsets = Vec::with_capacity(display.len());
        for (i, c) in display.char_indices() {
            if !ignorable(c) {
                for _ in 0..c.len_utf8() {
                    offsets.push(i);
                }
                text.push(c);
            }
        }
        offsets.push(display.len());
        Normalised { text, offsets }
    }
}

/// Kanji or katakana words (maximal runs of one class) of two or more characters.
pub(crate) fn content_words(phrase: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut cur_class = CharClass::Other;
    let flush = |cur: &mut String, words: &mut Vec<String>| {
        if cur.chars().count() >= 2 && !words.contains(cur) {
            words.push(cur.clone());
        }
        cur.clear();
    };
    for c in phrase.chars() {
        let class = char_class(c);
        let wordy = matches!(class, CharClass::Kanji | CharClass::Katakana);
        if wordy && class == cur_class {
            cur.push(c);
        } else {
            flush(&mut cur, &mut words);
            if wordy {
                cur.push(c);
            }
            cur_class = if wordy { class } else { CharClass::Other };
        }
    }
    flush(&mut cur, &mut words);
    words
}

/// Looks for `phrase` in the displayed text of `cx` (see `MatchKind`).
pub(crate) fn find_phrase(cx: &StepContext, norm: &Normalised, phrase: &str) -> PhraseMatch {
    let phrase = phrase.trim();
    let display = &cx.doc.display;
    let mut m = PhraseMatch {
        phrase: phrase.to_string(),
        found: MatchKind::Missing,
        occurrences: 0,
        line: None,
        words: Vec::new(),
        words_missing: Vec::new(),
    };
    if phrase.is_empty() {
        return m;
    }
    let exact: Vec<usize> = display.match_indices(phrase).map(|(i, _)| i).collect();
    if let Some(&first) = exact.first() {
        m.found = MatchKind::Exact;
        m.occurrences = exact.len();
        m.line = Some(line_of_display(cx, first));
        return m;
    }
    let needle: String = phrase.chars().filter(|&c| !ignorable(c)).collect();
    if !needle.is_empty() {
        let hits: Vec<usize> = norm.text.match_indices(&needle).map(|(i, _)| i).collect();
        if let Some(&first) = hits.first() {
            m.found = MatchKind::Normalised;
            m.occurrences = hits.len();
            m.line = Some(line_of_display(cx, norm.offsets[first]));
            return m;
        }
    }
    let words = content_words(phrase);
    if !words.is_empty() {
        let missing: Vec<String> = words
            .iter()
            .filter(|w| !display.contains(w.as_str()))
            .cloned()
            .collect();
        if missing.is_empty() {
            m.found = MatchKind::Partial;
            m.line = display
                .find(words[0].as_str())
                .map(|at| line_of_display(cx, at));
        }
        m.words = words;
        m.words_missing = missing;
    }
    m
}

/// A short Japanese label of a match kind.
pub(crate) fn match_label(kind: MatchKind) -> &'static str {
    match kind {
        MatchKind::Exact => "一致",
        MatchKind::Normalised => "記号・空白を除いて一致",
        MatchKind::Partial => "語の一部が一致",
        MatchKind::Missing => "見当たらない",
    }
}

/// A YAML scalar as trimmed text (a number as written); none for an empty string, a list
/// or a mapping.
pub fn yaml_scalar(v: &serde_yaml::Value) -> Option<String> {
    crate::project::yaml::trimmed_scalar(v).filter(|s| !s.is_empty())
}

/// The value of the first of `keys` a YAML mapping has (settings and plot files name the
/// same field in English or Japanese).
pub(crate) fn yaml_field<'v>(
    v: &'v serde_yaml::Value,
    keys: &[&str],
) -> Option<&'v serde_yaml::Value> {
    keys.iter().find_map(|k| v.get(*k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_words_split_by_class() {
        assert_eq!(
            content_words("鳴海ノ図、半分ヲ預カル"),
            vec!["鳴海", "半分", "カル"]
        );
        assert_eq!(content_words("船が戻ったときの合図"), vec!["合図"]);
        assert!(content_words("あいう").is_empty());
    }

    #[test]
    fn normalised_keeps_offsets() {
        let n = Normalised::of("「あ、い」う");
        assert_eq!(n.text, "あいう");
        assert_eq!(n.offsets[0], "「".len());
        assert_eq!(*n.offsets.last().unwrap(), "「あ、い」う".len());
    }
}
