//! `50_管理資料/話数管理.yaml`: the author's episode ledger — which episodes exist, their
//! titles, and which are finished (`ステータス`, `完了日`, `品質スコア`, `文字数`).
//!
//! ```yaml
//! 話数管理:
//!   - 話数: 1
//!     タイトル: 潮墨の見習い
//!     ファイル: 40_原稿/第001話_潮墨の見習い.md
//!     ステータス: draft
//!     文字数: 3885
//! ```
//! The list may also be the whole document, or sit under `episodes:`; entry keys may be the
//! English ones (`episode`/`episode_number`, `title`, `file`, `status`, `completed_at`,
//! `quality_score`, `chars`). Authors keep their own keys and comments in this file, so
//! `with_completion` edits the text in place — only the lines of the one entry change —
//! and proves the edit by parsing the result and comparing it with the same change made on
//! the parsed document. When the text cannot be edited that way (flow style, multi-line
//! values), the document is rewritten from the parsed form and the caller is told that
//! comments and layout were not kept.

use super::Project;
use crate::error::{Code, Error, Result};
use serde_yaml::{Mapping, Value};
use std::path::PathBuf;

/// The ledger file name inside the management directory.
pub const LEDGER_FILE: &str = "話数管理.yaml";
/// The top-level key holding the list.
pub const LIST_KEY: &str = "話数管理";

const K_EPISODE: &[&str] = &["話数", "episode", "episode_number"];
const K_TITLE: &[&str] = &["タイトル", "title"];
const K_FILE: &[&str] = &["ファイル", "file"];
const K_STATUS: &[&str] = &["ステータス", "status"];
const K_DONE: &[&str] = &["完了日", "completed_at", "completed_on"];
const K_SCORE: &[&str] = &["品質スコア", "quality_score"];
const K_CHARS: &[&str] = &["文字数", "chars", "body_chars"];
const K_FORCED: &[&str] = &["強制完了", "forced"];

/// Status words that mean the episode is finished.
const COMPLETED_WORDS: &[&str] = &[
    "completed",
    "complete",
    "done",
    "finished",
    "published",
    "完了",
    "完成",
    "公開済",
    "公開済み",
    "投稿済",
    "投稿済み",
];

/// Whether a `ステータス` value means finished.
pub(crate) fn is_completed_status(status: &str) -> bool {
    let s = status.trim().to_lowercase();
    COMPLETED_WORDS.iter().any(|w| s == *w)
}

/// One episode of the ledger, as read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LedgerEntry {
    pub episode: u32,
    pub title: Option<String>,
    pub file: Option<String>,
    pub status: Option<String>,
    pub completed_on: Option<String>,
    pub quality_score: Option<f64>,
    pub chars: Option<u64>,
}

impl LedgerEntry {
    pub(crate) fn is_completed(&self) -> bool {
        self.status.as_deref().is_some_and(is_completed_status)
    }
}

/// What `noveler complete` records for an episode.
#[derive(Clone, Debug, PartialEq)]
pub struct Completion {
    pub episode: u32,
    pub title: String,
    /// Manuscript path relative to the project root.
    pub file: String,
    pub status: String,
    pub completed_on: String,
    pub quality_score: f64,
    pub chars: u64,
    /// Completed with `force` although the gate refused: what was overridden (written as
    /// `強制完了`). A later completion that passes the gate sets an existing `強制完了` to
    /// false.
    pub forced: Option<String>,
}

/// The ledger of a project.
#[derive(Clone, Debug)]
pub struct Ledger {
    pub path: PathBuf,
    /// Relative to the project root.
    pub rel: String,
    pub exists: bool,
    pub text: String,
    pub doc: Value,
    pub entries: Vec<LedgerEntry>,
}

fn get<'a>(map: &'a Mapping, keys: &[&str]) -> Option<&'a Value> {
    keys.iter().find_map(|k| map.get(*k))
}

fn as_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

fn as_u32(v: &Value) -> Option<u32> {
    match v {
        Value::Number(n) => n.as_u64().and_then(|n| u32::try_from(n).ok()),
        Value::String(s) => {
            let digits: String = s.chars().filter(char::is_ascii_digit).collect();
            digits.parse().ok()
        }
        _ => None,
    }
}

/// The list inside the document, wherever it is.
fn list_of(doc: &Value) -> Option<&Vec<Value>> {
    match doc {
        Value::Sequence(s) => Some(s),
        Value::Mapping(m) => m
            .get(LIST_KEY)
            .or_else(|| m.get("episodes"))
            .and_then(|v| v.as_sequence()),
        _ => None,
    }
}

fn parse_entries(doc: &Value) -> Vec<LedgerEntry> {
    let Some(list) = list_of(doc) else {
        return Vec::new();
    };
    list.iter()
        .filter_map(|item| {
            let m = item.as_mapping()?;
            Some(LedgerEntry {
                episode: get(m, K_EPISODE).and_then(as_u32)?,
                title: get(m, K_TITLE).and_then(as_text),
                file: get(m, K_FILE).and_then(as_text),
                status: get(m, K_STATUS).and_then(as_text),
                completed_on: get(m, K_DONE).and_then(as_text),
                quality_score: get(m, K_SCORE).and_then(|v| match v {
                    Value::Number(n) => n.as_f64(),
                    Value::String(s) => s.trim().parse().ok(),
                    _ => None,
                }),
                chars: get(m, K_CHARS).and_then(|v| match v {
                    Value::Number(n) => n.as_u64(),
                    Value::String(s) => s.replace([',', '，'], "").trim().parse().ok(),
                    _ => None,
                }),
            })
        })
        .collect()
}

/// Refuses numbers no episode can have (P002 naming the entry, the key and the allowed
/// range): a 話数 below 1 (`-3` would otherwise read as 3), a 品質スコア outside 0–100 or
/// not a number (NaN, inf), a negative 文字数. Text the author keeps (`第3話`, `3,885`) is
/// read as before.
fn validate_entries(path: &std::path::Path, rel: &str, text: &str, doc: &Value) -> Result<()> {
    let Some(list) = list_of(doc) else {
        return Ok(());
    };
    for (i, item) in list.iter().enumerate() {
        let Some(m) = item.as_mapping() else {
            continue;
        };
        let refuse = |keys: &[&str], why: String| {
            let key = keys
                .iter()
                .find(|k| m.contains_key(**k))
                .copied()
                .unwrap_or(keys[0]);
            Err(Error::new(
                Code::P002,
                format!("{rel} の {} 番目の項目の {key} が不正です: {why}", i + 1),
            )
            .at(path, super::yaml::key_line(text, key))
            .hint("値を直してから再実行してください。")
            .details(serde_json::json!({"key": key, "entry": i + 1})))
        };
        let number = |v: &Value| match v {
            Value::Number(n) => n.as_f64(),
            Value::String(s) => s.replace([',', '，'], "").trim().parse::<f64>().ok(),
            _ => None,
        };
        if let Some(v) = get(m, K_EPISODE) {
            let negative = number(v).is_some_and(|x| x < 1.0)
                || matches!(v, Value::String(s) if s.trim_start().starts_with('-'));
            let fraction =
                matches!(v, Value::Number(n) if n.as_u64().is_none() && n.as_i64().is_none());
            if negative || fraction {
                return refuse(
                    K_EPISODE,
                    format!("1 以上の整数にしてください（{}）", shown(v)),
                );
            }
        }
        if let Some(v) = get(m, K_SCORE).filter(|v| !v.is_null()) {
            // Words (`未評価`) are the author's; a number must be a score.
            if number(v).is_some_and(|x| !(0.0..=100.0).contains(&x)) {
                return refuse(
                    K_SCORE,
                    format!("0〜100 の数にしてください（{}）", shown(v)),
                );
            }
        }
        if let Some(v) = get(m, K_CHARS).filter(|v| !v.is_null()) {
            if number(v).is_some_and(|x| !(x >= 0.0 && x.is_finite())) {
                return refuse(
                    K_CHARS,
                    format!("0 以上の整数にしてください（{}）", shown(v)),
                );
            }
        }
    }
    Ok(())
}

/// A YAML value as the author wrote it, for a message.
fn shown(v: &Value) -> String {
    as_text(v).unwrap_or_else(|| {
        serde_yaml::to_string(v)
            .map(|s| s.trim().to_string())
            .unwrap_or_default()
    })
}

impl Ledger {
    /// Reads the ledger of `project` (an empty one when the file does not exist). Broken
    /// YAML is P002 with the line.
    pub fn load(project: &Project) -> Result<Ledger> {
        let path = project.management_dir().join(LEDGER_FILE);
        let rel = format!("{}/{LEDGER_FILE}", project.dirs.management);
        let (exists, text) = match crate::store::text::read_config(&path, Code::P002)? {
            Some(bytes) => (true, crate::store::text::decode(&path, &bytes)?.text),
            None => (false, String::new()),
        };
        Ledger::parse(path, rel, exists, text)
    }

    fn parse(path: PathBuf, rel: String, exists: bool, text: String) -> Result<Ledger> {
        let doc: Value = if text.trim().is_empty() {
            Value::Null
        } else {
            super::yaml::from_str(&text).map_err(|e| {
                Error::new(Code::P002, format!("{rel} の YAML を読み込めません: {e}"))
                    .at(&path, e.line())
                    .hint("YAML の書式（インデント、コロンの後の空白、引用符）を確認してください。")
            })?
        };
        validate_entries(&path, &rel, &text, &doc)?;
        let entries = parse_entries(&doc);
        Ok(Ledger {
            path,
            rel,
            exists,
            text,
            doc,
            entries,
        })
    }

    /// The entry of episode `n` (the first one, if listed twice).
    pub fn entry(&self, n: u32) -> Option<&LedgerEntry> {
        self.entries.iter().find(|e| e.episode == n)
    }

    /// The ledger text with `c` recorded, and whether the file's comments and layout were
    /// kept (false: rewritten from the parsed document).
    pub(crate) fn with_completion(&self, c: &Completion) -> Result<(String, bool)> {
        let expected = self.expected_doc(c)?;
        if let Some(text) = edit_text(&self.text, c) {
            if let Ok(v) = super::yaml::from_str::<Value>(&text) {
                if v == expected {
                    return Ok((text, true));
                }
            }
        }
        let body = serde_yaml::to_string(&expected)
            .map_err(|e| Error::new(Code::R002, format!("{} を書き出せません: {e}", self.rel)))?;
        Ok((body, false))
    }

    /// The parsed document with `c` applied (the reference the text edit must match).
    fn expected_doc(&self, c: &Completion) -> Result<Value> {
        let mut doc = self.doc.clone();
        if doc.is_null() {
            doc = Value::Mapping(Mapping::new());
        }
        let list: &mut Vec<Value> = match &mut doc {
            Value::Sequence(s) => s,
            Value::Mapping(m) => {
                let key = if m.get(LIST_KEY).is_none() && m.get("episodes").is_some() {
                    "episodes"
                } else {
                    LIST_KEY
                };
                let slot = m
                    .entry(Value::String(key.into()))
                    .or_insert(Value::Sequence(Vec::new()));
                if slot.is_null() {
                    *slot = Value::Sequence(Vec::new());
                }
                match slot {
                    Value::Sequence(s) => s,
                    _ => return Err(self.not_a_list()),
                }
            }
            _ => return Err(self.not_a_list()),
        };
        let pos = list.iter().position(|item| {
            item.as_mapping()
                .and_then(|m| get(m, K_EPISODE))
                .and_then(as_u32)
                == Some(c.episode)
        });
        match pos {
            Some(i) => {
                let Some(m) = list[i].as_mapping_mut() else {
                    return Err(self.not_a_list());
                };
                let english = !m.contains_key(K_EPISODE[0]);
                let has_forced = K_FORCED.iter().any(|k| m.contains_key(*k));
                for (keys, value) in updates(c, has_forced) {
                    let key = keys
                        .iter()
                        .find(|k| m.contains_key(**k))
                        .copied()
                        .unwrap_or_else(|| new_key(keys, english));
                    m.insert(Value::String(key.into()), value);
                }
            }
            None => {
                let mut m = Mapping::new();
                m.insert("話数".into(), Value::Number(c.episode.into()));
                m.insert("タイトル".into(), Value::String(c.title.clone()));
                m.insert("ファイル".into(), Value::String(c.file.clone()));
                for (keys, value) in updates(c, false) {
                    m.insert(Value::String(keys[0].into()), value);
                }
                let at = list
                    .iter()
                    .position(|item| {
                        item.as_mapping()
                            .and_then(|m| get(m, K_EPISODE))
                            .and_then(as_u32)
                            .is_some_and(|n| n > c.episode)
                    })
                    .unwrap_or(list.len());
                list.insert(at, Value::Mapping(m));
            }
        }
        Ok(doc)
    }

    fn not_a_list(&self) -> Error {
        Error::new(
            Code::P002,
            format!("{} の {LIST_KEY} がリストではありません", self.rel),
        )
        .at(&self.path, None)
        .hint("`話数管理:` の下に `- 話数: 1` の形で一話ずつ並べてください。")
    }
}

/// The keys `complete` sets, with their values.
/// The keys a completion sets, with their values; `false` for `強制完了` only where the entry
/// has the key already (`has_forced`), so an ordinary completion adds nothing.
fn updates(c: &Completion, has_forced: bool) -> Vec<(&'static [&'static str], Value)> {
    let mut out = vec![
        (K_STATUS, Value::String(c.status.clone())),
        (K_DONE, Value::String(c.completed_on.clone())),
        (K_SCORE, score_value(c.quality_score)),
        (K_CHARS, Value::Number(c.chars.into())),
    ];
    match &c.forced {
        Some(why) => out.push((K_FORCED, Value::String(why.clone()))),
        None if has_forced => out.push((K_FORCED, Value::Bool(false))),
        None => {}
    }
    out
}

/// The name of a key to add: Japanese, or English in an entry written with English keys.
fn new_key(aliases: &'static [&'static str], english: bool) -> &'static str {
    if english {
        aliases.get(1).copied().unwrap_or(aliases[0])
    } else {
        aliases[0]
    }
}

fn score_value(score: f64) -> Value {
    let rounded = (score * 10.0).round() / 10.0;
    if rounded.fract() == 0.0 && rounded.abs() < 1e15 {
        Value::Number((rounded as i64).into())
    } else {
        Value::Number(rounded.into())
    }
}

fn scalar_text(v: &Value) -> String {
    match v {
        Value::String(s) => super::yaml::quote_scalar(s),
        Value::Number(n) => n.to_string(),
        other => serde_yaml::to_string(other)
            .unwrap_or_default()
            .trim()
            .to_string(),
    }
}

fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

fn is_content(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty() && !t.starts_with('#')
}

/// `key: value` of a key line (text after the indentation / `- `); the value is the rest
/// of the line with a trailing comment removed.
fn key_value(s: &str) -> Option<(&str, &str)> {
    let colon = s.find(':')?;
    let key = s[..colon].trim();
    let rest = &s[colon + 1..];
    if !(rest.is_empty() || rest.starts_with(' ')) || key.is_empty() {
        return None;
    }
    let key = key.trim_matches(['"', '\'']);
    let value = match rest.find(" #") {
        Some(i) => &rest[..i],
        None => rest,
    };
    Some((key, value.trim()))
}

/// The in-place edit (None when the layout is not the simple block style it handles): a
/// line-preserving edit of the author's YAML, so the file keeps its comments and layout
/// byte for byte. Each step (the list key, the end of the list, the item blocks, the
/// episode's item, then edit or insert) narrows the line range the next one works in, on
/// the one `lines` vector edited in place.
fn edit_text(text: &str, c: &Completion) -> Option<String> {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    // The `話数管理:` (or `episodes:`) line at column 0.
    let key_line = lines.iter().position(|l| {
        key_value(l).is_some_and(|(k, _)| k == LIST_KEY || k == "episodes") && indent_of(l) == 0
    });
    let Some(key_line) = key_line else {
        // No list yet: only a document of comments / other top-level keys gets one appended.
        if text.trim_start().starts_with('-') {
            return None;
        }
        let mut out = text.to_string();
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&format!("{LIST_KEY}:\n"));
        out.push_str(&new_item(c, 2).join("\n"));
        out.push('\n');
        return Some(out);
    };
    let list = list_shape(&lines, key_line)?;
    // Item blocks: [start, stop) with start on a `- ` line at item_indent.
    let starts: Vec<usize> = (key_line + 1..list.end)
        .filter(|&i| {
            let l = &lines[i];
            is_content(l) && indent_of(l) == list.item_indent && l.trim_start().starts_with("- ")
        })
        .collect();
    let block_end = |k: usize| starts.get(k + 1).copied().unwrap_or(list.end);
    let mut target: Option<usize> = None;
    let mut insert_before: Option<usize> = None;
    for (k, &s) in starts.iter().enumerate() {
        let keys = list.keys_of(&lines, s, block_end(k));
        let n = keys
            .iter()
            .find(|(_, key, _)| K_EPISODE.contains(&key.as_str()))
            .and_then(|(_, _, v)| as_u32(&Value::String(v.clone())));
        match n {
            Some(n) if n == c.episode => {
                target = Some(k);
                break;
            }
            Some(n) if n > c.episode && insert_before.is_none() => insert_before = Some(s),
            _ => {}
        }
    }
    match target {
        Some(k) => list.update_item(&mut lines, starts[k], block_end(k), c)?,
        None => list.insert_item(&mut lines, insert_before, c),
    }
    let mut out = lines.join("\n");
    if text.ends_with('\n') || text.is_empty() {
        out.push('\n');
    }
    Some(out)
}

/// Where the episode list is in the file's lines.
struct ListShape {
    /// The `話数管理:` line.
    key_line: usize,
    /// The first line after the list.
    end: usize,
    /// `話数管理: []`: an empty flow sequence, to become a block.
    empty_flow: bool,
    /// The column of the items' `- `.
    item_indent: usize,
    /// The column of an item's other keys.
    key_indent: usize,
}

/// The list under `key_line`: it runs until the next content line at column 0 that is not
/// an item (or one left of the items). None for a flow sequence or anything else on the key
/// line.
fn list_shape(lines: &[String], key_line: usize) -> Option<ListShape> {
    let (_, value) = key_value(&lines[key_line])?;
    let empty_flow = value == "[]";
    if !(value.is_empty() || empty_flow) {
        return None; // a flow sequence or something else on the key line
    }
    let mut end = lines.len();
    let mut item_indent: Option<usize> = None;
    for (i, l) in lines.iter().enumerate().skip(key_line + 1) {
        if !is_content(l) {
            continue;
        }
        let ind = indent_of(l);
        let is_item = l.trim_start().starts_with("- ") || l.trim() == "-";
        if item_indent.is_none() && is_item {
            item_indent = Some(ind);
        }
        if ind == 0 && !is_item {
            end = i;
            break;
        }
        if let Some(ii) = item_indent {
            if ind < ii {
                end = i;
                break;
            }
        }
    }
    if empty_flow && item_indent.is_some() {
        return None;
    }
    let item_indent = item_indent.unwrap_or(2);
    Some(ListShape {
        key_line,
        end,
        empty_flow,
        item_indent,
        key_indent: item_indent + 2,
    })
}

impl ListShape {
    /// The key lines of the item in `[start, stop)`: (line index, key, value).
    fn keys_of(&self, lines: &[String], start: usize, stop: usize) -> Vec<(usize, String, String)> {
        let mut out = Vec::new();
        for (i, l) in lines.iter().enumerate().take(stop).skip(start) {
            let body = if i == start {
                l.trim_start().strip_prefix("- ").unwrap_or("")
            } else if is_content(l) && indent_of(l) == self.key_indent {
                l.trim_start()
            } else {
                continue;
            };
            if let Some((k, v)) = key_value(body) {
                out.push((i, k.to_string(), v.to_string()));
            }
        }
        out
    }

    /// The episode's item in `[start, stop)` gets the completion: each key edited in place
    /// (its trailing comment kept), the missing ones appended after its last line. None
    /// when a value is a block or flow scalar this edit does not handle.
    fn update_item(
        &self,
        lines: &mut Vec<String>,
        start: usize,
        stop: usize,
        c: &Completion,
    ) -> Option<()> {
        let keys = self.keys_of(lines, start, stop);
        let english = !keys.iter().any(|(_, key, _)| key == K_EPISODE[0]);
        let has_forced = keys
            .iter()
            .any(|(_, key, _)| K_FORCED.contains(&key.as_str()));
        let mut appended = Vec::new();
        for (aliases, value) in updates(c, has_forced) {
            let text = scalar_text(&value);
            match keys
                .iter()
                .find(|(_, key, _)| aliases.contains(&key.as_str()))
            {
                Some((i, key, v)) => {
                    if v.is_empty() || v.starts_with(['|', '>', '[', '{', '&', '*', '!']) {
                        return None;
                    }
                    let prefix = if *i == start {
                        format!("{}- ", " ".repeat(self.item_indent))
                    } else {
                        " ".repeat(self.key_indent)
                    };
                    let comment = trailing_comment(&lines[*i]);
                    lines[*i] = format!("{prefix}{key}: {text}{comment}");
                }
                None => appended.push(format!(
                    "{}{}: {text}",
                    " ".repeat(self.key_indent),
                    new_key(aliases, english)
                )),
            }
        }
        if !appended.is_empty() {
            let last = (start..stop).rev().find(|&i| is_content(&lines[i]))?;
            for (j, l) in appended.into_iter().enumerate() {
                lines.insert(last + 1 + j, l);
            }
        }
        Some(())
    }

    /// A new item for the episode, before the first item of a later episode or at the end
    /// of the list.
    fn insert_item(&self, lines: &mut Vec<String>, insert_before: Option<usize>, c: &Completion) {
        let item = new_item(c, self.item_indent);
        let at = match insert_before {
            Some(s) => s,
            None => (self.key_line..self.end)
                .rev()
                .find(|&i| is_content(&lines[i]))
                .map_or(self.key_line + 1, |i| i + 1),
        };
        if self.empty_flow {
            lines[self.key_line] = format!("{LIST_KEY}:");
        }
        for (j, l) in item.into_iter().enumerate() {
            lines.insert(at + j, l);
        }
    }
}

/// The ` # comment` at the end of a `key: value` line (with the spaces before it).
fn trailing_comment(line: &str) -> String {
    let Some(colon) = line.find(':') else {
        return String::new();
    };
    let rest = &line[colon..];
    match rest.find(" #") {
        Some(i) => {
            let before = rest[..i].trim_end_matches(' ');
            rest[before.len()..].to_string()
        }
        None => String::new(),
    }
}

fn new_item(c: &Completion, item_indent: usize) -> Vec<String> {
    let pad = " ".repeat(item_indent + 2);
    let mut v = vec![
        format!("{}- 話数: {}", " ".repeat(item_indent), c.episode),
        format!("{pad}タイトル: {}", super::yaml::quote_scalar(&c.title)),
        format!("{pad}ファイル: {}", super::yaml::quote_scalar(&c.file)),
    ];
    for (keys, value) in updates(c, false) {
        v.push(format!("{pad}{}: {}", keys[0], scalar_text(&value)));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ledger(text: &str) -> Ledger {
        Ledger::parse(
            PathBuf::from("話数管理.yaml"),
            "50_管理資料/話数管理.yaml".into(),
            true,
            text.to_string(),
        )
        .unwrap()
    }

    fn done(n: u32) -> Completion {
        Completion {
            episode: n,
            title: "潮墨の見習い".into(),
            file: format!("40_原稿/第{n:03}話_潮墨の見習い.md"),
            status: "completed".into(),
            completed_on: "2025-11-22".into(),
            quality_score: 86.0,
            chars: 3885,
            forced: None,
        }
    }

    /// A forced completion says what it overrode; a later ordinary one turns it off.
    #[test]
    fn a_forced_completion_is_recorded_and_cleared_by_the_next() {
        let l = ledger(SAMPLE);
        let forced = Completion {
            forced: Some("正味文字数 950 字が目標 2,000〜6,000 字の外です".into()),
            ..done(3)
        };
        let (text, kept) = l.with_completion(&forced).unwrap();
        assert!(kept, "{text}");
        assert!(
            text.contains("    強制完了: 正味文字数 950 字が目標 2,000〜6,000 字の外です\n"),
            "{text}"
        );
        let again = ledger(&text);
        let (text, kept) = again.with_completion(&done(3)).unwrap();
        assert!(kept && text.contains("    強制完了: false\n"), "{text}");
        // An entry never forced gets no such key.
        let (text, _) = ledger(SAMPLE).with_completion(&done(1)).unwrap();
        assert!(!text.contains("強制完了"), "{text}");
    }

    const SAMPLE: &str = "# 作者のメモ\n話数管理:\n  - 話数: 1\n    タイトル: 潮墨の見習い\n    ファイル: 40_原稿/第001話_潮墨の見習い.md\n    ステータス: draft  # 推敲中\n    文字数: 3885\n    メモ: |\n      二行の\n      メモ\n  - 話数: 3\n    タイトル: 迷い潮の夜\n    ステータス: draft\n次の予定: 第二章\n";

    #[test]
    fn reads_entries_and_statuses() {
        let l = ledger(SAMPLE);
        assert_eq!(l.entries.len(), 2);
        assert_eq!(l.entry(1).unwrap().chars, Some(3885));
        assert!(!l.entry(1).unwrap().is_completed());
        assert!(is_completed_status("完了"));
        assert!(is_completed_status(" Completed "));
        assert!(!is_completed_status("draft"));
    }

    #[test]
    fn edits_one_entry_in_place() {
        let l = ledger(SAMPLE);
        let (text, kept) = l.with_completion(&done(1)).unwrap();
        assert!(kept);
        assert_eq!(
            text,
            "# 作者のメモ\n話数管理:\n  - 話数: 1\n    タイトル: 潮墨の見習い\n    ファイル: 40_原稿/第001話_潮墨の見習い.md\n    ステータス: completed  # 推敲中\n    文字数: 3885\n    メモ: |\n      二行の\n      メモ\n    完了日: 2025-11-22\n    品質スコア: 86\n  - 話数: 3\n    タイトル: 迷い潮の夜\n    ステータス: draft\n次の予定: 第二章\n"
        );
        let e = ledger(&text).entry(1).cloned().unwrap();
        assert!(e.is_completed());
        assert_eq!(e.completed_on.as_deref(), Some("2025-11-22"));
        assert_eq!(e.quality_score, Some(86.0));
    }

    #[test]
    fn inserts_a_missing_episode_in_order() {
        let l = ledger(SAMPLE);
        let (text, kept) = l.with_completion(&done(2)).unwrap();
        assert!(kept);
        let after = ledger(&text);
        let order: Vec<u32> = after.entries.iter().map(|e| e.episode).collect();
        assert_eq!(order, vec![1, 2, 3]);
        assert!(text.starts_with("# 作者のメモ\n"));
        assert!(text.ends_with("次の予定: 第二章\n"));
    }

    #[test]
    fn empty_and_missing_lists() {
        for src in [
            "",
            "# only a comment\n",
            "話数管理: []\n# - 話数: 1\n",
            "話数管理:\n",
            "作品: x\n",
        ] {
            let (text, kept) = ledger(src).with_completion(&done(1)).unwrap();
            assert!(kept, "{src:?} → {text}");
            let after = ledger(&text);
            assert_eq!(after.entries.len(), 1, "{src:?} → {text}");
            assert!(after.entries[0].is_completed());
        }
    }

    #[test]
    fn compact_and_english_keys() {
        let src = "episodes:\n- episode: 1\n  status: draft\n  title: x\n";
        let (text, kept) = ledger(src).with_completion(&done(1)).unwrap();
        assert!(kept, "{text}");
        assert!(
            text.contains("- episode: 1\n  status: completed\n"),
            "{text}"
        );
        assert!(text.contains("  completed_at: 2025-11-22\n"), "{text}");
    }

    #[test]
    fn flow_style_falls_back_to_a_rewrite() {
        let src = "話数管理: [{話数: 1, ステータス: draft}]\n";
        let (text, kept) = ledger(src).with_completion(&done(1)).unwrap();
        assert!(!kept);
        assert!(ledger(&text).entry(1).unwrap().is_completed());
    }

    #[test]
    fn a_scalar_list_is_p002() {
        let err = ledger("話数管理: 3\n")
            .with_completion(&done(1))
            .unwrap_err();
        assert_eq!(err.code, Code::P002);
    }
}
