use super::*;

fn fix(start: usize, end: usize, with: &str) -> Fix {
    Fix::new(
        Applicability::Safe,
        "t",
        vec![Edit::replace(Span::new(start, end), with)],
    )
}

#[test]
fn applies_in_order_and_skips_overlaps() {
    let text = "abcdef";
    let a = fix(0, 2, "X");
    let b = fix(1, 3, "Y");
    let c = fix(4, 4, "Z");
    let out = apply(text, &[&c, &a, &b]);
    assert_eq!(out.text, "Xcd".to_string() + "Zef");
    assert_eq!(out.applied, vec![1, 0]);
    assert_eq!(out.skipped, vec![2]);
}

#[test]
fn rejects_edits_off_char_boundaries() {
    let text = "あい";
    let bad = fix(1, 2, "x");
    let out = apply(text, &[&bad]);
    assert_eq!(out.text, text);
    assert_eq!(out.skipped, vec![0]);
}

// apply_until_stable ---------------------------------------------------------------

fn firing(text: &str, codes: &[&str]) -> Vec<String> {
    crate::analysis::analyze(text, "t.md", &Settings::default())
        .findings
        .into_iter()
        .filter(|f| codes.contains(&f.code.as_str()))
        .map(|f| f.code)
        .collect()
}

const SAFE_CODES: [&str; 10] = [
    "GRAMMAR_PUNCTUATION",
    "ELLIPSIS_STYLE",
    "ELLIPSIS_ODD_COUNT",
    "DASH_STYLE",
    "EXCLAMATION_SPACE",
    "HALFWIDTH_EXCLAMATION",
    "TRAILING_SPACES",
    "TAB_FOUND",
    "DOUBLE_SPACES",
    "EMPTY_LINE_RUNS",
];

const MESSY: &str = "彼は、、走った。。\n「そう・・・なんだ…」\n「待て―」\n「嘘!本当に?信じない」\n\n\n\n\n　空は青い。\t \n　彼は  笑った。ーーそして。\n「わかった。」\n";

#[test]
fn safe_fixes_reach_a_fixpoint_where_their_codes_are_silent() {
    let settings = Settings::default();
    assert!(!firing(MESSY, &SAFE_CODES).is_empty());
    let (out, log) = apply_until_stable(MESSY, &settings, Applicability::Safe, None);
    assert_eq!(
            out,
            "彼は、走った。\n「そう……なんだ……」\n「待て――」\n「嘘！　本当に？　信じない」\n\n\n　空は青い。\n　彼は 笑った。――そして。\n「わかった。」\n"
        );
    assert!(
        firing(&out, &SAFE_CODES).is_empty(),
        "{:?}",
        firing(&out, &SAFE_CODES)
    );
    // Standard fixes were not applied.
    assert!(firing(&out, &["INDENT_MISSING", "PERIOD_BEFORE_CLOSE"]).len() == 2);
    assert!(log.iter().all(|l| l.before != l.after));
    assert!(log.iter().any(|l| l.code == "HALFWIDTH_EXCLAMATION"
        && l.before == "!"
        && l.after == "！"
        && l.line == 4));
    // Idempotent.
    let (again, log2) = apply_until_stable(&out, &settings, Applicability::Safe, None);
    assert_eq!(again, out);
    assert!(log2.is_empty());
}

#[test]
fn standard_level_includes_standard_fixes() {
    let settings = Settings::default();
    let (out, _) = apply_until_stable(MESSY, &settings, Applicability::Standard, None);
    assert!(out.starts_with("　彼は、走った。\n"));
    assert!(out.ends_with("「わかった」\n"));
    assert!(firing(&out, &["INDENT_MISSING", "PERIOD_BEFORE_CLOSE", "TYPO"]).is_empty());
}

#[test]
fn codes_restrict_the_fixes() {
    let settings = Settings::default();
    let (out, log) = apply_until_stable(
        MESSY,
        &settings,
        Applicability::Aggressive,
        Some(&["GRAMMAR_PUNCTUATION"]),
    );
    assert!(log.iter().all(|l| l.code == "GRAMMAR_PUNCTUATION"));
    assert_eq!(log.len(), 2);
    assert_eq!(
        out,
        MESSY.replacen("、、", "、", 1).replacen("。。", "。", 1)
    );
}

#[test]
fn nothing_to_fix_returns_the_text() {
    let text = "　静かな朝だった。\n「おはよう」\n";
    let (out, log) =
        apply_until_stable(text, &Settings::default(), Applicability::Aggressive, None);
    assert_eq!(out, text);
    assert!(log.is_empty());
}

#[test]
fn guard_protects_ruby_parts() {
    let text = "｜基《よみ》と漢字《かんじ》と《《傍点》》と［＃注］。\n";
    let doc = Document::parse(text);
    let guard = MarkupGuard::new(&doc);
    let at = |s: &str| text.find(s).unwrap();
    // Inside the bar ruby: base, reading, between.
    assert!(guard.touches(Span::new(at("基"), at("基") + 3)));
    assert!(guard.touches(Span::new(at("《よみ"), at("《よみ"))));
    // Bare ruby base.
    assert!(guard.touches(Span::new(at("字"), at("字") + 3)));
    assert!(guard.touches(Span::new(at("傍"), at("傍") + 3)));
    assert!(guard.touches(Span::new(at("注"), at("注"))));
    // Boundaries and plain text are fine.
    assert!(!guard.touches(Span::new(0, 0)));
    assert!(!guard.touches(Span::new(at("と"), at("と") + 3)));
    assert!(!guard.touches(Span::new(at("と"), at("と"))));
}

mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn guard_touches_matches_brute_force(
            raw in prop::collection::vec((0usize..50, 0usize..10), 0..8),
            start in 0usize..60,
            len in 0usize..10,
        ) {
            let mut ranges: Vec<Range<usize>> = raw.iter().map(|&(s, l)| s..s + l + 1).collect();
            ranges.sort_by_key(|r| (r.start, r.end));
            let max_end = ranges.iter().scan(0, |m, r| { *m = (*m).max(r.end); Some(*m) }).collect();
            let guard = MarkupGuard { ranges: ranges.clone(), max_end };
            let span = Span::new(start, start + len);
            let brute = ranges.iter().any(|r| if len == 0 {
                r.start < span.start && span.start < r.end
            } else {
                span.start < r.end && r.start < span.end
            });
            prop_assert_eq!(guard.touches(span), brute);
        }
    }

    /// Pieces the generated texts are made of: markup, punctuation, dictionary words (shared
    /// with examples/dump_findings.rs).
    fn fragments() -> &'static [&'static str] {
        static FRAGMENTS: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
            let list: Vec<String> =
                serde_json::from_str(include_str!("../../../fixtures/text_fragments.json"))
                    .expect("fixtures/text_fragments.json is a list of strings");
            list.into_iter().map(|s| &*s.leak()).collect()
        });
        &FRAGMENTS
    }

    fn manuscript() -> impl Strategy<Value = String> {
        prop::collection::vec(prop::sample::select(fragments()), 0..40).prop_map(|v| v.concat())
    }

    fn markup(text: &str) -> Vec<String> {
        markup_patterns()
            .iter()
            .flat_map(|re| re.find_iter(text).map(|m| m.as_str().to_string()))
            .collect()
    }

    /// `markup_ranges` finds exactly the matches of the regular expressions.
    fn assert_markup_ranges_match_regexes(text: &str) {
        let mut expected: Vec<Range<usize>> = markup_patterns()
            .iter()
            .flat_map(|re| re.find_iter(text).map(|m| m.range()))
            .collect();
        expected.sort_by_key(|r| (r.start, r.end));
        let mut got = markup_ranges(text);
        got.sort_by_key(|r| (r.start, r.end));
        assert_eq!(got, expected, "{text:?}");
    }

    #[test]
    fn markup_ranges_match_regexes_on_examples() {
        for text in [
            "｜基《よみ》と漢字《かんじ》と《《傍点》》と［＃注］。",
            "《《《傍点》》》｜｜基《よみ》|基|《よ》漢《《よ》》",
            "［＃［＃注］］［＃\n］［＃］漢字《》漢字《よ\nみ》𠀋《よ》々《よ》",
            "｜《よみ》｜基《》｜基《よ《み》》|a《b》c",
            "",
        ] {
            assert_markup_ranges_match_regexes(text);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn markup_ranges_match_regexes(text in "[｜|《》［＃］\n漢字あ𠀋]{0,40}") {
            assert_markup_ranges_match_regexes(&text);
        }

        #[test]
        fn markup_ranges_match_regexes_on_manuscripts(text in manuscript()) {
            assert_markup_ranges_match_regexes(&text);
        }

        #[test]
        fn lazy_guard_answers_like_the_full_guard(
            text in manuscript(),
            picks in prop::collection::vec((0usize..400, 0usize..20), 0..30),
        ) {
            let doc = Document::parse(&text);
            let full = MarkupGuard::new(&doc);
            let lazy = LazyGuard::new(&doc);
            let floor = |mut at: usize| {
                at = at.min(text.len());
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                at
            };
            for (start, len) in picks {
                let start = floor(start);
                let span = Span::new(start, floor(start + len).max(start));
                prop_assert_eq!(Protects::touches(&lazy, span), full.touches(span), "{:?}", span);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn apply_changes_only_edited_bytes(
            text in "[a-cあい漢\n]{0,20}",
            raw in prop::collection::vec((0usize..40, 0usize..6, "[xyあ]{0,3}"), 0..6),
        ) {
            let fixes: Vec<Fix> = raw
                .iter()
                .map(|(s, len, with)| {
                    Fix::new(Applicability::Safe, "t", vec![Edit::replace(Span::new(*s, s + len), with.clone())])
                })
                .collect();
            let refs: Vec<&Fix> = fixes.iter().collect();
            let out = apply(&text, &refs);
            let mut taken: Vec<(usize, &Edit)> = out
                .applied
                .iter()
                .flat_map(|&i| fixes[i].edits.iter())
                .enumerate()
                .collect();
            // Reference: apply back to front with replace_range (insertions at one point
            // keep the order of their fixes).
            taken.sort_by_key(|(seq, e)| std::cmp::Reverse((e.byte_start, e.byte_end, *seq)));
            let taken: Vec<&Edit> = taken.into_iter().map(|(_, e)| e).collect();
            let mut expected = text.clone();
            for e in &taken {
                expected.replace_range(e.byte_start..e.byte_end, &e.replacement);
            }
            prop_assert_eq!(&out.text, &expected);
            prop_assert_eq!(out.applied.len() + out.skipped.len(), fixes.len());
            // Taken edits never overlap.
            let mut spans: Vec<(usize, usize)> = taken.iter().map(|e| (e.byte_start, e.byte_end)).collect();
            spans.sort();
            for w in spans.windows(2) {
                prop_assert!(w[0].1 <= w[1].0);
            }
        }

        #[test]
        fn rule_fixes_are_valid_and_avoid_markup(text in manuscript()) {
            let analysis = crate::analysis::analyze(&text, "t.md", &Settings::default());
            let doc = Document::parse(&text);
            let guard = MarkupGuard::new(&doc);
            for f in &analysis.findings {
                prop_assert!(text.is_char_boundary(f.byte_start) && text.is_char_boundary(f.byte_end));
                if let Some(fix) = &f.fix {
                    prop_assert!(!fix.edits.is_empty());
                    for e in &fix.edits {
                        prop_assert!(e.byte_start <= e.byte_end && e.byte_end <= text.len());
                        prop_assert!(text.is_char_boundary(e.byte_start) && text.is_char_boundary(e.byte_end));
                    }
                    prop_assert!(guard.allows(&fix.edits), "{} {:?}", f.code, fix.edits);
                    let once = apply(&text, &[fix]);
                    prop_assert_eq!(once.applied.len(), 1);
                    prop_assert_ne!(&once.text, &text, "{} fix changes nothing", f.code);
                }
            }
        }

        #[test]
        fn fixpoint_is_idempotent_and_silences_fixed_codes(text in manuscript()) {
            let settings = Settings::default();
            for level in [Applicability::Safe, Applicability::Standard] {
                let (once, log) = apply_until_stable(&text, &settings, level, None);
                let (twice, log2) = apply_until_stable(&once, &settings, level, None);
                prop_assert_eq!(&twice, &once);
                prop_assert!(log2.is_empty(), "{:?}", log2);
                prop_assert!(log.iter().all(|l| l.before != l.after));
                let left: Vec<String> = crate::analysis::analyze(&once, "t.md", &settings)
                    .findings
                    .into_iter()
                    .filter(|f| f.fix.as_ref().is_some_and(|x| x.applicability <= level))
                    .map(|f| f.code)
                    .collect();
                prop_assert!(left.is_empty(), "{:?} left in {:?}", left, once);
                // Ruby, emphasis and annotations come through untouched.
                prop_assert_eq!(markup(&once), markup(&text));
            }
        }

        #[test]
        fn analysis_never_panics(text in any::<String>()) {
            let _ = apply_until_stable(&text, &Settings::default(), Applicability::Aggressive, None);
        }
    }
}
