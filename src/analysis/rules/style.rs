//! Rules of aspect `style` (SPEC §4): 約物 conventions of Japanese fiction (……, ――, ！　,
//! 。」, indentation, brackets) on the displayed text, and whitespace hygiene on the source
//! lines of the body. Every fix is an edit of source bytes that never cuts into ruby,
//! emphasis or annotation markup (`MarkupGuard`).

use super::convention;
use super::grammar::{char_at, char_before, runs};
use super::scan::{self, hit_runs, Needles};
use super::{Rule, RuleContext, RuleDoc, RuleMeta};
use crate::analysis::fix::{display_edit, display_insert_after, LazyGuard, Protects};
use crate::analysis::segment::{char_class, BodyLine, CharClass, Document, ParagraphKind};
use crate::analysis::settings::Preset;
use crate::analysis::Diagnostics;
use crate::analysis::{Applicability, Aspect, Diagnostic, Edit, Fix, Severity, Span};
use std::ops::Range;

pub(super) static RULES: &[&dyn Rule] = &[
    &EllipsisStyle,
    &EllipsisOddCount,
    &DashStyle,
    &ExclamationSpace,
    &HalfwidthExclamation,
    &PeriodBeforeClose,
    &IndentMissing,
    &BracketsMismatch,
    &TrailingSpaces,
    &TabFound,
    &DoubleSpaces,
    &EmptyLineRuns,
];

/// `n` rounded up to an even number, at least 2.
fn even_at_least_two(n: usize) -> usize {
    n.max(2).div_ceil(2) * 2
}

/// Runs the closure over every paragraph that holds one of `needles` (a paragraph without
/// one has nothing for the rule): (display offset of the paragraph, its text).
fn for_paragraphs_with(doc: &Document, needles: &[&Needles], mut f: impl FnMut(usize, &str)) {
    scan::paragraph_hits(doc, needles, |p, text, _| f(p.display.start, text));
}

fn ws(c: char) -> bool {
    matches!(c, ' ' | '\u{3000}' | '\t')
}

// ---------------------------------------------------------------------------------------
// ELLIPSIS_STYLE

pub struct EllipsisStyle;

static ELLIPSIS_STYLE: RuleMeta = RuleMeta {
    code: "ELLIPSIS_STYLE",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "Ellipsis written as ..., .., ・・・, 。。。 instead of ……",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what: "三点リーダー「…」の代わりに使われた「...」「..」「．．．」「・・・」「。。。」\
               「、、、」「‥」を検出し、「……」に置き換えます。半角のピリオドは英数字に\
               挟まれたもの（1..10）や英単語の直後のものは対象外です。",
        why: "小説では沈黙や余韻を「……」（三点リーダー二つ）で表すのが出版・投稿サイト共通の\
              慣習です。代用記号は行の高さや幅が揃わず、読者に素人っぽい印象を与えます。",
        example: "「そう・・・なんだ」\n　彼は黙り込んだ...。",
        fixed: "「そう……なんだ」\n　彼は黙り込んだ……。",
    },
};

/// Whether `c` may form a fake ellipsis run, and how many source chars make one `…`.
fn ellipsis_unit(c: char) -> Option<(usize, usize)> {
    // (minimum run length, characters per …)
    match c {
        '.' | '．' | '・' | '･' => Some((2, 3)),
        '。' | '、' => Some((3, 3)),
        '‥' => Some((1, 1)),
        _ => None,
    }
}

impl Rule for EllipsisStyle {
    fn meta(&self) -> &'static RuleMeta {
        &ELLIPSIS_STYLE
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        // A run of a unit at least as long as its minimum holds one of these.
        static ASCII: Needles = Needles::new(&[".."]);
        static RUNS: Needles = Needles::new(&["．．", "・・", "･･", "‥"]);
        // 。 and 、 are everywhere: a multi-string search would stop at each of them, while
        // a plain substring search skips them. Most texts have neither run.
        static PUNCTUATION: Needles = Needles::new(&["。。。", "、、、"]);
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        let mut sets = vec![&ASCII, &RUNS];
        if doc.display.contains("。。。") || doc.display.contains("、、、") {
            sets.push(&PUNCTUATION);
        }
        for_paragraphs_with(doc, &sets, |base, text| {
            let mut i = 0;
            while let Some(c) = char_at(text, i) {
                let Some((min, per)) = ellipsis_unit(c) else {
                    i += c.len_utf8();
                    continue;
                };
                let start = i;
                let mut n = 0;
                while char_at(text, i) == Some(c) {
                    i += c.len_utf8();
                    n += 1;
                }
                if n < min {
                    continue;
                }
                if c == '.' {
                    let before = char_before(text, start);
                    let after = char_at(text, i);
                    // 1..10, file.txt, Wait... : ASCII context, not Japanese prose.
                    if before.is_some_and(|b| b.is_ascii_alphanumeric())
                        || after.is_some_and(|a| a.is_ascii_alphanumeric())
                    {
                        continue;
                    }
                }
                let run = &text[start..i];
                let count = if per == 1 { n } else { n.div_ceil(per) };
                let replacement = "…".repeat(even_at_least_two(count));
                let range = base + start..base + i;
                let edit = display_edit(doc, &guard, range.clone(), replacement.clone());
                out.push(
                    Diagnostic::new(
                        ELLIPSIS_STYLE.code,
                        Severity::Low,
                        doc.source_span(range),
                        format!("「{run}」ではなく三点リーダー「{replacement}」を使います。"),
                    )
                    .with_suggestion(replacement.clone())
                    .with_edit_fix(
                        Applicability::Safe,
                        format!("「{run}」を「{replacement}」に置き換える"),
                        edit,
                    ),
                );
            }
        });
    }
}

// ---------------------------------------------------------------------------------------
// ELLIPSIS_ODD_COUNT

pub struct EllipsisOddCount;

static ELLIPSIS_ODD_COUNT: RuleMeta = RuleMeta {
    code: "ELLIPSIS_ODD_COUNT",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "A run of … of odd length",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what: "三点リーダー「…」が奇数個（一つ、三つ……）続いている箇所を検出し、一つ足して\
               偶数個にします。",
        why: "三点リーダーは二つ一組「……」で使うのが小説の表記の基本です。一つだけの「…」は\
              間が短く見え、表記の揺れとして目立ちます。",
        example: "「でも…」\n　沈黙が続いた………。",
        fixed: "「でも……」\n　沈黙が続いた…………。",
    },
};

impl Rule for EllipsisOddCount {
    fn meta(&self) -> &'static RuleMeta {
        &ELLIPSIS_ODD_COUNT
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        static ELLIPSIS: Needles = Needles::new(&["…"]);
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        scan::paragraph_hits(doc, &[&ELLIPSIS], |p, _, hits| {
            let base = p.display.start;
            for (s, e, n) in hit_runs(hits) {
                if n % 2 == 0 {
                    continue;
                }
                let range = base + s..base + e;
                let edit = display_insert_after(doc, &guard, range.clone(), "…");
                out.push(
                    Diagnostic::new(
                        ELLIPSIS_ODD_COUNT.code,
                        Severity::Low,
                        doc.source_span(range),
                        format!(
                            "三点リーダーが{n}個です。「……」のように偶数個（二つ一組）で使います。"
                        ),
                    )
                    .with_suggestion("…".repeat(n + 1))
                    .with_edit_fix(
                        Applicability::Safe,
                        format!("三点リーダーを一つ足して{}個にする", n + 1),
                        edit,
                    ),
                );
            }
        });
    }
}

// ---------------------------------------------------------------------------------------
// DASH_STYLE

pub struct DashStyle;

static DASH_STYLE: RuleMeta = RuleMeta {
    code: "DASH_STYLE",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "A dash that is not ―― (an even run of U+2015)",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what: "ダッシュとして使われた記号のうち「――」（U+2015 の偶数個）でないものを検出します：\
               「―」一つや三つ、全角ダッシュ「—」、罫線「─」、ダッシュ代わりの長音符「ーー」。\
               長音符は行頭・空白・記号の直後にあるときだけダッシュとみなします（「コーヒー」\
               「すごーい」は対象外）。記号だけの区切り行（「─────」）は個数を保ったまま\
               「―」に揃えます。",
        why: "小説のダッシュは「――」（二倍ダーシ）が標準です。罫線や長音符で代用すると、\
              フォントによって線が途切れたり太さが揃わなかったりします。",
        example: "ーーその時だった。\n「待て―」\n　彼は振り返った──。",
        fixed: "――その時だった。\n「待て――」\n　彼は振り返った――。",
    },
};

fn is_dash_char(c: char) -> bool {
    matches!(c, '―' | '—' | '─' | '━')
}

/// A letter of a word (kana, kanji, alphanumeric): after one, `ー` is a long-vowel mark.
fn is_word_char(c: char) -> bool {
    char_class(c) != CharClass::Other || c.is_alphanumeric()
}

/// The dash characters and `ー`, in this order (`ー` last).
static DASHES: Needles = Needles::new(&["―", "—", "─", "━", "ー"]);

/// Dash runs of a line, given the hits of `DASHES` in it: (start, end, char count). A run
/// starts at a dash character, or at `ー` that does not follow a letter, and continues over
/// dashes and `ー` (adjacent hits).
fn dash_runs_of_hits(text: &str, hits: &[scan::Hit]) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&(start, end, k)) = hits.get(i) {
        i += 1;
        let long_vowel = k == 4;
        if long_vowel && char_before(text, start).is_some_and(is_word_char) {
            continue;
        }
        let (mut end, mut n) = (end, 1);
        while let Some(&(_, e, _)) = hits.get(i).filter(|h| h.0 == end) {
            end = e;
            n += 1;
            i += 1;
        }
        out.push((start, end, n));
    }
    out
}

/// Dash runs of a line, char by char: the reference for `dash_runs_of_hits`.
#[cfg(test)]
fn dash_runs(text: &str) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(c) = char_at(text, i) {
        let starts =
            is_dash_char(c) || (c == 'ー' && !char_before(text, i).is_some_and(is_word_char));
        if !starts {
            i += c.len_utf8();
            continue;
        }
        let start = i;
        let mut n = 0;
        while let Some(d) = char_at(text, i).filter(|&d| is_dash_char(d) || d == 'ー') {
            i += d.len_utf8();
            n += 1;
        }
        out.push((start, i, n));
    }
    out
}

impl Rule for DashStyle {
    fn meta(&self) -> &'static RuleMeta {
        &DASH_STYLE
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        scan::paragraph_hits(doc, &[&DASHES], |p, text, hits| {
            let base = p.display.start;
            let content = text.trim_matches(ws);
            let separator = !content.is_empty()
                && content
                    .chars()
                    .all(|c| ws(c) || is_dash_char(c) || c == 'ー');
            for (s, e, n) in dash_runs_of_hits(text, hits) {
                let run = &text[s..e];
                let replacement = if separator {
                    "―".repeat(n)
                } else {
                    "―".repeat(even_at_least_two(n))
                };
                if run == replacement {
                    continue;
                }
                let range = base + s..base + e;
                let edit = display_edit(doc, &guard, range.clone(), replacement.clone());
                out.push(
                    Diagnostic::new(
                        DASH_STYLE.code,
                        Severity::Low,
                        doc.source_span(range),
                        format!(
                            "ダッシュ「{run}」は「{replacement}」（U+2015 を偶数個）で書くのが一般的です。"
                        ),
                    )
                    .with_suggestion(replacement.clone())
                    .with_edit_fix(
                        Applicability::Safe,
                        format!("「{run}」を「{replacement}」に置き換える"),
                        edit,
                    ),
                );
            }
        });
    }
}

// ---------------------------------------------------------------------------------------
// EXCLAMATION_SPACE

pub struct ExclamationSpace;

static EXCLAMATION_SPACE: RuleMeta = RuleMeta {
    code: "EXCLAMATION_SPACE",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "！/？ followed by text without a full-width space",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what: "文中の「！」「？」の直後に、全角スペース・空白・閉じ括弧・「！？、。」・行末\
               以外の文字が続いている箇所を検出し、全角スペースを入れます。",
        why: "感嘆符・疑問符の後に一字空けるのは小説表記の約束事です。詰まっていると文の\
              切れ目が分かりにくく、読者がつまずきます。",
        example: "「本当か？嘘だろ！信じられない」",
        fixed: "「本当か？　嘘だろ！　信じられない」",
    },
};

/// Characters that may follow `！`/`？` directly.
fn may_follow_exclamation(c: char) -> bool {
    matches!(
        c,
        '\u{3000}'
            | ' '
            | '\t'
            | '！'
            | '？'
            | '!'
            | '?'
            | '、'
            | '。'
            | '」'
            | '』'
            | '）'
            | ')'
            | '】'
            | '〉'
            | '》'
            | '〕'
            | '］'
            | ']'
            | '｝'
            | '}'
            | '”'
            | '’'
            | '"'
            | '\''
    )
}

impl Rule for ExclamationSpace {
    fn meta(&self) -> &'static RuleMeta {
        &EXCLAMATION_SPACE
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        static MARKS: Needles = Needles::new(&["！", "？"]);
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        let mut found = Vec::new();
        // Places where text goes on after ！？: with a space (the convention) or without.
        let mut places = 0;
        let out_all = out;
        let out = &mut found;
        scan::paragraph_hits(doc, &[&MARKS], |p, text, hits| {
            let base = p.display.start;
            for (s, e, _) in hit_runs(hits) {
                let Some(next) = char_at(text, e) else {
                    continue;
                };
                if matches!(next, '\u{3000}' | ' ') {
                    places += 1;
                }
                if may_follow_exclamation(next) {
                    continue;
                }
                places += 1;
                let run = &text[s..e];
                let range = base + s..base + e;
                let edit = display_insert_after(doc, &guard, range.clone(), "\u{3000}");
                out.push(
                    Diagnostic::new(
                        EXCLAMATION_SPACE.code,
                        Severity::Low,
                        doc.source_span(range),
                        format!("「{run}」の後に全角スペースがありません（次の文字「{next}」）。"),
                    )
                    .with_suggestion(format!("{run}\u{3000}"))
                    .with_edit_fix(
                        Applicability::Safe,
                        format!("「{run}」の後に全角スペースを入れる"),
                        edit,
                    ),
                );
            }
        });
        convention::report(
            found,
            places,
            |n, m| {
                format!(
                    "このファイルでは「！」「？」の後に文が続く{m}箇所のうち{n}箇所で全角スペースを空けていません。\
                     一字空けない書き方で一貫しているようです（最初の箇所のみ表示）。"
                )
            },
            out_all,
        );
    }
}

// ---------------------------------------------------------------------------------------
// HALFWIDTH_EXCLAMATION

pub struct HalfwidthExclamation;

static HALFWIDTH_EXCLAMATION: RuleMeta = RuleMeta {
    code: "HALFWIDTH_EXCLAMATION",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "Half-width ! or ? directly after Japanese text",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what: "日本語（ASCII 以外の文字）の直後にある半角の「!」「?」を検出し、全角「！」「？」\
               にします。後ろに文字が続く場合の全角スペースは EXCLAMATION_SPACE が補います。",
        why: "和文の中の半角記号は幅が狭く、縦書きでは横に寝てしまいます。全角に揃えるのが\
              一般的です。",
        example: "「行くぞ!」\n「本当に?」",
        fixed: "「行くぞ！」\n「本当に？」",
    },
};

impl Rule for HalfwidthExclamation {
    fn meta(&self) -> &'static RuleMeta {
        &HALFWIDTH_EXCLAMATION
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        static MARKS: Needles = Needles::new(&["!", "?"]);
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        scan::paragraph_hits(doc, &[&MARKS], |p, text, hits| {
            let base = p.display.start;
            for (s, e, _) in hit_runs(hits) {
                if char_before(text, s).is_none_or(|c| c.is_ascii()) {
                    continue;
                }
                let run = &text[s..e];
                let full: String = run
                    .chars()
                    .map(|c| if c == '!' { '！' } else { '？' })
                    .collect();
                let range = base + s..base + e;
                let edit = display_edit(doc, &guard, range.clone(), full.clone());
                out.push(
                    Diagnostic::new(
                        HALFWIDTH_EXCLAMATION.code,
                        Severity::Low,
                        doc.source_span(range),
                        format!("半角の「{run}」は全角「{full}」にします。"),
                    )
                    .with_suggestion(full.clone())
                    .with_edit_fix(
                        Applicability::Safe,
                        format!("「{run}」を「{full}」にする"),
                        edit,
                    ),
                );
            }
        });
    }
}

// ---------------------------------------------------------------------------------------
// PERIOD_BEFORE_CLOSE

pub struct PeriodBeforeClose;

static PERIOD_BEFORE_CLOSE: RuleMeta = RuleMeta {
    code: "PERIOD_BEFORE_CLOSE",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "。 right before a closing 」 or 』",
    fix: Some(Applicability::Standard),
    doc: RuleDoc {
        what: "閉じ括弧「」」「』」の直前の句点「。」を検出し、取り除きます。",
        why:
            "小説では会話文の最後の句点を省くのが一般的な表記です（「わかった。」→「わかった」）。\
              作品内で混在すると表記ゆれに見えます。",
        example: "「わかった。」\n『約束だよ。』",
        fixed: "「わかった」\n『約束だよ』",
    },
};

impl Rule for PeriodBeforeClose {
    fn meta(&self) -> &'static RuleMeta {
        &PERIOD_BEFORE_CLOSE
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        static PERIODS: Needles = Needles::new(&["。」", "。』"]);
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        let mut found = Vec::new();
        let out_all = out;
        let out = &mut found;
        scan::paragraph_hits(doc, &[&PERIODS], |p, _, hits| {
            let base = p.display.start;
            for &(i, _, k) in hits {
                let end = i + '。'.len_utf8();
                let close = if k == 0 { '」' } else { '』' };
                let range = base + i..base + end;
                let edit = display_edit(doc, &guard, range.clone(), "");
                out.push(
                    Diagnostic::new(
                        PERIOD_BEFORE_CLOSE.code,
                        Severity::Low,
                        doc.source_span(range),
                        format!("閉じ括弧「{close}」の直前の「。」は付けないのが一般的です。"),
                    )
                    .with_suggestion(close.to_string())
                    .with_edit_fix(
                        Applicability::Standard,
                        format!("「。{close}」を「{close}」にする"),
                        edit,
                    ),
                );
            }
        });
        if found.len() < convention::MIN_COUNT {
            out_all.extend(found);
            return;
        }
        convention::report(
            found,
            sentence_closings(doc),
            |n, m| {
                format!(
                    "このファイルでは会話の閉じ括弧の前に「。」を付ける書き方（。」）で一貫しています\
                     （閉じ括弧{m}個のうち{n}個、最初の箇所のみ表示）。Web小説では付けないのが一般的です。\
                     意図した表記なら preset: literary にするか、この規則を無効にしてください。"
                )
            },
            out_all,
        );
    }
}

/// Closing 」/』 where a 。 could stand before them (not right after ！？…― or another
/// closer).
fn sentence_closings(doc: &Document) -> usize {
    let mut prev = '\n';
    let mut n = 0;
    for c in doc.display.chars() {
        if matches!(c, '」' | '』')
            && !matches!(
                prev,
                '！' | '？' | '!' | '?' | '…' | '―' | '」' | '』' | '）' | '\n'
            )
        {
            n += 1;
        }
        prev = c;
    }
    n
}

// ---------------------------------------------------------------------------------------
// INDENT_MISSING

pub struct IndentMissing;

static INDENT_MISSING: RuleMeta = RuleMeta {
    code: "INDENT_MISSING",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "Narration paragraph without a leading full-width space",
    fix: Some(Applicability::Standard),
    doc: RuleDoc {
        what: "地の文の段落が全角スペース「　」で字下げされていない箇所を検出し、行頭に「　」を\
               入れます（半角スペースやタブで字下げしている場合はそれを「　」一つに置き換えます）。\
               括弧で始まる行（「（心の声）」など）、ダッシュで始まる行、［＃…字下げ］の注記で\
               始まる行、文字を含まない記号だけの行は対象外です。",
        why: "段落の頭を一字下げるのは日本語の文章の基本で、段落の切れ目を読者に示します。\
              字下げの有無が混在すると、段落の区切りが分かりにくくなります。",
        example: "彼は歩き出した。\n「待って」\n  振り返ると誰もいなかった。",
        fixed: "　彼は歩き出した。\n「待って」\n　振り返ると誰もいなかった。",
    },
};

/// Whether paragraph `prev` ends a quotation a following と-line continues: it ends with
/// 」/』, or an annotation lays it out (a quoted letter, a signature, verse).
fn continues_quotation(doc: &Document, prev: &crate::analysis::segment::Paragraph) -> bool {
    let source = doc.source.get(prev.span.range()).unwrap_or("");
    doc.paragraph_text(prev).trim_end().ends_with(['」', '』'])
        || source.starts_with("［＃")
        || (prev.indented && !source.starts_with('\u{3000}'))
}

fn starts_with_opening_bracket(c: char) -> bool {
    matches!(
        c,
        '「' | '『'
            | '（'
            | '('
            | '【'
            | '〈'
            | '《'
            | '〔'
            | '［'
            | '['
            | '｛'
            | '“'
            | '‘'
            | '"'
    )
}

impl Rule for IndentMissing {
    fn meta(&self) -> &'static RuleMeta {
        &INDENT_MISSING
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        let mut found = Vec::new();
        // Narration paragraphs that should be indented, indented or not.
        let mut places = 0;
        for (i, p) in doc.paragraphs.iter().enumerate() {
            if p.kind != ParagraphKind::Narration {
                continue;
            }
            let Some(line) = doc.source.get(p.span.range()) else {
                continue;
            };
            if line.starts_with("［＃") {
                continue;
            }
            let text = doc.paragraph_text(p);
            let content = text.trim_start_matches(ws);
            let Some(first) = content.chars().next() else {
                continue;
            };
            // と… right after a quotation (a line ending 」/』, or an indented block such as a
            // quoted letter or poem) goes on with its sentence (「…」\nと言った。): no new
            // paragraph, so no indent (the convention of older texts).
            let continues =
                first == 'と' && i > 0 && continues_quotation(doc, &doc.paragraphs[i - 1]);
            if continues
                || starts_with_opening_bracket(first)
                || is_dash_char(first)
                || first == 'ー'
                || !content.chars().any(is_word_char)
            {
                continue;
            }
            places += 1;
            if p.indented || line.starts_with('\u{3000}') {
                continue;
            }
            let lead = line.len() - line.trim_start_matches(ws).len();
            let (span, message) = if lead > 0 {
                (
                    Span::new(p.span.start, p.span.start + lead),
                    "段落の先頭が半角スペースやタブで字下げされています。全角スペース「　」一つにします。"
                        .to_string(),
                )
            } else {
                let len = line.chars().next().map(char::len_utf8).unwrap_or(0);
                (
                    Span::new(p.span.start, p.span.start + len),
                    "地の文の段落の先頭に全角スペースの字下げ「　」がありません。".to_string(),
                )
            };
            let edit = Edit::replace(Span::new(p.span.start, p.span.start + lead), "\u{3000}");
            let allowed = guard.allows(std::slice::from_ref(&edit));
            found.push(
                Diagnostic::new(INDENT_MISSING.code, Severity::Low, span, message)
                    .with_suggestion("行頭に「　」を入れる")
                    .with_edit_fix(
                        Applicability::Standard,
                        "段落の先頭を全角スペースで字下げする",
                        allowed.then_some(edit),
                    ),
            );
        }
        convention::report(
            found,
            places,
            |n, m| {
                format!(
                    "このファイルは地の文の段落を字下げしない書き方で一貫しています（地の文{m}段落のうち\
                     {n}段落、最初の箇所のみ表示）。段落の頭の「　」は読者に段落の切れ目を示します。"
                )
            },
            out,
        );
    }
}

// ---------------------------------------------------------------------------------------
// BRACKETS_MISMATCH

pub struct BracketsMismatch;

static BRACKETS_MISMATCH: RuleMeta = RuleMeta {
    code: "BRACKETS_MISMATCH",
    aspect: Aspect::Style,
    default_severity: Severity::Medium,
    summary: "Unbalanced 「」『』（）【】〈〉《》〔〕 within a paragraph",
    fix: None,
    doc: RuleDoc {
        what: "段落（一行）の中で対応の取れていない括弧「」『』（）【】〈〉《》〔〕を検出し、\
               閉じられていない開き括弧、または対応する開き括弧のない閉じ括弧の位置を示します。\
               ルビ《よみ》や傍点《《》》の記法は表示テキストで判定するので数えません。",
        why: "括弧の閉じ忘れ・種類の取り違えは、どこまでが台詞か分からなくなる代表的な誤りです。",
        example: "「待ってくれ、と彼は言った。\n『約束」だろう。",
        fixed: "「待ってくれ」と彼は言った。\n『約束』だろう。",
    },
};

fn closer_for(open: char) -> Option<char> {
    Some(match open {
        '「' => '」',
        '『' => '』',
        '（' => '）',
        '【' => '】',
        '〈' => '〉',
        '《' => '》',
        '〔' => '〕',
        _ => return None,
    })
}

fn opener_for(close: char) -> Option<char> {
    Some(match close {
        '」' => '「',
        '』' => '『',
        '）' => '（',
        '】' => '【',
        '〉' => '〈',
        '》' => '《',
        '〕' => '〔',
        _ => return None,
    })
}

/// The brackets of `closer_for` / `opener_for`.
static BRACKETS: Needles = Needles::new(&[
    "「", "」", "『", "』", "（", "）", "【", "】", "〈", "〉", "《", "》", "〔", "〕",
]);

/// Unmatched brackets of one line, given its characters with their display offsets (other
/// characters than brackets may be left out): (display offset, char, is_open).
fn unmatched_brackets(chars: impl IntoIterator<Item = (usize, char)>) -> Vec<(usize, char, bool)> {
    let mut stack: Vec<(usize, char)> = Vec::new();
    let mut bad = Vec::new();
    for (i, c) in chars {
        if closer_for(c).is_some() {
            stack.push((i, c));
        } else if let Some(open) = opener_for(c) {
            match stack.iter().rposition(|&(_, o)| o == open) {
                Some(k) => {
                    // Openers above the match were never closed.
                    for &(j, o) in &stack[k + 1..] {
                        bad.push((j, o, true));
                    }
                    stack.truncate(k);
                }
                None => bad.push((i, c, false)),
            }
        }
    }
    bad.extend(stack.into_iter().map(|(j, o)| (j, o, true)));
    bad.sort_by_key(|b| b.0);
    bad
}

impl Rule for BracketsMismatch {
    fn meta(&self) -> &'static RuleMeta {
        &BRACKETS_MISMATCH
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let doc = cx.doc;
        // literary: a speech or letter over several paragraphs opens each with 「 and closes
        // only the last one. `pending`: such a quotation is open.
        let literary = cx.settings.preset() == Preset::Literary;
        let mut pending = false;
        scan::paragraph_hits(doc, &[&BRACKETS], |p, text, hits| {
            let base = p.display.start;
            let brackets = hits
                .iter()
                .filter_map(|&(i, _, _)| char_at(text, i).map(|c| (i, c)));
            let mut opens_quote = false;
            for (i, c, open) in unmatched_brackets(brackets) {
                if literary && matches!(c, '「' | '『' | '」' | '』') {
                    if open {
                        opens_quote = true;
                        continue;
                    }
                    if !open && pending {
                        pending = false;
                        continue;
                    }
                }
                let message = if open {
                    let close = closer_for(c).unwrap_or(c);
                    format!("開き括弧「{c}」が閉じられていません（この段落に対応する「{close}」がありません）。")
                } else {
                    let opener = opener_for(c).unwrap_or(c);
                    format!("閉じ括弧「{c}」に対応する開き括弧「{opener}」がこの段落にありません。")
                };
                out.push(Diagnostic::new(
                    BRACKETS_MISMATCH.code,
                    Severity::Medium,
                    doc.source_span(base + i..base + i + c.len_utf8()),
                    message,
                ));
            }
            pending |= opens_quote;
        });
    }
}

// ---------------------------------------------------------------------------------------
// Whitespace hygiene (source lines of the body)

/// Body lines with their source text.
fn source_lines<'d>(doc: &'d Document) -> impl Iterator<Item = (&'d BodyLine, &'d str)> + 'd {
    doc.body_lines
        .iter()
        .filter_map(|bl| doc.source.get(bl.span.range()).map(|t| (bl, t)))
}

/// (leading whitespace length, start of the trailing whitespace) of a line, in bytes.
fn trim_bounds(line: &str) -> (usize, usize) {
    let lead = line.len() - line.trim_start_matches(ws).len();
    let trail = line.trim_end_matches(ws).len();
    (lead, trail.max(lead))
}

pub struct TrailingSpaces;

static TRAILING_SPACES: RuleMeta = RuleMeta {
    code: "TRAILING_SPACES",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "Spaces, U+3000 or tabs at the end of a line",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what: "行末の空白（半角スペース・全角スペース・タブ）と、空白だけの行を検出し、\
               削除します。",
        why: "行末の空白は画面では見えませんが、投稿サイトによっては余計な空白や改行として\
              表示され、差分や文字数も狂わせます。",
        example: "　彼は笑った。　　\n　　\n　空は青い。",
        fixed: "　彼は笑った。\n\n　空は青い。",
    },
};

impl Rule for TrailingSpaces {
    fn meta(&self) -> &'static RuleMeta {
        &TRAILING_SPACES
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        for (bl, line) in source_lines(doc) {
            let (lead, trail) = trim_bounds(line);
            let start = if lead == line.len() { 0 } else { trail };
            if start >= line.len() {
                continue;
            }
            let span = Span::new(bl.span.start + start, bl.span.end);
            if guard.touches(span) {
                continue;
            }
            let n = line[start..].chars().count();
            let message = if start == 0 {
                format!("空白だけの行です（{n}文字）。")
            } else {
                format!("行末に空白が{n}文字あります。")
            };
            out.push(
                Diagnostic::new(TRAILING_SPACES.code, Severity::Low, span, message).with_fix(
                    Fix::new(
                        Applicability::Safe,
                        "行末の空白を削除する",
                        vec![Edit::delete(span)],
                    ),
                ),
            );
        }
    }
}

pub struct TabFound;

static TAB_FOUND: RuleMeta = RuleMeta {
    code: "TAB_FOUND",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "Tab characters in the body",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what: "本文中のタブ文字を検出します。行頭のタブは字下げとみなして全角スペース「　」\
               一つに、文中のタブは全角スペース（英数字の後では半角スペース、隣が空白なら削除）\
               に置き換えます。行末のタブは TRAILING_SPACES が扱います。",
        why: "タブの幅は表示環境によって変わり、投稿サイトでは無視されたり崩れたりします。",
        example: "\t彼は言った。\n「ええ」\tと彼女。",
        fixed: "　彼は言った。\n「ええ」　と彼女。",
    },
};

impl Rule for TabFound {
    fn meta(&self) -> &'static RuleMeta {
        &TAB_FOUND
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        static TAB: Needles = Needles::new(&["\t"]);
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        // A line without a tab has nothing for this rule.
        scan::line_hits(doc, &[&TAB], |bl, line, _| {
            let (lead, trail) = trim_bounds(line);
            if lead == line.len() {
                return; // whitespace-only line: TRAILING_SPACES
            }
            let mut push =
                |span_rel: Range<usize>, edit_rel: Range<usize>, with: &str, n: usize| {
                    let span =
                        Span::new(bl.span.start + span_rel.start, bl.span.start + span_rel.end);
                    let edit = Edit::replace(
                        Span::new(bl.span.start + edit_rel.start, bl.span.start + edit_rel.end),
                        with,
                    );
                    if guard.touches(span) {
                        return;
                    }
                    let allowed = guard.allows(std::slice::from_ref(&edit));
                    out.push(
                        Diagnostic::new(
                            TAB_FOUND.code,
                            Severity::Low,
                            span,
                            format!("タブ文字が{n}個あります。"),
                        )
                        .with_edit_fix(
                            Applicability::Safe,
                            if with.is_empty() {
                                "タブを削除する".to_string()
                            } else {
                                format!("タブを「{with}」に置き換える")
                            },
                            allowed.then_some(edit),
                        ),
                    );
                };
            // Leading whitespace holding tabs: one indent.
            let leading = &line[..lead];
            if let (Some(first), Some(last)) = (leading.find('\t'), leading.rfind('\t')) {
                let n = leading.matches('\t').count();
                push(first..last + 1, 0..lead, "\u{3000}", n);
            }
            for (s, e, n) in runs(&line[lead..trail], |c| c == '\t') {
                let (s, e) = (lead + s, lead + e);
                let before = char_before(line, s);
                let after = char_at(line, e);
                let with = if before.is_some_and(ws) || after.is_some_and(ws) {
                    ""
                } else if before.is_some_and(|c| c.is_ascii()) {
                    " "
                } else {
                    "\u{3000}"
                };
                push(s..e, s..e, with, n);
            }
        });
    }
}

pub struct DoubleSpaces;

static DOUBLE_SPACES: RuleMeta = RuleMeta {
    code: "DOUBLE_SPACES",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "Two or more consecutive spaces or U+3000 inside a line",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what: "行の途中で半角スペースや全角スペースが二つ以上続いている箇所を検出し、一つに\
               まとめます（全角が含まれていれば全角一つ、半角だけなら半角一つ）。行頭の字下げと\
               行末の空白は対象外です。",
        why: "連続した空白は打ち間違いであることが多く、画面上で不自然な隙間になります。",
        example: "「本当に？　　嘘みたい」\n　彼は  笑った。",
        fixed: "「本当に？　嘘みたい」\n　彼は 笑った。",
    },
};

impl Rule for DoubleSpaces {
    fn meta(&self) -> &'static RuleMeta {
        &DOUBLE_SPACES
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        // A run of two or more spaces holds one of these.
        static ASCII: Needles = Needles::new(&["  "]);
        static PAIRS: Needles = Needles::new(&["\u{3000}\u{3000}", " \u{3000}", "\u{3000} "]);
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        scan::line_hits(doc, &[&ASCII, &PAIRS], |bl, line, _| {
            let (lead, trail) = trim_bounds(line);
            for (s, e, n) in runs(&line[lead..trail], |c| c == ' ' || c == '\u{3000}') {
                if n < 2 {
                    continue;
                }
                let run = &line[lead + s..lead + e];
                let span = Span::new(bl.span.start + lead + s, bl.span.start + lead + e);
                if guard.touches(span) {
                    continue;
                }
                let with = if run.contains('\u{3000}') {
                    "\u{3000}"
                } else {
                    " "
                };
                let kind = if with == " " { "半角" } else { "全角" };
                out.push(
                    Diagnostic::new(
                        DOUBLE_SPACES.code,
                        Severity::Low,
                        span,
                        format!("空白が{n}文字続いています。"),
                    )
                    .with_fix(Fix::new(
                        Applicability::Safe,
                        format!("空白を{kind}スペース一つにまとめる"),
                        vec![Edit::replace(span, with)],
                    )),
                );
            }
        });
    }
}

pub struct EmptyLineRuns;

static EMPTY_LINE_RUNS: RuleMeta = RuleMeta {
    code: "EMPTY_LINE_RUNS",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "More than thresholds.max_empty_lines consecutive empty lines",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what: "空行（空白だけの行を含む）が設定 thresholds.max_empty_lines（既定 2）を超えて\
               続いている箇所を検出し、上限の行数まで詰めます。",
        why: "場面転換の空行は一～二行で十分です。それ以上の空行はスマートフォンの画面で大きな\
              空白になり、読者が話の終わりと勘違いして離脱する原因になります。",
        example: "　場面が変わる。\n\n\n\n\n　翌朝。",
        fixed: "　場面が変わる。\n\n\n　翌朝。",
    },
};

impl Rule for EmptyLineRuns {
    fn meta(&self) -> &'static RuleMeta {
        &EMPTY_LINE_RUNS
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let doc = cx.doc;
        let max = cx.settings.thresholds.max_empty_lines;
        let mut run: Vec<&BodyLine> = Vec::new();
        // Blank lines after an Aozora page break (［＃改頁］) or before a heading are the
        // book's layout, not the author's habit.
        let layout = |run: &[&BodyLine]| {
            let line = |l: usize| {
                let span = doc.lines.line_span(doc.source, l);
                doc.source.get(span.range()).unwrap_or("")
            };
            let (Some(first), Some(last)) = (run.first(), run.last()) else {
                return false;
            };
            (first.line > 0 && line(first.line - 1).contains("［＃改"))
                || (last.line + 1 < doc.lines.line_count()
                    && line(last.line + 1).contains("見出し］"))
        };
        let mut flush = |run: &mut Vec<&BodyLine>| {
            if run.len() > max && !layout(run) {
                let k = run.len();
                let first_del = run[max];
                let last = run[k - 1];
                let src = doc.source;
                // The extra lines with their line feeds; at the end of a text without a final
                // line feed the kept lines keep theirs (the empty rest is no line).
                let span = if src.as_bytes().get(last.span.end) == Some(&b'\n') {
                    Span::new(first_del.span.start, last.span.end + 1)
                } else {
                    Span::new(first_del.span.start, last.span.end)
                };
                if !span.is_empty() {
                    out.push(
                        Diagnostic::new(
                            EMPTY_LINE_RUNS.code,
                            Severity::Low,
                            span,
                            format!(
                                "空行が{k}行続いています（上限{max}行）。余分な{}行を削除します。",
                                k - max
                            ),
                        )
                        .with_fix(Fix::new(
                            Applicability::Safe,
                            format!("空行を{max}行に詰める"),
                            vec![Edit::delete(span)],
                        )),
                    );
                }
            }
            run.clear();
        };
        for (bl, line) in source_lines(doc) {
            let blank = line.chars().all(ws);
            let consecutive = run.last().is_none_or(|prev| prev.line + 1 == bl.line);
            if !blank || !consecutive {
                flush(&mut run);
            }
            if blank {
                run.push(bl);
            }
        }
        flush(&mut run);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::fix::testing::{diagnostics, fixed};
    use crate::analysis::Settings;

    fn found(rule: &dyn Rule, text: &str) -> Vec<String> {
        diagnostics(rule, text, &Settings::default())
            .into_iter()
            .map(|d| d.source_text)
            .collect()
    }

    fn fix(rule: &dyn Rule, text: &str) -> String {
        fixed(rule, text, &Settings::default())
    }

    // ELLIPSIS_STYLE

    #[test]
    fn a_consistent_missing_indent_is_reported_once() {
        let text = "彼は歩いた。\n".repeat(6);
        let ds = diagnostics(&IndentMissing, &text, &Settings::default());
        assert_eq!(ds.len(), 1);
        assert!(
            ds[0].message.contains("地の文6段落のうち6段落"),
            "{}",
            ds[0].message
        );
        assert_eq!(ds[0].fix.as_ref().map(|f| f.edits.len()), Some(6));
        assert_eq!(
            fixed(&IndentMissing, &text, &Settings::default()),
            "　彼は歩いた。\n".repeat(6)
        );
        // Mixed: each one is reported.
        let text = format!(
            "{}{}",
            "彼は歩いた。\n".repeat(5),
            "　彼は歩いた。\n".repeat(2)
        );
        assert_eq!(
            diagnostics(&IndentMissing, &text, &Settings::default()).len(),
            5
        );
    }

    #[test]
    fn indent_missing_skips_annotated_indents_and_continuations() {
        let text = "［＃ここから２字下げ］\n詩の一行\n［＃ここで字下げ終わり］\nとある。\n「行こう」\nと彼は言った。\n";
        assert!(diagnostics(&IndentMissing, text, &Settings::default()).is_empty());
        // と after narration starts a paragraph of its own.
        let text = "　彼は歩いた。\nときどき休んだ。\n";
        assert_eq!(
            diagnostics(&IndentMissing, text, &Settings::default()).len(),
            1
        );
    }

    #[test]
    fn blank_lines_of_the_book_layout_are_not_runs() {
        let text = "　前。\n［＃改頁］\n\n\n\n　後。\n\n\n\n［＃５字下げ］二［＃「二」は中見出し］\n　次。\n";
        assert!(diagnostics(&EmptyLineRuns, text, &Settings::default()).is_empty());
        let text = "　前。\n\n\n\n　後。\n";
        assert_eq!(
            diagnostics(&EmptyLineRuns, text, &Settings::default()).len(),
            1
        );
    }

    #[test]
    fn literary_accepts_multi_paragraph_quotations() {
        let text = "「先生。\n　彼は「私は東京へ出ました。\n　そして戻りました。」\n";
        let narou = diagnostics(&BracketsMismatch, text, &Settings::default());
        assert_eq!(narou.len(), 3);
        let mut literary = Settings::default();
        literary.set_preset(Preset::Literary);
        assert!(diagnostics(&BracketsMismatch, text, &literary).is_empty());
    }

    #[test]
    fn ellipsis_style_fires_on_substitutes() {
        assert_eq!(
            found(
                &EllipsisStyle,
                "「そう・・・」\n　あ...い..う。。。え、、、お‥\n"
            ),
            vec!["・・・", "...", "..", "。。。", "、、、", "‥"]
        );
    }

    #[test]
    fn ellipsis_style_ignores_proper_and_ascii_uses() {
        assert!(found(
            &EllipsisStyle,
            "「そう……」\n　1..10とfile.txtとWait...\n　中・黒\n"
        )
        .is_empty());
    }

    #[test]
    fn ellipsis_style_fix() {
        assert_eq!(
            fix(
                &EllipsisStyle,
                "「そう・・・なんだ」\n　彼は黙った......。\n"
            ),
            "「そう……なんだ」\n　彼は黙った……。\n"
        );
        assert_eq!(
            fix(&EllipsisStyle, "　あ・・・・・・・・・\n"),
            "　あ…………\n"
        );
    }

    // ELLIPSIS_ODD_COUNT

    #[test]
    fn ellipsis_odd_fires_and_fixes() {
        let text = "「でも…」\n　沈黙………。\n　良い……。\n";
        assert_eq!(found(&EllipsisOddCount, text), vec!["…", "………"]);
        assert_eq!(
            fix(&EllipsisOddCount, text),
            "「でも……」\n　沈黙…………。\n　良い……。\n"
        );
    }

    #[test]
    fn ellipsis_odd_ignores_even_runs_and_readings() {
        assert!(found(&EllipsisOddCount, "　……と…………\n　｜間《…》\n").is_empty());
    }

    #[test]
    fn ellipsis_odd_never_edits_inside_ruby() {
        let text = "　｜…《てん》だ。\n";
        let ds = diagnostics(&EllipsisOddCount, text, &Settings::default());
        assert_eq!(ds.len(), 1);
        assert!(ds[0].fix.is_none());
    }

    // DASH_STYLE

    #[test]
    fn dash_style_fires() {
        let text = "ーーその時だった。\n「待て―」\n　振り返った──。\n　長い—\n　三つ―――だ\n";
        assert_eq!(found(&DashStyle, text), vec!["ーー", "―", "──", "—", "―――"]);
    }

    #[test]
    fn dash_style_ignores_proper_dashes_and_long_vowels() {
        let text = "――その時。\n「待て――」\n　コーヒーとすごーい、ターーン。\n　――――だ\n";
        assert!(found(&DashStyle, text).is_empty());
    }

    #[test]
    fn dash_runs_of_hits_equal_the_char_scan() {
        let text = "ーーその時。\nコーヒーとすごーい、ターーン。\n「ー」―ー—─━ー\n　ーaーー1ー\n";
        let doc = Document::parse(text);
        let mut seen = 0;
        scan::paragraph_hits(&doc, &[&DASHES], |p, t, hits| {
            assert_eq!(dash_runs_of_hits(t, hits), dash_runs(t), "{t}");
            assert_eq!(t, doc.paragraph_text(p));
            seen += 1;
        });
        assert_eq!(seen, 4);
    }

    mod props {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn dash_runs_of_hits_match_the_char_scan(text in "[ー―—─━カあa1　「\n]{0,40}") {
                let doc = Document::parse(&text);
                let mut with_hits = Vec::new();
                scan::paragraph_hits(&doc, &[&DASHES], |p, t, hits| {
                    with_hits.push((p.line, dash_runs_of_hits(t, hits)));
                });
                let expected: Vec<_> = doc
                    .paragraphs
                    .iter()
                    .map(|p| (p.line, dash_runs(doc.paragraph_text(p))))
                    .filter(|(_, r)| !r.is_empty())
                    .collect();
                with_hits.retain(|(_, r)| !r.is_empty());
                prop_assert_eq!(with_hits, expected);
            }
        }
    }

    #[test]
    fn dash_style_fix() {
        let text = "ーーその時だった。\n「待て―」\n　振り返った──。\n　三つ―――だ\n─────\n";
        assert_eq!(
            fix(&DashStyle, text),
            "――その時だった。\n「待て――」\n　振り返った――。\n　三つ――――だ\n―――――\n"
        );
    }

    // EXCLAMATION_SPACE

    #[test]
    fn exclamation_space_fires() {
        assert_eq!(
            found(&ExclamationSpace, "「本当か？嘘だろ！！信じない」\n"),
            vec!["？", "！！"]
        );
    }

    #[test]
    fn exclamation_space_accepts_allowed_followers() {
        let text =
            "「本当か？　嘘！」\n「何？」と言った。え！？、あ！。\n「よし！ 行く」\n　終わり！\n";
        assert!(found(&ExclamationSpace, text).is_empty());
    }

    #[test]
    fn exclamation_space_fix() {
        assert_eq!(
            fix(&ExclamationSpace, "「本当か？嘘だろ！信じない」\n"),
            "「本当か？　嘘だろ！　信じない」\n"
        );
    }

    // HALFWIDTH_EXCLAMATION

    #[test]
    fn halfwidth_fires_after_japanese_only() {
        assert_eq!(
            found(
                &HalfwidthExclamation,
                "「行くぞ!」\n「本当に!?」\n　Hello! OK?\n"
            ),
            vec!["!", "!?"]
        );
    }

    #[test]
    fn halfwidth_fix() {
        assert_eq!(
            fix(&HalfwidthExclamation, "「行くぞ!」\n「本当に!?」\n"),
            "「行くぞ！」\n「本当に！？」\n"
        );
    }

    #[test]
    fn halfwidth_and_space_reach_full_width_with_space() {
        let settings = Settings::default();
        let (out, log) = crate::analysis::fix::apply_until_stable(
            "「嘘!信じない」\n",
            &settings,
            Applicability::Safe,
            Some(&["HALFWIDTH_EXCLAMATION", "EXCLAMATION_SPACE"]),
        );
        assert_eq!(out, "「嘘！　信じない」\n");
        let codes: Vec<&str> = log.iter().map(|l| l.code.as_str()).collect();
        assert_eq!(codes, vec!["HALFWIDTH_EXCLAMATION", "EXCLAMATION_SPACE"]);
    }

    // PERIOD_BEFORE_CLOSE

    #[test]
    fn period_before_close_fires_and_fixes() {
        let text = "「わかった。」\n『約束だよ。』\n「いいよ」\n";
        assert_eq!(found(&PeriodBeforeClose, text), vec!["。", "。"]);
        assert_eq!(
            fix(&PeriodBeforeClose, text),
            "「わかった」\n『約束だよ』\n「いいよ」\n"
        );
    }

    #[test]
    fn period_before_close_ignores_other_closers() {
        assert!(found(&PeriodBeforeClose, "「いいよ」。\n　（そうだ。）\n").is_empty());
    }

    // INDENT_MISSING

    #[test]
    fn indent_missing_fires_on_narration() {
        let text = "彼は歩いた。\n「待って」\n  振り返った。\n　字下げ済み。\n";
        assert_eq!(found(&IndentMissing, text), vec!["彼", "  "]);
    }

    #[test]
    fn indent_missing_skips_brackets_dashes_annotations_and_symbols() {
        let text =
            "（心の声）\n――そして。\n［＃２字下げ］注記。\n☆☆☆\n「閉じない\nアリス：行くわ。\n";
        assert!(found(&IndentMissing, text).is_empty());
    }

    #[test]
    fn indent_missing_fix() {
        let text = "彼は歩いた。\n  振り返った。\n\t泣いた。\n｜主《あるじ》は来た。\n";
        assert_eq!(
            fix(&IndentMissing, text),
            "　彼は歩いた。\n　振り返った。\n　泣いた。\n　｜主《あるじ》は来た。\n"
        );
    }

    // BRACKETS_MISMATCH

    #[test]
    fn brackets_report_position_of_unmatched() {
        let text = "「待ってくれ、と彼は言った。\n『約束」だろう。\n";
        let ds = diagnostics(&BracketsMismatch, text, &Settings::default());
        let got: Vec<(&str, usize)> = ds
            .iter()
            .map(|d| (d.source_text.as_str(), d.span.start))
            .collect();
        let second = text.find('『').unwrap();
        let close = text.rfind('」').unwrap();
        assert_eq!(got, vec![("「", 0), ("『", second), ("」", close)]);
        assert!(ds[0].message.contains("閉じられていません"));
        assert!(ds[2].message.contains("対応する開き括弧"));
    }

    #[test]
    fn brackets_ignore_ruby_and_balanced_text() {
        let text = "　｜漢字《かんじ》と《《傍点》》と下人《げにん》。\n「『（【〈《〔入れ子〕》〉】）』」\n";
        assert!(found(&BracketsMismatch, text).is_empty());
        // A 《 that is no ruby stays text and counts.
        assert_eq!(found(&BracketsMismatch, "　あ《い\n"), vec!["《"]);
    }

    // Whitespace hygiene

    #[test]
    fn trailing_spaces_fire_and_fix() {
        let text = "　彼は笑った。　 \n\t \n　空。\n";
        assert_eq!(found(&TrailingSpaces, text), vec!["　 ", "\t "]);
        assert_eq!(fix(&TrailingSpaces, text), "　彼は笑った。\n\n　空。\n");
        assert!(found(&TrailingSpaces, "　空。\n\n").is_empty());
    }

    #[test]
    fn tab_found_fires_and_fixes() {
        let text = "\t彼は言った。\n「ええ」\tと彼女。\nabc\tdef\n「あ」 \t「い」\n";
        assert_eq!(found(&TabFound, text), vec!["\t", "\t", "\t", "\t"]);
        assert_eq!(
            fix(&TabFound, text),
            "　彼は言った。\n「ええ」　と彼女。\nabc def\n「あ」 「い」\n"
        );
        assert!(found(&TabFound, "　彼。\n").is_empty());
    }

    #[test]
    fn double_spaces_fire_and_fix_but_not_the_indent() {
        let text = "　　字下げ二つ。\n「本当？　　嘘」\n　彼は  笑った。\n";
        assert_eq!(found(&DoubleSpaces, text), vec!["　　", "  "]);
        assert_eq!(
            fix(&DoubleSpaces, text),
            "　　字下げ二つ。\n「本当？　嘘」\n　彼は 笑った。\n"
        );
    }

    #[test]
    fn double_spaces_inside_a_reading_are_not_reported() {
        assert!(found(&DoubleSpaces, "　｜彼《か  れ》は来た。\n").is_empty());
    }

    #[test]
    fn empty_line_runs_fire_and_fix() {
        let text = "　場面。\n\n\n\n\n　翌朝。\n\n\n";
        let ds = diagnostics(&EmptyLineRuns, text, &Settings::default());
        assert_eq!(ds.len(), 1);
        assert!(ds[0].message.contains("4行"));
        assert_eq!(fix(&EmptyLineRuns, text), "　場面。\n\n\n　翌朝。\n\n\n");
    }

    #[test]
    fn empty_line_runs_respect_threshold_and_end_of_file() {
        let mut settings = Settings::default();
        settings.thresholds.max_empty_lines = 0;
        assert_eq!(
            fixed(&EmptyLineRuns, "あ\n\n い\n  \n", &settings),
            "あ\n い\n"
        );
        assert_eq!(fixed(&EmptyLineRuns, "あ\n\n\n ", &settings), "あ\n");
        assert_eq!(fixed(&EmptyLineRuns, "\n\n ", &settings), "");
        settings.thresholds.max_empty_lines = 1;
        assert_eq!(fixed(&EmptyLineRuns, "あ\n\n\n ", &settings), "あ\n\n");
        assert!(diagnostics(&EmptyLineRuns, "あ\n\nい\n", &settings).is_empty());
    }

    #[test]
    fn empty_line_runs_broken_by_headings() {
        // The heading is not a body line: the runs on either side are counted apart.
        let text = "あ\n\n\n# 見出し\n\n\nい\n";
        assert!(found(&EmptyLineRuns, text).is_empty());
    }

    #[test]
    fn style_rules_do_not_panic_on_odd_input() {
        for rule in RULES {
            for text in [
                "",
                "\n",
                "!",
                "！",
                "…",
                "ー",
                "―",
                "\t",
                "　",
                " \n \n \n \n",
                "《",
                "》",
                "｜《》",
                "《《》》",
                "漢《",
                "---\n---\n",
                "```\n\t\n",
            ] {
                let _ = diagnostics(*rule, text, &Settings::default());
            }
        }
    }

    #[test]
    fn doc_examples_match_the_rules() {
        crate::analysis::fix::testing::assert_doc_examples(RULES);
    }
}
