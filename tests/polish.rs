//! `noveler polish` / `check_fix`: fixes shown as a diff or written after a backup, the
//! sha256 guard (QC-018), BOM and line endings kept, revision stages 2/3, property tests at
//! the command level, and the Aozora corpus (read in place; skipped with a note when absent).

use noveler::analysis::{self, sha256_hex, Applicability, Settings, Source};
use noveler::commands::polish::{
    self, CheckFixRequest, PolishRequest, StageRequest, SubmitRequest,
};
use noveler::commands::Ctx;
use noveler::Code;
use proptest::prelude::*;
use std::fs;

const EP4: &str = "40_原稿/第004話_試し.md";
const EP4_TEXT: &str = "# 第四話　試し\n\n　こんにちわ、と彼は言った...。\n　「行くぞ！あれを見ろ」\n地の文です。。\n　時間が止まった・・・\n";

mod common;

fn project(ep4: &[u8]) -> (tempfile::TempDir, Ctx) {
    let dir = common::sample();
    fs::write(dir.path().join(EP4), ep4).unwrap();
    let mut ctx = Ctx::new(dir.path().to_path_buf());
    ctx.save = false;
    (dir, ctx)
}

fn req(level: Applicability, apply: bool) -> PolishRequest {
    PolishRequest {
        episode: Some(4),
        level: Some(level),
        apply,
        ..Default::default()
    }
}

fn codes_with_fix_at_or_below(text: &str, level: Applicability) -> Vec<String> {
    analysis::analyze(text, "t.md", &Settings::default())
        .findings
        .into_iter()
        .filter(|f| f.fix.as_ref().is_some_and(|x| x.applicability <= level))
        .map(|f| f.code)
        .collect()
}

#[test]
fn diff_shows_the_fixes_and_writes_nothing() {
    let (dir, ctx) = project(EP4_TEXT.as_bytes());
    let r = polish::run(&ctx, req(Applicability::Safe, false)).unwrap();
    assert_eq!(fs::read(dir.path().join(EP4)).unwrap(), EP4_TEXT.as_bytes());
    assert!(!r.written && r.changed && r.backup.is_none());
    assert!(r
        .diff
        .starts_with("--- a/40_原稿/第004話_試し.md\n+++ b/40_原稿/第004話_試し.md\n"));
    assert!(r.diff.contains("+　時間が止まった……"));
    assert!(r.diff.contains("-地の文です。。"));
    assert!(r
        .fixes_applied
        .iter()
        .all(|f| f.fix_type == Applicability::Safe));
    let codes: Vec<&str> = r.fixes_applied.iter().map(|f| f.code.as_str()).collect();
    assert!(
        codes.contains(&"ELLIPSIS_STYLE") && codes.contains(&"GRAMMAR_PUNCTUATION"),
        "{codes:?}"
    );
    let typo = r
        .fixes_skipped
        .iter()
        .find(|s| s.code == "TYPO")
        .expect("typo skipped");
    assert_eq!(typo.reason, "level");
    assert_eq!(typo.required_level, Some(Applicability::Standard));
    assert!(r.quality_improvement.after_score >= r.quality_improvement.before_score);
    assert!(r.quality_improvement.findings_after < r.quality_improvement.findings_before);
    assert_eq!(r.sha256_before, sha256_hex(EP4_TEXT.as_bytes()));

    let std = polish::run(&ctx, req(Applicability::Standard, false)).unwrap();
    assert!(std.fixes_applied.iter().any(|f| f.code == "TYPO"
        && f.before.contains("こんにちわ")
        && f.after.contains("こんにちは")));
    assert!(std.fixes_applied.iter().any(|f| f.code == "INDENT_MISSING"));
    assert!(std.fixes_skipped.is_empty(), "{:?}", std.fixes_skipped);
}

#[test]
fn apply_backs_up_writes_and_the_fixed_codes_no_longer_fire() {
    let (dir, ctx) = project(EP4_TEXT.as_bytes());
    let r = polish::run(&ctx, req(Applicability::Standard, true)).unwrap();
    assert!(r.written);
    let written = fs::read_to_string(dir.path().join(EP4)).unwrap();
    assert_eq!(sha256_hex(written.as_bytes()), r.sha256_after);
    assert!(written.contains("こんにちは") && written.contains("……"));
    let left = codes_with_fix_at_or_below(&written, Applicability::Standard);
    assert!(left.is_empty(), "{left:?}");
    for f in &r.fixes_applied {
        assert!(!left.contains(&f.code));
    }
    // A second run has nothing to do.
    let again = polish::run(&ctx, req(Applicability::Standard, true)).unwrap();
    assert!(!again.changed && !again.written && again.fixes_applied.is_empty());
    // The backup restores the original bytes.
    let backup = r.backup.unwrap();
    assert_eq!(backup.files, vec![EP4.to_string()]);
    noveler::store::backup::restore(dir.path(), &backup.backup_id, false, &ctx.clock).unwrap();
    assert_eq!(fs::read(dir.path().join(EP4)).unwrap(), EP4_TEXT.as_bytes());
}

#[test]
fn bom_and_crlf_survive_apply() {
    let raw = format!("\u{feff}{}", EP4_TEXT.replace('\n', "\r\n"));
    let (dir, ctx) = project(raw.as_bytes());
    let r = polish::run(&ctx, req(Applicability::Safe, true)).unwrap();
    assert!(r.written);
    let bytes = fs::read(dir.path().join(EP4)).unwrap();
    assert!(bytes.starts_with("\u{feff}".as_bytes()));
    let text = String::from_utf8(bytes).unwrap();
    assert_eq!(
        text.matches("\r\n").count(),
        text.matches('\n').count(),
        "every line ends CRLF"
    );
    assert!(text.contains("……\r\n"));
    // The diff is of the normalised text (no CR noise).
    assert!(!r.diff.contains('\r'));
}

#[test]
fn mixed_line_endings_are_kept_on_untouched_lines_and_an_empty_file_is_u005() {
    // Line 1 LF, line 2 CRLF, …: only the lines polish changes may differ.
    let mut raw = String::new();
    for (i, line) in EP4_TEXT.split_inclusive('\n').enumerate() {
        let body = line.trim_end_matches('\n');
        raw.push_str(body);
        raw.push_str(if i % 2 == 1 { "\r\n" } else { "\n" });
    }
    let (dir, ctx) = project(raw.as_bytes());
    let r = polish::run(&ctx, req(Applicability::Safe, true)).unwrap();
    assert!(r.written);
    let after = fs::read_to_string(dir.path().join(EP4)).unwrap();
    let before_lines: Vec<&str> = raw.split_inclusive('\n').collect();
    let after_lines: Vec<&str> = after.split_inclusive('\n').collect();
    assert_eq!(before_lines.len(), after_lines.len());
    for (b, a) in before_lines.iter().zip(&after_lines) {
        assert_eq!(b.ends_with("\r\n"), a.ends_with("\r\n"), "{b:?} → {a:?}");
    }
    assert!(after.contains("# 第四話　試し\n\r\n"), "{after:?}");

    for empty in ["", " \n　\n"] {
        let (_dir, ctx) = project(empty.as_bytes());
        let err = polish::run(&ctx, req(Applicability::Safe, true)).unwrap_err();
        assert_eq!(err.code, Code::U005, "{empty:?}");
        assert!(err.message.contains("第004話"), "{}", err.message);
    }
}

#[test]
fn qc018_file_changed_after_the_check_is_refused() {
    let (dir, ctx) = project(EP4_TEXT.as_bytes());
    let checked = sha256_hex(EP4_TEXT.as_bytes());
    let edited = EP4_TEXT.replace("地の文です。。", "作者が直した。。");
    fs::write(dir.path().join(EP4), &edited).unwrap();
    let err = polish::run(
        &ctx,
        PolishRequest {
            expected_sha256: Some(checked.clone()),
            ..req(Applicability::Safe, true)
        },
    )
    .unwrap_err();
    assert_eq!(err.code, Code::QC018);
    assert_eq!(err.details.unwrap()["expected_sha256"], checked);
    assert_eq!(fs::read_to_string(dir.path().join(EP4)).unwrap(), edited);
    assert!(
        !dir.path().join(".noveler/backups").exists(),
        "nothing backed up"
    );
    // check_fix refuses the same way.
    let err = polish::check_fix(
        &ctx,
        CheckFixRequest {
            episode: 4,
            fix_level: Applicability::Safe,
            issue_ids: vec![],
            codes: vec![],
            dry_run: false,
            expected_sha256: Some(checked),
        },
    )
    .unwrap_err();
    assert_eq!(err.code, Code::QC018);
}

#[test]
fn check_fix_by_issue_ids_and_codes() {
    let (dir, ctx) = project(EP4_TEXT.as_bytes());
    let found = analysis::analyze(EP4_TEXT, EP4, &Settings::default());
    let typo = found.findings.iter().find(|f| f.code == "TYPO").unwrap();
    let r = polish::check_fix(
        &ctx,
        CheckFixRequest {
            episode: 4,
            fix_level: Applicability::Standard,
            issue_ids: vec![typo.id.clone(), "000000000000".into()],
            codes: vec![],
            dry_run: false,
            expected_sha256: None,
        },
    )
    .unwrap();
    assert_eq!(r.fixes_applied.len(), 1);
    assert_eq!(
        r.fixes_applied[0].issue_id.as_deref(),
        Some(typo.id.as_str())
    );
    assert_eq!(r.fixes_skipped.len(), 1);
    assert_eq!(r.fixes_skipped[0].reason, "not_found");
    let text = fs::read_to_string(dir.path().join(EP4)).unwrap();
    assert!(
        text.contains("こんにちは") && text.contains("..."),
        "only the typo changed"
    );

    let r = polish::run(
        &ctx,
        PolishRequest {
            codes: vec!["ELLIPSIS_STYLE".into()],
            ..req(Applicability::Safe, false)
        },
    )
    .unwrap();
    assert!(r.fixes_applied.iter().all(|f| f.code == "ELLIPSIS_STYLE"));
    assert!(r.fixes_skipped.iter().any(|s| s.reason == "not_selected"));
    let err = polish::run(
        &ctx,
        PolishRequest {
            codes: vec!["NO_SUCH_RULE".into()],
            ..req(Applicability::Safe, false)
        },
    )
    .unwrap_err();
    assert_eq!(err.code, Code::U001);
}

#[test]
fn stage_prompts_and_submissions() {
    let raw = format!("\u{feff}{}", EP4_TEXT.replace('\n', "\r\n"));
    let (dir, ctx) = project(raw.as_bytes());
    for stage in [2u8, 3] {
        let s = polish::stage(
            &ctx,
            StageRequest {
                episode: Some(3),
                file: None,
                stage,
            },
        )
        .unwrap();
        assert!(s.prompt.contains(&s.sha256));
        assert!(!s.prompt.contains("{{"));
        assert!(s.prompt.contains("キャラクター設定"));
        assert_eq!(s.output_schema["required"][0], "base_sha256");
    }
    assert_eq!(
        polish::stage(
            &ctx,
            StageRequest {
                episode: Some(3),
                file: None,
                stage: 4
            }
        )
        .unwrap_err()
        .code,
        Code::U001
    );
    let sha = sha256_hex(raw.as_bytes());
    let revised = "# 第四話　試し\n\n　こんにちは、と彼は言った。\n";
    let result = |base: &str, text: &str| {
        serde_json::json!({
            "base_sha256": base,
            "revised_manuscript": text,
            "changes": [{"location": "3行目", "reason": "誤字を直した"}],
            "summary": "誤字と記号を直した",
        })
    };
    let submit = |base: &str, text: &str, dry_run: bool| {
        polish::submit(
            &ctx,
            SubmitRequest {
                episode: Some(4),
                file: None,
                stage: 2,
                result: result(base, text),
                dry_run,
            },
        )
    };
    let dry = submit(&sha, revised, true).unwrap();
    assert!(!dry.written && dry.changed);
    assert_eq!(fs::read(dir.path().join(EP4)).unwrap(), raw.as_bytes());
    assert_eq!(
        submit(&"0".repeat(64), revised, false).unwrap_err().code,
        Code::QC018
    );
    let err = polish::submit(
        &ctx,
        SubmitRequest {
            episode: Some(4),
            file: None,
            stage: 2,
            result: serde_json::json!({"base_sha256": sha, "revised_manuscript": ""}),
            dry_run: false,
        },
    )
    .unwrap_err();
    assert_eq!(err.code, Code::U006);
    let done = submit(&sha, revised, false).unwrap();
    assert!(done.written);
    let bytes = fs::read(dir.path().join(EP4)).unwrap();
    assert_eq!(
        bytes,
        format!("\u{feff}{}", revised.replace('\n', "\r\n")).into_bytes(),
        "the revision is written with the original BOM and CRLF"
    );
    noveler::store::backup::restore(
        dir.path(),
        &done.backup.unwrap().backup_id,
        false,
        &ctx.clock,
    )
    .unwrap();
    assert_eq!(fs::read(dir.path().join(EP4)).unwrap(), raw.as_bytes());
}

#[test]
fn sample_episodes_reach_a_fixpoint_and_stay_valid() {
    let (dir, ctx) = project(EP4_TEXT.as_bytes());
    for ep in 1..=3 {
        let path = noveler::project::Project::load(dir.path())
            .unwrap()
            .manuscript_path(ep)
            .unwrap();
        let before = fs::read_to_string(&path).unwrap();
        let r = polish::run(
            &ctx,
            PolishRequest {
                episode: Some(ep),
                level: Some(Applicability::Standard),
                apply: true,
                ..Default::default()
            },
        )
        .unwrap();
        let after = fs::read_to_string(&path).unwrap();
        assert_eq!(r.written, before != after);
        assert!(r.quality_improvement.findings_after <= r.quality_improvement.findings_before);
        assert!(codes_with_fix_at_or_below(&after, Applicability::Standard).is_empty());
        // Ruby and emphasis markup is never touched.
        for mark in [
            "｜灯台守《とうだいもり》",
            "《《今夜》》",
            "羅針盤《らしんばん》",
        ] {
            assert_eq!(
                before.matches(mark).count(),
                after.matches(mark).count(),
                "{mark}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Properties (the analysis-level ones — only edited bytes change, fixpoint idempotent, fixed
// codes silenced — live with `apply_until_stable` in src/analysis/fix.rs; these hold for the
// command: what polish writes).

const FRAGMENTS: &[&str] = &[
    "あ",
    "漢字",
    "カタカナ",
    "。",
    "、",
    "！",
    "？",
    "!",
    "?",
    "…",
    "...",
    "・・・",
    "。。",
    "、、",
    "―",
    "—",
    "「",
    "」",
    "『",
    "』",
    "｜漢字《かんじ》",
    "《《傍点》》",
    "　",
    " ",
    "\t",
    "\n",
    "\n\n\n\n",
    "こんにちわ",
    "出来る",
    "できる",
    "# 見出し\n",
    "1",
    "Ａ",
];

fn manuscript() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..30).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn polish_twice_equals_once_and_keeps_the_file_conventions(
        text in manuscript(),
        bom in any::<bool>(),
        crlf in any::<bool>(),
    ) {
        // A blank manuscript is refused (U005), as `check` refuses it.
        prop_assume!(!text.trim().is_empty());
        let mut raw = if crlf { text.replace('\n', "\r\n") } else { text.clone() };
        if bom {
            raw.insert(0, '\u{feff}');
        }
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir.path().join("40_原稿")).unwrap();
        let path = dir.path().join("40_原稿/第001話_p.md");
        fs::write(&path, &raw).unwrap();
        let mut ctx = Ctx::new(dir.path().to_path_buf());
        ctx.save = false;
        let once = polish::run(&ctx, PolishRequest { episode: Some(1), level: Some(Applicability::Safe), apply: true, ..Default::default() }).unwrap();
        let after_once = fs::read(&path).unwrap();
        let twice = polish::run(&ctx, PolishRequest { episode: Some(1), level: Some(Applicability::Safe), apply: true, ..Default::default() }).unwrap();
        prop_assert!(!twice.changed && twice.fixes_applied.is_empty(), "{:?}", twice.fixes_applied);
        prop_assert_eq!(fs::read(&path).unwrap(), after_once.clone());
        let written = String::from_utf8(after_once).unwrap();
        let src = Source::new(&raw);
        // Same BOM and line endings; the normalised text is what the diff showed.
        prop_assert_eq!(written.starts_with('\u{feff}'), bom);
        if crlf {
            prop_assert_eq!(written.matches("\r\n").count(), written.matches('\n').count());
        } else {
            prop_assert!(!written.contains('\r'));
        }
        let (fixed, _, _) = polish::fix_text(&src.text, "x", &Settings::default(), noveler::store::dictionary::for_settings(&Settings::default()).unwrap(), Applicability::Safe, &[], &[]);
        prop_assert_eq!(Source::new(&written).text, fixed);
        prop_assert_eq!(once.written, once.changed);
        prop_assert!(codes_with_fix_at_or_below(&Source::new(&written).text, Applicability::Safe).is_empty());
    }
}

#[test]
fn polish_text_snapshot() {
    let (_dir, ctx) = project(EP4_TEXT.as_bytes());
    let r = polish::run(&ctx, req(Applicability::Safe, false)).unwrap();
    insta::assert_snapshot!(
        "ep4_safe_diff",
        noveler::output::progressive::polish_text(&r)
    );
}

/// The scores before and after print in full (「点数 9 → 9」 was 90.0 cut to one character
/// by a precision applied to a string).
#[test]
fn polish_text_prints_whole_scores() {
    let draft = fs::read(common::manifest().join("fixtures/calibration/ep3_draft.md")).unwrap();
    let (_dir, ctx) = project(&draft);
    let r = polish::run(&ctx, req(Applicability::Standard, false)).unwrap();
    let q = &r.quality_improvement;
    let (before, after) = (q.before_score.unwrap(), q.after_score.unwrap());
    assert!(after > before, "{before} → {after}");
    let text = noveler::output::progressive::polish_text(&r);
    assert!(
        text.contains(&format!("点数 {before:.1} → {after:.1}  指摘")),
        "{text}"
    );
}
