//! `noveler mcp` stays inside its allowed roots (issue 12 item 1): the real binary is
//! driven with hostile calls on a temp copy of the sample project, next to an `outside/`
//! folder holding a secret. Nothing outside may be read (its text never appears in a reply),
//! written or created.

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;

mod common;
use common::McpProcess;

/// A safety net against a hung server, not a timing assertion.
const PATIENCE: Duration = Duration::from_secs(120);
const SECRET: &str = "OUTSIDE-SECRET-第九話の原稿ではない";

struct Client {
    proc: McpProcess,
    next_id: i64,
}

impl Client {
    fn start(root: &Path, extra: &[&str]) -> Client {
        // The hostile calls use the seeds' tool names (`write`, `create_task` …).
        let mut args = vec!["--tools", "seed"];
        args.extend_from_slice(extra);
        let mut c = Client {
            proc: McpProcess::spawn(root, &args),
            next_id: 1,
        };
        let init = c.request(
            "initialize",
            json!({"protocolVersion": "2025-11-25", "capabilities": {},
                   "clientInfo": {"name": "confinement-test", "version": "1"}}),
        );
        assert!(init["result"].is_object(), "{init}");
        c.proc
            .send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        c
    }

    fn read(&mut self) -> Value {
        match self.proc.recv(PATIENCE) {
            Ok(line) => serde_json::from_str(&line).expect("a JSON line"),
            Err(RecvTimeoutError::Timeout) => panic!("no message from the server"),
            Err(RecvTimeoutError::Disconnected) => panic!("the server closed stdout"),
        }
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.proc
            .send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let m = self.read();
            if m["id"] == json!(id) && m.get("method").is_none() {
                return m;
            }
        }
    }

    /// A tools/call; returns the whole response (checked by the caller).
    fn call(&mut self, tool: &str, arguments: Value) -> Value {
        let r = self.request("tools/call", json!({"name": tool, "arguments": arguments}));
        let text = r.to_string();
        assert!(
            !text.contains(SECRET) && !text.contains("root:x:0:0"),
            "{tool} {arguments}: outside content in the reply: {text}"
        );
        r
    }
}

/// The error code of a refused call (a tool error result or a JSON-RPC error).
fn refused_code(r: &Value) -> String {
    if let Some(code) = r["result"]["structuredContent"]["error"]["code"].as_str() {
        assert_eq!(r["result"]["isError"], true, "{r}");
        return code.to_string();
    }
    if let Some(code) = r["error"]["code"].as_i64() {
        return code.to_string();
    }
    panic!("expected a refusal: {r}")
}

/// Every file under `dir` with its bytes (symlinks as their target), sorted.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    for e in walkdir::WalkDir::new(dir).follow_links(false) {
        let e = e.unwrap();
        let p = e.path().strip_prefix(dir).unwrap().to_path_buf();
        let content = if e.path_is_symlink() {
            std::fs::read_link(e.path())
                .unwrap()
                .to_string_lossy()
                .into_owned()
                .into_bytes()
        } else if e.file_type().is_file() {
            std::fs::read(e.path()).unwrap()
        } else {
            b"<dir>".to_vec()
        };
        out.insert(p, content);
    }
    out
}

struct World {
    _guard: tempfile::TempDir,
    base: PathBuf,
    root: PathBuf,
    outside: PathBuf,
}

fn world() -> World {
    let (guard, _) = common::sample_in("project");
    let base = std::fs::canonicalize(guard.path()).unwrap();
    let root = base.join("project");
    let outside = base.join("outside");
    for d in ["todo", "sessions", "checks", "dir"] {
        std::fs::create_dir_all(outside.join(d)).unwrap();
    }
    std::fs::write(outside.join("secret.md"), format!("　{SECRET}。\n")).unwrap();
    World {
        _guard: guard,
        base,
        root,
        outside,
    }
}

#[test]
fn hostile_paths_are_refused_and_nothing_outside_is_touched() {
    let w = world();
    let root_s = w.root.display().to_string();
    let outside_s = w.outside.display().to_string();
    let before = tree(&w.outside);
    let base_before = std::fs::read_dir(&w.base).unwrap().count();
    let mut c = Client::start(&w.root, &["-q"]);

    // project_root outside the allowed roots: refused, nothing created there.
    for project_root in ["/", outside_s.as_str(), "..", "../outside"] {
        let r = c.call(
            "write",
            json!({"project_root": project_root, "path": "srv/elsewhere/pwned.md", "content": "x"}),
        );
        assert_eq!(refused_code(&r), "U004", "{project_root}: {r}");
        let msg = r["result"]["structuredContent"]["error"]["message"]
            .as_str()
            .unwrap();
        assert!(msg.contains(&root_s), "names the allowed root: {msg}");
    }
    assert!(!Path::new("/srv/elsewhere/pwned.md").exists());

    // Paths of a write: `..`, absolute, Windows forms, NUL.
    let secret_abs = w.outside.join("secret.md").display().to_string();
    for path in [
        "../outside/pwned.md".to_string(),
        format!("{outside_s}/pwned.md"),
        secret_abs.clone(),
        "C:\\x.md".into(),
        "\\\\server\\share\\x.md".into(),
        "40_原稿/a\u{0}b.md".into(),
        "/etc/passwd".into(),
    ] {
        let r = c.call("write", json!({"path": path, "content": "x"}));
        assert_eq!(refused_code(&r), "U004", "{path:?}: {r}");
    }

    // Reading outside: check targets.
    for target in [
        "/etc/passwd".to_string(),
        secret_abs.clone(),
        "../outside/secret.md".into(),
        "../outside".into(),
        outside_s.clone(),
    ] {
        let r = c.call("noveler_check", json!({"targets": [target]}));
        let text = r.to_string();
        assert!(text.contains("U004"), "{target}: {r}");
    }

    // A manuscript symlink leading out: every tool that reads episodes refuses it.
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(
            w.outside.join("secret.md"),
            w.root.join("40_原稿/第009話_x.md"),
        )
        .unwrap();
        for (tool, args) in [
            ("check_basic", json!({"episode": 9})),
            ("noveler_check", json!({"targets": [9]})),
            ("noveler_complete", json!({"episode": 9})),
            ("check_story_elements", json!({"episode": 9})),
            (
                "backup_management",
                json!({"action": "create", "episode": 9}),
            ),
        ] {
            let r = c.call(tool, args.clone());
            assert!(r.to_string().contains("U004"), "{tool} {args}: {r}");
        }
    }

    // Session ids with slashes never build a path.
    for tool in ["get_check_status", "write_resume"] {
        let r = c.call(
            tool,
            json!({"session_id": "../../../outside/secret", "episode": 1}),
        );
        assert_eq!(r["result"]["isError"], true, "{tool}: {r}");
    }

    // The generic tool: verbs that write elsewhere, --project-root and -o outside.
    for (args, code) in [
        (
            vec![
                "init".to_string(),
                outside_s.clone() + "/novel",
                "--title".into(),
                "t".into(),
                "--genre".into(),
                "fantasy".into(),
            ],
            "U004",
        ),
        (
            vec!["man".into(), "--dir".into(), outside_s.clone()],
            "U004",
        ),
        (vec!["completions".into(), "bash".into()], "U004"),
        (
            vec![
                "--project-root".into(),
                outside_s.clone(),
                "todo".into(),
                "add".into(),
                "x".into(),
            ],
            "U004",
        ),
        (vec!["mcp".into()], "U001"),
    ] {
        let r = c.call("noveler", json!({"args": args}));
        assert_eq!(refused_code(&r), code, "{args:?}: {r}");
    }
    for args in [
        vec!["check".to_string(), secret_abs.clone()],
        vec![
            "status".into(),
            "--report".into(),
            "html".into(),
            "-o".into(),
            format!("{outside_s}/report.html"),
        ],
    ] {
        let r = c.call("noveler", json!({"args": args}));
        let text = r.to_string();
        assert!(
            text.contains("U004") || r["result"]["structuredContent"]["result"]["returncode"] != 0,
            "{args:?}: {r}"
        );
        assert!(
            text.contains("U004"),
            "{args:?} is refused as a path escape: {r}"
        );
    }

    drop(c);
    assert_eq!(tree(&w.outside), before, "nothing outside changed");
    let base_after = std::fs::read_dir(&w.base).unwrap().count();
    assert_eq!(
        base_before, base_after,
        "nothing created next to the project"
    );
    // The outside text was not copied into the project either.
    for (path, bytes) in tree(&w.root) {
        assert!(
            !String::from_utf8_lossy(&bytes).contains(SECRET),
            "{} holds outside content",
            path.display()
        );
    }
}

#[cfg(unix)]
#[test]
fn symlinked_own_folders_are_never_written_through() {
    let w = world();
    std::fs::create_dir_all(w.root.join(".noveler")).unwrap();
    for (link, target) in [
        (".todo", "todo"),
        (".noveler/sessions", "sessions"),
        (".noveler/checks", "checks"),
    ] {
        std::os::unix::fs::symlink(w.outside.join(target), w.root.join(link)).unwrap();
    }
    let before = tree(&w.outside);
    let mut c = Client::start(&w.root, &["-q"]);
    for (tool, args) in [
        ("create_task", json!({"title": "外に書かない"})),
        ("noveler_write", json!({"episode": 1})),
        ("get_check_tasks", json!({"episode": 1})),
    ] {
        let r = c.call(tool, args.clone());
        assert!(r.to_string().contains("U004"), "{tool} {args}: {r}");
    }
    drop(c);
    assert_eq!(
        tree(&w.outside),
        before,
        "nothing written through the links"
    );

    // The CLI refuses the same (it serves the person, but never writes its own folders out).
    let out = std::process::Command::new(common::BIN)
        .args(["todo", "add", "外に書かない", "--project-root"])
        .arg(&w.root)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("U004"),
        "{out:?}"
    );
    assert_eq!(tree(&w.outside), before);
}

#[test]
fn allowed_roots_widen_with_allow_root() {
    let w = world();
    let (_g2, other) = common::sample_in("other");
    let other = std::fs::canonicalize(other).unwrap();
    let other_s = other.display().to_string();
    // Without --allow-root another project is out of reach…
    let mut c = Client::start(&w.root, &["-q"]);
    let r = c.call(
        "write",
        json!({"project_root": other_s, "path": "memo.md", "content": "メモ"}),
    );
    assert_eq!(refused_code(&r), "U004", "{r}");
    drop(c);
    assert!(!other.join("memo.md").exists());
    // …with it, it may be selected, and its files stay inside it.
    let mut c = Client::start(&w.root, &["-q", "--allow-root", &other_s]);
    let r = c.call(
        "write",
        json!({"project_root": other_s, "path": "memo.md", "content": "メモ"}),
    );
    assert_eq!(r["result"]["isError"], false, "{r}");
    assert!(other.join("memo.md").is_file());
    let r = c.call(
        "write",
        json!({"project_root": other_s, "path": "../project/x.md", "content": "x"}),
    );
    assert_eq!(refused_code(&r), "U004", "{r}");
}

/// `file://` URI of `path`, non-ASCII bytes percent-encoded (as clients send them).
fn file_uri(path: &Path) -> String {
    let mut uri = String::from("file://");
    for b in path.to_string_lossy().bytes() {
        if b.is_ascii_alphanumeric() || b"/-_.~".contains(&b) {
            uri.push(b as char);
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri
}

#[test]
fn client_roots_are_asked_for_and_refreshed() {
    let w = world();
    let (_g2, other) = common::sample_in("別の作品");
    let other = std::fs::canonicalize(other).unwrap();
    let other_s = other.display().to_string();
    let mut c = Client {
        proc: McpProcess::spawn(&w.root, &["-q", "--tools", "seed"]),
        next_id: 1,
    };
    c.proc.send(&json!({"jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {"roots": {"listChanged": true}},
                   "clientInfo": {"name": "roots-test", "version": "1"}}}));
    assert!(c.read()["result"].is_object());
    c.proc
        .send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    // The server asks for the roots; a call sent meanwhile waits for the answer.
    let ask = c.read();
    assert_eq!(ask["method"], "roots/list", "{ask}");
    let write = json!({"project_root": other_s, "path": "memo.md", "content": "メモ"});
    c.proc
        .send(&json!({"jsonrpc": "2.0", "id": 50, "method": "tools/call",
        "params": {"name": "write", "arguments": write}}));
    c.proc.send(&json!({"jsonrpc": "2.0", "id": ask["id"],
        "result": {"roots": [{"uri": file_uri(&other), "name": "other"}]}}));
    let r = loop {
        let m = c.read();
        if m["id"] == 50 {
            break m;
        }
    };
    assert_eq!(
        r["result"]["isError"], false,
        "a declared root is allowed: {r}"
    );
    assert!(other.join("memo.md").is_file());

    // The client drops the root: asked again, and the root is out of reach.
    c.proc
        .send(&json!({"jsonrpc": "2.0", "method": "notifications/roots/list_changed"}));
    let ask = c.read();
    assert_eq!(ask["method"], "roots/list", "{ask}");
    c.proc
        .send(&json!({"jsonrpc": "2.0", "id": ask["id"], "result": {"roots": []}}));
    let r = c.call(
        "write",
        json!({"project_root": other_s, "path": "memo2.md", "content": "x"}),
    );
    assert_eq!(refused_code(&r), "U004", "{r}");
    assert!(!other.join("memo2.md").exists());
}

/// Plot and settings files are read through the one guarded reader, which judges the opened
/// file itself (`/proc/self/fd`): behind a symlink out of the project they are refused, and
/// their text reaches neither a reply nor an artifact.
#[cfg(unix)]
#[test]
fn symlinked_plot_and_settings_are_not_read() {
    let w = world();
    let secret_yaml = format!("title: 外\nsummary: {SECRET}\n");
    std::fs::write(w.outside.join("plot.yaml"), &secret_yaml).unwrap();
    std::fs::write(w.outside.join("chars.yaml"), &secret_yaml).unwrap();
    let plot = w
        .root
        .join("20_プロット/話別プロット/第001話_潮墨の見習い.yaml");
    let chars = w.root.join("30_設定集/キャラクター.yaml");
    for (link, target) in [(&plot, "plot.yaml"), (&chars, "chars.yaml")] {
        assert!(link.is_file(), "{} is in the sample", link.display());
        std::fs::remove_file(link).unwrap();
        std::os::unix::fs::symlink(w.outside.join(target), link).unwrap();
    }
    let mut c = Client::start(&w.root, &["-q"]);
    let mut refused = 0;
    for (tool, args) in [
        ("noveler_write", json!({"episode": 1})),
        ("noveler_plot", json!({"episode": 1})),
        ("write_manuscript_draft", json!({"episode": 1})),
        ("get_check_tasks", json!({"episode": 1})),
        ("execute_check_step", json!({"episode": 1, "step_id": 4})),
        ("list_artifacts", json!({})),
    ] {
        let r = c.call(tool, args.clone());
        refused += usize::from(r.to_string().contains("U004"));
    }
    assert!(refused > 0, "no call refused the linked plot or settings");
    drop(c);
    for (path, bytes) in tree(&w.root) {
        assert!(
            !String::from_utf8_lossy(&bytes).contains(SECRET),
            "{} holds outside content",
            path.display()
        );
    }
}

/// Files of noveler's own state (a writing session, a check session's manifest, an
/// artifact) behind a symlink out of the project are judged on the opened file and refused:
/// their text reaches no reply.
#[cfg(unix)]
#[test]
fn internal_files_behind_symlinks_are_not_read() {
    let w = world();
    let session = "session_20260101_120000";
    let check = "QC_EP001_20260101_120000_abcd";
    let hex = "0123456789ab";
    std::fs::write(
        w.outside.join("session.yaml"),
        format!("session_id: {session}\nepisode: 1\nnote: {SECRET}\n"),
    )
    .unwrap();
    std::fs::write(
        w.outside.join("manifest.json"),
        format!("{{\"session_id\": \"{check}\", \"note\": \"{SECRET}\"}}"),
    )
    .unwrap();
    for d in [".noveler/sessions", ".noveler/artifacts"] {
        std::fs::create_dir_all(w.root.join(d)).unwrap();
    }
    std::fs::create_dir_all(w.root.join(format!(".noveler/checks/{check}"))).unwrap();
    for (link, target) in [
        (format!(".noveler/sessions/{session}.yaml"), "session.yaml"),
        (
            format!(".noveler/checks/{check}/manifest.json"),
            "manifest.json",
        ),
        (format!(".noveler/artifacts/{hex}.json"), "manifest.json"),
    ] {
        std::os::unix::fs::symlink(w.outside.join(target), w.root.join(link)).unwrap();
    }
    let before = tree(&w.outside);
    let mut c = Client::start(&w.root, &["-q"]);
    for (tool, args) in [
        ("write_resume", json!({"session_id": session, "episode": 1})),
        (
            "get_check_status",
            json!({"session_id": check, "episode": 1}),
        ),
        (
            "fetch_artifact",
            json!({"artifact_id": format!("artifact:{hex}")}),
        ),
    ] {
        let r = c.call(tool, args.clone());
        assert!(r.to_string().contains("U004"), "{tool} {args}: {r}");
    }
    drop(c);
    assert_eq!(tree(&w.outside), before, "nothing outside changed");

    // The CLI reads what the person names, but never its own state through such a link.
    let out = std::process::Command::new(common::BIN)
        .args(["write", "status", "1", "--project-root"])
        .arg(&w.root)
        .output()
        .unwrap();
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!all.contains(SECRET), "{all}");
}

/// A FIFO, a device and hostile settings end at once with a clear refusal (a blocking open
/// of a FIFO with no writer would hang the server; the PATIENCE net catches that).
#[cfg(unix)]
#[test]
fn fifos_devices_and_hostile_settings_are_refused_without_hanging() {
    let w = world();
    let mkfifo = |p: &Path| {
        let c = std::ffi::CString::new(p.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path; mkfifo only creates a file.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0, "{p:?}");
    };
    mkfifo(&w.root.join("40_原稿/第009話_管.md"));
    std::fs::create_dir_all(w.root.join(".noveler/sessions")).unwrap();
    std::fs::create_dir_all(w.root.join(".noveler/locks")).unwrap();
    let session = "session_20260101_120000";
    mkfifo(&w.root.join(format!(".noveler/sessions/{session}.yaml")));
    mkfifo(&w.root.join(".noveler/locks/episode_002.manuscript.lock"));
    let mut c = Client::start(&w.root, &["-q"]);
    for (tool, args, code) in [
        (
            "write",
            json!({"path": "40_原稿/第009話_管.md", "content": "　本文。\n"}),
            "U007",
        ),
        // As an episode the FIFO is no manuscript (walks list regular files only); named,
        // it is refused.
        ("noveler_check", json!({"targets": [9]}), "E003"),
        (
            "noveler_check",
            json!({"targets": ["40_原稿/第009話_管.md"]}),
            "U007",
        ),
        ("noveler_check", json!({"targets": ["/dev/zero"]}), "U004"),
        (
            "write_resume",
            json!({"session_id": session, "episode": 1}),
            "U007",
        ),
        (
            "write",
            json!({"path": "40_原稿/第002話_x.md", "content": "　本文。\n"}),
            "U007",
        ),
    ] {
        let r = c.call(tool, args.clone());
        assert!(r.to_string().contains(code), "{tool} {args}: {r}");
    }
    // Hostile values in .novelerrc.yaml: refused with the file and line.
    for (rc, key) in [
        ("thresholds:\n  window_size: 0\n", "window_size"),
        ("thresholds:\n  kanji_ratio_max: .nan\n", "kanji_ratio_max"),
        (
            "weights: {rhythm: 0, readability: 0, grammar: 0, style: 0, length: 0, content: 0}\n",
            "weights",
        ),
        ("forbidden_expressions: [ok, '']\n", "forbidden_expressions"),
    ] {
        std::fs::write(w.root.join(".novelerrc.yaml"), rc).unwrap();
        let r = c.call("noveler_check", json!({"targets": [1]}));
        let text = r.to_string();
        assert!(text.contains("U002") && text.contains(key), "{rc}: {r}");
        assert!(text.contains(".novelerrc.yaml"), "{rc}: {r}");
    }
    drop(c);
    std::fs::remove_file(w.root.join(".novelerrc.yaml")).unwrap();
    // The CLI refuses a device the person names, instead of reading until memory runs out.
    let out = std::process::Command::new(common::BIN)
        .args(["check", "/dev/zero", "--no-save", "--project-root"])
        .arg(&w.root)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("U007"),
        "{out:?}"
    );
}

/// `complete` takes its locks under `.noveler/locks/` (issue 12 item 6): no `.lock` file is
/// left next to the author's files (`40_原稿/`, `50_管理資料/`) or outside the project.
#[test]
fn complete_leaves_no_lock_next_to_the_authors_files() {
    let w = world();
    let before = tree(&w.outside);
    let mut c = Client::start(&w.root, &["-q"]);
    let r = c.call("noveler_complete", json!({"episode": 1}));
    assert!(r["result"].is_object(), "{r}");
    drop(c);
    assert_eq!(tree(&w.outside), before);
    let mut locks = Vec::new();
    for e in walkdir::WalkDir::new(&w.base) {
        let e = e.unwrap();
        if e.file_name().to_string_lossy().ends_with(".lock") {
            locks.push(e.path().to_path_buf());
        }
    }
    assert!(!locks.is_empty(), "complete took no lock");
    for lock in locks {
        let rel = lock
            .strip_prefix(&w.root)
            .unwrap_or_else(|_| panic!("a lock outside the project: {}", lock.display()));
        assert!(
            rel.starts_with(".noveler") || rel.starts_with("temp/json_output"),
            "a lock next to the author's files: {}",
            lock.display()
        );
    }
}

/// A command line that runs `words` with the path argument `arg` set to `value` and every
/// other required argument filled with a value clap accepts (issue 28 item 1).
fn line_with(words: &[String], arg: &clap::Arg, value: &str) -> Vec<String> {
    use clap::CommandFactory;
    if arg.is_global_set() {
        return vec![
            format!("--{}", arg.get_long().unwrap()),
            value.into(),
            "rules".into(),
        ];
    }
    // The line as pieces: fixed words, or a slot filled from its candidates.
    enum Piece {
        Word(String),
        Slot(Vec<String>),
    }
    let candidates = |a: &clap::Arg| -> Vec<String> {
        let mut c: Vec<String> = a
            .get_possible_values()
            .iter()
            .map(|p| p.get_name().to_string())
            .collect();
        c.extend(["2", "1", "x"].map(String::from));
        c
    };
    let mut pieces = Vec::new();
    // Flags of the verb, one of which the path argument may require (`--write-all`).
    let mut flags = vec![None];
    let mut cmd = noveler::cli::Cli::command();
    cmd.build();
    for (depth, word) in words.iter().enumerate() {
        cmd = cmd.find_subcommand(word).unwrap().clone();
        pieces.push(Piece::Word(word.clone()));
        let leaf = depth + 1 == words.len();
        let mut positionals: Vec<&clap::Arg> = cmd.get_positionals().collect();
        positionals.sort_by_key(|a| a.get_index());
        let target_at = positionals.iter().position(|a| a.get_id() == arg.get_id());
        for (i, p) in positionals.iter().enumerate() {
            if leaf && Some(i) == target_at {
                pieces.push(Piece::Word(value.into()));
            } else if p.is_required_set() || (leaf && target_at.is_some_and(|t| i < t)) {
                let mut c = candidates(p);
                if !leaf {
                    // Before a subcommand a "required" positional may be negated by it.
                    c.insert(0, String::new());
                }
                pieces.push(Piece::Slot(c));
            }
        }
        if leaf {
            flags.extend(
                cmd.get_arguments()
                    .filter(|a| a.get_num_args().is_some_and(|n| !n.takes_values()))
                    .filter_map(|a| a.get_long().map(|l| Some(format!("--{l}")))),
            );
            for o in cmd.get_opts().filter(|o| o.is_required_set()) {
                if o.get_id() != arg.get_id() {
                    pieces.push(Piece::Word(format!("--{}", o.get_long().unwrap())));
                    pieces.push(Piece::Slot(candidates(o)));
                }
            }
            if target_at.is_none() {
                let long = arg.get_long().unwrap();
                if arg.is_require_equals_set() {
                    pieces.push(Piece::Word(format!("--{long}={value}")));
                } else {
                    pieces.push(Piece::Word(format!("--{long}")));
                    pieces.push(Piece::Word(value.into()));
                }
            }
            // `status -o` requires `--report`.
            if cmd.get_name() == "status" {
                pieces.push(Piece::Word("--report".into()));
                pieces.push(Piece::Word("html".into()));
            }
        }
    }
    // The first choice of slot values clap accepts (few slots, few candidates).
    let slots: Vec<usize> = pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Slot(c) => Some(c.len()),
            Piece::Word(_) => None,
        })
        .collect();
    let combinations: usize = slots.iter().product();
    for (flag, mut n) in flags
        .iter()
        .flat_map(|f| (0..combinations).map(move |n| (f, n)))
    {
        let mut line: Vec<String> = pieces
            .iter()
            .map(|p| match p {
                Piece::Word(w) => w.clone(),
                Piece::Slot(c) => {
                    let pick = &c[n % c.len()];
                    n /= c.len();
                    pick.clone()
                }
            })
            .filter(|w| !w.is_empty())
            .collect();
        line.extend(flag.clone());
        let argv = std::iter::once("noveler".to_string()).chain(line.iter().cloned());
        if <noveler::cli::Cli as clap::Parser>::try_parse_from(argv).is_ok() {
            return line;
        }
    }
    panic!(
        "no line clap accepts for {words:?} --{}: {:?}",
        arg.get_id(),
        pieces
            .iter()
            .map(|p| match p {
                Piece::Word(w) => w.clone(),
                Piece::Slot(c) => format!("{c:?}"),
            })
            .collect::<Vec<_>>()
    );
}

/// Every path argument of every verb, taken from clap's own definitions, is refused through
/// the generic `noveler` tool when it names a place outside the allowed roots — absolute,
/// climbing with `..`, or through a symlink in the project — and a relative path is taken
/// from the project root, not from the server's working directory (issue 28 item 1).
#[test]
fn every_path_argument_of_the_generic_tool_is_confined() {
    use clap::CommandFactory;
    let w = world();
    #[cfg(unix)]
    std::os::unix::fs::symlink(&w.outside, w.root.join("lnk")).unwrap();
    std::fs::write(
        w.outside.join("result.json"),
        format!("{{\"summary\": \"{SECRET}\"}}"),
    )
    .unwrap();
    let before = tree(&w.outside);
    let base_before = std::fs::read_dir(&w.base).unwrap().count();
    let mut cmd = noveler::cli::Cli::command();
    cmd.build();
    let args = noveler::cli::path_args::path_args(&cmd);
    assert!(args.len() >= 20, "{} path arguments", args.len());
    // The server runs in the folder holding both the project and `outside/`.
    let mut c = Client {
        proc: McpProcess::spawn_in(&w.base, &w.root, &["-q", "--tools", "seed"]),
        next_id: 1,
    };
    let init = c.request(
        "initialize",
        json!({"protocolVersion": "2025-11-25", "capabilities": {},
               "clientInfo": {"name": "path-args", "version": "1"}}),
    );
    assert!(init["result"].is_object(), "{init}");
    let outside_s = w.outside.display().to_string();
    let mut attacks = 0;
    let mut leaks = Vec::new();
    for (words, arg) in &args {
        if arg.get_id() == "allow_root" {
            continue; // `noveler mcp` itself is refused (U001) before any path.
        }
        let mut forms = vec![
            format!("{outside_s}/secret.md"),
            "../outside/secret.md".to_string(),
            "../outside/result.json".to_string(),
            format!("{outside_s}/new/a/b.html"),
        ];
        if cfg!(unix) {
            forms.push("lnk/secret.md".into());
        }
        for value in forms {
            let line = line_with(words, arg, &value);
            let r = c.call("noveler", json!({"args": line}));
            attacks += 1;
            if !r.to_string().contains("U004") {
                leaks.push(format!("{line:?}: {r}"));
            }
        }
        // Relative to the server's working directory this names the secret; the tool takes
        // it from the project root, where there is no such file.
        let line = line_with(words, arg, "outside/secret.md");
        c.call("noveler", json!({"args": line}));
    }
    drop(c);
    assert!(
        leaks.is_empty(),
        "{} of {attacks} outside paths not refused:\n{}",
        leaks.len(),
        leaks.join("\n")
    );
    assert_eq!(tree(&w.outside), before, "nothing outside changed");
    assert_eq!(
        std::fs::read_dir(&w.base).unwrap().count(),
        base_before,
        "nothing created next to the project"
    );
    for (path, bytes) in tree(&w.root) {
        assert!(
            !String::from_utf8_lossy(&bytes).contains(SECRET),
            "{} holds outside content",
            path.display()
        );
    }
}
