//! Rules of aspect `style` (SPEC §4): 約物 conventions of Japanese fiction (……, ――, ！　,
//! 。」, indentation, brackets) on the displayed text, and whitespace hygiene on the source
//! lines of the body. Every fix is an edit of source bytes that never cuts into ruby,
//! emphasis or annotation markup (`MarkupGuard`).

use super::convention;
use super::grammar::{char_at, char_before, runs};
use super::scan::{self, hit_runs, Needles};
use super::{Rule, RuleContext, RuleDoc, RuleMeta, Scope};
use crate::analysis::fix::{display_edit, display_insert_after, LazyGuard, Protects};
use crate::analysis::segment::{char_class, BodyLine, CharClass, Document, ParagraphKind};
#[cfg(test)]
use crate::analysis::settings::Preset;
use crate::analysis::{Applicability, Aspect, Diagnostic, Edit, Fix, Severity, Span};
use std::ops::Range;

pub(super) static RULES: &[&dyn Rule] = &[
    &EllipsisStyle,
    &EllipsisOddCount,
    &DashStyle,
    &ExclamationSpace,
    &HalfwidthExclamation,
    &HalfwidthKana,
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

mod brackets;
mod dash;
mod ellipsis;
mod exclamation;
mod indent;
mod kana;
mod period;
mod whitespace;
pub use brackets::*;
pub use dash::*;
pub use ellipsis::*;
pub use exclamation::*;
pub use indent::*;
pub use kana::*;
pub use period::*;
pub use whitespace::*;

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
        // The block's last line has spaces of its own (吾輩は猫である's dedication).
        let text = "［＃ここから２字下げ］\n世の人に似ず\n　　　富子嬢に捧ぐ\n［＃ここで字下げ終わり］\nと二行にかいてある。\n";
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
    fn multi_paragraph_quotations_are_accepted_in_every_preset() {
        let text = "「先生。\n　彼は「私は東京へ出ました。\n　そして戻りました。」\n";
        let mut literary = Settings::default();
        literary.set_preset(Preset::Literary);
        for s in [Settings::default(), literary] {
            assert!(diagnostics(&BracketsMismatch, text, &s).is_empty());
        }
        // Never closed: every opener is a slip; a stray closer before any opener too.
        let text = "」\n「先生。\n　彼は「私は東京へ出ました。\n　そして戻りました。\n";
        assert_eq!(found(&BracketsMismatch, text), vec!["」", "「", "「"]);
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
    fn dash_style_reads_long_vowel_marks_used_as_a_dash() {
        let text = "　そしてーー彼は振り向いた。\n　その時ーー扉が開いた。\n「僕はーー」\n";
        assert_eq!(found(&DashStyle, text), vec!["ーー", "ーー", "ーー"]);
        assert_eq!(
            fix(&DashStyle, text),
            "　そして――彼は振り向いた。\n　その時――扉が開いた。\n「僕は――」\n"
        );
        let text = "「すごーーい！」\n「ドーーン！」\n「先輩ーー！」\n「あーー、疲れた」\n「やったーー！」\n「待ってーー！」\n";
        assert!(
            found(&DashStyle, text).is_empty(),
            "{:?}",
            found(&DashStyle, text)
        );
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
            "「本当か？　嘘！」\n「何？」と言った。え！？、あ！。\n「よし！ 行く」\n　終わり！\n「え？――何？……嘘！」\n";
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
    fn double_spaces_in_an_aozora_signature_line_are_layout() {
        // natsume_wagahai_wa_neko_de_aru.txt: a letter signed flush to the foot.
        assert!(found(
            &DoubleSpaces,
            "［＃地から２字上げ］校長　　縫田針作　九拝\n"
        )
        .is_empty());
        assert_eq!(found(&DoubleSpaces, "　校長　　縫田針作\n"), vec!["　　"]);
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
