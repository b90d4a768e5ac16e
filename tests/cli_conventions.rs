//! Issue 16: the CLI as shell, CI and pre-commit users expect it. One transcript test per item,
//! each on a fresh copy of the sample project (or an empty directory outside any project).

use serde_json::Value;
use std::io::Write;
use std::path::Path;
use std::process::{Output, Stdio};

mod common;
use common::{code, json, noveler, run, sample, stderr, stdout};

fn run_stdin(cwd: &Path, args: &[&str], input: &[u8]) -> Output {
    let mut child = noveler(cwd)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// Every file under `dir`, relative, sorted.
fn tree(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = walkdir(dir)
        .into_iter()
        .map(|p| p.strip_prefix(dir).unwrap().display().to_string())
        .collect();
    v.sort();
    v
}

fn walkdir(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walkdir(&p));
        }
        out.push(p);
    }
    out
}

// ---------------------------------------------------------------- 1. one --format

#[test]
fn format_is_the_output_format_on_every_verb() {
    let dir = sample();
    // A format the verb cannot produce is refused with the list of those it can.
    let out = run(
        dir.path(),
        &["plot", "4", "--format", "github", "--no-save"],
    );
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("[possible values: text, json]"),
        "{}",
        stderr(&out)
    );
    for verb in [&["rules"][..], &["explain", "TYPO"], &["status"]] {
        let mut args = verb.to_vec();
        args.extend(["--format", "sarif"]);
        assert_eq!(code(&run(dir.path(), &args)), 2, "{args:?}");
    }
    // complete: the site is --site, --format json is the envelope.
    let out = run(
        dir.path(),
        &[
            "complete",
            "1",
            "--site",
            "kakuyomu",
            "--dry-run",
            "--format",
            "json",
            "--no-save",
        ],
    );
    let v = json(&out);
    assert_eq!(v["command"], "complete", "{}", stderr(&out));
    let out = run(dir.path(), &["complete", "1", "--format", "kakuyomu"]);
    assert_eq!(code(&out), 2, "--format no longer names the site");
}

// ---------------------------------------------------------------- 2. no litter

#[test]
fn nothing_is_written_outside_a_project_unless_asked() {
    let dir = tempfile::tempdir().unwrap();
    let cwd = dir.path();
    std::fs::write(cwd.join("memo.md"), "　彼は走った。\n").unwrap();
    for args in [
        &["rules"][..],
        &["explain", "TYPO"],
        &["completions", "bash"],
        &["man"],
        &["check", "memo.md"],
    ] {
        let out = run(cwd, args);
        assert!(code(&out) < 2, "{args:?}: {}", stderr(&out));
        assert_eq!(tree(cwd), vec!["memo.md"], "{args:?} left files behind");
    }
    // --save asks for the envelope.
    let out = run(cwd, &["check", "memo.md", "--save"]);
    assert!(code(&out) < 2);
    assert!(cwd.join("temp/json_output").is_dir());

    // Inside a project results are saved (SPEC §5), but documentation never is.
    let p = sample();
    run(p.path(), &["rules"]);
    assert!(!p.path().join("temp").exists(), "rules saved an envelope");
    run(p.path(), &["check", "1"]);
    assert!(p.path().join("temp/json_output").is_dir());
}

// ---------------------------------------------------------------- 3. paths, globs, polish

#[test]
fn quoted_globs_are_expanded() {
    let dir = sample();
    let out = run(
        dir.path(),
        &[
            "check",
            "40_原稿/第00[12]*.md",
            "--format",
            "json",
            "--no-save",
        ],
    );
    let v = json(&out);
    let paths: Vec<&str> = v["result"]["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths.len(), 2, "{paths:?}");
    assert!(paths[0].contains("第001話") && paths[1].contains("第002話"));
    // A pattern matching nothing is reported as missing (exit 2), not silently skipped.
    assert_eq!(
        code(&run(dir.path(), &["check", "40_原稿/第9*.md", "--no-save"])),
        2
    );
}

#[test]
fn cli_writes_and_reads_outside_the_project_where_asked() {
    let dir = sample();
    let elsewhere = tempfile::tempdir().unwrap();
    let report = elsewhere.path().join("report.html");
    let out = noveler(dir.path())
        .args(["status", "--no-save", "--report", "html", "-o"])
        .arg(&report)
        .output()
        .unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(std::fs::read_to_string(&report)
        .unwrap()
        .starts_with("<!DOCTYPE html>"));

    let notes = elsewhere.path().join("資料.md");
    std::fs::write(&notes, "# 資料\n潮の満ち引き\n").unwrap();
    let out = noveler(dir.path())
        .args(["artifact", "store", "--format", "json", "--no-save"])
        .arg(&notes)
        .output()
        .unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let v = json(&out);
    assert!(v["result"]["artifact_id"]
        .as_str()
        .unwrap()
        .starts_with("artifact:"));
}

#[test]
fn polish_fixes_several_episodes_with_one_backup() {
    let dir = sample();
    let out = run(
        dir.path(),
        &[
            "polish",
            "--all",
            "--level",
            "aggressive",
            "--apply",
            "--no-save",
        ],
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("3 ファイル中 2 ファイルを修正しました"),
        "{text}"
    );
    let backups = std::fs::read_dir(dir.path().join(".noveler/backups"))
        .unwrap()
        .count();
    assert_eq!(backups, 1);
    let out = run(
        dir.path(),
        &[
            "polish",
            "1",
            "2",
            "3",
            "--level",
            "aggressive",
            "--no-save",
        ],
    );
    assert!(
        stdout(&out).contains("3 ファイル中 0 ファイルに自動修正があります"),
        "{}",
        stdout(&out)
    );
    // Options that only make sense for one file are refused for several.
    let out = run(
        dir.path(),
        &["polish", "1", "2", "--stage", "2", "--no-save"],
    );
    assert_eq!(code(&out), 2);
}

// ---------------------------------------------------------------- 4. snippets

#[test]
fn stdin_snippets_skip_whole_episode_rules() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_stdin(dir.path(), &["check", "-"], "「テスト」\n".as_bytes());
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    assert!(
        !stdout(&out).contains("LENGTH_OUT_OF_RANGE"),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out).contains("断片として確認"), "{}", stdout(&out));
    // Named as an episode file, the text is judged as a whole episode.
    let out = run_stdin(
        dir.path(),
        &["check", "-", "--stdin-filename", "40_原稿/第001話_a.md"],
        "「テスト」\n".as_bytes(),
    );
    assert_eq!(code(&out), 0, "the length is medium");
    assert!(stdout(&out).contains("LENGTH_OUT_OF_RANGE"));
    // --snippet on a file.
    let p = sample();
    let out = run(
        p.path(),
        &["check", "1", "--snippet", "--format", "json", "--no-save"],
    );
    let v = json(&out);
    let f = &v["result"]["files"][0];
    assert_eq!(f["snippet"], true);
    let codes: Vec<&str> = f["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["code"].as_str().unwrap())
        .collect();
    for c in [
        "LENGTH_OUT_OF_RANGE",
        "DIALOGUE_RATIO_OUT_OF_RANGE",
        "WINDOW_OUT_OF_RANGE",
    ] {
        assert!(!codes.contains(&c), "{c} on a snippet");
    }
}

// ---------------------------------------------------------------- 5. quiet and complete

#[test]
fn quiet_keeps_the_verdict_and_hints_are_cli_commands() {
    let dir = sample();
    let out = run(
        dir.path(),
        &[
            "check",
            "1",
            "2",
            "3",
            "--fail-under",
            "99",
            "-q",
            "--no-save",
        ],
    );
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    assert!(
        text.contains("不合格（基準: high 以上の指摘、またはスコア 99.0 未満）"),
        "{text}"
    );
    assert!(text.contains("スコア 99.0 未満: "), "{text}");
    assert!(text.contains("第003話_迷い潮の夜.md 97.1"), "{text}");
    assert!(!text.contains("正味文字数"), "-q prints no file headers");

    let out = run(dir.path(), &["status", "-q", "--no-save"]);
    assert_eq!(code(&out), 0);
    assert_eq!(stdout(&out).lines().count(), 3, "{}", stdout(&out));

    let out = run(dir.path(), &["status", "--no-save"]);
    let text = stdout(&out);
    assert!(text.contains("noveler complete 1 — 第1話を完了"), "{text}");
    assert!(!text.contains("noveler_complete"), "{text}");
}

#[test]
fn every_validation_error_is_listed() {
    let dir = sample();
    std::fs::write(
        dir.path().join("bad.yaml"),
        "episode: 4\ntitle: 1\nscenes: 3\nhook: []\n",
    )
    .unwrap();
    let out = run(
        dir.path(),
        &["plot", "submit", "4", "--file", "bad.yaml", "--no-save"],
    );
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    let listed = err.lines().filter(|l| l.starts_with("  - ")).count();
    assert!(err.contains("違反") && listed > 1, "{err}");
}

#[test]
fn backup_restore_speaks_japanese() {
    let dir = sample();
    let out = run(
        dir.path(),
        &["backup", "create", "1", "--format", "json", "--no-save"],
    );
    let id = json(&out)["result"]["backup_id"]
        .as_str()
        .unwrap()
        .to_string();
    let out = run(dir.path(), &["backup", "restore", &id, "--no-save"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("変更なし") && text.contains("ファイルを復元しました"),
        "{text}"
    );
    assert!(!text.contains("restored"), "{text}");
}

// ---------------------------------------------------------------- 6. init starts a novel

#[test]
fn init_then_check_has_an_episode_to_check() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(dir.path(), &["init", "d", "--title", "t", "--genre", "g"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    // It says what it set, and how to change it.
    let said = stdout(&out);
    assert!(
        said.contains("掲載先: 小説家になろう（--platform"),
        "{said}"
    );
    assert!(
        said.contains("目標文字数: 1話 4,000字前後、範囲 2,000〜6,000字（--target-length"),
        "{said}"
    );
    let d = dir.path().join("d");
    let out = run(&d, &["check", "--format", "json"]);
    // The template episode is short of the target length (medium, under the default gate:
    // work in progress passes): exit 0, not 2.
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(
        v["result"]["files"][0]["path"],
        "40_原稿/第001話_はじまり.md"
    );
    let gitignore = std::fs::read_to_string(d.join(".gitignore")).unwrap();
    for written in ["temp/", ".noveler/"] {
        assert!(gitignore.lines().any(|l| l == written), "{written}");
    }
}

// ---------------------------------------------------------------- 7. valid SARIF

fn sarif_validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(common::manifest().join("tests/schemas/sarif-2.1.0.json"))
            .unwrap(),
    )
    .unwrap();
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the SARIF 2.1.0 schema compiles")
}

#[test]
fn sarif_output_is_valid_sarif_2_1_0() {
    let dir = sample();
    let out = run(dir.path(), &["check", "--format", "sarif", "--no-save"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let doc: Value = serde_json::from_str(&stdout(&out)).unwrap();
    let validator = sarif_validator();
    let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let run0 = &doc["runs"][0];
    for rule in run0["tool"]["driver"]["rules"].as_array().unwrap() {
        let (name, id) = (rule["name"].as_str().unwrap(), rule["id"].as_str().unwrap());
        assert!(!name.eq_ignore_ascii_case(id), "SARIF1001: {name}");
    }
    // A rule's name is its code in PascalCase (BRACKETS_MISMATCH → BracketsMismatch).
    let first = &run0["tool"]["driver"]["rules"][0];
    assert_eq!(first["id"], "ADVERB_AGREEMENT");
    assert_eq!(first["name"], "AdverbAgreement");
    let uri = run0["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        .as_str()
        .unwrap();
    assert!(
        uri.is_ascii() && uri.starts_with("40_%E5%8E%9F%E7%A8%BF/"),
        "SARIF1002: {uri}"
    );
    // The schema check can fail: a raw Japanese URI is not a URI reference.
    let mut bad = doc.clone();
    bad["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] =
        Value::from("40_原稿/第002話 測量局.md");
    assert!(!validator.is_valid(&bad));
}
