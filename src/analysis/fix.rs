//! Fixes are data: a set of byte-range edits with an applicability level. One `apply`
//! serves `polish` and `check_fix`.

use super::finding::keywords;
use super::segment::{char_class, BodyLine, CharClass, Document};
use super::{Settings, Span};
#[cfg(test)]
use regex::Regex;
use serde::{Deserialize, Serialize};
use std::ops::Range;
#[cfg(test)]
use std::sync::OnceLock;

keywords! {
    /// How safe a fix is to apply unattended (the seeds' fix levels).
    /// Ordered: `Safe < Standard < Aggressive`; a level allows every fix at or below it.
    pub enum Applicability {
        /// Mechanical, meaning-preserving (…/―― normalisation, whitespace hygiene).
        Safe => "safe",
        /// Conventional style changes an author usually wants (indent, 。」).
        Standard => "standard",
        /// Changes that may alter nuance; review the diff.
        Aggressive => "aggressive",
    }
}

/// Replace `byte_start..byte_end` of the normalised text with `replacement`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Edit {
    pub byte_start: usize,
    pub byte_end: usize,
    pub replacement: String,
}

impl Edit {
    pub fn replace(span: Span, replacement: impl Into<String>) -> Edit {
        Edit {
            byte_start: span.start,
            byte_end: span.end,
            replacement: replacement.into(),
        }
    }

    pub fn insert(at: usize, text: impl Into<String>) -> Edit {
        Edit::replace(Span::new(at, at), text)
    }

    pub fn delete(span: Span) -> Edit {
        Edit::replace(span, "")
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Fix {
    pub applicability: Applicability,
    /// Japanese, e.g. 「...」を「……」に置き換える.
    pub description: String,
    pub edits: Vec<Edit>,
}

impl Fix {
    pub fn new(
        applicability: Applicability,
        description: impl Into<String>,
        edits: Vec<Edit>,
    ) -> Fix {
        Fix {
            applicability,
            description: description.into(),
            edits,
        }
    }

    fn span(&self) -> Span {
        let start = self.edits.iter().map(|e| e.byte_start).min().unwrap_or(0);
        let end = self.edits.iter().map(|e| e.byte_end).max().unwrap_or(0);
        Span::new(start, end)
    }
}

/// Result of applying a set of fixes once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    pub text: String,
    /// Indices (into the input slice) of the fixes applied, in text order.
    pub applied: Vec<usize>,
    /// Indices skipped because they overlapped an earlier fix or were out of bounds.
    pub skipped: Vec<usize>,
}

/// Applies non-overlapping fixes in text order; a fix whose edits overlap one already taken
/// (or that is out of bounds / off a char boundary) is skipped whole, to be retried by the
/// caller on the re-analysed text. Bytes outside the edit ranges never change.
pub fn apply(text: &str, fixes: &[&Fix]) -> Applied {
    let mut order: Vec<usize> = (0..fixes.len()).collect();
    order.sort_by_key(|&i| (fixes[i].span(), i));
    let mut taken: Vec<usize> = Vec::new();
    let mut skipped = Vec::new();
    let mut last_end = 0usize;
    let mut first = true;
    for i in order {
        let fix = fixes[i];
        let mut edits: Vec<&Edit> = fix.edits.iter().collect();
        edits.sort_by_key(|e| (e.byte_start, e.byte_end));
        let valid = !edits.is_empty()
            && edits.iter().all(|e| {
                e.byte_start <= e.byte_end
                    && e.byte_end <= text.len()
                    && text.is_char_boundary(e.byte_start)
                    && text.is_char_boundary(e.byte_end)
            })
            && edits.windows(2).all(|w| w[0].byte_end <= w[1].byte_start);
        let span = fix.span();
        if !valid || (!first && span.start < last_end) {
            skipped.push(i);
            continue;
        }
        first = false;
        last_end = span.end.max(last_end);
        taken.push(i);
    }
    let mut all_edits: Vec<&Edit> = taken.iter().flat_map(|&i| fixes[i].edits.iter()).collect();
    all_edits.sort_by_key(|e| (e.byte_start, e.byte_end));
    let mut out = String::with_capacity(text.len());
    let mut cursor = 0;
    for edit in all_edits {
        out.push_str(&text[cursor..edit.byte_start]);
        out.push_str(&edit.replacement);
        cursor = edit.byte_end;
    }
    out.push_str(&text[cursor..]);
    Applied {
        text: out,
        applied: taken,
        skipped,
    }
}

/// Source byte ranges of markup that a fix must never cut into: ruby `｜基《よみ》` /
/// `|基《よみ》` (bar, base and reading), bare ruby `漢字《よみ》` (kanji base and reading),
/// emphasis `《《傍点》》`, Aozora annotations `［＃…］`, and every other source byte of a body
/// line that the text model did not display (masked markup). The patterns of SPEC §2.2 are
/// matched on the source; they may protect slightly more than the model masks, which only
/// ever costs a fix, never corrupts markup.
#[derive(Clone, Debug, Default)]
pub struct MarkupGuard {
    /// Sorted by start.
    ranges: Vec<Range<usize>>,
    /// `max_end[i]` = the largest end among `ranges[..=i]`.
    max_end: Vec<usize>,
}

/// The SPEC §2.2 markup patterns as regular expressions: the reference `markup_ranges`
/// is tested against.
#[cfg(test)]
fn markup_patterns() -> &'static [Regex] {
    static PATTERNS: OnceLock<Vec<Regex>> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        [
            r"［＃[^］\n]*］",
            r"《《[^《》\n]+》》",
            r"[｜|][^｜|《》\n]+《[^《》\n]+》",
            r"[\x{3400}-\x{4DBF}\x{4E00}-\x{9FFF}\x{F900}-\x{FAFF}\x{20000}-\x{3134F}々〆〇〻]+《[^《》\n]+》",
        ]
        .iter()
        .filter_map(|p| Regex::new(p).ok())
        .collect()
    })
}

/// Length of the UTF-8 sequence that starts with byte `lead`.
fn utf8_len(lead: u8) -> usize {
    match lead {
        0..0x80 => 1,
        0xE0..0xF0 => 3,
        0xF0.. => 4,
        _ => 2,
    }
}

/// Offset of the first of `stops` in `text` at or after `from`, with the char found there.
fn first_of(text: &str, from: usize, stops: &[char]) -> Option<(usize, char)> {
    let rest = text.get(from..)?;
    let at = rest.find(stops)?;
    rest[at..].chars().next().map(|c| (from + at, c))
}

/// The matches of the four markup patterns, each pattern searched on its own, leftmost
/// first and without overlaps between its own matches (exactly what `find_iter` of the
/// regular expressions `［＃[^］\n]*］`, `《《[^《》\n]+》》`, `[｜|][^｜|《》\n]+《[^《》\n]+》` and
/// `<kanji>+《[^《》\n]+》` gives), as one sorted run per pattern. A match can only start at an
/// `［＃`, a bar or a `《` (or in the kanji run right before one), so only those are looked at.
fn markup_ranges(source: &str) -> Vec<Range<usize>> {
    const OPEN: usize = '《'.len_utf8();
    let mut out = Vec::new();
    // The end of a reading that starts at `from`: a non-empty run free of 《》\n closed
    // by 》 (the offset after the 》).
    let reading_end = |from: usize| -> Option<usize> {
        match first_of(source, from, &['《', '》', '\n']) {
            Some((k, '》')) if k > from => Some(k + '》'.len_utf8()),
            _ => None,
        }
    };
    // ［＃…］
    let mut next = 0;
    for (s, _) in source.match_indices("［＃") {
        if s < next {
            continue;
        }
        if let Some((k, '］')) = first_of(source, s + "［＃".len(), &['］', '\n']) {
            next = k + '］'.len_utf8();
            out.push(s..next);
        }
    }
    // 《《…》》 and kanji《…》, both anchored at a 《.
    let mut ruby = Vec::new();
    let (mut next_emphasis, mut next_ruby) = (0, 0);
    for (q, _) in source.match_indices('《') {
        if q >= next_emphasis && source[q + OPEN..].starts_with('《') {
            let from = q + 2 * OPEN;
            if let Some((j, '》')) = first_of(source, from, &['《', '》', '\n']) {
                if j > from && source[j + OPEN..].starts_with('》') {
                    next_emphasis = j + 2 * OPEN;
                    out.push(q..next_emphasis);
                }
            }
        }
        if q >= next_ruby {
            let run_start = source[..q]
                .char_indices()
                .rev()
                .take_while(|&(_, c)| char_class(c) == CharClass::Kanji)
                .last()
                .map(|(i, _)| i);
            if let (Some(r), Some(end)) = (run_start, reading_end(q + OPEN)) {
                next_ruby = end;
                ruby.push(r..end);
            }
        }
    }
    out.append(&mut ruby);
    // ｜基《よみ》 / |基《よみ》: the bars of both kinds, in text order.
    let mut bars: Vec<(usize, usize)> = source
        .match_indices('｜')
        .chain(source.match_indices('|'))
        .map(|(at, bar)| (at, bar.len()))
        .collect();
    bars.sort_unstable();
    let mut next = 0;
    for (s, len) in bars {
        if s < next {
            continue;
        }
        let from = s + len;
        if let Some((j, '《')) = first_of(source, from, &['｜', '|', '《', '》', '\n']) {
            if j > from {
                if let Some(end) = reading_end(j + OPEN) {
                    next = end;
                    out.push(s..end);
                }
            }
        }
    }
    out
}

/// Pushes the source ranges of body line `bl` that have no displayed character. Masking
/// only drops characters, so a line whose displayed text is as long as its source shows
/// all of it.
fn masked_ranges(doc: &Document, bl: &BodyLine, ranges: &mut Vec<Range<usize>>) {
    if bl.display.len() == bl.span.len() {
        return;
    }
    let mut cursor = bl.span.start;
    let end = bl.display.end.min(doc.display.len());
    let (Some(line), Some(map)) = (
        doc.display.as_bytes().get(bl.display.start..end),
        doc.display_map.get(bl.display.start..end),
    ) else {
        return;
    };
    // Char by char (the display map holds the source offset of each char at its first
    // byte), without decoding the chars.
    let mut i = 0;
    while let (Some(&lead), Some(&off)) = (line.get(i), map.get(i)) {
        let off = off as usize;
        if off > cursor {
            ranges.push(cursor..off);
        }
        let len = utf8_len(lead);
        cursor = cursor.max(off + len);
        i += len;
    }
    if cursor < bl.span.end {
        ranges.push(cursor..bl.span.end);
    }
}

/// Whether `span` touches one of `ranges` (shares at least one byte with it, or is an
/// insertion point strictly inside it): the definition `MarkupGuard::touches` implements.
fn touches_any(ranges: &[Range<usize>], span: Span) -> bool {
    ranges.iter().any(|r| {
        if span.is_empty() {
            r.start < span.start && span.start < r.end
        } else {
            span.start < r.end && r.start < span.end
        }
    })
}

/// What a fix must not cut into: `MarkupGuard` and `LazyGuard`.
pub trait Protects {
    /// Whether `span` touches protected markup (shares at least one byte with it, or is an
    /// insertion point strictly inside it).
    fn touches(&self, span: Span) -> bool;

    /// Whether every edit stays clear of protected markup (boundaries may touch).
    fn allows(&self, edits: &[Edit]) -> bool {
        edits
            .iter()
            .all(|e| !self.touches(Span::new(e.byte_start, e.byte_end)))
    }
}

impl MarkupGuard {
    pub fn new(doc: &Document) -> MarkupGuard {
        let mut ranges = markup_ranges(doc.source);
        for bl in &doc.body_lines {
            masked_ranges(doc, bl, &mut ranges);
        }
        // A handful of sorted runs: the stable sort merges them in linear time.
        ranges.sort_by_key(|r| (r.start, r.end));
        ranges.dedup();
        let max_end = ranges
            .iter()
            .scan(0usize, |m, r| {
                *m = (*m).max(r.end);
                Some(*m)
            })
            .collect();
        MarkupGuard { ranges, max_end }
    }

    /// The protected source ranges, sorted by start (they may overlap).
    pub fn ranges(&self) -> &[Range<usize>] {
        &self.ranges
    }

    /// Whether `span` touches protected markup (shares at least one byte with it, or is an
    /// insertion point strictly inside it).
    pub fn touches(&self, span: Span) -> bool {
        // Ranges starting before the end of the span (before the point, for an insertion)
        // are candidates; one of them reaches past the span start iff their max end does.
        let bound = if span.is_empty() {
            self.ranges.partition_point(|r| r.start < span.start)
        } else {
            self.ranges.partition_point(|r| r.start < span.end)
        };
        bound > 0 && self.max_end[bound - 1] > span.start
    }

    /// Whether every edit stays clear of protected markup (boundaries may touch).
    pub fn allows(&self, edits: &[Edit]) -> bool {
        edits
            .iter()
            .all(|e| !self.touches(Span::new(e.byte_start, e.byte_end)))
    }
}

impl Protects for MarkupGuard {
    fn touches(&self, span: Span) -> bool {
        MarkupGuard::touches(self, span)
    }
}

/// A `MarkupGuard` built on first use: most rules find nothing to fix in most documents.
///
/// As a `Protects` it does not build the guard of the whole document: every markup
/// pattern and every masked range lies within one line, so a span is checked against the
/// protected ranges of the lines it lies on, computed when first asked for (the last line
/// asked for is kept: a rule walks the text in order). Same answers as `get().touches`.
pub struct LazyGuard<'d, 'a> {
    doc: &'d Document<'a>,
    cell: std::cell::OnceCell<MarkupGuard>,
    /// (0-based line, its protected ranges).
    line: std::cell::RefCell<Option<(usize, Vec<Range<usize>>)>>,
}

impl<'d, 'a> LazyGuard<'d, 'a> {
    pub fn new(doc: &'d Document<'a>) -> Self {
        LazyGuard {
            doc,
            cell: std::cell::OnceCell::new(),
            line: std::cell::RefCell::new(None),
        }
    }

    pub fn get(&self) -> &MarkupGuard {
        self.cell.get_or_init(|| MarkupGuard::new(self.doc))
    }

    /// Whether `span` touches protected markup on 0-based source line `line`.
    fn line_touches(&self, line: usize, span: Span) -> bool {
        let mut cache = self.line.borrow_mut();
        if let Some((l, ranges)) = cache.as_ref() {
            if *l == line {
                return touches_any(ranges, span);
            }
        }
        let doc = self.doc;
        let bounds = doc.lines.line_span(doc.source, line);
        let mut ranges: Vec<Range<usize>> = doc
            .source
            .get(bounds.range())
            .map(markup_ranges)
            .unwrap_or_default()
            .into_iter()
            .map(|r| bounds.start + r.start..bounds.start + r.end)
            .collect();
        if let Ok(i) = doc.body_lines.binary_search_by_key(&line, |bl| bl.line) {
            masked_ranges(doc, &doc.body_lines[i], &mut ranges);
        }
        let touches = touches_any(&ranges, span);
        *cache = Some((line, ranges));
        touches
    }
}

impl Protects for LazyGuard<'_, '_> {
    fn touches(&self, span: Span) -> bool {
        if let Some(guard) = self.cell.get() {
            return guard.touches(span);
        }
        let lines = &self.doc.lines;
        if span.end > self.doc.source.len() || span.start > span.end {
            return self.get().touches(span);
        }
        // A protected range touched by a non-empty span shares a byte with it, so lies on
        // a line of one of its bytes; one holding an insertion point strictly inside lies
        // on the line of the point.
        let first = lines.line_of(span.start);
        let last = if span.is_empty() {
            first
        } else {
            lines.line_of(span.end - 1)
        };
        (first..=last).any(|line| self.line_touches(line, span))
    }
}

/// An edit replacing the source of the displayed range `display` of `doc`, or `None` when
/// that is not a plain, contiguous piece of source text (masked markup inside it) or when
/// it would cut into ruby / emphasis / annotation markup.
pub(crate) fn display_edit(
    doc: &Document,
    guard: &impl Protects,
    display: Range<usize>,
    replacement: impl Into<String>,
) -> Option<Edit> {
    if display.end > doc.display.len()
        || !doc.display.is_char_boundary(display.start)
        || !doc.display.is_char_boundary(display.end)
        || display.start > display.end
    {
        return None;
    }
    let span = doc.source_span(display.clone());
    if span.end > doc.source.len() || doc.source.get(span.range())? != &doc.display[display] {
        return None;
    }
    let edit = Edit::replace(span, replacement);
    guard.allows(std::slice::from_ref(&edit)).then_some(edit)
}

/// An insertion right after the displayed range `after` (at the source end of its last
/// character), or `None` when that point lies inside protected markup.
pub(crate) fn display_insert_after(
    doc: &Document,
    guard: &impl Protects,
    after: Range<usize>,
    text: impl Into<String>,
) -> Option<Edit> {
    if after.is_empty()
        || after.end > doc.display.len()
        || !doc.display.is_char_boundary(after.start)
        || !doc.display.is_char_boundary(after.end)
    {
        return None;
    }
    let span = doc.source_span(after);
    let edit = Edit::insert(span.end, text);
    (span.end <= doc.source.len() && doc.source.is_char_boundary(span.end))
        .then_some(())
        .filter(|_| guard.allows(std::slice::from_ref(&edit)))
        .map(|_| edit)
}

/// Whether `c` is a kanji in the sense of SPEC §2.6.
pub(crate) fn is_kanji(c: char) -> bool {
    char_class(c) == CharClass::Kanji
}

/// One fix applied by `apply_until_stable`, for the author's change log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct AppliedFix {
    /// The id of the finding whose fix was applied, in the text of the pass that applied it
    /// (for the first pass: the id a check of the original text reports).
    pub finding_id: String,
    /// The rule code whose fix was applied.
    pub code: String,
    /// Source text the fix replaced (from its first to its last edited byte).
    pub before: String,
    /// The same region after the fix.
    pub after: String,
    /// 1-based line of the finding in the text of the pass that applied it.
    pub line: usize,
}

/// Most analyse-and-apply passes `apply_until_stable` makes.
pub const MAX_PASSES: usize = 10;

/// Applies the fixes of level `level` or below (of the rules in `codes` only, when given)
/// to `text`, re-analysing after each pass, until no such fix is left, nothing more can
/// be applied, or `MAX_PASSES` passes were made. Pure: the same input gives the same
/// output. Returns the fixed text and every fix applied, in order.
pub fn apply_until_stable(
    text: &str,
    settings: &Settings,
    level: Applicability,
    codes: Option<&[&str]>,
) -> (String, Vec<AppliedFix>) {
    apply_until_stable_with(text, settings, level, codes, None)
}

/// `apply_until_stable` with a dictionary, so that the word rules' fixes apply too.
pub(crate) fn apply_until_stable_with(
    text: &str,
    settings: &Settings,
    level: Applicability,
    codes: Option<&[&str]>,
    lexicon: Option<&super::morph::Lexicon>,
) -> (String, Vec<AppliedFix>) {
    let mut current = text.to_string();
    let mut log = Vec::new();
    for _ in 0..MAX_PASSES {
        let analysis = super::analyze_with(&current, "", settings, lexicon);
        let chosen: Vec<&super::Finding> = analysis
            .findings
            .iter()
            .filter(|f| codes.is_none_or(|cs| cs.contains(&f.code.as_str())))
            .filter(|f| f.fix.as_ref().is_some_and(|x| x.applicability <= level))
            .collect();
        let fixes: Vec<&Fix> = chosen.iter().filter_map(|f| f.fix.as_ref()).collect();
        if fixes.is_empty() {
            break;
        }
        let applied = apply(&current, &fixes);
        if applied.applied.is_empty() || applied.text == current {
            break;
        }
        for &i in &applied.applied {
            let fix = fixes[i];
            let span = fix.span();
            let before = current.get(span.range()).unwrap_or_default().to_string();
            let mut after = String::new();
            let mut cursor = span.start;
            let mut edits: Vec<&Edit> = fix.edits.iter().collect();
            edits.sort_by_key(|e| (e.byte_start, e.byte_end));
            for e in edits {
                after.push_str(current.get(cursor..e.byte_start).unwrap_or_default());
                after.push_str(&e.replacement);
                cursor = e.byte_end;
            }
            after.push_str(current.get(cursor..span.end).unwrap_or_default());
            log.push(AppliedFix {
                finding_id: chosen[i].id.clone(),
                code: chosen[i].code.clone(),
                before,
                after,
                line: chosen[i].line,
            });
        }
        current = applied.text;
    }
    (current, log)
}

/// Helpers for the rule unit tests: run one rule on a text, apply its fixes.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::analysis::rules::{Rule, RuleContext};
    use crate::analysis::{metrics, Diagnostic};

    /// A diagnostic with the source text of its span.
    #[derive(Clone, Debug)]
    pub struct Found {
        pub message: String,
        pub span: Span,
        pub source_text: String,
        pub fix: Option<Fix>,
    }

    /// What one rule reports on a text, as `analyze` would run it (parse, metrics, check).
    pub fn check(rule: &dyn Rule, text: &str, settings: &Settings) -> Vec<Diagnostic> {
        check_with(
            rule,
            text,
            settings,
            Some(crate::analysis::morph::tests::lexicon()),
        )
    }

    /// `check` with the given dictionary, or none: what a rule reports when no words could
    /// be read.
    pub(crate) fn check_with(
        rule: &dyn Rule,
        text: &str,
        settings: &Settings,
        lexicon: Option<&crate::analysis::morph::Lexicon>,
    ) -> Vec<Diagnostic> {
        let doc = Document::parse(text);
        let metrics = metrics::compute(&doc, settings);
        let words = crate::analysis::morph::Words::new(&doc, lexicon);
        let cx = RuleContext {
            doc: &doc,
            settings,
            metrics: &metrics,
            words: &words,
        };
        let mut out = crate::analysis::Diagnostics::new();
        rule.check(&cx, &mut out);
        out.into_parts().0
    }

    /// The source texts `rule` flags in `text` (one line, a line end added) under the
    /// default settings: the word rules' tests read best as "what it points at".
    pub fn flagged(rule: &dyn Rule, text: &str) -> Vec<String> {
        source_texts(rule, &format!("{text}\n"))
    }

    /// The source texts `rule` flags in `text`, as given, under the default settings.
    pub(crate) fn source_texts(rule: &dyn Rule, text: &str) -> Vec<String> {
        diagnostics(rule, text, &Settings::default())
            .into_iter()
            .map(|f| f.source_text)
            .collect()
    }

    pub fn diagnostics(rule: &dyn Rule, text: &str, settings: &Settings) -> Vec<Found> {
        let mut out = check(rule, text, settings);
        out.sort_by_key(|d| (d.span.start, d.span.end));
        let meta = rule.meta();
        out.into_iter()
            .map(|d| {
                assert_eq!(d.code, meta.code);
                // A rule may report below its default (a disputed entry), never above.
                assert!(d.severity <= meta.default_severity, "{:?}", d.severity);
                if let Some(fix) = &d.fix {
                    assert_eq!(Some(fix.applicability), meta.fix);
                }
                assert!(d.span.start <= d.span.end && d.span.end <= text.len());
                assert!(text.is_char_boundary(d.span.start) && text.is_char_boundary(d.span.end));
                Found {
                    source_text: text[d.span.range()].to_string(),
                    message: d.message,
                    span: d.span,
                    fix: d.fix,
                }
            })
            .collect()
    }

    /// The text after applying, once, every fix the rule offers (overlaps skipped).
    pub fn fixed(rule: &dyn Rule, text: &str, settings: &Settings) -> String {
        let found = diagnostics(rule, text, settings);
        let fixes: Vec<&Fix> = found.iter().filter_map(|f| f.fix.as_ref()).collect();
        apply(text, &fixes).text
    }

    /// `fixed` on one line of text under the default settings (the line ending added for
    /// the rule and taken off again).
    pub fn fixed_line(rule: &dyn Rule, line: &str) -> String {
        fixed(rule, &format!("{line}\n"), &Settings::default())
            .trim_end()
            .to_string()
    }

    /// For every rule: the doc example fires it, the fixed example does not, and (for rules
    /// with a fix) fixing the example to a fixpoint gives exactly the fixed example, so
    /// `noveler explain` never shows an example the rule contradicts.
    pub(crate) fn assert_doc_examples(rules: &[&dyn Rule]) {
        let settings = Settings::default();
        for rule in rules {
            let m = rule.meta();
            let example = format!("{}\n", m.doc.example);
            let fixed_text = format!("{}\n", m.doc.fixed);
            assert!(
                !diagnostics(*rule, &example, &settings).is_empty(),
                "{}: example does not fire",
                m.code
            );
            assert!(
                diagnostics(*rule, &fixed_text, &settings).is_empty(),
                "{}: fixed example fires",
                m.code
            );
            if let Some(level) = m.fix {
                let (out, _) = apply_until_stable_with(
                    &example,
                    &settings,
                    level,
                    Some(&[m.code]),
                    Some(crate::analysis::morph::tests::lexicon()),
                );
                assert_eq!(out, fixed_text, "{}", m.code);
            }
        }
    }
}

#[cfg(test)]
mod tests;
