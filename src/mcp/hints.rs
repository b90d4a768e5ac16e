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
/// the profile cannot make it; `None` for text that is not a call (left as written).
pub(crate) fn render_text(text: &str, tools: &Tools, form: Form) -> Option<Value> {
    let step = NextStep::parse(text)?;
    Some(match step.for_tools(tools) {
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
        .and_then(|s| s.for_tools(tools).map(|c| (c, s.why)));
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
                let call = s.for_tools(tools)?;
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
