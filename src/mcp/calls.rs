//! Per-call concerns of `noveler mcp` the seeds name (issue 18), kept out of `server.rs`:
//! - concurrency caps per project (seed 000 §7.2; `store::slots`): which tools count as
//!   write, check or plot;
//! - write-tool errors echo their `arguments` (seed 000 §8 "エラー伝搬", seed 002 §3);
//! - guidance, as a tool error, for `progressive_check.*` names that are not tools (seed
//!   001 §6.2);
//! - the per-call debug record (seed 000 §7.4) appended to `.noveler/logs/mcp_calls.ndjson`
//!   (`store::logs`, rotated): timestamp, tool, parameters, execution trace, resource usage.

use crate::error::{Code, Error};
use crate::store::clock::Clock;
use crate::store::logs;
use crate::store::slots::Kind;
use serde_json::{json, Value};
use std::path::Path;
use std::time::SystemTime;

/// Strings longer than this are cut in echoed arguments and debug records.
const ARG_CHARS: usize = 200;

/// The cap a tool's runs count against (by its envelope command), if any.
pub(crate) fn slot_kind(command: &str) -> Option<Kind> {
    match command {
        "write"
        | "write_resume"
        | "enhanced_execute_writing_step"
        | "enhanced_resume_from_partial_failure" => Some(Kind::Write),
        "plot" => Some(Kind::Plot),
        "check"
        | "progressive_step"
        | "progressive_repeat"
        | "check_story_elements"
        | "check_story_structure"
        | "check_writing_expression" => Some(Kind::Check),
        _ => None,
    }
}

/// Whether a failed call of this tool echoes its arguments: the writing tools and the
/// file write (the seeds' "write" tools).
pub(crate) fn echoes_arguments(command: &str) -> bool {
    matches!(
        command,
        "write"
            | "write_file"
            | "write_resume"
            | "enhanced_execute_writing_step"
            | "enhanced_resume_from_partial_failure"
    )
}

/// The guidance for a tool name of the `progressive_check` family this server does not
/// offer (a seed's dotted name, a retired one such as `start_session` in a profile without
/// it, a typo): a U001 tool error naming the tools to use instead.
pub(crate) fn progressive_guidance(name: &str, offered: &[&str]) -> Option<Error> {
    let rest = name
        .strip_prefix("progressive_check.")
        .or_else(|| name.strip_prefix("progressive_check_"))?;
    let family: Vec<&str> = offered
        .iter()
        .copied()
        .filter(|t| t.starts_with("progressive_check_"))
        .collect();
    // The default profile names the same jobs get_check_tasks, execute_check_step, …
    let start = if family.contains(&"progressive_check_get_tasks") {
        "progressive_check_get_tasks"
    } else {
        "get_check_tasks"
    };
    let underscored = format!("progressive_check_{rest}");
    let (message, suggested) = if family.contains(&underscored.as_str()) {
        (
            format!("{name} というツールはありません。{underscored} を使ってください（MCP のツール名は . ではなく _ でつなぎます）"),
            underscored.clone(),
        )
    } else {
        (
            format!("{name} は提供していないツールです。use {start} to initialise a session: セッションの開始と再開は {start}、以降の操作は session_id を渡して行います"),
            start.to_string(),
        )
    };
    let valid: Vec<&str> = if family.is_empty() {
        offered
            .iter()
            .copied()
            .filter(|t| t.contains("check_") && !t.starts_with("check_"))
            .collect()
    } else {
        family
    };
    Some(
        Error::new(Code::U001, message)
            .hint(format!("{suggested} を呼び出してください。"))
            .suggest(format!("{suggested} {{\"episode\": 1}}"))
            .details(json!({"tool": name, "valid_tools": valid})),
    )
}

/// Past this size (serialised) the echoed arguments' big objects and arrays are summarised,
/// so an echo never takes the reply past its budget (it is added after the reply is fit).
const ECHO_BYTES: usize = 4000;

/// `arguments` fit for an error envelope or a log line: long strings cut, and when that is
/// not enough, large nested values replaced by their size.
pub(crate) fn echoed(args: &serde_json::Map<String, Value>) -> Value {
    let mut v = logs::abridge(&Value::Object(args.clone()), ARG_CHARS);
    if v.to_string().len() > ECHO_BYTES {
        if let Value::Object(map) = &mut v {
            for value in map.values_mut() {
                let size = value.to_string().len();
                if (value.is_object() || value.is_array()) && size > 500 {
                    *value = Value::String(format!("…({size} bytes of JSON)"));
                }
            }
        }
    }
    v
}

/// Adds `arguments` to the error of a failed reply (`structuredContent` and its text copy).
pub(crate) fn echo_into(result: &mut rmcp::model::CallToolResult, arguments: Value) {
    let Some(sc) = result.structured_content.as_mut() else {
        return;
    };
    let Some(error) = sc.get_mut("error").and_then(Value::as_object_mut) else {
        return;
    };
    error.insert("arguments".into(), arguments);
    let text = serde_json::to_string(sc).unwrap_or_default();
    result.content = vec![rmcp::model::ContentBlock::text(text)];
}

/// Process resource counters at the start of a call.
pub struct Probe {
    started: SystemTime,
    clock: std::time::Instant,
    cpu_ms: Option<f64>,
    io_ops: Option<u64>,
    memory: crate::store::memory::Meter,
}

/// CPU time of the process (user + system), in milliseconds.
#[cfg(unix)]
fn cpu_ms() -> Option<f64> {
    // SAFETY: getrusage fills the zeroed struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return None;
    }
    let ms = |t: libc::timeval| t.tv_sec as f64 * 1000.0 + t.tv_usec as f64 / 1000.0;
    Some(ms(usage.ru_utime) + ms(usage.ru_stime))
}

#[cfg(not(unix))]
fn cpu_ms() -> Option<f64> {
    None
}

/// Peak resident memory of the process in KiB (Linux reports ru_maxrss in KiB).
#[cfg(unix)]
fn peak_kib() -> Option<u64> {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: as above.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return None;
    }
    let raw = usage.ru_maxrss.max(0) as u64;
    Some(if cfg!(target_os = "macos") {
        raw / 1024
    } else {
        raw
    })
}

#[cfg(not(unix))]
fn peak_kib() -> Option<u64> {
    None
}

/// Read and write system calls of the process so far (Linux `/proc/self/io`).
fn io_ops() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/io").ok()?;
    let field = |name: &str| -> Option<u64> {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().parse().ok())
    };
    Some(field("syscr:")? + field("syscw:")?)
}

impl Probe {
    pub fn start(clock: &Clock) -> Probe {
        Probe {
            started: clock.now(),
            clock: std::time::Instant::now(),
            cpu_ms: cpu_ms(),
            io_ops: io_ops(),
            memory: crate::store::memory::Meter::start(),
        }
    }

    /// The debug record of a finished call (seed 000 §7.4's fields). The counters are the
    /// process's: calls running at the same time share them (said in `scope`).
    pub fn record(
        &self,
        clock: &Clock,
        tool: &str,
        args: &serde_json::Map<String, Value>,
        reply: Option<&Value>,
    ) -> Value {
        let ended = clock.now();
        let elapsed_ms = (self.clock.elapsed().as_secs_f64() * 1e6).round() / 1e3;
        let mut step = json!({
            "step": tool,
            "start": logs::stamp(self.started),
            "end": logs::stamp(ended),
            "elapsed_ms": elapsed_ms,
        });
        match reply {
            None => step["status"] = json!("unknown_tool"),
            Some(reply) => {
                let ok = reply["success"].as_bool().unwrap_or(false);
                step["status"] = json!(if ok { "completed" } else { "error" });
                if let Some(code) = reply["error"]["code"].as_str() {
                    step["error"] = json!(code);
                }
                if let Some(command) = reply["command"].as_str() {
                    step["command"] = json!(command);
                }
                // The writing tools say which stage they served.
                for key in ["stage", "submitted"] {
                    if let Some(stage) = reply["result"][key]["stage"].as_str() {
                        step[format!("{key}_stage")] = json!(stage);
                    }
                }
                if let Some(saved) = reply["saved_to"].as_str() {
                    step["saved_to"] = json!(saved);
                }
            }
        }
        let cpu = cpu_ms()
            .zip(self.cpu_ms)
            .map(|(now, then)| ((now - then).max(0.0) * 10.0).round() / 10.0);
        let ops = io_ops()
            .zip(self.io_ops)
            .map(|(now, then)| now.saturating_sub(then));
        // Per-operation memory limit (seed 000 §7.2): measured; over it, R002 is recorded
        // and logged beside the call's result, which stands.
        let memory = self.memory.finish(&super::state::memory_limits());
        if let Some(w) = memory.warning(tool) {
            super::log(&w);
        }
        json!({
            "timestamp": logs::stamp(self.started),
            "tool_name": tool,
            "parameters": echoed(args),
            "execution_trace": [step],
            "resource_usage": {
                "peak_memory_kib": peak_kib(),
                "cpu_time_ms": cpu,
                "file_operations": ops,
                "memory": memory,
                "scope": "process (concurrent calls share these counters)",
            },
        })
    }
}

/// Appends a debug record to the project's call log; a failure is logged to stderr and
/// never fails the call.
pub(crate) fn write_record(root: &Path, record: &Value) {
    if !root.is_dir() {
        return;
    }
    if let Err(e) = logs::append(root, logs::MCP_CALLS, record, logs::DEFAULT_ROTATION) {
        super::log(&format!("could not write the call record: {e}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progressive_names_get_guidance() {
        let offered = [
            "progressive_check_get_tasks",
            "progressive_check_end_session",
        ];
        let e = progressive_guidance("progressive_check.get_tasks", &offered).unwrap();
        assert!(
            e.message.contains("progressive_check_get_tasks"),
            "{}",
            e.message
        );
        let e = progressive_guidance("progressive_check.start_session", &offered).unwrap();
        assert!(
            e.message.contains("use progressive_check_get_tasks"),
            "{}",
            e.message
        );
        let e = progressive_guidance("progressive_check_bogus", &["get_check_tasks"]).unwrap();
        assert!(e.message.contains("get_check_tasks"), "{}", e.message);
        assert!(progressive_guidance("check_basic", &offered).is_none());
    }

    #[test]
    fn records_use_the_injected_clock() {
        let fixed = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_800_000_000);
        let clock = Clock::fixed(fixed);
        let probe = Probe::start(&clock);
        let args = json!({"episode": 1, "content": "x".repeat(500)});
        let reply = json!({"success": false, "command": "write",
                           "error": {"code": "Q001"}, "result": null});
        let r = probe.record(
            &clock,
            "write_stage",
            args.as_object().unwrap(),
            Some(&reply),
        );
        assert_eq!(r["timestamp"], "2027-01-15T08:00:00.000Z");
        assert_eq!(r["tool_name"], "write_stage");
        assert_eq!(r["execution_trace"][0]["status"], "error");
        assert_eq!(r["execution_trace"][0]["error"], "Q001");
        assert!(r["parameters"]["content"]
            .as_str()
            .unwrap()
            .ends_with("(500 chars)"));
        assert!(r["resource_usage"].get("cpu_time_ms").is_some());
        let memory = &r["resource_usage"]["memory"];
        assert_eq!(memory["limit_bytes"], 500 * 1024 * 1024, "{memory}");
        assert!(memory.get("exceeded").is_some(), "{memory}");
    }

    #[test]
    fn echoed_arguments_stay_small() {
        let big: Vec<String> = (0..600).map(|i| format!("項目{i}")).collect();
        let args = json!({"episode": 1, "submission": {"items": big}});
        let e = echoed(args.as_object().unwrap());
        assert_eq!(e["episode"], 1);
        assert!(e["submission"].as_str().unwrap().contains("bytes of JSON"));
        assert!(e.to_string().len() < ECHO_BYTES);
    }

    #[test]
    fn caps_by_command() {
        assert_eq!(slot_kind("write"), Some(Kind::Write));
        assert_eq!(slot_kind("check"), Some(Kind::Check));
        assert_eq!(slot_kind("plot"), Some(Kind::Plot));
        assert_eq!(slot_kind("status"), None);
        assert!(echoes_arguments("write_file"));
        assert!(!echoes_arguments("check"));
    }
}
