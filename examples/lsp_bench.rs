//! The keystroke path of `noveler lsp`, measured from outside as an editor sees it: one
//! episode opened, then edits sent one at a time as typing (a character inserted at the
//! end of a paragraph in the middle, the typed run deleted again after each sentence),
//! each timed from writing its `didChange` to reading the `publishDiagnostics` of its
//! version. Prints p50/p95/p99/max over the first `LATENCY_EDITS` edits, the server's CPU
//! time per edit over them (the work, fairer than wall-clock on a loaded machine), and its
//! resident memory every 1,000 edits up to `EDITS`. Used by `benches/lsp.sh`:
//!
//! ```sh
//! cargo run --release --example lsp_bench -- target/release/noveler EPISODE.md [EDITS]
//! ```
//!
//! The client is an editor that names no folder (`rootUri: null`): the server finds the
//! project from the document's path. A server that stops answering ends the bench with an
//! error after `PATIENCE`, never a hang.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

const LATENCY_EDITS: usize = 500;
const PATIENCE: Duration = Duration::from_secs(60);
/// What a `file://` URI keeps unescaped.
const URI_KEEP: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'/')
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(bin), Some(file)) = (args.first(), args.get(1)) else {
        eprintln!("usage: lsp_bench NOVELER EPISODE.md [EDITS]");
        std::process::exit(2);
    };
    let edits: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(10_000);
    // Absolute: the server starts in the episode's folder.
    let bin = std::fs::canonicalize(bin).expect("noveler binary");
    let path = std::fs::canonicalize(file).expect("episode file");
    let text = std::fs::read_to_string(&path).expect("UTF-8 episode");
    let mut child = Command::new(&bin)
        .arg("lsp")
        .current_dir(path.parent().unwrap_or(&path))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("spawn noveler lsp");
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let incoming = read_messages(child.stdout.take().unwrap());
    let mut send = |msg: Value| {
        let body = msg.to_string();
        write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        stdin.flush().unwrap();
    };
    // Escaped as editors write it (the server reads an unescaped one too).
    let uri = format!(
        "file://{}",
        percent_encoding::utf8_percent_encode(&path.to_string_lossy(), URI_KEEP)
    );
    send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "processId": null, "rootUri": null,
            "capabilities": {"general": {"positionEncodings": ["utf-16"]}}
        }}),
    );
    wait(&incoming, |m| m["id"] == 1);
    send(json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}));
    let start = Instant::now();
    send(
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "markdown", "version": 0, "text": text
        }}}),
    );
    let first = wait(&incoming, |m| published(m, 0));
    println!(
        "episode: {} chars, {} lines; first check (didOpen → diagnostics): {:.1} ms, {} diagnostics",
        text.chars().count(),
        text.lines().count(),
        start.elapsed().as_secs_f64() * 1e3,
        first["params"]["diagnostics"].as_array().map_or(0, Vec::len)
    );

    // Typing at the end of the paragraph nearest the middle.
    let lines: Vec<&str> = text.lines().collect();
    let line = (lines.len() / 2..lines.len())
        .find(|&i| !lines[i].trim().is_empty())
        .unwrap_or(0);
    let base = lines[line].encode_utf16().count();
    let typed: Vec<char> = "彼女は静かに笑った。".chars().collect();
    let mut run = 0usize;
    let mut latencies = Vec::with_capacity(LATENCY_EDITS);
    let mut rss = vec![(0, rss_kib(pid))];
    let cpu_start = cpu_ns(pid);
    let mut cpu_latency = None;
    for v in 1..=edits {
        let at = |c: usize| json!({"line": line, "character": c});
        let change = if run == typed.len() {
            let c = json!({"range": {"start": at(base), "end": at(base + run)}, "text": ""});
            run = 0;
            c
        } else {
            let c = json!({"range": {"start": at(base + run), "end": at(base + run)},
                "text": typed[run].to_string()});
            run += 1;
            c
        };
        let t = Instant::now();
        send(
            json!({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": v}, "contentChanges": [change]
            }}),
        );
        wait(&incoming, |m| published(m, v));
        if v <= LATENCY_EDITS {
            latencies.push(t.elapsed().as_secs_f64() * 1e3);
        }
        if v == LATENCY_EDITS.min(edits) {
            cpu_latency = Some(cpu_ns(pid).saturating_sub(cpu_start));
        }
        if v % 1000 == 0 {
            rss.push((v, rss_kib(pid)));
        }
    }
    latencies.sort_by(f64::total_cmp);
    if !latencies.is_empty() {
        let pct = |p: f64| {
            latencies[((latencies.len() as f64 * p).ceil() as usize).clamp(1, latencies.len()) - 1]
        };
        println!(
            "didChange → publishDiagnostics over {} edits: p50 {:.2} ms  p95 {:.2} ms  p99 {:.2} ms  max {:.2} ms",
            latencies.len(),
            pct(0.50),
            pct(0.95),
            pct(0.99),
            latencies.last().copied().unwrap_or(0.0)
        );
    }
    if let Some(ns) = cpu_latency.filter(|_| !latencies.is_empty()) {
        println!(
            "server CPU time (user+sys, all threads) per edit over {} edits: {:.2} ms",
            latencies.len(),
            ns as f64 / 1e6 / latencies.len() as f64
        );
    }
    let shown: Vec<String> = rss
        .iter()
        .map(|(v, k)| format!("{v}:{:.1}", *k as f64 / 1024.0))
        .collect();
    println!("server RSS (MiB) after N edits: {}", shown.join("  "));
    if let (Some(a), Some(b)) = (rss.get(1), rss.last()) {
        println!(
            "RSS from edit {} to edit {}: {:+.1} MiB",
            a.0,
            b.0,
            (b.1 as f64 - a.1 as f64) / 1024.0
        );
    }
    send(json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}));
    wait(&incoming, |m| m["id"] == 2);
    send(json!({"jsonrpc": "2.0", "method": "exit"}));
    let _ = child.wait();
}

fn published(m: &Value, version: usize) -> bool {
    m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == json!(version)
}

/// The first message matching `want` (others are skipped); ends the bench when the server
/// says nothing for `PATIENCE` or closes its output.
fn wait(incoming: &Receiver<Value>, want: impl Fn(&Value) -> bool) -> Value {
    loop {
        match incoming.recv_timeout(PATIENCE) {
            Ok(msg) if want(&msg) => return msg,
            Ok(_) => {}
            Err(e) => {
                eprintln!("lsp_bench: no awaited message from the server ({e})");
                std::process::exit(1);
            }
        }
    }
}

/// The server's messages, read on a thread of their own.
fn read_messages(out: impl Read + Send + 'static) -> Receiver<Value> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut r = BufReader::new(out);
        loop {
            let mut len = 0usize;
            loop {
                let mut line = String::new();
                if r.read_line(&mut line).unwrap_or(0) == 0 {
                    return;
                }
                let line = line.trim_end();
                if line.is_empty() {
                    break;
                }
                if let Some(v) = line.strip_prefix("Content-Length:") {
                    len = v.trim().parse().unwrap_or(0);
                }
            }
            let mut body = vec![0; len];
            if r.read_exact(&mut body).is_err() {
                return;
            }
            let Ok(msg) = serde_json::from_slice::<Value>(&body) else {
                return;
            };
            if tx.send(msg).is_err() {
                return;
            }
        }
    });
    rx
}

/// The resident set of process `pid` in KiB (0 where /proc is unavailable).
fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// CPU time the threads of process `pid` have run, in nanoseconds: the sum of the first
/// field of each thread's `/proc/PID/task/TID/schedstat` (the server's threads live as long
/// as it does); 0 where /proc is unavailable.
fn cpu_ns(pid: u32) -> u64 {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return 0;
    };
    tasks
        .flatten()
        .filter_map(|t| std::fs::read_to_string(t.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .sum()
}
