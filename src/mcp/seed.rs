//! The seed profile's protocol (issue 33 items 5 and 7): what a client written against the
//! original server reads, derived from our envelope (nothing is computed twice):
//! - every reply: `summary`, one Japanese line saying what the call did, and, when the call
//!   wrote or read one main file (a manuscript, a plot), `primary_output {file_reference,
//!   preview, word_count, quality_metrics}` plus `detailed_report_reference` (the saved
//!   envelope) — seed 000 §7.5;
//! - the writing and plot tools: the seed's output keys (seed 000 §5.4.1, §5.4.3) in
//!   `result`, beside ours where the names differ (ours stay as they are).
//!
//! Texts the seed returns whole (`manuscript_text`, `manuscript_generated`,
//! `plot_generated`) are read from the file the call saved and cut to what the reply budget
//! leaves (`<key>_cut` says so and names the file).

use serde_json::{json, Map, Value};

/// The seed's `write_stage` names (seed 000 §5.4.1), by stage number - 1.
const SEED_STAGES: [&str; 10] = [
    "plot_data_preparation",
    "plot_structure_analysis",
    "emotional_flow_design",
    "humor_elements_design",
    "character_dialogue_design",
    "scene_atmosphere_design",
    "logic_consistency_adjust",
    "manuscript_draft_generate",
    "quality_refinement",
    "final_adjustment",
];

/// Characters of a file shown as `primary_output.preview`.
const PREVIEW_CHARS: usize = 80;

/// What the seed keys of `tool` add to `result`: (key, JSON Schema) for `tools/list`.
pub fn result_keys(tool: &str) -> Vec<(&'static str, Value)> {
    let int = || json!({"type": ["integer", "null"]});
    let num = || json!({"type": ["number", "null"]});
    let text = || json!({"type": ["string", "null"]});
    let cut = || json!({"type": "object", "description": "The text above is cut to fit the reply: its full length and the file that holds it."});
    match tool {
        "noveler_write" | "enhanced_execute_writing_step" => vec![
            ("total_stages_completed", json!({"type": "integer"})),
            ("final_manuscript_path", text()),
            ("word_count", int()),
            ("quality_score", num()),
            (
                "stage_results",
                json!({"type": "array", "items": {"type": "object"}}),
            ),
            ("execution_time_total_seconds", json!({"type": "number"})),
        ],
        t if t.starts_with("write_step_") => result_keys("noveler_write"),
        "write_stage" => vec![
            ("stage_name", json!({"type": "string"})),
            ("next_recommended_stage", text()),
            ("stage_result", json!({"type": ["object", "null"]})),
            ("execution_time_seconds", json!({"type": "number"})),
        ],
        "write_resume" => vec![("execution_result", json!({"type": "object"}))],
        "write_manuscript_draft" => vec![
            ("manuscript_text", text()),
            ("manuscript_text_cut", cut()),
            ("word_count_actual", int()),
            ("quality_assessment", json!({"type": ["object", "null"]})),
        ],
        "write_with_claude" => vec![
            ("manuscript_generated", text()),
            ("manuscript_generated_cut", cut()),
            ("word_count", int()),
            ("generation_method", json!({"type": "string"})),
        ],
        "noveler_plot" => vec![
            ("plot_generated", text()),
            ("plot_generated_cut", cut()),
            ("plot_file_path", text()),
            ("generation_method", json!({"type": "string"})),
            ("plot_quality_preview", json!({"type": ["object", "null"]})),
        ],
        _ => Vec::new(),
    }
}

/// The keys every seed-profile reply may carry beside the envelope's (seed 000 §7.5).
pub fn frame_keys() -> Vec<(&'static str, Value)> {
    vec![
        ("summary", json!({"type": "string"})),
        (
            "primary_output",
            json!({"type": "object", "properties": {
                "file_reference": {"type": "string"},
                "preview": {"type": "string"},
                "word_count": {"type": ["integer", "null"]},
                "quality_metrics": {"type": "object"}
            }}),
        ),
        ("detailed_report_reference", json!({"type": "string"})),
    ]
}

/// Adds the seed's keys to the output schema of `tool` as the seed profile lists it.
pub fn extend_output_schema(tool: &str, schema: &mut Map<String, Value>) {
    if let Some(Value::Object(props)) = schema.get_mut("properties") {
        for (key, s) in frame_keys() {
            props.insert(key.into(), s);
        }
    }
    let keys = result_keys(tool);
    if keys.is_empty() {
        return;
    }
    // `result` is a reference to the report's definition (possibly beside null).
    let reference = schema
        .get("properties")
        .and_then(|p| p.get("result"))
        .and_then(first_ref)
        .map(String::from);
    let target = match reference
        .as_deref()
        .and_then(|r| r.strip_prefix("#/$defs/"))
    {
        Some(name) => schema
            .get_mut("$defs")
            .and_then(|d| d.get_mut(name))
            .and_then(Value::as_object_mut),
        None => schema
            .get_mut("properties")
            .and_then(|p| p.get_mut("result"))
            .and_then(Value::as_object_mut),
    };
    let Some(target) = target else { return };
    if let Value::Object(props) = target.entry("properties").or_insert_with(|| json!({})) {
        for (key, s) in keys {
            props.insert(key.into(), s);
        }
    }
}

fn first_ref(v: &Value) -> Option<&str> {
    match v {
        Value::Object(m) => m
            .get("$ref")
            .and_then(Value::as_str)
            .or_else(|| m.values().find_map(first_ref)),
        Value::Array(items) => items.iter().find_map(first_ref),
        _ => None,
    }
}

/// Shapes a seed-profile reply of `tool` (see the module doc). `budget`: the reply's
/// ceiling in half-tokens (`commands::files::cost`).
pub fn shape(envelope: &mut Value, tool: &str, budget: usize) {
    let project = envelope
        .get("project_root")
        .and_then(Value::as_str)
        .map(|r| Project(std::path::PathBuf::from(r)));
    let execution_s = envelope
        .get("execution_time_ms")
        .and_then(Value::as_f64)
        .map(|ms| (ms / 10.0).round() / 100.0)
        .unwrap_or(0.0);
    let summary = summary_line(envelope, tool);
    let primary = project.as_ref().and_then(|p| primary_output(envelope, p));
    let mut texts: Vec<(&'static str, String, Option<String>)> = Vec::new();
    if let Some(Value::Object(result)) = envelope.get_mut("result") {
        let mut keys = seed_keys(tool, result, execution_s);
        // The whole texts are null unless this call saved one (filled in below).
        for (key, _) in result_keys(tool) {
            if matches!(
                key,
                "manuscript_text" | "manuscript_generated" | "plot_generated"
            ) {
                keys.push((key.to_string(), Value::Null));
            }
        }
        for (k, v) in keys {
            result.entry(k).or_insert(v);
        }
        if let Some(project) = &project {
            texts = whole_texts(tool, result, project);
        }
        if let (Some((_, plot, _)), Some(Value::Object(preview))) =
            (texts.first(), result.get_mut("plot_quality_preview"))
        {
            preview.insert("key_elements".into(), key_events(plot));
        }
    }
    let Value::Object(env) = envelope else { return };
    env.insert("summary".into(), Value::String(summary));
    if let Some(p) = primary {
        env.insert("primary_output".into(), p);
    }
    if let Some(saved) = env.get("saved_to").cloned() {
        env.insert("detailed_report_reference".into(), saved);
    }
    for (key, text, file) in texts {
        let used = crate::commands::files::json_cost(&Value::Object(env.clone()));
        // What the rest of the reply leaves, with room for the cut note.
        let room = budget.saturating_sub(used + 400);
        let (shown, cut) = cut_to(&text, room);
        if let Some(Value::Object(result)) = env.get_mut("result") {
            result.insert(key.into(), Value::String(shown));
            if cut {
                result.insert(
                    format!("{key}_cut"),
                    json!({"total_chars": text.chars().count(), "file": file}),
                );
            }
        }
    }
}

/// The longest prefix of `text` that costs at most `room` half-tokens (whole lines when a
/// line ends inside the room), and whether anything was cut.
fn cut_to(text: &str, room: usize) -> (String, bool) {
    let mut kept = text.to_string();
    // `cut_text` counts the two quotes of a JSON string: give them their room.
    let (total, shown) = crate::commands::files::cut_text(&mut kept, room + 2);
    if shown == total {
        return (kept, false);
    }
    if let Some(i) = kept.rfind('\n') {
        kept.truncate(i + 1);
    }
    (kept, true)
}

/// The seed's keys of `tool` derived from our `result`.
fn seed_keys(tool: &str, result: &Map<String, Value>, execution_s: f64) -> Vec<(String, Value)> {
    let submitted = result.get("submitted").filter(|s| s.is_object());
    let manuscript = submitted
        .and_then(|s| s.get("manuscript"))
        .filter(|m| m.is_object());
    let path = manuscript.and_then(|m| m.get("path")).cloned();
    let chars = manuscript.and_then(|m| m.get("body_chars")).cloned();
    let score = submitted.and_then(|s| s.get("quality_score")).cloned();
    let null = || Value::Null;
    let mut out: Vec<(&str, Value)> = Vec::new();
    match tool {
        "noveler_write" | "enhanced_execute_writing_step" => {
            out.push((
                "total_stages_completed",
                result
                    .get("progress")
                    .and_then(|p| p.get("completed"))
                    .cloned()
                    .unwrap_or(json!(0)),
            ));
            out.push(("final_manuscript_path", path.unwrap_or_else(null)));
            out.push(("word_count", chars.unwrap_or_else(null)));
            out.push(("quality_score", score.unwrap_or_else(null)));
            out.push((
                "stage_results",
                Value::Array(submitted.map(stage_result).into_iter().collect()),
            ));
            out.push(("execution_time_total_seconds", json!(execution_s)));
        }
        t if t.starts_with("write_step_") => return seed_keys("noveler_write", result, execution_s),
        "write_stage" => {
            let step = submitted
                .and_then(|s| s.get("step"))
                .or_else(|| result.get("stage").and_then(|s| s.get("step")))
                .and_then(Value::as_u64);
            let next = result.get("next_step").and_then(Value::as_u64);
            out.push(("stage_name", seed_stage(step).unwrap_or_else(null)));
            out.push(("next_recommended_stage", seed_stage(next).unwrap_or_else(null)));
            out.push((
                "stage_result",
                submitted.map(stage_result).unwrap_or_else(null),
            ));
            out.push(("execution_time_seconds", json!(execution_s)));
        }
        "write_resume" => out.push((
            "execution_result",
            json!({
                "session_id": result.get("session_id"),
                "status": result.get("status"),
                "next_recommended_stage": seed_stage(result.get("next_step").and_then(Value::as_u64)),
            }),
        )),
        "write_manuscript_draft" => {
            out.push(("word_count_actual", chars.unwrap_or_else(null)));
            out.push((
                "quality_assessment",
                manuscript.map_or(Value::Null, |m| {
                    let check = m.get("check").cloned().unwrap_or(Value::Null);
                    json!({
                        "overall_score": score,
                        "detailed_scores": {
                            "findings": check.get("findings"),
                            "by_severity": check.get("by_severity"),
                            "in_range": check.get("in_range"),
                        },
                    })
                }),
            ));
        }
        "write_with_claude" => {
            let generated = manuscript.is_some();
            out.push(("word_count", chars.unwrap_or_else(null)));
            out.push((
                "generation_method",
                json!(if generated {
                    "claude_code_session"
                } else {
                    "prompt"
                }),
            ));
        }
        "noveler_plot" => {
            let accepted = result.get("accepted") == Some(&json!(true));
            out.push((
                "plot_file_path",
                result.get("plot_file").cloned().unwrap_or_else(null),
            ));
            out.push((
                "generation_method",
                json!(if accepted {
                    "claude_code_session"
                } else {
                    "prompt"
                }),
            ));
            out.push((
                "plot_quality_preview",
                if accepted {
                    json!({
                        "estimated_length": Value::Null,
                        "complexity_score": Value::Null,
                        "scenes": result.get("scenes"),
                        "key_elements": [],
                    })
                } else {
                    Value::Null
                },
            ));
        }
        _ => {}
    }
    out.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// One entry of the seed's `stage_results` / `stage_result` from our submission outcome.
fn stage_result(s: &Value) -> Value {
    let accepted = s.get("accepted") == Some(&json!(true));
    let step = s.get("step").and_then(Value::as_u64);
    let mut line = format!(
        "STEP{} {}",
        step.unwrap_or(0),
        if accepted { "受理" } else { "未受理" }
    );
    if let Some(m) = s.get("manuscript").filter(|m| m.is_object()) {
        line.push_str(&format!(
            "・原稿 {}（{}字）",
            m["path"].as_str().unwrap_or_default(),
            m["body_chars"]
        ));
    }
    if let Some(q) = s.get("quality_score").and_then(Value::as_f64) {
        line.push_str(&format!("・品質スコア {q}"));
    }
    json!({
        "stage": step,
        "stage_name": seed_stage(step),
        "status": if accepted { "completed" } else { "rejected" },
        "execution_time_seconds": s.get("execution_time"),
        "output_summary": line,
        "output_file": s.get("output_file"),
    })
}

fn seed_stage(step: Option<u64>) -> Option<Value> {
    let n = step?;
    SEED_STAGES
        .get(usize::try_from(n).ok()?.checked_sub(1)?)
        .map(|s| json!(s))
}

/// (key, text, file) of the texts `tool` returns whole: the manuscript or plot this call saved.
fn whole_texts(
    tool: &str,
    result: &Map<String, Value>,
    project: &Project,
) -> Vec<(&'static str, String, Option<String>)> {
    let key = match tool {
        "write_manuscript_draft" => "manuscript_text",
        "write_with_claude" => "manuscript_generated",
        "noveler_plot" => "plot_generated",
        _ => return Vec::new(),
    };
    let file = if tool == "noveler_plot" {
        (result.get("accepted") == Some(&json!(true)))
            .then(|| result.get("plot_file").and_then(Value::as_str))
            .flatten()
    } else {
        result
            .get("submitted")
            .and_then(|s| s.get("manuscript"))
            .and_then(|m| m.get("path"))
            .and_then(Value::as_str)
    };
    let text = file.and_then(|f| project.text(f));
    match (file, text) {
        (Some(f), Some(t)) => vec![(key, t, Some(f.to_string()))],
        _ => Vec::new(),
    }
}

/// The project whose files a reply shows (the envelope's `project_root`).
struct Project(std::path::PathBuf);

impl Project {
    /// A project file's text (through the store's confined reader); `None` when unreadable.
    fn text(&self, rel: &str) -> Option<String> {
        let path = self.0.join(rel);
        let bytes = crate::store::text::read_bytes(&path).ok()?;
        crate::store::text::decode(&path, &bytes)
            .ok()
            .map(|s| s.text)
    }

    /// The first characters of a file's text (whitespace runs folded), ending in `...`
    /// when cut.
    fn preview(&self, rel: &str) -> Option<String> {
        let text = self.text(rel)?;
        let folded: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let mut shown: String = folded.chars().take(PREVIEW_CHARS).collect();
        if folded.chars().count() > PREVIEW_CHARS {
            shown.push_str("...");
        }
        Some(shown)
    }
}

/// The plot's `key_events` (the seed's `plot_quality_preview.key_elements`).
fn key_events(plot_yaml: &str) -> Value {
    crate::store::yaml::from_str::<Value>(plot_yaml)
        .ok()
        .and_then(|v| v.get("key_events").cloned())
        .filter(Value::is_array)
        .unwrap_or_else(|| json!([]))
}

/// `primary_output` of the call: the manuscript or plot it wrote, or the one file it checked.
fn primary_output(envelope: &Value, project: &Project) -> Option<Value> {
    let result = envelope.get("result")?;
    let manuscript = result
        .get("submitted")
        .and_then(|s| s.get("manuscript"))
        .filter(|m| m.is_object());
    if let Some(m) = manuscript {
        let path = m.get("path")?.as_str()?;
        return Some(json!({
            "file_reference": path,
            "preview": project.preview(path)?,
            "word_count": m.get("body_chars"),
            "quality_metrics": {
                "overall_score": result["submitted"].get("quality_score"),
                "findings": m.get("check").and_then(|c| c.get("findings")),
            },
        }));
    }
    if result.get("accepted") == Some(&json!(true)) {
        let path = result.get("plot_file")?.as_str()?;
        return Some(json!({"file_reference": path, "preview": project.preview(path)?}));
    }
    let files = result.get("files")?.as_array()?;
    let [file] = files.as_slice() else {
        return None;
    };
    let path = file.get("path")?.as_str()?;
    Some(json!({
        "file_reference": path,
        "preview": project.preview(path)?,
        "word_count": file.pointer("/metrics/length_stats/body_chars"),
        "quality_metrics": {
            "overall_score": file.pointer("/scores/overall"),
            "findings": file.get("findings").and_then(Value::as_array).map(Vec::len),
        },
    }))
}

/// One Japanese line saying what the call did (seed 000 §7.5 `summary`).
fn summary_line(envelope: &Value, tool: &str) -> String {
    let command = envelope["command"].as_str().unwrap_or_default();
    if let Some(e) = envelope.get("error").filter(|e| e.is_object()) {
        return format!(
            "{} は失敗しました（{}: {}）",
            if tool.is_empty() { command } else { tool },
            e["code"].as_str().unwrap_or_default(),
            e["message"].as_str().unwrap_or_default()
        );
    }
    let r = &envelope["result"];
    let ep = r
        .get("episode")
        .or_else(|| r.get("episode_number"))
        .and_then(Value::as_u64);
    let of_ep = ep.map(|n| format!("第{n}話")).unwrap_or_default();
    match command {
        "write" | "write_resume" => write_summary(r, &of_ep),
        "plot" if r["accepted"] == json!(true) => format!(
            "{of_ep}のプロット「{}」を保存しました（{} 場面、{}）",
            r["title"].as_str().unwrap_or_default(),
            r["scenes"],
            r["plot_file"].as_str().unwrap_or_default()
        ),
        "plot" if r["prompt"].is_string() => format!("{of_ep}のプロット作成プロンプトです"),
        "check" => {
            let s = &r["summary"];
            let score = match s["score_min"].as_f64() {
                Some(x) => format!("、最低スコア {x}"),
                None => String::new(),
            };
            format!(
                "{} ファイルをチェックしました（指摘 {} 件{score}）",
                s["files"], s["findings"]
            )
        }
        "polish" => format!(
            "修正 {} 件を{}（{}）",
            r["fixes_applied"].as_array().map_or(0, Vec::len),
            if r["written"] == json!(true) {
                "適用しました"
            } else {
                "確認しました（書き込みなし）"
            },
            r["file"].as_str().unwrap_or_default()
        ),
        _ => match r.get("summary").and_then(Value::as_str) {
            Some(s) => s.lines().next().unwrap_or_default().to_string(),
            None => format!("{command} が完了しました"),
        },
    }
}

fn write_summary(r: &Value, of_ep: &str) -> String {
    let done = &r["progress"]["completed"];
    if let Some(s) = r.get("submitted").filter(|s| s.is_object()) {
        let mut line = format!(
            "{of_ep} STEP{} を{}（{done}/10 段階完了）",
            s["step"],
            if s["accepted"] == json!(true) {
                "受け付けました"
            } else {
                "確認しました"
            }
        );
        if let Some(m) = s.get("manuscript").filter(|m| m.is_object()) {
            line.push_str(&format!("。原稿 {}字", m["body_chars"]));
            if let Some(q) = s["quality_score"].as_f64() {
                line.push_str(&format!("、品質スコア {q}"));
            }
        }
        return line;
    }
    match r["stage"].get("step") {
        Some(step) => format!(
            "{of_ep} STEP{step}/10「{}」のプロンプトです（{done}/10 段階完了）",
            r["stage"]["title"].as_str().unwrap_or_default()
        ),
        None => format!("{of_ep}の執筆セッションは {done}/10 段階完了です"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_cut_at_a_line_end_within_the_room() {
        assert_eq!(cut_to("あい\nうえ", 100), ("あい\nうえ".into(), false));
        assert_eq!(cut_to("あい\nうえ", 7), ("あい\n".into(), true));
        assert_eq!(cut_to("あいうえ", 5), ("あい".into(), true));
    }

    #[test]
    fn seed_stage_names_follow_the_numbers() {
        assert_eq!(seed_stage(Some(2)), Some(json!("plot_structure_analysis")));
        assert_eq!(seed_stage(Some(0)), None);
        assert_eq!(seed_stage(Some(11)), None);
        for (i, name) in SEED_STAGES.iter().enumerate() {
            let st = crate::workflow::stages::parse(name).unwrap();
            assert_eq!(usize::from(st.number), i + 1, "{name}");
        }
    }

    #[test]
    fn the_seed_schema_keys_go_into_the_report_definition() {
        let mut schema = json!({"type": "object", "properties": {
            "success": {"type": "boolean"},
            "result": {"anyOf": [{"$ref": "#/$defs/WriteReport"}, {"type": "null"}]}},
            "$defs": {"WriteReport": {"type": "object", "properties": {"episode": {}}}}});
        let map = schema.as_object_mut().unwrap();
        extend_output_schema("write_manuscript_draft", map);
        assert!(schema["properties"]["summary"].is_object());
        assert!(schema["$defs"]["WriteReport"]["properties"]["manuscript_text"].is_object());
        assert!(schema["$defs"]["WriteReport"]["properties"]["episode"].is_object());
    }
}
