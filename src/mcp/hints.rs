//! Suggested next actions written as CLI lines (`noveler complete 3`), turned into the call
//! of the dedicated MCP tool that does the same job (`{tool: "noveler_complete", arguments:
//! {episode: 3}}`) when the active profile offers one. A line this table does not know, or
//! one with a placeholder (`<出力ファイル>`, `EP`) or an option the tool has no argument for,
//! is left to the caller (who falls back to the generic `noveler` tool with the line).

use serde_json::{json, Map, Value};

/// A CLI line split into its words: positionals and `--flag [value]` options.
struct Line {
    words: Vec<String>,
    flags: Vec<(String, Option<String>)>,
}

/// Options that take no value.
const SWITCHES: [&str; 7] = [
    "--new",
    "--force",
    "--dry-run",
    "--regenerate",
    "--all",
    "--apply",
    "--diff",
];

impl Line {
    fn parse(line: &str) -> Option<Line> {
        let words = crate::commands::noveler_cli::split_words(line).ok()?;
        let mut out = Line {
            words: Vec::new(),
            flags: Vec::new(),
        };
        let mut it = words.into_iter().peekable();
        while let Some(w) = it.next() {
            if is_placeholder(&w) {
                return None;
            }
            if let Some((name, value)) = w.split_once('=').filter(|_| w.starts_with("--")) {
                out.flags.push((name.to_string(), Some(value.to_string())));
            } else if w.starts_with("--") {
                let value = if SWITCHES.contains(&w.as_str()) {
                    None
                } else {
                    it.next_if(|v| !v.starts_with("--"))
                };
                out.flags.push((w, value));
            } else {
                out.words.push(w);
            }
        }
        Some(out)
    }

    /// The value of `--name`, removing it from the options still to be understood.
    fn take(&mut self, name: &str) -> Option<Option<String>> {
        let i = self.flags.iter().position(|(n, _)| n == name)?;
        Some(self.flags.remove(i).1)
    }

    /// Every value of a repeatable `--name`.
    fn take_all(&mut self, name: &str) -> Vec<String> {
        let mut values = Vec::new();
        while let Some(v) = self.take(name) {
            values.extend(v);
        }
        values
    }
}

fn is_placeholder(word: &str) -> bool {
    word.contains('<') || word == "EP" || word == "N" || word == "ID"
}

fn episode(word: &str) -> Option<u32> {
    word.parse().ok().filter(|n| *n >= 1)
}

/// The dedicated tool's call for CLI `line` (without the leading `noveler`), if the profile
/// (`tools`) has one and every part of the line maps onto its arguments.
pub(crate) fn cli_call(line: &str, tools: &[&str]) -> Option<Value> {
    let mut l = Line::parse(line)?;
    let mut args = Map::new();
    let owned = std::mem::take(&mut l.words);
    let words: Vec<&str> = owned.iter().map(String::as_str).collect();
    let candidates: &[&str] = match words.as_slice() {
        ["status"] => &["status"],
        ["complete", ep] => {
            args.insert("episode".into(), json!(episode(ep)?));
            if l.take("--dry-run").is_some() {
                args.insert("dry_run".into(), json!(true));
            }
            if l.take("--force").is_some() {
                args.insert("force".into(), json!(true));
            }
            &["noveler_complete"]
        }
        ["check", "progressive", ep, verb, rest @ ..] => {
            args.insert("episode".into(), json!(episode(ep)?));
            match (*verb, rest) {
                ("tasks", []) => {
                    if l.take("--new").is_some() {
                        args.insert("new_session".into(), json!(true));
                    }
                    &["get_check_tasks", "progressive_check_get_tasks"]
                }
                ("step", [step]) => {
                    args.insert("step_id".into(), json!(step.parse::<u32>().ok()?));
                    &["execute_check_step", "progressive_check_execute_step"]
                }
                ("status", []) => &["get_check_status", "progressive_check_get_status"],
                _ => return None,
            }
        }
        ["check", targets @ ..] if !targets.is_empty() && targets[0] != "progressive" => {
            match targets {
                [ep] if ep.parse::<u32>().is_ok() => {
                    args.insert("episode".into(), json!(episode(ep)?));
                }
                _ => {
                    args.insert("targets".into(), json!(targets));
                }
            }
            let aspects = l.take_all("--aspects");
            if !aspects.is_empty() {
                args.insert("aspects".into(), json!(aspects));
            }
            if let Some(v) = l.take("--fail-under") {
                args.insert("fail_under".into(), json!(v?.parse::<f64>().ok()?));
            }
            &["noveler_check"]
        }
        ["write", "submit", ep] | ["write", ep] | ["write", "resume", ep] => {
            args.insert("episode".into(), json!(episode(ep)?));
            if let Some(id) = l.take("--session") {
                args.insert("session_id".into(), json!(id?));
            }
            for stage in ["--step", "--stage"] {
                if let Some(n) = l.take(stage) {
                    args.insert("stage".into(), json!(n?.parse::<u32>().ok()?));
                }
            }
            if l.take("--new").is_some() {
                args.insert("new_session".into(), json!(true));
            }
            let waive = l.take_all("--waive");
            if !waive.is_empty() {
                args.insert("waive".into(), json!(waive));
            }
            // Over MCP the stage output goes in `submission`, not in a file.
            l.take("--file");
            &["write_stage"]
        }
        ["plot", ep] | ["plot", "submit", ep] => {
            args.insert("episode".into(), json!(episode(ep)?));
            if l.take("--regenerate").is_some() {
                args.insert("regenerate".into(), json!(true));
            }
            l.take("--file");
            &["noveler_plot"]
        }
        ["polish", ep] => {
            args.insert("episode".into(), json!(episode(ep)?));
            if let Some(level) = l.take("--level") {
                args.insert("fix_level".into(), json!(level?));
            }
            // The CLI previews unless --apply; check_fix applies unless dry_run.
            if l.take("--apply").is_none() {
                args.insert("dry_run".into(), json!(true));
            }
            l.take("--diff");
            &["check_fix"]
        }
        ["backup", "list"] => {
            args.insert("action".into(), json!("list"));
            &["backup_management"]
        }
        ["backup", "create"] => {
            args.insert("action".into(), json!("create"));
            if l.take("--all").is_some() {
                args.insert("all".into(), json!(true));
            }
            &["backup_management"]
        }
        ["artifact", "list"] => &["list_artifacts"],
        ["artifact", "fetch", id] => {
            args.insert("artifact_id".into(), json!(id));
            &["fetch_artifact"]
        }
        ["files", "list"] => &["list_files_with_hashes"],
        ["todo", "list"] => {
            if let Some(status) = l.take("--status") {
                args.insert("status".into(), json!(status?));
            }
            &["list_tasks"]
        }
        _ => return None,
    };
    // An option the tool has no argument for: the line means more than the call would.
    if !l.flags.is_empty() {
        return None;
    }
    let tool = candidates.iter().find(|c| tools.contains(c))?;
    Some(json!({"tool": tool, "arguments": args}))
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEFAULT: &[&str] = &[
        "status",
        "noveler_check",
        "write_stage",
        "noveler_plot",
        "noveler_complete",
        "get_check_tasks",
        "execute_check_step",
        "check_fix",
        "backup_management",
        "fetch_artifact",
        "noveler",
    ];

    fn call(line: &str) -> Option<Value> {
        cli_call(line, DEFAULT)
    }

    #[test]
    fn cli_lines_become_the_dedicated_tool() {
        assert_eq!(
            call("complete 3"),
            Some(json!({"tool": "noveler_complete", "arguments": {"episode": 3}}))
        );
        assert_eq!(
            call("complete 3 --force").unwrap()["arguments"],
            json!({"episode": 3, "force": true})
        );
        assert_eq!(
            call("write submit 4 --session s1 --stage 10 --file f.json --waive must_include:2 --waive target_length")
                .unwrap()["arguments"],
            json!({"episode": 4, "session_id": "s1", "stage": 10, "waive": ["must_include:2", "target_length"]})
        );
        assert_eq!(
            call("check 2"),
            Some(json!({"tool": "noveler_check", "arguments": {"episode": 2}}))
        );
        assert_eq!(
            call("check 1 --aspects rhythm --aspects style")
                .unwrap()
                .get("arguments"),
            Some(&json!({"episode": 1, "aspects": ["rhythm", "style"]}))
        );
        assert_eq!(
            call("check 40_原稿/").unwrap()["arguments"],
            json!({"targets": ["40_原稿/"]})
        );
        assert_eq!(
            call("write 4 --session s1 --step 3").unwrap(),
            json!({"tool": "write_stage", "arguments": {"episode": 4, "session_id": "s1", "stage": 3}})
        );
        assert_eq!(
            call("write 4 --new").unwrap()["arguments"],
            json!({"episode": 4, "new_session": true})
        );
        assert_eq!(
            call("check progressive 2 step 5").unwrap(),
            json!({"tool": "execute_check_step", "arguments": {"episode": 2, "step_id": 5}})
        );
        assert_eq!(
            call("check progressive 2 tasks --new").unwrap()["tool"],
            "get_check_tasks"
        );
        assert_eq!(
            call("polish 2").unwrap()["arguments"],
            json!({"episode": 2, "dry_run": true})
        );
        assert_eq!(
            call("backup create --all").unwrap()["arguments"],
            json!({"action": "create", "all": true})
        );
        assert_eq!(call("status").unwrap()["tool"], "status");
    }

    #[test]
    fn unknown_lines_placeholders_and_missing_tools_are_left_alone() {
        // No dedicated tool (or not in this profile).
        assert_eq!(call("rules"), None);
        assert_eq!(call("explain TYPO"), None);
        assert_eq!(call("artifact list"), None);
        assert_eq!(call("check progressive 2 status"), None);
        assert_eq!(
            cli_call("artifact list", &["list_artifacts"]).unwrap()["tool"],
            "list_artifacts"
        );
        // Placeholders and options the tool cannot express.
        assert_eq!(call("write EP"), None);
        assert_eq!(
            call("check progressive <話数> tasks --target-min 2000"),
            None
        );
        assert_eq!(call("status --project-root /x"), None);
        assert_eq!(call("write 3 --plot-file p.yaml"), None);
        assert_eq!(call("complete x"), None);
    }
}
