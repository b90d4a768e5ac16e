//! The rule registry. Each rule is a unit struct implementing `Rule`, living in the file of
//! its aspect with its doc (何を / なぜ / 例 / 修正例) and its own unit tests. Each aspect file
//! exports `pub(super) static RULES: &[&dyn Rule]`; `registry()` merges them sorted by code.

use super::metrics::Metrics;
use super::morph::Words;
use super::segment::Document;
use super::{Applicability, Aspect, Settings, Severity};
use crate::analysis::Diagnostics;
use std::sync::OnceLock;

mod content;
pub mod control;
mod convention;
mod grammar;
mod language;
mod length;
mod notation;
mod readability;
mod rhythm;
mod scan;
mod style;
mod words;

/// The rule's documentation, in Japanese, printed by `noveler explain CODE`.
#[derive(Clone, Copy, Debug)]
pub struct RuleDoc {
    /// 何を: what the rule detects.
    pub what: &'static str,
    /// なぜ: why it matters to readers of a web novel.
    pub why: &'static str,
    /// 例: a text that fires the rule.
    pub example: &'static str,
    /// 修正例: the same text fixed.
    pub fixed: &'static str,
}

#[derive(Clone, Copy, Debug)]
pub struct RuleMeta {
    /// Stable code, e.g. `CONSECUTIVE_LONG_SENTENCES`. Never reused for a new meaning.
    pub code: &'static str,
    pub aspect: Aspect,
    /// Severity when the rule does not compute one itself and the config does not override.
    pub default_severity: Severity,
    /// One line in English for `noveler rules`.
    pub summary: &'static str,
    /// The level of the fix it offers, if it offers one.
    pub fix: Option<Applicability>,
    pub doc: RuleDoc,
}

/// What a rule sees.
pub struct RuleContext<'d, 'a> {
    pub doc: &'d Document<'a>,
    pub settings: &'d Settings,
    pub metrics: &'d Metrics,
    /// The body's words, tokenised on first use (none without a dictionary).
    pub words: &'d Words<'d, 'd>,
}

/// What a rule's findings depend on: whether they can be kept per line from one analysis
/// of an edited text to the next (`analysis::incremental`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The findings on a body line depend only on that line (its source and displayed text;
    /// for a paragraph, its kind, sentences and words) and the settings, and lie on it,
    /// edits and all. Such a rule reads nothing else of the document: no other line, no
    /// metrics, sections, voices, scene breaks or totals. Checked against whole-document
    /// runs by `incremental`'s tests.
    Line,
    /// Anything else: ratios and lengths, majorities and consistency across the text, runs
    /// across paragraphs or blank lines, scans of the whole source.
    Document,
}

pub trait Rule: Send + Sync {
    fn meta(&self) -> &'static RuleMeta;
    /// Pushes diagnostics for the document. Must not panic on any input.
    fn check(&self, cx: &RuleContext, out: &mut Diagnostics);
    /// What its findings depend on; `Document` unless the rule says otherwise.
    fn scope(&self) -> Scope {
        Scope::Document
    }
}

/// All rules, sorted by code.
pub fn registry() -> &'static [&'static dyn Rule] {
    static REGISTRY: OnceLock<Vec<&'static dyn Rule>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut all: Vec<&'static dyn Rule> = [
            rhythm::RULES,
            readability::RULES,
            grammar::RULES,
            notation::RULES,
            style::RULES,
            length::RULES,
            content::RULES,
            control::RULES,
            language::RULES,
        ]
        .concat();
        all.sort_by_key(|r| r.meta().code);
        all
    })
}

/// Whether an enabled rule reads words, i.e. whether a caller should load the dictionary.
pub(crate) fn needs_words(settings: &Settings) -> bool {
    language::RULES
        .iter()
        .chain(language::WORD_READERS)
        .any(|r| settings.is_enabled(r.meta().code, r.meta().aspect))
}

/// Whether `pattern` is a valid collocation pattern (`word_lists.homophones` etc.); the
/// reason in Japanese when it is not.
pub fn check_pattern(pattern: &str) -> Result<(), String> {
    language::check_pattern(pattern)
}

/// The rule with this code.
pub(crate) fn lookup(code: &str) -> Option<&'static dyn Rule> {
    let all = registry();
    all.binary_search_by_key(&code, |r| r.meta().code)
        .ok()
        .map(|i| all[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_documented() {
        let all = registry();
        for pair in all.windows(2) {
            assert!(
                pair[0].meta().code < pair[1].meta().code,
                "duplicate or unsorted"
            );
        }
        for rule in all {
            let m = rule.meta();
            assert!(
                !m.doc.what.is_empty() && !m.doc.why.is_empty(),
                "{}",
                m.code
            );
            assert!(lookup(m.code).is_some());
        }
    }
}
