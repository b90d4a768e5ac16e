//! FileRef: a file named relative to the project root, with its sha256 and size (SPEC §5).

use crate::analysis::sha256_hex;
use crate::error::{Code, Error, Result};
use serde::{Deserialize, Serialize};
use std::path::{Component, Path};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct FileRef {
    /// Relative to the project root, `/`-separated, never containing `..`.
    pub path: String,
    /// 64 lower-case hex.
    pub sha256: String,
    pub size_bytes: u64,
    pub content_type: String,
    /// What the file is to the command (`manuscript`, `config`, `stdout`, `result` …).
    pub role: String,
}

/// Content type by extension.
pub(crate) fn content_type_of(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("md") => "text/markdown",
        Some("yaml") | Some("yml") => "text/yaml",
        Some("json") => "application/json",
        _ => "text/plain",
    }
}

/// `path` relative to `root` as a `/`-separated string; an error when it is outside.
pub(crate) fn relative_to(root: &Path, path: &Path) -> Result<String> {
    let rel = path.strip_prefix(root).map_err(|_| {
        Error::new(
            Code::U004,
            format!("{} はプロジェクトの外にあります", path.display()),
        )
        .hint("プロジェクトルート配下のファイルを指定してください。")
    })?;
    let mut parts = Vec::new();
    for c in rel.components() {
        match c {
            Component::Normal(s) => parts.push(s.to_string_lossy().into_owned()),
            Component::CurDir => {}
            _ => {
                return Err(Error::new(
                    Code::U004,
                    format!("{} は相対パスとして不正です", path.display()),
                ))
            }
        }
    }
    Ok(parts.join("/"))
}

/// `path` as shown to the user: relative to `root` (`/`-separated) when it lies inside,
/// else as given.
pub(crate) fn shown_path(root: &Path, path: &Path) -> String {
    relative_to(root, path).unwrap_or_else(|_| path.display().to_string())
}

impl FileRef {
    /// A reference to in-memory `bytes` stored (or to be stored) at `path` under `root`.
    /// Files outside the root (e.g. a manuscript checked from elsewhere) keep their path
    /// as given.
    pub(crate) fn from_bytes(root: &Path, path: &Path, bytes: &[u8], role: &str) -> FileRef {
        let shown = shown_path(root, path);
        FileRef {
            path: shown,
            sha256: sha256_hex(bytes),
            size_bytes: bytes.len() as u64,
            content_type: content_type_of(path).to_string(),
            role: role.to_string(),
        }
    }

    /// Reads `path` and references it.
    pub(crate) fn from_path(root: &Path, path: &Path, role: &str) -> Result<FileRef> {
        let bytes = super::text::read_bytes(path)?;
        Ok(FileRef::from_bytes(root, path, &bytes, role))
    }
}
