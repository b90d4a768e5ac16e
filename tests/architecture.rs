//! Keeps the layering of ARCHITECTURE.md honest: the analysis core stays pure.

use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src dir") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn analysis_has_no_io_clock_env_threads_or_printing() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/analysis");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(!files.is_empty());
    let forbidden = [
        "std::fs",
        "std::env",
        "std::net",
        "std::process",
        "SystemTime",
        "Instant::",
        "rayon",
        "println!",
        "eprintln!",
        "crate::store",
        "crate::project",
        "crate::commands",
        "crate::cli",
        "crate::mcp",
        "crate::output",
        "crate::workflow",
    ];
    let mut violations = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read source");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in forbidden {
                if code.contains(word) {
                    violations.push(format!("{}:{}: {word}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        violations.is_empty(),
        "the analysis core must stay pure:\n{}",
        violations.join("\n")
    );
}

/// Lines of the Rust files under `src/<dir>` whose code (comments aside) names one of `words`.
fn uses_of(dir: &str, words: &[&str]) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(dir);
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(!files.is_empty(), "no sources under src/{dir}");
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read source");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in words {
                if code.contains(word) {
                    found.push(format!("{}:{}: {word}", file.display(), n + 1));
                }
            }
        }
    }
    found
}

#[test]
fn workflow_does_not_call_the_layers_above_it() {
    // commands use workflow, never the other way round: what a stage needs from a verb
    // (the manuscript's safe write and check) is passed in (`workflow::io::ManuscriptOps`).
    let violations = uses_of(
        "workflow",
        &[
            "crate::commands",
            "super::commands",
            "crate::cli",
            "crate::mcp",
            "crate::output",
        ],
    );
    assert!(
        violations.is_empty(),
        "workflow must not use commands, cli, mcp or output:\n{}",
        violations.join("\n")
    );
}
