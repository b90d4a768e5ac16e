//! `noveler mcp` through the official TypeScript SDK (`@modelcontextprotocol/sdk`, which MCP
//! Inspector and many hosts are built on): its `listTools` refuses a list with a schema it
//! cannot read, and its `callTool` validates every structuredContent against the tool's
//! outputSchema. The SDK is installed from the npm registry once into
//! `target/tmp/ts-sdk/`; without node, npm or the registry the tests are reported as
//! `ignored` with a note (this target runs under `libtest-mimic`, `harness = false`), never
//! as passing.

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::BIN;

/// The oldest SDK line that refuses boolean sub-schemas (issue 15) and up.
const SDK: &str = "@modelcontextprotocol/sdk@^1.22";

/// The SDK's install dir, installing it on first use; `None` (with a note) when it cannot be.
/// Installed once per process (the tests run in parallel, and two `npm install`s into one
/// directory leave a broken tree), and trusted only once a marker says it completed.
fn sdk() -> Option<PathBuf> {
    static SDK_DIR: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    SDK_DIR.get_or_init(install_sdk).clone()
}

fn install_sdk() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ts-sdk");
    let installed = dir.join("node_modules/@modelcontextprotocol/sdk/package.json");
    let complete = dir.join(".install-complete");
    // node runs the client even when the SDK is already installed.
    let node = Command::new("node").arg("--version").output();
    if !node.is_ok_and(|o| o.status.success()) {
        eprintln!("note: node is not installed; the TypeScript SDK tests are ignored (they need node 18+)");
        return None;
    }
    if complete.is_file() && installed.is_file() {
        return Some(dir);
    }
    // A half-finished install (killed, or raced by an older test binary) starts over.
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).ok()?;
    let out = Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--silent", "--prefix"])
        .arg(&dir)
        .arg(SDK)
        .output();
    match out {
        Ok(o) if o.status.success() && installed.is_file() => {
            std::fs::write(&complete, SDK).ok()?;
            Some(dir)
        }
        Ok(o) => {
            eprintln!(
                "note: `npm install {SDK}` failed (no registry?); the TypeScript SDK tests are ignored: {}",
                String::from_utf8_lossy(&o.stderr).trim()
            );
            None
        }
        Err(e) => {
            eprintln!("note: npm is not available ({e}); the TypeScript SDK tests are ignored");
            None
        }
    }
}

/// The id `store_artifact` gives `content` (SPEC §6: the first 12 hex of its sha256).
fn artifact_of(content: &str) -> String {
    format!(
        "artifact:{}",
        &noveler::analysis::sha256_hex(content.as_bytes())[..12]
    )
}

/// Runs tests/ts_client/client.mjs with `calls` against a fresh sample project.
fn run_client(sdk: &Path, profile: &str, calls: Value) -> (Value, tempfile::TempDir) {
    let (guard, root) = common::sample_in("project");
    let calls_file = guard.path().join("calls.json");
    std::fs::write(&calls_file, calls.to_string()).unwrap();
    let out = Command::new("node")
        .arg(common::manifest().join("tests/ts_client/client.mjs"))
        .arg(sdk)
        .arg(BIN)
        .arg(&root)
        .arg(profile)
        .arg(&calls_file)
        .output()
        .expect("run node");
    assert!(
        out.status.success(),
        "the TypeScript client failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).expect("client report");
    (report, guard)
}

/// Every call: no SDK exception (a reply that does not validate against outputSchema
/// throws), and isError exactly where expected.
fn judge(report: &Value, calls: &Value) {
    let results = report["calls"].as_array().expect("calls");
    for (call, got) in calls.as_array().unwrap().iter().zip(results) {
        assert!(
            got.get("exception").is_none(),
            "{}: the TypeScript SDK refused the reply: {}",
            call["tool"],
            got["exception"]
        );
        let expect_error = call["expect_error"].as_bool().unwrap_or(false);
        assert_eq!(
            got["is_error"].as_bool(),
            Some(expect_error),
            "{} {}: {}",
            call["tool"],
            call["arguments"],
            got["structured"]
        );
        assert!(got["structured"].is_object(), "{}", call["tool"]);
    }
}

/// A test that talks to `noveler mcp` through the SDK installed at the path.
type SdkTest = fn(&Path);

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    // Installing the SDK is the environment check; a listing does not need it.
    let sdk = if args.list { None } else { sdk() };
    let absent = sdk.is_none();
    let tests: [(&str, SdkTest); 2] = [
        (
            "the_typescript_sdk_lists_and_calls_the_default_tools",
            the_typescript_sdk_lists_and_calls_the_default_tools,
        ),
        (
            "the_typescript_sdk_accepts_every_seed_tool_schema",
            the_typescript_sdk_accepts_every_seed_tool_schema,
        ),
    ];
    let trials = tests
        .into_iter()
        .map(|(name, f)| {
            let sdk = sdk.clone();
            libtest_mimic::Trial::test(name, move || {
                if let Some(sdk) = &sdk {
                    f(sdk);
                }
                Ok(())
            })
            .with_ignored_flag(absent)
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

fn the_typescript_sdk_lists_and_calls_the_default_tools(sdk: &Path) {
    let calls = json!([
        {"tool": "status"},
        {"tool": "noveler_check", "arguments": {"episode": 1}},
        {"tool": "write_stage", "arguments": {"episode": 2}},
        {"tool": "write_stage", "arguments": {"episode": 2, "stage": 2, "dry_run": true}},
        {"tool": "store_artifact", "arguments": {"content": "港町のメモ"}},
        {"tool": "check_file_changes"},
        {"tool": "backup_management", "arguments": {"action": "list"}},
        {"tool": "noveler", "arguments": {"command": "rules"}},
        {"tool": "get_check_tasks", "arguments": {"episode": 1}},
        {"tool": "execute_check_step", "arguments": {"episode": 1, "step_id": 1}},
        // every other default tool, and the views (detail, cursor/limit)
        {"tool": "write_file", "arguments": {"path": "memo.md", "content": "メモ\n"}},
        {"tool": "noveler_plot", "arguments": {"episode": 4, "dry_run": true}},
        {"tool": "noveler_complete", "arguments": {"episode": 1, "dry_run": true}},
        {"tool": "check_fix", "arguments": {"episode": 1, "dry_run": true}},
        {"tool": "fetch_artifact", "arguments": {"artifact_id": artifact_of("港町のメモ")}},
        {"tool": "read_result", "arguments": {"saved_to": "temp/json_output/none.json"},
         "expect_error": true},
        {"tool": "noveler_check", "arguments": {"detail": "summary"}},
        {"tool": "noveler_check", "arguments": {"limit": 2, "cursor": 1}},
        {"tool": "noveler_check", "arguments": {"episode": 1, "detail": "full"}},
        {"tool": "status", "arguments": {"limit": 1, "cursor": 1}},
        // argument errors and a call whose only target failed are isError results
        {"tool": "noveler_check", "arguments": {"episode": "one"}, "expect_error": true},
        {"tool": "write_stage", "arguments": {"episode": 2, "submision": {}}, "expect_error": true},
        {"tool": "noveler_check", "arguments": {"episode": 999}, "expect_error": true},
    ]);
    let (report, _guard) = run_client(sdk, "default", calls.clone());
    let tools = report["tools"].as_array().expect("tools");
    assert!((10..=16).contains(&tools.len()), "the SDK saw {tools:?}");
    judge(&report, &calls);
    let misspelt = &report["calls"][21]["structured"]["error"];
    assert!(
        misspelt["message"]
            .as_str()
            .is_some_and(|m| m.contains("`submission`")),
        "{misspelt}"
    );
}

fn the_typescript_sdk_accepts_every_seed_tool_schema(sdk: &Path) {
    // The typed output schemas of the seed profile, through the SDK's own validation (it
    // checks every successful call's structuredContent against the tool's outputSchema).
    let calls = json!([
        {"tool": "check_basic", "arguments": {"episode": 1}},
        {"tool": "check_rhythm", "arguments": {"episode": 2}},
        {"tool": "noveler_check", "arguments": {"targets": [1, 2]}},
        {"tool": "status"},
        {"tool": "write_step_1", "arguments": {"episode": 2, "dry_run": true}},
        {"tool": "noveler_write", "arguments": {"episode": 3, "dry_run": true}},
        {"tool": "enhanced_get_writing_tasks", "arguments": {"episode": 2}},
        {"tool": "noveler_plot", "arguments": {"episode": 4, "dry_run": true}},
        {"tool": "noveler_complete", "arguments": {"episode": 1, "dry_run": true}},
        {"tool": "list_files_with_hashes"},
        {"tool": "check_file_changes"},
        {"tool": "get_file_reference_info", "arguments": {"path": "40_原稿/第001話_潮墨の見習い.md"}},
        {"tool": "store_artifact", "arguments": {"content": "港町のメモ"}},
        {"tool": "list_artifacts"},
        {"tool": "fetch_artifact", "arguments": {"artifact_id": artifact_of("港町のメモ")}},
        {"tool": "backup_management", "arguments": {"action": "list"}},
        {"tool": "convert_cli_to_json", "arguments": {"cli_result": {
            "command": "noveler rules", "returncode": 0, "stdout": "ok", "stderr": ""}}},
        {"tool": "validate_json_response", "arguments": {"json_data": {"success": true}}},
        {"tool": "get_check_status", "arguments": {"episode": 1}, "expect_error": true},
        {"tool": "progressive_check_get_tasks", "arguments": {"episode": 1}},
        {"tool": "progressive_check_execute_step", "arguments": {"episode": 1, "step_id": 1}},
        {"tool": "get_check_status", "arguments": {"episode": 1}},
        {"tool": "get_check_history", "arguments": {"episode": 1}},
        {"tool": "generate_episode_preview", "arguments": {"episode": 1}},
        {"tool": "check_story_structure", "arguments": {"episode": 1}},
        {"tool": "check_writing_expression", "arguments": {"episode": 1}},
        {"tool": "check_story_elements", "arguments": {"episode": 1}},
        {"tool": "check_fix", "arguments": {"episode": 1, "dry_run": true}},
        {"tool": "polish_stage", "arguments": {"episode": 1, "stage": 2}},
        {"tool": "create_task", "arguments": {"title": "第2話を推敲する"}},
        {"tool": "list_tasks"},
        {"tool": "search_tasks", "arguments": {"query": "推敲"}},
        {"tool": "noveler", "arguments": {"command": "rules"}},
    ]);
    let (report, _guard) = run_client(sdk, "seed", calls.clone());
    let tools = report["tools"].as_array().expect("tools");
    assert!(tools.len() > 60, "the SDK saw only {} tools", tools.len());
    judge(&report, &calls);
}
