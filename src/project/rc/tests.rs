use super::*;
use crate::analysis::Severity;

fn parse(text: &str) -> Result<RcConfig> {
    parse_rc(Path::new(".novelerrc.yaml"), text)
}

/// Some rule code of the registry (the registry is filled by the rule modules).
fn known_code() -> &'static str {
    crate::analysis::rules::registry()
        .first()
        .map(|r| r.meta().code)
        .expect("the rule registry is empty")
}

#[test]
fn full_config_applies() {
    let code = known_code();
    let text = format!(
            "preset: narou\nthresholds:\n  long_sentence_low: 90\nrules:\n  {code}:\n    enabled: false\n    severity: high\nforbidden_expressions: [言葉にできない, 言葉にできない]\nignore:\n  paths: ['40_原稿/下書き/**']\ntarget_length: {{min: 100, max: 200}}\nexclude_dialogue_lines: false\nweights: {{grammar: 2, style: 0.5}}\nfix: {{level: standard}}\n"
        );
    let rc = parse(&text).unwrap();
    let mut s = Settings::default();
    rc.apply(&mut s);
    assert_eq!(s.thresholds.long_sentence_low, 90);
    assert_eq!(
        s.thresholds.long_sentence_medium,
        Thresholds::default().long_sentence_medium
    );
    assert_eq!(s.rules[code].enabled, Some(false));
    assert_eq!(s.rules[code].severity, Some(Severity::High));
    assert_eq!(s.forbidden_expressions, vec!["言葉にできない".to_string()]);
    assert_eq!(s.target_length.min, 100);
    assert_eq!(s.target_length.source, LengthSource::Override);
    assert!(!s.exclude_dialogue_lines);
    assert_eq!(s.weights[&Aspect::Grammar], 2.0);
    assert_eq!(s.fix_level, Applicability::Standard);
    assert_eq!(rc.ignore_globs().len(), 1);
    assert!(rc.ignore_globs()[0].matches("40_原稿/下書き/a.md"));
}

#[test]
fn word_lists_add_remove_and_replace() {
    let defaults = Settings::default();
    let taut = defaults.tautologies[0].wrong.clone();
    let pair = defaults.notation_pairs[0].clone();
    let text = format!(
            "word_lists:\n  tautologies:\n    add: {{後で後悔: 後悔}}\n    remove: [{taut}]\n  redundant_expressions:\n    add: {{することができる: できる（自作）}}\n  notation_pairs:\n    remove: [{}]\n    add: {{ひと: 人}}\n  typos:\n    add: {{伺い知る: 窺い知る}}\n",
            pair.b
        );
    let rc = parse(&text).unwrap();
    let mut s = Settings::default();
    rc.apply(&mut s);
    assert!(s.tautologies.iter().all(|e| e.wrong != taut));
    assert!(s
        .tautologies
        .iter()
        .any(|e| e.wrong == "後で後悔" && e.right == "後悔"));
    let redundant: Vec<_> = s
        .redundant_expressions
        .iter()
        .filter(|e| e.wrong == "することができる")
        .collect();
    assert_eq!(
        redundant.len(),
        1,
        "an added phrase replaces the built-in one"
    );
    assert_eq!(redundant[0].right, "できる（自作）");
    assert!(!s.notation_pairs.contains(&pair));
    assert!(s
        .notation_pairs
        .iter()
        .any(|p| p.a == "ひと" && p.b == "人"));
    assert!(s.typos.iter().any(|e| e.wrong == "伺い知る"));
    assert_eq!(s.typos.len(), defaults.typos.len() + 1);
    // The edits went to this config's copies; the embedded lists are as they were.
    assert_eq!(Settings::default().typos.len(), defaults.typos.len());
    assert!(Settings::default().notation_pairs.contains(&pair));
}

#[test]
fn unedited_word_lists_stay_shared_with_the_embedded_ones() {
    let rc = parse("word_lists:\n  typos:\n    add: {伺い知る: 窺い知る}\n").unwrap();
    let mut s = Settings::default();
    rc.apply(&mut s);
    let defaults = Settings::default();
    assert!(!std::sync::Arc::ptr_eq(&s.typos, &defaults.typos));
    for (edited, embedded) in [
        (&s.tautologies, &defaults.tautologies),
        (&s.redundant_expressions, &defaults.redundant_expressions),
    ] {
        assert!(std::sync::Arc::ptr_eq(edited, embedded), "not copied");
    }
    assert!(std::sync::Arc::ptr_eq(
        &s.notation_pairs,
        &defaults.notation_pairs
    ));
}

#[test]
fn word_lists_refuse_empty_phrases_and_self_pairs() {
    for (text, line) in [
        ("# x\nword_lists:\n  tautologies:\n    remove: ['']\n", 3),
        ("word_lists:\n  notation_pairs:\n    add: {ひと: ひと}\n", 2),
    ] {
        let err = u002(text);
        assert_eq!(err.line, Some(line), "{text:?}: {err}");
        assert!(err.message.contains("word_lists."), "{}", err.message);
    }
    assert_eq!(u002("word_lists:\n  tautology: {}\n").code, Code::U002);
}

#[test]
fn collocation_lists_take_patterns_and_refuse_bad_ones() {
    let rc = parse(
        "word_lists:\n  homophones:\n    add: {\"[機械] を 逃す\": 機会}\n    remove: [\"[収集] が|の つく\"]\n  okurigana:\n    add: {少くない: 少なくない}\n",
    )
    .unwrap();
    let mut s = Settings::default();
    rc.apply(&mut s);
    assert!(s
        .homophones
        .iter()
        .any(|e| e.wrong == "[機械] を 逃す" && e.right == "機会"));
    assert!(s.homophones.iter().all(|e| e.wrong != "[収集] が|の つく"));
    assert!(s.okurigana.iter().any(|e| e.wrong == "少くない"));
    // A pattern without its [wrong word] is a U002 naming the key and the line.
    let err = u002("# x\nword_lists:\n  idioms:\n    add: {的 を 得る: 射る}\n");
    assert_eq!(err.line, Some(3), "{err}");
    assert!(err.message.contains("word_lists.idioms"), "{}", err.message);
    assert!(err.message.contains("[ ]"), "{}", err.message);
}

#[test]
fn ignore_codes_disable_rules() {
    let code = known_code();
    let rc = parse(&format!("ignore:\n  codes: [{code}]\n")).unwrap();
    let mut s = Settings::default();
    rc.apply(&mut s);
    assert_eq!(s.rules[code].enabled, Some(false));
}

#[test]
fn empty_file_is_default() {
    assert_eq!(parse("").unwrap(), RcConfig::default());
    assert_eq!(parse("# nothing\n").unwrap(), RcConfig::default());
}

fn u002(text: &str) -> Error {
    let err = parse(text).unwrap_err();
    assert_eq!(err.code, Code::U002, "{err}");
    assert!(err.path.is_some());
    err
}

#[test]
fn unknown_top_level_key_names_key_and_line() {
    let err = u002("preset: narou\n\nthreshold:\n  x: 1\n");
    assert_eq!(err.line, Some(3), "{err}");
    assert!(err.message.contains("`threshold`"), "{}", err.message);
    assert_eq!(err.details.as_ref().unwrap()["key"], "threshold");
}

#[test]
fn unknown_threshold_key_names_key_and_line() {
    let err = u002("thresholds:\n  long_sentence_low: 80\n  kanji_ratio_maxx: 0.5\n");
    assert_eq!(err.line, Some(3), "{err}");
    assert!(err.message.contains("kanji_ratio_maxx"), "{}", err.message);
}

#[test]
fn unknown_rule_code_is_an_error_with_line() {
    let err = u002("rules:\n  NO_SUCH_RULE:\n    enabled: false\n");
    assert_eq!(err.line, Some(2), "{err}");
    assert!(err.message.contains("NO_SUCH_RULE"), "{}", err.message);
    let err = u002("ignore:\n  codes: [NOPE]\n");
    assert!(err.message.contains("NOPE"), "{}", err.message);
}

#[test]
fn bad_values_are_errors() {
    let code = known_code();
    u002(&format!("rules:\n  {code}:\n    severity: severe\n"));
    u002(&format!("rules:\n  {code}:\n    enable: false\n"));
    u002("preset: kakuyomu_plus\n");
    u002("weights: {rhytm: 1}\n");
    u002("weights: {rhythm: -1}\n");
    u002("target_length: {min: 5, max: 5}\n");
    u002("target_length: {min: 5}\n");
    u002("fix: {level: reckless}\n");
    u002("ignore:\n  paths: ['[abc']\n");
    u002("exclude_dialogue_lines: maybe\n");
    u002("thresholds: [1, 2]\n");
    u002("a: [unclosed\n");
}

#[test]
fn absurd_values_name_the_key_and_line() {
    for (text, line, needle) in [
        (
            "preset: narou\nthresholds:\n  window_size: 0\n",
            3,
            "window_size",
        ),
        (
            "thresholds:\n  kanji_ratio_max: .nan\n",
            2,
            "kanji_ratio_max",
        ),
        ("thresholds:\n  comma_avg_max: .inf\n", 2, "comma_avg_max"),
        (
            "thresholds:\n  dialogue_ratio_max: 7\n",
            2,
            "dialogue_ratio_max",
        ),
        ("thresholds:\n  window_min: 90\n", 2, "window_min"),
        (
            "weights:\n  rhythm: 0\n  readability: 0\n  grammar: 0\n  style: 0\n  length: 0\n  content: 0\n",
            1,
            "weights",
        ),
        (
            "# x\nforbidden_expressions: [ok, '  ']\n",
            2,
            "forbidden_expressions",
        ),
        ("weights: {rhythm: .nan}\n", 1, "rhythm"),
        ("max_findings_per_rule: 0\n", 1, "max_findings_per_rule"),
    ] {
        let err = u002(text);
        assert_eq!(err.line, Some(line), "{text:?}: {err}");
        assert!(err.message.contains(needle), "{text:?}: {}", err.message);
    }
    // A zero weight next to a positive one is fine, and so are zeros next to the defaults.
    assert!(parse("weights: {rhythm: 0, grammar: 1}\n").is_ok());
    assert!(parse("weights: {rhythm: 0, grammar: 0}\n").is_ok());
}

#[test]
fn deep_nesting_is_refused_before_parsing() {
    let flow = format!("thresholds: {}{}\n", "[".repeat(20_000), "]".repeat(20_000));
    let err = u002(&flow);
    assert_eq!(err.line, Some(1));
    assert!(err.message.contains("入れ子"), "{}", err.message);
    let dashes = format!("x:\n{}1\n", "- ".repeat(10_000));
    assert_eq!(u002(&dashes).line, Some(2));
    let mut indented = String::new();
    for d in 0..40 {
        indented.push_str(&format!("{}k{d}:\n", "  ".repeat(d)));
    }
    assert!(u002(&indented).message.contains("入れ子"));
    // Brackets in quotes or comments are not nesting.
    assert!(
        parse(&format!("x: '{}' # {}\n", "[".repeat(99), "{".repeat(99)))
            .is_err_and(|e| !e.message.contains("入れ子"))
    );
}

#[test]
fn many_forbidden_expressions_merge_in_linear_time() {
    let many: Vec<String> = (0..50_000).map(|i| format!("語句{i}")).collect();
    let mut list = vec!["語句7".to_string()];
    merge_phrases(&mut list, &many);
    assert_eq!(list.len(), 50_000);
}

#[test]
fn preset_and_notation_preferences_apply() {
    let rc = parse("preset: literary\nnotation_preferences: [出来る]\n").unwrap();
    let mut s = Settings {
        notation_preferences: vec!["こと".into()],
        ..Settings::default()
    };
    rc.apply(&mut s);
    assert_eq!(s.preset(), Preset::Literary);
    assert!(s.preset_explicit);
    assert_eq!(s.notation_preferences, vec!["出来る", "こと"]);
    assert!(!s.is_enabled("PERIOD_BEFORE_CLOSE", Aspect::Style));
    assert!(parse("preset: kakuyomu\n").is_err());
}

#[test]
fn style_guide_preferences() {
    let text = "スタイルガイド:\n  表記:\n    ひらく語: [こと, とき]\n    閉じる語: [出来る]\n";
    assert_eq!(
        parse_style_guide_preferences(text),
        vec!["こと", "とき", "出来る"]
    );
    assert!(parse_style_guide_preferences("ただの文章: [").is_empty());
}

#[test]
fn quality_rules_list_is_read_nested_or_flat() {
    let p = Path::new("執筆品質ルール.yaml");
    assert_eq!(
        parse_quality_rules(p, "執筆品質ルール:\n  禁止表現:\n    - 言葉にできない\n").unwrap(),
        vec!["言葉にできない".to_string()]
    );
    // An item that is no phrase is refused, not skipped (issue 28 item 6).
    let err = parse_quality_rules(
        p,
        "執筆品質ルール:\n  禁止表現:\n    - 言葉にできない\n    - 1\n",
    )
    .unwrap_err();
    assert!(
        err.message.contains("2 番目が語句（文字列）ではありません"),
        "{err}"
    );
    assert_eq!(
        parse_quality_rules(p, "禁止表現: [運命の歯車]\n").unwrap(),
        vec!["運命の歯車".to_string()]
    );
    assert!(parse_quality_rules(p, "その他: 1\n").unwrap().is_empty());
    assert_eq!(
        parse_quality_rules(p, "禁止表現: [a\n").unwrap_err().code,
        Code::P002
    );
}

#[test]
fn per_file_ignores_match_globs_and_name_codes() {
    let rc = parse(
            "per-file-ignores:\n  \"40_原稿/第00[1-3]*.md\": [INDENT_MISSING]\n  \"*.txt\": [KANJI_RUN, INDENT_MISSING]\n",
        )
        .unwrap();
    let p = rc.per_file_ignores();
    assert_eq!(p.codes_for("40_原稿/第002話_x.md"), vec!["INDENT_MISSING"]);
    assert!(p.codes_for("40_原稿/第004話_x.md").is_empty());
    // `*` does not cross `/`.
    assert!(p.codes_for("40_原稿/第00/1.md").is_empty());
    assert_eq!(
        p.codes_for("a/b/c.txt"),
        vec!["INDENT_MISSING", "KANJI_RUN"]
    );
    let err = u002("per-file-ignores:\n  \"*.md\": [NOPE]\n");
    assert!(err.message.contains("NOPE"), "{}", err.message);
    let err = u002("per-file-ignores:\n  \"[abc\": [KANJI_RUN]\n");
    assert!(err.message.contains("per-file-ignores"), "{}", err.message);
}
