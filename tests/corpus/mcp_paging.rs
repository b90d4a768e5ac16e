//! Paging that pages (issue 33 item 2), on a 60-episode project made at test time from the
//! Aozora works (read in place: the sample project's three episodes, then 57 more cut from
//! the works at paragraph ends): every paged reply of the default profile is followed to its
//! end through rmcp's client — `noveler_check` in each detail, the generic `noveler check`,
//! `status` — and each chain must bring new items every call, stay under 10,000 tokens a
//! reply, never point back, never write a result file per hop, and read everything.

use rmcp::model::CallToolRequestParams;
use rmcp::service::RunningService;
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
use rmcp::{RoleClient, ServiceExt};
use serde_json::{json, Value};
use std::collections::HashSet;
use std::path::Path;

const LIMIT: usize = 10_000;

/// The sample project with episodes 4..=60 cut from the corpus (≥ 3,000 characters each).
fn sixty_episodes() -> (tempfile::TempDir, std::path::PathBuf) {
    let (guard, root) = super::common::sample_in("project");
    let dir = root.join("40_原稿");
    let mut n = 4;
    'works: for (name, text) in super::common::aozora_texts() {
        let stem = name.trim_end_matches(".txt").to_string();
        let mut chunk = String::new();
        for para in text.lines().filter(|l| !l.trim().is_empty()) {
            chunk.push_str(para.trim_end());
            chunk.push('\n');
            if chunk.chars().count() >= 3_000 {
                std::fs::write(dir.join(format!("第{n:03}話_{stem}{n}.md")), &chunk).unwrap();
                chunk.clear();
                n += 1;
                if n > 60 {
                    break 'works;
                }
            }
        }
    }
    assert!(n > 60, "the corpus gave only {} episodes", n - 1);
    (guard, std::fs::canonicalize(root).unwrap())
}

type Client = RunningService<RoleClient, ()>;

async fn call(client: &Client, tool: &str, args: &Value) -> (Value, usize) {
    let r = client
        .call_tool(
            CallToolRequestParams::new(tool.to_string())
                .with_arguments(args.as_object().cloned().unwrap()),
        )
        .await
        .unwrap_or_else(|e| panic!("{tool} {args}: {e}"));
    let text = r
        .content
        .iter()
        .find_map(|c| c.as_text().map(|t| t.text.clone()))
        .unwrap_or_default();
    let tokens = noveler::mcp::reply::approx_tokens(&text);
    assert!(tokens <= LIMIT, "{tool} {args}: ≈{tokens} tokens");
    assert_ne!(r.is_error, Some(true), "{tool} {args}: {text}");
    (serde_json::from_str(&text).unwrap(), tokens)
}

fn saved_results(root: &Path) -> usize {
    std::fs::read_dir(root.join("temp/json_output"))
        .map(|d| d.count())
        .unwrap_or(0)
}

/// What a chain read: the items of each pointer, and the calls made.
#[derive(Default)]
struct Read {
    calls: usize,
    files: Vec<String>,
    findings: usize,
}

/// Follows `page.next` from the reply of `tool` to the end.
async fn chain(client: &Client, root: &Path, tool: &str, args: Value) -> (Value, Read) {
    let (first, _) = call(client, tool, &args).await;
    let before = saved_results(root);
    let mut read = Read::default();
    let mut seen = HashSet::new();
    let mut reply = first.clone();
    loop {
        read.calls += 1;
        assert!(read.calls < 400, "{tool} {args}: no end");
        let pointer = reply["page"]["pointer"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let items = if reply["command"] == "read_result" {
            reply["result"]["page"].clone()
        } else {
            reply.pointer(&pointer).cloned().unwrap_or(Value::Null)
        };
        let shown = reply["page"]["shown"].as_u64();
        if let Some(shown) = shown {
            assert!(shown > 0, "{tool} {args}: an empty page {reply}");
        }
        if pointer.ends_with("/files") {
            for f in items.as_array().into_iter().flatten() {
                read.files
                    .push(f["path"].as_str().unwrap_or_default().to_string());
                read.findings += f["findings"].as_array().map_or(0, Vec::len);
            }
        } else if pointer.ends_with("/findings") {
            read.findings += items.as_array().map_or(0, Vec::len);
        }
        let next = &reply["page"]["next"];
        if !next.is_object() {
            break;
        }
        assert!(
            seen.insert(next.to_string()),
            "{tool}: a page points back: {next}"
        );
        let t = next["tool"].as_str().unwrap().to_string();
        reply = call(client, &t, &next["arguments"]).await.0;
    }
    assert_eq!(
        saved_results(root),
        before,
        "{tool} {args}: the pages wrote result files of their own"
    );
    eprintln!(
        "{tool} {args}: {} call(s), {} file(s), {} finding(s) read",
        read.calls,
        read.files.len(),
        read.findings
    );
    (first, read)
}

pub fn every_page_chain_reads_a_sixty_episode_project_to_the_end() {
    let (_guard, root) = sixty_episodes();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let r = root.clone();
        let transport = TokioChildProcess::new(
            tokio::process::Command::new(super::common::BIN).configure(move |cmd| {
                cmd.arg("mcp").arg("--project-root").arg(&r).arg("-q");
            }),
        )
        .expect("spawn");
        let client: Client = ().serve(transport).await.expect("initialize");

        // The whole check, file by file: every file and every finding, once.
        let (first, read) = chain(&client, &root, "noveler_check", json!({"detail": "full"})).await;
        let saved: Value = serde_json::from_slice(
            &std::fs::read(root.join(first["saved_to"].as_str().unwrap())).unwrap(),
        )
        .unwrap();
        let files = saved["result"]["files"].as_array().unwrap();
        assert_eq!(files.len(), 60);
        let mut paths: Vec<String> = read.files.clone();
        paths.dedup();
        assert_eq!(paths.len(), 60, "every file once, in order: {paths:?}");
        let all: usize = files
            .iter()
            .map(|f| f["findings"].as_array().unwrap().len())
            .sum();
        assert!(all > 100, "the corpus episodes have findings: {all}");
        assert_eq!(read.findings, all, "every finding read once");
        assert!(read.calls > 1, "60 episodes do not fit one reply");

        // The findings view: page after page, the same total.
        let (first, read) = chain(&client, &root, "noveler_check", json!({})).await;
        let total = first["page"]["total"].as_u64().unwrap() as usize;
        assert_eq!(total, all);
        assert!(read.calls >= total.div_ceil(200));

        // The generic tool's check leads to the same pages, never into a loop.
        let (generic, read) = chain(&client, &root, "noveler", json!({"command": "check"})).await;
        assert!(read.calls < 100, "{generic}");

        // Status, 60 rows.
        let (_, read) = chain(&client, &root, "status", json!({})).await;
        assert!(read.calls >= 2);
        client.cancel().await.ok();
    });
}
