//! The language rules (issue 14) on the fixture passages: every planted problem in
//! fixtures/language/planted.md raises its code; no clean passage in clean.md raises a
//! language rule or any other finding beyond whole-episode metrics.

use noveler::analysis::{analyze_with, Settings};
use std::path::Path;

/// `(heading, passage)` blocks of a fixture file ("## HEADING" then the passage).
fn blocks(name: &str) -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/language")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("fixture");
    let mut out: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            out.push((h.trim().to_string(), String::new()));
        } else if let Some((_, body)) = out.last_mut() {
            if !line.trim().is_empty() {
                body.push_str(line);
                body.push('\n');
            }
        }
    }
    out
}

fn lexicon() -> &'static noveler::analysis::morph::Lexicon {
    // The unpacked dictionary is cached under the test target dir, not the user's cache.
    std::env::set_var("NOVELER_CACHE_DIR", env!("CARGO_TARGET_TMPDIR"));
    noveler::store::dictionary::lexicon().expect("embedded dictionary")
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
    let lex = lexicon();
    // Opt-in rules are planted too: they must fire once an author switches them on.
    let mut settings = Settings::default();
    for code in noveler::analysis::settings::OPT_IN_RULES {
        settings
            .rules
            .entry((*code).to_string())
            .or_default()
            .enabled = Some(true);
    }
    let planted = blocks("planted.md");
    assert!(planted.len() >= 40, "{} passages", planted.len());
    let mut missed = Vec::new();
    for (code, passage) in &planted {
        let a = analyze_with(passage, "planted.md", &settings, Some(lex));
        if !a.findings.iter().any(|f| &f.code == code) {
            let got: Vec<&str> = a.findings.iter().map(|f| f.code.as_str()).collect();
            missed.push(format!("{code}: {passage:?} gave {got:?}"));
        }
    }
    assert!(missed.is_empty(), "missed:\n{}", missed.join("\n"));
}

#[test]
fn clean_passages_raise_nothing_beyond_whole_episode_metrics() {
    let lex = lexicon();
    let settings = Settings::default();
    let clean = blocks("clean.md");
    assert!(clean.len() >= 10, "{} passages", clean.len());
    let mut noise = Vec::new();
    for (_, passage) in &clean {
        let a = analyze_with(passage, "clean.md", &settings, Some(lex));
        for f in &a.findings {
            if !WHOLE_EPISODE.contains(&f.code.as_str()) {
                noise.push(format!("{}: {} ({})", f.code, f.message, f.excerpt));
            }
        }
    }
    assert!(
        noise.is_empty(),
        "findings on clean text:\n{}",
        noise.join("\n")
    );
}
