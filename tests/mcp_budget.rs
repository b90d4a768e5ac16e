//! Replies that fit (issue 15): on a 60-episode project, every default-profile tool's reply
//! stays under 10,000 tokens, and what a reply leaves out is reachable (`truncated[].next`
//! → `read_result` on the saved file, whose sha256 the reply gives). Tokens are estimated
//! from above (`noveler::mcp::reply::approx_tokens`); `benches/agent.sh` prints real BPE
//! counts.

use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
use rmcp::ServiceExt;
use serde_json::{json, Value};
use std::path::Path;

mod common;
use common::BIN;

const LIMIT: usize = 10_000;

/// The sample project grown to 60 episodes (its three manuscripts repeated).
fn sixty_episodes() -> (tempfile::TempDir, std::path::PathBuf) {
    let (guard, root) = common::sample_in("project");
    let dir = root.join("40_原稿");
    let mut originals: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    originals.sort();
    for n in 4..=60 {
        let from = &originals[(n - 1) % originals.len()];
        std::fs::copy(from, dir.join(format!("第{n:03}話_複製{n}.md"))).unwrap();
    }
    (guard, std::fs::canonicalize(root).unwrap())
}

fn text_of(r: &CallToolResult) -> String {
    r.content
        .iter()
        .find_map(|c| c.as_text().map(|t| t.text.clone()))
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_default_reply_fits_on_a_sixty_episode_project() {
    let (_guard, root) = sixty_episodes();
    let r = root.clone();
    let transport =
        TokioChildProcess::new(tokio::process::Command::new(BIN).configure(move |cmd| {
            cmd.arg("mcp").arg("--project-root").arg(&r).arg("-q");
        }))
        .expect("spawn");
    let client = ().serve(transport).await.expect("initialize");
    let long_text = "　潮の匂いが、港の朝を満たしていた。\n".repeat(2_000);
    let calls = [
        ("status", json!({})),
        ("noveler_check", json!({})),
        ("noveler_check", json!({"episode": 1, "full": true})),
        ("write_stage", json!({"episode": 61})),
        ("noveler_plot", json!({"episode": 61, "dry_run": true})),
        ("noveler_complete", json!({"episode": 1, "dry_run": true})),
        ("get_check_tasks", json!({"episode": 1})),
        ("execute_check_step", json!({"episode": 1, "step_id": 1})),
        ("execute_check_step", json!({"episode": 1, "step_id": 12})),
        ("check_fix", json!({"episode": 1, "dry_run": true})),
        ("store_artifact", json!({"content": long_text})),
        ("check_file_changes", json!({})),
        ("backup_management", json!({"action": "list"})),
        ("noveler", json!({"command": "rules"})),
        (
            "write_file",
            json!({"path": "memo.md", "content": "メモ\n"}),
        ),
        ("check_file_changes", json!({})),
    ];
    let tools = client.list_all_tools().await.expect("tools/list");
    let mut cut_seen = None;
    let mut artifact = None;
    for (tool, args) in calls {
        assert!(tools.iter().any(|t| t.name == tool), "{tool} not listed");
        let r = client
            .call_tool(
                CallToolRequestParams::new(tool).with_arguments(args.as_object().cloned().unwrap()),
            )
            .await
            .unwrap_or_else(|e| panic!("{tool}: {e}"));
        let text = text_of(&r);
        let tokens = noveler::mcp::reply::approx_tokens(&text);
        assert!(tokens <= LIMIT, "{tool} {args}: ≈{tokens} tokens");
        let v: Value = serde_json::from_str(&text).unwrap();
        assert!(v["saved_to"].is_string(), "{tool}: {v}");
        if let Some(cut) = v["truncated"].get(0) {
            cut_seen.get_or_insert((v["saved_to"].clone(), cut.clone()));
        }
        if tool == "store_artifact" {
            artifact = v["result"]["artifact_id"].as_str().map(String::from);
        }
    }
    // The whole check of 60 episodes does not fit: it is cut, and the rest is paged.
    let (saved_to, cut) = cut_seen.expect("some reply was cut");
    let next = &cut["next"];
    assert_eq!(next["tool"], "read_result");
    assert_eq!(next["arguments"]["saved_to"], saved_to);
    let page = client
        .call_tool(
            CallToolRequestParams::new("read_result")
                .with_arguments(next["arguments"].as_object().cloned().unwrap()),
        )
        .await
        .unwrap();
    let page: Value = serde_json::from_str(&text_of(&page)).unwrap();
    assert_eq!(page["success"], true, "{page}");
    assert_eq!(page["result"]["cursor"], cut["shown"]);
    assert_eq!(page["result"]["total"], cut["total"]);
    assert!(Path::new(&root).join(saved_to.as_str().unwrap()).is_file());

    // A long artifact comes back cut, and read_result pages the rest of its text.
    let fetched = client
        .call_tool(
            CallToolRequestParams::new("fetch_artifact").with_arguments(
                json!({"artifact_id": artifact.unwrap()})
                    .as_object()
                    .cloned()
                    .unwrap(),
            ),
        )
        .await
        .unwrap();
    let text = text_of(&fetched);
    assert!(noveler::mcp::reply::approx_tokens(&text) <= LIMIT);
    let v: Value = serde_json::from_str(&text).unwrap();
    let cut = &v["truncated"][0];
    assert_eq!(cut["pointer"], "/result/content", "{v}");
    assert_eq!(cut["total"], long_text.chars().count());
    let rest = client
        .call_tool(
            CallToolRequestParams::new("read_result")
                .with_arguments(cut["next"]["arguments"].as_object().cloned().unwrap()),
        )
        .await
        .unwrap();
    let rest: Value = serde_json::from_str(&text_of(&rest)).unwrap();
    let shown = cut["shown"].as_u64().unwrap() as usize;
    let expected: String = long_text.chars().skip(shown).take(6000).collect();
    assert_eq!(rest["result"]["page"], expected);
    client.cancel().await.ok();
}
