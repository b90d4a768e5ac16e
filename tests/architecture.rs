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
