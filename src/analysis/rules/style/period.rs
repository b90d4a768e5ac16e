//! PERIOD_BEFORE_CLOSE.

use super::*;
use crate::analysis::Diagnostics;

// PERIOD_BEFORE_CLOSE

pub struct PeriodBeforeClose;

pub(super) static PERIOD_BEFORE_CLOSE: RuleMeta = RuleMeta {
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
        let mut found = convention::Found::default();
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
