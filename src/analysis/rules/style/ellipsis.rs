//! ELLIPSIS_STYLE and ELLIPSIS_ODD_COUNT.

use super::*;
use crate::analysis::Diagnostics;

// ELLIPSIS_STYLE

pub struct EllipsisStyle;

pub(super) static ELLIPSIS_STYLE: RuleMeta = RuleMeta {
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

    fn scope(&self) -> Scope {
        Scope::Line
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

pub(super) static ELLIPSIS_ODD_COUNT: RuleMeta = RuleMeta {
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

    fn scope(&self) -> Scope {
        Scope::Line
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
