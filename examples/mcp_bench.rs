//! Benchmark of `noveler mcp` (run through `benches/mcp.sh`, release build). Prints:
//! - server start to first response (spawn → `initialize` answered), median of 20 starts;
//! - the `tools/list` response size in bytes for each profile (`--tools core|full`);
//! - p50/p99 latency of 200 sequential `check_basic` calls on one sample episode over one
//!   connection (falls back to `status` when the binary has no `check_basic`);
//! - a sustained run of SUSTAINED (default 10,000) `check_basic` calls over one connection,
//!   results saved as usual: the server's RSS (VmRSS from /proc/PID/status, Linux) after 1,
//!   1,000 and every further 1,000 calls, and calls/s over the first and the last 1,000.
//!
//! Usage: `cargo run --release --example mcp_bench -- [PATH_TO_NOVELER] [CALLS] [SUSTAINED]`.
//! Figures, not assertions: nothing here fails on a slow machine.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Server {
    fn start(bin: &Path, root: &Path, profile: &str) -> Server {
        let mut child = Command::new(bin)
            .args(["mcp", "-q", "--tools", profile, "--project-root"])
            .arg(root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn noveler mcp");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Server {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, v: &Value) {
        let mut line = v.to_string();
        line.push('\n');
        self.stdin.write_all(line.as_bytes()).unwrap();
        self.stdin.flush().unwrap();
    }

    /// Reads lines until the response to `id`; returns the raw line.
    fn wait(&mut self, id: i64) -> String {
        loop {
            let mut line = String::new();
            if self.stdout.read_line(&mut line).unwrap() == 0 {
                panic!("server closed stdout");
            }
            let v: Value = serde_json::from_str(&line).expect("JSON line");
            if v.get("id") == Some(&json!(id)) {
                return line;
            }
        }
    }

    fn initialize(&mut self) {
        self.send(
            &json!({"jsonrpc":"2.0","id":0,"method":"initialize","params":{
            "protocolVersion":"2025-11-25","capabilities":{},
            "clientInfo":{"name":"bench","version":"1"}}}),
        );
        self.wait(0);
        self.send(&json!({"jsonrpc":"2.0","method":"notifications/initialized"}));
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let t = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &t);
        } else {
            std::fs::copy(e.path(), &t).unwrap();
        }
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let idx = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[idx.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let bin = args.next().map(PathBuf::from).unwrap_or_else(|| {
        let target = std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| "target".into());
        PathBuf::from(target).join("release/noveler")
    });
    let calls: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(200);
    let sustained: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(10_000);
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("project");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sample_project"),
        &root,
    );
    println!("noveler mcp benchmark ({})", bin.display());

    // Start to first response, and to the first tools/list (the tool table is built in the
    // background after start).
    let mut starts = Vec::new();
    let mut lists = Vec::new();
    for _ in 0..20 {
        let t = Instant::now();
        let mut s = Server::start(&bin, &root, "full");
        s.send(
            &json!({"jsonrpc":"2.0","id":0,"method":"initialize","params":{
            "protocolVersion":"2025-11-25","capabilities":{},
            "clientInfo":{"name":"bench","version":"1"}}}),
        );
        s.wait(0);
        starts.push(t.elapsed());
        s.send(&json!({"jsonrpc":"2.0","method":"notifications/initialized"}));
        s.send(&json!({"jsonrpc":"2.0","id":1,"method":"tools/list"}));
        s.wait(1);
        lists.push(t.elapsed());
    }
    starts.sort();
    lists.sort();
    println!(
        "start to first response (initialize), 20 runs: median {}, max {}",
        ms(percentile(&starts, 0.5)),
        ms(*starts.last().unwrap())
    );
    println!(
        "start to tools/list answered (full), 20 runs: median {}, max {}",
        ms(percentile(&lists, 0.5)),
        ms(*lists.last().unwrap())
    );

    // tools/list sizes.
    let mut tool_names = Vec::new();
    for profile in ["core", "full"] {
        let mut s = Server::start(&bin, &root, profile);
        s.initialize();
        s.send(&json!({"jsonrpc":"2.0","id":1,"method":"tools/list"}));
        let line = s.wait(1);
        let v: Value = serde_json::from_str(&line).unwrap();
        let tools = v["result"]["tools"].as_array().cloned().unwrap_or_default();
        let result_bytes = v["result"].to_string().len();
        // What an agent's model typically sees of a tool: name, description, input schema.
        let model_visible: usize = tools
            .iter()
            .map(|t| {
                json!({"name": t["name"], "description": t["description"],
                       "input_schema": t["inputSchema"]})
                .to_string()
                .len()
            })
            .sum();
        println!(
            "tools/list --tools {profile}: {} tools, {} bytes (result object; {} bytes of \
             name+description+inputSchema)",
            tools.len(),
            result_bytes,
            model_visible
        );
        if profile == "full" {
            tool_names = tools
                .iter()
                .filter_map(|t| t["name"].as_str().map(str::to_string))
                .collect();
        }
    }

    // Latency of repeated calls over one connection.
    let (tool, arguments) = if tool_names.iter().any(|n| n == "check_basic") {
        ("check_basic", json!({"episode": 1}))
    } else {
        println!("(check_basic is not in this build: measuring `status` instead)");
        ("status", json!({}))
    };
    let mut s = Server::start(&bin, &root, "full");
    s.initialize();
    let mut lat = Vec::with_capacity(calls);
    let mut errors = 0;
    for i in 0..calls {
        let id = 100 + i as i64;
        let t = Instant::now();
        s.send(&json!({"jsonrpc":"2.0","id":id,"method":"tools/call",
            "params":{"name":tool,"arguments":arguments}}));
        let line = s.wait(id);
        lat.push(t.elapsed());
        let v: Value = serde_json::from_str(&line).unwrap();
        if v["result"]["isError"] != json!(false) {
            errors += 1;
        }
    }
    lat.sort();
    let mean = lat.iter().sum::<Duration>() / lat.len().max(1) as u32;
    println!(
        "{calls} x {tool} {arguments} over one connection: p50 {}, p99 {}, mean {}, max {} ({errors} error results)",
        ms(percentile(&lat, 0.5)),
        ms(percentile(&lat, 0.99)),
        ms(mean),
        ms(*lat.last().unwrap()),
    );

    drop(s);
    sustained_run(&bin, &root, tool, &arguments, sustained);
}

/// VmRSS of `pid` in KiB (Linux); `None` elsewhere.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

fn mib(kib: Option<u64>) -> String {
    kib.map_or("n/a".into(), |k| format!("{:.1} MiB", k as f64 / 1024.0))
}

/// `n` sequential calls over one fresh connection on a fresh project copy (so earlier runs'
/// results do not count): RSS along the way and throughput at the start and the end.
fn sustained_run(bin: &Path, sample: &Path, tool: &str, arguments: &Value, n: usize) {
    if n == 0 {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("project");
    copy_dir(sample, &root);
    let _ = std::fs::remove_dir_all(root.join("temp"));
    let mut s = Server::start(bin, &root, "full");
    s.initialize();
    let pid = s.child.id();
    let window = 1000.min(n);
    let mut first_window = None;
    let mut window_start = Instant::now();
    let mut last_rate = 0.0;
    let mut errors = 0;
    println!("sustained: {n} x {tool} over one connection (results saved)");
    for i in 1..=n {
        let id = 1_000_000 + i as i64;
        s.send(&json!({"jsonrpc":"2.0","id":id,"method":"tools/call",
            "params":{"name":tool,"arguments":arguments}}));
        let line = s.wait(id);
        if !line.contains("\"isError\":false") {
            errors += 1;
        }
        if i == 1 {
            println!("  RSS after 1 call: {}", mib(rss_kib(pid)));
        }
        if i % window == 0 {
            let rate = window as f64 / window_start.elapsed().as_secs_f64();
            first_window.get_or_insert(rate);
            last_rate = rate;
            println!(
                "  after {i:>6} calls: RSS {}, {:.0} calls/s over the last {window}",
                mib(rss_kib(pid)),
                rate
            );
            window_start = Instant::now();
        }
    }
    println!(
        "  calls/s: first {window} {:.0}, last {window} {:.0} ({errors} error results)",
        first_window.unwrap_or(0.0),
        last_rate
    );
}
