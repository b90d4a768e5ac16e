//! The language rules (issue 14) through the real binary.
//!
//! - Every planted problem in fixtures/language/planted.md raises its code; no clean passage
//!   in clean.md raises anything beyond whole-episode metrics. Each passage is one file of a
//!   temp dir, and one `noveler check DIR --format json` run checks them all, as an author's
//!   `noveler check` would.
//! - Every path that analyses text reads words: on a copy of the sample with a planted 見れる,
//!   `check` lists RA_NUKI, `polish N --level standard --apply` fixes it, and progressive step
//!   2 lists it.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

mod common;
use common::{copy_dir, json, manifest, run_cached as noveler};

/// `(heading, passage)` blocks ("## HEADING" then the passage) of the fixture files named
/// `{kind}.md` or `{kind}_*.md` (planted_slips.md holds the slip rules' own), in name order.
fn blocks(kind: &str) -> Vec<(String, String)> {
    let dir = manifest().join("fixtures/language");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("fixtures/language")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| {
            n == &format!("{kind}.md") || n.starts_with(&format!("{kind}_")) && n.ends_with(".md")
        })
        .collect();
    names.sort();
    let mut out: Vec<(String, String)> = Vec::new();
    for name in names {
        let text = std::fs::read_to_string(dir.join(name)).expect("fixture");
        // Lines before a file's first heading (its comment) belong to no passage.
        let mut file: Vec<(String, String)> = Vec::new();
        for line in text.lines() {
            if let Some(h) = line.strip_prefix("## ") {
                file.push((h.trim().to_string(), String::new()));
            } else if let Some((_, body)) = file.last_mut() {
                if !line.trim().is_empty() {
                    body.push_str(line);
                    body.push('\n');
                }
            }
        }
        out.extend(file);
    }
    out
}

/// Writes each passage as its own file `p000.md`, … under a temp dir (with `rc` as its
/// `.novelerrc.yaml`), checks them in one run, and returns each passage's findings as
/// `(code, message, excerpt)`, in passage order.
fn check_passages(passages: &[String], rc: &str) -> Vec<Vec<(String, String, String)>> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".novelerrc.yaml"), rc).unwrap();
    std::fs::create_dir(dir.path().join("p")).unwrap();
    for (i, p) in passages.iter().enumerate() {
        std::fs::write(dir.path().join(format!("p/p{i:03}.md")), p).unwrap();
    }
    let out = noveler(
        dir.path(),
        &["check", "p", "--format", "json", "--no-save", "--no-cache"],
    );
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    let mut by_file: BTreeMap<String, Vec<(String, String, String)>> = BTreeMap::new();
    for f in v["result"]["files"].as_array().expect("files") {
        let path = f["path"].as_str().unwrap();
        let name = Path::new(path).file_stem().unwrap().to_str().unwrap();
        let found = f["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| {
                let s = |k: &str| x[k].as_str().unwrap_or_default().to_string();
                (s("code"), s("message"), s("excerpt"))
            })
            .collect();
        by_file.insert(name.to_string(), found);
    }
    (0..passages.len())
        .map(|i| {
            by_file
                .remove(&format!("p{i:03}"))
                .unwrap_or_else(|| panic!("passage {i} was not checked"))
        })
        .collect()
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

#[test]
fn every_planted_problem_is_caught() {
    let planted = blocks("planted");
    assert!(planted.len() >= 60, "{} passages", planted.len());
    // Opt-in rules are planted too: they must fire once an author switches them on.
    let switched_on: Vec<String> = noveler::analysis::settings::OPT_IN_RULES
        .iter()
        .map(|code| format!("{code}: {{enabled: true}}"))
        .collect();
    let rc = format!("rules: {{{}}}\n", switched_on.join(", "));
    let texts: Vec<String> = planted.iter().map(|(_, p)| p.clone()).collect();
    let found = check_passages(&texts, &rc);
    let mut missed = Vec::new();
    for ((code, passage), got) in planted.iter().zip(&found) {
        if !got.iter().any(|(c, _, _)| c == code) {
            let codes: Vec<&str> = got.iter().map(|(c, _, _)| c.as_str()).collect();
            missed.push(format!("{code}: {passage:?} gave {codes:?}"));
        }
    }
    assert!(missed.is_empty(), "missed:\n{}", missed.join("\n"));
}

#[test]
fn clean_passages_raise_nothing_beyond_whole_episode_metrics() {
    let clean = blocks("clean");
    assert!(clean.len() >= 60, "{} passages", clean.len());
    let texts: Vec<String> = clean.iter().map(|(_, p)| p.clone()).collect();
    let found = check_passages(&texts, "{}\n");
    let mut noise = Vec::new();
    for (passage, got) in texts.iter().zip(&found) {
        for (code, message, excerpt) in got {
            if !WHOLE_EPISODE.contains(&code.as_str()) {
                let first = passage.lines().next().unwrap_or_default();
                noise.push(format!("{code}: {message} ({excerpt}) in {first}…"));
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

/// Episode 1 of a fresh copy of the sample with 見れる planted in its first narration line.
fn sample_with_ra_nuki() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&manifest().join("fixtures/sample_project"), dir.path());
    let ep = std::fs::read_dir(dir.path().join("40_原稿"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().contains("第001話"))
        .expect("episode 1");
    let text = std::fs::read_to_string(&ep).unwrap();
    let planted = "　丘の上からなら、港の灯りがよく見れる。\n";
    let at = text
        .lines()
        .scan(0, |pos, l| {
            let start = *pos;
            *pos += l.len() + 1;
            Some((start, l))
        })
        .find(|(_, l)| l.starts_with('　'))
        .map(|(start, _)| start)
        .expect("a narration line");
    let mut out = text.clone();
    out.insert_str(at, planted);
    std::fs::write(&ep, out).unwrap();
    (dir, ep)
}

fn codes_of(findings: &Value) -> Vec<String> {
    findings
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|f| f["code"].as_str().map(str::to_string))
        .collect()
}

#[test]
fn check_polish_and_the_progressive_step_all_read_words() {
    let (dir, ep) = sample_with_ra_nuki();
    let root = dir.path();
    let out = noveler(root, &["check", "1", "--format", "json", "--no-save"]);
    let v = json(&out);
    let listed = codes_of(&v["result"]["files"][0]["findings"]);
    assert!(listed.iter().any(|c| c == "RA_NUKI"), "check: {listed:?}");

    // Progressive step 2 (grammar and notation) lists it too.
    let out = noveler(
        root,
        &[
            "check",
            "progressive",
            "1",
            "step",
            "2",
            "--format",
            "json",
            "--no-save",
        ],
    );
    let v = json(&out);
    let issues = codes_of(&v["result"]["issues"]);
    assert!(issues.iter().any(|c| c == "RA_NUKI"), "step 2: {issues:?}");

    // A plain polish at the standard level fixes it.
    let out = noveler(
        root,
        &["polish", "1", "--level", "standard", "--apply", "--no-save"],
    );
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&ep).unwrap();
    assert!(text.contains("よく見られる。"), "not fixed");
    assert!(!text.contains("見れる"), "still ら抜き");
    let out = noveler(root, &["check", "1", "--format", "json", "--no-save"]);
    let left = codes_of(&json(&out)["result"]["files"][0]["findings"]);
    assert!(
        !left.iter().any(|c| c == "RA_NUKI"),
        "after polish: {left:?}"
    );
}
