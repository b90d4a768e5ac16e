//! Voices, quotations, web-novel furniture and structure (issue 31), through the binary.
//!
//! - `fixtures/voices/*.txt|md` under `--preset narou`: the planted slips of
//!   POLITE_STYLE_MIXED fire and nothing else of it does (a letter quoted over chapters, a
//!   notebook, letters and a testament are voices of their own); a multi-paragraph quotation
//!   is no BRACKETS_MISMATCH; runs stop at headings, scene breaks, dialogue and furniture.
//! - `fixtures/voices/clean.md`: clean web-novel passages with status windows, system lines,
//!   headings, letters and dialogue raise nothing beyond whole-episode metrics.
//! - The preset each file was checked with is reported, with its reason, in JSON and text.

use serde_json::Value;

mod common;
use common::{json, manifest, run_cached as noveler};

/// `(code, excerpt, flagged text)` of every finding of a fixture of `fixtures/voices`, checked
/// with `args` added.
fn findings(name: &str, args: &[&str]) -> Vec<(String, String, String)> {
    let path = manifest().join("fixtures/voices").join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut all = vec![
        "check",
        path.to_str().unwrap(),
        "--format",
        "json",
        "--no-save",
        "--no-cache",
    ];
    all.extend(args);
    let out = noveler(manifest(), &all);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
    let v = json(&out);
    v["result"]["files"][0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let s = |k: &str| f[k].as_str().unwrap_or_default().to_string();
            let (a, b) = (
                f["byte_start"].as_u64().unwrap() as usize,
                f["byte_end"].as_u64().unwrap() as usize,
            );
            (s("code"), s("excerpt"), text[a..b].to_string())
        })
        .collect()
}

fn flagged<'a>(found: &'a [(String, String, String)], code: &str) -> Vec<&'a str> {
    found
        .iter()
        .filter(|f| f.0 == code)
        .map(|f| f.2.as_str())
        .collect()
}

#[test]
fn a_letter_quoted_over_chapters_is_its_own_voice() {
    let found = findings("letter_chapters.txt", &["--preset", "narou"]);
    // The two planted slips, one in the narration and one in the letter; nothing else.
    assert_eq!(
        flagged(&found, "POLITE_STYLE_MIXED"),
        ["眠れませんでした", "できなかった"],
        "{found:?}"
    );
    // Each chapter of the letter reopens 「 and only the last closes it: no mismatch.
    assert!(flagged(&found, "BRACKETS_MISMATCH").is_empty(), "{found:?}");
    // The same under the literary preset the Aozora frame selects.
    let found = findings("letter_chapters.txt", &[]);
    assert!(flagged(&found, "BRACKETS_MISMATCH").is_empty(), "{found:?}");
}

#[test]
fn a_notebook_letters_and_a_testament_are_voices_of_their_own() {
    let found = findings("diary_and_testament.txt", &["--preset", "narou"]);
    let polite = flagged(&found, "POLITE_STYLE_MIXED");
    // The planted slip in the last chapter's narration fires.
    assert!(polite.contains(&"思います"), "{found:?}");
    // The letter in the notebook and the chapter of letters raise nothing; the testament,
    // which mixes registers throughout, at most once.
    assert!(polite.len() <= 2, "{polite:?}");
    assert!(flagged(&found, "BRACKETS_MISMATCH").is_empty(), "{found:?}");
}

#[test]
fn web_novel_furniture_and_structure_are_not_prose() {
    let found = findings("episode_furniture.md", &[]);
    // The planted slip fires; the system lines (《…しました》) and the polite letter in 『』
    // over several paragraphs are other voices.
    assert_eq!(
        flagged(&found, "POLITE_STYLE_MIXED"),
        ["納めました"],
        "{found:?}"
    );
    // The letter's 『 and 』 are one quotation; the status window's lines are not a run of
    // short sentences; a heading, the system lines and a line of dialogue each end a run
    // of た.
    for code in [
        "BRACKETS_MISMATCH",
        "CONSECUTIVE_SHORT_SENTENCES",
        "ENDING_REPETITION",
        "INDENT_MISSING",
    ] {
        assert!(flagged(&found, code).is_empty(), "{code}: {found:?}");
    }
    // Without the structure the same sentences are runs: the heading and the furniture
    // removed, the た-runs and the short run fire.
    let path = manifest().join("fixtures/voices/episode_furniture.md");
    let flat: String = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !(l.starts_with('《') || l.starts_with("第4話") || l.starts_with('「')))
        .map(|l| format!("{l}\n"))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("flat.md"), flat).unwrap();
    let out = noveler(
        dir.path(),
        &[
            "check",
            "flat.md",
            "--format",
            "json",
            "--no-save",
            "--no-cache",
        ],
    );
    let v = json(&out);
    let codes: Vec<&str> = v["result"]["files"][0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap())
        .collect();
    assert!(codes.contains(&"ENDING_REPETITION"), "{codes:?}");
}

/// Rules about a whole episode's shape, which a short passage may raise without a fault.
const WHOLE_EPISODE: &[&str] = &[
    "LENGTH_OUT_OF_RANGE",
    "DIALOGUE_RATIO_OUT_OF_RANGE",
    "COMMA_AVG_OUT_OF_RANGE",
    "WINDOW_OUT_OF_RANGE",
    "KANJI_RATIO_OUT_OF_RANGE",
    "HIGH_AVG_SENTENCE_LENGTH",
];

/// `## clean` blocks of `fixtures/voices/clean.md`, blank lines inside a passage kept.
fn clean_passages() -> Vec<String> {
    let text = std::fs::read_to_string(manifest().join("fixtures/voices/clean.md")).unwrap();
    let mut out: Vec<String> = Vec::new();
    let mut in_comment = false;
    for line in text.lines() {
        if line.starts_with("<!--") {
            in_comment = true;
        }
        if in_comment {
            in_comment = !line.ends_with("-->");
            continue;
        }
        if line.starts_with("## ") {
            out.push(String::new());
        } else if let Some(p) = out.last_mut() {
            p.push_str(line);
            p.push('\n');
        }
    }
    out.into_iter()
        .map(|p| p.trim_matches('\n').to_string() + "\n")
        .collect()
}

#[test]
fn clean_web_novel_passages_with_furniture_raise_nothing() {
    let passages = clean_passages();
    assert!(passages.len() >= 40, "{} passages", passages.len());
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".novelerrc.yaml"), "{}\n").unwrap();
    std::fs::create_dir(dir.path().join("p")).unwrap();
    for (i, p) in passages.iter().enumerate() {
        std::fs::write(dir.path().join(format!("p/p{i:03}.md")), p).unwrap();
    }
    let out = noveler(
        dir.path(),
        &["check", "p", "--format", "json", "--no-save", "--no-cache"],
    );
    let v = json(&out);
    let mut noise = Vec::new();
    for f in v["result"]["files"].as_array().unwrap() {
        for x in f["findings"].as_array().unwrap() {
            let code = x["code"].as_str().unwrap();
            if !WHOLE_EPISODE.contains(&code) {
                noise.push(format!(
                    "{} {code}: {} ({})",
                    f["path"].as_str().unwrap(),
                    x["message"].as_str().unwrap(),
                    x["excerpt"].as_str().unwrap()
                ));
            }
        }
    }
    assert!(
        noise.is_empty(),
        "{} findings on clean text:\n{}",
        noise.len(),
        noise.join("\n")
    );
}

#[test]
fn the_preset_and_its_reason_are_reported() {
    let run = |name: &str, args: &[&str]| -> Value {
        let path = manifest().join("fixtures/voices").join(name);
        let mut all = vec![
            "check",
            path.to_str().unwrap(),
            "--format",
            "json",
            "--no-save",
            "--no-cache",
        ];
        all.extend(args);
        json(&noveler(manifest(), &all))["result"]["files"][0]["preset"].clone()
    };
    let aozora = run("letter_chapters.txt", &[]);
    assert_eq!(aozora["name"], "literary");
    assert_eq!(aozora["reason"], "aozora_frame");
    let flag = run("letter_chapters.txt", &["--preset", "narou"]);
    assert_eq!(flag["name"], "narou");
    assert_eq!(flag["reason"], "flag");
    let plain = run("episode_furniture.md", &[]);
    assert_eq!(plain["name"], "narou");
    assert_eq!(plain["reason"], "default");
    // A config file's choice.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".novelerrc.yaml"), "preset: literary\n").unwrap();
    std::fs::copy(
        manifest().join("fixtures/voices/episode_furniture.md"),
        dir.path().join("ep.md"),
    )
    .unwrap();
    let v = json(&noveler(
        dir.path(),
        &[
            "check",
            "ep.md",
            "--format",
            "json",
            "--no-save",
            "--no-cache",
        ],
    ));
    let p = &v["result"]["files"][0]["preset"];
    assert_eq!(
        (p["name"].as_str(), p["reason"].as_str()),
        (Some("literary"), Some("config"))
    );
    // The text output names it.
    let path = manifest().join("fixtures/voices/letter_chapters.txt");
    let out = noveler(
        manifest(),
        &[
            "check",
            path.to_str().unwrap(),
            "--no-save",
            "--no-cache",
            "--color",
            "never",
        ],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("プリセット literary（青空文庫の書式を検出）"),
        "{text}"
    );
}
