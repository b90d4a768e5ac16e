//! Scaffolding shared by the integration tests: the sample project copied into a temp dir,
//! the built binary run in it (and its JSON envelope parsed), the shared corpus looked up in
//! place, and a line-delimited JSON-RPC connection to `noveler mcp`.
//!
//! Every test target compiles this module as its own `mod common;` and uses only part of it.
#![allow(dead_code)]

pub mod baseline;
pub mod grammar_style;
pub mod invariants;
pub mod lsp;

use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// The built `noveler` binary.
pub const BIN: &str = env!("CARGO_BIN_EXE_noveler");

/// The crate root.
pub fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

// ---------------------------------------------------------------------------------------
// fixtures

/// Copies a directory tree. State left by a run in the fixture itself (`.noveler/`, `temp/`)
/// is not part of the sample and is not copied.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if [".noveler", "temp"].contains(&e.file_name().to_str().unwrap_or("")) {
            continue;
        }
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

/// A fresh copy of `fixtures/sample_project` as the temp dir itself.
pub fn sample() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&manifest().join("fixtures/sample_project"), dir.path());
    dir
}

/// A fresh copy of `fixtures/sample_project` with the file `rel` (re)written as `text`.
pub fn sample_with(rel: &str, text: impl AsRef<[u8]>) -> tempfile::TempDir {
    let dir = sample();
    let path = dir.path().join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
    dir
}

/// A fresh copy of `fixtures/sample_project` in the folder `sub` of a temp dir; returns
/// (guard, root of the copy).
pub fn sample_in(sub: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join(sub);
    copy_dir(&manifest().join("fixtures/sample_project"), &root);
    (dir, root)
}

// ---------------------------------------------------------------------------------------
// the shared corpus, read in place

/// `../shared/corpus/<sub>` (main checkout) or `../../shared/corpus/<sub>` (worktree).
pub fn corpus(sub: &str) -> Option<PathBuf> {
    ["../shared/corpus", "../../shared/corpus"]
        .iter()
        .map(|p| manifest().join(p).join(sub))
        .find(|p| p.is_dir())
}

/// The works (`*.txt`) of a corpus folder, sorted; README.md and SHA256SUMS are not works.
pub fn works(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read corpus dir")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    files
}

/// (file name, normalised text) of every Aozora work; empty, with a printed note, when the
/// corpus is absent.
pub fn aozora_texts() -> Vec<(String, String)> {
    let Some(dir) = corpus("aozora") else {
        println!("note: ../shared/corpus/aozora not found; corpus checks skipped");
        return Vec::new();
    };
    works(&dir)
        .into_iter()
        .map(|p| {
            let raw = std::fs::read_to_string(&p).expect("corpus file is UTF-8");
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, noveler::analysis::Source::new(&raw).text)
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// the binary

/// `noveler` in `cwd`, with the environment that changes its output removed and no stdin.
pub fn noveler(cwd: &Path) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.current_dir(cwd)
        .env_remove("PROJECT_ROOT")
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS")
        .stdin(Stdio::null());
    cmd
}

/// Runs `noveler ARGS` in `cwd`.
pub fn run(cwd: &Path, args: &[&str]) -> Output {
    noveler(cwd).args(args).output().unwrap()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs `noveler ARGS` in `cwd` with the unpacked dictionary cached under the test target
/// dir (not in the user's cache).
pub fn run_cached(cwd: &Path, args: &[&str]) -> Output {
    noveler(cwd)
        .env("NOVELER_CACHE_DIR", env!("CARGO_TARGET_TMPDIR"))
        .args(args)
        .output()
        .unwrap()
}

/// The exit code (-1 when killed by a signal).
pub fn code(o: &Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

/// stdout parsed as JSON; panics with both streams when it is not.
pub fn json(o: &Output) -> Value {
    envelope(&o.stdout, &o.stderr)
}

/// `stdout` parsed as JSON; panics with both streams when it is not.
pub fn envelope(stdout: &[u8], stderr: &[u8]) -> Value {
    serde_json::from_slice(stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}):\n{}\n{}",
            String::from_utf8_lossy(stdout),
            String::from_utf8_lossy(stderr)
        )
    })
}

/// The string `key` of every item of a JSON array (panics on anything else).
pub fn strs<'a>(array: &'a Value, key: &str) -> Vec<&'a str> {
    array
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {array}"))
        .iter()
        .map(|item| {
            item[key]
                .as_str()
                .unwrap_or_else(|| panic!("no string {key:?} in {item}"))
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// `noveler mcp` over JSON lines

/// A running `noveler mcp --project-root ROOT EXTRA…` (stderr discarded); a thread forwards
/// its stdout line by line. Killed when dropped.
pub struct McpProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl McpProcess {
    pub fn spawn(root: &Path, extra: &[&str]) -> McpProcess {
        McpProcess::start(root, extra, Stdio::null(), &[]).0
    }

    /// Like `spawn`, with the server's working directory `cwd`.
    pub fn spawn_in(cwd: &Path, root: &Path, extra: &[&str]) -> McpProcess {
        McpProcess::start_in(Some(cwd), root, extra, Stdio::null(), &[]).0
    }

    /// Like `spawn`, with these environment variables set for the server.
    pub fn spawn_with_env(root: &Path, extra: &[&str], env: &[(&str, &str)]) -> McpProcess {
        McpProcess::start(root, extra, Stdio::null(), env).0
    }

    /// Like `spawn`, with the server's stderr forwarded line by line as well.
    pub fn spawn_logged(root: &Path, extra: &[&str]) -> (McpProcess, Receiver<String>) {
        let (proc, log) = McpProcess::start(root, extra, Stdio::piped(), &[]);
        (proc, log.expect("stderr is piped"))
    }

    fn start(
        root: &Path,
        extra: &[&str],
        stderr: Stdio,
        env: &[(&str, &str)],
    ) -> (McpProcess, Option<Receiver<String>>) {
        McpProcess::start_in(None, root, extra, stderr, env)
    }

    fn start_in(
        cwd: Option<&Path>,
        root: &Path,
        extra: &[&str],
        stderr: Stdio,
        env: &[(&str, &str)],
    ) -> (McpProcess, Option<Receiver<String>>) {
        let mut cmd = Command::new(BIN);
        if let Some(cwd) = cwd {
            cmd.current_dir(cwd);
        }
        let mut child = cmd
            .envs(env.iter().copied())
            .arg("mcp")
            .arg("--project-root")
            .arg(root)
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("spawn noveler mcp");
        let log = child.stderr.take().map(forward_lines);
        let stdin = child.stdin.take().unwrap();
        let lines = forward_lines(child.stdout.take().unwrap());
        let proc = McpProcess {
            child,
            stdin,
            lines,
        };
        (proc, log)
    }

    /// Writes one line (a newline is added) and flushes.
    pub fn send_line(&mut self, line: &str) {
        self.stdin.write_all(line.as_bytes()).unwrap();
        self.stdin.write_all(b"\n").unwrap();
        self.stdin.flush().unwrap();
    }

    pub fn send(&mut self, message: &Value) {
        self.send_line(&message.to_string());
    }

    /// The next stdout line, waiting at most `patience` (a safety net against a hung server,
    /// not a timing assertion).
    pub fn recv(&self, patience: Duration) -> Result<String, RecvTimeoutError> {
        self.lines.recv_timeout(patience)
    }
}

/// A thread that sends every line read from `from` until it ends.
pub fn forward_lines(from: impl std::io::Read + Send + 'static) -> Receiver<String> {
    let (tx, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(from).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    lines
}

impl Drop for McpProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Makes `root`'s `.noveler/artifacts` unwritable: mode 0555, or, when that does not stop
/// this process (root ignores modes), a regular file in its place, which fails every write
/// for anyone (said on stdout). True when by mode (permission denied).
#[cfg(unix)]
pub fn make_artifacts_unwritable(root: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let dir = root.join(".noveler/artifacts");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    if std::fs::write(dir.join("probe"), b"x").is_err() {
        return true;
    }
    println!("running as root (mode 0555 is ignored): a regular file stands in for {dir:?}");
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::write(&dir, b"not a directory").unwrap();
    false
}
