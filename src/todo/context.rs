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
use super::search::{score_text, Hit};
use super::tasks::{format_id, parse_id};
use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// The heading of the section `create_task` puts the description in.
pub const DESCRIPTION_SECTION: &str = "説明";

/// The first line of a task's context file.
pub fn title_line(id: u16, title: &str) -> String {
    format!("# {}: {title}", format_id(id))
}

/// A new context file.
pub fn initial(id: u16, title: &str, description: Option<&str>) -> String {
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
pub fn retitle(text: &str, id: u16, old: &str, new: &str) -> Option<String> {
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

/// Searches `files` in parallel; unreadable files are skipped (their paths returned
/// separately). Hits sorted by score, then id.
pub fn search(files: &[(u16, PathBuf)], terms: &[String]) -> (Vec<ContextHit>, Vec<PathBuf>) {
    let results: Vec<Result<Option<ContextHit>, PathBuf>> = files
        .par_iter()
        .map(|(id, path)| {
            let bytes = std::fs::read(path).map_err(|_| path.clone())?;
            let text = String::from_utf8_lossy(&bytes);
            Ok(score_text(terms, &text).map(|hit| ContextHit {
                id: *id,
                path: path.clone(),
                hit,
            }))
        })
        .collect();
    let mut hits = Vec::new();
    let mut failed = Vec::new();
    for r in results {
        match r {
            Ok(Some(h)) => hits.push(h),
            Ok(None) => {}
            Err(p) => failed.push(p),
        }
    }
    hits.sort_by(|a, b| b.hit.score.total_cmp(&a.hit.score).then(a.id.cmp(&b.id)));
    (hits, failed)
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
        let (hits, failed) = search(&files, &["指輪".to_string()]);
        assert_eq!(hits.len(), 2);
        assert!(failed.is_empty());
        assert!(list(&dir.path().join("none")).unwrap().is_empty());
    }
}
