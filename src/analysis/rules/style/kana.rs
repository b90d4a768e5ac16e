//! HALFWIDTH_KANA (issue 30 item 9).

use super::*;
use crate::analysis::Diagnostics;

pub struct HalfwidthKana;

pub(super) static HALFWIDTH_KANA: RuleMeta = RuleMeta {
    code: "HALFWIDTH_KANA",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "Half-width katakana (ｶﾀｶﾅ) and half-width 。「」、・",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what: "半角カタカナ（ｶﾀｶﾅ・ﾊﾟﾝ）と半角の「｡｢｣､･」を検出し、全角（カタカナ・パン・。「」、・）に直します。濁点・半濁点（ﾞﾟ）は前の文字と合わせて一文字にします（ｶﾞ→ガ）。",
        why: "半角カナは環境によって表示が崩れ、投稿サイトによっては文字化けします。縦書きでは横に寝てしまいます。小説の本文では全角で書くのが原則です。",
        example: "　店の前に｢ｺｰﾋｰ･ﾊﾟﾝ｣と書かれた看板が出ていた。",
        fixed: "　店の前に「コーヒー・パン」と書かれた看板が出ていた。",
    },
};

/// Full-width forms of U+FF61–U+FF9D, in order.
const FULL: &str = "。「」、・ヲァィゥェォャュョッーアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン";

fn is_halfwidth_kana(c: char) -> bool {
    ('\u{FF61}'..='\u{FF9F}').contains(&c)
}

/// The full-width text of a run of half-width kana: each letter to its full-width form, a
/// voiced or semi-voiced mark joined to the letter before it where the two make one (ｶﾞ →
/// ガ, ﾊﾟ → パ, ｳﾞ → ヴ), else written as ゛ / ゜.
pub(crate) fn to_full_width(run: &str) -> String {
    let mut out = String::new();
    for c in run.chars() {
        let mark = match c {
            '\u{FF9E}' => Some(1),
            '\u{FF9F}' => Some(2),
            _ => None,
        };
        if let Some(step) = mark {
            let joined = out.chars().next_back().and_then(|p| join_mark(p, step));
            match joined {
                Some(j) => {
                    out.pop();
                    out.push(j);
                }
                None => out.push(if step == 1 { '゛' } else { '゜' }),
            }
            continue;
        }
        let full = (c as u32)
            .checked_sub(0xFF61)
            .and_then(|k| FULL.chars().nth(k as usize))
            .unwrap_or(c);
        out.push(full);
    }
    out
}

/// The letter `p` with a voiced (`step` 1) or semi-voiced (2) mark, if there is one.
fn join_mark(p: char, step: u32) -> Option<char> {
    let voiced = "カキクケコサシスセソタチツテトハヒフヘホ";
    match (p, step) {
        ('ウ', 1) => Some('ヴ'),
        (p, 1) if voiced.contains(p) => char::from_u32(p as u32 + 1),
        (p, 2) if "ハヒフヘホ".contains(p) => char::from_u32(p as u32 + 2),
        _ => None,
    }
}

impl Rule for HalfwidthKana {
    fn meta(&self) -> &'static RuleMeta {
        &HALFWIDTH_KANA
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let doc = cx.doc;
        let text = &doc.display;
        // Every half-width kana is three bytes starting EF BD or EF BE: most texts have
        // none, found by one byte search.
        if !text
            .as_bytes()
            .windows(2)
            .any(|w| w[0] == 0xEF && matches!(w[1], 0xBD | 0xBE))
        {
            return;
        }
        let guard = LazyGuard::new(doc);
        let mut run: Option<Range<usize>> = None;
        let mut runs = Vec::new();
        for (i, c) in text.char_indices() {
            if is_halfwidth_kana(c) {
                let end = i + c.len_utf8();
                match run.as_mut() {
                    Some(r) => r.end = end,
                    None => run = Some(i..end),
                }
            } else {
                runs.extend(run.take());
            }
        }
        runs.extend(run);
        for range in runs {
            let shown = &text[range.clone()];
            let full = to_full_width(shown);
            let edit = display_edit(doc, &guard, range.clone(), full.clone());
            out.push(
                Diagnostic::new(
                    HALFWIDTH_KANA.code,
                    HALFWIDTH_KANA.default_severity,
                    doc.source_span(range),
                    format!("半角カナ「{shown}」は全角の「{full}」で書きます。"),
                )
                .with_suggestion(full.clone())
                .with_edit_fix(
                    Applicability::Safe,
                    format!("「{shown}」を「{full}」にする"),
                    edit,
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::fix::testing::{fixed, source_texts};

    #[test]
    fn halfwidth_kana_is_found_and_made_full_width() {
        let text = "　｢ｺｰﾋｰ｣とﾊﾟﾝとｳﾞｧｲｵﾘﾝとｶﾞﾗｽ。\n";
        assert_eq!(
            source_texts(&HalfwidthKana, text),
            ["｢ｺｰﾋｰ｣", "ﾊﾟﾝ", "ｳﾞｧｲｵﾘﾝ", "ｶﾞﾗｽ"]
        );
        assert_eq!(
            fixed(&HalfwidthKana, text, &crate::analysis::Settings::default()),
            "　「コーヒー」とパンとヴァイオリンとガラス。\n"
        );
        assert_eq!(to_full_width("ｱﾞ"), "ア゛");
        assert!(source_texts(&HalfwidthKana, "　コーヒーとパン。ABC！\n").is_empty());
    }
}
