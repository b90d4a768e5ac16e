//! A raw JSON-RPC client of `noveler lsp` over the binary's stdio: `Content-Length`
//! framing written by hand, messages read on a thread, notifications queued while a
//! response is awaited.

use serde_json::{json, Value};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::Duration;

/// How long to wait for a message before failing (a safety net against a hung server,
/// not a timing assertion: a debug build checks a document in well under a second).
pub const PATIENCE: Duration = Duration::from_secs(120);

pub struct LspClient {
    pub child: Child,
    stdin: Option<ChildStdin>,
    incoming: Receiver<Value>,
    /// Server-to-client messages read while waiting for something else.
    pub queue: VecDeque<Value>,
    next_id: i64,
}

impl LspClient {
    /// `noveler lsp` started in `cwd` (its stderr discarded).
    pub fn spawn(cwd: &Path) -> LspClient {
        let mut child = Command::new(super::BIN)
            .arg("lsp")
            .current_dir(cwd)
            .env_remove("PROJECT_ROOT")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn noveler lsp");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, incoming) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            while let Some(body) = read_frame(&mut r) {
                let Ok(v) = serde_json::from_slice::<Value>(&body) else {
                    return;
                };
                if tx.send(v).is_err() {
                    return;
                }
            }
        });
        LspClient {
            child,
            stdin,
            incoming,
            queue: VecDeque::new(),
            next_id: 0,
        }
    }

    /// Writes raw bytes to the server.
    pub fn write_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    pub fn send(&mut self, msg: &Value) {
        let body = msg.to_string();
        let mut frame = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        frame.extend(body.as_bytes());
        self.write_raw(&frame);
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Sends a request and returns its id.
    pub fn start_request(&mut self, method: &str, params: Value) -> i64 {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        id
    }

    /// Sends a request and waits for its response (the whole message).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.start_request(method, params);
        self.response(id)
    }

    /// The response to request `id`.
    pub fn response(&mut self, id: i64) -> Value {
        self.wait_for(|m| m.get("method").is_none() && m["id"] == json!(id))
    }

    /// The first message (queued or new) matching `want`; others stay queued (a request
    /// from the server is answered with `null` as it passes).
    pub fn wait_for(&mut self, want: impl Fn(&Value) -> bool) -> Value {
        if let Some(at) = self.queue.iter().position(&want) {
            return self.queue.remove(at).unwrap();
        }
        loop {
            let msg = self.incoming.recv_timeout(PATIENCE).unwrap_or_else(|_| {
                panic!("no message from noveler lsp; queued: {:?}", self.queue)
            });
            if msg.get("method").is_some() && msg.get("id").is_some() {
                // A request of the server (registerCapability, configuration): answered.
                let result = if msg["method"] == "workspace/configuration" {
                    json!([null])
                } else {
                    Value::Null
                };
                self.send(&json!({"jsonrpc": "2.0", "id": msg["id"], "result": result}));
            }
            if want(&msg) {
                return msg;
            }
            self.queue.push_back(msg);
        }
    }

    /// The diagnostics published for `uri` at `version` (any version when `None`).
    pub fn diagnostics(&mut self, uri: &str, version: Option<i64>) -> Vec<Value> {
        let msg = self.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && version.is_none_or(|v| m["params"]["version"] == json!(v))
        });
        msg["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// `initialize` (with `capabilities`) then `initialized`; returns the result.
    pub fn initialize(&mut self, root: &Path, capabilities: Value, options: Value) -> Value {
        self.initialize_with(json!({
            "processId": null,
            "rootUri": file_uri(root),
            "capabilities": capabilities,
            "initializationOptions": options,
        }))
    }

    /// `initialize` with exactly `params`, then `initialized`; returns the result.
    pub fn initialize_with(&mut self, params: Value) -> Value {
        let r = self.request("initialize", params);
        self.notify("initialized", json!({}));
        r["result"].clone()
    }

    pub fn open(&mut self, uri: &str, text: &str, version: i64) {
        let language = if uri.ends_with(".txt") {
            "plaintext"
        } else {
            "markdown"
        };
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": language, "version": version, "text": text}}),
        );
    }

    /// `shutdown` then `exit`; the exit code.
    pub fn shutdown(mut self) -> Option<i32> {
        let r = self.request("shutdown", Value::Null);
        assert_eq!(r["result"], Value::Null, "{r}");
        self.notify("exit", Value::Null);
        drop(self.stdin.take());
        self.child.wait().ok().and_then(|s| s.code())
    }
}

impl Drop for LspClient {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One message body from an LSP stream.
fn read_frame(r: &mut impl BufRead) -> Option<Vec<u8>> {
    let mut len = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(v) = line.strip_prefix("Content-Length:") {
            len = v.trim().parse::<usize>().ok();
        }
    }
    let mut body = vec![0; len?];
    r.read_exact(&mut body).ok()?;
    Some(body)
}

/// The `file://` URI of `path` (percent-encoded as editors do).
pub fn file_uri(path: &Path) -> String {
    noveler::store::uri::file_uri(path)
}

/// The client capabilities of a modern editor, offering `encodings` (LSP 3.17).
pub fn capabilities(encodings: &[&str]) -> Value {
    json!({
        "general": {"positionEncodings": encodings},
        "workspace": {
            "workspaceEdit": {"documentChanges": true, "resourceOperations": ["create"]},
            "didChangeWatchedFiles": {"dynamicRegistration": true},
            "configuration": false
        },
        "textDocument": {"codeAction": {"resolveSupport": {"properties": ["edit"]}}}
    })
}

/// `text` with LSP `edits` (positions counted in `encoding`) applied, last first.
pub fn apply_edits(text: &str, edits: &[Value], encoding: &str) -> String {
    let offset = |pos: &Value| -> usize {
        let line = pos["line"].as_u64().unwrap() as usize;
        let character = pos["character"].as_u64().unwrap() as usize;
        let mut start = 0;
        for _ in 0..line {
            start += text[start..]
                .find('\n')
                .map_or(text.len() - start, |i| i + 1);
        }
        let mut units = 0;
        for (i, c) in text[start..].char_indices() {
            if units >= character || c == '\n' || c == '\r' {
                return start + i;
            }
            units += match encoding {
                "utf-8" => c.len_utf8(),
                "utf-32" => 1,
                _ => c.len_utf16(),
            };
        }
        text.len()
    };
    let mut spans: Vec<(usize, usize, String)> = edits
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    spans.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut out = text.to_string();
    for (a, b, t) in spans {
        out.replace_range(a..b, &t);
    }
    out
}

/// The edits of `action`'s workspace edit for `uri` (either form).
pub fn edits_for(action: &Value, uri: &str) -> Vec<Value> {
    let edit = &action["edit"];
    if let Some(changes) = edit["documentChanges"].as_array() {
        return changes
            .iter()
            .filter(|c| c["textDocument"]["uri"] == uri)
            .flat_map(|c| c["edits"].as_array().cloned().unwrap_or_default())
            .collect();
    }
    edit["changes"][uri].as_array().cloned().unwrap_or_default()
}
