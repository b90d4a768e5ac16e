//! Proves the word lists of the slip rules (issue 30) before they ship:
//!
//!     cargo run --release --example lexicon_hits -- examples
//!         every entry of homophones.tsv, idioms.tsv and misuses.tsv fires on its own example
//!         sentence (printing the analyser's words of the ones that do not);
//!     cargo run --release --example lexicon_hits -- files PATH...
//!         every finding of HOMOPHONE_MISCONVERSION, IDIOM_MISUSE, WORD_MISUSE,
//!         OKURIGANA_ERROR and REDUNDANT_EXPRESSION on the files (directories walked for .txt and .md), under both
//!         presets, with its line, for a person to read: on correct text (the corpus, the
//!         sample project, the clean fixture) every one of them is a false alarm;
//!     cargo run --release --example lexicon_hits -- words TEXT...
//!         the analyser's words of each TEXT (surface[品詞,細分類=原形]).
use noveler::analysis::dictionaries::collocation_lists;
use noveler::analysis::morph::Words;
use noveler::analysis::settings::{Preset, TypoEntry};
use noveler::analysis::{Document, Settings};
use std::path::{Path, PathBuf};
use std::sync::Arc;

const CODES: [&str; 5] = [
    "HOMOPHONE_MISCONVERSION",
    "IDIOM_MISUSE",
    "WORD_MISUSE",
    "OKURIGANA_ERROR",
    "REDUNDANT_EXPRESSION",
];

fn words(text: &str) -> String {
    let lex = noveler::store::dictionary::lexicon().expect("dictionary");
    let text = format!("{text}\n");
    let doc = Document::parse(&text);
    let words = Words::new(&doc, Some(lex));
    let mut out = Vec::new();
    for pw in words.paragraphs() {
        let t = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
        for tok in &pw.tokens {
            let s = tok.surface(t);
            let base = if tok.base() == s {
                String::new()
            } else {
                format!("={}", tok.base())
            };
            out.push(format!("{s}[{},{}{base}]", tok.pos(0), tok.pos(1)));
        }
    }
    out.join(" ")
}

/// Settings with every slip list empty but `name`, which holds `list`.
fn only(name: &str, list: Vec<TypoEntry>) -> Settings {
    let mut s = Settings::default();
    for (n, field) in [
        ("homophones", &mut s.homophones),
        ("idioms", &mut s.idioms),
        ("word_misuses", &mut s.word_misuses),
    ] {
        *field = Arc::new(if n == name { list.clone() } else { Vec::new() });
    }
    s
}

fn examples() -> bool {
    let mut ok = true;
    for (name, list, extras) in collocation_lists() {
        let code = match name {
            "homophones" => CODES[0],
            "idioms" => CODES[1],
            _ => CODES[2],
        };
        let mut failed = 0;
        for (e, x) in list.iter().zip(&extras) {
            let settings = only(name, vec![e.clone()]);
            let text = format!("　{}\n", x.example);
            let a = noveler::store::dictionary::analyze(&text, "x.md", &settings).expect("analyze");
            if !a.findings.iter().any(|f| f.code == code) {
                failed += 1;
                println!(
                    "{name}: {}\t{}\tdoes not fire on: {}\n    {}",
                    e.wrong,
                    e.right,
                    x.example,
                    words(&x.example)
                );
            }
        }
        println!(
            "{name}: {} entries, {failed} examples do not fire",
            list.len()
        );
        ok &= failed == 0;
    }
    ok
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        entries.sort();
        for p in entries {
            collect(&p, out);
        }
    } else if path.extension().is_some_and(|e| e == "txt" || e == "md") {
        out.push(path.to_path_buf());
    }
}

fn files(paths: &[String]) {
    let mut all = Vec::new();
    for p in paths {
        collect(Path::new(p), &mut all);
    }
    let mut chars = 0;
    let mut counts = [[0usize; 5]; 2];
    for file in &all {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        chars += text.chars().count();
        let lines: Vec<&str> = text.lines().collect();
        for (k, preset) in [Preset::Narou, Preset::Literary].into_iter().enumerate() {
            let settings = Settings {
                preset: preset.as_str().to_string(),
                preset_explicit: true,
                ..Settings::default()
            };
            let a = noveler::store::dictionary::analyze(&text, &file.to_string_lossy(), &settings)
                .expect("analyze");
            for f in a
                .findings
                .iter()
                .filter(|f| CODES.contains(&f.code.as_str()))
            {
                let c = CODES.iter().position(|c| *c == f.code).unwrap_or(0);
                counts[k][c] += 1;
                if k == 0 || f.code != "OKURIGANA_ERROR" {
                    let line = lines.get(f.line - 1).copied().unwrap_or_default();
                    let line: String = line.chars().take(120).collect();
                    println!(
                        "[{}] {}:{} {} {}\n    {line}",
                        preset.as_str(),
                        file.display(),
                        f.line,
                        f.code,
                        f.message
                    );
                }
            }
        }
    }
    println!("{} files, {chars} chars", all.len());
    for (k, name) in ["narou", "literary"].iter().enumerate() {
        for (c, code) in CODES.iter().enumerate() {
            let per10k = counts[k][c] as f64 * 10_000.0 / chars.max(1) as f64;
            println!(
                "{name} {code}: {} findings, {per10k:.3} per 10k chars",
                counts[k][c]
            );
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("examples") => std::process::exit(if examples() { 0 } else { 1 }),
        Some("files") => files(&args[1..]),
        Some("words") => args[1..].iter().for_each(|t| println!("{}", words(t))),
        _ => {
            eprintln!("usage: lexicon_hits examples | files PATH... | words TEXT...");
            std::process::exit(2);
        }
    }
}
