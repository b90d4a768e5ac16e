//! `read_result` (MCP): pages of a saved result file, so a reply cut to fit the model's
//! context loses nothing. A page is as much as fits a token budget: a list's next items, a
//! text's next characters, or a value; an item too big for a page on its own comes shrunk,
//! its largest inner list or text cut, and the next call continues inside it and then, at
//! the inner list's end, with the enclosing list's next item. So one chain of `next` calls
//! reads everything in order, every page holds something, and nothing is written per page
//! (the tool does not save its own replies: a page of a page would name a new file).

use super::super::{Ctx, Report};
use crate::error::{Code, Error, Result};
use crate::store::envelope::OUTPUT_DIR;
use crate::store::{paths, FileRef};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::path::Path;

/// What one page may hold, in estimated tokens (`approx_tokens`); the reply's frame comes on
/// top, under the 10,000 tokens a reply may cost.
pub const PAGE_TOKENS: usize = 7_000;

/// An upper estimate of the BPE tokens of a JSON text: half a token per ASCII character
/// (sha256 hex is the worst case, about 0.49 with o200k/cl100k) and one per other
/// character (Japanese runs at 0.5–1). `benches/agent.sh` prints the real counts.
pub fn approx_tokens(text: &str) -> usize {
    cost(text).div_ceil(2)
}

/// `approx_tokens` of a value's JSON.
pub fn json_tokens(v: &Value) -> usize {
    json_cost(v).div_ceil(2)
}

/// Cost in half-tokens: 1 per ASCII character, 2 per other character.
pub(crate) fn cost(text: &str) -> usize {
    text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// `cost` of a value's JSON.
pub(crate) fn json_cost(v: &Value) -> usize {
    serde_json::to_string(v).map(|t| cost(&t)).unwrap_or(0)
}

/// Keeps the first items of `items` whose JSON fits in `keep` half-tokens (brackets and
/// commas counted): the list's length before and after.
pub(crate) fn cut_array(items: &mut Vec<Value>, keep: usize) -> (usize, usize) {
    let total = items.len();
    let mut used = 2;
    let mut shown = 0;
    for item in items.iter() {
        let n = json_cost(item) + 1;
        if used + n > keep {
            break;
        }
        used += n;
        shown += 1;
    }
    items.truncate(shown);
    (total, shown)
}

/// Keeps the first characters of `text` that fit in `keep` half-tokens (its quotes
/// counted; JSON escapes aside, a character costs what `cost` says): its length in
/// characters before and after.
pub(crate) fn cut_text(text: &mut String, keep: usize) -> (usize, usize) {
    let total = text.chars().count();
    let mut used = 2;
    let mut end = 0;
    let mut shown = 0;
    for (i, c) in text.char_indices() {
        used += if c.is_ascii() { 1 } else { 2 };
        if used > keep {
            break;
        }
        end = i + c.len_utf8();
        shown += 1;
    }
    text.truncate(end);
    (total, shown)
}

/// A part of a page left out (inside an item too big for a page), in the document's own
/// JSON pointers.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Cut {
    pub pointer: String,
    /// `array` or `text`.
    pub kind: String,
    pub total: usize,
    pub shown: usize,
}

/// One page of the node at a pointer.
#[derive(Debug, Clone, PartialEq)]
pub struct Paged {
    /// `array`, `text` or `value`.
    pub kind: &'static str,
    /// Items or characters at the pointer (1 for a value).
    pub total: usize,
    pub cursor: usize,
    /// Items or characters on this page.
    pub shown: usize,
    pub page: Value,
    /// Where the next page starts (pointer, cursor); `None` at the end of the document's
    /// list that holds the pointer.
    pub next: Option<(String, usize)>,
    /// Parts of this page left out to fit (the first is `next` when the page is one
    /// shrunk item).
    pub cuts: Vec<Cut>,
}

/// The page of `doc` at `pointer` from `cursor`: at most `limit` items (or characters) and
/// at most `budget` estimated tokens; `None` when the pointer names nothing.
pub fn page(
    doc: &Value,
    pointer: &str,
    cursor: usize,
    limit: Option<usize>,
    budget: usize,
) -> Option<Paged> {
    let node = doc.pointer(pointer)?;
    let room = budget * 2;
    Some(match node {
        Value::Array(items) => {
            let total = items.len();
            let start = cursor.min(total);
            let limit = limit.unwrap_or(usize::MAX).max(1);
            let mut used = 2;
            let mut out = Vec::new();
            let mut cuts = Vec::new();
            for (i, item) in items.iter().enumerate().skip(start) {
                if out.len() >= limit {
                    break;
                }
                let c = json_cost(item) + 1;
                if used + c > room {
                    if out.is_empty() {
                        let (shrunk, c) = shrink(item, &format!("{pointer}/{i}"), room - used);
                        out.push(shrunk);
                        cuts = c;
                    }
                    break;
                }
                used += c;
                out.push(item.clone());
            }
            let shown = out.len();
            let next = match cuts.first() {
                Some(cut) => Some((cut.pointer.clone(), cut.shown)),
                None if start + shown < total => Some((pointer.to_string(), start + shown)),
                None => ascend(doc, pointer),
            };
            Paged {
                kind: "array",
                total,
                cursor: start,
                shown,
                page: Value::Array(out),
                next,
                cuts,
            }
        }
        Value::String(text) => {
            let total = text.chars().count();
            let start = cursor.min(total);
            let limit = limit.unwrap_or(usize::MAX).max(1);
            let mut used = 2;
            let mut shown = 0;
            let mut out = String::new();
            for ch in text.chars().skip(start) {
                let c = if ch.is_ascii() { 1 } else { 2 };
                // A character JSON escapes costs its escape.
                let c = if matches!(ch, '\n' | '"' | '\\' | '\t') {
                    c + 1
                } else {
                    c
                };
                if shown >= limit || (used + c > room && shown > 0) {
                    break;
                }
                used += c;
                shown += 1;
                out.push(ch);
            }
            let next = if start + shown < total {
                Some((pointer.to_string(), start + shown))
            } else {
                ascend(doc, pointer)
            };
            Paged {
                kind: "text",
                total,
                cursor: start,
                shown,
                page: Value::String(out),
                next,
                cuts: Vec::new(),
            }
        }
        other => {
            let (page, cuts) = if json_cost(other) <= room {
                (other.clone(), Vec::new())
            } else {
                shrink(other, pointer, room)
            };
            let next = match cuts.first() {
                Some(cut) => Some((cut.pointer.clone(), cut.shown)),
                None => ascend(doc, pointer),
            };
            Paged {
                kind: "value",
                total: 1,
                cursor: 0,
                shown: 1,
                page,
                next,
                cuts,
            }
        }
    })
}

/// Where reading continues after the list or text at `pointer` ends: the next item of the
/// nearest enclosing list (`/result/files/3/findings` → `/result/files` from 4).
fn ascend(doc: &Value, pointer: &str) -> Option<(String, usize)> {
    let mut path = pointer.to_string();
    while let Some(cut) = path.rfind('/') {
        let (parent, last) = (&path[..cut], &path[cut + 1..]);
        if let (Ok(i), Some(Value::Array(items))) = (last.parse::<usize>(), doc.pointer(parent)) {
            if i + 1 < items.len() {
                return Some((parent.to_string(), i + 1));
            }
        }
        path = parent.to_string();
    }
    None
}

/// `v` cut to `room` half-tokens: its largest inner lists and texts shortened (the first
/// part kept), each cut recorded with its pointer (`base` + the inner path).
fn shrink(v: &Value, base: &str, room: usize) -> (Value, Vec<Cut>) {
    let mut v = v.clone();
    let mut cuts = Vec::new();
    for _ in 0..16 {
        let size = json_cost(&v);
        if size <= room {
            break;
        }
        let Some((inner, node_size)) = largest(&v, "") else {
            break;
        };
        // Room for the cut's record itself.
        let excess = size - room + 200;
        let keep = node_size.saturating_sub(excess);
        let Some(node) = v.pointer_mut(&inner) else {
            break;
        };
        let cut = match node {
            Value::Array(items) => {
                let (total, shown) = cut_array(items, keep);
                Cut {
                    pointer: format!("{base}{inner}"),
                    kind: "array".into(),
                    total,
                    shown,
                }
            }
            Value::String(s) => {
                let (total, shown) = cut_text(s, keep);
                Cut {
                    pointer: format!("{base}{inner}"),
                    kind: "text".into(),
                    total,
                    shown,
                }
            }
            _ => break,
        };
        cuts.push(cut);
    }
    (v, cuts)
}

/// The largest non-empty list or text (over 200 characters) inside `v`, not `v` itself
/// unless it is one: its pointer relative to `v` and its cost.
fn largest(v: &Value, pointer: &str) -> Option<(String, usize)> {
    let mut best: Option<(String, usize)> = None;
    let mut consider = |p: String, size: usize| {
        if best.as_ref().is_none_or(|(_, b)| size > *b) {
            best = Some((p, size));
        }
    };
    match v {
        Value::Array(items) if !items.is_empty() => consider(pointer.to_string(), json_cost(v)),
        Value::String(s) if s.chars().count() > 200 => consider(pointer.to_string(), cost(s) + 2),
        _ => {}
    }
    let children: Vec<(String, &Value)> = match v {
        Value::Object(m) => m
            .iter()
            .map(|(k, c)| {
                (
                    format!("{pointer}/{}", k.replace('~', "~0").replace('/', "~1")),
                    c,
                )
            })
            .collect(),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, c)| (format!("{pointer}/{i}"), c))
            .collect(),
        _ => Vec::new(),
    };
    for (p, c) in children {
        if let Some((p, size)) = largest(c, &p) {
            consider(p, size);
        }
    }
    best
}

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct ResultPageRequest {
    /// The saved result file (`saved_to` of a reply, under temp/json_output/).
    pub saved_to: String,
    /// JSON pointer to the part to read (from a reply's `next` or `truncated[].pointer`,
    /// such as `/result/files/0/findings`). Default: the whole result.
    #[serde(default)]
    pub pointer: String,
    /// First item (list) or character (text) to return.
    #[serde(default)]
    pub cursor: usize,
    /// At most this many items or characters (default: as many as fit one reply).
    #[serde(default)]
    pub limit: Option<usize>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ResultPageReport {
    pub saved_to: String,
    /// sha256 of the saved file (what was read).
    pub sha256: String,
    pub pointer: String,
    /// `array`, `text` or `value`.
    pub kind: String,
    /// Items or characters at the pointer.
    pub total: usize,
    pub cursor: usize,
    /// Items or characters on this page.
    pub shown: usize,
    /// The page: a list of items, a text, or the value.
    pub page: Value,
    /// Parts of this page left out to fit (each read with `read_result` at its pointer).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub truncated: Vec<Cut>,
    /// The call that reads on (the rest of a shrunk item, the next items, then the next
    /// items of the enclosing list); null at the end.
    pub next: Option<Value>,
    #[serde(skip)]
    input: Option<FileRef>,
}

impl Report for ResultPageReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.input.iter().cloned().collect()
    }
}

/// The `read_result` call for (pointer, cursor) of `saved_to`.
pub fn page_call(saved_to: &str, pointer: &str, cursor: usize) -> Value {
    json!({"tool": "read_result",
           "arguments": {"saved_to": saved_to, "pointer": pointer, "cursor": cursor}})
}

/// Reads a page of a saved result (see the module doc).
pub(crate) fn run_page(ctx: &Ctx, req: ResultPageRequest) -> Result<ResultPageReport> {
    let r = paths::resolve_file(&ctx.root, Path::new(&req.saved_to))?;
    if !r.rel.starts_with(&format!("{OUTPUT_DIR}/")) {
        return Err(Error::new(
            Code::U004,
            format!("{} は保存済みの結果ファイルではありません", r.rel),
        )
        .hint(format!(
            "返信の saved_to（{OUTPUT_DIR}/ 以下のファイル）を指定してください。"
        )));
    }
    let bytes = crate::store::text::read_bytes(&r.abs)?;
    let input = FileRef::from_bytes(
        &paths::canonical_root(&ctx.root),
        &r.abs,
        &bytes,
        "envelope",
    );
    let doc: Value = serde_json::from_slice(&bytes).map_err(|e| {
        Error::new(
            Code::U006,
            format!("{} は JSON として読めません: {e}", r.rel),
        )
        .hint("saved_to に結果ファイルを指定してください。")
    })?;
    let pointer = if req.pointer.is_empty() {
        "/result".to_string()
    } else {
        req.pointer.clone()
    };
    let p = page(&doc, &pointer, req.cursor, req.limit, PAGE_TOKENS).ok_or_else(|| {
        Error::new(Code::U001, format!("{} に {pointer} はありません", r.rel)).hint(
            "返信の next の arguments をそのまま渡してください（例: pointer /result/files）。",
        )
    })?;
    Ok(ResultPageReport {
        next: p
            .next
            .as_ref()
            .map(|(ptr, cursor)| page_call(&r.rel, ptr, *cursor)),
        saved_to: r.rel,
        sha256: input.sha256.clone(),
        pointer,
        kind: p.kind.into(),
        total: p.total,
        cursor: p.cursor,
        shown: p.shown,
        page: p.page,
        truncated: p.cuts,
        input: Some(input),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> Value {
        let files: Vec<Value> = (0..6)
            .map(|i| {
                let n = if i == 2 { 400 } else { 3 };
                let findings: Vec<Value> = (0..n)
                    .map(|l| json!({"line": l, "message": "文末が続いています".repeat(3)}))
                    .collect();
                json!({"path": format!("第{i}話.md"), "findings": findings})
            })
            .collect();
        json!({"result": {"files": files, "summary": {"files": 6}}})
    }

    /// Following `next` from the start reads every file and every finding once, in order,
    /// each page within the budget and none empty.
    #[test]
    fn one_chain_reads_everything_in_order() {
        let d = doc();
        let budget = 2_000;
        let mut at = Some(("/result/files".to_string(), 0));
        let mut files = Vec::new();
        let mut findings_of_2 = 0;
        let mut hops = 0;
        while let Some((pointer, cursor)) = at.take() {
            hops += 1;
            assert!(hops < 100, "no end");
            let p = page(&d, &pointer, cursor, None, budget).unwrap();
            assert!(p.shown > 0, "empty page at {pointer} {cursor}");
            assert!(json_tokens(&p.page) <= budget, "{}", json_tokens(&p.page));
            if pointer == "/result/files" {
                for f in p.page.as_array().unwrap() {
                    files.push(f["path"].as_str().unwrap().to_string());
                    if f["path"] == "第2話.md" {
                        findings_of_2 += f["findings"].as_array().unwrap().len();
                    }
                }
            } else {
                assert_eq!(pointer, "/result/files/2/findings");
                findings_of_2 += p.shown;
            }
            at = p.next;
        }
        assert_eq!(
            files,
            (0..6).map(|i| format!("第{i}話.md")).collect::<Vec<_>>()
        );
        assert_eq!(findings_of_2, 400);
    }

    #[test]
    fn texts_and_values_page_too() {
        let d = json!({"result": {"content": "あ".repeat(5_000), "n": 1}});
        let p = page(&d, "/result/content", 0, None, 1_000).unwrap();
        assert_eq!(p.kind, "text");
        assert!(p.shown > 0 && p.shown < 5_000);
        assert_eq!(p.next, Some(("/result/content".to_string(), p.shown)));
        let last = page(&d, "/result/content", 4_990, None, 1_000).unwrap();
        assert_eq!((last.shown, last.next), (10, None));
        // A value too big: shrunk, continued inside.
        let p = page(&d, "/result", 0, None, 1_000).unwrap();
        assert_eq!(p.kind, "value");
        assert_eq!(p.cuts[0].pointer, "/result/content");
        assert_eq!(p.next.as_ref().unwrap().0, "/result/content");
        assert!(page(&d, "/nope", 0, None, 1_000).is_none());
        // limit caps a page.
        let p = page(&doc(), "/result/files", 0, Some(2), 100_000).unwrap();
        assert_eq!((p.shown, p.next), (2, Some(("/result/files".into(), 2))));
    }
}
