//! Per-task context: `.todo/context/T001.md`, free-form Markdown (notes, decisions taken
//! while working, what to remember next session). Created with the task, removed with it.
//!
//! ```markdown
//! # T001: 第5話で伏線Aを回収する
//!
//! ## 説明
//!
//! 第3話で登場させた指輪が鍵になる。
//! ```
//!
//! `update_context` replaces the file, replaces one `##` section, or appends (to the end or
//! to one section, created when missing). Every other line stays as it is.

use super::lines::LineDoc;
use super::markdown::{heading, Skipper};
use super::search::{score_text, score_text_only, Hit};
use super::tasks::{format_id, parse_id};
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// The heading of the section `create_task` puts the description in.
pub const DESCRIPTION_SECTION: &str = "説明";

/// The first line of a task's context file.
pub(crate) fn title_line(id: u16, title: &str) -> String {
    format!("# {}: {title}", format_id(id))
}

/// A new context file.
pub(crate) fn initial(id: u16, title: &str, description: Option<&str>) -> String {
    let mut s = format!("{}\n", title_line(id, title));
    if let Some(d) = description
        .map(str::trim_end)
        .filter(|d| !d.trim().is_empty())
    {
        s.push_str(&format!("\n## {DESCRIPTION_SECTION}\n\n{d}\n"));
    }
    s
}

/// The first line rewritten for a new title, when it is still `# T001: <old>`.
pub(crate) fn retitle(text: &str, id: u16, old: &str, new: &str) -> Option<String> {
    let mut doc = LineDoc::parse(text);
    if doc.is_empty() || doc.text(0).trim_end() != title_line(id, old) {
        return None;
    }
    doc.set_text(0, title_line(id, new));
    Some(doc.render())
}

/// (heading line, end) of the `##`-or-higher section named `name`.
fn find_section(doc: &LineDoc, name: &str) -> Option<(usize, usize)> {
    let mut skip = Skipper::default();
    let mut found: Option<usize> = None;
    for i in 0..doc.len() {
        let line = doc.text(i);
        if skip.skip(line) {
            continue;
        }
        if let Some((level, text)) = heading(line) {
            if let Some(h) = found {
                if level <= 2 {
                    return Some((h, i));
                }
            } else if level == 2 && text.trim() == name.trim() {
                found = Some(i);
            }
        }
    }
    found.map(|h| (h, doc.len()))
}

/// The file after `update_context`.
pub fn edit(existing: Option<&str>, content: &str, append: bool, section: Option<&str>) -> String {
    let body: Vec<String> = content.trim_end().lines().map(str::to_string).collect();
    let existing = existing.unwrap_or("");
    let mut doc = LineDoc::parse(existing);
    match (section, append) {
        (None, false) => {
            let mut s = content.trim_end().to_string();
            s.push('\n');
            return s;
        }
        (None, true) => {
            let end = doc.len();
            let mut lines = Vec::new();
            if end > 0 && !doc.text(end - 1).trim().is_empty() {
                lines.push(String::new());
            }
            lines.extend(body);
            doc.insert_texts(end, lines);
        }
        (Some(name), _) => match find_section(&doc, name) {
            Some((h, end)) => {
                if append {
                    let at = doc.trim_blank_end(h + 1, end);
                    let mut lines = vec![String::new()];
                    lines.extend(body);
                    doc.insert_texts(at.max(h + 1), lines);
                } else {
                    let mut lines = vec![String::new()];
                    lines.extend(body);
                    if end < doc.len() {
                        lines.push(String::new());
                    }
                    doc.replace_texts(h + 1, end, lines);
                }
            }
            None => {
                let end = doc.len();
                let mut lines = Vec::new();
                if end > 0 && !doc.text(end - 1).trim().is_empty() {
                    lines.push(String::new());
                }
                lines.push(format!("## {}", name.trim()));
                lines.push(String::new());
                lines.extend(body);
                doc.insert_texts(end, lines);
            }
        },
    }
    doc.render()
}

/// Context files in `dir`: `T001.md` … (other files are ignored), sorted by id.
pub fn list(dir: &Path) -> std::io::Result<Vec<(u16, PathBuf)>> {
    let mut out = Vec::new();
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
        Err(e) => return Err(e),
    };
    for entry in entries {
        let entry = entry?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if let Some(id) = name.strip_suffix(".md").and_then(parse_id) {
            out.push((id, entry.path()));
        }
    }
    out.sort();
    Ok(out)
}

/// A context match.
#[derive(Clone, Debug, PartialEq)]
pub struct ContextHit {
    pub id: u16,
    pub path: PathBuf,
    pub hit: Hit,
}

/// The outcome of a context search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ContextSearch {
    /// Files that matched.
    pub total: usize,
    /// The best `limit` of them, by score then id, with excerpts.
    pub hits: Vec<ContextHit>,
    /// Files that could not be read.
    pub failed: Vec<PathBuf>,
}

/// Searches `files` in parallel. Every file is read once and scored; only the best
/// `limit` are read again for their excerpts, so memory stays flat however many match.
pub fn search(files: &[(u16, PathBuf)], terms: &[String], limit: usize) -> ContextSearch {
    type Scored<'a> = Result<Option<(f64, u16, &'a PathBuf)>, PathBuf>;
    let scored: Vec<Scored<'_>> = files
        .par_iter()
        .map(|(id, path)| {
            let bytes = match crate::store::text::read_internal(path) {
                Ok(Some(b)) => b,
                _ => return Err(path.clone()),
            };
            let text = String::from_utf8_lossy(&bytes);
            Ok(score_text_only(terms, &text).map(|s| (s, *id, path)))
        })
        .collect();
    let mut out = ContextSearch::default();
    let mut ranked = Vec::new();
    for r in scored {
        match r {
            Ok(Some(hit)) => ranked.push(hit),
            Ok(None) => {}
            Err(p) => out.failed.push(p),
        }
    }
    out.total = ranked.len();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, id, path) in ranked.into_iter().take(limit) {
        let hit = crate::store::text::read_internal(path)
            .ok()
            .flatten()
            .and_then(|b| score_text(terms, &String::from_utf8_lossy(&b)));
        match hit {
            Some(hit) => out.hits.push(ContextHit {
                id,
                path: path.clone(),
                hit,
            }),
            None => out.failed.push(path.clone()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_and_retitle() {
        let s = initial(1, "伏線", Some("指輪が鍵"));
        assert_eq!(s, "# T001: 伏線\n\n## 説明\n\n指輪が鍵\n");
        assert_eq!(initial(2, "x", Some("  ")), "# T002: x\n");
        assert_eq!(
            retitle(&s, 1, "伏線", "回収").unwrap(),
            "# T001: 回収\n\n## 説明\n\n指輪が鍵\n"
        );
        assert_eq!(retitle("# 自分の見出し\n", 1, "伏線", "回収"), None);
    }

    #[test]
    fn edits() {
        let base = "# T001: x\n\n## 説明\n\nA\n\n## メモ\n\nB\n";
        assert_eq!(edit(Some(base), "new", false, None), "new\n");
        assert_eq!(edit(Some(base), "C", true, None), format!("{base}\nC\n"));
        assert_eq!(
            edit(Some(base), "C", true, Some("説明")),
            "# T001: x\n\n## 説明\n\nA\n\nC\n\n## メモ\n\nB\n"
        );
        assert_eq!(
            edit(Some(base), "C", false, Some("説明")),
            "# T001: x\n\n## 説明\n\nC\n\n## メモ\n\nB\n"
        );
        assert_eq!(
            edit(Some(base), "C", false, Some("メモ")),
            "# T001: x\n\n## 説明\n\nA\n\n## メモ\n\nC\n"
        );
        assert_eq!(
            edit(Some(base), "D", true, Some("決定")),
            format!("{base}\n## 決定\n\nD\n")
        );
        assert_eq!(edit(None, "D", true, Some("決定")), "## 決定\n\nD\n");
        assert_eq!(edit(None, "D", true, None), "D\n");
        let crlf = "# T\r\n\r\nA\r\n";
        assert_eq!(
            edit(Some(crlf), "B", true, None),
            "# T\r\n\r\nA\r\n\r\nB\r\n"
        );
    }

    #[test]
    fn lists_only_task_files() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["T002.md", "T001.md", "notes.md", "T1000.md", "T000.md"] {
            std::fs::write(dir.path().join(name), "指輪").unwrap();
        }
        let files = list(dir.path()).unwrap();
        assert_eq!(files.iter().map(|f| f.0).collect::<Vec<_>>(), [1, 2]);
        let found = search(&files, &["指輪".to_string()], 1);
        assert_eq!((found.total, found.hits.len()), (2, 1));
        assert_eq!(found.hits[0].hit.excerpt, "指輪");
        assert!(found.failed.is_empty());
        assert!(list(&dir.path().join("none")).unwrap().is_empty());
    }
}
