//! The seed's error guidance on every failed reply of the seed profile (seed 000 §5.5, §6.3):
//! `error.claude_guidance {suggested_action, parameters, explanation}` and `error.tool_name`.
//! The command's own suggestion comes first (`hints::seed_error_guidance` renders it when the
//! profile can make it). When it gave none the profile can make, the guidance is derived here
//! from the error's code and details and the call that failed: the same call again when busy,
//! the nearest key for an unknown one, the call without a bad stage, a listing when something
//! is missing, a fresh read when the text changed. When no tool helps (a configuration file
//! to edit by hand, a path outside the project), `suggested_action` is null and the
//! explanation says what to do and where (docs/DECISIONS.md "Seed error guidance").

use crate::next::{NextStep, Tools};
use rmcp::model::JsonObject;
use serde_json::{json, Map, Value};

/// The call that failed, as the client made it.
pub(crate) struct FailedCall<'a> {
    pub tool: &'a str,
    pub args: &'a JsonObject,
    /// The tool's listed input schema and the arguments its Request requires.
    pub schema: &'a JsonObject,
    pub required: &'a [String],
}

/// Keys that carry what the agent produced (a stage's output, a judgment, a plot, a text):
/// without them a tool hands out its prompt and schema again.
const PAYLOAD_KEYS: [&str; 6] = [
    "submission",
    "llm_result",
    "content",
    "result",
    "plot_content",
    "input_data",
];

/// What the guidance says: a call of a listed tool, or that no tool helps.
enum Derived {
    Call(NextStep),
    NoTool(String),
}

/// Names the failed tool and completes the seed's guidance of `error` (see the module doc).
pub(crate) fn complete(error: &mut Map<String, Value>, call: &FailedCall, tools: &Tools) {
    error.insert("tool_name".into(), json!(call.tool));
    let given = error
        .get("claude_guidance")
        .and_then(|g| g["suggested_action"].as_str())
        .is_some_and(|t| tools.listed_as(t).is_some());
    if given {
        return;
    }
    let guidance = match derive(error, call) {
        Derived::Call(step) => match offered(step, call, tools) {
            Some((tool, parameters, explanation)) => json!({
                "suggested_action": tool,
                "parameters": parameters,
                "explanation": explanation,
            }),
            None => no_tool(error, String::new()),
        },
        Derived::NoTool(why) => no_tool(error, why),
    };
    error.insert("claude_guidance".into(), guidance);
}

/// `step` as the profile offers it — its tool, its arguments (large values abridged) and
/// why — when the profile lists a tool for it and the call has every required argument.
fn offered(
    step: NextStep,
    call: &FailedCall,
    tools: &Tools,
) -> Option<(String, Map<String, Value>, String)> {
    let c = step.for_tools(tools).filter(|c| complete_for(c, call))?;
    let (arguments, resent) = abridged(c.arguments);
    let mut why = step.why.unwrap_or_default();
    if resent {
        why.push_str(RESENT_NOTE);
    }
    Some((c.tool, arguments, why))
}

/// The default profile's `error.suggested_action` when the command gave none (an error is
/// never a dead end): the call the seed's guidance derives, as `{tool, arguments, why}`.
/// When no tool helps, the error's hint alone says what to do, as before.
pub(crate) fn suggest(error: &mut Map<String, Value>, call: &FailedCall, tools: &Tools) {
    if error.get("suggested_action").is_some_and(|a| !a.is_null()) {
        return;
    }
    let Derived::Call(step) = derive(error, call) else {
        return;
    };
    if let Some((tool, arguments, why)) = offered(step, call, tools) {
        error.insert(
            "suggested_action".into(),
            json!({"tool": tool, "arguments": arguments, "why": why}),
        );
    }
}

/// A value the guidance would send back larger than this (serialised) is not echoed: it
/// stands as `RESENT` (a reply never carries back a megabyte the client sent).
const ECHO_BYTES: usize = 2_000;
const RESENT: &str = "<送った値>";
const RESENT_NOTE: &str =
    "（parameters の \"<送った値>\" には、前回送った値をそのまま入れてください）";

/// `parameters` with each large value replaced by `RESENT`; whether one was.
fn abridged(mut parameters: Map<String, Value>) -> (Map<String, Value>, bool) {
    let mut resent = false;
    for value in parameters.values_mut() {
        if value.to_string().len() > ECHO_BYTES {
            *value = json!(RESENT);
            resent = true;
        }
    }
    (parameters, resent)
}

/// `suggested_action: null`: what to do by hand, and where.
fn no_tool(error: &Map<String, Value>, why: String) -> Value {
    let text = |k: &str| error.get(k).and_then(Value::as_str).unwrap_or_default();
    let mut explanation = String::from("このエラーはツールの呼び出しでは解決できません。");
    if !text("file").is_empty() {
        match error.get("line").and_then(Value::as_u64) {
            Some(line) => explanation.push_str(&format!("{} の {line} 行目", text("file"))),
            None => explanation.push_str(text("file")),
        }
        explanation.push_str(" を確かめてください。");
    }
    explanation.push_str(if why.is_empty() { text("hint") } else { &why });
    json!({"suggested_action": null, "parameters": {}, "explanation": explanation})
}

/// A call of the failed tool itself carries every argument it requires.
fn complete_for(step: &NextStep, call: &FailedCall) -> bool {
    if step.tool != call.tool {
        return true;
    }
    call.required.iter().all(|r| {
        step.arguments.contains_key(r)
            || (r == "episode" && step.arguments.contains_key("episode_number"))
    })
}

/// The guidance of an error the command gave no usable suggestion for.
fn derive(error: &Map<String, Value>, call: &FailedCall) -> Derived {
    let code = error
        .get("code")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let kind = error
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let details = error.get("details").unwrap_or(&Value::Null);
    let again = || NextStep {
        tool: call.tool.to_string(),
        arguments: call.args.clone(),
        why: None,
    };
    let episode = call
        .args
        .get("episode")
        .or_else(|| call.args.get("episode_number"))
        .cloned();
    let step = match code {
        "QC-008" | "R001" => {
            again().why("ほかの処理が終わってから、同じ呼び出しをもう一度行ってください（順番待ちはしません）。")
        }
        "U001" => return unfit_argument(details, call),
        "U006" => {
            let mut s = again();
            s.arguments.retain(|k, _| !PAYLOAD_KEYS.contains(&k.as_str()));
            s.why("送った内容がスキーマに合いません（details に項目と理由があります）。送る内容を除いたこの呼び出しで、期待される形を確かめてから直して送ってください。")
        }
        "QC-003" => return bad_step(details, call),
        "QC-018" | "A006" => match episode {
            Some(ep) => NextStep::new("check_basic").arg("episode", ep).why(
                "原稿が読んだときから変わっています。チェックし直して今の原稿と指摘を確かめてから、新しい sha256（この error の details.actual_sha256）でもう一度呼び出してください。",
            ),
            None => return Derived::NoTool(String::new()),
        },
        "E002" => match episode {
            Some(ep) => NextStep::new("noveler_plot")
                .arg("episode", ep)
                .why("この話のプロットがありません。先にプロットを作ってください。"),
            None => listing("status"),
        },
        "A001" | "A002" => listing("list_artifacts"),
        "A004" => {
            let mut s = again();
            s.arguments.remove("section");
            s.why("その節はありません。節を指定せずに取得して、節の名前を確かめてください。")
        }
        "A005" | "U005" => listing("list_files_with_hashes"),
        "A007" => NextStep::new("backup_management")
            .arg("action", "list")
            .why("そのバックアップはありません。一覧で ID を確かめてください。"),
        "TASK_NOT_FOUND" | "REFERENCE_TASK_NOT_FOUND" | "INVALID_TASK_ID" => listing("list_tasks"),
        "ADR_NOT_FOUND" | "INVALID_ADR_NUMBER" => listing("list_adrs"),
        "QC-001" | "QC-005" | "QC-006" => fresh_session(call, episode),
        _ if kind == "not_found" => listing("status"),
        // Configuration, I/O, paths outside the project, internal failures: by hand.
        _ => return Derived::NoTool(String::new()),
    };
    Derived::Call(step)
}

/// A listing that shows what exists.
fn listing(tool: &str) -> NextStep {
    let why = match tool {
        "status" => "status でプロジェクトにある話数と原稿を確かめてから、正しい話数で呼び出してください。",
        "list_files_with_hashes" => "そのファイルはありません。一覧でプロジェクトにあるファイルのパスを確かめてから呼び出してください。",
        _ => "指定したものが見つかりません。一覧で正しい ID を確かめてから呼び出してください。",
    };
    NextStep::new(tool).why(why)
}

/// A session that cannot go on: a new one for the same episode.
fn fresh_session(call: &FailedCall, episode: Option<Value>) -> NextStep {
    let Some(ep) = episode else {
        return listing("status");
    };
    let tool = if call.tool.contains("check") {
        "get_check_tasks"
    } else {
        "write_stage"
    };
    NextStep::new(tool)
        .arg("episode", ep)
        .arg("new_session", true)
        .why("セッションを続けられません。同じ話で新しいセッションを始めてください。")
}

/// U001: the same call with the argument at fault mended — the nearest valid key for an
/// unknown one, the example's value (or none) for a bad one; an episode out of range points
/// to the list of episodes.
fn unfit_argument(details: &Value, call: &FailedCall) -> Derived {
    let Some(field) = details.get("field").and_then(Value::as_str) else {
        return Derived::Call(session_list(call));
    };
    let top = field.split(['.', '[']).next().unwrap_or(field);
    let shown = crate::error::clip(top, 80);
    let names: Vec<&str> = call
        .schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default();
    let mut s = NextStep {
        tool: call.tool.to_string(),
        arguments: call.args.clone(),
        why: None,
    };
    if !names.contains(&top) {
        let value = s.arguments.remove(top);
        // Every key the tool does not know goes (the details quote a long one clipped).
        s.arguments.retain(|k, _| names.contains(&k.as_str()));
        return Derived::Call(match super::args::closest(top, &names) {
            Some(near) if !s.arguments.contains_key(near) => {
                if let Some(v) = value {
                    s.arguments.insert(near.to_string(), v);
                }
                s.why(format!(
                    "引数 `{shown}` はありません。`{near}` に直して呼び出してください。"
                ))
            }
            _ => s.why(format!(
                "引数 `{shown}` はこのツールにありません。外して呼び出してください。"
            )),
        });
    }
    if top == "episode" || top == "episode_number" {
        return Derived::Call(listing("status"));
    }
    if PAYLOAD_KEYS.contains(&top) && !call.required.iter().any(|r| r == top) {
        s.arguments.remove(top);
        return Derived::Call(s.why(format!(
            "`{top}` の形が違います。`{top}` を除いたこの呼び出しで期待される形を確かめてから、直して送ってください。"
        )));
    }
    match details.get("example").and_then(|e| e.get(top)) {
        Some(v) => {
            s.arguments.insert(top.to_string(), v.clone());
        }
        None if !call.required.iter().any(|r| r == top) => {
            s.arguments.remove(top);
        }
        None => return Derived::NoTool(String::new()),
    }
    let expected = details
        .get("expected")
        .and_then(Value::as_str)
        .map(|e| format!("（{e}）"))
        .unwrap_or_default();
    Derived::Call(s.why(format!(
        "引数 `{top}` の値が使えません{expected}。正しい値にして呼び出してください。"
    )))
}

/// A U001 without a field (a session id of the wrong form, …): where the sessions are.
fn session_list(call: &FailedCall) -> NextStep {
    let episode = call
        .args
        .get("episode")
        .or_else(|| call.args.get("episode_number"));
    match episode {
        Some(ep) if call.args.contains_key("session_id") && call.tool.contains("check") => {
            NextStep::new("get_check_status")
                .arg("episode", ep.clone())
                .why("セッション ID が使えません。この話のチェックの状態で正しい ID を確かめてください。")
        }
        Some(ep) if call.args.contains_key("session_id") => {
            NextStep::new("enhanced_get_writing_tasks")
                .arg("episode", ep.clone())
                .why("セッション ID が使えません。この話の執筆の状態で正しい ID を確かめてください。")
        }
        _ => listing("status"),
    }
}

/// QC-003 (no such stage or step): the call without its stage (the session's next one),
/// or with the first valid step.
fn bad_step(details: &Value, call: &FailedCall) -> Derived {
    let mut s = NextStep {
        tool: call.tool.to_string(),
        arguments: call.args.clone(),
        why: None,
    };
    for key in ["stage", "step"] {
        if s.arguments.contains_key(key) && !call.required.iter().any(|r| r == key) {
            s.arguments.remove(key);
            return Derived::Call(s.why(
                "その段階はありません。段階を指定せずに呼び出すと、セッションの次の段階に進みます。",
            ));
        }
    }
    let first = details
        .get("valid_steps")
        .and_then(Value::as_array)
        .and_then(|v| v.first())
        .cloned();
    match first {
        Some(step) if s.arguments.contains_key("step_id") => {
            s.arguments.insert("step_id".into(), step);
            Derived::Call(s.why(
                "そのステップはありません。details.valid_steps の最初のステップで呼び出してください。",
            ))
        }
        _ => Derived::NoTool(String::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tools() -> Tools {
        Tools::named([
            "status",
            "check_basic",
            "noveler_write",
            "write_stage",
            "list_artifacts",
        ])
    }

    fn guided(error: Value, tool: &str, args: Value, schema: Value, required: &[&str]) -> Value {
        let mut error = error.as_object().cloned().unwrap();
        let args = args.as_object().cloned().unwrap();
        let schema = schema.as_object().cloned().unwrap();
        let required: Vec<String> = required.iter().map(|s| s.to_string()).collect();
        let call = FailedCall {
            tool,
            args: &args,
            schema: &schema,
            required: &required,
        };
        complete(&mut error, &call, &tools());
        Value::Object(error)["claude_guidance"].clone()
    }

    #[test]
    fn every_error_gets_guidance() {
        let schema = json!({"properties": {"episode": {}, "path": {}, "stage": {}}});
        // Unknown key: the same tool with the nearest key.
        let g = guided(
            json!({"code": "U001", "type": "validation_error", "details": {"field": "episod"}}),
            "check_basic",
            json!({"episod": 1}),
            schema.clone(),
            &[],
        );
        assert_eq!(g["suggested_action"], "check_basic");
        assert_eq!(g["parameters"], json!({"episode": 1}));
        // Busy: the same call again.
        let g = guided(
            json!({"code": "QC-008", "type": "busy"}),
            "noveler_write",
            json!({"episode": 3}),
            schema.clone(),
            &[],
        );
        assert_eq!(
            (&g["suggested_action"], &g["parameters"]),
            (&json!("noveler_write"), &json!({"episode": 3}))
        );
        // No such stage: the session's next one.
        let g = guided(
            json!({"code": "QC-003", "type": "validation_error"}),
            "write_stage",
            json!({"episode": 1, "stage": 99}),
            schema.clone(),
            &[],
        );
        assert_eq!(g["parameters"], json!({"episode": 1}));
        // A broken configuration file: no tool, the file named.
        let g = guided(
            json!({"code": "P002", "type": "config_error", "file": "プロジェクト設定.yaml",
                   "line": 3, "hint": "YAML を直してください。"}),
            "status",
            json!({}),
            schema.clone(),
            &[],
        );
        assert_eq!(g["suggested_action"], Value::Null);
        assert!(g["explanation"]
            .as_str()
            .unwrap()
            .contains("プロジェクト設定.yaml の 3 行目"));
        // The command's own listed suggestion is kept.
        let g = guided(
            json!({"code": "A002", "type": "not_found", "claude_guidance":
                   {"suggested_action": "list_artifacts", "parameters": {}, "explanation": "x"}}),
            "fetch_artifact",
            json!({}),
            schema,
            &[],
        );
        assert_eq!(g["explanation"], "x");
    }
}
