//! What a tool result puts in the model's context. The command's full envelope is always
//! saved (`saved_to`, with its sha256); the reply is shaped from it:
//! - `compact` (the default profile): the envelope frame without what the model never reads
//!   (version, timings, the FileRef lists — their counts stay), summaries before details,
//!   a writing stage's prompt once (its schema, criteria and inputs are already in the
//!   prompt), and suggested next actions as `{tool, arguments}` calls;
//! - `fit` (every profile): a reply over `BUDGET_BYTES` has its largest lists and texts cut,
//!   each cut recorded under `truncated` with the call (`read_result`) that pages the rest
//!   out of the saved file. Nothing is lost: the saved file holds everything.

use serde_json::{json, Map, Value};

/// A reply's ceiling in estimated tokens (`approx_tokens`), under the 10,000 tokens a
/// reply may cost (SPEC §8, MCP replies).
pub const BUDGET_TOKENS: usize = 9_000;

pub use crate::commands::files::approx_tokens;
use crate::commands::files::{cost, cut_array, cut_text, json_cost};

/// Whether a reply's JSON text is within `budget` estimated tokens: `fit` leaves such a
/// reply as it is.
pub(crate) fn fits(text: &str, budget: usize) -> bool {
    cost(text) <= budget * 2
}

/// What a cut text keeps at least, in half-tokens.
const MIN_TEXT_KEPT: usize = 400;

/// Shapes a saved envelope for the default profile (see the module doc).
pub fn compact(mut envelope: Value, tools: &crate::next::Tools) -> Value {
    let Value::Object(env) = &mut envelope else {
        return envelope;
    };
    for key in [
        "noveler_version",
        "execution_time_ms",
        "created_at",
        "project_root",
    ] {
        env.shift_remove(key);
    }
    if env
        .get("metadata")
        .is_some_and(|m| m.as_object().is_some_and(Map::is_empty))
    {
        env.shift_remove("metadata");
    }
    for key in ["inputs", "outputs"] {
        if let Some(set) = env.shift_remove(key) {
            let n = set.get("total_files").cloned().unwrap_or(json!(0));
            if n != json!(0) {
                env.insert(format!("{key}_count"), n);
            }
        }
    }
    let command = env
        .get("command")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    if let Some(Value::Object(result)) = env.get_mut("result") {
        summary_first(result);
        if command == "write" || command == "write_resume" {
            writing_stage_once(result);
        }
        if command == "plot" && result.get("prompt").is_some_and(Value::is_string) {
            // The plot prompt already shows its schema, criteria and inputs.
            for key in [
                "output_schema",
                "acceptance_criteria",
                "inputs",
                "template",
                "prompt_stats",
                "prompt_file",
            ] {
                result.shift_remove(key);
            }
        }
        if command == "progressive_step" {
            check_step_once(result);
        }
        if command == "progressive_tasks" {
            check_tasks_once(result);
        }
        if command == crate::commands::artifact::FETCH {
            artifact_content_only(result);
        }
        if command == crate::commands::noveler_cli::NAME {
            command_envelope_once(result);
        }
        if command == "read_result" {
            // A page as every paged reply shows it: `page.next` reads on.
            let record = json!({
                "pointer": result.get("pointer"),
                "cursor": result.get("cursor"),
                "shown": result.get("shown"),
                "total": result.get("total"),
                "next": result.shift_remove("next"),
            });
            env.insert("page".into(), record);
        }
    }
    super::hints::render(&mut envelope, tools, super::hints::Form::Calls);
    envelope
}

/// Shapes a saved envelope for the seed profile: its typed result stays as it is; hints are
/// rendered as the seed writes them (`mcp::hints`: calls of the seed's tools, an error's
/// `claude_guidance`).
pub fn seed(envelope: &mut Value, tools: &crate::next::Tools) {
    super::hints::seed_error_guidance(envelope, tools);
    super::hints::render(envelope, tools, super::hints::Form::Text);
}

/// The generic tool's reply carries what the command printed (`stdout`, its whole text saved
/// beside it, and `stderr` when not empty); the command's own envelope, already saved as its `saved_to`, comes as its
/// frame and summary with the call that reads the rest (`details`), not a second time in
/// full (a `check` of the sample cost four times the CLI's text, issue 33 item 4).
fn command_envelope_once(result: &mut Map<String, Value>) {
    // What convert measures of the streams (for the seed's `convert_cli_to_json`) says
    // nothing the text does not; an empty stream says nothing at all.
    for key in ["original_chars", "summary_chars", "reduction_pct"] {
        result.shift_remove(key);
    }
    for stream in ["stdout", "stderr"] {
        let Some(Value::Object(s)) = result.get_mut(stream) else {
            continue;
        };
        for key in ["chars", "lines", "bytes"] {
            s.shift_remove(key);
        }
        if s.get("text").is_some_and(|t| t == "") {
            result.shift_remove(stream);
        }
    }
    let Some(Value::Object(inner)) = result.get("envelope") else {
        return;
    };
    let Some(saved) = inner.get("saved_to").and_then(Value::as_str) else {
        return;
    };
    let mut frame = Map::new();
    // `saved_to` is in `details`' arguments.
    for key in ["command", "success", "error"] {
        if let Some(v) = inner.get(key) {
            frame.insert(key.into(), v.clone());
        }
    }
    let inner_result = inner.get("result");
    if let Some(summary) = inner_result.and_then(|r| r.get("summary")) {
        frame.insert("summary".into(), summary.clone());
    }
    if let Some(r) = inner_result.filter(|r| !r.is_null()) {
        let pointer = if r.get("files").is_some() {
            "/result/files"
        } else {
            "/result"
        };
        frame.insert(
            "details".into(),
            crate::commands::files::page_call(saved, pointer, 0),
        );
    } else {
        frame.insert("saved_to".into(), json!(saved));
    }
    result.insert("envelope".into(), Value::Object(frame));
}

/// `summary` (counts by code and severity, the lowest score) before the per-file details.
fn summary_first(result: &mut Map<String, Value>) {
    if let Some(summary) = result.shift_remove("summary") {
        let rest = std::mem::take(result);
        result.insert("summary".into(), summary);
        result.extend(rest);
    }
}

/// A stage reply carries the prompt, the state and what to send back — once. The prompt
/// already lists the inputs (artifact references), the output schema and the acceptance
/// criteria; the session's artifact list repeats the prompt's inputs.
fn writing_stage_once(result: &mut Map<String, Value>) {
    result.shift_remove("artifacts");
    result.shift_remove("suggested_actions");
    if let Some(Value::Object(stage)) = result.get_mut("stage") {
        let has_prompt = stage.get("prompt").is_some_and(Value::is_string);
        if has_prompt {
            for key in ["output_schema", "acceptance_criteria", "inputs"] {
                stage.shift_remove(key);
            }
        }
        for key in ["prompt_stats", "template", "prompt_file"] {
            stage.shift_remove(key);
        }
        // The prompt's last section says how to submit, for the shell and for MCP; the
        // reply's `submit` is that call, complete.
        if stage.get("submit").is_some_and(Value::is_object) {
            if let Some(Value::String(prompt)) = stage.get_mut("prompt") {
                if let Some(at) = prompt.rfind("\n## 提出方法\n") {
                    prompt.truncate(at + 1);
                    prompt.push_str("\n## 提出方法\n`submit` の呼び出しで送ってください。\n");
                }
            }
        }
        if let Some(Value::Object(submit)) = stage.get_mut("submit") {
            // The CLI line is for a person at a shell; the model sends the MCP call, shown
            // as every call is (`{tool, arguments}`).
            let tool = submit.shift_remove("mcp_tool").unwrap_or(Value::Null);
            let arguments = submit.shift_remove("mcp_arguments").unwrap_or(json!({}));
            submit.clear();
            submit.insert("tool".into(), tool);
            submit.insert("arguments".into(), arguments);
        }
    }
    // The stage's number and id are in `stage`; the counts say how far the session is.
    if let Some(Value::Object(stage)) = result.get("stage") {
        if stage.get("step") == result.get("next_step") {
            result.shift_remove("next_step");
            result.shift_remove("next_stage");
        }
    }
    if let Some(Value::Object(progress)) = result.get_mut("progress") {
        progress.shift_remove("completed_stages");
        progress.shift_remove("current_stage");
    }
    // Where the session and the stage outputs are kept: the session id and each output's
    // artifact name them (`write_resume`, `fetch_artifact`), and the saved result has both.
    result.shift_remove("session_file");
    // What the submission repeats of the reply around it (the session's state now).
    if let Some(Value::Object(submitted)) = result.get_mut("submitted") {
        // The plan's criteria: the ones met are a count (nothing to do about them); the
        // unmet and waived ones stay whole, with where.
        if let Some(Value::Object(criteria)) = submitted.get_mut("criteria") {
            if let Some(Value::Array(checked)) = criteria.get_mut("checked") {
                let all = checked.len();
                checked.retain(|c| c.get("status").and_then(Value::as_str) != Some("met"));
                let met = all - checked.len();
                criteria.insert("met".into(), json!(met));
            }
        }
        for key in [
            "session_id",
            "episode",
            "dry_run",
            "status",
            "progress",
            "next_step",
            "next_stage",
            "output_file",
            "execution_time",
        ] {
            submitted.shift_remove(key);
        }
        if submitted
            .get("suggested_actions")
            .is_some_and(|a| a.as_array().is_some_and(Vec::is_empty))
        {
            submitted.shift_remove("suggested_actions");
        }
    }
}

/// A check step reply: the prompt (`llm_instruction`) already carries the measured details,
/// the acceptance criteria and the `llm_result` schema; once the judgment is in, the prompt
/// itself is spent. The metadata repeats the details (hook assessment, length, config).
fn check_step_once(result: &mut Map<String, Value>) {
    let judged = result.get("judgment").is_some_and(|j| !j.is_null());
    if judged {
        result.shift_remove("llm_instruction");
        result.shift_remove("llm_result_schema");
        // The agent wrote the judgment and read the criteria in the instruction.
        result.shift_remove("judgment");
        result.insert("judged".into(), json!(true));
        if let Some(Value::Object(acceptance)) = result.get_mut("acceptance") {
            acceptance.shift_remove("criteria");
        }
    } else if result.get("llm_instruction").is_some_and(Value::is_string) {
        result.shift_remove("details");
        result.shift_remove("llm_result_schema");
        if let Some(Value::Object(acceptance)) = result.get_mut("acceptance") {
            acceptance.shift_remove("criteria");
        }
    }
    if judged || result.get("llm_instruction").is_some_and(Value::is_string) {
        // The instruction names the text (path, artifact, sha256); a judgment carried it.
        result.shift_remove("manuscript");
    }
    // The attempt's record files: `get_check_history` and the saved result name them.
    result.shift_remove("files");
    for key in ["guidance", "session_created"] {
        if result
            .get(key)
            .is_some_and(|v| v.is_null() || v == &json!(false))
        {
            result.shift_remove(key);
        }
    }
    // Corpus statistics asked for (`ml_optimization`) are the reply, not a repetition.
    let ml = result
        .get("metadata")
        .and_then(|m| m.get("ml_enhancements"))
        .cloned();
    result.shift_remove("metadata");
    if let Some(ml) = ml {
        result.insert("metadata".into(), json!({ "ml_enhancements": ml }));
    }
}

/// The task list of a 12-step check, once: `current_task` and `executable_tasks` repeat
/// entries of `tasks`, and each task's `llm_instruction` says the same thing twelve times
/// (the top-level `llm_instruction` and `next_action` say what to do now).
fn check_tasks_once(result: &mut Map<String, Value>) {
    result.shift_remove("current_task");
    if let Some(Value::Array(ready)) = result.shift_remove("executable_tasks") {
        let ids: Vec<Value> = ready.iter().filter_map(|t| t.get("id").cloned()).collect();
        result.insert("executable_task_ids".into(), Value::Array(ids));
    }
    if let Some(Value::Array(tasks)) = result.get_mut("tasks") {
        for t in tasks.iter_mut().filter_map(Value::as_object_mut) {
            for key in ["llm_instruction", "template", "estimated_duration"] {
                t.shift_remove(key);
            }
            for key in ["attempts", "quality_score"] {
                if t.get(key).is_some_and(|v| v.is_null() || v == &json!(0)) {
                    t.shift_remove(key);
                }
            }
        }
    }
}

/// A fetched artifact is its content: what the store keeps about it (creation time, full
/// sha256, tags, the tool that stored it) is for `list_artifacts`, not for every read, and
/// it is paid once per artifact a prompt lists. The source file and type stay.
fn artifact_content_only(result: &mut Map<String, Value>) {
    if let Some(Value::Object(meta)) = result.shift_remove("metadata") {
        for key in ["source_file", "content_type"] {
            if let Some(v) = meta.get(key).filter(|v| !v.is_null()) {
                result.insert(key.into(), v.clone());
            }
        }
    }
    result.shift_remove("instructions");
    result.shift_remove("content_chars");
    if result.get("section").is_some_and(Value::is_null) {
        result.shift_remove("section");
    }
    if result.get("format").is_some_and(|f| f == "raw") {
        result.shift_remove("format");
    }
}

/// Cuts `reply` to `budget` estimated tokens (see the module doc). `saved_to` names the
/// saved envelope the cuts point into.
pub fn fit(mut reply: Value, budget: usize, saved_to: Option<&str>, objects: bool) -> Value {
    let budget = budget * 2;
    let mut cuts = Vec::new();
    for _ in 0..32 {
        let size = json_cost(&reply);
        if size <= budget {
            break;
        }
        // Room for the record of the cut itself.
        let excess = size - budget + 800;
        let Some((pointer, node_size)) = next_cut(&reply, excess, objects) else {
            break;
        };
        let keep_bytes = node_size.saturating_sub(excess);
        let Some(node) = reply.pointer_mut(&pointer) else {
            break;
        };
        let cut = match node {
            Value::Array(items) => {
                let (total, shown) = cut_array(items, keep_bytes);
                json!({"pointer": pointer, "kind": "array", "total": total, "shown": shown})
            }
            Value::String(s) => {
                // A text is never cut to nothing (an error message of "" helps no one).
                let (total, shown) = cut_text(s, keep_bytes.max(MIN_TEXT_KEPT));
                json!({"pointer": pointer, "kind": "text", "total": total, "shown": shown})
            }
            Value::Object(map) => {
                let keys = map.len();
                // A whole part, left out: its keys say what it held.
                let names: Vec<Value> = map.keys().take(12).map(|k| json!(k)).collect();
                *node = json!({"omitted_keys": names});
                json!({"pointer": pointer, "kind": "object", "total": keys, "shown": 0})
            }
            _ => break,
        };
        cuts.push(cut);
    }
    if cuts.is_empty() {
        return reply;
    }
    for cut in cuts.iter_mut() {
        if let (Some(saved), Value::Object(c)) = (saved_to, &mut *cut) {
            let mut args = json!({"saved_to": saved, "pointer": c["pointer"]});
            if c["kind"] != "object" {
                args["cursor"] = c["shown"].clone();
            }
            c.insert(
                "next".into(),
                json!({"tool": "read_result", "arguments": args}),
            );
        }
    }
    if let Value::Object(env) = &mut reply {
        env.insert("truncated".into(), Value::Array(cuts));
    }
    reply
}

/// What to cut next in the reply's `result`, `error` or FileRef lists (the rest of the frame
/// is never cut): the smallest list or long text whose cut alone removes `excess` (its
/// first part stays), else — when `objects` — the smallest nested object that does, else the largest list or
/// text. Returns its JSON pointer and cost.
fn next_cut(reply: &Value, excess: usize, objects: bool) -> Option<(String, usize)> {
    #[derive(Default)]
    struct Found {
        fitting: Option<(String, usize)>,
        fitting_object: Option<(String, usize)>,
        largest: Option<(String, usize)>,
    }
    fn smaller(slot: &mut Option<(String, usize)>, pointer: &str, size: usize) {
        if slot.as_ref().is_none_or(|(_, s)| size < *s) {
            *slot = Some((pointer.to_string(), size));
        }
    }
    fn walk(v: &Value, pointer: String, depth: usize, objects: bool, excess: usize, f: &mut Found) {
        let size = match v {
            Value::Array(items) if !items.is_empty() => json_cost(v),
            Value::String(s) if s.len() > 1_000 => cost(s) + 2,
            _ => 0,
        };
        if size > 0 {
            if size >= excess {
                smaller(&mut f.fitting, &pointer, size);
            }
            if f.largest.as_ref().is_none_or(|(_, b)| size > *b) {
                f.largest = Some((pointer.clone(), size));
            }
        }
        if objects && depth >= 2 {
            if let Value::Object(map) = v {
                let size = json_cost(v);
                if !map.is_empty() && size >= excess {
                    smaller(&mut f.fitting_object, &pointer, size);
                }
            }
        }
        match v {
            Value::Object(map) => {
                for (k, child) in map {
                    let key = k.replace('~', "~0").replace('/', "~1");
                    walk(
                        child,
                        format!("{pointer}/{key}"),
                        depth + 1,
                        objects,
                        excess,
                        f,
                    );
                }
            }
            Value::Array(items) => {
                for (i, child) in items.iter().enumerate() {
                    walk(
                        child,
                        format!("{pointer}/{i}"),
                        depth + 1,
                        objects,
                        excess,
                        f,
                    );
                }
            }
            _ => {}
        }
    }
    // The frame's FileRef lists first (the seed profile keeps them; the model reads them
    // least): on a big project they alone outgrow the budget (200 episodes: 38,000
    // characters of sha256s), and cutting the result instead would empty its page.
    for keys in [&["inputs", "outputs"][..], &["result", "error"]] {
        let mut found = Found::default();
        for key in keys {
            if let Some(v) = reply.get(key) {
                walk(v, format!("/{key}"), 1, objects, excess, &mut found);
            }
        }
        if let Some(cut) = found.fitting.or(found.fitting_object).or(found.largest) {
            return Some(cut);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tools() -> crate::next::Tools {
        crate::next::Tools::named(["status", "backup_management", "noveler", "noveler_complete"])
    }

    #[test]
    fn compact_keeps_the_frame_and_puts_the_summary_first() {
        let env = json!({"success": true, "command": "check", "noveler_version": "1",
            "created_at": "t", "execution_time_ms": 1.0, "project_root": "/p",
            "inputs": {"files": [{"path": "a"}], "total_files": 1, "total_size_bytes": 3},
            "outputs": {"files": [], "total_files": 0, "total_size_bytes": 0},
            "result": {"files": [], "summary": {"findings": 0}}, "metadata": {},
            "saved_to": "temp/json_output/x.json"});
        let c = compact(env, &tools());
        let keys: Vec<&String> = c.as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            ["success", "command", "result", "saved_to", "inputs_count"]
        );
        let rkeys: Vec<&String> = c["result"].as_object().unwrap().keys().collect();
        assert_eq!(rkeys, ["summary", "files"]);
    }

    #[test]
    fn fit_cuts_the_frames_file_lists_when_they_outgrow_the_budget() {
        // The seed profile keeps `inputs.files`: 200 episodes' FileRefs are ~19k tokens.
        let files: Vec<Value> = (0..200)
            .map(|i| json!({"path": format!("40_原稿/第{i:03}話.md"), "sha256": "0".repeat(64)}))
            .collect();
        let reply = json!({"success": true, "command": "status", "result": {"ok": 1},
            "inputs": {"files": files, "total_files": 200}});
        let out = fit(reply, 5_000, Some("temp/json_output/s.json"), false);
        assert!(approx_tokens(&serde_json::to_string(&out).unwrap()) <= 5_000);
        let cut = &out["truncated"][0];
        assert_eq!(cut["pointer"], "/inputs/files");
        assert_eq!(cut["total"], 200);
        assert_eq!(out["inputs"]["total_files"], 200);
        assert_eq!(cut["next"]["arguments"]["pointer"], "/inputs/files");
    }

    #[test]
    fn fit_cuts_the_largest_list_and_says_how_to_page_on() {
        let items: Vec<Value> = (0..1000)
            .map(|i| json!({"n": i, "text": "あいうえお"}))
            .collect();
        let reply = json!({"success": true, "command": "x", "result": {"items": items, "k": 1}});
        let out = fit(reply, 5_000, Some("temp/json_output/x.json"), false);
        let text = serde_json::to_string(&out).unwrap();
        assert!(approx_tokens(&text) <= 5_000, "{}", approx_tokens(&text));
        let cut = &out["truncated"][0];
        assert_eq!(cut["pointer"], "/result/items");
        assert_eq!(cut["total"], 1000);
        let shown = cut["shown"].as_u64().unwrap();
        assert!(shown > 10);
        assert_eq!(
            out["result"]["items"].as_array().unwrap().len() as u64,
            shown
        );
        assert_eq!(cut["next"]["tool"], "read_result");
        assert_eq!(cut["next"]["arguments"]["cursor"], shown);
        let text = "あ".repeat(20_000);
        let out = fit(
            json!({"success": true, "result": {"content": text}}),
            5_000,
            None,
            false,
        );
        assert!(approx_tokens(&serde_json::to_string(&out).unwrap()) <= 5_000);
        assert_eq!(out["truncated"][0]["kind"], "text");
        assert_eq!(out["truncated"][0]["total"], 20_000);
        let small = json!({"success": true, "result": {"a": [1, 2]}});
        assert_eq!(fit(small.clone(), 5_000, None, true), small);
        // Many small parts: whole nested objects go, named by their keys.
        let parts: serde_json::Map<String, Value> = (0..200)
            .map(|i| (format!("k{i}"), json!({"a": {"b": "い".repeat(60)}})))
            .collect();
        let out = fit(
            json!({"success": true, "result": {"parts": parts}}),
            3_000,
            None,
            true,
        );
        assert!(approx_tokens(&serde_json::to_string(&out).unwrap()) <= 3_000);
        assert_eq!(out["truncated"][0]["kind"], "object");
    }
}
