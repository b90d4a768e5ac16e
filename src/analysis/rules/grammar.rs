//! Rules of aspect `grammar` (SPEC §4): doubled punctuation and dictionary typos (表記ゆれ,
//! also of aspect `grammar`, is `notation`). Both read the displayed text (readings and
//! annotations masked) and report source spans; fixes never cut into ruby markup.

use super::scan::{self, Needles};
use super::words;
use super::{Rule, RuleContext, RuleDoc, RuleMeta, Scope};
use crate::analysis::fix::{display_edit, is_kanji, LazyGuard};
use crate::analysis::Diagnostics;
use crate::analysis::{Applicability, Aspect, Diagnostic, Severity};

pub(super) static RULES: &[&dyn Rule] = &[&GrammarPunctuation, &Typo];

/// The character before display offset `at`, if any.
pub(super) fn char_before(text: &str, at: usize) -> Option<char> {
    text.get(..at).and_then(|t| t.chars().next_back())
}

/// The character at display offset `at`, if any.
pub(super) fn char_at(text: &str, at: usize) -> Option<char> {
    text.get(at..).and_then(|t| t.chars().next())
}

/// Maximal runs of characters satisfying `pred` in `text`: (start, end, char count).
pub(super) fn runs(text: &str, pred: impl Fn(char) -> bool) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    let mut cur: Option<(usize, usize, usize)> = None;
    for (i, c) in text.char_indices() {
        if pred(c) {
            match cur.as_mut() {
                Some(r) => {
                    r.1 = i + c.len_utf8();
                    r.2 += 1;
                }
                None => cur = Some((i, i + c.len_utf8(), 1)),
            }
        } else if let Some(r) = cur.take() {
            out.push(r);
        }
    }
    out.extend(cur);
    out
}

// ---------------------------------------------------------------------------------------
// GRAMMAR_PUNCTUATION

pub struct GrammarPunctuation;

static GRAMMAR_PUNCTUATION: RuleMeta = RuleMeta {
    code: "GRAMMAR_PUNCTUATION",
    aspect: Aspect::Grammar,
    default_severity: Severity::High,
    summary: "Doubled punctuation: 、、 / 。。 / 、。 runs",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what:
            "読点・句点が二つ以上続いている箇所（「、、」「。。」「、。」「。、」）を検出します。\
               同じ記号が三つ以上続くもの（「。。。」「、、、」）は三点リーダーの代用とみなし、\
               ELLIPSIS_STYLE が扱います。",
        why: "句読点の重なりは打ち間違いで、読者の目に引っかかり誤字と同じく信頼を損ねます。",
        example: "　彼は振り返った、。そこには誰もいなかった。。",
        fixed: "　彼は振り返った。そこには誰もいなかった。",
    },
};

impl Rule for GrammarPunctuation {
    fn meta(&self) -> &'static RuleMeta {
        &GRAMMAR_PUNCTUATION
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        // A run of two or more marks holds one of these.
        static PAIRS: Needles = Needles::new(&["、、", "、。", "。、", "。。"]);
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        scan::paragraph_hits(doc, &[&PAIRS], |p, text, _| {
            for (s, e, n) in runs(text, |c| c == '、' || c == '。') {
                let run = &text[s..e];
                let uniform = run.chars().all(|c| c == '。') || run.chars().all(|c| c == '、');
                if n < 2 || (uniform && n >= 3) {
                    continue;
                }
                let intended = if run.contains('。') { "。" } else { "、" };
                let range = p.display.start + s..p.display.start + e;
                let edit = display_edit(doc, &guard, range.clone(), intended);
                out.push(
                    Diagnostic::new(
                        GRAMMAR_PUNCTUATION.code,
                        Severity::High,
                        doc.source_span(range),
                        format!(
                            "句読点「{run}」が重なっています。「{intended}」一つにしてください。"
                        ),
                    )
                    .with_suggestion(intended)
                    .with_edit_fix(
                        Applicability::Safe,
                        format!("「{run}」を「{intended}」にする"),
                        edit,
                    ),
                );
            }
        });
    }
}

// ---------------------------------------------------------------------------------------
// TYPO

pub struct Typo;

static TYPO: RuleMeta = RuleMeta {
    code: "TYPO",
    aspect: Aspect::Grammar,
    default_severity: Severity::High,
    summary: "Common misspelling from the typo dictionary (こんにちわ → こんにちは)",
    fix: Some(Applicability::Standard),
    doc: RuleDoc {
        what: "よくある誤字・誤用を辞書（templates/dictionaries/typos.tsv と設定の typos）で\
               検出し、正しい表記を示します。辞書の語が一字の漢字で始まる場合（「的を得た」）、\
               直前が漢字なら別の語の一部とみなして報告しません（「目的を得た」）。",
        why: "誤字や慣用句の誤用は、読者に「校正されていない」印象を与え、作品への没入を\
              妨げます。感想欄で指摘されやすい箇所でもあります。",
        example: "「こんにちわ」と彼女は言った。シュミレーションどおりにはいかなかった。",
        fixed: "「こんにちは」と彼女は言った。シミュレーションどおりにはいかなかった。",
    },
};

/// Whether a dictionary word starting at display offset `at` may be a word of its own:
/// a word whose first character is a lone kanji (kanji followed by a non-kanji, or a
/// one-character word) is not matched right after another kanji (的を得た in 目的を得た).
fn typo_boundary_ok(display: &str, at: usize, word: &str) -> bool {
    let mut chars = word.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    let lone_kanji = is_kanji(first) && !chars.next().is_some_and(is_kanji);
    !(lone_kanji && char_before(display, at).is_some_and(is_kanji))
}

impl Rule for Typo {
    fn meta(&self) -> &'static RuleMeta {
        &TYPO
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let doc = cx.doc;
        let typos = &cx.settings.typos;
        let (distinct, ids) = words::distinct(typos.iter().map(|t| t.wrong.as_str()));
        let occurrences = words::WordSet::get(&distinct).occurrences(&doc.display);
        let guard = LazyGuard::new(doc);
        for (range, w) in words::select(&occurrences, &ids) {
            let (wrong, right) = (typos[w].wrong.as_str(), typos[w].right.as_str());
            if !typo_boundary_ok(&doc.display, range.start, wrong) {
                continue;
            }
            // A fix whose result contains the wrong word again would never settle.
            let edit = if right.contains(wrong) {
                None
            } else {
                display_edit(doc, &guard, range.clone(), right)
            };
            out.push(
                Diagnostic::new(
                    TYPO.code,
                    Severity::High,
                    doc.source_span(range),
                    format!("「{wrong}」は誤りです。正しくは「{right}」です。"),
                )
                .with_suggestion(right)
                .with_edit_fix(
                    Applicability::Standard,
                    format!("「{wrong}」を「{right}」に直す"),
                    edit,
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::fix::apply;
    use crate::analysis::fix::testing::{diagnostics, fixed, source_texts as codes};
    use crate::analysis::settings::TypoEntry;
    use crate::analysis::Settings;

    // GRAMMAR_PUNCTUATION ------------------------------------------------------------------

    #[test]
    fn punctuation_fires_on_doubled_marks() {
        assert_eq!(
            codes(
                &GrammarPunctuation,
                "　彼は、、走った。。\n　それで、。終わり。\n"
            ),
            vec!["、、", "。。", "、。"]
        );
    }

    #[test]
    fn punctuation_ignores_single_marks_and_ellipsis_runs() {
        assert!(codes(
            &GrammarPunctuation,
            "　彼は、走った。\n　あ。。。\n　い、、、\n"
        )
        .is_empty());
    }

    #[test]
    fn punctuation_fix_collapses_to_intended_mark() {
        let text = "　振り返った、。誰もいない。。次、、そして。、\n";
        assert_eq!(
            fixed(&GrammarPunctuation, text, &Settings::default()),
            "　振り返った。誰もいない。次、そして。\n"
        );
    }

    #[test]
    fn punctuation_reading_inside_ruby_is_ignored() {
        // The reading is masked: no finding for 、、 inside 《》.
        assert!(codes(&GrammarPunctuation, "　｜彼《か、、れ》は来た。\n").is_empty());
    }

    // TYPO ---------------------------------------------------------------------------------

    #[test]
    fn typo_fires_on_dictionary_words() {
        let found = codes(
            &Typo,
            "「こんにちわ」\n　完壁だった。シュミレーションする。\n",
        );
        assert_eq!(found, vec!["こんにちわ", "完壁", "シュミレーション"]);
    }

    #[test]
    fn typo_does_not_fire_on_correct_text_or_inside_compounds() {
        assert!(codes(&Typo, "「こんにちは」\n　目的を得た。的を射た意見だ。\n").is_empty());
        // A lone-kanji entry is not matched after another kanji (a configured 的を得た).
        let settings = Settings {
            typos: std::sync::Arc::new(vec![TypoEntry {
                wrong: "的を得た".into(),
                right: "的を射た".into(),
            }]),
            ..Settings::default()
        };
        assert!(diagnostics(&Typo, "　目的を得た。\n", &settings).is_empty());
        assert_eq!(diagnostics(&Typo, "　的を得た。\n", &settings).len(), 1);
        // Inside a ruby reading nothing is analysed.
        assert!(codes(&Typo, "　｜挨拶《こんにちわ》した。\n").is_empty());
    }

    #[test]
    fn typo_fix_replaces_with_the_right_spelling() {
        let text = "「こんにちわ」\n　彼の説明は完壁だった。\n";
        assert_eq!(
            fixed(&Typo, text, &Settings::default()),
            "「こんにちは」\n　彼の説明は完璧だった。\n"
        );
    }

    #[test]
    fn typo_uses_configured_entries_and_protects_ruby() {
        let settings = Settings {
            typos: std::sync::Arc::new(vec![TypoEntry {
                wrong: "完壁".into(),
                right: "完璧".into(),
            }]),
            ..Settings::default()
        };
        let ds = diagnostics(&Typo, "　｜完壁《かんぺき》だ。完壁だ。\n", &settings);
        assert_eq!(ds.len(), 2);
        // The ruby base must not be edited (the edit would cut into ｜基《よみ》).
        assert!(ds[0].fix.is_none());
        assert!(ds[1].fix.is_some());
        assert_eq!(
            fixed(&Typo, "　｜完壁《かんぺき》だ。完壁だ。\n", &settings),
            "　｜完壁《かんぺき》だ。完璧だ。\n"
        );
    }

    #[test]
    fn typo_whose_right_contains_wrong_has_no_fix() {
        let settings = Settings {
            typos: std::sync::Arc::new(vec![TypoEntry {
                wrong: "あい".into(),
                right: "あいう".into(),
            }]),
            ..Settings::default()
        };
        let ds = diagnostics(&Typo, "あい\n", &settings);
        assert_eq!(ds.len(), 1);
        assert!(ds[0].fix.is_none());
    }

    #[test]
    fn rules_have_docs_and_do_not_panic_on_odd_input() {
        // NOTATION_INCONSISTENCY, of aspect grammar too, lives in `notation`.
        for rule in RULES.iter().chain(super::super::notation::RULES) {
            let m = rule.meta();
            assert!(!m.doc.example.is_empty() && !m.doc.fixed.is_empty());
            for text in [
                "",
                "\n",
                "、、",
                "《》、、",
                "｜《》",
                "---\n",
                "\u{3000}",
                "事",
            ] {
                let _ = diagnostics(*rule, text, &Settings::default());
            }
        }
        let _ = apply("", &[]);
    }

    #[test]
    fn doc_examples_match_the_rules() {
        crate::analysis::fix::testing::assert_doc_examples(RULES);
    }
}
