//! The read-only MCP resources of seed 004 §5.1: `file://.todo/index.md`,
//! `file://.todo/task.md`, `file://.todo/adr/{adr-id}.md`, `file://.todo/context/{task-id}.md`.
//! Protocol-free: the MCP server turns these into its own types. A URI is parsed strictly
//! (a known shape, an id that validates, a file name taken from the directory listing), so
//! no path is ever built from unchecked input.

use super::adr;
use super::fs::{read_text, TodoPaths};
use super::repo::field_error;
use super::tasks::{format_id, parse_id};
use crate::error::{Code, Error, Result};
use std::path::PathBuf;

pub const INDEX_URI: &str = "file://.todo/index.md";
pub const TASKS_URI: &str = "file://.todo/task.md";
pub const ADR_TEMPLATE: &str = "file://.todo/adr/{adr-id}.md";
pub const CONTEXT_TEMPLATE: &str = "file://.todo/context/{task-id}.md";
pub const MIME: &str = "text/markdown";

/// A resource or a resource template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceInfo {
    /// The URI, or the URI template for templates.
    pub uri: String,
    pub name: String,
    pub description: String,
}

/// The two URI templates (ADRs and contexts).
pub fn templates() -> Vec<ResourceInfo> {
    vec![
        ResourceInfo {
            uri: ADR_TEMPLATE.into(),
            name: "adr".into(),
            description: "A decision record (ADR), by file name without .md, e.g. adr-001-magic-system (read-only)".into(),
        },
        ResourceInfo {
            uri: CONTEXT_TEMPLATE.into(),
            name: "context".into(),
            description: "A task's context file, by task id, e.g. T001 (read-only)".into(),
        },
    ]
}

/// The resources that exist now: index.md, task.md, every ADR and every context file.
pub fn list(paths: &TodoPaths) -> Result<Vec<ResourceInfo>> {
    let mut out = Vec::new();
    if paths.index_md().is_file() {
        out.push(ResourceInfo {
            uri: INDEX_URI.into(),
            name: "index.md".into(),
            description: "Navigation over tasks, contexts and ADRs (read-only)".into(),
        });
    }
    if paths.task_md().is_file() {
        out.push(ResourceInfo {
            uri: TASKS_URI.into(),
            name: "task.md".into(),
            description: "All tasks by category, in priority order (read-only)".into(),
        });
    }
    for (name, _) in adr_files(paths)? {
        out.push(ResourceInfo {
            uri: format!("file://.todo/adr/{name}"),
            name: name.clone(),
            description: "Decision record (read-only)".into(),
        });
    }
    let dir = paths.context_dir();
    let contexts = super::context::list(&dir).map_err(|e| super::fs::read_error(&dir, &e))?;
    for (id, _) in contexts {
        let id = format_id(id);
        out.push(ResourceInfo {
            uri: format!("file://.todo/context/{id}.md"),
            name: format!("{id}.md"),
            description: format!("Context of task {id} (read-only)"),
        });
    }
    Ok(out)
}

/// ADR files on disk: (file name, path).
fn adr_files(paths: &TodoPaths) -> Result<Vec<(String, PathBuf)>> {
    let dir = paths.adr_dir();
    let entries = match std::fs::read_dir(&dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(super::fs::read_error(&dir, &e)),
    };
    let mut out: Vec<(String, PathBuf)> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            adr::number_of_file(&name).map(|_| (name, e.path()))
        })
        .collect();
    out.sort();
    Ok(out)
}

/// `%E9%AD%94` → `魔`; `None` for a malformed escape or invalid UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

fn unknown(uri: &str) -> Error {
    field_error(
        Code::FileNotFound,
        "uri",
        uri,
        format!("リソース {uri} はありません"),
    )
    .hint(format!(
        "{INDEX_URI}、{TASKS_URI}、{ADR_TEMPLATE}、{CONTEXT_TEMPLATE} の形で指定してください。"
    ))
}

/// Reads the resource at `uri`: its Markdown text.
pub fn read(paths: &TodoPaths, uri: &str) -> Result<String> {
    let rest = uri
        .strip_prefix("file://")
        .and_then(percent_decode)
        .ok_or_else(|| unknown(uri))?;
    let rest = rest.strip_prefix("./").unwrap_or(&rest);
    let path = match rest {
        ".todo/index.md" => paths.index_md(),
        ".todo/task.md" => paths.task_md(),
        _ => {
            if let Some(name) = rest.strip_prefix(".todo/context/") {
                let id = name
                    .strip_suffix(".md")
                    .and_then(parse_id)
                    .ok_or_else(|| unknown(uri))?;
                paths.context(id)
            } else if let Some(name) = rest.strip_prefix(".todo/adr/") {
                let file = if name.ends_with(".md") {
                    name.to_string()
                } else {
                    format!("{name}.md")
                };
                adr_files(paths)?
                    .into_iter()
                    .find(|(n, _)| *n == file)
                    .map(|(_, p)| p)
                    .ok_or_else(|| unknown(uri))?
            } else {
                return Err(unknown(uri));
            }
        }
    };
    read_text(&path)?.ok_or_else(|| unknown(uri).at(&path, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_reads_only_what_exists() {
        let dir = tempfile::tempdir().unwrap();
        let paths = TodoPaths::new(dir.path());
        assert!(list(&paths).unwrap().is_empty());
        std::fs::create_dir_all(paths.adr_dir()).unwrap();
        std::fs::create_dir_all(paths.context_dir()).unwrap();
        std::fs::write(paths.task_md(), "# Task\n").unwrap();
        std::fs::write(paths.adr_dir().join("adr-001-魔法.md"), "# ADR-001: 魔法\n").unwrap();
        std::fs::write(paths.adr_dir().join("notes.md"), "x").unwrap();
        std::fs::write(paths.context(1), "ctx").unwrap();
        let uris: Vec<_> = list(&paths).unwrap().into_iter().map(|r| r.uri).collect();
        assert_eq!(
            uris,
            [
                TASKS_URI,
                "file://.todo/adr/adr-001-魔法.md",
                "file://.todo/context/T001.md"
            ]
        );
        assert_eq!(read(&paths, TASKS_URI).unwrap(), "# Task\n");
        assert_eq!(read(&paths, "file://.todo/context/T001.md").unwrap(), "ctx");
        assert_eq!(
            read(&paths, "file://.todo/adr/adr-001-魔法").unwrap(),
            "# ADR-001: 魔法\n"
        );
        assert_eq!(
            read(&paths, "file://.todo/adr/adr-001-%E9%AD%94%E6%B3%95.md").unwrap(),
            "# ADR-001: 魔法\n"
        );
        for bad in [
            INDEX_URI,
            "file://.todo/context/T002.md",
            "file://.todo/context/../task.md",
            "file://.todo/adr/notes.md",
            "file://.todo/adr/../../etc/passwd",
            "file:///etc/passwd",
            "https://example.com",
            "file://.todo/%ZZ",
        ] {
            assert_eq!(
                read(&paths, bad).unwrap_err().code,
                Code::FileNotFound,
                "{bad}"
            );
        }
        assert_eq!(templates().len(), 2);
    }
}
