//! `noveler mcp` protocol hygiene over raw JSON lines (issue 12 item 5): duplicate ids in
//! flight, ids rmcp cannot hold, JSON deeper than the parser allows, oversized lines — each an
//! error carrying the id as sent, and the server keeps serving; end of input ends the server
//! even while a call is stuck.
//!
//! A call is held in flight deterministically: the test takes `.todo/.lock`, which
//! `create_task` waits for.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::Duration;

mod common;

/// A safety net against a hung server, not a timing assertion.
const PATIENCE: Duration = Duration::from_secs(120);

struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Server {
    fn start(root: &Path) -> Server {
        Server::start_with(root, &[])
    }

    fn start_with(root: &Path, extra: &[&str]) -> Server {
        let mut child = Command::new(common::BIN)
            .args(["mcp", "-q", "--tools", "seed", "--project-root"])
            .arg(root)
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut s = Server {
            child,
            stdin,
            lines,
        };
        s.send(&json!({"jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                       "clientInfo": {"name": "protocol-test", "version": "1"}}}));
        assert!(s.next()["result"].is_object());
        s.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        s
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(bytes).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    fn send(&mut self, v: &Value) {
        self.send_raw(v.to_string().as_bytes());
    }

    /// The next line, as text.
    fn next_line(&mut self) -> String {
        self.lines
            .recv_timeout(PATIENCE)
            .expect("a line from the server")
    }

    fn next(&mut self) -> Value {
        serde_json::from_str(&self.next_line()).unwrap()
    }

    /// The server still answers a ping.
    fn alive(&mut self, id: i64) {
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": "ping"}));
        let r = self.next();
        assert_eq!(r["id"], id, "{r}");
        assert!(r["result"].is_object(), "{r}");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn project() -> (tempfile::TempDir, std::path::PathBuf) {
    let (dir, root) = common::sample_in("project");
    std::fs::create_dir_all(root.join(".todo")).unwrap();
    (dir, root)
}

/// Holds `.todo/.lock` (what every task change waits for) while alive.
fn hold_todo_lock(root: &Path) -> fd_lock::RwLock<std::fs::File> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(root.join(".todo/.lock"))
        .unwrap();
    fd_lock::RwLock::new(file)
}

#[test]
fn a_duplicate_id_in_flight_is_refused_and_free_once_answered() {
    let (_g, root) = project();
    let mut lock = hold_todo_lock(&root);
    let guard = lock.write().unwrap();
    let mut s = Server::start(&root);
    s.send(&json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call",
        "params": {"name": "create_task", "arguments": {"title": "遅い"}}}));
    s.send(&json!({"jsonrpc": "2.0", "id": 5, "method": "ping"}));
    let dup = s.next();
    assert_eq!(dup["id"], 5, "{dup}");
    assert_eq!(dup["error"]["code"], -32600, "{dup}");
    s.alive(6);
    drop(guard);
    let first = s.next();
    assert_eq!(first["id"], 5, "{first}");
    assert_eq!(
        first["result"]["isError"], false,
        "the first call went on: {first}"
    );
    // Answered: the id may be used again.
    s.alive(5);
}

#[test]
fn unusual_ids_deep_json_and_long_lines_get_errors_with_their_ids() {
    let (_g, root) = project();
    let mut s = Server::start(&root);
    for (line, id) in [
        (
            r#"{"jsonrpc":"2.0","id":9223372036854775808,"method":"ping"}"#.to_string(),
            "9223372036854775808".to_string(),
        ),
        (
            r#"{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}"#.into(),
            "123456789012345678901234567890".into(),
        ),
        (
            r#"{"jsonrpc":"2.0","id":2.5,"method":"ping"}"#.into(),
            "2.5".into(),
        ),
        (
            format!(
                r#"{{"jsonrpc":"2.0","id":"deep","method":"tools/call","params":{{"name":"status","arguments":{{"x":{}{}}}}}}}"#,
                "[".repeat(10_000),
                "]".repeat(10_000)
            ),
            r#""deep""#.into(),
        ),
        (
            format!(
                r#"{{"jsonrpc":"2.0","id":"long","method":"tools/call","params":{{"name":"write","arguments":{{"path":"a.md","content":"{}"}}}}}}"#,
                "あ".repeat(6 * 1024 * 1024)
            ),
            r#""long""#.into(),
        ),
    ] {
        s.send_raw(line.as_bytes());
        let reply = s.next_line();
        assert!(reply.contains(&format!(r#""id":{id},"#)), "{id}: {reply}");
        let v: Value = serde_json::from_str(&reply).unwrap();
        assert_eq!(v["error"]["code"], -32600, "{reply}");
        s.alive(7);
    }
    assert!(!root.join("a.md").exists(), "the oversized write never ran");
}

#[test]
fn end_of_input_ends_the_server_even_with_a_call_stuck() {
    let (_g, root) = project();
    let mut lock = hold_todo_lock(&root);
    let _guard = lock.write().unwrap();
    let mut s = Server::start(&root);
    s.alive(1);
    s.send(&json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "create_task", "arguments": {"title": "止まったまま"}}}));
    s.alive(3); // the call is in flight
    drop(s.stdin.take());
    // Without the exit grace the process would wait for the lock this test never releases.
    let (tx, rx) = std::sync::mpsc::channel();
    let mut child = std::mem::replace(&mut s.child, Command::new("true").spawn().unwrap());
    std::thread::spawn(move || {
        let _ = tx.send(child.wait());
    });
    let status = rx.recv_timeout(PATIENCE).expect("the server exited");
    assert!(status.unwrap().success());
}

#[test]
fn no_save_writes_no_result_files() {
    let (_g, root) = project();
    let mut s = Server::start_with(&root, &["--no-save"]);
    for (id, tool, args) in [
        (1, "check_basic", json!({"episode": 1})),
        (2, "noveler", json!({"command": "rules"})),
        (3, "status", json!({"project_root": "no/such"})), // an error result
    ] {
        s.send(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": tool, "arguments": args}}));
        let r = s.next();
        assert_eq!(r["id"], id, "{r}");
        assert!(
            r["result"]["structuredContent"].get("saved_to").is_none(),
            "{tool}: {r}"
        );
    }
    assert!(
        !root.join("temp/json_output").exists(),
        "nothing saved under temp/json_output/"
    );
    // Without --no-save the same call saves its envelope (the test can fail).
    let mut s = Server::start(&root);
    s.send(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "check_basic", "arguments": {"episode": 1}}}));
    let r = s.next();
    assert!(
        r["result"]["structuredContent"]["saved_to"].is_string(),
        "{r}"
    );
}

/// What a hostile client sends is never echoed back whole, an error message is never empty,
/// a request with `"id": null` and a batch are answered with a clear refusal (issue 28 item 1).
#[test]
fn echoes_are_capped_and_odd_requests_are_answered() {
    let (_g, root) = project();
    let mut s = Server::start(&root);
    let big = "x".repeat(1 << 20);
    let mut id = 100;
    for (method, params) in [
        ("tools/call", json!({"name": big, "arguments": {}})),
        ("resources/read", json!({"uri": format!("file://{big}")})),
        ("resources/read", json!({"uri": format!("noveler://{big}")})),
        (
            "tools/call",
            json!({"name": "noveler_check", "arguments": {big.clone(): 1}}),
        ),
        (
            "tools/call",
            json!({"name": "noveler_check", "arguments": big}),
        ),
        (big.as_str(), json!({})),
        (
            "tools/call",
            json!({"name": "write", "arguments": {"path": format!("40_原稿/{big}.md"), "content": "x"}}),
        ),
        (
            "tools/call",
            json!({"name": "noveler", "arguments": {"args": ["check", big]}}),
        ),
    ] {
        id += 1;
        s.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let reply = s.next_line();
        let shown: String = reply.chars().take(300).collect();
        assert!(
            reply.len() < 64 * 1024,
            "{} bytes echoed: {shown}",
            reply.len()
        );
        let v: Value = serde_json::from_str(&reply).unwrap();
        assert_eq!(v["id"], id, "{shown}");
        let message = v["error"]["message"]
            .as_str()
            .or(v["result"]["structuredContent"]["error"]["message"].as_str());
        if let Some(m) = message {
            assert!(!m.is_empty(), "an empty message: {shown}");
        }
    }
    // `"id": null` is no notification: refused, not left unanswered.
    s.send(&json!({"jsonrpc": "2.0", "id": null, "method": "ping"}));
    let r = s.next();
    assert!(r["id"].is_null() && r["error"]["code"] == -32600, "{r}");
    // A batch: MCP has none; the refusal says so.
    for batch in [
        json!([{"jsonrpc": "2.0", "id": 1, "method": "ping"}]),
        json!([]),
    ] {
        s.send(&batch);
        let r = s.next();
        let m = r["error"]["message"].as_str().unwrap_or_default();
        assert!(m.contains("batch"), "{r}");
    }
    s.alive(7);
}
