//! Issue 18 items 3–5 (the seeds' parameters, codes and records), end to end: the built
//! binary on a fresh copy of `fixtures/sample_project`, through the CLI and through
//! `noveler mcp` (seed profile, raw JSON lines).

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::Duration;

mod common;
use common::{code, json as parse, run, McpProcess};

/// A safety net against a hung server, not a timing assertion.
const PATIENCE: Duration = Duration::from_secs(120);

struct Mcp {
    proc: McpProcess,
    next_id: i64,
}

impl Mcp {
    fn start(root: &Path) -> Mcp {
        let mut m = Mcp {
            proc: McpProcess::spawn(root, &["-q", "--tools", "seed"]),
            next_id: 1,
        };
        let r = m.request(
            "initialize",
            json!({"protocolVersion": "2025-11-25", "capabilities": {},
                   "clientInfo": {"name": "seedrows-test", "version": "1"}}),
        );
        assert!(r["result"].is_object(), "{r}");
        m.proc
            .send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        m
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        self.proc
            .send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let line = self.proc.recv(PATIENCE).expect("a reply from noveler mcp");
            let v: Value = serde_json::from_str(&line).expect("JSON-RPC line");
            if v["id"] == id {
                return v;
            }
        }
    }

    /// A tools/call: (isError, structuredContent).
    fn call(&mut self, tool: &str, args: Value) -> (bool, Value) {
        let r = self.request("tools/call", json!({"name": tool, "arguments": args}));
        let result = &r["result"];
        assert!(result.is_object(), "{tool}: not a tool result: {r}");
        (
            result["isError"].as_bool().unwrap_or(false),
            result["structuredContent"].clone(),
        )
    }

    fn ok(&mut self, tool: &str, args: Value) -> Value {
        let (is_error, sc) = self.call(tool, args.clone());
        assert!(!is_error, "{tool} {args}: {sc}");
        sc["result"].clone()
    }

    fn err(&mut self, tool: &str, args: Value, code: &str) -> Value {
        let (is_error, sc) = self.call(tool, args.clone());
        assert!(is_error, "{tool} {args} should fail: {sc}");
        assert_eq!(sc["error"]["code"], code, "{tool} {args}: {sc}");
        sc["error"].clone()
    }
}

fn project() -> (tempfile::TempDir, PathBuf) {
    let (dir, root) = common::sample_in("project");
    let root = std::fs::canonicalize(root).unwrap();
    (dir, root)
}

fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// Session directories of episode `ep` under .noveler/checks/.
fn check_sessions(root: &Path, ep: u32) -> Vec<String> {
    let prefix = format!("QC_EP{ep:03}_");
    std::fs::read_dir(root.join(".noveler/checks"))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .filter(|n| n.starts_with(&prefix))
        .collect()
}

/// The lock files of `n` concurrency slots of `kind` (lock them to hold the slots, as
/// another process would).
fn hold_slots(root: &Path, kind: &str, n: usize) -> Vec<std::fs::File> {
    let dir = root.join(".noveler/locks");
    std::fs::create_dir_all(&dir).unwrap();
    (0..n)
        .map(|i| {
            std::fs::OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(dir.join(format!("slot_{kind}_{i}.lock")))
                .unwrap()
        })
        .collect()
}

// ---------------------------------------------------------------------------------- CLI

#[test]
fn cli_check_basic_is_check_basic() {
    let (_g, root) = project();
    let basic = run(&root, &["check", "1", "--basic", "--format", "json"]);
    assert!(code(&basic) < 2);
    let basic = parse(&basic);
    let file = &basic["result"]["files"][0];
    assert_eq!(file["scores"]["rhythm"], Value::Null, "rhythm is not basic");
    assert!(file["scores"]["style"].is_number());
    let full = parse(&run(&root, &["check", "1", "--format", "json"]));
    assert!(full["result"]["files"][0]["scores"]["rhythm"].is_number());
    // The hook label is the seed's weak/avg/strong; the number stays under main_hook_score.
    let hook = &full["result"]["files"][0]["metrics"]["hook_assessment"];
    assert!(
        ["weak", "avg", "strong"].contains(&hook["main_hook_strength"].as_str().unwrap()),
        "{hook}"
    );
    assert!(hook["main_hook_score"].is_number());
    // Every check logged its I/O: hashes, never the manuscript text.
    let log = lines(&root.join(".noveler/checks/check_runs.ndjson"));
    assert_eq!(log.len(), 2, "one line per check run");
    let last = &log[1];
    assert_eq!(
        last["input"]["files"][0]["path"],
        "40_原稿/第001話_潮墨の見習い.md"
    );
    assert_eq!(
        last["input"]["files"][0]["sha256"].as_str().unwrap().len(),
        64
    );
    assert!(last["output"]["files"][0]["findings"].is_number());
    let manuscript = std::fs::read_to_string(root.join("40_原稿/第001話_潮墨の見習い.md")).unwrap();
    let sentence = manuscript
        .lines()
        .find(|l| l.chars().count() > 15 && !l.starts_with('#'))
        .unwrap()
        .trim();
    let raw = std::fs::read_to_string(root.join(".noveler/checks/check_runs.ndjson")).unwrap();
    assert!(!raw.contains(sentence), "the log holds no manuscript text");
    // A throwaway run logs nothing.
    run(&root, &["check", "1", "--no-save", "--format", "json"]);
    assert_eq!(
        lines(&root.join(".noveler/checks/check_runs.ndjson")).len(),
        2
    );
}

#[test]
fn cli_artifact_format_type_converts_and_dry_run_step_keeps_nothing() {
    let (_g, root) = project();
    std::fs::write(root.join("memo.yaml"), "name: 小鞠\nage: 15\n").unwrap();
    let stored = parse(&run(
        &root,
        &["artifact", "store", "memo.yaml", "--format", "json"],
    ));
    let id = stored["result"]["artifact_id"]
        .as_str()
        .unwrap()
        .to_string();
    let fetched = run(&root, &["artifact", "fetch", &id, "--format-type", "json"]);
    assert_eq!(code(&fetched), 0, "{}", common::stderr(&fetched));
    let v: Value = serde_json::from_slice(&fetched.stdout).expect("converted to JSON");
    assert_eq!(v["name"], "小鞠");
    assert_eq!(v["age"], 15);

    let artifacts = || {
        std::fs::read_dir(root.join(".noveler/artifacts"))
            .map(|d| d.count())
            .unwrap_or(0)
    };
    let before = artifacts();
    let out = run(
        &root,
        &[
            "check",
            "progressive",
            "1",
            "step",
            "1",
            "--dry-run",
            "--format",
            "json",
        ],
    );
    assert!(code(&out) < 2, "{}", common::stderr(&out));
    let v = parse(&out);
    assert_eq!(v["result"]["dry_run"], true, "{v}");
    assert!(v["result"]["measured_score"].is_number());
    assert!(check_sessions(&root, 1).is_empty(), "no session kept");
    assert_eq!(artifacts(), before, "no artifact kept");
    // The same step for real keeps its session, and the manifest names the tools.
    let real = parse(&run(
        &root,
        &["check", "progressive", "1", "step", "1", "--format", "json"],
    ));
    let sid = real["result"]["session_id"].as_str().unwrap();
    let manifest: Value = serde_json::from_str(
        &std::fs::read_to_string(root.join(format!(".noveler/checks/{sid}/manifest.json")))
            .unwrap(),
    )
    .unwrap();
    let attempt = &manifest["steps"][0];
    assert_eq!(attempt["tool_selection_status"], "auto", "{attempt}");
    let tools = attempt["available_tools"].as_array().unwrap();
    assert!(
        tools.iter().any(|t| t == "execute_check_step"),
        "the judgment is pending: {attempt}"
    );
}

#[test]
fn cli_disable_artifacts_embeds_the_documents() {
    let (_g, root) = project();
    let with_refs = parse(&run(
        &root,
        &["write", "3", "--dry-run", "--format", "json"],
    ));
    let prompt = with_refs["result"]["stage"]["prompt"].as_str().unwrap();
    assert!(prompt.contains("fetch_artifact"), "references by default");
    let out = common::noveler(&root)
        .env("NOVELER_DISABLE_ARTIFACTS", "1")
        .args(["write", "3", "--dry-run", "--format", "json"])
        .output()
        .unwrap();
    let v = parse(&out);
    let prompt = v["result"]["stage"]["prompt"].as_str().unwrap();
    assert!(prompt.contains("NOVELER_DISABLE_ARTIFACTS"), "{prompt}");
    assert!(!prompt.contains("## アーティファクト参照情報"), "{prompt}");
    // The plot's own text is in the prompt.
    let plot = std::fs::read_dir(root.join("20_プロット/話別プロット"))
        .unwrap()
        .flatten()
        .find(|e| e.file_name().to_string_lossy().starts_with("第003話"))
        .map(|e| std::fs::read_to_string(e.path()).unwrap())
        .expect("a plot of episode 3");
    let line = plot
        .lines()
        .find(|l| l.chars().count() > 12)
        .unwrap()
        .trim();
    assert!(prompt.contains(line), "{line} is embedded");
}

// ---------------------------------------------------------------------------------- MCP

#[test]
fn mcp_parameters_the_seeds_name() {
    let (_g, root) = project();
    let mut m = Mcp::start(&root);

    // verbose on noveler_check.
    let plain = m.ok("noveler_check", json!({"episode": 1}));
    assert!(plain.get("verbose_log").is_none());
    let verbose = m.ok("noveler_check", json!({"episode": 1, "verbose": true}));
    let log = verbose["verbose_log"].as_array().expect("verbose_log");
    assert!(
        log.iter().any(
            |l| l.as_str().unwrap().contains("第001話") && l.as_str().unwrap().contains("指摘")
        ),
        "{log:?}"
    );

    // five_stage on noveler_write.
    let w = m.ok("noveler_write", json!({"episode": 3, "five_stage": true}));
    let five = &w["five_stage"];
    assert_eq!(five["current_phase"], 1, "{five}");
    assert_eq!(five["phases"].as_array().unwrap().len(), 5);
    assert_eq!(
        five["phases"][3]["stages"],
        json!(["write_manuscript_draft"])
    );
    let sid = w["session_id"].as_str().unwrap().to_string();

    // resume_session on write_stage: the session is resumed, then the stage runs in it.
    let r = m.ok(
        "write_stage",
        json!({"episode": 3, "resume_session": sid, "stage": 1}),
    );
    assert_eq!(r["resumed_session"], sid.as_str());
    assert_eq!(r["session_id"], sid.as_str());
    // A write tool's error echoes its arguments (long strings cut).
    let (is_error, sc) = m.call(
        "write_stage",
        json!({"episode": 3, "resume_session": "no_such_session", "feedback": "x".repeat(500)}),
    );
    assert!(is_error, "{sc}");
    let e = &sc["error"];
    assert_eq!(e["arguments"]["resume_session"], "no_such_session", "{e}");
    assert!(e["arguments"]["feedback"]
        .as_str()
        .unwrap()
        .ends_with("(500 chars)"));

    // format_type on fetch_artifact, and source_tool on the artifact.
    let stored = m.ok(
        "store_artifact",
        json!({"content": "{\"name\": \"小鞠\", \"tags\": [\"a\"]}", "content_type": "json"}),
    );
    let id = stored["artifact_id"].as_str().unwrap().to_string();
    let f = m.ok(
        "fetch_artifact",
        json!({"artifact_id": id, "format_type": "yaml"}),
    );
    let y: serde_yaml::Value = serde_yaml::from_str(f["content"].as_str().unwrap()).unwrap();
    assert_eq!(y["name"], serde_yaml::Value::from("小鞠"));
    assert!(!f["content"].as_str().unwrap().contains('{'), "real YAML");
    assert_eq!(f["metadata"]["source_tool"], "store_artifact");
    m.err(
        "fetch_artifact",
        json!({"artifact_id": id, "format_type": "xml"}),
        "U001",
    );

    // dry_run and options on execute_check_step.
    let s = m.ok(
        "execute_check_step",
        json!({"episode": 2, "step_id": 11, "dry_run": true, "options": {"window_size": 7}}),
    );
    assert_eq!(s["dry_run"], true);
    assert_eq!(s["metadata"]["config_snapshot"]["window_size"], 7, "{s}");
    assert!(
        check_sessions(&root, 2).is_empty(),
        "dry run keeps no session"
    );
    let e = m.err(
        "execute_check_step",
        json!({"episode": 2, "step_id": 11, "options": {"windowsize": 7}}),
        "U001",
    );
    assert!(
        e["details"]["field"]
            .as_str()
            .unwrap()
            .contains("windowsize"),
        "{e}"
    );
}

#[test]
fn mcp_codes_the_seeds_define() {
    let (_g, root) = project();
    let mut m = Mcp::start(&root);

    // progressive_check.* names that are not tools: guidance as a tool error.
    let e = m.err("progressive_check.get_tasks", json!({"episode": 1}), "U001");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("progressive_check_get_tasks"),
        "{e}"
    );
    let e = m.err("progressive_check_bogus", json!({}), "U001");
    assert!(e["message"].as_str().unwrap().contains("use "), "{e}");

    // QC-015: the text named by an artifact id cannot be fetched.
    let e = m.err(
        "execute_check_step",
        json!({"episode": 1, "step_id": 1, "manuscript_artifact_id": "artifact:0123456789ab"}),
        "QC-015",
    );
    assert!(e["details"]["recovery_hint"].is_string());
    // QC-016: a snapshot that does not exist.
    m.err(
        "execute_check_step",
        json!({"episode": 1, "step_id": 1, "manuscript_snapshot": "20260101_000000_deadbeef"}),
        "QC-016",
    );
    // QC-017: an episode with no manuscript: the text must be passed.
    m.err(
        "execute_check_step",
        json!({"episode": 7, "step_id": 1}),
        "QC-017",
    );
    // QC-013: a judgment located past the end of the text.
    let first = m.ok("execute_check_step", json!({"episode": 1, "step_id": 1}));
    let judged = json!({
        "episode": 1, "step_id": 1, "session_id": first["session_id"],
        "llm_result": {
            "manuscript_sha256": first["manuscript"]["sha256"],
            "summary": "誤字は見当たりません。",
            "metrics": {"score": 90},
            "issues": [{"severity": "low", "message": "変換ミス", "location": "9999行目"}],
            "recommendations": []
        }
    });
    let e = m.err("execute_check_step", judged, "QC-013");
    assert_eq!(e["details"]["manual_alignment_required"], true);
}

#[test]
fn mcp_records_and_concurrency_caps() {
    let (_g, root) = project();
    let mut m = Mcp::start(&root);

    // Every check slot held elsewhere: busy at once (QC-008), not a hang.
    let held = hold_slots(&root, "check", 3);
    let mut locks: Vec<fd_lock::RwLock<std::fs::File>> =
        held.into_iter().map(fd_lock::RwLock::new).collect();
    {
        let _guards: Vec<_> = locks.iter_mut().map(|l| l.try_write().unwrap()).collect();
        let e = m.err("check_basic", json!({"episode": 1}), "QC-008");
        assert_eq!(e["details"]["busy"], "check");
        assert_eq!(e["details"]["limit"], 3);
        // Other kinds are free.
        m.ok("status", json!({}));
    }
    // Released: the check runs.
    m.ok("check_basic", json!({"episode": 1}));

    // The one write slot held: a writing call is busy, and echoes its arguments.
    let mut write = fd_lock::RwLock::new(hold_slots(&root, "write", 1).remove(0));
    {
        let _g = write.try_write().unwrap();
        let e = m.err("noveler_write", json!({"episode": 3}), "QC-008");
        assert_eq!(e["details"]["limit"], 1);
        assert_eq!(e["arguments"]["episode"], 3);
    }

    // One debug record per call, with the seed's fields.
    let log = lines(&root.join(".noveler/logs/mcp_calls.ndjson"));
    assert_eq!(log.len(), 4, "{log:?}");
    let busy = &log[0];
    assert_eq!(busy["tool_name"], "check_basic");
    assert_eq!(busy["parameters"]["episode"], 1);
    assert_eq!(busy["execution_trace"][0]["status"], "error");
    assert_eq!(busy["execution_trace"][0]["error"], "QC-008");
    let ok = &log[2];
    assert_eq!(ok["execution_trace"][0]["status"], "completed");
    assert!(ok["execution_trace"][0]["saved_to"].is_string());
    for key in ["peak_memory_kib", "cpu_time_ms", "file_operations"] {
        assert!(ok["resource_usage"].get(key).is_some(), "{key}");
    }
    assert!(ok["timestamp"].as_str().unwrap().ends_with('Z'));
}
