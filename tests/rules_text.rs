//! The grammar and style rules (約物, whitespace, typos, 表記ゆれ) end to end: a hand-written
//! fixture (`fixtures/rules/grammar_style.md`) with snapshots of its findings and of the text
//! after the safe / standard fixpoint. The same checks on the Aozora corpus live in the
//! `corpus` target (reported as ignored when the corpus is absent).

use noveler::analysis::fix::apply_until_stable;
use noveler::analysis::{Applicability, Settings, Source};
use std::path::PathBuf;

mod common;
use common::grammar_style::{markup, mine, CODES};

fn fixture() -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/rules/grammar_style.md");
    let raw = std::fs::read_to_string(&path).expect("fixture is readable UTF-8");
    Source::new(&raw).text
}

#[test]
fn every_grammar_and_style_code_fires_on_the_fixture() {
    let text = fixture();
    let fired: std::collections::BTreeSet<String> =
        mine(&text).into_iter().map(|f| f.code).collect();
    for code in CODES {
        assert!(fired.contains(*code), "{code} did not fire");
    }
}

#[test]
fn fixture_findings() {
    let text = fixture();
    let rows: Vec<serde_json::Value> = mine(&text)
        .iter()
        .map(|f| {
            serde_json::json!({
                "code": f.code,
                "severity": f.severity,
                "line": f.line,
                "column": f.column,
                "text": &text[f.byte_start..f.byte_end],
                "message": f.message,
                "fix": f.fix.as_ref().map(|x| x.applicability),
            })
        })
        .collect();
    insta::assert_json_snapshot!("fixture_findings", rows);
}

#[test]
fn fixture_fixpoints() {
    let text = fixture();
    let settings = Settings::default();
    let (safe, safe_log) = apply_until_stable(&text, &settings, Applicability::Safe, None);
    let (standard, _) = apply_until_stable(&text, &settings, Applicability::Standard, None);
    insta::assert_snapshot!("fixture_safe", safe);
    insta::assert_snapshot!("fixture_standard", standard);
    // Idempotent, and nothing fixable at that level is left.
    for (level, out) in [
        (Applicability::Safe, &safe),
        (Applicability::Standard, &standard),
    ] {
        let (again, log) = apply_until_stable(out, &settings, level, None);
        assert_eq!(&again, out);
        assert!(log.is_empty());
        assert!(mine(out)
            .iter()
            .all(|f| f.fix.as_ref().is_none_or(|x| x.applicability > level)));
    }
    assert_eq!(markup(&safe), markup(&text));
    assert_eq!(markup(&standard), markup(&text));
    // The log names what changed, with lines of the pass that changed it.
    assert!(safe_log
        .iter()
        .any(|l| l.code == "ELLIPSIS_STYLE" && l.before == "・・・" && l.after == "……"));
    // Front matter, heading and metadata are not touched.
    assert!(standard.starts_with("---\ntitle: 表記テスト\nepisode: 1\n---\n# 第1話　表記テスト\n"));
    assert!(standard.ends_with("\n---\n文字数: 300\n"));
}
