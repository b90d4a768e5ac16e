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
