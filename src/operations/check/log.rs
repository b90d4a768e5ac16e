//! Every check logs its I/O (seed 000 §4.4 "quality/check系の逐次I/Oは .noveler/checks/ に保存",
//! issue 18): one line per run in `.noveler/checks/check_runs.ndjson` (`store::logs`,
//! rotated at 1 MiB, three old files kept). The line holds what went in (targets, options,
//! each file's path, sha256 and size) and what came out (findings by code, scores, errors) —
//! hashes, never the manuscript text. Written only when the run saves its results (inside a
//! project, not `--no-save`), like the envelope; a failure to log never fails the check.

use super::{CheckReport, CheckRequest};
use crate::operations::Ctx;
use crate::store::logs;
use serde_json::{json, Value};

/// The log line of one check run at `now`.
pub fn entry(req: &CheckRequest, report: &CheckReport, now: std::time::SystemTime) -> Value {
    let targets: Vec<Value> = req
        .targets
        .iter()
        .map(|t| match t {
            super::Target::Episode(n) => json!(n),
            super::Target::Path(p) => json!(p),
        })
        .collect();
    let files_in: Vec<Value> = report
        .files
        .iter()
        .map(|f| json!({"path": f.path, "sha256": f.sha256, "size_bytes": f.text.len()}))
        .collect();
    let files_out: Vec<Value> = report
        .files
        .iter()
        .map(|f| {
            let mut by_code = std::collections::BTreeMap::<&str, usize>::new();
            for finding in &f.findings {
                *by_code.entry(finding.code.as_str()).or_default() += 1;
            }
            json!({
                "path": f.path,
                "findings": f.findings.len(),
                "by_code": by_code,
                "overall": f.scores.overall,
                "unscored_reason": f.scores.reason,
            })
        })
        .collect();
    json!({
        "timestamp": logs::stamp(now),
        "command": "check",
        "input": {
            "targets": targets,
            "episode": req.episode,
            "content_sha256": req.content.as_deref().map(|c| crate::analysis::sha256_hex(c.as_bytes())),
            "options": {
                "aspects": req.aspects,
                "severity_threshold": req.severity_threshold,
                "exclude_dialogue_lines": req.exclude_dialogue_lines,
                "preset": req.preset,
                "snippet": req.snippet,
                "baseline": req.baseline,
            },
            "files": files_in,
        },
        "output": {
            "files": files_out,
            "errors": report.errors.iter().map(|e| json!({"path": e.path, "code": e.code})).collect::<Vec<_>>(),
            "summary": {
                "files": report.summary.files,
                "findings": report.summary.findings,
                "score_min": report.summary.score_min,
            },
        },
    })
}

/// Appends the run's line when the run saves its results.
pub fn record(ctx: &Ctx, req: &CheckRequest, report: &CheckReport) {
    if !ctx.save || !ctx.root.is_dir() {
        return;
    }
    let line = entry(req, report, ctx.clock.now());
    // The check's result stands even when its log line cannot be written.
    let _ = logs::append(&ctx.root, logs::CHECK_RUNS, &line, logs::DEFAULT_ROTATION);
}
