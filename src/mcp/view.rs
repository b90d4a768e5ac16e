//! Views of a reply: which part of a big result the model sees (issue 15 item 3). The
//! command always runs whole and its envelope is saved whole (`saved_to`); a view only
//! chooses what goes into the reply:
//! - list tools (`status` episodes, file lists and changes, backups, artifacts) take
//!   `cursor`/`limit` and return one page of their list, with `page.next` the call for the
//!   next one;
//! - the check tools of the default profile take `detail`: `summary` (counts by code and
//!   severity, the worst findings, the lowest scores), `findings` (the default: the same
//!   plus one page of findings, in file and line order) or `full` (every file's metrics and
//!   findings, cut to the budget like any reply).
//!
//! The view arguments are the MCP adapter's, not the command's: they are taken out of the
//! arguments before the Request is deserialised, so the CLI and the saved result are the
//! same whatever the view.

use super::adapter::ArgError;
use rmcp::model::JsonObject;
use serde_json::{json, Map, Value};

/// What a tool's reply can be viewed as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A check result (`files`, `summary`, `errors`): `detail`, `cursor`, `limit`.
    Findings,
    /// One list at `pointer`, paged by `cursor`/`limit` (`default_limit` items a page).
    List {
        pointer: &'static str,
        default_limit: usize,
    },
}

/// The most items a page may hold (the reply budget still applies on top).
pub const MAX_LIMIT: usize = 200;
/// Findings a `findings` page holds by default, and worst findings a summary lists.
const FINDINGS_LIMIT: usize = 20;
const WORST: usize = 10;
/// Files listed under `lowest_scores`.
const LOWEST: usize = 10;
/// What the findings of one page may cost, in estimated tokens (the summary, the worst
/// findings and the lowest scores come on top on the first page).
const FINDINGS_PAGE_TOKENS: usize = 5_000;

/// The view of the tool whose envelope command is `command`: findings views only where the
/// reply is compact (the default profile; the seed profile keeps its typed result shape).
pub(crate) fn kind_of(command: &str, compact: bool) -> Option<Kind> {
    let list = |pointer, default_limit| {
        Some(Kind::List {
            pointer,
            default_limit,
        })
    };
    match command {
        "check" if compact => Some(Kind::Findings),
        "status" => list("/result/episodes", 30),
        "files_changes" | "files_list" => list("/result/files", 50),
        "backup_management" => list("/result/backups", 30),
        "artifact_list" => list("/result/artifacts", 30),
        _ => None,
    }
}

/// How much of a findings result to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    Summary,
    Findings,
    Full,
}

impl View {
    /// Where the page starts: a page past the first repeats a result already saved.
    pub fn cursor(&self) -> usize {
        self.cursor
    }
}

/// A call's view: the arguments it took, and the rest of the call for `page.next`.
#[derive(Clone, Debug)]
pub struct View {
    tool: String,
    kind: Kind,
    detail: Detail,
    cursor: usize,
    limit: Option<usize>,
    /// The call's other arguments (`project_root` included), repeated in `page.next`.
    args: JsonObject,
}

/// The input-schema properties a view adds to its tool.
pub fn properties(kind: Kind) -> Vec<(&'static str, Value)> {
    let mut props = vec![
        (
            "cursor",
            json!({"type": "integer", "minimum": 0,
                   "description": "Where the page starts: from a reply's page.next."}),
        ),
        (
            "limit",
            json!({"type": "integer", "minimum": 1, "maximum": MAX_LIMIT,
                   "description": "Items per page."}),
        ),
    ];
    if kind == Kind::Findings {
        props.insert(
            0,
            (
                "detail",
                json!({"type": "string", "enum": ["summary", "findings", "full"],
                       "description": "summary: counts, worst findings, lowest scores. findings (default): plus a page of findings. full: every file's metrics and findings."}),
            ),
        );
    }
    props
}

/// Adds the view's arguments to an input schema (they are not the Request's).
pub(crate) fn extend_schema(schema: &mut JsonObject, kind: Kind) {
    if let Some(Value::Object(props)) = schema.get_mut("properties") {
        for (name, prop) in properties(kind) {
            props.entry(name).or_insert(prop);
        }
    }
}

/// Takes the view arguments out of `args` (the rest goes to the command).
pub fn take(
    tool: &str,
    kind: Option<Kind>,
    schema: &JsonObject,
    args: JsonObject,
) -> std::result::Result<(Option<View>, JsonObject), ArgError> {
    let Some(kind) = kind else {
        return Ok((None, args));
    };
    let mut args = args;
    let bad = |field: &str, expected: String, example: Value| ArgError {
        message: format!("引数 `{field}` が不正です"),
        field: Some(field.to_string()),
        expected: Some(expected),
        example,
    };
    // A misspelt view argument: the Request would refuse it without knowing these names.
    let view_names: Vec<&str> = properties(kind).iter().map(|(n, _)| *n).collect();
    for key in args.keys() {
        let known = view_names.contains(&key.as_str())
            || schema
                .get("properties")
                .and_then(Value::as_object)
                .is_some_and(|p| p.contains_key(key));
        if let Some(near) = (!known)
            .then(|| super::args::closest(key, &view_names))
            .flatten()
        {
            return Err(ArgError {
                message: format!("引数 `{key}` はありません。`{near}` のことですか？"),
                field: Some(key.clone()),
                expected: Some(format!("one of: {}", view_names.join(", "))),
                example: properties(kind)
                    .into_iter()
                    .find(|(n, _)| n == &near)
                    .map(|(n, _)| json!({ n: if n == "detail" { json!("summary") } else { json!(1) } }))
                    .unwrap_or_default(),
            });
        }
    }
    let detail = match args.remove("detail") {
        None | Some(Value::Null) => Detail::Findings,
        Some(Value::String(s)) if kind == Kind::Findings => match s.as_str() {
            "summary" => Detail::Summary,
            "findings" => Detail::Findings,
            "full" => Detail::Full,
            _ => {
                return Err(bad(
                    "detail",
                    "one of \"summary\", \"findings\", \"full\"".into(),
                    json!({"detail": "summary"}),
                ))
            }
        },
        Some(_) if kind == Kind::Findings => {
            return Err(bad(
                "detail",
                "one of \"summary\", \"findings\", \"full\"".into(),
                json!({"detail": "summary"}),
            ))
        }
        // Not an argument of this tool: back to the Request, which refuses it by name.
        Some(v) => {
            args.insert("detail".into(), v);
            Detail::Findings
        }
    };
    let number = |args: &mut JsonObject, name: &str, min: u64, max: u64| match args.remove(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .filter(|n| (min..=max).contains(n))
            .map(|n| Some(n as usize))
            .ok_or_else(|| {
                bad(
                    name,
                    format!("integer {min}..={max}"),
                    json!({ name: min.max(1) }),
                )
            }),
    };
    let cursor = number(&mut args, "cursor", 0, u32::MAX as u64)?.unwrap_or(0);
    let limit = number(&mut args, "limit", 1, MAX_LIMIT as u64)?;
    let view = View {
        tool: tool.to_string(),
        kind,
        detail,
        cursor,
        limit,
        args: args.clone(),
    };
    Ok((Some(view), args))
}

/// The reply seen through `view` (a reply without the part is returned unchanged).
pub fn apply(mut reply: Value, view: &View) -> Value {
    match view.kind {
        Kind::List {
            pointer,
            default_limit,
        } => {
            let limit = view.limit.unwrap_or(default_limit);
            if let Some(page) = page_list(&mut reply, pointer, view, limit) {
                insert(&mut reply, "page", page);
            }
        }
        Kind::Findings => {
            if view.detail != Detail::Full {
                if let Some(Value::Object(result)) = reply.get_mut("result") {
                    if let Some(page) = findings_view(result, view) {
                        insert(&mut reply, "page", page);
                    }
                }
            } else if let Some(page) = budget_page(&mut reply, "/result/files", view) {
                // The whole result, paged through its files as many as fit a reply.
                insert(&mut reply, "page", page);
            }
        }
    }
    reply
}

fn insert(reply: &mut Value, key: &str, value: Value) {
    if let Value::Object(env) = reply {
        env.insert(key.into(), value);
    }
}

/// Keeps `limit` items of the list at `pointer` from the view's cursor; the page record
/// when anything was left out (none when the whole list is shown).
fn page_list(reply: &mut Value, pointer: &str, view: &View, limit: usize) -> Option<Value> {
    let Some(Value::Array(items)) = reply.pointer_mut(pointer) else {
        return None;
    };
    let total = items.len();
    if view.cursor == 0 && total <= limit {
        return None;
    }
    let start = view.cursor.min(total);
    let page: Vec<Value> = items.drain(..).skip(start).take(limit).collect();
    let shown = page.len();
    *items = page;
    Some(page_record(pointer, view, start, limit, shown, total))
}

/// Keeps the files (items of the list at `pointer`) from the view's cursor that fit one
/// reply (`commands::files::page`): a file too big alone comes with its findings cut. The
/// page record's `next` reads on from the saved result (`read_result`: the rest of a cut
/// file, then the next files) — the same chain whatever the size, never an empty page.
fn budget_page(reply: &mut Value, pointer: &str, view: &View) -> Option<Value> {
    use crate::commands::files::{page, page_call, PAGE_TOKENS};
    let total = reply.pointer(pointer)?.as_array()?.len();
    let p = page(reply, pointer, view.cursor, view.limit, PAGE_TOKENS)?;
    if view.cursor == 0 && p.shown == total && p.cuts.is_empty() {
        return None;
    }
    let saved_to = reply
        .get("saved_to")
        .and_then(Value::as_str)
        .map(String::from);
    let next = p.next.as_ref().map(|(ptr, cursor)| match &saved_to {
        Some(saved) => page_call(saved, ptr, *cursor),
        // Nothing saved to read from: the same call from the next file.
        None => {
            let mut args = view.args.clone();
            args.insert("cursor".into(), json!(p.cursor + p.shown));
            args.insert("detail".into(), json!("full"));
            json!({"tool": view.tool, "arguments": args})
        }
    });
    let cuts: Vec<Value> = p
        .cuts
        .iter()
        .map(|c| {
            let mut cut = json!(c);
            if let Some(saved) = &saved_to {
                cut["next"] = page_call(saved, &c.pointer, c.shown);
            }
            cut
        })
        .collect();
    *reply.pointer_mut(pointer)? = p.page;
    if !cuts.is_empty() {
        insert(reply, "truncated", Value::Array(cuts));
    }
    Some(
        json!({"pointer": pointer, "cursor": p.cursor, "shown": p.shown, "total": total,
                "next": next}),
    )
}

fn page_record(
    pointer: &str,
    view: &View,
    start: usize,
    limit: usize,
    shown: usize,
    total: usize,
) -> Value {
    let next = (start + shown < total).then(|| {
        let mut args = view.args.clone();
        args.insert("cursor".into(), json!(start + shown));
        args.insert("limit".into(), json!(limit));
        if view.kind == Kind::Findings {
            let detail = match view.detail {
                Detail::Full => "full",
                _ => "findings",
            };
            args.insert("detail".into(), json!(detail));
        }
        json!({"tool": view.tool, "arguments": args})
    });
    json!({"pointer": pointer, "cursor": start, "limit": limit, "shown": shown,
           "total": total, "next": next})
}

fn severity_rank(f: &Value) -> u8 {
    match f.get("severity").and_then(Value::as_str) {
        Some("critical") => 3,
        Some("high") => 2,
        Some("medium") => 1,
        _ => 0,
    }
}

/// A finding as a page lists it: the byte offsets and end positions stay in the saved file.
fn slim(mut f: Value, brief: bool) -> Value {
    if let Value::Object(m) = &mut f {
        for key in ["byte_start", "byte_end", "end_line", "end_column", "aspect"] {
            m.shift_remove(key);
        }
        if brief {
            for key in ["excerpt", "suggestion", "fix", "id"] {
                m.shift_remove(key);
            }
        }
    }
    f
}

/// Rewrites a check result for `summary` / `findings` (see the module doc); returns the page
/// record when the findings page leaves some out.
fn findings_view(result: &mut Map<String, Value>, view: &View) -> Option<Value> {
    let Some(Value::Array(files)) = result.shift_remove("files") else {
        return None;
    };
    let mut findings: Vec<Value> = Vec::new();
    let mut rows: Vec<(f64, Value)> = Vec::new();
    for file in files {
        let Value::Object(mut file) = file else {
            continue;
        };
        let listed = match file.shift_remove("findings") {
            Some(Value::Array(list)) => list,
            _ => Vec::new(),
        };
        let scores = file.shift_remove("scores").unwrap_or(Value::Null);
        let overall = scores
            .get("overall")
            .and_then(Value::as_f64)
            .unwrap_or(f64::INFINITY);
        let mut row = Map::new();
        row.insert(
            "path".into(),
            file.shift_remove("path").unwrap_or(Value::Null),
        );
        row.insert("scores".into(), scores);
        row.insert("findings".into(), json!(listed.len()));
        rows.push((overall, Value::Object(row)));
        findings.extend(listed);
    }
    let files_total = rows.len();
    // Lowest first (unscored files last); equal scores keep file order.
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    let lowest: Vec<Value> = rows.into_iter().take(LOWEST).map(|r| r.1).collect();

    // Worst: highest severity first, then file order and position (findings are listed
    // in file order already, so a stable sort keeps that).
    let total = findings.len();
    let mut order: Vec<usize> = (0..total).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(severity_rank(&findings[i])));

    let rest = std::mem::take(result);
    if let Some(summary) = rest.get("summary") {
        result.insert("summary".into(), summary.clone());
    }
    let (worst_n, page) = match view.detail {
        Detail::Summary => (view.limit.unwrap_or(WORST), None),
        _ => {
            let limit = view.limit.unwrap_or(FINDINGS_LIMIT);
            let start = view.cursor.min(total);
            let shown = limit.min(total - start);
            let all_shown = start == 0 && shown == total;
            // The worst findings lead the first page only.
            (
                if all_shown || start > 0 { 0 } else { WORST },
                Some((start, limit, shown)),
            )
        }
    };
    if worst_n > 0 && total > 0 {
        let worst: Vec<Value> = order
            .iter()
            .take(worst_n)
            .map(|&i| slim(findings[i].clone(), true))
            .collect();
        result.insert("worst_findings".into(), Value::Array(worst));
    }
    if view.cursor > 0 && view.detail != Detail::Summary {
        // Shown on the first page.
    } else if files_total > 1 || view.detail == Detail::Summary {
        result.insert("lowest_scores".into(), Value::Array(lowest));
    } else if let Some(Value::Object(row)) = lowest.into_iter().next() {
        // One file: its scores, plainly.
        result.extend(row.into_iter().filter(|(k, _)| k != "findings"));
    }
    let record = page.and_then(|(start, _, shown)| {
        let mut listed: Vec<Value> = Vec::new();
        let mut used = 0;
        for f in findings.into_iter().skip(start).take(shown) {
            let f = slim(f, false);
            used += crate::commands::files::json_tokens(&f);
            // As many as fit a reply (the first one always).
            if used > FINDINGS_PAGE_TOKENS && !listed.is_empty() {
                break;
            }
            listed.push(f);
        }
        let shown = listed.len();
        result.insert("findings".into(), Value::Array(listed));
        // The pages after the first take as many as fit, unless a limit was asked for.
        let next_limit = view.limit.unwrap_or(MAX_LIMIT);
        (start > 0 || shown < total)
            .then(|| page_record("/result/findings", view, start, next_limit, shown, total))
    });
    // Everything else the result carries (errors, the full check's stages) as it was.
    for (k, v) in rest {
        if k != "summary" {
            result.entry(k).or_insert(v);
        }
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(file: &str, line: u64, severity: &str) -> Value {
        json!({"id": format!("{file}{line}"), "code": "X", "aspect": "style",
               "severity": severity, "message": "m", "file": file, "line": line,
               "column": 1, "end_line": line, "end_column": 2, "byte_start": 0,
               "byte_end": 1, "excerpt": "e"})
    }

    fn check_reply(files: usize, per_file: usize) -> Value {
        let files: Vec<Value> = (0..files)
            .map(|i| {
                let path = format!("f{i}.md");
                let findings: Vec<Value> = (0..per_file)
                    .map(|l| {
                        let sev = if l == 3 && i == 2 { "high" } else { "low" };
                        finding(&path, l as u64 + 1, sev)
                    })
                    .collect();
                json!({"path": path, "sha256": "0", "metrics": {"m": 1},
                       "findings": findings, "scores": {"overall": 100.0 - i as f64}})
            })
            .collect();
        json!({"success": true, "command": "check", "result": {
            "summary": {"files": files.len()}, "files": files, "errors": []}})
    }

    fn view_of(args: Value) -> View {
        take(
            "noveler_check",
            Some(Kind::Findings),
            &JsonObject::new(),
            args.as_object().cloned().unwrap(),
        )
        .unwrap()
        .0
        .unwrap()
    }

    #[test]
    fn summary_lists_counts_worst_findings_and_lowest_scores() {
        let v = apply(
            check_reply(30, 5),
            &view_of(json!({"detail": "summary", "episode": 1})),
        );
        let r = &v["result"];
        assert!(r.get("findings").is_none());
        assert!(r.get("files").is_none());
        let worst = r["worst_findings"].as_array().unwrap();
        assert_eq!(worst.len(), WORST);
        assert_eq!(worst[0]["severity"], "high");
        assert_eq!(worst[0]["file"], "f2.md");
        // Then by position: file order, line.
        assert_eq!(worst[1]["file"], "f0.md");
        assert_eq!(worst[1]["line"], 1);
        assert_eq!(worst[2]["line"], 2);
        assert!(worst[0].get("excerpt").is_none());
        let lowest = r["lowest_scores"].as_array().unwrap();
        assert_eq!(lowest.len(), LOWEST);
        assert_eq!(lowest[0]["path"], "f29.md");
        assert_eq!(r["errors"], json!([]));
        assert!(v.get("page").is_none());
    }

    #[test]
    fn findings_are_paged_with_the_next_call() {
        let v = apply(
            check_reply(30, 5),
            &view_of(json!({"limit": 40, "project_root": "p"})),
        );
        let r = &v["result"];
        assert_eq!(r["findings"].as_array().unwrap().len(), 40);
        assert!(r["findings"][0].get("byte_start").is_none());
        assert_eq!(r["findings"][0]["excerpt"], "e");
        assert_eq!(r["worst_findings"].as_array().unwrap().len(), WORST);
        let page = &v["page"];
        assert_eq!(page["total"], 150);
        assert_eq!(page["shown"], 40);
        let next = &page["next"];
        assert_eq!(next["tool"], "noveler_check");
        assert_eq!(
            next["arguments"],
            json!({"project_root": "p", "cursor": 40, "limit": 40, "detail": "findings"})
        );
        let last = apply(
            check_reply(30, 5),
            &view_of(next["arguments"].clone()).with_cursor(140),
        );
        assert_eq!(last["result"]["findings"].as_array().unwrap().len(), 10);
        assert_eq!(last["page"]["next"], Value::Null);
        assert_eq!(last["result"]["findings"][0]["file"], "f28.md");
    }

    #[test]
    fn one_small_file_reads_as_before_without_a_page() {
        let v = apply(check_reply(1, 3), &view_of(json!({})));
        let r = &v["result"];
        assert_eq!(r["findings"].as_array().unwrap().len(), 3);
        assert!(r.get("worst_findings").is_none());
        assert_eq!(r["path"], "f0.md");
        assert_eq!(r["scores"]["overall"], 100.0);
        assert!(v.get("page").is_none());
        let keys: Vec<&String> = r.as_object().unwrap().keys().collect();
        assert_eq!(keys[0], "summary");
    }

    #[test]
    fn lists_are_paged() {
        let kind = kind_of("status", true);
        let items: Vec<Value> = (0..75).map(|i| json!({"episode": i + 1})).collect();
        let reply = json!({"success": true, "result": {"episodes": items}});
        let (view, rest) = take(
            "status",
            kind,
            &JsonObject::new(),
            json!({"cursor": 60}).as_object().cloned().unwrap(),
        )
        .unwrap();
        assert!(rest.is_empty());
        let v = apply(reply.clone(), view.as_ref().unwrap());
        assert_eq!(v["result"]["episodes"].as_array().unwrap().len(), 15);
        assert_eq!(v["result"]["episodes"][0]["episode"], 61);
        assert_eq!(v["page"]["next"], Value::Null);
        let (view, _) = take("status", kind, &JsonObject::new(), JsonObject::new()).unwrap();
        let v = apply(reply, view.as_ref().unwrap());
        assert_eq!(v["page"]["next"]["arguments"]["cursor"], 30);
        // A short list is left as it is.
        let short = json!({"success": true, "result": {"episodes": [1, 2]}});
        assert_eq!(apply(short.clone(), view.as_ref().unwrap()), short);
    }

    #[test]
    fn bad_view_arguments_are_argument_errors() {
        let kind = Some(Kind::Findings);
        let args = |v: Value| v.as_object().cloned().unwrap();
        let none = JsonObject::new();
        let e = take("t", kind, &none, args(json!({"detail": "all"}))).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("detail"));
        let e = take("t", kind, &none, args(json!({"limit": 0}))).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("limit"));
        let e = take("t", kind, &none, args(json!({"cursor": -1}))).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("cursor"));
        // A misspelt view argument gets the view's name.
        let e = take("t", kind, &none, args(json!({"detial": "summary"}))).unwrap_err();
        assert!(e.message.contains("`detail`"), "{}", e.message);
        // A Request's own argument near a view name is the Request's.
        let schema = args(json!({"properties": {"limits": {}}}));
        assert!(take("t", kind, &schema, args(json!({"limits": 1}))).is_ok());
        // `detail` on a list tool is left to the Request (which refuses it by name).
        let (_, rest) = take(
            "status",
            kind_of("status", true),
            &none,
            args(json!({"detail": "x"})),
        )
        .unwrap();
        assert_eq!(rest["detail"], "x");
    }

    impl View {
        fn with_cursor(mut self, cursor: usize) -> View {
            self.cursor = cursor;
            self
        }
    }
}
