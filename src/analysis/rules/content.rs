//! Rules of aspect `content` (SPEC §4).

use super::{Rule, RuleContext, RuleDoc, RuleMeta, Scope};
use crate::analysis::Diagnostics;
use crate::analysis::{Aspect, Diagnostic, Severity};

pub(super) static RULES: &[&dyn Rule] = &[&ForbiddenExpression];

/// FORBIDDEN_EXPRESSION: a phrase the project has banned.
pub struct ForbiddenExpression;

static FORBIDDEN_EXPRESSION: RuleMeta = RuleMeta {
    code: "FORBIDDEN_EXPRESSION",
    aspect: Aspect::Content,
    default_severity: Severity::Medium,
    summary: "A phrase listed in forbidden_expressions (config or 執筆品質ルール.yaml)",
    fix: None,
    doc: RuleDoc {
        what: "作品で使わないと決めた表現（.novelerrc.yaml の forbidden_expressions や 30_設定集/執筆品質ルール.yaml に登録した語句）が本文に含まれています。ルビの読みは対象外で、表示される文字で照合します。出てくるたびに1件として報告します。",
        why: "世界観に合わない言葉（ファンタジー世界での「ヤバい」「OK」など）、投稿サイトの規約や作品の方針で避けたい表現、自分の書き癖として減らしたい言い回しは、書いている最中には気づきにくいものです。リストにしておけば毎回機械的に見つけられます。",
        example: "（forbidden_expressions: [\"ヤバい\"] のとき）「このダンジョン、マジでヤバいぞ」",
        fixed: "「このダンジョン、ただごとじゃないぞ」",
    },
};

impl Rule for ForbiddenExpression {
    fn meta(&self) -> &'static RuleMeta {
        &FORBIDDEN_EXPRESSION
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let display = &cx.doc.display;
        let mut seen = std::collections::HashSet::new();
        // Surrounding whitespace in a config entry is not part of the phrase; a phrase can
        // never span a line break.
        let phrases: Vec<&str> = cx
            .settings
            .forbidden_expressions
            .iter()
            .map(|p| p.trim_matches(|c: char| c.is_whitespace()))
            .filter(|p| !p.is_empty() && !p.contains('\n') && seen.insert(*p))
            .collect();
        if phrases.is_empty() {
            return;
        }
        // One pass over the text for every phrase (50,000 phrases took 54 s one by one).
        let Some(ac) = crate::analysis::accept::phrase_matcher(&phrases) else {
            return;
        };
        // Overlapping matches of all phrases, then, per phrase, the non-overlapping ones from
        // the left — exactly what `match_indices` per phrase found — in phrase order.
        let mut hits: Vec<(usize, usize, usize)> = ac
            .find_overlapping_iter(display.as_bytes())
            .map(|m| (m.pattern().as_usize(), m.start(), m.end()))
            .collect();
        hits.sort_unstable();
        let mut last: Option<(usize, usize)> = None;
        for (pattern, start, end) in hits {
            if let Some((p, e)) = last {
                if p == pattern && start < e {
                    continue;
                }
            }
            last = Some((pattern, end));
            let phrase = phrases[pattern];
            out.push(
                Diagnostic::new(
                    FORBIDDEN_EXPRESSION.code,
                    FORBIDDEN_EXPRESSION.default_severity,
                    cx.doc.source_span(start..end),
                    format!("禁止表現「{phrase}」が使われています"),
                )
                .with_suggestion(
                    "作品の禁止表現リストに登録された語句です。場面に合った別の言い方に書き換えましょう",
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::length::tests::{no_panic, run};
    use super::*;
    use crate::analysis::Settings;

    fn with(phrases: &[&str]) -> Settings {
        Settings {
            forbidden_expressions: phrases.iter().map(|p| p.to_string()).collect(),
            ..Settings::default()
        }
    }

    #[test]
    fn one_finding_per_occurrence() {
        let text = "　ヤバい。マジでヤバいぞ。\n「ヤバ」\n";
        let out = run(&ForbiddenExpression, text, &with(&["ヤバい", "マジ"]));
        assert_eq!(out.len(), 3, "{out:?}");
        for d in &out {
            assert_eq!(d.severity, Severity::Medium);
        }
        let texts: Vec<&str> = out.iter().map(|d| &text[d.span.range()]).collect();
        assert_eq!(texts, ["ヤバい", "ヤバい", "マジ"]);
        assert_eq!(out[0].message, "禁止表現「ヤバい」が使われています");
        assert_eq!(out[2].message, "禁止表現「マジ」が使われています");
        assert!(out[0].span.start < out[1].span.start);
    }

    /// Work, not time: the matcher of a long repetitive phrase is the NFA (built and run in
    /// time linear in phrase + text), never the DFA whose construction was quadratic in it.
    #[test]
    fn a_long_phrase_is_matched_by_the_linear_matcher() {
        let phrase = format!("{}い", "あ".repeat(20_000));
        let ac = crate::analysis::accept::phrase_matcher(&[phrase.as_str()]).unwrap();
        assert_eq!(ac.kind(), aho_corasick::AhoCorasickKind::ContiguousNFA);
        let text = format!("　{}。{phrase}。\n", "あ".repeat(20_000));
        let out = run(&ForbiddenExpression, &text, &with(&[&phrase]));
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!(&text[out[0].span.range()], phrase);
    }

    #[test]
    fn same_findings_as_one_search_per_phrase_and_many_phrases_are_one_pass() {
        // Within one phrase matches do not overlap; across phrases they may.
        let text = "　あああ、ああ。\n";
        let out = run(&ForbiddenExpression, text, &with(&["ああ", "あああ"]));
        let got: Vec<(usize, &str)> = out
            .iter()
            .map(|d| (d.span.start, &text[d.span.range()]))
            .collect();
        let mut want = Vec::new();
        for p in ["ああ", "あああ"] {
            want.extend(text.match_indices(p));
        }
        assert_eq!(got, want);
        let many: Vec<String> = (0..50_000).map(|i| format!("語句{i}番")).collect();
        let settings = Settings {
            forbidden_expressions: many,
            ..Settings::default()
        };
        let out = run(
            &ForbiddenExpression,
            "　語句49999番と語句7番。\n",
            &settings,
        );
        assert_eq!(out.len(), 2);
    }

    #[test]
    fn matches_displayed_text_and_maps_back() {
        // Ruby: the base is matched, the reading never.
        let text = "　｜禁呪《きんじゅ》を使う。きんじゅ。\n";
        let out = run(&ForbiddenExpression, text, &with(&["禁呪を使"]));
        assert_eq!(out.len(), 1);
        assert_eq!(&text[out[0].span.range()], "禁呪《きんじゅ》を使");
        // A reading alone is not displayed text: only the plain occurrence matches.
        let out = run(&ForbiddenExpression, text, &with(&["きんじゅ"]));
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].span.start, text.rfind("きんじゅ").unwrap());
        // Emphasis markup is removed before matching.
        let text = "《《絶対》》にだ\n";
        let out = run(&ForbiddenExpression, text, &with(&["絶対に"]));
        assert_eq!(out.len(), 1);
        assert!(text[out[0].span.range()].contains("絶対"));
    }

    #[test]
    fn does_not_fire_outside_the_body_or_without_phrases() {
        let text = "---\ntitle: ヤバい話\n---\n# ヤバい章\n　平和な一日。\n";
        assert!(run(&ForbiddenExpression, text, &with(&["ヤバい"])).is_empty());
        assert!(run(&ForbiddenExpression, text, &with(&[])).is_empty());
        // Blank phrases and duplicates are ignored; surrounding spaces trimmed.
        let out = run(
            &ForbiddenExpression,
            "平和な一日。\n",
            &with(&["", "　", " 平和 ", "平和"]),
        );
        assert_eq!(out.len(), 1);
    }

    #[test]
    fn phrases_do_not_span_lines() {
        let text = "あい\nうえ\n";
        assert!(run(&ForbiddenExpression, text, &with(&["いう", "い\nう"])).is_empty());
    }

    #[test]
    fn never_panics() {
        no_panic(RULES);
    }
}
