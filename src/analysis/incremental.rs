//! Analysing one text again and again as it is edited (the language server's open
//! documents, issue 35): what an analysis keeps for the next one of the same document.
//!
//! - Words: the paragraphs' tokens, by content (`morph::TokenCache`).
//! - Findings of the line-scoped rules (`rules::Scope::Line`), per body line,
//!   keyed by everything such a rule may read of it (its source line, displayed text,
//!   display map; a paragraph's kind and sentences), made under one set of settings. Only
//!   the lines the last analysis did not hold are checked again: the same rules, run on a
//!   document of just those lines that keeps the source offsets (`only`), their findings
//!   stored relative to their line and moved to where the line now is. The
//!   document-scoped rules (ratios, length, majorities, runs across paragraphs, runs of
//!   blank lines) run on the whole text each time.
//!
//! The result is the one a fresh analysis gives, ids, order, suppression and all (the
//! steps after the rules are the same); tests here compare the two over seeded random
//! edits. Where that could not hold — a line rule reporting off its own line, or
//! one code reaching the per-rule bound, where which findings are kept depends on the
//! order rules emit them — the rules run on the whole text instead (counted).

use super::cancel::Cancel;
use super::finding::{Diagnostic, Overflow, MAX_DIAGNOSTICS_PER_RULE};
use super::morph::{Lexicon, ParagraphWords, TokenCache, Words};
use super::rules::{Rule, RuleContext, Scope};
use super::segment::{BodyLine, Document, Paragraph, ParagraphKind, Sentence};
use super::{Diagnostics, Settings, Span};
use std::collections::HashMap;
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// What one edited document keeps from one analysis to the next. Holds at most one
/// text's paragraphs (those of the last analysis), so memory stays flat however long
/// the editing goes on.
pub struct EditCache {
    tokens: Option<TokenCache>,
    rules: RuleCache,
}

impl std::fmt::Debug for EditCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "EditCache({:?})", self.work())
    }
}

impl EditCache {
    /// A cache for one document; words are kept when `lexicon` (the process's dictionary)
    /// is given.
    pub fn new(lexicon: Option<&'static Lexicon>) -> EditCache {
        EditCache {
            tokens: lexicon.map(TokenCache::new),
            rules: RuleCache::default(),
        }
    }

    pub(crate) fn tokens(&self) -> Option<&TokenCache> {
        self.tokens.as_ref()
    }

    /// The work done through this cache so far.
    pub fn work(&self) -> Work {
        let n = |a: &AtomicUsize| a.load(Ordering::Relaxed);
        Work {
            analyses: n(&self.rules.analyses),
            lines: n(&self.rules.lines),
            lines_checked: n(&self.rules.lines_checked),
            rule_runs: n(&self.rules.rule_runs),
            whole_runs: n(&self.rules.whole_runs),
            tokenised: self.tokens.as_ref().map_or(0, TokenCache::tokenised),
        }
    }
}

/// Work counted through an `EditCache` (sums over its analyses).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Analyses that ran their rules through the cache.
    pub analyses: usize,
    /// Body lines of the texts analysed.
    pub lines: usize,
    /// Body lines the line rules were run on (the others' findings were kept).
    pub lines_checked: usize,
    /// Rules run (a line rule run on the changed lines counts once).
    pub rule_runs: usize,
    /// Analyses whose rules all ran on the whole text (see the module doc).
    pub whole_runs: usize,
    /// Paragraphs tokenised (the others' words were kept).
    pub tokenised: usize,
}

impl std::fmt::Display for Work {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let per = |n: usize| n as f64 / self.analyses.max(1) as f64;
        write!(
            f,
            "{} analyses; per analysis: {:.2} of {:.0} body lines checked by the line \
             rules, {:.2} paragraphs tokenised, {:.1} rules run; {} on the whole text",
            self.analyses,
            per(self.lines_checked),
            per(self.lines),
            per(self.tokenised),
            per(self.rule_runs),
            self.whole_runs
        )
    }
}

/// The findings of line rules, per body line (see the module doc).
#[derive(Default)]
struct RuleCache {
    state: Mutex<State>,
    analyses: AtomicUsize,
    lines: AtomicUsize,
    lines_checked: AtomicUsize,
    rule_runs: AtomicUsize,
    whole_runs: AtomicUsize,
}

#[derive(Default)]
struct State {
    /// What the entries were made under: the settings, whether there were words, the
    /// line rules that ran.
    made_with: Option<(Settings, bool, Vec<&'static str>)>,
    /// Findings of a paragraph, spans and edits relative to its line's start, in the
    /// order the rules emitted them.
    entries: HashMap<LineKey, Arc<[Diagnostic]>>,
}

/// Everything a line rule may read of a body line, offsets relative to the line: its
/// source and displayed text, the display map and, when it is a paragraph, its kind and
/// sentences.
#[derive(Debug, PartialEq, Eq, Hash)]
struct LineKey {
    source: Box<str>,
    display: Box<str>,
    /// The display map of the line (its `\n` included), relative to the line's start.
    map: Box<[u32]>,
    paragraph: Option<ParagraphKey>,
}

#[derive(Debug, PartialEq, Eq, Hash)]
struct ParagraphKey {
    kind: ParagraphKind,
    chars: usize,
    indented: bool,
    annotated: bool,
    sentences: Box<[SentenceKey]>,
}

/// A sentence's display range and source span relative to its line, length, 読点,
/// dialogue, quoted.
type SentenceKey = (Range<usize>, Range<usize>, usize, usize, bool, bool);

impl LineKey {
    fn of(doc: &Document, bl: &BodyLine, paragraph: Option<&Paragraph>) -> LineKey {
        let (at, from) = (bl.span.start, bl.display.start);
        let line_map = doc
            .display_map
            .get(from..=bl.display.end)
            .unwrap_or_default();
        LineKey {
            source: doc.text(bl.span).into(),
            display: doc.display[bl.display.clone()].into(),
            map: line_map
                .iter()
                .map(|&o| o.wrapping_sub(at as u32))
                .collect(),
            paragraph: paragraph.map(|p| ParagraphKey {
                kind: p.kind,
                chars: p.chars,
                indented: p.indented,
                annotated: p.annotated,
                sentences: doc.sentences[p.sentences.clone()]
                    .iter()
                    .map(|s| {
                        (
                            s.display.start - from..s.display.end - from,
                            s.span.start - at..s.span.end - at,
                            s.length,
                            s.commas,
                            s.dialogue,
                            s.quoted,
                        )
                    })
                    .collect(),
            }),
        }
    }
}

/// Per body line of `doc`, the paragraph on it.
fn paragraph_of_line(doc: &Document) -> Vec<Option<usize>> {
    let mut of = vec![None; doc.body_lines.len()];
    for (i, p) in doc.paragraphs.iter().enumerate() {
        if let Some(slot) = of.get_mut(p.body_line) {
            *slot = Some(i);
        }
    }
    of
}

/// Runs `rules` over `cx` through `cache`: the line rules' findings of lines the
/// cache holds are taken from it, the rest run (see the module doc). What `run_rules`
/// gives, as its parts; `None` when `cancel` was set (the cache is then left as it was).
pub(crate) fn run_rules(
    cache: &EditCache,
    rules: &[&dyn Rule],
    cx: &RuleContext,
    cancel: Cancel,
) -> Option<(Vec<Diagnostic>, Vec<Overflow>)> {
    let c = &cache.rules;
    let (local, whole): (Vec<&dyn Rule>, Vec<&dyn Rule>) = rules
        .iter()
        .copied()
        .partition(|r| r.scope() == Scope::Line);
    let doc = cx.doc;
    let of_line = paragraph_of_line(doc);
    let keys: Vec<LineKey> = doc
        .body_lines
        .iter()
        .zip(&of_line)
        .map(|(bl, p)| LineKey::of(doc, bl, p.map(|p| &doc.paragraphs[p])))
        .collect();
    let made_with = (
        cx.settings.clone(),
        cx.words.available(),
        local.iter().map(|r| r.meta().code).collect::<Vec<_>>(),
    );
    // This text's entries (two lines alike share one), and the lines to check.
    let mut kept: HashMap<&LineKey, Arc<[Diagnostic]>> = HashMap::new();
    let mut missing = Vec::new();
    {
        let state = c.state.lock().unwrap_or_else(|e| e.into_inner());
        let fresh = state.made_with.as_ref() == Some(&made_with);
        let mut seen = std::collections::HashSet::new();
        for (i, k) in keys.iter().enumerate() {
            if !seen.insert(k) {
                continue;
            }
            match state.entries.get(k).filter(|_| fresh) {
                Some(found) => {
                    kept.insert(k, found.clone());
                }
                None => missing.push(i),
            }
        }
    }
    let whole_rules = |rules: &[&dyn Rule]| super::run_rules(rules, cx, cancel);
    let fresh = if missing.is_empty() || local.is_empty() {
        Some(vec![Vec::new(); missing.len()])
    } else {
        line_findings(&local, cx, &missing, cancel)?
    };
    let Some(fresh) = fresh else {
        // A line rule reported off its line: nothing of it can be kept.
        let all = whole_rules(rules)?;
        c.count(keys.len(), keys.len(), rules.len(), true);
        return Some(all.into_parts());
    };
    for (&i, found) in missing.iter().zip(fresh) {
        kept.insert(&keys[i], found.into());
    }
    let mut sink = Diagnostics::new();
    let mut listed = 0;
    for (bl, k) in doc.body_lines.iter().zip(&keys) {
        let Some(found) = kept.get(k) else { continue };
        listed += found.len();
        if listed >= MAX_DIAGNOSTICS_PER_RULE {
            break;
        }
        for d in found.iter() {
            sink.push(moved(d, bl.span.start, true));
        }
    }
    let found: Vec<Option<Arc<[Diagnostic]>>> = keys.iter().map(|k| kept.get(k).cloned()).collect();
    drop(kept);
    let entries: HashMap<LineKey, Arc<[Diagnostic]>> = keys
        .into_iter()
        .zip(found)
        .filter_map(|(k, found)| Some((k, found?)))
        .collect();
    let lines = doc.body_lines.len();
    let result = if listed >= MAX_DIAGNOSTICS_PER_RULE {
        // Which of a flood of one code are kept depends on the order rules emit them.
        let all = whole_rules(rules)?;
        c.count(lines, lines, rules.len(), true);
        all
    } else {
        let rest = whole_rules(&whole)?;
        let ran = if missing.is_empty() { 0 } else { local.len() };
        c.count(lines, missing.len(), whole.len() + ran, false);
        sink.append(rest);
        sink
    };
    let mut state = c.state.lock().unwrap_or_else(|e| e.into_inner());
    state.made_with = Some(made_with);
    state.entries = entries;
    Some(result.into_parts())
}

impl RuleCache {
    fn count(&self, lines: usize, checked: usize, rule_runs: usize, whole: bool) {
        self.analyses.fetch_add(1, Ordering::Relaxed);
        self.lines.fetch_add(lines, Ordering::Relaxed);
        self.lines_checked.fetch_add(checked, Ordering::Relaxed);
        self.rule_runs.fetch_add(rule_runs, Ordering::Relaxed);
        self.whole_runs
            .fetch_add(usize::from(whole), Ordering::Relaxed);
    }
}

/// The findings of line rules `rules` on body lines `picked` of `cx` (in order), per
/// line, relative to its start. `Some(None)` when one lies off its line; `None` when
/// cancelled.
fn line_findings(
    rules: &[&dyn Rule],
    cx: &RuleContext,
    picked: &[usize],
    cancel: Cancel,
) -> Option<Option<Vec<Vec<Diagnostic>>>> {
    let doc = cx.doc;
    let (sub, from) = only(doc, picked);
    let words = if cx.words.available() {
        let all = cx.words.paragraphs();
        let mine = from
            .iter()
            .zip(&sub.paragraphs)
            .enumerate()
            .filter_map(|(k, (&i, p))| {
                let pw = all.get(i).filter(|pw| pw.paragraph == i)?;
                Some(ParagraphWords {
                    paragraph: k,
                    base: p.display.start,
                    tokens: pw.tokens.clone(),
                    speech: pw.speech.clone(),
                })
            })
            .collect();
        Words::given(&sub, cx.words.lexicon(), mine)
    } else {
        Words::new(&sub, None)
    };
    let sub_cx = RuleContext {
        doc: &sub,
        settings: cx.settings,
        metrics: cx.metrics,
        words: &words,
    };
    let (found, overflow) = super::run_rules(rules, &sub_cx, cancel)?.into_parts();
    if !overflow.is_empty() {
        return Some(None);
    }
    let mut out: Vec<Vec<Diagnostic>> = vec![Vec::new(); picked.len()];
    for d in found {
        // The picked line that holds the finding's start.
        let k = sub
            .body_lines
            .partition_point(|bl| bl.span.start <= d.span.start)
            .wrapping_sub(1);
        let Some(line) = sub.body_lines.get(k).map(|bl| bl.span) else {
            return Some(None);
        };
        let on_line = |s: Span| line.start <= s.start && s.end <= line.end;
        let edits_on_line = d.fix.as_ref().is_none_or(|f| {
            f.edits
                .iter()
                .all(|e| on_line(Span::new(e.byte_start, e.byte_end)))
        });
        if !on_line(d.span) || !edits_on_line {
            return Some(None);
        }
        out[k].push(moved(&d, line.start, false));
    }
    Some(Some(out))
}

/// `d` with its span and edits moved by `by` bytes: forward, or back when `!forward`.
fn moved(d: &Diagnostic, by: usize, forward: bool) -> Diagnostic {
    let shift = |o: usize| if forward { o + by } else { o - by };
    let mut d = d.clone();
    d.span = Span::new(shift(d.span.start), shift(d.span.end));
    if let Some(fix) = d.fix.as_mut() {
        for e in &mut fix.edits {
            e.byte_start = shift(e.byte_start);
            e.byte_end = shift(e.byte_end);
        }
    }
    d
}

/// The document of body lines `picked` of `doc` (indices, ascending) alone, with the
/// paragraphs on them: the same source and source offsets; their displayed text, display
/// map, sentences and words as in `doc`, the indices renumbered. What a line rule must
/// not read (sections, voices, quotations, headings, scene breaks, the totals) is empty.
/// Also the index in `doc` of each of its paragraphs.
pub(crate) fn only<'a>(doc: &Document<'a>, picked: &[usize]) -> (Document<'a>, Vec<usize>) {
    let of_line = paragraph_of_line(doc);
    let mut display = String::new();
    let mut display_map = Vec::new();
    let mut body_lines = Vec::with_capacity(picked.len());
    let mut paragraphs = Vec::with_capacity(picked.len());
    let mut from_paragraphs = Vec::with_capacity(picked.len());
    let mut sentences = Vec::new();
    let mut end_of_last = 0;
    for &l in picked {
        let bl = &doc.body_lines[l];
        let (from, base) = (bl.display.start, display.len());
        let moved = |r: &Range<usize>| r.start - from + base..r.end - from + base;
        display.push_str(&doc.display[bl.display.clone()]);
        display.push('\n');
        // The line's entries and its `\n`'s (the end of its source line).
        display_map.extend_from_slice(&doc.display_map[bl.display.start..=bl.display.end]);
        end_of_last = doc.display_map[bl.display.end];
        body_lines.push(BodyLine {
            display: moved(&bl.display),
            ..bl.clone()
        });
        let Some(i) = of_line[l] else { continue };
        let p = &doc.paragraphs[i];
        let first = sentences.len();
        sentences.extend(doc.sentences[p.sentences.clone()].iter().map(|s| Sentence {
            paragraph: paragraphs.len(),
            display: moved(&s.display),
            ..s.clone()
        }));
        paragraphs.push(Paragraph {
            body_line: body_lines.len() - 1,
            display: moved(&p.display),
            sentences: first..sentences.len(),
            ..p.clone()
        });
        from_paragraphs.push(i);
    }
    display_map.push(end_of_last);
    let sub = Document {
        source: doc.source,
        lines: doc.lines.clone(),
        body_lines,
        display,
        display_map,
        paragraphs,
        sentences,
        sections: Vec::new(),
        body_chars: 0,
        classes: Default::default(),
        dialogue_chars: 0,
        scene_breaks: Vec::new(),
        aozora: doc.aozora,
        headings: Vec::new(),
        quotations: Vec::new(),
        voices: Vec::new(),
    };
    (sub, from_paragraphs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::rules::registry;
    use crate::analysis::{analyze_hashed, analyze_with, metrics, morph, Settings};

    /// Web-novel furniture, Aozora markup, whitespace and punctuation slips, brackets and
    /// a quotation across paragraphs, lines outside the body: what a line rule might read
    /// beyond its line.
    const EDGES: &str = concat!(
        "---\ntitle: 端\n---\n# 第一話　端\n\n",
        "　彼は走った。。「待て」と言った……\n「まだだ!」\n\n\n\n◇◇◇\n\n",
        "【ステータス】\n名前：ルカ\n・剣術\n《レベルが上がりました》\n",
        "［＃ここから２字下げ］\n字下げの段落です。\n［＃ここで字下げ終わり］\n",
        "「長い台詞の始まり。\n「続きの段落。」\n",
        "　ｶﾀｶﾅと!?と--と...と・・・。　\n\t　タブ\n　　\n",
        "　｜漢字《かんじ》と《《傍点》》と来《こ》れる。見れる、食べれる。\n",
        "　出来る。できる。出来ない。できない。です。だ。\n```\nコード\n```\n",
        "　させていただきます。させていただきます。させていただきます。\n",
        "　全然大丈夫だ。ぜひ来てた。\u{7}制御。\n",
        "　しかし、扉は開かなかった。\n　しかし、彼は諦めなかった。\n",
    );

    fn texts() -> Vec<&'static str> {
        vec![
            EDGES,
            include_str!("../../fixtures/sample_project/40_原稿/第001話_潮墨の見習い.md"),
            include_str!("../../fixtures/language/planted_slips.md"),
            include_str!("../../fixtures/rules/grammar_style.md"),
            include_str!("../../fixtures/unicode/ruby_dialogue.md"),
            include_str!("../../fixtures/unicode/brackets.md"),
            include_str!("../../fixtures/unicode/scenes.md"),
            include_str!("../../fixtures/voices/episode_furniture.md"),
        ]
    }

    /// Settings under which the line rules that read lists and thresholds fire more.
    fn settings() -> Vec<Settings> {
        let mut listed = Settings {
            forbidden_expressions: vec!["◇".into(), "ステータス".into(), "走".into()],
            ..Settings::default()
        };
        listed.thresholds.long_sentence_low = 10;
        let mut literary = Settings::default();
        literary.set_preset(crate::analysis::settings::Preset::Literary);
        vec![Settings::default(), listed, literary]
    }

    fn sorted(mut ds: Vec<Diagnostic>) -> Vec<String> {
        ds.sort_by_key(|d| (d.span.start, d.code, d.span.end));
        ds.iter().map(|d| format!("{d:?}")).collect()
    }

    /// The claim `Scope::Line` makes, rule by rule: each body line checked alone (a
    /// document of that line, `only`) gets exactly the findings the whole text gets on it.
    #[test]
    fn line_rules_find_on_a_line_alone_what_they_find_on_it_in_the_whole_text() {
        let lexicon = Some(morph::tests::lexicon());
        let line_rules: Vec<&dyn Rule> = registry()
            .iter()
            .copied()
            .filter(|r| r.scope() == Scope::Line)
            .collect();
        assert!(line_rules.len() > 30, "{}", line_rules.len());
        for settings in settings() {
            for text in texts() {
                let doc = Document::parse(text);
                let metrics = metrics::compute(&doc, &settings);
                let words = Words::new(&doc, lexicon);
                let cx = RuleContext {
                    doc: &doc,
                    settings: &settings,
                    metrics: &metrics,
                    words: &words,
                };
                for rule in &line_rules {
                    let one = [*rule];
                    let whole = crate::analysis::run_rules(&one, &cx, Cancel::NEVER)
                        .expect("never cancelled")
                        .into_parts()
                        .0;
                    let mut alone = Vec::new();
                    for (l, bl) in doc.body_lines.iter().enumerate() {
                        let found = line_findings(&one, &cx, &[l], Cancel::NEVER)
                            .expect("never cancelled")
                            .unwrap_or_else(|| {
                                panic!("{}: a finding off line {}", rule.meta().code, bl.line)
                            });
                        alone.extend(found[0].iter().map(|d| moved(d, bl.span.start, true)));
                    }
                    assert_eq!(
                        sorted(alone),
                        sorted(whole),
                        "{} on {:?}…",
                        rule.meta().code,
                        text.chars().take(30).collect::<String>()
                    );
                }
            }
        }
    }

    /// A small seeded generator (xorshift64*): the same edits on every run.
    struct Seeded(u64);

    impl Seeded {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
        }
    }

    /// Pieces typed into a line: punctuation and brackets, ruby and emphasis, words of
    /// notation pairs and of both registers (which flip a majority), slips the line rules
    /// catch.
    const TYPED: &[&str] = &[
        "。",
        "、",
        "「",
        "」",
        "『",
        "』",
        "（",
        "）",
        "彼は",
        "出来る",
        "できる",
        "出来ない",
        "です。",
        "だ。",
        "でした。",
        "だった。",
        "……",
        "…",
        "!",
        "？",
        "ｶﾀｶﾅ",
        "｜漢字《かんじ》",
        "《",
        "》",
        "《《傍点》》",
        "見れる",
        "させていただきます",
        "１２３",
        "123",
        "　",
        "\t",
        "――",
        "―",
        "［＃２字下げ］",
        "来てた",
        "全然",
        "そして、",
        "そして",
        "こと",
        "事",
    ];

    /// Applies one pseudo-random edit to `text` and says what it was.
    fn edit(text: &mut String, rng: &mut Seeded, original: &str) -> String {
        let bounds: Vec<usize> = text
            .char_indices()
            .map(|(i, _)| i)
            .chain([text.len()])
            .collect();
        let at = bounds[rng.below(bounds.len())];
        match rng.below(40) {
            // Mostly typing and deleting inside a line, as an author does.
            0..=17 => {
                let piece = TYPED[rng.below(TYPED.len())];
                text.insert_str(at, piece);
                format!("insert {piece:?} at {at}")
            }
            18..=25 => {
                let line_end = text[at..].find('\n').map_or(text.len(), |e| at + e);
                let n = rng.below(8) + 1;
                let end = text[at..line_end]
                    .char_indices()
                    .nth(n)
                    .map_or(line_end, |(i, _)| at + i);
                text.replace_range(at..end, "");
                format!("delete {at}..{end}")
            }
            // A paragraph split in two, two joined, blank and scene-break lines.
            26..=28 => {
                text.insert(at, '\n');
                format!("split at {at}")
            }
            29..=31 => match text
                .match_indices('\n')
                .nth(rng.below(text.matches('\n').count()))
            {
                Some((i, _)) => {
                    text.remove(i);
                    format!("join at {i}")
                }
                None => "no line to join".into(),
            },
            32 | 33 => {
                let piece = ["\n\n", "\n◇\n", "\n　\n", "\n\n\n\n"][rng.below(4)];
                text.insert_str(at, piece);
                format!("insert {piece:?} at {at}")
            }
            // Every use of one spelling turned into the other: a majority flips.
            34 | 35 => {
                let (a, b) = [
                    ("出来", "でき"),
                    ("です。", "だ。"),
                    ("でき", "出来"),
                    ("だ。", "です。"),
                ][rng.below(4)];
                *text = text.replacen(a, b, 1 + rng.below(4));
                format!("{a} → {b}")
            }
            // Typing inside ruby or a bracket.
            36 | 37 => match text.find(['《', '「']) {
                Some(i) => {
                    let after = i + text[i..].chars().next().map_or(0, char::len_utf8);
                    text.insert(after, 'ア');
                    format!("insert in brackets at {after}")
                }
                None => "no brackets".into(),
            },
            38 => {
                text.clear();
                "delete everything".into()
            }
            _ => {
                *text = original.to_string();
                "paste the original back".into()
            }
        }
    }

    /// Analyses through one `EditCache`, edit after edit, equal fresh analyses of the same
    /// texts (ids, order, suppression, scores, overflow), and check only what changed.
    #[test]
    fn analyses_through_the_cache_equal_fresh_ones_over_seeded_random_edits() {
        let lexicon = Some(morph::tests::lexicon());
        let episode = include_str!("../../fixtures/sample_project/40_原稿/第002話_測量局の客.md");
        let original = format!(
            "{}\n<!-- noveler-disable-next-line LONG_SENTENCE -->\n{EDGES}",
            episode.lines().take(30).collect::<Vec<_>>().join("\n"),
        );
        for (seed, settings) in [(7, Settings::default()), (11, settings().remove(1))] {
            let cache = EditCache::new(lexicon);
            let mut rng = Seeded(seed);
            let mut text = original.clone();
            let edits = 100;
            let mut changed = 0;
            for step in 0..edits {
                let what = edit(&mut text, &mut rng, &original);
                let before = cache.work();
                let through = analyze_hashed(&text, "t.md", &settings, lexicon, None, Some(&cache));
                let fresh = analyze_with(&text, "t.md", &settings, lexicon);
                assert_eq!(through, fresh, "seed {seed}, edit {step}: {what}");
                changed += cache.work().lines_checked - before.lines_checked;
            }
            let work = cache.work();
            assert_eq!(work.analyses, edits);
            assert_eq!(work.whole_runs, 0, "{work}");
            // Most edits change one line; pasting the original back checks it all again.
            assert!(
                changed < work.lines / 5,
                "{changed} of {} lines checked",
                work.lines
            );
        }
    }
}
