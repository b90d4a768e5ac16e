//! Issue 7 end to end: `noveler init` → `check` → `complete` on a fresh project (the built
//! binary), the completion's rollback with a failure injected between its writes, snapshots
//! of `status` (JSON and the 80-column table) on a copy of `fixtures/sample_project`, the
//! narou / kakuyomu / plain conversions pinned by `fixtures/publish/`, and the HTML report's
//! structure (every chart, balanced tags, no script, nothing external).

use noveler::analysis::sha256_hex;
use noveler::commands::complete::{self, CompleteRequest};
use noveler::commands::Ctx;
use noveler::output::publish::{publish_text, PublishFormat};
use noveler::Code;
use serde_json::Value;
use std::path::{Path, PathBuf};

mod common;
use common::{code, json, manifest, run, sample, stderr, stdout};

fn sha(path: &Path) -> Option<String> {
    std::fs::read(path).ok().map(|b| sha256_hex(&b))
}

/// A manuscript of about 1,500 characters that the check passes comfortably.
fn manuscript() -> String {
    let mut s = String::from("# 第一話　はじまりの港\n\n");
    for i in 0..12 {
        s.push_str(&format!(
            "　朝の港は、まだ眠っていた。{}番目の船が、ゆっくりと｜桟橋《さんばし》を離れていく。\n",
            i + 1
        ));
        s.push_str("「今日は風がいいね」\n");
        s.push_str(
            "　少女はそう言って、《《まっすぐ》》に海を見た。波は穏やかで、空には雲ひとつない。\n",
        );
        s.push_str("「ええ、きっといい一日になるわ」\n");
    }
    s
}

// ---------------------------------------------------------------------------------------
// init → check → complete

#[test]
fn init_check_complete_on_a_fresh_project() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("港の物語");
    let o = run(
        tmp.path(),
        &[
            "init",
            "港の物語",
            "--title",
            "港の物語",
            "--genre",
            "ファンタジー",
            "--author",
            "波間しずく",
            "--target-min",
            "800",
            "--target-max",
            "3000",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(dir.join("プロジェクト設定.yaml").is_file());
    assert!(dir.join(".novelerrc.yaml").is_file());
    assert!(dir.join("40_原稿").is_dir());
    let gitignore = std::fs::read_to_string(dir.join(".gitignore")).unwrap();
    assert!(gitignore.contains("temp/") && gitignore.contains(".noveler/"));

    // A second init refuses the non-empty directory and leaves it alone.
    let before = sha(&dir.join("プロジェクト設定.yaml"));
    let o = run(
        tmp.path(),
        &["init", "港の物語", "--title", "別", "--genre", "SF"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(sha(&dir.join("プロジェクト設定.yaml")), before);

    // The author titles init's first episode by renaming it, then writes it.
    std::fs::rename(
        dir.join("40_原稿/第001話_はじまり.md"),
        dir.join("40_原稿/第001話_はじまりの港.md"),
    )
    .unwrap();
    std::fs::write(dir.join("40_原稿/第001話_はじまりの港.md"), manuscript()).unwrap();
    let o = run(&dir, &["check", "1", "--format", "json", "--no-save"]);
    assert!(matches!(o.status.code(), Some(0) | Some(1)));
    let check = json(&o);
    let score = check["result"]["files"][0]["scores"]["overall"]
        .as_f64()
        .unwrap();
    assert!(
        score >= 70.0,
        "the test manuscript should pass the gate: {score}"
    );

    let o = run(
        &dir,
        &["complete", "1", "--site", "kakuyomu", "--format", "json"],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let env = json(&o);
    let r = &env["result"];
    assert_eq!(env["success"], true);
    assert_eq!(env["command"], "complete");
    assert_eq!(r["completed"], true);
    assert!(["ready", "needs_review"].contains(&r["publication_status"].as_str().unwrap()));
    assert_eq!(r["format"], "kakuyomu");
    let publish = r["publish_file"].as_str().unwrap();
    assert_eq!(
        publish,
        "50_管理資料/公開用/kakuyomu/第001話_はじまりの港.txt"
    );
    let text = std::fs::read_to_string(dir.join(publish)).unwrap();
    assert!(text.starts_with("　朝の港は"));
    assert!(text.contains("｜桟橋《さんばし》"));
    assert!(text.contains("《《まっすぐ》》"));
    assert!(!text.contains('#'));

    // The ledger (created by init with an empty list) now lists the episode.
    let ledger: serde_yaml::Value = serde_yaml::from_str(
        &std::fs::read_to_string(dir.join("50_管理資料/話数管理.yaml")).unwrap(),
    )
    .unwrap();
    let entry = &ledger["話数管理"][0];
    assert_eq!(entry["話数"].as_u64(), Some(1));
    assert_eq!(entry["ステータス"].as_str(), Some("completed"));
    let day = entry["完了日"].as_str().unwrap();
    assert!(
        day.len() == 10 && day.as_bytes()[4] == b'-' && day.as_bytes()[7] == b'-',
        "{day}"
    );
    assert_eq!(entry["品質スコア"].as_f64(), Some(score));
    assert!(entry["文字数"].as_u64().unwrap() > 800);

    // Every artifact is on disk with the reported sha256; the manifest lists them all.
    let artifacts = r["artifacts"].as_array().unwrap();
    assert_eq!(artifacts.len(), 3);
    for a in artifacts {
        assert_eq!(
            sha(&dir.join(a["path"].as_str().unwrap())).as_deref(),
            a["sha256"].as_str()
        );
    }
    let id = r["manifest_artifact_id"].as_str().unwrap();
    let o = run(
        &dir,
        &["artifact", "fetch", id, "--format", "json", "--no-save"],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let fetched = json(&o);
    let content = fetched["result"]["content"].as_str().unwrap_or_else(|| {
        panic!("no content in {fetched:#}");
    });
    let m: Value = serde_json::from_str(content).unwrap();
    let paths = common::strs(&m["files"], "path");
    assert_eq!(
        paths,
        vec![
            "40_原稿/第001話_はじまりの港.md",
            publish,
            "50_管理資料/話数管理.yaml"
        ]
    );
    for f in m["files"].as_array().unwrap() {
        assert_eq!(
            sha(&dir.join(f["path"].as_str().unwrap())).as_deref(),
            f["sha256"].as_str()
        );
    }

    // status sees it.
    let o = run(&dir, &["status", "--format", "json", "--no-save"]);
    assert_eq!(o.status.code(), Some(0));
    let s = json(&o);
    assert_eq!(s["result"]["project_overview"]["completed_episodes"], 1);
    assert_eq!(s["result"]["progress_analysis"]["completion_rate"], 1.0);
    assert_eq!(s["result"]["episodes"][0]["status"], "completed");
}

#[test]
fn auto_publish_only_prepares_and_the_gate_refuses() {
    let dir = sample();
    let o = run(
        dir.path(),
        &[
            "complete",
            "2",
            "--min-score",
            "100",
            "--auto-publish",
            "--format",
            "json",
        ],
    );
    let env = json(&o);
    let r = &env["result"];
    // Episode 2 of the sample has a few low findings: below 100.
    assert!(r["quality"]["score"].as_f64().unwrap() < 100.0);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(r["publication_status"], "needs_improvement");
    assert_eq!(r["completed"], false);
    assert!(!dir.path().join("50_管理資料/公開用").exists());
    let o = run(
        dir.path(),
        &["complete", "1", "--auto-publish", "--output-format", "json"], // deprecated alias still works
    );
    assert_eq!(o.status.code(), Some(0));
    let r = &json(&o)["result"];
    assert_eq!(r["auto_publish"]["requested"], true);
    assert_eq!(r["auto_publish"]["performed"], false);
    assert!(r["auto_publish"]["message"]
        .as_str()
        .unwrap()
        .contains("自動投稿は行いません"));
    // 掲載予定: 小説家になろう → narou.
    assert_eq!(r["format"], "narou");
    assert_eq!(r["format_source"], "project_config");
}

/// Issue 32 item 3: in a default `init` project (target 4,000, band 2,000–6,000) a draft of
/// about 950 characters is refused with every reason listed and nothing written; `--force`
/// completes it and 話数管理.yaml records what was overridden.
#[test]
fn a_short_draft_is_refused_unless_forced() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("港の物語");
    let o = run(
        tmp.path(),
        &[
            "init",
            "港の物語",
            "--title",
            "港の物語",
            "--genre",
            "ファンタジー",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let mut draft = manuscript();
    draft.truncate(draft.char_indices().nth(1000).unwrap().0);
    let ep = dir.join("40_原稿/第001話_はじまり.md");
    std::fs::write(&ep, format!("{draft}\n")).unwrap();
    let ledger = dir.join("50_管理資料/話数管理.yaml");
    let before = sha(&ledger);

    let o = run(&dir, &["complete", "1"]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("完了できません（何も書き込んでいません）"),
        "{text}"
    );
    assert!(text.contains("が目標 2,000〜6,000 字の外です"), "{text}");
    assert!(
        text.contains("noveler complete 1 --force"),
        "the way out is named: {text}"
    );
    assert_eq!(sha(&ledger), before);
    let publish = dir.join("50_管理資料/公開用/narou");
    assert!(!publish.exists(), "no publish text");

    let o = run(&dir, &["complete", "1", "--format", "json"]);
    assert_eq!(code(&o), 1);
    let r = &json(&o)["result"];
    let chars = r["length"]["body_chars"].as_u64().unwrap();
    assert!((700..1100).contains(&chars), "{chars}");
    let codes = r["quality"]["refusals"].to_string();
    assert!(codes.contains("\"length_out_of_range\""), "{r:#}");
    assert_eq!(r["completed"], false);

    let o = run(&dir, &["complete", "1", "--force", "--format", "json"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let r = &json(&o)["result"];
    assert_eq!(
        (r["completed"].clone(), r["forced"].clone()),
        (Value::Bool(true), Value::Bool(true))
    );
    assert_eq!(r["publication_status"], "needs_review");
    let entry: serde_yaml::Value =
        serde_yaml::from_str(&std::fs::read_to_string(&ledger).unwrap()).unwrap();
    let forced = entry["話数管理"][0]["強制完了"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(forced.contains("字足りません"), "{forced}");
}

// ---------------------------------------------------------------------------------------
// rollback

#[test]
fn a_failure_between_the_writes_leaves_every_file_as_it_was() {
    let dir = sample();
    let root = dir.path();
    // An earlier publish text exists, so both writes replace a file.
    let publish = root.join("50_管理資料/公開用/narou/第001話_潮墨の見習い.txt");
    std::fs::create_dir_all(publish.parent().unwrap()).unwrap();
    std::fs::write(&publish, "前の公開用テキスト\n").unwrap();
    let watched: Vec<PathBuf> = [
        "50_管理資料/話数管理.yaml",
        "50_管理資料/公開用/narou/第001話_潮墨の見習い.txt",
        "40_原稿/第001話_潮墨の見習い.md",
        "プロジェクト設定.yaml",
    ]
    .iter()
    .map(|p| root.join(p))
    .collect();
    let before: Vec<Option<String>> = watched.iter().map(|p| sha(p)).collect();
    let mut ctx = Ctx::new(root.to_path_buf());
    ctx.save = false;
    // The call's clock says noon of 2025-11-22, local time.
    let noon = chrono::NaiveDate::from_ymd_opt(2025, 11, 22)
        .and_then(|d| d.and_hms_opt(12, 0, 0))
        .and_then(|t| t.and_local_timezone(chrono::Local).earliest())
        .unwrap();
    ctx.clock = noveler::store::clock::Clock::fixed(noon.into());
    let narou = || CompleteRequest {
        episode: 1,
        format: Some(PublishFormat::Narou),
        ..Default::default()
    };
    for fail_at in [0usize, 1] {
        let mut calls = Vec::new();
        let err = complete::run_with(&ctx, narou(), &mut |i, rel| {
            calls.push(rel.to_string());
            if i == fail_at {
                Err(noveler::Error::new(
                    Code::U007,
                    "テストで注入した書き込み失敗",
                ))
            } else {
                Ok(())
            }
        })
        .unwrap_err();
        assert_eq!(err.code, Code::U007);
        assert_eq!(calls.len(), fail_at + 1);
        let after: Vec<Option<String>> = watched.iter().map(|p| sha(p)).collect();
        assert_eq!(after, before, "failure before write {fail_at}");
        assert!(
            !root.join(".noveler/artifacts").exists(),
            "no manifest stored"
        );
        assert_eq!(err.details.as_ref().unwrap()["rolled_back"], true);
    }
    // The same run without the failure goes through.
    let r = complete::run_with(&ctx, narou(), &mut |_, _| Ok(())).unwrap();
    assert!(r.completed);
    assert_ne!(sha(&publish), before[1]);
}

// ---------------------------------------------------------------------------------------
// status snapshots

fn redact_json(v: &mut Value) {
    if let Some(o) = v.as_object_mut() {
        for k in [
            "created_at",
            "execution_time_ms",
            "project_root",
            "noveler_version",
        ] {
            if o.contains_key(k) {
                o.insert(k.into(), Value::String(format!("[{k}]")));
            }
        }
    }
}

#[test]
fn status_json_and_table_of_the_sample_project() {
    let dir = sample();
    let o = run(dir.path(), &["status", "--format", "json", "--no-save"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let mut env = json(&o);
    redact_json(&mut env);
    insta::assert_json_snapshot!("status_json", env);

    let o = run(dir.path(), &["status", "--no-save"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    for line in text.lines() {
        assert!(
            unicode_width::UnicodeWidthStr::width(line) <= 80,
            "wider than 80 columns: {line}"
        );
    }
    insta::assert_snapshot!("status_table", text);
}

#[test]
fn status_table_aligns_long_japanese_titles() {
    let dir = sample();
    let root = dir.path();
    std::fs::rename(
        root.join("40_原稿/第003話_迷い潮の夜.md"),
        root.join("40_原稿/第003話_迷い潮の夜にすべての線がひとつに結ばれるまでの長い長い話.md"),
    )
    .unwrap();
    // Titles come from the ledger first: drop episode 3 from it.
    std::fs::write(root.join("50_管理資料/話数管理.yaml"), "話数管理: []\n").unwrap();
    let text = stdout(&run(root, &["status", "--no-save"]));
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("   ") && l.contains("下書き"))
        .collect();
    assert_eq!(rows.len(), 3, "{text}");
    assert!(rows[2].contains('…'), "{}", rows[2]);
    // The score column ends at the same display column in every row.
    let col = |l: &str| {
        let idx = l.find("下書き").unwrap();
        unicode_width::UnicodeWidthStr::width(&l[..idx])
    };
    assert_eq!(col(rows[0]), col(rows[2]));
    assert_eq!(col(rows[1]), col(rows[2]));
}

// ---------------------------------------------------------------------------------------
// conversions

#[test]
fn conversions_match_the_pinned_fixtures() {
    let dir = manifest().join("fixtures/publish");
    let input = std::fs::read_to_string(dir.join("第007話_青い線.md")).unwrap();
    for (format, name) in [
        (PublishFormat::Narou, "expected_narou.txt"),
        (PublishFormat::Kakuyomu, "expected_kakuyomu.txt"),
        (PublishFormat::Plain, "expected_plain.txt"),
    ] {
        let expected = std::fs::read_to_string(dir.join(name)).unwrap();
        let got = publish_text(&input, format);
        assert_eq!(got.text, expected, "{name}");
        assert_eq!(got.ruby, 4, "{name}");
        assert_eq!(got.emphasis, 3, "{name}");
    }
    // Only なろう cannot show the 15-character ruby.
    assert_eq!(publish_text(&input, PublishFormat::Narou).warnings.len(), 1);
    // CRLF and a BOM give the same text once decoded the way manuscripts are.
    let crlf = format!("\u{feff}{}", input.replace('\n', "\r\n"));
    let decoded = noveler::store::text::decode(Path::new("x.md"), crlf.as_bytes()).unwrap();
    assert_eq!(
        publish_text(&decoded.text, PublishFormat::Kakuyomu).text,
        std::fs::read_to_string(dir.join("expected_kakuyomu.txt")).unwrap()
    );
}

// ---------------------------------------------------------------------------------------
// HTML report

/// Checks that every element is closed in order (void elements and `/>` excepted) and
/// returns the start tags seen, in order.
fn balanced_tags(html: &str) -> Vec<String> {
    const VOID: &[&str] = &["meta", "br", "img", "input", "link", "hr", "col", "wbr"];
    let mut stack: Vec<String> = Vec::new();
    let mut seen = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        rest = &rest[i + 1..];
        let end = rest.find('>').expect("unterminated tag");
        let tag = &rest[..end];
        rest = &rest[end + 1..];
        if tag.starts_with('!') {
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack
                .pop()
                .unwrap_or_else(|| panic!("</{name}> closes nothing"));
            assert_eq!(open, name.trim(), "mismatched </{name}>");
            continue;
        }
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        assert!(!name.is_empty(), "bad tag <{tag}>");
        seen.push(name.clone());
        if tag.ends_with('/') || VOID.contains(&name.as_str()) {
            continue;
        }
        stack.push(name);
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
    seen
}

fn assert_self_contained(html: &str) {
    let lower = html.to_lowercase();
    for bad in [
        "<script", "http:", "https:", "src=", "href=", "url(", "@import", "//",
    ] {
        assert!(!lower.contains(bad), "found {bad:?}");
    }
}

#[test]
fn html_report_is_self_contained_with_every_chart() {
    let dir = sample();
    let html_report = |out: &str| {
        run(
            dir.path(),
            &["status", "--no-save", "--report", "html", "-o", out],
        )
    };
    let o = html_report("temp/report.html");
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("レポート: temp/report.html"));
    let html = std::fs::read_to_string(dir.path().join("temp/report.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    let tags = balanced_tags(&html);
    assert_eq!(tags.iter().filter(|t| *t == "svg").count(), 6);
    for id in noveler::output::report_html::CHART_IDS {
        assert!(html.contains(&format!("<svg id=\"{id}\"")), "{id} missing");
    }
    assert_self_contained(&html);
    assert!(html.contains("潮墨の地図師"));
    assert!(html.contains("迷い潮の夜"));
    // Three length bars (one per episode) with their tooltips.
    assert_eq!(html.matches("字</title></rect>").count(), 3);

    // A report of an empty project still has every chart (saying there is no data), and
    // text from the project is escaped.
    let empty = tempfile::tempdir().unwrap();
    std::fs::write(
        empty.path().join("プロジェクト設定.yaml"),
        "プロジェクト名: \"<b>A&B</b>\"\n",
    )
    .unwrap();
    let o = run(empty.path(), &["status", "--no-save", "--report", "html"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let html = std::fs::read_to_string(empty.path().join("temp/status_report.html")).unwrap();
    let tags = balanced_tags(&html);
    assert_eq!(tags.iter().filter(|t| *t == "svg").count(), 6);
    assert!(!tags.contains(&"b".to_string()));
    assert!(html.contains("&lt;b&gt;A&amp;B&lt;/b&gt;"));
    assert_self_contained(&html);

    // Outside the project the report is written where asked (SPEC §8 "Paths": the CLI
    // serves the person at the keyboard; MCP stays confined).
    let elsewhere = tempfile::tempdir().unwrap();
    let target = elsewhere.path().join("report.html");
    let o = html_report(target.to_str().unwrap());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(target.is_file());
}

/// Suppression comments (Markdown and the Aozora form for `.txt`) and author's HTML
/// comments never reach a publish text, in any format.
#[test]
fn suppression_comments_never_reach_the_publish_text() {
    let text = "<!-- noveler-disable-next-line INDENT_MISSING -->\n字下げなしの行。\n<!--\n作者メモ\n-->\n［＃noveler-disable KANJI_RUN］\n　本文。\n［＃noveler-enable］\n";
    for format in [
        PublishFormat::Narou,
        PublishFormat::Kakuyomu,
        PublishFormat::Plain,
    ] {
        let out = publish_text(text, format).text;
        assert_eq!(out, "字下げなしの行。\n　本文。\n", "{format:?}");
    }
}
