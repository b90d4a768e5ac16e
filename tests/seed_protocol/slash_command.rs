//! Row "the `/noveler` slash command" (seed 000 §10): `noveler mcp install-command [--user]`
//! installs the one command text `noveler init` writes; its `allowed-tools` are real tools
//! of the server `.mcp.json` registers, and every call its body names works on a fresh
//! project. `HOME` is always a temporary directory here, never the real one.

use super::common::{self, code, json as parse, stderr, stdout};
use rmcp::model::CallToolRequestParams;
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
use rmcp::ServiceExt;
use serde_json::Value;
use std::path::Path;
use std::process::Output;

const TEMPLATE: &str = include_str!("../../templates/project/agent/noveler.md");
const REL: &str = ".claude/commands/noveler.md";

fn install(cwd: &Path, home: Option<&Path>, args: &[&str]) -> Output {
    let mut cmd = common::noveler(cwd);
    match home {
        Some(h) => cmd.env("HOME", h),
        None => cmd.env_remove("HOME"),
    };
    cmd.args(["mcp", "install-command"])
        .args(args)
        .output()
        .unwrap()
}

fn backups(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut found: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "bak"))
        .collect();
    found.sort();
    found
}

#[test]
fn the_user_install_writes_once_then_leaves_alone_and_backs_up_what_it_replaces() {
    let home = tempfile::tempdir().unwrap();
    let cwd = tempfile::tempdir().unwrap();
    let path = home.path().join(REL);
    let dir = path.parent().unwrap();

    let first = install(cwd.path(), Some(home.path()), &["--user"]);
    assert_eq!(code(&first), 0, "{}", stderr(&first));
    assert!(stdout(&first).contains("入れました"), "{}", stdout(&first));
    let installed = std::fs::read_to_string(&path).unwrap();
    assert_eq!(installed, TEMPLATE);
    insta::assert_snapshot!("slash_command", installed);
    // Nothing left in the folder it ran in (no project there).
    assert_eq!(std::fs::read_dir(cwd.path()).unwrap().count(), 0);

    let again = install(
        cwd.path(),
        Some(home.path()),
        &["--user", "--format", "json"],
    );
    assert_eq!(code(&again), 0, "{}", stderr(&again));
    let r = &parse(&again)["result"];
    assert_eq!(r["status"], "unchanged", "{r}");
    assert_eq!(r["scope"], "user");
    assert!(r["backup"].is_null());
    assert!(backups(dir).is_empty());

    let edited = "---\ndescription: 作者が直した版\n---\n自分用の手順\n";
    std::fs::write(&path, edited).unwrap();
    let replaced = install(
        cwd.path(),
        Some(home.path()),
        &["--user", "--format", "json"],
    );
    assert_eq!(code(&replaced), 0, "{}", stderr(&replaced));
    let r = &parse(&replaced)["result"];
    assert_eq!(r["status"], "replaced", "{r}");
    let backup = Path::new(r["backup"].as_str().unwrap());
    assert_eq!(backups(dir), [backup.to_path_buf()]);
    // The backup holds the author's bytes and is no command Claude Code would list.
    assert_eq!(std::fs::read_to_string(backup).unwrap(), edited);
    assert!(!backup.to_string_lossy().ends_with(".md"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), TEMPLATE);
    let tools: Vec<&str> = r["allowed_tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert!(tools.contains(&"mcp__noveler__write_stage"), "{tools:?}");
}

#[test]
fn without_a_usable_home_the_user_install_fails_with_exit_2_and_says_why() {
    let cwd = tempfile::tempdir().unwrap();
    let unset = install(cwd.path(), None, &["--user"]);
    assert_eq!(code(&unset), 2);
    let err = stderr(&unset);
    assert!(
        err.contains("U002") && err.contains("HOME が設定されていない"),
        "{err}"
    );

    // `.claude` is a file: the commands folder cannot be made (as root too, unlike a
    // read-only folder).
    let home = tempfile::tempdir().unwrap();
    std::fs::write(home.path().join(".claude"), "not a folder").unwrap();
    let blocked = install(cwd.path(), Some(home.path()), &["--user"]);
    assert_eq!(code(&blocked), 2);
    let err = stderr(&blocked);
    assert!(
        err.contains("/noveler コマンドを書き込めませんでした"),
        "{err}"
    );
    assert!(err.contains(".claude/commands"), "{err}");
    assert_eq!(
        std::fs::read_to_string(home.path().join(".claude")).unwrap(),
        "not a folder"
    );

    // A read-only folder, where permissions apply (not as root).
    let home = tempfile::tempdir().unwrap();
    let commands = home.path().join(".claude/commands");
    std::fs::create_dir_all(&commands).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&commands, std::fs::Permissions::from_mode(0o555)).unwrap();
        if std::fs::write(commands.join("probe"), "").is_err() {
            let denied = install(cwd.path(), Some(home.path()), &["--user"]);
            assert_eq!(code(&denied), 2);
            let err = stderr(&denied);
            assert!(
                err.contains("P003") && err.contains("書き込めませんでした"),
                "{err}"
            );
        }
        std::fs::set_permissions(&commands, std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    let relative = install(cwd.path(), Some(Path::new("home")), &["--user"]);
    assert_eq!(code(&relative), 2);
    assert!(stderr(&relative).contains("絶対パスではありません"));
}

/// `noveler init` and the project install write the same bytes; a folder that is no
/// project gets nothing.
#[test]
fn init_and_the_project_install_write_the_same_command() {
    let dir = tempfile::tempdir().unwrap();
    let outside = install(dir.path(), None, &[]);
    assert_eq!(code(&outside), 2);
    assert!(stderr(&outside).contains("P001"));
    assert!(!dir.path().join(".claude").exists());

    // The body's Bash form, as the agent runs it for `/noveler init 潮騒`.
    let line = TEMPLATE
        .split('`')
        .find(|s| s.starts_with("noveler init "))
        .unwrap()
        .replace("作品名", "潮騒")
        .replace("ジャンル", "ファンタジー");
    let words: Vec<&str> = line.split_whitespace().skip(1).collect();
    let init = common::run(dir.path(), &words);
    assert_eq!(code(&init), 0, "{line}: {}", stderr(&init));
    let root = dir.path().join("潮騒");
    assert_eq!(std::fs::read_to_string(root.join(REL)).unwrap(), TEMPLATE);
    let same = install(&root, None, &["--format", "json"]);
    assert_eq!(code(&same), 0, "{}", stderr(&same));
    assert_eq!(parse(&same)["result"]["status"], "unchanged");
}

/// Every `allowed-tools` MCP name is a tool both profiles list under the server name
/// `.mcp.json` registers, and every call the body spells out (`tool {…}`, N = 1) works on
/// the project `noveler init` made: no unknown tool, no refused argument.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_commands_tools_are_listed_and_its_calls_work() {
    let mcp: Value =
        serde_json::from_str(include_str!("../../templates/project/agent/mcp.json")).unwrap();
    let servers: Vec<&String> = mcp["mcpServers"].as_object().unwrap().keys().collect();
    assert_eq!(servers.len(), 1);
    let prefix = format!("mcp__{}__", servers[0]);
    let front = TEMPLATE.split("---\n").nth(1).unwrap();
    let allowed: Vec<String> = front
        .lines()
        .find_map(|l| l.strip_prefix("allowed-tools: "))
        .unwrap()
        .split(", ")
        .filter_map(|t| t.strip_prefix(&prefix).map(str::to_string))
        .collect();
    assert!(allowed.len() >= 8, "{allowed:?}");

    let dir = tempfile::tempdir().unwrap();
    let init = common::run(
        dir.path(),
        &["init", "p", "--title", "潮騒", "--genre", "ファンタジー"],
    );
    assert_eq!(code(&init), 0, "{}", stderr(&init));
    let root = std::fs::canonicalize(dir.path().join("p")).unwrap();
    let home = tempfile::tempdir().unwrap();
    for profile in ["default", "seed"] {
        let client = serve(&root, home.path(), profile).await;
        let listed: Vec<String> = client
            .list_all_tools()
            .await
            .unwrap()
            .into_iter()
            .map(|t| t.name.to_string())
            .collect();
        for tool in &allowed {
            assert!(listed.contains(tool), "{profile}: {tool} is not listed");
        }
        if profile == "default" {
            for (tool, args) in spelled_calls() {
                let r = client
                    .call_tool(
                        CallToolRequestParams::new(tool.clone())
                            .with_arguments(args.as_object().cloned().unwrap()),
                    )
                    .await
                    .unwrap_or_else(|e| panic!("{tool} {args}: {e}"));
                assert!(allowed.contains(&tool), "{tool} is used but not allowed");
                let sc = r.structured_content.clone().unwrap_or(Value::Null);
                let code = sc["error"]["code"].as_str().unwrap_or("");
                // A quality gate may refuse (the fresh episode is short); the call itself
                // must be one the server accepts.
                assert!(
                    r.is_error != Some(true) || code.starts_with('Q'),
                    "{tool} {args}: {sc:#}"
                );
            }
        }
        // The server writes nothing outside its roots: no install through the CLI tool.
        let r = client
            .call_tool(
                CallToolRequestParams::new("noveler").with_arguments(
                    serde_json::json!({"command": "mcp install-command --user"})
                        .as_object()
                        .cloned()
                        .unwrap(),
                ),
            )
            .await
            .unwrap();
        assert_eq!(r.is_error, Some(true), "{profile}: {r:?}");
        assert!(!home.path().join(".claude").exists());
        client.cancel().await.ok();
    }
}

async fn serve(
    root: &Path,
    home: &Path,
    profile: &str,
) -> rmcp::service::RunningService<rmcp::RoleClient, ()> {
    let root = root.to_path_buf();
    let home = home.to_path_buf();
    let profile = profile.to_string();
    let transport = TokioChildProcess::new(tokio::process::Command::new(common::BIN).configure(
        move |cmd| {
            cmd.arg("mcp").arg("--project-root").arg(&root).arg("-q");
            cmd.arg("--tools").arg(&profile).env("HOME", &home);
        },
    ))
    .expect("spawn");
    ().serve(transport).await.expect("initialize")
}

/// The calls the body spells out as `` `tool {json}` `` with N = 1, in order (the ones
/// holding a placeholder `…` are left out).
fn spelled_calls() -> Vec<(String, Value)> {
    let mut calls = Vec::new();
    for span in TEMPLATE.split('`').skip(1).step_by(2) {
        let Some((tool, args)) = span.split_once(' ') else {
            continue;
        };
        if !args.starts_with('{')
            || args.contains('…')
            || !tool.chars().all(|c| c.is_ascii_lowercase() || c == '_')
        {
            continue;
        }
        let args: Value = serde_json::from_str(&args.replace(": N", ": 1"))
            .unwrap_or_else(|e| panic!("`{span}`: {e}"));
        calls.push((tool.to_string(), args));
    }
    assert!(calls.len() >= 8, "{calls:?}");
    calls
}
