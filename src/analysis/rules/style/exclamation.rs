//! EXCLAMATION_SPACE and HALFWIDTH_EXCLAMATION.

use super::*;
use crate::analysis::Diagnostics;

// EXCLAMATION_SPACE

pub struct ExclamationSpace;

pub(super) static EXCLAMATION_SPACE: RuleMeta = RuleMeta {
    code: "EXCLAMATION_SPACE",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "！/？ followed by text without a full-width space",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what: "文中の「！」「？」の直後に、全角スペース・空白・閉じ括弧・「！？、。」・\
               ダッシュ「――」・三点リーダー「……」・行末以外の文字が続いている箇所を検出し、\
               全角スペースを入れます。",
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
            // Dashes and leaders are punctuation too: え？――, なに？……
            | '―'
            | '—'
            | '─'
            | '…'
            | '‥'
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
        let mut found = convention::Found::default();
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

pub(super) static HALFWIDTH_EXCLAMATION: RuleMeta = RuleMeta {
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

    fn scope(&self) -> Scope {
        Scope::Line
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
