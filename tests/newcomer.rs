//! Issue 34: the CLI as a new author meets it, as transcripts (command, exit code, stdout,
//! stderr) on a copy of the sample project and on a fresh `noveler init` project — including
//! a git clone of a project whose baseline was committed. Temp paths read `[root]`.

use std::path::Path;
use std::process::Command;

mod common;
use common::{code, noveler, sample, stderr, stdout};

/// One command's transcript, with `root` shown as `[root]`.
fn transcript(cwd: &Path, root: &Path, args: &[&str]) -> (i32, String) {
    let out = noveler(cwd).args(args).output().unwrap();
    let shown = |s: String| {
        let root = root.display().to_string();
        let canon = std::fs::canonicalize(root.as_str())
            .map(|p| p.display().to_string())
            .unwrap_or_else(|_| root.clone());
        s.replace(&canon, "[root]").replace(&root, "[root]")
    };
    let text = format!(
        "$ noveler {}\nexit {}\n--- stdout\n{}--- stderr\n{}",
        args.join(" "),
        code(&out),
        shown(stdout(&out)),
        shown(stderr(&out))
    );
    (code(&out), text)
}

/// `git ARGS` in `cwd`, with an identity of its own (no user config is read).
fn git(cwd: &Path, args: &[&str]) {
    let out = Command::new("git")
        .current_dir(cwd)
        .args([
            "-c",
            "user.name=noveler test",
            "-c",
            "user.email=test@example.invalid",
        ])
        .args([
            "-c",
            "init.defaultBranch=main",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .expect("git is needed for the baseline-in-a-clone test");
    assert!(out.status.success(), "git {args:?}: {}", stderr(&out));
}

/// A fresh `noveler init` project at `<tmp>/novel`; returns (guard, root).
fn fresh_project() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let out = noveler(dir.path())
        .args([
            "init",
            "novel",
            "--title",
            "試し書き",
            "--genre",
            "ファンタジー",
        ])
        .output()
        .unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let root = dir.path().join("novel");
    (dir, root)
}

fn append_opening(root: &Path, rel: &str, opening: &str) {
    let path = root.join(rel);
    let text = std::fs::read_to_string(&path).unwrap();
    // After the heading (the first line), before the body.
    let (head, body) = text.split_once('\n').unwrap();
    std::fs::write(&path, format!("{head}\n{opening}\n{body}")).unwrap();
}

// ------------------------------------------------------------------ item 1: the baseline

#[test]
fn item1_a_committed_baseline_works_in_a_fresh_clone() {
    let (dir, root) = fresh_project();
    git(&root, &["init", "-q"]);
    let (c, written) = transcript(&root, &root, &["check", "--no-save", "--write-baseline"]);
    assert_eq!(c, 0, "{written}");
    assert!(root.join(".noveler-baseline.json").is_file());
    git(&root, &["add", "-A"]);
    git(&root, &["commit", "-q", "-m", "start"]);
    // The baseline is committed: init's .gitignore does not exclude it.
    let tracked = Command::new("git")
        .current_dir(&root)
        .args(["ls-files", ".noveler-baseline.json"])
        .output()
        .unwrap();
    assert_eq!(stdout(&tracked).trim(), ".noveler-baseline.json");
    git(dir.path(), &["clone", "-q", "novel", "clone"]);
    let clone = dir.path().join("clone");
    let (c, in_clone) = transcript(
        &clone,
        &clone,
        &["check", "--no-save", "--baseline", "--fail-on", "low"],
    );
    assert_eq!(c, 0, "{in_clone}");
    // A new opening paragraph brings back neither the episode's length finding nor others.
    append_opening(
        &clone,
        "40_原稿/第001話_はじまり.md",
        "　朝の港は、まだ霧の中にありました。",
    );
    let (c, edited) = transcript(
        &clone,
        &clone,
        &["check", "--no-save", "--baseline", "--fail-on", "low"],
    );
    assert_eq!(c, 0, "{edited}");
    insta::assert_snapshot!(
        "item1_fresh_clone",
        format!("{written}\n{in_clone}\n{edited}")
    );
}

#[test]
fn item1_sample_baseline_survives_a_new_opening_and_catches_a_new_slip() {
    let dir = sample();
    let root = dir.path();
    let (c, _) = transcript(root, root, &["check", "--no-save", "--write-baseline"]);
    assert_eq!(c, 0);
    let args = ["check", "--no-save", "--baseline", "--fail-on", "low"];
    append_opening(
        root,
        "40_原稿/第003話_迷い潮の夜.md",
        "　その夜、港の灯はひとつ残らず消えていた。",
    );
    let (c, quiet) = transcript(root, root, &args);
    assert_eq!(c, 0, "{quiet}");
    // A new slip is reported, the old ones stay baselined.
    append_opening(root, "40_原稿/第002話_測量局の客.md", "　嘘だろ!");
    let (c, slip) = transcript(root, root, &args);
    assert_eq!(c, 1, "{slip}");
    assert!(slip.contains("HALFWIDTH_EXCLAMATION"), "{slip}");
    insta::assert_snapshot!("item1_sample", format!("{quiet}\n{slip}"));
}

// ------------------------------------------------------------------ item 2: suppression

#[test]
fn item2_suppression_is_findable() {
    let dir = sample();
    let root = dir.path();
    let (c, explain) = transcript(root, root, &["explain", "suppression"]);
    assert_eq!(c, 0);
    for needle in [
        "noveler-disable-next-line",
        "per-file-ignores",
        "accepted_words",
        "--write-baseline",
        ".noveler-baseline.json",
        "--ignore",
    ] {
        assert!(explain.contains(needle), "{needle}: {explain}");
    }
    // Each finding shows its id; the id is the one JSON has and polish takes.
    let (c, text) = transcript(root, root, &["check", "2", "--no-save"]);
    assert_eq!(c, 0);
    let json = common::json(
        &noveler(root)
            .args(["check", "2", "--format", "json", "--no-save"])
            .output()
            .unwrap(),
    );
    let id = json["result"]["files"][0]["findings"][0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(text.contains(&format!("id {id}")), "{text}");
    let polish = noveler(root)
        .args(["polish", "2", "--issue-ids", &id, "--diff", "--no-save"])
        .output()
        .unwrap();
    assert!(
        !stdout(&polish).contains("not_found"),
        "{}",
        stdout(&polish)
    );
    // A failing gate points to the ways to suppress.
    let (c, gate) = transcript(
        root,
        root,
        &["check", "2", "--no-save", "--fail-on", "low", "-q"],
    );
    assert_eq!(c, 1);
    assert!(gate.contains("noveler explain suppression"), "{gate}");
    insta::assert_snapshot!("item2_explain_suppression", explain);
}

#[test]
fn item2_init_config_says_how_to_suppress_in_japanese() {
    let (_dir, root) = fresh_project();
    let rc = std::fs::read_to_string(root.join(".novelerrc.yaml")).unwrap();
    assert!(
        rc.contains("## 指摘を抑えるには（くわしくは noveler explain suppression）"),
        "{rc}"
    );
    assert!(rc.contains("noveler-disable-next-line"), "{rc}");
    assert!(rc.contains("# per-file-ignores: {}"), "{rc}");
    // Every explanation comment is Japanese (issue 34 item 7): no line of English words.
    let english: Vec<&str> = rc
        .lines()
        .filter(|l| l.starts_with("#   # ") || l.starts_with("## "))
        .filter(|l| !l.chars().any(|c| c > '\u{3000}'))
        .collect();
    assert!(english.is_empty(), "{english:#?}");
}

// ------------------------------------------------------------------ item 3: shell words

#[test]
fn item3_status_outside_a_project_exits_2_and_suggests_init() {
    let dir = tempfile::tempdir().unwrap();
    let (c, t) = transcript(dir.path(), dir.path(), &["status"]);
    assert_eq!(c, 2, "{t}");
    assert!(t.contains("noveler init"), "{t}");
    insta::assert_snapshot!("item3_status_outside", t);
}

#[test]
fn item3_next_steps_on_the_cli_are_commands() {
    let dir = sample();
    let root = dir.path();
    let mut all = String::new();
    for args in [
        vec!["check", "progressive", "1", "tasks", "--no-save"],
        vec!["check", "progressive", "1", "step", "1", "--no-save"],
        vec!["complete", "1", "--no-save", "--dry-run"],
    ] {
        let (c, t) = transcript(root, root, &args);
        assert_eq!(c, 0, "{t}");
        all.push_str(&t);
    }
    std::fs::write(root.join("note.txt"), "メモ\n").unwrap();
    let (c, t) = transcript(root, root, &["artifact", "store", "note.txt", "--no-save"]);
    assert_eq!(c, 0, "{t}");
    all.push_str(&t);
    for mcp_word in [
        "execute_check_step",
        "fetch_artifact",
        "end_session",
        "repeat_step",
        "{\"",
    ] {
        assert!(!all.contains(mcp_word), "{mcp_word} in:\n{all}");
    }
    for line in all
        .lines()
        .filter(|l| l.starts_with("次: ") || l.starts_with("  - "))
    {
        let body = line.trim_start_matches("次: ").trim_start_matches("  - ");
        assert!(
            body.starts_with("noveler ") || body.contains(" noveler ") || !body.is_ascii(),
            "not a command: {line}"
        );
    }
    assert!(all.contains("noveler check progressive 1 step 1"), "{all}");
    assert!(all.contains("noveler artifact fetch artifact:"), "{all}");
    // An empty manuscript folder suggests writing episode 1 with the CLI.
    let (_dir2, fresh) = fresh_project();
    std::fs::remove_file(fresh.join("40_原稿/第001話_はじまり.md")).unwrap();
    let (c, t) = transcript(&fresh, &fresh, &["status", "--no-save"]);
    assert_eq!(c, 0, "{t}");
    assert!(t.contains("noveler write 1"), "{t}");
    assert!(!t.contains("{\""), "{t}");
}

// ------------------------------------------------------------------ item 4: habits

#[test]
fn item4_select_ignore_show_settings_concise_and_quiet_complete() {
    let dir = sample();
    let root = dir.path();
    let (c, concise) = transcript(root, root, &["check", "--no-save", "--format", "concise"]);
    assert_eq!(c, 0, "{concise}");
    for line in concise.lines().filter(|l| l.starts_with("40_原稿/")) {
        let parts: Vec<&str> = line.splitn(4, ':').collect();
        assert_eq!(parts.len(), 4, "{line}");
        assert!(
            parts[1].parse::<usize>().is_ok() && parts[2].parse::<usize>().is_ok(),
            "{line}"
        );
    }
    let (c, selected) = transcript(
        root,
        root,
        &[
            "check",
            "--no-save",
            "--format",
            "concise",
            "--select",
            "halfwidth_exclamation,ELLIPSIS_STYLE",
        ],
    );
    assert_eq!(c, 0);
    let codes: Vec<&str> = selected
        .lines()
        .filter(|l| l.starts_with("40_原稿/"))
        .map(|l| l.split(": ").nth(1).unwrap().split(' ').next().unwrap())
        .collect();
    assert_eq!(
        codes,
        ["ELLIPSIS_STYLE", "HALFWIDTH_EXCLAMATION"],
        "{selected}"
    );
    let (c, ignored) = transcript(
        root,
        root,
        &[
            "check",
            "--no-save",
            "--format",
            "concise",
            "--ignore",
            "ENDING_REPETITION",
        ],
    );
    assert_eq!(c, 0);
    assert!(!ignored.contains("ENDING_REPETITION ") && concise.contains("ENDING_REPETITION "));
    let (c, typo) = transcript(root, root, &["check", "--no-save", "--ignore", "NO_CHAINS"]);
    assert_eq!(c, 2, "{typo}");
    assert!(typo.contains("NO_CHAIN のことですか"), "{typo}");
    let (c, settings) = transcript(
        root,
        root,
        &[
            "check",
            "--show-settings",
            "--ignore",
            "NO_CHAIN",
            "--no-save",
        ],
    );
    assert_eq!(c, 0, "{settings}");
    assert!(settings.contains("preset: narou"), "{settings}");
    assert!(
        settings.contains("  NO_CHAIN:\n    aspect: readability\n    enabled: false"),
        "{settings}"
    );
    assert!(settings.contains("min: 3000"), "{settings}");
    let (c, quiet) = transcript(
        root,
        root,
        &["complete", "1", "--no-save", "--dry-run", "-q"],
    );
    assert_eq!(c, 0, "{quiet}");
    let out_lines = quiet
        .split("--- stdout\n")
        .nth(1)
        .unwrap()
        .split("--- stderr")
        .next()
        .unwrap();
    assert_eq!(out_lines.lines().count(), 1, "{quiet}");
    insta::assert_snapshot!(
        "item4_habits",
        format!("{concise}\n{selected}\n{typo}\n{quiet}")
    );
}

// ------------------------------------------------------------------ item 6: empty episode

#[test]
fn item6_an_empty_placeholder_episode_is_a_finding() {
    let (_dir, root) = fresh_project();
    std::fs::write(root.join("40_原稿/第002話_予定.md"), "").unwrap();
    let (c, t) = transcript(&root, &root, &["check", "--no-save"]);
    assert_eq!(c, 0, "{t}");
    assert!(t.contains("本文がまだありません"), "{t}");
    let dir = sample();
    std::fs::write(dir.path().join("40_原稿/第004話_空.md"), "\n\n").unwrap();
    let (c, s) = transcript(dir.path(), dir.path(), &["check", "4", "--no-save"]);
    assert_eq!(c, 0, "{s}");
    insta::assert_snapshot!("item6_empty_episode", format!("{t}\n{s}"));
}

// ------------------------------------------------------------------ item 7: the smaller ones

#[test]
fn item7_write_outside_a_project_leaves_nothing_and_resume_finds_the_one_session() {
    let dir = tempfile::tempdir().unwrap();
    let (c, t) = transcript(dir.path(), dir.path(), &["write", "1", "--no-save"]);
    assert_eq!(c, 2, "{t}");
    assert!(t.contains("noveler init"), "{t}");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing left behind"
    );
    let sample = sample();
    let root = sample.path();
    let (c, t) = transcript(root, root, &["write", "resume", "1", "--no-save"]);
    assert_eq!(c, 2, "{t}");
    assert!(t.contains("第1話の執筆セッションはありません"), "{t}");
    let (c, t) = transcript(root, root, &["write", "1", "--no-save"]);
    assert_eq!(c, 0, "{t}");
    let (c, t) = transcript(root, root, &["write", "resume", "1", "--no-save"]);
    assert_eq!(c, 0, "{t}");
    assert!(
        t.starts_with("$ noveler write resume 1 --no-save\nexit 0\n--- stdout\n再開: STEP"),
        "{t}"
    );
}

#[test]
fn item7_backup_all_keeps_plots_settings_and_management() {
    let dir = sample();
    let root = dir.path();
    let out = noveler(root)
        .args(["backup", "create", "--all", "--format", "json", "--no-save"])
        .output()
        .unwrap();
    let v = common::json(&out);
    let files: Vec<&str> = v["result"]["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["path"].as_str().unwrap())
        .collect();
    for wanted in [
        "40_原稿/第001話_潮墨の見習い.md",
        "20_プロット/話別プロット/第001話_潮墨の見習い.yaml",
        "30_設定集/キャラクター.yaml",
        "50_管理資料/話数管理.yaml",
        "プロジェクト設定.yaml",
    ] {
        assert!(files.contains(&wanted), "{wanted} not in {files:?}");
    }
}

#[test]
fn item7_baseline_build_files_info_config_types_and_gitignore() {
    let dir = sample();
    let root = dir.path();
    // A folder's README is not a text of the corpus.
    std::fs::write(root.join("40_原稿/README.md"), "# このフォルダについて\n").unwrap();
    let out = noveler(root)
        .args([
            "baseline",
            "build",
            "40_原稿",
            "--format",
            "json",
            "--no-save",
        ])
        .output()
        .unwrap();
    let v = common::json(&out);
    assert_eq!(v["result"]["baseline"]["texts"], 3, "{v:#}");
    // files info says which count it shows.
    let (c, info) = transcript(
        root,
        root,
        &[
            "files",
            "info",
            "40_原稿/第001話_潮墨の見習い.md",
            "--no-save",
        ],
    );
    assert_eq!(c, 0, "{info}");
    assert!(
        info.contains("ファイル全体。見出し・ルビ・注記を除く正味文字数は noveler check で"),
        "{info}"
    );
    // A value of the wrong type is said in Japanese, with the key and the kind expected.
    std::fs::write(
        root.join(".novelerrc.yaml"),
        "thresholds:\n  long_sentence_length: forty\n",
    )
    .unwrap();
    let (c, bad) = transcript(root, root, &["check", "1", "--no-save"]);
    assert_eq!(c, 2, "{bad}");
    assert!(
        bad.contains("long_sentence_length の値 文字列 \"forty\" は使えません"),
        "{bad}"
    );
    assert!(!bad.contains("invalid type"), "{bad}");
    // init's .gitignore keeps the task lock out and the baseline in.
    let (_d, fresh) = fresh_project();
    let gi = std::fs::read_to_string(fresh.join(".gitignore")).unwrap();
    assert!(gi.lines().any(|l| l == ".todo/.lock"), "{gi}");
    insta::assert_snapshot!("item7_config_type", bad);
}

/// Item 5: the README's first command prints what the README says it prints (its summary
/// block, word for word, and the count of findings in the prose before it), so a newcomer
/// knows it worked; the README names the wheel the packaging script writes and the glibc
/// it needs.
#[test]
fn item5_the_readme_says_what_the_first_command_prints() {
    let readme = std::fs::read_to_string(common::manifest().join("README.md")).unwrap();
    let first = "cargo run -- check --project-root fixtures/sample_project";
    assert!(readme.contains(first), "README lost its first command");
    let promised = readme
        .split("```\n")
        .find(|block| block.contains(" ファイル / 指摘 "))
        .expect("README shows the summary the first command ends with");
    let out = noveler(common::manifest())
        .args([
            "check",
            "--project-root",
            "fixtures/sample_project",
            "--no-save",
        ])
        .output()
        .unwrap();
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let printed = stdout(&out);
    assert!(
        printed.ends_with(promised),
        "README promises\n{promised}\nthe command ends with\n{}",
        printed.lines().rev().take(2).collect::<Vec<_>>().join("\n")
    );
    let count = promised
        .split("指摘 ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .unwrap();
    let words = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    let said = words[count.parse::<usize>().unwrap()];
    assert!(
        readme
            .replace('\n', " ")
            .contains(&format!("{said} findings")),
        "README's prose should say {said} findings"
    );
    for promise in ["scripts/build-wheel.sh", "manylinux_2_34", "glibc 2.34"] {
        assert!(
            readme.replace('\n', " ").contains(promise),
            "README should name {promise}"
        );
    }
}
