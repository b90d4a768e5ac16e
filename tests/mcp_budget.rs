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
    episodes(60)
}

/// The sample project grown to `last` episodes (its three manuscripts repeated).
fn episodes(last: usize) -> (tempfile::TempDir, std::path::PathBuf) {
    let (guard, root) = common::sample_in("project");
    let dir = root.join("40_原稿");
    let mut originals: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    originals.sort();
    for n in 4..=last {
        let from = &originals[(n - 1) % originals.len()];
        std::fs::copy(from, dir.join(format!("第{n:03}話_複製{n}.md"))).unwrap();
    }
    (guard, std::fs::canonicalize(root).unwrap())
}

/// The seed profile keeps the envelope's FileRef lists: on 150 episodes `inputs.files`
/// alone is about 15,000 tokens. Every project-wide reply must still fit, the list cut with
/// a `read_result` call that pages it (the frame's lists are cut before the result's).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seed_replies_fit_with_the_frames_file_lists_on_150_episodes() {
    let (_guard, root) = episodes(150);
    let r = root.clone();
    let transport =
        TokioChildProcess::new(tokio::process::Command::new(BIN).configure(move |cmd| {
            cmd.arg("mcp").arg("--project-root").arg(&r);
            cmd.args(["--tools", "seed", "-q"]);
        }))
        .expect("spawn");
    let client = ().serve(transport).await.expect("initialize");
    let call = |tool: String, args: Value| {
        let client = &client;
        async move {
            let r = client
                .call_tool(
                    CallToolRequestParams::new(tool.clone())
                        .with_arguments(args.as_object().cloned().unwrap()),
                )
                .await
                .unwrap_or_else(|e| panic!("{tool}: {e}"));
            let text = text_of(&r);
            let tokens = noveler::mcp::reply::approx_tokens(&text);
            assert!(tokens <= LIMIT, "{tool} {args}: ≈{tokens} tokens");
            assert_ne!(r.is_error, Some(true), "{tool}: {text}");
            serde_json::from_str::<Value>(&text).unwrap()
        }
    };
    for tool in ["status", "noveler_check", "check_file_changes"] {
        let reply = call(tool.into(), json!({})).await;
        let cut = reply["truncated"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|c| c["pointer"] == "/inputs/files")
            .unwrap_or_else(|| panic!("{tool}: the FileRef list was not cut: {reply}"))
            .clone();
        assert!(cut["total"].as_u64().unwrap() >= 150, "{cut}");
        let next = &cut["next"];
        let page = call(
            next["tool"].as_str().unwrap().into(),
            next["arguments"].clone(),
        )
        .await;
        let items = page["result"]["page"].as_array().map_or(0, Vec::len);
        assert!(items > 0, "{tool}: the FileRef page is empty: {page}");
    }
    client.cancel().await.ok();
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
    let rest_text: String = long_text.chars().skip(shown).collect();
    let page = rest["result"]["page"].as_str().unwrap();
    assert!(!page.is_empty() && rest_text.starts_with(page), "{rest}");
    // It reads on to the end: no page is empty, none is written as a file of its own.
    let mut read = shown + page.chars().count();
    let mut next = rest["page"]["next"].clone();
    while next.is_object() {
        let r = client
            .call_tool(
                CallToolRequestParams::new("read_result")
                    .with_arguments(next["arguments"].as_object().cloned().unwrap()),
            )
            .await
            .unwrap();
        let text = text_of(&r);
        assert!(noveler::mcp::reply::approx_tokens(&text) <= LIMIT);
        let v: Value = serde_json::from_str(&text).unwrap();
        assert!(v["saved_to"].is_null(), "a page is not saved: {v}");
        let n = v["result"]["shown"].as_u64().unwrap() as usize;
        assert!(n > 0, "{v}");
        read += n;
        next = v["page"]["next"].clone();
    }
    assert_eq!(read, long_text.chars().count());
    client.cancel().await.ok();
}

/// One default-profile call through rmcp's client: the reply's JSON and whether it is an error.
async fn call(
    client: &rmcp::service::RunningService<rmcp::RoleClient, ()>,
    tool: &str,
    args: Value,
) -> (Value, bool) {
    let r = client
        .call_tool(
            CallToolRequestParams::new(tool.to_string())
                .with_arguments(args.as_object().cloned().unwrap()),
        )
        .await
        .unwrap_or_else(|e| panic!("{tool}: {e}"));
    let text = text_of(&r);
    assert!(noveler::mcp::reply::approx_tokens(&text) <= LIMIT, "{tool}");
    (
        serde_json::from_str(&text).unwrap(),
        r.is_error == Some(true),
    )
}

/// Views (detail, cursor/limit), suggestions as the dedicated tool's call, unknown keys in
/// flattened Requests, and stage 8's warning below the target length (issue 15 items 3–5).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn views_suggestions_and_refusals_over_the_default_profile() {
    let (_guard, root) = sixty_episodes();
    let r = root.clone();
    let transport =
        TokioChildProcess::new(tokio::process::Command::new(BIN).configure(move |cmd| {
            cmd.arg("mcp").arg("--project-root").arg(&r).arg("-q");
        }))
        .expect("spawn");
    let client = ().serve(transport).await.expect("initialize");

    // The whole project: a summary, then findings page by page.
    let (v, _) = call(&client, "noveler_check", json!({"detail": "summary"})).await;
    let result = &v["result"];
    assert!(result.get("findings").is_none(), "{v}");
    let worst = result["worst_findings"].as_array().unwrap();
    assert!(!worst.is_empty());
    let rank = |f: &Value| match f["severity"].as_str().unwrap() {
        "critical" => 3,
        "high" => 2,
        "medium" => 1,
        _ => 0,
    };
    assert!(
        worst.windows(2).all(|w| rank(&w[0]) >= rank(&w[1])),
        "{worst:?}"
    );
    assert_eq!(result["lowest_scores"].as_array().unwrap().len(), 10);
    let total = result["summary"]["findings"].as_u64().unwrap();

    let (first, _) = call(&client, "noveler_check", json!({"limit": 25})).await;
    assert_eq!(first["result"]["findings"].as_array().unwrap().len(), 25);
    assert_eq!(first["page"]["total"], total);
    let next = first["page"]["next"].clone();
    assert_eq!(next["tool"], "noveler_check");
    assert_eq!(next["arguments"]["cursor"], 25);
    let (second, _) = call(&client, "noveler_check", next["arguments"].clone()).await;
    assert_eq!(second["page"]["cursor"], 25);
    assert_ne!(
        second["result"]["findings"][0],
        first["result"]["findings"][0]
    );

    let (status, _) = call(&client, "status", json!({"limit": 7, "cursor": 56})).await;
    let rows = status["result"]["episodes"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0]["episode"], 57);
    assert_eq!(status["page"]["total"], 60);
    assert_eq!(status["page"]["next"], Value::Null);

    // Misspelt keys, flattened Requests included: refused with the closest name.
    for (tool, args, near) in [
        ("noveler_check", json!({"episode": 1, "ful": true}), "full"),
        (
            "execute_check_step",
            json!({"episode": 1, "step_id": 1, "llm_reslt": {}}),
            "llm_result",
        ),
        ("noveler_check", json!({"detail": "everything"}), "detail"),
    ] {
        let (v, is_error) = call(&client, tool, args.clone()).await;
        assert!(is_error, "{tool} {args}: {v}");
        assert_eq!(v["error"]["code"], "U001", "{v}");
        assert!(
            v["error"]["message"].as_str().unwrap().contains(near) || v.to_string().contains(near),
            "{v}"
        );
    }

    // A CLI hint becomes the dedicated tool's call.
    let (v, is_error) = call(&client, "write_stage", json!({"episode": 61})).await;
    assert!(is_error);
    assert_eq!(
        v["error"]["suggested_action"],
        json!({"tool": "noveler_plot", "arguments": {"episode": 61}}),
        "{v}"
    );

    // Stage 8 takes a draft long enough to score but under the target, and says so.
    let (v, is_error) = call(
        &client,
        "write_stage",
        json!({"episode": 3, "draft_only": true, "new_session": true}),
    )
    .await;
    assert!(!is_error, "{v}");
    let body = "　潮の匂いが港の朝を満たしていた。小鞠は墨壺を抱えて坂を下りた。\n".repeat(40);
    let (v, is_error) = call(
        &client,
        "write_stage",
        json!({"episode": 3, "stage": 8, "session_id": v["result"]["session_id"],
               "submission": {"title": "短い話", "manuscript": body}}),
    )
    .await;
    assert!(!is_error, "{v}");
    let warnings = v["result"]["submitted"]["warnings"].to_string();
    assert!(warnings.contains("字足りません"), "{v}");
    // The reply carries stage 9's prompt: its next call is the submission, not a fetch.
    assert!(
        v["result"]["submitted"].get("suggested_actions").is_none(),
        "{v}"
    );
    let next = &v["result"]["stage"]["submit"];
    assert_eq!(next["tool"], "write_stage", "{v}");
    assert_eq!(next["arguments"]["stage"], 9, "{v}");
    client.cancel().await.ok();
}
