//! BRACKETS_MISMATCH.

use super::*;
use crate::analysis::Diagnostics;

// BRACKETS_MISMATCH

pub struct BracketsMismatch;

pub(super) static BRACKETS_MISMATCH: RuleMeta = RuleMeta {
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

use crate::analysis::structure::{closer_for, opener_for, unmatched_brackets};

/// The brackets of `closer_for` / `opener_for`.
static BRACKETS: Needles = Needles::new(&[
    "「", "」", "『", "』", "（", "）", "【", "】", "〈", "〉", "《", "》", "〔", "〕",
]);

impl Rule for BracketsMismatch {
    fn meta(&self) -> &'static RuleMeta {
        &BRACKETS_MISMATCH
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let doc = cx.doc;
        // A speech or letter over several paragraphs opens each with 「 and closes only the
        // last one (`structure`): its openers and its closer are correct in every preset.
        let mut excused: Vec<usize> = doc
            .quotations
            .iter()
            .flat_map(|q| q.openers.iter().copied().chain(std::iter::once(q.closer)))
            .collect();
        excused.sort_unstable();
        scan::paragraph_hits(doc, &[&BRACKETS], |p, text, hits| {
            let base = p.display.start;
            let brackets = hits
                .iter()
                .filter_map(|&(i, _, _)| char_at(text, i).map(|c| (i, c)));
            for (i, c, open) in unmatched_brackets(brackets) {
                if excused.binary_search(&(base + i)).is_ok() {
                    continue;
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
        });
    }
}
