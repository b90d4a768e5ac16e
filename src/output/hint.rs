//! Next-step hints for the person at the keyboard. Commands phrase a hint the way an agent
//! would act on it (`noveler_complete {"episode": 1} — why`); the CLI shows the command to type
//! instead (`noveler complete 1 — why`). Hints that are already CLI commands pass unchanged.

use serde_json::{Map, Value};

/// `hint` as a CLI command line when it starts with an MCP call `tool {json}`.
pub(crate) fn to_cli(hint: &str) -> String {
    let Some((call, rest)) = split_call(hint) else {
        return hint.to_string();
    };
    let (tool, args) = call;
    let Some(command) = cli_command(tool, &args) else {
        return hint.to_string();
    };
    format!("{command}{rest}")
}

/// A tool name and its arguments.
type Call<'a> = (&'a str, Map<String, Value>);

/// (tool, arguments) and the text after the JSON object, when `hint` starts with
/// `name {…}` where name is a tool name (`[a-z_]+`).
fn split_call(hint: &str) -> Option<(Call<'_>, &str)> {
    let (tool, after) = hint.split_once(' ')?;
    if tool.is_empty() || !tool.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') {
        return None;
    }
    if !after.starts_with('{') {
        return None;
    }
    let mut stream = serde_json::Deserializer::from_str(after).into_iter::<Map<String, Value>>();
    let args = stream.next()?.ok()?;
    let used = stream.byte_offset();
    Some(((tool, args), &after[used..]))
}

fn scalar(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(shell_word(s)),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// `s` quoted for a POSIX shell when it holds anything but plain word characters.
fn shell_word(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_alphanumeric() || "-_./:=@+,".contains(c) || !c.is_ascii());
    if plain && !s.contains(['<', '>', '*', '?', '[', ']', ' ', '　']) {
        s.to_string()
    } else {
        // Only a NUL cannot be quoted; a hint never holds one.
        shlex::try_quote(s).map_or_else(|_| format!("'{s}'"), |q| q.into_owned())
    }
}

/// The CLI command of an MCP tool call; None when the tool has no CLI form or an argument
/// cannot be written as a flag (the hint is then shown as it is).
fn cli_command(tool: &str, args: &Map<String, Value>) -> Option<String> {
    let verb = match tool {
        "noveler_check" | "check" => "check",
        "noveler_complete" | "complete" => "complete",
        "noveler_write" => "write",
        "noveler_plot" => "plot",
        "noveler_polish" | "polish" => "polish",
        "noveler_status" | "status" => "status",
        "progressive_check" | "get_check_tasks" => "check progressive",
        "explain" => "explain",
        _ => return None,
    };
    let mut line = format!("noveler {verb}");
    let episode = args.get("episode").or_else(|| args.get("episode_number"));
    if let Some(ep) = episode {
        line.push(' ');
        line.push_str(&scalar(ep)?);
    }
    for (key, value) in args {
        if matches!(key.as_str(), "episode" | "episode_number") {
            continue;
        }
        let flag = key.replace('_', "-");
        match value {
            Value::Bool(true) => line.push_str(&format!(" --{flag}")),
            Value::Bool(false) | Value::Null => {}
            Value::Array(items) => {
                for item in items {
                    line.push_str(&format!(" --{flag} {}", scalar(item)?));
                }
            }
            other => line.push_str(&format!(" --{flag} {}", scalar(other)?)),
        }
    }
    Some(line)
}

#[cfg(test)]
mod tests {
    use super::to_cli;

    #[test]
    fn mcp_calls_become_cli_commands() {
        assert_eq!(
            to_cli(r#"noveler_complete {"episode": 1} — 第1話を完了して公開用テキストを作る"#),
            "noveler complete 1 — 第1話を完了して公開用テキストを作る"
        );
        assert_eq!(
            to_cli(r#"noveler_check {"episode": 3, "fail_under": 80} — 低い"#),
            "noveler check 3 --fail-under 80 — 低い"
        );
        assert_eq!(
            to_cli(r#"noveler_complete {"episode": 2, "dry_run": false}"#),
            "noveler complete 2"
        );
    }

    #[test]
    fn other_hints_pass_unchanged() {
        for h in [
            "noveler explain TYPO — よく出ている指摘の直し方",
            "原稿を保存してください",
            r#"unknown_tool {"episode": 1} — x"#,
            "noveler_complete {broken — x",
        ] {
            assert_eq!(to_cli(h), h);
        }
    }

    #[test]
    fn arguments_are_quoted_for_the_shell() {
        assert_eq!(
            to_cli(r#"noveler_check {"episode": 1, "aspects": ["rhythm", "style"]}"#),
            "noveler check 1 --aspects rhythm --aspects style"
        );
        assert_eq!(
            to_cli(r#"noveler_polish {"episode": 1, "path": "a b.md"}"#),
            "noveler polish 1 --path 'a b.md'"
        );
        assert_eq!(
            to_cli(r#"noveler_polish {"episode": 1, "path": "it's 第1話.md"}"#),
            r#"noveler polish 1 --path "it's 第1話.md""#
        );
    }
}
