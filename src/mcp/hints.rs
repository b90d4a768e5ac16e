//! The hints of a reply, rendered for the active profile (`crate::next` does the rendering
//! of one step): every suggested action a command wrote as text (`tool {json} — why`,
//! `noveler <line> — why`) becomes a call of a tool the profile lists, or — when the profile
//! cannot do that job — the reason alone, so an agent that does what replies say never calls a
//! tool it was not offered.
//! - default profile: `{tool, arguments, why}` objects (the frame output schema allows them);
//! - seed profile: the seed's own forms: the text `tool {json} — why` (its typed output
//!   schemas say string), and on errors `claude_guidance {suggested_action, parameters,
//!   explanation}` plus `alternative_actions [{action, parameters, description}]`
//!   (seed 000 §5.5, §6.3).

use crate::next::{NextStep, Tools};
use serde_json::{json, Map, Value};

/// Keys whose string values are suggested next actions.
pub const ACTION_KEYS: [&str; 5] = [
    "suggested_action",
    "alternative_actions",
    "suggested_actions",
    "next_actions",
    "next_action",
];

/// How a profile shows a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `{tool, arguments, why}` objects (default profile).
    Calls,
    /// `tool {json} — why` text (seed profile: its output schemas type these as strings).
    Text,
}

/// One hint text rendered for `tools`: the call as `form` shows it, or the reason alone when
/// the profile cannot make it (or only as a template with placeholders); `None` for text
/// that is not a call (left as written).
pub(crate) fn render_text(text: &str, tools: &Tools, form: Form) -> Option<Value> {
    let step = NextStep::parse(text)?;
    Some(match step.for_tools(tools).filter(|c| !c.is_template()) {
        Some(call) => match form {
            Form::Calls => call.to_json(),
            Form::Text => Value::String(call.to_wire()),
        },
        None => Value::String(step.why.unwrap_or_default()),
    })
}

/// Renders every suggested action in `v` (see the module doc); empty leftovers are dropped.
pub fn render(v: &mut Value, tools: &Tools, form: Form) {
    match v {
        Value::Object(map) => {
            for (key, child) in map.iter_mut() {
                if !ACTION_KEYS.contains(&key.as_str()) {
                    render(child, tools, form);
                    continue;
                }
                match child {
                    Value::String(s) => {
                        if let Some(r) = render_text(s, tools, form) {
                            *child = r;
                        }
                    }
                    Value::Array(items) => {
                        for item in items.iter_mut() {
                            if let Some(r) = item.as_str().and_then(|s| render_text(s, tools, form))
                            {
                                *item = r;
                            }
                        }
                        items.retain(|i| i.as_str() != Some(""));
                    }
                    _ => render(child, tools, form),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|i| render(i, tools, form)),
        _ => {}
    }
}

/// Keys whose strings are not noveler's prose: the author's text and what a command
/// printed (quoted as they are), the agent's own arguments and the command line the generic
/// tool ran echoed back, paths.
pub const NOT_PROSE: [&str; 16] = [
    "content",
    "plot_generated",
    "command",
    "manuscript_text",
    "manuscript_generated",
    "revised_manuscript",
    "text",
    "stdout",
    "stderr",
    "preview",
    "arguments",
    "path",
    "file",
    "saved_to",
    "file_reference",
    "project_root",
];

/// Renders the command lines quoted in noveler's prose — a hint, an explanation, a prompt's
/// instructions (`先にプロットを作ってください（noveler plot 5）`) — as the profile's call
/// (`noveler_plot {"episode":5}`); a line the profile cannot make, or only as a template
/// with placeholders (`noveler artifact fetch ID`), is left out with the brackets around it.
/// The author's text, printed output and paths (`NOT_PROSE`) are left as they are.
/// Whether anything changed.
pub fn render_prose(v: &mut Value, tools: &Tools) -> bool {
    match v {
        Value::Object(map) => map
            .iter_mut()
            .filter(|(key, _)| !NOT_PROSE.contains(&key.as_str()))
            .fold(false, |changed, (_, child)| {
                render_prose(child, tools) | changed
            }),
        Value::Array(items) => items
            .iter_mut()
            .fold(false, |changed, i| render_prose(i, tools) | changed),
        Value::String(s) => match prose_for(s, tools) {
            Some(r) => {
                *s = r;
                true
            }
            None => false,
        },
        _ => false,
    }
}

/// `text` with each quoted command line rendered (see `render_prose`); `None` when it quotes
/// none. A prompt's `- CLI: …` bullet (the shell's way, beside its `- MCP: …` one) is left
/// out whole.
pub(crate) fn prose_for(text: &str, tools: &Tools) -> Option<String> {
    let spans = command_spans(text);
    if spans.is_empty() {
        return None;
    }
    if text.contains(CLI_BULLET) {
        let kept: Vec<&str> = text
            .split_inclusive('\n')
            .filter(|l| !l.trim_start().starts_with(CLI_BULLET))
            .collect();
        let kept = kept.concat();
        return Some(prose_for(&kept, tools).unwrap_or(kept));
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (start, end) in spans {
        let line = &text[start..end];
        let call = NextStep::parse(line)
            .and_then(|s| s.for_tools(tools))
            .filter(|c| !c.is_template());
        match call {
            Some(call) => {
                out.push_str(&text[at..start]);
                out.push_str(&call.to_wire());
                at = end;
            }
            None => {
                // Left out, with its brackets (`（noveler …）`) or backquotes.
                let (open, close) = enclosing(text, start, end);
                out.push_str(text[at..open].trim_end_matches(' '));
                at = close;
            }
        }
    }
    out.push_str(&text[at..]);
    Some(out)
}

/// How a prompt labels the shell's way of submitting.
const CLI_BULLET: &str = "- CLI:";

/// The byte ranges of the command lines quoted in `text`: `noveler` followed by a
/// subcommand (a lowercase word), up to a closing backquote when it opens with one, else
/// over ASCII words and `<placeholders>` until Japanese text, a bracket or a line end.
fn command_spans(text: &str) -> Vec<(usize, usize)> {
    const START: &str = "noveler ";
    let mut spans = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find(START).map(|i| from + i) {
        from = i + START.len();
        let before = text[..i].chars().next_back();
        let word_before = before.is_some_and(|c| c.is_ascii_alphanumeric() || "_-/.\\".contains(c));
        let sub = text[from..].chars().next();
        if word_before || !sub.is_some_and(|c| c.is_ascii_lowercase()) {
            continue;
        }
        let end = if before == Some('`') {
            match text[from..].find('`') {
                Some(j) => from + j,
                None => continue,
            }
        } else {
            let mut end = from;
            let mut placeholder = false;
            for (j, c) in text[from..].char_indices() {
                match c {
                    '<' => placeholder = true,
                    '>' if placeholder => placeholder = false,
                    _ if placeholder && c != '\n' => {}
                    '`' | ')' | '\n' => break,
                    _ if !c.is_ascii() => break,
                    _ => {}
                }
                end = from + j + c.len_utf8();
            }
            let kept = text[i..end].trim_end_matches([' ', '.', ',', ':', ';']);
            i + kept.len()
        };
        spans.push((i, end));
        from = end;
    }
    spans
}

/// The range to leave out for a line that cannot be rendered: the line with the brackets
/// or backquotes right around it.
fn enclosing(text: &str, start: usize, end: usize) -> (usize, usize) {
    for (open, close) in [("`", "`"), ("（", "）"), ("(", ")")] {
        if text[..start].ends_with(open) && text[end..].starts_with(close) {
            return enclosing(text, start - open.len(), end + close.len());
        }
    }
    (start, end)
}

/// Adds the seed's error guidance to an error envelope (seed profile): `claude_guidance` from
/// `suggested_action` and `alternative_actions` as `{action, parameters, description}`. Run
/// on the raw envelope (strings), before `render`.
pub fn seed_error_guidance(envelope: &mut Value, tools: &Tools) {
    let Some(Value::Object(error)) = envelope.get_mut("error") else {
        return;
    };
    let explanation = error
        .get("hint")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let suggested = error
        .get("suggested_action")
        .and_then(Value::as_str)
        .and_then(NextStep::parse)
        .and_then(|s| {
            let call = s.for_tools(tools).filter(|c| !c.is_template())?;
            Some((call, s.why))
        });
    if let Some((call, why)) = suggested {
        error.insert(
            "claude_guidance".into(),
            json!({
                "suggested_action": call.tool,
                "parameters": call.arguments,
                "explanation": why.unwrap_or(explanation),
            }),
        );
    }
    if let Some(Value::Array(alternatives)) = error.get("alternative_actions") {
        let seeded: Vec<Value> = alternatives
            .iter()
            .filter_map(Value::as_str)
            .filter_map(|t| {
                let s = NextStep::parse(t)?;
                let call = s.for_tools(tools).filter(|c| !c.is_template())?;
                Some(json!({
                    "action": call.tool,
                    "parameters": call.arguments,
                    "description": s.why.unwrap_or_default(),
                }))
            })
            .collect();
        error.insert("alternative_actions".into(), Value::Array(seeded));
    }
}

/// The call objects (`{tool, arguments}`) anywhere in a reply: what an agent may call next.
pub fn calls_in(v: &Value) -> Vec<Map<String, Value>> {
    fn walk(v: &Value, out: &mut Vec<Map<String, Value>>) {
        match v {
            Value::Object(m) => {
                if m.get("tool").is_some_and(Value::is_string)
                    && m.get("arguments").is_some_and(Value::is_object)
                {
                    out.push(m.clone());
                }
                m.values().for_each(|c| walk(c, out));
            }
            Value::Array(items) => items.iter().for_each(|c| walk(c, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(v, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tools() -> Tools {
        Tools::named(["status", "backup_management", "noveler", "noveler_complete"])
    }

    #[test]
    fn actions_become_calls_of_listed_tools() {
        let t = tools();
        assert_eq!(
            render_text("noveler write status 1 --session s", &t, Form::Calls),
            Some(
                json!({"tool": "noveler", "arguments": {"command": "write status 1 --session s"}})
            )
        );
        assert_eq!(
            render_text("noveler complete 3 — 仕上げる", &t, Form::Calls),
            Some(
                json!({"tool": "noveler_complete", "arguments": {"episode": 3}, "why": "仕上げる"})
            )
        );
        assert_eq!(
            render_text("status", &t, Form::Calls),
            Some(json!({"tool": "status", "arguments": {}}))
        );
        assert_eq!(render_text("原稿を確認してください", &t, Form::Calls), None);
        // A tool the profile lacks, with no command line: only the reason is left.
        assert_eq!(
            render_text(
                "polish_submit {\"episode\": 1} — 改稿を送る",
                &t,
                Form::Calls
            ),
            Some(json!("改稿を送る"))
        );
        assert_eq!(
            render_text("noveler complete 3", &t, Form::Text),
            Some(json!("noveler_complete {\"episode\":3}"))
        );
        let mut v = json!({"error": {"suggested_action": "status",
            "alternative_actions": ["noveler rules", "読み直す", "polish_submit {}"]}});
        render(&mut v, &t, Form::Calls);
        assert_eq!(v["error"]["suggested_action"]["tool"], "status");
        assert_eq!(v["error"]["alternative_actions"][0]["tool"], "noveler");
        assert_eq!(v["error"]["alternative_actions"][1], "読み直す");
        assert_eq!(
            v["error"]["alternative_actions"].as_array().unwrap().len(),
            2
        );
        assert_eq!(calls_in(&v).len(), 2);
    }

    #[test]
    fn command_lines_in_prose_become_calls() {
        let t = tools();
        let p = |s: &str| prose_for(s, &t);
        assert_eq!(
            p("先に確かめてください（noveler complete 3 --dry-run）。").as_deref(),
            Some("先に確かめてください（noveler_complete {\"episode\":3,\"dry_run\":true}）。")
        );
        assert_eq!(
            p("`noveler artifact list` で確認").as_deref(),
            Some("`noveler {\"command\":\"artifact list\"}` で確認")
        );
        assert_eq!(
            p("一覧: noveler write status 3. 次へ").as_deref(),
            Some("一覧: noveler {\"command\":\"write status 3\"}. 次へ")
        );
        // A template (placeholders): left out with its brackets.
        assert_eq!(
            p("fetch_artifact ツール（noveler artifact fetch ID）で取得").as_deref(),
            Some("fetch_artifact ツールで取得")
        );
        assert_eq!(
            p("## 提出方法\n- CLI: `noveler plot submit 4 --file <プロット.yaml>`\n- MCP: `noveler_plot`\n")
                .as_deref(),
            Some("## 提出方法\n- MCP: `noveler_plot`\n")
        );
        // Not a command line: a path, the tool's name, a word.
        assert_eq!(p("/usr/bin/noveler check"), None);
        assert_eq!(p("noveler_check で"), None);
        assert_eq!(p("noveler を使う"), None);
        // A profile that cannot make it: left out with its brackets.
        let none = Tools::named(["status"]);
        assert_eq!(
            prose_for("先に作ってください（`noveler plot 5`）。", &none).as_deref(),
            Some("先に作ってください。")
        );
        let mut v = json!({"hint": "noveler status で確認", "content": "noveler check 1",
            "arguments": {"x": "noveler check 2"}});
        render_prose(&mut v, &t);
        assert_eq!(v["hint"], "status で確認");
        assert_eq!(v["content"], "noveler check 1");
        assert_eq!(v["arguments"]["x"], "noveler check 2");
    }

    #[test]
    fn seed_errors_carry_claude_guidance() {
        let t = Tools::named(["noveler_plot", "write_with_claude"]);
        let mut v = json!({"success": false, "error": {"code": "E002", "message": "m",
            "hint": "h", "suggested_action": "noveler plot 5 — まずプロットを作る",
            "alternative_actions": ["write_with_claude {\"episode\": 5} — プロットなしで書く"]}});
        seed_error_guidance(&mut v, &t);
        let e = &v["error"];
        assert_eq!(
            e["claude_guidance"],
            json!({"suggested_action": "noveler_plot", "parameters": {"episode": 5},
                   "explanation": "まずプロットを作る"})
        );
        assert_eq!(e["alternative_actions"][0]["action"], "write_with_claude");
        assert_eq!(e["alternative_actions"][0]["parameters"]["episode"], 5);
    }
}
