//! `noveler mcp` end to end: the built binary is spawned on a temp copy of
//! `fixtures/sample_project` and driven as a real client — rmcp's client (both lifecycles)
//! and raw JSON lines for protocol edge cases.

use rmcp::model::{CallToolRequestParams, CallToolResult, ProtocolVersion, Tool};
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
use rmcp::{ClientServiceExt, ServiceExt};
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;

mod common;
use common::{McpProcess, BIN};

/// A safety net so a broken server fails the test instead of hanging it (not a timing
/// assertion: every expected message arrives long before).
const PATIENCE: Duration = Duration::from_secs(120);

// ---------------------------------------------------------------------------------------
// fixtures

/// A fresh copy of the sample project; returns (guard, canonical root).
fn project() -> (tempfile::TempDir, PathBuf) {
    let (dir, root) = common::sample_in("project");
    let root = std::fs::canonicalize(root).unwrap();
    (dir, root)
}

fn obj(v: Value) -> serde_json::Map<String, Value> {
    v.as_object().cloned().expect("object")
}

// ---------------------------------------------------------------------------------------
// a raw line client

struct Raw {
    proc: McpProcess,
    /// Messages read while waiting for something else (other responses, notifications).
    stash: VecDeque<Value>,
    /// outputSchema validators by tool name (filled by `initialize`).
    schemas: std::collections::HashMap<String, jsonschema::Validator>,
}

impl Raw {
    fn start(root: &Path, extra: &[&str]) -> Raw {
        Raw::new(McpProcess::spawn(root, extra))
    }

    fn new(proc: McpProcess) -> Raw {
        Raw {
            proc,
            stash: VecDeque::new(),
            schemas: Default::default(),
        }
    }

    fn send_line(&mut self, line: &str) {
        self.proc.send_line(line);
    }

    fn send(&mut self, message: Value) {
        self.proc.send(&message);
    }

    /// The next line from stdout; every line must be one JSON-RPC 2.0 message.
    fn read(&mut self) -> Value {
        let line = match self.proc.recv(PATIENCE) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => panic!("no message from the server"),
            Err(RecvTimeoutError::Disconnected) => panic!("the server closed stdout"),
        };
        let value: Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("stdout carried a non-JSON line ({e}): {line}"));
        assert_eq!(value["jsonrpc"], "2.0", "not JSON-RPC 2.0: {line}");
        value
    }

    /// The next message that is not stashed.
    fn next(&mut self) -> Value {
        self.read()
    }

    /// The response (result or error) to request `id`; other messages are stashed.
    fn response(&mut self, id: Value) -> Value {
        if let Some(pos) = self
            .stash
            .iter()
            .position(|m| m.get("id") == Some(&id) && m.get("method").is_none())
        {
            return self.stash.remove(pos).unwrap();
        }
        loop {
            let m = self.read();
            if m.get("id") == Some(&id) && m.get("method").is_none() {
                return m;
            }
            self.stash.push_back(m);
        }
    }

    fn request(&mut self, id: i64, method: &str, params: Value) -> Value {
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.response(json!(id))
    }

    fn initialize(&mut self, version: &str) -> Value {
        let r = self.request(
            0,
            "initialize",
            json!({"protocolVersion": version, "capabilities": {},
                   "clientInfo": {"name": "raw-test", "version": "1"}}),
        );
        self.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        let list = self.request(-1, "tools/list", json!({}));
        for tool in list["result"]["tools"].as_array().expect("tools") {
            let name = tool["name"].as_str().unwrap().to_string();
            let v = jsonschema::validator_for(&tool["outputSchema"]).expect("outputSchema");
            self.schemas.insert(name, v);
        }
        r
    }

    /// Checks a tools/call response: a result's structuredContent is an object valid against
    /// the tool's outputSchema (JSON-RPC errors pass through).
    fn checked(&self, tool: &str, response: Value) -> Value {
        if let Some(sc) = response["result"].get("structuredContent") {
            assert!(sc.is_object(), "{tool}: structuredContent is not an object");
            let v = self
                .schemas
                .get(tool)
                .unwrap_or_else(|| panic!("initialize first: no schema for {tool}"));
            let errors: Vec<String> = v.iter_errors(sc).map(|e| e.to_string()).collect();
            assert!(
                errors.is_empty(),
                "{tool}: outputSchema violated: {errors:?}\n{sc}"
            );
        }
        response
    }

    fn call(&mut self, id: i64, tool: &str, arguments: Value) -> Value {
        let r = self.request(
            id,
            "tools/call",
            json!({"name": tool, "arguments": arguments}),
        );
        self.checked(tool, r)
    }
}

/// `_meta` of a self-contained 2026-07-28 request.
fn inline_meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "raw-test", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": {}
    })
}

// ---------------------------------------------------------------------------------------
// what every tool is called with

#[derive(Debug)]
enum Expect {
    /// A result with isError true and this error code in the envelope.
    ToolError(&'static str),
    /// Arguments that do not fit the input schema: a tool error (U001) naming the field,
    /// what was expected and an example call — never a JSON-RPC error the model cannot read.
    Args,
}

struct Case {
    tool: &'static str,
    valid: Value,
    invalid: Value,
    invalid_expect: Expect,
}

/// What the cases refer to: an artifact stored in the project, a recorded sha256.
struct Fixture {
    artifact_id: String,
    recorded_hash: String,
    /// A writing session of episode 3, in progress.
    session_id: String,
    /// A saved result envelope (temp/json_output/…).
    saved_to: String,
}

/// Stores an artifact and records a file in the hash index (through the library).
fn fixture(root: &Path) -> Fixture {
    let store = noveler::store::artifact::ArtifactStore::new(root);
    let out = store
        .store(
            "# 人物\n小鞠は見習い。\n# 舞台\n澪浜の港町。\n",
            noveler::store::artifact::StoreOptions {
                content_type: Some("markdown".into()),
                description: Some("設定メモ".into()),
                ..Default::default()
            },
            &noveler::store::clock::Clock::system(),
        )
        .expect("store artifact");
    // Any saved envelope is recorded in the hash index: run one command through the CLI.
    let status = Command::new(BIN)
        .args(["rules", "--format", "json", "--save", "--project-root"])
        .arg(root)
        .output()
        .expect("run noveler rules");
    assert!(status.status.success());
    let loaded = noveler::store::index::load(root).expect("hash index");
    let recorded_hash = loaded
        .index
        .files
        .values()
        .next()
        .map(|e| e.sha256.clone())
        .expect("a recorded file");
    let saved_to = loaded
        .index
        .files
        .keys()
        .find(|p| p.starts_with("temp/json_output/"))
        .cloned()
        .expect("a saved envelope");
    let started = Command::new(BIN)
        .args(["write", "3", "--format", "json", "--project-root"])
        .arg(root)
        .output()
        .expect("run noveler write");
    let started: Value = serde_json::from_slice(&started.stdout).expect("write envelope");
    Fixture {
        artifact_id: out.metadata.artifact_id,
        recorded_hash,
        session_id: started["result"]["session_id"]
            .as_str()
            .expect("session id")
            .to_string(),
        saved_to,
    }
}

/// One valid and one invalid call for every tool of the full profile. A tool added to the
/// table without a case here fails `every_tool_lists_and_answers_valid_and_invalid_calls`.
fn cases(fx: &Fixture) -> Vec<Case> {
    let ep1 = "40_原稿/第001話_潮墨の見習い.md";
    let mut cases = vec![
        Case {
            tool: "noveler_check",
            valid: json!({"episode": 1}),
            invalid: json!({"episode": 1, "fail_under": 250}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "check_basic",
            valid: json!({"episode_number": 2}),
            invalid: json!({"episode": 0}),
            invalid_expect: Expect::Args,
        },
        Case {
            tool: "check_rhythm",
            valid: json!({"path": ep1}),
            invalid: json!({"episode": 1, "severity_threshold": "urgent"}),
            invalid_expect: Expect::Args,
        },
        Case {
            tool: "status",
            valid: json!({}),
            invalid: json!({"project_root": "no/such/dir"}),
            invalid_expect: Expect::ToolError("P001"),
        },
        Case {
            tool: "noveler_complete",
            valid: json!({"episode": 1, "dry_run": true, "format": "kakuyomu"}),
            invalid: json!({"episode": 99}),
            invalid_expect: Expect::ToolError("E003"),
        },
        Case {
            tool: "write",
            valid: json!({"path": "40_原稿/第004話_試し書き.md", "content": "　試し書き。\n"}),
            invalid: json!({"path": "../outside.md", "content": "x"}),
            invalid_expect: Expect::ToolError("U004"),
        },
        Case {
            tool: "write_file",
            valid: json!({"path": "40_原稿/第004話_試し書き.md", "content": "　試し書き。\n"}),
            invalid: json!({"path": "../outside.md", "content": "x"}),
            invalid_expect: Expect::ToolError("U004"),
        },
        Case {
            tool: "store_artifact",
            valid: json!({"content": "# メモ\n港町の朝。\n", "content_type": "markdown"}),
            invalid: json!({"content": "x", "file": ep1}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "read_result",
            valid: json!({"saved_to": fx.saved_to, "pointer": "/result", "limit": 5}),
            invalid: json!({"saved_to": ep1}),
            invalid_expect: Expect::ToolError("U004"),
        },
        Case {
            tool: "noveler",
            valid: json!({"command": "rules --format json"}),
            invalid: json!({"command": "'unclosed"}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "fetch_artifact",
            valid: json!({"artifact_id": fx.artifact_id, "section": "舞台"}),
            invalid: json!({"artifact_id": "artifact:../../etc"}),
            invalid_expect: Expect::ToolError("A001"),
        },
        Case {
            tool: "list_artifacts",
            valid: json!({}),
            invalid: json!({"tags": "keep"}),
            invalid_expect: Expect::Args,
        },
        Case {
            tool: "backup_management",
            valid: json!({"action": "create", "files": [ep1], "reason": "test"}),
            invalid: json!({"action": "restore"}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "convert_cli_to_json",
            valid: json!({"cli_result": {"command": "noveler check 1", "returncode": 1,
                          "stdout": "x".repeat(3000), "stderr": ""}}),
            invalid: json!({"cli_result": {"command": "noveler check 1"}}),
            invalid_expect: Expect::ToolError("U006"),
        },
        Case {
            tool: "validate_json_response",
            valid: json!({"json_text": "{\"success\": true}"}),
            invalid: json!({}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "get_file_reference_info",
            valid: json!({"path": ep1}),
            invalid: json!({"path": "../../etc/passwd"}),
            invalid_expect: Expect::ToolError("U004"),
        },
        Case {
            tool: "list_files_with_hashes",
            valid: json!({"prefix": "temp/"}),
            invalid: json!({"prefix": 3}),
            invalid_expect: Expect::Args,
        },
        Case {
            tool: "get_file_by_hash",
            valid: json!({"hash": fx.recorded_hash}),
            invalid: json!({"hash": "zz"}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "check_file_changes",
            valid: json!({"paths": [ep1]}),
            invalid: json!({"paths": ["../../etc/passwd"]}),
            invalid_expect: Expect::ToolError("U004"),
        },
        // the task memory (seed 004), in an order where each valid call can succeed
        Case {
            tool: "create_task",
            valid: json!({"title": "第5話で伏線Aを回収する", "category": "伏線", "subtasks": ["下書き"]}),
            invalid: json!({"title": "x", "category": "c".repeat(51)}),
            invalid_expect: Expect::ToolError("INVALID_CATEGORY"),
        },
        Case {
            tool: "update_task",
            valid: json!({"task_id": "T001", "status": "in_progress"}),
            invalid: json!({"task_id": "T001", "status": "doing"}),
            invalid_expect: Expect::ToolError("INVALID_STATUS"),
        },
        Case {
            tool: "reorder_task",
            valid: json!({"task_id": "T001", "position": "first"}),
            invalid: json!({"task_id": "T001", "position": "before", "reference_task_id": "T999"}),
            invalid_expect: Expect::ToolError("REFERENCE_TASK_NOT_FOUND"),
        },
        Case {
            tool: "list_tasks",
            valid: json!({"status": "in_progress"}),
            invalid: json!({"limit": 101}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "search_tasks",
            valid: json!({"query": "伏線", "search_in": ["title", "context"]}),
            invalid: json!({"query": "x".repeat(201)}),
            invalid_expect: Expect::ToolError("CONTENT_TOO_LONG"),
        },
        Case {
            tool: "create_adr",
            valid: json!({"title": "魔法体系は三属性に決定", "context": "増えすぎた",
                          "decision": "三属性", "rationale": "覚えやすい"}),
            invalid: json!({"title": "x", "context": "c", "decision": "d", "rationale": "r",
                            "status": "Done"}),
            invalid_expect: Expect::ToolError("INVALID_STATUS"),
        },
        Case {
            tool: "update_adr_status",
            valid: json!({"adr_number": 1, "status": "Accepted", "reason": "確定"}),
            invalid: json!({"adr_number": 1000, "status": "Accepted"}),
            invalid_expect: Expect::ToolError("INVALID_ADR_NUMBER"),
        },
        Case {
            tool: "list_adrs",
            valid: json!({"status": "Accepted"}),
            invalid: json!({"limit": "many"}),
            invalid_expect: Expect::Args,
        },
        Case {
            tool: "update_context",
            valid: json!({"task_id": "T001", "content": "回収は終盤。", "append": true, "section": "メモ"}),
            invalid: json!({"task_id": "T042", "content": "x"}),
            invalid_expect: Expect::ToolError("TASK_NOT_FOUND"),
        },
        Case {
            tool: "get_context",
            valid: json!({"task_id": "T001"}),
            invalid: json!({"task_id": "1"}),
            invalid_expect: Expect::ToolError("INVALID_TASK_ID"),
        },
        Case {
            tool: "search_contexts",
            valid: json!({"query": "終盤"}),
            invalid: json!({"query": "x", "limit": 51}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "delete_task",
            valid: json!({"task_id": "T001"}),
            invalid: json!({"task_id": "T001"}),
            invalid_expect: Expect::ToolError("TASK_NOT_FOUND"),
        },
    ];
    cases.extend(writing_cases(fx));
    cases.extend(progressive_cases());
    cases.extend(stats_cases());
    // noveler_check's full three-stage mode (its plain mode is the first case above).
    cases.push(Case {
        tool: "noveler_check",
        valid: json!({"episode": 2, "full": true}),
        invalid: json!({"episode": 2, "a31_result": {"summary": "x"}}),
        invalid_expect: Expect::ToolError("U006"),
    });
    cases
}

/// The progressive check, judged evaluation and fix tools (issue 6). Order matters: they
/// share one project; episode 3 gets a check session, episode 2 never does.
fn progressive_cases() -> Vec<Case> {
    vec![
        // Progressive check, judged evaluations, fixes (issue 6). Order matters: they share
        // one project; episode 3 gets a session, episode 2 never does.
        Case {
            tool: "get_check_tasks",
            valid: json!({"episode": 3}),
            invalid: json!({"episode": 3, "rule_profile": "bogus"}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "execute_check_step",
            valid: json!({"episode": 3, "step_id": 1}),
            invalid: json!({"episode": 3, "step_id": 99}),
            invalid_expect: Expect::ToolError("QC-003"),
        },
        Case {
            tool: "get_check_status",
            valid: json!({"episode_number": 3}),
            invalid: json!({"episode_number": 2}),
            invalid_expect: Expect::ToolError("QC-001"),
        },
        Case {
            tool: "get_check_history",
            valid: json!({"episode_number": 3, "limit": 5}),
            invalid: json!({"episode_number": 3, "limit": 500}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "generate_episode_preview",
            valid: json!({"episode_number": 1}),
            invalid: json!({"episode_number": 1, "style": "long"}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "progressive_check_get_tasks",
            valid: json!({"episode_number": 3}),
            invalid: json!({"session_id": "QC_EP003_20000101_000000_abcd"}),
            invalid_expect: Expect::ToolError("QC-001"),
        },
        Case {
            tool: "progressive_check_execute_step",
            valid: json!({"episode_number": 3, "step_id": 2, "input_data": {"window_size": 5}}),
            invalid: json!({"session_id": "not a session", "step_id": 1}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "progressive_check_repeat_step",
            valid: json!({"episode_number": 3, "step_id": 3,
                          "iteration_policy": {"count": 2, "min_improvement": 1.0}}),
            invalid: json!({"episode_number": 3, "step_id": 0}),
            invalid_expect: Expect::ToolError("QC-003"),
        },
        Case {
            tool: "progressive_check_get_status",
            valid: json!({"episode_number": 3}),
            invalid: json!({"session_id": "QC_EP009_20000101_000000_abcd"}),
            invalid_expect: Expect::ToolError("QC-001"),
        },
        Case {
            tool: "progressive_check_list_artifacts",
            valid: json!({"episode_number": 3}),
            invalid: json!({"session_id": "nope"}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "progressive_check_end_session",
            valid: json!({"episode_number": 3, "finalize": false}),
            invalid: json!({"episode_number": 2}),
            invalid_expect: Expect::ToolError("QC-001"),
        },
        Case {
            tool: "progressive_check_start_session",
            valid: json!({"episode_number": 3}),
            invalid: json!({"episode_number": "three"}),
            invalid_expect: Expect::Args,
        },
        Case {
            tool: "check_story_elements",
            valid: json!({"episode_number": 1}),
            invalid: json!({"episode_number": 1, "llm_result": {"summary": ""}}),
            invalid_expect: Expect::ToolError("U006"),
        },
        Case {
            tool: "check_story_structure",
            valid: json!({"episode_number": 2}),
            invalid: json!({"episode_number": 2, "llm_result": {"summary": "x"}}),
            invalid_expect: Expect::ToolError("U006"),
        },
        Case {
            tool: "check_writing_expression",
            valid: json!({"episode_number": 2}),
            invalid: json!({"episode_number": 99}),
            invalid_expect: Expect::ToolError("E003"),
        },
        Case {
            tool: "check_fix",
            valid: json!({"episode": 1, "dry_run": true}),
            invalid: json!({"episode": 1, "expected_sha256": "0".repeat(64)}),
            invalid_expect: Expect::ToolError("QC-018"),
        },
        Case {
            tool: "polish_stage",
            valid: json!({"episode_number": 1, "stage": 2}),
            invalid: json!({"episode_number": 1, "stage": 5}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "polish_submit",
            valid: json!({"episode_number": 1, "stage": 2, "dry_run": true, "result": {
                "base_sha256": episode1_sha256(), "revised_manuscript": "　改稿。\n",
                "changes": [], "summary": "試し"}}),
            invalid: json!({"episode_number": 1, "stage": 2, "result": {
                "base_sha256": "0".repeat(64), "revised_manuscript": "　改稿。\n",
                "changes": [], "summary": "試し"}}),
            invalid_expect: Expect::ToolError("QC-018"),
        },
    ]
}

/// sha256 of the sample project's episode 1 manuscript (the copy the server works on).
fn episode1_sha256() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/sample_project/40_原稿/第001話_潮墨の見習い.md");
    noveler::analysis::sha256_hex(&std::fs::read(path).expect("episode 1"))
}

/// The staged-writing tools (tests/write.rs drives them end to end).
fn writing_cases(fx: &Fixture) -> Vec<Case> {
    let mut cases = vec![
        Case {
            tool: "noveler_write",
            valid: json!({"episode": 2, "dry_run": true}),
            invalid: json!({"episode": 2, "step": 11}),
            invalid_expect: Expect::ToolError("QC-003"),
        },
        Case {
            tool: "write_step_1",
            valid: json!({"episode": 2}),
            invalid: json!({"episode": 2, "submission": {"logline": 1}}),
            invalid_expect: Expect::ToolError("U006"),
        },
        Case {
            tool: "write_step_2",
            valid: json!({"episode": 2, "dry_run": true}),
            invalid: json!({"episode": 2, "submission": {}}),
            invalid_expect: Expect::ToolError("QC-003"),
        },
    ];
    for tool in [
        "write_step_3",
        "write_step_4",
        "write_step_5",
        "write_step_6",
        "write_step_7",
        "write_step_8",
        "write_step_9",
        "write_step_10",
    ] {
        cases.push(Case {
            tool,
            valid: json!({"episode": 2, "dry_run": true}),
            invalid: json!({"episode": 2, "session_id": "nope"}),
            invalid_expect: Expect::ToolError("U001"),
        });
    }
    cases.extend([
        Case {
            tool: "write_stage",
            valid: json!({"episode": 2, "stage": "plot_structure_analysis", "dry_run": true}),
            invalid: json!({"episode": 2, "stage": "outline"}),
            invalid_expect: Expect::ToolError("QC-003"),
        },
        Case {
            tool: "write_stage",
            valid: json!({"episode": 2, "stage": 3, "dry_run": true}),
            invalid: json!({"episode": 2, "submision": {}}),
            invalid_expect: Expect::Args,
        },
        Case {
            tool: "write_resume",
            valid: json!({"episode": 3, "session_id": fx.session_id}),
            invalid: json!({"episode": 3, "session_id": "session_20990101_000000_abcdef"}),
            invalid_expect: Expect::ToolError("U005"),
        },
        Case {
            tool: "write_manuscript_draft",
            valid: json!({"episode": 1, "dry_run": true}),
            invalid: json!({"episode": 1, "word_count_target": 50}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "write_with_claude",
            valid: json!({"episode": 1, "plot_content": "title: 試し\nsummary: 試しのプロット\n",
                          "word_count_target": 4000, "dry_run": true}),
            invalid: json!({"episode": 1, "word_count_target": 999999}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "enhanced_get_writing_tasks",
            valid: json!({"episode": 2}),
            invalid: json!({"episode": "two"}),
            invalid_expect: Expect::Args,
        },
        Case {
            tool: "enhanced_execute_writing_step",
            valid: json!({"episode": 3, "step_id": 1, "dry_run": true}),
            invalid: json!({"episode": 3, "step_id": 11}),
            invalid_expect: Expect::ToolError("QC-003"),
        },
        Case {
            tool: "enhanced_resume_from_partial_failure",
            valid: json!({"episode": 3, "recovery_point": 0}),
            invalid: json!({"episode": 3, "recovery_point": 12}),
            invalid_expect: Expect::ToolError("QC-003"),
        },
        Case {
            tool: "noveler_plot",
            valid: json!({"episode": 4, "dry_run": true}),
            invalid: json!({"episode": 4, "content": "title: x"}),
            invalid_expect: Expect::ToolError("U006"),
        },
    ]);
    cases
}

/// No property, item or alternative of the tool's schemas is a boolean schema (the
/// TypeScript SDK refuses such tools).
fn no_boolean_schema(tool: &Tool) -> bool {
    fn walk(v: &Value) -> bool {
        let Value::Object(map) = v else { return true };
        map.iter().all(|(k, child)| match k.as_str() {
            "properties" | "$defs" => child
                .as_object()
                .is_none_or(|m| m.values().all(|s| s.is_object() && walk(s))),
            "items" | "not" => child.is_object() && walk(child),
            "anyOf" | "oneOf" | "allOf" => child
                .as_array()
                .is_none_or(|a| a.iter().all(|s| s.is_object() && walk(s))),
            _ => !child.is_object() || walk(child),
        })
    }
    walk(&Value::Object(tool.input_schema.as_ref().clone()))
        && tool
            .output_schema
            .as_ref()
            .is_none_or(|o| walk(&Value::Object(o.as_ref().clone())))
}

fn validator(tool: &Tool) -> jsonschema::Validator {
    let schema = Value::Object(
        tool.output_schema
            .as_ref()
            .unwrap_or_else(|| panic!("{} has no outputSchema", tool.name))
            .as_ref()
            .clone(),
    );
    jsonschema::validator_for(&schema)
        .unwrap_or_else(|e| panic!("{}: outputSchema does not compile: {e}", tool.name))
}

/// structuredContent is an object valid against outputSchema and equal to the text block.
fn check_result(tool: &Tool, validator: &jsonschema::Validator, result: &CallToolResult) -> Value {
    let structured = result
        .structured_content
        .clone()
        .unwrap_or_else(|| panic!("{}: no structuredContent", tool.name));
    assert!(
        structured.is_object(),
        "{}: structuredContent is not an object",
        tool.name
    );
    let errors: Vec<String> = validator
        .iter_errors(&structured)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{}: structuredContent does not match outputSchema:\n{}\n{structured:#}",
        tool.name,
        errors.join("\n")
    );
    let text = result
        .content
        .iter()
        .find_map(|c| c.as_text().map(|t| t.text.clone()))
        .unwrap_or_else(|| panic!("{}: no text block", tool.name));
    let from_text: Value = serde_json::from_str(&text).expect("text block is JSON");
    assert_eq!(from_text, structured, "{}: text block differs", tool.name);
    structured
}

async fn rmcp_client(
    root: &Path,
    lifecycle: Option<rmcp::service::ClientLifecycleMode>,
) -> rmcp::service::RunningService<rmcp::RoleClient, ()> {
    rmcp_client_with(root, lifecycle, "default").await
}

async fn rmcp_client_with(
    root: &Path,
    lifecycle: Option<rmcp::service::ClientLifecycleMode>,
    profile: &'static str,
) -> rmcp::service::RunningService<rmcp::RoleClient, ()> {
    let root = root.to_path_buf();
    let transport =
        TokioChildProcess::new(tokio::process::Command::new(BIN).configure(move |cmd| {
            cmd.arg("mcp").arg("--project-root").arg(&root).arg("-q");
            cmd.arg("--tools").arg(profile);
        }))
        .expect("spawn");
    let transport: TokioChildProcess = transport;
    match lifecycle {
        None => ().serve(transport).await.expect("initialize"),
        Some(mode) => ().serve_with_lifecycle(transport, mode).await.expect("discover"),
    }
}

// ---------------------------------------------------------------------------------------
// tests

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_tool_lists_and_answers_valid_and_invalid_calls() {
    every_tool_of("seed").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_default_tool_lists_and_answers_valid_and_invalid_calls() {
    every_tool_of("default").await;
}

/// Every tool of `profile`: listed with object schemas (no boolean sub-schema), one valid
/// and one invalid call each, every result valid against the tool's outputSchema.
async fn every_tool_of(profile: &'static str) {
    let (_guard, root) = project();
    let client = rmcp_client_with(&root, None, profile).await;
    let info = client.peer_info().expect("server info");
    assert_eq!(
        info.server_info.as_ref().map(|s| s.name.as_str()),
        Some("noveler")
    );
    assert_eq!(
        info.server_info.as_ref().map(|s| s.version.as_str()),
        Some(env!("CARGO_PKG_VERSION"))
    );
    let tools = client.list_all_tools().await.expect("tools/list");
    let fx = fixture(&root);
    let cases = cases(&fx);
    for t in &tools {
        assert!(
            cases.iter().any(|c| c.tool == t.name),
            "tool {} has no test case in tests/mcp.rs",
            t.name
        );
        assert_eq!(
            t.input_schema.get("type"),
            Some(&json!("object")),
            "{}",
            t.name
        );
        assert!(t
            .input_schema
            .get("properties")
            .is_some_and(Value::is_object));
        let out = t.output_schema.as_ref().expect("outputSchema");
        assert_eq!(out.get("type"), Some(&json!("object")), "{}", t.name);
        let a = t.annotations.as_ref().expect("annotations");
        assert!(a.read_only_hint.is_some() && a.destructive_hint.is_some());
        assert!(a.idempotent_hint.is_some());
        assert_eq!(a.open_world_hint, Some(false), "{}", t.name);
        assert!(t.description.as_ref().is_some_and(|d| d.len() > 40));
    }
    for t in &tools {
        assert!(no_boolean_schema(t), "{}: a boolean sub-schema", t.name);
    }
    for case in &cases {
        // The cases cover both profiles; a tool of the other profile is skipped.
        let Some(tool) = tools.iter().find(|t| t.name == case.tool) else {
            continue;
        };
        let v = validator(tool);
        let input = jsonschema::validator_for(&Value::Object(tool.input_schema.as_ref().clone()))
            .unwrap_or_else(|e| panic!("{}: inputSchema does not compile: {e}", tool.name));
        // The default profile lists `episode` only (its alias is still accepted).
        let mut listed_args = case.valid.clone();
        if profile == "default" {
            if let Some(n) = listed_args
                .as_object_mut()
                .and_then(|a| a.remove("episode_number"))
            {
                listed_args["episode"] = n;
            }
        }
        let problems: Vec<String> = input
            .iter_errors(&listed_args)
            .map(|e| e.to_string())
            .collect();
        assert!(
            problems.is_empty(),
            "{}: the valid arguments do not match inputSchema: {problems:?}",
            case.tool
        );
        if matches!(case.invalid_expect, Expect::Args) {
            assert!(
                !input.is_valid(&case.invalid),
                "{}: inputSchema accepts arguments the server rejects: {}",
                case.tool,
                case.invalid
            );
        }

        let ok = client
            .call_tool(
                CallToolRequestParams::new(case.tool).with_arguments(obj(case.valid.clone())),
            )
            .await
            .unwrap_or_else(|e| panic!("{}: valid call failed: {e}", case.tool));
        let env = check_result(tool, &v, &ok);
        assert_eq!(
            ok.is_error,
            Some(false),
            "{}: valid call is an error: {env:#}",
            case.tool
        );
        assert_eq!(env["success"], true);
        if case.tool == "read_result" {
            // A page of a saved result is not a result of its own.
            assert!(env["saved_to"].is_null(), "{env}");
        } else {
            assert!(env["saved_to"]
                .as_str()
                .is_some_and(|p| root.join(p).is_file()));
        }

        let bad = client
            .call_tool(
                CallToolRequestParams::new(case.tool).with_arguments(obj(case.invalid.clone())),
            )
            .await;
        match (&case.invalid_expect, bad) {
            (Expect::ToolError(code), Ok(result)) => {
                let env = check_result(tool, &v, &result);
                assert_eq!(result.is_error, Some(true), "{}: {env:#}", case.tool);
                assert_eq!(env["success"], false);
                assert_eq!(env["error"]["code"], *code, "{}: {env:#}", case.tool);
                assert!(env["error"]["message"]
                    .as_str()
                    .is_some_and(|m| !m.is_empty()));
                assert!(env["error"]["hint"].is_string());
            }
            (Expect::Args, Ok(result)) => {
                let env = check_result(tool, &v, &result);
                assert_eq!(result.is_error, Some(true), "{}: {env:#}", case.tool);
                assert_eq!(env["error"]["code"], "U001", "{}: {env:#}", case.tool);
                let details = &env["error"]["details"];
                assert!(details["example"].is_object(), "{}: {env:#}", case.tool);
                assert!(
                    details["field"].is_string(),
                    "{}: the error names no field: {env:#}",
                    case.tool
                );
            }
            (expect, got) => panic!("{}: expected {expect:?}, got {got:?}", case.tool),
        }
    }
    client.cancel().await.ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rmcp_client_in_discover_mode_talks_to_the_stateless_server() {
    let (_guard, root) = project();
    let client = rmcp_client(
        &root,
        Some(rmcp::service::ClientLifecycleMode::Discover {
            preferred_versions: vec![ProtocolVersion::V_2026_07_28],
        }),
    )
    .await;
    let tools = client.list_all_tools().await.expect("tools/list");
    assert!(tools.iter().any(|t| t.name == "noveler"));
    let result = client
        .call_tool(
            CallToolRequestParams::new("noveler").with_arguments(obj(json!({"command": "rules"}))),
        )
        .await
        .expect("call");
    assert_eq!(result.is_error, Some(false));
    assert_eq!(result.structured_content.unwrap()["command"], "noveler");
    client.cancel().await.ok();
}

#[test]
fn initialize_negotiates_versions_and_names_the_server() {
    let (_guard, root) = project();
    for (asked, answered) in [
        ("2025-11-25", "2025-11-25"),
        ("2025-06-18", "2025-06-18"),
        ("2024-11-05", "2024-11-05"),
        // 2026-07-28 has no handshake: the newest version that has one is answered.
        ("2026-07-28", "2025-11-25"),
    ] {
        let mut s = Raw::start(&root, &["-q"]);
        let r = s.initialize(asked);
        assert_eq!(r["result"]["protocolVersion"], answered, "{asked}");
        assert_eq!(r["result"]["serverInfo"]["name"], "noveler");
        assert_eq!(
            r["result"]["serverInfo"]["version"],
            env!("CARGO_PKG_VERSION")
        );
        assert!(r["result"]["capabilities"]["tools"].is_object());
    }
}

#[test]
fn server_discover_and_inline_meta_requests() {
    let (_guard, root) = project();
    let mut s = Raw::start(&root, &["-q"]);
    let d = s.request(1, "server/discover", json!({"_meta": inline_meta()}));
    let result = &d["result"];
    let versions: Vec<&str> = result["supportedVersions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(versions.contains(&"2026-07-28") && versions.contains(&"2025-11-25"));
    assert_eq!(
        result["_meta"]["io.modelcontextprotocol/serverInfo"]["name"],
        "noveler"
    );
    assert!(result["capabilities"]["tools"].is_object());

    // Without complete _meta a stateless request is refused (and the server stays up).
    let bad = s.request(2, "tools/list", json!({}));
    assert_eq!(bad["error"]["code"], -32602, "{bad}");

    let list = s.request(3, "tools/list", json!({"_meta": inline_meta()}));
    let tools = list["result"]["tools"].as_array().expect("tools");
    assert!(!tools.is_empty());
    assert!(
        list["result"]["ttlMs"].is_number(),
        "2026-07-28 cache hints: {list}"
    );

    let call = s.request(
        4,
        "tools/call",
        json!({"_meta": inline_meta(), "name": "noveler", "arguments": {"command": "rules"}}),
    );
    assert_eq!(call["result"]["isError"], false, "{call}");
    assert_eq!(call["result"]["structuredContent"]["command"], "noveler");
    assert_eq!(call["result"]["resultType"], "complete");
    let schema = tools
        .iter()
        .find(|t| t["name"] == "noveler")
        .map(|t| t["outputSchema"].clone())
        .expect("noveler listed");
    let v = jsonschema::validator_for(&schema).unwrap();
    assert!(v.is_valid(&call["result"]["structuredContent"]));
}

#[test]
fn bad_input_gets_json_rpc_errors_and_the_server_keeps_serving() {
    let (_guard, root) = project();
    let mut s = Raw::start(&root, &["-q", "--tools", "seed"]);
    // Before initialize: a notification and garbage do not end the session.
    s.send(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
    s.send_line("this is not json");
    let parse = s.next();
    assert_eq!(parse["error"]["code"], -32700, "{parse}");
    assert!(parse["id"].is_null());
    let init = s.initialize("2025-11-25");
    assert!(init["result"].is_object(), "{init}");

    s.send_line("{\"jsonrpc\": \"2.0\", \"id\": 5, ");
    let parse = s.next();
    assert_eq!(parse["error"]["code"], -32700);

    let unknown_method = s.request(6, "frobnicate", json!({}));
    assert_eq!(unknown_method["error"]["code"], -32601, "{unknown_method}");

    let unknown_tool = s.call(7, "no_such_tool", json!({}));
    assert_eq!(unknown_tool["error"]["code"], -32602, "{unknown_tool}");
    assert!(unknown_tool["error"]["message"]
        .as_str()
        .unwrap()
        .contains("no_such_tool"));

    // Arguments that do not fit are tool errors the model can read: the field, what was
    // expected, an example call.
    let wrong_type = s.call(8, "write", json!({"path": 5, "content": "x"}));
    assert_eq!(wrong_type["result"]["isError"], true, "{wrong_type}");
    let error = &wrong_type["result"]["structuredContent"]["error"];
    assert_eq!(error["code"], "U001", "{wrong_type}");
    assert_eq!(error["details"]["field"], "path", "{wrong_type}");
    assert!(error["details"]["expected"]
        .as_str()
        .is_some_and(|e| e.starts_with("string")));
    assert_eq!(error["details"]["example"]["path"], "…", "{wrong_type}");

    let missing = s.call(9, "write", json!({"content": "x"}));
    let error = &missing["result"]["structuredContent"]["error"];
    assert_eq!(error["details"]["field"], "path", "{missing}");
    assert!(error["message"].as_str().unwrap().contains("`path`"));

    let misspelt = s.call(
        13,
        "noveler_write",
        json!({"episode": 1, "submision": {"logline": "x"}}),
    );
    let error = &misspelt["result"]["structuredContent"]["error"];
    assert_eq!(error["details"]["field"], "submision", "{misspelt}");
    assert!(
        error["message"].as_str().unwrap().contains("`submission`"),
        "{misspelt}"
    );

    let bad_enum = s.call(
        14,
        "check_rhythm",
        json!({"episode": 1, "severity_threshold": "urgent"}),
    );
    let error = &bad_enum["result"]["structuredContent"]["error"];
    assert_eq!(
        error["details"]["field"], "severity_threshold",
        "{bad_enum}"
    );
    assert!(error["details"]["expected"]
        .as_str()
        .is_some_and(|e| e.contains("\"high\"")));

    // Every target failed: an error, not a success with the error inside.
    let none = s.call(15, "check_basic", json!({"episode": 999}));
    assert_eq!(none["result"]["isError"], true, "{none}");

    let args_not_object = s.request(
        10,
        "tools/call",
        json!({"name": "write", "arguments": "path=x"}),
    );
    assert_eq!(
        args_not_object["error"]["code"], -32602,
        "{args_not_object}"
    );

    let no_version = json!({"id": 11, "method": "tools/list"});
    s.send(no_version);
    let r = s.response(json!(11));
    assert_eq!(r["error"]["code"], -32600, "{r}");

    // Still serving.
    let list = s.request(12, "tools/list", json!({}));
    assert!(list["result"]["tools"].is_array(), "{list}");
}

#[test]
fn project_root_argument_overrides_and_must_exist() {
    let (_guard, root) = project();
    let (_guard2, other) = project();
    // Another project is reachable only as an allowed root (see tests/mcp_confinement.rs).
    let other_s = other.display().to_string();
    let mut s = Raw::start(&root, &["-q", "--tools", "seed", "--allow-root", &other_s]);
    s.initialize("2025-11-25");
    let r = s.call(
        1,
        "write",
        json!({"path": "memo.md", "content": "メモ", "project_root": other.display().to_string()}),
    );
    let env = &r["result"]["structuredContent"];
    assert_eq!(env["success"], true, "{r}");
    assert_eq!(env["project_root"], other.display().to_string());
    assert!(other.join("memo.md").is_file());
    assert!(!root.join("memo.md").exists());
    let saved = env["saved_to"].as_str().unwrap();
    assert!(
        other.join(saved).is_file(),
        "the envelope is saved in the overriding root"
    );

    let missing = s.call(
        2,
        "write",
        json!({"path": "m.md", "content": "x", "project_root": "no/such/project"}),
    );
    assert_eq!(missing["result"]["isError"], true);
    assert_eq!(
        missing["result"]["structuredContent"]["error"]["code"],
        "P001"
    );
    let elsewhere = s.call(
        4,
        "write",
        json!({"path": "m.md", "content": "x", "project_root": "/no/such/project"}),
    );
    assert_eq!(
        elsewhere["result"]["structuredContent"]["error"]["code"],
        "U004"
    );

    let not_string = s.call(
        3,
        "write",
        json!({"path": "m.md", "content": "x", "project_root": 3}),
    );
    assert_eq!(not_string["result"]["isError"], true, "{not_string}");
    assert_eq!(
        not_string["result"]["structuredContent"]["error"]["details"]["field"],
        "project_root"
    );
}

#[test]
fn write_is_safe_and_exclusive_per_episode() {
    let (_guard, root) = project();
    let mut s = Raw::start(&root, &["-q", "--tools", "seed"]);
    s.initialize("2025-11-25");
    let path = "40_原稿/第001話_潮墨の見習い.md";
    let before = std::fs::read(root.join(path)).unwrap();
    let r = s.call(
        1,
        "write",
        json!({"path": path, "content": "　書き換え。\n"}),
    );
    let result = &r["result"]["structuredContent"]["result"];
    assert_eq!(result["relative_path"], path);
    assert_eq!(result["project_root"], root.display().to_string());
    assert_eq!(
        result["absolute_path"],
        root.join(path).display().to_string()
    );
    assert_eq!(result["content_length"], 7);
    assert_eq!(result["changed"], true);
    let backup_id = result["backup"]["backup_id"].as_str().expect("backup");
    let manifest = noveler::store::backup::read_manifest(&root, backup_id).unwrap();
    assert_eq!(
        manifest.files[0].sha256,
        noveler::analysis::sha256_hex(&before)
    );

    // Another writer (another process, here: this test) holds the episode's lock: QC-008.
    let lock = noveler::store::lock::manuscript_lock(&root, path);
    let busy = noveler::store::lock::try_lock(&lock, || {
        Ok(s.call(2, "write", json!({"path": path, "content": "二度目\n"})))
    })
    .unwrap();
    assert_eq!(busy["result"]["isError"], true, "{busy}");
    assert_eq!(
        busy["result"]["structuredContent"]["error"]["code"],
        "QC-008"
    );
    assert_eq!(
        std::fs::read_to_string(root.join(path)).unwrap(),
        "　書き換え。\n"
    );

    // Symlinks out of the root are refused.
    #[cfg(unix)]
    {
        let outside = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(outside.path(), root.join("escape")).unwrap();
        let r = s.call(3, "write", json!({"path": "escape/x.md", "content": "x"}));
        assert_eq!(r["result"]["structuredContent"]["error"]["code"], "U004");
        assert!(!outside.path().join("x.md").exists());
    }
}

#[test]
fn default_profile_is_small_and_seed_keeps_the_seed_names() {
    let (_guard, root) = project();
    let mut default = Raw::start(&root, &["-q"]);
    default.initialize("2025-11-25");
    let d = default.request(1, "tools/list", json!({}));
    let mut seed = Raw::start(&root, &["-q", "--tools", "seed"]);
    seed.initialize("2025-11-25");
    let f = seed.request(1, "tools/list", json!({}));
    let names = |v: &Value| -> Vec<String> {
        v["result"]["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect()
    };
    let (dn, fnames) = (names(&d), names(&f));
    assert!(dn.len() <= 16, "{dn:?}");
    assert!(fnames.len() > 60, "{fnames:?}");
    for n in [
        "status",
        "noveler_check",
        "write_stage",
        "write_file",
        "read_result",
    ] {
        assert!(
            dn.contains(&n.to_string()),
            "{n} not in the default profile"
        );
    }
    assert!(!dn
        .iter()
        .any(|n| n.starts_with("write_step_") || n == "write"));
    for n in 1..=10 {
        assert!(fnames.contains(&format!("write_step_{n}")));
    }
    // The budgets of issue 15, estimated (benches/agent.sh counts real BPE tokens): the
    // model reads names, descriptions and input schemas; the wire carries the whole list.
    let tools = d["result"]["tools"].as_array().unwrap();
    let read: String = tools
        .iter()
        .map(|t| format!("{}{}{}", t["name"], t["description"], t["inputSchema"]))
        .collect();
    // English JSON runs at about 4 bytes per token (o200k: 15.5 kB → 3.5k tokens).
    let read_tokens = read.len() / 4;
    let wire_tokens = noveler::mcp::reply::approx_tokens(&d["result"].to_string());
    assert!(
        read_tokens <= 4_000,
        "names+descriptions+inputs ≈ {read_tokens} tokens"
    );
    assert!(wire_tokens <= 20_000, "tools/list ≈ {wire_tokens} tokens");
}

#[test]
fn stdout_is_only_protocol_even_when_a_command_prints() {
    // The noveler tool runs commands that print (text output, a clap error); none of it may
    // reach stdout: every line `Raw::read` takes is checked to be one JSON-RPC message.
    let (_guard, root) = project();
    let mut s = Raw::start(&root, &[]);
    s.initialize("2025-11-25");
    let r = s.call(1, "noveler", json!({"command": "check 1"}));
    let result = &r["result"]["structuredContent"]["result"];
    assert!(
        !result["stdout"]["text"].as_str().unwrap().is_empty(),
        "{r}"
    );
    assert_eq!(result["command"], "noveler check 1");
    // The command's own envelope comes along, and convert saved the full stdout.
    assert_eq!(result["envelope"]["command"], "check");
    let stdout_file = result["stdout"]["file"]["path"].as_str().unwrap();
    assert!(root.join(stdout_file).is_file());

    let r = s.call(2, "noveler", json!({"args": ["no-such-verb"]}));
    let result = &r["result"]["structuredContent"]["result"];
    assert_eq!(result["returncode"], 2);
    assert_eq!(result["command_succeeded"], false);
    assert!(
        !result["stderr"]["text"].as_str().unwrap().is_empty(),
        "{r}"
    );

    let r = s.call(3, "noveler", json!({"args": ["mcp"]}));
    assert_eq!(r["result"]["isError"], true);

    // Completion scripts (and man pages) are not served over MCP (confinement, issue 12).
    let r = s.call(4, "noveler", json!({"args": ["completions", "bash"]}));
    assert_eq!(
        r["result"]["structuredContent"]["error"]["code"], "U004",
        "{r}"
    );

    // A command reading stdin gets nothing (fd 0 is /dev/null), never protocol bytes.
    let r = s.call(5, "noveler", json!({"args": ["check", "-"]}));
    assert!(r["result"]["structuredContent"].is_object(), "{r}");
    let list = s.request(6, "tools/list", json!({}));
    assert!(list["result"].is_object());
}

/// Issue 33 item 4: the generic tool's `check` costs no more than the CLI's own text (the
/// command's envelope comes as its frame, summary and the call that reads the rest), and
/// that call reads the findings.
#[test]
fn the_generic_check_reply_is_no_larger_than_the_cli_text() {
    let (_guard, root) = project();
    let cli = common::run(&root, &["check", "--no-save"]);
    let cli_tokens = noveler::mcp::reply::approx_tokens(&common::stdout(&cli));
    let mut s = Raw::start(&root, &[]);
    s.initialize("2025-11-25");
    let r = s.call(1, "noveler", json!({"command": "check"}));
    let text = r["result"]["content"][0]["text"].as_str().unwrap();
    let reply_tokens = noveler::mcp::reply::approx_tokens(text);
    assert!(
        reply_tokens <= cli_tokens,
        "generic reply ≈{reply_tokens} tokens, CLI text ≈{cli_tokens}: {text}"
    );
    let envelope = &r["result"]["structuredContent"]["result"]["envelope"];
    assert_eq!(envelope["summary"]["findings"], 6, "{envelope}");
    let details = &envelope["details"];
    assert_eq!(details["tool"], "read_result", "{envelope}");
    let page = s.call(2, "read_result", details["arguments"].clone());
    let files = &page["result"]["structuredContent"]["result"]["page"];
    assert_eq!(files.as_array().map(Vec::len), Some(3), "{page}");
}

/// The envelope without what differs between two runs of the same input.
fn comparable(mut envelope: Value) -> Value {
    let obj = envelope.as_object_mut().expect("envelope");
    for key in [
        "created_at",
        "execution_time_ms",
        "saved_to",
        "saved_sha256",
        // The seed profile's reply frame (seed 000 §7.5), beside the envelope.
        "summary",
        "primary_output",
        "detailed_report_reference",
    ] {
        obj.remove(key);
    }
    envelope
}

#[test]
fn check_tools_return_the_cli_json_envelope() {
    let (_guard, root) = project();
    let cli = |args: &[&str]| -> Value {
        let out = Command::new(BIN)
            .arg("check")
            .args(args)
            .args(["--format", "json", "--no-progress", "--project-root"])
            .arg(&root)
            .current_dir(&root)
            .output()
            .expect("noveler check");
        assert!(out.status.code().is_some_and(|c| c < 2), "{out:?}");
        serde_json::from_slice(&out.stdout).expect("CLI JSON")
    };
    let mut s = Raw::start(&root, &["-q", "--tools", "seed"]);
    s.initialize("2025-11-25");
    let cases: Vec<(&str, Value, Vec<&str>)> = vec![
        ("noveler_check", json!({"episode": 1}), vec!["1"]),
        ("noveler_check", json!({"targets": [2, 3]}), vec!["2", "3"]),
        (
            "check_basic",
            json!({"episode": 2}),
            vec!["2", "--aspects", "length,content,grammar,style,readability"],
        ),
        (
            "check_rhythm",
            json!({"episode": 3}),
            vec!["3", "--aspects", "rhythm"],
        ),
        (
            "check_rhythm",
            json!({"episode": 3, "severity_threshold": "medium"}),
            vec!["3", "--aspects", "rhythm", "--severity-threshold", "medium"],
        ),
    ];
    // Sent three at a time (the per-project cap of checks, seed 000 §7.2; a fourth would be
    // QC-008 busy): the server runs them in parallel and answers each by id.
    for (batch, chunk) in cases.chunks(3).enumerate() {
        for (j, (tool, args, _)) in chunk.iter().enumerate() {
            s.send(
                json!({"jsonrpc": "2.0", "id": 100 + batch * 3 + j, "method": "tools/call",
                          "params": {"name": tool, "arguments": args}}),
            );
        }
        for j in 0..chunk.len() {
            let r = s.response(json!(100 + batch * 3 + j));
            s.stash.push_back(r);
        }
    }
    for (i, (tool, args, cli_args)) in cases.iter().enumerate() {
        let r = s.response(json!(100 + i));
        let r = s.checked(tool, r);
        assert_eq!(r["result"]["isError"], false, "{tool} {args}: {r}");
        let mcp = comparable(r["result"]["structuredContent"].clone());
        let cli = comparable(cli(cli_args));
        assert_eq!(mcp["command"], "check");
        assert!(mcp["result"]["files"]
            .as_array()
            .is_some_and(|f| !f.is_empty()));
        assert_eq!(
            mcp, cli,
            "{tool} {args} differs from `noveler check {cli_args:?}`"
        );
    }
}

#[test]
fn long_check_reports_progress_and_stops_on_cancellation() {
    let (_guard, root) = project();
    // Many distinct manuscripts (distinct content defeats the content-hash cache).
    let sample = std::fs::read_to_string(root.join("40_原稿/第001話_潮墨の見習い.md")).unwrap();
    let many = root.join("many");
    std::fs::create_dir_all(&many).unwrap();
    const FILES: usize = 400;
    for i in 0..FILES {
        std::fs::write(
            many.join(format!("第{i:03}話_写し.md")),
            format!("{sample}\n　写し{i}番。\n"),
        )
        .unwrap();
    }
    let (proc, log_rx) = McpProcess::spawn_logged(&root, &[]);
    let mut s = Raw::new(proc);
    s.initialize("2025-11-25");
    s.send(
        json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {
        "name": "noveler_check",
        "arguments": {"targets": ["many"]},
        "_meta": {"progressToken": "tok-7"}}}),
    );

    // Progress arrives for our token, increasing, with the total.
    let first = loop {
        let m = s.read();
        if m["method"] == "notifications/progress" {
            break m;
        }
        assert!(
            m.get("id") != Some(&json!(7)),
            "the check finished before any progress: {m}"
        );
    };
    assert_eq!(first["params"]["progressToken"], "tok-7");
    assert_eq!(first["params"]["total"].as_f64(), Some(FILES as f64));
    let p1 = first["params"]["progress"].as_f64().unwrap();
    assert!(p1 >= 1.0);

    s.send(
        json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                  "params": {"requestId": 7, "reason": "test"}}),
    );
    // The server logs when the cancelled call has stopped.
    loop {
        let line = log_rx.recv_timeout(PATIENCE).expect("server log");
        if line.contains("noveler_check cancelled") {
            break;
        }
    }
    // It keeps serving; the cancelled call gets no response (rmcp drops it).
    let list = s.request(8, "tools/list", json!({}));
    assert!(list["result"]["tools"].is_array());
    let mut progress = vec![p1];
    for m in s.stash.iter() {
        assert_ne!(
            m.get("id"),
            Some(&json!(7)),
            "a cancelled call was answered: {m}"
        );
        if m["method"] == "notifications/progress" {
            progress.push(m["params"]["progress"].as_f64().unwrap());
        }
    }
    assert!(progress.windows(2).all(|w| w[0] < w[1]), "{progress:?}");
    assert!(
        (*progress.last().unwrap() as usize) < FILES,
        "cancellation did not stop the check early"
    );
    // The run it stopped is saved as an R001 error envelope, like any other result.
    let out = root.join("temp/json_output");
    let cancelled: Vec<Value> = std::fs::read_dir(&out)
        .unwrap()
        .filter_map(|e| {
            let p = e.ok()?.path();
            let name = p.file_name()?.to_str()?.to_string();
            if !name.starts_with("check_") {
                return None;
            }
            serde_json::from_slice(&std::fs::read(&p).ok()?).ok()
        })
        .collect();
    assert_eq!(cancelled.len(), 1, "{cancelled:?}");
    assert_eq!(cancelled[0]["success"], false);
    assert_eq!(cancelled[0]["error"]["code"], "R001");
}

/// The quality-loop and statistics tools (issue 18).
fn stats_cases() -> Vec<Case> {
    vec![
        Case {
            tool: "run_quality_checks",
            valid: json!({"episode": 1, "ml_optimization": {"enabled": true}}),
            invalid: json!({"episode": 1, "fail_under": 250}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "improve_quality_until",
            valid: json!({"episode": 1, "target_score": 100, "dry_run": true}),
            invalid: json!({"episode": 1, "max_iterations": 50}),
            invalid_expect: Expect::ToolError("U001"),
        },
        Case {
            tool: "record_improvement_feedback",
            valid: json!({"episode": 1, "decisions": [
                {"finding_id": "0123456789ab", "code": "TYPO", "decision": "reject"}]}),
            invalid: json!({"episode": 1}),
            invalid_expect: Expect::ToolError("U001"),
        },
    ]
}

/// Cancelling checks of one big file each stops the analysis itself and frees the check
/// slots for the next call at once (issue 28 item 4): with all three slots held by
/// cancelled checks, a fourth is admitted instead of refused as busy while they wind down.
#[test]
fn cancelled_big_checks_stop_and_free_their_slots() {
    let (_guard, root) = project();
    let paragraph = "　彼は坂を駆け上がり、振り返って叫んだ。「まだ終わっていない」\n";
    let (proc, log_rx) = McpProcess::spawn_logged(&root, &[]);
    let mut s = Raw::new(proc);
    s.initialize("2025-11-25");
    let ids = [20, 21, 22];
    for (k, id) in ids.iter().enumerate() {
        let name = format!("第09{k}話_大.md");
        std::fs::write(
            root.join("40_原稿").join(&name),
            format!("{}　{k}番。\n", paragraph.repeat(20_000)),
        )
        .unwrap();
        s.send(
            json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {
            "name": "noveler_check",
            "arguments": {"targets": [format!("40_原稿/{name}")]}}}),
        );
    }
    // Each call creates its slot's lock file (`slot_check_<i>.lock`) as it takes the slot
    // (a fresh project has none): once all three exist, all three calls hold a slot and are
    // analysing.
    let slots: Vec<PathBuf> = (0..3)
        .map(|i| root.join(format!(".noveler/locks/slot_check_{i}.lock")))
        .collect();
    let since = std::time::Instant::now();
    while !slots.iter().all(|p| p.exists()) {
        assert!(
            since.elapsed() < PATIENCE,
            "the checks never took their slots"
        );
        std::thread::yield_now();
    }
    for id in &ids {
        s.send(
            json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
            "params": {"requestId": id, "reason": "test"}}),
        );
    }
    let r = s.call(30, "noveler_check", json!({"targets": [1]}));
    let text = r.to_string();
    assert!(!text.contains("QC008"), "refused as busy: {text}");
    assert_eq!(r["result"]["isError"], false, "{text}");
    // Each cancelled call logged that it stopped, and none was answered.
    let mut stopped = 0;
    while stopped < 3 {
        let line = log_rx.recv_timeout(PATIENCE).expect("server log");
        stopped += usize::from(line.contains("noveler_check cancelled"));
    }
    for m in s.stash.iter() {
        assert!(
            !ids.iter().any(|id| m.get("id") == Some(&json!(id))),
            "a cancelled call was answered: {m}"
        );
    }
}
