//! Keeps the layering of ARCHITECTURE.md honest: the analysis core stays pure, every layer
//! names only the layers below it, and no verb names another verb.

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

/// The parts of `std` the analysis core may name: data, text, arithmetic, sharing. The rest
/// (`fs`, `env`, `io`, `net`, `process`, `thread`, `time`, `os`, `path`…) is the world
/// outside the text.
const PURE_STD: &[&str] = &[
    "alloc",
    "any",
    "array",
    "borrow",
    "boxed",
    "cell",
    "char",
    "cmp",
    "collections",
    "convert",
    "default",
    "f32",
    "f64",
    "fmt",
    "hash",
    "hint",
    "iter",
    "marker",
    "mem",
    "num",
    "ops",
    "option",
    "rc",
    "result",
    "slice",
    "str",
    "string",
    "sync",
    "u8",
    "u16",
    "u32",
    "u64",
    "usize",
    "vec",
];

/// Text that names I/O, a clock, the environment, printing, a thread or a layer above,
/// however it is spelled: a word of this list anywhere in the code.
const IMPURE_WORDS: &[&str] = &[
    "println!",
    "print!",
    "eprintln!",
    "eprint!",
    "dbg!",
    "::now(",
    ".exists()",
    ".try_exists()",
    ".is_file()",
    ".is_dir()",
    ".is_symlink()",
    ".metadata()",
    ".symlink_metadata()",
    ".read_dir()",
    ".read_link()",
    ".canonicalize()",
    "rustix::",
    "libc::",
    "nix::",
    "fs4::",
    "fd_lock::",
    "tempfile::",
    "memmap2::",
    "ignore::",
    "chrono::",
    "extern crate",
    "crate::store",
    "crate::project",
    "crate::operations",
    "crate::commands",
    "crate::workflow",
    "crate::output",
    "crate::cli",
    "crate::mcp",
    "crate::lsp",
];

/// Where `text` (one file of the analysis core) is not pure, one line per finding. Every
/// `std::` path is resolved to its module, through groups (`use std::{fs, io::{stdout}}`)
/// and renames (`use std::fs as disk`): only `PURE_STD` passes.
fn impurities(text: &str) -> Vec<String> {
    let code = code_of(text);
    let mut found = Vec::new();
    for (n, line) in code.lines().enumerate() {
        for word in IMPURE_WORDS {
            if line.contains(word) {
                found.push(format!("{}: {word}", n + 1));
            }
        }
    }
    let bytes = code.as_bytes();
    for kw in ["std::", "core::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(kw) {
            let at = from + i;
            from = at + kw.len();
            if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
                continue; // zstd::, my_std::
            }
            let line = code[..at].matches('\n').count() + 1;
            let rest = &code[from..];
            let mut heads = Vec::new();
            if let Some(group) = rest.strip_prefix('{') {
                let (mut depth, mut start) = (0, true);
                for (k, c) in group.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => start = true,
                        c if start && !c.is_whitespace() => {
                            start = false;
                            heads.extend(ident_at(&group[k..]));
                        }
                        _ => {}
                    }
                }
            } else {
                heads.extend(ident_at(rest));
            }
            for head in heads {
                if !PURE_STD.contains(&head) {
                    found.push(format!("{line}: {kw}{head}"));
                }
            }
        }
    }
    // `std` under another name would hide every path from the scan above.
    for (n, line) in code.lines().enumerate() {
        let l = line.trim_start();
        if (l.starts_with("use ::std") || l.starts_with("use std")) && l.contains(" as ") {
            let renamed_crate = l
                .trim_start_matches("use ")
                .trim_start_matches("::")
                .starts_with("std as ");
            if renamed_crate {
                found.push(format!("{}: std renamed", n + 1));
            }
        }
    }
    found
}

#[test]
fn analysis_has_no_io_clock_env_threads_or_printing() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/analysis");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(!files.is_empty());
    let mut violations = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read source");
        for v in impurities(&text) {
            violations.push(format!("{}:{v}", file.display()));
        }
    }
    assert!(
        violations.is_empty(),
        "the analysis core must stay pure (tests/architecture.rs PURE_STD, IMPURE_WORDS; clippy.toml):\n{}",
        violations.join("\n")
    );
}

/// Issue 29's sixteen planted violations, each of which the scan must report; seven of
/// them passed the earlier word list (a group, a rename, a method, a thread, rustix).
#[test]
fn the_purity_scan_catches_every_planted_violation() {
    let planted = [
        "let t = std::fs::read_to_string(p);",
        "use std::{fs};\nfn f() { fs::read_dir(p); }",
        "fn f(p: &Path) -> bool { p.exists() }",
        "std::thread::spawn(|| {});",
        "use std::fs::{write};",
        "use std::fs as disk;",
        "let fd = rustix::fs::open(p, OFlags::RDONLY, Mode::empty());",
        "use std::io::{stdout};",
        "let v = std::env::var(\"HOME\");",
        "use std::time::SystemTime;",
        "let t = Instant::now();",
        "println!(\"{x}\");",
        "eprintln!(\"{x}\");",
        "use std::{collections::HashMap, process::Command};",
        "use std::net::TcpStream;",
        "use crate::store::cache::Cache;",
    ];
    let missed: Vec<&str> = planted
        .iter()
        .copied()
        .filter(|p| impurities(p).is_empty())
        .collect();
    assert!(missed.is_empty(), "not caught: {missed:#?}");
    let clean = [
        "use std::sync::{Arc, OnceLock};\nuse std::collections::BTreeMap;",
        "// std::fs::read_to_string(p) would not be pure",
        "let words = zstd::decode_all(bytes)?;",
        "use std::ops::Range;\nlet r: std::ops::Range<usize> = 0..1;",
        "let n = rayon::current_num_threads();",
    ];
    for c in clean {
        assert!(impurities(c).is_empty(), "{c}: {:?}", impurities(c));
    }
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
    // commands use workflow, never the other way round: what a stage shares with the verbs
    // (the manuscript's safe write and check) is an operation below both.
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

// ---------------------------------------------------------------------------------------
// The whole dependency table (issue 17 item 1, issue 29): `cli`/`mcp` → `commands` →
// `workflow` → `operations` → `project`/`store` → `analysis`, nothing upward, and no verb
// naming another verb: what two verbs share is an operation (or `commands::common`).

/// For each layer (a top-level module of the crate), the top-level modules its code may
/// name. `error` (and the root's re-exports `Code`, `Error`, `Result`, `VERSION`) is
/// everyone's.
const LAYERS: &[(&str, &[&str])] = &[
    ("analysis", &[]),
    ("store", &["analysis"]),
    ("project", &["store", "analysis"]),
    ("todo", &["store"]),
    ("operations", &["project", "store", "analysis"]),
    ("workflow", &["operations", "project", "store", "analysis"]),
    (
        "commands",
        &[
            "workflow",
            "operations",
            "project",
            "store",
            "todo",
            "analysis",
        ],
    ),
    (
        "output",
        &[
            "commands",
            "workflow",
            "operations",
            "project",
            "store",
            "analysis",
        ],
    ),
    (
        "mcp",
        &[
            "commands",
            "output",
            "workflow",
            "operations",
            "project",
            "store",
            "todo",
            "analysis",
        ],
    ),
    // The language server: an adapter like `mcp`, never using `cli` or `mcp`; it runs the
    // operations, never a verb (`ADAPTERS_WITHOUT_VERBS`).
    (
        "lsp",
        &["commands", "operations", "project", "store", "analysis"],
    ),
    // `cli` starts the servers (`noveler mcp`, `noveler lsp`) and hands MCP `cli::run_line`.
    (
        "cli",
        &[
            "mcp",
            "lsp",
            "commands",
            "output",
            "workflow",
            "operations",
            "project",
            "store",
            "todo",
            "analysis",
        ],
    ),
    ("error", &[]),
    // Next steps as data (`{tool, arguments}`), built anywhere, rendered by the adapters.
    ("next", &[]),
];

/// Modules under `commands` every verb may use besides its own.
const SHARED_VERB_MODULES: &[&str] = &["common"];

/// Layers that may name `commands` only for its `SHARED_VERB_MODULES`: the language server
/// checks and fixes with the operations the verbs run, not through a verb.
const ADAPTERS_WITHOUT_VERBS: &[&str] = &["lsp"];

/// The module path of a source file: `src/a/b/c.rs` → a::b::c, `src/a/b/mod.rs` → a::b.
fn module_of(rel: &str) -> Vec<String> {
    let rel = rel.strip_prefix("src/").unwrap_or(rel);
    let rel = rel.strip_suffix(".rs").unwrap_or(rel);
    let mut parts: Vec<String> = rel.split('/').map(str::to_string).collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
    {
        parts.pop();
    }
    parts
}

/// Source without comments (line comments; doc comments are line comments too).
fn code_of(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn ident_at(s: &str) -> Option<&str> {
    let end = s
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    (end > 0).then(|| &s[..end])
}

/// Every crate path the code names, resolved to absolute module paths (first two
/// segments), with its line: `crate::x::y`, `super::x`, `self::x`, `use crate::{a, b}`.
fn paths_named(module: &[String], code: &str) -> Vec<(usize, Vec<String>)> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    for kw in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(kw) {
            let at = from + i;
            from = at + kw.len();
            if at > 0
                && (bytes[at - 1].is_ascii_alphanumeric()
                    || bytes[at - 1] == b'_'
                    || bytes[at - 1] == b':')
            {
                continue;
            }
            let line = code[..at].matches('\n').count() + 1;
            let mut base: Vec<String> = match kw {
                "crate::" => Vec::new(),
                "super::" => module[..module.len().saturating_sub(1)].to_vec(),
                _ => module.to_vec(),
            };
            let mut rest = &code[from..];
            while let Some(r) = rest.strip_prefix("super::") {
                base.pop();
                rest = r;
            }
            let mut heads: Vec<&str> = Vec::new();
            if let Some(group) = rest.strip_prefix('{') {
                let mut depth = 0;
                let mut start = true;
                for (k, c) in group.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => start = true,
                        c if start && !c.is_whitespace() => {
                            start = false;
                            heads.extend(ident_at(&group[k..]));
                        }
                        _ => {}
                    }
                }
            } else {
                heads.extend(ident_at(rest));
            }
            for head in heads {
                let mut abs = base.clone();
                if head != "self" {
                    abs.push(head.to_string());
                }
                // One more segment, for the verb rule under `commands`.
                let tail = &rest[rest.find(head).map_or(0, |p| p + head.len())..];
                if let Some(next) = tail.strip_prefix("::").and_then(ident_at) {
                    abs.push(next.to_string());
                }
                out.push((line, abs));
            }
        }
    }
    out
}

/// Violations of the table in `files` (path relative to the crate, source text).
fn table_violations(files: &[(String, String)], verbs: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for (rel, text) in files {
        let module = module_of(rel);
        let Some(layer) = module.first().map(String::as_str) else {
            continue;
        };
        let Some((_, allowed)) = LAYERS.iter().find(|(l, _)| *l == layer) else {
            continue; // lib.rs / main.rs
        };
        let verb = (layer == "commands").then(|| module.get(1)).flatten();
        let verbless = ADAPTERS_WITHOUT_VERBS.contains(&layer);
        for (line, abs) in paths_named(&module, &code_of(text)) {
            let Some(top) = abs.first().map(String::as_str) else {
                continue;
            };
            let top = match top {
                "Code" | "Error" | "Result" | "VERSION" => "error",
                t => t,
            };
            let known = LAYERS.iter().any(|(l, _)| *l == top);
            if known && top != layer && !["error", "next"].contains(&top) && !allowed.contains(&top)
            {
                found.push(format!("{rel}:{line}: {layer} → {}", abs.join("::")));
                continue;
            }
            if let (true, "commands", Some(other)) = (verbless, top, abs.get(1)) {
                if !SHARED_VERB_MODULES.contains(&other.as_str()) {
                    found.push(format!(
                        "{rel}:{line}: {layer} → {} (a verb)",
                        abs.join("::")
                    ));
                }
            }
            if let (Some(verb), "commands", Some(other)) = (verb, top, abs.get(1)) {
                let is_verb = verbs.iter().any(|v| v == other);
                if is_verb && other != verb && !SHARED_VERB_MODULES.contains(&other.as_str()) {
                    found.push(format!(
                        "{rel}:{line}: commands::{verb} → {} (another verb)",
                        abs.join("::")
                    ));
                }
            }
        }
    }
    found
}

fn crate_sources() -> Vec<(String, String)> {
    let base = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&base.join("src"), &mut files);
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let rel = p
                .strip_prefix(base)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            (rel, std::fs::read_to_string(&p).expect("read source"))
        })
        .collect()
}

fn verb_modules() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/commands");
    let mut verbs: Vec<String> = std::fs::read_dir(dir)
        .expect("read src/commands")
        .map(|e| e.expect("dir entry").path())
        .filter_map(|p| {
            let name = p.file_stem()?.to_string_lossy().into_owned();
            (p.is_dir() || p.extension().is_some_and(|e| e == "rs")).then_some(name)
        })
        .filter(|n| n != "mod")
        .collect();
    verbs.sort();
    verbs
}

#[test]
fn every_layer_imports_only_what_the_table_allows() {
    let violations = table_violations(&crate_sources(), &verb_modules());
    assert!(
        violations.is_empty(),
        "imports against the dependency table (tests/architecture.rs LAYERS; a verb never names another verb):\n{}",
        violations.join("\n")
    );
}

#[test]
fn the_table_check_catches_upward_and_sideways_imports() {
    let verbs: Vec<String> = [
        "check",
        "common",
        "complete",
        "evaluate",
        "init",
        "plot",
        "status",
        "write",
        "write_file",
    ]
    .map(String::from)
    .to_vec();
    let file = |path: &str, text: &str| (path.to_string(), text.to_string());
    let bad = [
        // The arrows issue 17 found, as they were.
        file(
            "src/project/ledger.rs",
            "let s = crate::commands::init::yaml_scalar(s);",
        ),
        file(
            "src/commands/complete/run.rs",
            "use crate::output::publish::{publish_text};",
        ),
        file(
            "src/commands/write_file.rs",
            "match super::status::episode_of(name) {",
        ),
        file(
            "src/commands/plot.rs",
            "let p = super::write::submission_payload(root);",
        ),
        file("src/commands/noveler_cli.rs", "use crate::{cli, store};"),
        file("src/store/mod.rs", "use super::project::Project;"),
        file(
            "src/analysis/x/y.rs",
            "use super::super::super::workflow::io;",
        ),
        // The verb edges issue 29 removed (issue 17 had allowed them as `COMPOSES`), two of
        // them a cycle, and the operations layer reaching up.
        file(
            "src/commands/complete/run.rs",
            "use crate::commands::check::{self, Target};",
        ),
        file(
            "src/commands/check/modes.rs",
            "let report = crate::commands::evaluate::full_check(ctx, req.check)?;",
        ),
        file(
            "src/commands/write/mod.rs",
            "let report = super::write_file::run(",
        ),
        file(
            "src/operations/check/stats.rs",
            "use crate::workflow::progressive::StepResult;",
        ),
        file("src/workflow/io.rs", "use crate::commands::Ctx;"),
        // The language server as it first came: a verb's check, polish's fixes and the
        // explain verb, where the operations (and the rule registry) serve it.
        file(
            "src/lsp/worker.rs",
            "use crate::commands::check::{self, CheckRequest, FileResult};",
        ),
        file(
            "src/lsp/actions.rs",
            "let (fixed, _, _) = crate::commands::polish::fix_text(",
        ),
        file(
            "src/lsp/hover.rs",
            "use crate::commands::explain::{self, ExplainRequest};",
        ),
    ];
    let found = table_violations(&bad, &verbs);
    assert_eq!(found.len(), bad.len(), "{found:#?}");
    let good = [
        file(
            "src/commands/plot.rs",
            "use super::common::submission_payload;\nuse super::{Ctx, Report};",
        ),
        file(
            "src/commands/complete/run.rs",
            "use crate::operations::check::{self, Target};",
        ),
        file(
            "src/workflow/io.rs",
            "use crate::operations::{check, write, Ctx};",
        ),
        file(
            "src/project/ledger.rs",
            "// crate::commands::init is gone\nuse super::yaml::quote_scalar;",
        ),
        file(
            "src/cli/line.rs",
            "use crate::commands::noveler_cli::LineRun;",
        ),
        file(
            "src/lsp/lens.rs",
            "use crate::commands::common::{fmt_score, fmt_thousands as thousands};",
        ),
    ];
    let found = table_violations(&good, &verbs);
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn layers_below_the_adapters_never_touch_stdout_or_stderr() {
    // print!/eprintln! are denied by clippy in these layers (their mod.rs); this catches the
    // handles themselves.
    for dir in [
        "analysis", "store", "project", "todo", "workflow", "commands", "output",
    ] {
        let found = uses_of(dir, &["io::stdout()", "io::stderr()", "io::stdin()"]);
        assert!(
            found.is_empty(),
            "only cli/ and mcp/ own the process's streams:\n{}",
            found.join("\n")
        );
    }
}

// ---------------------------------------------------------------------------------------
// Every disk write goes through `store` (issue 17 item 2): atomic writes, directories,
// removals, renames and lock files are `store` functions, so there is one place that
// confines and accounts for what noveler changes on disk.

/// What changes the disk when called outside `store` (std and tempfile spellings).
const DISK_WRITES: &[&str] = &[
    "fs::write",
    "fs::create_dir",
    "fs::rename",
    "fs::remove_",
    "fs::copy",
    "fs::hard_link",
    "fs::set_permissions",
    "fs::soft_link",
    "unix::fs::symlink",
    "File::create",
    "File::options",
    "OpenOptions::new",
    "tempfile::Builder",
    "tempfile_in",
    ".persist(",
    ".persist_noclobber(",
];

/// The code of a source file that is not unit tests: the file's `#[cfg(test)] mod tests`
/// (always its last item) and whole `tests.rs` files are left out.
fn non_test_code(path: &str, text: &str) -> String {
    if path.ends_with("/tests.rs") {
        return String::new();
    }
    let lines: Vec<&str> = text.lines().collect();
    let end = lines
        .windows(2)
        .position(|w| w[0].trim() == "#[cfg(test)]" && w[1].trim_start().starts_with("mod "))
        .unwrap_or(lines.len());
    code_of(&lines[..end].join("\n"))
}

/// `path:line: word` for every disk write outside `src/store/`.
fn disk_writes_outside_store(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in files {
        if path.starts_with("src/store/") {
            continue;
        }
        for (n, line) in non_test_code(path, text).lines().enumerate() {
            for word in DISK_WRITES {
                if line.contains(word) {
                    found.push(format!("{path}:{}: {word}", n + 1));
                }
            }
        }
    }
    found
}

#[test]
fn every_disk_write_goes_through_store() {
    let found = disk_writes_outside_store(&crate_sources());
    assert!(
        found.is_empty(),
        "disk writes outside src/store/ (use store::write_atomic, store::disk, store::lock):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_disk_write_check_catches_writes_outside_store() {
    let file = |path: &str, text: &str| (path.to_string(), text.to_string());
    let bad = [
        // The writes issue 17 found outside store, as they were.
        file(
            "src/workflow/plot.rs",
            "        std::fs::remove_file(old).map_err(|e| Error::io(old, &e))?;",
        ),
        file(
            "src/workflow/recovery.rs",
            "std::fs::rename(&damaged, &aside).map_err(|e| Error::io(&damaged, &e))?;",
        ),
        file(
            "src/commands/init.rs",
            "use std::fs;\nfn f() { fs::create_dir_all(dir).unwrap(); }",
        ),
        file(
            "src/todo/fs.rs",
            "let file = File::options().create(true).open(&path);",
        ),
        file("src/cli/status.rs", "std::fs::write(&target, html)?;"),
        file(
            "src/commands/init.rs",
            "let mut tmp = builder.tempfile_in(dir)?; tmp.persist_noclobber(path);",
        ),
    ];
    let found = disk_writes_outside_store(&bad);
    assert_eq!(found.len(), 7, "{found:#?}");
    let good = [
        // store itself, comments and unit tests may touch the disk.
        file("src/store/atomic.rs", "std::fs::create_dir_all(dir)?;"),
        file("src/workflow/plot.rs", "// std::fs::remove_file(old) moved"),
        file(
            "src/commands/files.rs",
            "fn f() {}\n#[cfg(test)]\nmod tests {\n    fn t() { std::fs::write(p, \"x\").unwrap(); }\n}",
        ),
        file("src/commands/check/tests.rs", "fs::write(p, \"x\").unwrap();"),
        file("src/commands/files.rs", "crate::store::disk::remove_file(&abs)?;"),
    ];
    let found = disk_writes_outside_store(&good);
    assert!(found.is_empty(), "{found:#?}");
}

// ---------------------------------------------------------------------------------------
// Orchestrations as sequences of named steps (issue 29 item 3): no production function
// over `MAX_FN_LINES` lines (from its `fn` line to its closing brace); a longer one is
// split along the seams its own sections draw.

const MAX_FN_LINES: usize = 150;

/// `text` with comments, string and character literals blanked to spaces (newlines kept),
/// so that braces can be counted and `fn` found only in code.
fn blank_literals(text: &str) -> String {
    let b = text.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(b.len());
    let blank = |out: &mut Vec<u8>, s: &[u8]| {
        out.extend(s.iter().map(|&c| if c == b'\n' { b'\n' } else { b' ' }));
    };
    let mut i = 0;
    while i < b.len() {
        let rest = &b[i..];
        let after_ident = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        let end = if rest.starts_with(b"//") {
            rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len())
        } else if rest.starts_with(b"/*") {
            let (mut depth, mut j) = (0usize, 0);
            while j < rest.len() {
                if rest[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if rest[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            j
        } else if let Some(n) = (!after_ident).then(|| raw_string_len(rest)).flatten() {
            n
        } else if rest[0] == b'"' {
            let mut j = 1;
            while j < rest.len() && rest[j] != b'"' {
                j += if rest[j] == b'\\' { 2 } else { 1 };
            }
            (j + 1).min(rest.len())
        } else if rest[0] == b'\'' {
            char_literal_len(&text[i..]).unwrap_or(0)
        } else {
            0
        };
        if end == 0 {
            out.push(rest[0]);
            i += 1;
        } else {
            blank(&mut out, &rest[..end]);
            i += end;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The length of a raw string literal (`r"…"`, `r#"…"#`, `br"…"`) at the start of `s`.
fn raw_string_len(s: &[u8]) -> Option<usize> {
    let start = usize::from(s.first() == Some(&b'b'));
    if s.get(start) != Some(&b'r') {
        return None;
    }
    let hashes = s[start + 1..].iter().take_while(|&&c| c == b'#').count();
    let open = start + 1 + hashes;
    if s.get(open) != Some(&b'"') {
        return None;
    }
    let close: Vec<u8> = std::iter::once(b'"')
        .chain(std::iter::repeat_n(b'#', hashes))
        .collect();
    let body = &s[open + 1..];
    let at = body
        .windows(close.len())
        .position(|w| w == close.as_slice())?;
    Some(open + 1 + at + close.len())
}

/// The length of a character literal (`'x'`, `'\n'`, `'\''`, `'字'`) at the start of `s`;
/// none for a lifetime (`'a`).
fn char_literal_len(s: &str) -> Option<usize> {
    let rest = &s[1..];
    if let Some(escaped) = rest.strip_prefix('\\') {
        let first = escaped.chars().next()?.len_utf8();
        let close = escaped[first..].find('\'')?;
        return Some(2 + first + close + 1);
    }
    let c = rest.chars().next()?;
    rest[c.len_utf8()..]
        .starts_with('\'')
        .then(|| 1 + c.len_utf8() + 1)
}

/// Every function with a body in `code` (literals blanked): its name, first line and
/// length in lines.
fn function_lengths(code: &str) -> Vec<(String, usize, usize)> {
    let b = code.as_bytes();
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(k) = code[from..].find("fn") {
        let at = from + k;
        from = at + 2;
        let before_ok = at == 0 || !(b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_');
        let after = &code[at + 2..];
        if !before_ok || !after.starts_with(|c: char| c.is_whitespace()) {
            continue;
        }
        let Some(name) = ident_at(after.trim_start()) else {
            continue;
        };
        // The body: the first `{` outside parentheses and brackets, unless a `;` ends a
        // declaration first.
        let mut depth = 0i32;
        let mut open = None;
        for (j, &c) in b.iter().enumerate().skip(at + 2) {
            match c {
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth -= 1,
                b';' if depth <= 0 => break,
                b'{' if depth <= 0 => {
                    open = Some(j);
                    break;
                }
                _ => {}
            }
        }
        let Some(open) = open else { continue };
        let mut braces = 0usize;
        let mut close = b.len().saturating_sub(1);
        for (j, &c) in b.iter().enumerate().skip(open) {
            match c {
                b'{' => braces += 1,
                b'}' => {
                    braces -= 1;
                    if braces == 0 {
                        close = j;
                        break;
                    }
                }
                _ => {}
            }
        }
        let first = code[..at].matches('\n').count() + 1;
        let last = code[..close].matches('\n').count() + 1;
        found.push((name.to_string(), first, last - first + 1));
    }
    found
}

/// `path:line: fn name is N lines` for every production function over the limit (unit
/// tests left out: a file's `#[cfg(test)] mod` and whole `tests.rs` files).
fn long_functions(files: &[(String, String)], limit: usize) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in files {
        if path.ends_with("/tests.rs") {
            continue;
        }
        let lines: Vec<&str> = text.lines().collect();
        let end = lines
            .windows(2)
            .position(|w| w[0].trim() == "#[cfg(test)]" && w[1].trim_start().starts_with("mod "))
            .unwrap_or(lines.len());
        let code = blank_literals(&lines[..end].join("\n"));
        for (name, line, len) in function_lengths(&code) {
            if len > limit {
                found.push(format!("{path}:{line}: fn {name} is {len} lines"));
            }
        }
    }
    found
}

#[test]
fn no_production_function_is_over_150_lines() {
    let found = long_functions(&crate_sources(), MAX_FN_LINES);
    assert!(
        found.is_empty(),
        "functions over {MAX_FN_LINES} lines (split them into named steps along their own sections):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_length_check_counts_bodies_not_literals() {
    let body = |n: usize| "    let x = 1;\n".repeat(n);
    let file = |path: &str, text: String| (path.to_string(), text);
    let long = file(
        "src/workflow/x.rs",
        format!(
            "/// doc\npub fn long_one(a: &[u8; 4]) -> Result<()> {{\n{}}}\n",
            body(149)
        ),
    );
    assert_eq!(
        long_functions(&[long], MAX_FN_LINES),
        ["src/workflow/x.rs:2: fn long_one is 151 lines"]
    );
    let fits = file(
        "src/workflow/x.rs",
        format!("fn fits() {{\n{}}}\n", body(148)),
    );
    assert!(long_functions(&[fits], MAX_FN_LINES).is_empty());
    // Braces in strings, raw strings, characters and comments are not the body's; a
    // declaration without a body, a lifetime and a function pointer are not functions.
    let tricky = "trait T { fn decl(&self); }\n\
        fn a<'x>(s: &'x str) -> &'x str {\n    let _ = \"}}}\";\n    let _ = r#\"{\"#;\n    let _ = '}';\n    let _ = '\\'';\n    // }\n    /* } */\n    s\n}\n\
        type P = fn(u8) -> u8;\nfn b() {}\n";
    let got: Vec<(String, usize, usize)> = function_lengths(&blank_literals(tricky));
    assert_eq!(
        got,
        [("a".to_string(), 2, 9), ("b".to_string(), 12, 1)],
        "{tricky}"
    );
    // Unit tests do not count.
    let tested = file(
        "src/workflow/x.rs",
        format!(
            "fn f() {{}}\n#[cfg(test)]\nmod tests {{\n    fn big() {{\n{}    }}\n}}\n",
            body(200)
        ),
    );
    assert!(long_functions(&[tested], MAX_FN_LINES).is_empty());
}

// ---------------------------------------------------------------------------------------
// One context from the entry point to the disk (issue 29 item 2): the adapters make the
// call's `Ctx` (cancellation, progress, confinement, the clock) and everything below takes
// it; the wall clock is read in one place, `store::clock`, and set on the `Ctx` there.

/// The one module that reads the wall clock.
const CLOCK_MODULE: &str = "src/store/clock.rs";

/// How the code can read the time of day (or start a stopwatch).
const CLOCK_READS: &[&str] = &[
    "SystemTime::now",
    "Utc::now",
    "Local::now",
    "OffsetDateTime::now",
    "now_utc(",
    "Instant::now",
];

/// Reads of the time outside `CLOCK_MODULE` that are allowed, each with its reason:
/// (file, word, reason). A stopwatch (`Instant`) measures a duration, never a date a
/// result records, so a fixed clock has nothing to fix in it.
const CLOCK_READS_ALLOWED: &[(&str, &str, &str)] = &[
    (
        "src/commands/mod.rs",
        "Instant::now",
        "stopwatch: the envelope's elapsed_ms",
    ),
    (
        "src/mcp/calls.rs",
        "Instant::now",
        "stopwatch: a call's elapsed_ms in its debug record",
    ),
    (
        "src/mcp/server.rs",
        "Instant::now",
        "stopwatch: the deadline of stopping (tokio's Instant)",
    ),
    (
        "src/store/lock.rs",
        "Instant::now",
        "stopwatch: how long a lock has been waited for",
    ),
    (
        "src/workflow/progressive/step_attempt.rs",
        "Instant::now",
        "stopwatch: a step's execution_time_ms",
    ),
    (
        "src/workflow/progressive/repeat.rs",
        "Instant::now",
        "stopwatch: a repeat's execution_time_ms",
    ),
    (
        "src/workflow/writing/sessions.rs",
        "Instant::now",
        "salt of a session id (with the process id), not a time",
    ),
    (
        "src/store/atomic.rs",
        "SystemTime::now",
        "the age of an abandoned temporary file: the OS's mtime against the OS's clock",
    ),
];

/// `path:line: word` for every read of the clock outside `CLOCK_MODULE` and the allow-list.
fn clock_reads(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in files {
        if path == CLOCK_MODULE {
            continue;
        }
        for (n, line) in non_test_code(path, text).lines().enumerate() {
            let read = CLOCK_READS.iter().find(|word| {
                let allowed = CLOCK_READS_ALLOWED
                    .iter()
                    .any(|(p, w, _)| p == path && w == *word);
                line.contains(*word) && !allowed
            });
            if let Some(word) = read {
                found.push(format!("{path}:{}: {word}", n + 1));
            }
        }
    }
    found
}

#[test]
fn the_wall_clock_is_read_only_by_the_clock_module() {
    let found = clock_reads(&crate_sources());
    println!("wall-clock reads outside {CLOCK_MODULE}: {}", found.len());
    assert!(
        found.is_empty(),
        "reads of the clock outside {CLOCK_MODULE} (take the time from the call's ctx.clock, or a Clock handed down; a stopwatch goes in CLOCK_READS_ALLOWED with its reason):\n{}",
        found.join("\n")
    );
    // Every allowance is still needed.
    let sources = crate_sources();
    for (path, word, why) in CLOCK_READS_ALLOWED {
        let used = sources
            .iter()
            .any(|(p, t)| p == path && non_test_code(p, t).contains(word));
        assert!(
            used,
            "{path} no longer reads {word} ({why}): drop the allowance"
        );
    }
}

#[test]
fn the_clock_check_catches_a_planted_read() {
    let file = |path: &str, text: &str| (path.to_string(), text.to_string());
    let bad = [
        file(
            "src/workflow/plot.rs",
            "m.updated_at = timestamp(SystemTime::now());",
        ),
        file(
            "src/commands/complete/mod.rs",
            "chrono::Local::now().format(\"%Y-%m-%d\").to_string()",
        ),
        file("src/store/backup.rs", "let t = std::time::Instant::now();"),
        file("src/output/x.rs", "let d = OffsetDateTime::now_utc();"),
    ];
    assert_eq!(clock_reads(&bad).len(), 4, "{:#?}", clock_reads(&bad));
    let good = [
        file(CLOCK_MODULE, "Clock(Arc::new(SystemTime::now))"),
        file("src/store/lock.rs", "let start = Instant::now();"),
        file("src/commands/mod.rs", "let started = ctx.clock.now();"),
        file(
            "src/store/backup.rs",
            "fn f() {}\n#[cfg(test)]\nmod tests {\n    fn t() { let _ = SystemTime::now(); }\n}",
        ),
    ];
    assert!(clock_reads(&good).is_empty(), "{:#?}", clock_reads(&good));
}

/// The adapters, which make a call's `Ctx`.
const ADAPTERS: &[&str] = &["src/cli/", "src/mcp/", "src/lsp/"];

/// `path:line` for every `Ctx::new(` below the adapters (unit tests aside).
fn contexts_made_below_the_adapters(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in files {
        if ADAPTERS.iter().any(|a| path.starts_with(a)) {
            continue;
        }
        for (n, line) in non_test_code(path, text).lines().enumerate() {
            let made = line.match_indices("Ctx::new(").any(|(at, _)| {
                !line[..at].ends_with("Project") // ProjectCtx: the project, not the call
            });
            if made {
                found.push(format!("{path}:{}", n + 1));
            }
        }
    }
    found
}

#[test]
fn only_the_adapters_make_a_ctx() {
    let found = contexts_made_below_the_adapters(&crate_sources());
    assert!(
        found.is_empty(),
        "Ctx::new below cli/, mcp/, lsp/ (take the caller's &Ctx; `ctx.nested(root)` for a step run at another root):\n{}",
        found.join("\n")
    );
    let file = |path: &str, text: &str| (path.to_string(), text.to_string());
    let planted = [
        file(
            "src/commands/write/mod.rs",
            "let report = check::run(&Ctx::new(root.to_path_buf()), req)?;",
        ),
        file(
            "src/operations/write.rs",
            "let ctx = crate::operations::Ctx::new(root.into());",
        ),
    ];
    assert_eq!(contexts_made_below_the_adapters(&planted).len(), 2);
    let fine = [
        file("src/cli/mod.rs", "let mut ctx = Ctx::new(root);"),
        file("src/workflow/plot.rs", "let pc = ProjectCtx::new(root);"),
        file(
            "src/commands/status/mod.rs",
            "fn f() {}\n#[cfg(test)]\nmod tests {\n    fn t() { let c = Ctx::new(p); }\n}",
        ),
    ];
    assert!(contexts_made_below_the_adapters(&fine).is_empty());
}

/// Ratchets on what is left of the context rebuilt below the verbs: a project loaded again
/// (`ProjectCtx::new`) where the caller had it, and `root: &Path` parameters where the
/// function could take the call's `&Ctx` or the loaded project. The figures only go down:
/// lower the ceiling when you remove some.
const PROJECT_CTX_REBUILDS_MAX: usize = 26;
const ROOT_PARAMS_MAX: usize = 176;

/// How often `word` stands as a word (`root: &Path`, not `project_root: &Path`) in the
/// production code of `files`.
fn count_in_production(files: &[(String, String)], word: &str) -> usize {
    files
        .iter()
        .map(|(path, text)| {
            let code = non_test_code(path, text);
            code.match_indices(word)
                .filter(|(at, _)| !code[..*at].ends_with(|c: char| c.is_alphanumeric() || c == '_'))
                .count()
        })
        .sum()
}

#[test]
fn the_context_rebuilt_below_the_verbs_only_shrinks() {
    let files = crate_sources();
    let rebuilds = count_in_production(&files, "ProjectCtx::new(");
    let roots = count_in_production(&files, "root: &Path");
    println!("ProjectCtx::new rebuilds: {rebuilds} (ceiling {PROJECT_CTX_REBUILDS_MAX})");
    println!("root: &Path parameters: {roots} (ceiling {ROOT_PARAMS_MAX})");
    assert!(
        rebuilds <= PROJECT_CTX_REBUILDS_MAX,
        "{rebuilds} ProjectCtx::new in production code, the ceiling is {PROJECT_CTX_REBUILDS_MAX}: pass the loaded project down"
    );
    assert!(
        roots <= ROOT_PARAMS_MAX,
        "{roots} `root: &Path` parameters, the ceiling is {ROOT_PARAMS_MAX}: take the call's &Ctx or the loaded project"
    );
}
