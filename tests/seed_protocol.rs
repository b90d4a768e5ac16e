//! The seed profile speaks the seed's protocol (issue 33 items 5 and 7), through rmcp's
//! client over the built binary (`noveler mcp --tools seed`) on a fresh copy of
//! `fixtures/sample_project`. Every reply is checked against the tool's listed outputSchema,
//! and its `isError` against the envelope's `success`. One test per row of docs/seeds.md's
//! "The seed profile's protocol" table.

use rmcp::model::{CallToolRequestParams, Tool};
use rmcp::service::RunningService;
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
use rmcp::{RoleClient, ServiceExt};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

mod common;
use common::BIN;
#[path = "seed_protocol/slash_command.rs"]
mod slash_command;

/// A manuscript with mechanical slips (typo, ellipses, doubled 。, an exclamation without
/// its space) for the fix tools.
const EP4: &str = "40_原稿/第004話_試し.md";
const EP4_TEXT: &str = "# 第四話　試し\n\n　こんにちわ、と彼は言った...。\n　「行くぞ！あれを見ろ」\n地の文です。。\n　時間が止まった・・・\n";

struct Seed {
    client: RunningService<RoleClient, ()>,
    tools: HashMap<String, Tool>,
}

impl Seed {
    async fn start(root: &Path) -> Seed {
        Seed::start_with(root, &[]).await
    }

    async fn start_with(root: &Path, env: &[(&str, &str)]) -> Seed {
        let root = root.to_path_buf();
        let env: Vec<(String, String)> = env
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let transport =
            TokioChildProcess::new(tokio::process::Command::new(BIN).configure(move |cmd| {
                cmd.arg("mcp").arg("--project-root").arg(&root).arg("-q");
                cmd.arg("--tools").arg("seed");
                for (k, v) in &env {
                    cmd.env(k, v);
                }
            }))
            .expect("spawn");
        let client = ().serve(transport).await.expect("initialize");
        let tools = client
            .list_all_tools()
            .await
            .expect("tools/list")
            .into_iter()
            .map(|t| (t.name.to_string(), t))
            .collect();
        Seed { client, tools }
    }

    /// Calls `tool`: (isError, structuredContent). The reply must fit the listed
    /// outputSchema, and `isError` must say what the envelope's `success` says.
    async fn call(&self, tool: &str, args: Value) -> (bool, Value) {
        let listed = self
            .tools
            .get(tool)
            .unwrap_or_else(|| panic!("{tool} is not listed"));
        let result = self
            .client
            .call_tool(
                CallToolRequestParams::new(tool.to_string())
                    .with_arguments(args.as_object().cloned().unwrap_or_default()),
            )
            .await
            .unwrap_or_else(|e| panic!("{tool} {args}: JSON-RPC error {e}"));
        let sc = result.structured_content.clone().unwrap_or(Value::Null);
        let is_error = result.is_error == Some(true);
        assert_eq!(
            sc["success"],
            json!(!is_error),
            "{tool} {args}: isError {is_error} but success {}",
            sc["success"]
        );
        let text = result
            .content
            .iter()
            .find_map(|c| c.as_text().map(|t| t.text.clone()))
            .unwrap_or_default();
        let from_text: Value = serde_json::from_str(&text).expect("the text block is JSON");
        assert_eq!(from_text, sc, "{tool}: text and structuredContent differ");
        if let Some(schema) = listed.output_schema.as_ref() {
            let schema = Value::Object(schema.as_ref().clone());
            let v = jsonschema::validator_for(&schema).expect("a valid outputSchema");
            let errors: Vec<String> = v.iter_errors(&sc).map(|e| e.to_string()).collect();
            assert!(
                errors.is_empty(),
                "{tool}: reply does not fit its outputSchema: {errors:?}"
            );
        }
        (is_error, sc)
    }

    async fn ok(&self, tool: &str, args: Value) -> Value {
        let (is_error, sc) = self.call(tool, args.clone()).await;
        assert!(!is_error, "{tool} {args}: {sc:#}");
        sc
    }

    async fn stop(self) {
        self.client.cancel().await.ok();
    }
}

fn project() -> (tempfile::TempDir, PathBuf) {
    let (dir, root) = common::sample_in("project");
    let root = std::fs::canonicalize(root).unwrap();
    (dir, root)
}

fn log_lines(root: &Path) -> Vec<Value> {
    std::fs::read_to_string(root.join(".noveler/checks/check_runs.ndjson"))
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// Row 7: a check of an episode that does not exist is an error in the reply (`isError`)
/// and in the envelope (`success: false`), with the seed's guidance to a listed tool.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_episode_fails_in_is_error_and_in_success_alike() {
    let (_g, root) = project();
    let seed = Seed::start(&root).await;
    for tool in [
        "check_basic",
        "check_rhythm",
        "noveler_check",
        "run_quality_checks",
        "check_story_elements",
        "check_story_structure",
        "check_writing_expression",
        "check_fix",
    ] {
        let (is_error, sc) = seed.call(tool, json!({"episode": 99})).await;
        assert!(is_error, "{tool}: {sc:#}");
        assert_eq!(sc["error"]["code"], "E003", "{tool}: {sc:#}");
        assert_eq!(sc["error"]["tool_name"], tool);
        let guidance = &sc["error"]["claude_guidance"];
        let suggested = guidance["suggested_action"].as_str().unwrap_or_default();
        assert!(
            seed.tools.contains_key(suggested),
            "{tool}: guidance names `{suggested}`: {sc:#}"
        );
    }
    seed.stop().await;
}

/// Row 5: every applied fix names the finding it resolved, also when `issue_ids` was not
/// given; a fix of the first pass names the id the check reported.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_applied_fix_names_its_finding() {
    let (_g, root) = project();
    std::fs::write(root.join(EP4), EP4_TEXT).unwrap();
    let seed = Seed::start(&root).await;
    let checked = seed.ok("check_basic", json!({"episode": 4})).await;
    let ids: Vec<&str> = checked["result"]["files"][0]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["id"].as_str())
        .collect();
    assert!(!ids.is_empty(), "{checked:#}");
    let fixed = seed
        .ok(
            "check_fix",
            json!({"episode": 4, "fix_level": "standard", "dry_run": true}),
        )
        .await;
    let applied = fixed["result"]["fixes_applied"].as_array().unwrap();
    assert!(applied.len() >= 3, "{fixed:#}");
    for f in applied {
        let id = f["issue_id"].as_str().unwrap_or_else(|| panic!("{f}"));
        assert_eq!(id.len(), 12, "{f}");
    }
    let from_check = applied
        .iter()
        .filter(|f| ids.contains(&f["issue_id"].as_str().unwrap()))
        .count();
    assert!(from_check >= 3, "{fixed:#}\nids: {ids:?}");
    seed.stop().await;
}

/// Row 6: the judged evaluations leave their record under `.noveler/checks/` beside the
/// checks': text hash, template, whether a judgment came in, the score.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn judged_evaluations_are_logged_under_checks() {
    let (_g, root) = project();
    let seed = Seed::start(&root).await;
    let pending = seed
        .ok("check_story_structure", json!({"episode": 2}))
        .await;
    let sha = pending["result"]["text"]["sha256"]
        .as_str()
        .unwrap()
        .to_string();
    let mut judged: Value = serde_json::from_str(
        &std::fs::read_to_string(
            common::manifest().join("fixtures/progressive/story_structure.json"),
        )
        .unwrap(),
    )
    .unwrap();
    judged["manuscript_sha256"] = json!(sha);
    seed.ok(
        "check_story_structure",
        json!({"episode": 2, "llm_result": judged}),
    )
    .await;
    seed.ok("check_writing_expression", json!({"episode": 2}))
        .await;
    seed.ok("check_story_elements", json!({"episode": 2})).await;
    seed.ok("generate_episode_preview", json!({"episode": 2}))
        .await;
    seed.stop().await;
    let lines = log_lines(&root);
    let of = |command: &str| -> Vec<&Value> {
        lines.iter().filter(|l| l["command"] == command).collect()
    };
    let structure = of("check_story_structure");
    assert_eq!(structure.len(), 2, "{lines:#?}");
    assert_eq!(structure[0]["output"]["llm_pending"], true);
    assert_eq!(structure[0]["input"]["llm_result_sha256"], Value::Null);
    assert_eq!(structure[1]["output"]["llm_pending"], false);
    assert!(structure[1]["output"]["overall_score"].is_number());
    assert_eq!(
        structure[1]["input"]["llm_result_sha256"]
            .as_str()
            .unwrap()
            .len(),
        64
    );
    assert_eq!(structure[1]["input"]["files"][0]["sha256"], sha);
    assert!(structure[1]["input"]["template"]["sha256"].is_string());
    for command in [
        "check_writing_expression",
        "check_story_elements",
        "generate_episode_preview",
    ] {
        assert_eq!(of(command).len(), 1, "{command}: {lines:#?}");
    }
    // Hashes, never the manuscript's text.
    let manuscript = std::fs::read_to_string(root.join("40_原稿/第002話_測量局の客.md")).unwrap();
    let first_line = manuscript.lines().find(|l| l.chars().count() > 10).unwrap();
    let log = std::fs::read_to_string(root.join(".noveler/checks/check_runs.ndjson")).unwrap();
    assert!(!log.contains(first_line.trim()));
}

/// Row 8: a broken project template does not stop the writing flow: the embedded one is
/// used, with a warning naming the file.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_broken_project_template_gives_way_to_the_embedded_one_with_a_warning() {
    let (_g, root) = project();
    let plot = root.join("templates/plot/episode_plot.yaml");
    std::fs::create_dir_all(plot.parent().unwrap()).unwrap();
    std::fs::write(&plot, "version: [\n").unwrap();
    let stage1 = root.join("templates/writing/stage01_plot_data_preparation.yaml");
    std::fs::create_dir_all(stage1.parent().unwrap()).unwrap();
    std::fs::write(&stage1, "version: \"1\"\nid: x\n").unwrap();
    let seed = Seed::start(&root).await;
    let prompt = seed.ok("noveler_plot", json!({"episode": 4})).await;
    let t = &prompt["result"]["template"];
    assert_eq!(t["template_source"], "embedded", "{prompt:#}");
    let warning = t["warning"].as_str().unwrap();
    assert!(warning.contains("episode_plot.yaml"), "{warning}");
    assert_eq!(prompt["result"]["warnings"][0], warning);
    let written = seed.ok("noveler_write", json!({"episode": 1})).await;
    let t = &written["result"]["stage"]["template"];
    assert_eq!(t["template_source"], "embedded", "{written:#}");
    assert!(t["warning"]
        .as_str()
        .unwrap()
        .contains("stage01_plot_data_preparation.yaml"));
    seed.stop().await;
}

fn fixture(rel: &str) -> Value {
    let text = std::fs::read_to_string(common::manifest().join("fixtures").join(rel)).unwrap();
    if rel.ends_with(".json") {
        serde_json::from_str(&text).unwrap()
    } else {
        Value::String(text)
    }
}

/// Rows 1 and 3: the writing and plot tools carry the seed's output keys in `result` beside
/// ours, and every reply has a one-line `summary` (plus `primary_output` with a preview of
/// the file the call wrote, and `detailed_report_reference`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_writing_and_plot_tools_carry_the_seeds_keys_and_a_summary() {
    let (_g, root) = project();
    let seed = Seed::start(&root).await;
    let prompt = seed.ok("noveler_plot", json!({"episode": 4})).await;
    assert_eq!(prompt["summary"], "第4話のプロット作成プロンプトです");
    assert_eq!(prompt["result"]["generation_method"], "prompt");
    assert_eq!(prompt["result"]["plot_file_path"], Value::Null);
    assert_eq!(prompt["result"]["plot_generated"], Value::Null);
    assert!(prompt.get("primary_output").is_none(), "{prompt:#}");

    let plot = seed
        .ok(
            "noveler_plot",
            json!({"episode": 4, "content": fixture("writing/plot_ep004.yaml")}),
        )
        .await;
    let r = &plot["result"];
    let file = r["plot_file"].as_str().unwrap();
    assert_eq!(r["plot_file_path"], file);
    let saved = std::fs::read_to_string(root.join(file)).unwrap();
    assert_eq!(r["plot_generated"], saved.as_str());
    assert!(!r["plot_quality_preview"]["key_elements"]
        .as_array()
        .unwrap()
        .is_empty());
    assert_eq!(r["plot_quality_preview"]["complexity_score"], Value::Null);
    assert_eq!(plot["primary_output"]["file_reference"], file);
    assert!(plot["summary"].as_str().unwrap().contains("流れ着いた瓶"));
    assert_eq!(plot["detailed_report_reference"], plot["saved_to"]);

    let first = seed.ok("noveler_write", json!({"episode": 4})).await;
    assert_eq!(first["result"]["total_stages_completed"], 0);
    assert_eq!(first["result"]["final_manuscript_path"], Value::Null);
    assert_eq!(first["result"]["stage_results"], json!([]));
    assert!(first["summary"].as_str().unwrap().contains("STEP1/10"));
    let session = first["result"]["session_id"].as_str().unwrap().to_string();
    let staged = seed
        .ok(
            "write_stage",
            json!({"episode": 4, "stage": "plot_data_preparation", "session_id": session,
                   "submission": fixture("writing/stage01.json")}),
        )
        .await;
    let r = &staged["result"];
    assert_eq!(r["stage_name"], "plot_data_preparation");
    assert_eq!(r["next_recommended_stage"], "plot_structure_analysis");
    assert_eq!(r["stage_result"]["status"], "completed");
    // The seed's next stage name is a stage this server takes back.
    let second = seed
        .ok(
            "write_stage",
            json!({"episode": 4, "stage": r["next_recommended_stage"], "session_id": session,
                   "submission": fixture("writing/stage02.json")}),
        )
        .await;
    assert_eq!(second["result"]["stage_name"], "plot_structure_analysis");
    let third = seed
        .ok(
            "write_step_3",
            json!({"episode": 4, "session_id": session,
                   "submission": fixture("writing/stage03.json")}),
        )
        .await;
    let r = &third["result"];
    assert_eq!(r["total_stages_completed"], 3);
    assert_eq!(r["stage_results"][0]["stage"], 3);
    assert_eq!(r["stage_results"][0]["status"], "completed");
    assert!(r["execution_time_total_seconds"].is_number());
    let resumed = seed
        .ok("write_resume", json!({"episode": 4, "session_id": session}))
        .await;
    assert_eq!(
        resumed["result"]["execution_result"]["next_recommended_stage"],
        "humor_elements_design"
    );

    let manuscript = fixture("writing/stage08.json");
    let draft = seed
        .ok(
            "write_manuscript_draft",
            json!({"episode": 5, "plot_content": "小鞠が灯台へ行く。", "submission": manuscript}),
        )
        .await;
    let r = &draft["result"];
    let path = r["submitted"]["manuscript"]["path"].as_str().unwrap();
    let on_disk = std::fs::read_to_string(root.join(path)).unwrap();
    assert_eq!(r["manuscript_text"], on_disk.as_str());
    assert!(r["word_count_actual"].as_u64().unwrap() > 200);
    assert!(r["quality_assessment"]["overall_score"].is_number());
    assert_eq!(draft["primary_output"]["file_reference"], path);
    let preview = draft["primary_output"]["preview"].as_str().unwrap();
    assert!(preview.contains("筆を取り上げられた手が"), "{preview}");
    assert!(draft["summary"].as_str().unwrap().contains("STEP8"));

    let claude = seed
        .ok(
            "write_with_claude",
            json!({"episode": 6, "plot_content": "小鞠が灯台へ行く。", "submission": manuscript}),
        )
        .await;
    let r = &claude["result"];
    assert!(r["manuscript_generated"]
        .as_str()
        .unwrap()
        .contains("筆を取り上げられた手が"));
    assert_eq!(r["generation_method"], "claude_code_session");
    assert_eq!(r["word_count"], r["submitted"]["manuscript"]["body_chars"]);

    // Checks and errors have their line too.
    let checked = seed.ok("check_basic", json!({"episode": 1})).await;
    assert!(checked["summary"].as_str().unwrap().contains("チェック"));
    assert!(checked["primary_output"]["preview"].is_string());
    let (_, failed) = seed.call("check_basic", json!({"episode": 99})).await;
    assert!(failed["summary"].as_str().unwrap().contains("E003"));
    seed.stop().await;
}

/// Row 7 (`claude_guidance`): every error the seed profile's tools can be made to give
/// carries the seed's guidance — a listed tool with parameters that work as given (neither
/// "Unknown tool" nor U001 for them), or `suggested_action: null` with the file to edit
/// named when no tool helps.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_error_carries_claude_guidance_that_works_as_given() {
    let (_g, root) = project();
    let seed = Seed::start(&root).await;
    let errors = [
        ("check_basic", json!({"episode": 99}), "E003"),
        ("noveler_write", json!({"episode": 99}), "E002"),
        ("noveler_plot", json!({"episode": 0}), "U001"),
        ("check_basic", json!({"episod": 1}), "U001"),
        (
            "noveler_check",
            json!({"episode": 1, "severity": "high"}),
            "U001",
        ),
        ("write_stage", json!({"episode": 1, "stage": 99}), "QC-003"),
        (
            "execute_check_step",
            json!({"episode": 1, "step_id": 99}),
            "QC-003",
        ),
        (
            "check_fix",
            json!({"episode": 1, "expected_sha256": "00"}),
            "QC-018",
        ),
        (
            "write_resume",
            json!({"episode": 1, "session_id": "nope"}),
            "U001",
        ),
        (
            "fetch_artifact",
            json!({"artifact_id": "artifact:0123456789ab"}),
            "A002",
        ),
        ("read_result", json!({"saved_to": "nope.json"}), "U005"),
        (
            "polish_stage",
            json!({"episode": 1, "stage": "two"}),
            "U001",
        ),
        ("write", json!({"path": "../x.md", "content": "a"}), "U004"),
    ];
    for (tool, args, code) in errors {
        let (is_error, sc) = seed.call(tool, args.clone()).await;
        assert!(is_error, "{tool} {args}: {sc:#}");
        assert_eq!(sc["error"]["code"], code, "{tool} {args}: {sc:#}");
        follow_guidance(&seed, tool, &sc).await;
    }

    // Busy: the one write slot held elsewhere; the guidance is the same call, which works
    // once the slot is free.
    let dir = root.join(".noveler/locks");
    std::fs::create_dir_all(&dir).unwrap();
    let slot = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(dir.join("slot_write_0.lock"))
        .unwrap();
    let mut lock = fd_lock::RwLock::new(slot);
    let busy = {
        let _held = lock.try_write().unwrap();
        seed.call("noveler_write", json!({"episode": 3})).await.1
    };
    assert_eq!(busy["error"]["code"], "QC-008", "{busy:#}");
    let g = &busy["error"]["claude_guidance"];
    assert_eq!(
        (&g["suggested_action"], &g["parameters"]),
        (&json!("noveler_write"), &json!({"episode": 3})),
        "{busy:#}"
    );
    follow_guidance(&seed, "noveler_write", &busy).await;

    // A broken project file: no tool mends it; the guidance says so and names the file.
    std::fs::write(root.join("プロジェクト設定.yaml"), "title: [unclosed\n").unwrap();
    let (is_error, broken) = seed.call("check_basic", json!({"episode": 1})).await;
    assert!(is_error, "{broken:#}");
    let g = &broken["error"]["claude_guidance"];
    assert_eq!(g["suggested_action"], Value::Null, "{broken:#}");
    assert!(
        g["explanation"]
            .as_str()
            .is_some_and(|e| e.contains("プロジェクト設定.yaml")),
        "{broken:#}"
    );
    seed.stop().await;
}

/// Calls an error's `claude_guidance` as given: a listed tool whose reply is not a U001
/// for the parameters the guidance chose (a null action must say why).
async fn follow_guidance(seed: &Seed, tool: &str, sc: &Value) {
    let error = &sc["error"];
    assert_eq!(error["tool_name"], tool, "{sc:#}");
    let g = &error["claude_guidance"];
    let explanation = g["explanation"].as_str().unwrap_or_default();
    assert!(
        !explanation.trim().is_empty() && !explanation.is_ascii(),
        "{tool}: no Japanese explanation: {sc:#}"
    );
    let Some(next) = g["suggested_action"].as_str() else {
        assert!(g["suggested_action"].is_null(), "{tool}: {sc:#}");
        return;
    };
    assert!(
        seed.tools.contains_key(next),
        "{tool}: guidance names `{next}`, not listed: {sc:#}"
    );
    let (_, reply) = seed.call(next, g["parameters"].clone()).await;
    assert_ne!(
        reply["error"]["code"], "U001",
        "{tool} → {next} {}: {reply:#}",
        g["parameters"]
    );
}

/// Row seed 003 NFR-002-001: an artifact directory that cannot be written does not stop
/// the writing flow. The server holds the artifacts in memory, says so in a warning naming
/// the directory and the fix, and serves them to `fetch_artifact` in later calls.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unwritable_artifact_store_keeps_the_writing_flow_going_from_memory() {
    let (_g, root) = project();
    let seed = Seed::start(&root).await;
    let by_mode = common::make_artifacts_unwritable(&root);
    let unwritten = |reply: &Value| -> String {
        reply["result"]["warnings"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .find(|w| w.contains("保存できませんでした"))
            .unwrap_or_else(|| panic!("no warning: {reply:#}"))
            .to_string()
    };
    // The plot prompt and the plot's submission go on too.
    let prompt = seed.ok("noveler_plot", json!({"episode": 4})).await;
    unwritten(&prompt);
    let plot = seed
        .ok(
            "noveler_plot",
            json!({"episode": 4, "content": fixture("writing/plot_ep004.yaml")}),
        )
        .await;
    unwritten(&plot);
    let first = seed.ok("noveler_write", json!({"episode": 4})).await;
    let r = &first["result"];
    let warning = unwritten(&first);
    assert!(
        warning.contains(&root.join(".noveler").display().to_string()),
        "{warning}"
    );
    let fix = if by_mode { "chmod u+w" } else { "空き容量" };
    assert!(warning.contains(fix), "{warning}");
    assert!(warning.contains("fetch_artifact"), "{warning}");
    // By reference, as usual: the ids are served from memory.
    let prompt = r["stage"]["prompt"].as_str().unwrap();
    assert!(!prompt.contains("本文をそのまま載せています"), "{prompt}");
    let plot = r["artifacts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["key"] == "plot")
        .unwrap_or_else(|| panic!("{first:#}"));
    let plot_id = plot["artifact_id"].as_str().unwrap();
    assert!(prompt.contains(plot_id), "{prompt}");
    let session = r["session_id"].as_str().unwrap().to_string();
    // The session itself is on disk: it does not depend on the artifact directory.
    assert!(root.join(r["session_file"].as_str().unwrap()).is_file());

    let staged = seed
        .ok(
            "write_stage",
            json!({"episode": 4, "stage": 1, "session_id": session,
                   "submission": fixture("writing/stage01.json")}),
        )
        .await;
    unwritten(&staged);
    let submitted = &staged["result"]["submitted"];
    assert!(
        submitted["warnings"]
            .to_string()
            .contains("保存できませんでした"),
        "{staged:#}"
    );
    let stage_output = submitted["artifact_id"].as_str().unwrap().to_string();

    // Later calls of the same server fetch what the earlier calls handed out.
    let fetched = seed
        .ok("fetch_artifact", json!({"artifact_id": plot_id}))
        .await;
    let plot_file = plot["source_file"].as_str().unwrap();
    let on_disk = std::fs::read_to_string(root.join(plot_file)).unwrap();
    assert_eq!(fetched["result"]["content"], on_disk.as_str());
    assert_eq!(fetched["result"]["metadata"]["memory_only"], true);
    let output = seed
        .ok("fetch_artifact", json!({"artifact_id": stage_output}))
        .await;
    let content = output["result"]["content"].as_str().unwrap();
    assert!(serde_json::from_str::<Value>(content).is_ok(), "{content}");
    let second = seed
        .ok(
            "noveler_write",
            json!({"episode": 4, "session_id": session}),
        )
        .await;
    let inputs = second["result"]["stage"]["inputs"].as_array().unwrap();
    assert!(
        inputs
            .iter()
            .any(|i| i["artifact_id"] == stage_output.as_str()),
        "{second:#}"
    );
    seed.stop().await;
}
