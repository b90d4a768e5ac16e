//! CONTROL_CHARACTER (aspect `style`): control characters in a manuscript. Its own file
//! because `style.rs` is already past the size the team keeps files to.

use super::{Rule, RuleContext, RuleDoc, RuleMeta};
use crate::analysis::fix::Edit;
use crate::analysis::Diagnostics;
use crate::analysis::{Applicability, Aspect, Diagnostic, Severity, Span};

pub(super) static RULES: &[&dyn Rule] = &[&ControlCharacter];

/// A character a terminal, an editor or a posting site may act on or drop: C0 controls but
/// tab and line feed (a CR is a line ending and was normalised away), DEL and C1. Text
/// output escapes these and publish text drops them (one definition for all three).
pub(crate) fn is_stray_control(c: char) -> bool {
    c.is_control() && c != '\t' && c != '\n'
}

/// CONTROL_CHARACTER: NUL, BEL, ESC … anywhere in the file.
pub struct ControlCharacter;

static CONTROL_CHARACTER: RuleMeta = RuleMeta {
    code: "CONTROL_CHARACTER",
    aspect: Aspect::Style,
    default_severity: Severity::High,
    summary: "Control characters (NUL, BEL, ESC, C1 …; not tab or line breaks) in the file",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what: "ファイル中の制御文字（NUL・BEL・ESC などの C0 制御文字、DEL、C1 制御文字。タブと改行は除く）を検出します。続けて並んだものは1件にまとめ、自動修正で削除します。",
        why: "制御文字は画面には見えませんが、コピー＆ペーストや変換ツールの不具合で紛れ込みます。投稿サイトで文字化けや投稿エラーの原因になり、端末に表示すると画面を乱すこともあります。本文として意味を持つことはないので、削除して構いません。",
        example: "　彼は\u{7}言った。",
        fixed: "　彼は言った。",
    },
};

fn name(c: char) -> String {
    let label = match c {
        '\0' => " NUL",
        '\u{7}' => " BEL",
        '\u{8}' => " BS",
        '\u{b}' => " VT",
        '\u{c}' => " FF",
        '\u{1b}' => " ESC",
        '\u{7f}' => " DEL",
        _ => "",
    };
    format!("U+{:04X}{label}", c as u32)
}

impl Rule for ControlCharacter {
    fn meta(&self) -> &'static RuleMeta {
        &CONTROL_CHARACTER
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let text = cx.doc.source;
        let mut chars = text.char_indices().peekable();
        while let Some((start, c)) = chars.next() {
            if !is_stray_control(c) {
                continue;
            }
            let mut end = start + c.len_utf8();
            let mut names = vec![name(c)];
            while let Some(&(i, d)) = chars.peek() {
                if !is_stray_control(d) {
                    break;
                }
                if names.len() < 4 && !names.contains(&name(d)) {
                    names.push(name(d));
                }
                end = i + d.len_utf8();
                chars.next();
            }
            let n = text[start..end].chars().count();
            let span = Span::new(start, end);
            out.push(
                Diagnostic::new(
                    CONTROL_CHARACTER.code,
                    CONTROL_CHARACTER.default_severity,
                    span,
                    format!("制御文字（{}）が{n}文字あります", names.join("、")),
                )
                .with_edit_fix(
                    Applicability::Safe,
                    "制御文字を削除する",
                    Some(Edit::delete(span)),
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::length::tests::run;
    use super::*;
    use crate::analysis::Settings;

    #[test]
    fn one_finding_per_run_anywhere_in_the_file() {
        let text =
            "---\ntitle: a\u{0}\n---\n# 見出し\u{1b}[31m\n　彼は\u{7}\u{7}言った。\t\n\u{85}\n";
        let out = run(&ControlCharacter, text, &Settings::default());
        let got: Vec<&str> = out.iter().map(|d| &text[d.span.range()]).collect();
        assert_eq!(got, ["\u{0}", "\u{1b}", "\u{7}\u{7}", "\u{85}"]);
        assert!(out.iter().all(|d| d.severity == Severity::High));
        assert_eq!(out[1].message, "制御文字（U+001B ESC）が1文字あります");
        assert_eq!(out[2].message, "制御文字（U+0007 BEL）が2文字あります");
        let plain = "　タブ\tと改行\nだけ。\n";
        assert!(run(&ControlCharacter, plain, &Settings::default()).is_empty());
    }

    #[test]
    fn doc_examples_match_the_rule() {
        crate::analysis::fix::testing::assert_doc_examples(RULES);
    }
}
