//! `noveler check` end to end: the built binary on a copy of `fixtures/sample_project` in a
//! temp dir (results are written there, not into the repo), snapshots of the text and JSON
//! output, exit codes, every bad input of issue 2 item 7, stdin, formats, the cache.

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

mod common;
use common::{code, copy_dir, json, manifest, noveler, run, sample, sample_with, stderr, stdout};

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

// ------------------------------------------------------------------ snapshots

#[test]
fn text_output_of_the_sample_project() {
    let dir = sample();
    let out = run(dir.path(), &["check", "--no-save"]);
    assert!(matches!(code(&out), 0 | 1), "{}", stderr(&out));
    insta::assert_snapshot!("sample_project_text", stdout(&out));
}

#[test]
fn json_output_of_one_episode() {
    let dir = sample();
    let out = run(dir.path(), &["check", "3", "--format", "json", "--no-save"]);
    let v = json(&out);
    insta::assert_json_snapshot!("episode_3_json", v, {
        ".created_at" => "[created_at]",
        ".execution_time_ms" => "[ms]",
        ".project_root" => "[root]",
    });
}

#[test]
fn json_result_has_the_spec_shape() {
    let dir = sample();
    let out = run(dir.path(), &["check", "--format", "json", "--no-save"]);
    let v = json(&out);
    assert_eq!(v["success"], true);
    assert_eq!(v["command"], "check");
    let result = &v["result"];
    let files = result["files"].as_array().unwrap();
    assert_eq!(files.len(), 3);
    let names: Vec<&str> = files.iter().map(|f| f["path"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        vec![
            "40_原稿/第001話_潮墨の見習い.md",
            "40_原稿/第002話_測量局の客.md",
            "40_原稿/第003話_迷い潮の夜.md"
        ]
    );
    for f in files {
        let keys: Vec<&String> = f.as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            [
                "path",
                "sha256",
                "metrics",
                "findings",
                "scores",
                "suppressed",
                "preset"
            ]
        );
        assert_eq!(
            f["suppressed"],
            serde_json::json!({"inline": 0, "config": 0, "baseline": 0})
        );
        assert_eq!(f["sha256"].as_str().unwrap().len(), 64);
        for k in [
            "rhythm",
            "readability",
            "grammar",
            "style",
            "length",
            "content",
            "overall",
        ] {
            assert!(f["scores"][k].is_number(), "{k}");
        }
        assert_eq!(f["metrics"]["length_stats"]["source"], "project_config");
        assert_eq!(f["metrics"]["length_stats"]["target_min"], 3000);
    }
    let summary = &result["summary"];
    assert_eq!(summary["files"], 3);
    for k in [
        "files",
        "findings",
        "by_severity",
        "by_code",
        "score_min",
        "unscored",
        "suppressed",
    ] {
        assert!(summary.get(k).is_some(), "summary.{k}");
    }
    assert_eq!(result["errors"], Value::Array(vec![]));
    // Inputs: every checked file with its sha256, plus the configs that were read.
    let inputs = v["inputs"]["files"].as_array().unwrap();
    for f in files {
        let r = inputs
            .iter()
            .find(|i| i["path"] == f["path"])
            .expect("checked file in inputs");
        assert_eq!(r["sha256"], f["sha256"]);
        assert_eq!(r["role"], "manuscript");
        assert_eq!(r["content_type"], "text/markdown");
    }
    assert!(inputs.iter().any(|i| i["path"] == "プロジェクト設定.yaml"));
    assert_eq!(v["inputs"]["total_files"], inputs.len());
}

// ------------------------------------------------------------------ exit codes and gates

#[test]
fn exit_0_when_nothing_reaches_the_gate() {
    let dir = sample();
    let out = run(dir.path(), &["check", "1", "--no-save"]);
    assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("合格"), "{}", stdout(&out));
}

#[test]
fn exit_1_when_a_finding_reaches_fail_on() {
    let dir = sample();
    let out = run(dir.path(), &["check", "--fail-on", "low", "--no-save"]);
    assert_eq!(code(&out), 1, "{}", stdout(&out));
    assert!(stdout(&out).contains("不合格"));
    let out = run(
        dir.path(),
        &["check", "--fail-on", "low", "--exit-zero", "--no-save"],
    );
    assert_eq!(code(&out), 0);
}

#[test]
fn exit_1_when_a_score_is_below_fail_under() {
    let dir = sample();
    let out = run(dir.path(), &["check", "--fail-under", "99.5", "--no-save"]);
    assert_eq!(code(&out), 1, "{}", stdout(&out));
    let out = run(dir.path(), &["check", "--fail-under", "0", "--no-save"]);
    assert_eq!(code(&out), 0);
    let out = run(dir.path(), &["check", "--fail-under", "101", "--no-save"]);
    assert_eq!(code(&out), 2);
}

#[test]
fn exit_1_on_a_high_finding_by_default() {
    let dir = sample_with("typo.md", "　こんにちわ、と彼は言った。。\n");
    let out = run(dir.path(), &["check", "typo.md", "--no-save"]);
    assert_eq!(code(&out), 1, "{}", stdout(&out));
}

#[test]
fn exit_2_on_usage_errors() {
    let dir = sample();
    assert_eq!(code(&run(dir.path(), &["check", "--fail-on", "severe"])), 2);
    assert_eq!(code(&run(dir.path(), &["check", "--format", "xml"])), 2);
    assert_eq!(code(&run(dir.path(), &["check", "--aspects", "plot"])), 2);
    assert_eq!(code(&run(dir.path(), &["no-such-command"])), 2);
}

// ------------------------------------------------------------------ bad input (issue 2 item 7)

fn legacy_encoding_is_named(encoding: &'static encoding_rs::Encoding, name: &str) {
    let dir = sample();
    let (bytes, _, unmappable) = encoding.encode("　吾輩は猫である。名前はまだ無い。\n");
    assert!(!unmappable);
    std::fs::write(dir.path().join("legacy.txt"), &bytes).unwrap();
    let out = run(
        dir.path(),
        &["check", "legacy.txt", "2", "--format", "json", "--no-save"],
    );
    assert_eq!(code(&out), 2);
    let v = json(&out);
    let e = &v["result"]["errors"][0];
    assert_eq!(e["path"], "legacy.txt");
    assert_eq!(e["code"], "U003");
    assert!(e["message"].as_str().unwrap().contains(name), "{e}");
    assert_eq!(
        v["result"]["files"][0]["path"],
        "40_原稿/第002話_測量局の客.md"
    );
}

#[test]
fn generated_shift_jis_file_is_named() {
    legacy_encoding_is_named(encoding_rs::SHIFT_JIS, "Shift_JIS");
}

#[test]
fn generated_euc_jp_file_is_named() {
    legacy_encoding_is_named(encoding_rs::EUC_JP, "EUC-JP");
}

#[test]
fn bom_is_dropped() {
    let dir = sample();
    let body = "　彼は走った。。\n";
    std::fs::write(dir.path().join("plain.md"), body).unwrap();
    std::fs::write(dir.path().join("bom.md"), format!("\u{feff}{body}")).unwrap();
    let out = run(
        dir.path(),
        &[
            "check",
            "plain.md",
            "bom.md",
            "--format",
            "json",
            "--no-save",
        ],
    );
    let v = json(&out);
    let files = v["result"]["files"].as_array().unwrap();
    assert_eq!(files[0]["metrics"], files[1]["metrics"]);
    let strip = |f: &Value| {
        f["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| (x["code"].clone(), x["line"].clone(), x["column"].clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&files[0]), strip(&files[1]));
    assert!(!strip(&files[0]).is_empty());
    assert_eq!(files[0]["metrics"]["length_stats"]["body_chars"], 7);
}

#[test]
fn missing_path_is_a_clear_error() {
    let dir = sample();
    let out = run(dir.path(), &["check", "nope.md", "--no-save"]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(err.contains("nope.md が見つかりません"), "{err}");
    assert!(err.contains("U005"), "{err}");
}

#[test]
fn missing_episode_is_a_clear_error() {
    let dir = sample();
    let out = run(dir.path(), &["check", "9", "--no-save"]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(
        err.contains("第009話の原稿が 40_原稿/ にありません"),
        "{err}"
    );
    assert!(err.contains("E003"), "{err}");
}

#[test]
fn ambiguous_episode_lists_the_candidates() {
    let dir = sample_with("40_原稿/第001話_別稿.txt", "　別稿。\n");
    let out = run(dir.path(), &["check", "1", "--no-save"]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(err.contains("E004"), "{err}");
    assert!(err.contains("第001話_潮墨の見習い.md"), "{err}");
    assert!(err.contains("第001話_別稿.txt"), "{err}");
}

/// Issue 34 item 6: an empty placeholder episode is a finding (no body yet), not an I/O error
/// that fails the whole project's check.
#[test]
fn an_empty_episode_is_a_finding_not_an_error() {
    let dir = sample_with("40_原稿/第004話_空.md", "");
    let out = run(dir.path(), &["check", "--no-save"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(
        stdout(&out).contains("本文がまだありません"),
        "{}",
        stdout(&out)
    );
    let blank = sample_with("40_原稿/第004話_空.md", " \n\n");
    let out = run(
        blank.path(),
        &["check", "4", "--no-save", "--fail-on", "medium"],
    );
    assert_eq!(code(&out), 1, "{}", stderr(&out));
}

/// Issue 28 item 2: 16 MiB of one-character lines (6 GB of text model, the process killed)
/// is refused before the model is built, under a 2 GB address-space limit.
#[test]
fn a_flood_of_short_lines_is_refused_within_2_gb() {
    let dir = sample_with("flood.md", "a\n".repeat(8 * 1024 * 1024));
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 2097152 && exec \"$0\" \"$@\"")
        .arg(common::BIN)
        .args(["check", "flood.md", "--no-save", "--no-cache"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("U007"), "{err}");
    assert!(
        err.contains("flood.md: 短い行が多すぎるため検査しません"),
        "{err}"
    );
}

/// Issue 12 item 3, memory: past `MAX_DIAGNOSTICS_PER_RULE` (10,000) of one code the
/// analysis only counts, and the counts still reach `omitted` and the summary.
#[test]
fn a_rule_firing_on_every_character_is_counted_not_kept() {
    let n = 12_345;
    let dir = sample_with("parens.md", format!("{}\n", "（".repeat(n)));
    let out = run(
        dir.path(),
        &["check", "parens.md", "--format", "json", "--no-save"],
    );
    let v = json(&out);
    let file = &v["result"]["files"][0];
    let listed = file["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "BRACKETS_MISMATCH")
        .count();
    assert_eq!(listed, 200);
    assert_eq!(file["omitted"]["BRACKETS_MISMATCH"], n - 200);
    assert_eq!(v["result"]["summary"]["by_code"]["BRACKETS_MISMATCH"], n);
}

/// Issue 12 item 3: a file that fires one rule thousands of times lists at most
/// `max_findings_per_rule` of them (200 by default) and counts the rest; a FIFO or a device
/// is refused at once (U007) instead of hanging or filling memory.
#[test]
fn findings_are_capped_per_rule_and_special_files_refused() {
    let text = "　彼は走った。。\n".repeat(260);
    let dir = sample_with("many.md", &text);
    let out = run(
        dir.path(),
        &["check", "many.md", "--format", "json", "--no-save"],
    );
    let v = json(&out);
    let file = &v["result"]["files"][0];
    let listed = file["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "GRAMMAR_PUNCTUATION")
        .count();
    assert_eq!(listed, 200);
    assert_eq!(file["omitted"]["GRAMMAR_PUNCTUATION"], 60);
    let summary = &v["result"]["summary"];
    assert_eq!(summary["by_code"]["GRAMMAR_PUNCTUATION"], 260);
    assert_eq!(summary["omitted"], 60);
    // The gate still sees them: a high finding, exit 1.
    assert_eq!(code(&out), 1);
    std::fs::write(
        dir.path().join(".novelerrc.yaml"),
        "max_findings_per_rule: 5\n",
    )
    .unwrap();
    let out = run(dir.path(), &["check", "many.md", "--no-save"]);
    let text_out = stdout(&out);
    assert_eq!(
        text_out.matches("GRAMMAR_PUNCTUATION").count(),
        5,
        "{text_out}"
    );
    assert!(
        text_out.contains("一覧に載せなかった指摘 255 件"),
        "{text_out}"
    );

    #[cfg(unix)]
    {
        let out = run(dir.path(), &["check", "/dev/zero", "--no-save"]);
        assert_eq!(code(&out), 2);
        assert!(stderr(&out).contains("U007"), "{}", stderr(&out));
        let fifo = dir.path().join("40_原稿/第009話_管.md");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            // Nobody ever writes to it: a blocking open would hang here.
            let out = run(dir.path(), &["check", "40_原稿/第009話_管.md", "--no-save"]);
            assert_eq!(code(&out), 2);
            let err = stderr(&out);
            assert!(
                err.contains("第009話_管.md は通常のファイルではありません"),
                "{err}"
            );
            let out = run(dir.path(), &["status", "--no-save"]);
            assert_eq!(code(&out), 0, "{}", stderr(&out));
        }
    }
}

#[test]
fn directory_without_manuscripts_is_a_clear_error() {
    let dir = sample();
    std::fs::create_dir_all(dir.path().join("空/sub")).unwrap();
    std::fs::write(dir.path().join("空/sub/notes.yaml"), "a: 1\n").unwrap();
    let out = run(dir.path(), &["check", "空", "--no-save"]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(err.contains("空 に原稿（.md / .txt）がありません"), "{err}");
}

#[test]
fn invalid_tool_config_names_file_key_and_line() {
    let dir = sample_with(
        ".novelerrc.yaml",
        "preset: narou\nthresholds:\n  long_sentence_lenght: 50\n",
    );
    let out = run(dir.path(), &["check", "--no-save"]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(err.contains(".novelerrc.yaml:3"), "{err}");
    assert!(err.contains("long_sentence_lenght"), "{err}");
    assert!(err.contains("U002"), "{err}");
    let out = run(dir.path(), &["check", "--no-save", "--format", "json"]);
    let v = json(&out);
    assert_eq!(v["success"], false);
    assert_eq!(v["error"]["code"], "U002");
    assert_eq!(v["error"]["line"], 3);
    assert_eq!(v["error"]["details"]["key"], "long_sentence_lenght");
}

#[test]
fn unknown_rule_code_in_config_is_an_error() {
    let dir = sample_with(
        ".novelerrc.yaml",
        "rules:\n  NO_SUCH_RULE: {enabled: false}\n",
    );
    let out = run(dir.path(), &["check", "--no-save"]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(err.contains("NO_SUCH_RULE"), "{err}");
    assert!(err.contains(".novelerrc.yaml:2"), "{err}");
}

#[test]
fn broken_project_config_is_p002_with_line() {
    let dir = sample_with(
        "プロジェクト設定.yaml",
        "プロジェクト名: x\nジャンル:\n  メイン: [a\n",
    );
    let out = run(dir.path(), &["check", "--no-save"]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(err.contains("P002"), "{err}");
    assert!(err.contains("プロジェクト設定.yaml:"), "{err}");
}

#[test]
fn invalid_target_length_is_qc010() {
    let dir = sample_with(
        "プロジェクト設定.yaml",
        "プロジェクト名: x\nwriting:\n  episode:\n    target_length: {min: 8000, max: 3000}\n",
    );
    let out = run(dir.path(), &["check", "--no-save", "--format", "json"]);
    assert_eq!(code(&out), 2);
    let v = json(&out);
    assert_eq!(v["error"]["code"], "QC-010");
    assert_eq!(v["error"]["line"], 4);
}

#[test]
fn config_flag_replaces_novelerrc() {
    let dir = sample_with(".novelerrc.yaml", "bogus: 1\n");
    std::fs::write(
        dir.path().join("ci.yaml"),
        "target_length: {min: 100, max: 200}\n",
    )
    .unwrap();
    let out = run(
        dir.path(),
        &[
            "check",
            "1",
            "--config",
            "ci.yaml",
            "--format",
            "json",
            "--no-save",
        ],
    );
    let v = json(&out);
    let ls = &v["result"]["files"][0]["metrics"]["length_stats"];
    assert_eq!(ls["source"], "override");
    assert_eq!(ls["target_max"], 200);
    assert_eq!(
        code(&out),
        0,
        "LENGTH_OUT_OF_RANGE is medium, under the default gate"
    );
    assert!(v["result"]["files"][0]["findings"]
        .to_string()
        .contains("LENGTH_OUT_OF_RANGE"));
    let out = run(
        dir.path(),
        &["check", "1", "--config", "nope.yaml", "--no-save"],
    );
    assert_eq!(code(&out), 2);
}

// ------------------------------------------------------------------ targets and options

#[test]
fn stdin_is_checked_under_its_stdin_filename() {
    let dir = sample();
    let out = run_stdin(
        dir.path(),
        &[
            "check",
            "-",
            "--stdin-filename",
            "40_原稿/下書き.md",
            "--format",
            "json",
            "--no-save",
        ],
        "　彼は走った。。\n".as_bytes(),
    );
    let v = json(&out);
    let f = &v["result"]["files"][0];
    assert_eq!(f["path"], "40_原稿/下書き.md");
    assert_eq!(f["findings"][0]["file"], "40_原稿/下書き.md");
    assert_eq!(f["metrics"]["length_stats"]["body_chars"], 7);
    // Empty stdin is an empty snippet, checked like an empty file (issue 34 item 6).
    let out = run_stdin(
        dir.path(),
        &["check", "-", "--no-save", "--format", "json"],
        b"",
    );
    assert_eq!(code(&out), 0, "empty stdin: {}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["result"]["files"][0]["path"], "<stdin>");
    assert_eq!(v["result"]["errors"], serde_json::json!([]));
    let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("　吾輩は猫である。\n");
    let out = run_stdin(dir.path(), &["check", "-", "--no-save"], &sjis);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("Shift_JIS"), "{}", stderr(&out));
}

#[test]
fn stdin_filename_decides_ignores() {
    let dir = sample_with(".novelerrc.yaml", "ignore:\n  paths: [下書き/]\n");
    let out = run_stdin(
        dir.path(),
        &[
            "check",
            "-",
            "--stdin-filename",
            "下書き/a.md",
            "--format",
            "json",
            "--no-save",
        ],
        "　彼は走った。。\n".as_bytes(),
    );
    assert_eq!(code(&out), 0);
    assert_eq!(json(&out)["result"]["files"], Value::Array(vec![]));
}

#[test]
fn missing_project_root_is_p001() {
    let dir = sample();
    let out = run(
        dir.path(),
        &["check", "--project-root", "nope", "--no-save"],
    );
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(err.contains("P001"), "{err}");
    assert!(err.contains("プロジェクトルート"), "{err}");
}

#[test]
fn dot_slash_number_is_a_file_and_a_bare_number_an_episode() {
    let dir = sample_with("3", "　三という名のファイル。\n");
    let out = run(
        dir.path(),
        &["check", "./3", "3", "--format", "json", "--no-save"],
    );
    let v = json(&out);
    let paths = common::strs(&v["result"]["files"], "path");
    assert_eq!(paths, vec!["3", "40_原稿/第003話_迷い潮の夜.md"]);
}

#[test]
fn paths_are_taken_from_the_working_directory() {
    let dir = sample();
    let out = run(
        &dir.path().join("40_原稿"),
        &[
            "check",
            "第002話_測量局の客.md",
            "--format",
            "json",
            "--no-save",
        ],
    );
    let v = json(&out);
    assert_eq!(
        v["result"]["files"][0]["path"],
        "40_原稿/第002話_測量局の客.md"
    );
}

#[test]
fn the_project_is_found_from_the_first_file_outside_any_project() {
    // A repository with the novel in a subdirectory; pre-commit runs from the repo root.
    let repo = tempfile::tempdir().unwrap();
    copy_dir(
        &manifest().join("fixtures/sample_project"),
        &repo.path().join("novel"),
    );
    let out = run(
        repo.path(),
        &[
            "check",
            "novel/40_原稿/第001話_潮墨の見習い.md",
            "--format",
            "json",
            "--no-save",
        ],
    );
    let v = json(&out);
    let f = &v["result"]["files"][0];
    assert_eq!(f["path"], "40_原稿/第001話_潮墨の見習い.md");
    assert_eq!(f["metrics"]["length_stats"]["source"], "project_config");
    // github annotations stay relative to the working directory.
    let out = run(
        repo.path(),
        &[
            "check",
            "novel/40_原稿/第003話_迷い潮の夜.md",
            "--format",
            "github",
            "--no-save",
        ],
    );
    assert!(
        stdout(&out).contains("file=novel/40_原稿/第003話_迷い潮の夜.md,"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn directories_are_walked_in_order_and_ignores_apply() {
    let dir = sample();
    std::fs::create_dir_all(dir.path().join("40_原稿/下書き")).unwrap();
    std::fs::write(dir.path().join("40_原稿/下書き/メモ.md"), "　メモ。\n").unwrap();
    std::fs::create_dir_all(dir.path().join("40_原稿/.hidden")).unwrap();
    std::fs::write(dir.path().join("40_原稿/.hidden/x.md"), "　隠し。\n").unwrap();
    let paths = |out: &Output| -> Vec<String> {
        json(out)["result"]["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["path"].as_str().unwrap().to_string())
            .collect()
    };
    let out = run(dir.path(), &["check", ".", "--format", "json", "--no-save"]);
    assert_eq!(
        paths(&out),
        vec![
            "40_原稿/下書き/メモ.md",
            "40_原稿/第001話_潮墨の見習い.md",
            "40_原稿/第002話_測量局の客.md",
            "40_原稿/第003話_迷い潮の夜.md",
        ],
        "the project root stands for its manuscript directory"
    );
    std::fs::write(
        dir.path().join(".novelerrc.yaml"),
        "ignore:\n  paths: ['40_原稿/下書き/', '第002話*']\n",
    )
    .unwrap();
    let out = run(
        dir.path(),
        &["check", "40_原稿", "--format", "json", "--no-save"],
    );
    assert_eq!(
        paths(&out),
        vec![
            "40_原稿/第001話_潮墨の見習い.md",
            "40_原稿/第003話_迷い潮の夜.md"
        ]
    );
}

#[test]
fn aspects_and_severity_threshold_filter_findings() {
    let dir = sample();
    let findings = |args: &[&str]| -> Vec<Value> {
        let mut all = vec!["check", "--format", "json", "--no-save"];
        all.extend_from_slice(args);
        let v = json(&run(dir.path(), &all));
        v["result"]["files"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|f| f["findings"].as_array().unwrap().clone())
            .collect()
    };
    let all = findings(&[]);
    assert!(all.iter().any(|f| f["aspect"] != "style"));
    let style = findings(&["--aspects", "style"]);
    assert!(!style.is_empty());
    assert!(style.iter().all(|f| f["aspect"] == "style"));
    let medium = findings(&["--severity-threshold", "medium"]);
    assert!(medium.len() < all.len());
    assert!(medium.iter().all(|f| f["severity"] == "medium"
        || f["severity"] == "high"
        || f["severity"] == "critical"));
}

#[test]
fn exclude_dialogue_lines_changes_the_rhythm_metrics() {
    let dir = sample();
    let sentences = |flag: &str| {
        let v = json(&run(
            dir.path(),
            &[
                "check",
                "1",
                flag,
                "--format",
                "json",
                "--no-save",
                "--no-cache",
            ],
        ));
        v["result"]["files"][0]["metrics"]["rhythm"]["sentences"]
            .as_u64()
            .unwrap()
    };
    assert!(sentences("--exclude-dialogue-lines=false") > sentences("--exclude-dialogue-lines"));
}

#[test]
fn ndjson_sarif_and_github_formats() {
    let dir = sample();
    let out = run(dir.path(), &["check", "--format", "ndjson", "--no-save"]);
    let lines: Vec<Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.last().unwrap()["type"], "summary");
    assert!(lines[..lines.len() - 1]
        .iter()
        .all(|l| l["type"] == "finding" && l["code"].is_string()));

    let out = run(dir.path(), &["check", "--format", "sarif", "--no-save"]);
    let v = json(&out);
    assert_eq!(v["version"], "2.1.0");
    let results = v["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), lines.len() - 1);
    let region = &results[0]["locations"][0]["physicalLocation"]["region"];
    for k in ["startLine", "startColumn", "endLine", "endColumn"] {
        assert!(region[k].is_u64(), "{k}");
    }

    // github: paths relative to the working directory (here one level up).
    let parent = dir.path().parent().unwrap();
    let name = dir.path().file_name().unwrap().to_str().unwrap();
    let out = run(
        parent,
        &[
            "check",
            "--project-root",
            name,
            "--format",
            "github",
            "--no-save",
        ],
    );
    let text = stdout(&out);
    assert!(!text.is_empty());
    for line in text.lines() {
        assert!(
            line.starts_with(&format!("::warning file={name}/40_原稿/"))
                || line.starts_with(&format!("::error file={name}/40_原稿/")),
            "{line}"
        );
        assert!(line.contains(",line=") && line.contains(",col=") && line.contains(",title="));
    }
}

#[test]
fn statistics_table() {
    let dir = sample();
    let out = run(dir.path(), &["check", "--statistics", "--no-save"]);
    let text = stdout(&out);
    assert!(text.starts_with("count  code"), "{text}");
    assert!(text.contains("FORBIDDEN_EXPRESSION"), "{text}");
    assert!(!text.contains("╭─["), "no snippets with --statistics");
}

#[test]
fn colour_follows_the_flag() {
    let dir = sample();
    let out = run(
        dir.path(),
        &["check", "2", "--color", "always", "--no-save"],
    );
    assert!(stdout(&out).contains('\x1b'));
    let out = run(dir.path(), &["check", "2", "--no-save"]);
    assert!(!stdout(&out).contains('\x1b'), "not a terminal: no colour");
    let out = noveler(dir.path())
        .args(["check", "2", "--color", "never", "--no-save"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(!stdout(&out).contains('\x1b'));
}

#[test]
fn quiet_prints_only_findings() {
    let dir = sample();
    let out = run(dir.path(), &["check", "-q", "--no-save"]);
    let text = stdout(&out);
    assert!(!text.contains("正味文字数"), "{text}");
    // The verdict stays (issue 16): a quiet run still says whether it passed.
    assert!(text.contains("合格（基準: high 以上の指摘）"), "{text}");
    assert!(!text.contains("ファイル / 指摘"), "no summary line: {text}");
    assert!(text.contains("FORBIDDEN_EXPRESSION"), "{text}");
    assert!(stderr(&out).is_empty(), "no progress bar off a terminal");
}

#[test]
fn broken_pipe_exits_0() {
    let dir = sample();
    // Enough output to fill a pipe buffer: the same episodes many times over.
    let many = dir.path().join("many");
    std::fs::create_dir_all(&many).unwrap();
    let src = std::fs::read(dir.path().join("40_原稿/第002話_測量局の客.md")).unwrap();
    for i in 0..40 {
        let mut body = src.clone();
        body.extend_from_slice(format!("\n　{i}。\n").as_bytes());
        std::fs::write(many.join(format!("{i:02}.md")), body).unwrap();
    }
    let mut child = noveler(dir.path())
        .args(["check", "many", "--format", "json", "--no-save"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
}

// ------------------------------------------------------------------ results file and cache

#[test]
fn every_run_saves_its_envelope_under_temp_json_output() {
    let dir = sample();
    let out = run(dir.path(), &["check", "2", "--format", "json"]);
    let v = json(&out);
    let saved = v["saved_to"].as_str().unwrap();
    assert!(saved.starts_with("temp/json_output/check_"), "{saved}");
    let bytes = std::fs::read(dir.path().join(saved)).unwrap();
    let on_disk: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(on_disk, v);
    // What was printed is the file itself (plus the final newline).
    assert_eq!(out.stdout, [bytes.as_slice(), b"\n"].concat());
    let f = &v["inputs"]["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["role"] == "manuscript")
        .unwrap()
        .clone();
    let bytes = std::fs::read(dir.path().join(f["path"].as_str().unwrap())).unwrap();
    assert_eq!(f["sha256"], noveler::analysis::sha256_hex(&bytes));
    assert_eq!(f["size_bytes"], bytes.len());
}

/// The cache's entries: one directory per file, one entry in each.
fn cache_entries(root: &Path) -> Vec<PathBuf> {
    let dir = root.join(".noveler/cache/check");
    let list = |d: &Path| -> Vec<PathBuf> {
        std::fs::read_dir(d)
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default()
    };
    let mut v: Vec<PathBuf> = list(&dir).iter().flat_map(|d| list(d)).collect();
    v.sort();
    v
}

#[test]
fn cache_is_used_and_a_corrupt_entry_is_rewritten() {
    let dir = sample();
    let first = json(&run(
        dir.path(),
        &["check", "--format", "json", "--no-save"],
    ));
    let entries = cache_entries(dir.path());
    assert_eq!(entries.len(), 3);
    // Corrupt one entry: the next run ignores it, gives the same result and rewrites it.
    std::fs::write(&entries[0], b"{\"key\": \"trunc").unwrap();
    let second = json(&run(
        dir.path(),
        &["check", "--format", "json", "--no-save"],
    ));
    assert_eq!(first["result"], second["result"]);
    let rewritten: Value = serde_json::from_slice(&std::fs::read(&entries[0]).unwrap()).unwrap();
    assert!(rewritten["analysis"]["metrics"].is_object());
    // A cached result is used as is: a tampered entry shows through (proves the hit).
    let mut tampered = rewritten.clone();
    tampered["analysis"]["scores"]["overall"] = serde_json::json!(12.5);
    std::fs::write(&entries[0], serde_json::to_vec(&tampered).unwrap()).unwrap();
    let third = json(&run(
        dir.path(),
        &["check", "--format", "json", "--no-save"],
    ));
    let overall: Vec<f64> = third["result"]["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["scores"]["overall"].as_f64().unwrap())
        .collect();
    assert!(overall.contains(&12.5), "{overall:?}");
    // --no-cache neither reads nor writes.
    let fresh = json(&run(
        dir.path(),
        &["check", "--format", "json", "--no-save", "--no-cache"],
    ));
    assert_eq!(first["result"], fresh["result"]);
}

#[test]
fn no_cache_writes_nothing() {
    let dir = sample();
    run(dir.path(), &["check", "--no-save", "--no-cache"]);
    assert!(cache_entries(dir.path()).is_empty());
    assert!(!dir.path().join("temp").exists());
}

#[test]
fn settings_change_misses_the_cache() {
    let dir = sample();
    run(dir.path(), &["check", "1", "--no-save"]);
    let before = cache_entries(dir.path());
    assert_eq!(before.len(), 1);
    run(
        dir.path(),
        &["check", "1", "--no-save", "--aspects", "style"],
    );
    // Another entry, which replaced the file's old one: the cache holds one entry per file.
    let after = cache_entries(dir.path());
    assert_eq!(after.len(), 1);
    assert_ne!(after, before);
}

// ------------------------------------------------------------------ completions and man

#[test]
fn completions_and_man_print() {
    let dir = tempfile::tempdir().unwrap();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = run(dir.path(), &["completions", shell]);
        assert_eq!(code(&out), 0, "{shell}");
        assert!(stdout(&out).contains("noveler"), "{shell}");
    }
    let out = run(dir.path(), &["man"]);
    assert!(stdout(&out).starts_with(".ie"), "{}", stdout(&out));
    let out = run(dir.path(), &["man", "check"]);
    assert!(stdout(&out).contains("fail\\-on"), "{}", stdout(&out));
    assert_eq!(code(&run(dir.path(), &["man", "nope"])), 2);
    let out = run(dir.path(), &["completions", "--write-all", "--dir", "gen"]);
    assert_eq!(code(&out), 0);
    assert!(dir.path().join("gen/completions/_noveler").is_file());
    assert!(dir.path().join("gen/man/noveler-check.1").is_file());
}

// ------------------------------------------------------------------ issue 28 item 6

/// A check whose every target failed is no success (`success: false`, the first failure as
/// `error`, exit 2); one that checked some files is the answer for those, with exit 2 and
/// `metadata.failed_files`.
#[test]
fn an_all_failed_check_is_no_success() {
    let dir = sample_with("bad.md", b"\x82\xa0\x82\xa2\x82\xa4\n".as_slice());
    let out = run(
        dir.path(),
        &["check", "bad.md", "--no-save", "--format", "json"],
    );
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["success"], false, "{v:#}");
    assert_eq!(v["error"]["code"], "U003", "{v:#}");
    assert_eq!(v["result"]["errors"][0]["path"], "bad.md");
    let out = run(
        dir.path(),
        &[
            "check",
            "bad.md",
            "40_原稿/第001話_潮墨の見習い.md",
            "--no-save",
            "--format",
            "json",
        ],
    );
    assert_eq!(code(&out), 2);
    let v = json(&out);
    assert_eq!(v["success"], true, "{v:#}");
    assert_eq!(v["metadata"]["failed_files"], 1, "{v:#}");
    assert!(v["error"].is_null());
}

/// A read-only manuscript is not replaced by polish (P003 naming the file, exit 2, the file
/// as it was), as git does not overwrite what the user cannot write.
#[cfg(unix)]
#[test]
fn a_read_only_manuscript_is_refused_not_replaced() {
    use std::os::unix::fs::PermissionsExt;
    let dir = sample();
    let ep = dir.path().join("40_原稿/第002話_測量局の客.md");
    let before = std::fs::read(&ep).unwrap();
    std::fs::set_permissions(&ep, std::fs::Permissions::from_mode(0o444)).unwrap();
    let out = run(
        dir.path(),
        &[
            "polish",
            "2",
            "--level",
            "aggressive",
            "--apply",
            "--no-save",
        ],
    );
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("P003"), "{err}");
    assert!(
        err.contains("第002話_測量局の客.md は読み取り専用です"),
        "{err}"
    );
    assert_eq!(std::fs::read(&ep).unwrap(), before);
    let mode = std::fs::metadata(&ep).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o444);
}

/// Issue 28 item 2's guard is the same on every path that analyses a text: a file whose
/// analysis would exceed 40x its size (400,000 one-character lines, 800 KB) is refused
/// with U007 by polish (as a diff and by stage), complete and the progressive check, as
/// by check.
#[test]
fn every_analysing_command_refuses_a_flood_of_short_lines() {
    let ep = "40_原稿/第001話_潮墨の見習い.md";
    let dir = sample_with(ep, "a\n".repeat(400_000));
    for args in [
        vec!["check", ep, "--no-save"],
        vec!["polish", "1", "--no-save"],
        vec!["polish", "--all", "--no-save"],
        vec!["complete", "1", "--no-save"],
        vec!["check", "progressive", "1", "step", "1", "--no-save"],
    ] {
        let out = run(dir.path(), &args);
        assert_eq!(code(&out), 2, "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("U007"), "{args:?}: {err}");
        assert!(
            err.contains("短い行が多すぎるため検査しません"),
            "{args:?}: {err}"
        );
    }
}
